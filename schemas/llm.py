"""Accounting of LLM calls, returned by every task that may call a model."""
from __future__ import annotations

from pydantic import BaseModel


class LLMUsage(BaseModel):
    calls: int = 0
    cached: int = 0
    failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0

    def __add__(self, other: "LLMUsage") -> "LLMUsage":
        return LLMUsage(**{k: getattr(self, k) + getattr(other, k) for k in LLMUsage.model_fields})

    @classmethod
    def total(cls, usages: "list[LLMUsage]") -> "LLMUsage":
        out = cls()
        for u in usages:
            out = out + u
        return out
