"""What a Russian verb's frame asks for the question word (issue 10): a destination is «куда» and a limit
«докуда», not «где», «во что» or «до чего»; a verb that governs another case than the accusative cannot be
asked «сколько рублей»; a deictic adverb («здесь») points at a place the question never names.

Used by ``questions_ru.RussianTemplates.ask_tail``; the words are read with pymorphy2 (``nlp.morph_vocab``).
"""
from __future__ import annotations

import re

from benchmill import nlp

#: verbs of carrying, sending or travelling to a place, beside the ones of going there
#: (``questions_ru._RU_MOTION_VERBS``): «поставляет в Турцию», «ходит в Тотьму» are asked «куда»
RU_SEND_VERBS = frozenset({
    "поставлять", "везти", "возить", "перевозить", "перевезти", "отвезти", "отвозить", "летать", "лететь",
    "ходить", "ездить", "плавать", "курсировать", "следовать", "экспортировать",
})

#: nouns of a trip or a shipment that take the destination themselves: «отменила рейсы в Кириллов» asks
#: «Куда отменила рейсы ...?», «поставки в Египет» «куда»
RU_TRAVEL_NOUNS = frozenset({
    "рейс", "авиарейс", "поезд", "электричка", "автобус", "маршрут", "перелет", "поездка", "путевка", "билет",
    "поставка", "перевозка", "доставка", "экспорт", "продукция", "груз", "товар",
})

#: verbs that govern their amount in the genitive and whose amount is a level reached: «достигла
#: 112 тысяч рублей» is asked «Какой величины достигла ...?», never «Сколько рублей достигла ...?»
RU_LEVEL_VERBS = frozenset({"достичь", "достигнуть", "достигать"})

#: verbs whose opponent is in the dative and whose thing lost is in the accusative: «проиграли «Лосям»» but
#: «проиграли матч»; a team or a person after them is asked «кому», «какому клубу»
RU_DATIVE_PARTNER_VERBS = frozenset({"проиграть", "проигрывать", "уступить", "уступать"})


#: verbs of giving: a company or a person after them is who receives, in the dative («компании выделит
#: Фонд»), never the thing given («Какую организацию выделит Фонд?»)
RU_GIVE_VERBS = frozenset({
    "выделить", "выделять", "предоставить", "предоставлять", "выплатить", "выплачивать", "перечислить",
    "перечислять", "пожертвовать", "подарить", "дарить", "вручить", "вручать",
})


def ru_partner_case(head: str, preposition: str | None, tail_is_party: bool, case: str) -> str:
    """The case of a verb's object: the dative for the opponent of «проиграть» and the receiver of
    «выделить», else ``case`` unchanged."""
    if not preposition and tail_is_party and (head in RU_DATIVE_PARTNER_VERBS or head in RU_GIVE_VERBS):
        return "datv"
    return case


#: adverbs that point at a place or a time the text named before: «Когда здесь показали комедию?»
RU_DEICTIC = re.compile(r"(?<![\w-])(здесь|тут|там|сюда|туда|оттуда|отсюда|тогда)(?![\w-])", re.IGNORECASE)

_PREPOSITIONS = frozenset("в во на с со к ко о об обо из от до по за под над при у для без через про между перед".split())
_WORD = re.compile(r"[А-ЯЁа-яё]+(?:-[А-ЯЁа-яё]+)*")


def ru_toponym(label: str) -> bool:
    """Is the label a place's proper name, by pymorphy's Geox reading of one of its capitalised words in
    the nominative («Кириллов», «Тотьма», «Великий Устюг»)? A common noun («участок») is not one."""
    vocab = nlp.morph_vocab()
    for word in _WORD.findall(label):
        if not word[:1].isupper():
            continue
        low = word.lower().replace("ё", "е")
        if any("Geox" in p.tag and p.normal_form.replace("ё", "е") == low for p in vocab.parse(word.lower())):
            return True
    return False


def ru_travel_noun(middle: str) -> bool:
    """Does the relation's object before the preposition name a trip or a shipment («утренние рейсы»)?"""
    words = _WORD.findall(middle.lower())
    if not words:
        return False
    return nlp.lemma_ru(words[-1]).replace("ё", "е") in RU_TRAVEL_NOUNS


def ru_destination(head: str, middle: str) -> bool:
    """Does a «в/на» + accusative place after this verb (and its object) say where something goes?"""
    return head in RU_SEND_VERBS or ru_travel_noun(middle)


def ru_deictic(*parts: str) -> str | None:
    """The first deictic adverb in the question's parts, or None."""
    for part in parts:
        found = RU_DEICTIC.search(part or "")
        if found:
            return found.group(1)
    return None


def ru_dropped_object(head: str, preposition: str | None, middle: str, tail: str, sentences: list[str]) -> str | None:
    """The direct object a sentence puts between the verb and the relation's preposition when the relation
    kept none («приговорил бывшего директора к четырём годам» gave «приговорить к»): «К чему приговорил
    суд?» then asks of no one. None when the relation keeps its object or the sentence shows none there."""
    if not preposition or middle.strip():
        return None
    vocab = nlp.morph_vocab()
    tail_words = _WORD.findall(tail.lower())
    tail_lemma = nlp.lemma_ru(tail_words[0]) if tail_words else None
    for sentence in sentences:
        words = [w.lower() for w in _WORD.findall(sentence)]
        for index, word in enumerate(words):
            if not any(p.tag.POS == "VERB" and p.normal_form.replace("ё", "е") == head for p in vocab.parse(word)):
                continue
            between = []
            for follower in words[index + 1: index + 7]:
                if follower == preposition or follower in ("во", "со", "ко", "обо") and follower[:-1] == preposition:
                    break
                between.append(follower)
            else:
                continue
            after = words[index + 2 + len(between): index + 5 + len(between)]
            if tail_lemma is not None and tail_lemma not in {nlp.lemma_ru(w) for w in after}:
                continue  # the preposition found is not the one before the relation's object
            for candidate in between:
                if candidate in _PREPOSITIONS:
                    break  # «перешёл в «Енисей» из омского клуба»: a noun of another phrase, not the object
                best = vocab.parse(candidate)[0]
                if best.tag.POS == "NOUN" and any(p.tag.POS == "NOUN" and "accs" in p.tag for p in vocab.parse(candidate)):
                    return candidate
    return None
