"""Russian rules engine: a match's score («со счётом 3:1») is a fact, with the side beaten in its relation
(tasks/dragon/rules_ru/ranks.py ``score_phrase``, ``opponent_words``). Sentences written for these tests,
real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_score_keeps_whom_it_was_against():
    found = ru_facts("Тверская «Ласточка» в субботу обыграла «Ладогу» со счётом 4:1.")
    assert ("Ласточка", "обыграть «Ладогу» со счётом", "4:1", "asserted") in found, found
    found = ru_facts("В полуфинале Игорь Зуев победил Петра Смолина со счётом 3:2.")
    assert any(r == "победить Петра Смолина со счётом" and o == "3:2" for _, r, o, _ in found), found


def test_a_loss_with_no_one_named_keeps_its_score():
    found = ru_facts("«Ротор» проиграл со счётом 1:2 и опустился на девятое место.")
    assert ("Ротор", "проиграть со счётом", "1:2", "asserted") in found, found


def test_no_score_without_a_colon_or_with_an_unnamed_side():
    found = ru_facts("Команда выиграла со счётом 3:0.")
    assert not any("счётом" in r for _, r, _, _ in found), found
    found = ru_facts("«Ротор» открыл счёт на 4-й минуте.")
    assert not any("со счётом" in r for _, r, _, _ in found), found
