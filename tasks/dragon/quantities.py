"""Numbers in edge labels: "4.2 million", "2 139", "1,870", "4,2 млн", "$3bn", "15%", "eleven
vessels" parsed to a value and a unit (``parse_quantity``), so that comparison questions compare
like with like and question templates ask "How many ...?" / "How much ...?" in the right unit.

Split out of ``tasks/dragon/subgraphs.py``; the question modules read it too. Pure compute.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Quantity:
    """A parsed numeric value with its unit.

    ``unit`` is the comparison key (casefolded, Russian lemmatised, currencies unified;
    "" for a bare number); ``unit_text`` the unit words as written ("cars",
    "автомобилей"), which question templates reuse; ``money`` whether it is an amount of
    some currency.
    """

    value: float
    unit: str
    unit_text: str = ""
    money: bool = False


_SPACE_CHARS = "\u00a0\u202f\u2009\u2007"
_NUMBER_TEXT = re.compile(
    r"^(?P<sign>[-−–])?\s*(?P<currency>US\$|\$|€|£|¥|₽)?\s*(?P<number>\d(?:[\d .,]*\d)?)(?P<rest>.*)$",
    re.DOTALL,
)
_SPACE_GROUPED = re.compile(r"\d{1,3}(?: \d{3})+(?:[.,]\d+)?")
_SCALE_WORDS: list[tuple[re.Pattern[str], float]] = [
    (re.compile(p), v)
    for p, v in [
        (r"^(?:thousands?|тыс(?:яч[аиь]?)?\.?)$", 1e3),
        (r"^(?:millions?|mln|mn|млн\.?|миллион(?:а|ов)?)$", 1e6),
        (r"^(?:billions?|bn|bln|млрд\.?|миллиард(?:а|ов)?)$", 1e9),
        (r"^(?:trillions?|tn|trln|трлн\.?|триллион(?:а|ов)?)$", 1e12),
    ]
]
#: single-letter scales only count attached to the number ("$4.2m", "10k"): spaced, "m"
#: is as likely to be metres
_ATTACHED_SCALES = {"k": 1e3, "m": 1e6, "mn": 1e6, "b": 1e9, "bn": 1e9, "tn": 1e12}
_CURRENCY_UNITS = {
    "us$": "usd", "$": "usd", "usd": "usd", "dollar": "usd", "dollars": "usd", "доллар": "usd",
    "€": "eur", "eur": "eur", "euro": "eur", "euros": "eur", "евро": "eur",
    "£": "gbp", "gbp": "gbp", "pound": "gbp", "pounds": "gbp", "фунт": "gbp",
    "₽": "rub", "rub": "rub", "руб": "rub", "рубль": "rub", "ruble": "rub", "rubles": "rub",
    "rouble": "rub", "roubles": "rub",
    "¥": "cny", "yuan": "cny", "юань": "cny",
}
_UNIT_WORD = re.compile(r"%|[^\W\d_]+(?:[-/][^\W\d_]+)*", re.UNICODE)
_EN_UNITS = ("two", "three", "four", "five", "six", "seven", "eight", "nine")
_EN_SPELLED_VALUES = {
    **{w: i for i, w in enumerate(_EN_UNITS, start=2)},
    **{w: i for i, w in enumerate(("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                   "seventeen", "eighteen", "nineteen"), start=10)},
    **{w: 10 * i for i, w in enumerate(("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                                        "ninety"), start=2)},
}
#: a spelled-out count before its unit; "one" is left out ("one of", "one stadium" name no amount)
_EN_SPELLED = re.compile(
    r"^((?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|" + "|".join(_EN_UNITS) + r"))?|"
    + "|".join(w for w in _EN_SPELLED_VALUES if w not in ("twenty", "thirty", "forty", "fifty", "sixty", "seventy",
                                                          "eighty", "ninety")) + r")(\s+[^\d]+)$",
    re.IGNORECASE,
)


def _en_spelled_value(word: str) -> int:
    tens, _, unit = word.lower().partition("-")
    return _EN_SPELLED_VALUES[tens] + (_EN_SPELLED_VALUES.get(unit, 1) if unit else 0)
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
#: a quantity's unit is a short noun phrase ("cars", "million rubles"); more is prose
_MAX_UNIT_WORDS = 3


def _number_value(number: str, lang: str) -> float | None:
    """Value of a digit string with thousands/decimal separators, or None when malformed."""
    if " " in number:
        if not _SPACE_GROUPED.fullmatch(number):
            return None  # "12 2024": two numbers, not one
        number = number.replace(" ", "")
    commas, dots = number.count(","), number.count(".")
    if commas and dots:
        decimal = "," if number.rfind(",") > number.rfind(".") else "."
        thousands = "." if decimal == "," else ","
        integer, _, fraction = number.rpartition(decimal)
        if not re.fullmatch(rf"\d{{1,3}}(?:\{thousands}\d{{3}})*", integer):
            return None
        return float(integer.replace(thousands, "") + "." + fraction)
    for separator, count in ((",", commas), (".", dots)):
        if count > 1:
            if not re.fullmatch(rf"\d{{1,3}}(?:\{separator}\d{{3}})+", number):
                return None
            return float(number.replace(separator, ""))
    if commas == 1:
        integer, fraction = number.split(",")
        # English writes thousands as "1,870"; Russian writes decimals as "4,2" (and "1,870" = 1.87)
        if lang == "en" and len(fraction) == 3 and len(integer) <= 3:
            return float(integer + fraction)
        return float(integer + "." + fraction)
    return float(number)


@lru_cache(maxsize=4096)
def _unit_key(words: tuple[str, ...], lang: str) -> str:
    out = []
    for word in words:
        word = word.casefold().replace("ё", "е")
        if lang == "ru" and _CYRILLIC.search(word):
            from benchmill.nlp import lemma_ru

            word = lemma_ru(word)
        out.append(_CURRENCY_UNITS.get(word, word))
    return " ".join(out)


@lru_cache(maxsize=100_000)
def parse_quantity(text: str, lang: str) -> Quantity | None:
    """Parse a tail like "4.2 million", "2 139", "1,870", "4,2 млн", "$3bn", "15%", "2139 cars".

    The whole text must be the quantity: an optional sign and currency symbol, the
    number, an optional scale word, then at most three unit words without digits
    ("about 2,000", "12 March 2024" and "the 2023 season" are not quantities). The unit
    is casefolded, Russian words lemmatised and currency spellings unified, so that
    "$4.2 billion" and "3 billion dollars" compare while "3 billion rubles" does not.
    """
    text = unicodedata.normalize("NFKC", text)
    for ch in _SPACE_CHARS:
        text = text.replace(ch, " ")
    if lang == "en":
        # "eleven roll-on/roll-off vessels", "twenty-five stores": a count spelled out
        spelled = _EN_SPELLED.match(text.strip())
        if spelled is not None:
            text = f"{_en_spelled_value(spelled[1])}{spelled[2]}"
    match = _NUMBER_TEXT.match(text.strip())
    if match is None:
        return None
    value = _number_value(match["number"], lang)
    if value is None:
        return None
    rest = match["rest"]
    if lang == "en" and rest.startswith("-") and rest[1:2].isalpha():
        return None  # "a 19-year-old man", "a 19-mile pipeline": the number measures a modifier, it counts nothing
    scale = 1.0
    attached = re.match(r"([a-zA-Z]{1,2})\b", rest)
    if attached and attached[1].lower() in _ATTACHED_SCALES:
        scale = _ATTACHED_SCALES[attached[1].lower()]
        rest = rest[attached.end():]
    else:
        first = rest.strip().split(" ", 1)
        if first[0]:
            for pattern, factor in _SCALE_WORDS:
                if pattern.match(first[0].casefold()):
                    scale = factor
                    rest = first[1] if len(first) > 1 else ""
                    break
    if re.search(r"\d", rest):
        return None
    words = _UNIT_WORD.findall(rest)
    if len(words) > _MAX_UNIT_WORDS or re.sub(r"[%\w\s.,/\-$€£¥₽]", "", rest).strip():
        return None  # brackets, dashes, quotes: a phrase, not a unit
    unit_text = " ".join(words)
    if match["currency"]:
        words.insert(0, match["currency"])
    sign = -1.0 if match["sign"] else 1.0
    key = _unit_key(tuple(words), lang)
    money = bool(match["currency"]) or any(w in set(_CURRENCY_UNITS.values()) for w in key.split())
    return Quantity(value=sign * value * scale, unit=key, unit_text=unit_text, money=money)


def parse_number(text: str, lang: str) -> float | None:
    """The numeric value of a quantity text (see :func:`parse_quantity`), or None."""
    quantity = parse_quantity(text, lang)
    return quantity.value if quantity is not None else None
