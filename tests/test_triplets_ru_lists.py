"""Russian rules engine: lists under one verb that the parse hangs on one word (a class noun with the
names it lists, a prepositional phrase under the object coordinated). Sentences written for these
tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_prepositional_list_under_the_object_gives_one_fact_per_item():
    found = ru_facts("Перевозчик «Северный ветер» с 1 марта откроет прямые рейсы в Казань и Пермь.")
    assert ("Северный ветер", "открыть прямые рейсы в", "Казань", "planned") in {
        (s.replace("перевозчик ", "").replace("«", "").replace("»", ""), r, o, m) for s, r, o, m in found}, found
    assert any(r == "открыть прямые рейсы в" and o == "Пермь" for _, r, o, _ in found), found


def test_a_second_item_with_its_own_preposition_keeps_it():
    found = ru_facts("Компания «Вектор» построила склады в Твери и на Урале.")
    assert any(r == "построить склады в" and o == "Тверь" for _, r, o, _ in found), found
    assert any(r == "построить склады на" and o == "Урал" for _, r, o, _ in found), found


def test_a_class_noun_listing_names_gives_one_place_per_name():
    found = ru_facts("В сёлах Ивановка, Петровка и Сидоровка открылись новые школы.")
    places = {o for _, r, o, _ in found if r == "открыться в"}
    assert {"Ивановка", "Петровка", "Сидоровка"} <= places, found


def test_a_class_noun_with_one_name_is_no_list():
    found = ru_facts("В селе Ивановка открылась новая школа.")
    assert {o for _, r, o, _ in found if r == "открыться в"} <= {"Ивановка", "село Ивановка"}, found
