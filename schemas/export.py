"""JSON Schema exports of the record models (schemas/json/*.schema.json)."""
from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

import schemas
from schemas.release import ReleaseManifest

EXPORTED: dict[str, type[BaseModel]] = {
    name: getattr(schemas, name) for name in schemas.__all__ if isinstance(getattr(schemas, name), type)
    and issubclass(getattr(schemas, name), BaseModel)
}
EXPORTED["ReleaseManifest"] = ReleaseManifest


def render_json_schemas() -> dict[str, str]:
    return {
        f"{name}.schema.json": json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
        for name, model in sorted(EXPORTED.items())
    }


def export_json_schemas(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for filename, text in render_json_schemas().items():
        path = out_dir / filename
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
