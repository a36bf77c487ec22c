"""Language helpers: value formatting, sentence splitting, content units for refinement."""
from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache

_MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December"],
    "ru": ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
           "ноября", "декабря"],
}

# a sentence ends at . ! ? followed by whitespace and an upper-case letter, digit or quote;
# "12.5" and "No. 7" stay inside (no whitespace / no capital after the dot)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"«(\[A-ZА-ЯЁ0-9])")
# company suffixes (Inc, Ltd, Co) are not listed: generated names carry no full stops, and a
# name at the end of a sentence must end it
_ABBREV = re.compile(r"(?:\b(?:Dr|Mr|Mrs|Ms|St|No|Art|vs|г|ст|им|т\.е|т\.к)\.)$")
_UNIT = re.compile(r"\d{1,3}(?:[,\u00a0 ]\d{3}(?!\d))+(?:[.,]\d+)?|\d+(?:[.,]\d+)?|[A-ZА-ЯЁ][\w'’-]+")


def format_date(iso: str, lang: str) -> str:
    d = dt.date.fromisoformat(iso)
    if lang == "ru":
        return f"{d.day} {_MONTHS['ru'][d.month - 1]} {d.year} года"
    return f"{_MONTHS['en'][d.month - 1]} {d.day}, {d.year}"


def format_number(value: float, decimals: int, lang: str) -> str:
    text = f"{value:,.{decimals}f}"
    if lang == "ru":
        text = text.replace(",", "\u00a0").replace(".", ",")
    return text


def sentences(text: str) -> list[str]:
    """Sentences of a document, each a verbatim substring of it (line breaks split too)."""
    return list(_sentences(text))


@lru_cache(maxsize=4096)
def _sentences(text: str) -> tuple[str, ...]:
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        start = 0
        for m in _SENTENCE_END.finditer(line):
            if _ABBREV.search(line[start:m.start()]):
                continue
            out.append(line[start:m.start()].strip())
            start = m.end()
        out.append(line[start:].strip())
    return tuple(s for s in out if s)


def content_units(text: str, claim: bool = False) -> set[str]:
    return set(_content_units(text, claim))


@lru_cache(maxsize=65536)
def _content_units(text: str, claim: bool) -> frozenset[str]:
    """What a claim rests on: numbers and capitalised words (for reference/answer alignment).

    ``claim``: the text is an answer sentence, whose sentence-initial capital is no name; a
    supporting text keeps every capitalised word.
    """
    units = set()
    for m in _UNIT.finditer(text):
        u = m.group(0)
        if u[0].isdigit():
            units.add(re.sub(r"[^\d]", "", u))
        elif len(u) > 2 and not (claim and (m.start() == 0 or re.search(r"[.!?:;]\s*$", text[:m.start()]))):
            # a capital that only starts a sentence is no name
            units.add(u.casefold())
    return frozenset(units)


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:] if text[:1].isupper() and not text[1:2].isupper() else text


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]
