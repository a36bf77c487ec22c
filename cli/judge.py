"""`benchmill judge-sheet` and `benchmill judge-rates`: the hand-judged samples behind the
README's "Dataset quality" table (benchmill/judging.py).

    benchmill judge-sheet news-en@1.0.0 --n 30 --seed 47 [--out FILE]   # draw; labels left empty
    benchmill judge-rates bench/judged/*.jsonl [--json] [--counts-only]   # count the filled sheets

The sheet is read from the release's export folder (never the store), so drawing works
while a run writes. Bad input (release, sheet, unjudged row) is one line on stderr, exit 2.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer


def judge_sheet(
    ref: Annotated[str, typer.Argument(help="COLLECTION@VERSION (or COLLECTION for the latest export)")],
    n: Annotated[int, typer.Option("--n", help="how many questions to draw")] = 30,
    seed: Annotated[int, typer.Option("--seed", help="random.Random seed of the draw")] = 47,
    out: Annotated[Optional[Path], typer.Option("--out", help="sheet file (default: <home>/reports/judged/C@V-seedS.jsonl)")] = None,
    config: Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")] = None,
) -> None:
    """Draw a seeded sample of a release's questions into a judge sheet (JSONL) to fill by hand."""
    from benchmill.judging import SheetError, draw_sheet, write_sheet
    from benchmill.settings import load_settings
    from cli import UserError
    from cli.evaluate import EvaluateInputError, resolve_release
    from tasks.evaluate.release_data import ReleaseDataError, load_release

    settings = load_settings(config)
    try:
        collection, version, path = resolve_release(settings, ref)
        rows = draw_sheet(load_release(path, collection, version), n, seed)
        target = out or settings.reports_dir / "judged" / f"{collection}@{version}-seed{seed}.jsonl"
        write_sheet(rows, target)
    except (EvaluateInputError, ReleaseDataError, SheetError) as exc:
        raise UserError(str(exc)) from None
    typer.echo(f"{len(rows)} questions of {collection}@{version} (seed {seed}) -> {target}")
    typer.echo("judge each row: " + ", ".join("grammatical answerable correct unique".split()) + " = true/false")


def judge_rates(
    sheets: Annotated[list[Path], typer.Argument(help="filled judge sheets (JSONL)")],
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
    counts_only: Annotated[
        bool,
        typer.Option("--counts-only", help="no failed rows or notes: for a held-out set, whose failures the "
                     "people changing the generator must not read"),
    ] = False,
) -> None:
    """Rates of the four labels over filled judge sheets, overall and per question type."""
    from rich.console import Console
    from rich.table import Table

    from benchmill.judging import LABELS, SheetError, rates, read_sheet
    from cli import UserError

    try:
        rows = [row for sheet in sheets for row in read_sheet(sheet)]
    except SheetError as exc:
        raise UserError(str(exc)) from None
    result = rates(rows)
    if counts_only:
        result.pop("failed")
    if as_json:
        typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
        return
    table = Table(title="hand-judged: " + ", ".join(result["releases"]))
    table.add_column("type")
    table.add_column("n", justify="right")
    for label in LABELS:
        table.add_column(label, justify="right")
    groups = [("all", result["overall"])] + list(result["by_type"].items())
    for name, counts in groups:
        table.add_row(name, str(counts[LABELS[0]]["n"]),
                      *(f"{counts[label]['yes']}/{counts[label]['n']}" for label in LABELS))
    console = Console()
    console.print(table)
    for row in result.get("failed", ()):
        console.print(f"  {row['release']} #{row['public_id']} {', '.join(row['failed'])}: {row['question']}"
                      + (f"  ({row['note']})" if row["note"] else ""), markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    """Add ``judge-sheet`` and ``judge-rates`` to the main app."""
    app.command("judge-sheet")(judge_sheet)
    app.command("judge-rates")(judge_rates)
