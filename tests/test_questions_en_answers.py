"""Round 3 of the English rules: what may be an answer, whether a name is written whole, and
which place-qualified institution nouns say which one they are.

The independent judge on held-out news (bench/judged/site2-news-en@…-9c67472) failed answers that
are descriptions ("other roles", "the new headline sponsor", "1.4-gigawatt project"), names the
question cut short ("Scotland" for "Police Scotland"), and the earlier rules skipped "Kelling town
council" as vague though the place says which council. Sentences written for this test in the same
shapes; real spaCy parses and templates.
"""
from __future__ import annotations

import pytest

from tasks.dragon.questions_en import en_vague
from tasks.dragon.questions_en_answers import answer_not_a_thing, truncated_name
from tests.test_questions_en_context import ask, fact, question


@pytest.mark.parametrize("q, answers, unfit", [
    ("What did Derek Vane buy?", ["3.6-metre hut"], True),  # a figure inside a description
    ("What does Kestrel Robotics plan to open?", ["the second assembly line"], True),
    ("What did Taloria Semiconductor delay?", ["the volume production"], True),
    ("Which organization will Sunita Raghavan join?", ["Stratacore"], False),
    ("What does the Talon-V support?", ["the ratified RVV 1.0 vector extension"], True),  # a name as a modifier
    ("Which place does Seafront Heritage Trust own?", ["the Grade II-listed pier"], True),
    ("What did Kestrel Robotics deploy?", ["140 KR-7 units"], True),  # a count asked with "what"
    ("What is Teresa Gaines the president of?", ["United Toy and Plastics Workers Local 88"], False),
    ("Which organization has Maureen Cobb run?", ["Cobb's Haberdashery on South Street"], False),
    ("What did the port of Kelling order?", ["the port of Kelling"], False),  # says which port
    ("Which organization approved the budget?", ["Kelling town council"], False),
    ("What did Arvex license?", ["the Talon-V"], False),
    ("How many jobs will Brightwater Toys cut?", ["about 600 jobs"], False),
    ("How many new trains does Lusitano Rail plan to take delivery of?", ["eight new trains"], False),
    ("When does Veltrane plan to file for approval?", ["the first half of 2027"], False),
    ("When did Kessler Mills open a plant?", ["last year"], True),  # relative: when is that?
    ("Who founded Kestrel Robotics?", ["Mira Castellanos", "Tobias Engström"], False),
])
def test_an_answer_is_a_name_an_amount_or_a_date(q, answers, unfit):
    assert bool(answer_not_a_thing(q, answers)) is unfit


def test_a_description_answer_is_skipped_with_its_reason():
    item = ask([fact("Jess Lumley", "run", "a rock shop", "Jess Lumley, 35, who runs a rock shop on the Esplanade, "
                     "was less patient.", "person", "other")], "a rock shop")
    assert question(item) is None
    assert "is a description" in item.reason


@pytest.mark.parametrize("label, sentence, person, cut", [
    ("Forge Builders", "The plant will be built by Prairie Forge Builders, a general contractor based in Wichita.", False, True),
    ("Prairie Forge Builders", "The plant will be built by Prairie Forge Builders, a general contractor.", False, False),
    ("Scotland", "Police Scotland said it was investigating the attack.", False, True),
    ("Corvane", "Corvane Robotics said it would hire 40 engineers.", False, True),
    ("Norden", "said Norden CEO Ingrid Halvorsen-Brekke.", False, False),  # a title after the name
    ("Stratacore", "reporting to Stratacore President Elliot Vasquez-Grant.", False, False),
    ("Elliot Vasquez-Grant", "reporting to Stratacore President Elliot Vasquez-Grant.", True, False),
    ("Wichita", "After Wichita, the tour moves on.", False, False),  # an ordinary sentence opener
    ("the Lanterns", "Niamh Doyle is the lead singer of The Lanterns.", False, False),  # the article, capitalised
    ("Dresden", "It also operates fabs in Dresden and in Penang, Malaysia.", False, False),
])
def test_a_name_cut_out_of_a_longer_name(label, sentence, person, cut):
    assert truncated_name(label, [sentence], person=person) is cut


def test_a_question_naming_part_of_a_name_is_asked_with_the_whole_name():
    # the sentence writes the longer name around the label: the question says it whole (questions_en_names.full_name)
    item = ask([fact("Forge Builders", "be based in", "Wichita", "The plant will be built by Prairie Forge Builders, "
                     "a general contractor based in Wichita.", "org", "place")], "Wichita")
    assert question(item) == "Where is Prairie Forge Builders based?"


@pytest.mark.parametrize("label, sentence, vague", [
    ("Kelling town council", "Kelling town council approved a road budget of 4.2 million pounds on Wednesday.", False),
    ("the Kelling lifeboat station", "The Kelling lifeboat station opened its new boathouse on Tuesday.", False),
    ("the ferry terminal at Kelling Quay", "The ferry terminal at Kelling Quay will close in June.", False),
    ("the ferry terminal", "The ferry terminal will close in June.", True),
    ("Stuttgart carmaker", "The Stuttgart carmaker said sales fell.", True),  # a company by its city: which one?
    ("Irish council", "The Irish council said it would appeal.", True),  # a demonym is no place
    ("the Hamburg plant", "The Hamburg plant will close.", True),  # a plant is no institution a town has one of
])
def test_an_institution_named_by_its_place_is_specific(label, sentence, vague):
    assert en_vague(label, "org", [sentence]) is vague


def test_a_place_named_council_is_asked():
    item = ask([fact("Kelling town council", "approve a road maintenance budget of", "4.2 million pounds",
                     "Kelling town council approved a road maintenance budget of 4.2 million pounds on Wednesday.",
                     "org", "money")], "4.2 million pounds")
    assert question(item) == "How large a road maintenance budget did Kelling town council approve?"


# --- the judge's groups 2 and 6: multi-hop wording and "What is X the ... at?" -------------------------------

def test_a_post_at_an_organization_is_asked_at_which_body():
    # "Where is X the principal analyst?" asks for a place, and the judges failed it for a firm or a club
    item = ask([fact("Owen Tallis", "principal analyst at", "Ferrule Research", "“The MCU socket is where RISC-V wins "
                     "on cost first,” said Owen Tallis, principal analyst at Ferrule Research.", "person", "org")],
               "Ferrule Research")
    assert question(item) == "At which organization is Owen Tallis the principal analyst?"


def test_a_chief_executive_describes_the_company_as_whose():
    edges = [fact("Marcus Feld", "chief executive of", "Brightwater Toys", "Brightwater Toys Chief Executive Marcus Feld "
                  "said the decision was hard.", "person", "org", n=1),
             fact("Halyard Capital", "buy", "Brightwater Toys", "Brightwater Toys was bought by Halyard Capital in 2021.",
                  "org", "org", n=2)]
    item = ask(edges, "Halyard Capital", type_="multi-hop", hidden=["n:Brightwater Toys"])
    assert question(item) == "Which organization bought the organization whose chief executive is Marcus Feld?"


def test_a_relative_clause_between_auxiliary_and_verb_is_not_asked():
    edges = [fact("Tobias Engström", "found", "Kestrel Robotics", "Kestrel Robotics was founded by Tobias Engström.",
                  "person", "org", n=1),
             fact("Kestrel Robotics", "sign a deal with", "Foxglove Ventures", "Kestrel Robotics signed a deal with "
                  "Foxglove Ventures.", "org", "org", n=2)]
    item = ask(edges, "Foxglove Ventures", type_="multi-hop", hidden=["n:Kestrel Robotics"])
    assert question(item) is None, item
    assert "between" in item.reason


# --- the judge's groups 1 and 9: "also", and the rest of a coordination of prepositions ---------------------

@pytest.mark.parametrize("edge_args, answer", [
    (("Taloria Semiconductor", "operate mature-node fabs in", "Dresden", "The company also operates mature-node fabs "
      "in Dresden and in Penang, Malaysia.", "org", "place"), "Dresden"),
    (("Taloria Semiconductor", "operate mature-node fabs in", "Dresden", "Taloria Semiconductor operates mature-node "
      "fabs in Dresden and in Penang.", "org", "place"), "Dresden"),
    (("Kessler Mills", "open", "Fremont Works", "Kessler Mills also opened Fremont Works last year.", "org", "org"),
     "Fremont Works"),
])
def test_a_fact_said_with_also_or_beside_another_place_is_not_asked(edge_args, answer):
    item = ask([fact(*edge_args)], answer)
    assert question(item) is None, item
    assert "also" in item.reason or "several" in item.reason


def test_the_subject_of_an_also_fact_is_still_asked():
    item = ask([fact("Kessler Mills", "open", "Fremont Works", "Kessler Mills also opened Fremont Works last year.",
                     "org", "org")], "Kessler Mills")
    assert question(item) == "Which organization opened Fremont Works?"


def test_when_an_also_deed_was_done_is_still_asked():
    item = ask([fact("Kessler Construction", "rebuild the main stand in", "2022", "Kessler Construction also rebuilt "
                     "the Hafenpark main stand in 2022.", "org", "date")], "2022")
    assert question(item) is not None, item


# --- the judge's group 4: the question's tense and modality are the sentence's --------------------------

@pytest.mark.parametrize("edge_args, answer, expected", [
    # a participle hung on a "will" clause is a future as said, not a plan the subject made
    (("Sunita Raghavan", "report to", "Elliot Vasquez-Grant", "Raghavan will join Stratacore as general manager of a "
      "new unit, reporting to Stratacore President Elliot Vasquez-Grant.", "person", "person", "planned"),
     "Elliot Vasquez-Grant", "Who will Sunita Raghavan report to?"),
    (("Brightwater Toys", "cut", "about 600 jobs", "Brightwater Toys will close its factory in Toledo, cutting about "
      "600 jobs.", "org", "quantity", "planned"), "about 600 jobs", "How many jobs will Brightwater Toys cut?"),
    # "would" is no "could": the hypothetical's condition is not in the question
    (("Harbour Logistics", "open", "Nordhafen Terminal", "Harbour Logistics would open Nordhafen Terminal if the "
      "council agreed.", "org", "org", "possible"), "Nordhafen Terminal", None),
    # "had backed ... since": a state that has ended is no "Since when has ...?"
    (("Lyra Partners", "back Norden Chips since", "2019", "Lyra Partners had backed Norden Chips since 2019.", "org",
      "date"), "2019", None),
    (("Lyra Partners", "back Norden Chips since", "2019", "Lyra Partners has backed Norden Chips since 2019.", "org",
      "date"), "2019", "Since when has Lyra Partners backed Norden Chips?"),
])
def test_tense_and_modality_as_said(edge_args, answer, expected):
    assert question(ask([fact(*edge_args)], answer)) == expected


# --- the judge's group 10: a sentence-initial capital is not copied into the middle of a question -------

@pytest.mark.parametrize("label, sentences, expected", [
    ("Shares in Helixbase", ["Shares in Helixbase rose 12% on Monday."], "shares in Helixbase"),
    ("Police Scotland", ["Police Scotland said it was investigating."], "Police Scotland"),  # a name
    ("Mega Fortune", ["Mega Fortune is run by the Multi-State Gaming Association."], "Mega Fortune"),
    ("Shares in Helixbase", ["Traders said Shares in Helixbase rose."], "Shares in Helixbase"),  # mid-sentence: as written
    # "the environment and Climate Change Canada": "and" before a capital joins two parts of one name
    ("Forests and Rivers Norvania", ["Forests and Rivers Norvania has issued a flood warning."],
     "Forests and Rivers Norvania"),
    ("Sales and profits at Kelbrook", ["Sales and profits at Kelbrook fell."], "sales and profits at Kelbrook"),
])
def test_sentence_case(label, sentences, expected):
    from tasks.dragon.questions_en_answers import sentence_case

    assert sentence_case(label, sentences) == expected


def test_a_sentence_initial_capital_is_lowercased_in_the_question():
    item = ask([fact("Shares in Helixbase", "rise", "12%", "Shares in Helixbase rose 12% on Monday after the deal.",
                     "other", "quantity")], "12%")
    assert "Shares" not in (question(item) or ""), item


def test_an_expectation_is_asked_as_one_and_a_counted_subject_takes_a_plural_verb():
    item = ask([fact("Taloria Semiconductor", "spend", "$15.8 billion", "Taloria Semiconductor now expects to spend "
                     "$15.8 billion.", "org", "money", "planned")], "$15.8 billion")
    assert question(item) == "How much does Taloria Semiconductor expect to spend?"
    # a set question (both states) reached the template: "Where was two second-prize tickets sold?"
    from tasks.dragon.questions_en import EnglishTemplates

    edge = fact("two second-prize tickets", "be sold in", "Nebraska", "Two second-prize tickets worth $1 million each "
                "were sold in Nebraska and Georgia.", "other", "place")
    question_text, _ = EnglishTemplates().ask_tail(edge, edge.head_label, "LOC", plural=True)
    assert question_text == "Where were two second-prize tickets sold?"


def test_a_place_is_described_with_where_not_a_stranded_preposition():
    from tasks.dragon.questions_en import EnglishTemplates

    owns = fact("Meridian Media", "own publishers in", "Denmark", "Meridian Media owns publishers in Denmark.", "org",
                "place")
    assert EnglishTemplates().describe(owns, owns.tail, "LOC") == "the place where Meridian Media owns publishers"
    based = fact("Grupo Alcázar", "be based in", "Guadalajara", "Grupo Alcázar is based in Guadalajara.", "org", "place")
    assert EnglishTemplates().describe(based, based.tail, "LOC") == "the place where Grupo Alcázar is based"


def test_a_verb_coordinated_under_will_is_a_future():
    item = ask([fact("Tallgrass Coffee", "begin bargaining in", "January", "Tallgrass Coffee will recognize the union and "
                     "begin bargaining in January, a spokeswoman said.", "org", "date", "planned")], "January")
    assert question(item) == "When will Tallgrass Coffee begin bargaining?"


def test_a_count_of_common_things_as_the_subject_names_no_one():
    edges = [fact("two second-prize tickets", "be sold in", "Nebraska", "Two second-prize tickets worth $1 million each, "
                  "sold in Nebraska and Georgia, have not been claimed.", "quantity", "place", n=1),
             fact("two second-prize tickets", "be sold in", "Georgia", "Two second-prize tickets worth $1 million each, "
                  "sold in Nebraska and Georgia, have not been claimed.", "quantity", "place", n=2)]
    nodes = ["n:Nebraska", "n:Georgia"]
    from schemas import Subgraph
    from tasks.dragon.questions import generate_questions
    from tests.test_questions_en_context import RULES

    sub = Subgraph(subgraph_id="s-set", type="set", lang="en", edges=edges, answer_nodes=nodes,
                   question_nodes=["n:two second-prize tickets"])
    batch = generate_questions([sub], RULES)
    assert not batch.items
    assert "is a description" in batch.failures[0].reason


def test_a_hope_is_asked_as_one():
    item = ask([fact("Shona Redpath", "open a shop in", "Edinburgh", "Ms Redpath said Shona Redpath hopes to open a shop "
                     "in Edinburgh by 2029.", "person", "place", "planned")], "Edinburgh")
    assert question(item) == "Where does Shona Redpath hope to open a shop?"


def test_an_approximator_opening_its_sentence_is_lowercased():
    from tasks.dragon.questions_en_answers import sentence_case

    said = ["About 2,400 Ferndale residents were waiting for council flats at the end of June."]
    assert sentence_case("About 2,400 Ferndale residents", said) == "about 2,400 Ferndale residents"
    # a name's first word stays: "Over Haddon Primary School" is not "over ..."
    assert sentence_case("Over Haddon School", ["Over Haddon School closed in May."]) == "Over Haddon School"
