"""Know Your RAG's taxonomy label as a shared LLM filter: each (context, question) pair is labelled
fact_single / summary / reasoning / unanswerable (JSON label + reason), stored as a verdict.

The verdict's ``code`` is ``label_<label>`` and its reason ``<label>: <the model's reason>``,
so ``benchmill labels C@V`` reads the label mix (and the mix per requested type, the item's
``type``) back from stored verdicts. ``unanswerable`` rejects the item unless
``reject_unanswerable = false`` under ``[generators.<gen>.filters.kyr_label]``; the other
labels pass (a label differing from the requested type is information, not a defect). An
unusable reply is a transient ``error`` of that item only (judged again next run).
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from schemas import Item, Verdict
from tasks.filters import FilterResult
from tasks.knowyourrag.scoring import label_items

FILTER_NAME = "kyr_label"
CODE_PREFIX = "label_"


class LabelConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    reject_unanswerable: bool = True


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: LabelConfig) -> FilterResult:
    batch = label_items(items, engine)
    by_id = {lab.item_id: lab for lab in batch.labels}
    failed = {f.key: f.reason for f in batch.failures}
    verdicts = []
    for item in items:
        lab = by_id.get(item.item_id)
        if lab is None:
            verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status="error",
                                    reason=f"no label: {failed.get(item.item_id, 'no reply')}"[:500], code="label_failed"))
            continue
        status = "rejected" if lab.label == "unanswerable" and config.reject_unanswerable else "passed"
        verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status=status,
                                score=1.0 if lab.label == item.type else 0.0,
                                reason=f"{lab.label}: {lab.reason}"[:500], code=CODE_PREFIX + lab.label))
    return FilterResult(verdicts=verdicts, usage=batch.usage)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=True, config=LabelConfig, score=score,
                    description="taxonomy label (fact_single / summary / reasoning / unanswerable) of the question")
