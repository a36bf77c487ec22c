"""Triplet extraction, rules engine, English: ``_Discourse``, what an article has named so far.

The memory read across an article's paragraphs (names, descriptors, organisations, people, affiliations,
the last person / organisation / "it"); filled by ``triplets_rules_en_mentions`` and read by
``triplets_rules_en_phrases`` when a noun phrase points back.
"""
from __future__ import annotations

from tasks.dragon.triplets_rules_en_lexicon import _ORG, _PER, _is_team_word


class _Discourse:
    """What an article has named so far, read in text order across its paragraphs.

    Wire copy names a thing once and then refers back to it: "Dr Owen Pritchard" → "He",
    "Dr Pritchard"; "Oakcrumb, the Penrith bakery chain" → "the chain"; "Vistula Mobile's chief
    executive ... He said the company ..." → Vistula Mobile. Kept here:

    - ``names``: every name seen (for a surname or a short name: "Redpath" → "Shona Redpath",
      "Orlan" → "Orlan Media");
    - ``descriptors``: a common noun the text used for a name (an appositive "X, the N ...", a
      noun before the name "the consultancy X", "Swiss drugmaker X", or the name's own last
      word "Tarnside Museum" → "museum"): "the N" later is that name;
    - ``orgs``: names the text shows are organisations (an organisation noun as descriptor, the
      possessor of a role "Aurora's chief executive", spaCy's ORG); they are labelled ORG even
      where the small model says PERSON;
    - ``affiliation``: a person's organisation from a role ("X, the CEO of Y", "X, Y's CEO"): what
      "the company" means in what X is reported to have said;
    - ``person``, ``org``, ``it``: the person, the organisation, and the non-person last named as
      a subject: what "he"/"she", "the company" and "it" point back at.
    """

    __slots__ = ("names", "descriptors", "orgs", "persons", "people", "affiliation", "person", "org", "loose", "it",
                 "subjects", "titled", "things", "kinds", "firms", "places")

    def __init__(self) -> None:
        self.names: list[tuple[str, str | None]] = []
        self.descriptors: dict[str, tuple[str, str | None]] = {}
        self.orgs: set[str] = set()
        self.persons: dict[str, tuple[str, str | None]] = {}
        self.affiliation: dict[str, tuple[str, str | None]] = {}
        self.person: tuple[str, str | None] | None = None
        self.org: tuple[str, str | None] | None = None
        #: the last name a main clause had as subject that is not known to be a person: "the
        #: cooperative" after "Greenfield Dairy reported ...", which the small model tags PERSON
        self.loose: tuple[str, str | None] | None = None
        #: names shown to be people: a title ("Ms"), a role, "he"/"she", a speaker
        self.people: set[str] = set()
        self.it: tuple[str, str | None] | None = None
        #: the names main clauses had as subjects, in order: the first the text shows is an organisation
        #: is the firm the article is about, whose "Chief executive Lars Moe" is when no firm is said
        self.subjects: list[tuple[str, str | None]] = []
        #: people introduced by a bare title ("Chief executive Lars Moe")
        self.titled: set[str] = set()
        #: names the text calls by a noun of no organisation and no person: "Corvalimab, an experimental
        #: drug", "the Tour of the Fells, the five-day race" (never what "the company" means)
        self.things: set[str] = set()
        #: described common nouns the article introduced, by head noun ("unit" → "cardiac unit of X Hospital";
        #: triplets_rules_en_kinds)
        self.kinds: dict[str, list[str]] = {}
        #: the firms by name a sentence named while its subject's name said no firm ("Kelby will gain 80 jobs after
        #: a deal with Pinecrest Lumber Works"): what a word for a firm ("the company") means, and only such a word
        #: ("the club" is still the subject's); None until such a sentence
        self.firms: list[tuple[str, str | None]] | None = None
        #: one-word names the whole article writes as a place ("roads across Otago"; triplets_rules_en_fullest's
        #: placed_names): the bare word is the place, never a body named after it ("Otago Rugby Club")
        self.places: set[str] = set()

    def label(self, text: str, label: str | None) -> str | None:
        if text in self.orgs:
            return _ORG
        return _PER if text in self.people else label

    def add_name(self, text: str, label: str | None) -> None:
        if (text, label) not in self.names:
            self.names.append((text, label))
        words = text.split()
        if label == _PER and len(words) >= 2 and text not in self.orgs:
            self.persons[words[-1].lower()] = (text, label)

    def add_org(self, text: str) -> None:
        self.orgs.add(text)
        self.persons = {k: v for k, v in self.persons.items() if v[0] != text}

    def short_name(self, word: str, loose: bool = True, person: bool = True,
                   after: str = "", place: bool = False) -> tuple[str, str | None] | None:
        """A name used by one word: an organisation's first word ("Orlan" → "Orlan Media"), a
        person's surname ("Marken" → "Ilse Marken"), else any longer name it begins. A longer name its own
        sentence writes ``after`` the word is another thing, not the one a short form points back at ("Awarua
        will receive $3m for wetland on the Awarua Plain": the money is not the plain's). A word the article writes
        as a place (``places``, or this mention: ``place``) is not a club or firm that its name begins."""
        lower = word.lower()
        starts = [n for n in self.names if len(n[0].split()) > 1 and n[0].split()[0].lower() == lower
                  and n[0] not in after]
        if word in self.places or place:  # the place, not a club or firm named after it; a team's name only where
            # this mention is not written as the place ("a depot in Harwick" is no game's team)
            starts = [n for n in starts if not (n[0] in self.orgs or n[1] == _ORG)
                      or _is_team_word(n[0].split()[-1]) and not place]
        org = next((n for n in reversed(starts) if n[0] in self.orgs or n[1] == _ORG), None)
        if org is not None:
            return org[0], _ORG
        if lower in self.persons and person:
            return self.persons[lower]
        known = [n for n in self.people if len(n.split()) > 1 and n.split()[-1].lower() == lower and n not in self.orgs]
        if person and len(known) == 1:
            return known[0], _PER  # "Naulu" after "winger Tevita Naulu", whom the small model tagged ORG
        people = [n for n in starts if n[1] == _PER or n[0] in self.people]
        if person and len({n[0] for n in people}) == 1:
            return people[-1][0], _PER  # "Leanne said ..." after "nurse Leanne Hardcastle": a first name in tabloid copy
        if starts and loose:
            return starts[-1][0], self.label(*starts[-1])
        if len(word) > 3 and lower.endswith("s") and not lower.endswith("ss"):
            # "the Rovers", "the Hawks" after "Channel Rovers", "the Tamar Hawks": a team's plural last word
            # is how the text repeats its name; one longer name (no person's) ends in it
            ends = {n[0]: n for n in self.names if len(n[0].split()) > 1 and n[0].split()[-1].lower() == lower
                    and n[1] != _PER and n[0] not in self.people}
            if len(ends) == 1:
                named = next(iter(ends.values()))
                return named[0], self.label(*named)
        return None

    def longer_name(self, text: str) -> tuple[str, str | None] | None:
        """ "Palliser Pulse is owned by ..." after "Palliser Pulse Ingredients opened ...": a name of two or more
        words that begins the one longer organisation name the article gave is that organisation named short
        (the short form as the answer would cut the name). A person's name is never one ("John Hale" beside
        "John Hale Foundation" are two)."""
        words = text.split()
        if len(words) < 2 or text in self.people or text in self.orgs and (text, _ORG) in self.names:
            return None
        longer = {(n, label) for n, label in self.names if len(n.split()) > len(words) and n.split()[: len(words)] == words
                  and all(w[:1].isupper() or w == "&" for w in n.split()[len(words):])}  # not "X as Wanderers"
        if len({n for n, _ in longer}) != 1:
            return None  # "Port Elgin" after the Port Elgin Otters and the Port Elgin Herons: which, the text does not say
        name, label = longer.pop()
        return (name, _ORG) if (name in self.orgs or label == _ORG) and name not in self.people else None

    def team_of(self, text: str) -> tuple[str, str | None] | None:
        """ "Harbour City is coached by Akerele" after "the Harbour City Gulls": sports copy calls a team by its
        place, the name's words before the plural that names the team; the one such team of the article
        (two teams of that place, or a person so named: None)."""
        words = text.split()
        teams = {n for n, label in self.names if len(n.split()) == len(words) + 1 and n.split()[:-1] == words
                 and _is_team_word(n.split()[-1]) and label != _PER and n not in self.people}
        return (teams.pop(), _ORG) if len(teams) == 1 and text not in self.people else None

    def is_person(self, named: tuple[str, str | None]) -> bool:
        """A person for sure: labelled so, not shown to be an organisation, and named in full or
        known by that surname ("Fellwater" alone, tagged PERSON by the small model, may be a firm)."""
        text, label = named
        if label != _PER or text in self.orgs:
            return False
        return len(text.split()) > 1 or any(v[0] == text for v in self.persons.values())

    def affiliate(self, person: tuple[str, str | None], org: tuple[str, str | None]) -> None:
        if person[0] not in self.orgs and org[0] not in self.people:
            self.affiliation[person[0]] = (org[0], _ORG)
            self.people.add(person[0])
            self.add_org(org[0])

    def topic(self) -> tuple[str, str | None] | None:
        return next(((n, _ORG) for n, _ in self.subjects if n in self.orgs and n not in self.people), None)

    def organisation(self, firm: bool = False) -> tuple[str, str | None] | None:
        """What "the company" points back at when nobody speaking has one: the organisation named
        last as a subject, else the last subject name not known to be a person. For a word that means a
        firm (``firm``), before any organisation was a subject: the one firm a sentence named beside a
        subject that is none (two: nothing; see ``firms``)."""
        if firm and self.org is None and self.firms is not None:
            return self.firms[0] if len(self.firms) == 1 else None
        if self.org is not None:
            topic = self.topic()
            if self.org[0] not in self.orgs and topic is not None and topic[0] != self.org[0]:
                # "The KR-7 combines ... The company plans to ...": the last subject the tagger called an
                # organisation is not what "the company" means when the text itself showed another one is
                return topic
            return self.org
        if self.loose is not None and self.loose[0] not in self.people and self.loose[0] not in self.things:
            return self.loose
        return None


def speaker_firm(helper, token) -> tuple[str, str | None] | None:
    """The organisation of whoever says the clause ``token`` is in (``helper``: the sentence's ``_EnSentence``), as
    the text gave it: "Y said ..." with Y known to work for X, or "X's managing director, Y, said ..."."""
    affiliation = helper.discourse.affiliation
    speaker = helper.speaker(token)
    found = affiliation.get(speaker[0]) if speaker is not None else None
    role = helper.speaker_role(token) if found is None else None
    for appos in (c for c in role.children if c.dep_ == "appos") if role is not None else ():
        named = helper.phrase(appos, as_subject=True)
        found = affiliation.get(named[0]) if named is not None else None
        if found is not None:
            break
    if found is not None and found[0].endswith(("'", "\u2019")):
        found = (found[0][:-1], found[1])  # "Wharfe Homes' managing director": the name, not its possessive
    return found
