"""One validated settings model: benchmill.toml (or --config) overlaid by BENCHMILL_* env vars.

A bad value fails at start with the key named (see ``load_settings``).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict, TomlConfigSettingsSource

from benchmill import ROOT
from schemas.documents import SourceSpec


class SettingsError(Exception):
    """Settings could not be loaded; the message names the key and the problem."""


class LLMSettings(BaseModel):
    """An OpenAI-compatible chat endpoint (vLLM server, llama.cpp server, any hosted API)."""

    base_url: str | None = None
    model: str = "Qwen/Qwen2.5-7B-Instruct"
    api_key: SecretStr = SecretStr("EMPTY")
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(1024, gt=0)
    max_concurrency: int = Field(4, ge=1, le=256)
    timeout: float = Field(120.0, gt=0)
    max_retries: int = Field(3, ge=0, le=20)
    cache_path: Path = ROOT / "data" / "llm_cache.sqlite"
    # what the endpoint charges, for the cost recorded with each run (0 for a local vLLM server)
    prompt_price_per_1k: float = Field(0.0, ge=0.0)
    completion_price_per_1k: float = Field(0.0, ge=0.0)

    def cost(self, prompt_tokens: int, completion_tokens: int) -> float:
        return round(prompt_tokens / 1000 * self.prompt_price_per_1k
                     + completion_tokens / 1000 * self.completion_price_per_1k, 6)

    @field_validator("base_url")
    @classmethod
    def _http_url(cls, v: str | None) -> str | None:
        if v is not None and not v.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return v.rstrip("/") if v else v


class EmbeddingSettings(BaseModel):
    """Models used for similarity (linking, duplicates, dense retrieval)."""

    en: Literal["all-minilm-l6-v2"] = "all-minilm-l6-v2"
    ru: Literal["multilingual-e5-small"] = "multilingual-e5-small"
    cache_path: Path = ROOT / "data" / "embedding_cache.sqlite"


class WikidataSettings(BaseModel):
    dump: Path = ROOT / "data" / "wikidata" / "sample.json.bz2"
    index: Path = ROOT / "data" / "wikidata" / "index.duckdb"
    api_url: str | None = Field(None, description="live API, e.g. https://www.wikidata.org/w/api.php")
    link_threshold: float = Field(0.75, ge=0.0, le=1.0)


class CrawlSettings(BaseModel):
    user_agent: str = "benchmill/0.1 (+https://github.com/benchmill/benchmill; RAG benchmark builder)"
    timeout: float = Field(20.0, gt=0)
    retries: int = Field(3, ge=0)
    backoff: float = Field(0.5, ge=0)
    per_host_interval: float = Field(1.0, ge=0, description="seconds between requests to one host")
    max_bytes: int = Field(5_000_000, gt=0)
    respect_robots: bool = True


class PrefectSettings(BaseModel):
    home: Path = ROOT / ".prefect"
    result_storage: Path = ROOT / ".prefect" / "results"
    task_runner: Literal["threads", "dask"] = "threads"
    dask_address: str | None = Field(None, description="tcp://scheduler:8786; None starts a local cluster")
    dask_workers: int = Field(2, ge=1)
    threads: int = Field(4, ge=1)
    server_port: int = Field(4200, ge=1, le=65535)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="BENCHMILL_", env_nested_delimiter="__", extra="forbid", toml_file=None
    )

    store: Path = ROOT / "data" / "benchmill.duckdb"
    releases_dir: Path = ROOT / "data" / "releases"
    engine: Literal["rules", "llm", "auto"] = "auto"
    llm: LLMSettings = LLMSettings()
    embedding: EmbeddingSettings = EmbeddingSettings()
    wikidata: WikidataSettings = WikidataSettings()
    crawl: CrawlSettings = CrawlSettings()
    prefect: PrefectSettings = PrefectSettings()
    languages: list[Literal["en", "ru"]] = ["en", "ru"]
    sources: list[SourceSpec] = []
    schedule: str = Field("0 6 * * *", description="cron for the daily news deployment")
    timezone: str = "UTC"
    quotas: dict[str, int] = Field(
        default_factory=lambda: {"simple": 150, "set": 150, "multi-hop": 150, "conditional": 150, "comparison": 150}
    )

    @field_validator("schedule")
    @classmethod
    def _cron(cls, v: str) -> str:
        # cronsim is tiny; Prefect's own validator would import all of Prefect first.
        # `benchmill serve` hands the string to Prefect, which checks it once more.
        from datetime import datetime

        from cronsim import CronSim, CronSimError

        try:
            CronSim(v, datetime(2026, 1, 1))
        except CronSimError as exc:
            raise ValueError(f"not a valid cron expression: {v!r} ({exc})") from None
        return v

    @field_validator("quotas")
    @classmethod
    def _quotas(cls, v: dict[str, int]) -> dict[str, int]:
        bad = {k: n for k, n in v.items() if n < 0}
        if bad:
            raise ValueError(f"quotas must be >= 0, got {bad}")
        return v

    @property
    def active_engine(self) -> Literal["rules", "llm"]:
        """``auto`` means llm when an endpoint is configured, rules otherwise."""
        if self.engine == "auto":
            return "llm" if self.llm.base_url else "rules"
        return self.engine

    @classmethod
    def settings_customise_sources(
        cls, settings_cls, init_settings, env_settings, dotenv_settings, file_secret_settings
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        sources: list[PydanticBaseSettingsSource] = [init_settings, env_settings]
        toml = _CONFIG_PATH.get("path")
        if toml is not None:
            sources.append(TomlConfigSettingsSource(settings_cls, toml_file=toml))
        return tuple(sources)


_CONFIG_PATH: dict[str, Path | None] = {"path": None}


def load_settings(config: Path | None = None, **overrides) -> Settings:
    """Load settings: explicit overrides > BENCHMILL_* env > TOML file > defaults.

    ``config`` defaults to $BENCHMILL_CONFIG, else ./benchmill.toml when it exists.
    Raises SettingsError naming the offending key.
    """
    if config is None:
        env = os.environ.get("BENCHMILL_CONFIG")
        config = Path(env) if env else (Path("benchmill.toml") if Path("benchmill.toml").exists() else None)
    if config is not None and not config.exists():
        raise SettingsError(f"config file {config} does not exist")
    _CONFIG_PATH["path"] = config
    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}" for e in exc.errors()
        )
        where = f" in {config}" if config else ""
        raise SettingsError(f"invalid settings{where} (or BENCHMILL_* env): {problems}") from None
    except Exception as exc:  # malformed TOML and the like
        raise SettingsError(f"cannot read settings from {config}: {exc}") from None
    finally:
        _CONFIG_PATH["path"] = None
