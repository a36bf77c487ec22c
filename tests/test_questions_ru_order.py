"""Russian questions, session 24: the subject of an asked object stands before its verb when the predicate
holds an object (questions_ru_order), on sentences written for the class."""
from __future__ import annotations

from tasks.dragon.questions_ru_order import ru_ordered, ru_subject_first
from tests.test_questions_ru_grammar import edge
from tests.test_questions_ru_round7 import asked


def test_the_subject_goes_first_when_the_predicate_holds_an_object():
    assert ru_subject_first("сдать первую очередь", "компания «Зарница»")
    assert not ru_subject_first("", "компания «Зарница»")
    assert not ru_subject_first("купить", "компания «Зарница»")  # only an infinitive: no object after it
    assert not ru_subject_first("сдать дом", "организация, которая строит дом")  # a described subject ends it
    assert ru_ordered([], "планирует", "сдать первую очередь", "«Зарница»") == [
        "«Зарница»", "планирует", "сдать первую очередь"]
    assert ru_ordered(["6 мая"], "сыграет", "", "клуб «Лисы»") == ["6 мая", "сыграет", "", "клуб «Лисы»"]


def test_a_subject_after_a_noun_object_would_read_as_its_genitive():
    q, _ = asked(edge("компания «Зарница»", "планировать сдать первую очередь комплекса в", "март 2028 года",
                      "Первую очередь комплекса компания «Зарница» планирует сдать в марте 2028 года.", "org", "date"))
    assert q == "Когда компания «Зарница» планирует сдать первую очередь комплекса?"
    q, _ = asked(edge("клуб «Лисы»", "планировать подписать контракт с", "Иван Орлов",
                      "Клуб «Лисы» планирует подписать контракт с Иваном Орловым.", "org", "person"))
    assert q == "С кем клуб «Лисы» планирует подписать контракт?"
    q, _ = asked(edge("верфь «Ока»", "построить", "буксир «Смелый»", "Верфь «Ока» построила буксир «Смелый».",
                      "org", "other"))
    assert q == "Что построила верфь «Ока»?"
