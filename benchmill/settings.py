"""One validated settings model: benchmill.toml (or --config) overlaid by BENCHMILL_* env vars.

A bad value fails at start with the key named (see ``load_settings``): a bad value, an
unknown key (in the TOML file, nested tables too) or an unknown BENCHMILL_* variable.

Generated state (store, releases, caches, Wikidata index, Prefect home, reports) defaults
under the project home, never under the package: $BENCHMILL_HOME, else the folder of
the config file in use (--config / $BENCHMILL_CONFIG / ./benchmill.toml), else the
working directory (see ``project_home``). Relative paths in a config file resolve
against the config file's folder.
"""
from __future__ import annotations

import difflib
import os
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict, TomlConfigSettingsSource

from benchmill import ROOT
from schemas.documents import SourceSpec


class SettingsError(Exception):
    """Settings could not be loaded; the message names the key and the problem."""


#: environment variables with the BENCHMILL_ prefix that are not settings keys but that the
#: project reads (BENCHMILL_FAULT_AT: benchmill/faults.py, fault injection in kill/resume tests)
EXTRA_ENV_VARS = frozenset({"BENCHMILL_HOME", "BENCHMILL_CONFIG", "BENCHMILL_FAULT_AT",
                            "BENCHMILL_STORE_WRITER_WAIT_S", "BENCHMILL_STORE_READER_WAIT_S",
                            "BENCHMILL_MAX_SUBMISSION_MB", "BENCHMILL_PORTAL_TOKEN"})

def non_negative_quotas(quotas: dict[str, int]) -> dict[str, int]:
    """Per-type release quotas (settings and collection specs): each >= 0."""
    bad = {k: n for k, n in quotas.items() if n < 0}
    if bad:
        raise ValueError(f"quotas must be >= 0, got {bad}")
    return quotas


#: the home in use while ``load_settings`` builds a Settings (defaults are resolved against it)
_HOME: dict[str, Path | None] = {"path": None}


def default_config() -> Path | None:
    """$BENCHMILL_CONFIG, else ./benchmill.toml when it exists."""
    env = os.environ.get("BENCHMILL_CONFIG")
    if env:
        return Path(env)
    return Path("benchmill.toml") if Path("benchmill.toml").exists() else None


def project_home(config: Path | None = None) -> Path:
    """Where generated state goes: $BENCHMILL_HOME, else the config file's folder, else the cwd."""
    env = os.environ.get("BENCHMILL_HOME")
    if env:
        return Path(env).expanduser().resolve()
    config = config if config is not None else default_config()
    if config is not None:
        return Path(config).expanduser().resolve().parent
    return Path.cwd().resolve()


def _home() -> Path:
    return _HOME["path"] or project_home()


def _under_home(*parts: str):
    return Field(default_factory=lambda: _home().joinpath(*parts))


class LLMSettings(BaseModel):
    """An OpenAI-compatible chat endpoint (vLLM server, llama.cpp server, any hosted API)."""

    model_config = ConfigDict(extra="forbid")

    base_url: str | None = None
    model: str = "Qwen/Qwen2.5-7B-Instruct"
    api_key: SecretStr = SecretStr("EMPTY")
    temperature: float = Field(0.0, ge=0.0, le=2.0)
    max_tokens: int = Field(1024, gt=0)
    max_concurrency: int = Field(4, ge=1, le=256)
    timeout: float = Field(120.0, gt=0)
    max_retries: int = Field(3, ge=0, le=20)
    cache_path: Path = _under_home("data", "llm_cache.sqlite")
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

    model_config = ConfigDict(extra="forbid")

    en: Literal["all-minilm-l6-v2"] = "all-minilm-l6-v2"
    ru: Literal["multilingual-e5-small"] = "multilingual-e5-small"
    cache_path: Path = _under_home("data", "embedding_cache.sqlite")


class WikidataSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dump: Path = ROOT / "data" / "wikidata" / "sample.json.bz2"  # bundled, read-only
    index: Path = _under_home("data", "wikidata", "index.duckdb")
    api_url: str | None = Field(None, description="live API, e.g. https://www.wikidata.org/w/api.php")
    link_threshold: float = Field(0.75, ge=0.0, le=1.0)


class CrawlSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_agent: str = "benchmill/0.1 (+https://github.com/benchmill/benchmill; RAG benchmark builder)"
    timeout: float = Field(20.0, gt=0)
    retries: int = Field(3, ge=0)
    backoff: float = Field(0.5, ge=0)
    per_host_interval: float = Field(1.0, ge=0, description="seconds between requests to one host")
    max_bytes: int = Field(5_000_000, gt=0)
    respect_robots: bool = True


class PrefectSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    home: Path = _under_home(".prefect")
    result_storage: Path = _under_home(".prefect", "results")
    task_runner: Literal["threads", "dask"] = "threads"
    dask_address: str | None = Field(None, description="tcp://scheduler:8786; None starts a local cluster")
    dask_workers: int = Field(2, ge=1)
    threads: int = Field(4, ge=1)
    server_port: int = Field(4200, ge=1, le=65535)


class GeneratorSettings(BaseModel):
    """One generator's settings: the config of its collections' filters, validated against each
    filter's Config model before a run starts (e.g. ``[generators.dragon.filters.duplicates]``)."""

    model_config = ConfigDict(extra="forbid")

    filters: dict[str, dict[str, Any]] = Field(default_factory=dict)


class GeneratorsSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dragon: GeneratorSettings = Field(default_factory=GeneratorSettings)
    rageval: GeneratorSettings = Field(default_factory=GeneratorSettings)
    kyr: GeneratorSettings = Field(default_factory=GeneratorSettings)


class PortalSettings(BaseModel):
    """The validation portal (``benchmill portal``, package ``portal/``): its own database, never the store."""

    model_config = ConfigDict(extra="forbid")

    #: SQLAlchemy URL: SQLite file by default, e.g. postgresql+psycopg://user:pw@host/db in docker-compose
    database_url: str = Field(default_factory=lambda: f"sqlite:///{_home().joinpath('data', 'portal.sqlite')}")
    #: an admin token given by the deployment (env BENCHMILL_PORTAL__ADMIN_TOKEN); tokens made by
    #: `benchmill portal-admin admin-token` work as well
    admin_token: SecretStr | None = None
    host: str = "127.0.0.1"
    port: int = Field(8600, ge=1, le=65535)
    max_upload_mb: float = Field(20.0, gt=0)
    #: submissions a team may make per collection version in 24 hours (answer-probing guard)
    submissions_per_day: int = Field(5, ge=1)
    #: versions the "actual versions" leaderboard view averages over (DRAGON's toggle)
    actual_versions: int = Field(3, ge=1)
    k: int = Field(5, ge=1, description="retrieval cut-off submissions are scored at")
    #: metric conventions submissions are scored under (tasks/evaluate/scoring.py)
    convention: Literal["benchmill", "squad", "rageval", "dragon", "trec"] = "benchmill"
    #: metric the leaderboard sorts by and plots
    main_metric: str = "rouge_l"


#: a baseline system as ``benchmill evaluate --system`` takes it (checked again by the evaluation code)
_SYSTEM_RE = re.compile(r"^(bm25|dense|hybrid:(scan|0(\.\d+)?|1(\.0+)?))$")


class AutoEvaluateSettings(BaseModel):
    """``[auto_evaluate]``: baselines scored on every new release (flows/autoeval.py), one report
    per system under ``<reports_dir>/baselines/<collection>@<version>/``."""

    model_config = ConfigDict(extra="forbid")

    enabled: bool = True
    systems: list[str] = ["bm25", "dense", "hybrid:scan"]
    k: int = Field(5, ge=1, description="texts retrieved per question and the metrics' cut-off")
    engine: Literal["rules", "llm", "auto"] = Field("rules", description="answers and LLM metrics (auto: settings.engine)")

    @field_validator("systems")
    @classmethod
    def _systems(cls, v: list[str]) -> list[str]:
        out = [s.strip().lower() for s in v]
        bad = [s for s in out if not _SYSTEM_RE.match(s)]
        if bad:
            raise ValueError(f"unknown system(s) {bad}: expected bm25, dense, hybrid:W (0 <= W <= 1) or hybrid:scan")
        if len(set(out)) != len(out):
            raise ValueError(f"systems listed twice: {out}")
        return out


class SandboxSettings(BaseModel):
    """``[sandbox]``: DRAGON's static public set, carved once per collection from a generator's
    first accepted questions before its first ranked release takes them (benchmill/sandbox.py).

    Carved when no ``<collection>-sandbox`` exists yet and at least ``min_accepted`` questions of
    the collection are accepted and unreleased; it takes ``share`` of them, at most ``size``.
    ``benchmill sandbox`` draws one by hand at any time (from held-back questions)."""

    model_config = ConfigDict(extra="forbid")

    on_first_run: bool = True
    size: int = Field(20, ge=1, description="most questions a carved sandbox takes")
    share: float = Field(0.1, gt=0, le=0.5, description="share of the accepted, unreleased questions it may take")
    min_accepted: int = Field(50, ge=1, description="accepted, unreleased questions needed before one is carved")
    max_texts: int = Field(100, ge=1, description="texts in the sandbox: the cited ones, then distractors")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="BENCHMILL_", env_nested_delimiter="__", extra="forbid", toml_file=None
    )

    home: Path = Field(default_factory=_home, description="set by $BENCHMILL_HOME (see project_home)")
    store: Path = _under_home("data", "benchmill.duckdb")
    releases_dir: Path = _under_home("data", "releases")
    reports_dir: Path = _under_home("reports")
    engine: Literal["rules", "llm", "auto"] = "auto"
    llm: LLMSettings = Field(default_factory=LLMSettings)
    embedding: EmbeddingSettings = Field(default_factory=EmbeddingSettings)
    wikidata: WikidataSettings = Field(default_factory=WikidataSettings)
    crawl: CrawlSettings = Field(default_factory=CrawlSettings)
    prefect: PrefectSettings = Field(default_factory=PrefectSettings)
    languages: list[Literal["en", "ru"]] = ["en", "ru"]
    sources: list[SourceSpec] = []
    schedule: str = Field("0 6 * * *", description="cron for the daily news deployment")
    timezone: str = "UTC"
    generators: GeneratorsSettings = Field(default_factory=GeneratorsSettings)
    portal: PortalSettings = Field(default_factory=PortalSettings)
    auto_evaluate: AutoEvaluateSettings = Field(default_factory=AutoEvaluateSettings)
    sandbox: SandboxSettings = Field(default_factory=SandboxSettings)
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

    @field_validator("timezone")
    @classmethod
    def _timezone(cls, v: str) -> str:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            ZoneInfo(v)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown timezone {v!r} (an IANA name such as UTC or Europe/Moscow)") from None
        return v

    @field_validator("quotas")
    @classmethod
    def _quotas(cls, v: dict[str, int]) -> dict[str, int]:
        return non_negative_quotas(v)

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
            sources.append(_RelativeTomlSource(settings_cls, toml_file=toml))
        return tuple(sources)


_CONFIG_PATH: dict[str, Path | None] = {"path": None}

#: path-valued keys of the TOML file, resolved against the file's folder when relative
_PATH_KEYS: tuple[tuple[str, ...], ...] = (
    ("home",), ("store",), ("releases_dir",), ("reports_dir",), ("llm", "cache_path"), ("embedding", "cache_path"),
    ("wikidata", "dump"), ("wikidata", "index"), ("prefect", "home"), ("prefect", "result_storage"),
)


class _RelativeTomlSource(TomlConfigSettingsSource):
    """The TOML file, with relative paths (and relative folder sources that exist there)
    made absolute against the file's folder."""

    def _read_file(self, file_path) -> dict[str, Any]:
        data = super()._read_file(file_path)
        base = Path(file_path).expanduser().resolve().parent
        for key in _PATH_KEYS:
            table = data
            for part in key[:-1]:
                table = table.get(part) if isinstance(table, dict) else None
            if isinstance(table, dict) and isinstance(table.get(key[-1]), str):
                path = Path(table[key[-1]]).expanduser()
                if not path.is_absolute():
                    table[key[-1]] = str(base / path)
        for src in data.get("sources") or []:
            if isinstance(src, dict) and src.get("kind") == "folder" and isinstance(src.get("location"), str):
                path = Path(src["location"]).expanduser()
                if not path.is_absolute() and (base / path).is_dir():
                    src["location"] = str(base / path)
        return data


def _known_env_names() -> set[str]:
    names = set(EXTRA_ENV_VARS)
    for name, field in Settings.model_fields.items():
        names.add(f"BENCHMILL_{name.upper()}")
        sub = field.annotation
        if isinstance(sub, type) and issubclass(sub, BaseModel):
            names.update(f"BENCHMILL_{name.upper()}__{s.upper()}" for s in sub.model_fields)
    return names


def check_environment(environ: dict[str, str] | None = None) -> None:
    """An unknown BENCHMILL_* variable (a typo like BENCHMILL_LLM_BASE_URL) is an error,
    not silently ignored."""
    environ = os.environ if environ is None else environ
    known = _known_env_names()
    for var in sorted(environ):
        upper = var.upper()
        if not upper.startswith("BENCHMILL_") or upper in known:
            continue
        if upper.startswith("BENCHMILL_QUOTAS__") and len(upper) > len("BENCHMILL_QUOTAS__"):
            continue  # one entry of the quotas table
        close = difflib.get_close_matches(upper, sorted(known), n=1, cutoff=0.8)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise SettingsError(f"unknown setting in the environment: {var}{hint}")


def _toml_home(config: Path) -> Path | None:
    """A ``home = "..."`` key in the config file (relative to the file's folder)."""
    import tomllib

    try:
        value = tomllib.loads(config.read_text(encoding="utf-8")).get("home")
    except (OSError, ValueError):
        return None  # reported by the real load
    if not isinstance(value, str):
        return None
    return (config.expanduser().resolve().parent / Path(value).expanduser()).resolve()


def load_settings(config: Path | None = None, **overrides) -> Settings:
    """Load settings: explicit overrides > BENCHMILL_* env > TOML file > defaults.

    ``config`` defaults to $BENCHMILL_CONFIG, else ./benchmill.toml when it exists.
    Defaults of generated paths lie under ``project_home(config)``.
    Raises SettingsError naming the offending key.
    """
    if config is None:
        config = default_config()
    if config is not None and not config.exists():
        raise SettingsError(f"config file {config} does not exist")
    check_environment()
    home = project_home(config)
    if config is not None and "BENCHMILL_HOME" not in os.environ:
        home = _toml_home(config) or home
    _CONFIG_PATH["path"] = config
    _HOME["path"] = home
    try:
        return Settings(**{k: v for k, v in overrides.items() if v is not None}, home=home)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: "
            f"{'unknown key' if e['type'] == 'extra_forbidden' else e['msg']}" for e in exc.errors()
        )
        where = f" in {config}" if config else ""
        raise SettingsError(f"invalid settings{where} (or BENCHMILL_* env): {problems}") from None
    except Exception as exc:  # malformed TOML and the like
        raise SettingsError(f"cannot read settings from {config}: {exc}") from None
    finally:
        _CONFIG_PATH["path"] = None
        _HOME["path"] = None
