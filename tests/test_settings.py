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
        ('[llm]\nbase_ur = "http://127.0.0.1:8000/v1"\n', "llm.base_ur"),
        ('[prefect]\ntask_runer = "dask"\n', "prefect.task_runer"),
        ("[crawl]\nretry = 2\n", "crawl.retry"),
        ('timezone = "Mars/Olympus_Mons"\n', "timezone"),
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


def test_unknown_nested_key_is_not_silently_dropped(tmp_path: Path):
    cfg = tmp_path / "benchmill.toml"
    cfg.write_text('[llm]\nbase_ur = "http://127.0.0.1:8000/v1"\n')
    with pytest.raises(SettingsError, match=r"llm\.base_ur: unknown key"):
        load_settings(cfg)


def test_valid_timezone_is_kept(monkeypatch):
    monkeypatch.setenv("BENCHMILL_TIMEZONE", "Europe/Moscow")
    assert load_settings(None).timezone == "Europe/Moscow"


@pytest.mark.parametrize(("var", "hint"), [("BENCHMILL_LLM_BASE_URL", "BENCHMILL_LLM__BASE_URL"),
                                           ("BENCHMILL_STOR", "BENCHMILL_STORE"),
                                           ("BENCHMILL_LLM__BASE_UR", "BENCHMILL_LLM__BASE_URL")])
def test_unknown_env_variable_is_named(monkeypatch, var: str, hint: str):
    monkeypatch.setenv(var, "http://127.0.0.1:8000/v1")
    with pytest.raises(SettingsError) as exc:
        load_settings(None)
    assert var in str(exc.value) and f"did you mean {hint}?" in str(exc.value)


def test_known_env_variables_pass(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("BENCHMILL_HOME", str(tmp_path))
    monkeypatch.setenv("BENCHMILL_QUOTAS__SIMPLE", "3")
    monkeypatch.setenv("BENCHMILL_CRAWL__RETRIES", "1")
    s = load_settings(None)
    assert s.quotas["simple"] == 3 and s.crawl.retries == 1


def _generated(s) -> list[Path]:
    return [s.store, s.releases_dir, s.reports_dir, s.llm.cache_path, s.embedding.cache_path, s.wikidata.index,
            s.prefect.home, s.prefect.result_storage]


def test_generated_state_defaults_to_the_working_directory(tmp_path: Path, monkeypatch):
    from benchmill import ROOT

    monkeypatch.delenv("BENCHMILL_HOME", raising=False)
    monkeypatch.delenv("BENCHMILL_EMBEDDING__CACHE_PATH", raising=False)  # set by conftest
    monkeypatch.chdir(tmp_path)
    s = load_settings(None)
    assert s.home == tmp_path.resolve()
    assert s.store == tmp_path.resolve() / "data" / "benchmill.duckdb"
    assert s.prefect.home == tmp_path.resolve() / ".prefect"
    assert all(p.is_relative_to(tmp_path.resolve()) and not p.is_relative_to(ROOT) for p in _generated(s))


def test_home_from_env_then_config_folder(tmp_path: Path, monkeypatch):
    project = tmp_path / "project"
    project.mkdir()
    cfg = project / "benchmill.toml"
    cfg.write_text('store = "state/my.duckdb"\n[llm]\ncache_path = "../shared/llm.sqlite"\n')
    monkeypatch.delenv("BENCHMILL_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    s = load_settings(cfg)
    # relative paths in the file resolve against the file's folder, defaults against the home
    assert s.home == project.resolve()
    assert s.store == project.resolve() / "state" / "my.duckdb"
    assert s.llm.cache_path.resolve() == (tmp_path / "shared" / "llm.sqlite").resolve()
    assert s.releases_dir == project.resolve() / "data" / "releases"
    monkeypatch.chdir(project)  # ./benchmill.toml is found by default
    assert load_settings(None).home == project.resolve()
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("BENCHMILL_HOME", str(elsewhere))
    s = load_settings(cfg)
    assert s.home == elsewhere.resolve() and s.reports_dir == elsewhere.resolve() / "reports"
    assert s.store == project.resolve() / "state" / "my.duckdb"  # set in the file: kept


def test_home_key_in_config_file(tmp_path: Path, monkeypatch):
    monkeypatch.delenv("BENCHMILL_HOME", raising=False)
    cfg = tmp_path / "conf" / "benchmill.toml"
    cfg.parent.mkdir()
    cfg.write_text('home = "../work"\n')
    s = load_settings(cfg)
    assert s.home == (tmp_path / "work").resolve()
    assert s.store == (tmp_path / "work").resolve() / "data" / "benchmill.duckdb"


def test_example_config_copied_into_a_project(tmp_path: Path, monkeypatch):
    from benchmill import ROOT

    monkeypatch.delenv("BENCHMILL_HOME", raising=False)
    cfg = tmp_path / "benchmill.toml"
    cfg.write_text((ROOT / "benchmill.example.toml").read_text())
    s = load_settings(cfg)
    assert s.store == tmp_path.resolve() / "data" / "benchmill.duckdb"
    assert s.prefect.result_storage == tmp_path.resolve() / ".prefect" / "results"
    assert s.wikidata.dump.exists()  # the bundled sample, wherever the project lives
