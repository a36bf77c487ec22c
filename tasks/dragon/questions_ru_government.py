"""What a Russian verb's frame asks for the question word (issue 10): a destination is «куда» and a limit
«до какого города», not «где», «во что» or «до чего»; a verb that governs another case than the accusative cannot be
asked «сколько рублей»; a deictic adverb («здесь») points at a place the question never names.

Also the words of the question phrase: a preposition's euphonic form before the question word (``_ru_prep_phrase``)
and the counted noun after «сколько» (``_ru_quantity_unit``); and (moved from ``questions_ru``, the end of the
module) the case a relation governs for its object, read off its sentences (``_ru_object_case``). Used by
``questions_ru_templates.RussianTemplates``; the words are read with pymorphy2 (``nlp.morph_vocab``).
"""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Edge
from tasks.dragon.questions_ru_inflect import _ru_counted, _ru_noun
from tasks.dragon.questions_ru_scope import (
    RU_ACCUSATIVE_PREPOSITIONS as _RU_ACCUSATIVE_PREPOSITIONS, ru_quoted_as_accusative as _ru_quoted_as_accusative,
)
from tasks.dragon.questions_ru_verbs import RuRelation
from tasks.dragon.questions_ru_words import (
    _RU_CASE_ALIASES, _RU_INTO_VERBS, _RU_MOTION_VERBS, _RU_PREP_CASE, _RU_PREP_CASES, _RU_VERB_CASE, _RU_WORD,
)
from tasks.dragon.subgraphs import parse_quantity

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
RU_DEICTIC_WORDS = ("здесь", "тут", "там", "сюда", "туда", "оттуда", "отсюда", "тогда")
RU_DEICTIC = re.compile(rf"(?<![\w-])({'|'.join(RU_DEICTIC_WORDS)})(?![\w-])", re.IGNORECASE)

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


#: verbs that hand a thing (or a person) over to a body: «направлял отчёты в министерство», «подал иск в суд»,
#: «передали дело в прокуратуру», «обратился в администрацию»
RU_HAND_OVER_VERBS = frozenset({
    "направить", "направлять", "передать", "передавать", "подать", "подавать", "отправить", "отправлять",
    "обратиться", "обращаться", "пожаловаться", "жаловаться", "доставить", "доставлять", "госпитализировать",
    "перевести", "переводить", "сдать", "сдавать",
})

#: class nouns of a body or an institution a thing is sent to (a subset of ``questions_ru_classes.RU_CLASS_NOUNS``:
#: no events, works or roads)
RU_BODY_NOUNS = frozenset("""
министерство минкульт ведомство администрация мэрия правительство департамент комитет суд прокуратура управление
служба фонд агентство дума совет собрание инспекция полиция больница поликлиника госпиталь онкоцентр школа
университет институт академия колледж музей библиотека архив театр банк центр
""".split())


def ru_body_destination(head: str, middle: str, tail: str) -> bool:
    """Is a «в/на» + accusative body after this verb where a thing goes? «направлял отчёты в министерство
    сельского хозяйства» is asked «Куда направлял отчёты ...?», never «Во что» (a body is no thing put into)."""
    from tasks.dragon.questions_ru_classes import ru_label_class

    if not (head in RU_HAND_OVER_VERBS or ru_destination(head, middle) or head in _RU_MOTION_VERBS):
        return False
    return ru_label_class(tail) in RU_BODY_NOUNS


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
            for follower in words[index + 1: index + 11]:  # («приговорил бывшего директора МУП «…» Геннадия ...»)
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


# --------------------------------------------------------------------------- the words of the question phrase


def _ru_prep_phrase(preposition: str | None, phrase: str) -> str:
    """A preposition before a word, with the euphonic forms: "во что", "со мной", "обо что"."""
    if not preposition:
        return phrase
    first = phrase.split()[0].lower() if phrase else ""
    # the relation keeps the variant its sentence used before another word («со шведским защитником»):
    # the euphonic form is chosen again for the word that follows here («с кем», never «со кем»)
    preposition = _RU_PREPOSITION_BASE.get(preposition, preposition)
    if preposition == "в" and (first in ("что", "чём", "чем") or first.startswith(("вс", "вт", "вл", "вр"))):
        preposition = "во" if first in ("что",) or first.startswith(("вс", "вт", "вл", "вр")) else preposition
    if preposition == "с" and first.startswith(("с", "з", "щ", "ш", "ж")) and len(first) > 1 and first[1] not in "аеёиоуыэюя":
        preposition = "со"
    if preposition == "к" and first.startswith(("вс", "вт", "мн")):
        preposition = "ко"
    if preposition == "о" and first[:1] in "аеиоуэ":
        preposition = "об"
    if preposition == "о" and first == "что":
        preposition = "обо"
    return f"{preposition} {phrase}"


#: the euphonic variants of prepositions and their plain forms
_RU_PREPOSITION_BASE = {"во": "в", "со": "с", "ко": "к", "обо": "о", "об": "о"}


def _ru_quantity_unit(label: str) -> str | None:
    """"2139 автомобилей" → "автомобилей" (genitive plural, as after "сколько")."""
    quantity = parse_quantity(label, "ru")
    if quantity is None or not quantity.unit_text:
        return None
    from pymorphy2.analyzer import Parse

    words = quantity.unit_text.split()
    if words[0] == "%":  # «Сколько процентов голосов», not «Сколько % голосов»
        return " ".join(["процентов", *words[1:]])
    if words[0].lower() in ("человек", "людей"):  # «Сколько человек», not «Сколько людей» (a count of people)
        return " ".join(["человек", *words[1:]])
    vocab = nlp.morph_vocab()
    if all(vocab.parse(w.lower())[0].tag.POS in ("ADJF", "PRTF", "NUMR") and re.fullmatch(r"[а-яё]+", w) for w in words):
        return None  # «300 новых»: the counted noun was cut off; «Сколько новых ...?» counts nothing
    # «42 новых мусоровоза»: the adjectives before the counted noun go to the genitive plural with it
    # («Сколько новых мусоровозов ...?»); the words after it are its own genitives and stay
    at = next((i for i, w in enumerate(words) if vocab.parse(w.lower())[0].tag.POS == "NOUN"), None)
    if at is None or not words[0].islower() or not words[at].islower():
        return quantity.unit_text  # «МВт», «ГВт·ч»: an abbreviation keeps its letters
    said = []
    for index, word in enumerate(words[: at + 1]):
        pos = ("NOUN",) if index == at else ("ADJF", "PRTF")
        parse = next((p for p in vocab.parse(word.lower()) if p.tag.POS in pos), None)
        form = Parse.inflect(parse, {"gent", "plur"}) if parse is not None else None
        if form is None and index != at:
            return None  # a word before the noun that is no adjective: the unit is not one phrase
        said.append(form.word if form else word)
    return " ".join([*said, *words[at + 1:]])


def _ru_object_case(rel: RuRelation, edge: Edge | None = None) -> str:
    """The case the relation governs for its object.

    Read off the source sentences where possible ("перешёл в «Маяк»" is accusative,
    "работает в «Маяке»" locative; "усилился Артёмом Беловым" instrumental), else the
    preposition's usual case, else the verb lexicon, else the accusative.
    """
    if not rel.preposition and rel.head in _RU_VERB_CASE:
        # a verb that governs one case governs it whatever else the sentence says of the object
        # («которому принадлежат 60 % компании», though the sentence names him «Игорем Шаповаловым» too)
        return _RU_VERB_CASE[rel.head]
    if edge is not None:
        seen = _ru_case_in_sentences(edge, rel.preposition, None if rel.preposition else _RU_VERB_CASE.get(rel.head))
        if seen is not None:
            return seen
    if rel.preposition in ("в", "во", "на") and (rel.head in _RU_MOTION_VERBS or rel.head in _RU_INTO_VERBS):
        # «входит в «Кедр-Холдинг»» when the sentence names it by another word («в группу входят»)
        return "accs"
    if rel.preposition:
        return _RU_PREP_CASE[rel.preposition]
    return _RU_VERB_CASE.get(rel.head, "accs")


def _ru_case_in_sentences(edge: Edge, preposition: str | None, verb_case: str | None = None) -> str | None:
    """The case the tail has in its sentences; ``verb_case``, the case the verb is known to
    govern, decides between the readings of an ambiguous form ("компании": gent, datv, accs pl)."""
    # (an ordinal in figures is no word: «10-й номер» is found by «номер»)
    tail_words = [w.lower() for w in _RU_WORD.findall(re.sub(r"\d+-[а-яё]+", " ", edge.tail_label))]
    if not tail_words:
        return None
    if preposition in _RU_ACCUSATIVE_PREPOSITIONS and _ru_quoted_as_accusative(edge, edge.tail_label, preposition):
        return "accs"
    allowed = _RU_PREP_CASES.get(preposition, (_RU_PREP_CASE[preposition],)) if preposition else ("accs", "gent", "datv", "ablt")
    if not preposition and _ru_counted(edge.tail_label):
        # a numeral governs its noun's case ("отремонтировала три парома", genitive): the
        # verb's own case is the lexicon's, not the sentence's
        return None
    # the phrase's first noun carries the governed case (adjectives before it may read as other
    # cases: "в Седьмой арбитражный апелляционный суд"); the words after it are often its
    # genitive modifiers ("системы накопления энергии"), which say nothing about the verb
    skip = next((i for i, w in enumerate(tail_words) if _ru_noun(w)), 0)
    first_lemma = nlp.lemma_ru(tail_words[0])
    vocab = nlp.morph_vocab()
    for sentence in edge.sentences:
        matches = list(_RU_WORD.finditer(sentence))
        words = [m.group(0).lower() for m in matches]
        for index, word in enumerate(words):
            if preposition and preposition not in words[max(0, index - 3) : index]:
                continue
            if nlp.lemma_ru(word) != first_lemma:
                continue
            if (len(tail_words) > 1 and index + 1 < len(words)
                    and nlp.lemma_ru(words[index + 1]) != nlp.lemma_ru(tail_words[1])):
                continue  # "«Волна Авто» представит ... «Волна Бриз»": another name with the same first word
            if index and sentence[: matches[index].start()].rstrip().endswith("«") and _ru_noun(words[index - 1]):
                # "принадлежит фонду «Восход Капитал»": a quoted name stays in the nominative;
                # the common noun before it carries the case the verb governs — the first noun
                # after the preposition ("с производителем упаковки «Нижполимер»": производителем,
                # not its genitive упаковки)
                governor = words[index - 1]
                if preposition and preposition in words[max(0, index - 5):index]:
                    at = max(i for i in range(max(0, index - 5), index) if words[i] == preposition)
                    governor = next((w for w in words[at + 1:index] if _ru_noun(w)), governor)
                governing = [
                    _RU_CASE_ALIASES.get(str(p.tag.case), str(p.tag.case)) for p in vocab.parse(governor)
                    if p.tag.POS == "NOUN"
                ]
                governing = [c for c in dict.fromkeys(governing) if c in allowed]
                if verb_case in governing:
                    return verb_case
                if governing:
                    return "accs" if not preposition and "accs" in governing else governing[0]
            head_lemma = first_lemma
            if skip and index + skip < len(words) and nlp.lemma_ru(words[index + skip]) == nlp.lemma_ru(tail_words[skip]):
                word, head_lemma = words[index + skip], nlp.lemma_ru(tail_words[skip])  # the noun after its adjectives
            cases = []
            for parse in vocab.parse(word):
                if parse.tag.POS == "NUMR":  # "в двух кварталах": the numeral's forms are ambiguous, its noun's are not
                    continue
                case = _RU_CASE_ALIASES.get(str(parse.tag.case), str(parse.tag.case))
                if parse.normal_form.replace("ё", "е") == head_lemma and case in allowed and case not in cases:
                    cases.append(case)
            if verb_case in cases:
                return verb_case
            if cases:
                # an ambiguous form ("системы": gent sg or accs pl) takes the verb's usual
                # case when that is one of its readings; else the most likely reading
                return "accs" if not preposition and "accs" in cases else cases[0]
    quoted = re.fullmatch(r"[а-яё]+(?:\s+[а-яё]+)?\s+(«[^«»]+»)", edge.tail_label.strip())
    if quoted is not None:
        # «компания «Северный порт»» of «терминал уступит только «Северному порту»»: the label's class noun is
        # not in the sentence, and the name alone shows the case the verb governs (dative, not the accusative)
        return _ru_case_in_sentences(Edge(**{**edge.model_dump(), "tail_label": quoted.group(1)[1:-1]}),
                                     preposition, verb_case)
    return None
