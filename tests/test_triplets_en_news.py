"""English rules engine on wire-style news copy (issue 10): an article read as one discourse, and the
sentence shapes of reported speech, plans, negations, conditions, passives and participles.

Every sentence here is written for this file, in the shapes found on bench/site/en (never copied
from it); each test names the shape it pins. Real spaCy parses.
"""
from __future__ import annotations

from schemas import IncrementDoc
from tasks.dragon.triplets import extract_triplets
from tests.en_articles import RULES, article, labelled, subjects


# --------------------------------------------------------------------------- coreference


def test_the_n_points_back_at_the_name_the_article_called_an_n():
    """ "Halvard Shipping, the Bergen ferry operator" ... "The operator, which is owned by ...": the
    appositive tells what "the operator" is, across paragraphs."""
    found = article(
        "Halvard Shipping, the Bergen ferry operator, will add two routes to Shetland next spring.",
        "The operator, which is owned by the investment group Norcap, carried 1.2 million passengers in 2024.",
    )
    assert ("Norcap", "own", "Halvard Shipping", "asserted") in found
    assert ("Halvard Shipping", "carry in 2024", "1.2 million passengers", "asserted") in found
    assert not any(s.lower().endswith("operator") for s in subjects(found))


def test_the_company_in_reported_speech_is_the_speakers_organisation():
    """ "X, Polaris Freight's chief executive" gives X a role; "He said the company will not ..."
    is Polaris Freight, even with another organisation named in between."""
    found = article(
        "Polaris Freight bought 40 trucks from Volta Motors in March.",
        "\u201cWe are ready for the winter,\u201d said Jonas Berglund, Polaris Freight's chief executive.",
        "Storbank, its lender, approved a new credit line.",
        "He said the company will not close its depot in Malmo and has no plans to sell its Danish unit.",
    )
    assert ("Jonas Berglund", "chief executive of", "Polaris Freight", "asserted") in found
    assert ("Polaris Freight", "close its depot in", "Malmo", "negated") in found
    assert ("Polaris Freight", "sell", "Danish unit", "negated") in found
    assert not any(s == "Jonas Berglund" and r.startswith(("close", "sell")) for s, r, _, _ in found)


def test_titles_and_surnames_point_back_at_the_full_name():
    found = article(
        "Dr Ingrid Salo, the hospital's medical director, opened the new cancer ward on Monday.",
        "Dr Salo said the ward will treat 3,000 patients a year.",
        "Salo previously worked at Karolinska Hospital.",
    )
    assert ("Ingrid Salo", "open", "new cancer ward", "asserted") in found
    assert ("Ingrid Salo", "work at", "Karolinska Hospital", "asserted") in found
    assert not any(s in ("Salo", "Dr Salo", "Dr Ingrid Salo") for s in subjects(found))


def test_he_and_she_reach_back_across_paragraphs_of_one_article():
    found = article(
        "Clarice Moreau was appointed chief executive of Lumen Foods on Tuesday.",
        "She previously ran the European business of Danton Group.",
    )
    assert ("Clarice Moreau", "run the European business of", "Danton Group", "asserted") in found


def test_it_is_the_organisation_whose_statement_the_clause_is():
    found = article("Kestrel Foods said in a statement that it may sell its frozen-meals unit to Baxter Brands.")
    assert ("Kestrel Foods", "sell its frozen-meals unit to", "Baxter Brands", "possible") in found


def test_it_skips_the_subject_of_an_if_clause_and_points_at_the_last_subject_before():
    found = article(
        "Tidemark Ports handled 9 million tonnes of cargo last year.",
        "If trade recovers, it could reopen the Grimsby terminal by 2028, the chairman said.",
    )
    assert ("Tidemark Ports", "reopen", "Grimsby terminal", "conditional") in found
    assert not any(s == "trade" for s in subjects(found))


def test_it_after_though_is_the_main_clause_subject():
    found = article(
        "Brook & Vale, the Harrogate tea retailer, opened its 20th shop in York this week.",
        "The retailer will not sell franchises, though it may take on a minority investor if sales keep growing.",
    )
    assert ("Brook & Vale", "sell", "franchises", "negated") in found
    assert ("Brook & Vale", "take on", "minority investor", "conditional") in found


def test_expletive_it_points_at_nothing():
    found = article("Fires swept the Morven estate in June.", "It could take ten years for the heather to grow back.")
    assert not any(r.startswith("take") for _, r, _, _ in found)


def test_it_in_direct_speech_does_not_reach_into_the_article():
    found = article(
        "Ardent Mining opened a copper mine in Zambia.",
        "\u201cIt feels like the start of something,\u201d said Paula Reyes, a geologist.",
    )
    assert not any(r.startswith("feel") for _, r, _, _ in found)


def test_names_shown_to_be_organisations_are_labelled_org():
    """The small model tags many firm names as people; an organisation noun in apposition, or a
    person's role owned by the name, says otherwise."""
    labels = labelled(
        "Fennick Brewing, the Cornish brewer and pub company, will open a taproom in Truro.",
        "\u201cThe taproom is our shop window,\u201d said Oliver Tremayne, Fennick Brewing's managing director.",
    )
    assert labels.get("Fennick Brewing") == "ORG"
    assert labels.get("Oliver Tremayne") == "PER"


# --------------------------------------------------------------------------- negation, plans, conditions


def test_has_no_plans_to_is_a_negated_plan_and_has_plans_to_a_plan():
    found = article(
        "Norland Bank has no plans to close branches in Wales.",
        "Granite Homes has plans to build 400 houses in Derby.",
    )
    assert ("Norland Bank", "close branches in", "Wales", "negated") in found
    assert ("Granite Homes", "build", "400 houses", "planned") in found
    assert not any(r == "have" for _, r, _, _ in found)


def test_does_not_plan_to_and_has_not_ruled_out_are_negated():
    found = article(
        "Orwell Telecom does not plan to cut jobs at its Ipswich call centre.",
        "The Marine Pilots' Union has not ruled out a strike.",
    )
    assert ("Orwell Telecom", "cut", "jobs", "negated") in found
    assert any(r == "rule out" and o == "strike" and m == "negated" for _, r, o, m in found)


def test_the_main_clause_of_if_and_a_trailing_if_are_conditional():
    found = article(
        "If the merger is approved, Calder Steel could move its headquarters to Sheffield.",
        "Calder Steel may raise prices if energy costs keep rising.",
    )
    assert ("Calder Steel", "move its headquarters to", "Sheffield", "conditional") in found
    assert ("Calder Steel", "raise", "prices", "conditional") in found


def test_hopes_to_and_expects_to_are_plans():
    found = article(
        "Ruth Okafor hopes to open a clinic in Accra.",
        "Brava Air expects to hire 300 pilots.",
        "Brava Air expects the new hangar to cost 90 million euros.",
    )
    assert ("Ruth Okafor", "open a clinic in", "Accra", "planned") in found
    assert ("Brava Air", "hire", "300 pilots", "planned") in found
    assert not any(r.startswith("hop") for _, r, _, _ in found)


def test_would_of_a_thing_is_a_possibility_not_a_plan():
    found = article(
        "Ferrum Metals plans to build a nickel mine in Lapland.",
        "At full output it would produce about 8,000 tonnes of nickel a year, the company said.",
    )
    # the rate stays with the amount ("a year"): "How many tonnes could ... produce a year?"
    assert ("nickel mine", "produce a year", "about 8,000 tonnes of nickel", "possible") in found or \
        ("Ferrum Metals", "produce a year", "about 8,000 tonnes of nickel", "possible") in found


# --------------------------------------------------------------------------- passives and participles


def test_a_participle_on_a_noun_in_apposition_stands_for_the_name():
    found = article("Zentra, a vaccine developed by the Danish biotech Oreliq, cut infections by 40% in a trial.")
    assert ("Oreliq", "develop", "Zentra", "asserted") in found  # not "Danish biotech Oreliq", not "vaccine"


def test_by_a_and_by_b_are_both_agents():
    found = article("The bid was backed by the council and by the Brennan family trust.")
    assert ("Brennan family trust", "back", "bid", "asserted") in found


def test_a_relative_passive_with_a_named_agent():
    found = article("The inspection, which was carried out in May by the consultancy Brightwell Audit, found 12 faults.")
    assert ("Brightwell Audit", "carry out", "inspection", "asserted") in found


def test_a_conjoined_participle_with_an_agent_is_passive():
    found = article(
        "The Harbour Festival, the city's biggest music event, is run by Larkspur Events and sponsored by Old Mill Brewery.",
    )
    assert ("Larkspur Events", "run", "Harbour Festival", "asserted") in found
    assert ("Old Mill Brewery", "sponsor", "Harbour Festival", "asserted") in found


def test_a_subjectless_participle_shares_the_clause_subject_and_modality():
    found = article(
        "Tomas Riedl won the Vienna Open on Sunday, defeating Luca Berti in straight sets.",
        "Marrow Foods will build a bakery in Leeds, creating 200 jobs.",
    )
    assert ("Tomas Riedl", "defeat", "Luca Berti", "asserted") in found
    assert ("Marrow Foods", "create", "200 jobs", "planned") in found


def test_a_participle_after_a_verb_of_saying_is_not_the_speakers():
    found = article("Kelso Pharma's pill cut relapses by 30%, the company said on Monday, sending its shares up 12%.")
    assert not any(r.startswith("send") for _, r, _, _ in found)


# --------------------------------------------------------------------------- noun phrases and complements


def test_a_possessive_subject_and_a_to_dative():
    found = article("Norway's fisheries agency on Monday granted a licence to Fjordlaks for a salmon farm.")
    assert any(s.endswith("fisheries agency") and r == "grant a licence to" and o == "Fjordlaks"
               for s, r, o, _ in found)


def test_the_summit_of_a_place_and_the_city_of_a_place_stand_for_the_place():
    found = article(
        "The Glen Rally will end on the summit of Cairn Gorm next year.",
        "Skyline Air will move its base to the Scottish city of Aberdeen.",
    )
    assert ("Glen Rally", "end on", "Cairn Gorm", "planned") in found
    assert ("Skyline Air", "move its base to", "Aberdeen", "planned") in found


def test_a_prepositional_thing_completes_a_verb_without_object():
    found = article(
        "The Ashby letters will go on show from 4 June.",
        "Veltro plans to apply for a licence in Norway.",
        "The Kessel fishermen's cooperative said it will appeal against the ruling.",
    )
    assert ("Ashby letters", "go on show from", "4 June", "planned") in found
    assert ("Veltro", "apply for", "licence in Norway", "planned") in found
    assert ("Kessel fishermen's cooperative", "appeal against", "ruling", "planned") in found


def test_a_relative_pronoun_object_is_its_antecedent():
    found = article("Orlan Media may bid in the 5G auction, which the Polish regulator plans to hold in 2027.")
    assert any(r.startswith("hold") and o == "5G auction" and m == "planned" for _, r, o, m in found)
    assert not any("which" in r for _, r, _, _ in found)


def test_a_conjunct_after_a_comma_closed_clause_goes_with_the_main_verb():
    found = article(
        "Lusitano Rail began operating in 2012, after Portugal opened its rail market, and carried 9 million "
        "passengers in 2024.",
    )
    assert ("Lusitano Rail", "carry in 2024", "9 million passengers", "asserted") in found
    assert not any(s == "Portugal" and r.startswith("carry") for s, r, _, _ in found)


def test_an_object_after_the_prepositional_phrases_with_its_own_verb_is_a_subject():
    found = article("The Baltic Open will move to the Riga Congress Hall next year after all 900 seats sold out.")
    assert any(r == "move to" and o == "Riga Congress Hall" for _, r, o, _ in found)
    assert not any(o.endswith("seats") and r == "move" for _, r, o, _ in found)


def test_roles_from_a_possessive_appositive_and_became():
    found = article(
        "Wren Museum reopened on Friday.",
        "\u201cIt was worth the wait,\u201d said Dr Helen Ashdown, the museum's director.",
        "Peter Kolb, who became Ostara Energy's finance director in May, praised the plan.",
    )
    assert ("Helen Ashdown", "director of", "Wren Museum", "asserted") in found
    assert ("Peter Kolb", "finance director of", "Ostara Energy", "asserted") in found


# --------------------------------------------------------------------------- what is not a fact


def test_saying_and_telling_are_attribution_not_facts():
    found = article("Anna Holm told reporters in Oslo that Fjell Energy will sell its wind farms.")
    assert not any(r.startswith(("tell", "say")) for _, r, _, _ in found)


def test_an_embedded_question_states_nothing():
    found = article("The warning could limit how often doctors prescribe Lumavex.")
    assert not any(r.startswith("prescribe") for _, r, _, _ in found)


def test_no_before_the_object_negates():
    """ "has no other drug in late-stage trials" states that it has none: never an asserted "have"."""
    found = article("Calloway Pharma has no other drug in late-stage trials.")
    assert ("Calloway Pharma", "have", "other drug", "negated") in found
    assert not any(m == "asserted" for *_, m in found)


def test_a_relative_clause_without_pronoun_has_its_noun_as_object():
    found = article("Ardent Mining will ship the ore to a smelter it is building in Kitwe.")
    assert ("Ardent Mining", "build a smelter in", "Kitwe", "asserted") in found
    assert not any(r == "build in" for _, r, _, _ in found)


def test_a_gerund_after_a_control_verb_keeps_its_form():
    found = article("Lusitano Rail began operating in 2012.")
    assert ("Lusitano Rail", "begin operating in", "2012", "asserted") in found


def test_a_place_and_common_nouns_before_a_name_describe_it():
    found = article("Oslo software maker Fjellsoft has hired 40 engineers.")
    assert ("Fjellsoft", "hire", "40 engineers", "asserted") in found


def test_it_feels_like_points_at_nothing():
    found = article("Hollin Foods opened a bakery in Leeds.", "\u201cIt feels like a new start,\u201d said Ola Berg.",
                    "It feels like a fresh start for the town.")
    assert not any(r.startswith("feel") for _, r, _, _ in found)


def test_a_passive_names_its_agent_even_as_a_description():
    found = article("The letters, which were sold by a private collector in York, went on show in May.",
                    "The scheme was approved by the national regulator last week.",
                    "The hull had been damaged by damp.")
    assert ("private collector in York", "sell", "letters", "asserted") in found
    assert ("national regulator", "approve", "scheme", "asserted") in found
    assert not any(s == "damp" for s, *_ in found)


def test_no_before_one_verbs_object_does_not_negate_its_conjunct():
    found = article("Calloway Pharma has no other drug in late-stage trials and relies on a single asthma inhaler.")
    assert ("Calloway Pharma", "rely on", "single asthma inhaler", "asserted") in found
    assert ("Calloway Pharma", "have", "other drug", "negated") in found


def test_a_relative_pronoun_raised_to_the_infinitive_is_its_subject():
    """ "repairs, which the council expects to cost 3 million pounds": the repairs cost it, not the council."""
    found = article("The bridge needs repairs, which the Harlow council expects to cost about £3 million.")
    assert any(s == "repairs" and r == "cost" and m == "planned" for s, r, _, m in found), found
    assert not any(s.endswith("council") and r == "cost" for s, r, _, _ in found)


def test_an_embedded_question_inside_a_relative_clause_states_nothing():
    found = article("The trial missed a goal, which analysts said could limit how widely doctors prescribe Lumavex.")
    assert not any(r.startswith("prescribe") for _, r, _, _ in found)


def test_a_subject_hung_on_the_auxiliary_and_an_agent_through_the_city_of():
    found = article("Nordhav Energy will close two gas plants.",
                    "The utility, which is 60% owned by the city of Oslo, said it would not cut jobs.")
    assert ("Oslo", "own", "Nordhav Energy", "asserted") in found
    assert ("Nordhav Energy", "cut", "jobs", "negated") in found


def test_business_nouns_point_back_and_a_possessive_business_is_a_thing():
    found = article("Nordhav Energy, Norway's second-largest power producer, will close two gas plants.",
                    "\u201cIt is a big change,\u201d said Ingrid Haugen, Nordhav's chief executive.",
                    "She said the utility had no plans to sell its hydropower business.")
    assert ("Ingrid Haugen", "chief executive of", "Nordhav Energy", "asserted") in found
    assert ("Nordhav Energy", "sell", "hydropower business", "negated") in found


def test_we_in_what_someone_says_is_their_organisation():
    found = article("\u201cWe will not raise prices this year,\u201d said Olga Brandt, head of sales at Ferrox Steel.",
                    "\u201cWe will appeal,\u201d said Mark Dunn, a farmer.")
    assert ("Ferrox Steel", "raise", "prices", "negated") in found
    assert ("Olga Brandt", "head of sales at", "Ferrox Steel", "asserted") in found


def test_its_role_opening_a_sentence_is_of_what_it_points_back_at():
    found = article("The Wren Museum received 1.2 million visitors in 2024, a record.",
                    "Its director, Helena Vos, wants to double the exhibition space.",
                    "Clara Finch is the great-granddaughter of its founder, Josiah Finch.")
    assert ("Helena Vos", "director of", "Wren Museum", "asserted") in found
    assert not any(s == "Josiah Finch" for s, *_ in found)  # "its" mid-sentence may be anyone's


def test_failed_refused_likely_and_plans_under_any_verb():
    found = article(
        "Orlan Media failed to win any frequencies.",
        "Halden Bank refused to lend money to Arden Steel.",
        "Vesta Foods is likely to close its plant in Hull.",
        "Corran Air announced plans to open a base in Cork.",
        "Skye Ferries scrapped plans to buy two ships from Damen.",
    )
    assert ("Orlan Media", "win", "frequencies", "negated") in found
    assert ("Halden Bank", "lend money to", "Arden Steel", "negated") in found
    assert ("Vesta Foods", "close its plant in", "Hull", "possible") in found
    assert ("Corran Air", "open a base in", "Cork", "planned") in found
    assert ("Skye Ferries", "buy", "two ships", "negated") in found
    assert not any(r in ("announce", "scrap", "fail to win") for _, r, _, _ in found)


def test_a_denied_clause_is_negated_and_an_unconfirmed_one_is_not_stated():
    found = article("Kestrel Mining denied that it had paid bribes to officials in Zambia.",
                    "The ministry did not confirm that Verdant Farms had won the contract.")
    assert ("Kestrel Mining", "pay", "bribes", "negated") in found
    assert not any(s == "Verdant Farms" for s, *_ in found)


def test_spending_time_doing_something_is_no_fact_of_its_own():
    found = article("Halvard Ports spent four years redesigning the terminal.")
    assert not any("redesign" in r for _, r, _, _ in found)


def test_is_to_is_a_plan_and_not_able_to_is_negated():
    found = article("Nordhav Energy is to close two gas plants near Bergen.",
                    "Vesta Foods will not be able to pay its debts.",
                    "Vesta Foods may be sold to Arla.")
    assert ("Nordhav Energy", "close", "two gas plants", "planned") in found
    assert ("Vesta Foods", "pay", "debts", "negated") in found
    assert ("Vesta Foods", "be sold to", "Arla", "possible") in found


def test_a_title_inside_a_name_and_a_score_are_not_names():
    found = article("Striker Leon Osei scored twice as Calder City beat Harlow Town 3-1 on Saturday.",
                    "Osei, who joined from Vistula United in January, has now scored nine goals this season.")
    assert ("Leon Osei", "join from", "Vistula United", "asserted") in found
    assert ("Leon Osei", "score this season", "nine goals", "asserted") in found
    # the score is no thing beaten; it is the result of the win over the side (tasks/dragon/triplets_rules_en_results.py)
    assert not any(o in ("1", "3-1") and r == "beat" for _, r, o, _ in found)
    assert ("Calder City", "beat Harlow Town", "3-1", "asserted") in found


def test_an_update_reads_the_old_paragraphs_for_names_and_takes_facts_from_the_new_only():
    old = ["Vesta Foods, the Hull ready-meals maker, cut 200 jobs in March.",
           "\u201cIt was a hard year,\u201d said Joan Pike, Vesta Foods' chief executive."]
    new = ["Update, Friday: The company said it will close its plant in Grimsby. Ms Pike said she will not resign."]
    doc = IncrementDoc(doc_id="upd", version_id="upd-v2", canonical_url="https://news.example/upd", lang="en", title="",
                       text="\n\n".join([*old, *new]), new_paragraphs=new)
    found = {(t.subject, t.relation, t.object, t.modality) for t in extract_triplets([doc], RULES).triplets}
    assert ("Vesta Foods", "close its plant in", "Grimsby", "planned") in found
    assert not any(r == "cut" for _, r, _, _ in found)  # the old paragraph's fact is not extracted again
    assert all(t.sentence.startswith("Update") for t in extract_triplets([doc], RULES).triplets)


def test_no_longer_negates_and_an_opening_participle_shares_the_subject():
    found = article("Vesta Foods no longer sells frozen pizza.",
                    "Founded in 1952, Vesta Foods will close its plant in Hull.",
                    "Based in Oslo, Nordhav Energy runs 40 hydropower plants.")
    assert ("Vesta Foods", "sell", "frozen pizza", "negated") in found
    assert ("Vesta Foods", "be founded in", "1952", "asserted") in found  # not planned with "will close"
    assert ("Nordhav Energy", "be based in", "Oslo", "asserted") in found


def test_appointed_as_a_role_gives_the_role():
    found = article("Halden Bank has appointed Mira Lund, a former executive at Danske, as chief executive.",
                    "Corran Air will name Tom Hale as finance director.")
    assert ("Mira Lund", "chief executive of", "Halden Bank", "asserted") in found
    assert ("Halden Bank", "appoint", "Mira Lund", "asserted") in found
    assert any(s == "Tom Hale" and r == "finance director of" and m == "planned" for s, r, _, m in found)


def test_provided_that_as_long_as_and_an_inverted_should_are_conditions():
    found = article("Vesta Foods will open a plant in Leeds provided that the council approves the plan.",
                    "Vesta Foods will open a plant in York as long as sales grow.",
                    "Should the deal fail, Vesta Foods would sell its Hull unit.")
    assert ("Vesta Foods", "open a plant in", "Leeds", "conditional") in found
    assert ("Vesta Foods", "open a plant in", "York", "conditional") in found
    assert ("Vesta Foods", "sell", "Hull unit", "conditional") in found


def test_yet_to_is_not_done_and_has_to_is_a_duty():
    found = article("Vesta Foods has yet to sign the contract with Arla.",
                    "Vesta Foods has to pay a fine of £2 million.",
                    "Vesta Foods had to cancel 300 orders.")
    assert ("Vesta Foods", "sign the contract with", "Arla", "negated") in found
    assert ("Vesta Foods", "pay a fine of", "£2 million", "possible") in found
    assert ("Vesta Foods", "cancel", "300 orders", "asserted") in found
    assert not any(r.startswith("have to") for _, r, _, _ in found)


def test_a_speaker_with_a_bare_title_speaks_for_the_firm_the_article_is_about():
    found = article(
        "Solberg Shipping has won a contract to carry gas for Equinor, the company said on Thursday.",
        "Equinor, which operates the Hammerfest terminal, said it had chosen Solberg after a tender.",
        "Chief executive Lars Moe said the group may order a fourth vessel from Hanwha if Equinor extends the contract.",
    )
    assert ("Solberg Shipping", "order", "fourth vessel", "conditional") in found
    assert not any(s == "Equinor" and r.startswith("order") for s, r, _, _ in found)


def test_rejecting_a_plan_is_not_planning_it():
    found = article("Voters in Ribe rejected a plan to build a 40-metre hotel near the cathedral.",
                    "The developer, Kastrup Ejendomme, said it would appeal to the planning board.")
    assert not any(s == "Voters" for s, *_ in found)
    assert ("Kastrup Ejendomme", "appeal to", "planning board", "planned") in found


def test_a_bare_noun_phrase_after_the_object_completes_the_verb():
    found = article("The Kendal Archive Centre will put the map on display in April.",
                    "The Tees Fisheries Board has cut the quota for cockle gatherers by 40%.")
    assert ("Kendal Archive Centre", "put the map on display in", "April", "planned") in found
    assert ("Tees Fisheries Board", "cut the quota by", "40%", "asserted") in found


# --------------------------------------------------------------------------- people, teams and names (site5 shapes)

def test_a_plural_team_name_is_no_person_and_he_is_the_player_named_by_his_age():
    found = article(
        "Harrowby Hornets have signed the Fiji international Tevita Naulu from Wexham Wolves on a two-year deal.",
        "Naulu, 24, scored 12 tries for Wexham over two seasons. He will replace the veteran Simon Clegg, who "
        "retires in May.",
        "The Hornets are also in talks with the full-back Owen Price. The club has sold 5,100 memberships for next "
        "season.",
    )
    assert ("Naulu", "replace", "Simon Clegg", "planned") in found
    assert not any(s.endswith("Hornets") and r == "replace" for s, r, _, _ in found)
    sold = {s for s, r, o, _ in found if r == "sell"}
    assert sold and all(s.endswith("Hornets") for s in sold)  # the club's tickets, never the player's


def test_a_position_noun_before_a_name_makes_a_person_for_he():
    found = article(
        "Harrowby Hornets have signed the Samoa international prop Sione Kauhalu from Wexham Wolves.",
        "Kauhalu will miss the friendlies because of a knee injury. If his recovery goes well, he could make his "
        "debut in February.",
    )
    assert ("Sione Kauhalu", "make his debut in", "February", "conditional") in found
    assert not any(s.endswith("Hornets") and r.startswith("make his debut") for s, r, _, _ in found)


def test_a_score_after_a_team_is_not_its_name_and_the_short_name_is_the_team():
    found = article(
        "Harrowby Albion beat Wexham Town 2–0 at Ferry Lane on Saturday. Wexham's captain, Tom Reid, was booked "
        "twice.",
    )
    assert ("Harrowby Albion", "beat", "Wexham Town", "asserted") in found
    assert ("Tom Reid", "captain of", "Wexham Town", "asserted") in found
    assert not any("2–0" in o for _, _, o, _ in found)


def test_a_possessive_in_capitals_is_part_of_the_name_and_the_hospital_points_back_at_it():
    found = article(
        "A new maternity ward has opened at St Aidan's Hospital in Hull.",
        "The Humber Care Trust, which runs the hospital, is hiring 20 midwives.",
    )
    assert any(r == "open at" and o == "St Aidan's Hospital" for _, r, o, _ in found)
    assert ("Humber Care Trust", "run", "St Aidan's Hospital", "asserted") in found
    assert not any(o == "Hospital" for _, _, o, _ in found)


# --------------------------------------------------------------------------- complements a relation or an object needs

def test_a_rank_after_the_verb_stays_in_the_relation():
    found = article("The Hornets finished third in the Premier Division last season.")
    assert ("Hornets", "finish third in", "Premier Division", "asserted") in found


def test_a_counted_measure_keeps_what_it_measures():
    found = article(
        "The purchase by Oakline Estates ended 45 years of family ownership.",
        "Crews used 3,200 tonnes of grit on Monday night.",
    )
    assert any(r == "end" and o == "45 years of family ownership" for _, r, o, _ in found)
    assert any(r == "use" and o == "3,200 tonnes of grit" for _, r, o, _ in found)
    assert not any(o in ("45 years", "3,200 tonnes") for _, _, o, _ in found)


def test_the_field_of_a_former_role_stays_in_it():
    found = article(
        "Peter Lowe, the former director of finance at Hull City Council, joined Marsh Energy in May.",
    )
    assert ("Peter Lowe", "former director of finance at", "Hull City Council", "asserted") in found


def test_its_role_belongs_to_an_organisation_never_to_the_thing_last_named():
    found = article(
        "Northgate Buses will run replacement coaches while the work goes on. The work will cost £4 million. Its "
        "managing director, Asha Patel, said the closure was unavoidable.",
    )
    # "its" last pointed at the work, which has no managing director; the firm is not guessed either: dropped
    assert not any(s == "Asha Patel" and r.startswith("managing director") for s, r, _, _ in found)
    named = article("Corvane designs delivery drones. Its chief executive, Mia Holt, said sales had doubled.")
    assert ("Mia Holt", "chief executive of", "Corvane", "asserted") in named


def test_a_body_named_before_a_former_role_noun_is_whose_role_it_was():
    found = article("Rovers' manager, Paul Hart, the former Harlow Town coach, said the side was ready.")
    assert ("Paul Hart", "former coach of", "Harlow Town", "asserted") in found


def test_the_second_participle_of_a_pair_is_passive_too_and_a_possessed_agent_acts():
    found = article(
        "The library, built by Oakden Construction and designed by Fenlow Architects, has 40,000 books.",
        "Plans for a solar farm near Selby have been approved by Wexham Council's planning committee.",
    )
    assert ("Oakden Construction", "build", "library", "asserted") in found
    assert ("Fenlow Architects", "design", "library", "asserted") in found
    assert any(s == "planning committee" and r == "approve" for s, r, _, _ in found)


def test_a_participle_after_a_named_thing_in_apposition_is_about_the_name():
    found = article("The band will release its second album, Driftwood, produced by Ella Voss, in March.")
    assert ("Ella Voss", "produce", "Driftwood", "asserted") in found
    assert not any(r == "produce" and o == "second album" for _, r, o, _ in found)


def test_how_long_stays_in_the_relation_of_from_when():
    found = article("The Wexham line will close for six weeks from 4 March while engineers repair the bridge.")
    assert ("Wexham line", "close for six weeks from", "4 March", "planned") in found


def test_a_capitalised_noun_after_and_ends_a_name_of_several_words():
    found = article("Fenwick Renewables will fund a new water tank for South Yorkshire Fire and Rescue at the site.")
    assert any(o == "South Yorkshire Fire and Rescue" for _, _, o, _ in found)
    assert not any(o in ("Rescue", "South Yorkshire Fire and") for _, _, o, _ in found)


def test_an_event_in_the_present_with_a_date_of_its_own_is_a_timetable():
    found = article("The tour opens at the Corn Hall on 3 April and ends at the Dock Rooms in Leeds on 30 May. "
                    "The band formed in 2015.")
    assert ("tour", "open at", "Corn Hall", "planned") in found
    assert ("tour", "end at", "Dock Rooms", "planned") in found
    assert ("band", "form in", "2015", "asserted") in found


def test_a_count_keeps_the_period_it_is_of_and_money_what_it_went_on():
    found = article(
        "Naulu, 24, made 41 appearances for Wexham over three seasons and scored 12 tries last season.",
        "The Hornets have spent £300,000 on new players this winter.",
    )
    assert ("Naulu", "make over three seasons", "41 appearances", "asserted") in found
    assert ("Naulu", "score last season", "12 tries", "asserted") in found
    assert ("Hornets", "spend on new players this winter", "£300,000", "asserted") in found


# --------------------------------------------------------------------------- session 20

def test_it_after_a_new_thing_is_introduced_points_at_nothing_certain():
    """ "The hospital opened a new stroke ward ... It is run by X": "it" may be the ward as well as the
    hospital; the fact is not stated about either."""
    found = article("St Aidan's Hospital opened a new stroke ward on the second floor on Monday.",
                    "It is run by Dr Mara Quell, a neurologist.")
    assert not any(r == "run" for _, r, _, _ in found), found
    found = article("Harlow Foods reported record sales in May.", "It is run by Dr Mara Quell.")
    assert ("Mara Quell", "run", "Harlow Foods", "asserted") in found, found


def test_a_teams_plural_last_word_is_its_full_name():
    """ "the Hawks" after "the Kelso Hawks": the team the article named in full."""
    found = article("The Greywell Comets beat the Kelso Hawks 81–70 on Friday night.",
                    "The Hawks were led by Ana Ruiz, who scored 19 points.")
    assert ("Ana Ruiz", "lead", "Kelso Hawks", "asserted") in found, found


def test_an_undoubled_ing_form_of_one_syllable_is_the_e_verbs():
    """ "sparing" is "spare": "spar" would double its consonant ("sparring"); the small model's lemma "spar" made
    "How many patients will X spar?"."""
    found = article("Kelby Infirmary will open a new scanner ward in May, sparing about 40 Harrowdale patients a "
                    "long drive to Leeds each week.")
    heads = {r.split()[0] for s, r, o, m in found if s == "Kelby Infirmary"}
    assert "spare" in heads and "spar" not in heads


def test_a_short_name_before_the_longer_name_in_its_own_sentence_is_another_thing():
    """ "Kelby will receive $3m for wetland on the Kelby Plain": the plain written after the short form is where the
    money goes, not who receives it; a short form after the longer name, in a later sentence, is that name."""
    found = article("Kelby will receive $3 million for wetland restoration on the Kelby Plain.")
    assert any(s == "Kelby" and r.startswith("receive") for s, r, _, _ in found), found
    assert not any(s == "Kelby Plain" for s, *_ in found), found
    found = article("Orlan Media opened a plant in Ashby.", "Orlan will hire 40 staff there.")
    assert ("Orlan Media", "hire", "40 staff", "planned") in found, found


def test_where_a_verb_takes_or_turns_its_named_object_is_a_fact_with_the_object():
    """ "take Ashby Rose to Arden": the goal of a verb of moving or turning is asked with the object in the relation;
    a time after it says when ("moved the vote to March" gives no place)."""
    found = article("Kelby Reid plans to take Ashby Rose to Arden Park for the autumn cup.")
    assert ("Kelby Reid", "take Ashby Rose to", "Arden Park", "planned") in found, found
    found = article("Holm Council turned Kelby Mill into Arden Flats.")
    assert ("Holm Council", "turn Kelby Mill into", "Arden Flats", "asserted") in found, found
    found = article("Holm Council moved Kelby Fair to March.")
    assert not any(r.startswith("move Kelby Fair to") for _, r, _, _ in found), found
