"""Passages (issue 8): every releasable text in one table, whatever made it.

Crawled versions become passages as they are written (and migration 4 backfills the
versions of an older store); a generator's own documents are written as passages, cited
by items and exported by a release like crawled ones.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import duckdb

from benchmill.releases import plan_release, publish, release_texts
from benchmill.settings import load_settings
from benchmill.specs import CollectionSpec
from benchmill.store import Store
from benchmill.store_schema import LATEST_VERSION, MIGRATIONS
from schemas import Item, Lineage, Passage, Verdict
from schemas.documents import passage_id
from tasks.filters import duplicates  # noqa: F401  (registers the shared filters)
from tests.test_releases import _store_with_docs


def _generated(doc_id: str, text: str, method: str = "toy") -> Passage:
    h = hashlib.sha256(text.encode()).hexdigest()
    return Passage(passage_id=passage_id("generated_document", doc_id, h), doc_id=doc_id, kind="generated_document",
                   method=method, lang="en", title=f"Report {doc_id}", text=text, content_hash=h,
                   lineage={"config": doc_id})


def test_crawled_versions_are_passages_offered_once_consumed(tmp_path: Path):
    with _store_with_docs(tmp_path) as store:
        got = store.newest_passages(["d0", "d1"])
        assert [(p.passage_id, p.kind, p.method, p.text) for p in got.values()] == [
            ("v0", "document_version", "dragon", "Article 0 text."), ("v1", "document_version", "dragon", "Article 1 text.")]
        with store.connect() as con:
            assert con.execute("SELECT count(*) FROM passages WHERE ready_by IS NULL").fetchone()[0] == 4
        store.mark_consumed(["v0"], "r2")
        with store.connect() as con:
            assert con.execute("SELECT passage_id, ready_by FROM passages WHERE ready_by IS NOT NULL").fetchall() == [
                ("v0", "r2")]


def test_migration_4_backfills_the_versions_of_an_older_store(tmp_path: Path):
    path = tmp_path / "old.duckdb"
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, description VARCHAR, applied_at TIMESTAMP)")
    for version, description, sql in MIGRATIONS[:3]:
        con.execute(sql)
        con.execute("INSERT INTO schema_version VALUES (?, ?, now())", [version, description])
    con.execute("INSERT INTO documents VALUES ('d1', 'http://x/1', 's', 'ru', 'r0', now())")
    for seq, consumed in ((1, "r0"), (2, None)):
        con.execute("""INSERT INTO document_versions VALUES (?, 'd1', ?, ?, 'http://x/1', 'T', NULL, NULL, ?, [], now(),
                       'r0', ?, NULL)""", [f"v{seq}", seq, f"h{seq}", f"text {seq}", consumed])
    con.close()
    with Store.writer(path, "r1") as store:
        assert store.schema_version() == LATEST_VERSION
        with store.connect() as c:
            rows = c.execute("SELECT passage_id, doc_id, seq, kind, method, lang, text, ready_by FROM passages "
                             "ORDER BY seq").fetchall()
        assert rows == [("v1", "d1", 1, "document_version", "dragon", "ru", "text 1", "r0"),
                        ("v2", "d1", 2, "document_version", "dragon", "ru", "text 2", None)]
        assert store.document_texts(["d1"]) == {"d1": "text 2"}


def test_a_generated_document_is_written_cited_and_released(tmp_path: Path):
    settings = load_settings(None, releases_dir=tmp_path / "rel")
    spec = CollectionSpec(name="toy-en", method="toy", lang="en", filters=["duplicates"], quotas={"factual": 5})
    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        first = _generated("g1", "Acme Corp reported revenue of 5 million.")
        assert store.write_passages([first, _generated("g2", "Beta Ltd was founded in 1990.")], "r1") == 2
        assert store.write_passages([first], "r1") == 0  # same content: same id, stored once
        revised = _generated("g1", "Acme Corp reported revenue of 6 million.")
        assert store.write_passages([revised], "r1") == 1
        assert store.newest_passages(["g1"])["g1"].passage_id == revised.passage_id
        assert store.passages([revised.passage_id])[0].lineage == {"config": "g1"}
        item = Item(item_id="q1", method="toy", type="factual", lang="en", question="What did Acme report?",
                    answers=["6 million"], references=["Acme Corp reported revenue of 6 million."], keypoints=["6m"],
                    doc_ids=["g1"], lineage=Lineage(engine="rules", prompt_name="toy"))
        store.write_items([item], "r1")
        store.write_verdicts([Verdict(item_id="q1", filter="duplicates", status="passed", score=0.1, reason="ok")], "r1")
        plan = plan_release(store, spec)
        assert plan.doc_ids == ["g1", "g2"]  # the cited document and the collection's other ready text
        manifest = publish(store, settings, plan, run_id="r1")
        assert manifest.texts == 2 and manifest.questions == 1
        texts = {t["doc_id"]: t for t in release_texts(store, "toy-en", "1.0.0")}
        assert texts["g1"]["text"] == revised.text and texts["g1"]["title"] == "Report g1"
        exported = [json.loads(line) for line in
                    (tmp_path / "rel" / "toy-en" / "1.0.0" / "public" / "texts.jsonl").read_text().splitlines()]
        assert sorted(t["text"] for t in exported) == sorted([revised.text, "Beta Ltd was founded in 1990."])
        # a draft passage (not ready) is not offered as a distractor text
        store.write_passages([_generated("g3", "Gamma draft.")], "r2", ready=False)
        store.write_items([item.model_copy(update={"item_id": "q2", "question": "What did Beta found?",
                                                  "doc_ids": ["g2"]})], "r2")
        store.write_verdicts([Verdict(item_id="q2", filter="duplicates", status="passed", score=0.1, reason="ok")], "r2")
        assert plan_release(store, spec).doc_ids == ["g2"]
