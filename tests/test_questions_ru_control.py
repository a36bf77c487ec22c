"""Russian questions, session 28: an infinitive's doer under a verb of obliging or forbidding, an object said by an
adjective or pronoun standing for its noun, a foreign person's name agreeing with its verb; sentences invented here."""
from __future__ import annotations

from tasks.dragon.questions_ru_answers import ru_controlled_infinitive
from tasks.dragon.questions_ru_inflect import _ru_gender, ru_person_gender
from tasks.dragon.questions_ru_objects import ru_object_left_out
from tests.test_questions_ru_grammar import edge
from tests.test_questions_ru_round7 import asked


def test_an_infinitive_under_a_verb_of_forbidding_is_not_its_subjects_act():
    # the addressee unsaid (coordinated with a verb that has it) and said: neither is the court's own act
    said = "Суд оштрафовал его и запретил два года занимать руководящие должности."
    assert ru_controlled_infinitive("занимать", [said]) == "запретил"
    q, why = asked(edge("Ленинский районный суд", "занимать", "руководящие должности", said, "org", "other"))
    assert q is None and "запретил" in why
    assert ru_controlled_infinitive("отремонтировать", ["Мэрия поручила подрядчику отремонтировать спортзал."]) == "поручила"
    assert ru_controlled_infinitive("выплатить", ["Арбитраж обязал компанию в течение месяца выплатить долг."]) == "обязал"


def test_a_duty_said_by_a_short_participle_is_refused_as_the_subjects_duty():
    # «обязан» obliges its own subject: the holding pays, as a duty; the refusal must not say someone else does it
    said = "Холдинг «Север» обязан выплатить 20 миллионов рублей до конца года."
    q, why = asked(edge("холдинг «Север»", "выплатить", "20 миллионов рублей", said, "org", "other", "planned"))
    assert q is None and "is obliged to" in why and "whose object" not in why, why


def test_a_past_forced_to_is_asked_as_the_subjects_done_deed():
    # «была вынуждена продать»: the company sold it, a past fact; the present «вынуждена» stays a refused duty
    said = "Компания «Полюс» была вынуждена продать стадион «Берег»."
    assert ru_controlled_infinitive("продать", [said]) is None
    q, why = asked(edge("компания «Полюс»", "продать", "стадион «Берег»", said, "org", "org"))
    assert q == "Какой стадион продала компания «Полюс»?", why
    now = "Компания «Полюс» вынуждена продать стадион «Берег»."
    assert ru_controlled_infinitive("продать", [now]) == "вынуждена"


def test_an_infinitive_of_the_subjects_own_plan_or_a_finite_verb_is_asked():
    assert ru_controlled_infinitive("отремонтировать", ["Мэрия планирует отремонтировать спортзал."]) is None
    assert ru_controlled_infinitive("занимать", ["Он занимает пост директора, хотя суд запретил ему работать."]) is None
    # another clause's verb before the infinitive: the break stops the search
    assert ru_controlled_infinitive("построить", ["Мэрия разрешила, и компания решила построить склад."]) is None
    # the relation that keeps the governing verb is another check's
    assert ru_controlled_infinitive("запретить занимать", ["Суд запретил занимать должности."]) is None


def test_an_object_said_by_an_adjective_or_pronoun_is_still_left_out():
    said = {  # sentence → the object the relation «покрыть из» / «оплатить из» leaves out
        "Часть затрат оплатит область, остальное мэрия Кирова покроет из резервного фонда.": "остальное",
        "Мэрия Кирова оплатит это из резервного фонда.": "это",
        # an adjective with its noun is no stand-in (the noun is found as before)
        "Мэрия Кирова оплатит новые автобусы из резервного фонда.": "автобусы",
    }
    found = {s: ru_object_left_out(edge("Мэрия Кирова", "покрыть из" if "покроет" in s else "оплатить из",
                                        "резервный фонд", s, "org", "other")) for s in said}
    assert found == said
    q, why = asked(edge("Мэрия Кирова", "покрыть из", "резервный фонд", next(iter(said)), "org", "other"))
    assert q is None and "direct object" in why


def test_a_foreign_person_agrees_with_the_gender_of_the_person():
    said = "Музыку для спектакля написал композитор Юсси Аалто."
    assert _ru_gender("Юсси Аалто") != "masc"  # the head-noun reading alone gets it wrong
    assert ru_person_gender("Юсси Аалто", [said]) == "masc"
    assert ru_person_gender("Антти Лесонен", ["Декорации сделал художник Антти Лесонен."]) == "masc"
    assert ru_person_gender("Хейди Клум", ["Выставку открыла Хейди Клум."]) == "femn"
    assert ru_person_gender("Ирина Волкова", []) == "femn"
    q, why = asked(edge("Юсси Аалто", "написать музыку для", "Драматический театр", said, "person", "org"))
    assert q is not None and "написал музыку" in q, (q, why)


def test_an_object_question_that_reads_either_way_is_marked_or_not_asked():
    from tasks.dragon.questions_ru_order import ru_roles_unmarked
    # neither «какой завод» nor «Нордфарм» shows its case, and «купил» agrees with both
    assert ru_roles_unmarked("какой завод", "купил", "Нордфарм", "masc")
    assert ru_roles_unmarked("какой завод", "купит", "Северный холдинг", "masc")
    assert ru_roles_unmarked("который", "купил", "«Нордфарм»", "masc")
    assert not ru_roles_unmarked("какой завод", "купила", "Северсталь", "femn")  # the verb's gender tells
    assert not ru_roles_unmarked("какую компанию", "купил", "Нордфарм", "masc")  # the question word's case tells
    assert not ru_roles_unmarked("какой завод", "купил", "Иван Петров", "masc")  # «Ивана Петрова»: the subject's
    assert not ru_roles_unmarked("какой завод", "купил", "холдинг «Нордфарм»", "masc")  # the class noun tells
    q, why = asked(edge("Нордфарм", "купить", "Ижорский завод", "В мае «Нордфарм» купил Ижорский завод.", "org", "org"))
    assert q is None and "reads either way" in why
    # the subject's class noun marks the roles
    q, why = asked(edge("Нордфарм", "купить", "Ижорский завод", "Компания «Нордфарм» купит Ижорский завод.", "org", "org"))
    assert q == "Какой завод купит компания «Нордфарм»?", why
    q, why = asked(edge("Нордфарм", "купить", "Ижорский завод", "Холдинг «Нордфарм» купил Ижорский завод.", "org", "org"))
    assert q == "Какой завод купил холдинг «Нордфарм»?", why
    q, why = asked(edge("Нордфарм", "купить", "Ижорский завод", "Холдинг «Нордфарм» купил Ижорский завод.", "org", "org"),
                   "head")
    assert q is not None, why


def test_a_relative_clause_that_reads_either_way_is_not_said():
    from schemas import Subgraph
    from tasks.dragon.questions import QuestionConfig, generate_questions
    from tests.test_questions_ru_grammar import RULES
    bought = edge("Нордфарм", "купить", "Ижорский завод", "В мае «Нордфарм» купил Ижорский завод.", "org", "org")
    leads = edge("Пётр Савельев", "генеральный директор", "Ижорский завод",
                 "Генеральный директор Ижорского завода Пётр Савельев рассказал о планах.", "person", "org")
    bought = bought.model_copy(update={"head": "n:nf", "tail": "n:iz"})
    leads = leads.model_copy(update={"head": "n:ps", "tail": "n:iz"})
    sub = Subgraph(subgraph_id="mh", type="multi-hop", lang="ru", edges=[leads, bought], answer_nodes=["n:ps"],
                   question_nodes=["n:nf"], hidden_nodes=["n:iz"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert not batch.items and "reads either way" in batch.failures[0].reason, [i.question for i in batch.items]
