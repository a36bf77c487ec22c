"""Russian parse repairs of agreement and word order (rules_ru/agreement.py): an object fronted at the head
of its clause before the subject of a control verb and its infinitive is the infinitive's object, what
stands between it and the subject (a genitive, a phrase between dashes) its own. Sentences written for
these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts

_OPENING = "Строительная компания «Кварц» возводит жилой квартал в Липецке. "


def test_a_fronted_object_of_a_planned_infinitive_is_its_object():
    found = ru_facts(_OPENING + "Первую очередь квартала застройщик планирует сдать весной.")
    assert ("компания «Кварц»", "сдать", "первая очередь квартала", "planned") in found, found


def test_a_phrase_between_dashes_after_a_fronted_object_is_no_object_of_its_own():
    found = ru_facts(_OPENING + "Вторую очередь — два корпуса на 200 квартир — застройщик собирается сдать "
                                "в конце 2029 года.")
    # (the end of a year is a date since session 24: «сдать вторую очередь в | конец 2029 года»)
    assert any(f[0] == "компания «Кварц»" and (f[1:3] == ("сдать", "вторая очередь") or f[1] == "сдать вторую очередь в")
               and f[3] == "planned" for f in found), found
    assert not any("корпус" in f[2] for f in found), found


def test_a_fronted_object_after_a_comma_keeps_its_own_phrase():
    found = ru_facts(_OPENING + "В квартале будет 600 квартир, первую очередь из двух домов застройщик "
                                "намерен сдать осенью.")
    assert any(f[0] == "компания «Кварц»" and "сдать первую очередь" in f[1] and f[3] == "planned"
               for f in found), found


def test_a_fronted_time_phrase_is_no_object_when_the_infinitive_has_one():
    found = ru_facts("Хоккейный клуб «Буран» готовится к сезону. Каждую неделю команда планирует проводить два матча.")
    assert not any("недел" in f[2] for f in found), found
    assert ("команда", "проводить", "два матча", "planned") in found, found


_HOCKEY = "Хоккеисты «Кедра» проиграли дома. "


def test_an_animate_plural_after_the_adverb_at_home_is_the_verbs_object():
    found = ru_facts(_HOCKEY + "12 марта команда примет дома «Уральских волков».")
    assert ("команда", "принять", "Уральские волки", "planned") in found, found
    assert not any(f[2] == "12 марта" for f in found), found


def test_an_animate_plural_after_its_adjective_is_the_verbs_object():
    found = ru_facts(_HOCKEY + "В субботу, 12 марта, «Кедры» примут омских «Уральских волков», а через два дня "
                               "сыграют в Тюмени.")
    assert any(f[1] == "принять" and f[2] == "Уральские волки" and f[3] == "planned" for f in found), found


def test_an_animate_plural_with_its_preposition_stays_the_verbs_oblique():
    found = ru_facts(_HOCKEY + "В субботу команда сыграет дома против «Уральских волков».")
    assert not any(f[1] == "сыграть" and f[2] == "Уральские волки" for f in found), found


def test_the_nominative_second_object_of_an_infinitive_with_its_future_auxiliary_is_its_subject():
    found = ru_facts("Закрывать паромную переправу до открытия моста минтранс области не будет.")
    assert ("минтранс области", "закрывать", "паромная переправа", "negated") in found, found
