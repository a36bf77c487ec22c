"""The portal's commands as a user runs them: `benchmill portal` serving on 127.0.0.1,
`portal-admin create-team` / `admin-token`, `submit` and `leaderboard` against it; bad
input is one line on stderr, exit 2."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.portal_env import free_port, gold_submission, make_home, write_baseline

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "benchmill", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **env}, timeout=timeout)


def one_error_line(proc: subprocess.CompletedProcess, *needles: str) -> None:
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("benchmill: "), proc.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """`benchmill portal` in a subprocess on a free port, over a home with two releases and a baseline."""
    home = make_home(tmp_path_factory.mktemp("portal-cli") / "home")
    write_baseline(home, "news-en", "1.1.0", "bm25")
    env = {"BENCHMILL_HOME": str(home), "BENCHMILL_RELEASES_DIR": str(home / "releases"),
           "BENCHMILL_REPORTS_DIR": str(home / "reports")}
    made = run_cli("portal-admin", "create-team", "alpha", env=env)
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip()
    assert len(token) >= 40 and (home / "data" / "portal.sqlite").exists()
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "benchmill", "portal", "--host", "127.0.0.1", "--port", str(port)],
                            cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"benchmill portal did not start: {proc.communicate()[1][-2000:]}")
        time.sleep(0.2)
    yield url, token, env, home
    proc.terminate()
    proc.wait(20)


def test_admin_commands(served):
    _, token, env, home = served
    again = run_cli("portal-admin", "create-team", "alpha", env=env)
    one_error_line(again, "team 'alpha' exists already")
    admin = run_cli("portal-admin", "admin-token", env=env)
    assert admin.returncode == 0 and len(admin.stdout.strip()) >= 40
    sqlite = (home / "data" / "portal.sqlite").read_bytes()
    assert token.encode() not in sqlite and admin.stdout.strip().encode() not in sqlite  # only hashes are stored
    imported = run_cli("portal-admin", "import-baselines", "--json", env=env)
    assert imported.returncode == 0 and json.loads(imported.stdout)["unchanged"] + json.loads(imported.stdout)["imported"] == 1


def test_submit_and_leaderboard_from_the_command_line(served, tmp_path):
    url, token, env, _ = served
    results = tmp_path / "results.json"
    results.write_text(json.dumps(gold_submission()), encoding="utf-8")
    sent = run_cli("submit", "news-en@1.0.0", str(results), "--portal", url, "--token", token, env=env)
    assert sent.returncode == 0, sent.stderr
    assert "news-en@1.0.0 scored (benchmill, k=5, 5 questions); status private" in sent.stdout
    assert "rouge_l" in sent.stdout and "1.0000" in sent.stdout
    as_json = run_cli("submit", "news-en@1.0.0", str(results), "--portal", url, "--json", env={**env, "BENCHMILL_PORTAL_TOKEN": token})
    assert as_json.returncode == 0 and json.loads(as_json.stdout)["overall"]["hit_rate@5"] == 1.0

    board = run_cli("leaderboard", "news-en", "--portal", url, env=env)
    assert board.returncode == 0, board.stderr
    assert "version 1.1.0" in board.stdout and "bm25 (baseline)" in board.stdout
    local = run_cli("leaderboard", "news-en", "--actual", "--json", env=env)  # this home's database, no server
    assert local.returncode == 0, local.stderr
    assert [r["system"] for r in json.loads(local.stdout)["rows"]] == ["bm25"]


def test_bad_input_is_one_line_exit_2(served, tmp_path):
    url, token, env, _ = served
    results = tmp_path / "results.json"
    results.write_text('{"101": {"found_ids": ["1"]}}', encoding="utf-8")
    one_error_line(run_cli("submit", "news-en@1.0.0", str(results), "--portal", url, "--token", token, env=env),
                   "results.json", "question '101': found_ids.0")
    one_error_line(run_cli("submit", "news-en@1.0.0", str(results), "--portal", url, "--token", "wrong", env=env),
                   "a valid team token is required")
    one_error_line(run_cli("submit", "news-en@1.0", str(results), "--portal", url, "--token", token, env=env),
                   "bad version in 'news-en@1.0'")
    one_error_line(run_cli("submit", "news-en@1.0.0", str(tmp_path / "nope.json"), "--portal", url, "--token", token,
                           env=env), "nope.json: submission file does not exist")
    one_error_line(run_cli("submit", "news-en@1.0.0", str(results), "--portal", f"http://127.0.0.1:{free_port()}",
                           "--token", token, env=env), "portal http://127.0.0.1:")
    one_error_line(run_cli("leaderboard", "nothing", "--portal", url, env=env), "no collection 'nothing'")
