"""tasks/filters: every filter's accept and reject paths; LLM filters over the fake OpenAI server."""
from __future__ import annotations

import json
import random
import socket

import pytest

from benchmill.engines import SKIPPED_NEEDS_LLM, EngineConfig
from benchmill.llm import RETRY_MARKER, LLMUnavailable
from benchmill.settings import LLMSettings
from schemas import Edge, Item, Lineage, Subgraph, Verdict
from tasks.filters import FilterResult
from tasks.dragon import graph_correspondence
from tasks.filters import closed_book, duplicates, llm_judge, ner_presence
from tasks.filters.closed_book import check_closed_book
from tasks.filters.duplicates import check_duplicates
from tasks.dragon.graph_correspondence import (
    GraphCorrespondenceConfig,
    check_graph_correspondence,
    closest_substring_distance,
    trimmed_mean,
)
from tasks.filters.llm_judge import CRITERIA, judge_items, source_article
from tasks.filters.ner_presence import check_ner_presence
from tests.fakes.openai_server import last_user_message


def make_item(item_id: str, question: str, answers: list[str], *, lang: str = "en", doc_ids=("d1",), subgraph=None, kind="simple") -> Item:
    return Item(
        item_id=item_id, method="dragon", type=kind, lang=lang, question=question, answers=answers,
        doc_ids=list(doc_ids), subgraph=subgraph, lineage=Lineage(engine="rules"),
    )


def by_id(result: FilterResult) -> dict:
    return {v.item_id: v for v in result.verdicts}


def test_every_filter_module_names_itself():
    names = [m.FILTER_NAME for m in (ner_presence, graph_correspondence, closed_book, llm_judge, duplicates)]
    assert names == ["ner_presence", "graph_correspondence", "closed_book", "llm_judge", "duplicates"]


# --------------------------------------------------------------------------- ner_presence

EN_DOC = "Ryan Otter composed music for Method, a thriller series produced by Netflix in Seoul. The show premiered in 2023."
RU_DOC = "Генеральный директор «Северного порта» Иван Петров встретился с мэром Мурманска Андреем Сысоевым."


def test_ner_presence_english(monkeypatch):
    import benchmill.nlp

    calls = []
    original = benchmill.nlp.named_entities
    monkeypatch.setattr(benchmill.nlp, "named_entities", lambda text, lang: calls.append(text) or original(text, lang))
    items = [
        make_item("named", "What projects has Ryan Otter composed music for?", ["Method"]),
        make_item("key", "Which streaming service produced the thriller?", ["Netflix, Inc."]),
        make_item("fuzzy", "Which streaming service produced the thriller?", ["Netflx"]),
        make_item("generic", "What did the composer write for the thriller?", ["music"]),
        make_item("missing", "Who?", ["Someone"], doc_ids=("d404",)),
    ]
    verdicts = by_id(check_ner_presence(items, {"d1": EN_DOC}))
    assert len(calls) == 1  # NER once per document, not per item
    assert verdicts["named"].status == "passed" and verdicts["named"].score == 2.0
    assert "'Ryan Otter'" in verdicts["named"].reason and "'Method'" in verdicts["named"].reason
    assert verdicts["key"].status == "passed" and verdicts["fuzzy"].status == "passed"
    assert verdicts["generic"].status == "rejected" and verdicts["generic"].score == 0
    assert verdicts["generic"].reason.startswith("none of the")
    assert "2023" not in verdicts["generic"].reason  # a year is not a named entity
    assert verdicts["missing"].status == "error" and "d404" in verdicts["missing"].reason
    assert all(v.filter == "ner_presence" for v in verdicts.values())


def test_ner_presence_russian_matches_inflected_names():
    items = [
        make_item("lemma", "Где находится Северный порт?", ["в Мурманске"], lang="ru"),
        make_item("surface", "С кем встретился Иван Петров?", ["с мэром города"], lang="ru"),
        make_item("none", "С кем встретился глава компании?", ["с мэром города"], lang="ru"),
    ]
    verdicts = by_id(check_ner_presence(items, {"d1": RU_DOC}))
    assert verdicts["lemma"].status == "passed" and verdicts["lemma"].score == 2.0  # Северный порт, Мурманск
    assert verdicts["surface"].status == "passed"
    assert verdicts["none"].status == "rejected"


def test_ner_presence_rejects_when_the_source_has_no_entities():
    verdict = check_ner_presence([make_item("a", "What happened?", ["it rained"])], {"d1": "it rained all day long."}).verdicts[0]
    assert verdict.status == "rejected" and verdict.reason == "no named entities found in the source documents"


# --------------------------------------------------------------------------- graph correspondence


def edge(head: str, head_label: str, relation: str, tail: str, tail_label: str, lang: str = "en") -> Edge:
    return Edge(edge_id=f"{head}-{tail}", head=head, relation=relation, tail=tail, head_label=head_label,
                tail_label=tail_label, lang=lang, doc_ids=["d1"], sentences=["s"], triplet_ids=["t"])


def subgraph(kind: str, edges: list[Edge], answer: list[str], question: list[str], hidden: list[str] = (), lang: str = "en") -> dict:
    return Subgraph(subgraph_id=kind, type=kind, lang=lang, edges=edges, answer_nodes=answer, question_nodes=question,
                    hidden_nodes=list(hidden)).model_dump(mode="json")


VOICE = edge("morty", "Morty Smith", "voice", "chiba", "Keisuke Chiba")
COMPOSED = [edge("otter", "Ryan Otter", "composed music for", t, label) for t, label in [("method", "Method"), ("trigger", "Trigger")]]
FAW = [edge("faw", "FAW", "country of origin", "china", "China"), edge("faw", "FAW", "number of cars sold in 2023", "n2139", "2139")]
ROMAN = [edge("roman", "Roman Miroshnichenko", "performed at", "mbar", "M-bar"), edge("roman", "Roman Miroshnichenko", "met with", "dibrov", "Dmitry Dibrov")]
SALES = [edge("faw", "FAW", "sold", "a", "2139 cars"), edge("byd", "BYD", "sold", "b", "1870 cars")]


def test_levenshtein_to_the_closest_substring_is_exact():
    def brute(pattern: str, text: str) -> int:
        previous, best = list(range(len(pattern) + 1)), len(pattern)
        for ch in text:
            current = [0]
            for i in range(1, len(pattern) + 1):
                current.append(min(previous[i] + 1, current[i - 1] + 1, previous[i - 1] + (pattern[i - 1] != ch)))
            previous, best = current, min(best, current[-1])
        return best

    rng = random.Random(0)
    for _ in range(2000):
        pattern = "".join(rng.choice("abc ") for _ in range(rng.randrange(0, 10)))
        text = "".join(rng.choice("abcd ") for _ in range(rng.randrange(0, 25)))
        assert closest_substring_distance(pattern, text) == brute(pattern, text)
    assert closest_substring_distance("keisuke chiba", "it was keisuke chiba who") == 0
    assert closest_substring_distance("keisuke chiba", "keisuke chba") == 1
    assert trimmed_mean([0.0] + [1.0] * 19 + [0.5], 0.05) == pytest.approx(18.5 / 19)


GC_CASES = [
    # simple: each entity in either part
    ("simple ok", "Who voiced Morty Smith?", ["Keisuke Chiba"], subgraph("simple", [VOICE], ["chiba"], ["morty"]), "passed", None),
    # the generator asked for the other end of the fact: the answer labels say which node is the answer
    ("simple swapped", "Whom did Keisuke Chiba voice?", ["Morty Smith"], subgraph("simple", [VOICE], ["chiba"], ["morty"]), "passed", None),
    # ... but a question naming its own answer gives itself away
    ("simple answer leaked", "Who voiced Morty Smith, Keisuke Chiba or Kappei Yamaguchi?", ["Keisuke Chiba"],
     subgraph("simple", [VOICE], ["chiba"], ["morty"]), "rejected", "answer 'Keisuke Chiba' named in the question"),
    # an entity the subgraph does not have (App. E: "not contain any extra ones")
    ("simple extra entity", "Who voiced Morty Smith in the Netflix dub produced in Seoul?", ["Keisuke Chiba"],
     subgraph("simple", [VOICE], ["chiba"], ["morty"]), "rejected", "outside the subgraph: 'Netflix', 'Seoul'"),
    # a number in the relation is no extra entity; a quantity answer is not named by "how many"
    ("hop quantity", "How many cars did the company from China sell in 2023?", ["2139"],
     subgraph("multi-hop", FAW, ["n2139"], ["china"], ["faw"]), "passed", None),
    ("simple missing", "Who voiced the character?", ["Keisuke Chiba"], subgraph("simple", [VOICE], ["chiba"], ["morty"]), "rejected", "Morty Smith"),
    # set: positions strictly determined
    ("set ok", "What projects has Ryan Otter composed music for?", ["Trigger, Method"], subgraph("set", COMPOSED, ["method", "trigger"], ["otter"]), "passed", None),
    ("set incomplete", "What projects has Ryan Otter composed music for?", ["Method"], subgraph("set", COMPOSED, ["method", "trigger"], ["otter"]), "rejected", "Trigger"),
    # multi-hop: the bridge must stay hidden
    ("hop ok", "In which country is the company located that sold 2,139 cars in 2023?", ["China"],
     subgraph("multi-hop", FAW[::-1], ["china"], ["n2139"], ["faw"]), "passed", None),
    ("hop leaked", "In which country is FAW, which sold 2139 cars in 2023, located?", ["China"],
     subgraph("multi-hop", FAW[::-1], ["china"], ["n2139"], ["faw"]), "rejected", "bridge leaked"),
    # conditional: the shared entity is the answer, the others are in the question
    ("cond ok", "Who performed at M-bar and met with Dmitry Dibrov?", ["Roman Miroshnichenko"],
     subgraph("conditional", ROMAN, ["roman"], ["mbar", "dibrov"]), "passed", None),
    ("cond wrong part", "Where did Roman Miroshnichenko perform after meeting Dmitry Dibrov?", ["M-bar"],
     subgraph("conditional", ROMAN, ["roman"], ["mbar", "dibrov"]), "rejected", "question does not name 'M-bar'"),
    # comparison: both subjects in the question, the winner in the answer
    ("cmp ok", "Which company sold more cars, FAW or BYD?", ["FAW"], subgraph("comparison", SALES, ["faw"], ["faw", "byd"]), "passed", None),
    ("cmp one subject", "Which company sold more cars than BYD?", ["FAW"], subgraph("comparison", SALES, ["faw"], ["faw", "byd"]), "rejected", "question does not name 'FAW'"),
]


@pytest.mark.parametrize(("name", "question", "answers", "graph", "status", "reason_part"), GC_CASES, ids=[c[0] for c in GC_CASES])
def test_graph_correspondence(name, question, answers, graph, status, reason_part):
    verdict = check_graph_correspondence([make_item(name, question, answers, subgraph=graph)]).verdicts[0]
    assert verdict.filter == "graph_correspondence"
    assert verdict.status == status, verdict.reason
    assert 0.0 <= verdict.score <= 1.0
    if reason_part:
        assert reason_part in verdict.reason


def test_graph_correspondence_russian_inflection_and_config():
    port = [edge("petrov", "Иван Петров", "руководит", "port", "Северный порт", "ru"), edge("petrov", "Иван Петров", "встретился с", "sysoev", "Андрей Сысоев", "ru")]
    item = make_item("ru", "Кто руководит Северным портом и встречался с Андреем Сысоевым?", ["Иван Петров"], lang="ru",
                     subgraph=subgraph("conditional", port, ["petrov"], ["port", "sysoev"], lang="ru"))
    assert check_graph_correspondence([item]).verdicts[0].status == "passed"
    # "Северным портом" is 4 edits from "Северный порт" on the surface: only the lemma alignment finds it
    strict = GraphCorrespondenceConfig(presence_threshold=1.0)
    assert check_graph_correspondence([item], strict).verdicts[0].status == "passed"


def test_graph_correspondence_names_every_failed_check_with_its_code_and_grades_apart():
    cond = subgraph("conditional", ROMAN, ["roman"], ["mbar", "dibrov"])
    good = make_item("good", "Who performed at M-bar and met with Dmitry Dibrov?", ["Roman Miroshnichenko"], subgraph=cond)
    # Dibrov missing, the answer named, and an extra person: three checks fail, all reported
    bad = make_item("bad", "Did Roman Miroshnichenko perform at M-bar with Angela Merkel?", ["Roman Miroshnichenko"], subgraph=cond)
    v = by_id(check_graph_correspondence([good, bad]))
    assert v["good"].status == "passed" and v["good"].code == "" and v["good"].score >= 0.9
    assert v["bad"].status == "rejected" and v["bad"].code == "entity_missing"
    for part in ("question does not name 'Dmitry Dibrov'", "answer 'Roman Miroshnichenko' named in the question",
                 "outside the subgraph: 'Angela Merkel'"):
        assert part in v["bad"].reason
    assert 0.0 < v["bad"].score < v["good"].score  # graded, not 0/1
    # the extra-entity check can be turned off; the other checks still decide
    lax = by_id(check_graph_correspondence([bad], GraphCorrespondenceConfig(check_extra_entities=False)))
    assert lax["bad"].status == "rejected" and "Angela Merkel" not in lax["bad"].reason
    # a set answer that lacks a member is incomplete
    partial = make_item("partial", "What projects has Ryan Otter composed music for?", ["Method"],
                        subgraph=subgraph("set", COMPOSED, ["method", "trigger"], ["otter"]))
    assert check_graph_correspondence([partial]).verdicts[0].code == "answer_incomplete"


def test_graph_correspondence_russian_morphology_extra_entity_and_bridge():
    port = [edge("petrov", "Иван Петров", "руководит", "port", "Северный порт", "ru"),
            edge("port", "Северный порт", "находится в", "murmansk", "Мурманск", "ru")]
    hop = subgraph("multi-hop", port, ["murmansk"], ["petrov"], ["port"], lang="ru")
    ok = make_item("ok", "В каком городе находится компания, которой руководит Иван Петров?", ["Мурманск"], lang="ru", subgraph=hop)
    # inflected: "Ивана Петрова" is the question entity, "Мурманске" the answer named, "Северного порта" the bridge
    inflected = make_item("inflected", "Где находится компания Ивана Петрова?", ["Мурманск"], lang="ru", subgraph=hop)
    answer_named = make_item("answer", "Верно ли, что компания Ивана Петрова находится в Мурманске?", ["Мурманск"], lang="ru", subgraph=hop)
    bridge = make_item("bridge", "Где находится Северный порт, которым руководит Иван Петров?", ["Мурманск"], lang="ru", subgraph=hop)
    extra = make_item("extra", "В каком городе находится компания, которой руководит Иван Петров вместе с Андреем Сысоевым?",
                      ["Мурманск"], lang="ru", subgraph=hop)
    v = by_id(check_graph_correspondence([ok, inflected, answer_named, bridge, extra]))
    assert v["ok"].status == "passed" and v["inflected"].status == "passed", (v["ok"].reason, v["inflected"].reason)
    assert v["answer"].code == "answer_in_question" and "'Мурманск'" in v["answer"].reason
    assert v["bridge"].code == "bridge_leaked" and "'Северный порт'" in v["bridge"].reason
    assert v["extra"].code == "extra_entity" and "Андреем Сысоевым" in v["extra"].reason


def test_graph_correspondence_without_or_with_a_broken_subgraph():
    verdicts = check_graph_correspondence(
        [make_item("none", "Q?", ["A"]), make_item("broken", "Q?", ["A"], subgraph={"type": "simple"})]
    ).verdicts
    assert [v.status for v in verdicts] == ["skipped", "rejected"]
    assert verdicts[0].reason == "not applicable: item has no subgraph"


# --------------------------------------------------------------------------- closed_book


def test_closed_book_rejects_what_the_model_knows(fake_llm, llm_engine):
    fake_llm.route("Who voiced Morty Smith", "Keisuke Chiba.")
    fake_llm.route("Ryan Otter composed", "Method and Trigger")
    fake_llm.route("FAW sell", "I don't know")
    fake_llm.route("empty reply", "")
    fake_llm.route("FAW or BYD", "FAW")
    items = [
        make_item("known", "Who voiced Morty Smith in the Japanese dub?", ["Keisuke Chiba"]),
        make_item("f1", "Which projects has Ryan Otter composed music for?", ["Trigger, Method"], kind="set"),
        make_item("unknown", "How many cars did FAW sell in 2023?", ["2139"]),
        make_item("broken", "An empty reply question?", ["x"]),
        make_item("guess", "Which company sold more cars in 2023, FAW or BYD?", ["FAW"], kind="comparison"),
    ]
    result = check_closed_book(items, llm_engine)
    verdicts = by_id(result)
    assert verdicts["known"].status == "rejected" and verdicts["known"].reason.startswith("answerable without context")
    assert verdicts["f1"].status == "rejected" and verdicts["f1"].score == pytest.approx(0.8)
    assert verdicts["unknown"].status == "passed" and verdicts["unknown"].score == 0.0
    assert verdicts["broken"].status == "error" and "closed-book reply unusable" in verdicts["broken"].reason
    assert verdicts["guess"].status == "passed" and "a guess" in verdicts["guess"].reason
    assert result.usage.calls == 5
    # the model saw the question and nothing else
    assert any(last_user_message(r).endswith("Question: Who voiced Morty Smith in the Japanese dub?\nAnswer:") for r in fake_llm.requests)


def test_closed_book_russian_matches_inflected_answers(fake_llm, llm_engine):
    fake_llm.route("руководит Иван Петров", "Северного порта")
    fake_llm.route("Андрей Сысоев", "Не знаю")
    items = [
        make_item("known", "Какой компанией руководит Иван Петров?", ["Северный порт"], lang="ru"),
        make_item("unknown", "С кем встретился Андрей Сысоев?", ["Иван Петров"], lang="ru"),
    ]
    verdicts = by_id(check_closed_book(items, llm_engine))
    assert verdicts["known"].status == "rejected" and verdicts["unknown"].status == "passed"
    assert "Вопрос:" in last_user_message(fake_llm.requests[0])


def test_closed_book_rules_engine_skips():
    items = [make_item("a", "Q?", ["A"]), make_item("b", "Q2?", ["B"])]
    verdicts = check_closed_book(items, EngineConfig(kind="rules")).verdicts
    assert [(v.status, v.reason) for v in verdicts] == [("skipped", SKIPPED_NEEDS_LLM)] * 2


def test_closed_book_lets_llm_unavailable_propagate(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    engine = EngineConfig(kind="llm", llm=LLMSettings(base_url=f"http://127.0.0.1:{port}/v1", model="m", max_retries=0,
                                                      timeout=2, cache_path=tmp_path / "cache.sqlite"))
    with pytest.raises(LLMUnavailable):
        check_closed_book([make_item("a", "Who voiced Morty?", ["Chiba"])], engine)


# --------------------------------------------------------------------------- llm_judge

CRITERION_TITLES = {
    "en": {c: c.replace("_", " ") for c in CRITERIA} | {"answer_uniqueness": "answer uniqueness based on context"},
    "ru": {
        "question_literacy": "грамотность вопроса", "question_clarity": "ясность вопроса",
        "question_naturalness": "естественность вопроса", "context_sufficiency": "достаточность контекста",
        "context_necessity": "необходимость контекста", "answer_literacy": "грамотность ответа",
        "answer_correctness": "правильность ответа", "answer_uniqueness": "единственность ответа по контексту",
    },
}


def criterion_of(body: dict) -> str:
    """Which criterion a judge request is about (the retry's first user message is the original prompt)."""
    first_user = next(m["content"] for m in body["messages"] if m["role"] == "user")
    for lang, titles in CRITERION_TITLES.items():
        for criterion, title in titles.items():
            if f"{'Criterion' if lang == 'en' else 'Критерий'}: {title}\n" in first_user:
                return criterion
    raise AssertionError("not a judge prompt")


def judge_with(fake_llm, replies: dict[str, str], default_score: int = 2) -> None:
    def answer(body: dict) -> str:
        criterion = criterion_of(body)
        return replies.get(criterion, json.dumps({"rationale": f"{criterion} fine", "score": default_score}))

    fake_llm.handler(answer)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_judge_passes_good_items_and_shows_answers_only_to_answer_criteria(fake_llm, llm_engine, lang):
    judge_with(fake_llm, {"question_naturalness": '{"rationale": "a bit stiff", "score": 1}'})
    question, answer = ("Who voiced Morty Smith?", "Keisuke Chiba") if lang == "en" else ("Кто руководит Северным портом?", "Иван Петров")
    item = make_item("good", question, [answer], lang=lang)
    result = judge_items([item], {"d1": EN_DOC if lang == "en" else RU_DOC}, llm_engine)
    verdict = result.verdicts[0]
    assert verdict.status == "passed" and verdict.score == pytest.approx(15 / 8)
    assert "question_naturalness=1" in verdict.reason
    assert len(fake_llm.requests) == 8 and result.usage.calls == 8
    for body in fake_llm.requests:
        text = last_user_message(body)
        assert (EN_DOC if lang == "en" else RU_DOC) in text and question in text
        shows_answer = f"\nAnswer: {answer}" in text or f"\nОтвет: {answer}" in text
        assert shows_answer == CRITERIA[criterion_of(body)]


def test_judge_rejects_when_a_criterion_scores_zero(fake_llm, llm_engine):
    judge_with(fake_llm, {"context_necessity": '{"rationale": "Anyone knows who voiced him.", "score": 0}'})
    verdict = judge_items([make_item("easy", "Who voiced Morty Smith?", ["Keisuke Chiba"])], {"d1": EN_DOC}, llm_engine).verdicts[0]
    assert verdict.status == "rejected" and verdict.score == pytest.approx(14 / 8)
    assert "failed context_necessity" in verdict.reason and "Anyone knows" in verdict.reason


@pytest.mark.parametrize(
    "bad_reply",
    ["this is not JSON at all", '{"rationale": "r", "score": 3}', '{"rationale": "r", "score": "2"}', '{"rationale": "r", "score": 1.5}'],
)
def test_judge_unparseable_reply_is_an_error_naming_the_criterion(fake_llm, llm_engine, bad_reply):
    judge_with(fake_llm, {"answer_correctness": bad_reply})
    item = make_item("x", "Who voiced Morty Smith?", ["Keisuke Chiba"])
    verdict = judge_items([item], {"d1": EN_DOC}, llm_engine).verdicts[0]
    assert verdict.status == "error" and "answer_correctness" in verdict.reason
    assert verdict.score is None
    retries = [b for b in fake_llm.requests if RETRY_MARKER in last_user_message(b)]
    assert len(retries) == 1  # the client's one corrective retry, then a recorded error


def test_judge_without_source_text_is_an_error_and_rules_engine_skips(fake_llm, llm_engine):
    item = make_item("lost", "Q?", ["A"], doc_ids=("gone",))
    verdict = judge_items([item], {}, llm_engine).verdicts[0]
    assert verdict.status == "error" and "gone" in verdict.reason and fake_llm.requests == []
    skipped = judge_items([item], {}, EngineConfig(kind="rules")).verdicts[0]
    assert (skipped.status, skipped.reason, skipped.filter) == ("skipped", SKIPPED_NEEDS_LLM, "llm_judge")


def test_source_article_shares_the_budget_between_documents():
    long_doc = " ".join(f"Sentence number {i} about the port." for i in range(400))
    item = make_item("x", "Q?", ["A"], doc_ids=("short", "long", "absent"))
    article = source_article(item, {"short": "A short note.", "long": long_doc}, max_chars=1000)
    assert article.startswith("A short note.") and len(article) <= 1000
    assert article.endswith("port. […]")


# --------------------------------------------------------------------------- duplicates


def test_duplicates_within_the_batch_and_against_earlier_releases():
    items = [
        make_item("i1", "What projects has Ryan Otter composed music for?", ["Method"]),
        make_item("i2", "what projects has ryan otter composed music for", ["Method"]),  # exact after normalisation
        make_item("i3", "Which projects has Ryan Otter composed music for?", ["Method"]),  # paraphrase, cosine ~0.99
        make_item("i4", "Who voiced Morty Smith in the Japanese dub?", ["Keisuke Chiba"]),
        make_item("i5", "Which company sold 2,139 cars in 2023?", ["FAW"]),
        make_item("i6", "Where is the headquarters of Studio X?", ["Paris"]),
    ]
    earlier = ["Who was the voice of Morty Smith in the Japanese dub?", "Which company sold 2139 cars in 2023?"]
    shuffled = items[::-1]
    result = check_duplicates(shuffled, earlier, "en")
    assert [v.item_id for v in result.verdicts] == [i.item_id for i in shuffled]
    v = by_id(result)
    assert v["i1"].status == "passed"
    assert v["i2"].status == "rejected" and v["i2"].score == 1.0
    assert v["i2"].reason == "exact duplicate of item i1 (kept: equally good: lower item id)"
    assert v["i3"].status == "rejected" and "near-duplicate" in v["i3"].reason and "item i1" in v["i3"].reason
    assert v["i3"].score >= 0.95
    assert v["i4"].status == "rejected" and "earlier release question" in v["i4"].reason and "voice of Morty" in v["i4"].reason
    assert v["i5"].status == "rejected" and v["i5"].reason.startswith("exact duplicate of an earlier release question")
    assert v["i6"].status == "passed" and v["i6"].score < 0.95


def test_duplicates_threshold_and_russian():
    items = [
        make_item("r1", "Кто возглавляет Северный порт?", ["Иван Петров"], lang="ru"),
        make_item("r2", "Кто руководит Северным портом?", ["Иван Петров"], lang="ru"),
        make_item("r3", "Сколько машин продала компания FAW в 2023 году?", ["2139"], lang="ru"),
    ]
    v = by_id(check_duplicates(items, [], "ru"))
    assert (v["r1"].status, v["r2"].status, v["r3"].status) == ("passed", "rejected", "passed")
    assert "item r1" in v["r2"].reason
    # a stricter threshold keeps the paraphrase
    strict = by_id(check_duplicates(items, [], "ru", duplicates.DuplicatesConfig(cosine_threshold=0.999)))
    assert strict["r2"].status == "passed"
    assert check_duplicates([], ["anything"], "ru").verdicts == []


def test_near_duplicates_must_name_the_same_entities():
    # one template, two ports: e5 puts them ~0.94 apart, above this test's threshold
    items = [
        make_item("p1", "Кто руководит Северным портом?", ["Иван Петров"], lang="ru"),
        make_item("p2", "Кто руководит Южным портом?", ["Пётр Иванов"], lang="ru"),
        make_item("p3", "Кто возглавляет Северный порт?", ["Иван Петров"], lang="ru"),
    ]
    earlier = ["Кто руководит Восточным портом?"]
    loose = duplicates.DuplicatesConfig(cosine_threshold=0.9)
    v = by_id(check_duplicates(items, earlier, "ru", loose))
    assert (v["p1"].status, v["p2"].status, v["p3"].status) == ("passed", "passed", "rejected")
    assert "item p1" in v["p3"].reason
    assert v["p2"].score >= 0.9  # similar enough, but about another port
    unguarded = by_id(check_duplicates(items, earlier, "ru", loose.model_copy(update={"require_same_entities": False})))
    assert unguarded["p2"].status == "rejected"


def _verdict(item_id: str, name: str, status: str, score: float | None) -> Verdict:
    return Verdict(item_id=item_id, filter=name, status=status, score=score)


def test_duplicates_keep_the_complete_answer_not_the_lowest_id():
    # issue 10: the incomplete simple question (lower id) was kept, the complete set question rejected
    items = [
        make_item("a-simple", "What projects has Ryan Otter composed music for?", ["Method"]),
        make_item("b-set", "What projects has Ryan Otter composed music for?", ["Method", "Trigger"], kind="set"),
        make_item("c-simple", "Which projects has Ryan Otter composed music for?", ["Trigger"]),
    ]
    v = by_id(check_duplicates(items, [], "en"))
    assert v["b-set"].status == "passed" and "kept over 2 duplicate(s)" in v["b-set"].reason
    assert v["a-simple"].status == "rejected" and v["a-simple"].code == "duplicate_in_batch"
    assert "item b-set (kept: more complete answer (2 answer parts vs 1))" in v["a-simple"].reason
    assert v["c-simple"].status == "rejected" and "item b-set" in v["c-simple"].reason


def test_a_multi_hop_question_is_no_duplicate_of_the_simple_question_describing_its_bridge():
    """Found on a daily run: "Who founded the organization that Harbour Logistics acquired?" (→ Piotr
    Nowicki) was rejected as a near-duplicate (cosine 0.958) of "Which organization did Harbour
    Logistics acquire?" (→ Baltic Freight Lines): another question, with another answer."""
    items = [
        make_item("a-simple", "Which organization did Harbour Logistics acquire?", ["Baltic Freight Lines"]),
        make_item("b-hop", "Who founded the organization that Harbour Logistics acquired?", ["Piotr Nowicki"], kind="multi-hop"),
        # one type, two answers: still one question asked twice
        make_item("c-simple", "Which organisation did Harbour Logistics acquire?", ["Nordic Tugs"]),
    ]
    v = by_id(check_duplicates(items, [], "en"))
    assert (v["a-simple"].status, v["b-hop"].status, v["c-simple"].status) == ("passed", "passed", "rejected")
    assert v["b-hop"].score >= 0.95  # as close as a paraphrase, and kept
    same = by_id(check_duplicates(items, [], "en", duplicates.DuplicatesConfig(require_same_ask=False)))
    assert same["b-hop"].status == "rejected"
    # where and when of one fact: two questions (e5 puts them at 0.99)
    ru = [make_item("r-where", "Где открыл офис Балтмост?", ["Гданьск"], lang="ru"),
          make_item("r-when", "Когда открыл офис Балтмост?", ["март 2024 года"], lang="ru")]
    assert [v.status for v in check_duplicates(ru, [], "ru").verdicts] == ["passed", "passed"]


def test_duplicates_keep_higher_scores_and_never_an_already_rejected_item():
    q = "Who voiced Morty Smith in the Japanese dub?"
    items = [make_item(i, q, ["Keisuke Chiba"]) for i in ("d1", "d2", "d3")]
    earlier = {
        "d1": [_verdict("d1", "graph_correspondence", "passed", 0.7), _verdict("d1", "ner_presence", "passed", 2.0)],
        "d2": [_verdict("d2", "graph_correspondence", "passed", 0.9), _verdict("d2", "ner_presence", "passed", 1.0)],
        "d3": [_verdict("d3", "graph_correspondence", "passed", 1.0), _verdict("d3", "ner_presence", "rejected", 0.0)],
    }
    v = by_id(check_duplicates(items, [], "en", earlier_verdicts=earlier))
    assert [v[i].status for i in ("d1", "d2", "d3")] == ["rejected", "passed", "rejected"]
    assert "item d2 (kept: higher graph_correspondence score (0.9 vs 0.7))" in v["d1"].reason
    assert "item d2 (kept: this item was rejected by ner_presence)" in v["d3"].reason
    # an item a filter ahead rejected is judged, but knocks nothing out: d1 is kept when d3 is the only other
    alone = by_id(check_duplicates([items[0], items[2]], [], "en", earlier_verdicts=earlier))
    assert alone["d1"].status == "passed" and alone["d3"].status == "rejected"


def test_ner_presence_takes_a_document_over_the_model_limit():
    huge = EN_DOC + "\n\n" + ("\n\n" + " " * 998) * 1100 + "\n\nAngela Merkel visited Paris."
    assert len(huge) > 1_000_000
    items = [make_item("first", "Who composed music for Method?", ["Ryan Otter"]),
             make_item("last", "Which city did Angela Merkel visit?", ["Paris"])]
    verdicts = by_id(check_ner_presence(items, {"d1": huge}))
    assert verdicts["first"].status == "passed" and verdicts["last"].status == "passed"


def test_ner_presence_a_document_that_breaks_ner_fails_only_its_items(monkeypatch):
    import benchmill.nlp

    original = benchmill.nlp.named_entities

    def ner(text, lang):
        if text == "BROKEN":
            raise MemoryError("text too large for the model")
        return original(text, lang)

    monkeypatch.setattr(benchmill.nlp, "named_entities", ner)
    items = [make_item("bad", "Who?", ["Ryan Otter"], doc_ids=("d2",)),
             make_item("good", "Who composed music for Method?", ["Ryan Otter"])]
    verdicts = by_id(check_ner_presence(items, {"d1": EN_DOC, "d2": "BROKEN"}))
    assert verdicts["bad"].status == "error" and "d2" in verdicts["bad"].reason and "MemoryError" in verdicts["bad"].reason
    assert verdicts["good"].status == "passed"


def test_rejections_carry_a_code_and_group_by_it_with_whole_example_reasons(tmp_path):
    """Issue 7.12: rejections group by (filter, code); examples keep item ids and thresholds intact."""
    from benchmill.store import Store

    items = [make_item("generic", "What did the composer write for the thriller?", ["music"]),
             make_item("named", "What projects has Ryan Otter composed music for?", ["Method"])]
    ner = by_id(check_ner_presence(items, {"d1": EN_DOC}))
    assert ner["generic"].code == "entity_missing" and ner["named"].code == ""
    dup = by_id(check_duplicates([make_item("q1", "Who founded Acme?", ["Bob"]), make_item("q2", "Who founded Acme?", ["Bob"])],
                                 ["Who founded Acme?"], "en"))
    assert {v.code for v in dup.values()} == {"duplicate_of_released"}

    with Store.writer(tmp_path / "s.duckdb", "r1") as store:
        store.write_verdicts([*ner.values(), *dup.values()], "r1")
        assert {v.item_id: v.code for v in store.verdicts(["generic", "q1"])} == {"generic": "entity_missing",
                                                                                 "q1": "duplicate_of_released"}
        reasons = store.top_rejection_reasons(["ner_presence", "duplicates"], ["generic", "named", "q1", "q2"])
    assert reasons["ner_presence"] == [("entity_missing", 1, [f"generic: {ner['generic'].reason}"])]
    [(code, count, examples)] = reasons["duplicates"]
    assert (code, count) == ("duplicate_of_released", 2)
    assert examples == [f"q1: {dup['q1'].reason}", f"q2: {dup['q2'].reason}"]


def test_ner_presence_a_position_opening_the_sentence_is_no_part_of_the_name(monkeypatch):
    # the NER may take a sentence's capitalised first word, a position, into the name; the question writes the name
    import benchmill.nlp
    from benchmill.nlp import NamedEntity

    doc = "Defenseman Oskar Lindqvist did not play on Friday, and he is expected to miss three more games."
    monkeypatch.setattr(benchmill.nlp, "named_entities",
                        lambda text, lang: [NamedEntity(text="Defenseman Oskar Lindqvist", label="PER", start=0, end=26,
                                                        normal="Defenseman Oskar Lindqvist")])
    items = [make_item("named", "How many more games is Oskar Lindqvist expected to miss?", ["three more games"])]
    assert by_id(check_ner_presence(items, {"d1": doc}))["named"].status == "passed"
