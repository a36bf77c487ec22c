"""One run of any generator: the bookkeeping every flow shares (issue 8).

``generator_run`` wraps a generator's own stages with what every run needs: the store's
single-writer lock, the run record (started, then completed with its summary or failed
with the error and the LLM calls it still made), re-export of releases a killed run left
unexported, per-run LLM usage, failures recorded the moment a stage reports them, the
filter stack over the run's collections, one release per collection, and the run's
Prefect artifacts. A flow writes only its stages::

    with generator_run("domain-build", settings, params) as run:
        docs = ...                                   # the generator's stages, writing to run.store
        run.filter(collections)                      # shared filter stack
        releases = run.release(collections)          # collection -> version
        return run.complete(summary)                 # records the run as completed

A body that raises marks the run failed (the exception propagates; a rerun resumes).
"""
from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from benchmill import progress
from benchmill.engines import EngineConfig
from benchmill.faults import checkpoint
from benchmill.filtering import run_filter_stack
from benchmill.llm import RunUsage
from benchmill.orchestration import current_flow_run_id, publish_artifacts
from benchmill.releases import ensure_exports, plan_release, publish
from benchmill.settings import Settings
from benchmill.specs import CollectionSpec
from benchmill.store import Store
from schemas import Failure, LLMUsage
from schemas.release import ReleaseManifest


class RunSummary(BaseModel):
    """What every generator run reports; a flow's summary model extends it with its own counts
    (``DomainBuildSummary``, ``StatementsSummary``). ``GeneratorRun.summary_fields`` fills the
    run's part, the flow the rest."""

    run_id: str
    engine: str
    items_by_type: dict[str, int]
    failures: int
    failures_by_stage: dict[str, int] = {}
    rejections: dict[str, int]
    skipped_filters: list[str]
    releases: dict[str, str]
    llm: LLMUsage
    stage_seconds: dict[str, float] = {}


@dataclass
class GeneratorRun:
    """What a generator's stages get: the open store, engine, run id, usage, failures, clock."""

    store: Store
    settings: Settings
    engine: EngineConfig
    run_id: str
    flow: str
    usage: RunUsage = field(default_factory=RunUsage)
    failures: list[Failure] = field(default_factory=list)
    clock: progress.StageClock = field(default_factory=progress.StageClock)
    manifests: dict[str, ReleaseManifest] = field(default_factory=dict)
    completed: bool = False

    def recorded(self, failures: list[Failure]) -> list[Failure]:
        """Record a stage's failed inputs at once, so a run that dies later still lists them."""
        self.store.record_failures(self.run_id, failures)
        self.failures += failures
        return failures

    def add_usage(self, usage: LLMUsage, future: Any = None) -> None:
        """Count a stage's LLM calls (a task Prefect served from cache counts as cached)."""
        self.usage.add(usage, cached_task=from_cache(future))

    def filter(self, collections: list[CollectionSpec]) -> None:
        """Every awaiting item of the collections gets a verdict from each of its filters."""
        run_filter_stack(self.store, collections, self.engine, self.run_id, self.usage, self.clock)

    def release(self, collections: list[CollectionSpec]) -> dict[str, str]:
        """One new MINOR release per collection with something accepted to release."""
        releases: dict[str, str] = {}
        with self.clock.stage("release", total=len(collections)):
            for spec in collections:
                releases.update(self.carve_sandbox(spec))
                plan = plan_release(self.store, spec)
                if plan is not None:
                    self.manifests[spec.name] = publish(self.store, self.settings, plan, run_id=self.run_id)
                    releases[spec.name] = plan.version
                checkpoint(f"released[{spec.name}]")
                progress.advance()
        return releases

    def carve_sandbox(self, spec: CollectionSpec) -> dict[str, str]:
        """DRAGON's static public set: before a collection's first ranked release takes its
        accepted questions, ``[sandbox]`` carves ``<collection>-sandbox`` out of them, once."""
        from benchmill.releases import latest_version
        from benchmill.sandbox import candidates, plan_sandbox, sandbox_collection

        conf = self.settings.sandbox
        if not conf.on_first_run or not spec.quotas or latest_version(self.store, sandbox_collection(spec.name)):
            return {}  # off, or carved already (static): no candidate query on every later run
        pool = candidates(self.store, spec)
        if len(pool) < conf.min_accepted:
            return {}
        size = max(1, min(conf.size, int(conf.share * len(pool))))
        plan = plan_sandbox(self.store, spec, size=size, max_texts=conf.max_texts, pool=pool)
        if plan is None:
            return {}
        self.manifests[plan.collection] = publish(self.store, self.settings, plan, run_id=self.run_id)
        checkpoint(f"sandbox[{spec.name}]")
        return {plan.collection: plan.version}

    def summary_fields(self, items: list, rejections: dict[str, int], releases: dict[str, str]) -> dict[str, Any]:
        """The ``RunSummary`` fields of this run: ``items`` (the run's items) are counted by type,
        ``rejections`` per filter as the flow counted them; engine, failures, usage, clock from the run."""
        return dict(run_id=self.run_id, engine=self.engine.kind,
                    items_by_type=dict(sorted(Counter(i.type for i in items).items())), failures=len(self.failures),
                    failures_by_stage=dict(sorted(Counter(f.stage for f in self.failures).items())),
                    rejections=rejections, skipped_filters=self.skipped_filters, releases=releases,
                    llm=self.usage.total(), stage_seconds=self.clock.seconds)

    @property
    def skipped_filters(self) -> list[str]:
        """Filters every item of a release this run made skipped (e.g. LLM filters under rules)."""
        return sorted({f for m in self.manifests.values() for f in m.skipped_filters})

    def complete(self, summary: BaseModel) -> BaseModel:
        spent = self.usage.total()
        self.store.finish_run(self.run_id, "completed", spent, summary.model_dump(mode="json"),
                              cost_usd=self.settings.llm.cost(spent.prompt_tokens, spent.completion_tokens))
        self.completed = True
        return summary

    def artifacts(self, tables: dict[str, list[dict[str, Any]]], markdown: str) -> None:
        publish_artifacts(self.flow, tables, markdown)


def from_cache(future: Any) -> bool:
    """Did Prefect serve this task's result from its cache (usage of an earlier run)?"""
    state = getattr(future, "state", None)
    return state is not None and state.name == "Cached"


@contextmanager
def generator_run(flow: str, settings: Settings, params: dict[str, Any], *,
                  engine: EngineConfig | None = None) -> Iterator[GeneratorRun]:
    """Open the store (single writer), record the run, and close the record however the body ends."""
    engine = engine or EngineConfig.from_settings(settings)
    run_id = current_flow_run_id() or f"local-{hashlib.sha1(repr(sorted(params.items())).encode()).hexdigest()[:8]}"
    with Store.writer(settings.store, run_id) as store:
        ensure_exports(store, settings)
        store.start_run(run_id, flow, {**params, "engine": engine.kind, "model": engine.model}, run_id)
        run = GeneratorRun(store=store, settings=settings, engine=engine, run_id=run_id, flow=flow)
        try:
            yield run
        except BaseException as exc:
            spent = run.usage.total()  # a failed attempt still records the calls it made
            store.finish_run(run_id, "failed", spent, {}, error=f"{type(exc).__name__}: {exc}",
                             cost_usd=settings.llm.cost(spent.prompt_tokens, spent.completion_tokens))
            raise
        if not run.completed:
            error = f"{flow} run {run_id}: the body returned without run.complete(summary)"
            store.finish_run(run_id, "failed", run.usage.total(), {}, error=error)
            raise RuntimeError(error)
