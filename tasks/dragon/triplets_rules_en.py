"""Triplet extraction, rules engine, English: dependency patterns over a spaCy parse (see tasks/dragon/triplets.py)."""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
import re

from benchmill import nlp
from schemas import Failure, IncrementDoc, Triplet

from tasks.dragon.diff import split_paragraphs
from tasks.dragon.triplets_base import (  # noqa: F401
    log, TripletConfig, _Emitter, _Fact, _DocCollector, _paragraphs, _failure, _join, _fact,
)
from tasks.dragon.triplets_rules_en_modality import (  # noqa: F401
    _EN_CONDITION_MARKS, _EN_DENIAL, _EN_LIKELY, _EN_NEGATIVE_CONTROL, _EN_PLANNED_AUX, _EN_PLAN_HEADS,
    _EN_POSSIBLE_AUX, _EN_REPORTING, _EN_RULE_OUT, _condition_clause, _dated_present, _modality_en,
    _own_modality_en, _reported_past, _rules_out,
)
from tasks.dragon.triplets_rules_en_repairs import (
    counted_adverbial_object, named_apposition, stray_agent, subject_of_finite_acl, tallied_purpose, tally,
)
from tasks.dragon.triplets_rules_en_kinds import kind_antecedent, learn_kinds
from tasks.dragon.triplets_rules_en_names import (  # noqa: F401
    _EN_FIRM_TITLES, _EN_SCORE, _EN_TITLE_HEADS, _EN_TITLE_PARTS, _join_hyphenated, _name_conjunct, _named_before_role,
    _cut_stat_figures, _person_or_group, _possessive_name_part, _split_titled_names, _stat_figure, _title_as_written,
    _title_role_facts_en,
)

# --------------------------------------------------------------------------- English


def _rules_en(docs: list[IncrementDoc], config: TripletConfig) -> tuple[dict[int, list[Triplet]], list[Failure]]:
    """All paragraphs of all English docs through one nlp.pipe stream, then per-doc patterns.

    Facts come from the new paragraphs only; an updated article's unchanged paragraphs before
    its last new one are read too, for what they name ("The company said ..." in an added
    paragraph points back at the firm the article named before), and give no facts."""
    failures: list[Failure] = []
    owners: list[tuple[IncrementDoc, bool]] = []
    texts: list[str] = []
    for doc in docs:
        for paragraph, new in _paragraphs_in_context(doc):
            owners.append((doc, new))
            texts.append(paragraph)
    try:
        parsed = [(doc, new, d) for (doc, new), d in zip(owners, nlp.parse_en(texts, batch_size=config.spacy_batch_size))]
    except Exception:  # a paragraph that crashes the batch: parse one document at a time
        log.exception("triplets: batched spaCy parse failed; parsing document by document")
        parsed = []
        for doc in docs:
            try:
                parsed += [(doc, True, d) for d in nlp.parse_en(_paragraphs(doc), batch_size=config.spacy_batch_size)]
            except Exception as exc:
                failures.append(_failure(doc, f"spaCy could not parse the document: {type(exc).__name__}: {exc}"))

    collectors = {id(doc): _DocCollector(doc, "rules", config) for doc in docs}
    # what an article has named so far, read in order across its paragraphs: "the company",
    # "she", "Ms Berg" in paragraph four point back at names given in paragraph one
    discourses = {id(doc): _Discourse() for doc in docs}
    broken: set[int] = {id(d) for d in docs if any(f.key == d.doc_id for f in failures)}
    for doc, new, spacy_doc in parsed:
        if id(doc) in broken:
            continue
        try:
            for fact in _facts_en(spacy_doc, discourses[id(doc)]):
                if new:
                    collectors[id(doc)].add(fact)
        except Exception as exc:
            log.exception("triplets: pattern matching failed for %s", doc.doc_id)
            failures.append(_failure(doc, f"rules extraction failed: {type(exc).__name__}: {exc}"))
            broken.add(id(doc))
    return {key: c.finish() for key, c in collectors.items() if key not in broken}, failures


def _paragraphs_in_context(doc: IncrementDoc) -> list[tuple[str, bool]]:
    """(paragraph, is new) in article order: the new paragraphs, preceded by the article's old
    paragraphs up to the last new one when the version is an update (context only)."""
    new = _paragraphs(doc)
    everything = split_paragraphs(doc.text or "")
    fresh = {p.strip() for p in doc.new_paragraphs if p and p.strip()}
    if not fresh or all(p in fresh for p in everything) or not any(p in fresh for p in everything):
        return [(p, True) for p in new]  # a new article (or a text that does not hold them): as before
    last = max(i for i, p in enumerate(everything) if p in fresh)
    out: list[tuple[str, bool]] = []
    for paragraph in everything[: last + 1]:
        is_new = paragraph in fresh
        out += [(piece.strip(), is_new) for _, piece in nlp.text_chunks(paragraph) if piece.strip()]
    return out


# dependency labels of the English (ClearNLP-style) scheme used by en_core_web_sm
_EN_NP_KEEP = frozenset({"compound", "amod", "nummod", "quantmod", "nmod", "npadvmod", "nn", "flat"})
_EN_SUBJ = frozenset({"nsubj", "nsubjpass"})
_EN_OBJ = frozenset({"dobj", "obj", "dative"})
_EN_TIME_LABELS = frozenset({"DATE", "TIME"})
_EN_RELATIVE = frozenset({"which", "that", "who", "whom", "whose"})
#: "CEO of", "professor at", "spokesperson for"; not "in": "a terminal in Gdańsk" is a location, not a role
_EN_COPULA_NOUN_PREPS = frozenset({"of", "at", "for"})
#: entity labels of values, not things: never a subject
_EN_VALUE_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})
_MONTHS_OR_DIGIT = re.compile(
    r"\d|\b(january|february|march|april|may|june|july|august|september|october|november|december)\b", re.IGNORECASE
)


def _absolute_date(text: str) -> bool:
    """ "October", "1991", "12 May 2024" name a time; "Monday", "last year" depend on when it was said."""
    return bool(_MONTHS_OR_DIGIT.search(text))


#: what a person is called before the name: "Ms Redpath", "Dr Owen Pritchard" (dropped: the name is the name)
_EN_HONORIFICS = frozenset({"mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lord", "lady"})
_PER = nlp.spacy_label("PERSON")
_ORG = nlp.spacy_label("ORG")


@lru_cache(maxsize=1)
def _en_common_words() -> frozenset[str]:
    """Lemmas of English common nouns and adjectives (spaCy's lemmatizer tables): tells "Chief
    Executive" (a title written in capitals) from a name."""
    index = nlp.spacy_en().get_pipe("lemmatizer").lookups.get_table("lemma_index")
    return frozenset(index["noun"]) | frozenset(index["adj"])


@lru_cache(maxsize=1)
def _en_verbs() -> frozenset[str]:
    return frozenset(nlp.spacy_en().get_pipe("lemmatizer").lookups.get_table("lemma_index")["verb"])


def _verb_lemma(token) -> str:
    """The token's lemma, repaired where the small model strips too much: "hopes"/"hoped" → "hope", not "hop"."""
    lemma = token.lemma_.lower()
    text = token.lower_
    if text.endswith(("es", "ed")) and text[:-1] == lemma + "e" and lemma + "e" in _en_verbs():
        return lemma + "e"
    if text == lemma + "ing" and lemma + "e" in _en_verbs() and re.fullmatch(r"[^aeiou]*[aeiou][b-df-hj-np-tvz]", lemma):
        # "sparing" is "spare", not "spar": one syllable ending in one vowel and one consonant doubles it before
        # "-ing" ("sparring", "hopping"), so the undoubled form is the e-verb's
        return lemma + "e"
    return lemma


def _noun_form(word: str) -> str | None:
    """``word`` as a common-noun lemma ("Museum" → "museum", "Masters" → "master"), else None."""
    nouns = _en_common_words()
    lower = word.lower()
    for candidate in (lower, lower[:-1] if lower.endswith("s") else None):
        if candidate and candidate.isalpha() and candidate in nouns:
            return candidate
    return None


#: "the 19-year-old", "a 34-year-old": an age used as a noun for a person
_AGE_NOUN = re.compile(r"^(?:(?:the|a|an)\s+)?\d{1,3}\s*-\s*year\s*-\s*old$", re.IGNORECASE)


def _is_team_word(word: str) -> bool:
    """ "Gulls", "Colliers", "Tides": a capitalised plural that ends a team's name (not "Ss": "Rhodes")."""
    return len(word) > 3 and word[:1].isupper() and word.endswith("s") and not word.endswith(("ss", "'s", "’s"))


def _is_org_noun(lemma: str) -> bool:
    return lemma in _EN_ORG_NOUNS or (lemma.endswith("maker") and len(lemma) > 5)


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
                 "subjects", "titled", "things", "kinds")

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

    def short_name(self, word: str, loose: bool = True, person: bool = True) -> tuple[str, str | None] | None:
        """A name used by one word: an organisation's first word ("Orlan" → "Orlan Media"), a
        person's surname ("Marken" → "Ilse Marken"), else any longer name it begins."""
        lower = word.lower()
        starts = [n for n in self.names if len(n[0].split()) > 1 and n[0].split()[0].lower() == lower]
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

    def organisation(self) -> tuple[str, str | None] | None:
        """What "the company" points back at when nobody speaking has one: the organisation named
        last as a subject, else the last subject name not known to be a person."""
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


class _EnSentence:
    """Noun-phrase helpers over one spaCy sentence (entity lookup precomputed once per doc)."""

    __slots__ = ("ent_of", "discourse")

    def __init__(self, ent_of: dict[int, object], discourse: _Discourse | None = None):
        self.ent_of = ent_of
        self.discourse = discourse if discourse is not None else _Discourse()

    # kept for callers that read them: the person / organisation named before this sentence
    @property
    def person(self) -> tuple[str, str | None] | None:
        return self.discourse.person

    @property
    def antecedent(self) -> tuple[str, str | None] | None:
        return self.discourse.org

    def phrase(self, head, as_subject: bool = False, common: bool = False) -> tuple[str, str | None] | None:
        """(text, NER label) of the noun phrase headed by ``head`` if it names something.

        Kept: compounds, adjectives, numbers and quantifiers left of the head, widened to
        whole entities ("Nordic Freight Ltd.", "$5 million"). It names something when the
        head itself is inside a named entity or is a proper noun, or the phrase holds a
        number ("2139 cars"). A named modifier alone is not enough: "Ghanaian winger",
        "Stuttgart carmaker" describe, they do not name. Dates count only when absolute
        ("October 2024", "1991", not "Monday", "the same year"). A subject must be a
        name, never a number or date: "October was the best month" states nothing about
        an entity.

        What points back is resolved through the article's discourse: "he"/"she", "it" as a
        subject, "the company" / "the N" for a name the text called an N, "Ms Redpath" or
        "Redpath" for the person named in full before.

        ``common``: a common noun may stand too ("repairs to the Vasa bridge", "the city
        council"): its phrase keeps a following "of/to/for/in <name>" that tells which one.
        """
        lower = head.lower_
        if lower in ("he", "she") and head.dep_ in _EN_SUBJ:
            # "Leanne said she might breed from Biscuit": the speaker named in the sentence, not the last person before
            speaker = self.speaker(head)
            if speaker is not None and speaker[0] not in self.discourse.orgs and (
                    speaker[1] == _PER or speaker[0] in self.discourse.people or len(speaker[0].split()) > 1
                    and speaker[1] is None):
                self.discourse.people.add(speaker[0])
                return speaker[0], _PER
        if lower in ("he", "she") and head.dep_ in _EN_SUBJ and head.head.dep_ == "advcl" \
                and head.head.i < head.head.head.i:
            # "If he is convicted, Kettridge could face life": a clause put before its main clause points
            # forward to the person the main clause names as its subject
            main = next((c for c in head.head.head.children if c.dep_ in _EN_SUBJ and c.i > head.head.i), None)
            named = self.phrase(main, as_subject=True) if main is not None and main.pos_ == "PROPN" else None
            if named is not None and named[0] not in self.discourse.orgs and (
                    named[1] == _PER or named[0] in self.discourse.people):
                return named[0], _PER
        if lower in ("he", "she") and head.dep_ in _EN_SUBJ | {"pobj"}:
            if self.discourse.person is not None:
                self.discourse.people.add(self.discourse.person[0])
            return self.discourse.person  # "Okafor previously led ..." after "... hired Daniel Okafor"; None when nobody was named
        if lower == "it" and head.dep_ in _EN_SUBJ:
            return self.resolve_it(head)
        if lower == "we" and head.dep_ in _EN_SUBJ:
            return self.resolve_we(head)
        if head.pos_ == "PRON" or lower in _EN_RELATIVE:
            return None
        if _EN_SCORE.match(head.text) and head.pos_ == "NOUN" and head.i > 0:
            team = next((c for c in head.lefts if c.dep_ == "compound" and c.pos_ == "PROPN" and c.i == head.i - 1), None)
            if team is not None:
                return self.phrase(team, as_subject=as_subject)  # "beat the Port Elgin Herons 5–2": the parser's head is the score
        title = _title_as_written(head)
        if title is not None:
            return title, nlp.spacy_label("WORK_OF_ART")
        if head.pos_ == "NOUN" and head.text[:1].isupper() and head.i not in self.ent_of and not list(head.lefts) \
                and (head.text in self.discourse.orgs or any(n == head.text for n, _ in self.discourse.names)):
            # "Helixbase, which was founded ..., sells ...": a name the article gave, tagged a common noun at the
            # start of a sentence
            named = next((n for n in self.discourse.names if n[0] == head.text), (head.text, None))
            return head.text, self.discourse.label(*named)
        if head.pos_ == "NOUN" and head.tag_ == "NNS" and head.text[:1].isupper() and head.text[1:].islower() \
                and head.i not in self.ent_of and not list(head.lefts) and _noun_form(head.text) is None:
            # "Tunks will be eligible for parole" after "Bradley Tunks": a surname ending in -s that the tagger read
            # as a plural noun (no noun of the lexicon) is the short name of the one person named so (the NER's
            # person, even where the discourse took the plural-looking name for a team's)
            people = {n for n, label in self.discourse.names if len(n.split()) > 1 and n.split()[-1].lower() == lower
                      and (label == _PER or n in self.discourse.people)}
            if len(people) == 1:
                return people.pop(), _PER
        if head.like_num and head.i >= 2 and head.doc[head.i - 1].text in ("-", "–") and head.doc[head.i - 2].like_num:
            return None  # "beat Harlow Town 3-1": a score's second number is nothing beaten
        if head.pos_ == "PROPN" and head.i > 0 and head.doc[head.i - 1].lower_ in ("a", "an") \
                and head.doc[head.i - 1].head.i == head.i and head.i + 1 < len(head.doc):
            # "A Herdwick tup bred by ...": a name after "a" is a kind; the parser took the noun after it for
            # something else ("tup" a verb), and the kind with its noun is a thing, not the name
            noun = head.doc[head.i + 1]
            if noun.is_alpha and noun.text.islower() and noun.head.i == head.i:
                return f"{head.text} {noun.text}", None
            return None
        known = _known_as(head) if head.pos_ == "NOUN" and head.i not in self.ent_of else None
        if known is not None:
            return self.phrase(known, as_subject=as_subject)  # "The house, known as Thornhaven, was sold": the name
        if head.pos_ == "NOUN" and head.i not in self.ent_of:
            ref = self.anaphor(head)
            if ref is not None:
                return ref
            if self.named_description(head):
                return self.common_phrase(head)
        if head.pos_ == "NOUN" and head.i not in self.ent_of:
            # "the consultancy Tidewater Ecology", "the Latvian bank Daugava Capital", "The developer,
            # Kastrup Ejendomme,": the name is the name
            named = next((a for a in head.children if a.dep_ == "appos" and a.pos_ == "PROPN"), None)
            if named is not None and any(t.dep_ == "det" for t in head.lefts):
                return self.phrase(named, as_subject=as_subject)
        if common and head.pos_ == "NOUN" and head.i not in self.ent_of and not any(t.like_num for t in head.lefts):
            return self.common_phrase(head)
        start = end = head.i
        stack = [head]
        while stack:
            token = stack.pop()
            for child in token.children:
                if child.dep_ in _EN_NP_KEEP and child.i < head.i:
                    if child.i < start:
                        start = child.i
                    stack.append(child)
        owner = _possessive_name_part(head)
        if owner is not None:
            start = min(start, owner.left_edge.i)  # "St Aidan's Hospital": the possessive is part of the name
        ent_of = self.ent_of
        head_ent = ent_of.get(head.i)
        doc = head.doc
        if head_ent is not None and start < head_ent.start and all(
                _describes_name(doc[i], ent_of) or _place_before_noun(doc, i, head_ent.start, ent_of)
                for i in range(start, head_ent.start)) \
                and (any(doc[i].pos_ == "NOUN" or (doc[i].pos_ == "PROPN" and _noun_form(doc[i].text))
                         for i in range(start, head_ent.start))
                     or any(t.dep_ == "det" and t.lower_ == "the" for t in head.lefts)):  # "western Norway" stays
            # "striker Daniel Okafor", "Rival carrier Channel Wings", "Ghanaian winger Kwame Asante",
            # "Swiss drugmaker Veltrane", "Chief Executive Marco Gentile": common nouns and adjectives
            # before a name describe it; the name is the name
            described_person = len(head_ent) > 1 and any(
                doc[i].lower_ in _EN_TITLE_WORDS | _EN_PERSON_NOUNS for i in range(start, head_ent.start))
            start = head_ent.start
        else:
            described_person = False
        if head_ent is not None and head_ent.label_ == "PERSON" and start < head_ent.start:
            # "Larkspur Chief Executive Dana Ruiz", "Mum-of-two Jess Lumley", "Surrey businessman Derek Vane":
            # what comes before a person's name describes the person (a role fact of its own), it is no name
            described_person = any(doc[i].lower_.rstrip(".") in _EN_TITLE_WORDS | _EN_HONORIFICS
                                   for i in range(start, head_ent.start))
            start = head_ent.start
        if head_ent is not None:
            start, end = min(start, head_ent.start), max(end, head_ent.end - 1)
            after = doc[end + 1] if end + 1 < len(doc) else None
            if after is not None and after.like_num and after.dep_ == "nummod" and after.head.i == head.i \
                    and head_ent.label_ == "ORG" and not _stat_figure(doc, after.i):
                end += 1  # "United Toy and Plastics Workers Local 88": the number is part of the name
        elif head.pos_ == "PROPN" and end == head.i and end + 1 < len(doc) and doc[end + 1].dep_ == "nummod" \
                and doc[end + 1].head.i == head.i and doc[end + 1].text.isdigit() and len(doc[end + 1].text) <= 3 \
                and not _stat_figure(doc, end + 1):
            end += 1  # "Shed 2", "Terminal 5": a number right after a name is part of it
        if head.pos_ == "PROPN" and (any(t.dep_ == "det" and t.lower_ == "the" for t in head.lefts) or (
                head_ent is not None and head_ent.label_ in ("ORG", "EVENT", "FAC", "WORK_OF_ART"))):
            # "the Tour of the Fells", "the Bank of England": a name that goes on with "of <Name>"
            prep = doc[end + 1] if end + 1 < len(doc) else None
            if prep is not None and prep.lower_ == "of" and prep.head.i == head.i:
                pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
                pobj_ent = ent_of.get(pobj.i) if pobj is not None else None
                if pobj is not None and pobj.pos_ == "PROPN" and pobj.right_edge.i == pobj.i \
                        and (pobj_ent is None or pobj_ent.label_ not in _EN_VALUE_LABELS) \
                        and _titled(doc[head.i : pobj.i + 1]):
                    end = pobj.i
        has_number = False
        for i in range(start, end + 1):
            token = doc[i]
            if token.like_num:
                has_number = True
            ent = ent_of.get(i)
            if ent is not None and ent is not head_ent:
                start, end = min(start, ent.start), max(end, ent.end - 1)  # "$5 million", "Nordic Freight Ltd."
        label = head_ent.label_ if head_ent is not None else None
        if label in _EN_TIME_LABELS and not _absolute_date(head_ent.text):
            return None
        if as_subject and (label in _EN_VALUE_LABELS or (label is None and has_number and head.pos_ != "PROPN")):
            return None
        if label is None and head.pos_ != "PROPN" and not has_number:
            return None
        cut = next((i for i in range(start + 1, end) if doc[i].lower_ == "rather" and doc[i + 1].lower_ == "than"), None)
        if cut is not None:
            end = cut - 1  # "$90 million rather than 30 annual payments": the rest was not chosen
        joined = next((c for c in head.children if c.dep_ == "conj" and _name_conjunct(head, c)), None)
        if joined is not None and joined.i > end:
            end = joined.i  # "South Yorkshire Fire and Rescue": one body, not two
        while end > start and doc[end].lower_ in ("and", "&") and end > head.i:
            end -= 1  # an entity run on into "and" whose second half the parser split off
        while end > start and doc[end].pos_ == "ADP" and doc[end].i != head.i:
            end -= 1  # "the Talon-V to": an entity run on into the next preposition
        while end > start and _EN_SCORE.match(doc[end].text) and (
                doc[end - 1].pos_ == "PROPN" or doc[end - 1].text[:1].isupper()):  # "the Port Elgin Herons 5–2"
            end -= 1  # "beat Harlow Town 2–0": the score is the result, not the team's name
        while start < end and doc[start].dep_ == "prt":
            start += 1  # "has handed over £5.1million": the verb's particle is not the amount's
        if doc[start].lower_ in ("than", "rather") or (start > 0 and doc[start - 1].lower_ == "than"):
            return None  # "rather than 30 annual payments": what was not chosen
        if any(doc[i].pos_ == "VERB" and doc[i].dep_ not in ("amod", "compound", "nmod", "npadvmod", "acl")
               and doc[i].tag_ not in ("VBN", "VBG") for i in range(start, end + 1)):
            return None  # "on-die and schedule every transfer": a clause run together, not a name
        span = doc[start : end + 1]
        words = [t for t in span]
        while len(words) > 2 and words[0].lower_ in ("the", "a", "an") and words[1].tag_ in ("JJR", "JJS") \
                and words[2].text[:1].isupper() and words[1].lower_ not in ("first", "last"):
            words = [words[0]] + words[2:]  # "the larger Northbridge Aster": larger than nothing said here
        while len(words) > 1 and words[0].tag_ in ("JJR", "JJS") and words[1].text[:1].isupper():
            words = words[1:]
        titled = described_person
        while len(words) > 1 and (words[0].lower_ in ("the", "a", "an") or words[0].lower_.rstrip(".") in _EN_HONORIFICS
                                  or len(words) > 2 and (label == "PERSON" or words[0].text.islower())
                                  and (words[0].lower_ in _EN_TITLE_WORDS | _EN_PERSON_NOUNS
                                       or words[0].lower_.split("-")[0] in _EN_PERSON_NOUNS)
                                  and all(w.text[:1].isupper() for w in words[1:])):
            titled = titled or words[0].lower_ not in ("the", "a", "an")
            words = words[1:]  # "the Tour of the Fells", "Ms Redpath", "Dr Owen Pritchard", "Striker Leon Osei"
        # "Parkstone nurse Leanne Hardcastle", "Surrey businessman Derek Vane": a place or a firm and a noun for a
        # person before two capitalised words; the person is the last two (or more) words
        descriptor_of_name = None

        def chain_end(k: int) -> int:  # "Mum-of-two": a noun and its hyphenated words are one description
            while k + 2 < len(words) and words[k + 1].text in ("-", "–") and not words[k].whitespace_ \
                    and not words[k + 1].whitespace_:
                k += 2
            return k

        cut = max((chain_end(k) for k, w in enumerate(words[:-2]) if (w.lower_ in _EN_TITLE_WORDS or (
            w.text.islower() or chain_end(k) > k) and w.lower_.split("-")[0] in _EN_PERSON_NOUNS)
            and len(words) - chain_end(k) - 1 >= 2
            and all(x.text[:1].isupper() and x.pos_ == "PROPN" for x in words[chain_end(k) + 1:])), default=None)
        if cut is not None and (label not in ("ORG", "WORK_OF_ART", "EVENT") or words[0].text != words[0].text.upper()
                                and words[0].lower_.split("-")[0] in _EN_PERSON_NOUNS):
            titled = True
            words = words[cut + 1:]
        while len(words) > 1 and label in ("ORG", "FAC") and words[0].is_alpha \
                and words[0].text.islower() and words[0].lower_ not in ("de", "van", "von", "la", "le", "da", "di", "du",
                                                                         "del", "der", "al", "el", "bin") \
                and any(w.text[:1].isupper() for w in words[1:]):
            stripped = words[0]
            words = words[1:]  # "rival Kessler Mills", "slammed housing association Harbourside Homes"
            if stripped.pos_ == "NOUN" and not words[0].text.islower() and _is_org_noun(stripped.lemma_.lower()):
                descriptor_of_name = stripped.lemma_.lower()  # "the association" later is this name
        text = doc[words[0].i : end + 1].text
        if descriptor_of_name and label == "ORG":
            self.discourse.descriptors.setdefault(descriptor_of_name, (text, _ORG))
            self.discourse.add_org(text)
        if "|" in text or "\n" in text:
            return None  # cells of a table run together: not one name
        if head_ent is not None and head_ent.label_ == "PERSON" and len(head_ent) == 1 and head.pos_ == "PROPN":
            # "brothers Walt and Eddie Corrigan": the first names share the surname written once, at the end
            partner = next((c for c in head.children if c.dep_ == "conj" and c.ent_type_ == "PERSON"), None)
            partner_ent = ent_of.get(partner.i) if partner is not None else None
            if partner_ent is not None and len(partner_ent) >= 2 and partner_ent.start < partner.i < partner_ent.end \
                    and not partner_ent[0].whitespace_ == "" and all(
                        t.pos_ == "PROPN" or t.text in ("-", "–") for t in partner_ent):
                # "Farid and Leena Haddad-Marr": the surname is all the partner's name after the first name
                text = f"{text} {doc[partner_ent.start + 1 : partner_ent.end].text}"
        if text.endswith(("'s", "’s")):
            text = text[:-2]
        mapped = nlp.spacy_label(label) if label is not None else None
        if head.pos_ == "PROPN" and len(text.split()) == 1 and not has_number:
            # "Nordhav's chief executive" after "Nordhav Energy": whatever the tagger made of the short form
            short = self.discourse.short_name(text, loose=mapped is not None,
                                              person=mapped in (_PER, _ORG, None))
            if short is not None:
                text, mapped = short
        if head.pos_ == "PROPN" and len(text.split()) > 1 and not has_number and (
                head.dep_ in _EN_SUBJ | {"dobj"} or head.dep_ == "pobj" and head.head.lower_ == "by"):
            team = self.discourse.team_of(text)  # what a place does or undergoes in a game is its team's
            if team is not None:
                text, mapped = team
        if _AGE_NOUN.search(text) and not any(t.pos_ == "PROPN" for t in span):
            return None  # "The 19-year-old was signed by ...": an age stands for a person it does not name
        if titled:
            self.discourse.people.add(text)
        return text, self.discourse.label(text, mapped)

    def named_description(self, head) -> bool:
        """ "the Lokka herding cooperative", "the Finch family trust": a definite common noun that a
        proper noun (not a place or nationality) tells apart is as good as a name."""
        definite = any(t.dep_ == "det" and t.lower_ == "the" for t in head.lefts)
        owner = next((t for t in head.lefts if t.dep_ == "poss" and t.pos_ == "NOUN"), None)
        if owner is not None and not definite and self.named_description(owner):
            return True  # "the Kessel fishermen's cooperative"
        for t in head.lefts:
            if t.dep_ in ("compound", "nmod") and t.pos_ == "PROPN" and t.text[:1].isupper() and (
                    definite or any(d.dep_ == "det" and d.lower_ == "the" for d in t.lefts)):
                ent = self.ent_of.get(t.i)
                if ent is not None and ent.label_ in ("ORG", "PERSON", "FAC"):
                    return True  # "the Maumbury Road car park": a facility's name tells which car park
                if (ent is None or ent.label_ == "NORP") and t.lower_ not in _en_common_words():
                    return True  # "Lokka" (tagged NORP), not "Swedish" or "Chief"
        return False

    def anaphor(self, head) -> tuple[str, str | None] | None:
        """ "the chain", "the museum", "the pass", "the company": a definite singular common noun
        that points back at a name the article gave (its descriptor), else, for an organisation
        noun, the speaker's organisation or the organisation named last."""
        if head.tag_ != "NN" or not any(t.dep_ == "det" and t.lower_ == "the" for t in head.lefts):
            return None
        if any(t.dep_ not in ("det", "amod", "punct") for t in head.lefts) or any(
                t.dep_ == "prep" and t.lower_ == "of" for t in head.rights):
            return None  # "the stock market", "the edge of the fire": another thing
        if any(t.dep_ == "appos" for t in head.children):
            return None  # "the consultancy Tidewater Ecology": the name follows
        lemma = head.lemma_.lower()
        discourse = self.discourse
        if lemma in discourse.descriptors:
            named = discourse.descriptors[lemma]
            if lemma in ("company", "firm", "group", "business") and discourse.org is not None \
                    and discourse.org[0] != named[0] and discourse.org[0] in discourse.orgs and self.speaker(head) is None \
                    and discourse.subjects and discourse.subjects[-1][0] == discourse.org[0]:
                # "Stratacore, the ... software company, ... Helixbase ... sells a platform. The company says it
                # processes ...": a word as general as "company" means the organisation the text just spoke of
                return discourse.org
            return named
        if lemma not in _EN_ORG_ANAPHORS:
            bound = kind_antecedent(head, discourse)  # "the unit" after "X Hospital has opened a new cardiac unit"
            if bound is not None:
                return bound
        if lemma in _EN_ORG_ANAPHORS:
            speaker = self.speaker(head)
            if speaker is not None and speaker[0] in discourse.affiliation:
                return discourse.affiliation[speaker[0]]
            topic = discourse.topic() if speaker is not None and speaker[0] in discourse.titled else None
            if topic is not None:
                found = topic  # "Chief Executive Marco Gentile said the company ...": the article's firm
            else:
                found = self.sentence_org(head) or discourse.organisation()
            if found is not None and found[1] != _ORG:
                discourse.add_org(found[0])
                found = (found[0], _ORG)
            return found
        return None

    def sentence_org(self, token) -> tuple[str, str | None] | None:
        """An organisation named as a main-clause subject earlier in the sentence: "Verdant Rows has
        raised 18 million euros, the company said" → Verdant Rows."""
        said = token.dep_ in _EN_SUBJ and _verb_lemma(token.head) in _EN_REPORTING and token.head.dep_ == "ROOT"
        for subject in reversed(token.sent[: token.i - token.sent.start]):
            if subject.dep_ in _EN_SUBJ and (subject.pos_ == "PROPN" or subject.i in self.ent_of) \
                    and subject.head.dep_ not in ("relcl", "acl") and not _subordinate(subject):
                named = self.phrase(subject, as_subject=True)
                if named is not None and (named[1] == _ORG or named[0] in self.discourse.orgs):
                    return named
                if named is not None and said and named[0] not in self.discourse.people | self.discourse.things \
                        and named[1] in (_PER, None):
                    return named  # "Solberg Shipping has won ..., the company said": the small model's PERSON is the firm
        return None

    def speaker(self, token) -> tuple[str, str | None] | None:
        """Who is reported to have said the clause ``token`` is in ("Ms Hollins said crews could not ..."), if
        the speaker is named before the clause."""
        verb = token.head
        seen = 0
        while verb.dep_ in ("conj", "advcl", "xcomp") and verb.head.i != verb.i and seen < 10:
            verb, seen = verb.head, seen + 1
        if verb.dep_ != "ccomp" or verb.head is verb or verb.head.lemma_.lower() not in _EN_REPORTING:
            return None
        subject = next((c for c in verb.head.children if c.dep_ in _EN_SUBJ), None)
        if subject is None:
            return None
        if subject.lower_ == "it":
            return self.discourse.it if subject.i > token.i else self.resolve_it(subject)
        return self.phrase(subject, as_subject=True, common=True)

    def resolve_it(self, pronoun) -> tuple[str, str | None] | None:
        """What "it" as a subject points back at: the organisation whose statement the clause is
        ("Orlan said it may bid" → Orlan), else the last subject before it in the sentence that is
        not a person ("the chain will not sell ..., though it may ..."), else the last such subject
        of the sentences before. Subjects of "if/when/because" clauses are passed over: "If demand
        recovers, it could expand ..." is not about demand."""
        verb = pronoun.head
        if verb.lemma_.lower() in _EN_EXPLETIVE_VERBS and any(
                c.dep_ in ("ccomp", "xcomp", "advcl", "csubj") and c.i > pronoun.i and any(
                    m.dep_ in ("aux", "mark") and m.lower_ in ("to", "that", "for") for m in c.children)
                for c in verb.children):
            return None  # "it may take 20 years for the peat to recover": "it" points at the clause after it
        if verb.lemma_.lower() in ("feel", "look", "sound", "seem") and any(
                c.dep_ == "prep" and c.lower_ == "like" for c in verb.children):
            return None  # "it feels like the natural next step": no thing
        top = verb
        while top.dep_ in ("conj", "advcl", "xcomp") and top.head.i != top.i:
            top = top.head
        if top.dep_ == "ccomp" and top.head.lemma_.lower() in _EN_REPORTING:
            subject = next((c for c in top.head.children if c.dep_ in _EN_SUBJ), None)
            if subject is not None and subject.i < pronoun.i and subject.lower_ not in ("he", "she", "they"):
                said_by = self.phrase(subject, as_subject=True, common=True) if subject.lower_ != "it" \
                    else self.resolve_it(subject)
                if said_by is not None and not self.discourse.is_person(said_by):
                    return said_by
                if said_by is None and subject.pos_ in ("NOUN", "PROPN"):
                    return None  # "the herders' cooperative said it will appeal": it is the speaker, unnamed
        quoted = _in_quote(pronoun)
        for token in reversed(pronoun.sent[: pronoun.i - pronoun.sent.start]):
            if quoted and not _in_quote(token):
                break
            if token.dep_ in _EN_SUBJ and token.head.dep_ not in ("relcl", "acl") \
                    and not (_subordinate(token) and not _inside(pronoun, token.head)):
                found = self.it_candidate(token)
                if found is not None:
                    return found
        if quoted:
            return None  # "it" in someone's own words points into what they said, not into the article
        return self.discourse.it

    def resolve_its(self, pronoun) -> tuple[str, str | None] | None:
        """What "its" points back at: the last main-clause subject before it that is no person, else the
        article's last such subject ("The museum received ... Its director, Helena Vos")."""
        for token in reversed(pronoun.sent[: pronoun.i - pronoun.sent.start]):
            if token.dep_ in _EN_SUBJ and token.head.dep_ not in ("relcl", "acl") and not _subordinate(token):
                found = self.it_candidate(token)
                if found is not None:
                    return found
        return self.discourse.it

    def resolve_we(self, pronoun) -> tuple[str, str | None] | None:
        """ "“We will not raise prices,” said Olga Brandt, head of sales at Ferrox Steel": "we" in what
        someone says is their organisation (or the organisation that speaks)."""
        if not _in_quote(pronoun):
            # news copy says "we" outside quotes only in an interview's answers (or a first-person piece): the
            # organisation of the one person the article introduced with a role, if there is exactly one
            people = {person for person in self.discourse.affiliation}
            if len(people) == 1 and self.speaker(pronoun) is None:
                return self.discourse.affiliation[next(iter(people))]
            return None
        said_by = self.speaker(pronoun)
        if said_by is None:
            return None
        if said_by[0] in self.discourse.affiliation:
            return self.discourse.affiliation[said_by[0]]
        return None if said_by[1] == _PER or said_by[0] in self.discourse.people else said_by

    def it_candidate(self, subject) -> tuple[str, str | None] | None:
        """``subject`` resolved, if "it" could point back at it (a thing or an organisation, never a person)."""
        if subject.lower_ in _EN_RELATIVE:
            anchor = subject.head
            if anchor.dep_ != "relcl":
                return None
            subject = anchor.head
        if subject.pos_ == "PRON" and subject.lower_ != "it" or subject.tag_ == "NNS":
            return None
        found = self.phrase(subject, as_subject=True, common=True)
        if found is None or self.discourse.is_person(found):
            return None
        return found

    def common_phrase(self, head) -> tuple[str, str | None] | None:
        if head.lower_ in _EN_ORG_ANAPHORS and any(t.lower_ == "the" for t in head.lefts) \
                and not self.named_description(head):
            # "Portline will cancel ... The airline carried ...": the organisation named before
            if len([t for t in head.lefts if t.dep_ not in ("det", "amod")]) == 0:
                return self.anaphor(head)
            return None
        named = self.named_description(head)
        described = any(t.dep_ in ("amod", "compound") for t in head.lefts)
        if head.lower_ in _EN_GENERIC_NOUNS and not described and not named \
                or head.lower_ in _EN_ORG_ANAPHORS and not named and not (
                    described and any(t.dep_ == "poss" for t in head.lefts)) \
                or head.tag_ == "NNS" and head.lower_ in ("others", "ones"):
            return None  # "its hydropower business", "its frozen-meals unit" are things; "the business" points back
        first = head.i
        stack = [t for t in head.lefts if t.dep_ in ("amod", "compound", "nmod")
                 or t.dep_ == "poss" and t.pos_ == "NOUN" and self.named_description(t)]
        while stack:  # "the Riga Masters chess tournament", "an experimental heart failure drug": modifiers of modifiers
            token = stack.pop()
            first = min(first, token.i)
            stack += [t for t in token.lefts if t.dep_ in ("amod", "compound", "nmod", "advmod", "npadvmod", "nummod")]
        while first < head.i and head.doc[first].dep_ in ("punct", "det", "poss", "case"):
            first += 1
        if any(t.pos_ == "VERB" and t.tag_ in ("VB", "VBD", "VBZ", "VBP") for t in head.doc[first:head.i]):
            return None  # "on-die and schedule every transfer": a clause run together, not a thing
        words = [head.doc[first : head.i + 1].text]
        for prep in head.rights:
            if prep.dep_ == "prep" and prep.lower_ in ("of", "to", "for", "in"):
                pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
                if pobj is not None and self.is_time(pobj):
                    break  # "rebuilt the main stand in 2022": when it was done, not which stand
                named = self.phrase(pobj) if pobj is not None else None
                if named is None and pobj is not None and any(t.pos_ == "PROPN" for t in pobj.lefts):
                    named = (" ".join(t.text for t in pobj.lefts if t.dep_ in ("compound", "amod")) + " " + pobj.text, None)
                if named is None and pobj is not None and prep.lower_ == "of" and pobj.pos_ == "NOUN" \
                        and pobj.i not in self.ent_of:
                    # "the risk of kidney damage": what kind of risk
                    named = (_EnSentence.plain_text(pobj, det=False), None)
                if named is not None:
                    words += [prep.text, named[0]]
                break
        return " ".join(w for w in words if w), None

    @staticmethod
    def with_conjuncts(token) -> list:
        out = [token]
        for child in token.children:
            if child.dep_ == "conj" and not _name_conjunct(token, child):
                out.extend(_EnSentence.with_conjuncts(child))
        return out

    @staticmethod
    def plain_text(token, det: bool = True) -> str:
        """A common-noun object as written, for folding into the relation ("open a new terminal in")."""
        keep = ("det", "amod", "compound", "nummod", "poss") if det else ("amod", "compound", "nummod")
        left = [t for t in token.lefts if t.dep_ in keep]
        if not left:
            return token.text
        # the words as written from the first kept modifier ("the two companies' warehouses")
        return token.doc[min(t.left_edge.i for t in left) : token.i + 1].text

    def is_time(self, token) -> bool:
        ent = self.ent_of.get(token.i)
        return ent is not None and ent.label_ in _EN_TIME_LABELS

    def is_absolute_time(self, token) -> bool:
        ent = self.ent_of.get(token.i)
        return ent is not None and ent.label_ in _EN_TIME_LABELS and _absolute_date(ent.text)


def _in_quote(token) -> bool:
    """Is ``token`` inside quotation marks (direct speech)?"""
    inside = False
    for t in token.doc[: token.i]:
        if t.text in ("“", "«"):
            inside = True
        elif t.text in ("”", "»"):
            inside = False
        elif t.text == '"':
            inside = not inside
    return inside


def _titled(span) -> bool:
    """ "Tour of the Fells": every word but the small ones is capitalised."""
    return all(t.text[:1].isupper() or t.lower_ in ("of", "the", "and", "&") for t in span)


def _place_before_noun(doc, i: int, stop: int, ent_of) -> bool:
    """ "Tallinn software maker Kvarts Labs": a place that qualifies a common noun before the name."""
    ent = ent_of.get(i)
    return doc[i].pos_ in ("PROPN", "NOUN") and doc[i].text[:1].isupper() and ent is not None \
        and ent.label_ in ("GPE", "LOC", "ORG") and ent.end < stop \
        and any(doc[j].pos_ == "NOUN" and j not in ent_of for j in range(ent.end, stop))


def _describes_name(token, ent_of) -> bool:
    """A word before a name that describes it: a common noun or adjective, a nationality, or a title
    written in capitals ("Chief Executive"); never a number."""
    if token.like_num:
        return False
    ent = ent_of.get(token.i)
    if token.pos_ in ("NOUN", "ADJ") or token.pos_ == "VERB" and token.text.islower() and token.tag_ in ("VBN", "VBG"):
        return ent is None or ent.label_ == "NORP"  # "slammed housing association Harbourside Homes" (a misparse)
    if token.pos_ == "PROPN":
        return (ent is not None and ent.label_ == "NORP") or (ent is None and _noun_form(token.text) is not None)
    return False


#: verbs of an "it" that stands for a clause after it: "it is likely that", "it may take years for X to"
_EN_EXPLETIVE_VERBS = frozenset({"be", "seem", "appear", "take", "remain", "become", "matter", "happen"})
_EN_SUBORDINATE_MARKS = frozenset({
    "if", "unless", "when", "whenever", "because", "as", "since", "while", "after", "before", "until", "once",
    "although", "though", "whether",
})


def _subordinate(subject) -> bool:
    """Is ``subject`` the subject of an "if/when/because/after ..." clause? "it" in the main clause
    does not point back at it ("If demand recovers, it could expand ..." is not about demand)."""
    verb = subject.head
    while verb.head.i != verb.i:
        if verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in _EN_SUBORDINATE_MARKS for c in verb.children):
            return True
        verb = verb.head
    return False


def _inside(token, clause) -> bool:
    return clause.left_edge.i <= token.i <= clause.right_edge.i


#: nouns of a rate after an amount: "118 million litres a day", "1.2 million euros a season"
_EN_RATE_NOUNS = frozenset({"year", "season", "month", "week", "day", "hour", "night", "game", "match"})

#: how an amount is paid: "pay $700 million in cash" (-> "pay in cash")
_EN_PAYMENT_MEANS = frozenset({"cash", "stock", "share", "shares", "bond", "bonds", "kind", "instalment", "installment",
                               "instalments", "installments", "euro", "euros", "dollar", "dollars"})

#: a relation longer than this is dropped by the collector (TripletConfig.max_relation_words' default)
_EN_MAX_RELATION_WORDS = 6

#: pronouns and nouns of a part: "any of its hotels", "parts of the pipeline" (the whole is what is named)
_EN_PARTITIVES = frozenset({"any", "some", "all", "none", "most", "each", "either", "neither", "part", "parts",
                            "much", "many", "several", "both"})

#: heads that only point back ("the move", "the deal") or are too vague to ask about
_EN_GENERIC_NOUNS = frozenset({
    "move", "deal", "one", "thing", "way", "part", "lot", "number", "time", "year", "day", "statement", "people",
    "fact", "case", "issue", "side", "kind", "decision", "plan", "comment",
    # "the company", "the airline": they point back at a name (resolved to the last organisation
    # named before, else dropped: a question about "the company" answers nothing)
    "company", "firm", "group", "business", "operator", "carrier", "airline", "bank", "chain", "cooperative",
    "maker", "manufacturer", "retailer", "lender", "insurer", "club", "team", "startup", "organisation",
    "organization", "unit", "subsidiary", "giant",
})


_EN_ORG_ANAPHORS = frozenset({
    "company", "firm", "group", "business", "operator", "carrier", "airline", "bank", "chain", "cooperative",
    "maker", "manufacturer", "retailer", "lender", "insurer", "club", "startup",
    # kinds of business a firm is called by in wire copy ("the utility", "the publisher", "the drugmaker");
    # not "the regulator", "the council", "the union": those are usually another party
    "utility", "publisher", "broadcaster", "miner", "producer", "supplier", "developer", "brewer", "shipper",
    "distributor", "exporter", "importer", "conglomerate", "drugmaker", "carmaker", "automaker", "chipmaker",
    "airline", "telecom", "builder", "grocer", "supermarket",
})

#: common nouns that name a kind of organisation: "X, the Penrith bakery chain", "the consultancy X"
#: (its name is then an organisation, whatever the small NER model says)
_EN_ORG_NOUNS = _EN_ORG_ANAPHORS | frozenset({
    "publisher", "broadcaster", "consultancy", "charity", "authority", "regulator", "council", "fund", "trust",
    "association", "agency", "ministry", "utility", "developer", "investor", "brand", "producer", "supplier",
    "miner", "conglomerate", "subsidiary", "organisation", "organization", "outlet", "newspaper", "provider",
    "distributor", "exporter", "importer", "shipper", "builder", "contractor", "foundation", "institute",
    "university", "museum", "hospital", "union", "federation", "committee", "commission", "department",
    "exchange", "owner", "partnership", "venture", "cooperative", "co-operative", "studio", "label", "insurer",
    "broker", "airport", "port", "railway", "utility", "operator", "vendor", "foundry", "licensor", "licensee",
    "manufacturer", "fintech", "biotech", "lab", "laboratory", "automaker", "landlord", "housebuilder", "chainstore",
})


def _facts_en(doc, discourse: _Discourse | None = None) -> Iterator[_Fact]:
    _join_hyphenated(doc)
    _split_titled_names(doc)
    _cut_stat_figures(doc)
    ent_of: dict[int, object] = {}
    for ent in doc.ents:
        for i in range(ent.start, ent.end):
            ent_of[i] = ent
    helper = _EnSentence(ent_of, discourse)
    for sent in doc.sents:
        sentence = sent.text
        if sentence.count("|") >= 2:
            continue  # "Lot | Vendor | Farm | Buyer ...": table cells run together, no sentence to read facts from
        _learn_names(sent, helper)
        yield from _title_role_facts_en(sent, helper)
        for token in sent:
            pos = token.pos_
            if pos == "VERB" or (pos == "AUX" and token.dep_ in ("ROOT", "conj", "ccomp", "relcl", "advcl")):
                yield from _verb_facts_en(token, sentence, helper)
            elif token.dep_ == "appos":
                yield from _appositive_facts_en(token, sentence, helper)
        _after_sentence(sent, helper)
        learn_kinds(sent, helper)


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
                named = helper.phrase(head, as_subject=True) if head.pos_ == "PROPN" or head.i in ent_of else None
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


def _known_as(noun):
    """ "the house, known as Thornhaven,", "a schooner called Bluenose": the name a participle of naming gives a
    common noun (its head token), or None."""
    for acl in noun.children:
        if acl.dep_ != "acl" or acl.tag_ != "VBN" or acl.lemma_.lower() not in ("know", "call", "name") \
                or acl.i != noun.right_edge.i and noun.doc[noun.i + 1].text not in (",", "—") and acl.i != noun.i + 1:
            continue
        names = [c for c in acl.children if c.dep_ in ("oprd", "attr", "dobj") and c.pos_ == "PROPN"]
        names += [p for c in acl.children if c.dep_ == "prep" and c.lower_ == "as"
                  for p in c.children if p.dep_ == "pobj" and p.pos_ == "PROPN"]
        if len(names) == 1:
            return names[0]
    return None


def _describe(discourse: _Discourse, noun, named: tuple[str, str | None]) -> None:
    lemma = noun.lemma_.lower()
    if noun.tag_ != "NN":
        return
    if _is_org_noun(lemma):
        discourse.add_org(named[0])
        named = (named[0], _ORG)
    elif lemma in _EN_TITLE_WORDS | _EN_PERSON_NOUNS and named[0] not in discourse.orgs:
        # "the prop Sione Kauhalu", "Harlow's goalkeeper, Ben Tait": a noun only people are called makes a person
        discourse.people.add(named[0])
        if len(named[0].split()) > 1:
            discourse.persons.setdefault(named[0].split()[-1].lower(), (named[0], _PER))
        named = (named[0], _PER)
    elif lemma not in _EN_TITLE_WORDS and named[0] not in discourse.orgs:
        discourse.things.add(named[0])  # "Corvalimab, an experimental heart failure drug"
    discourse.descriptors[lemma] = named


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
    if org is None and discourse.org is None:
        orgs = [e for e in sent.ents if e.label_ == "ORG" and e[0].lower_ != "the"]
        org = helper.phrase(orgs[0].root) if orgs else None
        if org is not None and (org[1] == _PER or org[0] in discourse.people):
            org = None  # "Naulu will miss ...": a person the small model tagged ORG is no organisation
    if org is not None:
        discourse.org = org
    for named in (org, loose):
        if named is not None and named not in discourse.subjects:
            discourse.subjects.append(named)


def _control_prefix_en(verb) -> str:
    """ "agreed to buy" → "agree to"; "plans to open" → "" (the plan is the modality, not the relation)."""
    if verb.dep_ != "xcomp" and not tallied_purpose(verb) or verb.head is verb or verb.head.pos_ not in ("VERB", "AUX"):
        return ""
    head = verb.head
    lemma = _verb_lemma(head)
    if lemma in _EN_PLAN_HEADS or lemma in _EN_NEGATIVE_CONTROL or lemma in ("be", "have") or _rules_out(head):
        return ""  # "plans to open" is a planned opening, "failed to win" a negated win, "has to pay" a duty
    to = "to" if any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) else ""
    return _join(_control_prefix_en(head), lemma, to)


def _subjects_en(verb, helper: _EnSentence) -> list[tuple[object, bool]]:
    """Subject head tokens of ``verb`` with whether the subject is passive."""
    subjects = [(c, c.dep_ == "nsubjpass") for c in verb.children if c.dep_ in _EN_SUBJ]
    if len(subjects) > 1:
        # "UPDATE, Dec. 16: RCMP officers charged X": what stands before a colon is a label of what follows,
        # not a second subject of its verb
        doc = verb.doc
        subjects = [(c, p) for c, p in subjects
                    if not any(doc[i].text == ":" for i in range(c.i + 1, verb.i))
                    or not any(o.i > c.i for o, _ in subjects)]
    if not subjects:
        # "which is 60% owned by X": the parser may hang the subject on the auxiliary
        subjects = [(c, c.dep_ == "nsubjpass" or a.dep_ == "auxpass") for a in verb.children
                    if a.dep_ in ("aux", "auxpass") for c in a.children if c.dep_ in _EN_SUBJ]
    anchor = verb  # the verb whose subject it is (for relative-clause resolution)
    if not subjects and verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
        # "X acquired Y and sold Z": the second verb shares the first one's subject, but
        # not its voice ("is based in Oslo and manages ..." — "manages" is active)
        anchor = _conjunct_head(verb)
        own_passive = any(c.dep_ == "auxpass" for c in verb.children) or (
            verb.tag_ == "VBN" and any(c.dep_ == "agent" for c in verb.children)
            and (any(c.dep_ in ("auxpass", "nsubjpass") for c in anchor.children)  # "is organised by X and sponsored by Y"
                 or anchor.dep_ == "acl" and anchor.tag_ == "VBN"))  # "the centre, built by X and designed by Y,"
        subjects = [(c, own_passive) for c in anchor.children if c.dep_ in _EN_SUBJ]
        if not subjects and anchor.i != verb.i:
            return [(s, own_passive) for s, _ in _subjects_en(anchor, helper)]
    if not subjects and verb.dep_ == "ccomp" and verb.head.i != verb.i \
            and _verb_lemma(verb.head) in _EN_REPORTING | _EN_CLAIMS | _EN_SPEECH:
        # "Pettifer insisted Harbourside will not raise rents": the parser made the clause's subject the
        # object of "insisted"
        taken = next((c for c in verb.head.children if c.dep_ == "dobj" and c.i < verb.i
                      and c.right_edge.i + 1 == verb.left_edge.i), None)
        if taken is not None:
            return [(taken, False)]
    raised = _raised_relative(verb)
    if not subjects and raised is not None:
        # "restoration, which the museum expects to cost about £40,000": what costs is the restoration
        return [(raised, False)]
    if not subjects and (verb.dep_ == "xcomp" or tallied_purpose(verb)) and verb.head.pos_ in ("VERB", "AUX", "ADJ") \
            and verb.head.i != verb.i:
        # control: "Telmark agreed to buy X", "Kolding Wind is set to build X": the head's subject
        own_passive = any(c.dep_ == "auxpass" for c in verb.children)
        controller = verb.head
        if controller.pos_ == "ADJ" and controller.dep_ == "acomp" and controller.head.i != controller.i:
            controller = controller.head  # "Vesta Foods is likely to close ...": the subject of "is"
        return [(s, own_passive) for s, _ in _subjects_en(controller, helper)]
    plan = _plan_noun_head(verb)
    if not subjects and plan is not None:
        # "has no plans to sell X", "had plans to open Y": the subject of "have"
        own_passive = any(c.dep_ == "auxpass" for c in verb.children)
        return [(s, own_passive) for s, _ in _subjects_en(plan.head, helper)]
    if not subjects and _shares_subject(verb):
        # "won the tournament, beating X in 41 moves": the participle's subject is the clause's;
        # "Founded in 1952, Vesta Foods employs ...": a past participle's, as its patient
        passive = verb.tag_ == "VBN"
        # "Founded in 2009 by X, Tallgrass was acquired by Y": what was founded is the main clause's
        # subject whatever its voice; "beating X, Y was crowned" (an active participle) only an active one's
        return [(s, passive) for s, p in _subjects_en(verb.head, helper) if passive or not p]
    finite_root = subject_of_finite_acl(verb) if not subjects else None
    if finite_root is not None:
        subjects = [(finite_root, False)]  # "Delacroix, who grew up in Sandy Bay, starred in ...": the parser's acl
    if not subjects and verb.dep_ == "acl" and verb.tag_ == "VBN":
        # "Harbour Logistics, based in Oslo, ..." : a participle modifying its noun; "Corvalimab, an
        # experimental drug developed by X": the noun stands for the name it is in apposition to
        noun = verb.head
        before = noun.doc[noun.left_edge.i - 1] if noun.left_edge.i > 0 else None
        if before is not None and before.pos_ in ("NOUN", "PROPN") and before.dep_ != "compound" \
                and verb.i == noun.i + 1 and not any(c.dep_ == "agent" for c in verb.children):
            return []  # "figures the company published in its report": a relative clause without "that", not a passive
        if noun.dep_ == "pobj" and noun.head.head.pos_ in ("NOUN", "PROPN") and (
                noun.ent_type_ in ("GPE", "LOC", "FAC") or noun.doc[verb.i - 1].text == ","):
            return []  # "a Weimaraner called Duchess from Wareham, owned by X": not the town, who is owned cannot be told
        if noun.dep_ == "appos" and noun.pos_ == "NOUN" and (noun.head.pos_ == "PROPN" or noun.head.i in helper.ent_of):
            noun = noun.head
        named = next((a for a in noun.children if a.dep_ == "appos" and a.pos_ == "PROPN" and a.i < verb.i), None) \
            if noun.pos_ == "NOUN" and noun.i not in helper.ent_of else None
        if named is not None and helper.phrase(named) is not None:
            noun = named  # "its second album, Driftwood, produced by X": what was produced is Driftwood
        subjects = [(noun, True)]
    resolved = []
    for subject, passive in subjects:
        if subject.lower_ in _EN_RELATIVE and anchor.dep_ == "relcl":
            subject = anchor.head  # "X, which is based in Oslo" → X
            if subject.dep_ == "pobj" and subject.head.lower_ == "of" and subject.head.head.pos_ == "NOUN" \
                    and any(t.like_num for t in subject.lefts):
                # "the tournament record of 7.5 points, which was set by Holt": the record was set, not the points
                subject = subject.head.head
            if subject.dep_ == "pobj" and subject.lower_ not in _EN_RELATIVE and (
                    subject.ent_type_ in ("GPE", "LOC", "FAC") or subject.head.lower_ in ("on", "in", "at", "near")
                    and subject.pos_ == "PROPN" and subject.head.head.pos_ == "NOUN"):
                # "sold at a store on Main Street in Ankeny, which will receive a bonus": the parser hangs the
                # clause on the nearest place; a place after a verb's preposition stands beside the thing the
                # verb's earlier preposition names (the store); after a noun's ("a company in Perth") who is
                # meant cannot be told
                subject = _thing_before_place(subject)
                if subject is None:
                    continue
            if subject.dep_ == "appos" and subject.pos_ == "NOUN" and (
                    subject.head.pos_ == "PROPN" or subject.head.i in helper.ent_of):
                subject = subject.head  # "The Tour, the race that has visited Cumbria" → the Tour
        # "Storm Bay Marine's managing director, Hamish Treloar, has ordered ...": the name acts
        subject = named_apposition(subject, helper.ent_of) or subject
        for conjunct in _EnSentence.with_conjuncts(subject):
            resolved.append((conjunct, passive))
    return resolved


def _name_after_comma(noun, helper):
    """ "the defending champion, Norway's Sindre Holt,": the person's name set off after a description of them
    (the parser may hang it elsewhere)."""
    doc = noun.doc
    i = noun.right_edge.i + 1
    if i >= len(doc) or doc[i].text != ",":
        return None
    j = i + 1
    if j + 1 < len(doc) and doc[j].pos_ == "PROPN" and doc[j + 1].tag_ == "POS":
        j += 2  # "Norway's"
    ent = helper.ent_of.get(j)
    if ent is None or ent.start != j or ent.label_ in _EN_VALUE_LABELS or len(ent) < 2:
        return None
    after = doc[ent.end] if ent.end < len(doc) else None
    if after is not None and after.text not in (",", ".", ";"):
        return None
    return ent.root


def _possessor(token, helper) -> bool:
    """Is ``token`` inside a name written with a possessive 's ("Harrowgate & Finch's series")?"""
    ent = helper.ent_of.get(token.i)
    end = ent.end if ent is not None else token.i + 1
    last = token.doc[end - 1]
    after = token.doc[end] if end < len(token.doc) else None
    return last.tag_ == "POS" or (after is not None and after.tag_ == "POS" and token.dep_ != "poss" and after.head.i in
                                  range(ent.start if ent is not None else token.i, end))


def _parenthetical_place(prep, head) -> bool:
    """ ", on Finland's west coast" after "a refinery it is building in Kokkola": a place set off by a comma
    after other words of the clause says where the thing before it is; the parser hangs it on the verb."""
    if prep.dep_ != "prep" or prep.i < 2 or prep.doc[prep.i - 1].text != ",":
        return False
    if prep.lower_ not in ("on", "in", "at", "near", "off") or prep.i <= head.i + 2:
        return False
    # only after another place: "close its oldest factory, in Jönköping," says where the closing is
    return any(t.dep_ == "pobj" and t.ent_type_ in ("GPE", "LOC", "FAC") and t.head.lower_ in ("in", "at", "on", "near")
               for t in prep.doc[head.i:prep.i - 1])


def _thing_before_place(place):
    """The pobj of the verb's preposition before the one of ``place`` (see _subjects_en), or None."""
    prep = place.head
    verb = prep.head
    if prep.dep_ != "prep" or verb.pos_ not in ("VERB", "AUX"):
        return None
    earlier = [c for c in verb.children if c.dep_ == "prep" and c.i < prep.i]
    if not earlier:
        return None
    pobj = next((p for p in earlier[-1].children if p.dep_ == "pobj"), None)
    if pobj is None or pobj.pos_ != "NOUN" or pobj.ent_type_ in ("GPE", "LOC", "DATE", "TIME"):
        return None
    return pobj


#: verbs that take "X to V" with X the infinitive's subject: "which the museum expects to cost"
_EN_RAISING = frozenset({"expect", "estimate", "forecast", "project", "predict", "believe", "consider", "want"})


def _raised_relative(verb):
    """ "which the museum expects to cost £40,000": the parser makes "which" a second object of "cost";
    with another object there, it is the infinitive's subject (its antecedent), not an object."""
    if verb.dep_ != "xcomp":
        return None
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    relative = next((o for o in objects if o.lower_ in ("which", "that") and o.i < verb.head.i), None)
    if relative is None or len(objects) < 2 or _verb_lemma(verb.head) not in _EN_RAISING:
        return None
    return _relative_antecedent(relative)


def _conjunct_head(verb):
    """The verb a conjunct shares its subject with. "X began operating in 2011, after Portugal opened its
    market, and carried 14.2 million passengers": the parser hangs "carried" on "opened", but a comma
    closes the "after" clause before "and", so "carried" goes with "began"."""
    head = verb.head
    cc = next((c for c in head.children if c.dep_ == "cc" and c.i < verb.i), None)
    if head.dep_ == "advcl" and head.head.i != head.i and cc is not None and cc.i > 0 \
            and verb.doc[cc.i - 1].text == "," and any(
                c.dep_ == "mark" and c.lower_ in _EN_SUBORDINATE_MARKS for c in head.children):
        return head.head
    return head


#: verbs whose subject owns the plan it has or makes known: "announced plans to build" (not "rejected a plan to")
_EN_PLAN_OWNERS = frozenset({"have", "announce", "unveil", "outline", "present", "confirm", "reveal", "publish",
                             "detail", "draw", "make", "lay", "set", "submit", "file"})
#: verbs that give a plan up: "scrapped plans to open a base" (a negated opening)
_EN_DROP = frozenset({"scrap", "drop", "abandon", "shelve", "cancel", "ditch", "withdraw", "axe"})
#: nouns of intention: "has no plans to sell X" is a negated sale, "has plans to open Y" a planned opening
_EN_PLAN_NOUNS = frozenset({"plan", "intention", "intent"})


def _plan_noun_head(verb):
    """The noun "plans" of "has (no) plans to V", with ``verb`` its infinitive; else None."""
    noun = verb.head
    if verb.dep_ != "acl" or noun.i == verb.i or noun.lemma_.lower() not in _EN_PLAN_NOUNS:
        return None
    if not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return None
    if noun.dep_ != "dobj" or noun.head.pos_ not in ("VERB", "AUX") \
            or _verb_lemma(noun.head) not in _EN_PLAN_OWNERS | _EN_DROP:
        return None  # "has no plans to", "announced plans to", "scrapped plans to"; not "rejected a plan to"
    return noun


def _shares_subject(verb) -> bool:
    """A participle clause with no subject of its own: "X won the title, beating Y" (X beat Y),
    "will build a plant, creating 600 jobs". Not after a verb of saying ("the company said,
    sending its shares up": the shares were sent by the news, not by the speaker)."""
    if not (verb.dep_ == "advcl" or verb.dep_ == "prep" and verb.tag_ == "VBN" and verb.i == verb.sent.start) \
            or verb.tag_ not in ("VBG", "VBN") or verb.head.i == verb.i:
        return False  # ("Based in Oslo, X ...": the parser may call the opening participle a preposition)
    if verb.tag_ == "VBN" and verb.i > verb.head.i:
        return False  # only an opening "Founded in 1952, X ...": after the verb a past participle is another clause
    if any(c.dep_ in ("mark", "nsubj", "nsubjpass", "aux") for c in verb.children):
        return False
    head = verb.head
    return head.pos_ in ("VERB", "AUX") and head.lemma_.lower() not in _EN_REPORTING and (
        verb.i > head.i or verb.tag_ == "VBN")


#: verbs whose object is the subject of their infinitive: "ordered Marrow Foods to pay damages"
_EN_OBJECT_CONTROL = frozenset({
    "order", "ask", "tell", "urge", "force", "require", "allow", "persuade", "encourage", "invite", "instruct",
    "compel", "oblige", "permit", "advise", "warn", "help", "enable", "call",
    "use",  # "will use the money to rebuild its youth academy": neither "use the money" nor "use to rebuild"
})


def _object_controlled(verb) -> bool:
    """ "ordered Marrow Foods to pay damages", "called the ruling a victory": the object alone
    completes no fact ("Judge Whitfield ordered Marrow Foods", "Coleman called the ruling")."""
    children = list(verb.children)
    if not any(c.dep_ in _EN_OBJ for c in children):
        return False
    if verb.lemma_.lower() in ("call", "consider", "deem", "find") and any(c.dep_ == "oprd" for c in children):
        return True
    objects = [c for c in children if c.dep_ in _EN_OBJ]
    # "helps museums buy works": a bare infinitive right after the object
    return verb.lemma_.lower() in _EN_OBJECT_CONTROL and any(
        c.dep_ == "xcomp" or c.dep_ == "ccomp" and c.tag_ == "VB" and any(o.right_edge.i + 1 == c.left_edge.i for o in objects)
        for c in children)


#: adverbs that turn a counted noun into a measure of distance, time or age: "grew up two streets
#: away", "signed three years ago", "two metres apart"
_EN_MEASURE_ADVERBS = frozenset({"away", "ago", "later", "earlier", "apart", "long", "old", "behind", "ahead", "before"})


def _measure_phrase(obj) -> bool:
    """ "two streets" in "grew up two streets away from X" measures, it is not what was grown up."""
    after = obj.doc[obj.right_edge.i + 1] if obj.right_edge.i + 1 < len(obj.doc) else None
    # a measure counts: "two streets away", "three years ago"; "entered a dog show before this year" is no measure
    return after is not None and after.lower_ in _EN_MEASURE_ADVERBS and after.head in (obj, obj.head) \
        and after.pos_ != "ADP" and any(t.like_num or t.dep_ == "nummod" for t in obj.lefts)


def _count_period(verb, obj, helper: _EnSentence) -> str:
    """The period a count is of, said relative to now or as a span: "last season", "this winter", "over three
    seasons" ("" if none; a calendar date is the time suffix's, a rate "a day" the rate's)."""
    for child in list(verb.children) + list(obj.children):
        ent = helper.ent_of.get(child.i)
        if ent is None or ent.label_ != "DATE" or child.i < obj.i:
            continue
        if child.dep_ == "npadvmod" and not _absolute_date(ent.text) \
                and any(w.lower_ in ("last", "this", "next", "past") for w in ent) and child.right_edge.i == ent.end - 1:
            return ent.text
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ in ("over", "during") and prep.i > obj.i:
            pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            ent = helper.ent_of.get(pobj.i) if pobj is not None else None
            if ent is not None and ent.label_ == "DATE" and not _absolute_date(ent.text) \
                    and any(t.like_num for t in ent) and pobj.right_edge.i == ent.end - 1:
                return _join(prep.lower_, ent.text)
    return ""


def _duration_after(verb, children, helper: _EnSentence) -> str:
    """ "for nine weeks" right after the verb (a counted span of time, not a date): "for nine weeks", else ""."""
    after = max([verb.i] + [c.i for c in children if c.dep_ in ("prt", "neg", "advmod") and c.i > verb.i])
    first = next((c for c in children if c.dep_ == "prep" and c.lower_ == "for" and c.i == after + 1), None)
    pobj = next((c for c in first.children if c.dep_ == "pobj"), None) if first is not None else None
    ent = helper.ent_of.get(pobj.i) if pobj is not None else None
    if ent is None or ent.label_ != "DATE" or _absolute_date(ent.text) or not any(t.like_num for t in ent) \
            or pobj.right_edge.i != ent.end - 1:
        return ""
    return _join("for", ent.text)


def _with_counted_stuff(obj, phrase, helper: _EnSentence):
    """ "ended 60 years of family ownership", "used 900 tonnes of grit", "removed 92% of plastic fibres": a
    counted measure is a measure of something; without the "of" phrase the amount answers nothing."""
    if phrase is None or phrase[1] not in (None, "MISC") or obj.like_num or not any(t.like_num for t in obj.lefts):
        return phrase
    of = next((c for c in obj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    stuff = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if stuff is None or stuff.pos_ != "NOUN" or stuff.i in helper.ent_of or helper.phrase(stuff) is not None \
            or any(t.dep_ in ("det", "poss", "nummod") for t in stuff.lefts) or phrase[0].endswith(stuff.text):
        return phrase
    return f"{phrase[0]} of {_EnSentence.plain_text(stuff, det=False)}", phrase[1]


def _verb_facts_en(verb, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    children = list(verb.children)
    if _object_controlled(verb):
        return
    if verb.dep_ in ("xcomp", "ccomp") and verb.head.i != verb.i and _object_controlled(verb.head):
        return  # "to pay damages", "helps museums buy works": its subject is the controller's object
    if verb.dep_ in ("xcomp", "advcl") and verb.head.i != verb.i and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) \
            and any(c.dep_ in ("dobj",) and c.i < verb.i and not tally(c) for c in verb.head.children) \
            and _verb_lemma(verb.head) not in _EN_PLAN_HEADS:
        return  # "hired 40 extra surveyors to clear a backlog": a purpose (whose?), not a fact of the hirer's
    if verb.dep_ == "xcomp" and verb.tag_ == "VBG" and any(c.dep_ == "dobj" for c in verb.head.children):
        return  # "spent four years redesigning the project": how the time went, not a fact of its own
    lemma = _verb_lemma(verb)
    if lemma in _EN_SPEECH or lemma in _EN_CLAIMS and not _claims_a_thing(verb, lemma):
        return  # "Albuquerque told reporters", "Pettifer insisted Harbourside will ...": who said it, not a fact
    if verb.tag_ == "VBG" and verb.dep_ == "advcl" and _verb_lemma(verb) in ("start", "begin") \
            and any(c.dep_ == "prep" and c.lower_ == "with" for c in children) and not any(c.dep_ in _EN_OBJ for c in children):
        return  # "plans to open 15 shops, starting with Dumfries and Galashiels": which come first, no fact of its own
    if lemma in ("call", "name", "dub", "nickname") and verb.dep_ == "acl":
        return  # "a cockapoo called Biscuit from Poole": a naming, no fact of the thing
    if lemma in _EN_CAUSATIVE and not any(c.dep_ in ("xcomp", "ccomp", "prep", "oprd") for c in children):
        return  # "helps regional museums (buy works)": the help alone says nothing
    if verb.dep_ == "ccomp" and verb.head.i != verb.i and verb.i < verb.head.i and not any(
            c.dep_ in _EN_SUBJ for c in verb.head.children) and any(c.dep_ in _EN_SUBJ and c.i < verb.head.i for c in children) \
            and any(t.dep_ == "relcl" for t in verb.doc[next(c.i for c in children if c.dep_ in _EN_SUBJ):verb.i]):
        # "The Fund, a charity that helps museums buy works, contributed £650,000": the parser hung "buy" on
        # "contributed" and gave it that verb's subject; the verb it is hung on is left with none
        return
    if _embedded_question(verb):
        return  # "could limit how widely doctors use the drug": a question, not a fact
    if _unconfirmed(verb):
        return  # "did not confirm that Verdant had won the contract": neither stated nor denied
    if any(c.dep_ == "dobj" and _plan_noun_head(next((a for a in c.children if a.dep_ == "acl"), c)) is not None
           for c in children):
        return  # "has no plans to sell X": the fact is the sale's, not "have plans"
    subjects = _subjects_en(verb, helper)
    if not subjects:
        return
    # "did not acquire", "will build", "could sell", "if ..., X will ...": carried on the
    # fact, never stated as done (issue 10)
    modality = _modality_en(verb, helper)
    control = _control_prefix_en(verb)
    emit = _Emitter(sentence, modality, control)
    # "bring back the helter-skelter": the parser may call a particle an adverb; one right after the verb is one
    particle = " ".join(c.lower_ for c in children if c.dep_ == "prt" or (
        c.dep_ == "advmod" and c.i == verb.i + 1 and c.lower_ in ("back", "off", "out", "up", "down", "over")
        and any(o.dep_ == "dobj" and o.i > c.i for o in children)))
    passive = any(c.dep_ == "auxpass" for c in children) or any(p for _, p in subjects)
    if passive and verb.tag_ != "VBN":
        passive = False  # "has invested", "manages": only a past participle can be passive
    if passive and not any(c.dep_ in ("auxpass", "agent") for c in children) and any(c.dep_ == "dobj" for c in children):
        passive = False  # "Haddad, the theatre's director, directed its last run": the parser's reduced relative
        # has a direct object, so it is the name's own past tense (a participle of a passive takes none)
    is_copula = lemma == "be"

    # agent of a passive: "Y was acquired by X" → (X, acquire, Y)
    agents = []
    stray = stray_agent(verb, helper.ent_of)  # "was jailed for 18 months by Justice Helen Marsh"
    for child in children + ([stray] if stray is not None else []):
        if child.dep_ == "agent" or child is stray:
            for by in _EnSentence.with_conjuncts(child):  # "by the board and by the Finch family trust"
                for p in by.children:
                    if p.dep_ != "pobj":
                        continue
                    named = next((a for a in p.children if a.dep_ == "appos" and (a.pos_ == "PROPN" or a.i in helper.ent_of)),
                                 None) if p.pos_ == "NOUN" and p.i not in helper.ent_of else None
                    # "by warehouse-automation veterans Mira Castellanos and Tobias Engström": the names
                    agents.append(named if named is not None else p)
    if passive and agents and not is_copula:
        # "will be paid for by the fund": a preposition left without its object belongs to the verb ("pay for")
        stranded = " ".join(c.lower_ for c in children if c.dep_ == "prep" and not any(
            g.dep_ in ("pobj", "pcomp") for g in c.children) and c.i == verb.i + 1)
        relation = _join(lemma, particle, stranded)
        for agent_head in agents:
            for agent in _EnSentence.with_conjuncts(agent_head):
                agent = _through_part_noun(agent, helper)  # "owned by the city of Oslo": Oslo
                agent_phrase = helper.phrase(agent, as_subject=True)
                if agent_phrase is None and agent.pos_ == "NOUN" and any(
                        t.dep_ == "det" and t.lower_ in ("the", "a", "an")
                        or t.dep_ == "poss" and (t.pos_ == "PROPN" or t.i in helper.ent_of) for t in agent.lefts):
                    # "were sold by a private collector", "was approved by the industry regulator": a passive
                    # that says who did it names an agent, even as a description ("by damp" does not)
                    agent_phrase = helper.phrase(agent, common=True)
                if agent_phrase is None:
                    continue
                for subject, _ in subjects:
                    # the patient of a passive may be anything named, or a thing: "the stadium will be built by X"
                    if subject.lower_ in _EN_PARTITIVES | {"bulk", "majority", "rest", "remainder", "share", "half"}:
                        # "the bulk of the work will be paid for by X": what it is a part of
                        subject = next((p for c in subject.children if c.dep_ == "prep" and c.lower_ == "of"
                                        for p in c.children if p.dep_ == "pobj"), None)
                        if subject is None:
                            continue
                    subject_phrase = helper.phrase(subject, common=True)
                    if subject_phrase is not None:
                        yield emit(agent_phrase, relation, subject_phrase)
        if stray is None:
            return
        # the verb's own phrases still say what was done to the patient ("was jailed for 18 months")

    if is_copula or lemma == "become" and any(c.dep_ == "attr" for c in children):
        # "who became Fellwater's chief executive in January": a role, as with "is"
        yield from _copular_facts_en(verb, children, subjects, sentence, helper, emit)
        return
    verb_word = verb.lower_ if control and verb.tag_ == "VBG" else lemma  # "began operating in 2011"
    # "finished third in the league": the rank completes the verb ("finish in" alone says nothing)
    rank = next((c.lower_ for c in children if c.dep_ in ("advmod", "npadvmod", "oprd", "acomp", "attr")
                 and c.ent_type_ == "ORDINAL" and c.i == verb.i + 1 and not list(c.children)), "")
    # "pleaded guilty to 11 charges", "came close to a deal": an adjective with its preposition completes the verb
    complement = next((c for c in children if c.dep_ == "acomp" and c.pos_ == "ADJ" and c.i == verb.i + 1
                       and any(p.dep_ == "prep" and p.i == c.i + 1 for p in c.children)), None) if not is_copula else None
    rank = _join(rank, complement.lower_) if complement is not None else rank
    base = _join("be", verb.lower_, particle, rank) if passive else _join(verb_word, particle, rank)

    objects = []
    raised = _raised_relative(verb)
    for child in children:
        if child.dep_ in _EN_OBJ and not _measure_phrase(child) and not _clause_subject_as_object(verb, child) \
                and not (tally(child) and any(tallied_purpose(c) for c in children)) \
                and not (child.dep_ == "dative" and child.pos_ == "ADP") \
                and not (raised is not None and child.lower_ in ("which", "that")):
            objects += _EnSentence.with_conjuncts(child)
    counted = counted_adverbial_object(verb, helper.ent_of) if not objects else None
    if counted is not None:
        objects = [counted]  # "scored 31 points": a count the parser took for an adverbial
    # "the auction, which the regulator plans to hold in 2027": what is held is the auction
    objects = [_relative_antecedent(o) if o.lower_ in ("which", "that", "whom") else o for o in objects]
    # "sell any of its U.S. hotels", "open-source parts of its pipeline": the part stands for the whole it names
    objects = [next((p for c in o.children if c.dep_ == "prep" and c.lower_ == "of" for p in c.children
                     if p.dep_ == "pobj"), o) if o is not None and o.lower_ in _EN_PARTITIVES else o for o in objects]
    objects = [o for o in objects if o is not None]
    if not objects and _zero_relative_object(verb):
        objects = [verb.head]  # "a refinery it is building in Kokkola": the refinery is what is built
    # "released her fourth album, Salt Lines": the name in apposition is what was released
    objects = [next((a for a in o.children if a.dep_ == "appos" and a.pos_ == "PROPN" and helper.phrase(a) is not None), o)
               if o.pos_ == "NOUN" else o for o in objects]
    named_objects = [(o, _with_counted_stuff(o, helper.phrase(o), helper)) for o in objects]
    named_objects = [(o, p) for o, p in named_objects if p is not None]
    # "carried 380,000 trucks and trailers": the number counts both nouns; "380,000 trucks" alone
    # would be a wrong answer, so the bare conjuncts join the counted phrase
    shared = []
    for n, (obj, object_phrase) in enumerate(named_objects):
        if object_phrase[1] not in (None, "MISC") or not any(t.like_num for t in obj.lefts):
            continue
        bare = [c for c in obj.children if c.dep_ == "conj" and c.pos_ == "NOUN" and c.i not in helper.ent_of
                and not any(t.like_num for t in c.subtree)]
        if bare:
            words = [object_phrase[0]]
            for c in bare:
                cc = next((t.text for t in obj.children if t.dep_ == "cc" and t.i < c.i), "and")
                words += [cc, _EnSentence.plain_text(c)]
            named_objects[n] = (obj, (" ".join(words), object_phrase[1]))
            shared += bare
    objects = [o for o in objects if o not in shared]
    # a pronoun object is no thing to fold into a relation ("taped it out in October")
    plain_object = next((o for o in objects if helper.phrase(o) is None and o.pos_ != "PRON"), None)

    preps = []  # (preposition, object head) pairs; "in October", "in Oslo"
    for child in children + ([p for p in complement.children if p.dep_ == "prep"] if complement is not None else []):
        if _parenthetical_place(child, verb):
            continue
        if child.dep_ == "prep" or child.dep_ == "dative" and child.pos_ == "ADP":  # "granted a permit to X"
            for pobj in child.children:
                if pobj.dep_ == "pobj":
                    for conjunct in _EnSentence.with_conjuncts(pobj):
                        named = next((a for a in conjunct.children if a.dep_ == "appos" and a.pos_ == "PROPN"
                                      and helper.phrase(a) is not None), None) \
                            if conjunct.pos_ == "NOUN" and conjunct.i not in helper.ent_of else None
                        if named is None and conjunct.pos_ == "NOUN" and conjunct.lower_ in _EN_TITLE_WORDS:
                            named = _name_after_comma(conjunct, helper)
                            found = helper.phrase(named) if named is not None else None
                            if found is not None:
                                helper.discourse.people.add(found[0])  # "the defending champion, X,": X is a person
                        # "drew with the defending champion, Norway's Sindre Holt": the name in apposition
                        preps.append((child.lower_, named if named is not None else _through_part_noun(conjunct, helper)))
    # "will go on display from 6 March", "plans to file for approval in the United States": with no
    # object, the first prepositional phrase after the verb, a thing, completes the verb and is kept
    # in the relation of the others ("go on display from", "file for approval in")
    lead = None
    if not objects and not is_copula:
        after = max([verb.i] + [c.i for c in children if c.dep_ in ("prt", "neg")])
        first = next((c for c in children if c.dep_ == "prep" and c.i > verb.i), None)
        pobj = next((c for c in first.children if c.dep_ == "pobj"), None) if first is not None else None
        if first is not None and first.i == after + 1 and pobj is not None and pobj.pos_ == "NOUN" \
                and not helper.is_time(pobj) and helper.phrase(pobj) is None and pobj.lower_ not in _EN_PART_NOUNS \
                and not any(o.i != pobj.i and o.dep_ != "conj" and p == first.lower_ for p, o in preps):
            lead = (first, pobj)
            preps = [(p, o) for p, o in preps if o.i != pobj.i]
    # "will close for nine weeks from 11 January": how long is part of what happens from that day
    duration = _duration_after(verb, children, helper) if not objects and lead is None and not is_copula else ""
    completed = None  # "will put the map on display in April": a thing after the object completes the verb
    if len(objects) == 1 and not is_copula:
        first = next((c for c in children if c.dep_ == "prep" and c.i > objects[0].i), None)
        pobj = next((c for c in first.children if c.dep_ == "pobj"), None) if first is not None else None
        if first is not None and first.i == objects[0].right_edge.i + 1 and pobj is not None and pobj.pos_ == "NOUN" \
                and pobj.tag_ == "NN" and not list(pobj.lefts) and not list(pobj.rights) and not helper.is_time(pobj) \
                and helper.phrase(pobj) is None and pobj.lower_ not in _EN_PART_NOUNS:  # "on display", "on hold"
            completed = (first, pobj)
            preps = [(p, o) for p, o in preps if o.i != pobj.i]
    for obj in objects:
        # "rebuilt the main stand in 2022": the parser hangs the date on the object; it dates the deed
        for prep in obj.children:
            if prep.dep_ == "prep" and prep.lower_ in ("in", "on", "during"):
                preps += [(prep.lower_, p) for p in prep.children if p.dep_ == "pobj" and helper.is_absolute_time(p)]
    times = [(p, o) for p, o in preps if helper.is_absolute_time(o)]
    if len(objects) == 1 and objects[0].pos_ == "NOUN" and any(t.ent_type_ == "MONEY" for t in objects[0].lefts):
        # "build a $260 million pet food plant in Emporia": the parser hangs the place on the thing built
        preps += [(c.lower_, p) for c in objects[0].children if c.dep_ == "prep" and c.lower_ in ("in", "at", "near")
                  for p in c.children if p.dep_ == "pobj" and p.ent_type_ in ("GPE", "LOC", "FAC")]

    # "Harrowgate & Finch's best-selling series ... has sold": a name with 's owns the subject, it is not it
    subjects = [(s, p) for s, p in subjects if not _possessor(s, helper)]
    subject_phrases = [p for p in (helper.phrase(s, as_subject=True) for s, _ in subjects) if p is not None]
    yield from _appointed_as_facts_en(children, objects, subject_phrases, sentence, helper, modality)
    for child in children:
        if child.dep_ == "oprd" and subject_phrases:
            # "Tomas Varga was appointed chief financial officer of Rivelle Motors" → (Varga, chief financial officer of, ...)
            yield from _role_facts_en(child, subject_phrases, sentence, helper, emit)
    common_subject = False
    if not subject_phrases:
        # "Repairs to the Vasa bridge cost 41 million euros": a thing as subject, kept only
        # with a named object or a number (below), never thing–verb–thing
        subject_phrases = [p for p in (helper.phrase(s, common=True) for s, _ in subjects) if p is not None]
        common_subject = bool(subject_phrases)
    if not subject_phrases:
        return
    # A quantity is true of a period: "sold 2139 cars in October" → (X, sell in October,
    # 2139 cars). A fact about named things ("acquired Y in March") holds without its date.
    time_suffix = ""
    if times:
        preposition, when = times[0]
        when_ent = helper.ent_of.get(when.i)
        if when_ent is not None and when_ent.start > 0 and when.doc[when_ent.start - 1].pos_ == "ADP" \
                and when_ent.start <= when.i - 1:
            preposition = when.doc[when_ent.start - 1].lower_  # "in the year to March", not "to the year to March"
        time_suffix = _join(preposition, when_ent.text if when_ent is not None else when.text)
    folded_time = False
    prep_facts = False
    for obj, object_phrase in named_objects:
        quantity = any(t.like_num for t in obj.subtree) and object_phrase[1] in (None, "MISC")
        # "has put 40 extra crews on standby": the bare noun after the count completes the verb ("put on standby")
        base_here = _join(base, completed[0].lower_, completed[1].text) if completed is not None and quantity else base
        relation = _join(base_here, time_suffix) if quantity else base
        if quantity:
            # "pay about $700 million in cash": how it is paid is part of what is asked
            means = next((f"in {p.lower_}" for c in obj.children if c.dep_ == "prep" and c.lower_ == "in"
                          for p in c.children if p.dep_ == "pobj" and p.lemma_.lower() in _EN_PAYMENT_MEANS), "")
            # "lost 118 million litres of water a day": the amount is a rate, and the question must say so
            rate = next((f"{d.lower_} {c.lower_}" for c in list(children) + list(obj.children)
                         if c.dep_ == "npadvmod" and c.lemma_.lower() in _EN_RATE_NOUNS
                         for d in c.children if d.dep_ == "det" and d.lower_ in ("a", "an", "per", "each", "every")), "")
            # "scored 9 tries last season", "made 58 appearances over three seasons": the period the count is of
            period = _count_period(verb, obj, helper) if not time_suffix else ""
            # "spent £410,000 on new players": what money went on is part of the amount's fact
            spent_on = next((_join("on", _EnSentence.plain_text(p)) for c in children
                             if c.dep_ == "prep" and c.lower_ == "on" and c.i > obj.i
                             and any(t.ent_type_ == "MONEY" for t in obj.subtree)
                             for p in c.children if p.dep_ == "pobj" and p.pos_ == "NOUN" and p.i not in helper.ent_of
                             and helper.phrase(p) is None), "")
            relation = _join(base_here, spent_on, means, rate, period, time_suffix)
            if len(_join(emit.prefix, relation).split()) > _EN_MAX_RELATION_WORDS:
                relation = _join(base_here, spent_on, means, rate, time_suffix)
            if len(_join(emit.prefix, relation).split()) > _EN_MAX_RELATION_WORDS:
                relation = _join(base_here, means, rate)  # "lose a day": the rate says more than the period
        folded_time = folded_time or (quantity and bool(time_suffix))
        for subject_phrase in subject_phrases:
            yield emit(subject_phrase, relation, object_phrase)
    for obj in objects:
        # "give it property tax abatements worth $18 million": the amount is what the thing is worth
        worth = next((c for c in obj.children if c.lower_ == "worth"), None)
        amount = next((c for c in worth.children if c.dep_ in ("npadvmod", "pobj", "dobj") and (
            c.like_num or c.ent_type_ == "MONEY")), None) if worth is not None else None
        amount_phrase = helper.phrase(amount) if amount is not None else None
        if amount_phrase is not None and obj.pos_ == "NOUN":
            relation = _join(base, _EnSentence.plain_text(obj, det=False), "worth")
            if len(_join(emit.prefix, relation).split()) <= _EN_MAX_RELATION_WORDS:
                for subject_phrase in subject_phrases:
                    yield emit(subject_phrase, relation, amount_phrase)
    for preposition, pobj in preps:
        if folded_time and (preposition, pobj) == times[0]:
            continue  # part of the quantity fact above
        # a thing named only by its price ("a $260 million pet food plant"), not a count ("200 workers")
        counted = [o for o, p in named_objects if p[1] in (None, "MISC") and o.pos_ == "NOUN" and o.i not in helper.ent_of
                   and any(t.ent_type_ == "MONEY" or t.pos_ == "SYM" for t in o.lefts)]
        if named_objects and not (len(named_objects) == 1 and counted and not helper.is_time(pobj)
                                  and preposition in ("in", "at", "near")):
            # "founded Tidewave Robotics in Rotterdam": (X, found in, Rotterdam) would drop
            # what was founded; the fact about the named object stands on its own
            continue
        if pobj.lower_ in _EN_GENERIC_NOUNS and not helper.is_absolute_time(pobj):
            continue  # "for the first time", "at the same time": no thing to ask about
        if plain_object is not None and not named_objects and any(
                c.dep_ == "prep" and c.lower_ == "of" for c in plain_object.children):
            continue  # "take delivery of eight trains by 2027": the object's "of" is what is delivered, not "delivery"
        object_phrase = helper.phrase(pobj)
        if object_phrase is None:
            continue
        middle = helper.plain_text(plain_object) if plain_object is not None and not named_objects else ""
        if named_objects:
            # "build a $260 million pet food plant in Emporia" -> "build a pet food plant in": the thing, not its price
            thing = counted[0]
            words = [t for t in thing.subtree if t.i <= thing.i and not (t.like_num or t.ent_type_ in ("MONEY", "CARDINAL",
                     "QUANTITY", "PERCENT") or t.pos_ in ("SYM", "PUNCT") or t.dep_ in ("nummod", "quantmod"))]
            middle = " ".join(t.text for t in words)
        if lead is not None:
            middle = _join(lead[0].lower_, helper.plain_text(lead[1]))
        elif duration and not middle and preposition != "for":
            middle = duration
        elif completed is not None and middle:
            middle = _join(middle, completed[0].lower_, helper.plain_text(completed[1]))
        relation = _join(base, middle, preposition)
        if len(_join(emit.prefix, relation).split()) > _EN_MAX_RELATION_WORDS:
            continue  # too long to ask: the thing itself is the fact ("voted to scrap free Sunday parking")
        prep_facts = True
        for subject_phrase in subject_phrases:
            yield emit(subject_phrase, relation, object_phrase)
    if plain_object is not None and not named_objects and not common_subject and not prep_facts:
        # "Marcus Hale opened the new library" → (Marcus Hale, open, new library): a named
        # subject doing something to a thing (thing–verb–thing is never kept)
        thing = helper.phrase(plain_object, common=True)
        named_in_thing = [named for named in _named_prep_objects(plain_object, helper)
                          if thing is not None and thing[0].endswith(named[0])]
        if thing is not None and not named_in_thing:
            # "join the board of Lumen Energy" is asked by its name below ("Which organization will
            # Henrik Dahl join the board of?"); "What will he join? -> the board of Lumen Energy" asks it twice
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, base, thing)
    if lead is not None and not prep_facts and not common_subject:
        # "the cooperative will appeal against the permit" → (cooperative, appeal against, permit)
        thing = helper.phrase(lead[1], common=True)
        if thing is not None:
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, _join(base, lead[0].lower_), thing)
    if plain_object is not None and not named_objects:
        # "announced a partnership with OpenAI" → (X, announce a partnership with, OpenAI)
        for prep in plain_object.children:
            if prep.dep_ != "prep" or _parenthetical_place(prep, plain_object):
                continue
            for pobj in prep.children:
                if pobj.dep_ != "pobj" or helper.is_time(pobj):
                    continue
                for conjunct in _EnSentence.with_conjuncts(pobj):
                    object_phrase = helper.phrase(conjunct)
                    if object_phrase is None:
                        continue
                    relation = _join(base, helper.plain_text(plain_object), prep.lower_)
                    for subject_phrase in subject_phrases:
                        yield emit(subject_phrase, relation, object_phrase)


#: nouns of roles only people hold: "X, the chief executive of Y" makes X a person who works for Y
_EN_PERSON_ROLES = frozenset({
    "executive", "director", "chair", "chairman", "chairwoman", "chairperson", "president", "founder", "co-founder",
    "head", "manager", "minister", "spokesperson", "spokesman", "spokeswoman", "secretary", "officer", "ceo", "cfo",
    "coo", "cto", "editor", "leader", "mayor", "governor", "coach", "captain", "partner", "analyst", "professor",
    "researcher", "economist", "chancellor", "commissioner", "ambassador", "treasurer", "trustee", "curator",
    "principal", "dean", "superintendent", "inspector", "chief", "deputy", "vice-president", "employee", "member",
})
#: a role written as a title inside a person's name: "Striker Leon Osei", "Archivist Rachel Ames"
_EN_TITLE_WORDS = _EN_PERSON_ROLES | frozenset({
    "striker", "goalkeeper", "defender", "midfielder", "winger", "forward", "midfield", "judge", "justice",
    "archivist", "historian", "senator", "councillor", "chancellor", "premier", "general", "colonel", "captain",
    "sergeant", "constable", "detective", "bishop", "rabbi", "imam", "father", "sister", "nurse", "surgeon", "rider",
    "driver", "grandmaster", "champion", "skipper", "reverend", "president", "chairman", "manager", "coach",
})
#: nouns for people that tabloid and local copy put before a name ("nurse Leanne Hardcastle", "Surrey
#: businessman Derek Vane", "Mum-of-two Jess Lumley"): the name after them is a person's
_EN_PERSON_NOUNS = frozenset({
    "nurse", "vet", "teacher", "businessman", "businesswoman", "pensioner", "neighbour", "neighbor", "fisherman",
    "grandmother", "grandfather", "gran", "grandad", "mother", "father", "mum", "dad", "student", "farmer", "resident",
    "shopkeeper", "landlord", "landlady", "tenant", "worker", "owner", "trader", "widow", "widower", "retiree",
    "veteran", "volunteer", "campaigner", "lawyer", "solicitor", "doctor", "gp", "paramedic", "firefighter",
    "officer", "dancer", "singer", "actor", "actress", "artist", "author", "writer", "entrepreneur", "boss",
    # players by position ("the prop X", "half-back X")
    "prop", "hooker", "half-back", "full-back", "fly-half", "scrum-half", "stand-off", "loosehead", "tighthead",
    "keeper", "batsman", "batter", "bowler", "jockey", "pitcher", "quarterback", "playmaker", "centre-back",
})
#: verbs that need what their object does: "helps museums buy works", "allows customers to ..."
_EN_CAUSATIVE = frozenset({"help", "enable", "allow", "let", "permit", "encourage", "persuade"})
#: verbs of claiming: what follows is the claim's clause (the parser may make its subject their object)
_EN_CLAIMS = frozenset({"insist", "claim", "argue", "admit", "suggest", "hint", "fume", "laugh", "stress", "maintain",
                        "contend", "assert", "allege", "concede", "predict", "fear", "reckon"})
#: verbs of saying: their facts are attribution, which the key facts leave out
_EN_SPEECH = frozenset({"say", "tell"})
#: nouns that name a part or a kind of a place: "the summit of Hardknott Pass", "the Polish city of Poznań"
_EN_PART_NOUNS = frozenset({
    "top", "summit", "foot", "bottom", "edge", "end", "side", "centre", "center", "heart", "middle", "outskirts",
    "city", "town", "village", "hamlet", "region", "province", "county", "district", "island", "port", "area",
    "coast", "shore", "banks", "capital", "suburb",
})
_EN_WH = frozenset({"how", "why", "whether", "what", "who", "which", "where", "when"})


def _unconfirmed(verb) -> bool:
    """The clause of a negated verb of saying: "the ministry did not confirm that X had won"."""
    while verb.dep_ == "conj" and verb.head.i != verb.i:
        verb = verb.head
    head = verb.head
    return verb.dep_ == "ccomp" and head.i != verb.i and _verb_lemma(head) in _EN_REPORTING \
        and any(c.dep_ == "neg" for c in head.children)


def _embedded_question(verb) -> bool:
    """ "could limit how widely doctors use the drug", "asked whether X would sell": a clause that asks."""
    if verb.dep_ not in ("ccomp", "xcomp", "advcl", "csubj") or verb.head.i == verb.i:
        return False
    first = verb.left_edge
    relative = first.lower_ in ("which", "who", "whom", "whose", "where", "when") and _relative_antecedent(first) is not None
    if first.lower_ in _EN_WH and first.i < verb.i and not relative:
        if first.lower_ in ("which", "who") and first.dep_ in _EN_SUBJ:
            return False
        return first.lower_ != "when" or verb.dep_ != "advcl"
    return any(c.dep_ == "mark" and c.lower_ == "whether" for c in verb.children)


#: verbs of claiming that also take a thing as object: "admitted 14 counts of fraud", "claimed the title",
#: "will maintain the bridge" are deeds, not claims
_EN_CLAIMS_OF_THINGS = frozenset({"admit", "concede", "claim", "maintain"})


def _claims_a_thing(verb, lemma: str) -> bool:
    """ "Allender admitted 14 counts of fraud": a common noun as the object and no clause after it."""
    return lemma in _EN_CLAIMS_OF_THINGS \
        and any(c.dep_ == "dobj" and c.pos_ == "NOUN" and not _clause_subject_as_object(verb, c) for c in verb.children) \
        and not any(c.dep_ in ("ccomp", "xcomp", "advcl", "parataxis") for c in verb.children)


def _clause_subject_as_object(verb, obj) -> bool:
    """ "will move to the larger hall next year after all 600 seats sold out": the parser made "seats"
    the object of "move", but a direct object does not come after the verb's prepositional phrases
    with a verb of its own; it is the subject of that verb."""
    return obj.dep_ == "dobj" and any(c.dep_ == "prep" and verb.i < c.i < obj.i for c in verb.children) \
        and any(c.dep_ == "acl" and c.tag_ in ("VBN", "VBD") for c in obj.children)


def _zero_relative_object(verb) -> bool:
    """A relative clause with no relative pronoun, a subject of its own and no object ("a refinery it
    is building in Kokkola"): its noun is the verb's object. Not with a preposition left without its
    object ("the town it moved to") nor for a time or a reason ("the day it opened")."""
    head = verb.head
    if verb.dep_ != "relcl" or head.pos_ != "NOUN" or head.lower_ in _EN_GENERIC_NOUNS or head.ent_type_:
        return False
    children = list(verb.children)
    if not any(c.dep_ == "nsubj" and c.lower_ not in _EN_RELATIVE for c in children):
        return False
    if any(c.lower_ in _EN_RELATIVE or c.dep_ in ("dobj", "ccomp", "xcomp", "attr", "acomp", "auxpass") for c in children):
        return False
    return not any(c.dep_ == "prep" and not any(p.dep_ in ("pobj", "pcomp") for p in c.children) for c in children) \
        and head.lower_ not in ("reason", "way", "day", "time", "moment", "place", "year", "week", "month")


def _relative_antecedent(pronoun):
    """The noun a relative pronoun stands for ("the auction, which the regulator plans to hold")."""
    token = pronoun
    for _ in range(6):
        if token.dep_ == "relcl":
            return token.head
        if token.head.i == token.i:
            return None
        token = token.head
    return None


def _through_part_noun(pobj, helper: _EnSentence):
    """ "on the summit of Hardknott Pass" → Hardknott Pass; "near the Polish city of Poznań" → Poznań:
    a part or kind of a place, followed by its name, stands for the name."""
    if pobj.pos_ != "NOUN" or pobj.lower_ not in _EN_PART_NOUNS or pobj.i in helper.ent_of:
        return pobj
    of = next((c for c in pobj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    inner = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if inner is not None and helper.phrase(inner) is not None:
        return inner
    return pobj


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
    if not produced and owner is not None and noun.i not in helper.ent_of:
        # "Dr Owen Pritchard, the museum's director" → (Owen Pritchard, director of, Tarnside Museum);
        # "Annika Sommer, Veltrane's head of cardiovascular research" → (..., head of cardiovascular research at, Veltrane);
        # "Its director, Helena Vos," → the thing "it" would point back at
        owner_phrase = helper.resolve_its(owner) if owner.lower_ == "its" else helper.phrase(owner)
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
            field = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
            field_noun = next((c for c in field.children if c.dep_ == "pobj"), None) if field is not None else None
            if field_noun is not None and field_noun.pos_ == "NOUN":
                role = _join(role, "of", _EnSentence.plain_text(field_noun, det=False))
            relation = _join(role, "at" if field_noun is not None else "of")
            for subject_phrase in people:
                produced = True
                helper.discourse.affiliate(subject_phrase, owner_phrase)
                yield emit(subject_phrase, relation, (owner_phrase[0], helper.discourse.label(*owner_phrase)))
    if not produced:
        object_phrase = helper.phrase(noun)
        if object_phrase is not None and object_phrase[1] is not None:
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, "be", object_phrase)


def _role_text(noun) -> str:
    """"the chief executive officer" → "chief executive officer" (modifiers kept, determiner dropped)."""
    left = [t for t in noun.lefts if t.dep_ in ("amod", "compound")]
    return " ".join([t.text for t in left] + [noun.text])


def _appositive_facts_en(appos, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    """"Anna Berg, the CEO of Harbour Logistics," → (Anna Berg, CEO of, Harbour Logistics)."""
    anchor = helper.phrase(appos.head, as_subject=True)
    role = appos.head
    if anchor is None and role.pos_ == "NOUN" and role.lemma_.lower() in _EN_PERSON_ROLES \
            and (appos.pos_ == "PROPN" or appos.i in helper.ent_of):
        # "Its director, Helena Vos, wants ...": the role comes first, the name in apposition
        named = helper.phrase(appos, as_subject=True)
        if named is not None:
            yield from _role_facts_en(role, [named], sentence, helper)
        return
    if anchor is None or appos.i in helper.ent_of:
        return  # "X, Y," with Y itself a named entity: an alias, not a relation
    yield from _role_facts_en(appos, [anchor], sentence, helper)


