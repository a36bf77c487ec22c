"""Russian rules engine: an entity keeps the class noun its article writes right before its quoted
name («завод «Северсталь»»), at every mention (issue 10, session 20). Sentences written for these
tests, real natasha."""
from __future__ import annotations

from benchmill import nlp
from tasks.dragon.rules_ru.class_nouns import ClassNouns
from tests.test_triplets_ru_news import ru_facts


def test_every_mention_of_a_quoted_name_keeps_the_class_noun_in_the_nominative():
    found = ru_facts("Холдинг «Полесье» купил фабрику «Красный ткач» в Кинешме. Фабрика была основана в 1952 году. "
                     "Генеральным директором фабрики назначен Олег Суханов.")
    assert ("холдинг «Полесье»", "купить", "фабрика «Красный ткач»", "asserted") in found, found
    assert any(s == "фабрика «Красный ткач»" and r.startswith("основан") for s, r, _, _ in found), found
    assert ("Олег Суханов", "генеральный директор", "фабрика «Красный ткач»", "asserted") in found, found
    # one entity, one name: the bare quoted name never appears on its own
    assert not any("Красный ткач" in (s, o) for s, _, o, _ in found), found


def test_a_name_declined_inside_its_quotes_takes_the_nominative_given_after_its_class_noun():
    found = ru_facts("Застройщик «Речная гавань» начал работы. "
                     "По словам директора «Речной гавани» Ильи Фомина, дома сдадут в 2028 году.")
    assert ("Илья Фомин", "директор", "застройщик «Речная гавань»", "asserted") in found, found


def test_no_class_noun_for_a_plural_a_role_noun_a_lowercase_quote_or_a_declined_quote():
    vocab = nlp.morph_vocab()
    classed = ClassNouns("Заводы «Восток» и «Запад» встали. Директор «Сокола» ушёл. Суд назвал иск «надуманным». "
                         "На заводе «Уральского мотора» прошла проверка.", vocab)
    assert classed.pairs == []
    assert classed.name("Уральский мотор") == "Уральский мотор"
    assert classed.name("Сокол") == "Сокол"


def test_a_name_without_a_class_noun_in_its_article_is_left_as_it_is():
    found = ru_facts("«Северный ветер» открыл новый офис в Пскове.")
    assert any(s == "Северный ветер" and r.startswith("открыть") for s, r, _, _ in found), found


def test_a_quoted_name_after_its_class_noun_is_a_name_a_question_may_use():
    from tasks.dragon.questions_base import unnamed

    assert not unnamed("завод «Красный ткач»")
    assert not unnamed("клуб «Сокол»")
    assert unnamed("завод")
    assert unnamed("новый цех завода")


def test_a_letter_in_a_quoted_name_is_no_word_to_decline():
    classed = ClassNouns("Проект подготовили в бюро «Линия-Б».", nlp.morph_vocab())
    assert classed.name("Линия-Б") == "бюро «Линия-Б»"
