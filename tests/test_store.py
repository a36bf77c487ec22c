"""The DuckDB store: migrations, the single-writer lock, upserts, the pending increment."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from benchmill.store import Store, StoreError, StoreInUse
from benchmill.store_schema import LATEST_VERSION
from schemas import Edge, FetchedDocument, NewVersion, Triplet, Verdict


def _version(url: str, text: str, seq: int = 1, lang: str = "en") -> NewVersion:
    doc = FetchedDocument(source="s", url=url, canonical_url=url, lang=lang, text=text, content_hash=f"h{hash(text)}")
    return NewVersion(doc=doc, doc_id=f"d-{url}", version_id=f"v-{url}-{seq}", seq=seq, status="new" if seq == 1 else "changed",
                      new_paragraphs=text.split("\n\n"))


def test_fresh_store_is_migrated_once(tmp_path: Path):
    path = tmp_path / "s.duckdb"
    with Store.writer(path, "r1") as store:
        assert store.schema_version() == LATEST_VERSION
    with Store.writer(path, "r2") as store:  # reopening applies nothing twice
        assert store.schema_version() == LATEST_VERSION
    con = duckdb.connect(str(path))
    assert con.execute("SELECT count(*) FROM schema_version").fetchone()[0] == LATEST_VERSION


def test_newer_schema_is_refused(tmp_path: Path):
    path = tmp_path / "s.duckdb"
    Store.writer(path, "r1").close()
    con = duckdb.connect(str(path))
    con.execute("INSERT INTO schema_version VALUES (?, 'from the future', now())", [LATEST_VERSION + 1])
    con.close()
    with pytest.raises(StoreError, match="newer than this benchmill supports"):
        Store.reader(path)
    with pytest.raises(StoreError, match="upgrade benchmill"):
        Store.writer(path, "r2")


def test_unreadable_and_foreign_files(tmp_path: Path):
    garbage = tmp_path / "garbage.duckdb"
    garbage.write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreError, match=str(garbage)):
        Store.writer(garbage, "r1")
    foreign = tmp_path / "foreign.duckdb"
    con = duckdb.connect(str(foreign))
    con.execute("CREATE TABLE t (x INT)")
    con.close()
    with pytest.raises(StoreError, match="not a benchmill store"):
        Store.writer(foreign, "r1")
    with pytest.raises(StoreError, match="does not exist"):
        Store.reader(tmp_path / "missing.duckdb")


def test_second_writer_in_another_process_is_told_who_holds_it(tmp_path: Path):
    path = tmp_path / "s.duckdb"
    with Store.writer(path, "run-holding-it"):
        code = (
            "import sys; from benchmill.store import Store, StoreInUse\n"
            f"try:\n    Store.writer({str(path)!r}, 'second')\nexcept StoreInUse as e:\n    print(e); sys.exit(3)\n"
        )
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=Path(__file__).parent.parent)
        assert proc.returncode == 3, proc.stderr
        assert "in use by run run-holding-it" in proc.stdout
    # released: a new writer gets in
    Store.writer(path, "third").close()


def test_same_process_second_writer_is_refused_too(tmp_path: Path):
    path = tmp_path / "s.duckdb"
    with Store.writer(path, "r1"):
        with pytest.raises(StoreInUse, match="r1"):
            Store.writer(path, "r2")


def test_reader_can_look_between_a_writers_transactions(tmp_path: Path):
    path = tmp_path / "s.duckdb"
    with Store.writer(path, "r1") as store:
        store.write_versions([_version("http://a/1", "One.\n\nTwo.")], "r1")
        reader = Store.reader(path)
        assert reader.counts()["documents"] == 1


def test_transaction_is_all_or_nothing(tmp_path: Path):
    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        with pytest.raises(RuntimeError):
            with store.transaction() as con:
                con.execute("INSERT INTO sources VALUES ('x', 'folder', '/x', NULL, 'r1')")
                raise RuntimeError("killed mid-stage")
        assert store.counts()["documents"] == 0
        with store.connect() as con:
            assert con.execute("SELECT count(*) FROM sources").fetchone()[0] == 0


def test_versions_upsert_and_pending_increment(tmp_path: Path):
    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        v1 = _version("http://a/1", "Para one.\n\nPara two.")
        assert store.write_versions([v1], "r1") == 1
        assert store.write_versions([v1], "r1") == 0  # a restarted run writes nothing twice
        assert [d.version_id for d in store.pending_versions()] == [v1.version_id]
        assert store.pending_versions(["ru"]) == []
        store.mark_consumed([v1.version_id], "r1")
        assert store.pending_versions() == []
        v2 = _version("http://a/1", "Para one.\n\nPara two, corrected.", seq=2)
        store.write_versions([v2], "r2")
        # the diff base stays the consumed revision until v2 is consumed too
        assert store.previous_versions(["http://a/1"])["http://a/1"].seq == 1
        assert [d.version_id for d in store.pending_versions()] == [v2.version_id]
        store.mark_consumed([v2.version_id], "r2")
        assert store.previous_versions(["http://a/1"])["http://a/1"].text.endswith("corrected.")
        assert store.document_texts([v1.doc_id])[v1.doc_id].endswith("corrected.")


def test_triplets_edges_and_verdicts_are_upserts(tmp_path: Path):
    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        t = Triplet(triplet_id="t1", doc_id="d1", version_id="v1", lang="en", sentence="A bought B.", subject="A",
                    relation="buy", object="B", engine="rules")
        store.write_triplets([t, t], "r1")
        store.write_triplets([t], "r2")
        assert store.triplets_for_versions(["v1"]) == [t]
        store.write_novelty([], [("t1", "already in Wikidata")])
        e = Edge(edge_id="e1", head="n:a", relation="buy", tail="n:b", head_label="A", tail_label="B", lang="en",
                 doc_ids=["d1"], sentences=["A bought B."], triplet_ids=["t1"])
        store.write_edges([e], "r1")
        store.write_edges([e.model_copy(update={"doc_ids": ["d2"], "triplet_ids": ["t9"]})], "r2")
        (merged,) = store.edges("en")
        assert merged.doc_ids == ["d1", "d2"] and merged.triplet_ids == ["t1", "t9"] and merged.first_run == "r1"
        store.write_verdicts([Verdict(item_id="i1", filter="f", status="error", reason="timeout")], "r1")
        store.write_verdicts([Verdict(item_id="i1", filter="f", status="passed", score=1.0, reason="ok")], "r2")
        assert [v.status for v in store.verdicts(["i1"])] == ["passed"]


def test_diff_base_is_the_consumed_revision_and_pending_versions_keep_their_place(tmp_path: Path):
    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        v1 = _version("http://a/1", "One.\n\nTwo.")
        store.write_versions([v1], "r1")
        # pending: not yet the previous revision
        assert store.previous_versions(["http://a/1"]) == {}
        store.mark_consumed([v1.version_id], "r1")
        assert store.previous_versions(["http://a/1"])["http://a/1"].seq == 1
        # a run dies after storing v2; before the restart the article changes again (v3);
        # both were diffed against v1 and both propose seq 2
        v2 = _version("http://a/1", "One.\n\nTwo, corrected.", seq=2)
        v3 = _version("http://a/1", "One.\n\nTwo, corrected again.", seq=2)
        v3 = v3.model_copy(update={"version_id": "v-http://a/1-3"})
        store.write_versions([v2], "r2")
        store.write_versions([v2, v3], "r3")  # the resumed run rewrites v2: a no-op
        with store.connect() as con:
            seqs = con.execute("SELECT version_id, seq FROM document_versions ORDER BY seq").fetchall()
        assert seqs == [(v1.version_id, 1), (v2.version_id, 2), ("v-http://a/1-3", 3)]
        assert store.previous_versions(["http://a/1"])["http://a/1"].seq == 1


def test_models_registry(tmp_path: Path):
    """Migration 6: trained adapters are registered once per content id and resolved by id, name or name/version."""
    from schemas.models import ModelRecord

    def rec(model_id: str, version: str) -> ModelRecord:
        return ModelRecord(model_id=model_id, name="kyr-t5", version=version, base_model="/m/base",
                           adapter_path=f"/m/kyr-t5/{version}", training_data=["kyr-en@1.0.0"], data_hash="h",
                           metrics={"steps": 2})

    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        assert store.models() == [] and store.model("kyr-t5") is None
        assert store.register_model(rec("aaaaaaaa11111111", "v0001"), "r1") is True
        assert store.register_model(rec("aaaaaaaa11111111", "v0009"), "r1") is False  # same content: one model
        assert store.register_model(rec("bbbbbbbb22222222", "v0002"), "r1") is True
        assert [m.version for m in store.models()] == ["v0002", "v0001"]
        assert store.model("kyr-t5").version == "v0002" and store.model("kyr-t5/v0001").model_id == "aaaaaaaa11111111"
        assert store.model("bbbbbbbb").version == "v0002" and store.model("bbb") is None and store.model("x") is None
        assert store.model("aaaaaaaa11111111").metrics == {"steps": 2} and store.models("other") == []
