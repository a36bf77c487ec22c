"""Issue 10 (session 31): a definite noun phrase kept in a relation that points back into its article.

"When did Colville Ridge buy the leases?", "How much will X spend on the program?": the phrase names a thing
said earlier in the article; out of it the question says nothing. Read in the fact's own sentence (real spaCy
parses, sentences written for these tests).
"""
from __future__ import annotations

import pytest

from tasks.dragon.questions_en_anaphora import pointing_back
from tests.test_questions_en_grammar import ask, fact


@pytest.mark.parametrize("relation, sentence, tail, phrase", [
    # any common noun, not a closed list: leases, a program, a share
    ("buy the leases in", "Harlow Oil bought the leases in 2021 for $5 million.", "2021", "the leases"),
    ("spend on the program", "Harlow Oil will spend $90 million on the program.", "$90 million", "the program"),
    ("repair the bridges by", "Crews from Tamsin Roads will repair the bridges by June.", "June", "the bridges"),
    # "the <noun>'s <noun>": whose share, whose depots?
    ("approve the state's share in", "The Assembly approved the state's share in June.", "June", "the state's share"),
    ("merge the two companies' depots in", "It said it may merge the two companies' depots in Leicester.", "Leicester",
     "the two companies' depots"),
    # an of-phrase of a common noun does not say which either
    ("pay the rest of the money in", "Tom Ayre paid the rest of the money in March.", "March", "the rest"),
    # a count does not say which: "the three wells"
    ("finish the three wells in", "Harlow Oil finished the three wells in March.", "March", "the three wells"),
    # the idiom's noun outside the idiom points back: which stand, which wage?
    ("build the stand in", "Tarn Rovers built the stand in 2019.", "2019", "the stand"),
    ("raise the wage to", "Tarn County raised the wage to $14.", "$14", "the wage"),
])
def test_a_definite_phrase_without_what_says_which_points_back(relation, sentence, tail, phrase):
    assert pointing_back(relation, [sentence], tail) == phrase


@pytest.mark.parametrize("relation, sentence, tail", [
    # a place with a name after the noun, even where the parser hangs it on the verb
    ("buy the leases west of the Brant field in", "Harlow Oil bought the leases west of the Brant field in 2021.", "2021"),
    # a compound proper noun says which
    ("lead the Nordline shipping line since", "Piotr Nowicki has led the Nordline shipping line since 2018.", "2018"),
    # a number in a compound names it ("the number 11 shirt"); a count does not (above)
    ("wear the number 11 shirt at", "Lena Vos will wear the number 11 shirt at Tarn Rovers.", "Tarn Rovers"),
    # a code with a digit names it ("the US-2 bridge"; the parser calls it an adjective); a numeral order says which
    ("close the A-9 bridge over", "Tarn County will close the A-9 bridge over the Kell River on Monday.", "Kell River"),
    ("score in the 81st minute", "Lena Vos scored the second goal in the 81st minute.", "second goal"),
    # an of-phrase the tail fills: "What is Ann Lee the chief executive of?"
    ("be the chief executive of", "Ann Lee is the chief executive of Tarn Bank.", "Tarn Bank"),
    # the question's own subject owns it
    ("move its offices to", "Tarn Bank moved its offices to Kelso in May.", "Kelso"),
    # a thing the reader knows without the article: a time, an order, the state of a sentence naming one
    ("drill this winter", "Harlow Oil will drill three wells this winter.", "three wells"),
    ("play for the first time in", "She played for the first time in Oslo.", "Oslo"),
    ("leave the state in", "Mira Tal, who grew up in Oregon, left the state in 2015.", "2015"),
    ("sell to the public in", "Harlow Oil sold shares to the public in 2019.", "2019"),
    # a fixed phrase: its noun was never introduced ("take the stand", "go to the polls", "the minimum wage")
    ("take the stand on", "Mira Tal took the stand on Tuesday.", "Tuesday"),
    ("raise the minimum wage to", "Tarn County raised the minimum wage to $14.", "$14"),
    ("go to the polls on", "Voters in Kelso will go to the polls on Thursday.", "Thursday"),
    ("top the charts in", "Her single topped the charts in June.", "June"),
    # no definite phrase at all
    ("sell a plant in", "Harlow Oil sold a plant in 2019.", "2019"),
])
def test_a_phrase_that_says_which_or_needs_no_article_is_kept(relation, sentence, tail):
    assert pointing_back(relation, [sentence], tail) is None


def test_a_phrase_no_sentence_writes_falls_back_to_the_nouns_that_always_point_back():
    """The parse cannot read a phrase its sentence does not write: "the company" still points back."""
    assert pointing_back("lead the company since", ["Piotr Nowicki has run it since 2018."], "2018") == "the company"
    assert pointing_back("lead the orchestra since", ["Piotr Nowicki has run it since 2018."], "2018") is None


def test_the_question_is_refused_with_the_phrase_as_its_reason():
    edge = fact("Harlow Oil", "spend on the program", "$90 million", "Harlow Oil will spend $90 million on the program.",
                "org", "money")
    refused = ask([edge], "$90 million")
    assert not hasattr(refused, "question"), refused
    assert "names 'the program'" in refused.reason
    named = fact("Harlow Oil", "buy the leases west of the Brant field in", "2021",
                 "Harlow Oil bought the leases west of the Brant field in 2021.", "org", "date")
    assert "names" not in (getattr(ask([named], "2021"), "reason", "") or "")
