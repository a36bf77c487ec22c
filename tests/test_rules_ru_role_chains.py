"""Russian rules triplets: a name the parser hangs on a thing down a role's chain of genitives is not given that
thing as its role; sentences invented here."""
from __future__ import annotations

from tests.test_questions_ru_grammar import triplets


def test_a_thing_down_a_roles_chain_of_genitives_is_no_persons_role():
    # the parser hangs «Олег Пак» on «цунами»: (Пак, цунами, институт) would make him a tsunami of the institute
    found = triplets("Институт океанологии запустил проект.",
                     "Руководит проектом заведующий лабораторией цунами института Олег Пак.")
    assert not any(t.subject == "Олег Пак" and t.relation == "цунами" for t in found), found


def test_a_role_noun_with_its_genitives_still_gives_the_role():
    found = {(t.subject, t.relation, t.object) for t in triplets("Директор завода «Северный кабель» Анна Лосева "
                                                                  "выступила на форуме.")}
    assert ("Анна Лосева", "директор", "завод «Северный кабель»") in found, found
