"""tasks/dragon/subgraphs.py (its steps subgraphs_*.py, numbers quantities.py): template enumeration, focus,
numbers, determinism, caps, scale."""
from __future__ import annotations

import random
import time
from collections import Counter
from itertools import accumulate, combinations

import pytest

from schemas import Edge
from tasks.dragon.graph import edge_id
from tasks.dragon.quantities import parse_number, parse_quantity
from tasks.dragon.subgraphs import (
    QUESTION_TYPES,
    SubgraphConfig,
    sample_subgraphs,
    sample_subgraphs_counted,
)
from tasks.dragon.subgraphs import DROP_ANSWER_REUSE, DROP_EDGE_REUSE, DROP_NO_SHAPE
from tasks.dragon.subgraphs_pools import _PairPool

LABELS = {
    "A": "Ryan Otter", "M": "Method", "T": "Trigger", "S": "Studio X", "P": "Paris",
    "F": "FAW", "B": "BYD", "C": "China", "G": "Geely",
    "X1": "2,139 cars", "X2": "1,870 cars", "X3": "2 139 cars",
}


def make_edge(head: str, relation: str, tail: str, lang: str = "en", labels: dict[str, str] = LABELS) -> Edge:
    return Edge(
        edge_id=edge_id(head, relation, tail, lang), head=head, relation=relation, tail=tail,
        head_label=labels.get(head, head), tail_label=labels.get(tail, tail), lang=lang,
        doc_ids=["d1"], sentences=["s"], triplet_ids=[f"t-{head}-{tail}"],
    )


# The hand-built graph; expected counts with every edge in focus:
#   simple 10 (one per edge); set 2 (Ryan Otter composed music for {Method, Trigger}; China for FAW, BYD);
#   two-edge pairs sharing exactly one node: A: 3, S: 2 (e4/e9 join S and P twice, so
#   they share two nodes and are excluded), F: 1, B: 1, C: 1 -> 8 multi-hop, 6 conditional (A and C each have one set-like pair);
#   comparison "sold in 2023" in cars: FAW 2139 vs BYD 1870, BYD vs Geely 2139;
#   FAW vs Geely is a tie -> 2.
E = {
    "e1": make_edge("A", "composed music for", "M"),
    "e2": make_edge("A", "composed music for", "T"),
    "e3": make_edge("A", "works at", "S"),
    "e4": make_edge("S", "headquartered in", "P"),
    "e5": make_edge("F", "sold in 2023", "X1"),
    "e6": make_edge("B", "sold in 2023", "X2"),
    "e7": make_edge("F", "country of origin", "C"),
    "e8": make_edge("B", "country of origin", "C"),
    "e9": make_edge("P", "is home to", "S"),
    "e10": make_edge("G", "Sold in 2023", "X3"),
}
ALL = set(e.edge_id for e in E.values())
#: every matching subgraph: no uniqueness check, no reuse caps (the template enumeration itself)
OPEN = dict(max_edge_reuse=10**9, max_answer_reuse=10**9, unique_answers=False, distinct_facts=False)
EVERY = SubgraphConfig(**OPEN)


def counts(subgraphs) -> dict[str, int]:
    found = Counter(s.type for s in subgraphs)
    return {t: found.get(t, 0) for t in QUESTION_TYPES}


def test_exact_counts_per_type_with_every_edge_in_focus():
    subgraphs = sample_subgraphs(list(E.values()), ALL, "en", EVERY)
    # set 2: Ryan Otter composed music for {Method, Trigger}; {FAW, BYD} have China as country of origin;
    # those two pairs are sets, not conditionals ("composed music for M and composed music for T"): 8 - 2
    assert counts(subgraphs) == {"simple": 10, "set": 2, "multi-hop": 8, "conditional": 6, "comparison": 2}
    assert len({s.subgraph_id for s in subgraphs}) == len(subgraphs)
    assert all(s.lang == "en" for s in subgraphs)


def test_focus_edges_restrict_output():
    only_e4 = sample_subgraphs(list(E.values()), {E["e4"].edge_id}, "en", EVERY)
    assert counts(only_e4) == {"simple": 1, "set": 0, "multi-hop": 1, "conditional": 1, "comparison": 0}
    only_e6 = sample_subgraphs(list(E.values()), {E["e6"].edge_id}, "en", EVERY)
    assert counts(only_e6) == {"simple": 1, "set": 0, "multi-hop": 1, "conditional": 1, "comparison": 2}
    for s in only_e4 + only_e6:
        assert {e.edge_id for e in s.edges} & {E["e4"].edge_id, E["e6"].edge_id}
    assert sample_subgraphs(list(E.values()), set(), "en") == []
    assert sample_subgraphs(list(E.values()), {"not-an-edge"}, "en") == []


def test_other_languages_are_ignored():
    ru_edge = make_edge("F", "продала", "X1", lang="ru")
    subgraphs = sample_subgraphs(list(E.values()) + [ru_edge], ALL | {ru_edge.edge_id}, "en", EVERY)
    assert counts(subgraphs)["simple"] == 10
    ru_only = sample_subgraphs(list(E.values()) + [ru_edge], {ru_edge.edge_id}, "ru")
    assert [s.type for s in ru_only] == ["simple"] and ru_only[0].lang == "ru"


def by_edges(subgraphs, kind, *names):
    wanted = {E[n].edge_id for n in names}
    return next(s for s in subgraphs if s.type == kind and {e.edge_id for e in s.edges} == wanted)


def test_node_roles_per_type():
    subgraphs = sample_subgraphs(list(E.values()), ALL, "en", EVERY)

    simple = by_edges(subgraphs, "simple", "e3")
    assert (simple.question_nodes, simple.answer_nodes, simple.hidden_nodes) == (["A"], ["S"], [])

    the_set = by_edges(subgraphs, "set", "e1", "e2")
    assert the_set.question_nodes == ["A"] and the_set.answer_nodes == ["M", "T"]  # by tail label: Method, Trigger

    # chain A -works at-> S -headquartered in-> P: the bridge is hidden, the answer is the far end of the 2nd edge
    chain = by_edges(subgraphs, "multi-hop", "e3", "e4")
    assert chain.hidden_nodes == ["S"] and chain.question_nodes == ["A"] and chain.answer_nodes == ["P"]
    assert [e.edge_id for e in chain.edges] == [E["e3"].edge_id, E["e4"].edge_id]

    # DRAGON's FAW example: "which country is the company that sold 2139 cars in 2023 from?" -> China;
    # "the company from China" would be ambiguous (BYD too), so 2139 cars describes the bridge
    faw = by_edges(subgraphs, "multi-hop", "e5", "e7")
    assert faw.hidden_nodes == ["F"] and faw.question_nodes == ["X1"] and faw.answer_nodes == ["C"]

    # two edges into one node: the shared node is the bridge whatever the direction
    into_c = by_edges(subgraphs, "multi-hop", "e7", "e8")
    assert into_c.hidden_nodes == ["C"] and sorted(into_c.question_nodes + into_c.answer_nodes) == ["B", "F"]

    conditional = by_edges(subgraphs, "conditional", "e1", "e3")
    assert conditional.answer_nodes == ["A"] and sorted(conditional.question_nodes) == ["M", "S"]
    assert conditional.hidden_nodes == []

    comparison = by_edges(subgraphs, "comparison", "e5", "e6")
    assert comparison.answer_nodes == ["F"] and sorted(comparison.question_nodes) == ["B", "F"]
    geely = by_edges(subgraphs, "comparison", "e6", "e10")
    assert geely.answer_nodes == ["G"]


def test_set_larger_than_max_set_size_is_not_asked():
    edges = [make_edge("A", "visited", f"city{i}") for i in range(4)]
    focus = {e.edge_id for e in edges}
    assert counts(sample_subgraphs(edges, focus, "en", SubgraphConfig(max_set_size=4, **OPEN)))["set"] == 1
    assert counts(sample_subgraphs(edges, focus, "en", SubgraphConfig(max_set_size=3, **OPEN)))["set"] == 0


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    [
        ("4.2 million", "en", 4_200_000),
        ("2 139", "en", 2139),
        ("1,870", "en", 1870),
        ("1,870 cars", "en", 1870),
        ("$3bn", "en", 3e9),
        ("4.2m", "en", 4_200_000),
        ("15%", "en", 15),
        ("1,234.5", "en", 1234.5),
        ("4,2 млн", "ru", 4_200_000),
        ("2\u00a0139 автомобилей", "ru", 2139),
        ("1,870", "ru", 1.87),  # a Russian comma is a decimal point
        ("3 млрд рублей", "ru", 3e9),
        ("1,5 тыс.", "ru", 1500),
        ("12 March 2024", "en", None),
        ("about 2,000", "en", None),
        ("Boeing 737", "en", None),
        ("12 2024", "en", None),
    ],
)
def test_number_parsing(text, lang, value):
    parsed = parse_number(text, lang)
    assert parsed == (pytest.approx(value) if value is not None else None)


def test_units_must_agree_for_a_comparison():
    assert parse_quantity("2 автомобиля", "ru").unit == parse_quantity("5 автомобилей", "ru").unit
    assert parse_quantity("$4.2 billion", "en").unit == parse_quantity("3 billion dollars", "en").unit == "usd"
    labels = {"R": "Rosneft", "L": "Lukoil", "N": "Novatek", "v1": "4,2 млрд рублей", "v2": "3 млрд рублей", "v3": "5 млрд долларов"}
    edges = [make_edge(h, "заработала", v, "ru", labels) for h, v in [("R", "v1"), ("L", "v2"), ("N", "v3")]]
    comparisons = [s for s in sample_subgraphs(edges, {e.edge_id for e in edges}, "ru") if s.type == "comparison"]
    assert len(comparisons) == 1  # rubles vs dollars are not compared
    assert comparisons[0].answer_nodes == ["R"] and sorted(comparisons[0].question_nodes) == ["L", "R"]


def test_a_head_with_conflicting_values_is_not_compared():
    labels = {"F": "FAW", "B": "BYD", "x": "2139", "y": "2200", "z": "2150"}
    edges = [make_edge("F", "sold", "x", labels=labels), make_edge("F", "sold", "y", labels=labels), make_edge("B", "sold", "z", labels=labels)]
    assert counts(sample_subgraphs(edges, {e.edge_id for e in edges}, "en"))["comparison"] == 0


def test_deterministic_whatever_the_input_order():
    edges = list(E.values())
    first = sample_subgraphs(edges, ALL, "en")
    shuffled = edges[:]
    random.Random(7).shuffle(shuffled)
    second = sample_subgraphs(shuffled, set(ALL), "en")
    assert [s.model_dump() for s in first] == [s.model_dump() for s in second]


def random_graph(n_edges: int, n_nodes: int, seed: int = 3) -> list[Edge]:
    rng = random.Random(seed)
    nodes = [f"n{i}" for i in range(n_nodes)]
    cumulative = list(accumulate(1 / (i + 1) for i in range(n_nodes)))  # a few hubs, a long tail
    edges: dict[str, Edge] = {}
    while len(edges) < n_edges:
        head, tail = rng.choices(nodes, cum_weights=cumulative, k=2)
        if head != tail:
            relation = f"rel{rng.randrange(12)}"
            if rng.random() < 0.2:
                tail = f"v{rng.randrange(10**6)}"
                edge = make_edge(head, relation, tail, labels={tail: f"{rng.randrange(1, 10**6):,}"})
            else:
                edge = make_edge(head, relation, tail)
            edges[edge.edge_id] = edge
    return list(edges.values())


def test_cap_selects_a_deterministic_balanced_subset():
    edges = random_graph(400, 120)
    focus = {e.edge_id for e in edges}
    everything = sample_subgraphs(edges, focus, "en", SubgraphConfig(max_per_type=10**9, **OPEN))
    config = SubgraphConfig(max_per_type=50, seed=1, **OPEN)
    capped = sample_subgraphs(edges, focus, "en", config)
    assert all(n == 50 for n in counts(capped).values())
    assert {s.subgraph_id for s in capped} <= {s.subgraph_id for s in everything}
    assert [s.subgraph_id for s in capped] == [s.subgraph_id for s in sample_subgraphs(edges, focus, "en", config)]
    other_seed = sample_subgraphs(edges, focus, "en", SubgraphConfig(max_per_type=50, seed=2, **OPEN))
    assert {s.subgraph_id for s in other_seed} != {s.subgraph_id for s in capped}
    # the hub does not crowd the others out: 50 multi-hop questions over (nearly) 50 bridges
    bridges = Counter(s.hidden_nodes[0] for s in capped if s.type == "multi-hop")
    assert len(bridges) >= 45


def test_pair_pool_draws_every_valid_pair_exactly_once():
    rng = random.Random(0)
    for trial in range(30):
        members = list(range(rng.randrange(2, 30)))
        focus = sorted(rng.sample(members, rng.randrange(1, len(members) + 1)))
        others = [m for m in members if m not in focus]
        class_of = {m: rng.randrange(4) for m in members}
        expected = {
            (a, b) for a, b in combinations(members, 2) if (a in focus or b in focus) and class_of[a] != class_of[b]
        }
        pool = _PairPool(focus, others, class_of)
        assert pool.size == len(expected)
        assert set(pool.candidates()) == expected
        drawn = []
        while (pair := pool.draw(rng)) is not None:
            drawn.append(pair)
        assert sorted(drawn) == sorted(expected), trial


def test_fast_on_a_large_graph_with_hubs():
    edges = random_graph(20_000, 5_000)
    started = time.perf_counter()
    subgraphs = sample_subgraphs(edges, {e.edge_id for e in edges}, "en", EVERY)
    elapsed = time.perf_counter() - started
    assert all(n == 1000 for t, n in counts(subgraphs).items() if t != "set")
    assert elapsed < 10, elapsed  # ~0.5 s here; an O(E²) pair scan takes minutes


# --------------------------------------------------------------------------- issue 10: unique, complete, diverse


def answers_in_graph(subgraph, edges) -> set[str]:
    """Brute force: every node that answers the subgraph's question in the graph of ``edges`` (facts only)."""
    from tasks.dragon.graph import normalise_relation
    from tasks.dragon.subgraphs_index import answer_class

    facts = [e for e in edges if e.modality not in ("negated", "conditional")]
    rel = lambda e: normalise_relation(e.relation, e.lang)  # noqa: E731

    def ask(edge, asked):  # nodes x of the asked end's answer class such that (edge with x there) is a fact
        if asked == edge.tail:
            cls = answer_class(edge.tail_type, edge.tail_label)
            return {f.tail for f in facts if f.head == edge.head and rel(f) == rel(edge)
                    and answer_class(f.tail_type, f.tail_label) == cls}
        cls = answer_class(edge.head_type, edge.head_label)
        return {f.head for f in facts if f.tail == edge.tail and rel(f) == rel(edge)
                and answer_class(f.head_type, f.head_label) == cls}

    if subgraph.type == "simple":
        return ask(subgraph.edges[0], subgraph.answer_nodes[0])
    if subgraph.type == "set":
        shared = subgraph.question_nodes[0]
        edge = subgraph.edges[0]
        return ask(edge, edge.tail if edge.head == shared else edge.head)
    if subgraph.type == "multi-hop":
        first, second = subgraph.edges
        bridge = subgraph.hidden_nodes[0]
        found = set()
        for b in ask(first, bridge):
            probe = second.model_copy(update={"head": b} if second.head == bridge else {"tail": b})
            found |= ask(probe, subgraph.answer_nodes[0] if subgraph.answer_nodes[0] in (second.head, second.tail) else None)
        return found
    if subgraph.type == "conditional":
        shared = subgraph.answer_nodes[0]
        a, b = subgraph.edges
        return ask(a, shared) & ask(b, shared)
    return set(subgraph.answer_nodes)


def test_answers_are_unique_and_complete_in_the_graph():
    edges = random_graph(400, 120)
    focus = {e.edge_id for e in edges}
    wrong = lambda subgraphs: [  # noqa: E731
        s for s in subgraphs if s.type != "comparison" and answers_in_graph(s, edges) != set(s.answer_nodes)
    ]
    assert wrong(sample_subgraphs(edges, focus, "en", EVERY))  # the check can fail: the open enumeration has such
    assert wrong(sample_subgraphs(edges, focus, "en")) == []


def test_a_relation_with_several_tails_is_asked_as_a_set_not_a_simple_question():
    edges = [make_edge("A", "composed music for", "M"), make_edge("A", "composed music for", "T"), make_edge("A", "works at", "S")]
    out = sample_subgraphs(edges, {e.edge_id for e in edges}, "en")
    simple = {s.edges[0].tail for s in out if s.type == "simple"}
    assert simple == {"S"}
    assert [sorted(s.answer_nodes) for s in out if s.type == "set"] == [["M", "T"]]


def test_synonymous_relations_are_one_question():
    """Issue 10: "Harbour Logistics bought Nordic Tugs" (one outlet) and "... acquired Baltic Freight
    Lines" (another) are two answers of one question: "What did Harbour Logistics buy?" -> Nordic Tugs
    alone, and the multi-hop "What did the organization that bought Nordic Tugs acquire?", were
    released with a second valid answer because uniqueness compared the wordings, not the relation."""
    labels = {"H": "Harbour Logistics", "N": "Nordic Tugs", "B": "Baltic Freight Lines", "K": "Kiel"}
    edges = [make_edge("H", "buy", "N", labels=labels), make_edge("H", "acquire", "B", labels=labels),
             make_edge("N", "be based in", "K", labels=labels)]
    out = sample_subgraphs(edges, {e.edge_id for e in edges}, "en")
    assert [s.edges[0].tail for s in out if s.type == "simple"] == ["K"]
    assert [sorted(s.answer_nodes) for s in out if s.type == "set"] == [["B", "N"]]
    # the bridge H has two acquisitions: "what did the organization that ... acquire" has no unique answer
    assert not [s for s in out if s.type == "multi-hop" and s.hidden_nodes == ["H"]]


def test_sets_group_by_a_shared_object_too():
    edges = [make_edge("F", "country of origin", "C"), make_edge("B", "country of origin", "C")]
    (the_set,) = [s for s in sample_subgraphs(edges, {e.edge_id for e in edges}, "en") if s.type == "set"]
    assert the_set.question_nodes == ["C"] and the_set.answer_nodes == ["B", "F"]  # by head label: BYD, FAW


def test_negated_facts_are_no_set_members_and_no_second_answer():
    done = make_edge("A", "acquire", "M")
    denied = make_edge("A", "acquire", "T").model_copy(update={"modality": "negated"})
    out = sample_subgraphs([done, denied], {done.edge_id, denied.edge_id}, "en")
    assert not [s for s in out if s.type == "set"]
    assert {s.edges[0].tail for s in out if s.type == "simple"} == {"M", "T"}  # the negated one: skipped, recorded, by questions


def test_a_set_never_mixes_a_done_fact_with_a_plan():
    played = make_edge("A", "perform at", "S")
    will_play = make_edge("B", "perform at", "S").model_copy(update={"modality": "planned"})
    also_will = make_edge("C", "perform at", "S").model_copy(update={"modality": "planned"})
    sets = [s for s in sample_subgraphs([played, will_play], {played.edge_id, will_play.edge_id}, "en")
            if s.type == "set"]
    assert sets == []
    edges = [played, will_play, also_will]
    sets = [s for s in sample_subgraphs(edges, {e.edge_id for e in edges}, "en") if s.type == "set"]
    assert [sorted(s.answer_nodes) for s in sets] == [["B", "C"]]  # the two plans, asked together


def test_reuse_per_edge_and_per_answer_is_capped():
    edges = random_graph(400, 120)
    config = SubgraphConfig(max_edge_reuse=2, max_answer_reuse=1, distinct_facts=False)
    out = sample_subgraphs(edges, {e.edge_id for e in edges}, "en", config)
    per_edge = Counter(e.edge_id for s in out for e in s.edges)
    per_answer = Counter((s.type, tuple(sorted(s.answer_nodes))) for s in out)
    assert max(per_edge.values()) == 2 and max(per_answer.values()) == 1
    assert counts(out)["multi-hop"] > 0 and counts(out)["conditional"] > 0
    with pytest.raises(ValueError):
        SubgraphConfig(max_edge_reuse=0)
    with pytest.raises(ValueError):
        SubgraphConfig(max_answer_reuse=0)


def test_candidates_passed_over_are_counted_per_type_and_reason():
    edges = random_graph(400, 120)
    focus = {e.edge_id for e in edges}
    tight = sample_subgraphs_counted(edges, focus, "en", SubgraphConfig(max_edge_reuse=1, max_answer_reuse=1))
    assert tight.subgraphs == sample_subgraphs(edges, focus, "en", SubgraphConfig(max_edge_reuse=1, max_answer_reuse=1))
    reasons = Counter()
    for by_reason in tight.dropped.values():
        reasons.update(by_reason)
    assert set(tight.dropped) <= set(QUESTION_TYPES) and reasons[DROP_EDGE_REUSE] > 0
    assert reasons[DROP_NO_SHAPE] > 0  # multi-hop / conditional pairs with a non-unique answer
    roomy = sample_subgraphs_counted(edges, focus, "en", EVERY)
    assert all(DROP_EDGE_REUSE not in r and DROP_ANSWER_REUSE not in r for r in roomy.dropped.values())
    assert sample_subgraphs_counted(edges, set(), "en").dropped == {}


def test_no_two_subgraphs_share_their_answer_and_a_fact():
    edges = random_graph(400, 120)
    focus = {e.edge_id for e in edges}

    def repeats(subgraphs):
        seen, found = set(), 0
        for s in subgraphs:
            keys = {(tuple(sorted(s.answer_nodes)), e.edge_id) for e in s.edges}
            found += bool(keys & seen)
            seen |= keys
        return found

    assert repeats(sample_subgraphs(edges, focus, "en", SubgraphConfig(distinct_facts=False))) > 0
    distinct = sample_subgraphs(edges, focus, "en")
    assert repeats(distinct) == 0 and {s.type for s in distinct} == set(QUESTION_TYPES)


# --------------------------------------------------------------------------- issue 10: facts Wikidata already states


def test_a_fact_wikidata_already_states_makes_a_novel_answer_not_unique_and_a_set_incomplete():
    """Judged in news-en@1.0.0 (seed 53, 61): "What does Northbridge Motors produce?" → the larger
    Northbridge Aster, though the same sentence says it produces the Northbridge Vela too: that
    fact was already in Wikidata, so novelty dropped it and the sampler never saw it."""
    labels = {"NM": "Northbridge Motors", "AS": "larger Northbridge Aster", "VE": "Northbridge Vela",
              "ER": "Elbe Rovers", "KA": "Kwame Asante", "TL": "Tomas Lindqvist", "MZ": "Marek Zielinski",
              "EM": "Elena Marsh", "Y": "1991", "DU": "Dublin"}
    aster = make_edge("NM", "produce", "AS", labels=labels)
    vela = make_edge("NM", "produce", "VE", labels=labels)  # known: Wikidata's P1056
    signed = [make_edge("ER", "sign", p, labels=labels) for p in ("KA", "TL")]
    signed_known = make_edge("ER", "sign", "MZ", labels=labels)
    born_year = make_edge("EM", "be born in", "Y", labels=labels).model_copy(update={"tail_type": "date"})
    born_place = make_edge("EM", "be born in", "DU", labels=labels).model_copy(update={"tail_type": "place"})
    novel = [aster, *signed, born_year]
    focus = [e.edge_id for e in novel]

    def asked(known):
        return {(s.type, tuple(sorted(s.answer_nodes))) for s in sample_subgraphs(novel, focus, "en", known=known)}

    without = asked(None)
    assert ("simple", ("AS",)) in without and ("set", ("KA", "TL")) in without and ("simple", ("Y",)) in without
    with_known = asked([vela, signed_known, born_place])
    assert ("simple", ("AS",)) not in with_known  # the Vela answers it too
    assert ("set", ("KA", "TL")) not in with_known  # Marek Zielinski is missing from the set
    assert ("simple", ("Y",)) in with_known  # "born in Dublin" answers "Where", not "When was Elena Marsh born?"
    # a known fact is never part of a subgraph
    for s in sample_subgraphs(novel, focus, "en", known=[vela, signed_known, born_place]):
        assert not {e.edge_id for e in s.edges} & {vela.edge_id, signed_known.edge_id, born_place.edge_id}


def test_counts_of_different_units_are_different_questions():
    """"bought 12 cranes and two tugs": "How many cranes ...?" and "How many tugs ...?" each have one answer."""
    labels = {"HL": "Harbour Logistics", "C": "12 cranes", "T": "two tugs"}
    edges = [make_edge("HL", "buy", "C", labels=labels), make_edge("HL", "buy", "T", labels=labels)]
    simple = {tuple(s.answer_nodes) for s in sample_subgraphs(edges, [e.edge_id for e in edges], "en") if s.type == "simple"}
    assert simple == {("C",), ("T",)}
    same_unit = [make_edge("HL", "buy", "C", labels=labels),
                 make_edge("HL", "buy", "C2", labels={**labels, "C2": "four cranes"})]
    assert not [s for s in sample_subgraphs(same_unit, [e.edge_id for e in same_unit], "en") if s.type == "simple"]


def test_spelled_out_counts_are_quantities():
    assert parse_quantity("eleven roll-on/roll-off vessels", "en").value == 11
    assert parse_quantity("twenty-five stores", "en").unit_text == "stores"
    assert parse_quantity("380,000 trucks and trailers", "en").unit_text == "trucks and trailers"
    assert parse_quantity("one stadium", "en") is None  # "one" names no amount
    assert parse_quantity("Seventeen Pictures", "ru") is None


def test_a_conditional_does_not_say_one_verb_twice():
    """news-ru@1.0.0: «Какая организация планирует поставлять аккумуляторы для Робопорта и планирует
    поставлять аккумуляторы с 2027 года?» — one verb and object, two facts: it reads as one fact said
    twice (and the 2027 start belongs to another contract)."""
    labels = {"G": "ГридЛаб", "R": "Робопорт", "Y": "2027 год", "S": "Санкт-Петербург"}
    edges = [make_edge("G", "поставлять аккумуляторы для", "R", "ru", labels),
             make_edge("G", "поставлять аккумуляторы с", "Y", "ru", labels),
             make_edge("G", "базироваться в", "S", "ru", labels)]
    conditional = [sorted(e.relation for e in s.edges) for s in sample_subgraphs(edges, [e.edge_id for e in edges], "ru", EVERY)
                   if s.type == "conditional"]
    assert ["поставлять аккумуляторы для", "поставлять аккумуляторы с"] not in conditional
    assert ["базироваться в", "поставлять аккумуляторы для"] in conditional


def test_two_nodes_labelled_alike_are_one_answer_not_a_set_of_two():
    """A person keyed once by a short mention and once by the full name is two nodes with one label:
    "Who caught seven passes?" has one answer, never the set "Ada Quill; Ada Quill"."""
    labels = {"Q1": "Ada Quill", "Q2": "Ada Quill", "P": "seven passes", "R": "Rue Mott"}
    first, second = make_edge("Q1", "catch", "P", labels=labels), make_edge("Q2", "catch", "P", labels=labels)
    out = sample_subgraphs([first, second], {first.edge_id, second.edge_id}, "en")
    # one fact: asked once, and never as a set or a multi-hop from the name to itself
    assert [(s.type, s.answer_nodes) for s in out] in ([("simple", ["P"])],)
    assert len({s.question_nodes[0] for s in out}) == 1
    # a third, differently labelled catcher makes a real set of two
    third = make_edge("R", "catch", "P", labels=labels)
    out = sample_subgraphs([first, second, third], {e.edge_id for e in (first, second, third)}, "en")
    sets = [s for s in out if s.type == "set"]
    assert len(sets) == 1 and len(sets[0].answer_nodes) == 2 and "R" in sets[0].answer_nodes


def test_a_fact_stored_again_under_a_short_mention_is_one_fact():
    """"Okafor-Bell | catch | seven passes" beside "Dante Okafor-Bell | catch | seven passes": the writer
    names both in full, so a set of them reads "Dante Okafor-Bell; Dante Okafor-Bell"."""
    labels = {"F": "Ada Quill-Marr", "S": "Quill-Marr", "P": "seven passes", "A": "Bo Marr", "B": "Cy Marr", "M": "Marr"}
    full, short = make_edge("F", "catch", "P", labels=labels), make_edge("S", "catch", "P", labels=labels)
    out = sample_subgraphs([full, short], {full.edge_id, short.edge_id}, "en")
    assert [s.type for s in out] == ["simple"]
    # a surname two full names end with is no short mention of one of them: three catchers stay
    three = [make_edge(n, "catch", "P", labels=labels) for n in ("A", "B", "M")]
    out = sample_subgraphs(three, {e.edge_id for e in three}, "en")
    assert [len(s.answer_nodes) for s in out if s.type == "set"] == [3]


def test_a_node_named_as_two_kinds_joins_no_two_edge_question():
    # "Hartley returned to Westmoor in 1990" (a region) and "Westmoor's head coach is Dale Finch"
    # (the county side): one key, two things; the pair would ask who "returned to the organization
    # whose head coach is Dale Finch". Asked once, kinds agreeing or unknown, the pair is kept.
    from tasks.dragon.subgraphs import DROP_KINDS_CLASH

    labels = {"H": "Nell Hartley", "W": "Westmoor", "D": "Dale Finch", "R": "Redcliff Rovers", "Y": "1990"}

    def typed(head, relation, tail, head_type, tail_type):
        return make_edge(head, relation, tail, labels=labels).model_copy(update={"head_type": head_type, "tail_type": tail_type})

    returned = typed("H", "returned to", "W", "person", "place")
    coached = typed("D", "is head coach of", "W", "person", "org")
    rivals = typed("W", "beat", "R", "org", "org")
    dated = typed("H", "was born in", "Y", "person", "date")
    result = sample_subgraphs_counted([returned, coached, rivals, dated], [returned.edge_id, coached.edge_id, rivals.edge_id, dated.edge_id], "en", EVERY)
    joined = {frozenset(e.edge_id for e in s.edges) for s in result.subgraphs if s.type in ("multi-hop", "conditional")}
    assert frozenset({returned.edge_id, coached.edge_id}) not in joined
    assert frozenset({returned.edge_id, rivals.edge_id}) not in joined
    assert frozenset({coached.edge_id, rivals.edge_id}) in joined  # the side both times
    assert frozenset({returned.edge_id, dated.edge_id}) in joined  # Hartley, a person both times
    assert result.dropped["multi-hop"][DROP_KINDS_CLASH] == 2
    assert result.dropped["conditional"][DROP_KINDS_CLASH] == 2
