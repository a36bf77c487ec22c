"""LLM-as-judge (DRAGON Appendices F and G): eight criteria, one prompt each, scored 0–2.

Question criteria see the article and the question; answer criteria (literacy,
correctness, uniqueness based on context) see the article, the question and the answer.
An item passes when every criterion scores ≥ 1 (the paper's threshold, chosen to imitate
a majority vote of human annotators). The reply must be ``{"rationale": str, "score":
0|1|2}``; a score of another type or range is a parse failure, not a guess.

The article is the concatenation of the item's source documents, cut to a character
budget shared evenly between them (at a paragraph or sentence boundary when one is
near), so that a multi-document item shows the judge every document it came from.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from benchmill.prompts import render
from schemas import Item, LLMUsage, Verdict
from tasks.filters import FilterResult, map_llm, skipped_needs_llm

FILTER_NAME = "llm_judge"

#: criterion → whether its prompt shows the answer (Appendix G)
CRITERIA: dict[str, bool] = {
    "question_literacy": False,
    "question_clarity": False,
    "question_naturalness": False,
    "context_sufficiency": False,
    "context_necessity": False,
    "answer_literacy": True,
    "answer_correctness": True,
    "answer_uniqueness": True,
}
class LlmJudgeConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    max_context_chars: int = Field(12_000, gt=0, description="character budget of the article shown to the judge")


#: a criterion passes at this score or above
PASS_SCORE = 1
_DOC_SEPARATOR = "\n\n---\n\n"
_TRUNCATION_MARK = " […]"


class JudgeReply(BaseModel):
    """The judge's reply to one criterion prompt."""

    rationale: str
    score: Annotated[int, Field(strict=True, ge=0, le=2)]


def prompt_name(criterion: str) -> str:
    return f"judge_{criterion}"


def _cut(text: str, budget: int) -> str:
    """``text`` cut to about ``budget`` characters, preferring a paragraph or sentence end."""
    text = text.strip()
    if len(text) <= budget:
        return text
    head = text[: max(0, budget - len(_TRUNCATION_MARK))]
    for boundary in ("\n\n", "\n", ". ", "! ", "? ", "; ", " "):
        cut = head.rfind(boundary)
        if cut >= len(head) * 0.7:
            # keep a sentence's final punctuation, drop the whitespace after it
            return head[: cut + len(boundary.rstrip())].rstrip() + _TRUNCATION_MARK
    return head.rstrip() + _TRUNCATION_MARK


def source_article(item: Item, doc_texts: dict[str, str], max_chars: int) -> str | None:
    """The item's documents joined, within ``max_chars``; None when none of them is available.

    The budget is shared evenly; a document shorter than its share leaves the rest to
    the others.
    """
    texts = [doc_texts[d].strip() for d in item.doc_ids if d in doc_texts and doc_texts[d].strip()]
    if not texts:
        return None
    budget = max_chars - len(_DOC_SEPARATOR) * (len(texts) - 1)
    shares: dict[int, int] = {}
    remaining = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    while remaining:
        share = budget // len(remaining)
        i = remaining.pop(0)
        shares[i] = min(len(texts[i]), share)
        budget -= shares[i]
    return _DOC_SEPARATOR.join(_cut(t, shares[i]) for i, t in enumerate(texts))


def judge_items(
    items: list[Item], doc_texts: dict[str, str], engine: EngineConfig, *, max_context_chars: int = 12_000
) -> FilterResult:
    """Verdict per item from eight 0–2 judge scores (Appendix F criteria).

    passed: every criterion ≥ 1; rejected: any criterion 0; error: a criterion's reply
    was unusable after the client's repair and retry (the reason names the criterion),
    or none of the item's source texts was given. An item citing no document at all (an
    unanswerable question) is ``skipped``. score = mean of the criterion scores.
    Rules engine: every item ``skipped``. ``LLMUnavailable`` propagates.
    """
    if engine.kind != "llm":
        return skipped_needs_llm(items, FILTER_NAME)
    client = engine.client()

    articles = {item.item_id: source_article(item, doc_texts, max_context_chars) for item in items}
    jobs = [(item, criterion) for item in items if articles[item.item_id] is not None for criterion in CRITERIA]

    def ask(job: tuple[Item, str]):
        item, criterion = job
        variables = {"article": articles[item.item_id], "question": item.question}
        if CRITERIA[criterion]:
            variables["answer"] = "; ".join(item.answers)
        return client.complete_json(render(prompt_name(criterion), item.lang, **variables), JudgeReply)

    results = {(item.item_id, criterion): r for (item, criterion), r in zip(jobs, map_llm(engine, ask, jobs, FILTER_NAME))}
    verdicts, usages = [], []
    for item in items:
        if not item.doc_ids:  # e.g. an unanswerable question: no source to judge it against
            verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status="skipped",
                                    reason="skipped: the item cites no document to judge it against"))
            continue
        if articles[item.item_id] is None:
            verdicts.append(
                Verdict(
                    item_id=item.item_id, filter=FILTER_NAME, status="error",
                    reason=f"source text missing for document(s) {', '.join(item.doc_ids) or '(item lists none)'}",
                )
            )
            continue
        scores: dict[str, int] = {}
        rationales: dict[str, str] = {}
        unusable: dict[str, str] = {}
        for criterion in CRITERIA:
            result = results[(item.item_id, criterion)]
            usages.append(result.usage)
            if result.value is None:
                unusable[criterion] = result.error or "no value"
            else:
                scores[criterion] = result.value.score
                rationales[criterion] = result.value.rationale
        listed = ", ".join(f"{c}={s}" for c, s in scores.items())
        mean = sum(scores.values()) / len(scores) if scores else None
        if unusable:
            problems = "; ".join(f"{c}: {e}" for c, e in unusable.items())
            verdicts.append(
                Verdict(
                    item_id=item.item_id, filter=FILTER_NAME, status="error", score=None,
                    reason=f"unusable judge reply for {', '.join(unusable)} ({problems})" + (f"; scored: {listed}" if listed else ""),
                )
            )
            continue
        failed = [c for c, s in scores.items() if s < PASS_SCORE]
        if failed:
            why = "; ".join(f"{c}: {' '.join(rationales[c].split())[:200]}" for c in failed)
            reason = f"failed {', '.join(failed)} ({listed}); {why}"
        else:
            reason = f"all criteria >= {PASS_SCORE} ({listed})"
        verdicts.append(
            Verdict(
                item_id=item.item_id, filter=FILTER_NAME, status="rejected" if failed else "passed",
                score=round(mean, 4), reason=reason, code="judge_below_threshold" if failed else "",
            )
        )
    return FilterResult(verdicts=verdicts, usage=LLMUsage.total(usages))


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: LlmJudgeConfig) -> FilterResult:
    return judge_items(items, inputs.source_texts, engine, max_context_chars=config.max_context_chars)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=True, config=LlmJudgeConfig, score=score,
                    context=frozenset({"source_texts"}),
                    description="eight 0-2 criteria of DRAGON's judge; passes when every one is >= 1")
