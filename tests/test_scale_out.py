"""Scale-out: the same flow on a local Dask cluster (worker processes only compute)."""
from __future__ import annotations

from bench.corpus import make_articles, write_folder
from benchmill.settings import load_settings
from schemas import SourceSpec
from tests.flow_env import flow_state


def test_daily_flow_runs_on_a_local_dask_cluster(prefect_harness, tmp_path):
    from flows.daily_news import configured

    folder = write_folder(make_articles("en", 3, seed=11), tmp_path / "src")
    env = {"BENCHMILL_ENGINE": "rules", "BENCHMILL_PREFECT__TASK_RUNNER": "dask",
           "BENCHMILL_PREFECT__DASK_WORKERS": "2", "BENCHMILL_LANGUAGES": '["en"]'}
    with flow_state(tmp_path / "state", **env):
        settings = load_settings(None)
        flow = configured(settings)
        assert type(flow.task_runner).__name__ == "DaskTaskRunner"
        summary = flow(sources=[SourceSpec(name="bench", kind="folder", location=str(folder), lang="en")])
    assert summary.fetched == 3 and summary.triplets > 0 and summary.new_items > 0
    assert summary.releases == {"news-en": "1.0.0"}
