"""Russian questions, session 32: a verb asked without the goal or the span of time its sentence gives it, and a
quoted side of a game asked as a team; sentences invented here."""
from __future__ import annotations

from tasks.dragon.questions_ru_objects import ru_object_left_out
from tests.test_questions_ru_grammar import edge
from tests.test_questions_ru_round7 import asked


def refused_for(e, words: str) -> None:
    """``e`` is asked of neither end, for the ``words`` its question would leave out."""
    assert ru_object_left_out(e) == words
    for end in ("tail", "head"):
        q, why = asked(e, end)
        assert q is None and words in why, (q, why)


def test_a_goal_the_relation_drops_is_a_complement_the_question_needs():
    # «Когда пришёл Олег Рябов?» says he came, not that he joined the company
    e = edge("Олег Рябов", "прийти в", "2021 год", "Заводом руководит Олег Рябов, пришедший в компанию в 2021 году "
             "из «Северной стали».", "person", "date")
    refused_for(e, "в компанию")
    q, why = asked(e, "head")
    assert q is None, q  # «Кто пришёл в 2021 году?» as well
    # a player's move: «Когда перешёл …?» leaves out where to
    e = edge("Антон Лыков", "перейти в", "2023 год", "Вратарь Антон Лыков перешёл в «Ладогу» из «Бурана» в 2023 году.",
             "person", "other")
    assert ru_object_left_out(e) == "в Ладогу"
    # a sum without what it is spent on: «Сколько рублей согласилась выделить дума?»
    assert ru_object_left_out(edge("Городская дума", "согласиться выделить", "300 млн рублей", "Городская дума "
                                   "согласилась выделить 300 млн рублей на ремонт набережной.", "org", "quantity")) \
        == "на ремонт"


def test_a_goal_asked_a_source_asked_or_a_place_arrived_at_keeps_the_question():
    # the goal is the answer itself, named before by its company noun
    e = edge("Олег Рябов", "прийти в", "Северный комбинат", "Заводом руководит Олег Рябов, пришедший в компанию в 2021 "
             "году.", "person", "org")
    assert ru_object_left_out(e) is None
    # the other end of the move is asked: «Откуда перешёл Антон Лыков?»
    assert ru_object_left_out(edge("Антон Лыков", "перейти из", "Буран", "Вратарь Антон Лыков перешёл в «Ладогу» из "
                                   "«Бурана» в 2023 году.", "person", "org")) is None
    # arriving at a port or a town is whole without them: «Когда прибыл паром «Восход»?»
    q, why = asked(edge("паром «Восход»", "прибыть", "3 марта", "Паром «Восход» прибыл в Ванинский порт 3 марта.",
                        "other", "date"))
    assert q is not None, why
    assert ru_object_left_out(edge("Ирина Сомова", "вернуться в", "2019 год", "Ирина Сомова вернулась в Россию в 2019 "
                                   "году.", "person", "date")) is None
    # a delivery to districts: «Сколько тонн грузов доставила компания?» (judged good on site18)
    assert ru_object_left_out(edge("Ленское пароходство", "доставить", "200 тысяч тонн грузов", "Суда «Ленского "
                                   "пароходства» доставили в северные улусы 200 тысяч тонн грузов.", "org",
                                   "quantity")) is None
    # a time or a measure after «в/на» is no goal
    assert ru_object_left_out(edge("Марта Лисина", "выступить", "среда", "Марта Лисина выступит в среду на 20 минут.",
                                   "person", "date")) is None


def test_a_span_of_time_a_transitive_verb_takes_as_its_object_is_not_dropped():
    refused_for(edge("Пётр Орлов", "провести в", "Арктика", "Художник Пётр Орлов провёл в Арктике два года.", "person",
                     "place"), "два года")
    # another object beside it: the span says only how long («строила мост два года»)
    assert ru_object_left_out(edge("Мостострой", "строить", "мост «Волжский»", "Компания «Мостострой» строила мост "
                                   "«Волжский» два года.", "org", "other")) is None


def test_a_quoted_side_of_a_game_the_tagger_took_for_a_place_is_asked_as_a_team():
    sentence = "Следующий матч «Полярные совы» сыграют 5 марта дома против «Камы»."
    for kind in ("other", "place"):
        q, why = asked(edge("Полярные совы", "сыграть следующий матч против", "Кама", sentence, "org", kind))
        assert q is not None and "какой команды" in q.lower() and "чего" not in q, (q, why)


def test_closing_for_a_repair_or_a_quarantine_needs_no_goal_in_its_question():
    # (review88) «на карантин», «на ремонт» after closing or stopping say why or how long: «Когда закрылся …?» is whole
    assert ru_object_left_out(edge("Торговый центр «Вега»", "закрыться", "четверг", "Торговый центр «Вега» закрылся на "
                                   "карантин в четверг.", "org", "date")) is None
    assert ru_object_left_out(edge("бассейн «Дельфин»", "закрыть", "июль", "Бассейн «Дельфин» закроют на ремонт в "
                                   "июле.", "other", "date")) is None
    assert ru_object_left_out(edge("Паромная переправа", "остановить", "10 марта", "Паромную переправу остановят на "
                                   "техобслуживание 10 марта.", "other", "date")) is None
    # a repair money is spent on is still its goal
    assert ru_object_left_out(edge("Городская дума", "согласиться выделить", "300 млн рублей", "Городская дума "
                                   "согласилась выделить 300 млн рублей на ремонт набережной.", "org", "quantity")) \
        == "на ремонт"
