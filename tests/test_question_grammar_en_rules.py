"""tasks/dragon/question_grammar_en_rules: checks derived from general rules of English, each on invented
questions and sentences of our own: one it must catch and a similar correct one it must pass."""
from __future__ import annotations

import pytest

from tasks.dragon.question_grammar_en_rules import CHECKS
from tests.grammar_cases import case as _case
from tests.grammar_cases import check_case
from tests.grammar_cases import codes as _codes


_FERRY = ["The ferry Morrow Star was built by Tallis Yards in 2016 and sails twice a day."]
_MILL = ["Ostler Mill was restored in 1911 by the Penhale family."]

CASES = [
    # how many counts plurals; how much measures
    _case("how_many_noun", "How many lorry did Dunmore Haulage buy?", "twelve lorries",
          ["Dunmore Haulage bought twelve lorries in May."], True),
    _case("how_many_noun", "How many lorries did Dunmore Haulage buy?", "twelve lorries",
          ["Dunmore Haulage bought twelve lorries in May."], False),
    _case("how_many_noun", "How much lorries did Dunmore Haulage buy?", "twelve lorries",
          ["Dunmore Haulage bought twelve lorries in May."], True),
    _case("how_many_noun", "How much did Dunmore Haulage hire?", "140 drivers",
          ["Dunmore Haulage hired 140 drivers in May."], True),
    _case("how_many_noun", "How much did Dunmore Haulage pay?", "£3 million",
          ["Dunmore Haulage paid £3 million for the depot."], False),
    _case("how_many_noun", "How much did the depot handle?", "40,000 tonnes",
          ["The depot handled 40,000 tonnes of grain in May."], False),
    _case("how_many_noun", "How many staff did Dunmore Haulage hire?", "140 staff",
          ["Dunmore Haulage hired 140 staff in May."], False),
    # the subject does the verb
    _case("voice_flip", "When did the mill restore?", "1911",
          ["The mill was restored in 1911 by the Penhale family."], True),
    _case("voice_flip", "When was the mill restored?", "1911",
          ["The mill was restored in 1911 by the Penhale family."], False),
    _case("voice_flip", "Where did the ferry build?", "Tallis Yards",
          ["Tallis Yards built the ferry in Garrow in 2016."], True),
    _case("voice_flip", "Where did Tallis Yards build the ferry?", "Garrow",
          ["Tallis Yards built the ferry in Garrow in 2016."], False),
    _case("voice_flip", "When did the gallery open?", "1931",
          ["The gallery was opened by the mayor in 1931."], False),
    # who asks for people
    _case("who_place", "Who did the choir visit?", "France",
          ["The choir visited France last summer.", "The choir sang in France for a week."], True),
    _case("who_place", "Where did the choir go?", "France",
          ["The choir visited France last summer.", "The choir sang in France for a week."], False),
    _case("who_place", "Who will Ida Marsh play?", "Bretta",
          ["Ida Marsh will play the ferrywoman's daughter, Bretta."], False),
    _case("where_person", "Where did Arden Rovers sign?", "Ida Marsh",
          ["Arden Rovers signed the winger Ida Marsh, 24, in Kelby."], True),
    _case("where_person", "Who did Arden Rovers sign?", "Ida Marsh",
          ["Arden Rovers signed the winger Ida Marsh, 24, in Kelby."], False),
    _case("where_person", "Where did Arden Rovers sign Ida Marsh?", "Kelby",
          ["Arden Rovers signed the winger Ida Marsh, 24, in Kelby."], False),
    # names keep their capital
    _case("name_lowercase", "When did the Harwick otters beat Penmore?", "Friday",
          ["The Harwick Otters beat Penmore 71-68 on Friday."], False),
    _case("name_lowercase", "When did the Otters beat penmore?", "Friday",
          ["The Otters beat Penmore 71-68 on Friday."], True),
    _case("name_lowercase", "When did the Otters beat Penmore?", "Friday",
          ["The Otters beat Penmore 71-68 on Friday."], False),
    _case("capital_the", "How much did The Kelby Civic Society raise?", "£9,000",
          ["UPDATE: The Kelby Civic Society has raised £9,000 towards the appeal."], True),
    _case("capital_the", "How much did the Kelby Civic Society raise?", "£9,000",
          ["UPDATE: The Kelby Civic Society has raised £9,000 towards the appeal."], False),
    _case("capital_the", "What did The Kelby Courier report?", "the closure",
          ["The closure was first reported by The Kelby Courier on Monday."], False),
    # no owner questioned out of a definite object
    _case("possessor_gap", "Who did the coach praise the work rate of?", "Ida Marsh",
          ["The coach praised the work rate of Ida Marsh after the match."], True),
    _case("possessor_gap", "Whose work rate did the coach praise?", "Ida Marsh",
          ["The coach praised the work rate of Ida Marsh after the match."], False),
    _case("possessor_gap", "What is Ida Marsh the captain of?", "Arden Rovers",
          ["Ida Marsh, the captain of Arden Rovers, signed a new deal."], False),
]


@pytest.mark.parametrize("code,question,answer,sentences,caught", CASES)
def test_each_rule_catches_its_class_and_passes_the_correct_form(code, question, answer, sentences, caught):
    check_case(code, question, answer, sentences, caught)


def test_every_rule_has_a_case_that_it_must_catch():
    caught = {case.values[0] for case in CASES if case.values[4]} | {case[0] for case in EXTRA if case[4]} | {"org_in_place"}
    caught |= {case[0] for case in LEAD if case[4]} | {case[0] for case in ARTICLES_AND_FORMS if case[4]}
    assert caught >= {getattr(fn, "code") for fn in CHECKS}


def test_the_rules_are_among_the_filters_english_checks():
    from tasks.dragon.question_grammar_en import CHECKS as ALL

    assert all(fn in ALL for fn in CHECKS)


EXTRA = [
    ("article_sound", "Which club signed a outside centre?", "Arden Rovers",
     ["Arden Rovers signed an outside centre from Kelby on Monday."], True),
    ("article_sound", "Which club signed an outside centre?", "Arden Rovers",
     ["Arden Rovers signed an outside centre from Kelby on Monday."], False),
    ("article_sound", "Which club will hold a one-day trial and an hour-long session?", "Arden Rovers",
     ["Arden Rovers will hold a one-day trial and an hour-long session."], False),
    ("det_number", "Which club sold a tickets to Kelby fans?", "Arden Rovers",
     ["Arden Rovers sold 900 tickets to Kelby fans."], True),
    ("det_number", "Which club sold another 900 tickets to Kelby fans?", "Arden Rovers",
     ["Arden Rovers sold another 900 tickets to Kelby fans."], False),
    ("title_as_name", "Who did Insp praise?", "Ida Marsh",
     ["Insp. Tom Brell praised Ida Marsh for her quick thinking."], True),
    ("title_as_name", "Who did Insp. Tom Brell praise?", "Ida Marsh",
     ["Insp. Tom Brell praised Ida Marsh for her quick thinking."], False),
    ("verb_form", "When did Dunmore Haulage bought the depot?", "May",
     ["Dunmore Haulage bought the depot in May."], True),
    ("verb_form", "When did Dunmore Haulage buy the depot?", "May",
     ["Dunmore Haulage bought the depot in May."], False),
    ("verb_form", "When will Dunmore Haulage opens the depot?", "May",
     ["Dunmore Haulage will open the depot in May."], True),
    ("verb_form", "When did open the depot?", "May", ["Dunmore Haulage opened the depot in May."], True),
    ("verb_form", "Which company did Ida Marsh found?", "Marsh Bakes",
     ["Ida Marsh founded Marsh Bakes in 2011."], False),
    ("present_for_past", "Which mill does Dunmore Haulage own?", "Ostler Mill",
     ["Dunmore Haulage owned Ostler Mill until 2019, when it sold it to Kelby Council."], True),
    ("present_for_past", "Which mill did Dunmore Haulage own?", "Ostler Mill",
     ["Dunmore Haulage owned Ostler Mill until 2019, when it sold it to Kelby Council."], False),
    ("present_for_past", "Which mill does Dunmore Haulage own?", "Ostler Mill",
     ["Dunmore Haulage owns Ostler Mill and two depots."], False),
    ("what_intends", "What plans to visit six towns and will start in Kelby?", "the Kelby Rally",
     ["The Kelby Rally plans to visit six towns and will start in Kelby."], True),
    ("what_intends", "Which rally plans to visit six towns and will start in Kelby?", "the Kelby Rally",
     ["The Kelby Rally plans to visit six towns and will start in Kelby."], False),
    ("what_intends", "What connects Kelby and Arden?", "the A61",
     ["The A61 connects Kelby and Arden."], False),
    ("cut_label", "When did Kelby Lights reach number?", "2019",
     ["Their single Kelby Lights reached number one in 2019."], True),
    ("cut_label", "When did Kelby Lights reach number one?", "2019",
     ["Their single Kelby Lights reached number one in 2019."], False),
    ("doubled_word", "When did the the depot open?", "May", ["The depot opened in May."], True),
    ("doubled_word", "When did the depot open?", "May", ["The depot opened in May."], False),
    ("title_as_name", "Where did Ida Marsh move?", "Leeds",
     ["Ida Marsh moved to Leeds. Kelby was too small."], False),
]


@pytest.mark.parametrize("code,question,answer,sentences,caught", EXTRA)
def test_determiners_and_titles(code, question, answer, sentences, caught):
    check_case(code, question, answer, sentences, caught)


def test_a_stranded_in_asks_where_not_which_organization():
    sentence = "Arden Rovers finished in Marlow Premier after a late run."
    assert "org_in_place" in _codes("Which organization did Arden Rovers finish in?", "Marlow Premier", sentence)
    sentence = "Kelby Capital invested in Dunmore Haulage last year."
    assert "org_in_place" not in _codes("Which organization did Kelby Capital invest in?", "Dunmore Haulage", sentence)


LEAD = [
    # "how many" with nothing counted; a bare "how much" answered by a bare number
    ("how_many_noun", "How many straight did the Kelby Foxes win?", "five straight",
     ["The Kelby Foxes have won five straight."], True),
    ("how_many_noun", "How many games did the Kelby Foxes win?", "five games",
     ["The Kelby Foxes have won five games."], False),
    ("how_many_noun", "How much does Arden Robotics employ?", "about 90",
     ["Arden Robotics, founded in 2012, employs about 90."], True),
    ("how_many_noun", "How much did Arden Robotics raise?", "$4 million",
     ["Arden Robotics raised $4 million."], False),
    # a verb its sentence uses only in the passive, asked without its object
    ("object_dropped", "When did Marsh Hall rebuild?", "1988",
     ["The hall was built in 1902 for a mill owner, and rebuilt in 1988 by the council."], True),
    ("object_dropped", "When did the council rebuild Marsh Hall?", "1988",
     ["Marsh Hall was rebuilt in 1988 by the council."], False),
    ("object_dropped", "When did the market reopen?", "June",
     ["The market reopened in June."], False),
    ("object_dropped", "When did Ida Marsh retire?", "2020", ["Ida Marsh retired in 2020."], False),
    # an object the parser reads as an adverb because a score follows it ("beat Tarnside 2-0")
    ("object_dropped", "Where did Kelby Rovers beat?", "the Holm Road Ground",
     ["Kelby Rovers beat Tarnside 2-0 at the Holm Road Ground on Sunday."], True),
    ("object_dropped", "Where did Kelby Rovers win?", "the Holm Road Ground",
     ["Kelby Rovers won 2-0 at the Holm Road Ground on Sunday."], False),
    # "how large a ..." fronts the object in the question phrase
    ("object_dropped", "How large a roads budget did Kelby council approve?", "£2.1 million",
     ["Kelby council approved a roads budget of £2.1 million."], False),
    # a family asked as an organisation
    ("people_as_organization", "Which organizations own Kelby Mills?", ("Dunmore Capital", "the Ostler family"),
     ["Kelby Mills is owned by Dunmore Capital and the Ostler family."], True),
    ("people_as_organization", "Which organizations own Kelby Mills?", ("Dunmore Capital", "Arden Trust"),
     ["Kelby Mills is owned by Dunmore Capital and Arden Trust."], False),
    # an abbreviated title the question took for the person, whatever the item's sentence holds
    ("title_as_name", "How many offers did Cllr have?", "two offers", ["Marsh said he had two offers."], True),
    ("title_as_name", "How many offers did Cllr Ida Marsh have?", "two offers", ["Marsh said she had two offers."], False),
]


@pytest.mark.parametrize("code,question,answer,sentences,caught", LEAD)
def test_counts_dropped_objects_families_and_titles(code, question, answer, sentences, caught):
    check_case(code, question, answer, sentences, caught)


ARTICLES_AND_FORMS = [
    # an ordinal or "further" bare
    ("missing_article", "Who left the pitch in 34th minute?", "Sam Okoro",
     ["Okoro left the pitch in the 34th minute."], True),
    ("missing_article", "Who left the pitch in the 34th minute?", "Sam Okoro",
     ["Okoro left the pitch in the 34th minute."], False),
    ("missing_article", "Who will pay further $5,000 by June?", "Lena Morrow",
     ["Lena Morrow will pay a further $5,000 by June."], True),
    ("missing_article", "Who will pay a further $5,000 by June?", "Lena Morrow",
     ["Lena Morrow will pay a further $5,000 by June."], False),
    # a regular ending on a verb the sentences write irregular
    ("regular_for_irregular", "Who repayed $3,000?", "Lena Morrow", ["Lena Morrow has repaid $3,000."], True),
    ("regular_for_irregular", "Who repaid $3,000?", "Lena Morrow", ["Lena Morrow has repaid $3,000."], False),
    ("regular_for_irregular", "Who learned Welsh?", "Ida Marsh", ["Ida Marsh learned Welsh at school."], False),
    # a title without its modifier
    ("cut_title", "What is Ida Marsh the northern services manager of?", "Kelby Health",
     ["Kelby Health's northern dental services manager, Ida Marsh, said clinics would reopen."], True),
    ("cut_title", "What is Ida Marsh the northern dental services manager of?", "Kelby Health",
     ["Kelby Health's northern dental services manager, Ida Marsh, said clinics would reopen."], False),
    ("cut_title", "Who was the finance chair of Kelby Council?", "Ida Marsh",
     ["Ida Marsh, the former finance chair of Kelby Council, voted against."], False),
    ("cut_title", "What is Ida Marsh the general manager of?", "Kelby Power",
     ["Kelby Power's network general manager, Ida Marsh, said supply was restored."], False),
    ("cut_title", "Who was the committee chair of Kelby Council?", "Ida Marsh",
     ["Ida Marsh, the council's former finance committee chair, voted against."], True),
]


@pytest.mark.parametrize("code,question,answer,sentences,caught", ARTICLES_AND_FORMS)
def test_lost_articles_and_regular_pasts_of_irregular_verbs(code, question, answer, sentences, caught):
    check_case(code, question, answer, sentences, caught)


def test_the_irregular_past_check_lives_with_the_verb_form_checks_and_keeps_its_place():
    """Moved to question_grammar_fidelity (next to verb_not_said) and listed where it was among the English rules:
    the filter's order and verdicts do not change; the rules module stays under 700 lines with no import in
    ``_uses``."""
    import inspect

    from tasks.dragon import question_grammar_en_rules as rules
    from tasks.dragon.question_grammar_fidelity import regular_for_irregular

    names = [fn.__name__ for fn in CHECKS]
    assert CHECKS[names.index("regular_for_irregular")] is regular_for_irregular
    assert names[names.index("regular_for_irregular") - 1:names.index("regular_for_irregular") + 2] == \
        ["missing_article", "regular_for_irregular", "cut_title"]
    assert "import" not in inspect.getsource(rules._uses)
    assert len(inspect.getsource(rules).splitlines()) < 700
