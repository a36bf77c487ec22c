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
