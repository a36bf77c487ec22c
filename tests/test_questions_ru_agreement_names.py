"""Russian questions, session 29: a verb agrees with an organisation's name by the name's own form — a name
in an adjective's form is a noun of that gender («Лесное» получило, «Заречная» открыла), and a word of a
name the dictionary does not know yields to the known noun after it («Кемель Холдинг» списал, not «списала»);
a body a thing is handed to is asked «куда», never «во что»."""
from __future__ import annotations

from tasks.dragon.questions_ru_government import ru_body_destination
from tasks.dragon.questions_ru_inflect import _ru_gender
from tests.test_questions_ru_grammar import edge, question


def test_a_name_in_an_adjective_form_takes_its_gender():
    assert _ru_gender("Лесное") == "neut"
    assert _ru_gender("«Сосновское»") == "neut"
    assert _ru_gender("Заречная") == "femn"
    # a noun in the name still decides, as before
    assert _ru_gender("Заречье") == "neut"
    assert _ru_gender("Балтийские верфи") == "plur"
    assert _ru_gender("компания «Сосновское»") == "femn"
    e = edge("Сосновское", "получить", "12 млн рублей субсидий",
             "Хозяйство «Сосновское» получило 12 млн рублей субсидий.", tail_type="other")
    assert question(e, "tail").endswith("получило «Сосновское»?")  # never «получил»


def test_a_guessed_word_of_a_name_yields_to_the_known_noun_after_it():
    assert _ru_gender("Сурель Капитал") == "masc"
    assert _ru_gender("Кемель Холдинг") == "masc"
    assert _ru_gender("Кодикс Софт") == "masc"
    assert _ru_gender("Оняя Аквакультура") == "femn"
    e = edge("Кемель Холдинг", "купить", "два буксира", "Компания «Кемель Холдинг» купила два буксира у верфи, сообщил «Кемель Холдинг».", tail_type="other")
    assert "купил «Кемель Холдинг»" in question(e, "tail")


def test_a_body_a_thing_is_handed_to_is_asked_kuda():
    e = edge("Олег Сомов", "направлять сводки в", "министерство природных ресурсов края",
             "Олег Сомов ежемесячно направлял сводки в министерство природных ресурсов края.",
             head_type="person", tail_type="other")
    assert question(e, "tail") == "Куда Олег Сомов ежемесячно направлял сводки?"  # never «Во что»
    e = edge("Жители посёлка", "обратиться в", "районная прокуратура",
             "Жители посёлка обратились в районную прокуратуру.", tail_type="other")
    assert question(e, "tail").startswith("Куда ")
    # a thing put into a thing, or a body after a verb that sends nothing, is no destination
    assert not ru_body_destination("передать", "первую партию", "опытная эксплуатация")
    assert not ru_body_destination("объединить", "филиалы", "управление")
    assert ru_body_destination("подать", "иск", "областной суд")


def test_a_year_after_do_keeps_its_bound():
    """«руководила хором до 2019 года»: «Когда руководила ...?» → «2019 год» (or «До чего руководила ...?») loses the bound."""
    for tail_type in ("date", "other"):
        e = edge("Ирина Соколова", "руководить хором до", "2019 год", "Ирина Соколова руководила хором до 2019 года.",
                 head_type="person", tail_type=tail_type)
        assert question(e, "tail") == "До какого года Ирина Соколова руководила хором?"
    e = edge("Стройтрест", "построить склад к", "2029 год", "«Стройтрест» построит склад к 2029 году.",
             tail_type="date", modality="planned")
    assert question(e, "tail").startswith("К какому году ")
