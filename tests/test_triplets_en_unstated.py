"""English triplets: a fact under a verb of threat, boast, claim or need is no done fact (nor a plan); a vow or a
wish is a plan; a game not played has no score; "the company" is read back only to a firm, never to a town
(h-ensubj65). Sentences of our own."""
from __future__ import annotations

from tests.en_articles import article


def _relations(found) -> set[str]:
    return {r for _, r, _, _ in found}


def test_threatened_win_states_no_result_and_no_ground_of_the_threat():
    found = article("Brackley Rovers threatened to thrash Oxton Albion 6-1 at Mercer Park on Sunday.")
    assert not any("thrash" in r or "threaten" in r for r in _relations(found))


def test_every_verb_of_threat_boast_claim_or_need_states_nothing_done():
    found = article(
        "Halden Steel threatened to shut its foundry in Wexby. "
        "Corvane Foods claims to have sold 4 million jars. "
        "Marrick Rail needs to cut 150 jobs. "
        "Tolland Motors boasted to have built the fastest van in Europe.")
    assert not any(m == "asserted" for *_, m in found), found
    assert not any(o in ("Wexby", "4 million jars", "150 jobs") for _, _, o, _ in found)


def test_a_vow_or_a_wish_is_a_plan_not_a_deed():
    found = article("Mayor Ruth Penley vowed to rebuild the Aske footbridge. Halden Steel wishes to expand its plant in Wexby.")
    assert ("Ruth Penley", "rebuild", "Aske footbridge", "planned") in found
    assert ("Halden Steel", "expand its plant in", "Wexby", "planned") in found
    assert not any(m == "asserted" for *_, m in found)


def test_done_control_verbs_keep_their_fact():
    found = article("Halden Steel agreed to buy Tarrow Forge. Brackley Rovers scored twice to beat Oxton Albion 2-0 at Mercer Park.")
    assert ("Halden Steel", "agree to buy", "Tarrow Forge", "asserted") in found
    assert ("Brackley Rovers", "beat Oxton Albion", "2-0", "asserted") in found


def test_a_hoped_for_win_has_no_score():
    found = article("Brackley Rovers are hoping to beat Oxton Albion 3-0 at Mercer Park on Saturday.")
    assert ("Brackley Rovers", "beat", "Oxton Albion", "planned") in found
    assert not any(o == "3-0" for _, _, o, _ in found)


def test_the_company_is_the_firm_named_not_the_town():
    found = article("Dunholm will gain 60 jobs after a deal with Ravensby Timber Products. "
                    "The company bought the old sawmill for 2 million dollars in March.")
    assert ("Ravensby Timber Products", "buy the old sawmill for", "2 million dollars", "asserted") in found
    assert "Dunholm" not in {s for s, r, *_ in found if r.startswith("buy")}


def test_the_company_with_two_firms_named_and_nothing_to_decide_is_dropped():
    found = article("Dunholm will gain 60 jobs after a deal between Ravensby Timber Products and Cale Holdings. "
                    "The company bought the old sawmill for 2 million dollars in March.")
    assert not any(r.startswith("buy") for r in _relations(found)), found


def test_the_company_stays_the_firm_that_is_the_subject():
    found = article("Ravensby Timber Products plans to reopen the sawmill east of Dunholm. "
                    "The company bought the mill in August.")
    assert ("Ravensby Timber Products", "buy the mill in", "August", "asserted") in found


def test_the_firm_a_speaker_works_for_beats_a_firm_named_before():
    found = article("Wharfe Homes plans to build 300 homes near Otley. The sale was handled by the Leeds firm Aire Land "
                    "Agents, whose partner, Ruth Kemp, said there had been strong interest. Wharfe Homes' managing "
                    "director, Tom Hale, said the firm wanted to build a new school.")
    assert ("Wharfe Homes", "build", "new school", "planned") in found
