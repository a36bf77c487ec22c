"""English rules engine: what a noun phrase or a pronoun names (tasks/dragon/triplets_rules_en_phrases.py).

Every sentence is written for this file (never copied from a bench set). Real spaCy parses.
"""
from __future__ import annotations

from tests.en_articles import article


def test_we_said_by_a_role_is_the_side_it_is_held_at_never_the_role_noun():
    """ "“We kept the ball,” said the Rovers' head coach, Petra Lund": "we" is the Rovers (the possessive), not
    "head coach"; with no owner written ("said the head coach, X") nothing is guessed."""
    found = article("Keld Rovers won 2-1 on Sunday.",
                    "“We kept the ball and waited for our chance,” said the Rovers' head coach, Petra Lund.")
    # the Rovers said as the article's fullest name of them (triplets_rules_en_fullest)
    assert ("Keld Rovers", "keep", "ball", "asserted") in found
    assert not any(s == "head coach" for s, *_ in found)
    found = article("Keld Rovers won 2-1 on Sunday.", "“We kept the ball,” said the head coach, Petra Lund.")
    assert not any(s == "head coach" for s, *_ in found)


def test_he_after_its_main_clause_is_the_person_that_clause_names():
    """ "Councillor X stayed out of the vote because he is a director of Y": "he" is X, the main clause's
    subject, never the person named in the sentence before; in the passive, the "by" agent."""
    found = article("Councillor Owen Tregarth said the sale would go ahead.",
                    "Mayor Delia Brannock did not vote because she is a trustee of the Harbour Heritage Fund.")
    assert ("Delia Brannock", "trustee of", "Harbour Heritage Fund", "asserted") in found
    assert not any(s == "Owen Tregarth" and "trustee" in r for s, r, *_ in found)
    found = article("The society's former treasurer, Alan Pruett, resigned in June.",
                    "The missing money was discovered by the society's new treasurer, the former banker Maeve Quill, "
                    "when she audited the books in March.")
    assert any(s == "Maeve Quill" and r.startswith("audit") for s, r, *_ in found)
    assert not any(s == "Alan Pruett" and r.startswith("audit") for s, r, *_ in found)


def test_a_surname_with_an_age_after_it_is_the_person_named_in_full_before():
    """ "Halatau, 23, joined ..." after "Meleane Halatau": an age set off after a lone surname says a person,
    even where the small model tags the word a place; the fact is the full name's."""
    found = article("Goal shoot Meleane Halatau scored 38 goals on Sunday.",
                    "Halatau, 23, joined the Harbour Hawks from the Inland Kites last year.")
    assert any(s == "Meleane Halatau" and r.startswith("join") for s, r, *_ in found)
    assert not any(s == "Halatau" for s, *_ in found)


def test_a_position_that_opens_the_sentence_is_no_part_of_the_name():
    """ "Linebacker Tremaine Osei, who ...": the small model tags the position and the name one organisation; a
    sentence's first word is capitalised whatever it is, so the position is cut off and the name is a person's.
    A firm whose name begins with such a noun and ends in a common noun keeps its name."""
    from tests.en_articles import labelled
    paragraph = "Linebacker Tremaine Osei, who leads the league with 104 tackles this season, could miss the next game."
    found = article(paragraph)
    assert any(s == "Tremaine Osei" for s, *_ in found)
    assert not any(s.startswith("Linebacker") for s, *_ in found)
    assert labelled(paragraph)["Tremaine Osei"] == "PER"
    found = article("Goalie Masks Group sold 40,000 masks last year.")
    assert any(s == "Goalie Masks Group" for s, *_ in found)


def test_the_first_words_of_the_one_longer_firm_name_are_that_firm():
    """ "Tolland Paper is owned by ..." after "Tolland Paper Corporation opened ...": the short form is the firm
    named in full before (as an answer it would be a cut name); with two firms it could begin, it stays as written."""
    for full, short in (("Tolland Paper Corporation", "Tolland Paper"), ("Brisco Foods International", "Brisco Foods")):
        found = article(f"{full} opened a plant in Carvel on Monday.",
                        f"{short} is owned by the Dahl family and by Ostrander Capital, a Toronto investment firm.")
        assert ("Ostrander Capital", "own", full, "asserted") in found
        assert not any(o == short for _, _, o, _ in found)
    found = article("Tolland Paper Corporation opened a plant in Carvel on Monday.",
                    "Tolland Paper Mills Inc. closed its plant in Redvale.",
                    "Tolland Paper is owned by the Dahl family and by Ostrander Capital, a Toronto investment firm.")
    assert not any(r == "own" and o == "Tolland Paper Corporation" for _, r, o, _ in found)
    # a name the tagger ran on into a clause ("Two goals for Kelvin Moss as Harbour make it ...") is no longer name
    from tasks.dragon.triplets_rules_en_discourse import _Discourse
    discourse = _Discourse()
    discourse.add_name("Kelvin Moss as Harbour", "ORG")
    assert discourse.longer_name("Kelvin Moss") is None
    discourse.add_name("Tolland Paper Corporation", "ORG")
    assert discourse.longer_name("Tolland Paper") == ("Tolland Paper Corporation", "ORG")


def test_the_utility_or_the_company_is_never_a_public_body_named_before():
    """ "the utility" after "the Corran Bureau of Meteorology recorded ...": a noun for a business points back at
    no bureau, council, museum or "City of ..."; with no business named the fact is left out, and a business named
    as the subject before is still what it means."""
    found = article("Heavy rain flooded dozens of streets in Corran on Tuesday night.",
                    "The Corran Bureau of Meteorology recorded 64 millimetres of rain in two hours at the airport.",
                    "The utility expects to reconnect the last 200 homes by Thursday.")
    assert not any(s == "Corran Bureau of Meteorology" and "reconnect" in r for s, r, *_ in found)
    found = article("The City of Hallam approved a new bus depot on Monday.",
                    "The company will open the depot in May.")
    assert not any(s == "City of Hallam" and r.startswith("open") for s, r, *_ in found)
    found = article("Kelvale Energy restored power to 3,000 homes on Wednesday.",
                    "The utility expects to reconnect the last 200 homes by Thursday.")
    assert any(s == "Kelvale Energy" and "reconnect" in r for s, r, *_ in found)


def test_an_appositive_hung_across_a_clause_names_no_descriptor_of_the_subject():
    """ "X will open a retrospective ... on 3 May, the first major show of her work": the parser may hang the
    appositive on the clause's subject, but the show is the retrospective; "the show" later is not X. An
    appositive right after its name ("Oakcrumb, the Penrith bakery chain") still tells what "the chain" is."""
    found = article("The Tarnside Gallery will open a retrospective of 40 paintings by the late Leeds painter Ada Voss "
                    "on 3 May, the first major show of her work in 20 years.",
                    "The show is being paid for by Kelby Foods, which has supported the gallery since 2012.")
    assert not any(o == "Tarnside Gallery" and r.startswith("pay") for _, r, o, _m in found)
    found = article("Oakcrumb, the Penrith bakery chain, has opened its 40th shop.",
                    "The chain will hire 30 bakers in Carlisle next year.")
    assert any(s == "Oakcrumb" and r.startswith("hire") for s, r, *_ in found)
