"""English rules engine: what a noun phrase or a pronoun names (tasks/dragon/triplets_rules_en_phrases.py).

Every sentence is written for this file (never copied from a bench set). Real spaCy parses.
"""
from __future__ import annotations

from tests.en_articles import article


def test_we_said_by_a_role_is_the_side_it_is_held_at_never_the_role_noun():
    """ "“We kept the ball,” said the Rovers' head coach, Petra Lund": "we" is the Rovers (the possessive), not
    "head coach"; with no owner written ("said the head coach, X") nothing is guessed."""
    found = article("Keld Rovers won 2-1 on Sunday.",
                    "“We kept the ball and waited for our chance,” said the Rovers' head coach, Petra Lund.")
    assert ("Rovers", "keep", "ball", "asserted") in found
    assert not any(s == "head coach" for s, *_ in found)
    found = article("Keld Rovers won 2-1 on Sunday.", "“We kept the ball,” said the head coach, Petra Lund.")
    assert not any(s == "head coach" for s, *_ in found)
