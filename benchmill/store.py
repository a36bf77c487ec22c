"""The benchmill store: one DuckDB file holding documents, facts, items, verdicts and releases.

Rules this module keeps:
- One writer at a time. A writer holds an exclusive lock file beside the database for
  its whole run; a second writer gets ``StoreInUse`` naming the holder's run, never a
  corrupt file. The writer keeps ONE read-write DuckDB connection for its whole run
  (waiting a bounded time for readers' short connections to close) and publishes
  ``<store>.snapshot``, the last committed state before the run; readers in other
  processes read that snapshot while a writer is live, so a reader never fails a writer
  (docs/ARCHITECTURE.md, "Readers and the writer").
- Every write is an upsert keyed by content-derived ids, inside one transaction per
  stage: re-running a stage (a retried or restarted run) never duplicates anything.
- The increment is "document versions no completed run has consumed yet", not "what
  this run fetched", so a run killed mid-way is finished by the next one.
"""
from __future__ import annotations

import fcntl
import json
import logging
import os
import shutil
import socket
import sys
import threading
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
    Passage,
    PreviousVersion,
    SourceSpec,
    Triplet,
    Verdict,
)


class StoreError(Exception):
    """The store cannot be used; the message names the file and what to do."""


class StoreInUse(StoreError):
    pass


log = logging.getLogger("benchmill.store")

# how long a writer waits for other processes' read-only connections to close, and how
# long a reader waits for a starting writer's snapshot (seconds; overridable for tests/ops)
WRITER_WAIT_S = float(os.environ.get("BENCHMILL_STORE_WRITER_WAIT_S", "60"))
READER_WAIT_S = float(os.environ.get("BENCHMILL_STORE_READER_WAIT_S", "60"))

# writers open in this process, by resolved path: a reader in the same process (tests,
# flows) reads through the writer's connection (DuckDB refuses a second, read-only
# instance of a file this process already has open read-write)
_OPEN_WRITERS: dict[str, "Store"] = {}
_OPEN_WRITERS_LOCK = threading.Lock()


def _snapshot_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".snapshot")


def _is_lock_error(exc: Exception) -> bool:
    return "lock" in str(exc).lower()


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
        self._con: duckdb.DuckDBPyConnection | None = None  # the writer's one connection

    # ------------------------------------------------------------------ opening
    @classmethod
    def writer(cls, path: Path, run_id: str) -> "Store":
        """Take the single-writer lock, open the run's connection, verify, migrate, snapshot."""
        store = cls(path, read_only=False, run_id=run_id)
        store.path.parent.mkdir(parents=True, exist_ok=True)
        store._acquire_lock()
        try:
            # a snapshot left by an earlier (killed) writer is older than the file: drop it
            # before we open, so a reader never mistakes it for the state before this run
            _snapshot_path(store.path).unlink(missing_ok=True)
            store._open_writer_connection()
            store._verify()
            store._migrate()
            store._publish_snapshot()
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
        con, self._con = self._con, None
        if con is not None:
            with _OPEN_WRITERS_LOCK:
                if _OPEN_WRITERS.get(self._key()) is self:
                    del _OPEN_WRITERS[self._key()]
            try:
                con.close()
            finally:
                _snapshot_path(self.path).unlink(missing_ok=True)
        if self._lock_fd is not None:
            try:
                os.ftruncate(self._lock_fd, 0)
                fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
            finally:
                os.close(self._lock_fd)
                self._lock_fd = None

    def _key(self) -> str:
        return str(self.path.resolve())

    def _open_writer_connection(self) -> None:
        """One read-write connection for the whole run; readers' short connections are waited out."""
        deadline = time.monotonic() + WRITER_WAIT_S
        delay, told = 0.05, False
        while True:
            try:
                con = duckdb.connect(str(self.path))
                break
            except duckdb.Error as exc:
                if not (isinstance(exc, duckdb.IOException) and _is_lock_error(exc)):
                    raise _unreadable(self.path, exc) from None
                if time.monotonic() >= deadline:
                    raise StoreInUse(
                        f"store {self.path} is held open by another process's reader for more than "
                        f"{WRITER_WAIT_S:.0f} s (a read-only DuckDB connection: close it, or raise "
                        "BENCHMILL_STORE_WRITER_WAIT_S)"
                    ) from None
                if not told:
                    msg = f"waiting up to {WRITER_WAIT_S:.0f} s for readers of {self.path} to close"
                    log.warning(msg)
                    print(f"benchmill: {msg}", file=sys.stderr, flush=True)
                    told = True
                time.sleep(delay)
                delay = min(delay * 2, 1.0)
        self._con = con
        with _OPEN_WRITERS_LOCK:
            _OPEN_WRITERS[self._key()] = self

    def _verify(self) -> None:
        """Read every column of every table: DuckDB checks each block's checksum as it reads it."""
        with self.connect() as con:
            tables = [r[0] for r in con.execute(
                "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND NOT temporary"
            ).fetchall()]
            for table in tables:
                try:
                    con.execute(f'SELECT count(*), bit_xor(hash(COLUMNS(*))) FROM "{table}"').fetchall()
                except duckdb.Error as exc:
                    detail = " ".join(str(exc).split())[:200]
                    raise StoreError(
                        f"store {self.path} is damaged: table {table} cannot be read ({detail}); "
                        "restore it from a backup"
                    ) from None

    def _publish_snapshot(self) -> None:
        """Copy the committed state (WAL folded in) beside the store for other processes' readers."""
        with self.connect() as con:
            con.execute("CHECKPOINT")
            snap = _snapshot_path(self.path)
            tmp = snap.with_name(f"{snap.name}.{os.getpid()}.tmp")
            shutil.copyfile(self.path, tmp)  # nothing else writes: the writer is still opening
            os.replace(tmp, snap)

    def _read_target(self) -> tuple[Path, "Store | None"]:
        """Where a reader reads now: a same-process writer, the snapshot, or the file itself."""
        with _OPEN_WRITERS_LOCK:
            writer = _OPEN_WRITERS.get(self._key())
        if writer is not None and writer._con is not None:
            return self.path, writer
        holder = _live_writer(self.path)
        if holder is None:
            return self.path, None
        snap = _snapshot_path(self.path)
        if snap.exists():
            if not getattr(self, "_told_snapshot", False):
                self._told_snapshot = True
                since = datetime.fromtimestamp(snap.stat().st_mtime, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
                print(f"benchmill: store {self.path} is being written by run {holder.get('run_id', '?')}; "
                      f"showing the state as of {since}", file=sys.stderr, flush=True)
            return snap, None
        raise _NoSnapshotYet(holder)

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _acquire_lock(self) -> None:
        lock = _lock_path(self.path)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        # a reader probes the lock with a shared flock for microseconds: retry briefly so that
        # a probe never fails a writer; a real writer holds it for its whole run
        for _ in range(20):
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                time.sleep(0.05)
        else:
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
        """A connection for one use: the writer's own (a cursor on it), or a short read-only one."""
        if not self.read_only:
            if self._con is None:
                raise StoreError(f"store {self.path} is closed")
            cur = self._con.cursor()
            try:
                yield cur
            finally:
                cur.close()
            return
        deadline = time.monotonic() + READER_WAIT_S
        told = False
        while True:
            try:
                target, writer = self._read_target()
                if writer is not None:
                    cur = writer._con.cursor()
                    try:
                        yield cur
                    finally:
                        cur.close()
                    return
                try:
                    con = duckdb.connect(str(target), read_only=True)
                except duckdb.IOException:
                    if Path(target) != self.path and not Path(target).exists():
                        raise FileNotFoundError(target) from None  # the writer finished and removed it
                    raise
                try:
                    _check_not_truncated(con, target, self.path)
                except BaseException:
                    con.close()
                    raise
                break
            except (_NoSnapshotYet, duckdb.IOException) as exc:
                if isinstance(exc, duckdb.IOException) and not _is_lock_error(exc):
                    raise _unreadable(self.path, exc) from None
                if time.monotonic() >= deadline:
                    holder = exc.holder if isinstance(exc, _NoSnapshotYet) else (_live_writer(self.path) or {})
                    raise StoreInUse(
                        f"store {self.path} is being opened by run {holder.get('run_id', '?')} "
                        f"(pid {holder.get('pid', '?')}) and has no snapshot to read after {READER_WAIT_S:.0f} s; "
                        "try again in a moment"
                    ) from None
                if not told:
                    told = True
                    print(f"benchmill: store {self.path} is being opened by a writer; waiting up to "
                          f"{READER_WAIT_S:.0f} s", file=sys.stderr, flush=True)
                time.sleep(0.1)
            except FileNotFoundError:
                time.sleep(0.05)  # the snapshot went away as the writer finished: look again
            except duckdb.Error as exc:
                raise _unreadable(self.path, exc) from None
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
            if tables:
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

    def error_verdicts(self, run_id: str) -> list[Failure]:
        """Verdicts of status ``error`` this run recorded (a filter could not decide an item;
        the next run evaluates it again), as failures of stage ``filter:NAME``."""
        with self.connect() as con:
            rows = con.execute(
                "SELECT filter, item_id, reason FROM verdicts WHERE run_id = ? AND status = 'error' ORDER BY filter, item_id",
                [run_id],
            ).fetchall()
        return [Failure(stage=f"filter:{f}", key=i, reason=r, kind="transient") for f, i, r in rows]

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

    def record_removals(self, gone: dict[str, str], run_id: str) -> list[str]:
        """Record known documents that are gone (canonical URL -> reason, e.g. ``HTTP 404``)
        in ``document_removals``; returns the doc ids recorded now, sorted.

        URLs the store never saw are ignored (nothing was removed), and so is a document
        already recorded as removed and not crawled again since (a link left in a feed
        answers 404 every day: one removal, not one per run). Released items of a removed
        document stay released: releases are immutable.
        """
        if not gone:
            return []
        with self.transaction() as con:
            rows = con.execute(
                """SELECT d.doc_id, d.canonical_url FROM documents d
                   WHERE d.canonical_url IN (SELECT unnest(?::VARCHAR[]))
                     AND NOT EXISTS (SELECT 1 FROM document_removals r WHERE r.doc_id = d.doc_id
                                     AND r.detected_at >= (SELECT max(v.fetched_at) FROM document_versions v
                                                           WHERE v.doc_id = d.doc_id))
                   ORDER BY d.doc_id""",
                [sorted(gone)],
            ).fetchall()
            now = utcnow()
            if rows:
                con.executemany(
                    "INSERT INTO document_removals VALUES (?, ?, ?, ?) ON CONFLICT (doc_id, run_id) DO NOTHING",
                    [[doc_id, run_id, now, gone[url]] for doc_id, url in rows],
                )
        return [doc_id for doc_id, _ in rows]

    def removals(self, limit: int = 100) -> list[dict[str, Any]]:
        """Recorded removals, newest first, with the document's URL and source."""
        with self.connect() as con:
            return _dicts(con.execute(
                """SELECT r.doc_id, d.canonical_url, d.source, d.lang, r.run_id, r.detected_at, r.reason
                   FROM document_removals r JOIN documents d USING (doc_id)
                   ORDER BY r.detected_at DESC, r.doc_id LIMIT ?""", [limit]))

    def write_versions(self, versions: list[NewVersion], run_id: str, method: str = "dragon") -> int:
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
            # every crawled version is a passage (its id, seq and text), offered to releases once consumed
            con.execute(
                """INSERT INTO passages
                   SELECT v.version_id, v.doc_id, v.seq, 'document_version', ?, d.lang, v.title, v.text,
                          v.content_hash, NULL, NULL, v.run_id, v.fetched_at, NULL
                   FROM document_versions v JOIN documents d USING (doc_id)
                   WHERE v.version_id NOT IN (SELECT passage_id FROM passages)""",
                [method],
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
            _mark_ready(con, version_ids, run_id)

    # ------------------------------------------------------------ passages
    def write_passages(self, passages: list[Passage], run_id: str, *, ready: bool = True) -> int:
        """Store releasable texts (generated documents, chunks...); returns how many are new.

        A passage already stored (same id, i.e. same content) is left as it is; a new
        passage of a document already stored becomes its newest (seq after the last).
        ``ready``: offered to releases at once (else after ``mark_ready``).
        """
        if not passages:
            return 0
        now = utcnow()
        with self.transaction() as con:
            before = _rows_in(con, "passages")
            cols = ["passage_id", "doc_id", "n", "kind", "method", "lang", "title", "text", "content_hash",
                    "parent_id", "lineage"]
            bulk_insert(
                con,
                """INSERT INTO passages
                   SELECT r.passage_id, r.doc_id,
                          coalesce(m.max_seq, 0) + row_number() OVER (PARTITION BY r.doc_id ORDER BY r.n),
                          r.kind, r.method, r.lang, r.title, r.text, r.content_hash, r.parent_id, r.lineage::JSON,
                          ?, ?::TIMESTAMP, ?
                   FROM (SELECT DISTINCT ON (passage_id) * FROM __rows) r
                   LEFT JOIN (SELECT doc_id, max(seq) AS max_seq FROM passages GROUP BY doc_id) m USING (doc_id)
                   WHERE r.passage_id NOT IN (SELECT passage_id FROM passages)""",
                cols,
                [[p.passage_id, p.doc_id, n, p.kind, p.method, p.lang, p.title, p.text, p.content_hash, p.parent_id,
                  json.dumps(p.lineage, sort_keys=True)] for n, p in enumerate(passages)],
                params=[run_id, now, run_id if ready else None],
            )
            return _rows_in(con, "passages") - before

    def mark_ready(self, passage_ids: list[str], run_id: str) -> None:
        """Offer passages to releases (a generator that writes drafts first)."""
        if passage_ids:
            with self.transaction() as con:
                _mark_ready(con, passage_ids, run_id)

    def passages(self, passage_ids: list[str]) -> list[Passage]:
        with self.connect() as con:
            rows = _dicts(con.execute(
                """SELECT passage_id, doc_id, kind, method, lang, title, text, content_hash, parent_id, lineage
                   FROM passages WHERE passage_id IN (SELECT unnest(?::VARCHAR[])) ORDER BY passage_id""",
                [passage_ids]))
        return [Passage(**{**r, "title": r["title"] or "", "lineage": json.loads(r["lineage"]) if r["lineage"] else {}})
                for r in rows]

    def newest_passages(self, doc_ids: list[str]) -> dict[str, Passage]:
        """Each document's newest passage (its current text), pending ones included."""
        ids = self._newest("passage_id", doc_ids)
        by_id = {p.passage_id: p for p in self.passages(sorted(ids.values()))}
        return {d: by_id[pid] for d, pid in sorted(ids.items())}

    def content_hashes(self, doc_ids: list[str]) -> dict[str, str]:
        """Content hash of each document's newest version (an item's source lineage)."""
        return self._newest("content_hash", doc_ids)

    def document_texts(self, doc_ids: list[str]) -> dict[str, str]:
        """Current (newest) text of each document."""
        return self._newest("text", doc_ids)

    def newest_version_ids(self, doc_ids: list[str]) -> dict[str, str]:
        """Each document's newest passage id (for a crawled document: its newest version_id)."""
        return self._newest("passage_id", doc_ids)

    def _newest(self, column: str, doc_ids: list[str]) -> dict[str, Any]:
        """``column`` of each document's newest passage (pending ones included)."""
        if not doc_ids:
            return {}
        with self.connect() as con:
            rows = con.execute(
                f"""SELECT doc_id, {column} FROM passages WHERE doc_id IN (SELECT unnest(?::VARCHAR[]))
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
                    "subject_label", "object_label", "engine", "run_id", "modality"]
            bulk_insert(
                con,
                f"INSERT INTO triplets ({', '.join(cols)}) SELECT DISTINCT ON (triplet_id) * FROM __rows ON CONFLICT DO NOTHING",
                cols,
                [[t.triplet_id, t.doc_id, t.version_id, t.lang, t.sentence, t.subject, t.relation, t.object,
                  t.subject_label, t.object_label, t.engine, run_id, t.modality] for t in triplets],
            )

    def triplets_for_versions(self, version_ids: list[str]) -> list[Triplet]:
        if not version_ids:
            return []
        with self.connect() as con:
            cur = con.execute(
                """SELECT triplet_id, doc_id, version_id, lang, sentence, subject, relation, object,
                          subject_label, object_label, engine, modality
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
                 "triplet_ids", "first_run", "modality", "head_type", "tail_type"],
                [[e.edge_id, e.head, e.relation, e.tail, e.head_label, e.tail_label, e.lang, e.doc_ids,
                  e.sentences, e.triplet_ids, e.first_run or run_id, e.modality, e.head_type, e.tail_type]
                 for e in edges],
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


def _mark_ready(con: duckdb.DuckDBPyConnection, passage_ids: list[str], run_id: str) -> None:
    con.execute("""UPDATE passages SET ready_by = ?
                   WHERE ready_by IS NULL AND passage_id IN (SELECT unnest(?::VARCHAR[]))""", [run_id, passage_ids])


class _NoSnapshotYet(Exception):
    def __init__(self, holder: dict[str, Any]):
        super().__init__("no snapshot yet")
        self.holder = holder


def _unreadable(path: Path, exc: Exception) -> StoreError:
    detail = " ".join(str(exc).split())[:200]
    return StoreError(f"store {path} is not a readable DuckDB file ({detail})")


def _check_not_truncated(con: duckdb.DuckDBPyConnection, target: Path, store_path: Path) -> None:
    """A file shorter than its header's block count is truncated (DuckDB itself only notices
    when a missing block is read, so a reader could otherwise show part of the store)."""
    if Path(str(target) + ".wal").exists():
        return  # a killed writer's WAL may add blocks in memory: the size says nothing then
    block_size, total_blocks, free_blocks = first_row(
        con.execute("SELECT block_size, total_blocks, free_blocks FROM pragma_database_size()"))
    # three 4 KiB headers, then the blocks in use. Free blocks do not count: DuckDB cuts
    # trailing free blocks off the file on close while still counting them in total_blocks,
    # so a healthy store can be shorter than header + total_blocks (seen after a writer
    # deleted rows). A cut that removes only free blocks loses nothing.
    expected = 3 * 4096 + (total_blocks - free_blocks) * block_size
    size = os.path.getsize(target)
    if size < expected:
        raise StoreError(f"store {store_path} is not a readable DuckDB file (truncated: {size} bytes, "
                         f"its header describes {expected})")


def _live_writer(db_path: Path) -> dict[str, Any] | None:
    """The lock file's holder if a live writer holds it (probed with a shared, non-blocking flock)."""
    try:
        fd = os.open(_lock_path(db_path), os.O_RDONLY)
    except FileNotFoundError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _read_lock_holder(fd)
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


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
