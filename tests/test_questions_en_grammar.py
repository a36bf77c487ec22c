"""Issue 10, English half: the rules engine's en questions read as English.

Every case below is a question a hand-judged sample of a released news-en day (demo day 1,
or the held-out articles in tests/fixtures/news_heldout_en) got wrong, with what it gets now.
Real spaCy parses and the real templates; nothing is mocked.
"""
from __future__ import annotations

import pytest

from benchmill.engines import EngineConfig
from schemas import Edge, IncrementDoc, Subgraph
from tasks.dragon.questions import generate_questions
from tasks.dragon.questions_en import en_name_article, en_relation, en_vague
from tasks.dragon.triplets import extract_triplets

RULES = EngineConfig(kind="rules")


def fact(head, relation, tail, sentence, head_type=None, tail_type=None, modality="asserted", n=0) -> Edge:
    return Edge(edge_id=f"e{n}:{head}:{relation}:{tail}", head=f"n:{head}", relation=relation, tail=f"n:{tail}",
                head_label=head, tail_label=tail, lang="en", doc_ids=["d"], sentences=[sentence],
                triplet_ids=[f"t{n}"], head_type=head_type, tail_type=tail_type, modality=modality)


def ask(edges: list[Edge], answer: str, type_: str = "simple"):
    """The one item (or failure) of a subgraph over ``edges`` answered by node ``answer``."""
    nodes = {n for e in edges for n in (e.head, e.tail)}
    sub = Subgraph(subgraph_id=f"s-{type_}-{answer}", type=type_, lang="en", edges=edges,
                   answer_nodes=[f"n:{answer}"], question_nodes=sorted(nodes - {f"n:{answer}"}))
    batch = generate_questions([sub], RULES)
    return batch.items[0] if batch.items else batch.failures[0]


@pytest.mark.parametrize("edge_args, answer, question, answers", [
    # "Which place is Maria Lindgren the sporting director of?" (Calder City tagged a place);
    # "Who is Jan Kowalczyk the head coach of?" (the club tagged a person): a role's object is asked with What
    (("Maria Lindgren", "sporting director of", "Calder City", "Maria Lindgren is the sporting director of Calder City.",
      "person", "place"), "Calder City", "What is Maria Lindgren the sporting director of?", ["Calder City"]),
    (("Jan Kowalczyk", "head coach of", "Vistula United", "Jan Kowalczyk is the head coach of Vistula United.",
      "person", "person"), "Vistula United", "What is Jan Kowalczyk the head coach of?", ["Vistula United"]),
    # "Which organization is Osei the member of?": the article's "a member of", and the party's "the"
    (("Osei", "member of", "Liberal Party", "Osei is a member of the Liberal Party.", None, "org"),
     "Liberal Party", "What is Osei a member of?", ["the Liberal Party"]),
    # "Which organization is High Court the rule against?": "rule against" is a verb
    (("High Court", "rule against", "Marrow Foods", "The High Court ruled against Marrow Foods on Monday.", "org", "org"),
     "Marrow Foods", "Which organization did the High Court rule against?", ["Marrow Foods"]),
    # "How much fee did Calder City pay?" / "How much grant did European Research Council award?"
    (("Calder City", "pay a fee of", "12 million pounds", "Calder City paid a fee of 12 million pounds for the forward.",
      "org", "money"), "12 million pounds", "How large a fee did Calder City pay?", ["12 million pounds"]),
    (("European Research Council", "award a grant of", "6 million euros",
      "The European Research Council awarded a grant of 6 million euros to Norwood University.", "org", "money"),
     "6 million euros", "How large a grant did the European Research Council award?", ["6 million euros"]),
    (("Marrow Foods", "pay damages of", "2.3 million pounds", "Marrow Foods paid damages of 2.3 million pounds.",
      "org", "money"), "2.3 million pounds", "How much in damages did Marrow Foods pay?", ["2.3 million pounds"]),
    # "How many reports did Office for Product Safety and Standards receive?": the name as written, with "the"
    # round 5: what the count is of is carried ("reports of fires"), not dropped
    (("Office for Product Safety and Standards", "receive", "14 reports",
      "The Office for Product Safety and Standards received 14 reports of fires.", "org", "quantity"),
     "14 reports", "How many reports of fires did the Office for Product Safety and Standards receive?", ["14 reports"]),
])
def test_en_question_words_articles_and_amounts(edge_args, answer, question, answers):
    item = ask([fact(*edge_args)], answer)
    assert getattr(item, "question", None) == question, item
    assert item.answers == answers


def test_a_name_ending_in_an_organisations_noun_is_not_asked_with_who():
    """"Who handled 3.6 million tonnes in October and is located in Gdańsk?" -> Vistula Box Terminal,
    which the tagger called a person."""
    edges = [fact("Vistula Box Terminal", "handle in October", "3.6 million tonnes",
                  "Vistula Box Terminal handled 3.6 million tonnes of cargo in October.", "person", "quantity", n=1),
             fact("Vistula Box Terminal", "be located in", "Gdańsk", "Vistula Box Terminal is located in Gdańsk.",
                  "person", "place", n=2)]
    item = ask(edges, "Vistula Box Terminal", "conditional")
    assert getattr(item, "question", None) == \
        "Which terminal handled 3.6 million tonnes in October and is located in Gdańsk?", item


@pytest.mark.parametrize("edge_args, answer, reason", [
    # "What could Tomas Lindqvist make?" -> "the debut"; "What did Lang concede?" -> "the defeat"
    (("Okafor", "make", "debut", "Okafor could make his debut against Harlow Town.", "person", "other", "possible"),
     "debut", "the answer would be 'the debut'"),
    (("Lang", "concede", "defeat", "Lang conceded defeat on Sunday night.", "person", "other"), "defeat",
     "the answer would be 'the defeat'"),
    # "What did Northbridge Motors want?" -> "European supplier": a capitalised adjective is no name
    (("Northbridge Motors", "want", "European supplier", "Northbridge Motors wanted a European supplier.", "org", "other"),
     "European supplier", "'European supplier'"),
    # "Where did Stuttgart carmaker sell most?": the question would name "the Stuttgart carmaker"
    (("Stuttgart carmaker", "sell most in", "Germany", "The Stuttgart carmaker sold most of them in Germany.", "org", "place"),
     "Germany", "the question would name 'the Stuttgart carmaker'"),
    # "When did Ashford City Council approve a budget?" -> 2027, for "a budget for 2027"
    (("Ashford City Council", "approve a budget for", "2027", "Ashford City Council approved a budget for 2027.", "org", "date"),
     "2027", "no when template"),
    # "Since when has Piotr Nowicki led the company?", "When did Hansa Events convert the building?": which one?
    (("Piotr Nowicki", "lead the company since", "2018", "Piotr Nowicki has led the company since 2018.", "person", "date"),
     "2018", "names 'the company'"),
    (("Hansa Events", "convert the building in", "2019", "Hansa Events converted the building into a concert hall in 2019.",
      "org", "date"), "2019", "names 'the building'"),
])
def test_en_vague_answers_and_anchors_are_skipped_with_a_reason(edge_args, answer, reason):
    failure = ask([fact(*edge_args)], answer)
    assert not hasattr(failure, "question"), failure
    assert reason in failure.reason


def test_a_conditional_whose_two_conditions_restate_one_fact_is_not_asked():
    """"Which organization approved a budget of 410 million pounds and approved a budget for 2027?",
    "Who led the finance committee of Ashford City Council and led the finance committee of ...?"."""
    sentence = "Ashford City Council approved a budget of 410 million pounds for 2027 on Monday night."
    edges = [fact("Ashford City Council", "approve a budget of", "410 million pounds", sentence, "org", "money", n=1),
             fact("Ashford City Council", "approve a budget for", "2027", sentence, "org", "date", n=2)]
    failure = ask(edges, "Ashford City Council", "conditional")
    assert "restate one fact" in getattr(failure, "reason", ""), failure
    # two different facts of the same subject are still asked
    edges = [fact("Kestrel Home", "be based in", "Manchester", "Kestrel Home is based in Manchester.", "org", "place", n=1),
             fact("Kestrel Home", "recall", "85,000 electric kettles", "Kestrel Home recalled 85,000 electric kettles.",
                  "org", "quantity", n=2)]
    item = ask(edges, "Kestrel Home", "conditional")
    assert getattr(item, "question", None) == \
        "Which organization is based in Manchester and recalled 85,000 electric kettles?", item


def test_en_vague_and_name_article_rules():
    assert en_vague("the debut", as_answer=True) and en_vague("the money", as_answer=True)
    assert not en_vague("the battery plant", as_answer=True) and not en_vague("a new terminal", as_answer=True)
    assert en_vague("the plant") and not en_vague("a new terminal")
    assert en_vague("Irish singer") and en_vague("Stuttgart carmaker", "org") and en_vague("the tour in Copenhagen")
    assert en_vague("24-year-old Nigerian forward")
    assert not en_vague("the finance committee of Ashford City Council")
    for value in ("2139 cars", "41 million euros", "December", "2019"):
        assert not en_vague(value, as_answer=True), value
    # an independent judge: "the 2027 race" does not say which race (a year dates it, it names nothing)
    assert en_vague("the 2024 final", as_answer=True) and en_vague("the 2027 race")
    assert not en_vague("Eastline Auto") and not en_vague("the striker Daniel Okafor")
    said = ["The European Research Council awarded a grant.", "Harbour Logistics acquired the Baltic unit."]
    assert en_name_article("European Research Council", said) == "the European Research Council"
    assert en_name_article("Harbour Logistics", said) == "Harbour Logistics"
    assert en_name_article("Norwood University", said) == "Norwood University"  # not mentioned: as it is
    assert en_relation("rule against").kind == "verb"
    assert en_relation("head coach of").kind == "role" and en_relation("spokesperson for").kind == "role"


def test_en_triplets_drop_descriptors_before_a_name_and_object_control_fragments():
    """"Rival carrier Channel Wings" was asked as a name; "Judge Alan Whitfield ordered Marrow Foods"
    and "Coleman called the ruling" were asked as facts ("Which organization was ordered by ...?",
    "What did Coleman call?") though the object alone completes nothing."""
    doc = IncrementDoc(doc_id="d", version_id="d-v1", canonical_url="https://news.example/d", lang="en", title="t",
                       text="", new_paragraphs=[
                           "Rival carrier Channel Wings carried 910,000 passengers in 2025.",
                           "Calder City signed striker Daniel Okafor from Westbrook Athletic on Monday.",
                           "Judge Alan Whitfield ordered Marrow Foods to pay damages of 2.3 million pounds.",
                           "Coleman called the ruling a victory for small suppliers.",
                           "Westbrook Athletic will use the money to rebuild its youth academy.",
                       ])
    doc = doc.model_copy(update={"text": "\n\n".join(doc.new_paragraphs)})
    found = {(t.subject, t.relation, t.object) for t in extract_triplets([doc], RULES).triplets}
    assert ("Channel Wings", "carry in 2025", "910,000 passengers") in found, found
    assert ("Calder City", "sign", "Daniel Okafor") in found, found
    assert not [f for f in found if f[0] in ("Judge Alan Whitfield", "Alan Whitfield", "Coleman", "Westbrook Athletic")], found


def test_a_conditional_about_the_object_of_a_condition_is_asked_with_relative_clauses():
    """56 of 274 en conditional candidates of demo day 1 had "no template": a condition that cannot
    be said of its subject ("Tidewave Robotics tested its machines at _", "Lumen Energy plans to
    supply _") is now a relative clause of the thing asked for."""
    edges = [fact("Tidewave Robotics", "test its machines at", "Nordkai Terminals",
                  "Tidewave Robotics tested its machines at Nordkai Terminals in Hamburg.", "org", "org", n=1),
             fact("Nordkai Terminals", "employ", "900 people", "Nordkai Terminals employs 900 people.", "org", "quantity", n=2)]
    item = ask(edges, "Nordkai Terminals", "conditional")
    assert getattr(item, "question", None) == ("What is the name of the organization that Tidewave Robotics tested its "
                                               "machines at and that employs 900 people?"), item
    edges = [fact("Lumen Energy", "supply", "Northbridge Motors", "Lumen Energy will supply Northbridge Motors.",
                  "org", "org", "planned", n=1),
             fact("Northbridge Motors", "hire", "600 workers", "Northbridge Motors hired 600 workers.", "org", "quantity", n=2)]
    item = ask(edges, "Northbridge Motors", "conditional")
    assert getattr(item, "question", None) == ("What is the name of the organization that Lumen Energy will supply "
                                               "and that hired 600 workers?"), item


@pytest.mark.parametrize("edge_args, answer, expected", [
    # "Where does the Lanterns plan to perform?"
    (("Lanterns", "perform at", "Quayside Arena", "The Lanterns will perform at Quayside Arena on Monday night.",
      "org", "place", "planned"), "Quayside Arena", "Where will the Lanterns perform?"),
    # "Which place signed Daniel Okafor ...?": a "place" that signs someone is a club
    (("Calder City", "sign", "Daniel Okafor", "Calder City signed striker Daniel Okafor.", "place", "person"),
     "Calder City", "Which organization signed Daniel Okafor?"),
    # "What is Marek Zielinski the best young in?": the role lost its noun
    (("Marek Zielinski", "best young in", "Poland", "Marek Zielinski was the best young forward in Poland.",
      "person", "place"), "Poland", None),
    # "Which organization did the city of Hamburg lease it to?": "it" points at nothing out of its sentence
    (("Hamburg", "lease it to", "Elbe Rovers", "Hamburg leased it to Elbe Rovers.", "place", "org"), "Elbe Rovers", None),
])
def test_en_agreement_kinds_and_refused_relations(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    if expected is None:
        assert "no template" in getattr(item, "reason", ""), item
    else:
        assert getattr(item, "question", None) == expected, item


@pytest.mark.parametrize("edge_args, answer, expected", [
    # "How many people did Ashford City Council employ?" for "employs": the sentence's tense
    (("Ashford City Council", "employ", "4,200 people", "Ashford City Council employs 4,200 people.", "org", "quantity"),
     "4,200 people", "How many people does Ashford City Council employ?"),
    (("Baltic Freight Lines", "own", "Vistula Box Terminal", "Baltic Freight Lines owns Vistula Box Terminal.", "org", "org"),
     "Baltic Freight Lines", "Which organization owns Vistula Box Terminal?"),
    (("Kestrel Home", "recall", "85,000 kettles", "Kestrel Home recalled 85,000 kettles.", "org", "quantity"),
     "85,000 kettles", "How many kettles did Kestrel Home recall?"),
    # "Where did Vistula United play their home games?": a team with a plural verb, a habit
    (("Vistula United", "play their home games at", "Amber Park", "Vistula United play their home games at Amber Park.",
      "org", "place"), "Amber Park", "Where do Vistula United play their home games?"),
    # a past fact stays past even where the bare verb follows the name in another clause
    (("Elbe Rovers", "sign", "Kwame Asante", "Elbe Rovers signed Kwame Asante on Monday.", "org", "person"),
     "Kwame Asante", "Who did Elbe Rovers sign?"),
    # "How many percent did Turnout reach?"
    (("Brenton", "reach", "46 percent", "Turnout in Brenton reached 46 percent.", "place", "quantity"),
     "46 percent", "What percentage did Brenton reach?"),
])
def test_en_tense_and_percentages(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    assert getattr(item, "question", None) == expected, item


def test_a_common_noun_the_tagger_called_a_person_and_a_role_of_a_description_are_not_asked():
    failure = ask([fact("Turnout", "reach", "46 percent", "Turnout reached 46 percent.", "person", "quantity")], "46 percent")
    assert "'Turnout'" in getattr(failure, "reason", ""), failure
    # a one-word name written elsewhere in the middle of a sentence is a name
    item = ask([fact("Osei", "receive", "48,210 votes", "Osei received 48,210 votes. Voters backed Osei.", "person",
                     "quantity")], "48,210 votes")
    assert getattr(item, "question", None) == "How many votes did Osei receive?", item
    # "What is the person who praised the speed of Kwame Asante the head coach of?"
    praise = fact("Petra Novak", "praise the speed of", "Kwame Asante", "Petra Novak praised the speed of Kwame Asante.",
                  "person", "person", n=1)
    coach = fact("Petra Novak", "head coach of", "Elbe Rovers", "Petra Novak is the head coach of Elbe Rovers.",
                 "person", "org", n=2)
    sub = Subgraph(subgraph_id="s-mh", type="multi-hop", lang="en", edges=[praise, coach], answer_nodes=["n:Elbe Rovers"],
                   question_nodes=["n:Kwame Asante"], hidden_nodes=["n:Petra Novak"])
    batch = generate_questions([sub], RULES)
    assert not batch.items and "described subject" in batch.failures[0].reason, batch


def test_comparisons_are_not_spent_on_heads_no_question_may_name():
    """Demo day 1 en: 7 comparison subgraphs sampled, 4 with "plant" / "fund" as a head, skipped at
    the question stage after they had used up the distinct-facts budget of Eastline Auto and
    Baltic Freight Lines; one compared a plan with a fact. Without them every named pair is asked."""
    from tasks.dragon.subgraphs import SubgraphConfig, sample_subgraphs

    def employ(head, people, n, modality="asserted"):
        return fact(head, "employ", f"{people} people", f"{head} employs {people} people.", None, "quantity", modality, n)

    edges = [employ("plant", 450, 1), employ("Tidewave Robotics", 140, 2), employ("Baltic Freight Lines", "1,200", 3),
             employ("Eastline Auto", "3,100", 4), employ("Nordkai Terminals", 900, 5, "planned")]
    subs = [s for s in sample_subgraphs(edges, [e.edge_id for e in edges], "en", SubgraphConfig()) if s.type == "comparison"]
    heads = [{e.head_label for e in s.edges} for s in subs]
    assert heads and all("plant" not in h and "Nordkai Terminals" not in h for h in heads), heads
    batch = generate_questions(subs, RULES)
    assert len(batch.items) == len(subs) and not batch.failures, batch.failures
    # Tidewave (140) loses to both; a third pair would repeat a winner's fact (SubgraphConfig.distinct_facts)
    assert sorted(i.answers[0] for i in batch.items) == ["Baltic Freight Lines", "Eastline Auto"], batch.items
    assert all(i.question.endswith("employs more people, Tidewave Robotics or " + i.answers[0] + "?") for i in batch.items)


@pytest.mark.parametrize("edge_args, answer, expected", [
    # "Which organization does Lumen Energy produce?" -> the Lumen Volta
    (("Lumen Energy", "produce", "Lumen Volta", "Lumen Energy produces the Lumen Volta.", "org", "org"),
     "Lumen Volta", "What does Lumen Energy produce?"),
    # "Which organization do the Lanterns plan to perform at?" -> Quayside Arena
    (("Lanterns", "perform at", "Quayside Arena", "The Lanterns will perform at Quayside Arena.", "org", "org", "planned"),
     "Quayside Arena", "Where will the Lanterns perform?"),
])
def test_products_and_venues_get_their_question_words(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    assert getattr(item, "question", None) == expected, item


def test_a_plural_name_agrees_in_a_description():
    """"Which organization owns the organization that the Lanterns plans to perform at?"."""
    perform = fact("Lanterns", "perform at", "Quayside Arena", "The Lanterns will perform at Quayside Arena.",
                   "org", "place", "planned", n=1)
    own = fact("Hansa Events", "own", "Quayside Arena", "Hansa Events owns Quayside Arena.", "org", "place", n=2)
    sub = Subgraph(subgraph_id="s-mh2", type="multi-hop", lang="en", edges=[perform, own], answer_nodes=["n:Hansa Events"],
                   question_nodes=["n:Lanterns"], hidden_nodes=["n:Quayside Arena"])
    (item,) = generate_questions([sub], RULES).items
    # a venue is described by its own head noun (an independent judge: an arena is no organization)
    assert item.question == "Which organization owns the arena where the Lanterns will perform?", item.question


@pytest.mark.parametrize("edge_args, answer, expected", [
    # "What is Norsemi the supply chips to?"; the text calls Daewon a carmaker
    (("Norsemi", "supply chips to", "Daewon", "Norsemi supplies chips to the Korean carmaker Daewon.", "org", "org"),
     "Daewon", "Which carmaker does Norsemi supply chips to?"),
    # "Which place did Salt Roads win?" -> the Golden Caravel
    (("Salt Roads", "win", "Golden Caravel", "The drama Salt Roads won the Golden Caravel on Monday.", "other", "place"),
     "Golden Caravel", "What did Salt Roads win?"),
    # "What unveiled the Fold One ...?" -> Veltrix, a company the tagger did not know
    (("Veltrix", "unveil", "Fold One", "Veltrix unveiled the Fold One at an event in Berlin.", "other", "other"),
     "Veltrix", "Which organization unveiled the Fold One?"),
])
def test_fresh_held_out_question_words(edge_args, answer, expected):
    item = ask([fact(*edge_args)], answer)
    assert getattr(item, "question", None) == expected, item


def test_a_set_of_a_plan_and_a_done_fact_or_of_different_units_is_not_asked():
    """"How many units does Veltrix plan to sell?" -> "300,000 units, 4.8 million phones"."""
    plan = fact("Veltrix", "sell", "300,000 units", "The company expected to sell 300,000 units.", "org", "quantity",
                "planned", n=1)
    done = fact("Veltrix", "sell", "4.8 million phones", "Veltrix sold 4.8 million phones last year.", "org", "quantity", n=2)
    for second, reason in ((done, "differ in modality"),
                           (done.model_copy(update={"modality": "planned"}), "measure different things")):
        sub = Subgraph(subgraph_id="s-set", type="set", lang="en", edges=[plan, second],
                       answer_nodes=[plan.tail, second.tail], question_nodes=[plan.head])
        batch = generate_questions([sub], RULES)
        assert not batch.items and reason in batch.failures[0].reason, batch


def test_final_round_time_article_quantifier_answers_meetings_and_recipients():
    # "Which organization plans to complete the deal in first quarter of 2027 and ...?"
    assert en_name_article("first quarter of 2027", ["Harbour Logistics expects to complete the deal in the first quarter "
                                                     "of 2027."]) == "the first quarter of 2027"
    assert en_name_article("October", ["Tesla sold 2139 cars in October."]) == "October"
    # "What did the compact Northbridge Vela account for?" -> "more than half"
    failure = ask([fact("Northbridge Vela", "account for", "more than half",
                        "The compact Northbridge Vela accounted for more than half of October sales.", "other", "other")],
                  "more than half")
    assert "'more than half'" in getattr(failure, "reason", ""), failure
    # "What could bring new routes to the place that Elena Marsh met in?": "met with X in Rotterdam"
    failure = ask([fact("Elena Marsh", "meet in", "Rotterdam", "Elena Marsh met with Sofia Brandt in Rotterdam.",
                        "person", "place")], "Rotterdam")
    assert "lost whom the meeting was with" in getattr(failure, "reason", ""), failure
    # "Where does Norsemi supply chips?" -> Daewon, a carmaker the tagger called a place
    item = ask([fact("Norsemi", "supply chips to", "Daewon", "Norsemi supplies chips to the Korean carmaker Daewon.",
                     "org", "place")], "Daewon")
    assert getattr(item, "question", None) == "Which carmaker does Norsemi supply chips to?", item


def _questions_of(paragraphs: list[str]) -> dict[tuple[str, str, str], list[str]]:
    """Every simple question of each fact in ``paragraphs`` (real parse, graph and templates), by fact."""
    from schemas import EntityLink
    from tasks.dragon.graph import build_edges

    doc = IncrementDoc(doc_id="d", version_id="d-v1", canonical_url="https://news.example/d", lang="en", title="t",
                       text="\n\n".join(paragraphs), new_paragraphs=paragraphs)
    triplets = extract_triplets([doc], RULES).triplets
    links = {s: EntityLink(surface=s, lang="en", node_id=f"n:{s}", qid=None, label=s, score=1.0, method="unlinked")
             for t in triplets for s in (t.subject, t.object)}
    out = {}
    for e in build_edges(triplets, links, None):
        asked = []
        for answer, other in ((e.tail, e.head), (e.head, e.tail)):
            sub = Subgraph(subgraph_id=f"s{e.edge_id}{answer}", type="simple", lang="en", edges=[e],
                           answer_nodes=[answer], question_nodes=[other])
            asked += [f"{i.question} -> {'; '.join(i.answers)}" for i in generate_questions([sub], RULES).items]
        out[(e.head_label, e.relation, e.tail_label)] = asked
    return out


def test_seed61_sample_errors():
    """news-en@1.0.0, seed 61 (commit 47a407d), the rows judged wrong and what they read now."""
    asked = _questions_of([
        # "How much could Nordkai Terminals invest?": a reported "would" is the company's plan
        "Greta Holm is the chief executive of Nordkai Terminals. "
        "Greta Holm said the company would invest 60 million euros in new quay cranes next year.",
        # "What does Baltic Freight Lines operate? -> the eleven roll-on/roll-off vessels": a count
        "Baltic Freight Lines operates eleven roll-on/roll-off vessels between Gdańsk, Tallinn and Helsinki.",
        # "How many trucks did Baltic Freight Lines carry? -> 380,000 trucks": the number counts both
        "Baltic Freight Lines employs 1,200 people and carried 380,000 trucks and trailers last year.",
        # "Who plans to wear number 11 shirt": the article
        "Kwame Asante will wear the number 11 shirt.",
    ])
    flat = [q for qs in asked.values() for q in qs]
    # the period the amount is of is now carried by the triplet, so the question says it
    assert "How much will Nordkai Terminals invest next year? -> 60 million euros" in flat, flat
    assert "How many roll-on/roll-off vessels does Baltic Freight Lines operate? -> eleven roll-on/roll-off vessels" in flat
    assert "How many trucks and trailers did Baltic Freight Lines carry last year? -> 380,000 trucks and trailers" in flat
    assert not [q for q in flat if q.endswith("-> the number 11 shirt")]  # a description as the answer: skipped
    assert "Who will wear the number 11 shirt? -> Kwame Asante" in flat
    assert not [q for q in flat if q.startswith(("How much could", "How many trucks did"))], flat


def test_someone_elses_prediction_is_no_plan():
    """"Petra Novak said Kwame Asante would strengthen Elbe Rovers": the coach's forecast, not
    Asante's plan ("What does Kwame Asante plan to strengthen?" was the ru sample's error too)."""
    doc = IncrementDoc(doc_id="d", version_id="d-v1", canonical_url="https://news.example/d", lang="en", title="t",
                       text="", new_paragraphs=["Petra Novak said Kwame Asante would strengthen Elbe Rovers.",
                                                "Greta Holm said Nordkai Terminals would buy Baltic Cranes."])
    doc = doc.model_copy(update={"text": "\n\n".join(doc.new_paragraphs)})
    found = {(t.subject, t.relation, t.object): t.modality for t in extract_triplets([doc], RULES).triplets}
    assert found.get(("Kwame Asante", "strengthen", "Elbe Rovers")) == "possible", found
    assert found.get(("Nordkai Terminals", "buy", "Baltic Cranes")) == "planned", found  # a company's, told by its people


def test_a_team_with_a_plural_verb_is_one_organization_in_a_relative_clause():
    """"the organization that ... plays their home games at Hafenpark Stadium" (seed 61, #57)."""
    edges = [fact("Elbe Rovers", "play their home games at", "Hafenpark Stadium",
                  "Elbe Rovers play their home games at Hafenpark Stadium in the Hamburg district of Altona.",
                  "org", "place", n=1),
             fact("Harbour Logistics", "pay", "Elbe Rovers", "Harbour Logistics will pay Elbe Rovers 1.2 million euros a season.",
                  "org", "org", "planned", n=2)]
    item = ask(edges, "Elbe Rovers", "conditional")
    assert "plays its home games at Hafenpark Stadium" in item.question, item
    assert ask(edges[:1], "Hafenpark Stadium").question == "Where do Elbe Rovers play their home games?"
    assert ask(edges[:1], "Elbe Rovers").question == "Which club plays its home games at Hafenpark Stadium?"


def test_demo_read_through_errors_2026_11_25():
    """Read through all 97 questions of news-en@1.0.0 (demo day 1, after 7bbb258): what was wrong."""
    asked = _questions_of([
        # "How many streets did Maria Kovacs grow up?": a distance is no object
        "Maria Kovacs grew up two streets away from Hafenpark Stadium.",
        # "What did Kessler Construction rebuild? -> the main stand in 2022": the date dates the deed; and "When did
        # Kessler Construction rebuild the main stand?" (asked until session 31) keeps a stand of a stadium the
        # article named before: which one?
        "Kessler Construction also rebuilt the main stand in 2022.",
        "Kessler Construction also rebuilt the main stand of Hafenpark Stadium in 2021.",
        # "-> the automated straddle carriers": a bare plural is a kind
        "Tidewave Robotics builds automated straddle carriers for container terminals.",
        # "When does Hafenpark Stadium plan to close its south stand?": said with "will"
        "Hafenpark Stadium will close its south stand in December for roof repairs.",
    ])
    flat = [q for qs in asked.values() for q in qs]
    assert not [q for q in flat if "streets" in q], flat
    assert not [q for q in flat if "main stand in 2022" in q or "rebuild the main stand?" in q], flat
    assert "Which organization rebuilt the main stand of Hafenpark Stadium? -> Kessler Construction" in flat, flat
    assert not [q for q in flat if "straddle carriers" in q], flat  # a description as the answer: skipped
    assert "When will Hafenpark Stadium close its south stand? -> December" in flat, flat
    # "Which organization did the person who met with Sofia Brandt perform at?" -> Quayside Arena
    edge = fact("Elena Marsh", "perform at", "Quayside Arena", "Elena Marsh performed at Quayside Arena on Saturday.",
                "person", "org")
    assert ask([edge], "Quayside Arena").question == "Where did Elena Marsh perform?"


@pytest.mark.parametrize("question, said_once", [
    ("Which organization handled 3.8 million tonnes in October and received 265 ships in October?",
     "Which organization handled 3.8 million tonnes and received 265 ships in October?"),
    ("How many ships did the organization that handled 3.8 million tonnes in October receive in October?",
     "How many ships did the organization that handled 3.8 million tonnes receive in October?"),
    ("Which organization sold 2139 cars in October and hired 600 workers in 2024?",
     "Which organization sold 2139 cars in October and hired 600 workers in 2024?"),
])
def test_one_period_is_said_once(question, said_once):
    from tasks.dragon.questions_en import en_time_once

    assert en_time_once(question) == said_once


def test_one_period_is_said_once_in_a_generated_conditional():
    edges = [fact("Amur Terminal", "handle in October", "3.8 million tonnes", "Amur Terminal handled 3.8 million tonnes in October.",
                  "org", "quantity", n=1),
             fact("Amur Terminal", "receive in October", "265 ships", "In October, Amur Terminal received 265 ships.",
                  "org", "quantity", n=2)]
    item = ask(edges, "Amur Terminal", "conditional")
    assert item.question.count("in October") == 1, item


def test_a_venue_is_described_as_a_place_and_a_fact_is_asked_once():
    """news-en@1.0.0 (demo day 1, a second read-through): "Which organization will host a jazz festival at the organization that
    Elena Marsh performed at?"; "What will Henrik Dahl join? -> the board of Lumen Energy" beside
    "Which organization will Henrik Dahl join the board of? -> Lumen Energy" (one fact asked twice)."""
    edges = [fact("Elena Marsh", "perform at", "Quayside Arena", "Elena Marsh performed at Quayside Arena on Saturday.",
                  "person", "org", n=1),
             fact("Hansa Events", "host a jazz festival at", "Quayside Arena",
                  "Hansa Events will also host a jazz festival at Quayside Arena in February.", "org", "org", "planned", n=2)]
    sub = Subgraph(subgraph_id="mh", type="multi-hop", lang="en", edges=edges, answer_nodes=["n:Hansa Events"],
                   question_nodes=["n:Elena Marsh"], hidden_nodes=["n:Quayside Arena"])
    item = generate_questions([sub], RULES).items[0]
    assert "the arena where Elena Marsh performed" in item.question, item.question
    asked = _questions_of(["Henrik Dahl is the managing partner of Northsea Capital. Henrik Dahl will join the board of Lumen Energy."])
    assert not [f for f in asked if f[2].endswith("board of Lumen Energy")], asked
    assert ("Henrik Dahl", "join the board of", "Lumen Energy") in asked


def test_a_name_in_apposition_is_the_answer():
    """seed 67 (b798f31): "What did Elena Marsh release in October? -> the fourth album"; the album is named."""
    asked = _questions_of(["Elena Marsh released her fourth album, Salt Lines, in October."])
    flat = [q for qs in asked.values() for q in qs]
    # the album named, and what it is kept in the question (round 5: "release" alone has other answers)
    assert "What is the name of Elena Marsh's fourth album? -> Salt Lines" in flat, flat
    assert not [q for q in flat if q.endswith("-> the fourth album")], flat


@pytest.mark.parametrize("edge_args, answer, expected", [
    # "How many new double-deck trains does X plan to take?": the noun folded into the relation is kept
    (("Lusitano Rail", "take delivery of", "eight new trains", "Lusitano Rail expects to take delivery of eight new trains.",
      "org", "quantity", "planned"), "eight new trains", "How many new trains does Lusitano Rail expect to take delivery of?"),
    # "How many Swedish crowns did X have?" for "had sales of 1.3 billion Swedish crowns": sales are money
    (("Brattvik Mobler", "have sales of", "1.3 billion Swedish crowns", "Brattvik Mobler had sales of 1.3 billion Swedish "
      "crowns last year.", "org", "quantity"), "1.3 billion Swedish crowns", "How much in sales did Brattvik Mobler have?"),
    # "What does X plan to file for approval in? -> the first half of 2027": a part of a year is a date
    (("Veltro", "file for approval in", "first half of 2027", "Veltro plans to file for approval in the first half of 2027.",
      "org", "date", "planned"), "first half of 2027", "When does Veltro plan to file for approval?"),
    (("Ferrum Metals", "start construction in", "spring of 2027", "Ferrum Metals plans to start construction in the spring "
      "of 2027.", "org", "date", "planned"), "spring of 2027", "When does Ferrum Metals plan to start construction?"),
    # "Where will X scrap its overnight service?" for "... service to Vigo": a direction keeps its preposition
    (("Skyline Air", "move its base to", "Aberdeen", "Skyline Air will move its base to Aberdeen.", "org", "place", "planned"),
     "Aberdeen", "Where will Skyline Air move its base?"),  # an independent judge: no stranded "to" after where
    # "Which place will the Tour of the Fells finish on?": a place after "on" is asked with where
    (("Glen Rally", "finish on", "Cairn Gorm", "The Glen Rally will finish on the summit of Cairn Gorm.", None, "place",
      "planned"), "Cairn Gorm", "Where will the Glen Rally finish?"),
    # "Where did X build a refinery?" for "a refinery it is building in Kokkola": what goes on is asked as going on
    (("Ardent Mining", "build a smelter in", "Kitwe", "Ardent Mining will ship ore to a smelter it is building in Kitwe.",
      "org", "place"), "Kitwe", "Where is Ardent Mining building a smelter?"),
])
def test_dev_site_questions_of_the_new_facts(edge_args, answer, expected):
    """bench/site/en (a development set), released news-en questions read after the rules engine found more
    facts there; every sentence here is written for this test in the same shapes."""
    item = ask([fact(*edge_args)], answer)
    assert getattr(item, "question", None) == expected, item


def test_a_number_hyphened_to_a_word_counts_nothing():
    """ "How many year-old man did Police arrest?", "How many mile pipeline does X plan to build?"."""
    item = ask([fact("Police", "arrest", "19-year-old man", "Police arrested a 19-year-old man on Thursday.", "org", None)],
               "19-year-old man")
    assert "how many" not in getattr(item, "question", "").lower(), item


def test_one_end_of_between_is_asked_only_with_the_other():
    """ "Which organization owned the organization that will run hourly trains between Porto?"."""
    sentence = "Lusitano Rail will run hourly trains between Lisbon and Porto."
    edges = [fact("Lusitano Rail", "run hourly trains between", "Porto", sentence, "org", "place", "planned", n=1),
             fact("Iberval", "own", "Lusitano Rail", "Lusitano Rail is owned by Iberval.", "org", "org", n=2)]
    sub = Subgraph(subgraph_id="mh-between", type="multi-hop", lang="en", edges=edges, answer_nodes=["n:Iberval"],
                   question_nodes=["n:Porto"], hidden_nodes=["n:Lusitano Rail"])
    failure = generate_questions([sub], RULES).failures[0]
    assert "between" in failure.reason
    both = [fact("Lusitano Rail", "run hourly trains between", city, sentence, "org", "place", "planned", n=i)
            for i, city in enumerate(("Lisbon", "Porto"))]
    sub = Subgraph(subgraph_id="set-between", type="set", lang="en", edges=both, answer_nodes=["n:Lisbon", "n:Porto"],
                   question_nodes=["n:Lusitano Rail"])
    item = generate_questions([sub], RULES).items[0]
    assert item.question == "Which places will Lusitano Rail run hourly trains between?", item


# --- session 20: control verbs, a thing's class noun, a past post, a past progressive ----------------

_BUY = "Harlow Foods, a Leeds baker, has agreed to buy Pennine Mills, the bakery at Otley Quay, for $40 million."


def _asked(item):
    return getattr(item, "question", None)


def test_a_control_verbs_object_follows_its_infinitive():
    """ "Which organization agreed Pennine Mills to buy?" / "... agreed the organization that ... to buy?" /
    "was agreed by Harlow Foods to buy": the object belongs to "to buy" in every path."""
    buy = fact("Harlow Foods", "agree to buy", "Pennine Mills", _BUY, "org", "org", n=2)
    assert _asked(ask([buy], "Harlow Foods")) == "Which organization agreed to buy Pennine Mills?"
    assert _asked(ask([buy], "Pennine Mills")) == "Which bakery did Harlow Foods agree to buy?"  # "the bakery at"
    founded = fact("Ada Brenner", "found", "Pennine Mills", "Pennine Mills was founded in 2009 by Ada Brenner.",
                   "person", "org", n=1)
    assert _asked(ask([founded, buy], "Harlow Foods", "multi-hop")) == \
        "Which organization agreed to buy the organization that Ada Brenner founded?"
    assert _asked(ask([founded, buy], "Ada Brenner", "multi-hop")) == \
        "Who founded the bakery that Harlow Foods agreed to buy?"  # "Pennine Mills, the bakery at ..."
    sold = fact("Pennine Mills", "sell in 2023", "9,000 loaves", "Pennine Mills sold 9,000 loaves in 2023.", "org",
                "quantity", n=3)
    item = ask([buy, sold], "Pennine Mills", "conditional")
    assert "agreed by" not in (_asked(item) or ""), item
    assert _asked(item) in (None, "What is the name of the organization that Harlow Foods agreed to buy and that sold "
                                  "9,000 loaves in 2023?", "What is the name of the bakery that Harlow Foods agreed to "
                                  "buy and that sold 9,000 loaves in 2023?")  # "Pennine Mills, the bakery at ..."


def test_a_verb_with_an_infinitive_is_no_role():
    # "Which plan to expand output is at ...?": "plan to expand output at" is a verb, whatever "plan" alone is
    assert en_relation("plan to expand output at").kind == "verb"
    assert en_relation("agree to buy").infinitive == 2
    assert en_relation("plan to double output at").infinitive == 0  # the object follows the preposition anyway
    assert en_relation("sell in October").infinitive == 0


@pytest.mark.parametrize("relation", ["take to court", "donate to schools", "bring to market", "return to power"])
def test_to_and_a_noun_after_a_verb_that_takes_no_infinitive_is_no_infinitive(relation):
    # "court", "school", "market", "power" are verbs too; only a control verb's "to" opens an infinitive
    assert en_relation(relation).infinitive == 0


def test_a_phrase_with_to_keeps_its_place_after_the_object():
    sued = fact("Harbourwatch", "take to court", "Calder Borough Council",
                "The campaign group Harbourwatch took Calder Borough Council to court over the landfill in March.", "org",
                "org", n=1)
    assert _asked(ask([sued], "Harbourwatch")) == "Which organization took Calder Borough Council to court?"
    assert en_relation("vote to close").infinitive == 2  # a control verb keeps its infinitive


def test_a_things_class_noun_at_a_place_is_where_it_is():
    """ "Where is Rookwood Whisky the distillery?", "the beach where Rookwood Whisky is the distillery": the
    noun says what the thing is, not a post it holds."""
    at = fact("Pennine Mills", "bakery at", "Otley Quay", _BUY, "org", "place", n=1)
    assert _asked(ask([at], "Otley Quay")) == "Where is the bakery Pennine Mills?"
    assert _asked(ask([at], "Pennine Mills")) == "Which bakery is at Otley Quay?"
    buy = fact("Harlow Foods", "agree to buy", "Pennine Mills", _BUY, "org", "org", n=2)
    assert _asked(ask([at, buy], "Harlow Foods", "multi-hop")) == \
        "Which organization agreed to buy the bakery at Otley Quay?"
    expand = fact("Harlow Foods", "expand output at", "Otley Quay", "Harlow Foods plans to expand output at Otley Quay.",
                  "org", "place", "planned", n=3)
    item = ask([at, expand], "Harlow Foods", "multi-hop")
    assert "is the bakery" not in (_asked(item) or ""), item
    # not "Which organization is the bakery at Otley Quay and sold ...?": the bakery named by its noun
    sold = fact("Pennine Mills", "sell in 2023", "9,000 loaves", "Pennine Mills sold 9,000 loaves in 2023.", "org",
                "quantity", n=4)
    assert _asked(ask([at, sold], "Pennine Mills", "conditional")) == \
        "What is the name of the bakery at Otley Quay that sold 9,000 loaves in 2023?"
    # "a brewery at": one of several, no unique "Which brewery ...?"
    one_of = fact("Glenmoor", "brewery at", "Kelso Point", "Glenmoor, a brewery at Kelso Point, sold 9,000 kegs.",
                  "org", "place")
    assert _asked(ask([one_of], "Glenmoor")) is None
    # a person's post at a body stays a post (asked "At which ...?", not "Where ...?": a bank is no place)
    post = fact("Nadia Petrov", "former finance director at", "Lyle Bank",
                "The deal was arranged by Nadia Petrov, the former finance director at Lyle Bank.", "person", "org")
    assert _asked(ask([post], "Lyle Bank")) == "At which organization was Nadia Petrov the finance director?"


def test_a_post_said_in_the_past_is_asked_in_the_past():
    # "was the Rovers' top scorer" asked "What is X the top scorer of?" states a present the text does not
    item = ask([fact("Corran Vale", "top scorer of", "Ferndale Harriers", "Corran Vale was the top scorer of Ferndale "
                     "Harriers.", "person", "org")], "Ferndale Harriers")
    assert _asked(item) == "What was Corran Vale the top scorer of?"
    item = ask([fact("Tomas Reyes", "head coach of", "Ferndale Harriers", "Tomas Reyes is the head coach of Ferndale "
                     "Harriers, which was founded in 1921.", "person", "org")], "Ferndale Harriers")
    assert _asked(item) == "What is Tomas Reyes the head coach of?"


def test_a_past_progressive_is_asked_as_one():
    """ "When did About 1,300 Tasmanians wait?": the approximator lowercased and "were ... waiting" kept."""
    item = ask([fact("About 2,400 Ferndale residents", "wait at", "end of June", "About 2,400 Ferndale residents were "
                     "waiting for council flats at the end of June, the longest list in the region.", "quantity", "date")],
               "end of June")
    assert _asked(item) is not None and _asked(item).startswith("When were about 2,400 Ferndale residents waiting"), item


def test_a_things_class_noun_on_a_street_is_where_it_is():
    said = "Harlow Foods bought Glenmoor House, the mansion on Hampden Road, for $9 million."
    at = fact("Glenmoor House", "mansion on", "Hampden Road", said, "org", "place")
    assert _asked(ask([at], "Hampden Road")) == "Where is the mansion Glenmoor House?"
    assert _asked(ask([at], "Glenmoor House")) == "Which mansion is on Hampden Road?"


@pytest.mark.parametrize("noun", ["restaurant", "plant", "theater", "tower", "shelter", "department"])
def test_a_thing_noun_that_ends_like_an_agent_is_still_a_thing(noun):
    # "-ant", "-er", "-ent" endings made these posts: "Where is Brackmoor Works the plant?"
    at = fact("Brackmoor Works", f"{noun} at", "Kelso Point", f"Brackmoor Works, the {noun} at Kelso Point, closed in June.",
              "org", "place", n=1)
    assert _asked(ask([at], "Kelso Point")) == f"Where is the {noun} Brackmoor Works?"


def test_a_post_at_a_place_stays_a_post():
    at = fact("Brackmoor Works", "contractor at", "Kelso Point", "Brackmoor Works, the contractor at Kelso Point, "
              "finished the pier in June.", "org", "place", n=1)
    assert _asked(ask([at], "Kelso Point")) == "Where is Brackmoor Works the contractor?"


# --- session 23: the question word for a tagger's organisation, verb forms, lost articles and cut titles ----------

def _reason(result) -> str:
    return getattr(result, "reason", "") or ""


def test_a_locality_after_at_and_an_object_is_asked_where():
    """ "Which organization did X use a packhouse at?" -> a locality the tagger called a body."""
    at = fact("Harlow Fruit", "run a packhouse at", "Brackenvale", "Harlow Fruit runs a packhouse at Brackenvale.", "org", "org")
    assert _asked(ask([at], "Brackenvale")) == "Where does Harlow Fruit run a packhouse?"


def test_a_name_set_after_a_person_noun_and_a_comma_is_a_person():
    """ "Which organization sold the painting?" -> "a Wellington collector, Marcus Hale": the tagger's ORG."""
    sold = fact("Tobias Wren", "sell", "Morning Tide", "The painting Morning Tide was sold by a Nelson collector, "
                "Tobias Wren, in May.", "org", "other")
    assert _asked(ask([sold], "Tobias Wren")) == "Who sold Morning Tide?"
    dealer = fact("Tobias Wren", "sell", "Morning Tide", "The painting Morning Tide was sold by a Nelson dealer, "
                  "Tobias Wren, in May.", "org", "other")  # a dealer may be a firm or a person: neither word is sure
    assert _asked(ask([dealer], "Tobias Wren")) is None
    trust = fact("Kelby Heritage Trust", "sell", "Morning Tide", "Kelby Heritage Trust sold Morning Tide in May.", "org", "other")
    assert _asked(ask([trust], "Kelby Heritage Trust")).startswith("Which organization sold")


def test_a_bare_count_is_not_asked_how_much():
    added = fact("Tilly Rowe", "add", "19", "Goal attack Tilly Rowe added 19 from 22 as the Harriers won.", "person", "quantity")
    assert "count without its noun" in _reason(ask([added], "19"))


def test_a_further_amount_keeps_its_article_and_a_prefixed_verb_its_irregular_past():
    said = "Lena Morrow has repaid $3,000 and will pay a further $5,000 by 1 June."
    repaid = fact("Lena Morrow", "repay", "$3,000", said, "person", "money")
    further = fact("Lena Morrow", "pay by 1 June", "further $5,000", said, "person", "money", "planned", n=1)
    assert _asked(ask([repaid, further], "Lena Morrow", "conditional")) == \
        "Who repaid $3,000 and will pay a further $5,000 by 1 June?"


def test_an_ordinal_its_sentence_writes_without_an_article_is_refused():
    assert en_name_article("3rd round", ["Harlow went out in the 3rd round."]) == "the 3rd round"
    left = fact("Sam Okoro", "leave the field in", "34th minute", "Okoro left the field in 34th minute.", "person", "quantity")
    assert "needs an article" in _reason(ask([left], "Sam Okoro"))


def test_a_relation_that_lost_its_objects_article_is_refused():
    awarded = fact("Kelby Council", "award contract worth", "$4 million", "Kelby Council has awarded a contract worth "
                   "$4 million to Harlow Civil.", "org", "money")
    assert "lost the article" in _reason(ask([awarded], "$4 million"))


@pytest.mark.parametrize("relation", ["committee chair of", "services manager of"])
def test_a_role_cut_out_of_a_longer_title_is_refused(relation):
    said = ("Kelby Council's former finance committee chair, Ann Pike, and its northern rail services manager, "
            "Ann Pike, spoke.")
    role = fact("Ann Pike", relation, "Kelby Council", said, "person", "org")
    assert "cut from the title" in _reason(ask([role], "Kelby Council"))


def test_a_post_the_article_named_before_is_a_reference_back():
    held = fact("Rua Tane", "hold the post until", "May last year", "Tane, who held the post from 2015 until May last "
                "year, resigned.", "person", "date")
    assert "names 'the post'" in _reason(ask([held], "May last year"))


def test_what_a_mayor_is_mayor_of_is_described_as_a_place():
    mayor = fact("Ida Vance", "mayor of", "Kelby District", "Kelby District's mayor, Ida Vance, said roads were closed.",
                 "person", "org")
    warned = fact("MetService", "issue a wind warning for", "Kelby District", "MetService issued a wind warning for "
                  "Kelby District on Monday.", "org", "org", n=1)
    assert _asked(ask([mayor, warned], "MetService", "multi-hop")) == \
        "Which organization issued a wind warning for the place whose mayor is Ida Vance?"


def test_a_bridge_typed_a_place_in_one_fact_and_a_body_in_another_is_not_asked():
    """ "Who returned to the organization whose head coach is Y?": the region she returned to and the team of the
    same name are two things the graph joined."""
    coach = fact("Rhys Dunn", "head coach of", "Tasman", "Tasman's head coach, Rhys Dunn, said his side had been poor.",
                 "person", "org")
    back = fact("Mere Hohaia", "return to", "Tasman", "Hohaia returned to Tasman in 1931 and taught at Nelson College.",
                "person", "place", n=1)
    sub = Subgraph(subgraph_id="s-bridge", type="multi-hop", lang="en", edges=[coach, back], answer_nodes=["n:Mere Hohaia"],
                   question_nodes=["n:Rhys Dunn"], hidden_nodes=["n:Tasman"])
    batch = generate_questions([sub], RULES)
    assert not batch.items and "place in one fact and an organisation" in batch.failures[0].reason


def test_a_place_word_inside_a_bodys_name_does_not_write_the_body():
    """ "taught at the college in Dunedin" linked to the Dunedin Public Art Gallery: "Which gallery did X teach
    in?" answers with a body its sentence never names."""
    taught = fact("Ada Quist", "teach in", "the Kelby Public Art Gallery", "Quist returned in 1927 and taught at the "
                  "technical college in Kelby until 1961.", "person", "org")
    assert "not written in its sentences" in _reason(ask([taught], "the Kelby Public Art Gallery"))
    won = fact("Calder Town", "beat", "Arden Rovers", "Calder beat Arden Rovers 3-1 at home.", "org", "org")
    assert _asked(ask([won], "Calder Town")) is not None
    # the place may open the sentence: "In Kelby, ..." writes no body either
    opened = fact("Ada Quist", "teach in", "the Kelby Public Art Gallery", "In Kelby, Quist taught at the technical "
                  "college until 1961.", "person", "org")
    assert "not written in its sentences" in _reason(ask([opened], "the Kelby Public Art Gallery"))


@pytest.mark.parametrize("count", ["five straight", "three consecutive"])
def test_a_run_counted_with_an_adjective_is_not_asked(count):
    """ "How many straight did X lose?": the run's noun (games) is not in the fact."""
    lost = fact("Kelby Otters", "lose", count, f"The Kelby Otters have lost {count} at home this season.", "org", "quantity")
    assert "counts with an adjective" in _reason(ask([lost], count))


def test_a_possessive_kept_for_a_subject_its_sentence_does_not_write_is_not_asked():
    """ "Where did Judith Kerr sell his house?": "he had sold his house" resolved to another person."""
    said = "Her lawyer said his client had sold his house in Kelso to repay part of the money."
    sold = fact("Ida Marsh", "sell his house in", "Kelso", said, "person", "place")
    assert "cannot be checked" in _reason(ask([sold], "Kelso"))
    named = fact("Rua Tane", "sell his house in", "Kelso", "Rua Tane sold his house in Kelso in May.", "person", "place")
    assert _asked(ask([named], "Kelso")) is not None
    # a subject with no word of three letters is looked for whole: written, it is asked
    short = fact("Bo Xu", "sell his house in", "Kelso", "Bo Xu sold his house in Kelso in May.", "person", "place")
    assert _asked(ask([short], "Kelso")) is not None


def test_a_body_known_only_by_its_coach_or_its_game_is_described_as_a_team():
    """ "the organization whose head coach is X", "the organization that the Kelby Kites beat": a post held only
    in a sports side, or a game won, says the body is a team; a name whose own head says it is a club keeps it."""
    from tasks.dragon.questions_en import EnglishTemplates

    coach = fact("Ari Moana", "head coach of", "Tasman Hawks", "Tasman Hawks head coach Ari Moana said the side "
                 "was tired.", "person", "org")
    assert EnglishTemplates().describe(coach, coach.tail, "ORG") == "the team whose head coach is Ari Moana"
    beat = fact("the Kelby Kites", "beat", "Ormond Vale", "The Kelby Kites beat Ormond Vale 24-10 on Saturday.",
                "org", "org")
    assert EnglishTemplates().describe(beat, beat.tail, "ORG") == "the team that the Kelby Kites beat"
    assert EnglishTemplates().describe(beat, beat.head, "ORG") == "the team that beat Ormond Vale"
    club = fact("Ari Moana", "head coach of", "Ormond Vale FC", "Ormond Vale FC head coach Ari Moana left.",
                "person", "org")
    assert EnglishTemplates().describe(club, club.tail, "ORG") == "the club whose head coach is Ari Moana"
    # a chief executive's body is no team, and a body that bought another played no game
    boss = fact("Ari Moana", "chief executive of", "Tasman Freight", "Tasman Freight's chief executive, Ari Moana, "
                "left.", "person", "org")
    assert EnglishTemplates().describe(boss, boss.tail, "ORG") == "the organization whose chief executive is Ari Moana"
    bought = fact("Tasman Freight", "buy", "Ormond Haulage", "Tasman Freight bought Ormond Haulage in May.", "org", "org")
    assert EnglishTemplates().describe(bought, bought.tail, "ORG") == "the organization that Tasman Freight bought"
    # and so it reads in the question that hides it
    coach = fact("Ari Moana", "head coach of", "Ormond Vale", "Ormond Vale head coach Ari Moana said the side was "
                 "tired.", "person", "org")
    beat = fact("the Kelby Kites", "beat", "Ormond Vale", "The Kelby Kites beat Ormond Vale 24-10 on Saturday.", "org",
                "org", n=1)
    assert _asked(ask([coach, beat], "Ari Moana", "multi-hop")) == \
        "Who is the head coach of the team that the Kelby Kites beat?"
    assert _asked(ask([coach, beat], "the Kelby Kites", "multi-hop")) == "Who beat the team whose head coach is Ari Moana?"


def test_a_condition_that_says_the_body_is_a_team_asks_which_team():
    coach = fact("Ari Moana", "head coach of", "Ormond Vale", "Ormond Vale head coach Ari Moana said the side was "
                 "tired.", "person", "org")
    third = fact("Ormond Vale", "finish third with", "11 wins", "Ormond Vale finished third with 11 wins.", "org",
                 "other", n=1)
    assert _asked(ask([coach, third], "Ormond Vale", "conditional")) == \
        "Which team has Ari Moana as its head coach and finished third with 11 wins?"
    # nothing in the conditions says team: the tagger's word stays
    sign = fact("Ormond Vale", "sign", "Pita Rua", "Ormond Vale signed Pita Rua on Monday.", "org", "person", n=2)
    assert _asked(ask([third, sign], "Ormond Vale", "conditional")) == \
        "Which organization finished third with 11 wins and signed Pita Rua?"


def test_a_hidden_body_is_called_by_the_noun_its_text_gives():
    """ "Which organization agreed to buy the organization that X founded?" says the guess twice; where the text
    names the body by its kind ("the Galway firm Marlow Sensors") the description says that noun."""
    firm = fact("Ona Reyes", "found", "Marlow Sensors", "Ona Reyes founded the Galway firm Marlow Sensors in 2009.",
                "person", "org")
    bare = fact("Ona Reyes", "found", "Marlow Sensors", "Ona Reyes founded Marlow Sensors in 2009.", "person", "org")
    buy = fact("Tarrow Medical", "agree to buy", "Marlow Sensors", "Tarrow Medical agreed to buy Marlow Sensors.",
               "org", "org", n=1)
    assert _asked(ask([firm, buy], "Tarrow Medical", "multi-hop")) == \
        "Which organization agreed to buy the firm that Ona Reyes founded?"
    assert _asked(ask([bare, buy], "Tarrow Medical", "multi-hop")) == \
        "Which organization agreed to buy the organization that Ona Reyes founded?"


@pytest.mark.parametrize("tail_type", ["org", "place", "other"])
def test_a_name_opened_by_its_class_noun_is_asked_by_it_not_as_an_opponent(tail_type):
    """ "Who does Highway 1 meet?": "meet" has an opponent only between sides; a name that opens with its class
    noun ("Highway 4", "Lake Ardee") is asked by that noun."""
    meets = fact("Highway 1", "meet", "Highway 4", "East of Kelby, Highway 1 meets Highway 4 at a roundabout.", "org",
                 tail_type)
    assert _asked(ask([meets], "Highway 4")) == "Which highway does Highway 1 meet?"
    beat = fact("the Kelby Kites", "beat", "Ormond Vale", "The Kelby Kites beat Ormond Vale 24-10.", "org", tail_type)
    assert _asked(ask([beat], "Ormond Vale")) == "Who did the Kelby Kites beat?"
