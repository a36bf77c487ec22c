"""A trained generator registered in the store (issue 9: the ``models`` table)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field


class ModelRecord(BaseModel):
    model_id: str = Field(description="sha256 (first 16 hex) of the adapter's weights and config: same content, same id")
    name: str
    version: str = Field(description="the version directory's name, e.g. v0001")
    kind: str = Field("kyr-t5-lora", description="what loads it: the Know Your RAG LoRA seq2seq generator")
    base_model: str = Field(description="the base model folder the adapter was trained on")
    adapter_path: str = Field(description="the version directory: adapter, tokenizer, training_card.json")
    training_data: list[str] = Field(description="the releases (collection@version) whose items trained it")
    data_hash: str = ""
    metrics: dict[str, Any] = {}
    run_id: str | None = None
    created_at: datetime | None = None

    @property
    def ref(self) -> str:
        return f"{self.name}/{self.version}"
