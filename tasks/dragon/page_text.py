"""DRAGON crawl, page side: decode an article page and extract its text and metadata.

Split out of ``tasks/dragon/crawl.py`` (issue 8): this module turns bytes of one HTML page
into an ``ExtractedArticle`` (plain text whose paragraphs are separated by blank lines,
title, author, date, language); ``crawl.py`` fetches pages, reads feeds and listings.
Pure compute: no network, no store.
"""
from __future__ import annotations

import codecs
import re
from datetime import UTC, datetime
from typing import Literal

import charset_normalizer
import lxml.etree
import lxml.html
import trafilatura
from pydantic import BaseModel

from benchmill.nlp import detect_language  # the one shared detector (Cyrillic letter ratio)
from schemas.documents import FetchedDocument, Language
from tasks.dragon.diff import content_hash, normalise_text, tidy_whitespace
from tasks.dragon.urls import _resolve, _same_site, canonical_url

__all__ = [
    "ArticleError", "CrawlError", "ExtractedArticle", "decode_html", "extract_article",
    "is_html_content_type", "media_type",
]

#: shorter extracted text is a teaser, paywall stub or navigation page, not an article
MIN_ARTICLE_CHARS = 200
#: how much of a page is searched for a <meta> charset declaration (HTML spec: 1024 bytes;
#: real pages often put it later, after long <script>/<link> blocks)
_META_SNIFF_BYTES = 4096

FailureKind = Literal["transient", "permanent"]


# --------------------------------------------------------------------------- results


class ExtractedArticle(BaseModel):
    """What one HTML page yields; ``to_document`` adds the crawl context."""

    canonical_url: str
    lang: Language
    title: str = ""
    author: str | None = None
    published: datetime | None = None
    text: str

    def to_document(self, source: str, url: str) -> FetchedDocument:
        return FetchedDocument(
            source=source, url=url, content_hash=content_hash(self.text), **self.model_dump()
        )


class CrawlError(Exception):
    """One item (feed, page, article, file) could not be crawled; becomes a ``Failure``."""

    def __init__(self, reason: str, kind: FailureKind = "permanent"):
        super().__init__(reason)
        self.reason = reason
        self.kind: FailureKind = kind


class ArticleError(CrawlError):
    """A page was fetched but holds no usable article."""


# --------------------------------------------------------------------------- decoding


_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_CHARSET_PARAM = re.compile(r"""charset\s*=\s*["']?\s*([A-Za-z0-9_:.\-]+)""", re.IGNORECASE)
# <meta charset="x"> and <meta http-equiv="Content-Type" content="text/html; charset=x">,
# attributes in any order
_META_CHARSET = re.compile(rb"""<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_:.\-]+)""", re.IGNORECASE)
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
# Browsers decode these labels as windows-1252 (WHATWG Encoding); pages declaring them
# routinely contain 0x80-0x9F punctuation (curly quotes, dashes) that latin-1 gets wrong.
_WHATWG_ALIASES = {"iso-8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252",
                   "ascii": "cp1252", "us-ascii": "cp1252", "iso8859-1": "cp1252"}
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def media_type(content_type: str | None) -> str | None:
    """``text/html; charset=x`` -> ``text/html``; None when there is no header."""
    if not content_type:
        return None
    return content_type.split(";", 1)[0].strip().lower() or None


def is_html_content_type(content_type: str | None) -> bool:
    """True for HTML/XHTML, and for a missing header (the body decides then)."""
    kind = media_type(content_type)
    return kind is None or kind in _HTML_TYPES


def _codec(label: str | None) -> str | None:
    """Python codec name for a charset label, None when unknown."""
    if not label:
        return None
    label = label.strip().lower()
    label = _WHATWG_ALIASES.get(label, label)
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def decode_html(body: bytes, content_type: str | None = None) -> str:
    """Decode an HTML page: byte-order mark, then the HTTP charset, then a ``<meta>``
    charset declaration, then UTF-8, then statistical detection (charset-normalizer).

    A declared charset that does not decode the bytes cleanly is treated as a wrong
    declaration and the next evidence is tried; when nothing decodes cleanly the first
    usable guess decodes with replacement characters, so this never raises.
    """
    for bom, codec in _BOMS:
        if body.startswith(bom):
            return body.decode(codec, errors="replace")
    declared: list[str] = []
    if content_type and (match := _CHARSET_PARAM.search(content_type)):
        declared.append(match.group(1))
    if match := _META_CHARSET.search(body[:_META_SNIFF_BYTES]):
        declared.append(match.group(1).decode("ascii"))
    candidates = [codec for codec in map(_codec, declared) if codec] + ["utf-8"]
    for codec in candidates:
        try:
            return body.decode(codec)
        except (UnicodeDecodeError, LookupError):
            continue
    best = charset_normalizer.from_bytes(body).best()
    if best is not None:
        return str(best)
    return body.decode(candidates[0], errors="replace")


# --------------------------------------------------------------------------- extraction


def _parse_html(markup: str) -> lxml.html.HtmlElement | None:
    try:
        return lxml.html.fromstring(markup)
    except (lxml.etree.ParserError, ValueError):
        return None


def _declared_canonical(tree: lxml.html.HtmlElement | None, url: str) -> str | None:
    """The page's ``<link rel=canonical>`` when it is an http(s) URL on the same site.

    A canonical link to another site (syndicated copy) is ignored: the article is
    tracked where it was crawled.
    """
    if tree is None:
        return None
    for link in tree.iter("link"):
        rel = (link.get("rel") or "").lower().split()
        href = link.get("href") or ""
        if "canonical" in rel and href.strip():
            target = _resolve(url, href)
            if target is not None and _same_site(target, url):
                return canonical_url(target)
            return None
    return None


def _inline_text(element: lxml.etree._Element) -> str:
    return tidy_whitespace("".join(element.itertext()))


def _body_paragraphs(body: lxml.etree._Element) -> list[str]:
    """Paragraphs of trafilatura's extracted body (its XML: p, head, list, table, quote...).

    A list or table stays one paragraph, one item/row per line, so that the paragraph
    units match what a reader sees as one block.
    """
    for line_break in body.iter("lb"):  # <br> inside a paragraph: a space, not a new block
        line_break.tail = " " + (line_break.tail or "")
    paragraphs: list[str] = []

    def visit(block: lxml.etree._Element) -> None:
        if block.tag == "list":
            items = [_inline_text(item) for item in block.findall("item")]
            text = "\n".join(f"- {item}" for item in items if item)
        elif block.tag == "table":
            rows = (" | ".join(filter(None, map(_inline_text, row.findall("cell")))) for row in block.iter("row"))
            text = "\n".join(row for row in rows if row)
        elif len(block) and any(child.tag in ("p", "list", "table", "head", "quote") for child in block):
            if block.text and block.text.strip():
                paragraphs.append(tidy_whitespace(block.text))
            for child in block:
                visit(child)
                if child.tail and child.tail.strip():
                    paragraphs.append(tidy_whitespace(child.tail))
            return
        else:
            text = _inline_text(block)
        if text:
            paragraphs.append(text)

    if body.text and body.text.strip():
        paragraphs.append(tidy_whitespace(body.text))
    for block in body:
        visit(block)
    return paragraphs


def _extracted_date(value: str | None) -> tuple[datetime | None, bool]:
    """(UTC-aware datetime, whether it carries a time of day) from trafilatura's date."""
    if not value:
        return None, False
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None, False
    has_time = parsed.tzinfo is not None or parsed.time() != datetime.min.time()
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC), has_time


def _choose_published(extracted: str | None, fallback: datetime | None) -> datetime | None:
    """The article's own date; the feed's when the page has none, or when the page gives
    only the same day and the feed the exact time."""
    article_date, has_time = _extracted_date(extracted)
    if fallback is not None and fallback.tzinfo is None:
        fallback = fallback.replace(tzinfo=UTC)
    if article_date is None:
        return fallback
    if not has_time and fallback is not None and fallback.astimezone(UTC).date() == article_date.date():
        return fallback.astimezone(UTC)
    return article_date


def extract_article(
    html: bytes | str,
    url: str,
    *,
    lang: Language | None = None,
    content_type: str | None = None,
    fallback_title: str = "",
    fallback_author: str | None = None,
    fallback_published: datetime | None = None,
) -> ExtractedArticle:
    """Text and metadata of one article page (trafilatura), or ``ArticleError``.

    ``html``: the raw bytes (decoded with ``decode_html``, honouring ``content_type``'s
    charset) or already-decoded text. ``url``: where the page came from (after redirects).
    ``lang``: the source's declared language; None detects it from the text.
    ``fallback_*``: what the feed entry said, used when the page does not say it.

    Paragraphs are separated by a blank line; a leading heading equal to the title is
    dropped (the title is its own field). Fewer than ``MIN_ARTICLE_CHARS`` characters of
    text is an "empty article".
    """
    if content_type is not None and not is_html_content_type(content_type):
        raise ArticleError(f"not an HTML page (content type {media_type(content_type)})")
    markup = decode_html(html, content_type) if isinstance(html, bytes) else html
    # lxml refuses str input that still carries an XML encoding declaration (XHTML pages)
    markup = _XML_DECLARATION.sub("", markup, count=1)
    if not markup.strip():
        raise ArticleError("empty article: the page is empty")
    tree = _parse_html(markup)
    try:
        extracted = trafilatura.bare_extraction(
            markup,
            url=url,
            with_metadata=True,
            include_comments=False,
            include_tables=True,
            date_extraction_params={
                # ISO 8601 with time: a page's exact publication time beats the feed's day
                "outputformat": "%Y-%m-%dT%H:%M:%S%z",
                "original_date": True,
                # the extensive search guesses from loose text ("Copyright 2024" becomes
                # 2024-01-01); no date lets the feed entry's date take over instead
                "extensive_search": False,
            },
        )
    except Exception as exc:  # trafilatura/lxml raise assorted errors on pathological markup
        raise ArticleError(f"cannot extract text: {type(exc).__name__}: {exc}") from None
    if extracted is None or extracted.body is None:
        raise ArticleError("empty article: no text could be extracted")
    title = tidy_whitespace(extracted.title or "") or tidy_whitespace(fallback_title)
    paragraphs = _body_paragraphs(extracted.body)
    if paragraphs and title and normalise_text(paragraphs[0]) == normalise_text(title):
        paragraphs = paragraphs[1:]
    text = "\n\n".join(paragraphs)
    if len(text) < MIN_ARTICLE_CHARS:
        raise ArticleError(f"empty article: {len(text)} characters of text, fewer than {MIN_ARTICLE_CHARS}")
    author = tidy_whitespace(extracted.author or "") or (tidy_whitespace(fallback_author or "") or None)
    return ExtractedArticle(
        canonical_url=_declared_canonical(tree, url) or canonical_url(url),
        lang=lang or detect_language(f"{title}\n{text}"),
        title=title,
        author=author,
        published=_choose_published(extracted.date, fallback_published),
        text=text,
    )
