"""A match statistic asked without the match or season it was counted in (issue 10).

A sports report counts points, goals, assists, rebounds … per game, per season or over a career,
and says which only once, usually in the article's first lines: "Fonua scored 22 points" is
one game. "How many points did Mele Fonua score?" then has no answer a reader can check (the
season's? the career's?), and a conditional "Who scored 22 points and …?" names a fact that is no
fact on its own. Judges failed such questions as not answerable on every site. A question whose
statistic carries its period or occasion ("this season", "last season", "in the final quarter",
"against the Hawks", «в прошлом сезоне», «в матче с «…»») keeps it; otherwise it is refused
with a recorded reason.

It applies only where the question has a scoring verb (scored, grabbed, добавил, набрал, забил …), so a
count of charging points or of balls a school bought is no statistic. The check reads the finished
question text, clause by clause (split at "and" / «и» and commas),
so a qualifier said for one statistic does not cover another ("Who scored 412 points this season
and made 9 assists?": the assists were one game's). Its vocabulary is the closed class of
scoring-sheet nouns, not the words of one site.
"""
from __future__ import annotations

import re

from benchmill import nlp

#: nouns a scoring sheet counts, per game or per season
_EN_STAT_NOUNS = frozenset("""
    point points goal goals assist assists rebound rebounds try tries wicket wickets run runs save saves
    block blocks steal steals touchdown touchdowns strikeout strikeouts basket baskets three-pointer three-pointers
    home-run home-runs hat-trick hat-tricks clean-sheet clean-sheets tackle tackles interception interceptions
    """.split())
_EN_QUALIFIER = re.compile(
    r"\b(?:this|last|next|that|the\s+previous|the\s+current|the\s+\d{4}(?:[–-]\d{2,4})?)\s+(?:season|campaign|year|term)\b"
    r"|\b(?:in|during|over|across|throughout|since|for)\s+(?:the\s+|his\s+|her\s+|their\s+|its\s+)?"
    r"(?:\d{4}|\w+\s+)?(?:season|seasons|campaign|career|match|game|final|semi-final|quarter|half|period|innings|"
    r"league|tournament|series|playoffs?|championship|cup|competition|year|years|month|months|week|weeks)\b"
    r"|\bagainst\b|\bso\s+far\b|\bin\s+\d{4}\b|\bin\s+(?:the\s+)?(?:first|second|third|fourth|final|opening|last)\b",
    re.IGNORECASE)

#: lemmas of the nouns a scoring sheet counts (Russian)
_RU_STAT_LEMMAS = frozenset("""
    очко мяч гол шайба передача подбор перехват блокшот бросок трёхочковый трехочковый
    """.split())
_RU_QUALIFIER = re.compile(
    r"\b(?:в|во|за|на\s+протяжении|по\s+итогам)\s+(?:\S+\s+){0,2}?(?:(?:сезон|матч|игр|встреч|четверт|период|тайм|"
    r"половин|карьер|чемпионат|турнир|сери|финал|кубк|год|месяц|недел|лиг|первенств)"
    r"(?:а|у|е|ом|ой|ы|и|ов|ах|ам|ами|ей|ь|ью|я|ю|ем)?\b|плей-офф)"  # a case ending, then the word ends: not «игроков»
    r"|\bпротив\b|\bс\s+начала\b|\bв\s+\d{4}\b",
    re.IGNORECASE)
#: verbs a scoring sheet's counts go with ("scored 22 points", «набрал 24 очка»): without one the count is no
#: match statistic ("How many points did the FTSE 100 fall?", "How many charging points will X install?")
_EN_SCORING = re.compile(
    r"\b(?:scor|net|grab|made|make|add|hit|kick|took|take|tak|conced|record|collect|rack|pull|dish|hand|regist|notch|"
    r"bag|tall|post|drain|sink|sank|block|steal|stole|claim)\w*", re.IGNORECASE)
_RU_SCORING = re.compile(
    r"\b(?:наб|заби|забь|забро|отда|отдаё|отдае|сдела|пропусти|пропуска|реализова|оформи|собра|соверши)\w*",
    re.IGNORECASE)
_RU_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_CLAUSES = re.compile(r",|;|\s+and\s+|\s+и\s+|\s+а\s+|\s+but\s+", re.IGNORECASE)


def _en_clause_counts_a_stat(clause: str) -> bool:
    words = re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", clause.lower())
    for index, word in enumerate(words):
        if word not in _EN_STAT_NOUNS or index == 0 or words[index + 1:index + 2] == ["of"]:
            continue  # "How many blocks of flats", "points of sale": no scoring sheet
        before = words[max(0, index - 3):index]
        counted = re.search(rf"\b\d[\d,.]*\s+(?:\w+\s+){{0,2}}{re.escape(word)}\b", clause.lower())
        if counted or {"many", "more", "fewer"} & set(before):
            return True
    return False


_RU_STATS = frozenset(w.replace("ё", "е") for w in _RU_STAT_LEMMAS)


def _ru_clause_counts_a_stat(clause: str) -> bool:
    words = _RU_WORD.findall(clause)
    for index, word in enumerate(words):
        lemma = nlp.lemma_ru(word.lower()).replace("ё", "е")
        if lemma not in _RU_STATS:
            continue
        before = [w.lower() for w in words[max(0, index - 3):index]]
        if lemma == "передача" and not (before and before[-1].startswith(("голев", "результативн"))):
            continue  # «передача полномочий», a broadcast: only an assist is a scoring-sheet count
        counted = re.search(rf"\d[\d\s,.]*\s+(?:\S+\s+){{0,2}}{re.escape(word)}", clause)
        if counted or {"сколько", "больше", "меньше"} & set(before):
            return True
    return False


def stat_without_occasion(question: str, lang: str) -> str | None:
    """The recorded reason when a clause of ``question`` counts a match statistic with no period or
    occasion in that clause; None when every such clause says which game, season or career."""
    counts_a_stat = _en_clause_counts_a_stat if lang == "en" else _ru_clause_counts_a_stat
    qualifier = _EN_QUALIFIER if lang == "en" else _RU_QUALIFIER
    scoring = _EN_SCORING if lang == "en" else _RU_SCORING
    if not scoring.search(question):
        return None  # no scoring verb: a count of something else ("charging points", «мячи» a school bought)
    for clause in _CLAUSES.split(question):
        if counts_a_stat(clause) and not qualifier.search(clause):
            return (f"skipped: {clause.strip(' ?')!r} counts a match statistic without the game, season or "
                    f"career it was counted in")
    return None
