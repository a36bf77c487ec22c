"""The store's sources, crawled documents and passages: a part of ``benchmill.store.Store`` (issue 8's split)."""
from __future__ import annotations

import json
from typing import Any

import duckdb

from benchmill.store_sql import _dicts, _rows_in, bulk_insert, utcnow
from schemas import IncrementDoc, NewVersion, Passage, PreviousVersion, SourceSpec



class DocumentsMixin:
    """Sources, document versions (the increment) and passages; mixed into ``Store``."""

    # ------------------------------------------------------ sources & documents
    def upsert_sources(self, specs: list[SourceSpec], run_id: str) -> None:
        with self.transaction() as con:
            con.executemany(
                """INSERT INTO sources VALUES (?, ?, ?, ?, ?)
                   ON CONFLICT (name) DO UPDATE SET kind = excluded.kind, location = excluded.location, lang = excluded.lang""",
                [[s.name, s.kind, s.location, s.lang, run_id] for s in specs],
            )

    def previous_versions(self, canonical_urls: list[str]) -> dict[str, PreviousVersion]:
        """Newest *consumed* version per canonical URL: the previous revision of the dataset.

        Diffing against it (not against a pending version an unfinished run wrote) keeps
        the diff stage's inputs identical when a failed run is resumed, so it comes back
        Cached; absent URLs are new documents.
        """
        if not canonical_urls:
            return {}
        with self.connect() as con:
            rows = con.execute(
                """SELECT d.canonical_url, v.doc_id, v.seq, v.content_hash, v.text
                   FROM documents d JOIN document_versions v USING (doc_id)
                   WHERE d.canonical_url IN (SELECT unnest(?::VARCHAR[])) AND v.consumed_by IS NOT NULL
                   QUALIFY row_number() OVER (PARTITION BY v.doc_id ORDER BY v.seq DESC) = 1""",
                [canonical_urls],
            ).fetchall()
        return {url: PreviousVersion(doc_id=d, seq=s, content_hash=h, text=t) for url, d, s, h, t in rows}

    def record_removals(self, gone: dict[str, str], run_id: str) -> list[str]:
        """Record known documents that are gone (canonical URL -> reason, e.g. ``HTTP 404``)
        in ``document_removals``; returns the doc ids recorded now, sorted.

        URLs the store never saw are ignored (nothing was removed), and so is a document
        already recorded as removed and not crawled again since (a link left in a feed
        answers 404 every day: one removal, not one per run). Released items of a removed
        document stay released: releases are immutable.
        """
        if not gone:
            return []
        with self.transaction() as con:
            rows = con.execute(
                """SELECT d.doc_id, d.canonical_url FROM documents d
                   WHERE d.canonical_url IN (SELECT unnest(?::VARCHAR[]))
                     AND NOT EXISTS (SELECT 1 FROM document_removals r WHERE r.doc_id = d.doc_id
                                     AND r.detected_at >= (SELECT max(v.fetched_at) FROM document_versions v
                                                           WHERE v.doc_id = d.doc_id))
                   ORDER BY d.doc_id""",
                [sorted(gone)],
            ).fetchall()
            now = utcnow()
            if rows:
                con.executemany(
                    "INSERT INTO document_removals VALUES (?, ?, ?, ?) ON CONFLICT (doc_id, run_id) DO NOTHING",
                    [[doc_id, run_id, now, gone[url]] for doc_id, url in rows],
                )
        return [doc_id for doc_id, _ in rows]

    def source_listing(self, source: str) -> list[str]:
        """Canonical URLs of known documents that ``source`` (a feed or listing page) listed on
        its last crawl, sorted: the next crawl fetches again those it no longer lists."""
        with self.connect() as con:
            rows = con.execute(
                """SELECT l.canonical_url FROM source_listings l JOIN documents d USING (canonical_url)
                   WHERE l.source = ? ORDER BY l.canonical_url""", [source]).fetchall()
        return [url for (url,) in rows]

    def replace_source_listings(self, listings: dict[str, list[str]]) -> None:
        """What each web source listed on this crawl (source name -> canonical URLs), replacing
        the previous listing; one transaction."""
        if not listings:
            return
        with self.transaction() as con:
            con.execute("DELETE FROM source_listings WHERE source IN (SELECT unnest(?::VARCHAR[]))", [sorted(listings)])
            rows = sorted({(source, url) for source, urls in listings.items() for url in urls})
            if rows:
                bulk_insert(con, "INSERT INTO source_listings SELECT * FROM __rows", ["source", "canonical_url"],
                            [list(r) for r in rows])

    def removals(self, limit: int = 100) -> list[dict[str, Any]]:
        """Recorded removals, newest first, with the document's URL and source."""
        with self.connect() as con:
            return _dicts(con.execute(
                """SELECT r.doc_id, d.canonical_url, d.source, d.lang, r.run_id, r.detected_at, r.reason
                   FROM document_removals r JOIN documents d USING (doc_id)
                   ORDER BY r.detected_at DESC, r.doc_id LIMIT ?""", [limit]))

    def write_versions(self, versions: list[NewVersion], run_id: str, method: str = "dragon") -> int:
        """Store new document versions (pending); returns how many were not there yet.

        A version already stored (same document, same content) is left as it is. The
        sequence number is assigned here, after the newest stored one: a version an
        unfinished run left pending keeps its place.
        """
        if not versions:
            return 0
        now = utcnow()
        with self.transaction() as con:
            before = _rows_in(con, "document_versions")
            bulk_insert(
                con,
                "INSERT INTO documents SELECT DISTINCT ON (doc_id) * FROM __rows ON CONFLICT (doc_id) DO NOTHING",
                ["doc_id", "canonical_url", "source", "lang", "first_run", "first_seen_at"],
                [[v.doc_id, v.doc.canonical_url, v.doc.source, v.doc.lang, run_id, now] for v in versions],
            )
            cols = ["version_id", "doc_id", "seq", "content_hash", "url", "title", "author", "published", "text",
                    "new_paragraphs", "fetched_at", "run_id"]
            bulk_insert(
                con,
                f"""INSERT INTO document_versions ({', '.join(cols)})
                    SELECT r.version_id, r.doc_id,
                           coalesce(m.max_seq, 0) + row_number() OVER (PARTITION BY r.doc_id ORDER BY r.seq, r.version_id),
                           r.content_hash, r.url, r.title, r.author, r.published, r.text, r.new_paragraphs,
                           r.fetched_at, r.run_id
                    FROM (SELECT DISTINCT ON (version_id) * FROM __rows) r
                    LEFT JOIN (SELECT doc_id, max(seq) AS max_seq FROM document_versions GROUP BY doc_id) m USING (doc_id)
                    WHERE r.version_id NOT IN (SELECT version_id FROM document_versions)""",
                cols,
                [
                    [v.version_id, v.doc_id, v.seq, v.doc.content_hash, v.doc.url, v.doc.title, v.doc.author,
                     v.doc.published.replace(tzinfo=None) if v.doc.published else None, v.doc.text,
                     v.new_paragraphs, now, run_id]
                    for v in versions
                ],
            )
            # every crawled version is a passage (its id, seq and text), offered to releases once consumed
            con.execute(
                """INSERT INTO passages
                   SELECT v.version_id, v.doc_id, v.seq, 'document_version', ?, d.lang, v.title, v.text,
                          v.content_hash, NULL, NULL, v.run_id, v.fetched_at, NULL
                   FROM document_versions v JOIN documents d USING (doc_id)
                   WHERE v.version_id NOT IN (SELECT passage_id FROM passages)""",
                [method],
            )
            return _rows_in(con, "document_versions") - before

    def pending_versions(self, langs: list[str] | None = None) -> list[IncrementDoc]:
        """The increment: versions not yet consumed by a completed run, oldest first."""
        with self.connect() as con:
            rows = con.execute(
                """SELECT v.doc_id, v.version_id, d.canonical_url, d.lang, v.title, v.published, v.text, v.new_paragraphs
                   FROM document_versions v JOIN documents d USING (doc_id)
                   WHERE v.consumed_by IS NULL AND (?::VARCHAR[] IS NULL OR list_contains(?::VARCHAR[], d.lang))
                   ORDER BY d.canonical_url, v.seq""",
                [langs, langs],
            ).fetchall()
        return [
            IncrementDoc(doc_id=d, version_id=v, canonical_url=u, lang=l, title=t or "", published=p, text=x,
                         new_paragraphs=list(n))
            for d, v, u, l, t, p, x, n in rows
        ]

    def mark_consumed(self, version_ids: list[str], run_id: str) -> None:
        if not version_ids:
            return
        with self.transaction() as con:
            con.execute(
                """UPDATE document_versions SET consumed_by = ?, consumed_at = ?
                   WHERE consumed_by IS NULL AND version_id IN (SELECT unnest(?::VARCHAR[]))""",
                [run_id, utcnow(), version_ids],
            )
            _mark_ready(con, version_ids, run_id)

    # ------------------------------------------------------------ passages
    def write_passages(self, passages: list[Passage], run_id: str, *, ready: bool = True) -> int:
        """Store releasable texts (generated documents, chunks...); returns how many are new.

        A passage already stored (same id, i.e. same content) is left as it is; a new
        passage of a document already stored becomes its newest (seq after the last).
        ``ready``: offered to releases at once (else after ``mark_ready``).
        """
        if not passages:
            return 0
        now = utcnow()
        with self.transaction() as con:
            before = _rows_in(con, "passages")
            cols = ["passage_id", "doc_id", "n", "kind", "method", "lang", "title", "text", "content_hash",
                    "parent_id", "lineage"]
            bulk_insert(
                con,
                """INSERT INTO passages
                   SELECT r.passage_id, r.doc_id,
                          coalesce(m.max_seq, 0) + row_number() OVER (PARTITION BY r.doc_id ORDER BY r.n),
                          r.kind, r.method, r.lang, r.title, r.text, r.content_hash, r.parent_id, r.lineage::JSON,
                          ?, ?::TIMESTAMP, ?
                   FROM (SELECT DISTINCT ON (passage_id) * FROM __rows) r
                   LEFT JOIN (SELECT doc_id, max(seq) AS max_seq FROM passages GROUP BY doc_id) m USING (doc_id)
                   WHERE r.passage_id NOT IN (SELECT passage_id FROM passages)""",
                cols,
                [[p.passage_id, p.doc_id, n, p.kind, p.method, p.lang, p.title, p.text, p.content_hash, p.parent_id,
                  json.dumps(p.lineage, sort_keys=True)] for n, p in enumerate(passages)],
                params=[run_id, now, run_id if ready else None],
            )
            return _rows_in(con, "passages") - before

    def mark_ready(self, passage_ids: list[str], run_id: str) -> None:
        """Offer passages to releases (a generator that writes drafts first)."""
        if passage_ids:
            with self.transaction() as con:
                _mark_ready(con, passage_ids, run_id)

    def passages(self, passage_ids: list[str]) -> list[Passage]:
        with self.connect() as con:
            rows = _dicts(con.execute(
                """SELECT passage_id, doc_id, kind, method, lang, title, text, content_hash, parent_id, lineage
                   FROM passages WHERE passage_id IN (SELECT unnest(?::VARCHAR[])) ORDER BY passage_id""",
                [passage_ids]))
        return [Passage(**{**r, "title": r["title"] or "", "lineage": json.loads(r["lineage"]) if r["lineage"] else {}})
                for r in rows]

    def newest_passages(self, doc_ids: list[str]) -> dict[str, Passage]:
        """Each document's newest passage (its current text), pending ones included."""
        ids = self._newest("passage_id", doc_ids)
        by_id = {p.passage_id: p for p in self.passages(sorted(ids.values()))}
        return {d: by_id[pid] for d, pid in sorted(ids.items())}

    def content_hashes(self, doc_ids: list[str]) -> dict[str, str]:
        """Content hash of each document's newest version (an item's source lineage)."""
        return self._newest("content_hash", doc_ids)

    def document_texts(self, doc_ids: list[str]) -> dict[str, str]:
        """Current (newest) text of each document."""
        return self._newest("text", doc_ids)

    def newest_version_ids(self, doc_ids: list[str]) -> dict[str, str]:
        """Each document's newest passage id (for a crawled document: its newest version_id)."""
        return self._newest("passage_id", doc_ids)

    def _newest(self, column: str, doc_ids: list[str]) -> dict[str, Any]:
        """``column`` of each document's newest passage (pending ones included)."""
        if not doc_ids:
            return {}
        with self.connect() as con:
            rows = con.execute(
                f"""SELECT doc_id, {column} FROM passages WHERE doc_id IN (SELECT unnest(?::VARCHAR[]))
                    QUALIFY row_number() OVER (PARTITION BY doc_id ORDER BY seq DESC) = 1""",
                [doc_ids],
            ).fetchall()
        return dict(rows)


def _mark_ready(con: duckdb.DuckDBPyConnection, passage_ids: list[str], run_id: str) -> None:
    con.execute("""UPDATE passages SET ready_by = ?
                   WHERE ready_by IS NULL AND passage_id IN (SELECT unnest(?::VARCHAR[]))""", [run_id, passage_ids])
