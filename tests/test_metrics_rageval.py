"""RAGEval Recall, EIR and keypoint metrics on hand-computed examples."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tasks.evaluate.metrics_rageval import (
    KeypointReply,
    KeypointReplyError,
    KeypointVerdict,
    judge_keypoints,
    keypoint_metrics,
    labels_from_reply,
    rageval_code_eir,
    rageval_eir,
    rageval_recall,
    split_sentences,
    strip_metadata_prefix,
)


def test_sentence_splitting_en_pysbd_ru_razdel():
    assert split_sentences("Dr. Smith arrived. He left at 5 p.m. today.", "en") == [
        "Dr. Smith arrived.", "He left at 5 p.m. today."
    ]
    assert split_sentences("Мост открыт. Он стоит 12 млрд руб. в год.", "ru") == ["Мост открыт.", "Он стоит 12 млрд руб. в год."]
    assert split_sentences("   ", "en") == []


def test_strip_metadata_prefix():
    assert strip_metadata_prefix("(Company: Acme Corp) Revenue grew.") == "Revenue grew."
    assert strip_metadata_prefix("(AP) Revenue grew.") == "(AP) Revenue grew."  # not metadata
    assert strip_metadata_prefix("Revenue grew (Company: Acme).") == "Revenue grew (Company: Acme)."


def test_recall_every_sentence_in_some_retrieved_reference():
    gt = ["Alpha one. Alpha two.", "Beta one."]
    # both Alpha sentences are found (in different retrieved references); Beta is not
    assert rageval_recall(gt, ["xx Alpha one. yy", "Alpha two. zz"], "en") == 0.5
    # one sentence missing: that reference is not recalled
    assert rageval_recall(gt, ["Alpha one.", "Beta one."], "en") == 0.5
    assert rageval_recall(gt, ["Alpha one. Alpha two. Beta one."], "en") == 1.0
    assert rageval_recall(gt, [], "en") == 0.0
    assert rageval_recall([], ["anything"], "en") is None


def test_eir_hand_computed_with_metadata_prefix():
    gt = ["The bridge cost 410 million dollars. It opened Monday."]
    retrieved = ["(Company: Acme) The bridge cost 410 million dollars. It opened Monday. Other words.", "Noise text only."]
    # retrieved words after the prefix is stripped: 11 + 3 = 14; the matched reference: 6 + 3 words
    assert rageval_eir(gt, retrieved, "en") == pytest.approx(9 / 14)
    # the prefix's 2 words must not be in the denominator (9/16 would be the bug)
    assert rageval_eir(gt, retrieved, "en") != pytest.approx(9 / 16)
    assert rageval_code_eir(gt, retrieved, "en") == pytest.approx(9 / 14)


def test_eir_paper_counts_only_matched_references_rageval_code_counts_every_found_sentence():
    gt = ["Alpha one. Alpha two.", "Beta three four."]
    retrieved = ["Alpha one. Beta three four. noise noise"]  # 7 words; "Alpha two." is missing
    # paper (eq. 2): only the matched reference "Beta three four." (3 words) counts
    assert rageval_eir(gt, retrieved, "en") == pytest.approx(3 / 7)
    # RAGEval's code: also "Alpha one." of the reference that is not fully matched (2 + 3 words)
    assert rageval_code_eir(gt, retrieved, "en") == pytest.approx(5 / 7)
    # a reference only partly retrieved contributes nothing under the paper's definition
    partial = ["The bridge cost 410 million dollars. It opened Monday."]
    assert rageval_eir(partial, ["(Company: Acme) The bridge cost 410 million dollars. Other words here."], "en") == 0.0
    assert rageval_code_eir(partial, ["(Company: Acme) The bridge cost 410 million dollars. Other words here."],
                            "en") == pytest.approx(6 / 9)


def test_eir_and_recall_cyrillic():
    gt = ["Мост стоил 12 миллиардов рублей. Он открыт."]
    retrieved = ["Мост стоил 12 миллиардов рублей. Рядом парк."]
    assert rageval_eir(gt, retrieved, "ru") == 0.0  # "Он открыт." is missing: the reference is not matched
    assert rageval_code_eir(gt, retrieved, "ru") == pytest.approx(5 / 7)
    assert rageval_recall(gt, retrieved, "ru") == 0.0
    assert rageval_eir(gt, ["Мост стоил 12 миллиардов рублей. Он открыт. Рядом парк."], "ru") == pytest.approx(7 / 9)


def test_eir_repeated_sentence_paper_counts_once_rageval_code_exceeds_one():
    gt = ["Same sentence here.", "Same sentence here."]
    assert rageval_eir(gt, ["Same sentence here. And more."], "en") == pytest.approx(3 / 5)
    assert rageval_eir(gt, ["Same sentence here."], "en") == 1.0
    # RAGEval's code counts the sentence once per reference: 6 matched words of 3 retrieved
    assert rageval_code_eir(gt, ["Same sentence here."], "en") == pytest.approx(2.0)
    assert rageval_eir(gt, [], "en") == 0.0 and rageval_code_eir(gt, [], "en") == 0.0
    assert rageval_eir([], ["text"], "en") is None and rageval_code_eir([], ["text"], "en") == 0.0


def test_keypoint_metrics_sum_to_one():
    s = keypoint_metrics(["covered", "contradicted", "not_addressed", "covered"])
    assert (s.completeness, s.hallucination, s.irrelevance) == (0.5, 0.25, 0.25)
    thirds = keypoint_metrics(["covered", "contradicted", "not_addressed"])
    assert thirds.completeness + thirds.hallucination + thirds.irrelevance == pytest.approx(1.0)
    assert keypoint_metrics([]).status == "no_keypoints"


def _reply(*pairs):
    return KeypointReply(verdicts=[KeypointVerdict(keypoint=n, label=lab) for n, lab in pairs])


def test_labels_are_parsed_strictly_one_per_keypoint():
    assert labels_from_reply(_reply((2, "contradicted"), (1, "covered")), 2) == ["covered", "contradicted"]
    with pytest.raises(KeypointReplyError, match=r"no verdict for keypoint\(s\) \[2\]"):
        labels_from_reply(_reply((1, "covered")), 2)
    with pytest.raises(KeypointReplyError, match="labelled twice"):
        labels_from_reply(_reply((1, "covered"), (1, "contradicted")), 1)
    with pytest.raises(KeypointReplyError, match="there are 1 keypoints"):
        labels_from_reply(_reply((1, "covered"), (2, "covered")), 1)
    with pytest.raises(ValueError):
        KeypointVerdict(keypoint=1, label="partially covered")


def test_judge_keypoints_with_stub_client_and_invalid_reply():
    ok = SimpleNamespace(value=_reply((1, "covered"), (2, "not_addressed")), error=None, usage=None)
    client = SimpleNamespace(complete_json=lambda prompt, schema: ok)
    s = judge_keypoints(client, "Q?", "answer", ["kp one", "kp two"], "en")
    assert (s.completeness, s.hallucination, s.irrelevance) == (0.5, 0.0, 0.5)
    bad = SimpleNamespace(value=_reply((1, "covered")), error=None, usage=None)
    s = judge_keypoints(SimpleNamespace(complete_json=lambda p, sch: bad), "Q?", "a", ["kp one", "kp two"], "en")
    assert s.status == "error" and s.completeness is None and "keypoint(s) [2]" in s.reason


def test_keypoint_labels_are_never_read_from_prose(fake_llm, llm_engine):
    prose = "Keypoint 1 is covered. Keypoint 2 is covered as well, nothing is contradicted."
    fake_llm.script(prose, prose)  # the reply and the client's one corrective retry
    s = judge_keypoints(llm_engine.client(), "Q?", "An answer.", ["first", "second"], "en")
    assert s.status == "error" and s.completeness is None
    assert len(fake_llm.requests) == 2


def test_keypoint_label_comes_from_the_label_field_not_the_reason(fake_llm, llm_engine):
    reply = {"verdicts": [
        {"keypoint": 1, "label": "not_addressed", "reason": "the cost is not covered and nothing is contradicted"},
        {"keypoint": 2, "label": "covered", "reason": "states it"},
    ]}
    fake_llm.script(json.dumps(reply))
    s = judge_keypoints(llm_engine.client(), "Вопрос?", "Ответ.", ["первый", "второй"], "ru")
    assert s.labels == ["not_addressed", "covered"]
    assert (s.completeness, s.hallucination, s.irrelevance) == (0.5, 0.0, 0.5)
    prompt = json.dumps(fake_llm.requests[0], ensure_ascii=False)
    assert "1. первый" in prompt and "2. второй" in prompt
