"""Lookups in the local Wikidata index (built by tasks/dragon/wikidata_build.py): candidate
search by name, entities by id (cached) and their claims, row counts."""
from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import duckdb
from rapidfuzz import fuzz

from schemas.graph import EntityCandidate, WikidataClaim
from tasks.dragon.wikidata_build import _OPEN_INDEXES, _open_read_only, build_index_file, is_current, load_dump
from tasks.dragon.wikidata_records import INDEX_FORMAT_VERSION, INDEX_LANGUAGES, WikidataEntity, WikidataIndexError, normalise_name


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

    # building ------------------------------------------------------------------------

    @classmethod
    def build(cls, dump: Path | str, index_path: Path | str, *, force: bool = False) -> "WikidataIndex":
        """Build ``index_path`` from ``dump`` unless it already holds that very dump, and open it
        (see :func:`tasks.dragon.wikidata_build.build_index_file`)."""
        build_index_file(dump, index_path, force=force)
        return cls(Path(index_path))

    _is_current = staticmethod(is_current)
    _load = staticmethod(load_dump)


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
