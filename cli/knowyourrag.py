"""Know Your RAG commands (issue 9) registered by ``register(app)``:

- `benchmill models`: the trained generators registered in the store. `benchmill
  train-generator` registers each adapter it trains (model id derived from the adapter's
  content, base model, adapter folder, training releases, metrics); `benchmill statements
  --engine t5 --model REF` generates with one.
- `benchmill compare-labels LANG`: the paper's comparison, the taxonomy label mix of the
  single-prompt baseline next to the statement-extraction generator (and a t5 model's) on
  the same contexts, from the stored label verdicts of every kyr item, released or not
  (`benchmill statements --types fact_single,summary,reasoning,baseline` makes both).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer


def models(
    name: Annotated[Optional[str], typer.Argument(help="only the models of this name")] = None,
    config: Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")] = None,
    store: Annotated[Optional[Path], typer.Option("--store", help="DuckDB store file")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """The trained generators registered in the store, newest first."""
    from rich.table import Table

    from cli import _reader, console

    _, st = _reader(config, store)
    try:
        found = st.models(name)
    finally:
        st.close()
    if as_json:
        console.print_json(json.dumps([m.model_dump(mode="json") for m in found]))
        return
    if not found:
        console.print("no models registered (train one with `benchmill train-generator`)", markup=False, highlight=False)
        return
    table = Table(title="registered models")
    for col in ("model id", "name/version", "base model", "trained on", "steps", "val loss", "created", "adapter"):
        table.add_column(col, overflow="fold")
    for m in found:
        val = m.metrics.get("validation_loss")
        table.add_row(m.model_id, m.ref, m.base_model, ", ".join(m.training_data), str(m.metrics.get("steps", "-")),
                      f"{val:.4f}" if isinstance(val, (int, float)) else "-",
                      m.created_at.isoformat(timespec="seconds") if m.created_at else "-", m.adapter_path)
    console.print(table)


def compare_labels(
    lang: Annotated[str, typer.Argument(help="the kyr collection's language (kyr-<lang>)")] = "en",
    config: Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")] = None,
    store: Annotated[Optional[Path], typer.Option("--store", help="DuckDB store file")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Label mix of the baseline vs the statement-extraction generator (and t5 models) on the same contexts."""
    from rich.table import Table

    from cli import _reader, console
    from tasks.filters.kyr_label import CODE_PREFIX, FILTER_NAME
    from tasks.knowyourrag.scoring import compare_label_mixes
    from tasks.knowyourrag.spec import METHOD

    _, st = _reader(config, store)
    try:
        with st.connect() as con:
            rows = con.execute(
                """SELECT i.type, i.engine, i.doc_ids[1], v.code FROM items i
                   JOIN verdicts v ON v.item_id = i.item_id AND v.filter = ? AND starts_with(v.code, ?)
                   WHERE i.method = ? AND i.lang = ? ORDER BY i.item_id""",
                [FILTER_NAME, CODE_PREFIX, METHOD, lang]).fetchall()
    finally:
        st.close()
    out = compare_label_mixes([(t, e, d, c[len(CODE_PREFIX):]) for t, e, d, c in rows])
    out = {"collection": f"kyr-{lang}", **out}
    if as_json:
        console.print_json(json.dumps(out))
        return
    if not out["generators"]:
        console.print(f"kyr-{lang}: no contexts labelled for the baseline and another generator (run `benchmill "
                      "statements --engine llm --types fact_single,summary,reasoning,baseline`)", markup=False,
                      highlight=False)
        return
    labels = out["labels"]
    table = Table(title=f"kyr-{lang}: label mix on {out['contexts']} shared contexts (share of each generator's items)")
    table.add_column("generator")
    table.add_column("items", justify="right")
    for lab in labels:
        table.add_column(lab, justify="right")
    for name, g in out["generators"].items():
        table.add_row(name, str(g["items"]), *(f"{g['share'].get(lab, 0.0):.0%} ({g['counts'].get(lab, 0)})" for lab in labels))
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("models")(models)
    app.command("compare-labels")(compare_labels)
