"""DRAGON's flow-side helpers: the diff stage over a crawl, cache fingerprints, Wikidata
candidates, item lineage, and the run summary with its Prefect artifacts. Kept out of
flows/daily_news.py so the flow reads as the paper's figure."""
from __future__ import annotations

import hashlib
from pathlib import Path

from benchmill import nlp
from benchmill.runs import GeneratorRun, RunSummary
from benchmill.settings import CrawlSettings, Settings
from benchmill.store import Store
from schemas import (
    EntityCandidate, FetchedDocument, Item, NewVersion, PreviousVersion, SourceSpec, Triplet,
)
from tasks.dragon import crawl, diff, linking, subgraphs
from tasks.dragon.spec import FILTERS
from tasks.dragon.wikidata import WikidataAPI, WikidataIndex, WikidataLookup


class DailySummary(RunSummary):
    """A daily run's summary: the shared run fields plus DRAGON's stage counts."""

    fetched: int
    new_documents: int
    changed_documents: int
    removed_documents: int = 0
    increment: int
    triplets: int
    novel_triplets: int
    edges: int
    subgraphs: int
    new_items: int
    #: lang -> question type -> reason -> drawn subgraph candidates the sampler passed over
    sampler_drops: dict[str, dict[str, dict[str, int]]] = {}

    def sampler_drop_rows(self) -> list[dict]:
        """``sampler_drops`` flat: one row per language, type and reason."""
        return [{"lang": lang, "type": kind, "reason": reason, "candidates": n}
                for lang, kinds in self.sampler_drops.items() for kind, reasons in kinds.items()
                for reason, n in reasons.items()]


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


def crawl_snapshot(spec: SourceSpec, settings: CrawlSettings, fingerprint: str,
                   previous_listing: list[str] | None = None) -> crawl.CrawlResult:
    """Crawl one source; ``fingerprint`` (folder contents, or the flow run id for the web) keys the cache;
    ``previous_listing``: the known articles the source listed last time (re-checked when dropped)."""
    return crawl.crawl_source(spec, settings, previous_listing or [])


def fingerprint(spec: SourceSpec, run_id: str) -> str:
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


def canonical(mapping: dict) -> dict:
    """``mapping`` in key order: a stage input's order is part of its cache key (issue 7.9)."""
    return dict(sorted(mapping.items()))


# ----------------------------------------------------------------- Wikidata
def wikidata_lookup(settings: Settings) -> WikidataLookup | None:
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
    return index.candidates(nlp.without_abbreviation(surface), lang)


def mentions(facts: list[Triplet], lang: str) -> list[linking.SurfaceForm]:
    """Every subject/object mention with its sentence: linking counts them to pick a node's label."""
    return [linking.SurfaceForm(surface=surface, lang=lang, context=t.sentence)
            for t in facts for surface in (t.subject, t.object)]


def with_source_hashes(store: Store, items: list[Item]) -> list[Item]:
    """Complete each item's lineage with the content hashes of the document versions it rests on."""
    hashes = store.content_hashes(sorted({d for i in items for d in i.doc_ids}))
    return [i.model_copy(update={"lineage": i.lineage.model_copy(update={
        "source_hashes": sorted({hashes[d] for d in i.doc_ids if d in hashes})})}) for i in items]


# ------------------------------------------------------------------ report
def publish_run_artifacts(run: GeneratorRun, summary: DailySummary, new_ids: list[str]) -> None:
    failures = run.failures
    stage_counts = [
        {"stage": k, "count": getattr(summary, k)}
        for k in ("fetched", "new_documents", "changed_documents", "removed_documents", "increment", "triplets",
                  "novel_triplets", "edges", "subgraphs", "new_items")
    ]
    reasons = run.store.top_rejection_reasons(FILTERS, new_ids)
    rejections = [
        {"filter": f, "rejected": summary.rejections.get(f, 0),
         "top_reasons": "; ".join(f"{c} ({n}), e.g. " + " | ".join(ex) for c, n, ex in reasons.get(f, [])),
         "skipped": "yes" if f in summary.skipped_filters else ""}
        for f in FILTERS
    ]
    by_type = [{"type": t, "items": n} for t, n in summary.items_by_type.items()]
    md = (
        f"# daily-news run {summary.run_id}\n\nengine: `{summary.engine}` · increment: {summary.increment} "
        f"documents · new items: {summary.new_items} · releases: "
        + (", ".join(f"{c}@{v}" for c, v in summary.releases.items()) or "none")
        + f"\n\nfailures: {len(failures)} · removed documents (404/410): {summary.removed_documents}"
        + f" · skipped filters: {', '.join(summary.skipped_filters) or 'none'}\n"
    )
    drops = summary.sampler_drop_rows()
    if drops:
        md += "\nsubgraph candidates the sampler passed over: " + "; ".join(
            f"{d['lang']} {d['type']}: {d['candidates']} ({d['reason']})" for d in drops) + "\n"
    quality_rows, quality_md = release_quality_artifact(run, summary.releases)
    run.artifacts({"stages": stage_counts, "rejections": rejections, "items-by-type": by_type,
                   "llm-usage": [summary.llm.model_dump()], "failures": [f.model_dump() for f in failures[:200]],
                   "sampler-drops": drops, "quality": quality_rows}, md + quality_md)


def release_quality_artifact(run: GeneratorRun, releases: dict[str, str]) -> tuple[list[dict], str]:
    """The quality report (benchmill/quality.py) of each release this run made: headline rows + Markdown.

    After the releases committed, so a report that fails is noted in the artifact, not a failed run."""
    import logging

    from benchmill.quality import headline, release_quality, render_text

    rows, parts = [], []
    for collection, version in sorted(releases.items()):
        try:
            report = release_quality(run.store, collection, version, dict(run.settings.quotas))
        except Exception as exc:  # noqa: BLE001 — an artifact, the release stands
            logging.getLogger(__name__).warning("quality report of %s@%s failed: %s", collection, version, exc)
            parts.append(f"\n## quality of {collection}@{version}\n\nreport failed: {type(exc).__name__}: {exc}\n")
            continue
        rows.append(headline(report))
        parts.append(f"\n## quality of {collection}@{version}\n\n```\n{render_text(report)}\n```\n")
    return rows, "".join(parts)
