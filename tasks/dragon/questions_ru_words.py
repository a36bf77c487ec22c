"""DRAGON questions, Russian: the word lists of the templates — the case a preposition or a verb governs, the
question words and class nouns of an entity class, and the verbs and nouns whose frame decides how a fact is asked
(motion, putting into, address, making, building, ...). Moved unchanged from ``questions_ru``."""
from __future__ import annotations

import re


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
#: words that report someone's words or forecast ("заявил, что", "по данным", "по прогнозу")
_RU_REPORTED = re.compile(
    r"\b(?:по\s+(?:его|её|ее|их)?\s*(?:словам|данным|прогнозам?|оценкам?|мнению|расчетам|расчётам)"
    r"|(?:заявил|заявила|заявили|сказал|сказала|сказали|сообщил|сообщила|сообщили|считает|считают|уверен|уверена"
    r"|ожидает|ожидают|полагает|прогнозирует|допускает|отметил|отметила|добавил|добавила)\b[^.]*?,?\s*что)",
    re.IGNORECASE)
#: adverbs of a recurring fact: an amount paid "ежегодно" is per year, and its question must say so
_RU_RATE_ADVERBS = ("ежегодно", "ежемесячно", "ежеквартально", "еженедельно", "ежедневно")
#: words that make a future a plan ("планирует открыть", "намерен", "собирается")
_RU_PLAN_WORDS = frozenset({
    "планировать", "намереваться", "собираться", "рассчитывать", "хотеть", "обещать", "пообещать", "намерен",
    "намеренный", "должен", "должный", "готовиться", "обязаться", "надеяться", "предполагать",
})
#: pronouns that name no one out of their article
_RU_PRONOUNS = frozenset("он она оно они его её ее их ему ей им это этот эта эти тот та те который которая которое которые".split())
_RU_WHICH = {"masc": "какой", "femn": "какая", "neut": "какое", "plur": "какие"}
_RU_WHICH_REL = {"masc": "который", "femn": "которая", "neut": "которое", "plur": "которые"}
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
#: nouns of a game: its other side, named after «с» / «против», is a team («сыграть матч с ...»: «с кем»)
_RU_GAME_NOUNS = frozenset({"матч", "игра", "поединок", "встреча", "дерби", "тайбрейк", "овертайм"})
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
_RU_YEAR = re.compile(r"(\d{4}) год")
_RU_QUOTED_SPAN = re.compile(r"«([^«»]+)»")
_RU_NAME_WORD = re.compile(r"[\w]+(?:[-.][\w]+)*")
#: cases a preposition can govern (the first is the default)
_RU_PREP_CASES = {
    "в": ("loct", "accs"), "во": ("loct", "accs"), "на": ("loct", "accs"), "за": ("ablt", "accs"),
    "под": ("ablt", "accs"), "с": ("ablt", "gent"), "со": ("ablt", "gent"), "о": ("loct", "accs"),
}
_RU_CASE_ALIASES = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "gen1": "gent"}
_RU_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
#: class nouns «организация» says well enough: a company is an organisation, a theatre or a court is not one a
#: reader calls so, nor a plant or a port, which is built and stands somewhere («Какая организация построена
#: в 1936 году?» of a plant reads wrong: «Какой завод построен ...»)
_RU_ORG_NOUNS = frozenset({
    "компания", "фирма", "предприятие", "холдинг", "концерн", "корпорация", "организация", "банк", "фонд",
    "агентство", "группа", "сеть",
})
#: the class words that, said of a named thing, are wrong more often than right: a theatre is no «место»
_RU_VAGUE_CLASS = {"LOC"}
#: a time told from another event of the sentence («а через два дня сыграют в Кемерове», «затем выступит»):
#: the place holds for that occasion only, and «Где сыграют ...?» has the other event's place as an answer too
_RU_RELATIVE_TIME = re.compile(
    r"\b(?:через|спустя)\s+(?:[а-яё0-9-]+\s+)?(?:дн|день|сутк|недел|месяц|год|лет|час|минут)[а-яё]*\b"
    r"|\b(?:после\s+этого|затем|а\s+потом|следом)\b", re.IGNORECASE)
