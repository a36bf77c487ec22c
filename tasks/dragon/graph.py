"""The knowledge graph: novel triplets become edges between linked entity nodes.

An edge is one fact: (head node, normalised relation, tail node) in one language. Its id
is derived from exactly those four values, so the same fact extracted from several
sentences, documents or runs always lands on the same edge, and the store can upsert
edges without ever duplicating them. Provenance (documents, sentences, triplets) is the
union of everything that asserted the fact.

Pure functions: no store access (the flow reads and writes edges).
"""
from __future__ import annotations

import hashlib
import json
import logging
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import networkx

from schemas import Edge, EntityLink, Triplet
from tasks.dragon.words_en import EN_MONTHS_AND_ABBREVIATIONS_PATTERN

logger = logging.getLogger(__name__)

_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*", re.UNICODE)
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_SPACES = re.compile(r"\s+")


def stable_id(*parts: str, length: int = 16) -> str:
    """Hex digest of the parts, joined by a separator no part can contain (a unit separator)."""
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()
    return digest[:length]


@lru_cache(maxsize=100_000)
def normalise_relation(relation: str, lang: str) -> str:
    """The key under which wordings of one relation collide.

    Casefolded, punctuation and extra whitespace dropped, ё folded to е; Russian words are
    lemmatised because a Russian predicate agrees with its subject ("продал" / "продала"
    / "продали" are one relation). English is not lemmatised: extractors already emit
    English predicates in a stable form, and tense can carry meaning ("owns" vs "owned").
    """
    text = unicodedata.normalize("NFKC", relation).casefold().replace("ё", "е")
    words = _WORD.findall(text)
    if lang == "ru" and any(_CYRILLIC.search(w) for w in words):
        from benchmill.nlp import lemma_ru

        words = [lemma_ru(w) if _CYRILLIC.search(w) else w for w in words]
    return " ".join(words)


SYNONYMS_FILE = Path(__file__).with_name("relation_synonyms.json")


@lru_cache(maxsize=1)
def _synonyms() -> dict[str, dict[tuple[str, ...], tuple[str, ...]]]:
    """{lang: {wording words: canonical words}} from relation_synonyms.json (normalised like relations)."""
    data = json.loads(SYNONYMS_FILE.read_text(encoding="utf-8"))
    table: dict[str, dict[tuple[str, ...], tuple[str, ...]]] = {}
    for lang, groups in data.items():
        if lang.startswith("_"):
            continue
        mapping = table.setdefault(lang, {})
        for canonical, wordings in groups.items():
            target = tuple(normalise_relation(canonical, lang).split())
            for wording in wordings:
                key = tuple(normalise_relation(wording, lang).split())
                if key in mapping and mapping[key] != target:
                    raise ValueError(f"{SYNONYMS_FILE}: {lang} wording {wording!r} is listed under two relations")
                mapping[key] = target
    return table


@lru_cache(maxsize=100_000)
def canonical_relation(relation: str, lang: str) -> str:
    """The normalised relation with synonyms replaced by their canonical form ("buy" → "acquire",
    "agree to buy" → "agree to acquire", "купить" → "приобрести"), longest wording first;
    so the same fact worded differently by two outlets is one edge."""
    words = normalise_relation(relation, lang).split()
    mapping = _synonyms().get(lang, {})
    if not mapping:
        return " ".join(words)
    longest = max(len(k) for k in mapping)
    out: list[str] = []
    i = 0
    while i < len(words):
        for size in range(min(longest, len(words) - i), 0, -1):
            target = mapping.get(tuple(words[i : i + size]))
            if target is not None:
                out += target
                i += size
                break
        else:
            out.append(words[i])
            i += 1
    return " ".join(out)


def edge_id(head: str, relation: str, tail: str, lang: str, modality: str = "asserted") -> str:
    """Stable id of the fact (head, relation, tail) in ``lang``; ``relation`` is normalised here
    (lemma + synonym table). A fact that is not asserted (planned, possible, negated,
    conditional) is another edge than the done fact: "will build" is not "built". Asserted
    edges keep the id they had before modality existed."""
    if modality == "asserted":
        return stable_id("edge", head, canonical_relation(relation, lang), tail, lang)
    return stable_id("edge", head, canonical_relation(relation, lang), tail, lang, modality)


_MONEY = re.compile(
    r"[$€£¥₽]|\b(euros?|dollars?|pounds?|francs?|yen|yuan|roubles?|rubles?|kronor|kroner|crowns?)\b"
    r"|(рубл|евро|доллар|фунт|юан|франк|крон)", re.IGNORECASE,
)
_DATE = re.compile(
    rf"\b({EN_MONTHS_AND_ABBREVIATIONS_PATTERN})\b|(январ|феврал|март|апрел|ма[йяе]\b|июн|июл|август|сентябр|"
    r"октябр|ноябр|декабр)|^(в\s+)?(1[89]|20)\d\d(\s+(год|году|года|г\.?))?$|\b(год[ауе]?)\b", re.IGNORECASE,
)
_NUMBER = re.compile(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|"
                     r"fifty|sixty|seventy|eighty|ninety|dozen|hundred|thousand|million|billion|"
                     r"один|одна|два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|сто|тысяч|миллион|миллиард)", re.IGNORECASE)
#: NER labels (natasha PER/ORG/LOC/MISC, spaCy OntoNotes, the folded set benchmill.nlp emits) → entity type
_LABEL_TYPES = {
    "PER": "person", "PERSON": "person", "ORG": "org", "NORP": "org", "LOC": "place", "GPE": "place", "FAC": "place",
    "DATE": "date", "TIME": "date", "MONEY": "money", "QUANTITY": "quantity", "CARDINAL": "quantity",
    "PERCENT": "quantity", "ORDINAL": "quantity",
}


def entity_type(label: str | None, surface: str) -> str:
    """Coarse type of an edge end for question words ("who", "where", "when", "how much").

    The NER label decides for persons, organisations and places; otherwise the surface
    does: money ("41 million euros", "2 миллиарда рублей"), a date ("March", "2027",
    "в 2026 году"), a quantity (a number), else "other" (a thing: "new library").
    """
    mapped = _LABEL_TYPES.get(label or "")
    if mapped in ("person", "org", "place"):
        return mapped
    if _MONEY.search(surface) and _NUMBER.search(surface):
        return "money"
    if _DATE.search(surface.strip()):
        return "date"
    if mapped is not None:
        return mapped
    if _NUMBER.search(surface):
        return "quantity"
    return "other"


def _clean_surface(surface: str) -> str:
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", surface)).strip()


def _most_common(values: Iterable[str]) -> str:
    """The most frequent value; ties go to the lexicographically smallest (deterministic)."""
    counts = Counter(values)
    return min(counts, key=lambda v: (-counts[v], v))


class _LinkLookup:
    """Links by surface form, tolerant of whitespace/Unicode-form differences between stages."""

    def __init__(self, links: dict[str, EntityLink]):
        self._exact = links
        self._cleaned: dict[str, EntityLink] = {}
        for surface in sorted(links):
            self._cleaned.setdefault(_clean_surface(surface), links[surface])

    def get(self, surface: str) -> EntityLink | None:
        return self._exact.get(surface) or self._cleaned.get(_clean_surface(surface))


def build_edges(triplets: list[Triplet], links: dict[str, EntityLink], run_id: str | None) -> list[Edge]:
    """Turn triplets into graph edges, one per distinct fact, sorted by edge_id.

    ``links`` maps a surface form (a triplet's subject or object as written) to the node
    it became. Triplets asserting the same fact (same head node, normalised relation,
    tail node, language) merge into one edge whose doc_ids, sentences and triplet_ids are
    the sorted unions. The edge's relation wording and node labels are the most frequent
    among its triplets / links, so they do not depend on input order.

    Skipped, with a warning: a triplet whose subject or object has no link (the linking
    stage must decide every surface form; a gap means the flow passed mismatched inputs,
    and guessing a node here could split one entity into two), and a triplet whose
    subject and object are the same node (a loop states nothing a question could ask).
    """
    lookup = _LinkLookup(links)
    grouped: dict[str, list[tuple[Triplet, EntityLink, EntityLink]]] = defaultdict(list)
    node_labels: dict[str, list[str]] = defaultdict(list)
    unlinked: set[str] = set()
    loops = 0
    for triplet in sorted(triplets, key=lambda t: t.triplet_id):
        head, tail = lookup.get(triplet.subject), lookup.get(triplet.object)
        if head is None or tail is None:
            unlinked.update(s for s, link in ((triplet.subject, head), (triplet.object, tail)) if link is None)
            continue
        if head.node_id == tail.node_id:
            loops += 1
            continue
        node_labels[head.node_id].append(head.label)
        node_labels[tail.node_id].append(tail.label)
        grouped[edge_id(head.node_id, triplet.relation, tail.node_id, triplet.lang, triplet.modality)].append(
            (triplet, head, tail)
        )
    if unlinked:
        logger.warning(
            "build_edges: %d surface form(s) have no entity link; their triplets were skipped: %s",
            len(unlinked), ", ".join(repr(s) for s in sorted(unlinked)[:10]),
        )
    if loops:
        logger.info("build_edges: skipped %d triplet(s) whose subject and object are the same node", loops)

    label_of = {node: _most_common(labels) for node, labels in node_labels.items()}
    edges = []
    for eid in sorted(grouped):
        members = grouped[eid]
        triplet, head, tail = members[0]
        edges.append(
            Edge(
                edge_id=eid,
                head=head.node_id,
                relation=_most_common(_clean_surface(t.relation) for t, _, _ in members),
                tail=tail.node_id,
                head_label=label_of[head.node_id],
                tail_label=label_of[tail.node_id],
                lang=triplet.lang,
                doc_ids=sorted({t.doc_id for t, _, _ in members}),
                sentences=sorted({t.sentence for t, _, _ in members}),
                triplet_ids=sorted({t.triplet_id for t, _, _ in members}),
                first_run=run_id,
                modality=triplet.modality,  # part of the edge id: every member shares it
                head_type=_end_type([(t.subject_label, t.subject) for t, _, _ in members]),
                tail_type=_end_type([(t.object_label, t.object) for t, _, _ in members]),
            )
        )
    return edges


def known_edges(triplets: list[Triplet], links: dict[str, EntityLink]) -> list[Edge]:
    """The facts Wikidata already states (novelty's dropped triplets) as edges, in memory only.

    They are no part of the novel-fact graph and no question asks about them, but they still
    answer questions about it: "What does Northbridge Motors produce?" asked of the novel
    fact (Northbridge Motors, produce, Northbridge Aster) has a second answer, the Northbridge
    Vela that Wikidata already lists. The sampler checks uniqueness against these too.
    """
    return build_edges(triplets, links, None)


def _end_type(sightings: list[tuple[str | None, str]]) -> str:
    """The most frequent type among the triplets' (label, surface) for one end of an edge."""
    return _most_common(entity_type(label, surface) for label, surface in sightings)


def _union(a: list[str], b: list[str]) -> list[str]:
    return sorted(set(a) | set(b))


def _merge_pair(kept: Edge, other: Edge) -> Edge:
    """``kept`` (the earlier sighting) absorbs ``other``'s provenance; wording and labels stay."""
    return kept.model_copy(
        update={
            "doc_ids": _union(kept.doc_ids, other.doc_ids),
            "sentences": _union(kept.sentences, other.sentences),
            "triplet_ids": _union(kept.triplet_ids, other.triplet_ids),
            "first_run": kept.first_run if kept.first_run is not None else other.first_run,
        }
    )


def merge_edges(existing: list[Edge], new: list[Edge]) -> tuple[list[Edge], set[str]]:
    """Union two edge lists by edge_id: (all edges sorted by edge_id, ids of changed edges).

    ``existing`` is what earlier runs stored, ``new`` what this run built. An edge in
    both keeps the earlier one's first_run, relation wording and labels (so questions
    already released keep their wording) and gains the new provenance. The returned ids
    are the edges that are new or gained a document: the increment subgraph sampling
    focuses on. A new sentence or triplet from an already-known document does not count:
    it adds no fact a retriever could find anywhere new.
    """
    merged: dict[str, Edge] = {}
    for edge in existing:
        merged[edge.edge_id] = _merge_pair(merged[edge.edge_id], edge) if edge.edge_id in merged else edge
    changed: set[str] = set()
    for edge in new:
        before = merged.get(edge.edge_id)
        if before is None:
            merged[edge.edge_id] = edge
            changed.add(edge.edge_id)
            continue
        after = _merge_pair(before, edge)
        if set(after.doc_ids) != set(before.doc_ids):
            changed.add(edge.edge_id)
        merged[edge.edge_id] = after
    return [merged[eid] for eid in sorted(merged)], changed


def to_networkx(edges: list[Edge]) -> networkx.MultiDiGraph:
    """A MultiDiGraph of the edges: node attribute ``label``; edge key = edge_id, attributes = Edge fields.

    A node's label is the most frequent label its edges give it (ties: smallest string),
    so the graph does not depend on edge order.
    """
    labels: dict[str, list[str]] = defaultdict(list)
    for edge in edges:
        labels[edge.head].append(edge.head_label)
        labels[edge.tail].append(edge.tail_label)
    graph = networkx.MultiDiGraph()
    for node in sorted(labels):
        graph.add_node(node, label=_most_common(labels[node]))
    for edge in sorted(edges, key=lambda e: e.edge_id):
        graph.add_edge(edge.head, edge.tail, key=edge.edge_id, **edge.model_dump())
    return graph
