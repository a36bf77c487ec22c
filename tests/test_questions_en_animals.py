"""English questions about named animals and races (session 33, the judges' notes on site20 and site21: "Who does
X train?" and "Which team does X train?" for a racehorse, "Who did X beat?" of a race the horse won from a field).
A name the article writes as an animal is asked by its class ("Which horse", "Which dog", "Which ram"), in simple
and in two-fact questions; "X beat Y" of a race or a contest of many is refused with its reason; a game between two
teams and a person's "who" stay. Sentences written for these tests; real spaCy parses and real templates."""
from __future__ import annotations

from schemas import Subgraph
from tasks.dragon.questions import generate_questions
from tasks.dragon.questions_en_animals import animal_noun, field_result
from tests.test_questions_en_grammar import RULES, fact
from tests.test_questions_en_kind_words import _simple

_WON = "The mare Kowhai Belle won the $60,000 Tasman Cup at Riverside on Sunday."
_BEAT = "Kowhai Belle beat Red Tussock by a neck in the feature race."
_TRAINED = "Kowhai Belle, who started at $9.20, is trained at Balclutha by Ian Moffat."
_RIVAL = "Red Tussock's trainer, Colin Drew, said the gelding was checked on the turn."


def _facts():
    won = fact("Kowhai Belle", "win", "the Tasman Cup", _WON, "person", "other", n=1)
    beat = fact("Kowhai Belle", "beat", "Red Tussock", _BEAT, "person", "person", n=2)
    trained = fact("Ian Moffat", "train", "Kowhai Belle", _TRAINED, "person", "person", n=3)
    return won, beat, trained


def test_the_words_around_a_name_say_it_is_an_animal():
    assert animal_noun("Kowhai Belle", [_WON]) == "horse"  # "the mare X"
    assert animal_noun("Kowhai Belle", ["Ridden by Amy Lowe, Kowhai Belle led all the way."]) == "horse"
    assert animal_noun("Zippy Ash", ["Zippy Ash, a two-year-old greyhound, won his heat."]) == "dog"
    assert animal_noun("Brookvale Titan", ["The ram Brookvale Titan sold for $12,000 at the sale."]) == "ram"
    assert animal_noun("Pickle", ["A muddy spaniel called Pickle has won Best in Show at the Tarnby fair."]) == "dog"
    # a trainer's words alone say it only beside an animal noun of the article (a boxer is trained too)
    assert animal_noun("Red Tussock", [_RIVAL]) == "horse"
    assert animal_noun("Southern Flash", ["Driven by Ben Kerr, Southern Flash won the trot.",
                                          "The four-year-old trotter has won six races."]) == "horse"
    assert animal_noun("Tom Reilly", ["Tom Reilly's trainer, Sam Vance, said he was ready for the bout."]) is None
    # the jockey and the trainer are people
    assert animal_noun("Amy Lowe", ["Ridden by Amy Lowe, Kowhai Belle led all the way."]) is None
    assert animal_noun("Ian Moffat", [_TRAINED, _RIVAL]) is None


def test_a_horse_is_asked_which_horse_not_who_nor_which_team():
    won, beat, trained = _facts()
    # "beat" made the horse a side in a game: it was asked "Which team does Ian Moffat train?"
    assert _simple([trained, won, beat], "Kowhai Belle") == "Which horse does Ian Moffat train?"
    assert _simple([won, trained], "Kowhai Belle") == "Which horse won the Tasman Cup?"
    rival = fact("Colin Drew", "trainer of", "Red Tussock", _RIVAL, "person", "person", n=4)
    assert _simple([rival, beat], "Red Tussock") == "Which horse is Colin Drew the trainer of?"


def test_a_two_fact_question_about_a_horse_says_which_horse():
    won, _, trained = _facts()
    sub = Subgraph(subgraph_id="c", type="conditional", lang="en", edges=[trained, won], answer_nodes=["n:Kowhai Belle"],
                   question_nodes=["n:Ian Moffat", "n:the Tasman Cup"])
    batch = generate_questions([sub], RULES)
    assert [i.question for i in batch.items] == ["Which horse is trained by Ian Moffat and won the Tasman Cup?"], batch


def test_a_race_winner_beat_the_field_so_who_it_beat_is_refused():
    won, beat, trained = _facts()
    assert _simple([beat, won, trained], "Red Tussock") is None
    subs = [Subgraph(subgraph_id="s", type="simple", lang="en", edges=[beat], answer_nodes=["n:Red Tussock"],
                     question_nodes=["n:Kowhai Belle"])]
    reasons = [f.reason for f in generate_questions(subs + [Subgraph(
        subgraph_id="t", type="simple", lang="en", edges=[won], answer_nodes=["n:the Tasman Cup"],
        question_nodes=["n:Kowhai Belle"])], RULES).failures]
    assert any("the winner beat the whole field" in r for r in reasons), reasons


def test_a_race_between_people_that_places_a_third_is_refused_too():
    beat = fact("Nadia Pross", "beat", "Lena Hart", "Nadia Pross beat Lena Hart by two seconds in the race.",
                "person", "person", n=1)
    assert _simple([beat], "Lena Hart") == "Who did Nadia Pross beat?"  # two runners named: kept
    third = fact("Ruth Ames", "finish", "third", "Ruth Ames finished third in the race, ten seconds back.",
                 "person", "other", n=2)
    assert _simple([beat, third], "Lena Hart") is None


def test_a_game_between_two_teams_keeps_its_question():
    beat = fact("the Kelby Owls", "beat", "the Tarn Foxes", "The Kelby Owls beat the Tarn Foxes 3-1 on Saturday.",
                "org", "org", n=1)
    table = fact("the Tarn Foxes", "remain", "third", "The Tarn Foxes were third on the ladder before the round.",
                 "org", "other", n=2)
    assert _simple([beat, table], "the Tarn Foxes") == "Who did the Kelby Owls beat?"


def test_a_show_dog_is_asked_which_dog_and_how_many_it_beat_stays():
    """The transfer test found a show dog asked "Which team ... breed from?" (a breed's noun with "called")."""
    won = fact("Pickle", "win", "Best in Show", "A muddy spaniel called Pickle won Best in Show at the Tarnby fair, "
               "beating 310 rivals.", "person", "other", n=1)
    beat = fact("Pickle", "beat", "310 rivals", "A muddy spaniel called Pickle won Best in Show at the Tarnby fair, "
                "beating 310 rivals.", "person", "other", n=2)
    breed = fact("Jo Mercer", "breed from", "Pickle", "Jo Mercer bred from Pickle last year.",
                 "person", "person", n=3)
    assert _simple([breed, won, beat], "Pickle") == "Which dog did Jo Mercer breed from?"
    # a count of the field it beat is no one runner: not refused as the field's winner
    count = Subgraph(subgraph_id="n", type="simple", lang="en", edges=[beat], answer_nodes=["n:310 rivals"],
                     question_nodes=["n:Pickle"])
    assert field_result(count, {}, {"n:Pickle": "dog", "Pickle": "dog"}) is None


def test_a_person_trained_as_something_is_no_horse():
    # (review of session 33) "X was trained as a nurse" is a person's schooling: an article that also keeps "a horse"
    # makes no horse of her
    assert animal_noun("Ana Rau", ["Ana Rau was trained as a nurse in Dunedin.", "She keeps a horse at home."]) is None
    assert animal_noun("Ana Rau", ["Ana Rau was trained to fly by the air force.", "The horse was sold."]) is None
    assert animal_noun("Kowhai Belle", ["Kowhai Belle is trained at Balclutha by Ian Moffat.",
                                        "The mare won twice."]) == "horse"


def test_a_league_game_beside_a_table_place_and_a_title_race_keeps_its_question():
    # (review of session 33) a league's table ("were third in the league") and its "title race" or a local "derby"
    # are no race of many: the game between two sides is still asked
    for text in ("Ashby Rovers beat Kelby United 3-1 in the derby on Saturday. Holm City were third in the league "
                 "and the race for promotion is tight.",
                 "Ashby Rovers beat Kelby United 2-0. Kelby finished fourth on the ladder, out of the title race."):
        edge = fact("Ashby Rovers", "beat", "Kelby United", text, "org", "org")
        sub = Subgraph(subgraph_id="s", type="simple", lang="en", edges=[edge], answer_nodes=[edge.tail],
                       question_nodes=[edge.head])
        assert field_result(sub, {}, {}) is None, text
    # a race's placings still refuse it
    race = fact("Mia Holt", "beat", "Ana Rau", "Mia Holt beat Ana Rau by two lengths in the 5000m race. Kate Lowe "
                "was third.", "person", "person")
    sub = Subgraph(subgraph_id="s", type="simple", lang="en", edges=[race], answer_nodes=[race.tail],
                   question_nodes=[race.head])
    assert field_result(sub, {}, {}) is not None
