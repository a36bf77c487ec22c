"""Shared QA filters: each module judges a batch of items and returns one Verdict per item.

Every filter module declares ``FILTER``, a :class:`benchmill.filtering.FilterSpec` (name,
needs_llm, context, Config model, ``score(items, inputs, engine, config)``), and is
registered by one line at the end of this file. A generator's own filters register from
its stage package (DRAGON's graph_correspondence: tasks/dragon/graph_correspondence.py). Verdict status meanings
(docs/ARCHITECTURE.md): ``passed`` / ``rejected`` are permanent; ``skipped`` means the
filter cannot run with the active engine (reason ``SKIPPED_NEEDS_LLM``); ``error`` is a
transient failure of that item (unusable LLM reply, missing input), re-evaluated on the
next run. ``LLMUnavailable`` is never turned into verdicts: it propagates so that the task
fails and Prefect retries it.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from pydantic import BaseModel

from benchmill.engines import SKIPPED_NEEDS_LLM, EngineConfig
from benchmill.filtering import REGISTRY, register
from schemas import Item, LLMUsage, Verdict

__all__ = ["REGISTRY", "FilterResult", "fold", "map_llm", "register", "skipped_needs_llm", "words"]

T = TypeVar("T")
R = TypeVar("R")

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


class FilterResult(BaseModel):
    """One verdict for every item given to the filter, plus the LLM calls it cost."""

    verdicts: list[Verdict]
    usage: LLMUsage = LLMUsage()


def fold(text: str) -> str:
    """Unicode-normalised (NFKC), casefolded, ё→е: the case/spelling-insensitive form of a text."""
    return unicodedata.normalize("NFKC", text).casefold().replace("ё", "е")


def words(text: str) -> list[str]:
    """The folded word tokens of a text (letters and digits; punctuation and spacing dropped)."""
    return _WORD.findall(fold(text))


def skipped_needs_llm(items: Sequence[Item], filter_name: str) -> FilterResult:
    """The verdicts of a filter that needs an LLM when the rules engine is active."""
    return FilterResult(
        verdicts=[Verdict(item_id=i.item_id, filter=filter_name, status="skipped", reason=SKIPPED_NEEDS_LLM) for i in items]
    )


def map_llm(engine: EngineConfig, fn: Callable[[T], R], jobs: Sequence[T], name: str) -> list[R]:
    """``[fn(job) for job in jobs]`` on up to ``max_concurrency`` threads, results in job order.

    The client bounds concurrent HTTP calls process-wide; the threads only keep that many
    calls in flight. An exception (``LLMUnavailable``) in any job propagates.
    """
    if not jobs:
        return []
    workers = max(1, min(len(jobs), engine.llm.max_concurrency if engine.llm else 1))
    if workers == 1:
        return [fn(job) for job in jobs]
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix=f"{name}-llm") as pool:
        return list(pool.map(fn, jobs))


# ------------------------------------------------------------------ registry: one line per filter
from tasks.filters import closed_book, duplicates, llm_judge, ner_presence  # noqa: E402
from tasks.filters import kyr_critiques, kyr_label, kyr_question_checks  # noqa: E402
from tasks.filters import acceptability, answer_leaks  # noqa: E402

register(ner_presence.FILTER)
register(duplicates.FILTER)
register(closed_book.FILTER)
register(llm_judge.FILTER)
register(kyr_question_checks.FILTER)
register(kyr_label.FILTER)
register(kyr_critiques.FILTER)
register(answer_leaks.FILTER)
register(acceptability.FILTER)
