"""Shared pieces of triplet extraction: config, ids, the per-document collector, relation
normalisation (see tasks/dragon/triplets.py for the stage)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
import hashlib
import logging
import re

from pydantic import BaseModel, Field

from benchmill import nlp
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
    choose_relations: bool = Field(True, description="llm engine: the model maps new relations onto the canonical names")
    relation_batch: int = Field(60, ge=1, description="llm engine: relations per relation-normalisation call")


class TripletBatch(BaseModel):
    triplets: list[Triplet]
    failures: list[Failure]
    usage: LLMUsage = LLMUsage()


def triplet_id(version_id: str, sentence: str, subject: str, relation: str, obj: str) -> str:
    """Stable id of one extracted triplet (content-derived: re-extraction upserts)."""
    payload = "\x1f".join((version_id, sentence, subject, relation, obj))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


# =========================================================================== shared


@dataclass(frozen=True)
class _Fact:
    sentence: str
    subject: str
    relation: str
    object: str
    subject_label: str | None
    object_label: str | None
    modality: str = "asserted"


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
                modality=fact.modality,
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


def _join(*parts: str) -> str:
    return " ".join(p for p in parts if p)


def _fact(
    sentence: str, subject: tuple[str, str | None], relation: str, obj: tuple[str, str | None], modality: str = "asserted"
) -> _Fact:
    return _Fact(sentence, subject[0], relation, obj[0], subject[1], obj[1], modality)


class _Emitter:
    """Builds the facts of one verb, en or ru: its modality and a control-verb prefix ("agree to") on each."""

    __slots__ = ("sentence", "modality", "prefix")

    def __init__(self, sentence: str, modality: str, prefix: str):
        self.sentence, self.modality, self.prefix = sentence, modality, prefix

    def __call__(self, subject, relation: str, obj) -> _Fact:
        return _fact(self.sentence, subject, _join(self.prefix, relation), obj, self.modality)


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
    lowered, quoted = [], False
    for word in words:
        # a name in «» keeps its capitals ("руководить компанией «Балтийские верфи» с")
        opens = word.startswith("«")
        lowered.append(word.replace("ё", "е") if quoted or opens else word.lower().replace("ё", "е"))
        quoted = (quoted or opens) and not word.endswith("»")
    for index, word in enumerate(lowered):
        for parse in vocab.parse(word):
            if parse.tag.POS in ("VERB", "INFN"):
                lowered[index] = parse.normal_form.replace("ё", "е")
                return lowered
            break  # only the most likely reading counts
    return lowered
