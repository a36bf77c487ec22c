"""tasks/dragon/question_grammar_ru: the Russian checks of the question-grammar filter, one test per check.

Every sentence here is invented for the test: each check must catch its broken question and pass a
similar correct one."""
from __future__ import annotations

import pytest

from tasks.dragon.question_grammar import QuestionView
from tasks.dragon import question_grammar_ru as ru


def _view(question: str, answer: str = "x", references: tuple[str, ...] = (), kind: str = "simple") -> QuestionView:
    return QuestionView(question=question, answers=(answer,), type=kind, lang="ru", references=references)


def _codes(question: str, answer: str = "x", references: tuple[str, ...] = (), kind: str = "simple") -> list[str]:
    view = _view(question, answer, references, kind)
    return [found.code for check in ru.CHECKS if (found := check(view)) is not None]


def test_every_check_is_listed_once_with_its_code():
    codes = [check.code for check in ru.CHECKS]
    assert len(codes) == len(set(codes))
    assert all(check.code == check.__name__ for check in ru.CHECKS)


# ---------------------------------------------------------------- agreement


def test_adjective_noun_agreement():
    assert "adjective_noun_agreement" in _codes("Что построят Тверских ястребы?")
    assert _codes("Что построят Тверские ястребы?") == []
    assert _codes("Где откроются два новых магазина?") == []


def test_wh_pronoun_verb_number():
    found = ru.wh_pronoun_verb_number(_view("Кто являются чемпионами области?"))
    assert found is not None and "кто являются" in found.reason.lower()
    assert ru.wh_pronoun_verb_number(_view("Кто является чемпионом области?")) is None
    assert ru.wh_pronoun_verb_number(_view("Кто стал победителем турнира?")) is None


# ---------------------------------------------------------------- the question phrase


def test_bare_wh_genitive():
    assert ru.bare_wh_genitive(_view("Тренером чего является Иван Сидоров?")) is not None
    assert ru.bare_wh_genitive(_view("Секретарём кого был Пётр Орлов?")) is not None
    assert ru.bare_wh_genitive(_view("Тренером какой команды является Иван Сидоров?")) is None
    assert ru.bare_wh_genitive(_view("Чьим секретарём был Пётр Орлов?")) is None


def test_role_noun_case():
    found = ru.role_noun_case(_view("Руководитель какого отдела является Анна Белова?"))
    assert found is not None and "Руководитель" in found.reason
    assert ru.role_noun_case(_view("Руководителем какого отдела является Анна Белова?")) is None
    assert ru.role_noun_case(_view("Кто является руководителем отдела?")) is None


def test_wh_word_answer_kind():
    assert ru.wh_word_answer_kind(_view("С чем встретился мэр?", "тремя ветеранами")) is not None
    assert ru.wh_word_answer_kind(_view("С кем встретился мэр?", "тремя ветеранами")) is None
    assert ru.wh_word_answer_kind(_view("С чем поздравил жителей мэр?", "День города")) is None
    # «где» for a stretch of time
    assert ru.wh_word_answer_kind(_view("Где получил травму Олег Ветров?", "вторая половина матча")) is not None
    assert ru.wh_word_answer_kind(_view("Где получил травму Олег Ветров?", "стадион «Заря»")) is None
    # «какая организация» for a person
    comparison = "Какая организация забила больше голов: Иван Сидоров или «Ракета»?"
    assert ru.wh_word_answer_kind(_view(comparison, "Иван Сидоров", kind="comparison")) is not None
    assert ru.wh_word_answer_kind(_view(comparison, "Ракета", kind="comparison")) is None
    # a company named by a word pymorphy guesses as a first name and a common noun is no person
    company = "Генеральным директором какой организации является Иван Сидоров?"
    assert ru.wh_word_answer_kind(_view(company, "Волга Капитал")) is None
    assert ru.wh_word_answer_kind(_view(company, "Тарвил Инвест")) is None


_LOST = ("«Речные волки» проиграли «Горным орлам» со счётом 1:3.",)
_SENTENCED_TO = ("Районный суд приговорил бывшего главу администрации к трём годам колонии.",)


@pytest.mark.parametrize("question, answer, references, caught", [
    # the sentence gives the verb its answer under a preposition or in another case than the question word's
    ("Что приговорил районный суд?", "трём годам колонии", _SENTENCED_TO, True),
    ("Какой клуб проиграли «Речные волки»?", "Горные орлы", _LOST, True),
    ("Какую команду выступал Иван Котов?", "Метеор", ("Защитник Иван Котов выступал за «Метеор» три сезона.",), True),
    ("Что достигла выручка компании?", "рекордная отметка", ("Выручка компании достигла рекордной отметки.",), True),
    # the same questions asked as the sentence governs the answer
    ("Кого приговорил районный суд к трём годам колонии?", "бывший глава администрации", _SENTENCED_TO, False),
    ("Какому клубу проиграли «Речные волки»?", "Горные орлы", _LOST, False),
    ("Чего достигла выручка компании?", "рекордная отметка", ("Выручка компании достигла рекордной отметки.",), False),
    # the answer must be the phrase on the verb: another company under «у» is not «компания «Бор»»
    ("Какая организация купила здание склада?", "компания «Бор»",
     ("Компания «Бор» купила у компании «Лесхоз» здание склада.",), False),
    # a counted answer takes its numeral's case, not the verb's
    ("Что купил автопарк?", "пять автобусов", ("Автопарк купил пять автобусов.",), False),
])
def test_wh_government(question, answer, references, caught):
    assert (ru.wh_government(_view(question, answer, references)) is not None) is caught


def test_preposition_case_of_the_question_word():
    sentence = ("Нападающий Антон Лисин перешёл в «Ракету» из клуба «Заря».",)
    found = ru.preposition_case(_view("В какой компании перешёл Антон Лисин?", "Ракета", sentence))
    assert found is not None and "accs" in found.reason
    assert ru.preposition_case(_view("В какую компанию перешёл Антон Лисин?", "Ракета", sentence)) is None


def test_preposition_case_of_a_phrase_copied_from_the_sentence():
    sentence = ("Защитник Павел Гуров будет выступать под 7-м номером.",)
    assert ru.preposition_case(_view("Кто будет выступать под 7-й номер?", "Павел Гуров", sentence)) is not None
    assert ru.preposition_case(_view("Кто будет выступать под 7-м номером?", "Павел Гуров", sentence)) is None
    # the sentence writes the very form after the preposition (an animate common noun as a club's name)
    club = ("Вратарь Иван Котов выступал за «Лесник» три сезона.",)
    assert ru.preposition_case(_view("Кто выступал за «Лесник» три сезона?", "Иван Котов", club)) is None
    # without a sentence that writes the phrase there is nothing to compare with
    assert ru.preposition_case(_view("Кто будет выступать под 7-й номер?", "Павел Гуров")) is None


# ---------------------------------------------------------------- names and nouns


def test_instrumental_name():
    assert ru.instrumental_name(_view("Где будет играть Янне Лахтиненом?")) is not None
    assert ru.instrumental_name(_view("Где будет играть Янне Лахтинен?")) is None
    assert ru.instrumental_name(_view("Какой клуб подписал контракт с Янне Лахтиненом?")) is None
    assert ru.instrumental_name(_view("Кто руководит Иваном Петровым?")) is None


def test_capitalised_common_word():
    driver = ("Водитель получил штраф за превышение скорости.",)
    assert ru.capitalised_common_word(_view("Что получил Водитель?", "штраф", driver)) is not None
    parks = ("Четыре парка появятся в Твери к лету.",)
    assert ru.capitalised_common_word(_view("Где появятся Четыре парка?", "Тверь", parks)) is not None
    lowered = ("В Твери водитель автобуса получил штраф.",)
    assert ru.capitalised_common_word(_view("Что получил Водитель?", "штраф", lowered)) is not None
    # an adjective opening an institution's name; a quoted name; a name written so inside a sentence
    hospital = ("Областная больница получила новый аппарат.",)
    assert ru.capitalised_common_word(_view("Что получила Областная больница?", "аппарат", hospital)) is None
    quoted = ("«Водитель» выпустил новый альбом.",)
    assert ru.capitalised_common_word(_view("Что выпустил Водитель?", "альбом", quoted)) is None
    assert ru.capitalised_common_word(_view("Что получил Водитель?", "штраф")) is None


def test_place_noun_as_agent():
    assert ru.place_noun_as_agent(_view("Какое место отправится на гастроли в марте?")) is not None
    assert ru.place_noun_as_agent(_view("Кто является директором места, которое выступит в Туле?")) is not None
    assert ru.place_noun_as_agent(_view("Какое место принадлежит компании «Луч»?")) is None
    assert ru.place_noun_as_agent(_view("Какое место занимает «Ракета» в таблице?")) is None


def test_organisation_object():
    assert ru.organisation_object(_view("Какую организацию построила компания «Луч»?")) is not None
    assert ru.organisation_object(_view("Какая организация построена в 1950 году?")) is not None
    assert ru.organisation_object(_view("Какая организация построила мост?")) is None
    assert ru.organisation_object(_view("Какую организацию возглавляет Анна Белова?")) is None


# ---------------------------------------------------------------- style and verb frames


def test_repeated_phrase():
    assert ru.repeated_phrase(_view("Какая компания продала 5 тонн в мае и купила 3 станка в мае?")) is not None
    assert ru.repeated_phrase(_view("Кто является тренером «Ракеты» и является бывшим вратарём?")) is not None
    assert ru.repeated_phrase(_view("Кто является тренером «Ракеты» и играл за «Зарю»?")) is None
    assert ru.repeated_phrase(_view("Какая компания продала 5 тонн в мае и купила 3 станка в июне?")) is None
    assert ru.repeated_phrase(_view("Какая компания откроет рейсы из Твери и выполняла рейсы из Самары?")) is None
    assert ru.repeated_phrase(_view("Сколько жителей района «Заречный район» получат воду?")) is not None
    assert ru.repeated_phrase(_view("Сколько жителей района «Заречный» получат воду?")) is None
    assert ru.repeated_phrase(_view("Сколько жителей Заречного района получат воду?")) is None


@pytest.mark.parametrize("question, caught", [
    ("Где показал театр «Луч»?", True),
    ("Где показал спектакль театр «Луч»?", False),
    ("Где обыграли «Ракету»?", False),
    ("Где построят новый мост?", False),
    ("Где обыграли «Ракеты»?", True),
    ("Где обыграла «Ракета»?", True),
    ("Когда обыграл соперников «Луч»?", False),
    ("Где выступил театр «Луч»?", False),
    ("Кого обязал районный суд?", True),
    ("Кого обязал районный суд выплатить штраф?", False),
])
def test_verb_missing_complement(question, caught):
    assert (ru.verb_missing_complement(_view(question)) is not None) is caught


def test_preposition_case_after_a_verb_of_entering():
    assert ru.preposition_case(_view("Что входит в «Северном холдинге»?")) is not None
    assert ru.preposition_case(_view("Что входит в «Северный холдинг»?")) is None
    assert ru.preposition_case(_view("Кто отправится в Казань в январе?")) is None


_HANDED = ("Летом 2027 года завод «Камень» может передать в опытную эксплуатацию первые 30 тракторов.",)
_SENTENCED = ("Районный суд приговорил бывшего главу администрации к трём годам колонии.",)
_INVESTED = ("Компания «Нива» вложит в строительство элеватора 3 млрд рублей.",)


@pytest.mark.parametrize("question, answer, references, caught", [
    # the object the sentence gives the verb is in neither the question nor the answer
    ("Во что может передать завод «Камень»?", "опытная эксплуатация", _HANDED, True),
    ("Когда может передать завод «Камень» в опытную эксплуатацию?", "лето 2027 года", _HANDED, True),
    ("К чему приговорил суд?", "трём годам колонии", _SENTENCED, True),
    ("Во что вложит компания «Нива»?", "строительство элеватора", _INVESTED, True),
    # the object is asked, or is in the question
    ("Что может передать завод «Камень» в опытную эксплуатацию?", "первые 30 тракторов", _HANDED, False),
    ("Когда может передать завод «Камень» первые 30 тракторов в опытную эксплуатацию?", "лето 2027 года", _HANDED, False),
    ("Кого приговорил суд к трём годам колонии?", "бывший глава администрации", _SENTENCED, False),
    ("К чему приговорил суд бывшего главу администрации?", "трём годам колонии", _SENTENCED, False),
    ("Сколько рублей вложит компания «Нива» в строительство элеватора?", "3 млрд рублей", _INVESTED, False),
    # a verb with no object in its sentence; a verb the sentence does not have
    ("Куда перешёл Иван Котов?", "Факел", ("Защитник Иван Котов перешёл в «Факел» из «Сокола».",), False),
    ("Во что может передать завод «Камень»?", "опытная эксплуатация", (), False),
])
def test_object_left_out(question, answer, references, caught):
    assert (ru.object_left_out(_view(question, answer, references)) is not None) is caught


def test_object_left_out_passes_an_object_the_question_gives_or_compares():
    """The question's own object, whatever it calls it («человека, который …»), the object that holds a name of
    the question («нападающего Ивана Котова»), and amounts a comparison leaves out are no object left out."""
    signed = ("Клуб «Метеор» подписал нападающего Ивана Котова, который перешёл из «Сокола».",)
    assert ru.object_left_out(_view("Какая организация подписала человека, который перешёл из «Сокола»?",
                                    "Метеор", signed)) is None
    assert ru.object_left_out(_view("Какая организация подписала Ивана Котова?", "Метеор", signed)) is None
    moved = ("Порт «Север» перевалил в октябре 4,2 млн тонн грузов.", "Порт «Юг» перевалил в октябре 3,1 млн тонн грузов.")
    assert ru.object_left_out(_view("Какая организация перевалила больше грузов в октябре: порт «Север» или порт «Юг»?",
                                    "Север", moved)) is None
    assert ru.object_left_out(_view("Сколько тонн грузов перевалил порт «Север» в октябре?",
                                    "4,2 млн тонн грузов", moved[:1])) is None
    # a score is no amount the verb's object
    lost = ("«Речные волки» проиграли «Горным орлам» со счётом 2:4 в матче 5-го тура.",)
    assert ru.object_left_out(_view("Какой клуб проиграл «Горным орлам» в матче 5-го тура?", "Речные волки", lost)) is None
    # the object asked and not written in the sentence: the object it shows may be the answer said otherwise
    opened = ("Открывать фестиваль будет пианист Олег Мирский.",)
    assert ru.object_left_out(_view("Что будет открывать Олег Мирский?", "Осенние встречи", opened)) is None


def test_verb_government():
    assert ru.verb_government(_view("Что позволит компанию открыть новый цех?")) is not None
    assert ru.verb_government(_view("Что позволит компании открыть новый цех?")) is None
    assert ru.verb_government(_view("Кто помог команду?")) is not None
    assert ru.verb_government(_view("Кто помог команде выиграть кубок?")) is None
    assert ru.verb_government(_view("Сколько рублей достигла прибыль завода?")) is not None
    assert ru.verb_government(_view("Какой суммы достигла прибыль завода?")) is None
    assert ru.verb_government(_view("Сколько рублей получила прибыль завода?")) is None


def test_anaphoric_word():
    assert ru.anaphoric_word(_view("Где установили два таких же аппарата?")) is None  # «таких же» is not listed
    assert ru.anaphoric_word(_view("Где установили три подобных аппарата?")) is not None
    assert ru.anaphoric_word(_view("Что построила она в прошлом году?")) is not None
    assert ru.anaphoric_word(_view("Где установили три новых аппарата?")) is None
    assert ru.anaphoric_word(_view("Сколько матчей выиграла «Ракета» в этом сезоне?")) is None
    assert ru.anaphoric_word(_view("Сколько матчей выиграла «Ракета» в этом турнире?")) is not None
    assert ru.anaphoric_word(_view("Что поставил театр им. Горького?")) is None
    assert ru.anaphoric_word(_view("Что выпустила группа «Они»?")) is None


def test_wh_word_answer_kind_for_a_state():
    assert ru.wh_word_answer_kind(_view("Где находится компания «Луч»?", "процедура банкротства")) is not None
    assert ru.wh_word_answer_kind(_view("Где находится компания «Луч»?", "Тверь")) is None


def test_cut_phrase():
    assert ru.cut_phrase(_view("Где построила станцию мощностью компания «Луч»?")) is not None
    assert ru.cut_phrase(_view("Где построила станцию мощностью 40 МВт компания «Луч»?")) is None
    assert ru.cut_phrase(_view("Где открыл цех по ремонту Тверской завод?")) is not None
    assert ru.cut_phrase(_view("Где открыл цех по ремонту вагонов Тверской завод?")) is None


def test_place_noun_opening_a_question_of_where_to():
    assert ru.place_noun_as_agent(_view("В какое место переехал музей?")) is not None
    assert ru.place_noun_as_agent(_view("Куда переехал музей?")) is None


@pytest.mark.parametrize("question, caught", [
    ("Сколько рублей направила компания «Луч»?", True),
    ("Сколько рублей направила компания «Луч» на ремонт школы?", False),
    ("Что откроется в Твери и поступит 3 марта?", True),
    ("Что откроется в Твери и поступит в продажу 3 марта?", False),
    ("Куда направила письмо компания «Луч»?", False),
])
def test_verb_missing_complement_of_place(question, caught):
    assert (ru.verb_missing_complement(_view(question)) is not None) is caught


def test_role_noun_number_after_a_singular_copula():
    assert ru.role_noun_case(_view("Кто является главными тренерами «Ракеты»?")) is not None
    assert ru.role_noun_case(_view("Кто является главным тренером «Ракеты»?")) is None
    assert ru.role_noun_case(_view("Кто является тренером «Ракеты» вместе с двумя помощниками?")) is None


def test_preposition_case_where_for_where_to():
    flights = ("Авиакомпания «Крыло» выполняла рейсы из Твери в Казань.",)
    assert ru.preposition_case(_view("Где выполняла рейсы из Твери авиакомпания «Крыло»?", "Казань", flights)) is not None
    assert ru.preposition_case(_view("Куда выполняла рейсы из Твери авиакомпания «Крыло»?", "Казань", flights)) is None
    based = ("Авиакомпания «Крыло» базируется в Казани.",)
    assert ru.preposition_case(_view("Где базируется авиакомпания «Крыло»?", "Казань", based)) is None
    assert ru.preposition_case(_view("Куда базируется авиакомпания «Крыло»?", "Казань", based)) is not None


def test_object_before_infinitive():
    assert ru.object_before_infinitive(_view("Какая компания согласилась 40 % акций завода продать?")) is not None
    assert ru.object_before_infinitive(_view("Какая компания планирует новый цех открыть?")) is not None
    assert ru.object_before_infinitive(_view("Какая компания согласилась продать 40 % акций завода?")) is None
    assert ru.object_before_infinitive(_view("Сколько рублей согласился Иван Петров выделить?")) is None


def test_placeholder_object_noun():
    assert ru.place_noun_as_agent(_view("Какая компания проведёт объект, который откроет мэр?")) is not None
    assert ru.place_noun_as_agent(_view("Какая компания построит объект в Твери?")) is None


def test_wh_word_answer_kind_reads_the_edges_types_when_present():
    from schemas import Edge

    edge = Edge(edge_id="e1", head="q1", relation="подписать", tail="q2", head_label="клуб «Ракета»",
                tail_label="Олег Лисин", lang="ru", doc_ids=["d1"], sentences=["Клуб «Ракета» подписал Олега Лисина."],
                triplet_ids=["t1"], head_type="org", tail_type="person")
    view = QuestionView(question="Что подписал клуб «Ракета»?", answers=("Олег Лисин",), type="simple", lang="ru",
                        edges=(edge,), answer_nodes=("q2",), question_nodes=("q1",))
    assert ru.wh_word_answer_kind(view) is not None
    ok = QuestionView(question="Кого подписал клуб «Ракета»?", answers=("Олег Лисин",), type="simple", lang="ru",
                      edges=(edge,), answer_nodes=("q2",), question_nodes=("q1",))
    assert ru.wh_word_answer_kind(ok) is None


def test_role_noun_before_the_copula_in_a_longer_phrase_and_in_number():
    assert ru.role_noun_case(_view("Заведующая отделом продаж какой компании является Анна Белова?")) is not None
    assert ru.role_noun_case(_view("Заведующей отделом продаж какой компании является Анна Белова?")) is None
    assert ru.role_noun_case(_view("Сёлами какого района является Заречье?")) is not None
    assert ru.role_noun_case(_view("Селом какого района является Заречье?")) is None
    assert ru.role_noun_case(_view("Главным тренером какой команды является Иван Сидоров?")) is None


def test_answer_not_nominative():
    # an answer copied in the case its sentence's verb gave it
    assert "answer_not_nominative" in _codes("Какой жилой комплекс строит «Север-Строй»?", "Ладогу-Парк")
    assert "answer_not_nominative" in _codes("Кто выиграл турнир?", "Сокольских медведей")
    # the nominative, a caseless name, a number, or an oblique question's oblique answer pass
    assert "answer_not_nominative" not in _codes("Какой жилой комплекс строит «Север-Строй»?", "Ладога-Парк")
    assert "answer_not_nominative" not in _codes("Что купила компания?", "Tele2")
    assert "answer_not_nominative" not in _codes("Когда открыли мост?", "2019 год")
    assert "answer_not_nominative" not in _codes("Кому пришлось закрыть цех?", "заводу")
    assert "answer_not_nominative" not in _codes("С какой командой сыграет «Шторм»?", "«Вихрем»")


def test_impersonal_with_subject():
    assert "impersonal_with_subject" in _codes("Что дорожает и приходится Минтранс?", "билеты")
    assert "impersonal_with_subject" not in _codes("Кому приходится ремонтировать дорогу?", "подрядчику")
    assert "impersonal_with_subject" not in _codes("Что удалось построить «Северу»?", "причал")


# ---------------------------------------------------------------- session 23: government and question words


def test_a_counted_noun_after_skolko_is_genitive_plural():
    assert "adjective_noun_agreement" in _codes("Сколько новых трамвая купил Гортранс?", "32 новых трамвая")
    assert "adjective_noun_agreement" not in _codes("Сколько новых трамваев купил Гортранс?", "32 новых трамвая")
    assert "adjective_noun_agreement" not in _codes("Сколько сухого молока выпустил завод?", "7 тонн")


def test_preposition_variant():
    assert "preposition_variant" in _codes("Со кем подпишет договор Речной порт?", "Станислав Зимин")
    assert "preposition_variant" in _codes("Ко чему готовится театр?", "гастроли")
    assert "preposition_variant" not in _codes("С кем подпишет договор Речной порт?", "Станислав Зимин")
    assert "preposition_variant" not in _codes("Во что вложил деньги фонд?", "новый завод")
    assert "preposition_variant" not in _codes("Во сколько обошёлся ремонт?", "2 млн рублей")


def test_a_thing_word_is_not_asked_of_a_town():
    assert "wh_word_answer_kind" in _codes("До чего ходит катер «Метеор-12»?", "Тотьма")
    assert "wh_word_answer_kind" in _codes("Во что отменила рейсы Автоколонна?", "Белозерск")
    assert "wh_word_answer_kind" not in _codes("Докуда ходит катер «Метеор-12»?", "Тотьма")
    assert "wh_word_answer_kind" not in _codes("Во что вложил деньги фонд?", "новый завод")


def test_a_dative_verb_is_not_asked_with_an_accusative_question_phrase():
    assert "verb_government" in _codes("Какой клуб проиграли «Речные волки»?", "«Лесные медведи»")
    assert "verb_government" in _codes("Какую команду уступил «Факел»?", "«Заря»")
    assert "verb_government" not in _codes("Какому клубу проиграли «Речные волки»?", "«Лесные медведи»")
    assert "verb_government" not in _codes("Какой клуб проиграл «Речным волкам»?", "«Лесные медведи»")
    # the thing lost or given up is the accusative object of the same verbs: no fault
    assert "verb_government" not in _codes("Что проиграли «Речные волки»?", "финал кубка")
    assert "verb_government" not in _codes("Какой матч проиграли «Речные волки»?", "четвертьфинал")
    assert "verb_government" not in _codes("Какое место уступили «Речные волки»?", "второе место")
    assert "verb_government" in _codes("Кого проиграли «Речные волки»?", "«Лесные медведи»")
    assert "verb_government" in _codes("Сколько рублей за год достигла средняя зарплата?", "58 тысяч рублей")
    assert "verb_government" not in _codes("Сколько рублей за год получила компания?", "58 тысяч рублей")


def test_a_deictic_adverb_points_at_nothing():
    assert "anaphoric_word" in _codes("Когда здесь открыли новый музей?", "май")
    assert "anaphoric_word" not in _codes("Когда в Тотьме открыли новый музей?", "май")
    assert "anaphoric_word" not in _codes("Когда вышел фильм «Там, за рекой»?", "май")


def test_an_organisation_is_not_what_a_verb_of_giving_gives():
    assert "organisation_object" in _codes("Какую организацию выделит фонд «Развитие»?", "компания «Луч»")
    assert "organisation_object" not in _codes("Какая организация выделит заём компании «Луч»?", "фонд «Развитие»")
