"""Subgraph sampling, the graph as the sampler reads it (``_GraphIndex``): one language's edges,
a fact stored twice under two names kept once, with lookups by node and by (node, relation,
answer class), which decide whether an answer is unique and a set complete; and ``answer_class``,
what a question word can ask for.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection

from schemas import Edge
from tasks.dragon.graph import canonical_relation, entity_type
from tasks.dragon.quantities import parse_quantity
from tasks.filters import words


def answer_class(type_: str | None, label: str) -> str:
    """What a question word can ask for: "date" (when), "number" (how many / how much) or
    "thing" (who / which / what). NER confuses persons, organisations and places often
    enough that they are one class: "Who signed X?" and "Which organization signed X?"
    are answered by the same edges. Counts are classed by unit, amounts of money together."""
    type_ = type_ or entity_type(None, label)
    if type_ == "date":
        return "date"
    if type_ in ("quantity", "money"):
        # "How many cranes ...?" and "How many tugs ...?" are two questions; "How much ...?" one
        quantity = parse_quantity(label, "ru" if re.search(r"[\u0400-\u04FF]", label) else "en")
        if quantity is None:
            return "money" if type_ == "money" else "thing"  # "the number 11 shirt": a digit, no amount
        return "money" if quantity.money else f"number:{quantity.unit}"
    return "thing"


#: entity kinds NER tells apart; a node named as two of them by two edges is two things under one name
_NAMED_KINDS = frozenset({"person", "org", "place"})


def _written(label: str) -> str:
    """A label as written, case, ё and punctuation aside: what makes two nodes one name to a reader."""
    return " ".join(words(label))


def _without_short_mentions(kept: dict[tuple[str, str, str, str], str]) -> dict[tuple[str, str, str, str], str]:
    """``kept`` without a fact stored again under a short mention of one of its ends: "Okafor-Bell |
    catch | seven passes" beside "Dante Okafor-Bell | catch | seven passes" is one fact (the writer names
    both "Dante Okafor-Bell": a set of one name twice). A short label is another's last words, with no
    digit, and the only label of that fact ending so ("Smith" beside "Ann Smith" and "Bo Smith" stays)."""
    sides: dict[tuple[str, ...], list[tuple[str, str]]] = defaultdict(list)
    for (head, relation, tail, modality), eid in kept.items():
        sides[("head", relation, tail, modality)].append((head, eid))
        sides[("tail", head, relation, modality)].append((tail, eid))
    drop = set()
    for members in sides.values():
        for short, eid in members:
            if not short or any(ch.isdigit() for ch in short):
                continue
            if len([label for label, _ in members if label.endswith(" " + short)]) == 1:
                drop.add(eid)
    return {fact: eid for fact, eid in kept.items() if eid not in drop}


class _GraphIndex:
    """The language's edges sorted by edge_id (index = position), with lookups by node and relation."""

    def __init__(self, edges: list[Edge], focus_edge_ids: Collection[str], lang: str, known: Collection[Edge] = ()):
        focus_edge_ids = set(focus_edge_ids)
        unique = {e.edge_id: e for e in known if e.lang == lang and e.head != e.tail}
        novel = {e.edge_id: e for e in edges if e.lang == lang and e.head != e.tail}
        unique.update(novel)
        # one fact stored twice under two node ids labelled alike (a person keyed once by a short
        # mention, once by the full name) is one fact: kept once, or it would be a set of one name
        # twice, a multi-hop from a name to itself and a repeated simple question. Wikidata's copy
        # wins (the fact is not novel), then one in focus, then the lowest edge id.
        kept: dict[tuple[str, str, str, str], str] = {}
        for eid in sorted(unique, key=lambda x: (x in novel, x not in focus_edge_ids, x)):
            edge = unique[eid]
            fact = (_written(edge.head_label), canonical_relation(edge.relation, lang), _written(edge.tail_label),
                    edge.modality or "asserted")
            kept.setdefault(fact, eid)
        kept = _without_short_mentions(kept)
        unique = {eid: unique[eid] for eid in kept.values()}
        self.edges = [unique[eid] for eid in sorted(unique)]
        #: facts Wikidata already states: alternative answers and set members that make a set
        #: incomplete, never asked about and never part of a subgraph
        self.known = [e.edge_id not in novel for e in self.edges]
        self.heads = [e.head for e in self.edges]
        self.tails = [e.tail for e in self.edges]
        self.focus = [e.edge_id in focus_edge_ids for e in self.edges]
        # the relation as the edge id keys it (lemma + synonym table): "bought" and "acquired" ask one
        # question, so X's other acquisitions are other answers and set members
        self.relation = [canonical_relation(e.relation, lang) for e in self.edges]
        self.head_class = [answer_class(e.head_type, e.head_label) for e in self.edges]
        self.tail_class = [answer_class(e.tail_type, e.tail_label) for e in self.edges]
        self.incident: dict[str, list[int]] = defaultdict(list)
        self.by_head_relation: dict[tuple[str, str], list[int]] = defaultdict(list)
        self.by_tail_relation: dict[tuple[str, str], list[int]] = defaultdict(list)
        #: facts: negated and conditional edges are neither set members nor alternative answers
        self.fact = [e.modality not in ("negated", "conditional") for e in self.edges]
        for i, (head, tail, relation) in enumerate(zip(self.heads, self.tails, self.relation)):
            if not self.known[i]:
                self.incident[head].append(i)
                self.incident[tail].append(i)
            if self.fact[i]:
                # keyed by the far end's answer class too: "born in 1991" and "born in Dublin" answer
                # "When ...?" and "Where ...?", not one question twice
                self.by_head_relation[(head, relation, self.tail_class[i])].append(i)
                self.by_tail_relation[(tail, relation, self.head_class[i])].append(i)

    def same_question(self, i: int, asked: str) -> list[int]:
        """Fact edges answering what edge ``i`` answers about its end ``asked``, from its other end."""
        edge = self.edges[i]
        if asked == edge.tail:
            return self.by_head_relation.get((edge.head, self.relation[i], self.tail_class[i]), [])
        return self.by_tail_relation.get((edge.tail, self.relation[i], self.head_class[i]), [])

    def unique(self, i: int, asked: str) -> bool:
        """Is ``asked`` the only answer of edge ``i``'s question about it (no other fact edge)?"""
        return all(j == i for j in self.same_question(i, asked))

    def other_end(self, i: int, node: str) -> str:
        head = self.heads[i]
        return self.tails[i] if head == node else head

    def shared_node(self, a: int, b: int) -> str:
        ea, eb = self.edges[a], self.edges[b]
        return ea.head if ea.head in (eb.head, eb.tail) else ea.tail

    def kind_at(self, i: int, node: str) -> str | None:
        """What edge ``i``'s sentences call ``node`` (person / org / place), None when they do not say."""
        edge = self.edges[i]
        kind = edge.head_type if edge.head == node else edge.tail_type
        return kind if kind in _NAMED_KINDS else None

    def kinds_clash(self, a: int, b: int) -> bool:
        """Do the two edges name their shared node as two kinds of thing? One key for a rugby side and
        its region ("Otago"), a club and its town: a question joining them would send someone who
        "returned to Otago" (the region) to "the organization whose head coach is ..." (the side)."""
        shared = self.shared_node(a, b)
        kinds = {self.kind_at(a, shared), self.kind_at(b, shared)} - {None}
        return len(kinds) > 1
