"""Triplet extraction, rules engine, English: whom "he"/"she" in a clause put after its main clause is.

``main_clause_person``: "Mayor X stayed out of the vote because he is a trustee", "X did not dress, and he will
miss two games": the person the main clause names as its subject. Where that clause names another person too
("Ann Lee fired Tom Ayre, and he sued her") or reports what someone said ("X said Y was fired, and she ..."),
the pronoun may be either: ``AMBIGUOUS``, and the caller gives the clause no doer rather than guess one.
"""
from __future__ import annotations

from benchmill import nlp

from tasks.dragon.triplets_rules_en_lexicon import _PER
from tasks.dragon.triplets_rules_en_modality import _EN_REPORTING

#: the main clause names more than one person, or is reported speech: "he"/"she" may be any of them
AMBIGUOUS = ("", None)


def main_clause_person(helper, pronoun) -> tuple[str, str | None] | None:
    """The person (name, PERSON) the main clause of ``pronoun``'s clause names as its subject (or, in the
    passive, its "by" agent: "The losses were found by the treasurer, Y, when she checked the books");
    ``AMBIGUOUS`` when, after "and", that clause names a second person or reports speech; None when it
    names no person before the pronoun. ``helper`` is the sentence's ``_EnSentence``."""
    verb = pronoun.head
    while verb.dep_ == "conj" and verb.head.i != verb.i:
        verb = verb.head
    conjoined = verb.i != pronoun.head.i and not (verb.dep_ == "advcl" and verb.head.i < verb.i)
    if conjoined:
        main = verb  # "X did not dress, and he is expected to miss two games": conjoined to a person's clause
    elif verb.dep_ != "advcl" or verb.head.i > verb.i:
        return None
    else:
        main = verb.head
    candidates = [c for c in main.children if c.dep_ in ("nsubj", "nsubjpass")]
    for agent in (c for c in main.children if c.dep_ == "agent"):
        named = [c for c in agent.children if c.dep_ == "pobj"]
        while named:  # "by the club's new treasurer, the retired banker X": the name in apposition
            candidates += named
            named = [a for n in named for a in n.children if a.dep_ == "appos"]
    for noun in candidates:
        if noun.i > pronoun.i or not (noun.pos_ == "PROPN" or noun.i in helper.ent_of):
            continue
        named = helper.phrase(noun, as_subject=True)
        if named is not None and named[0] not in helper.discourse.orgs and (
                named[1] == _PER or named[0] in helper.discourse.people):
            # a clause put after its main clause ("X was sentenced by Judge Y after she admitted ...") keeps the
            # subject: only a clause after "and" is open to the other person of the first
            if conjoined and (_reports_speech(main) or _other_people(helper, main, pronoun, noun)):
                return AMBIGUOUS
            helper.discourse.people.add(named[0])
            return named[0], _PER
    return None


def _reports_speech(main) -> bool:
    """ "X said Y was fired": the main clause's subject is a speaker, its clause another's deed."""
    return main.lemma_.lower() in _EN_REPORTING and any(c.dep_ == "ccomp" for c in main.children)


def _other_people(helper, main, pronoun, subject) -> bool:
    """Whether the main clause names a person other than ``subject`` before ``pronoun`` ("fired Tom Ayre")."""
    own = next((a for a in [pronoun, *pronoun.ancestors] if a.head.i == main.i and a.i != main.i), pronoun)
    skip = {t.i for t in own.subtree}
    mine = helper.ent_of.get(subject.i)
    for token in main.subtree:
        if token.i >= pronoun.i or token.i in skip:
            continue
        ent = helper.ent_of.get(token.i)
        if ent is not None and ent is not mine and subject.i not in range(ent.start, ent.end) and (
                nlp.spacy_label(ent.label_) == _PER or ent.text in helper.discourse.people):
            return True
    return False
