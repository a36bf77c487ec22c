"""benchmill.embeddings.EmbeddingCache on a real SQLite file: what it shares with the LLM cache
through benchmill.sqlite_local (fork safety, pickling, a retrying opening) and the file it
has always written. No model is loaded: the vectors are made up."""
from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import sqlite3
import threading
import time
from pathlib import Path

import numpy as np

import pytest

from benchmill.embeddings import EmbeddingCache


def _vector(seed: int) -> np.ndarray:
    return np.random.default_rng(seed).random(384, dtype=np.float32)


def _key(text: str) -> bytes:
    return EmbeddingCache.key("model", "passage", text)


def _assert_reads(cache: EmbeddingCache, seeds: dict[str, int]) -> None:
    found = cache.get([_key(t) for t in seeds])
    assert set(found) == {_key(t) for t in seeds}
    for text, seed in seeds.items():
        np.testing.assert_array_equal(found[_key(text)], _vector(seed))


def _exit_reporting(queue, report: object, code: int) -> None:
    queue.put(report)
    # leave without the finalizers a fork inherits from whatever else the test process ran
    # (see tests/test_llm_throughput.py: one of them once turned a clean exit into 1)
    queue.close()
    queue.join_thread()
    os._exit(code)


def _child_reads_and_writes(cache: EmbeddingCache, inherited: sqlite3.Connection, queue) -> None:
    try:
        own = cache._db.connection()
        cache.put({_key("child"): _vector(2)})
        _assert_reads(cache, {"parent": 1, "child": 2})
        _exit_reporting(queue, own is not inherited, 0)
    except BaseException as exc:  # reported to the parent
        _exit_reporting(queue, repr(exc), 1)


def test_used_from_a_forked_child_it_opens_its_own_connection(tmp_path: Path):
    cache = EmbeddingCache(str(tmp_path / "vectors.sqlite"))
    cache.put({_key("parent"): _vector(1)})  # the parent's connection is open now
    inherited = cache._db.connection()
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child_reads_and_writes, args=(cache, inherited, queue))
    child.start()
    assert queue.get(timeout=60) is True  # read and wrote on a connection of its own
    child.join(timeout=60)
    assert child.exitcode == 0
    assert cache._db.connection() is inherited  # the parent keeps its connection, and it works
    _assert_reads(cache, {"parent": 1, "child": 2})
    cache.put({_key("parent2"): _vector(3)})
    _assert_reads(EmbeddingCache(str(tmp_path / "vectors.sqlite")), {"parent": 1, "child": 2, "parent2": 3})


def test_pickles_with_an_open_connection_and_the_copy_reads_and_writes(tmp_path: Path):
    path = str(tmp_path / "vectors.sqlite")
    cache = EmbeddingCache(path)
    cache.put({_key("a"): _vector(1)})  # this thread's connection is open
    copy = pickle.loads(pickle.dumps(cache))
    assert copy.path == path
    _assert_reads(copy, {"a": 1})
    copy.put({_key("b"): _vector(2)})
    _assert_reads(cache, {"a": 1, "b": 2})


def _open_fresh_file_at_once(path: str, barrier, queue) -> None:
    try:
        barrier.wait(timeout=60)
        cache = EmbeddingCache(path)
        cache.put({_key(f"pid{os.getpid()}"): _vector(os.getpid())})
        _exit_reporting(queue, "ok", 0)
    except BaseException as exc:
        _exit_reporting(queue, repr(exc), 1)


def test_processes_opening_a_fresh_file_at_once_do_not_fail_on_the_lock(tmp_path: Path):
    # each round a new file, created by four processes released together: the creation and
    # the switch to WAL race, which made "database is locked" before the opening retried
    context = multiprocessing.get_context("fork")
    for round_ in range(4):
        path = str(tmp_path / f"round{round_}" / "vectors.sqlite")  # the folder is created too
        barrier, queue = context.Barrier(4), context.Queue()
        children = [context.Process(target=_open_fresh_file_at_once, args=(path, barrier, queue)) for _ in range(4)]
        for child in children:
            child.start()
        reports = [queue.get(timeout=60) for _ in children]
        for child in children:
            child.join(timeout=60)
        assert reports == ["ok"] * 4 and [c.exitcode for c in children] == [0] * 4
        _assert_reads(EmbeddingCache(path), {f"pid{c.pid}": c.pid for c in children})


def test_threads_share_the_file_each_on_its_own_connection(tmp_path: Path):
    cache = EmbeddingCache(str(tmp_path / "vectors.sqlite"))
    cache.put({_key("main"): _vector(0)})
    errors: list[BaseException] = []
    connections: list[sqlite3.Connection] = []

    def work(i: int) -> None:
        try:
            connections.append(cache._db.connection())
            _assert_reads(cache, {"main": 0})
            cache.put({_key(f"t{i}"): _vector(i + 1)})
        except BaseException as exc:  # reported below: a thread's exception would be lost
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == [] and len({id(c) for c in connections}) == 3
    _assert_reads(cache, {"main": 0, "t0": 1, "t1": 2, "t2": 3})


def test_reads_a_file_written_before_the_shared_helper(tmp_path: Path):
    # the file as EmbeddingCache wrote it before benchmill.sqlite_local: same table, same keys
    path = tmp_path / "vectors.sqlite"
    old = sqlite3.connect(path)
    old.execute("PRAGMA journal_mode=WAL")
    old.execute("CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB NOT NULL)")
    with old:
        old.execute("INSERT INTO vectors VALUES (?, ?)",
                    (EmbeddingCache.key("model", "passage", "old"), _vector(7).tobytes()))
    old.close()
    cache = EmbeddingCache(str(path))
    _assert_reads(cache, {"old": 7})
    cache.put({_key("old"): _vector(8), _key("new"): _vector(9)})  # INSERT OR IGNORE: a known key keeps its vector
    _assert_reads(cache, {"old": 7, "new": 9})
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_threads_connection_closes_when_the_thread_ends(tmp_path: Path):
    # seen on the file: the last connection to close checkpoints the WAL and removes it
    path = tmp_path / "vectors.sqlite"
    cache = EmbeddingCache(str(path))
    wal_while_open: list[bool] = []

    def work() -> None:
        cache.put({_key("t"): _vector(1)})
        wal_while_open.append(Path(f"{path}-wal").exists())

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(timeout=30)
    assert wal_while_open == [True]
    # the thread's local values are dropped as it ends; a Python 3.11 sqlite3 connection sits
    # in a reference cycle with its statement cache, so the cyclic collector frees (closes) it
    deadline = time.monotonic() + 10
    while Path(f"{path}-wal").exists() and time.monotonic() < deadline:
        gc.collect()
        time.sleep(0.01)
    assert not Path(f"{path}-wal").exists()
    _assert_reads(cache, {"t": 1})


def test_an_unusable_cache_path_is_one_line_naming_the_setting(tmp_path):
    from benchmill.settings import SettingsError

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SettingsError) as err:
        EmbeddingCache(str(blocker / "cache.sqlite"))
    assert "embedding.cache_path" in str(err.value) and "\n" not in str(err.value)
