"""Know Your RAG records: contexts in, statements / labels / critiques out, LLM reply shapes.

Items themselves are ``schemas.Item`` (method ``kyr``): ``type`` is the statement kind
(fact_single / summary / reasoning), ``answers`` holds the statement, ``references`` the
context, ``config`` the theme, the statement kind and where the context came from.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, field_validator

from schemas.failures import Failure
from schemas.items import Item
from schemas.llm import LLMUsage

QuestionType = Literal["fact_single", "summary", "reasoning"]
Label = Literal["fact_single", "summary", "reasoning", "unanswerable"]
QUESTION_TYPES: tuple[str, ...] = ("fact_single", "summary", "reasoning")
LABELS: tuple[str, ...] = ("fact_single", "summary", "reasoning", "unanswerable")
CritiqueName = Literal["stand_alone", "question_specificity", "question_grounded", "answer_grounded"]
CRITIQUES: tuple[str, ...] = ("stand_alone", "question_specificity", "question_grounded", "answer_grounded")


class KyrContext(BaseModel):
    """One context (a passage of a document) to generate from."""

    context_id: str
    text: str
    lang: Literal["en", "ru"]
    title: str | None = None
    doc_id: str | None = None
    collection: str | None = Field(None, description="source collection (C@V); the trainer can hold one out")


class StatementSet(BaseModel):
    """What statement extraction found in one context (None: not produced by this engine)."""

    context_id: str
    theme: str
    facts: list[str]
    summaries: list[str] | None = None
    conclusions: list[str] | None = None
    truncated_from: int | None = Field(None, description="original length in characters when the context was cut")


class KyrSkip(BaseModel):
    """A (context, type) that was not generated, and why (tiny context, needs llm, no statement)."""

    context_id: str
    type: str
    reason: str


class KyrBatch(BaseModel):
    items: list[Item] = []
    statements: list[StatementSet] = []
    failures: list[Failure] = []
    skipped: list[KyrSkip] = []
    usage: LLMUsage = LLMUsage()
    #: LLM usage per step ("theme", "facts", "summary", "reasoning", "question:<type>"), so the
    #: cost per accepted item and per type can be read off a run (shared steps split by the reader)
    usage_by_step: dict[str, LLMUsage] = {}


# --- LLM reply shapes ----------------------------------------------------------------------


class ThemeReply(BaseModel):
    theme: str = Field(min_length=3, description="the passage's main theme in one sentence")


class StatementsReply(BaseModel):
    statements: list[str] = Field(min_length=1)

    @field_validator("statements")
    @classmethod
    def _clean(cls, value: list[str]) -> list[str]:
        out = [s.strip().lstrip(">-* ").strip() for s in value if s and s.strip()]
        if not out:
            raise ValueError("no non-empty statement")
        return out


class QuestionReply(BaseModel):
    question: str = Field(min_length=3)


class QAReply(BaseModel):
    question: str = Field(min_length=3)
    answer: str = Field(min_length=1)


class LabelReply(BaseModel):
    label: Label
    reason: str = ""

    @field_validator("label", mode="before")
    @classmethod
    def _normalise(cls, value):
        return value.strip().lower().replace("-", "_").replace(" ", "_") if isinstance(value, str) else value


class CritiqueReply(BaseModel):
    evaluation: str
    rating: int = Field(ge=1, le=5)

    @field_validator("rating", mode="before")
    @classmethod
    def _number(cls, value):
        # "4", "4/5", 4.0 all mean 4; anything else fails validation
        if isinstance(value, str):
            value = value.strip().split("/")[0].strip()
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return value


# --- scores --------------------------------------------------------------------------------


class ItemLabel(BaseModel):
    item_id: str
    requested: str
    label: Label
    reason: str = ""


class CritiqueScore(BaseModel):
    item_id: str
    critique: CritiqueName
    rating: int
    evaluation: str


class QuestionCheck(BaseModel):
    """No-LLM checks of one question: an empty ``problems`` list means it passed."""

    item_id: str
    problems: list[str] = []
    codes: list[str] = []


class ScoreBatch(BaseModel):
    labels: list[ItemLabel] = []
    critiques: list[CritiqueScore] = []
    failures: list[Failure] = []
    usage: LLMUsage = LLMUsage()


class CritiqueThresholds(BaseModel):
    """Minimum rating (1..5) per critique; an item below any threshold is rejected."""

    stand_alone: int = Field(4, ge=1, le=5)
    question_specificity: int = Field(3, ge=1, le=5)
    question_grounded: int = Field(4, ge=1, le=5)
    answer_grounded: int = Field(4, ge=1, le=5)
    reject_unanswerable: bool = True
