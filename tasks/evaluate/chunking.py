"""Recursive, sentence-aware chunking with a size and an overlap in characters or tokens.

The text is split recursively — paragraphs, then lines, then sentences (pysbd for English,
razdel for Russian), then words, then hard cuts — until every piece fits ``size``; pieces
are then merged greedily into chunks of at most ``size``, each chunk starting with the
trailing pieces of the previous one that fit in ``overlap``. Chunks are exact slices of the
source text (``start``/``end`` offsets), so RAGEval's substring checks and MIRAGE's oracle
selection see the real text.

Presets: DRAGON splits into 500 characters with 100 overlap (LangChain's recursive
splitter), MIRAGE into 330 tokens. Tokens here are ``\\w+`` runs and single punctuation
marks — a model-independent approximation of a subword tokenizer's count.
"""
from __future__ import annotations

import bisect
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

ChunkUnit = Literal["chars", "tokens"]
_TOKEN = re.compile(r"\w+|[^\w\s]", re.UNICODE)


class ChunkingConfig(BaseModel):
    size: int = 500
    overlap: int = 100
    unit: ChunkUnit = "chars"

    def model_post_init(self, __context) -> None:
        if self.size < 1:
            raise ValueError(f"chunk size must be >= 1, got {self.size}")
        if not 0 <= self.overlap < self.size:
            raise ValueError(f"chunk overlap must be in [0, size), got {self.overlap} for size {self.size}")


DRAGON_CHUNKING = ChunkingConfig(size=500, overlap=100, unit="chars")
MIRAGE_CHUNKING = ChunkingConfig(size=330, overlap=0, unit="tokens")


class Chunk(BaseModel):
    """A slice ``text[start:end]`` of public text ``text_id``; ``index`` counts chunks within it."""

    chunk_id: str
    text_id: int | str
    index: int
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class _Span:
    start: int
    end: int


_local = threading.local()


def _pysbd_en_spans():
    """One pysbd segmenter per thread: a Segmenter keeps the text it is working on."""
    seg = getattr(_local, "pysbd_spans", None)
    if seg is None:
        import pysbd

        seg = _local.pysbd_spans = pysbd.Segmenter(language="en", clean=False, char_span=True)
    return seg


def _sentence_spans(text: str, start: int, end: int, lang: str) -> list[_Span]:
    part = text[start:end]
    if lang == "ru":
        from razdel import sentenize

        bounds = [s.start for s in sentenize(part)]
    else:
        bounds = [s.start for s in _pysbd_en_spans().segment(part)]
    bounds = sorted({b for b in bounds if 0 < b < len(part)})
    cuts = [0, *bounds, len(part)]
    return [_Span(start + a, start + b) for a, b in zip(cuts, cuts[1:]) if b > a]


def _separator_spans(text: str, start: int, end: int, pattern: re.Pattern) -> list[_Span]:
    """Split after each separator match (the separator stays with the piece before it)."""
    spans, cur = [], start
    for m in pattern.finditer(text, start, end):
        if m.end() > cur and m.end() < end:
            spans.append(_Span(cur, m.end()))
            cur = m.end()
    spans.append(_Span(cur, end))
    return [s for s in spans if s.end > s.start]


_PARAGRAPH = re.compile(r"\n\s*\n")
_LINE = re.compile(r"\n")
_SPACE = re.compile(r"\s+")


class _Measure:
    """Length of text[a:b] in the chosen unit, O(log n) per call."""

    def __init__(self, text: str, unit: ChunkUnit):
        self.unit = unit
        if unit == "tokens":
            self._starts = [m.start() for m in _TOKEN.finditer(text)]

    def __call__(self, a: int, b: int) -> int:
        if self.unit == "chars":
            return b - a
        return bisect.bisect_left(self._starts, b) - bisect.bisect_left(self._starts, a)

    def hard_cut(self, span: _Span, size: int) -> list[_Span]:
        if self.unit == "chars":
            return [_Span(a, min(a + size, span.end)) for a in range(span.start, span.end, size)]
        lo = bisect.bisect_left(self._starts, span.start)
        hi = bisect.bisect_left(self._starts, span.end)
        starts = self._starts[lo:hi]
        if not starts:
            return [span]
        cuts = [span.start] + [starts[i] for i in range(size, len(starts), size)] + [span.end]
        return [_Span(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]


def _pieces(text: str, span: _Span, level: int, size: int, measure: _Measure, lang: str) -> list[_Span]:
    if measure(span.start, span.end) <= size:
        return [span]
    splitters: list[Callable[[], list[_Span]]] = [
        lambda: _separator_spans(text, span.start, span.end, _PARAGRAPH),
        lambda: _separator_spans(text, span.start, span.end, _LINE),
        lambda: _sentence_spans(text, span.start, span.end, lang),
        lambda: _separator_spans(text, span.start, span.end, _SPACE),
    ]
    if level >= len(splitters):
        return measure.hard_cut(span, size)
    parts = splitters[level]()
    if len(parts) <= 1:
        return _pieces(text, span, level + 1, size, measure, lang)
    out: list[_Span] = []
    for p in parts:
        out.extend(_pieces(text, p, level + 1, size, measure, lang))
    return out


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


def split_spans(text: str, config: ChunkingConfig = DRAGON_CHUNKING, lang: str = "en") -> list[tuple[int, int]]:
    """(start, end) offsets of the chunks of ``text``; whitespace at chunk edges is trimmed."""
    if not text or not text.strip():
        return []
    measure = _Measure(text, config.unit)
    pieces = _pieces(text, _Span(0, len(text)), 0, config.size, measure, lang)
    out: list[tuple[int, int]] = []
    window: list[_Span] = []

    def emit() -> None:
        a, b = _trim(text, window[0].start, window[-1].end)
        if b > a and (not out or (a, b) != out[-1]):
            out.append((a, b))

    for piece in pieces:
        if window and measure(window[0].start, piece.end) > config.size:
            emit()
            # keep the tail of the window that fits in the overlap and leaves room for the piece
            while window and (
                measure(window[0].start, window[-1].end) > config.overlap
                or measure(window[0].start, piece.end) > config.size
            ):
                window.pop(0)
        window.append(piece)
    if window:
        emit()
    return out


def chunk_text(text_id: int | str, text: str, config: ChunkingConfig = DRAGON_CHUNKING, lang: str = "en") -> list[Chunk]:
    return [
        Chunk(chunk_id=f"{text_id}:{i}", text_id=text_id, index=i, text=text[a:b], start=a, end=b)
        for i, (a, b) in enumerate(split_spans(text, config, lang))
    ]


def chunk_corpus(texts: Sequence[tuple[int | str, str]], config: ChunkingConfig = DRAGON_CHUNKING, lang: str = "en") -> list[Chunk]:
    """Chunks of every (text id, text) pair, in corpus order."""
    out: list[Chunk] = []
    for text_id, text in texts:
        out.extend(chunk_text(text_id, text, config, lang))
    return out
