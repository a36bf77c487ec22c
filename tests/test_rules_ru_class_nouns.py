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


def test_a_town_of_a_clubs_name_is_not_renamed_to_the_club():
    # (code review, session 20: «в Ростове» became «клуб «Ростов»»; the tagger calls the town LOC)
    found = ru_facts("Футбольный клуб «Ростов» обыграл «Зенит» со счетом 2:1. "
                     "«Ростсельмаш» построит в Ростове новый завод. Мэр Ростова Иван Петров открыл вокзал.")
    assert ("клуб «Ростов»", "обыграть", "Зенит", "asserted") in found, found
    assert not any(o == "клуб «Ростов»" for s, _, o, _ in found if s != "клуб «Ростов»"), found
    assert ("Иван Петров", "мэр", "Ростов", "asserted") in found, found


def test_a_river_its_sentence_writes_without_quotes_is_not_the_team_of_that_name():
    # (code review, session 20: the river became «команда «Енисей»»; the tagger gives it no label here)
    found = ru_facts("Команда «Енисей» проиграла «Соколу». Енисей вышел из берегов.")
    assert ("команда «Енисей»", "проиграть", "Сокол", "asserted") in found, found
    assert any(s == "Енисей" and r.startswith("выйти") for s, r, _, _ in found), found


def test_a_mention_is_renamed_where_its_sentence_quotes_it_or_gives_the_quoted_form_by_reference():
    classed = ClassNouns("Команда «Енисей» проиграла. Енисей вышел из берегов.", nlp.morph_vocab())
    assert classed.name("Енисей", "Енисей вышел из берегов.") == "Енисей"  # written without «»
    assert classed.name("Енисея", "Болельщики «Енисея» пришли на матч.") == "команда «Енисей»"  # quoted, declined
    assert classed.name("Енисей", "Команда проиграла снова.") == "команда «Енисей»"  # by reference
    assert classed.name("Енисея", "Команда проиграла снова.") == "команда «Енисей»"  # by reference, a form of it
    assert classed.name("Енисея", "Туристы доплыли до Енисея.") == "Енисея"  # written without «»


def test_a_declined_name_found_by_reference_keeps_its_class_noun():
    # (site6: «компания построит ...» pointed back at «Окской гавани» and lost «девелопер»)
    found = ru_facts("Девелопер «Окская гавань» начал строительство квартала. "
                     "По словам коммерческого директора «Окской гавани» Яны Степановой, цены вырастут. "
                     "Кроме того, компания построит детский сад на 220 мест.")
    assert any(s == "девелопер «Окская гавань»" and r.startswith("построить") for s, r, _, _ in found), found


def test_a_place_or_a_person_found_by_reference_keeps_its_name():
    from tasks.dragon.triplets_base import _Fact

    classed = ClassNouns("Клуб «Ростов» обыграл «Зенит».", nlp.morph_vocab())
    town = _Fact("Город принял первый поезд.", "Ростов", "принять", "первый поезд", "LOC", None)
    assert classed.fact(town).subject == "Ростов"
    club = _Fact("Команда выиграла снова.", "Ростов", "выиграть", "матч", "ORG", None)
    assert classed.fact(club).subject == "клуб «Ростов»"


def test_the_class_noun_readers_are_public_for_the_question_checks():
    # (code review, session 20: questions_ru_answers imported the private _class_noun, _nominative)
    from tasks.dragon.rules_ru.class_nouns import class_noun, is_nominative

    vocab = nlp.morph_vocab()
    assert class_noun(vocab, "завода") == "завод" and class_noun(vocab, "заводов") is None
    assert is_nominative(vocab, "Речная гавань") and not is_nominative(vocab, "Уральского мотора")


def test_a_vessel_a_resort_and_a_play_keep_their_class_noun_where_the_text_goes_on_with_the_noun_alone():
    # (session 23: the key facts name them «Теплоход», «Курорт», «Спектакль»; the tagger calls
    # «Морской лев» a person and «Белые склоны» a place, and only the class noun says which thing)
    found = ru_facts("В мае на линию Пермь — Чайковский выйдет теплоход «Морской лев». "
                     "Теплоход был построен верфью «Камская волна» за 300 млн рублей. "
                     "Компания «Уралтур» построит горнолыжный курорт «Белые склоны» у Кунгура. "
                     "Курорт будет рассчитан на 900 лыжников в день.")
    assert any(s == "теплоход «Морской лев»" and r.startswith("построен") for s, r, _, _ in found), found
    assert any(s == "курорт «Белые склоны»" and r.startswith("рассчитан") for s, r, _, _ in found), found
    assert not any("Морской лев" in (s, o) or "Белые склоны" in (s, o) for s, _, o, _ in found), found


def test_a_compound_class_noun_names_its_quoted_name():
    classed = ClassNouns("Холдинг купил рыбокомбинат «Бухта Ольги» и хлебозавод «Колос».", nlp.morph_vocab())
    assert classed.name("Бухта Ольги") == "рыбокомбинат «Бухта Ольги»"
    assert classed.name("Колос") == "хлебозавод «Колос»"


def test_a_company_noun_never_points_back_at_a_housing_complex():
    found = ru_facts("Крупнейшей стройкой года стал жилой комплекс «Озёрный квартал», который возводит группа "
                     "компаний «Меридиан-Строй». «Озёрный квартал» займёт 12 гектаров на берегу реки. Участок "
                     "был выкуплен компанией у частного владельца в 2022 году за 800 млн рублей.")
    bought = [s for s, r, _, _ in found if r.startswith("выкупить")]
    assert bought and not any("Озёрный квартал" in s for s in bought), found


def test_a_place_adjective_and_class_noun_describe_the_quoted_name_after_the_nouns_complement():
    # (session 23: «Вологодский клуб» was a club of its own, and «Президент клуба» its president)
    found = ru_facts("Костромской клуб по хоккею с мячом «Речные волки» проиграл лидеру чемпионата «Уральским соколам» "
                     "со счётом 2:4. Президент клуба Олег Русаков пообещал усилить состав.")
    assert ("Олег Русаков", "президент", "клуб «Речные волки»", "asserted") in found, found
    assert any(s == "клуб «Речные волки»" and r.startswith("проиграть") for s, r, _, _ in found), found


def test_a_class_noun_is_paired_with_a_quoted_name_only_across_a_prepositional_phrase():
    vocab = nlp.morph_vocab()
    classed = ClassNouns("Компания по производству кирпича «Красный двор» расширит цех.", vocab)
    assert classed.name("Красный двор") == "компания «Красный двор»"
    classed = ClassNouns("Клуб подписал контракт с «Северной звездой».", vocab)
    assert classed.pairs == []


def test_a_name_after_a_genitive_complement_is_not_the_class_nouns():
    found = ru_facts("Сыроварня «Луговая» построила новый цех. "
                     "Первую партию сыра под новой маркой «Белый луг» сыроварня выпустит в мае.")
    assert any(r.startswith("выпустить") for _, r, _, _ in found), found  # the sentence still gives its fact
    assert not any("партия «Белый луг»" in (s, o) for s, _, o, _ in found), found
