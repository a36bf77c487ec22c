"""Russian rules engine: a direct object that another complement's relation carries cut short is a fact
by itself too (tasks/dragon/rules_ru/arguments.py ``folded_object``). Sentences written for these tests,
real natasha."""
from __future__ import annotations

import pytest

from tests.test_triplets_ru_news import ru_facts


def test_an_object_cut_short_in_the_relation_is_its_own_fact():
    found = ru_facts("Компания «Вега» построит на берегу озера цех по переработке рыбы.")
    assert ("компания «Вега»", "построить", "цех по переработке рыбы", "planned") in found, found
    assert any(r.startswith("построить цех") and o == "берег озера" for _, r, o, _ in found), found


def test_an_object_with_a_clause_of_its_own_counts_its_own_words():
    found = ru_facts("Часть домов второй очереди компания «Вега» переведёт в арендное жильё, которое "
                     "будет сдавать семьям врачей.")
    assert any(r == "перевести" and o.startswith("часть домов второй очереди") for _, r, o, _ in found), found


@pytest.mark.parametrize("sentence, verb", [("Сбербанк открыл офис в Казани.", "открыть"),
                                            ("Компания «Вега» перевезла старые станки в Казань.", "перевезти")])
def test_a_bare_or_whole_object_gives_no_second_fact(sentence, verb):
    found = ru_facts(sentence)
    assert not any(r == verb for _, r, _, _ in found), found


@pytest.mark.parametrize("sentence, verb, whole", [
    ("Правительство продаст акции компании «Аэрофлот» на бирже.", "продать", "акции компании «Аэрофлот»"),
    # (whom is named further on: the company's name is whose the shares are)
    ("Якутия передаст акции компании «Сахаэнерго» в управление «Росатому».", "передать",
     "акции компании «Сахаэнерго»"),
    ("Область передаст акции компании «Росток» в доверительное управление.", "передать", "акции компании «Росток»"),
], ids=["on-exchange", "recipient-named", "into-trust"])
def test_a_folded_object_cut_to_a_possible_recipient_gives_no_bare_second_fact(sentence, verb, whole):
    """(review of 39ead93) The fold adds the whole object; cut back to its bare noun (the name after it may be
    whom it goes to) it said «продать | акции» beside the whole one."""
    found = ru_facts(sentence)
    objects = [o for _, r, o, _ in found if r == verb]
    assert objects == [whole], found
