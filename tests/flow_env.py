"""Point a daily-news flow run at temporary state (store, releases, index, LLM cache)."""
from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def flow_state(tmp: Path, **extra: str) -> Iterator[Path]:
    env = {
        "BENCHMILL_STORE": str(tmp / "benchmill.duckdb"),
        "BENCHMILL_RELEASES_DIR": str(tmp / "releases"),
        "BENCHMILL_WIKIDATA__INDEX": str(tmp / "wikidata-index.duckdb"),
        "BENCHMILL_LLM__CACHE_PATH": str(tmp / "llm_cache.sqlite"),
        **extra,
    }
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        yield tmp
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
