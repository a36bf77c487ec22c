"""DRAGON's daily news flow (Chernogorskii et al. 2025, Fig. 2-3).

    crawl -> diff with the previous revision -> triplets -> Wikidata linking -> novelty
    -> knowledge graph -> subgraph questions -> filters -> new MINOR release per language

Each step is a stage from tasks/dragon/, run as a cached Prefect task; the run itself
(lock, run record, usage, failures, filter stack, releases) is benchmill.runs'. The
increment is "document versions no completed run has consumed", so a killed run is
finished by the next one, and unchanged input means an empty increment: no LLM calls,
no new items, and the run is still recorded.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from prefect import flow

from benchmill import progress
from benchmill.faults import checkpoint
from benchmill.orchestration import stage, task_runner
from benchmill.runs import GeneratorRun, generator_run
from benchmill.settings import Settings, load_settings
from schemas import EntityCandidate, EntityLink, FetchedDocument, IncrementDoc, Item, SourceSpec, Subgraph
from tasks.dragon import graph, linking, novelty, questions, subgraphs, triplets
from tasks.dragon.spec import FILTERS, METHOD, news_collections  # noqa: F401  (FILTERS, METHOD: public names)
from tasks.dragon.support import (  # noqa: F401  (lookup_candidates: a public name of this flow)
    DailySummary, canonical, crawl_snapshot, diff_increment, fingerprint, lookup_candidates, mentions,
    publish_run_artifacts, wikidata_lookup, with_source_hashes,
)
from tasks.dragon.wikidata import WikidataLookup

DOCS_PER_TRIPLET_TASK = 16
SUBGRAPHS_PER_QUESTION_TASK = 64
#: subgraphs sampled per type, as a multiple of the largest per-type quota: filters reject
#: a share, and with the llm engine every subgraph costs calls
SUBGRAPH_MARGIN = 3

crawl_stage = stage(crawl_snapshot, name="crawl", timeout_seconds=1800)
diff_stage = stage(diff_increment, name="diff")
triplets_stage = stage(triplets.extract_triplets, name="triplets")
linking_stage = stage(linking.link_entities, name="linking")
novelty_stage = stage(novelty.filter_novel, name="novelty")
subgraphs_stage = stage(subgraphs.sample_subgraphs_counted, name="subgraphs")
questions_stage = stage(questions.generate_questions, name="questions")


@flow(name="daily-news", log_prints=True)
def daily_news(sources: list[SourceSpec] | None = None, run_date: str | None = None, engine: str | None = None,
               config_path: str | None = None, store_path: str | None = None) -> DailySummary:
    """Build today's increment of news-<lang> releases from the configured (or given) sources."""
    settings = load_settings(Path(config_path) if config_path else None, engine=engine,
                             store=Path(store_path) if store_path else None)
    sources = sources or settings.sources
    if not sources:
        raise ValueError("no sources: pass --source or set `sources` in benchmill.toml")
    collections = news_collections(settings)  # a bad filter config fails here, before any work
    params = {"sources": [s.model_dump() for s in sources], "run_date": run_date}
    with generator_run("daily-news", settings, params) as run:
        return run.complete(_run(run, sources, collections))


def configured(settings: Settings):
    """The flow with the task runner the settings ask for (threads, or a Dask cluster)."""
    return daily_news.with_options(task_runner=task_runner(settings))


def _run(run: GeneratorRun, sources: list[SourceSpec], collections) -> DailySummary:
    store, settings, clock = run.store, run.settings, run.clock
    # 1. crawl: every source, in parallel; one bad feed or page fails only itself
    with clock.stage("crawl", total=len(sources)):
        store.upsert_sources(sources, run.run_id)
        fetched: dict[str, FetchedDocument] = {}
        gone: dict[str, str] = {}
        listings: dict[str, list[str]] = {}
        futures = [(spec, crawl_stage.submit(spec, settings.crawl, fingerprint(spec, run.run_id),
                                             store.source_listing(spec.name) if spec.kind != "folder" else []))
                   for spec in sources]
        for spec, fut in futures:
            result = fut.result()
            run.recorded(result.failures)
            gone.update(result.gone)
            if spec.kind != "folder":
                listings[spec.name] = result.listed
            for doc in result.documents:
                fetched.setdefault(doc.canonical_url, doc)  # the same article in two feeds is one document
            progress.advance()
        # a known article answering 404/410 (listed, or dropped from its feed and fetched again)
        # is removed: recorded, its released items stay released; then the listings are kept
        # for the next run's re-check (after the removals: a run killed in between re-checks)
        removed = store.record_removals({u: r for u, r in gone.items() if u not in fetched}, run.run_id)
        store.replace_source_listings(listings)
    fetched_docs = [d for d in sorted(fetched.values(), key=lambda d: d.canonical_url) if d.lang in settings.languages]
    checkpoint("crawl")

    # 2. diff with the previous revision; only new paragraphs go downstream
    with clock.stage("diff"):
        versions = diff_stage(fetched_docs, canonical(store.previous_versions([d.canonical_url for d in fetched_docs])))
        store.write_versions(versions, run.run_id)
        increment = store.pending_versions(settings.languages)
    checkpoint("diff")

    # 3-7. per language: triplets -> linking -> novelty -> graph -> subgraphs -> questions
    counts: Counter[str] = Counter()
    drops: dict[str, dict[str, dict[str, int]]] = {}  # lang -> type -> reason -> candidates passed over
    new_items: list[Item] = []
    index = wikidata_lookup(settings) if increment else None
    try:
        for lang in sorted({d.lang for d in increment}):
            new_items += _build_language(run, index, [d for d in increment if d.lang == lang], lang, counts, drops)
    finally:
        if index is not None:
            index.close()

    # 8. filters: every awaiting item gets a verdict from every filter of its collection
    run.filter(collections)
    store.mark_consumed([d.version_id for d in increment], run.run_id)
    checkpoint("mark_consumed")

    # 9. one new MINOR release per language collection with something new to release
    releases = run.release(collections)

    new_ids = [i.item_id for i in new_items]
    rejected = Counter(v.filter for v in store.verdicts(new_ids) if v.status == "rejected")
    summary = DailySummary(
        **run.summary_fields(new_items, {f: rejected.get(f, 0) for f in FILTERS}, releases),
        fetched=len(fetched_docs), new_documents=sum(v.status == "new" for v in versions),
        changed_documents=sum(v.status == "changed" for v in versions), removed_documents=len(removed),
        increment=len(increment), triplets=counts["triplets"], novel_triplets=counts["novel"], edges=counts["edges"],
        subgraphs=counts["subgraphs"], new_items=len(new_items), sampler_drops=dict(sorted(drops.items())),
    )
    publish_run_artifacts(run, summary, new_ids)
    return summary


def _build_language(run: GeneratorRun, index: WikidataLookup | None, docs: list[IncrementDoc], lang: str,
                    counts: Counter[str], drops: dict[str, dict[str, dict[str, int]]]) -> list[Item]:
    store, settings, engine, clock = run.store, run.settings, run.engine, run.clock
    # 3. triplets from the new paragraphs, in batches that Dask workers can take
    batches = [docs[i:i + DOCS_PER_TRIPLET_TASK] for i in range(0, len(docs), DOCS_PER_TRIPLET_TASK)]
    with clock.stage(f"triplets[{lang}]", total=len(batches)):
        for fut in [triplets_stage.submit(batch, engine) for batch in batches]:
            result = fut.result()
            run.add_usage(result.usage, fut)
            run.recorded(result.failures)
            store.write_triplets(result.triplets, run.run_id)
            progress.advance()
    facts = store.triplets_for_versions([d.version_id for d in docs])
    checkpoint(f"triplets[{lang}]")

    # 4. Wikidata linking: candidates from the local index (flow side), choice in the task
    with clock.stage(f"linking[{lang}]"):
        forms = mentions(facts, lang)
        candidates: dict[str, list[EntityCandidate]] = {
            surface: lookup_candidates(index, surface, lang) for surface in sorted({m.surface for m in forms})}
        link_fut = linking_stage.submit(forms, candidates, engine,
                                        linking.LinkingConfig(threshold=settings.wikidata.link_threshold))
        link_batch = link_fut.result()
        run.add_usage(link_batch.usage, link_fut)
        run.recorded(link_batch.failures)
        store.write_links(link_batch.links, run.run_id)
        links: dict[str, EntityLink] = {l.surface: l for l in sorted(link_batch.links, key=lambda l: l.surface)}
    checkpoint(f"linking[{lang}]")

    # 5. novelty: drop facts Wikidata already asserts
    with clock.stage(f"novelty[{lang}]"):
        claims = index.claims_for(sorted({l.qid for l in links.values() if l.qid})) if index else []
        verdict = novelty_stage(facts, links, claims, lang)
        store.write_novelty([t.triplet_id for t in verdict.novel], verdict.dropped)
    checkpoint(f"novelty[{lang}]")

    # 6. graph: novel facts accumulate as edges across runs; questions are about edges
    # every triplet of which this increment brought (defined on pending versions, so a
    # resumed run finds the same focus; a sorted list: its order is in the cache key)
    with clock.stage(f"graph[{lang}]"):
        new_edges = graph.build_edges(verdict.novel, links, run.run_id)
        store.write_edges(new_edges, run.run_id)
        increment_triplets = {t.triplet_id for t in facts}
        touched = store.edges(lang, [e.edge_id for e in new_edges])
        focus = sorted({e.edge_id for e in touched if increment_triplets.issuperset(e.triplet_ids)})
    checkpoint(f"graph[{lang}]")

    # 7. subgraphs touching the increment -> questions
    sampled: list[Subgraph] = []
    context: list = []  # every edge of the sampled subgraphs' articles: what each question chunk reads
    items: list[Item] = []
    with clock.stage(f"questions[{lang}]"):
        if focus:  # the whole graph is loaded only when there is something new to ask about
            cap = subgraphs.SubgraphConfig(max_per_type=SUBGRAPH_MARGIN * max(settings.quotas.values(), default=0))
            # facts Wikidata already states are never asked, but a question they answer too is not unique
            known_facts = store.known_triplets(lang)
            known = graph.known_edges(known_facts, store.links(lang, [s for t in known_facts for s in (t.subject, t.object)]))
            all_edges = store.edges(lang)
            sample = subgraphs_stage(all_edges, focus, lang, cap, known)
            sampled = sample.subgraphs
            drops[lang] = sample.dropped  # drawn candidates the sampler passed over, per type and reason
            context = subgraphs.article_edges(all_edges, sampled)
        chunks = [sampled[i:i + SUBGRAPHS_PER_QUESTION_TASK] for i in range(0, len(sampled), SUBGRAPHS_PER_QUESTION_TASK)]
        for fut in [questions_stage.submit(chunk, engine, context=context) for chunk in chunks]:
            result = fut.result()
            run.add_usage(result.usage, fut)
            run.recorded(result.failures)
            items += result.items
        store.write_items(with_source_hashes(store, items), run.run_id)
    checkpoint(f"questions[{lang}]")
    counts.update(triplets=len(facts), novel=len(verdict.novel), edges=len(new_edges), subgraphs=len(sampled))
    return items
