"""One SQLite file shared by threads and processes, with one kept connection per thread.

The on-disk caches (:class:`benchmill.llm.LLMCache`, :class:`benchmill.embeddings.EmbeddingCache`)
stand on :class:`SQLiteLocal`; it owns what they used to write twice:

- **a connection per thread of each process**, opened on the thread's first operation and
  kept: one opened and closed per operation cost ~13 ms per write here, ~1.8 ms of it CPU
  (closing the file's last connection checkpoints the WAL and syncs the database); a kept
  one, ~0.1 ms. A thread's connection closes when the thread ends (it lives in a
  ``threading.local``; a Python 3.11 connection sits in a reference cycle with its statement
  cache, so it is closed by the next cyclic garbage collection after that). A connection inherited across ``fork()`` is never used in the child
  (the process id is checked): the child opens its own.
- **the pragmas**: WAL, set once when the file is opened (the mode is stored in the file),
  so readers proceed while another process writes; ``synchronous=NORMAL`` on every
  connection: no fsync per commit (a crashed process loses nothing; a power cut may lose
  the last rows, which a cache recomputes). With FULL, each LLM cache put cost ~40 ms here
  and, serialised by SQLite's write lock, capped the LLM client at ~25 calls/s
  (bench/bench_llm.py).
- **an opening that retries** while another process creates the file or switches its
  journal mode (SQLite does not call its busy handler for every lock it meets then).
- **pickling**: the path, the timeout and the schema travel; connections never do.
"""
from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

__all__ = ["SQLiteLocal"]

#: connections a forked child inherited from its parent (see ``SQLiteLocal.connection``)
_INHERITED_CONNECTIONS: list[sqlite3.Connection] = []


class SQLiteLocal:
    """``path`` with ``schema`` (SQL run on opening, e.g. ``CREATE TABLE IF NOT EXISTS``).

    Creates the parent folders. Raises ``OSError`` / ``sqlite3.Error`` when the file cannot be
    opened; the caller says which setting names it.
    """

    def __init__(self, path: str | os.PathLike, schema: str, *, busy_timeout: float = 30.0):
        self.path = Path(path)
        self.schema = schema
        self.busy_timeout = busy_timeout
        self._local = threading.local()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._initialise()

    def _initialise(self) -> None:
        """Switch to WAL and run the schema, retrying while another opener holds the lock.

        SQLite does not call its busy handler for every lock it meets while a file is being
        created or its journal mode changed by another process (CI saw "database is locked"
        with two processes and two threads opening a fresh cache at once), so the opening
        itself retries, up to the same bound as a busy wait.
        """
        deadline = time.monotonic() + self.busy_timeout
        pause = 0.01
        while True:
            try:
                with closing(self._connect()) as conn:
                    conn.execute("PRAGMA journal_mode=WAL")
                    conn.executescript(self.schema)
                    conn.commit()
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) and "busy" not in str(exc):
                    raise
                if time.monotonic() >= deadline:
                    raise
                time.sleep(pause)
                pause = min(pause * 2, 0.5)

    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=self.busy_timeout)
        conn.execute("PRAGMA synchronous=NORMAL")  # see the module doc
        return conn

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "_local"}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._local = threading.local()

    def connection(self) -> sqlite3.Connection:
        """This thread's connection (see the module doc), opened on first use in this process."""
        held = getattr(self._local, "conn", None)
        pid = os.getpid()
        if held is not None and held[0] == pid:
            return held[1]
        if held is not None:
            # opened by the parent before a fork: SQLite forbids using it here, and closing
            # it could checkpoint the parent's file from the child; keep it, untouched
            _INHERITED_CONNECTIONS.append(held[1])
        conn = self._connect()
        self._local.conn = (pid, conn)
        return conn

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection, committed after the block, rolled back if it raises.

        The rollback never leaves the kept connection inside a failed transaction (a write
        that timed out on the lock would otherwise block every later one of this thread).
        """
        conn = self.connection()
        try:
            yield conn
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
