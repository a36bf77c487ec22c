"""LLM stage throughput near the endpoint's limit.

The fake OpenAI server (real HTTP, threaded, in its own process as a real endpoint is)
answers every request after a fixed latency; ``calls`` question prompts go through the
questions stage function, in chunks submitted concurrently as the daily flow does
(``SUBGRAPHS_PER_QUESTION_TASK`` per task), all sharing the process-wide client and its
``max_concurrency`` semaphore. Goal: wall time within ``1.15 x calls x latency / max_concurrency``.

Two rounds in one process, each on new subgraphs and an empty LLM call cache (every call
is a real HTTP request):

``cold``  the first batch of the process: it includes the one-time work of the stage's
          first use (the spaCy pipeline the answer key points load, ~3 s of CPU, and
          lazy imports). In the daily flow that work is done earlier, by the triplet
          stage of the same process.
``warm``  the second batch: the stage's steady state, which the goal is judged on.

The server counts requests in flight: ``max_in_flight`` shows whether the client really
reaches ``max_concurrency``, ``mean_in_flight`` (request-seconds served / wall) how close
to it it stays over the round.
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmill.engines import EngineConfig
from benchmill.llm import llm_client
from benchmill.settings import LLMSettings
from flows.daily_news import SUBGRAPHS_PER_QUESTION_TASK
from schemas import Edge, Subgraph
from tasks.dragon.questions import generate_questions

REPLY = json.dumps({"question": "What did the company acquire in March?", "answer": "Nordic Freight"})


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


# ------------------------------------------------------------------ the server process
def serve(port: int, latency: float) -> None:
    """The fake endpoint, counting requests in flight; "stats" on stdin prints and resets them."""
    from tests.fakes.openai_server import FakeOpenAI, Reply

    class Counting(FakeOpenAI):
        busy_s = 0.0

        def _enter(self, body: dict) -> None:
            super()._enter(body)
            threading.current_thread().bench_started = time.perf_counter()

        def _leave(self) -> None:
            elapsed = time.perf_counter() - threading.current_thread().bench_started
            with self._lock:
                self.busy_s += elapsed
            super()._leave()

    fake = Counting("127.0.0.1", port)
    fake.route("", Reply(REPLY, delay=latency))
    with fake:
        print(f"fake OpenAI server at {fake.base_url}", flush=True)
        cpu = time.process_time()
        for line in sys.stdin:
            if line.strip() != "stats":
                continue
            with fake._lock:
                stats = {"requests": len(fake.requests), "max_in_flight": fake.max_in_flight,
                         "busy_s": round(fake.busy_s, 3), "server_cpu_s": round(time.process_time() - cpu, 2)}
                fake.requests.clear()
                fake.max_in_flight, fake.busy_s = 0, 0.0
            cpu = time.process_time()
            print(json.dumps(stats), flush=True)


# ------------------------------------------------------------------ the client
def _round(tmp: Path, name: str, first: int, calls: int, port: int, latency: float, max_concurrency: int,
           server: subprocess.Popen) -> dict:
    settings = LLMSettings(base_url=f"http://127.0.0.1:{port}/v1", model="fake-model",
                           cache_path=tmp / f"llm_cache_{name}.sqlite", max_concurrency=max_concurrency,
                           max_retries=1, timeout=30)
    engine = EngineConfig(kind="llm", llm=settings)
    llm_client(settings)  # created before the clock starts, as in a flow's first task
    subgraphs = [_subgraph(i) for i in range(first, first + calls)]
    chunks = [subgraphs[i:i + SUBGRAPHS_PER_QUESTION_TASK] for i in range(0, calls, SUBGRAPHS_PER_QUESTION_TASK)]
    load = os.getloadavg()[0]
    started, cpu_started = time.perf_counter(), time.process_time()
    with ThreadPoolExecutor(max_workers=max(1, len(chunks))) as pool:  # Prefect's thread task runner
        batches = list(pool.map(lambda chunk: generate_questions(chunk, engine), chunks))
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    server.stdin.write("stats\n")
    server.stdin.flush()
    stats = json.loads(server.stdout.readline())
    requests = sum(b.usage.calls for b in batches)
    bound = 1.15 * requests * latency / max_concurrency
    return {"calls": requests, "items": sum(len(b.items) for b in batches),
            "failures": sum(len(b.failures) for b in batches), "wall_s": round(wall, 2),
            "ratio_to_ideal": round(wall / (requests * latency / max_concurrency), 3), "within_bound": wall <= bound,
            # the client's own CPU time: with the GIL, client CPU per call x calls must stay
            # well under the wall time; on a loaded machine (2 cores shared by several jobs)
            # wall time beyond the bound with client CPU near it is CPU starvation
            "client_cpu_s": round(cpu, 2), "client_cpu_ms_per_call": round(1000 * cpu / max(1, requests), 2),
            "server_requests": stats["requests"], "max_in_flight": stats["max_in_flight"],
            "mean_in_flight": round(stats["busy_s"] / wall, 2), "server_cpu_s": stats["server_cpu_s"],
            "load_avg_1m_before": round(load, 2), "load_avg_1m_after": round(os.getloadavg()[0], 2)}


def run(tmp: Path, calls: int = 512, latency: float = 0.2, max_concurrency: int = 8) -> dict:
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "bench.bench_llm", "--serve", str(port), str(latency)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        server.stdout.readline()  # "fake OpenAI server at ..." once it listens
        rounds = {name: _round(tmp, name, first, calls, port, latency, max_concurrency, server)
                  for name, first in (("cold", 0), ("warm", calls))}
    finally:
        server.terminate()
        server.wait(timeout=10)
    ideal = calls * latency / max_concurrency
    return {"calls": calls, "latency_s": latency, "max_concurrency": max_concurrency, "cores": os.cpu_count(),
            "ideal_s": round(ideal, 2), "bound_s": round(1.15 * ideal, 2),
            "goal": "warm wall_s <= bound_s (cold adds the stage's one-time model loading, see bench/bench_llm.py)",
            "within_bound": rounds["warm"]["within_bound"], **rounds}


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(int(sys.argv[2]), float(sys.argv[3]))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            print(json.dumps(run(Path(tmp)), indent=2))
