"""`benchmill statements` / `benchmill labels` (issue 9): Know Your RAG statement extraction as a
Prefect flow on the shared generator contract, through the real CLI, real DuckDB and real exports.

- rules engine over a folder of en paragraphs (tests/fixtures/knowyourrag/contexts) plus one
  binary file: releases kyr-en@1.0.0 with fact_single items, summary / reasoning recorded as
  "skipped: needs llm", the LLM filters skipped; the binary file fails itself only; a second
  run publishes nothing new;
- a bad --input / --types: exit 2, one line naming it;
- the llm path over the fake OpenAI server: labels and critiques really run, each filter
  rejects its item, one broken question reply fails only its item, cost per item and type;
- the three filters on their own (unit level).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from benchmill.store import Store
from schemas import Item, Lineage
from tests.test_domain_build import _cli, _jsonl, _summary

ROOT = Path(__file__).resolve().parents[1]
CONTEXTS = ROOT / "tests" / "fixtures" / "knowyourrag" / "contexts"


@pytest.fixture(scope="module")
def api_url(prefect_harness) -> str:
    from prefect.settings import PREFECT_API_URL

    return PREFECT_API_URL.value()


def _folder(tmp_path: Path, broken: bool = False) -> Path:
    folder = tmp_path / "contexts"
    shutil.copytree(CONTEXTS, folder)
    if broken:
        (folder / "scan.txt").write_bytes(b"%PDF-1.4\x00\x01\x02\xff binary")
    return folder


def test_rules_run_releases_fact_single_and_is_idempotent(tmp_path: Path, api_url: str):
    home = tmp_path / "home"
    home.mkdir()
    folder = _folder(tmp_path, broken=True)
    first = _summary(_cli(home, "statements", "--input", str(folder), "--engine", "rules", "--json", api=api_url))
    assert first["releases"] == {"kyr-en": "1.0.0"}
    assert first["contexts"] == 3 and first["items_by_type"] == {"fact_single": 3} and first["accepted"] == 3
    assert first["skipped_by_type"] == {"reasoning": {"skipped: needs llm": 3}, "summary": {"skipped: needs llm": 3}}
    assert first["skipped_filters"] == ["kyr_critiques", "kyr_label"]  # LLM filters under rules: recorded, not passed
    assert first["failures_by_stage"] == {"kyr-input": 1}  # the binary file fails itself, not the run
    assert first["llm"]["calls"] == 0 and first["usage_by_type"]["fact_single"]["accepted"] == 3

    rel = home / "data" / "releases" / "kyr-en" / "1.0.0"
    manifest = json.loads((rel / "manifest.json").read_text())
    assert manifest["counts_by_type"] == {"fact_single": 3}
    assert manifest["filters"]["kyr_label"]["skipped_reason"] == "skipped: needs llm"
    qa = _jsonl(rel / "private" / "qa.jsonl")
    assert len(qa) == 3 and all(r["type"] == "fact_single" and r["text"].endswith("?") for r in qa)
    texts = " ".join(json.dumps(r) for r in _jsonl(rel / "public" / "texts.jsonl"))
    for r in qa:  # every answer is a statement of a released text
        assert r["answers"][0].rstrip(".") in texts, r

    second = _summary(_cli(home, "statements", "--input", str(folder), "--engine", "rules", "--json", api=api_url))
    assert second["releases"] == {} and second["new_items"] == 0 and second["new_contexts"] == 0
    assert sorted(p.name for p in (home / "data" / "releases" / "kyr-en").iterdir()) == ["1.0.0"]

    # a release's texts as the contexts: the same three texts make the same items, nothing new
    again = _summary(_cli(home, "statements", "--collection", "kyr-en@1.0.0", "--types", "fact_single", "--engine",
                          "rules", "--json", api=api_url))
    assert again["contexts"] == 3 and again["items"] == 3 and again["releases"] == {}
    bad_ref = _cli(home, "statements", "--collection", "kyr-en@9.0.0")
    assert bad_ref.returncode == 2 and "kyr-en@9.0.0" in bad_ref.stderr.strip().splitlines()[-1], bad_ref.stderr

    labels = _cli(home, "labels", "kyr-en@1.0.0", "--json")
    assert labels.returncode == 0, labels.stderr
    out = json.loads(labels.stdout[labels.stdout.index("{"):])
    assert out["items"] == 3 and out["labelled"] == 0 and out["mix"] == {}

    # the released items train the LoRA generator: a tiny T5 built offline, two steps, a versioned adapter
    from tasks.knowyourrag.tiny_t5 import build_tiny_t5

    base = build_tiny_t5(tmp_path / "tiny-t5", [p.read_text() for p in sorted(CONTEXTS.iterdir())] * 20)
    trained = _cli(home, "train-generator", "--base-model", str(base), "--max-steps", "2", "--out", str(tmp_path / "models"),
                   "--json", api=api_url)  # a flow (and a deployment): it reports to the session's Prefect API
    assert trained.returncode == 0, trained.stderr[-2000:]
    report = json.loads(trained.stdout[trained.stdout.index("{"):])
    assert report["releases"] == ["kyr-en@1.0.0"] and report["train"] + report["validation"] == 3
    assert (Path(report["model_dir"]) / "training_card.json").is_file() and report["version"] == "v0001"

    # ... registered in the store's models table, listed by `benchmill models`
    assert report["registered"] is True
    listed = _cli(home, "models", "--json")
    assert listed.returncode == 0, listed.stderr
    [model] = json.loads(listed.stdout[listed.stdout.index("["):])
    assert model["model_id"] == report["model_id"] and model["name"] == "kyr-t5" and model["version"] == "v0001"
    assert model["training_data"] == ["kyr-en@1.0.0"] and model["base_model"] == str(base.resolve())
    assert model["adapter_path"] == str(Path(report["model_dir"]).resolve()) and model["metrics"]["steps"] == 2

    # ... and the t5 engine generates with it in the statements flow: every context gives an item
    # (engine t5 in its lineage) or, from a model trained two steps, an output that does not parse
    t5 = _summary(_cli(home, "statements", "--input", str(folder), "--engine", "t5", "--model", "kyr-t5", "--types",
                       "fact_single", "--json", api=api_url))
    assert t5["engine"] == "t5" and t5["contexts"] == 3
    assert t5["items"] + t5["failures_by_stage"].get("kyr_t5", 0) == 3, t5
    with Store.reader(home / "data" / "benchmill.duckdb") as st:
        with st.connect() as con:
            rows = con.execute("SELECT engine, model FROM items WHERE engine = 't5'").fetchall()
    assert len(rows) == t5["items"] and all(m == "t5:kyr-t5/v0001" for _, m in rows)
    unknown = _cli(home, "statements", "--input", str(folder), "--engine", "t5", "--model", "nope")
    assert unknown.returncode == 2 and "nope" in unknown.stderr.strip().splitlines()[-1], unknown.stderr


def test_bad_input_exits_2_with_one_line(tmp_path: Path):
    home = tmp_path / "home"
    home.mkdir()
    for args, needle in ((["--input", str(tmp_path / "missing")], "missing"),
                         (["--input", str(CONTEXTS), "--types", "fact_single,trivia"], "trivia")):
        proc = _cli(home, "statements", *args)
        lines = proc.stderr.strip().splitlines()
        assert proc.returncode == 2 and len(lines) == 1 and needle in lines[0], proc.stderr


QUESTIONS = {
    "12 May 2025": "When did Northgate Shipping open its cold-storage warehouse in Aberdeen?",
    "Aberdeen": "What did Northgate Shipping add to its Aberdeen operations, and why?",
    "18-month": "When did the Riverside Public Library in Portland reopen?",
    "Portland": "How did the renovation change the Riverside Public Library?",
    "77 percent": "What does the passage say about the Helix Biotech malaria vaccine?",
}
BASELINE = {"Northgate": ("Where did Northgate Shipping open a cold-storage warehouse?", "At the port of Aberdeen."),
            "Riverside": ("How long did the Riverside Public Library renovation take?", "Eighteen months."),
            "Helix": ("What share of trial participants did the Helix vaccine protect?", "77 percent.")}
LABELS = {QUESTIONS["12 May 2025"]: "summary", QUESTIONS["Aberdeen"]: "summary", QUESTIONS["Portland"]: "unanswerable",
          BASELINE["Riverside"][0]: "reasoning"}


def _handler(body):
    from benchmill.llm import RETRY_MARKER

    last = body["messages"][-1]["content"]
    if RETRY_MARKER in last:
        return "still not json"
    if "state its main theme" in last:
        for key, theme in (("Northgate", "Northgate Shipping's new warehouse in Aberdeen"),
                           ("Riverside", "The Riverside library reopening in Portland"),
                           ("Helix", "Helix Biotech's malaria vaccine trial")):
            if key in last:
                return json.dumps({"theme": theme})
    if "factual statements taken from" in last:
        for key, fact in (("Northgate", "Northgate Shipping opened a cold-storage warehouse in Aberdeen on 12 May 2025."),
                          ("Riverside", "The Riverside Public Library reopened after an 18-month renovation."),
                          ("Helix", "Helix Biotech's vaccine prevented infection in 77 percent of participants.")):
            if key in last:
                return json.dumps({"statements": [fact]})
    if "summary statements" in last:
        for key, s in (("Aberdeen", "Northgate Shipping expanded cold storage in Aberdeen for fishing cooperatives."),
                       ("Portland", "Portland renovated its Riverside library, adding study space and longer hours."),
                       ("malaria", "Helix Biotech's malaria vaccine worked in a large trial and heads for approval.")):
            if key in last:
                return json.dumps({"statements": [s]})
    if "Write one question" in last:
        statement = last.split("Statement")[-1] if "Statement" in last else last
        for key, q in QUESTIONS.items():
            if key in statement:
                return json.dumps({"question": q})
        if "malaria" in statement:
            return "Sure! Here is a question about the vaccine."  # broken: fails this item only
    if "Write one factoid question" in last:  # the single-prompt baseline
        for key, (q, a) in BASELINE.items():
            if key in last:
                return json.dumps({"question": q, "answer": a})
    if "choose the one label" in last:
        label = next((lab for q, lab in LABELS.items() if q in last), "fact_single")
        return json.dumps({"label": label, "reason": f"scripted {label}"})
    if "Rate " in last:
        if QUESTIONS["Aberdeen"] in last and "understood on its own" in last:
            return json.dumps({"evaluation": "'its operations' needs the document", "rating": 2})
        return json.dumps({"evaluation": "clear and grounded", "rating": 5})
    raise AssertionError(f"unexpected prompt: {last[:300]}")


def test_llm_run_labels_critiques_and_one_broken_reply(fake_llm, tmp_path: Path, api_url: str):
    fake_llm.handler(_handler)
    home = tmp_path / "home"
    home.mkdir()
    (home / "benchmill.toml").write_text(
        f'[llm]\nbase_url = "{fake_llm.base_url}"\nmodel = "fake-model"\nmax_retries = 1\ntimeout = 5\n')
    summary = _summary(_cli(home, "statements", "--input", str(_folder(tmp_path)), "--types", "fact_single,summary",
                            "--engine", "llm", "--json", "--config", str(home / "benchmill.toml"), api=api_url))
    assert summary["engine"] == "llm" and summary["skipped_filters"] == []
    # the broken question reply and the question about "the passage" failed their (context, type) only
    # (extraction checks its own questions); the other four items went on
    assert summary["failures_by_stage"] == {"kyr_statements": 2}, summary
    assert summary["items_by_type"] == {"fact_single": 2, "summary": 2}
    # the LLM filters rejected their own item each: unanswerable label, stand-alone 2 < 4
    assert summary["rejections"] == {"kyr_question_checks": 0, "kyr_label": 1, "kyr_critiques": 1}
    assert summary["accepted_by_type"] == {"fact_single": 2} and summary["releases"] == {"kyr-en": "1.0.0"}
    assert summary["label_mix"] == {"all": {"fact_single": 1, "summary": 2, "unanswerable": 1},
                                    "fact_single": {"fact_single": 1, "summary": 1},
                                    "summary": {"summary": 1, "unanswerable": 1}}
    # cost is a number: every call counted, per accepted item and per type
    requests = len(fake_llm.requests)
    assert summary["llm"]["calls"] >= requests > 0
    assert summary["usage_per_item"]["calls_per_item"] == pytest.approx(summary["llm"]["calls"] / 2)
    per_type = summary["usage_by_type"]
    assert per_type["fact_single"]["calls"] == pytest.approx(3 + 6 / 2)  # 3 questions + half of 3 themes and 3 facts
    assert per_type["summary"]["accepted"] == 0 and per_type["summary"]["calls"] > 3

    labels = _cli(home, "labels", "kyr-en@1.0.0", "--json")
    out = json.loads(labels.stdout[labels.stdout.index("{"):])
    assert out["labelled"] == 2 and out["mix"] == {"all": {"fact_single": 1, "summary": 1},
                                                   "fact_single": {"fact_single": 1, "summary": 1}}

    # the paper's comparison: the single-prompt baseline on the same contexts, labelled (never released),
    # and its label mix next to the statement generator's on the contexts both labelled
    base = _summary(_cli(home, "statements", "--input", str(tmp_path / "contexts"), "--types", "baseline",
                         "--engine", "llm", "--json", "--config", str(home / "benchmill.toml"), api=api_url))
    assert base["types"] == ["baseline"] and base["items_by_type"] == {"baseline": 3}, base
    assert base["accepted_by_type"] == {"baseline": 3} and base["usage_by_type"]["baseline"]["calls"] == 3
    assert "kyr-en" not in base["releases"] or base["releases"]["kyr-en"] != "1.0.0"
    compared = _cli(home, "compare-labels", "en", "--json")
    assert compared.returncode == 0, compared.stderr
    mix = json.loads(compared.stdout[compared.stdout.index("{"):])
    # the vaccine context has no statement item (its question reply was broken): not a shared context
    assert mix["contexts"] == 2 and mix["labels"] == ["fact_single", "reasoning", "summary", "unanswerable"]
    gens = mix["generators"]
    assert list(gens)[0] == "baseline" and gens["baseline"]["counts"] == {"fact_single": 1, "reasoning": 1}
    assert gens["statements"]["counts"] == {"fact_single": 1, "summary": 2, "unanswerable": 1}
    assert gens["statements:summary"]["share"] == {"summary": 0.5, "unanswerable": 0.5}
    table = _cli(home, "compare-labels", "en")
    assert table.returncode == 0 and "baseline" in table.stdout and "50%" in table.stdout, table.stdout


def _item(**kw) -> Item:
    base = dict(item_id="i1", method="kyr", type="fact_single", lang="en",
                question="When did the Riverside Public Library in Portland reopen?",
                answers=["The Riverside Public Library reopened on Monday."], references=["The library reopened on Monday."],
                doc_ids=["d1"], lineage=Lineage(engine="rules"))
    return Item(**{**base, **kw})


def test_question_checks_filter_and_configs():
    from benchmill.filtering import FilterError, FilterInputs, get_filter
    from benchmill.engines import EngineConfig

    checks = get_filter("kyr_question_checks")
    items = [_item(), _item(item_id="i2", question="What does the text say about the library?"),
             _item(item_id="i3", question="The Riverside Public Library reopened on Monday.")]
    verdicts = checks.score(items, FilterInputs(collection="kyr-en", lang="en"), EngineConfig(kind="rules"),
                            checks.validate_config({})).verdicts
    assert [v.status for v in verdicts] == ["passed", "rejected", "rejected"]
    assert verdicts[1].code == "mentions_context"
    assert get_filter("kyr_critiques").validate_config({"stand_alone": 2}).stand_alone == 2
    with pytest.raises(FilterError, match="stand_alone"):
        get_filter("kyr_critiques").validate_config({"stand_alone": 9})
    with pytest.raises(FilterError):
        get_filter("kyr_label").validate_config({"reject_unanswerable": True, "typo": 1})
