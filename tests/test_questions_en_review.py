"""Review findings on the fifth English question round: each test is written from a reviewer's input
(with sentences invented here) and failed before its fix. Real spaCy parses, nothing mocked except
where a defect has to be provoked (the per-subgraph failure test)."""
from __future__ import annotations

from tasks.dragon import questions_rules
from tasks.dragon.questions import generate_questions
from tests.test_questions_en_context import RULES, ask, fact, question
from tests.test_questions_en_scope import _reason, _simple


def test_a_defect_in_a_skip_check_fails_one_subgraph_not_the_batch(monkeypatch):
    real = questions_rules.en_skip_reason

    def broken(subgraph):
        if "Pellow" in subgraph.subgraph_id:
            raise ValueError("a provoked defect")
        return real(subgraph)

    monkeypatch.setattr(questions_rules, "en_skip_reason", broken)
    good = fact("Mara Quill", "found", "Quill Bakery", "Mara Quill founded Quill Bakery in 2011.", "person", "org", n=1)
    bad = fact("Lena Pellow", "found", "Pellow Print", "Lena Pellow founded Pellow Print in 2015.", "person", "org", n=2)
    batch = generate_questions([_simple(good, "Quill Bakery"), _simple(bad, "Pellow Print")], RULES)
    assert len(batch.items) == 1 and "Mara Quill" in batch.items[0].question, batch
    assert any("a provoked defect" in f.reason for f in batch.failures), batch.failures


def test_a_capitalised_person_noun_inside_a_name_still_makes_it_longer():
    from tasks.dragon.questions_en_answers import truncated_name

    assert truncated_name("Airport", ["Flights from Kenby International Airport resumed on Monday."])
    assert truncated_name("Hall", ["The choir sang at Tolland Centre Hall last night."])
    # a role opening the sentence is no piece of the name after it
    assert not truncated_name("Owen Rees", ["Fly-half Owen Rees, 22, kicked four penalties."])


def test_a_completed_name_is_found_by_its_last_word_only_and_only_as_a_name_of_its_own():
    from tasks.dragon.questions_en_context import _span_of, sentence_doc

    doc = sentence_doc("New Zealand beat Wales, and Kenby Rhinos signed the winger.")
    assert _span_of(doc, "New York Knicks") is None
    assert _span_of(doc, "Kenby Athletic") is None
    assert _span_of(doc, "Tolland Rhinos") is None  # "Rhinos" here is another club's
    doc = sentence_doc("Judge Ruth Obi, who jailed Pryce, called it a betrayal.")
    assert _span_of(doc, "Dan Pryce").text == "Pryce"


def test_a_capitalised_word_of_the_answer_is_written_only_when_capitalised():
    item = ask([fact("Ella Moss", "order stock from", "Harbour Foods", "Ella Moss ordered stock from the harbour supplier.",
                     "person", "org")], "Harbour Foods")
    assert "not written in its sentences" in _reason(item)
    item = ask([fact("Ella Moss", "order stock from", "Harbour Foods", "Ella Moss ordered stock from HARBOUR FOODS.",
                     "person", "org")], "Harbour Foods")
    assert question(item) == "Which organization did Ella Moss order stock from?", item


def test_a_person_whose_surname_looks_plural_can_be_he():
    item = ask([fact("Sam Rivers", "join", "Kenby Rovers", "He joined Kenby Rovers in 2019.", "person", "org")],
               "Kenby Rovers")
    assert question(item) == "Which club did Sam Rivers join in 2019?", item  # the year carried (session 20)
    item = ask([fact("Ruth Styles", "join", "Kenby Rowing Club", "She joined Kenby Rowing Club in 2015.", "person", "org")],
               "Kenby Rowing Club")
    assert question(item) is not None and "Ruth Styles" in question(item), item
