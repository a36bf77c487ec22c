"""tasks/dragon/question_grammar: the rules filter that re-reads finished questions (one test per check,
with sentences of our own, and the filter's verdicts, config and registration)."""
from __future__ import annotations

import pytest

from benchmill.filtering import FilterError, get_filter
from schemas import Edge, Item, Lineage, Subgraph
from tasks.dragon import question_grammar
from tasks.dragon.question_grammar import QuestionGrammarConfig, QuestionView, check_question_grammar, findings


def _edge(head, head_label, relation, tail, tail_label, *, head_type=None, tail_type=None, lang="en", sentence=""):
    return Edge(edge_id=f"{head}-{tail}", head=head, relation=relation, tail=tail, head_label=head_label,
                tail_label=tail_label, lang=lang, doc_ids=["d1"], sentences=[sentence] if sentence else [],
                triplet_ids=["t1"], head_type=head_type, tail_type=tail_type)


def _item(item_id, question, answer, edges, answer_nodes, question_nodes, *, lang="en", kind="simple") -> Item:
    subgraph = Subgraph(subgraph_id="s-" + item_id, type=kind, lang=lang, edges=edges, answer_nodes=answer_nodes,
                        question_nodes=question_nodes)
    return Item(item_id=item_id, method="dragon", type=kind, lang=lang, question=question, answers=[answer],
                doc_ids=["d1"], subgraph=subgraph.model_dump(), lineage=Lineage(engine="rules"))


def _ru(question: str) -> list[str]:
    return [f.code for f in findings(QuestionView(question=question, answers=("x",), type="simple", lang="ru"))]


# ---------------------------------------------------------------- the filter


def test_rejects_with_every_finding_and_passes_clean_questions():
    club = _edge("q1", "Harbour Athletic", "appointed", "q2", "Mira Quist", head_type="org", tail_type="person",
                 sentence="Harbour Athletic appointed Mira Quist as head coach.")
    bad = _item("bad", "Where did Harbour Athletic appoint?", "Mira Quist", [club], ["q2"], ["q1"])
    good = _item("good", "Who did Harbour Athletic appoint?", "Mira Quist", [club], ["q2"], ["q1"])
    verdicts = {v.item_id: v for v in check_question_grammar([bad, good]).verdicts}
    assert verdicts["bad"].status == "rejected" and verdicts["bad"].code == "wh_word_type"
    assert verdicts["bad"].reason.startswith("wh_word_type: 'where' asks for a person answer")
    # every finding is listed and counted: "appoint" has also lost its object
    assert verdicts["bad"].score == 2.0 and "; object_dropped: 'appoint'" in verdicts["bad"].reason
    assert verdicts["good"].status == "passed" and verdicts["good"].score == 0.0


def test_disabled_checks_do_not_run_and_unknown_names_are_refused_before_work():
    club = _edge("q1", "Harbour Athletic", "appointed", "q2", "Mira Quist", head_type="org", tail_type="person")
    bad = _item("bad", "Where did Harbour Athletic appoint?", "Mira Quist", [club], ["q2"], ["q1"])
    config = get_filter("question_grammar").validate_config({"disabled": ["wh_word_type"]})
    assert check_question_grammar([bad], config).verdicts[0].status == "passed"
    with pytest.raises(FilterError, match="unknown check"):
        get_filter("question_grammar").validate_config({"disabled": ["no_such_check"]})


def test_a_language_without_checks_is_skipped_not_passed():
    item = Item(item_id="de", method="dragon", type="simple", lang="de", question="Wer hat gewonnen?", answers=["Ada"],
                doc_ids=["d1"], lineage=Lineage(engine="rules"))
    verdict = check_question_grammar([item]).verdicts[0]
    assert verdict.status == "skipped" and "no grammar checks for language 'de'" in verdict.reason


def test_the_news_collections_run_it_right_after_acceptability():
    from tasks.dragon.spec import FILTERS

    assert FILTERS[:2] == ["acceptability", "question_grammar"]
    assert get_filter("question_grammar") is question_grammar.FILTER and not question_grammar.FILTER.needs_llm


# ---------------------------------------------------------------- English checks


@pytest.mark.parametrize("question,answer_type,wrong", [
    ("Where did the council send the report?", "place", False),
    ("Where does Tovan Robotics employ 40 engineers?", "org", False),
    ("Where did the board appoint as chair?", "person", True),
    ("Who reported a loss of 2 million euros?", "org", False),
    ("Who did the mill pay?", "money", True),
    ("When will the bridge reopen?", "date", False),
    ("When did the ferry carry?", "quantity", True),
])
def test_en_question_word_must_fit_the_answer_type(question, answer_type, wrong):
    edge = _edge("h", "Head", "rel", "t", "Tail", head_type="org", tail_type=answer_type)
    view = question_grammar.view(_item("i", question, "Tail", [edge], ["t"], ["h"]))
    assert bool(findings(view)) is wrong


def test_en_question_word_without_recorded_type_is_not_judged():
    edge = _edge("h", "Head", "rel", "t", "Tail")
    assert findings(question_grammar.view(_item("i", "Where did Head go?", "Tail", [edge], ["t"], ["h"]))) == []


# ---------------------------------------------------------------- Russian checks


@pytest.mark.parametrize("question", [
    "Что проведут Тагильских медведи в субботу?",
    "Кому уступили Северных волки?",
    "Где построят новой причал?",
])
def test_ru_adjective_that_agrees_with_no_reading_of_its_noun_is_found(question):
    assert _ru(question) == ["adjective_noun_agreement"]


@pytest.mark.parametrize("question", [
    "Что проведут Тагильские медведи в субботу?",
    "Что проведут «Тагильские медведи»?",
    "Кто является главным тренером команды «Северные волки»?",
    "Где может открыть два больших магазина сеть «Прибой»?",
    "Какую сумму выделит краевой бюджет на ремонт набережной?",
    "Кого назначили новым главой администрации Находки?",
    "Сколько голов забил лучший бомбардир клуба в этом сезоне?",
    "Какие три новых судна получит порт?",
])
def test_ru_agreeing_or_paucal_phrases_are_not_found(question):
    assert _ru(question) == []
