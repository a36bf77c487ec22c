"""The benchmill store: one DuckDB file holding documents, facts, items, verdicts and releases.

Rules this module keeps:
- One writer at a time. A writer holds an exclusive lock file beside the database for
  its whole run; a second writer gets ``StoreInUse`` naming the holder's run, never a
  corrupt file. DuckDB connections are opened per transaction so that read-only CLI
  commands can look in between stages.
- Every write is an upsert keyed by content-derived ids, inside one transaction per
  stage: re-running a stage (a retried or restarted run) never duplicates anything.
- The increment is "document versions no completed run has consumed yet", not "what
  this run fetched", so a run killed mid-way is finished by the next one.
"""
from __future__ import annotations

import fcntl
import json
import os
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import duckdb

from benchmill.store_schema import LATEST_VERSION, MIGRATIONS
from schemas import (
    Edge,
    EntityLink,
    Failure,
    IncrementDoc,
    Item,
    Lineage,
    LLMUsage,
    NewVersion,
    PreviousVersion,
    SourceSpec,
    Triplet,
    Verdict,
)


class StoreError(Exception):
    """The store cannot be used; the message names the file and what to do."""


class StoreInUse(StoreError):
    pass


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


def _lock_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".lock")


class Store:
    """Access to one store file. Use ``Store.writer(path, run_id)`` or ``Store.reader(path)``."""

    def __init__(self, path: Path, *, read_only: bool, run_id: str | None = None):
        self.path = Path(path)
        self.read_only = read_only
        self.run_id = run_id
        self._lock_fd: int | None = None

    # ------------------------------------------------------------------ opening
    @classmethod
    def writer(cls, path: Path, run_id: str) -> "Store":
        """Take the single-writer lock, create or migrate the database."""
        store = cls(path, read_only=False, run_id=run_id)
        store.path.parent.mkdir(parents=True, exist_ok=True)
        store._acquire_lock()
        try:
            store._migrate()
            store._close_abandoned_runs()
        except BaseException:
            store.close()
            raise
        return store

    @classmethod
    def reader(cls, path: Path) -> "Store":
        store = cls(path, read_only=True)
        if not store.path.exists():
            raise StoreError(f"store {store.path} does not exist yet: run `benchmill daily` first or pass --store")
        with store.connect() as con:
            store._check_version(con)
        return store

    def close(self) -> None:
        if self._lock_fd is not None:
            try:
                os.ftruncate(self._lock_fd, 0)
                fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
            finally:
                os.close(self._lock_fd)
                self._lock_fd = None

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _acquire_lock(self) -> None:
        lock = _lock_path(self.path)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_lock_holder(fd)
            os.close(fd)
            raise StoreInUse(
                f"store {self.path} is in use by run {holder.get('run_id', '?')} "
                f"(pid {holder.get('pid', '?')} on {holder.get('host', '?')}, since {holder.get('since', '?')}); "
                "wait for it to finish or stop it"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(
            fd,
            json.dumps(
                {"run_id": self.run_id, "pid": os.getpid(), "host": socket.gethostname(), "since": utcnow().isoformat()}
            ).encode(),
            0,
        )
        self._lock_fd = fd

    @contextmanager
    def connect(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A short-lived connection; read-only stores retry briefly while a writer commits."""
        deadline = time.monotonic() + (5.0 if self.read_only else 0.0)
        while True:
            try:
                con = duckdb.connect(str(self.path), read_only=self.read_only)
                break
            except duckdb.IOException as exc:
                if "lock" in str(exc).lower():
                    if time.monotonic() < deadline:
                        time.sleep(0.1)
                        continue
                    holder = _read_lock_file(_lock_path(self.path))
                    raise StoreInUse(
                        f"store {self.path} is in use by run {holder.get('run_id', '?')} "
                        f"(pid {holder.get('pid', '?')}); try again when it finishes"
                    ) from None
                raise StoreError(f"cannot open store {self.path}: {exc}") from None
            except duckdb.Error as exc:
                raise StoreError(f"cannot open store {self.path}: {exc} (is it a benchmill DuckDB file?)") from None
        try:
            yield con
        finally:
            con.close()

    @contextmanager
    def transaction(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """One stage's writes: all or nothing."""
        if self.read_only:
            raise StoreError(f"store {self.path} was opened read-only")
        if self._lock_fd is None:
            raise StoreError("writes need Store.writer(), which holds the single-writer lock")
        with self.connect() as con:
            con.execute("BEGIN TRANSACTION")
            try:
                yield con
            except BaseException:
                con.execute("ROLLBACK")
                raise
            con.execute("COMMIT")

    # --------------------------------------------------------------- migrations
    def _check_version(self, con: duckdb.DuckDBPyConnection) -> int:
        tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        if "schema_version" not in tables:
            if tables and not self.read_only:
                raise StoreError(f"{self.path} is a DuckDB file but not a benchmill store (no schema_version table)")
            return 0
        current = first_row(con.execute("SELECT max(version) FROM schema_version"))[0] or 0
        if current > LATEST_VERSION:
            raise StoreError(
                f"store {self.path} has schema version {current}, newer than this benchmill supports "
                f"({LATEST_VERSION}); upgrade benchmill"
            )
        return current

    def _migrate(self) -> None:
        with self.connect() as con:
            current = self._check_version(con)
            if current == LATEST_VERSION:
                return
            con.execute("BEGIN TRANSACTION")
            try:
                con.execute(
                    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, description VARCHAR, applied_at TIMESTAMP)"
                )
                for version, description, sql in MIGRATIONS:
                    if version > current:
                        con.execute(sql)
                        con.execute("INSERT INTO schema_version VALUES (?, ?, ?)", [version, description, utcnow()])
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise

    def _close_abandoned_runs(self) -> None:
        """Runs still 'running' belong to a dead process: we hold the single-writer lock."""
        with self.transaction() as con:
            con.execute(
                """UPDATE runs SET status = 'abandoned', ended_at = ?,
                   error = 'the process ended without finishing (killed?); the next run resumes its work'
                   WHERE status = 'running'""",
                [utcnow()],
            )

    def schema_version(self) -> int:
        with self.connect() as con:
            return self._check_version(con)

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

    # ------------------------------------------------------ sources & documents
    def upsert_sources(self, specs: list[SourceSpec], run_id: str) -> None:
        with self.transaction() as con:
            con.executemany(
                """INSERT INTO sources VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, location = excluded.location, lang = excluded.lang""",
                [[s.name, s.kind, s.location, s.lang, run_id] for s in specs],
            )

    def previous_versions(self, canonical_urls: list[str]) -> dict[str, PreviousVersion]:
        """Newest *consumed* version per canonical URL: the previous revision of the dataset.

        Diffing against it (not against a pending version an unfinished run wrote) keeps
        the diff stage's inputs identical when a failed run is resumed, so it comes back
        Cached; absent URLs are new documents.
        """
        if not canonical_urls:
            return {}
        with self.connect() as con:
            rows = con.execute(
                """SELECT d.canonical_url, v.doc_id, v.seq, v.content_hash, v.text
                   FROM documents d JOIN document_versions v USING (doc_id)
                   WHERE d.canonical_url IN (SELECT unnest(?::VARCHAR[])) AND v.consumed_by IS NOT NULL
                   QUALIFY row_number() OVER (PARTITION BY v.doc_id ORDER BY v.seq DESC) = 1""",
                [canonical_urls],
            ).fetchall()
        return {url: PreviousVersion(doc_id=d, seq=s, content_hash=h, text=t) for url, d, s, h, t in rows}

    def write_versions(self, versions: list[NewVersion], run_id: str) -> int:
        """Store new document versions (pending); returns how many were not there yet.

        A version already stored (same document, same content) is left as it is. The
        sequence number is assigned here, after the newest stored one: a version an
        unfinished run left pending keeps its place.
        """
        if not versions:
            return 0
        now = utcnow()
        with self.transaction() as con:
            before = _rows_in(con, "document_versions")
            bulk_insert(
                con,
                "INSERT INTO documents SELECT DISTINCT ON (doc_id) * FROM __rows ON CONFLICT (doc_id) DO NOTHING",
                ["doc_id", "canonical_url", "source", "lang", "first_run", "first_seen_at"],
                [[v.doc_id, v.doc.canonical_url, v.doc.source, v.doc.lang, run_id, now] for v in versions],
            )
            cols = ["version_id", "doc_id", "seq", "content_hash", "url", "title", "author", "published", "text",
                    "new_paragraphs", "fetched_at", "run_id"]
            bulk_insert(
                con,
                f"""INSERT INTO document_versions ({', '.join(cols)})
                    SELECT r.version_id, r.doc_id,
                           coalesce(m.max_seq, 0) + row_number() OVER (PARTITION BY r.doc_id ORDER BY r.seq, r.version_id),
                           r.content_hash, r.url, r.title, r.author, r.published, r.text, r.new_paragraphs,
                           r.fetched_at, r.run_id
                    FROM (SELECT DISTINCT ON (version_id) * FROM __rows) r
                    LEFT JOIN (SELECT doc_id, max(seq) AS max_seq FROM document_versions GROUP BY doc_id) m USING (doc_id)
                    WHERE r.version_id NOT IN (SELECT version_id FROM document_versions)""",
                cols,
                [
                    [v.version_id, v.doc_id, v.seq, v.doc.content_hash, v.doc.url, v.doc.title, v.doc.author,
                     v.doc.published.replace(tzinfo=None) if v.doc.published else None, v.doc.text,
                     v.new_paragraphs, now, run_id]
                    for v in versions
                ],
            )
            return _rows_in(con, "document_versions") - before

    def pending_versions(self, langs: list[str] | None = None) -> list[IncrementDoc]:
        """The increment: versions not yet consumed by a completed run, oldest first."""
        with self.connect() as con:
            rows = con.execute(
                """SELECT v.doc_id, v.version_id, d.canonical_url, d.lang, v.title, v.published, v.text, v.new_paragraphs
                   FROM document_versions v JOIN documents d USING (doc_id)
                   WHERE v.consumed_by IS NULL AND (?::VARCHAR[] IS NULL OR list_contains(?::VARCHAR[], d.lang))
                   ORDER BY d.canonical_url, v.seq""",
                [langs, langs],
            ).fetchall()
        return [
            IncrementDoc(doc_id=d, version_id=v, canonical_url=u, lang=l, title=t or "", published=p, text=x,
                         new_paragraphs=list(n))
            for d, v, u, l, t, p, x, n in rows
        ]

    def mark_consumed(self, version_ids: list[str], run_id: str) -> None:
        if not version_ids:
            return
        with self.transaction() as con:
            con.execute(
                """UPDATE document_versions SET consumed_by = ?, consumed_at = ?
                   WHERE consumed_by IS NULL AND version_id IN (SELECT unnest(?::VARCHAR[]))""",
                [run_id, utcnow(), version_ids],
            )

    def content_hashes(self, doc_ids: list[str]) -> dict[str, str]:
        """Content hash of each document's newest version (an item's source lineage)."""
        return self._newest("content_hash", doc_ids)

    def document_texts(self, doc_ids: list[str]) -> dict[str, str]:
        """Current (newest) text of each document."""
        return self._newest("text", doc_ids)

    def newest_version_ids(self, doc_ids: list[str]) -> dict[str, str]:
        return self._newest("version_id", doc_ids)

    def _newest(self, column: str, doc_ids: list[str]) -> dict[str, Any]:
        """``column`` of each document's newest version (pending ones included)."""
        if not doc_ids:
            return {}
        with self.connect() as con:
            rows = con.execute(
                f"""SELECT doc_id, {column} FROM document_versions WHERE doc_id IN (SELECT unnest(?::VARCHAR[]))
                    QUALIFY row_number() OVER (PARTITION BY doc_id ORDER BY seq DESC) = 1""",
                [doc_ids],
            ).fetchall()
        return dict(rows)

    def counts(self) -> dict[str, int]:
        tables = ["documents", "document_versions", "triplets", "entities", "edges", "items", "verdicts",
                  "releases", "release_items", "runs"]
        with self.connect() as con:
            return {t: _rows_in(con, t) for t in tables}

    # ------------------------------------------------------------ facts & graph
    def write_triplets(self, triplets: list[Triplet], run_id: str) -> None:
        if not triplets:
            return
        with self.transaction() as con:
            cols = ["triplet_id", "doc_id", "version_id", "lang", "sentence", "subject", "relation", "object",
                    "subject_label", "object_label", "engine", "run_id"]
            bulk_insert(
                con,
                f"INSERT INTO triplets ({', '.join(cols)}) SELECT DISTINCT ON (triplet_id) * FROM __rows ON CONFLICT DO NOTHING",
                cols,
                [[t.triplet_id, t.doc_id, t.version_id, t.lang, t.sentence, t.subject, t.relation, t.object,
                  t.subject_label, t.object_label, t.engine, run_id] for t in triplets],
            )

    def triplets_for_versions(self, version_ids: list[str]) -> list[Triplet]:
        if not version_ids:
            return []
        with self.connect() as con:
            cur = con.execute(
                """SELECT triplet_id, doc_id, version_id, lang, sentence, subject, relation, object,
                          subject_label, object_label, engine
                   FROM triplets WHERE version_id IN (SELECT unnest(?::VARCHAR[])) ORDER BY triplet_id""",
                [version_ids],
            )
            return [Triplet(**r) for r in _dicts(cur)]

    def write_novelty(self, novel_ids: list[str], dropped: list[tuple[str, str]]) -> None:
        with self.transaction() as con:
            if novel_ids:
                con.execute(
                    "UPDATE triplets SET novelty = 'novel', novelty_reason = NULL WHERE triplet_id IN (SELECT unnest(?::VARCHAR[]))",
                    [novel_ids],
                )
            if dropped:
                bulk_insert(
                    con,
                    """UPDATE triplets SET novelty = 'known', novelty_reason = __rows.reason
                       FROM __rows WHERE triplets.triplet_id = __rows.triplet_id""",
                    ["triplet_id", "reason"],
                    [[tid, reason] for tid, reason in dropped],
                )

    def write_links(self, links: list[EntityLink], run_id: str) -> None:
        if not links:
            return
        with self.transaction() as con:
            bulk_insert(
                con,
                """INSERT INTO entities SELECT DISTINCT ON (surface, lang) * FROM __rows
                   ON CONFLICT (surface, lang) DO UPDATE SET node_id = excluded.node_id, qid = excluded.qid,
                     label = excluded.label, score = excluded.score, method = excluded.method""",
                ["surface", "lang", "node_id", "qid", "label", "score", "method", "run_id"],
                [[l.surface, l.lang, l.node_id, l.qid, l.label, l.score, l.method, run_id] for l in links],
            )

    def edges(self, lang: str, edge_ids: list[str] | None = None) -> list[Edge]:
        """The language's graph, or only the given edges, with provenance as accumulated."""
        with self.connect() as con:
            cur = con.execute(
                """SELECT * FROM edges WHERE lang = ?
                   AND (?::VARCHAR[] IS NULL OR edge_id IN (SELECT unnest(?::VARCHAR[]))) ORDER BY edge_id""",
                [lang, edge_ids, edge_ids])
            return [Edge(**r) for r in _dicts(cur)]

    def write_edges(self, edges: list[Edge], run_id: str) -> None:
        """Upsert edges, unioning provenance; first_run keeps the earliest run that saw the fact."""
        if not edges:
            return
        with self.transaction() as con:
            bulk_insert(
                con,
                """INSERT INTO edges SELECT DISTINCT ON (edge_id) * FROM __rows
                   ON CONFLICT (edge_id) DO UPDATE SET
                     doc_ids = list_sort(list_distinct(list_concat(edges.doc_ids, excluded.doc_ids))),
                     sentences = list_sort(list_distinct(list_concat(edges.sentences, excluded.sentences))),
                     triplet_ids = list_sort(list_distinct(list_concat(edges.triplet_ids, excluded.triplet_ids)))""",
                ["edge_id", "head", "relation", "tail", "head_label", "tail_label", "lang", "doc_ids", "sentences",
                 "triplet_ids", "first_run"],
                [[e.edge_id, e.head, e.relation, e.tail, e.head_label, e.tail_label, e.lang, e.doc_ids,
                  e.sentences, e.triplet_ids, e.first_run or run_id] for e in edges],
            )

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


def _rows_in(con: duckdb.DuckDBPyConnection, table: str) -> int:
    return first_row(con.execute(f"SELECT count(*) FROM {table}"))[0]


def first_row(cur: duckdb.DuckDBPyConnection) -> tuple | None:
    """The first row of a result, draining it (DuckDB 2 refuses new work while a result is unfinished)."""
    rows = cur.fetchall()
    return rows[0] if rows else None


def bulk_insert(con: duckdb.DuckDBPyConnection, sql: str, columns: list[str], rows: list[list[Any]]) -> None:
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
        con.execute(sql)
    finally:
        con.unregister("__rows")


def _read_lock_holder(fd: int) -> dict[str, Any]:
    try:
        return json.loads(os.pread(fd, 4096, 0).decode() or "{}")
    except (OSError, ValueError):
        return {}


def _read_lock_file(path: Path) -> dict[str, Any]:
    try:
        return json.loads(path.read_text() or "{}")
    except (OSError, ValueError):
        return {}


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
