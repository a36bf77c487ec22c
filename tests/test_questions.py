"""tasks.dragon.questions: DRAGON question templates (rules engine) and the llm engine over the fake HTTP server."""
from __future__ import annotations

import json

import pytest

from benchmill import nlp
from benchmill.engines import EngineConfig
from benchmill.llm import RETRY_MARKER
from schemas import Edge, Subgraph
from tests.fakes.openai_server import Reply
from tasks.dragon.questions import (
    QuestionConfig,
    en_past,
    en_relation,
    generate_questions,
    item_id,
    parse_quantity,
    prompt_name,
    ru_finite,
)

RULES = EngineConfig(kind="rules")


def edge(head: str, relation: str, tail: str, lang: str, sentence: str, doc: str) -> Edge:
    return Edge(
        edge_id=f"e:{head}:{relation}:{tail}",
        head=f"n:{head}",
        relation=relation,
        tail=f"n:{tail}",
        head_label=head,
        tail_label=tail,
        lang=lang,
        doc_ids=[doc],
        sentences=[sentence],
        triplet_ids=[f"t:{head}:{tail}"],
    )


EN = {
    "acquire": edge("Harbour Logistics", "acquire", "Maersk", "en", "Harbour Logistics acquired Maersk in March.", "d1"),
    "acquire2": edge("Harbour Logistics", "acquire", "Baltic Cargo", "en", "Harbour Logistics acquired Baltic Cargo.", "d2"),
    "hq": edge("Harbour Logistics", "be headquartered in", "Oslo", "en", "Harbour Logistics is headquartered in Oslo.", "d3"),
    "ceo": edge("Anna Berg", "CEO of", "Harbour Logistics", "en", "Anna Berg, the CEO of Harbour Logistics, spoke in Oslo.", "d4"),
    "meet": edge("Anna Berg", "meet with", "John Smith", "en", "Anna Berg met with John Smith in Oslo.", "d5"),
    "tesla": edge("Tesla", "sell in October", "2139 cars", "en", "Tesla sold 2139 cars in October.", "d6"),
    "byd": edge("BYD", "sell in October", "3050 cars", "en", "BYD sold 3050 cars in October.", "d7"),
    "terminal": edge("Harbour Logistics", "open a new terminal in", "Bergen", "en", "Harbour Logistics opened a new terminal in Bergen.", "d8"),
}
RU = {
    "acquire": edge("Северный порт", "приобрести", "Балтийский транзит", "ru", "Компания «Северный порт» приобрела фирму «Балтийский транзит».", "r1"),
    "acquire2": edge("Северный порт", "приобрести", "Ижора", "ru", "«Северный порт» приобрёл завод «Ижора».", "r2"),
    "hq": edge("Северный порт", "находиться в", "Санкт-Петербург", "ru", "Компания «Северный порт» находится в Санкт-Петербурге.", "r3"),
    "ceo": edge("Анна Смирнова", "генеральный директор", "Северный порт", "ru", "Генеральный директор «Северного порта» Анна Смирнова заявила о сделке.", "r4"),
    "meet": edge("Иван Петров", "встретиться с", "Дмитрий Медведев", "ru", "Иван Петров встретился с Дмитрием Медведевым.", "r5"),
    "avtovaz": edge("Автоваз", "продать в октябре", "2139 автомобилей", "ru", "«Автоваз» продал 2139 автомобилей в октябре.", "r6"),
    "kamaz": edge("Камаз", "продать в октябре", "3050 автомобилей", "ru", "«Камаз» продал 3050 автомобилей в октябре.", "r7"),
    "office": edge("Сбербанк", "открыть офис в", "Казань", "ru", "Сбербанк открыл офис в Казани.", "r8"),
}


def subgraphs_for(lang: str, e: dict[str, Edge]) -> dict[str, Subgraph]:
    def sg(name, type_, edges, answers, questions=(), hidden=()):
        return Subgraph(
            subgraph_id=f"{lang}-{name}", type=type_, lang=lang, edges=edges,
            answer_nodes=list(answers), question_nodes=list(questions), hidden_nodes=list(hidden),
        )

    return {
        "simple-tail": sg("simple-tail", "simple", [e["acquire"]], [e["acquire"].tail], [e["acquire"].head]),
        "simple-head": sg("simple-head", "simple", [e["acquire"]], [e["acquire"].head], [e["acquire"].tail]),
        "simple-where": sg("simple-where", "simple", [e["hq"]], [e["hq"].tail], [e["hq"].head]),
        "simple-role": sg("simple-role", "simple", [e["ceo"]], [e["ceo"].head], [e["ceo"].tail]),
        "simple-with": sg("simple-with", "simple", [e["meet"]], [e["meet"].tail], [e["meet"].head]),
        "simple-how-many": sg("simple-how-many", "simple", [e["tesla" if lang == "en" else "avtovaz"]],
                              [e["tesla" if lang == "en" else "avtovaz"].tail]),
        "set": sg("set", "set", [e["acquire"], e["acquire2"]], [e["acquire"].tail, e["acquire2"].tail], [e["acquire"].head]),
        "multi-hop": sg("multi-hop", "multi-hop", [e["ceo"], e["acquire"]], [e["acquire"].tail], [e["ceo"].head], [e["acquire"].head]),
        "multi-hop-object": sg("multi-hop-object", "multi-hop", [e["hq"], e["ceo"]], [e["ceo"].head], [e["hq"].tail], [e["hq"].head]),
        "conditional": sg("conditional", "conditional", [e["acquire"], e["hq"]], [e["acquire"].head],
                          [e["acquire"].tail, e["hq"].tail]),
        "comparison": sg("comparison", "comparison",
                         [e["tesla" if lang == "en" else "avtovaz"], e["byd" if lang == "en" else "kamaz"]],
                         [e["byd" if lang == "en" else "kamaz"].head]),
    }


EN_SUBGRAPHS = subgraphs_for("en", EN)
RU_SUBGRAPHS = subgraphs_for("ru", RU)
ALL = [*EN_SUBGRAPHS.values(), *RU_SUBGRAPHS.values()]


@pytest.fixture(scope="module")
def rules_batch():
    return generate_questions(ALL, RULES)


@pytest.fixture(scope="module")
def by_id(rules_batch):
    return {item.subgraph["subgraph_id"]: item for item in rules_batch.items}


def test_rules_every_type_and_language_yields_an_item(rules_batch, by_id):
    assert rules_batch.failures == []
    assert set(by_id) == {s.subgraph_id for s in ALL}
    types = {(i.lang, i.type) for i in rules_batch.items}
    for lang in ("en", "ru"):
        for type_ in ("simple", "set", "multi-hop", "conditional", "comparison"):
            assert (lang, type_) in types


EXPECTED = {
    "en-simple-tail": ("What did Harbour Logistics acquire in March?", ["Maersk"]),  # its month carried (session 20)
    "en-simple-head": ("Which organization acquired Maersk?", ["Harbour Logistics"]),
    "en-simple-where": ("Where is Harbour Logistics headquartered?", ["Oslo"]),
    "en-simple-role": ("Who is the CEO of Harbour Logistics?", ["Anna Berg"]),
    "en-simple-with": ("Who did Anna Berg meet with?", ["John Smith"]),
    "en-simple-how-many": ("How many cars did Tesla sell in October?", ["2139 cars"]),
    "en-conditional": ("Which organization acquired Maersk and is headquartered in Oslo?", ["Harbour Logistics"]),
    "en-comparison": ("Which organization sold more cars in October, Tesla or BYD?", ["BYD"]),
    "en-multi-hop-object": ("Who is the CEO of the organization that is headquartered in Oslo?", ["Anna Berg"]),
    "ru-simple-tail": ("Какую организацию приобрёл «Северный порт»?", ["Балтийский транзит"]),
    "ru-simple-head": ("Какая организация приобрела «Балтийский транзит»?", ["Северный порт"]),
    "ru-simple-where": ("Где находится «Северный порт»?", ["Санкт-Петербург"]),
    "ru-simple-role": ("Кто является генеральным директором «Северного порта»?", ["Анна Смирнова"]),
    "ru-simple-with": ("С кем встретился Иван Петров?", ["Дмитрий Медведев"]),
    "ru-simple-how-many": ("Сколько автомобилей продал «Автоваз» в октябре?", ["2139 автомобилей"]),
    "ru-set": ("Какие организации приобрёл «Северный порт»?", ["Балтийский транзит", "Ижора"]),
    "ru-multi-hop": (
        "Какую организацию приобрела организация, генеральным директором которой является Анна Смирнова?",
        ["Балтийский транзит"],
    ),
    "ru-multi-hop-object": (
        "Кто является генеральным директором организации, которая находится в Санкт-Петербурге?",
        ["Анна Смирнова"],
    ),
    "ru-conditional": ("Какая организация приобрела «Балтийский транзит» и находится в Санкт-Петербурге?", ["Северный порт"]),
    "ru-comparison": ("Какая организация продала больше автомобилей в октябре: «Автоваз» или «Камаз»?", ["Камаз"]),
}


@pytest.mark.parametrize("subgraph_id", sorted(EXPECTED))
def test_rules_exact_questions(by_id, subgraph_id):
    question, answers = EXPECTED[subgraph_id]
    item = by_id[subgraph_id]
    assert item.question == question
    assert item.answers == answers


@pytest.mark.parametrize("subgraph", ALL, ids=[s.subgraph_id for s in ALL])
def test_rules_item_invariants(by_id, subgraph):
    item = by_id[subgraph.subgraph_id]
    assert item.method == "dragon"
    assert item.type == subgraph.type and item.lang == subgraph.lang
    assert item.question.endswith("?") and item.question[0].isupper()
    assert item.doc_ids == sorted({d for e in subgraph.edges for d in e.doc_ids})
    assert item.references == [s for e in subgraph.edges for s in e.sentences]
    # keypoints are what a correct answer contains: one per set member, else one statement
    assert len(item.keypoints) == (len(subgraph.edges) if subgraph.type == "set" else 1)
    assert all(k.endswith(".") for k in item.keypoints)
    assert item.subgraph == subgraph.model_dump(mode="json")
    assert item.lineage.engine == "rules" and item.lineage.model is None
    assert item.lineage.prompt_name.startswith(f"rules:{subgraph.type}.{subgraph.lang}.")
    labels = {e.head: e.head_label for e in subgraph.edges} | {e.tail: e.tail_label for e in subgraph.edges}
    if subgraph.type == "multi-hop":
        bridge = labels[subgraph.hidden_nodes[0]]
        assert nlp.entity_key(bridge, subgraph.lang) not in nlp.entity_key(item.question, subgraph.lang)
        assert item.answers == [labels[subgraph.answer_nodes[0]]]
    if subgraph.type == "conditional":
        shared = ({subgraph.edges[0].head, subgraph.edges[0].tail} & {subgraph.edges[1].head, subgraph.edges[1].tail}).pop()
        assert item.answers == [labels[shared]]
        for node in subgraph.question_nodes:  # both facts are in the question
            assert nlp.entity_key(labels[node], subgraph.lang) in nlp.entity_key(item.question, subgraph.lang)
    if subgraph.type == "set":
        assert sorted(item.answers) == sorted(e.tail_label for e in subgraph.edges)
    if subgraph.type == "comparison":
        values = {e.head_label: parse_quantity(e.tail_label, subgraph.lang).value for e in subgraph.edges}
        assert item.answers == [max(values, key=values.get)]
        assert all(name in item.question for name in values)


@pytest.mark.parametrize(
    "lang, edges, expected",
    [
        ("en", (edge("Harbour Logistics", "acquire", "Baltic Freight Lines", "en", "Harbour Logistics acquired Baltic Freight Lines.", "d1"),
                edge("Baltic Freight Lines", "be headquartered in", "Copenhagen", "en", "Baltic Freight Lines is headquartered in Copenhagen.", "d2")),
         "Where is the organization that Harbour Logistics acquired headquartered?"),
        ("ru", (edge("Северный порт", "приобрести", "Балтийский транзит", "ru", "«Северный порт» приобрёл компанию «Балтийский транзит».", "r1"),
                edge("Балтийский транзит", "находиться в", "Калининград", "ru", "«Балтийский транзит» находится в Калининграде.", "r2")),
         "Где находится организация, которую приобрёл «Северный порт»?"),
    ],
)
def test_rules_multi_hop_bridge_as_object(lang, edges, expected):
    first, second = edges
    subgraph = Subgraph(subgraph_id=f"{lang}-mh-object", type="multi-hop", lang=lang, edges=list(edges),
                        answer_nodes=[second.tail], question_nodes=[first.head], hidden_nodes=[first.tail])
    batch = generate_questions([subgraph], RULES)
    assert batch.failures == []
    assert batch.items[0].question == expected
    assert batch.items[0].answers == [second.tail_label]


def test_rules_keypoints(by_id):
    assert by_id["en-conditional"].keypoints == ["Harbour Logistics acquired Maersk and is headquartered in Oslo."]
    assert by_id["en-multi-hop"].keypoints == ["The organization whose CEO is Anna Berg acquired Maersk."]
    assert by_id["en-comparison"].keypoints == ["BYD sold more cars in October than Tesla."]
    assert by_id["ru-simple-role"].keypoints == ["Анна Смирнова является генеральным директором «Северного порта»."]
    assert by_id["ru-multi-hop"].keypoints == [
        "Организация, генеральным директором которой является Анна Смирнова, приобрела «Балтийский транзит»."]
    assert by_id["ru-conditional"].keypoints == ["«Северный порт» приобрёл «Балтийский транзит» и находится в Санкт-Петербурге."]
    assert by_id["en-set"].keypoints == ["Harbour Logistics acquired Maersk.", "Harbour Logistics acquired Baltic Cargo."]


@pytest.mark.parametrize("subgraph", ALL, ids=[s.subgraph_id for s in ALL])
def test_a_correct_short_answer_covers_every_keypoint(by_id, subgraph):
    """Completeness 1 for the bare gold answer: each keypoint names the answer and no entity
    that the question and the answer do not name (never a multi-hop bridge), so the keypoint
    follows from question + answer. Template statements of every edge failed this for
    multi-hop (the bridge fact) and comparison (both quantities): completeness was capped at 0.5."""
    item = by_id[subgraph.subgraph_id]
    lang = subgraph.lang
    said = nlp.entity_key(item.question + " " + " ".join(item.answers), lang)
    entities = {e.head_label for e in subgraph.edges} | {e.tail_label for e in subgraph.edges}
    for kp in item.keypoints:
        key = f" {nlp.entity_key(kp, lang)} "
        named = {x for x in entities if f" {nlp.entity_key(x, lang)} " in key}
        assert any(a in named for a in item.answers), (kp, item.answers)
        unsaid = {x for x in named if f" {nlp.entity_key(x, lang)} " not in f" {said} "}
        assert not unsaid, (kp, unsaid)
    # a set answer's members are covered one keypoint each: the full set covers all of them
    if subgraph.type == "set":
        assert len(item.keypoints) == len(item.answers)
    # the old keypoints (every edge as a statement) fail this check on multi-hop and comparison items
    from tasks.dragon.questions import _templates

    old = " ".join(nlp.entity_key(_templates(lang).statement(e), lang) for e in subgraph.edges)
    if subgraph.type == "multi-hop":
        bridge = next(x for x in entities if nlp.entity_key(x, lang) not in said)
        assert f" {nlp.entity_key(bridge, lang)} " in f" {old} "
    if subgraph.type == "comparison":  # both quantities, which the answer does not state
        assert all(e.tail_label.split()[0] in old and e.tail_label.split()[0] not in said for e in subgraph.edges)


def test_rules_item_ids_are_stable(rules_batch):
    again = generate_questions(ALL, RULES)
    assert [i.item_id for i in again.items] == [i.item_id for i in rules_batch.items]
    assert len({i.item_id for i in rules_batch.items}) == len(rules_batch.items)


def test_rules_without_a_template_records_a_failure():
    bare_copula = Subgraph(
        subgraph_id="copula", type="simple", lang="en",
        edges=[edge("Anna Berg", "be", "Harbour Logistics", "en", "Anna Berg is Harbour Logistics.", "d")],
        answer_nodes=["n:Harbour Logistics"], question_nodes=["n:Anna Berg"],
    )
    units_differ = Subgraph(
        subgraph_id="units", type="comparison", lang="en",
        edges=[EN["tesla"], edge("BYD", "sell in October", "40 buses", "en", "BYD sold 40 buses in October.", "d")],
        answer_nodes=[], question_nodes=[],
    )
    wrong_shape = Subgraph(subgraph_id="shape", type="conditional", lang="en", edges=[EN["hq"]], answer_nodes=[], question_nodes=[])
    batch = generate_questions([bare_copula, units_differ, wrong_shape, EN_SUBGRAPHS["simple-tail"]], RULES)
    assert [i.subgraph["subgraph_id"] for i in batch.items] == ["en-simple-tail"]
    assert {f.key for f in batch.failures} == {"copula", "units", "shape"}
    assert all(f.stage == "questions" and f.reason.startswith("no template") for f in batch.failures)


def test_rules_set_respects_max_answers():
    batch = generate_questions([EN_SUBGRAPHS["set"]], RULES, QuestionConfig(max_set_answers=2))
    assert len(batch.items) == 1
    many = Subgraph(**{**EN_SUBGRAPHS["set"].model_dump(), "subgraph_id": "big",
                       "edges": [EN["acquire"], EN["acquire2"], edge("Harbour Logistics", "acquire", "Nordic AS", "en", "s", "d")]})
    batch = generate_questions([many], RULES, QuestionConfig(max_set_answers=2))
    assert batch.items == [] and batch.failures[0].key == "big"


def test_rules_set_of_synonymous_relations_is_asked():
    """The sampler groups "bought" with "acquired" (one relation): the set template asks it, where it
    used to fail "set edges do not share one relation"."""
    bought = edge("Harbour Logistics", "buy", "Nordic Tugs", "en", "Harbour Logistics bought Nordic Tugs.", "d2")
    mixed = Subgraph(**{**EN_SUBGRAPHS["set"].model_dump(), "subgraph_id": "mixed", "edges": [EN["acquire"], bought],
                        "answer_nodes": [EN["acquire"].tail, bought.tail]})
    batch = generate_questions([mixed], RULES)
    assert batch.failures == [] and len(batch.items) == 1
    assert sorted(batch.items[0].answers) == sorted([EN["acquire"].tail_label, "Nordic Tugs"])


@pytest.mark.parametrize(
    "lemma, past",
    [("acquire", "acquired"), ("sell", "sold"), ("meet", "met"), ("stop", "stopped"), ("carry", "carried"),
     ("open", "opened"), ("lead", "led"), ("buy", "bought"), ("commit", "committed"), ("play", "played")],
)
def test_en_past(lemma, past):
    assert en_past(lemma) == past


@pytest.mark.parametrize(
    "relation, kind",
    [("acquire", "verb"), ("sell in October", "verb"), ("be headquartered in", "passive"), ("CEO of", "role"),
     ("be CEO of", "role"), ("head of", "role"), ("capital of", "role"), ("country of origin", "attribute"),
     ("acquired", "verb")],
)
def test_en_relation_shapes(relation, kind):
    assert en_relation(relation).kind == kind


@pytest.mark.parametrize(
    "infinitive, gender, form",
    [("приобрести", "femn", "приобрела"), ("встретиться", "masc", "встретился"), ("продать", "plur", "продали"),
     ("находиться", "masc", "находится"), ("являться", "femn", "является")],
)
def test_ru_finite(infinitive, gender, form):
    assert ru_finite(infinitive, gender) == form


@pytest.mark.parametrize(
    "label, lang, value, unit, money",
    [("2139 cars", "en", 2139, "cars", False), ("2,139 cars", "en", 2139, "cars", False),
     ("$5 million", "en", 5e6, "", True), ("2,5 млн рублей", "ru", 2.5e6, "рублей", True),
     ("3 050 автомобилей", "ru", 3050, "автомобилей", False)],
)
def test_parse_quantity(label, lang, value, unit, money):
    quantity = parse_quantity(label, lang)
    assert (quantity.value, quantity.unit_text, quantity.money) == (value, unit, money)


def test_parse_quantity_rejects_names():
    assert parse_quantity("Harbour Logistics", "en") is None
    assert parse_quantity("Сбербанк", "ru") is None


# --------------------------------------------------------------------------- llm engine


def test_llm_questions_for_every_type(fake_llm, llm_engine):
    def answer(body):
        text = body["messages"][-1]["content"]
        if "multi-hop" in text or "многошаговый" in text:
            return json.dumps({"question": "What did the organization led by Anna Berg acquire?", "answer": "Maersk"})
        if "set question" in text or "перечисление" in text:
            return json.dumps({"question": "Which companies did Harbour Logistics acquire?", "answer": ["Maersk", "Baltic Cargo"]})
        if "Северный порт" in text:
            return json.dumps({"question": "Что приобрёл Северный порт?", "answer": "«Балтийский транзит»"}, ensure_ascii=False)
        if "Tesla" in text:  # the comparison: the model's answer is compared with the graph's winner
            return json.dumps({"question": "Which company sold more cars in October, Tesla or BYD?", "answer": "BYD"})
        if "headquartered" in text:  # the conditional
            return json.dumps({"question": "A generated question?", "answer": "Harbour Logistics Ltd"})
        return json.dumps({"question": "A generated question?", "answer": "Maersk"})

    fake_llm.handler(answer)
    subgraphs = [EN_SUBGRAPHS["simple-tail"], EN_SUBGRAPHS["set"], EN_SUBGRAPHS["multi-hop"],
                 EN_SUBGRAPHS["conditional"], EN_SUBGRAPHS["comparison"], RU_SUBGRAPHS["simple-tail"]]
    batch = generate_questions(subgraphs, llm_engine)
    assert batch.failures == []
    assert batch.usage.calls == len(subgraphs)
    items = {i.subgraph["subgraph_id"]: i for i in batch.items}
    set_item = items["en-set"]
    assert set_item.question == "Which companies did Harbour Logistics acquire?"
    assert set_item.answers == ["Maersk", "Baltic Cargo"]  # gold answers come from the graph
    assert items["en-comparison"].answers == ["BYD"]
    assert items["en-conditional"].answers == ["Harbour Logistics"]
    for item in batch.items:
        sg = next(s for s in subgraphs if s.subgraph_id == item.subgraph["subgraph_id"])
        assert item.lineage.engine == "llm" and item.lineage.model == "fake-model"
        assert item.lineage.prompt_name == prompt_name(sg.type)
        assert item.item_id == item_id(sg.lang, sg.subgraph_id, "llm", "fake-model", item.lineage.prompt_hash)
        assert item.references == [s for e in sg.edges for s in e.sentences]
    # the prompts carry the facts and their sentences; the multi-hop one names the bridge to avoid
    prompts = [r["messages"][-1]["content"] for r in fake_llm.requests]
    multi_hop_prompt = next(p for p in prompts if "multi-hop" in p)
    assert "Anna Berg | CEO of | Harbour Logistics" in multi_hop_prompt
    assert "Harbour Logistics acquired Maersk in March." in multi_hop_prompt
    assert any("Северный порт | приобрести | Балтийский транзит" in p for p in prompts)


def test_llm_broken_and_unusable_replies_fail_only_their_subgraph(fake_llm, llm_engine):
    fake_llm.route("Anna Berg | meet with | John Smith", "not json at all")
    fake_llm.route(RETRY_MARKER, "still not json")
    fake_llm.route("Tesla | sell in October", '{"question": "How many cars did Tesla sell in October?", "answer": "2139 cars",}')
    tesla = Subgraph(subgraph_id="tesla", type="simple", lang="en", edges=[EN["tesla"]], answer_nodes=[EN["tesla"].tail], question_nodes=[])
    batch = generate_questions([EN_SUBGRAPHS["simple-with"], tesla], llm_engine)
    assert [f.key for f in batch.failures] == ["en-simple-with"]
    assert batch.failures[0].stage == "questions"
    assert [i.question for i in batch.items] == ["How many cars did Tesla sell in October?"]  # repaired JSON


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Which company", "not a question"),  # json-repaired prose used to become this item
        ("The regulator approved the deal on Friday.", "not a question"),
        ("Какую компанию купил Harbour Logistics?", "in 'ru', the collection's language is 'en'"),
        ("What " + "very " * 200 + "big deal was it?", "characters long"),
        ("What did <b>Harbour Logistics</b> acquire?", "markup"),
    ],
    ids=["fragment", "statement", "wrong-language", "too-long", "markup"],
)
def test_llm_garbage_questions_are_rejected_with_the_raw_reply(fake_llm, llm_engine, question, expected):
    raw = json.dumps({"question": question, "answer": "Maersk"}, ensure_ascii=False)
    fake_llm.script(raw)
    batch = generate_questions([EN_SUBGRAPHS["simple-tail"]], llm_engine)
    assert batch.items == []
    [failure] = batch.failures
    assert expected in failure.reason
    assert "raw reply" in failure.reason and question[:40] in failure.reason


def test_llm_prose_reply_is_not_repaired_into_a_question(fake_llm, llm_engine):
    fake_llm.script("Which company [the acquirer] is meant is unclear from the facts.", "Sorry, no JSON.")
    batch = generate_questions([EN_SUBGRAPHS["simple-tail"]], llm_engine)
    assert batch.items == []
    [failure] = batch.failures
    # the bracketed prose was rejected (not repaired), so the model got its corrective retry
    assert len(fake_llm.requests) == 2 and "is not JSON" in fake_llm.requests[1]["messages"][-1]["content"]
    assert "no JSON object" in failure.reason and "Sorry, no JSON." in failure.reason


def test_llm_question_request_failing_while_endpoint_answers_is_a_transient_item_failure(fake_llm, llm_engine):
    fake_llm.route("Anna Berg | meet with | John Smith", Reply("worker crashed on this prompt", status=500))
    fake_llm.route("Tesla | sell in October", '{"question": "How many cars did Tesla sell in October?", "answer": "2139 cars"}')
    tesla = Subgraph(subgraph_id="tesla", type="simple", lang="en", edges=[EN["tesla"]], answer_nodes=[EN["tesla"].tail], question_nodes=[])
    batch = generate_questions([EN_SUBGRAPHS["simple-with"], tesla], llm_engine)
    assert [i.question for i in batch.items] == ["How many cars did Tesla sell in October?"]
    [failure] = batch.failures
    assert failure.key == "en-simple-with" and failure.kind == "transient"
    assert "HTTP 500" in failure.reason and "worker crashed on this prompt" in failure.reason


def test_llm_multi_hop_naming_the_bridge_is_rejected(fake_llm, llm_engine):
    fake_llm.script(json.dumps({"question": "What did Harbour Logistics acquire?", "answer": "Maersk"}))
    batch = generate_questions([EN_SUBGRAPHS["multi-hop"]], llm_engine)
    assert batch.items == []
    assert "bridge" in batch.failures[0].reason


# --------------------------------------------------------------------------- issue 10: question words, tense, modality


def typed(head: str, relation: str, tail: str, lang: str, sentence: str, head_type=None, tail_type=None, modality="asserted") -> Edge:
    e = edge(head, relation, tail, lang, sentence, "d-typed")
    return e.model_copy(update={"head_type": head_type, "tail_type": tail_type, "modality": modality})


def ask(edges: list[Edge], answer: str, type_: str = "simple", lang: str = "en"):
    sg = Subgraph(subgraph_id=f"t-{type_}-{answer}-{edges[0].edge_id}", type=type_, lang=lang, edges=edges,
                  answer_nodes=[f"n:{answer}"], question_nodes=[])
    batch = generate_questions([sg], RULES)
    return batch.items[0] if batch.items else batch.failures[0]


@pytest.mark.parametrize("edge_args, answer, question", [
    # the triplet stage's types pick the question word, whatever the NER thinks of "Telmark"
    (("Telmark", "be based in", "Oslo", "en", "Telmark is based in Oslo.", "org", "place"), "Oslo", "Where is Telmark based?"),
    (("Elena Marsh", "meet in", "Rotterdam", "en", "Elena Marsh met in Rotterdam.", "person", "place"), "Rotterdam", "Where did Elena Marsh meet?"),
    # years and months are asked with "when", never "how many"
    (("Quayside Arena", "convert a warehouse in", "2019", "en", "Quayside Arena converted a warehouse in 2019."), "2019",
     "When did Quayside Arena convert a warehouse?"),
    (("Hafenpark Stadium", "close its south stand in", "December", "en", "Hafenpark Stadium closed its south stand in December."),
     "December", "When did Hafenpark Stadium close its south stand?"),
    (("Piotr Nowicki", "lead the Nordline shipping line since", "2018", "en", "Piotr Nowicki has led the Nordline shipping line since 2018.",
      "person", "date"), "2018", "Since when has Piotr Nowicki led the Nordline shipping line?"),
    # "report revenue of" had no template
    (("Baltic Freight Lines", "report revenue of", "410 million euros", "en", "Baltic Freight Lines reported revenue of 410 million euros.",
      "org", "money"), "410 million euros", "How much revenue did Baltic Freight Lines report?"),
    # plans and possibilities are phrased as such, never as past facts
    (("Harbour Logistics", "hire", "about 350 workers", "en", "Harbour Logistics plans to hire about 350 workers.", "org", "quantity",
      "planned"), "about 350 workers", "How many workers does Harbour Logistics plan to hire?"),
    (("Harbour Logistics", "build", "a new terminal", "en", "Harbour Logistics plans to build a new terminal.", "org", "other", "planned"),
     "Harbour Logistics", "Which organization plans to build a new terminal?"),
    (("Harbour Logistics", "acquire", "Nordic Freight", "en", "Harbour Logistics could acquire Nordic Freight.", "org", "org", "possible"),
     "Nordic Freight", "Which organization could Harbour Logistics acquire?"),
    (("Балтийские верфи", "построить", "новый терминал", "ru", "Балтийские верфи планируют построить новый терминал.", "org", "other", "planned"),
     "новый терминал", "Что планируют построить Балтийские верфи?"),
    (("Гармония", "приобрести", "Западный док", "ru", "Гармония может приобрести компанию «Западный док».", "org", "org", "possible"),
     "Западный док", "Какую организацию может приобрести Гармония?"),
    (("Северный порт", "открыть терминал в", "2019 году", "ru", "Северный порт открыл терминал в 2019 году."),
     "2019 году", "Когда Северный порт открыл терминал?"),
    # a numeral governs the genitive of its noun: the verb still takes the accusative («Чего отремонтировал…» was asked)
    (("Северный порт", "отремонтировать", "три парома", "ru", "Северный порт отремонтировал три парома."),
     "три парома", "Что отремонтировал Северный порт?"),
])
def test_question_words_tense_and_modality(edge_args, answer, question):
    lang = edge_args[3]
    item = ask([typed(*edge_args)], answer, lang=lang)
    assert getattr(item, "question", None) == question, item
    if edge_args[-1] == "planned":
        assert any(w in item.keypoints[0] for w in ("plans to", "планируют")), item.keypoints


def test_a_planned_fact_is_never_stated_as_past():
    planned = typed("Harbour Logistics", "build", "a new terminal", "en", "Harbour Logistics plans to build a new terminal.", "org", "other", "planned")
    hq = typed("Harbour Logistics", "be headquartered in", "Oslo", "en", "Harbour Logistics is headquartered in Oslo.", "org", "place")
    item = ask([planned, hq], "Harbour Logistics", type_="conditional")
    assert item.question == "Which organization plans to build a new terminal and is headquartered in Oslo?"
    assert "built" not in " ".join([item.question, *item.keypoints])


@pytest.mark.parametrize("modality", ["negated", "conditional"])
def test_negated_and_conditional_facts_are_skipped_with_a_reason(modality):
    e = typed("Harbour Logistics", "acquire", "Nordic Freight", "en", "Harbour Logistics did not acquire Nordic Freight.", "org", "org", modality)
    failure = ask([e], "Nordic Freight")
    assert failure.reason.startswith(f"skipped: {modality} fact"), failure


def test_russian_prepositions_take_their_euphonic_form():
    from tasks.dragon.questions_ru import _ru_prep_phrase

    assert _ru_prep_phrase("в", "что") == "во что"
    assert _ru_prep_phrase("в", "чём") == "в чём"
    assert _ru_prep_phrase("с", "сотрудниками") == "с сотрудниками"
    assert _ru_prep_phrase("с", "Сбербанком") == "со Сбербанком"


@pytest.mark.parametrize("edges, answer, question", [
    # the answer is the object of one fact: the other becomes a relative clause
    ([("Гармония", "приобрести", "Западный док", "org", "org"), ("Западный док", "базироваться в", "Москва", "org", "place")],
     "Западный док", "Какая организация, которую приобрела Гармония, базируется в Москве?"),
    # the object of both facts
    ([("Максим Тарасов", "перейти в", "Маяк", "person", "org"), ("Гармония", "приобрести", "Маяк", "org", "org")],
     "Маяк", "В какую организацию, которую приобрела Гармония, перешёл Максим Тарасов?"),
    ([("Гармония", "приобрести", "Западный док", "org", "org"), ("Виктор Гуляев", "генеральный директор", "Западный док", "person", "org")],
     "Западный док", "Какую организацию, генеральным директором которой является Виктор Гуляев, приобрела Гармония?"),
])
def test_russian_conditional_questions_about_an_object(edges, answer, question):
    # sentences as a text writes them: each fact is asked alone too, with its own sentence (session 27);
    # each organisation is said to be a company: «какая организация» needs that evidence (questions_ru_kinds)
    said = {"приобрести": "В марте Гармония приобрела Западный док и Маяк.",
            "базироваться в": "Западный док базируется в Москве.",
            "перейти в": "Максим Тарасов перешёл в Маяк.",
            "генеральный директор": "Генеральный директор Западного дока — Виктор Гуляев."}
    built = [typed(h, r, t, "ru", said[r] + (f" {t} — компания." if tt == "org" else ""), ht, tt)
             for h, r, t, ht, tt in edges]
    item = ask(built, answer, type_="conditional", lang="ru")
    assert getattr(item, "question", None) == question, item


# --------------------------------------------------------------------------- issue 10: the llm's answer is compared


@pytest.mark.parametrize("reply, reason", [
    ({"question": "What did Harbour Logistics acquire?", "answer": "Baltic Cargo"}, "does not match the subgraph's answer 'Maersk'"),
    ({"question": "What did Harbour Logistics acquire?", "answer": ""}, "answer is empty"),
])
def test_llm_answer_not_matching_the_subgraph_is_rejected(fake_llm, llm_engine, reply, reason):
    fake_llm.script(json.dumps(reply))
    batch = generate_questions([EN_SUBGRAPHS["simple-tail"]], llm_engine)
    assert batch.items == [] and len(batch.failures) == 1
    assert reason in batch.failures[0].reason, batch.failures[0].reason


@pytest.mark.parametrize("answer, reason", [
    (["Maersk"], "misses ['Baltic Cargo']"),
    ("Maersk, Baltic Cargo and DSV", "lists ['DSV']"),
    ("Baltic Cargo and Maersk A/S", None),
])
def test_llm_set_answer_must_be_complete_and_nothing_else(fake_llm, llm_engine, answer, reason):
    fake_llm.script(json.dumps({"question": "Which companies did Harbour Logistics acquire?", "answer": answer}))
    batch = generate_questions([EN_SUBGRAPHS["set"]], llm_engine)
    if reason is None:
        assert batch.failures == [] and batch.items[0].answers == ["Maersk", "Baltic Cargo"]
    else:
        assert batch.items == [] and reason in batch.failures[0].reason, batch.failures


def test_llm_matching_answers_pass_across_inflection_and_number_format(fake_llm, llm_engine):
    fake_llm.route("Tesla | sell in October", json.dumps({"question": "How many cars did Tesla sell in October?", "answer": "2,139 cars"}))
    fake_llm.route("Северный порт", json.dumps({"question": "Что приобрёл Северный порт?", "answer": "фирму «Балтийский транзит»"}, ensure_ascii=False))
    tesla = Subgraph(subgraph_id="tesla", type="simple", lang="en", edges=[EN["tesla"]], answer_nodes=[EN["tesla"].tail], question_nodes=[])
    batch = generate_questions([tesla, RU_SUBGRAPHS["simple-tail"]], llm_engine)
    assert batch.failures == [], batch.failures
    assert [i.answers for i in batch.items] == [["2139 cars"], ["Балтийский транзит"]]


def test_llm_broken_reply_and_a_negated_fact(fake_llm, llm_engine):
    fake_llm.script("{not json", "still {not json")
    denied = EN["acquire"].model_copy(update={"modality": "negated"})
    negated = Subgraph(subgraph_id="negated", type="simple", lang="en", edges=[denied], answer_nodes=[denied.tail], question_nodes=[])
    batch = generate_questions([EN_SUBGRAPHS["simple-tail"], negated], llm_engine)
    reasons = {f.key: f.reason for f in batch.failures}
    assert reasons["negated"].startswith("skipped: negated fact") and "en-simple-tail" in reasons
    assert len(fake_llm.requests) == 2  # the broken reply and its one retry; nothing asked about the negated fact


def test_russian_relation_with_a_counted_noun_cut_from_its_number_is_not_asked():
    broken = typed("Восход Капитал", "инвестировать рублей в", "ГридЛаб", "ru", "Восход Капитал инвестировал 2 млрд рублей в ГридЛаб.", "org", "org")
    failure = ask([broken], "ГридЛаб", lang="ru")
    assert "counted noun without its number" in failure.reason


def test_russian_numeral_does_not_decide_the_case_of_a_prepositional_object():
    grew = typed("Андрей Соколов", "вырасти в", "двух кварталах", "ru", "Андрей Соколов вырос в двух кварталах от стадиона.", "person", "other")
    assert ask([grew], "двух кварталах", lang="ru").question == "Где вырос Андрей Соколов?"


def test_russian_multi_hop_description_takes_the_case_of_its_slot():
    moved = typed("Илья Доронин", "перейти в", "Маяк", "ru", "Илья Доронин перешёл в «Маяк».", "person", "org")
    signed = typed("Маяк", "подписать", "Артём Белов", "ru", "Клуб «Маяк» подписал Артёма Белова.", "org", "person")
    sg = Subgraph(subgraph_id="ru-mh-slot", type="multi-hop", lang="ru", edges=[signed, moved],
                  answer_nodes=["n:Илья Доронин"], question_nodes=["n:Артём Белов"], hidden_nodes=["n:Маяк"])
    (item,) = generate_questions([sg], RULES).items
    assert item.question == "Кто перешёл в клуб, который подписал Артёма Белова?"


def test_russian_where_for_a_prepositional_place_whatever_its_tag():
    tested = typed("Робопорт", "испытать краны в", "Северный порт", "ru", "Робопорт испытал краны в Северном порту.", "org", "other")
    assert ask([tested], "Северный порт", lang="ru").question == "Где Робопорт испытал краны?"


def test_english_common_noun_entities_get_the_definite_article():
    """A hand-judged sample of news-en had "Which place did city of Hamburg own?" and "Which
    employed more people, plant or Baltic Freight Lines?": a bare common noun read out of its
    sentence needs "the"; names, amounts, dates and quantified phrases do not."""
    from tasks.dragon.questions_rules import _en_definite

    assert _en_definite("plant", None) == "the plant"
    assert _en_definite("city of Hamburg", "place") == "the city of Hamburg"
    assert _en_definite("main stand", "other") == "the main stand"
    for unchanged, kind in [("Baltic Freight Lines", "org"), ("41 million euros", "money"), ("2019", "date"),
                            ("more than half", None), ("the terminal", None), ("its rival", None),
                            ("380,000 trucks", "quantity"), ("", None)]:
        assert _en_definite(unchanged, kind) == unchanged


def test_a_common_noun_answer_gets_its_article_and_a_common_noun_anchor_is_not_asked():
    """"Which employed more people, plant or ..." / "Who sold the person that the old striker plans
    to replace?": a question that names an unnamed common noun cannot be answered out of its
    article; as an answer the noun takes its article, and is still no name, amount or date."""
    from tasks.dragon.questions import generate_questions

    def simple(head, head_type, tail, tail_type, answer_node):
        e = Edge(edge_id="e1", head="n1", relation="open", tail="n2", head_label=head, tail_label=tail, lang="en",
                 doc_ids=["d"], sentences=[f"{head} opened a {tail}."], triplet_ids=["t"], head_type=head_type,
                 tail_type=tail_type)
        question_node = "n1" if answer_node == "n2" else "n2"
        return Subgraph(subgraph_id="s1", type="simple", lang="en", edges=[e], answer_nodes=[answer_node],
                        question_nodes=[question_node])

    # as an answer it gets its article, but a description ("the battery plant") is no answer a reader can
    # grade: it is skipped with its reason (questions_en_answers)
    batch = generate_questions([simple("Lumen Energy", "org", "battery plant", "other", "n2")], RULES, QuestionConfig())
    assert not batch.items
    assert "the answer 'the battery plant' is a description" in batch.failures[0].reason

    batch = generate_questions([simple("Lumen Energy", "org", "battery plant", "other", "n1")], RULES, QuestionConfig())
    assert not batch.items
    assert "'the battery plant', a common noun" in batch.failures[0].reason


def test_a_city_the_tagger_called_an_organization_is_asked_with_where():
    """news-en had "Which organization is Northsea Capital based in?" -> Copenhagen: the triplet
    stage typed the city from spaCy's ORG tag; the locative relation wins over the tag."""
    e = Edge(edge_id="e1", head="n1", relation="be based in", tail="n2", head_label="Northsea Capital",
             tail_label="Copenhagen", lang="en", doc_ids=["d"], sentences=["Northsea Capital is based in Copenhagen."],
             triplet_ids=["t"], head_type="org", tail_type="org")
    sub = Subgraph(subgraph_id="s1", type="simple", lang="en", edges=[e], answer_nodes=["n2"], question_nodes=["n1"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert batch.items, batch.failures
    question = batch.items[0].question
    assert question.startswith(("Where", "Which place", "Which city")), question
    assert "organization" not in question, question


def test_a_set_of_an_amount_and_an_organization_is_not_asked():
    """news-en had "What does Harbour Logistics plan to pay?" -> "1.2 million euros, Elbe Rovers"."""
    edges = [Edge(edge_id=f"e{i}", head="n1", relation="pay", tail=f"n{i + 2}", head_label="Harbour Logistics",
                  tail_label=tail, lang="en", doc_ids=["d"], sentences=[f"Harbour Logistics paid {tail}."],
                  triplet_ids=[f"t{i}"], head_type="org", tail_type=kind)
             for i, (tail, kind) in enumerate([("1.2 million euros", "money"), ("Elbe Rovers", "org")])]
    sub = Subgraph(subgraph_id="s1", type="set", lang="en", edges=edges, answer_nodes=["n2", "n3"], question_nodes=["n1"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert not batch.items
    assert "set members of different kinds" in batch.failures[0].reason


def test_russian_date_after_s_is_asked_since_when():
    """news-ru had «Когда руководит предприятием Виктор Гуляев?» -> «2012 год» for «руководит с 2012 года»."""
    e = Edge(edge_id="e1", head="n1", relation="руководить предприятием «Западный док» с", tail="n2",
             head_label="Виктор Гуляев", tail_label="2012 год", lang="ru", doc_ids=["d"],
             sentences=["Виктор Гуляев руководит предприятием с 2012 года."],
             triplet_ids=["t"], head_type="person", tail_type="date")
    sub = Subgraph(subgraph_id="s1", type="simple", lang="ru", edges=[e], answer_nodes=["n2"], question_nodes=["n1"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert batch.items, batch.failures
    assert batch.items[0].question.startswith("С какого года"), batch.items[0].question


def test_russian_object_case_is_read_off_the_phrase_head_not_its_genitive_modifiers():
    """news-ru had «Чего поставляет ГридЛаб?» for «поставляет системы накопления энергии»:
    «энергии» and the genitive reading of «системы» were taken for the verb's case."""
    e = Edge(edge_id="e1", head="n1", relation="поставлять", tail="n2", head_label="ГридЛаб",
             tail_label="системы накопления энергии", lang="ru", doc_ids=["d"],
             sentences=["ГридЛаб поставляет системы накопления энергии для портов."], triplet_ids=["t"],
             head_type="org", tail_type="other")
    sub = Subgraph(subgraph_id="s1", type="simple", lang="ru", edges=[e], answer_nodes=["n2"], question_nodes=["n1"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert batch.items, batch.failures
    assert batch.items[0].question.startswith("Что поставляет"), batch.items[0].question


def test_a_thing_described_by_a_hyphenated_measure_takes_the_article_its_sentence_gives_it():
    from tasks.dragon.questions_rules import _en_definite

    said = ["The velodrome has a 250-metre timber track and a £3-million cafe.", "Kelby signed the 20-year-old."]
    assert _en_definite("250-metre timber track", "other", said) == "a 250-metre timber track"
    assert _en_definite("£3-million cafe", "money", said) == "a £3-million cafe"
    assert _en_definite("20-year-old", "person", said) == "20-year-old"  # an age is no name: refused elsewhere
    assert _en_definite("250 metres", "quantity", said) == "250 metres"  # an amount takes none
