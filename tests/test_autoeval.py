"""Auto-evaluation of baselines (flows/autoeval.py): one report per system and release, atomic,
idempotent, a failed system fails only its report; the release event and the deployment trigger."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from benchmill.settings import SettingsError, load_settings
from cli import app
from tests.fixtures.eval.release_builder import write_release

runner = CliRunner()


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "releases"
    write_release(root, "news-en", "1.0.0", "en")
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(root))
    monkeypatch.setenv("BENCHMILL_REPORTS_DIR", str(tmp_path / "reports"))
    monkeypatch.setenv("BENCHMILL_ENGINE", "rules")
    return tmp_path


def _one_line_error(result, code: int, *needles: str) -> None:
    assert result.exit_code == code, result.output
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("benchmill: error:"), result.stderr
    for n in needles:
        assert n in lines[0], lines[0]


def test_settings_section_is_validated(monkeypatch):
    s = load_settings(None)
    assert s.auto_evaluate.enabled and s.auto_evaluate.systems == ["bm25", "dense", "hybrid:scan"]
    monkeypatch.setenv("BENCHMILL_AUTO_EVALUATE__SYSTEMS", '["bm25", "hybrid:0.3"]')
    assert load_settings(None).auto_evaluate.systems == ["bm25", "hybrid:0.3"]
    for bad in ('["tfidf"]', '["hybrid:2"]', '["bm25", "bm25"]'):
        monkeypatch.setenv("BENCHMILL_AUTO_EVALUATE__SYSTEMS", bad)
        with pytest.raises(SettingsError, match="auto_evaluate.systems"):
            load_settings(None)


def test_report_paths_and_release_discovery(home):
    from tasks.evaluate.baseline_reports import baseline_report_path, exported_releases, missing_reports, system_file_name

    write_release(home / "releases", "news-en", "1.10.0", "en")
    write_release(home / "releases", "news-en", "1.2.0", "en")
    (home / "releases" / "news-ru" / "1.0.0").mkdir(parents=True)  # no manifest: an unfinished export
    (home / "releases" / "news-en" / ".1.3.0.tmp-99").mkdir()
    s = load_settings(None)
    assert exported_releases(s) == [("news-en", "1.0.0"), ("news-en", "1.2.0"), ("news-en", "1.10.0")]
    assert system_file_name("hybrid:scan") == "hybrid-scan.json"
    assert baseline_report_path(s, "news-en", "1.0.0", "bm25") == home / "reports" / "baselines" / "news-en@1.0.0" / "bm25.json"
    path = baseline_report_path(s, "news-en", "1.2.0", "bm25")
    path.parent.mkdir(parents=True)
    path.write_text('{"kind": "baseline"')  # a torn file is not a report: missing
    assert missing_reports(s, ["bm25"]) == {("news-en", "1.0.0"): ["bm25"], ("news-en", "1.2.0"): ["bm25"],
                                            ("news-en", "1.10.0"): ["bm25"]}


def test_flow_writes_reports_a_failed_system_fails_alone_and_reruns_are_idempotent(home, prefect_harness, monkeypatch):
    import benchmill.embeddings as embeddings
    from flows.autoeval import BaselineFailed, auto_evaluate
    from tasks.evaluate.baseline_reports import baseline_report_path, read_baseline_report
    from tasks.evaluate.records import EvaluationReport

    s = load_settings(None)
    paths = {sys_: baseline_report_path(s, "news-en", "1.0.0", sys_) for sys_ in ("bm25", "dense", "hybrid:scan")}

    def broken(*args, **kwargs):
        raise OSError("embedding model files are missing")

    real_embed = embeddings.embed
    monkeypatch.setattr(embeddings, "embed", broken)  # dense and hybrid need it, bm25 does not
    with pytest.raises(BaselineFailed) as failed:
        auto_evaluate("news-en", "1.0.0")
    assert "news-en@1.0.0/dense" in str(failed.value) and "news-en@1.0.0/hybrid:scan" in str(failed.value)
    assert "embedding model files are missing" in str(failed.value) and "/bm25" not in str(failed.value)
    assert paths["bm25"].exists() and not paths["dense"].exists() and not paths["hybrid:scan"].exists()
    assert [p.name for p in paths["bm25"].parent.iterdir()] == ["bm25.json"]  # no temp file left behind

    bm25 = EvaluationReport.model_validate_json(paths["bm25"].read_bytes())  # the portal's parse
    assert bm25.kind == "baseline" and (bm25.collection, bm25.version, bm25.system) == ("news-en", "1.0.0", "bm25")
    assert bm25.k == 5 and bm25.overall.questions == 5 and bm25.overall.means["recall@5"] == 1.0
    # exactly what `benchmill evaluate` reports for the same system, k and engine
    cli = runner.invoke(app, ["evaluate", "news-en@1.0.0", "--system", "bm25", "--engine", "rules", "--json",
                              "--report-dir", str(home / "cli")])
    assert cli.exit_code == 0, cli.output
    assert json.loads(cli.stdout)["overall"] == bm25.model_dump(mode="json")["overall"]
    bm25_bytes = paths["bm25"].read_bytes()

    monkeypatch.setattr(embeddings, "embed", real_embed)
    summary = auto_evaluate("news-en", "1.0.0")  # the rerun does what is missing, keeps what is there
    assert summary.present == ["news-en@1.0.0/bm25"]
    assert sorted(summary.written) == ["news-en@1.0.0/dense", "news-en@1.0.0/hybrid:scan"]
    assert paths["bm25"].read_bytes() == bm25_bytes
    hybrid = read_baseline_report(paths["hybrid:scan"], "news-en", "1.0.0", "hybrid:scan")
    assert hybrid is not None and hybrid.system.startswith("hybrid:") and hybrid.text_weight_scan is not None
    assert read_baseline_report(paths["dense"], "news-en", "1.0.0", "dense").system == "dense"

    again = auto_evaluate(all_missing=True)
    assert again.written == [] and again.failed == {}
    dense_bytes = paths["dense"].read_bytes()
    forced = auto_evaluate("news-en", "1.0.0", systems=["dense"], force=True)
    assert forced.written == ["news-en@1.0.0/dense"]
    assert paths["dense"].read_bytes() == dense_bytes  # cached stages: the same report, byte for byte


def test_cli_runs_the_flow_and_exits_1_naming_a_failed_system(home, prefect_harness, monkeypatch):
    import benchmill.embeddings as embeddings

    ok = runner.invoke(app, ["auto-evaluate", "news-en@latest", "--system", "bm25", "--json"])
    assert ok.exit_code == 0, ok.output + ok.stderr
    summary = json.loads(ok.stdout)
    assert summary["written"] == ["news-en@1.0.0/bm25"] and summary["failed"] == {}
    assert (home / "reports" / "baselines" / "news-en@1.0.0" / "bm25.json").exists()

    def broken(*args, **kwargs):
        raise OSError("embedding model files are missing")

    monkeypatch.setattr(embeddings, "embed", broken)
    failed = runner.invoke(app, ["auto-evaluate", "--all-missing", "--system", "bm25", "--system", "dense"])
    assert failed.exit_code == 1, failed.output
    # not bad input: Prefect's log of the failed task comes first, the verdict is the last line
    last = [ln for ln in failed.stderr.splitlines() if ln.strip()][-1]
    assert last.startswith("benchmill: error: baseline(s) failed: news-en@1.0.0/dense: OSError: embedding model")
    assert "/bm25" not in last


def test_cli_input_errors_and_nothing_missing(home):
    _one_line_error(runner.invoke(app, ["auto-evaluate"]), 2, "--all-missing")
    _one_line_error(runner.invoke(app, ["auto-evaluate", "news-en@1.0.0", "--all-missing"]), 2, "--all-missing")
    _one_line_error(runner.invoke(app, ["auto-evaluate", "news-en@1.0.0", "--system", "tfidf"]), 2, "--system", "tfidf")
    _one_line_error(runner.invoke(app, ["auto-evaluate", "news-en@9.9.9"]), 2, "news-en@9.9.9")
    from tasks.evaluate.baseline_reports import baseline_report_path

    s = load_settings(None)
    report = runner.invoke(app, ["evaluate", "news-en@1.0.0", "--engine", "rules", "--json", "--report-dir", str(home / "r")])
    path = baseline_report_path(s, "news-en", "1.0.0", "bm25")
    path.parent.mkdir(parents=True)
    path.write_bytes((home / "r" / "report.json").read_bytes())
    assert report.exit_code == 0
    result = runner.invoke(app, ["auto-evaluate", "--all-missing", "--system", "bm25"])
    assert result.exit_code == 0 and "every baseline report is present" in result.stdout


def test_deployment_carries_the_release_trigger(monkeypatch):
    from prefect.events import DeploymentEventTrigger

    from benchmill.orchestration import RELEASE_PUBLISHED, release_resource_id
    from flows.deployments import build_deployments

    deployment = next(d for d in build_deployments(load_settings(None), None) if d.flow_name == "auto-evaluate")
    assert deployment.name == "auto-evaluate" and deployment.concurrency_limit == 1
    [trigger] = deployment.triggers
    assert isinstance(trigger, DeploymentEventTrigger) and trigger.enabled
    assert trigger.expect == {RELEASE_PUBLISHED} and trigger.for_each == {"prefect.resource.id"}
    pattern = trigger.match.root["prefect.resource.id"]
    assert pattern == "benchmill.release.*" and release_resource_id("news-en", "1.2.0").startswith(pattern[:-1])
    assert trigger.parameters == {"collection": "{{ event.payload.collection }}", "version": "{{ event.payload.version }}"}
    from uuid import uuid4

    trigger.set_deployment_id(uuid4())
    automation = trigger.as_automation()  # what serve registers with the API for the deployment
    assert automation.trigger.expect == {RELEASE_PUBLISHED} and automation.actions[0].parameters == trigger.parameters

    monkeypatch.setenv("BENCHMILL_AUTO_EVALUATE__ENABLED", "false")
    off = next(d for d in build_deployments(load_settings(None), None) if d.flow_name == "auto-evaluate")
    assert off.triggers == []


def test_release_event_is_sent_to_the_api_and_never_fails_a_release(prefect_harness, monkeypatch):
    import httpx
    from prefect.events.worker import EventsWorker
    from prefect.settings import PREFECT_API_URL

    from benchmill.orchestration import RELEASE_PUBLISHED, emit_release_published

    assert emit_release_published("news-xx", "1.4.0", questions=3, texts=7) is True
    EventsWorker.drain_all()
    mine, deadline = [], time.monotonic() + 60
    while not mine and time.monotonic() < deadline:  # the server stores events in batches
        rows = httpx.post(f"{PREFECT_API_URL.value()}/events/filter",
                          json={"filter": {"event": {"name": [RELEASE_PUBLISHED]}}, "limit": 50}, timeout=10).json()
        mine = [e for e in rows["events"] if e["resource"]["prefect.resource.id"] == "benchmill.release.news-xx@1.4.0"]
        time.sleep(0.5)
    assert mine and mine[0]["payload"] == {"collection": "news-xx", "version": "1.4.0", "questions": 3, "texts": 7}
    assert mine[0]["resource"]["benchmill.collection"] == "news-xx"

    import prefect.events

    def down(*a, **k):
        raise ConnectionError("events endpoint down")

    monkeypatch.setattr(prefect.events, "emit_event", down)
    assert emit_release_published("news-xx", "1.5.0") is False  # logged, not raised


def test_no_event_and_no_server_outside_a_flow_without_an_api(monkeypatch):
    from prefect.server.api.server import SubprocessASGIServer

    from benchmill.orchestration import emit_release_published

    from prefect.settings import PREFECT_API_URL, temporary_settings

    monkeypatch.delenv("PREFECT_API_URL", raising=False)
    with temporary_settings(restore_defaults={PREFECT_API_URL}):  # also when a harness set one for the session
        assert PREFECT_API_URL.value() is None
        before = dict(SubprocessASGIServer._instances)
        assert emit_release_published("news-en", "1.0.0") is False
        assert SubprocessASGIServer._instances == before


@pytest.mark.slow
def test_a_published_release_event_runs_the_served_deployment(tmp_path):
    """Real server + `benchmill serve`: the event names a release, the trigger's templates give the
    flow its collection and version, and the report appears."""
    import os
    import subprocess
    import sys

    import httpx

    from tests.test_serve import ROOT, _free_port, _healthy, _start, _stop

    write_release(tmp_path / "releases", "news-en", "1.0.0", "en")
    port = _free_port()
    api = f"http://127.0.0.1:{port}/api"
    env = {**os.environ, "PREFECT_HOME": str(tmp_path / "prefect-home"), "BENCHMILL_PREFECT__SERVER_PORT": str(port),
           "BENCHMILL_STORE": str(tmp_path / "s.duckdb"), "BENCHMILL_RELEASES_DIR": str(tmp_path / "releases"),
           "BENCHMILL_REPORTS_DIR": str(tmp_path / "reports"), "BENCHMILL_ENGINE": "rules",
           "BENCHMILL_AUTO_EVALUATE__SYSTEMS": '["bm25"]', "PREFECT_LOCAL_STORAGE_PATH": str(tmp_path / "results")}
    env.pop("PREFECT_API_URL", None)
    server = _start(["server"], env, tmp_path / "server.log")
    served = None
    report = tmp_path / "reports" / "baselines" / "news-en@1.0.0" / "bm25.json"
    try:
        _healthy(api, server, tmp_path / "server.log")
        served = _start(["serve"], {**env, "PREFECT_API_URL": api}, tmp_path / "serve.log")
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:  # the deployment and its automation are registered
            assert served.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            automations = httpx.post(f"{api}/automations/filter", json={}, timeout=5).json()
            if any(a["trigger"].get("expect") == ["benchmill.release.published"] for a in automations):
                break
            time.sleep(1)
        else:
            pytest.fail("no automation for benchmill.release.published: " + (tmp_path / "serve.log").read_text()[-3000:])
        emit = ("from benchmill.orchestration import emit_release_published as e\n"
                "from prefect.events.worker import EventsWorker\n"
                "assert e('news-en', '1.0.0', questions=5, texts=6)\nEventsWorker.drain_all()\n")
        subprocess.run([sys.executable, "-c", emit], cwd=ROOT, env={**env, "PREFECT_API_URL": api}, check=True,
                       timeout=120)
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and not report.exists():
            assert served.poll() is None, (tmp_path / "serve.log").read_text()[-3000:]
            time.sleep(1)
        assert report.exists(), (tmp_path / "serve.log").read_text()[-3000:]
        from tasks.evaluate.records import EvaluationReport

        parsed = EvaluationReport.model_validate_json(report.read_bytes())
        assert (parsed.collection, parsed.version, parsed.system) == ("news-en", "1.0.0", "bm25")
        runs = httpx.post(f"{api}/flow_runs/filter", json={}, timeout=5).json()
        [run] = [r for r in runs if r["parameters"].get("collection") == "news-en"]
        assert run["parameters"]["version"] == "1.0.0"
    finally:
        if served is not None:
            _stop(served)
        _stop(server)
