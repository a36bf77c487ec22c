"""Russian rules engine: a participial clause after a post-verbal name is the name's, wherever natasha
hangs it. Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_participle_after_the_appointed_name_says_what_that_person_did():
    found = ru_facts("Главным инженером комбината назначен Павел Гуров, ранее возглавлявший фирму «Техстрой».")
    assert any(s == "Павел Гуров" and r == "возглавлять" and "Техстрой" in o for s, r, o, _ in found), found


def test_a_participle_that_disagrees_with_the_noun_before_it_stays_put():
    # «работавшую» (feminine) cannot describe «Павел Гуров»: no fact of his
    found = ru_facts("На комбинат пришёл Павел Гуров, а бригаду, работавшую на фирме «Техстрой», распустили.")
    assert not any(s == "Павел Гуров" and r == "работать" for s, r, _, _ in found), found
