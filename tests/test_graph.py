"""tasks/dragon/graph.py: triplets → edges, merging across runs, networkx export."""
from __future__ import annotations

import logging

import networkx

from schemas import Edge, EntityLink, Triplet
from tasks.dragon.graph import build_edges, edge_id, merge_edges, normalise_relation, to_networkx


def triplet(tid: str, subject: str, relation: str, obj: str, doc: str = "d1", lang: str = "en", sentence: str | None = None) -> Triplet:
    return Triplet(
        triplet_id=tid, doc_id=doc, version_id=f"{doc}v1", lang=lang,
        sentence=sentence or f"{subject} {relation} {obj}.", subject=subject, relation=relation, object=obj, engine="rules",
    )


def link(surface: str, node: str, label: str, lang: str = "en") -> EntityLink:
    return EntityLink(surface=surface, lang=lang, node_id=node, qid=node if node.startswith("Q") else None, label=label, score=1.0,
                      method="rules" if node.startswith("Q") else "unlinked")


LINKS = {
    l.surface: l
    for l in [
        link("Ryan Otter", "Q1", "Ryan Otter"),
        link("R. Otter", "Q1", "Ryan Otter"),
        link("Method", "Q2", "Method"),
        link("Trigger", "Q3", "Trigger"),
        link("Studio X", "u:studio-x", "Studio X"),
    ]
}


def test_same_fact_from_several_documents_is_one_edge_with_merged_provenance():
    triplets = [
        triplet("t2", "R. Otter", "Composed music for!", "Method", doc="d2"),
        triplet("t1", "Ryan Otter", "composed music for", "Method", doc="d1"),
        triplet("t3", "Ryan Otter", "composed  music for", "Method", doc="d1", sentence="Otter scored Method."),
        triplet("t4", "Ryan Otter", "composed music for", "Trigger", doc="d3"),
    ]
    edges = build_edges(triplets, LINKS, run_id="run-1")

    by_tail = {e.tail: e for e in edges}
    assert set(by_tail) == {"Q2", "Q3"}
    method = by_tail["Q2"]
    assert method.edge_id == edge_id("Q1", "composed music for", "Q2", "en")
    assert method.doc_ids == ["d1", "d2"]
    assert method.triplet_ids == ["t1", "t2", "t3"]
    assert method.sentences == sorted(method.sentences) and len(method.sentences) == 3
    assert (method.head, method.head_label, method.tail_label) == ("Q1", "Ryan Otter", "Method")
    assert method.relation == "composed music for"  # the most frequent wording
    assert method.first_run == "run-1"
    assert [e.edge_id for e in edges] == sorted(e.edge_id for e in edges)


def test_edge_ids_are_stable_and_order_independent():
    triplets = [triplet(f"t{i}", "Ryan Otter", "composed music for", obj, doc=f"d{i}") for i, obj in enumerate(["Method", "Trigger", "Method"])]
    first = build_edges(triplets, LINKS, run_id=None)
    second = build_edges(list(reversed(triplets)), LINKS, run_id=None)
    assert [e.model_dump() for e in first] == [e.model_dump() for e in second]
    # the id depends on the language as well: the same ids in another language are another fact
    assert edge_id("Q1", "composed music for", "Q2", "en") != edge_id("Q1", "composed music for", "Q2", "ru")


def test_russian_relations_merge_across_inflection():
    assert normalise_relation("Продала", "ru") == normalise_relation("продал", "ru") == normalise_relation("продали", "ru")
    links = {
        "FAW": link("FAW", "Q10", "FAW", "ru"),
        "2139 автомобилей": link("2139 автомобилей", "u:2139", "2139 автомобилей", "ru"),
    }
    edges = build_edges(
        [
            triplet("t1", "FAW", "продала", "2139 автомобилей", doc="d1", lang="ru"),
            triplet("t2", "FAW", "продал", "2139 автомобилей", doc="d2", lang="ru"),
        ],
        links,
        run_id="r",
    )
    assert len(edges) == 1 and edges[0].doc_ids == ["d1", "d2"] and edges[0].lang == "ru"


def test_unlinked_surfaces_and_loops_are_skipped(caplog):
    triplets = [
        triplet("t1", "Ryan Otter", "composed music for", "Unknown Film"),
        triplet("t2", "Ryan Otter", "is also", "R. Otter"),  # both ends are node Q1
        triplet("t3", " Ryan  Otter ", "works at", "Studio X"),  # whitespace differs from the link key
    ]
    with caplog.at_level(logging.WARNING, logger="tasks.dragon.graph"):
        edges = build_edges(triplets, LINKS, run_id="r")
    assert [(e.head, e.relation, e.tail) for e in edges] == [("Q1", "works at", "u:studio-x")]
    assert "Unknown Film" in caplog.text


def _edge(eid: str, docs: list[str], run: str | None, head: str = "Q1", tail: str = "Q2") -> Edge:
    return Edge(edge_id=eid, head=head, relation="r", tail=tail, head_label=head, tail_label=tail, lang="en",
                doc_ids=docs, sentences=[f"s-{d}" for d in docs], triplet_ids=[f"t-{d}" for d in docs], first_run=run)


def test_merge_keeps_earliest_run_and_reports_new_or_grown_edges():
    existing = [_edge("e1", ["d1"], "run-1"), _edge("e2", ["d2"], "run-1"), _edge("e3", ["d3"], "run-1")]
    new = [
        _edge("e1", ["d1"], "run-2"),  # same document again: not changed
        _edge("e2", ["d4"], "run-2"),  # new document: changed
        _edge("e4", ["d5"], "run-2"),  # new edge: changed
    ]
    merged, changed = merge_edges(existing, new)
    assert [e.edge_id for e in merged] == ["e1", "e2", "e3", "e4"]
    by_id = {e.edge_id: e for e in merged}
    assert changed == {"e2", "e4"}
    assert by_id["e2"].doc_ids == ["d2", "d4"] and by_id["e2"].triplet_ids == ["t-d2", "t-d4"]
    assert by_id["e2"].first_run == "run-1" and by_id["e4"].first_run == "run-2"
    assert by_id["e1"].doc_ids == ["d1"]


def test_merge_takes_a_run_when_the_existing_edge_has_none_and_is_idempotent():
    merged, changed = merge_edges([_edge("e1", ["d1"], None)], [_edge("e1", ["d1"], "run-2")])
    assert merged[0].first_run == "run-2" and changed == set()
    again, changed_again = merge_edges(merged, merged)
    assert [e.model_dump() for e in again] == [e.model_dump() for e in merged] and changed_again == set()


def test_to_networkx_carries_labels_keys_and_fields():
    edges = [
        _edge("e1", ["d1"], "r1", head="Q1", tail="Q2"),
        _edge("e2", ["d2"], "r1", head="Q1", tail="Q2"),  # a parallel edge (another relation in real data)
        _edge("e3", ["d3"], "r1", head="Q2", tail="Q3"),
    ]
    graph = to_networkx(edges)
    assert isinstance(graph, networkx.MultiDiGraph)
    assert graph.nodes["Q1"]["label"] == "Q1" and set(graph.nodes) == {"Q1", "Q2", "Q3"}
    assert set(graph["Q1"]["Q2"]) == {"e1", "e2"}
    data = graph.edges["Q1", "Q2", "e2"]
    assert data["edge_id"] == "e2" and data["doc_ids"] == ["d2"] and data["relation"] == "r" and data["first_run"] == "r1"
    assert graph.number_of_edges() == 3


# --------------------------------------------------------------------------- issue 10: modality, synonyms, types


def _t(tid, subject, relation, obj, doc="d1", lang="en", modality="asserted", s_label=None, o_label=None) -> Triplet:
    return Triplet(triplet_id=tid, doc_id=doc, version_id=f"{doc}v1", lang=lang, sentence=f"{subject} {relation} {obj}.",
                   subject=subject, relation=relation, object=obj, engine="rules", modality=modality,
                   subject_label=s_label, object_label=o_label)


def test_a_plan_is_another_edge_than_the_done_fact_and_asserted_ids_do_not_move():
    from tasks.dragon.graph import stable_id

    edges = build_edges([
        _t("t1", "Ryan Otter", "build", "Method", modality="planned"),
        _t("t2", "Ryan Otter", "build", "Method", doc="d2"),
    ], LINKS, "r1")
    by_modality = {e.modality: e for e in edges}
    assert set(by_modality) == {"planned", "asserted"}
    # the id of an asserted edge is what it was before modality existed
    assert by_modality["asserted"].edge_id == stable_id("edge", "Q1", "build", "Q2", "en")
    assert by_modality["planned"].edge_id == edge_id("Q1", "build", "Q2", "en", "planned") != by_modality["asserted"].edge_id
    assert by_modality["planned"].doc_ids == ["d1"]


def test_synonymous_relations_from_two_outlets_are_one_edge():
    edges = build_edges([
        _t("t1", "Ryan Otter", "acquire", "Method", doc="outlet-a"),
        _t("t2", "R. Otter", "buy", "Method", doc="outlet-b"),
        _t("t3", "Ryan Otter", "purchase", "Method", doc="outlet-c"),
    ], LINKS, "r1")
    assert len(edges) == 1 and edges[0].doc_ids == ["outlet-a", "outlet-b", "outlet-c"]
    ru_links = {s: link(s, n, s, "ru") for s, n in (("Газпром", "Q10"), ("Северный порт", "Q11"))}
    ru = build_edges([
        _t("r1", "Газпром", "приобрести", "Северный порт", lang="ru"),
        _t("r2", "Газпром", "купил", "Северный порт", doc="d2", lang="ru"),
    ], ru_links, "r1")
    assert len(ru) == 1 and ru[0].doc_ids == ["d1", "d2"]
    # different facts stay apart
    assert len(build_edges([_t("t1", "Ryan Otter", "acquire", "Method"), _t("t2", "Ryan Otter", "sell", "Method")],
                           LINKS, "r1")) == 2


def test_canonical_relation_and_the_synonym_table():
    from tasks.dragon.graph import _synonyms, canonical_relation

    assert canonical_relation("agree to buy", "en") == "agree to acquire"
    assert canonical_relation("take over", "en") == "acquire"
    assert canonical_relation("is headquartered in", "en") == "is headquartered in"  # not an extractor form: kept
    assert canonical_relation("be headquartered in", "en") == "be based in"
    assert canonical_relation("купила", "ru") == "приобрести"
    assert canonical_relation("composed music for", "en") == "composed music for"
    table = _synonyms()  # loads and checks that no wording is listed under two relations
    assert ("buy",) in table["en"] and ("купить",) in table["ru"]


def test_edge_ends_carry_coarse_entity_types():
    links = {s: link(s, f"u:{i}", s) for i, s in enumerate(
        ["Anna Meier", "Telmark", "Oslo", "41 million euros", "May 2027", "2139 cars", "new library"])}
    edges = build_edges([
        _t("t1", "Anna Meier", "chief executive of", "Telmark", s_label="PER", o_label="ORG"),
        _t("t2", "Telmark", "be based in", "Oslo", s_label="ORG", o_label="LOC"),
        _t("t3", "Telmark", "pay", "41 million euros", s_label="ORG", o_label="MISC"),
        _t("t4", "Telmark", "open in", "May 2027", s_label="ORG", o_label="MISC", modality="planned"),
        _t("t5", "Telmark", "sell", "2139 cars", s_label="ORG"),
        _t("t6", "Anna Meier", "open", "new library", s_label="PER"),
    ], links, "r1")
    types = {(e.head_label, e.tail_label): (e.head_type, e.tail_type) for e in edges}
    assert types[("Anna Meier", "Telmark")] == ("person", "org")
    assert types[("Telmark", "Oslo")] == ("org", "place")
    assert types[("Telmark", "41 million euros")] == ("org", "money")
    assert types[("Telmark", "May 2027")] == ("org", "date")
    assert types[("Telmark", "2139 cars")] == ("org", "quantity")
    assert types[("Anna Meier", "new library")] == ("person", "other")


def test_russian_entity_types_from_natasha_labels_and_surfaces():
    from tasks.dragon.graph import entity_type

    assert entity_type("PER", "Анна Смирнова") == "person"
    assert entity_type("LOC", "Казань") == "place"
    assert entity_type(None, "3 миллиарда рублей") == "money"
    assert entity_type(None, "2026 году") == "date"
    assert entity_type(None, "40 буровых установок") == "quantity"
