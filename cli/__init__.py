"""The `benchmill` command.

Every flow runs straight from here with no server (Prefect's ephemeral mode);
`benchmill server` + `benchmill serve` run the same flows as deployments with a UI.
Errors a user can fix (settings, store, endpoint, bad input) end as one line on stderr
naming the thing and what to do, with exit status 2.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.table import Table

from benchmill.settings import Settings, SettingsError, load_settings
from schemas.documents import SourceSpec

app = typer.Typer(help="Dataset generation and curation pipeline for RAG benchmarks.", no_args_is_help=True,
                  pretty_exceptions_enable=False, add_completion=False)
releases_app = typer.Typer(help="Versioned releases: list, show, diff, export.", no_args_is_help=True)
app.add_typer(releases_app, name="releases")
wikidata_app = typer.Typer(help="The local Wikidata index used for entity linking.", no_args_is_help=True)
app.add_typer(wikidata_app, name="wikidata")
schemas_app = typer.Typer(help="Record schemas.", no_args_is_help=True)
app.add_typer(schemas_app, name="schemas")

console = Console()

ConfigOpt = Annotated[Optional[Path], typer.Option("--config", help="settings TOML (default: ./benchmill.toml)")]
StoreOpt = Annotated[Optional[Path], typer.Option("--store", help="DuckDB store file (default: <home>/data/benchmill.duckdb)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="machine-readable output")]


class UserError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


def settings_for(config: Path | None, store: Path | None = None, **overrides: Any) -> Settings:
    settings = load_settings(config, store=store, **overrides)
    from benchmill.orchestration import configure_prefect

    configure_prefect(settings)
    return settings


def say_where(settings: Settings, **extra: Path) -> None:
    """One line on stdout telling where a writing command writes (skipped with --json)."""
    more = "".join(f", {k.replace('_', ' ')} {v}" for k, v in extra.items())
    console.print(f"benchmill: home {settings.home} (store {settings.store}{more})", markup=False, highlight=False,
                  soft_wrap=True)


def parse_source(value: str) -> SourceSpec:
    """`PATH` (a snapshot folder), `URL` (an RSS/Atom feed) or `listing:URL` (an HTML page of links)."""
    if value.startswith("listing:"):
        url = value[len("listing:"):]
        return SourceSpec(name=url, kind="listing", location=url)
    if value.startswith(("http://", "https://")):
        return SourceSpec(name=value, kind="feed", location=value)
    path = Path(value)
    if path.is_dir():
        return SourceSpec(name=str(path), kind="folder", location=str(path.resolve()))
    raise UserError(f"source {value!r} is neither an existing folder, a feed URL (http[s]://...) nor listing:URL")


# ----------------------------------------------------------------- daily news
@app.command()
def daily(
    source: Annotated[Optional[list[str]], typer.Option("--source", "-s", help="folder, feed URL or listing:URL; repeatable (default: settings.sources)")] = None,
    run_date: Annotated[Optional[str], typer.Option(help="the day this run stands for (YYYY-MM-DD; default today), recorded with the run; web sources are crawled afresh by every run whatever the date")] = None,
    engine: Annotated[Optional[str], typer.Option(help="rules | llm | auto")] = None,
    config: ConfigOpt = None,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Run the daily news flow (DRAGON): crawl, diff, facts, graph, questions, filters, release."""
    settings = settings_for(config, store, engine=engine)
    from tasks.dragon.spec import news_collections

    news_collections(settings)  # per-filter config ([generators.dragon.filters.*]) validates before any work
    specs = [parse_source(s) for s in source] if source else None
    if not (specs or settings.sources):
        raise UserError("no sources: pass --source or set `sources` in benchmill.toml")
    _preflight(settings)
    if not as_json:
        say_where(settings, releases=settings.releases_dir)
    from benchmill import progress
    from benchmill.orchestration import tie_temporary_server_to_this_process
    from flows.daily_news import configured

    tie_temporary_server_to_this_process()

    daily_news = configured(settings)

    if as_json:
        summary = daily_news(sources=specs, run_date=run_date, engine=engine,
                             config_path=str(config) if config else None, store_path=str(settings.store))
        console.print_json(summary.model_dump_json())
        return
    with progress.RichReporter(console):
        summary = daily_news(sources=specs, run_date=run_date, engine=engine,
                             config_path=str(config) if config else None, store_path=str(settings.store))
    _print_daily_summary(summary)


# --------------------------------------------------------- RAGEval domain build
@app.command("build-domain")
def build_domain(
    seed_dir: Annotated[Path, typer.Argument(help="seed folder: seed documents, domain.toml, schema.json, template.j2")],
    docs: Annotated[Optional[int], typer.Option("--docs", min=1, help="documents to generate (default: domain.toml)")] = None,
    engine: Annotated[Optional[str], typer.Option(help="rules | llm | auto")] = None,
    seed: Annotated[Optional[int], typer.Option(help="random seed (default: domain.toml)")] = None,
    config: ConfigOpt = None,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """RAGEval domain build: schema, configs, documents, QRA, keypoints, filters, release <domain>-<lang>."""
    settings = settings_for(config, store, engine=engine)
    from tasks.rageval.seeds import SeedFolderError, load_seed_folder

    try:
        load_seed_folder(seed_dir)  # bad input: one line naming the file, before any work
    except SeedFolderError as exc:
        raise UserError(str(exc)) from None
    _preflight(settings)
    if not as_json:
        say_where(settings, releases=settings.releases_dir)
    from benchmill.orchestration import tie_temporary_server_to_this_process
    from flows.domain_build import domain_build
    from tasks.rageval.summary import SchemaError

    tie_temporary_server_to_this_process()
    try:
        summary = domain_build(seed_dir=str(seed_dir), docs=docs, engine=engine, seed=seed,
                               config_path=str(config) if config else None, store_path=str(settings.store))
    except (SeedFolderError, SchemaError) as exc:
        raise UserError(str(exc)) from None
    if as_json:
        console.print_json(summary.model_dump_json())
        return
    table = Table(title=f"domain-build {summary.collection} run {summary.run_id} (engine: {summary.engine})")
    table.add_column("type")
    table.add_column("items", justify="right")
    for qtype, n in summary.items_by_type.items():
        table.add_row(qtype, str(n))
    console.print(table)
    console.print(f"documents {summary.documents} ({summary.new_documents} new), items {summary.items} "
                  f"({summary.new_items} new), failures {summary.failures}, rejections "
                  f"{ {k: v for k, v in summary.rejections.items() if v} }, skipped filters {summary.skipped_filters}",
                  markup=False, highlight=False)
    released = ", ".join(f"{c}@{v}" for c, v in summary.releases.items()) or "nothing new"
    console.print(f"released: {released}", markup=False, highlight=False)


# ------------------------------------------------------------ Know Your RAG
@app.command("statements")
def statements_cmd(
    input_dir: Annotated[Optional[Path], typer.Option("--input", help="folder of .txt / .md files, one context each")] = None,
    collection: Annotated[Optional[str], typer.Option("--collection", help="C@V: a release's texts as the contexts")] = None,
    types: Annotated[Optional[str], typer.Option("--types", help="comma-separated: fact_single,summary,reasoning (default: all)")] = None,
    engine: Annotated[Optional[str], typer.Option(help="rules | llm | auto | t5 (a registered model, with --model; filters then run on the configured engine)")] = None,
    seed: Annotated[Optional[int], typer.Option(help="random seed of the statement choice (default 13)")] = None,
    model: Annotated[Optional[str], typer.Option("--model", help="with --engine t5: a registered model (id, name or name/version; see `benchmill models`)")] = None,
    config: ConfigOpt = None,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Know Your RAG statement extraction: statements, questions, labels, critiques, release kyr-<lang>."""
    t5 = engine == "t5"
    if t5 and not model:
        raise UserError("statements: --engine t5 needs --model (a registered model: id, name or name/version; see `benchmill models`)")
    settings = settings_for(config, store, engine=None if t5 else engine)
    from flows.statements import StatementsInputError, input_files, parse_types
    from tasks.knowyourrag.spec import kyr_collection

    if (input_dir is None) == (collection is None):
        raise UserError("statements: pass either --input DIR (a folder of .txt / .md files) or --collection C@V")
    try:
        if input_dir is not None:
            input_files(input_dir)  # bad input: one line naming the folder, before any work
        else:
            from benchmill.releases import resolve
            from benchmill.store import Store

            reader = Store.reader(settings.store)
            try:
                resolve(reader, collection)  # an unknown release: one line, before any work
            finally:
                reader.close()
        if t5:
            from benchmill.store import Store

            reader = Store.reader(settings.store)
            try:
                if reader.model(model) is None:  # an unknown model: one line, before any work
                    raise UserError(f"statements: --model {model}: no such registered model (see `benchmill models`)")
            finally:
                reader.close()
        parse_types(types)
    except StatementsInputError as exc:
        raise UserError(str(exc)) from None
    kyr_collection("en", settings.generators.kyr.filters)  # [generators.kyr.filters.*] validates before any work
    _preflight(settings)
    if not as_json:
        say_where(settings, releases=settings.releases_dir)
    from benchmill.orchestration import tie_temporary_server_to_this_process
    from flows.statements import statements

    tie_temporary_server_to_this_process()
    summary = statements(input_dir=str(input_dir) if input_dir else None, collection=collection, types=parse_types(types), engine=engine, seed=seed,
                         config_path=str(config) if config else None, store_path=str(settings.store), model=model)
    if as_json:
        console.print_json(summary.model_dump_json())
        return
    table = Table(title=f"kyr-statements run {summary.run_id} (engine: {summary.engine})")
    for col in ("type", "items", "accepted", "skipped", "LLM calls/item", "tokens/item"):
        table.add_column(col, justify="left" if col == "type" else "right")
    for qtype in summary.types:
        u = summary.usage_by_type.get(qtype)
        table.add_row(qtype, str(summary.items_by_type.get(qtype, 0)), str(summary.accepted_by_type.get(qtype, 0)),
                      str(sum(summary.skipped_by_type.get(qtype, {}).values())),
                      f"{u.calls_per_item:g}" if u else "-", f"{u.tokens_per_item:g}" if u else "-")
    console.print(table)
    for qtype, reasons in summary.skipped_by_type.items():
        for reason, n in reasons.items():
            console.print(f"skipped {qtype}: {n} × {reason}", markup=False, highlight=False)
    console.print(f"contexts {summary.contexts} ({summary.new_contexts} new), items {summary.items} "
                  f"({summary.new_items} new), accepted {summary.accepted}, failures {summary.failures}, rejections "
                  f"{ {k: v for k, v in summary.rejections.items() if v} }, skipped filters {summary.skipped_filters}",
                  markup=False, highlight=False)
    console.print(f"LLM: {summary.llm.calls} calls, {summary.usage_per_item['calls_per_item']:g} calls and "
                  f"{summary.usage_per_item['tokens_per_item']:g} tokens per accepted item", markup=False, highlight=False)
    released = ", ".join(f"{c}@{v}" for c, v in summary.releases.items()) or "nothing new"
    console.print(f"released: {released}", markup=False, highlight=False)


@app.command("labels")
def labels_cmd(ref: str, config: ConfigOpt = None, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """The taxonomy label mix of a release's items (C@V), and the mix per requested type, from stored verdicts."""
    from benchmill.releases import release_items, resolve
    from tasks.filters.kyr_label import CODE_PREFIX, FILTER_NAME

    _, st = _reader(config, store)
    collection, version = resolve(st, ref)
    items = [i for _, i in release_items(st, collection, version)]
    type_of = {i.item_id: i.type for i in items}
    mix: dict[str, dict[str, int]] = {}
    labelled = 0
    for v in st.verdicts(list(type_of)):
        if v.filter != FILTER_NAME or not v.code.startswith(CODE_PREFIX):
            continue
        labelled += 1
        label = v.code[len(CODE_PREFIX):]
        for key in ("all", type_of[v.item_id]):
            mix.setdefault(key, {}).setdefault(label, 0)
            mix[key][label] += 1
    mix = {k: dict(sorted(c.items())) for k, c in sorted(mix.items())}
    out = {"release": f"{collection}@{version}", "items": len(items), "labelled": labelled, "mix": mix}
    if as_json:
        console.print_json(json.dumps(out))
        return
    console.print(f"{collection}@{version}: {labelled} of {len(items)} items labelled", markup=False, highlight=False)
    if not labelled:
        console.print("no labels stored (the label filter needs the llm engine)", markup=False, highlight=False)
        return
    labels = sorted({lab for c in mix.values() for lab in c})
    table = Table(title="label mix per requested type")
    table.add_column("requested")
    for lab in labels:
        table.add_column(lab, justify="right")
    for requested, counts in mix.items():
        table.add_row(requested, *(str(counts.get(lab, 0)) for lab in labels))
    console.print(table)


@app.command("train-generator")
def train_generator_cmd(
    base_model: Annotated[Path, typer.Option("--base-model", help="local seq2seq base model folder (e.g. flan-t5-large)")],
    source: Annotated[Optional[list[str]], typer.Option("--from", help="C@V whose released kyr items train (repeatable; default: the latest release of every kyr-* collection)")] = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="model root (default: <home>/models); versions go to <out>/<name>/vNNNN/")] = None,
    name: Annotated[str, typer.Option(help="model name")] = "kyr-t5",
    epochs: Annotated[int, typer.Option(min=1)] = 3,
    max_steps: Annotated[Optional[int], typer.Option("--max-steps", min=1, help="stop after this many optimizer steps")] = None,
    seed: Annotated[int, typer.Option(help="split and training seed")] = 13,
    hold_out: Annotated[Optional[str], typer.Option("--hold-out", help="C@V whose items are held out of training (the paper's generalisation protocol)")] = None,
    config: ConfigOpt = None,
    store: StoreOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Train the Know Your RAG LoRA generator on released (accepted) kyr items; save a versioned adapter and register it."""
    from flows.train_generator import TrainGeneratorError, train_generator
    from tasks.knowyourrag.trainer import TrainerError

    settings = settings_for(config, store)
    from benchmill.orchestration import tie_temporary_server_to_this_process

    tie_temporary_server_to_this_process()
    try:
        summary = train_generator(base_model=str(base_model), sources=source, out=str(out) if out else None, name=name,
                                  epochs=epochs, max_steps=max_steps, seed=seed, hold_out=hold_out,
                                  config_path=str(config) if config else None, store_path=str(settings.store))
    except (TrainerError, TrainGeneratorError) as exc:
        raise UserError(str(exc) if str(exc).startswith("train-generator") else f"train-generator: {exc}") from None
    report = {"model_dir": summary.model_dir, "version": summary.version, "releases": summary.releases,
              "items": summary.items, "train": summary.train, "validation": summary.validation,
              "model_id": summary.model.model_id, "registered": summary.registered, "card": summary.card}
    if as_json:
        console.print_json(json.dumps(report, default=str))
        return
    console.print(f"trained {name} {summary.version} on {summary.train} examples ({summary.validation} validation) "
                  f"from {', '.join(summary.releases)}: {summary.model_dir}", markup=False, highlight=False)
    console.print(f"model {summary.model.model_id} ({summary.model.ref}) "
                  f"{'registered' if summary.registered else 'already registered'}; generate with "
                  f"`benchmill statements --engine t5 --model {summary.model.ref}`", markup=False, highlight=False)


def _preflight(settings: Settings) -> None:
    """Fail fast, before a flow run starts, on what would only fail it later: a store
    another run holds, an LLM endpoint that is down or does not serve the model."""
    from benchmill.engines import EngineConfig
    from benchmill.store import Store

    Store.writer(settings.store, "preflight").close()
    engine = EngineConfig.from_settings(settings)
    if engine.kind == "llm":
        engine.client().check_endpoint()


def _print_daily_summary(summary) -> None:
    table = Table(title=f"daily-news run {summary.run_id} (engine: {summary.engine})")
    table.add_column("stage")
    table.add_column("count", justify="right")
    for label, value in [
        ("documents fetched", summary.fetched), ("new documents", summary.new_documents),
        ("changed documents", summary.changed_documents), ("increment (versions)", summary.increment),
        ("triplets", summary.triplets), ("novel triplets", summary.novel_triplets), ("new edges", summary.edges),
        ("subgraphs", summary.subgraphs),
        ("subgraph candidates passed over (reuse caps, repeated facts)",
         sum(row["candidates"] for row in summary.sampler_drop_rows())),
        ("new items", summary.new_items),
    ]:
        table.add_row(label, str(value))
    for stage, n in summary.failures_by_stage.items():
        table.add_row(f"failed at {stage}", str(n))
    console.print(table)
    types = Table(title="new items per type")
    types.add_column("type")
    types.add_column("items", justify="right")
    for t, n in summary.items_by_type.items():
        types.add_row(t, str(n))
    console.print(types)
    rej = Table(title="filter rejections (new items)")
    rej.add_column("filter")
    rej.add_column("rejected", justify="right")
    rej.add_column("note")
    from benchmill.filtering import get_filter

    for f, n in summary.rejections.items():
        note = ("skipped: needs llm" if get_filter(f).needs_llm else "skipped: needs model") if f in summary.skipped_filters else ""
        rej.add_row(f, str(n), note)
    console.print(rej)
    if summary.releases:
        for c, v in summary.releases.items():
            console.print(f"released [bold]{c}@{v}[/bold]")
    else:
        console.print("no new release: nothing new was accepted")
    console.print(f"LLM: {summary.llm.calls} calls, {summary.llm.cached} cached, "
                  f"{summary.llm.prompt_tokens + summary.llm.completion_tokens} tokens")
    if summary.failures:
        console.print(f"{summary.failures} inputs failed, each with a recorded reason: `benchmill failures` lists them")


# -------------------------------------------------------------------- releases
def _reader(config: Path | None, store: Path | None):
    from benchmill.store import Store

    settings = settings_for(config, store)
    return settings, Store.reader(settings.store)


@releases_app.command("list")
def releases_list(config: ConfigOpt = None, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """Every release, per collection, oldest first."""
    from benchmill.releases import list_releases

    _, st = _reader(config, store)
    rows = list_releases(st)
    if as_json:
        console.print_json(json.dumps(rows, default=str))
        return
    table = Table(title="releases")
    for col in ("collection", "version", "parent", "created_at", "questions", "texts"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["collection"], r["version"], r["parent"] or "", str(r["created_at"])[:19], str(r["questions"]),
                      str(r["texts"]))
    console.print(table)


@releases_app.command("show")
def releases_show(ref: Annotated[str, typer.Argument(help="COLLECTION@VERSION (or COLLECTION for the latest)")],
                  config: ConfigOpt = None, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """A release's manifest and a few of its questions."""
    from benchmill.releases import manifest, release_dir, release_items, resolve

    settings, st = _reader(config, store)
    collection, version = resolve(st, ref)
    m = manifest(st, collection, version)
    sample = [{"id": pid, "type": it.type, "question": it.question, "answer": ", ".join(it.answers)}
              for pid, it in release_items(st, collection, version)[:5]]
    if as_json:
        console.print_json(json.dumps({"manifest": m.model_dump(mode="json"), "sample": sample,
                                       "path": str(release_dir(settings, collection, version))}))
        return
    console.print(f"[bold]{collection}@{version}[/bold] (parent {m.parent or '-'}) created {m.created:%Y-%m-%d %H:%M}")
    console.print(f"{m.questions} questions, {m.texts} texts · by type: {m.counts_by_type}")
    table = Table(title="filters")
    for col in ("filter", "evaluated", "passed", "rejected", "skipped", "errors", "pass rate"):
        table.add_column(col)
    for f, s in m.filters.items():
        table.add_row(f, str(s.evaluated), str(s.passed), str(s.rejected), str(s.skipped), str(s.errors),
                      f"{s.pass_rate:.0%}" if s.pass_rate is not None else (s.skipped_reason or "-"))
    console.print(table)
    if m.skipped_filters:
        console.print(f"skipped filters: {', '.join(m.skipped_filters)}")
    for q in sample:
        console.print(f"  [{q['type']}] {q['question']}  →  {q['answer']}")
    console.print(f"files: {release_dir(settings, collection, version)}")


@releases_app.command("diff")
def releases_diff(a: str, b: str, config: ConfigOpt = None, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """What changed between two releases (C@V1 C@V2)."""
    from benchmill.releases import diff

    _, st = _reader(config, store)
    d = diff(st, a, b)
    if as_json:
        console.print_json(json.dumps(d))
        return
    console.print(f"{d['a']} → {d['b']}: questions +{d['questions_added']} −{d['questions_removed']}, "
                  f"texts +{d['texts_added']} −{d['texts_removed']} (shared {d['texts_shared']})")
    for t, c in d["by_type"].items():
        console.print(f"  {t:<12} {c['a']:>5} → {c['b']}")
    for q in d["sample_added"]:
        console.print(f"  + {q}")


@releases_app.command("export")
def releases_export(ref: str, out_dir: Path, config: ConfigOpt = None, store: StoreOpt = None) -> None:
    """Write a release's public/, private/ and manifest.json to OUT_DIR."""
    from benchmill.releases import export, resolve

    _, st = _reader(config, store)
    collection, version = resolve(st, ref)
    try:
        m = export(st, collection, version, out_dir)
    except OSError as exc:  # read-only folder, disk full, ...
        raise UserError(f"cannot export {collection}@{version} to {out_dir}: {_os_error(exc)}") from None
    console.print(f"exported {collection}@{version} ({m.questions} questions, {m.texts} texts) to {out_dir}")


# ------------------------------------------------------------------------ runs
@app.command()
def runs(limit: int = 20, config: ConfigOpt = None, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """Recent flow runs with their status and LLM usage."""
    _, st = _reader(config, store)
    rows = st.runs(limit)
    if as_json:
        console.print_json(json.dumps(rows, default=str))
        return
    table = Table(title="runs")
    for col in ("run_id", "flow", "status", "started", "ended", "llm calls", "cached", "tokens"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["run_id"][:36], r["flow"], r["status"], str(r["started_at"])[:19], str(r["ended_at"] or "")[:19],
                      str(r["llm_calls"]), str(r["llm_cached"]), str((r["prompt_tokens"] or 0) + (r["completion_tokens"] or 0)))
    console.print(table)


@app.command()
def failures(run_id: Annotated[Optional[str], typer.Argument(help="a run id (default: the latest run)")] = None,
             stage: Annotated[Optional[str], typer.Option(help="only this stage")] = None,
             config: ConfigOpt = None, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """Inputs a run could not use (a feed, page, document, LLM reply...), each with its reason;
    items a filter could not decide (verdict ``error``) show as stage ``filter:NAME``."""
    settings, st = _reader(config, store)
    if run_id is None:
        latest = st.runs(1)
        if not latest:
            raise UserError("the store has no runs yet")
        run_id = latest[0]["run_id"]
    elif not any(r["run_id"] == run_id for r in st.runs(1_000_000)):
        raise UserError(f"no run {run_id} in store {settings.store}")
    rows = [f for f in st.failures(run_id) + st.error_verdicts(run_id) if stage is None or f.stage == stage]
    if as_json:
        console.print_json(json.dumps([f.model_dump() for f in rows]))
        return
    table = Table(title=f"failures of run {run_id}")
    for col in ("stage", "input", "kind", "reason"):
        table.add_column(col)
    for f in rows:
        table.add_row(f.stage, f.key, f.kind, f.reason)
    console.print(table)


@app.command()
def where(config: ConfigOpt = None, store: StoreOpt = None, as_json: JsonOpt = False) -> None:
    """Where benchmill reads its settings and writes its state (home, store, releases, caches, reports)."""
    from benchmill.settings import default_config

    settings = settings_for(config, store)
    cfg = config if config is not None else default_config()
    places = {
        "home": settings.home, "config": cfg.resolve() if cfg else None, "store": settings.store,
        "releases_dir": settings.releases_dir, "reports_dir": settings.reports_dir,
        "llm_cache": settings.llm.cache_path, "embedding_cache": settings.embedding.cache_path,
        "wikidata_index": settings.wikidata.index, "prefect_home": Path(os.environ["PREFECT_HOME"]),
        "prefect_results": Path(os.environ["PREFECT_LOCAL_STORAGE_PATH"]),
    }
    if as_json:
        console.print_json(json.dumps({k: str(v) if v is not None else None for k, v in places.items()}))
        return
    for k, v in places.items():
        console.print(f"{k:<16} {v if v is not None else '-'}", markup=False, highlight=False)


# -------------------------------------------------------------- prefect server
@app.command()
def server(config: ConfigOpt = None) -> None:
    """Start the Prefect server + UI on 127.0.0.1 with the project's PREFECT_HOME."""
    settings = settings_for(config)
    port = str(settings.prefect.server_port)
    api = f"http://127.0.0.1:{port}/api"
    # `--port` alone leaves the UI calling the default port's API: tell it where its API is
    env = {**os.environ, "PREFECT_SERVER_API_HOST": "127.0.0.1", "PREFECT_SERVER_API_PORT": port,
           "PREFECT_UI_API_URL": api}
    console.print(f"Prefect UI: http://127.0.0.1:{port}/ (PREFECT_HOME={os.environ['PREFECT_HOME']}); "
                  f"serve against it with PREFECT_API_URL={api} benchmill serve")
    sys.stdout.flush()
    # exec, not a child: a SIGKILL of this process stops the server too, nothing is left holding the port
    os.execve(sys.executable, [sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1",
                               "--port", port], env)


@app.command()
def serve(config: ConfigOpt = None) -> None:
    """Serve every flow as a deployment (daily news on its cron, the rest on demand) so the UI can Retry runs."""
    settings = settings_for(config)
    os.environ.setdefault("PREFECT_API_URL", f"http://127.0.0.1:{settings.prefect.server_port}/api")
    from flows.deployments import serve_all

    console.print(f"serving deployments against {os.environ['PREFECT_API_URL']} (daily cron: {settings.schedule})")
    serve_all(settings, config)


# ------------------------------------------------------------ wikidata, schemas
@wikidata_app.command("index")
def wikidata_index(dump: Annotated[Optional[Path], typer.Option(help="dump file (.json/.json.bz2/.json.gz)")] = None,
                   config: ConfigOpt = None) -> None:
    """Build (or confirm up to date) the DuckDB index of the local Wikidata dump."""
    from tasks.dragon.wikidata import WikidataIndex

    settings = settings_for(config)
    dump = dump or settings.wikidata.dump
    if not dump.exists():
        raise UserError(f"Wikidata dump {dump} does not exist")
    WikidataIndex.build(dump, settings.wikidata.index)
    console.print(f"index {settings.wikidata.index} is up to date with {dump}")


@schemas_app.command("export")
def schemas_export(out_dir: Path = Path("schemas/json")) -> None:
    """Write the JSON Schema of every record model to OUT_DIR."""
    from schemas.export import export_json_schemas

    written = export_json_schemas(out_dir)
    console.print(f"wrote {len(written)} JSON Schemas to {out_dir}")


def _register_subcommands() -> None:
    from cli import autoeval, evaluate, judge, knowyourrag, portal, quality, removals

    evaluate.register(app)
    judge.register(app)
    autoeval.register(app)
    knowyourrag.register(app)
    portal.register(app)
    quality.register(app)
    removals.register(app)


_register_subcommands()


def main() -> None:
    from benchmill.llm import LLMUnavailable
    from benchmill.releases import ReleaseError
    from benchmill.store import StoreError
    from tasks.dragon.wikidata import WikidataError

    # a flow that fails inside Prefect re-raises the task's own exception, so these are
    # caught the same whether they came from the CLI or from a stage
    user_facing = (UserError, SettingsError, StoreError, ReleaseError, LLMUnavailable, WikidataError,
                   OSError)
    try:
        code = app(standalone_mode=False, prog_name="benchmill")
    except user_facing as exc:
        _fail(exc)
    except Exception as exc:
        click_exc = _click_exceptions()
        if isinstance(exc, click_exc.UsageError):
            _usage_error(exc)
        if isinstance(exc, click_exc.ClickException):
            exc.show()
            raise SystemExit(exc.exit_code) from None
        if isinstance(exc, _click_abort()):  # Ctrl-C at a prompt
            raise SystemExit(130) from None
        raise
    if isinstance(code, int) and code:
        raise SystemExit(code)


def _click_abort() -> type:
    """click's Abort: typer's vendored click defines it in core, not in exceptions (typer 0.29)."""
    try:
        from typer._click.core import Abort
    except ImportError:
        from click.exceptions import Abort
    return Abort


def _click_exceptions():
    try:
        from typer._click import exceptions  # typer >= 0.2x vendors its own click
    except ImportError:
        from click import exceptions
    return exceptions


def _usage_error(exc) -> None:
    """A mistyped command line: one line naming the input and where help is, exit 2."""
    if isinstance(exc, _click_exceptions().NoSuchOption):
        message = f"no such option {exc.option_name}"
        if exc.possibilities:
            message += f" (did you mean {', '.join(sorted(exc.possibilities))}?)"
    else:
        message = " ".join(exc.format_message().split()).rstrip(".")
        if not message:  # no arguments: the help was printed
            raise SystemExit(exc.exit_code) from None
        message = message[:1].lower() + message[1:]
    path = exc.ctx.command_path if exc.ctx is not None else "benchmill"
    print(f"benchmill: {message} (see {path} --help)", file=sys.stderr, flush=True)
    raise SystemExit(2) from None


def _os_error(exc: OSError) -> str:
    """``No space left on device: /x/y`` rather than ``[Errno 28] ...``."""
    if exc.strerror:
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    return str(exc)


def _fail(exc: BaseException) -> None:
    # plain stderr, never wrapped: the error is one line a script can grep
    message = " ".join((_os_error(exc) if isinstance(exc, OSError) else str(exc)).split())
    print(f"benchmill: error: {message}", file=sys.stderr, flush=True)
    raise SystemExit(2) from None
