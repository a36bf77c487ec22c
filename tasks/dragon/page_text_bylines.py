"""Page text, cleaning: the byline/date line ("By Staff Reporter · Thu 19 March 2026", "Автор: Иван
Петров, 19 марта 2026") and the dateline ("LONDON, March 3 (Reuters) -", «МОСКВА, 3 марта —»,
«НАХОДКА. Сотрудники ...») a story opens with. ``clean_paragraph`` (``page_text_chrome``) cuts
what these find; left in, "Thu" becomes an entity that "approved a stadium".
"""
from __future__ import annotations

import re

from benchmill.nlp import morph_vocab
from tasks.dragon.page_text_accept import _LETTER, _WORD

_WEEKDAYS = (
    "mon|monday|tue|tues|tuesday|wed|wednesday|thu|thur|thurs|thursday|fri|friday|sat|saturday|sun|sunday|"
    "пн|вт|ср|чт|пт|сб|вс|понедельник|вторник|среда|среду|четверг|пятница|пятницу|суббота|субботу|воскресенье"
)
_MONTHS = (
    "jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|"
    "nov|november|dec|december|январь|января|февраль|февраля|март|марта|апрель|апреля|май|мая|июнь|июня|июль|июля|"
    "август|августа|сентябрь|сентября|октябрь|октября|ноябрь|ноября|декабрь|декабря|янв|фев|мар|апр|июн|июл|авг|"
    "сен|сент|окт|ноя|дек"
)
# words a byline/date line is made of besides names and dates
_META_WORDS = frozenset((
    "by and staff reporter reporters correspondent correspondents editor editors writer writers senior chief "
    "political business news desk our in at updated published posted last modified am pm gmt utc bst cet cest est "
    "edt msk mins min minutes hours hour ago read reading time today yesterday "
    "автор авторы текст корреспондент корреспондента редактор редакция обозреватель обновлено опубликовано "
    "в г года мин минут чтения время сегодня вчера мск"
).split())
_MONTH_SET = frozenset(_MONTHS.split("|"))
_WEEKDAY_SET = frozenset(_WEEKDAYS.split("|"))
_TOKEN = re.compile(r"[^\W\d_][\w'’.-]*|\d{1,4}(?:[:.]\d{2})?(?:[.,/]\d{1,4})*|[·|•/,—–:()-]+", re.UNICODE)
_WORD_START = re.compile(r"[^\W\d_]", re.UNICODE)
_BYLINE_LEAD = frozenset({"by", "автор", "авторы", "текст", "written", "reporting"})
_STRONG_SEPARATORS = frozenset("·|•/—–-")
_ROLE_WORDS = frozenset("reporter reporters correspondent correspondents editor editors writer writers корреспондент "
                        "корреспондента редактор обозреватель".split())

# "LONDON, March 3 (Reuters) -", "BERLIN (AP) —", "МОСКВА, 3 марта —": a city in capitals,
# an optional date and agency, a dash
_DATELINE = re.compile(
    r"^(?P<city>[A-ZА-ЯЁ][A-ZА-ЯЁ'’.-]+(?:[ -][A-ZА-ЯЁ][A-ZА-ЯЁ'’.-]+){0,3}"
    # a press release's "Псков, 1 декабря 2026 г. —": the city in title case, a full date after it
    r"|[A-ZА-ЯЁ][a-zа-яё'’-]+(?:[ -][A-ZА-ЯЁа-яё][a-zа-яё'’-]+){0,2}(?=\s*,\s*\d{1,2}\s+[a-zа-яё]+\s+\d{4}))"
    r"(?:\s*,\s*(?P<date>[^—–()]{1,40}?))?\s*(?P<agency>\([^()]{1,40}\))?\s*[—–-]{1,2}\s+(?=\S)"
)
# «НАХОДКА. Сотрудники ...», "WREXHAM. Plans ...": a place in capitals closed by a full stop
# (Russian wire style), taken only where a story opens and only before a capitalised sentence
_PERIOD_DATELINE = re.compile(r"^(?P<city>[A-ZА-ЯЁ][A-ZА-ЯЁ'’-]+(?:[ -][A-ZА-ЯЁ][A-ZА-ЯЁ'’-]+){0,3})\.\s+(?=[«\"“]?[A-ZА-ЯЁ])")
#: the body's first paragraphs, where a dateline may open the story after a standfirst
OPENING_PARAGRAPHS = 3


def _token_kind(token: str) -> str:
    low = token.lower().rstrip(".")
    if not _WORD_START.match(token) and not token[0].isdigit():
        return "sep"
    if token[0].isdigit():
        return "date"
    if low in _MONTH_SET or low in _WEEKDAY_SET:
        return "date"
    if low in _META_WORDS:
        return "meta"
    if token[0].isupper():
        return "name"
    return "word"


def _meta_prefix_length(paragraph: str) -> int:
    """Length of a leading byline/date line ("By Staff Reporter · Thu 19 March 2026 ...",
    "Staff reporter | 19 March 2026", "Автор: Иван Петров, 19 марта 2026"), 0 when none.

    Tokens are read while they are a lead word ("By", "Автор"), names (capitalised words,
    at most four, before the first date or strong separator), dates and times, separators
    and byline words ("staff", "reporter", "updated"). A whole paragraph of them is a
    byline when it has a lead, a date, or a name with a byline word; a prefix of a longer
    paragraph only with a lead or a strong separator ("·", "|", "—") next to a date or
    byline word, or as a bare timestamp (a weekday with a year or a time of day: "Thu 19 Nov
    2026 14:05 GMT Harbour ..."), and never before a lower-case continuation ("By Monday, the council ...",
    "In 2019, Hansa Events ..." stay as they are).
    """
    end, names = 0, 0
    lead = date = meta = strong = weekday = stamp = False
    in_names = True
    matches = list(_TOKEN.finditer(paragraph))
    kinds = [_token_kind(m.group(0)) for m in matches]
    for index, match in enumerate(matches):
        token = match.group(0)
        kind = kinds[index]
        if kind == "word" and _before_role(matches, kinds, index):
            kind = "meta"  # "local democracy reporter", "специальный корреспондент"
        if index == 0 and token.lower() in _BYLINE_LEAD:
            lead = True
        elif kind == "name" and in_names and names < 4:
            names += 1
        elif kind == "date":
            date, in_names = True, False
            weekday = weekday or token.lower().rstrip(".") in _WEEKDAY_SET
            stamp = stamp or bool(re.fullmatch(r"\d{4}|\d{1,2}[:.]\d{2}", token))
        elif kind == "sep":
            if set(token) <= _STRONG_SEPARATORS:
                strong, in_names = True, False
        elif kind == "meta":
            meta = True
        else:
            break
        end = match.end()
    if end == 0:
        return 0
    rest = paragraph[end:].strip()
    if not rest:
        return end if (date or lead or (meta and names)) else 0
    if not rest[0].isupper() and not rest[0] in "«\"“'":
        return 0
    if lead and (names or meta) and (date or strong):
        return end
    if weekday and stamp and not names:  # a bare timestamp glued on: "Thu 19 Nov 2026 14:05 GMT Harbour ..."
        return end
    if strong and (date or meta) and (lead or meta or names == 0):
        return end
    return 0


def _is_dateline(match: re.Match) -> bool:
    """A capitalised word and a dash is a dateline only with an agency or a date after it:
    "ЦБ — главный регулятор" and "NATO - the alliance ..." are sentences."""
    if match.group("agency"):
        return True
    city, rest = match.group("city"), match.string[match.end():]
    if not city.isupper() and not rest[:1].isupper():
        return False  # a title-case city only before a sentence: "Иван, 3 марта 2026 года — день его рождения"
    words = [w.lower().rstrip(".") for w in _WORD.findall(match.group("date") or "")]
    return any(w in _MONTH_SET or w in _WEEKDAY_SET for w in words) and any(w.isdigit() for w in words)


def _is_opening_dateline(match: re.Match) -> bool:
    """At the very start of a story, a place in capitals and a dash before a sentence is a
    dateline even with no date: "CARDIFF CROWN COURT — A former club treasurer ...", "LEEDS —
    Plans ...". (Elsewhere "NATO - the alliance ..." may be a sentence; here the capitals are
    the wire style, and a subject in capitals would become a name no one can ask about.)"""
    city = match.group("city")
    sentence = match.string[match.end():].lstrip("«\"“„'")  # «Волжская верфь» спустила ...
    return city.isupper() and len(_LETTER.findall(city)) >= 4 and sentence[:1].isupper()


_CYRILLIC_WORD = re.compile(r"[А-ЯЁа-яё-]+")


def _period_place(match: re.Match) -> bool:
    """The full-stop dateline is the Russian wire style: a Cyrillic place, never an agency's acronym
    («УМВД. Сотрудники …», «ТАСС. …» open sentences about the body), which pymorphy2 tags Abbr / Orgn."""
    words = _WORD.findall(match.group("city"))
    if not words or not all(_CYRILLIC_WORD.fullmatch(w) for w in words):
        return False
    morph = morph_vocab()
    return not any(p.tag.grammemes & {"Abbr", "Orgn"} for w in words for p in morph.parse(w.lower())[:3])


def _before_role(matches: list[re.Match], kinds: list[str], index: int) -> bool:
    """Up to three lower-case words followed by a byline role word."""
    for ahead in range(index, min(index + 4, len(kinds))):
        if kinds[ahead] == "meta":
            return matches[ahead].group(0).lower() in _ROLE_WORDS
        if kinds[ahead] != "word":
            return False
    return False


def strip_dateline(text: str, opening: bool) -> str:
    """``text`` without the dateline it opens with: a city in capitals (or a press release's city and
    full date) with a date or an agency before a dash anywhere; where the story opens (``opening``), a
    place in capitals before a dash, or a Russian-wire place closed by a full stop, with no date."""
    if (match := _DATELINE.match(text)) and (_is_dateline(match) or opening and _is_opening_dateline(match)):
        text = text[match.end():]
    elif opening and (match := _PERIOD_DATELINE.match(text)) and _is_opening_dateline(match) and _period_place(match):
        text = text[match.end():]
    return text
