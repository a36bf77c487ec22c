"""The store's items and filter verdicts: a part of ``benchmill.store.Store`` (issue 8's split)."""
from __future__ import annotations

import json

from benchmill.store_sql import _dicts, _item, _rows_in, bulk_insert, utcnow
from schemas import Item, Verdict



class ItemsMixin:
    """Items, verdicts and rejection summaries; mixed into ``Store``."""

    # --------------------------------------------------------- items & verdicts
    def write_items(self, items: list[Item], run_id: str) -> int:
        if not items:
            return 0
        now = utcnow()
        with self.transaction() as con:
            before = _rows_in(con, "items")
            bulk_insert(
                con,
                "INSERT INTO items SELECT DISTINCT ON (item_id) * FROM __rows ON CONFLICT DO NOTHING",
                ["item_id", "method", "type", "lang", "question", "answers", "references", "keypoints", "doc_ids",
                 "subgraph", "config", "engine", "model", "prompt_name", "prompt_hash", "source_hashes", "run_id",
                 "created_at"],
                [
                    [i.item_id, i.method, i.type, i.lang, i.question, i.answers, i.references, i.keypoints,
                     i.doc_ids, json.dumps(i.subgraph) if i.subgraph is not None else None,
                     json.dumps(i.config) if i.config is not None else None, i.lineage.engine, i.lineage.model,
                     i.lineage.prompt_name, i.lineage.prompt_hash, i.lineage.source_hashes, run_id, now]
                    for i in items
                ],
            )
            return _rows_in(con, "items") - before

    def items(self, item_ids: list[str]) -> list[Item]:
        with self.connect() as con:
            cur = con.execute("SELECT * FROM items WHERE item_id IN (SELECT unnest(?::VARCHAR[])) ORDER BY item_id",
                              [item_ids])
            return [_item(r) for r in _dicts(cur)]

    def items_awaiting(self, filter_name: str, method: str, langs: list[str] | None = None) -> list[str]:
        """Items with no verdict from this filter yet, or only a transient error."""
        with self.connect() as con:
            rows = con.execute(
                """SELECT i.item_id FROM items i
                   LEFT JOIN verdicts v ON v.item_id = i.item_id AND v.filter = ?
                   WHERE i.method = ? AND (?::VARCHAR[] IS NULL OR list_contains(?::VARCHAR[], i.lang))
                     AND (v.item_id IS NULL OR v.status = 'error')
                   ORDER BY i.item_id""",
                [filter_name, method, langs, langs],
            ).fetchall()
        return [r[0] for r in rows]

    def write_verdicts(self, verdicts: list[Verdict], run_id: str) -> None:
        if not verdicts:
            return
        now = utcnow()
        with self.transaction() as con:
            bulk_insert(
                con,
                """INSERT INTO verdicts SELECT DISTINCT ON (item_id, filter) * FROM __rows
                   ON CONFLICT (item_id, filter) DO UPDATE SET status = excluded.status, score = excluded.score,
                     reason = excluded.reason, run_id = excluded.run_id, recorded_at = excluded.recorded_at,
                     code = excluded.code""",
                ["item_id", "filter", "status", "score", "reason", "run_id", "recorded_at", "code"],
                [[v.item_id, v.filter, v.status, v.score, v.reason, run_id, now, v.code] for v in verdicts],
            )

    def verdicts(self, item_ids: list[str]) -> list[Verdict]:
        with self.connect() as con:
            rows = con.execute(
                """SELECT item_id, filter, status, score, reason, code FROM verdicts
                   WHERE item_id IN (SELECT unnest(?::VARCHAR[])) ORDER BY item_id, filter""",
                [item_ids],
            ).fetchall()
        return [Verdict(item_id=i, filter=f, status=s, score=sc, reason=r, code=c) for i, f, s, sc, r, c in rows]

    def top_rejection_reasons(self, filters: list[str], item_ids: list[str], limit: int = 3,
                              examples: int = 2) -> dict[str, list[tuple[str, int, list[str]]]]:
        """Per filter, its most frequent rejection codes: ``(code, count, example reasons)``.

        Grouped by the verdict's reason code (issue 7.12); the examples are whole reasons,
        item ids and thresholds intact (the first by item id). A verdict without a code
        (written before codes existed) counts under "uncoded".
        """
        if not item_ids:
            return {}
        with self.connect() as con:
            rows = con.execute(
                """SELECT filter, coalesce(nullif(code, ''), 'uncoded') AS c, count(*) AS n,
                          list(item_id || ': ' || reason ORDER BY item_id)[1:?] AS ex FROM verdicts
                   WHERE status = 'rejected' AND filter IN (SELECT unnest(?::VARCHAR[]))
                     AND item_id IN (SELECT unnest(?::VARCHAR[]))
                   GROUP BY 1, 2 ORDER BY filter, n DESC, c""",
                [examples, filters, item_ids],
            ).fetchall()
        out: dict[str, list[tuple[str, int, list[str]]]] = {}
        for f, c, n, ex in rows:
            if len(out.setdefault(f, [])) < limit:
                out[f].append((c, n, list(ex)))
        return out
