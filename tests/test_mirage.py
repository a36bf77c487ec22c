"""MIRAGE setups and the four adaptability metrics (tasks/evaluate/mirage.py)."""
from __future__ import annotations

import itertools

import pytest

from tasks.evaluate.chunking import Chunk
from tasks.evaluate.mirage import (
    MirageOutcome,
    adaptability_metrics,
    correct,
    mixed_context,
    run_mirage_question,
    select_noise_chunks,
    select_oracle_chunk,
)


def _chunk(text_id, index, text):
    return Chunk(chunk_id=f"{text_id}:{index}", text_id=text_id, index=index, text=text, start=0, end=len(text))


@pytest.mark.parametrize(
    ("b", "o", "m", "group"),
    [
        (0, 0, 0, "context_insensitivity"),
        (0, 0, 1, "context_insensitivity"),
        (1, 0, 0, "context_misinterpretation"),
        (1, 0, 1, "context_misinterpretation"),
        (0, 1, 0, "noise_vulnerability"),
        (1, 1, 0, "noise_vulnerability"),
        (0, 1, 1, "context_acceptability"),
        (1, 1, 1, "context_acceptability"),
    ],
)
def test_each_outcome_lands_in_exactly_the_group_mirage_defines(b, o, m, group):
    assert MirageOutcome(base_correct=b, oracle_correct=o, mixed_correct=m).group == group


def test_metrics_hand_computed_and_sum_to_one():
    outcomes = [
        MirageOutcome(base_correct=False, oracle_correct=True, mixed_correct=True),   # CA
        MirageOutcome(base_correct=True, oracle_correct=True, mixed_correct=True),    # CA
        MirageOutcome(base_correct=False, oracle_correct=True, mixed_correct=False),  # NV
        MirageOutcome(base_correct=False, oracle_correct=False, mixed_correct=False), # CI
        MirageOutcome(base_correct=True, oracle_correct=False, mixed_correct=True),   # CM
    ]
    m = adaptability_metrics(outcomes)
    assert m.n == 5
    assert (m.noise_vulnerability, m.context_acceptability, m.context_insensitivity, m.context_misinterpretation) == (
        0.2, 0.4, 0.2, 0.2
    )
    assert (m.base_accuracy, m.oracle_accuracy, m.mixed_accuracy) == (0.4, 0.6, 0.6)
    all_cases = [MirageOutcome(base_correct=b, oracle_correct=o, mixed_correct=x)
                 for b, o, x in itertools.product([False, True], repeat=3)]
    every = adaptability_metrics(all_cases)
    assert sum(every.named()[g] for g in ("noise_vulnerability", "context_acceptability",
                                           "context_insensitivity", "context_misinterpretation")) == pytest.approx(1.0)
    assert every.noise_vulnerability == every.context_acceptability == 0.25


def test_no_questions():
    m = adaptability_metrics([])
    assert m.n == 0 and m.noise_vulnerability is None


def test_correct_is_gold_inside_answer():
    assert correct("Printer, journalist and poet", ["journalist"])
    assert not correct("journalist", ["printer and journalist"])
    assert correct("Назначен Андрей Соколов", ["андрей соколов"])


def test_oracle_is_the_relevant_chunk_that_best_holds_the_answer():
    chunks = [
        _chunk(1, 0, "Tomas was born in Budapest."),                      # partial overlap (Tomas)
        _chunk(1, 1, "The orchestra named Tomas Varga as conductor."),   # contains the answer
        _chunk(2, 0, "Tomas Varga also appears here."),                  # not a relevant text
    ]
    assert select_oracle_chunk(chunks, [1], ["Tomas Varga"]).chunk_id == "1:1"
    assert select_oracle_chunk(chunks[:1], [1], ["Tomas Varga"]).chunk_id == "1:0"
    assert select_oracle_chunk(chunks, [1], ["Someone Else"]) is None


def test_noise_is_the_top_retrieved_non_relevant_chunks():
    ranked = [_chunk(1, 0, "a"), _chunk(3, 0, "b"), _chunk(1, 1, "c"), _chunk(4, 2, "d"), _chunk(5, 0, "e")]
    assert [c.chunk_id for c in select_noise_chunks(ranked, [1], 2)] == ["3:0", "4:2"]


def test_mixed_context_holds_the_oracle_once_at_a_stable_position():
    oracle = _chunk(1, 0, "oracle")
    noise = [_chunk(t, 0, f"noise {t}") for t in (2, 3, 4, 5)]
    mixed = mixed_context(oracle, noise, "q1")
    assert len(mixed) == 5 and mixed.count(oracle) == 1
    assert mixed == mixed_context(oracle, noise, "q1")
    positions = {mixed_context(oracle, noise, f"q{i}").index(oracle) for i in range(40)}
    assert len(positions) > 1  # not always first


def test_run_mirage_question_three_setups():
    oracle = _chunk(1, 0, "The orchestra named Tomas Varga as conductor.")
    noise = [_chunk(2, 0, "Marathon results."), _chunk(3, 0, "Chip plant news.")]
    seen = []

    def reads_context(question, chunks):
        seen.append([c.chunk_id for c in chunks])
        return "Tomas Varga" if any("Varga" in c.text for c in chunks) else "I don't know"

    a = run_mirage_question("q1", "Who?", ["Tomas Varga"], oracle, noise, reads_context)
    assert seen[0] == [] and seen[1] == ["1:0"] and sorted(seen[2]) == ["1:0", "2:0", "3:0"]
    assert (a.outcome.base_correct, a.outcome.oracle_correct, a.outcome.mixed_correct) == (False, True, True)
    assert a.outcome.group == "context_acceptability"

    def distracted(question, chunks):
        return "Tomas Varga" if len(chunks) == 1 else "Someone else"

    b = run_mirage_question("q1", "Who?", ["Tomas Varga"], oracle, noise, distracted)
    assert b.outcome.group == "noise_vulnerability"


def test_mirage_correctness_of_a_set_answer_needs_every_part():
    from tasks.evaluate.mirage import correct

    parts = [["Trigger"], ["Method"]]
    assert not correct("Trigger", ["Trigger", "Method"], parts)
    assert correct("Method and Trigger", ["Trigger", "Method"], parts)
    assert correct("Trigger", ["Trigger", "Method"])  # without parts: alternatives, as before
    assert correct("It is 1200", ["1,200 jobs", "1200"], [["1,200 jobs", "1200"]])
