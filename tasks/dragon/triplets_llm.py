"""Triplet extraction, llm engine: one prompt per chunk of new paragraphs (see tasks/dragon/triplets.py)."""
from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from pydantic import BaseModel

from benchmill import nlp
from benchmill.engines import EngineConfig
from benchmill.llm import failure_reason
from benchmill.prompts import render
from schemas import Failure, IncrementDoc, LLMUsage, Triplet
from schemas.graph import Modality

from tasks.dragon.triplets_base import (  # noqa: F401
    log, PROMPT_NAME, TripletConfig, TripletBatch, _Fact, _clean, _DocCollector, _paragraphs, _failure, normalise_relation,
)

class LLMTriplet(BaseModel):
    subject: str
    relation: str
    object: str
    #: a reply without it is read as asserted (older prompts); a value outside the five fails the reply
    modality: Modality = "asserted"


class LLMTripletReply(BaseModel):
    """The JSON object the triplets prompt asks for."""

    triplets: list[LLMTriplet]


RELATIONS_PROMPT = "triplet_relations"


class RelationChoice(BaseModel):
    relation: str
    candidate: str | None = None


class RelationChoiceReply(BaseModel):
    """The JSON object the triplet_relations prompt asks for."""

    choices: list[RelationChoice]


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
    if config.choose_relations and triplets:
        triplets, relation_failures, relation_usage = choose_relations(triplets, client, config)
        failures += relation_failures
        usage = LLMUsage.total([usage, relation_usage])
    return TripletBatch(triplets=triplets, failures=failures, usage=usage)


def relation_candidates(lang: str) -> list[str]:
    """The canonical relation names of the synonym table (tasks/dragon/relation_synonyms.json)."""
    import json

    from tasks.dragon.graph import SYNONYMS_FILE

    groups = json.loads(SYNONYMS_FILE.read_text(encoding="utf-8")).get(lang, {})
    return sorted(groups)


def choose_relations(
    triplets: list[Triplet], client, config: TripletConfig
) -> tuple[list[Triplet], list[Failure], LLMUsage]:
    """llm engine's relation normalisation: the model maps each distinct relation of the batch
    onto one of the canonical names (or none), one call per language and at most
    ``relation_batch`` relations. A relation the synonym table already knows is not asked
    about. A reply that cannot be used, or a choice outside the candidates, leaves the
    relations as they are; the unusable reply is recorded as a Failure (key
    ``relations:<lang>``), never raised. The triplet id stays that of the extracted wording.
    """
    from tasks.dragon.graph import canonical_relation

    failures: list[Failure] = []
    usages: list[LLMUsage] = []
    chosen: dict[tuple[str, str], str] = {}
    for lang in sorted({t.lang for t in triplets}):
        candidates = relation_candidates(lang)
        known = {canonical_relation(c, lang) for c in candidates}
        pending = sorted({t.relation for t in triplets if t.lang == lang and canonical_relation(t.relation, lang) not in known})
        for start in range(0, len(pending), config.relation_batch):
            part = pending[start : start + config.relation_batch]
            prompt = render(RELATIONS_PROMPT, lang, candidates=candidates, relations=part)
            result = client.complete_json(prompt, RelationChoiceReply)
            usages.append(result.usage)
            if result.value is None:
                failures.append(Failure(stage="triplets", key=f"relations:{lang}", kind=result.failure_kind,
                                        reason=failure_reason(result, "unusable relation-normalisation reply; relations kept as extracted")))
                continue
            asked = set(part)
            for choice in result.value.choices:
                if choice.relation in asked and choice.candidate in candidates:
                    chosen[(lang, choice.relation)] = choice.candidate
                elif choice.relation in asked and choice.candidate not in (None, ""):
                    log.info("triplets: model chose %r for %r, not a candidate; kept as extracted", choice.candidate, choice.relation)
    if not chosen:
        return triplets, failures, LLMUsage.total(usages)
    out = [t.model_copy(update={"relation": chosen[(t.lang, t.relation)]}) if (t.lang, t.relation) in chosen else t
           for t in triplets]
    return out, failures, LLMUsage.total(usages)


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
            modality=item.modality,
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


