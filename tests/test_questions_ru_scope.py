"""Russian questions, session 20: the causes the site6 judges found (government, name forms, fragments as
answers, question words, dropped occasions), each fixed as a class and tested on sentences written for it."""
from __future__ import annotations

from tasks.dragon.questions_ru_answers import ru_not_nominative
from tasks.dragon.questions_ru_checks import ru_hanging_genitive
from tasks.dragon.questions_ru_scope import (
    ru_disagreeing_name, ru_manner, ru_month_without_year, ru_name_not_written, ru_occasion, ru_role_drops_genitive,
)
from tests.test_questions_ru_grammar import edge
from tests.test_questions_ru_round7 import asked


# ---------------------------------------------------------------- the case a preposition or a verb governs

def test_a_quoted_name_after_za_is_accusative_and_stays_nominative():
    e = edge("Павел Зорин", "выступать за", "Металлист", "Полузащитник Павел Зорин три года выступал за курский «Металлист».",
             "person", "org")
    q, _ = asked(e, "tail")
    assert q == "За какую команду выступал Павел Зорин?"  # whom a player plays for is a team (session 21)
    q, _ = asked(e, "head")
    assert q == "Кто выступал за «Металлист»?"  # never «за «Металлистом»» nor «за «Металлиста»»


def test_an_ordinal_in_figures_takes_the_case_its_sentence_writes_or_is_not_asked():
    q, _ = asked(edge("Павел Зорин", "играть под", "7-й номер", "В новом клубе Павел Зорин будет играть под 7-м номером.",
                      "person", "other"), "head")
    assert q is not None and "под 7-м номером" in q
    q, why = asked(edge("Павел Зорин", "выйти под", "7-й номер", "Павел Зорин выйдет на поле под 7-м номером.",
                        "person", "other").model_copy(update={"sentences": ["Павел Зорин выйдет на поле под седьмым номером."]}),
                   "head")
    assert q is None and "7-й номер" in why


def test_a_role_that_is_a_participle_is_not_asked_with_a_genitive():
    q, why = asked(edge("Анна Волкова", "заведующий", "кафедра оптики",
                        "Исследование провела заведующий кафедрой оптики Анна Волкова.", "person", "org"), "tail")
    assert q is None and "participle" in why
    q, _ = asked(edge("Андрей Ким", "управляющий партнер", "Лоция", "Управляющий партнёр «Лоции» Андрей Ким дал интервью.",
                      "person", "org"), "tail")
    assert q is not None and q.startswith("Управляющим партнёром")


# ---------------------------------------------------------------- name forms

def test_a_name_whose_adjective_and_noun_disagree_is_not_asked():
    assert ru_disagreeing_name("Северной пристань")
    assert ru_disagreeing_name("Южный гавани")
    assert not ru_disagreeing_name("Северная пристань")
    # an animate accusative adjective before a noun whose accusative reading is inanimate («соколы» as tools)
    assert ru_disagreeing_name("Костромских соколы") and not ru_disagreeing_name("Костромские соколы")
    assert not ru_disagreeing_name("пустые ворота") and not ru_disagreeing_name("новые автобусы")
    assert not ru_disagreeing_name("Нижегородская область")
    assert not ru_disagreeing_name("министерство здравоохранения")
    assert not ru_disagreeing_name("лаборатория прикладной оптики")
    q, why = asked(edge("Северной пристань", "построить", "новый причал",
                        "Директор «Северной пристани» сообщил, что компания построит новый причал.", "org", "other"), "tail")
    assert q is None and "declines its adjective" in why


def test_a_person_is_named_in_the_form_the_sentence_writes():
    assert ru_name_not_written("Зорина", ["Зорин уже прошёл медицинский осмотр."])
    assert not ru_name_not_written("Зорин", ["Зорин уже прошёл медицинский осмотр."])
    assert not ru_name_not_written("Павел Зорин", ["Клуб подписал контракт с Павлом Зориным."])  # only declined
    assert not ru_name_not_written("Мария Зорина", ["Мария Зорина прошла осмотр."])
    q, why = asked(edge("Зорина", "пройти", "медицинский осмотр", "Зорин уже прошёл медицинский осмотр.", "person", "other"))
    assert q is None and "not in the form" in why


# ---------------------------------------------------------------- answers: nominative, complete, with their year

def test_an_instrumental_count_is_no_answer():
    assert ru_not_nominative("тремя нападающими")
    assert ru_not_nominative("трёх инженеров")  # «Кого примет завод?» → the accusative of a count
    assert not ru_not_nominative("двух кварталах")  # a count's place, asked «где»
    q, why = asked(edge("Ястреб", "вести переговоры с", "тремя нападающими",
                        "Клуб «Ястреб» ведёт переговоры с тремя нападающими из других команд.", "org", "other"))
    assert q is None and "nominative" in why


def test_an_answer_cut_before_the_name_its_noun_introduces_is_refused():
    sentence = "Договор на поставку с заводом «Уралвагон» подписало «Трамвайное управление»."
    assert ru_hanging_genitive("договор на поставку с заводом", [sentence])
    assert not ru_hanging_genitive("договор на поставку", [sentence])
    q, why = asked(edge("Трамвайное управление", "подписать", "договор на поставку с заводом", sentence, "org", "other"))
    assert q is None and "name its sentence gives" in why


def test_a_month_keeps_the_year_its_sentence_gives_or_is_not_asked():
    assert ru_month_without_year("март", ["Олег Серов был арестован в марте прошлого года."])
    assert ru_month_without_year("5 марта", ["Суд вынес решение 5 марта 2025 года."])
    assert not ru_month_without_year("март", ["Олег Серов был арестован в марте."])
    assert not ru_month_without_year("март 2025 года", ["Олег Серов был арестован в марте 2025 года."])
    q, why = asked(edge("Олег Серов", "задержать в", "март", "Олег Серов был задержан в марте прошлого года.",
                        "person", "date"))
    assert q is None and "year" in why


# ---------------------------------------------------------------- the question word fits the answer

def test_an_ordinal_answer_is_asked_with_which():
    q, _ = asked(edge("Ястреб", "занимать", "пятое место", "После второго круга «Ястреб» занимает пятое место.",
                      "org", "other"))
    assert q == "Какое место занимает «Ястреб»?"


# ---------------------------------------------------------------- qualifiers that make the answer true

def test_an_amount_keeps_the_time_or_event_its_verb_has():
    e = edge("Павел Зорин", "забить", "12 голов", "В позапрошлом сезоне Павел Зорин забил 12 голов.", "person", "quantity")
    assert ru_occasion(e) == ["в позапрошлом сезоне"]
    q, _ = asked(e, "tail")
    assert q == "Сколько голов в позапрошлом сезоне забил Павел Зорин?"
    q, _ = asked(e, "head")
    assert q == "Кто забил 12 голов в позапрошлом сезоне?"
    # a second verb shares the time said before the first
    e = edge("Павел Зорин", "отдать", "4 передачи", "В позапрошлом сезоне Павел Зорин забил 12 голов и отдал 4 передачи.",
             "person", "quantity")
    assert ru_occasion(e) == ["в позапрошлом сезоне"]


def test_an_occasion_that_points_back_into_the_article_refuses_the_amount():
    e = edge("Павел Зорин", "забить", "3 гола", "В этом матче Павел Зорин забил 3 гола.", "person", "quantity")
    assert ru_occasion(e) is None
    q, why = asked(e, "tail")
    assert q is None and "points back" in why


def test_a_when_question_keeps_the_manner_that_dates_the_event():
    e = edge("Илья Рогов", "упасть в", "второй тайм", "Во втором тайме Илья Рогов неудачно упал.", "person", "date")
    assert ru_manner(e) == ["неудачно"]
    q, _ = asked(e, "tail")
    assert q == "Когда неудачно упал Илья Рогов?"
    assert ru_manner(edge("Илья Рогов", "упасть в", "второй тайм", "Во втором тайме Илья Рогов уже упал.",
                          "person", "date")) == []


def test_a_role_that_drops_a_genitive_before_its_organisation_is_refused():
    sentence = "Министр культуры Томской области Ирина Котова открыла выставку."
    assert ru_role_drops_genitive(edge("Ирина Котова", "министр", "Томская область", sentence, "person", "place"))
    assert not ru_role_drops_genitive(edge("Ирина Котова", "министр культуры", "Томская область", sentence, "person", "place"))
    assert not ru_role_drops_genitive(edge("Ирина Котова", "губернатор", "Томская область",
                                           "Губернатор Томской области Ирина Котова открыла выставку.", "person", "place"))


# ---------------------------------------------------------------- a class noun before a quoted name (rules_ru may keep it)

def test_a_class_noun_before_a_quoted_name_governs_and_the_name_stays_nominative():
    from tasks.dragon.questions_base import unnamed

    assert not unnamed("завод «Северная ткань»") and unnamed("новый завод")
    e = edge("Мария Зорина", "работать на", "завод «Северная ткань»", "Мария Зорина работает на заводе «Северная ткань».",
             "person", "org")
    assert asked(e, "head")[0] == "Кто работает на заводе «Северная ткань»?"
    e = edge("Игорь Лунев", "подписать контракт с", "клуб «Северные волки»",
             "Игорь Лунев подписал контракт с клубом «Северные волки».", "person", "org")
    assert asked(e, "head")[0] == "Кто подписал контракт с клубом «Северные волки»?"
    assert asked(e, "tail")[0] == "С каким клубом Игорь Лунев подписал контракт?"
    e = edge("Игорь Лунев", "директор", "завод «Северная ткань»",
             "Директор завода «Северная ткань» Игорь Лунев рассказал о планах.", "person", "org")
    assert asked(e, "head")[0] == "Кто является директором завода «Северная ткань»?"


def test_a_plant_is_asked_as_a_plant_not_an_organisation():
    e = edge("завод «Северная ткань»", "построен в", "1950 год", "Завод «Северная ткань» построен в 1950 году.", "org", "date")
    assert asked(e, "head")[0] == "Какой завод построен в 1950 году?"
    assert asked(e, "tail")[0] == "Когда построен завод «Северная ткань»?"


def test_an_occasion_phrase_does_not_take_the_subject_the_parser_hangs_on_it():
    e = edge("Северные волки", "провести", "12 матчей", "В текущем сезоне «Северные волки» провели 12 матчей.",
             "org", "quantity")
    found = ru_occasion(e)
    assert found is not None and all("волки" not in phrase for phrase in found)
    q, _ = asked(e, "tail")
    assert q is not None and q.count("Северные волки") == 1


def test_a_period_asked_with_when_keeps_the_manner_too():
    q, _ = asked(edge("Илья Рогов", "упасть в", "третья четверть", "В третьей четверти Илья Рогов неудачно упал.",
                      "person", "other"))
    assert q == "Когда неудачно упал Илья Рогов?"


def test_a_name_in_a_form_its_sentence_does_not_write_is_refused_whatever_its_type():
    q, why = asked(edge("Ладогина", "пройти", "медицинский осмотр", "Ладогин уже прошёл медицинский осмотр.",
                        "other", "other"))
    assert q is None and "not in the form" in why



def test_a_name_its_own_sentence_does_not_write_is_quoted_as_the_article_writes_it():
    from schemas import Subgraph
    from tasks.dragon.questions import QuestionConfig, generate_questions
    from tests.test_questions_ru_grammar import RULES

    named = edge("Северная ткань", "выпускать", "ситец", "Фабрика «Северная ткань» выпускает ситец.", "org", "other")
    built = edge("Северная ткань", "построен в", "1950 год", "Фабрика была построена в 1950 году.", "org", "date")
    built = built.model_copy(update={"tail": "n3", "edge_id": "e:built"})
    subs = [Subgraph(subgraph_id="a", type="simple", lang="ru", edges=[named], answer_nodes=["n2"], question_nodes=["n1"]),
            Subgraph(subgraph_id="b", type="simple", lang="ru", edges=[built], answer_nodes=["n3"], question_nodes=["n1"])]
    questions = [i.question for i in generate_questions(subs, RULES, QuestionConfig()).items]
    assert any("«Северная ткань»" in q and q.startswith("Когда") for q in questions), questions


# ---------------------------------------------------------------- session 20, site4 sample

def test_a_quoted_name_a_verb_takes_as_its_object_stays_nominative():
    e = edge("Ястреб", "обыграть", "Металлист", "Клуб «Ястреб» в субботу обыграл курский «Металлист».", "org", "org")
    assert asked(e, "head")[0] == "Какой клуб обыграл «Металлист»?"


def test_a_preposition_with_no_object_is_refused():
    from tasks.dragon.questions_ru_scope import ru_hanging_preposition

    assert ru_hanging_preposition("Кто сыграет в матче с и забил 3 гола?")
    assert ru_hanging_preposition("С кем сыграет клуб в матче с?")
    assert not ru_hanging_preposition("С кем сыграет «Ястреб» в субботу?")
    assert not ru_hanging_preposition("Что построит «Стройдом» в Казани?")
    assert not ru_hanging_preposition("Кто проголосовал за?")  # «за», «против», «после» stand alone as adverbs
    assert not ru_hanging_preposition("Сколько стоит витамин С?")  # a capital letter, not «с»


def test_a_relation_that_drops_the_name_after_its_noun_is_refused():
    from tasks.dragon.questions_ru_scope import ru_relation_drops_name

    sentence = "Сеть «Колос» закроет магазин на улице Заречной 20 мая."
    assert ru_relation_drops_name(edge("Колос", "закрыть магазин на улице", "20 мая", sentence, "org", "date"))
    assert not ru_relation_drops_name(edge("Колос", "закрыть магазин", "20 мая", "Сеть «Колос» закроет магазин 20 мая.",
                                           "org", "date"))
    q, why = asked(edge("Колос", "закрыть магазин на улице", "20 мая", sentence, "org", "date"))
    assert q is None and "drops" in why


def test_a_team_and_a_player_are_not_compared():
    from tasks.dragon.questions_ru import RussianTemplates
    from tasks.dragon.questions_base import NoTemplate
    import pytest

    team = edge("Ястреб", "набрать", "30 очков", "«Ястреб» набрал 30 очков.", "org", "quantity")
    player = edge("Павел Зорин", "набрать", "12 очков", "Павел Зорин набрал 12 очков.", "person", "quantity")
    with pytest.raises(NoTemplate):
        RussianTemplates().comparison(team, "ORG", "Ястреб", "Павел Зорин", second_edge=player)
    other = edge("Металлист", "набрать", "28 очков", "«Металлист» набрал 28 очков.", "org", "quantity")
    assert RussianTemplates({"n1": "команда"}).comparison(team, "ORG", "Ястреб", "Металлист", second_edge=other)[0] == (
        "Какая команда набрала больше очков: «Ястреб» или «Металлист»?")
    with pytest.raises(NoTemplate):  # two sides nothing names: not «Какая организация» (questions_ru_kinds)
        RussianTemplates().comparison(team, "ORG", "Ястреб", "Металлист", second_edge=other)


def test_a_roles_genitive_gives_its_organisation_a_class_for_every_question():
    from schemas import Subgraph
    from tasks.dragon.questions_ru_checks import ru_class_nouns

    role = edge("Пётр Жуков", "директор", "Северная ткань", "Директором фабрики назначен Пётр Жуков.", "person", "org")
    built = edge("Северная ткань", "построен в", "1950 год", "Фабрика была построена в 1950 году.",
                 "org", "date").model_copy(update={"head": "n2", "tail": "n3", "edge_id": "e:built"})
    subs = [Subgraph(subgraph_id="a", type="simple", lang="ru", edges=[role], answer_nodes=["n2"], question_nodes=["n1"]),
            Subgraph(subgraph_id="b", type="simple", lang="ru", edges=[built], answer_nodes=["n2"], question_nodes=["n3"])]
    assert ru_class_nouns(subs).get("n2") == "фабрика"


def test_a_name_its_sentences_quote_whole_is_no_class_noun():
    from schemas import Subgraph
    from tasks.dragon.questions_ru_checks import ru_class_nouns

    company = edge("Южный терминал", "купить", "Ижора", "Компания «Южный терминал» купила «Ижору».", "org", "org")
    place = edge("Южный терминал", "купить", "Ижора", "Южный терминал купил «Ижору».", "org", "org")
    sub = lambda e: [Subgraph(subgraph_id="a", type="simple", lang="ru", edges=[e], answer_nodes=["n2"],
                              question_nodes=["n1"])]
    assert ru_class_nouns(sub(company)).get("n1") == "компания"  # asked «организация» (an org noun)
    assert ru_class_nouns(sub(place)).get("n1") == "терминал"


def test_a_role_genitive_read_dative_first_still_counts_and_is_no_class_of_a_later_name():
    """«Профессором какой кафедры является Нина Шестакова? → ТГУ» (site7): «профессор кафедры неорганической
    химии ТГУ» puts a genitive phrase between the role and the name (its adjective read dative first), and
    «кафедра» is not what the university is."""
    from tasks.dragon.questions_ru import _ru_role_class, ru_relation

    said = "Лабораторию возглавляет доцент кафедры физической географии СибГУ Марина Орлова."
    e = edge("Марина Орлова", "доцент", "СибГУ", said, "person", "org")
    assert ru_role_drops_genitive(e)
    assert _ru_role_class(ru_relation("доцент"), e) is None
    q, why = asked(e)
    assert q is None and "drops the genitive" in why
    e = edge("Марина Орлова", "директор", "Заря", "Директор театра Марина Орлова сказала, что «Заря» откроет сезон.",
             "person", "org")
    assert _ru_role_class(ru_relation("директор"), e) == "театр"


def test_a_disagreeing_label_of_a_hidden_bridge_is_never_said_and_keeps_its_question():
    """«Стерлитамакских соколы» as a multi-hop's bridge: «клуба, главным тренером которого …» never says the label."""
    from schemas import Subgraph
    from tasks.dragon.questions import QuestionConfig, generate_questions
    from tests.test_questions_ru_grammar import RULES
    coach = edge("Олег Рябов", "главный тренер", "Костромских лоси", "Главный тренер «Костромских лосей» Олег Рябов "
                 "доволен игрой.", "person", "org").model_copy(update={"head": "p", "tail": "c"})
    sponsor = edge("компания «Волгахим»", "генеральный спонсор", "Костромских лоси", "Генеральным спонсором "
                   "«Костромских лосей» стала компания «Волгахим».", "org", "org").model_copy(update={"head": "s", "tail": "c"})
    sub = Subgraph(subgraph_id="mh", type="multi-hop", lang="ru", edges=[coach, sponsor], answer_nodes=["s"],
                   question_nodes=["p"], hidden_nodes=["c"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert batch.items, batch.failures
    assert "Костромских лоси" not in batch.items[0].question
    shown = sub.model_copy(update={"type": "simple", "edges": [coach], "answer_nodes": ["c"], "hidden_nodes": []})
    assert not generate_questions([shown], RULES, QuestionConfig()).items
