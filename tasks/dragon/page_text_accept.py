"""Page text, acceptance (issue 10): does the cleaned text make an article? A page is accepted by
its content, not by a character count: a real two-sentence story of 189 characters is news, a
2.9 MB page of one paragraph repeated 800 times is not, nor a timetable with hardly any prose.

``accept_article`` decides on the cleaned paragraphs; ``repeated_reason`` and
``repeated_block_reason`` on the page's own blocks (trafilatura folds repeats into one).
"""
from __future__ import annotations

import re
from collections import Counter

import lxml.html

from benchmill.nlp import detect_language  # (the one shared detector)
from schemas.documents import Language
from tasks.dragon.diff import normalise_text
from tasks.dragon.page_text_markup import _inline_text

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
