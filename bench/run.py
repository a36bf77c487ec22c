"""benchmill benchmarks (`make bench`): each part runs in its own process so its peak memory is its own.

Parts (issue #3 and #4 goals):
  pipeline   extract + diff + linking lookup + subgraph sampling, no parsing, no LLM  (goal >= 200 docs/s)
  triplets   rules triplet extraction vs the bare parser on the same texts          (goal <= 1.25x)
  increment  the daily flow: full build, a news day (1 % of articles gain new facts + 1 % new articles),
             an unchanged re-run                                                        (goals <= 5 %, <= 2 %, 0 LLM calls)
  eval       scoring throughput and baseline retrieval over a 50,000-chunk pool
  llm        the LLM questions stage, 512 calls to a fake endpoint at 200 ms, max_concurrency 8:
             a cold and a warm round (goal: warm wall <= 1.15 x calls x latency / concurrency)
  domain     RAGEval domain build, rules engine: documents/s and QRA items/s for 1,000 documents per domain
  quality    the daily flow on the demo day 1, then `benchmill quality` of news-en / news-ru (issue 10; README table)
  triplet_quality  key-fact precision/recall and modality errors of rules triplets on bench/gold (issue 10)
  site       held-out news sites (bench/site/<lang>) crawled over loopback by the daily flow, two days:
             key-fact recall/precision of the stored triplets, chrome/injection leaks, acceptance,
             removals and chrome-only changes, the releases' quality headline (issue 10)
  judged     rates of the hand-judged samples in bench/judged/*.jsonl (`benchmill judge-sheet`, filled by us)
  grammar    the question-grammar filter on those judged news questions: ungrammatical ones it rejects,
             grammatical ones it rejects wrongly, grammatical share before -> after (issue 10)

    python -m bench.run                 # all parts, results in bench/out/results.json
    python -m bench.run --part pipeline --en 10000 --ru 1000
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"


def peak_rss_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


# ---------------------------------------------------------------- pipeline part
def bench_pipeline(n_en: int, n_ru: int) -> dict:
    """Everything a run does per document except parsing and the LLM."""
    from bench.corpus import edit, make_articles
    from benchmill.settings import load_settings
    from tasks.dragon.wikidata import WikidataIndex, WikidataLookup
    from flows.daily_news import lookup_candidates
    from schemas import EntityLink, Triplet
    from tasks.dragon import diff, graph, subgraphs
    from tasks.dragon.crawl import extract_article
    from tasks.dragon.linking import unlinked_node_id

    settings = load_settings(None)
    corpora = {"en": make_articles("en", n_en), "ru": make_articles("ru", n_ru)}
    html = {lang: [(a.url, a.html()) for a in arts] for lang, arts in corpora.items()}
    edited = {lang: edit(arts, 0.01) for lang, arts in corpora.items()}
    timings = {"extract": 0.0, "diff": 0.0, "linking_lookup": 0.0, "graph": 0.0, "subgraphs": 0.0}
    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        index = WikidataIndex.build(settings.wikidata.dump, Path(tmp) / "wd.duckdb")
        index_build = time.perf_counter() - t
        lookup = WikidataLookup(index, None)
        n_subgraphs = n_surfaces = 0
        for lang in ("en", "ru"):
            t = time.perf_counter()
            docs = [extract_article(body, url, lang=lang).to_document(f"bench-{lang}", url) for url, body in html[lang]]
            timings["extract"] += time.perf_counter() - t

            t = time.perf_counter()
            new_versions = 0
            for doc, before, after in zip(docs, corpora[lang], edited[lang]):
                previous = "\n\n".join(before.paragraphs)
                if diff.paragraph_diff(previous, "\n\n".join(after.paragraphs)):
                    new_versions += 1
                diff.document_id(doc.canonical_url)
            timings["diff"] += time.perf_counter() - t

            facts = [(a, f) for a in corpora[lang] for f in a.facts]
            t = time.perf_counter()
            surfaces = sorted({s for _, (subj, _, obj) in facts for s in (subj, obj)})
            candidates = {s: lookup_candidates(lookup, s, lang) for s in surfaces}
            n_surfaces += len(surfaces)
            links = {s: EntityLink(surface=s, lang=lang, node_id=(c[0].qid if c and c[0].score >= 0.99 else
                                                                   unlinked_node_id(s, lang)),
                                   qid=None, label=s, score=1.0, method="rules") for s, c in candidates.items()}
            timings["linking_lookup"] += time.perf_counter() - t

            t = time.perf_counter()
            triplets = [Triplet(triplet_id=f"{a.slug}-{i}", doc_id=a.slug, version_id=a.slug, lang=lang,
                                sentence=f"{s} {r} {o}.", subject=s, relation=r, object=o, engine="rules")
                        for i, (a, (s, r, o)) in enumerate(facts)]
            edges = graph.build_edges(triplets, links, "bench")
            timings["graph"] += time.perf_counter() - t

            t = time.perf_counter()
            focus = {e.edge_id for e in edges}
            n_subgraphs += len(subgraphs.sample_subgraphs(edges, focus, lang))
            timings["subgraphs"] += time.perf_counter() - t
        index.close()
    total = sum(timings.values())
    n = n_en + n_ru
    return {"docs": n, "seconds": round(total, 2), "docs_per_s": round(n / total, 1),
            "stage_seconds": {k: round(v, 2) for k, v in timings.items()}, "subgraphs": n_subgraphs,
            "distinct_surfaces_looked_up": n_surfaces, "wikidata_index_build_s": round(index_build, 2),
            "peak_rss_mb": peak_rss_mb()}


# ---------------------------------------------------------------- triplets part
def bench_triplets(n_en: int, n_ru: int) -> dict:
    """Our rules extraction vs the bare parser it is built on, on the same paragraphs."""
    from bench.corpus import make_articles
    from benchmill import nlp
    from benchmill.engines import EngineConfig
    from schemas import IncrementDoc
    from tasks.dragon.triplets import extract_triplets

    out = {}
    rules = EngineConfig(kind="rules")
    for lang, n in (("en", n_en), ("ru", n_ru)):
        arts = make_articles(lang, n, seed=5)
        docs = [IncrementDoc(doc_id=a.slug, version_id=a.slug, canonical_url=a.url, lang=lang, title=a.title,
                             text="\n\n".join(a.paragraphs), new_paragraphs=a.paragraphs) for a in arts]
        # warm both paths (model loading is not what we measure)
        extract_triplets(docs[:2], rules)
        paragraphs = [p for d in docs for p in d.new_paragraphs]
        t = time.perf_counter()
        if lang == "en":
            list(nlp.spacy_en().pipe(paragraphs, batch_size=64))
        else:
            for d in docs:
                nlp.parse_ru("\n".join(d.new_paragraphs))
        bare = time.perf_counter() - t
        t = time.perf_counter()
        batch = extract_triplets(docs, rules)
        ours = time.perf_counter() - t
        out[lang] = {"docs": n, "bare_parser_docs_per_s": round(n / bare, 1), "rules_docs_per_s": round(n / ours, 1),
                     "ratio": round(ours / bare, 3), "triplets": len(batch.triplets)}
    out["peak_rss_mb"] = peak_rss_mb()
    return out


# --------------------------------------------------------------- increment part
def _timed_cli(args: list[str], env: dict[str, str]) -> tuple[dict, float, float]:
    cmd = ["/usr/bin/time", "-f", "%M", sys.executable, "-m", "benchmill", *args]
    t = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - t
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed: {proc.stderr[-3000:]}")
    peak_kb = float(proc.stderr.strip().splitlines()[-1])
    return json.loads(proc.stdout), wall, round(peak_kb / 1024, 1)


@contextmanager
def prefect_server(home: Path, env: dict[str, str]):
    import socket
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    log = open(home.parent / "prefect-server.log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1", "--port",
                             str(port)], env={**env, "PREFECT_HOME": str(home)}, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    api = f"http://127.0.0.1:{port}/api"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{api}/health", timeout=2)
                break
            except OSError:
                time.sleep(1)
        else:
            raise RuntimeError("prefect server did not start")
        yield api
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(30)
        log.close()


def bench_increment(n_en: int, n_ru: int) -> dict:
    """Full build, then a realistic news day, then the same input again (the daily flow, rules engine).

    The day: 1 % of the articles gain a paragraph with new facts and 1 % as many new articles
    appear, so the increment yields new triplets, edges and questions (an edit that states no
    new fact would measure a day on which the question stages never run).
    """
    from bench.corpus import make_articles, news_day, write_folder

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        env = {**os.environ, "BENCHMILL_STORE": str(tmp / "s.duckdb"), "BENCHMILL_RELEASES_DIR": str(tmp / "rel"),
               "BENCHMILL_WIKIDATA__INDEX": str(tmp / "wd.duckdb"), "BENCHMILL_ENGINE": "rules",
               "PREFECT_HOME": str(tmp / "prefect"), "PREFECT_LOCAL_STORAGE_PATH": str(tmp / "results"),
               # cold for the full build, then reused by the next runs, as by a daily job
               "BENCHMILL_EMBEDDING__CACHE_PATH": str(tmp / "embedding_cache.sqlite"),
               "BENCHMILL_LLM__CACHE_PATH": str(tmp / "llm_cache.sqlite"), "HF_HUB_OFFLINE": "1"}
        corpora = {"en": make_articles("en", n_en, seed=21), "ru": make_articles("ru", n_ru, seed=21)}
        day1 = [write_folder(arts, tmp / "day1" / lang) for lang, arts in corpora.items()]
        # a day's feed lists what changed that day, as news feeds do: edited and new articles
        day2 = []
        for lang, arts in corpora.items():
            day, listed = news_day(arts, edited=0.01, new=0.01, seed=2)
            day2.append(write_folder(day, tmp / "day2" / lang, only=listed))
        args = lambda folders: ["daily", "--json", *[a for f in folders for a in ("--source", str(f))]]  # noqa: E731
        # as the scheduled deployment runs: against a Prefect server, not a temporary one
        # started by each CLI call (that costs ~7 s a run; see README)
        load = {}  # 1-minute load average before each run: the machine may be shared
        with prefect_server(tmp / "prefect", env) as api:
            env["PREFECT_API_URL"] = api
            load["full"] = os.getloadavg()[0]
            full, full_s, full_mb = _timed_cli(args(day1), env)
            load["inc"] = os.getloadavg()[0]
            inc, inc_s, inc_mb = _timed_cli(args(day2), env)
            load["same"] = os.getloadavg()[0]
            same, same_s, same_mb = _timed_cli(args(day2), env)
    return {
        "docs": n_en + n_ru,
        "full_build": {"seconds": round(full_s, 1), "items": full["new_items"], "peak_rss_mb": full_mb,
                       "stage_seconds": full["stage_seconds"], "load_avg_1m_before": round(load["full"], 2)},
        "news_day": {"seconds": round(inc_s, 1), "increment": inc["increment"], "items": inc["new_items"],
                     "novel_triplets": inc["novel_triplets"], "edges": inc["edges"], "subgraphs": inc["subgraphs"],
                     "releases": inc["releases"], "ratio_to_full": round(inc_s / full_s, 3), "peak_rss_mb": inc_mb,
                     "stage_seconds": inc["stage_seconds"], "load_avg_1m_before": round(load["inc"], 2)},
        "unchanged_rerun": {"seconds": round(same_s, 1), "increment": same["increment"], "items": same["new_items"],
                            "llm_calls": same["llm"]["calls"], "ratio_to_full": round(same_s / full_s, 3),
                            "peak_rss_mb": same_mb, "load_avg_1m_before": round(load["same"], 2)},
    }


# ---------------------------------------------------------------- quality part
def bench_quality() -> dict:
    """The daily flow on the bundled demo day 1 (rules engine), then `benchmill quality` of each release."""
    from benchmill.quality import QualityReport, headline, render_text

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        env = {**os.environ, "BENCHMILL_HOME": str(tmp), "BENCHMILL_ENGINE": "rules", "PREFECT_HOME": str(tmp / "prefect"),
               "PREFECT_LOCAL_STORAGE_PATH": str(tmp / "results"), "HF_HUB_OFFLINE": "1"}
        demo = ROOT / "data" / "demo" / "news"
        run, run_s, _ = _timed_cli(["daily", "--json", "--source", str(demo / "en" / "day1"),
                                    "--source", str(demo / "ru" / "day1")], env)
        reports = {}
        for collection, version in sorted(run["releases"].items()):
            body, _, _ = _timed_cli(["quality", f"{collection}@{version}", "--json"], env)
            reports[f"{collection}@{version}"] = QualityReport.model_validate(body)
    return {"run_seconds": round(run_s, 1), "headline": [headline(r) for r in reports.values()],
            "reports": {k: r.model_dump(mode="json") for k, r in reports.items()},
            "text": "\n\n".join(render_text(r) for r in reports.values())}


def bench_eval() -> dict:
    from bench.bench_eval import run

    with tempfile.TemporaryDirectory() as tmp:
        result = run(Path(tmp))
    result["peak_rss_mb"] = peak_rss_mb()
    return result


def bench_llm() -> dict:
    from bench.bench_llm import run

    with tempfile.TemporaryDirectory() as tmp:
        return run(Path(tmp))


def bench_domain(docs: int) -> dict:
    from bench.bench_domain import run

    return run(docs)


def bench_triplet_quality() -> dict:
    from bench.bench_triplets import run

    return run()


def bench_site() -> dict:
    from bench.bench_site import run

    return run()


def bench_judged() -> dict:
    """The README's hand-judged rates, counted from the filled sheets kept in bench/judged/."""
    from benchmill.judging import rates, read_sheet

    sheets = sorted((ROOT / "bench" / "judged").glob("*.jsonl"))
    out = {}
    for sheet in sheets:
        result = rates(read_sheet(sheet))
        out[sheet.stem] = {label: f"{c['yes']}/{c['n']}" for label, c in result["overall"].items()}
    return {"sheets": out}


def bench_grammar() -> dict:
    from bench.bench_grammar import main

    return main([])


PARTS = {
    "pipeline": lambda a: bench_pipeline(a.en, a.ru),
    "triplets": lambda a: bench_triplets(a.parse_en, a.parse_ru),
    "increment": lambda a: bench_increment(a.flow_en, a.flow_ru),
    "eval": lambda a: bench_eval(),
    "llm": lambda a: bench_llm(),
    "domain": lambda a: bench_domain(a.domain_docs),
    "quality": lambda a: bench_quality(),
    "triplet_quality": lambda a: bench_triplet_quality(),
    "site": lambda a: bench_site(),
    "judged": lambda a: bench_judged(),
    "grammar": lambda a: bench_grammar(),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=sorted(PARTS), action="append")
    parser.add_argument("--en", type=int, default=10_000)
    parser.add_argument("--ru", type=int, default=1_000)
    parser.add_argument("--parse-en", type=int, default=1_000)
    parser.add_argument("--parse-ru", type=int, default=300)
    parser.add_argument("--flow-en", type=int, default=10_000)
    parser.add_argument("--flow-ru", type=int, default=1_000)
    parser.add_argument("--domain-docs", type=int, default=1_000)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if args.child:
        (part,) = args.part
        print(json.dumps(PARTS[part](args)))
        return
    OUT.mkdir(parents=True, exist_ok=True)
    results = {"machine": {"cores": os.cpu_count(), "python": sys.version.split()[0]}}
    passthrough = [f"--{k.replace('_', '-')}={v}" for k, v in vars(args).items()
                   if k not in ("part", "child") and v is not None]
    for part in args.part or list(PARTS):
        print(f"== {part}", file=sys.stderr, flush=True)
        proc = subprocess.run([sys.executable, "-m", "bench.run", "--child", "--part", part, *passthrough],
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            raise SystemExit(f"bench part {part} failed:\n{proc.stderr[-4000:]}")
        results[part] = json.loads(proc.stdout.strip().splitlines()[-1])
        text = results[part].pop("text", None)  # a part's human-readable report (quality), printed as is
        print(json.dumps(results[part], indent=2) if text is None else text, file=sys.stderr, flush=True)
    (OUT / "results.json").write_text(json.dumps(results, indent=2))
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
