"""The filter contract every generator shares: one signature, a registry, a stack runner.

A filter is one module that declares a :class:`FilterSpec` — its name, whether it needs
an LLM, which context it reads, a pydantic ``Config`` model — and one function that
scores a batch of items into Verdicts::

    def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: Config) -> FilterResult

Scoring is the filter's; what happens to an item next is the stack's and the release's:
``passed`` / ``rejected`` are permanent, ``error`` is transient (the item is judged again
by the next run), ``skipped`` counts neither way. Registration is one line
(``register(module.FILTER)``) in tasks/filters/__init__.py for shared filters; a
generator's own filter registers from its stage package (DRAGON's graph_correspondence
from tasks/dragon/).

:func:`run_filter_stack` runs a collection's filters in the order cheap first, LLM last;
an LLM filter only sees items no earlier filter rejected (the others get a
``not evaluated: rejected by X`` verdict) and, under the rules engine, records
``skipped: needs llm`` for every item — never a silent pass.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from benchmill import progress
from benchmill.engines import SKIPPED_NEEDS_LLM, EngineConfig
from benchmill.faults import checkpoint
from schemas import Item, Verdict

if TYPE_CHECKING:
    from benchmill.specs import CollectionSpec
    from benchmill.llm import RunUsage
    from benchmill.store import Store

#: reason prefix of a verdict the stack records instead of running a filter on an already rejected item
NOT_EVALUATED = "not evaluated: "

#: what a filter may ask the stack to fetch for it
Context = Literal["source_texts", "released_questions", "subgraph", "earlier_verdicts"]
_CONTEXTS = {"source_texts", "released_questions", "subgraph", "earlier_verdicts"}


class FilterInputs(BaseModel):
    """The context one batch of items is scored with (only what the filter declared is filled)."""

    model_config = ConfigDict(frozen=True)

    collection: str
    lang: str
    #: source id (document or passage) -> text, in key order (a stage input: its order is in the cache key)
    source_texts: dict[str, str] = {}
    #: every question the collection has released so far
    released_questions: list[str] = []
    #: item id -> its verdicts from the filters that run before this one in the collection's
    #: stack (sorted by filter); lets a filter prefer the better of two items (duplicates)
    earlier_verdicts: dict[str, list[Verdict]] = {}


class FilterError(ValueError):
    """A filter name or a filter config that does not validate (raised before any work starts)."""


@dataclass(frozen=True)
class FilterSpec:
    name: str
    needs_llm: bool
    config: type[BaseModel]
    #: ``score(items, inputs, engine, config) -> FilterResult`` (verdicts + LLM usage); a
    #: module-level function, so it can run as a cached Prefect task
    score: Callable[..., Any]
    context: frozenset[str] = field(default_factory=frozenset)
    description: str = ""

    @property
    def stage_name(self) -> str:
        return "filter-" + self.name.replace("_", "-")

    def validate_config(self, values: dict[str, Any] | BaseModel | None, where: str = "") -> BaseModel:
        """The filter's config from a settings table; unknown keys and bad values are refused."""
        if isinstance(values, self.config):
            return values
        try:
            return self.config.model_validate(values or {})
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            raise FilterError(f"{where or self.name}.{loc}: {err['msg']}") from None


REGISTRY: dict[str, FilterSpec] = {}


def register(spec: FilterSpec) -> FilterSpec:
    """Add a filter to the registry (one line per filter); a second, different spec under the same name is refused."""
    if spec.name in REGISTRY and REGISTRY[spec.name] is not spec:
        raise FilterError(f"filter {spec.name!r} is registered twice")
    unknown = set(spec.context) - _CONTEXTS
    if unknown:
        raise FilterError(f"filter {spec.name!r} asks for unknown context {sorted(unknown)}")
    REGISTRY[spec.name] = spec
    return spec


def get_filter(name: str) -> FilterSpec:
    import tasks.filters  # noqa: F401  (registers the shared filters)

    try:
        return REGISTRY[name]
    except KeyError:
        raise FilterError(f"unknown filter {name!r}; registered: {', '.join(sorted(REGISTRY))}") from None


def stack_order(names: Iterable[str]) -> list[str]:
    """Cheap filters first, LLM filters last; the given order within each group."""
    names = list(names)
    return [n for n in names if not get_filter(n).needs_llm] + [n for n in names if get_filter(n).needs_llm]


_STAGES: dict[str, Any] = {}


def _stage(spec: FilterSpec):
    if spec.name not in _STAGES:
        from benchmill.orchestration import stage

        _STAGES[spec.name] = stage(spec.score, name=spec.stage_name)
    return _STAGES[spec.name]


def _from_cache(future) -> bool:
    state = getattr(future, "state", None)
    return state is not None and state.name == "Cached"


def run_filter_stack(
    store: "Store", collections: list["CollectionSpec"], engine: EngineConfig, run_id: str, usage: "RunUsage",
    clock: progress.StageClock | None = None,
) -> None:
    """Give every awaiting item of the collections a verdict from each of its collection's filters.

    Items awaiting a filter are those of the collection's method and language with no
    verdict from it yet, or only a transient ``error``. Filter-major (every collection's
    items through filter 1, then filter 2, ...), so a killed run resumes at the filter it
    died in (checkpoint ``filter:<name>``).
    """
    clock = clock or progress.StageClock()
    order: list[str] = []
    for spec in collections:
        order += [n for n in spec.filter_names if n not in order]
    for name in stack_order(order):
        spec_f = get_filter(name)
        with clock.stage(f"filter:{name}"):
            for coll in collections:
                if name not in coll.filter_names:
                    continue
                _run_one(store, coll, spec_f, engine, run_id, usage)
            progress.advance()
        checkpoint(f"filter:{name}")


def _run_one(store: "Store", coll: "CollectionSpec", spec_f: FilterSpec, engine: EngineConfig, run_id: str,
             usage: "RunUsage") -> None:
    awaiting = store.items(store.items_awaiting(spec_f.name, coll.method, [coll.lang]))
    if spec_f.needs_llm:
        # LLM filters spend calls only on items nothing has rejected yet; the others are
        # recorded as not evaluated, with the reason, so every item has every verdict
        rejected_by: dict[str, str] = {}
        for v in store.verdicts([i.item_id for i in awaiting]):
            if v.status == "rejected":
                rejected_by.setdefault(v.item_id, v.filter)
        store.write_verdicts([
            Verdict(item_id=iid, filter=spec_f.name, status="skipped", reason=f"{NOT_EVALUATED}rejected by {by}")
            for iid, by in sorted(rejected_by.items())
        ], run_id)
        awaiting = [i for i in awaiting if i.item_id not in rejected_by]
        if engine.kind != "llm":
            store.write_verdicts([Verdict(item_id=i.item_id, filter=spec_f.name, status="skipped",
                                          reason=SKIPPED_NEEDS_LLM) for i in awaiting], run_id)
            return
    if not awaiting:
        return
    inputs = gather_inputs(store, coll, spec_f, awaiting)
    fut = _stage(spec_f).submit(awaiting, inputs, engine, coll.filter_config(spec_f.name))
    result = fut.result()
    usage.add(result.usage, cached_task=_from_cache(fut))
    store.write_verdicts(result.verdicts, run_id)


def gather_inputs(store: "Store", coll: "CollectionSpec", spec_f: FilterSpec, items: list[Item]) -> FilterInputs:
    """Fetch the context the filter declared, and nothing else."""
    texts: dict[str, str] = {}
    earlier: list[str] = []
    if "source_texts" in spec_f.context:
        texts = dict(sorted(store.document_texts(sorted({d for i in items for d in i.doc_ids})).items()))
    if "released_questions" in spec_f.context:
        from benchmill.releases import released_questions

        earlier = released_questions(store, coll.name)
    before: dict[str, list[Verdict]] = {}
    if "earlier_verdicts" in spec_f.context:
        # only filters ahead of this one in the stack: the same verdicts whichever run gets here
        order = stack_order(coll.filter_names)
        ahead = set(order[: order.index(spec_f.name)])
        for v in store.verdicts(sorted(i.item_id for i in items)):
            if v.filter in ahead:
                before.setdefault(v.item_id, []).append(v)
    return FilterInputs(collection=coll.name, lang=coll.lang, source_texts=texts, released_questions=earlier,
                        earlier_verdicts=before)
