"""Know Your RAG labels and critiques over HTTP (fake OpenAI server), the no-LLM question
checks, and the keep / drop decision from scores."""
from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from benchmill.engines import EngineConfig
from benchmill.llm import RETRY_MARKER
from schemas import Item, Lineage
from schemas.knowyourrag import CritiqueReply, CritiqueScore, CritiqueThresholds, ItemLabel, LabelReply, QuestionCheck
from tasks.knowyourrag.scoring import (
    critique_items,
    decide,
    label_items,
    label_mix,
    question_checks,
    question_problems,
    usage_per_item,
)

CONTEXT = ("Baltic Freight Group will build a second container terminal in Gdansk by 2028. "
           "The project is expected to cost 410 million euros.")
CONTEXT_RU = "Компания «Балтийский терминал» построит новый причал в Усть-Луге к 2027 году."


def item(iid: str, question: str, answer: str, qtype: str = "fact_single", lang: str = "en", context: str = CONTEXT) -> Item:
    return Item(item_id=iid, method="kyr", type=qtype, lang=lang, question=question, answers=[answer],
                references=[context], doc_ids=["d1"], lineage=Lineage(engine="rules"))


ITEMS = [
    item("a", "When will Baltic Freight Group build a second container terminal in Gdansk?", "by 2028"),
    item("b", "How much will the Gdansk terminal of Baltic Freight Group cost?", "410 million euros", "summary"),
    item("c", "Why is Gdansk important for shipping?", "It will have two terminals.", "reasoning"),
    item("d", "К какому году компания «Балтийский терминал» построит причал?", "к 2027 году", lang="ru", context=CONTEXT_RU),
]


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize("raw, label", [("fact_single", "fact_single"), ("Fact-Single", "fact_single"),
                                        (" unanswerable ", "unanswerable"), ("Reasoning", "reasoning")])
def test_label_reply_normalises(raw, label):
    assert LabelReply.model_validate({"label": raw, "reason": "r"}).label == label


def test_label_reply_rejects_unknown_labels():
    with pytest.raises(ValidationError):
        LabelReply.model_validate({"label": "multi_hop", "reason": "r"})


@pytest.mark.parametrize("rating, expected", [(4, 4), ("4", 4), ("5/5", 5), (3.0, 3)])
def test_critique_reply_ratings(rating, expected):
    assert CritiqueReply.model_validate({"evaluation": "e", "rating": rating}).rating == expected


@pytest.mark.parametrize("rating", [0, 6, "great", 3.5])
def test_critique_reply_rejects_bad_ratings(rating):
    with pytest.raises(ValidationError):
        CritiqueReply.model_validate({"evaluation": "e", "rating": rating})


# --------------------------------------------------------------------------- over HTTP


def test_labels_over_http_with_one_broken_reply(fake_llm, llm_engine):
    fake_llm.route("second container terminal in Gdansk?", json.dumps({"label": "fact_single", "reason": "a date"}))
    fake_llm.route("How much will", "```json\n{'label': 'Summary', 'reason': 'cost and project',}\n```")
    fake_llm.route("Why is Gdansk", "I would say reasoning.")
    fake_llm.route(RETRY_MARKER, "reasoning, definitely")
    fake_llm.route("К какому году", json.dumps({"label": "unanswerable", "reason": "нет"}, ensure_ascii=False))
    batch = label_items(ITEMS, llm_engine)
    labels = {x.item_id: x for x in batch.labels}
    assert {k: v.label for k, v in labels.items()} == {"a": "fact_single", "b": "summary", "d": "unanswerable"}
    assert labels["b"].requested == "summary" and labels["b"].reason == "cost and project"
    [failure] = batch.failures
    assert failure.key == "c" and failure.stage == "kyr_label" and "reasoning, definitely" in failure.reason
    assert label_mix(batch.labels) == {
        "all": {"fact_single": 1, "summary": 1, "unanswerable": 1},
        "fact_single": {"fact_single": 1, "unanswerable": 1},
        "summary": {"summary": 1},
    }
    prompt = next(r["messages"][-1]["content"] for r in fake_llm.requests if "second container terminal in Gdansk?" in r["messages"][-1]["content"])
    assert CONTEXT in prompt and "unanswerable" in prompt
    assert batch.usage.calls == 5 and batch.usage.failures == 1  # four items, the broken one retried once
    assert usage_per_item(batch.usage, 3)["calls_per_item"] == pytest.approx(5 / 3)


def test_critiques_over_http_and_the_decision(fake_llm, llm_engine):
    def handler(body):
        text = body["messages"][-1]["content"]
        if "Why is Gdansk" in text and "understood on its own" in text:
            return json.dumps({"evaluation": "vague", "rating": "2"})
        if "Answer: 410 million euros" in text and "inferred from the context" in text:
            return "the answer is fine"  # broken: not JSON, and the retry neither
        if RETRY_MARKER in text:
            return "still fine"
        return json.dumps({"evaluation": "ok", "rating": 5})

    fake_llm.handler(handler)
    batch = critique_items(ITEMS[:3], llm_engine)
    assert len(batch.critiques) == 11
    [failure] = batch.failures
    assert failure.key == "b#answer_grounded" and "still fine" in failure.reason
    thresholds = CritiqueThresholds()
    verdicts = {i.item_id: decide(i.item_id, thresholds, critiques=batch.critiques) for i in ITEMS[:3]}
    assert verdicts["a"].status == "passed" and verdicts["a"].score == 5.0
    assert verdicts["b"].status == "error" and "answer_grounded" in verdicts["b"].reason
    assert verdicts["c"].status == "rejected" and verdicts["c"].code == "critique_stand_alone"
    assert verdicts["c"].reason == "stand_alone 2 < 4: vague"
    # the same scores under a lower threshold: no new model call, another decision
    calls = len(fake_llm.requests)
    lenient = CritiqueThresholds(stand_alone=2)
    assert decide("c", lenient, critiques=batch.critiques).status == "passed"
    assert len(fake_llm.requests) == calls
    prompts = [r["messages"][-1]["content"] for r in fake_llm.requests]
    assert sum("410 million euros" in p and "inferred from the context" in p for p in prompts) >= 1  # answer in prompt


def test_scoring_needs_the_llm_engine():
    with pytest.raises(ValueError, match="llm engine"):
        label_items(ITEMS, EngineConfig(kind="rules"))
    with pytest.raises(ValueError, match="llm engine"):
        critique_items(ITEMS, EngineConfig(kind="rules"))


def test_decide_label_and_checks_come_first():
    scores = [CritiqueScore(item_id="a", critique=c, rating=5, evaluation="ok")
              for c in ("stand_alone", "question_specificity", "question_grounded", "answer_grounded")]
    unanswerable = ItemLabel(item_id="a", requested="fact_single", label="unanswerable", reason="not there")
    v = decide("a", CritiqueThresholds(), critiques=scores, label=unanswerable)
    assert v.status == "rejected" and v.code == "label_unanswerable" and "not there" in v.reason
    assert decide("a", CritiqueThresholds(reject_unanswerable=False), critiques=scores, label=unanswerable).status == "passed"
    check = QuestionCheck(item_id="a", problems=["the question mentions the context / passage / text"], codes=["mentions_context"])
    assert decide("a", CritiqueThresholds(), critiques=scores, check=check).code == "mentions_context"


# --------------------------------------------------------------------------- no-LLM checks


@pytest.mark.parametrize(
    "question, answer, lang, codes",
    [
        ("When will Baltic Freight Group build a terminal in Gdansk?", "by 2028", "en", []),
        ("What does the passage say about Gdansk?", "a terminal", "en", ["mentions_context"]),
        ("According to the text, who builds the terminal?", "Baltic Freight Group", "en", ["mentions_context"]),
        ("Baltic Freight Group builds a terminal in Gdansk.", "Gdansk", "en", ["not_a_question", "answered_by_itself"]),
        ("Which group will build a terminal in Gdansk by 2028?", "by 2028", "en", ["answered_by_itself"]),
        ("Кто построит причал в Усть-Луге?", "компания «Балтийский терминал»", "en", ["wrong_language"]),
        ("Что сказано в тексте о причале?", "новый причал", "ru", ["mentions_context"]),
        ("Какой текстильный комбинат закрылся в Иванове?", "Ивановский", "ru", []),
        ("К какому году компания построит причал?", "к 2027 году", "ru", []),
    ],
)
def test_question_checks(question, answer, lang, codes):
    it = item("x", question, answer, lang=lang)
    [check] = question_checks([it])
    assert check.codes == codes
    assert len(question_problems(question, answer, lang)) == len(codes)
