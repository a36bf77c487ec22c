"""Russian questions, session 24: the facts no question is asked of (questions_ru_refusals) and the class noun
a label gives itself (questions_ru_checks.ru_label_head_noun), on sentences written for each class."""
from __future__ import annotations

from schemas import Subgraph
from tasks.dragon.questions_ru_checks import ru_label_head_noun
from tasks.dragon.questions_ru_refusals import (
    ru_answer_holds_subject, ru_counted_label, ru_doubled_preposition, ru_institution_role, ru_noun_purpose,
    ru_genitive_before_head, ru_light_verb_noun, ru_rank_noun, ru_relative_measure, ru_round9_reason, ru_streak, ru_when_without_destination,
    ru_work_without_place,
)
from tests.test_questions_ru_grammar import edge
from tests.test_questions_ru_round7 import asked


def test_a_relation_with_a_preposition_before_its_own_is_not_asked():
    assert ru_doubled_preposition("находиться в в") and ru_doubled_preposition("выйти на в")
    assert not ru_doubled_preposition("находиться в") and not ru_doubled_preposition("в")
    q, why = asked(edge("сейнер «Кит»", "находиться в в", "Баренцево море",
                        "Сейнер «Кит» может находиться в море месяц.", "other", "place"))
    assert q is None and "before its own" in why


def test_a_count_in_words_is_no_subject():
    assert ru_counted_label("четыре ФАПа") and ru_counted_label("оба клуба")
    assert not ru_counted_label("Четвёртый канал") and not ru_counted_label("первый корпус")
    e = edge("три МФЦ", "открыть", "Заречный район", "Ещё три МФЦ Заречный район откроет весной.", "other", "place")
    sub = Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[e], answer_nodes=["n2"], question_nodes=["n1"])
    assert "count in words" in ru_round9_reason(sub)
    asked_of_it = Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[e], answer_nodes=["n1"], question_nodes=["n2"])
    assert ru_round9_reason(asked_of_it) is None  # the count is the answer: the question does not name it


def test_an_answer_that_holds_its_own_subject_is_not_asked():
    e = edge("Лесное", "прийти на", "открытие школы в Лесном", "На открытие школы в Лесном пришло всё село.",
             "place", "other")
    assert ru_answer_holds_subject(e)
    assert not ru_answer_holds_subject(edge("завод «Искра»", "выпустить", "станок", "Завод «Искра» выпустил станок."))
    q, why = asked(e)
    assert q is None and "holds its own subject" in why


def test_a_kind_of_organisation_is_no_role_of_a_company():
    assert ru_institution_role("предприятие", "org") and not ru_institution_role("предприятие", "person")
    assert not ru_institution_role("генеральный директор", "person")
    q, why = asked(edge("фирма «Рось»", "предприятие", "завод «Искра»",
                        "Деньги предприятия фирме «Рось» перевёл завод «Искра».", "org", "org"))
    assert q is None and "not a post" in why


def test_pod_after_the_relations_noun_is_the_nouns_purpose():
    assert ru_noun_purpose("продать участок под") and not ru_noun_purpose("находиться под")
    q, why = asked(edge("ведомство «Земфонд»", "продать участок под", "парк «Ива»",
                        "Участок под парк «Ива» продал «Земфонд».", "org", "org"), "head")
    assert q is None and "purpose" in why


def test_when_of_a_verb_that_needs_where_to_is_not_asked():
    assert ru_when_without_destination("перейти в", "date") and ru_when_without_destination("поступить на", "date")
    assert not ru_when_without_destination("перейти в", "org") and not ru_when_without_destination("открыть в", "date")
    q, why = asked(edge("Олег Ким", "перейти в", "март", "Олег Ким в марте перешёл в областную думу.",
                        "person", "date"))
    assert q is None and "where to" in why
    # (the relation keeps its object: «Когда открыл Олег Ким?» would drop it, questions_ru_objects)
    q, _ = asked(edge("Олег Ким", "открыть пекарню в", "март", "Олег Ким открыл в марте пекарню.", "person", "date"))
    assert q is not None and q.startswith("Когда")


def test_when_of_a_verb_of_going_whose_sentence_gives_where_is_not_asked():
    """«паром выйдет на линию … в конце января» read as «выйти в» + the date: «Когда выйдет паром?» is a release."""
    said = "Новый катер «Ладога» выйдет на маршрут Кемь — Соловки в середине мая, сообщили в порту."
    assert ru_when_without_destination("выйти в", "date", [said])
    q, why = asked(edge("катер «Ладога»", "выйти в", "середина мая", said, "other", "date"))
    assert q is None and "where to" in why
    # a release, a return at a time, a day in the accusative: no where is left out
    assert not ru_when_without_destination("выйти в", "date", ["Новый альбом группы выйдет в середине мая."])
    assert not ru_when_without_destination("вернуться в", "date", ["Экспедиция вернётся в четверг."])


def test_a_label_names_its_own_kind_before_its_quoted_name():
    assert ru_label_head_noun("сейнер «Кит»") == "сейнер"
    assert ru_label_head_noun("комплекс «Ясная поляна»") == "комплекс"
    assert ru_label_head_noun("Северный порт") is None and ru_label_head_noun("ООО «Рось»") is None
    # a captain of a ship is not a team's: «Капитаном какого сейнера», never «какой команды»
    q, _ = asked(edge("Пётр Белов", "капитан", "сейнер «Кит»", "Капитаном «Кита» назначен Пётр Белов.", "person", "org"))
    assert q == "Капитаном какого сейнера является Пётр Белов?"


def test_what_is_built_is_asked_with_chto_and_not_described_as_an_organisation():
    built = edge("«Волга-Строй»", "строить", "Речной Квартал", "«Волга-Строй» строит «Речной Квартал» у набережной.",
                 "org", "org")
    q, _ = asked(built)
    assert q == "Что строит «Волга-Строй»?"
    payer = edge("фонд «Заря»", "финансировать", "Речной Квартал", "Фонд «Заря» финансирует «Речной Квартал».",
                 "org", "org").model_copy(update={"head": "n3", "tail": "n2", "edge_id": "e2"})
    sub = Subgraph(subgraph_id="s-mh", type="multi-hop", lang="ru", edges=[payer, built], answer_nodes=["n3"],
                   question_nodes=["n1"], hidden_nodes=["n2"])
    from tasks.dragon.questions import QuestionConfig, generate_questions
    from tests.test_questions_ru_grammar import RULES
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert not any("которую строит" in i.question for i in batch.items)
    assert any("organisation" in f.reason for f in batch.failures)


def test_an_ordinal_of_a_streak_is_not_asked_which():
    assert ru_streak("пятый матч", ["«Барсы» выиграли пятый матч подряд."])
    assert not ru_streak("пятое место", ["«Барсы» занимают пятое место."])
    q, why = asked(edge("«Барсы»", "выиграть", "пятый матч", "«Барсы» выиграли пятый матч подряд и лидируют.",
                        "org", "other"))
    assert q is None and ("streak" in why or "no rank" in why)
    q, _ = asked(edge("«Барсы»", "занимать", "пятое место", "«Барсы» занимают пятое место в лиге.", "org", "other"))
    assert q == "Какое место занимают «Барсы»?"


def test_a_fact_held_by_a_measure_the_article_named_before_is_not_asked():
    assert ru_relative_measure(["По этому показателю край вошёл в первую десятку."])
    assert not ru_relative_measure(["По итогам года край вошёл в первую десятку."])
    e = edge("Тверская область", "войти в", "десятка лидеров", "По данному показателю Тверская область вошла в "
             "десятку лидеров.", "place", "other")
    sub = Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[e], answer_nodes=["n2"], question_nodes=["n1"])
    assert "measure" in ru_round9_reason(sub)


def test_the_noun_of_a_light_verb_predicate_is_not_asked_as_its_object():
    assert ru_light_verb_noun("поставить", "точка в споре") and ru_light_verb_noun("одержать", "уверенная победа")
    assert not ru_light_verb_noun("поставить", "спектакль «Буря»")
    q, why = asked(edge("Семён Лыков", "одержать", "третья победа", "Семён Лыков одержал третью победу на турнире.",
                        "person", "other"))
    assert q is None and "noun of the predicate" in why


def test_a_persons_work_since_a_date_says_not_where():
    assert ru_work_without_place("работать с", "person", "date")
    assert not ru_work_without_place("работать с", "org", "date") and not ru_work_without_place("работать в", "person", "org")
    q, why = asked(edge("Анна Крылова", "работать с", "2015 год", "Анна Крылова работает в мэрии Твери с 2015 года.",
                        "person", "date"))
    assert q is None and "not where" in why


def test_an_ordinal_is_asked_which_only_of_a_rank():
    assert ru_rank_noun("место") and ru_rank_noun("номером") and not ru_rank_noun("очередь")
    q, why = asked(edge("компания «Зарница»", "сдать", "вторая очередь", "Компания «Зарница» сдала вторую очередь.",
                        "org", "other"))
    assert q is None and "no rank" in why


def test_a_like_crime_points_back_into_its_article():
    from tasks.dragon.questions_ru_answers import ru_anaphoric
    assert ru_anaphoric("похожее нарушение") and ru_anaphoric("сходные случаи")
    assert not ru_anaphoric("крупное нарушение")


def test_a_label_that_opens_with_another_phrases_genitive_is_not_asked():
    assert ru_genitive_before_head("Минздрава больница")
    assert not ru_genitive_before_head("Томская слобода") and not ru_genitive_before_head("компания «Север»")
    e = edge("Минздрава больница", "получить лицензию к", "весна", "Лицензию Минздрава больница получит к весне.",
             "org", "date")
    sub = Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[e], answer_nodes=["n2"], question_nodes=["n1"])
    assert "genitive" in ru_round9_reason(sub)
