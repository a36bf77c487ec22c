"""Baseline retrievers over chunks: BM25 (bm25s), dense (benchmill.embeddings), hybrid.

Every retriever scores *all* chunks for a query (``scores``) and ranks them (``search``).
Ranked chunks become ranked public text ids with ``texts_from_chunks`` (first occurrence
wins), which is what a DRAGON submission's ``found_ids`` holds.

Hybrid (Know Your RAG §5): score = w · lexical + (1 − w) · dense, where both scores are
min–max normalised over the corpus for the query, so w = 1 ranks as BM25 and w = 0 as
dense. ``text_weight_scan`` tries w ∈ {0, 0.05, 0.1, 0.2, 0.5, 1} and reports Recall@k per
question label and over all questions ("inclusive"): the best weight of each label, and each
label's Recall@k at the best inclusive weight (Table 2 reports both; ``hybrid:scan`` retrieves
with the inclusive one).

Reranking is a hook: any ``Reranker`` (``rerank(query, chunks) -> scores``) re-orders the
first ``depth`` chunks. No cross-encoder ships with its weights offline, so the bundled one,
``EmbeddingReranker``, re-scores candidates with the dense embedding model (a bi-encoder
rerank, named for what it is).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

import numpy as np
from pydantic import BaseModel

from tasks.evaluate.chunking import Chunk
from tasks.evaluate.metrics_retrieval import recall_at_k

TEXT_WEIGHTS: tuple[float, ...] = (0.0, 0.05, 0.1, 0.2, 0.5, 1.0)
_TOKEN = re.compile(r"\w+", re.UNICODE)

EmbedFn = Callable[..., np.ndarray]  # embed(texts, lang, kind="query"|"passage") -> (n, d) normalised


def tokenize(text: str) -> list[str]:
    """Lower-cased Unicode word tokens (Latin and Cyrillic alike)."""
    return _TOKEN.findall(text.lower().replace("ё", "е"))


def _stopwords(lang: str) -> frozenset[str]:
    from bm25s import stopwords

    words = stopwords.STOPWORDS_RUSSIAN if lang == "ru" else stopwords.STOPWORDS_EN
    return frozenset(w.replace("ё", "е") for w in words)


class Retriever(Protocol):
    name: str
    chunks: list[Chunk]

    def scores(self, query: str) -> np.ndarray: ...

    def search(self, query: str, n: int) -> list[tuple[Chunk, float]]: ...


def top_indices(scores: np.ndarray, n: int) -> np.ndarray:
    """Indices of the ``n`` highest scores, best first; equal scores keep corpus order.

    O(len(scores)) selection of the n-th largest value, then a sort of the n winners only.
    """
    total = len(scores)
    if n >= total:
        return np.argsort(-scores, kind="stable")
    threshold = np.partition(scores, total - n)[total - n]
    above = np.flatnonzero(scores > threshold)
    ties = np.flatnonzero(scores == threshold)[: n - len(above)]
    idx = np.concatenate([above, ties])
    return idx[np.lexsort((idx, -scores[idx]))]


def _top(chunks: Sequence[Chunk], scores: np.ndarray, n: int) -> list[tuple[Chunk, float]]:
    if len(chunks) == 0 or n <= 0:
        return []
    return [(chunks[i], float(scores[i])) for i in top_indices(scores, min(n, len(chunks)))]


class BM25Retriever:
    """Okapi BM25 (bm25s, Lucene variant, k1=1.5, b=0.75) over word tokens minus stopwords."""

    name = "bm25"

    def __init__(self, chunks: Sequence[Chunk], lang: str = "en", k1: float = 1.5, b: float = 0.75):
        import logging

        import bm25s

        # bm25s sets its own logger to DEBUG on import, which floods Prefect's log handlers
        logging.getLogger("bm25s").setLevel(logging.WARNING)
        self.chunks = list(chunks)
        self.lang = lang
        self._stop = _stopwords(lang)
        self._bm25 = bm25s.BM25(k1=k1, b=b)
        corpus_tokens = [self._tokens(c.text) for c in self.chunks]
        if self.chunks:
            self._bm25.index(corpus_tokens, show_progress=False)

    def _tokens(self, text: str) -> list[str]:
        return [t for t in tokenize(text) if t not in self._stop]

    def scores(self, query: str) -> np.ndarray:
        if not self.chunks:
            return np.zeros(0, dtype=np.float32)
        return np.asarray(self._bm25.get_scores(self._tokens(query)), dtype=np.float32)

    def search(self, query: str, n: int) -> list[tuple[Chunk, float]]:
        return _top(self.chunks, self.scores(query), n)


def default_embed() -> EmbedFn:
    from benchmill.embeddings import embed

    return embed


class DenseRetriever:
    """Cosine similarity of normalised embeddings (benchmill.embeddings: MiniLM en, e5 ru)."""

    name = "dense"

    def __init__(self, chunks: Sequence[Chunk], lang: str = "en", embed: EmbedFn | None = None, batch_size: int = 256):
        self.chunks = list(chunks)
        self.lang = lang
        self._embed = embed or default_embed()
        texts = [c.text for c in self.chunks]
        parts = [self._embed(texts[i : i + batch_size], lang, kind="passage") for i in range(0, len(texts), batch_size)]
        self.matrix = np.vstack(parts).astype(np.float32) if parts else np.zeros((0, 1), dtype=np.float32)

    def query_vector(self, query: str) -> np.ndarray:
        return np.asarray(self._embed([query], self.lang, kind="query"), dtype=np.float32)[0]

    def scores(self, query: str) -> np.ndarray:
        if not self.chunks:
            return np.zeros(0, dtype=np.float32)
        return self.matrix @ self.query_vector(query)

    def search(self, query: str, n: int) -> list[tuple[Chunk, float]]:
        return _top(self.chunks, self.scores(query), n)


def minmax(scores: np.ndarray) -> np.ndarray:
    """Scale to [0, 1]; a constant vector becomes all zeros."""
    if scores.size == 0:
        return scores.astype(np.float32)
    lo, hi = float(scores.min()), float(scores.max())
    if hi - lo <= 1e-12:
        return np.zeros_like(scores, dtype=np.float32)
    return ((scores - lo) / (hi - lo)).astype(np.float32)


def hybrid_scores(lexical: np.ndarray, dense: np.ndarray, text_weight: float) -> np.ndarray:
    if not 0.0 <= text_weight <= 1.0:
        raise ValueError(f"text weight must be in [0, 1], got {text_weight}")
    return text_weight * minmax(lexical) + (1.0 - text_weight) * minmax(dense)


class HybridRetriever:
    """w · BM25 + (1 − w) · dense, both min–max normalised per query."""

    def __init__(self, lexical: BM25Retriever, dense: DenseRetriever, text_weight: float):
        if [c.chunk_id for c in lexical.chunks] != [c.chunk_id for c in dense.chunks]:
            raise ValueError("hybrid retrieval needs both retrievers over the same chunks")
        hybrid_scores(np.zeros(0), np.zeros(0), text_weight)  # validates the weight
        self.lexical, self.dense, self.text_weight = lexical, dense, text_weight
        self.chunks = lexical.chunks
        self.name = f"hybrid:{text_weight:g}"

    def scores(self, query: str) -> np.ndarray:
        return hybrid_scores(self.lexical.scores(query), self.dense.scores(query), self.text_weight)

    def search(self, query: str, n: int) -> list[tuple[Chunk, float]]:
        return _top(self.chunks, self.scores(query), n)


class Reranker(Protocol):
    name: str

    def rerank(self, query: str, chunks: Sequence[Chunk]) -> list[float]: ...


class EmbeddingReranker:
    """Re-scores candidates by query–chunk cosine with the dense embedding model."""

    name = "embedding-rerank"

    def __init__(self, lang: str = "en", embed: EmbedFn | None = None):
        self.lang = lang
        self._embed = embed or default_embed()

    def rerank(self, query: str, chunks: Sequence[Chunk]) -> list[float]:
        if not chunks:
            return []
        q = np.asarray(self._embed([query], self.lang, kind="query"), dtype=np.float32)[0]
        m = np.asarray(self._embed([c.text for c in chunks], self.lang, kind="passage"), dtype=np.float32)
        return [float(x) for x in m @ q]


class RerankedRetriever:
    """First-stage retriever, then ``reranker`` re-orders its top ``depth`` chunks."""

    def __init__(self, first_stage: Retriever, reranker: Reranker, depth: int = 50):
        if depth < 1:
            raise ValueError("rerank depth must be >= 1")
        self.first_stage, self.reranker, self.depth = first_stage, reranker, depth
        self.chunks = first_stage.chunks
        self.name = f"{first_stage.name}+{reranker.name}"

    def scores(self, query: str) -> np.ndarray:
        return self.first_stage.scores(query)

    def search(self, query: str, n: int) -> list[tuple[Chunk, float]]:
        candidates = self.first_stage.search(query, max(self.depth, n))
        head, tail = candidates[: self.depth], candidates[self.depth :]
        new = self.reranker.rerank(query, [c for c, _ in head])
        order = sorted(range(len(head)), key=lambda i: -new[i])  # sorted() is stable
        return [(head[i][0], new[i]) for i in order] + tail


def texts_from_chunks(ranked: Iterable[tuple[Chunk, float]] | Iterable[Chunk], k: int | None = None) -> list:
    """Ranked distinct text ids (first occurrence of each text), cut at ``k``."""
    out: list = []
    seen: set = set()
    for item in ranked:
        ch = item[0] if isinstance(item, tuple) else item
        if ch.text_id not in seen:
            seen.add(ch.text_id)
            out.append(ch.text_id)
            if k is not None and len(out) >= k:
                break
    return out


def top_texts(chunks: Sequence[Chunk], scores: np.ndarray, k: int) -> list:
    """Top ``k`` distinct text ids by their best chunk score."""
    n = min(len(chunks), 8 * k)
    while True:
        found = texts_from_chunks((chunks[i] for i in top_indices(scores, n)), k)
        if len(found) >= k or n >= len(chunks):
            return found
        n = min(len(chunks), 4 * n)


class ScanQuestion(BaseModel):
    question: str
    label: str
    relevant: list[int | str]


class TextWeightScan(BaseModel):
    """Recall@k per label and text weight, as Know Your RAG's Table 2 reports it: each label's
    best weight and Recall@k there ("per label"), and each label's Recall@k at the best
    *inclusive* weight (the one best over all questions, which the hybrid:scan baseline uses)."""

    k: int
    weights: list[float]
    recall: dict[str, dict[str, float]]  # label -> str(weight) -> mean Recall@k
    best_weight: dict[str, float]  # per label
    best_recall: dict[str, float]  # per label, at its best weight
    questions: dict[str, int]

    @property
    def inclusive_weight(self) -> float | None:
        return self.best_weight.get(INCLUSIVE)

    def recall_at_inclusive(self, label: str) -> float | None:
        """Recall@k of ``label`` at the best inclusive weight."""
        w = self.inclusive_weight
        return None if w is None else self.recall[label][f"{w:g}"]

    def rows(self) -> list[dict]:
        out = []
        for label, by_w in self.recall.items():
            row = {"label": label, "questions": self.questions[label]}
            row.update({f"w={w:g}": by_w[f"{w:g}"] for w in self.weights})
            row.update({"best recall": self.best_recall[label], "best weight": self.best_weight[label],
                        "recall at inclusive weight": self.recall_at_inclusive(label)})
            out.append(row)
        return out


INCLUSIVE = "inclusive"


def text_weight_scan(
    lexical: BM25Retriever,
    dense: DenseRetriever,
    questions: Sequence[ScanQuestion],
    k: int = 5,
    weights: Sequence[float] = TEXT_WEIGHTS,
) -> TextWeightScan:
    """Recall@k of hybrid retrieval for each text weight, per label and inclusive.

    Each question's lexical and dense scores are computed once and combined for every
    weight. Questions without relevant texts are left out. Ties between weights go to the
    smaller weight (the first in ``weights``).
    """
    per_label: dict[str, dict[float, list[float]]] = {}
    for q in questions:
        if not q.relevant:
            continue
        lex, den = lexical.scores(q.question), dense.scores(q.question)
        for w in weights:
            found = top_texts(lexical.chunks, hybrid_scores(lex, den, w), k)
            r = recall_at_k(found, q.relevant, k)
            for label in (INCLUSIVE, q.label):
                per_label.setdefault(label, {x: [] for x in weights})[w].append(r)
    recall: dict[str, dict[str, float]] = {}
    best_w: dict[str, float] = {}
    best_r: dict[str, float] = {}
    counts: dict[str, int] = {}
    for label in sorted(per_label, key=lambda x: (x != INCLUSIVE, x)):
        by_w = per_label[label]
        means = {w: float(np.mean(v)) for w, v in by_w.items()}
        recall[label] = {f"{w:g}": means[w] for w in weights}
        w_best = max(weights, key=lambda w: (means[w], -list(weights).index(w)))
        best_w[label], best_r[label] = w_best, means[w_best]
        counts[label] = len(by_w[weights[0]])
    return TextWeightScan(k=k, weights=list(weights), recall=recall, best_weight=best_w, best_recall=best_r, questions=counts)

