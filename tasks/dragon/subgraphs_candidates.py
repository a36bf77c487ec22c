"""Subgraph sampling, what each question template may be asked about: the candidate pools of the
``simple``, ``set``, two-edge (``multi-hop`` / ``conditional``) and ``comparison`` templates, one
pool per anchor, built from the graph index. Only candidates with a focus edge are pooled.

How a candidate becomes a subgraph is ``subgraphs_shapes``; how pools are drawn ``subgraphs_pools``.
"""
from __future__ import annotations

from collections import defaultdict

from tasks.dragon.quantities import parse_quantity
from tasks.dragon.subgraphs_index import _GraphIndex
from tasks.dragon.subgraphs_pools import _ListPool, _PairPool, _Pool


def _simple_pools(index: _GraphIndex) -> list[_Pool]:
    by_head: dict[str, list[tuple[int, ...]]] = defaultdict(list)
    for i, edge in enumerate(index.edges):
        if index.focus[i]:
            by_head[edge.head].append((i,))
    return [_ListPool(by_head[head]) for head in sorted(by_head)]


def _set_pools(index: _GraphIndex, max_set_size: int) -> list[_Pool]:
    """Per shared node, its (node, relation) groups of 2..max_set_size edges, as subject or as object."""
    by_node: dict[str, list[tuple[int, ...]]] = defaultdict(list)
    for groups in (index.by_head_relation, index.by_tail_relation):
        for (node, _relation, _class), members in sorted(groups.items()):
            # one modality per set: "Кто выступил в «Прибое»?" must not list the band that will
            # play tonight beside the singer who played on Saturday (any language, any engine)
            by_modality: dict[str, list[int]] = defaultdict(list)
            for i in members:
                by_modality[index.edges[i].modality or "asserted"].append(i)
            for _modality, same in sorted(by_modality.items()):
                # edge ids include the normalised relation, so one (node, relation) has distinct far ends
                if any(index.known[i] for i in same):
                    continue  # a member only Wikidata states: the novel members alone are no complete answer
                if 2 <= len(same) <= max_set_size and any(index.focus[i] for i in same):
                    by_node[node].append(tuple(same))
    return [_ListPool(by_node[node]) for node in sorted(by_node)]


def _two_edge_pools(index: _GraphIndex) -> list[_Pool]:
    """Per node, pairs of its edges whose far ends differ (so the pair shares exactly this node)."""
    pools: list[_Pool] = []
    for node in sorted(index.incident):
        members = index.incident[node]
        focus = [i for i in members if index.focus[i]]
        if not focus or len(members) < 2:
            continue
        others = [i for i in members if not index.focus[i]]
        class_of = {i: index.other_end(i, node) for i in members}
        pools.append(_PairPool(focus, others, class_of))
    return pools


def _comparison_pools(index: _GraphIndex) -> tuple[list[_Pool], dict[int, float]]:
    """Per (relation, unit), pairs of numeric edges of different heads with different values.

    A head with two different values for one relation (a correction, or two periods) is
    left out of that relation's comparisons: which value wins would be a guess. A head
    with two edges of equal value ("4.2 million" / "4,200,000") keeps one, a focus one
    when there is one.
    """
    values: dict[int, float] = {}
    # equal up to float noise ("4.2 million" vs "4,200,000") is equal: a tie, no winner
    value_key: dict[int, float] = {}
    groups: dict[tuple[str, str], dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i, edge in enumerate(index.edges):
        if index.known[i] or not any(ch.isdigit() for ch in edge.tail_label):
            continue
        if (edge.modality or "asserted") != "asserted" or not any(ch.isupper() or ch.isdigit() for ch in edge.head_label):
            # a plan is no value to compare; "plant", "fund" (a common noun no question may name)
            # would spend the distinct-facts budget of the named heads it is paired with
            continue
        quantity = parse_quantity(edge.tail_label, edge.lang)
        if quantity is None:
            continue
        values[i] = quantity.value
        value_key[i] = float(f"{quantity.value:.9g}")
        groups[(index.relation[i], quantity.unit)][edge.head].append(i)
    pools: list[_Pool] = []
    for key in sorted(groups):
        representatives = []
        for head in sorted(groups[key]):
            members = groups[key][head]
            if len({value_key[i] for i in members}) > 1:
                continue
            representatives.append(min(members, key=lambda i: (not index.focus[i], i)))
        focus = [i for i in representatives if index.focus[i]]
        if not focus or len(representatives) < 2:
            continue
        others = [i for i in representatives if not index.focus[i]]
        class_of = {i: value_key[i] for i in representatives}  # equal values are a tie: no answer
        pools.append(_PairPool(focus, others, class_of))
    return pools, values
