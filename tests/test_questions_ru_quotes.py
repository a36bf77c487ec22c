"""Russian questions keep the guillemets the text writes around a name («Речник», «Богородская кожа»):
without them «Когда построена Богородская кожа?» reads as common words. Sentences written for the test."""
from __future__ import annotations

from schemas import Subgraph
from tasks.dragon.questions import QuestionConfig, generate_questions
from tasks.dragon.questions_ru import _ru_quote
from tests.test_questions_ru_grammar import RULES, edge
from tests.test_questions_ru_round7 import asked


def test_a_quoted_team_as_the_subject_is_asked_in_quotes():
    q, _ = asked(edge("Уральские волки", "обыграть хозяев в", "Омск",
                      "В Омске «Уральские волки» обыграли хозяев со счётом 3:1.", "org", "place"))
    assert q == "Где «Уральские волки» обыграли хозяев?"


def test_a_declined_quoted_object_keeps_its_case_inside_the_quotes():
    e = edge("Речник", "сыграть вничью с", "Металлург", "Хоккейный клуб «Речник» сыграл вничью с «Металлургом».")
    q, _ = asked(e, "head")
    assert q is not None and q.endswith("сыграл вничью с «Металлургом»?"), q  # not «с «Металлург»», not «с Металлургом»
    q, _ = asked(e, "tail")
    assert q == "С какой командой «Речник» сыграл вничью?"  # a side of a game is a team (questions_ru_kinds)


def test_a_quoted_company_in_a_conditional_and_a_multi_hop_question():
    bought = edge("Богородская кожа", "приобрести", "Кожевенный двор", "«Богородская кожа» приобрела фабрику «Кожевенный двор».")
    located = edge("Кожевенный двор", "находиться в", "Павлово", "«Кожевенный двор» находится в Павлове.", "org", "place")
    bought = bought.model_copy(update={"edge_id": "b", "head": "n:bk", "tail": "n:kd"})
    located = located.model_copy(update={"edge_id": "l", "head": "n:kd", "tail": "n:pv"})
    sub = Subgraph(subgraph_id="cond", type="conditional", lang="ru", edges=[bought, located], answer_nodes=["n:kd"],
                   question_nodes=["n:bk", "n:pv"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert [i.question for i in batch.items] == [
        "Какая фабрика, которую приобрела «Богородская кожа», находится в Павлове?"], batch.failures
    assert batch.items[0].answers == ["Кожевенный двор"]  # the answer stays as it is
    sub = Subgraph(subgraph_id="mh", type="multi-hop", lang="ru", edges=[bought, located], answer_nodes=["n:pv"],
                   question_nodes=["n:bk"], hidden_nodes=["n:kd"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert [i.question for i in batch.items] == [
        "Где находится фабрика, которую приобрела «Богородская кожа»?"], batch.failures


def test_names_the_text_does_not_quote_stay_as_they_are():
    q, _ = asked(edge("Иван Смирнов", "переехать в", "Пермь", "Иван Смирнов переехал в Пермь.", "person", "place"))
    assert q == "Куда переехал Иван Смирнов?"
    q, _ = asked(edge("Законодательное собрание", "принять", "закон о бюджете",
                      "Законодательное собрание приняло закон о бюджете.", "org", "other"))
    assert q == "Что приняло Законодательное собрание?"
    # a quote elsewhere in the sentence quotes no other name
    assert _ru_quote("Пермь", "Пермью", ["Встреча с «Речником» в Перми прошла в субботу."]) == "Пермью"


def test_quotes_are_not_doubled_and_a_class_noun_stays_outside():
    assert _ru_quote("клуб «Речник»", "клубом «Речник»", ["Встреча с клубом «Речник» прошла в субботу."]) == \
        "клубом «Речник»"
    assert _ru_quote("клуб Речник", "клубом Речник", ["Встреча с клубом «Речник» прошла в субботу."]) == \
        "клубом «Речник»"
    assert _ru_quote("Речник", "Речником", ["Встреча с «Речником» прошла в субботу."]) == "«Речником»"
    # "с банком «Тверь-Кредит»": the question stage already writes the name in its quotes
    q, _ = asked(edge("Оптэкс-НН", "заключить договор с", "Тверь-Кредит",
                      "В марте компания «Оптэкс-НН» заключила договор с банком «Тверь-Кредит»."), "head")
    assert q is not None and "«Тверь-Кредит»" in q and "««" not in q and "»»" not in q, q


def test_a_plural_team_name_whose_genitive_parses_as_an_adjective_keeps_its_quotes():
    # «барсов» is best parsed as the possessive adjective «барсов»; it is still «барсы» of the name
    from tasks.dragon.questions_ru_inflect import _ru_quoted_words
    sentence = "Главный тренер «Северных барсов» Пётр Кулагин похвалил защиту."
    assert _ru_quoted_words("Северные барсы", [sentence]) == 2
    assert _ru_quoted_words("Северные барсы", ["Команда из Северных Барсов уехала."]) == 0
