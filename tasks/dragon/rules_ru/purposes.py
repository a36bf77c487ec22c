"""Russian rules triplets: what money is for and where it comes from. A sum a verb gives, spends or
invests is a fact of its purpose: «выделит на покупку котла 14 млн рублей» is (выделить на покупку
котла | 14 млн рублей), not (выделить | 14 млн рублей) — «на что?» is what the reader asks. And «за
счёт» names the source of what the verb does to its object («покроет дефицит за счёт кредитов»), an
argument like any other, not a circumstance. Where a quantity comes from or what it is added to is
as much the fact's as its purpose: «взыскал с Лукина 86 млн рублей» is (взыскать с Лукина | 86 млн
рублей), «добавит к гранту 5 млн» (добавить к гранту | 5 млн), «получают из тонны руды 50 кг меди»
(получать из тонны руды | 50 кг меди): «с кого?», «к чему?» is what the reader asks.
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
#: a source («с должника», «у поставщика», «от области», «из бюджета»: the genitive) or what a quantity is
#: added to («к гранту»: the dative)
_SOURCE_PREPOSITIONS = {"с": "Gen", "со": "Gen", "у": "Gen", "от": "Gen", "из": "Gen", "изо": "Gen", "к": "Dat"}
#: verbs whose «к + dative» is what the quantity is added to («добавит к гранту»); to any other it is a
#: direction («выделит на ветку к фабрике»)
_ADDING_VERBS = frozenset({"добавить", "добавлять", "прибавить", "прибавлять", "доплатить", "доплачивать"})
#: nouns of a point in time a «с / к / до» phrase names («к концу года», «с начала сезона»): no source
_TIME_POINTS = frozenset({"конец", "начало", "середина", "момент", "период", "срок", "старт", "финал", "окончание"})
_MOST_WORDS = 6
_BREAKS = frozenset({",", ";", ":", "—", "–", "(", ")"})


def money(phrase: str | None) -> bool:
    """Is the number phrase a sum of money ("14 млн рублей", "400 млн")?"""
    return bool(phrase) and bool(_MONEY.search(phrase))


def _stretch(verb, token, helper, words=None) -> str:
    """The oblique as written (or the given ``words`` of it) when it is short, whole and in the verb's
    own clause, else ""."""
    lo, hi = sorted((helper.tokens.index(verb), helper.tokens.index(token)))
    if any(t.text in _BREAKS for t in helper.tokens[lo + 1:hi]):
        return ""
    words = words or helper.subtree(token)
    order = [helper.tokens.index(t) for t in words]
    if len(words) > _MOST_WORDS or max(order) - min(order) + 1 != len(words):
        return ""  # a broken or long stretch reads as no relation
    if any(t.pos in ("NUM", "VERB", "PRON") for t in words):
        return ""  # "на 15%", "на которые", "с того времени": nothing one can name
    return " ".join(t.text.lower() if t is words[0] and t.text[:1].isupper() else t.text for t in words)


def source_words(verb, obliques, helper, sum_of_money: bool = False) -> str:
    """Where a quantity comes from or what it is added to, as written ("с Лукина", "у поставщика", "от
    области", "из тонны хвостов", "к гранту"), or "" when the verb has none, or only a time («с 2019
    года», «к концу года») or a number; «у» is a source of money only («занял у банка 5 млн рублей»; «у
    гостей 21 очко принёс Ахо» is whose side)."""
    for token in sorted(obliques, key=helper.tokens.index):
        case = _SOURCE_PREPOSITIONS.get(helper.preposition(token) or "")
        if (token.pos not in ("NOUN", "PROPN") or case is None or (token.feats or {}).get("Case") != case
                or helper.complex_preposition(token)
                or case == "Dat" and _lemma(helper.vocab, verb) not in _ADDING_VERBS  # «выделит ... к фабрике»: where to
                or helper.preposition(token) == "у" and not sum_of_money):  # «у гостей 21 очко принёс Ахо»: whose side
            continue
        lemma = _lemma(helper.vocab, token)
        if (lemma in _RU_CIRCUMSTANCES | _RU_TIME_NOUNS | _RU_DURATIONS | _RU_MONTHS | _RU_SEASONS | _TIME_POINTS
                or helper.number_phrase(token) is not None or helper.date_phrase(token) is not None):
            continue
        words = _stretch(verb, token, helper)
        if words:
            return words  # the first: "добавит к гранту 5 млн рублей из собственных средств"
    return ""


def purpose_words(verb, obliques, helper, room: int = _MOST_WORDS) -> str:
    """The verb's «на / в + accusative» purpose as written ("на покупку нового котла", "в модернизацию
    комбината", "на ремонт и содержание дорог"), or "" when it has none or only a time, a rate, a
    place, a person, a name, a phrase too long to carry in a relation (of ``room`` words left), or one past
    a comma or dash (", на культуру — 1,4 млрд": another clause's, its verb left out)."""
    found = []
    for token in obliques:
        if (token.pos != "NOUN" or helper.preposition(token) not in _PURPOSE_PREPOSITIONS
                or (token.feats or {}).get("Case") != "Acc" or helper.complex_preposition(token)):
            continue
        lemma = _lemma(helper.vocab, token)
        if (lemma in _RU_CIRCUMSTANCES | _RU_TIME_NOUNS | _RU_DURATIONS | _RU_MONTHS | _RU_SEASONS | _RU_INSTITUTIONS
                or _animate(helper.vocab, token) or not _common_noun(helper.vocab, token)
                or helper.number_phrase(token) is not None or helper.date_phrase(token) is not None):
            continue
        core = _purpose_core(token, helper, room)
        if core is None:
            continue
        words = _stretch(verb, token, helper, core)  # ("на 15%", "на которые", "на то, чтобы": no purpose one can name)
        if words:
            found.append(words)
    if found and _second_purpose(verb, helper):
        return ""  # («на строительство школы … и покупку автобусов»: the sum is for both, not for the first alone)
    return found[0] if len(found) == 1 else ""


def _second_purpose(verb, helper) -> bool:
    """Does the verb have a coordinated accusative with no preposition of its own («… и покупку автобусов»,
    which the parser hangs on the verb as «dep» or «conj»): a second purpose the first's «на» covers?"""
    return any(kid.pos == "NOUN" and (kid.feats or {}).get("Case") == "Acc" and not helper.kids(kid, ("case",))
               and any(_lemma(helper.vocab, c) in ("и", "или") for c in helper.kids(kid, ("cc",)))
               for kid in helper.kids(verb, ("dep", "conj", "obl")))


def _purpose_core(token, helper, room: int) -> list | None:
    """The words of the purpose the relation carries: the whole phrase when it names no one and fits;
    else the phrase without the prepositional phrases under its nouns, where and for whom the thing is
    ("на строительство онкологического центра в Южно-Сахалинске" → "на строительство онкологического
    центра": what the money is for, the place a fact of its own); None when a name is left in it
    ("на покупку акций «Газпрома»": a name is no purpose)."""
    whole = helper.subtree(token)
    if not helper.names_within(token) and len(whole) <= min(room, _MOST_WORDS):
        return whole
    cut = {t.id for nested in helper.subtree(token) if nested is not token and nested.rel == "nmod"
           and helper.kids(nested, ("case",)) for t in helper.subtree(nested)}
    core = [t for t in whole if t.id not in cut]
    order = [helper.tokens.index(t) for t in core]
    if not cut or max(order) - min(order) + 1 != len(core) or any(
            t.id in helper.span_of or helper.tokens.index(t) > 0 and helper.tokens[helper.tokens.index(t) - 1].text == "«"
            for t in core):
        return None
    return core
