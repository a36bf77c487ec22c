"""LLM stage throughput near the endpoint's limit.

The fake OpenAI server (real HTTP, threaded) answers every request after a fixed latency;
``calls`` question prompts go through the questions stage function, in chunks submitted
concurrently as the daily flow does (``SUBGRAPHS_PER_QUESTION_TASK`` per task), all sharing
the process-wide client and its ``max_concurrency`` semaphore. Goal: wall time within
``1.15 x calls x latency / max_concurrency``.
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmill.engines import EngineConfig
from benchmill.llm import llm_client
from benchmill.settings import LLMSettings
from flows.daily_news import SUBGRAPHS_PER_QUESTION_TASK
from schemas import Edge, Subgraph
from tasks.dragon.questions import generate_questions


def _subgraph(i: int) -> Subgraph:
    head, tail = f"Company{i} Holdings", "Nordic Freight"  # the scripted reply's answer: the answer is checked
    edge = Edge(edge_id=f"e{i}", head=f"n:h{i}", relation="acquire", tail=f"n:t{i}", head_label=head,
                tail_label=tail, lang="en", doc_ids=[f"d{i}"], sentences=[f"{head} acquired {tail} in March."],
                triplet_ids=[f"t{i}"])
    return Subgraph(subgraph_id=f"sg{i}", type="simple", lang="en", edges=[edge], answer_nodes=[edge.tail],
                    question_nodes=[])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run(tmp: Path, calls: int = 512, latency: float = 0.2, max_concurrency: int = 8) -> dict:
    # the server in its own process, as a real endpoint is: in-process it would share the
    # GIL (and this machine's 2 cores) with the client and measure itself
    port = _free_port()
    reply = json.dumps({"question": "What did the company acquire in March?", "answer": "Nordic Freight"})
    server = subprocess.Popen([sys.executable, "-m", "tests.fakes.openai_server", "--port", str(port),
                               "--reply", reply, "--delay", str(latency)], stdout=subprocess.PIPE, text=True)
    try:
        server.stdout.readline()  # "fake OpenAI server at ..." once it listens
        settings = LLMSettings(base_url=f"http://127.0.0.1:{port}/v1", model="fake-model",
                               cache_path=tmp / "llm_cache.sqlite", max_concurrency=max_concurrency,
                               max_retries=1, timeout=30)
        engine = EngineConfig(kind="llm", llm=settings)
        llm_client(settings)  # created before the clock starts, as in a flow's first task
        subgraphs = [_subgraph(i) for i in range(calls)]
        chunks = [subgraphs[i:i + SUBGRAPHS_PER_QUESTION_TASK] for i in range(0, calls, SUBGRAPHS_PER_QUESTION_TASK)]
        started, cpu_started = time.perf_counter(), time.process_time()
        with ThreadPoolExecutor(max_workers=max(1, len(chunks))) as pool:  # Prefect's thread task runner
            batches = list(pool.map(lambda chunk: generate_questions(chunk, engine), chunks))
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    finally:
        server.terminate()
        server.wait(timeout=10)
    requests = sum(b.usage.calls for b in batches)
    bound = 1.15 * requests * latency / max_concurrency
    return {"calls": requests, "items": sum(len(b.items) for b in batches),
            "failures": sum(len(b.failures) for b in batches), "latency_s": latency,
            "max_concurrency": max_concurrency, "wall_s": round(wall, 2),
            # the client's own CPU time: on a loaded machine (here 2 cores shared by several
            # jobs) wall time beyond the bound with client CPU near it is CPU starvation
            "client_cpu_s": round(cpu, 2), "load_avg_1m": round(os.getloadavg()[0], 2), "cores": os.cpu_count(),
            "ideal_s": round(requests * latency / max_concurrency, 2), "bound_s": round(bound, 2),
            "within_bound": wall <= bound}


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(run(Path(tmp)), indent=2))
