"""Session 20: what hangs on an English fact's verb — a perceived fact, a date hung elsewhere, the time or
place and the purpose a question carries (tasks/dragon/questions_en_attach.py). Invented sentences,
real spaCy parses and the real templates."""
from __future__ import annotations

from tests.test_questions_en_context import ask, fact, question

_CHARGED = "Lancashire Police have charged a Burnley woman over two arson attacks on shops in Colne and Nelson in October."
_MOVED = "Okafor grew up in a mining town in Ghana and moved to Canada in 2019 to study law, working nights as a cleaner."


def test_a_date_hung_on_another_noun_is_not_when_the_fact_happened():
    item = ask([fact("Lancashire Police", "charge a Burnley woman in", "October", _CHARGED, "org", "date")], "October")
    assert question(item) is None and "October" in item.reason
    # the date on the verb itself stays a when-question
    item = ask([fact("Harlow Foods", "open a bakery in", "May", "Harlow Foods opened a bakery in May.", "org", "date")],
               "May")
    assert question(item) == "When did Harlow Foods open a bakery?"


def test_a_move_keeps_its_time_and_its_destination():
    """ "Where did X move?" has another answer when X moves again; "When did X move?" does not say where."""
    item = ask([fact("Okafor", "move to", "Canada", _MOVED, "person", "place")], "Canada")
    assert question(item) == "Where did Okafor move in 2019?"
    item = ask([fact("Okafor", "move in", "2019", _MOVED, "person", "date")], "2019")
    assert question(item) == "When did Okafor move to Canada?"


def test_a_perceived_fact_is_not_asked():
    """ "How many times did Okafor play?" for "watched Okafor play six times": the count is the watching's."""
    said = "The transfer was arranged by the club secretary, Ivo Marsh, who watched Okafor play six times in Toronto."
    item = ask([fact("Okafor", "play", "six times", said, "person", "quantity")], "six times")
    assert question(item) is None and "perceived" in item.reason
    said = "The court heard that Okafor made 212 transfers from the club account."
    item = ask([fact("Okafor", "make", "212 transfers", said, "person", "quantity")], "212 transfers")
    assert question(item) == "How many transfers did Okafor make?"  # a report, not a sight


def test_a_sum_keeps_what_it_is_spent_on():
    said = "Harlow Foods plans to double output at Otley Quay and will spend $9 million on a new oven hall."
    item = ask([fact("Harlow Foods", "spend", "$9 million", said, "org", "money", "planned")], "$9 million")
    assert question(item) == "How much does Harlow Foods plan to spend on a new oven hall?"
    said = "Harlow Foods will spend $9 million on its new oven hall."
    item = ask([fact("Harlow Foods", "spend", "$9 million", said, "org", "money", "planned")], "$9 million")
    assert question(item) is None  # "its" points back into the article: not carried, not dropped


def test_a_passive_that_names_its_subject_something_is_not_asked_without_it():
    """ "Where was Okafor named?" for "was named player of the year in the Ontario league"."""
    said = "Okafor scored 11 goals last season and was named player of the year in Ontario."
    item = ask([fact("Okafor", "be named in", "Ontario", said, "person", "place")], "Ontario")
    assert question(item) is None and "player of the year" in item.reason
    item = ask([fact("Harlow Foods", "be founded in", "Leeds", "Harlow Foods was founded in Leeds.", "org", "place")],
               "Leeds")
    assert question(item) == "Where was Harlow Foods founded?"


def test_a_court_date_keeps_the_court():
    item = ask([fact("Tom Pell", "appear on", "3 May", "Pell will appear in Leeds Crown Court on 3 May.", "person", "date",
                     "planned")], "3 May")
    assert question(item) == "When will Tom Pell appear in Leeds Crown Court?"


def test_a_place_after_a_phrase_set_off_from_the_object_is_that_phrases():
    """ "may miss Harbour's next game, against Tasman in Nelson": Nelson places the game, not the missing."""
    from tasks.dragon.questions_en_attach import place_attached_elsewhere

    said = "Okoro hurt his knee and may miss Harbour's next game, against Tasman in Nelson on Sunday."
    missed = fact("Sam Okoro", "miss Harbour's next game in", "Nelson", said, "person", "place")
    assert "Tasman" in place_attached_elsewhere(missed, "miss", "Nelson")
    against = fact("Sam Okoro", "miss Harbour's next game against", "Tasman", said, "person", "org")
    assert "set off after the object" in place_attached_elsewhere(against, "miss", "Tasman")
    bought = fact("the Smiths", "buy a smaller house at", "Kelvin Grove", "The Smiths, who have bought a smaller house "
                  "at Kelvin Grove, said they were happy.", "org", "place")
    assert place_attached_elsewhere(bought, "buy", "Kelvin Grove") is None
