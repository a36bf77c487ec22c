"""Reading a Wikidata JSON dump: the entity dicts of a ``.json``, ``.json.bz2`` or
``.json.gz`` dump (one entity per line inside a JSON array, as dumps.wikimedia.org ships
them), read with qwikidata, and what the index keeps of each (en/ru/``mul`` text and the
claims whose value is an item or a short literal). The live API's payloads are parsed by
the same :func:`_parse_entity`."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tasks.dragon.wikidata_records import (
    INDEX_LANGUAGES,
    MULTILINGUAL,
    WikidataDumpError,
    WikidataEntity,
)

DUMP_SUFFIXES = (".json", ".json.bz2", ".json.gz")

# Snak datatypes whose values never name a fact a news sentence states: identifiers in
# other databases, media file names, maths. A full dump has hundreds of millions of
# external ids; keeping them would multiply the claims table for nothing.
_SKIPPED_DATATYPES = frozenset(
    {"external-id", "commonsMedia", "geo-shape", "tabular-data", "math", "musical-notation"}
)
# Wikidata precision codes for time values (9 year, 10 month, 11 day); coarser dates
# (decades, centuries) never equal the text of a news fact.
_YEAR, _MONTH = 9, 10


@dataclass
class _ParsedEntity:
    """What the index keeps of one dump / API entity, parsed through qwikidata."""

    entity: WikidataEntity
    claim_rows: list[tuple[str, str, str | None, str | None]] = field(default_factory=list)


def _parse_entity(raw: dict[str, Any], languages: tuple[str, ...] = INDEX_LANGUAGES) -> _ParsedEntity | None:
    """Parse one entity dict (dump line or API payload); None for lexemes and the like."""
    from qwikidata.entity import WikidataItem, WikidataProperty

    kind = raw.get("type")
    if kind not in ("item", "property"):
        return None
    # Dumps always carry these keys; API answers drop the ones not asked for, and
    # qwikidata refuses a dict without them.
    for key in ("labels", "descriptions", "aliases", "claims"):
        if not isinstance(raw.get(key), dict):
            raw[key] = {}
    wrapped = WikidataItem(raw) if kind == "item" else WikidataProperty(raw)
    codes = (*languages, MULTILINGUAL)
    entity = WikidataEntity(
        qid=wrapped.entity_id,
        type=kind,
        labels={c: wrapped.get_label(c) for c in codes if wrapped.get_label(c)},
        descriptions={c: wrapped.get_description(c) for c in codes if wrapped.get_description(c)},
        aliases={c: wrapped.get_aliases(c) for c in codes if wrapped.get_aliases(c)},
    )
    parsed = _ParsedEntity(entity)
    for property_id, group in wrapped.get_claim_groups().items():
        for claim in group:
            if claim.rank == "deprecated":
                continue
            value = _claim_value(claim.mainsnak, languages)
            if value is not None:
                parsed.claim_rows.append((entity.qid, property_id, *value))
    return parsed


def _claim_value(snak, languages: tuple[str, ...]) -> tuple[str | None, str | None] | None:
    """(value_qid, value_text) of a main snak, or None when it is not worth keeping."""
    if snak.snaktype != "value" or snak.datavalue is None or snak.snak_datatype in _SKIPPED_DATATYPES:
        return None
    kind = snak.value_datatype
    value = snak.datavalue.value
    if kind == "wikibase-entityid":
        entity_id = value.get("id") or (f"Q{value['numeric-id']}" if "numeric-id" in value else None)
        return (entity_id, None) if entity_id else None
    if kind == "string":
        return (None, value) if value else None
    if kind == "monolingualtext":
        return (None, value["text"]) if value.get("language") in (*languages, MULTILINGUAL) else None
    if kind == "quantity":
        amount = value["amount"].lstrip("+")
        if "." in amount:
            amount = amount.rstrip("0").rstrip(".")
        return (None, amount)
    if kind == "time":
        return _time_text(value)
    # globe coordinates: a news sentence never states a fact as "51.9225, 4.47917"
    return None


def _time_text(value: dict[str, Any]) -> tuple[None, str] | None:
    match = re.fullmatch(r"([+-])(\d+)-(\d\d)-(\d\d)T.*", value.get("time", ""))
    precision = value.get("precision", 0)
    if not match or precision < _YEAR:
        return None
    sign, year, month, day = match.groups()
    year = ("-" if sign == "-" else "") + str(int(year))
    if precision == _YEAR:
        return None, year
    if precision == _MONTH:
        return None, f"{year}-{month}"
    return None, f"{year}-{month}-{day}"


def _check_dump(dump: Path) -> Path:
    dump = Path(dump)
    if not dump.name.endswith(DUMP_SUFFIXES):
        raise WikidataDumpError(f"{dump}: a Wikidata dump must end with one of {', '.join(DUMP_SUFFIXES)}")
    if not dump.is_file():
        raise WikidataDumpError(f"Wikidata dump {dump} does not exist")
    return dump


def _iter_dump(dump: Path) -> Iterator[dict[str, Any]]:
    """Entity dicts of a dump, with the line number in the error when one is malformed."""
    from qwikidata.json_dump import WikidataJsonDump

    line_number = 0
    try:
        for line_number, raw in enumerate(WikidataJsonDump(str(dump)), start=1):
            if not isinstance(raw, dict):
                raise WikidataDumpError(f"{dump}: entity {line_number} is a {type(raw).__name__}, not an object")
            yield raw
    except WikidataDumpError:
        raise
    except (json.JSONDecodeError, UnicodeDecodeError, EOFError, OSError) as exc:
        raise WikidataDumpError(f"{dump}: cannot read entity {line_number + 1}: {exc}") from exc

