"""Know Your RAG's no-LLM question checks as a shared filter: is a question; does not mention
"the context / passage / text"; not answered by its own wording; in the collection's language.

Any generator's items can go through it (the checks read only the question, the answer and
the item's language); a failed check rejects the item with the problems as the reason.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from schemas import Item, Verdict
from tasks.filters import FilterResult
from tasks.knowyourrag.scoring import question_checks

FILTER_NAME = "kyr_question_checks"


class QuestionChecksConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: QuestionChecksConfig) -> FilterResult:
    verdicts = []
    for check in question_checks(items):
        if check.problems:
            verdicts.append(Verdict(item_id=check.item_id, filter=FILTER_NAME, status="rejected", score=0.0,
                                    reason="; ".join(check.problems), code=check.codes[0] if check.codes else "question_check"))
        else:
            verdicts.append(Verdict(item_id=check.item_id, filter=FILTER_NAME, status="passed", score=1.0,
                                    reason="a question, stand-alone wording, not self-answering, right language"))
    return FilterResult(verdicts=verdicts)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=False, config=QuestionChecksConfig, score=score,
                    description="no-LLM question checks (is a question, no 'the context', not self-answering, language)")
