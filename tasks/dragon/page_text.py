"""DRAGON crawl, page side: decode an article page and extract its text and metadata.

Split out of ``tasks/dragon/crawl.py`` (issue 8): this module turns bytes of one HTML page
into an ``ExtractedArticle`` (plain text whose paragraphs are separated by blank lines,
title, author, date, language); ``crawl.py`` fetches pages, reads feeds and listings.
Pure compute: no network, no store.

The steps, one module each: ``page_text_decode`` (bytes to text), ``page_text_markup`` (the HTML
tree before trafilatura: canonical link, glued heading tails, ad boxes), this module (trafilatura's
body and dates, the result, ``extract_article``), ``page_text_chrome`` (captions, furniture, ads,
info boxes, the repeated title) with ``page_text_bylines`` (bylines, datelines), ``page_text_accept``
(is it an article?) and ``page_text_boilerplate`` (paragraphs repeated across a source's pages).
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Literal

import lxml.etree
import lxml.html
import trafilatura
from pydantic import BaseModel

from benchmill.nlp import detect_language  # (the one shared detector)
from schemas.documents import FetchedDocument, Language
from tasks.dragon.diff import content_hash, tidy_whitespace
# (clean_paragraph, strip_site_boilerplate, table_listing_reason: imported from here before the split, stay importable)
from tasks.dragon.page_text_accept import (  # noqa: F401
    _page_blocks, _table_rows, accept_article, distinct_paragraphs, repeated_block_reason, repeated_reason,
    table_listing_reason,
)
from tasks.dragon.page_text_boilerplate import strip_site_boilerplate  # noqa: F401
from tasks.dragon.page_text_chrome import CleanText, clean_paragraph, clean_paragraphs  # noqa: F401
from tasks.dragon.page_text_decode import _XML_DECLARATION, decode_html, is_html_content_type, media_type
from tasks.dragon.page_text_markup import (
    _declared_canonical, _drop_ad_boxes, _inline_text, _parse_html, _unglue_heading_tails,
)
from tasks.dragon.urls import canonical_url

__all__ = [
    "ArticleError", "CrawlError", "ExtractedArticle", "decode_html", "extract_article",
    "is_html_content_type", "media_type",
]

#: no longer a rule (issue 10: articles are accepted by content, ``accept_article``); kept
#: for code that imported it
MIN_ARTICLE_CHARS = 200

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
    #: (reason, paragraph) removed from ``text`` as injected text; the crawl records them
    injected: list[tuple[str, str]] = []

    def to_document(self, source: str, url: str) -> FetchedDocument:
        return FetchedDocument(
            source=source, url=url, content_hash=content_hash(self.text), **self.model_dump(exclude={"injected"})
        )


class CrawlError(Exception):
    """One item (feed, page, article, file) could not be crawled; becomes a ``Failure``."""

    def __init__(self, reason: str, kind: FailureKind = "permanent"):
        super().__init__(reason)
        self.reason = reason
        self.kind: FailureKind = kind


class ArticleError(CrawlError):
    """A page was fetched but holds no usable article."""


# --------------------------------------------------------------------------- extraction


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

    Paragraphs are separated by a blank line; the title (its own field), bylines, datelines,
    captions, page furniture and injected text are removed (``clean_paragraphs``), exact
    repeats dropped, and the page is accepted by content (``accept_article``: sentences,
    repeated paragraphs, the declared language; ``table_listing_reason``: a big table with
    hardly any prose), else ``ArticleError`` with a reason code.
    """
    if content_type is not None and not is_html_content_type(content_type):
        raise ArticleError(f"not an HTML page (content type {media_type(content_type)})")
    markup = decode_html(html, content_type) if isinstance(html, bytes) else html
    # lxml refuses str input that still carries an XML encoding declaration (XHTML pages)
    markup = _XML_DECLARATION.sub("", markup, count=1)
    if not markup.strip():
        raise ArticleError("empty article: the page is empty")
    tree = _parse_html(markup)
    if tree is not None and (_drop_ad_boxes(tree) | _unglue_heading_tails(tree)):
        markup = lxml.html.tostring(tree, encoding="unicode")
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
    # trafilatura folds repeated paragraphs into one, so a page of one paragraph repeated
    # 800 times would pass as a one-paragraph article: the page's own <p> elements decide
    if reason := repeated_reason(_page_blocks(tree, ("p",))) or repeated_block_reason(_page_blocks(tree)):
        raise ArticleError(reason)
    cleaned = clean_paragraphs(_body_paragraphs(extracted.body), title)
    paragraphs = distinct_paragraphs(cleaned.paragraphs)
    if len(paragraphs) <= SHORT_BODY_PARAGRAPHS:
        cleaned, paragraphs = _precise_short_body(markup, url, title, lang, cleaned, paragraphs)
    if reason := accept_article(paragraphs, lang, _table_rows(tree)):
        raise ArticleError(reason)
    text = "\n\n".join(paragraphs)
    author = tidy_whitespace(extracted.author or "") or (tidy_whitespace(fallback_author or "") or None)
    return ExtractedArticle(
        canonical_url=_declared_canonical(tree, url) or canonical_url(url),
        lang=lang or detect_language(f"{title}\n{text}"),
        title=title,
        author=author,
        published=_choose_published(extracted.date, fallback_published),
        text=text,
        injected=cleaned.injected,
    )


#: a body of this many paragraphs or fewer is extracted again with trafilatura's precision
#: setting: on a short story its default falls back to the whole <article>, and the share
#: buttons, tags and "More on this story" links come glued into the one paragraph
SHORT_BODY_PARAGRAPHS = 2


def _precise_short_body(markup: str, url: str, title: str, lang: Language | None,
                        cleaned: "CleanText", paragraphs: list[str]) -> tuple["CleanText", list[str]]:
    """The precise extraction of a short body when it is an article and shorter (what it
    left out was page furniture), else the default one unchanged."""
    try:
        precise = trafilatura.bare_extraction(markup, url=url, favor_precision=True, include_comments=False,
                                              include_tables=True, with_metadata=False)
    except Exception:  # the default extraction stands
        return cleaned, paragraphs
    if precise is None or precise.body is None:
        return cleaned, paragraphs
    precise_cleaned = clean_paragraphs(_body_paragraphs(precise.body), title)
    precise_paragraphs = distinct_paragraphs(precise_cleaned.paragraphs)
    if accept_article(precise_paragraphs, lang) is not None:
        return cleaned, paragraphs
    if len("\n\n".join(precise_paragraphs)) >= len("\n\n".join(paragraphs)):
        return cleaned, paragraphs
    return precise_cleaned, precise_paragraphs
