"""Shared pytest fixtures (registered from tests/conftest.py via ``pytest_plugins``).

``fake_llm``: a started :class:`tests.fakes.openai_server.FakeOpenAI`, stopped after the test.
``llm_engine``: an ``llm`` EngineConfig pointing at ``fake_llm``, with its own call cache
in the test's tmp_path (so no test sees another's cached replies), one transport retry and
a 5 s timeout (a forgotten reply fails fast instead of hanging).
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fakes.openai_server import FakeOpenAI


@pytest.fixture
def fake_llm() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


@pytest.fixture
def llm_engine(fake_llm: FakeOpenAI, tmp_path: Path):
    from benchmill.engines import EngineConfig
    from benchmill.settings import LLMSettings

    return EngineConfig(
        kind="llm",
        llm=LLMSettings(
            base_url=fake_llm.base_url,
            model="fake-model",
            cache_path=tmp_path / "llm_cache.sqlite",
            max_retries=1,
            timeout=5,
        ),
    )
