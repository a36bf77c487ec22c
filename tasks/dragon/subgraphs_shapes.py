"""Subgraph sampling, a drawn pair of edges as a question's subgraph: which edge of a multi-hop
pair describes the bridge and which is asked (``_multi_hop``), when a conditional pair names one
answer (``_conditional``), which head wins a comparison (``_comparison``), and the ``Subgraph``
with its stable id (``_subgraph``).
"""
from __future__ import annotations

from schemas import Edge, Subgraph
from tasks.dragon.graph import stable_id
from tasks.dragon.subgraphs_index import _GraphIndex


def _subgraph(kind: str, lang: str, edges: list[Edge], answer: list[str], question: list[str], hidden: list[str] | None = None) -> Subgraph:
    return Subgraph(
        subgraph_id=stable_id("subgraph", kind, *sorted(e.edge_id for e in edges)),
        type=kind,
        lang=lang,
        edges=edges,
        answer_nodes=answer,
        question_nodes=question,
        hidden_nodes=hidden or [],
    )


def _multi_hop(index: _GraphIndex, a: int, b: int, lang: str, unique: bool = False) -> Subgraph | None:
    """Orient the pair: which edge describes the bridge (first) and which is asked about (second).

    Preferred, in order: a first edge that identifies the bridge unambiguously (its far
    end has no other edge with that relation in that direction, so "the company that sold
    2139 cars" names one company); a second edge leaving the bridge (the answer is its
    tail, like a simple question); then edge_id order.
    """
    bridge = index.shared_node(a, b)

    def preference(first: int, second: int) -> tuple[bool, bool, bool]:
        edge = index.edges[first]
        far = index.other_end(first, bridge)
        same_description = (
            index.by_head_relation[(far, index.relation[first], index.tail_class[first])]
            if edge.head == far
            else index.by_tail_relation[(far, index.relation[first], index.head_class[first])]
        )
        return (len(same_description) == 1, index.edges[second].head == bridge, first < second)

    orders = [(a, b), (b, a)]
    if unique:
        # the description must name one bridge, and the bridge must have one answer
        orders = [
            (first, second) for first, second in orders
            if index.unique(first, bridge) and index.unique(second, index.other_end(second, bridge))
        ]
        if not orders:
            return None
    first, second = max(orders, key=lambda pair: preference(*pair))
    return _subgraph(
        "multi-hop",
        lang,
        [index.edges[first], index.edges[second]],
        answer=[index.other_end(second, bridge)],
        question=[index.other_end(first, bridge)],
        hidden=[bridge],
    )


def _conditional(index: _GraphIndex, a: int, b: int, lang: str, unique: bool = False) -> Subgraph | None:
    shared = index.shared_node(a, b)
    if _same_predicate(index.relation[a], index.relation[b]) and (index.heads[a] == shared) == (index.heads[b] == shared):
        # "built six tugs and built two ferries": two members of a set, asked by the set question;
        # «планирует поставлять аккумуляторы для Робопорта и планирует поставлять аккумуляторы с
        # 2027 года»: one verb said twice reads as one fact split in two
        return None
    if unique:
        # every node satisfying both conditions is an answer: the shared node must be the only one
        satisfying = [
            {index.other_end(j, index.other_end(i, shared)) for j in index.same_question(i, shared)} for i in (a, b)
        ]
        if satisfying[0] & satisfying[1] - {shared}:
            return None
    return _subgraph(
        "conditional",
        lang,
        [index.edges[a], index.edges[b]],
        answer=[shared],
        question=[index.other_end(a, shared), index.other_end(b, shared)],
    )


#: relation words that carry no predicate of their own (copulas, auxiliaries, role words' glue)
_LIGHT_WORDS = frozenset({"be", "have", "быть", "являться", "иметь", "стать", "become"})


def _same_predicate(a: str, b: str) -> bool:
    """The same relation, or one verb with its object ("поставлять аккумулятор для" / "... с",
    "sell" / "sell in october"): their first two content words agree, or one relation is the
    other's start."""
    wa, wb = a.split(), b.split()
    if a == b:
        return True
    if not wa or not wb or wa[0] in _LIGHT_WORDS or wb[0] in _LIGHT_WORDS or wa[0] != wb[0]:
        return False
    shorter, longer = sorted((wa, wb), key=len)
    return longer[:len(shorter)] == shorter or (len(shorter) >= 2 and wa[:2] == wb[:2])


def _comparison(index: _GraphIndex, a: int, b: int, values: dict[int, float], lang: str) -> Subgraph:
    winner = a if values[a] > values[b] else b
    return _subgraph(
        "comparison",
        lang,
        [index.edges[a], index.edges[b]],
        answer=[index.edges[winner].head],
        question=[index.edges[a].head, index.edges[b].head],
    )
