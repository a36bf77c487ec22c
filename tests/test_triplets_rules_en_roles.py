"""English rules engine: roles stated in apposition (tasks/dragon/triplets_rules_en_roles.py).

Every sentence is written for this file (never copied from a bench set). Real spaCy parses.
"""
from __future__ import annotations

from tests.en_articles import article


def test_a_lawyer_or_solicitor_is_a_tie_to_the_person_who_owns_it():
    """ "Pryce's lawyer, Sian Hollis," and "His solicitor, X," opening a sentence: the owner of the tie is a
    person (the possessive, or the person spoken of last), never dropped as "a person owns no role"."""
    found = article(
        "Gareth Pryce admitted stealing from the charity.",
        "Pryce's lawyer, Sian Hollis, told the court he was sorry.",
    )
    assert ("Sian Hollis", "lawyer of", "Gareth Pryce", "asserted") in found
    found = article(
        "Gareth Pryce admitted stealing from the charity.",
        "His solicitor, Sian Hollis, said an appeal would follow.",
    )
    assert ("Sian Hollis", "solicitor of", "Gareth Pryce", "asserted") in found


def test_a_kin_tie_with_a_shared_surname_points_at_the_other_person():
    """ "Owusu's sister, the actor Ama Owusu,": the name hangs off the description in apposition, and the
    surname both share is the other Owusu's, the one the article named before."""
    found = article(
        "The novel was written by Ruth Owusu.",
        "Owusu's sister, the actor Ama Owusu, will read from it at the launch.",
    )
    assert ("Ama Owusu", "sister of", "Ruth Owusu", "asserted") in found
    assert not any(s == o for s, _, o, _ in found)


def test_a_tie_needs_a_person_as_its_owner():
    """ "Its lawyer" / "the firm's lawyer": no person to be the lawyer of, so no tie fact (and no guess)."""
    found = article(
        "Brantwood Holdings lost the case in May.",
        "The firm's lawyer, Sian Hollis, said it would appeal.",
    )
    assert not any(r == "lawyer of" and o != "Brantwood Holdings" for _, r, o, _ in found)


def test_any_role_of_a_possessive_owner_held_by_a_named_person():
    """ "The distillery's head distiller, Cara Moyles,": a role noun outside the list of titles still gives the
    person's role at the body named before."""
    found = article(
        "The Dunmore Distillery will build a new warehouse.",
        "The distillery's head distiller, Cara Moyles, said the warehouse would help.",
    )
    assert ("Cara Moyles", "head distiller of", "Dunmore Distillery", "asserted") in found


def test_a_role_keeps_its_noun_modifiers_and_its_field_after_for():
    """ "network operations manager" keeps every modifier; "clinical lead for radiology" keeps its field."""
    found = article(
        "Kelso Energy restored power to 900 homes on Sunday.",
        "Kelso's network operations manager, Ian Rudd, said crews worked overnight.",
    )
    assert ("Ian Rudd", "network operations manager of", "Kelso", "asserted") in found or \
        ("Ian Rudd", "network operations manager of", "Kelso Energy", "asserted") in found
    found = article(
        "Morven Hospital will get a new scanner.",
        "The hospital's clinical lead for radiology, Dr Ali Kamara, said waits would fall.",
    )
    assert ("Ali Kamara", "clinical lead for radiology at", "Morven Hospital", "asserted") in found


def test_an_unnamed_organisation_noun_owns_the_role_as_written():
    """ "The port's harbour master, Jon Riis," with no port named: the body as the article writes it; a person
    noun as owner ("the man's director") gives nothing."""
    found = article("The port's harbour master, Jon Riis, said ships would wait outside.")
    assert ("Jon Riis", "harbour master of", "port", "asserted") in found
    found = article("The boy's director, Jon Riis, said the film would open in May.")
    assert not any(r.endswith(" of") and o == "boy" for _, r, o, _ in found)



def test_a_role_at_a_body_told_apart_by_its_modifiers():
    """ "the chair of the planning standing committee": a committee described by what it is for is a body to hold
    a role at; a bare "the committee" with nothing named before it is not."""
    found = article("Ruth Gale, the chair of the planning standing committee, said the depot was too small.")
    assert ("Ruth Gale", "chair of", "planning standing committee", "asserted") in found
    found = article("Ruth Gale, the chair of the committee, said the depot was too small.")
    assert not any(r == "chair of" for _, r, _, _ in found)


def test_a_role_owned_by_a_place_the_article_never_named_stands_as_written():
    """ "The mill's general manager, X," / "X, the bakery's former finance director,": the owner of a role only
    a person holds is kept as written when the article never named it (a place or a body); a word that only
    points back ("the company's") or a time ("the season's") gives no owner."""
    found = article("The mill's general manager, Omar Dell, said most of the new jobs would go to local workers.")
    assert ("Omar Dell", "general manager of", "mill", "asserted") in found
    found = article("Pieter Aske, the bakery's former finance director, retired in 2024.")
    assert ("Pieter Aske", "former finance director of", "bakery", "asserted") in found
    found = article("The city's director of engineering, Priya Mandel, told council the rooms would be torn out.")
    assert any(s == "Priya Mandel" and r.startswith("director of engineering") and o == "city" for s, r, o, _ in found)
    found = article("The season's top scorer, Ivo Marsh, signed a new contract.",
                    "The company's finance director, Ruth Aske, said costs rose.")
    assert not any(o in ("season", "company") for _, _, o, _ in found)
