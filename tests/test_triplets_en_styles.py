"""English rules engine, round 2 (issue 10): the shapes of other outlets' styles — AP-style wire
(titles before names, "Founded in 2009 by ..."), British tabloid (capitalised kickers, descriptions
before names, "ruled out"), trade press (product names, "N worth $X") and interviews ("we") — and
the extraction defects an independent judge traced questions back to.

Every sentence here is written for this file in the shapes of bench/site3/en (a development set),
never copied from it. Real spaCy parses.
"""
from __future__ import annotations

from tests.en_articles import article, ends


# --------------------------------------------------------------------------- names and titles


def test_a_title_before_a_name_is_a_role_of_the_organisation_before_it():
    found = article(
        "Quillon Hotels will open 12 hotels in Peru, the Austin-based chain said Monday.",
        "Quillon Chief Executive Tara Mendel told reporters that work had started.",
        "“We are ready,” said Quillon CFO Ravi Basu-Lyle.")
    assert ("Tara Mendel", "chief executive of", "Quillon Hotels", "asserted") in found, found
    assert ("Ravi Basu-Lyle", "CFO of", "Quillon Hotels", "asserted") in found, found
    assert not [e for e in ends(found) if "Chief Executive" in e or e.startswith("Quillon CFO")], found


def test_local_government_titles_a_title_inside_the_persons_name_and_a_former_title():
    found = article("Ishpeming Township Supervisor Karen Lind urged the board to approve the purchase.",
                    "Kent County Prosecutor Aaron Blake did not charge the dealer.")
    assert ("Karen Lind", "supervisor of", "Ishpeming Township", "asserted") in found, found
    assert ("Aaron Blake", "prosecutor of", "Kent County", "asserted") in found, found
    # the tagger took "Treasurer Linda Moss" for one name; "Former" says she no longer holds the title
    found = article("Former Wexley Township Treasurer Linda Moss was sentenced to 18 months in prison by Kent County "
                    "Circuit Judge Ann Hale on Monday.")
    assert ("Linda Moss", "former treasurer of", "Wexley Township", "asserted") in found, found
    assert not any(r == "treasurer of" for _, r, *_ in found), found
    found = article("Crown Prosecutor Ella Marsh told the court the losses were deliberate.")
    assert not any(r == "prosecutor of" for _, r, *_ in found), found  # one title, no body before it


def test_every_past_marker_before_a_title_makes_it_former():
    """Review 88: only "Former" was read; "Ex-", "Then-", "the late", "one-time" gave a present role."""
    for text in ("Ex-Brenna Mayor Tom Vale cut the ribbon at the new depot.",
                 "Then-Brenna Mayor Tom Vale cut the ribbon at the depot in 2004.",
                 "The late Brenna Mayor Tom Vale cut the ribbon at the depot in 2004.",
                 "One-time Brenna Mayor Tom Vale cut the ribbon at the depot."):
        found = article(text)
        assert ("Tom Vale", "mayor of", "Brenna", "asserted") not in found, (text, found)
        assert text.startswith("One") or ("Tom Vale", "former mayor of", "Brenna", "asserted") in found, (text, found)
    # "Acting" keeps the role and is no part of the body's name
    found = article("Acting Brenna Mayor Tom Vale cut the ribbon at the depot.")
    assert ("Tom Vale", "mayor of", "Brenna", "asserted") in found, found


def test_a_place_and_a_body_noun_before_a_title_are_one_owner():
    """Review 88: "Arden Township Clerk X" gave (Clerk X, clerk of, Township): the tagger took the title into the
    name and the owner lost its place."""
    found = article("Wexley Township Clerk Nora Dunn mailed the ballots on Friday.")
    assert ("Nora Dunn", "clerk of", "Wexley Township", "asserted") in found, found
    assert not any(s.startswith("Clerk") or o == "Township" for s, _, o, _ in found), found
    found = article("Interim Wexley Township Supervisor Nora Dunn signed the contract.")
    assert ("Nora Dunn", "supervisor of", "Wexley Township", "asserted") in found, found


def test_a_title_inside_one_tagged_name_is_split():
    """"Brightwater Chief Executive Marcus Feld" came out as one organisation."""
    found = article("Corbel Toys will close its plant in Akron, the company said.",
                    "“We had no choice,” Corbel Chief Executive Dale Hurst said in a statement.")
    assert ("Dale Hurst", "chief executive of", "Corbel Toys", "asserted") in found, found


def test_a_title_with_no_organisation_is_the_articles_firms():
    found = article("Varnell Semiconductor has delayed its new fab in Ohio to 2029, the company said.",
                    "Chief Executive Joan Abara told analysts that deliveries had slipped.")
    assert ("Joan Abara", "chief executive of", "Varnell Semiconductor", "asserted") in found, found


def test_a_title_after_a_noun_the_article_gave_a_name():
    found = article("The Harbour Lights Trust, which owns the lido, has signed a deal with a builder.",
                    "Trust chairwoman Anne Collis, 58, said the lido would reopen in May.")
    assert ("Anne Collis", "chairwoman of", "Harbour Lights Trust", "asserted") in found, found


def test_a_hyphenated_name_is_not_cut():
    found = article("The Cumbria Rally will start in Barrow-in-Furness on 3 May.",
                    "Ellen Fairfax-Hume joined Calder Bank in March.")
    assert "Barrow-in-Furness" in ends(found) and "Barrow" not in ends(found), found
    assert "Ellen Fairfax-Hume" in ends(found), found


def test_an_opening_participle_with_its_agent_before_a_passive_main_clause():
    """"Founded in 2009 by X, Tallgrass was acquired by Y": X founded Tallgrass."""
    found = article("Founded in 2011 by Omar Reyes, a former teacher, Bramble Tea was acquired by Hollin Foods in 2021.",
                    "Founded in 2019 by logistics veterans Maria Costa and David Lund, Skiff Robotics has raised $40 million.")
    assert ("Omar Reyes", "found", "Bramble Tea", "asserted") in found, found
    assert ("Maria Costa", "found", "Skiff Robotics", "asserted") in found, found
    assert ("David Lund", "found", "Skiff Robotics", "asserted") in found, found


# --------------------------------------------------------------------------- negations, objects, particles


def test_ruled_out_doing_something_is_a_negated_fact():
    found = article("Corbel Toys will close its plant in Akron.",
                    "The company ruled out closing the Dayton warehouse, which serves the Midwest.",
                    "Corbel has ruled out cancelling the Texas project.")
    assert ("Corbel Toys", "close", "Dayton warehouse", "negated") in found, found
    assert ("Corbel Toys", "cancel", "Texas project", "negated") in found, found
    assert not [f for f in found if f[1].startswith("rule")], found


def test_any_of_names_the_whole_and_a_particle_read_as_an_adverb():
    found = article("Quillon Hotels has no plans to sell any of its Canadian hotels, the chain said.",
                    "Seaview Trust owns the pier. It may also bring back the pier's old carousel, the chairman hinted.")
    assert ("Quillon Hotels", "sell", "Canadian hotels", "negated") in found, found
    assert ("Seaview Trust", "bring back", "old carousel", "possible") in found, found


def test_a_facility_name_tells_which_one_and_a_long_relation_keeps_the_thing():
    found = article("Wyvern District Council will raise parking charges in Sherborne.",
                    "The council also voted to scrap free Saturday parking at the Castle Road and Mill Lane car parks.",
                    "The council has no plans to introduce charges at the Abbey Road car park, she added.")
    assert ("Wyvern District Council", "vote to scrap", "free Saturday parking", "asserted") in found, found
    assert ("Wyvern District Council", "introduce charges at", "Abbey Road car park", "negated") in found, found


# --------------------------------------------------------------------------- amounts and the things they price


def test_how_an_amount_is_paid_and_what_a_thing_is_worth():
    found = article("Corvane will pay about $400 million in cash, with the rest in Corvane shares.",
                    "If Marlow Foods meets its targets, Reno County will give it tax credits worth $9 million over 5 years.")
    assert ("Corvane", "pay in cash", "about $400 million", "planned") in found, found
    assert ("Reno County", "give tax credits worth", "$9 million", "conditional") in found, found


def test_a_thing_named_by_its_price_keeps_where_it_is_built():
    found = article("Marlow Foods will build a $90 million bakery in Leeds and hire about 200 workers, it said.")
    assert ("Marlow Foods", "build a bakery in", "Leeds", "planned") in found, found
    assert not [f for f in found if f[1].startswith("hire") and f[2] == "Leeds"], found


def test_a_relative_clause_hung_on_a_place_is_the_things():
    """"sold at a store on X Street in Ankeny, which will receive a bonus": the store, not the town; "a company
    in Perth, which has dropped 200 loads": who dropped them cannot be told, so nothing is said."""
    found = article("The ticket was sold at a Quick Mart petrol station on King Street in Ames, which will receive "
                    "a $10,000 bonus.",
                    "Crews are helped by a helicopter, chartered from a firm in Dundee, which has dropped 150 loads of water.")
    assert ("Quick Mart petrol station", "receive", "$10,000 bonus", "planned") in found, found
    assert not [f for f in found if f[0] in ("Ames", "Dundee")], found


# --------------------------------------------------------------------------- who is meant


def test_descriptions_before_a_name_and_first_names_in_tabloid_copy():
    found = article("The terrier, who is owned by Hamworthy nurse Carol Pike, 41, won the final on Sunday.",
                    "The club will move the show, secretary Ian Moss revealed. ‘We were full,’ he said.",
                    "Carol said she might breed from Biscuit next year.",
                    "Dorset businessman Alan Reeve bought the hut.")
    assert ("Carol Pike", "breed from", "Biscuit", "possible") in found, found
    assert ("Alan Reeve", "buy", "hut", "asserted") in found, found
    assert not [e for e in ends(found) if "nurse" in e or "businessman" in e], found


def test_the_company_is_not_a_product_the_tagger_called_an_organisation():
    found = article("Skiff Robotics, the Seattle-based startup, has raised $40 million.",
                    "The SR-5 combines an arm with a mobile base.",
                    "The company plans to open a second assembly line in Everett.")
    assert ("Skiff Robotics", "open", "second assembly line", "planned") in found, found
    assert not [f for f in found if f[0] == "SR-5" and f[1].startswith("open")], found


def test_a_thing_entered_before_a_time_is_no_measure():
    found = article("Carol Pike had never entered a dog show before this year.")
    assert ("Carol Pike", "enter", "dog show", "negated") in found, found


# --------------------------------------------------------------------------- defects questions were traced back to


def test_starting_with_names_no_fact_and_a_parenthetical_place_is_not_the_verbs():
    found = article("Crumbwell plans to open 12 shops in Wales next year, starting with Bangor and Conwy in May.",
                    "Skarn Metals said it will instead truck the ore 300 km to a smelter it is building in Oulu, "
                    "on Finland's north coast.")
    assert not [f for f in found if f[1].startswith("start")], found
    assert not [f for f in found if "coast" in f[2]], found


def test_a_relative_clause_on_a_measured_noun_and_a_possessive_name():
    found = article("Anna Berg will break the course record of 41 minutes, which was set by Carla Ruiz in 2021.",
                    "Marlow & Finch's best-known series, the Inspector Hale novels, has sold more than 9 million copies.")
    assert ("Carla Ruiz", "set", "course record", "asserted") in found, found
    assert not [f for f in found if f[1] == "set" and "minutes" in f[2]], found
    assert not [f for f in found if f[0] == "Marlow & Finch"], found


def test_names_lose_dangling_comparatives_runaway_prepositions_and_what_was_not_chosen():
    found = article("Vesta Motors produces the Vesta Lark and the larger Vesta Kite in Turin.",
                    "Arvo may license a low-power variant of the Kestrel-X to Norden for sensors.",
                    "Tom Reed chose the cash option of $90 million rather than 30 annual payments.")
    assert ("Vesta Motors", "produce", "Vesta Kite", "asserted") in found, found
    assert not [f for f in found if f[2].endswith((" to", " of"))], found
    assert not [f for f in found if "than" in f[2]], found
    assert ("Tom Reed", "choose the cash option of", "$90 million", "asserted") in found, found


def test_a_rate_and_the_time_a_quantity_is_said_in():
    found = article("Brookwater Utilities lost 95 million litres of water a day through leaks in the year to March.",
                    "Castle Ferries carried 2 million passengers in the year to June.")
    assert ("Brookwater Utilities", "lose a day", "95 million litres of water", "asserted") in found, found
    assert ("Castle Ferries", "carry in the year to June", "2 million passengers", "asserted") in found, found


def test_a_kind_written_as_a_name_is_a_thing():
    found = article("A Swaledale ewe bred by Ann Hird sold for a record 9,000 guineas at the sale.")
    assert ("Ann Hird", "breed", "Swaledale ewe", "asserted") in found, found
    assert not [f for f in found if f[2] == "Swaledale" or f[0] == "Swaledale"], found


# --------------------------------------------------------------------------- misparses that made wrong facts


def test_tables_zero_relatives_and_participles_on_places_make_no_facts():
    found = article("Lot | Vendor | Farm | Buyer 14 | Ann Hird | Low Fold, Keld | Tom Bell, Muker | 9,000",
                    "The sleeper carried 60 passengers per trip, according to figures the company published in its "
                    "annual report in April.",
                    "Runner-up was a spaniel called Rosie from Swanage, owned by retired nurse Jean Platt.")
    assert not [f for f in found if "Keld" in f or "Muker" in f or f[2] in ("annual report", "Swanage")], found


def test_a_claim_verbs_object_is_the_subject_of_its_clause():
    """"Mr Pettifer insisted Harbourside will not raise rents": (Harbourside, raise, rents), not (Pettifer, insist, Harbourside)."""
    found = article("Moor Homes manages 5,000 homes.", "Mr Pike insisted Moor Homes will not raise rents to pay for repairs.")
    assert ("Moor Homes", "raise", "rents", "negated") in found, found
    assert not [f for f in found if f[1] == "insist"], found


def test_descriptions_inside_tagged_names_and_the_name_after_a_description():
    found = article("Mum-of-three Kay Rundle, 29, who runs a cafe on the Quay, was less patient.",
                    "Council leader Ann Moss said the rise would help.",
                    "Arjun Rao drew with the defending champion, Norway's Sindre Lund, in the longest game.",
                    "The Harbour Fund has handed over £2.1million.")
    assert ("Kay Rundle", "run a cafe on", "Quay", "asserted") in found, found
    assert ("Arjun Rao", "draw with", "Sindre Lund", "asserted") in found, found
    assert ("Harbour Fund", "hand over", "£2.1million", "asserted") in found, found


def test_a_part_paid_for_by_someone_is_no_thing():
    found = article("The bulk of the work will be paid for by the Harbour Fund.")
    assert not [f for f in found if "bulk" in f[2]], found
    assert ("Harbour Fund", "pay for", "work", "planned") in found, found


def test_we_in_an_interviews_answers_is_the_interviewees_organisation():
    found = article("Corvidex designs vision processors for drones. Its chief executive, Priya Desai, co-founded the "
                    "company in 2020.",
                    "When can customers get it?",
                    "We raised a $20 million Series A in May.",
                    "If the CV-2 meets its targets, we will open a design office in Lyon next year.",
                    "We taped it out in October.")
    assert ("Corvidex", "raise in May", "$20 million Series A", "asserted") in found, found
    assert ("Corvidex", "open a design office in", "Lyon", "conditional") in found, found
    assert not [f for f in found if " it " in f" {f[1]} "], found  # no pronoun folded into a relation


def test_a_descriptor_inside_a_tagged_name_and_an_objects_of_complement():
    found = article("TENANTS have slammed housing association Moor Homes over damp.",
                    "The Poole-based association, which manages 5,000 homes, will hire 20 surveyors.",
                    "It expects to take delivery of six new trains from Alstrel by the end of 2027.")
    assert ("Moor Homes", "manage", "5,000 homes", "asserted") in found, found
    assert not [f for f in found if f[1].startswith("take delivery by")], found


def test_a_purpose_after_an_object_and_a_clause_run_into_a_name_are_no_facts():
    found = article("Moor Homes has hired 40 extra surveyors to clear a backlog of 2,800 repair requests.",
                    "Corvidex designs chips. Its chief executive, Priya Desai, co-founded the company in 2020.",
                    "We keep them on-die and schedule every transfer at compile time.")
    assert ("Moor Homes", "hire", "40 extra surveyors", "asserted") in found, found
    assert not [f for f in found if "clear" in f[1] or "schedule" in f[2]], found


def test_the_company_is_the_organisation_just_spoken_of_and_a_union_local_keeps_its_number():
    found = article("Corvane, the Austin-based software company, has agreed to acquire Nodewell, a Denver-based startup.",
                    "Nodewell, which was founded in 2019 by Ana Ruiz, sells a logging platform. The company says it "
                    "processes 2 PB of data a day.",
                    "Ted Cole, president of United Steel and Glass Workers Local 12, said the union was told.")
    assert ("Nodewell", "process a day", "2 PB of data", "asserted") in found, found
    assert [f for f in found if f[0] == "Ted Cole" and f[2].endswith("Workers Local 12")], found
