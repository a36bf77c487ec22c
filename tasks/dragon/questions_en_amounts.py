"""DRAGON questions, English: amounts — an amount behind its approximator and the question words
of money ("how much revenue", "how large a fee", "more in damages") (moved from ``questions_en``); an amount
whose rate or period the question drops (``dropped_scope``, moved from ``questions_en_names``)."""
from __future__ import annotations

import re

from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_en_names import _NUMBER_WORDS
from tasks.dragon.questions_en_verbs import _en_adjectives, _en_lexicon
from tasks.dragon.subgraphs import parse_quantity


#: adjectives of a run that stand for their noun after a number ("four straight", "three running")
_EN_RUN_WORDS = frozenset("straight running successive consecutive".split())


#: approximators before an amount: "about 2,100 people", "more than 40 licence applications"
_EN_APPROXIMATORS = re.compile(
    r"^(?:about|around|roughly|nearly|almost|approximately|some|over|under|more\s+than|less\s+than|fewer\s+than|"
    r"at\s+least|at\s+most|up\s+to|just\s+over|just\s+under|another|an\s+additional|a\s+further)\s+",
    re.IGNORECASE)


def en_amount(label: str):
    """The amount a label states (``parse_quantity``), also behind an approximator ("about 2,100
    people", "more than 40 licence applications"); None when it is no amount."""
    if re.search(r"\d(?!(?:bn|m|k|mn|tn|b|million|billion|thousand|trillion)\b)[a-zA-Z]", label):
        return None  # "some 5nm production", "a 7nm chip": the number measures a modifier, it counts nothing
    quantity = parse_quantity(label, "en")
    if quantity is None:
        stripped = _EN_APPROXIMATORS.sub("", label.strip())
        if stripped != label.strip():
            quantity = parse_quantity(stripped, "en")
    return quantity



#: currency words: "1.3 billion Swedish crowns" is an amount, "$260 million pet food plant" a thing
_EN_CURRENCY_WORDS = frozenset(
    "euro euros dollar dollars pound pounds sterling crown crowns kronor krona krone kroner franc francs zloty zlotys "
    "guinea guineas yen yuan rouble roubles ruble rubles rupee rupees peso pesos real reais rand lira lire forint "
    "forints koruna won shekel shekels dirham dirhams cent cents pence p usd eur gbp".split())
#: nouns measured, not counted: "How much revenue did X report?"
_EN_MASS_NOUNS = frozenset(
    "revenue revenues profit funding money debt capital income turnover investment aid cash financing compensation "
    "spending support growth cargo traffic".split())
#: plural money nouns: "How much in damages did X pay?"
_EN_PLURAL_MONEY = frozenset("damages sales earnings profits losses savings fees wages taxes costs fines".split())


#: count nouns that are amounts of money: "How large a fee ...?"; not "How large a option ...?"
_EN_MONEY_COUNT_NOUNS = frozenset(
    "fee grant loss profit fine bonus salary budget payment loan prize dividend settlement award bid offer package "
    "deal donation subsidy deficit surplus investment stake order contract sum price valuation".split())


def _en_how_much(noun: list[str]) -> str:
    """The amount's question word for "<verb> <noun> of <amount>": "how much revenue", "how much
    in damages", "how large a net loss" (a count noun: "How much fee did X pay?" is not English)."""
    last = noun[-1].lower()
    if last in _EN_MASS_NOUNS:
        return f"how much {' '.join(noun)}"
    if last in _EN_PLURAL_MONEY:
        return f"how much in {last}"
    if last not in _EN_MONEY_COUNT_NOUNS:
        raise NoTemplate(f"no amount question for {' '.join(noun)!r}")
    phrase = " ".join(w for w in noun if not any(ch.isdigit() for ch in w) and w.lower() not in ("reported",))
    return f"how large {'an' if phrase[:1].lower() in 'aeiou' else 'a'} {phrase}"


def _en_more(noun: list[str]) -> str:
    """ "more revenue", "more in damages", "a larger fee" (see _en_how_much)."""
    last = noun[-1].lower()
    if last in _EN_MASS_NOUNS:
        return f"more {' '.join(noun)}"
    if last in _EN_PLURAL_MONEY:
        return f"more in {last}"
    return f"a larger {last}"


def uncounted(label: str) -> str | None:
    """Why an amount names nothing counted, or None: a bare count ("employs about 210", "added 14") or a count
    whose noun an adjective stands for ("lost four straight", "won three consecutive"). Neither reads as English
    out of its article: "How much did X add?", "Which team lost four straight?" ask about a noun left out."""
    quantity = en_amount(label)
    if quantity is None or quantity.money:
        return None
    if not quantity.unit:
        return f"{label!r} is a count without its noun"
    last = quantity.unit_text.split()[-1].lower() if quantity.unit_text else ""
    if last in _EN_RUN_WORDS or last in _en_adjectives() and last not in _en_lexicon()[1]:
        return f"{label!r} counts with an adjective: its noun is missing"
    return None



def counted_subject(label: str, sentences) -> str | None:
    """Why an amount cannot be the subject a question names, or None: a count of common things ("Where were two
    second-prize tickets sold?": which tickets?), or a count the text gives an owner the label lost ("Eden Crust's
    140 staff will transfer": "Where does 140 staff plan to transfer?" names no one, and breaks the agreement). A
    count that says whose it is by its own words ("about 2,400 Ferndale residents") is a subject."""
    if en_amount(label) is None or re.fullmatch(r"[\d,.]+", label.strip()):
        return None  # (a bare number is no name at all: ``questions_en_answers``)
    if not any(ch.isupper() for ch in label) and re.search(r"[a-z]{3,}s$", label):
        return f"the subject {label!r} is a description, not a name"
    owned = re.compile(rf"(?:[’']s|\b(?:its|their|his|her|our))\s+{re.escape(label)}\b", re.IGNORECASE)
    owner = next((m.group(0) for s in sentences for m in [owned.search(s)] if m), None)
    if owner:
        return f"the subject {label!r} lost the owner its sentence gives it ({owner!r}): it names no one"
    return None


#: what after an amount makes it a rate or a part: "£1,000 per megawatt", "£1 from each ticket", "£5 a head"
_PER_UNIT = re.compile(r"^\s*(?:per|each|apiece|a\s+head|from\s+(?:each|every)|for\s+(?:each|every)|of\s+(?:each|every)"
                       r"|an?\s+(?:hour|day|week|month|tonne|ton|unit|seat|ticket|megawatt|person|pupil|head))\b",
                       re.IGNORECASE)
#: what after a count makes it one period's or one match's: "17 goals last season", "two tries against X"
_SCOPED_COUNT = re.compile(r"^\s*(?:[a-z-]+\s+){0,2}?(?:last|this|next)\s+season\b"
                           r"|^\s*(?:against|during|so\s+far|in\s+the\s+(?:win|defeat|draw|match|game)|in\s+\d+\s+\w+\s+games)\b",
                           re.IGNORECASE)


def dropped_scope(label: str, sentences: list[str], question: str) -> str | None:
    """Why an amount loses its meaning in the question: a rate said as a total ("£1,000" of "£1,000 per
    megawatt a year"), a count without its period or match ("17 goals" of "17 goals last season") when
    the question does not carry it; else None."""
    if not label or not any(ch.isdigit() for ch in label) and not label.split()[0].lower() in _NUMBER_WORDS:
        return None
    pattern = re.compile(rf"(?<![\w-]){re.escape(label)}(?![\w-])")
    for sentence in sentences:
        for match in pattern.finditer(sentence):
            after = sentence[match.end():]
            if _PER_UNIT.match(after):
                return f"{label!r} is a rate or a share ({after.split(',')[0].strip()[:30]!r}): said alone it misleads"
            scope = _SCOPED_COUNT.match(after)
            if scope and scope.group(0).strip().lower() not in question.lower():
                return f"{label!r} is counted over {scope.group(0).strip()!r}, which the question drops"
    return None
