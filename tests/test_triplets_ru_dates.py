"""Russian rules engine: a part of a dated period is a date («в конце 2027 года», «в третьем квартале
2027 года»; _RuSentence.date_phrase). Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_the_end_of_a_year_is_when():
    found = ru_facts("Компания «Кедр» сдаст второй корпус школы в конце 2028 года.")
    assert ("компания «Кедр»", "сдать второй корпус школы в", "конец 2028 года", "planned") in found, found


def test_a_numbered_quarter_of_a_year_is_when():
    found = ru_facts("Компания «Кедр» откроет склад в четвёртом квартале 2028 года.")
    assert ("компания «Кедр»", "открыть склад в", "четвертый квартал 2028 года", "planned") in found, found


def test_the_end_of_an_undated_period_is_no_date():
    found = ru_facts("Компания «Кедр» откроет склад в конце сезона.")
    assert not any(o.startswith("конец") for _, _, o, _ in found), found
