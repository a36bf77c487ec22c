"""DRAGON crawl, page side: decode an article page and extract its text and metadata.

Split out of ``tasks/dragon/crawl.py`` (issue 8): this module turns bytes of one HTML page
into an ``ExtractedArticle`` (plain text whose paragraphs are separated by blank lines,
title, author, date, language); ``crawl.py`` fetches pages, reads feeds and listings.
Pure compute: no network, no store.
"""
from __future__ import annotations

import codecs
import math
import re
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

import charset_normalizer
import lxml.etree
import lxml.html
import trafilatura
from pydantic import BaseModel

from benchmill.injection import INSTRUCTION, MARKUP, injection_reason
from benchmill.nlp import detect_language, morph_vocab  # (detect_language: the one shared detector)
from schemas.documents import FetchedDocument, Language
from tasks.dragon.diff import content_hash, normalise_paragraph, normalise_text, split_paragraphs, tidy_whitespace
from tasks.dragon.urls import _resolve, _same_site, canonical_url

__all__ = [
    "ArticleError", "CrawlError", "ExtractedArticle", "decode_html", "extract_article",
    "is_html_content_type", "media_type",
]

#: no longer a rule (issue 10: articles are accepted by content, ``accept_article``); kept
#: for code that imported it
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


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_INLINE = frozenset("a abbr b br cite code em i mark q s small span strong sub sup time u".split())


def _unglue_heading_tails(tree: lxml.html.HtmlElement) -> bool:
    """Text right after a heading inside the same block (``<div><h1>Title</h1> By Staff Reporter ·
    Thu 19 Nov ... LONDON - The lead sentence ...</div>``) becomes a paragraph of its own, with the
    inline elements that follow it: trafilatura drops a heading's tail, and with it the byline and
    the article's lead sentence. True when the tree changed."""
    changed = False
    for heading in list(tree.iter(*_HEADINGS)):
        if not (heading.tail and heading.tail.strip()) or heading.getparent() is None:
            continue
        paragraph = lxml.html.Element("p")
        paragraph.text, heading.tail = heading.tail, None
        while (following := heading.getnext()) is not None and isinstance(following.tag, str) \
                and following.tag.lower() in _INLINE:
            paragraph.append(following)  # moves it, its tail with it
        heading.addnext(paragraph)
        changed = True
    return changed


#: the label an ad box opens with ("Advertisement", "ADVERTISEMENT · Pentref Motors ...", "Реклама"):
#: the box is the advertiser's copy, whatever its markup calls it
_AD_BOX_LABEL = re.compile(
    r"^\W*(?:advertisement|advert|sponsored(?: content)?|paid (?:content|post)|реклама|на правах рекламы)\s*(?:$|[·:|—–-])",
    re.IGNORECASE)
#: an ad box is short; a longer block that opens with the label is the page around it
_AD_BOX_CHARS = 400


def _drop_ad_boxes(tree: lxml.html.HtmlElement) -> bool:
    """Remove the blocks (div, aside, section, figure) whose first text is an ad label followed by the
    advertiser's copy (``<div class="inline-ad"><small>Advertisement</small><p>Birchwood Home
    Insurance: bundle home and auto ...</p></div>``): trafilatura keeps the copy as a paragraph of the
    story once the label line is dropped. An empty slot (the label alone) is left to trafilatura: taking
    it out can change which part of the page it reads as the story. True when the tree changed."""
    boxes = []
    for block in tree.iter("div", "aside", "section", "figure"):
        first = next((t for t in block.itertext() if t.strip()), None)
        if first is None or not _AD_BOX_LABEL.match(first.strip()) \
                or any(block in box.iterdescendants() for box in boxes):
            continue  # (the block's whole text is joined only for a labelled one: every div of a page is seen)
        if len(first.strip()) < len(tidy_whitespace(" ".join(block.itertext()))) <= _AD_BOX_CHARS:
            boxes.append(block)
    for box in boxes:
        box.drop_tree()  # keeps the text after it
    return bool(boxes)


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


# --------------------------------------------------------------------------- cleaning (issue 10)
#
# What a reader skips is not article text: the byline and dateline, photo captions and
# credits, share/subscribe/"read more" lines (whatever symbol or emoji opens them: "→ По теме:"),
# ads by their legal marking ("erid: ..."), boxes of labelled page facts ("Источник: | ...",
# "Просмотры: | 1208"), press contacts and keyword lines, the title repeated at the top, and site
# boilerplate repeated on many pages of one source (the last one is learnt across the pages
# of a crawl, ``strip_site_boilerplate``). Left in, they make a byline-only change a
# changed document, turn "Thu" into an entity that "approved a stadium", and put garbage
# into questions. Injected text (``benchmill.injection``) goes too, recorded with a reason.

_WEEKDAYS = (
    "mon|monday|tue|tues|tuesday|wed|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday|"
    "пн|вт|ср|чт|пт|сб|вс|понедельник|вторник|среда|среду|четверг|пятница|пятницу|суббота|субботу|воскресенье"
)
_MONTHS = (
    "jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|"
    "nov|november|dec|december|январь|января|февраль|февраля|март|марта|апрель|апреля|май|мая|июнь|июня|июль|июля|"
    "август|августа|сентябрь|сентября|октябрь|октября|ноябрь|ноября|декабрь|декабря|янв|фев|мар|апр|июн|июл|авг|"
    "сен|сент|окт|ноя|дек"
)
# words a byline/date line is made of besides names and dates
_META_WORDS = frozenset((
    "by and staff reporter reporters correspondent correspondents editor editors writer writers senior chief "
    "political business news desk our in at updated published posted last modified am pm gmt utc bst cet cest est "
    "edt msk mins min minutes hours hour ago read reading time today yesterday "
    "автор авторы текст корреспондент корреспондента редактор редакция обозреватель обновлено опубликовано "
    "в г года мин минут чтения время сегодня вчера мск"
).split())
_MONTH_SET = frozenset(_MONTHS.split("|"))
_WEEKDAY_SET = frozenset(_WEEKDAYS.split("|"))
_TOKEN = re.compile(r"[^\W\d_][\w'’.-]*|\d{1,4}(?:[:.]\d{2})?(?:[.,/]\d{1,4})*|[·|•/,—–:()-]+", re.UNICODE)
_WORD_START = re.compile(r"[^\W\d_]", re.UNICODE)
_BYLINE_LEAD = frozenset({"by", "автор", "авторы", "текст", "written", "reporting"})
_STRONG_SEPARATORS = frozenset("·|•/—–-")
_ROLE_WORDS = frozenset("reporter reporters correspondent correspondents editor editors writer writers корреспондент "
                        "корреспондента редактор обозреватель".split())

# "LONDON, March 3 (Reuters) -", "BERLIN (AP) —", "МОСКВА, 3 марта —": a city in capitals,
# an optional date and agency, a dash
_DATELINE = re.compile(
    r"^(?P<city>[A-ZА-ЯЁ][A-ZА-ЯЁ'’.-]+(?:[ -][A-ZА-ЯЁ][A-ZА-ЯЁ'’.-]+){0,3}"
    # a press release's "Псков, 1 декабря 2026 г. —": the city in title case, a full date after it
    r"|[A-ZА-ЯЁ][a-zа-яё'’-]+(?:[ -][A-ZА-ЯЁа-яё][a-zа-яё'’-]+){0,2}(?=\s*,\s*\d{1,2}\s+[a-zа-яё]+\s+\d{4}))"
    r"(?:\s*,\s*(?P<date>[^—–()]{1,40}?))?\s*(?P<agency>\([^()]{1,40}\))?\s*[—–-]{1,2}\s+(?=\S)"
)
# «НАХОДКА. Сотрудники ...», "WREXHAM. Plans ...": a place in capitals closed by a full stop
# (Russian wire style), taken only where a story opens and only before a capitalised sentence
_PERIOD_DATELINE = re.compile(r"^(?P<city>[A-ZА-ЯЁ][A-ZА-ЯЁ'’-]+(?:[ -][A-ZА-ЯЁ][A-ZА-ЯЁ'’-]+){0,3})\.\s+(?=[«\"“]?[A-ZА-ЯЁ])")
#: the body's first paragraphs, where a dateline may open the story after a standfirst
OPENING_PARAGRAPHS = 3
_CAPTION = re.compile(
    r"^\(?\s*(?:photo(?:graph)?s?|image|picture|pictured|credit|photo credit|illustration|video|source: photo|"
    r"фото|фотография|снимок|иллюстрация|видео|источник фото|кадр)\s*(?:credit\s*)?[:：/]", re.IGNORECASE)
_TRAILING_CREDIT = re.compile(
    r"\s*[(\[]?\s*(?:photo|image|credit|фото|иллюстрация)\s*:\s*[^()\[\].]{1,60}[)\]]?\s*$", re.IGNORECASE)
_FURNITURE = re.compile(
    r"^(?:share(?: this)?(?: story| article| on \w+)?|share|tweet|email|print|comments?(?: \(\d+\))?|advertisement|"
    r"ad|sponsored|read more|read also|read next|read more (?:about|on) [^.]{1,80}|more on this story|related(?: stories| articles)?|see also|"
    r"continue reading|skip advertisement|follow us(?: on \w+)?|sign up(?: for [^.]{0,60})?|subscribe(?: [^.]{0,60})?|"
    r"newsletters?|enter your e-?mail(?: address)?|рассылка|"
    r"читайте также|читать также|читать далее|подробнее|по теме|реклама|поделиться|подписывайтесь[^.]{0,80}|"
    r"подпишитесь[^.]{0,80}|комментарии(?: \(\d+\))?|смотрите также|следите за новостями[^.]{0,80}|"
    r"(?:read more|read also|see also|related|читайте также|по теме|смотрите также)\s*[:›»→|-]\s*.{1,150})"
    r"\s*[:.!…>»→]*\s*$",
    re.IGNORECASE,
)
_FURNITURE_ANYWHERE = re.compile(
    r"subscribe to our (?:newsletter|channel)|sign up for our (?:newsletter|daily)|read the full (?:story|article)|"
    r"follow us on (?:facebook|twitter|x|telegram|instagram)|подписывайтесь на наш|подпишитесь на наш|"
    r"читайте нас в (?:telegram|телеграм|дзен)|all rights reserved|все права защищены|"
    # a newsletter box: "Get the day's top stories delivered to your inbox", "Sign up to the Morning
    # Quay, our free newsletter", "Newsletter: ...", "Подпишитесь на нашу рассылку"
    r"\b(?:in|to|into) your (?:e-?mail )?inbox\b|\bour (?:[\w'’-]+ ){0,2}newsletters?\b|"
    r"\bsign up (?:to|for) [^.]{0,60}\bnewsletter|\benter your e-?mail\b|^newsletter\s*:|"
    r"подпиш\w+ на (?:нашу |наши )?(?:рассылк|новостн)|на (?:вашу )?(?:электронную )?почту каждый",
    re.IGNORECASE,
)


#: what a page puts in front of a furniture line: "→ По теме: ...", "👉 Подписывайтесь ...", "► Read more"
_LEADING_SYMBOLS = re.compile(r"^[^\w«\"“„'(\[]+", re.UNICODE)
#: a subscribe call that opens a short paragraph, whatever the channel's name ("Подписывайтесь на
#: НН.Сейчас в Telegram ...", "Follow Harbour News on X"): the site's promo, not the story
_PROMO_CALL = re.compile(
    r"^(?:подписывайтесь|подпишитесь|следите за нами|читайте нас|присоединяйтесь к нам|subscribe to|follow us|"
    r"join us on)\b", re.IGNORECASE)
#: the Russian advertising law's marking ("erid: Kra23dQw1Yp", an advertiser's ИНН after "Реклама"):
#: an ad, whatever it says
_AD_MARKING = re.compile(r"\berid\s*[:：]\s*\w|^реклама\b.{0,300}\bинн\s*\d{10,12}\b", re.IGNORECASE | re.DOTALL)
#: a labelled line of the page's furniture: "Ключевые слова: ...", "Теги: ...", "Tags: ..."
_LABEL_FURNITURE = re.compile(
    r"^(?:ключевые слова|теги|метки|рубрик[аи]|tags|keywords|topics|filed under)\s*[:：]", re.IGNORECASE)
#: a line that gives a way to reach someone: an e-mail address or a phone number
_CONTACT = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+|\+\d[\d\s()-]{8,}\d|\b8[\s(-]*800[\s)-]*\d")
#: a label ending in a colon at the start of a line ("Контакты для СМИ:", "Источник:", "Просмотры:")
_LINE_LABEL = re.compile(r"^[^\W\d_][\w .-]{0,40}?[:：]\s*(?:\||$)|^[^\W\d_][\w .-]{0,40}?[:：]", re.UNICODE)


def _is_info_box(text: str) -> bool:
    """A box of labelled page facts, one per line or table row: "Источник: | пресс-служба ...",
    "Опубликовано:", "Редактор раздела: | ...", "Просмотры: | 1208". Every line opens with a short
    label and a colon, and is short: the page's metadata, not the article's sentences."""
    rows = [row.strip() for row in text.split("\n") if row.strip()]
    if not rows:
        return False
    for row in rows:
        label = re.match(r"^([^\W\d_][\w .-]{0,30}?)[:：]\s*(\|\s*)?(.*)$", row, re.UNICODE)
        if label is None or len(label.group(1).split()) > 3 or len(_WORD.findall(label.group(3))) > 10:
            return False
        if "|" not in row and label.group(3) and len(rows) == 1:
            return False  # one "Label: value" line is a sentence's shape too ("Итог: ...")
    return True


def _is_contact_line(text: str) -> bool:
    """A short labelled line with an e-mail address or a phone number: "Контакты для СМИ: Ирина
    Савчук, +7 (4822) 00-01-20, press@...", "Media contact: ...". Who to call, not news."""
    return len(text) <= 300 and bool(_CONTACT.search(text)) and bool(_LINE_LABEL.match(text))


def _token_kind(token: str) -> str:
    low = token.lower().rstrip(".")
    if not _WORD_START.match(token) and not token[0].isdigit():
        return "sep"
    if token[0].isdigit():
        return "date"
    if low in _MONTH_SET or low in _WEEKDAY_SET:
        return "date"
    if low in _META_WORDS:
        return "meta"
    if token[0].isupper():
        return "name"
    return "word"


def _meta_prefix_length(paragraph: str) -> int:
    """Length of a leading byline/date line ("By Staff Reporter · Thu 19 March 2026 ...",
    "Staff reporter | 19 March 2026", "Автор: Иван Петров, 19 марта 2026"), 0 when none.

    Tokens are read while they are a lead word ("By", "Автор"), names (capitalised words,
    at most four, before the first date or strong separator), dates and times, separators
    and byline words ("staff", "reporter", "updated"). A whole paragraph of them is a
    byline when it has a lead, a date, or a name with a byline word; a prefix of a longer
    paragraph only with a lead or a strong separator ("·", "|", "—") next to a date or
    byline word, or as a bare timestamp (a weekday with a year or a time of day: "Thu 19 Nov
    2026 14:05 GMT Harbour ..."), and never before a lower-case continuation ("By Monday, the council ...",
    "In 2019, Hansa Events ..." stay as they are).
    """
    end, names = 0, 0
    lead = date = meta = strong = weekday = stamp = False
    in_names = True
    matches = list(_TOKEN.finditer(paragraph))
    kinds = [_token_kind(m.group(0)) for m in matches]
    for index, match in enumerate(matches):
        token = match.group(0)
        kind = kinds[index]
        if kind == "word" and _before_role(matches, kinds, index):
            kind = "meta"  # "local democracy reporter", "специальный корреспондент"
        if index == 0 and token.lower() in _BYLINE_LEAD:
            lead = True
        elif kind == "name" and in_names and names < 4:
            names += 1
        elif kind == "date":
            date, in_names = True, False
            weekday = weekday or token.lower().rstrip(".") in _WEEKDAY_SET
            stamp = stamp or bool(re.fullmatch(r"\d{4}|\d{1,2}[:.]\d{2}", token))
        elif kind == "sep":
            if set(token) <= _STRONG_SEPARATORS:
                strong, in_names = True, False
        elif kind == "meta":
            meta = True
        else:
            break
        end = match.end()
    if end == 0:
        return 0
    rest = paragraph[end:].strip()
    if not rest:
        return end if (date or lead or (meta and names)) else 0
    if not rest[0].isupper() and not rest[0] in "«\"“'":
        return 0
    if lead and (names or meta) and (date or strong):
        return end
    if weekday and stamp and not names:  # a bare timestamp glued on: "Thu 19 Nov 2026 14:05 GMT Harbour ..."
        return end
    if strong and (date or meta) and (lead or meta or names == 0):
        return end
    return 0


def _is_dateline(match: re.Match) -> bool:
    """A capitalised word and a dash is a dateline only with an agency or a date after it:
    "ЦБ — главный регулятор" and "NATO - the alliance ..." are sentences."""
    if match.group("agency"):
        return True
    city, rest = match.group("city"), match.string[match.end():]
    if not city.isupper() and not rest[:1].isupper():
        return False  # a title-case city only before a sentence: "Иван, 3 марта 2026 года — день его рождения"
    words = [w.lower().rstrip(".") for w in _WORD.findall(match.group("date") or "")]
    return any(w in _MONTH_SET or w in _WEEKDAY_SET for w in words) and any(w.isdigit() for w in words)


def _is_opening_dateline(match: re.Match) -> bool:
    """At the very start of a story, a place in capitals and a dash before a sentence is a
    dateline even with no date: "CARDIFF CROWN COURT — A former club treasurer ...", "LEEDS —
    Plans ...". (Elsewhere "NATO - the alliance ..." may be a sentence; here the capitals are
    the wire style, and a subject in capitals would become a name no one can ask about.)"""
    city = match.group("city")
    sentence = match.string[match.end():].lstrip("«\"“„'")  # «Волжская верфь» спустила ...
    return city.isupper() and len(_LETTER.findall(city)) >= 4 and sentence[:1].isupper()


_CYRILLIC_WORD = re.compile(r"[А-ЯЁа-яё-]+")


def _period_place(match: re.Match) -> bool:
    """The full-stop dateline is the Russian wire style: a Cyrillic place, never an agency's acronym
    («УМВД. Сотрудники …», «ТАСС. …» open sentences about the body), which pymorphy2 tags Abbr / Orgn."""
    words = _WORD.findall(match.group("city"))
    if not words or not all(_CYRILLIC_WORD.fullmatch(w) for w in words):
        return False
    morph = morph_vocab()
    return not any(p.tag.grammemes & {"Abbr", "Orgn"} for w in words for p in morph.parse(w.lower())[:3])


def _before_role(matches: list[re.Match], kinds: list[str], index: int) -> bool:
    """Up to three lower-case words followed by a byline role word."""
    for ahead in range(index, min(index + 4, len(kinds))):
        if kinds[ahead] == "meta":
            return matches[ahead].group(0).lower() in _ROLE_WORDS
        if kinds[ahead] != "word":
            return False
    return False


def _strip_glued_title(paragraph: str, title: str) -> str:
    """A paragraph that starts with the title followed by more text (title, byline and body
    glued together by the page's markup): the title is cut off."""
    if not title:
        return paragraph
    norm_title = normalise_text(title)
    norm_par = normalise_text(paragraph)
    if norm_par != norm_title and norm_par.startswith(norm_title + " ") and paragraph.startswith(title):
        return paragraph[len(title):].lstrip(" ·|•:—–-")
    return paragraph


def clean_paragraph(paragraph: str, *, title: str = "", first: bool = False, opening: bool | None = None) -> tuple[str, str | None]:
    """(cleaned paragraph, None) or ("", reason code) when the whole paragraph goes.

    ``first``: the paragraph opens the article body (a glued title and a leading byline are
    looked for only there, and in the paragraph right after a dropped one). ``opening``: it is
    one of the body's first ``OPENING_PARAGRAPHS`` (default: ``first``); a dateline with no date
    is looked for there, since a standfirst often comes before the paragraph that carries it.
    """
    opening = first if opening is None else opening
    text = paragraph.strip()
    if first:
        text = _strip_glued_title(text, title)
    if title and normalise_text(text) == normalise_text(title):
        return "", "title"
    if (reason := injection_reason(text)) is not None:
        return "", reason
    if _CAPTION.match(text):
        return "", "caption"
    bare = _LEADING_SYMBOLS.sub("", text)  # "→ По теме: ...", "👉 Подписывайтесь ..."
    if len(text) <= 200 and (_FURNITURE.match(bare) or _FURNITURE_ANYWHERE.search(bare) or _PROMO_CALL.match(bare)):
        return "", "furniture"
    if len(text) <= 500 and _AD_MARKING.search(bare):
        return "", "advertisement"
    if len(text) <= 300 and (_LABEL_FURNITURE.match(bare) or _is_contact_line(bare) or _is_info_box(text)):
        return "", "page info"  # its own reason: the short lead before an info box is no box heading
    if prefix := _meta_prefix_length(text):
        text = text[prefix:].lstrip(" ·|•,—–-:")
        if not text:
            return "", "byline"
    if (match := _DATELINE.match(text)) and (_is_dateline(match) or opening and _is_opening_dateline(match)):
        text = text[match.end():]
    elif opening and (match := _PERIOD_DATELINE.match(text)) and _is_opening_dateline(match) and _period_place(match):
        text = text[match.end():]
    text = _TRAILING_CREDIT.sub("", text) if len(text) > 40 else text
    return (text, None) if text else ("", "byline")


@dataclass(frozen=True)
class CleanText:
    paragraphs: list[str]
    #: (reason, paragraph) for what was removed as injected text (recorded by the crawl)
    injected: list[tuple[str, str]]


def clean_paragraphs(paragraphs: list[str], title: str = "") -> CleanText:
    """The article's own paragraphs: bylines, datelines, captions, page furniture and the
    repeated title removed; injected text removed and returned with its reason."""
    kept: list[str] = []
    injected: list[tuple[str, str]] = []
    heading_before = False  # the last kept paragraph reads as a heading ("The Morning Quay", "More port news")
    for paragraph in paragraphs:
        text, reason = clean_paragraph(paragraph, title=title, first=not kept, opening=len(kept) < OPENING_PARAGRAPHS)
        if reason is not None and reason.startswith((INSTRUCTION, MARKUP)):
            injected.append((reason, paragraph))
        if reason == "furniture" and heading_before:
            kept.pop()  # a box's heading goes with the box
        if text:
            kept.append(text)
        heading_before = bool(text) and _is_heading_like(text)
    return CleanText(kept, injected)


def _is_heading_like(text: str) -> bool:
    """A short line that is no sentence: a crosshead or a box title."""
    return "\n" not in text and len(_WORD.findall(text)) <= 6 and not re.search(r"[.!?…:;,][\"'»”)]*$", text)


# --------------------------------------------------------------------------- acceptance (issue 10)
#
# An article is accepted by its content, not by a character count: a real two-sentence
# story of 189 characters is news, a 2.9 MB page of one paragraph repeated 800 times is not.

#: reason codes of a rejected page (the text before the colon of the failure's reason)
EMPTY, TOO_SHORT, REPEATED, WRONG_LANGUAGE = "empty article", "too short", "repeated paragraphs", "wrong language"
TABLE_LISTING = "table listing"
#: a sentence counts when it has this many words; one sentence alone needs LONG_SENTENCE_WORDS
SENTENCE_WORDS = 4
LONG_SENTENCE_WORDS = 20
#: a page of at least this many paragraphs of which fewer than half are distinct is rejected
#: (spam or a broken template); fewer repeats are dropped and the article kept
REPEAT_MIN_PARAGRAPHS = 10
#: one paragraph, list row or table cell repeated this often makes the page a listing or spam
REPEAT_ONE_TEXT = 10
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"'»”)]*\s+(?=[\"'«“(]?[A-ZА-ЯЁ0-9])")
_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*", re.UNICODE)
_LETTER = re.compile(r"[^\W\d_]", re.UNICODE)


def real_sentences(text: str) -> list[str]:
    """Sentences of ``text`` with at least ``SENTENCE_WORDS`` words and ending like one
    (a cheap splitter: the crawl must not load a parser per page)."""
    found = []
    for paragraph in text.split("\n"):
        for sentence in _SENTENCE_END.split(paragraph.strip()):
            if len(_WORD.findall(sentence)) >= SENTENCE_WORDS and re.search(r"[.!?…][\"'»”)]*$", sentence):
                found.append(sentence)
    return found


def distinct_paragraphs(paragraphs: list[str]) -> list[str]:
    """``paragraphs`` with exact repeats (after normalisation) dropped, first one kept."""
    seen: set[str] = set()
    out = []
    for paragraph in paragraphs:
        key = normalise_text(paragraph)
        if key not in seen:
            seen.add(key)
            out.append(paragraph)
    return out


def accept_article(paragraphs: list[str], lang: Language | None, table_rows: int = 0) -> str | None:
    """None when the (cleaned, deduplicated) paragraphs make an article, else the reason:
    ``"<code>: <detail>"`` with a code from EMPTY, TOO_SHORT, TABLE_LISTING, WRONG_LANGUAGE.
    ``table_rows``: the rows of the page's tables (``_table_rows``), for ``table_listing_reason``."""
    text = "\n\n".join(paragraphs)
    if not _LETTER.search(text):
        return f"{EMPTY}: no text left after cleaning"
    sentences = real_sentences(text)
    longest = max((len(_WORD.findall(s)) for s in sentences), default=0)
    if len(sentences) < 2 and longest < LONG_SENTENCE_WORDS:
        return (f"{TOO_SHORT}: {len(sentences)} sentence(s) of {SENTENCE_WORDS}+ words in {len(text)} characters "
                f"(needs 2, or one of {LONG_SENTENCE_WORDS}+ words)")
    if lang is not None and (found := detect_language(text)) != lang:
        return f"{WRONG_LANGUAGE}: the text reads as {found}, the source is declared {lang}"
    return table_listing_reason(table_rows, len(sentences))


def _page_blocks(tree: lxml.html.HtmlElement | None, tags: tuple[str, ...] = ("p", "li", "td")) -> list[str]:
    """Texts of the page's ``tags`` elements (paragraphs, list items, table cells) that hold a
    sentence's worth of words."""
    if tree is None:
        return []
    texts = (_inline_text(e) for e in tree.iter(*tags))
    return [t for t in texts if len(_WORD.findall(t)) >= SENTENCE_WORDS]


def repeated_block_reason(blocks: list[str]) -> str | None:
    """A page where one text of a sentence's length stands ``REPEAT_ONE_TEXT`` times or more
    (a disclaimer after every row of a roadworks or shutdown table, an ad 800 times) is a
    listing or spam, not an article, however many other rows it has. Real stories, list
    stories included (seedings, rankings, tariffs), repeat a line at most twice: the same
    headline in "Most read" and "More on this story"."""
    if not blocks:
        return None
    text, times = Counter(normalise_text(b) for b in blocks).most_common(1)[0]
    if times >= REPEAT_ONE_TEXT:
        return f"{REPEATED}: one text {times} times among {len(blocks)} paragraphs, rows and cells ({text[:60]!r})"
    return None


#: a page whose tables hold at least this many rows ...
TABLE_LISTING_ROWS = 20
#: ... and whose text has at most this many sentences of prose is a data listing (a timetable,
#: a tide or sunrise table, a collection calendar, a price list), not a story: each row differs
#: from the next, so the repeat rules do not see it, and no row is a sentence to take a fact from
TABLE_LISTING_SENTENCES = 4


def _table_rows(tree: lxml.html.HtmlElement | None) -> int:
    """Rows of the page's tables that hold two cells or more."""
    if tree is None:
        return 0
    return sum(1 for row in tree.iter("tr") if sum(1 for c in row if c.tag in ("td", "th")) >= 2)


def table_listing_reason(rows: int, sentences: int) -> str | None:
    """A page of ``rows`` table rows and ``sentences`` sentences of prose (``real_sentences``) is a
    listing, not an article, when the rows are many and the prose is little. Stories with a table
    (results, standings, a budget) carry it with more than ``TABLE_LISTING_SENTENCES`` of their own."""
    if rows >= TABLE_LISTING_ROWS and sentences <= TABLE_LISTING_SENTENCES:
        return f"{TABLE_LISTING}: {rows} table rows and {sentences} sentence(s) of prose"
    return None


def repeated_reason(paragraphs: list[str]) -> str | None:
    """A page of at least ``REPEAT_MIN_PARAGRAPHS`` paragraphs of which fewer than half are
    distinct is spam or a broken template, not an article (decided in issue 10: rejected,
    rather than deduplicated to its distinct paragraphs and released)."""
    distinct = len({normalise_text(p) for p in paragraphs})
    if len(paragraphs) >= REPEAT_MIN_PARAGRAPHS and distinct * 2 < len(paragraphs):
        return f"{REPEATED}: {len(paragraphs)} paragraphs, only {distinct} distinct"
    return None


# --------------------------------------------------------------------------- site boilerplate (issue 10)

#: a paragraph on at least this share of a source's pages in one crawl (and on at least
#: BOILERPLATE_MIN_PAGES of them) is the site's, not the article's: "Our journalism is
#: funded by readers ...", a newsletter box, a standard disclaimer
BOILERPLATE_SHARE = 0.3
BOILERPLATE_MIN_PAGES = 3


def site_boilerplate(texts: list[str]) -> set[str]:
    """Normalised paragraphs that repeat across the pages of one source's crawl."""
    if len(texts) < BOILERPLATE_MIN_PAGES:
        return set()
    counts = Counter(key for text in texts for key in {normalise_paragraph(p) for p in split_paragraphs(text)})
    threshold = max(BOILERPLATE_MIN_PAGES, math.ceil(BOILERPLATE_SHARE * len(texts)))
    return {key for key, count in counts.items() if count >= threshold}


def strip_site_boilerplate(docs: list[FetchedDocument]) -> tuple[list[FetchedDocument], list[tuple[FetchedDocument, str]]]:
    """``docs`` (one source's crawl) without the paragraphs repeated across its pages, and
    the documents that no longer make an article with their reason. A document whose only
    change since the last crawl is such boilerplate keeps its text, hash and so its
    version: it is unchanged."""
    boilerplate = site_boilerplate([d.text for d in docs])
    if not boilerplate:
        return docs, []
    kept: list[FetchedDocument] = []
    rejected: list[tuple[FetchedDocument, str]] = []
    for doc in docs:
        paragraphs = split_paragraphs(doc.text)
        own = [p for p in paragraphs if normalise_paragraph(p) not in boilerplate]
        if len(own) == len(paragraphs):
            kept.append(doc)
        elif reason := accept_article(own, doc.lang):
            rejected.append((doc, f"{reason} (after removing {len(paragraphs) - len(own)} paragraph(s) "
                                  f"repeated across the source's pages)"))
        else:
            text = "\n\n".join(own)
            kept.append(doc.model_copy(update={"text": text, "content_hash": content_hash(text)}))
    return kept, rejected
