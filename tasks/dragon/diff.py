"""DRAGON stage 2: compare a freshly crawled document with its previous version.

A document is a sequence of paragraphs separated by blank lines (the crawl stage writes
it that way). A paragraph counts as *new* when its normalised form does not occur
anywhere in the previous version: moving paragraphs around adds nothing, while a
paragraph edited in any way -- one corrected number is enough -- is new, because it may
carry the corrected fact that downstream stages must extract.

This module also owns the text primitives shared with the crawl stage (whitespace
tidying, normalisation, content hash), so a document hashed at crawl time and compared
here always goes through one implementation. It imports nothing heavy, so the flow side
(store ingest) can use it without loading the crawler's dependencies.

Pure functions: no store access (the flow reads previous versions and writes results).
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import Literal

from pydantic import BaseModel

from schemas.documents import FetchedDocument

# a paragraph break is a blank line, possibly holding stray spaces
_PARAGRAPH_BREAK = re.compile(r"\n[ \t\r\f\v\u00a0]*\n\s*")
# characters that render as nothing but would make equal text hash differently
_INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
_WHITESPACE_RUN = re.compile(r"\s+")
# typographic variants that editors swap without changing meaning
_PUNCTUATION_FOLD = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
    "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u00ab": '"', "\u00bb": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
    "\u2212": "-",
})

ID_LENGTH = 16  # hex digits: 64 bits, collision-free in practice for millions of documents


def tidy_whitespace(text: str) -> str:
    """One line of display text: invisible characters removed, whitespace runs -> one space."""
    return _WHITESPACE_RUN.sub(" ", _INVISIBLE.sub("", text)).strip()


def split_paragraphs(text: str) -> list[str]:
    """Paragraphs of ``text`` (separated by blank lines), stripped, empty ones dropped.

    Single line breaks stay inside their paragraph (a list rendered one item per line is
    one paragraph).
    """
    return [p.strip() for p in _PARAGRAPH_BREAK.split(text) if p.strip()]


def normalise_paragraph(paragraph: str) -> str:
    """Comparison form of one paragraph: NFKC, invisible characters dropped, quotes and
    dashes folded, whitespace collapsed. Case is kept: it can carry meaning (names)."""
    folded = unicodedata.normalize("NFKC", paragraph).translate(_PUNCTUATION_FOLD)
    return tidy_whitespace(folded)


def normalise_text(text: str) -> str:
    """Comparison form of a whole text: normalised paragraphs joined by blank lines.

    Two texts that differ only in whitespace, invisible characters or typographic quote
    and dash variants normalise to the same string (and so get the same content hash).
    """
    paragraphs = (normalise_paragraph(p) for p in split_paragraphs(text))
    return "\n\n".join(p for p in paragraphs if p)


def content_hash(text: str) -> str:
    """sha256 (hex) of the normalised text: the identity of one document version."""
    return hashlib.sha256(normalise_text(text).encode("utf-8")).hexdigest()


def document_id(canonical_url: str) -> str:
    """Stable id of a document: derived from its canonical URL alone, so every version of
    one article shares it. Pass the output of ``tasks.dragon.crawl.canonical_url``."""
    return hashlib.sha256(canonical_url.encode("utf-8")).hexdigest()[:ID_LENGTH]


def version_id(doc_id: str, content_hash: str) -> str:
    """Stable id of one version of a document: the same text crawled twice gets one id."""
    return hashlib.sha256(f"{doc_id}\n{content_hash}".encode("utf-8")).hexdigest()[:ID_LENGTH]


def paragraph_diff(previous_text: str | None, new_text: str) -> list[str]:
    """Paragraphs of ``new_text`` whose normalised form is absent from ``previous_text``.

    All paragraphs when there is no previous text. Order of ``new_text`` is kept; a new
    paragraph repeated within ``new_text`` is returned once (its facts need extracting
    once). Paragraphs are returned as written in ``new_text``, not normalised.
    """
    known = {normalise_paragraph(p) for p in split_paragraphs(previous_text or "")}
    new_paragraphs: list[str] = []
    for paragraph in split_paragraphs(new_text):
        key = normalise_paragraph(paragraph)
        if key and key not in known:
            known.add(key)
            new_paragraphs.append(paragraph)
    return new_paragraphs


class DiffResult(BaseModel):
    """How a crawled document relates to the stored version of the same canonical URL.

    ``changed`` with no new paragraphs is possible: paragraphs reordered or removed.
    """

    status: Literal["new", "changed", "unchanged"]
    new_paragraphs: list[str]


def diff_document(previous_hash: str | None, previous_text: str | None, doc: FetchedDocument) -> DiffResult:
    """Compare ``doc`` with the latest stored version (hash and text; both None when the
    canonical URL has never been seen).

    A known hash without its text (should not happen, but a store may lose it) makes
    every paragraph new rather than none: re-extracting facts is safe, missing them is not.
    """
    if previous_hash is None:
        return DiffResult(status="new", new_paragraphs=paragraph_diff(None, doc.text))
    if previous_hash == doc.content_hash:
        return DiffResult(status="unchanged", new_paragraphs=[])
    return DiffResult(status="changed", new_paragraphs=paragraph_diff(previous_text, doc.text))
