"""Russian rules engine: a bare noun's antecedent, and a place that only locates a body (issue 10,
site17 ru judges: «ложная посылка» — the fact given to another company or to the town). Sentences
written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_bare_noun_points_back_never_at_a_name_its_own_sentence_gives_after_it():
    found = ru_facts("Авиакомпания «Полярные крылья» с 1 июня 2027 года откроет прямые рейсы из международного аэропорта "
                     "Самары в Сочи и Анапу, сообщили в аэропорту.",
                     "Летать будут 70-местные самолёты SSJ 100, которые перевозчик получит в лизинг от Государственной "
                     "транспортной лизинговой компании.",
                     "Продажа билетов откроется 1 марта. Запускать рейсы в Казань перевозчик не будет. В 2028 году "
                     "компания может открыть рейсы в Минск.")
    assert ("авиакомпания «Полярные крылья»", "открыть рейсы в", "Минск", "possible") in found, found
    assert not any(f[0].startswith("Государственная") for f in found), found


def test_a_former_employer_through_the_roles_own_genitive_is_not_the_speakers_company():
    found = ru_facts("Генеральный директор «Северного моста» Иван Орлов, бывший инженер проектного бюро «Мостостроя», "
                     "рассказал, что компания вложит в ремонт 3 млрд рублей.")
    assert ("Северный мост", "вложить в ремонт", "3 млрд рублей", "planned") in found, found
    found = ru_facts("Директор «Волжской верфи» Пётр Зимин, бывший капитан речного судна «Волготанкера», рассказал, "
                     "что компания построит за год четыре баржи.")
    assert not any(f[0] == "Волготанкер" and f[1].startswith("построить") for f in found), found


def test_a_town_that_locates_an_airport_is_not_the_airport():
    found = ru_facts("В прошлом году аэропорт Самары обслужил 3 млн пассажиров.")
    assert ("аэропорт Самары", "обслужить в прошлом году", "3 млн пассажиров", "asserted") in found, found
    assert not any(f[0] == "Самара" for f in found), found
    found = ru_facts("Авиакомпания «Север» откроет рейсы из международного аэропорта Самары в Сочи. "
                     "В 2026 году аэропорт обслужил 3 млн пассажиров.")
    assert not any(f[0] == "Самара" and f[1].startswith("обслужить") for f in found), found


def test_a_town_the_parser_hangs_on_an_airport_as_its_appositive_is_where_it_is_not_its_name():
    from benchmill import nlp
    from tasks.dragon.rules_ru.phrases import _RuSentence

    parsed = nlp.parse_ru("Рейсы откроются из международного аэропорта Самары в Сочи.")
    tokens = parsed.sents[0].tokens
    by_text = {t.text: t for t in tokens}
    # natasha reads the genitive town as the airport's appositive in some sentences; here it is made to
    by_text["Самары"].head_id, by_text["Самары"].rel = by_text["аэропорта"].id, "appos"
    span_of = {t.id: s for s in parsed.spans for t in s.tokens}
    assert span_of[by_text["Самары"].id].type == "LOC"
    helper = _RuSentence(tokens, span_of, nlp.morph_vocab())
    assert helper.phrase(by_text["аэропорта"], common=True) == ("международный аэропорт Самары", "LOC")


# --------------------------------------------------------------------------- court formulas


def test_a_fine_given_to_a_person_appoints_no_one():
    found = ru_facts("Районный суд признал бывшего главу управляющей компании Олега Рыжова виновным в растрате. "
                     "Суд назначил Рыжову штраф в 1,2 млн рублей.")
    assert not any(f[1] == "назначить" and f[2] == "Олег Рыжов" for f in found), found
    assert any(f[1].startswith("назначить штраф") for f in found), found


def test_a_court_whose_press_office_reports_is_not_the_court_that_acted():
    found = ru_facts("Ленинский районный суд признал бывшего директора фонда Олега Рыжова виновным в растрате. "
                     "Об этом сообщила пресс-служба Верховного суда Чувашии.",
                     "Деньги фонда он переводил на счета своих родственников.",
                     "Суд назначил Рыжову штраф в 1,2 млн рублей.")
    assert any(f[0] == "Ленинский районный суд" and f[1].startswith("назначить штраф") for f in found), found
    assert not any(f[0].startswith("Верховный суд") and f[1].startswith("назначить") for f in found), found


def test_an_infinitive_after_the_second_of_two_coordinated_verbs_is_the_seconds():
    found = ru_facts("Кроме того, суд назначил ему штраф в 1,8 млн рублей и запретил два года занимать "
                     "руководящие должности в коммерческих компаниях.")
    assert not any(f[1] == "занимать" for f in found), found
    assert ("суд", "запретить занимать", "руководящие должности", "asserted") in found, found


# --------------------------------------------------------------------------- personal pronouns (site20 judges)


def test_a_pronoun_is_not_the_person_named_before_a_thing_of_its_gender():
    # «Музыку к ней»: the production of the sentence before, not the designer named before it
    found = ru_facts("Костюмы сшила художница Анна Белова.",
                     "В постановке заняты 15 актёров.",
                     "Музыку к ней написал композитор Иван Серов.")
    assert not any(o == "Анна Белова" or "к ней" in o or "к ней" in r for _, r, o, _ in found), found


def test_a_pronoun_still_takes_the_person_when_no_thing_of_its_gender_was_named_since():
    found = ru_facts("В марте министр сменил директора музея Анну Белову.",
                     "Министерство не продлило с ней контракт.")
    assert any(o == "Анна Белова" for _, _, o, _ in found), found


def test_an_object_pronoun_is_neither_when_the_clause_before_has_a_subject_and_object_that_agree():
    found = ru_facts("Если фильм получит приз фестиваля, студия покажет его в Казани в 2028 году.")
    assert not any(s == "студия" and o.startswith("приз") for s, _, o, _ in found), found


def test_a_possessive_pronoun_of_a_persons_role_still_takes_the_person():
    found = ru_facts("Суд приговорил бывшего директора «Северного сервиса» Олега Рыжова к трём годам колонии.",
                     "Деньги предприятия он переводил на счета фирмы.",
                     "Его адвокат Марина Жукова заявила, что защита обжалует приговор.")
    assert ("Марина Жукова", "адвокат", "Олег Рыжов", "asserted") in found, found
