""""organization" only with positive evidence of a body (questions_en_bodies): each evidence source, the
place evidence that conflicts with the article's, and the refusal where nothing says what the thing is.
Sentences written for the classes of cases, not taken from any bench page."""
from __future__ import annotations

import pytest

from benchmill.engines import EngineConfig
from schemas import Subgraph
from tasks.dragon.questions import generate_questions
from tasks.dragon.questions_en_bodies import body_evidence, name_says_body, text_says_body, text_says_place
from tests.test_questions_en_context import ask, fact, question


# --- 1. the name's own head or suffix --------------------------------------------------------------

@pytest.mark.parametrize("label, expected", [
    ("Pellam Freight Ltd", True),
    ("Tarnside Analytics", True),  # a corporate head
    ("Harrowby Holdings", True),
    ("Ashby Rovers", True),  # a club's suffix
    ("the KDX", True),  # an initialism names a body ("the NZX")
    ("Brenton", False),  # one bare word: a town, a team or a firm
    ("the Marsh Otters", False),
    ("Fenwick Boulevard", False),  # a road
    ("the Northern Premier League", False),  # a competition, not a body
])
def test_a_name_says_it_is_a_body_by_its_own_head(label, expected):
    assert name_says_body(label) is expected


# --- 2. the article: class nouns, verbs only bodies do, posts and shares, games ---------------------

@pytest.mark.parametrize("label, sentence", [
    ("Corvell", "Redvale Group bought Corvell, a Leeds software start-up, for £4 million."),  # an apposition
    ("Corvell", "The deal was backed by Corvell, the Leeds software company, after a long review."),
    ("Corvell", "The Leeds firm Corvell won the contract."),  # a class noun before the name
    ("Quenby", "Quenby employs 40 people at its two sites."),  # a verb only a body does
    ("Quenby", "Quenby, which employs 40 people, will move next year."),
    ("Quenby", "Quenby said in a statement that the plan was final."),
    ("Quenby", "Quenby's chief executive, Ada Morrow, welcomed the ruling."),  # a post held in it
    ("Quenby", "Ada Morrow, the chief executive of Quenby, welcomed the ruling."),
    ("Quenby", "Quenby shares rose 4% on Monday."),  # its shares
    ("Marsh Otters", "The Kelby Comets will host the Marsh Otters on Friday."),  # a side in a game
    ("Quenby", "Quenby Seed Ingredients opened a plant on Monday."),  # its longer name acts as a body
])
def test_the_article_says_a_name_is_a_body(label, sentence):
    assert text_says_body(label, [sentence]) is not None


@pytest.mark.parametrize("label, sentence", [
    ("Brenton", "The Colliers travel to Brenton on Saturday."),  # a destination says nothing of a body
    ("Brenton", "Workers at Brenton will be housed in new cabins."),  # a place's workers
    ("Brenton", "The Holts, who bought a house at Brenton, said in a statement they were pleased."),  # not its subject
    ("Ada Morrow", "Quenby hired Ada Morrow in May."),
    ("Brenton", "Brenton Regional Council announced the closure."),  # another body, named after the town
    ("Brenton", "The Brenton Bearcats beat the Otters."),  # a team named after the town
])
def test_no_body_where_the_article_does_not_say_so(label, sentence):
    assert text_says_body(label, [sentence]) is None


@pytest.mark.parametrize("label, sentence, expected", [
    ("Brenton", "The cabins will be built in Brenton next year.", True),  # a locative preposition
    ("Brenton", "Kelby Foods has a depot near Brenton.", True),
    ("Brenton", "The plant is in the town of Brenton.", True),  # a place noun
    ("Brenton", "Floods cut off Brenton, a market town on the river, on Monday.", True),
    ("Brenton", "The Brenton-based grower sold its orchards.", True),  # a base
    ("Quenby", "Redvale Group bought a stake in Quenby last year.", False),  # a stake in a body is no place
    ("Brenton", "Fares will rise in Brenton Harbour.", False),  # part of a longer name
])
def test_the_article_uses_a_name_as_a_place(label, sentence, expected):
    assert (text_says_place(label, [sentence]) is not None) is expected


def test_conflicting_evidence_is_no_evidence_unless_the_name_says_it():
    body, place = "Brenton employs 40 people.", "The cabins will be built in Brenton next year."
    assert body_evidence("Brenton", [body]) is not None
    assert body_evidence("Brenton", [body, place]) is None  # the town, or a body named after it: refuse
    assert body_evidence("Brenton Holdings", [place.replace("Brenton", "Brenton Holdings")]) == "its name"
    assert body_evidence("the Marsh Otters", [], team=True) is not None  # a side in a game of the batch
    assert body_evidence("Pennine Mills", ["Ruth Brenner founded Pennine Mills in 2009."]) == "its name"
    assert text_says_body("Ardlow", ["Ruth Brenner co-founded Ardlow in 2009."]) == "founded"  # what one founds
    assert text_says_body("the Marsh Lanterns", ["The Marsh Lanterns are touring Wales."]) is not None  # plural verb


# --- 3. the questions: kept with evidence, refused without -----------------------------------------

def test_a_person_the_tagger_called_an_organisation_is_not_asked_as_one():
    item = ask([fact("the Kelby Knights", "sign", "Tavita Lemalu", "The Kelby Knights signed Tavita Lemalu on Monday.",
                     "org", "org")], "Tavita Lemalu")
    assert question(item) is None, item
    assert "organization" in item.reason and "nothing in its name or article" in item.reason


def test_a_body_the_article_calls_a_start_up_keeps_which_organization():
    item = ask([fact("Redvale Group", "buy", "Corvell", "Redvale Group bought Corvell, a Leeds software start-up, "
                     "for £4 million.", "org", "org")], "Corvell")
    assert question(item) == "Which organization did Redvale Group buy?", item


def _asked(edges, answer: str, context, type_="simple", hidden=()):
    nodes = {n for e in edges for n in (e.head, e.tail)}
    sub = Subgraph(subgraph_id="s", type=type_, lang="en", edges=edges, answer_nodes=[f"n:{answer}"],
                   question_nodes=sorted(nodes - {f"n:{answer}"} - {f"n:{h}" for h in hidden}),
                   hidden_nodes=[f"n:{h}" for h in hidden])
    batch = generate_questions([sub], EngineConfig(kind="rules"), context=context)
    return batch.items[0] if batch.items else batch.failures[0]


def test_evidence_from_another_sentence_of_the_article_counts():
    bought = fact("Redvale Group", "buy", "Corvell", "Redvale Group bought Corvell for £4 million.", "org", "org")
    employs = fact("Corvell", "employ", "40 people", "Corvell employs 40 people in Leeds.", "org", "quantity", n=1)
    item = _asked([bought], "Corvell", [bought])
    assert question(item) is None and "organization" in item.reason, item  # alone, nothing says what Corvell is
    assert question(_asked([bought], "Corvell", [bought, employs])) == "Which organization did Redvale Group buy?"


def test_the_article_using_the_name_as_a_place_refuses_it():
    bought = fact("Redvale Group", "buy", "Corvell", "Redvale Group bought Corvell for £4 million.", "org", "org")
    employs = fact("Corvell", "employ", "40 people", "Corvell employs 40 people.", "org", "quantity", n=1)
    town = fact("Redvale Group", "build", "new cabins", "Redvale Group will build new cabins in Corvell.",
                "org", "other", n=2)
    item = _asked([bought], "Corvell", [bought, employs, town])
    assert question(item) is None and "place" in item.reason, item


def test_a_two_fact_question_names_no_unevidenced_bridge_the_organization():
    founded = fact("Ada Morrow", "manage", "Corvell", "Ada Morrow manages Corvell.", "person", "org")
    bought = fact("Redvale Group", "buy", "Corvell", "Redvale Group bought Corvell for £4 million.", "org", "org", n=1)
    item = _asked([founded, bought], "Redvale Group", [founded, bought], type_="multi-hop", hidden=["Corvell"])
    assert question(item) is None and "organization" in item.reason, item
    said = fact("Corvell", "employ", "40 people", "Corvell employs 40 people.", "org", "quantity", n=2)
    item = _asked([founded, bought], "Redvale Group", [founded, bought, said], type_="multi-hop", hidden=["Corvell"])
    assert question(item) == "Which organization bought the organization that Ada Morrow manages?", item


@pytest.mark.parametrize("sentence, expected", [
    ("Ada Morrow, principal analyst at Quenby, said prices would fall.", True),  # a post at a body
    ("Sam Holt, director of rugby at Quenby, said the squad was ready.", True),
    ("Seasonal workers at Quenby will be housed in new cabins.", False),  # people working at a place
    ("A resident at Quenby said the road was flooded.", False),
])
def test_a_post_held_at_a_name_says_it_is_a_body(sentence, expected):
    assert (text_says_body("Quenby", [sentence]) is not None) is expected


def test_an_article_inside_a_name_is_kept_when_its_mentions_are_looked_for():
    """ "Bank of the West", "Friends of the Earth": only a leading "the" goes (review of session 27: every
    article was dropped, so the name was never found in its own article and was refused)."""
    assert body_evidence("Friends of the Earth", ["Friends of the Earth said in a statement it would appeal."])
    assert body_evidence("the Bank of the West", ["The Bank of the West employs 400 people in Fresno."])
