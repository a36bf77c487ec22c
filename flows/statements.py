"""Know Your RAG statement extraction (issue 9) on the shared generator contract.

    folder of .txt / .md files (each file one context) -> passages -> statements + questions
    -> filters (question checks; label and four critiques with the llm engine) -> release kyr-<lang>

The contexts are stored as passages (kind ``generated_document``, method ``kyr``; doc id
``kyr-file:<file name>``), items cite them. Item ids come from the context text, type,
engine and seed, so the same folder makes the same items: a second run releases nothing new
and a killed run rerun finishes it. A file that cannot be read as text (binary, not UTF-8)
fails that context only, with a one-line reason. The run summary carries the LLM cost per
accepted item and per type ("Cost is a number"), the label mix and the skipped types.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

from prefect import flow
from pydantic import BaseModel

from benchmill.engines import EngineConfig
from benchmill.faults import checkpoint
from benchmill.nlp import detect_language
from benchmill.orchestration import stage
from benchmill.runs import GeneratorRun, RunSummary, generator_run
from benchmill.settings import load_settings
from schemas import Failure, Item, LLMUsage, Passage
from schemas.documents import passage_id
from schemas.knowyourrag import QUESTION_TYPES, KyrBatch, KyrContext
from tasks.filters.kyr_label import CODE_PREFIX
from tasks.filters.kyr_label import FILTER_NAME as LABEL_FILTER
from tasks.knowyourrag.baseline import TYPE as BASELINE
from tasks.knowyourrag.baseline import generate_baseline
from tasks.knowyourrag.spec import FILTERS, METHOD, kyr_collection
from tasks.knowyourrag.statements import ExtractionConfig, extract_statements
from tasks.knowyourrag.trainer import t5_generate

statements_stage = stage(extract_statements, name="kyr-statements")
t5_stage = stage(t5_generate, name="kyr-t5")
baseline_stage = stage(generate_baseline, name="kyr-baseline")

SUFFIXES = (".txt", ".md")
STAGE_INPUT = "kyr-input"


class StatementsInputError(ValueError):
    """A bad --input folder or --types value (one line naming it; nothing was run)."""


class TypeUsage(BaseModel):
    accepted: int
    calls: float
    tokens: float
    calls_per_item: float
    tokens_per_item: float


class StatementsSummary(RunSummary):
    input_dir: str
    types: list[str]
    contexts: int
    new_contexts: int
    items: int
    new_items: int
    accepted: int
    accepted_by_type: dict[str, int]
    skipped_by_type: dict[str, dict[str, int]]
    label_mix: dict[str, dict[str, int]]
    #: the run's LLM calls and tokens (generation + filters) per accepted item
    usage_per_item: dict[str, float]
    #: generation calls / tokens per type (its question and statement steps, plus an even share of
    #: the shared theme and facts steps), per accepted item of that type
    usage_by_type: dict[str, TypeUsage]


def parse_types(types: list[str] | str | None) -> list[str]:
    if types is None:
        return list(QUESTION_TYPES)
    names = [t.strip() for t in (types.split(",") if isinstance(types, str) else types) if t.strip()]
    # "baseline": also the single-prompt baseline on the same contexts (labelled, not released), so
    # that `benchmill compare-labels` reads the two generators' label mixes side by side
    bad = [t for t in names if t not in QUESTION_TYPES + (BASELINE,)]
    if bad or not names:
        raise StatementsInputError(f"--types {','.join(names) or '(empty)'}: unknown type(s) {', '.join(bad) or '(none given)'}; "
                                   f"known: {', '.join(QUESTION_TYPES + (BASELINE,))}")
    return list(dict.fromkeys(names))


def input_files(input_dir: str | Path) -> list[Path]:
    root = Path(input_dir)
    if not root.is_dir():
        raise StatementsInputError(f"{root}: not a folder (--input takes a folder of .txt / .md files)")
    files = sorted(p for p in root.iterdir() if p.is_file() and p.suffix.lower() in SUFFIXES)
    if not files:
        raise StatementsInputError(f"{root}: no .txt or .md files")
    return files


def read_context(path: Path) -> tuple[KyrContext | None, str | None]:
    """The file as one context, or ``(None, one-line reason)`` for a file that is not readable text."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, f"{path.name}: cannot read: {exc.strerror or exc}"
    if b"\x00" in data:
        return None, f"{path.name}: binary file (NUL bytes), not text"
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, f"{path.name}: not UTF-8 text (byte {exc.start})"
    title = None
    lines = text.strip().splitlines()
    if path.suffix.lower() == ".md" and lines and lines[0].startswith("#"):
        title, text = lines[0].lstrip("#").strip(), "\n".join(lines[1:]).strip()
    doc_id = f"kyr-file:{path.name}"
    return KyrContext(context_id=doc_id, doc_id=doc_id, text=text, lang=detect_language(text), title=title), None


@flow(name="kyr-statements", log_prints=True)
def statements(input_dir: str | None = None, collection: str | None = None, types: list[str] | None = None,
               engine: str | None = None, seed: int | None = None, config_path: str | None = None,
               store_path: str | None = None, model: str | None = None) -> StatementsSummary:
    """Know Your RAG statement extraction over INPUT_DIR (one context per .txt / .md file),
    filtered and released as kyr-<lang>. ``engine="t5"`` generates with the registered
    model MODEL (id, name or name/version) instead; its items go through the same filters,
    which run on the settings' engine."""
    if (input_dir is None) == (collection is None):
        raise StatementsInputError("statements: pass either --input DIR or --collection C@V")
    t5 = engine == "t5"
    if t5 and not model:
        raise StatementsInputError("statements: --engine t5 needs --model (a registered model: id, name or "
                                   "name/version; see `benchmill models`)")
    settings = load_settings(Path(config_path) if config_path else None, engine=None if t5 else engine,
                             store=Path(store_path) if store_path else None)
    # bad input raises here, naming the folder, before the run starts
    files = input_files(input_dir) if input_dir is not None else []
    wanted = parse_types(types)
    config = ExtractionConfig(types=[t for t in wanted if t != BASELINE], **({"seed": seed} if seed is not None else {}))
    filter_configs = settings.generators.kyr.filters
    for lang in ("en", "ru"):
        kyr_collection(lang, filter_configs)  # filter settings validate before any work
    source = str(Path(input_dir).resolve()) if input_dir is not None else str(collection)
    params = {"input_dir" if input_dir is not None else "collection": source, "types": wanted, "seed": config.seed}
    if t5:
        params["generator"] = f"t5:{model}"
    with generator_run("kyr-statements", settings, params) as run:
        generator = None
        if t5:
            record = run.store.model(model)
            if record is None:
                raise StatementsInputError(f"--model {model}: no such registered model (see `benchmill models`)")
            generator = EngineConfig.t5(record)
        return run.complete(_run(run, files, config, filter_configs, source, collection, generator,
                                 baseline=BASELINE in wanted))


def release_contexts(store, ref: str) -> list[KyrContext]:
    """A release's texts as contexts (they cite the released documents; no passage is written)."""
    from benchmill.releases import release_texts, resolve

    name, version = resolve(store, ref)
    return [KyrContext(context_id=t["doc_id"], doc_id=t["doc_id"], text=t["text"], title=t["title"] or None,
                       lang=detect_language(t["text"]), collection=f"{name}@{version}")
            for t in release_texts(store, name, version)]


def _run(run: GeneratorRun, files: list[Path], config: ExtractionConfig, filter_configs, input_dir: str,
         collection: str | None = None, generator: EngineConfig | None = None,
         baseline: bool = False) -> StatementsSummary:
    # the generation engine: a registered t5 model when given, else the run's (which also runs the filters)
    store, engine, clock = run.store, generator or run.engine, run.clock
    # 1. contexts: one per readable file, stored as passages the items cite (or a release's texts)
    with clock.stage("contexts"):
        contexts: list[KyrContext] = release_contexts(store, collection) if collection is not None else []
        bad: list[Failure] = []
        for path in files:
            ctx, reason = read_context(path)
            if ctx is None:
                bad.append(Failure(stage=STAGE_INPUT, key=str(path), reason=reason))
            else:
                contexts.append(ctx)
        run.recorded(bad)
        passages = [_passage(c, input_dir) for c in contexts if c.text.strip() and collection is None]
        new_contexts = store.write_passages(passages, run.run_id, ready=True)
        hashes = {c.doc_id: hashlib.sha256(c.text.encode()).hexdigest() for c in contexts}
    checkpoint("contexts")
    # 2. statements and questions (rules: fact_single; llm: the five prompts per context)
    with clock.stage("statements"):
        batch = KyrBatch()
        if config.types:
            fut = (t5_stage if engine.kind == "t5" else statements_stage).submit(contexts, engine, config)
            batch = fut.result()
            run.add_usage(batch.usage, fut)
        base = KyrBatch()
        if baseline:  # the paper's comparison point, on the same contexts (llm only; else skipped)
            bfut = baseline_stage.submit(contexts, engine, config)
            base = bfut.result()
            run.add_usage(base.usage, bfut)
            batch = batch.model_copy(update={"items": batch.items + base.items, "failures": batch.failures + base.failures,
                                             "skipped": batch.skipped + base.skipped})
        run.recorded(batch.failures)
        items = [i.model_copy(update={"lineage": i.lineage.model_copy(
                     update={"source_hashes": [hashes[d] for d in i.doc_ids if d in hashes]})}) for i in batch.items]
        new_items = store.write_items(items, run.run_id)
    checkpoint("items")
    # 3-4. the filter stack over every language the run wrote, then one release per collection
    langs = sorted({i.lang for i in items}) or sorted({c.lang for c in contexts}) or ["en"]
    collections = [kyr_collection(lang, filter_configs) for lang in langs]
    run.filter(collections)
    releases = run.release(collections)
    verdicts = store.verdicts([i.item_id for i in items])
    rejected = Counter(v.filter for v in verdicts if v.status == "rejected")
    not_ok = {v.item_id for v in verdicts if v.status in ("rejected", "error")}
    accepted = [i for i in items if i.item_id not in not_ok]
    type_of = {i.item_id: i.type for i in items}
    mix = _mix([(type_of[v.item_id], v.code[len(CODE_PREFIX):]) for v in verdicts
                if v.filter == LABEL_FILTER and v.code.startswith(CODE_PREFIX)])
    spent = run.usage.total()
    skipped: dict[str, Counter] = {}
    for s in batch.skipped:
        skipped.setdefault(s.type, Counter())[s.reason] += 1
    summary = StatementsSummary(
        **{**run.summary_fields(items, {f: rejected.get(f, 0) for f in FILTERS}, releases), "engine": engine.kind},
        input_dir=input_dir, types=list(config.types) + ([BASELINE] if baseline else []), contexts=len(contexts),
        new_contexts=new_contexts, items=len(items), new_items=new_items, accepted=len(accepted),
        accepted_by_type=dict(sorted(Counter(i.type for i in accepted).items())),
        skipped_by_type={t: dict(c) for t, c in sorted(skipped.items())},
        label_mix=mix, usage_per_item=_per_item(spent, len(accepted)),
        usage_by_type=_usage_by_type(batch.usage_by_step, list(config.types), accepted),
    )
    if baseline:
        n_base = sum(1 for i in base.items if i.item_id not in not_ok)
        tokens = base.usage.prompt_tokens + base.usage.completion_tokens
        summary.usage_by_type[BASELINE] = TypeUsage(accepted=n_base, calls=base.usage.calls, tokens=tokens,
                                                    calls_per_item=round(base.usage.calls / max(n_base, 1), 4),
                                                    tokens_per_item=round(tokens / max(n_base, 1), 2))
    run.artifacts({"items-by-type": [{"type": t, "items": n, "accepted": summary.accepted_by_type.get(t, 0)}
                                     for t, n in summary.items_by_type.items()],
                   "usage-by-type": [{"type": t, **u.model_dump()} for t, u in summary.usage_by_type.items()],
                   "failures": [f.model_dump() for f in run.failures[:200]]},
                  f"# kyr-statements\n\n{len(contexts)} contexts, {len(items)} items ({len(accepted)} accepted), "
                  f"{len(run.failures)} failures; releases: {releases or 'none new'}\n")
    return summary


def _passage(c: KyrContext, input_dir: str) -> Passage:
    content_hash = hashlib.sha256(c.text.encode()).hexdigest()
    return Passage(passage_id=passage_id("generated_document", c.doc_id, content_hash), doc_id=c.doc_id,
                   kind="generated_document", method=METHOD, lang=c.lang, title=c.title or "", text=c.text,
                   content_hash=content_hash, lineage={"source": "folder", "input_dir": input_dir,
                                                       "file": c.doc_id.split(":", 1)[1]})


def _mix(pairs: list[tuple[str, str]]) -> dict[str, dict[str, int]]:
    out: dict[str, Counter] = {"all": Counter()}
    for requested, label in pairs:
        out["all"][label] += 1
        out.setdefault(requested, Counter())[label] += 1
    return {k: dict(sorted(c.items())) for k, c in sorted(out.items())} if pairs else {}


def _per_item(usage: LLMUsage, accepted: int) -> dict[str, float]:
    n = max(accepted, 1)
    return {"calls_per_item": round(usage.calls / n, 4),
            "tokens_per_item": round((usage.prompt_tokens + usage.completion_tokens) / n, 2), "accepted": accepted}


_OWN_STEP = {"summary": "summary", "reasoning": "reasoning"}


def _usage_by_type(by_step: dict[str, LLMUsage], types: list[str], accepted: list[Item]) -> dict[str, TypeUsage]:
    shared = [by_step[s] for s in ("theme", "facts") if s in by_step]
    out = {}
    counts = Counter(i.type for i in accepted)
    for t in types:
        own = [u for u in (by_step.get(f"question:{t}"), by_step.get(_OWN_STEP.get(t, ""))) if u is not None]
        calls = sum(u.calls for u in own) + sum(u.calls for u in shared) / len(types)
        tokens = (sum(u.prompt_tokens + u.completion_tokens for u in own)
                  + sum(u.prompt_tokens + u.completion_tokens for u in shared) / len(types))
        n = counts.get(t, 0)
        out[t] = TypeUsage(accepted=n, calls=round(calls, 4), tokens=round(tokens, 2),
                           calls_per_item=round(calls / max(n, 1), 4), tokens_per_item=round(tokens / max(n, 1), 2))
    return out
