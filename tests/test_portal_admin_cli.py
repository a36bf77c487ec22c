"""`benchmill portal-admin queue | approve | reject | hide | unhide` on a real SQLite portal
database: the same service calls as the web admin routes, every decision audited, the
leaderboard follows; bad input is one line on stderr, exit 2."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from cli import app
from portal.db import AuditEntry
from portal.service import Portal
from tests.portal_env import gold_submission, make_home, portal_settings

runner = CliRunner()
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def moderated(tmp_path, monkeypatch):
    """Three submissions of news-en@1.0.0 by two teams, two of them put forward for publication."""
    home = make_home(tmp_path / "home", versions=("1.0.0",))
    db = f"sqlite:///{tmp_path / 'portal.sqlite'}"
    for key, value in {"BENCHMILL_HOME": str(home), "BENCHMILL_RELEASES_DIR": str(home / "releases"),
                       "BENCHMILL_REPORTS_DIR": str(home / "reports"), "BENCHMILL_PORTAL__DATABASE_URL": db}.items():
        monkeypatch.setenv(key, value)
    portal = Portal(portal_settings(home, db))
    teams = {name: portal.team_for(portal.create_team(name)) for name in ("alpha", "beta")}
    raw = json.dumps(gold_submission()).encode()
    a = portal.submit(teams["alpha"], "news-en", "1.0.0", raw)["id"]
    b = portal.submit(teams["beta"], "news-en", "1.0.0", json.dumps(gold_submission(wrong=True)).encode())["id"]
    c = portal.submit(teams["beta"], "news-en", "1.0.0", raw)["id"]  # stays private
    portal.request_publication(teams["alpha"], a)
    portal.request_publication(teams["beta"], b)
    yield portal, (a, b, c), db
    portal.close()


def invoke(*args: str):
    return runner.invoke(app, ["portal-admin", *args])


def one_line_exit_2(result, *needles: str) -> None:
    assert result.exit_code == 2, (result.stdout, result.stderr)
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("benchmill: error:"), result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]


def test_queue_approve_reject_hide_are_audited_and_move_the_leaderboard(moderated):
    portal, (a, b, c), _ = moderated
    listed = invoke("queue", "--json")
    assert listed.exit_code == 0, listed.stderr
    queue = json.loads(listed.stdout)
    assert [(r["id"], r["system"], r["status"]) for r in queue] == [(a, "alpha", "requested"), (b, "beta", "requested")]
    text = invoke("queue")
    assert text.exit_code == 0 and f"{a:>6}  news-en@1.0.0" in text.stdout and "rouge_l 1.0000" in text.stdout
    assert "alpha" in text.stdout and "beta" in text.stdout and f"{c:>6}" not in text.stdout

    approved = invoke("approve", str(a), "--reason", "looks right")
    assert approved.exit_code == 0, approved.stderr
    assert approved.stdout.strip() == f"result {a} (news-en@1.0.0, alpha): status approved"
    rejected = invoke("reject", str(b), "--reason", "answers copied", "--json")
    assert rejected.exit_code == 0 and json.loads(rejected.stdout)["status"] == "rejected"
    assert json.loads(invoke("queue", "--json").stdout) == []
    assert invoke("queue").stdout.strip() == "no publication requests waiting"
    assert [r["system"] for r in portal.leaderboard("news-en")["rows"]] == ["alpha"]

    hidden = invoke("hide", str(a), "--reason", "withdrawn by the team")
    assert hidden.exit_code == 0 and hidden.stdout.strip().endswith("status approved, hidden")
    assert portal.leaderboard("news-en")["rows"] == []
    assert invoke("unhide", str(a)).exit_code == 0
    assert [r["system"] for r in portal.leaderboard("news-en")["rows"]] == ["alpha"]

    with portal.Session() as s:
        entries = [(e.actor, e.action, e.result_id, e.detail) for e in
                   s.scalars(select(AuditEntry).where(AuditEntry.actor == "admin:cli").order_by(AuditEntry.id))]
    assert entries == [("admin:cli", "approve", a, "news-en@1.0.0 alpha: looks right"),
                       ("admin:cli", "reject", b, "news-en@1.0.0 beta: answers copied"),
                       ("admin:cli", "hide", a, "news-en@1.0.0 alpha: withdrawn by the team"),
                       ("admin:cli", "unhide", a, "news-en@1.0.0 alpha")]


def test_refused_decisions_are_one_line_and_change_nothing(moderated):
    portal, (a, b, c), _ = moderated
    one_line_exit_2(invoke("approve", str(c)), f"result {c} is private, not awaiting a decision")
    one_line_exit_2(invoke("reject", "999"), "no result 999")
    one_line_exit_2(invoke("hide", "nope"), "submission id 'nope': expected a number")
    assert invoke("approve", str(a)).exit_code == 0
    one_line_exit_2(invoke("approve", str(a)), f"result {a} is approved, not awaiting a decision")
    with portal.Session() as s:
        assert [e.action for e in s.scalars(select(AuditEntry).where(AuditEntry.actor == "admin:cli"))] == ["approve"]


def test_the_installed_command_moderates_the_same_database(moderated):
    """One run as a user types it (a subprocess): the decision lands in the database the portal reads."""
    portal, (a, b, c), db = moderated
    env = {**os.environ, "BENCHMILL_PORTAL__DATABASE_URL": db}
    proc = subprocess.run([sys.executable, "-m", "benchmill", "portal-admin", "approve", str(b), "--reason", "ok"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert portal.result_view(b)["status"] == "approved"
