"""DRAGON questions, Russian: what an entity is, as its text says, for the question word: the class noun
its label or sentences give it («театр «Волжская сцена»» → «какой театр»), a team by the games it plays, a
product or brand the tagger called an organisation («трамваи Tatra»: «что», never «какая организация»),
and every sentence a label is said in.
"""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Edge, Subgraph
from tasks.dragon.questions_ru_names import _RU_WORD
from tasks.dragon.questions_ru_words import _RU_GAME_NOUNS

#: nouns that make the name after them a product, brand or model, not an organisation
_RU_PRODUCT_NOUN = (r"(?:модел|марк|бренд|торгов\w+\s+марк|трамва|автобус|троллейбус|автомобил|электромобил|кроссовер"
                    r"|седан|внедорожник|самол[её]т|вертол[её]т|смартфон|продукт|препарат|сорт|серии|поезд|электропоезд"
                    r"|судн|теплоход|лайнер|локомотив|тракторы?|комбайн)[а-яё]*")


def refine_products_ru(kinds: dict, subgraphs: list[Subgraph]) -> dict:
    """A name its sentences introduce as a model, brand or vehicle («трамваи Tatra», «бренд
    «Сокольское»») is a thing, whatever the tagger said: never «какая организация» (MISC asks «что»)."""
    kinds = dict(kinds)
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if kinds.get(("ru", node)) not in ("ORG", None) or not label[:1].isupper():
                    continue
                product = re.compile(rf"\b{_RU_PRODUCT_NOUN}\s+(?:\w+\s+)?«?{re.escape(label)}", re.IGNORECASE)
                if any(product.search(s) for s in edge.sentences):
                    kinds[("ru", node)] = "MISC"
    return kinds


def refine_dates_ru(kinds: dict, subgraphs: list[Subgraph]) -> dict:
    """A label that is a date («2027 год», «май 2026 года») is a time, whatever type the triplet stage gave it
    («other», «place»): «Где компания откроет офис?» was asked of «2027 год»; a date is asked «когда»."""
    from tasks.dragon.questions_base import is_date_label

    kinds = dict(kinds)
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if kinds.get(("ru", node)) in ("MISC", "LOC") and is_date_label(label, "ru"):
                    kinds[("ru", node)] = "DATE"
    return kinds


#: common nouns that name what an entity is («театр «Волжская сцена»», «Октябрьский районный суд»,
#: «директор театра»): the class noun a question names it by instead of «организация», «место», «объект»
#: (not «матч»: a match has no name, and «матч «Жигули»» is the team's match)
#: Not rules_ru/lexicon._RU_CLASS_NOUNS, on purpose: that list holds only the organisation kinds the rules
#: engine writes into an entity's name («завод «Северная ткань»»); this one is what a question may call
#: any entity, places, facilities («порт», «терминал»), events and works included.
RU_CLASS_NOUNS = frozenset("""
театр суд фестиваль спектакль постановка пьеса фильм концерт хор ансамбль оркестр труппа конкурс выставка премия
турнир чемпионат клуб команда компания завод фабрика комбинат банк университет институт академия школа
колледж лицей гимназия больница поликлиника госпиталь онкоцентр музей филармония библиотека магазин гипермаркет
супермаркет ресторан кафе отель гостиница здание центр распредцентр город село посёлок деревня район область край
республика стадион арена аэропорт вокзал порт терминал предприятие холдинг министерство минкульт администрация
мэрия правительство департамент комитет фонд агентство служба улица шоссе проспект мост парк сквер площадь сеть
фирма корпорация концерн лига федерация партия газета журнал телеканал издательство электростанция станция
лаборатория кафедра факультет больница церковь собор храм памятник дворец кинотеатр цирк зоопарк прокуратура
улус округ наслег поселение муниципалитет кожуун аймак волость микрорайон
""".split())


#: class nouns of what «что» is the wrong question word for (judges: «Что обыграл …?» of a team, «Что отменило …?» of
#: an administration, «Что представляет …?» of a district): a team, a body of people, a territory with its own rule
#: (not «партия», «фонд», «служба»: a dance part or a batch, a prize fund, a service as often as a party, a body)
RU_NOT_WHAT_NOUNS = frozenset("""
команда клуб администрация мэрия правительство министерство минкульт департамент комитет суд прокуратура агентство
компания банк предприятие холдинг федерация лига университет институт академия фирма корпорация
концерн город село посёлок деревня район область край республика улус округ наслег поселение муниципалитет кожуун
аймак волость
""".split())


def _class_lemma(word: str) -> str | None:
    """The lemma of a lowercase class noun, or None: «театра» → «театр»."""
    if not word[:1].islower():
        return None
    for parse in nlp.morph_vocab().parse(word.lower())[:3]:
        lemma = parse.normal_form.replace("ё", "е")
        if parse.tag.POS == "NOUN" and lemma in RU_CLASS_NOUNS:
            return lemma
    return None


def ru_label_class(label: str) -> str | None:
    """The class noun a label holds as its own head: «Октябрьский районный суд» → «суд», «Областная
    филармония» → «филармония» (a quoted part is a name, not a class: «компания «Волгахим»» is not asked here)."""
    if "«" in label:
        label = label[: label.index("«")]
    for word in _RU_WORD.findall(label):
        lemma = _class_lemma(word)
        if lemma is not None:
            parses = nlp.morph_vocab().parse(word.lower())
            if any(p.tag.POS == "NOUN" and "nomn" in p.tag for p in parses[:3]):
                return lemma
    return None


def ru_label_head(label: str) -> str | None:
    """The lemma of a label's head: its first noun, if in the nominative, before any quoted name («Мегино-Кангаласский
    улус» → «улус», «администрация округа» → «администрация», «проект линии по шоссе» → «проект»)."""
    if "«" in label:
        label = label[: label.index("«")]
    for word in _RU_WORD.findall(label):
        parses = [p for p in nlp.morph_vocab().parse(word.lower())[:3] if p.tag.POS == "NOUN"]
        if parses:
            # (the nominative reading's lemma: «суда» is «судно»'s plural, not «суд»'s genitive)
            nominative = [p for p in parses if "nomn" in p.tag]
            return nominative[0].normal_form.replace("ё", "е") if nominative else None
    return None


def ru_thing_class(noun: str | None, label: str, sentences: list[str]) -> bool:
    """May a thing the tagger gave no entity kind (MISC, asked «что») be asked by the class noun ``noun``
    instead: «Какой улус представляет ...?» of «Мегино-Кангаласский улус», «Какую команду обыграл ...?» of a
    side beaten in a game, «Какая администрация отменила ...?»? Only a team, a body or a territory
    (``RU_NOT_WHAT_NOUNS``), and only where the noun is the label's own head,
    the noun its sentences put the name in apposition to, or a team by its games: a class noun found anywhere
    in the label («проект линии по шоссе») is not what the thing is."""
    if noun is None or noun not in RU_NOT_WHAT_NOUNS:
        return False  # a work, a building, a thing («Что снял …?», «Что ремонтирует …?») is rightly «что»
    if noun == "команда" and label.strip("«")[:1].isupper():
        return True  # a side by its games («Северная заря»), not «атака команды»
    return ru_label_head(label) == noun or ru_class_in_sentences(label, sentences) == noun


#: nouns of a vessel, a vehicle, an aircraft or a service run by them: neither an organisation nor a person, and
#: «что» is no word for one that acts («Что летает из аэропорта?» of «рейсы в Москву»: «Какие рейсы летают ...?»)
RU_VEHICLE_NOUNS = frozenset("""
судно теплоход траулер сейнер ледокол паром танкер сухогруз буксир корабль катер яхта лайнер самолет вертолет
поезд электропоезд электричка автобус троллейбус трамвай рейс
""".split())


def ru_vehicle_head(label: str) -> tuple[str, bool] | None:
    """The vehicle noun that heads ``label`` and whether the label names several («рейсы в Москву» → («рейс», True),
    «судно «Норд-7»» → («судно», False)), or None."""
    for noun in (ru_label_head(label), ru_label_head_noun(label)):
        if noun is not None and noun.replace("ё", "е") in RU_VEHICLE_NOUNS:
            # the number of the head noun itself, not of the label's first word («рейсовые автобусы»: an adjective)
            readings = [p for w in _RU_WORD.findall(label.split("«")[0]) for p in nlp.morph_vocab().parse(w.lower())
                        if p.tag.POS == "NOUN" and "nomn" in p.tag and p.normal_form.replace("ё", "е") == noun]
            return noun, bool(readings) and "plur" in readings[0].tag
    return None


def ru_label_head_noun(label: str) -> str | None:
    """The lowercase noun a label puts before its quoted name as what it is: «траулер «Мыс Поворотный»» →
    «траулер», «комплекс «Агидель-Парк»» → «комплекс» (not only the class nouns above: a trawler's captain is
    «капитаном какого траулера», never «какой команды» nor «какой организации»)."""
    match = re.match(r"([а-яё]+) «", label)
    if match is None:
        return None
    # (every noun reading: pymorphy puts «судно» first as an accusative, its nominative after the adjective «судный»)
    parses = nlp.morph_vocab().parse(match.group(1))
    nouns = [p for p in parses if p.tag.POS == "NOUN" and "nomn" in p.tag]
    if not parses or parses[0].tag.POS != "NOUN" or not nouns:
        return None
    return nouns[0].normal_form.replace("ё", "е") if len(nouns[0].normal_form) > 2 else None


def ru_class_in_sentences(label: str, sentences: list[str]) -> str | None:
    """The class noun its sentences put the name in apposition to: «Театр «Волжская сцена»» →
    «театр», «фестиваля «Зимние вечера»» → «фестиваль», «новую постановку «Вьюга»» → «постановка». The
    name may be declined there (««Вьюгу»»): its words are compared by lemma; the most frequent noun wins."""
    name = label.strip("«»")
    name_words = [nlp.lemma_ru(w.lower()) for w in _RU_WORD.findall(name)]
    if not name_words:
        return None
    counts: dict[str, int] = {}
    for sentence in sentences:
        for match in re.finditer(r"([А-Яа-яЁё]+)\s+«([^»]+)»", sentence):
            quoted = [nlp.lemma_ru(w.lower()) for w in _RU_WORD.findall(match.group(2))]
            if quoted != name_words or _plural_only(match.group(1)):
                continue  # («в пяти партиях «Сахалинская волна» сохранила ...»: a plural noun is no one name's class)
            lemma = _class_lemma(match.group(1)) or _class_lemma(match.group(1).lower())
            if lemma is not None:
                counts[lemma] = counts.get(lemma, 0) + 1
    return max(counts, key=counts.get) if counts else None


def _plural_only(word: str) -> bool:
    """Is every noun reading of the word a plural («партиях», «клубам»)?"""
    nouns = [p for p in nlp.morph_vocab().parse(word.lower()) if p.tag.POS == "NOUN"]
    return bool(nouns) and all("plur" in p.tag for p in nouns)


def ru_class_nouns(subgraphs: list[Subgraph]) -> dict[str, str]:
    """node → the class noun its label or the sentences of any of its edges give it (see above)."""
    said: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                labels.setdefault(node, label)
                said.setdefault(node, [])
                said[node].extend(s for s in edge.sentences if s not in said[node])
    from tasks.dragon.questions_ru import _ru_quoted_words, _ru_role_class, ru_relation
    from tasks.dragon.questions_ru_kinds import ru_kind_classes

    classes = {}
    for node, label in labels.items():
        # a label its sentences write whole in «» is a name, whatever its head noun says: «Северный порт»
        # of «Компания «Северный порт»» is a company, not a port
        named = bool(label.split()) and _ru_quoted_words(label, said[node]) == len(label.split())
        found = ((None if named else ru_label_class(label)) or ru_class_in_sentences(label, said[node])
                 or ru_label_head_noun(label))
        if found is not None:
            classes[node] = found
    # a role's genitive names its organisation's class («Генеральным директором завода назначен ...»): the
    # same class for every question about that organisation («Какой завод построен в 1936 году ...»)

    for subgraph in subgraphs:
        for edge in subgraph.edges:
            if edge.tail in classes:
                continue
            try:
                rel = ru_relation(edge.relation)
            except Exception:  # NoTemplate: no role to read a class from
                continue
            if rel.kind == "role" and (found := _ru_role_class(rel, edge)) is not None:
                classes[edge.tail] = found
    # an organisation that wins or loses a game, or that a coach or a player belongs to, is a team: «Какой
    # команде проиграл «Политехник»?», never «Какой организации проиграл ...» (site6 and site7 judges)
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for node in _sports_teams(edge):
                classes.setdefault(node, "команда")
    # a team by its games, a body by a post in it, its deeds or a noun by its name; the tagger's ORG is no class
    for node, noun in ru_kind_classes(subgraphs, said, labels).items():
        classes.setdefault(node, noun)
    return classes


#: verbs whose subject and object are teams in a game
_RU_GAME_VERBS = frozenset({"обыграть", "обыгрывать", "проиграть", "проигрывать", "победить", "побеждать", "разгромить",
                            "одолеть", "переиграть"})
#: verbs whose object may be a match as well as a side
_RU_LOSE_VERBS = frozenset({"проиграть", "проигрывать"})
#: verbs of playing for a side: «выступать за», «играть за»
_RU_PLAY_FOR_VERBS = frozenset({"выступать", "выступить", "играть", "сыграть", "болеть"})
#: role nouns whose organisation is a team
_RU_TEAM_ROLES = frozenset({"тренер", "игрок", "нападающий", "защитник", "полузащитник", "вратарь", "голкипер",
                            "капитан", "форвард", "связующий", "воспитанник", "наставник", "хавбек", "легионер",
                            "центрфорвард", "центровой", "либеро", "бомбардир", "снайпер", "игрок"})


#: the starts of nouns for a player of one sport («волейболистка», «хоккеиста»): whose one was is a team
_RU_SPORT_PLAYER_STEMS = ("хоккеист", "футболист", "волейболист", "баскетболист", "гандболист", "ватерполист",
                          "регбист", "теннисист")
#: nouns of a game: a side a relation plays one against or with is a team («провести матч против «Волков»»)


def _sports_teams(edge: Edge) -> list[str]:
    """The nodes of ``edge`` (organisations by their type) that are teams by what the edge says of them:
    the two sides of «обыграть», «проиграть»; the organisation of a coach's or a player's role."""
    words = [nlp.lemma_ru(w.lower()) for w in _RU_WORD.findall(edge.relation)]
    if not words:
        return []
    teams = []
    if len(words) == 1 and words[0] in _RU_GAME_VERBS:
        # (a name the tagger gave no kind is a side too where the verb takes only sides: «обыграл мирнинскую
        # «Северную зарю»»; one loses a match too: «проиграли домашний матч»)
        # (but an untyped name is a side only where the text says a team plays: «Иван Сидоров обыграл Кима» is a
        # chess player beating another, «Какую команду обыграл Иван Сидоров?» a false premise)
        sides = ((edge.head, edge.head_type, edge.head_label, edge.tail_type),
                 (edge.tail, edge.tail_type, edge.tail_label, edge.head_type))
        teams = [node for node, kind, label, partner in sides
                 if kind == "org" or (kind == "other" or _side(kind, label, edge.sentences))
                 and label.strip("«")[:1].isupper() and words[0] not in _RU_LOSE_VERBS and _untyped_team(label, partner, edge.sentences)]
    elif any(w in _RU_TEAM_ROLES or w.startswith(_RU_SPORT_PLAYER_STEMS) for w in words) and _side(edge.tail_type, edge.tail_label, edge.sentences):
        teams = [edge.tail]  # («бывшая волейболистка «Сибирских ласточек»»)
    elif any(w in _RU_GAME_NOUNS for w in words[1:]) and words[-1] in ("против", "с", "со"):
        # «провести следующий матч против «Северных медведей»»: both sides of a game are teams; a quoted name the
        # tagger gave no kind or took for a place («против «Ангары»», a river's name) is a side there too
        teams = [node for node, kind, label in ((edge.head, edge.head_type, edge.head_label),
                                                (edge.tail, edge.tail_type, edge.tail_label))
                 if _side(kind, label, edge.sentences)]
    elif words[-1] == "за" and words[0] in _RU_PLAY_FOR_VERBS and _side(edge.tail_type, edge.tail_label, edge.sentences):
        teams = [edge.tail]  # «выступал за «Оружейник»»: whom a player plays for is a team
    return teams


def _side(kind: str, label: str, sentences: list[str]) -> bool:
    """Can a node of this kind be a side in a game: an organisation, or a name its sentences write in «» that the
    tagger gave no kind or took for a place («против «Ангары»», a river's name, is a club's there)?"""
    if kind == "org":
        return True
    words = _RU_WORD.findall(label)
    return kind in ("other", "place") and bool(words) and label[:1].isupper() and any(
        f"«{words[0][:max(3, len(words[0]) - 2)]}" in s for s in sentences)


#: the starts of words that say a team: «команда», «клуб», «сборная», «ФК», «ХК» and a sport's players
_RU_TEAM_STEMS = ("команд", "клуб", "сборн", "фк", "хк", "пфк") + _RU_SPORT_PLAYER_STEMS


def _untyped_team(label: str, partner: str, sentences: list[str]) -> bool:
    """Is a name the tagger gave no kind, one side of a game, a team? Where its own words say so («ХК
    «Алмаз»»), or the other side is a team (an organisation, or a team word in the sentence); a single word
    that reads as a surname or a first name («Ким», «Орлова»), unquoted, is a person, whatever the sentence."""
    if any(w.lower().startswith(_RU_TEAM_STEMS) for w in _RU_WORD.findall(label)):
        return True
    names = _RU_WORD.findall(label)
    if (len(names) == 1 and any({"Surn", "Name"} & p.tag.grammemes for p in nlp.morph_vocab().parse(names[0]))
            and not any(f"«{names[0][:4]}" in s for s in sentences)):  # («Спартак» in quotes is a club)
        return False
    return partner == "org" or any(w.lower().startswith(_RU_TEAM_STEMS) for s in sentences for w in _RU_WORD.findall(s))


def ru_label_sentences(subgraphs: list[Subgraph]) -> dict[str, list[str]]:
    """label → every sentence of the edges its node is on, across ``subgraphs``: how the article writes
    a name («Богородская кожа» in «») where a fact's own sentence calls it «завод»."""
    said: dict[str, list[str]] = {}
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for label in (edge.head_label, edge.tail_label):
                known = said.setdefault(label, [])
                known.extend(s for s in edge.sentences if s not in known)
    return said


#: common nouns of a place, a side, a part or a rank that a prepositional phrase names by an adjective («с правого
#: фланга», «на северном участке», «по объездной трассе», «под восьмым номером»): the question asks which one
#: («С какого фланга …?»); a bare «С чего …?», «По чему …?», «Под чем …?» asks another thing (why, what from)
RU_WHICH_NOUNS = frozenset("""
фланг сторона этаж участок линия поле трасса площадка улица берег номер край зона полоса ряд уровень угол трибуна
сектор маршрут дорога направление этап круг позиция дистанция отрезок площадь квартал склон ворота игра матч
сезон тур половина период причал пирс платформа путь корпус вход выход подъезд въезд окно канал
""".split())
#: (not the class nouns of a body or a territory, ``RU_CLASS_NOUNS``: «муниципальный округ», «городская администрация»
#: name a kind, and «У какого округа …?» has no answer in one; a place's part or a rank is picked out by its adjective)


def ru_which_phrase(label: str) -> tuple[str, str] | None:
    """(head noun in the nominative, its gender or «plur») of a label that is adjectives before a common noun of
    ``RU_WHICH_NOUNS`` («правый фланг» → («фланг», "masc"), «пустые ворота» → («ворота», "plur")), which a
    preposition's question asks as «какой» + that noun; None for a name, a bare noun («поле»: nothing to pick
    out), a pronoun's phrase («свой участок») or a noun of no such class («домашний арест», «собственные средства»)."""
    words = label.split()
    if "«" in label or not words or not label[:1].islower() or any(not w.isalpha() for w in words):
        return None
    vocab = nlp.morph_vocab()
    for index, word in enumerate(words):
        parses = vocab.parse(word)
        modifier = next((p for p in parses[:2] if p.tag.POS in ("ADJF", "PRTF")), None)
        if modifier is not None and index < len(words) - 1:
            if "Apro" in modifier.tag or "Anph" in modifier.tag:
                return None  # «свой участок», «этот берег»: «какой» of it has no answer in the label
            continue
        noun = next((p for p in parses if p.tag.POS == "NOUN" and "nomn" in p.tag), None)
        if index == 0 or noun is None or noun.normal_form.replace("ё", "е") not in RU_WHICH_NOUNS:
            return None
        if "plur" in noun.tag:
            return word, "plur"
        return word, str(noun.tag.gender or "masc")
    return None
