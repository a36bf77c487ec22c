"""Russian rules triplets: could a noun be a verb's subject? The agreement tests the head repairs
(``repairs._repair_parse_ru``) apply before they make a noun a verb's subject: a past singular verb's
gender (``_past_agrees``), and a nominative reading, not an amount, that agrees with the verb in number
and gender (``_could_be_subject``).
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_NUMBER_WORDS


def _past_agrees(verb, noun) -> bool:
    """Does a past-tense singular verb agree in gender with the noun («компания согласилась», not «завод»)?"""
    vf = verb.feats or {}
    return vf.get("Tense") == "Past" and vf.get("Number") == "Sing" and vf.get("Gender") is not None and \
        (noun.feats or {}).get("Gender") == vf.get("Gender") and (noun.feats or {}).get("Number") == "Sing"


def _could_be_subject(vocab, noun, verb_feats: dict, kids, strict: bool = False) -> bool:
    """Could the noun be the verb's subject: not an amount ("1,1 млрд рублей", "два участка"), and
    a nominative reading (pymorphy's, the parser's case aside: it tags the word in an order it
    misread) that agrees with the verb in number, and in gender in the past singular. A word
    pymorphy does not know is judged by the parser's number alone, and only when not strict."""
    if noun.pos == "NUM" or noun.text.lower().rstrip(".") in _RU_NUMBER_WORDS or kids(noun, ("nummod", "nummod:gov")):
        return False
    number = {"Sing": "sing", "Plur": "plur"}.get(verb_feats.get("Number"))
    gender = {"Masc": "masc", "Fem": "femn", "Neut": "neut"}.get(verb_feats.get("Gender")) if number == "sing" else None
    parses = [p for p in vocab.parse(noun.text.lower()) if p.tag.POS == "NOUN" and p.is_known]
    if not parses:
        return not strict and (number is None or (noun.feats or {}).get("Number", "").lower() in ("", number[:4]))
    for parse in parses:
        if "nomn" not in parse.tag or (number and number not in parse.tag and "Sgtm" not in parse.tag):
            continue
        if gender and gender not in parse.tag and "ms-f" not in parse.tag and "GNdr" not in parse.tag:
            continue
        return True
    return False
