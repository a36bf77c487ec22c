"""Russian rules engine: a match's score («со счётом 3:1») is a fact, with the side beaten in its relation
(tasks/dragon/rules_ru/ranks.py ``score_phrase``, ``opponent_words``). Sentences written for these tests,
real natasha."""
from __future__ import annotations

import pytest

from tests.test_triplets_ru_news import ru_facts


@pytest.mark.parametrize("sentence, subject, relation, score", [
    ("Тверская «Ласточка» в субботу обыграла «Ладогу» со счётом 4:1.", "Ласточка", "обыграть «Ладогу» со счётом", "4:1"),
    ("В полуфинале Игорь Зуев победил Петра Смолина со счётом 3:2.", None, "победить Петра Смолина со счётом", "3:2"),
    ("«Ротор» проиграл со счётом 1:2 и опустился на девятое место.", "Ротор", "проиграть со счётом", "1:2"),
    # a side given with a preposition keeps it, as the direct object is kept (review of 39ead93)
    ('"Зенит" сыграл вничью со "Спартаком" со счётом 2:2.', "Зенит", "сыграть со «Спартаком» со счётом", "2:2"),
    ("В финале Олег Ким сыграл вничью с Павлом Орловым со счётом 1:1.", "Олег Ким",
     "сыграть с Павлом Орловым со счётом", "1:1"),
], ids=["beaten-team", "beaten-person", "no-one-named", "with-team", "with-person"])
def test_a_score_keeps_whom_it_was_against(sentence, subject, relation, score):
    found = ru_facts(sentence)
    assert any(s == (subject or s) and r == relation and o == score for s, r, o, _ in found), found


@pytest.mark.parametrize("sentence", ["Команда выиграла со счётом 3:0.", "«Ротор» открыл счёт на 4-й минуте."])
def test_no_score_without_a_colon_or_with_an_unnamed_side(sentence):
    assert not any("со счётом" in r for _, r, _, _ in ru_facts(sentence))
