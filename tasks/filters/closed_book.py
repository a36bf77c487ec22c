"""Closed-book check (DRAGON §4, QA Filtering): reject questions an LLM answers without the article.

The question goes to the LLM alone (prompts/<lang>/closed_book.j2). When the reply
matches a gold answer, the pair tests the model's memory, not retrieval, and is rejected
as "answerable without context". A match is a gold answer contained in the reply (as
whole words, after normalisation) or a token F1 ≥ ``f1_threshold`` between reply and a
gold answer. A reply that matches a gold answer the question itself names (a
comparison offers both candidates) is a guess among the offered options and does not
count. Normalisation: casefold, punctuation dropped, English articles dropped,
Russian words lemmatised (an inflected "Северного порта" still matches "Северный порт").
"""
from __future__ import annotations

from collections import Counter

from pydantic import BaseModel, ConfigDict, Field

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from benchmill.prompts import render
from schemas import Item, LLMUsage, Verdict
from tasks.filters import FilterResult, map_llm, skipped_needs_llm, words

FILTER_NAME = "closed_book"
PROMPT_NAME = "closed_book"

_EN_ARTICLES = {"a", "an", "the"}


class ClosedBookConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    f1_threshold: float = Field(0.8, ge=0.0, le=1.0, description="token F1 from which a reply counts as the gold answer")


def answer_tokens(text: str, lang: str) -> list[str]:
    """Tokens compared between a reply and a gold answer (see module doc)."""
    tokens = words(text)
    if lang == "ru":
        from benchmill.nlp import lemma_ru

        return [lemma_ru(t) if not t.isdigit() else t for t in tokens]
    return [t for t in tokens if t not in _EN_ARTICLES]


def token_f1(prediction: list[str], gold: list[str]) -> float:
    """SQuAD token F1 (bag-of-tokens overlap)."""
    common = sum((Counter(prediction) & Counter(gold)).values())
    if common == 0:
        return 0.0
    precision, recall = common / len(prediction), common / len(gold)
    return 2 * precision * recall / (precision + recall)


def _contains(haystack: list[str], needle: list[str]) -> bool:
    n = len(needle)
    return any(haystack[i : i + n] == needle for i in range(len(haystack) - n + 1))


def match_gold(reply: str, answers: list[str], lang: str, f1_threshold: float) -> tuple[bool, float, str]:
    """(matches, best F1, gold answer it matched or came closest to)."""
    reply_tokens = answer_tokens(reply, lang)
    best_f1, closest = 0.0, ""
    for gold in answers:
        gold_tokens = answer_tokens(gold, lang)
        if not gold_tokens:
            continue
        if _contains(reply_tokens, gold_tokens):
            return True, 1.0, gold
        f1 = token_f1(reply_tokens, gold_tokens) if reply_tokens else 0.0
        if f1 > best_f1:
            best_f1, closest = f1, gold
    return best_f1 >= f1_threshold and best_f1 > 0, best_f1, closest


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def check_closed_book(
    items: list[Item], engine: EngineConfig, config: ClosedBookConfig = ClosedBookConfig()
) -> FilterResult:
    """Verdict per item: rejected when the LLM answers the question correctly without any context.

    Rules engine: every item ``skipped`` (needs an LLM). An unusable reply (empty, prompt
    too long) is an ``error`` for that item; ``LLMUnavailable`` propagates.
    score = best token F1 between the reply and a gold answer (1.0 for a contained answer).
    """
    if engine.kind != "llm":
        return skipped_needs_llm(items, FILTER_NAME)
    client = engine.client()

    def ask(item: Item):
        return client.complete_text(render(PROMPT_NAME, item.lang, question=item.question))

    asked = [i for i in items if any(a.strip() for a in i.answers)]
    results = dict(zip((i.item_id for i in asked), map_llm(engine, ask, asked, FILTER_NAME)))
    verdicts, usages = [], []
    for item in items:
        result = results.get(item.item_id)
        if result is None:
            verdicts.append(
                Verdict(item_id=item.item_id, filter=FILTER_NAME, status="rejected", score=0.0, reason="item has no gold answer to compare with", code="no_gold_answer")
            )
            continue
        usages.append(result.usage)
        if result.value is None:
            verdicts.append(
                Verdict(item_id=item.item_id, filter=FILTER_NAME, status="error", reason=f"closed-book reply unusable: {result.error}")
            )
            continue
        matched, f1, gold = match_gold(result.value, item.answers, item.lang, config.f1_threshold)
        if matched and _contains(answer_tokens(item.question, item.lang), answer_tokens(gold, item.lang)):
            # "Which sold more, FAW or BYD?": naming one of the offered options proves nothing
            reason = f"the reply {_short(result.value)!r} picks an option the question names itself ({_short(gold)!r}): a guess, not knowledge"
            status = "passed"
        elif matched:
            reason = f"answerable without context: the model replied {_short(result.value)!r} (gold {_short(gold)!r}, F1 {f1:.2f})"
            status = "rejected"
        else:
            closest = f", closest gold {_short(gold)!r}" if gold else ""
            reason = f"not answered without context: reply {_short(result.value)!r} (best F1 {f1:.2f}{closest})"
            status = "passed"
        verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status=status, score=round(f1, 4), reason=reason,
                                code="answerable_closed_book" if status == "rejected" else ""))
    return FilterResult(verdicts=verdicts, usage=LLMUsage.total(usages))


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: ClosedBookConfig) -> FilterResult:
    return check_closed_book(items, engine, config)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=True, config=ClosedBookConfig, score=score,
                    description="rejects items an LLM answers correctly with no context")
