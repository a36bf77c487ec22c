"""The portal's own database (SQLAlchemy 2.0): teams, hashed tokens, results and their scores,
publication decisions and the audit log. SQLite file by default, PostgreSQL by URL
(``[portal] database_url``). It shares nothing with the pipeline's DuckDB store."""
from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import datetime, timezone
from pathlib import Path

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, sessionmaker


def utcnow() -> datetime:
    return datetime.now(timezone.utc).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class Team(Base):
    __tablename__ = "teams"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class AdminToken(Base):
    __tablename__ = "admin_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


#: publication states of a team's result; baselines are ``baseline``
PRIVATE, REQUESTED, APPROVED, REJECTED, BASELINE = "private", "requested", "approved", "rejected", "baseline"


class Result(Base):
    """One scored run on one release: a team's submission or an imported baseline report."""

    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("baseline_key", name="uq_results_baseline_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # submission | baseline
    team_id: Mapped[int | None] = mapped_column(ForeignKey("teams.id"), nullable=True, index=True)
    system: Mapped[str] = mapped_column(String(200))  # the team's name or the baseline's system label
    collection: Mapped[str] = mapped_column(String(100), index=True)
    version: Mapped[str] = mapped_column(String(32))
    major: Mapped[int] = mapped_column(Integer)
    minor: Mapped[int] = mapped_column(Integer)
    patch: Mapped[int] = mapped_column(Integer)
    convention: Mapped[str] = mapped_column(String(32))
    k: Mapped[int | None] = mapped_column(Integer, nullable=True)
    questions: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default=PRIVATE)
    #: the engine that scored it: ``llm`` (keypoint and judge metrics too) or ``rules`` (those skipped)
    engine: Mapped[str] = mapped_column(String(16), default="rules", server_default="rules")
    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    decided_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    payload_sha256: Mapped[str] = mapped_column(String(64), default="")
    #: ``<collection>@<version>/<system>`` for a baseline (one row per report file), NULL for submissions
    baseline_key: Mapped[str | None] = mapped_column(String(400), nullable=True)
    notes: Mapped[list] = mapped_column(JSON, default=list)

    team: Mapped[Team | None] = relationship()
    scores: Mapped[list["Score"]] = relationship(back_populates="result", cascade="all, delete-orphan",
                                                 order_by="Score.id")

    @property
    def ref(self) -> str:
        return f"{self.collection}@{self.version}"


class Score(Base):
    """Mean of one metric over one result's questions, overall (``qtype='*'``) or of one question type."""

    __tablename__ = "scores"
    __table_args__ = (UniqueConstraint("result_id", "qtype", "metric", name="uq_scores"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    result_id: Mapped[int] = mapped_column(ForeignKey("results.id", ondelete="CASCADE"), index=True)
    qtype: Mapped[str] = mapped_column(String(64))
    metric: Mapped[str] = mapped_column(String(64))
    value: Mapped[float | None] = mapped_column(Float, nullable=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
    #: why the value is missing or partial: ``skipped: needs llm``, or how many LLM replies were unusable
    note: Mapped[str | None] = mapped_column(String(200), nullable=True)

    result: Mapped[Result] = relationship(back_populates="scores")


class AuditEntry(Base):
    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)
    actor: Mapped[str] = mapped_column(String(120))  # team:<name> | admin | system
    action: Mapped[str] = mapped_column(String(40))
    result_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    detail: Mapped[str] = mapped_column(Text, default="")


# ------------------------------------------------------------------ tokens
def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """Tokens are random (256 bits), so one SHA-256 is enough: the database never holds a usable token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("ascii"), b.encode("ascii"))


# ------------------------------------------------------------------ engine
def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file gets its folder created, WAL and a busy timeout."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_con, _record):  # pragma: no cover - trivial
            cur = dbapi_con.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def init_db(url: str) -> tuple[Engine, sessionmaker]:
    """An engine on ``url`` with the schema brought up to date (portal/migrations.py)."""
    from portal.migrations import migrate

    engine = make_engine(url)
    try:
        migrate(engine)
    except BaseException:
        engine.dispose()
        raise
    return engine, sessionmaker(engine, expire_on_commit=False)
