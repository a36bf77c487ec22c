"""auto-evaluate: score the configured baselines on every release, one report per system.

    release published (event benchmill.release.published, flows/deployments.py trigger)
      or `benchmill auto-evaluate C@V | --all-missing`
    -> for each release: load the export folder (flow side) -> chunk (once)
       -> per system in [auto_evaluate].systems: retrieve -> answer -> score
       -> <reports_dir>/baselines/<collection>@<version>/<system>.json (atomic)

The per-system steps are the stages of ``evaluate-release`` (flows/evaluate.py), cached
Prefect tasks, so a report here is exactly what ``benchmill evaluate C@V --system S --k K
--engine E --json`` reports (``tasks.evaluate.records.EvaluationReport``). The contract
with the portal (tasks/evaluate/baseline_reports.py): ``baseline_report_path`` names the file, the file parses with
``EvaluationReport.model_validate_json``, a file is either absent or complete (temp file +
rename), and a report that exists and parses is never recomputed (``force`` does, and
then its cached stages give back the same report, byte for byte). One system that fails
(a model that cannot load...) leaves no file for that system and does not stop the
others; the run then ends Failed naming it, so a retry (or the next ``--all-missing``)
redoes only what is missing.
"""
from __future__ import annotations

import time
from pathlib import Path

from prefect import flow
from pydantic import BaseModel

from benchmill.settings import Settings, load_settings
from flows.evaluate import (
    answer_stage,
    chunk_stage,
    engine_config,
    release_folder,
    retrieve_stage,
    score_baseline_stage,
)
from tasks.evaluate import baseline
from tasks.evaluate.baseline_reports import (  # noqa: F401  (re-exported: the CLI and tests use them from here)
    baseline_report_path,
    baselines_dir,
    exported_releases,
    missing_reports,
    read_baseline_report,
    report_bytes,
    system_file_name,
    write_atomically,
)
from tasks.evaluate.release_data import ReleaseDataError, load_release


class BaselineFailed(RuntimeError):
    """Some baseline(s) failed; the message names each ``collection@version/system`` and why.
    The other systems' reports are written."""


class AutoEvaluateSummary(BaseModel):
    written: list[str] = []  # collection@version/system
    present: list[str] = []  # valid report already there: skipped
    failed: dict[str, str] = {}  # collection@version/system -> reason
    seconds: dict[str, float] = {}  # collection@version/system -> wall time of its stages
    reports_dir: str = ""


# ------------------------------------------------------------------ one release
def evaluate_release_baselines(settings: Settings, collection: str, version: str, systems: list[str], *,
                               k: int, engine: str, summary: AutoEvaluateSummary, force: bool = False,
                               release_path: Path | None = None) -> None:
    """Write each system's report for one release (must run inside a flow: the stages are tasks)."""
    ref = f"{collection}@{version}"
    todo = []
    for system in systems:
        path = baseline_report_path(settings, collection, version, system)
        if not force and read_baseline_report(path, collection, version, system) is not None:
            summary.present.append(f"{ref}/{system}")
        else:
            todo.append(system)
    if not todo:
        return
    try:
        release = load_release(release_path or release_folder(settings, collection, version), collection, version)
    except ReleaseDataError as exc:
        for system in todo:
            summary.failed[f"{ref}/{system}"] = f"release cannot be read: {exc}"
        return
    engine_cfg = engine_config(engine, settings)
    chunks = None
    for system in todo:
        key = f"{ref}/{system}"
        started = time.perf_counter()
        try:
            config = baseline.BaselineConfig(system=system, k=k)
            if chunks is None:  # the same chunking for every system (BaselineConfig's default)
                chunks = chunk_stage(release, config.chunking)
            run = retrieve_stage(release, chunks, config, baseline.select_questions(release))
            answers = answer_stage(release, chunks, run, config, engine_cfg)
            report = score_baseline_stage(release, chunks, run, answers, None, {}, config, engine_cfg)
            write_atomically(baseline_report_path(settings, collection, version, system), report_bytes(report))
        except Exception as exc:  # noqa: BLE001 - one system's failure is that report's, not the run's
            summary.failed[key] = f"{type(exc).__name__}: {exc}"
            print(f"{key}: failed: {type(exc).__name__}: {exc}")
            continue
        summary.seconds[key] = round(time.perf_counter() - started, 2)
        summary.written.append(key)
        print(f"{key}: {baseline_report_path(settings, collection, version, system)} "
              f"({summary.seconds[key]} s, {report.overall.questions} questions)")


def _targets(settings: Settings, collection: str | None, version: str | None, all_missing: bool,
             systems: list[str]) -> list[tuple[str, str]]:
    if all_missing:
        return sorted(missing_reports(settings, systems))
    if not collection or not version:
        raise ValueError("auto-evaluate needs collection and version, or all_missing=True")
    return [(collection, version)]


def _artifact(summary: AutoEvaluateSummary, settings: Settings) -> None:
    from prefect.artifacts import create_markdown_artifact

    lines = [f"# auto-evaluate: {len(summary.written)} written, {len(summary.present)} already present, "
             f"{len(summary.failed)} failed", "", f"Reports: `{baselines_dir(settings)}`", ""]
    lines += [f"- written `{k}` ({summary.seconds.get(k, 0)} s)" for k in summary.written]
    lines += [f"- **failed** `{k}`: {why}" for k, why in summary.failed.items()]
    create_markdown_artifact(key="auto-evaluate-summary", markdown="\n".join(lines), description="baseline reports")


# ------------------------------------------------------------------ the flow
@flow(name="auto-evaluate", log_prints=True)
def auto_evaluate(
    collection: str | None = None,
    version: str | None = None,
    all_missing: bool = False,
    systems: list[str] | None = None,
    force: bool = False,
    config_path: str | None = None,
) -> AutoEvaluateSummary:
    """Score the configured baselines (``[auto_evaluate] systems``) on ``collection@version``, or on
    every exported release lacking a report (``all_missing``)."""
    settings = load_settings(Path(config_path) if config_path else None)
    cfg = settings.auto_evaluate
    if systems:  # validated like the settings' list
        cfg = cfg.model_validate({**cfg.model_dump(), "systems": systems})
    summary = AutoEvaluateSummary(reports_dir=str(baselines_dir(settings)))
    for c, v in _targets(settings, collection, version, all_missing, cfg.systems):
        evaluate_release_baselines(settings, c, v, cfg.systems, k=cfg.k, engine=cfg.engine, summary=summary,
                                   force=force)
    _artifact(summary, settings)
    if summary.failed:
        raise BaselineFailed("baseline(s) failed: " + "; ".join(f"{k}: {why}" for k, why in summary.failed.items())
                             + f" (the other reports are written under {baselines_dir(settings)})")
    return summary
