"""English rules engine: three general shapes that lost key facts on the dev sites (h-enrec42).

- gapping: "X will pay $N and Y $M" says the verb once for two subjects (triplets_rules_en_gapping);
- a tally after the object: "caught nine passes for 142 yards", "leads the league with 22 goals"
  (triplets_rules_en_objects._tally_after_object);
- "they" after an if-clause with a plural name: "If Rovers win, they will face X" (triplets_rules_en_they).

Every sentence is written for this file. Real spaCy parses.
"""
from __future__ import annotations

from tests.en_articles import article


def test_gapped_amount_takes_the_first_clauses_verb():
    found = article("Toronto will pay $40 million and the province $20 million.")
    assert ("Toronto", "pay", "$40 million", "planned") in found
    assert ("province", "pay", "$20 million", "planned") in found


def test_gapped_amount_after_a_described_subject_keeps_the_preposition():
    found = article("Pears will sell for $2.10 a kilogram, and plums, a cousin of cherries, $4.50.")
    assert ("plums", "sell for", "$4.50", "planned") in found


def test_a_second_clause_with_its_own_verb_is_no_gap():
    found = article("Toronto will pay $40 million and the province will lend $20 million.")
    assert not any(f[1] == "pay" and f[2] == "$20 million" for f in found)


def test_count_after_a_counted_object_is_asked_with_the_object():
    found = article("Winger Sam Lee caught seven passes for 98 yards.")
    assert ("Sam Lee", "catch seven passes for", "98 yards", "asserted") in found
    assert ("Sam Lee", "catch", "seven passes", "asserted") in found


def test_count_after_a_named_object_leaves_its_period_out():
    found = article("Marta Ruiz, who leads the NHL with 22 goals this season, was injured.")
    assert ("Marta Ruiz", "lead NHL with", "22 goals", "asserted") in found


def test_what_is_still_to_come_is_no_tally():
    found = article("The win lifts the Leafs to 11-6 with one game left in the season.")
    assert not any(f[1].endswith(" with") for f in found)


def test_they_after_an_if_clause_is_its_plural_name():
    """triplets_rules_en_they: "If Rovers win, they will face X" — "they" is the clause's plural subject."""
    found = article("If the Bombers win, they will host the Lions.")
    assert ("Bombers", "host", "Lions", "conditional") in found


def test_they_is_not_a_singular_subject_before_it():
    found = article("If Norcap approves the plan, they will add Elm Road to the route.")
    assert not any(f[0] == "Norcap" and f[1].startswith("add") for f in found)


def test_a_count_after_coordinated_objects_is_the_last_ones():
    found = article("The Larch Mill has 4200 square metres of floor space and cold stores for 300 tonnes of apples.")
    assert not any(f[1].endswith(" for") and "300 tonnes" in f[2] for f in found)
