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
    "предприятие", "оператор", "производитель", "клуб", "сеть", "застройщик", "девелопер", "ритейлер",
    "дистрибьютор", "сервис", "агрохолдинг",
})
#: the anaphors that name a role in a trade, not a kind of body: any party of the story may play it
_RU_ROLE_ANAPHORS = frozenset({"перевозчик", "оператор", "производитель", "застройщик", "девелопер", "ритейлер",
                               "дистрибьютор"})
# ("подрядчик", "поставщик" are parties to a deal, often not the one named before: kept as written)
#: third-person pronouns that point back at something named ("он", "её", "ними")
_RU_PERSONAL = frozenset({"он", "она", "оно", "они"})
#: institutions that act as a person does ("власти ввели режим ЧС", "комиссия отклонила заявку")
_RU_INSTITUTIONS = frozenset({
    "власть", "администрация", "правительство", "министерство", "ведомство", "мэрия", "полиция", "суд", "прокуратура",
    "комиссия", "совет", "дума", "парламент", "управление", "служба", "штаб", "инспекция", "агентство", "департамент",
    "комитет", "руководство", "жюри", "минздрав", "минфин", "минсельхоз", "минтранс", "правление", "собрание",
    "законодательный", "госдума", "росстат", "регулятор", "следствие", "арбитраж", "бригада", "экипаж", "отряд",
    "отдел",
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
    # (a short participle's lemma is its verb's, «вынудить», whose object control is another matter: the forms)
    "вынужденный", "вынужден", "вынуждена", "вынуждено", "вынуждены",
})
#: the forms of «вынужден»: a plan in the present or future, but a past «был вынужден уйти» says he did leave
_RU_FORCED = frozenset({"вынужденный", "вынужден", "вынуждена", "вынуждено", "вынуждены"})
_RU_PAST_BE = frozenset({"был", "была", "было", "были"})
#: heads whose infinitive is only a possibility: "может открыть", and the predicatives of readiness, ability
#: and right ("готова бороться за медали", "способен выиграть", "вправе расторгнуть"): what one is ready or
#: able to do is not done (judges: «За что борется ...?» of "готова бороться")
_RU_POSSIBLE_HEADS = frozenset({"мочь", "смочь", "готовый", "способный", "вправе"})
#: impersonal passives whose infinitive is a plan with no one named to carry it out: "Вторую очередь
#: планируется открыть в 2031 году" is what is planned for the очередь
_RU_IMPERSONAL_PLANS = frozenset({"планироваться", "предполагаться", "намечаться"})
#: verbs whose accusative object, not their subject, is to do the infinitive: "суд обязал Ершова
#: возместить ущерб" says what the court did (asserted), not what the court plans
_RU_OBJECT_CONTROL = frozenset({"обязать", "обязывать", "заставить", "заставлять", "вынудить", "вынуждать"})
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
_RU_NUMBER_ABBREVIATIONS = frozenset({"тыс", "млн", "млрд", "трлн", "руб", "долл", "коп", "км", "га", "кв", "куб"})
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
    "связать", "связывать",
})
#: objects that complete "признать" alone: "признал вину" is an admission, not "признал X кем-то"
_RU_ADMISSIONS = frozenset({"вина", "ошибка", "поражение", "ответственность", "нарушение", "долг"})
_RU_DURATIONS = frozenset({"секунда", "минута", "час", "день", "сутки", "неделя", "месяц", "год", "сезон", "квартал"})
#: nouns of a part of something: "долю", "пакет акций", "контроль над"
_RU_SHARES = frozenset({"доля", "часть", "пакет", "акция", "половина", "треть", "четверть"})
_RU_SEASONS = frozenset({"весна", "лето", "осень", "зима"})
_RU_MONTHS = frozenset({
    "январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь",
})
#: nouns of circumstance, not of a thing acted on: the noun of a complex preposition ("в рамках",
#: "в ходе", "по итогам", "за счёт", "в течение", "с помощью", "на основании", "в случае", "в размере")
#: or of a measure, manner or degree ("на глубине", "в виде", "на уровне")
_RU_CIRCUMSTANCES = frozenset({
    "рамка", "рамки", "ход", "итог", "счет", "течение", "отношение", "основание", "связь", "помощь", "результат",
    "данные", "слово", "оценка", "мнение", "информация", "сведение", "случай", "условие", "цель", "качество",
    "вид", "уровень", "фон", "пик", "мера", "степень", "сторона", "территория", "состав", "размер", "сумма",
    "объем", "глубина", "высота", "длина", "площадь", "расстояние", "количество", "число", "порядок", "образ",
    "способ", "режим", "формат", "рамка", "польза", "адрес", "преддверие", "период", "срок", "момент", "этап",
    "конец", "начало", "середина", "окончание", "завершение", "время", "раз", "итоги", "процесс", "часть",
    "заседание", "совещание", "встреча", "форум", "конференция", "брифинг", "церемония", "сессия", "беседа",
    "интервью", "комментарий", "разговор", "выступление", "эфир",
    "очередь", "целое", "частность", "среднее", "сила", "счёт", "место", "роль", "смысл", "руководство",
})
#: nouns of a time: "в течение года", "к вечеру", "на неделе" are when, not what
_RU_TIME_NOUNS = frozenset({
    "год", "месяц", "неделя", "день", "час", "минута", "секунда", "утро", "вечер", "ночь", "сутки", "полдень",
    "сезон", "квартал", "полугодие", "век", "десятилетие", "выходные", "выходной", "понедельник", "вторник", "среда",
    "четверг", "пятница", "суббота", "воскресенье", "праздник", "каникулы", "зима", "весна", "лето", "осень",
    "пора", "эпоха", "будущее", "прошлое", "настоящее", "сегодня", "завтра",
})
#: prepositions whose noun can be what a verb goes to, takes, leaves or is about ("перейти в",
#: "остаться без", "обратиться в", "договориться с"); not "для", "после", "несмотря на", "по"
_RU_ARGUMENT_PREPOSITIONS = frozenset({"в", "во", "на", "из", "с", "со", "к", "ко", "от", "у", "о", "об", "без",
                                       "под", "над", "между", "через", "за"})
#: nouns that frame an amount: "на (общую) сумму 2,1 млрд рублей", "в размере 9 млн рублей",
#: "в объёме 30 млн рублей"
_RU_AMOUNT_FRAMES = frozenset({"сумма", "размер", "объем", "объём"})
#: the words of an amount with no counted noun: "5,8 млн", "два", "оба"
_RU_NUMBER_WORDS = frozenset({"тыс", "млн", "млрд", "трлн", "тысяча", "миллион", "миллиард", "триллион", "оба", "обе"})
#: the general nouns for a company: any organisation named before that is not another kind of body
_RU_GENERIC_ORGS = frozenset({"компания", "фирма", "предприятие", "организация", "корпорация", "концерн", "общество"})
#: bodies a text does not call "компания": "Компания будет перечислять клубу ..." is the sponsor, not the club
_RU_NOT_COMPANIES = _RU_INSTITUTIONS | frozenset({
    "клуб", "команда", "театр", "музей", "институт", "университет", "библиотека", "школа", "больница", "фонд",
    "академия", "колледж", "лицей", "храм", "собор", "партия", "союз", "федерация", "ассоциация", "экспедиция",
    "филармония", "консерватория", "поликлиника", "обсерватория", "заповедник", "парк",
})
#: class nouns of one kind: a body described as «приморская компания» is only a body named as one of its kind
#: («Банк «Приморье»» is a bank, no «компания»; «команда» and «клуб» name the same side)
_RU_SAME_KINDS = (frozenset({"компания", "фирма", "предприятие", "корпорация", "концерн"}),
                  frozenset({"команда", "клуб"}))
#: the head nouns of a court's name: a court is no "ведомство" (an executive body)
_RU_COURTS = frozenset({"суд", "арбитраж", "трибунал"})
#: nouns for any public body named before ("ведомство обратится в суд" after "Управление Россельхознадзора")
_RU_BODY_ANAPHORS = frozenset({"ведомство", "учреждение", "орган"})
#: head nouns of a region's name
_RU_REGION_HEADS = frozenset({"область", "край", "республика", "округ", "регион", "автономия"})
#: head nouns of a place inside a town: what a town, never a street, contains ("на Курортном проспекте")
_RU_STREET_HEADS = frozenset({
    "улица", "проспект", "переулок", "бульвар", "шоссе", "площадь", "набережная", "проезд", "тупик", "аллея",
    "микрорайон", "квартал", "тракт", "сквер",
})
#: nouns that point back at a place of their kind: "город потратил" (the city named), "регион выплатит"
_RU_PLACE_ANAPHORS = {
    "город": lambda heads: not heads or "город" in heads,  # a name of its own, no "улица", "район", "область"
    "регион": lambda heads: bool(heads & _RU_REGION_HEADS),
}
#: people who act for the organisation of their genitive: "специалисты компании", "силами подрядчика"
_RU_STAFF = frozenset({
    "специалист", "сотрудник", "работник", "представитель", "эксперт", "инженер", "сила", "персонал", "коллектив",
    "аналитик", "юрист", "пресс-служба", "руководство", "бригада", "экипаж", "отряд",
})
#: parts and units of an organisation a person can head: "руководитель экспедиции", "директор филиала"
_RU_UNITS = _RU_NOT_COMPANIES | _RU_GENERIC_ORGS | frozenset({
    "филиал", "отделение", "подразделение", "отдел", "лаборатория", "кафедра", "цех", "завод", "фабрика", "бригада",
    "экспедиция", "редакция", "представительство", "офис", "дирекция", "аппарат", "штаб", "комбинат", "порт",
    "центр", "клиника", "госпиталь", "холдинг", "объединение",
})
#: titles whose first bare genitive is a field or a home, not a body anyone works in: "министр транспорта",
#: "мастер спорта", "чемпион мира", "доктор наук", "житель города" (a body follows the field: "министр финансов
#: региона")
_RU_FIELD_TITLES = frozenset({
    "министр", "замминистра", "мастер", "чемпион", "чемпионка", "рекордсмен", "доктор", "кандидат", "деятель",
    "ветеран", "работник", "герой", "академик", "член-корреспондент", "профессор", "житель", "жительница",
    "уроженец", "уроженка", "гражданин", "гражданка",
})
#: bodies and facilities a place only locates: "аэропорт Астрахани", "администрация Самары" (the parser hangs
#: the town's genitive on them as an appositive; the airport is not the town, the town served no passengers)
#: (a facility among them is a place of its own: «Откуда откроет рейсы?» — «из аэропорта Астрахани»)
_RU_FACILITIES = frozenset({
    "аэропорт", "вокзал", "порт", "стадион", "арена", "терминал", "кинотеатр", "курорт", "рынок", "зоопарк", "цирк",
})
#: places people stay, eat, shop or gather in, named as organisations: where a subjectless act was done, not who did it
_RU_VENUES = _RU_FACILITIES | frozenset({
    "гостиница", "отель", "хостел", "санаторий", "пансионат", "магазин", "ресторан", "кафе", "парк", "сквер",
})
_RU_SITED = _RU_UNITS | _RU_INSTITUTIONS | _RU_ANAPHORS | _RU_FACILITIES
#: kinds of named things that are no organisation, written before their quoted name as the kinds of
#: bodies are: vessels («теплоход «Дед Мороз»», «паром «Север»»), venues and facilities («курорт
#: «Снежная гора»», «терминал «Восточный»»), works and events («спектакль «Сухона»», «балет «Прибой»»), products
#: («препарат «Эрол»»). The article goes on with the noun alone («Теплоход был построен ...», «Курорт
#: будет рассчитан ...»): its readers, and its key facts, name the thing by either.
_RU_NAMED_KINDS = frozenset({
    "теплоход", "судно", "паром", "траулер", "сейнер", "ледокол", "танкер", "катер", "шхуна", "яхта", "лайнер",
    "парусник", "курорт", "комплекс", "стадион", "арена", "терминал", "аэропорт", "кинотеатр", "спектакль",
    "балет", "опера", "мюзикл", "фильм", "сериал", "фестиваль", "выставка", "конкурс", "роман", "альбом",
    "препарат",
})
#: nouns of a kind of organisation or establishment that Russian copy writes before a quoted name and
#: a reader keeps with it ("завод «Богородская кожа»", "колледж «Профи»", "банк «Итиль»"): the kinds
#: the rules already know as bodies, the plants, media and venues a name is given to, and the named
#: things of ``_RU_NAMED_KINDS`` (session 23). A public body with no name of its own ("власть",
#: "руководство", "следствие") and the crews are none.
#: Not questions_ru_classes.RU_CLASS_NOUNS, on purpose: that list holds every noun a question may call an
#: entity by (places «город», «улица», «порт» too), this one only the kinds whose noun becomes part of a
#: graph node's name (rules_ru/class_nouns.py, and benchmill.nlp.entity_key, which drops it again for
#: the node's key).
_RU_CLASS_NOUNS = (_RU_ANAPHORS | _RU_GENERIC_ORGS | _RU_NOT_COMPANIES | frozenset({
    "завод", "фабрика", "комбинат", "верфь", "бюро", "издательство", "агентство", "студия", "телеканал",
    "радиостанция", "газета", "журнал", "портал", "магазин", "ресторан", "кафе", "гостиница", "отель", "центр",
    "кооператив", "хозяйство", "агрофирма", "птицефабрика", "ассоциация", "движение", "санаторий", "клиника",
}) | _RU_NAMED_KINDS) - frozenset({"власть", "руководство", "следствие", "бригада", "экипаж", "отряд", "сила", "группа"})
#: verbs that attribute a clause to its source when they follow it ("..., сообщил X", "..., считает X",
#: "..., говорится в сообщении", "..., следует из материалов"): the verbs of saying and of opinion
_RU_SOURCE_VERBS = frozenset({"следовать"})
_RU_ATTRIBUTION = _RU_SAY | _RU_SOURCE_VERBS | frozenset({
    "считать", "полагать", "признаться", "признаваться", "возмущаться", "написать", "писать", "пообещать",
    "обещать", "ответить", "отвечать", "говорится", "отмечаться", "указываться", "объяснить", "объяснять",
    "сообщаться", "заверить", "заверять", "пожаловаться", "жаловаться", "отметить", "рассказывать",
})
#: "по данным X", "по информации X": a source inserted between commas
_RU_SOURCE_NOUNS = frozenset({"данные", "информация", "сведение", "подсчет", "подсчёт"})
#: "по словам X", "по оценке X", "по мнению X": someone's word or judgement inserted between commas
_RU_OPINION_NOUNS = frozenset({"слово", "мнение", "оценка", "прогноз"})
#: "как указано в X", "как следует из X": a source inserted between commas
_RU_AS_SAID = frozenset({"указать", "указано", "сказать", "сказано", "говориться", "следовать", "отмечаться",
                         "сообщаться", "известно", "стать"})
#: verbs of perception, attitude and effort: "мы видим спрос", "ждём решений", "стараемся не доводить":
#: what someone sees, expects or tries is no fact a reader can check
_RU_MENTAL = frozenset({
    "видеть", "ждать", "понимать", "знать", "думать", "верить", "бояться", "стараться", "пытаться", "попытаться",
    "надеяться", "опасаться", "сомневаться", "чувствовать", "радоваться", "мечтать",
})
#: question words: a phrase that starts with one asks, it names nothing ("сколько денег")
_RU_QUESTION_WORDS = frozenset({"сколько", "какой", "какая", "какое", "какие", "каких", "чей", "почему", "зачем",
                                "как", "где", "куда", "откуда", "когда", "кто", "что", "кого", "чего"})
#: what two parties sign or conclude together: "A и B подписали соглашение" is A's agreement with B
_RU_AGREEMENTS = frozenset({"соглашение", "договор", "контракт", "меморандум", "договоренность", "договорённость",
                            "мировая", "сделка"})
#: the word of an update stamp at a paragraph's start ("Дополнено 3 декабря 2026 г.", "Обновлено 14:05")
_RU_UPDATE_STAMPS = frozenset({"дополнено", "обновлено", "исправлено", "добавлено", "уточнено"})
_RU_STAMP_WORDS = _RU_MONTHS | frozenset({
    "января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября",
    "декабря", "г", "года", "в", "мск",
})
#: words that make a statement a possibility: "Возможно, ...", "вероятно", "по-видимому"
_RU_MAYBE = frozenset({"возможно", "вероятно", "видимо", "по-видимому", "предположительно", "наверное", "наверно",
                       "очевидно"})
#: verbs of a phase of an action: "начнёт работать", "продолжит строить": the infinitive carries the fact
_RU_PHASE_HEADS = frozenset({"начать", "начинать", "продолжить", "продолжать", "прекратить", "прекращать",
                             "закончить", "заканчивать", "перестать", "переставать", "стать"})
#: nouns of an occasion or a conversation: "на заседании", "в беседе с корреспондентом", "в интервью"
_RU_OCCASIONS = frozenset({"заседание", "совещание", "встреча", "форум", "конференция", "пресс-конференция", "брифинг",
                           "церемония", "сессия", "беседа", "интервью", "комментарий", "разговор", "выступление",
                           "эфир", "обращение", "послание"})
#: nouns of a measure that describe a thing in the instrumental: "цех стоимостью 180 млн рублей",
#: "линия мощностью 9 тыс. тонн", "участок площадью 18 га"
_RU_MEASURES = frozenset({"стоимость", "мощность", "площадь", "протяженность", "протяжённость", "объем", "объём",
                          "вес", "масса", "численность", "длина", "высота", "глубина", "емкость", "ёмкость",
                          "производительность", "диаметр", "срок", "вместимость"})
#: verbs that only carry a noun of action: "осуществить поставку", "произвести оплату"
_RU_LIGHT_VERBS = frozenset({"осуществлять", "осуществить", "производить", "произвести"})
#: verbs of planning over a noun of action: "планирует открытие", "не планируется открытие продаж"
_RU_PLAN_VERBS = frozenset({"планировать", "запланировать", "намечать", "наметить", "предусматривать", "предусмотреть"})
#: verbs only a person does: saying, allowing for, believing ("Он не исключил, что ..." is a person)
_RU_SPEAKING = _RU_ATTRIBUTION | _RU_SPEECH_HEADS | _RU_MENTAL | frozenset({"исключить", "исключать", "допустить",
                                                                           "допускать", "признать", "признаваться"})
