"""DRAGON stage "entity linking / normalisation": every surface form becomes a graph node.

Input: the surface forms of the increment's triplets (subject and object as written, with
the sentence they came from) and, per surface form, the Wikidata candidates the flow found
in the index or the live API. Output: one :class:`schemas.EntityLink` per distinct
(surface, lang).

Candidates are scored like DRAGON's retrieval step (Wikidata search, then the closest
entities in embedding space), with string similarity added because news names are often
exact Wikidata labels or aliases:

    score = string_weight · string + (1 − string_weight) · embedding

- ``string``: rapidfuzz WRatio of the surface against the label and every alias, best
  one, 0–1, compared on :func:`benchmill.nlp.entity_key` (lemmatised, legal forms such as
  "Ltd" / "ООО" dropped) so that "Газпрома" equals "Газпром". WRatio rather than
  token_set_ratio: token_set_ratio gives a one-word surface 1.0 against any label that
  contains the word ("Bank" vs "Bank of England").
- ``embedding``: cosine of "surface (sentence)" and "label — description", rescaled by
  :func:`benchmill.embeddings.similarity_floor` so that English (MiniLM) and Russian
  (e5) scores mean the same against one threshold.

The ``top_k`` best candidates are kept. Then, as DRAGON does with its LLM:

- ``rules``: the best candidate if its score ≥ ``threshold``, else unlinked;
- ``llm``: prompts/<lang>/link_entity.j2 shows the sentence, the surface form and the
  candidates and asks for ``{"choice": "<qid>" | null}``. An answer naming no candidate
  keeps the surface form unlinked; an unusable reply does too and records a Failure.

Unlinked surface forms get ``node_id = "n:" + sha256(entity_key)[:16]``: variants of one
name ("Harbour Logistics Ltd", "Harbour Logistics", "Harbour Logistics's") share a node in
every article and every run, whether or not Wikidata knows the entity. Within a batch, an
unlinked variant joins the node of a linked variant with the same key.

Pure function: candidates come in as an argument; nothing here reads the store or Wikidata.
"""
from __future__ import annotations

import hashlib
import logging
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np
from pydantic import BaseModel, Field
from rapidfuzz import fuzz

from benchmill import nlp
from benchmill.embeddings import embed, similarity_floor
from benchmill.engines import EngineConfig
from benchmill.llm import failure_reason
from benchmill.prompts import render
from schemas import EntityCandidate, EntityLink, Failure, LLMUsage

log = logging.getLogger(__name__)

STAGE = "linking"
PROMPT_NAME = "link_entity"
UNLINKED_PREFIX = "n:"


class SurfaceForm(BaseModel):
    """One mention: the text as written, its language and the sentence it occurs in."""

    surface: str
    lang: str
    context: str


class LinkingConfig(BaseModel):
    top_k: int = Field(5, ge=1, description="candidates kept per surface form (shown to the llm)")
    threshold: float = Field(0.75, ge=0.0, le=1.0, description="rules engine: least combined score to link")
    string_weight: float = Field(0.5, ge=0.0, le=1.0, description="weight of string vs embedding similarity")


class LinkBatch(BaseModel):
    links: list[EntityLink]
    failures: list[Failure]
    usage: LLMUsage


class LinkChoice(BaseModel):
    """The llm's answer: the Q-id of the chosen candidate, or null for none of them."""

    choice: str | None = Field(description="Q-id of the chosen candidate, or null when none of them is the entity")


def unlinked_node_id(surface: str, lang: str) -> str:
    """Node id of an entity Wikidata does not know: stable across articles, runs and variants."""
    key = nlp.entity_key(surface, lang) or surface.strip().casefold()
    return UNLINKED_PREFIX + hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


@dataclass
class _Mention:
    """All occurrences of one (surface, lang) in the batch."""

    surface: str
    lang: str
    contexts: list[str]
    count: int = 0
    key: str = ""
    candidates: list[EntityCandidate] = field(default_factory=list)

    @property
    def context(self) -> str:
        # the least sentence, not the first: the order of mentions follows triplet ids, which hash the
        # document's URL, so "first" would change a link when only the URLs change (a loopback bench's
        # port, a mirror); the same sentences must give the same link whatever the order they come in
        return min(self.contexts) if self.contexts else ""


def _group(surfaces: list[SurfaceForm]) -> list[_Mention]:
    mentions: dict[tuple[str, str], _Mention] = {}
    for form in surfaces:
        if not form.surface.strip():
            continue
        mention = mentions.get((form.surface, form.lang))
        if mention is None:
            mention = mentions[(form.surface, form.lang)] = _Mention(form.surface, form.lang, [])
        mention.count += 1
        if form.context and form.context not in mention.contexts:
            mention.contexts.append(form.context)
    for mention in mentions.values():
        mention.key = nlp.entity_key(mention.surface, mention.lang) or mention.surface.strip().casefold()
    return list(mentions.values())


def _string_score(mention: _Mention, candidate: EntityCandidate) -> float:
    best = 0.0
    for name in [candidate.label, *candidate.aliases]:
        if not name.strip():
            continue
        name_key = nlp.entity_key(name, mention.lang)
        if name_key == mention.key:
            return 1.0
        best = max(best, fuzz.WRatio(mention.key, name_key) / 100.0)
    return best


def _candidate_text(candidate: EntityCandidate) -> str:
    return f"{candidate.label} — {candidate.description}" if candidate.description else candidate.label


def _score_candidates(mentions: list[_Mention], candidates: dict[str, list[EntityCandidate]], config: LinkingConfig) -> None:
    """Fill ``mention.candidates`` with the top_k candidates, scored; two embed() calls per language."""
    for mention in mentions:
        unique: dict[str, EntityCandidate] = {}
        for candidate in candidates.get(mention.surface, []):
            unique.setdefault(candidate.qid, candidate)
        mention.candidates = list(unique.values())

    for lang in sorted({m.lang for m in mentions}):
        group = [m for m in mentions if m.lang == lang and m.candidates]
        if not group:
            continue
        # "surface (sentence)": the sentence disambiguates ("Apple" the company or the fruit),
        # the surface up front tells the model which part of the sentence matters
        mention_vectors = embed([f"{m.surface} ({m.context})" if m.context else m.surface for m in group], lang, "query")
        texts = sorted({_candidate_text(c) for m in group for c in m.candidates})
        row = {text: i for i, text in enumerate(texts)}
        # e5 is asymmetric; comparing two short descriptions is its "symmetric" use, for
        # which its authors prescribe the query prefix on both sides
        candidate_vectors = embed(texts, lang, "query")
        floor = similarity_floor(lang)
        for mention, vector in zip(group, mention_vectors):
            rows = [row[_candidate_text(c)] for c in mention.candidates]
            cosines = candidate_vectors[rows] @ vector
            scored = []
            for candidate, cosine in zip(mention.candidates, cosines):
                embedding_score = float(np.clip((cosine - floor) / (1.0 - floor), 0.0, 1.0))
                string_score = _string_score(mention, candidate)
                combined = config.string_weight * string_score + (1.0 - config.string_weight) * embedding_score
                scored.append(
                    candidate.model_copy(
                        update={
                            "string_score": round(string_score, 4),
                            "embedding_score": round(embedding_score, 4),
                            "score": round(combined, 4),
                        }
                    )
                )
            scored.sort(key=lambda c: (-c.score, -c.string_score, c.qid))
            mention.candidates = scored[: config.top_k]


def _linked(mention: _Mention, candidate: EntityCandidate, method: str) -> EntityLink:
    return EntityLink(
        surface=mention.surface,
        lang=mention.lang,
        node_id=candidate.qid,
        qid=candidate.qid,
        label=candidate.label,
        score=candidate.score,
        method=method,
        candidates=mention.candidates,
    )


def _unlinked(mention: _Mention) -> EntityLink:
    return EntityLink(
        surface=mention.surface,
        lang=mention.lang,
        node_id=unlinked_node_id(mention.surface, mention.lang),
        qid=None,
        label=mention.surface,  # replaced by the most frequent variant in _unify
        score=mention.candidates[0].score if mention.candidates else 0.0,
        method="unlinked",
        candidates=mention.candidates,
    )


def _decide_rules(mentions: list[_Mention], config: LinkingConfig) -> list[EntityLink]:
    links = []
    for mention in mentions:
        best = mention.candidates[0] if mention.candidates else None
        links.append(_linked(mention, best, "rules") if best is not None and best.score >= config.threshold else _unlinked(mention))
    return links


def _decide_llm(mentions: list[_Mention], engine: EngineConfig) -> tuple[list[EntityLink], list[Failure], LLMUsage]:
    client = engine.client()

    def ask(mention: _Mention):
        prompt = render(
            PROMPT_NAME,
            mention.lang,
            sentence=mention.context,
            surface=mention.surface,
            candidates=[
                {"qid": c.qid, "label": c.label, "description": c.description, "aliases": c.aliases[:5]}
                for c in mention.candidates
            ],
        )
        return client.complete_json(prompt, LinkChoice)

    asking = [m for m in mentions if m.candidates]
    workers = max(1, min(len(asking), engine.llm.max_concurrency if engine.llm else 1))
    # LLMUnavailable propagates out of .map(): the task fails and Prefect retries it
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="linking-llm") as pool:
        results = dict(zip((id(m) for m in asking), pool.map(ask, asking)))

    links, failures, usages = [], [], []
    for mention in mentions:
        result = results.get(id(mention))
        if result is None:
            links.append(_unlinked(mention))
            continue
        usages.append(result.usage)
        if result.value is None:
            failures.append(
                Failure(
                    stage=STAGE,
                    key=f"{mention.lang}:{mention.surface}",
                    reason=failure_reason(result, f"unusable reply to {PROMPT_NAME}"),
                    kind=result.failure_kind,
                )
            )
            links.append(_unlinked(mention))
            continue
        choice = (result.value.choice or "").strip()
        chosen = next((c for c in mention.candidates if c.qid == choice), None)
        if choice and chosen is None:
            log.info("linking: llm chose %r for %r, not among its candidates; left unlinked", choice, mention.surface)
        links.append(_linked(mention, chosen, "llm") if chosen is not None else _unlinked(mention))
    return links, failures, LLMUsage.total(usages)


def _unify(mentions: list[_Mention], links: list[EntityLink]) -> list[EntityLink]:
    """One node per entity key within the batch; unlinked nodes named by their most frequent variant.

    A variant left unlinked joins a linked variant with the same key and language (the
    best-scored one), so "Harbour Logistics" follows "Harbour Logistics Ltd" into Wikidata.
    """
    linked_by_key: dict[tuple[str, str], EntityLink] = {}
    for mention, link in zip(mentions, links):
        if link.qid is not None:
            current = linked_by_key.get((mention.lang, mention.key))
            if current is None or link.score > current.score:
                linked_by_key[(mention.lang, mention.key)] = link

    variants: dict[str, Counter[str]] = {}
    out: list[EntityLink] = []
    for mention, link in zip(mentions, links):
        if link.qid is None and (mention.lang, mention.key) in linked_by_key:
            target = linked_by_key[(mention.lang, mention.key)]
            link = link.model_copy(
                update={"node_id": target.node_id, "qid": target.qid, "label": target.label, "method": target.method, "score": target.score}
            )
        if link.qid is None:
            variants.setdefault(link.node_id, Counter())[mention.surface] += mention.count
        out.append(link)

    def most_frequent(counts: Counter[str]) -> str:
        # ties: the longer variant (usually the fuller name), then alphabetical, so the
        # label does not depend on input order
        return min(counts, key=lambda s: (-counts[s], -len(s), s))

    labels = {node: most_frequent(counts) for node, counts in variants.items()}
    return [link.model_copy(update={"label": labels[link.node_id]}) if link.qid is None else link for link in out]


def link_entities(
    surfaces: list[SurfaceForm],
    candidates: dict[str, list[EntityCandidate]],
    engine: EngineConfig,
    config: LinkingConfig = LinkingConfig(),
) -> LinkBatch:
    """Decide the graph node of every distinct (surface, lang) in ``surfaces``.

    ``candidates`` maps a surface form (as written) to its Wikidata candidates; a surface
    form missing from it has none and stays unlinked. Links come back in order of first
    occurrence. Repeated mentions count towards the label of an unlinked node; one sentence of a
    surface form, chosen by its text alone (the least), is its context for scoring and for the llm.
    """
    mentions = _group(surfaces)
    if not mentions:
        return LinkBatch(links=[], failures=[], usage=LLMUsage())
    _score_candidates(mentions, candidates, config)
    failures: list[Failure] = []
    usage = LLMUsage()
    if engine.kind == "llm":
        links, failures, usage = _decide_llm(mentions, engine)
    else:
        links = _decide_rules(mentions, config)
    links = _unify(mentions, links)
    log.info(
        "linking (%s): %d surface forms, %d linked to Wikidata, %d failures",
        engine.kind, len(links), sum(link.qid is not None for link in links), len(failures),
    )
    return LinkBatch(links=links, failures=failures, usage=usage)
