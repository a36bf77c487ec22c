"""DRAGON questions: Russian templates and morphology (pymorphy2 conjugation and cases)."""
from __future__ import annotations

import re
import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from benchmill import nlp
from schemas import Edge
from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.questions_ru_government import (  # noqa: F401  (the two helpers are imported from here too)
    RU_GIVE_VERBS, RU_LEVEL_VERBS, _ru_prep_phrase, _ru_quantity_unit, ru_destination, ru_dropped_object,
    ru_partner_case, ru_toponym,
)
from tasks.dragon.questions_base import NoTemplate, _cap, _q  # noqa: F401
from tasks.dragon.questions_base import asserted_only as _asserted_only, modality_of as _modality
from tasks.dragon.questions_ru_order import ru_ordered
from tasks.dragon.questions_ru_refusals import RU_BUILD_VERBS, ru_rank_noun, ru_streak
from tasks.dragon.questions_ru_answers import WORD as _WORD, WORKS as _WORKS, ru_not_a_place, ru_says_a_time
from tasks.dragon.questions_ru_scope import (
    RU_ACCUSATIVE_PREPOSITIONS as _RU_ACCUSATIVE_PREPOSITIONS, RU_ORDINAL as _RU_ORDINAL, ru_manner,
    ru_occasion_said as _ru_occasion_said, ru_ordinal_form as _ru_ordinal_form, ru_ordinal_phrase as _ru_ordinal_phrase,
    ru_quoted_as_accusative as _ru_quoted_as_accusative,
)

# =========================================================================== Russian realisation

# case governed by a preposition (the most frequent reading for facts in news)
_RU_PREP_CASE = {
    "в": "loct", "во": "loct", "на": "loct", "о": "loct", "об": "loct", "при": "loct",
    "с": "ablt", "со": "ablt", "за": "ablt", "под": "ablt", "над": "ablt", "перед": "ablt", "между": "ablt",
    "из": "gent", "от": "gent", "до": "gent", "у": "gent", "для": "gent", "без": "gent", "около": "gent",
    "после": "gent", "против": "gent", "среди": "gent", "из-за": "gent", "возле": "gent",
    "к": "datv", "ко": "datv", "по": "datv", "благодаря": "datv",
    "через": "accs", "про": "accs", "сквозь": "accs",
}
#: verbs whose object is not in the accusative
_RU_VERB_CASE = {
    "руководить": "ablt", "владеть": "ablt", "управлять": "ablt", "командовать": "ablt", "заниматься": "ablt",
    "стать": "ablt", "становиться": "ablt", "являться": "ablt", "возглавлять": "accs", "помочь": "datv",
    "помогать": "datv", "принадлежать": "datv", "угрожать": "datv", "достигнуть": "gent", "достичь": "gent",
    "лишиться": "gent", "добиться": "gent",
}
#: verbs whose object is a product, whatever the NER tag of its name says
_RU_MAKE_VERBS = frozenset({
    "производить", "произвести", "выпускать", "выпустить", "разрабатывать", "разработать", "собирать", "собрать",
    "поставить", "ставить", "написать", "сочинить",  # a staged play, a book
})
#: «снять фильм», but also «снять с должности», «снять с рейса»: a product only when a work is what it shot
_RU_SHOOT_VERBS = frozenset({"снять", "снимать"})


def _ru_shot_a_work(edge: Edge) -> bool:
    """Is the object of «снять» a work («снял фильм «Зима»», «фильм «Зима» снял ...»): a work noun in
    the label itself or right before its first word in a sentence? «Росавиация сняла «Победу» с рейсов»
    says no work, and its answer is an organisation, not «что»."""
    words = _WORD.findall(edge.tail_label)
    if not words:
        return False
    if any(nlp.lemma_ru(w.lower()).replace("ё", "е") in _WORKS for w in words):
        return True
    for sentence in edge.sentences:
        found = [w.lower() for w in _WORD.findall(sentence)]
        for at, word in enumerate(found):
            if word == words[0].lower() and at and nlp.lemma_ru(found[at - 1]).replace("ё", "е") in _WORKS:
                return True
    return False
_RU_WHO = {"nomn": "кто", "gent": "кого", "datv": "кому", "accs": "кого", "ablt": "кем", "loct": "ком"}
_RU_WHAT = {"nomn": "что", "gent": "чего", "datv": "чему", "accs": "что", "ablt": "чем", "loct": "чём"}
#: (singular phrase, plural phrase, gender) naming an entity class in questions
_RU_CLASS = {
    "PER": ("человек", "люди", "masc"),
    "ORG": ("организация", "организации", "femn"),
    "LOC": ("место", "места", "neut"),
    "MISC": ("объект", "объекты", "masc"),
    "NUM": ("объект", "объекты", "masc"),
    "DATE": ("время", "времена", "neut"),
}




def _ru_verb(edge: Edge, rel: "RuRelation", gender: str) -> str:
    """The finite verb of a fact by its modality: "построила", "планирует построить", "может построить"."""
    modality = _modality(edge)
    if rel.kind != "verb":
        if modality != "asserted":
            raise NoTemplate(f"no {modality} template for {edge.relation!r}")
        return _ru_participle(rel.head, gender)
    if modality == "planned" and edge.head_type not in ("person", "org", None):
        # a thing does not plan: "следующий концерт пройдёт", never "планирует пройти"
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    if modality == "planned" and edge.head_type == "person" and not _ru_says_plan(edge):
        # "Гуляев сохранит свой пост", "22-летний форвард заменит Доронина": what will happen
        # to a person, not what the person plans (a company's future is its announced plan)
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    if modality == "planned" and not _ru_says_plan(edge):
        # «суд рассмотрит дело в феврале», «закрывать фестиваль будет хор»: a future no one is said to plan
        # is said as what will happen («Когда рассмотрит дело суд?»), not «планирует рассмотреть», which
        # reads «планируют закрывать» as a plan to shut something down
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    if modality == "planned" and _ru_reported(edge) and not _ru_says_plan(edge):
        # "Ахмедов заявил, что терминал уступит только «Северному порту»", "по данным «Вестника»,
        # верфи будут выплачивать": someone's forecast, not the subject's own plan
        return _ru_with_rate_adverb(edge, rel, _ru_future(rel.head, gender))
    if modality == "planned":
        return _ru_with_rate_adverb(edge, rel, f"{'планируют' if gender == 'plur' else 'планирует'} {rel.head}")
    if modality == "possible":
        return _ru_with_rate_adverb(edge, rel, f"{'могут' if gender == 'plur' else 'может'} {rel.head}")
    return _ru_with_rate_adverb(edge, rel, ru_finite(rel.head, gender, _ru_tense_in_sentences(edge, rel.head)))


#: words that report someone's words or forecast ("заявил, что", "по данным", "по прогнозу")
_RU_REPORTED = re.compile(
    r"\b(?:по\s+(?:его|её|ее|их)?\s*(?:словам|данным|прогнозам?|оценкам?|мнению|расчетам|расчётам)"
    r"|(?:заявил|заявила|заявили|сказал|сказала|сказали|сообщил|сообщила|сообщили|считает|считают|уверен|уверена"
    r"|ожидает|ожидают|полагает|прогнозирует|допускает|отметил|отметила|добавил|добавила)\b[^.]*?,?\s*что)",
    re.IGNORECASE)


def _ru_reported(edge: Edge) -> bool:
    """Does a source sentence of ``edge`` report someone's words or forecast?"""
    return any(_RU_REPORTED.search(s) for s in edge.sentences)


#: adverbs of a recurring fact: an amount paid "ежегодно" is per year, and its question must say so
_RU_RATE_ADVERBS = ("ежегодно", "ежемесячно", "ежеквартально", "еженедельно", "ежедневно")


def _ru_with_rate_adverb(edge: Edge, rel: "RuRelation", verb: str) -> str:
    """``verb`` with the recurrence adverb its sentence puts next to it: "будут ежегодно выплачивать"."""
    if rel.kind != "verb":
        return verb
    stem = rel.head[:4]
    for sentence in edge.sentences:
        words = [w.lower() for w in _RU_WORD.findall(sentence)]
        for index, word in enumerate(words):
            if word not in _RU_RATE_ADVERBS or word in verb:
                continue
            near = words[max(0, index - 3): index + 4]
            if any(w.startswith(stem) and nlp.lemma_ru(w).replace("ё", "е") == rel.head for w in near):
                parts = verb.split()
                # the adverb goes right before the verb's infinitive or finite form
                return " ".join([*parts[:-1], word, parts[-1]])
    return verb


#: words that make a future a plan ("планирует открыть", "намерен", "собирается")
_RU_PLAN_WORDS = frozenset({
    "планировать", "намереваться", "собираться", "рассчитывать", "хотеть", "обещать", "пообещать", "намерен",
    "намеренный", "должен", "должный", "готовиться", "обязаться", "надеяться", "предполагать",
})


def _ru_says_plan(edge: Edge) -> bool:
    """Does a source sentence of ``edge`` have a plan word ("планирует", "намерен")?"""
    return any(nlp.lemma_ru(w) in _RU_PLAN_WORDS for s in edge.sentences for w in _RU_WORD.findall(s))


#: pronouns that name no one out of their article
_RU_PRONOUNS = frozenset("он она оно они его её ее их ему ей им это этот эта эти тот та те который которая которое которые".split())

_RU_WHICH = {"masc": "какой", "femn": "какая", "neut": "какое", "plur": "какие"}
_RU_WHICH_REL = {"masc": "который", "femn": "которая", "neut": "которое", "plur": "которые"}


@dataclass(frozen=True)
class RuRelation:
    """kind ``verb`` (infinitive + middle words + preposition: "открыть" "офис" "в"),
    ``passive`` (short participle "основан" + preposition), ``role`` (noun phrase in the
    nominative: "генеральный директор" — X is the director of Y, Y in the genitive)."""

    kind: str
    head: str  # infinitive, participle or role noun phrase
    middle: str
    preposition: str | None


#: nouns that alone point back at an organisation named before ("руководит компанией"); the
#: triplet stage puts the name after them («компанией «Балтийские верфи»») where it can
_RU_BACK_REFERENCES = frozenset({
    "компания", "фирма", "группа", "холдинг", "концерн", "корпорация", "предприятие", "клуб",
})
#: verbs whose object is a new thing, not one named before ("открыть компанию в Казани")
_RU_CREATE_VERBS = frozenset({
    "создать", "создавать", "основать", "основывать", "открыть", "открывать", "учредить", "зарегистрировать",
    "построить", "строить", "запустить", "запускать",
})


#: nouns of a complex preposition: "ввести конкурсное производство в отношении", "за счет": the
#: templates cannot say the noun's case after them
_RU_COMPLEX_PREPOSITIONS = frozenset({
    "отношении", "рамках", "счет", "течение", "помощью", "ходе", "итогам", "связи", "результате", "целях",
    "качестве", "пользу", "случае", "условии", "преддверии",
})
#: an amount's frame at the end of a relation: "выплатить субсидию в размере", "выдать микрозаймы на общую сумму"
_RU_AMOUNT_FRAME = re.compile(r"\s+(?:в|на)\s+(?:\w+\s+)?(размере|сумму|объеме|объёме)$")
#: the question words of an amount's frame: «В каком размере ...?», «На какую сумму ...?»
_RU_AMOUNT_FRAME_WH = {"размере": "в каком размере", "сумму": "на какую сумму", "объеме": "в каком объёме"}
#: verbs whose "в" object is an activity or a quality, never a place: «Где участвует ...?» is not asked
_RU_NOT_PLACE_VERBS = frozenset({
    "участвовать", "нуждаться", "заключаться", "состоять", "отказать", "помочь", "убедиться", "обвинить",
    "подозревать", "сомневаться", "ошибиться", "разочароваться", "принять", "вкладывать", "вложить", "инвестировать",
})


#: verbs whose «на» + accusative object is a thing asked «на что»: "потратить на ремонт", "подать в суд на"
_RU_NA_OBJECT_VERBS = frozenset({
    "потратить", "тратить", "израсходовать", "расходовать", "направить", "направлять", "выделить", "выделять",
    "обменять", "заменить", "менять", "поменять", "сменить", "претендовать", "повлиять", "влиять", "жаловаться",
    "пожаловаться", "ответить", "отвечать", "согласиться", "соглашаться", "подписаться", "перейти", "переходить",
    "переключиться", "обратить", "потребоваться", "требоваться", "хватить", "уйти", "пойти", "ориентироваться",
})

#: verbs whose direct object is asked to act ("попросила власти района", "призвал жителей"): «кого», never «что»
_RU_ADDRESS_VERBS = frozenset({
    "попросить", "просить", "призвать", "призывать", "обязать", "обязывать", "пригласить", "приглашать", "убедить",
    "уговорить", "предупредить", "предупреждать", "обвинить", "обвинять", "поблагодарить", "благодарить",
})

#: nouns of a pact: whoever it is made "с" is a party, asked «с кем»
_RU_PACT = re.compile(r"\b(?:договор|соглашени|контракт|меморандум|сделк|перемири)\w*", re.IGNORECASE)

#: verbs of motion into a place: their "в/на" object is asked with куда
_RU_MOTION_VERBS = frozenset({
    "перейти", "переходить", "приехать", "приезжать", "прибыть", "прибывать", "войти", "вернуться",
    "возвращаться", "переехать", "переезжать", "уехать", "уезжать", "поехать", "отправиться", "отправляться",
    "направиться", "направляться", "поступить", "поступать", "попасть", "попадать", "вступить", "вступать",
    "переселиться", "прилететь", "прилетать", "прийти", "приходить", "перебраться", "эвакуировать", "переселить",
    # (and of sending a thing there: «экспортировать в Казахстан» is куда, as is «выйти в область» of a chain)
    "экспортировать", "вывозить", "вывезти", "ввозить", "ввезти", "импортировать", "отправить", "отправлять",
    "доставить", "доставлять", "выйти", "выходить",
})


#: verbs whose «в/на» object is in the accusative though nothing moves: «входит в холдинг», «вложил в проект»
_RU_INTO_VERBS = frozenset({
    "входить", "войти", "включить", "включать", "вложить", "вкладывать", "инвестировать", "превратить",
    "превратиться", "превращаться", "преобразовать", "переименовать", "верить", "поверить", "вступить", "вступать",
})


#: verbs that put their object into another thing: «внести изменения в закон», «перевести школу в новое здание»
_RU_PUT_INTO_VERBS = frozenset({
    "внести", "вносить", "ввести", "вводить", "перевести", "переводить", "передать", "передавать", "направить",
    "направлять", "добавить", "добавлять", "записать", "занести", "поместить", "помещать", "внедрить", "внедрять",
    "встроить", "вовлечь", "привлечь", "привлекать", "подать", "подавать", "превращать", "объединить", "объединять",
})


#: nouns that govern «в» + accusative themselves: «поправки в бюджет», «инвестиции в завод» (but «забросил шайбу
#: в ворота»: the verb's)
_RU_NOUNS_INTO = frozenset({
    "поправка", "изменение", "дополнение", "инвестиция", "вложение", "вклад", "взнос", "вход", "въезд", "переход",
    "поступление", "обращение", "жалоба", "запрос", "заявка", "путевка", "билет", "экскурсия", "поездка", "визит",
})


@lru_cache(maxsize=10_000)
def ru_relation(relation: str) -> RuRelation:
    written = relation.strip().replace("ё", "е").split()
    words = [w.lower() for w in written]
    if not words:
        raise NoTemplate("empty relation")
    if len(words) > 2 and words[-1] in _RU_COMPLEX_PREPOSITIONS and words[-2] in _RU_PREP_CASE:
        raise NoTemplate(f"relation {relation!r} ends in a complex preposition")
    quoted = False
    for index, word in enumerate(written):
        # a name in «» keeps its capitals: "руководить компанией «Балтийские верфи» с"; so does a
        # name inside the relation: "открыть офисы в Кудымкаре", never «в кудымкаре»
        opens = word.startswith("«")
        if quoted or opens or (index and word[:1].isupper()):
            words[index] = word
        quoted = (quoted or opens) and not word.endswith("»")
    vocab = nlp.morph_vocab()
    preposition = words[-1] if words[-1] in _RU_PREP_CASE and len(words) > 1 else None
    body = words[:-1] if preposition else words
    for index, word in enumerate(body[1:], 1):
        named = index + 1 < len(body) and body[index + 1].startswith("«")  # "компанией «Балтийские верфи»"
        if not named and nlp.lemma_ru(word) in _RU_BACK_REFERENCES and nlp.lemma_ru(body[0]) not in _RU_CREATE_VERBS:
            # "руководить компанией с" → «С какого года руководит компанией Андрей Соколов?»: which company?
            raise NoTemplate(f"relation {relation!r} names {word!r}, which out of its article does not say which one")
    first = vocab.parse(body[0])
    tags = [p.tag for p in first]
    for word in body[1:]:
        nouns = [p.tag for p in vocab.parse(word) if p.tag.POS == "NOUN"]
        if nouns and all("gent" in t and "plur" in t for t in nouns):
            # "инвестировать рублей в": the amount was cut off ("вложил 2 млрд рублей в"), a
            # question would read «инвестировала рублей»
            raise NoTemplate(f"relation {relation!r} holds a counted noun without its number")
    if any(t.POS == "INFN" for t in tags[:2]):
        return RuRelation("verb", body[0], " ".join(body[1:]), preposition)
    if any(t.POS == "PRTS" for t in tags[:2]):
        return RuRelation("passive", body[0], " ".join(body[1:]), preposition)
    if tags and tags[0].POS == "VERB":  # a finite form the triplet stage did not normalise
        infinitive = first[0].normal_form
        return RuRelation("verb", infinitive, " ".join(body[1:]), preposition)
    if preposition is None and any(t.POS in ("NOUN", "ADJF", "PRTF") for t in tags[:2]):  # "управляющий партнер"
        if not any(p.tag.POS == "NOUN" and "nomn" in p.tag for word in body for p in vocab.parse(word)):
            # «заведующий», «управляющий»: a participle governs its verb's case («заведующим
            # лабораторией»), not a role noun's genitive, and declines as an adjective
            raise NoTemplate(f"role {relation!r} is a participle or adjective, with no role noun")
        return RuRelation("role", " ".join(body), "", None)
    raise NoTemplate(f"relation {relation!r} has no recognisable verb or role noun")


def ru_infinitive_chain(rel: RuRelation) -> tuple[str, str]:
    """(the infinitives that open the relation's middle words, the rest): «согласиться | купить» → ("купить",
    ""). A control verb's infinitive goes right after it and its object after both («согласилась купить 60 %
    акций»), never the object between them («согласилась 60 % акций купить»)."""
    words = rel.middle.split()
    vocab = nlp.morph_vocab()
    count = 0
    while count < len(words) and any(p.tag.POS == "INFN" for p in vocab.parse(words[count].lower())[:1]):
        count += 1
    return " ".join(words[:count]), " ".join(words[count:])


def ru_finite(infinitive: str, gender: str, tense: str | None = None) -> str:
    """The finite verb for a fact: perfective verbs in the past agreeing with ``gender``
    (masc / femn / neut / plur: "приобрела"), imperfective ones — states such as
    "находиться", "руководить", "являться" — in the present ("находится"), unless ``tense``
    ("past", as the source sentence has it: "ранее проектировал") says otherwise."""
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(infinitive) if p.tag.POS == "INFN"), None)
    if parse is None:
        raise NoTemplate(f"{infinitive!r} is not an infinitive")
    form = None
    if "impf" in parse.tag and tense != "past":
        form = Parse.inflect(parse, {"VERB", "pres", "3per", "plur" if gender == "plur" else "sing"})
    if form is None:
        form = Parse.inflect(parse, {"VERB", "past", gender})
    if form is None:
        raise NoTemplate(f"cannot conjugate {infinitive!r}")
    return form.word


def _ru_future(infinitive: str, gender: str) -> str:
    """ "пройдёт" (a perfective verb), "будет поставлять" (an imperfective one)."""
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(infinitive) if p.tag.POS == "INFN"), None)
    if parse is None:
        raise NoTemplate(f"{infinitive!r} is not an infinitive")
    number = "plur" if gender == "plur" else "sing"
    if "impf" in parse.tag:
        return f"{'будут' if number == 'plur' else 'будет'} {infinitive}"
    form = Parse.inflect(parse, {"VERB", "futr", "3per", number})
    if form is None:
        raise NoTemplate(f"cannot conjugate {infinitive!r} in the future")
    return form.word


def _ru_participle(participle: str, gender: str) -> str:
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(participle) if p.tag.POS == "PRTS"), None)
    if parse is None:
        raise NoTemplate(f"{participle!r} is not a short participle")
    form = Parse.inflect(parse, {gender} if gender != "plur" else {"plur"})
    return form.word if form is not None else participle


def _ru_gender(label: str) -> str:
    """Grammatical gender of a noun phrase in the nominative (its head noun's), masc if unknown."""
    number = re.match(r"\s*(\d[\d\s]*)(?:\s|$)", label)
    if number is not None or (_ru_counted(label) and not label[:1].isdigit()):
        # "три ветропарка работают", "140 человек работают": a count is plural, save one that
        # ends in 1 ("21 сотрудник работает"); "несколько", "два" too
        digits = re.sub(r"\s", "", number.group(1)) if number is not None else ""
        if not (digits.endswith("1") and not digits.endswith("11")):
            return "plur"
    words = re.findall(r"[А-Яа-яЁё-]+", label)
    vocab = nlp.morph_vocab()
    for word in words:
        for parse in vocab.parse(word.lower()):
            tag = parse.tag
            if tag.POS == "NOUN" and "nomn" in tag:
                if tag.number == "plur":
                    return "plur"
                if tag.gender in ("masc", "femn", "neut"):
                    return str(tag.gender)  # a plain str: pymorphy's grammeme type rejects comparisons with "plur"
                break
    return "masc"


_RU_YEAR = re.compile(r"(\d{4}) год")


def _ru_inflect(label: str, case: str, edge: Edge | None = None) -> str:
    """``label`` (nominative) in ``case``; a year is a date, not an amount ("с 2027 года").

    With ``edge``: a quoted name its sentences leave undeclined keeps that shape — after its
    common noun in the same case, "фонду «Восход Капитал»", or alone after a preposition,
    "для «Кедр Моторс»" (never the half-declined "для Кедра Моторс").
    """
    if case == "nomn":
        return label
    year = _RU_YEAR.fullmatch(label)
    if year is not None:
        return f"{year.group(1)} {'году' if case == 'loct' else nlp.inflect_ru('год', case)}"  # «в 1992 году», not «годе»
    ordinal = _RU_ORDINAL.match(label)
    if ordinal is not None:
        # «10-й номер» under «под»: the quantity reader keeps it as written, which is the nominative
        return _ru_ordinal_form(label, case, edge)
    if parse_quantity(label, "ru") is not None:
        return label
    if edge is not None:
        if case == "accs" and _ru_quoted_as_accusative(edge, label):
            return label  # «выступал за «Оружейник»»: a name in «» is a thing, its accusative its nominative
        kept = _ru_undeclined_name(edge, label, case) or _ru_form_in_sentences(edge, label, case)
        if kept is not None:
            return kept
    return nlp.inflect_ru(label, case)


_RU_QUOTED_SPAN = re.compile(r"«([^«»]+)»")
_RU_NAME_WORD = re.compile(r"[\w]+(?:[-.][\w]+)*")


def _ru_same_word(a: str, b: str) -> bool:
    a, b = a.lower().replace("ё", "е"), b.lower().replace("ё", "е")
    return a == b or nlp.lemma_ru(a) == nlp.lemma_ru(b)


def _ru_quoted_words(label: str, sentences: list[str]) -> int:
    """How many of the label's last words its sentences write inside «»: all of them for "Речник"
    when a sentence says «Речник» (or «Речником»), one for "клуб Речник" in "клубом «Речник»",
    0 when the text does not quote the name (a person, a place, "Законодательное собрание")."""
    words = label.split()
    if not words or "«" in label or "»" in label:
        return 0
    for sentence in sentences:
        for match in _RU_QUOTED_SPAN.finditer(sentence):
            quoted = match.group(1).split()
            k = len(quoted)
            if not 0 < k <= len(words) or not words[-k][:1].isupper() and not words[-k][:1].isdigit():
                continue
            if not all(_ru_same_word(a, b) for a, b in zip(words[-k:], quoted)):
                continue
            if k < len(words):
                # a class noun before the name ("клуб Речник"): the sentence writes it right before the quote
                before = _RU_NAME_WORD.findall(sentence[: match.start()])[-(len(words) - k):]
                if len(before) != len(words) - k or not all(_ru_same_word(a, b) for a, b in zip(words[:-k], before)):
                    continue
            return k
    return 0


def _ru_quote(label: str, form: str, sentences: list[str]) -> str:
    """``form`` (``label`` as the question declines it) with the name's words in «», as its sentences
    write them: "Речник" → "«Речник»", "с Металлургом" of «Металлург» → "с «Металлургом»",
    "клубом Речник" → "клубом «Речник»". A form that already carries quotes, or whose words are not
    the label's one for one, is left as it is."""
    if "«" in form or "»" in form:
        return form
    k = _ru_quoted_words(label, sentences)
    parts = form.split()
    if not k or len(parts) != len(label.split()):
        return form
    return " ".join(parts[:-k] + [f"«{' '.join(parts[-k:])}»"])


def _ru_form_in_sentences(edge: Edge, label: str, case: str) -> str | None:
    """The label as its sentences write it in ``case``: "в «Северном порту»" gives "Северном порту"
    (pymorphy's plain locative would be «порте»)."""
    label_words = _RU_WORD.findall(label)
    if not label_words or len(label_words) != len(label.split()) or "«" in label:
        return None
    vocab = nlp.morph_vocab()

    def normals(word: str) -> set[str]:
        # every reading and the word itself, not the likeliest reading: "Абрамцев" is a surname
        # (whose accusative "Абрамцева" pymorphy reads as of "абрамцев") though its own readings
        # are all of "абрамец"
        word = word.lower().replace("ё", "е")
        return {word} | {p.normal_form.replace("ё", "е") for p in vocab.parse(word)}

    lemmas = [normals(w) for w in label_words]
    for sentence in edge.sentences:
        words = _RU_WORD.findall(sentence)
        for start in range(len(words) - len(lemmas) + 1):
            window = words[start : start + len(lemmas)]
            if not all(normals(w) & wanted for w, wanted in zip(window, lemmas)):
                continue
            last = window[-1].lower()
            cases = {_RU_CASE_ALIASES.get(str(p.tag.case), str(p.tag.case)) for p in vocab.parse(last)
                     if p.normal_form.replace("ё", "е") in lemmas[-1]}
            if case in cases:
                return " ".join(window)
    return None


def _ru_adjective_name(label: str) -> bool:
    """Is the name only adjectives ("Прибрежный", "Северная Звезда" is not): no head noun for
    ``nlp.inflect_ru`` to decline, so it would stay in the nominative whatever the verb wants."""
    words = _RU_WORD.findall(label)
    vocab = nlp.morph_vocab()
    def adjective(word: str) -> bool:  # by its likeliest reading, a known full adjective ("порт" has a Fixd one)
        parses = vocab.parse(word.lower())
        return bool(parses) and parses[0].is_known and parses[0].tag.POS == "ADJF" and "Fixd" not in parses[0].tag

    return bool(words) and len(words) == len(label.split()) and all(adjective(w) for w in words)


def _ru_adjective_form(label: str, case: str, gender: str) -> str | None:
    """An adjectival name declined as the adjective it is, in the gender of the noun it names:
    "Прибрежный" (стадион) → "Прибрежном" for loct."""
    from pymorphy2.analyzer import Parse

    vocab, out = nlp.morph_vocab(), []
    grammeme = {"nomn": "nomn", "gent": "gent", "datv": "datv", "accs": "accs", "ablt": "ablt", "loct": "loct"}[case]
    for word in label.split():
        parse = next((p for p in vocab.parse(word.lower()) if p.tag.POS == "ADJF" and "nomn" in p.tag), None)
        wanted = {grammeme, "plur"} if gender == "plur" else {grammeme, gender}
        if grammeme == "accs" and gender in ("masc", "plur"):
            wanted.add("inan")
        form = Parse.inflect(parse, wanted) if parse is not None else None
        if form is None:
            return None
        out.append(form.word[:1].upper() + form.word[1:] if word[:1].isupper() else form.word)
    return " ".join(out)


def _ru_undeclined_name(edge: Edge, label: str, case: str) -> str | None:
    adjective = _ru_adjective_name(label)
    quoted = f"«{label}»"
    if "-" in label and " " not in label and label[:1].isupper() and any(quoted in s for s in edge.sentences):
        # «Тверь-Кредит»: a compound name half of which would decline ("Тверью-Кредитом"); kept as written,
        # after its common noun when the sentence has one in this case
        kept = _ru_undeclined_after_noun(edge, quoted, case)
        return kept or quoted
    if nlp.inflect_ru(label, case) == label and not adjective:
        return None  # the case does not change the name ("приобрела Балтийский транзит")
    if adjective:
        # "Прибрежный", a stadium: said with its common noun, as the source says it ("на стадионе
        # «Прибрежный»"), else declined as the adjective it is, in that noun's gender
        for sentence in edge.sentences:
            at = sentence.replace("ё", "е").find(quoted.replace("ё", "е"))
            before = _RU_WORD.findall(sentence[:at]) if at >= 0 else []
            if before and before[-1][:1].islower() and _ru_noun(before[-1].lower()):
                noun = next((p for p in nlp.morph_vocab().parse(before[-1].lower()) if p.tag.POS == "NOUN"), None)
                if noun is not None:
                    return f"{nlp.inflect_ru(noun.normal_form, case)} {quoted}"
        return _ru_adjective_form(label, case, "masc")
    for sentence in edge.sentences:
        at = sentence.replace("ё", "е").find(quoted.replace("ё", "е"))
        if at < 0:
            continue
        before = _RU_WORD.findall(sentence[:at])
        if not before:
            continue
        word = before[-1]
        lowered = word.lower()
        if lowered in _RU_PREP_CASE:
            # "в «Маяк»" is an accusative that looks nominative: only a name that would
            # change in this case and stayed as it is shows the source does not decline it
            if case in _RU_PREP_CASES.get(lowered, (_RU_PREP_CASE[lowered],)):
                return quoted
            continue
        if word[:1].islower() and _ru_noun(lowered) and any(
            p.tag.POS == "NOUN" and _RU_CASE_ALIASES.get(str(p.tag.case), str(p.tag.case)) == case
            for p in nlp.morph_vocab().parse(lowered)
        ):
            if _ru_names_itself(lowered, label):
                return None
            return f"{lowered} {quoted}"
    return None


def _ru_names_itself(noun: str, label: str) -> bool:
    """Does the name already hold its common noun ("область" in «Свердловская область»)?"""
    lemma = nlp.lemma_ru(noun)
    return any(nlp.lemma_ru(w.lower()) == lemma for w in _RU_WORD.findall(label))


def _ru_undeclined_after_noun(edge: Edge, quoted: str, case: str) -> str | None:
    """ "банк «Тверь-Кредит»" in ``case`` ("с банком «Тверь-Кредит»") when a sentence puts a common noun right
    before the name; None otherwise."""
    for sentence in edge.sentences:
        at = sentence.find(quoted)
        before = _RU_WORD.findall(sentence[:at]) if at >= 0 else []
        if before and before[-1][:1].islower() and _ru_noun(before[-1].lower()):
            noun = next((p for p in nlp.morph_vocab().parse(before[-1].lower()) if p.tag.POS == "NOUN"), None)
            if noun is not None and not _ru_names_itself(noun.normal_form, quoted):
                return f"{nlp.inflect_ru(noun.normal_form, case)} {quoted}"
    return None


def _ru_animate(label: str, sentences: list[str] = ()) -> bool:
    """Does a common-noun phrase name a person ("подрядчик", "новый игрок")? Its first noun's likeliest reading,
    unless its sentence uses a plural as an inanimate object: "поставила автоматические погрузчики" (machines;
    people would be "погрузчиков")."""
    if not label or not label[:1].islower():
        return False
    for word in _RU_WORD.findall(label):
        parses = nlp.morph_vocab().parse(word.lower())
        if parses and parses[0].tag.POS == "NOUN":  # "новый" has a (surname) noun reading too
            if "anim" in parses[0].tag and "plur" in parses[0].tag and "nomn" in parses[0].tag \
                    and any(re.search(rf"\b\w+\s+{re.escape(label)}\b", s) and not s.startswith(label[:1].upper() + label[1:])
                            for s in sentences):
                return False
            return "anim" in parses[0].tag
    return False


def _ru_noun(word: str) -> bool:
    """Is a lowercase word, by its likeliest reading, a common noun (not "в", read as вольт)?"""
    parses = nlp.morph_vocab().parse(word)
    return word not in _RU_PREP_CASE and bool(parses) and parses[0].tag.POS == "NOUN"


def _ru_tense_in_sentences(edge: Edge, infinitive: str) -> str | None:
    """ "past" when the source sentences use the verb in the past tense ("ранее проектировал"),
    "pres" when in the present, None when they do not show it."""
    vocab = nlp.morph_vocab()
    for sentence in edge.sentences:
        for word in _RU_WORD.findall(sentence.lower()):
            for parse in vocab.parse(word):
                if parse.tag.POS == "VERB" and parse.normal_form.replace("ё", "е") == infinitive:
                    if "past" in parse.tag:
                        return "past"
                    if "pres" in parse.tag:
                        return "pres"
                if parse.tag.POS in ("PRTS", "PRTF") and "past" in parse.tag \
                        and parse.normal_form.replace("ё", "е") == infinitive:
                    return "past"  # "было отсканировано": what the passive says is done
    return None


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


#: cases a preposition can govern (the first is the default)
_RU_PREP_CASES = {
    "в": ("loct", "accs"), "во": ("loct", "accs"), "на": ("loct", "accs"), "за": ("ablt", "accs"),
    "под": ("ablt", "accs"), "с": ("ablt", "gent"), "со": ("ablt", "gent"), "о": ("loct", "accs"),
}
_RU_CASE_ALIASES = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "gen1": "gent"}
_RU_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")


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


def _ru_oblique_amount(label: str) -> bool:
    """Is an amount's counted noun in the instrumental, dative or locative ("86 аптеками")?"""
    words = [w.lower() for w in _RU_WORD.findall(label) if w.lower() not in ("тыс", "млн", "млрд")]
    if not words:
        return False
    cases = {str(p.tag.case) for p in nlp.morph_vocab().parse(words[0]) if p.tag.POS == "NOUN"}
    return bool(cases) and not cases & {"nomn", "gent", "accs", "gen2", "acc2"}


def _ru_counted(label: str) -> bool:
    """Does the label start with a number ("три парома", "2139 автомобилей", "несколько судов")?"""
    words = label.split()
    if not words:
        return False
    first = words[0].lower()
    if first[:1].isdigit():
        return True
    return any(p.tag.POS == "NUMR" or first in ("несколько", "много", "мало") for p in nlp.morph_vocab().parse(first)[:2])


def _ru_class_triple(noun: str) -> tuple[str, str, str]:
    """(singular, plural, gender) of a class noun: «театр» → ("театр", "театры", "masc")."""
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(noun) if p.tag.POS == "NOUN" and "nomn" in p.tag), None)
    if parse is None:
        raise NoTemplate(f"{noun!r} is not a noun")
    plural = Parse.inflect(parse, {"nomn", "plur"})
    return noun, plural.word if plural is not None else noun, str(parse.tag.gender or "masc")


#: class nouns «организация» says well enough: a company is an organisation, a theatre or a court is not one a
#: reader calls so, nor a plant or a port, which is built and stands somewhere («Какая организация построена
#: в 1936 году?» of a plant reads wrong: «Какой завод построен ...»)
_RU_ORG_NOUNS = frozenset({
    "компания", "фирма", "предприятие", "холдинг", "концерн", "корпорация", "организация", "банк", "фонд",
    "агентство", "группа", "сеть",
})
#: the class words that, said of a named thing, are wrong more often than right: a theatre is no «место»
_RU_VAGUE_CLASS = {"LOC"}


class RussianTemplates:
    lang = "ru"

    def __init__(self, classes: dict[str, str] | None = None, said: dict[str, list[str]] | None = None):
        #: node → the class noun the text gives it («театр», «суд», «фестиваль»; questions_ru_checks.ru_class_nouns)
        self.classes = classes or {}
        #: label → every sentence of its node's edges (questions_ru_checks.ru_label_sentences)
        self.said = said or {}

    def _quote(self, label: str, form: str, sentences: list[str]) -> str:
        """``_ru_quote``; a name its own sentences do not write («Завод был построен ...», the subject taken
        from the article) is quoted as the other sentences about it write it («Богородская кожа»)."""
        quoted = _ru_quote(label, form, sentences)
        words = label.split()
        stem = re.compile(rf"(?<![а-яёa-z]){re.escape(words[0].lower()[:4])}") if words else None
        if quoted != form or not words or any(stem.search(s.lower()) for s in sentences):  # a word's start: not «бого» in «убогой»
            return quoted
        return _ru_quote(label, form, self.said.get(label, []))

    def _class(self, node: str | None, kind: str) -> tuple[str, str, str]:
        """(singular, plural, gender) naming ``node``: the class noun its text gives it («какой театр»,
        «суд, который ...»), else the kind's placeholder — «организация» for an organisation; a place or
        a thing with no class noun of its own has none a reader would say («какое место» of a theatre,
        «объект» of a festival), so the question is not asked."""
        noun = self.classes.get(node) if node is not None else None
        if noun is not None and kind not in ("PER", "DATE", "NUM") and not (kind == "ORG" and noun in _RU_ORG_NOUNS):
            return _ru_class_triple(noun)
        if kind in _RU_VAGUE_CLASS or kind in ("MISC", "NUM"):
            raise NoTemplate(f"no class noun names this {kind} (the text gives none)")
        return _RU_CLASS[kind]

    def statement(self, edge: Edge) -> str:
        try:
            subject = self._quote(edge.head_label, edge.head_label, edge.sentences)
            return _cap(self._clause(edge, subject, _ru_gender(edge.head_label))) + "."
        except NoTemplate:
            return f"{edge.head_label} — {edge.relation} — {edge.tail_label}."

    def _clause(self, edge: Edge, subject: str, gender: str) -> str:
        rel = ru_relation(edge.relation)
        return " ".join(p for p in (subject, self._predicate_from_head(edge, rel, gender)) if p)

    def _predicate_from_head(self, edge: Edge, rel: RuRelation, gender: str, case_edge: Edge | None = None) -> str:
        """Predicate with the edge's head as subject: "приобрела «Балтийский транзит»".

        ``case_edge``: the edge whose sentences show the object's case, when ``edge``'s tail
        label was replaced by a description ("организация, которая ...").
        """
        tail = edge.tail_label
        if rel.kind == "role":
            _asserted_only(edge, "a role statement")
            named = self._quote(tail, _ru_inflect(tail, 'gent', case_edge or edge), (case_edge or edge).sentences)
            return f"является {nlp.inflect_ru(rel.head, 'ablt')} {named}"
        case = ru_partner_case(rel.head, rel.preposition, edge.tail_type in ("org", "person"),
                               _ru_object_case(rel, case_edge or edge))  # «проиграла клубу», not «клуб»
        obj = _ru_prep_phrase(rel.preposition, self._quote(tail, _ru_inflect(tail, case, case_edge or edge),
                                                          (case_edge or edge).sentences))
        if rel.kind == "passive":
            return " ".join(p for p in (_ru_verb(edge, rel, gender), rel.middle, obj) if p)
        verb = _ru_verb(edge, rel, gender)
        if parse_quantity(tail, "ru") is not None and not _RU_YEAR.fullmatch(tail):
            # «Кто забил 9 мячей в прошлом сезоне?»: an amount is true of its occasion only
            obj = " ".join([obj, *_ru_occasion_said(case_edge or edge, rel)])
        if rel.preposition or ", " in obj or _RU_AMOUNT_FRAME.search(" " + rel.middle):
            # (and an amount after its frame: "выплатить субсидию в размере 9 миллионов рублей")
            # a described object ("организацию, которая подписала Илью Доронина") ends the predicate:
            # the rest of the verb's words would read as the relative clause's (issue 10)
            return " ".join(p for p in (verb, rel.middle, obj) if p)
        chain, rest = ru_infinitive_chain(rel)
        # "продала 2139 автомобилей в октябре"; "согласилась купить 60 % акций", not «согласилась 60 % акций купить»
        return " ".join(p for p in (verb, chain, obj, rest) if p)

    def _wh_subject(self, kind: str, plural: bool, node: str | None = None) -> tuple[str, str]:
        """(question word(s) in the nominative, verb agreement) for an asked subject."""
        if kind == "PER":
            return "кто", "masc"
        if kind in ("MISC", "NUM"):
            return "что", "neut"
        singular, plural_noun, gender = self._class(node, kind)
        if plural:
            return f"какие {plural_noun}", "plur"
        return f"{_RU_WHICH[gender]} {singular}", gender

    def _wh_object(self, kind: str, case: str, plural: bool, animate: bool = False, node: str | None = None,
                   noun_needed: bool = False) -> str:
        if kind == "DATE":
            raise NoTemplate("a date as an object: asked with когда")
        if kind == "PER" or (kind == "MISC" and animate):
            return _RU_WHO[case]  # "поблагодарил подрядчика": кого, not что
        if kind == "NUM" or (kind == "MISC" and not noun_needed):
            return _RU_WHAT[case]
        singular, plural_noun, gender = self._class(node, kind)
        phrase = f"какие {plural_noun}" if plural else f"{_RU_WHICH[gender]} {singular}"
        return nlp.inflect_ru(phrase, case)

    def ask_tail(self, edge: Edge, head: str, kind: str, plural: bool = False) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        if not _RU_WORD.search(head) or head.strip().lower() in _RU_PRONOUNS:
            # «Где может открыть ...?»: a question with no subject (or only a pronoun) asks of no one
            raise NoTemplate(f"the subject {head!r} names no one")
        if parse_quantity(edge.head_label, "ru") is not None:
            # «Где стоит 620 машин?»: an amount names nothing a reader can find the fact by
            raise NoTemplate(f"the subject {edge.head_label!r} is an amount")
        gender = _ru_gender(head)
        if head == edge.head_label:
            head = self._quote(head, head, edge.sentences)  # «Где обыграли «Уральские волки»?»
        if rel.kind == "role":
            _asserted_only(edge, "a role question")
            if kind == "DATE":
                raise NoTemplate(f"no когда template for role {edge.relation!r}")
            if kind == "PER":
                # «Чьим адвокатом является Марк Ильин?», never «Адвокатом кого является»
                return _q(_ru_whose(rel.head), nlp.inflect_ru(rel.head, "ablt"), "является", head), "tail.role"
            # «Главным режиссёром какого театра является ...?» by the class noun the text gives
            # (also as the role's own genitive: «директор театра Людмила Гаранина»); «чего» is no
            # question word a reader says, and a place or thing with no class noun is not asked
            node = edge.tail if edge.tail in self.classes else None
            if node is None and (found := _ru_role_class(rel, edge)) is not None:
                self.classes = {**self.classes, edge.tail: found}
                node = edge.tail
            if node is None and kind != "ORG":
                raise NoTemplate(f"a role of a {kind} the text gives no class noun for: «{rel.head} чего»")
            if node is not None:
                _ru_plain_role(rel, "a role question about a class noun")  # «Главой города какого театра»
            which = self._wh_object(kind, "gent", plural, node=node or edge.tail, noun_needed=True)
            return _q(nlp.inflect_ru(rel.head, "ablt"), which, "является", head), "tail.role"
        if kind == "NUM":
            if plural:  # "Сколько судов отремонтировал Западный док?" → «40 судов, три парома»: one amount per question
                raise NoTemplate(f"a set of amounts for {edge.relation!r}")
            frame = _RU_AMOUNT_FRAME.search(" " + rel.middle)
            rel = dataclasses.replace(rel, middle=_RU_AMOUNT_FRAME.sub("", " " + rel.middle).strip())
            unit = _ru_quantity_unit(edge.tail_label)
            if rel.kind != "verb" or rel.preposition or unit is None:
                raise NoTemplate(f"no сколько template for relation {edge.relation!r}")
            if frame is not None and "," not in head:
                # «выплатит субсидию в размере 9 млн рублей»: «В каком размере выплатит область субсидию?»;
                # «Сколько рублей выплатит область субсидию?» leaves the object hanging beside the amount
                wh = _RU_AMOUNT_FRAME_WH[frame.group(1).lower().replace("ё", "е")]
                chain, rest = ru_infinitive_chain(rel)
                return _q(wh, *_ru_amount_scope(edge, rel), _ru_verb(edge, rel, gender), chain, head,
                          rest), "tail.how-much-frame"
            if _ru_bare_object(ru_infinitive_chain(rel)[1]):
                # «предоставит финансирование 2 млрд рублей»: the amount measures the object, and «Сколько
                # рублей предоставит банк финансирование?» leaves that object hanging
                raise NoTemplate(f"an amount beside the object of {edge.relation!r}: «сколько» leaves it hanging")
            if rel.head in _RU_VERB_CASE and _RU_VERB_CASE[rel.head] != "accs":
                # «достигла 112 тысяч рублей»: the verb governs the genitive, which «сколько рублей» cannot
                # take; a level reached is «какой величины», any other such verb is not asked
                if rel.head not in RU_LEVEL_VERBS or "," in head:
                    raise NoTemplate(f"{rel.head!r} governs the {_RU_VERB_CASE[rel.head]}: «сколько» cannot take it")
                chain, rest = ru_infinitive_chain(rel)
                return _q("какой величины", _ru_verb(edge, rel, gender), chain, head, rest), "tail.what-level"
            if _ru_oblique_amount(edge.tail_label):
                # "управляет 86 аптеками": «Сколько аптек управляет ...?» would need «сколькими аптеками»
                raise NoTemplate(f"the amount {edge.tail_label!r} is in an oblique case")
            scope = _ru_amount_scope(edge, rel)
            scope += _ru_occasion_said(edge, rel, scope)
            if "," in head:
                # a described subject ends the question, and a time its clause already has is
                # not said twice: "Сколько судов приняла в октябре организация, которая
                # перевалила 3,8 млн тонн?", not «... 3,8 млн тонн в октябре в октябре?»
                head = _ru_drop_repeated_time(head, rel)
                return _q("сколько", unit, *scope, _ru_verb(edge, rel, gender), rel.middle, head), "tail.how-many"
            chain, rest = ru_infinitive_chain(rel)  # «Сколько рублей согласился выделить ...?»
            return _q("сколько", unit, *scope, _ru_verb(edge, rel, gender), chain, head, rest), "tail.how-many"
        if kind == "ORG" and not rel.preposition and (
                rel.head in _RU_MAKE_VERBS or rel.head in _RU_SHOOT_VERBS and _ru_shot_a_work(edge)
                or rel.head in RU_BUILD_VERBS and edge.tail not in self.classes):
            # "производит «ГЛ-90»": a product the tagger took for an organisation; «строит «Агидель-Парк»»: a
            # building, never «Какую организацию строит ...?»
            kind = "MISC"
        if kind == "LOC" and not rel.preposition and not plural:
            kind = "MISC"  # "ремонтирует Фрунзенский мост": что, not «какое место»
        verb = _ru_verb(edge, rel, gender)
        dropped = ru_dropped_object(rel.head, rel.preposition, rel.middle, edge.tail_label, edge.sentences)
        if dropped is not None and kind != "DATE":
            # «приговорил бывшего директора к четырём годам» as «приговорить к»: «К чему приговорил суд?» asks
            # of no one; the object the sentence names is not in the relation
            raise NoTemplate(f"{rel.head!r} + «{rel.preposition}» without the object «{dropped}» its sentence gives")
        if kind == "DATE":
            if rel.preposition == "на":  # "приняло бюджет на 2027 год": what for, not when
                if not _RU_YEAR.fullmatch(edge.tail_label):
                    raise NoTemplate(f"no template for a date after «на» in {edge.relation!r}")
                return _q("на какой год", *ru_ordered([], verb, rel.middle, head)), "tail.for-year"
            if rel.preposition == "с":  # "руководит предприятием с 2012 года": since when, not when
                since = "с какого года" if re.search(r"\b(?:1[89]|20)\d\d\b", edge.tail_label) else "с каких пор"
                return _q(since, *ru_ordered([], verb, rel.middle, head)), "tail.since-when"
            if not ru_says_a_time(edge.tail_label):
                # «Когда работает театр?» → «здание бывшего кинотеатра»: the tagger's date is no time
                raise NoTemplate(f"«когда» of {edge.tail_label!r}, which says no time")
            # «в четвёртой четверти он неудачно приземлился»: the time is the bad landing's, so the manner goes too
            return _q("когда", *ru_ordered(ru_manner(edge), verb, rel.middle, head)), "tail.when"
        place = kind == "LOC" or (kind == "MISC" and ru_toponym(edge.tail_label))
        if place and rel.preposition == "до":
            # «ходит только до Тотьмы»: «До чего ходит ...?» asks a thing; a way's limit is «до какого города» by the
            # class noun the text gives (a capitalised «Докуда» reads as a name to the NER), and only of a way
            if rel.head not in _RU_MOTION_VERBS and not ru_destination(rel.head, rel.middle):
                raise NoTemplate(f"«до» + a place after {rel.head!r}, which goes nowhere")
            singular, _, gender = self._class(edge.tail, "LOC")
            wh = _ru_prep_phrase("до", nlp.inflect_ru(f"{_RU_WHICH[gender]} {singular}", "gent"))
            return _q(wh, *ru_ordered([], verb, rel.middle, head)), "tail.how-far"
        if (place and rel.preposition in ("в", "во", "на") and ru_destination(rel.head, rel.middle)
                and rel.head not in _RU_INTO_VERBS and rel.head not in _RU_PUT_INTO_VERBS
                and _ru_object_case(rel, edge) == "accs"):
            # «поставляет в Турцию», «отменила рейсы в Кириллов»: a destination is «куда», not «где», «во что»
            return _q("куда", *ru_ordered([], verb, rel.middle, head)), "tail.whither"
        if (kind in ("LOC", "MISC") and rel.preposition in ("в", "во", "на") and rel.head in _RU_MOTION_VERBS
                and _ru_object_case(rel, edge) != "loct"):
            # "перешёл в калининградский клуб", "приезжали в Калининград": куда, not «во что», «в какое место»
            return _q("куда", *ru_ordered([], verb, rel.middle, head)), "tail.whither"
        if (kind == "LOC" and rel.preposition in ("в", "во", "на") and rel.head not in _RU_NOT_PLACE_VERBS
                and rel.head not in _RU_MOTION_VERBS and _ru_object_case(rel, edge) == "accs"):
            # «В какое место ... построить»: a place a thing is built or done in is где; the
            # accusative reading a motion would need is not one these verbs have
            return _ru_where(edge, verb, rel, head)
        # "в/на" + prepositional case of a place, or of an unnamed thing ("вырос в двух кварталах"): где
        if (kind in ("LOC", "MISC") and rel.preposition in ("в", "во", "на") and _ru_object_case(rel, edge) == "loct"
                and rel.head not in _RU_NOT_PLACE_VERBS):
            return _ru_where(edge, verb, rel, head)
        if rel.preposition == "из" and (place or (
                kind == "MISC" and rel.head in _RU_MOTION_VERBS and not _ru_animate(edge.tail_label, edge.sentences))):
            # «перешёл из новосибирского клуба»: whence, not «Из чего перешёл ...?»
            return _q("откуда", *ru_ordered([], verb, rel.middle, head)), "tail.whence"
        if kind == "ORG" and rel.preposition in ("на",) and _ru_object_case(rel, edge) == "loct":
            # "работают на предприятии «Сурский»": «на какой организации» is not said
            raise NoTemplate(f"«{rel.preposition}» with an organisation in {edge.relation!r}")
        # «проиграли «Лосям»»: the opponent is «какому клубу», whatever case the label's sentence shows
        case = ru_partner_case(rel.head, rel.preposition, kind in ("ORG", "PER"), _ru_object_case(rel, edge))
        if case == "datv" and rel.head in RU_GIVE_VERBS and not rel.middle:
            # «компании выделит Фонд»: «Какой организации выделит Фонд?» asks who gets nothing named
            raise NoTemplate(f"the receiver of {rel.head!r} asked without what is given")
        if (kind == "MISC" and rel.preposition == "на" and case == "accs" and rel.head not in _RU_NA_OBJECT_VERBS
                and not _ru_animate(edge.tail_label, edge.sentences)):
            # "закроет трибуну на ремонт", "передать на постоянное хранение": «на что» there asks a purpose or a
            # regime, which no reader says so; only verbs whose «на» object is a thing ask «на что»
            raise NoTemplate(f"«на что» after {rel.head!r} asks a purpose, not an object")
        if (kind in ("MISC", "ORG") and rel.preposition in ("в", "во") and case == "accs" and rel.middle
                and nlp.lemma_ru(rel.middle.split()[-1].lower()).replace("ё", "е") in _RU_NOUNS_INTO
                and rel.head not in _RU_MOTION_VERBS and rel.head not in _RU_INTO_VERBS
                and rel.head not in _RU_PUT_INTO_VERBS):
            # «рассматривает поправки в бюджет»: «в» + accusative after a noun is the noun's («поправки во что»),
            # and «Во что рассматривает поправки ...?» asks it of the verb; only a verb that puts a thing into
            # another («внести изменения в закон») asks «во что»
            raise NoTemplate(f"«в» + accusative after {rel.middle.split()[-1]!r} belongs to the noun, not to {rel.head!r}")
        if rel.kind == "passive" and not rel.preposition:
            raise NoTemplate(f"passive relation {edge.relation!r} without a preposition")
        if kind == "MISC" and rel.preposition in ("у", "под") and not _ru_animate(edge.tail_label, edge.sentences):
            # «У чего арендовала землю ...?» (a landlord is someone), «Под чем находится ...?» (под арестом:
            # a state): no reader asks so
            raise NoTemplate(f"«{rel.preposition} чего/чем» after {rel.head!r} is not asked")
        ordinal = _ru_ordinal_phrase(edge.tail_label) if kind in ("MISC", "NUM") and not plural else None
        words = edge.tail_label.split()
        if ordinal is None and kind in ("MISC", "NUM") and not plural and len(words) > 2 and words[2] in _RU_PREP_CASE:
            # «пятое место в Восточной конференции»: still «Какое место ...?», never «Что занимает ...?»
            ordinal = _ru_ordinal_phrase(" ".join(words[:2]))
        if ordinal is not None and not ru_rank_noun(ordinal[0]):
            # «Какую очередь планирует сдать ...?» → «первая очередь», «Какой матч выиграли ...?» → «десятый матч»:
            # an ordinal names one of a series only its article sets out; a rank («место», «номер») is the one
            # a reader can ask which of
            raise NoTemplate(f"the ordinal {edge.tail_label!r} is no rank: «какой» of it names nothing")
        if ordinal is not None and ru_streak(edge.tail_label, edge.sentences):
            # «выиграли десятый матч подряд»: a count of a streak names no match, «Какой матч выиграли ...?»
            raise NoTemplate(f"the ordinal {edge.tail_label!r} counts a streak («подряд»), it names none")
        if ordinal is not None:
            # «Какое место занимает «Речник»?» of «седьмое место»: an ordinal asks which, not what
            noun, gender = ordinal
            wh = _ru_prep_phrase(rel.preposition, nlp.inflect_ru(f"{_RU_WHICH[gender]} {noun}", case))
            return _q(wh, *ru_ordered([], verb, rel.middle, head)), "tail.which-ordinal"
        partner = kind == "MISC" and ((rel.preposition in ("с", "со") and _RU_PACT.search(rel.middle))
                                      or (not rel.preposition and rel.head in _RU_ADDRESS_VERBS))
        # "заключил договор с администрацией города": the other party of a pact is someone, «с кем»
        wh = _ru_prep_phrase(rel.preposition, self._wh_object(
            kind, case, plural, bool(partner) or _ru_animate(edge.tail_label, edge.sentences), node=edge.tail))
        if rel.preposition:
            return _q(wh, *ru_ordered([], verb, rel.middle, head)), "tail.verb-prep"
        if "," in head:
            # a described subject ("человек, который руководит компанией") ends the question,
            # or the rest of the predicate would read as part of its clause
            return _q(wh, verb, rel.middle, _ru_drop_repeated_time(head, rel)), "tail.verb"
        chain, rest = ru_infinitive_chain(rel)  # «Что согласилась купить ...?», not «Что согласилась ... купить?»
        return _q(wh, verb, chain, head, rest), "tail.verb"

    def ask_head(self, edge: Edge, tail: str, kind: str, plural: bool = False) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        if kind == "DATE":
            raise NoTemplate(f"a date as the subject of {edge.relation!r}")
        if kind == "NUM":
            # "640 человек | работать на | Сурский": «Что работает на организации ...?» asks an
            # amount of people with "что"; a counted subject needs "сколько", which no template builds
            raise NoTemplate(f"a counted subject of {edge.relation!r}")
        wh, gender = self._wh_subject(kind, plural, node=edge.head)
        if ", " in tail and rel.kind == "verb" and not rel.preposition and rel.head not in _RU_VERB_CASE \
                and _ru_case_in_sentences(edge, None) is None:
            # «Что позволит организацию, ...»: the case of a described object is not known from
            # the verb nor seen in its sentence, and the accusative is only a guess
            raise NoTemplate(f"the case of a described object of {edge.relation!r} is not known")
        probe = Edge(**{**edge.model_dump(), "tail_label": tail})
        if rel.kind == "role":
            _asserted_only(edge, "a role question")
            if ", " in tail:
                # «главой города места, в котором ...»: a role's own genitive and a described one
                _ru_plain_role(rel, "a role of a described thing")
            # «Кто является ...?» even of a set: кто takes a singular verb; «какие организации являются»
            verb = "являются" if plural and kind != "PER" else "является"
            named = self._quote(tail, _ru_inflect(tail, "gent", edge), edge.sentences)
            return _q(wh, verb, nlp.inflect_ru(rel.head, "ablt"), named), "head.role"
        return _q(wh, self._predicate_from_head(probe, rel, gender, case_edge=edge)), f"head.{rel.kind}"

    def describe(self, edge: Edge, node: str, kind: str) -> str:
        """ "организация, которая продала 2139 автомобилей в октябре" — ``node`` described by
        ``edge`` without naming it, in the nominative (callers inflect the leading noun)."""
        if kind == "NUM" or (kind == "MISC" and node not in self.classes):
            # «состоять из объекта, который ...»: "объект" is no class a reader can picture
            raise NoTemplate(f"no class noun describes a {kind} bridge")
        singular, _, _gender = self._class(node, kind)
        return f"{singular}, {self.relative_clause(edge, node, kind)}"

    def relative_clause(self, edge: Edge, node: str, kind: str) -> str:
        """ "которая продала 2139 автомобилей", "которую приобрела Гармония": ``edge`` said of ``node``."""
        if kind == "DATE":
            raise NoTemplate("a date is not described by a relative clause")
        rel = ru_relation(edge.relation)
        _singular, _, gender = self._class(node, kind) if kind != "PER" else _RU_CLASS[kind]
        if node == edge.head:
            return f"{_ru_which_rel(gender, 'nomn', kind)} {self._predicate_from_head(edge, rel, gender)}"
        head = edge.head_label
        head_gender = _ru_gender(head)
        head = self._quote(head, head, edge.sentences)
        if rel.kind == "role":
            _asserted_only(edge, "a role description")
            if kind == "LOC" and node not in self.classes:
                # «места, главным режиссёром которого является ...»: a place with a director is an
                # organisation the tagger typed as a place; «в месте, заместителем главы города которого»
                raise NoTemplate("a place is not described by a role")
            if kind != "ORG" or _ru_genitives_in_role(rel) > 1:
                # «организации, председателем правления которой является X» is said; «места,
                # заместителем главы города которого» is not
                _ru_plain_role(rel, "a role description")
            return f"{nlp.inflect_ru(rel.head, 'ablt')} {_ru_which_rel(gender, 'gent', kind)} является {head}"
        if kind == "ORG" and not rel.preposition and rel.head in RU_BUILD_VERBS and node not in self.classes:
            # «организации, которую строит «Новострой-Уфа»»: what is built is no organisation
            raise NoTemplate(f"what {rel.head!r} builds is described as an organisation")
        case = ru_partner_case(rel.head, rel.preposition, kind in ("ORG", "PER"), _ru_object_case(rel, edge))
        if case == "datv" and rel.head in RU_GIVE_VERBS and not rel.middle:
            raise NoTemplate(f"the receiver of {rel.head!r} described without what is given")
        pronoun = _ru_which_rel(gender, case, kind)  # «клуб, которому проиграли «Волки»»
        verb = _ru_verb(edge, rel, head_gender)
        return " ".join(p for p in (_ru_prep_phrase(rel.preposition, pronoun), verb, rel.middle, head) if p)

    def subject_predicate(self, edge: Edge, node: str, gender: str) -> str:
        rel = ru_relation(edge.relation)
        if node != edge.head:
            raise NoTemplate(f"no template states {edge.relation!r} about its object")
        return self._predicate_from_head(edge, rel, gender)

    def conditional(self, edges: list[Edge], shared: str, kind: str) -> tuple[str, str]:
        """Both facts said of the shared node, which is asked.

        Both edges from the node: "Какая организация P1 и P2?". One from it: the other
        becomes a relative clause, "Какая организация, которую приобрела X, базируется в
        Москве?". None: the first is asked about its object, the second is a relative
        clause: "Какую организацию, в которую перешёл X, приобрела Гармония?".
        """
        if kind == "DATE":
            raise NoTemplate("a date as the subject of a conditional question")
        if len(edges) == 2:
            first, second = (ru_relation(e.relation) for e in edges)
            if (first.kind, first.head, first.middle) == (second.kind, second.head, second.middle) or (
                    first.kind == second.kind == "verb" and first.head == second.head
                    and ru_infinitive_chain(first)[0] == ru_infinitive_chain(second)[0] != ""):
                # "планирует поставлять аккумуляторы для Робопорта и планирует поставлять аккумуляторы
                # с 2027 года" (issue 10): two conditions that restate one verb ask nothing twice
                raise NoTemplate(f"both conditions use {first.head!r}: they restate one fact")
            if edges[0].head == edges[1].head == shared and edges[0].tail_label.lower() == edges[1].tail_label.lower():
                # «построит детский сад на 220 мест и передаст детский сад на 220 мест»: one object said
                # twice; a reader hears one clumsy fact, not two conditions
                raise NoTemplate(f"both conditions name {edges[0].tail_label!r}: one object said twice")
        wh, gender = self._wh_subject(kind, False, node=shared)
        from_node = [e for e in edges if e.head == shared]
        to_node = [e for e in edges if e.head != shared]
        if not to_node:
            # "Какая организация в октябре перевалила ... и приняла ...?": a time both facts
            # share is said once, not after each (issue 10)
            time = _ru_shared_time(edges)
            predicates = [self.subject_predicate(_ru_without_time(e, time), shared, gender) for e in edges]
            if time is None:
                time, predicates = _ru_shared_trailing_time(predicates)
            return _q(wh, time, " и ".join(_ru_one_copula(predicates))), "conditional"
        if kind in ("MISC", "NUM") and shared not in self.classes:
            raise NoTemplate(f"«какой объект, который ...»: no class noun describes a {kind} answer")
        if kind == "PER":  # a class noun carries the relative clause: "какой человек, который ..."
            singular, _, noun_gender = _RU_CLASS[kind]
            wh, gender = f"{_RU_WHICH[noun_gender]} {singular}", noun_gender
        _singular, _, noun_gender = self._class(shared, kind) if kind != "PER" else _RU_CLASS[kind]
        if from_node:
            main, other = from_node[0], to_node[0]
            clause = self.relative_clause(other, shared, kind)
            predicate = self.subject_predicate(main, shared, gender)
            return _q(f"{wh}, {clause},", predicate), "conditional.relative"
        main, other = to_node
        clause = self.relative_clause(other, shared, kind)
        rel = ru_relation(main.relation)
        head = main.head_label
        if rel.kind == "role":
            _asserted_only(main, "a role question")
            head = self._quote(head, head, main.sentences)
            which = nlp.inflect_ru(f"{_RU_WHICH[noun_gender]} {_singular}", "gent")
            return _q(nlp.inflect_ru(rel.head, "ablt"), f"{which}, {clause},", "является", head), "conditional.object-role"
        case = _ru_object_case(rel, main)
        which = _ru_prep_phrase(rel.preposition, nlp.inflect_ru(f"{_RU_WHICH[noun_gender]} {_singular}", case))
        verb = _ru_verb(main, rel, _ru_gender(head))
        head = self._quote(head, head, main.sentences)
        return _q(f"{which}, {clause},", verb, rel.middle, head), "conditional.object"

    def comparison(self, edge: Edge, kind: str, first: str, second: str,
                   second_edge: Edge | None = None) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        _asserted_only(edge, "a comparison")
        unit = _ru_quantity_unit(edge.tail_label)
        if rel.kind != "verb" or rel.preposition:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        if second_edge is not None and second_edge.head_type != edge.head_type:
            # «Какая организация набрала больше очков: «Жигули» или Микко Ронкайнен?»: a team and a player
            raise NoTemplate(f"a comparison of a {edge.head_type} and a {second_edge.head_type}")
        wh, gender = self._wh_subject(kind if kind != "MISC" else "ORG", False)
        if kind == "PER":
            wh, gender = "кто", "masc"
        what = f"больше {unit}" if unit else "больше"
        # each name as its own sentences write it: «Автоваз» or Камаз
        first = self._quote(first, first, edge.sentences)
        second = self._quote(second, second, (second_edge or edge).sentences)
        chain, rest = ru_infinitive_chain(rel)
        return _q(wh, ru_finite(rel.head, gender), chain, what, rest)[:-1] + f": {first} или {second}?", "comparison"


def _ru_bare_object(rest: str) -> bool:
    """Does ``rest`` (a relation's words after its verb chain) open with a noun that can be the verb's direct
    object («финансирование», «субсидию»), not a prepositional phrase, an adverb or an oblique noun?"""
    words = _RU_WORD.findall(rest.lower())
    if not words:
        return False
    parses = nlp.morph_vocab().parse(words[0])
    return bool(parses) and parses[0].tag.POS == "NOUN" and any(
        p.tag.POS == "NOUN" and ("accs" in p.tag or "nomn" in p.tag) for p in parses)


def _ru_one_copula(predicates: list[str]) -> list[str]:
    """«является главным тренером «Политехника» и бывшим игроком сборной»: two roles share one «является»;
    «является X и является Y» is a template's repetition no editor lets through."""
    copula = ("является ", "являются ")
    if len(predicates) > 1 and all(p.startswith(copula) for p in predicates):
        return [predicates[0], *(p.split(" ", 1)[1] for p in predicates[1:])]
    return predicates


#: a time told from another event of the sentence («а через два дня сыграют в Кемерове», «затем выступит»):
#: the place holds for that occasion only, and «Где сыграют ...?» has the other event's place as an answer too
_RU_RELATIVE_TIME = re.compile(
    r"\b(?:через|спустя)\s+(?:[а-яё0-9-]+\s+)?(?:дн|день|сутк|недел|месяц|год|лет|час|минут)[а-яё]*\b"
    r"|\b(?:после\s+этого|затем|а\s+потом|следом)\b", re.IGNORECASE)


def _ru_where(edge: Edge, verb: str, rel: RuRelation, head: str) -> tuple[str, str]:
    """«Где ...?» when the answer is a place; «Когда ...?» when it is a period («в третьей четверти»);
    no question when it is an event («в матче чемпионата»: где asks its venue), a state («находится в
    процедуре банкротства») or the scope of a count («на весь край приходилось»)."""
    what = ru_not_a_place(edge.tail_label, edge.sentences)
    if what == "a time":
        return _q("когда", *ru_ordered(ru_manner(edge), verb, rel.middle, head)), "tail.when-period"
    if what is not None:
        raise NoTemplate(f"«где» of {edge.tail_label!r}, which is {what}, not a place")
    if any(_RU_RELATIVE_TIME.search(s) for s in edge.sentences):
        raise NoTemplate(f"«где» of {edge.tail_label!r}: its sentence times the fact from another event")
    return _q("где", *ru_ordered(_ru_event_date(edge, rel), verb, rel.middle, head)), "tail.where"


#: verbs of an event a team or a troupe has many of, each somewhere else: «Где сыграет «Жигули»?» needs its date
_RU_EVENT_VERBS = frozenset({
    "сыграть", "играть", "выступить", "выступать", "провести", "проводить", "пройти", "проходить", "состояться",
    "встретиться", "встречаться", "сразиться", "гастролировать",
})
_RU_DAY_MONTH = re.compile(
    r"\b\d{1,2}\s+(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)\b")


def _ru_event_date(edge: Edge, rel: RuRelation) -> list[str]:
    """The one date («6 декабря») the sentence of an event verb gives, carried into «где»: a team plays
    somewhere else each game, and «Где сыграет клуб «Жигули»?» has as many answers as games. Two dates in
    the sentence cannot be told apart: the question is not asked."""
    if rel.head not in _RU_EVENT_VERBS or ru_says_a_time(edge.tail_label):
        return []
    dates = {m.group(0) for s in edge.sentences for m in _RU_DAY_MONTH.finditer(s)}
    if len(dates) > 1:
        raise NoTemplate(f"«где» of {rel.head!r}: its sentence gives {len(dates)} dates")
    return sorted(dates)


#: the period an amount is counted over: "за девять месяцев 2026 года", "по итогам года", "в год"
_RU_PERIOD_NOUN = r"(?:год[а-я]*|лет|месяц[а-я]*|квартал[а-я]*|полугоди[а-я]*|недел[а-я]*|сутки|суток|день|дня|дней)"
_RU_AMOUNT_SCOPE = re.compile(
    rf"\b(?:за|по\s+итогам|с\s+начала)\s+(?:[а-яё0-9-]+\s+){{0,3}}?{_RU_PERIOD_NOUN}(?:\s+\d{{4}}\s+года)?\b",
    re.IGNORECASE)
_RU_AMOUNT_RATE = re.compile(rf"\b(?:в|за)\s+(?:год|месяц|сутки|день|неделю|час|квартал|смену)\b", re.IGNORECASE)


def _ru_amount_scope(edge: Edge, rel: RuRelation) -> list[str]:
    """The period an asked amount is counted over, as its sentence says it and the relation does
    not: «Сколько рублей за девять месяцев 2026 года ...», «Сколько яиц в год ...». Without it the
    gold amount answers a question the text does not ask (a year's sum for a quarter's)."""
    said = f" {rel.middle} ".lower()
    number = re.match(r"[\d\s,.]+", edge.tail_label)
    found: list[str] = []
    for sentence in edge.sentences:
        if number is not None and number.group(0).strip() not in sentence:
            continue
        at = sentence.find(number.group(0).strip()) if number is not None else -1
        after = sentence[at + len(edge.tail_label):][:20] if at >= 0 else ""
        rate = _RU_AMOUNT_RATE.match(after.strip())
        if rate and rate.group(0).lower() not in said:
            found.append(rate.group(0).lower())
        # only the clause that holds the amount: "..., отметив, что это крупнейшая находка за последние
        # двадцать лет" dates a finding, not the amount said before it
        start = max(sentence.rfind(mark, 0, max(at, 0)) for mark in (",", ";", " — ", ":"))
        ends = [i for i in (sentence.find(mark, max(at, 0) + len(edge.tail_label)) for mark in (",", ";", " — ")) if i >= 0]
        clause = sentence[start + 1: min(ends) if ends else len(sentence)] if at >= 0 else sentence
        for scope in _RU_AMOUNT_SCOPE.finditer(clause):
            phrase = scope.group(0)
            if phrase.lower() not in said and phrase.lower() not in (f.lower() for f in found):
                found.append(phrase[:1].lower() + phrase[1:])
        break
    return found[:2]


#: a relation's middle that is only a time: "в октябре", "в 2025 году", "за третий квартал"
_RU_TIME_MIDDLE = re.compile(r"(?:в|во|за) \S+(?: \S+)?")


def _ru_shared_time(edges: list[Edge]) -> str | None:
    """The time phrase ("в октябре") every one of two or more facts ends with, or None."""
    middles = set()
    for edge in edges:
        try:
            rel = ru_relation(edge.relation)
        except NoTemplate:
            return None
        if rel.kind != "verb" or rel.preposition or not _RU_TIME_MIDDLE.fullmatch(rel.middle):
            return None
        middles.add(rel.middle)
    return middles.pop() if len(edges) > 1 and len(middles) == 1 else None


def _ru_drop_repeated_time(described: str, rel: RuRelation) -> str:
    """A description ending with the time the question's own verb carries, without it."""
    if rel.middle and _RU_TIME_MIDDLE.fullmatch(rel.middle) and described.endswith(f" {rel.middle}"):
        return described[: -len(rel.middle) - 1]
    return described


def _ru_shared_trailing_time(predicates: list[str]) -> tuple[str | None, list[str]]:
    """«отдал 6 передач в прошлом сезоне и забил 9 мячей в прошлом сезоне»: a time every predicate ends with
    (an amount's occasion, which the relation does not hold) is said once, before them; (None, predicates)
    when they share none."""
    if len(predicates) < 2:
        return None, predicates
    split = [p.split() for p in predicates]
    shortest = min(len(words) for words in split)
    for size in range(shortest - 1, 1, -1):
        tail = split[0][-size:]
        if tail[0].lower() in ("в", "во", "за", "на") and all(words[-size:] == tail for words in split) \
                and ru_says_a_time(" ".join(tail[1:])):
            return " ".join(tail), [" ".join(words[:-size]) for words in split]
    return None, predicates


def _ru_without_time(edge: Edge, time: str | None) -> Edge:
    """``edge`` with the time phrase ``time`` taken off the end of its relation."""
    if not time:
        return edge
    words = edge.relation.split()
    return edge.model_copy(update={"relation": " ".join(words[: len(words) - len(time.split())])})


def _ru_genitives_in_role(rel: RuRelation) -> int:
    """How many genitive nouns a role names after its head: "заместитель главы города" → 2."""
    vocab = nlp.morph_vocab()
    return sum(1 for word in rel.head.split()[1:]
               if (parses := vocab.parse(word)) and parses[0].tag.POS == "NOUN" and "gent" in parses[0].tag)


def _ru_plain_role(rel: RuRelation, what: str) -> None:
    """A role that names its own genitive ("глава города", "руководитель пресс-службы главы региона")
    cannot take another: «Главой города чего является ...?», «в месте, заместителем главы города которого»."""
    words = rel.head.split()
    vocab = nlp.morph_vocab()
    for word in words[1:]:
        parses = vocab.parse(word)
        if parses and parses[0].tag.POS == "NOUN" and "gent" in parses[0].tag:
            raise NoTemplate(f"{what}: the role {rel.head!r} already has a genitive")


def _ru_whose(role: str) -> str:
    """«чей» in the instrumental agreeing with the role's head noun: «чьим адвокатом», «чьей помощницей»."""
    words = role.split()
    head = next((p for w in words for p in nlp.morph_vocab().parse(w) if p.tag.POS == "NOUN" and "nomn" in p.tag), None)
    gender = str(head.tag.gender) if head is not None and head.tag.number != "plur" else "plur"
    return {"femn": "чьей", "plur": "чьими"}.get(gender, "чьим")


def _ru_role_class(rel: "RuRelation", edge: Edge) -> str | None:
    """The class noun a role's sentence gives its organisation as the role's genitive: «директора
    театра Людмилы Гараниной», «Ректор университета Елена Воронцова» → «театр», «университет»."""
    from tasks.dragon.questions_ru_checks import RU_CLASS_NOUNS

    last = rel.head.split()[-1]
    lemma = nlp.lemma_ru(last)
    vocab = nlp.morph_vocab()
    for sentence in edge.sentences:
        words = _RU_WORD.findall(sentence)
        for index, word in enumerate(words[:-1]):
            if nlp.lemma_ru(word.lower()) != lemma:
                continue
            following = words[index + 1].lower()
            for parse in vocab.parse(following)[:2]:
                if parse.tag.POS == "NOUN" and "gent" in parse.tag and parse.normal_form in RU_CLASS_NOUNS:
                    if _ru_noun_before_name(words[index + 2:], edge.tail_label):
                        # «профессор кафедры неорганической химии ТГУ»: the name is the genitive of a later
                        # noun, and «кафедра» is not what ТГУ is
                        return None
                    return parse.normal_form
    return None


def _ru_noun_before_name(words: list[str], name: str) -> bool:
    """Does a lowercase noun stand among ``words`` before the first word of ``name`` (found among them)?"""
    first = _RU_WORD.findall(name)[:1]
    if not first or first[0] not in words:
        return False
    vocab = nlp.morph_vocab()
    return any(w[:1].islower() and vocab.parse(w.lower())[0].tag.POS == "NOUN" for w in words[:words.index(first[0])])


def _ru_which_rel(gender: str, case: str, kind: str) -> str:
    """The relative pronoun "который" agreeing with the described class: "которой", "которого"."""
    from pymorphy2.analyzer import Parse

    parse = next(p for p in nlp.morph_vocab().parse("который") if "nomn" in p.tag and "masc" in p.tag)
    grammemes = {case, gender if gender != "plur" else "plur"}
    if case == "accs" and gender in ("masc", "plur"):
        grammemes.add("anim" if kind == "PER" else "inan")  # которого (a person) / который (a thing)
    form = Parse.inflect(parse, grammemes)
    if form is None:
        raise NoTemplate(f"cannot inflect 'который' to {sorted(grammemes)}")
    return form.word

