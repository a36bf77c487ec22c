"""Fault injection (issue 7): a real ``benchmill daily`` process is SIGKILLed at every stage
boundary and inside the export (benchmill/faults.py), started again, and what it finally
publishes must be exactly what one uninterrupted run publishes: every export file
byte-identical and the store's logical content equal, with no duplicates.

A flow subprocess costs tens of seconds here (models, Prefect), so one store takes the
kills one after another: each run is killed at the next failpoint, and so resumes from
the state the previous kill left (every failpoint is a crash the next run must finish),
then a last run without a fault completes. The baseline is a separate store built by one
uninterrupted run.

What legitimately differs between two independent runs, and is normalised here (and only
this): run ids and wall-clock timestamps (``run_id``, ``first_run``, ``consumed_by``,
``*_at`` columns, the ``runs`` table itself, ``first_run`` of the edges inside an item's
``subgraph`` JSON) and the manifest's ``created`` (the release row's creation time; the
manifest stored in ``releases`` is compared without it). Export files need no
normalising but the manifest's ``created``.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import duckdb
import httpx
import pytest

from bench.corpus import Article, make_articles, write_folder

ROOT = Path(__file__).resolve().parent.parent

#: every failpoint of the daily flow, in the order one run reaches them
FAILPOINTS = [
    "crawl", "diff",
    "triplets[en]", "linking[en]", "novelty[en]", "graph[en]", "questions[en]",
    "triplets[ru]", "linking[ru]", "novelty[ru]", "graph[ru]", "questions[ru]",
    "filter:acceptability", "filter:graph_correspondence", "filter:ner_presence", "filter:duplicates", "filter:answer_leaks", "filter:closed_book",
    "filter:llm_judge",
    "mark_consumed",         # increment marked consumed, nothing released: the rerun's increment is empty
    "release_committed",     # news-en's rows committed, its folder not written
    "export_before_rename",  # the rerun re-exports news-en and dies inside the export: a temp folder is left
    "released[news-en]",     # between the languages' releases: news-ru not yet released
    "release_committed",     # news-ru's rows committed, not exported
]
#: columns whose values name a run or a wall-clock time
RUN_DEPENDENT = {"run_id", "first_run", "consumed_by", "consumed_at", "recorded_at", "created_at", "fetched_at",
                 "first_seen_at", "applied_at", "ready_by"}
TABLES = ["sources", "documents", "document_versions", "passages", "triplets", "entities", "edges", "items", "verdicts",
          "releases", "release_items", "release_texts", "release_settled", "failures"]


def _env(tmp: Path, store: str) -> dict[str, str]:
    base = tmp / store
    return {**os.environ, "PREFECT_API_URL": (tmp / "api_url").read_text(), "BENCHMILL_STORE": str(base / "s.duckdb"), "BENCHMILL_RELEASES_DIR": str(base / "rel"),
            "BENCHMILL_WIKIDATA__INDEX": str(tmp / "wd.duckdb"), "BENCHMILL_ENGINE": "rules",
            "BENCHMILL_LANGUAGES": '["en", "ru"]', "PREFECT_HOME": str(tmp / "prefect"),
            "PREFECT_LOCAL_STORAGE_PATH": str(base / "results"), "BENCHMILL_FAULT_AT": ""}


def _daily(tmp: Path, store: str, sources: list[Path], fault: str = "") -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "benchmill", "daily", "--json"] + [a for s in sources for a in ("--source", str(s))]
    env = {**_env(tmp, store), "BENCHMILL_FAULT_AT": fault}
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=400)


def _exports(rel: Path) -> dict[str, bytes]:
    out = {}
    for p in sorted(rel.rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            if p.name == "manifest.json":
                m = json.loads(data)
                m.pop("created")
                data = json.dumps(m, sort_keys=True).encode()
            out[str(p.relative_to(rel))] = data
    return out


def _store_content(path: Path) -> dict[str, list[tuple]]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        out = {}
        for table in TABLES:
            cols = [r[0] for r in con.execute(f"DESCRIBE {table}").fetchall() if r[0] not in RUN_DEPENDENT]
            select = ", ".join(f'"{c}"' for c in cols)
            rows = con.execute(f"SELECT {select} FROM {table}").fetchall()
            if table == "releases":  # the stored manifest carries the creation time
                i = cols.index("manifest")
                rows = [(*r[:i], {k: v for k, v in json.loads(r[i]).items() if k != "created"}, *r[i + 1:])
                        for r in rows]
            if table == "items":  # the subgraph an item was asked on names the run that first made each edge
                i = cols.index("subgraph")
                rows = [(*r[:i], _without_first_run(json.loads(r[i])), *r[i + 1:]) for r in rows]
            if table == "failures":  # recorded per run: each input's failure once, whichever run met it
                rows = sorted(set(rows))
            out[table] = sorted(rows, key=repr)
        return out
    finally:
        con.close()


def _uncited(lang: str) -> Article:
    """An article no question can cite (no facts): a distractor text, the 19-vs-20 case."""
    text = {"en": ["Analysts said the season had been quiet so far, with few deals and little news.",
                   "Markets were calm on the day, and trading volumes stayed close to their usual level.",
                   "Observers expect the coming weeks to be just as uneventful as the last ones were."],
            "ru": ["По словам аналитиков, сезон пока был спокойным, сделок и новостей было мало.",
                   "Рынки в этот день были спокойны, объёмы торгов остались на обычном уровне.",
                   "Наблюдатели ожидают, что ближайшие недели будут такими же спокойными, как прошлые."]}[lang]
    return Article(slug=f"{lang}-quiet", lang=lang, title={"en": "A quiet day", "ru": "Спокойный день"}[lang],
                   paragraphs=text, published=datetime(2026, 11, 2, 9, 0), facts=[])


def _without_first_run(subgraph: dict) -> dict:
    return {**subgraph, "edges": [{k: v for k, v in e.items() if k != "first_run"} for e in subgraph["edges"]]}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """The input folders, and one Prefect server for all the module's runs (an ephemeral
    server per run costs seconds and times out on a loaded machine)."""
    tmp = tmp_path_factory.mktemp("faults")
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    api = f"http://127.0.0.1:{port}/api"
    env = {**os.environ, "PREFECT_HOME": str(tmp / "prefect"), "PREFECT_SERVER_ANALYTICS_ENABLED": "false"}
    env.pop("PREFECT_API_URL", None)
    log = tmp / "server.log"
    server = subprocess.Popen([sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1",
                               "--port", str(port)], env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(f"{api}/health", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert server.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.5)
        (tmp / "api_url").write_text(api)
        yield tmp, [write_folder(make_articles("en", 5, seed=3) + [_uncited("en")], tmp / "src-en"),
                    write_folder(make_articles("ru", 5, seed=3) + [_uncited("ru")], tmp / "src-ru")]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


def test_killed_at_every_failpoint_then_resumed_publishes_what_one_run_does(corpus):
    tmp, sources = corpus
    base = _daily(tmp, "baseline", sources)
    assert base.returncode == 0, base.stderr[-3000:]
    assert json.loads(base.stdout)["releases"] == {"news-en": "1.0.0", "news-ru": "1.0.0"}

    for fault in FAILPOINTS:
        proc = _daily(tmp, "killed", sources, fault)
        assert proc.returncode == -9, f"not killed at {fault}: rc {proc.returncode}\n{proc.stderr[-2000:]}"
        if fault == "export_before_rename":
            assert list((tmp / "killed" / "rel" / "news-en").glob(".1.0.0.tmp-*")), "no half-written export left"
    final = _daily(tmp, "killed", sources)
    assert final.returncode == 0, final.stderr[-3000:]

    rel = tmp / "killed" / "rel"
    assert not list(rel.glob("*/.*tmp*")), "a leftover temp folder was not removed"
    assert _exports(rel) == _exports(tmp / "baseline" / "rel")
    got, want = _store_content(tmp / "killed" / "s.duckdb"), _store_content(tmp / "baseline" / "s.duckdb")
    for table in TABLES:
        assert got[table] == want[table], table
    assert len(got["items"]) > 0 and len(got["release_texts"]) > 0
    # the releases hold texts no question cites (what a rerun after `mark_consumed` used to drop)
    con = duckdb.connect(str(tmp / "baseline" / "s.duckdb"), read_only=True)
    try:
        uncited = con.execute(
            """SELECT t.collection, count(*) FROM release_texts t WHERE t.doc_id NOT IN (
                   SELECT unnest(i.doc_ids) FROM release_items r JOIN items i USING (item_id)
                   WHERE r.collection = t.collection) GROUP BY 1 ORDER BY 1""").fetchall()
        assert uncited == [("news-en", 1), ("news-ru", 1)]
    finally:
        con.close()
    con = duckdb.connect(str(tmp / "killed" / "s.duckdb"), read_only=True)
    try:
        runs = con.execute("SELECT status, count(*) FROM runs GROUP BY 1 ORDER BY 1").fetchall()
        # every killed run is left abandoned, but the one killed inside the re-export a
        # writer does before it records its run (``ensure_exports``)
        assert runs == [("abandoned", len(FAILPOINTS) - 1), ("completed", 1)]
        assert con.execute("SELECT count(*) FROM document_versions WHERE consumed_by IS NULL").fetchone()[0] == 0
    finally:
        con.close()
