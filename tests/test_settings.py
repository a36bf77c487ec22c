"""Settings: TOML + BENCHMILL_* env, validated, with the bad key named."""
from __future__ import annotations

from pathlib import Path

import pytest

from benchmill.engines import EngineConfig
from benchmill.settings import SettingsError, load_settings


def test_defaults_pick_rules_engine_without_endpoint(monkeypatch):
    monkeypatch.delenv("BENCHMILL_LLM__BASE_URL", raising=False)
    s = load_settings(None)
    assert s.engine == "auto" and s.active_engine == "rules"
    assert s.store.name == "benchmill.duckdb"
    assert s.quotas["multi-hop"] == 150


def test_toml_then_env_override(tmp_path: Path, monkeypatch):
    cfg = tmp_path / "benchmill.toml"
    cfg.write_text(
        'store = "x.duckdb"\nengine = "auto"\nschedule = "30 5 * * *"\n'
        '[llm]\nbase_url = "http://127.0.0.1:9/v1"\nmodel = "m1"\nmax_concurrency = 3\n'
        '[[sources]]\nname = "demo"\nkind = "folder"\nlocation = "data/demo/news/en/day1"\nlang = "en"\n'
    )
    s = load_settings(cfg)
    assert s.active_engine == "llm" and s.llm.model == "m1" and s.llm.max_concurrency == 3
    assert s.sources[0].kind == "folder" and s.schedule == "30 5 * * *"
    monkeypatch.setenv("BENCHMILL_LLM__MODEL", "m2")
    monkeypatch.setenv("BENCHMILL_ENGINE", "rules")
    s = load_settings(cfg)
    assert s.llm.model == "m2" and s.active_engine == "rules"
    assert EngineConfig.from_settings(s).kind == "rules"


@pytest.mark.parametrize(
    ("toml", "key"),
    [
        ('engine = "gpt"\n', "engine"),
        ('schedule = "every day"\n', "schedule"),
        ("[llm]\nmax_concurrency = 0\n", "llm.max_concurrency"),
        ('[llm]\nbase_url = "localhost:8000"\n', "llm.base_url"),
        ("unknown_key = 1\n", "unknown_key"),
        ("[quotas]\nsimple = -1\n", "quotas"),
    ],
)
def test_bad_value_names_the_key(tmp_path: Path, toml: str, key: str):
    cfg = tmp_path / "benchmill.toml"
    cfg.write_text(toml)
    with pytest.raises(SettingsError) as exc:
        load_settings(cfg)
    assert key in str(exc.value) and str(cfg) in str(exc.value)


def test_bad_env_value_names_the_key(monkeypatch):
    monkeypatch.setenv("BENCHMILL_LLM__TEMPERATURE", "hot")
    with pytest.raises(SettingsError, match="llm.temperature"):
        load_settings(None)


def test_malformed_toml_and_missing_file(tmp_path: Path):
    cfg = tmp_path / "bad.toml"
    cfg.write_text("engine = \n")
    with pytest.raises(SettingsError, match="cannot read settings"):
        load_settings(cfg)
    with pytest.raises(SettingsError, match="does not exist"):
        load_settings(tmp_path / "nope.toml")


def test_llm_engine_without_endpoint_is_refused(monkeypatch):
    monkeypatch.delenv("BENCHMILL_LLM__BASE_URL", raising=False)
    with pytest.raises(SettingsError, match="base_url"):
        EngineConfig.from_settings(load_settings(None, engine="llm"))


def test_example_config_is_valid():
    from benchmill import ROOT

    s = load_settings(ROOT / "benchmill.example.toml")
    assert [src.kind for src in s.sources] == ["folder", "folder"]
    assert s.prefect.task_runner == "threads"
