"""Retrieval metrics on hand-computed examples (tasks/evaluate/metrics_retrieval.py)."""
from __future__ import annotations

import math

import pytest

from tasks.evaluate.metrics_retrieval import (
    dedupe_ranking,
    f1_at_k,
    hit_rate_at_k,
    ndcg_at_k,
    precision_at_k,
    recall_at_k,
    reciprocal_rank_at_k,
    score_retrieval,
)
from tasks.evaluate.records import QuestionScores, summarize

LOG3, LOG5 = math.log2(3), math.log2(5)


def test_several_relevant_documents_hand_computed():
    # relevant 1, 2, 4; retrieved at ranks 2 and 4; 4 is never retrieved
    s = score_retrieval([3, 1, 7, 2, 9], {1, 2, 4}, k=5)
    assert s.hit_rate == 1.0
    assert s.recall == pytest.approx(2 / 3)
    assert s.precision == pytest.approx(2 / 5)
    assert s.f1 == pytest.approx(2 * 0.4 * (2 / 3) / (0.4 + 2 / 3))  # = 0.5
    assert s.f1 == pytest.approx(0.5)
    assert s.mrr == pytest.approx(0.5)
    dcg = 1 / LOG3 + 1 / LOG5
    ideal = 1 + 1 / LOG3 + 1 / 2  # three relevant documents -> ideal ranks 1, 2, 3
    assert s.ndcg == pytest.approx(dcg / ideal)
    assert s.ndcg == pytest.approx(0.498189, abs=1e-6)
    assert (s.relevant, s.retrieved) == (3, 5)


def test_ndcg_ideal_comes_from_all_relevant_not_from_the_retrieved_list():
    # the mistake: ideal built from the 2 relevant ids that were retrieved -> 0.651
    wrong = (1 / LOG3 + 1 / LOG5) / (1 + 1 / LOG3)
    right = ndcg_at_k([3, 1, 7, 2, 9], {1, 2, 4}, 5)
    assert right != pytest.approx(wrong)
    assert right < wrong
    # all relevant at the top is perfect even when k > |relevant|
    assert ndcg_at_k([1, 2, 4, 8, 9], {1, 2, 4}, 5) == pytest.approx(1.0)
    # the ideal is capped at k: two of three relevant in the top 2 is perfect at k=2
    assert ndcg_at_k([1, 2, 4], {1, 2, 4}, 2) == pytest.approx(1.0)


def test_recall_divides_by_all_relevant_not_one():
    # a single relevant document assumed would give recall 1.0 here
    assert recall_at_k([7], {7, 8}, 5) == 0.5
    assert hit_rate_at_k([7], {7, 8}, 5) == 1.0


def test_no_relevant_document_is_undefined_and_left_out_of_means():
    s = score_retrieval([1, 2, 3], set(), k=3)
    assert all(v is None for v in s.named().values())
    scored = QuestionScores(question_id="1", type="simple", lang="en", retrieval=score_retrieval([1], {1}, 3))
    unscored = QuestionScores(question_id="2", type="simple", lang="en", retrieval=s)
    summary = summarize([scored, unscored])
    assert summary.means["recall@3"] == 1.0
    assert summary.counts["recall@3"] == 1
    assert summary.questions == 2


def test_empty_prediction_scores_zero():
    s = score_retrieval([], {1, 2}, k=5)
    assert (s.hit_rate, s.recall, s.precision, s.f1, s.mrr, s.ndcg) == (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert s.retrieved == 0


def test_duplicate_retrieved_ids_count_once_at_first_rank():
    assert dedupe_ranking([3, 1, 3, 2, 1]) == [3, 1, 2]
    # without de-duplication the top 2 would be [1, 1]: recall 0.5, precision 1.0
    assert recall_at_k([1, 1, 1, 2], {1, 2}, 2) == 1.0
    assert precision_at_k([1, 1, 1, 2], {1, 2}, 2) == 1.0
    # the duplicate does not push the relevant id down: [5, 5, 1] ranks 1 second
    assert reciprocal_rank_at_k([5, 5, 1], {1}, 2) == 0.5
    assert hit_rate_at_k([5, 5, 1], {1}, 2) == 1.0
    # and a duplicate of a relevant id is not counted twice
    assert precision_at_k([1, 1], {1, 2}, 2) == 0.5
    assert ndcg_at_k([1, 1, 2], {1, 2}, 2) == pytest.approx(1.0)


def test_k_larger_than_the_list():
    s = score_retrieval([2], {2, 3}, k=10)
    assert s.recall == 0.5
    assert s.precision == pytest.approx(0.1)  # divides by k, not by the list's length
    assert s.f1 == pytest.approx(2 * 0.1 * 0.5 / 0.6)
    assert s.hit_rate == 1.0
    assert s.mrr == 1.0
    assert s.ndcg == pytest.approx(1 / (1 + 1 / LOG3))
    assert s.retrieved == 1


def test_cut_off_excludes_ranks_after_k():
    assert hit_rate_at_k([9, 8, 1], {1}, 2) == 0.0
    assert reciprocal_rank_at_k([9, 8, 1], {1}, 2) == 0.0
    assert reciprocal_rank_at_k([9, 8, 1], {1}, 3) == pytest.approx(1 / 3)
    assert f1_at_k([9, 8], {1}, 2) == 0.0


def test_string_and_int_ids_do_not_mix():
    assert recall_at_k(["1"], {1}, 1) == 0.0


def test_k_must_be_positive():
    with pytest.raises(ValueError, match="k must be >= 1"):
        score_retrieval([1], {1}, 0)
