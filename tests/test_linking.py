"""tasks.dragon.linking: candidates from the fixture Wikidata index, real embedding models, and
for the llm engine the fake OpenAI-compatible server (tests/fakes/openai_server.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

import tasks.dragon.linking as linking
from benchmill.engines import EngineConfig
from benchmill.llm import RETRY_MARKER, LLMUnavailable
from benchmill.settings import LLMSettings
from tasks.dragon.wikidata import WikidataIndex
from schemas import EntityCandidate
from tasks.dragon.linking import LinkingConfig, SurfaceForm, link_entities, unlinked_node_id

FIXTURE_DUMP = Path(__file__).parent / "fixtures" / "wikidata" / "mini.json.bz2"
RULES = EngineConfig(kind="rules")

pytestmark = pytest.mark.slow  # loads the embedding models


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    with WikidataIndex.build(FIXTURE_DUMP, tmp_path_factory.mktemp("wikidata") / "index.duckdb") as built:
        yield built


def _candidates(index: WikidataIndex, surfaces: list[SurfaceForm]) -> dict[str, list[EntityCandidate]]:
    """What the flow does: one index lookup per distinct surface form."""
    return {s.surface: index.candidates(s.surface, s.lang, limit=10) for s in surfaces}


def _link(index, surfaces, engine=RULES, **config):
    batch = link_entities(surfaces, _candidates(index, surfaces), engine, LinkingConfig(**config))
    return batch, {link.surface: link for link in batch.links}


# --------------------------------------------------------------------------- rules engine


def test_rules_links_labels_and_aliases(index):
    surfaces = [
        SurfaceForm(surface="Rotterdam", lang="en", context="The container ship docked in Rotterdam on Monday."),
        SurfaceForm(surface="Holland", lang="en", context="Exports from Holland rose by four percent last year."),
        SurfaceForm(surface="Газпрома", lang="ru", context="Акции Газпрома выросли на три процента."),
    ]
    batch, links = _link(index, surfaces)
    assert batch.failures == [] and batch.usage.calls == 0
    assert (links["Rotterdam"].qid, links["Rotterdam"].label, links["Rotterdam"].method) == ("Q34370", "Rotterdam", "rules")
    holland = links["Holland"]
    assert holland.node_id == holland.qid == "Q55" and holland.label == "Netherlands"
    gazprom = links["Газпрома"]
    assert gazprom.qid == "Q102673" and gazprom.label == "Газпром" and gazprom.lang == "ru"
    assert all(link.score >= 0.75 for link in batch.links)


def test_candidates_are_scored_and_cut_to_top_k(index):
    surfaces = [SurfaceForm(surface="Rotterdam", lang="en", context="The container ship docked in Rotterdam on Monday.")]
    _, links = _link(index, surfaces, top_k=2)
    candidates = links["Rotterdam"].candidates
    assert len(candidates) == 2
    assert [c.score for c in candidates] == sorted((c.score for c in candidates), reverse=True)
    best = candidates[0]
    assert best.qid == "Q34370" and best.string_score == 1.0 and 0 < best.embedding_score <= 1
    assert best.score == pytest.approx(0.5 * best.string_score + 0.5 * best.embedding_score, abs=1e-3)


def test_context_decides_between_same_named_entities(index):
    company = SurfaceForm(surface="Apple", lang="en", context="Apple released a new iPhone and its shares rose.")
    fruit = SurfaceForm(surface="apples", lang="en", context="Farmers harvested apples and pears in the orchard this autumn.")
    batch, links = _link(index, [company, fruit])
    assert links["Apple"].qid == "Q312"
    assert links["apples"].qid == "Q89" and links["apples"].label == "apple"


def test_the_link_does_not_depend_on_the_order_its_sentences_come_in(index):
    """Triplets come ordered by ids that hash the page's URL: the same sentences in another order must
    give the same candidates, scores and link (a bench served on another port, a mirror of a site)."""
    sentences = ["Apple released a new iPhone and its shares rose.",
                 "Shoppers queued outside Apple stores in the rain.",
                 "Apple said its profit fell in the third quarter."]
    forms = [SurfaceForm(surface="Apple", lang="en", context=s) for s in sentences]
    first, _ = _link(index, forms)
    second, _ = _link(index, forms[::-1])
    third, _ = _link(index, forms[1:] + forms[:1])
    assert first.links == second.links == third.links
    assert [c.score for c in first.links[0].candidates] == [c.score for c in second.links[0].candidates]


def test_unknown_surface_stays_unlinked(index):
    surfaces = [SurfaceForm(surface="Harbour Logistics", lang="en", context="Harbour Logistics hired 200 dockers.")]
    batch, links = _link(index, surfaces)
    link = links["Harbour Logistics"]
    assert link.qid is None and link.method == "unlinked" and link.candidates == [] and link.score == 0.0
    assert link.node_id == unlinked_node_id("Harbour Logistics", "en") and link.node_id.startswith("n:")
    assert link.label == "Harbour Logistics"


def test_weak_candidates_below_threshold_stay_unlinked(index):
    # a similar name in another context: the New York port authority is not Rotterdam's
    surface = SurfaceForm(surface="Port Authority", lang="en", context="The New York Port Authority raised bridge tolls.")
    candidates = {"Port Authority": index.candidates("Port of Rotterdam Authority", "en", limit=1)}
    link = link_entities([surface], candidates, RULES).links[0]
    assert link.qid is None and link.method == "unlinked" and link.candidates[0].qid == "Q2104143"
    assert link.score == link.candidates[0].score < 0.75
    lenient = link_entities([surface], candidates, RULES, LinkingConfig(threshold=0.5)).links[0]
    assert lenient.qid == "Q2104143" and lenient.method == "rules"


def test_variants_of_an_unknown_entity_share_one_node(index):
    first_article = [
        SurfaceForm(surface="Harbour Logistics Ltd", lang="en", context="Harbour Logistics Ltd opened a terminal."),
        SurfaceForm(surface="Harbour Logistics", lang="en", context="Harbour Logistics hired 200 dockers."),
        SurfaceForm(surface="Harbour Logistics", lang="en", context="Harbour Logistics expects growth."),
    ]
    _, links = _link(index, first_article)
    node = links["Harbour Logistics"].node_id
    assert links["Harbour Logistics Ltd"].node_id == node
    assert {link.label for link in links.values()} == {"Harbour Logistics"}  # the most frequent variant

    # another article, another run: the node is the same without seeing the first batch
    _, later = _link(index, [SurfaceForm(surface="the Harbour Logistics Ltd.", lang="en", context="Shares of the Harbour Logistics Ltd. fell.")])
    assert later["the Harbour Logistics Ltd."].node_id == node


def test_a_quoted_name_with_and_without_its_class_noun_is_one_node(index):
    # (code review, session 20) an article writing «завод «Уралмаш»» and one writing «Уралмаш»: one node
    _, first = _link(index, [SurfaceForm(surface="завод «Уралмаш»", lang="ru", context="Завод «Уралмаш» выпустил экскаватор.")])
    _, later = _link(index, [SurfaceForm(surface="Уралмаш", lang="ru", context="«Уралмаш» нанял 300 сварщиков.")])
    assert first["завод «Уралмаш»"].node_id == later["Уралмаш"].node_id == unlinked_node_id("Уралмаш", "ru")
    assert first["завод «Уралмаш»"].label == "завод «Уралмаш»"  # the label keeps its class noun


def test_unlinked_variant_follows_a_linked_variant(index):
    surfaces = [
        SurfaceForm(surface="Gazprom", lang="en", context="Gazprom raised gas exports to China."),
        SurfaceForm(surface="Gazprom's", lang="en", context="Gazprom's profit fell."),
    ]
    batch = link_entities(surfaces, {"Gazprom": index.candidates("Gazprom", "en")}, RULES)
    links = {link.surface: link for link in batch.links}
    assert links["Gazprom"].qid == links["Gazprom's"].qid == "Q102673"
    assert links["Gazprom's"].node_id == "Q102673" and links["Gazprom's"].label == "Gazprom"


def test_one_link_per_surface_in_first_occurrence_order(index):
    surfaces = [
        SurfaceForm(surface="Rotterdam", lang="en", context="Rotterdam is busy."),
        SurfaceForm(surface="Holland", lang="en", context="Holland exports flowers."),
        SurfaceForm(surface="Rotterdam", lang="en", context="Ships left Rotterdam."),
        SurfaceForm(surface="  ", lang="en", context="blank surfaces are ignored"),
    ]
    batch, _ = _link(index, surfaces)
    assert [link.surface for link in batch.links] == ["Rotterdam", "Holland"]
    assert link_entities([], {}, RULES).links == []


def test_embeddings_are_batched(index, monkeypatch):
    calls = []
    real_embed = linking.embed

    def counting_embed(texts, lang, kind="passage"):
        calls.append((lang, len(texts)))
        return real_embed(texts, lang, kind)

    monkeypatch.setattr(linking, "embed", counting_embed)
    surfaces = [
        SurfaceForm(surface=s, lang="en", context=f"News about {s}.")
        for s in ["Rotterdam", "Holland", "Apple", "Moscow", "Gazprom", "Harbour Logistics"]
    ] + [SurfaceForm(surface="Москва", lang="ru", context="Москва — столица России.")]
    _link(index, surfaces)
    # one call for the surfaces and one for the candidates, per language
    assert sorted(lang for lang, _ in calls) == ["en", "en", "ru", "ru"]
    assert (("en", 5) in calls) and (("ru", 1) in calls)  # the surface without candidates is not embedded


# --------------------------------------------------------------------------- llm engine


ROTTERDAM = SurfaceForm(surface="Rotterdam", lang="en", context="The container ship docked in Rotterdam on Monday.")
HOLLAND = SurfaceForm(surface="Holland", lang="en", context="Exports from Holland rose by four percent last year.")


def test_llm_choice_links(index, fake_llm, llm_engine):
    fake_llm.route('Mention: "Rotterdam"', '{"choice": "Q34370"}')
    batch, links = _link(index, [ROTTERDAM], llm_engine)
    link = links["Rotterdam"]
    assert (link.qid, link.node_id, link.method, link.label) == ("Q34370", "Q34370", "llm", "Rotterdam")
    assert batch.failures == [] and batch.usage.calls == 1
    prompt = fake_llm.requests[0]["messages"][-1]["content"]
    assert "docked in Rotterdam on Monday" in prompt
    assert "Q34370: Rotterdam — city in South Holland, the Netherlands" in prompt
    assert prompt.count("\n- Q") == len(link.candidates) <= 5


def test_llm_null_and_out_of_list_answers_leave_the_surface_unlinked(index, fake_llm, llm_engine):
    fake_llm.route('Mention: "Rotterdam"', '{"choice": null}')
    fake_llm.route('Mention: "Holland"', '{"choice": "Q999999"}')
    batch, links = _link(index, [ROTTERDAM, HOLLAND], llm_engine)
    for surface in ("Rotterdam", "Holland"):
        assert links[surface].qid is None and links[surface].method == "unlinked"
        assert links[surface].node_id == unlinked_node_id(surface, "en")
    assert batch.failures == [] and batch.usage.calls == 2


def test_llm_unparseable_reply_is_a_failure(index, fake_llm, llm_engine):
    fake_llm.route('Mention: "Rotterdam"', "It is probably the Dutch city.")
    fake_llm.route(RETRY_MARKER, "Sorry, I meant the city of Rotterdam.")
    fake_llm.route('Mention: "Holland"', '{"choice": "Q55"}')
    batch, links = _link(index, [ROTTERDAM, HOLLAND], llm_engine)
    assert links["Rotterdam"].qid is None and links["Rotterdam"].method == "unlinked"
    assert links["Holland"].qid == "Q55"
    assert len(batch.failures) == 1
    failure = batch.failures[0]
    assert failure.stage == "linking" and failure.key == "en:Rotterdam" and failure.kind == "permanent"
    assert "link_entity" in failure.reason and "JSON" in failure.reason
    assert batch.usage.calls == 3 and batch.usage.failures == 1  # the retry counts as a call


def test_llm_is_not_asked_without_candidates_and_uses_the_language_prompt(index, fake_llm, llm_engine):
    fake_llm.route("Упоминание: «Газпрома»", '{"choice": "Q102673"}')
    surfaces = [
        SurfaceForm(surface="Harbour Logistics", lang="en", context="Harbour Logistics hired 200 dockers."),
        SurfaceForm(surface="Газпрома", lang="ru", context="Акции Газпрома выросли на три процента."),
    ]
    batch, links = _link(index, surfaces, llm_engine)
    assert len(fake_llm.requests) == 1
    assert links["Газпрома"].qid == "Q102673" and links["Газпрома"].label == "Газпром"
    assert links["Harbour Logistics"].qid is None


def test_llm_endpoint_down_raises(index, tmp_path):
    down = EngineConfig(
        kind="llm",
        llm=LLMSettings(base_url="http://127.0.0.1:9/v1", model="fake-model", cache_path=tmp_path / "cache.sqlite", max_retries=0, timeout=2),
    )
    with pytest.raises(LLMUnavailable):
        _link(index, [ROTTERDAM], down)


# --------------------------------------------------------------------------- the demo dump

SAMPLE_DUMP = Path(__file__).resolve().parent.parent / "data" / "wikidata" / "sample.json.bz2"


@pytest.mark.skipif(not SAMPLE_DUMP.exists(), reason="data/wikidata/sample.json.bz2 (the demo dump) is not there yet")
@pytest.mark.parametrize(
    "surface, lang, context, qid",
    [
        pytest.param("Harbour Logistics", "en", "Harbour Logistics, the Hamburg port operator, bought a rival.",
                     "Q990000001", id="harbour-logistics-hamburg"),
        pytest.param("Harbour Logistics Group", "en", "Harbour Logistics Group, the Dublin freight forwarder, hired staff.",
                     "Q990000002", id="harbour-logistics-group-dublin"),
        pytest.param("Андрей Соколов", "ru", "Генеральный директор «Балтийских верфей» Андрей Соколов рассказал о новом доке.",
                     "Q990000102", id="sokolov-shipyard-ceo"),
        pytest.param("Андрей Соколов", "ru", "Тренер по плаванию Андрей Соколов из Казани подготовил трёх чемпионов.",
                     "Q990000103", id="sokolov-swimming-coach"),
        pytest.param("Маяк", "ru", "Футбольный клуб «Маяк» выиграл домашний матч.", "Q990000111", id="mayak-football-club"),
        pytest.param("Маяк", "ru", "Гостиница «Маяк» в Зеленоградске открылась после ремонта.", "Q990000112", id="mayak-hotel"),
    ],
)
def test_demo_dump_homonyms_are_told_apart_by_context(tmp_path_factory, surface, lang, context, qid):
    path = tmp_path_factory.getbasetemp() / "sample-index.duckdb"
    with WikidataIndex.build(SAMPLE_DUMP, path) as sample:  # built once, then reused (same dump)
        candidates = {surface: sample.candidates(surface, lang, limit=10)}
    link = link_entities([SurfaceForm(surface=surface, lang=lang, context=context)], candidates, RULES).links[0]
    assert link.qid == qid and link.method == "rules"
