"""A match statistic asked without the game, season or career it was counted in is refused (issue 10)."""
from __future__ import annotations

import pytest

from benchmill.engines import EngineConfig
from schemas import Edge, Subgraph
from tasks.dragon.questions import QuestionConfig, generate_questions
from tasks.dragon.questions_stats import stat_without_occasion


@pytest.mark.parametrize("question", [
    "How many points did Ana Moreira score?",
    "Who scored 19 points and led the Riverside Owls?",
    "Who scored 300 points this season and made 7 assists?",  # the assists: one game's
    "Who scored more goals, Tom Reyes or Bo Lind?",
])
def test_en_statistics_without_their_occasion_are_refused(question):
    assert "match statistic" in stat_without_occasion(question, "en")


@pytest.mark.parametrize("question", [
    "How many goals did Tom Reyes score last season?",
    "How many rebounds did Bo Lind grab in the second half?",
    "How many points did the Owls score against the Kestrels?",
    "Who scored 14 goals this season and joined Portmore Athletic?",
    "How many blocks of flats will Quayside Homes build?",  # no scoring sheet
    "How many jobs will the plant save?",
    "How many charging points will Voltway install?",  # no scoring verb: not a match statistic
    "How many points did the FTSE 100 fall on Tuesday?",
    "Who organised the 5 km charity run?",
])
def test_en_statistics_with_their_occasion_and_other_counts_are_kept(question):
    assert stat_without_occasion(question, "en") is None


@pytest.mark.parametrize("question", [
    "Сколько очков набрал Павел Зимин?",
    "Сколько голов забил Иван Лаптев?",
    "Кто набрал больше очков: Павел Зимин или Олег Рябов?",
    "Кто отдал 5 голевых передач и перешёл в «Сокол»?",
])
def test_ru_statistics_without_their_occasion_are_refused(question):
    assert "match statistic" in stat_without_occasion(question, "ru")


@pytest.mark.parametrize("question", [
    "Сколько мячей в позапрошлом сезоне забил Иван Лаптев?",
    "Сколько очков набрал Павел Зимин в матче с «Енисеем»?",
    "Кто забил 11 голов в прошлом сезоне и будет играть под 7-м номером?",
    "Сколько голов забил Иван Лаптев за карьеру?",
    "Сколько передач подготовил телеканал?",  # broadcasts, not assists
    "Сколько мячей закупила школа?",  # no scoring verb
])
def test_ru_statistics_with_their_occasion_and_other_counts_are_kept(question):
    assert stat_without_occasion(question, "ru") is None


def test_ru_an_occasion_noun_must_end_where_its_case_ending_does():
    # «игроков», «годовой»: no game, no year — the statistic still lacks its occasion
    assert stat_without_occasion("Сколько очков набрал Павел Зимин за игроков «Енисея»?", "ru")
    assert stat_without_occasion("Сколько голов забил Иван Лаптев за годовой контракт?", "ru")


def test_the_question_stage_records_the_refusal():
    sentence = "Ana Moreira scored 19 points for the Riverside Owls."
    scored = Edge(edge_id="e1", head="n:am", relation="score", tail="n:19", head_label="Ana Moreira",
                  tail_label="19 points", lang="en", doc_ids=["d"], sentences=[sentence], triplet_ids=["t"],
                  head_type="person", tail_type="quantity", modality="asserted")
    sub = Subgraph(subgraph_id="s", type="simple", lang="en", edges=[scored], answer_nodes=["n:19"],
                   question_nodes=["n:am"])
    batch = generate_questions([sub], EngineConfig(kind="rules"), QuestionConfig())
    assert batch.items == [] and "match statistic" in batch.failures[0].reason, batch
