"""Russian rules engine: a negation natasha hangs on the subject (tasks/dragon/rules_ru/negation.py), and a
fronted verb the NER reads into a name (extract._trim_capitalised_words). Sentences written for these tests,
real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_not_between_the_subject_and_its_auxiliary_negates_the_verb():
    # natasha: не advmod → строители; the fact read as a plan to close the avenue
    found = ru_facts("Перекрывать проспект Мира строители не будут.")
    assert ("строители", "перекрывать", "проспект Мира", "negated") in found, found
    assert not any(m == "planned" for _, _, _, m in found), found


def test_a_fronted_verb_is_no_part_of_the_name_after_it():
    found = ru_facts("Перекрывать проспект Мира строители не будут.")
    assert not any("Перекрыва" in o or "Перекрыва" in s for s, _, o, _ in found), found
