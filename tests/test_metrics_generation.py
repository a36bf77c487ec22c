"""Answer metrics on hand-computed examples (tasks/evaluate/metrics_generation.py)."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tasks.evaluate.metrics_generation import (
    JUDGE_CRITERION_NAMES,
    JudgeReply,
    exact_match,
    judge_answer,
    lcs_length,
    normalize_answer,
    normalized_exact_match,
    rouge_l_f1,
    score_answer,
    substring_match,
    token_f1,
)


def test_normalize_answer():
    assert normalize_answer("  The Eiffel-Tower!  ") == "eiffel tower"
    assert normalize_answer("An apple, a day") == "apple day"
    assert normalize_answer("Фёдор «Шаляпин»") == "федор шаляпин"
    assert normalize_answer("") == ""


def test_exact_and_normalized_exact_match():
    assert exact_match(" Paris ", ["Paris"]) == 1.0
    assert exact_match("paris", ["Paris"]) == 0.0
    assert normalized_exact_match("the Paris.", ["Paris"]) == 1.0
    assert normalized_exact_match("Paris, France", ["Paris"]) == 0.0
    assert normalized_exact_match("Андрея Соколова!", ["андрея соколова"]) == 1.0
    # best over several gold answers
    assert normalized_exact_match("1200", ["1,200 jobs", "1200"]) == 1.0


def test_substring_match_direction_gold_inside_prediction():
    assert substring_match("The winner was Alice Wanjiru, from Kenya.", ["Alice Wanjiru"]) == 1.0
    # the reversed direction (prediction inside gold) must not count
    assert substring_match("Alice", ["Alice Wanjiru"]) == 0.0
    assert substring_match("Paris", ["Paris, France"]) == 0.0
    # on word boundaries
    assert substring_match("a Parisian café", ["Paris"]) == 0.0
    # Cyrillic, case and ё
    assert substring_match("Дирижёром назначили АНДРЕЯ СОКОЛОВА.", ["Андрея Соколова"]) == 1.0
    assert substring_match("Это Фёдор", ["Федор"]) == 1.0


def test_token_f1_hand_computed():
    # pred tokens (articles dropped): cat sat on mat; gold: cat on mat -> P=3/4 R=1
    assert token_f1("the cat sat on the mat", ["a cat on a mat"]) == pytest.approx(2 * 0.75 / 1.75)
    assert token_f1("мост открыт", ["мост закрыт"]) == pytest.approx(0.5)
    assert token_f1("x", ["y", "x"]) == 1.0


def test_rouge_l_keeps_cyrillic():
    from rouge_score.tokenizers import DefaultTokenizer

    # the library's default tokenizer drops Cyrillic (identical strings would score 0.0): the bug we avoid
    assert DefaultTokenizer().tokenize("Мост открыли") == []
    assert rouge_l_f1("Мост открыли", ["Мост открыли"]) == 1.0
    # LCS "в казани" = 2 of 4 tokens each way
    assert rouge_l_f1("мост открыли в казани", ["в казани открыли мост"]) == pytest.approx(0.5)
    # LCS alpha gamma delta = 3 of 4 each way
    assert rouge_l_f1("alpha beta gamma delta", ["alpha gamma delta epsilon"]) == pytest.approx(0.75)
    # unequal lengths: LCS 2, P = 2/2, R = 2/5 -> F1 = 2·1·0.4 / 1.4
    assert rouge_l_f1("Alice Wanjiru", ["Kenyan runner Alice Wanjiru won"]) == pytest.approx(0.8 / 1.4)
    assert lcs_length(list("abcbdab"), list("bdcaba")) == 4  # the textbook example


def test_empty_prediction_and_missing_gold():
    s = score_answer("", ["Tomas Varga"])
    assert (s.em, s.nem, s.substring_match, s.token_f1, s.rouge_l) == (0.0, 0.0, 0.0, 0.0, 0.0)
    none = score_answer("anything", ["", "  "])
    assert all(v is None for v in none.named().values())
    assert substring_match("anything", []) is None


class _StubClient:
    """complete_json returns a prepared value, like benchmill.llm.LLMClient."""

    def __init__(self, value, error=None):
        self.value, self.error, self.prompts = value, error, []

    def complete_json(self, prompt, schema):
        self.prompts.append(prompt)
        return SimpleNamespace(value=self.value, error=self.error, usage=None)


def test_judge_score_is_the_mean_of_the_criteria():
    ratings = dict(zip(JUDGE_CRITERION_NAMES, [2, 2, 1, 1, 0, 0]))
    client = _StubClient(JudgeReply(**ratings))
    j = judge_answer(client, "Who won?", ["Alice Wanjiru"], "Alice Wanjiru", "en", context="Alice Wanjiru won the race.")
    assert j.score == pytest.approx(0.5)  # mean rating 1 of 0-2, reported on 0-1 as DRAGON does
    assert j.criteria == ratings
    assert "Alice Wanjiru" in client.prompts[0].text and "Alice Wanjiru won the race." in client.prompts[0].text
    failed = judge_answer(_StubClient(None, "not JSON"), "Who won?", ["A"], "A", "ru")
    assert failed.score is None and failed.status == "error" and "not JSON" in failed.reason


def test_judge_ratings_outside_0_to_2_are_rejected():
    with pytest.raises(ValueError):
        JudgeReply(**dict(zip(JUDGE_CRITERION_NAMES, [3, 2, 2, 2, 2, 2])))


def test_judge_over_the_fake_llm(fake_llm, llm_engine):
    reply = {name: 2 for name in JUDGE_CRITERION_NAMES} | {"rationale": "fine"}
    fake_llm.script(json.dumps(reply))
    j = judge_answer(llm_engine.client(), "Кто победил?", ["Алиса"], "Алиса", "ru")
    assert j.status == "scored" and j.score == 1.0
    assert "Эталонный ответ: Алиса" in json.dumps(fake_llm.requests[-1], ensure_ascii=False)


def test_a_set_answer_is_scored_by_parts_not_as_alternatives():
    from tasks.evaluate.metrics_generation import score_answer_parts

    parts = [["Trigger"], ["Method"]]
    partial = score_answer_parts("Trigger", parts)
    complete = score_answer_parts("Trigger, Method", parts)
    reordered = score_answer_parts("method and trigger", parts)
    assert (complete.em, complete.nem, complete.substring_match, complete.part_recall, complete.part_precision) == (
        1.0, 1.0, 1.0, 1.0, 1.0)
    assert (partial.em, partial.nem, partial.substring_match, partial.part_recall, partial.part_precision) == (
        0.0, 0.0, 0.0, 0.5, 1.0)
    for name in ("em", "nem", "substring_match", "token_f1", "rouge_l", "part_recall"):
        assert getattr(partial, name) < getattr(complete, name), name
    assert partial.token_f1 == pytest.approx(2 / 3)
    assert (reordered.em, reordered.nem, reordered.part_recall) == (0.0, 1.0, 1.0)
    extra = score_answer_parts("Trigger, Method, Ranking", parts)
    assert extra.part_recall == 1.0 and extra.part_precision == pytest.approx(2 / 3) and extra.nem == 0.0
    # one part with alternatives: the best form, as before; no part metrics
    alt = score_answer_parts("1200", [["1,200 jobs", "1200"]])
    assert alt.nem == 1.0 and alt.part_recall is None and "part_recall" not in alt.named()


def test_set_question_of_a_release_scores_by_parts(tmp_path):
    from tasks.evaluate.release_data import QARecord
    from tasks.evaluate.scoring import score_question

    exported = QARecord(public_id=7, type="set", answers=["Trigger", "Method"],
                        answer_parts=[["Trigger"], ["Method", "the method"]])
    legacy = QARecord(public_id=8, type="set", answers=["Trigger", "Method"])  # an export before answer_parts
    simple = QARecord(public_id=9, type="simple", answers=["Trigger", "trigger event"])
    assert exported.parts == [["Trigger"], ["Method", "the method"]]
    assert legacy.parts == [["Trigger"], ["Method"]] and simple.parts == [["Trigger", "trigger event"]]
    for qa in (exported, legacy):
        half = score_question("7", qa, "Which?", found_ids=None, answer="Trigger", k=5, llm_metrics=False)
        full = score_question("7", qa, "Which?", found_ids=None, answer="Trigger, Method", k=5, llm_metrics=False)
        assert half.generation.em == 0.0 and half.generation.part_recall == 0.5
        assert full.generation.em == 1.0 and full.metrics()["part_recall"] == 1.0
    one = score_question("9", simple, "Which?", found_ids=None, answer="Trigger", k=5, llm_metrics=False)
    assert one.generation.em == 1.0 and "part_recall" not in one.metrics()
