"""RAGEval's domain build (Zhu et al. 2024, Fig. 2) on the shared generator contract.

    seed folder -> schema summary -> configs -> documents -> QRA (+ refinement) -> keypoints
    -> filters -> release <domain>-<lang> (common export + RAGEval documents/queries JSONL)

Each stage is a pure function from tasks/rageval/, run as a cached Prefect task; the run
(lock, run record, usage, failures, filter stack, release) is benchmill.runs'. Documents
are stored as passages (kind generated_document) and QRA items as items citing them, with
content-derived ids: the same seed folder, document count and seed make the same texts
and items, so a second build releases nothing new and a killed build rerun finishes it.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

from prefect import flow

from benchmill.faults import checkpoint
from benchmill.orchestration import stage
from benchmill.prompts import prompt_hash
from benchmill.runs import GeneratorRun, RunSummary, generator_run
from benchmill.settings import load_settings
from schemas import Failure, Item, Lineage, Passage
from schemas.documents import passage_id
from schemas.rageval import Document, DomainSpec, QRAItem, SeedFolder, StageFailure
from tasks.rageval.configs import generate_configs
from tasks.rageval.documents import generate_documents
from tasks.rageval.keypoints import generate_keypoints
from tasks.rageval.qra import generate_qra
from tasks.rageval.seeds import SeedFolderError, check_template, load_seed_folder
from tasks.rageval.spec import FILTERS, domain_collection, method_for
from tasks.rageval.summary import summarize

schema_stage = stage(summarize, name="schema-summary")
configs_stage = stage(generate_configs, name="configs")
documents_stage = stage(generate_documents, name="documents")
qra_stage = stage(generate_qra, name="qra")
keypoints_stage = stage(generate_keypoints, name="keypoints")


class DomainBuildSummary(RunSummary):
    collection: str
    seed_dir: str
    documents: int
    new_documents: int
    items: int
    new_items: int


@flow(name="domain-build", log_prints=True)
def domain_build(seed_dir: str, docs: int | None = None, lang: str | None = None, engine: str | None = None,
                 seed: int | None = None, config_path: str | None = None, store_path: str | None = None
                 ) -> DomainBuildSummary:
    """Build a RAGEval domain from SEED_DIR and release it as <domain>-<lang>. ``lang``, when
    given, must be the folder's language (seed folders are language-specific)."""
    settings = load_settings(Path(config_path) if config_path else None, engine=engine,
                             store=Path(store_path) if store_path else None)
    folder = load_seed_folder(seed_dir)  # bad input raises here, naming the file, before the run starts
    spec = folder.spec.model_copy(update={k: v for k, v in (("documents", docs), ("seed", seed)) if v is not None})
    if lang is not None and lang != spec.language:
        raise SeedFolderError(f"{Path(seed_dir) / 'domain.toml'}: the folder builds language {spec.language!r}, "
                              f"not {lang!r} (seed folders are language-specific)")
    collection = domain_collection(spec, settings.generators.rageval.filters)
    params = {"seed_dir": str(Path(seed_dir).resolve()), "docs": spec.documents, "seed": spec.seed}
    with generator_run("domain-build", settings, params) as run:
        return run.complete(_run(run, folder, spec, collection))


def _run(run: GeneratorRun, folder: SeedFolder, spec: DomainSpec, collection) -> DomainBuildSummary:
    store, engine, clock = run.store, run.engine, run.clock
    method, llm = method_for(spec.domain), engine.kind == "llm"
    # 1. schema summary: the folder's schema.json / derived fields (rules), induced (llm)
    with clock.stage("schema"):
        schema, failures = schema_stage(folder, engine)
        _failed(run, failures)
        if not llm and folder.template is not None and folder.schema_ is None:
            check_template(folder.template, schema, Path(folder.root) / spec.template)
    # 2. configs: typed values (Faker, dates in order, sums), llm free text; seeded
    with clock.stage("configs"):
        configs, failures = configs_stage(schema, spec.documents, spec.seed, engine)
        _failed(run, failures)
    # 3. documents: the Jinja template (rules) or section by section (llm), fact-checked
    with clock.stage("documents"):
        documents, failures = documents_stage(schema, configs, engine, folder.template)
        _failed(run, failures)
        run.recorded([Failure(stage="rageval-documents", key=_doc_key(spec.domain, d.doc_id),
                              reason=f"facts missing from the text: {', '.join(d.missing_facts)}")
                      for d in documents if d.missing_facts])
        lineage = {"seed_folder": folder_hash(folder), "engine": engine.kind, "domain": spec.domain,
                   **({"prompt_hash": prompt_hash("rageval_section", spec.language), "model": engine.model} if llm
                      else {"template_hash": _sha(folder.template or "")})}
        passages = [_passage(d, spec, method, lineage) for d in documents]
        new_documents = store.write_passages(passages, run.run_id, ready=True)
    checkpoint("documents")
    # 4-5. QRA (seven types, verbatim references, refinement), then keypoints
    with clock.stage("qra"):
        qra, failures = qra_stage(schema, configs, documents, spec, engine)
        _failed(run, failures)
        qra, failures = keypoints_stage(qra, spec.language, engine)
        _failed(run, failures)
        hashes = {_doc_key(spec.domain, d.doc_id): p.content_hash for d, p in zip(documents, passages)}
        qa_lineage = Lineage(engine=engine.kind, model=engine.model if llm else None,
                             prompt_name="rageval_qra" if llm else "rageval_qra:rules",
                             prompt_hash=prompt_hash("rageval_qra", spec.language) if llm else _sha(schema.model_dump_json()))
        items = [_item(q, spec, method, qa_lineage, hashes) for q in qra]
        new_items = store.write_items(items, run.run_id)
    checkpoint("items")
    # 6-7. the shared filter stack, then one release of <domain>-<lang>
    run.filter([collection])
    releases = run.release([collection])
    rejected = Counter(v.filter for v in store.verdicts([i.item_id for i in items]) if v.status == "rejected")
    summary = DomainBuildSummary(
        **run.summary_fields(items, {f: rejected.get(f, 0) for f in FILTERS}, releases),
        collection=collection.name, seed_dir=folder.root, documents=len(documents), new_documents=new_documents,
        items=len(items), new_items=new_items,
    )
    run.artifacts({"items-by-type": [{"type": t, "items": n} for t, n in summary.items_by_type.items()],
                   "failures": [f.model_dump() for f in run.failures[:200]]},
                  f"# domain-build {collection.name}\n\n{len(documents)} documents, {len(items)} QRA items, "
                  f"{len(run.failures)} failures; releases: {releases or 'none new'}\n")
    return summary


def folder_hash(folder: SeedFolder) -> str:
    """The seed folder's content (spec, schema, seeds, template), not where it lies."""
    return _sha(folder.model_dump_json(exclude={"root"}, by_alias=True))


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _doc_key(domain: str, doc_id: int) -> str:
    return f"rageval-{domain}-{doc_id}"


def _passage(d: Document, spec: DomainSpec, method: str, lineage: dict) -> Passage:
    doc_id, content_hash = _doc_key(spec.domain, d.doc_id), hashlib.sha256(d.content.encode()).hexdigest()
    return Passage(passage_id=passage_id("generated_document", doc_id, content_hash), doc_id=doc_id,
                   kind="generated_document", method=method, lang=spec.language, title=d.name, text=d.content,
                   content_hash=content_hash, lineage={**lineage, "config_id": d.config_id, "rageval_doc_id": d.doc_id,
                                                       "name": d.name, "missing_facts": d.missing_facts})


def _item(q: QRAItem, spec: DomainSpec, method: str, lineage: Lineage, hashes: dict[str, str]) -> Item:
    doc_ids = [_doc_key(spec.domain, i) for i in q.doc_ids]
    return Item(item_id=f"rageval-{spec.domain}-{q.item_id}", method=method, type=q.type, lang=spec.language,
                question=q.question, answers=[q.answer], references=q.references, keypoints=q.keypoints,
                doc_ids=doc_ids,
                config={"domain": spec.domain, "query_id": q.query_id, "rageval_doc_ids": q.doc_ids,
                        "fields": q.fields, "refinement": q.refinement},
                lineage=lineage.model_copy(update={"source_hashes": [hashes[d] for d in doc_ids if d in hashes]}))


def _failed(run: GeneratorRun, failures: list[StageFailure]) -> None:
    """A stage's failed items (one bad reply fails its item, not the run), with the reply's start."""
    run.recorded([Failure(stage=f"rageval-{f.stage}", key=f.key,
                          reason=f.reason + (f" (reply: {f.raw[:200]!r})" if f.raw else "")) for f in failures])
