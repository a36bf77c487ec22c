"""Session 31: a name keeps its article across what may stand between "the" and it (questions_en_determiners),
and a name the article writes longer is said whole, in a label, in a relation and in the body evidence read for it
(questions_en_names.longer_form, questions_en_whole_names.relation_names_whole, questions_en_bodies). Sentences
written for the classes, not taken from any bench page."""
from __future__ import annotations

import pytest

from tasks.dragon.questions_en_bodies import body_evidence, short_forms
from tasks.dragon.questions_en_determiners import en_name_article
from tasks.dragon.questions_en_names import longer_form
from tasks.dragon.questions_en_whole_names import relation_names_whole
from tests.test_questions_en_context import ask, fact, question


# --- what may stand between "the" and a name -----------------------------------------------------------------

@pytest.mark.parametrize("label, sentence, expected", [
    # a noun of the level a body serves: "the state", "the city", "the county" modify the name, the article is its
    ("Office of Rural Affairs", "The state Office of Rural Affairs fined the mill on Friday.",
     "the Office of Rural Affairs"),
    ("Planning Commission", "Members of the city Planning Commission voted 5-2 against it.", "the Planning Commission"),
    ("Kelby Health Trust", "The county Kelby Health Trust will run the clinic.", "the Kelby Health Trust"),
    # a plural possessive stands for the article like a singular one; the head noun ("Unit") then decides
    ("Coastal Fraud Unit", "The inspectors' Coastal Fraud Unit opened 12 cases in May.", "the Coastal Fraud Unit"),
    ("Marlow Freight", "The drivers' Marlow Freight contract ends in May.", "Marlow Freight"),
    # an ordinal and a compound adjective of place or owner before the name
    ("Penby Folk Festival", "Tickets for the 21st Penby Folk Festival sold out.", "the Penby Folk Festival"),
    ("Penby Folk Festival", "It was the third Penby Folk Festival to lose money.", "the Penby Folk Festival"),
    ("Ardent Quay Theatre", "The council-owned Ardent Quay Theatre will close.", "the Ardent Quay Theatre"),
    # a description before the name is an apposition, not a modifier: the name stays bare
    ("Harlan Seafoods", "The Oban processor Harlan Seafoods has bought a boat.", "Harlan Seafoods"),
    ("Harlan Seafoods", "Harlan Seafoods has bought a boat.", "Harlan Seafoods"),
])
def test_a_modifier_between_the_and_a_name_leaves_the_article_the_names(label, sentence, expected):
    assert en_name_article(label, [sentence]) == expected


@pytest.mark.parametrize("label", ["Fraud Investigation Unit", "Weather Bureau", "Civil Aviation Administration",
                                   "Roads Division"])
def test_a_name_headed_by_a_unit_of_a_body_takes_the_where_the_text_says_nothing(label):
    assert en_name_article(label, []) == f"the {label}"


# --- a name the article writes longer ----------------------------------------------------------------------

def test_a_short_name_of_several_words_takes_the_one_longer_form_the_article_writes():
    said = ["Oban processor Harlan Bay Seafoods has bought a boat.", "Harlan Bay will run it from June."]
    assert longer_form("Harlan Bay", said, own=said[:1]) == "Harlan Bay Seafoods"  # its fact writes it whole
    assert longer_form("Harlan Bay", ["Harlan Bay Seafoods has bought a boat.", "The Harlan Bay Seafoods boat sank."],
                       own=["Its boat sank."]) == "Harlan Bay Seafoods"  # never written alone: a cut name
    assert longer_form("the Kelby Harbour", ["The Kelby Harbour Gulls won 3-1."]) == "Kelby Harbour Gulls"
    # two longer forms, or only a day after the name: no completion
    assert longer_form("Harlan Bay", ["Harlan Bay Seafoods won.", "Harlan Bay Council met."]) == "Harlan Bay"
    assert longer_form("Harlan Bay", ["Harlan Bay Tuesday said it would sell."]) == "Harlan Bay"


def test_a_name_of_several_words_written_alone_is_not_made_another_body_that_shares_its_words():
    # the team is not the council, the bank not its arena: the fact's sentence writes the short name alone
    said = ["Penby Town beat Kelby Rovers 2-1 on Saturday.", "Penby Town Council approved a new stand."]
    assert longer_form("Penby Town", said, own=said) == "Penby Town"
    assert longer_form("Penby Town", said) == "Penby Town"
    said = ["Marl Bank cut 40 jobs in Penby.", "Fans packed the Marl Bank Arena."]
    assert longer_form("Marl Bank", said, own=said[:1]) == "Marl Bank"
    # the fact's sentence does not name it, the article writes it alone elsewhere: no completion either
    assert longer_form("Marl Bank", said, own=["It cut 40 jobs."]) == "Marl Bank"
    # the article says the name whole first and repeats it short: the short name is the long one
    said = ["Marl Bank Holdings cut 40 jobs in Penby.", "Marl Bank said the cuts were needed."]
    assert longer_form("Marl Bank", said, own=said[1:], ordered=said) == "Marl Bank Holdings"
    assert longer_form("Marl Bank", said, own=said[1:], ordered=said[::-1]) == "Marl Bank"
    # a one-word name still takes its one longer form ("Calder's captain")
    assert longer_form("Penby", ["Penby Town beat Kelby Rovers.", "Penby's captain scored."]) == "Penby Town"


def test_the_question_asks_of_the_team_a_sentence_names_not_a_council_of_its_words():
    e = fact("Penby Town", "beat", "Kelby Rovers", "Penby Town beat Kelby Rovers 2-1 on Saturday.", "org", "org")
    e = e.model_copy(update={"sentences": ["Penby Town beat Kelby Rovers 2-1 on Saturday.",
                                           "Penby Town Council approved a new stand."]})
    asked = question(ask([e], "Kelby Rovers")) or ""
    assert "Penby Town beat" in asked and "Council" not in asked, asked


def test_a_name_inside_a_relation_cut_before_its_nickname_is_said_whole():
    said = ["The Penby Otters beat the Kelby State Herons 3-1 on Friday at the Dune Arena."]
    assert relation_names_whole("beat the Kelby State at", said) == "beat the Kelby State Herons at"
    # a mention that ends where the relation ends it: the relation stays
    said = ["Penby beat Kelby State 70-64 at home.", "The Kelby State Herons lost again."]
    assert relation_names_whole("beat Kelby State at", said) == "beat Kelby State at"
    assert relation_names_whole("sign with", said) == "sign with"


def test_the_question_names_the_team_of_the_relation_whole():
    item = ask([fact("Penby Otters", "beat the Kelby State at", "Dune Arena",
                     "The Penby Otters beat the Kelby State Herons 3-1 on Friday at the Dune Arena.", "org", "place")],
               "Dune Arena")
    assert "Kelby State Herons" in (question(item) or "")


def test_what_the_article_says_of_a_short_form_it_says_of_the_full_name():
    said = ["Harlan Bay Seafoods, the Oban processor, has bought a boat.", "Harlan Bay employs 40 people."]
    assert short_forms("Harlan Bay Seafoods", said) == ["Harlan Bay"]
    assert body_evidence("Harlan Bay Seafoods", said) is not None
    assert short_forms("Harlan Bay Seafoods", said[:1]) == []
