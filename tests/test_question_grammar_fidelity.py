"""tasks/dragon/question_grammar_fidelity: a question says its fact the way its reference sentences say it
(English and Russian). Every sentence here is invented for the test: each check must catch its broken
question and pass a similar faithful one."""
from __future__ import annotations

import pytest

from tasks.dragon.question_grammar import QuestionView
from tasks.dragon import question_grammar_fidelity as fidelity


def _found(code: str, question: str, answer: str, sentences: tuple[str, ...], lang: str) -> bool:
    view = QuestionView(question=question, answers=(answer,), type="simple", lang=lang, references=sentences)
    check = next(c for c in fidelity.CHECKS if c.code == code)
    return check(view) is not None


def _case(code, question, answer, sentences, caught, lang="en"):
    return pytest.param(code, question, answer, sentences, caught, lang,
                        id=f"{code}-{lang}-{'bad' if caught else 'ok'}-{question}")


_WING = ("The winger slipped past three tacklers on a long counter-attack before Maro Keane scored.",)
_SAVES = ("Вратарь «Сов» Пётр Рыжов отразил 28 бросков из 30.",)
_GRANT = ("The Harbour Board has awarded a contract worth $12.5 million to a Leith builder.",)
_MATCH = ("Coventry Kestrels lost the game after their captain left the court in the 38th minute.",)
_SPEND = ("Компания «Луч» потратит около 150 млн рублей на новые станки.",)
_SOLD = ("The mill was bought by the Harlow family in 1998.",)
_PLANT = ("Фабрика потратит 3 млрд рублей и к 2028 году нарастит выпуск до 400 тысяч тонн.",
          "На заводе работают 26 000 человек.")
_CROWD = ("A crowd of 14,250 watched the final at Kelby Park.",)
_CLINIC = ("The clinic will open next spring, sparing 40 families a long drive to Kelby.",)
_FIXTURES = ("The Owls will face the Ravens on Friday.", "The Owls beat the Hawks 3-1 on Sunday.",
             "The Owls will host the Hawks in May.")
_FIXTURES_AHEAD = ("The Owls will face the Ravens on Friday and hope to beat the Hawks next month.",
                   "The Owls beat the Hawks last season.")
_DOCK = ("Старые краны порт спишет осенью 2028 года.",)
_RECEIVER = ("Kelby scored late when receiver Tomas Brandt caught a 40-yard pass.",)
_SHARES = ("Shares of Norland Cable fell 3 per cent in Oslo on Tuesday.",)
_SHARES_NAME = ("Transport for Kelby said Shares of Norland Cable, its pension fund's biggest holding, fell.",)
_WINDMILL = ("Kelby Windmill Trust said it would reopen the mill in May.",
             "Windmill Trust volunteers cleaned the sails.")
_ORG = ("Transport for Kelby has cancelled the night buses.",)
_GOAL = ("Дубль Лобанова принёс «Совам» победу в Рязани.",)
_PLAY = ("«Метель» поставила главный режиссёр театра Ольга Ланская.",)
_SNOW = ("KELBY — MetOffice has issued a snow warning for the Kelby hills from Tuesday.",)
_TABLE = ("The Kelby Owls finished third in the Northern League last season.",)
_STANDBY = ("Arden Power has put 60 crews on standby across the valley.",)
_LOAN = ("Arden Rovers signed Ned Hale on loan from Kelby Town.",)
_TRIBUNAL = ("The tribunal barred Ned Hale from driving a taxi for five years.",)
_MILL = ("The brewer said it had outgrown the old mill it has leased since 2011.",)
_TRAINING = ("Lena Moor will skip the indoor season and train for the world championships in June.",)
_REOPEN = ("The museum will reopen in the old customs house in May.",)
_RETIRED = ("Ida Marsh retired from international rugby in 2019.",)
_CLUB = ("Ida Marsh played for Arden Rovers for six seasons.",)
_RUN = ("Ned Hale slipped behind three defenders before he scored.",)
_HEAD = ("Ida Marsh, the former head of housing at Kelby Council, said so.",)
_FERRY = ("Arden Ferries will add a Sunday sailing, giving the three islands a second weekly service.",)
_LOANED = ("The state bank has agreed to lend Kelby Mills $8 million for a new dryer.",)
_KEYS = ("The trust gave the keys to Arden Council on Monday.",)
_PLOTS = ("Holm Homes will set aside 25 plots for first buyers.",)
_DEBT = ("Kelby Mills paid the loan back within two years.",)
_SPONSOR = ("Holm Brewery is paying for the festival at the Kelby Town Hall.",)
_THEFT = ("$4,500 was stolen from a petrol station on the Arden Road.",)
_STAKE = ("Holm Brewery bought a stake in Kelby Mills in March.",)
_TOWN = ("The minister visited the town of Arden on Friday.",)
_FINAL = ("The Hawks won the final against Arden Rovers on Monday.",)
_APPEAL = ("The Hawks lodged an appeal against the Kelby League on Monday.",)
_AWAY = ("The Hawks beat Arden Rovers away last season, then gave away two late goals at home.",)

CASES = [
    # a preposition, particle or article lost between two copied words
    _case("dropped_word", "Who slipped three tacklers and scored?", "Maro Keane",
          ("The winger slipped past three tacklers on a long counter-attack.",), True),
    _case("dropped_word", "Who slipped past three tacklers?", "the winger", _WING, False),
    _case("dropped_word", "Кто отразил 28 бросков 30?", "Пётр Рыжов", _SAVES, True, "ru"),
    _case("dropped_word", "Кто отразил 28 бросков из 30?", "Пётр Рыжов", _SAVES, False, "ru"),
    _case("dropped_word", "How much did the Harbour Board award contract worth?", "$12.5 million", _GRANT, True),
    _case("dropped_word", "How much was the contract that the Harbour Board awarded worth?", "$12.5 million",
          _GRANT, False),
    _case("dropped_word", "Who left the court in 38th minute?", "their captain", _MATCH, True),
    _case("dropped_word", "When did the captain leave the court?", "the 38th minute", _MATCH, False),
    # leaving out "about" before a number, and "by" of a passive made active, keep the fact
    _case("dropped_word", "Какая компания потратит 150 млн рублей на новые станки?", "«Луч»", _SPEND, False, "ru"),
    _case("dropped_word", "When did the Harlow family buy the mill?", "1998", _SOLD, False),
    # numbers the sentences never write so
    _case("number_not_said", "Кто нарастит выпуск до 3 400 тысяч тонн?", "Фабрика", _PLANT, True, "ru"),
    _case("number_not_said", "Какая фабрика к 2028 году нарастит выпуск до 400 тысяч тонн?", "x", _PLANT, False, "ru"),
    _case("number_not_said", "Где работают 26000 человек?", "на заводе", _PLANT, True, "ru"),
    _case("number_not_said", "Где работают 26 000 человек?", "на заводе", _PLANT, False, "ru"),
    _case("number_not_said", "Where did a crowd of 14250 watch the final?", "Kelby Park", _CROWD, True),
    _case("number_not_said", "Where did a crowd of 14,250 watch the final?", "Kelby Park", _CROWD, False),
    _case("number_not_said", "Кто занял 2 место на 3 этапе?", "x", (), False, "ru"),  # no reference: not read
    # verb forms
    _case("verb_not_said", "How many families will the clinic spar?", "40 families", _CLINIC, True),
    _case("verb_not_said", "How many families will the clinic spare?", "40 families", _CLINIC, False),
    _case("verb_not_said", "Who will face the Ravens and beat the Hawks?", "the Owls", _FIXTURES, True),
    _case("verb_not_said", "Who will face the Ravens and host the Hawks?", "the Owls", _FIXTURES, False),
    _case("verb_not_said", "Who will face the Ravens and beat the Hawks?", "the Owls", _FIXTURES_AHEAD, False),
    _case("verb_not_said", "Когда списал старые краны порт?", "осень 2028 года", _DOCK, True, "ru"),
    _case("verb_not_said", "Когда спишет старые краны порт?", "осень 2028 года", _DOCK, False, "ru"),
    # capitals the sentences do not write
    _case("capital_not_said", "How long was the pass that Receiver Tomas Brandt caught?", "40 yards", _RECEIVER, True),
    _case("capital_not_said", "How long was the pass that receiver Tomas Brandt caught?", "40 yards", _RECEIVER, False),
    _case("capital_not_said", "Where did Shares of Norland Cable fall?", "Oslo", _SHARES, True),
    _case("capital_not_said", "Where did shares of Norland Cable fall?", "Oslo", _SHARES, False),
    _case("capital_not_said", "What did Transport for Kelby cancel?", "the night buses", _ORG, False),
    _case("capital_not_said", "When will Kelby Windmill Trust reopen the mill?", "May", _WINDMILL, False),
    _case("capital_not_said", "Что принёс «Совам» Дубль Лобанова?", "победу", _GOAL, True, "ru"),
    _case("capital_not_said", "Кто поставил Метель и руководит театром?", "Ольга Ланская", _PLAY, False, "ru"),
    # a complement the sentence's verb governs, lost: a predicative, a phrase that completes the verb with its
    # object, a complement it selects, the noun its relative clause hangs on, the phrase a bare verb means by
    _case("lost_complement", "Who finished in the Northern League?", "the Kelby Owls", _TABLE, True),
    _case("lost_complement", "Who finished third in the Northern League?", "the Kelby Owls", _TABLE, False),
    _case("lost_complement", "How many crews has Arden Power put?", "60 crews", _STANDBY, True),
    # the object a score hides from the parser ("beat Tarnside 2-0": an npadvmod, "0" its "dobj")
    _case("lost_complement", "Where did Kelby Rovers beat?", "the Holm Road Ground",
          ("Kelby Rovers beat Tarnside 2-0 at the Holm Road Ground on Sunday.",), True),
    _case("lost_complement", "Where did Kelby Rovers beat Tarnside?", "the Holm Road Ground",
          ("Kelby Rovers beat Tarnside 2-0 at the Holm Road Ground on Sunday.",), False),
    _case("lost_complement", "How many crews has Arden Power put on standby?", "60 crews", _STANDBY, False),
    _case("lost_complement", "Who did Arden Rovers sign?", "Ned Hale", _LOAN, False),  # "on loan" says how
    _case("lost_complement", "Who did the tribunal bar?", "Ned Hale", _TRIBUNAL, True),
    _case("lost_complement", "Who did the tribunal bar from driving a taxi?", "Ned Hale", _TRIBUNAL, False),
    _case("lost_complement", "Since when has the brewer leased?", "2011", _MILL, True),
    _case("lost_complement", "Since when has the brewer leased the old mill?", "2011", _MILL, False),
    _case("lost_complement", "When will Lena Moor train?", "June", _TRAINING, True),
    _case("lost_complement", "When will Lena Moor train for the world championships?", "June", _TRAINING, False),
    _case("lost_complement", "Which club did Ida Marsh play?", "Arden Rovers", _CLUB, True),
    _case("lost_complement", "Which club did Ida Marsh play for?", "Arden Rovers", _CLUB, False),
    _case("lost_complement", "How many defenders did Ned Hale slip?", "three defenders", _RUN, True),
    _case("lost_complement", "How many defenders did Ned Hale slip behind?", "three defenders", _RUN, False),
    _case("lost_complement", "Where was Ida Marsh the former head?", "Kelby Council", _HEAD, True),
    _case("lost_complement", "Where was Ida Marsh the former head of housing?", "Kelby Council", _HEAD, False),
    # the second object of a verb said with two, a particle read as an adverb, an answer that hangs on the object
    _case("lost_complement", "How many islands will Arden Ferries give?", "three islands", _FERRY, True),
    _case("lost_complement", "What will Arden Ferries give the three islands?", "a second weekly service", _FERRY,
          False),
    _case("lost_complement", "Which organization has the state bank agreed to lend?", "Kelby Mills", _LOANED, True),
    _case("lost_complement", "Which organization agreed to lend the organization whose chief is Ida Marsh?",
          "the state bank", _LOANED, True),
    _case("lost_complement", "How much has the state bank agreed to lend Kelby Mills?", "$8 million", _LOANED, False),
    _case("lost_complement", "Who did the trust give to?", "Arden Council", _KEYS, True),
    _case("lost_complement", "Who did the trust give the keys to?", "Arden Council", _KEYS, False),
    _case("lost_complement", "How many plots will Holm Homes set?", "25 plots", _PLOTS, True),
    _case("lost_complement", "How many plots will Holm Homes set aside?", "25 plots", _PLOTS, False),
    _case("lost_complement", "What did Kelby Mills pay?", "the loan", _DEBT, True),
    _case("lost_complement", "What did Kelby Mills pay back?", "the loan", _DEBT, False),
    _case("lost_complement", "Which hall is Holm Brewery paying for?", "the Kelby Town Hall", _SPONSOR, True),
    _case("lost_complement", "Which festival is Holm Brewery paying for?", "the festival", _SPONSOR, False),
    _case("lost_complement", "Which road was $4,500 stolen from?", "the Arden Road", _THEFT, True),
    _case("lost_complement", "Which organization did Holm Brewery buy?", "Kelby Mills", _STAKE, True),
    _case("lost_complement", "Which organization did Holm Brewery buy a stake in?", "Kelby Mills", _STAKE, False),
    _case("lost_complement", "Which town did the minister visit?", "Arden", _TOWN, False),
    # "away" of a game is where it was played, no particle: "beat X away" is "beat X"; "gave away" keeps its particle
    _case("lost_complement", "Which team did the Hawks beat last season?", "Arden Rovers", _AWAY, False),
    _case("lost_complement", "How many goals did the Hawks give at home?", "two late goals", _AWAY, True),
    # the opponent of a game the verb plays or wins is the verb's opponent; "lodge an appeal against" is not
    _case("lost_complement", "Which team did the Hawks win against?", "Arden Rovers", _FINAL, False),
    _case("lost_complement", "Which organization did the Hawks lodge against?", "the Kelby League", _APPEAL, True),
    # phrases of place, time and source are adjuncts a question may leave out
    _case("lost_complement", "When will the museum reopen?", "May", _REOPEN, False),
    _case("lost_complement", "When did Ida Marsh retire?", "2019", _RETIRED, False),
    # a dateline glued to the answer
    _case("dateline", "Which organization issued a snow warning for the Kelby hills?", "KELBY — MetOffice", _SNOW,
          True),
    _case("dateline", "Which organization issued a snow warning for the Kelby hills?", "MetOffice", _SNOW, False),
]


@pytest.mark.parametrize("code, question, answer, sentences, caught, lang", CASES)
def test_fidelity_check(code, question, answer, sentences, caught, lang):
    assert _found(code, question, answer, sentences, lang) == caught


def test_fidelity_checks_run_in_both_languages():
    from tasks.dragon import question_grammar_en as en
    from tasks.dragon import question_grammar_ru as ru

    for check in fidelity.CHECKS:
        assert check in en.CHECKS and check in ru.CHECKS
