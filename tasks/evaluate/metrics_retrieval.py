"""Retrieval metrics over ranked document ids, with several relevant documents per question.

Conventions (each one is tested on hand-computed examples in tests/test_metrics_retrieval.py):

- The ranking is de-duplicated first: an id retrieved twice counts once, at its first rank
  (``dedupe_ranking``). A system cannot earn recall or precision twice for one document.
- ``k`` cuts the de-duplicated ranking. When the ranking is shorter than ``k`` the missing
  ranks count as non-relevant: precision@k always divides by ``k`` (the standard IR
  definition), so returning fewer than ``k`` documents is not rewarded.
- Relevance is binary; a question may have any number of relevant documents (set and
  multi-hop questions have several): recall@k divides by all of them.
- NDCG@k builds its ideal ranking from *all* relevant documents (min(k, |relevant|) ones at
  the top), never from the retrieved list, so missing a relevant document lowers NDCG.
- MRR is the reciprocal rank of the first relevant document within the top ``k``
  (0 when none is there).
- A question with no relevant document has no defined recall / NDCG / hit: every metric is
  ``None`` for it and it is left out of the averages (``aggregate`` counts what it used).
- ``graded_ndcg_at_k`` (``--convention trec``): trec_eval's ``ndcg_cut.k`` on graded
  relevance: gain = the grade (linear, not 2^grade - 1), discount log2(rank + 1), the ideal
  ranking sorts *all* judged grades > 0 descending. Grade >= 1 is relevant for the other
  metrics (trec_eval's relevance_level 1). Parity-tested against pytrec_eval.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence

from pydantic import BaseModel


class RetrievalScores(BaseModel):
    """Per-question retrieval metrics at cut-off ``k`` (None: no relevant document)."""

    k: int
    hit_rate: float | None
    recall: float | None
    precision: float | None
    f1: float | None
    mrr: float | None
    ndcg: float | None
    relevant: int
    retrieved: int

    def named(self) -> dict[str, float | None]:
        """Metric name -> value, with the cut-off in the names that depend on it."""
        k = self.k
        return {
            f"hit_rate@{k}": self.hit_rate,
            f"recall@{k}": self.recall,
            f"precision@{k}": self.precision,
            f"f1@{k}": self.f1,
            f"mrr@{k}": self.mrr,
            f"ndcg@{k}": self.ndcg,
        }


def dedupe_ranking(ranked: Iterable[Hashable]) -> list:
    """Keep each id at its first rank only: [3, 1, 3, 2] -> [3, 1, 2]."""
    seen: set = set()
    out = []
    for doc_id in ranked:
        if doc_id not in seen:
            seen.add(doc_id)
            out.append(doc_id)
    return out


def _check_k(k: int) -> None:
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")


def hit_rate_at_k(ranked: Sequence, relevant: Iterable, k: int) -> float | None:
    """1.0 when at least one relevant id is in the top k, else 0.0."""
    _check_k(k)
    rel = set(relevant)
    if not rel:
        return None
    return 1.0 if any(d in rel for d in dedupe_ranking(ranked)[:k]) else 0.0


def recall_at_k(ranked: Sequence, relevant: Iterable, k: int) -> float | None:
    """|relevant ∩ top k| / |relevant|."""
    _check_k(k)
    rel = set(relevant)
    if not rel:
        return None
    return sum(1 for d in dedupe_ranking(ranked)[:k] if d in rel) / len(rel)


def precision_at_k(ranked: Sequence, relevant: Iterable, k: int) -> float | None:
    """|relevant ∩ top k| / k (missing ranks count as non-relevant)."""
    _check_k(k)
    rel = set(relevant)
    if not rel:
        return None
    return sum(1 for d in dedupe_ranking(ranked)[:k] if d in rel) / k


def f1_at_k(ranked: Sequence, relevant: Iterable, k: int) -> float | None:
    """Harmonic mean of precision@k and recall@k (0.0 when both are 0)."""
    p, r = precision_at_k(ranked, relevant, k), recall_at_k(ranked, relevant, k)
    if p is None or r is None:
        return None
    return 0.0 if p + r == 0 else 2 * p * r / (p + r)


def reciprocal_rank_at_k(ranked: Sequence, relevant: Iterable, k: int) -> float | None:
    """1 / rank of the first relevant id in the top k (ranks from 1), 0.0 when none."""
    _check_k(k)
    rel = set(relevant)
    if not rel:
        return None
    for rank, d in enumerate(dedupe_ranking(ranked)[:k], start=1):
        if d in rel:
            return 1.0 / rank
    return 0.0


def ndcg_at_k(ranked: Sequence, relevant: Iterable, k: int) -> float | None:
    """Binary-relevance NDCG@k; the ideal DCG puts min(k, |relevant|) relevant ids on top."""
    _check_k(k)
    rel = set(relevant)
    if not rel:
        return None
    dcg = sum(1.0 / math.log2(rank + 1) for rank, d in enumerate(dedupe_ranking(ranked)[:k], start=1) if d in rel)
    ideal = sum(1.0 / math.log2(rank + 1) for rank in range(1, min(k, len(rel)) + 1))
    return dcg / ideal


def graded_ndcg_at_k(ranked: Sequence, grades: dict, k: int) -> float | None:
    """trec_eval's ndcg_cut.k: sum(grade / log2(rank + 1)) over the top k / the same over the
    grades sorted descending (None when no document has a grade > 0)."""
    _check_k(k)
    positive = sorted((g for g in grades.values() if g > 0), reverse=True)
    if not positive:
        return None
    dcg = sum(
        grades.get(d, 0) / math.log2(rank + 1)
        for rank, d in enumerate(dedupe_ranking(ranked)[:k], start=1) if grades.get(d, 0) > 0
    )
    ideal = sum(g / math.log2(rank + 1) for rank, g in enumerate(positive[:k], start=1))
    return dcg / ideal


def score_retrieval(ranked: Sequence, relevant: Iterable, k: int) -> RetrievalScores:
    """All retrieval metrics for one question."""
    _check_k(k)
    ranking = dedupe_ranking(ranked)
    rel = set(relevant)
    return RetrievalScores(
        k=k,
        hit_rate=hit_rate_at_k(ranking, rel, k),
        recall=recall_at_k(ranking, rel, k),
        precision=precision_at_k(ranking, rel, k),
        f1=f1_at_k(ranking, rel, k),
        mrr=reciprocal_rank_at_k(ranking, rel, k),
        ndcg=ndcg_at_k(ranking, rel, k),
        relevant=len(rel),
        retrieved=min(k, len(ranking)),
    )


def trec_retrieval(ranked: Sequence, grades: dict, k: int) -> RetrievalScores:
    """``--convention trec``: grade >= 1 relevant for hit / recall / precision / MRR, NDCG graded."""
    scores = score_retrieval(ranked, [d for d, g in grades.items() if g >= 1], k)
    return scores.model_copy(update={"ndcg": graded_ndcg_at_k(ranked, grades, k)})


def dragon_retrieval(found_ids: Sequence, relevant: Iterable) -> dict[str, float]:
    """DRAGON's ``rag-bench`` retrieval metrics (``RAGEvaluator`` + ``evaluate_rag_results``):
    no cut-off and no de-duplication: hit rate = a relevant id anywhere in the list; MRR =
    1 / the first rank holding a relevant id (repeats take ranks); precision = relevant
    entries / list length, repeats counted. A question without relevant ids scores 0."""
    rel = set(relevant)
    found = list(found_ids)
    hit = 1.0 if any(d in rel for d in found) else 0.0
    mrr = next((1.0 / i for i, d in enumerate(found, start=1) if d in rel), 0.0)
    precision = sum(1 for d in found if d in rel) / len(found) if found else 0.0
    return {"hit_rate": hit, "mrr": mrr, "precision": precision}
