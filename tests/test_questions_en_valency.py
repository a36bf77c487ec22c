"""What a fact's verb needs that its relation lost, and labels that are no name (questions_en_valency,
session 21). Sentences invented here; real spaCy parses."""
from __future__ import annotations

import pytest

from tasks.dragon.questions_en_answers import modifier_only
from tasks.dragon.questions_en_names import odd_label
from tests.test_questions_en_context import ask, fact, question


def _reason(item) -> str:
    return getattr(item, "reason", "")


@pytest.mark.parametrize("edge_args, answer, expected", [
    # a predicative the verb needs: "When did Pell Freight plead?"
    (("Pell Freight", "plead in", "March", "The court heard that Pell Freight, a haulier that pleaded guilty in March, "
      "paid a fine.", "org", "date"), "March", "lost what 'pleaded' needs ('guilty')"),
    # a complement the verb selects, said with a gerund: "Who did Judge Ravi Sen ban?"
    (("Ravi Sen", "ban", "Olwen Price", "Sen banned Olwen Price from driving a taxi for five years.",
      "person", "person"), "Olwen Price", "lost the complement 'banned' selects"),
    # the object of a contact relative clause: "Where has Kelby Mills rented?"
    (("Kelby Mills", "rent in", "Ashby", "Kelby Mills said it would leave the old warehouse it has rented in Ashby for "
      "a decade.", "org", "place"), "Ashby", "lost its object, the noun its relative clause hangs on ('warehouse')"),
    # the role that makes the object one: "Who did the Orchard Players cast?"
    (("Orchard Players", "cast", "Tamsin Reed", "The Orchard Players have cast Tamsin Reed in the lead role of "
      "their spring comedy.", "org", "person"), "Tamsin Reed", "is one of several without 'in the lead role"),
    # the second object of a verb said with two: "How many islands will Arden Ferries give?"
    (("Arden Ferries", "give", "three islands", "Arden Ferries will add a Sunday sailing, giving the three islands a "
      "second weekly service.", "org", "quantity"), "three islands", "lost the second object of 'giving'"),
    (("Arden Bank", "agree to lend", "Kelby Mills", "Arden Bank has agreed to lend Kelby Mills $8 million for a "
      "new dryer.", "org", "org"), "Kelby Mills", "lost the second object of 'lend'"),
    # a particle the parser reads as an adverb: "How many plots will Holm Homes set?"
    (("Holm Homes", "set", "25 plots", "Holm Homes will set aside 25 plots for first buyers.", "org", "quantity"),
     "25 plots", "lost the particle of 'set' ('aside')"),
    # an object that hangs on the noun the verb acts on: "Which organization did Holm Brewery buy?"
    (("Holm Brewery", "buy", "Kelby Mills", "Holm Brewery bought a stake in Kelby Mills in March.", "org", "org"),
     "Kelby Mills", "is not what 'buy' acts on but hangs on it ('a stake')"),
    (("Holm Brewery", "pay for", "Kelby Rugby Club", "Holm Brewery is paying for the new roof of Kelby Rugby Club.",
      "org", "org"), "Kelby Rugby Club", "hangs on it ('the new roof')"),
    # a verb said without the preposition it selects says another thing: "When does Orton County plan to close?"
    (("Kelby Mills", "plan to close", "March 3", "Kelby Mills plans to close on the Arden depot on March 3.",
      "org", "date"), "Kelby Mills", "lost the complement 'close' selects ('on the Arden depot')"),
    (("Kelby Mills", "apply in", "June", "Kelby Mills applied in June for a licence to sell cider.", "org", "date"),
     "June", "lost the complement 'applied' selects ('for a licence to sell cider')"),
    # a part picked from a whole: "How many tenders did Holm Roads submit the lowest of?"
    (("Holm Roads", "submit the lowest of", "six tenders", "The council chose Holm Roads, which submitted the lowest "
      "of six tenders.", "org", "quantity"), "six tenders", "acts on a part of what it would ask for"),
    # what an amount is added to: "How many minutes will Kelby Roads add?" says neither to what nor why
    (("Kelby Roads", "add", "about 15 minutes", "Kelby Roads will divert buses through Arden, adding about 15 minutes "
      "to the journey.", "org", "quantity"), "about 15 minutes",
     "lost what the amount of 'adding' is added to or taken off ('to the journey')"),
    (("Holm Council", "add", "4 per cent", "Holm Council added 4 per cent to the rates bill of every household.",
      "org", "quantity"), "Holm Council", "lost what the amount of 'added' is added to or taken off"),
    (("Holm Roads", "shave", "$2 million", "Holm Roads shaved $2 million off the cost of the bypass.", "org", "money"),
     "$2 million", "lost what the amount of 'shaved' is added to or taken off ('off the cost of the bypass')"),
])
def test_a_relation_that_lost_what_its_verb_needs_is_not_asked(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    assert question(item) is None and expected in _reason(item), (question(item), _reason(item))


@pytest.mark.parametrize("edge_args, answer, expected", [
    (("Pell Freight", "plead guilty in", "March", "Pell Freight pleaded guilty in March.", "org", "date"), "March",
     "When did Pell Freight plead guilty?"),
    (("Ravi Sen", "ban", "Olwen Price", "Sen banned Olwen Price after the hearing.", "person", "person"),
     "Olwen Price", "Who did Ravi Sen ban?"),
    # the noun is the clause's subject, not its object
    (("Kelby Mills", "open in", "2009", "Kelby Mills, which opened in 2009, employs 40 people.", "org", "date"),
     "2009", "When did Kelby Mills open?"),
    (("Kelby Council", "give", "Kelby Medal", "Kelby Council gave Ida Marsh the Kelby Medal in May.", "org", "other"),
     "Kelby Council", None),  # what is given is said; who receives may go
    (("Holm Homes", "set aside", "25 plots", "Holm Homes set aside 25 plots for first buyers.", "org", "quantity"),
     "25 plots", "How many plots did Holm Homes set aside?"),
    (("Kelby Council", "visit", "Arden", "Kelby Council visited the town of Arden on Friday.", "org", "place"),
     "Arden", None),
    # a game's opponent hangs on the game and is the verb's opponent too: "play ... against Y" keeps its premise
    (("Kelby Town", "play against", "Arden Rovers", "Kelby Town will play in the cup opener against Arden Rovers on "
      "Sunday.", "org", "org"), "Arden Rovers", None),
    # the subject is asked, not the cast one: "in the lead role" does not pick it
    (("Orchard Players", "cast", "Tamsin Reed", "The Orchard Players have cast Tamsin Reed in the lead role.",
      "org", "person"), "Orchard Players", None),
    # a thing added (no amount) is whole without what it joins
    (("Arden Air", "add", "Kelby", "Arden Air will add Kelby to its network in May.", "org", "place"), "Kelby",
     None),
])
def test_a_relation_that_keeps_what_its_verb_needs_is_asked(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    if expected is None:
        assert question(item) is not None, _reason(item)
    else:
        assert question(item) == expected, (question(item), _reason(item))


def test_a_passive_relation_of_an_active_verb_is_not_asked():
    item = ask([fact("Ines Varga", "be graduated in", "June", "Varga, 31, graduated from the Kelby School of Music in "
                     "June.", "person", "date")], "June")
    assert question(item) is None and "said in the active" in _reason(item), item
    item = ask([fact("Ines Varga", "be directed", "revival of Tides", "Varga directed the revival of Tides last winter.",
                     "person", "other")], "Ines Varga")
    assert question(item) is None and "in the active" in _reason(item), item
    # a passive the sentence says as one is asked
    item = ask([fact("Kelby Rovers", "be coached by", "Ines Varga", "Kelby Rovers are coached by Ines Varga.",
                     "org", "person")], "Ines Varga")
    assert question(item) == "Who is Kelby Rovers coached by?", item


def test_a_role_noun_read_as_a_verb_is_not_asked():
    item = ask([fact("Ines Varga", "associate musical director of", "Kelby Playhouse", "Varga, the Kelby Playhouse's "
                     "associate musical director, led the encore.", "person", "org")], "Kelby Playhouse")
    assert question(item) is None and "no verb in its sentence" in _reason(item), item
    item = ask([fact("Ines Varga", "associate conductor of", "Kelby Philharmonic", "Varga, the Kelby Philharmonic's "
                     "associate conductor, led the encore.", "person", "org")], "Kelby Philharmonic")
    assert question(item) == "What is Ines Varga the associate conductor of?", item  # a role, read as one


def test_a_figure_of_one_part_of_a_game_carries_it_or_is_not_asked():
    item = ask([fact("Rhys Mallory", "score", "nine points", "Guard Rhys Mallory scored nine points in the third quarter "
                     "for the Kelby Hawks.", "person", "quantity")], "nine points")
    assert question(item) == "How many points did Rhys Mallory score in the third quarter?", item
    # named, not answered: the period cannot be carried, the question is refused
    item = ask([fact("Rhys Mallory", "score", "nine points", "Guard Rhys Mallory scored nine points in the third quarter "
                     "for the Kelby Hawks.", "person", "quantity")], "Rhys Mallory")
    assert question(item) is None and "in the third quarter" in _reason(item), item


def test_a_name_that_only_modifies_a_noun_is_no_answer():
    assert modifier_only("Kelby Road", ["Crews will shut the Kelby Road off-ramp to the bypass on Sunday."])
    assert modifier_only("Tarn Motors", ["Lia Wren works at the Tarn Motors plant in Ashby."])
    assert not modifier_only("Tarn Motors", ["Lia Wren works at Tarn Motors in Ashby."])
    assert not modifier_only("Tarn Motors", ["Tarn Motors' plant in Ashby will close."])
    assert not modifier_only("Ashby", ["The plant in Ashby will close in May."])
    item = ask([fact("Kelby Council", "close", "Kelby Road", "Kelby Council will close the Kelby Road off-ramp to the "
                     "bypass on Sunday.", "org", "org")], "Kelby Road")
    assert question(item) is None and "modifies" in _reason(item), item


def test_a_person_described_by_age_is_no_name():
    assert odd_label("21-year-old")
    assert odd_label("the 30-year-old striker")
    assert odd_label("Kofi Aidoo") is None
    assert odd_label("Year-Old Records") is None
    item = ask([fact("Kelby Hawks", "sign", "21-year-old", "The 21-year-old was signed by the Hawks in May.",
                     "org", "person")], "Kelby Hawks")
    assert question(item) is None and "by age" in _reason(item), item


def test_a_name_cut_before_a_lower_case_particle_is_truncated():
    from tasks.dragon.questions_en_answers import truncated_name

    assert truncated_name("Port", ["Ferries to Port aux Loups were cancelled."])
    assert not truncated_name("Port Kelby", ["Ferries to Port Kelby were cancelled."])
    assert not truncated_name("Kelby", ["Ferries to Kelby on Sunday were cancelled."])


def test_the_question_word_says_what_the_answer_is_or_the_question_is_not_asked():
    # a name ended by a lower-case noun: that noun, not "which organization"
    item = ask([fact("Tarn Builders", "rebuild", "Wexcombe terminal", "The Wexcombe terminal was rebuilt by Tarn Builders "
                     "in 2019.", "org", "org")], "Wexcombe terminal")
    assert question(item) == "Which terminal did Tarn Builders rebuild in 2019?", item
    # a bare name one moves or travels to may be a town or a club
    item = ask([fact("Kelby Hawks", "travel to", "Ashby", "The Hawks travel to Ashby on Sunday.", "org", "org")], "Ashby")
    assert question(item) is None and "place or a body" in _reason(item), item
    item = ask([fact("Lia Wren", "move to", "Tarn Rovers Club", "Wren moved to Tarn Rovers Club in June.",
                     "person", "org")], "Tarn Rovers Club")
    assert question(item) is not None and question(item).startswith("Which club"), item


def test_a_name_before_the_relation_s_own_noun_is_the_fact_s_end():
    assert not modifier_only("Kelby Town", ["Ash Lane, the former Kelby Town coach, joined Tarn."], {"coach", "of"})
    assert modifier_only("Kelby Town", ["Ash Lane, the former Kelby Town coach, joined Tarn."])


def test_a_bare_name_travelled_to_is_not_asked_what():
    item = ask([fact("Kelby Hawks", "travel to", "Ashby", "The Hawks travel to Ashby on Sunday.", "org", "other")],
               "Ashby")
    assert question(item) is None and "place or a body" in _reason(item), item


def test_a_thing_named_by_a_hyphenated_price_is_no_name():
    from tasks.dragon.questions_en_checks import _priced_thing

    assert _priced_thing("$4-million boathouse")
    assert _priced_thing("£2.5-million footbridge")
    assert not _priced_thing("$4 million")
    assert not _priced_thing("$4-million")


def test_a_particle_goes_before_a_noun_phrase_object():
    edge = fact("Mia Kerr", "hand out", "seven assists", "Guard Mia Kerr handed out seven assists for Kelby.",
                "person", "quantity", n=1)
    assert question(ask([edge], "Mia Kerr")) == "Who handed out seven assists?"
    role = fact("Mia Kerr", "captain of", "Kelby Hawks", "Kerr, the Kelby Hawks' captain, played all 40 minutes.",
                "person", "org", n=2)
    assert question(ask([edge, role], "Mia Kerr", "conditional")) == \
        "Who handed out seven assists and is the captain of the Kelby Hawks?"


def test_a_tally_over_a_number_of_games_is_not_asked_as_a_total():
    item = ask([fact("Ann Lowe", "have", "14 goals", "Lowe now has 14 goals in 20 games this season, a club record.",
                     "person", "quantity")], "14 goals")
    assert question(item) is None and "in 20 games" in _reason(item), item
    item = ask([fact("Tarn Foods", "have", "38 shops", "Tarn Foods has 38 shops across Cumbria.", "org", "quantity")],
               "38 shops")
    assert question(item) == "How many shops does Tarn Foods have?", item


def test_a_bare_number_is_no_name_to_ask_about():
    item = ask([fact("60", "bring in from", "Tarn Power", "Kelby Power put 300 crews on standby, including 60 brought "
                     "in from Tarn Power.", "other", "org")], "Tarn Power")
    assert question(item) is None and "bare number" in _reason(item), item


def test_a_one_word_person_the_text_never_introduces_is_not_asked_who():
    item = ask([fact("Ann Lowe", "represent", "Ashby", "Ann Lowe, who represents Ashby, voted against the plan.",
                     "person", "person")], "Ashby")
    assert question(item) is None and "does not introduce as a person" in _reason(item), item
    item = ask([fact("Ann Lowe", "replace", "Kell", "Ann Lowe replaced Mr Kell as chair.", "person", "person")], "Kell")
    assert question(item) == "Who did Ann Lowe replace?", item


def test_an_opponent_held_off_is_asked_who():
    item = ask([fact("Kelby Hawks", "hold off", "Tarn Otters", "The Kelby Hawks held off the Tarn Otters 70-68 on Sunday.",
                     "org", "other")], "Tarn Otters")
    assert question(item) == "Who did the Kelby Hawks hold off?", item


def test_a_verb_whose_passive_says_its_objectless_parse_is_asked_in_the_passive():
    # "the choir formed in 1987": the intransitive "form" is the passive's sense
    item = ask([fact("Kelby Male Voice Choir", "be formed in", "1987", "The Kelby Male Voice Choir formed in 1987 and "
                     "sang at the abbey.", "org", "date")], "1987")
    assert question(item) == "When was the Kelby Male Voice Choir formed?", (question(item), _reason(item))
    # with an object the active turns the fact round, and stays refused
    item = ask([fact("Ines Varga", "be founded in", "1987", "Ines Varga founded the Kelby Male Voice Choir in 1987.",
                     "person", "date")], "1987")
    assert question(item) is None, item


def test_a_one_word_person_the_text_introduces_by_an_apposition_is_asked_who():
    item = ask([fact("Marta Quill", "hire", "Silvan", "Marta Quill hired Silvan, the inn's new head chef, in March.",
                     "person", "person")], "Silvan")
    assert question(item) == "Who did Marta Quill hire in March?", (question(item), _reason(item))
    item = ask([fact("Marta Quill", "hire", "Silvan", "Marta Quill hired Silvan, a town of 900, in March.",
                     "person", "person")], "Silvan")
    assert not (question(item) or "").startswith("Who"), item


@pytest.mark.parametrize("sentence, refused", [
    # a bare conjunct of a passive verb, with or without its own agent: the lodge was restored, it restored nothing
    ("The lodge was built by the engineer Ivo Brandt for a tea trader and restored in 2011 by its last owners.", True),
    ("The lodge was built by the engineer Ivo Brandt for a tea trader and restored in 2011.", True),
    ("Corran Lodge was restored in 2011.", True),
    # an active conjunct after a passive keeps its voice: it has an object of its own
    ("Corran Lodge was sold in 2009 and restored its west wing in 2011.", False),
])
def test_a_fact_said_in_the_passive_of_its_head_is_not_asked_as_its_deed(sentence, refused):
    item = ask([fact("Corran Lodge", "restore in", "2011", sentence, "place", "date")], "2011")
    if refused:
        assert "said in the passive" in getattr(item, "reason", ""), item
    else:
        assert "said in the passive" not in getattr(item, "reason", ""), item


def test_a_passive_with_its_agent_is_asked_of_the_agent():
    item = ask([fact("Ivo Brandt", "design", "Corran Lodge", "Corran Lodge was designed by Ivo Brandt.", "person",
                     "place")], "Ivo Brandt")
    assert question(item) == "Who designed Corran Lodge?", item


def test_a_time_after_a_selecting_verb_is_no_complement():
    item = ask([fact("Kelby Mills", "close on", "March 3", "Kelby Mills will close on March 3.", "org", "date")],
               "March 3")
    assert question(item) is not None and question(item).endswith("Kelby Mills close?"), _reason(item)


def test_a_verb_the_relation_governs_keeps_its_selected_preposition():
    from tasks.dragon.questions_en_valency import lost_dependent
    from tests.test_questions_en_context import fact

    said = fact("Kelby Mills", "plan to close", "March 3", "Kelby Mills plans to close on the Arden depot on March 3.",
                "org", "date")
    assert "lost the complement 'close' selects ('on the Arden depot')" in lost_dependent(said, "plan", True)
    shut = fact("Kelby Mills", "plan to close", "March 3", "Kelby Mills plans to close its Arden depot on March 3.",
                "org", "date")
    assert lost_dependent(shut, "plan", True) is None
    timed = fact("Kelby Mills", "close on", "March 3", "Kelby Mills plans to close on the Arden depot on March 3.",
                 "org", "date")  # the relation's "on" is the time's
    assert "lost the complement 'close' selects" in lost_dependent(timed, "close", True)
    depot = fact("Kelby Mills", "close on", "Arden depot", "Kelby Mills plans to close on the Arden depot on March 3.",
                 "org", "other")
    assert lost_dependent(depot, "close", True) is None


@pytest.mark.parametrize("sentence", [
    "Kelby Rovers beat Tarnside 2-0 at the Holm Road Ground on Sunday to go top.",
    # a guard that already held before the rule (73f7116 passes it): the parser reads "the Tarn Otters" as the object
    "Kelby Rovers beat the Tarn Otters 31-17 at the Holm Road Ground.",
])
def test_an_object_before_a_score_is_the_verbs_object(sentence):
    # the parser reads the opponent as an adverb and a number of the score as the object: "Where did X beat?" lost
    # the opponent, and "Who did X beat?" is whole
    where = ask([fact("Kelby Rovers", "beat at", "Holm Road Ground", sentence, "org", "place")], "Holm Road Ground")
    assert question(where) is None and "lost the object of 'beat'" in _reason(where), question(where)
    opponent = "Tarnside" if "Tarnside" in sentence else "Tarn Otters"
    who = ask([fact("Kelby Rovers", "beat", opponent, sentence, "org", "org")], opponent)
    assert question(who) is not None and question(who).endswith("Kelby Rovers beat?"), _reason(who)


@pytest.mark.parametrize("head, sentence, expected", [
    ("Cllr Maya Orrin", "Cllr Maya Orrin, who represents Ashby North, opposed the plan.",
     "Which area does Cllr Maya Orrin represent?"),
    ("Maya Orrin", "Maya Orrin, who represents Ashby North, opposed the plan. Turnout in Ashby North ward was 31%.",
     "Which ward does Maya Orrin represent?"),
    ("Maya Orrin", "The councillor Maya Orrin, who represents Ashby North, opposed the plan.",
     "Which area does Maya Orrin represent?"),
    # a lawyer's client stays a person
    ("Maya Orrin", "The lawyer Maya Orrin, who represents Ashby North, said he would appeal.",
     "Who does Maya Orrin represent?"),
])
def test_the_area_an_elected_member_represents_is_asked_which_area(head, sentence, expected):
    edge = fact(head, "represent", "Ashby North", sentence.split(". ")[0] + ".", "person", "person")
    edge.sentences.extend(s for s in sentence.split(". ")[1:])  # another sentence of the text names the ward
    item = ask([edge], "Ashby North")
    assert question(item) == expected, (question(item), _reason(item))


@pytest.mark.parametrize("head, tail, sentence, tail_type, expected", [
    # a country is asked "Which country", whoever represents it (a sports side or a government)
    ("Tom Hale", "Wales", "Tom Hale, who represents Wales at the Commonwealth Games, won a silver medal.", "place",
     "Which country does Tom Hale represent?"),
    ("Ruth Kemp", "Scotland", "Ruth Kemp has represented Scotland 40 times.", "place",
     "Which country did Ruth Kemp represent?"),
    ("Iwan Rees", "New Zealand", "Iwan Rees, who represented New Zealand at the worlds, retired on Monday.", "place",
     "Which country did Iwan Rees represent?"),
    # a place a lawyer or a county player represents is no elected member's area: what it was before
    ("Ruth Kemp", "Kerrow", "Ruth Kemp, a solicitor who represents Kerrow in the boundary dispute, spoke to us.", "place",
     "What does Ruth Kemp represent?"),
    ("Ravi Sen", "Kelby", "Ravi Sen, who represents Kelby at under-18 level, scored twice.", "place",
     "What does Ravi Sen represent?"),
    # an elected member written with the title after the name, or in apposition
    ("Tom Hale", "Kerrow", "Tom Hale, the Labour MP who represents Kerrow, spoke to us.", "place",
     "Which area does Tom Hale represent?"),
    # a body an elected member represents is no area: refused as before (nothing says it is an organisation)
    ("Cllr Tom Hale", "Unison", "Cllr Tom Hale, who represents Unison on the panel, spoke to us.", "org", None),
    ("Cllr Tom Hale", "Kerrow Residents", "Cllr Tom Hale, who represents Kerrow Residents on the panel, spoke to us.",
     "org", None),
    ("Senator Tom Hale", "Labour", "Senator Tom Hale, who represents Labour in the talks, spoke to us.", "org", None),
    ("Cllr Ann Price", "Holm Tenants", "Cllr Ann Price, who represents Holm Tenants at the inquiry, objected.", "org",
     None),
])
def test_a_place_represented_is_an_area_only_for_an_elected_member(head, tail, sentence, tail_type, expected):
    item = ask([fact(head, "represent", tail, sentence, "person", tail_type)], tail)
    assert question(item) == expected, (question(item), _reason(item))


@pytest.mark.parametrize("head, relation, tail, sentence, tail_type", [
    ("85 staff", "transfer to", "Kelby Foods", "The bakery will stay open, and Tarn Crust's 85 staff will transfer to "
     "Kelby Foods in May.", "org"),
    ("40 staff", "move to", "Ashby", "Arden Mills said its 40 staff would move to Ashby next year.", "place"),
])
def test_an_amount_is_no_subject_a_question_can_name(head, relation, tail, sentence, tail_type):
    item = ask([fact(head, relation, tail, sentence, "quantity", tail_type)], tail)
    assert question(item) is None and "lost the owner its sentence gives it" in _reason(item), (question(item), _reason(item))
    # a count that says whose it is by its own words is a subject; asked for, a count is the answer
    item = ask([fact("About 900 Kelbians", "move to", "Ashby", "About 900 Kelbians moved to Ashby last year.",
                     "quantity", "place")], "Ashby")
    assert question(item) is not None and "about 900 Kelbians" in question(item), _reason(item)
    item = ask([fact("Tarn Crust", "employ", "85 staff", "Tarn Crust employs 85 staff in Kelby.", "org", "quantity")],
               "85 staff")
    assert question(item) == "How many staff does Tarn Crust employ?", (question(item), _reason(item))


def test_a_number_after_the_object_makes_no_amount_to_add():
    """ "add scheduled flights to 14 villages": the number counts the villages, the flights are no amount, and "to"
    says where they go; "adding 12 minutes to the trip" adds an amount, which needs what it is added to."""
    from tasks.dragon.questions_en_valency import lost_dependent

    flights = fact("Kelby Air", "add daily flights in", "next year", "Kelby Air will add daily flights to 12 villages "
                   "in the Arden Delta next year.", "org", "date")
    assert lost_dependent(flights, "add", False) is None
    minutes = fact("Arden Air", "add", "12 minutes", "Arden Air will stop at Kelby, adding 12 minutes to the trip.",
                   "org", "quantity")
    assert "('to the trip')" in lost_dependent(minutes, "add", True)



def test_a_count_of_things_added_is_whole_without_what_it_is_added_to():
    """Review 88: "add 120 jobs to its workforce" lost "How many jobs will X add?"; only a measure of time, money or
    share needs what it is added to."""
    from tasks.dragon.questions_en_valency import lost_dependent

    staff = fact("Holme Dairy", "add", "60 staff", "Holme Dairy will add 60 staff to its payroll of 400 by June.",
                 "org", "quantity", "planned")
    assert lost_dependent(staff, "add", True) is None
    goals = fact("Tarnby", "add", "three goals", "Tarnby added three goals to their tally after the break.", "org",
                 "quantity")
    assert lost_dependent(goals, "add", True) is None
    for text, amount in (("Holme Dairy will add $4 million to the budget.", "$4 million"),
                         ("The detour will add 15 minutes to the journey.", "15 minutes"),
                         ("The levy will add 3% to bills.", "3%")):
        priced = fact("Holme Dairy", "add", amount, text, "org", "money")
        assert lost_dependent(priced, "add", True) is not None, text


@pytest.mark.parametrize("edge_args, answer, expected", [
    # a sum put, poured or allocated towards / into something: "How much did Holm Council put?" says nothing whole
    (("Holm Council", "put over two years", "$4 million", "The pool is funded by Holm Council, which has put $4 million "
      "towards it over two years.", "org", "money"), "$4 million", "('towards it')"),
    (("Holm Council", "pour", "$6 million", "Holm Council poured $6 million into the new stadium.", "org", "money"),
     "$6 million", "('into the new stadium')"),
    (("Holm Council", "allocate", "$2 million", "Holm Council allocated $2 million to the library upgrade.", "org",
      "money"), "$2 million", "('to the library upgrade')"),
    # a thing taken, sent or brought somewhere: "the mare that the Reids plan to take" is cut before where
    (("Kelby Reid", "plan to take", "Ashby Rose", "Kelby Reid plans to take Ashby Rose to Arden for the autumn cup.",
      "person", "person"), "Ashby Rose", "'take' puts, moves or turns its object ('to Arden')"),
    (("Holm Freight", "send", "40 drivers", "Holm Freight sent 40 drivers to the Arden depot.", "org", "quantity"),
     "40 drivers", "('to the Arden depot')"),
])
def test_a_verb_that_puts_or_moves_its_object_keeps_where_or_is_not_asked(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    assert question(item) is None and "puts, moves or turns its object" in _reason(item) \
        and expected in _reason(item), (question(item), _reason(item))


@pytest.mark.parametrize("edge_args, answer, expected", [
    # the goal said in the relation, or no object to move: the question is whole
    (("Holm Council", "put towards", "Arden Aquatic Centre", "Holm Council has put $4 million towards Arden Aquatic "
      "Centre.", "org", "org"), "Arden Aquatic Centre", None),
    (("Holm Freight", "move in", "May", "Holm Freight moved to Arden in May.", "org", "date"), "May",
     "When did Holm Freight move to Arden?"),
    (("Holm Freight", "take", "40 staff", "Holm Freight took 40 staff from the closed plant.", "org", "quantity"),
     "40 staff", "How many staff did Holm Freight take?"),
])
def test_a_verb_with_its_goal_said_or_no_object_is_asked(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    if expected is None:  # other checks may refuse it ("lost the object of 'put'"), never for its goal
        assert "puts, moves or turns" not in _reason(item), _reason(item)
    else:
        assert question(item) == expected, (question(item), _reason(item))


@pytest.mark.parametrize("edge_args, answer", [
    # the place the money is spent on, read as who receives it: a false premise
    (("Holm Plain", "receive over four years", "$5 million", "Kelby Trust will receive $5 million over four years for "
      "restoring wetland on the Holm Plain.", "place", "money"), "$5 million"),
    (("Arden Valley", "get", "$4 million", "The school will get $4 million to upgrade the road through Arden Valley.",
      "place", "money"), "$4 million"),
    (("Kelby Lotto", "win", "$5 million", "Ida Marsh won $5 million in the Kelby Lotto draw.", "org", "money"),
     "$5 million"),
])
def test_who_receives_money_is_the_subject_never_a_name_in_its_purpose(edge_args, answer):
    item = ask([fact(*edge_args)], answer)
    assert question(item) is None and "not as the subject of" in _reason(item), (question(item), _reason(item))


def test_a_receiver_named_as_the_subject_is_asked():
    item = ask([fact("Kelby Trust", "receive", "$5 million", "Kelby Trust, based in Arden, will receive $5 million for "
                     "the Holm Plain project.", "org", "money", "planned")], "$5 million")
    assert question(item) == "How much will Kelby Trust receive?", _reason(item)
