"""Test-wide setup: offline models, isolated Prefect storage, shared fixtures.

Prefect cache records go to ~/.prefect/storage unless PREFECT_LOCAL_STORAGE_PATH points
elsewhere, so each test session gets its own, or cached results would leak between
sessions (ENVIRONMENT.md).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

_session_tmp = Path(tempfile.mkdtemp(prefix="benchmill-tests-"))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ["PREFECT_HOME"] = str(_session_tmp / "prefect-home")
os.environ["PREFECT_LOCAL_STORAGE_PATH"] = str(_session_tmp / "prefect-storage")
os.environ["PREFECT_RESULTS_PERSIST_BY_DEFAULT"] = "true"
os.environ["BENCHMILL_EMBEDDING__CACHE_PATH"] = str(_session_tmp / "embedding_cache.sqlite")
os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
# settings must come from the test, never from a developer's benchmill.toml
os.environ.pop("BENCHMILL_CONFIG", None)
os.environ.pop("BENCHMILL_HOME", None)

pytest_plugins = ["tests.fakes.fixtures"]

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def prefect_harness():
    """A real Prefect API (temporary database) shared by every flow test of the session (~10 s to start)."""
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=120):
        yield
