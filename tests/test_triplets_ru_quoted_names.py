"""Russian rules engine: quoted names the parser and the NER miss (tasks/dragon/rules_ru/quoted_names.py).
Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_team_after_its_own_ice_is_the_object_not_the_owner_of_the_ice():
    found = ru_facts("Хоккеисты «Северных лисов» во вторник обыграли на своём льду «Донских барсов» со счётом 2:1.")
    assert any(r == "обыграть" and o == "Донские барсы" for _, r, o, _ in found), found


def test_a_team_after_an_adjective_of_its_city_is_the_object():
    found = ru_facts("«Северные лисы» в пятницу на своём льду обыграли омских «Степных орлов» со счётом 2:1.")
    assert any(r == "обыграть" and o == "Степные орлы" for _, r, o, _ in found), found


def test_a_declined_quoted_name_after_a_preposition_is_named_in_the_nominative():
    found = ru_facts("Следующую встречу «Северные лисы» проведут 3 марта в Ростове против «Донских барсов».")
    assert ("Северные лисы", "провести следующую встречу против", "Донские барсы", "planned") in found, found


def test_a_genitive_name_of_a_place_stays_its_owner():
    found = ru_facts("«Северные лисы» сыграли на стадионе «Донских барсов».")
    assert not any(r == "сыграть" and o == "Донские барсы" for _, r, o, _ in found), found


def test_a_plural_team_name_the_normaliser_left_declined_is_named_in_the_nominative():
    found = ru_facts("«Северные лисы» обыграли «Полярных рысей».")
    assert any(r == "обыграть" and o == "Полярные рыси" for _, r, o, _ in found), found


def test_a_declined_name_after_a_home_adverb_and_a_city_adjective_is_the_opponent():
    found = ru_facts("В четверг курские «Соколы» сыграют дома с белгородским «Энергомашем».")
    assert ("Соколы", "сыграть с", "Энергомаш", "planned") in found, found


def test_a_quoted_name_with_an_indeclinable_foreign_word_keeps_the_word_as_written():
    # "Онего"-like words: the tagger gives no case, pymorphy reads an adjective's genitive; re-inflecting
    # it made a non-word of the name («Оняя ...»)
    found = ru_facts("Карельская компания «Онего Рыбпром» согласилась купить у холдинга «Северные сети» завод.")
    subjects = {s for s, r, _, _ in found if r.startswith("согласиться купить")}
    assert subjects and all("Онего Рыбпром" in s for s in subjects), found
