"""DRAGON questions, Russian: facts no question is asked of because its words would not say them right
(issue 10, session 24; each a class the development sets' sheets showed on more than one site).

- a relation with a preposition left before its own («находиться в в»): «Где может находиться в …?»;
- a label that opens with another phrase's genitive before its own noun («Росздравнадзора университет»);
- a subject that is a count in words («четыре ФАПа»): it names nothing a reader finds the fact by, and
  the triplet stage takes it for the doer where it is the object («ещё четыре ФАПа район откроет»);
- an answer that holds its own subject («Иргизлы» → «открытие пункта в Иргизлы»): it asks nothing;
- a «role» that is a kind of organisation («предприятие», «компания») said of no person: «Предприятием
  какой организации является фирма …?» is the triplet stage's misreading of a genitive;
- «под» after the relation's noun («продать участок под …»): the noun's purpose («участок под
  комплекс»), which «Под какой организацией продало участок …?» asks of the verb;
- «когда» of a verb that needs where to («перейти», «поступить»): «Когда перешёл …?» leaves it hanging; so
  does a verb of going whose sentence gives the where the relation dropped («выйдет на линию»: «Когда выйдет …?»);
- a fact its sentence holds by a measure the article named before («По этому показателю регион входит в
  пятёрку лидеров»): «Во что входит область?» has no answer out of the article;
- (questions_ru) an ordinal of anything but a rank («первая очередь», «десятый матч подряд»): «Какую очередь …?»
  names one of a series only the article sets out; a rank («седьмое место», «10-й номер») is asked;
- the noun of a light-verb predicate asked as its object («Что поставил …?» → «точка в игре»);
- a person's «работать с» + a date, which keeps no where («С какого года работал …?»);
- (questions_ru) what a verb of building builds asked or described as «организация» («Какую организацию строит
  …?»): asked with «что», and not described.
"""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Edge, Subgraph
from tasks.dragon.questions_ru_answers import _TIME_HEADS, _TIME_NOUNS
from tasks.dragon.questions_ru_words import _RU_MOTION_VERBS

_WORD = re.compile(r"[А-Яа-яЁёA-Za-z0-9]+(?:-[А-Яа-яЁёA-Za-z0-9]+)*")
_PREPOSITIONS = frozenset("в во на с со к ко о об из от до по за под над при у для без через про между перед".split())
#: verbs of going whose «куда» a question cannot leave out: «Когда перешёл Иван Петров?» (перешёл — куда?)
RU_DESTINATION_VERBS = frozenset({
    "перейти", "переходить", "поступить", "поступать", "вступить", "вступать", "попасть", "попадать", "войти",
    "входить", "перевестись", "переводиться", "устроиться", "устраиваться",
})
#: verbs of building: what they build is a building or a facility, never «какая организация» (questions_ru)
RU_BUILD_VERBS = frozenset({
    "построить", "строить", "возвести", "возводить", "достроить", "достраивать", "реконструировать", "сдать",
    "сдавать", "спроектировать", "проектировать", "благоустроить", "отремонтировать", "ремонтировать",
})
#: words of a kind of organisation: as a «role» of a non-person they are a misread genitive, no post
_INSTITUTION_ROLES = frozenset("""
предприятие компания фирма организация учреждение структура подразделение холдинг группа
""".split())


def _lemmas(text: str) -> list[str]:
    return [nlp.lemma_ru(w.lower()).replace("ё", "е") for w in _WORD.findall(text)]


def ru_doubled_preposition(relation: str) -> bool:
    """Does the relation hold a preposition right before its closing one («находиться в в», «в на»)?"""
    words = relation.lower().split()
    return len(words) > 2 and words[-1] in _PREPOSITIONS and words[-2] in _PREPOSITIONS


def ru_counted_label(label: str) -> bool:
    """Does the label open with a number in words («четыре ФАПа», «три ветропарка», «оба клуба»)?"""
    words = _WORD.findall(label)
    if not words or not words[0][:1].islower():
        return False
    parses = nlp.morph_vocab().parse(words[0].lower())
    return bool(parses) and parses[0].tag.POS == "NUMR"


def ru_answer_holds_subject(edge: Edge) -> bool:
    """Does the object's label hold every word of the subject's («Иргизлы» → «открытие пункта в Иргизлы»)?"""
    head, tail = set(_lemmas(edge.head_label)), _lemmas(edge.tail_label)
    return bool(head) and len(tail) > len(head) and head <= set(tail)


def ru_institution_role(relation: str, head_type: str | None) -> bool:
    """Is the relation a lone organisation noun taken for a role of a non-person («предприятие»)?"""
    words = _lemmas(relation)
    return head_type != "person" and len(words) == 1 and words[0] in _INSTITUTION_ROLES


def ru_noun_purpose(relation: str) -> bool:
    """Does «под» close a relation after its noun («продать участок под»): the noun's purpose, not the verb's?"""
    words = relation.lower().split()
    return len(words) > 2 and words[-1] == "под"


def ru_when_without_destination(relation: str, tail_type: str | None, sentences: list[str] = ()) -> bool:
    """Is a date the «в/на» object of a verb that needs its destination («перейти в» + «ноябрь»), or of a verb of
    going whose sentence gives it one the relation left out («паром выйдет на линию … в конце января» as «выйти в»:
    «Когда выйдет паром?» reads as a release)?"""
    words = relation.lower().split()
    if not (tail_type == "date" and len(words) == 2 and words[-1] in ("в", "во", "на")):
        return False
    lemma = nlp.lemma_ru(words[0]).replace("ё", "е")
    return lemma in RU_DESTINATION_VERBS or (lemma in _RU_MOTION_VERBS and any(
        _destination_after(lemma, sentence) for sentence in sentences))




def _destination_after(lemma: str, sentence: str) -> bool:
    """Does ``sentence`` put «в/на» + an accusative noun right after a form of the verb ``lemma`` («выйдет на линию»)?"""
    vocab = nlp.morph_vocab()
    words = [w.lower() for w in _WORD.findall(sentence)]
    for index, word in enumerate(words[:-2]):
        if words[index + 1] not in ("в", "во", "на") or not any(
                p.tag.POS in ("VERB", "INFN") and p.normal_form.replace("ё", "е") == lemma for p in vocab.parse(word)):
            continue
        parses = [p for p in vocab.parse(words[index + 2])[:2] if p.tag.POS == "NOUN"]
        if parses and any("accs" in p.tag for p in parses) and parses[0].normal_form not in _TIME_HEADS | _TIME_NOUNS:
            return True
    return False


#: nouns an ordinal ranks by: «седьмое место», «под 10-м номером» (not «первая очередь», «десятый матч»)
_RANK_NOUNS = frozenset({"место", "номер", "строчка", "строка", "позиция", "ступень", "ступенька"})


def ru_rank_noun(noun: str) -> bool:
    """Is ``noun`` (of an ordinal answer) a rank a reader asks «какое …» of?"""
    return nlp.lemma_ru(noun.lower()).replace("ё", "е") in _RANK_NOUNS


def ru_streak(label: str, sentences: list[str]) -> bool:
    """Does a sentence follow the label with «подряд» («десятый матч подряд»): an ordinal of a streak?"""
    words = _WORD.findall(label)
    if not words:
        return False
    last = re.escape(words[-1][:-2] if len(words[-1]) > 4 else words[-1])
    return any(re.search(rf"{last}\w*\s+подряд\b", s, re.IGNORECASE) for s in sentences)


#: a measure the article named before: «По этому показателю регион входит в пятёрку лидеров»
_RELATIVE_MEASURE = re.compile(
    r"\bпо\s+(?:этому|этим|данному|данным|тому\s+же|такому|этой|данной|той\s+же|таким)\s+"
    r"(?:показател|параметр|критери|рейтинг|числ|количеств|объ[её]м|итог|статистик|оценк|данны)\w*", re.IGNORECASE)


def ru_relative_measure(sentences: list[str]) -> bool:
    """Does a sentence hold its fact by a measure only its article names («по этому показателю»)?"""
    return any(_RELATIVE_MEASURE.search(s) for s in sentences)


#: nouns that make one predicate with their verb («поставить точку», «одержать победу», «принять участие»): «Что
#: поставил Иван Ким?» → «точка в игре» asks the predicate's own word as if it were a thing done
_LIGHT_VERB_NOUNS = {
    "поставить": {"точка"}, "ставить": {"точка"}, "сыграть": {"роль"}, "играть": {"роль"},
    "принять": {"участие", "решение", "меры", "мера"}, "принимать": {"участие", "решение", "меры", "мера"},
    "обратить": {"внимание"}, "одержать": {"победа", "верх"}, "потерпеть": {"поражение", "неудача"},
    "дать": {"старт", "согласие", "оценка"}, "подвести": {"итог", "черта"}, "внести": {"вклад", "лепта"},
    "оказать": {"помощь", "поддержка", "влияние", "содействие"}, "сделать": {"вывод", "шаг", "акцент", "ставка"},
    "взять": {"курс", "верх", "пауза", "слово"}, "набрать": {"оборот", "ход"}, "иметь": {"значение", "место"},
    "нанести": {"удар", "визит"}, "добиться": {"успех"}, "получить": {"развитие", "продолжение"},
}
#: verbs of a person's work that say nothing without where: «С какого года работал Павел Ким?»
_WORK_VERBS = frozenset({"работать", "трудиться", "служить", "проработать", "отработать"})


def _first_noun(label: str) -> str | None:
    for word in _WORD.findall(label.lower()):
        for parse in nlp.morph_vocab().parse(word)[:2]:
            if parse.tag.POS == "NOUN":
                return parse.normal_form.replace("ё", "е")
    return None


def ru_light_verb_noun(relation: str, tail: str) -> bool:
    """Is the object the noun of a light-verb predicate («поставить» + «точка в игре»)?"""
    words = relation.lower().split()
    if len(words) != 1:
        return False
    return _first_noun(tail) in _LIGHT_VERB_NOUNS.get(nlp.lemma_ru(words[0]).replace("ё", "е"), ())


def ru_work_without_place(relation: str, head_type: str | None, tail_type: str | None) -> bool:
    """Is a date the only thing a person's «работать» keeps («работать с» + 2016): it says not where?"""
    words = relation.lower().split()
    return (head_type == "person" and tail_type == "date" and len(words) == 2
            and nlp.lemma_ru(words[0]).replace("ё", "е") in _WORK_VERBS)


def ru_genitive_before_head(label: str) -> bool:
    """Does the label open with a name that is only a genitive, before its nominative head noun («Росздравнадзора
    университет» of «удостоверение Росздравнадзора университет планирует получить»)? A Russian genitive follows
    the noun it belongs to: this one is another phrase's, glued to the subject."""
    words = _WORD.findall(label)
    if len(words) < 2 or "«" in label or not words[0][:1].isupper():
        return False
    vocab = nlp.morph_vocab()
    first = [p for p in vocab.parse(words[0].lower()) if p.is_known]
    if not first or any(p.tag.POS != "NOUN" or p.tag.case != "gent" for p in first):
        return False
    return any(w[:1].islower() and any(p.tag.POS == "NOUN" and p.tag.case == "nomn" for p in vocab.parse(w)[:2])
               for w in words[1:])


def ru_round9_reason(subgraph: Subgraph) -> str | None:
    """Why no Russian question is asked about ``subgraph`` by the classes above, or None."""
    asked = set(subgraph.answer_nodes)
    for edge in subgraph.edges:
        if ru_doubled_preposition(edge.relation):
            return f"skipped: {edge.relation!r} holds a preposition before its own («в в»)"
        for label in (edge.head_label, edge.tail_label):
            if ru_genitive_before_head(label):
                return f"skipped: {label!r} opens with another phrase's genitive before its own noun"
        if edge.head not in asked and ru_counted_label(edge.head_label):
            return f"skipped: the subject {edge.head_label!r} is a count in words, not a name"
        if ru_answer_holds_subject(edge):
            return f"skipped: {edge.tail_label!r} holds its own subject {edge.head_label!r}"
        if ru_institution_role(edge.relation, edge.head_type):
            return f"skipped: the role {edge.relation!r} of {edge.head_label!r} is a kind of organisation, not a post"
        if ru_noun_purpose(edge.relation):
            return f"skipped: «под» in {edge.relation!r} is its noun's purpose, not the verb's"
        if ru_relative_measure(edge.sentences):
            return "skipped: its sentence holds the fact by a measure only its article names («по этому показателю»)"
        if edge.tail in asked and ru_light_verb_noun(edge.relation, edge.tail_label):
            return f"skipped: {edge.tail_label!r} is the noun of the predicate {edge.relation!r}, not what it acts on"
        if edge.tail in asked and ru_work_without_place(edge.relation, edge.head_type, edge.tail_type):
            return f"skipped: {edge.relation!r} of a person keeps only its date, not where"
        if edge.tail in asked and ru_when_without_destination(edge.relation, edge.tail_type, edge.sentences):
            return f"skipped: «когда» of {edge.relation!r} leaves out where to"
    return None

