"""Russian rules triplets: what money is for and where it comes from. A sum a verb gives, spends or
invests is a fact of its purpose: «выделит на покупку котла 14 млн рублей» is (выделить на покупку
котла | 14 млн рублей), not (выделить | 14 млн рублей) — «на что?» is what the reader asks. And «за
счёт» names the source of what the verb does to its object («покроет дефицит за счёт кредитов»), an
argument like any other, not a circumstance.
"""
from __future__ import annotations

import re

from tasks.dragon.rules_ru.lexicon import (
    _RU_CIRCUMSTANCES, _RU_DURATIONS, _RU_INSTITUTIONS, _RU_MONTHS, _RU_SEASONS, _RU_TIME_NOUNS,
)
from tasks.dragon.rules_ru.morph import _animate, _common_noun, _lemma

_MONEY = re.compile(r"(рубл|евро|доллар|юан|фунт|франк)|\b(млн|млрд|миллион\w*|миллиард\w*|тыс\.?)$", re.IGNORECASE)
#: a purpose: «на что» or «во что» (the accusative; «на складе», «в Казани» are places)
_PURPOSE_PREPOSITIONS = ("на", "в", "во")
#: the complex prepositions that name the source of what is done («за счёт кредитов»): an argument
MEANS_PREPOSITIONS = frozenset({"за счет", "за счёт"})
_MOST_WORDS = 6
_BREAKS = frozenset({",", ";", ":", "—", "–", "(", ")"})


def money(phrase: str | None) -> bool:
    """Is the number phrase a sum of money ("14 млн рублей", "400 млн")?"""
    return bool(phrase) and bool(_MONEY.search(phrase))


def purpose_words(verb, obliques, helper) -> str:
    """The verb's «на / в + accusative» purpose as written ("на покупку нового котла", "в модернизацию
    комбината", "на ремонт и содержание дорог"), or "" when it has none or only a time, a rate, a
    place, a person, a name, a phrase too long to carry in a relation, or one past a comma or dash
    (", на культуру — 1,4 млрд": another clause's, its verb left out)."""
    found = []
    for token in obliques:
        lo, hi = sorted((helper.tokens.index(verb), helper.tokens.index(token)))
        if any(t.text in _BREAKS for t in helper.tokens[lo + 1:hi]):
            continue
        if (token.pos != "NOUN" or helper.preposition(token) not in _PURPOSE_PREPOSITIONS
                or (token.feats or {}).get("Case") != "Acc" or helper.complex_preposition(token)):
            continue
        lemma = _lemma(helper.vocab, token)
        if (lemma in _RU_CIRCUMSTANCES | _RU_TIME_NOUNS | _RU_DURATIONS | _RU_MONTHS | _RU_SEASONS | _RU_INSTITUTIONS
                or _animate(helper.vocab, token) or not _common_noun(helper.vocab, token)
                or helper.number_phrase(token) is not None or helper.date_phrase(token) is not None
                or helper.names_within(token)):
            continue
        words = helper.subtree(token)
        order = [helper.tokens.index(t) for t in words]
        if len(words) > _MOST_WORDS or max(order) - min(order) + 1 != len(words):
            continue  # a broken or long stretch reads as no relation
        if any(t.pos in ("NUM", "VERB", "PRON") for t in words):
            continue  # "на 15%", "на которые", "на то, чтобы": no purpose one can name
        found.append(" ".join(t.text.lower() if t is words[0] and t.text[:1].isupper() else t.text for t in words))
    return found[0] if len(found) == 1 else ""
