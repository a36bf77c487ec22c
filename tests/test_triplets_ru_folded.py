"""Russian rules engine: a direct object that another complement's relation carries cut short is a fact
by itself too (tasks/dragon/rules_ru/arguments.py ``folded_object``). Sentences written for these tests,
real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_an_object_cut_short_in_the_relation_is_its_own_fact():
    found = ru_facts("Компания «Вега» построит на берегу озера цех по переработке рыбы.")
    assert ("компания «Вега»", "построить", "цех по переработке рыбы", "planned") in found, found
    assert any(r.startswith("построить цех") and o == "берег озера" for _, r, o, _ in found), found


def test_an_object_with_a_clause_of_its_own_counts_its_own_words():
    found = ru_facts("Часть домов второй очереди компания «Вега» переведёт в арендное жильё, которое "
                     "будет сдавать семьям врачей.")
    assert any(r == "перевести" and o.startswith("часть домов второй очереди") for _, r, o, _ in found), found


def test_a_bare_or_whole_object_gives_no_second_fact():
    found = ru_facts("Сбербанк открыл офис в Казани.")
    assert not any(r == "открыть" for _, r, _, _ in found), found
    found = ru_facts("Компания «Вега» перевезла старые станки в Казань.")
    assert not any(r == "перевезти" for _, r, _, _ in found), found
