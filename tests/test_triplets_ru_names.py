"""Russian rules engine: a name's nominative the text writes or whose declension is certain, and a name
not cut before the genitive place or body it goes on with (tasks/dragon/rules_ru/morph.py).
Sentences written for these tests, real natasha."""
from __future__ import annotations

import pytest

from tasks.dragon.rules_ru.morph import _consonant_surname_nominative
from tests.test_triplets_ru_news import ru_facts


def test_a_mans_surname_in_a_consonant_declined_like_a_noun_is_its_stem():
    assert _consonant_surname_nominative("Гольдта", "masc", "gent") == "Гольдт"
    assert _consonant_surname_nominative("Гольдту", "masc", "datv") == "Гольдт"
    assert _consonant_surname_nominative("Гольдтом", "masc", "ablt") == "Гольдт"
    assert _consonant_surname_nominative("Гольдта", "femn", "gent") == "Гольдта"  # a woman's does not decline
    assert _consonant_surname_nominative("Гоглия", "masc", "gent") == "Гоглия"  # not a hard consonant before it


#: (sentence, a name the facts must give, a name they must not)
NAMES = [
    # a foreign surname natasha guessed a nominative for ("Кярот") is the consonant stem
    ("Районный суд оштрафовал бывшего директора ООО «Теплострой» Игоря Кярта за нарушение сроков.",
     "Игорь Кярт", "Игорь Кярот"),
    ("Суд оправдал Ивана Дюма.", "Иван Дюма", "Иван Дюм"),  # pymorphy knows it indeclinable
    ("Мэр наградил Ивана Орла.", "Иван Орёл", "Иван Орл"),  # a known noun's own nominative
    # a name that goes on in a genitive place is not cut; one before a preposition's place is not extended
    ("Драматический театр Республики Марий Эл 12 марта покажет премьеру. Директор театра Иван Сомов "
     "рассказал о гастролях.", "Драматический театр Республики Марий Эл", "Драматический театр"),
    ("Следственный отдел по Ленинскому району возбудил уголовное дело.", "Следственный отдел",
     "Следственный отдел Ленинскому району"),
]


@pytest.mark.parametrize("sentence, named, not_named", NAMES)
def test_a_name_is_one_the_text_writes_whole(sentence, named, not_named):
    found = ru_facts(sentence)
    names = {s for s, _, _, _ in found} | {o for _, _, o, _ in found}
    assert named in names and not_named not in names, found
