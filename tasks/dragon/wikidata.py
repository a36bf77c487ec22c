"""Wikidata for entity linking and novelty: a local DuckDB index of a dump, and the live API.

Both sources answer the same three questions the daily news flow asks (flow side; tasks
never touch them):

- ``candidates(surface, lang, limit)`` — which entities may a surface form name?
- ``claims_for(qids)`` — what does Wikidata already state about these entities?
- ``entity(qid)`` — labels, aliases and descriptions of one entity.

:class:`WikidataIndex` is a DuckDB file built from a JSON dump (``.json``, ``.json.bz2``,
``.json.gz``; one entity per line inside a JSON array, as dumps.wikimedia.org ships them)
read with qwikidata. Only English and Russian text is kept (plus ``mul``, Wikidata's
"same in every language" labels, which newer dumps use instead of repeating a name per
language).

Where each step lives (this module re-exports their public names):

- tasks/dragon/wikidata_records.py — languages, errors, name normalisation, the entity record;
- tasks/dragon/wikidata_dump.py — reading and parsing a dump;
- tasks/dragon/wikidata_build.py — the DuckDB build (tables, dump fingerprint, stale temp files);
- tasks/dragon/wikidata_index.py — :class:`WikidataIndex`, lookups in a built index;
- tasks/dragon/wikidata_api.py — :class:`WikidataAPI`, the live API (imported on first use);
- here — :class:`WikidataLookup`, the index and the API behind one facade.

:class:`WikidataAPI` asks www.wikidata.org (``wbsearchentities``, ``wbgetentities``)
instead, for deployments that want today's Wikidata rather than a dump.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from schemas.graph import EntityCandidate, WikidataClaim

# the names other modules import from here; each lives in the module that owns its step
from tasks.dragon.wikidata_dump import DUMP_SUFFIXES
from tasks.dragon.wikidata_index import WikidataIndex
from tasks.dragon.wikidata_records import (
    INDEX_FORMAT_VERSION,
    INDEX_LANGUAGES,
    MULTILINGUAL,
    WikidataAPIError,
    WikidataDumpError,
    WikidataEntity,
    WikidataError,
    WikidataIndexError,
    WikidataUnavailable,
    normalise_literal,
    normalise_name,
)

if TYPE_CHECKING:
    from tasks.dragon.wikidata_api import WikidataAPI


class WikidataLookup:
    """Where the flow asks Wikidata: the local index first, the live API too when configured.

    Candidates from both are merged by Q-id (the index's entry wins: it carries all
    aliases); claims come from both, so a fact the live API knows but the dump lacks is
    still recognised as already known.
    """

    def __init__(self, index: WikidataIndex | None, api: WikidataAPI | None):
        self.index = index
        self.api = api

    def candidates(self, surface: str, lang: str, limit: int = 20) -> list[EntityCandidate]:
        found: dict[str, EntityCandidate] = {}
        for source in (self.index, self.api):
            if source is not None:
                for candidate in source.candidates(surface, lang):
                    found.setdefault(candidate.qid, candidate)
        return list(found.values())[:limit]

    def claims_for(self, qids: list[str]) -> list[WikidataClaim]:
        claims: dict[tuple, WikidataClaim] = {}
        for source in (self.index, self.api):
            if source is not None and qids:
                for claim in source.claims_for(qids):
                    claims.setdefault((claim.subject_qid, claim.property_id, claim.value_qid, claim.value_text), claim)
        return list(claims.values())

    def close(self) -> None:
        for source in (self.index, self.api):
            if source is not None:
                source.close()


def __getattr__(name: str):
    """``WikidataAPI`` lives in tasks/dragon/wikidata_api.py, imported on first use (a deployment
    without the live API never loads its HTTP client)."""
    if name == "WikidataAPI":
        from tasks.dragon.wikidata_api import WikidataAPI

        return WikidataAPI
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
