"""SQL helpers every part of the store uses (split out of benchmill/store.py, issue 8)."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

import duckdb

from schemas import Item, Lineage


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)



def _rows_in(con: duckdb.DuckDBPyConnection, table: str) -> int:
    return first_row(con.execute(f"SELECT count(*) FROM {table}"))[0]


def first_row(cur: duckdb.DuckDBPyConnection) -> tuple | None:
    """The first row of a result, draining it (DuckDB 2 refuses new work while a result is unfinished)."""
    rows = cur.fetchall()
    return rows[0] if rows else None


def bulk_insert(con: duckdb.DuckDBPyConnection, sql: str, columns: list[str], rows: list[list[Any]],
                params: list[Any] | None = None) -> None:
    """Run ``sql`` (which selects FROM __rows) over all rows at once.

    DuckDB's executemany inserts row by row; an Arrow table inserts a whole stage's
    output in one statement, which is what keeps large increments fast.
    """
    if not rows:
        return
    import pyarrow as pa

    table = pa.table({c: [r[i] for r in rows] for i, c in enumerate(columns)})
    con.register("__rows", table)
    try:
        con.execute(sql, params) if params else con.execute(sql)
    finally:
        con.unregister("__rows")


def _dicts(cur: duckdb.DuckDBPyConnection) -> list[dict[str, Any]]:
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]


def _item(row: dict[str, Any]) -> Item:
    return Item(
        item_id=row["item_id"], method=row["method"], type=row["type"], lang=row["lang"], question=row["question"],
        answers=list(row["answers"]), references=list(row["references"]), keypoints=list(row["keypoints"]),
        doc_ids=list(row["doc_ids"]),
        subgraph=json.loads(row["subgraph"]) if row["subgraph"] else None,
        config=json.loads(row["config"]) if row["config"] else None,
        lineage=Lineage(engine=row["engine"], model=row["model"], prompt_name=row["prompt_name"],
                        prompt_hash=row["prompt_hash"], source_hashes=list(row["source_hashes"])),
    )
