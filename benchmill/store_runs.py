"""The store's run records and failures: a part of ``benchmill.store.Store`` (issue 8's split)."""
from __future__ import annotations

import json
from typing import Any

from benchmill.store_sql import _dicts, bulk_insert, utcnow
from schemas import Failure, LLMUsage



class RunsMixin:
    """Run records, failures and error verdicts; mixed into ``Store``."""

    # --------------------------------------------------------------------- runs
    def start_run(self, run_id: str, flow: str, params: dict[str, Any], prefect_flow_run_id: str | None) -> None:
        with self.transaction() as con:
            con.execute(
                """INSERT INTO runs (run_id, flow, params, status, started_at, prefect_flow_run_id)
                   VALUES (?, ?, ?, 'running', ?, ?)
                   ON CONFLICT (run_id) DO UPDATE SET status = 'running', ended_at = NULL, error = NULL""",
                [run_id, flow, json.dumps(params, default=str), utcnow(), prefect_flow_run_id],
            )

    def finish_run(
        self, run_id: str, status: str, usage: LLMUsage, summary: dict[str, Any], error: str | None = None,
        cost_usd: float = 0.0,
    ) -> None:
        with self.transaction() as con:
            con.execute(
                """UPDATE runs SET status = ?, ended_at = ?, llm_calls = ?, llm_cached = ?, llm_failures = ?,
                   prompt_tokens = ?, completion_tokens = ?, llm_latency_s = ?, cost_usd = ?, summary = ?, error = ?
                   WHERE run_id = ?""",
                [status, utcnow(), usage.calls, usage.cached, usage.failures, usage.prompt_tokens,
                 usage.completion_tokens, usage.latency_s, cost_usd, json.dumps(summary, default=str), error, run_id],
            )

    def runs(self, limit: int = 20) -> list[dict[str, Any]]:
        with self.connect() as con:
            return _dicts(con.execute("SELECT * FROM runs ORDER BY started_at DESC LIMIT ?", [limit]))

    def record_failures(self, run_id: str, failures: list[Failure]) -> None:
        if not failures:
            return
        now = utcnow()
        with self.transaction() as con:
            bulk_insert(
                con,
                """INSERT INTO failures SELECT DISTINCT ON (run_id, stage, key) * FROM __rows
                   ON CONFLICT (run_id, stage, key) DO UPDATE SET reason = excluded.reason, kind = excluded.kind""",
                ["run_id", "stage", "key", "reason", "kind", "recorded_at"],
                [[run_id, f.stage, f.key, f.reason, f.kind, now] for f in failures],
            )

    def failures(self, run_id: str) -> list[Failure]:
        with self.connect() as con:
            rows = con.execute("SELECT stage, key, reason, kind FROM failures WHERE run_id = ? ORDER BY stage, key", [run_id])
            return [Failure(stage=s, key=k, reason=r, kind=kd) for s, k, r, kd in rows.fetchall()]

    def error_verdicts(self, run_id: str) -> list[Failure]:
        """Verdicts of status ``error`` this run recorded (a filter could not decide an item;
        the next run evaluates it again), as failures of stage ``filter:NAME``."""
        with self.connect() as con:
            rows = con.execute(
                "SELECT filter, item_id, reason FROM verdicts WHERE run_id = ? AND status = 'error' ORDER BY filter, item_id",
                [run_id],
            ).fetchall()
        return [Failure(stage=f"filter:{f}", key=i, reason=r, kind="transient") for f, i, r in rows]
