"""Russian rules engine: the object put first before a modal or plan verb and its infinitive
(tasks/dragon/rules_ru/fronted.py). Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_two_subjects_the_named_one_after_the_infinitive_acts():
    found = ru_facts("Запись концерта может показать телеканал «Волна».")
    assert ("телеканал «Волна»", "показать", "запись концерта", "possible") in found, found


def test_the_subject_read_as_the_object_after_the_infinitive():
    found = ru_facts("Выпуск сыра планирует наладить молочный завод «Заречье» в Кашинском районе.")
    assert any(s == "завод «Заречье»" and r == "наладить" and o.startswith("выпуск сыра") for s, r, o, _ in found), found


def test_subject_first_order_stays():
    found = ru_facts("Телеканал «Волна» может показать запись концерта.")
    assert ("телеканал «Волна»", "показать", "запись концерта", "possible") in found, found
    found = ru_facts("Мэрия Торжка планирует отремонтировать мост через Тверцу.")
    assert not any(s.startswith("мост") for s, _, _, _ in found), found


def test_a_counted_object_first_and_its_subject_right_before_the_verb():
    found = ru_facts("Ещё три школы район планирует открыть в 2028 году.")
    assert not any(s == "три школы" for s, _, _, _ in found), found
    assert any(s == "район" and r.startswith("открыть") and "три школы" in o for s, r, o, _ in found), found


def test_a_noun_read_as_an_adjective_before_the_subject_is_the_object():
    found = ru_facts("Тротуары дворники должны очистить до вечера 5 марта.")
    assert not any(s.startswith("тротуары") for s, _, _, _ in found), found
    assert any(s == "дворники" and "тротуары" in f"{r} {o}" for s, r, o, _ in found), found


def test_a_bare_accusative_noun_before_the_subject_is_the_verbs_object():
    # natasha: матч obl → сыграют; the relation then lost what is played
    found = ru_facts("Следующий матч «Речные волки» сыграют 9 марта в Перми с «Горными орлами».")
    assert ("Речные волки", "сыграть следующий матч в", "Пермь", "planned") in found, found
    assert ("Речные волки", "сыграть следующий матч с", "Горные орлы", "planned") in found, found


def test_a_fronted_time_stays_a_time():
    found = ru_facts("Весь вечер «Речные волки» играли в меньшинстве.")
    assert not any("вечер" in r for _, r, _, _ in found), found


def test_a_noun_read_as_an_adverb_of_a_fronted_infinitive_is_its_object():
    # natasha: очередь advmod → сдать; the relation lost what is to be handed over
    found = ru_facts("Девелопер «Камский квартал» строит жилой комплекс в Казани. "
                     "Сдать первую очередь компания планирует в конце 2028 года.")
    assert ("девелопер «Камский квартал»", "сдать первую очередь в", "конец 2028 года", "planned") in found, found
    found = ru_facts("Команда провела сборы, в свою очередь тренер сменил тактику.")
    assert not any("очеред" in r for _, r, _, _ in found), found
