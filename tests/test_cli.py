"""The `benchmill` command as a user runs it: real binary, real store, one-line errors."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmill.releases import plan_release, publish
from benchmill.settings import load_settings
from benchmill.store import Store
from tests.test_releases import FILTERS, _item, _spec, _store_with_docs, _verdicts

ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str, env: dict[str, str] | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "benchmill", *args], capture_output=True, text=True, cwd=ROOT,
                          env=full_env, timeout=timeout)


@pytest.fixture(scope="module")
def released_store(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A store with two releases of news-en, made through the release API (no flow run needed)."""
    tmp = tmp_path_factory.mktemp("cli")
    settings = load_settings(None, releases_dir=tmp / "rel", quotas={"simple": 10, "set": 10})
    with _store_with_docs(tmp) as store:
        ok = {f: "passed" for f in FILTERS}
        store.write_items([_item(1), _item(2, "set", ("d1", "d2"))], "r1")
        store.write_verdicts(_verdicts("i001", ok) + _verdicts("i002", ok), "r1")
        publish(store, settings, plan_release(store, _spec(settings.quotas)), run_id="r1", filters=FILTERS)
        store.write_items([_item(3)], "r2")
        store.write_verdicts(_verdicts("i003", ok), "r2")
        publish(store, settings, plan_release(store, _spec(settings.quotas)), run_id="r2", filters=FILTERS)
    env = {"BENCHMILL_STORE": str(tmp / "s.duckdb"), "BENCHMILL_RELEASES_DIR": str(tmp / "rel")}
    return tmp, env


def test_releases_list_show_diff_export(released_store, tmp_path):
    _, env = released_store
    listed = run_cli("releases", "list", "--json", env=env)
    assert listed.returncode == 0, listed.stderr
    assert [(r["version"], r["parent"]) for r in json.loads(listed.stdout)] == [("1.0.0", None), ("1.1.0", "1.0.0")]

    shown = run_cli("releases", "show", "news-en@1.0.0", "--json", env=env)
    body = json.loads(shown.stdout)
    assert body["manifest"]["counts_by_type"] == {"set": 1, "simple": 1}
    assert {q["question"] for q in body["sample"]} == {"Question 1?", "Question 2?"}
    latest = run_cli("releases", "show", "news-en", env=env)
    assert "news-en@1.1.0" in latest.stdout and "Question 3?" in latest.stdout

    diffed = run_cli("releases", "diff", "news-en@1.0.0", "news-en@1.1.0", "--json", env=env)
    d = json.loads(diffed.stdout)
    assert (d["questions_added"], d["questions_removed"]) == (1, 2)

    out = tmp_path / "export"
    exported = run_cli("releases", "export", "news-en@1.1.0", str(out), env=env)
    assert exported.returncode == 0, exported.stderr
    assert (out / "manifest.json").exists() and (out / "public" / "questions.jsonl").read_text().count("\n") == 1


def test_unknown_release_is_a_one_line_error(released_store):
    _, env = released_store
    proc = run_cli("releases", "show", "news-en@7.0.0", env=env)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "benchmill: error: no release news-en@7.0.0; known: news-en@1.0.0, news-en@1.1.0"]


def test_store_in_use_names_the_run(released_store):
    tmp, env = released_store
    with Store.writer(tmp / "s.duckdb", "nightly-run-42"):
        proc = run_cli("daily", "--source", str(ROOT / "data/demo/news/en/day1"), env=env)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [proc.stderr.strip()]
    assert "in use by run nightly-run-42" in proc.stderr and "wait for it to finish" in proc.stderr


def test_bad_inputs_are_one_line_errors(tmp_path):
    bad_source = run_cli("daily", "--source", str(tmp_path / "nowhere"))
    assert bad_source.returncode == 2
    assert "is neither an existing folder" in bad_source.stderr and "Traceback" not in bad_source.stderr

    cfg = tmp_path / "benchmill.toml"
    cfg.write_text("[llm]\nmax_concurrency = -3\n")
    bad_settings = run_cli("releases", "list", "--config", str(cfg))
    assert bad_settings.returncode == 2 and "llm.max_concurrency" in bad_settings.stderr

    garbage = tmp_path / "garbage.duckdb"
    garbage.write_bytes(b"\x00not a database" * 64)
    unreadable = run_cli("releases", "list", "--store", str(garbage))
    assert unreadable.returncode == 2 and str(garbage) in unreadable.stderr

    missing = run_cli("runs", "--store", str(tmp_path / "missing.duckdb"))
    assert missing.returncode == 2 and "does not exist yet" in missing.stderr


def test_unreachable_llm_endpoint_fails_the_run_with_a_clear_message(tmp_path):
    from bench.corpus import make_articles, write_folder

    folder = write_folder(make_articles("en", 1, seed=3), tmp_path / "src")
    env = {"BENCHMILL_STORE": str(tmp_path / "s.duckdb"), "BENCHMILL_RELEASES_DIR": str(tmp_path / "rel"),
           "BENCHMILL_LLM__BASE_URL": "http://127.0.0.1:9/v1", "BENCHMILL_LLM__MAX_RETRIES": "0",
           "BENCHMILL_LLM__TIMEOUT": "2", "BENCHMILL_LLM__CACHE_PATH": str(tmp_path / "cache.sqlite"),
           "BENCHMILL_WIKIDATA__INDEX": str(tmp_path / "wd.duckdb"), "PREFECT_HOME": str(tmp_path / "ph"),
           "BENCHMILL_LANGUAGES": '["en"]'}
    proc = run_cli("daily", "--engine", "llm", "--source", str(folder), env=env)
    assert proc.returncode == 2, proc.stderr[-2000:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("benchmill: error:"), proc.stderr
    assert "http://127.0.0.1:9/v1" in lines[0] and "BENCHMILL_LLM__BASE_URL" in lines[0]
    # checked before any flow run started: nothing half-done to resume
    assert Store.reader(tmp_path / "s.duckdb").runs() == []


def test_failures_lists_a_runs_failed_inputs(tmp_path):
    from schemas import Failure

    env = {"BENCHMILL_STORE": str(tmp_path / "s.duckdb")}
    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        store.start_run("r1", "daily-news", {}, None)
        store.record_failures("r1", [Failure(stage="crawl", key="https://x.example/feed.xml", reason="HTTP 404"),
                                     Failure(stage="questions", key="sg1", reason="no template: ...")])
        # a filter that could not decide an item (issue 7.3): listed too, with its reason
        from schemas import Verdict

        store.write_verdicts([Verdict(item_id="it1", filter="llm_judge", status="error", reason="LLM timeout"),
                              Verdict(item_id="it2", filter="llm_judge", status="passed", reason="ok")], "r1")
    proc = run_cli("failures", "--json", env=env)
    assert proc.returncode == 0, proc.stderr
    assert [(f["stage"], f["key"], f["reason"]) for f in json.loads(proc.stdout)] == [
        ("crawl", "https://x.example/feed.xml", "HTTP 404"), ("questions", "sg1", "no template: ..."),
        ("filter:llm_judge", "it1", "LLM timeout")]
    only = json.loads(run_cli("failures", "r1", "--stage", "crawl", "--json", env=env).stdout)
    assert [f["reason"] for f in only] == ["HTTP 404"]


def _one_line(proc: subprocess.CompletedProcess, *needles: str) -> str:
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    for n in needles:
        assert n in lines[0], lines[0]
    return lines[0]


def test_unknown_option_is_one_line_naming_it():
    line = _one_line(run_cli("daily", "--bogus"), "--bogus")
    assert line == "benchmill: no such option --bogus (see benchmill daily --help)"
    _one_line(run_cli("releases", "list", "--sotre", "x"), "no such option --sotre", "--store",
              "benchmill releases list --help")
    _one_line(run_cli("nosuchcmd"), "nosuchcmd")
    bare = run_cli("releases")  # no arguments: the help, nothing else
    assert bare.returncode == 2 and "Usage: benchmill releases" in bare.stdout and bare.stderr == ""


def test_unknown_settings_keys_and_bad_timezone_are_refused(tmp_path):
    cfg = tmp_path / "benchmill.toml"
    cfg.write_text('[llm]\nbase_ur = "http://127.0.0.1:8000/v1"\n')
    _one_line(run_cli("runs", "--config", str(cfg)), "llm.base_ur", "unknown key", str(cfg))
    _one_line(run_cli("runs", env={"BENCHMILL_LLM_BASE_URL": "http://127.0.0.1:8000/v1"}),
              "BENCHMILL_LLM_BASE_URL", "did you mean BENCHMILL_LLM__BASE_URL?")
    _one_line(run_cli("runs", env={"BENCHMILL_TIMEZONE": "Mars/Olympus_Mons"}), "timezone", "Mars/Olympus_Mons")


def test_failures_of_an_unknown_run(tmp_path):
    store = tmp_path / "s.duckdb"
    with Store.writer(store, "r1") as st:
        st.start_run("r1", "daily-news", {}, None)
    line = _one_line(run_cli("failures", "no-such-run", env={"BENCHMILL_STORE": str(store)}))
    assert line == f"benchmill: error: no run no-such-run in store {store}"


def _unwritable_dir(tmp_path: Path) -> Path:
    """A folder this process cannot write into (root ignores mode bits: use sysfs then)."""
    ro = tmp_path / "read-only"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        (ro / "probe").write_text("x")
    except OSError:
        return ro / "export"
    (ro / "probe").unlink()
    sysfs = Path("/sys/benchmill-export-test")
    try:
        sysfs.mkdir()
    except OSError:
        return sysfs / "export"
    sysfs.rmdir()
    pytest.skip("no unwritable folder on this machine")


def test_export_into_unwritable_folder_is_one_line(released_store, tmp_path):
    _, env = released_store
    out = _unwritable_dir(tmp_path)
    line = _one_line(run_cli("releases", "export", "news-en@1.1.0", str(out), env=env))
    assert line.startswith("benchmill: error:") and str(out.parent) in line


def test_os_errors_read_as_one_line_with_the_path():
    import errno

    from cli import _os_error

    exc = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), "/data/releases/news-en/1.2.0/public/texts.parquet")
    assert _os_error(exc) == "No space left on device: /data/releases/news-en/1.2.0/public/texts.parquet"


def test_an_unexpected_error_propagates_as_itself(monkeypatch):
    """typer's vendored click has no Abort: main() once raised AttributeError instead of the real error."""
    import cli

    def boom(*args, **kwargs):
        raise RuntimeError("boom from a stage")

    monkeypatch.setattr(cli, "app", boom)
    with pytest.raises(RuntimeError, match="boom from a stage"):
        cli.main()

    def aborted(*args, **kwargs):
        import typer

        raise typer.Abort()

    monkeypatch.setattr(cli, "app", aborted)
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 130
