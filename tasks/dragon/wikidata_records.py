"""The shared vocabulary of the Wikidata lookups: indexed languages, errors, name
normalisation and the entity record (:class:`WikidataEntity`) that the dump parser, the
local index and the live API all return. See tasks/dragon/wikidata.py for the overview."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel

from schemas.graph import EntityCandidate, WikidataClaim

#: bump when the tables change: an index of another version is rebuilt, never misread
INDEX_FORMAT_VERSION = "1"
#: languages whose labels, aliases and descriptions are indexed
INDEX_LANGUAGES: tuple[str, ...] = ("en", "ru")
#: Wikidata's language-neutral label language ("Rotterdam" for every Latin-script language)
MULTILINGUAL = "mul"

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_QID = re.compile(r"^Q[1-9][0-9]*$")
_ENTITY_ID = re.compile(r"^[QP][1-9][0-9]*$")


class WikidataError(Exception):
    """Base class: the message says what failed and where."""


class WikidataDumpError(WikidataError):
    """The dump cannot be read (missing, wrong suffix, malformed line)."""


class WikidataIndexError(WikidataError):
    """The index file is missing or was built by an incompatible version."""


class WikidataAPIError(WikidataError):
    """The API answered, but with an error or a payload we cannot read (not retried)."""


class WikidataUnavailable(WikidataAPIError):
    """The API did not answer usefully after retries (timeout, connection, 429, 5xx, maxlag).

    Transient: the flow's task fails and Prefect retries it later.
    """


def normalise_name(text: str) -> str:
    """Case-, accent- and punctuation-insensitive form of a name, used for lookups.

    Casefolded, diacritics removed after NFKD (so "ё" = "е", "Zürich" = "zurich"), every
    run of non-letters/digits one space: "Harbour-Logistics, Ltd." → "harbour logistics
    ltd". Applied to both the index and the query, so what it loses (й → и) it loses on
    both sides.
    """
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(_WORD.findall(stripped))


def normalise_literal(text: str) -> str:
    """:func:`normalise_name` with digit groups joined: "2,139" = "2 139" = "2139"."""
    return re.sub(r"(?<=\d) (?=\d)", "", normalise_name(text))


# --------------------------------------------------------------------------- records


class WikidataEntity(BaseModel):
    """One item or property with its en/ru (and ``mul``) text; claims when asked for."""

    qid: str
    type: Literal["item", "property"] = "item"
    labels: dict[str, str] = {}
    descriptions: dict[str, str] = {}
    aliases: dict[str, list[str]] = {}
    claims: list[WikidataClaim] = []

    def label(self, lang: str) -> str:
        """Label in ``lang``, else in the other indexed language, else ``mul``, else the id."""
        return _first_text(self.labels, _language_preference(lang)) or self.qid

    def description(self, lang: str) -> str:
        return _first_text(self.descriptions, _language_preference(lang))

    def names(self, lang: str) -> list[str]:
        """Every label and alias, ``lang`` first, duplicates (after normalisation) removed."""
        seen: set[str] = set()
        out: list[str] = []
        for code in _language_preference(lang):
            for name in [self.labels.get(code, ""), *self.aliases.get(code, [])]:
                key = normalise_name(name)
                if key and key not in seen:
                    seen.add(key)
                    out.append(name)
        return out

    def candidate(self, lang: str, string_score: float = 0.0) -> EntityCandidate:
        label = self.label(lang)
        return EntityCandidate(
            qid=self.qid,
            label=label,
            aliases=[n for n in self.names(lang) if n != label],
            description=self.description(lang),
            string_score=string_score,
            score=string_score,
        )


def _language_preference(lang: str) -> list[str]:
    others = [code for code in INDEX_LANGUAGES if code != lang]
    return [lang, *others, MULTILINGUAL] if lang != MULTILINGUAL else [MULTILINGUAL, *others]


def _first_text(texts: dict[str, str], languages: Iterable[str]) -> str:
    for code in languages:
        if texts.get(code):
            return texts[code]
    return ""

