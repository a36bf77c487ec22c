"""English word lists with one home (tasks/dragon/words_en.py): every user reads the same months, days, time
nouns and team words, and where two rules mean different things each meaning is a named set of its own.

Every sentence is written for this file (never copied from a bench set). Real spaCy parses."""
from __future__ import annotations

import re

from benchmill import nlp
from tasks.dragon import words_en
from tests.en_articles import article


def test_every_time_list_holds_every_month_and_the_time_nouns_nest():
    assert len(words_en.EN_MONTHS) == 12 and len(words_en.EN_WEEKDAYS) == 7
    assert set(words_en.EN_MONTHS) | set(words_en.EN_WEEKDAYS) <= words_en.EN_TIME_WORDS
    assert words_en.EN_TIME_NOUNS < words_en.EN_TIME_AND_PERIOD_NOUNS
    # a figure is counted over a season or a campaign, never over an hour or a morning
    assert {"season", "campaign", "winter"} <= words_en.EN_TALLY_PERIOD_NOUNS
    assert not {"hour", "morning", "time"} & words_en.EN_TALLY_PERIOD_NOUNS
    # spans are times only before a conjoined verb: "resulted in an hour of delays" takes its object
    assert "hour" in words_en.EN_TIME_AND_PERIOD_NOUNS and "hour" not in words_en.EN_TIME_WORDS
    whole = re.compile(rf"^(?:{words_en.EN_MONTHS_AND_ABBREVIATIONS_PATTERN})$", re.IGNORECASE)
    assert all(whole.match(w) for w in ("September", "Sept", "Sep", "May", "dec"))
    assert not whole.match("Mayor")


def test_a_phrase_on_an_afternoon_is_a_time_after_a_selecting_verb():
    """ "close on the afternoon of the fair": like a morning or an evening, an afternoon is a time, not what
    "close on" selects (the entity tagger's reading is cleared, so only the word list can say so)."""
    from tasks.dragon.questions_en_valency import _a_time

    for sentence in ("The Arden branch will close on the afternoon of the fair.",
                     "The Arden branch will close on the evening of the fair."):
        doc = nlp.spacy_en()(sentence)
        doc.ents = ()
        on = next(t for t in doc if t.lower_ == "on")
        assert _a_time(on), sentence
    doc = nlp.spacy_en()("The Arden branch will close on the Tarn Road depot.")
    doc.ents = ()
    assert not _a_time(next(t for t in doc if t.lower_ == "on"))


def test_a_rugby_or_football_club_suffix_names_the_side_played():
    """ "play Harlow RFC", "play Valdora CF": the club suffixes of the naming rules are team words of the game rules
    too, so where the game was played is a fact of it."""
    found = article("Keld Rovers played Harlow RFC in Tarnside.")
    assert ("Keld Rovers", "play Harlow RFC in", "Tarnside", "asserted") in found
    assert words_en.EN_CLUB_SUFFIXES < words_en.EN_TEAM_WORDS
    assert "city" not in words_en.EN_CLUB_SUFFIXES  # "Vatican City" is no club
