"""Russian checks of the question-grammar filter, names and frames: a name or noun where a name must be,
a verb without what it needs or with the wrong case, a phrase repeated or cut, a word that points back
at a context the question does not give. Listed in ``question_grammar_ru.CHECKS`` (its docstring says
how a check is written).
"""
from __future__ import annotations

import re

from tasks.dragon.question_grammar import Finding, QuestionView, code
from tasks.dragon.questions_ru_government import RU_DEICTIC_WORDS, RU_GIVE_VERBS
from tasks.dragon.questions_ru_objects import ru_question_object_left_out
from tasks.dragon.question_grammar_ru_words import (
    _NAME_GRAMMEMES, _WORD, _PREPOSITIONS, _TIME_NOUNS, _case, _cases, _parses,
    _tags, _lemmas, _tokens, _words, _quoted_spans, _in_quotes,
)


# --------------------------------------------------------------------------- names and nouns

#: prepositions that take the instrumental
_ABLT_PREPS = frozenset({"с", "со", "за", "под", "над", "перед", "между", "подо", "надо", "передо"})
#: verbs that govern a bare instrumental («руководит Иваном Петровым», «является ...»)
_ABLT_VERBS = frozenset({
    "руководить", "управлять", "владеть", "командовать", "заведовать", "являться", "стать", "становиться", "быть",
    "оставаться", "остаться", "считаться", "назвать", "называть", "признать", "признавать", "заменить", "заменять",
    "интересоваться", "гордиться", "восхищаться", "заниматься", "дорожить", "пренебречь",
})
_NAME_PAIR = re.compile(r"(?<![\w-])([А-ЯЁ][а-яё]+)\s+([А-ЯЁ][а-яё]+(?:ом|ем|ём|ым|ым))(?![\w-])")


@code("instrumental_name")
def instrumental_name(q: QuestionView) -> Finding | None:
    """A person's name left in the instrumental where nothing governs it («Где может дебютировать Микко
    Ронкайненом?»): the name was cut from «с ... Микко Ронкайненом» and kept its case."""
    for match in _NAME_PAIR.finditer(q.question):
        first, last = match.group(1), match.group(2)
        if match.start() == 0 and first.lower() in ("кто", "что"):
            continue
        first_tags = _tags(first)
        if not any("Name" in t or "Fixd" in t for t in first_tags) or any("ablt" in t for t in first_tags if "Fixd" not in t):
            continue  # «Иваном Петровым»: the first name is declined too, whatever governs the pair
        if not any("ablt" in t for t in _tags(last)) and not re.search(r"(ом|ем|ём)$", last):
            continue
        before = _WORD.findall(q.question[: match.start()])
        previous = before[-1].lower() if before else ""
        if previous in _ABLT_PREPS or _lemmas(previous) & _ABLT_VERBS:
            continue
        if previous and any("ablt" in t and t.POS == "NOUN" for t in _tags(previous)):
            continue  # «защитником Микко Ронкайненом»: in apposition to an instrumental noun
        return Finding("instrumental_name", f"«{first} {last}»: the name is in the instrumental with nothing to govern it")
    return None

_SENTENCE_START = re.compile(r"(?:^|[.!?…]\s+|^\s*[«\"—–-]\s*)$")


@code("capitalised_common_word")
def capitalised_common_word(q: QuestionView) -> Finding | None:
    """A common word capitalised inside the question, where its sentence writes it in lower case or only at
    a sentence's start («Где появятся Шесть школ?», «Что принёс Дубль Лобанов?»): a fragment taken for a name."""
    quoted = _quoted_spans(q.question)
    for match in _WORD.finditer(q.question):
        word = match.group()
        if match.start() == 0 or not word[:1].isupper() or word.isupper() or _in_quotes(match.start(), quoted):
            continue
        if re.search(r"[:;.]\s*$", q.question[: match.start()]):
            continue
        parses = _parses(word)
        if not parses or not all(p.is_known and not any(g in p.tag for g in _NAME_GRAMMEMES) for p in parses):
            continue
        if any(c.isupper() for c in word[1:]):
            continue
        lower, initial, named = _occurrences(word, q.sentences)
        # an adjective capitalised at a sentence's start opens many a name («Краевая клиническая больница»):
        # only a noun or numeral there says the question took a sentence's first words for a name
        noun = parses[0].tag.POS in ("NOUN", "NUMR")
        if not named and (lower or (initial and noun)):
            return Finding("capitalised_common_word", f"«{word}»: a common word capitalised as if a name (its sentence does not)")
    return None


def _occurrences(word: str, sentences: list[str]) -> tuple[bool, bool, bool]:
    """How the sentences write ``word``: in lower case; capitalised at a sentence's start; capitalised inside."""
    lower = initial = named = False
    for sentence in sentences:
        quoted = _quoted_spans(sentence)
        for other in re.finditer(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", sentence, re.IGNORECASE):
            if _in_quotes(other.start(), quoted):
                named = True  # «Прибой»: a name wherever it stands
            elif not other.group()[:1].isupper():
                lower = True
            elif _SENTENCE_START.search(sentence[: other.start()]):
                initial = True
            else:
                named = True
    return lower, initial, named

#: verbs a place can be the subject of (being somewhere, belonging, appearing)
_PLACE_VERBS = frozenset({
    "находиться", "располагаться", "расположиться", "принадлежать", "входить", "войти", "являться", "быть",
    "стать", "становиться", "считаться", "появиться", "появляться", "граничить", "оставаться", "остаться",
    "называться", "открыться", "открываться", "закрыться", "закрываться", "насчитывать", "занимать", "вмещать",
    "получить", "получать", "пострадать", "лежать", "стоять", "включать",
})


@code("place_noun_as_agent")
def place_noun_as_agent(q: QuestionView) -> Finding | None:
    """«место» standing for an organisation or a person: the subject of a verb of doing («Какое место
    отправится в январе»), or the thing a person heads («директором места»); «В какое место» for «куда»;
    and «объект, который» standing for a thing of a kind the question should name."""
    tokens = _tokens(q.question)
    by_id = {t.id: t for t in tokens}
    for token in tokens:
        if token.text.lower() not in ("место", "места", "месте", "местом", "места,"):
            continue
        head = by_id.get(token.head_id)
        if token.rel == "nsubj" and head is not None and head.pos == "VERB" and not (_lemmas(head.text) & _PLACE_VERBS):
            return Finding("place_noun_as_agent", f"«{token.text} … {head.text}»: a place made the subject of a verb of doing")
        if token.rel == "nmod" and head is not None and head.pos == "NOUN" and any(
                "anim" in t for t in _tags(head.text) if t.POS == "NOUN"):
            return Finding("place_noun_as_agent", f"«{head.text} {token.text}»: a person's role over a «место»")
    placeholder = re.search(r"(?<![\w-])(объект(?:а|у|ом|е)?),\s+котор", q.question, re.IGNORECASE)
    if placeholder:
        return Finding("place_noun_as_agent", f"«{placeholder.group(1)}, котор…»: «объект» stands for a thing the question does not name")
    opening = re.match(r"^\s*(в|на)\s+какое\s+место(?![\w-])", q.question, re.IGNORECASE)
    if opening:
        return Finding("place_noun_as_agent", f"«{opening.group(0).strip()}»: Russian asks «куда» (or names the kind of place)")
    for match in re.finditer(r"(?<![\w-])мест[оа],\s+(?:которое|которые)\s+([а-яё]+)", q.question, re.IGNORECASE):
        verb = match.group(1)
        if any(t.POS == "VERB" for t in _tags(verb)) and not (_lemmas(verb) & _PLACE_VERBS):
            return Finding("place_noun_as_agent", f"«{match.group(0)}»: a place made the subject of a verb of doing")
    return None

#: verbs whose object is made or staged, never an organisation («построил», «поставил» a play)
_MADE_THINGS = frozenset({
    "построить", "строить", "возвести", "возводить", "поставить", "ставить", "спроектировать", "проектировать",
    "снять", "снимать", "написать", "писать", "сдать", "сдавать", "проложить", "прокладывать", "отремонтировать",
    "ремонтировать", "реконструировать", "сыграть", "исполнить", "показать", "провести", "проводить",
})
#: verbs of giving: an organisation after them receives (dative), it is not what is given («Какую организацию
#: выделит фонд?» of «компании выделит фонд»)
_GIVEN_THINGS = RU_GIVE_VERBS  # the writer's list: the filter refuses what the writer would phrase wrongly
_WH_ORG_OBJECT = re.compile(r"(?<![\w-])(как(?:ую|ие|ая)\s+организаци[юия])\s+((?:[а-яё]+\s+){0,1}[а-яё]+)", re.IGNORECASE)


@code("organisation_object")
def organisation_object(q: QuestionView) -> Finding | None:
    """«какую организацию» as the thing a verb makes or stages («Какую организацию построил X?» for a
    business centre, «поставил» for a play; «Какая организация построена»)."""
    for match in _WH_ORG_OBJECT.finditer(q.question):
        phrase = match.group(1)
        verb = next((w for w in match.group(2).split() if _lemmas(w) & (_MADE_THINGS | _GIVEN_THINGS)), None)
        if verb is None:
            continue
        made = _lemmas(verb) & (_MADE_THINGS | _GIVEN_THINGS)
        tags = _tags(verb)
        if phrase.lower().startswith("какая") and not any(t.POS == "PRTS" for t in tags):
            continue  # «Какая организация построила»: the organisation is the builder
        what = "gives" if made & _GIVEN_THINGS else "makes"
        return Finding("organisation_object", f"«{phrase} … {verb}»: an organisation is not what «{sorted(made)[0]}» {what}")
    return None


# --------------------------------------------------------------------------- style

_FUNCTION_WORDS = frozenset({"и", "в", "на", "с", "по", "за", "из", "к", "о", "у", "от", "до", "для", "не", "а", "или"})


@code("repeated_phrase")
def repeated_phrase(q: QuestionView) -> Finding | None:
    """One phrase twice in a question («... в октябре и приняла ... в октябре»), a conjunct repeating its
    verb («является тренером ... и является бывшим игроком»), or a class noun before a name that holds it
    already («жителей области «Тверская область»»)."""
    words = [w.lower() for w in _WORD.findall(q.question)]
    seen: dict[tuple[str, str], int] = {}
    for i in range(len(words) - 1):
        pair = (words[i], words[i + 1])
        if pair[1] in _FUNCTION_WORDS or pair[1] in _PREPOSITIONS:
            continue  # «рейсы из Самары и рейсы из Уфы»: a phrase is only repeated when it is repeated whole
        if pair in seen and seen[pair] < i - 1:
            return Finding("repeated_phrase", f"«{' '.join(pair)}» twice in one question")
        seen.setdefault(pair, i)
    for match in re.finditer(r"(?<![\w-])([а-яё]{3,})\s+«([^«»]+)»", q.question):
        noun, name = match.group(1), match.group(2)
        if any(t.POS == "NOUN" for t in _tags(noun)) and any(
                _lemmas(noun) & _lemmas(w) for w in _WORD.findall(name) if not w[:1].isupper() or w == name.split()[-1]):
            return Finding("repeated_phrase", f"«{noun} «{name}»»: the class noun repeats the name's own noun")
    match = re.search(r"(?<![\w-])([а-яё]{4,})\s.*?\sи\s+\1(?![\w-])", q.question, re.IGNORECASE)
    if match and any(t.POS == "VERB" for t in _tags(match.group(1))):
        return Finding("repeated_phrase", f"«{match.group(1)} … и {match.group(1)}»: the conjunct repeats its verb")
    return None


# --------------------------------------------------------------------------- verb frames

#: verbs that need a direct object (no absolute use: «показала» what, «обыграли» whom)
_NEED_OBJECT = frozenset({
    "показать", "обыграть", "открыть", "запустить", "построить", "подписать", "получить", "выпустить", "приобрести",
    "продать", "купить", "выделить", "направить", "представить", "реализовать", "заключить", "создать", "установить",
    "заменить", "отремонтировать", "разработать", "изготовить", "передать", "опубликовать", "подготовить",
    "назначить", "закупить", "приобретать", "продавать", "покупать", "выделять", "направлять", "подписывать",
    "открывать", "запускать", "строить", "создавать", "устанавливать", "передавать", "обыгрывать", "показывать",
    "обслуживать", "нанять", "нанимать", "потратить", "тратить", "инвестировать", "вложить", "вкладывать",
})
#: verbs whose object must be told what to do: «обязал» whom to do what
_NEED_INFINITIVE = frozenset({"обязать", "обязывать", "заставить", "заставлять", "вынудить", "вынуждать", "призвать",
                              "призывать", "убедить", "уговорить"})
#: verbs that put or send something somewhere: they need their «в» / «на» / «к» phrase («поступит в продажу»)
_NEED_PLACE = frozenset({"поступить", "поступать", "поместить", "помещать", "положить", "класть", "разместить",
                         "размещать", "направить", "направлять"})
_WH_ADVERB = re.compile(r"^\s*(где|когда|куда|откуда|почему|зачем)(?![\w-])", re.IGNORECASE)


def _noun_phrases(words: list[str]) -> list[str]:
    """The heads of the noun phrases outside prepositional phrases the words hold (a quoted or capitalised name is
    a noun; a noun in an oblique case after another noun is its modifier, not a phrase of its own)."""
    heads: list[str] = []
    in_pp, after_numeral, after_noun = False, False, False
    for word in words:
        if word.startswith("«") and after_noun:
            continue  # «театр «Луч»»: a name in apposition to its noun
        after_noun = False
        if word.lower() in _PREPOSITIONS:
            in_pp = True
            continue
        tags = _tags(word.strip("«»"))
        if word.isdigit() or (tags and tags[0].POS == "NUMR" and not word[:1].isupper()):
            after_numeral = True
            continue
        name = word.startswith("«") or word[:1].isupper() or bool(re.fullmatch(r"[A-Za-z][\w-]*", word))
        if name and not word.startswith("«") and tags and tags[0].POS in ("ADJF", "PRTF"):
            continue  # «Книжный квартал»: the adjective of a name
        if not (name or (tags and tags[0].POS == "NOUN")):
            continue
        # a class noun in the nominative («театр») takes a quoted name after it in apposition
        after_noun = not name and any("nomn" in t for t in tags if t.POS == "NOUN")
        if in_pp:
            in_pp = after_numeral = False
            continue
        if not name and not after_numeral and not any(_case(t) in ("nomn", "accs") for t in tags if t.POS == "NOUN"):
            continue  # a genitive modifier («травму голеностопа»)
        heads.append(word)
        after_numeral = False
    return heads


@code("verb_missing_complement")
def verb_missing_complement(q: QuestionView) -> Finding | None:
    """A verb left without what it needs: «Где показала Волжская сцена?» (showed what), «Кого обязал суд?»
    (obliged to do what), «Сколько рублей направила компания?» (sent where)."""
    words = _words(q.question)
    if any(_lemmas(w) & _NEED_INFINITIVE for w in words if not w.startswith("«")):
        verb = next(w for w in words if not w.startswith("«") and _lemmas(w) & _NEED_INFINITIVE)
        if not any(t.POS == "INFN" for w in words if w != verb for t in _tags(w)[:1]):
            return Finding("verb_missing_complement", f"«{verb}» without the infinitive of what is to be done")
    placed = next((w for w in words if not w.startswith("«") and _lemmas(w) & _NEED_PLACE
                   and any(t.POS in ("VERB", "INFN") for t in _tags(w)[:1])), None)
    if placed is not None and not re.match(r"^\s*(куда|где|откуда|(в|во|на|к|ко)\s)", q.question, re.IGNORECASE):
        at = words.index(placed)
        # its phrase follows it, or comes right before it («в продажу поступит»), not another verb's
        targets = [w for i, w in enumerate(words[:-1]) if w.lower() in ("в", "во", "на", "к", "ко") and i >= at - 2
                   and not (_lemmas(words[i + 1]) & _TIME_NOUNS) and not re.match(r"\d", words[i + 1])]
        if not targets and ", котор" not in q.question:
            return Finding("verb_missing_complement", f"«{placed}» without where to («в», «на», «к» ...)")
    wh = _WH_ADVERB.match(q.question)
    if not wh:
        return None
    rest = words[1:]
    verbs = [w for w in rest if not w.startswith("«") and _tags(w) and _tags(w)[0].POS in ("VERB", "INFN")]
    if not verbs:
        return None
    verb = verbs[-1]
    if not (_lemmas(verb) & _NEED_OBJECT) or "," in q.question:
        return None
    phrases = _noun_phrases([w for w in rest if w not in verbs])
    if len(phrases) == 1 and any("plur" in t for t in _tags(verbs[0])) and not any(
            "nomn" in t and "plur" in t for t in _tags(phrases[0].strip("«»"))):
        # «Где обыграли «Ракету»?», «Где построят новый причал?»: a plural verb whose one phrase cannot be
        # its subject (no nominative plural) has it for its object, and no subject is indefinite-personal
        return None
    if len(phrases) <= 1:
        return Finding("verb_missing_complement", f"«{wh.group(1)} … {verb}»: «{verb}» lacks its object (or its subject)")
    return None

_WH_WORD = re.compile(r"(?:как\w+|что|кого|чего)", re.IGNORECASE)
#: verbs that only carry another verb or name a role: their object is the infinitive's or the role's own
_CARRIER_VERBS = frozenset({"являться", "быть", "стать", "становиться"})


@code("object_left_out")
def object_left_out(q: QuestionView) -> Finding | None:
    """A verb asked without the direct object its reference sentence gives it, where that object is neither in
    the question nor the answer («Во что может передать завод?» of «завод может передать в эксплуатацию первые 50
    машин»; «К чему приговорил суд?» of «суд приговорил бывшего директора к …»; «Кто руководит организацией,
    которую выделит фонд?» of «фонд выделит компании 15 млрд рублей»): the question asks of a relation cut short
    or of a false one. Read from the parse of the sentence (``questions_ru_objects``, the writer's own reading)."""
    sentences = q.sentences
    if not sentences or re.search(r":[^:]+\sили\s", q.question):
        return None  # «Какая организация перевалила больше тонн: A или B?» compares the amounts it leaves out
    tokens = _tokens(q.question)
    for token in tokens:
        if token.pos != "VERB" or not _WORD.fullmatch(token.text):
            continue
        children = [t for t in tokens if t.head_id == token.id]
        if _lemmas(token.text) & _CARRIER_VERBS or any(c.rel == "xcomp" for c in children):
            continue  # «может передать»: the infinitive is the verb asked
        clause = {token.id, token.head_id} if token.rel == "xcomp" else {token.id}
        subject = any(t.rel.startswith("nsubj") and t.head_id in clause for t in tokens)
        if any(c.rel == "obj" and c is not tokens[0] and (subject or "nomn" not in _cases(c.text)) for c in children):
            # the question gives the verb an object of its own («подписала человека, который …»); with no subject
            # beside it, a nominative «object» is the subject the parse misread («Во что может передать завод?»)
            continue
        # a verb asked with a prepositional phrase («Во что вложит …?»): an amount in its sentence that is neither
        # in the question nor the answer is its object as well
        prepositional = any(any(g.head_id == c.id and g.rel == "case" for g in tokens) for c in children)
        first = tokens[0]
        asked = next((t for t in tokens if t.id == first.head_id), None) if first.rel == "det" else first
        asks_object = _WH_WORD.fullmatch(first.text) is not None and asked is not None and asked.rel == "obj" \
            and asked.head_id == token.id
        dropped = ru_question_object_left_out(token.text, q.question, list(q.answers), sentences, prepositional,
                                              asks_object)
        if dropped:
            return Finding("object_left_out", f"«{token.text}» without «{dropped}», the object its sentence gives it")
    return None


#: verbs whose object is in the dative only («помог клубу», «позволит компании»): an accusative there is wrong
_DATIVE_VERBS = frozenset({
    "позволить", "позволять", "помочь", "помогать", "мешать", "помешать", "угрожать", "принадлежать", "доверять",
    "доверить", "звонить", "позвонить", "подражать", "сочувствовать", "противостоять", "соответствовать",
    "предшествовать", "уступить", "уступать", "проиграть", "проигрывать", "аплодировать", "содействовать",
})
#: dative verbs that also take a thing in the accusative («проиграли матч», «уступили второе место»): the
#: question phrase is the wrong case only when it names a party («какой клуб», «кого»), never «что»
_DATIVE_OR_THING_VERBS = frozenset({"уступить", "уступать", "проиграть", "проигрывать"})
_PARTY_NOUNS = frozenset({"клуб", "команда", "сборная", "соперник", "организация", "компания", "коллектив", "город"})
#: verbs whose object is in the genitive («достигла суммы»): «Сколько рублей достигла» asks in the accusative
_GENITIVE_VERBS = frozenset({"достигнуть", "достичь", "достигать", "добиться", "добиваться", "лишиться", "лишаться",
                             "избежать", "избегать", "опасаться", "бояться"})


@code("verb_government")
def verb_government(q: QuestionView) -> Finding | None:
    """A verb's object in a case the verb does not take: an accusative after a verb of the dative («Что
    позволит организацию»), «Сколько рублей» (an accusative) for a verb of the genitive («достигла»)."""
    words = _words(q.question)
    clause: list[str] = []
    for word in words + [","]:
        if word != ",":
            clause.append(word)
            continue
        verb = next((w for w in clause if not w.startswith("«") and _lemmas(w) & _DATIVE_VERBS
                     and any(t.POS in ("VERB", "INFN") for t in _tags(w))), None)
        if verb is not None:
            in_pp = False
            for word_ in clause:
                if word_.lower() in _PREPOSITIONS:
                    in_pp = True
                    continue
                tags = _tags(word_.strip("«»"))
                if word_ == verb or word_.startswith("«") or not tags:
                    continue
                nominal = [t for t in tags if t.POS in ("NOUN", "NPRO")]
                if tags[0].POS in ("NOUN", "NPRO") and in_pp:
                    in_pp = False
                    continue
                if nominal and tags[0].POS in ("NOUN", "NPRO") and all("accs" in t and "nomn" not in t for t in nominal) \
                        and not any(c in ("datv", "nomn") for c in map(_case, nominal)):
                    return Finding("verb_government", f"«{verb} … {word_}»: «{sorted(_lemmas(verb) & _DATIVE_VERBS)[0]}» takes the dative, not the accusative")
        clause = []
    match = re.match(r"^\s*Сколько\s+([а-яё]+)\s+([^,?]*)", q.question)
    if match:
        # (the verb may follow a time: «Сколько рублей с начала года достигла ...»)
        verb = next((w for w in _WORD.findall(match.group(2)) if _lemmas(w) & _GENITIVE_VERBS
                     and any(t.POS == "VERB" for t in _tags(w))), None)
        if verb is not None:
            return Finding("verb_government", f"«Сколько {match.group(1)} … {verb}»: «{verb}» takes the genitive («скольких», «какой суммы»)")
    return _accusative_wh_of_dative_verb(q)


_WH_OBJECT = re.compile(r"^\s*(какой|какое|какие|какую|что|кого)(?:\s+([а-яё]+))?\s+([а-яё]+)", re.IGNORECASE)


def _accusative_wh_of_dative_verb(q: QuestionView) -> Finding | None:
    """«Какой клуб проиграли «Северные ястребы»?»: the question phrase is the object of a verb of the dative
    («проиграли какому клубу»); it is the object when the verb does not agree with it (a plural verb, a
    singular phrase) or when its form is only accusative («какую», «кого»)."""
    match = _WH_OBJECT.match(q.question)
    if not match:
        return None
    wh, noun, verb = match.group(1).lower(), match.group(2), match.group(3)
    if noun and any(t.POS == "VERB" for t in _tags(noun)[:1]):
        noun, verb = None, noun  # «Что проиграли ...»: no noun after the question word
    if not (_lemmas(verb) & _DATIVE_VERBS and any(t.POS == "VERB" for t in _tags(verb))):
        return None
    if _lemmas(verb) & _DATIVE_VERBS <= _DATIVE_OR_THING_VERBS and not (
            wh == "кого" or noun and (_lemmas(noun) & _PARTY_NOUNS or any("anim" in t for t in _tags(noun)[:1]))):
        return None  # «Что проиграли «Лоси»?», «Какой матч проиграли …?»: the thing lost, in the accusative
    if wh in ("какую", "кого"):
        object_ = True
    else:
        phrase = [t for t in _tags(noun) if t.POS == "NOUN"] if noun else []
        singular = wh in ("какой", "какое", "что") and (not phrase or all("sing" in t for t in phrase))
        object_ = singular and all("plur" in t for t in _tags(verb) if t.POS == "VERB")
    if object_:
        return Finding("verb_government", f"«{match.group(0).strip()}»: «{verb}» takes the dative («кому», «какому …»)")
    return None


# --------------------------------------------------------------------------- context

#: words that point back at something said before the question: a standalone question has nothing before it
#: (the deictic adverbs are the writer's own list, questions_ru_government.RU_DEICTIC_WORDS)
_ANAPHORIC = re.compile(
    r"(?<![\w-])(этот|эта|этого|этой|этом|этим|эти|этих|этому|эту|подобн\w+|данн(?:ый|ая|ое|ого|ой|ом|ым|ые|ых|ую)|"
    r"указанн\w+|вышеуказанн\w+|вышеназванн\w+|упомянут\w+|он|она|оно|они|его|её|ему|ей|ими|ними|нему|ней|нём|них|"
    rf"{'|'.join(RU_DEICTIC_WORDS)})"
    r"(?![\w.-])", re.IGNORECASE)


@code("anaphoric_word")
def anaphoric_word(q: QuestionView) -> Finding | None:
    """A word that points back at something the question never names («Где приходились три подобных
    аппарата?», «Что построила она?»): the question must stand on its own."""
    quoted = _quoted_spans(q.question)
    for match in _ANAPHORIC.finditer(q.question):
        if _in_quotes(match.start(), quoted):
            continue
        following = _WORD.match(q.question[match.end():].lstrip())
        if match.group(1).lower().startswith("эт") and following and _lemmas(following.group()) & _TIME_NOUNS:
            continue  # «в этом сезоне», «в этом году»: the time of speaking, not something said before
        return Finding("anaphoric_word", f"«{match.group(1)}» points back at something the question does not name")
    return None

#: nouns of a measure that name their value after them («мощностью 90 МВт», «площадью 2 га»)
_MEASURE_NOUNS = frozenset({"мощность", "площадь", "стоимость", "объем", "протяженность", "длина", "вместимость",
                            "емкость", "высота", "ширина", "глубина", "вес", "масса", "тираж", "бюджет"})
#: nouns of an action that name what they act on after them («по производству полипропилена», «о реализации проекта»)
_ACTION_NOUNS = frozenset({"производство", "строительство", "ремонт", "поставка", "выпуск", "продажа", "переработка",
                           "обслуживание", "замена", "реконструкция", "модернизация", "изготовление", "закупка",
                           "реализация", "создание", "проведение", "разработка", "покупка"})


@code("cut_phrase")
def cut_phrase(q: QuestionView) -> Finding | None:
    """A phrase cut before the words it needs: a measure without its value («ветропарком мощностью»), an
    action noun without what it acts on («линию по производству» + a name)."""
    words = _words(q.question)
    for index, word in enumerate(words):
        if word.startswith("«"):
            continue
        following = words[index + 1] if index + 1 < len(words) else ""
        lemmas = {lemma.replace("ё", "е") for lemma in _lemmas(word)}
        tags = _tags(word)
        if lemmas & _MEASURE_NOUNS and any(t.POS == "NOUN" and _case(t) in ("ablt", "gent") for t in tags) and index > 0:
            before = _tags(words[index - 1])
            if before and before[0].POS == "NOUN" and not re.match(r"[\d(]|около|до|более|свыше|порядка|почти", following):
                return Finding("cut_phrase", f"«{words[index - 1]} {word}» without its value")
        if index > 0 and words[index - 1].lower() in ("по", "о", "об") and lemmas & _ACTION_NOUNS:
            # («соглашение о реализации с правительством»: a preposition after «о»'s action noun is no «of what»;
            # after «по» it is a place or time of the whole: «комитет по строительству в мэрии Твери»)
            if (not following or following.startswith("«") or following[:1].isupper() or following in ("?",)
                    or (words[index - 1].lower() != "по" and any(t.POS == "PREP" for t in _tags(following)[:1]))):
                return Finding("cut_phrase", f"«{words[index - 1].lower()} {word}» without what it acts on")
    return None


#: verbs that take an infinitive of what is planned or agreed («согласилась купить»)
_PLAN_VERBS = frozenset({"согласиться", "соглашаться", "планировать", "решить", "намереваться", "собираться", "хотеть",
                         "мочь", "обещать", "начать", "продолжить", "готовиться", "рассчитывать"})


@code("object_before_infinitive")
def object_before_infinitive(q: QuestionView) -> Finding | None:
    """The infinitive's object put between it and the verb that governs it («согласилась 60 % акций
    предприятия купить»): Russian writes «согласилась купить 60 % акций»."""
    words = _words(q.question)
    for index, word in enumerate(words):
        if word.startswith("«") or not (_lemmas(word) & _PLAN_VERBS) or not any(t.POS == "VERB" for t in _tags(word)[:1]):
            continue
        end = index + 1
        while end < len(words) and not any(t.POS == "INFN" for t in _tags(words[end])[:1]):
            end += 1
        between = words[index + 1:end]
        if end == len(words) or not between:
            continue
        # the first word after any adjectives: a number or a common noun that can be an object
        first = next((w for w in between if not any(t.POS in ("ADJF", "PRTF") for t in _tags(w)[:1])), between[0])
        if re.match(r"\d", first) or (first[:1].islower() and _tags(first)[:1] and _tags(first)[0].POS == "NOUN" and any(
                t.POS == "NOUN" and _case(t) in ("accs", "gent") for t in _tags(first))):
            return Finding("object_before_infinitive", f"«{word} {' '.join(between)} {words[end]}»: the object stands before its infinitive")
    return None
