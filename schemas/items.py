"""Evaluation items (one shape for every generator) and the verdicts filters give them."""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

VerdictStatus = Literal["passed", "rejected", "skipped", "error"]


class Lineage(BaseModel):
    """How an item was made: enough to reproduce or to distrust it."""

    engine: Literal["rules", "llm", "t5"]  # t5: a registered LoRA generator (model = "t5:<name>/<version>")
    model: str | None = None
    prompt_name: str | None = None
    prompt_hash: str | None = None
    source_hashes: list[str] = Field(default=[], description="content hashes of the source document versions")


class Item(BaseModel):
    """A question with its gold answers, references and keypoints.

    ``method`` names the generator (dragon, rageval, kyr, mirage, amaqa); ``type`` the
    question type in that method's taxonomy.
    """

    item_id: str
    method: str
    type: str
    lang: str
    question: str
    answers: list[str]
    references: list[str] = []
    keypoints: list[str] = []
    doc_ids: list[str] = Field(description="internal ids of the supporting documents")
    subgraph: dict[str, Any] | None = None
    config: dict[str, Any] | None = None
    lineage: Lineage


class Verdict(BaseModel):
    """One filter's decision on one item.

    passed / rejected are permanent; ``skipped`` means the filter could not run with the
    active engine (reason "skipped: needs llm") and counts neither way; ``error`` is a
    transient failure (LLM unreachable, unparseable reply) retried on the next run.
    """

    item_id: str
    filter: str
    status: VerdictStatus
    score: float | None = None
    reason: str = ""
    #: short machine reason (``duplicate_of_released``, ``entity_missing``, ...): rejections group by it
    code: str = ""

    @property
    def passed(self) -> bool | None:
        return {"passed": True, "rejected": False}.get(self.status)
