"""Russian rules engine: terms a verb sets or may set (a numeral the tagger made a noun, «до N лет …»), people
named by a bare participle, and a role noun named by an appositive after a dash (issue 10, site7/site8
misses). Sentences written for these tests, real natasha."""
from __future__ import annotations

import pytest

from tests.test_triplets_ru_news import ru_facts


def test_a_term_counted_by_a_numeral_word_is_the_sentence():
    found = ru_facts("Суд приговорил Олега Кравца к пяти годам лишения свободы условно.")
    assert ("суд", "приговорить Олега Кравца к", "пяти годам лишения свободы", "asserted") in found, found
    assert ("суд", "приговорить", "Олег Кравец", "asserted") in found, found


def test_the_most_a_term_can_be_keeps_its_preposition_and_its_modality():
    found = ru_facts("Инна Белова может получить до восьми лет лишения свободы.")
    assert ("Инна Белова", "получить", "до восьми лет лишения свободы", "possible") in found, found


def test_a_time_after_do_is_no_term_but_what_a_verb_of_missing_misses():
    # (session 24: the key facts of site7 and site10 keep what a player may miss; it is no sentence's term)
    found = ru_facts("Защитник Олег Кравец может пропустить до трёх недель.")
    assert ("Олег Кравец", "пропустить", "до трёх недель", "possible") in found, found
    found = ru_facts("Защитник Олег Кравец тренировался три недели.")
    assert not any("недел" in o for _, _, o, _ in found), found


def test_a_bare_participle_subject_is_the_people_it_describes():
    found = ru_facts("Задержанные могут получить до пяти лет колонии.")
    assert ("задержанные", "получить", "до пяти лет колонии", "possible") in found, found


def test_a_neuter_participle_is_no_person():
    found = ru_facts("Сказанное подтвердили в полиции Твери.")
    assert not any(s.lower().startswith("сказанн") for s, _, _, _ in found), found


def test_the_name_after_a_dash_acts_and_holds_the_role():
    found = ru_facts("Клуб «Сокол» уступил «Витязю». Деньги на усиление состава выделил спонсор клуба — компания «Гранит-Нефть».")
    assert ("компания «Гранит-Нефть»", "выделить", "деньги на усиление состава", "asserted") in found, found
    assert ("компания «Гранит-Нефть»", "спонсор", "клуб «Сокол»", "asserted") in found, found


def test_a_role_noun_with_no_dash_keeps_its_own_subject():
    found = ru_facts("Деньги на стадион выделил спонсор клуба, компания потом отказалась от проекта.")
    assert not any("компания" == s for s, r, _, _ in found if r == "выделить"), found


def test_an_adjective_that_disagrees_with_the_subject_belongs_to_the_object():
    found = ru_facts("В субботу «Северные волки» примут казанских «Барсов».")
    assert ("Северные волки", "принять", "Барсы", "planned") in found, found


def test_an_accusative_subject_after_the_verb_swaps_with_the_object_before_it():
    found = ru_facts("Проект получил грант фонда в размере 40 млн рублей.")
    assert ("проект", "получить грант фонда в размере", "40 млн рублей", "asserted") in found, found


def test_an_object_in_its_own_accusative_form_stays_the_object():
    found = ru_facts("Трубу повредила бригада подрядчика.")
    assert ("бригада подрядчика", "повредить", "труба", "asserted") in found, found


def test_the_term_names_the_person_not_the_role_before_the_name():
    found = ru_facts("Тверской районный суд приговорил бывшего заместителя мэра Олега Пестова к шести годам колонии.")
    assert ("Тверской районный суд", "приговорить Олега Пестова к", "шести годам колонии", "asserted") in found, found
    assert not any("заместителя" in r for _, r, _, _ in found), found


def test_the_name_may_hang_below_the_role():
    found = ru_facts("Районный суд приговорил бывшего заместителя главы Кашинского округа Петра Гуляева к трём годам колонии.")
    assert any(r == "приговорить Петра Гуляева к" and o == "трём годам колонии" for _, r, o, _ in found), found


def test_until_when_a_thing_lasts_is_its_object():
    found = ru_facts("Синоптики ожидают, что метель продлится до пятницы.")
    assert ("метель", "продлиться до", "пятница", "planned") in found, found
    found = ru_facts("Морозы сохранятся до 12 марта.")
    assert ("морозы", "сохраниться до", "12 марта", "planned") in found, found
    found = ru_facts("Совещание продлилось до вечера.")
    assert not any(r == "продлиться до" for _, r, _, _ in found), found


def test_the_span_a_player_may_miss_is_what_he_misses():
    # (the infinitive hung on the subject noun belongs to the modal right before it)
    found = ru_facts("Нападающий Олег Зимин получил травму колена и может пропустить ещё три недели.")
    assert ("Олег Зимин", "пропустить", "три недели", "possible") in found, found



@pytest.mark.parametrize("sentence, fact", [
    ("Время ожидания парома сократится до 12 часов.", ("время ожидания парома", "сократиться до", "12 часов", "planned")),
    ("По расчётам инвестора, новый цех окупится за семь лет.", ("новый цех", "окупиться за", "семь лет", "planned")),
])
def test_a_counted_span_a_verb_of_change_states_is_its_value(sentence, fact):
    found = ru_facts(sentence)
    assert fact in found, found


@pytest.mark.parametrize("sentence, words", [
    ("Очередь в детские сады за год сократилась до 40 дней.", "сократиться за"),  # «за год»: when
    ("Ремонт участка продлится до трёх часов ночи.", "трёх часов"),  # a time of another verb
])
def test_a_span_not_counted_or_of_another_verb_says_when(sentence, words):
    found = ru_facts(sentence)
    assert not any(words in r or words in o for _, r, o, _ in found), found
