"""Scores, records and statistics in English sports copy (tasks/dragon/scores_en.py): never cut, never a verb's
object, never a relation's complement; a question states a score whole and after the side it was won against.
Every sentence is written for this file (never copied from a bench set). Real spaCy parses and real templates."""
from __future__ import annotations

from benchmill import nlp
from tasks.dragon.scores_en import score_end, score_part, statistic_complement
from tests.en_articles import article
from tests.test_questions_en_templates import conditional, fact


def _doc(sentence: str):
    return next(iter(nlp.parse_en([sentence])))


def test_both_numbers_of_a_score_are_part_of_it_and_a_run_is_read_to_its_end():
    doc = _doc("The Keld Rovers beat Harlow City 3-1 and improved to 14-6-2-1.")
    numbers = [t for t in doc if t.like_num]
    assert all(score_part(t) for t in numbers[:2])
    assert doc[score_end(numbers[2]) + 1].text == "."
    assert score_end(numbers[3]) is None  # a number inside the run starts none
    assert not any(score_part(t) for t in _doc("Harlow Foods sold Keld Mills 2 trucks.") if t.like_num)


def test_a_record_is_a_fact_only_whole():
    """ "improved to 14-6-2-1": the parser's entity stops at "14-6"; the record is the whole run."""
    found = article("The Keld Rovers beat the Harlow Hawks 4-2 on Friday and improved to 17-10-2-1.")
    assert ("Keld Rovers", "improve to", "17-10-2-1", "asserted") in found
    assert not any(o in ("17-10", "17") for *_, o, _ in found)
    found = article("The Keld Rovers beat the Harlow Hawks 4-2 on Friday and improved to 14-6-2-1.")
    assert not any(r == "improve to" and o != "14-6-2-1" for _, r, o, _ in found)  # whole or nothing
    found = article("Marsh Academy pulls away late and improves to 6-2.")
    assert ("Marsh Academy", "improve to", "6-2", "asserted") in found


def test_a_shooting_line_is_no_complement_of_the_verb():
    """ "held to six points on 2-of-11 shooting": "be held on" 2-of-11 shooting would ask "Who was held on
    2-of-11 shooting?", the verb's own complement lost to the statistic."""
    found = article("Keld guard Dana Pell was held to six points on 2-of-11 shooting.")
    assert ("Dana Pell", "be held to", "six points", "asserted") in found
    assert not any("shooting" in o for *_, o, _ in found)
    assert not any("shooting" in o for *_, o, _ in article("Tom Rusk scored 22 points on 9-of-12 shooting."))


def test_a_question_states_the_score_after_the_side():
    score = fact("Marsh Academy", "beat Harlow Tech", "77-58", "Marsh Academy beat Harlow Tech 77-58 on Friday.",
                 "org", None, n=1)
    host = fact("Marsh Academy", "host", "Keld College", "Marsh Academy will host Keld College on Tuesday.", "org",
                "org", modality="planned", n=2)
    questions = [i.question for i in conditional([score, host], "Marsh Academy").items]
    assert questions and all("Harlow Tech 77-58" in q for q in questions), questions


def test_a_statistic_as_complement_or_a_cut_record_asks_nothing():
    assert statistic_complement("be held on", "2-of-11 shooting", "on", ["Pell was held to six points on 2-of-11 shooting."])
    assert statistic_complement("improve to", "14-6", "to", ["Keld improved to 14-6-2-1."])
    assert statistic_complement("improve to", "14-6-2-1", "to", ["Keld improved to 14-6-2-1."]) is None
    assert statistic_complement("score", "22 points", None, ["Rusk scored 22 points on 9-of-12 shooting."]) is None
    held = fact("Dana Pell", "be held on", "2-of-11 shooting", "Dana Pell was held to six points on 2-of-11 shooting.",
                "person", None, n=3)
    plays = fact("Dana Pell", "play for", "Keld College", "Dana Pell plays for Keld College.", "person", "org", n=4)
    batch = conditional([held, plays], "Dana Pell")
    assert not batch.items and "shooting line" in batch.failures[0].reason, batch


def test_a_moment_of_the_game_is_no_thing_scored_and_a_tally_is_read_whole():
    """ "scored 41 seconds into the third period": no (X, score, 41 seconds) nor (X, score into, third period);
    "stopped 27 of 31 shots": the tally whole, never "27"."""
    found = article("Forward Ned Rusk scored 41 seconds into the third period.")
    assert not any(o in ("41 seconds", "third period") for *_, o, _ in found), found
    assert not any(o == "2:14" for *_, o, _ in article("Ned Rusk scored with 2:14 left to give Harlow a 3-2 lead."))
    found = article("Goaltender Ivo Brant stopped 27 of 31 shots.")
    assert ("Ivo Brant", "stop", "27 of 31 shots", "asserted") in found and not any(o == "27" for *_, o, _ in found)
    assert ("Ned Rusk", "play", "all 40 minutes", "asserted") in article("Ned Rusk played all 40 minutes.")
