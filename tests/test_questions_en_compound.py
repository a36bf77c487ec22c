"""English compound clauses (tasks/dragon/questions_en_compound.py): which facts a conditional or multi-hop
question may say as one clause. Sentences written for these tests; real spaCy parses, nothing mocked."""
from __future__ import annotations

from schemas import Edge, Subgraph
from tasks.dragon.questions import generate_questions
from tasks.dragon.questions_en import en_relation
from tasks.dragon.questions_en_compound import (
    agent_asked_as_thing, bare_count_noun, clause_refusal, person_object_as_body, time_ordered,
)
from tests.test_questions_en_templates import RULES, conditional, fact


def test_a_singular_count_noun_without_its_article_is_found():
    for phrase, bare in [
        ("150-metre covered pier", "150-metre covered pier"),
        ("in 47th minute", "47th minute"),
        ("$3-million pumping station", "$3-million pumping station"),
        ("further $25,000", "further $25,000"),
        ("17-year-old", "17-year-old"),
        ("third straight title", "third straight title"),
    ]:
        assert bare_count_noun(phrase) == bare, phrase
    for phrase in ("a 150-metre covered pier", "in the 47th minute", "a further $25,000", "the 17-year-old",
                   "318 yards", "two touchdowns", "Pier 21", "three-storey buildings", "in 2027", "fresh cherries",
                   "its third straight title", "the Harbour Road bridge", "last year", "in next season"):
        assert bare_count_noun(phrase) is None, phrase


def test_a_past_goes_before_a_future():
    assert time_ordered(["will meet the Kelby Owls", "beat the Tarn Foxes"]) == [
        "beat the Tarn Foxes", "will meet the Kelby Owls"]
    # "will meet X and defeated Y" clashes its tenses (session 27): the past first says both
    assert time_ordered(["will meet the Kelby Owls", "defeated the Tarn Foxes"]) == [
        "defeated the Tarn Foxes", "will meet the Kelby Owls"]
    assert time_ordered(["could miss the final", "left the pitch in the 70th minute"]) == [
        "left the pitch in the 70th minute", "could miss the final"]
    assert time_ordered(["plans to open a bakery", "was bought by Ivel Foods"]) == [
        "was bought by Ivel Foods", "plans to open a bakery"]
    assert time_ordered(["will open a depot", "agreed to sell its yard"]) == ["will open a depot", "agreed to sell its yard"]
    assert time_ordered(["will open a depot", "needs 40 drivers"]) == ["will open a depot", "needs 40 drivers"]
    assert time_ordered(["cut 40 jobs", "employs 300 people"]) == ["cut 40 jobs", "employs 300 people"]


def test_a_bare_past_goes_before_a_present_with_s():
    """ "Who improves to 6-2 and beat Harlow Tech?" reads "beat" as a present that lost its -s."""
    assert time_ordered(["improves to 6-2", "beat Harlow Tech 70-52"]) == ["beat Harlow Tech 70-52", "improves to 6-2"]
    assert time_ordered(["leads the league", "hit two home runs"]) == ["hit two home runs", "leads the league"]
    assert time_ordered(["employs 300 people", "opened a depot"]) == ["employs 300 people", "opened a depot"]


def test_the_subject_of_a_verb_of_acting_is_not_asked_as_a_thing_or_a_place():
    assert agent_asked_as_thing("what", ["score", "host"])
    assert agent_asked_as_thing("which place", ["issue"])
    assert agent_asked_as_thing("what", ["carry", "park"]) is None
    assert agent_asked_as_thing("which organization", ["issue"]) is None


def test_conditions_in_tense_order_and_with_whole_objects():
    beat = fact("the Marlow Kestrels", "beat", "the Tarn Foxes",
                "The Marlow Kestrels beat the Tarn Foxes 31-17 at Dunmore Park on Saturday.", "org", "org", n=1)
    meet = fact("the Marlow Kestrels", "meet", "the Kelby Owls", "The Kestrels will meet the Kelby Owls on Nov. 2.",
                "org", "org", modality="planned", n=2)
    batch = conditional([meet, beat], "the Marlow Kestrels")
    # (a side in a game is asked "Which team", not the opponent's "Who": session 32)
    assert [i.question for i in batch.items] == ["Which team beat the Tarn Foxes and will meet the Kelby Owls?"], batch
    # the object of a preposition the relation dropped: "slipped past two tacklers"
    slipped = fact("Dario Venn", "slip", "two Ardley tacklers",
                   "Venn slipped past two Ardley tacklers on a third-down play before the break.", "person", "other", n=3)
    assert "'past'" in clause_refusal(slipped, en_relation("slip"), slipped.head)
    caught = fact("Dario Venn", "catch", "seven passes", "Receiver Dario Venn caught seven passes for 96 yards.",
                  "person", "other", n=4)
    assert clause_refusal(caught, en_relation("catch"), caught.head) is None
    # an object cut from its noun phrase: "admitted 12 counts" of "12 counts of fraud"
    admitted = fact("Dario Venn", "admit", "12 counts", "Venn admitted 12 counts of fraud in March.", "person",
                    "other", n=7)
    assert "cut from '12 counts of fraud'" in clause_refusal(admitted, en_relation("admit"), admitted.head)
    voted = fact("Kelby Council", "vote to buy", "wool store",
                 "Kelby Council has voted 8-3 to buy the old Harwick Street wool store for $4 million.", "org",
                 "other", n=8)
    assert "cut from" in clause_refusal(voted, en_relation("vote to buy"), voted.head)
    parks = fact("Tarn Transit", "park", "31 buses", "Tarn Transit parks its 31 buses at the Mill Road depot.", n=9)
    assert clause_refusal(parks, en_relation("park"), parks.head) is None
    # a measure before a singular noun without "a" (the sentence's own article is put back before this check)
    track = fact("the Ostrow Velodrome", "have", "250-metre timber track",
                 "Ostrow Velodrome: has 250-metre timber track, opened in May.", "place", "other", n=5)
    assert "without its article" in clause_refusal(track, en_relation("have"), track.head)
    sign = fact("the Tarn Foxes", "sign in", "47th minute", "The Foxes signed him in 47th minute.", "org", "other", n=6)
    assert "without its article" in clause_refusal(sign, en_relation("sign in"), sign.head)


def multi_hop(edges: list[Edge], answer: str, bridge: str):
    nodes = {n for e in edges for n in (e.head, e.tail)}
    sub = Subgraph(subgraph_id=f"s-mh-{answer}", type="multi-hop", lang="en", edges=edges,
                   answer_nodes=[f"n:{answer}"], hidden_nodes=[f"n:{bridge}"],
                   question_nodes=sorted(nodes - {f"n:{answer}", f"n:{bridge}"}))
    return generate_questions([sub], RULES)


def test_a_named_answer_of_a_compound_question_that_its_sentence_coordinates_is_refused():
    buys = fact("Orrin Metrics", "agree to buy", "Tallow Gauge Works",
                "Orrin Metrics has agreed to buy Tallow Gauge Works for $12 million.", "org", "org", n=1)
    founded = fact("Kjell Brandvik", "found", "Tallow Gauge Works",
                   "Tallow Gauge Works was founded in 1991 by the brothers Arne and Kjell Brandvik.", "person", "org", n=2)
    batch = multi_hop([buys, founded], "Kjell Brandvik", "Tallow Gauge Works")
    assert not batch.items and "one of several" in batch.failures[0].reason, batch
    alone = fact("Kjell Brandvik", "found", "Tallow Gauge Works",
                 "Tallow Gauge Works was founded in 1991 by the engineer Kjell Brandvik.", "person", "org", n=3)
    batch = multi_hop([buys, alone], "Kjell Brandvik", "Tallow Gauge Works")
    assert [i.question for i in batch.items] == [
        "Who founded the organization that Orrin Metrics agreed to buy?"], batch


def test_a_clause_that_turns_its_fact_round_or_calls_a_person_a_body_is_refused():
    shared = fact("Tarn Catholic Schools", "share", "Tarn Public Schools",
                  "The new school will be shared by Tarn Public Schools and Tarn Catholic Schools.", "org", "org", n=1)
    assert "doer" in clause_refusal(shared, en_relation("share"), shared.tail)
    bought = fact("Orrin Metrics", "buy", "Kelby Jet", "Orrin Metrics has bought Kelby Jet for $22 million.",
                  "org", "org", n=2)
    assert clause_refusal(bought, en_relation("buy"), bought.tail) is None
    assert person_object_as_body(en_relation("sentence"), True, "the organization")
    assert person_object_as_body(en_relation("sentence"), True, "the person") is None
    assert person_object_as_body(en_relation("buy"), True, "the organization") is None


def test_an_agent_taken_for_a_place_is_not_asked_in_either_conditional_form():
    sentence = "Norvane Canada has issued a frost warning for the Tarn Valley and is forecasting lows of minus 12."
    issued = fact("Norvane Canada", "issue a frost warning for", "the Tarn Valley", sentence, "place", "place", n=1)
    forecast = fact("Norvane Canada", "forecast", "lows of minus 12", sentence, "place", "other", n=2)
    batch = conditional([issued, forecast], "Norvane Canada")
    assert not batch.items, batch.items[0].question


def test_a_preposition_parsed_as_the_verbs_adverb_is_still_dropped():
    got = fact("Dario Venn", "get", "two Ardley defenders",
               "The Owls levelled early in the third quarter before Venn got behind two Ardley defenders on a long play.",
               "person", "other", n=1)
    assert "'behind'" in clause_refusal(got, en_relation("get"), got.head)


def test_an_object_the_relation_cut_and_a_hidden_thing_its_sentence_does_not_write_are_refused():
    from tasks.dragon.questions_en_compound import cut_object_in_relation, unwritten_head

    voted = fact("Kelby Council", "vote to buy wool store for", "$4 million",
                 "Kelby Council has voted 8-3 to buy the old Harwick Street wool store for $4 million.", n=1)
    assert cut_object_in_relation(voted, en_relation(voted.relation)) == "the old Harwick Street wool store"
    makes = fact("Cró Distillery", "make whiskey at", "Keel", "Cró Distillery, which makes whiskey and gin at Keel, "
                 "plans to expand.", n=2)
    assert cut_object_in_relation(makes, en_relation(makes.relation)) is None
    taught = fact("Ida Crane", "teach in", "the Kelby Public Art Gallery",
                  "Crane taught at the Tarn Technical College in Kelby until 1961.", n=3)
    assert "'gallery'" in unwritten_head(taught, taught.tail_label)
    globe = fact("the Kelby Globe Theatre", "commission", "Low Tide", "The play was commissioned by the Kelby Globe in 2023.", n=5)
    assert unwritten_head(globe, globe.head_label) is None
    said = fact("Kelby Foods", "sue", "the Kelby City Council", "Kelby Foods said it would sue the council.", n=4)
    assert unwritten_head(said, said.tail_label) is None


def test_a_multi_hop_bridge_whose_class_noun_a_fact_never_writes_is_refused():
    directs = fact("Lena Voss", "director of", "the Kelby Art Gallery",
                   "The gallery's director, Lena Voss, said the loan was agreed in May.", "person", "org", n=1)
    taught = fact("Ida Crane", "teach in", "the Kelby Art Gallery",
                  "Crane taught at the Tarn Technical College in Kelby until 1961.", "person", "org", n=2)
    batch = multi_hop([directs, taught], "Ida Crane", "the Kelby Art Gallery")
    assert not batch.items and "out of sight" in batch.failures[0].reason, batch
    moved = fact("Tarn High School", "move to its present site in", "1966",
                 "Tarn High School moved to its present site on Mill Street in 1966.", "org", "date", n=3)
    from tasks.dragon.questions_en_compound import cut_object_in_relation
    assert cut_object_in_relation(moved, en_relation(moved.relation)) is None
