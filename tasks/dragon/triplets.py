"""DRAGON stage "triplet extraction": (subject, relation, object) facts from the increment.

Only ``IncrementDoc.new_paragraphs`` are read: a new version of an article contributes
only the facts its new paragraphs state.

Two engines:

``rules``
    Dependency patterns over a real parse. English: spaCy (all paragraphs of the batch in
    one ``nlp.pipe`` stream); Russian: natasha (one Doc per article). Patterns:
    subject–verb–object (active, passive with and without agent, relative clauses,
    shared subjects of coordinated verbs), prepositional objects ("headquartered in Oslo"),
    copular "X is the CEO of Y" and appositive "X, the CEO of Y," (both → ``(X, CEO of, Y)``).
    Subjects and objects must be named entities, proper-noun phrases or number phrases
    ("2139 cars"); pronouns and bare common nouns ("the company") are dropped — a question
    about "it" answers nothing. Relations are lemma-normalised: English verbs as lemmas
    ("acquire"), passives as "be <participle> <prep>" ("be headquartered in"), noun
    relations as "<noun> <prep>" ("CEO of"); Russian verbs as lemma + preposition
    ("приобрести", "находиться в"), noun relations in the nominative ("глава").
    Russian entities are natasha NER spans in their normal form (nominative).

``llm``
    prompts/<lang>/triplets.j2, one call per chunk of new paragraphs (at most
    ``chunk_chars`` characters, split at paragraph, then sentence boundaries). A reply
    that cannot be used becomes one :class:`schemas.Failure` for that chunk; other chunks
    and documents go on. ``LLMUnavailable`` (endpoint down) propagates.

Triplet ids are content-derived: sha256 of (version_id, sentence, subject, relation,
object), so re-extracting a version upserts, never duplicates.
"""
from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

from pydantic import BaseModel, Field

from benchmill import nlp
from benchmill.engines import EngineConfig
from benchmill.llm import failure_reason
from benchmill.prompts import render
from schemas import Failure, IncrementDoc, LLMUsage, Triplet

log = logging.getLogger(__name__)

STAGE = "triplets"
PROMPT_NAME = "triplets"


class TripletConfig(BaseModel):
    max_triplets_per_doc: int = Field(200, ge=1, description="extra triplets of a document are dropped (logged)")
    chunk_chars: int = Field(2000, ge=200, description="llm engine: characters of new paragraphs per call")
    max_relation_words: int = Field(6, ge=1, description="longer relation phrases are not facts one can ask about")
    max_entity_chars: int = Field(80, ge=10, description="longer subject/object phrases are parse noise")
    spacy_batch_size: int = Field(64, ge=1, description="rules engine: paragraphs per spaCy nlp.pipe batch")


class TripletBatch(BaseModel):
    triplets: list[Triplet]
    failures: list[Failure]
    usage: LLMUsage = LLMUsage()


def triplet_id(version_id: str, sentence: str, subject: str, relation: str, obj: str) -> str:
    """Stable id of one extracted triplet (content-derived: re-extraction upserts)."""
    payload = "\x1f".join((version_id, sentence, subject, relation, obj))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


def extract_triplets(
    docs: list[IncrementDoc], engine: EngineConfig, config: TripletConfig = TripletConfig()
) -> TripletBatch:
    """Triplets from the new paragraphs of ``docs``, with one Failure per unusable input.

    Output order: documents in input order, triplets in text order within a document.
    """
    if engine.kind == "rules":
        return _extract_rules(docs, config)
    if engine.kind == "llm":
        return _extract_llm(docs, engine, config)
    raise ValueError(f"unknown engine kind {engine.kind!r}")


# =========================================================================== shared


@dataclass(frozen=True)
class _Fact:
    sentence: str
    subject: str
    relation: str
    object: str
    subject_label: str | None
    object_label: str | None


_SPACE = re.compile(r"\s+")


def _clean(text: str) -> str:
    return _SPACE.sub(" ", text).strip(" \t\n,;:")


class _DocCollector:
    """Validates, deduplicates and caps the facts of one document version."""

    def __init__(self, doc: IncrementDoc, engine: str, config: TripletConfig):
        self.doc = doc
        self.engine = engine
        self.config = config
        self.triplets: list[Triplet] = []
        self._seen: set[str] = set()
        self.dropped = 0

    def add(self, fact: _Fact) -> None:
        subject, relation, obj = _clean(fact.subject), _clean(fact.relation), _clean(fact.object)
        sentence = _clean(fact.sentence)
        if not subject or not relation or not obj or not sentence:
            return
        if subject.casefold() == obj.casefold():
            return
        if len(relation.split()) > self.config.max_relation_words:
            return
        if len(subject) > self.config.max_entity_chars or len(obj) > self.config.max_entity_chars:
            return
        tid = triplet_id(self.doc.version_id, sentence, subject, relation, obj)
        if tid in self._seen:
            return
        if len(self.triplets) >= self.config.max_triplets_per_doc:
            self.dropped += 1
            return
        self._seen.add(tid)
        self.triplets.append(
            Triplet(
                triplet_id=tid,
                doc_id=self.doc.doc_id,
                version_id=self.doc.version_id,
                lang=self.doc.lang,
                sentence=sentence,
                subject=subject,
                relation=relation,
                object=obj,
                subject_label=fact.subject_label,
                object_label=fact.object_label,
                engine=self.engine,
            )
        )

    def finish(self) -> list[Triplet]:
        if self.dropped:
            log.info(
                "triplets: %s kept the first %d triplets, dropped %d (max_triplets_per_doc)",
                self.doc.doc_id, self.config.max_triplets_per_doc, self.dropped,
            )
        return self.triplets


def _paragraphs(doc: IncrementDoc) -> list[str]:
    """The new paragraphs, stripped; one over the model's length limit goes in pieces (issue 7.4)."""
    out: list[str] = []
    for p in doc.new_paragraphs:
        if p and p.strip():
            out += [piece.strip() for _, piece in nlp.text_chunks(p.strip()) if piece.strip()]
    return out


def _failure(doc: IncrementDoc, reason: str, kind: str = "permanent") -> Failure:
    return Failure(stage=STAGE, key=doc.doc_id, reason=reason, kind=kind)


# =========================================================================== rules engine


def _extract_rules(docs: list[IncrementDoc], config: TripletConfig) -> TripletBatch:
    triplets: list[Triplet] = []
    failures: list[Failure] = []
    english = [d for d in docs if d.lang == "en"]
    results: dict[int, list[Triplet]] = {}
    if english:
        en_results, en_failures = _rules_en(english, config)
        results.update(en_results)
        failures += en_failures
    for doc in docs:
        if doc.lang != "ru":
            continue
        try:
            results[id(doc)] = _rules_ru(doc, config)
        except Exception as exc:  # one unparseable article must not sink the batch
            log.exception("triplets: rules extraction failed for %s", doc.doc_id)
            failures.append(_failure(doc, f"rules extraction failed: {type(exc).__name__}: {exc}"))
    for doc in docs:
        if doc.lang not in ("en", "ru"):
            failures.append(_failure(doc, f"unsupported language {doc.lang!r}"))
        triplets += results.get(id(doc), [])
    return TripletBatch(triplets=triplets, failures=failures, usage=LLMUsage())


# --------------------------------------------------------------------------- English


def _rules_en(docs: list[IncrementDoc], config: TripletConfig) -> tuple[dict[int, list[Triplet]], list[Failure]]:
    """All paragraphs of all English docs through one nlp.pipe stream, then per-doc patterns."""
    failures: list[Failure] = []
    owners: list[IncrementDoc] = []
    texts: list[str] = []
    for doc in docs:
        for paragraph in _paragraphs(doc):
            owners.append(doc)
            texts.append(paragraph)
    try:
        parsed = list(zip(owners, nlp.parse_en(texts, batch_size=config.spacy_batch_size)))
    except Exception:  # a paragraph that crashes the batch: parse one document at a time
        log.exception("triplets: batched spaCy parse failed; parsing document by document")
        parsed = []
        for doc in docs:
            try:
                parsed += [(doc, d) for d in nlp.parse_en(_paragraphs(doc), batch_size=config.spacy_batch_size)]
            except Exception as exc:
                failures.append(_failure(doc, f"spaCy could not parse the document: {type(exc).__name__}: {exc}"))

    collectors = {id(doc): _DocCollector(doc, "rules", config) for doc in docs}
    broken: set[int] = {id(d) for d in docs if any(f.key == d.doc_id for f in failures)}
    for doc, spacy_doc in parsed:
        if id(doc) in broken:
            continue
        try:
            for fact in _facts_en(spacy_doc):
                collectors[id(doc)].add(fact)
        except Exception as exc:
            log.exception("triplets: pattern matching failed for %s", doc.doc_id)
            failures.append(_failure(doc, f"rules extraction failed: {type(exc).__name__}: {exc}"))
            broken.add(id(doc))
    return {key: c.finish() for key, c in collectors.items() if key not in broken}, failures


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


class _EnSentence:
    """Noun-phrase helpers over one spaCy sentence (entity lookup precomputed once per doc)."""

    __slots__ = ("ent_of",)

    def __init__(self, ent_of: dict[int, object]):
        self.ent_of = ent_of

    def phrase(self, head, as_subject: bool = False) -> tuple[str, str | None] | None:
        """(text, NER label) of the noun phrase headed by ``head`` if it names something.

        Kept: compounds, adjectives, numbers and quantifiers left of the head, widened to
        whole entities ("Nordic Freight Ltd.", "$5 million"). It names something when the
        head itself is inside a named entity or is a proper noun, or the phrase holds a
        number ("2139 cars"). A named modifier alone is not enough: "Ghanaian winger",
        "Stuttgart carmaker" describe, they do not name. Dates count only when absolute
        ("October 2024", "1991", not "Monday", "the same year"). A subject must be a
        name, never a number or date: "October was the best month" states nothing about
        an entity.
        """
        if head.pos_ == "PRON" or head.lower_ in _EN_RELATIVE:
            return None
        start = end = head.i
        stack = [head]
        while stack:
            token = stack.pop()
            for child in token.children:
                if child.dep_ in _EN_NP_KEEP and child.i < head.i:
                    if child.i < start:
                        start = child.i
                    stack.append(child)
        ent_of = self.ent_of
        head_ent = ent_of.get(head.i)
        if head_ent is not None:
            start, end = min(start, head_ent.start), max(end, head_ent.end - 1)
        doc = head.doc
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
        span = doc[start : end + 1]
        text = span.text
        if span[0].lower_ in ("the", "a", "an") and len(span) > 1:
            text = text.split(" ", 1)[1]
        if text.endswith(("'s", "’s")):
            text = text[:-2]
        return text, (nlp.spacy_label(label) if label is not None else None)

    @staticmethod
    def with_conjuncts(token) -> list:
        out = [token]
        for child in token.children:
            if child.dep_ == "conj":
                out.extend(_EnSentence.with_conjuncts(child))
        return out

    @staticmethod
    def plain_text(token) -> str:
        """A common-noun object as written, for folding into the relation ("open a new terminal in")."""
        left = [t for t in token.lefts if t.dep_ in ("det", "amod", "compound", "nummod", "poss")]
        return " ".join([t.text for t in left] + [token.text])

    def is_time(self, token) -> bool:
        ent = self.ent_of.get(token.i)
        return ent is not None and ent.label_ in _EN_TIME_LABELS

    def is_absolute_time(self, token) -> bool:
        ent = self.ent_of.get(token.i)
        return ent is not None and ent.label_ in _EN_TIME_LABELS and _absolute_date(ent.text)


def _facts_en(doc) -> Iterator[_Fact]:
    ent_of: dict[int, object] = {}
    for ent in doc.ents:
        for i in range(ent.start, ent.end):
            ent_of[i] = ent
    helper = _EnSentence(ent_of)
    for sent in doc.sents:
        sentence = sent.text
        for token in sent:
            pos = token.pos_
            if pos == "VERB" or (pos == "AUX" and token.dep_ in ("ROOT", "conj", "ccomp", "relcl", "advcl")):
                yield from _verb_facts_en(token, sentence, helper)
            elif token.dep_ == "appos":
                yield from _appositive_facts_en(token, sentence, helper)


def _subjects_en(verb, helper: _EnSentence) -> list[tuple[object, bool]]:
    """Subject head tokens of ``verb`` with whether the subject is passive."""
    subjects = [(c, c.dep_ == "nsubjpass") for c in verb.children if c.dep_ in _EN_SUBJ]
    anchor = verb  # the verb whose subject it is (for relative-clause resolution)
    if not subjects and verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
        # "X acquired Y and sold Z": the second verb shares the first one's subject, but
        # not its voice ("is based in Oslo and manages ..." — "manages" is active)
        anchor = verb.head
        own_passive = any(c.dep_ == "auxpass" for c in verb.children)
        subjects = [(c, own_passive) for c in anchor.children if c.dep_ in _EN_SUBJ]
    if not subjects and verb.dep_ == "acl" and verb.tag_ == "VBN":
        # "Harbour Logistics, based in Oslo, ..." : a participle modifying its noun
        subjects = [(verb.head, True)]
    resolved = []
    for subject, passive in subjects:
        if subject.lower_ in _EN_RELATIVE and anchor.dep_ == "relcl":
            subject = anchor.head  # "X, which is based in Oslo" → X
        for conjunct in _EnSentence.with_conjuncts(subject):
            resolved.append((conjunct, passive))
    return resolved


def _verb_facts_en(verb, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    children = list(verb.children)
    if any(c.dep_ == "neg" for c in children):
        return  # "did not acquire": a negated statement is not a fact to ask about
    subjects = _subjects_en(verb, helper)
    if not subjects:
        return
    particle = " ".join(c.lower_ for c in children if c.dep_ == "prt")
    passive = any(c.dep_ == "auxpass" for c in children) or any(p for _, p in subjects)
    if passive and verb.tag_ != "VBN":
        passive = False  # "has invested", "manages": only a past participle can be passive
    lemma = verb.lemma_.lower()
    is_copula = lemma == "be"

    # agent of a passive: "Y was acquired by X" → (X, acquire, Y)
    agents = []
    for child in children:
        if child.dep_ == "agent":
            agents += [p for p in child.children if p.dep_ == "pobj"]
    if passive and agents and not is_copula:
        relation = _join(lemma, particle)
        for agent_head in agents:
            for agent in _EnSentence.with_conjuncts(agent_head):
                agent_phrase = helper.phrase(agent, as_subject=True)
                if agent_phrase is None:
                    continue
                for subject, _ in subjects:
                    subject_phrase = helper.phrase(subject)  # the patient of a passive may be anything named
                    if subject_phrase is not None:
                        yield _fact(sentence, agent_phrase, relation, subject_phrase)
        return

    if is_copula:
        yield from _copular_facts_en(verb, children, subjects, sentence, helper)
        return
    base = _join("be", verb.lower_, particle) if passive else _join(lemma, particle)

    objects = []
    for child in children:
        if child.dep_ in _EN_OBJ:
            objects += _EnSentence.with_conjuncts(child)
    named_objects = [(o, helper.phrase(o)) for o in objects]
    named_objects = [(o, p) for o, p in named_objects if p is not None]
    plain_object = next((o for o in objects if helper.phrase(o) is None), None)

    preps = []  # (preposition, object head) pairs; "in October", "in Oslo"
    for child in children:
        if child.dep_ == "prep":
            for pobj in child.children:
                if pobj.dep_ == "pobj":
                    for conjunct in _EnSentence.with_conjuncts(pobj):
                        preps.append((child.lower_, conjunct))
    times = [(p, o) for p, o in preps if helper.is_absolute_time(o)]

    subject_phrases = [p for p in (helper.phrase(s, as_subject=True) for s, _ in subjects) if p is not None]
    if not subject_phrases:
        return
    # A quantity is true of a period: "sold 2139 cars in October" → (X, sell in October,
    # 2139 cars). A fact about named things ("acquired Y in March") holds without its date.
    time_suffix = ""
    if times:
        preposition, when = times[0]
        when_ent = helper.ent_of.get(when.i)
        time_suffix = _join(preposition, when_ent.text if when_ent is not None else when.text)
    folded_time = False
    for obj, object_phrase in named_objects:
        quantity = any(t.like_num for t in obj.subtree) and object_phrase[1] in (None, "MISC")
        relation = _join(base, time_suffix) if quantity else base
        folded_time = folded_time or (quantity and bool(time_suffix))
        for subject_phrase in subject_phrases:
            yield _fact(sentence, subject_phrase, relation, object_phrase)
    for preposition, pobj in preps:
        if folded_time and (preposition, pobj) == times[0]:
            continue  # part of the quantity fact above
        if named_objects:
            # "founded Tidewave Robotics in Rotterdam": (X, found in, Rotterdam) would drop
            # what was founded; the fact about the named object stands on its own
            continue
        object_phrase = helper.phrase(pobj)
        if object_phrase is None:
            continue
        middle = helper.plain_text(plain_object) if plain_object is not None and not named_objects else ""
        relation = _join(base, middle, preposition)
        for subject_phrase in subject_phrases:
            yield _fact(sentence, subject_phrase, relation, object_phrase)
    if plain_object is not None and not named_objects:
        # "announced a partnership with OpenAI" → (X, announce a partnership with, OpenAI)
        for prep in plain_object.children:
            if prep.dep_ != "prep":
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
                        yield _fact(sentence, subject_phrase, relation, object_phrase)


def _copular_facts_en(verb, children, subjects, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    """"X is the CEO of Y" → (X, CEO of, Y); "X is Y" (Y named) → (X, be, Y); "X is based in Y"."""
    subject_phrases = [p for p in (helper.phrase(s, as_subject=True) for s, _ in subjects) if p is not None]
    if not subject_phrases:
        return
    for child in children:
        if child.dep_ == "attr":
            for attribute in _EnSentence.with_conjuncts(child):
                yield from _role_facts_en(attribute, subject_phrases, sentence, helper)
        elif child.dep_ == "acomp":
            # "X is responsible for Y"
            for prep in child.children:
                if prep.dep_ != "prep":
                    continue
                for pobj in prep.children:
                    if pobj.dep_ == "pobj":
                        object_phrase = helper.phrase(pobj)
                        if object_phrase is not None:
                            relation = _join("be", child.lower_, prep.lower_)
                            for subject_phrase in subject_phrases:
                                yield _fact(sentence, subject_phrase, relation, object_phrase)
        elif child.dep_ == "prep":
            # "X is in Y" is rarely a fact worth a question; "X is at Y" neither: skipped
            continue


def _role_facts_en(noun, subject_phrases, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    """A role noun with a prepositional entity ("CEO of Y") links each subject to Y."""
    produced = False
    for prep in noun.children:
        if prep.dep_ != "prep" or prep.lower_ not in _EN_COPULA_NOUN_PREPS:
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj":
                continue
            for conjunct in _EnSentence.with_conjuncts(pobj):
                object_phrase = helper.phrase(conjunct)
                if object_phrase is None:
                    continue
                relation = _join(_role_text(noun), prep.lower_)
                for subject_phrase in subject_phrases:
                    produced = True
                    yield _fact(sentence, subject_phrase, relation, object_phrase)
    if not produced:
        object_phrase = helper.phrase(noun)
        if object_phrase is not None and object_phrase[1] is not None:
            for subject_phrase in subject_phrases:
                yield _fact(sentence, subject_phrase, "be", object_phrase)


def _role_text(noun) -> str:
    """"the chief executive officer" → "chief executive officer" (modifiers kept, determiner dropped)."""
    left = [t for t in noun.lefts if t.dep_ in ("amod", "compound")]
    return " ".join([t.text for t in left] + [noun.text])


def _appositive_facts_en(appos, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    """"Anna Berg, the CEO of Harbour Logistics," → (Anna Berg, CEO of, Harbour Logistics)."""
    anchor = helper.phrase(appos.head, as_subject=True)
    if anchor is None or appos.i in helper.ent_of:
        return  # "X, Y," with Y itself a named entity: an alias, not a relation
    yield from _role_facts_en(appos, [anchor], sentence, helper)


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _fact(sentence: str, subject: tuple[str, str | None], relation: str, obj: tuple[str, str | None]) -> _Fact:
    return _Fact(sentence, subject[0], relation, obj[0], subject[1], obj[1])


# --------------------------------------------------------------------------- Russian

_RU_SUBJ = frozenset({"nsubj", "nsubj:pass"})
_RU_OBJ = frozenset({"obj", "iobj"})
_RU_NP_KEEP = frozenset({"amod", "nummod", "nummod:gov", "flat:name", "flat", "compound"})
_RU_RELATIVE = frozenset({"который", "которая", "которое", "которые", "что", "кто"})
_RU_COPULAS = frozenset({"являться", "стать", "становиться", "оставаться", "остаться", "назначить", "избрать"})


class _RuSentence:
    """Pattern helpers over one natasha sentence."""

    def __init__(self, tokens, span_of: dict[str, object], vocab):
        self.tokens = tokens
        self.by_id = {t.id: t for t in tokens}
        self.children: dict[str, list] = {}
        for token in tokens:
            self.children.setdefault(token.head_id, []).append(token)
        self.span_of = span_of
        self.vocab = vocab

    def kids(self, token, rels=None) -> list:
        found = self.children.get(token.id, ())
        return [c for c in found if rels is None or c.rel in rels]

    def with_conjuncts(self, token) -> list:
        out = [token]
        for child in self.kids(token, ("conj",)):
            out.extend(self.with_conjuncts(child))
        return out

    def phrase(self, head) -> tuple[str, str | None] | None:
        """(text, NER label) of what ``head`` names, or None.

        A named-entity span in its normal (nominative) form; a common noun with a named
        appositive ("компания «Северный порт»") gives the appositive; a number phrase is
        kept as written ("2139 автомобилей"); a lone proper noun in its lemma.
        """
        if head.pos == "PRON" or head.text.lower() in _RU_RELATIVE:
            return None
        span = self.span_of.get(head.id)
        if span is not None:
            return span.normal, span.type
        for child in self.kids(head, ("appos", "flat:name", "nmod")):
            # "фирму «Балтийский транзит»": the name is an appositive of the common noun
            if child.rel == "nmod":
                continue
            span = self.span_of.get(child.id)
            if span is not None:
                return span.normal, span.type
        numbers = [c for c in self.kids(head, ("nummod", "nummod:gov")) if c.pos == "NUM"]
        if numbers or head.pos == "NUM":
            words = sorted([head, *numbers, *self.kids(head, ("amod",))], key=lambda t: t.start)
            return " ".join(t.text for t in words), None
        if head.pos == "PROPN":
            parts = sorted([head, *self.kids(head, ("flat:name", "flat"))], key=lambda t: t.start)
            return " ".join(_lemma(self.vocab, t).capitalize() for t in parts), None
        return None

    def role(self, noun) -> str:
        """A role noun with its adjectives in the nominative: "генеральным директором" → "генеральный директор".

        natasha's own normaliser, not lemmas: a participle keeps its form ("управляющий
        партнер", where the lemma would be the verb "управлять").
        """
        from natasha.norm import inflect_word

        parts = sorted([noun, *[c for c in self.kids(noun, ("amod",)) if c.id not in self.span_of]], key=lambda t: t.start)
        return " ".join(inflect_word(self.vocab, t) for t in parts)

    def as_written(self, noun) -> str:
        """A common noun with its adjectives as in the text: "роботов", "новый терминал"."""
        parts = sorted([noun, *self.kids(noun, ("amod",))], key=lambda t: t.start)
        return " ".join(t.text.lower() for t in parts)

    def preposition(self, token) -> str:
        cases = [c for c in self.kids(token, ("case",))]
        return " ".join(c.text.lower() for c in cases)


def _lemma(vocab, token) -> str:
    if token.lemma is None:
        token.lemmatize(vocab)
    return token.lemma.replace("ё", "е")


def _rules_ru(doc: IncrementDoc, config: TripletConfig) -> list[Triplet]:
    collector = _DocCollector(doc, "rules", config)
    paragraphs = _paragraphs(doc)
    if not paragraphs:
        return []
    vocab = nlp.morph_vocab()
    for _, piece in nlp.text_chunks("\n".join(paragraphs)):  # a huge article: one natasha Doc per piece
        _rules_ru_piece(nlp.parse_ru(piece), vocab, collector)
    return collector.finish()


def _rules_ru_piece(parsed, vocab, collector: _DocCollector) -> None:
    span_of: dict[str, object] = {}
    for span in parsed.spans:
        span.normalize(vocab)
        for token in span.tokens:
            span_of[token.id] = span
    for sent in parsed.sents:
        helper = _RuSentence(sent.tokens, span_of, vocab)
        for token in sent.tokens:
            if token.pos in ("VERB", "AUX"):
                for fact in _verb_facts_ru(token, sent.text, helper):
                    collector.add(fact)
            elif token.pos == "NOUN":
                for fact in _noun_facts_ru(token, sent.text, helper):
                    collector.add(fact)


def _subjects_ru(verb, helper: _RuSentence) -> list:
    subjects = helper.kids(verb, _RU_SUBJ)
    if not subjects and verb.rel == "conj":
        head = helper.by_id.get(verb.head_id)
        if head is not None and head.pos in ("VERB", "AUX"):
            subjects = helper.kids(head, _RU_SUBJ)
    if not subjects and verb.rel in ("acl", "amod"):
        head = helper.by_id.get(verb.head_id)  # "компания, основанная в 1990 году"
        subjects = [head] if head is not None else []
    resolved = []
    for subject in subjects:
        if subject.text.lower() in _RU_RELATIVE and verb.rel == "acl:relcl":
            head = helper.by_id.get(verb.head_id)
            if head is None:
                continue
            subject = head
        resolved.extend(helper.with_conjuncts(subject))
    return resolved


def _verb_facts_ru(verb, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    if any(c.text.lower() == "не" for c in helper.kids(verb, ("advmod", "discourse", "aux"))):
        return  # a negated statement is not a fact to ask about
    subjects = _subjects_ru(verb, helper)
    if not subjects:
        return
    feats = verb.feats or {}
    passive = feats.get("Voice") == "Pass" or any(c.rel == "nsubj:pass" for c in helper.kids(verb))
    lemma = _lemma(helper.vocab, verb)
    # natasha marks the agent of a passive as a bare instrumental obl ("приобретён «Северным портом»")
    agents = [
        c for c in helper.kids(verb, ("obl:agent", "obl"))
        if c.rel == "obl:agent" or (passive and not helper.kids(c, ("case",)) and (c.feats or {}).get("Case") == "Ins")
    ]

    subject_phrases = [p for p in (helper.phrase(s) for s in subjects) if p is not None]
    if passive and agents:
        # "«Балтийский транзит» приобретён «Северным портом»" → (Северный порт, приобрести, ...)
        for agent in agents:
            agent_phrase = helper.phrase(agent)
            if agent_phrase is not None:
                for subject_phrase in subject_phrases:
                    yield _fact(sentence, agent_phrase, lemma, subject_phrase)
        return
    if not subject_phrases:
        return
    base = _passive_form(helper.vocab, verb) if passive and feats.get("VerbForm") == "Part" else lemma

    if lemma in _RU_COPULAS:
        # "Москва является столицей России" → (Москва, столица, Россия)
        for predicate in helper.kids(verb, ("xcomp", "obl", "obj")):
            if helper.kids(predicate, ("case",)):
                continue
            for fact in _role_facts_ru(predicate, subject_phrases, sentence, helper):
                yield fact
            named = helper.phrase(predicate)
            if named is not None and named[1] is not None:
                for subject_phrase in subject_phrases:
                    yield _fact(sentence, subject_phrase, lemma, named)
        return

    time_suffix = _time_phrase_ru(verb, helper)
    objects = helper.kids(verb, _RU_OBJ)
    named_object = any(helper.phrase(o) is not None for o in objects)
    # an unnamed direct object belongs in the relation of the verb's other facts:
    # "испытал роботов в Северном порту" → (Робопорт, испытать роботов в, Северный порт)
    plain_object = next((o for o in objects if o.pos == "NOUN" and helper.phrase(o) is None), None)
    for child in helper.kids(verb):
        if child.rel in _RU_OBJ:
            # a quantity is true of a period: "продала 2139 автомобилей в октябре" → "продать в октябре"
            is_quantity = any(c.pos == "NUM" for c in helper.kids(child, ("nummod", "nummod:gov")))
            relation = _join(base, time_suffix) if is_quantity else base
        elif child.rel == "obl":
            if named_object:
                continue  # as in English: the fact about the named object stands on its own
            middle = helper.as_written(plain_object) if plain_object is not None else ""
            relation = _join(base, middle, helper.preposition(child))
        else:
            continue
        for obj in helper.with_conjuncts(child):
            if not helper.kids(obj, ("case",)) and _lemma(helper.vocab, obj) in _RU_DURATIONS:
                continue  # "тренировался две недели": a duration, not an object
            object_phrase = helper.phrase(obj)
            if object_phrase is not None:
                for subject_phrase in subject_phrases:
                    yield _fact(sentence, subject_phrase, relation, object_phrase)
            elif child.rel in _RU_OBJ and obj.pos == "NOUN":
                # "открыл офис в Казани" → (Сбербанк, открыть офис в, Казань)
                for nmod in helper.kids(obj, ("nmod",)):
                    preposition = helper.preposition(nmod)
                    nmod_phrase = helper.phrase(nmod) if preposition else None
                    if nmod_phrase is None:
                        continue
                    relation_with_object = _join(base, helper.role(obj), preposition)
                    for subject_phrase in subject_phrases:
                        yield _fact(sentence, subject_phrase, relation_with_object, nmod_phrase)


_RU_DURATIONS = frozenset({"секунда", "минута", "час", "день", "сутки", "неделя", "месяц", "год", "сезон", "квартал"})
_RU_MONTHS = frozenset({
    "январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь",
})


def _time_phrase_ru(verb, helper: _RuSentence) -> str:
    """The verb's "в октябре" / "в 2023 году" modifier as written, or ""."""
    for child in helper.kids(verb, ("obl",)):
        preposition = helper.preposition(child)
        if preposition not in ("в", "во", "за"):
            continue
        lemma = _lemma(helper.vocab, child)
        words = sorted([child, *helper.kids(child, ("amod", "nummod", "nmod"))], key=lambda t: t.start)
        if lemma in _RU_MONTHS or (lemma in ("год", "квартал", "месяц") and len(words) > 1):
            return _join(preposition, " ".join(t.text for t in words))
    return ""


def _passive_form(vocab, verb) -> str:
    """Short passive participle in the masculine singular: "построена" → "построен"."""
    from pymorphy2.analyzer import Parse

    for parse in vocab.parse(verb.text.lower()):
        if parse.tag.POS in ("PRTS", "PRTF"):
            short = Parse.inflect(parse, {"PRTS", "masc", "sing"}) or parse
            return short.word.replace("ё", "е")
    return verb.text.lower()


def _role_facts_ru(noun, subject_phrases, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    """A role noun with a genitive entity ("глава Газпрома", "столицей России") → (X, глава, Газпром)."""
    if noun.id in helper.span_of:
        return
    for nmod in helper.kids(noun, ("nmod",)):
        if helper.kids(nmod, ("case",)):
            continue  # "директор по продажам": not the organisation the role belongs to
        for conjunct in helper.with_conjuncts(nmod):
            object_phrase = helper.phrase(conjunct)
            if object_phrase is None:
                continue
            relation = helper.role(noun)
            for subject_phrase in subject_phrases:
                yield _fact(sentence, subject_phrase, relation, object_phrase)


def _noun_facts_ru(noun, sentence: str, helper: _RuSentence) -> Iterator[_Fact]:
    """Appositive and zero-copula roles.

    "Иван Петров, глава Газпрома," (role is an appositive of the name);
    "директор «Северного порта» Анна Смирнова" (the name is an appositive of the role);
    "Москва — столица России" (the role noun is the predicate, with its own subject).
    """
    if noun.id in helper.span_of:
        return
    anchors = []
    head = helper.by_id.get(noun.head_id)
    if noun.rel == "appos" and head is not None:
        anchors.append(head)
    anchors += [c for c in helper.kids(noun, ("appos",)) if c.id in helper.span_of]
    anchors += helper.kids(noun, ("nsubj",)) if noun.rel == "root" else []
    subject_phrases = []
    for anchor in anchors:
        phrase = helper.phrase(anchor)
        if phrase is not None and phrase[1] in ("PER", "ORG", "LOC"):
            subject_phrases.append(phrase)
    if subject_phrases:
        yield from _role_facts_ru(noun, subject_phrases, sentence, helper)


# =========================================================================== llm engine


class LLMTriplet(BaseModel):
    subject: str
    relation: str
    object: str


class LLMTripletReply(BaseModel):
    """The JSON object the triplets prompt asks for."""

    triplets: list[LLMTriplet]


def chunk_paragraphs(paragraphs: list[str], max_chars: int, lang: str) -> list[str]:
    """Group paragraphs into chunks of at most ``max_chars`` (a longer paragraph is split by sentence)."""
    pieces: list[str] = []
    for paragraph in paragraphs:
        if len(paragraph) <= max_chars:
            pieces.append(paragraph)
        else:
            pieces += nlp.sentences(paragraph, lang)  # a single over-long sentence stays whole
    chunks: list[str] = []
    current: list[str] = []
    size = 0
    for piece in pieces:
        if current and size + len(piece) + 1 > max_chars:
            chunks.append("\n".join(current))
            current, size = [], 0
        current.append(piece)
        size += len(piece) + 1
    if current:
        chunks.append("\n".join(current))
    return chunks


@dataclass
class _ChunkJob:
    doc: IncrementDoc
    index: int
    text: str


def _extract_llm(docs: list[IncrementDoc], engine: EngineConfig, config: TripletConfig) -> TripletBatch:
    client = engine.client()
    jobs: list[_ChunkJob] = []
    failures: list[Failure] = []
    for doc in docs:
        if doc.lang not in ("en", "ru"):
            failures.append(_failure(doc, f"unsupported language {doc.lang!r}"))
            continue
        for index, text in enumerate(chunk_paragraphs(_paragraphs(doc), config.chunk_chars, doc.lang)):
            jobs.append(_ChunkJob(doc, index, text))

    def call(job: _ChunkJob):
        prompt = render(PROMPT_NAME, job.doc.lang, title=job.doc.title, text=job.text)
        return client.complete_json(prompt, LLMTripletReply)

    workers = max(1, min(len(jobs), engine.llm.max_concurrency if engine.llm else 1))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="triplets-llm") as pool:
        # map keeps input order; LLMUnavailable from any call propagates from here
        results = list(pool.map(call, jobs)) if jobs else []

    usage = LLMUsage.total([r.usage for r in results])
    collectors: dict[int, _DocCollector] = {}
    for job, result in zip(jobs, results):
        collector = collectors.setdefault(id(job.doc), _DocCollector(job.doc, "llm", config))
        if result.value is None:
            failures.append(_failure(job.doc, failure_reason(result, f"chunk {job.index}: unusable LLM reply"), result.failure_kind))
            continue
        try:
            for fact in _llm_facts(job, result.value):
                collector.add(fact)
        except Exception as exc:  # e.g. NER crashing on odd text: this chunk only
            log.exception("triplets: post-processing an LLM reply failed for %s", job.doc.doc_id)
            failures.append(_failure(job.doc, f"chunk {job.index}: {type(exc).__name__}: {exc}"))
    triplets: list[Triplet] = []
    for doc in docs:
        if id(doc) in collectors:
            triplets += collectors[id(doc)].finish()
    return TripletBatch(triplets=triplets, failures=failures, usage=usage)


def _llm_facts(job: _ChunkJob, reply: LLMTripletReply) -> Iterator[_Fact]:
    lang = job.doc.lang
    chunk_sentences = nlp.sentences(job.text, lang) or [job.text]
    entities = nlp.named_entities(job.text, lang)
    for item in reply.triplets:
        subject, relation, obj = _clean(item.subject), _clean(item.relation), _clean(item.object)
        if not subject or not relation or not obj:
            continue
        yield _Fact(
            sentence=_source_sentence(chunk_sentences, subject, obj) or job.text,
            subject=subject,
            relation=normalise_relation(relation, lang),
            object=obj,
            subject_label=_entity_label(entities, subject, lang),
            object_label=_entity_label(entities, obj, lang),
        )


def _source_sentence(chunk_sentences: list[str], subject: str, obj: str) -> str | None:
    """The chunk sentence naming both subject and object, else the first naming the subject."""
    subject_cf, object_cf = subject.casefold(), obj.casefold()
    with_subject = [s for s in chunk_sentences if subject_cf in s.casefold()]
    for sentence in with_subject:
        if object_cf in sentence.casefold():
            return sentence
    if with_subject:
        return with_subject[0]
    # Russian replies may name an entity in the nominative while the text inflects it
    stem = subject_cf.split()[0][:5] if subject_cf.split() else ""
    for sentence in chunk_sentences:
        if stem and stem in sentence.casefold():
            return sentence
    return None


def _entity_label(entities: list[nlp.NamedEntity], surface: str, lang: str) -> str | None:
    key = nlp.entity_key(surface, lang)
    for entity in entities:
        if nlp.entity_key(entity.normal, lang) == key or nlp.entity_key(entity.text, lang) == key:
            return entity.label
    for entity in entities:  # "Harbour Logistics" inside "Harbour Logistics Group"
        entity_text = nlp.entity_key(entity.normal, lang)
        if key and entity_text and (key in entity_text or entity_text in key):
            return entity.label
    return None


@lru_cache(maxsize=20_000)
def normalise_relation(relation: str, lang: str) -> str:
    """Bring a free-form relation into the rules engine's canonical shape.

    English: "acquired" / "has acquired" → "acquire"; "is headquartered in" → "be
    headquartered in"; "is the CEO of" → "be CEO of"; Russian: the first verb lemmatised
    ("приобрела" → "приобрести", "находится в" → "находиться в"). Lowercased; anything
    not understood is kept as written.
    """
    words = relation.strip().split()
    if not words:
        return relation
    if lang == "ru":
        return " ".join(_ru_relation_words(words))
    return " ".join(_en_relation_words(words))


_EN_BE = {"is", "are", "was", "were", "be", "been", "being", "'s"}
_EN_AUX_DROP = {"has", "have", "had", "will", "would", "did", "does", "do", "shall", "may", "might", "can", "could"}
_EN_ARTICLES = {"the", "a", "an"}


def _en_relation_words(words: list[str]) -> list[str]:
    """Lowercase and lemmatise the verb group only: "sold in October" → "sell in October"."""
    words = list(words)
    while len(words) > 1 and words[0].lower() in _EN_AUX_DROP:
        words.pop(0)
    if words[0].lower() in _EN_BE:
        rest = [w for w in words[1:] if w.lower() not in _EN_ARTICLES]
        if rest and rest[0].lower() == "been":
            rest = rest[1:]
        return ["be", *rest]
    doc = nlp.spacy_en()(" ".join(["They", words[0].lower(), *words[1:]]))  # a subject favours the verb reading
    tokens = list(doc)[1:]
    # only when spaCy kept the word whole ("co-founded" splits into three tokens)
    if tokens and tokens[0].text == words[0].lower() and tokens[0].pos_ in ("VERB", "AUX"):
        return [tokens[0].lemma_.lower(), *words[1:]]
    return words


def _ru_relation_words(words: list[str]) -> list[str]:
    vocab = nlp.morph_vocab()
    lowered = [w.lower().replace("ё", "е") for w in words]
    for index, word in enumerate(lowered):
        for parse in vocab.parse(word):
            if parse.tag.POS in ("VERB", "INFN"):
                lowered[index] = parse.normal_form.replace("ё", "е")
                return lowered
            break  # only the most likely reading counts
    return lowered
