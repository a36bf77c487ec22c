"""RAGEval's filter: every reference occurs verbatim in a document the item cites.

Verbatim up to whitespace (runs of spaces and line breaks compare as one space): the
references are sentences cut from the documents, and a document's line breaks are not
part of a sentence. An item citing documents must carry at least one reference; an item
citing none (an unanswerable question) must carry none. The cited documents' texts come
from the stack (``source_texts``: the newest passage of each cited document); a cited
document with no text in the store is a transient ``error`` (judged again next run).
"""
from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec, register
from schemas import Item, Verdict
from tasks.filters import FilterResult

FILTER_NAME = "references_verbatim"


class ReferencesVerbatimConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def judge(item: Item, texts: dict[str, str]) -> Verdict:
    def verdict(status: str, reason: str, code: str = "", score: float | None = None) -> Verdict:
        return Verdict(item_id=item.item_id, filter=FILTER_NAME, status=status, score=score, reason=reason, code=code)

    if not item.doc_ids:
        if item.references:
            return verdict("rejected", "references given but no document cited", "references_without_documents", 0.0)
        return verdict("passed", "cites no document and quotes none", score=1.0)
    missing_docs = [d for d in item.doc_ids if d not in texts]
    if missing_docs:
        return verdict("error", f"no text in the store for cited document(s) {', '.join(missing_docs)}")
    if not item.references:
        return verdict("rejected", "cites documents but gives no reference", "no_references", 0.0)
    cited = [_norm(texts[d]) for d in item.doc_ids]
    bad = [r for r in item.references if not _norm(r) or not any(_norm(r) in t for t in cited)]
    score = round(1 - len(bad) / len(item.references), 4)
    if bad:
        return verdict("rejected", f"{len(bad)} of {len(item.references)} references not verbatim in the cited "
                                   f"documents, e.g. {bad[0][:80]!r}", "reference_not_verbatim", score)
    return verdict("passed", f"{len(item.references)} references verbatim", score=score)


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: ReferencesVerbatimConfig) -> FilterResult:
    return FilterResult(verdicts=[judge(i, inputs.source_texts) for i in items])


FILTER = register(FilterSpec(name=FILTER_NAME, needs_llm=False, config=ReferencesVerbatimConfig, score=score,
                             context=frozenset({"source_texts"}),
                             description="references occur verbatim in the documents the item cites"))
