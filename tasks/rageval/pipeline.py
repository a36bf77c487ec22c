"""The RAGEval domain build in memory: seed folder -> DomainBuild (used by tests and bench).

    from tasks.rageval.pipeline import build
    result = build("data/seeds/finance", n_docs=20)            # rules engine, offline
    result = build(path, n_docs=5, engine=EngineConfig(kind="llm", llm=...))

Stages (each a pure function a flow can wrap as a task):
    load_seed_folder(path) -> SeedFolder                          tasks/rageval/seeds.py
    summarize(folder, engine) -> (DomainSchema, failures)         tasks/rageval/summary.py
    generate_configs(schema, n, seed, engine) -> (configs, f)     tasks/rageval/configs.py
    generate_documents(schema, configs, engine, template) -> ...  tasks/rageval/documents.py
    generate_qra(schema, configs, documents, spec, engine) -> ... tasks/rageval/qra.py
    generate_keypoints(items, lang, engine) -> (items, failures)  tasks/rageval/keypoints.py
    write_documents / write_queries(path, build)                  tasks/rageval/writers.py
"""
from __future__ import annotations

from pathlib import Path

from benchmill.engines import EngineConfig
from schemas.rageval import DomainBuild, SeedFolder
from tasks.rageval.configs import generate_configs
from tasks.rageval.documents import generate_documents
from tasks.rageval.keypoints import generate_keypoints
from tasks.rageval.qra import generate_qra
from tasks.rageval.seeds import check_template, load_seed_folder
from tasks.rageval.summary import summarize


def build(seed_dir: str | Path | SeedFolder, n_docs: int | None = None, engine: EngineConfig | None = None,
          seed: int | None = None) -> DomainBuild:
    """Every stage in order; bad input raises (SeedFolderError / SchemaError), bad items are failures."""
    engine = engine or EngineConfig(kind="rules")
    folder = seed_dir if isinstance(seed_dir, SeedFolder) else load_seed_folder(seed_dir)
    updates = {k: v for k, v in (("documents", n_docs), ("seed", seed)) if v is not None}
    spec = folder.spec.model_copy(update=updates)
    schema, failures = summarize(folder, engine)
    if engine.kind == "rules" and folder.template is not None and folder.schema_ is None:
        check_template(folder.template, schema, Path(folder.root) / spec.template)
    configs, f = generate_configs(schema, spec.documents, spec.seed, engine)
    failures += f
    documents, f = generate_documents(schema, configs, engine, folder.template)
    failures += f
    items, f = generate_qra(schema, configs, documents, spec, engine)
    failures += f
    items, f = generate_keypoints(items, schema.language, engine)
    failures += f
    return DomainBuild(spec=spec, schema=schema, configs=configs, documents=documents, items=items, failures=failures)
