"""MIRAGE: three answering setups per question and the four RAG adaptability metrics.

Setups (MIRAGE §4.1):

- base: the question alone (parametric knowledge);
- oracle: the question with its oracle chunk only — a chunk of a relevant text that holds
  the answer (``select_oracle_chunk``: best gold-answer token overlap);
- mixed: the oracle chunk among noise chunks, ``mixed_size`` in all (MIRAGE uses 5); noise
  chunks are the top retrieved chunks that do not belong to a relevant text.

Each answer is marked correct or not (``correct``: a normalised gold answer occurs in the
answer, as in MIRAGE's label-in-output check). With B, O, M the three marks (MIRAGE §4.2):

- noise vulnerability        O=1, M=0  (fails with noise, succeeds with the oracle)
- context acceptability      O=1, M=1
- context insensitivity      B=0, O=0
- context misinterpretation  B=1, O=0

O=1 splits on M and O=0 splits on B, so every question lands in exactly one group and the
four rates sum to 1 (``adaptability_metrics`` asserts it).
"""
from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from tasks.evaluate.chunking import Chunk
from tasks.evaluate.metrics_generation import normalize_answer, substring_match

MIRAGE_GROUPS = ("noise_vulnerability", "context_acceptability", "context_insensitivity", "context_misinterpretation")


class MirageOutcome(BaseModel):
    """Correctness of one question's answers in the three setups, and its group."""

    base_correct: bool
    oracle_correct: bool
    mixed_correct: bool

    @property
    def group(self) -> str:
        if self.oracle_correct:
            return "context_acceptability" if self.mixed_correct else "noise_vulnerability"
        return "context_misinterpretation" if self.base_correct else "context_insensitivity"


class MirageAnswers(BaseModel):
    """The three answers of one question and the chunks they were given."""

    base: str
    oracle: str
    mixed: str
    oracle_chunk_id: str
    mixed_chunk_ids: list[str]
    outcome: MirageOutcome


class AdaptabilityMetrics(BaseModel):
    """The four MIRAGE rates over ``n`` questions (None when n == 0) and setup accuracies."""

    n: int
    noise_vulnerability: float | None
    context_acceptability: float | None
    context_insensitivity: float | None
    context_misinterpretation: float | None
    base_accuracy: float | None
    oracle_accuracy: float | None
    mixed_accuracy: float | None

    def named(self) -> dict[str, float | None]:
        return self.model_dump(exclude={"n"})


def correct(answer: str, golds: Sequence[str], parts: Sequence[Sequence[str]] | None = None) -> bool:
    """MIRAGE's binary score: a normalised gold answer occurs in the answer; for an answer of
    several required parts (a set), a form of every part occurs in it."""
    if parts is not None and len([p for p in parts if p]) > 1:
        return all(substring_match(answer, list(p)) == 1.0 for p in parts if p)
    return substring_match(answer, list(golds)) == 1.0


def adaptability_metrics(outcomes: Sequence[MirageOutcome]) -> AdaptabilityMetrics:
    n = len(outcomes)
    if n == 0:
        return AdaptabilityMetrics(
            n=0, noise_vulnerability=None, context_acceptability=None, context_insensitivity=None,
            context_misinterpretation=None, base_accuracy=None, oracle_accuracy=None, mixed_accuracy=None,
        )
    counts = {g: 0 for g in MIRAGE_GROUPS}
    for o in outcomes:
        counts[o.group] += 1
    rates = {g: c / n for g, c in counts.items()}
    total = sum(rates.values())
    assert abs(total - 1.0) < 1e-9, f"MIRAGE adaptability metrics must sum to 1, got {total}"
    return AdaptabilityMetrics(
        n=n,
        **rates,
        base_accuracy=sum(o.base_correct for o in outcomes) / n,
        oracle_accuracy=sum(o.oracle_correct for o in outcomes) / n,
        mixed_accuracy=sum(o.mixed_correct for o in outcomes) / n,
    )


def answer_overlap(chunk_text: str, golds: Sequence[str]) -> tuple[float, bool]:
    """(best share of a gold answer's normalised tokens found in the chunk, gold contained verbatim)."""
    chunk_norm = normalize_answer(chunk_text)
    chunk_tokens = set(chunk_norm.split())
    best, contained = 0.0, False
    padded = f" {chunk_norm} "
    for g in golds:
        toks = normalize_answer(g).split()
        if not toks:
            continue
        best = max(best, sum(1 for t in toks if t in chunk_tokens) / len(toks))
        contained = contained or f" {' '.join(toks)} " in padded
    return best, contained


def select_oracle_chunk(chunks: Sequence[Chunk], relevant_text_ids: Sequence, golds: Sequence[str]) -> Chunk | None:
    """The chunk of a relevant text that best holds the answer (None when none overlaps it).

    Ranking: a chunk containing a whole gold answer first, then the higher token overlap,
    then the earlier chunk (stable).
    """
    relevant = set(relevant_text_ids)
    best: tuple[bool, float] | None = None
    best_chunk: Chunk | None = None
    for ch in chunks:
        if ch.text_id not in relevant:
            continue
        overlap, contained = answer_overlap(ch.text, golds)
        if overlap <= 0:
            continue
        key = (contained, overlap)
        if best is None or key > best:
            best, best_chunk = key, ch
    return best_chunk


def select_noise_chunks(ranked_chunks: Sequence[Chunk], relevant_text_ids: Sequence, n: int) -> list[Chunk]:
    """The top ``n`` retrieved chunks that belong to no relevant text."""
    relevant = set(relevant_text_ids)
    return [ch for ch in ranked_chunks if ch.text_id not in relevant][:n]


def mixed_context(oracle: Chunk, noise: Sequence[Chunk], question_id: str) -> list[Chunk]:
    """Oracle chunk inserted among the noise at a position fixed by the question id.

    The position is deterministic (crc32 of the id) so re-runs give the same prompt, and
    spread over questions so the oracle is not always first.
    """
    position = zlib.crc32(str(question_id).encode()) % (len(noise) + 1)
    out = list(noise)
    out.insert(position, oracle)
    return out


AnswerFn = Callable[[str, list[Chunk]], str]


def run_mirage_question(
    question_id: str,
    question: str,
    golds: Sequence[str],
    oracle: Chunk,
    noise: Sequence[Chunk],
    answer_fn: AnswerFn,
    parts: Sequence[Sequence[str]] | None = None,
) -> MirageAnswers:
    """Answer one question in the three setups (``answer_fn(question, chunks)``) and mark them."""
    mixed_chunks = mixed_context(oracle, noise, question_id)
    base = answer_fn(question, [])
    oracle_answer = answer_fn(question, [oracle])
    mixed = answer_fn(question, mixed_chunks)
    return MirageAnswers(
        base=base,
        oracle=oracle_answer,
        mixed=mixed,
        oracle_chunk_id=oracle.chunk_id,
        mixed_chunk_ids=[c.chunk_id for c in mixed_chunks],
        outcome=MirageOutcome(
            base_correct=correct(base, golds, parts), oracle_correct=correct(oracle_answer, golds, parts),
            mixed_correct=correct(mixed, golds, parts),
        ),
    )
