"""Russian questions whose question word follows the verb's frame (issue 10, session 23): a preposition's
euphonic form chosen for the question word, a destination asked «куда», a limit «докуда», an amount the
verb governs in the genitive, the adjectives of a counted noun, an object the relation dropped, a deictic."""
from __future__ import annotations

import pytest

from schemas import Subgraph
from tasks.dragon.questions import QuestionConfig, generate_questions
from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_ru import RussianTemplates, _ru_prep_phrase, _ru_quantity_unit
from tasks.dragon.questions_ru_government import ru_deictic, ru_dropped_object, ru_toponym
from tests.test_questions_ru_grammar import RULES, edge, question


def test_the_euphonic_preposition_is_chosen_for_the_question_word():
    """«со шведским защитником» kept «со» in the relation: «Со кем подписал ...?» must be «С кем»."""
    assert _ru_prep_phrase("со", "кем") == "с кем"
    assert _ru_prep_phrase("во", "чём") == "в чём"
    assert _ru_prep_phrase("ко", "кому") == "к кому"
    assert _ru_prep_phrase("в", "что") == "во что"
    assert _ru_prep_phrase("с", "стадиона") == "со стадиона"
    assert _ru_prep_phrase("к", "всем") == "ко всем"
    e = edge("Речной порт", "заключить договор со", "Станислав Зимин",
             "Речной порт заключил договор со Станиславом Зиминым.", tail_type="person")
    assert question(e, "tail").startswith("С кем ")


def test_a_destination_is_asked_with_kuda():
    """«Где поставляет ...?», «Во что отменила рейсы ...?»: a place things are sent or travel to is «куда»."""
    assert ru_toponym("Кириллов") and ru_toponym("Тотьма") and not ru_toponym("земельный участок")
    e = edge("Лесозавод", "поставлять доски в", "Казахстан", "Лесозавод поставляет доски в Казахстан.",
             tail_type="place")
    assert question(e, "tail") == "Куда Лесозавод поставляет доски?"
    e = edge("Автоколонна", "отменить вечерние рейсы в", "Белозерск",
             "Автоколонна отменила вечерние рейсы в Белозерск из-за гололёда.", tail_type="other")
    assert question(e, "tail") == "Куда Автоколонна отменила вечерние рейсы?"
    # a place something is built in stays «где», whatever case the tagger read
    e = edge("Стройтрест", "построить склад в", "Кириллов", "«Стройтрест» построит склад в Кириллове.",
             tail_type="place", modality="planned")
    assert question(e, "tail").startswith("Где ")


def test_a_limit_of_a_way_is_asked_by_its_class_noun():
    """«До чего ходит теплоход?» of a town: «До какого города ходит ...?» where the text calls it a town; not
    asked where it does not, nor after a verb that goes nowhere («До чего займёт путь»)."""
    said = "Катер «Метеор-12» теперь ходит только до Тотьмы."
    e = edge("Метеор-12", "ходить до", "Тотьма", said, tail_type="place")
    asked, _ = RussianTemplates(classes={"n2": "город"}).ask_tail(e, e.head_label, "LOC")
    assert asked == "До какого города ходит «Метеор-12»?"
    with pytest.raises(NoTemplate):
        RussianTemplates().ask_tail(e, e.head_label, "LOC")
    e = edge("дорога", "занять до", "Тотьма", "Дорога займёт два часа до Тотьмы.", tail_type="place")
    with pytest.raises(NoTemplate, match="goes nowhere"):
        RussianTemplates(classes={"n2": "город"}).ask_tail(e, "Дорога", "LOC")


def test_an_amount_the_verb_governs_in_the_genitive_is_not_asked_skolko():
    """«Сколько рублей достигла стоимость?»: достичь takes the genitive; a level reached is «какой величины»."""
    e = edge("средняя зарплата в районе", "достичь", "58 тысяч рублей",
             "Средняя зарплата в районе достигла 58 тысяч рублей.", head_type="other", tail_type="money")
    asked, _ = RussianTemplates().ask_tail(e, e.head_label, "NUM")
    assert asked == "Какой величины достигла средняя зарплата в районе?"
    e = edge("фабрика", "лишиться", "40 миллионов рублей", "Фабрика лишилась 40 миллионов рублей.",
             head_type="org", tail_type="money")
    with pytest.raises(NoTemplate, match="governs the gent"):
        RussianTemplates().ask_tail(e, "Фабрика «Заря»", "NUM")


def test_the_adjectives_of_a_counted_noun_go_to_the_genitive_plural():
    """«Сколько новых мусоровоза ...?» → «Сколько новых мусоровозов ...?»."""
    assert _ru_quantity_unit("42 новых мусоровоза") == "новых мусоровозов"
    assert _ru_quantity_unit("3 больших трамвая") == "больших трамваев"
    assert _ru_quantity_unit("7 тонн сухого молока") == "тонн сухого молока"
    assert _ru_quantity_unit("300 новых") is None
    e = edge("Гортранс", "получить", "32 новых трамвая", "Гортранс получил 32 новых трамвая.",
             tail_type="quantity")
    assert question(e, "tail") == "Сколько новых трамваев получил Гортранс?"


def test_a_prepositional_object_without_the_direct_object_its_sentence_gives_is_not_asked():
    """«К чему приговорил суд?»: the relation dropped whom the court sentenced."""
    sentence = "Районный суд приговорил бывшего бухгалтера к трём годам колонии."
    assert ru_dropped_object("приговорить", "к", "", "трём годам колонии", [sentence]) == "бухгалтера"
    long = "Суд приговорил бывшего главного бухгалтера ООО «Ромашка» Ивана Сидорова к году колонии."
    assert ru_dropped_object("приговорить", "к", "", "году колонии", [long]) == "бухгалтера"
    assert ru_dropped_object("приговорить", "к", "бывшего бухгалтера", "трём годам колонии", [sentence]) is None
    assert ru_dropped_object("ходить", "до", "", "Тотьма", ["Катер ходит только до Тотьмы."]) is None
    e = edge("Районный суд", "приговорить к", "трём годам колонии", sentence, tail_type="other")
    sub = Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[e], answer_nodes=["n2"], question_nodes=["n1"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert not batch.items and "without the object" in batch.failures[0].reason


def test_a_deictic_adverb_is_not_left_in_a_question():
    """«Когда здесь показали комедию?»: «здесь» points at a place the question never names."""
    assert ru_deictic("Когда здесь открыли музей?") == "здесь"
    assert ru_deictic("Где открыли музей?") is None
    assert ru_deictic("Когда открыли Музей тут?") == "тут"


def test_the_opponent_of_a_lost_game_is_asked_in_the_dative():
    """«Какой клуб проиграли «Северные ястребы»?»: проиграть кому; «проиграли матч» stays accusative."""
    e = edge("Речные волки", "проиграть", "Лесные медведи", "«Речные волки» проиграли «Лесным медведям».",
             tail_type="org")
    assert question(e, "tail").startswith(("Какой организации проиграли", "Какому клубу проиграли",
                                           "Какой команде проиграли"))
    e = edge("Речные волки", "проиграть", "домашний матч", "«Речные волки» проиграли домашний матч.",
             tail_type="other")
    assert question(e, "tail") == "Что проиграли «Речные волки»?"


def test_a_company_after_a_verb_of_giving_receives_it():
    """«Какую организацию выделит Фонд?» of «компании выделит Фонд»: the company is the receiver."""
    e = edge("Фонд развития", "выделить", "компания «Лесной двор»", "Компании «Лесной двор» выделит Фонд развития.",
             tail_type="org")
    sub = Subgraph(subgraph_id="s", type="simple", lang="ru", edges=[e], answer_nodes=["n2"], question_nodes=["n1"])
    batch = generate_questions([sub], RULES, QuestionConfig())
    assert not batch.items and "without what is given" in batch.failures[0].reason
    e = edge("Фонд развития", "выделить заём", "компания «Лесной двор»",
             "Фонд развития выделит заём компании «Лесной двор».", tail_type="org")
    assert question(e, "tail").startswith("Какой организации выделит")  # the sentence's future, not «выделил»
