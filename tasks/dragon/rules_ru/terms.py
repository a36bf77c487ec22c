"""Russian rules triplets: a term a verb sets or may set — a sentence ("приговорил к четырём годам
колонии"), a maximum one ("может получить до десяти лет лишения свободы"). A counted duration is
otherwise a time ("к трём часам ночи", "до двух недель"); of something other than a time it is the thing
the verb gives."""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_DURATIONS, _RU_MONTHS, _RU_TIME_NOUNS
from tasks.dragon.rules_ru.morph import _lemma

#: the prepositions of a term: «к» the term set, «до» the most it can be (that one stays in the object:
#: «до семи лет лишения свободы» is what the fact says, «получить до» no relation a question reads)
TERM_PREPOSITIONS = {"к": False, "ко": False, "до": True}


def term_phrase(token, helper) -> tuple[str, bool] | None:
    """The term as written and whether its preposition belongs to it: ("четырём годам колонии", False)
    for "к четырём годам колонии", ("до десяти лет лишения свободы", True). None for a time ("к трём
    часам ночи", "к 2027 году", "до двух недель") or a bare span ("к двум годам")."""
    preposition = helper.preposition(token)
    if preposition not in TERM_PREPOSITIONS or _lemma(helper.vocab, token) not in _RU_DURATIONS:
        return None
    if helper.date_phrase(token) is not None:
        return None
    of = [n for n in helper.genitives(token) if n.pos == "NOUN" and _lemma(helper.vocab, n) not in _RU_TIME_NOUNS]
    counted = helper.number_phrase(token, counted=False)
    if len(of) != 1 or counted is None or helper.names_within(of[0]):
        return None
    # "лишения свободы", "колонии общего режима" whole (an adverb after it, "условно", says how, no word of it)
    of_words = [t for t in helper.subtree(of[0]) if not (t.pos == "ADV" and t.head_id == of[0].id)]
    if any(t.pos not in ("NOUN", "ADJ") for t in of_words):
        return None
    words = " ".join([counted, *(t.text for t in of_words)])
    own = TERM_PREPOSITIONS[preposition]
    return (f"{preposition} {words}" if own else words), own


#: verbs of lasting: "снегопад продлится до четверга", "морозы сохранятся до выходных" — until when is
#: what they say, the time their argument, not a circumstance
_WEEK_DAYS = frozenset({"понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье", "выходные"})
_LASTING = frozenset({"продлиться", "продолжиться", "продолжаться", "длиться", "затянуться", "сохраниться"})


def lasting_until(lemma: str, token, helper) -> str | None:
    """Until when a verb of lasting lasts ("продлится до четверга" → "четверг", "до 5 марта" → "5 марта"),
    or None for another verb, preposition or a phrase that is no time."""
    if lemma not in _LASTING or helper.preposition(token) != "до" or token.pos != "NOUN":
        return None
    date = helper.date_phrase(token)
    if date is not None:
        return date
    noun = _lemma(helper.vocab, token)
    if noun in _RU_MONTHS or (noun in _WEEK_DAYS and not [k for k in helper.kids(token) if k.rel not in ("case", "punct")]):
        return noun  # "до четверга", "до выходных" (not "до вечера": of which day, the text says elsewhere)
    return None


#: verbs whose object is a span of time: "может пропустить ещё две недели" is what is missed, no time of the act
_MISSING = frozenset({"пропустить", "пропускать"})


def missed_time(lemma: str, token, helper) -> str | None:
    """The span a verb of missing misses, as written ("две недели", "до двух недель"), or None."""
    preposition = helper.preposition(token)
    if lemma not in _MISSING or preposition not in ("", "до") or _lemma(helper.vocab, token) not in _RU_DURATIONS:
        return None
    counted = helper.number_phrase(token, counted=False)
    return None if counted is None else f"{preposition} {counted}".strip()


#: verbs whose counted span of time is the value they state, not a time of the act: "интервал сократится до
#: 24 часов", "поездка займёт два часа", "срок продлят на пять лет", "проект окупится за девять лет"
_SPANNING = frozenset({
    "сократиться", "сокращаться", "сократить", "сокращать", "увеличиться", "увеличиваться", "увеличить", "увеличивать",
    "уменьшиться", "уменьшаться", "уменьшить", "уменьшать", "снизиться", "снижаться", "снизить", "снижать",
    "вырасти", "расти", "возрасти", "возрастать", "продлить", "продлевать", "составить", "составлять", "занять", "занимать",
})
#: verbs of paying back, whose «за» span is how long it takes ("окупится за девять лет"); to any other «за
#: два года» is when ("сократился за два года до 64 дней")
_PAYING_BACK = frozenset({"окупиться", "окупаться"})
#: the prepositions of a span as a value: the new one («до»), the change («на»), none for an object
_SPAN_PREPOSITIONS = frozenset({"", "до", "на"})


def spanned_time(lemma: str, token, helper) -> str | None:
    """The counted span a verb of change, amount or paying back states as its value ("до 24 часов" →
    "24 часов", "два часа", "за девять лет" → "девять лет"), or None for another verb, preposition, or a
    span not counted ("за год", "до конца недели": when)."""
    preposition = helper.preposition(token)
    if not (lemma in _SPANNING and preposition in _SPAN_PREPOSITIONS or lemma in _PAYING_BACK and preposition == "за"):
        return None
    if _lemma(helper.vocab, token) not in _RU_DURATIONS or helper.date_phrase(token) is not None:
        return None
    return helper.number_phrase(token, counted=False)


def sentenced_name(objects, helper) -> str:
    """The person a term is set for, by name as written ("Олега Пестова" in "приговорил бывшего
    заместителя мэра Олега Пестова к шести годам"): a reader asks «к чему приговорили Олега Пестова?»,
    the role alone names no one. "" when the object names no person."""
    for obj in objects:
        # (the name may hang lower: "бывшего заместителя главы округа Павла Гребенюка")
        for token in (obj, *helper.subtree(obj)):
            span = helper.span_of.get(token.id)
            if span is not None and span.type == "PER":
                return span.text
    return ""


def described_people(token, helper) -> bool:
    """Is a bare participle the subject, people named by what was done to them or what they did
    ("Задержанные могут получить", "Пострадавший доставлен в больницу")? Only one in the nominative, masculine
    or plural (a neuter one, "сказанное", is a thing), with nothing of its own after it (a participle with
    its own objects, "построенный в 2010 году", describes a noun the sentence left out)."""
    feats = token.feats or {}
    return (token.pos == "VERB" and feats.get("VerbForm") == "Part" and feats.get("Case") == "Nom"
            and feats.get("Gender") != "Neut" and token.rel in ("nsubj", "nsubj:pass") and token.id not in helper.span_of
            and not helper.kids(token, ("obj", "obl", "nmod", "iobj", "advmod", "xcomp", "conj")))
