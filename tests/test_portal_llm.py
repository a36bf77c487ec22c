"""Portal scoring with the llm engine over real HTTP: a submission gets the keypoint and judge
metrics too (tasks.evaluate's code path, answered by the fake OpenAI server), a broken judge
reply fails that question's judge score only, and under the rules engine those metrics say
``skipped: needs llm`` on the submitter's view, the leaderboard page and the leaderboard CLI."""
from __future__ import annotations

import json

import httpx
import pytest
from typer.testing import CliRunner

from benchmill.settings import LLMSettings, PortalSettings, load_settings
from cli import app
from portal.app import create_app
from portal.service import Portal
from tests.fakes.openai_server import Reply
from tests.fixtures.eval.release_builder import corpus
from tests.portal_env import gold_submission, make_home, private_strings, serve

QUESTIONS = {q["question"]: q for q in corpus("en")["qa"]}
BROKEN = "Who won the Riverside Marathon?"  # the judge's reply for this question is not JSON, retry included
JUDGE_OK = {"no_fluff": 2, "real_world_consistency": 2, "correct_extraction": 2, "completeness": 2,
            "factual_accuracy": 2, "preserves_details": 1, "rationale": "fine"}


def fake_model(body: dict) -> Reply:
    text = json.dumps(body["messages"], ensure_ascii=False)
    question = next(q for q in QUESTIONS if q in text)
    if "Key points:" in text:
        n = len(QUESTIONS[question]["keypoints"])
        return Reply(json.dumps({"verdicts": [{"keypoint": i, "label": "covered"} for i in range(1, n + 1)]}))
    if question == BROKEN:
        return Reply("the answer looks fine to me, I would give it a two")
    return Reply(json.dumps(JUDGE_OK))


def settings_for(home, db_url, engine, llm=None):
    return load_settings(None, releases_dir=home / "releases", reports_dir=home / "reports", engine=engine,
                         portal=PortalSettings(database_url=db_url, admin_token="admin-secret-token"),
                         **({"llm": llm} if llm else {}))


@pytest.fixture
def portals(tmp_path, fake_llm):
    """Two portals on one SQLite database: one scoring with the llm engine (the fake server), one with rules."""
    home = make_home(tmp_path / "home", versions=("1.0.0",))
    db_url = f"sqlite:///{tmp_path / 'portal.sqlite'}"
    llm = LLMSettings(base_url=fake_llm.base_url, model="fake-judge", cache_path=tmp_path / "llm_cache.sqlite",
                      max_retries=1, timeout=5)
    fake_llm.handler(fake_model)
    with_llm = Portal(settings_for(home, db_url, "llm", llm))
    rules = Portal(settings_for(home, db_url, "rules"))
    yield with_llm, rules, home, db_url
    with_llm.close()
    rules.close()


def test_llm_engine_scores_keypoints_and_judge_and_a_broken_reply_fails_one_question(portals, fake_llm):
    with_llm, rules, home, db_url = portals
    tokens = {"alpha": with_llm.create_team("alpha"), "beta": with_llm.create_team("beta")}
    body = json.dumps(gold_submission())
    with serve(create_app(with_llm)) as url:
        resp = httpx.post(f"{url}/api/submissions/news-en/1.0.0", content=body, timeout=120,
                          headers={"Authorization": f"Bearer {tokens['alpha']}"})
        assert resp.status_code == 200, resp.text
        scored = resp.json()
        for secret in private_strings():
            assert secret not in resp.text
    assert scored["engine"] == "llm" and scored["questions"] == 5
    overall, notes = scored["overall"], scored["metric_notes"]
    # keypoints: every keypoint covered; the judge: 11/12 per question, the broken reply left out of the mean
    assert overall["completeness"] == pytest.approx(1.0) and overall["hallucination"] == pytest.approx(0.0)
    assert overall["judge_score"] == pytest.approx(11 / 12)
    assert notes == {"judge_score": "1 of 5 LLM replies unusable: left out of the mean"}
    assert overall["rouge_l"] == pytest.approx(1.0)  # the rule metrics as before
    judge_calls = [r for r in fake_llm.requests if "strict judge" in json.dumps(r, ensure_ascii=False)]
    assert len(judge_calls) == 6  # 5 questions + the one corrective retry of the broken reply
    assert any("Key points:" in json.dumps(r) for r in fake_llm.requests)

    # the same submission under the rules engine: the LLM metrics say why they have no value
    with serve(create_app(rules)) as url:
        resp = httpx.post(f"{url}/api/submissions/news-en/1.0.0", content=body, timeout=120,
                          headers={"Authorization": f"Bearer {tokens['beta']}"})
        assert resp.status_code == 200, resp.text
        plain = resp.json()
        assert plain["engine"] == "rules"
        for metric in ("judge_score", "completeness", "hallucination", "irrelevance"):
            assert plain["overall"][metric] is None and plain["metric_notes"][metric] == "skipped: needs llm"
        alpha_team, beta_team = rules.team_for(tokens["alpha"]), rules.team_for(tokens["beta"])
        rules.request_publication(alpha_team, scored["id"])
        rules.request_publication(beta_team, plain["id"])
        rules.decide(scored["id"], "approve")
        rules.decide(plain["id"], "approve")
        page = httpx.get(f"{url}/leaderboard/news-en").text
        board = httpx.get(f"{url}/api/leaderboard/news-en").json()
        mine = httpx.get(f"{url}/api/submissions/{plain['id']}", headers={"Authorization": f"Bearer {tokens['beta']}"})
    rows = {r["system"]: r for r in board["rows"]}
    assert rows["alpha"]["overall"]["judge_score"] == pytest.approx(11 / 12) and rows["alpha"]["engine"] == "llm"
    assert rows["beta"]["overall"]["judge_score"] is None
    assert rows["beta"]["metric_notes"]["judge_score"] == "skipped: needs llm"
    assert "judge_score" in board["metrics"] and mine.json()["metric_notes"]["completeness"] == "skipped: needs llm"
    beta_row = next(line for line in page.split("<tr") if "beta" in line and "skipped" in line)
    assert beta_row.count("skipped: needs llm") == 4 and "0.917" in page

    # the leaderboard CLI on this database shows the same
    result = CliRunner().invoke(app, ["leaderboard", "news-en"], env={
        "BENCHMILL_PORTAL__DATABASE_URL": db_url, "BENCHMILL_RELEASES_DIR": str(home / "releases"),
        "BENCHMILL_REPORTS_DIR": str(home / "reports"), "COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "judge_score" in result.stdout and "skipped: needs llm" in result.stdout and "0.917" in result.stdout


def test_an_unreachable_llm_fails_the_llm_metrics_not_the_submission(portals, fake_llm):
    with_llm, _, _, _ = portals
    fake_llm.handler(lambda body: Reply("server melted", status=500))
    team = with_llm.team_for(with_llm.create_team("gamma"))
    view = with_llm.submit(team, "news-en", "1.0.0", json.dumps(gold_submission()).encode())
    assert view["overall"]["rouge_l"] == pytest.approx(1.0)
    assert view["overall"]["judge_score"] is None and view["overall"]["completeness"] is None
    assert view["metric_notes"]["judge_score"] == "5 of 5 LLM replies unusable: left out of the mean"
    assert view["metric_notes"]["completeness"] == "5 of 5 LLM replies unusable: left out of the mean"


def test_engine_llm_without_an_endpoint_is_refused_at_start_in_one_line(tmp_path, monkeypatch):
    home = make_home(tmp_path / "home", versions=("1.0.0",))
    monkeypatch.delenv("BENCHMILL_LLM__BASE_URL", raising=False)
    for key, value in {"BENCHMILL_ENGINE": "llm", "BENCHMILL_RELEASES_DIR": str(home / "releases"),
                       "BENCHMILL_PORTAL__DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite'}"}.items():
        monkeypatch.setenv(key, value)
    result = CliRunner().invoke(app, ["portal-admin", "queue"])
    assert result.exit_code == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "llm.base_url" in lines[0], result.stderr
