"""Russian checks of the question-grammar filter (``question_grammar``): one function per check.

Each check reads a :class:`~tasks.dragon.question_grammar.QuestionView` and returns a
:class:`~tasks.dragon.question_grammar.Finding` (its code and a one-line reason) or None. Add a
check by writing it under ``@code("...")`` (here, or in ``question_grammar_ru_frames``) and listing it
in :data:`CHECKS`. A check reads the finished question, its answers and its reference sentences
(``QuestionView.sentences``); none needs the subgraph's edges.

The checks, by concern:

* agreement (here): ``adjective_noun_agreement``, ``wh_pronoun_verb_number`` («Кто являются»);
* the question phrase (here): ``bare_wh_genitive`` («Директором чего является»), ``role_noun_case``
  («Заведующий какой лаборатории является», «является директорами»), ``wh_word_answer_kind`` (a
  что-word or «какая организация» for a person, «где» for a time or a state, «до чего» for a town),
  ``preposition_variant`` («со кем»), ``preposition_case`` (a
  preposition's case the reference sentence does not give it, a verb of entering with a locative),
  ``wh_government`` (a bare question word where the sentence gives the verb's answer a preposition or another
  case: «Что приговорил суд?» of «приговорил к …»);
* names and nouns (``question_grammar_ru_frames``): ``instrumental_name`` (a person's name left in the
  instrumental), ``capitalised_common_word`` (a sentence's first words taken for a name),
  ``place_noun_as_agent`` («место» standing for an organisation), ``organisation_object`` («какую
  организацию построил»);
* verb frames (``question_grammar_ru_frames``): ``verb_missing_complement`` (an object, an infinitive,
  a «в» phrase the verb needs), ``object_left_out`` (the object the reference sentence's parse gives the verb,
  in neither the question nor the answer), ``verb_government`` (a dative verb with an accusative);
* fidelity to the reference sentences (``question_grammar_fidelity``, shared with English): ``dropped_word``
  («31 бросок 34» of «31 бросок из 34»), ``number_not_said`` («2 120» of «120»), ``verb_not_said`` («списала» of
  «спишет»), ``capital_not_said`` («Дубль Лобанов»), ``dateline``;
* style and context (``question_grammar_ru_frames``): ``repeated_phrase``, ``cut_phrase`` (a measure
  without its value), ``anaphoric_word`` («подобных», «она» in a standalone question),
  ``object_before_infinitive`` («согласилась 60 % акций купить»).

Words are read with pymorphy and texts parsed with natasha through ``question_grammar_ru_words``,
cached on the text, so the checks share one parse of a question and of each reference sentence.
"""
from __future__ import annotations

import re

from benchmill import nlp
from tasks.dragon.question_grammar import Finding, QuestionView, code
from tasks.dragon.question_grammar_fidelity import CHECKS as FIDELITY_CHECKS
from tasks.dragon.question_grammar_ru_words import (
    _UD_CASE, _TIME_NOUNS, _STATE_NOUNS, _WORD, _case, _number, _gender,
    _tags, _lemmas, _cases, _parses, _prep, _tokens, _answer_head,
    _person_name, _animate_common,
)
from tasks.dragon.questions_ru_government import ru_toponym
from tasks.dragon.question_grammar_ru_frames import (
    instrumental_name, capitalised_common_word, place_noun_as_agent, organisation_object,
    repeated_phrase, verb_missing_complement, verb_government, anaphoric_word,
    cut_phrase, object_before_infinitive, object_left_out,
)

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
    counted = _COUNTED.search(q.question)
    if counted:
        # «Сколько новых мусоровоза»: after «сколько» the adjectives and their noun are genitive plural; a noun
        # with no plural reading there («мусоровоза») kept the case a numeral 2-4 gave it in the sentence
        adjective, noun = counted.group(1), counted.group(2)
        adjectives, nouns = _tags(adjective), [t for t in _tags(noun) if t.POS == "NOUN"]
        if adjectives and adjectives[0].POS in ("ADJF", "PRTF") and "plur" in adjectives[0] and nouns \
                and _tags(noun)[0].POS == "NOUN" and not any("plur" in t or "Sgtm" in t for t in nouns):
            return Finding("adjective_noun_agreement", f"«сколько {adjective} {noun}»: the counted noun is not in the genitive plural")
    return None


#: «сколько» and the adjective and noun it counts
_COUNTED = re.compile(r"(?<![\w-])сколько\s+([а-яё]+)\s+([а-яё]+)(?![\w-])", re.IGNORECASE)

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
    r"^\s*([А-ЯЁа-яё]+(?:\s+[а-яё]+){0,3}?)\s+(?:как\w+|чего|кого|чье\w*|чьей|чьих)\b[^,?]*?\s"
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
    # the role's head: its first noun («тренером» in «Главным тренером», «Заведующая» in «Заведующая кафедрой»)
    role = next((w for w in words if _tags(w) and (_tags(w)[0].POS == "NOUN" or "Subx" in _tags(w)[0])), words[-1])
    tags = _tags(role)
    if not tags:
        return None
    if any("ablt" in t for t in tags):
        nouns = [t for t in tags if "ablt" in t and t.POS == "NOUN"]
        if nouns and all("plur" in t for t in nouns) and match.group(2).lower() in ("является", "являлся", "являлась"):
            return Finding("role_noun_case", f"«{role} … {match.group(2)}»: a plural role before a singular «{match.group(2)}»")
        return None
    if any(t.POS in ("NOUN", "PRTF", "ADJF") and "nomn" in t for t in tags):
        return Finding("role_noun_case", f"«{match.group(1)} … {match.group(2)}»: the role before «{match.group(2)}» is not in the instrumental")
    return None

_WH_THING = re.compile(r"^\s*(?:(?:в|во|на|с|со|за|под|из|от|к|ко|о|об|по|у|для|до|перед|над|через)\s+)?"
                       r"(что|чего|чему|чем|чём)(?![\w-])", re.IGNORECASE)
_WH_ORG = re.compile(r"(?<![\w-])(как\w+\s+организаци\w*)", re.IGNORECASE)
_WH_PLACE = re.compile(r"^\s*(где|куда|откуда)(?![\w-])", re.IGNORECASE)


@code("wh_word_answer_kind")
def wh_word_answer_kind(q: QuestionView) -> Finding | None:
    """A question word that cannot ask for what the answer is: a что-word or «какая организация» for a
    person («С чем ведут переговоры» → «двумя защитниками»), «где» for a stretch of time («третья четверть»)."""
    answers = [a for a in q.answers if a.strip()]
    if not answers:
        return None
    thing = _WH_THING.match(q.question)
    org = _WH_ORG.search(q.question) if q.type in ("simple", "comparison", "set") else None
    # the edges' entity types, where the item has them (the sheets do not: then the answer's words say)
    types = {q.node_type(node) for node in q.answer_nodes} - {None}
    if types == {"person"} and (thing or org):
        asked = (thing or org).group(1)
        return Finding("wh_word_answer_kind", f"«{asked}» asks for {'a thing' if thing else 'an organisation'}, the answer is a person")
    place = _WH_PLACE.match(q.question)
    if types == {"date"} and place:
        return Finding("wh_word_answer_kind", f"«{place.group(1)}» asks for a place, the answer is a date")
    for answer in answers:
        person = _person_name(answer) or _animate_common(answer)
        if person and thing:
            return Finding("wh_word_answer_kind", f"«{thing.group(1)}» asks for a thing, the answer «{answer}» is a person")
        if person and org and _person_name(answer):
            return Finding("wh_word_answer_kind", f"«{org.group(1)}» asks for an organisation, the answer «{answer}» is a person")
    if thing and re.match(r"^\s*(в|во|на|до|из|к|ко)\s", q.question, re.IGNORECASE) \
            and all(ru_toponym(a) and len(a.split()) <= 3 for a in answers):
        # «До чего ходит теплоход?», «Во что отменила рейсы?» of a town: a place is «докуда», «куда», «откуда»
        return Finding("wh_word_answer_kind", f"«{thing.group(0).strip()}» asks for a thing, the answer «{answers[0]}» is a place")
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

_WH_PP = re.compile(r"^\s*(в|во|на|с|со|за|под|из|от|к|ко|о|об|по|у|для|до|перед|над|через|при)\s+"
                    r"(как\w+|что|чего|чему|чем|чём|кого|кому|кем|ком)(?:\s+([а-яё]+))?", re.IGNORECASE)


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
            phrase, said = _phrase(token, tokens, by_head)
            if said != prep:
                continue
            case = _UD_CASE.get((phrase.feats or {}).get("Case"))
            if (phrase.feats or {}).get("Case") == "Nom":
                case = "accs"  # a nominative after a preposition is the accusative of the same form («за «Оружейник»»)
            if case:
                out.append((token.text, case))
    return out


def _phrase(token, tokens: list, by_head: dict) -> tuple:
    """The noun phrase ``token`` stands in (a name in apposition takes its noun's: «с финским защитником Микко
    Ронкайненом») and the preposition that phrase is under, or None."""
    phrase = token
    for _ in range(2):
        if any(c.rel == "case" for c in by_head.get(phrase.id, [])) or phrase.rel not in ("appos", "flat:name"):
            break
        phrase = next((t for t in tokens if t.id == phrase.head_id), phrase)
    preps = [c for c in by_head.get(phrase.id, []) if c.rel == "case" and c.pos == "ADP"]
    return phrase, _prep(preps[0].text) if preps else None


def _subtree(token, by_head: dict) -> list:
    """``token`` and every token below it."""
    out, todo = [], [token]
    while todo:
        current = todo.pop()
        out.append(current)
        todo.extend(by_head.get(current.id, []))
    return out


#: a question word with no preposition before it, and the noun after it
_WH_BARE = re.compile(r"^\s*(как(?:ой|ая|ое|ие|ую|ого|ому|им|ом|ими|их)|кто|кого|кому|кем|что|чего|чему|чем)"
                      r"(?:\s+([а-яё]+))?(?![\w-])", re.IGNORECASE)


@code("wh_government")
def wh_government(q: QuestionView) -> Finding | None:
    """A question word with no preposition, or in a case, that the question's verb does not give its answer in
    the reference sentence: «Что приговорил суд?» of «приговорил … к трём годам» (the sentence asks «к чему»),
    «Какой клуб проиграли «Лоси»?» of «проиграли «Соколам»» (the dative, «какому клубу»), «Что достигла выручка?»
    of «достигла отметки» (the genitive, «чего»). The verb's government is read off the sentence's parse: the
    answer's phrase hangs on the same verb there, with its preposition and its case."""
    match = _WH_BARE.match(q.question)
    if not match or any(ch.isdigit() for answer in q.answers for ch in answer):
        return None  # (a counted answer takes its numeral's case: «купила 5 автобусов» is asked «что»)
    tokens = _tokens(q.question)
    by_id = {t.id: t for t in tokens}
    wh = tokens[0] if tokens else None
    if wh is None or wh.text.lower() != match.group(1).lower():
        return None
    phrase = by_id.get(wh.head_id) if wh.rel == "det" else wh  # «какой клуб»: the noun is the phrase
    verb = by_id.get(phrase.head_id) if phrase is not None else None
    if verb is None or verb.pos != "VERB" or phrase.rel not in ("obj", "iobj", "obl", "nsubj", "nsubj:pass"):
        return None  # «Бывшим тренером какой команды …»: the question word is no argument of a verb
    verb_lemmas = {p.normal_form.replace("ё", "е") for p in _parses(verb.text) if p.tag.POS in ("VERB", "INFN")}
    if not verb_lemmas:
        return None  # a participle («построен»): its sentence may say the verb in the active
    asked = _cases(match.group(1))
    noun = match.group(2)
    if noun and phrase is not wh and any(t.POS == "NOUN" for t in _tags(noun)):
        asked = {_case(a) for a in _tags(match.group(1)) for n in _tags(noun) if n.POS == "NOUN" and _agree(a, n)} or asked
    lemmas, answer_words = set(), []
    for answer in q.answers:
        word, _ = _answer_head(answer)
        if word:
            lemmas |= _lemmas(word)
            answer_words.append([_lemmas(w) for w in _WORD.findall(answer)[:3]])
    for sentence in q.sentences if lemmas else ():
        said = _tokens(sentence)
        by_head: dict[str, list] = {}
        for token in said:
            by_head.setdefault(token.head_id, []).append(token)
        verbs = {t.id for t in said if t.pos == "VERB" and any(
            p.tag.POS in ("VERB", "INFN") and p.normal_form.replace("ё", "е") in verb_lemmas for p in _parses(t.text))}
        for token in said:
            if token.pos not in ("NOUN", "PROPN") or not (_lemmas(token.text) & lemmas):
                continue
            argument, prep = _phrase(token, said, by_head)
            if argument.head_id not in verbs:
                continue
            phrase_lemmas = [_lemmas(t.text) for t in _subtree(argument, by_head)]
            if not any(all(any(w & t for t in phrase_lemmas) for w in words) for words in answer_words):
                continue  # «компании «Лесхоз»» is not the answer «компания «Бор»»: the phrase must hold the answer's words
            asked_as = wh.text if phrase is wh else f"{wh.text} {phrase.text}"
            if prep:
                return Finding("wh_government", f"«{asked_as} … {verb.text}»: the sentence has «{verb.text} {prep} … {token.text}», asked «{prep} …»")
            case = _UD_CASE.get((argument.feats or {}).get("Case"))
            # the case of a common noun the parse and the dictionary agree on: a name's case (an unknown word, a quoted
            # one) is the parser's guess, and a counted noun («пять автобусов») takes its numeral's
            sure = argument.text.islower() and case in _cases(argument.text) and case != "nomn"
            counted = any(c.rel.startswith("nummod") for c in by_head.get(argument.id, []))
            if case and sure and not counted and asked and case not in asked:
                return Finding("wh_government", f"«{asked_as} … {verb.text}»: the sentence gives «{verb.text}» its answer in the {case} («{argument.text}»)")
    return None

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


#: a euphonic preposition before a question word that takes the plain one («со кем», «ко чему», «во ком»)
_VARIANT_BEFORE_WH = re.compile(
    r"(?<![\w-])(со|ко|во|обо)\s+(кем|кого|кому|ком|чем|чём|чего|чему|как\w+|котор\w+|чь\w+)(?![\w-])", re.IGNORECASE)


@code("preposition_variant")
def preposition_variant(q: QuestionView) -> Finding | None:
    """«Со кем подпишет контракт клуб?»: «со», «ко», «во» stand before a cluster their plain form cannot be
    said before («со шведским защитником»); a question word takes «с», «к», «в»."""
    match = _VARIANT_BEFORE_WH.search(q.question)
    if match:
        return Finding("preposition_variant", f"«{match.group(0)}»: «{match.group(1).lower()}» takes «{match.group(1).lower()[:-1]}» here")
    return None


@code("preposition_case")
def preposition_case(q: QuestionView) -> Finding | None:
    """A preposition whose noun is in a case the reference sentence never gives it there: the question word
    («В какой организации перешёл» where the sentence has «перешёл в «Политехник»»; «Где» for an answer
    the sentence puts «в» + accusative, i.e. «куда») or a phrase copied from the sentence («играть под
    10-й номер» for «под 10-м номером»)."""
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
    where = re.match(r"^\s*(где|куда)(?![\w-])", q.question, re.IGNORECASE)
    if where:
        lemmas = set()
        for answer in q.answers:
            word, parse = _answer_head(answer)
            if word:
                lemmas |= _lemmas(word)
        cases = {case for prep in ("в", "на") for _, case in _pp_cases_in_references(q, lemmas, prep)} if lemmas else set()
        asks = where.group(1).lower()
        if cases and (asks == "где" and cases == {"accs"} or asks == "куда" and cases == {"loct"}):
            other = "куда" if asks == "где" else "где"
            return Finding("preposition_case", f"«{where.group(1)}»: the sentence puts the answer {'where to' if asks == 'где' else 'where'} («{other}»)")
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


# ---------------------------------------------------------------- the answer's own form


#: words a name's first word may be that carry no case of their own (numbers, Latin letters, initials)
_CASELESS = re.compile(r"^(?:\d[\d\s,.]*|[A-Za-z][\w.-]*)$")


_OBLIQUE_START = re.compile(r"^\s*(?:кому|кем|чем|кого|чего|чему|[а-яё]{1,5}\s+(?:кем|ком|чем|чём|кого|чего|кому|чему|как\w+))\b",
                            re.IGNORECASE)


@code("answer_not_nominative")
def answer_not_nominative(q: QuestionView) -> Finding | None:
    """An answer is given in the nominative, the form a name is cited in. An answer whose first word has no
    nominative reading at all («Седанку-Сити», «Каменного пояса») was copied from a sentence in the case
    its verb gave it. A question that asks in an oblique case («Кому …?», «С кем …?») may be answered in it."""
    if _OBLIQUE_START.match(q.question):
        return None
    for answer in q.answers:
        words = re.findall(r"[\w]+(?:-[\w]+)*", answer.strip(nlp._QUOTES + " "))
        if not words or _CASELESS.match(words[0]) or not re.search("[а-яё]", words[0], re.IGNORECASE):
            continue
        first = words[0].split("-")[0]
        tags = _tags(first)
        if not tags or any("UNKN" in t or "Fixd" in t or "LATN" in t for t in tags):
            continue
        if any(t.POS in ("NOUN", "ADJF", "PRTF", "NUMR", "NPRO") for t in tags) and not any(_case(t) == "nomn" for t in tags if t.POS in ("NOUN", "ADJF", "PRTF", "NUMR", "NPRO")):
            return Finding("answer_not_nominative", f"the answer «{answer}» is not in the nominative («{first}»)")
    return None


#: forms of impersonal verbs: their doer is in the dative («компаниям приходится»), never a nominative
#: subject (other forms, «удаётся», «хватило», «следует», are not read yet)
_IMPERSONAL_FORMS = frozenset("приходится пришлось удалось хватает доводится довелось".split())


@code("impersonal_with_subject")
def impersonal_with_subject(q: QuestionView) -> Finding | None:
    """An impersonal verb («приходится», «удалось») given a nominative subject («Что приходится
    Росрыболовство?»): the verb takes no subject; its doer is in the dative."""
    for token in _tokens(q.question):
        if token.text.lower() not in _IMPERSONAL_FORMS:
            continue
        following = q.question[q.question.find(token.text) + len(token.text):]
        word = re.match(r"\s*«?([А-ЯЁ][\w-]*)", following)
        if word and any(_case(t) == "nomn" for t in _tags(word.group(1))) and not any(
                _case(t) == "datv" for t in _tags(word.group(1))):
            return Finding("impersonal_with_subject", f"«{token.text}» is impersonal; «{word.group(1)}» cannot be "
                                                      "its subject")
    return None

CHECKS = [
    adjective_noun_agreement, wh_pronoun_verb_number, bare_wh_genitive, role_noun_case,
    wh_word_answer_kind, preposition_variant, preposition_case, wh_government, instrumental_name, capitalised_common_word,
    place_noun_as_agent, organisation_object, repeated_phrase, verb_missing_complement, object_left_out,
    verb_government, anaphoric_word, cut_phrase, object_before_infinitive, answer_not_nominative,
    impersonal_with_subject, *FIDELITY_CHECKS,
]
