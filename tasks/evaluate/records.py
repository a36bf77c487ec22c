"""Records of an evaluation: per-question scores and the report that aggregates them."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Literal

from pydantic import BaseModel, Field

from schemas.failures import Failure
from schemas.llm import LLMUsage
from tasks.evaluate.metrics_generation import GenerationScores, JudgeScores
from tasks.evaluate.metrics_rageval import KeypointScores, RagevalRetrievalScores
from tasks.evaluate.metrics_retrieval import RetrievalScores
from tasks.evaluate.mirage import MIRAGE_GROUPS, AdaptabilityMetrics, MirageAnswers
from tasks.evaluate.retrievers import TextWeightScan


class QuestionScores(BaseModel):
    """Everything measured for one question; a section is None when it was not measured."""

    question_id: str
    type: str
    lang: str
    retrieval: RetrievalScores | None = None
    generation: GenerationScores | None = None
    rageval: RagevalRetrievalScores | None = None
    keypoints: KeypointScores | None = None
    judge: JudgeScores | None = None
    mirage: MirageAnswers | None = None
    answer: str | None = None
    found_ids: list[int | str] | None = None
    answered_by: str | None = None  # llm | rules-extractive | submission
    iterations: int | None = None

    def metrics(self) -> dict[str, float | None]:
        """Flat metric name -> value for aggregation (absent sections add nothing)."""
        out: dict[str, float | None] = {}
        if self.retrieval is not None:
            out.update(self.retrieval.named())
        if self.rageval is not None:
            out.update(self.rageval.named())
        if self.generation is not None:
            out.update(self.generation.named())
        if self.keypoints is not None and self.keypoints.status == "scored":
            out.update(self.keypoints.named())
        if self.judge is not None and self.judge.status == "scored":
            out["judge_score"] = self.judge.score
        return out


class MetricSummary(BaseModel):
    """Mean of each metric over the questions where it is defined, and how many those are."""

    questions: int
    means: dict[str, float | None]
    counts: dict[str, int]


def summarize(questions: list[QuestionScores]) -> MetricSummary:
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    names: list[str] = []
    for q in questions:
        for name, value in q.metrics().items():
            if name not in counts:
                names.append(name)
                counts[name], sums[name] = 0, 0.0
            if value is not None:
                counts[name] += 1
                sums[name] += value
    means = {n: (sums[n] / counts[n] if counts[n] else None) for n in names}
    return MetricSummary(questions=len(questions), means=means, counts=counts)


def group_by(questions: list[QuestionScores], key: str) -> dict[str, MetricSummary]:
    groups: dict[str, list[QuestionScores]] = {}
    for q in questions:
        groups.setdefault(str(getattr(q, key)), []).append(q)
    return {g: summarize(qs) for g, qs in sorted(groups.items())}


class EvaluationReport(BaseModel):
    """The result of ``evaluate`` / ``score``: serialisable (``--json``) and rendered by report.py."""

    kind: Literal["baseline", "submission", "rageval"]
    collection: str | None = None
    version: str | None = None
    source: str = ""  # the release folder, submission file or RAGEval file scored
    system: str | None = None
    k: int | None = None
    engine: str = "rules"
    answered_by: str | None = None
    #: metric definitions and averaging: benchmill | squad | rageval | dragon | trec (see tasks/evaluate/scoring.py)
    convention: str = "benchmill"
    created: datetime = Field(default_factory=lambda: datetime.now(timezone.utc))
    config: dict = {}
    overall: MetricSummary
    by_type: dict[str, MetricSummary] = {}
    by_lang: dict[str, MetricSummary] = {}
    mirage: AdaptabilityMetrics | None = None
    mirage_by_type: dict[str, AdaptabilityMetrics] = {}
    mirage_skipped: dict[str, str] = {}  # question id -> why it has no MIRAGE setup
    text_weight_scan: TextWeightScan | None = None
    questions: list[QuestionScores] = []
    failures: list[Failure] = []
    notes: list[str] = []
    usage: LLMUsage = LLMUsage()
    timings_s: dict[str, float] = {}

    def headline(self) -> dict[str, float | None]:
        out = dict(self.overall.means)
        if self.mirage is not None:
            out.update({g: getattr(self.mirage, g) for g in MIRAGE_GROUPS})
        return out


def build_report(kind: str, questions: list[QuestionScores], **fields) -> EvaluationReport:
    """Aggregate per-question scores overall, per question type and per language."""
    from tasks.evaluate.mirage import adaptability_metrics

    usage = LLMUsage.total(
        [s.usage for q in questions for s in (q.keypoints, q.judge) if s is not None]
    ) + fields.pop("usage", LLMUsage())
    mirage_qs = [q for q in questions if q.mirage is not None]
    mirage = mirage_by_type = None
    if mirage_qs or fields.get("config", {}).get("mirage"):
        mirage = adaptability_metrics([q.mirage.outcome for q in mirage_qs])
        by_type: dict[str, list] = {}
        for q in mirage_qs:
            by_type.setdefault(q.type, []).append(q.mirage.outcome)
        mirage_by_type = {t: adaptability_metrics(o) for t, o in sorted(by_type.items())}
    skipped = sorted({
        name for q in questions for name, s in (("keypoint", q.keypoints), ("judge", q.judge))
        if s is not None and s.status == "skipped"
    })
    if skipped:
        fields["notes"] = [*fields.get("notes", []), f"LLM metrics ({', '.join(skipped)}) need the llm engine: skipped."]
    fields["notes"] = [
        f"convention: {fields.get('convention', 'benchmill')}; {len(questions)} record(s) scored; each mean "
        "averages the records counted in its 'questions' column, or the n=… shown beside it",
        *fields.get("notes", []),
    ]
    errors = sum(1 for q in questions for s in (q.keypoints, q.judge) if s is not None and s.status == "error")
    if errors:
        fields["notes"] = [*fields.get("notes", []), f"{errors} LLM metric reply(ies) unusable: left out of the means."]
    return EvaluationReport(
        kind=kind,
        overall=summarize(questions),
        by_type=group_by(questions, "type"),
        by_lang=group_by(questions, "lang"),
        mirage=mirage,
        mirage_by_type=mirage_by_type or {},
        questions=questions,
        usage=usage,
        **fields,
    )
