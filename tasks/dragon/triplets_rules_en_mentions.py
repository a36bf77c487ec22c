"""Triplet extraction, rules engine, English: what each sentence tells the discourse.

``_learn_names`` (before a sentence's facts): the names it gives, the nouns it calls them by, the people
and organisations its appositions and titles show. ``_after_sentence`` (after them): the person, the
organisation and the "it" it last named as a subject, for what later sentences point back at.
"""
from __future__ import annotations

from tasks.dragon.triplets_rules_en_discourse import _Discourse
from tasks.dragon.triplets_rules_en_lexicon import (
    _EN_OBJ, _EN_PART_NOUNS, EN_PERSON_NOUNS, _EN_PERSON_ROLES, _EN_RELATIVE, _EN_SPEECH, _EN_SUBJ, _EN_TITLE_WORDS,
    _EN_VALUE_LABELS, _ORG, _PER, _is_org_noun, _noun_form, firm_name, public_body_name,
)
from tasks.dragon.triplets_rules_en_names import _EN_SCORE, _person_or_group, _possessive_name_part
from tasks.dragon.triplets_rules_en_phrases import _EnSentence, _known_as, _subordinate
from tasks.dragon.triplets_rules_en_roles import _appositive_facts_en


def _learn_names(sent, helper: _EnSentence) -> None:
    """Before a sentence's facts: the names it gives, what it calls them, and the roles its
    appositives give ("“We will not ...,” said X, head of sales at Y": "we" is Y)."""
    discourse = helper.discourse
    ent_of = helper.ent_of
    for ent in sent.ents:
        if ent.label_ in _EN_VALUE_LABELS:
            continue
        named = helper.phrase(ent.root)
        if named is None:
            continue
        discourse.add_name(*named)
        words = named[0].split(" of ")[0].split()
        if len(words) > 1 and named[1] != _PER and words[-1][:1].isupper():
            last = _noun_form(words[-1])
            if last is not None:
                discourse.descriptors[last] = (named[0], discourse.label(*named))  # "Tarnside Museum" → "the museum"
    for ent in sent.ents:
        if ent.label_ in ("PERSON", "ORG") and ent.root.i == ent.end - 1:
            _person_or_group(ent, helper)
    for token in sent:
        # "beat Calder Town 3–1": a name of capitalised words the small model left out of its entities is a
        # name all the same, for "Calder" later
        if token.pos_ == "PROPN" and token.i not in ent_of and (
                token.dep_ in _EN_SUBJ | _EN_OBJ | {"pobj"} or token.dep_ == "compound" and _EN_SCORE.match(token.head.text)) \
                and (any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in token.children)
                     or _possessive_name_part(token) is not None):
            named = helper.phrase(token)
            words = named[0].split() if named is not None else []
            if len(words) > 1 and all(w[:1].isupper() or w in ("of", "the", "and", "&") for w in words):
                discourse.add_name(*named)
                last = _noun_form(words[-1]) if named[1] != _PER else None
                if last is not None and last not in _EN_TITLE_WORDS and last not in _EN_PART_NOUNS:
                    discourse.descriptors.setdefault(last, named)  # "St Aidan's Hospital" → "the hospital"
    for token in sent:
        if token.dep_ == "appos":
            head = token.head
            if token.pos_ == "NOUN" and token.i not in ent_of:
                # "Oakcrumb, the Penrith bakery chain": the chain is Oakcrumb
                named = helper.phrase(head, as_subject=True) if (head.pos_ == "PROPN" or head.i in ent_of) \
                    and _next_to(token, head) else None
                if named is not None:
                    _describe(discourse, token, named)
            elif head.pos_ == "NOUN" and head.i not in ent_of and (token.pos_ == "PROPN" or token.i in ent_of):
                # "the cable group Orlan Media", "the regulator, the Frequency and Networks Authority"
                named = helper.phrase(token, as_subject=True)
                if named is not None:
                    _describe(discourse, head, named)
        elif token.dep_ == "compound" and token.pos_ == "NOUN" and token.head.pos_ == "PROPN" \
                and token.i not in ent_of and token.head.i in ent_of:
            # "Swiss drugmaker Veltrane", "the broadcaster Vale TV"
            named = helper.phrase(token.head, as_subject=True)
            if named is not None and not any(t.dep_ == "compound" and t.pos_ == "NOUN" and t.i > token.i
                                             for t in token.head.lefts):
                _describe(discourse, token, named)
        elif token.pos_ == "NOUN" and token.i not in ent_of and token.tag_ == "NN" \
                and any(t.dep_ == "compound" and t.pos_ == "PROPN" for t in token.lefts) \
                and any(t.dep_ == "det" and t.lower_ == "the" for t in token.lefts) and token.dep_ != "compound":
            # "the Riga Masters chess tournament" → "the tournament"
            named = helper.common_phrase(token)
            if named is not None and named[0] != token.text:
                discourse.descriptors.setdefault(token.lemma_.lower(), named)
    for token in sent:
        known = _known_as(token) if token.pos_ == "NOUN" and token.i not in ent_of else None
        named = helper.phrase(known, as_subject=True) if known is not None else None
        if named is not None:
            _describe(discourse, token, named)  # "The house, known as Thornhaven": "the house" later is Thornhaven
    for token in sent:
        if token.dep_ == "appos":
            for _ in _appositive_facts_en(token, sent.text, helper):
                pass  # only what it teaches the discourse (affiliations); the facts come in order
    for ent in sent.ents:
        # "Chief executive Lars Moe said ...": a title with no organisation is one of the firm the article is about
        if ent.label_ == "PERSON" and _titled_person(ent, helper):
            named = helper.phrase(ent.root, as_subject=True)
            if named is not None and named[0] not in discourse.orgs:
                discourse.titled.add(named[0])
                discourse.people.add(named[0])


def _next_to(appos, head) -> bool:
    """The appositive ``appos`` follows its ``head``'s own phrase with nothing but a comma between ("Oakcrumb of
    Penrith, the bakery chain"), not a clause the parser hung it across ("X will open a retrospective ... on 3 May,
    the first major show of her work": the show is the retrospective, never X)."""
    start = appos.left_edge.i
    if start <= head.i:
        return False
    own = {t.i for t in head.subtree} - {t.i for t in appos.subtree}
    between = [t for t in appos.doc[head.i + 1 : start] if not t.is_punct]
    return all(t.i in own and t.pos_ not in ("VERB", "AUX") for t in between)


def _titled_person(ent, helper: _EnSentence) -> bool:
    """ "Chief executive Lars Moe", "Managing director Callum Reid": a person-role title right before the
    name and no organisation's possessive with it."""
    root = ent.root
    doc = root.doc
    before = [t for t in root.lefts if t.dep_ == "compound" and t.i < ent.start]
    inside = [t for t in ent if t.i < root.i and t.lower_ in _EN_TITLE_WORDS]
    title = before[-1] if before else (inside[-1] if inside else None)
    if title is None or title.lower_ not in _EN_PERSON_ROLES:
        return False
    return not any(t.dep_ == "poss" for t in doc[title.left_edge.i : root.i + 1])


def _describe(discourse: _Discourse, noun, named: tuple[str, str | None]) -> None:
    lemma = noun.lemma_.lower()
    if noun.tag_ != "NN":
        return
    if _is_org_noun(lemma):
        discourse.add_org(named[0])
        named = (named[0], _ORG)
    elif lemma in _EN_TITLE_WORDS | EN_PERSON_NOUNS and named[0] not in discourse.orgs:
        # "the prop Sione Kauhalu", "Harlow's goalkeeper, Ben Tait": a noun only people are called makes a person
        discourse.people.add(named[0])
        if len(named[0].split()) > 1:
            discourse.persons.setdefault(named[0].split()[-1].lower(), (named[0], _PER))
        named = (named[0], _PER)
    elif lemma not in _EN_TITLE_WORDS and named[0] not in discourse.orgs:
        discourse.things.add(named[0])  # "Corvalimab, an experimental heart failure drug"
    discourse.descriptors[lemma] = named


def _firms_named(sent, helper: _EnSentence) -> list[tuple[str, str | None]]:
    """The distinct organisations a sentence names that are firms by their name ("Pinecrest Lumber Works"), not
    public bodies or people, in order (a tag alone does not say it: "the Whitby boatbuilder" tags a town ORG)."""
    found: list[tuple[str, str | None]] = []
    for token in sent:
        if token.pos_ != "PROPN" or token.head.i != token.i and token.head.pos_ == "PROPN" and token.dep_ in (
                "compound", "amod", "flat"):
            continue  # the head word of a name only
        named = helper.phrase(token)
        if named is None or named[1] == _PER or named[0] in helper.discourse.people or public_body_name(named[0]):
            continue
        if firm_name(named[0]) and named[0] not in {n for n, _ in found}:
            found.append((named[0], _ORG))
    return found


def _after_sentence(sent, helper: _EnSentence) -> None:
    """After a sentence's facts: who and what it last named, for "he"/"she", "the company" and "it"."""
    discourse = helper.discourse
    people = [e for e in sent.ents if e.label_ in ("PERSON", "ORG") and any(t.dep_ in _EN_SUBJ | {"appos"} for t in e)]
    for e in people:
        named = helper.phrase(e.root, as_subject=True)
        if named is not None and named[1] == _PER and named[0] not in discourse.orgs:
            discourse.person = named
            break
    for token in sent:
        if token.dep_ in _EN_SUBJ and token.head.lemma_.lower() in _EN_SPEECH | {"add", "explain", "insist"} \
                and token.pos_ == "PROPN":
            named = helper.phrase(token, as_subject=True)
            if named is not None and named[1] == _PER:
                discourse.people.add(named[0])  # "Albuquerque said": a speaker named like a person is one
    it = org = loose = None
    for token in sent:
        if token.dep_ not in _EN_SUBJ or _subordinate(token) or token.head.dep_ in ("relcl", "acl"):
            continue
        if token.pos_ == "PROPN" and token.lower_ not in _EN_RELATIVE:
            named = helper.phrase(token, as_subject=True)
            if named is not None and named[0] not in discourse.people and named[1] in (None, _PER, _ORG, "MISC"):
                loose = named
        found = helper.it_candidate(token)
        if found is None:
            continue
        it = found
        if (found[1] == _ORG or found[0] in discourse.orgs) and (
                token.pos_ == "PROPN" or token.i in helper.ent_of or found[0] == token.text):
            org = found  # a name, not "the company" (which only points back at one)
    if it is not None:
        discourse.it = it
    if any(token.dep_ == "dobj" and token.tag_ == "NN" and token.i not in helper.ent_of
           and any(d.dep_ == "det" and d.lower_ in ("a", "an") for d in token.children)
           and token.head.dep_ in ("ROOT", "conj") and not _subordinate(token.head) for token in sent):
        # "The hospital opened a new cardiac unit ... It is run by X": "it" next may be the new thing as well
        # as the subject; which one the parse cannot tell, so a later "it" names nothing
        discourse.it = None
    if loose is not None:
        discourse.loose = loose
    firms = _firms_named(sent, helper) if org is None and discourse.org is None else []
    if firms and loose is not None and loose[1] != _ORG and loose[0] not in discourse.orgs and not firm_name(loose[0]):
        # "Kelby will gain 80 jobs after a deal with Pinecrest Lumber Works. The company bought the mill": a subject
        # whose name says no firm (a town) is no company; the firm the sentence names is, if it names only one
        # (two leave "the company" unresolved: its facts are dropped, not given to the town); only a word for a firm
        # reads it: "X Town agreed a deal with Y Holdings. The club will open a new stand": the club is X Town
        discourse.firms = firms
    elif org is None and discourse.org is None and (loose is None or loose[1] == _PER):
        # (not where the main clause's subject is a name that may be a firm: "X plans to reopen the sawmill east of
        # Ironwood. The company bought the mill ...": the company is X, not an organisation the sentence only
        # mentions; a person's name as subject leaves the organisation to the sentence: "Y, a bookkeeper with Z
        # club, was jailed ... The club's chairman" is Z's)
        orgs = [e for e in sent.ents if e.label_ == "ORG" and e[0].lower_ != "the"]
        org = helper.phrase(orgs[0].root) if orgs else None
        if org is not None and (org[1] == _PER or org[0] in discourse.people):
            org = None  # "Naulu will miss ...": a person the small model tagged ORG is no organisation
    if org is not None:
        discourse.org = org
    for named in (org, loose):
        if named is not None and named not in discourse.subjects:
            discourse.subjects.append(named)
