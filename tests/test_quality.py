"""benchmill/quality.py and `benchmill quality C@V`: the release quality report on a hand-built release."""
from __future__ import annotations

import json
from pathlib import Path

from benchmill.quality import headline, quality_of, release_quality, render_text
from benchmill.releases import plan_release, publish
from benchmill.settings import load_settings
from schemas import Edge, Subgraph
from tests.test_cli import run_cli
from tests.test_filters import make_item
from tests.test_releases import FILTERS, _spec, _store_with_docs, _verdicts


def edge(head: str, head_label: str, relation: str, tail: str, tail_label: str, modality: str = "asserted") -> Edge:
    return Edge(edge_id=f"{head}-{relation}-{tail}", head=head, relation=relation, tail=tail, head_label=head_label,
                tail_label=tail_label, lang="en", doc_ids=["d0"], sentences=["s"], triplet_ids=["t"], modality=modality)


SUPPLY_NB = edge("lumen", "Lumen Energy", "supply", "nb", "Northbridge Motors")
SUPPLY_TW = edge("lumen", "Lumen Energy", "supply", "tw", "Tidewave Robotics")
SUPPLY_PLAN = edge("lumen", "Lumen Energy", "supply", "ea", "Eastline Auto", modality="planned")
CEO = edge("brandt", "Sofia Brandt", "chief executive of", "lumen", "Lumen Energy")
SIGN = edge("elbe", "Elbe Rovers", "sign", "asante", "Kwame Asante")
OUTSOLD = edge("nb", "Northbridge Motors", "outsell", "ea", "Eastline Auto")
GRAPH = [SUPPLY_NB, SUPPLY_TW, SUPPLY_PLAN, CEO, SIGN, OUTSOLD]


def sg(kind: str, edges: list[Edge], answer: list[str], question: list[str], hidden=()) -> dict:
    return Subgraph(subgraph_id=f"{kind}-{len(edges)}", type=kind, lang="en", edges=edges, answer_nodes=answer,
                    question_nodes=question, hidden_nodes=list(hidden)).model_dump(mode="json")


def release_items():
    return [
        # Lumen also supplies Tidewave: a second valid answer (the planned Eastline supply does not count)
        make_item("i1", "Which organization did Lumen Energy supply?", ["Northbridge Motors"],
                  subgraph=sg("simple", [SUPPLY_NB], ["nb"], ["lumen"])),
        make_item("i2", "Which organization did the organization Sofia Brandt runs supply?", ["Northbridge Motors"], kind="multi-hop",
                  subgraph=sg("multi-hop", [CEO, SUPPLY_NB], ["nb"], ["brandt"], ["lumen"])),
        make_item("i3", "Who did Elbe Rovers sign?", ["Kwame Asante"], subgraph=sg("simple", [SIGN], ["asante"], ["elbe"])),
        make_item("i4", "Which organizations did Lumen Energy supply?", ["Tidewave Robotics", "Northbridge Motors"], kind="set",
                  subgraph=sg("set", [SUPPLY_NB, SUPPLY_TW], ["nb", "tw"], ["lumen"])),
        make_item("i5", "Which organization sold more cars, Eastline Auto or Northbridge Motors?", ["Northbridge Motors"],
                  kind="comparison", subgraph=sg("comparison", [OUTSOLD], ["nb"], ["nb", "ea"])),
        make_item("i6", "Which organization did Northbridge Motors outsell?", ["Eastline Auto"],
                  subgraph=sg("simple", [OUTSOLD], ["ea"], ["nb"])),
        make_item("i7", "Кого подписал клуб Elbe Rovers?", ["Kwame Asante"], subgraph=sg("simple", [SIGN], ["asante"], ["elbe"])),
        make_item("i8", "Who did Elbe Rovers sign?", ["Kwame Asante"], subgraph=sg("simple", [SIGN], ["asante"], ["elbe"])),
    ]


def test_every_section_counts_what_it_says():
    report = quality_of(release_items(), "en", GRAPH, {"simple": 4, "set": 2, "multi-hop": 1, "conditional": 1},
                        collection="news-en", version="1.0.0")
    u = report.answer_uniqueness.figures
    # simple/multi-hop: i1, i2 (Tidewave too), i3, i6, i7, i8 (unique) -> 2 of 6; the set lists every asserted tail
    assert (u["checked"], u["second_valid_answer"], u["sets_checked"], u["sets_incomplete"]) == (6, 2, 1, 0)
    assert any("also: Tidewave Robotics" in e for e in report.answer_uniqueness.examples)
    assert not any("Eastline" in e for e in report.answer_uniqueness.examples)
    # i3 / i8 are the same question, i1 / i4 differ in one letter (simple and set); i7 is i3 in Russian
    nd = report.near_duplicates.figures
    assert (nd["clusters"], nd["items_in_clusters"], nd["largest"]) == (2, 4, 2)
    s = report.same_answer.figures
    # Northbridge Motors ×3 (i1, i2 share "supply"; i5 holds it by "outsell"), Kwame Asante ×3 (i3, i7, i8, one fact)
    assert (s["clusters"], s["items_in_clusters"], s["repeating_answer_and_fact"]) == (2, 6, 5)
    assert s["distinct_answers"] == 4
    r = report.edge_reuse.figures
    assert r["max"] == 3 and r["edges"] == 5 and r["mean"] == 2.0 and r["edges_used_once"] == 2
    mix = report.type_mix.figures
    assert mix["simple"] == {"count": 5, "quota": 4, "share": 0.625, "quota_share": 0.5, "fill": 1.25}
    assert mix["conditional"]["count"] == 0 and "conditional: 0 of quota 1" in report.type_mix.examples
    assert mix["comparison"]["quota"] is None
    assert report.answer_leaks.figures["pairs"] == 1  # the comparison names both ends of "outsell" asked by i6
    assert report.language.figures["other_language"] == 1 and report.language.examples == ["Кого подписал клуб Elbe Rovers?"]
    text = render_text(report)
    assert text.startswith("quality of news-en@1.0.0 (en, 8 questions)")
    for line in ("answer uniqueness: checked 6, second valid answer 2", "answer leaks: pairs 1", "language: checked 8, other language 1"):
        assert line in text
    assert headline(report)["second valid answer"] == "2 of 6"


def test_release_quality_reads_a_release_and_the_cli_prints_it(tmp_path: Path):
    settings = load_settings(None, releases_dir=tmp_path / "rel", quotas={"simple": 10, "set": 10})
    ok = {f: "passed" for f in FILTERS}
    items = [i.model_copy(update={"doc_ids": ["d0"]}) for i in release_items() if i.type in ("simple", "set")]
    with _store_with_docs(tmp_path) as store:
        store.write_edges(GRAPH, "r1")
        store.write_items(items, "r1")
        store.write_verdicts([v for i in items for v in _verdicts(i.item_id, ok)], "r1")
        publish(store, settings, plan_release(store, _spec(settings.quotas)), run_id="r1", filters=FILTERS)
        report = release_quality(store, "news-en", "1.0.0", settings.quotas)
    assert report.questions == len(items) and report.answer_uniqueness.figures["second_valid_answer"] == 1
    env = {"BENCHMILL_STORE": str(tmp_path / "s.duckdb"), "BENCHMILL_RELEASES_DIR": str(tmp_path / "rel"),
           "BENCHMILL_QUOTAS": json.dumps({"simple": 10, "set": 10})}
    as_json = run_cli("quality", "news-en", "--json", env=env)
    assert as_json.returncode == 0, as_json.stderr
    body = json.loads(as_json.stdout)
    assert body["version"] == "1.0.0" and body["answer_uniqueness"]["figures"]["second_valid_answer"] == 1
    assert body["type_mix"]["figures"]["simple"]["quota"] == 10
    text = run_cli("quality", "news-en@1.0.0", env=env)
    assert text.returncode == 0 and "quality of news-en@1.0.0 (en," in text.stdout and "edge reuse:" in text.stdout
    missing = run_cli("quality", "news-en@9.9.9", env=env)
    assert missing.returncode == 2 and missing.stderr.strip().startswith("benchmill: error: no release news-en@9.9.9")
    assert len(missing.stderr.strip().splitlines()) == 1


def test_alternatives_share_the_answers_modality_and_class():
    """news-en@1.0.0 (demo, 47a407d) reported "Which organizations does Lumen Energy plan to supply?
    → Northbridge Motors; Tidewave Robotics (missing: storage systems)": what Lumen supplies today
    does not answer what it plans to supply. And "born in Dublin" does not answer "When ...?"."""
    plan_nb = edge("lumen", "Lumen Energy", "supply", "nb", "Northbridge Motors", modality="planned")
    plan_tw = edge("lumen", "Lumen Energy", "supply", "tw", "Tidewave Robotics", modality="planned")
    today = edge("lumen", "Lumen Energy", "supply", "st", "storage systems")
    born_year = edge("marsh", "Elena Marsh", "be born in", "y1991", "1991").model_copy(update={"tail_type": "date"})
    born_place = edge("marsh", "Elena Marsh", "be born in", "dublin", "Dublin").model_copy(update={"tail_type": "place"})
    born_other_year = edge("marsh", "Elena Marsh", "be born in", "y1992", "1992").model_copy(update={"tail_type": "date"})
    items = [
        make_item("p1", "Which organizations does Lumen Energy plan to supply?", ["Northbridge Motors", "Tidewave Robotics"],
                  kind="set", subgraph=sg("set", [plan_nb, plan_tw], ["nb", "tw"], ["lumen"])),
        make_item("p2", "When was Elena Marsh born?", ["1991"], subgraph=sg("simple", [born_year], ["y1991"], ["marsh"])),
    ]
    u = quality_of(items, "en", [plan_nb, plan_tw, today, born_year, born_place], None,
                   collection="c", version="1").answer_uniqueness.figures
    assert (u["checked"], u["second_valid_answer"], u["sets_checked"], u["sets_incomplete"]) == (1, 0, 1, 0)
    # a second birth year is a second valid answer
    u = quality_of(items, "en", [plan_nb, plan_tw, born_year, born_place, born_other_year], None,
                   collection="c", version="1").answer_uniqueness.figures
    assert u["second_valid_answer"] == 1


def test_a_synonymous_relation_is_a_second_valid_answer():
    """"bought" and "acquired" are one relation (the synonym table edge ids use): Nordic Tugs answers
    "Which organization did Harbour Logistics acquire?" as well as Baltic Freight Lines does."""
    acquired = edge("hl", "Harbour Logistics", "acquire", "bfl", "Baltic Freight Lines")
    bought = edge("hl", "Harbour Logistics", "buy", "nt", "Nordic Tugs")
    items = [make_item("a1", "Which organization did Harbour Logistics acquire?", ["Baltic Freight Lines"],
                       subgraph=sg("simple", [acquired], ["bfl"], ["hl"]))]
    u = quality_of(items, "en", [acquired, bought], None, collection="c", version="1").answer_uniqueness
    assert u.figures["second_valid_answer"] == 1 and "also: Nordic Tugs" in u.examples[0]
