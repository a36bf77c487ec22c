"""The daily news flow end to end on the bundled demo data with the rules engine.

Days 1 -> 2 -> 3 must give three consecutive MINOR releases per language whose items come
from each day's increment; running day 3 again must find nothing new and still be recorded.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from benchmill import ROOT
from benchmill.releases import list_releases, manifest, release_dir, release_items
from benchmill.settings import load_settings
from benchmill.store import Store
from schemas import SourceSpec
from tests.flow_env import flow_state

DEMO = ROOT / "data" / "demo" / "news"


def _day(n: int) -> list[SourceSpec]:
    return [SourceSpec(name=f"demo-{lang}", kind="folder", location=str(DEMO / lang / f"day{n}"), lang=lang)
            for lang in ("en", "ru")]


@pytest.fixture(scope="module")
def three_days(prefect_harness, tmp_path_factory):
    from flows.daily_news import daily_news

    tmp = tmp_path_factory.mktemp("daily")
    with flow_state(tmp, BENCHMILL_ENGINE="rules"):
        summaries = [daily_news(sources=_day(n), run_date=f"2026-11-{15 + n}") for n in (1, 2, 3)]
        summaries.append(daily_news(sources=_day(3), run_date="2026-11-18"))
        settings = load_settings(None)
        yield summaries, Store.reader(settings.store), settings


def test_three_days_give_three_minor_releases_per_language(three_days):
    summaries, store, _ = three_days
    # day 1 also carves each collection's static sandbox ([sandbox] on_first_run), once
    assert [s.releases for s in summaries[:3]] == [
        {"news-en-sandbox": "1.0.0", "news-en": "1.0.0", "news-ru-sandbox": "1.0.0", "news-ru": "1.0.0"},
        {"news-en": "1.1.0", "news-ru": "1.1.0"}, {"news-en": "1.2.0", "news-ru": "1.2.0"},
    ]
    with store.connect() as con:
        public = {r[0] for r in con.execute("SELECT item_id FROM release_items WHERE collection LIKE '%-sandbox'").fetchall()}
        ranked = {r[0] for r in con.execute("SELECT item_id FROM release_items WHERE collection NOT LIKE '%-sandbox'").fetchall()}
    assert public and not public & ranked  # a sandbox question is never ranked
    by_collection: dict[str, list[tuple[str, str | None]]] = {}
    for r in list_releases(store):
        by_collection.setdefault(r["collection"], []).append((r["version"], r["parent"]))
    for collection in ("news-en", "news-ru"):
        assert by_collection[collection] == [("1.0.0", None), ("1.1.0", "1.0.0"), ("1.2.0", "1.1.0")]


def test_diff_passes_only_the_increment_downstream(three_days):
    summaries, store, _ = three_days
    day1, day2, day3, _ = summaries
    assert (day1.new_documents, day1.changed_documents) == (40, 0)
    # day 2: 7 new + 3 edited per language; the republished unchanged article is not in the increment
    assert (day2.fetched, day2.new_documents, day2.changed_documents, day2.increment) == (22, 14, 6, 20)
    assert (day3.new_documents, day3.changed_documents) == (12, 4)
    with store.connect() as con:
        edited = con.execute(
            """SELECT len(v.new_paragraphs), len(string_split(v.text, chr(10) || chr(10)))
               FROM document_versions v WHERE v.seq = 2"""
        ).fetchall()
    assert len(edited) == 10
    # an edit passes on its changed paragraphs, not the whole article
    assert all(0 < new < total for new, total in edited)


def test_released_items_come_from_their_days_increment(three_days):
    summaries, store, _ = three_days
    with store.connect() as con:
        consumed = dict(con.execute(
            "SELECT consumed_by, list(DISTINCT doc_id) FROM document_versions GROUP BY consumed_by").fetchall())
    for summary, version in zip(summaries[:3], ("1.0.0", "1.1.0", "1.2.0")):
        increment_docs = set(consumed[summary.run_id])
        for collection in ("news-en", "news-ru"):
            items = release_items(store, collection, version)
            assert items, f"{collection}@{version} is empty"
            for _, item in items:
                assert increment_docs & set(item.doc_ids), (collection, version, item.question)


def test_unchanged_rerun_finds_nothing_and_is_recorded(three_days):
    summaries, store, _ = three_days
    rerun = summaries[3]
    assert (rerun.increment, rerun.new_items, rerun.releases, rerun.llm.calls) == (0, 0, {}, 0)
    runs = store.runs(10)
    assert len(runs) == 4 and all(r["status"] == "completed" for r in runs)
    assert runs[0]["run_id"] == rerun.run_id


def test_every_item_has_every_verdict_and_rules_skips_are_declared(three_days):
    _, store, settings = three_days
    from flows.daily_news import FILTERS

    with store.connect() as con:
        per_item = con.execute(
            "SELECT i.item_id, count(v.filter) FROM items i LEFT JOIN verdicts v USING (item_id) GROUP BY 1").fetchall()
        skipped = con.execute(
            "SELECT DISTINCT reason FROM verdicts WHERE filter IN ('closed_book', 'llm_judge')").fetchall()
    assert per_item and all(n == len(FILTERS) for _, n in per_item)
    assert {r for (r,) in skipped} <= {"skipped: needs llm"} | {f"not evaluated: rejected by {f}" for f in FILTERS}
    m = manifest(store, "news-en", "1.0.0")
    # no acceptability model configured: "skipped: needs model", never a silent pass
    assert m.skipped_filters == ["acceptability", "closed_book", "llm_judge"]
    assert m.filters["acceptability"].skipped_reason == "skipped: needs model"
    assert m.filters["llm_judge"].skipped_reason == "skipped: needs llm"
    assert m.lineage["engines"] == ["rules"]
    with store.connect() as con:
        missing_lineage = con.execute(
            "SELECT count(*) FROM items WHERE len(source_hashes) = 0 OR prompt_name IS NULL").fetchall()[0][0]
        unknown = con.execute(
            """SELECT count(*) FROM (SELECT unnest(source_hashes) AS h FROM items)
               WHERE h NOT IN (SELECT content_hash FROM document_versions)""").fetchall()[0][0]
    assert missing_lineage == 0 and unknown == 0
    assert (release_dir(settings, "news-ru", "1.2.0") / "private" / "qa.parquet").exists()


def test_question_types_and_languages_are_all_present(three_days):
    _, store, _ = three_days
    with store.connect() as con:
        types = dict(con.execute(
            """SELECT r.collection, list(DISTINCT i.type ORDER BY i.type) FROM release_items r
               JOIN items i USING (item_id) GROUP BY 1""").fetchall())
    assert set(types["news-en"]) == {"comparison", "conditional", "multi-hop", "set", "simple"}
    assert {"conditional", "multi-hop", "set", "simple"} <= set(types["news-ru"])


def test_run_artifacts_are_published(three_days):
    summaries, _, _ = three_days
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterFlowRunId

    with get_client(sync_client=True) as client:
        artifacts = client.read_artifacts(
            artifact_filter=ArtifactFilter(flow_run_id=ArtifactFilterFlowRunId(any_=[summaries[0].run_id])))
    keys = {a.key for a in artifacts}
    assert {"daily-news-stages", "daily-news-rejections", "daily-news-items-by-type", "daily-news-llm-usage",
            "daily-news-summary"} <= keys
