"""DRAGON's daily news flow (Chernogorskii et al. 2025, Fig. 2-3).

    crawl -> diff with the previous revision -> triplets -> Wikidata linking -> novelty
    -> knowledge graph -> subgraph questions -> filters -> new MINOR release per language

Each step below is a stage from tasks/, run as a cached Prefect task; the flow itself
only moves records between stages and the store (all writes happen here, in the flow
process). The increment is "document versions no completed run has consumed", so a
killed run is finished by the next one, and unchanged input means an empty increment:
no LLM calls, no new items, and the run is still recorded.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

from prefect import flow
from pydantic import BaseModel

from benchmill import progress
from benchmill.engines import EngineConfig
from benchmill.faults import checkpoint
from benchmill.llm import RunUsage
from benchmill.orchestration import current_flow_run_id, publish_artifacts, stage, task_runner
from benchmill.filtering import run_filter_stack
from benchmill.releases import ensure_exports, plan_release, publish
from benchmill.settings import CrawlSettings, Settings, load_settings
from benchmill.store import Store
from tasks.dragon.wikidata import WikidataAPI, WikidataIndex, WikidataLookup
from schemas import (
    EntityCandidate, EntityLink, Failure, FetchedDocument, IncrementDoc, Item, LLMUsage, NewVersion,
    PreviousVersion, SourceSpec, Subgraph, Triplet,
)
from tasks.dragon import crawl, diff, graph, linking, novelty, questions, subgraphs, triplets
from tasks.dragon.spec import FILTERS, METHOD, news_collections

DOCS_PER_TRIPLET_TASK = 16
SUBGRAPHS_PER_QUESTION_TASK = 64
#: subgraphs sampled per type, as a multiple of the largest per-type quota: filters reject
#: a share, and with the llm engine every subgraph costs calls
SUBGRAPH_MARGIN = 3


# ------------------------------------------------------------------ stages
def diff_increment(fetched: list[FetchedDocument], previous: dict[str, PreviousVersion]) -> list[NewVersion]:
    """New and changed documents with the paragraphs that are new in them (DRAGON: the increment)."""
    out = []
    for doc in fetched:
        prev = previous.get(doc.canonical_url)
        result = diff.diff_document(prev.content_hash if prev else None, prev.text if prev else None, doc)
        if result.status == "unchanged":
            continue
        doc_id = prev.doc_id if prev else diff.document_id(doc.canonical_url)
        out.append(NewVersion(doc=doc, doc_id=doc_id, version_id=diff.version_id(doc_id, doc.content_hash),
                              seq=(prev.seq + 1) if prev else 1, status=result.status,
                              new_paragraphs=result.new_paragraphs))
    return out


def crawl_snapshot(spec: SourceSpec, settings: CrawlSettings, fingerprint: str) -> crawl.CrawlResult:
    """Crawl one source; ``fingerprint`` (folder contents, or the flow run id for the web) keys the cache."""
    return crawl.crawl_source(spec, settings)


crawl_stage = stage(crawl_snapshot, name="crawl", timeout_seconds=1800)
diff_stage = stage(diff_increment, name="diff")
triplets_stage = stage(triplets.extract_triplets, name="triplets")
linking_stage = stage(linking.link_entities, name="linking")
novelty_stage = stage(novelty.filter_novel, name="novelty")
subgraphs_stage = stage(subgraphs.sample_subgraphs, name="subgraphs")
questions_stage = stage(questions.generate_questions, name="questions")


class DailySummary(BaseModel):
    run_id: str
    engine: str
    fetched: int
    failures: int
    failures_by_stage: dict[str, int] = {}
    new_documents: int
    changed_documents: int
    increment: int
    triplets: int
    novel_triplets: int
    edges: int
    subgraphs: int
    new_items: int
    items_by_type: dict[str, int]
    rejections: dict[str, int]
    skipped_filters: list[str]
    releases: dict[str, str]
    llm: LLMUsage
    stage_seconds: dict[str, float] = {}


# -------------------------------------------------------------------- flow
@flow(name="daily-news", log_prints=True)
def daily_news(
    sources: list[SourceSpec] | None = None,
    run_date: str | None = None,
    engine: str | None = None,
    config_path: str | None = None,
    store_path: str | None = None,
) -> DailySummary:
    """Build today's increment of news-<lang> releases from the configured (or given) sources."""
    settings = load_settings(Path(config_path) if config_path else None, engine=engine,
                             store=Path(store_path) if store_path else None)
    sources = sources or settings.sources
    if not sources:
        raise ValueError("no sources: pass --source or set `sources` in benchmill.toml")
    engine_cfg = EngineConfig.from_settings(settings)
    news_collections(settings)  # a bad filter config fails here, before any work
    run_id = current_flow_run_id() or f"local-{hashlib.sha1(str(sources).encode()).hexdigest()[:8]}"
    with Store.writer(settings.store, run_id) as store:
        ensure_exports(store, settings)
        store.start_run(run_id, "daily-news", {"sources": [s.model_dump() for s in sources], "run_date": run_date,
                                               "engine": engine_cfg.kind, "model": engine_cfg.model}, run_id)
        usage = RunUsage()
        try:
            summary = _run(store, settings, engine_cfg, sources, run_date, run_id, usage)
        except BaseException as exc:
            spent = usage.total()  # a failed attempt still records the calls it made
            store.finish_run(run_id, "failed", spent, {}, error=f"{type(exc).__name__}: {exc}",
                             cost_usd=settings.llm.cost(spent.prompt_tokens, spent.completion_tokens))
            raise
        store.finish_run(run_id, "completed", summary.llm, summary.model_dump(mode="json"),
                         cost_usd=settings.llm.cost(summary.llm.prompt_tokens, summary.llm.completion_tokens))
        return summary


def configured(settings: Settings):
    """The flow with the task runner the settings ask for (threads, or a Dask cluster)."""
    return daily_news.with_options(task_runner=task_runner(settings))


def _run(store: Store, settings: Settings, engine: EngineConfig, sources: list[SourceSpec], run_date: str | None,
         run_id: str, usage: RunUsage) -> DailySummary:
    failures: list[Failure] = []
    clock = progress.StageClock()

    # 1. crawl: every source, in parallel; one bad feed or page fails only itself
    with clock.stage("crawl", total=len(sources)):
        store.upsert_sources(sources, run_id)
        futures = [crawl_stage.submit(spec, settings.crawl, _fingerprint(spec, run_id)) for spec in sources]
        fetched: dict[str, FetchedDocument] = {}
        for fut in futures:
            result = fut.result()
            failures += _recorded(store, run_id, result.failures)
            for doc in result.documents:
                fetched.setdefault(doc.canonical_url, doc)  # the same article in two feeds is one document
            progress.advance()
    fetched_docs = [d for d in sorted(fetched.values(), key=lambda d: d.canonical_url) if d.lang in settings.languages]
    checkpoint("crawl")

    # 2. diff with the previous revision; only new paragraphs go downstream
    with clock.stage("diff"):
        versions = diff_stage(fetched_docs, _canonical(store.previous_versions([d.canonical_url for d in fetched_docs])))
        store.write_versions(versions, run_id)
        increment = store.pending_versions(settings.languages)
    checkpoint("diff")

    new_items: list[Item] = []
    n_triplets = n_novel = n_edges = n_subgraphs = 0
    index = _wikidata(settings) if increment else None
    try:
        for lang in sorted({d.lang for d in increment}):
            docs = [d for d in increment if d.lang == lang]
            lang_triplets, lang_novel, lang_edges, lang_subgraphs, lang_items = _build_language(
                store, settings, engine, index, docs, lang, run_id, usage, failures, clock)
            n_triplets += lang_triplets
            n_novel += lang_novel
            n_edges += lang_edges
            n_subgraphs += lang_subgraphs
            new_items += lang_items
    finally:
        if index is not None:
            index.close()

    # 8. filters: every awaiting item gets a verdict from every filter
    collections = news_collections(settings)
    run_filter_stack(store, collections, engine, run_id, usage, clock)
    store.mark_consumed([d.version_id for d in increment], run_id)
    checkpoint("mark_consumed")

    # 9. one new MINOR release per language collection with something new to release
    releases: dict[str, str] = {}
    release_manifests = {}
    with clock.stage("release", total=len(collections)):
        for spec in collections:
            plan = plan_release(store, spec)
            if plan is not None:
                release_manifests[spec.name] = publish(store, settings, plan, run_id=run_id)
                releases[spec.name] = plan.version
            checkpoint(f"released[{spec.lang}]")
            progress.advance()

    new_ids = [i.item_id for i in new_items]
    rejection_counts = Counter(v.filter for v in store.verdicts(new_ids) if v.status == "rejected")
    skipped = sorted({f for m in release_manifests.values() for f in m.skipped_filters})
    summary = DailySummary(
        run_id=run_id, engine=engine.kind, fetched=len(fetched_docs), failures=len(failures),
        failures_by_stage=dict(sorted(Counter(f.stage for f in failures).items())),
        new_documents=sum(v.status == "new" for v in versions),
        changed_documents=sum(v.status == "changed" for v in versions),
        increment=len(increment), triplets=n_triplets, novel_triplets=n_novel, edges=n_edges,
        subgraphs=n_subgraphs, new_items=len(new_items),
        items_by_type=dict(sorted(Counter(i.type for i in new_items).items())),
        rejections={f: rejection_counts.get(f, 0) for f in FILTERS}, skipped_filters=skipped,
        releases=releases, llm=usage.total(), stage_seconds=clock.seconds,
    )
    _publish_run_artifacts(store, summary, failures, new_ids)
    return summary


def _build_language(store: Store, settings: Settings, engine: EngineConfig, index: WikidataLookup | None,
                    docs: list[IncrementDoc], lang: str, run_id: str, usage: RunUsage, failures: list[Failure],
                    clock: progress.StageClock):
    # 3. triplets from the new paragraphs, in batches that Dask workers can take
    batches = [docs[i:i + DOCS_PER_TRIPLET_TASK] for i in range(0, len(docs), DOCS_PER_TRIPLET_TASK)]
    with clock.stage(f"triplets[{lang}]", total=len(batches)):
        for fut in [triplets_stage.submit(batch, engine) for batch in batches]:
            result = fut.result()
            usage.add(result.usage, cached_task=_from_cache(fut))
            failures += _recorded(store, run_id, result.failures)
            store.write_triplets(result.triplets, run_id)
            progress.advance()
    facts = store.triplets_for_versions([d.version_id for d in docs])
    checkpoint(f"triplets[{lang}]")

    # 4. Wikidata linking: candidates from the local index (flow side), choice in the task
    with clock.stage(f"linking[{lang}]"):
        mentions = _mentions(facts, lang)
        candidates: dict[str, list[EntityCandidate]] = {
            surface: lookup_candidates(index, surface, lang) for surface in sorted({m.surface for m in mentions})
        }
        link_fut = linking_stage.submit(mentions, candidates, engine,
                                        linking.LinkingConfig(threshold=settings.wikidata.link_threshold))
        link_batch = link_fut.result()
        usage.add(link_batch.usage, cached_task=_from_cache(link_fut))
        failures += _recorded(store, run_id, link_batch.failures)
        store.write_links(link_batch.links, run_id)
        links: dict[str, EntityLink] = {l.surface: l for l in sorted(link_batch.links, key=lambda l: l.surface)}
    checkpoint(f"linking[{lang}]")

    # 5. novelty: drop facts Wikidata already asserts
    with clock.stage(f"novelty[{lang}]"):
        claims = index.claims_for(sorted({l.qid for l in links.values() if l.qid})) if index else []
        verdict = novelty_stage(facts, links, claims, lang)
        store.write_novelty([t.triplet_id for t in verdict.novel], verdict.dropped)
    checkpoint(f"novelty[{lang}]")

    # 6. graph: novel facts accumulate as edges across runs
    with clock.stage(f"graph[{lang}]"):
        new_edges = graph.build_edges(verdict.novel, links, run_id)
        store.write_edges(new_edges, run_id)
        # questions are about facts this increment brought: edges every triplet of which
        # comes from it. An edited paragraph re-stating a known fact adds a triplet to an
        # old edge, which is no news. (Defined on pending versions, not on this run, so a
        # resumed run finds the same focus.)
        increment_triplets = {t.triplet_id for t in facts}
        touched = store.edges(lang, [e.edge_id for e in new_edges])
        # a sorted list, not a set: a set's order (so the stage's cache key) follows the hash seed
        focus = sorted({e.edge_id for e in touched if increment_triplets.issuperset(e.triplet_ids)})
    checkpoint(f"graph[{lang}]")

    # 7. subgraphs touching the increment -> questions
    sampled: list[Subgraph] = []
    items: list[Item] = []
    with clock.stage(f"questions[{lang}]"):
        if focus:  # the whole graph is loaded only when there is something new to ask about
            cap = subgraphs.SubgraphConfig(max_per_type=SUBGRAPH_MARGIN * max(settings.quotas.values(), default=0))
            sampled = subgraphs_stage(store.edges(lang), focus, lang, cap)
        chunks = [sampled[i:i + SUBGRAPHS_PER_QUESTION_TASK] for i in range(0, len(sampled), SUBGRAPHS_PER_QUESTION_TASK)]
        for fut in [questions_stage.submit(chunk, engine) for chunk in chunks]:
            result = fut.result()
            usage.add(result.usage, cached_task=_from_cache(fut))
            failures += _recorded(store, run_id, result.failures)
            items += result.items
        store.write_items(_with_source_hashes(store, items), run_id)
    checkpoint(f"questions[{lang}]")
    return len(facts), len(verdict.novel), len(new_edges), len(sampled), items


def _from_cache(future) -> bool:
    """Did Prefect serve this task's result from its cache (usage of an earlier run)?"""
    state = getattr(future, "state", None)
    return state is not None and state.name == "Cached"


def _with_source_hashes(store: Store, items: list[Item]) -> list[Item]:
    """Complete each item's lineage with the content hashes of the document versions it rests on."""
    hashes = store.content_hashes(sorted({d for i in items for d in i.doc_ids}))
    return [i.model_copy(update={"lineage": i.lineage.model_copy(update={
        "source_hashes": sorted({hashes[d] for d in i.doc_ids if d in hashes})})}) for i in items]


def _canonical(mapping: dict) -> dict:
    """``mapping`` in key order: a stage input's order is part of its cache key (issue 7.9)."""
    return dict(sorted(mapping.items()))


def _recorded(store: Store, run_id: str, failures: list[Failure]) -> list[Failure]:
    """Record a stage's failed inputs at once, so a run that dies later still lists them."""
    store.record_failures(run_id, failures)
    return failures


def _wikidata(settings: Settings) -> WikidataLookup | None:
    """The local dump's index (built once, reused while the dump is unchanged) and, when
    configured, the live API; None when neither is there (every entity stays unlinked)."""
    index = api = None
    if settings.wikidata.dump.exists():
        index = WikidataIndex.build(settings.wikidata.dump, settings.wikidata.index)
    if settings.wikidata.api_url:
        api = WikidataAPI(settings.wikidata.api_url, settings.crawl.user_agent, timeout=settings.crawl.timeout)
    if index is None and api is None:
        from prefect.logging import get_run_logger

        get_run_logger().warning("no Wikidata dump at %s and no api_url: every entity stays unlinked",
                                 settings.wikidata.dump)
        return None
    return WikidataLookup(index, api)


def lookup_candidates(index: WikidataLookup | None, surface: str, lang: str) -> list[EntityCandidate]:
    """Wikidata candidates for a surface form; quantities ("2139 cars") are never entities."""
    if index is None or subgraphs.parse_quantity(surface, lang) is not None:
        return []
    return index.candidates(surface, lang)


def _mentions(facts: list[Triplet], lang: str) -> list[linking.SurfaceForm]:
    """Every subject/object mention with its sentence: linking counts them to pick a node's label."""
    return [linking.SurfaceForm(surface=surface, lang=lang, context=t.sentence)
            for t in facts for surface in (t.subject, t.object)]


def _fingerprint(spec: SourceSpec, run_id: str) -> str:
    """Part of the crawl cache key: a folder by its files, the web by the flow run (issue 7.10).

    A web source is never served from cache across runs, even on the same day: a retry of
    the same flow run reuses its crawl (same run id), a new run crawls again.
    """
    if spec.kind == "folder":
        root = Path(spec.location)
        stats = sorted((str(p.relative_to(root)), p.stat().st_size, p.stat().st_mtime_ns)
                       for p in root.rglob("*") if p.is_file()) if root.is_dir() else []
        return hashlib.sha256(repr(stats).encode()).hexdigest()
    return run_id


def _publish_run_artifacts(store: Store, summary: DailySummary, failures: list[Failure], new_ids: list[str]) -> None:
    stage_counts = [
        {"stage": k, "count": getattr(summary, k)}
        for k in ("fetched", "new_documents", "changed_documents", "increment", "triplets", "novel_triplets",
                  "edges", "subgraphs", "new_items")
    ]
    reasons = store.top_rejection_reasons(FILTERS, new_ids)
    rejections = [
        {"filter": f, "rejected": summary.rejections.get(f, 0),
         "top_reasons": "; ".join(f"{c} ({n}), e.g. " + " | ".join(ex) for c, n, ex in reasons.get(f, [])),
         "skipped": "yes" if f in summary.skipped_filters else ""}
        for f in FILTERS
    ]
    by_type = [{"type": t, "items": n} for t, n in summary.items_by_type.items()]
    llm = [summary.llm.model_dump()]
    fails = [f.model_dump() for f in failures[:200]]
    md = (
        f"# daily-news run {summary.run_id}\n\nengine: `{summary.engine}` · increment: {summary.increment} "
        f"documents · new items: {summary.new_items} · releases: "
        + (", ".join(f"{c}@{v}" for c, v in summary.releases.items()) or "none")
        + f"\n\nfailures: {len(failures)} · skipped filters: {', '.join(summary.skipped_filters) or 'none'}\n"
    )
    publish_artifacts("daily-news", {"stages": stage_counts, "rejections": rejections, "items-by-type": by_type,
                                     "llm-usage": llm, "failures": fails}, md)
