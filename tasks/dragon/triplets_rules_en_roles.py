"""Triplet extraction, rules engine, English: roles, copulas and appositions.

"X is the CEO of Y", "X, the CEO of Y,", "X was appointed chief executive of Y", "appointed X as head of
sales at Y", "X, Y's director", "Its director, X," -> (X, CEO of, Y); "X is responsible for Y"; whoever
holds a person's role is a person affiliated with the organisation (recorded in the discourse).
"""
from __future__ import annotations

from collections.abc import Iterator

from tasks.dragon.triplets_base import _Emitter, _Fact, _join
from tasks.dragon.triplets_rules_en_lexicon import (
    _EN_COPULA_NOUN_PREPS, _EN_GENERIC_NOUNS, EN_PERSON_NOUNS, _EN_PERSON_ROLES, _EN_PERSONAL_TIES, _EN_SUBJ, _ORG, _PER, _is_org_noun,
    _noun_form,
)
from tasks.dragon.triplets_rules_en_names import _named_before_role
from tasks.dragon.triplets_rules_en_phrases import _EnSentence


def _appointed_as_facts_en(children, objects, subject_phrases, sentence: str, helper: _EnSentence,
                           modality: str) -> Iterator[_Fact]:
    """ "Halden Bank has appointed Mira Lund as chief executive" → (Mira Lund, chief executive of,
    Halden Bank): a person named "as" a role of the organisation that names her."""
    role = next((p for c in children if c.dep_ == "prep" and c.lower_ == "as" for p in c.children
                 if p.dep_ == "pobj" and p.pos_ == "NOUN" and p.lemma_.lower() in _EN_PERSON_ROLES), None)
    if role is None:
        return
    holders = [(p[0], _PER) for p in (helper.phrase(o) for o in objects) if p is not None and p[1] in (_PER, None)
               and p[0] not in helper.discourse.orgs]
    if not holders:
        return
    emit = _Emitter(sentence, modality, "")
    if any(c.dep_ == "prep" and c.lower_ in _EN_COPULA_NOUN_PREPS for c in role.children):
        yield from _role_facts_en(role, holders, sentence, helper, emit)  # "as head of sales at X"
        return
    owners = [p for p in subject_phrases if p[1] == _ORG or p[0] in helper.discourse.orgs]
    for holder in holders:
        for owner in owners:
            helper.discourse.affiliate(holder, owner)
            yield emit(holder, _join(_role_text(role), "of"), (owner[0], _ORG))


def _named_prep_objects(noun, helper: _EnSentence) -> list[tuple[str, str | None]]:
    """Names in the prepositional phrases of a common noun: "the board of Lumen Energy" -> Lumen Energy."""
    found = []
    for prep in noun.children:
        if prep.dep_ == "prep":
            for pobj in prep.children:
                if pobj.dep_ == "pobj" and not helper.is_time(pobj):
                    found += [p for p in (helper.phrase(c) for c in _EnSentence.with_conjuncts(pobj)) if p is not None]
    return found


def _copular_facts_en(verb, children, subjects, sentence: str, helper: _EnSentence, emit=None) -> Iterator[_Fact]:
    """"X is the CEO of Y" → (X, CEO of, Y); "X is Y" (Y named) → (X, be, Y); "X is based in Y"."""
    subject_phrases = [p for p in (helper.phrase(s, as_subject=True) for s, _ in subjects) if p is not None]
    if not subject_phrases:
        return
    for child in children:
        if child.dep_ == "attr":
            for attribute in _EnSentence.with_conjuncts(child):
                yield from _role_facts_en(attribute, subject_phrases, sentence, helper, emit)
        elif child.dep_ == "acomp":
            # "X is responsible for Y"
            for prep in child.children:
                if prep.dep_ != "prep":
                    continue
                for pobj in prep.children:
                    if pobj.dep_ == "pobj":
                        object_phrase = helper.phrase(pobj)
                        if object_phrase is None and pobj.pos_ == "NOUN" and prep.i == child.i + 1 \
                                and not helper.is_time(pobj) and pobj.lower_ not in _EN_GENERIC_NOUNS:
                            # "Tunks will be eligible for parole": a named subject's state of a thing
                            object_phrase = helper.phrase(pobj, common=True)
                        if object_phrase is not None:
                            relation = _join("be", child.lower_, prep.lower_)
                            for subject_phrase in subject_phrases:
                                yield emit(subject_phrase, relation, object_phrase)
        elif child.dep_ == "prep":
            # "X is in Y" is rarely a fact worth a question; "X is at Y" neither: skipped
            continue


def _role_facts_en(noun, subject_phrases, sentence: str, helper: _EnSentence, emit=None) -> Iterator[_Fact]:
    """A role noun with a prepositional entity ("CEO of Y") links each subject to Y."""
    emit = emit or _Emitter(sentence, "asserted", "")
    produced = False
    # "the largest utility in western Norway": with a superlative, "in" names the field of the role
    superlative = any(t.tag_ == "JJS" for t in noun.lefts)
    # "the former head of energy at Leeds City Council": the field is part of the role held at the body
    field = next((p for c in noun.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                  if p.dep_ == "pobj" and p.pos_ == "NOUN" and p.i not in helper.ent_of and helper.phrase(p) is None), None)
    for prep in noun.children:
        if prep.dep_ != "prep" or (prep.lower_ not in _EN_COPULA_NOUN_PREPS and not (superlative and prep.lower_ == "in")):
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj":
                continue
            role = _join(_role_text(noun), prep.lower_)
            if field is not None and prep.lower_ != "of" and field.i < prep.i:
                role = _join(_role_text(noun), "of", _EnSentence.plain_text(field, det=False), prep.lower_)
            targets = [(c, role) for c in _EnSentence.with_conjuncts(pobj)]
            if helper.phrase(pobj) is None and prep.lower_ == "of":
                # "head of sales at Ferrox Steel": the organisation hangs off the department
                targets += [(inner, _join(role, pobj.text, prep2.lower_))
                            for prep2 in pobj.children if prep2.dep_ == "prep" and prep2.lower_ in _EN_COPULA_NOUN_PREPS
                            for inner in prep2.children if inner.dep_ == "pobj"]
            for conjunct, relation in targets:
                object_phrase = helper.phrase(conjunct)
                if object_phrase is None and conjunct.pos_ == "NOUN" and conjunct.i not in helper.ent_of \
                        and _is_org_noun(conjunct.lemma_.lower()) and noun.lemma_.lower() in _EN_PERSON_ROLES \
                        and sum(t.dep_ in ("amod", "compound", "nmod", "poss") for t in conjunct.lefts) >= 2:
                    # "the chair of the planning standing committee": a body told apart by what it is for
                    object_phrase = helper.phrase(conjunct, common=True)
                if object_phrase is None:
                    continue
                for subject_phrase in subject_phrases:
                    produced = True
                    if noun.lemma_.lower() in _EN_PERSON_ROLES and subject_phrase[1] in (_PER, _ORG, None, "MISC") \
                            and subject_phrase[0] not in helper.discourse.orgs and object_phrase[1] != _PER:
                        # "Clarice Moreau was appointed chief executive of Lumen Foods": whoever holds the
                        # role is a person (the small model may say ORG) and works for the organisation
                        subject_phrase = (subject_phrase[0], _PER)
                        helper.discourse.affiliate(subject_phrase, object_phrase)
                        object_phrase = (object_phrase[0], _ORG)
                    yield emit(subject_phrase, relation, object_phrase)
    if not produced:
        # "Dean Hart, the former Harlow Town coach": the body whose role it is, named before the role noun
        yield from _named_before_role(noun, subject_phrases, helper, emit)
        produced = any(t.dep_ == "compound" and t.pos_ == "PROPN" and t.i + 1 == noun.i for t in noun.lefts)
    # "Its director, Helena Vos, wants ...": "its" only for a role that opens its sentence as subject
    opening = noun.dep_ in _EN_SUBJ and noun.left_edge.i == noun.sent.start
    owner = next((t for t in noun.lefts if t.dep_ == "poss" and (t.pos_ != "PRON" or t.lower_ == "its" and opening)), None)
    if not produced and _is_tie(noun):
        # "Pryce's lawyer, Sian Hollis,", "His solicitor, X,": a tie to a person, whose owner is that person
        for fact in _tie_facts_en(noun, subject_phrases, helper, emit, opening):
            produced = True
            yield fact
        owner = None  # never an organisation's role
    if not produced and owner is not None and noun.i not in helper.ent_of:
        # "Dr Owen Pritchard, the museum's director" → (Owen Pritchard, director of, Tarnside Museum);
        # "Annika Sommer, Veltrane's head of cardiovascular research" → (..., head of cardiovascular research at, Veltrane);
        # "Its director, Helena Vos," → the thing "it" would point back at
        owner_phrase = helper.resolve_its(owner) if owner.lower_ == "its" else helper.phrase(owner)
        if owner_phrase is None and owner.pos_ == "NOUN" and owner.i not in helper.ent_of \
                and any(t.dep_ == "det" and t.lower_ == "the" for t in owner.lefts) and (
                    _is_org_noun(owner.lemma_.lower()) or _owner_as_written(owner, noun, helper)):
            # "The airport's managing director, X," where the article never named the airport: the body as
            # written; so "the mine's general manager", "the creamery's former finance director"
            owner_phrase = helper.phrase(owner, common=True)
        if owner.lower_ == "its" and owner_phrase is not None and owner_phrase[1] != _ORG \
                and owner_phrase[0] not in helper.discourse.orgs \
                and (owner_phrase[0] in helper.discourse.things or helper.discourse.is_person(owner_phrase)
                     or not owner_phrase[0][:1].isupper()) \
                and not _is_org_noun(_noun_form(owner_phrase[0].split()[-1]) or ""):
            # "Its managing director, X": only an organisation has one; not the thing "it" was last ("the work"),
            # and no guess at another one (the last organisation named may be the wrong one): dropped
            owner_phrase = None
        # "Tomasz Rydel, Vistula Mobile's chief executive": whoever holds a role (not "Portugal's largest
        # operator", an organisation noun) is a person, whatever the small NER model says
        people = [(p[0], _PER) for p in subject_phrases if p[1] in (_PER, _ORG, None, "MISC")
                  and p[0] not in helper.discourse.orgs] if not _is_org_noun(noun.lemma_.lower()) else []
        # the owner of a person's role is an organisation, whatever the small NER model says ("Aurora's")
        if owner_phrase is not None and owner_phrase[0] not in helper.discourse.people and people \
                and owner_phrase[0] not in (p[0] for p in people):
            role = _role_text(noun)
            field = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ in ("of", "for")), None)
            field_noun = next((c for c in field.children if c.dep_ == "pobj"), None) if field is not None else None
            if field_noun is not None and field_noun.pos_ == "NOUN":
                # "head of cardiovascular research at", "clinical lead for cardiology at"
                role = _join(role, field.lower_, _EnSentence.plain_text(field_noun, det=False))
            relation = _join(role, "at" if field_noun is not None else "of")
            for subject_phrase in people:
                produced = True
                helper.discourse.affiliate(subject_phrase, owner_phrase)
                yield emit(subject_phrase, relation, (owner_phrase[0], helper.discourse.label(*owner_phrase)))
    if not produced:
        object_phrase = helper.phrase(noun)
        if object_phrase is not None and object_phrase[1] is not None:
            for subject_phrase in subject_phrases:
                if subject_phrase[0] != object_phrase[0]:  # "the couple Anna and Rhys Morgan": the name is no fact
                    yield emit(subject_phrase, "be", object_phrase)


def _owner_as_written(owner, role, helper: _EnSentence) -> bool:
    """ "the mine's general manager", "the city's director of engineering": the owner of a role only a person
    holds, a singular common noun the article never named, stands as written (a place or a body: what else
    has a general manager); not a word that only points back ("the company's", dropped unresolved), a time
    ("the season's"), a plural ("the players' coach"), a role-holder or a person ("the chairman's deputy", "the boy's director")."""
    lemma = owner.lemma_.lower()
    return role.lemma_.lower() in _EN_PERSON_ROLES and owner.tag_ == "NN" and owner.is_alpha \
        and not {lemma, owner.lower_} & (_EN_GENERIC_NOUNS | _EN_PERSON_ROLES | _EN_PERSONAL_TIES | EN_PERSON_NOUNS) \
        and not helper.is_time(owner)


def _is_tie(noun) -> bool:
    return noun.pos_ == "NOUN" and (noun.lemma_.lower() in _EN_PERSONAL_TIES or noun.lower_ in _EN_PERSONAL_TIES)


def _tie_facts_en(noun, subject_phrases, helper: _EnSentence, emit, opening: bool) -> Iterator[_Fact]:
    """(holder, "lawyer of" / "sister of", owner) for a tie whose owner is a person: "Pryce's lawyer" (the
    possessive), "His solicitor" opening its sentence (the person the article spoke of last)."""
    owner = next((t for t in noun.lefts if t.dep_ == "poss"), None)
    if owner is None:
        return
    if owner.pos_ == "PRON":
        if not (opening and owner.lower_ in ("his", "her")):
            return
        owner_phrase = helper.discourse.person
    else:
        owner_phrase = helper.phrase(owner)
        holders = {h[0] for h in subject_phrases}
        # "Owusu's sister, the actor Ama Owusu,": the surname both share (the small model may take it for a
        # place) is the other Owusu's, the one person of that surname the article named before
        others = {n for n, label in helper.discourse.names if n not in holders and len(n.split()) > 1
                  and n.split()[-1] == owner.text and (label == _PER or n in helper.discourse.people)}
        if owner.pos_ == "PROPN" and not any(t.dep_ == "compound" for t in owner.lefts) and len(others) == 1:
            owner_phrase = (others.pop(), _PER)
    if owner_phrase is None or owner_phrase[0] in helper.discourse.orgs or not (
            owner_phrase[1] == _PER or owner_phrase[0] in helper.discourse.people):
        return
    relation = _join(_role_text(noun), "of")
    for holder in subject_phrases:
        if holder[0] == owner_phrase[0] or holder[0] in helper.discourse.orgs or holder[1] not in (_PER, None):
            continue
        helper.discourse.people.add(holder[0])
        yield emit((holder[0], _PER), relation, (owner_phrase[0], _PER))


def _role_text(noun) -> str:
    """"the chief executive officer" → "chief executive officer" (modifiers kept, determiner dropped);
    "network general manager": a noun modifier is part of the role."""
    left, stack = [], [t for t in noun.lefts if t.dep_ in ("amod", "compound", "nmod")]
    while stack:  # "network operations manager": a modifier's own modifiers too
        token = stack.pop()
        left.append(token)
        stack += [t for t in token.lefts if t.dep_ in ("amod", "compound", "nmod")]
    return " ".join([t.text for t in sorted(left, key=lambda t: t.i)] + [noun.text])


def _appositive_facts_en(appos, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    """"Anna Berg, the CEO of Harbour Logistics," → (Anna Berg, CEO of, Harbour Logistics)."""
    anchor = helper.phrase(appos.head, as_subject=True)
    role = appos.head
    if anchor is None and appos.pos_ == "NOUN" and appos.i not in helper.ent_of and role.pos_ == "NOUN":
        # "Owusu's sister, the actor Ama Owusu,": the name in apposition to the description in apposition
        named = next((a for a in appos.children if a.dep_ == "appos" and a.pos_ == "PROPN"), None)
        appos = named if named is not None else appos
    if anchor is None and role.pos_ == "NOUN" and (role.lemma_.lower() in _EN_PERSON_ROLES or _is_tie(role) or (
            # "The distillery's head distiller, Cara Moyles,": whatever a person named so is to its owner
            any(t.dep_ == "poss" for t in role.lefts) and helper.ent_of.get(appos.i) is not None
            and helper.ent_of[appos.i].label_ == "PERSON")) \
            and (appos.pos_ == "PROPN" or appos.i in helper.ent_of):
        # "Its director, Helena Vos, wants ...": the role comes first, the name in apposition
        named = helper.phrase(appos, as_subject=True)
        if named is not None:
            yield from _role_facts_en(role, [named], sentence, helper)
        return
    if anchor is None or appos.i in helper.ent_of:
        return  # "X, Y," with Y itself a named entity: an alias, not a relation
    yield from _role_facts_en(appos, [anchor], sentence, helper)
