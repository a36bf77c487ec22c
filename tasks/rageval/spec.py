"""RAGEval's collection spec: one ``<domain>-<lang>`` collection per seed folder's domain and language.

Items join a collection by method and language, so the method names the domain
(``rageval:finance``): finance-en and legal-en are distinct collections of one generator.
Quotas are the seed folder's ``[quotas]``, else its type mix over the planned items
(``qra.plan_types``: what the QRA stage aims for), so a build releases what it made.
"""
from __future__ import annotations

from typing import Any

from benchmill.specs import CollectionSpec, RankKey
from schemas.rageval import DomainSpec
from tasks.rageval import keypoints_supported, references_verbatim  # noqa: F401  (register RAGEval's own filters)
from tasks.rageval.qra import plan_types

#: cheap, deterministic filters first; the LLM filters only see items nothing rejected
FILTERS = ["references_verbatim", "keypoints_supported", "duplicates", "closed_book", "llm_judge"]
RANKING = [RankKey(filter="llm_judge", passed_only=True)]


def method_for(domain: str) -> str:
    return f"rageval:{domain}"


def collection_name(spec: DomainSpec) -> str:
    return f"{spec.domain}-{spec.language}"


def domain_collection(spec: DomainSpec, filter_configs: dict[str, dict[str, Any]] | None = None) -> CollectionSpec:
    """The spec of the build's collection (``spec`` with the run's document count and seed applied)."""
    quotas = {t: n for t, n in plan_types(spec, spec.documents).items() if n}
    return CollectionSpec(name=collection_name(spec), method=method_for(spec.domain), lang=spec.language,
                          filters=FILTERS, filter_configs=dict(filter_configs or {}), quotas=quotas,
                          ranking=RANKING, exports=["benchmill", "rageval"]).validated(where="generators.rageval")
