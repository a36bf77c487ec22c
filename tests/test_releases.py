"""Releases: MINOR bumps, quotas, never-twice, immutable rows, atomic export, diff."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from benchmill.releases import (
    ReleaseError, diff, ensure_exports, next_version, parse_ref, plan_release, publish, release_dir, resolve,
)
from benchmill.settings import load_settings
from benchmill.store import Store
from schemas import FetchedDocument, Item, Lineage, NewVersion, Verdict

FILTERS = ["graph_correspondence", "llm_judge"]


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

        plan = plan_release(store, "news-en", method="dragon", lang="en", filters=FILTERS, quotas=settings.quotas,
                            extra_doc_ids=["d3"])
        assert plan.version == "1.0.0" and plan.parent is None
        # quota 2 for simple keeps the two best judge scores; the set item passes with a skipped filter
        assert sorted(i.item_id for i in plan.items) == ["i001", "i003", "i004"]
        assert plan.doc_ids == ["d0", "d1", "d2", "d3"]
        m = publish(store, settings, plan, run_id="r1", filters=FILTERS)
        assert m.counts_by_type == {"set": 1, "simple": 2}
        assert m.filters["graph_correspondence"].rejected == 1 and m.filters["llm_judge"].errors == 1

        # the item over the quota is held back for good, and the manifest says so
        assert m.held_back_by_quota == {"simple": 1}
        assert plan_release(store, "news-en", method="dragon", lang="en", filters=FILTERS, quotas=settings.quotas) is None

        # the next cycle releases only what was made since 1.0.0; no item is ever released twice
        store.write_items([_item(8), _item(1)], "r2")  # i001 again: an upsert, already released
        store.write_verdicts(_verdicts("i008", ok), "r2")
        plan2 = plan_release(store, "news-en", method="dragon", lang="en", filters=FILTERS, quotas=settings.quotas)
        assert [i.item_id for i in plan2.items] == ["i008"] and plan2.version == "1.1.0" and plan2.parent == "1.0.0"
        publish(store, settings, plan2, run_id="r2", filters=FILTERS)
        assert plan_release(store, "news-en", method="dragon", lang="en", filters=FILTERS, quotas=settings.quotas) is None
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
        plan = plan_release(store, "news-en", method="dragon", lang="en", filters=FILTERS, quotas=settings.quotas)
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
