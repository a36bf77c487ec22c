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


def test_an_infinitive_of_a_win_with_its_score_or_margin_is_the_result_not_a_purpose():
    """ "scored twice in the second half to beat Keld Rovers 3-1", "held off a late charge to win by three points":
    the win is the team's fact, with its score and ground; an infinitive with no score or margin stays a purpose."""
    found = article("Harlow City scored twice in the second half to beat Keld Rovers 3-1 on Tuesday at Fenwick Park.")
    assert ("Harlow City", "beat", "Keld Rovers", "asserted") in found
    assert ("Harlow City", "beat Keld Rovers", "3-1", "asserted") in found
    assert ("Harlow City", "beat Keld Rovers at", "Fenwick Park", "asserted") in found
    found = article("The Palmerston Hawks held off a late Keld charge to win by three points at Marsh Arena on Sunday.")
    assert ("Palmerston Hawks", "win by", "three points", "asserted") in found
    assert ("Palmerston Hawks", "win at", "Marsh Arena", "asserted") in found
    assert not any("win" in r for _, r, *_ in article("Keld Foods cut its prices to win new customers in Harlow."))
    assert not any("clear" in r for _, r, *_ in article("Orlan Media hired 40 extra surveyors to clear a backlog."))


def test_an_infinitive_of_a_win_after_a_wish_a_try_or_another_doer_is_no_result():
    """ "need to beat X by three goals", "will try to beat X", "threatened to beat X 5-0": no game was won;
    "needed Dunmore United to beat X 2-0": the win would be Dunmore's, and only a wish."""
    found = article("Keld Rovers need to beat Harlow Town by three goals on Saturday to stay up.")
    assert not any(r.startswith("beat") for _, r, *_ in found)
    found = article("Keld Rovers threatened to beat Harlow Town 5-0 at Fenwick Park.")
    assert not any(r.startswith("beat") for _, r, *_ in found)
    found = article("Keld Rovers needed Dunmore United to beat Harlow Town 2-0 on the final day.")
    assert not any("beat" in r or o == "2-0" for _, r, o, _ in found)
    found = article("Keld Rovers will try to beat Harlow Town by three goals on Saturday.")
    assert ("Keld Rovers", "try to beat", "Harlow Town", "planned") in found
    assert not any(r.startswith("beat") for _, r, *_ in found)


def test_a_game_against_a_named_side_without_a_score_keeps_its_ground_and_margin():
    """ "beat Keld by 12 points at Marsh Stadium", "will face Dunmore ... at Marsh Stadium": the ground and the margin
    are facts of the game against that side; other verbs' named objects give no such fact."""
    found = article("Harlow beat Keld by 12 points at Marsh Stadium on Saturday.")
    assert ("Harlow", "beat Keld by", "12 points", "asserted") in found
    assert ("Harlow", "beat Keld at", "Marsh Stadium", "asserted") in found
    found = article("Keld, now 12-1, will face Dunmore in the regional final on Friday at Marsh Stadium in Harlow.")
    assert ("Keld", "face Dunmore at", "Marsh Stadium", "planned") in found
    assert not any(r.startswith("found Orlan") for _, r, *_ in article("Tidewave founded Orlan Robotics in Rotterdam."))


def test_the_side_beaten_is_named_without_the_score_glued_to_it():
    """ "rallied to beat the Harlow Hawks 27-20": the tagger glues the score to the name; the side is the name alone."""
    found = article("The Keld Rovers rallied to beat the Harlow Hawks 27-20 at Fenwick Park.")
    assert ("Keld Rovers", "beat", "Harlow Hawks", "asserted") in found
    assert not any(o.startswith("Harlow Hawks 2") for *_, o, _ in found)


def test_a_score_of_goals_and_points_is_read_whole_and_never_cut_to_its_first_tally():
    """ "beat Harlow Gaels 1-15 to 0-14": "1-15" alone is no score of the game; the side is named without it."""
    found = article("Keld Rovers came from three points down to beat Harlow Gaels 1-15 to 0-14 at Marsh Park.")
    assert ("Keld Rovers", "beat", "Harlow Gaels", "asserted") in found
    assert not any(o.startswith("1-15") for *_, o, _ in found)


def test_only_a_game_verb_names_its_side_without_the_score():
    """ "outshot Keld 14-6" counts shots: its object is left as the tagger gave it (no "What is the outshoot of ...?")."""
    found = article("Keld outshot Harlow 14-6 in the first period.")
    assert not any(r == "outshoot" and o == "Harlow" for _, r, o, _ in found)


def test_a_win_after_an_aside_in_a_conjoined_clause_keeps_its_score_and_ground():
    """ "trailed at half-time and, as their coach admitted, rallied to beat X 3-2 at Y": the aside names no doer of
    "rallied", and the win infinitive after it is the result, with its score and ground."""
    found = article("Dunmore United trailed at the break and, as their manager admitted, rallied to beat Keld Town 3-2 "
                    "at Marsh Park.")
    assert ("Dunmore United", "beat", "Keld Town", "asserted") in found
    assert ("Dunmore United", "beat Keld Town", "3-2", "asserted") in found
    assert ("Dunmore United", "beat Keld Town at", "Marsh Park", "asserted") in found


def test_play_visit_and_meet_give_a_ground_only_for_a_side():
    """ "will play Wembley Stadium in London", "will visit Lisbon in Portugal": a venue or a place is no side, and
    the place after it no ground; "will play Dunmore United at Marsh Park" is a game."""
    found = article("The Velvet Foxes will play Carrow Stadium in Norwich next spring.")
    assert not any(r.startswith("play Carrow Stadium ") for _, r, *_ in found)
    found = article("The Dalai Lama will visit Porto in Portugal in October.")
    assert not any(r.startswith("visit Porto ") for _, r, *_ in found)
    found = article("Keld Rovers will play Dunmore United at Marsh Park on Saturday.")
    assert ("Keld Rovers", "play Dunmore United at", "Marsh Park", "planned") in found


def test_a_side_and_its_score_parsed_apart_still_give_the_win_its_score_and_ground():
    """ "beat Chester 2-0": the parser makes a one-word side before a score an adverbial and the score's last number
    the object; "beat Harlow City 3-1": it makes "1" a second object beside the side. Either way the side is what was
    beaten, and the score and the ground are facts of that win."""
    for sentence, facts in (
        ("Harlow Town beat Chester 2-0 on Saturday.",
         {("Harlow Town", "beat", "Chester"), ("Harlow Town", "beat Chester", "2-0")}),
        ("Harlow Town beat Carlisle 3-1 at Brunton Park to climb into the play-off places.",
         {("Harlow Town", "beat Carlisle", "3-1"), ("Harlow Town", "beat Carlisle at", "Brunton Park")}),
        ("Keld Rovers beat Harlow City 3-1 at Fenwick Park.",
         {("Keld Rovers", "beat", "Harlow City"), ("Keld Rovers", "beat Harlow City", "3-1"),
          ("Keld Rovers", "beat Harlow City at", "Fenwick Park")}),
    ):
        found = {(s, r, o) for s, r, o, _ in article(sentence)}
        assert facts <= found, sentence
        assert not any(o in ("0", "1", "2-0 on Saturday") for *_, o in found), sentence
    assert not any(r.startswith("sell Keld Mills") and o == "2" for _, r, o, _ in article("Harlow Foods sold Keld Mills 2 trucks."))
