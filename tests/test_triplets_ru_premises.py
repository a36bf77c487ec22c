"""Russian rules engine: a fact's subject is the one its verb is about (issue 10, false premises). Two places of
one verb nest by their scale, not their order; a trade's role noun is no company named long before; a venue a
subjectless verb names is where it was done. Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_street_named_after_its_town_is_in_the_town():
    found = ru_facts("В Зеленоградске 5 марта на Приморской улице откроется новый рынок.")
    assert ("Приморская улица", "находиться в", "Зеленоградск", "asserted") in found, found
    assert not any(s == "Зеленоградск" and r.startswith("находиться") for s, r, _, _ in found), found


def test_a_town_named_after_its_region_is_in_the_region():
    found = ru_facts("В Тверской области в Кимрах построят новую школу.")
    assert not any(s == "Тверская область" and r.startswith("находиться") for s, r, _, _ in found), found


def test_a_port_named_before_its_city_is_still_in_the_city():
    found = ru_facts("Компания «Фортуна» испытала краны в «Северном порту» в Санкт-Петербурге.")
    assert ("Северный порт", "находиться в", "Санкт-Петербург", "asserted") in found, found


def test_a_carrier_named_by_its_role_is_no_company_named_two_sentences_before():
    found = ru_facts("Обслуживать новый теплоход будет компания «Волжский флот», которая уже работает на двух других "
                     "линиях. По словам министра, рейсы станут чаще. Доставка фуры по реке оплачивается из бюджета: "
                     "перевозчик вносит 12 тысяч рублей за рейс.")
    assert not any(s == "компания «Волжский флот»" and r == "вносить" for s, r, _, _ in found), found


def test_a_role_noun_right_after_its_company_is_that_company():
    found = ru_facts("Компания «Северный квартал» купила участок на окраине Твери. Застройщик построит на участке 300 квартир.")
    assert any(s == "компания «Северный квартал»" and r.startswith("построить") for s, r, _, _ in found), found


def test_a_hotel_where_a_subjectless_verb_put_people_up_is_no_actor():
    found = ru_facts("Участников турнира разместили в гостинице «Маяк» на берегу залива.")
    assert not any(s == "гостиница «Маяк»" for s, _, _, _ in found), found


def test_a_company_where_a_subjectless_verb_did_its_work_is_the_actor():
    found = ru_facts("В «Горводоканале» заменили 300 метров труб.")
    assert ("Горводоканал", "заменить", "300 метров труб", "asserted") in found, found


def test_a_role_noun_of_a_past_act_is_the_company_the_text_is_about():
    found = ru_facts("Жилой комплекс «Лесная гавань» возводит компания «Тверьстрой». Сдать первую очередь «Тверьстрой» "
                     "планирует в 2027 году. Участок под комплекс был куплен застройщиком на торгах за 300 млн рублей.")
    assert any(s == "компания «Тверьстрой»" and r.startswith("купить") for s, r, _, _ in found), found


def test_a_second_clause_s_subject_is_not_the_first_clause_s():
    # (natasha hangs «Полярный берег» on «Фонд» as its appositive: the top of that chain is the first verb's subject)
    found = ru_facts("1,2 млрд рублей компании предоставит Фонд развития Арктики в виде льготного займа, остальное "
                     "«Полярный берег» вложит из собственных средств.")
    assert not any(s == "Фонд развития Арктики" and r.startswith("вложить") for s, r, _, _ in found), found
    assert any(s.endswith("Полярный берег") and r.startswith("вложить") for s, r, _, _ in found), found
    assert any(s == "Фонд развития Арктики" and r.startswith("предоставить") for s, r, _, _ in found), found


def test_a_town_in_the_genitive_before_the_subject_is_no_second_subject():
    found = ru_facts("Занятия в двух школах Черняховска администрация округа отменила из-за метели.")
    assert not any(s == "Черняховск" for s, _, _, _ in found), found
    assert any(s == "администрация округа" and r.startswith("отменить") for s, r, _, _ in found), found

