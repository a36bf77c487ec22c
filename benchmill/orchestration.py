"""Prefect wiring shared by every flow: how a stage becomes a task, which task runner runs it.

Every stage is a Prefect task with retries, a timeout, persisted results and a cache
keyed by its inputs + the pipeline's code. A flow run that fails and is retried (from
the UI or `prefect flow-run retry`), or the same flow started again with the same
inputs, gets completed stages back as Cached: no recomputation, no repeated LLM calls.
"""
from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from benchmill import ROOT
from benchmill.settings import Settings

R = TypeVar("R")

#: exceptions worth a retry: the endpoint or network may come back; anything else is a bug
#: or bad input, which a retry would only repeat.
TRANSIENT_ERRORS: tuple[type[BaseException], ...] = (OSError, TimeoutError, ConnectionError)


def configure_prefect(settings: Settings) -> None:
    """Point Prefect at the project's home and result storage (before prefect is imported).

    Values already in the environment win, so tests and operators can override them.
    """
    os.environ.setdefault("PREFECT_HOME", str(settings.prefect.home))
    os.environ.setdefault("PREFECT_LOCAL_STORAGE_PATH", str(settings.prefect.result_storage))
    os.environ.setdefault("PREFECT_RESULTS_PERSIST_BY_DEFAULT", "true")
    # Prefect's telemetry logs an ERROR on every temporary server start when offline
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
    # the first start in a new home creates its database: 20 s (Prefect's default) is short on a busy machine
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")
    # read by benchmill.embeddings in whichever process (or Dask worker) embeds
    os.environ.setdefault("BENCHMILL_EMBEDDING__CACHE_PATH", str(settings.embedding.cache_path))
    Path(os.environ["PREFECT_LOCAL_STORAGE_PATH"]).mkdir(parents=True, exist_ok=True)


_WATCHDOG = """
import os, signal, sys, time
parent, server = int(sys.argv[1]), int(sys.argv[2])
def alive(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"uvicorn" in f.read()
    except OSError:
        return False
while os.getppid() == parent and alive(server):
    time.sleep(0.2)
if alive(server):
    os.kill(server, signal.SIGTERM)
    for _ in range(50):
        time.sleep(0.1)
        if not alive(server):
            break
    else:
        os.kill(server, signal.SIGKILL)
"""


def tie_temporary_server_to_this_process() -> None:
    """Make Prefect's temporary API server (started when no PREFECT_API_URL is set) die
    with this process, even on SIGKILL.

    Prefect stops it from an atexit hook, which a SIGKILL skips: the uvicorn child would
    run on, holding its port and PREFECT_HOME's database. A tiny watchdog process, started
    with the server, polls for its parent's death and then terminates the server. Call
    before the first flow run; a no-op when an API URL is configured.
    """
    if os.environ.get("PREFECT_API_URL"):
        return
    from prefect.server.api.server import SubprocessASGIServer

    current = SubprocessASGIServer._instances.get(None)
    if current is not None and (current.running or getattr(current, "_tied", False)):
        return

    class _TiedServer(SubprocessASGIServer):
        _tied = True

        def _run_uvicorn_command(self):
            import subprocess
            import sys

            proc = super()._run_uvicorn_command()
            subprocess.Popen([sys.executable, "-c", _WATCHDOG, str(os.getpid()), str(proc.pid)],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
            return proc

    SubprocessASGIServer._instances.pop(None, None)
    _TiedServer()  # registers itself as the default (port None) instance


def _is_transient(exc: BaseException) -> bool:
    from benchmill.llm import LLMUnavailable

    return isinstance(exc, (LLMUnavailable, *TRANSIENT_ERRORS))


def _retry_condition(task, task_run, state) -> bool:
    try:
        state.result()
    except BaseException as exc:  # the state holds the task's exception
        return _is_transient(exc)
    return False


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """sha256 over every source file and prompt template of the pipeline.

    Prefect's TASK_SOURCE hashes only the task function's own lines, so an edit to a
    helper it calls (or to a prompt file) would return stale cached results. Hashing the
    whole pipeline is coarse, but never wrong: any code change recomputes, and a retry
    under the same code resumes.
    """
    h = hashlib.sha256()
    files = [p for pkg in ("benchmill", "tasks", "schemas", "flows") for p in (ROOT / pkg).rglob("*.py")]
    files += list((ROOT / "prompts").rglob("*.j2"))
    for path in sorted(files):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


@lru_cache(maxsize=1)
def _code_version_policy():
    from prefect.cache_policies import CachePolicy

    @dataclass
    class PipelineCode(CachePolicy):
        """Cache key component: the pipeline's code fingerprint (see code_fingerprint)."""

        def compute_key(self, task_ctx, inputs, flow_parameters, **kwargs) -> str | None:
            return code_fingerprint()

    return PipelineCode()


class _ThreadTimeoutNotice:
    """Drops Prefect's per-task notice that a timeout cannot interrupt a worker thread.

    Known and accepted: the blocking work in our stages is network calls (LLM, crawl,
    Wikidata API), each bounded by its own client timeout; the stage timeout is a backstop
    checked when the call returns. Without this, every task of every run logs it once.
    """

    def filter(self, record) -> bool:
        return "running in a worker thread" not in record.getMessage()


def _quiet_thread_timeout_notice() -> None:
    import logging

    logger = logging.getLogger("prefect.task_runs")
    if not any(isinstance(f, _ThreadTimeoutNotice) for f in logger.filters):
        logger.addFilter(_ThreadTimeoutNotice())


def stage(fn: Callable[..., R], *, name: str, retries: int = 2, retry_delay_seconds: float = 2.0,
          timeout_seconds: float = 3600) -> Any:
    """Wrap a pure stage function from tasks/ as a cached, retried Prefect task."""
    from prefect import task
    from prefect.cache_policies import INPUTS, TASK_SOURCE

    _quiet_thread_timeout_notice()
    return task(
        fn,
        name=name,
        retries=retries,
        retry_delay_seconds=retry_delay_seconds,
        retry_condition_fn=_retry_condition,
        timeout_seconds=timeout_seconds,
        persist_result=True,
        cache_policy=INPUTS + TASK_SOURCE + _code_version_policy(),
    )


def task_runner(settings: Settings) -> Any:
    """Threads by default; a Dask cluster (given address, or a local one) to scale out.

    Stages take and return serialisable values and keep no shared in-process state, so
    Dask workers on other machines only compute; the flow process does all store writes.
    """
    if settings.prefect.task_runner == "dask":
        from prefect_dask import DaskTaskRunner

        if settings.prefect.dask_address:
            return DaskTaskRunner(address=settings.prefect.dask_address)
        return DaskTaskRunner(
            cluster_kwargs={"n_workers": settings.prefect.dask_workers, "threads_per_worker": 1, "processes": True,
                            "dashboard_address": None}
        )
    from prefect.task_runners import ThreadPoolTaskRunner

    return ThreadPoolTaskRunner(max_workers=settings.prefect.threads)


def current_flow_run_id() -> str | None:
    from prefect.runtime import flow_run

    try:
        return str(flow_run.id) if flow_run.id else None
    except Exception:  # outside a flow run
        return None


def publish_artifacts(key: str, tables: dict[str, list[dict[str, Any]]], markdown: str) -> None:
    """Tables and a summary as Prefect artifacts of the current flow run (shown in the UI)."""
    from prefect.artifacts import create_markdown_artifact, create_table_artifact

    safe = key.lower().replace("_", "-")
    for name, rows in tables.items():
        if rows:
            create_table_artifact(key=f"{safe}-{name}".replace("_", "-"), table=rows, description=name.replace("-", " "))
    create_markdown_artifact(key=f"{safe}-summary", markdown=markdown, description="run summary")


#: the Prefect event a published release emits; the auto-evaluate deployment triggers on it
RELEASE_PUBLISHED = "benchmill.release.published"


def release_resource_id(collection: str, version: str) -> str:
    return f"benchmill.release.{collection}@{version}"


def emit_release_published(collection: str, version: str, *, questions: int = 0, texts: int = 0) -> bool:
    """Tell Prefect a release is published (``benchmill.release.published``); True when sent.

    Sent only where a Prefect API is at hand: ``PREFECT_API_URL`` set (a real server, where
    the auto-evaluate deployment listens) or inside a flow/task run (its temporary server).
    Anywhere else (a test calling ``publish`` directly) Prefect would start a temporary
    server just for the event, so nothing is sent. Never raises: the release is committed
    and exported before this is called, and an event that cannot be sent must not fail it
    (``benchmill auto-evaluate --all-missing`` catches up on releases whose event was lost).
    """
    import logging

    try:
        from prefect.context import FlowRunContext, TaskRunContext
        from prefect.settings import PREFECT_API_URL

        if not PREFECT_API_URL.value() and FlowRunContext.get() is None and TaskRunContext.get() is None:
            return False
        from prefect.events import emit_event

        ref = f"{collection}@{version}"
        event = emit_event(
            event=RELEASE_PUBLISHED,
            resource={"prefect.resource.id": release_resource_id(collection, version), "prefect.resource.name": ref,
                      "benchmill.collection": collection, "benchmill.version": version},
            payload={"collection": collection, "version": version, "questions": questions, "texts": texts},
        )
        return event is not None
    except Exception as exc:  # noqa: BLE001 - an event is a notification, never a reason to fail a release
        logging.getLogger("benchmill").warning("could not emit %s for %s@%s: %s", RELEASE_PUBLISHED, collection,
                                               version, exc)
        return False
