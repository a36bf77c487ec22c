"""English rules engine: a game's result after the team it was won against (tasks/dragon/triplets_rules_en_results.py).

Every sentence is written for this file (never copied from a bench set). Real spaCy parses.
"""
from __future__ import annotations

from tests.en_articles import article


def test_the_score_and_the_ground_belong_to_the_win_over_the_team():
    """ "beat the Harlow Hawks 27-20 in the derby at Fenwick Park": the score is no part of the team's name; it and
    the ground are facts of the win over that team."""
    found = article("The Keld Rovers beat the Harlow Hawks 27-20 in the derby at Fenwick Park on Monday.")
    assert ("Keld Rovers", "beat Harlow Hawks", "27-20", "asserted") in found
    assert ("Keld Rovers", "beat Harlow Hawks at", "Fenwick Park", "asserted") in found
    found = article("Keld beat Harlow 31-24 at Fenwick Park on Saturday to stay unbeaten.")
    assert ("Keld", "beat Harlow", "31-24", "asserted") in found
    assert ("Keld", "beat Harlow at", "Fenwick Park", "asserted") in found


def test_no_result_without_a_score_right_after_the_name():
    """A price or a count after a name is no score, and a time is no ground."""
    found = article("Harlow Mills bought Keld Foods for $4 million in 2024.")
    assert not any(r.startswith("buy Keld Foods") and o == "2024" for _, r, o, _ in found)
    assert not any(r == "buy Keld Foods" for _, r, _, _ in found)
