"""Russian rules engine: facts given to the wrong subject and recipients glued to the thing given
(issue 10, site17/site18 ru judges: «ложная посылка»). A subordinate clause's subject is not the main
verb's; a «ведомство» is the body its own sentence names, and never a court; a name after the thing
given that may be its recipient is no part of it. Sentences written for these tests, real natasha."""
from __future__ import annotations

import pytest

from tests.test_triplets_ru_news import ru_facts


# --------------------------------------------------------------------------- a subordinate clause's subject

def test_the_subject_inside_an_if_clause_is_not_the_main_verbs():
    found = ru_facts("Авиакомпания «Ютэйр» получит в 2027 году пять вертолётов. "
                     "Если производитель, Казанский вертолётный завод, сорвёт сроки поставки, «Ютэйр» может продлить "
                     "аренду двух вертолётов у компании «Газпром авиа» до конца 2028 года.")
    assert not any(f[0] == "Казанский вертолётный завод" and "продлить" in f[1] for f in found), found
    # (nor does the bare «производитель», named by its appositive, read back to the airline)
    assert not any("Ютэйр" in f[0] and "сорвать" in f[1] for f in found), found
    assert any("Ютэйр" in f[0] and "продлить аренду у" in f[1] for f in found), found
    assert ("Казанский вертолётный завод", "сорвать", "сроки поставки", "conditional") in found, found


def test_a_subject_of_the_main_verb_before_an_if_clause_stays():
    found = ru_facts("Компания «Зауралье Транс», если поставщик задержит отгрузку, арендует три вагона до весны.")
    assert any("Зауралье Транс" in f[0] and "арендовать" in f[1] for f in found), found


def test_the_subject_inside_a_when_clause_is_not_the_main_verbs():
    found = ru_facts("Когда поставщик, завод «Кристалл», задержал поставку, сеть «Магнит» закупила товар в Казани.")
    assert not any(f[0] == "завод «Кристалл»" and "закупить" in f[1] for f in found), found
    assert ("сеть «Магнит»", "закупить товар в", "Казань", "asserted") in found, found


# --------------------------------------------------------------------------- «ведомство»

def test_an_agency_is_the_ministry_its_own_sentence_names_not_the_court_before():
    found = ru_facts("Ленинский районный суд приговорил бывшего директора ООО «Полярторг» Ивана Саввина к трём годам "
                     "колонии. После приговора, сообщили в министерстве строительства, ведомство перестало закупать "
                     "модульные дома у одного подрядчика.")
    assert not any(f[0] == "Ленинский районный суд" and "закупать" in f[1] for f in found), found
    assert any(f[0] == "министерство строительства" and "закупать" in f[1] for f in found), found


def test_a_court_is_no_agency_but_an_agency_named_before_is():
    court, agency = (ru_facts(f"{first} Ведомство направит {what}.") for first, what in (
        ("Арбитражный суд Пермского края взыскал с подрядчика 12 млн рублей.", "жалобу в прокуратуру"),
        ("Управление Росприроднадзора оштрафовало комбинат на 2 млн рублей.", "3 млн рублей на очистку реки")))
    assert not any(f[0] == "Арбитражный суд Пермского края" and "направить" in f[1] for f in court), court
    # (with no other body in its sentence, the agency named before still acts)
    assert any(f[0] == "Управление Росприроднадзора" and "направить" in f[1] for f in agency), agency


# --------------------------------------------------------------------------- a recipient glued to the thing given

def test_a_name_after_the_thing_given_that_may_be_its_recipient_is_no_part_of_it():
    found = ru_facts("Лизинговая компания «Регион-Лизинг» передаст буксиры «Северной судоходной линии» в лизинг на 10 лет.")
    assert not any("линии" in f[2] for f in found), found
    assert ("компания «Регион-Лизинг»", "передать в лизинг", "буксиры", "planned") in found, found


@pytest.mark.parametrize("sentence, verb, name", [
    ("Банк «Заречье» продаст акции «Аэрофлота» до конца года.", "продать", "Аэрофлот"),
    # (a dative elsewhere in the clause is whom it goes to: the name is whose the thing is; review of 39ead93)
    ("ГТЛК передаст танкеры «Каспийской линии» в управление «Росатому».", "передать", "Каспийской линии"),
    ("Фонд передаст буксиры «Северной линии» в пользование городу.", "передать", "Северной линии"),
], ids=["only-genitive", "named-dative-elsewhere", "dative-elsewhere"])
def test_a_name_that_can_only_be_a_genitive_stays_with_the_thing(sentence, verb, name):
    found = ru_facts(sentence)
    assert any(f[1] == verb and name in f[2] for f in found), found
