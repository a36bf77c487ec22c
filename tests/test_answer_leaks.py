"""tasks/filters/answer_leaks.py: a question stating another question's answer; one of each pair is kept."""
from __future__ import annotations

from schemas import Verdict
from tasks.filters.answer_leaks import AnswerLeaksConfig, check_answer_leaks, leaks
from tests.test_filters import by_id, edge, make_item, subgraph

OUTSOLD = edge("nb", "Northbridge Motors", "outsell", "ea", "Eastline Auto")
SOLD = [edge("nb", "Northbridge Motors", "sell", "n1", "2412 cars"), edge("ea", "Eastline Auto", "sell", "n2", "1870 cars")]
CEO = edge("okafor", "Daniel Okafor", "chief executive of", "nb", "Northbridge Motors")
PERFORMED = edge("roman", "Roman Miroshnichenko", "perform at", "mbar", "M-bar")
MET = edge("roman", "Roman Miroshnichenko", "meet with", "dibrov", "Dmitry Dibrov")


def items():
    return [
        # names both Eastline Auto and Northbridge Motors: states the answer of "outsell" below
        make_item("a-cmp", "Which organization sold more cars in October, Eastline Auto or Northbridge Motors?",
                  ["Northbridge Motors"], kind="comparison",
                  subgraph=subgraph("comparison", SOLD, ["nb"], ["nb", "ea"])),
        make_item("b-outsell", "Which organization did Northbridge Motors outsell?", ["Eastline Auto"],
                  subgraph=subgraph("simple", [OUTSOLD], ["ea"], ["nb"])),
        # names Northbridge Motors (the answer of c-ceo's question) but not Daniel Okafor: no leak
        make_item("c-ceo-q", "How many cars did Northbridge Motors sell in October?", ["2412 cars"],
                  subgraph=subgraph("simple", SOLD[:1], ["n1"], ["nb"])),
        make_item("d-ceo", "Which organization is Daniel Okafor the chief executive of?", ["Northbridge Motors"],
                  subgraph=subgraph("simple", [CEO], ["nb"], ["okafor"])),
        # the conditional names M-bar and Dmitry Dibrov; the simple one asks where Roman performed
        make_item("e-cond", "Who performed at M-bar and met with Dmitry Dibrov?", ["Roman Miroshnichenko"], kind="conditional",
                  subgraph=subgraph("conditional", [PERFORMED, MET], ["roman"], ["mbar", "dibrov"])),
        make_item("f-where", "Where did Roman Miroshnichenko perform?", ["M-bar"],
                  subgraph=subgraph("simple", [PERFORMED], ["mbar"], ["roman"])),
        make_item("g-who", "Whom did Roman Miroshnichenko meet with on Friday?", ["Dmitry Dibrov"],
                  subgraph=subgraph("simple", [MET], ["dibrov"], ["roman"])),
    ]


def test_pairs_that_state_the_fact_and_the_answer():
    found = leaks(items(), "en")
    assert ("a-cmp", "b-outsell") in found  # "Eastline Auto or Northbridge Motors" + Northbridge outsold whom?
    assert ("b-outsell", "a-cmp") not in found  # the comparison's own question names its winner
    assert ("c-ceo-q", "d-ceo") not in found  # only the answer is named, not Daniel Okafor
    # f-where names Roman (e's answer) but neither M-bar nor Dibrov; e names M-bar (f's answer) but not Roman
    assert ("e-cond", "f-where") not in found and ("f-where", "e-cond") not in found
    loose = leaks(items(), "en", AnswerLeaksConfig(require_same_fact=False))
    assert ("c-ceo-q", "d-ceo") in loose and ("e-cond", "f-where") in loose


def test_one_of_each_pair_is_kept_and_the_reason_names_the_other():
    v = by_id(check_answer_leaks(items(), "en"))
    assert v["a-cmp"].status == "passed" and "leaks with 1 item(s)" in v["a-cmp"].reason
    assert v["b-outsell"].status == "rejected" and v["b-outsell"].code == "answer_leak"
    assert v["b-outsell"].reason.startswith("its answer 'Eastline Auto' is stated in the question of item a-cmp")
    assert "kept a-cmp: equally good: lower item id" in v["b-outsell"].reason
    assert all(v[i].status == "passed" and v[i].reason == "no answer leak" for i in ("c-ceo-q", "d-ceo", "e-cond", "f-where", "g-who"))


def test_the_better_item_is_kept_and_a_rejected_one_knocks_nothing_out():
    earlier = {"a-cmp": [Verdict(item_id="a-cmp", filter="graph_correspondence", status="passed", score=0.5)],
               "b-outsell": [Verdict(item_id="b-outsell", filter="graph_correspondence", status="passed", score=0.9)]}
    v = by_id(check_answer_leaks(items(), "en", earlier_verdicts=earlier))
    assert v["b-outsell"].status == "passed" and v["a-cmp"].status == "rejected"
    assert v["a-cmp"].reason.startswith("its question states the answer of item b-outsell")
    assert "higher graph_correspondence score (0.9 vs 0.5)" in v["a-cmp"].reason
    earlier["b-outsell"] = [Verdict(item_id="b-outsell", filter="duplicates", status="rejected", score=1.0)]
    v = by_id(check_answer_leaks(items(), "en", earlier_verdicts=earlier))
    assert v["a-cmp"].status == "passed"  # b is out already: nothing to protect a from


def test_russian_inflected_answers_and_items_without_a_subgraph():
    pool = [
        make_item("r1", "Сколько судов принял Северный порт в октябре?", ["398 судов"], lang="ru"),
        make_item("r2", "Какой порт принял 398 судов в октябре, по словам Ивана Петрова?", ["Северный порт"], lang="ru"),
        make_item("r3", "Где находится штаб-квартира Северного порта?", ["Мурманск"], lang="ru", doc_ids=("d2",)),
        make_item("r4", "Какой город посетил мэр Мурманска вместе с директором Северного порта?", ["Кандалакша"], lang="ru"),
    ]
    found = leaks(pool, "ru")
    # r4 names Мурманск in the genitive and Северный порт inflected: r3's answer with its question's name
    assert ("r4", "r3") in found
    # r2 names 398 судов but r1's other name (Северный порт) only as its own answer? no: r2's question lacks it
    assert ("r2", "r1") not in found
    v = by_id(check_answer_leaks(pool, "ru"))
    assert v["r4"].status == "rejected" and "item r3" in v["r4"].reason
    assert v["r1"].status == v["r2"].status == v["r3"].status == "passed"


def test_a_conditional_states_the_answer_of_the_multi_hop_over_the_same_two_facts():
    """The multi-hop never names its bridge (Harbour Logistics): it describes it by the far end of the
    other fact, so naming that end and the answer states the answer. The conditional over the same two
    facts does: the pair was not found, as the check looked for the bridge's own name."""
    kiel = edge("hl", "Harbour Logistics", "build a new warehouse in", "kiel", "Kiel")
    bfl = edge("hl", "Harbour Logistics", "acquire", "bfl", "Baltic Freight Lines")
    pool = [
        make_item("cond", "Which organization will build a new warehouse in Kiel and acquired Baltic Freight Lines?",
                  ["Harbour Logistics"], kind="conditional", subgraph=subgraph("conditional", [kiel, bfl], ["hl"], ["kiel", "bfl"])),
        make_item("hop", "Where will the organization that acquired Baltic Freight Lines build a new warehouse?", ["Kiel"],
                  kind="multi-hop", subgraph=subgraph("multi-hop", [bfl, kiel], ["kiel"], ["bfl"], hidden=["hl"])),
        # names Baltic Freight Lines but not Kiel: gives nothing away
        make_item("other", "Where is Baltic Freight Lines based?", ["Gdansk"]),
    ]
    assert leaks(pool, "en") == [("cond", "hop")]
    v = by_id(check_answer_leaks(pool, "en"))
    assert v["hop"].status == "rejected" and v["cond"].status == "passed" and v["other"].status == "passed"
