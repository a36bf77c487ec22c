"""Documents on their way from a source to the increment."""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

Language = Literal["en", "ru"]


class SourceSpec(BaseModel):
    """One place news comes from.

    kind: ``feed`` (RSS/Atom URL), ``listing`` (an HTML page linking to articles),
    ``folder`` (a local snapshot: feed files + article HTML, for offline runs).
    ``lang`` None means: detect per article.
    """

    name: str
    kind: Literal["feed", "listing", "folder"]
    location: str
    lang: Language | None = None


class FetchedDocument(BaseModel):
    """An article as crawled, before any comparison with the store."""

    source: str
    url: str
    canonical_url: str
    lang: Language
    title: str = ""
    author: str | None = None
    published: datetime | None = None
    text: str
    content_hash: str = Field(description="sha256 of the normalised text")


class IncrementDoc(BaseModel):
    """A document version waiting for processing, with what is new in it.

    ``new_paragraphs`` holds only paragraphs absent from the previous version (all of
    them for a brand-new document); downstream stages extract facts from these alone.
    """

    doc_id: str
    version_id: str
    canonical_url: str
    lang: Language
    title: str = ""
    published: datetime | None = None
    text: str
    new_paragraphs: list[str]


class PreviousVersion(BaseModel):
    """The newest consumed version of a document (the previous dataset revision), as the diff stage needs it."""

    doc_id: str
    seq: int
    content_hash: str
    text: str


class NewVersion(BaseModel):
    """A document version the diff stage found new or changed, ready to be stored."""

    doc: FetchedDocument
    doc_id: str
    version_id: str
    seq: int = Field(description="proposed sequence number; the store assigns the final one after the newest stored")
    status: Literal["new", "changed"]
    new_paragraphs: list[str]


PassageKind = Literal["document_version", "generated_document", "chunk"]


class Passage(BaseModel):
    """A releasable text, whatever made it: a crawled document version, a generated
    document, a chunk. Items cite ``doc_id``; a release exports each cited document's
    newest passage. ``passage_id`` is derived from the content (``passage_id``)."""

    passage_id: str
    doc_id: str
    kind: PassageKind
    method: str = Field(description="the generator whose collections may release it")
    lang: str
    title: str = ""
    text: str
    content_hash: str
    parent_id: str | None = Field(None, description="lineage: the passage a chunk was cut from, ...")
    lineage: dict = Field(default_factory=dict, description="generator-specific: config id, prompt, model...")


def passage_id(kind: str, doc_id: str, content_hash: str) -> str:
    """The content-derived id of a passage (a crawled version keeps its own version_id)."""
    import hashlib

    return "p-" + hashlib.sha256(f"{kind}\0{doc_id}\0{content_hash}".encode()).hexdigest()[:24]
