"""A run killed mid-way (SIGKILL, no cleanup) and started again resumes without duplicates."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from bench.corpus import make_articles, write_folder
from benchmill.store import Store

ROOT = Path(__file__).resolve().parent.parent


def test_killed_run_is_finished_by_the_next_one(tmp_path):
    folder = write_folder(make_articles("en", 30, seed=13), tmp_path / "src")
    store_path = tmp_path / "s.duckdb"
    env = {**os.environ, "BENCHMILL_STORE": str(store_path), "BENCHMILL_RELEASES_DIR": str(tmp_path / "rel"),
           "BENCHMILL_WIKIDATA__INDEX": str(tmp_path / "wd.duckdb"), "BENCHMILL_ENGINE": "rules",
           "BENCHMILL_LANGUAGES": '["en"]', "PREFECT_HOME": str(tmp_path / "prefect"),
           "PREFECT_LOCAL_STORAGE_PATH": str(tmp_path / "results"),
           # the ephemeral Prefect server's 20 s default start timeout fails on a loaded machine
           "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120"}
    cmd = [sys.executable, "-m", "benchmill", "daily", "--json", "--source", str(folder)]
    # killed mid-way by a failpoint (benchmill/faults.py), not by timing: right after the
    # triplets stage, with the store holding some of the run's writes and no release yet
    victim = subprocess.run(cmd, cwd=ROOT, env={**env, "BENCHMILL_FAULT_AT": "triplets[en]"},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
    assert victim.returncode == -signal.SIGKILL, f"the run was not killed at the failpoint (exit {victim.returncode})"
    after_kill = Store.reader(store_path).counts()
    assert after_kill["document_versions"] == 30 and after_kill["releases"] == 0
    assert [r["status"] for r in Store.reader(store_path).runs()] == ["running"]

    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    summary = json.loads(proc.stdout)
    # the first release of the collection also carves its static sandbox ([sandbox] on_first_run)
    assert summary["releases"] == {"news-en-sandbox": "1.0.0", "news-en": "1.0.0"} and summary["increment"] == 30

    store = Store.reader(store_path)
    runs = {r["status"] for r in store.runs()}
    assert runs == {"abandoned", "completed"}
    with store.connect() as con:
        def dup(table: str, key: str) -> int:
            return con.execute(f"SELECT count(*) - count(DISTINCT {key}) FROM {table}").fetchall()[0][0]

        assert con.execute("SELECT count(*) FROM documents").fetchall()[0][0] == 30
        assert con.execute("SELECT count(*) FROM document_versions").fetchall()[0][0] == 30
        assert dup("triplets", "triplet_id") == 0 and dup("items", "item_id") == 0 and dup("edges", "edge_id") == 0
        assert con.execute("SELECT count(*) FROM document_versions WHERE consumed_by IS NULL").fetchall()[0][0] == 0
        assert con.execute("SELECT count(*) FROM releases").fetchall()[0][0] == 2  # news-en and its sandbox
        released = con.execute("SELECT count(*) FROM release_items WHERE collection = 'news-en'").fetchall()[0][0]
    manifest = json.loads((tmp_path / "rel" / "news-en" / "1.0.0" / "manifest.json").read_text())
    assert manifest["questions"] == released > 0
    lines = (tmp_path / "rel" / "news-en" / "1.0.0" / "private" / "qa.jsonl").read_text().splitlines()
    assert len(lines) == released
    assert not list((tmp_path / "rel" / "news-en").glob(".*tmp*"))
