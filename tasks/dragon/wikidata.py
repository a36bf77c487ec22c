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
language). Tables:

- ``entities(qid, type, label_en, label_ru, description_en, description_ru, aliases_en,
  aliases_ru, claim_count)`` — items and properties, sorted by qid;
- ``names(qid, lang, name, name_norm)`` — every label and alias of every item, sorted by
  ``name_norm`` (prefix and fuzzy lookups read only the row groups that can match) and
  indexed on it (exact lookups);
- ``claims(subject_qid, property_id, value_qid, value_text)`` — non-deprecated statements
  whose value is an item or a short literal, sorted by subject;
- ``properties(pid, lang, name, name_norm)`` — property labels and aliases;
- ``meta(key, value)`` — format version and the fingerprint of the dump it was built from.

:class:`WikidataAPI` asks www.wikidata.org (``wbsearchentities``, ``wbgetentities``)
instead, for deployments that want today's Wikidata rather than a dump.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
import time
import unicodedata
import uuid
import weakref
from collections import OrderedDict
from collections.abc import Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Literal

import duckdb
import httpx
from pydantic import BaseModel
from rapidfuzz import fuzz

from benchmill.processes import pid_alive
from schemas.graph import EntityCandidate, WikidataClaim

log = logging.getLogger(__name__)

#: bump when the tables change: an index of another version is rebuilt, never misread
INDEX_FORMAT_VERSION = "1"
#: languages whose labels, aliases and descriptions are indexed
INDEX_LANGUAGES: tuple[str, ...] = ("en", "ru")
#: Wikidata's language-neutral label language ("Rotterdam" for every Latin-script language)
MULTILINGUAL = "mul"
DUMP_SUFFIXES = (".json", ".json.bz2", ".json.gz")

# Snak datatypes whose values never name a fact a news sentence states: identifiers in
# other databases, media file names, maths. A full dump has hundreds of millions of
# external ids; keeping them would multiply the claims table for nothing.
_SKIPPED_DATATYPES = frozenset(
    {"external-id", "commonsMedia", "geo-shape", "tabular-data", "math", "musical-notation"}
)
_ROWS_PER_FLUSH = 50_000
_ROW_GROUP_SIZE = 16_384
# Wikidata precision codes for time values (9 year, 10 month, 11 day); coarser dates
# (decades, centuries) never equal the text of a news fact.
_YEAR, _MONTH = 9, 10

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


# --------------------------------------------------------------------------- dump fingerprint


def _dump_fingerprint(dump: Path) -> dict[str, str]:
    stat = dump.stat()
    return {"dump_size": str(stat.st_size), "dump_mtime_ns": str(stat.st_mtime_ns)}


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fp:
        for chunk in iter(lambda: fp.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _check_dump(dump: Path) -> Path:
    dump = Path(dump)
    if not dump.name.endswith(DUMP_SUFFIXES):
        raise WikidataDumpError(f"{dump}: a Wikidata dump must end with one of {', '.join(DUMP_SUFFIXES)}")
    if not dump.is_file():
        raise WikidataDumpError(f"Wikidata dump {dump} does not exist")
    return dump



def _remove_stale_builds(index_path: Path) -> None:
    """Delete temp files of builds whose process is gone (killed mid-build)."""
    for tmp in index_path.parent.glob(f".{index_path.name}.*.building*"):
        try:
            pid = int(tmp.name[len(index_path.name) + 2 :].split(".", 1)[0])
        except ValueError:
            continue
        if pid != os.getpid() and not pid_alive(pid):
            tmp.unlink(missing_ok=True)


def _open_read_only(path: Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection that sees the file as it is *now*.

    ``duckdb.connect(path)`` reuses a database instance already open on that path in this
    process, so after a rebuild renamed a new file into place it would keep serving the
    old one. Attaching the file to a private in-memory instance avoids that cache.
    """
    connection = duckdb.connect()
    try:
        escaped = str(path).replace("'", "''")
        connection.execute(f"ATTACH '{escaped}' AS wikidata (READ_ONLY)")
        connection.execute("USE wikidata")
    except Exception:
        connection.close()
        raise
    return connection


def _read_meta(path: Path) -> dict[str, str] | None:
    """The index's meta table, or None when the file is not a readable index."""
    try:
        with closing(_open_read_only(path)) as connection:
            return dict(connection.execute("SELECT key, value FROM meta").fetchall())
    except duckdb.Error:
        return None


# --------------------------------------------------------------------------- the index

_SCHEMA = """
CREATE TABLE entities_stage (
    qid VARCHAR, type VARCHAR, label_en VARCHAR, label_ru VARCHAR,
    description_en VARCHAR, description_ru VARCHAR, aliases_en VARCHAR[], aliases_ru VARCHAR[]
);
CREATE TABLE names_stage (qid VARCHAR, lang VARCHAR, name VARCHAR, name_norm VARCHAR);
CREATE TABLE claims_stage (subject_qid VARCHAR, property_id VARCHAR, value_qid VARCHAR, value_text VARCHAR);
CREATE TABLE properties_stage (pid VARCHAR, lang VARCHAR, name VARCHAR, name_norm VARCHAR);
"""

# Physical order makes the range lookups fast (prefix, first-letter fuzzy, claims by
# subject): DuckDB skips every row group whose min/max of the column cannot match. The
# ART indexes serve the point lookups (exact names, entities by id).
_FINALISE = """
CREATE TABLE claims AS
    SELECT DISTINCT subject_qid, property_id, value_qid, value_text FROM claims_stage
    ORDER BY subject_qid, property_id;
CREATE TABLE entities AS
    SELECT e.*, COALESCE(c.n, 0)::INTEGER AS claim_count
    FROM (SELECT DISTINCT ON (qid) * FROM entities_stage) e
    LEFT JOIN (SELECT subject_qid, count(*) AS n FROM claims GROUP BY subject_qid) c ON c.subject_qid = e.qid
    ORDER BY e.qid;
CREATE TABLE names AS SELECT DISTINCT qid, lang, name, name_norm FROM names_stage ORDER BY name_norm, qid;
CREATE TABLE properties AS SELECT DISTINCT pid, lang, name, name_norm FROM properties_stage ORDER BY pid;
DROP TABLE entities_stage; DROP TABLE names_stage; DROP TABLE claims_stage; DROP TABLE properties_stage;
CREATE UNIQUE INDEX entities_qid ON entities (qid);
CREATE INDEX names_name_norm ON names (name_norm);
"""


_STAGE_COLUMNS: dict[str, list[str]] = {
    "entities": ["qid", "type", "label_en", "label_ru", "description_en", "description_ru", "aliases_en", "aliases_ru"],
    "names": ["qid", "lang", "name", "name_norm"],
    "claims": ["subject_qid", "property_id", "value_qid", "value_text"],
    "properties": ["pid", "lang", "name", "name_norm"],
}


def _arrow_type(column: str):
    import pyarrow as pa

    # explicit: a batch whose alias lists are all empty would otherwise be list<null>
    return pa.list_(pa.string()) if column.startswith("aliases_") else pa.string()


class _Rows:
    """Row buffers for the staging tables, flushed to DuckDB in Arrow batches."""

    def __init__(self, connection: duckdb.DuckDBPyConnection):
        self.connection = connection
        self.tables: dict[str, list[tuple]] = {name: [] for name in _STAGE_COLUMNS}

    def add(self, table: str, row: tuple) -> None:
        rows = self.tables[table]
        rows.append(row)
        if len(rows) >= _ROWS_PER_FLUSH:
            self.flush(table)

    def flush(self, table: str | None = None) -> None:
        import pyarrow as pa

        for name in [table] if table else list(self.tables):
            rows = self.tables[name]
            if not rows:
                continue
            columns = _STAGE_COLUMNS[name]
            batch = pa.table(
                {column: pa.array(values, type=_arrow_type(column)) for column, values in zip(columns, zip(*rows))}
            )
            self.connection.register("batch", batch)
            self.connection.execute(f"INSERT INTO {name}_stage SELECT * FROM batch")
            self.connection.unregister("batch")
            rows.clear()


def _add_entity(rows: _Rows, parsed: _ParsedEntity) -> None:
    entity = parsed.entity
    en, ru = INDEX_LANGUAGES

    def with_mul(texts: dict[str, str], lang: str) -> str | None:
        return texts.get(lang) or texts.get(MULTILINGUAL) or None

    def aliases(lang: str) -> list[str]:
        return [*entity.aliases.get(lang, []), *entity.aliases.get(MULTILINGUAL, [])]

    rows.add(
        "entities",
        (
            entity.qid, entity.type,
            with_mul(entity.labels, en), with_mul(entity.labels, ru),
            with_mul(entity.descriptions, en), with_mul(entity.descriptions, ru),
            aliases(en), aliases(ru),
        ),
    )
    table = "names" if entity.type == "item" else "properties"
    for lang in (*INDEX_LANGUAGES, MULTILINGUAL):
        for name in [entity.labels.get(lang, ""), *entity.aliases.get(lang, [])]:
            name_norm = normalise_name(name)
            if name_norm:
                rows.add(table, (entity.qid, lang, name, name_norm))
    for claim_row in parsed.claim_rows:
        rows.add("claims", claim_row)


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


#: instances with an open connection, so that a build in this process never writes into a
#: file one of them is reading
_OPEN_INDEXES: "weakref.WeakSet[WikidataIndex]" = weakref.WeakSet()


class WikidataIndex:
    """Read-only lookups in an index file built by :meth:`build`.

    One DuckDB connection per instance, used under a lock (DuckDB connections are not
    safe to share between threads mid-query and lookups are a few milliseconds each).
    Use as a context manager or call :meth:`close`.
    """

    #: an entity found for lower than this string similarity is noise, not a candidate
    MIN_STRING_SCORE = 0.6
    #: above this many names the fuzzy pass narrows to names sharing two first letters
    FUZZY_WIDE_MAX_NAMES = 2_000_000
    ENTITY_CACHE_SIZE = 50_000

    def __init__(self, index_path: Path | str):
        self.path = Path(index_path)
        if not self.path.is_file():
            raise WikidataIndexError(
                f"Wikidata index {self.path} does not exist; build it with WikidataIndex.build(dump, index_path)"
            )
        self._lock = threading.Lock()
        try:
            self._connection = _open_read_only(self.path)
            self.meta = dict(self._connection.execute("SELECT key, value FROM meta").fetchall())
        except duckdb.Error as exc:
            raise WikidataIndexError(f"{self.path} is not a Wikidata index: {exc}") from exc
        _OPEN_INDEXES.add(self)
        self._names_count = int(self.meta.get("rows_names", 0))
        self._entity_cache: OrderedDict[str, WikidataEntity] = OrderedDict()
        if self.meta.get("format_version") != INDEX_FORMAT_VERSION:
            self.close()
            raise WikidataIndexError(
                f"{self.path} has index format {self.meta.get('format_version')!r}, this benchmill reads "
                f"{INDEX_FORMAT_VERSION!r}; rebuild it with WikidataIndex.build"
            )

    # building ------------------------------------------------------------------------

    @classmethod
    def build(cls, dump: Path | str, index_path: Path | str, *, force: bool = False) -> "WikidataIndex":
        """Build ``index_path`` from ``dump`` unless it already holds that very dump.

        Unchanged means: same size and mtime as recorded (no hashing of a large dump),
        or, when those differ (a copy, a ``touch``), the same sha256. The index is written
        to a temp file beside the target and renamed over it only when complete, so a
        killed build leaves the previous index (or none), never half of one; temp files
        of dead builds are removed by the next build.
        """
        dump = _check_dump(Path(dump))
        index_path = Path(index_path)
        if not force and index_path.exists() and cls._is_current(dump, index_path):
            log.info("Wikidata index %s is up to date with %s", index_path, dump)
            return cls(index_path)

        index_path.parent.mkdir(parents=True, exist_ok=True)
        _remove_stale_builds(index_path)
        tmp = index_path.with_name(f".{index_path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.building")
        started = time.perf_counter()
        fingerprint = _dump_fingerprint(dump)
        sha256 = _sha256(dump)
        try:
            with closing(duckdb.connect()) as connection:
                connection.execute("SET enable_progress_bar = false")
                # Row groups of 16k rows instead of 122k: a lookup that zone maps narrow to
                # one row group then scans 8x fewer rows (prefix lookups ~4x faster).
                escaped = str(tmp).replace("'", "''")
                connection.execute(f"ATTACH '{escaped}' AS building (ROW_GROUP_SIZE {_ROW_GROUP_SIZE})")
                connection.execute("USE building")
                counts = cls._load(connection, dump)
                meta = {
                    "format_version": INDEX_FORMAT_VERSION,
                    "dump_path": str(dump.resolve()),
                    "dump_sha256": sha256,
                    **fingerprint,
                    "languages": ",".join(INDEX_LANGUAGES),
                    "built_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    **{f"rows_{table}": str(n) for table, n in counts.items()},
                }
                connection.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
                connection.executemany("INSERT INTO meta VALUES (?, ?)", list(meta.items()))
                connection.execute("USE memory")
                connection.execute("DETACH building")  # checkpoints: no WAL is left behind
            with tmp.open("rb") as fp:
                os.fsync(fp.fileno())
            # a WAL left beside the target by some other writer would be replayed onto
            # the new file on open; ours never leaves one (closed after CHECKPOINT)
            index_path.with_name(index_path.name + ".wal").unlink(missing_ok=True)
            os.replace(tmp, index_path)
        finally:
            tmp.unlink(missing_ok=True)
            tmp.with_name(tmp.name + ".wal").unlink(missing_ok=True)
        log.info(
            "built Wikidata index %s from %s in %.1fs: %s",
            index_path, dump, time.perf_counter() - started, counts,
        )
        return cls(index_path)

    @staticmethod
    def _is_current(dump: Path, index_path: Path) -> bool:
        meta = _read_meta(index_path)
        if not meta or meta.get("format_version") != INDEX_FORMAT_VERSION:
            return False
        fingerprint = _dump_fingerprint(dump)
        if all(meta.get(k) == v for k, v in fingerprint.items()):
            return True
        if meta.get("dump_sha256") != _sha256(dump):
            return False
        # Same bytes, new mtime: record it so the next check is the cheap one again, but
        # only when nobody reads the file. Another process holding it open makes the
        # connect fail (DuckDB's file lock); within this process the lock is no guard
        # (POSIX locks are per process), hence the registry. Otherwise the hash is simply
        # computed again next time.
        if any(index.path.resolve() == index_path.resolve() and index._connection is not None for index in list(_OPEN_INDEXES)):
            return True
        try:
            with closing(duckdb.connect(str(index_path))) as connection:
                connection.executemany("UPDATE meta SET value = ? WHERE key = ?", [(v, k) for k, v in fingerprint.items()])
        except duckdb.Error as exc:
            log.debug("could not refresh the dump fingerprint of %s: %s", index_path, exc)
        return True

    @staticmethod
    def _load(connection: duckdb.DuckDBPyConnection, dump: Path) -> dict[str, int]:
        connection.execute(_SCHEMA)
        rows = _Rows(connection)
        for number, raw in enumerate(_iter_dump(dump), start=1):
            try:
                parsed = _parse_entity(raw)
            except (KeyError, TypeError, ValueError) as exc:
                raise WikidataDumpError(f"{dump}: entity {number} ({raw.get('id', '?')}) is malformed: {exc}") from exc
            if parsed is not None:
                _add_entity(rows, parsed)
        rows.flush()
        connection.execute(_FINALISE)
        return {
            table: connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            for table in ("entities", "names", "claims", "properties")
        }

    # lookups -------------------------------------------------------------------------

    def close(self) -> None:
        connection = getattr(self, "_connection", None)
        if connection is not None:
            connection.close()
            self._connection = None

    def __enter__(self) -> "WikidataIndex":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _query(self, sql: str, params: list[Any] | None = None) -> list[tuple]:
        with self._lock:
            if self._connection is None:
                raise WikidataIndexError(f"Wikidata index {self.path} is closed")
            return self._connection.execute(sql, params or []).fetchall()

    def candidates(self, surface: str, lang: str, limit: int = 20) -> list[EntityCandidate]:
        """Items whose label or alias (any indexed language) may be what ``surface`` names.

        Three passes over ``names`` on the normalised surface:

        1. exact (ART index) — also the surface minus up to three trailing letters, which
           catches Russian case endings ("Газпрома" → "газпром");
        2. prefix — names that start with the surface ("Harbour Logistics" → "...Ltd");
        3. fuzzy, only when 1 found nothing and 2 fewer than ``limit`` — Jaro-Winkler ≥ 0.8 in
           DuckDB over names of similar length that share the surface's first letter
           (first two letters in an index of more than ``FUZZY_WIDE_MAX_NAMES`` names),
           so a typo there is not found: the price of never scanning the whole table.

        Each hit is scored by rapidfuzz WRatio (exact = 1.0); an entity keeps its best
        name; hits below ``MIN_STRING_SCORE`` are noise and dropped. Ties are broken by
        the number of claims (Wikidata's own search ranks ambiguous names by prominence
        too), then by the lower Q-number (older, usually better known).
        """
        surface_norm = normalise_name(surface)
        if not surface_norm or limit <= 0:
            return []
        exact_keys = [surface_norm] + [
            surface_norm[:end] for end in range(max(4, len(surface_norm) - 3), len(surface_norm))
        ]
        pool = max(limit * 5, 50)
        hits = self._query(
            f"""
            SELECT qid, name_norm FROM names WHERE name_norm IN ({', '.join('?' for _ in exact_keys)})
            UNION ALL
            SELECT * FROM (
                SELECT qid, name_norm FROM names
                WHERE name_norm > ? AND starts_with(name_norm, ?)
                ORDER BY length(name_norm), name_norm LIMIT ?
            )
            """,
            [*exact_keys, surface_norm, surface_norm, pool],
        )
        found_exact = any(name_norm in exact_keys for _, name_norm in hits)
        if not found_exact and len({qid for qid, _ in hits}) < limit and len(surface_norm) >= 3:
            prefix = surface_norm[: 1 if self._names_count <= self.FUZZY_WIDE_MAX_NAMES else 2]
            hits += self._query(
                """
                SELECT qid, name_norm FROM (
                    SELECT qid, name_norm, jaro_winkler_similarity(name_norm, ?) AS similarity
                    FROM names
                    WHERE name_norm >= ? AND name_norm < ? AND length(name_norm) BETWEEN ? AND ?
                ) WHERE similarity >= 0.8
                ORDER BY similarity DESC, name_norm LIMIT ?
                """,
                [
                    surface_norm, prefix, prefix[:-1] + chr(ord(prefix[-1]) + 1),
                    int(len(surface_norm) * 0.7), int(len(surface_norm) * 1.4) + 1, pool,
                ],
            )
        best: dict[str, float] = {}
        for qid, name_norm in hits:
            score = 1.0 if name_norm == surface_norm else fuzz.WRatio(surface_norm, name_norm) / 100.0
            if score >= self.MIN_STRING_SCORE and score > best.get(qid, -1.0):
                best[qid] = score
        if not best:
            return []
        by_score = sorted(best, key=lambda qid: -best[qid])
        # only entities tied with the last one that fits need their claim count
        cutoff = best[by_score[min(limit, len(by_score)) - 1]]
        contenders = [qid for qid in by_score if best[qid] >= cutoff]
        claim_counts = dict(self._query(
            f"SELECT qid, claim_count FROM entities WHERE qid IN ({', '.join('?' for _ in contenders)})", contenders
        ))
        ranked = sorted(
            (qid for qid in contenders if qid in claim_counts),
            key=lambda qid: (-best[qid], -claim_counts[qid], _numeric_id(qid)),
        )[:limit]
        entities = self._entities(ranked)
        return [entities[qid].candidate(lang, string_score=round(best[qid], 4)) for qid in ranked if qid in entities]

    def entity(self, qid: str) -> WikidataEntity | None:
        """Labels, descriptions, aliases and claims of ``qid`` (an item or a property)."""
        entity = self._entities([qid]).get(qid)
        if entity is None:
            return None
        entity.claims = self.claims_for([qid]) if entity.type == "item" else []
        return entity

    def _entities(self, qids: list[str]) -> dict[str, WikidataEntity]:
        """Entities by id, through a per-instance cache: the same few hundred entities
        (countries, capitals, big companies) come up in every run."""
        with self._lock:
            out = {qid: self._entity_cache[qid] for qid in qids if qid in self._entity_cache}
        missing = [qid for qid in dict.fromkeys(qids) if qid not in out]
        if not missing:
            return {qid: out[qid].model_copy() for qid in qids if qid in out}
        rows = self._query(
            f"""
            SELECT qid, type, label_en, label_ru, description_en, description_ru, aliases_en, aliases_ru
            FROM entities WHERE qid IN ({', '.join('?' for _ in missing)})
            """,
            missing,
        )
        en, ru = INDEX_LANGUAGES
        for qid, kind, label_en, label_ru, description_en, description_ru, aliases_en, aliases_ru in rows:
            out[qid] = WikidataEntity(
                qid=qid,
                type=kind,
                labels={k: v for k, v in ((en, label_en), (ru, label_ru)) if v},
                descriptions={k: v for k, v in ((en, description_en), (ru, description_ru)) if v},
                aliases={k: v for k, v in ((en, aliases_en), (ru, aliases_ru)) if v},
            )
        with self._lock:
            for qid in missing:
                if qid in out:
                    self._entity_cache[qid] = out[qid]
                    self._entity_cache.move_to_end(qid)
            while len(self._entity_cache) > self.ENTITY_CACHE_SIZE:
                self._entity_cache.popitem(last=False)
        # copies: a caller that sets .claims must not change the cached entity
        return {qid: out[qid].model_copy() for qid in qids if qid in out}

    def claims_for(self, qids: list[str]) -> list[WikidataClaim]:
        """Claims whose subject is one of ``qids``, with their property's en/ru labels and aliases.

        ``property_labels`` lists the labels first (en, ru), then the aliases: a reason
        that quotes a property names it by ``property_labels[0]``.
        """
        qids = sorted({q for q in qids if q})
        if not qids:
            return []
        rows = self._query(
            f"""
            SELECT subject_qid, property_id, value_qid, value_text FROM claims
            WHERE subject_qid IN ({', '.join('?' for _ in qids)})
            ORDER BY subject_qid, property_id, value_qid NULLS LAST, value_text
            """,
            qids,
        )
        names = self._property_names({row[1] for row in rows})
        return [
            WikidataClaim(
                subject_qid=subject, property_id=pid, property_labels=names.get(pid, []),
                value_qid=value_qid, value_text=value_text,
            )
            for subject, pid, value_qid, value_text in rows
        ]

    def _property_names(self, pids: set[str]) -> dict[str, list[str]]:
        if not pids:
            return {}
        rows = self._query(
            f"""
            SELECT qid, label_en, label_ru, aliases_en, aliases_ru FROM entities
            WHERE qid IN ({', '.join('?' for _ in pids)})
            """,
            sorted(pids),
        )
        return {
            pid: list(dict.fromkeys(n for n in [label_en, label_ru, *(aliases_en or []), *(aliases_ru or [])] if n))
            for pid, label_en, label_ru, aliases_en, aliases_ru in rows
        }

    def stats(self) -> dict[str, int]:
        """Row counts per table (for ``benchmill wikidata status`` and logs)."""
        return {
            table: self._query(f"SELECT count(*) FROM {table}")[0][0]
            for table in ("entities", "names", "claims", "properties")
        }


def _numeric_id(entity_id: str) -> int:
    return int(entity_id[1:]) if entity_id[1:].isdigit() else 1 << 62



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
    """``WikidataAPI`` lives in tasks/dragon/wikidata_api.py (imported on first use: it imports this module)."""
    if name == "WikidataAPI":
        from tasks.dragon.wikidata_api import WikidataAPI

        return WikidataAPI
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
