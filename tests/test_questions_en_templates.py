"""English templates (tasks/dragon/questions_en_templates.py): what a clause of a conditional or multi-hop
question may say. Sentences written for these tests; real spaCy parses and real templates, nothing mocked."""
from __future__ import annotations

import pytest

from benchmill.engines import EngineConfig
from schemas import Edge, Subgraph
from tasks.dragon.questions import generate_questions

RULES = EngineConfig(kind="rules")


def fact(head, relation, tail, sentence, head_type=None, tail_type=None, modality="asserted", n=0) -> Edge:
    return Edge(edge_id=f"e{n}:{head}:{relation}:{tail}", head=f"n:{head}", relation=relation, tail=f"n:{tail}",
                head_label=head, tail_label=tail, lang="en", doc_ids=["d"], sentences=[sentence],
                triplet_ids=[f"t{n}"], head_type=head_type, tail_type=tail_type, modality=modality)


def conditional(edges: list[Edge], answer: str):
    nodes = {n for e in edges for n in (e.head, e.tail)}
    sub = Subgraph(subgraph_id=f"s-cond-{answer}", type="conditional", lang="en", edges=edges,
                   answer_nodes=[f"n:{answer}"], question_nodes=sorted(nodes - {f"n:{answer}"}))
    return generate_questions([sub], RULES)


def test_a_condition_whose_object_counts_nothing_named_is_refused():
    buys = fact("Orrin Metrics", "agree to buy", "Tallow Gauge Works",
                "Orrin Metrics has agreed to buy Tallow Gauge Works for $12 million.", "org", "org", n=1)
    for tail, sentence, why in [
        ("about 340", "Orrin Metrics, which was set up in 2009, employs about 340.", "count without its noun"),
        ("five straight", "Orrin Metrics has now won five straight.", "counts with an adjective"),
    ]:
        verb = "employ" if "employs" in sentence else "win"
        other = fact("Orrin Metrics", verb, tail, sentence, "org", "quantity", n=2)
        batch = conditional([buys, other], "Orrin Metrics")
        assert not batch.items and why in batch.failures[0].reason, batch
    # the same condition with its noun is asked
    staff = fact("Orrin Metrics", "employ", "about 340 people", "Orrin Metrics employs about 340 people.", "org",
                 "quantity", n=3)
    batch = conditional([buys, staff], "Orrin Metrics")
    assert [i.question for i in batch.items] == [
        "Which organization agreed to buy Tallow Gauge Works and employs about 340 people?"], batch


def _simple(edge: Edge, answer: str):
    nodes = {edge.head, edge.tail}
    sub = Subgraph(subgraph_id=f"s-simple-{answer}", type="simple", lang="en", edges=[edge],
                   answer_nodes=[f"n:{answer}"], question_nodes=sorted(nodes - {f"n:{answer}"}))
    batch = generate_questions([sub], RULES)
    return batch.items[0].question if batch.items else batch.failures[0].reason


def test_a_post_held_at_a_body_is_asked_at_which_body_and_at_a_place_where():
    club = fact("Signe Varro", "director of rugby at", "Kelby Wanderers",
                "Kelby Wanderers' director of rugby, Signe Varro, said the side was ready.", "person", "org")
    assert _simple(club, "Kelby Wanderers") == "At which club is Signe Varro the director of rugby?"
    body = fact("Ada Quist", "head of forecasting at", "Norvane Weather Service",
                "Norvane Weather Service's head of forecasting, Ada Quist, said the storm would pass.", "person", "org")
    assert _simple(body, "Norvane Weather Service") == "At which organization is Ada Quist the head of forecasting?"
    place = fact("Brackmoor Works", "contractor at", "Kelso Point",
                 "Brackmoor Works, the contractor at Kelso Point, finished the pier in June.", "org", "place")
    assert _simple(place, "Kelso Point") == "Where is Brackmoor Works the contractor?"



def test_the_ends_of_between_are_asked_by_their_class_or_not_at_all():
    """ "What will the Kelby Ring Road close between?": "between" asks for both ends by what they are ("Which
    places ...?", the form a set question had); a bare "what" names no class of ends and is not asked."""
    from tasks.dragon.questions_base import NoTemplate
    from tasks.dragon.questions_en import EnglishTemplates

    closes = Edge(edge_id="e-close", head="n:ring", relation="close between", tail="n:mill",
                  head_label="the Kelby Ring Road", tail_label="Mill Avenue", lang="en", doc_ids=["d"],
                  sentences=["The Kelby Ring Road will close between Mill Avenue and Dock Avenue on Sunday."],
                  triplet_ids=["t"], head_type="other", tail_type="place", modality="planned")
    question, _ = EnglishTemplates().ask_tail(closes, closes.head_label, "LOC", plural=True)
    assert question == "Which places will the Kelby Ring Road close between?"
    with pytest.raises(NoTemplate, match="stranded 'between'"):
        EnglishTemplates().ask_tail(closes, closes.head_label, "MISC", plural=True)
