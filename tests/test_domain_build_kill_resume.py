"""`benchmill build-domain` killed mid-run (SIGKILL at a failpoint, no cleanup) and started
again: the release is byte-identical to an uninterrupted build's and nothing is duplicated
(issue 8; tests/test_kill_resume.py is the daily flow's version).

Two kills in a row on one store: after the items are written (no filter verdicts, no
release yet), then right after the release row commits (its files not yet exported). The
third start finishes the build; its release files equal those of an uninterrupted build in
another home, the manifest up to its creation time.
"""
from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from benchmill.store import Store
from tests.test_domain_build import SEEDS, _env, _summary

ROOT = Path(__file__).resolve().parents[1]
ARGS = ["build-domain", str(SEEDS / "finance"), "--docs", "6", "--engine", "rules", "--json"]


@pytest.fixture(scope="module")
def api_url(prefect_harness) -> str:
    from prefect.settings import PREFECT_API_URL

    return PREFECT_API_URL.value()


def _run(home: Path, api: str, fault: str | None = None) -> subprocess.CompletedProcess:
    env = _env(home, api)
    if fault:
        env["BENCHMILL_FAULT_AT"] = fault
    return subprocess.run([sys.executable, "-m", "benchmill", *ARGS], cwd=home, env=env, capture_output=True,
                          text=True, timeout=400)


def _release_files(home: Path) -> dict[str, bytes]:
    root = home / "data" / "releases"
    files = {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}
    manifest = next(k for k in files if k.endswith("/manifest.json"))
    data = json.loads(files[manifest])
    data.pop("created")
    files[manifest] = json.dumps(data, sort_keys=True).encode()
    return files


def test_killed_domain_build_resumes_to_the_same_release(tmp_path: Path, api_url: str):
    clean, victim = tmp_path / "clean", tmp_path / "victim"
    clean.mkdir()
    victim.mkdir()
    reference = _summary(_run(clean, api_url))
    assert reference["releases"] == {"finance-en": "1.0.0"}

    store_path = victim / "data" / "benchmill.duckdb"
    killed = _run(victim, api_url, fault="items")
    assert killed.returncode == -signal.SIGKILL, f"not killed at the failpoint (exit {killed.returncode}): {killed.stderr[-2000:]}"
    with Store.reader(store_path) as st:
        counts = st.counts()
        assert counts["items"] == reference["items"] and counts["verdicts"] == 0 and counts["releases"] == 0
        assert [r["status"] for r in st.runs()] == ["running"]

    killed = _run(victim, api_url, fault="release_committed")
    assert killed.returncode == -signal.SIGKILL, f"not killed at the failpoint (exit {killed.returncode}): {killed.stderr[-2000:]}"
    with Store.reader(store_path) as st:
        assert st.counts()["releases"] == 1
    assert not (victim / "data" / "releases" / "finance-en" / "1.0.0" / "manifest.json").exists()

    final = _summary(_run(victim, api_url))
    assert final["items"] == reference["items"] and final["documents"] == reference["documents"]
    assert _release_files(victim) == _release_files(clean)  # byte-identical, the manifest up to its time
    with Store.reader(store_path) as st:
        assert sorted(r["status"] for r in st.runs()) == ["abandoned", "abandoned", "completed"]
        with st.connect() as con:
            def dup(table: str, key: str) -> int:
                return con.execute(f"SELECT count(*) - count(DISTINCT {key}) FROM {table}").fetchall()[0][0]

            assert dup("items", "item_id") == 0 and dup("passages", "passage_id") == 0
            assert dup("verdicts", "item_id || filter") == 0 and dup("release_items", "item_id") == 0
            assert con.execute("SELECT count(*) FROM releases").fetchall()[0][0] == 1
            released = con.execute("SELECT count(*) FROM release_items").fetchall()[0][0]
    assert json.loads((victim / "data" / "releases" / "finance-en" / "1.0.0" / "manifest.json").read_text())[
        "questions"] == released > 0
    assert not list((victim / "data" / "releases").rglob("*.tmp*"))
