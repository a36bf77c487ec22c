"""The store's facts and graph (triplets, entity links, edges): a part of ``benchmill.store.Store`` (issue 8's split)."""
from __future__ import annotations

from benchmill.store_sql import _dicts, bulk_insert
from schemas import Edge, EntityLink, Triplet



class GraphMixin:
    """Triplets, novelty, entity links and edges; mixed into ``Store``."""

    # ------------------------------------------------------------ facts & graph
    def write_triplets(self, triplets: list[Triplet], run_id: str) -> None:
        if not triplets:
            return
        with self.transaction() as con:
            cols = ["triplet_id", "doc_id", "version_id", "lang", "sentence", "subject", "relation", "object",
                    "subject_label", "object_label", "engine", "run_id", "modality"]
            bulk_insert(
                con,
                f"INSERT INTO triplets ({', '.join(cols)}) SELECT DISTINCT ON (triplet_id) * FROM __rows ON CONFLICT DO NOTHING",
                cols,
                [[t.triplet_id, t.doc_id, t.version_id, t.lang, t.sentence, t.subject, t.relation, t.object,
                  t.subject_label, t.object_label, t.engine, run_id, t.modality] for t in triplets],
            )

    def triplets_for_versions(self, version_ids: list[str]) -> list[Triplet]:
        if not version_ids:
            return []
        with self.connect() as con:
            cur = con.execute(
                """SELECT triplet_id, doc_id, version_id, lang, sentence, subject, relation, object,
                          subject_label, object_label, engine, modality
                   FROM triplets WHERE version_id IN (SELECT unnest(?::VARCHAR[])) ORDER BY triplet_id""",
                [version_ids],
            )
            return [Triplet(**r) for r in _dicts(cur)]

    def write_novelty(self, novel_ids: list[str], dropped: list[tuple[str, str]]) -> None:
        with self.transaction() as con:
            if novel_ids:
                con.execute(
                    "UPDATE triplets SET novelty = 'novel', novelty_reason = NULL WHERE triplet_id IN (SELECT unnest(?::VARCHAR[]))",
                    [novel_ids],
                )
            if dropped:
                bulk_insert(
                    con,
                    """UPDATE triplets SET novelty = 'known', novelty_reason = __rows.reason
                       FROM __rows WHERE triplets.triplet_id = __rows.triplet_id""",
                    ["triplet_id", "reason"],
                    [[tid, reason] for tid, reason in dropped],
                )

    def known_triplets(self, lang: str) -> list[Triplet]:
        """The language's triplets the novelty stage found already in Wikidata (never asked about,
        but another valid answer to a question about a novel fact: the sampler must see them)."""
        with self.connect() as con:
            cur = con.execute(
                """SELECT triplet_id, doc_id, version_id, lang, sentence, subject, relation, object,
                          subject_label, object_label, engine, modality
                   FROM triplets WHERE lang = ? AND novelty = 'known' ORDER BY triplet_id""",
                [lang],
            )
            return [Triplet(**r) for r in _dicts(cur)]

    def links(self, lang: str, surfaces: list[str]) -> dict[str, EntityLink]:
        """The entity links of ``surfaces`` in ``lang`` (surface -> link), as the linking stage wrote them."""
        if not surfaces:
            return {}
        with self.connect() as con:
            cur = con.execute(
                """SELECT surface, lang, node_id, qid, label, score, method FROM entities
                   WHERE lang = ? AND surface IN (SELECT unnest(?::VARCHAR[])) ORDER BY surface""",
                [lang, sorted(set(surfaces))],
            )
            return {r["surface"]: EntityLink(**{**r, "score": r["score"] or 0.0}) for r in _dicts(cur)}

    def write_links(self, links: list[EntityLink], run_id: str) -> None:
        if not links:
            return
        with self.transaction() as con:
            bulk_insert(
                con,
                """INSERT INTO entities SELECT DISTINCT ON (surface, lang) * FROM __rows
                   ON CONFLICT (surface, lang) DO UPDATE SET node_id = excluded.node_id, qid = excluded.qid,
                     label = excluded.label, score = excluded.score, method = excluded.method""",
                ["surface", "lang", "node_id", "qid", "label", "score", "method", "run_id"],
                [[l.surface, l.lang, l.node_id, l.qid, l.label, l.score, l.method, run_id] for l in links],
            )

    def edges(self, lang: str, edge_ids: list[str] | None = None) -> list[Edge]:
        """The language's graph, or only the given edges, with provenance as accumulated."""
        with self.connect() as con:
            cur = con.execute(
                """SELECT * FROM edges WHERE lang = ?
                   AND (?::VARCHAR[] IS NULL OR edge_id IN (SELECT unnest(?::VARCHAR[]))) ORDER BY edge_id""",
                [lang, edge_ids, edge_ids])
            return [Edge(**r) for r in _dicts(cur)]

    def write_edges(self, edges: list[Edge], run_id: str) -> None:
        """Upsert edges, unioning provenance; first_run keeps the earliest run that saw the fact."""
        if not edges:
            return
        with self.transaction() as con:
            bulk_insert(
                con,
                """INSERT INTO edges SELECT DISTINCT ON (edge_id) * FROM __rows
                   ON CONFLICT (edge_id) DO UPDATE SET
                     doc_ids = list_sort(list_distinct(list_concat(edges.doc_ids, excluded.doc_ids))),
                     sentences = list_sort(list_distinct(list_concat(edges.sentences, excluded.sentences))),
                     triplet_ids = list_sort(list_distinct(list_concat(edges.triplet_ids, excluded.triplet_ids)))""",
                ["edge_id", "head", "relation", "tail", "head_label", "tail_label", "lang", "doc_ids", "sentences",
                 "triplet_ids", "first_run", "modality", "head_type", "tail_type"],
                [[e.edge_id, e.head, e.relation, e.tail, e.head_label, e.tail_label, e.lang, e.doc_ids,
                  e.sentences, e.triplet_ids, e.first_run or run_id, e.modality, e.head_type, e.tail_type]
                 for e in edges],
            )
