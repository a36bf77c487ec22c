"""`benchmill removals`: documents the crawl found gone (HTTP 404/410 on re-crawl).

Registered on the main app by ``register(app)``. A removal is recorded once per document
(table ``document_removals``); the document's released items stay released (releases are
immutable), it simply gets no new versions.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer


def register(app: typer.Typer) -> None:
    @app.command()
    def removals(
        limit: Annotated[int, typer.Option(help="show at most this many, newest first")] = 100,
        config: Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")] = None,
        store: Annotated[Optional[Path], typer.Option("--store", help="DuckDB store file")] = None,
        as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
    ) -> None:
        """Articles removed by their site (404/410 on re-crawl), with the run that found them."""
        from rich.table import Table

        from cli import _reader, console

        _, st = _reader(config, store)
        rows = st.removals(limit)
        if as_json:
            console.print_json(json.dumps(rows, default=str))
            return
        table = Table(title=f"removed documents ({len(rows)})")
        for col in ("doc id", "url", "source", "run", "detected", "reason"):
            table.add_column(col)
        for r in rows:
            table.add_row(r["doc_id"], r["canonical_url"], r["source"], r["run_id"],
                          str(r["detected_at"])[:19], r["reason"])
        console.print(table)
