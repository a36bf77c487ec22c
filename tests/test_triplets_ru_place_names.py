"""Russian rules engine: a place named by its class noun and an appositive name, a route named by its two ends,
a role's genitive that belongs to a second (former) role, a body described by its place adjective (issue 10,
site20 ru judges: «бухта Китовой», «линии Ванино», «Нынешним директором каких организаций ...», «сахалинская
команда»). Sentences written for these tests, real natasha."""
from __future__ import annotations

import pytest

from tests.test_triplets_ru_news import ru_facts


def test_an_adjective_name_after_its_class_noun_is_put_in_the_nominative_with_it():
    found = ru_facts("Рыболовецкая компания «Северный улов» построит в бухте Песчаной новый причал.")
    assert any(o == "бухта Песчаная" for _, _, o, _ in found), found
    assert not any("Песчаной" in o for _, _, o, _ in found), found
    found = ru_facts("Застройщик «Город-Строй» построит дом на улице Кировоградской.")
    assert any(o == "улица Кировоградская" for _, _, o, _ in found), found


def test_an_appositive_name_said_alone_keeps_its_class_noun_when_it_is_an_adjective():
    found = ru_facts("Новую школу построят в посёлке Ясном к 2028 году.")
    assert any(o == "поселок Ясный" for _, _, o, _ in found), found
    found = ru_facts("Новую школу построят в посёлке Ясном.")
    assert any(o == "поселок Ясный" for _, _, o, _ in found), found


def test_a_persons_genitive_after_a_street_is_no_appositive():
    found = ru_facts("Мэрия откроет бассейн на улице Гоголя в мае.")
    assert not any(o == "улица Гоголь" for _, _, o, _ in found), found
    # the street stays in the genitive inside the object it locates
    assert ("мэрия", "открыть", "бассейн на улице Гоголя", "planned") in found, found


@pytest.mark.xfail(strict=True, reason="review88: «на улице Гоголя» still gives (открыть бассейн на | Гоголь) and "
                   "(открыть бассейн на улице в | май): the person is read as where, the street cut from the relation")
def test_a_persons_genitive_after_a_street_is_no_place_of_its_own():
    found = ru_facts("Мэрия откроет бассейн на улице Гоголя в мае.")
    assert not any(o == "Гоголь" or r.endswith((" на", "улице в")) for _, r, o, _ in found), found


def test_a_route_keeps_both_of_its_ends_inside_a_longer_phrase():
    found = ru_facts("Паромная компания «Балтийский путь» получила новый паром для линии Усть-Луга — Балтийск.")
    assert ("компания «Балтийский путь»", "получить", "новый паром для линии Усть-Луга — Балтийск", "asserted") in found, found


def test_a_genitive_after_a_second_role_is_that_roles_not_the_first():
    found = ru_facts("Сокращать сотрудников новый собственник не планирует, а нынешний директор «Восточной верфи» Андрей "
                     "Лунин, бывший главный технолог Ногликского нефтегазодобывающего управления, сохранит свой пост.")
    assert not any(r == "директор" and o.startswith("Ногликское") for _, r, o, _ in found), found
    assert ("Андрей Лунин", "бывший главный технолог", "Ногликское нефтегазодобывающее управление", "asserted") in found, found


def test_a_genitive_before_a_role_noun_is_not_its_own():
    # the parser hangs the terminal on «начальника»: a genitive follows its head, so it is not the former post's
    found = ru_facts("Нынешний директор «Северного терминала» Олег Панов, бывший заместитель начальника Кольского "
                     "морского порта, рассказал о планах.")
    assert not any(r.startswith("бывший") and o == "Северный терминал" for _, r, o, _ in found), found


def test_a_body_described_by_its_place_adjective_is_the_one_name_with_that_stem():
    found = ru_facts("Волейболистки «Уральской метели» обыграли «Северную звезду» со счётом 3:1.",
                     "Главный тренер уральской команды Ольга Фомина похвалила подопечных.")
    assert ("Ольга Фомина", "главный тренер", "Уральская метель", "asserted") in found, found


def test_a_place_adjective_with_two_names_of_its_stem_describes_neither():
    found = ru_facts("«Уральская метель» обыграла «Уральскую звезду» со счётом 3:1.",
                     "Главный тренер уральской команды Ольга Фомина похвалила подопечных.")
    assert not any(s == "Ольга Фомина" and o.startswith("Уральская") for s, _, o, _ in found), found


def test_plural_bodies_or_a_body_of_another_kind_are_not_the_name_with_that_stem():
    found = ru_facts("Приморское управление Росрыболовства подвело итоги года.",
                     "Около 60% улова приморские компании продали в Китай.",
                     "Приморская компания отправила в Японию 20 тысяч тонн рыбы.")
    assert not any(s.startswith("Приморское управление") and r.startswith(("продать", "отправить"))
                   for s, r, _, _ in found), found


def test_a_body_named_by_a_place_noun_or_of_another_kind_is_not_the_company_its_adjective_describes():
    # (review88) the stem «примор» is in «Приморье», a place noun, not an adjective; and a bank is no «компания»
    found = ru_facts("Банк «Приморье» выдал кредит заводу «Звезда».", "Приморская компания потратит кредит на новый док.")
    assert not any(s == "банк «Приморье»" and r == "потратить" for s, r, _, _ in found), found
    found = ru_facts("Агентство «Приморская звезда» провело конкурс.", "Приморская компания потратит кредит на новый док.")
    assert not any(s.startswith("агентство") and r == "потратить" for s, r, _, _ in found), found


def test_a_club_named_by_its_place_adjective_is_the_team_the_adjective_describes():
    found = ru_facts("Хоккейный клуб «Уральская вьюга» обыграл «Северную звезду» со счётом 4:2.",
                     "Главный тренер уральской команды Олег Сорокин похвалил подопечных.")
    assert any(s == "Олег Сорокин" and r == "главный тренер" and "Уральская вьюга" in o for s, r, o, _ in found), found
