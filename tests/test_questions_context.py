"""The question stage reads its article-wide tables from the run's context, not from its chunk.

The daily flow splits a run's subgraphs into chunks of 64 for the question stage; entity kinds,
class nouns and full names used to be read from the chunk alone, so a question depended on which
other subgraphs shared its chunk («Какая организация …» for a club whose «клуб» was in another
chunk's sentence). Now the flow passes every edge of the sampled subgraphs' articles as context."""
from __future__ import annotations

from benchmill.engines import EngineConfig
from schemas import Edge, Subgraph
from tasks.dragon.questions import QuestionConfig, generate_questions
from tasks.dragon.subgraphs import article_edges

RULES = EngineConfig(kind="rules")


def _edge(eid: str, head: str, relation: str, tail: str, sentence: str, doc: str = "d1", tail_type: str = "person") -> Edge:
    return Edge(edge_id=eid, head=f"n:{head}", relation=relation, tail=f"n:{tail}", head_label=head, tail_label=tail,
                lang="ru", doc_ids=[doc], sentences=[sentence], triplet_ids=[f"t{eid}"], head_type="org",
                tail_type=tail_type, modality="asserted")


SIGNED = _edge("e1", "Сибирский кедр", "подписать", "Павел Орлов", "«Сибирский кедр» подписал нападающего Павла Орлова.")
PLACE = _edge("e2", "Сибирский кедр", "занимать", "пятое место", "Футбольный клуб «Сибирский кедр» занимает пятое место.",
              tail_type="other")
ELSEWHERE = _edge("e3", "Томский порт", "купить", "два теплохода", "«Томский порт» купил два теплохода.", doc="d2",
                  tail_type="other")


def _ask(context: list[Edge]) -> list[str]:
    sub = Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[SIGNED], answer_nodes=["n:Сибирский кедр"],
                   question_nodes=["n:Павел Орлов"])
    batch = generate_questions([sub], RULES, QuestionConfig(), context=context)
    assert not batch.failures, batch.failures
    return [item.question for item in batch.items]


def test_a_class_noun_said_in_another_fact_of_the_article_names_the_asked_club():
    sub = Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[SIGNED], answer_nodes=["n:Сибирский кедр"],
                   question_nodes=["n:Павел Орлов"])
    alone = generate_questions([sub], RULES, QuestionConfig(), context=[])
    assert not alone.items and "ORG" in alone.failures[0].reason  # the chunk alone gives no class noun: not asked
    assert _ask([SIGNED, PLACE]) == ["Какой клуб подписал Павла Орлова?"]


def test_the_context_is_every_edge_of_the_sampled_articles_in_edge_order():
    sampled = [Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[SIGNED], answer_nodes=["n:Сибирский кедр"],
                        question_nodes=["n:Павел Орлов"])]
    assert article_edges([PLACE, ELSEWHERE, SIGNED], sampled) == [SIGNED, PLACE]
    assert article_edges([PLACE, ELSEWHERE, SIGNED], []) == []


def test_a_runs_chunks_read_their_shared_context_once(monkeypatch):
    """Each chunk gets the same context; NER and the class-noun tables read it once, not once per chunk."""
    from tasks.dragon import questions_rules

    calls = []
    real = questions_rules._build_tables
    monkeypatch.setattr(questions_rules, "_build_tables", lambda read: calls.append(len(read)) or real(read))
    questions_rules._CONTEXT_TABLES.clear()
    context = [SIGNED, PLACE]
    assert _ask(context) == _ask(list(context)) == ["Какой клуб подписал Павла Орлова?"]
    assert calls == [1]  # one pseudo-subgraph (ru) built once; the second chunk hit the cache
    # a batch with an edge the context lacks reads both, uncached
    assert _ask([PLACE]) == ["Какой клуб подписал Павла Орлова?"]
    assert calls == [1, 2]
