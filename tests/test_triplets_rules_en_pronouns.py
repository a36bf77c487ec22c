"""English rules engine: "he"/"she" after "and" (triplets_rules_en_pronouns.main_clause_person).

The pronoun of a clause conjoined to a main clause is that clause's subject only where the clause names no other
person and reports nobody's words: "Ann Lee fired Tom Ayre, and he sued her" leaves "he" to either, so the
second clause's fact gets no doer rather than a false one. Sentences invented for this file; real spaCy parses.
"""
from __future__ import annotations

from tests.en_articles import article as facts


def test_a_second_person_in_the_first_clause_leaves_he_unresolved():
    found = facts("Sarah Collins fired Mark Doyle on Monday, and he sued her in May.")
    assert ("Sarah Collins", "fire", "Mark Doyle", "asserted") in found
    assert not any(s == "Sarah Collins" and r.startswith("sue") for s, r, *_ in found), found


def test_a_reported_clause_leaves_she_unresolved():
    found = facts("Mark Doyle said Sarah Collins was fired, and she will leave in May.")
    assert not any(s == "Mark Doyle" and r.startswith("leave") for s, r, *_ in found), found


def test_a_first_clause_with_one_person_still_gives_her_the_fact():
    found = facts("Sarah Collins praised the club on Monday, and she will sign a new deal in May.")
    assert any(s == "Sarah Collins" and r.startswith("sign") for s, r, *_ in found), found


def test_a_clause_after_its_main_clause_keeps_the_subject_despite_a_second_person():
    found = facts("Sarah Collins was sentenced by Judge Mark Doyle after she admitted theft.")
    assert any(s == "Sarah Collins" and r.startswith("admit") for s, r, *_ in found), found
