"""English rules engine: the parse repairs of tasks/dragon/triplets_rules_en_repairs.py (issue 10).

Each test pins a sentence shape that the small spaCy model parses wrongly and the repair reads as
written. The sentences are invented for this file. Real spaCy parses.
"""
from __future__ import annotations

from benchmill.engines import EngineConfig
from schemas import IncrementDoc
from tasks.dragon.triplets import extract_triplets

RULES = EngineConfig(kind="rules")


def facts(*paragraphs: str) -> set[tuple[str, str, str, str]]:
    doc = IncrementDoc(doc_id="news", version_id="news-v1", canonical_url="https://news.example/a", lang="en",
                       title="", text="\n\n".join(paragraphs), new_paragraphs=list(paragraphs))
    batch = extract_triplets([doc], RULES)
    assert batch.failures == []
    return {(t.subject, t.relation, t.object, t.modality) for t in batch.triplets}


def test_possessed_role_subject_acts_through_the_name_in_apposition():
    found = facts("Pellworth Dairy's finance director, Gareth Ambrose, has bought a second bottling line for the plant.")
    assert ("Gareth Ambrose", "buy", "second bottling line", "asserted") in found
    assert ("Gareth Ambrose", "finance director of", "Pellworth Dairy", "asserted") in found  # the role stays
    assert not any(s == "finance director" for s, *_ in found)


def test_name_hung_on_the_place_after_the_noun_names_the_noun():
    found = facts("A stone cottage in Ullapool, Brackenfold Lodge, has sold for £640,000.")
    assert ("Brackenfold Lodge", "sell for", "£640,000", "asserted") in found
    assert not any("cottage" in s for s, *_ in found)


def test_agent_hung_on_the_noun_before_it_is_the_agent_and_the_verb_keeps_its_phrase():
    found = facts("A Kirkwall fisherman, Magnus Tait, 52, was fined for 3 offences by Sheriff Iona McLeish "
                  "in Kirkwall on Tuesday.")
    assert ("Iona McLeish", "fine", "Magnus Tait", "asserted") in found
    assert ("Magnus Tait", "be fined for", "3 offences", "asserted") in found


def test_counted_noun_taken_for_an_adverbial_is_the_object():
    found = facts("Maja Horvat scored 27 points and made 6 assists.")
    assert ("Maja Horvat", "score", "27 points", "asserted") in found
    assert ("Maja Horvat", "make", "6 assists", "asserted") in found


def test_measures_and_rates_after_a_verb_stay_no_object():
    assert not any("percent" in o for *_, o, _ in facts("Share prices at Drummond Tea rose 5 percent on Monday."))
    assert not any("years" in o for *_, o, _ in facts("Gareth Ambrose waited three years for the licence."))


def test_finite_verb_hung_on_its_subject_after_a_relative_clause_is_the_predicate():
    found = facts("Okonjo, who grew up in Bradford, starred in the comedy series Night Shift last year.")
    assert ("Okonjo", "star in", "Night Shift", "asserted") in found
    assert not any(r.startswith("be starred") for _, r, *_ in found)  # no passive of an active verb


def test_predicate_after_a_participle_clause_is_active():
    found = facts("The new stand, built by Corvan Construction, opened in May.")
    assert ("Corvan Construction", "build", "new stand", "asserted") in found
    assert not any(r.startswith("be opened") for _, r, *_ in found)


def test_real_participles_and_captions_are_left_alone():
    found = facts("Harbour Tern Logistics, based in Oslo, bought Tern Freight.")
    assert ("Harbour Tern Logistics", "be based in", "Oslo", "asserted") in found
    caption = facts("Gareth Ambrose, who founded Pellworth Dairy, pictured in Kendal.")
    assert not any(r.startswith("picture") for _, r, *_ in caption)


def test_vote_tally_before_the_infinitive_keeps_what_was_voted_for():
    found = facts("Thornbury Town Council has voted 9–3 to buy the Old Corn Exchange for £1.2 million.")
    assert ("Thornbury Town Council", "vote to buy", "Old Corn Exchange", "asserted") in found
    assert not any(o == "9–3" for *_, o, _ in found)  # the tally is no thing voted


def test_vote_tally_split_by_the_tokenizer_and_a_day_before_the_infinitive():
    # "7-4" with a plain hyphen is three tokens; with "on Monday night" after it the parser made "to buy" a purpose
    found = facts("The Harlow Town Council voted 7-4 on Monday night to buy a vacant office building on Mill Street "
                  "for $9.6 million.")
    assert ("Harlow Town Council", "vote to buy", "vacant office building", "asserted") in found, found
    assert ("Harlow Town Council", "vote to buy office building for", "$9.6 million", "asserted") in found, found
    found = facts("The Wexley board voted 9-0 on Thursday to approve the merger.")
    assert ("Wexley board", "vote to approve", "merger", "asserted") in found, found


def test_score_after_the_object_is_no_tally():
    found = facts("The Ravens beat the Otters 61–54 on Friday to reach the final.")
    assert ("Ravens", "beat", "Otters", "asserted") in found


def test_a_games_score_before_an_infinitive_is_no_tally():
    """Review 88: "won 2-1 on Saturday to reach the final" was read as a vote ("win to reach"): only a vote's verb
    has a tally before what was voted for. The parse the small model gives some such sentences is built by hand
    (it gives it for some names only)."""
    import spacy
    from spacy.tokens import Doc

    from tasks.dragon.triplets_rules_en_repairs import tallied_purpose

    def parsed(verb: str, lemma: str, purpose: str):
        words = ["Harlow", verb, "4-2", "to", purpose, "the", "final", "."]
        return Doc(spacy.blank("en").vocab, words=words, heads=[1, 1, 1, 4, 1, 6, 4, 1],
                   deps=["nsubj", "ROOT", "npadvmod", "aux", "advcl", "det", "dobj", "punct"],
                   lemmas=["Harlow", lemma, "4-2", "to", purpose, "the", "final", "."])

    assert not any(tallied_purpose(t) for t in parsed("won", "win", "reach"))
    assert [t.text for t in parsed("voted", "vote", "back") if tallied_purpose(t)] == ["back"]


def test_what_one_party_orders_another_to_do_is_no_fact_of_the_orderer():
    # "ordered Fenmoor Haulage to pay": a question built on "order to pay" reads "ordered <the money> to pay"
    found = facts("Sheriff Iona McLeish ordered Fenmoor Haulage to pay £12,000 in compensation.")
    assert not any("pay" in r for _, r, *_ in found)


def test_a_number_right_after_a_name_is_part_of_it():
    found = facts("Thornbury Town Council has voted 9–3 to buy Shed 4 on Marlow Quay.")
    assert ("Thornbury Town Council", "vote to buy", "Shed 4", "asserted") in found


def test_bare_noun_after_a_count_completes_the_verb():
    found = facts("The service's chief officer, Aled Prys, has put 30 extra crews on standby.")
    assert ("Aled Prys", "put on standby", "30 extra crews", "asserted") in found


def test_urging_and_purposes_are_still_no_facts_of_the_subject():
    assert not any("pay" in r for _, r, *_ in facts("The council urged Fenmoor Haulage to pay £12,000."))
    found = facts("Orlan Media hired 40 extra surveyors to clear a backlog.")
    assert not any("clear" in r for _, r, *_ in found)


def test_counted_noun_with_names_in_apposition_acts_through_each_name():
    found = facts("Two boat builders, Kelso Marine and Brightwater Yachts, have agreed to fit the engines to new hulls "
                  "if the trial succeeds.")
    assert {s for s, r, *_ in found if r == "agree to fit"} == {"Kelso Marine", "Brightwater Yachts"}
    found = facts("Three engine makers, Kelso Marine and Brightwater Power, have agreed to supply the motors.")
    assert ("Brightwater Power", "agree to supply", "motors", "asserted") in found


def test_a_count_of_times_is_counted_with_its_period():
    # "how many times has Llanwern flooded since 2020?" is a fact to ask, as "runs four times a week" is
    assert ("Llanwern", "flood since 2020", "three times", "asserted") in facts("Llanwern has flooded three times since 2020.")


def test_adjective_complement_with_its_preposition_completes_the_verb():
    assert ("Owen Tredegar", "plead guilty to", "9 charges", "asserted") in facts("Owen Tredegar pleaded guilty to 9 charges.")
    found = facts("Owen Tredegar will be eligible for parole after six months.")
    assert ("Owen Tredegar", "be eligible for", "parole", "planned") in found


def test_admitting_a_charge_is_a_deed_admitting_a_clause_is_a_claim():
    found = facts("Owen Tredegar, 61, of Porthcawl, admitted 9 counts of theft at an earlier hearing.")
    assert ("Owen Tredegar", "admit", "9 counts of theft", "asserted") in found
    assert not any(r.startswith("admit") for _, r, *_ in facts("Owen Tredegar admitted that the books were wrong."))


def test_surname_read_as_a_plural_noun_is_the_person_named_before():
    found = facts("Owen Tredegars, 61, was jailed by Sheriff Iona McLeish on Monday.",
                  "Tredegars will be eligible for parole after six months.")
    assert ("Owen Tredegars", "be eligible for", "parole", "planned") in found


def test_a_verb_of_change_takes_no_counted_object():
    # "rose 38 points" says by how much the index rose; nothing was "risen" (the repair is for "scored 27 points")
    assert not any("points" in o for *_, o, _ in facts("The Kestrel 50 index rose 38 points on Thursday."))
    assert not any("points" in o for *_, o, _ in facts("Shares in Dunmore Foods fell 12 points after the update."))
    assert ("Maja Horvat", "score", "27 points", "asserted") in facts("Maja Horvat scored 27 points.")


def test_participle_with_an_agent_after_a_relative_clause_is_passive():
    # headline style, "was" left out: the judge jailed Brandt; Brandt jailed no one
    found = facts("Tomas Brandt, who was arrested in March, jailed for 8 years by Judge Irene Calloway.")
    assert not any(s == "Tomas Brandt" and r.startswith("jail") for s, r, *_ in found)
    assert ("Irene Calloway", "jail", "Tomas Brandt", "asserted") in found
