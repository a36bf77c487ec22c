"""Russian rules engine: whose fact it is (issue 10, site7 ru judges). The subject is the one the
sentence gives — never a member named before for a plural body, the speaker of a clause natasha hung
under a later verb, a place "в ней" an impersonal verb acts in, or a museum that only happens to be
nearest; a relative clause's verb takes no object from before its "который"; a sentence's capitalised
first word is no name; a qualifier stays with its noun. Sentences written for these tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_plural_role_noun_is_the_body_not_the_member_named_with_it():
    found = ru_facts("На заседании выступил сенатор Павел Громов. При этом сенаторы согласились выделить "
                     "80 млн рублей на ремонт театра.")
    assert not any(f[0] == "Павел Громов" and "80" in f[2] for f in found), found


def test_a_clause_before_its_verb_is_no_report_of_that_verbs_subject():
    found = ru_facts("Поликлиника обслуживает около 30 тысяч жителей, сообщила главный врач поликлиники Ирина Котова. "
                     "В позапрошлом году в ней открыли кабинет для детей с болезнями глаз, и сотрудники «Медеи» "
                     "давно говорили, что без аппарата ему не обойтись.")
    assert not any("открыть" in f[1] for f in found), found


def test_an_impersonal_verb_acts_in_the_place_a_pronoun_names_not_through_it():
    found = ru_facts("Клиника «Медея» получила новый аппарат. В ней открыли отделение для детей с болезнями сердца.")
    assert not any(f[0] in ("Медея", "клиника «Медея»") and "открыть" in f[1] for f in found), found


def test_a_relative_clause_takes_no_object_from_before_its_pronoun():
    found = ru_facts("Строительная компания «Гранит» начала работы в Ельце. В двух корпусах квартала будет 420 квартир, "
                     "подземная парковка и детский сад на 120 мест, который застройщик передаст району после ввода "
                     "первой очереди.")
    assert not any("передать" in f[1] and "420" in f[2] for f in found), found
    assert ("компания «Гранит»", "передать", "детский сад", "planned") in found, found


def test_a_bare_noun_after_two_fitting_names_means_the_one_the_article_is_about():
    found = ru_facts("Городской музей истории открыл выставку «Лёд и пламя». "
                     "Экспонаты предоставили Северный музей искусств и Южный музей ремёсел. "
                     "Каталог составил директор музея Олег Рябов.")
    assert ("Олег Рябов", "директор", "Городской музей истории", "asserted") in found, found
    assert not any(f[0] == "Олег Рябов" and f[2] in ("Северный музей искусств", "Южный музей ремёсел")
                   for f in found), found


def test_an_instrumental_of_time_is_no_agent_of_a_passive():
    found = ru_facts("Контракт на ремонт школы был расторгнут осенью 2023 года после проверки.")
    assert not any(f[0].startswith("осень") for f in found), found


def test_a_capitalised_first_word_is_no_name():
    found = ru_facts("Экспедитор оказался студентом техникума из Барнаула. За рейс он получал 2% от суммы.")
    assert not any("Экспедитор" in (f[0], f[2]) for f in found), found
    assert ("экспедитор", "получать", "2 %", "asserted") in found, found


def test_a_capitalised_common_noun_leaves_the_name_the_ner_read_it_into(monkeypatch):
    from benchmill import nlp
    from tasks.dragon.rules_ru.extract import _trim_capitalised_words

    parsed = nlp.parse_ru("Экспедитор Семёнова нашли в Барнауле.")
    first = parsed.sents[0].tokens[0]
    parsed.spans.insert(0, type(parsed.spans[0])(first.start, parsed.sents[0].tokens[1].stop, "PER",
                                                  "Экспедитор Семёнова", parsed.sents[0].tokens[:2]))
    _trim_capitalised_words(parsed, nlp.morph_vocab())
    assert [s.text for s in parsed.spans if s.type == "PER"][:1] == ["Семёнова"]


def test_a_qualifier_hung_on_an_adjective_stays_with_its_noun():
    from benchmill import nlp
    from tasks.dragon.rules_ru.repairs import _repair_parse_ru

    # natasha hangs the prepositional noun on the adjective in some articles; here it is made to
    tokens = nlp.parse_ru("В группу входят молочные фермы в Курской и Орловской областях.").sents[0].tokens
    by_text = {t.text: t for t in tokens}
    by_text["областях"].head_id, by_text["областях"].rel = by_text["молочные"].id, "nmod"
    _repair_parse_ru(tokens, nlp.morph_vocab())
    assert (by_text["областях"].head_id, by_text["областях"].rel) == (by_text["фермы"].id, "nmod")


def test_a_vague_noun_with_a_name_in_its_modifier_says_which_and_keeps_the_quotes():
    found = ru_facts("Областная комиссия утвердила решение о продаже «Северного элеватора».")
    assert any(f[1] == "утвердить" and f[2] == "решение о продаже «Северного элеватора»" for f in found), found


def test_a_sentence_term_is_a_fact_beside_the_person_sentenced():
    # the term's relation names whom, as written, not the role before the name (session 24)
    found = ru_facts("Суд приговорил бывшего директора завода Игоря Смирнова к четырём годам колонии общего режима.")
    assert ("суд", "приговорить Игоря Смирнова к", "четырём годам колонии общего режима", "asserted") in found, found
    assert ("суд", "приговорить", "Игорь Смирнов", "asserted") in found, found
    found = ru_facts("Районный суд приговорил Андрея Белова к трём годам лишения свободы условно.")
    assert ("Районный суд", "приговорить Андрея Белова к", "трём годам лишения свободы", "asserted") in found, found


def test_a_time_after_k_is_no_term():
    found = ru_facts("Компания «Рубеж» завершит стройку к трём часам ночи. Завод «Сигма» выпустит к 2027 году 500 станков.")
    assert not any("к" in f[1].split() for f in found), found


def test_counted_things_after_their_verb_are_left_without_what_the_sentence_says():
    found = ru_facts("Без электричества остались 14 домов и две больницы.")
    assert ("14 домов", "остаться без", "электричество", "asserted") in found, found
    assert ("две больницы", "остаться без", "электричество", "asserted") in found, found


def test_a_share_before_its_verb_is_what_a_thing_subject_pays():
    found = ru_facts("Половину стоимости билетов компенсирует областной бюджет.")
    assert any(f[0] == "областной бюджет" and f[1] == "компенсировать" and f[2].startswith("половин") for f in found), found


def test_a_listed_subject_that_says_whose_it_is_acts_with_the_named_ones():
    found = ru_facts("Экспонаты для выставки предоставили Курский музей, Орловский музей и семья художника.")
    assert ("семья художника", "предоставить", "экспонаты для выставки", "asserted") in found, found
    found = ru_facts("Экспонаты для выставки предоставили Курский музей и коллекция.")
    assert not any(f[0] == "коллекция" for f in found), found


def test_a_participle_of_the_speaker_goes_with_the_attribution_not_to_the_next_noun():
    found = ru_facts("Как рассказал директор «Северной верфи» Павел Лужин, ранее руководивший Ярославским заводом, "
                     "путь от Ярославля до Рыбинска новый катер будет проходить за 3 часа.")
    assert not any(f[1] == "руководить" and f[0] != "Павел Лужин" for f in found), found
    assert ("Павел Лужин", "руководить", "Ярославский завод", "asserted") in found, found


def test_a_plural_class_noun_names_the_class_not_the_company_named_before():
    # «застройщики» are builders at large: the one developer named before did not say it
    found = ru_facts("Девелопер «Волжский квартал» начал строить дом у набережной. "
                     "Снижать цены застройщики пока не собираются.")
    assert ("застройщики", "снижать", "цены", "negated") in found, found
    assert not any(s == "девелопер «Волжский квартал»" and r == "снижать" for s, r, _, _ in found), found


def test_a_plural_verb_after_a_semicolon_shares_no_singular_subject():
    # «пообещали» (plural) cannot have «часть жителей» (singular, «выступила») as its subject
    found = ru_facts("Часть жителей посёлка выступила против стройки; в мэрии пообещали провести слушания.")
    assert not any(s.startswith("часть жителей") and r.startswith("пообещать") for s, r, _, _ in found), found
