"""The generator contract (issue 8): filter registry, the stack runner, collection specs.

A toy generator ("toy", collection toy-en) stands on it with two filters of its own,
declared the way any filter is (one module-level score function and one FilterSpec),
and runs through the real stack and release planning on a real DuckDB store.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from benchmill.engines import SKIPPED_NEEDS_LLM, EngineConfig
from benchmill.filtering import (
    NOT_EVALUATED, REGISTRY, FilterError, FilterInputs, FilterSpec, get_filter, register, run_filter_stack, stack_order,
)
from benchmill.llm import RunUsage
from benchmill.releases import plan_release, publish
from benchmill.settings import SettingsError, load_settings
from benchmill.specs import CollectionSpec, RankKey
from schemas import Item, Lineage, Verdict
from tasks.dragon.spec import FILTERS, news_collections
from tasks.filters import FilterResult
from tests.test_releases import _store_with_docs

ROOT = Path(__file__).resolve().parents[1]


class LengthConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")
    max_words: int = 4


def score_length(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: LengthConfig) -> FilterResult:
    """Toy cheap filter: rejects questions longer than max_words; score = 1 / words; it also
    rejects a question the collection already released (it reads that context)."""
    out = []
    for i in items:
        n = len(i.question.split())
        if i.question in inputs.released_questions:
            out.append(Verdict(item_id=i.item_id, filter="toy_length", status="rejected", score=0.0, reason="released"))
        else:
            out.append(Verdict(item_id=i.item_id, filter="toy_length", status="passed" if n <= config.max_words else "rejected",
                               score=round(1 / n, 4), reason=f"{n} words"))
    return FilterResult(verdicts=out)


def score_llm(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: LengthConfig) -> FilterResult:
    raise AssertionError("an LLM filter must not be called under the rules engine")


LENGTH = register(FilterSpec(name="toy_length", needs_llm=False, config=LengthConfig, score=score_length,
                             context=frozenset({"released_questions"})))
TOY_LLM = register(FilterSpec(name="toy_llm", needs_llm=True, config=LengthConfig, score=score_llm))


def _toy_item(n: int, question: str, qtype: str = "simple") -> Item:
    return Item(item_id=f"t{n:03d}", method="toy", type=qtype, lang="en", question=question, answers=["a"],
                references=["r"], keypoints=["k"], doc_ids=["d0"], lineage=Lineage(engine="rules", prompt_name="toy"))


def _toy_spec(**over) -> CollectionSpec:
    fields = dict(name="toy-en", method="toy", lang="en", filters=["toy_llm", "toy_length"], quotas={"simple": 1},
                  ranking=[RankKey(filter="toy_length")])
    return CollectionSpec(**(fields | over)).validated()


def test_the_registry_holds_the_shared_filters_and_dragons_own():
    assert {"ner_presence", "duplicates", "closed_book", "llm_judge", "graph_correspondence"} <= set(REGISTRY)
    assert [n for n in FILTERS if get_filter(n).needs_llm] == ["closed_book", "llm_judge"]
    assert stack_order(["toy_llm", "toy_length"]) == ["toy_length", "toy_llm"]
    assert get_filter("duplicates").context == frozenset({"released_questions", "earlier_verdicts"})
    with pytest.raises(FilterError, match="unknown filter 'nope'"):
        get_filter("nope")
    with pytest.raises(FilterError, match="registered twice"):
        register(FilterSpec(name="toy_length", needs_llm=False, config=LengthConfig, score=score_llm))


def test_a_collection_spec_refuses_unknown_filters_keys_and_ranking():
    with pytest.raises(FilterError, match=r"toy-en.filters.toy_length.max_wordz: Extra inputs"):
        _toy_spec(filter_configs={"toy_length": {"max_wordz": 3}})
    with pytest.raises(FilterError, match=r"toy-en.filters.toy_length.max_words: Input should be a valid integer"):
        _toy_spec(filter_configs={"toy_length": {"max_words": "many"}})
    with pytest.raises(FilterError, match="not a filter of collection"):
        _toy_spec(filter_configs={"duplicates": {}})
    with pytest.raises(FilterError, match="ranking by 'llm_judge'"):
        _toy_spec(ranking=[RankKey(filter="llm_judge")])
    assert _toy_spec(filter_configs={"toy_length": {"max_words": 9}}).filter_config("toy_length") == LengthConfig(max_words=9)


def test_dragon_filter_config_comes_from_settings_and_is_validated(tmp_path: Path):
    specs = news_collections(load_settings(None, languages=["en", "ru"]))
    assert [s.name for s in specs] == ["news-en", "news-ru"] and specs[0].filters == FILTERS
    ok = load_settings(None, generators={"dragon": {"filters": {"duplicates": {"cosine_threshold": 0.9}}}})
    assert news_collections(ok)[0].filter_config("duplicates").cosine_threshold == 0.9
    bad = load_settings(None, generators={"dragon": {"filters": {"duplicates": {"cosine_treshold": 0.9}}}})
    with pytest.raises(SettingsError, match=r"generators\.dragon\.filters\.duplicates\.cosine_treshold"):
        news_collections(bad)
    with pytest.raises(SettingsError, match="generators.ragevall"):
        load_settings(None, generators={"ragevall": {}})


def test_the_cli_refuses_a_bad_filter_config_before_any_work(tmp_path: Path):
    cfg = tmp_path / "benchmill.toml"
    cfg.write_text("[generators.dragon.filters.ner_presence]\nfuzzy_threshold = 300\n", encoding="utf-8")
    store = tmp_path / "s.duckdb"
    proc = subprocess.run([sys.executable, "-m", "benchmill", "daily", "--config", str(cfg), "--store", str(store),
                           "--source", str(ROOT / "data/demo/news/en/day1")],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 2, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "generators.dragon.filters.ner_presence.fuzzy_threshold" in lines[0]
    assert not store.exists()  # nothing started


def test_the_stack_runs_cheap_first_records_llm_skips_and_reads_the_items_collection(prefect_harness, tmp_path: Path):
    from prefect import flow

    settings = load_settings(None, releases_dir=tmp_path / "rel")
    spec = _toy_spec()
    rules = EngineConfig(kind="rules")

    @flow
    def stack() -> None:
        run_filter_stack(store, [spec], rules, "r1", RunUsage())

    with _store_with_docs(tmp_path) as store:
        # a dragon item of the same language is not the toy collection's: the stack leaves it alone
        store.write_items([_toy_item(1, "Who won?"), _toy_item(2, "Which of these four teams won?"),
                           _toy_item(3, "Who lost the final?"),
                           _toy_item(9, "Who won?").model_copy(update={"method": "dragon", "item_id": "x009"})], "r1")
        stack()
        got = {(v.item_id, v.filter): (v.status, v.reason) for v in store.verdicts(["t001", "t002", "t003", "x009"])}
        assert got[("t002", "toy_length")][0] == "rejected"
        assert got[("t002", "toy_llm")] == ("skipped", f"{NOT_EVALUATED}rejected by toy_length")
        assert got[("t001", "toy_llm")] == ("skipped", SKIPPED_NEEDS_LLM)  # never a silent pass
        assert not any(k[0] == "x009" for k in got)
        # ranking from the spec: quota 1, best toy_length score (fewest words) first
        plan = plan_release(store, spec)
        assert [i.item_id for i in plan.items] == ["t001"] and plan.held_back == {"simple": 1}
        manifest = publish(store, settings, plan, run_id="r1")
        assert manifest.collection == "toy-en" and set(manifest.filters) == {"toy_llm", "toy_length"}
        # earlier released questions come from the item's own collection (toy-en), not news-<lang>
        store.write_items([_toy_item(5, "Who scored?"), _toy_item(6, "Who won?")], "r2")
        stack()
        after = {v.item_id: v for v in store.verdicts(["t005", "t006"]) if v.filter == "toy_length"}
        assert after["t006"].reason == "released" and after["t005"].status == "passed"


class _Summary(BaseModel):
    items: int


def test_generator_run_records_completed_failed_and_unfinished_runs(tmp_path: Path):
    from benchmill.runs import generator_run
    from benchmill.store import Store
    from schemas import Failure

    settings = load_settings(None, store=tmp_path / "s.duckdb", releases_dir=tmp_path / "rel", engine="rules")
    with generator_run("toy", settings, {"seed": 1}) as run:
        assert run.engine.kind == "rules"
        run.recorded([Failure(stage="documents", key="doc-3", reason="template field missing")])
        run.complete(_Summary(items=2))
    ok_id = run.run_id
    with pytest.raises(ValueError, match="boom"):
        with generator_run("toy", settings, {"seed": 2}) as run:
            raise ValueError("boom")
    failed_id = run.run_id
    with pytest.raises(RuntimeError, match="without run.complete"):
        with generator_run("toy", settings, {"seed": 3}) as run:
            pass
    with Store.writer(settings.store, "check") as store:
        runs = {r["run_id"]: r for r in store.runs()}
        assert runs[ok_id]["status"] == "completed" and json.loads(runs[ok_id]["summary"]) == {"items": 2}
        assert json.loads(runs[ok_id]["params"])["seed"] == 1
        assert runs[failed_id]["status"] == "failed" and runs[failed_id]["error"] == "ValueError: boom"
        assert runs[run.run_id]["status"] == "failed"
        assert [f.key for f in store.failures(ok_id)] == ["doc-3"]


def test_earlier_verdicts_are_those_of_the_filters_ahead_in_the_stack(tmp_path: Path):
    """duplicates / answer_leaks keep the better item by the verdicts of the filters ahead of them only."""
    from benchmill.filtering import gather_inputs
    from benchmill.store import Store
    from schemas import Verdict

    spec = _toy_spec(filters=["toy_llm", "toy_length", "duplicates", "answer_leaks"])
    items = [_toy_item(1, "Who?"), _toy_item(2, "What?")]
    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        store.write_verdicts([Verdict(item_id="t001", filter=f, status="passed", score=0.5)
                              for f in ("toy_length", "toy_llm", "duplicates")], "r1")
        dup = gather_inputs(store, spec, get_filter("duplicates"), items)
        leaks = gather_inputs(store, spec, get_filter("answer_leaks"), items)
        plain = gather_inputs(store, spec, get_filter("toy_length"), items)
    # toy_llm needs an LLM, so it runs after duplicates whatever the listed order
    assert {k: [v.filter for v in vs] for k, vs in dup.earlier_verdicts.items()} == {"t001": ["toy_length"]}
    assert [v.filter for v in leaks.earlier_verdicts["t001"]] == ["duplicates", "toy_length"]
    assert plain.earlier_verdicts == {}
