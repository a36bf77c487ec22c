"""RAGEval domain build throughput on the rules engine (issue 8: documents/s, QRA items/s, peak memory).

Runs the stages of tasks/rageval/pipeline.py one by one over ``docs`` documents per
domain, timing each, and reports documents per second (configs + documents), QRA items per
second (QRA + refinement + keypoints) and peak memory (the process's ru_maxrss).

    python -m bench.bench_domain --docs 1000 [--domain finance]
"""
from __future__ import annotations

import argparse
import json
import resource
import time

from benchmill import ROOT
from benchmill.engines import EngineConfig
from tasks.rageval.configs import generate_configs
from tasks.rageval.documents import generate_documents
from tasks.rageval.keypoints import generate_keypoints
from tasks.rageval.qra import generate_qra
from tasks.rageval.seeds import load_seed_folder
from tasks.rageval.summary import summarize

DOMAINS = ("finance", "finance-ru", "legal", "medical")


def run_domain(name: str, docs: int) -> dict:
    engine = EngineConfig(kind="rules")
    folder = load_seed_folder(ROOT / "data" / "seeds" / name)
    spec = folder.spec.model_copy(update={"documents": docs})
    t0 = time.perf_counter()
    schema, _ = summarize(folder, engine)
    configs, f1 = generate_configs(schema, docs, spec.seed, engine)
    t1 = time.perf_counter()
    documents, f2 = generate_documents(schema, configs, engine, folder.template)
    t2 = time.perf_counter()
    items, f3 = generate_qra(schema, configs, documents, spec, engine)
    items, f4 = generate_keypoints(items, schema.language, engine)
    t3 = time.perf_counter()
    return {
        "documents": len(documents),
        "items": len(items),
        "failures": len(f1 + f2 + f3 + f4),
        "configs_s": round(t1 - t0, 3),
        "documents_s": round(t2 - t1, 3),
        "qra_s": round(t3 - t2, 3),
        "docs_per_s": round(len(documents) / (t2 - t0), 1),
        "items_per_s": round(len(items) / (t3 - t2), 1),
        "total_s": round(t3 - t0, 2),
    }


def run(docs: int = 1000, domains: tuple[str, ...] = DOMAINS) -> dict:
    # peak memory from ru_maxrss: tracemalloc would slow the timed stages several-fold
    out = {"docs_per_domain": docs, "domains": {}}
    for name in domains:
        out["domains"][name] = run_domain(name, docs)
    out["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--domain", choices=DOMAINS, action="append")
    args = parser.parse_args()
    print(json.dumps(run(args.docs, tuple(args.domain or DOMAINS)), indent=2))


if __name__ == "__main__":
    main()
