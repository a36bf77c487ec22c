"""Russian rules engine: a dash standing for the verb of the clause before it (issue 10, site6/site7:
«расходы — 30,1 млрд рублей» was no fact). Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_dash_after_an_amount_repeats_the_verb_for_the_second_subject():
    found = ru_facts("Доходы бюджета Рязани составят 18,2 млрд рублей, расходы — 19,5 млрд рублей.")
    assert ("расходы бюджета Рязани", "составить", "19,5 млрд рублей", "planned") in found, found
    assert ("доходы бюджета Рязани", "составить", "18,2 млрд рублей", "planned") in found, found


def test_the_gap_keeps_the_preposition_of_its_amount():
    found = ru_facts("Зарплаты врачей вырастут на 12%, а зарплаты учителей — на 9%.")
    assert ("зарплаты учителей", "вырасти на", "9 %", "planned") in found, found


def test_the_subject_of_a_gapped_clause_is_no_object_of_the_verb():
    found = ru_facts("Компания «Арго» купила 20 автобусов, «Вектор» — 12.")
    assert not any(f[2] == "Вектор" for f in found), found
    assert ("компания «Арго»", "купить", "20 автобусов", "asserted") in found, found
