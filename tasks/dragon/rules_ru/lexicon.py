"""Russian rules triplets: the closed classes of words the rules read (verbs of saying, modal and
negation words, anaphoric nouns, months, ...). General vocabulary only, never a name from a site.
"""
from __future__ import annotations

import re

_RU_SUBJ = frozenset({"nsubj", "nsubj:pass"})
_RU_OBJ = frozenset({"obj", "iobj"})
_RU_NP_KEEP = frozenset({"amod", "nummod", "nummod:gov", "flat:name", "flat", "compound"})
_RU_RELATIVE = frozenset({"который", "которая", "которое", "которые", "что", "кто"})
#: nouns that alone point back at a named organisation ("компания заявила")
_RU_ANAPHORS = frozenset({
    "компания", "фирма", "группа", "холдинг", "банк", "перевозчик", "авиакомпания", "концерн", "корпорация",
    "предприятие", "оператор", "производитель", "клуб", "сеть",
})
#: third-person pronouns that point back at something named ("он", "её", "ними")
_RU_PERSONAL = frozenset({"он", "она", "оно", "они"})
#: institutions that act as a person does ("власти ввели режим ЧС", "комиссия отклонила заявку")
_RU_INSTITUTIONS = frozenset({
    "власть", "администрация", "правительство", "министерство", "ведомство", "мэрия", "полиция", "суд", "прокуратура",
    "комиссия", "совет", "дума", "парламент", "управление", "служба", "штаб", "инспекция", "агентство", "департамент",
    "комитет", "руководство", "жюри", "минздрав", "минфин", "минсельхоз", "минтранс", "правление", "собрание",
    "законодательный", "госдума", "росстат", "регулятор", "следствие", "арбитраж",
})
#: words that make a noun point back at something said before
_RU_DEMONSTRATIVES = frozenset({"этот", "тот", "такой", "подобный", "данный", "указанный", "вышеуказанный"})
#: too vague to ask about
_RU_GENERIC = frozenset({"решение", "сделка", "год", "время", "раз", "часть", "случай", "вопрос", "заявление"})
_RU_NEGATIONS = frozenset({"не", "ни"})
_RU_CONDITIONS = frozenset({"если", "ежели", "коли"})
_RU_FUTURE_AUX = frozenset({"буду", "будешь", "будет", "будем", "будете", "будут"})
#: heads whose infinitive is a plan: "планирует открыть" → (X, открыть, Y) planned
_RU_PLAN_HEADS = frozenset({
    "планировать", "намереваться", "собираться", "рассчитывать", "хотеть", "обещать", "предполагать",
    "намерен", "намеренный", "должен", "должный", "готовиться", "обязаться", "надеяться", "обязать", "обязанный",
})
_RU_POSSIBLE_HEADS = frozenset({"мочь", "смочь"})
#: impersonal verbs whose dative is the infinitive's doer: "пожарным удалось локализовать огонь"
#: ("приходилось ездить" is left out: "Раньше жителям приходилось ездить" says what no longer holds)
_RU_DATIVE_CONTROL = frozenset({"удаться", "удаваться", "предстоять"})
#: verbs that put someone in a role: "назначило главным режиссёром Кирилла Абрамцева"
_RU_APPOINT = frozenset({"назначить", "назначать", "избрать", "избирать", "утвердить", "утверждать"})
#: verbs whose object is a new thing, not one named before: "открыла компанию в Казани"
_RU_CREATE = frozenset({
    "создать", "создавать", "основать", "основывать", "открыть", "открывать", "учредить", "зарегистрировать",
    "построить", "строить", "запустить", "запускать",
})
_RU_COPULAS = frozenset({"являться", "стать", "становиться", "оставаться", "остаться"})
_RU_NAME_GRAMMEMES = ("Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr")
_RU_UD_CASES = {"Gen": "gent", "Dat": "datv", "Acc": "accs", "Ins": "ablt", "Loc": "loct"}
_RU_AGE = re.compile(r"^\d+-(?:летн|лет)")
#: verbs of saying that frame reported speech ("..., сообщила пресс-служба"): their own facts
#: are attribution, never key facts
_RU_SAY = frozenset({
    "сказать", "говорить", "заявить", "заявлять", "сообщить", "сообщать", "отметить", "отмечать", "подчеркнуть",
    "подчеркивать", "добавить", "добавлять", "пояснить", "пояснять", "рассказать", "рассказывать", "уточнить",
    "уточнять", "предупредить", "предупреждать", "говориться", "сообщаться", "напомнить", "заметить", "констатировать",
})
_RU_NUMBER_ABBREVIATIONS = frozenset({"тыс", "млн", "млрд", "трлн", "руб", "долл", "коп", "км", "га"})
_RU_ABBREVIATION = re.compile(r"^[A-ZА-ЯЁ][A-ZА-ЯЁ0-9-]*[A-ZА-ЯЁ][A-ZА-ЯЁ0-9]*$")
_RU_CLAUSE_WORDS = frozenset({"что", "чтобы", "будто", "ли", "если", "как", "когда", "который", "которая", "которое",
                              "которые"})
_RU_PLACE_PREPOSITIONS = frozenset({"в", "во", "на", "из", "с", "со", "к", "ко", "по", "о", "об", "у", "от", "за",
                                    "под", "над", "при", "через", "для", "перед", "между"})
_RU_SUBORDINATORS = frozenset({"если", "ежели", "коли", "когда", "хотя", "чтобы", "пока", "поскольку", "так", "после"})
_RU_CLAUSE_BREAKS = frozenset({",", ";", ":", "(", ")"})
_RU_NAME_ENDINGS = ("ами", "ями", "ом", "ем", "ой", "ей", "ам", "ям", "ах", "ях", "а", "я", "у", "ю", "е", "ы", "и")
_RU_ALLOW = frozenset({"допускать", "допустить", "предполагать", "предположить"})
#: verbs and words of saying and believing: a fact in their "что" clause is the speaker's word
_RU_SPEECH_HEADS = frozenset({
    "сказать", "говорить", "заявить", "заявлять", "сообщить", "сообщать", "отметить", "отмечать", "подчеркнуть",
    "добавить", "пояснить", "рассказать", "считать", "полагать", "думать", "ожидать", "прогнозировать",
    "предсказать", "уверенный", "уверен", "убежденный", "убежден",
})
_RU_BARE_NUMBER = re.compile(r"^[\d.,–-]+$")
#: verbs that say nothing with their object alone: "назвал покупку" (чем?), "объяснила рост" (чем?),
#: "связывает рост" (с чем?); their facts need the second complement or are not kept
_RU_NEEDS_COMPLEMENT = frozenset({
    "назвать", "называть", "считать", "счесть", "признать", "признавать", "объяснить", "объяснять",
    "связать", "связывать", "сделать",
})
_RU_DURATIONS = frozenset({"секунда", "минута", "час", "день", "сутки", "неделя", "месяц", "год", "сезон", "квартал"})
#: nouns of a part of something: "долю", "пакет акций", "контроль над"
_RU_SHARES = frozenset({"доля", "часть", "пакет", "акция", "половина", "треть", "четверть"})
_RU_SEASONS = frozenset({"весна", "лето", "осень", "зима"})
_RU_MONTHS = frozenset({
    "январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь",
})
