"""Russian checks of the question-grammar filter (``question_grammar``): one function per check.

Each check reads a :class:`~tasks.dragon.question_grammar.QuestionView` and returns a
:class:`~tasks.dragon.question_grammar.Finding` (its code and a one-line reason) or None. Add a
check by writing it here under ``@code("...")`` and listing it in :data:`CHECKS`.

The checks, by concern:

* agreement: ``adjective_noun_agreement``, ``wh_pronoun_verb_number``;
* the question phrase: ``bare_wh_genitive`` («Директором чего является»), ``role_noun_case``
  («Заведующий какой лаборатории является»), ``wh_word_answer_kind`` (a что-word for a person, где for
  a time), ``preposition_case`` (a preposition's case the reference sentence does not give it);
* names and nouns: ``instrumental_name`` (a person's name left in the instrumental),
  ``capitalised_common_word`` (a sentence fragment written as a name), ``place_noun_as_agent`` («место»
  standing for an organisation), ``organisation_object`` («какую организацию построил»);
* style: ``repeated_phrase`` (one phrase twice in a question).

Words are read with pymorphy (:func:`_tags`); the question and its reference sentences are parsed
with natasha once per text (:func:`_parse`), whatever the number of checks that read them.
"""
from __future__ import annotations

import re
from functools import lru_cache

from tasks.dragon.question_grammar import Finding, QuestionView, code

# --------------------------------------------------------------------------- shared readings

_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2")
#: the second genitive / locative count as their main case
_MAIN_CASE = {"gen2": "gent", "acc2": "accs", "loc2": "loct", "voct": "nomn"}
#: natasha's (UD) case names as pymorphy grammemes
_UD_CASE = {"Nom": "nomn", "Gen": "gent", "Dat": "datv", "Acc": "accs", "Ins": "ablt", "Loc": "loct"}
#: grammemes of names (a person's, a place's, a brand's, an abbreviation)
_NAME_GRAMMEMES = ("Name", "Surn", "Patr", "Geox", "Orgn", "Trad", "Abbr")
_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
_PREPOSITIONS = frozenset({"в", "во", "на", "с", "со", "за", "под", "из", "от", "к", "ко", "о", "об", "по", "у", "для",
                           "до", "перед", "над", "через", "при", "после", "без", "между", "около", "против", "среди"})


def _case(tag) -> str | None:
    case = next((c for c in _CASES if c in tag), None)
    return _MAIN_CASE.get(case, case)


def _number(tag) -> str | None:
    return "plur" if "plur" in tag else "sing" if "sing" in tag else None


def _gender(tag) -> str | None:
    return next((g for g in ("masc", "femn", "neut") if g in tag), None)


@lru_cache(maxsize=50_000)
def _parses(word: str) -> tuple:
    """pymorphy's readings of a word (lowercased), most likely first."""
    from benchmill import nlp

    return tuple(nlp.morph_vocab().parse(word.lower()))


def _tags(word: str) -> list:
    return [p.tag for p in _parses(word)]


def _lemmas(word: str) -> set[str]:
    return {p.normal_form.replace("ё", "е") for p in _parses(word)}


@lru_cache(maxsize=4096)
def _parse(text: str):
    """natasha's parse of a text (a question or a reference sentence), once per text."""
    from benchmill import nlp

    return nlp.parse_ru(text)


def _tokens(text: str) -> list:
    return list(_parse(text).tokens)


def _quoted_spans(text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(r"«[^«»]*»|\"[^\"]*\"", text)]


def _in_quotes(start: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= start < b for a, b in spans)


# --------------------------------------------------------------------------- agreement

#: two words with only spaces between them (no punctuation, no quote mark), and the word before them
_PAIR = re.compile(r"(?=(?<![\w-])([а-яё]+)\s+([а-яё]+)(?![\w-]))", re.IGNORECASE)
#: after 2-4 the adjective is genitive plural and the noun genitive singular («два больших магазина»)
_PAUCAL = re.compile(r"(?:\b(?:два|две|три|четыре|оба|обе|полтора|полторы)|\d*[234])\s+$", re.IGNORECASE)


def _agree(adj, noun) -> bool:
    if _case(adj) != _case(noun) and "Fixd" not in noun:
        return False
    if _number(adj) != _number(noun) and _number(noun) is not None and "Fixd" not in noun:
        return False
    if _number(adj) == "sing" and _gender(noun) and _gender(adj) and _gender(adj) != _gender(noun) and "GNdr" not in noun:
        return False
    if "anim" in adj and "inan" in noun or "inan" in adj and "anim" in noun:
        return False
    return True


@code("adjective_noun_agreement")
def adjective_noun_agreement(q: QuestionView) -> Finding | None:
    """A full adjective right before a noun that no reading lets it agree with («Стерлитамакских соколы»)."""
    for match in _PAIR.finditer(q.question):
        first, second = match.group(1), match.group(2)
        if _PAUCAL.search(q.question[: match.start(1)]):
            continue
        adjectives = _tags(first)
        if not adjectives or any(t.POS != "ADJF" for t in adjectives):
            continue
        nouns = _tags(second)
        if not nouns or any(t.POS != "NOUN" for t in nouns):
            continue
        if not any(_agree(a, n) for a in adjectives for n in nouns):
            return Finding("adjective_noun_agreement", f"«{first} {second}»: the adjective does not agree with its noun")
    return None


_KTO_PLURAL = re.compile(r"(?<![\w-])кто\s+([а-яё]+)", re.IGNORECASE)


@code("wh_pronoun_verb_number")
def wh_pronoun_verb_number(q: QuestionView) -> Finding | None:
    """«Кто» as the subject of a plural verb («Кто являются министром»): «кто» takes a singular verb."""
    for match in _KTO_PLURAL.finditer(q.question):
        verb = match.group(1)
        tags = _tags(verb)
        if tags and all(t.POS == "VERB" and "plur" in t for t in tags):
            return Finding("wh_pronoun_verb_number", f"«кто {verb}»: «кто» takes a singular verb")
    return None


# --------------------------------------------------------------------------- the question phrase

_COPULA_FORMS = r"(?:является|являлся|являлась|являлось|являются|являлись|был|была|было|были|стал|стала|стали|будет)"
_BARE_WH = re.compile(r"(?<![\w-])([А-Яа-яЁё]+)\s+(чего|кого)\s+" + _COPULA_FORMS + r"(?![\w-])", re.IGNORECASE)


@code("bare_wh_genitive")
def bare_wh_genitive(q: QuestionView) -> Finding | None:
    """A role noun whose genitive is a bare «чего» / «кого» («Директором чего является», «Адвокатом кого
    является»): Russian names the kind («директором какого театра») or asks «чьим»."""
    for match in _BARE_WH.finditer(q.question):
        noun, wh = match.group(1), match.group(2)
        if any(t.POS == "NOUN" for t in _tags(noun)):
            return Finding("bare_wh_genitive", f"«{noun} {wh}»: a bare «{wh.lower()}» after a role noun (name the kind, or «чьим»)")
    return None


_ROLE_BEFORE_COPULA = re.compile(
    r"^\s*([А-ЯЁа-яё]+(?:\s+[а-яё]+)?)\s+(?:как\w+|чего|кого|чье\w*|чьей|чьих)\b[^,?]*?\s"
    r"(являе?тся|являлся|являлась|являются|являлись)\b", re.IGNORECASE)


_SINGULAR_COPULA = re.compile(r"(?<![\w-])(является|являлся|являлась|был|была|стал|стала)\s+((?:[а-яё]+\s+){0,2}?[а-яё]+(?:ами|ями))(?![\w-])",
                              re.IGNORECASE)


@code("role_noun_case")
def role_noun_case(q: QuestionView) -> Finding | None:
    """The role before «является» not in the instrumental («Заведующий какой лаборатории является X»:
    «Заведующим»), or a plural role after a singular «является» («является директорами»)."""
    for plural in _SINGULAR_COPULA.finditer(q.question):
        role = plural.group(2).split()[-1]
        nouns = [t for t in _tags(role) if t.POS == "NOUN"]
        if nouns and all("plur" in t and "ablt" in t for t in nouns):
            return Finding("role_noun_case", f"«{plural.group(1)} {plural.group(2)}»: a plural role after a singular verb")
    match = _ROLE_BEFORE_COPULA.match(q.question)
    if not match:
        return None
    words = match.group(1).split()
    role = words[-1]
    tags = _tags(role)
    if not tags or any("ablt" in t for t in tags):
        return None
    if any(t.POS in ("NOUN", "PRTF", "ADJF") and "nomn" in t for t in tags):
        return Finding("role_noun_case", f"«{match.group(1)} … {match.group(2)}»: the role before «{match.group(2)}» is not in the instrumental")
    return None


_WH_THING = re.compile(r"^\s*(?:(?:в|во|на|с|со|за|под|из|от|к|ко|о|об|по|у|для|до|перед|над|через)\s+)?"
                       r"(что|чего|чему|чем|чём)(?![\w-])", re.IGNORECASE)
_WH_ORG = re.compile(r"(?<![\w-])(как\w+\s+организаци\w*)", re.IGNORECASE)
_WH_PLACE = re.compile(r"^\s*(где|куда|откуда)(?![\w-])", re.IGNORECASE)
#: nouns of a stretch of time (answers to «когда», never to «где»)
_TIME_NOUNS = frozenset({
    "четверть", "тайм", "период", "сезон", "год", "месяц", "неделя", "день", "час", "минута", "секунда",
    "половина", "начало", "конец", "середина", "полугодие", "вечер", "утро", "ночь", "квартал", "этап", "раунд",
    "январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь", "октябрь", "ноябрь", "декабрь",
})


#: nouns of a state or a process something is in (answers to «в каком состоянии», never to «где»)
_STATE_NOUNS = frozenset({"процедура", "стадия", "процесс", "состояние", "режим", "статус", "фаза", "ситуация"})


def _answer_head(answer: str):
    """The answer's head as written (its first noun, or a participle standing for a person: «одним
    нападающим»; not an adjective or numeral before a noun) and pymorphy's noun reading of it."""
    words = _WORD.findall(answer)
    for index, word in enumerate(words):
        parses = _parses(word)
        if not parses:
            continue
        nouns = [p for p in parses if p.tag.POS == "NOUN"]
        top = parses[0].tag
        following = words[index + 1] if index + 1 < len(words) else None
        attributive = top.POS in ("ADJF", "PRTF", "NUMR", "NPRO") or (top.POS != "NOUN" and not nouns)
        if attributive and following and any(p.tag.POS == "NOUN" for p in _parses(following)):
            continue  # «восьмой номер», «двумя защитниками»: the noun follows
        if nouns:
            return word, nouns[0]
        if top.POS in ("ADJF", "PRTF") and "Subx" in top:
            return word, parses[0]
        if attributive:
            continue
        return word, parses[0]
    return None, None


def _person_name(answer: str) -> bool:
    """A first name and a surname («Максим Перов»): pymorphy reads the first word as a first name."""
    words = answer.split()
    if len(words) not in (2, 3) or not all(re.fullmatch(r"[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?", w) for w in words):
        return False
    return any("Name" in t for t in _tags(words[0]))


def _animate_common(answer: str) -> str | None:
    """The answer's head when it is a common noun of a person («двумя защитниками», «одним нападающим»)."""
    word, parse = _answer_head(answer)
    if word is None or word[:1].isupper():
        return None
    tag = parse.tag
    if any(g in tag for g in _NAME_GRAMMEMES):
        return None
    if tag.POS in ("ADJF", "PRTF") and "Subx" in tag:
        return word  # a participle standing for a person: «заведующий»
    nouns = [p.tag for p in _parses(word) if p.tag.POS == "NOUN"]
    if tag.POS == "NOUN" and nouns and all("anim" in t for t in nouns):
        return word
    return None


@code("wh_word_answer_kind")
def wh_word_answer_kind(q: QuestionView) -> Finding | None:
    """A question word that cannot ask for what the answer is: a что-word or «какая организация» for a
    person («С чем ведут переговоры» → «двумя защитниками»), «где» for a stretch of time («третья четверть»)."""
    answers = [a for a in q.answers if a.strip()]
    if not answers:
        return None
    thing = _WH_THING.match(q.question)
    org = _WH_ORG.search(q.question) if q.type in ("simple", "comparison", "set") else None
    for answer in answers:
        person = _person_name(answer) or _animate_common(answer)
        if person and thing:
            return Finding("wh_word_answer_kind", f"«{thing.group(1)}» asks for a thing, the answer «{answer}» is a person")
        if person and org and _person_name(answer):
            return Finding("wh_word_answer_kind", f"«{org.group(1)}» asks for an organisation, the answer «{answer}» is a person")
    place = _WH_PLACE.match(q.question)
    if place:
        for answer in answers:
            word, parse = _answer_head(answer)
            lemma = parse.normal_form.replace("ё", "е") if word else ""
            if word and not word[:1].isupper() and lemma in _TIME_NOUNS:
                return Finding("wh_word_answer_kind", f"«{place.group(1)}» asks for a place, the answer «{answer}» is a time")
            if word and not word[:1].isupper() and lemma in _STATE_NOUNS:
                return Finding("wh_word_answer_kind", f"«{place.group(1)}» asks for a place, the answer «{answer}» is a state")
    return None


# --------------------------------------------------------------------------- government

_PREP_NORMAL = {"во": "в", "со": "с", "ко": "к", "обо": "о", "об": "о", "подо": "под", "надо": "над", "передо": "перед"}
_WH_PP = re.compile(r"^\s*(в|во|на|с|со|за|под|из|от|к|ко|о|об|по|у|для|до|перед|над|через|при)\s+"
                    r"(как\w+|что|чего|чему|чем|чём|кого|кому|кем|ком)(?:\s+([а-яё]+))?", re.IGNORECASE)


def _prep(word: str) -> str:
    word = word.lower()
    return _PREP_NORMAL.get(word, word)


def _cases(word: str) -> set[str]:
    return {c for c in (_case(t) for t in _tags(word)) if c}


def _pp_cases_in_references(q: QuestionView, lemmas: set[str], prep: str) -> list[tuple[str, str]]:
    """(word, case) of each reference-sentence noun with one of ``lemmas`` under the preposition ``prep``."""
    out = []
    for sentence in q.sentences:
        tokens = _tokens(sentence)
        by_head: dict[str, list] = {}
        for token in tokens:
            by_head.setdefault(token.head_id, []).append(token)
        for token in tokens:
            if token.pos not in ("NOUN", "PROPN") or not (_lemmas(token.text) & lemmas):
                continue
            phrase = token
            # a name in apposition takes its noun's preposition: «с финским защитником Микко Ронкайненом»
            for _ in range(2):
                if any(c.rel == "case" for c in by_head.get(phrase.id, [])) or phrase.rel not in ("appos", "flat:name"):
                    break
                phrase = next((t for t in tokens if t.id == phrase.head_id), phrase)
            preps = [c for c in by_head.get(phrase.id, []) if c.rel == "case" and c.pos == "ADP"]
            if not preps or _prep(preps[0].text) != prep:
                continue
            case = _UD_CASE.get((phrase.feats or {}).get("Case"))
            if (phrase.feats or {}).get("Case") == "Nom":
                case = "accs"  # a nominative after a preposition is the accusative of the same form («за «Оружейник»»)
            if case:
                out.append((token.text, case))
    return out


#: verbs of moving or entering into something: their «в» / «на» takes the accusative («входит в холдинг»)
_INTO_VERBS = frozenset({
    "входить", "войти", "перейти", "переходить", "вступить", "вступать", "поступить", "поступать", "прибыть",
    "прибывать", "отправиться", "отправляться", "переехать", "переезжать", "вернуться", "возвращаться",
    "направиться", "направляться", "попасть", "попадать", "приехать", "приезжать", "уехать", "уезжать",
})


def _into_verb_locative(q: QuestionView) -> Finding | None:
    """«входит в «Кедре-Холдинге»»: a verb of entering whose «в» / «на» phrase is in the locative."""
    tokens = _tokens(q.question)
    by_id = {t.id: t for t in tokens}
    for token in tokens:
        if token.rel != "case" or _prep(token.text) not in ("в", "на"):
            continue
        noun = by_id.get(token.head_id)
        verb = by_id.get(noun.head_id) if noun is not None else None
        if noun is None or verb is None or verb.pos != "VERB" or not (_lemmas(verb.text) & _INTO_VERBS):
            continue
        if noun.text.lower() in ("какой", "каком", "чём", "чем") or _lemmas(noun.text) & _TIME_NOUNS:
            continue  # «отправится в январе»: a time, not where to
        cases = _cases(noun.text)
        if cases and "loct" in cases and "accs" not in cases and "nomn" not in cases:
            return Finding("preposition_case", f"«{verb.text} {token.text} {noun.text}»: «{_lemmas(verb.text).pop()} {token.text.lower()}» takes the accusative")
    return None


@code("preposition_case")
def preposition_case(q: QuestionView) -> Finding | None:
    """A preposition whose noun is in a case the reference sentence never gives it there: the question word
    («В какой организации перешёл» where the sentence has «перешёл в «Политехник»») or a phrase copied
    from the sentence («играть под 10-й номер» for «под 10-м номером»)."""
    match = _WH_PP.match(q.question)
    if match:
        prep, wh, noun = _prep(match.group(1)), match.group(2), match.group(3)
        asked = _cases(wh)
        if noun and wh.lower().startswith("как") and any(t.POS == "NOUN" for t in _tags(noun)):
            # «какой организации»: the cases in which the question word agrees with its noun
            asked = {_case(a) for a in _tags(wh) for n in _tags(noun) if n.POS == "NOUN" and _agree(a, n)} or asked
        lemmas = set()
        for answer in q.answers:
            word, parse = _answer_head(answer)
            if word:
                lemmas |= _lemmas(word)
        found = _pp_cases_in_references(q, lemmas, prep) if lemmas and asked else []
        if found and not any(case in asked for _, case in found):
            word, case = found[0]
            return Finding("preposition_case", f"«{match.group(0).strip()}»: the sentence has «{match.group(1).lower()} {word}» in the {case}")
    tokens = _tokens(q.question)
    by_id = {t.id: t for t in tokens}
    for token in tokens:
        if token.rel != "case" or token.pos != "ADP":
            continue
        head = by_id.get(token.head_id)
        if head is None or head.pos not in ("NOUN", "PROPN") or not re.fullmatch(r"[А-Яа-яЁё-]+", head.text):
            continue
        if match and head.text.lower() in (match.group(2).lower(), (match.group(3) or "").lower()):
            continue
        asked = _cases(head.text)
        found = _pp_cases_in_references(q, _lemmas(head.text), _prep(token.text))
        if any(word.lower() == head.text.lower() for word, _ in found):
            continue  # the sentence writes the very form there («за «Оружейник»»)
        if asked and found and not any(case in asked for _, case in found):
            word, case = found[0]
            return Finding("preposition_case", f"«{token.text} {head.text}»: the sentence has «{token.text.lower()} {word}» in the {case}")
    return _into_verb_locative(q)


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
    отправится в январе»), or the thing a person heads («директором места»); and «В какое место» for «куда»."""
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
_WH_ORG_OBJECT = re.compile(r"(?<![\w-])(как(?:ую|ие|ая)\s+организаци[юия])\s+((?:[а-яё]+\s+){0,1}[а-яё]+)", re.IGNORECASE)


@code("organisation_object")
def organisation_object(q: QuestionView) -> Finding | None:
    """«какую организацию» as the thing a verb makes or stages («Какую организацию построил X?» for a
    business centre, «поставил» for a play; «Какая организация построена»)."""
    for match in _WH_ORG_OBJECT.finditer(q.question):
        phrase = match.group(1)
        verb = next((w for w in match.group(2).split() if _lemmas(w) & _MADE_THINGS), None)
        if verb is None:
            continue
        made = _lemmas(verb) & _MADE_THINGS
        tags = _tags(verb)
        if phrase.lower().startswith("какая") and not any(t.POS == "PRTS" for t in tags):
            continue  # «Какая организация построила»: the organisation is the builder
        return Finding("organisation_object", f"«{phrase} … {verb}»: an organisation is not what «{sorted(made)[0]}» makes")
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


def _words(text: str) -> list[str]:
    return re.findall(r"«[^«»]*»|[\w-]+", text)


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
            "nomn" in t for t in _tags(phrases[0].strip("«»"))):
        return None  # «Где обыграли «Ракету»?»: a plural verb with no subject is indefinite-personal
    if len(phrases) <= 1:
        return Finding("verb_missing_complement", f"«{wh.group(1)} … {verb}»: «{verb}» lacks its object (or its subject)")
    return None


#: verbs whose object is in the dative only («помог клубу», «позволит компании»): an accusative there is wrong
_DATIVE_VERBS = frozenset({
    "позволить", "позволять", "помочь", "помогать", "мешать", "помешать", "угрожать", "принадлежать", "доверять",
    "доверить", "звонить", "позвонить", "подражать", "сочувствовать", "противостоять", "соответствовать",
    "предшествовать", "уступить", "уступать", "проиграть", "проигрывать", "аплодировать", "содействовать",
})
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
    match = re.match(r"^\s*Сколько\s+([а-яё]+)\s+([а-яё]+)(?:\s+([а-яё]+))?", q.question)
    if match:
        verb = next((w for w in match.groups()[1:] if w and _lemmas(w) & _GENITIVE_VERBS and any(t.POS == "VERB" for t in _tags(w))), None)
        if verb is not None:
            return Finding("verb_government", f"«Сколько {match.group(1)} … {verb}»: «{verb}» takes the genitive («скольких», «какой суммы»)")
    return None


# --------------------------------------------------------------------------- context

#: words that point back at something said before the question: a standalone question has nothing before it
_ANAPHORIC = re.compile(
    r"(?<![\w-])(этот|эта|этого|этой|этом|этим|эти|этих|этому|эту|подобн\w+|данн(?:ый|ая|ое|ого|ой|ом|ым|ые|ых|ую)|"
    r"указанн\w+|вышеуказанн\w+|вышеназванн\w+|упомянут\w+|он|она|оно|они|его|её|ему|ей|ими|ними|нему|ней|нём|них)"
    r"(?![\w.-])", re.IGNORECASE)


@code("anaphoric_word")
def anaphoric_word(q: QuestionView) -> Finding | None:
    """A word that points back at something the question never names («Где приходились три подобных
    аппарата?», «Что построила она?»): the question must stand on its own."""
    quoted = _quoted_spans(q.question)
    for match in _ANAPHORIC.finditer(q.question):
        if _in_quotes(match.start(), quoted):
            continue
        return Finding("anaphoric_word", f"«{match.group(1)}» points back at something the question does not name")
    return None


#: nouns of a measure that name their value after them («мощностью 90 МВт», «площадью 2 га»)
_MEASURE_NOUNS = frozenset({"мощность", "площадь", "стоимость", "объем", "протяженность", "длина", "вместимость",
                            "емкость", "высота", "ширина", "глубина", "вес", "масса", "тираж", "бюджет"})
#: nouns of an action that name what they act on after them («по производству полипропилена»)
_ACTION_NOUNS = frozenset({"производство", "строительство", "ремонт", "поставка", "выпуск", "продажа", "переработка",
                           "обслуживание", "замена", "реконструкция", "модернизация", "изготовление", "закупка"})


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
        if index > 0 and words[index - 1].lower() == "по" and lemmas & _ACTION_NOUNS:
            if not following or following.startswith("«") or following[:1].isupper() or following in ("?",):
                return Finding("cut_phrase", f"«по {word}» without what it acts on")
    return None


CHECKS = [adjective_noun_agreement, wh_pronoun_verb_number, bare_wh_genitive, role_noun_case, wh_word_answer_kind, preposition_case, instrumental_name, capitalised_common_word, place_noun_as_agent, organisation_object, repeated_phrase, verb_missing_complement, verb_government, anaphoric_word, cut_phrase]
