"""A baseline RAG system over a release's public texts, scored like a submission.

Stages (each a plain function; flows/evaluate.py runs them as Prefect tasks):

1. ``chunk_release``   public texts -> chunks (recursive, sentence-aware)
2. ``retrieve``        chunks + questions -> ranked chunk ids per question (BM25, dense,
                       hybrid:W, hybrid:scan = Know Your RAG text-weight scan, then the best
                       inclusive weight), optional rerank
3. ``answer_questions``  top-n chunks -> answer (llm, or the extractive rules answer),
                       optional Iter-Re2G sliding and noise injection
4. ``mirage_questions``  (``--mirage``) base / oracle / mixed answers per question
5. ``score_baseline``  the DRAGON-shaped submission of stages 2–3 scored against the
                       private split (same code as ``benchmill score``), plus RAGEval
                       Recall / EIR of the retrieved chunks and the MIRAGE metrics
"""
from __future__ import annotations

import time
from typing import Any, Literal

from pydantic import BaseModel, Field

from tasks.evaluate.answering import (
    AnswerResult,
    GeneratorConfig,
    answer_fn_for,
    distant_chunks,
    generate_answer,
)
from tasks.evaluate.chunking import DRAGON_CHUNKING, Chunk, ChunkingConfig, chunk_corpus
from tasks.evaluate.mirage import MirageAnswers, run_mirage_question, select_noise_chunks, select_oracle_chunk
from tasks.evaluate.records import EvaluationReport
from tasks.evaluate.release_data import ReleaseData
from tasks.evaluate.retrievers import (
    BM25Retriever,
    DenseRetriever,
    EmbeddingReranker,
    EmbedFn,
    HybridRetriever,
    RerankedRetriever,
    ScanQuestion,
    TextWeightScan,
    text_weight_scan,
    texts_from_chunks,
)
from tasks.evaluate.scoring import llm_workers, parallel_map, score_question


class SystemSpecError(ValueError):
    pass


class SystemSpec(BaseModel):
    """``bm25`` | ``dense`` | ``hybrid:W`` (0 ≤ W ≤ 1, W = text weight) | ``hybrid:scan``."""

    retriever: Literal["bm25", "dense", "hybrid"]
    text_weight: float | None = None
    scan: bool = False

    @classmethod
    def parse(cls, spec: str) -> "SystemSpec":
        expected = "expected bm25, dense, hybrid:W with 0 <= W <= 1, or hybrid:scan"
        name, _, arg = spec.strip().lower().partition(":")
        if name in ("bm25", "dense") and not arg:
            return cls(retriever=name)
        if name == "hybrid":
            if arg == "scan":
                return cls(retriever="hybrid", scan=True)
            try:
                w = float(arg)
            except ValueError:
                raise SystemSpecError(f"unknown system {spec!r}: {expected}") from None
            if not 0.0 <= w <= 1.0:
                raise SystemSpecError(f"unknown system {spec!r}: {expected}")
            return cls(retriever="hybrid", text_weight=w)
        raise SystemSpecError(f"unknown system {spec!r}: {expected}")

    @property
    def label(self) -> str:
        if self.retriever != "hybrid":
            return self.retriever
        return "hybrid:scan" if self.scan else f"hybrid:{self.text_weight:g}"


class BaselineConfig(BaseModel):
    system: str = "bm25"
    k: int = Field(5, ge=1, description="texts in found_ids, and the metrics' cut-off")
    chunking: ChunkingConfig = DRAGON_CHUNKING
    generator: GeneratorConfig = GeneratorConfig()
    rerank: bool = False
    rerank_depth: int = Field(20, ge=1)
    rank_depth: int = Field(50, ge=1, description="chunks kept per question (Iter-Re2G windows, MIRAGE noise)")
    mirage: bool = False
    mirage_size: int = Field(5, ge=1, description="chunks in MIRAGE's mixed context (1 oracle + noise)")
    limit: int | None = Field(None, ge=1, description="evaluate the first N questions only")
    llm_metrics: bool = True

    def model_post_init(self, __context) -> None:
        SystemSpec.parse(self.system)


class RetrievalRun(BaseModel):
    """Ranked chunk ids per question, and what the retrieval stage decided and measured."""

    system: str  # resolved: hybrid:scan becomes hybrid:<best weight>
    rankings: dict[str, list[str]]
    distant: dict[str, list[str]] = {}
    scan: TextWeightScan | None = None
    index_build_s: float = 0.0
    retrieval_s: float = 0.0


def select_questions(release: ReleaseData, limit: int | None = None) -> list[int]:
    qids = sorted(release.qa)
    return qids[:limit] if limit else qids


def chunk_release(release: ReleaseData, chunking: ChunkingConfig = DRAGON_CHUNKING) -> list[Chunk]:
    texts = [(tid, t.text) for tid, t in sorted(release.texts.items())]
    return chunk_corpus(texts, chunking, lang=release.lang)


def retrieve(
    release: ReleaseData,
    chunks: list[Chunk],
    config: BaselineConfig,
    qids: list[int] | None = None,
    embed: EmbedFn | None = None,
) -> RetrievalRun:
    spec = SystemSpec.parse(config.system)
    qids = qids if qids is not None else select_questions(release, config.limit)
    lang = release.lang
    t0 = time.perf_counter()
    lexical = BM25Retriever(chunks, lang) if spec.retriever in ("bm25", "hybrid") else None
    dense = DenseRetriever(chunks, lang, embed=embed) if spec.retriever in ("dense", "hybrid") else None
    index_s = time.perf_counter() - t0

    scan = None
    resolved = spec.label
    if spec.retriever == "hybrid":
        weight = spec.text_weight
        if spec.scan:
            scan = text_weight_scan(
                lexical, dense,
                [ScanQuestion(question=release.question_text(q), label=release.qa[q].type, relevant=release.qa[q].text_ids) for q in qids],
                k=config.k,
            )
            weight = scan.best_weight.get("inclusive", 0.0)
        retriever: Any = HybridRetriever(lexical, dense, weight)
        resolved = retriever.name
    else:
        retriever = lexical if spec.retriever == "bm25" else dense
    if config.rerank:
        retriever = RerankedRetriever(retriever, EmbeddingReranker(lang, embed=embed), depth=config.rerank_depth)
        resolved = f"{resolved}+rerank"

    t1 = time.perf_counter()
    rankings: dict[str, list[str]] = {}
    distant: dict[str, list[str]] = {}
    n_noise = config.generator.noise
    for q in qids:
        query = release.question_text(q)
        depth = config.rank_depth
        ranked = retriever.search(query, depth)
        while len(texts_from_chunks(ranked, config.k)) < config.k and depth < len(chunks):
            depth *= 4  # many chunks of few texts on top: look deeper for k distinct texts
            ranked = retriever.search(query, depth)
        rankings[str(q)] = [c.chunk_id for c, _ in ranked]
        if n_noise > 0:
            pool = distant_chunks(chunks, retriever.scores(query), set(), n_noise + config.generator.top_n)
            distant[str(q)] = [c.chunk_id for c in pool]
    return RetrievalRun(
        system=resolved, rankings=rankings, distant=distant, scan=scan,
        index_build_s=index_s, retrieval_s=time.perf_counter() - t1,
    )


def _by_id(chunks: list[Chunk]) -> dict[str, Chunk]:
    return {c.chunk_id: c for c in chunks}


def answer_questions(
    release: ReleaseData, chunks: list[Chunk], run: RetrievalRun, config: BaselineConfig, client: Any | None
) -> dict[str, AnswerResult]:
    by_id = _by_id(chunks)
    answer_fn = answer_fn_for(client, release.lang)

    def one(qid: str) -> tuple[str, AnswerResult]:
        ranked = [by_id[c] for c in run.rankings[qid]]
        distant = [by_id[c] for c in run.distant.get(qid, [])]

        def noise_pool(exclude: set, n: int) -> list[Chunk]:
            return [c for c in distant if c.text_id not in exclude][:n]

        lang = release.qa[int(qid)].lang
        fn = answer_fn if lang == release.lang else answer_fn_for(client, lang)
        return qid, generate_answer(fn, release.question_text(int(qid)), ranked, config.generator, noise_pool)

    return dict(parallel_map(one, list(run.rankings), llm_workers(client)))


def mirage_questions(
    release: ReleaseData, chunks: list[Chunk], run: RetrievalRun, config: BaselineConfig, client: Any | None
) -> tuple[dict[str, MirageAnswers], dict[str, str]]:
    """Base / oracle / mixed answers per question; questions without an oracle chunk are skipped."""
    by_id = _by_id(chunks)
    by_text: dict[Any, list[Chunk]] = {}
    for c in chunks:
        by_text.setdefault(c.text_id, []).append(c)
    skipped: dict[str, str] = {}
    todo = []
    for qid in run.rankings:
        qa = release.qa[int(qid)]
        if not qa.text_ids:
            skipped[qid] = "no relevant text"
            continue
        candidates = [c for t in qa.text_ids for c in by_text.get(t, [])]
        oracle = select_oracle_chunk(candidates, qa.text_ids, qa.golds)
        if oracle is None:
            skipped[qid] = "no chunk of a relevant text contains the answer"
            continue
        noise = select_noise_chunks([by_id[c] for c in run.rankings[qid]], qa.text_ids, config.mirage_size - 1)
        todo.append((qid, oracle, noise))

    def one(item) -> tuple[str, MirageAnswers]:
        qid, oracle, noise = item
        qa = release.qa[int(qid)]
        fn = answer_fn_for(client, qa.lang)
        return qid, run_mirage_question(
            qid, release.question_text(int(qid)), qa.golds, oracle, noise, lambda q, ch: fn(q, ch).answer,
            parts=qa.parts,
        )

    return dict(parallel_map(one, todo, llm_workers(client))), skipped


def submission_from(run: RetrievalRun, answers: dict[str, AnswerResult], chunks: list[Chunk], k: int) -> dict:
    """The baseline's output in DRAGON's submission shape."""
    by_id = _by_id(chunks)
    return {
        qid: {
            "found_ids": texts_from_chunks([by_id[c] for c in ranking], k),
            "model_answer": answers[qid].answer if qid in answers else "",
        }
        for qid, ranking in run.rankings.items()
    }


def score_baseline(
    release: ReleaseData,
    chunks: list[Chunk],
    run: RetrievalRun,
    answers: dict[str, AnswerResult],
    mirage: dict[str, MirageAnswers] | None,
    config: BaselineConfig,
    client: Any | None,
    engine: str,
    mirage_skipped: dict[str, str] | None = None,
    timings: dict[str, float] | None = None,
) -> EvaluationReport:
    from schemas.failures import Failure
    from schemas.llm import LLMUsage
    from tasks.evaluate.records import build_report

    by_id = _by_id(chunks)

    def one(qid: str):
        qa = release.qa[int(qid)]
        ranked = [by_id[c] for c in run.rankings[qid]]
        ans = answers.get(qid)
        if ans is not None:  # what the generator was given, less injected noise
            context = [by_id[c].text for c in ans.context_chunk_ids if c not in set(ans.noise_chunk_ids)]
        else:
            context = [c.text for c in ranked[: config.generator.top_n]]
        qs = score_question(
            qid, qa, release.question_text(int(qid)),
            found_ids=texts_from_chunks(ranked, config.k),
            answer=ans.answer if ans else None,
            k=config.k, client=client, retrieved_refs=context,
            answered_by=ans.engine if ans else None, llm_metrics=config.llm_metrics,
        )
        qs.iterations = ans.iterations if ans else None
        if mirage and qid in mirage:
            qs.mirage = mirage[qid]
        return qs

    questions = parallel_map(one, list(run.rankings), llm_workers(client))
    answered_by = next((a.engine for a in answers.values()), None)
    notes = []
    if answered_by == "rules-extractive":
        notes.append(
            "Answers come from the rules engine: an extractive baseline that returns the context sentence "
            "sharing the most words with the question, not a generative model."
        )
    if config.mirage and mirage_skipped:
        notes.append(f"MIRAGE: {len(mirage_skipped)} question(s) without an oracle chunk left out.")
    usage = LLMUsage.total([a.usage for a in answers.values()])
    failures = [
        Failure(stage="answer", key=qid, reason=f"no usable answer, scored as empty: {a.error}")
        for qid, a in sorted(answers.items()) if a.error
    ]
    return build_report(
        "baseline", questions,
        collection=release.collection, version=release.version, source=str(release.path),
        system=run.system, k=config.k, engine=engine, answered_by=answered_by,
        config=config.model_dump(mode="json"), text_weight_scan=run.scan,
        mirage_skipped=mirage_skipped or {}, notes=notes, usage=usage, failures=failures,
        timings_s={"index_build": run.index_build_s, "retrieval": run.retrieval_s, **(timings or {})},
    )


def run_baseline(
    release: ReleaseData, config: BaselineConfig, client: Any | None, engine: str, embed: EmbedFn | None = None
) -> tuple[EvaluationReport, dict]:
    """All stages in-process; returns the report and the baseline's DRAGON-shaped submission."""
    timings: dict[str, float] = {}
    t = time.perf_counter()
    chunks = chunk_release(release, config.chunking)
    timings["chunking"] = time.perf_counter() - t
    run = retrieve(release, chunks, config, embed=embed)
    t = time.perf_counter()
    answers = answer_questions(release, chunks, run, config, client)
    timings["answering"] = time.perf_counter() - t
    mirage, skipped = (None, {})
    if config.mirage:
        t = time.perf_counter()
        mirage, skipped = mirage_questions(release, chunks, run, config, client)
        timings["mirage"] = time.perf_counter() - t
    t = time.perf_counter()
    report = score_baseline(release, chunks, run, answers, mirage, config, client, engine, skipped, timings)
    report.timings_s["scoring"] = time.perf_counter() - t
    return report, submission_from(run, answers, chunks, config.k)
