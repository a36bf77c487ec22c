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
