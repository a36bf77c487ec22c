"""The ``llm`` engine's client: an OpenAI-compatible chat endpoint behind a langchain chat model.

One :class:`LLMClient` per settings per process (:func:`llm_client`), so that every task in
the process shares its concurrency limit. What it adds to the chat model:

- **JSON that validates.** ``complete_json`` appends the JSON Schema of the wanted pydantic
  model to the user message (plain instructions work on any OpenAI-compatible server;
  server-side structured output is supported unevenly by vLLM / llama.cpp), then parses
  leniently: code fences and surrounding prose are stripped, broken JSON is repaired with
  ``json_repair``, and the result is validated. If that fails, the model gets ONE retry
  that shows it its reply and the exact error. Still invalid: ``LLMResult(value=None,
  error=...)`` - a recorded failure of that item, never an exception.
- **Endpoint down vs. one request failing.** A timeout or 5xx after the SDK's
  ``max_retries`` is followed by a cheap probe of ``GET /models``: if the endpoint answers,
  only this item fails (``LLMResult`` with ``transient=True``; the run goes on). Otherwise,
  and for connection refused, 429 and 4xx answers that no item can fix (bad key, unknown
  model, malformed request), :class:`LLMUnavailable` is raised with a message saying what
  to check. Tasks let it propagate: Prefect retries the task and a re-run resumes from
  the cache.
- **A persistent call cache.** Successful replies are stored in SQLite
  (``settings.cache_path``), keyed by everything that determines the reply except the
  endpoint address, so a re-run (or another process) makes no repeated calls. Failed
  parses are not stored: they are retried on the next run.
- **Usage accounting** per result (:class:`schemas.LLMUsage`) and per client (``usage``).
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import json_repair
from pydantic import BaseModel, ValidationError

from benchmill.prompts import RenderedPrompt
from benchmill.settings import LLMSettings, SettingsError
from benchmill.sqlite_local import SQLiteLocal
from schemas.llm import LLMUsage

if TYPE_CHECKING:
    import openai
    from langchain_core.messages import BaseMessage

# langchain_openai and openai are imported where they are used: together they take ~3 s to
# import, and most importers of this module (tasks catching LLMUnavailable, runs with the
# rules engine) never make a call.

__all__ = [
    "JSON_INSTRUCTION",
    "LLMCache",
    "LLMClient",
    "LLMResult",
    "LLMUnavailable",
    "RETRY_MARKER",
    "cache_key",
    "failure_reason",
    "llm_client",
    "parse_json_reply",
    "process_usage",
    "RunUsage",
]

log = logging.getLogger(__name__)

#: Appended (after a blank line) to the user message of every ``complete_json`` request.
JSON_INSTRUCTION = (
    "Answer with a single JSON object and nothing else: no explanations, no code fences. "
    "The object must be valid against this JSON Schema:\n{schema}"
)

#: Start of the user message of the one corrective retry after an unusable JSON reply
#: (a test scripting the retry can route on it: the fake server routes on the last user
#: message, which for the retry is this one, not the original prompt).
RETRY_MARKER = "Your previous reply could not be used"
_RETRY_MESSAGE = (
    RETRY_MARKER + ": {error}\n"
    "Reply again with only the corrected JSON object, valid against the JSON Schema given "
    "above, and no other text."
)

#: Replies longer than this are rejected unparsed (a runaway generation is never an item).
MAX_REPLY_CHARS = 64_000
#: How much of a rejected reply a failure record keeps.
RAW_IN_FAILURE_CHARS = 2_000

#: Part of every cache key: bump when the request wording or the reply handling changes in
#: a way that makes previously cached replies wrong.
_CACHE_FORMAT = 1

# Reasoning models (Qwen3, DeepSeek-R1) served without a reasoning parser put their chain of
# thought in the content; it is never part of the answer.
_THINK_BLOCK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_FENCED_BLOCK = re.compile(r"```[ \t]*[A-Za-z0-9_+-]*[ \t]*\r?\n?(.*?)```", re.DOTALL)
# what broken JSON worth repairing starts with: an object with a (maybe unquoted) key and a
# colon, or a list of strings / numbers / lists / objects
_JSON_LIKE = re.compile(r"""\{\s*(?:["'][^"'\n]{1,200}["']|[A-Za-z_][\w-]{0,60})\s*:|\[\s*[\["'{\d-]""")
_CONTEXT_OVERFLOW = re.compile(
    r"maximum context length|context[ _]length|context window|prompt is too long|too many tokens", re.IGNORECASE
)


class LLMUnavailable(RuntimeError):
    """The LLM endpoint cannot answer (down, timing out, 5xx, rejecting the request).

    Transient from a task's point of view: let it propagate so that Prefect retries the
    task; a re-run resumes with earlier results cached. ``status`` is the HTTP status when
    the server answered, None when it could not be reached.
    """

    def __init__(self, message: str, *, base_url: str | None = None, status: int | None = None):
        super().__init__(message)
        self.base_url = base_url
        self.status = status

    def __reduce__(self):
        # keep base_url/status when pickled to a Dask worker or into Prefect's result store
        return (_rebuild_unavailable, (str(self), self.base_url, self.status))


def _rebuild_unavailable(message: str, base_url: str | None, status: int | None) -> LLMUnavailable:
    return LLMUnavailable(message, base_url=base_url, status=status)


@dataclass
class LLMResult:
    """The outcome of one ``complete_*`` call.

    ``value``: the validated model (``complete_json``) or the text (``complete_text``);
    None when the reply was unusable, and then ``error`` says why. ``raw`` is the last
    reply text received (or read from the cache); ``usage`` counts this call only.
    """

    value: Any | None
    error: str | None
    raw: str | None
    usage: LLMUsage = field(default_factory=LLMUsage)
    #: True when the request itself failed (5xx / timeout after retries while the endpoint
    #: answers other requests): the item is retried on the next run.
    transient: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def failure_kind(self) -> Literal["transient", "permanent"]:
        return "transient" if self.transient else "permanent"


def failure_reason(result: LLMResult, prefix: str = "unusable LLM reply") -> str:
    """The reason for a Failure record: the error and, if any, the start of the raw reply."""
    reason = prefix if result.error is None else f"{prefix}: {result.error}"
    if result.raw:
        raw = result.raw if len(result.raw) <= RAW_IN_FAILURE_CHARS else result.raw[:RAW_IN_FAILURE_CHARS] + "..."
        reason += f"; raw reply ({len(result.raw)} chars): {raw!r}"
    return reason


# --- parsing -------------------------------------------------------------------------------


def _json_candidate(raw: str) -> str | None:
    """The part of a reply that should be JSON: inside a code fence, or from the first { or [."""
    text = _THINK_BLOCK.sub("", raw).strip()
    for block in _FENCED_BLOCK.findall(text):
        block = block.strip()
        if block.startswith(("{", "[")):
            return block
    starts = [i for i in (text.find("{"), text.find("[")) if i >= 0]
    if not starts:
        return None
    return text[min(starts):].strip()


def _format_validation_error(exc: ValidationError, limit: int = 10) -> str:
    problems = []
    for err in exc.errors()[:limit]:
        where = ".".join(str(p) for p in err["loc"]) or "(top level)"
        problems.append(f"{where}: {err['msg']}")
    more = exc.error_count() - limit
    if more > 0:
        problems.append(f"... and {more} more")
    return "; ".join(problems)


def parse_json_reply(
    raw: str, schema: type[BaseModel], *, truncated: bool = False
) -> tuple[BaseModel | None, str | None]:
    """Parse and validate a model reply: ``(value, None)`` or ``(None, reason)``.

    Lenient about form (fences, prose around the JSON, trailing commas, single quotes,
    unquoted keys - repaired by json_repair), strict about content (pydantic validation).
    ``truncated`` (the reply hit max_tokens): repair is not trusted, because closing the
    brackets of a cut-off reply yields valid-looking but incomplete data.
    """
    if len(raw) > MAX_REPLY_CHARS:
        return None, f"the reply is {len(raw)} characters long, over the limit of {MAX_REPLY_CHARS}"
    candidate = _json_candidate(raw)
    if candidate is None:
        return None, "the reply contains no JSON object"
    try:
        # raw_decode stops at the end of the first JSON value: trailing prose is ignored
        data, _ = json.JSONDecoder().raw_decode(candidate)
    except json.JSONDecodeError as exc:
        if truncated:
            return None, f"the reply was cut off at the max_tokens limit and is not complete JSON ({exc})"
        if not _JSON_LIKE.match(candidate):
            # json_repair turns any prose after a stray bracket into "valid" data
            return None, f"the reply is not JSON (no key: value pairs or list of values) ({exc})"
        data = json_repair.repair_json(candidate, return_objects=True)
        if not isinstance(data, (dict, list)):
            return None, f"the reply is not valid JSON and could not be repaired ({exc})"
    fields = schema.model_fields
    if isinstance(data, list) and len(fields) == 1:
        # a model asked for {"items": [...]} often answers with the bare list
        data = {next(iter(fields)): data}
    if not isinstance(data, dict):
        return None, f"expected a JSON object, got a JSON {type(data).__name__}"
    try:
        return schema.model_validate(data), None
    except ValidationError as exc:
        return None, f"the JSON does not match the schema {schema.__name__}: {_format_validation_error(exc)}"


# --- persistent cache ----------------------------------------------------------------------


@lru_cache(maxsize=256)
def _schema_json(schema: type[BaseModel]) -> str:
    """``schema``'s JSON Schema as JSON text, built once per model class.

    pydantic rebuilds the schema on every ``model_json_schema()`` call (~0.8 ms, twice per
    request: the cache key and the instruction); a class's schema does not change.
    """
    return json.dumps(schema.model_json_schema(), ensure_ascii=False)


def cache_key(
    *,
    kind: Literal["json", "text"],
    model: str,
    prompt: RenderedPrompt,
    temperature: float,
    schema: type[BaseModel] | None = None,
) -> str:
    """sha256 of everything that determines a reply except the endpoint's address.

    The base_url is left out on purpose: the same model behind another URL (a restarted
    vLLM on another host) gives the same answers, so the cache stays valid.
    """
    payload = {
        "format": _CACHE_FORMAT,
        "kind": kind,
        "model": model,
        "prompt_sha256": prompt.sha256,
        "system": prompt.system,
        "text": prompt.text,
        "temperature": temperature,
        "schema_name": schema.__name__ if schema is not None else None,
        # the same dict as model_json_schema() gives, parsed back from the memoised text
        "schema": json.loads(_schema_json(schema)) if schema is not None else None,
    }
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode("utf-8")).hexdigest()


class LLMCache:
    """Replies that parsed, in an SQLite file shared by threads and processes.

    The file, its pragmas (WAL, synchronous=NORMAL) and the connections are a
    :class:`benchmill.sqlite_local.SQLiteLocal`: each thread of each process uses its own
    kept connection; one inherited across fork() is never used in the child; a thread's
    connection closes when the thread ends. Picklable (path and timeout travel).
    """

    _SCHEMA = """
        CREATE TABLE IF NOT EXISTS llm_cache (
            key TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            model TEXT NOT NULL,
            prompt_name TEXT NOT NULL,
            prompt_hash TEXT NOT NULL,
            raw TEXT NOT NULL,
            created REAL NOT NULL
        )
    """

    def __init__(self, path: Path, busy_timeout: float = 30.0):
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        try:
            self._db = SQLiteLocal(self.path, self._SCHEMA, busy_timeout=busy_timeout)
        except (OSError, sqlite3.Error) as exc:
            raise SettingsError(
                f"cannot open the LLM call cache {self.path} (llm.cache_path / BENCHMILL_LLM__CACHE_PATH): {exc}"
            ) from exc

    def _write(self, sql: str, params: tuple) -> None:
        with self._db.transaction() as conn:
            conn.execute(sql, params)

    def get(self, key: str) -> str | None:
        rows = self._db.connection().execute("SELECT raw FROM llm_cache WHERE key = ?", (key,)).fetchall()
        return rows[0][0] if rows else None

    def put(self, key: str, raw: str, *, kind: str, model: str, prompt: RenderedPrompt) -> None:
        self._write(
            "INSERT OR REPLACE INTO llm_cache (key, kind, model, prompt_name, prompt_hash, raw, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (key, kind, model, f"{prompt.lang}/{prompt.name}", prompt.sha256, raw, time.time()),
        )

    def delete(self, key: str) -> None:
        self._write("DELETE FROM llm_cache WHERE key = ?", (key,))

    def __len__(self) -> int:
        return self._db.connection().execute("SELECT count(*) FROM llm_cache").fetchall()[0][0]


# --- client --------------------------------------------------------------------------------


@dataclass
class _Reply:
    text: str
    finish_reason: str | None


class _ContextOverflow(Exception):
    """The prompt does not fit the model's context: a problem of this item, not the endpoint."""


class _RequestFailed(Exception):
    """This request kept failing (5xx / timeout) while the endpoint answers: fail the item."""


class LLMClient:
    """JSON / text completions from an OpenAI-compatible endpoint (see the module doc).

    Thread-safe; at most ``settings.max_concurrency`` HTTP calls run at once per client.
    ``json_mode=True`` also sends ``response_format={"type": "json_object"}`` (vLLM and
    llama.cpp servers constrain decoding to JSON then); off by default because servers
    support it unevenly and the schema instruction plus repair does not need it.
    """

    def __init__(self, settings: LLMSettings, *, json_mode: bool = False):
        from langchain_openai import ChatOpenAI

        if not settings.base_url:
            raise SettingsError("the llm engine needs llm.base_url (BENCHMILL_LLM__BASE_URL)")
        self.settings = settings
        self.base_url: str = settings.base_url
        self.json_mode = json_mode
        self.cache = LLMCache(settings.cache_path)
        self._chat = ChatOpenAI(
            base_url=settings.base_url,
            api_key=settings.api_key,
            model=settings.model,
            temperature=settings.temperature,
            max_tokens=settings.max_tokens,
            timeout=settings.timeout,
            max_retries=settings.max_retries,
            # an OpenAI-compatible server speaks Chat Completions; never switch to the
            # Responses API (langchain does so for some OpenAI model names)
            use_responses_api=False,
        )
        self._semaphore = threading.BoundedSemaphore(settings.max_concurrency)
        self._usage_lock = threading.Lock()
        self._usage = LLMUsage()

    def __repr__(self) -> str:
        return f"LLMClient(base_url={self.base_url!r}, model={self.settings.model!r})"

    @property
    def usage(self) -> LLMUsage:
        """Totals over every call made through this client (a copy)."""
        with self._usage_lock:
            return self._usage.model_copy()

    # public API ---------------------------------------------------------------------------

    def complete_json(self, prompt: RenderedPrompt, schema: type[BaseModel]) -> LLMResult:
        """A reply parsed into ``schema``; ``value=None`` with ``error`` when unusable."""
        key = cache_key(
            kind="json", model=self.settings.model, prompt=prompt, temperature=self.settings.temperature, schema=schema
        )
        cached = self.cache.get(key)
        if cached is not None:
            value, error = parse_json_reply(cached, schema)
            if error is None:
                return self._finish(LLMResult(value, None, cached, LLMUsage(cached=1)))
            # only replies that parsed are stored, so this is a hand-edited or foreign row
            log.warning("ignoring cached LLM reply that no longer parses (%s): %s", prompt.name, error)

        from langchain_core.messages import AIMessage, HumanMessage

        usage = LLMUsage()
        instruction = JSON_INSTRUCTION.format(schema=_schema_json(schema))
        messages = self._messages(prompt, f"{prompt.text}\n\n{instruction}")
        try:
            reply = self._call(messages, usage)
            value, error = parse_json_reply(reply.text, schema, truncated=reply.finish_reason == "length")
            if error is not None:
                log.info("LLM reply for %s unusable, retrying once: %s", prompt.name, error)
                messages += [AIMessage(content=reply.text), HumanMessage(content=_RETRY_MESSAGE.format(error=error))]
                reply = self._call(messages, usage)
                value, error = parse_json_reply(reply.text, schema, truncated=reply.finish_reason == "length")
        except _ContextOverflow as exc:
            usage.failures += 1
            return self._finish(LLMResult(None, str(exc), None, usage))
        except _RequestFailed as exc:
            usage.failures += 1
            return self._finish(LLMResult(None, str(exc), None, usage, transient=True))

        if error is not None:
            usage.failures += 1
            log.warning("LLM reply for %s unusable after one retry: %s", prompt.name, error)
            return self._finish(LLMResult(None, f"{error} (after one corrective retry)", reply.text, usage))
        self.cache.put(key, reply.text, kind="json", model=self.settings.model, prompt=prompt)
        return self._finish(LLMResult(value, None, reply.text, usage))

    def complete_text(self, prompt: RenderedPrompt) -> LLMResult:
        """A free-text reply (stripped, reasoning blocks removed); an empty reply is a failure."""
        key = cache_key(kind="text", model=self.settings.model, prompt=prompt, temperature=self.settings.temperature)
        cached = self.cache.get(key)
        if cached is not None:
            return self._finish(LLMResult(_clean_text(cached), None, cached, LLMUsage(cached=1)))

        usage = LLMUsage()
        try:
            reply = self._call(self._messages(prompt, prompt.text), usage)
        except _ContextOverflow as exc:
            usage.failures += 1
            return self._finish(LLMResult(None, str(exc), None, usage))
        except _RequestFailed as exc:
            usage.failures += 1
            return self._finish(LLMResult(None, str(exc), None, usage, transient=True))
        if len(reply.text) > MAX_REPLY_CHARS:
            usage.failures += 1
            error = f"the reply is {len(reply.text)} characters long, over the limit of {MAX_REPLY_CHARS}"
            return self._finish(LLMResult(None, error, reply.text, usage))
        text = _clean_text(reply.text)
        if not text:
            usage.failures += 1
            error = f"the model returned an empty reply (finish_reason={reply.finish_reason})"
            return self._finish(LLMResult(None, error, reply.text, usage))
        self.cache.put(key, reply.text, kind="text", model=self.settings.model, prompt=prompt)
        return self._finish(LLMResult(text, None, reply.text, usage))

    def check_endpoint(self) -> list[str]:
        """Ask the endpoint which models it serves; raise LLMUnavailable unless ours is one.

        For a fast, clear failure before a run starts (a wrong base_url or model name would
        otherwise surface only at the first generation task).
        """
        import openai

        try:
            with self._semaphore:
                served = [m.id for m in self._chat.root_client.models.list()]
        except openai.APIError as exc:
            raise self._unavailable(exc) from exc
        if self.settings.model not in served:
            raise LLMUnavailable(
                f"the LLM endpoint {self.base_url} does not serve model {self.settings.model!r} "
                f"(it serves: {', '.join(served) or 'none'}); check BENCHMILL_LLM__MODEL",
                base_url=self.base_url,
                status=404,
            )
        return served

    # internals ----------------------------------------------------------------------------

    @staticmethod
    def _messages(prompt: RenderedPrompt, user_text: str) -> list[BaseMessage]:
        from langchain_core.messages import HumanMessage, SystemMessage

        messages: list[BaseMessage] = []
        if prompt.system:
            messages.append(SystemMessage(content=prompt.system))
        messages.append(HumanMessage(content=user_text))
        return messages

    def _call(self, messages: list[BaseMessage], usage: LLMUsage) -> _Reply:
        """One chat completion (the SDK retries transport failures), accounted into ``usage``."""
        import openai
        from langchain_core.exceptions import ContextOverflowError

        kwargs: dict[str, Any] = {}
        if self.json_mode:
            kwargs["response_format"] = {"type": "json_object"}
        started = time.perf_counter()
        try:
            with self._semaphore:
                message = self._chat.invoke(messages, **kwargs)
        except (ContextOverflowError, openai.BadRequestError) as exc:
            usage.latency_s += time.perf_counter() - started
            if isinstance(exc, ContextOverflowError) or _CONTEXT_OVERFLOW.search(_error_message(exc)):
                raise _ContextOverflow(
                    f"the prompt does not fit the context of model {self.settings.model!r}: {_error_message(exc)}"
                ) from exc
            raise self._unavailable(exc) from exc
        except openai.APIError as exc:
            usage.latency_s += time.perf_counter() - started
            unavailable = self._unavailable(exc)
            request_failed = isinstance(exc, openai.APITimeoutError) or (
                isinstance(exc, openai.APIStatusError) and exc.status_code >= 500
            )
            if request_failed and self._endpoint_answers():
                # other requests can succeed: this one item fails (transient), the run goes on
                usage.calls += 1
                raise _RequestFailed(f"this request failed after retries while the endpoint answers: {unavailable}") from exc
            raise unavailable from exc
        usage.latency_s += time.perf_counter() - started
        usage.calls += 1
        token_usage = getattr(message, "usage_metadata", None) or {}
        usage.prompt_tokens += int(token_usage.get("input_tokens") or 0)
        usage.completion_tokens += int(token_usage.get("output_tokens") or 0)
        content = message.content if isinstance(message.content, str) else _content_text(message.content)
        return _Reply(content, message.response_metadata.get("finish_reason"))

    def _endpoint_answers(self) -> bool:
        """A cheap probe (GET /models, no retries, short timeout): is the endpoint up at all?"""
        try:
            probe = self._chat.root_client.with_options(max_retries=0, timeout=min(5.0, float(self.settings.timeout)))
            probe.models.list()
        except Exception as exc:  # any failure of the probe: the endpoint is down
            log.warning("LLM endpoint %s does not answer a probe of /models: %s", self.base_url, exc)
            return False
        return True

    def _unavailable(self, exc: openai.APIError) -> LLMUnavailable:
        import openai

        where = self.base_url
        s = self.settings
        fix = "check BENCHMILL_LLM__BASE_URL and that the vLLM (or other OpenAI-compatible) server is up"
        if isinstance(exc, openai.APITimeoutError):
            msg = (
                f"the LLM endpoint {where} did not answer within {s.timeout:g} s "
                f"(max_retries={s.max_retries}); {fix}, or raise BENCHMILL_LLM__TIMEOUT if it is just slow"
            )
            return LLMUnavailable(msg, base_url=where)
        if isinstance(exc, openai.APIConnectionError):
            return LLMUnavailable(
                f"cannot connect to the LLM endpoint {where} ({exc}; max_retries={s.max_retries}); {fix}", base_url=where
            )
        if not isinstance(exc, openai.APIStatusError):
            return LLMUnavailable(f"the LLM endpoint {where} failed: {exc}; {fix}", base_url=where)

        status, detail = exc.status_code, _error_message(exc)
        if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
            problem = "rejected the API key; check BENCHMILL_LLM__API_KEY"
        elif isinstance(exc, openai.NotFoundError):
            problem = (
                f"does not know model {s.model!r} or the path (base_url usually ends in /v1); "
                "check BENCHMILL_LLM__MODEL and BENCHMILL_LLM__BASE_URL"
            )
        elif isinstance(exc, openai.RateLimitError):
            problem = f"kept rate-limiting (max_retries={s.max_retries}); lower BENCHMILL_LLM__MAX_CONCURRENCY"
        elif status >= 500:
            problem = f"kept failing (max_retries={s.max_retries}); {fix}"
        else:
            problem = "rejected the request; check the model settings (max_tokens, temperature) against the server"
        return LLMUnavailable(
            f"the LLM endpoint {where} answered HTTP {status}: {detail} - it {problem}", base_url=where, status=status
        )

    def _finish(self, result: LLMResult) -> LLMResult:
        with self._usage_lock:
            self._usage = self._usage + result.usage
        return result


def _error_message(exc: openai.APIError) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
    return getattr(exc, "message", None) or str(exc)


def _content_text(content: list) -> str:
    return "".join(part if isinstance(part, str) else str(part.get("text", "")) for part in content)


def _clean_text(raw: str) -> str:
    return _THINK_BLOCK.sub("", raw).strip()


# --- process-wide clients -------------------------------------------------------------------

_clients: dict[tuple, LLMClient] = {}
_clients_lock = threading.Lock()


def llm_client(settings: LLMSettings) -> LLMClient:
    """The process-wide client for these settings, created on first use.

    Sharing one client shares its concurrency semaphore between all tasks of the process.
    The key includes the process id: a forked worker gets its own client rather than the
    parent's HTTP connections.
    """
    key = (os.getpid(), settings.model_dump_json(exclude={"api_key"}), settings.api_key.get_secret_value())
    with _clients_lock:
        client = _clients.get(key)
        if client is None:
            client = _clients[key] = LLMClient(settings)
        return client


def process_usage() -> LLMUsage:
    """Totals over every client of this process: the fresh HTTP calls really made here."""
    pid = os.getpid()
    with _clients_lock:
        clients = [c for key, c in _clients.items() if key[0] == pid]
    return LLMUsage.total([c.usage for c in clients])


def _minus(a: LLMUsage, b: LLMUsage) -> LLMUsage:
    return LLMUsage(**{k: max(0, getattr(a, k) - getattr(b, k)) for k in LLMUsage.model_fields})


class RunUsage:
    """Per-run LLM accounting: calls this run made vs. calls served from a cache.

    ``add(usage, cached_task=...)`` takes each stage result's usage. A result that Prefect
    served from its task cache ("Cached" state) holds the usage of the run that computed
    it: its calls and cache hits count as served from cache here, its tokens not at all.
    Fresh calls come from the process-wide client counters (``process_usage``) when this
    process made them - exact, including calls of a task attempt that failed or of a run
    that fails - and otherwise (a Dask worker made them) from the fresh results' usage.
    """

    def __init__(self) -> None:
        self._before = process_usage()
        self._fresh: list[LLMUsage] = []
        self._stale: list[LLMUsage] = []

    def add(self, usage: LLMUsage, *, cached_task: bool = False) -> None:
        (self._stale if cached_task else self._fresh).append(usage)

    def total(self) -> LLMUsage:
        here = _minus(process_usage(), self._before)
        fresh = here if here.calls + here.cached + here.failures > 0 else LLMUsage.total(self._fresh)
        stale = LLMUsage.total(self._stale)
        out = fresh.model_copy()
        out.cached += stale.calls + stale.cached
        return out
