"""Russian rules engine: a place in a ranking («на третье место») is what the verb reaches, while «место»
alone stays a circumstance. Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_an_ordinal_place_is_the_rank_the_team_reaches():
    found = ru_facts("Футболисты «Метеора» поднялись на четвёртое место в турнирной таблице.")
    assert any(r == "подняться на" and o == "четвёртое место" for _, r, o, _ in found), found


def test_a_rank_keeps_the_modality_of_its_clause():
    found = ru_facts("Если «Метеор» проиграет в субботу, он может опуститься на седьмое место.")
    assert any(r == "опуститься на" and o == "седьмое место" and m == "conditional" for _, r, o, m in found), found


def test_a_place_without_an_ordinal_stays_a_circumstance():
    found = ru_facts("На месте аварии «Метеор» установил временное ограждение.")
    assert not any("место" in o for _, _, o, _ in found), found
