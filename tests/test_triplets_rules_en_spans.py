"""English rules engine (issue 10): where a name ends and which name a short or pointing mention stands for.

Box-score figures glued to a surname, a title of a work read as common nouns, a team called by its place,
an age used for a person, a label before a colon, a pronoun that points forward to the main clause's
subject, and a reduced relative with a direct object. Every sentence is written for this file.
"""
from __future__ import annotations

from tests.en_articles import article, ends


def test_box_score_figure_is_no_part_of_the_name():
    found = article(
        "Ravens 92 (Thibodeau-Marsh 31, Lindqvist 18, Abernethy 12) Owls 85 (Castellano 24, Pruitt 19).",
        "The Owls closed to two points late, but Thibodeau-Marsh hit three free throws in the final minute.")
    assert not any(any(ch.isdigit() for ch in end) for end in ends(found) if "Thibodeau" in end), found
    assert any(s.endswith("Thibodeau-Marsh") and r == "hit" for s, r, _, _ in found), found


def test_number_after_a_name_outside_a_box_score_stays_in_it():
    found = article("The harbour trust bought Shed 7 from a shipping line in March.")
    assert any(end == "Shed 7" for end in ends(found)), found


def test_title_of_a_work_with_a_possessive_is_the_whole_title():
    found = article("Okafor, the troupe's artistic director, staged last year's revival of The Ferryman's Daughter.")
    assert any(end == "The Ferryman's Daughter" for end in ends(found)), found
    assert not any(end.endswith("of Daughter") or end == "Daughter" for end in ends(found)), found


def test_a_reduced_relative_with_a_direct_object_is_active():
    found = article("Okafor, the troupe's artistic director, staged last year's revival of The Ferryman's Daughter.")
    assert found and not any(r.startswith("be ") for _, r, _, _ in found), found


def test_a_team_called_by_its_place_is_the_team():
    found = article(
        "Priya Lindqvist scored 19 goals as the Port Elgin Otters beat the Westhaven Herons 5–2 on Friday.",
        "Port Elgin is coached by Marguerite Osei for a second season.")
    assert any(r == "coach" and o == "Port Elgin Otters" for _, r, o, _ in found), found


def test_a_place_with_two_teams_of_its_name_is_left_as_written():
    found = article(
        "The Port Elgin Otters beat the Port Elgin Herons 5–2 on Friday in front of 900 fans.",
        "Port Elgin is coached by Marguerite Osei for a second season.")
    assert any(r == "coach" and o == "Port Elgin" for _, r, o, _ in found), found


def test_an_age_for_a_person_is_no_name():
    found = article("The Kestrels signed Tomasz Wierzbicki in May.",
                    "The 22-year-old was loaned to the Kestrels by the Falcons in August.")
    assert not any("year-old" in end for end in ends(found)), found


def test_a_label_before_a_colon_is_no_subject():
    found = article("CORRECTION, May 3: RCMP officers arrested Delphine Moreau on Thursday in Lunenburg.")
    assert "CORRECTION" not in {s for s, *_ in found}, found
    assert any(r == "arrest" and o == "Delphine Moreau" for _, r, o, _ in found), found


def test_a_pronoun_before_its_main_clause_points_to_that_clause_subject():
    found = article(
        "Yusuf Brannigan, 41, was charged with fraud on Monday, said Ines Halvorsen, a spokesperson for the police.",
        "If he is found guilty, Brannigan could be barred from trading for ten years.")
    assert not any(s == "Ines Halvorsen" and "guilty" in r for s, r, _, _ in found), found
    assert any(s == "Yusuf Brannigan" and r == "be found" or s == "Yusuf Brannigan" and "guilty" in r
               for s, r, _, _ in found) or not any("guilty" in r for _, r, _, _ in found), found


def test_a_noun_known_as_a_name_is_that_name():
    found = article("The schooner, known as Marigold Star, was bought by the Lunenburg Heritage Society in June.",
                    "The schooner was built in 1923.")
    assert any(r == "buy" and o == "Marigold Star" for _, r, o, _ in found), found
    assert any(s == "Marigold Star" and r == "be built in" for s, r, _, _ in found), found


def test_first_names_share_a_hyphenated_surname_written_once():
    found = article("The bakery was bought by Oskar and Mette Lund-Sorensen, who moved to Truro from Calgary.")
    assert {"Oskar Lund-Sorensen", "Mette Lund-Sorensen"} <= {s for s, r, _, _ in found if r == "buy"}, found


def test_a_participle_with_an_agent_stays_passive_whatever_object_the_parser_gives_it():
    # the small model reads "Mairi" here as the participle's direct object
    found = article("Tidewater Mead Co., a Gaspereau Valley meadery founded by the sisters Mairi and Fiona Lyall, "
                    "will open a shop.")
    assert not any(r == "found" and "Lyall" in o for _, r, o, _ in found), found  # the sisters founded nothing


# --------------------------------------------------------------------------- "the N" bound to the described N


def test_the_noun_points_back_at_the_one_described_thing_of_that_noun():
    found = article("The Calder General Hospital has opened a new maternity ward on the second floor of its east wing.",
                    "The ward cost $12 million and has 30 beds.")
    assert ("maternity ward of Calder General Hospital", "cost", "$12 million", "asserted") in found, found


def test_the_noun_binds_to_nothing_when_two_things_of_that_noun_were_described():
    found = article("The Calder General Hospital has opened a new maternity ward and a renal ward in its east wing.",
                    "The Calder General Hospital also opened a geriatric ward at Elm Street.",
                    "The ward cost $12 million and has 30 beds.")
    assert not any(r == "cost" and "Calder" in s for s, r, _, _ in found), found


def test_a_team_of_two_words_before_a_score_keeps_both_words():
    found = article("LEEDS, Mar 4 — Harrowgate Rovers beat Ossett Town 3–1 at Elland Park on Tuesday night.",
                    "Ossett's captain, Callum Brierley, hit the post in the second half.")
    assert any(r == "beat" and o == "Ossett Town" for _, r, o, _ in found), found
