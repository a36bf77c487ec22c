"""tasks.dragon.questions_en_verbs: English verb forms the question templates write (session 23: "repayed",
"spar" were released). Invented verbs in invented uses; spaCy's lemma tables are the lexicon."""
from __future__ import annotations

import pytest

from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_en_verbs import _en_verb_lemma, en_gerund, en_participle, en_past


@pytest.mark.parametrize("lemma, past, participle", [
    ("repay", "repaid", "repaid"), ("withhold", "withheld", "withheld"), ("undo", "undid", "undone"),
    ("oversee", "oversaw", "overseen"), ("rewrite", "rewrote", "rewritten"), ("reset", "reset", "reset"),
    ("prepay", "prepaid", "prepaid"), ("behave", "behaved", "behaved"), ("reprove", "reproved", "reproved"),
])
def test_a_prefixed_irregular_verb_keeps_the_irregular_forms(lemma, past, participle):
    assert (en_past(lemma), en_participle(lemma)) == (past, participle)


@pytest.mark.parametrize("lemma", ["relay", "resell"])
def test_a_prefixed_verb_whose_form_the_lexicon_does_not_confirm_is_refused(lemma):
    """ "relayed" is regular, "resold" is not: with a productive prefix and no form in the table the writer
    cannot know which, so it writes none."""
    with pytest.raises(NoTemplate):
        en_past(lemma)


@pytest.mark.parametrize("lemma, past, gerund", [
    ("spar", "sparred", "sparring"), ("spare", "spared", "sparing"), ("plan", "planned", "planning"),
    ("open", "opened", "opening"), ("fix", "fixed", "fixing"), ("row", "rowed", "rowing"), ("visit", "visited", "visiting"),
])
def test_one_syllable_ending_in_one_vowel_and_a_consonant_doubles_it(lemma, past, gerund):
    assert (en_past(lemma), en_gerund(lemma)) == (past, gerund)


@pytest.mark.parametrize("form, lemma", [("spared", "spare"), ("sparred", "spar"), ("taped", "tape"), ("tapped", "tap"),
                                         ("repaid", "repay")])
def test_a_past_form_is_read_as_the_lemma_whose_past_it_is(form, lemma):
    assert _en_verb_lemma(form) == lemma


def test_one_syllable_verbs_double_their_last_consonant_qu_included():
    from benchmill.nlp import en_doubles_final_consonant
    from tasks.dragon.questions_en_verbs import en_gerund

    assert [w for w in ("stop", "spar", "quit", "plan", "open", "rain", "fix", "row", "play", "go")
            if en_doubles_final_consonant(w)] == ["stop", "spar", "quit", "plan"]
    assert en_gerund("quit") == "quitting"  # "qu" is a consonant cluster: one vowel letter, "i"


def test_a_relation_holding_a_name_of_capitalised_words_is_no_relation():
    """ "Division 4B | Kelby Premier League at | Arden Park" ("Where is the Kelby Premier League Division 4B?"):
    a name left in the relation says nothing of how its ends relate; one capitalised word (a date, an
    adjective of a nation) is no name."""
    import pytest

    from tasks.dragon.questions_base import NoTemplate
    from tasks.dragon.questions_en import en_relation

    with pytest.raises(NoTemplate, match="holds a name where its role noun should be"):
        en_relation("Kelby Premier League at")
    assert en_relation("pay by 1 December").kind == "verb"
    assert en_relation("run a French immersion program in").kind == "verb"
    assert en_relation("Labour MP for").kind == "role"
    assert en_relation("back Kelby Chips since").kind == "verb"  # a verb's object may be a name
