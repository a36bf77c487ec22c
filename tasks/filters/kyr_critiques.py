"""Know Your RAG's four critiques as one shared LLM filter: stand-alone, question specificity,
question-context groundedness, answer-context groundedness, each rated 1-5 with a rationale
(``{"evaluation", "rating"}``).

Thresholds are the filter's Config (``[generators.<gen>.filters.kyr_critiques]``, defaults
``schemas.knowyourrag.CritiqueThresholds``); an item below any threshold is rejected with that
critique's rationale, one whose critique reply was unusable is a transient ``error`` (that
item only). The passed verdict's reason lists the four ratings; its score is the lowest.
"""
from __future__ import annotations

from pydantic import ConfigDict

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from schemas import Item
from schemas.knowyourrag import CRITIQUES, CritiqueThresholds
from tasks.filters import FilterResult
from tasks.knowyourrag.scoring import FILTER as FILTER_NAME
from tasks.knowyourrag.scoring import critique_items, decide


class CritiquesConfig(CritiqueThresholds):
    model_config = ConfigDict(extra="forbid")


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: CritiquesConfig) -> FilterResult:
    batch = critique_items(items, engine)
    failed: dict[str, list[str]] = {}
    for f in batch.failures:
        failed.setdefault(f.key.split("#")[0], []).append(f"{f.key.split('#')[-1]}: {f.reason}")
    verdicts = []
    for item in items:
        mine = [c for c in batch.critiques if c.item_id == item.item_id]
        v = decide(item.item_id, config, critiques=mine, expected=CRITIQUES)
        if v.status == "error" and item.item_id in failed:
            v = v.model_copy(update={"reason": f"{v.reason} ({'; '.join(failed[item.item_id])})"[:500]})
        elif v.status == "passed":
            v = v.model_copy(update={"reason": ", ".join(f"{c.critique} {c.rating}" for c in mine)})
        verdicts.append(v)
    return FilterResult(verdicts=verdicts, usage=batch.usage)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=True, config=CritiquesConfig, score=score,
                    description="four 1-5 critiques (stand-alone, specificity, question / answer grounded) vs thresholds")
