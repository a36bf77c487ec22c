"""Resume across processes (issue 7.9): a run that failed late, started again in a new
process with a different hash seed, gets every earlier stage back Cached.

Stage inputs must be canonical (sorted lists, key-ordered dicts): a ``set`` iterates in
an order that follows PYTHONHASHSEED, and its order is part of Prefect's cache key.
Two real ``benchmill daily`` processes share the store, the result storage and a Prefect
API; the LLM is the scripted fake server (HTTP), whose judge is down for the first run.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench.corpus import make_articles, write_folder
from benchmill.store import Store
from tests.test_daily_flow_llm import ScriptedModel, _task_states

ROOT = Path(__file__).resolve().parent.parent


def test_failed_run_resumes_cached_in_a_process_with_another_hash_seed(prefect_harness, fake_llm, tmp_path):
    from prefect.settings import PREFECT_API_URL

    folder = write_folder(make_articles("en", 4, seed=7), tmp_path / "src")
    model = ScriptedModel()

    def endpoint(body: dict):
        # the judge's first request takes the whole endpoint down (GET /v1/models 503 too):
        # the CLI's start-up check passes, and the run fails at the judge, not one item
        reply = model(body)
        if model.judge_down and model.seen[-1] == "judge":
            fake_llm.models_status = 503
        return reply

    fake_llm.handler(endpoint)
    env = {**os.environ, "PREFECT_API_URL": PREFECT_API_URL.value(), "PREFECT_HOME": str(tmp_path / "prefect"),
           "PREFECT_LOCAL_STORAGE_PATH": str(tmp_path / "results"),
           "BENCHMILL_STORE": str(tmp_path / "s.duckdb"), "BENCHMILL_RELEASES_DIR": str(tmp_path / "rel"),
           "BENCHMILL_WIKIDATA__INDEX": str(tmp_path / "wd.duckdb"),
           "BENCHMILL_LLM__CACHE_PATH": str(tmp_path / "llm_cache.sqlite"),
           "BENCHMILL_ENGINE": "llm", "BENCHMILL_LLM__BASE_URL": fake_llm.base_url,
           "BENCHMILL_LLM__MODEL": "fake-model", "BENCHMILL_LLM__MAX_RETRIES": "1", "BENCHMILL_LLM__TIMEOUT": "5",
           "BENCHMILL_LANGUAGES": '["en"]'}
    cmd = [sys.executable, "-m", "benchmill", "daily", "--json", "--run-date", "2026-11-20", "--source", str(folder)]

    model.judge_down = True
    first = subprocess.run(cmd, cwd=ROOT, env={**env, "PYTHONHASHSEED": "1"}, capture_output=True, text=True,
                           timeout=300)
    assert first.returncode != 0, first.stdout[-2000:]
    assert model.seen.count("judge") > 0 and model.seen.count("triplets") == 4

    model.judge_down, fake_llm.models_status = False, None
    model.seen.clear()
    second = subprocess.run(cmd, cwd=ROOT, env={**env, "PYTHONHASHSEED": "2"}, capture_output=True, text=True,
                            timeout=300)
    assert second.returncode == 0, second.stderr[-3000:]
    summary = json.loads(second.stdout)
    assert set(model.seen) == {"judge"}, model.seen  # nothing asked twice
    states = _task_states(summary["run_id"])
    for stage in ("crawl", "diff", "triplets", "linking", "novelty", "subgraphs", "questions"):
        assert states[stage] == {"Cached"}, (stage, states[stage])
    assert summary["subgraphs"] > 0
    assert {r["status"] for r in Store.reader(tmp_path / "s.duckdb").runs()} == {"failed", "completed"}
