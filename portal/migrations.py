"""Schema versions of the portal database: ordered migrations, recorded in ``portal_schema_version``.

Append a migration to change the schema, and change the models in ``portal/db.py`` to match;
never edit an applied one. On every start (``portal.db.init_db``):

- a new database gets the models' tables (``create_all``) and every migration recorded as
  applied: the models *are* the newest schema;
- a database without ``portal_schema_version`` but with the portal's tables was made by
  benchmill before schema versions (``create_all`` only): that schema is version 1;
- the migrations after the database's version run in order, all in one transaction
  (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: a transaction-scoped advisory lock), so
  several portal processes starting at once migrate once and a failed step leaves the
  database as it was;
- a database whose version is newer than the last migration here was written by a newer
  benchmill: refused with one line (``PortalSchemaError``), nothing is changed.
"""
from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection, Engine

from portal.db import Base, utcnow

VERSION_TABLE = "portal_schema_version"
_PG_LOCK_KEY = 0x62656E63686D  # pg_advisory_xact_lock key of portal migrations ("benchm")


class PortalSchemaError(Exception):
    """The database's schema cannot be used by this benchmill (newer, or unknown)."""


def _v1(conn: Connection) -> None:
    """The tables as the first portal created them (teams, admin tokens, results, scores, audit log)."""
    raise PortalSchemaError("version 1 is never migrated to: it is the schema a new database gets or had")


def _v2(conn: Connection) -> None:
    conn.exec_driver_sql("ALTER TABLE results ADD COLUMN engine VARCHAR(16) DEFAULT 'rules' NOT NULL")
    conn.exec_driver_sql("ALTER TABLE scores ADD COLUMN note VARCHAR(200)")


#: (version, description, step); a step gets the migration's connection (inside its transaction)
MIGRATIONS: list[tuple[int, str, Callable[[Connection], None]]] = [
    (1, "initial schema: teams, admin_tokens, results, scores, audit_log", _v1),
    (2, "results.engine and scores.note: LLM metrics scored, or why not", _v2),
]


def latest() -> int:
    return MIGRATIONS[-1][0]


def _describe(engine: Engine) -> str:
    return engine.url.render_as_string(hide_password=True)


def current_version(conn: Connection) -> int | None:
    """The version recorded in the database; 1 for a version-less portal database, None for an empty one."""
    insp = inspect(conn)
    if insp.has_table(VERSION_TABLE):
        found = conn.execute(text(f"SELECT max(version) FROM {VERSION_TABLE}")).scalar()
        return int(found) if found is not None else None
    return 1 if insp.has_table("results") else None


def _record(conn: Connection, version: int, description: str) -> None:
    conn.execute(text(f"INSERT INTO {VERSION_TABLE} (version, description, applied_at) VALUES (:v, :d, :t)"),
                 {"v": version, "d": description, "t": utcnow()})


def migrate(engine: Engine) -> list[int]:
    """Bring the database to the newest schema; returns the versions applied (empty when current)."""
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if sqlite else "BEGIN")
        try:
            if not sqlite:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _PG_LOCK_KEY})
            applied = _migrate(conn, _describe(engine))
            conn.exec_driver_sql("COMMIT")
        except BaseException:
            conn.exec_driver_sql("ROLLBACK")
            raise
    return applied


def _migrate(conn: Connection, where: str) -> list[int]:
    version = current_version(conn)
    if version is not None and version > latest():
        raise PortalSchemaError(
            f"portal database {where} has schema version {version}, newer than this benchmill's {latest()}: "
            f"upgrade benchmill, or point [portal] database_url at another database")
    conn.exec_driver_sql(f"CREATE TABLE IF NOT EXISTS {VERSION_TABLE} (version INTEGER PRIMARY KEY, "
                         f"description VARCHAR(200) NOT NULL, applied_at TIMESTAMP NOT NULL)")
    if version is None:  # a new database: the models are the newest schema
        Base.metadata.create_all(conn)
        for v, description, _ in MIGRATIONS:
            _record(conn, v, description)
        return [v for v, _, _ in MIGRATIONS]
    applied = []
    if not conn.execute(text(f"SELECT 1 FROM {VERSION_TABLE} WHERE version = 1")).first():
        _record(conn, 1, MIGRATIONS[0][1])  # a version-less database: record what it has
    for v, description, step in MIGRATIONS:
        if v > version:
            step(conn)
            _record(conn, v, description)
            applied.append(v)
    return applied
