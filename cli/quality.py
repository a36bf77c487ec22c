"""`benchmill quality C@V`: the automatic quality report of a release (benchmill/quality.py).

    benchmill quality news-en@1.0.0 [--json] [--config FILE] [--store FILE]

``C`` alone means the collection's latest release. Quotas come from the collection's
spec when the collection is one of the daily news ones (``news-<lang>``), else the
report shows counts without quotas. A release that does not exist is one line on
stderr, exit 2.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer


def _quotas(settings, collection: str) -> dict[str, int] | None:
    from tasks.dragon.spec import news_collections

    for spec in news_collections(settings):
        if spec.name == collection:
            return dict(spec.quotas)
    return None


def quality(
    ref: Annotated[str, typer.Argument(help="COLLECTION@VERSION (or COLLECTION for the latest)")],
    config: Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")] = None,
    store: Annotated[Optional[Path], typer.Option("--store", help="DuckDB store file (default: <home>/data/benchmill.duckdb)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Quality of a release: answer uniqueness against the graph, near-duplicate and same-answer
    clusters, reuse per edge, type mix vs quotas, cross-question answer leaks, language."""
    from benchmill.quality import release_quality, render_text
    from benchmill.releases import resolve
    from cli import _reader

    settings, st = _reader(config, store)
    collection, version = resolve(st, ref)
    report = release_quality(st, collection, version, _quotas(settings, collection))
    if as_json:
        typer.echo(json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=2))
        return
    typer.echo(render_text(report))


def register(app: typer.Typer) -> None:
    """Add the ``quality`` command to the main app."""
    app.command("quality")(quality)
