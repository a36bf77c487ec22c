"""Session 28: names said whole (questions_en_whole_names) and posts held no more asked in the past
(questions_en_determiners._role_be); sentences written for the classes, not taken from bench pages."""
from __future__ import annotations

import pytest

from tasks.dragon.questions_en_verbs import _en_lexicon
from tasks.dragon.questions_en_whole_names import (
    coordinated_first_name, head_of_longer_name, possessive_name, without_descriptor,
)
from tests.test_questions_en_context import ask, fact, question


# --- a first name before "and" and a full name --------------------------------------------------------

def test_a_plural_noun_of_people_before_the_pair_gives_the_shared_surname():
    said = ["Tullock Ferries was started in 1974 by the fishermen Ivy and Ross Dunmore, who sold it in 2001."]
    assert coordinated_first_name("Ivy", said) == ("Ivy Dunmore", True)
    said = ["The bakery is run by the farmers Tom and Ann Reilly."]
    assert coordinated_first_name("Tom", said) == ("Tom Reilly", True)
    # a plural that is no noun of people says nothing of the pair
    assert coordinated_first_name("Ivy", ["The grants went in loans Ivy and Ross Dunmore took out."]) == ("Ivy", False)


def test_a_place_before_and_and_a_longer_place_takes_no_surname():
    # "rivers" reads as a noun of agents ("-er"), but places share no surname: "Tamar Esk" names nothing
    sentence = "Flood water from the rivers Tamar and North Esk reached Kelby Mills on Monday."
    item = ask([fact("Tamar", "reach", "Kelby Mills", sentence, "place", "org")], "Tamar")
    assert item.answers == ["Tamar"], item


def test_the_family_named_by_the_surname_gives_the_shared_surname():
    said = ["The Kestrel Inn was bought in 1990 by Ivy and Ross Dunmore."]
    article = said + ["The Dunmores’ daughter, Jo Dunmore, will keep the bar."]
    assert coordinated_first_name("Ivy", said) == ("Ivy", False)
    assert coordinated_first_name("Ivy", said, article) == ("Ivy Dunmore", True)
    assert coordinated_first_name("Ivy", said, said + ["Locals still call it the Dunmores' pub."]) == ("Ivy Dunmore", True)


def test_a_cut_first_name_is_not_an_answer_either():
    sentence = "The Kestrel Inn was bought in 1990 by Ivy and Ross Dunmore."
    bought = [fact("Ivy", "buy", "the Kestrel Inn", sentence, "person", "org", n=1),
              fact("Ross Dunmore", "buy", "the Kestrel Inn", sentence, "person", "org", n=2)]
    item = ask(bought, "the Kestrel Inn", "set")
    assert question(item) is None and "written before 'and'" in item.reason
    sentence = "The Kestrel Inn was bought in 1990 by the farmers Ivy and Ross Dunmore."
    bought = [fact("Ivy", "buy", "the Kestrel Inn", sentence, "person", "org", n=1),
              fact("Ross Dunmore", "buy", "the Kestrel Inn", sentence, "person", "org", n=2)]
    item = ask(bought, "the Kestrel Inn", "set")
    assert item.answers == ["Ivy Dunmore", "Ross Dunmore"], item


# --- a possessive ending that is the name's own ----------------------------------------------------

@pytest.mark.parametrize("label, article, expected", [
    ("St Brigid", ["“We defended well,” St Brigid’s captain Ena Moloney said."], "St Brigid’s"),
    ("St. Luke", ["St. Luke's beat Ardmore by six points."], "St. Luke's"),
    ("Kelby", ["The cup was won by Kelby's, 3-1."], "Kelby's"),
    # a possessive of a club whose captain it names: the club is "Kelby"
    ("Kelby", ["Kelby's captain Ena Moloney scored twice."], "Kelby"),
    ("Ena Moloney", ["The club bought Ena Moloney's 1990 painting Kelby Quay."], "Ena Moloney"),  # a year after it
    ("Moloney", ["The painter was a friend of Moloney's."], "Moloney"),  # the double genitive
    # the article writes the name without the ending too: the ending is a possessive
    ("St Brigid", ["St Brigid’s captain Ena Moloney said.", "St Brigid won the toss."], "St Brigid"),
    ("St Brigid’s", ["St Brigid’s won."], "St Brigid’s"),
])
def test_a_name_keeps_the_possessive_ending_that_is_its_own(label, article, expected):
    assert possessive_name(label, article) == expected


def test_a_club_named_with_a_saints_possessive_is_answered_whole():
    item = ask([fact("Ena Moloney", "captain of", "St Brigid",
                     "“We defended well,” St Brigid’s captain Ena Moloney said.", "person", "org")], "St Brigid")
    assert item.answers == ["St Brigid’s"], item


# --- a description before a name ------------------------------------------------------------------

@pytest.mark.parametrize("label, expected", [
    ("the Hobart ferry operator Derwent Sea Link", "Derwent Sea Link"),
    ("Perth mining company Kalgan Iron Ltd", "Kalgan Iron Ltd"),
    ("the rail freight firm Baltic Lines", "Baltic Lines"),
    ("the Ministry of Works", "the Ministry of Works"),  # "of" joins one name
    ("Fisheries and Oceans Canada", "Fisheries and Oceans Canada"),
    ("City of Kelby council", "City of Kelby council"),  # ends in lower case: no name after a description
    ("the number 11 shirt", "the number 11 shirt"),
    ("Kalgan Iron Ltd", "Kalgan Iron Ltd"),
    ("the merger with Fjord Lines", "the merger with Fjord Lines"),  # a phrase about the name, no apposition
])
def test_a_description_before_a_name_is_no_part_of_it(label, expected):
    assert without_descriptor(label, _en_lexicon()[1]) == expected


def test_an_answer_is_the_name_without_the_description_before_it():
    sentence = "Perth mining company Kalgan Iron Ltd has agreed to buy the rail operator Tarra Haul for $12 million."
    item = ask([fact("Perth mining company Kalgan Iron Ltd", "agree to buy", "Tarra Haul", sentence, "org", "org")],
               "Perth mining company Kalgan Iron Ltd")
    assert item.answers == ["Kalgan Iron Ltd"], item


def test_a_place_opening_its_sentence_stays_capitalised_where_the_article_writes_it_as_a_name():
    from tasks.dragon.questions_en_answers import sentence_case

    said = ["Darwin builders say costs rose 12% this year."]
    assert sentence_case("Darwin builders", said) == "darwin builders"  # the lexicon's "darwin", read as a noun
    assert sentence_case("Darwin builders", said, said + ["The court in Darwin heard the case."]) == "Darwin builders"
    assert sentence_case("Rail workers", ["Rail workers will strike."], ["The Rail Union said so."]) == "rail workers"


# --- a common noun that heads a longer name with "of" ----------------------------------------------

def test_the_head_of_a_name_with_of_names_nothing_alone():
    nouns = _en_lexicon()[1]
    assert head_of_longer_name("City", ["City of Kelby council approved the plan in May."], nouns)
    assert head_of_longer_name("Port", ["Port of Tarra staff went on strike."], nouns)
    # written alone elsewhere: a short form the article uses
    assert not head_of_longer_name("City", ["City of Kelby council met.", "City won 2-0."], nouns)
    assert not head_of_longer_name("Kelby", ["Kelby of Tarra Road said so."], nouns)  # no common noun
    item = ask([fact("City", "close the Kelby pool in", "May", "City of Kelby council closed the Kelby pool in May.",
                     "org", "date")], "May")
    assert question(item) is None and "before 'of'" in item.reason


# --- a post held no more is asked in the past --------------------------------------------------------

@pytest.mark.parametrize("sentence, expected", [
    ("Ames, the finance manager of Tarra Haul from 2012 to 2020, took the money in 90 payments.", "was"),
    ("Ames, who was finance manager of Tarra Haul between 2012 and 2020, took the money.", "was"),
    ("Ames was finance manager of Tarra Haul until 2020, the court heard.", "was"),
    ("Ames, the finance manager of Tarra Haul, who retired in June, took the money.", "was"),
    ("Ames, who retired as finance manager of Tarra Haul in June, took the money.", "was"),
    ("Ames, the finance manager of Tarra Haul, said the shop stays open until 9pm.", "is"),
    ("Ames will remain finance manager of Tarra Haul until 2030.", "is"),
    # a span set to run ahead (a present or perfect verb, an appointment or a contract) has not closed
    ("Ames has been appointed finance manager of Tarra Haul until 2030.", "is"),
    ("Ames is finance manager of Tarra Haul until 2030, when the contract ends.", "is"),
    ("Ames signed a deal to stay as finance manager of Tarra Haul until 2030.", "is"),
    ("Ames, the finance manager of Tarra Haul until 2020, has joined Kelby Mills.", "was"),
    ("Ames, the finance manager of Tarra Haul, left the hearing early.", "is"),
])
def test_a_post_dated_to_a_closed_span_is_asked_in_the_past(sentence, expected):
    item = ask([fact("Jo Ames", "finance manager of", "Tarra Haul", sentence, "person", "org")], "Tarra Haul")
    assert question(item) == f"What {expected} Jo Ames the finance manager of?", item
