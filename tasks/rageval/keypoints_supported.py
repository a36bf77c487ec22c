"""RAGEval's filter: every keypoint of an answer is supported by the item's references.

Rules, kept simple: a keypoint is supported when

* every number in it (digits only, so "1,250.5" = "12505") occurs in the references, and
* at least ``min_overlap`` of its content words (folded word tokens of 4+ letters; a
  word matches another sharing its first ``stem`` letters, a crude stem that lets
  "компании" meet "компания") occur in the references or the question.

The references are taken together: a comparison keypoint ("A had the greater revenue")
rests on two references. Words may also come from the question because a conclusion
keypoint ("The offence happened before the judgment.") names what the question asks
about, while the references carry the facts (the dates); the numbers, which carry the
facts, must come from the references alone. An item without keypoints is rejected. An unanswerable item
(type ``unanswerable``, no references) passes: its keypoints say that the documents do
not answer, which no reference could support. The LLM judge, where it runs, checks the
meaning; this filter catches keypoints about facts the references do not carry.
"""
from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec, register
from schemas import Item, Verdict
from tasks.filters import FilterResult, words

FILTER_NAME = "keypoints_supported"
_NUMBER = re.compile(r"\d[\d,.\s\u00a0\u202f]*\d|\d")


class KeypointsSupportedConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    min_overlap: float = Field(0.5, ge=0.0, le=1.0, description="share of a keypoint's content words the references must carry")
    stem: int = Field(5, ge=3, description="a word matches a reference word sharing this many first letters")


def numbers(text: str) -> set[str]:
    return {re.sub(r"\D", "", m.group(0)) for m in _NUMBER.finditer(text)}


def _content(text: str) -> list[str]:
    return [w for w in words(text) if len(w) >= 4 and not w.isdigit()]


def support(keypoint: str, references: list[str], config: KeypointsSupportedConfig, question: str = "") -> tuple[float, str]:
    """(overlap share, what is missing) of one keypoint against the references (and the question's words)."""
    joined = " ".join(references)
    missing_numbers = sorted(numbers(keypoint) - numbers(joined))
    if missing_numbers:
        return 0.0, f"numbers {', '.join(missing_numbers)} in no reference"
    kw = _content(keypoint)
    if not kw:
        return 1.0, ""
    ref_words = set(_content(joined + " " + question))
    stems = {w[:config.stem] for w in ref_words}
    found = [w for w in kw if w in ref_words or w[:config.stem] in stems]
    share = len(found) / len(kw)
    return share, "" if share >= config.min_overlap else f"words {', '.join(w for w in kw if w not in found)} in no reference"


def judge(item: Item, config: KeypointsSupportedConfig) -> Verdict:
    def verdict(status: str, reason: str, code: str = "", score: float | None = None) -> Verdict:
        return Verdict(item_id=item.item_id, filter=FILTER_NAME, status=status, score=score, reason=reason, code=code)

    if not item.keypoints:
        return verdict("rejected", "no keypoints", "no_keypoints", 0.0)
    if item.type == "unanswerable" and not item.references:
        return verdict("passed", "unanswerable: the keypoints say so; no reference to support them", score=1.0)
    if not item.references:
        return verdict("rejected", "keypoints but no reference to support them", "no_references", 0.0)
    scored = [(kp, *support(kp, item.references, config, item.question)) for kp in item.keypoints]
    worst = min(s for _, s, _ in scored)
    bad = [(kp, why) for kp, s, why in scored if why]
    if bad:
        kp, why = bad[0]
        return verdict("rejected", f"{len(bad)} of {len(scored)} keypoints unsupported, e.g. {kp[:60]!r}: {why}",
                       "keypoint_unsupported", round(worst, 4))
    return verdict("passed", f"{len(scored)} keypoints supported (min overlap {worst:.2f})", score=round(worst, 4))


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: KeypointsSupportedConfig) -> FilterResult:
    return FilterResult(verdicts=[judge(i, config) for i in items])


FILTER = register(FilterSpec(name=FILTER_NAME, needs_llm=False, config=KeypointsSupportedConfig, score=score,
                             description="every keypoint is supported by the item's references (numbers + word overlap)"))
