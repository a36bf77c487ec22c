"""`benchmill server` + `benchmill serve`: the flows appear as deployments, daily news on its cron."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start(args: list[str], env: dict[str, str], log: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "benchmill", *args], cwd=ROOT, env=env, stdout=log.open("w"),
                            stderr=subprocess.STDOUT, start_new_session=True)


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


@pytest.mark.slow
def test_server_and_serve_show_every_deployment(tmp_path):
    port = _free_port()
    api = f"http://127.0.0.1:{port}/api"
    env = {**os.environ, "PREFECT_HOME": str(tmp_path / "prefect-home"), "BENCHMILL_PREFECT__SERVER_PORT": str(port),
           "BENCHMILL_SCHEDULE": "15 4 * * *", "BENCHMILL_STORE": str(tmp_path / "s.duckdb")}
    env.pop("PREFECT_API_URL", None)
    server = _start(["server"], env, tmp_path / "server.log")
    served = None
    try:
        _healthy(api, server, tmp_path / "server.log")
        served = _start(["serve"], {**env, "PREFECT_API_URL": api}, tmp_path / "serve.log")
        names: dict[str, dict] = {}
        wanted = {"daily-news/daily", "daily-news/on-demand", "domain-build/domain-build", "kyr-statements/statements",
                  "auto-evaluate/auto-evaluate", "kyr-train-generator/train-generator"}

        def complete() -> bool:  # serve registers deployments one by one: wait for all of them, not a count
            return wanted <= set(names) and any(n.startswith(("evaluate-release/", "score-submission/")) for n in names)

        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not complete():
            assert served.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            rows = httpx.post(f"{api}/deployments/filter", json={}, timeout=5).json()
            flows = {f["id"]: f["name"] for f in httpx.post(f"{api}/flows/filter", json={}, timeout=5).json()}
            names = {f"{flows[d['flow_id']]}/{d['name']}": d for d in rows}
            time.sleep(1)
        assert complete(), names.keys()
        crons = [s["schedule"]["cron"] for s in names["daily-news/daily"]["schedules"]]
        assert crons == ["15 4 * * *"]
        assert names["daily-news/on-demand"]["schedules"] == []
        # the UI is served by the same process, and calls this server's API, not the default port's
        assert "<html" in httpx.get(f"http://127.0.0.1:{port}/", timeout=5).text.lower()
        assert httpx.get(f"http://127.0.0.1:{port}/ui-settings", timeout=5).json()["api_url"] == api
    finally:
        if served is not None:
            _stop(served)
        _stop(server)


def _healthy(api: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{api}/health", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert server.poll() is None, log.read_text()[-3000:]
        time.sleep(1)
    pytest.fail("prefect server did not become healthy: " + log.read_text()[-3000:])


@pytest.mark.slow
def test_overlapping_runs_of_a_deployment_wait_for_each_other(tmp_path):
    """Issue 7.11: a second run of a deployment while one runs waits (AwaitingConcurrencySlot), then completes."""
    from bench.corpus import make_articles, write_folder

    folder = write_folder(make_articles("en", 3, seed=5), tmp_path / "src")
    port = _free_port()
    api = f"http://127.0.0.1:{port}/api"
    env = {**os.environ, "PREFECT_HOME": str(tmp_path / "prefect-home"), "BENCHMILL_PREFECT__SERVER_PORT": str(port),
           "BENCHMILL_STORE": str(tmp_path / "s.duckdb"), "BENCHMILL_RELEASES_DIR": str(tmp_path / "rel"),
           "BENCHMILL_WIKIDATA__INDEX": str(tmp_path / "wd.duckdb"), "BENCHMILL_ENGINE": "rules",
           "BENCHMILL_LANGUAGES": '["en"]', "PREFECT_LOCAL_STORAGE_PATH": str(tmp_path / "results")}
    env.pop("PREFECT_API_URL", None)
    server = _start(["server"], env, tmp_path / "server.log")
    served = None
    try:
        _healthy(api, server, tmp_path / "server.log")
        served = _start(["serve"], {**env, "PREFECT_API_URL": api}, tmp_path / "serve.log")
        deployment = None
        deadline = time.monotonic() + 120
        while deployment is None and time.monotonic() < deadline:
            assert served.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            flows = {f["id"]: f["name"] for f in httpx.post(f"{api}/flows/filter", json={}, timeout=5).json()}
            deployment = next((d for d in httpx.post(f"{api}/deployments/filter", json={}, timeout=5).json()
                               if flows.get(d["flow_id"]) == "daily-news" and d["name"] == "on-demand"), None)
            time.sleep(1)
        assert deployment is not None, (tmp_path / "serve.log").read_text()[-3000:]
        # Prefect 3 keeps a deployment's limit as a global concurrency limit of its own
        assert (deployment["global_concurrency_limit"] or {}).get("limit") == 1, deployment
        assert deployment["concurrency_options"]["collision_strategy"] == "ENQUEUE"

        sources = [{"name": "bench-en", "kind": "folder", "location": str(folder), "lang": "en"}]
        run_ids = []
        for _ in range(2):
            # serve is still registering its other deployments: the server's SQLite database can be
            # busy for a moment, which Prefect answers with 503; a client retries that
            busy_until = time.monotonic() + 60
            while True:
                response = httpx.post(f"{api}/deployments/{deployment['id']}/create_flow_run",
                                      json={"parameters": {"sources": sources}}, timeout=10)
                if response.status_code != 503 or time.monotonic() > busy_until:
                    break
                time.sleep(1)
            assert response.status_code == 201, response.text
            run_ids.append(response.json()["id"])
        seen: dict[str, set[str]] = {r: set() for r in run_ids}
        runs: dict[str, dict] = {}
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            runs = {r: httpx.get(f"{api}/flow_runs/{r}", timeout=5).json() for r in run_ids}
            for r, run in runs.items():
                seen[r].add(run["state"]["name"])
            if all(run["state"]["type"] in ("COMPLETED", "FAILED", "CRASHED", "CANCELLED") for run in runs.values()):
                break
            time.sleep(0.5)
        for r in run_ids:  # every state each run went through, not only the ones polled
            seen[r] |= {s["name"] for s in httpx.get(f"{api}/flow_run_states/", params={"flow_run_id": r},
                                                       timeout=5).json()}
        assert [run["state"]["type"] for run in runs.values()] == ["COMPLETED", "COMPLETED"], \
            (seen, (tmp_path / "serve.log").read_text()[-3000:])
        assert any("AwaitingConcurrencySlot" in names for names in seen.values()), seen
        first, second = sorted(runs.values(), key=lambda run: run["start_time"])
        assert second["start_time"] >= first["end_time"]  # never both at once
    finally:
        if served is not None:
            _stop(served)
        _stop(server)
