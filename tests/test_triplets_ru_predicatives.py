"""Russian rules engine: after a fronted object, the nominative after «должна/намерено + infinitive» is the
subject. Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_the_nominative_after_a_predicative_and_its_infinitive_is_the_subject():
    found = ru_facts("Контракт должно подписать министерство строительства.")
    assert ("министерство строительства", "подписать", "контракт", "planned") in found, found


def test_two_nouns_that_could_both_be_the_subject_are_left_alone():
    # «проект» may be the subject as well as «совет»: no guess
    found = ru_facts("Проект должен утвердить городской совет.")
    assert not any(s == "городской совет" for s, _, _, _ in found), found


def test_an_abbreviation_read_as_the_infinitives_dative_is_the_subject():
    # natasha reads «ФНС» after the infinitive as its iobj
    found = ru_facts("Покупку должна одобрить ФАС России.")
    assert ("ФАС России", "одобрить", "покупка", "planned") in found, found
    # (a true dative stays whom it is for)
    found = ru_facts("Долг должна вернуть поставщикам компания «Ладога».")
    assert not any(s == "поставщики" for s, _, _, _ in found), found
