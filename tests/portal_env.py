"""Test harness of the validation portal: a real uvicorn server on 127.0.0.1 in a thread, a
real PostgreSQL 15 server (initdb + pg_ctl under the ``postgres`` user), release folders in
the export layout and baseline report files as the auto-evaluation writes them."""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from benchmill.settings import PortalSettings, load_settings
from tests.fixtures.eval.release_builder import corpus, write_release

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(app):
    """``app`` on a real uvicorn server on 127.0.0.1; yields its base URL."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("portal test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def gold_submission(lang: str = "en", wrong: bool = False) -> dict:
    """Every question answered with its gold texts and first gold answer (or all wrong)."""
    out = {}
    for q in corpus(lang)["qa"]:
        out[str(q["public_id"])] = {"found_ids": [] if wrong else list(q["text_ids"]),
                                    "model_answer": "no idea" if wrong else q["answers"][0]}
    return out


def private_strings(lang: str = "en") -> list[str]:
    """Strings of the private split that no response may carry: gold answers and references."""
    out = []
    for q in corpus(lang)["qa"]:
        out += [a for a in q["answers"] if len(a) > 3] + q["references"] + q["keypoints"]
    return out


def make_home(root: Path, versions=("1.0.0", "1.1.0")) -> Path:
    for v in versions:
        write_release(root / "releases", "news-en", v)
    return root


def portal_settings(home: Path, database_url: str, **portal):
    cfg = {"database_url": database_url, "admin_token": "admin-secret-token", **portal}
    return load_settings(None, releases_dir=home / "releases", reports_dir=home / "reports",
                         portal=PortalSettings(**cfg))


def write_baseline(home: Path, collection: str, version: str, system: str, wrong: bool = False) -> Path:
    """A baseline report file exactly as ``benchmill evaluate --json`` writes it (the auto-evaluation's contract)."""
    from tasks.evaluate.release_data import load_release
    from tasks.evaluate.scoring import parse_submission, score_submission

    data = load_release(home / "releases" / collection / version, collection, version)
    report = score_submission(data, parse_submission(gold_submission(wrong=wrong)), k=5, llm_metrics=False)
    report.kind, report.system = "baseline", system
    path = home / "reports" / "baselines" / f"{collection}@{version}" / f"{system}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=1), encoding="utf-8")
    return path


class PostgresServer:
    """A throw-away PostgreSQL 15 cluster on 127.0.0.1 (trust auth), run as the ``postgres`` user."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="benchmill-pg-"))
        self.port = free_port()
        self._n = 0

    def _as_pg(self, *cmd: str, check: bool = True, timeout: float = 60) -> subprocess.CompletedProcess:
        if os.geteuid() == 0:
            cmd = ("runuser", "-u", "postgres", "--", *cmd)
        return subprocess.run(cmd, capture_output=True, text=True, check=check, timeout=timeout)

    def start(self) -> None:
        if not (PG_BIN / "initdb").exists():
            raise RuntimeError(f"PostgreSQL 15 is not installed ({PG_BIN}/initdb missing)")
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres", "postgres")
        data = self.dir / "data"
        self._as_pg(str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync")
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        proc = self._as_pg(str(PG_BIN / "pg_ctl"), "-D", str(data), "-o", opts, "-l", str(self.dir / "log"), "-w",
                           "start", check=False)
        if proc.returncode != 0:
            log = (self.dir / "log").read_text(errors="replace") if (self.dir / "log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {proc.stderr.strip()} {log[-500:]}")

    def new_database(self) -> str:
        import psycopg

        self._n += 1
        name = f"portal_{self._n}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True) as con:
            con.execute(f"CREATE DATABASE {name}")
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        self._as_pg(str(PG_BIN / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "stop", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)


# ---- pytest fixtures shared by the portal test modules (import them by name)
@pytest.fixture(scope="module")
def postgres():
    server = PostgresServer()
    try:
        server.start()
    except Exception as exc:  # noqa: BLE001 - any reason the server cannot start is a skip with its message
        server.stop()
        pytest.skip(f"PostgreSQL 15 cannot start here: {exc}")
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'portal.sqlite'}"
    return request.getfixturevalue("postgres").new_database()
