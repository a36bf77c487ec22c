"""Russian rules triplets, session 31 (judges of site19): a predicative of readiness, ability or right makes its
infinitive a possibility, never a done fact; a plural verb with no subject acts on the singular noun natasha took
for its subject; a relation never carries an object's prepositional phrase cut from the genitive it needs. Sentences written
for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_ready_able_and_entitled_make_a_possibility_not_a_fact():
    found = ru_facts("Тренер уверен, что Мария Котова готова бороться за призы чемпионата.")
    assert any(f[0] == "Мария Котова" and f[1] == "бороться за" and f[3] == "possible" for f in found), found
    assert not any(f[1] == "бороться за" and f[3] == "asserted" for f in found), found
    found = ru_facts("Фабрика «Ситец» способна выпустить миллион метров ткани.")
    assert any(f[1] == "выпустить" and f[3] == "possible" for f in found), found
    found = ru_facts("Подрядчик «Гранит» вправе расторгнуть контракт с мэрией.")
    assert any(f[1].startswith("расторгнуть") and f[3] == "possible" for f in found), found


def test_forced_to_is_no_verb_of_its_own():
    found = ru_facts("Пекарня «Колос» вынуждена сократить выпуск хлеба.")
    assert not any(f[1].startswith("вынудить") for f in found), found
    assert any(f[1] == "сократить" and f[3] == "planned" for f in found), found


def test_a_plural_verb_with_no_subject_acts_on_one_thing():
    found = ru_facts("В 2025 году в Твери сдали лишь один многоквартирный дом.")
    assert any(f[0] == "один многоквартирный дом" and f[1] == "сдан в" for f in found), found
    assert not any(f[1] == "сдать в" for f in found), found


def test_a_subject_with_its_company_stays_a_subject():
    found = ru_facts("Директор с коллегами подготовили доклад.")
    assert not any(f[0] == "доклад" or "подготовлен" in f[1] for f in found), found


def test_a_prepositional_phrase_is_not_cut_from_its_genitive_in_the_relation():
    found = ru_facts("Соглашение о строительстве моста компания «Вектор» подписала с администрацией Кирова.")
    assert any(f[1] == "подписать соглашение с" for f in found), found
    assert not any(f[1] == "подписать соглашение о строительстве с" for f in found), found
    # (the whole object is a fact of its own)
    assert any(f[1] == "подписать" and f[2] == "соглашение о строительстве моста" for f in found), found
    found = ru_facts("Завод «Полимер» в мае запустил в Самаре линию по выпуску труб.")
    assert not any(f[1].startswith("запустить линию по выпуску ") for f in found), found
    assert any(f[1] == "запустить" and f[2] == "линия по выпуску труб" for f in found), found


def test_a_genitive_modifier_without_a_preposition_is_still_carried():
    found = ru_facts("Компания «Вега» сократит закупки свёклы на 10%.")
    assert any(f[1].startswith("сократить закупки свёклы") or f[1].startswith("сократить закупки свеклы")
               for f in found), found


def test_a_past_forced_to_is_a_done_deed_and_a_present_or_future_one_a_plan():
    # (review h-review78 f3) «был вынужден продать»: the selling happened; 'planned' would state a false future
    found = ru_facts("Олег Сизов был вынужден покинуть пост мэра в марте.")
    assert not any(f[3] == "planned" for f in found), found
    assert any(f[0] == "Олег Сизов" and f[1].startswith("покинуть") and f[3] == "asserted" for f in found), found
    found = ru_facts("Рыбаки были вынуждены вернуться в порт.")
    assert any(f[1].startswith("вернуться") and f[3] == "asserted" for f in found), found
    found = ru_facts("Олег Сизов будет вынужден покинуть пост мэра.")
    assert any(f[1].startswith("покинуть") and f[3] == "planned" for f in found), found
