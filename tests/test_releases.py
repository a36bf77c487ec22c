"""Releases: MINOR bumps, quotas, never-twice, immutable rows, atomic export, diff."""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from benchmill.specs import CollectionSpec
from tasks.dragon.spec import RANKING
from benchmill.releases import (
    ExportError, ReleaseError, diff, ensure_exports, next_version, parse_ref, plan_release, publish, release_dir, resolve,
)
from benchmill.settings import load_settings
from benchmill.store import Store
from schemas import FetchedDocument, Item, Lineage, NewVersion, Verdict

FILTERS = ["graph_correspondence", "llm_judge"]


def _spec(quotas: dict[str, int]) -> CollectionSpec:
    """news-en as DRAGON plans it, with these filters and quotas."""
    return CollectionSpec(name="news-en", method="dragon", lang="en", filters=FILTERS, quotas=quotas, ranking=RANKING)


def _store_with_docs(tmp_path: Path) -> Store:
    store = Store.writer(tmp_path / "s.duckdb", "r1")
    versions = []
    for n in range(4):
        url = f"http://news.example/{n}"
        doc = FetchedDocument(source="s", url=url, canonical_url=url, lang="en", title=f"T{n}",
                              text=f"Article {n} text.", content_hash=f"h{n}")
        versions.append(NewVersion(doc=doc, doc_id=f"d{n}", version_id=f"v{n}", seq=1, status="new",
                                   new_paragraphs=[doc.text]))
    store.write_versions(versions, "r1")
    return store


def _item(n: int, qtype: str = "simple", docs: tuple[str, ...] = ("d0",)) -> Item:
    return Item(item_id=f"i{n:03d}", method="dragon", type=qtype, lang="en", question=f"Question {n}?",
                answers=[f"Answer {n}"], references=[f"ref {n}"], keypoints=[f"kp {n}"], doc_ids=list(docs),
                lineage=Lineage(engine="rules", prompt_name="rules:simple"))


def _verdicts(item_id: str, statuses: dict[str, str], score: float = 1.0) -> list[Verdict]:
    return [Verdict(item_id=item_id, filter=f, status=s, score=score, reason=s) for f, s in statuses.items()]


def test_parse_ref_and_version_bump():
    assert parse_ref("news-en@1.10.0") == ("news-en", "1.10.0")
    assert parse_ref("news-en") == ("news-en", None)
    assert next_version(None) == "1.0.0"
    assert next_version("1.10.0") == "1.11.0"
    with pytest.raises(ReleaseError, match="MAJOR.MINOR.PATCH"):
        parse_ref("news-en@v2")


def test_release_takes_only_accepted_unreleased_items_within_quota(tmp_path: Path):
    settings = load_settings(None, releases_dir=tmp_path / "rel", quotas={"simple": 2, "set": 5})
    with _store_with_docs(tmp_path) as store:
        items = [_item(1), _item(2), _item(3), _item(4, "set", ("d1", "d2")), _item(5), _item(6), _item(7)]
        store.write_items(items, "r1")
        ok = {"graph_correspondence": "passed", "llm_judge": "passed"}
        verdicts = []
        verdicts += _verdicts("i001", ok, 0.9)
        verdicts += _verdicts("i002", ok, 0.5)
        verdicts += _verdicts("i003", ok, 0.7)
        verdicts += _verdicts("i004", {"graph_correspondence": "passed", "llm_judge": "skipped"})  # skipped: neither way
        verdicts += _verdicts("i005", {"graph_correspondence": "rejected", "llm_judge": "passed"})
        verdicts += _verdicts("i006", {"graph_correspondence": "passed", "llm_judge": "error"})  # transient: wait
        verdicts += _verdicts("i007", {"graph_correspondence": "passed"})  # a filter has not spoken yet
        store.write_verdicts(verdicts, "r1")

        store.mark_consumed(["v3"], "r1")  # a consumed document no question cites: a distractor text
        plan = plan_release(store, _spec(settings.quotas))
        assert plan.version == "1.0.0" and plan.parent is None
        # quota 2 for simple keeps the two best judge scores; the set item passes with a skipped filter
        assert sorted(i.item_id for i in plan.items) == ["i001", "i003", "i004"]
        assert plan.doc_ids == ["d0", "d1", "d2", "d3"]
        m = publish(store, settings, plan, run_id="r1", filters=FILTERS)
        assert m.counts_by_type == {"set": 1, "simple": 2}
        assert m.filters["graph_correspondence"].rejected == 1 and m.filters["llm_judge"].errors == 1

        # the item over the quota is held back for good, and the manifest says so
        assert m.held_back_by_quota == {"simple": 1}
        assert plan_release(store, _spec(settings.quotas)) is None

        # the next cycle releases only what was made since 1.0.0; no item is ever released twice
        store.write_items([_item(8), _item(1)], "r2")  # i001 again: an upsert, already released
        store.write_verdicts(_verdicts("i008", ok), "r2")
        plan2 = plan_release(store, _spec(settings.quotas))
        assert [i.item_id for i in plan2.items] == ["i008"] and plan2.version == "1.1.0" and plan2.parent == "1.0.0"
        publish(store, settings, plan2, run_id="r2", filters=FILTERS)
        assert plan_release(store, _spec(settings.quotas)) is None
        with store.connect() as con:
            assert con.execute("SELECT count(*), count(DISTINCT item_id) FROM release_items").fetchall() == [(4, 4)]

        # releases are immutable
        with pytest.raises(ReleaseError, match="immutable"):
            publish(store, settings, plan2, run_id="r3", filters=FILTERS)

        d = diff(store, "news-en@1.0.0", "news-en@1.1.0")
        assert d["questions_added"] == 1 and d["questions_removed"] == 3
        assert resolve(store, "news-en") == ("news-en", "1.1.0")
        with pytest.raises(ReleaseError, match="no release news-en@9.0.0"):
            resolve(store, "news-en@9.0.0")


def test_export_layout_checksums_and_datasets_loading(tmp_path: Path):
    settings = load_settings(None, releases_dir=tmp_path / "rel", quotas={"simple": 10, "set": 10})
    with _store_with_docs(tmp_path) as store:
        store.write_items([_item(1), _item(2, "set", ("d1", "d2"))], "r1")
        ok = {"graph_correspondence": "passed", "llm_judge": "skipped"}
        store.write_verdicts(_verdicts("i001", ok) + _verdicts("i002", ok), "r1")
        plan = plan_release(store, _spec(settings.quotas))
        m = publish(store, settings, plan, run_id="r1", filters=FILTERS)
        folder = release_dir(settings, "news-en", "1.0.0")
        assert m.skipped_filters == ["llm_judge"]
        assert m.filters["llm_judge"].skipped_reason == "skipped"
        manifest = json.loads((folder / "manifest.json").read_text())
        for rel, digest in manifest["files"].items():
            assert hashlib.sha256((folder / rel).read_bytes()).hexdigest() == digest
        assert not list(tmp_path.glob("rel/news-en/.*tmp*"))

        import datasets

        qa = datasets.load_dataset("parquet", data_files=str(folder / "private/qa.parquet"), split="train")
        texts = datasets.load_dataset("parquet", data_files=str(folder / "public/texts.parquet"), split="train")
        mapping = datasets.load_dataset("parquet", data_files=str(folder / "private/texts.parquet"), split="train")
        questions = datasets.load_dataset("parquet", data_files=str(folder / "public/questions.parquet"), split="train")
        assert sorted(questions["question"]) == ["Question 1?", "Question 2?"]
        internal_to_public = dict(zip(mapping["id"], mapping["public_id"]))
        set_row = next(r for r in qa if r["type"] == "set")
        assert sorted(set_row["text_ids"]) == sorted([internal_to_public["d1"], internal_to_public["d2"]])
        assert {r["id"] for r in texts} == set(internal_to_public.values())
        # public texts carry no internal ids
        assert set(texts.column_names) == {"id", "text", "title"}

        # a run killed between commit and export: the next run re-exports
        import shutil

        shutil.rmtree(folder)
        assert ensure_exports(store, settings) == ["news-en@1.0.0"]
        assert (folder / "manifest.json").exists()
        assert ensure_exports(store, settings) == []


def test_item_with_an_error_verdict_is_released_once_it_passes(tmp_path: Path):
    """Issue 7.3: planning is by "accepted and never released or settled", not by creation time."""
    settings = load_settings(None, releases_dir=tmp_path / "rel", quotas={"simple": 10})
    ok = {"graph_correspondence": "passed", "llm_judge": "passed"}
    with _store_with_docs(tmp_path) as store:
        store.write_items([_item(1), _item(2), _item(3)], "r1")
        store.write_verdicts(_verdicts("i001", ok) + _verdicts("i003", {"graph_correspondence": "rejected"})
                             + _verdicts("i002", {"graph_correspondence": "passed", "llm_judge": "error"}), "r1")
        m1 = publish(store, settings, plan_release(store, _spec(settings.quotas)), run_id="r1", filters=FILTERS)
        assert m1.questions == 1 and m1.filters["llm_judge"].errors == 1
        # the next run (items made later, none of them new) re-judges i002, which now passes
        store.write_items([_item(4)], "r2")
        store.write_verdicts(_verdicts("i002", ok, 0.8) + _verdicts("i004", ok), "r2")
        plan = plan_release(store, _spec(settings.quotas))
        assert [i.item_id for i in plan.items] == ["i002", "i004"] and plan.version == "1.1.0"
        m2 = publish(store, settings, plan, run_id="r2", filters=FILTERS)
        # the cycle's statistics: i002 and i004, not i001 (released) nor i003 (settled as rejected by 1.0.0)
        assert m2.filters["graph_correspondence"].evaluated == 2 and m2.filters["llm_judge"].errors == 0
        with store.connect() as con:
            assert con.execute("SELECT item_id, outcome FROM release_settled").fetchall() == [("i003", "rejected")]


def test_texts_do_not_depend_on_which_run_consumed_the_increment(tmp_path: Path):
    """Issue 7.2 (news-ru 19 vs 20 texts): a run killed after marking its increment consumed
    is released by a rerun whose increment is empty; uncited consumed texts still go in."""
    settings = load_settings(None, releases_dir=tmp_path / "rel", quotas={"simple": 10})
    with _store_with_docs(tmp_path) as store:
        store.write_items([_item(1)], "r1")
        store.write_verdicts(_verdicts("i001", {"graph_correspondence": "passed", "llm_judge": "passed"}), "r1")
        store.mark_consumed(["v0", "v1", "v2", "v3"], "r1")  # ...and r1 dies here; r2's increment is empty
        assert store.pending_versions(["en"]) == []
        plan = plan_release(store, _spec(settings.quotas))
        assert plan.doc_ids == ["d0", "d1", "d2", "d3"]
        m = publish(store, settings, plan, run_id="r2", filters=FILTERS)
        assert m.texts == 4
        # the next release publishes only texts the collection has not published (or cited ones)
        store.write_items([_item(2)], "r3")
        store.write_verdicts(_verdicts("i002", {"graph_correspondence": "passed", "llm_judge": "passed"}), "r3")
        assert plan_release(store, _spec(settings.quotas)).doc_ids == ["d0"]


@contextmanager
def _unwritable(folder: Path):
    """The folder cannot take an export: read-only for a normal user; as root (who writes
    anyway) a 64 KB tmpfs mounted on it, so the export runs out of space (ENOSPC)."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield "read-only"
        finally:
            folder.chmod(0o755)
        return
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], capture_output=True).returncode:
        pytest.skip("root without permission to mount a tmpfs: no way to make a folder unwritable")
    try:
        (folder / "filler").write_bytes(b"x" * 40_000)  # what is left is less than the export needs
        yield "full disk"
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_failed_export_names_the_folder_leaves_no_temp_and_is_redone(tmp_path: Path):
    settings = load_settings(None, releases_dir=tmp_path / "rel", quotas={"simple": 10})
    coll = tmp_path / "rel" / "news-en"
    coll.mkdir(parents=True)
    with _store_with_docs(tmp_path) as store:
        store.write_items([_item(n) for n in range(1, 40)], "r1")
        store.write_verdicts([v for n in range(1, 40) for v in _verdicts(
            f"i{n:03d}", {"graph_correspondence": "passed", "llm_judge": "passed"})], "r1")
        plan = plan_release(store, _spec({"simple": 100}))
        with _unwritable(coll) as how:
            with pytest.raises(ExportError, match=r"cannot export news-en@1.0.0 to .*news-en/1.0.0"):
                publish(store, settings, plan, run_id="r1", filters=FILTERS)
            assert not list(coll.glob(".*tmp*")), how  # no temp folder left behind
        # a leftover of an export killed before its rename (its process is gone)
        leftover = coll / ".0.9.0.tmp-999999999"
        (leftover / "public").mkdir(parents=True)
        (leftover / "public" / "texts.parquet").write_bytes(b"half")
        assert ensure_exports(store, settings) == ["news-en@1.0.0"]
        assert sorted(p.name for p in coll.iterdir()) == ["1.0.0"]
        first = {p.relative_to(coll): p.read_bytes() for p in coll.rglob("*") if p.is_file()}
        # exports are deterministic: the same rows give byte-identical files
        shutil.rmtree(coll / "1.0.0")
        ensure_exports(store, settings)
        assert {p.relative_to(coll): p.read_bytes() for p in coll.rglob("*") if p.is_file()} == first


def test_cli_prints_one_line_for_a_failed_export(tmp_path: Path):
    settings = load_settings(None, releases_dir=tmp_path / "rel", quotas={"simple": 10})
    with _store_with_docs(tmp_path) as store:
        store.write_items([_item(1)], "r1")
        store.write_verdicts(_verdicts("i001", {"graph_correspondence": "passed", "llm_judge": "passed"}), "r1")
        publish(store, settings, plan_release(store, _spec(settings.quotas)), run_id="r1", filters=FILTERS)
    (tmp_path / "blocked").write_text("a file where the export folder's parent should be")
    proc = subprocess.run([sys.executable, "-m", "benchmill", "releases", "export", "news-en@1.0.0",
                           str(tmp_path / "blocked" / "out"), "--store", str(tmp_path / "s.duckdb")],
                          capture_output=True, text=True, cwd=Path(__file__).resolve().parent.parent)
    assert proc.returncode == 2, proc.stderr
    assert "cannot export news-en@1.0.0" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
