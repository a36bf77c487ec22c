"""English rules engine: every fact of an article names a thing by its fullest name
(tasks/dragon/triplets_rules_en_fullest.py).

Every sentence is written for this file (never copied from a bench set). Real spaCy parses.
"""
from __future__ import annotations

from tests.en_articles import article, ends, labelled


def test_a_firm_named_short_after_its_full_name_is_the_full_name():
    """ "Tarnbeck Valley Dairy ... Tarnbeck Valley's chief executive ... Tarnbeck Valley will borrow": one firm,
    named whole first; every fact says its whole name, and a class word ("Company") the tagger left out comes back."""
    found = article(
        "The farmer-owned co-operative Tarnbeck Valley Dairy has agreed to buy Merrow Cheese Company for $40 million.",
        "Merrow Cheese, which makes about 2,000 tonnes of cheddar a year, is owned by Dougal Merrow.",
        "Tarnbeck Valley's chief executive, Ruth Ashdown, said the deal would give it a brand.",
        "Tarnbeck Valley will borrow $20 million from a bank to pay the cash part.")
    assert ("Ruth Ashdown", "chief executive of", "Tarnbeck Valley Dairy", "asserted") in found
    assert any(f[:3] == ("Tarnbeck Valley Dairy", "borrow", "$20 million") for f in found)
    assert ("Dougal Merrow", "own", "Merrow Cheese Company", "asserted") in found
    assert "Tarnbeck Valley" not in ends(found) and "Merrow Cheese" not in ends(found)
    assert labelled(
        "Merrow Cheese Company makes cheddar.", "Merrow Cheese, which makes gouda too, is owned by Dougal Merrow.",
    ).get("Merrow Cheese Company") == "ORG"


def test_a_region_that_names_a_team_is_the_team_but_a_place_stays_a_place():
    """ "The Harwick Pikes beat ... Harwick's coach, X": the coach coaches the team; "a depot in Harwick" is the
    region, never the team named after it; "Harwick" inside "University of Harwick Park" says nothing of it."""
    game = ("Fans met at the University of Harwick Park. The Harwick Pikes beat the Eastern Otters by six wickets "
            "on Monday.")
    found = article(game, "Harwick's coach, Dale Munro, said the bowlers had won the match.",
                    "The Harwick Freight Trust opened a depot in Harwick.")
    assert ("Dale Munro", "coach of", "Harwick Pikes", "asserted") in found
    assert not any(o == "Harwick Pikes" and r.endswith(" in") for _, r, o, _ in found)


def test_a_short_name_written_first_stays_its_own_and_two_longer_names_say_nothing():
    """ "Penby Town won ... Penby Town Council ...": the short name came first, so the council met later is another
    body; "Port Elgin" of two teams ("Port Elgin Otters", "Port Elgin Herons") is lengthened to neither."""
    found = article("Penby Town beat Kelso 2-0 on Saturday.", "Penby Town Council will repair the stand.",
                    "Penby Town signed Rhys Alder.")
    assert ("Penby Town", "sign", "Rhys Alder", "asserted") in found
    found = article("The Port Elgin Otters beat the Port Elgin Herons 4-1.", "Port Elgin signed Lena Fisk.")
    assert "Port Elgin Otters" not in {s for s, r, *_ in found if r == "sign"}


def test_a_person_is_never_lengthened_into_a_body_named_after_them():
    """ "Mr John Hale ... the John Hale Foundation": the person stays a person."""
    found = article("The John Hale Foundation gave $5,000 to the school.",
                    "Mr John Hale, a retired farmer, founded Hale Seeds in 1990.")
    assert ("John Hale", "found", "Hale Seeds", "asserted") in found


def test_a_number_word_glued_by_a_capital_is_no_part_of_the_name():
    """ "Two Kelso bakeries ... Kelso": a sentence's capital glues a number word to the place; the place is Kelso."""
    found = article("Two Kelso Bakeries closed on Friday.", "The council opened a relief centre in Kelso.")
    assert not any("Two Kelso" in e for e in ends(found))


def test_a_place_the_article_writes_as_one_is_no_short_form_of_a_body_named_after_it():
    """(review of session 33) "Port Alder Dairy Company ... Port Alder has 3,000 residents ... roads around Port
    Alder": the article writes the town as a place, so its facts stay the town's, never the company's."""
    found = article("Port Alder Dairy Company cut 40 jobs on Monday.", "Port Alder has 3,000 residents, the council said.",
                    "Heavy rain closed roads around Port Alder.")
    assert any(s == "Port Alder" and r == "have" for s, r, _, _ in found), found
    assert not any(s == "Port Alder Dairy Company" and r == "have" for s, r, _, _ in found), found
    assert any(s == "Port Alder Dairy Company" and r == "cut" for s, r, _, _ in found), found


def test_a_one_word_place_is_not_the_club_named_after_it_but_a_team_short_form_still_is():
    """ "Kelmarsh Rowing Club hired ... rain across Kelmarsh. Kelmarsh recorded 180mm": the rain is the region's,
    never the club's; "Brenford" in a game report that never writes it as a place is still the Brenford Pikes."""
    found = article("Kelmarsh Rowing Club appointed a new coach on Monday.",
                    "Heavy rain flooded roads across Kelmarsh.", "Kelmarsh recorded 180mm of rain.")
    assert ("Kelmarsh", "record", "180mm of rain", "asserted") in found
    assert "Kelmarsh Rowing Club" not in {o for _, r, o, _ in found if r.endswith(" across")}
    game = article("The Brenford Pikes beat the Eastern Otters by six wickets on Monday.",
                   "Brenford's coach, Dale Munro, said the bowlers had won the match.")
    assert ("Dale Munro", "coach of", "Brenford Pikes", "asserted") in game
