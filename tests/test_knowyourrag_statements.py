"""Know Your RAG statement extraction: the rules engine (en, ru, hard cases) and the llm
engine over HTTP against the fake OpenAI server (scripted replies, one broken)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmill.engines import SKIPPED_NEEDS_LLM, EngineConfig
from benchmill.llm import RETRY_MARKER
from schemas.knowyourrag import KyrContext
from tasks.knowyourrag.baseline import generate_baseline
from tasks.knowyourrag.scoring import question_checks
from tasks.knowyourrag.statements import RULES_VERSION, ExtractionConfig, extract_statements, item_id

GOLD = json.loads((Path(__file__).parent / "fixtures" / "knowyourrag" / "gold.json").read_text(encoding="utf-8"))["contexts"]
RULES = EngineConfig(kind="rules")


def ctx(cid: str, text: str, lang: str = "en", **kw) -> KyrContext:
    return KyrContext(context_id=cid, text=text, lang=lang, **kw)


def gold_contexts() -> list[KyrContext]:
    return [ctx(g["id"], g["text"], g["lang"], title=g["title"], collection=f"gold-{g['domain']}@1") for g in GOLD]


@pytest.fixture(scope="module")
def gold_batch():
    return extract_statements(gold_contexts(), RULES)


# --------------------------------------------------------------------------- rules


def test_rules_facts_match_the_hand_labels(gold_batch):
    found = {s.context_id: s.facts for s in gold_batch.statements}
    tp = fp = fn = 0
    for g in GOLD:
        facts = found[g["id"]]
        tp += len(set(facts) & set(g["facts"]))
        fp += len(set(facts) - set(g["facts"]))
        fn += len(set(g["facts"]) - set(facts))
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    assert precision >= 0.95, (precision, recall)
    assert recall >= 0.85, (precision, recall)


def test_rules_items_one_fact_single_per_context_and_llm_kinds_skipped(gold_batch):
    assert gold_batch.failures == []
    assert {i.type for i in gold_batch.items} == {"fact_single"}
    assert len(gold_batch.items) == len(GOLD)  # every gold context yields a question
    skipped = {(s.context_id, s.type): s.reason for s in gold_batch.skipped}
    for g in GOLD:
        assert skipped[(g["id"], "summary")] == SKIPPED_NEEDS_LLM
        assert skipped[(g["id"], "reasoning")] == SKIPPED_NEEDS_LLM
    for item in gold_batch.items:
        g = next(g for g in GOLD if g["id"] == item.config["context_id"])
        assert item.method == "kyr" and item.lang == g["lang"]
        assert item.answers[0] in g["text"]  # the answer is a source sentence (its dateline cut off)
        assert item.references == [g["text"]]
        assert item.config["theme"] == g["title"]
        assert item.config["statement_kind"] == "fact"
        assert item.config["answer_span"] in item.answers[0]
        assert item.config["answer_span"].lower() not in item.question.lower()
        assert item.lineage.engine == "rules"


def test_rules_questions_pass_the_no_llm_checks(gold_batch):
    for check, item in zip(question_checks(gold_batch.items), gold_batch.items):
        assert check.problems == [], (item.question, check.problems)


def test_rules_are_deterministic_and_seeded(gold_batch):
    again = extract_statements(gold_contexts(), RULES)
    assert [i.model_dump() for i in again.items] == [i.model_dump() for i in gold_batch.items]
    context = gold_contexts()[0]
    assert gold_batch.items[0].item_id == item_id(context, "fact_single", "rules", None, RULES_VERSION, 13)
    other = [extract_statements(gold_contexts()[:4], RULES, ExtractionConfig(seed=s)).items for s in range(6)]
    assert len({tuple(i.question for i in items) for items in other}) > 1  # the seed picks the statement


@pytest.mark.parametrize(
    "text, expected",
    [
        # a plan stays a plan; the dateline is cut off
        ("LONDON, May 2 (Newswire) - Baltic Freight Group will build a solar farm near Leeds by 2029. The plant is big.",
         "When will Baltic Freight Group build a solar farm near Leeds?"),
        # a negation stays negative
        ("Governor Elise Marten did not attend the summit in Oslo on Friday. The summit lasted two days.",
         "Who did not attend the summit in Oslo on Friday?"),
        ("Chief executive Tomasz Wrona plans to sell the Gdansk terminal next year. Analysts were surprised by the news.",
         "Who plans to sell the Gdansk terminal next year?"),
        ("Engineers at Delta Works replaced 96 steel cables on the Kessel Bridge. The work was noisy and slow.",
         "How many steel cables did engineers at Delta Works replace on the Kessel Bridge?"),
        # coordinated verbs are never inverted around one of them
        ("Baltic Freight Lines employs 1,200 people and carried 380,000 trucks last year. It is growing fast.",
         "Which organisation employs 1,200 people and carried 380,000 trucks last year?"),
        # hyphenated words stay joined ("cold - storage" before); a dash spaced in the source stays spaced
        ("Engineers at Delta Works replaced 96 steel cables on the long-span Kessel Bridge. The work was noisy and slow.",
         "How many steel cables did engineers at Delta Works replace on the long-span Kessel Bridge?"),
        ("Cold-storage operators opened 12 new warehouses in Oslo last year. Prices rose.",
         "When did cold-storage operators open 12 new warehouses in Oslo?"),
        ("Baltic Freight Lines employs 1,200 people - mostly drivers - and carried 380,000 trucks. It is growing fast.",
         "Which organisation employs 1,200 people - mostly drivers - and carried 380,000 trucks?"),
        # a name the small NER model calls a person but whose last word says club / terminal
        ("Vistula United is based in Gdańsk, a port city on the Baltic. The view is nice and calm.",
         "Which organisation is based in Gdańsk, a port city on the Baltic?"),
        # (one lexicon with the DRAGON templates since 2026-11-25: a named terminal is the company running it)
        ("Vistula Box Terminal is located in Gdańsk, at the mouth of the Vistula river. The view is nice and calm.",
         "Which organisation is located in Gdańsk, at the mouth of the Vistula river?"),
        # a measured object keeps its "of" phrase ("handle of cargo" before)
        ("Nordkai Terminals handled 4.1 million tonnes of cargo on its western quay. The view is nice and calm.",
         "How many tonnes of cargo did Nordkai Terminals handle on its western quay?"),
        # a pronoun with its antecedent in the sentence is fine; "today" is never a When answer
        ("The city of Hamburg owns Hafenpark Stadium and leases it to Elbe Rovers. The view is nice and calm.",
         "Which city owns Hafenpark Stadium and leases it to Elbe Rovers?"),
        ("Elena Marsh performed at Quayside Arena today. The view is nice and calm.",
         "Who performed at Quayside Arena today?"),
        # statements that lean on the sentence before: no question (the answer would be "The Swedish
        # striker", not the name; "them" has nothing to stand for)
        ("The Swedish striker agreed a contract until the summer of 2029. The view is nice and calm.", None),
        ("The Stuttgart carmaker sold most of them in Germany and the Netherlands. The view is nice and calm.", None),
        ("Eastline Auto sold most of them in Germany and the Netherlands. The view is nice and calm.", None),
    ],
)
def test_rules_en_hard_cases(text, expected):
    batch = extract_statements([ctx("c", text)], RULES, ExtractionConfig(types=["fact_single"], min_words=5))
    assert [i.question for i in batch.items] == ([expected] if expected else [])


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Компания «Балтийский терминал» построит новый причал в Усть-Луге к 2027 году. Работы будут долгими и сложными.",
         "К какому году компания «Балтийский терминал» построит новый причал в Усть-Луге?"),
        ("Министр Олег Петров не подписал соглашение с Казахстаном. Переговоры продолжатся на следующей неделе.",
         "Кто не подписал соглашение с Казахстаном?"),
        ("Председатель правления Ольга Миронова объяснила рост спросом на ипотеку. Аналитики согласились с такой оценкой.",
         "Кто объяснил рост спросом на ипотеку?"),
        ("В Казани открылся кардиологический центр на 240 коек. Пациенты давно ждали этого решения властей.",
         "Где открылся кардиологический центр на 240 коек?"),
        # the organisation's name as the subject, coordinated verbs: "Кто ...", no "Где"
        ("«Восход Капитал» базируется в Москве и управляет активами на 40 млрд рублей. Фонд растёт быстро.",
         "Кто базируется в Москве и управляет активами на 40 млрд рублей?"),
        # a counted object: "Сколько <noun phrase>", what follows the noun stays in place
        ("Завод выпустил 4500 новых электрических автобусов для Москвы. Работа шла круглосуточно всю зиму.",
         "Сколько новых электрических автобусов завод выпустил для Москвы?"),
        # the place question keeps the rest of the sentence lower-case
        ("Компания «ГридЛаб» базируется в Санкт-Петербурге. Её продукция известна по всей стране.",
         "Где компания «ГридЛаб» базируется?"),
    ],
)
def test_rules_ru_hard_cases(text, expected):
    batch = extract_statements([ctx("c", text, "ru")], RULES, ExtractionConfig(types=["fact_single"], min_words=5))
    assert [i.question for i in batch.items] == [expected]


def test_rules_bylines_and_datelines_are_not_statements(gold_batch):
    facts = {s.context_id: s.facts for s in gold_batch.statements}
    assert not any("Martha Klein" in f for f in facts["en-news-port"])
    assert facts["en-news-port"][0].startswith("Baltic Freight Group will build")
    assert not any("Ирина Соколова" in f for f in facts["ru-news-port"])


def test_rules_empty_tiny_and_overlong_contexts():
    long_text = " ".join(f"Harwick Energy opened plant number {n} in Leeds in {1990 + n % 30}." for n in range(400))
    contexts = [ctx("empty", "   "), ctx("tiny", "Harwick Energy grew."), ctx("long", long_text)]
    batch = extract_statements(contexts, RULES, ExtractionConfig(types=["fact_single"], max_chars=1000))
    skipped = {s.context_id: s.reason for s in batch.skipped}
    assert skipped["empty"] == "empty context"
    assert skipped["tiny"].startswith("context too short: 3 words")
    [statements] = batch.statements
    assert statements.context_id == "long" and statements.truncated_from == len(long_text)
    [item] = batch.items
    assert len(item.references[0]) <= 1000 and item.references[0].endswith(".")
    assert item.config["truncated_from"] == len(long_text)


def test_rules_context_without_facts_is_skipped_with_reason():
    text = "It was a quiet day. Nobody said anything at all. The weather stayed mild and grey until evening."
    batch = extract_statements([ctx("quiet", text)], RULES, ExtractionConfig(types=["fact_single"], min_words=5))
    assert batch.items == [] and batch.skipped[0].reason == "no factual statement"


# --------------------------------------------------------------------------- llm


def _llm_handler(body):
    """Scripted model: replies per step; the context about the bridge gets a broken theme reply."""
    messages = "\n".join(str(m.get("content")) for m in body["messages"])
    last = body["messages"][-1]["content"]
    if "Kessel Bridge" in messages and "state its main theme" in messages:
        return "still not json" if RETRY_MARKER in last else "The theme is: bridges, I think."
    if "state its main theme" in last:
        return json.dumps({"theme": "Baltic Freight Group expands the port of Gdansk"})
    if "основную тему" in last:
        return json.dumps({"theme": "Расширение порта в Усть-Луге"}, ensure_ascii=False)
    if "factual statements taken from" in last:
        return json.dumps({"statements": ["> Baltic Freight Group will build a second terminal in Gdansk by 2028.",
                                          "The Gdansk terminal project is expected to cost 410 million euros."]})
    if "фактических утверждений" in last:
        return json.dumps({"statements": ["Компания «Балтийский терминал» построит причал в Усть-Луге к 2027 году."]},
                          ensure_ascii=False)
    if "summary statements" in last or "обобщающих" in last:
        return json.dumps({"statements": ["Baltic Freight Group plans a 410-million-euro terminal in Gdansk by 2028.", "S2", "S3"]})
    if "three conclusions" in last or "три вывода" in last:
        return json.dumps({"statements": ["Gdansk is becoming more important for Baltic container shipping."]})
    if "Write one question" in last:
        if "important for Baltic" in last:  # the reasoning question comes back mentioning the passage
            return json.dumps({"question": "What does the passage conclude about Gdansk?"})
        return json.dumps({"question": "What is Baltic Freight Group doing in Gdansk?"})
    if "Напишите один вопрос" in last:
        return json.dumps({"question": "Что построит компания «Балтийский терминал» в Усть-Луге?"}, ensure_ascii=False)
    raise AssertionError(f"unexpected prompt: {last[:200]}")


def test_llm_statement_extraction_with_one_broken_reply(fake_llm, llm_engine):
    fake_llm.handler(_llm_handler)
    contexts = [ctx(g["id"], g["text"], g["lang"]) for g in GOLD if g["id"] in ("en-news-port", "en-news-bridge", "ru-news-port")]
    contexts.append(ctx("tiny", "Too short."))
    batch = extract_statements(contexts, llm_engine)

    by_key = {(i.config["context_id"], i.type): i for i in batch.items}
    assert set(by_key) == {("en-news-port", "fact_single"), ("en-news-port", "summary"),
                           ("ru-news-port", "fact_single"), ("ru-news-port", "summary"), ("ru-news-port", "reasoning")}
    fact = by_key[("en-news-port", "fact_single")]
    assert fact.question == "What is Baltic Freight Group doing in Gdansk?"
    assert fact.answers[0] in ("Baltic Freight Group will build a second terminal in Gdansk by 2028.",
                               "The Gdansk terminal project is expected to cost 410 million euros.")
    assert by_key[("en-news-port", "summary")].answers == ["Baltic Freight Group plans a 410-million-euro terminal in Gdansk by 2028."] or \
        by_key[("en-news-port", "summary")].answers[0] in ("S2", "S3")
    assert by_key[("ru-news-port", "fact_single")].config["theme"] == "Расширение порта в Усть-Луге"
    assert fact.lineage.engine == "llm" and fact.lineage.model == "fake-model"

    failures = {f.key: f for f in batch.failures}
    # the broken theme reply fails the bridge context only, and keeps the raw reply
    assert "en-news-bridge" in failures and "still not json" in failures["en-news-bridge"].reason
    assert failures["en-news-bridge"].reason.startswith("theme: unusable LLM reply")
    # the reasoning question that mentions the passage fails that (context, type) only
    assert "mentions the context" in failures["en-news-port#reasoning"].reason
    assert "What does the passage conclude" in failures["en-news-port#reasoning"].reason
    assert len(failures) == 2
    assert [s.reason for s in batch.skipped if s.context_id == "tiny"] == ["context too short: 2 words (minimum 12)"] * 3
    statements = {s.context_id: s for s in batch.statements}
    assert statements["en-news-port"].facts[0] == "Baltic Freight Group will build a second terminal in Gdansk by 2028."
    assert statements["en-news-port"].conclusions and statements["en-news-port"].summaries
    # theme + facts + summary + reasoning + 3 questions (en), same (ru), theme twice (broken + retry)
    assert batch.usage.calls + batch.usage.cached == 7 + 7 + 2
    steps = batch.usage_by_step
    assert set(steps) == {"theme", "facts", "summary", "reasoning", "question:fact_single", "question:summary",
                          "question:reasoning"}
    assert steps["theme"].calls == 2 + 2 and steps["theme"].failures == 1  # en ok, bridge broken + retry, ru ok
    assert sum(u.calls + u.cached for u in steps.values()) == batch.usage.calls + batch.usage.cached
    prompts = [r["messages"][-1]["content"] for r in fake_llm.requests]
    assert any("Theme: Baltic Freight Group expands the port of Gdansk" in p and "Statement:" in p for p in prompts)


def test_llm_baseline_and_rules_baseline_skip(fake_llm, llm_engine):
    replies = {"Baltic Freight": {"question": "How much will the Gdansk terminal cost?", "answer": "410 million euros"},
               "Central Bank of Norland": "not json, sorry"}

    def handler(body):
        text = body["messages"][0]["content"] if body["messages"][0]["role"] == "user" else body["messages"][-1]["content"]
        for key, reply in replies.items():
            if key in text:
                return reply if isinstance(reply, str) else json.dumps(reply)
        return "not json, sorry"

    fake_llm.handler(handler)
    contexts = [ctx(g["id"], g["text"], g["lang"]) for g in GOLD if g["id"] in ("en-news-port", "en-finance-bank")]
    batch = generate_baseline(contexts, llm_engine)
    assert [(i.type, i.question, i.answers) for i in batch.items] == [
        ("baseline", "How much will the Gdansk terminal cost?", ["410 million euros"])]
    assert [f.key for f in batch.failures] == ["en-finance-bank"]
    assert "not json, sorry" in batch.failures[0].reason
    rules = generate_baseline(contexts, RULES)
    assert {s.reason for s in rules.skipped} == {SKIPPED_NEEDS_LLM} and rules.items == []
