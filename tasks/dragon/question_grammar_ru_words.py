"""Shared readings of the Russian question-grammar checks (``question_grammar_ru``): pymorphy's readings
of a word and natasha's parse of a text, each cached on its text so that every check shares them, and
the few readings several checks need (a preposition, a case, the head of an answer).
"""
from __future__ import annotations

import re
from functools import lru_cache

from tasks.dragon.rules_ru.lexicon import _RU_NAME_GRAMMEMES as _NAME_GRAMMEMES
from tasks.dragon.rules_ru.lexicon import _RU_MONTHS, _RU_UD_CASES

_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2")
#: the second genitive / locative count as their main case
_MAIN_CASE = {"gen2": "gent", "acc2": "accs", "loc2": "loct", "voct": "nomn"}
#: natasha's (UD) case names as pymorphy grammemes: the rules engine's table, with the nominative
_UD_CASE = {"Nom": "nomn", **_RU_UD_CASES}
_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_PREPOSITIONS = frozenset({"в", "во", "на", "с", "со", "за", "под", "из", "от", "к", "ко", "о", "об", "по", "у", "для",
                           "до", "перед", "над", "через", "при", "после", "без", "между", "около", "против", "среди"})

_PREP_NORMAL = {"во": "в", "со": "с", "ко": "к", "обо": "о", "об": "о", "подо": "под", "надо": "над", "передо": "перед"}
#: nouns of a stretch of time (answers to «когда», never to «где»)
_TIME_NOUNS = frozenset({
    "четверть", "тайм", "период", "сезон", "год", "месяц", "неделя", "день", "час", "минута", "секунда",
    "половина", "начало", "конец", "середина", "полугодие", "вечер", "утро", "ночь", "квартал", "этап", "раунд",
}) | _RU_MONTHS

#: nouns of a state or a process something is in (answers to «в каком состоянии», never to «где»)
_STATE_NOUNS = frozenset({"процедура", "стадия", "процесс", "состояние", "режим", "статус", "фаза", "ситуация"})


def _case(tag) -> str | None:
    case = next((c for c in _CASES if c in tag), None)
    return _MAIN_CASE.get(case, case)


def _number(tag) -> str | None:
    return "plur" if "plur" in tag else "sing" if "sing" in tag else None


def _gender(tag) -> str | None:
    return next((g for g in ("masc", "femn", "neut") if g in tag), None)

@lru_cache(maxsize=50_000)
def _parses(word: str) -> tuple:
    """pymorphy's readings of a word (lowercased), most likely first."""
    from benchmill import nlp

    return tuple(nlp.morph_vocab().parse(word.lower()))


def _tags(word: str) -> list:
    return [p.tag for p in _parses(word)]


def _lemmas(word: str) -> set[str]:
    return {p.normal_form.replace("ё", "е") for p in _parses(word)}

@lru_cache(maxsize=4096)
def _cases(word: str) -> set[str]:
    return {c for c in (_case(t) for t in _tags(word)) if c}


def _prep(word: str) -> str:
    word = word.lower()
    return _PREP_NORMAL.get(word, word)


def _parse(text: str):
    """natasha's parse of a text (a question or a reference sentence), once per text."""
    from benchmill import nlp

    return nlp.parse_ru(text)


def _tokens(text: str) -> list:
    return list(_parse(text).tokens)


def _words(text: str) -> list[str]:
    return re.findall(r"«[^«»]*»|[\w-]+", text)


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"«[^«»]*»|\"[^\"]*\"", text)]


def _in_quotes(start: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= start < b for a, b in spans)


def _answer_head(answer: str):
    """The answer's head as written (its first noun, or a participle standing for a person: «одним
    нападающим»; not an adjective or numeral before a noun) and pymorphy's noun reading of it."""
    words = _WORD.findall(answer)
    for index, word in enumerate(words):
        parses = _parses(word)
        if not parses:
            continue
        nouns = [p for p in parses if p.tag.POS == "NOUN"]
        top = parses[0].tag
        following = words[index + 1] if index + 1 < len(words) else None
        attributive = top.POS in ("ADJF", "PRTF", "NUMR", "NPRO") or (top.POS != "NOUN" and not nouns)
        if attributive and following and any(p.tag.POS == "NOUN" for p in _parses(following)):
            continue  # «восьмой номер», «двумя защитниками»: the noun follows
        if nouns:
            return word, nouns[0]
        if top.POS in ("ADJF", "PRTF") and "Subx" in top:
            return word, parses[0]
        if attributive:
            continue
        return word, parses[0]
    return None, None


def _person_name(answer: str) -> bool:
    """A first name and a surname («Максим Перов»): pymorphy's dictionary has the first word as a first name
    (not a guess at an unknown word), and the last is no common noun («Волга Капитал» is a company)."""
    words = answer.split()
    if len(words) not in (2, 3) or not all(re.fullmatch(r"[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?", w) for w in words):
        return False
    if not any(p.is_known and "Name" in p.tag for p in _parses(words[0])):
        return False
    last = _parses(words[-1])
    return not (last and last[0].is_known and last[0].tag.POS == "NOUN"
                and not any(g in last[0].tag for g in _NAME_GRAMMEMES))


def _animate_common(answer: str) -> str | None:
    """The answer's head when it is a common noun of a person («двумя защитниками», «одним нападающим»)."""
    word, parse = _answer_head(answer)
    if word is None or word[:1].isupper():
        return None
    tag = parse.tag
    if any(g in tag for g in _NAME_GRAMMEMES):
        return None
    if tag.POS in ("ADJF", "PRTF") and "Subx" in tag:
        return word  # a participle standing for a person: «заведующий»
    nouns = [p.tag for p in _parses(word) if p.tag.POS == "NOUN"]
    if tag.POS == "NOUN" and nouns and all("anim" in t for t in nouns):
        return word
    return None
