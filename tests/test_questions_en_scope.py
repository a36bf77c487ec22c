"""Issue 10, the fifth English question round: the question word by how the article introduces a
thing, whole names (the article's other sentences, scores, lower-case nouns), and the scope, position
and subject a question cut from a fact must not lose (questions_en_scope). Every sentence is written
for this test in the shape of a failure an independent judge found; real spaCy parses, nothing mocked."""
from __future__ import annotations

import pytest

from schemas import Subgraph
from tasks.dragon.questions import generate_questions
from tasks.dragon.questions_en import en_former_once
from tasks.dragon.questions_en_answers import written_lowercase
from tasks.dragon.questions_en_names import longer_form, odd_label, person_evidence
from tests.test_questions_en_context import RULES, ask, fact, question


def _reason(item) -> str:
    return getattr(item, "reason", "")


# --- the question word: what the article says the thing is --------------------------------------------

@pytest.mark.parametrize("label, sentences, expected", [
    ("Tevita Manu", ["Harbury Rhinos have signed the Fiji international winger Tevita Manu on a two-year deal."], True),
    ("Tevita Manu", ["Manu, 24, scored twice on his debut."], True),  # an age after the surname
    ("Tevita Manu", ["Mr Manu said he was delighted."], True),
    ("Harbury Rhinos", ["Harbury Rhinos have signed the winger Tevita Manu."], False),
    ("Kenby Rowing Club", ["the former treasurer of Kenby Rowing Club"], False),
])
def test_a_person_is_known_by_how_the_article_introduces_them(label, sentences, expected):
    assert person_evidence(label, sentences) is expected


def test_a_person_the_tagger_called_an_organisation_is_asked_who():
    item = ask([fact("Harbury Rhinos", "sign", "Tevita Manu",
                     "Harbury Rhinos have signed the Fiji international winger Tevita Manu from Castleford.",
                     "org", "org")], "Tevita Manu")
    assert question(item) == "Who did Harbury Rhinos sign?"


def test_a_named_building_is_described_by_its_class_noun_not_as_a_person():
    item = ask([fact("Ellen Marsh", "design", "Corran Arcade", "The arcade was designed in 1901 by the architect Ellen Marsh.",
                     "person", "person", n=1),
                fact("Moorfield Homes", "buy", "Corran Arcade", "Moorfield Homes has bought the Corran Arcade for £3 million.",
                     "org", "person", n=2)], "Moorfield Homes", "multi-hop", hidden=["n:Corran Arcade"])
    assert question(item) == "Which organization bought the arcade that Ellen Marsh designed?"


def test_a_league_is_asked_as_a_league_and_a_lost_position_is_skipped():
    item = ask([fact("Harbury Rhinos", "finish in", "Premier League",
                     "The Rhinos finished third in Premier League last season.", "org", "org")], "Premier League")
    assert "position 'third'" in _reason(item)
    item = ask([fact("Harbury Rhinos", "play in", "Premier League", "Harbury Rhinos play in Premier League.",
                     "org", "org")], "Premier League")
    assert question(item) == "Which league do Harbury Rhinos play in?"


# --- whole names ------------------------------------------------------------------------------------------

def test_a_name_with_a_score_stuck_to_it_is_no_name():
    assert odd_label("Tolland Town 2–0")
    assert odd_label("Tolland Town 12-3")
    assert odd_label("Tolland Town") is None
    assert odd_label("Route 66") is None


def test_a_common_noun_the_extractor_capitalised_is_no_answer():
    assert written_lowercase("Hospital", ["The trust, which runs the hospital, is hiring."])
    assert not written_lowercase("Hospital", ["It runs St Anne's Hospital."])
    item = ask([fact("Kenby Health Trust", "run", "Hospital", "The Kenby Health Trust, which runs the hospital, is hiring 12 nurses.",
                     "org", "other")], "Hospital")
    assert "lower case" in _reason(item)


def test_a_common_noun_ending_a_longer_name_is_truncated():
    item = ask([fact("Kenby Power", "fund a water tank for", "Rescue",
                     "Kenby Power will fund a water tank for West Dale Fire and Rescue at the gate.", "org", "org")],
               "Kenby Power")
    assert "part of a longer name" in _reason(item)


def test_a_short_club_name_takes_the_full_name_the_article_writes():
    said = ["Tolland's captain, Ash Lane, scored twice.", "Greywell United beat Tolland Town 2–0 on Saturday."]
    assert longer_form("Tolland", said) == "Tolland Town"
    assert longer_form("Tolland", said[:1]) == "Tolland"
    assert longer_form("Tolland", ["Tolland Town won.", "Tolland Rovers lost."]) == "Tolland"  # two longer names


def _batch(*subgraphs):
    return generate_questions(list(subgraphs), RULES)


def _simple(edge, answer):
    nodes = {edge.head, edge.tail}
    return Subgraph(subgraph_id=f"s-{edge.edge_id}", type="simple", lang="en", edges=[edge],
                    answer_nodes=[f"n:{answer}"], question_nodes=sorted(nodes - {f"n:{answer}"}))


def test_the_rest_of_the_article_completes_a_name_and_its_article():
    captain = fact("Ash Lane", "captain of", "Tolland", "Tolland's captain, Ash Lane, scored twice.", "person", "org", n=1)
    result = fact("Greywell United", "beat", "Tolland Town", "Greywell United beat Tolland Town on Saturday.", "org", "org", n=2)
    batch = _batch(_simple(captain, "Tolland"), _simple(result, "Tolland Town"))
    asked = {i.question: i.answers for i in batch.items}
    assert asked.get("What is Ash Lane the captain of?") == ["Tolland Town"], asked
    release = fact("Fernhills", "release", "Low Tides", "The band released Low Tides in 2021.", "org", "other", n=3)
    intro = fact("Fernhills", "play in", "Leeds", "The Fernhills, a Bristol folk band, will play in Leeds.", "org", "place", n=4)
    batch = _batch(_simple(release, "Low Tides"), _simple(intro, "Leeds"))
    assert "What did the Fernhills release in 2021?" in {i.question for i in batch.items}, batch


def test_a_persons_name_takes_no_article_from_a_description_before_it():
    item = ask([fact("Harbury Rhinos", "sign", "Tom Pell", "Harbury Rhinos have signed the veteran Tom Pell.", "org", "person")],
               "Tom Pell")
    assert item.answers == ["Tom Pell"]


# --- the subject the sentence gives the fact -----------------------------------------------------------------

def test_a_pronoun_or_class_noun_subject_that_cannot_be_the_facts_subject_is_skipped():
    item = ask([fact("Harbury Rhinos", "replace", "Tom Pell", "He will replace the veteran Tom Pell, who retires in May.",
                     "org", "person")], "Tom Pell")
    assert "resolved wrongly" in _reason(item)
    item = ask([fact("Tevita Manu", "sell", "5,100 season tickets", "The club has sold 5,100 season tickets for next year.",
                     "person", "quantity")], "5,100 season tickets")
    assert "resolved wrongly" in _reason(item)
    item = ask([fact("Tevita Manu", "join", "Hull Rovers", "He joined Hull Rovers in 2019.", "person", "org")], "Hull Rovers")
    assert question(item) is not None


# --- scope, period, position ----------------------------------------------------------------------------------

@pytest.mark.parametrize("edge_args, answer, reason", [
    (("Ridley Buses", "carry", "3.1 million passengers", "Ridley Buses carried 3.1 million passengers on the route last year.",
      "org", "quantity"), "3.1 million passengers", "scoped by 'on the route'"),
    # "on new players" is carried since session 20 (test_questions_en_attach); "on their ..." cannot be
    (("Harbury Rhinos", "spend", "£220,000", "The Rhinos have spent £220,000 on their new stand this summer.", "org", "money"),
     "£220,000", "spent on something the question cannot carry"),
    (("Tevita Manu", "make", "40 appearances", "Manu made 40 appearances for Castleford over two seasons.", "person", "quantity"),
     "40 appearances", "'over two seasons'"),
    (("Moorfield Homes", "end", "40 years", "Moorfield Homes bought the mill, ending 40 years of ownership by the Pike family.",
      "org", "quantity"), "40 years", "'of ownership'"),
    (("Glasswing", "be streamed in", "March", "Their single, Glasswing, has been streamed 2 million times since March.",
      "other", "date"), "March", "follows 'since'"),
])
def test_a_figure_or_date_loses_its_scope(edge_args, answer, reason):
    assert reason in _reason(ask([fact(*edge_args)], answer))


def test_a_figure_without_a_scope_is_still_asked():
    item = ask([fact("Ridley Buses", "employ", "340 people", "Ridley Buses employs 340 people.", "org", "quantity")], "340 people")
    assert question(item) == "How many people does Ridley Buses employ?"
    item = ask([fact("Fernhills", "play", "16 dates", "The Fernhills will play 16 dates next spring.", "org", "quantity",
                     modality="planned")], "16 dates")
    assert question(item) == "How many dates will the Fernhills play?"


def test_a_town_that_says_where_the_venue_is_is_no_answer_to_where():
    item = ask([fact("The Fernhills", "finish in", "Bristol", "The Fernhills will finish their tour at the Colston Hall in Bristol.",
                     "org", "place")], "Bristol")
    assert "says where 'the Colston Hall' is" in _reason(item)
    item = ask([fact("Fernhills", "play in", "Bristol", "The Fernhills will play in Bristol in June.", "org", "place",
                     modality="planned")], "Bristol")
    assert question(item) == "Where will the Fernhills play?"


def test_one_of_two_coordinated_roads_is_no_answer():
    item = ask([fact("Kenby Council", "close", "B6160",
                     "Kenby Council may close the B6160 over Fell Moss and the B6265 near Settle if snow falls.", "org", "other")],
               "B6160")
    assert "'B6265' too" in _reason(item)


def test_an_answer_named_as_a_described_thing_keeps_the_description_or_is_skipped():
    item = ask([fact("Fernhills", "release", "Low Tides", "The Fernhills released their second album, Low Tides, in 2021.",
                     "org", "other")], "Low Tides")
    assert question(item) == "What is the name of the Fernhills' second album?"
    item = ask([fact("Fernhills", "release", "Low Tides", "The Fernhills released a remixed second album, Low Tides, in 2021.",
                     "org", "other")], "Low Tides")
    assert "a remixed second album" in _reason(item)


def test_a_tally_carries_its_period():
    item = ask([fact("Ridley Buses", "carry", "3.1 million passengers", "Ridley Buses carried 3.1 million passengers last year.",
                     "org", "quantity")], "3.1 million passengers")
    assert question(item) == "How many passengers did Ridley Buses carry last year?"


def test_a_place_joined_stands_for_a_body_in_it():
    item = ask([fact("Priya Shah", "join", "Durham", "Shah, who joined Durham from King's College London in 2019, leads the lab.",
                     "person", "place")], "Durham")
    assert "joined or left" in _reason(item)


# --- roles -------------------------------------------------------------------------------------------------------

def test_a_role_completed_otherwise_in_the_text_is_skipped():
    item = ask([fact("Omar Reid", "former director at", "Kenby Council",
                     "Omar Reid, the former director of housing at Kenby Council, said the plan was sound.", "person", "org")],
               "Kenby Council")
    assert "'director of housing'" in _reason(item)
    item = ask([fact("Nia Cole", "curator of", "Dales Trust", "Nia Cole, the Dales Trust's curator for the west, said so.",
                     "person", "org")], "Dales Trust")
    assert "curator for the west" in _reason(item)
    item = ask([fact("Omar Reid", "manager of", "Kenby Rowing Club", "Omar Reid, the manager of Kenby Rowing Club, said so.",
                     "person", "org")], "Kenby Rowing Club")
    assert question(item) == "What is Omar Reid the manager of?"


def test_a_former_post_is_said_once():
    item = ask([fact("Omar Reid", "former treasurer of", "Kenby Rowing Club",
                     "Omar Reid, the former treasurer of Kenby Rowing Club, said the plan was sound.", "person", "org")],
               "Kenby Rowing Club")
    assert question(item) == "What was Omar Reid the treasurer of?"
    assert en_former_once("What is the former mill used for?") == "What is the former mill used for?"


def test_an_expected_arrival_is_asked_as_expected_not_as_the_subjects_expectation():
    item = ask([fact("Tevita Manu", "arrive in", "Hull", "Manu is expected to arrive in Hull in March.", "person", "place",
                     modality="planned")], "Hull")
    assert question(item) == "Where is Tevita Manu expected to arrive?"


def test_a_passive_date_after_since_is_no_when():
    item = ask([fact("Glasswing", "be streamed since", "March", "Glasswing has been streamed 2 million times since March.",
                     "other", "date")], "March")
    assert question(item) is None and "since" in _reason(item)


def test_a_town_after_the_venue_on_the_same_verb_is_no_answer_to_where():
    item = ask([fact("Fernhills", "finish in", "Bristol", "The Fernhills will play 12 dates, finishing at the Colston Hall "
                     "in Bristol on 2 June.", "org", "place", modality="planned")], "Bristol")
    assert "says where 'the Colston Hall' is" in _reason(item)


def test_money_raised_towards_a_purpose_is_not_asked_without_it():
    item = ask([fact("Kenby Society", "raise", "£9,000", "The Kenby Society has raised £9,000 towards a legal challenge.",
                     "org", "money")], "£9,000")
    assert "towards a legal challenge" in _reason(item)


def test_a_name_with_a_plural_verb_is_a_team_and_he_cannot_be_it():
    from tasks.dragon.questions_en_names import group_evidence

    assert group_evidence("Harbury Rhinos", ["Harbury Rhinos have signed the winger Tevita Manu."])
    assert not group_evidence("Tevita Manu", ["Tevita Manu has signed for Harbury Rhinos."])
    assert not group_evidence("Harbury Rhinos", ["Tolland and Harbury Rhinos have met twice."])
    signing = fact("Harbury Rhinos", "sign", "Tevita Manu", "Harbury Rhinos have signed the winger Tevita Manu.",
                   "person", "person", n=1)
    replacing = fact("Harbury Rhinos", "replace", "Tom Pell", "He will replace the veteran Tom Pell in May.", "person", "person",
                     modality="planned", n=2)
    batch = generate_questions([_simple(signing, "Tevita Manu"), _simple(replacing, "Tom Pell")], RULES)
    assert not [i for i in batch.items if "replace" in i.question], batch.items
    reasons = [f.reason for f in batch.failures if f.key == _simple(replacing, "Tom Pell").subgraph_id]
    assert len(reasons) == 1 and "'He'" in reasons[0] and "resolved wrongly" in reasons[0], batch.failures


def test_a_measure_carries_what_it_measures():
    item = ask([fact("Kenby Rail", "replace", "900 metres", "Kenby Rail will replace 900 metres of track in June.", "org",
                     "quantity", modality="planned")], "900 metres")
    assert question(item) == "How many metres of track will Kenby Rail replace?"


def test_a_word_after_an_and_the_tagger_kept_in_a_name_is_a_piece_of_it():
    from tasks.dragon.questions_en_answers import truncated_name

    sentence = "The company will fund a new fire engine for East Moor Fire and Rescue at the station gate."
    assert truncated_name("Rescue", [sentence])
    assert not truncated_name("Porto", ["Lusitano Rail will run hourly trains between Lisbon and Porto."])


def test_an_answer_the_sentence_only_refers_to_is_not_asked():
    item = ask([fact("Ella Moss", "order stock from", "Dan Pryce", "Ella Moss tried to order stock from the supplier.",
                     "person", "org")], "Dan Pryce")
    assert "not written in its sentences" in _reason(item)
    item = ask([fact("Ella Moss", "order stock from", "Dan Pryce", "Ella Moss tried to order stock from Dan Pryce.",
                     "person", "person")], "Dan Pryce")
    assert question(item) is not None


def test_a_sentence_opening_approximator_is_no_name_and_we_is_no_place():
    item = ask([fact("About 90 homes", "be flooded in", "Kenby", "About 90 homes were flooded in Kenby overnight.",
                     "other", "place")], "Kenby")
    assert "is a description" in _reason(item)
    item = ask([fact("Kenby", "be promised sea wall in", "2020", "\"We were promised sea wall in 2020,\" she said.",
                     "place", "date")], "2020")
    assert "its speakers" in _reason(item)


def test_a_persons_short_name_is_completed_from_the_rest_of_the_article():
    jailed = fact("Ruth Obi", "jail", "Pryce", "Judge Ruth Obi, who jailed Pryce, called it a betrayal.", "person", "person", n=1)
    named = fact("Dan Pryce", "steal", "£40,000", "Dan Pryce stole £40,000 from the club.", "person", "money", n=2)
    batch = generate_questions([_simple(jailed, "Pryce"), _simple(named, "£40,000")], RULES)
    assert [i.answers for i in batch.items if i.question == "Who did Ruth Obi jail?"] == [["Dan Pryce"]], batch


def test_a_person_lost_to_something_is_not_asked_without_it():
    item = ask([fact("Tolland Town", "lose", "Tom Reed", "Tolland Town lost the flanker Tom Reed to a red card after an hour.",
                     "org", "person")], "Tom Reed")
    assert "to a red card" in _reason(item)
    item = ask([fact("Tolland Town", "sell", "Tom Reed", "Tolland Town sold Tom Reed to Harbury Rhinos.", "org", "person")],
               "Tom Reed")
    assert question(item) == "Who did Tolland Town sell?", item


def test_he_cannot_be_a_team_named_by_a_plural_noun():
    # typed a team; one typed a person with no plural verb may be a person ("Sam Rivers"):
    # test_questions_en_review.test_a_person_whose_surname_looks_plural_can_be_he
    item = ask([fact("Harbury Rhinos", "replace", "Tom Pell", "He will replace Tom Pell in May.", "org", "person",
                     modality="planned")], "Tom Pell")
    assert "resolved wrongly" in _reason(item)


def test_a_measure_carries_what_it_measures_up_to_its_noun():
    item = ask([fact("Tide Line", "follow", "four generations", "Tide Line follows four generations of a fishing family in Kenby.",
                     "other", "quantity")], "four generations")
    assert question(item) == "How many generations of a fishing family does Tide Line follow?"


def test_a_named_place_an_event_is_at_is_asked_as_its_venue():
    item = ask([fact("Fernhills", "finish at", "Colston Exchange", "The Fernhills will play 12 dates, finishing at the "
                     "Colston Exchange in Bristol on 2 June.", "other", "org", modality="planned")], "Colston Exchange")
    assert question(item) == "At which venue will the Fernhills finish?"
    item = ask([fact("Ana Roe", "study at", "Kenby Conservatoire", "Ana Roe studied at the Kenby Conservatoire.",
                     "person", "org")], "Kenby Conservatoire")
    assert question(item) == "Where did Ana Roe study?"


def test_a_street_in_a_town_is_no_single_answer_to_where():
    item = ask([fact("Mair Evans", "live on", "Bryn Street", "Mair Evans, 68, who has lived on Bryn Street in Kenby for 30 years, "
                     "said the water rose fast.", "person", "place")], "Bryn Street")
    assert "which answers 'Where ...?' too" in _reason(item)


def test_a_club_named_short_and_a_role_before_a_name_are_completed_or_dropped():
    coach = fact("Dai Moss", "head coach of", "Rhinos", "\"We kept going,\" said Dai Moss, the Rhinos' head coach.",
                 "person", "org", n=1)
    result = fact("Harbury Rhinos", "beat", "Tolland", "Harbury Rhinos beat Tolland on Saturday.", "org", "org", n=2)
    batch = generate_questions([_simple(coach, "Rhinos"), _simple(result, "Tolland")], RULES)
    assert [i.answers for i in batch.items if "head coach" in i.question] == [["Harbury Rhinos"]], batch
    item = ask([fact("Fly-half Owen Rees", "kick", "four penalties", "Fly-half Owen Rees, 22, kicked four penalties.",
                     "person", "quantity")], "four penalties")
    assert question(item) == "How many penalties did Owen Rees kick?"


def test_a_role_opening_a_name_the_tagger_did_not_call_a_person_is_dropped_too():
    item = ask([fact("Fly-half Owen Rees", "kick", "four penalties", "Fly-half Owen Rees, 22, kicked four penalties.",
                     "other", "quantity")], "four penalties")
    assert question(item) == "How many penalties did Owen Rees kick?"


def test_a_span_of_time_cut_from_what_it_spans_is_not_named():
    # "Who suspended the final 12 months ...?": the months of the sentence, not of anything the question says
    cut = fact("Ilse Varga", "suspend", "the final 18 months",
               "Mr Drury was sentenced by Judge Ilse Varga, who suspended the final 18 months of the term.",
               "person", "other")
    assert "measures what follows it ('of the term')" in _reason(ask([cut], "Ilse Varga"))
    whole = fact("Ilse Varga", "spend", "the final 18 months", "Ilse Varga spent the final 18 months in Lisburn.",
                 "person", "other")
    assert "measures what follows it" not in _reason(ask([whole], "Ilse Varga"))


def test_an_amount_said_of_coordinated_subjects_is_not_asked_of_one_of_them():
    gave = fact("Petra Lund", "give", "$250,000",
                "The new wing was paid for by the donors Petra and Oskar Lund, who gave $250,000.", "person", "quantity")
    assert "theirs together" in ask([gave], "$250,000").reason
    won = fact("Mia Roe", "win", "seven rebounds",
               "The Owls' front pair of Ida Vance and Mia Roe won seven rebounds between them.", "person", "quantity")
    assert "theirs together" in ask([won], "seven rebounds").reason
    # a relative clause on the last of them (said in the singular, or on names of no one family) is that one's
    last = fact("the Kelby Hospice Trust", "raise", "$90,000",
                "The van is paid for by the county and the Kelby Hospice Trust, which raised $90,000 for it.", "org",
                "quantity")
    assert question(ask([last], "$90,000")) == "How much did the Kelby Hospice Trust raise?"
    one = fact("the Kelby Hospice Trust", "raise", "$90,000",
               "The van is paid for by the county and the Kelby Hospice Trust, which has raised $90,000 for it.", "org",
               "quantity")
    assert question(ask([one], "$90,000")) == "How much did the Kelby Hospice Trust raise?"
    alone = fact("Mia Roe", "give", "$2,000", "Mia Roe gave $2,000, and her brother Tom Roe gave $500.", "person",
                 "quantity")
    assert question(ask([alone], "$2,000")) == "How much did Mia Roe give?"
