"""Load: 50 concurrent submissions over HTTP while a real `benchmill daily` run writes the store and
publishes a release into the same releases folder. None is lost, none scored twice, the run is
unaffected, and the portal serves (and scores) the release the run published."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlalchemy import func, select

from bench.corpus import make_articles, write_folder
from portal.app import create_app
from portal.db import AuditEntry, Result
from portal.service import Portal
from tests.fixtures.eval.release_builder import write_release
from tests.portal_env import gold_submission, portal_settings, serve

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parent.parent


def test_fifty_concurrent_submissions_while_a_daily_run_writes(tmp_path):
    home = tmp_path / "home"
    write_release(home / "releases", "sandbox-en", "1.0.0")  # what the teams answer
    portal = Portal(portal_settings(home, f"sqlite:///{tmp_path / 'portal.sqlite'}", submissions_per_day=5))
    tokens = [portal.create_team(f"team-{i}") for i in range(10)]
    store = tmp_path / "s.duckdb"
    env = {**os.environ, "BENCHMILL_STORE": str(store), "BENCHMILL_RELEASES_DIR": str(home / "releases"),
           "BENCHMILL_WIKIDATA__INDEX": str(tmp_path / "wd.duckdb"), "BENCHMILL_ENGINE": "rules",
           "BENCHMILL_LANGUAGES": '["en"]', "PREFECT_HOME": str(tmp_path / "prefect"),
           "PREFECT_LOCAL_STORAGE_PATH": str(tmp_path / "results"),
           "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "90"}
    folder = write_folder(make_articles("en", 20, seed=5), tmp_path / "src")
    body = json.dumps(gold_submission())
    with serve(create_app(portal)) as url:
        out_f, err_f = open(tmp_path / "daily.out", "w+"), open(tmp_path / "daily.err", "w+")
        daily = subprocess.Popen([sys.executable, "-m", "benchmill", "daily", "--json", "--source", str(folder)],
                                 cwd=ROOT, env=env, stdout=out_f, stderr=err_f, text=True)
        deadline = time.monotonic() + 180
        while not Path(f"{store}.snapshot").exists():  # the writer is live once its snapshot is there
            assert daily.poll() is None, (tmp_path / "daily.err").read_text()[-2000:]
            assert time.monotonic() < deadline, "the daily run never opened its store"
            time.sleep(0.1)

        def one(i: int) -> httpx.Response:
            return httpx.post(f"{url}/api/submissions/sandbox-en/1.0.0", content=body, timeout=120,
                              headers={"Authorization": f"Bearer {tokens[i % 10]}"})

        started = time.monotonic()
        with ThreadPoolExecutor(50) as pool:
            responses = list(pool.map(one, range(50)))
        took = time.monotonic() - started
        run_was_live = daily.poll() is None
        over = one(0)  # the 6th of team-0 in 24 hours
        daily.wait(600)
        assert daily.returncode == 0, (tmp_path / "daily.err").read_text()[-3000:]
        summary = json.loads((tmp_path / "daily.out").read_text())
        assert run_was_live, f"the run ended before the 50 submissions did ({took:.1f} s): the test proves nothing"

        assert [r.status_code for r in responses] == [200] * 50, [r.text for r in responses if r.status_code != 200][:3]
        ids = [r.json()["id"] for r in responses]
        assert len(set(ids)) == 50 and all(r.json()["overall"]["rouge_l"] == 1.0 for r in responses)
        assert over.status_code == 429
        with portal.Session() as s:
            assert s.scalar(select(func.count(Result.id)).where(Result.kind == "submission")) == 50
            submits = s.scalars(select(AuditEntry.result_id).where(AuditEntry.action == "submit")).all()
        assert sorted(submits) == sorted(ids)  # each scored and stored once

        # the release the run published is listed and scorable at once, no store connection involved
        listed = {(r["collection"], r["version"]) for r in httpx.get(f"{url}/api/releases").json()}
        assert ("news-en", "1.0.0") in listed, (listed, summary)
        fresh = httpx.post(f"{url}/api/submissions/news-en/1.0.0", content="{}",
                           headers={"Authorization": f"Bearer {tokens[1]}"})
        assert fresh.status_code == 200 and fresh.json()["questions"] >= 1
    portal.close()
    print(f"50 concurrent submissions: {took:.2f} s while the daily run was live")
