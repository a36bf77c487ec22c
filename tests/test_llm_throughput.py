"""What the LLM throughput fixes (bench/bench_llm.py) must keep: the same cache keys, a cache
safe across threads, failed writes and fork(), and one model load however many threads ask."""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from pydantic import BaseModel

from benchmill import nlp
from benchmill.llm import LLMCache, cache_key
from benchmill.prompts import RenderedPrompt


class Answer(BaseModel):
    question: str
    answer: str | list[str]
    confidence: float = 1.0


def _prompt(text: str = "Write one question about Paris.") -> RenderedPrompt:
    return RenderedPrompt(name="quiz", lang="en", sha256="0123456789abcdef", system="You write quiz questions.", text=text)


def test_cache_key_is_unchanged_by_the_memoised_schema():
    # the key as it was computed before the schema was memoised: existing caches stay valid
    payload = {"format": 1, "kind": "json", "model": "m", "prompt_sha256": "0123456789abcdef",
               "system": "You write quiz questions.", "text": "Write one question about Paris.", "temperature": 0.0,
               "schema_name": "Answer", "schema": Answer.model_json_schema()}
    expected = hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()
    for _ in range(2):  # first computed, then memoised
        assert cache_key(kind="json", model="m", prompt=_prompt(), temperature=0.0, schema=Answer) == expected
    assert cache_key(kind="text", model="m", prompt=_prompt(), temperature=0.0) != expected


def test_cache_connection_per_thread_sees_other_threads_writes(tmp_path: Path):
    cache = LLMCache(tmp_path / "c.sqlite")
    cache.put("main", "1", kind="text", model="m", prompt=_prompt())
    seen: list[str | None] = []

    def other() -> None:
        seen.append(cache.get("main"))
        cache.put("thread", "2", kind="text", model="m", prompt=_prompt())

    thread = threading.Thread(target=other)
    thread.start()
    thread.join(timeout=30)
    assert seen == ["1"]
    assert cache.get("thread") == "2" and len(cache) == 2  # the main thread's kept connection sees it
    cache.delete("thread")
    assert cache.get("thread") is None and len(LLMCache(tmp_path / "c.sqlite")) == 1


def test_cache_failed_write_leaves_the_connection_usable(tmp_path: Path):
    cache = LLMCache(tmp_path / "c.sqlite", busy_timeout=0.2)
    cache.put("a", "1", kind="text", model="m", prompt=_prompt())
    blocker = sqlite3.connect(tmp_path / "c.sqlite")
    blocker.execute("BEGIN IMMEDIATE")  # another writer holds the write lock
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        cache.put("b", "2", kind="text", model="m", prompt=_prompt())
    blocker.rollback()
    blocker.close()
    cache.put("b", "2", kind="text", model="m", prompt=_prompt())  # not stuck in the failed transaction
    assert (cache.get("a"), cache.get("b"), len(cache)) == ("1", "2", 2)


def _child_put(cache: LLMCache, queue) -> None:
    try:
        cache.put("child", "3", kind="text", model="m", prompt=_prompt())
        queue.put(cache.get("parent"))
        code = 0
    except BaseException as exc:  # reported to the parent
        queue.put(repr(exc))
        code = 1
    # leave without the finalizers a fork inherits from whatever else the test process ran
    # (in the full suite one of them failed in the child and turned a clean exit into 1)
    queue.close()
    queue.join_thread()
    os._exit(code)


def test_cache_used_across_fork_opens_its_own_connection(tmp_path: Path):
    cache = LLMCache(tmp_path / "c.sqlite")
    cache.put("parent", "1", kind="text", model="m", prompt=_prompt())  # the parent's connection is open now
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_child_put, args=(cache, queue))
    child.start()
    assert queue.get(timeout=60) == "1"
    child.join(timeout=60)
    assert child.exitcode == 0
    assert cache.get("child") == "3"
    cache.put("parent2", "4", kind="text", model="m", prompt=_prompt())  # the parent's connection still works
    assert len(cache) == 3


def test_load_once_loads_once_for_concurrent_callers():
    calls: list[int] = []

    def slow_loader():
        calls.append(1)
        time.sleep(0.2)  # a model load: every thread arrives before it ends
        return object()

    load = nlp.load_once(slow_loader)
    results: list[object] = []
    threads = [threading.Thread(target=lambda: results.append(load())) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(calls) == 1 and len(results) == 8 and len({id(r) for r in results}) == 1
    load.cache_clear()
    assert load() is not results[0] and len(calls) == 2


def test_cache_stays_picklable(tmp_path: Path):
    import pickle

    cache = LLMCache(tmp_path / "c.sqlite")
    cache.put("a", "1", kind="text", model="m", prompt=_prompt())
    copy = pickle.loads(pickle.dumps(cache))
    assert copy.path == cache.path and copy.get("a") == "1"


def test_cache_reads_a_file_written_before_the_shared_helper(tmp_path: Path):
    # the table as LLMCache created it before benchmill.sqlite_local, in a file left in the
    # default (rollback journal) mode: it reads, takes writes, and is switched to WAL
    path = tmp_path / "c.sqlite"
    old = sqlite3.connect(path)
    old.execute("CREATE TABLE llm_cache (key TEXT PRIMARY KEY, kind TEXT NOT NULL, model TEXT NOT NULL,"
                " prompt_name TEXT NOT NULL, prompt_hash TEXT NOT NULL, raw TEXT NOT NULL, created REAL NOT NULL)")
    with old:
        old.execute("INSERT INTO llm_cache VALUES ('k', 'text', 'm', 'en/quiz', '0123', 'old reply', 1.0)")
    old.close()
    cache = LLMCache(path)
    assert cache.get("k") == "old reply" and len(cache) == 1
    cache.put("k2", "new", kind="text", model="m", prompt=_prompt())
    assert len(LLMCache(path)) == 2
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
