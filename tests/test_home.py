"""Where benchmill writes: the project home, never the package; the temporary Prefect
server dies with the run. Each test runs the real CLI in a subprocess from a folder
outside the repository."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: variables the test session sets (conftest) that would hide the defaults under test
_SESSION_VARS = ("PREFECT_HOME", "PREFECT_LOCAL_STORAGE_PATH", "PREFECT_SERVER_ANALYTICS_ENABLED",
                 "BENCHMILL_EMBEDDING__CACHE_PATH", "PREFECT_API_URL")


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BENCHMILL_") and k not in _SESSION_VARS}
    # the checkout under test, whatever the working directory (the venv may hold another editable install)
    env["PYTHONPATH"] = str(ROOT)
    return {**env, **extra}


def cli(*args: str, cwd: Path, timeout: float = 300, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "benchmill", *args], capture_output=True, text=True, cwd=cwd,
                          env=_env(**extra), timeout=timeout)


def _repo_files() -> dict[str, tuple[int, int]]:
    skip = {".git", "__pycache__", ".pytest_cache"}
    out = {}
    for dirpath, dirnames, filenames in os.walk(ROOT):
        dirnames[:] = [d for d in dirnames if d not in skip]
        for name in filenames:
            p = Path(dirpath) / name
            st = p.stat()
            out[str(p.relative_to(ROOT))] = (st.st_mtime_ns, st.st_size)
    return out


def _where(cwd: Path, *args: str, **extra: str) -> dict[str, str]:
    proc = cli("where", "--json", *args, cwd=cwd, **extra)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_home_is_the_working_directory_the_config_folder_or_benchmill_home(tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    for d in (a, b, c):
        d.mkdir()
    w = _where(a)
    assert w["home"] == str(a) and w["store"] == str(a / "data" / "benchmill.duckdb")
    assert w["prefect_home"] == str(a / ".prefect") and w["reports_dir"] == str(a / "reports")
    # two homes never share a store
    assert _where(b)["store"] == str(b / "data" / "benchmill.duckdb")

    (c / "benchmill.toml").write_text('releases_dir = "exports"\n')
    w = _where(a, "--config", str(c / "benchmill.toml"))
    assert w["home"] == str(c) and w["store"] == str(c / "data" / "benchmill.duckdb")
    assert w["releases_dir"] == str(c / "exports")  # relative to the config file, not the cwd
    assert _where(c)["home"] == str(c)  # ./benchmill.toml
    assert _where(a, BENCHMILL_CONFIG=str(c / "benchmill.toml"))["home"] == str(c)

    w = _where(a, BENCHMILL_HOME=str(b))
    assert w["home"] == str(b) and w["llm_cache"] == str(b / "data" / "llm_cache.sqlite")
    assert w["wikidata_index"] == str(b / "data" / "wikidata" / "index.duckdb")


def _rageval_file(path: Path) -> Path:
    row = {"language": "en", "query": {"query_id": 1, "query_type": "Factual Question", "content": "Who won?"},
           "ground_truth": {"content": "Tomas Varga", "doc_ids": ["d1"], "references": ["Tomas Varga won."],
                            "keypoints": []},
           "prediction": {"content": "Tomas Varga", "references": ["Tomas Varga won."]}}
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    return path


def test_score_writes_its_report_under_the_home_or_out(tmp_path):
    before = _repo_files()
    home = tmp_path / "home"
    home.mkdir()
    results = _rageval_file(tmp_path / "results.jsonl")
    proc = cli("score", "--rageval", str(results), "--engine", "rules", cwd=home)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].startswith(
        f"benchmill: home {home} (store {home}/data/benchmill.duckdb, reports {home}/reports/rageval-results-")
    [report_dir] = list((home / "reports").iterdir())
    assert (report_dir / "report.md").exists() and report_dir.name.startswith("rageval-results-")

    out = tmp_path / "mine"
    proc = cli("score", "--rageval", str(results), "--engine", "rules", "--out", str(out),
               "--store", str(tmp_path / "other.duckdb"), "--json", cwd=home)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["report_files"]["markdown"] == str(out / "report.md")  # stdout is pure JSON
    assert (out / "report.html").exists() and len(list((home / "reports").iterdir())) == 1
    assert _repo_files() == before


def test_report_into_unwritable_folder_is_one_line(tmp_path):
    results = _rageval_file(tmp_path / "results.jsonl")
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    proc = cli("score", "--rageval", str(results), "--engine", "rules", "--out", str(blocker / "r"), cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("benchmill: error:") and str(blocker) in lines[0], proc.stderr


def _tiny_source(folder: Path) -> Path:
    from bench.corpus import make_articles, write_folder

    return write_folder(make_articles("en", 1, seed=5), folder)


@pytest.mark.slow  # a flow run on a fresh Prefect home (its database is created first)
def test_daily_from_elsewhere_writes_only_under_its_home_and_logs_no_error(tmp_path):
    before = _repo_files()
    home = tmp_path / "home"
    home.mkdir()
    src = _tiny_source(tmp_path / "src")
    proc = cli("daily", "--source", str(src), cwd=home, BENCHMILL_ENGINE="rules", BENCHMILL_LANGUAGES='["en"]')
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.splitlines()[0] == (f"benchmill: home {home} (store {home}/data/benchmill.duckdb, "
                                           f"releases {home}/data/releases)")
    # Prefect's telemetry is off by default: no ERROR line on a healthy run
    assert "ERROR" not in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert (home / "data" / "benchmill.duckdb").exists() and (home / ".prefect" / "results").is_dir()
    assert (home / "data" / "wikidata" / "index.duckdb").exists()
    assert _repo_files() == before


def _children(pid: int) -> list[tuple[int, str]]:
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            out.append((int(entry.name), cmdline))
    return out


def _alive(pid: int) -> bool:
    try:
        state = next(ln for ln in Path(f"/proc/{pid}/status").read_text().splitlines() if ln.startswith("State:"))
    except (OSError, StopIteration):
        return False
    return "Z" not in state.split()[1]


@pytest.mark.slow  # starts a temporary Prefect server
def test_sigkilled_run_leaves_no_temporary_prefect_server(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    src = _tiny_source(tmp_path / "src")
    proc = subprocess.Popen([sys.executable, "-m", "benchmill", "daily", "--source", str(src)], cwd=home,
                            env=_env(BENCHMILL_ENGINE="rules", BENCHMILL_LANGUAGES='["en"]'),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    server = None
    try:
        deadline = time.monotonic() + 120
        while server is None and time.monotonic() < deadline and proc.poll() is None:
            server = next((pid for pid, cmd in _children(proc.pid) if "-m uvicorn" in cmd), None)
            time.sleep(0.2)
        assert server is not None, "benchmill daily started no temporary Prefect server"
        time.sleep(1.0)
        os.kill(proc.pid, signal.SIGKILL)  # the leader only, not its process group
        proc.wait(10)
        deadline = time.monotonic() + 10
        while _alive(server) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not _alive(server), f"temporary Prefect server {server} outlived its SIGKILLed parent"
    finally:
        if proc.poll() is None:
            proc.kill()
        if server is not None and _alive(server):
            os.kill(server, signal.SIGKILL)
