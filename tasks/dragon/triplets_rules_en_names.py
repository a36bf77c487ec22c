"""Triplet extraction, rules engine, English: names and the titles written before them.

Wire and local copy write a person's title before the name ("Larkspur Chief Executive Dana Ruiz",
"Norden CEO Ingrid Halvorsen-Brekke", "Trust chairwoman Sandra Pollard", "Chief Executive Raymond
Okonjo"); the small English model cuts names at hyphens ("Barrow" of Barrow-in-Furness) and may tag
a title and a name as one organisation. Here, before a sentence's facts are read:

- ``_join_hyphenated``: entities go on through words joined by hyphens with no space;
- ``_split_titled_names``: an entity with a title inside it is the organisation before the title
  and the person after it;
- ``_title_role_facts_en``: a title run right before a person is a role fact of the organisation
  before it (a name, a short name, a noun the article gave a name) or, for a firm's titles with no
  organisation, of the article's firm;
- where a name ends and what it names: a score glued to a team ("Calder Town 3–1"), a possessive
  that begins a name ("St Hild's Hospital"), "Fire and Rescue" as one name, a plural name as a team
  and an age after a name as a person, a body named before a role noun ("the former X coach").

The discourse and noun-phrase helpers are ``triplets_rules_en_phrases``' ``_EnSentence`` and
``triplets_rules_en_discourse``' ``_Discourse`` (passed in as ``helper``; this module imports neither).
"""
from __future__ import annotations

from collections.abc import Iterator
import re
from typing import TYPE_CHECKING

from tasks.dragon.triplets_base import _Emitter, _Fact, _join
from tasks.dragon.triplets_rules_en_lexicon import (
    EN_PERSON_NOUNS, _EN_PERSON_ROLES, _EN_TITLE_WORDS, _EN_VALUE_LABELS, _ORG, _PER, _is_org_noun, _noun_form,
)

if TYPE_CHECKING:  # for annotations only: the sentence helper is passed in, the modules import each other at no run time
    from tasks.dragon.triplets_rules_en_phrases import _EnSentence


def _join_hyphenated(doc) -> None:
    """ "Barrow-in-Furness", "Ingrid Halvorsen-Brekke": the small model ends the entity at the first
    hyphen ("Barrow", "Ingrid Halvorsen"); a name goes on through words joined by hyphens with no space."""
    from spacy.tokens import Span

    ents, changed = [], False
    taken: set[int] = set()
    for ent in doc.ents:
        start, end = ent.start, ent.end
        if end - start > 2 and doc[start].lower_ in _EN_FORMER and doc[start + 1].text in ("-", "–"):
            start += 2  # "Ex-Brenna" tagged as one name: the body is "Brenna", "Ex-" says its title is past
        while end + 1 < len(doc) and doc[end].text in ("-", "–") and not doc[end - 1].whitespace_ \
                and not doc[end].whitespace_ and doc[end + 1].is_alpha and not doc[end + 1].ent_type_ in ("DATE",):
            end += 2
        while start >= 2 and doc[start - 1].text in ("-", "–") and not doc[start - 2].whitespace_ \
                and not doc[start - 1].whitespace_ and doc[start - 2].is_alpha and doc[start - 2].text[:1].isupper() \
                and doc[start - 2].ent_type_ in ("", ent.label_) and doc[start - 2].lower_ not in _EN_FORMER:
            start -= 2
        if (start, end) != (ent.start, ent.end) and not taken & set(range(start, end)):
            changed = True
            ent = Span(doc, start, end, label=ent.label_)
        taken |= set(range(ent.start, ent.end))
        ents.append(ent)
    if changed:
        ents = sorted({(e.start, e.end): e for e in ents}.values(), key=lambda e: e.start)
        kept, last = [], -1
        for e in ents:
            if e.start >= last:
                kept.append(e)
                last = e.end
        doc.ents = kept


def _split_titled_names(doc) -> None:
    """ "Brightwater Chief Executive Marcus Feld" tagged as one organisation: an entity with a title inside
    it, followed by a name, is the organisation before the title and a person after it."""
    from spacy.tokens import Span

    out, changed = [], False
    for ent in doc.ents:
        cut = next((i for i in range(ent.start + 1, ent.end - 1) if doc[i].lower_ in _EN_TITLE_PARTS), None)
        if ent.label_ == "PERSON" and doc[ent.start].lower_ in _EN_TITLE_PARTS and doc[ent.start].pos_ == "PROPN":
            # "Arden Township Clerk Ann Pike": the model took the title into the person ("Clerk Ann Pike"); the
            # person is the name after it (two words at least, so "Mayor Pike" stays as the text wrote it)
            after = ent.start
            while after < ent.end and doc[after].lower_ in _EN_TITLE_PARTS and doc[after].pos_ == "PROPN":
                after += 1
            if doc[after - 1].lower_ in _EN_TITLE_HEADS and ent.end - after >= 2 and all(
                    t.pos_ == "PROPN" and t.text[:1].isupper() for t in doc[after:ent.end]):
                changed = True
                out.append(Span(doc, after, ent.end, label="PERSON"))
                continue
        if cut is None:
            out.append(ent)
            continue
        after = cut
        while after < ent.end and doc[after].lower_ in _EN_TITLE_PARTS:
            after += 1
        name = doc[after:ent.end]
        if doc[after - 1].lower_ not in _EN_TITLE_HEADS or not len(name) or not all(
                t.pos_ == "PROPN" and t.text[:1].isupper() or t.text in ("-", "–") for t in name):
            out.append(ent)
            continue
        changed = True
        owner = "ORG" if ent.label_ == "PERSON" else ent.label_  # "Quillon CFO Ravi Basu" tagged one person
        out += [Span(doc, ent.start, cut, label=owner), Span(doc, after, ent.end, label="PERSON")]
    if changed:
        doc.ents = out



#: the last word of a title written before a person's name ("Chief Executive", "CEO", "chairwoman")
_EN_TITLE_HEADS = frozenset({
    "executive", "ceo", "cfo", "coo", "cto", "president", "chairman", "chairwoman", "chairperson", "chair", "leader",
    "director", "founder", "co-founder", "manager", "secretary", "treasurer", "spokesperson", "spokesman",
    "spokeswoman", "head", "chief", "editor", "principal", "partner", "officer",
    # local government and courts: "Ishpeming Township Supervisor X", "Kent County Prosecutor X", "Harlow Mayor X"
    "mayor", "supervisor", "clerk", "sheriff", "prosecutor", "assessor", "auditor", "administrator", "commissioner",
    "superintendent",
})
#: words a title is made of: "Chief Executive", "Managing Director", "Vice President"
_EN_TITLE_PARTS = _EN_TITLE_HEADS | frozenset({"chief", "managing", "vice", "deputy", "general", "executive",
                                               "financial", "operating", "technology", "technical", "senior", "co"})
#: words that make one title with the title after them, naming no body: "Crown Prosecutor", "District Attorney"
_EN_TITLE_QUALIFIERS = frozenset({"crown", "state", "federal", "public", "district", "county", "city", "chief"})
#: words before a title that say its holder no longer holds it: "Former Chocolay Township Treasurer X"
_EN_FORMER = frozenset({"former", "ex", "then", "late", "onetime", "one-time", "erstwhile"})
#: words before a title that keep the role but are no part of the body's name: "Interim Arden Township Supervisor X"
_EN_TITLE_INTERIM = frozenset({"acting", "interim", "outgoing"})
#: titles of the people who run an organisation: with no organisation before them they are the article's firm's
_EN_FIRM_TITLES = frozenset({"chief executive", "ceo", "chief executive officer", "president", "chairman",
                             "chairwoman", "managing director", "founder", "co-founder", "chief financial officer", "cfo"})


def _title_role_facts_en(sent, helper) -> Iterator[_Fact]:
    """ "Larkspur Chief Executive Dana Ruiz", "Norden CEO Ingrid Halvorsen-Brekke", "Trust chairwoman Sandra
    Pollard", "Council leader Ann Treloar": a title written before a person's name, after the organisation
    (a name, or a noun the article calls a name by: "the trust"), is a role fact (Dana Ruiz, chief executive
    of, Larkspur Hotels). With no organisation ("Chief Executive Raymond Okonjo told analysts"), a title of
    those who run a firm is one of the firm the article is about."""
    doc = sent.doc
    discourse = helper.discourse
    for ent in sent.ents:
        if ent.label_ != "PERSON":
            continue
        # "Treasurer Linda Moss": the small model may take the title into the person's name
        start = ent.start
        while start < ent.end - 1 and doc[start].lower_ in _EN_TITLE_PARTS and doc[start].pos_ == "PROPN":
            start += 1
        i = start - 1
        title: list = []
        while i >= sent.start and doc[i].lower_ in _EN_TITLE_PARTS and doc[i].dep_ in ("compound", "amod", "nmod") \
                and (doc[i].i not in helper.ent_of or i >= ent.start):
            title.insert(0, doc[i])
            i -= 1
        if not title or title[-1].lower_ not in _EN_TITLE_HEADS:
            continue
        owner_tokens = []
        while i >= sent.start and doc[i].dep_ in ("compound", "nmod", "amod") and (
                doc[i].pos_ in ("PROPN", "NOUN") or doc[i].i in helper.ent_of) and doc[i].text[:1].isupper() \
                and not (doc[i].i in helper.ent_of and helper.ent_of[doc[i].i].label_ in _EN_VALUE_LABELS | {"PERSON"}):
            owner_tokens.insert(0, doc[i])
            i -= 1
        if i >= sent.start and doc[i].dep_ == "poss" or any(t.dep_ == "poss" for t in title):
            continue  # "Vistula Mobile's chief executive X": the appositive rules have it
        role = " ".join(t.text if t.text.isupper() and len(t.text) > 1 else t.lower_ for t in title)  # "CEO"
        while owner_tokens and owner_tokens[0].lower_ in _EN_TITLE_INTERIM:
            owner_tokens.pop(0)  # "Interim Arden Township Supervisor X": the body is "Arden Township"
        former = _past_marker(doc, owner_tokens[0].i if owner_tokens else title[0].i, sent.start)
        owner_tokens = [t for t in owner_tokens if t.lower_ not in _EN_FORMER]
        if len(owner_tokens) == 1 and owner_tokens[0].lower_ in _EN_TITLE_QUALIFIERS:
            continue  # "Crown Prosecutor X", "State Treasurer Y": one title, no body named before it
        if former is not None:
            role = _join("former", role)  # "Former Chocolay Township Treasurer X", "Ex-", "the late": no longer
        owner = None
        if owner_tokens:
            last = owner_tokens[-1]
            noun = _noun_form(last.text)
            if len(owner_tokens) == 1 and noun is not None and noun in discourse.descriptors:
                owner = discourse.descriptors[noun]  # "Council leader Ann Treloar": the council the article named
            elif last.i in helper.ent_of or (last.pos_ == "PROPN" and noun is None) or (
                    last.pos_ == "PROPN" and any(t.pos_ == "PROPN" and _noun_form(t.text) is None for t in owner_tokens)):
                # "Ishpeming Township Supervisor X": a place's name before a body's noun names the body
                owner = helper.phrase(last)
                if owner is not None and len(owner_tokens) > 1 and not owner[0].startswith(owner_tokens[0].text):
                    # "Arden Township Clerk X": both words hang on the person, so the phrase of "Township" alone
                    # would lose the place that names the body
                    owner = (doc[owner_tokens[0].i:last.i + 1].text, owner[1])
            elif noun is not None and noun in discourse.descriptors:
                owner = discourse.descriptors[noun]  # "Trust chairwoman": the trust the article named
            elif noun is not None and _is_org_noun(noun):
                owner = discourse.organisation()
        elif role.lower() in _EN_FIRM_TITLES:
            owner = discourse.topic() or next(((n, _ORG) for n, label in discourse.subjects
                                                if label == _ORG and n not in discourse.people), None)
        person = helper.phrase(ent.root, as_subject=True)
        if owner is None or person is None or owner[0] == person[0] or owner[0] in discourse.people:
            continue
        person = (person[0], _PER)
        discourse.affiliate(person, owner)
        yield _Emitter(sent.text, "asserted", "")(person, _join(role, "of"), (owner[0], _ORG))


def _past_marker(doc, start: int, first: int):
    """The word right before a title run (or the body named before it) that says its holder no longer holds
    it: "Former Arden Mayor X", "Ex-Arden Mayor X", "Then-Arden Mayor X", "the late Arden Mayor X",
    "one-time Arden Mayor X"; the word may also be the run's own first word."""
    if doc[start].lower_ in _EN_FORMER:
        return doc[start]
    j = start - 1
    if j >= first and doc[j].text in ("-", "–") and not doc[j].whitespace_:
        j -= 1  # "Ex-Arden": the small model cuts the hyphen off
    if j >= first + 2 and doc[j].lower_ == "time" and doc[j - 1].text == "-" and doc[j - 2].lower_ == "one":
        return doc[j]  # "one-time"
    return doc[j] if j >= first and doc[j].lower_ in _EN_FORMER else None


# --------------------------------------------------------------------------- what a name is and where it ends

#: a score or a vote written as one token: "3–1", "2-0", "7–2"
_EN_SCORE = re.compile(r"^\d{1,3}[–-]\d{1,3}$")


def _name_conjunct(head, conj) -> bool:
    """ "Humberside Fire and Rescue": a capitalised common noun joined by "and" to the last word of a name of
    several words is the end of that name, not a second thing ("Leeds and York" are two)."""
    doc = head.doc
    return head.pos_ == "PROPN" and conj.pos_ == "PROPN" and conj.i == head.i + 2 \
        and doc[head.i + 1].lower_ in ("and", "&") and not list(conj.children) and conj.text[:1].isupper() \
        and _noun_form(conj.text) is not None and _noun_form(head.text) is not None \
        and conj.ent_type_ not in ("GPE", "LOC", "PERSON", "NORP") \
        and any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in head.lefts)


def _possessive_name_part(head):
    """The possessor that begins a name in capitals: "St Aidan's Hospital", "Marlow's Yard" (the head a
    capitalised noun of a place or body, right after the "'s"), not "Calder's captain" or "Orlan's Chief
    Executive" (a role of the possessor)."""
    if head.pos_ != "PROPN" or not head.text[:1].isupper() or head.lower_ in _EN_TITLE_WORDS | EN_PERSON_NOUNS:
        return None
    owner = next((c for c in head.children if c.dep_ == "poss" and c.pos_ == "PROPN" and c.text[:1].isupper()), None)
    if owner is None or owner.i + 2 != head.i or head.doc[owner.i + 1].tag_ != "POS":
        return None
    return owner


def name_written_possessive(token, ent_of) -> bool:
    """Is ``token`` a subject's name written with an 's of its own ("St Mary's beat Nightcliff", "McDonald's will
    open ...")? The 's is followed by the subject's own verb (or its auxiliary), so it owns nothing."""
    ent = ent_of.get(token.i)
    end = ent.end if ent is not None else token.i + 1
    doc = token.doc
    pos = end - 1 if doc[end - 1].tag_ == "POS" else end
    if pos >= len(doc) or doc[pos].tag_ != "POS" or pos + 1 >= len(doc) or token.dep_ not in ("nsubj", "nsubjpass"):
        return False
    after = doc[pos + 1]
    return after.pos_ in ("VERB", "AUX") and (after.i == token.head.i or after.head.i == token.head.i)


def _person_or_group(ent, helper: "_EnSentence") -> None:
    """What the grammar around a name tells of its kind, whatever the small NER model says: a name that
    ends in a plural ("Harrowby Hornets have signed ...", "the Hornets") is a team or a group, never one
    person; a name with an age set off after it ("Naulu, 24, scored ...") is a person."""
    discourse = helper.discourse
    root = ent.root
    named = helper.phrase(root)
    if named is None:
        return
    if root.tag_ == "NNPS" and named[0] not in discourse.titled:
        discourse.add_org(named[0])
        discourse.people.discard(named[0])
        return
    if _aged(root, ent.end) and named[0] not in discourse.orgs:
        discourse.people.add(named[0])
        discourse.persons.setdefault(named[0].split()[-1].lower(), (named[0], _PER))


def _aged(root, end: int) -> bool:
    """ "Naulu, 24, scored ...": the name ending before ``end``, headed by ``root``, has an age set off after
    it, which only a person has (whatever the small model tagged the name: a person, a firm, a place)."""
    doc = root.doc
    age = next((c for c in root.children if c.dep_ in ("appos", "npadvmod", "amod") and c.like_num and c.i == end + 1
                and c.text.isdigit() and 1 <= int(c.text) <= 120), None)
    return age is not None and doc[end].text == "," and age.i + 1 < len(doc) and doc[age.i + 1].text in (",", ")")


def _named_before_role(noun, subject_phrases, helper: "_EnSentence", emit) -> Iterator[_Fact]:
    """ "Dean Hart, the former Harlow Town coach" → (Dean Hart, former coach of, Harlow Town): the body whose
    role it is, named right before the role noun."""
    if noun.lemma_.lower() not in _EN_PERSON_ROLES | _EN_TITLE_WORDS or not any(
            t.dep_ == "det" and t.lower_ == "the" for t in noun.lefts):
        return
    last = next((t for t in noun.lefts if t.dep_ == "compound" and t.pos_ == "PROPN" and t.i + 1 == noun.i), None)
    if last is None or any(t.dep_ == "compound" and t.pos_ == "NOUN" for t in noun.lefts):
        return
    body = helper.phrase(last)
    if body is None or body[1] == _PER or helper.discourse.is_person(body) or body[0] in helper.discourse.people:
        return
    role = _join(*[t.text for t in noun.lefts if t.dep_ == "amod" and t.i < last.left_edge.i], noun.text, "of")
    for subject_phrase in subject_phrases:
        if subject_phrase[1] in (_PER, None, "MISC") and subject_phrase[0] not in helper.discourse.orgs:
            yield emit((subject_phrase[0], _PER), role, (body[0], _ORG))


# --------------------------------------------------------------------------- spans cut short or run on

_STAT_END = (",", ")", ";", ".")


def _stat_figure(doc, i: int) -> bool:
    """ "Gulls 81 (Okonkwo-Reid 27, Arsenault 14, Tamblyn 11)": in a box score each name is followed by a
    figure (points, goals, votes); token ``i`` is such a figure, no part of the name before it ("Shed 2",
    "Local 88" are names), when the sentence lists two or more names so, each figure closed by a comma or
    a bracket."""
    token = doc[i]
    if not token.text.isdigit() or i == 0 or doc[i - 1].pos_ != "PROPN" \
            or i + 1 < len(doc) and doc[i + 1].text not in _STAT_END:
        return False
    sent = token.sent
    pairs = sum(1 for t in sent if t.text.isdigit() and t.i > sent.start and doc[t.i - 1].pos_ == "PROPN"
                and (t.i + 1 >= sent.end or doc[t.i + 1].text in _STAT_END))
    return pairs >= 2


def _cut_stat_figures(doc) -> None:
    """An entity run on into the figure after a name in a box score ("Grant 16", "Tamblyn 11") ends before
    the figure; a figure alone in such a line is no entity of its own."""
    from spacy.tokens import Span

    out, changed = [], False
    for ent in doc.ents:
        end = ent.end
        while end > ent.start and _stat_figure(doc, end - 1):
            end -= 1
        if end != ent.end:
            changed = True
            if end > ent.start:
                out.append(Span(doc, ent.start, end, label=ent.label_))
            continue
        out.append(ent)
    if changed:
        doc.ents = out


def _title_as_written(head) -> str | None:
    """ "directed last season's run of The Shipbuilder's Wife": a title of a work written in capitals inside a
    sentence, beginning with a capital "The" or a capitalised possessive, is one name as written; the small
    model reads its words as common nouns ("Wife" owned by "Shipbuilder"). The whole title, or None."""
    doc = head.doc
    if head.pos_ not in ("NOUN", "PROPN") or not head.text[:1].isupper() or head.i == head.sent.start:
        return None
    start = head.left_edge.i
    words = [t for t in doc[start : head.i + 1] if t.tag_ != "POS" and t.text not in ("-", "–")]
    if start == head.sent.start or len(words) < 2 or not all(t.text[:1].isupper() for t in words):
        return None
    opener = doc[start]
    possessive = any(t.tag_ == "POS" for t in doc[start : head.i])
    if not (opener.lower_ in ("the", "a", "an") and opener.text[:1].isupper() or possessive):
        return None
    if head.lower_ in _EN_TITLE_WORDS or any(t.ent_type_ in _EN_VALUE_LABELS for t in words):
        return None  # "Vistula Mobile's Chief Executive": a named body's role, not a title
    if not (opener.lower_ == "the" and opener.text[:1].isupper()) and any(t.ent_type_ for t in words):
        return None  # "Halifax's Public Gardens": a named place's thing; only a capital "The" says a title begins
    return doc[start : head.i + 1].text
