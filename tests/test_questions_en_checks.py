"""English question checks (tasks/dragon/questions_en_checks.py): labels a question may not name as written, and
objects whose preposition the relation dropped. Sentences written for these tests; real spaCy parses."""
from __future__ import annotations

from benchmill.engines import EngineConfig
from schemas import Edge, Subgraph
from tasks.dragon.questions import generate_questions
from tasks.dragon.questions_en_checks import en_capitalised_description

RULES = EngineConfig(kind="rules")


def test_a_common_noun_capitalised_as_a_sentence_opener_is_not_part_of_a_name():
    assert en_capitalised_description("Goalkeeper Ines Marvell", ["Goalkeeper Ines Marvell saved two penalties."])
    assert en_capitalised_description("Residents of Kelby Vale", ["Residents of Kelby Vale voted against it."])
    # a formal title is capitalised before a name anywhere; a name of that shape is a name
    assert en_capitalised_description("Mayor Ines Marvell", ["Mayor Ines Marvell opened the bridge."]) is None
    assert en_capitalised_description("Ines Marvell", ["Goalkeeper Ines Marvell saved two penalties."]) is None
    assert en_capitalised_description("Bank of Kelby", ["Bank of Kelby shares rose."]) is None
    # not at the start of its sentence: the writer capitalised it on purpose
    assert en_capitalised_description("Goalkeeper Ines Marvell", ["On Sunday Goalkeeper Ines Marvell saved two."]) is None


def _simple(edge: Edge, answer: str):
    sub = Subgraph(subgraph_id=f"s-{answer}", type="simple", lang="en", edges=[edge], answer_nodes=[f"n:{answer}"],
                   question_nodes=[n for n in (edge.head, edge.tail) if n != f"n:{answer}"])
    batch = generate_questions([sub], RULES)
    return batch.items[0].question if batch.items else batch.failures[0].reason


def test_an_object_whose_preposition_the_relation_dropped_is_not_asked():
    won = Edge(edge_id="e1", head="n:the Marlow Kestrels", relation="win", tail="n:the Tarn Foxes",
               head_label="the Marlow Kestrels", tail_label="the Tarn Foxes", lang="en", doc_ids=["d"],
               sentences=["The Marlow Kestrels won 31-17 against the Tarn Foxes on Saturday."], triplet_ids=["t1"],
               head_type="org", tail_type="org")
    assert "'against'" in _simple(won, "the Tarn Foxes")
    caught = Edge(edge_id="e2", head="n:Dario Venn", relation="catch", tail="n:seven passes",
                  head_label="Dario Venn", tail_label="seven passes", lang="en", doc_ids=["d"],
                  sentences=["Dario Venn caught seven passes for 96 yards on Saturday."], triplet_ids=["t2"],
                  head_type="person", tail_type="quantity")
    assert _simple(caught, "seven passes").startswith("How many passes did Dario Venn catch")


def test_an_object_that_its_sentence_makes_a_doer_is_not_asked():
    shared = Edge(edge_id="e3", head="n:Tarn Canoe Club", relation="share", tail="n:Kelby Rowing Club",
                  head_label="Tarn Canoe Club", tail_label="Kelby Rowing Club", lang="en", doc_ids=["d"],
                  sentences=["The new boathouse will be shared by Kelby Rowing Club and Tarn Canoe Club from May."],
                  triplet_ids=["t3"], head_type="org", tail_type="org", modality="planned")
    assert "doer" in _simple(shared, "Kelby Rowing Club")
