"""A fake OpenAI-compatible chat server: real HTTP on 127.0.0.1, scripted answers.

Tests exercise the ``llm`` engine through the same HTTP, SDK and parsing layers as in
production (a vLLM server); only the model is replaced by scripted replies. Which reply a
request gets, in order of precedence:

1. the first registered ``route`` whose text occurs in the request's last user message
   (a route's replies are consumed in order, its last reply then repeats forever);
2. the next reply of the ``script`` FIFO queue;
3. the ``handler`` fallback, which computes a reply from the request body;
4. none of these: HTTP 500 "no scripted reply", so a test never passes by accident on a
   call it did not expect.

Run by hand, answering every request with one reply::

    python -m tests.fakes.openai_server --port 8001 --reply '{"a": 1}'
"""
from __future__ import annotations

import argparse
import itertools
import json
import socket
import threading
import time
from collections import deque
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

__all__ = ["FakeOpenAI", "Reply", "NO_SCRIPTED_REPLY"]

#: start of the error message sent when no route, queue entry or handler applies
NO_SCRIPTED_REPLY = "fake OpenAI server: no scripted reply for this request"

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    408: "timeout_error",
    422: "invalid_request_error",
    429: "rate_limit_error",
}


class Reply:
    """One scripted answer.

    ``content`` is the assistant message (or, when ``status >= 400``, the error message);
    ``delay`` seconds pass before the answer is sent (timeout and concurrency tests);
    ``finish_reason`` lets a test simulate a reply cut off at max_tokens ("length");
    ``retry_after`` (seconds, error replies only) overrides the server's default
    ``retry-after-ms`` header.
    """

    def __init__(
        self,
        content: str = "",
        status: int = 200,
        delay: float = 0.0,
        *,
        finish_reason: str = "stop",
        retry_after: float | None = None,
    ):
        if status < 200 or status > 599:
            raise ValueError(f"HTTP status must be in 200..599, got {status}")
        if delay < 0:
            raise ValueError(f"delay must be >= 0, got {delay}")
        self.content = content
        self.status = status
        self.delay = delay
        self.finish_reason = finish_reason
        self.retry_after = retry_after

    def __repr__(self) -> str:
        return f"Reply({self.content!r}, status={self.status}, delay={self.delay})"


def _as_reply(reply: str | Reply) -> Reply:
    if isinstance(reply, Reply):
        return reply
    if isinstance(reply, str):
        return Reply(reply)
    raise TypeError(f"a scripted reply must be str or Reply, got {type(reply).__name__}")


def _message_text(message: dict[str, Any]) -> str:
    """Text of a chat message whose content is a string or a list of content parts."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            part.get("text", "") for part in content if isinstance(part, dict) and part.get("type") == "text"
        )
    return ""


def last_user_message(body: dict[str, Any]) -> str:
    """The text of the last ``user`` message of a chat completion request ("" if none)."""
    for message in reversed(body.get("messages") or []):
        if isinstance(message, dict) and message.get("role") == "user":
            return _message_text(message)
    return ""


def count_tokens(text: str) -> int:
    """Rough token count: whitespace-separated words (enough to test usage accounting)."""
    return len(text.split())


class _Route:
    def __init__(self, contains: str, replies: list[Reply]):
        self.contains = contains
        self.replies = replies
        self.served = 0

    def next(self) -> Reply:
        reply = self.replies[min(self.served, len(self.replies) - 1)]
        self.served += 1
        return reply


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True  # a request still sleeping on a delay must not block stop()
    allow_reuse_address = True
    fake: FakeOpenAI

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.open_connections: set[socket.socket] = set()
        self.connections_lock = threading.Lock()

    def close_open_connections(self) -> None:
        """Close keep-alive connections so their handler threads end with the server."""
        with self.connections_lock:
            connections = list(self.open_connections)
            self.open_connections.clear()
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already closed by the client


class _Handler(BaseHTTPRequestHandler):
    server: _HTTPServer
    protocol_version = "HTTP/1.1"  # keep-alive, as the OpenAI SDK's connection pool expects
    # TCP_NODELAY, as real servers (uvicorn under vLLM) set it: the headers and the body go
    # out in two writes, and with Nagle's algorithm the body waited for the client's delayed
    # ACK of the headers, adding ~40 ms to every reply (bench/bench_llm.py measured it)
    disable_nagle_algorithm = True

    def setup(self) -> None:
        super().setup()
        with self.server.connections_lock:
            self.server.open_connections.add(self.connection)

    def finish(self) -> None:
        with self.server.connections_lock:
            self.server.open_connections.discard(self.connection)
        try:
            super().finish()
        except OSError:
            pass  # connection shut down by stop() or reset by the client

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
        # quiet by default; the request bodies are in FakeOpenAI.requests
        if self.server.fake.verbose:
            super().log_message(format, *args)

    def _send_json(self, status: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            # the client gave up (its timeout fired during a delayed reply): nothing to do
            self.close_connection = True

    def _send_error_body(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        error_type = _ERROR_TYPES.get(status, "server_error" if status >= 500 else "invalid_request_error")
        self._send_json(
            status,
            {"error": {"message": message, "type": error_type, "param": None, "code": status}},
            headers,
        )

    def do_GET(self) -> None:  # noqa: N802 - stdlib name
        fake = self.server.fake
        if self.path.rstrip("/") == "/v1/models" and fake.models_status is not None:
            self._send_error_body(fake.models_status, "fake OpenAI server: endpoint down")
        elif self.path.rstrip("/") == "/v1/models":
            self._send_json(
                200,
                {
                    "object": "list",
                    "data": [
                        {"id": model, "object": "model", "created": fake.created, "owned_by": "benchmill-tests"}
                        for model in fake.models
                    ],
                },
            )
        else:
            self._send_error_body(404, f"fake OpenAI server: no route GET {self.path}")

    def do_POST(self) -> None:  # noqa: N802 - stdlib name
        fake = self.server.fake
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.path.rstrip("/") != "/v1/chat/completions":
            self._send_error_body(404, f"fake OpenAI server: no route POST {self.path}")
            return
        try:
            body = json.loads(raw or b"null")
        except json.JSONDecodeError as exc:
            self._send_error_body(400, f"request body is not JSON: {exc}")
            return
        if not isinstance(body, dict) or not isinstance(body.get("messages"), list) or not body["messages"]:
            self._send_error_body(400, "request body must be a JSON object with a non-empty 'messages' list")
            return
        if body.get("stream"):
            self._send_error_body(400, "fake OpenAI server: streaming is not supported")
            return

        fake._enter(body)
        try:
            reply = fake._choose(body)
            if reply is None:
                self._send_error_body(
                    500,
                    f"{NO_SCRIPTED_REPLY} (last user message starts with {last_user_message(body)[:120]!r}); "
                    "add one with script(), route() or handler()",
                    {"x-should-retry": "false"},  # retrying cannot help; fail the test fast
                )
                return
            if reply.delay and fake._stopping.wait(reply.delay):
                # the server is stopping: drop the connection rather than answer late
                self.close_connection = True
                return
            if reply.status >= 400:
                headers = {}
                retry_after = reply.retry_after if reply.retry_after is not None else fake.retry_after
                if retry_after is not None and (reply.status == 429 or reply.status >= 500):
                    headers["retry-after-ms"] = str(max(1, round(retry_after * 1000)))
                self._send_error_body(reply.status, reply.content or HTTPStatus(reply.status).phrase, headers)
                return
            self._send_json(reply.status, fake._completion(body, reply))
        finally:
            fake._leave()


class FakeOpenAI:
    """An OpenAI-compatible chat server on 127.0.0.1 with scripted replies (see module doc).

    ``requests`` holds every chat completion request body received, in arrival order;
    ``max_in_flight`` is the largest number of chat requests it was serving at once.
    ``retry_after`` (seconds) is sent as ``retry-after-ms`` with 429/5xx replies so the
    OpenAI SDK retries at once instead of backing off ~0.5 s per retry; real vLLM servers
    send no such header: set it to None to exercise the SDK's own backoff.
    """

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        models: list[str] | None = None,
        retry_after: float | None = 0.01,
        verbose: bool = False,
        models_status: int | None = None,
    ):
        self.host = host
        #: when set, GET /v1/models answers with this HTTP error (an endpoint that is down
        #: although its port accepts connections, e.g. a proxy in front of a dead vLLM)
        self.models_status = models_status
        self.port = port
        self.models = list(models or ["fake-model"])
        self.retry_after = retry_after
        self.verbose = verbose
        self.created = int(time.time())
        self.requests: list[dict] = []
        self.max_in_flight = 0
        self.in_flight = 0
        self._lock = threading.Lock()
        self._queue: deque[Reply] = deque()
        self._routes: list[_Route] = []
        self._handler: Callable[[dict], str | Reply] | None = None
        self._ids = itertools.count(1)
        self._stopping = threading.Event()
        self._server: _HTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle ---------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("FakeOpenAI is not started: call start() or use it as a context manager")
        return f"http://{self.host}:{self.port}/v1"

    def start(self) -> FakeOpenAI:
        if self._server is not None:
            return self
        self._stopping.clear()
        self._server = _HTTPServer((self.host, self.port), _Handler)
        self._server.fake = self
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, name=f"fake-openai-{self.port}", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is None:
            return
        self._stopping.set()  # wakes requests sleeping on a delay
        self._server.shutdown()
        self._server.server_close()
        self._server.close_open_connections()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> FakeOpenAI:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    # scripting ---------------------------------------------------------------------------

    def script(self, *replies: str | Reply) -> None:
        """Append replies to the FIFO queue; each is used for exactly one request."""
        converted = [_as_reply(r) for r in replies]
        with self._lock:
            self._queue.extend(converted)

    def route(self, contains: str, *replies: str | Reply) -> None:
        """Answer requests whose last user message contains ``contains``.

        Replies are consumed in order and the last one repeats forever. Routes are checked
        before the queue; when several match, the first registered wins.
        """
        if not replies:
            raise ValueError("route() needs at least one reply")
        route = _Route(contains, [_as_reply(r) for r in replies])
        with self._lock:
            self._routes.append(route)

    def handler(self, fn: Callable[[dict], str | Reply]) -> None:
        """Fallback computing a reply from the request body (replaces an earlier handler)."""
        with self._lock:
            self._handler = fn

    def reset(self) -> None:
        """Forget scripted replies, routes, the handler and the recorded requests."""
        with self._lock:
            self._queue.clear()
            self._routes.clear()
            self._handler = None
            self.requests.clear()
            self.max_in_flight = 0

    @property
    def pending(self) -> int:
        """Queued replies not yet consumed (a test can assert its script was used up)."""
        with self._lock:
            return len(self._queue)

    # request handling (called from server threads) ---------------------------------------

    def _enter(self, body: dict) -> None:
        with self._lock:
            self.requests.append(body)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)

    def _leave(self) -> None:
        with self._lock:
            self.in_flight -= 1

    def _choose(self, body: dict) -> Reply | None:
        text = last_user_message(body)
        with self._lock:
            for route in self._routes:
                if route.contains in text:
                    return route.next()
            if self._queue:
                return self._queue.popleft()
            handler = self._handler
        if handler is None:
            return None
        # outside the lock: a handler may be slow or call script()/route() itself
        return _as_reply(handler(body))

    def _completion(self, body: dict, reply: Reply) -> dict[str, Any]:
        prompt_tokens = sum(count_tokens(_message_text(m)) for m in body["messages"] if isinstance(m, dict))
        completion_tokens = count_tokens(reply.content)
        return {
            "id": f"chatcmpl-fake-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": body.get("model") or self.models[0],
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": reply.content},
                    "logprobs": None,
                    "finish_reason": reply.finish_reason,
                }
            ],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": completion_tokens,
                "total_tokens": prompt_tokens + completion_tokens,
            },
        }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fakes.openai_server",
        description="Fake OpenAI-compatible chat server answering every request with scripted replies.",
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument(
        "--reply",
        action="append",
        required=True,
        help="assistant reply; repeat to answer successive requests in order (the last one repeats)",
    )
    parser.add_argument("--delay", type=float, default=0.0, help="seconds to wait before each answer")
    parser.add_argument("--model", action="append", help="model id listed by GET /v1/models (repeatable)")
    parser.add_argument("--verbose", action="store_true", help="log each HTTP request to stderr")
    args = parser.parse_args(argv)

    fake = FakeOpenAI(args.host, args.port, models=args.model, verbose=args.verbose)
    # "" occurs in every message: a catch-all route whose last reply repeats forever
    fake.route("", *(Reply(text, delay=args.delay) for text in args.reply))
    with fake:
        print(f"fake OpenAI server at {fake.base_url} (Ctrl-C to stop)", flush=True)
        try:
            threading.Event().wait()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
