"""The manifest written beside every release export."""
from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, model_serializer


class FilterStats(BaseModel):
    evaluated: int
    passed: int
    rejected: int
    skipped: int
    not_evaluated: int = 0  # skipped because an earlier filter already rejected the item
    errors: int
    pass_rate: float | None
    skipped_reason: str | None = None


class ReleaseManifest(BaseModel):
    collection: str
    version: str
    parent: str | None
    created: datetime
    counts_by_type: dict[str, int]
    counts_by_language: dict[str, int]
    texts: int
    questions: int
    held_back_by_quota: dict[str, int] = {}
    filters: dict[str, FilterStats]
    skipped_filters: list[str]
    lineage: dict[str, list[str]]
    files: dict[str, str]
    #: export formats beyond the files above (e.g. "rageval"); left out of the JSON when only the
    #: common export is written, so manifests of such releases read as before
    exports: list[str] = ["benchmill"]
    #: the gold answers are public too (``public/qa``): a sandbox release (benchmill/sandbox.py)
    public_answers: bool = False
    #: the ranked collection whose accepted, never-released items a sandbox took (``news-en``;
    #: ``collection@version`` in sandboxes drawn before they were a separate set)
    derived_from: str | None = None

    @model_serializer(mode="wrap")
    def _drop_default_exports(self, handler):
        data = handler(self)
        if data.get("exports") == ["benchmill"]:
            data.pop("exports")
        for key in ("public_answers", "derived_from"):  # only a sandbox's manifest carries them
            if key in data and not data[key]:
                data.pop(key)
        return data
