"""Russian rules engine: indefinite-personal clauses (a third-person plural with no subject says what is
done to its object, read as a passive without its agent) and bodies named by «отдел». Sentences written
for these tests, real natasha."""
from __future__ import annotations

from benchmill import nlp
from tasks.dragon.rules_ru.indefinite import passive_participle
from tests.test_triplets_ru_news import ru_facts


def test_an_amount_given_by_no_one_named_is_the_subject_of_its_passive():
    found = ru_facts("На ремонт котельной из бюджета района выделили 9 млн рублей.")
    assert ("9 млн рублей", "выделен на", "ремонт котельной", "asserted") in found, found
    # no one acts: the amount never gives or takes anything
    assert not any(r.startswith("выделить") for _, r, _, _ in found), found


def test_a_counted_object_of_a_subjectless_plural_keeps_its_place_and_time():
    found = ru_facts("За полгода в районе выявили 57 нарушений правил парковки.")
    assert any(s.startswith("57 нарушений") and (r, o, m) == ("выявлен в", "район", "asserted")
               for s, r, o, m in found), found


def test_a_future_subjectless_plural_is_a_plan_about_its_object():
    found = ru_facts("Новую насосную станцию построят в посёлке к 2028 году.")
    assert ("новую насосную станцию", "построен к", "2028 год", "planned") in found \
        or ("новая насосная станция", "построен к", "2028 год", "planned") in found, found


def test_a_relative_object_of_a_subjectless_plural_is_the_noun_its_clause_is_about():
    found = ru_facts("Водители ждут путепровод, который откроют к 2029 году.")
    assert ("путепровод", "открыт к", "2029 год", "planned") in found, found


def test_a_named_object_under_могут_is_a_possibility():
    found = ru_facts("В марте оперу «Алая роза» могут показать на фестивале «Волжская весна».")
    assert any(s == "опера «Алая роза»" and r.startswith("показан") and m == "possible" for s, r, _, m in found), found


def test_a_subjectless_plural_with_a_speaking_body_stays_the_body_s_act():
    found = ru_facts("В администрации района подготовили смету ремонта.")
    assert any(s.startswith("администрация района") and r == "подготовить" for s, r, _, _ in found), found
    assert not any(r.startswith("подготовлен") for _, r, _, _ in found), found


def test_a_pronoun_object_of_a_subjectless_plural_gives_no_fact():
    # «их» is the previous sentence's to say: no fact about «они»
    found = ru_facts("Старые трамваи списывать не станут: их переоборудуют в вагоны-лаборатории.")
    assert not any(r.startswith("переоборудован") for _, r, _, _ in found), found


def test_a_verb_with_its_own_subject_is_no_indefinite_plural():
    found = ru_facts("Рабочие компании «Мостострой» построили в посёлке пешеходный мост.")
    assert not any(r.startswith("построен") for _, r, _, _ in found), found


def test_the_passive_participle_only_of_a_perfective_transitive_verb():
    vocab = nlp.morph_vocab()
    assert passive_participle(vocab, "построить") == "построен"
    assert passive_participle(vocab, "выделить") == "выделен"
    assert passive_participle(vocab, "испытывать") is None  # imperfective: «испытываем» reads as no passive fact
    assert passive_participle(vocab, "прийти") is None  # intransitive


def test_a_department_is_a_body_that_acts():
    found = ru_facts("Уголовное дело было возбуждено следственным отделом по Заречному району весной.")
    assert any(s.startswith("следственный отдел") and r == "возбудить" and o == "уголовное дело"
               for s, r, o, _ in found), found


def test_a_share_of_people_acts_as_the_people_do():
    found = ru_facts("Законопроект большинство членов комиссии не одобрило.")
    assert ("большинство членов комиссии", "одобрить", "законопроект", "negated") in found, found
    found = ru_facts("Половина сотрудников фабрики подписала коллективное письмо.")
    assert any(s.startswith("половина сотрудников") and r == "подписать" for s, r, _, _ in found), found


def test_a_share_of_a_thing_is_no_actor():
    found = ru_facts("Часть затрат возьмёт на себя районный бюджет.")
    assert not any(s.startswith("часть затрат") for s, _, _, _ in found), found


def test_people_acted_on_by_no_one_named_are_the_subject_of_the_passive():
    found = ru_facts("Если паводок усилится, жителей могут эвакуировать в пункт временного размещения.")
    assert ("жители", "эвакуирован в", "пункт временного размещения", "conditional") in found, found


def test_a_bare_noun_misread_as_a_nominative_is_the_object_of_a_subjectless_plural():
    found = ru_facts("На время ремонта движение по мосту ограничат до одной полосы.")
    assert any(s.startswith("движение по мосту") and r == "ограничен до" and o.startswith("одной полосы")
               for s, r, o, _ in found), found


def test_a_part_of_a_dated_day_is_a_date():
    found = ru_facts("Подачу горячей воды восстановят к вечеру 12 января.")
    assert any(r == "восстановлен к" and o == "вечер 12 января" for _, r, o, _ in found), found


def test_a_bare_part_of_a_dated_day_is_when_not_what():
    found = ru_facts("Ночью 3 февраля температура в Вологде опустится до −31 градуса.")
    assert not any(o.startswith("ночь") for _, _, o, _ in found), found


def test_an_impersonal_plan_word_says_what_is_planned_for_the_infinitives_object():
    # "планируется построить": no one named acts; the object is what the plan is about, as with "построят"
    found = ru_facts("Лицей планируется построить к 2029 году.")
    assert ("лицей", "построен к", "2029 год", "planned") in found, found
    found = ru_facts("Клинические испытания вакцины планируется начать в 2030 году.")
    assert ("клинические испытания вакцины", "начат в", "2030 год", "planned") in found, found


def test_an_impersonal_plans_object_tagged_nominative_is_read_by_its_accusative():
    found = ru_facts("Движение по новому мосту планируется открыть в 2032 году.")
    assert ("движение по новому мосту", "открыт в", "2032 год", "planned") in found, found


def test_a_plan_word_with_a_subject_of_its_own_is_no_impersonal_plan():
    found = ru_facts("Мэрия планирует открыть парк в 2028 году.")
    assert ("мэрия", "открыть парк в", "2028 год", "planned") in found, found
    assert not any(r.startswith("открыт ") for _, r, _, _ in found), found


def test_a_frame_noun_completes_the_passive_reading_when_another_oblique_is_the_object():
    found = ru_facts("Пешеходный мост через Сетунь закроют на реконструкцию с 12 апреля.")
    assert any(r == "закрыт на реконструкцию с" and o == "12 апреля" for _, r, o, _ in found), found
    found = ru_facts("Бывший санаторий «Липки» был выставлен на торги в 2024 году.")
    assert any(r == "выставлен на торги в" and o == "2024 год" for _, r, o, _ in found), found
    # with nothing else to say, the frame noun stays the object: the fact is kept
    found = ru_facts("Бывший санаторий «Липки» был выставлен на торги.")
    assert any(r == "выставлен на" and o == "торги" for _, r, o, _ in found), found


def test_a_fronted_object_natasha_hangs_on_the_plan_word_is_the_infinitives():
    # "Запуск ... могут перенести": запуск obl → могут; it is what is to be moved
    found = ru_facts("Если цены на никель продолжат падать, запуск второй печи могут перенести на 2031 год, признал Белов.")
    assert ("запуск второй печи", "перенесен на", "2031 год", "conditional") in found, found


def test_an_indefinite_verbs_common_patient_keeps_where_it_goes():
    found = ru_facts("Старый катер переведут в резерв, а на линию выйдет новый.")
    assert ("старый катер", "переведен в", "резерв", "planned") in found, found
    # a circumstance is still no place of the act
    found = ru_facts("Ремонт проведут в рамках программы.")
    assert not any(o.startswith("рамк") for _, _, o, _ in found), found
