"""`benchmill evaluate` and `benchmill score`: baselines and scoring of RAG systems.

    benchmill evaluate news-en@1.2.0 --system bm25|dense|hybrid:W|hybrid:scan [--k 5] [--engine llm|rules]
    benchmill score news-en@1.2.0 --results results.json
    benchmill score --rageval results.jsonl [--convention benchmill|squad|rageval|dragon|trec]

Registered on the main app by ``register(app)``. Bad input (release reference, missing
file, malformed submission, unknown system) ends as one line on stderr naming the input,
exit status 2. ``--json`` prints the whole report as JSON on stdout.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Optional

import typer
from pydantic import ValidationError

_VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


class EvaluateInputError(Exception):
    """Bad input named in the message: printed as one line, exit status 2."""


def _fail(message: str) -> None:
    typer.echo(f"benchmill: error: {message}", err=True)
    raise typer.Exit(2)


def _settings(config: Path | None, store: Path | None = None):
    from cli import settings_for

    return settings_for(config, store)


def _where(settings, out: Path, as_json: bool) -> None:
    if not as_json:
        from cli import say_where

        say_where(settings, reports=out)


def _prefect_run() -> None:
    from benchmill.orchestration import tie_temporary_server_to_this_process

    tie_temporary_server_to_this_process()


StoreOpt = Annotated[Optional[Path], typer.Option("--store", help="DuckDB store file (default: <home>/data/benchmill.duckdb)")]
OutOpt = Annotated[Optional[Path], typer.Option("--out", "--report-dir",
                                                help="where report.md/html/json + plots go (default: <home>/reports/...)")]


def resolve_release(settings, ref: str) -> tuple[str, str, Path]:
    """``COLLECTION@VERSION`` (or ``@latest`` / no version: the newest exported folder) -> folder."""
    from benchmill.releases import ReleaseError, parse_ref, release_dir

    try:
        collection, version = parse_ref(ref)
    except ReleaseError as exc:
        raise EvaluateInputError(str(exc)) from None
    if version is None:
        base = settings.releases_dir / collection
        versions = sorted(
            (p.name for p in base.iterdir() if p.is_dir() and _VERSION.match(p.name)) if base.is_dir() else [],
            key=lambda v: tuple(int(x) for x in v.split(".")),
        )
        if not versions:
            raise EvaluateInputError(f"release {ref!r}: no exported versions of {collection!r} under {base}")
        version = versions[-1]
    path = release_dir(settings, collection, version)
    if not path.is_dir():
        raise EvaluateInputError(f"release {ref!r}: no export folder {path}")
    return collection, version, path


def _print_summary(report, files) -> None:
    from rich.console import Console
    from rich.table import Table

    from tasks.evaluate.report import fmt, title

    console = Console()
    table = Table(title=title(report))
    table.add_column("metric")
    table.add_column("value", justify="right")
    table.add_column("questions", justify="right")
    for name, value in report.overall.means.items():
        table.add_row(name, fmt(value), str(report.overall.counts.get(name, "")))
    if report.mirage is not None:
        for name, value in report.mirage.named().items():
            table.add_row(f"mirage {name}", fmt(value), str(report.mirage.n))
    console.print(table)
    for note in report.notes:
        console.print(f"note: {note}", markup=False, highlight=False)
    if report.failures:
        console.print(f"{len(report.failures)} failure(s), listed in the report", markup=False)
    if files is not None:
        console.print(f"report: {files.markdown}  {files.html}", markup=False, highlight=False)


def _files_in(out: Path):
    """The files a flow wrote with ``write_report`` into ``out``."""
    from tasks.evaluate.report import ReportFiles

    return ReportFiles(directory=out, markdown=out / "report.md", html=out / "report.html", json_file=out / "report.json",
                       plots=sorted(out.glob("*.png")))


def _emit(report, files, as_json: bool, echo_inputs: bool = True) -> None:
    """Print the report; ``echo_inputs=False`` (``score``) leaves out each question's answer and
    found ids, so the JSON is the scores and never a copy of the submission."""
    if as_json:
        exclude = None if echo_inputs else {"questions": {"__all__": {"answer", "found_ids"}}}
        data = report.model_dump(mode="json", exclude=exclude)
        if files is not None:
            data["report_files"] = {"markdown": str(files.markdown), "html": str(files.html), "json": str(files.json_file)}
        typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
    else:
        _print_summary(report, files)


def _input_errors():
    from benchmill.releases import ReleaseError
    from benchmill.settings import SettingsError
    from tasks.evaluate.baseline import SystemSpecError
    from tasks.evaluate.release_data import ReleaseDataError
    from tasks.evaluate.scoring import SubmissionError

    return (EvaluateInputError, ReleaseError, ReleaseDataError, SubmissionError, SystemSpecError, SettingsError)


def _validation_message(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    return f"{loc}: {err['msg']}" if loc else err["msg"]


def evaluate(
    release: Annotated[str, typer.Argument(help="COLLECTION@VERSION, e.g. news-en@1.2.0 (@latest: newest export)")],
    system: Annotated[str, typer.Option(help="bm25 | dense | hybrid:W (text weight 0..1) | hybrid:scan")] = "bm25",
    k: Annotated[int, typer.Option(help="texts retrieved per question (found_ids) and the metrics' cut-off")] = 5,
    engine: Annotated[Optional[str], typer.Option(help="llm | rules (extractive baseline) | auto")] = None,
    mirage: Annotated[bool, typer.Option("--mirage", help="also answer with no / oracle / mixed context (MIRAGE)")] = False,
    chunk_size: Annotated[int, typer.Option(help="chunk size (DRAGON: 500 chars; MIRAGE: 330 tokens)")] = 500,
    chunk_overlap: Annotated[int, typer.Option(help="chunk overlap, same unit")] = 100,
    chunk_unit: Annotated[str, typer.Option(help="chars | tokens")] = "chars",
    rerank: Annotated[bool, typer.Option("--rerank", help="re-order the top candidates with the embedding reranker")] = False,
    iter_re2g: Annotated[bool, typer.Option("--iter-re2g", help="slide to the next top-k chunks on \"I don't know\"")] = False,
    noise: Annotated[int, typer.Option(help="distant noise chunks injected into each context")] = 0,
    limit: Annotated[Optional[int], typer.Option(help="evaluate the first N questions only")] = None,
    report_dir: OutOpt = None,
    save_submission: Annotated[Optional[Path], typer.Option(help="also write the baseline's answers as a DRAGON submission")] = None,
    prefect: Annotated[bool, typer.Option("--prefect", help="run as the evaluate-release Prefect flow (artifacts in the UI)")] = False,
    config: Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")] = None,
    store: StoreOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Run a baseline RAG over a release's public texts and score it."""
    from flows.evaluate import default_report_dir, engine_config
    from tasks.evaluate.answering import GeneratorConfig
    from tasks.evaluate.baseline import BaselineConfig, SystemSpec, run_baseline
    from tasks.evaluate.chunking import ChunkingConfig
    from tasks.evaluate.metrics_generation import engine_client
    from tasks.evaluate.release_data import load_release
    from tasks.evaluate.report import write_report

    try:
        settings = _settings(config, store)
        spec = SystemSpec.parse(system)
        if chunk_unit not in ("chars", "tokens"):
            raise EvaluateInputError(f"--chunk-unit {chunk_unit!r}: expected chars or tokens")
        try:
            cfg = BaselineConfig(
                system=spec.label, k=k, mirage=mirage, rerank=rerank, limit=limit,
                chunking=ChunkingConfig(size=chunk_size, overlap=chunk_overlap, unit=chunk_unit),
                generator=GeneratorConfig(top_n=k, iter_re2g=iter_re2g, noise=max(noise, 0)),
            )
        except (ValidationError, ValueError) as exc:
            msg = _validation_message(exc) if isinstance(exc, ValidationError) else str(exc)
            raise EvaluateInputError(f"bad evaluation options: {msg}") from None
        collection, version, path = resolve_release(settings, release)
        eng = engine_config(engine, settings)
        out = report_dir or default_report_dir(f"{collection}-{version}-{spec.label}", settings)
        _where(settings, out, as_json)
        if prefect:
            _prefect_run()
            from flows.evaluate import evaluate_release

            report = evaluate_release(
                collection, version, system=spec.label, k=k, engine=eng.kind, mirage=mirage,
                chunk_size=chunk_size, chunk_overlap=chunk_overlap, chunk_unit=chunk_unit, rerank=rerank,
                iter_re2g=iter_re2g, noise=noise, limit=limit, report_dir=str(out), release_path=str(path),
            )
            files = _files_in(out)
        else:
            data = load_release(path, collection, version)
            report, submission = run_baseline(data, cfg, engine_client(eng), eng.kind)
            files = write_report(report, out)
            if save_submission is not None:
                save_submission.parent.mkdir(parents=True, exist_ok=True)
                save_submission.write_text(json.dumps(submission, ensure_ascii=False, indent=1), encoding="utf-8")
    except _input_errors() as exc:
        _fail(str(exc))
    except ValueError as exc:  # e.g. an unknown --engine value
        _fail(str(exc))
    _emit(report, files, as_json)


def score(
    release: Annotated[Optional[str], typer.Argument(help="COLLECTION@VERSION the submission answers (not with --rageval)")] = None,
    results: Annotated[Optional[Path], typer.Option("--results", help='submission JSON: {"<qid>": {"found_ids": [...], "model_answer": "..."}}')] = None,
    rageval: Annotated[Optional[Path], typer.Option("--rageval", help="RAGEval-format results JSONL")] = None,
    k: Annotated[int, typer.Option(help="cut-off of the retrieval metrics")] = 5,
    convention: Annotated[str, typer.Option(
        help="benchmill (default) | squad (SQuAD v1.1 EM/F1) | rageval (RAGEval's code, mean over all records) | dragon (rag-bench) | trec (graded NDCG, trec_eval)")] = "benchmill",
    engine: Annotated[Optional[str], typer.Option(help="llm (keypoint + judge metrics) | rules | auto")] = None,
    report_dir: OutOpt = None,
    prefect: Annotated[bool, typer.Option("--prefect", help="run as a Prefect flow (artifacts in the UI)")] = False,
    config: Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")] = None,
    store: StoreOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Score a system's output: a DRAGON submission against a release, or a RAGEval JSONL."""
    from flows.evaluate import default_report_dir, engine_config
    from tasks.evaluate.metrics_generation import engine_client
    from tasks.evaluate.release_data import load_release
    from tasks.evaluate.report import write_report
    from tasks.evaluate.scoring import (
        check_convention,
        load_rageval,
        load_submission,
        score_rageval_records,
        score_submission,
    )

    try:
        if (results is None) == (rageval is None):
            raise EvaluateInputError("give either COLLECTION@VERSION --results FILE or --rageval FILE")
        if rageval is not None and release is not None:
            raise EvaluateInputError(f"--rageval scores a file on its own; drop the release argument {release!r}")
        if results is not None and release is None:
            raise EvaluateInputError("--results needs the release it answers: benchmill score COLLECTION@VERSION --results FILE")
        if k < 1:
            raise EvaluateInputError(f"--k must be >= 1, got {k}")
        check_convention(convention)
        settings = _settings(config, store)
        eng = engine_config(engine, settings)
        if rageval is not None:
            records = load_rageval(rageval)
            out = report_dir or default_report_dir(f"rageval-{rageval.stem}", settings)
            _where(settings, out, as_json)
            if prefect:
                _prefect_run()
                from flows.evaluate import score_rageval as flow

                report = flow(str(rageval), engine=eng.kind, report_dir=str(out), convention=convention)
                files = _files_in(out)
            else:
                report = score_rageval_records(records, client=engine_client(eng), engine=eng.kind, source=str(rageval),
                                               convention=convention)
                files = write_report(report, out)
        else:
            collection, version, path = resolve_release(settings, release)
            submission = load_submission(results)
            out = report_dir or default_report_dir(f"{collection}-{version}-submission", settings)
            _where(settings, out, as_json)
            if prefect:
                _prefect_run()
                from flows.evaluate import score_submission as flow

                report = flow(collection, version, str(results), k=k, engine=eng.kind, report_dir=str(out),
                              release_path=str(path), convention=convention)
                files = _files_in(out)
            else:
                data = load_release(path, collection, version)
                report = score_submission(data, submission, k=k, client=engine_client(eng), engine=eng.kind, source=str(results),
                                          convention=convention)
                files = write_report(report, out)
    except _input_errors() as exc:
        _fail(str(exc))
    except ValueError as exc:
        _fail(str(exc))
    _emit(report, files, as_json, echo_inputs=False)


def register(app: typer.Typer) -> None:
    """Add the ``evaluate`` and ``score`` commands to the main app."""
    app.command("evaluate")(evaluate)
    app.command("score")(score)
