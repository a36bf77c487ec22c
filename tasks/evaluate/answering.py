"""Answer generation for the baselines: LLM answer, extractive rules answer, Iter-Re2G, noise.

- ``llm_answer``: DRAGON's prompt (Appendix H.2) with the context chunks
  (prompts/<lang>/answer.j2), or the question alone for MIRAGE's base setup
  (answer_base.j2). The prompt asks for "I don't know" when the context lacks the answer.
- ``extractive_answer`` (rules engine): NOT a generative model — it returns the context
  sentence sharing the most (rarity-weighted) content words with the question (ties: the
  higher-ranked chunk, then the earlier sentence), or "I don't know" when none shares any. Reports label
  it ``rules-extractive``.
- ``iter_re2g`` (AMAQA §4.2): answer from the top ``top_n`` chunks; while the answer is
  "I don't know" (or empty), slide the window to the next ``top_n`` chunks and ask again,
  until an answer is accepted or the ranking is exhausted.
- ``inject_noise`` (AMAQA "Re2G with Noise", after "The Power of Noise"): add chunks that
  are semantically distant from the query — the lowest-scoring chunks of texts outside the
  context — to the context given to the generator.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel

from schemas.llm import LLMUsage
from tasks.evaluate.chunking import Chunk
from tasks.evaluate.metrics_generation import normalize_answer
from tasks.evaluate.metrics_rageval import split_sentences
from tasks.evaluate.retrievers import _stopwords, tokenize

DONT_KNOW: dict[str, str] = {"en": "I don't know", "ru": "Не знаю"}
_DONT_KNOW_PATTERNS = re.compile(
    r"\b(i don t know|i do not know|i dont know|не знаю|нет информации|неизвестно)\b", re.UNICODE
)

AnswerEngine = Literal["llm", "rules-extractive"]


class AnswerResult(BaseModel):
    answer: str
    engine: AnswerEngine
    context_chunk_ids: list[str] = []
    iterations: int = 1
    noise_chunk_ids: list[str] = []
    error: str | None = None
    usage: LLMUsage = LLMUsage()


class GeneratorConfig(BaseModel):
    """How the baseline turns retrieved chunks into an answer."""

    top_n: int = 5
    iter_re2g: bool = False
    max_windows: int | None = None
    noise: int = 0
    noise_position: Literal["end", "start"] = "end"


def is_dont_know(answer: str | None) -> bool:
    """True for an empty answer or one saying "I don't know" (en/ru)."""
    norm = normalize_answer(answer or "")
    return not norm or bool(_DONT_KNOW_PATTERNS.search(norm))


def _prompt_chunks(chunks: Sequence[Chunk]) -> list[str]:
    return [c.text for c in chunks]


def llm_answer(client: Any, question: str, chunks: Sequence[Chunk], lang: str) -> AnswerResult:
    """One LLM call: answer.j2 with the chunks, or answer_base.j2 when there are none."""
    from benchmill.prompts import render

    if chunks:
        prompt = render("answer", lang, question=question, contexts=_prompt_chunks(chunks), dont_know=DONT_KNOW[lang])
    else:
        prompt = render("answer_base", lang, question=question, dont_know=DONT_KNOW[lang])
    result = client.complete_text(prompt)
    usage = getattr(result, "usage", None) or LLMUsage()
    answer = (result.value or "").strip() if result.value is not None else ""
    return AnswerResult(
        answer=answer, engine="llm", context_chunk_ids=[c.chunk_id for c in chunks], error=result.error, usage=usage
    )


def extractive_answer(question: str, chunks: Sequence[Chunk], lang: str) -> AnswerResult:
    """The context sentence sharing the most question content words (rules engine).

    Shared words are weighted by ``log(1 + S / s_w)`` over the S candidate sentences, s_w of
    which contain word w, so a word every sentence repeats counts less than a rare one.
    """
    stop = _stopwords(lang)
    q_words = {t for t in tokenize(question) if t not in stop}
    candidates = [(s, q_words & set(tokenize(s))) for chunk in chunks for s in split_sentences(chunk.text, lang)]
    df: dict[str, int] = {}
    for _, shared in candidates:
        for w in shared:
            df[w] = df.get(w, 0) + 1
    best_sentence, best_score = None, 0.0
    for sentence, shared in candidates:
        score = sum(math.log(1 + len(candidates) / df[w]) for w in shared)
        if score > best_score:  # strict: ties keep the higher-ranked chunk / earlier sentence
            best_sentence, best_score = sentence, score
    return AnswerResult(
        answer=best_sentence if best_sentence is not None else DONT_KNOW[lang],
        engine="rules-extractive",
        context_chunk_ids=[c.chunk_id for c in chunks],
    )


AnswerFn = Callable[[str, Sequence[Chunk]], AnswerResult]


def answer_fn_for(client: Any | None, lang: str) -> AnswerFn:
    """An answer function: the LLM when a client is given, else the extractive rules answer."""
    if client is None:
        return lambda question, chunks: extractive_answer(question, chunks, lang)
    return lambda question, chunks: llm_answer(client, question, chunks, lang)


def iter_re2g(
    answer_fn: AnswerFn, question: str, ranked_chunks: Sequence[Chunk], top_n: int, max_windows: int | None = None
) -> AnswerResult:
    """Slide a ``top_n`` window down the ranking while the answer is "I don't know"."""
    if top_n < 1:
        raise ValueError("top_n must be >= 1")
    windows = [list(ranked_chunks[i : i + top_n]) for i in range(0, len(ranked_chunks), top_n)] or [[]]
    if max_windows is not None:
        windows = windows[: max(1, max_windows)]
    usage = LLMUsage()
    result: AnswerResult | None = None
    iterations = 0
    for window in windows:
        iterations += 1
        result = answer_fn(question, window)
        usage = usage + result.usage
        if result.error is None and not is_dont_know(result.answer):
            break
    assert result is not None
    return result.model_copy(update={"iterations": iterations, "usage": usage})


def distant_chunks(chunks: Sequence[Chunk], scores: np.ndarray, exclude_text_ids: set, n: int) -> list[Chunk]:
    """The ``n`` lowest-scoring chunks for the query, one per text, outside ``exclude_text_ids``."""
    if n <= 0 or len(chunks) == 0:
        return []
    out: list[Chunk] = []
    seen = set(exclude_text_ids)
    for i in np.argsort(scores, kind="stable"):
        ch = chunks[i]
        if ch.text_id in seen:
            continue
        seen.add(ch.text_id)
        out.append(ch)
        if len(out) >= n:
            break
    return out


def inject_noise(context: Sequence[Chunk], noise: Sequence[Chunk], position: Literal["end", "start"] = "end") -> list[Chunk]:
    return [*noise, *context] if position == "start" else [*context, *noise]


def generate_answer(
    answer_fn: AnswerFn,
    question: str,
    ranked_chunks: Sequence[Chunk],
    config: GeneratorConfig,
    noise_pool: Callable[[set, int], list[Chunk]] | None = None,
) -> AnswerResult:
    """Baseline generator: top-n context, optional Iter-Re2G sliding and noise injection.

    ``noise_pool(exclude_text_ids, n)`` returns distant chunks when ``config.noise`` > 0.
    """
    noise_ids: list[str] = []

    def with_noise(question: str, window: Sequence[Chunk]) -> AnswerResult:
        if config.noise <= 0 or noise_pool is None:
            return answer_fn(question, window)
        noise = noise_pool({c.text_id for c in window}, config.noise)
        noise_ids[:] = [c.chunk_id for c in noise]
        return answer_fn(question, inject_noise(window, noise, config.noise_position))

    if config.iter_re2g:
        result = iter_re2g(with_noise, question, ranked_chunks, config.top_n, config.max_windows)
    else:
        result = with_noise(question, list(ranked_chunks[: config.top_n]))
    return result.model_copy(update={"noise_chunk_ids": list(noise_ids)})
