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

This module holds the connection, locking, snapshot, transaction and migration core;
the tables' reads and writes live in one module per concern, mixed into ``Store``:
``store_runs`` (runs, failures), ``store_documents`` (sources, document versions,
passages), ``store_graph`` (triplets, links, edges), ``store_items`` (items, verdicts), ``store_models``
(trained generators);
``store_sql`` has the shared SQL helpers. Import everything from here.
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

from benchmill.store_documents import DocumentsMixin
from benchmill.store_graph import GraphMixin
from benchmill.store_items import ItemsMixin
from benchmill.store_models import ModelsMixin
from benchmill.store_runs import RunsMixin
from benchmill.store_schema import LATEST_VERSION, MIGRATIONS
# the SQL helpers moved to store_sql; importable from here as before
from benchmill.store_sql import _dicts, _item, _rows_in, bulk_insert, first_row, utcnow  # noqa: F401


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


def _lock_path(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".lock")


class Store(RunsMixin, DocumentsMixin, GraphMixin, ItemsMixin, ModelsMixin):
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

    def counts(self) -> dict[str, int]:
        tables = ["documents", "document_versions", "triplets", "entities", "edges", "items", "verdicts",
                  "releases", "release_items", "runs"]
        with self.connect() as con:
            return {t: _rows_in(con, t) for t in tables}


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
