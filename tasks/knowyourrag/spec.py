"""Know Your RAG's collection spec: one ``kyr-<lang>`` collection per language (method ``kyr``).

Filters: the no-LLM question checks first, then the taxonomy label and the four critiques
(LLM; under the rules engine they record "skipped: needs llm"). Their settings are
``[generators.kyr.filters.<name>]`` (e.g. ``kyr_critiques.stand_alone = 4``). Quotas cover the
three statement types; ranking prefers items the critiques rated higher.
"""
from __future__ import annotations

from typing import Any

from benchmill.specs import CollectionSpec, RankKey
from schemas.knowyourrag import QUESTION_TYPES

METHOD = "kyr"
FILTERS = ["kyr_question_checks", "kyr_label", "kyr_critiques"]
RANKING = [RankKey(filter="kyr_critiques", passed_only=True)]
#: at most this many items of each statement type per release
QUOTA = 100_000


def collection_name(lang: str) -> str:
    return f"kyr-{lang}"


def kyr_collection(lang: str, filter_configs: dict[str, dict[str, Any]] | None = None) -> CollectionSpec:
    return CollectionSpec(name=collection_name(lang), method=METHOD, lang=lang, filters=FILTERS,
                          filter_configs=dict(filter_configs or {}), quotas={t: QUOTA for t in QUESTION_TYPES},
                          ranking=RANKING, exports=["benchmill"]).validated(where="generators.kyr")
