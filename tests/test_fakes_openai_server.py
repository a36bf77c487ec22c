"""The fake OpenAI server itself: other tests trust its scripting rules, so pin them down."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.fakes.openai_server import NO_SCRIPTED_REPLY, FakeOpenAI, Reply

ROOT = Path(__file__).resolve().parent.parent


def chat(fake: FakeOpenAI, user: str, **extra) -> httpx.Response:
    body = {"model": "fake-model", "messages": [{"role": "system", "content": "sys"}, {"role": "user", "content": user}]}
    body.update(extra)
    return httpx.post(f"{fake.base_url}/chat/completions", json=body, timeout=5)


def content(response: httpx.Response) -> str:
    assert response.status_code == 200, response.text
    return response.json()["choices"][0]["message"]["content"]


def test_completion_shape_and_usage(fake_llm: FakeOpenAI):
    fake_llm.script("three word reply")
    data = chat(fake_llm, "count these four words").json()
    assert data["object"] == "chat.completion" and data["id"].startswith("chatcmpl-")
    assert data["model"] == "fake-model" and isinstance(data["created"], int)
    assert data["choices"][0]["message"] == {"role": "assistant", "content": "three word reply"}
    assert data["choices"][0]["finish_reason"] == "stop"
    assert data["usage"] == {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8}
    assert fake_llm.requests[0]["messages"][1]["content"] == "count these four words"


def test_queue_is_fifo_and_runs_out_into_a_500(fake_llm: FakeOpenAI):
    fake_llm.script("one", Reply("two"))
    assert fake_llm.pending == 2
    assert [content(chat(fake_llm, "x")), content(chat(fake_llm, "x"))] == ["one", "two"]
    unscripted = chat(fake_llm, "an unexpected call")
    assert unscripted.status_code == 500
    assert unscripted.json()["error"]["message"].startswith(NO_SCRIPTED_REPLY)
    assert "an unexpected call" in unscripted.json()["error"]["message"]


def test_routes_come_first_first_registered_wins_and_last_reply_repeats(fake_llm: FakeOpenAI):
    fake_llm.script("from queue")
    fake_llm.route("capital", "r1", "r2")
    fake_llm.route("capital of France", "never used")
    assert [content(chat(fake_llm, "the capital of France?")) for _ in range(3)] == ["r1", "r2", "r2"]
    assert content(chat(fake_llm, "something else")) == "from queue"


def test_routes_match_the_last_user_message_only(fake_llm: FakeOpenAI):
    fake_llm.route("original task", "routed")
    fake_llm.script("queued")
    body = {
        "model": "m",
        "messages": [
            {"role": "user", "content": "original task"},
            {"role": "assistant", "content": "bad"},
            {"role": "user", "content": [{"type": "text", "text": "please fix"}]},
        ],
    }
    response = httpx.post(f"{fake_llm.base_url}/chat/completions", json=body, timeout=5)
    assert content(response) == "queued"


def test_handler_is_the_fallback(fake_llm: FakeOpenAI):
    fake_llm.script("queued")
    fake_llm.handler(lambda body: "echo: " + body["messages"][-1]["content"])
    assert content(chat(fake_llm, "a")) == "queued"
    assert content(chat(fake_llm, "b")) == "echo: b"


def test_error_reply_has_openai_error_body_and_retry_hint(fake_llm: FakeOpenAI):
    fake_llm.script(Reply("slow down", status=429), Reply("bad key", status=401))
    limited = chat(fake_llm, "x")
    assert limited.status_code == 429
    assert limited.json() == {"error": {"message": "slow down", "type": "rate_limit_error", "param": None, "code": 429}}
    assert limited.headers["retry-after-ms"] == "10"
    unauthorized = chat(fake_llm, "x")
    assert unauthorized.status_code == 401 and "retry-after-ms" not in unauthorized.headers


def test_models_endpoint_and_unknown_paths(fake_llm: FakeOpenAI):
    models = httpx.get(f"{fake_llm.base_url}/models", timeout=5).json()
    assert [m["id"] for m in models["data"]] == ["fake-model"]
    assert httpx.post(f"{fake_llm.base_url}/completions", json={}, timeout=5).status_code == 404
    assert chat(fake_llm, "x", stream=True).status_code == 400
    assert fake_llm.requests == []  # rejected requests are not chat requests


def test_delay_and_max_in_flight(fake_llm: FakeOpenAI):
    fake_llm.handler(lambda body: Reply("ok", delay=0.2))
    threads = [threading.Thread(target=chat, args=(fake_llm, str(i))) for i in range(3)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    # a server thread counts its request done just after the reply's last byte is on the wire
    # (TCP_NODELAY: the client may have it first), so give the bookkeeping a moment
    deadline = time.monotonic() + 2
    while fake_llm.in_flight and time.monotonic() < deadline:
        time.sleep(0.01)
    assert fake_llm.max_in_flight == 3 and fake_llm.in_flight == 0
    assert 0.2 <= elapsed < 1.0


def test_stop_does_not_wait_for_delayed_replies():
    fake = FakeOpenAI().start()
    fake.script(Reply("late", delay=30))
    outcome: list[object] = []

    def call() -> None:
        try:
            outcome.append(chat(fake, "x"))
        except httpx.HTTPError as exc:
            outcome.append(exc)

    caller = threading.Thread(target=call, daemon=True)
    caller.start()
    while not fake.requests:
        time.sleep(0.01)
    started = time.perf_counter()
    fake.stop()
    assert time.perf_counter() - started < 2
    caller.join(timeout=5)
    [result] = outcome
    assert isinstance(result, httpx.HTTPError)  # the connection dropped, no late answer
    with pytest.raises(RuntimeError, match="not started"):
        fake.base_url


def test_reply_rejects_nonsense():
    with pytest.raises(ValueError):
        Reply("x", status=99)
    with pytest.raises(ValueError):
        Reply("x", delay=-1)
    with pytest.raises(TypeError):
        FakeOpenAI().script(42)  # type: ignore[arg-type]


def test_runs_by_hand_from_the_command_line():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.fakes.openai_server", "--port", str(port), "--reply", '{"a":1}'],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert f"http://127.0.0.1:{port}/v1" in process.stdout.readline()
        url = f"http://127.0.0.1:{port}/v1/chat/completions"
        for _ in range(2):  # the reply repeats
            body = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
            assert httpx.post(url, json=body, timeout=5).json()["choices"][0]["message"]["content"] == '{"a":1}'
    finally:
        process.terminate()
        process.wait(timeout=5)
