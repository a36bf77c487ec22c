"""Know Your RAG: train the LoRA generator and register it in the store (issue 9).

    released kyr items (C@V...) -> training set (80/20 by context) -> LoRA on a seq2seq base
    -> versioned adapter folder -> a row in the store's ``models`` table

A flow so that it is also a Prefect deployment (``kyr-train-generator/train-generator``:
GPU workers in production, CPU works for small models). The store is read while training
and held (single writer) only for the few milliseconds of registration, so a long training
never blocks a daily run. The registered model id is derived from the adapter's content:
`benchmill statements --engine t5 --model <id | name | name/version>` generates with it.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from prefect import flow
from pydantic import BaseModel

from benchmill.orchestration import current_flow_run_id
from benchmill.settings import load_settings
from schemas import LLMUsage
from schemas.models import ModelRecord


class TrainGeneratorError(ValueError):
    """Bad training input (one line naming it; nothing was trained)."""


class TrainSummary(BaseModel):
    run_id: str
    model: ModelRecord
    registered: bool  # False: a model with the same content id was already registered
    model_dir: str
    version: str
    releases: list[str]
    items: int
    train: int
    validation: int
    held_out: int
    card: dict


@flow(name="kyr-train-generator", log_prints=True)
def train_generator(base_model: str, sources: list[str] | None = None, out: str | None = None, name: str = "kyr-t5",
                    epochs: int = 3, max_steps: int | None = None, seed: int = 13, hold_out: str | None = None,
                    config_path: str | None = None, store_path: str | None = None) -> TrainSummary:
    """Train the Know Your RAG LoRA generator on released kyr items and register the adapter."""
    from benchmill.releases import latest_version, list_releases, release_items, resolve
    from benchmill.store import Store
    from tasks.knowyourrag.spec import METHOD
    from tasks.knowyourrag.trainer import TrainerConfig, build_training_set, model_record
    from tasks.knowyourrag.trainer import train_generator as train

    settings = load_settings(Path(config_path) if config_path else None, store=Path(store_path) if store_path else None)
    reader = Store.reader(settings.store)
    try:
        refs = [resolve(reader, r) for r in sources] if sources else sorted(
            {(r["collection"], latest_version(reader, r["collection"])) for r in list_releases(reader)
             if r["collection"].startswith("kyr-")})
        if not refs:
            raise TrainGeneratorError("train-generator: no kyr-* release in the store: run `benchmill statements` "
                                      "first or pass --from C@V")
        items = {i.item_id: i for c, v in refs for _, i in release_items(reader, c, v) if i.method == METHOD}
    finally:
        reader.close()
    training_set = build_training_set(list(items.values()), seed=seed, hold_out_collection=hold_out)
    result = train(training_set, TrainerConfig(
        base_model=Path(base_model), output_root=Path(out) if out else settings.home / "models", name=name, seed=seed,
        epochs=epochs, max_steps=max_steps))
    releases = [f"{c}@{v}" for c, v in refs]
    record = model_record(result, releases)
    params = {"base_model": str(base_model), "releases": releases, "name": name, "epochs": epochs,
              "max_steps": max_steps, "seed": seed, "hold_out": hold_out}
    run_id = current_flow_run_id() or f"local-train-{hashlib.sha1(repr(sorted(params.items())).encode()).hexdigest()[:8]}"
    with Store.writer(settings.store, run_id) as store:
        store.start_run(run_id, "kyr-train-generator", params, current_flow_run_id())
        registered = store.register_model(record, run_id)
        record = store.model(record.model_id) or record
        summary = TrainSummary(
            run_id=run_id, model=record, registered=registered, model_dir=str(result.model_dir), version=result.version,
            releases=releases, items=len(items), train=len(training_set.train), validation=len(training_set.validation),
            held_out=len(training_set.held_out), card=result.card)
        store.finish_run(run_id, "completed", LLMUsage(), summary.model_dump(mode="json", exclude={"card"}))
    return summary
