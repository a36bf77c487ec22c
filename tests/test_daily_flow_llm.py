"""The daily news flow on the llm engine, over real HTTP against a scripted fake OpenAI server.

The fake answers like a consistent (if dull) model: triplets are read off the excerpt,
linking keeps the original, questions restate their facts, the closed-book model does
not know, the judge is content. One question reply is broken beyond repair. Then:
- a judge that is down fails the run; the same flow started again resumes: the earlier
  stages come back Cached and make no new requests, and the run completes;
- one unparseable reply fails only its own subgraph.
"""
from __future__ import annotations

import json
import re

import pytest

from bench.corpus import make_articles, write_folder
from benchmill.llm import RETRY_MARKER
from benchmill.settings import load_settings
from benchmill.store import Store
from schemas import SourceSpec
from tests.fakes.openai_server import Reply, last_user_message
from tests.flow_env import flow_state

NAME = r"[A-Z][a-z]+ [A-Z][a-z]+"
FACT_PATTERNS = [
    (re.compile(rf"({NAME}) acquired ({NAME})"), "acquired"),
    (re.compile(rf"({NAME}) is the chief executive of ({NAME})"), "is the chief executive of"),
    (re.compile(rf"({NAME}) opened a new terminal in ([A-Z][a-z]+)"), "opened a new terminal in"),
    (re.compile(rf"({NAME}) sold (\d+ cars)"), "sold in October"),
    (re.compile(rf"({NAME}) signed a supply agreement with ({NAME})"), "signed a supply agreement with"),
]
BROKEN_SUBJECT = " Bank"  # question prompts whose first fact is about a bank get garbage, retry included


def kind_of(message: str) -> str:
    if message.startswith(RETRY_MARKER):
        return "retry"
    if "triplets" in message and "Excerpt:" in message:
        return "triplets"
    if "Wikidata candidates" in message:
        return "linking"
    if '"choices"' in message and "Canonical names:" in message:
        return "relations"
    if "No article or other context is given" in message:
        return "closed_book"
    if "linguistic acceptability" in message:
        return "acceptability"
    if "Rate the question" in message or "Criterion:" in message:
        return "judge"
    if '{"question"' in message:
        return "question"
    return "unknown"


class ScriptedModel:
    def __init__(self) -> None:
        self.judge_down = False
        self.seen: list[str] = []

    def __call__(self, body: dict) -> str | Reply:
        message = last_user_message(body)
        kind = kind_of(message)
        self.seen.append(kind)
        if kind == "triplets":
            excerpt = message.split('Excerpt:\n"""', 1)[1]
            facts = [{"subject": m.group(1), "relation": rel, "object": m.group(2)}
                     for pattern, rel in FACT_PATTERNS for m in pattern.finditer(excerpt)]
            return json.dumps({"triplets": facts})
        if kind == "linking":
            return '{"choice": null}'
        if kind == "relations":
            return '{"choices": []}'
        if kind == "question":
            facts = re.findall(r"^- (.+?) \| (.+?) \| (.+)$", message, flags=re.M)
            answer = re.search(r"The answer must (?:be|list): (.+?)\.\n", message)
            if facts and facts[0][0].endswith(BROKEN_SUBJECT):
                return "Sure! Here is a question about it, I hope you like it"
            subject, relation, _ = facts[0]
            numbers = [re.match(r"[\d.,]+", f[2]) for f in facts]
            if answer is None and len(facts) == 2 and all(numbers):  # a comparison: the larger one (the answer is checked)
                answer_text = max(zip(facts, numbers), key=lambda fn: float(fn[1].group().replace(",", "")))[0][0]
            else:
                answer_text = answer.group(1) if answer else facts[0][2]
            return json.dumps({"question": f"Which entity does {subject} relate to by '{relation}'?",
                               "answer": answer_text})
        if kind == "retry":
            return "I cannot produce JSON for this, sorry"
        if kind == "closed_book":
            return "I don't know"
        if kind == "acceptability":
            return '{"rationale": "a fluent question", "acceptable": true}'
        if kind == "judge":
            if self.judge_down:
                return Reply(status=503, content="judge model is loading")
            return '{"rationale": "clear, grounded and correct", "score": 2}'
        return Reply(status=500, content=f"unscripted prompt: {message[:80]}")


def _rows(store: Store, sql: str) -> list[tuple]:
    # not inline in the test: Prefect keeps the failed run's exception, whose traceback
    # reaches the test's frame, so a connection left in its locals would live to exit
    with store.connect() as con:
        return con.execute(sql).fetchall()


def _task_states(flow_run_id: str) -> dict[str, set[str]]:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterId

    with get_client(sync_client=True) as client:
        runs = client.read_task_runs(flow_run_filter=FlowRunFilter(id=FlowRunFilterId(any_=[flow_run_id])))
    states: dict[str, set[str]] = {}
    for run in runs:
        states.setdefault(run.name.rsplit("-", 1)[0], set()).add(run.state.name)
    return states


@pytest.fixture
def news_folder(tmp_path):
    return write_folder(make_articles("en", 4, seed=7), tmp_path / "src")


def test_failed_run_resumes_from_cache_without_repeating_llm_calls(prefect_harness, fake_llm, news_folder, tmp_path):
    from flows.daily_news import daily_news

    model = ScriptedModel()
    fake_llm.handler(model)
    source = [SourceSpec(name="bench-en", kind="folder", location=str(news_folder), lang="en")]
    env = {"BENCHMILL_ENGINE": "llm", "BENCHMILL_LLM__BASE_URL": fake_llm.base_url, "BENCHMILL_LLM__MODEL": "fake-model",
           "BENCHMILL_LLM__MAX_RETRIES": "1", "BENCHMILL_LLM__TIMEOUT": "5", "BENCHMILL_LANGUAGES": '["en"]',
           "BENCHMILL_LLM__PROMPT_PRICE_PER_1K": "0.5", "BENCHMILL_LLM__COMPLETION_PRICE_PER_1K": "1.5"}
    with flow_state(tmp_path / "state", **env):
        model.judge_down = fake_llm.models_status = 503  # the endpoint is down, not just one request
        state = daily_news(sources=source, run_date="2026-11-20", return_state=True)
        assert state.is_failed()
        assert "LLMUnavailable" in str(state.message) or "503" in str(state.message)
        first = {k: model.seen.count(k) for k in ("triplets", "linking", "question", "acceptability", "closed_book", "judge")}
        assert first["triplets"] == 4 and first["question"] > 0 and first["judge"] > 0

        first_calls = len([k for k in model.seen if k != "judge"])  # every one answered 200
        model.judge_down, fake_llm.models_status = False, None
        model.seen.clear()
        summary = daily_news(sources=source, run_date="2026-11-20")

        # the resumed run asked the model nothing it had asked before: only the judge
        assert {k for k in model.seen} == {"judge"}, model.seen
        states = _task_states(summary.run_id)
        for stage in ("crawl", "diff", "triplets", "linking", "novelty", "subgraphs", "questions"):
            assert states[stage] == {"Cached"}, (stage, states[stage])
        assert "Completed" in states["filter-llm-judge"]
        assert summary.releases == {"news-en": "1.0.0"}

        store = Store.reader(load_settings(None).store)
        run = next(r for r in store.runs() if r["run_id"] == summary.run_id)
        assert run["llm_calls"] == summary.llm.calls > 0 and run["prompt_tokens"] > 0
        assert run["cost_usd"] == pytest.approx(
            run["prompt_tokens"] / 1000 * 0.5 + run["completion_tokens"] / 1000 * 1.5, rel=1e-4)
        runs = {r["run_id"]: r["status"] for r in store.runs()}
        assert runs[summary.run_id] == "completed" and list(runs.values()).count("failed") == 1
        # accounting per run: the failed attempt records the calls it made; the retry counts
        # only its own (judge) calls as made and the earlier stages' calls as cached
        failed = next(r for r in store.runs() if r["status"] == "failed")
        assert failed["llm_calls"] == first_calls and failed["llm_cached"] == 0 and failed["prompt_tokens"] > 0
        assert run["llm_calls"] == len(model.seen)
        # the closed-book and acceptability verdicts were stored: not re-run
        rerun_stages = first_calls - first["closed_book"] - first["acceptability"]
        assert first["acceptability"] > 0  # under the llm engine with no classifier, the prompt judges
        assert run["llm_cached"] == rerun_stages, (run["llm_cached"], first, first_calls)
        # no duplicates from the failed attempt: one row per document, triplet and item
        assert _rows(store, "SELECT count(*), count(DISTINCT canonical_url) FROM documents") == [(4, 4)]
        assert _rows(store, "SELECT count(*) - count(DISTINCT item_id) FROM items") == [(0,)]

        # the broken reply failed its subgraph only, with a recorded reason; the rest went on
        failures = [f for r in store.runs() for f in store.failures(r["run_id"])]
        broken = [f for f in failures if f.stage == "questions" and "bridge" not in f.reason]
        assert broken and all("JSON" in f.reason or "parse" in f.reason.lower() for f in broken), broken
        [(judged,)] = _rows(store, "SELECT count(*) FROM verdicts WHERE filter = 'llm_judge' AND status = 'passed'")
        [(items,)] = _rows(store, "SELECT count(*) FROM items")
        # (broken subgraphs fail in the failed run and again in the resumed one: count them once)
        assert judged > 0 and items > len({f.key for f in broken})


def test_one_request_that_always_fails_fails_only_its_item(prefect_harness, fake_llm, news_folder, tmp_path):
    from flows.daily_news import daily_news

    model = ScriptedModel()

    def handler(body: dict) -> str | Reply:
        message = last_user_message(body)
        if kind_of(message) == "triplets" and "Redfield Pharma" in message:
            return Reply(status=500, content="worker crashed on this prompt")  # every time, retries included
        return model(body)

    fake_llm.handler(handler)
    source = [SourceSpec(name="bench-en", kind="folder", location=str(news_folder), lang="en")]
    env = {"BENCHMILL_ENGINE": "llm", "BENCHMILL_LLM__BASE_URL": fake_llm.base_url, "BENCHMILL_LLM__MODEL": "fake-model",
           "BENCHMILL_LLM__MAX_RETRIES": "1", "BENCHMILL_LLM__TIMEOUT": "5", "BENCHMILL_LANGUAGES": '["en"]'}
    with flow_state(tmp_path / "state", **env):
        summary = daily_news(sources=source, run_date="2026-11-20")
        # the endpoint answers other requests: the run completes and releases the rest
        assert summary.releases == {"news-en": "1.0.0"} and summary.new_items > 0
        store = Store.reader(load_settings(None).store)
        failed = [f for f in store.failures(summary.run_id) if f.stage == "triplets"]
        assert len(failed) == 1 and failed[0].kind == "transient", failed
        assert "HTTP 500" in failed[0].reason and "worker crashed on this prompt" in failed[0].reason
        [(docs_with_triplets,)] = _rows(store, "SELECT count(DISTINCT doc_id) FROM triplets")
        assert docs_with_triplets == 3
