"""Schema versions of the portal database (portal/migrations.py), on SQLite and on a real
PostgreSQL 15 server: a new database is at the newest version, a database made before schema
versions (create_all only, tests/fixtures/portal/schema_v1.*.sql) upgrades in place keeping
its rows, migrations run in order in one transaction, a newer database is refused in one line."""
from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, inspect, text
from typer.testing import CliRunner

from cli import app
from portal import migrations
from portal.db import hash_token
from portal.migrations import VERSION_TABLE, PortalSchemaError, latest
from portal.service import Portal
from tests.portal_env import db_url, make_home, portal_settings, postgres  # noqa: F401 - pytest fixtures

FIXTURES = Path(__file__).parent / "fixtures" / "portal"



@pytest.fixture
def home(tmp_path):
    return make_home(tmp_path / "home", versions=("1.0.0",))


def _versions(url: str) -> list[int]:
    engine = create_engine(url)
    try:
        with engine.connect() as con:
            return [r[0] for r in con.execute(text(f"SELECT version FROM {VERSION_TABLE} ORDER BY version"))]
    finally:
        engine.dispose()


def _columns(url: str) -> dict[str, set[str]]:
    engine = create_engine(url)
    try:
        insp = inspect(engine)
        return {t: {c["name"] for c in insp.get_columns(t)} for t in insp.get_table_names()}
    finally:
        engine.dispose()


def _make_v1(url: str) -> None:
    """A portal database exactly as benchmill made it before schema versions, with one team, an
    approved submission with its scores and an audit entry."""
    dialect = "sqlite" if url.startswith("sqlite") else "postgresql"
    ddl = "\n".join(ln for ln in (FIXTURES / f"schema_v1.{dialect}.sql").read_text().splitlines()
                    if not ln.startswith("--"))
    engine = create_engine(url)
    now = datetime(2026, 1, 2, 3, 4, 5)
    with engine.begin() as con:
        for stmt in ddl.split(";"):
            if stmt.strip():
                con.exec_driver_sql(stmt)
        con.execute(text("INSERT INTO teams (id, name, token_hash, created_at) VALUES (1, 'alpha', :h, :t)"),
                    {"h": hash_token("alpha-token"), "t": now})
        con.execute(text(
            "INSERT INTO results (id, kind, team_id, system, collection, version, major, minor, patch, convention, k, "
            "questions, status, hidden, created_at, decided_at, payload_sha256, baseline_key, notes) VALUES "
            "(1, 'submission', 1, 'alpha', 'news-en', '1.0.0', 1, 0, 0, 'benchmill', 5, 5, 'approved', :f, :t, :t, "
            "'ab', NULL, '[]')"), {"t": now, "f": False})
        con.execute(text("INSERT INTO scores (id, result_id, qtype, metric, value, count) VALUES "
                         "(1, 1, '*', 'rouge_l', 0.75, 5), (2, 1, 'simple', 'rouge_l', 0.5, 2)"))
        con.execute(text("INSERT INTO audit_log (id, at, actor, action, result_id, detail) VALUES "
                         "(1, :t, 'admin', 'approve', 1, 'news-en@1.0.0 alpha')"), {"t": now})
        if dialect == "postgresql":  # the rows above took explicit ids: move the sequences past them
            for table in ("teams", "results", "scores", "audit_log"):
                con.exec_driver_sql(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), 10)")
    engine.dispose()


def test_a_new_database_is_at_the_newest_version(home, db_url):
    portal = Portal(portal_settings(home, db_url))
    portal.close()
    assert _versions(db_url) == [v for v, _, _ in migrations.MIGRATIONS]
    portal = Portal(portal_settings(home, db_url))  # a second start applies nothing
    assert migrations.migrate(portal.engine) == []
    portal.close()
    assert _versions(db_url) == [v for v, _, _ in migrations.MIGRATIONS]


def test_a_version_less_database_upgrades_in_place(home, db_url, tmp_path):
    _make_v1(db_url)
    portal = Portal(portal_settings(home, db_url))
    try:
        assert _versions(db_url) == [v for v, _, _ in migrations.MIGRATIONS]
        # the rows are kept and the portal works on them
        team = portal.team_for("alpha-token")
        assert team is not None and team.name == "alpha"
        board = portal.leaderboard("news-en", version="1.0.0")
        assert [(r["system"], r["overall"]["rouge_l"]) for r in board["rows"]] == [("alpha", 0.75)]
        assert [e["action"] for e in portal.audit_log()] == ["approve"]
        # migration 2's columns: a result scored before it was scored by the rules engine, its scores carry no note
        assert portal.result_view(1)["engine"] == "rules" and portal.result_view(1)["metric_notes"] == {}
        portal.create_team("beta")  # new rows take new ids
        assert portal.decide(1, "hide", actor="admin:cli")["hidden"] is True
    finally:
        portal.close()
    # the upgraded schema is the one a new database gets
    fresh = f"sqlite:///{tmp_path / 'fresh.sqlite'}" if db_url.startswith("sqlite") else None
    if fresh is None:
        from sqlalchemy.engine import make_url

        u = make_url(db_url)
        engine = create_engine(u.set(database="postgres"), isolation_level="AUTOCOMMIT")
        with engine.connect() as con:
            con.exec_driver_sql(f"CREATE DATABASE {u.database}_fresh")
        engine.dispose()
        fresh = u.set(database=f"{u.database}_fresh").render_as_string(hide_password=False)
    Portal(portal_settings(home, fresh)).close()
    assert _columns(db_url) == _columns(fresh)


def test_migrations_run_in_order_once_and_a_failed_one_changes_nothing(home, db_url, monkeypatch):
    _make_v1(db_url)
    ran = []

    def add_column(conn):
        ran.append("add")
        conn.exec_driver_sql("ALTER TABLE results ADD COLUMN reviewer VARCHAR(100)")

    def fill(conn):
        ran.append("fill")  # needs the column of the step before
        conn.exec_driver_sql("UPDATE results SET reviewer = 'nobody'")

    def broken(conn):
        ran.append("broken")
        raise RuntimeError("step failed")

    n = latest()
    steps = [(n + 1, "add reviewer", add_column), (n + 2, "fill reviewer", fill), (n + 3, "broken", broken)]
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, *steps])
    with pytest.raises(RuntimeError, match="step failed"):
        Portal(portal_settings(home, db_url))
    assert ran == ["add", "fill", "broken"]
    assert "reviewer" not in _columns(db_url)["results"]  # rolled back as one transaction
    assert VERSION_TABLE not in _columns(db_url)

    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS[:-1]])
    ran.clear()
    Portal(portal_settings(home, db_url)).close()
    assert ran == ["add", "fill"] and _versions(db_url)[-2:] == [n + 1, n + 2]
    assert "reviewer" in _columns(db_url)["results"]
    ran.clear()
    Portal(portal_settings(home, db_url)).close()
    assert ran == []


def test_a_newer_database_is_refused_in_one_line(home, db_url, monkeypatch):
    Portal(portal_settings(home, db_url)).close()
    engine = create_engine(db_url)
    with engine.begin() as con:
        con.execute(text(f"INSERT INTO {VERSION_TABLE} (version, description, applied_at) VALUES (99, 'future', :t)"),
                    {"t": datetime(2030, 1, 1)})
    engine.dispose()
    with pytest.raises(PortalSchemaError) as err:
        Portal(portal_settings(home, db_url))
    message = str(err.value)
    assert "\n" not in message and f"schema version 99, newer than this benchmill's {latest()}" in message
    monkeypatch.setenv("BENCHMILL_PORTAL__DATABASE_URL", db_url)
    result = CliRunner().invoke(app, ["portal-admin", "queue"])
    assert result.exit_code == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "schema version 99" in lines[0] and "upgrade benchmill" in lines[0], result.stderr
    assert lines[0].startswith("benchmill: error: portal database ") and lines[0].count("portal database") == 1
