"""The two engines behind every generation stage.

``llm``: langchain chat models over an OpenAI-compatible endpoint (benchmill.llm).
``rules``: deterministic classical NLP, the offline default. A stage with no rules
version records the verdict ``SKIPPED_NEEDS_LLM`` under the rules engine.
``t5``: a trained LoRA seq2seq generator registered in the store (Know Your RAG,
``benchmill train-generator``); only generation stages that have a t5 version take it
(the statements flow), its filters run on the settings' engine.

An EngineConfig is passed into every task that may call a model, so that it is part of
the task's cache key: switching engines or models never returns a stale cached result.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel

from benchmill.settings import LLMSettings, Settings

if TYPE_CHECKING:
    from benchmill.llm import LLMClient

SKIPPED_NEEDS_LLM = "skipped: needs llm"


class EngineConfig(BaseModel):
    kind: Literal["rules", "llm", "t5"]
    llm: LLMSettings | None = None
    #: t5: the registered model's version directory and reference (``name/version``, id)
    adapter: str | None = None
    model_ref: str | None = None
    model_id: str | None = None

    @classmethod
    def t5(cls, record) -> "EngineConfig":
        """The t5 engine for a registered model (``schemas.models.ModelRecord``)."""
        return cls(kind="t5", adapter=record.adapter_path, model_ref=record.ref, model_id=record.model_id)

    @classmethod
    def from_settings(cls, settings: Settings) -> "EngineConfig":
        kind = settings.active_engine
        if kind == "llm" and not settings.llm.base_url:
            from benchmill.settings import SettingsError

            raise SettingsError("engine = 'llm' needs llm.base_url (BENCHMILL_LLM__BASE_URL)")
        return cls(kind=kind, llm=settings.llm if kind == "llm" else None)

    @property
    def model(self) -> str | None:
        if self.kind == "t5":
            return f"t5:{self.model_ref}"
        return self.llm.model if self.kind == "llm" and self.llm else None

    def client(self) -> "LLMClient":
        if self.kind != "llm" or self.llm is None:
            raise RuntimeError("the rules engine has no LLM client")
        from benchmill.llm import llm_client

        return llm_client(self.llm)
