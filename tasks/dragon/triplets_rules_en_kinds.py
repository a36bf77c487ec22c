"""Triplet extraction, rules engine, English: a thing an article introduced by a described common noun, and
"the N" that later points back at it.

"The Royal Hobart Hospital has opened a new cardiac unit ... The unit cost $31 million": graph nodes are
joined by text across articles, so "the unit" alone is never a node; but the article said which unit,
"cardiac unit" of the hospital that opened it. Here:

- ``learn_kinds``: a singular common noun with a description of its own (a compound or an adjective
  that is no mere "new"), said to be of, at or in a named body ("the maternity ward at Calder General")
  or made, opened or bought by a named body as a main clause's object ("Calder General opened a new
  maternity ward"), is recorded under its head noun as "maternity ward at Calder General" /
  "maternity ward of Calder General";
- ``kind_antecedent``: "the N" (definite, singular, nothing but adjectives before it) points back at
  that phrase when the article introduced exactly one such N and gave no name an N descriptor; with two
  candidates ("a cardiac unit" and "a renal unit") it binds to nothing.
"""
from __future__ import annotations

from tasks.dragon.triplets_rules_en_lexicon import _ORG, _PER, _verb_lemma

#: adjectives that tell when, not which: "a new cardiac unit" is the cardiac unit
_NOT_DESCRIPTIVE = frozenset({
    "new", "latest", "first", "second", "third", "existing", "current", "former", "proposed", "planned", "future",
    "old", "big", "bigger", "large", "larger", "small", "smaller", "major", "further", "another", "same", "other",
})
#: verbs whose named subject owns the described thing it made, opened or bought
_OWNING_VERBS = frozenset({
    "open", "build", "launch", "unveil", "create", "establish", "set", "buy", "acquire", "order", "commission",
    "add", "install", "complete", "finish", "inaugurate",
})
_PREPS = ("of", "at", "in")


def _description(noun) -> str | None:
    """ "cardiac unit" of "a new cardiac unit": the compounds and adjectives before the noun that tell which,
    written as in the text; None when nothing but a general adjective describes it."""
    doc = noun.doc
    mods = [t for t in noun.lefts if t.dep_ in ("amod", "compound") and t.lower_ not in _NOT_DESCRIPTIVE
            and not t.like_num and t.pos_ in ("ADJ", "NOUN", "PROPN")]
    if not mods:
        return None
    first = min(t.left_edge.i for t in mods)
    words = doc[first : noun.i + 1]
    if any(t.lower_ in _NOT_DESCRIPTIVE or t.like_num or t.dep_ in ("det", "poss", "punct", "case") for t in words):
        return None  # "the hospital's 24-bed unit": a number or an owner inside; too loose to repeat
    return words.text


def learn_kinds(sent, helper) -> None:
    """Record the described things of a sentence under their head nouns (see the module's docstring)."""
    discourse = helper.discourse
    for noun in sent:
        if noun.pos_ != "NOUN" or noun.tag_ != "NN" or noun.i in helper.ent_of:
            continue
        described = _description(noun)
        if described is None:
            continue
        owner = None
        prep_word = None
        for prep in noun.rights:
            if prep.dep_ == "prep" and prep.lower_ in _PREPS:
                pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
                named = helper.phrase(pobj) if pobj is not None and (pobj.pos_ == "PROPN" or pobj.i in helper.ent_of) \
                    else None
                if named is not None and named[1] != _PER and named[0] not in discourse.people:
                    owner, prep_word = named, prep.lower_
                break
        if owner is None and noun.dep_ == "dobj" and _verb_lemma(noun.head) in _OWNING_VERBS:
            subject = next((c for c in noun.head.children if c.dep_ == "nsubj"), None)
            named = helper.phrase(subject, as_subject=True) if subject is not None and (
                subject.pos_ == "PROPN" or subject.i in helper.ent_of) else None
            if named is not None and (named[1] == _ORG or named[0] in discourse.orgs) \
                    and named[0] not in discourse.people:
                owner, prep_word = named, "of"
        if owner is None:
            continue
        phrase = f"{described} {prep_word} {owner[0]}"
        kinds = discourse.kinds.setdefault(noun.lemma_.lower(), [])
        if not any(k == phrase or k.split(f" {prep_word} ")[0] == described for k in kinds):
            kinds.append(phrase)


def kind_antecedent(head, discourse) -> tuple[str, None] | None:
    """What "the N" points back at: the one described N of the article (see the module's docstring)."""
    lemma = head.lemma_.lower()
    kinds = discourse.kinds.get(lemma, [])
    if len(kinds) != 1 or lemma in discourse.descriptors:
        return None
    return kinds[0], None
