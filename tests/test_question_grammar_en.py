"""tasks/dragon/question_grammar_en (+ _names): the English checks of the question-grammar filter, each on
invented questions and sentences of our own: one it must catch and a similar correct one it must pass."""
from __future__ import annotations

import pytest

from tasks.dragon.question_grammar import QuestionView, findings
from tasks.dragon.question_grammar_en import CHECKS
from tests.grammar_cases import case as _case
from tests.grammar_cases import check_case
from tests.grammar_cases import codes as _codes


CASES = [
    # the question word against what the answer is
    _case("wh_word_answer", "Which organization did Dunmore Mills move to?", "Arlesby",
          ["Dunmore Mills moved to Arlesby from Cotterby in 2019."], True),
    _case("wh_word_answer", "Where did Dunmore Mills move?", "Arlesby",
          ["Dunmore Mills moved to Arlesby from Cotterby in 2019."], False),
    _case("wh_word_answer", "Which organization did Pellow Heritage restore?", "Garside Castle",
          ["Pellow Heritage restored Garside Castle last spring."], True),
    _case("wh_word_answer", "Which organization did Pellow Heritage buy?", "Marlow Foods",
          ["Pellow Heritage bought Marlow Foods last spring."], False),
    _case("wh_word_answer", "Which organization did the Kelby Kestrels sign?", "Tavita Moana",
          ["The Kelby Kestrels signed the Samoa international prop Tavita Moana on Monday."], True),
    _case("wh_word_answer", "Who did the Kelby Kestrels sign?", "Tavita Moana",
          ["The Kelby Kestrels signed the Samoa international prop Tavita Moana on Monday."], False),
    _case("wh_word_answer", "Who did the Ridley Choir cancel its spring tour to?", "Normandy",
          ["The Ridley Choir had to cancel its spring tour to Normandy this year."], True),
    _case("wh_word_answer", "What did the Harwick Otters hold off?", "the Penmore Foxes",
          ["The Harwick Otters held off the Penmore Foxes 71-68 on Friday."], True),
    _case("wh_word_answer", "Who did the Harwick Otters hold off?", "the Penmore Foxes",
          ["The Harwick Otters held off the Penmore Foxes 71-68 on Friday."], False),
    _case("wh_word_answer", "Who did Corrin Dairy agree to buy?", "Ashby Creamery",
          ["Corrin Dairy has agreed to buy Ashby Creamery for $12 million."], True),
    _case("wh_word_answer", "Which company did Corrin Dairy agree to buy?", "Ashby Creamery",
          ["Corrin Dairy has agreed to buy Ashby Creamery for $12 million."], False),
    _case("wh_word_answer", "Which organization did Ida Marsh come from?", "the Linden",
          ["Ida Marsh came to Kelby from the Linden in Arden two years ago."], False),
    _case("wh_word_answer", "What did Tolland Haulage relocate its depot to?", "Marwick",
          ["Tolland Haulage, a freight firm, relocated its depot to Marwick in March."], True),
    # names and articles
    _case("stray_capital", "Where were About 40 barns damaged?", "Hallow Vale",
          ["About 40 barns were damaged in Hallow Vale overnight."], True),
    _case("stray_capital", "Where were about 40 barns damaged?", "Hallow Vale",
          ["About 40 barns were damaged in Hallow Vale overnight."], False),
    _case("stray_capital", "How many goals did Winger Ossian Pryde score?", "three goals",
          ["Winger Ossian Pryde, 22, scored three goals."], True),
    _case("stray_capital", "How many goals did Ossian Pryde score?", "three goals",
          ["Winger Ossian Pryde, 22, scored three goals."], False),
    _case("stray_capital", "How much did Kelby Police recover?", "$9,000",
          ["Police said they recovered $9,000 in cash."], False),
    _case("stray_capital", "Which case did Judge Ann Poole hear?", "the Kelby fraud case",
          ["Judge Ann Poole heard the Kelby fraud case."], False),
    _case("stray_capital", "How much did MARLOW MAGISTRATES COURT fine?", "£2,000",
          ["MARLOW MAGISTRATES COURT: a trader was fined £2,000."], True),
    _case("cut_name", "Who is the chief of Constabulary Wessex?", "Ann Poole",
          ["Ann Poole is the chief of North Constabulary Wessex, the force said."], True),
    _case("cut_name", "Who is the chief of North Constabulary Wessex?", "Ann Poole",
          ["Ann Poole is the chief of North Constabulary Wessex, the force said."], False),
    _case("cut_name", "Which trains did Westrail replace on the Vale of Corran?", "the old diesels",
          ["Westrail replaced the old diesels on the Vale of Corran line."], True),
    _case("cut_name", "How many games is Oskar Lindqvist expected to miss?", "three more games",
          ["Defenseman Oskar Lindqvist did not play on Friday, and he is expected to miss three more games."], False),
    _case("cut_name", "How many rebounds did Daley-Koss 19 grab?", "eleven rebounds",
          ["Daley-Koss grabbed eleven rebounds in the second half."], True),
    _case("cut_name", "How many rebounds did Daley-Koss grab?", "eleven rebounds",
          ["Daley-Koss grabbed eleven rebounds in the second half."], False),
    _case("dropped_article", "When did Royal Kelby Theatre open its new wing?", "May",
          ["The Royal Kelby Theatre opened its new wing in May."], True),
    _case("dropped_article", "When did the Royal Kelby Theatre open its new wing?", "May",
          ["The Royal Kelby Theatre opened its new wing in May."], False),
    _case("dropped_article", "How many beds does the ward of Royal Kelby Hospital have?", "20 beds",
          ["The ward has 20 beds."], False),
    _case("dropped_article", "When will Morrow Light sail?", "June",
          ["Crews said the Morrow Light will sail in June, and the Morrow Light will carry 400 cars."], True),
    # the article by the name's head noun, as the generator reads it (questions_en_determiners.head_article)
    _case("dropped_article", "When will Kelby Water Authority vote on rates?", "June",
          ["The Kelby Water Authority board will vote on rates in June."], True),
    _case("dropped_article", "When will the Kelby Water Authority vote on rates?", "June",
          ["The Kelby Water Authority board will vote on rates in June."], False),
    _case("dropped_article", "When will Kelby Water Authority vote on rates?", "June",
          ["The authority will vote on rates in June."], False),  # not written there: the generator read more
    _case("dropped_article", "When did City of Arden approve the plan?", "May",
          ["The plan was approved in May."], True),
    # the "the" of a longer name or of the noun a "Town, Region," modifies is not the name's
    _case("dropped_article", "When will Orton County buy the site?", "March",
          ["The Orton County Board of Supervisors will buy the site in March."], False),
    _case("dropped_article", "Which mill does a rancher from Ferris, Montana own?", "Tolland Mill",
          ["Tolland Mill is owned by the Ferris, Montana, rancher Joel Abbot."], False),
    _case("dropped_article", "Which club beat Penmore Gulls?", "Orton Albion",
          ["Orton Albion beat the Penmore Gulls, Arlesby Town, and the Kelby Kites this season."], True),
    _case("added_article", "Who coaches the Penmore City?", "Ida Marsh",
          ["Penmore City are coached by Ida Marsh."], True),
    _case("added_article", "Who coaches Penmore City?", "Ida Marsh",
          ["Penmore City are coached by Ida Marsh."], False),
    # the generator's head-noun rule: a headline's start or a modifier's "a" says nothing, "Theatre" asks for "the"
    _case("added_article", "When will the Orton Quay Theatre reopen?", "in May",
          ["Orton Quay Theatre to reopen in May"], False),
    _case("added_article", "What did the Kelby Water Authority raise?", "its rates",
          ["A Kelby Water Authority spokesman said it raised its rates."], False),
    _case("added_article", "Who runs the Orton Quay Bakery?", "Ida Marsh",
          ["Orton Quay Bakery is run by Ida Marsh."], True),
    _case("bare_noun", "Which council plans to build 4-million-pound footbridge?", "Arden Council",
          ["Arden Council plans to build a 4-million-pound footbridge over the river."], True),
    _case("bare_noun", "Which council plans to build a 4-million-pound footbridge?", "Arden Council",
          ["Arden Council plans to build a 4-million-pound footbridge over the river."], False),
    _case("bare_noun", "Which club signed 17-year-old and sold Ned Harrow?", "Arden Rovers",
          ["Arden Rovers signed the 17-year-old on Monday and sold Ned Harrow."], True),
    # the verb's frame
    _case("lost_complement", "How many ambulances did Kelby Health place?", "30 ambulances",
          ["Kelby Health placed 30 ambulances on standby."], True),
    _case("lost_complement", "How many ambulances did Kelby Health place on standby?", "30 ambulances",
          ["Kelby Health placed 30 ambulances on standby."], False),
    _case("lost_complement", "When did Tarrow Fisheries plead?", "March",
          ["Tarrow Fisheries pleaded guilty in March."], True),
    _case("lost_complement", "When did Tarrow Fisheries plead guilty?", "March",
          ["Tarrow Fisheries pleaded guilty in March."], False),
    _case("lost_complement", "Since when has Holm Brewery used?", "2012",
          ["Holm Brewery has used the old mill since 2012."], True),
    _case("lost_complement", "Since when has Holm Brewery used the old mill?", "2012",
          ["Holm Brewery has used the old mill since 2012."], False),
    _case("missing_complement", "Which body did the price rise according?", "the Grain Board",
          ["The price rose 4%, according to the Grain Board."], True),
    _case("lost_complement", "Where was Ida Marsh the head?", "Kelby Council",
          ["Ida Marsh, the former head of housing at Kelby Council, said so."], True),
    _case("lost_complement", "Where was Ida Marsh the head of housing?", "Kelby Council",
          ["Ida Marsh, the former head of housing at Kelby Council, said so."], False),
    _case("lost_complement", "Who is the head coach of Arden Rovers?", "Ida Marsh",
          ["Ida Marsh is the head coach of Arden Rovers."], False),
    _case("bad_passive", "Which college was Lina Hart graduated from?", "Arden College",
          ["Lina Hart graduated from Arden College in 2020."], True),
    _case("bad_passive", "Which college did Lina Hart graduate from?", "Arden College",
          ["Lina Hart graduated from Arden College in 2020."], False),
    _case("bad_passive", "Which firm was agreed by Corrin Dairy to buy?", "Ashby Creamery",
          ["Corrin Dairy has agreed to buy Ashby Creamery."], True),
    _case("bad_passive", "Who was named the player of the month?", "Ida Marsh",
          ["Ida Marsh was named the player of the month."], False),
    _case("particle_after_object", "Who handed twelve passes out?", "Ida Marsh",
          ["Ida Marsh handed out twelve passes in the win."], True),
    _case("particle_after_object", "Who handed out twelve passes?", "Ida Marsh",
          ["Ida Marsh handed out twelve passes in the win."], False),
    # tense against the sentences
    _case("tense_clash", "What did Norland attract since 2021?", "30 bids",
          ["Norland has attracted 30 bids since 2021."], True),
    _case("tense_clash", "What has Norland attracted since 2021?", "30 bids",
          ["Norland has attracted 30 bids since 2021."], False),
    _case("tense_clash", "Which company did Arden Group own?", "Kelby Rail",
          ["Kelby Rail, which is owned by Arden Group, runs 12 trains."], True),
    _case("tense_clash", "Which company does Arden Group own?", "Kelby Rail",
          ["Kelby Rail, which is owned by Arden Group, runs 12 trains."], False),
    _case("tense_clash", "What is Ned Harrow the secretary of?", "Kelby Rowing Club",
          ["He had been secretary of Kelby Rowing Club until his arrest."], True),
    _case("tense_clash", "What is Ned Harrow the finance manager of?", "Kelby Haulage",
          ["Harrow, the finance manager of Kelby Haulage from 2011 to 2022, took the money."], True),
    _case("tense_clash", "What was Ned Harrow the finance manager of?", "Kelby Haulage",
          ["Harrow, the finance manager of Kelby Haulage from 2011 to 2022, took the money."], False),
    _case("tense_clash", "Since when has Penmore Gas sponsored the fair?", "2015",
          ["Penmore Gas had sponsored the fair since 2015 before it pulled out."], True),
    # referents and frames
    _case("vague_referent", "When did Arden Homes convert the building?", "2018",
          ["Arden Homes converted the building in 2018."], True),
    _case("vague_referent", "When did Arden Homes convert the Old Mill?", "2018",
          ["Arden Homes converted the Old Mill in 2018."], False),
    _case("vague_referent", "Who is the head coach of the club that Arden Rovers beat?", "Ida Marsh",
          ["Arden Rovers beat Kelby Town.", "Ida Marsh is the head coach of Kelby Town."], False),
    _case("vague_referent", "Which firm makes the smaller Kelby Wren?", "Arden Motors",
          ["Arden Motors makes the Kelby Lark and the smaller Kelby Wren."], True),
    _case("vague_referent", "Which firm makes the Kelby Wren?", "Arden Motors",
          ["Arden Motors makes the Kelby Lark and the smaller Kelby Wren."], False),
    # a sum of money alone as a subject names its thing only inside the article
    _case("vague_referent", "Which road was $4,500 stolen from?", "the Arden Road",
          ["$4,500 was stolen from a petrol station on the Arden Road."], True),
    _case("vague_referent", "Which organization will £2 go to?", "the Kelby Trust",
          ["£2 from every ticket will go to the Kelby Trust."], True),
    # after "has"/"had" a sum is have's object ("has $2 million left"), a subject only of "has $X been ..."
    _case("vague_referent", "Which club has $2 million left in its budget?", "Arden Rovers",
          ["Arden Rovers has $2 million left in its budget."], False),
    _case("vague_referent", "Which charity had $40,000 stolen from its office?", "the Kelby Trust",
          ["The Kelby Trust had $40,000 stolen from its office."], False),
    _case("vague_referent", "Which road had $4,500 been stolen from?", "the Arden Road",
          ["$4,500 had been stolen from a petrol station on the Arden Road."], True),
    _case("vague_referent", "How much was stolen from the petrol station on the Arden Road?", "$4,500",
          ["$4,500 was stolen from a petrol station on the Arden Road."], False),
    _case("vague_referent", "Which firm makes the Kelby Lark and the smaller Kelby Wren?", "Arden Motors",
          ["Arden Motors makes the Kelby Lark and the smaller Kelby Wren."], False),
    _case("vague_referent", "How many cars did Arden Motors sell in May, the best month in the company's history?",
          "900 cars", ["Arden Motors sold 900 cars in May, the best month in the company's history."], False),
    _case("role_frame", "Where is Kelby Cider the brewery?", "Arden",
          ["Kelby Cider, the brewery at Arden, sold 9,000 barrels."], True),
    _case("role_frame", "Where is Ida Marsh the head of finance?", "Kelby Rail",
          ["Ida Marsh, the head of finance at Kelby Rail, said so."], False),
    _case("person_as_thing", "Which firm bought the person that Ned Harrow designed?", "Arden Homes",
          ["Arden Homes bought the Corn Hall, which Ned Harrow designed."], True),
    _case("person_as_thing", "Which firm signed the person that Ned Harrow coached?", "Arden Rovers",
          ["Arden Rovers signed Ida Marsh, whom Ned Harrow coached."], False),
    # agreement and word order
    _case("word_order", "Which firm agreed the company that Ida Marsh founded to buy?", "Arden Group",
          ["Arden Group agreed to buy Kelby Cider, which Ida Marsh founded."], True),
    _case("word_order", "Which firm agreed to buy the company that Ida Marsh founded?", "Arden Group",
          ["Arden Group agreed to buy Kelby Cider, which Ida Marsh founded."], False),
    _case("word_order", "How many job cuts does Arden Bank plan to expect?", "200 job cuts",
          ["Arden Bank said it expected 200 job cuts."], True),
    _case("word_order", "How many job cuts does Arden Bank expect?", "200 job cuts",
          ["Arden Bank said it expected 200 job cuts."], False),
    _case("repeated_verb", "Which band will play at Kelby Hall and will play on 2 May?", "the Larks",
          ["The Larks will play at Kelby Hall on 2 May."], True),
    _case("repeated_verb", "Which band will play at Kelby Hall and release an album on 2 May?", "the Larks",
          ["The Larks will play at Kelby Hall and release an album on 2 May."], False),
    _case("agreement", "Which club signed Ned Harrow and plays their home games at Kelby Park?", "Arden Rovers",
          ["Arden Rovers signed Ned Harrow.", "Arden Rovers play their home games at Kelby Park."], True),
    _case("agreement", "Which club signed Ned Harrow and plays its home games at Kelby Park?", "Arden Rovers",
          ["Arden Rovers signed Ned Harrow.", "Arden Rovers play their home games at Kelby Park."], False),
    _case("agreement", "Where was 40 barns flooded?", "Hallow Vale",
          ["About 40 barns were flooded in Hallow Vale."], True),
]


@pytest.mark.parametrize("code,question,answer,sentences,caught", CASES)
def test_each_check_catches_its_class_and_passes_the_correct_form(code, question, answer, sentences, caught):
    check_case(code, question, answer, sentences, caught)


def test_every_check_has_a_case_that_it_must_catch():
    caught = {case.values[0] for case in CASES if case.values[4]}
    from tasks.dragon.question_grammar_en_rules import CHECKS as RULES  # cased in test_question_grammar_en_rules
    from tasks.dragon.question_grammar_fidelity import CHECKS as FIDELITY  # cased in test_question_grammar_fidelity

    assert caught >= {getattr(fn, "code") for fn in CHECKS} - {"wh_word_type"} \
        - {getattr(fn, "code") for fn in RULES} - {getattr(fn, "code") for fn in FIDELITY}


def test_clean_questions_pass_every_check():
    sentences = ("Arden Rovers signed Ida Marsh, 24, from Kelby Town on Monday.",
                 "Arden Rovers play their home games at Kelby Park, which holds 9,000 spectators.")
    for question, answer in [("Who did Arden Rovers sign?", "Ida Marsh"),
                             ("Where do Arden Rovers play their home games?", "Kelby Park"),
                             ("When did Arden Rovers sign Ida Marsh?", "Monday"),
                             ("How many spectators does Kelby Park hold?", "9,000 spectators")]:
        assert _codes(question, answer, *sentences) == [], question


def test_every_finding_names_the_offending_words():
    found = findings(QuestionView(question="When did Tarrow Fisheries plead?", answers=("March",), type="simple",
                                  lang="en", references=("Tarrow Fisheries pleaded guilty in March.",)))
    assert [f.code for f in found] == ["lost_complement"] and "'pleaded'" in found[0].reason


def _edge_view(question, answer, tail_type, sentence):
    from schemas import Edge

    edge = Edge(edge_id="e", head="q1", relation="thanked", tail="q2", head_label="the Harwick Otters",
                tail_label=answer, lang="en", doc_ids=["d1"], sentences=[sentence], triplet_ids=["t1"],
                head_type="org", tail_type=tail_type)
    return QuestionView(question=question, answers=(answer,), type="simple", lang="en", edges=(edge,),
                        answer_nodes=("q2",), question_nodes=("q1",))


def test_the_graphs_other_type_alone_does_not_make_who_wrong():
    team = _edge_view("Who did the Harwick Otters thank?", "the Penmore Foxes", "other",
                      "The Harwick Otters thanked the Penmore Foxes on Friday.")
    assert "wh_word_type" not in [f.code for f in findings(team)]
    road = _edge_view("Who did the Harwick Otters thank?", "the Penmore Road", "other",
                      "The Harwick Otters thanked the Penmore Road on Friday.")
    assert "wh_word_type" in [f.code for f in findings(road)]


def test_what_a_thing_replaces_is_no_organization():
    from schemas import Edge

    def view_with(head_type):
        edge = Edge(edge_id="e", head="q1", relation="replace", tail="q2", head_label="the Marrow Star",
                    tail_label="the Kelby Queen", lang="en", doc_ids=["d1"], triplet_ids=["t1"],
                    sentences=["It replaces the Kelby Queen, which has sailed since 1990."],
                    head_type=head_type, tail_type="org")
        return QuestionView(question="Which organization does the Marrow Star replace?", answers=("the Kelby Queen",),
                            type="simple", lang="en", edges=(edge,), answer_nodes=("q2",), question_nodes=("q1",))

    assert "wh_word_answer" in [f.code for f in findings(view_with("other"))]
    assert "wh_word_answer" not in [f.code for f in findings(view_with("org"))]


def test_who_asks_for_an_opponent_whatever_type_the_graph_recorded():
    from schemas import Edge

    edge = Edge(edge_id="e", head="q1", relation="beat", tail="q2", head_label="the Arden Owls",
                tail_label="the Kelby Hawks", lang="en", doc_ids=["d1"], triplet_ids=["t1"],
                sentences=["The Arden Owls beat the Kelby Hawks 80-71 on Saturday."], head_type="other", tail_type="place")
    view = QuestionView(question="Who did the Arden Owls beat?", answers=("the Kelby Hawks",), type="simple", lang="en",
                        edges=(edge,), answer_nodes=("q2",), question_nodes=("q1",))
    assert findings(view) == []


def test_the_sentences_overrule_a_graph_type_that_contradicts_them():
    from schemas import Edge

    edge = Edge(edge_id="e", head="q1", relation="grow up in", tail="q2", head_label="Ida Marsh", tail_label="Arlesby",
                lang="en", doc_ids=["d1"], triplet_ids=["t1"], sentences=["Ida Marsh grew up in Arlesby."],
                head_type="person", tail_type="person")
    view = QuestionView(question="Where did Ida Marsh grow up?", answers=("Arlesby",), type="simple", lang="en",
                        edges=(edge,), answer_nodes=("q2",), question_nodes=("q1",))
    assert findings(view) == []


def test_do_support_in_the_present_is_no_past_whatever_the_verbs_tag():
    """ "Where does X run a guesthouse?": "run" may be tagged a participle; "does" says present."""
    sentence = "Ida Marsh runs a guesthouse in Kelby with her sister."
    assert "tense_clash" not in _codes("Where does Ida Marsh run a guesthouse?", "Kelby", sentence)
    assert "tense_clash" in _codes("Where did Ida Marsh run a guesthouse?", "Kelby", sentence)
