"""Subgraphs matching the question templates (DRAGON Appendix D, plus comparison).

Templates, for edges of one language:

* ``simple``: one edge. The question names the head and the relation; the answer is the tail.
* ``set``: one head and one relation with 2..max_set_size distinct tails (the answer is every
  tail), or one tail and one relation with 2..max_set_size distinct heads (DRAGON groups by a
  shared subject or object; the answer is every head).
* ``multi-hop``: two edges sharing exactly one node, the bridge. The question names the far
  end of the first edge and describes the bridge through it without naming it; the answer
  is the far end of the second edge.
* ``conditional``: the same two-edge shape; the question names both far ends, the answer is
  the shared entity.
* ``comparison``: two edges with different heads, the same relation and numeric tails in the
  same unit; the question names both heads, the answer is the head with the larger value.

Answers are unique and complete in the graph (``unique_answers``): a simple question whose
head has several tails for its relation is not asked (the set question over that group asks
it with the complete answer); a multi-hop subgraph is asked only when its description names
one bridge and the bridge has one answer for the asked relation; a conditional one only when
no other node satisfies both conditions. Negated and conditional facts (``Edge.modality``)
are no alternative answers and never set members. Facts the novelty stage found already in
Wikidata (``known``) are never asked, but count as alternative answers and set members.

Redundancy: one edge is used by at most ``max_edge_reuse`` subgraphs over all types, one
answer by at most ``max_answer_reuse`` subgraphs of a type, and (``distinct_facts``) no two
subgraphs share both their answer and an edge ("What did X acquire?" and "Which organization
was acquired by X and is based in Oslo?" ask one fact twice), so the sample covers distinct
facts instead of re-asking a hub's. Types are selected rarest first (set, comparison,
simple, multi-hop, conditional), so the types the graph hardly supports get their edges.

Only subgraphs with at least one focus edge (the increment) are produced. When a type has
more matches than ``max_per_type``, a seeded round-robin over "anchors" (the head of a
simple/set subgraph, the bridge of a two-edge subgraph, the relation of a comparison)
picks them, so that a hub entity ("Russia", with thousands of edges and millions of edge
pairs) cannot crowd every other entity out of the benchmark.

Scale: two-edge templates are counted per node from group sizes and drawn by unranking
pair indices, so a hub of degree d costs O(d), not O(d²); nothing scans all edge pairs.

The steps, one module each: ``subgraphs_index`` (the graph as the sampler reads it, answer
classes), ``subgraphs_candidates`` (each template's candidate pools), ``subgraphs_pools`` (pools
and the seeded round-robin over anchors), ``subgraphs_shapes`` (a drawn pair as a subgraph), this
module (the sampler: reuse caps, distinct facts, the order of types); numbers in labels are
``quantities``.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter

from pydantic import BaseModel, Field

from schemas import Edge, Subgraph
# (Quantity, parse_number, parse_quantity: imported from here before the split, stay importable)
from tasks.dragon.quantities import Quantity, parse_number, parse_quantity  # noqa: F401
from tasks.dragon.subgraphs_candidates import _comparison_pools, _set_pools, _simple_pools, _two_edge_pools
from tasks.dragon.subgraphs_index import _GraphIndex, answer_class  # noqa: F401  (answer_class: the same)
from tasks.dragon.subgraphs_pools import _round_robin, _select
from tasks.dragon.subgraphs_shapes import _comparison, _conditional, _multi_hop, _subgraph

#: output order of the types
QUESTION_TYPES = ("simple", "set", "multi-hop", "conditional", "comparison")


class SubgraphConfig(BaseModel):
    max_per_type: int = Field(1000, ge=0, description="most subgraphs returned per question type")
    max_set_size: int = Field(6, ge=2, description="a set whose answer would have more entities is not asked")
    seed: int = Field(0, description="seed of the selection when a type has more than max_per_type matches")
    max_edge_reuse: int = Field(3, ge=1, description="most subgraphs (all types together) one edge may appear in")
    max_answer_reuse: int = Field(2, ge=1, description="most subgraphs of one type with the same answer")
    unique_answers: bool = Field(True, description="drop subgraphs whose answer is not unique and complete in the graph")
    distinct_facts: bool = Field(True, description="no two subgraphs (of any types) share both their answer and an edge")


#: why the sampler passed over a candidate it drew (``sample_subgraphs_counted``)
DROP_NO_SHAPE = "no askable shape (answer not unique, or the pair fits no template)"
DROP_EDGE_REUSE = "an edge already serves max_edge_reuse questions"
DROP_ANSWER_REUSE = "the answer already serves max_answer_reuse questions"
DROP_SAME_FACT = "asks an answer and fact already asked"
DROP_KINDS_CLASH = "the two edges name the shared node as two kinds (person / organisation / place): two things under one name"


class SampleResult(BaseModel):
    """The sampled subgraphs and, per type, how many drawn candidates the sampler passed over and why."""

    subgraphs: list[Subgraph]
    dropped: dict[str, dict[str, int]] = {}


def sample_subgraphs(
    edges: list[Edge], focus_edge_ids: list[str], lang: str, config: SubgraphConfig = SubgraphConfig(),
    known: list[Edge] | None = None,
) -> list[Subgraph]:
    """``sample_subgraphs_counted`` without the counts."""
    return sample_subgraphs_counted(edges, focus_edge_ids, lang, config, known).subgraphs


def sample_subgraphs_counted(
    edges: list[Edge], focus_edge_ids: list[str], lang: str, config: SubgraphConfig = SubgraphConfig(),
    known: list[Edge] | None = None,
) -> SampleResult:
    """Every subgraph of ``lang``'s edges matching a template and containing a focus edge.

    At most ``config.max_per_type`` per type (a seeded, anchor-balanced selection when
    there are more). Deterministic for equal inputs whatever their order. Output is
    grouped by type (QUESTION_TYPES order) and sorted by edge ids within a type.
    ``subgraph_id`` = stable hash of the type and the sorted edge ids. Edge order inside a
    subgraph: multi-hop [first, second] as described in the module doc; set by tail label;
    otherwise by edge_id.

    ``known``: facts Wikidata already states (``graph.known_edges``). They are never part of
    a subgraph, but an answer they contradict is not unique ("What does X produce?" when
    Wikidata lists another product) and a set they would extend is not complete.
    """
    index = _GraphIndex(edges, focus_edge_ids, lang, known or ())
    if not any(index.focus):
        return SampleResult(subgraphs=[])
    cap = config.max_per_type
    dropped: dict[str, Counter[str]] = {}

    def rng(kind: str) -> random.Random:
        return random.Random(f"{config.seed}/{kind}")  # str seeds hash the same in every process

    unique = config.unique_answers
    edge_use: Counter[str] = Counter()
    answer_use: Counter[tuple[str, tuple[str, ...]]] = Counter()
    answer_facts: set[tuple[tuple[str, ...], str]] = set()
    out: list[Subgraph] = []

    def take(build, kind: str):
        """accept() for _select: build the subgraph; keep it when unique and within the reuse caps."""
        drops = dropped.setdefault(kind, Counter())

        def accept(candidate: tuple[int, ...]) -> bool:
            if len(candidate) == 2 and kind in ("multi-hop", "conditional") and index.kinds_clash(*candidate):
                drops[DROP_KINDS_CLASH] += 1
                return False
            subgraph = build(candidate)
            if subgraph is None:
                drops[DROP_NO_SHAPE] += 1
                return False
            answer = (subgraph.type, tuple(sorted(subgraph.answer_nodes)))
            ids = [e.edge_id for e in subgraph.edges]
            if answer_use[answer] >= config.max_answer_reuse:
                drops[DROP_ANSWER_REUSE] += 1
                return False
            if any(edge_use[e] >= config.max_edge_reuse for e in ids):
                drops[DROP_EDGE_REUSE] += 1
                return False
            facts = {(answer[1], e) for e in ids}
            if config.distinct_facts and facts & answer_facts:
                drops[DROP_SAME_FACT] += 1
                return False
            answer_use[answer] += 1
            edge_use.update(ids)
            answer_facts.update(facts)
            out.append(subgraph)
            return True
        return accept

    def build_set(members: tuple[int, ...]) -> Subgraph:
        edges = [index.edges[i] for i in members]
        if len({e.head for e in edges}) == 1:
            group = sorted(edges, key=lambda e: (e.tail_label, e.edge_id))
            return _subgraph("set", lang, group, answer=[e.tail for e in group], question=[group[0].head])
        group = sorted(edges, key=lambda e: (e.head_label, e.edge_id))
        return _subgraph("set", lang, group, answer=[e.head for e in group], question=[group[0].tail])

    def build_simple(candidate: tuple[int, ...]) -> Subgraph | None:
        (i,) = candidate
        edge = index.edges[i]
        if unique and index.fact[i] and not index.unique(i, edge.tail):
            return None  # several tails: the set question over this (head, relation) asks it completely
        return _subgraph("simple", lang, [edge], answer=[edge.tail], question=[edge.head])

    # rarest types first, so that what the graph hardly supports gets its edges
    _select(_set_pools(index, config.max_set_size), cap, rng("set"), take(build_set, "set"))
    pools, values = _comparison_pools(index)
    _select(pools, cap, rng("comparison"), take(lambda pair: _comparison(index, *pair, values, lang), "comparison"))
    _select(_simple_pools(index), cap, rng("simple"), take(build_simple, "simple"))
    # multi-hop and conditional share their candidate pairs but are selected independently,
    # taking turns, so that neither spends the edges' reuse budget before the other
    streams = [
        itertools.islice(_round_robin(_two_edge_pools(index), rng(kind), take(build, kind)), cap)
        for kind, build in (
            ("multi-hop", lambda pair: _multi_hop(index, *pair, lang, unique)),
            ("conditional", lambda pair: _conditional(index, *pair, lang, unique)),
        )
    ]
    while streams:
        streams = [stream for stream in streams if next(stream, None) is not None]

    order = {kind: n for n, kind in enumerate(QUESTION_TYPES)}
    out.sort(key=lambda s: (order[s.type], sorted(e.edge_id for e in s.edges)))
    return SampleResult(subgraphs=out, dropped={k: dict(sorted(c.items())) for k, c in sorted(dropped.items()) if c})


def article_edges(edges: list[Edge], sampled: list[Subgraph]) -> list[Edge]:
    """Every edge stated in an article one of ``sampled`` comes from, in edge-id order: the context
    the question stage reads for entity kinds, class nouns and full names, the same for each of a
    run's question chunks (whichever subgraphs share a chunk)."""
    docs = {doc for subgraph in sampled for edge in subgraph.edges for doc in edge.doc_ids}
    return sorted((e for e in edges if docs.intersection(e.doc_ids)), key=lambda e: e.edge_id)
