"""Evaluation benchmarks: scoring throughput and baseline retrieval at scale.

- scoring: 10,000 synthetic questions scored as a DRAGON submission (retrieval + string
  metrics, no LLM metrics), and 10,000 RAGEval records (Recall, EIR, string metrics);
- retrieval: a 50,000-chunk synthetic pool (Zipf-distributed vocabulary, ~80 words per
  chunk): BM25 index build time, queries/s, peak Python memory of the build (tracemalloc,
  measured in a second build so tracing does not slow the timed one) and the process's
  peak RSS; plus dense search throughput over precomputed 384-d vectors (the matrix
  product only: embedding 50,000 chunks on CPU is the embedding benchmark's business).

    python -m bench.bench_eval [OUT_DIR]      # prints and writes OUT_DIR/bench_eval.json
"""
from __future__ import annotations

import json
import platform
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

SCORING_ITEMS = 10_000
POOL_CHUNKS = 50_000
QUERIES = 1_000


def _vocabulary(rng: random.Random, size: int = 30_000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = set()
    while len(words) < size:
        words.add("".join(rng.choice(letters) for _ in range(rng.randint(3, 10))))
    return sorted(words)


def _zipf_words(rng: np.random.Generator, vocab: list[str], n: int) -> list[str]:
    idx = np.minimum(rng.zipf(1.15, size=n) - 1, len(vocab) - 1)
    return [vocab[i] for i in idx]


def bench_scoring(n: int = SCORING_ITEMS, seed: int = 7) -> dict:
    from tasks.evaluate.release_data import PublicQuestion, PublicText, QARecord, ReleaseData
    from tasks.evaluate.scoring import (
        RagevalGroundTruth, RagevalPrediction, RagevalQuery, RagevalRecord, SubmissionEntry,
        score_rageval_records, score_submission,
    )

    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    vocab = _vocabulary(rng, 5_000)
    n_texts = n // 2
    texts = {i: PublicText(id=i, text="") for i in range(n_texts)}
    qa, questions, submission = {}, {}, {}
    for q in range(n):
        relevant = rng.sample(range(n_texts), rng.randint(1, 3))
        answer = " ".join(_zipf_words(nrng, vocab, rng.randint(1, 4)))
        qa[q] = QARecord(public_id=q, text_ids=relevant, answer=answer, answers=[answer],
                         type=rng.choice(["simple", "set", "multi-hop", "conditional", "comparison"]), lang="en")
        questions[q] = PublicQuestion(id=q, question=f"question {q}")
        found = rng.sample(range(n_texts), 4) + [relevant[0]]
        rng.shuffle(found)
        model_answer = " ".join(_zipf_words(nrng, vocab, rng.randint(3, 25)))
        if rng.random() < 0.4:
            model_answer += " " + answer
        submission[str(q)] = SubmissionEntry(found_ids=found, model_answer=model_answer)
    release = ReleaseData(path=Path("."), collection="bench", version="0.0.0", texts=texts, questions=questions, qa=qa)
    t = time.perf_counter()
    report = score_submission(release, submission, k=5, llm_metrics=False)
    dragon_s = time.perf_counter() - t

    records = []
    for q in range(n):
        sentences = [" ".join(_zipf_words(nrng, vocab, rng.randint(6, 15))).capitalize() + "." for _ in range(6)]
        gt_refs = [" ".join(sentences[:2])]
        retrieved = [f"(Company: C{q % 50}) " + " ".join(sentences[i:i + 2]) for i in (0, 2, 4)]
        records.append(RagevalRecord(
            language="en",
            query=RagevalQuery(query_id=q, query_type="Factual Question", content=f"question {q}"),
            ground_truth=RagevalGroundTruth(content=sentences[0], references=gt_refs, keypoints=[]),
            prediction=RagevalPrediction(content=sentences[rng.randint(0, 5)], references=retrieved),
        ))
    t = time.perf_counter()
    rageval_report = score_rageval_records(records)
    rageval_s = time.perf_counter() - t
    return {
        "items": n,
        "dragon_submission_s": round(dragon_s, 3),
        "dragon_submission_items_per_s": round(n / dragon_s, 1),
        "rageval_records_s": round(rageval_s, 3),
        "rageval_records_items_per_s": round(n / rageval_s, 1),
        "check_recall@5": round(report.overall.means["recall@5"], 4),
        "check_eir": round(rageval_report.overall.means["eir"], 4),
    }


def bench_retrieval(n_chunks: int = POOL_CHUNKS, n_queries: int = QUERIES, seed: int = 11) -> dict:
    from tasks.evaluate.chunking import Chunk
    from tasks.evaluate.retrievers import BM25Retriever, texts_from_chunks

    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    vocab = _vocabulary(rng)
    chunks = []
    for i in range(n_chunks):
        text = " ".join(_zipf_words(nrng, vocab, rng.randint(60, 100)))
        chunks.append(Chunk(chunk_id=f"{i // 4}:{i % 4}", text_id=i // 4, index=i % 4, text=text, start=0, end=len(text)))
    queries = []
    for _ in range(n_queries):
        src = chunks[rng.randrange(n_chunks)].text.split()
        queries.append(" ".join(rng.sample(src, min(8, len(src)))))

    t = time.perf_counter()
    bm25 = BM25Retriever(chunks, "en")
    build_s = time.perf_counter() - t

    t = time.perf_counter()
    hits = 0
    for q in queries:
        hits += bool(texts_from_chunks(bm25.search(q, 50), 5))
    query_s = time.perf_counter() - t

    del bm25
    tracemalloc.start()
    bm25 = BM25Retriever(chunks, "en")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del bm25

    vectors = nrng.standard_normal((n_chunks, 384)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    qvecs = nrng.standard_normal((200, 384)).astype(np.float32)
    t = time.perf_counter()
    for qv in qvecs:
        scores = vectors @ qv
        np.argpartition(-scores, 50)[:50]
    dense_s = time.perf_counter() - t
    t = time.perf_counter()
    batch_scores = qvecs @ vectors.T
    np.argpartition(-batch_scores, 50, axis=1)[:, :50]
    dense_batched_s = time.perf_counter() - t

    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "chunks": n_chunks,
        "queries": n_queries,
        "bm25_index_build_s": round(build_s, 2),
        "bm25_queries_per_s": round(n_queries / query_s, 1),
        "bm25_build_peak_traced_mib": round(peak / 2**20, 1),
        "dense_search_queries_per_s_precomputed_vectors": round(len(qvecs) / dense_s, 1),
        "dense_search_batched_queries_per_s_precomputed_vectors": round(len(qvecs) / dense_batched_s, 1),
        "process_peak_rss_mib": round(rss_kb / 1024, 1),
        "queries_with_results": hits,
    }


def run(out_dir: Path | str = Path("bench/out")) -> dict:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    result = {
        "machine": {"python": platform.python_version(), "platform": platform.platform()},
        "scoring": bench_scoring(),
        "retrieval": bench_retrieval(),
    }
    (out_dir / "bench_eval.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
    return result


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1] if len(sys.argv) > 1 else "bench/out"), indent=2))
