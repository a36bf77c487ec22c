"""Russian questions, session 31 (judges of site19): a vessel, a vehicle or a flight is asked by its own noun, never
as «какая организация» nor with «что»; a phrase that cuts an action noun from its «of what» is caught by the
grammar filter. Sentences written for these tests."""
from __future__ import annotations

from schemas import Subgraph
from tasks.dragon.question_grammar import QuestionView
from tasks.dragon.question_grammar_ru_frames import cut_phrase
from tasks.dragon.questions import QuestionConfig, generate_questions
from tasks.dragon.questions_ru_classes import ru_label_head_noun, ru_vehicle_head
from tests.test_questions_ru_grammar import RULES, edge
from tests.test_questions_ru_round7 import asked


def test_a_neuter_vehicle_noun_before_a_name_is_its_class():
    # (pymorphy reads «судно» first as an accusative: its nominative comes later)
    assert ru_label_head_noun("судно «Белуха»") == "судно"
    assert ru_vehicle_head("рейсы в Сочи") == ("рейс", True)
    assert ru_vehicle_head("теплоход «Волга»") == ("теплоход", False)
    assert ru_vehicle_head("компания «Волга»") is None


def test_a_vessel_in_a_conditional_question_is_asked_as_a_vessel():
    owned = edge("судно «Белуха»", "принадлежать", "Северный улов", "Судно принадлежит ООО «Северный улов».", "org", "org")
    towed = edge("судно «Белуха»", "отбуксирован в", "Архангельский порт", "Судно «Белуха» отбуксировали в Архангельский порт.",
                 "org", "org")
    towed = towed.model_copy(update={"tail": "n3", "edge_id": "e2"})
    sub = Subgraph(subgraph_id="s-c", type="conditional", lang="ru", edges=[owned, towed], answer_nodes=["n1"],
                   question_nodes=["n2", "n3"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert batch.items, batch.failures
    question = batch.items[0].question
    assert question.startswith("Какое судно") and "организация" not in question, question


def test_flights_and_vessels_as_subjects_are_asked_by_their_noun():
    q, _ = asked(edge("рейсы в Сочи и Казань", "летать из", "аэропорт «Полярный»",
                      "Из аэропорта «Полярный» летают рейсы в Сочи и Казань.", "other", "org"), "head")
    assert q == "Какие рейсы летают из аэропорта «Полярный»?", q
    q, _ = asked(edge("паром «Онега»", "перевезти", "500 пассажиров", "Паром «Онега» перевёз 500 пассажиров.",
                      "other", "other"), "head")
    assert q is not None and q.startswith("Какой паром"), q


def _view(question: str) -> QuestionView:
    return QuestionView(question=question, answers=("мэрия",), type="simple", lang="ru", references=())


def test_an_action_noun_cut_from_its_genitive_is_caught():
    assert cut_phrase(_view("С кем компания «Вектор» подписала соглашение о строительстве с мэрией?")) is not None
    assert cut_phrase(_view("С кем компания «Вектор» подписала соглашение о реализации?")) is not None
    assert cut_phrase(_view("С кем компания «Вектор» подписала соглашение о строительстве моста?")) is None
    assert cut_phrase(_view("С кем компания «Вектор» подписала соглашение о сотрудничестве?")) is None


def test_a_preposition_after_po_and_its_action_noun_is_no_cut():
    # (review h-review78) «по строительству в мэрии»: the committee's scope, then where it sits; only «о/об» + an
    # action noun + a preposition cuts the noun's «of what»
    assert cut_phrase(_view("Кто возглавил комитет по строительству в мэрии Твери?")) is None
    assert cut_phrase(_view("С кем фирма «Лад» подписала договор об обслуживании с городом?")) is not None


def test_a_vehicle_label_takes_its_number_from_its_head_noun():
    # (review h-review78 f7) an adjective opens the label; «суда» is the plural of «судно», not «суд»
    assert ru_vehicle_head("междугородние автобусы") == ("автобус", True)
    assert ru_vehicle_head("грузовые суда") == ("судно", True)
    assert ru_vehicle_head("судно «Белуха»") == ("судно", False)
    q, _ = asked(edge("междугородние автобусы", "ходить до", "Вологда", "Междугородние автобусы ходят до Вологды.",
                      "other", "place"), "head")
    assert q is None or q.startswith("Какие автобусы"), q
    q, _ = asked(edge("грузовые суда", "заходить в", "порт Архангельск", "Грузовые суда заходят в порт Архангельск.",
                      "other", "place"), "head")
    assert q is None or q.startswith("Какие суда"), q
