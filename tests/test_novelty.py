"""tasks.dragon.novelty: triplets Wikidata already states are dropped, with the claim named.

Claims come from the fixture Wikidata index (tests/fixtures/wikidata/mini.json.bz2), as
the flow reads them; links are written out (the linking stage has its own tests), plus
one end-to-end check through tasks.dragon.linking.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from benchmill.engines import EngineConfig
from tasks.dragon.wikidata import WikidataIndex
from schemas import EntityLink, Triplet
from tasks.dragon.linking import SurfaceForm, link_entities, unlinked_node_id
from tasks.dragon.novelty import filter_novel

FIXTURE_DUMP = Path(__file__).parent / "fixtures" / "wikidata" / "mini.json.bz2"


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    with WikidataIndex.build(FIXTURE_DUMP, tmp_path_factory.mktemp("wikidata") / "index.duckdb") as built:
        yield built


def _triplet(subject: str, relation: str, obj: str, lang: str = "en") -> Triplet:
    triplet_id = hashlib.sha256(f"{subject}|{relation}|{obj}|{lang}".encode()).hexdigest()[:16]
    return Triplet(
        triplet_id=triplet_id, doc_id="doc-1", version_id="doc-1@1", lang=lang,
        sentence=f"{subject} {relation} {obj}.", subject=subject, relation=relation, object=obj, engine="rules",
    )


def _linked(surface: str, qid: str, label: str, lang: str = "en") -> EntityLink:
    return EntityLink(surface=surface, lang=lang, node_id=qid, qid=qid, label=label, score=0.9, method="rules")


def _unlinked(surface: str, lang: str = "en") -> EntityLink:
    return EntityLink(
        surface=surface, lang=lang, node_id=unlinked_node_id(surface, lang), qid=None, label=surface, score=0.0, method="unlinked"
    )


LINKS = {
    link.surface: link
    for link in [
        _linked("Gazprom", "Q102673", "Gazprom"),
        _linked("Gazprom's", "Q102673", "Gazprom"),
        _linked("Saint Petersburg", "Q656", "Saint Petersburg"),
        _linked("St. Petersburg", "Q656", "Saint Petersburg"),
        _linked("Moscow", "Q649", "Moscow"),
        _linked("Alexei Miller", "Q312939", "Alexei Miller"),
        _linked("Russia", "Q159", "Russia"),
        _linked("Port of Rotterdam Authority", "Q2104143", "Port of Rotterdam Authority"),
        _linked("Rotterdam", "Q34370", "Rotterdam"),
        _linked("Газпром", "Q102673", "Газпром", "ru"),
        _linked("Санкт-Петербурге", "Q656", "Санкт-Петербург", "ru"),
        _unlinked("Harbour Logistics Ltd"),
        _unlinked("Harbour Logistics"),
        _unlinked("Rotterdam terminal"),
    ]
}


def _check(index, triplets, lang="en"):
    qids = sorted({link.qid for link in LINKS.values() if link.qid})
    result = filter_novel(triplets, LINKS, index.claims_for(qids), lang)
    assert len(result.novel) + len(result.dropped) == len(triplets)
    return result, dict(result.dropped)


def test_known_fact_is_dropped_with_the_claim_as_reason(index):
    known = _triplet("Gazprom", "headquartered in", "Saint Petersburg")
    result, dropped = _check(index, [known])
    assert result.novel == []
    assert dropped[known.triplet_id] == "already in Wikidata: Q102673|P159|Q656 (headquarters location)"


@pytest.mark.parametrize(
    "relation",
    [
        "is headquartered in",  # an llm extraction
        "be headquartered in",  # the rules extractor's passive form
        "has its headquarters in",
        "based in",  # another P159 alias
        "headquarters location",  # the label itself
        "HQ",
    ],
)
def test_relation_wordings_match_property_labels_and_aliases(index, relation):
    triplet = _triplet("Gazprom", relation, "St. Petersburg")
    result, dropped = _check(index, [triplet])
    assert result.novel == [], relation
    assert dropped[triplet.triplet_id].startswith("already in Wikidata: Q102673|P159|Q656")


def test_literal_values(index):
    founded = _triplet("Gazprom", "was founded in", "1989")  # inception 1989-08-08
    staff = _triplet("Gazprom", "employs", "466,100")  # employees 466100
    year = _triplet("Port of Rotterdam Authority", "established", "2004")  # year precision
    other_year = _triplet("Gazprom", "was founded in", "1993")
    result, dropped = _check(index, [founded, staff, year, other_year])
    assert dropped[founded.triplet_id] == "already in Wikidata: Q102673|P571|1989-08-08 (inception)"
    assert dropped[staff.triplet_id] == "already in Wikidata: Q102673|P1128|466100 (employees)"
    assert dropped[year.triplet_id] == "already in Wikidata: Q2104143|P571|2004 (inception)"
    assert result.novel == [other_year]


def test_fact_stated_from_the_other_end(index):
    # Wikidata: Gazprom (Q102673) chief executive officer (P169) = Alexei Miller (Q312939)
    for relation in ("chief executive of", "is the CEO of"):
        triplet = _triplet("Alexei Miller", relation, "Gazprom")
        result, dropped = _check(index, [triplet])
        assert dropped == {triplet.triplet_id: "already in Wikidata: Q102673|P169|Q312939 (chief executive officer)"}, relation
    # the other end only counts when the relation matches too
    assert _check(index, [_triplet("Alexei Miller", "criticised", "Gazprom")])[0].novel
    hosts = _triplet("Saint Petersburg", "hosts the headquarters of", "Gazprom")
    assert _check(index, [hosts])[1] == {hosts.triplet_id: "already in Wikidata: Q102673|P159|Q656 (headquarters location)"}


def test_numbers_match_at_the_precision_they_are_stated(index):
    exact = _triplet("Port of Rotterdam Authority", "employs", "1,139 people")  # P1128 1139
    rounded = _triplet("Gazprom", "employs", "466,000 workers")  # P1128 466100, stated to the thousand
    precise = _triplet("Gazprom", "employs", "466,000.5 workers")  # stated more precisely: another number
    result, dropped = _check(index, [exact, rounded, precise])
    assert dropped[exact.triplet_id] == "already in Wikidata: Q2104143|P1128|1139 (employees)"
    assert dropped[rounded.triplet_id] == "already in Wikidata: Q102673|P1128|466100 (employees)"
    assert result.novel == [precise]


def test_russian_relation_is_lemmatised(index):
    known = _triplet("Газпром", "имеет штаб-квартиру в", "Санкт-Петербурге", "ru")
    result, dropped = _check(index, [known], "ru")
    assert result.novel == []
    assert dropped[known.triplet_id] == "already in Wikidata: Q102673|P159|Q656 (headquarters location)"


def test_novel_facts_are_kept(index):
    novel = [
        _triplet("Gazprom", "opened a research centre in", "Saint Petersburg"),  # same entities, other relation
        _triplet("Gazprom", "headquartered in", "Moscow"),  # Wikidata's claim is deprecated
        _triplet("Saint Petersburg", "fined", "Gazprom"),  # a claim links them the other way, about another relation
        _triplet("Alexei Miller", "met", "Harbour Logistics"),  # unlinked object
        _triplet("Harbour Logistics", "based in", "Rotterdam"),  # unlinked subject
        _triplet("Gazprom", "employs", "12,000"),  # another number
        _triplet("Unknown Surface", "headquartered in", "Saint Petersburg"),  # no link at all
    ]
    result, dropped = _check(index, novel)
    assert result.novel == novel and dropped == {}


def test_self_loops_are_dropped(index):
    linked_loop = _triplet("Gazprom", "merged with", "Gazprom's")
    unlinked_loop = _triplet("Harbour Logistics Ltd", "renamed itself", "Harbour Logistics")
    result, dropped = _check(index, [linked_loop, unlinked_loop, _triplet("Rotterdam terminal", "owned by", "Rotterdam")])
    assert dropped[linked_loop.triplet_id] == "self-loop: subject and object are the same node (Q102673)"
    assert dropped[unlinked_loop.triplet_id].startswith("self-loop") and "n:" in dropped[unlinked_loop.triplet_id]
    assert [t.subject for t in result.novel] == ["Rotterdam terminal"]


def test_order_is_kept_and_empty_input(index):
    triplets = [
        _triplet("Gazprom", "opened an office in", "Rotterdam"),
        _triplet("Gazprom", "headquartered in", "Saint Petersburg"),
        _triplet("Port of Rotterdam Authority", "owned by", "Rotterdam"),  # P127, known
        _triplet("Alexei Miller", "visited", "Rotterdam"),
    ]
    result, dropped = _check(index, triplets)
    assert result.novel == [triplets[0], triplets[3]]
    assert [tid for tid, _ in result.dropped] == [triplets[1].triplet_id, triplets[2].triplet_id]
    assert filter_novel([], {}, [], "en").novel == []


@pytest.mark.slow
def test_end_to_end_with_linking(index):
    triplets = [
        _triplet("Gazprom", "is headquartered in", "St. Petersburg"),
        _triplet("Gazprom", "signed a deal with", "Harbour Logistics"),
    ]
    surfaces = [
        SurfaceForm(surface=s, lang="en", context=t.sentence)
        for t in triplets
        for s in (t.subject, t.object)
    ]
    candidates = {s.surface: index.candidates(s.surface, "en") for s in surfaces}
    links = {link.surface: link for link in link_entities(surfaces, candidates, EngineConfig(kind="rules")).links}
    assert links["St. Petersburg"].qid == "Q656" and links["Harbour Logistics"].qid is None
    qids = [link.qid for link in links.values() if link.qid]
    result = filter_novel(triplets, links, index.claims_for(qids), "en")
    assert result.novel == [triplets[1]]
    assert result.dropped == [(triplets[0].triplet_id, "already in Wikidata: Q102673|P159|Q656 (headquarters location)")]


# --------------------------------------------------------------------------- the demo dump

SAMPLE_DUMP = Path(__file__).resolve().parent.parent / "data" / "wikidata" / "sample.json.bz2"

# (sentence, subject, relation, object, lang, expected claim or None for novel), as
# data/wikidata/README.md lists them: what the rules extractor gets from the demo news
DEMO_FACTS = [
    ("Harbour Logistics is headquartered in Hamburg.", "Harbour Logistics", "be headquartered in", "Hamburg", "en",
     "Q990000001|P159|Q1055"),
    ("Maria Kovacs is the chief executive of Harbour Logistics.", "Maria Kovacs", "chief executive of", "Harbour Logistics", "en",
     "Q990000001|P169|Q990000003"),
    ("Harbour Logistics employs 5,400 people in Germany and Poland.", "Harbour Logistics", "employ", "5,400 people", "en",
     "Q990000001|P1128|5400"),
    ("Harbour Logistics reported revenue of 1.9 billion euros in 2025.", "Harbour Logistics", "report revenue of", "1.9 billion euros", "en",
     "Q990000001|P2139|1900000000"),
    ("Sofia Brandt founded Lumen Energy in 2021.", "Sofia Brandt", "found", "Lumen Energy", "en",
     "Q990000008|P112|Q990000009"),
    ("Update: Baltic Freight Lines will keep its headquarters in Gdańsk.", "Baltic Freight Lines", "keep its headquarters in", "Gdańsk", "en",
     "Q990000004|P159|Q1792"),
    ("Компания «Балтийские верфи» базируется в Калининграде.", "Балтийские верфи", "базироваться в", "Калининград", "ru",
     "Q990000101|P159|Q1829"),
    ("Андрей Соколов — генеральный директор компании «Балтийские верфи».", "Андрей Соколов", "генеральный директор", "Балтийские верфи", "ru",
     "Q990000101|P169|Q990000102"),
    ("Компания насчитывает 3200 сотрудников.", "Балтийские верфи", "насчитывать", "3200 сотрудников", "ru",
     "Q990000101|P1128|3200"),
    ("Petra Novak is the head coach of Elbe Rovers.", "Petra Novak", "head coach of", "Elbe Rovers", "en",
     "Q990000010|P286|Q990000011"),
    ("Tomas Lindqvist played for Vistula United for four seasons.", "Tomas Lindqvist", "play for", "Vistula United", "en",
     "Q990000013|P54|Q990000014"),
    ("Elena Marsh was born in Dublin in 1991.", "Elena Marsh", "be born in", "Dublin", "en", "Q990000016|P19|Q1761"),
    ("Олег Кравцов является главным тренером «Маяка».", "Олег Кравцов", "главный тренер", "Маяк", "ru",
     "Q990000111|P286|Q990000113"),
    ("Илья Доронин четыре сезона выступал за петербургскую «Неву».", "Илья Доронин", "выступать за", "Нева", "ru",
     "Q990000115|P54|Q990000116"),
    ("Алина Звонарёва родилась в Санкт-Петербурге в 1992 году.", "Алина Звонарева", "родиться в", "Санкт-Петербург", "ru",
     "Q990000118|P19|Q656"),
    # near misses: the same two entities, another relation
    ("Harbour Logistics will keep its training centre in Hamburg.", "Harbour Logistics", "keep in", "Hamburg", "en", None),
    ("Lumen Energy will open a battery plant in Rotterdam.", "Lumen Energy", "open a battery plant in", "Rotterdam", "en", None),
    ("Sofia Brandt is the chief executive of Lumen Energy.", "Sofia Brandt", "chief executive of", "Lumen Energy", "en", None),
    ("«Кедр Моторс» производит машины в Новосибирске.", "Кедр Моторс", "производить в", "Новосибирск", "ru", None),
]


@pytest.mark.slow
@pytest.mark.skipif(not SAMPLE_DUMP.exists(), reason="data/wikidata/sample.json.bz2 (the demo dump) is not there yet")
def test_demo_dump_known_facts_and_near_misses(tmp_path):
    with WikidataIndex.build(SAMPLE_DUMP, tmp_path / "index.duckdb") as sample:
        triplets, surfaces = [], []
        for sentence, subject, relation, obj, lang, _ in DEMO_FACTS:
            triplet = _triplet(subject, relation, obj, lang).model_copy(update={"sentence": sentence})
            triplets.append(triplet)
            surfaces += [SurfaceForm(surface=s, lang=lang, context=sentence) for s in (subject, obj)]
        candidates = {s.surface: sample.candidates(s.surface, s.lang, limit=10) for s in surfaces}
        links = {link.surface: link for link in link_entities(surfaces, candidates, EngineConfig(kind="rules")).links}
        claims = sample.claims_for([link.qid for link in links.values() if link.qid])

    assert links["Harbour Logistics"].qid == "Q990000001"  # not the Dublin homonym
    by_lang: dict[str, dict[str, str]] = {}
    for lang in ("en", "ru"):
        result = filter_novel([t for t in triplets if t.lang == lang], links, claims, lang)
        by_lang[lang] = dict(result.dropped)
    for triplet, (*_, lang, claim) in zip(triplets, DEMO_FACTS):
        reason = by_lang[lang].get(triplet.triplet_id)
        if claim is None:
            assert reason is None, f"{triplet.subject} · {triplet.relation} · {triplet.object}: {reason}"
        else:
            assert reason is not None and reason.startswith(f"already in Wikidata: {claim} ("), (
                f"{triplet.subject} · {triplet.relation} · {triplet.object}: {reason}"
            )
