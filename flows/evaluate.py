"""Evaluation flows: run a baseline RAG over a release, or score a submission / RAGEval file.

    load release (flow side) -> chunk -> retrieve -> answer -> [MIRAGE base/oracle/mixed]
    -> score -> report (Markdown + HTML + PNG files, Prefect markdown + table artifacts)

Each step is a stage from tasks/evaluate run as a cached Prefect task (INPUTS +
TASK_SOURCE, the engine config among the inputs), so a retried run gets finished stages
back as Cached and the LLM cache spares repeated calls.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

from prefect import flow

from benchmill.engines import EngineConfig
from benchmill.orchestration import stage
from benchmill.settings import Settings, load_settings
from tasks.evaluate import baseline, scoring
from tasks.evaluate.answering import AnswerResult, GeneratorConfig
from tasks.evaluate.chunking import Chunk, ChunkingConfig
from tasks.evaluate.metrics_generation import engine_client
from tasks.evaluate.mirage import MirageAnswers
from tasks.evaluate.records import EvaluationReport
from tasks.evaluate.release_data import ReleaseData, load_release
from tasks.evaluate.report import ReportFiles, overall_table_rows, render_markdown, write_report


# ------------------------------------------------------------------ stages (engine in, values out)
def answer_with_engine(
    release: ReleaseData, chunks: list[Chunk], run: baseline.RetrievalRun, config: baseline.BaselineConfig,
    engine: EngineConfig,
) -> dict[str, AnswerResult]:
    return baseline.answer_questions(release, chunks, run, config, engine_client(engine))


def mirage_with_engine(
    release: ReleaseData, chunks: list[Chunk], run: baseline.RetrievalRun, config: baseline.BaselineConfig,
    engine: EngineConfig,
) -> tuple[dict[str, MirageAnswers], dict[str, str]]:
    return baseline.mirage_questions(release, chunks, run, config, engine_client(engine))


def score_baseline_with_engine(
    release: ReleaseData, chunks: list[Chunk], run: baseline.RetrievalRun, answers: dict[str, AnswerResult],
    mirage: dict[str, MirageAnswers] | None, mirage_skipped: dict[str, str], config: baseline.BaselineConfig,
    engine: EngineConfig,
) -> EvaluationReport:
    return baseline.score_baseline(
        release, chunks, run, answers, mirage, config, engine_client(engine), engine.kind, mirage_skipped
    )


def score_submission_with_engine(
    release: ReleaseData, submission: dict[str, scoring.SubmissionEntry], k: int, engine: EngineConfig, source: str,
    convention: str = "benchmill",
) -> EvaluationReport:
    return scoring.score_submission(
        release, submission, k=k, client=engine_client(engine), engine=engine.kind, source=source, convention=convention
    )


def score_rageval_with_engine(records: list[scoring.RagevalRecord], engine: EngineConfig, source: str,
                              convention: str = "benchmill") -> EvaluationReport:
    return scoring.score_rageval_records(records, client=engine_client(engine), engine=engine.kind, source=source,
                                         convention=convention)


chunk_stage = stage(baseline.chunk_release, name="eval-chunk")
retrieve_stage = stage(baseline.retrieve, name="eval-retrieve")
answer_stage = stage(answer_with_engine, name="eval-answer")
mirage_stage = stage(mirage_with_engine, name="eval-mirage")
score_baseline_stage = stage(score_baseline_with_engine, name="eval-score")
score_submission_stage = stage(score_submission_with_engine, name="score-submission")
score_rageval_stage = stage(score_rageval_with_engine, name="score-rageval")


# ------------------------------------------------------------------ helpers shared with the CLI
def default_report_dir(name: str, settings: Settings | None = None) -> Path:
    """<settings.reports_dir>/<name>-<UTC timestamp>: under the project home, never the package."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    base = (settings or load_settings()).reports_dir
    return base / f"{_slug(name)}-{stamp}"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "report"


def engine_config(engine: str | None, settings: Settings) -> EngineConfig:
    """``rules`` / ``llm`` / None (= settings' active engine)."""
    if engine is None or engine == "auto":
        return EngineConfig.from_settings(settings)
    if engine == "llm":
        return EngineConfig.from_settings(settings.model_copy(update={"engine": "llm"}))
    if engine == "rules":
        return EngineConfig(kind="rules")
    raise ValueError(f"unknown engine {engine!r}: expected rules, llm or auto")


def publish_report(report: EvaluationReport, files: ReportFiles | None, key: str) -> None:
    """The report as a Prefect markdown artifact and the per-type metrics as a table artifact."""
    from prefect.artifacts import create_markdown_artifact, create_table_artifact

    key = _slug(key)
    markdown = render_markdown(report)
    if files is not None:
        markdown += f"\n\nFiles: `{files.markdown}`, `{files.html}`, `{files.json_file}`\n"
    create_markdown_artifact(key=f"{key}-report", markdown=markdown, description="evaluation report")
    create_table_artifact(key=f"{key}-metrics", table=overall_table_rows(report), description="metrics by question type")


# ------------------------------------------------------------------ flows
@flow(name="evaluate-release", log_prints=True)
def evaluate_release(
    collection: str,
    version: str,
    system: str = "bm25",
    k: int = 5,
    engine: str | None = None,
    mirage: bool = False,
    chunk_size: int = 500,
    chunk_overlap: int = 100,
    chunk_unit: str = "chars",
    rerank: bool = False,
    iter_re2g: bool = False,
    noise: int = 0,
    limit: int | None = None,
    report_dir: str | None = None,
    release_path: str | None = None,
) -> EvaluationReport:
    """Run a baseline (``system``: bm25 | dense | hybrid:W | hybrid:scan) on a release and score it."""
    settings = load_settings()
    engine_cfg = engine_config(engine, settings)
    config = baseline.BaselineConfig(
        system=system, k=k, mirage=mirage, rerank=rerank, limit=limit,
        chunking=ChunkingConfig(size=chunk_size, overlap=chunk_overlap, unit=chunk_unit),
        generator=GeneratorConfig(top_n=k, iter_re2g=iter_re2g, noise=noise),
    )
    path = Path(release_path) if release_path else release_folder(settings, collection, version)
    release = load_release(path, collection, version)
    chunks = chunk_stage(release, config.chunking)
    run = retrieve_stage(release, chunks, config, baseline.select_questions(release, config.limit))
    answers = answer_stage(release, chunks, run, config, engine_cfg)
    mirage_answers, skipped = (None, {})
    if config.mirage:
        mirage_answers, skipped = mirage_stage(release, chunks, run, config, engine_cfg)
    report = score_baseline_stage(release, chunks, run, answers, mirage_answers, skipped, config, engine_cfg)
    out = Path(report_dir) if report_dir else default_report_dir(f"{collection}-{version}-{run.system}", settings)
    files = write_report(report, out)
    publish_report(report, files, f"evaluate-{collection}-{version}-{run.system}")
    print(f"report: {files.markdown}")
    return report


@flow(name="score-submission", log_prints=True)
def score_submission(
    collection: str,
    version: str,
    results: str,
    k: int = 5,
    engine: str | None = None,
    report_dir: str | None = None,
    release_path: str | None = None,
    convention: str = "benchmill",
) -> EvaluationReport:
    """Score a DRAGON-shaped submission file against the release's private split."""
    settings = load_settings()
    engine_cfg = engine_config(engine, settings)
    path = Path(release_path) if release_path else release_folder(settings, collection, version)
    release = load_release(path, collection, version)
    submission = scoring.load_submission(Path(results))
    report = score_submission_stage(release, submission, k, engine_cfg, str(results), convention)
    out = Path(report_dir) if report_dir else default_report_dir(f"{collection}-{version}-submission", settings)
    files = write_report(report, out)
    publish_report(report, files, f"score-{collection}-{version}")
    print(f"report: {files.markdown}")
    return report


@flow(name="score-rageval", log_prints=True)
def score_rageval(path: str, engine: str | None = None, report_dir: str | None = None,
                  convention: str = "benchmill") -> EvaluationReport:
    """Score a RAGEval results JSONL (Recall, EIR, string metrics, keypoints with the llm engine)."""
    settings = load_settings()
    engine_cfg = engine_config(engine, settings)
    records = scoring.load_rageval(Path(path))
    report = score_rageval_stage(records, engine_cfg, str(path), convention)
    out = Path(report_dir) if report_dir else default_report_dir(f"rageval-{Path(path).stem}", settings)
    files = write_report(report, out)
    publish_report(report, files, f"rageval-{Path(path).stem}")
    print(f"report: {files.markdown}")
    return report


def release_folder(settings: Settings, collection: str, version: str) -> Path:
    try:
        from benchmill.releases import release_dir
    except ImportError:  # pragma: no cover - releases.py is part of the core
        return settings.releases_dir / collection / version
    return release_dir(settings, collection, version)


#: served on demand by `benchmill serve` (flows/deployments.py)
DEPLOYABLE_FLOWS = [evaluate_release, score_submission, score_rageval]
