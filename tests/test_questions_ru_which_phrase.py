"""Russian questions: a prepositional answer that is an adjective and a noun of a place, side, part or rank is asked
«с какого фланга», «под каким номером», never a bare «С чего …?» (reads 'why, from what') or «Под чем …?»; a
conditional's shared «за год» is said after the facts, not as «Что за год …» (the idiom 'what kind of year'); a percent
sign follows its number (site21 judges, session 33). The sentences are made up for these tests."""
from __future__ import annotations

import pytest

from schemas import Subgraph
from tasks.dragon.questions import QuestionConfig, generate_questions
from tasks.dragon.questions_ru_classes import ru_which_phrase
from tasks.dragon.questions_ru_surface import ru_idiom_opening, ru_written
from tests.test_questions_ru_kinds import RULES, _asked, _edge


@pytest.mark.parametrize("head, relation, tail, sentence, asked", [
    ("Олег Смирнов", "навесить мяч с", "левый фланг", "На 70-й минуте Олег Смирнов навесил мяч с левого фланга.",
     "С какого фланга Олег Смирнов навесил мяч?"),
    ("Игорь Котов", "выступать под", "десятый номер", "В новом сезоне Игорь Котов выступает под десятым номером.",
     "Под каким номером выступает Игорь Котов?"),
    ("Павел Лисин", "забросить шайбу в", "пустые ворота", "Павел Лисин забросил третью шайбу в пустые ворота.",
     "В какие ворота Павел Лисин забросил шайбу?"),
    ("Сергей Рябов", "вернуться к", "следующая игра", "Сергей Рябов вернулся к следующей игре.",
     "К какой игре вернулся Сергей Рябов?"),
], ids=["flank-genitive", "rank-instrumental", "plural-accusative", "game-dative"])
def test_a_prepositional_answer_with_a_class_noun_is_asked_which(head, relation, tail, sentence, asked):
    questions, reasons = _asked([_edge("e1", head, relation, tail, sentence, "person", "other")], f"n:{tail}", f"n:{head}")
    assert questions == [asked], reasons


def test_a_state_a_body_or_a_pronouns_phrase_is_not_asked_which():
    # «под домашним арестом» is a state («Под каким арестом» says nothing), still refused as before
    questions, reasons = _asked([_edge("e1", "Иван Седов", "находиться под", "домашний арест",
                                       "Иван Седов находился под домашним арестом.", "person", "other")],
                                "n:домашний арест", "n:Иван Седов")
    assert questions == [] and "is not asked" in reasons[0]
    assert ru_which_phrase("муниципальный округ") is None  # a kind of body, not one of them
    assert ru_which_phrase("свой участок") is None  # «какой» of «свой» has no answer
    assert ru_which_phrase("поле") is None  # nothing picks one out
    assert ru_which_phrase("собственные средства") is None
    assert ru_which_phrase("Правый берег") is None  # a name
    assert ru_which_phrase("правый берег") == ("берег", "masc")


def test_a_shared_time_after_chto_goes_after_the_facts_and_percent_joins_its_number():
    sentence = "Средняя стоимость аренды жилья в Твери за год выросла на 12 % и достигла 30 тысяч рублей."
    measure = "средняя стоимость аренды жилья в Твери"
    reached = _edge("e2", measure, "достигнуть", "30 тысяч рублей", sentence, "other", "other")
    grew = _edge("e1", measure, "вырасти на", "12 %", sentence, "other", "other")
    sub = Subgraph(subgraph_id="s", type="conditional", lang="ru", edges=[reached, grew], answer_nodes=[reached.head],
                   question_nodes=[grew.tail, reached.tail])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert [i.question for i in batch.items] == ["Что достигло 30 тысяч рублей и выросло на 12% за год?"], batch.failures


def test_an_idiom_opening_is_refused_and_a_percent_sign_is_joined():
    assert ru_idiom_opening("Что за месяц выросло на 5%?") is not None
    assert ru_idiom_opening("Что с Иваном Седовым?") is not None
    # (review of session 33) «с» of a date is «from»: «Что с 1 января подорожает …?» is no idiom
    assert ru_idiom_opening("Что с 1 января подорожает в Томске?") is None
    assert ru_idiom_opening("Что со следующего года оплатит область?") is None
    assert ru_idiom_opening("Что с одной стороны снизила компания?") is not None
    assert ru_idiom_opening("Что заключил Иван Седов?") is None
    assert ru_idiom_opening("Какая компания за год выросла?") is None
    assert ru_written("выросло на 14 % и на 2,5 %") == "выросло на 14% и на 2,5%"
