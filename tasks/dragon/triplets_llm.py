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

from tasks.dragon.triplets_base import (  # noqa: F401
    log, PROMPT_NAME, TripletConfig, TripletBatch, _Fact, _clean, _DocCollector, _paragraphs, _failure, normalise_relation,
)

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


