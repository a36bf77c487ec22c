"""Two-fact questions (conditional, multi-hop), en and ru: shapes the judges fail that the rules engine
refuses or repairs (session 26). Sentences written for these tests; real parses, nothing mocked."""
from __future__ import annotations

from schemas import Edge, Subgraph
from tasks.dragon.questions import generate_questions
from tasks.dragon.questions_base import QuestionConfig
from tasks.dragon.questions_en_compound import bare_count_noun
from tests.test_questions_en_templates import RULES, conditional, fact


def ru_fact(head, relation, tail, sentence, head_type="org", tail_type="org", n=0) -> Edge:
    return Edge(edge_id=f"e{n}:{head}:{relation}:{tail}", head=f"n:{head}", relation=relation, tail=f"n:{tail}",
                head_label=head, tail_label=tail, lang="ru", doc_ids=["d"], sentences=[sentence],
                triplet_ids=[f"t{n}"], head_type=head_type, tail_type=tail_type)


def multi_hop(edges: list[Edge], answer: str, bridge: str, lang: str = "en"):
    nodes = {n for e in edges for n in (e.head, e.tail)}
    sub = Subgraph(subgraph_id=f"s-mh-{answer}", type="multi-hop", lang=lang, edges=edges,
                   answer_nodes=[f"n:{answer}"], hidden_nodes=[f"n:{bridge}"],
                   question_nodes=sorted(nodes - {f"n:{answer}", f"n:{bridge}"}))
    return generate_questions([sub], RULES, QuestionConfig())


def ru_conditional(edges: list[Edge], answer: str):
    nodes = {n for e in edges for n in (e.head, e.tail)}
    return generate_questions([Subgraph(subgraph_id="cond", type="conditional", lang="ru", edges=edges,
                                        answer_nodes=[f"n:{answer}"], question_nodes=sorted(nodes - {f"n:{answer}"}))],
                              RULES, QuestionConfig())


def test_a_measure_after_a_plain_adjective_is_a_bare_noun_phrase_too():
    assert bare_count_noun("new $14-million depot") == "new $14-million depot"
    assert bare_count_noun("in new 52nd minute") == "new 52nd minute"
    for phrase in ("a new $14-million depot", "its new $14-million depot", "new depot", "new three-storey offices"):
        assert bare_count_noun(phrase) is None, phrase


def test_a_described_thing_keeps_the_article_its_sentence_gives_it():
    builds = fact("Tarnvale Growers", "build", "new $14-million depot",
                  "Tarnvale Growers is building a new $14-million depot outside Kelby.", "org", "other", n=1)
    employs = fact("Tarnvale Growers", "employ", "230 people", "Tarnvale Growers employs 230 people in the valley.",
                   "org", "other", n=2)
    batch = conditional([builds, employs], "Tarnvale Growers")
    assert [i.question for i in batch.items] == [
        "Which organization is building a new $14-million depot and employs 230 people?"], batch.failures
    bare = builds.model_copy(update={"sentences": ["Tarnvale Growers: building new $14-million depot, hiring 40."]})
    batch = conditional([bare, employs], "Tarnvale Growers")
    assert not batch.items and "without its article" in batch.failures[0].reason, batch


def test_a_described_subject_is_not_put_inside_a_passive():
    runs = fact("Ida Berg", "found", "Kelby Ferries", "Kelby Ferries was founded by the engineer Ida Berg in 1990.",
                "person", "org", n=1)
    listed = fact("Kelby Ferries", "be listed on", "the Tarn Exchange", "Kelby Ferries is listed on the Tarn Exchange.",
                  "org", "org", n=2)
    batch = multi_hop([runs, listed], "the Tarn Exchange", "Kelby Ferries")
    assert not batch.items and "between 'be'" in batch.failures[0].reason, batch


def test_a_bridge_described_by_the_predicate_the_question_asks_is_refused():
    sentence = "The Kelby Owls will play their next game in Tarnmouth on 4 March."
    where = fact("the Kelby Owls", "play their next game in", "Tarnmouth", sentence, "org", "place", n=1)
    when = fact("the Kelby Owls", "play their next game on", "4 March", sentence, "org", "date", n=2)
    batch = multi_hop([where, when], "4 March", "the Kelby Owls")
    assert not batch.items and "predicate the question asks" in batch.failures[0].reason, batch
    sentence = "Следующий матч «Лесные совы» сыграют 4 марта в Тарнове."
    where = ru_fact("Лесные совы", "сыграть следующий матч в", "Тарнов", sentence, "org", "place", n=1)
    when = ru_fact("Лесные совы", "сыграть следующий матч", "4 марта", sentence, "org", "date", n=2)
    batch = multi_hop([where, when], "4 марта", "Лесные совы", "ru")
    assert not batch.items and "predicate the question asks" in batch.failures[0].reason, batch
    sentence = "Тарновский районный суд приговорил Илью Котова к трём годам колонии."
    whom = ru_fact("Тарновский районный суд", "приговорить", "Илья Котов", sentence, "org", "person", n=5)
    to_what = ru_fact("Тарновский районный суд", "приговорить Илью Котова к", "трём годам колонии", sentence, "org",
                      "other", n=6)
    batch = multi_hop([whom, to_what], "трём годам колонии", "Тарновский районный суд", "ru")
    assert not batch.items and "predicate the question asks" in batch.failures[0].reason, batch
    # a chain of one verb is two facts: "the organization that acquired the organization that acquired X"
    first = fact("Orrin Metrics", "acquire", "Tallow Gauge Works", "Orrin Metrics acquired Tallow Gauge Works in 2019.",
                 "org", "org", n=3)
    second = fact("Tallow Gauge Works", "acquire", "Kelby Dials", "Tallow Gauge Works acquired Kelby Dials in 2011.",
                  "org", "org", n=4)
    batch = multi_hop([first, second], "Orrin Metrics", "Tallow Gauge Works")
    assert not any("predicate the question asks" in f.reason for f in batch.failures), batch


def test_a_ru_conditional_says_an_occasion_once_and_asks_a_thing_by_its_class_noun():
    streak = ru_fact("Лесные совы", "продлить беспроигрышную серию до", "11 матчей",
                     "«Лесные совы» продлили беспроигрышную серию до 11 матчей и лидируют в таблице.", "org", "other", n=1)
    player = ru_fact("Анна Крылова", "бывшая волейболистка", "Лесные совы",
                     "Лучшей стала Анна Крылова, бывшая волейболистка «Лесных сов».", "person", "org", n=2)
    batch = ru_conditional([streak, player], "Лесные совы")
    assert batch.items and all(i.question.count("до 11 матчей") == 1 for i in batch.items), batch
    # a thing asked with a relative clause is asked by its class noun: not «Что, который строит ...»
    built = ru_fact("компания «Тарнстрой»", "строить", "комплекс «Северная гавань»",
                    "Компания «Тарнстрой» строит комплекс «Северная гавань» на берегу реки.", "org", "other", n=1)
    costly = ru_fact("комплекс «Северная гавань»", "крупнейший проект", "Тарнов",
                     "Крупнейшим проектом Тарнова остаётся комплекс «Северная гавань» на набережной.", "other", "place", n=2)
    batch = ru_conditional([built, costly], "комплекс «Северная гавань»")
    assert [i.question for i in batch.items] == [
        "Какой комплекс, который строит компания «Тарнстрой», является крупнейшим проектом Тарнова?"], batch


def test_an_en_conditional_keeps_a_particle_with_its_verb_and_does_not_ask_a_team_what():
    cut = fact("the Tarn Hawks", "cut", "a 12-point lead", "The Tarn Hawks cut a 12-point lead to two in the third.",
               "org", "other", n=1)
    held = fact("the Kelby Owls", "hold off", "the Tarn Hawks", "The Kelby Owls held off the Tarn Hawks 71-68 on Friday.",
                "org", "org", n=2)
    passive = conditional([cut, held], "the Tarn Hawks")
    assert passive.items and "was held off by the Kelby Owls" in passive.items[0].question, passive
    joined = fact("Ezra Okoye", "join", "the Tarn Otters", "Receiver Ezra Okoye joined the Tarn Otters in May.",
                  "person", "other", n=1)
    lost = fact("the Tarn Otters", "lose", "31–28", "The Tarn Otters lost 31–28 to the Kelby Hawks on Friday.",
                "other", "other", n=2)
    batch = conditional([joined, lost], "the Tarn Otters")
    assert not batch.items and "a team or a body" in batch.failures[0].reason, batch
    from tasks.dragon.questions_en_compound import body_by_its_fact
    from tasks.dragon.questions_en import en_relation
    fell = fact("Kelby Foods shares", "lose", "3%", "Kelby Foods shares lost 3% on Monday.", "other", "other", n=3)
    assert body_by_its_fact(fell, en_relation("lose"), fell.head) is None


def test_two_conditions_of_one_predicate_are_refused():
    sentence = "Low Tide, the second play by Mara Quill, will open at the Kelby Playhouse on 9 May."
    where = fact("Low Tide", "open at", "the Kelby Playhouse", sentence, "other", "place", modality="planned", n=1)
    when = fact("Low Tide", "open on", "9 May", sentence, "other", "date", modality="planned", n=2)
    batch = conditional([where, when], "Low Tide")
    assert not batch.items and "restate one predicate" in batch.failures[0].reason, batch


def test_a_verb_of_agreeing_without_its_infinitive_is_refused():
    from tasks.dragon.questions_ru_checks import ru_dropped_infinitive

    sentence = "Компания «Северный лов» согласилась купить 80 % акций завода «Тарн» у семьи его основателя."
    assert ru_dropped_infinitive("согласиться у", [sentence])
    assert not ru_dropped_infinitive("согласиться купить", [sentence])
    assert not ru_dropped_infinitive("планировать", ["Компания планирует строительство второй очереди."])


def test_an_amount_or_a_body_in_a_persons_post_is_not_asked_by_two_facts():
    from tasks.dragon.questions_two_fact import amount_asked, ru_plural_role, ru_post_of_a_body

    assert amount_asked("12 пилотов", "ru") and amount_asked("420 people", "en")
    assert amount_asked("средняя цена квадратного метра", "ru") is None
    post = ru_fact("Тарн-Пласт", "управляющий директор", "завод «Кельби»",
                   "Управляющим директором завода «Кельби» назначена Ирина Белова, ранее возглавлявшая «Тарн-Пласт».", n=1)
    assert ru_post_of_a_body(post, post.head, "ORG")
    assert ru_post_of_a_body(post, post.head, "PER") is None
    sponsor = ru_fact("компания «Тарн»", "генеральный спонсор", "клуб «Кельби»", "Генеральным спонсором клуба «Кельби» "
                      "стала компания «Тарн».", n=2)
    assert ru_post_of_a_body(sponsor, sponsor.head, "ORG") is None
    assert ru_plural_role("деревни") and not ru_plural_role("главный тренер")


def test_two_conditions_that_name_one_object_are_refused():
    fined = fact("Judge Ada Moss", "fine", "Colm Reilly", "Judge Ada Moss fined Colm Reilly $2,000 on Tuesday.",
                 "person", "person", n=1)
    jailed = fact("Judge Ada Moss", "sentence Colm Reilly to", "9 months",
                  "Judge Ada Moss sentenced Colm Reilly to 9 months in prison.", "person", "other", n=2)
    batch = conditional([fined, jailed], "Judge Ada Moss")
    assert not batch.items and "one object" in batch.failures[0].reason, batch
