"""benchmill.llm over real HTTP against the fake OpenAI-compatible server (nothing mocked in-process)."""
from __future__ import annotations

import json
import pickle
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from pydantic import BaseModel

from benchmill.engines import EngineConfig
from benchmill.llm import (
    MAX_REPLY_CHARS,
    RETRY_MARKER,
    LLMClient,
    LLMResult,
    LLMUnavailable,
    failure_reason,
    llm_client,
)
from benchmill.prompts import RenderedPrompt
from benchmill.settings import LLMSettings, SettingsError
from tests.fakes.openai_server import FakeOpenAI, Reply, count_tokens, last_user_message


class Answer(BaseModel):
    question: str
    answer: str
    confidence: float = 1.0


class Triplets(BaseModel):
    triplets: list[list[str]]


def prompt(text: str = "Write one question about Paris.", system: str | None = "You write quiz questions.") -> RenderedPrompt:
    return RenderedPrompt(name="quiz", lang="en", sha256="0123456789abcdef", system=system, text=text)


def make_settings(fake: FakeOpenAI, tmp_path: Path, **overrides) -> LLMSettings:
    values = dict(
        base_url=fake.base_url, model="fake-model", cache_path=tmp_path / "llm_cache.sqlite", max_retries=1, timeout=5
    )
    values.update(overrides)
    return LLMSettings(**values)


@pytest.fixture
def client(llm_engine: EngineConfig) -> LLMClient:
    return llm_engine.client()


def roles(body: dict) -> list[str]:
    return [m["role"] for m in body["messages"]]


GOOD = '{"question": "What is the capital of France?", "answer": "Paris"}'


# --- JSON parsing ------------------------------------------------------------------------


def test_valid_json_and_request_shape(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script(GOOD)
    result = client.complete_json(prompt(), Answer)

    assert result.ok and result.error is None
    assert result.value == Answer(question="What is the capital of France?", answer="Paris")
    assert result.raw == GOOD
    [body] = fake_llm.requests
    assert body["model"] == "fake-model"
    assert body["temperature"] == 0.0
    assert roles(body) == ["system", "user"]
    assert body["messages"][0]["content"] == "You write quiz questions."
    user = body["messages"][1]["content"]
    assert user.startswith("Write one question about Paris.\n\n")
    # the schema travels in the prompt, so any OpenAI-compatible server works
    assert json.dumps(Answer.model_json_schema()) in user
    assert "response_format" not in body


def test_no_system_message_when_prompt_has_none(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script(GOOD)
    client.complete_json(prompt(system=None), Answer)
    assert roles(fake_llm.requests[0]) == ["user"]


def test_json_in_fences_with_prose(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script(f"Sure! Here is the JSON you asked for:\n```json\n{GOOD}\n```\nHope this helps.")
    result = client.complete_json(prompt(), Answer)
    assert result.value == Answer(question="What is the capital of France?", answer="Paris")
    assert len(fake_llm.requests) == 1


def test_json_followed_by_prose_without_fences(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script(f"Answer: {GOOD} -- I am fairly sure about {{this}}.")
    assert client.complete_json(prompt(), Answer).value.answer == "Paris"


def test_reasoning_block_is_ignored(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script('<think>maybe {"answer": "Lyon"}? no.</think>\n' + GOOD)
    assert client.complete_json(prompt(), Answer).value.answer == "Paris"


@pytest.mark.parametrize(
    "broken",
    [
        '{"question": "What is the capital of France?", "answer": "Paris",}',  # trailing comma
        "{'question': 'What is the capital of France?', 'answer': 'Paris'}",  # single quotes
        '{question: "What is the capital of France?", answer: "Paris"}',  # unquoted keys
    ],
    ids=["trailing-comma", "single-quotes", "unquoted-keys"],
)
def test_broken_json_is_repaired_without_retry(client: LLMClient, fake_llm: FakeOpenAI, broken: str):
    fake_llm.script(broken)
    result = client.complete_json(prompt(), Answer)
    assert result.value == Answer(question="What is the capital of France?", answer="Paris")
    assert len(fake_llm.requests) == 1
    assert result.usage.calls == 1 and result.usage.failures == 0


def test_bare_list_is_wrapped_for_single_field_schema(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script('[["Paris", "capital of", "France"]]')
    result = client.complete_json(prompt(), Triplets)
    assert result.value == Triplets(triplets=[["Paris", "capital of", "France"]])


def test_unparseable_reply_then_retry_succeeds(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script("I am sorry, I cannot answer in JSON.", GOOD)
    result = client.complete_json(prompt(), Answer)

    assert result.value.answer == "Paris"
    assert result.usage.calls == 2 and result.usage.failures == 0
    first, retry = fake_llm.requests
    # the retry continues the conversation: the model sees its own reply and the exact error
    assert roles(retry) == ["system", "user", "assistant", "user"]
    assert retry["messages"][:2] == first["messages"]
    assert retry["messages"][2]["content"] == "I am sorry, I cannot answer in JSON."
    correction = last_user_message(retry)
    assert correction.startswith(RETRY_MARKER)
    assert "the reply contains no JSON object" in correction


def test_unparseable_twice_is_a_recorded_failure_and_not_cached(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script("no idea", "still no idea")
    result = client.complete_json(prompt(), Answer)  # must not raise

    assert result.value is None and not result.ok
    assert "no JSON object" in result.error and "after one corrective retry" in result.error
    assert result.raw == "still no idea"
    assert result.usage.calls == 2 and result.usage.failures == 1 and result.usage.cached == 0
    assert len(client.cache) == 0

    # the next run asks again instead of replaying the failure
    fake_llm.script(GOOD)
    again = client.complete_json(prompt(), Answer)
    assert again.value.answer == "Paris" and again.usage.cached == 0
    assert len(fake_llm.requests) == 3


def test_schema_invalid_json_is_retried_with_the_validation_error(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script('{"question": "What is the capital of France?"}', GOOD)
    result = client.complete_json(prompt(), Answer)

    assert result.value.answer == "Paris"
    correction = last_user_message(fake_llm.requests[1])
    assert "does not match the schema Answer" in correction
    assert "answer: Field required" in correction


def test_truncated_reply_is_not_repaired_into_partial_data(client: LLMClient, fake_llm: FakeOpenAI):
    # closing the brackets of a cut-off list would "validate" with items missing
    fake_llm.script(Reply('{"triplets": [["a", "b", "c"], ["d", "e"', finish_reason="length"), "nope")
    result = client.complete_json(prompt(), Triplets)
    assert result.value is None
    assert "cut off at the max_tokens limit" in last_user_message(fake_llm.requests[1])


# --- endpoint failures ----------------------------------------------------------------------


def test_server_error_then_success_within_retries(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script(Reply("engine overloaded", status=500), GOOD)
    result = client.complete_json(prompt(), Answer)
    assert result.value.answer == "Paris"
    assert len(fake_llm.requests) == 2  # the SDK retried the 500
    assert result.usage.calls == 1  # one logical call


def test_persistent_server_error_raises_unavailable_naming_the_url(client: LLMClient, fake_llm: FakeOpenAI):
    # the endpoint is down: the chat request 503s and so does the probe of /v1/models
    fake_llm.models_status = 503
    fake_llm.route("Paris", Reply("CUDA out of memory", status=503))
    with pytest.raises(LLMUnavailable) as info:
        client.complete_json(prompt(), Answer)
    message = str(info.value)
    assert fake_llm.base_url in message and "503" in message and "CUDA out of memory" in message
    assert "BENCHMILL_LLM__BASE_URL" in message
    assert info.value.status == 503 and info.value.base_url == fake_llm.base_url
    assert len(fake_llm.requests) == 2  # first try + max_retries=1


def test_one_request_that_keeps_failing_fails_only_its_item(client: LLMClient, fake_llm: FakeOpenAI):
    # the endpoint answers (/v1/models works, other prompts succeed): only this item fails
    fake_llm.route("Paris", Reply("internal error on this prompt", status=500))
    fake_llm.route("Rome", '{"question": "What is the capital of Italy?", "answer": "Rome"}')
    failed = client.complete_json(prompt(), Answer)
    assert failed.value is None and failed.transient and failed.failure_kind == "transient"
    assert "HTTP 500" in failed.error and "internal error on this prompt" in failed.error
    assert failed.usage.failures == 1 and failed.usage.calls == 1
    assert len(fake_llm.requests) == 2  # bounded: first try + max_retries=1
    ok = client.complete_json(prompt("Write one question about Rome."), Answer)
    assert ok.value.answer == "Rome" and not ok.transient
    assert len(client.cache) == 1  # the failure is not cached: the next run retries it


def test_server_down_raises_unavailable(tmp_path: Path):
    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/v1"
    client = LLMClient(LLMSettings(base_url=url, cache_path=tmp_path / "c.sqlite", max_retries=1, timeout=2))
    with pytest.raises(LLMUnavailable) as info:
        client.complete_text(prompt())
    assert url in str(info.value) and "cannot connect" in str(info.value)
    assert info.value.status is None


def test_slow_reply_beyond_timeout_fails_the_item_while_the_endpoint_answers(fake_llm: FakeOpenAI, tmp_path: Path):
    fake_llm.script(Reply(GOOD, delay=3))
    client = LLMClient(make_settings(fake_llm, tmp_path, timeout=0.3, max_retries=0))
    started = time.perf_counter()
    result = client.complete_json(prompt(), Answer)
    assert time.perf_counter() - started < 2
    assert result.value is None and result.transient
    assert "did not answer within 0.3 s" in result.error


def test_slow_reply_beyond_timeout_raises_unavailable_when_the_endpoint_is_down(fake_llm: FakeOpenAI, tmp_path: Path):
    fake_llm.models_status = 502
    fake_llm.script(Reply(GOOD, delay=3))
    client = LLMClient(make_settings(fake_llm, tmp_path, timeout=0.3, max_retries=0))
    started = time.perf_counter()
    with pytest.raises(LLMUnavailable, match="did not answer within 0.3 s"):
        client.complete_json(prompt(), Answer)
    assert time.perf_counter() - started < 2


# --- garbage replies ------------------------------------------------------------------------


def test_prose_with_a_stray_bracket_is_not_repaired_into_data(client: LLMClient, fake_llm: FakeOpenAI):
    prose = "Which company [the one from the article] bought the bank? I cannot say more."
    fake_llm.script(prose, prose)
    result = client.complete_json(prompt(), Answer)
    assert result.value is None and "is not JSON" in result.error
    assert result.raw == prose
    reason = failure_reason(result)
    assert "is not JSON" in reason and "Which company" in reason


def test_huge_reply_is_rejected_and_the_failure_keeps_only_its_start(client: LLMClient, fake_llm: FakeOpenAI):
    huge = '{"question": "' + "x" * 1_000_000 + '", "answer": "Paris"}'
    fake_llm.script(huge, huge)
    result = client.complete_json(prompt(), Answer)
    assert result.value is None and f"over the limit of {MAX_REPLY_CHARS}" in result.error
    reason = failure_reason(result)
    assert len(reason) < 3_000 and reason.count("x") > 1_000


def test_truncated_json_without_length_flag_fails_validation(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script('{"question": "What is the capi', '{"question": "What is the capi')
    result = client.complete_json(prompt(), Answer)
    assert result.value is None and "does not match the schema" in result.error


@pytest.mark.parametrize(
    ("status", "expected"),
    [(401, "BENCHMILL_LLM__API_KEY"), (404, "model 'fake-model'"), (422, "rejected the request")],
)
def test_client_errors_raise_unavailable_naming_the_problem(
    client: LLMClient, fake_llm: FakeOpenAI, status: int, expected: str
):
    fake_llm.script(Reply("nope", status=status))
    with pytest.raises(LLMUnavailable) as info:
        client.complete_text(prompt())
    assert f"HTTP {status}" in str(info.value) and expected in str(info.value)
    assert info.value.status == status
    assert len(fake_llm.requests) == 1  # 4xx are not retried


def test_context_overflow_is_a_failure_of_the_item(client: LLMClient, fake_llm: FakeOpenAI):
    # vLLM's wording; no retry or exception can make this prompt fit
    fake_llm.script(Reply("This model's maximum context length is 4096 tokens. However, you requested 9000 tokens.", status=400))
    result = client.complete_json(prompt(), Answer)
    assert result.value is None and "does not fit the context" in result.error
    assert result.usage.failures == 1


def test_unavailable_survives_pickling():
    error = LLMUnavailable("endpoint down", base_url="http://h:1/v1", status=502)
    copy = pickle.loads(pickle.dumps(error))
    assert (str(copy), copy.base_url, copy.status) == ("endpoint down", "http://h:1/v1", 502)


def test_missing_base_url_is_a_settings_error(tmp_path: Path):
    with pytest.raises(SettingsError, match="BENCHMILL_LLM__BASE_URL"):
        LLMClient(LLMSettings(base_url=None, cache_path=tmp_path / "c.sqlite"))


# --- cache ----------------------------------------------------------------------------------


def test_cache_hit_makes_no_request_even_from_a_new_client(fake_llm: FakeOpenAI, tmp_path: Path):
    settings = make_settings(fake_llm, tmp_path)
    fake_llm.script(GOOD)
    first = LLMClient(settings).complete_json(prompt(), Answer)
    assert first.usage.calls == 1 and first.usage.cached == 0

    # a fresh client (another process, next run) on the same cache file
    second = LLMClient(settings).complete_json(prompt(), Answer)
    assert second.value == first.value and second.raw == GOOD
    assert second.usage.cached == 1 and second.usage.calls == 0 and second.usage.prompt_tokens == 0
    assert len(fake_llm.requests) == 1

    with sqlite3.connect(settings.cache_path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_cache_is_independent_of_base_url_but_not_of_prompt_model_or_schema(fake_llm: FakeOpenAI, tmp_path: Path):
    fake_llm.handler(lambda body: GOOD)
    settings = make_settings(fake_llm, tmp_path)
    LLMClient(settings).complete_json(prompt(), Answer)

    with FakeOpenAI() as other_server:  # same model behind another address: cached
        other = LLMClient(settings.model_copy(update={"base_url": other_server.base_url}))
        assert other.complete_json(prompt(), Answer).usage.cached == 1
        assert other_server.requests == []

    client = LLMClient(settings)
    assert client.complete_json(prompt(text="Another question."), Answer).usage.cached == 0
    assert client.complete_json(prompt(system="Be terse."), Answer).usage.cached == 0
    changed_version = prompt().model_copy(update={"sha256": "fedcba9876543210"})
    assert client.complete_json(changed_version, Answer).usage.cached == 0

    class Answer2(Answer):
        source: str = ""

    assert client.complete_json(prompt(), Answer2).usage.cached == 0
    assert client.complete_text(prompt()).usage.cached == 0
    other_model = LLMClient(settings.model_copy(update={"model": "other-model"}))
    assert other_model.complete_json(prompt(), Answer).usage.cached == 0
    assert len(fake_llm.requests) == 7


def test_cache_stores_the_reply_that_parsed_after_a_retry(fake_llm: FakeOpenAI, tmp_path: Path):
    settings = make_settings(fake_llm, tmp_path)
    fake_llm.script("garbage", GOOD)
    LLMClient(settings).complete_json(prompt(), Answer)
    cached = LLMClient(settings).complete_json(prompt(), Answer)
    assert cached.usage.cached == 1 and cached.raw == GOOD and len(fake_llm.requests) == 2


# --- concurrency and process-wide clients -----------------------------------------------------


def test_concurrency_is_bounded_by_max_concurrency(fake_llm: FakeOpenAI, tmp_path: Path):
    fake_llm.handler(lambda body: Reply(GOOD, delay=0.25))
    client = LLMClient(make_settings(fake_llm, tmp_path, max_concurrency=2))
    results: list[LLMResult] = []
    lock = threading.Lock()

    def ask(i: int) -> None:
        result = client.complete_json(prompt(text=f"Question number {i}."), Answer)
        with lock:
            results.append(result)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)

    assert len(results) == 6 and all(r.ok for r in results)
    assert len(fake_llm.requests) == 6
    assert fake_llm.max_in_flight == 2  # never more than 2, and the calls did overlap
    assert client.usage.calls == 6


def test_llm_client_is_shared_per_settings(fake_llm: FakeOpenAI, tmp_path: Path, llm_engine: EngineConfig):
    assert llm_engine.client() is llm_engine.client()
    assert llm_client(llm_engine.llm) is llm_engine.client()
    assert llm_client(llm_engine.llm.model_copy()) is llm_engine.client()  # equal settings, same client
    other = llm_engine.llm.model_copy(update={"model": "other-model"})
    assert llm_client(other) is not llm_engine.client()


# --- text, usage, extras ------------------------------------------------------------------------


def test_complete_text(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script("  <think>short answer</think>Paris is the capital of France.\n")
    result = client.complete_text(prompt())
    assert result.value == "Paris is the capital of France."
    assert result.raw.startswith("  <think>")
    # no JSON instruction for text
    assert last_user_message(fake_llm.requests[0]) == "Write one question about Paris."
    assert client.complete_text(prompt()).usage.cached == 1


def test_empty_text_reply_is_a_failure(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script("   ")
    result = client.complete_text(prompt())
    assert result.value is None and "empty reply" in result.error and result.usage.failures == 1


def test_usage_token_counts(client: LLMClient, fake_llm: FakeOpenAI):
    fake_llm.script("not json", GOOD)
    result = client.complete_json(prompt(), Answer)

    expected_prompt_tokens = sum(
        count_tokens(m["content"]) for body in fake_llm.requests for m in body["messages"]
    )
    assert result.usage.prompt_tokens == expected_prompt_tokens > 0
    assert result.usage.completion_tokens == count_tokens("not json") + count_tokens(GOOD)
    assert result.usage.calls == 2 and result.usage.latency_s > 0
    assert client.usage.prompt_tokens == expected_prompt_tokens


def test_json_mode_sends_response_format(fake_llm: FakeOpenAI, tmp_path: Path):
    fake_llm.script(GOOD)
    client = LLMClient(make_settings(fake_llm, tmp_path), json_mode=True)
    assert client.complete_json(prompt(), Answer).value.answer == "Paris"
    assert fake_llm.requests[0]["response_format"] == {"type": "json_object"}


def test_check_endpoint(client: LLMClient, fake_llm: FakeOpenAI, tmp_path: Path):
    assert client.check_endpoint() == ["fake-model"]
    wrong = LLMClient(make_settings(fake_llm, tmp_path, model="Qwen/Qwen2.5-7B-Instruct"))
    with pytest.raises(LLMUnavailable, match="does not serve model 'Qwen/Qwen2.5-7B-Instruct'"):
        wrong.check_endpoint()



_FILL_CACHE = """
import sys
from pathlib import Path
from benchmill.llm import LLMCache
from benchmill.prompts import RenderedPrompt

path, worker, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
prompt = RenderedPrompt(name="quiz", lang="en", sha256="0", system=None, text="t")
cache = LLMCache(path)
for i in range(count):
    cache.put(f"{worker}-{i}", str(i), kind="text", model="m", prompt=prompt)
    assert cache.get(f"{worker}-{i}") == str(i)
"""


def test_cache_file_is_shared_safely_by_processes_and_threads(tmp_path: Path):
    from benchmill.llm import LLMCache

    path = tmp_path / "nested" / "dir" / "cache.sqlite"  # parent folders are created
    root = Path(__file__).resolve().parent.parent
    processes = [
        subprocess.Popen([sys.executable, "-c", _FILL_CACHE, str(path), f"process{w}", "40"], cwd=root)
        for w in range(2)
    ]
    errors: list[BaseException] = []

    def fill(worker: str) -> None:
        try:
            cache = LLMCache(path)
            for i in range(40):
                cache.put(f"{worker}-{i}", str(i), kind="text", model="m", prompt=prompt())
                assert cache.get(f"{worker}-{i}") == str(i)
        except BaseException as exc:  # reported below: a thread's exception would be lost
            errors.append(exc)

    threads = [threading.Thread(target=fill, args=(f"thread{w}",)) for w in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert [process.wait(timeout=30) for process in processes] == [0, 0]
    assert errors == []
    assert len(LLMCache(path)) == 4 * 40
