"""Russian rules engine: a passive with its agent and a second verb after «и» (the second verb's subject is
the passive's subject, not the agent nor the agent's quoted name), a noun with its preposition under a verb,
and a quoted name after a preposition that the parser made a noun's appositive. Sentences written for these
tests, real natasha."""
from __future__ import annotations

from tests.test_triplets_ru_news import ru_facts


def test_a_verb_after_и_shares_the_passive_subject_not_the_agent_s_name():
    found = ru_facts("Мост был построен компанией «Мостострой» и обошёлся городу в 2 млрд рублей.")
    assert ("мост", "обойтись городу в", "2 млрд рублей", "asserted") in found, found
    assert any(s == "компания «Мостострой»" and r == "построить" and o == "мост" for s, r, o, _ in found), found
    assert not any(s.startswith("компания") and r.startswith("обойтись") for s, r, _, _ in found), found


def test_a_verb_after_и_hung_on_the_agent_noun_is_the_passive_s_second_verb():
    found = ru_facts("Ледокол был спроектирован петербургским бюро «Айсберг-Проект» по заказу областного "
                     "управления связи и обошёлся казне в 900 млн рублей.")
    assert ("ледокол", "обойтись казне в", "900 млн рублей", "asserted") in found, found


def test_a_noun_the_parser_hung_on_a_verb_as_a_noun_modifier_is_its_oblique():
    from benchmill import nlp
    from tasks.dragon.rules_ru.repairs import _repair_parse_ru

    sent = nlp.parse_ru("Склад был открыт в июне и обошёлся фирме в 40 млн рублей.").sents[0]
    by_text = {t.text: t for t in sent.tokens}
    by_text["рублей"].rel, by_text["рублей"].head_id = "nmod", by_text["обошёлся"].id  # natasha's head at times
    _repair_parse_ru(sent.tokens, nlp.morph_vocab())
    assert by_text["рублей"].rel == "obl"


def test_a_quoted_name_after_против_is_the_verb_s_not_the_object_s_appositive():
    # natasha at times hangs «… львов» after «против» on the object as its appositive (a news sentence of
    # the development sets); the same head is forced here on a sentence of our own
    from benchmill import nlp
    from tasks.dragon.rules_ru.repairs import _repair_parse_ru

    sent = nlp.parse_ru("Следующую игру «Белые совы» проведут в субботу против «Донских казаков».").sents[0]
    by_text = {t.text: t for t in sent.tokens}
    noun = by_text["казаков"]
    noun.rel, noun.head_id = "appos", by_text["игру"].id
    for word, rel in (("против", "case"), ("Донских", "amod"), ("«", "punct"), ("»", "punct")):
        by_text[word].rel, by_text[word].head_id = rel, noun.id
    _repair_parse_ru(sent.tokens, nlp.morph_vocab())
    assert (by_text["казаков"].rel, by_text["казаков"].head_id) == ("obl", by_text["проведут"].id)


def test_a_role_after_a_comma_after_the_subject_s_name_is_the_name_s_not_a_second_subject():
    found = ru_facts("Гол забил нападающий Пётр Сомов, бывший игрок «Торпедо».")
    assert ("Петр Сомов", "бывший игрок", "Торпедо", "asserted") in found, found
    assert not any(s.startswith("бывший игрок") for s, _, _, _ in found), found
