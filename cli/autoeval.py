"""`benchmill auto-evaluate` and `benchmill sandbox`: baseline reports per release, public sandboxes.

    benchmill auto-evaluate news-en@1.0.0 [--system bm25 ...] [--force]
    benchmill auto-evaluate --all-missing          # every exported release lacking a report
    benchmill sandbox [--from news-en] [--size 20] [--texts 100] [--version 1.1.0]

``auto-evaluate`` runs the ``auto-evaluate`` flow (flows/autoeval.py) that the deployment
runs on each ``benchmill.release.published`` event: this is the catch-up path for
releases published while nothing listened. Registered on the main app by ``register(app)``.
Bad input ends as one line on stderr naming it, exit 2; a baseline that failed, exit 1.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

ConfigOpt = Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="machine-readable output")]


def _fail(message: str, code: int = 2) -> None:
    typer.echo(f"benchmill: error: {' '.join(message.split())}", err=True)
    raise typer.Exit(code)


def auto_evaluate(
    release: Annotated[Optional[str], typer.Argument(help="COLLECTION@VERSION (@latest: newest export); or --all-missing")] = None,
    all_missing: Annotated[bool, typer.Option("--all-missing", help="every exported release lacking a baseline report")] = False,
    system: Annotated[Optional[list[str]], typer.Option("--system", help="bm25 | dense | hybrid:W | hybrid:scan; repeatable (default: [auto_evaluate] systems)")] = None,
    force: Annotated[bool, typer.Option("--force", help="recompute reports that are present")] = False,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Score the configured baselines on a release (or every release lacking reports): one JSON report per system."""
    from pydantic import ValidationError

    from benchmill.settings import AutoEvaluateSettings, SettingsError
    from cli import say_where, settings_for
    from cli.evaluate import EvaluateInputError, resolve_release
    from tasks.evaluate.baseline_reports import baselines_dir, missing_reports

    try:
        if (release is None) == (not all_missing):
            raise EvaluateInputError("give either COLLECTION@VERSION or --all-missing")
        settings = settings_for(config)
        cfg = settings.auto_evaluate
        if system:
            try:
                cfg = AutoEvaluateSettings.model_validate({**cfg.model_dump(), "systems": system})
            except ValidationError as exc:
                raise EvaluateInputError(f"--system: {exc.errors()[0]['msg'].removeprefix('Value error, ')}") from None
        collection = version = None
        if release is not None:
            collection, version, _ = resolve_release(settings, release)
            todo = {(collection, version): cfg.systems}
            if not force:
                todo = missing_reports(settings, cfg.systems, [(collection, version)])
        else:
            todo = missing_reports(settings, cfg.systems)
    except (EvaluateInputError, SettingsError) as exc:
        _fail(str(exc))
    if not todo:
        what = f"{collection}@{version}" if collection else "every exported release"
        message = f"{what}: every baseline report is present under {baselines_dir(settings)}"
        typer.echo(json.dumps({"written": [], "failed": {}, "note": message}) if as_json else message)
        return
    if not as_json:
        say_where(settings, baseline_reports=baselines_dir(settings))
        for (c, v), systems in todo.items():
            typer.echo(f"{c}@{v}: {', '.join(systems)}")
    from benchmill.orchestration import tie_temporary_server_to_this_process
    from flows.autoeval import BaselineFailed
    from flows.autoeval import auto_evaluate as flow

    tie_temporary_server_to_this_process()
    try:
        summary = flow(collection=collection, version=version, all_missing=all_missing, systems=cfg.systems,
                       force=force, config_path=str(config) if config else None)
    except BaselineFailed as exc:
        _fail(str(exc), code=1)
    if as_json:
        typer.echo(summary.model_dump_json(indent=1))
        return
    for key in summary.written:
        typer.echo(f"wrote {key} ({summary.seconds.get(key, 0)} s)")


def sandbox(
    source: Annotated[Optional[list[str]], typer.Option("--from", help="ranked collection whose accepted, never-released items it takes, e.g. news-en; repeatable (default: news-<lang> of each language)")] = None,
    size: Annotated[int, typer.Option("--size", min=1, help="questions in the sandbox (spread over the question types)")] = 20,
    texts: Annotated[int, typer.Option("--texts", min=1, help="texts at most: the cited ones, then distractors")] = 100,
    version: Annotated[Optional[str], typer.Option("--version", help="draw a new sandbox version (the next one, e.g. 1.1.0) with fresh questions; without it an existing sandbox stays as it is")] = None,
    config: ConfigOpt = None,
    store: Annotated[Optional[Path], typer.Option("--store", help="DuckDB store file (default: <home>/data/benchmill.duckdb)")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Publish <collection>-sandbox: a small static release whose answers are public (questions no ranked release has), to check a system with `benchmill score`."""
    from benchmill.releases import (
        VERSION_RE,
        ReleaseError,
        ensure_exports,
        latest_version,
        list_releases,
        next_version,
        publish,
        release_dir,
    )
    from benchmill.sandbox import plan_sandbox, sandbox_collection
    from benchmill.settings import SettingsError
    from benchmill.store import Store, StoreError
    from cli import say_where, settings_for
    from tasks.dragon.spec import news_collections

    try:
        if version is not None and not VERSION_RE.match(version):
            raise ReleaseError(f"bad --version {version!r}: expected MAJOR.MINOR.PATCH, e.g. 1.1.0")
        settings = settings_for(config, store)
        specs = {s.name: s for s in news_collections(settings)}
        names = list(source or specs)
        for name in names:
            if "@" in name:
                raise ReleaseError(f"--from {name}: a sandbox takes questions no release has, so it draws from a "
                                   f"collection, not a release: --from {name.partition('@')[0]}")
            if name not in specs:
                raise ReleaseError(f"--from {name}: not a collection of these settings; known: {', '.join(specs) or 'none'}")
        if not as_json:
            say_where(settings, releases=settings.releases_dir)
        results = []
        with Store.writer(settings.store, "sandbox") as st:
            ensure_exports(st, settings)  # a release (a sandbox too) killed before its export is exported now
            for name in names:
                plan = plan_sandbox(st, specs[name], size=size, max_texts=texts, version=version)
                if plan is None:
                    sb = sandbox_collection(name)
                    existing = latest_version(st, sb)
                    if version and existing and any(r["version"] == version for r in list_releases(st)
                                                    if r["collection"] == sb):
                        existing = version  # a rerun of that draw
                    results.append({"from": name, "sandbox": f"{sb}@{existing}" if existing else None, "new": False,
                                    "path": str(release_dir(settings, sb, existing)) if existing else None})
                    continue
                m = publish(st, settings, plan, run_id=f"sandbox-{plan.collection}-{plan.version}")
                results.append({"from": name, "sandbox": f"{plan.collection}@{plan.version}", "new": True,
                                "questions": m.questions, "texts": m.texts,
                                "path": str(release_dir(settings, plan.collection, plan.version))})
    except (ReleaseError, StoreError, SettingsError) as exc:
        _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(results, indent=1))
        return
    for r in results:
        if r["new"]:
            typer.echo(f"published {r['sandbox']} from {r['from']}'s unreleased accepted questions: {r['questions']} "
                       f"questions, {r['texts']} texts, answers public: {r['path']}")
        elif r["sandbox"]:
            typer.echo(f"{r['from']}: sandbox {r['sandbox']} is in place, kept as it is ({r['path']}); "
                       f"--version {next_version(r['sandbox'].partition('@')[2])} would draw a new one")
        else:
            typer.echo(f"{r['from']}: no accepted question that no release has: nothing to put in a sandbox")


def register(app: typer.Typer) -> None:
    """Add the ``auto-evaluate`` and ``sandbox`` commands to the main app."""
    app.command("auto-evaluate")(auto_evaluate)
    app.command("sandbox")(sandbox)
