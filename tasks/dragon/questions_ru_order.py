"""DRAGON questions, Russian: where the subject of an asked object stands, and the facts no question is
asked of because a reader could not take its words right (issue 10, session 24).

Word order. A question about a fact's object put its subject after the whole predicate: «Когда планирует
сдать первую очередь комплекса «Новострой-Уфа»?», «Когда планирует получить регистрационное удостоверение
Росздравнадзора университет?». After a noun the subject reads as that noun's genitive or as a word
left over; a native says the subject right after the question word: «Когда «Новострой-Уфа» планирует сдать
первую очередь комплекса?». A predicate with no object of its own keeps the subject last («Когда основан
завод «Кристалл»?», «Что согласилась купить компания «Север»?»), and a described subject («организация,
которая ...») still ends the question, as its clause would take the words after it.
"""
from __future__ import annotations

from benchmill import nlp


def _leading_infinitives(words: list[str]) -> int:
    vocab = nlp.morph_vocab()
    count = 0
    while count < len(words) and any(p.tag.POS == "INFN" for p in vocab.parse(words[count].lower())[:1]):
        count += 1
    return count


def ru_subject_first(middle: str, head: str) -> bool:
    """Does the subject ``head`` go before the verb: the predicate's words after its infinitives
    (``middle``) hold an object, and the subject is no described one?"""
    words = middle.split()
    return "," not in head and _leading_infinitives(words) < len(words)


def ru_ordered(before_verb: list[str], verb: str, middle: str, head: str) -> list[str]:
    """The parts of a question after its question word: «… планирует сдать первую очередь» with the
    subject first when ``ru_subject_first``, else after the predicate. ``before_verb``: the words
    that stand before the verb either way (a manner adverb, an event's date)."""
    if ru_subject_first(middle, head):
        return [head, *before_verb, verb, middle]
    return [*before_verb, verb, middle, head]


#: the question words whose accusative is their nominative (an inanimate «какой завод», «какое», «какие», and the
#: relative «который» of «завода, который купил …»)
_WH_GENDER = {"какой": "masc", "какое": "neut", "какие": "plur", "который": "masc", "которое": "neut", "которые": "plur"}


def ru_roles_unmarked(wh: str, verb: str, head_label: str, head_gender: str) -> bool:
    """Would «{wh} {verb} {head}?», which asks the verb's object, read as asking its subject? So when nothing tells the
    two apart: the question word's accusative is its nominative («Какой завод»), the subject's is too (a name in «»,
    an inanimate masculine or a neuter with no class noun: «Нордфарм», «Северный холдинг»), and the verb agrees with either (the same
    gender in the past, the same number otherwise). «Какой завод купил «Нордфарм»?» then reads as the plant buying
    the group; «Какой завод купила «Северсталь»?» does not."""
    words = wh.lower().split()
    if not words or words[0] not in _WH_GENDER or not verb.split():
        return False
    if head_label[:1].islower() or nlp.inflect_ru(head_label, "accs") != head_label:
        # «холдинг «Сухона-Лес»»: a class noun says who acts (judged natural); «Ивана Петрова», «компанию «Север»»:
        # the subject's case shows
        return False
    wh_gender = _WH_GENDER[words[0]]
    parse = nlp.morph_vocab().parse(verb.split()[0].lower())[0]
    if "past" in parse.tag:
        return wh_gender == head_gender
    return (wh_gender == "plur") == (head_gender == "plur")
