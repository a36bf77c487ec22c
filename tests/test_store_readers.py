"""Readers and the writer in separate processes; damaged, truncated and foreign store files."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from bench.corpus import make_articles, write_folder
from benchmill.store import Store, StoreError
from schemas import FetchedDocument, NewVersion

ROOT = Path(__file__).resolve().parent.parent


def _versions(n: int, size: int = 2000) -> list[NewVersion]:
    out = []
    for i in range(n):
        url = f"http://a/{i}"
        text = (f"Paragraph {i} " + "x" * size + "\n\n") * 2
        doc = FetchedDocument(source="s", url=url, canonical_url=url, lang="en", text=text, content_hash=f"h{i}")
        out.append(NewVersion(doc=doc, doc_id=f"d{i}", version_id=f"v{i}", seq=1, status="new",
                              new_paragraphs=text.split("\n\n")))
    return out


def _env(tmp_path: Path, store: Path) -> dict[str, str]:
    return {**os.environ, "BENCHMILL_STORE": str(store), "BENCHMILL_RELEASES_DIR": str(tmp_path / "rel"),
            "BENCHMILL_WIKIDATA__INDEX": str(tmp_path / "wd.duckdb"), "BENCHMILL_ENGINE": "rules",
            "BENCHMILL_LANGUAGES": '["en"]', "PREFECT_HOME": str(tmp_path / "prefect"),
            "PREFECT_LOCAL_STORAGE_PATH": str(tmp_path / "results"),
            "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "90"}  # 2 shared CPUs: be patient


def _cli(args: list[str], env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "benchmill", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


def test_writer_waits_for_a_reader_process_then_succeeds(tmp_path: Path):
    path = tmp_path / "s.duckdb"
    with Store.writer(path, "r0") as store:
        store.write_versions(_versions(3), "r0")
    holder = subprocess.Popen(
        [sys.executable, "-c",
         f"import duckdb, sys, time; c = duckdb.connect({str(path)!r}, read_only=True); "
         "print('open', flush=True); time.sleep(3); c.close()"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "open"
        started = time.monotonic()
        with Store.writer(path, "r1") as store:  # would fail at once before: the reader holds the file
            waited = time.monotonic() - started
            store.write_versions(_versions(5), "r1")
        assert waited > 1.0, "the writer did not have to wait: the test proves nothing"
    finally:
        holder.wait(10)
    assert Store.reader(path).counts()["documents"] == 5


def test_reader_in_another_process_reads_the_snapshot_while_a_writer_runs(tmp_path: Path):
    path = tmp_path / "s.duckdb"
    with Store.writer(path, "r0") as store:
        store.write_versions(_versions(2), "r0")
    code = ("from benchmill.store import Store; s = Store.reader(%r); print(s.counts()['documents'])" % str(path))
    with Store.writer(path, "r1") as store:
        store.write_versions(_versions(4), "r1")  # committed, but after the snapshot
        proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip() == "2"
        assert "is being written by run r1; showing the state as of" in proc.stderr
        store.write_versions(_versions(6), "r1")  # the writer was not disturbed
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "6" and proc.stderr == ""
    assert not Path(str(path) + ".snapshot").exists()


def test_readers_in_a_loop_during_a_real_daily_run(tmp_path: Path):
    folder = write_folder(make_articles("en", 20, seed=5), tmp_path / "src")
    store = tmp_path / "s.duckdb"
    env = _env(tmp_path, store)
    # a first run so readers have something to read throughout the second one
    first = _cli(["daily", "--json", "--source", str(folder)], env, timeout=300)
    assert first.returncode == 0, first.stderr[-2000:]
    folder2 = write_folder(make_articles("en", 30, seed=6), tmp_path / "src2")
    out_f, err_f = open(tmp_path / "daily.out", "w+"), open(tmp_path / "daily.err", "w+")  # files: a full pipe would block it
    daily = subprocess.Popen([sys.executable, "-m", "benchmill", "daily", "--json", "--source", str(folder2)],
                             cwd=ROOT, env=env, stdout=out_f, stderr=err_f, text=True)
    calls, during = [], 0
    while daily.poll() is None:
        for args in (["runs", "--json"], ["releases", "list", "--json"]):
            proc = _cli(args, env)
            calls.append((args, proc.returncode, proc.stderr))
            if "is being written by run" in proc.stderr:
                during += 1
    daily.wait(60)
    out, err = (tmp_path / "daily.out").read_text(), (tmp_path / "daily.err").read_text()
    assert daily.returncode == 0, err[-3000:]
    assert json.loads(out)["increment"] == 30
    bad = [c for c in calls if c[1] != 0]
    assert not bad, bad[:3]
    assert during >= 1, "no reader ran while the writer was live: the test proves nothing"
    runs = json.loads(_cli(["runs", "--json"], env).stdout)
    assert [r["status"] for r in runs][:2] == ["completed", "completed"]


def _populated(path: Path) -> None:
    with Store.writer(path, "r0") as store:
        store.write_versions(_versions(1500), "r0")


def _one_line_exit_2(proc: subprocess.CompletedProcess, *needles: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    for n in needles:
        assert n in lines[0], lines[0]
    return lines[0]


def test_corrupt_store_names_the_damaged_table(tmp_path: Path):
    path = tmp_path / "s.duckdb"
    _populated(path)
    # flip one byte every 4 KiB through the middle third of the file (document_versions' data
    # blocks; a single 64-byte flip can land in a block's unused tail, which no checksum covers)
    data = bytearray(path.read_bytes())
    for off in range(len(data) // 3, 2 * len(data) // 3, 4096):
        data[off] ^= 0xFF
    path.write_bytes(bytes(data))
    folder = write_folder(make_articles("en", 2, seed=1), tmp_path / "src")
    proc = _cli(["daily", "--source", str(folder)], _env(tmp_path, path))  # a fresh process: no cached blocks
    _one_line_exit_2(proc, str(path), "is damaged: table document_versions cannot be read", "checksum")


def test_truncated_garbage_and_foreign_files_fail_in_one_line(tmp_path: Path):
    truncated = tmp_path / "t.duckdb"
    _populated(truncated)
    with open(truncated, "r+b") as f:
        f.truncate(os.path.getsize(truncated) // 3)
    text = tmp_path / "notes.duckdb"
    text.write_text("just some notes, not a database\n" * 50)
    foreign = tmp_path / "foreign.duckdb"
    con = duckdb.connect(str(foreign))
    con.execute("CREATE TABLE t (x INT)")
    con.close()
    for path, needle in [(truncated, "not a readable DuckDB file"), (text, "not a readable DuckDB file"),
                         (foreign, "is a DuckDB file but not a benchmill store")]:
        for args in (["runs", "--store", str(path)], ["releases", "list", "--store", str(path)]):
            _one_line_exit_2(_cli(args, os.environ.copy()), str(path), needle)


def test_a_store_whose_file_shrank_on_close_is_not_called_truncated(tmp_path: Path):
    # DuckDB cuts trailing free blocks off the file on close but still counts them in
    # pragma_database_size().total_blocks: after a writer deleted rows, a healthy store is
    # shorter than "header + total_blocks" and was reported as truncated to every reader
    path = tmp_path / "s.duckdb"
    shrank = False
    for i in range(4):
        writer = Store.writer(path, f"run{i}")
        with writer.connect() as con:
            con.execute("CREATE TABLE IF NOT EXISTS scratch (x VARCHAR)")
            con.execute("INSERT INTO scratch SELECT repeat('x', 1000) FROM range(20000)")
            if i % 2:
                con.execute("DELETE FROM scratch")
        writer.close()
        con = duckdb.connect(str(path), read_only=True)
        block_size, total_blocks = con.execute("SELECT block_size, total_blocks FROM pragma_database_size()").fetchone()
        con.close()
        shrank |= os.path.getsize(path) < 3 * 4096 + total_blocks * block_size
        with Store.reader(path).connect() as con:  # raised StoreError("... truncated ...") before
            assert con.execute("SELECT count(*) FROM runs").fetchone()[0] >= 0
    assert shrank, "the case under test did not occur: no close left the file shorter than its block count"
