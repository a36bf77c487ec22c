"""English question words for a kind the graph knows (session 32, the judges' notes on site13, site19 and site20: "What
scored four unanswered goals ...?", "Who beat ... and will host ...?" for a team): a node that won, lost or hosts a
game of the batch is asked "Which team" wherever its word was only the tagger's guess ("who", "what", "which
organization", "which place"), in simple and in two-fact questions; a person's "who" and a word the name gives
("which club") stay. Sentences written for these tests; real spaCy parses and real templates."""
from __future__ import annotations

from schemas import Subgraph
from tasks.dragon.questions import generate_questions
from tests.test_questions_en_grammar import RULES, fact

_BEAT = "Ardmore beat Kelby 3-1 on Saturday."
_HOST = "Ardmore will host Dunmore Vale next Friday."


def _simple(edges, answer: str):
    """The question of the simple subgraph over ``edges[0]`` answered by ``answer``, asked in one batch with the
    other edges (each a subgraph of its own), as the sampler hands a day's subgraphs over."""
    subs = [Subgraph(subgraph_id=f"s{i}", type="simple", lang="en", edges=[e],
                     answer_nodes=[f"n:{answer}" if i == 0 else e.tail],
                     question_nodes=[n for n in (e.head, e.tail) if n != (f"n:{answer}" if i == 0 else e.tail)])
            for i, e in enumerate(edges)]
    batch = generate_questions(subs, RULES)
    return next((item.question for item in batch.items if (item.subgraph or {}).get("subgraph_id") == "s0"), None)


def test_a_side_that_hosts_or_beat_a_team_is_asked_which_team():
    joined = fact("Ana Rau", "join", "Dunmore Vale", "Ana Rau joined Dunmore Vale.", "person", "other", n=3)
    assert _simple([joined], "Dunmore Vale") == "What did Ana Rau join?"  # no game in the batch: the tagger's word
    beat = fact("Ardmore", "beat", "Kelby", _BEAT, "place", "place", n=1)
    host = fact("Ardmore", "host", "Dunmore Vale", _HOST, "place", "place", "planned", n=2)
    assert _simple([joined, beat, host], "Dunmore Vale") == "Which team did Ana Rau join?"
    lost = fact("Dunmore Vale", "beat", "Kelby", "Dunmore Vale beat Kelby 2-0.", "other", "place", n=4)
    assert _simple([joined, lost], "Dunmore Vale") == "Which team did Ana Rau join?"
    # an opponent keeps "who": the side that beat it says the game
    assert _simple([beat], "Kelby") == "Who did Ardmore beat?"


def test_a_town_named_like_a_side_is_no_team_off_the_pitch():
    """Review 88: "Ardmore beat Kelby" made every "Kelby" of the batch a team, so a storm "flooded" a team. A
    place-typed node is a side only on a game's own edge."""
    beat = fact("Tarnby", "beat", "Holme", "Tarnby beat Holme 2-0 on Friday.", "place", "place", n=1)
    storm = fact("Storm Irla", "flood", "Holme", "Storm Irla flooded Holme on Monday.", "other", "place",
                 n=6)
    assert _simple([storm, beat], "Holme") not in ("Which team did Storm Irla flood?", None)
    assert _simple([beat, storm], "Tarnby") == "Which team beat Holme?"  # the game's own edge says the side
    host = fact("Tarnby", "host", "Holme", "Tarnby will host Holme next week.", "place", "place", "planned", n=7)
    assert _simple([host, beat], "Holme") == "Who will Tarnby host?"  # an opponent keeps "who"


def test_a_team_as_a_subject_is_asked_which_team():
    beat = fact("Ardmore", "beat", "Kelby", _BEAT, "org", "org", n=1)
    assert _simple([beat], "Ardmore") == "Which team beat Kelby?"


def test_a_person_who_beat_another_keeps_who():
    """Singles: one player beats another; the tagger's person keeps "who"."""
    beat = fact("Ana Rau", "beat", "Mia Holt", "Ana Rau beat Mia Holt 6-2, 6-3 in the final.", "person", "person")
    assert _simple([beat], "Mia Holt") == "Who did Ana Rau beat?"


def test_a_two_fact_question_about_a_team_asks_which_team():
    beat = fact("Ardmore", "beat", "Kelby", _BEAT, "place", "place", n=1)
    host = fact("Ardmore", "host", "Dunmore Vale", _HOST, "place", "place", "planned", n=2)
    sub = Subgraph(subgraph_id="c", type="conditional", lang="en", edges=[beat, host], answer_nodes=["n:Ardmore"],
                   question_nodes=["n:Kelby", "n:Dunmore Vale"])
    batch = generate_questions([sub], RULES)
    assert [i.question for i in batch.items] == ["Which team beat Kelby and will host Dunmore Vale?"], batch


_LANES = "Coastal Roads NSW will close both lanes of the Pacific Way at Tathra from 8pm for resurfacing."
_DETOUR = "Coastal Roads NSW will send traffic through Bega during the work."


def test_a_sector_body_named_for_its_state_is_asked_as_an_organization():
    """ "What will close both westbound lanes ... and will send westbound traffic through Toodyay?" -> Main Roads WA,
    a body the tagger left untyped; "Which place issued a snowfall warning ...?" -> Environment Canada, typed a place
    by its last word: a sector noun before a country or state names a body."""
    lanes = fact("Coastal Roads NSW", "close both lanes of", "the Pacific Way", _LANES, "other", "place", "planned", n=1)
    detour = fact("Coastal Roads NSW", "send traffic through", "Bega", _DETOUR, "other", "place", "planned", n=2)
    sub = Subgraph(subgraph_id="c", type="conditional", lang="en", edges=[lanes, detour],
                   answer_nodes=["n:Coastal Roads NSW"], question_nodes=["n:the Pacific Way", "n:Bega"])
    batch = generate_questions([sub], RULES)
    assert [i.question for i in batch.items] == [
        "Which organization will close both lanes of the Pacific Way and send traffic through Bega?"], batch
    fined = fact("Environment Ireland", "fine", "Kerrow Quarries", "Environment Ireland fined Kerrow Quarries in May.",
                 "place", "org", n=3)
    assert _simple([fined], "Environment Ireland") == "Which organization fined Kerrow Quarries?"


def test_a_region_named_by_its_direction_stays_a_place():
    from tasks.dragon.questions_en_kinds import public_body

    assert not public_body("Western Australia") and not public_body("Great Britain") and not public_body("Tasmania")
    assert public_body("Transport for Wales") and public_body("Health New Zealand") and public_body("Main Roads WA")
