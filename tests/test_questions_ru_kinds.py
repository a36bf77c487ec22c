"""«Какая организация» only where the text shows the thing is a body of people (tasks/dragon/questions_ru_kinds.py).

The commonest ungrammatical Russian question on the development sheets asked «какая организация» of whatever the
tagger typed ORG: a team («Против какой организации проведут матч»), a housing estate («Какую организацию
строит»), a play. The tagger's ORG is no evidence; a class noun, a legal form, a post held in it or a business's
deed is, and without any the question is refused with its reason recorded."""
from __future__ import annotations

import pytest

from benchmill.engines import EngineConfig
from schemas import Edge, Subgraph
from tasks.dragon.questions import QuestionConfig, generate_questions
from tasks.dragon.questions_ru_kinds import ru_body_in_text

RULES = EngineConfig(kind="rules")


def _edge(eid: str, head: str, relation: str, tail: str, sentence: str, head_type: str = "person",
          tail_type: str = "org") -> Edge:
    return Edge(edge_id=eid, head=f"n:{head}", relation=relation, tail=f"n:{tail}", head_label=head, tail_label=tail,
                lang="ru", doc_ids=["d1"], sentences=[sentence], triplet_ids=[f"t{eid}"], head_type=head_type,
                tail_type=tail_type, modality="asserted")


def _asked(edges: list[Edge], answer: str, named: str, context: list[Edge] = ()) -> tuple[list[str], list[str]]:
    sub = Subgraph(subgraph_id="s", type="simple" if len(edges) == 1 else "multi-hop", lang="ru", edges=edges,
                   answer_nodes=[answer], question_nodes=[named])
    batch = generate_questions([sub], RULES, QuestionConfig(), context=list(context))
    return [i.question for i in batch.items], [f.reason for f in batch.failures]


LEFT = _edge("e1", "Пётр Галкин", "покинуть", "Белые росы", "Летом Пётр Галкин покинул «Белые росы».")


def test_an_org_the_text_says_nothing_about_is_not_asked_as_an_organisation():
    questions, reasons = _asked([LEFT], "n:Белые росы", "n:Пётр Галкин")
    assert questions == []
    assert any("ORG" in r and "organisation" in r for r in reasons), reasons


@pytest.mark.parametrize("evidence", [
    # a class noun by its name elsewhere in the article, or after a dash
    _edge("e2", "Белые росы", "открыть", "новый цех", "Строительная компания «Белые росы» открыла новый цех.",
          head_type="org", tail_type="other"),
    _edge("e3", "Белые росы", "открыть", "новый цех", "«Белые росы» — крупнейший застройщик Рязани.",
          head_type="org", tail_type="other"),
    # a post held in it, a business's deed done by it
    _edge("e4", "Анна Лыкова", "финансовый директор", "Белые росы", "Финансовый директор «Белых рос» Анна Лыкова."),
    _edge("e5", "Белые росы", "нанять", "120 монтажников", "«Белые росы» наняли 120 монтажников.",
          head_type="org", tail_type="quantity"),
])
def test_the_article_shows_a_body_by_a_noun_a_post_or_a_deed(evidence):
    assert _asked([LEFT], "n:Белые росы", "n:Пётр Галкин", context=[LEFT, evidence])[0] == [
        "Какую организацию покинул Пётр Галкин?"]


def test_a_legal_form_or_a_body_noun_in_the_name_is_evidence_and_a_neighbouring_noun_of_another_kind_is_not():
    assert ru_body_in_text("Белые росы", ["Суд признал ООО «Белые росы» банкротом."])
    assert ru_body_in_text("Окская лизинговая компания", [])
    assert not ru_body_in_text("Белые росы", ["Жилой комплекс «Белые росы» сдадут в мае."])
    assert not ru_body_in_text("Белые росы", ["Матч с «Белыми росами» перенесли."])
    # another name sharing the first letters is not this one (review of session 27)
    assert not ru_body_in_text("Белые росы", ["Жилой комплекс «Белые росы» построит компания «Белстрой»."])


@pytest.mark.parametrize("verb, sentence", [
    ("заключить контракт с", "«Белые росы» заключили контракт с Петром Галкиным."),
    ("назначить главным тренером", "«Белые росы» назначили Петра Галкина главным тренером."),
])
def test_a_contract_or_an_appointment_is_no_evidence_of_a_body(verb, sentence):
    """A team signs contracts and appoints coaches too: «Какая организация заключила контракт с ...?» was asked."""
    signed = _edge("e7", "Белые росы", verb, "Пётр Галкин", sentence, head_type="org", tail_type="person")
    questions, reasons = _asked([LEFT], "n:Белые росы", "n:Пётр Галкин", context=[LEFT, signed])
    assert questions == [] and any("organisation" in r for r in reasons), (questions, reasons)


def test_a_two_fact_question_does_not_describe_an_unknown_org_as_an_organisation():
    """«Кто покинул организацию, которая переехала в Тверь?»: the relative clause's class noun needs the same
    evidence as an asked one; with a post held in it, it is said."""
    moved = _edge("e6", "Белые росы", "переехать в", "Тверь", "Весной «Белые росы» переехали в Тверь.",
                  head_type="org", tail_type="place")
    questions, reasons = _asked([LEFT, moved], "n:Пётр Галкин", "n:Тверь")
    assert questions == [] and any("organisation" in r for r in reasons), (questions, reasons)
    post = _edge("e4", "Анна Лыкова", "финансовый директор", "Белые росы", "Финансовый директор «Белых рос» Анна Лыкова.")
    questions, reasons = _asked([LEFT, moved], "n:Пётр Галкин", "n:Тверь", context=[LEFT, moved, post])
    assert questions == ["Кто покинул организацию, которая переехала в Тверь?"], (questions, reasons)
