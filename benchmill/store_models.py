"""The store's registry of trained generators (the ``models`` table, issue 9): a part of
``benchmill.store.Store``."""
from __future__ import annotations

import json

from benchmill.store_sql import _dicts, utcnow
from schemas.models import ModelRecord


class ModelsMixin:
    """Trained adapters: register, list, resolve a reference; mixed into ``Store``."""

    def register_model(self, record: ModelRecord, run_id: str) -> bool:
        """Register a trained adapter; False when a model with the same content id is already there."""
        with self.transaction() as con:
            if con.execute("SELECT 1 FROM models WHERE model_id = ?", [record.model_id]).fetchall():
                return False
            con.execute(
                "INSERT INTO models VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [record.model_id, record.name, record.version, record.kind, record.base_model, record.adapter_path,
                 record.training_data, record.data_hash, json.dumps(record.metrics, default=str), run_id,
                 record.created_at or utcnow()],
            )
            return True

    def models(self, name: str | None = None) -> list[ModelRecord]:
        """Registered models, newest first (optionally of one name)."""
        with self.connect() as con:
            rows = _dicts(con.execute(
                "SELECT * FROM models WHERE ?::VARCHAR IS NULL OR name = ? ORDER BY created_at DESC, name, version DESC",
                [name, name]))
        return [ModelRecord(**{**r, "training_data": list(r["training_data"]),
                               "metrics": json.loads(r["metrics"]) if r["metrics"] else {}}) for r in rows]

    def model(self, ref: str) -> ModelRecord | None:
        """A model by id (or an unambiguous id prefix of 6+ characters), ``name/version``, or ``name`` (its newest)."""
        models = self.models()
        exact = [m for m in models if m.model_id == ref or m.ref == ref]
        if exact:
            return exact[0]
        named = [m for m in models if m.name == ref]
        if named:
            return max(named, key=lambda m: m.version)
        prefixed = [m for m in models if len(ref) >= 6 and m.model_id.startswith(ref)]
        return prefixed[0] if len(prefixed) == 1 else None
