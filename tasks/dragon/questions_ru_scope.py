"""DRAGON questions, Russian: what a question must carry from its sentence, the label forms it
must not ask with (issue 10, session 20).

A count or a time is true only of the occasion its sentence gives it: «В прошлом сезоне X забил 9
мячей» answers «Сколько мячей забил X в прошлом сезоне?», not «Сколько мячей забил X?» (his career);
«в четвёртой четверти он неудачно приземлился» dates a bad landing, not any landing. ``ru_occasion``
and ``ru_manner`` read these off natasha's dependency parse of the sentence (the time or event
phrase, the manner adverb the verb governs); a phrase that points back into the article («в этом
матче») cannot be carried, and the question is refused.

``ru_round8_reason`` refuses a subgraph whose labels a question could not say right: a name whose
adjective and noun disagree («Окской гавань»), a person named in a form the sentence does not write
(«Калитина» of «Калитин»), a month whose year the sentence gives and the label drops («февраль» of
«в феврале прошлого года»), a role whose sentence puts another genitive between it and the name
(«министр» of «министр финансов Нижегородской области»).

The forms the templates ask with (the end of the module): an ordinal in figures in the case its sentence
writes («под 10-м номером»), a quoted name the sentence takes as an accusative object kept in the
nominative («за «Оружейник»»), the occasion an amount question carries, «какое место» of an ordinal answer;
then (moved from ``questions_ru``) the date an event verb's «где» carries, the period an amount is counted over, and a
time several facts share, said once.
"""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Edge
from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_ru_answers import WORD as _WORD, _EVENT_NOUNS, _TIME_ADVERBS, _TIME_NOUNS, ru_says_a_time
from tasks.dragon.questions_ru_clauses import _ancestors, _parse, _span, _top
from tasks.dragon.questions_ru_verbs import RuRelation, ru_relation
from tasks.dragon.rules_ru.lexicon import _RU_MONTHS

#: words that point back into the article: a phrase holding one is no occasion a reader can find
_BACK = frozenset("это этот тот данный такой указанный упомянутый тот же он она оно они который".split())
#: adverbs of degree or discourse, which qualify nothing a question must keep
_DISCOURSE = frozenset("""
уже также тоже еще ещё только всего почти более менее вновь снова лишь даже именно всё все вообще точно
примерно около фактически практически сразу затем потом
""".split())
_YEAR_AFTER = re.compile(r"\s*(?:\d{4}|(?:прошлого|этого|текущего|следующего|позапрошлого|нынешнего|будущего)\s+года)",
                         re.IGNORECASE)


def _verb_tokens(edge: Edge, tokens: tuple) -> list[int]:
    """The relation's verb in the sentence, the one whose object is the edge's tail where the parse shows it."""
    words = edge.relation.split()
    if not words:
        return []
    lemma = nlp.lemma_ru(words[0].lower()).replace("ё", "е")
    verbs = [i for i, t in enumerate(tokens) if t[1] == lemma and t[2] in ("VERB", "AUX")]
    span = _span(edge.tail_label, tokens)
    if span is not None:
        above = set(_ancestors(_top(span, tokens), tokens))
        governing = [v for v in verbs if v in above]
        if governing:
            return governing[:1]
    return verbs[:1]


#: dependents that are not part of the phrase they hang from: a parser may attach the clause's subject
#: («в нынешнем сезоне «Волжские соколы» провели») to the noun before it
_NOT_PHRASE = ("appos", "nsubj", "punct", "parataxis", "conj", "cc")


def _subtree(i: int, tokens: tuple) -> list[int]:
    """The contiguous run of ``i``'s phrase that holds ``i`` (without appositions and punctuation)."""
    inside = {i}
    for j in range(len(tokens)):
        chain = [j, *_ancestors(j, tokens)]
        if i in chain[1:] and not any(tokens[k][3].split(":")[0] in _NOT_PHRASE for k in chain[:chain.index(i)]):
            inside.add(j)
    start = end = i
    while start - 1 in inside:
        start -= 1
    while end + 1 in inside:
        end += 1
    return list(range(start, end + 1))


def _join(tokens: tuple, indices: list[int]) -> str:
    text = ""
    for j in indices:
        word = tokens[j][0]
        if text and not text.endswith(("«", "(")) and word not in ("»", ")", ",", ".", ":", ";"):
            text += " "
        text += word
    return text


def ru_occasion(edge: Edge) -> list[str] | None:
    """The time or event phrases («в прошлом сезоне», «в матче с «Уральским громом»») the edge's
    verb has in its sentence and its relation does not say; [] when there are none or the sentence
    is not parsed, None when one points back into the article («в этом матче») or runs into a clause."""
    said = f" {edge.relation.lower()} "
    for sentence in edge.sentences:
        tokens = _parse(sentence)
        if not tokens:
            continue
        found: list[str] = []
        for verb in _verb_tokens(edge, tokens):
            governors = [verb]
            if tokens[verb][3] == "conj" and tokens[verb][4] >= 0:
                governors.append(tokens[verb][4])  # «В сезоне X забил 9 мячей и отдал 6 передач»: shared
            for governor in governors:
                for j, token in enumerate(tokens):
                    if token[4] != governor or token[3].split(":")[0] != "obl" or token[2] != "NOUN":
                        continue
                    if governor != verb and j > governor:
                        continue  # what follows the first verb is its own
                    if token[1] not in _TIME_NOUNS and token[1] not in _EVENT_NOUNS:
                        continue
                    if not any(t[4] == j and t[3] == "case" for t in tokens):
                        continue
                    span = _subtree(j, tokens)
                    if any(tokens[k][2] in ("VERB", "AUX") or tokens[k][1] in _BACK for k in span) or len(span) > 8:
                        return None
                    phrase = _join(tokens, span)
                    if phrase.lower() in said or phrase.lower() in edge.tail_label.lower():
                        continue
                    found.append(phrase[:1].lower() + phrase[1:])
        return found
    return []


def ru_manner(edge: Edge) -> list[str]:
    """The manner adverbs («неудачно») the edge's verb has in its sentence and its relation does not say."""
    said = edge.relation.lower().split()
    for sentence in edge.sentences:
        tokens = _parse(sentence)
        if not tokens:
            continue
        return [tokens[j][0].lower() for verb in _verb_tokens(edge, tokens) for j, t in enumerate(tokens)
                if t[4] == verb and t[3] == "advmod" and t[2] == "ADV" and t[1] not in _TIME_ADVERBS
                and t[1] not in _DISCOURSE and t[0].lower() not in said and t[1] != "не"]
    return []


def ru_disagreeing_name(label: str) -> bool:
    """Does an adjective of ``label`` stand before its noun in another case («Окской гавань», «Стерлитамакских
    соколы»): the label was cut from an oblique form and only partly put back in the nominative?"""
    words = label.replace("«", " ").replace("»", " ").split()
    vocab = nlp.morph_vocab()
    for first, second in zip(words, words[1:]):
        if not (_WORD.fullmatch(first) and _WORD.fullmatch(second)):
            continue
        adjectives = [p.tag for p in vocab.parse(first.lower()) if p.tag.POS in ("ADJF", "PRTF")]
        nouns = [p.tag for p in vocab.parse(second.lower()) if p.tag.POS == "NOUN"]
        if not adjectives or not nouns or any(p.tag.POS == "NOUN" for p in vocab.parse(first.lower())[:1]):
            continue
        if not any(_agree(a, n) for a in adjectives for n in nouns):
            return True
    return False


def _agree(adjective, noun) -> bool:
    """Same case and number, and in the accusative the same animacy where both say it: «Стерлитамакских» is an
    animate accusative, the accusative «соколы» an inanimate one's («Стерлитамакских соколы» agrees in no case)."""
    if adjective.case != noun.case or adjective.number != noun.number:
        return False
    return not (adjective.case == "accs" and adjective.animacy and noun.animacy and adjective.animacy != noun.animacy)


def ru_name_not_written(label: str, sentences: list[str]) -> bool:
    """Is a word of a person's name in a form its sentences do not write, though they write another
    form of it («Калитина» where they say «Калитин»)? The label took an oblique case (or the wrong
    gender) for the name, and a question would ask about someone the text never names."""
    written = {w.lower().replace("ё", "е") for s in sentences for w in _WORD.findall(s) if w[:1].isupper()}
    for word in _WORD.findall(label):
        lowered = word.lower().replace("ё", "е")
        if not word[:1].isupper() or lowered in written or len(lowered) < 5:
            continue
        # the label's word is a written one plus an ending («Калитин» + «а»); a longer written
        # form («Калитиным») is only the name declined, which labels put back in the nominative
        if any(len(other) >= 4 and lowered.startswith(other) and 0 < len(lowered) - len(other) <= 2
               for other in written):
            return True
    return False


def ru_month_without_year(label: str, sentences: list[str]) -> bool:
    """Is ``label`` a month (with or without its day) whose year the sentence gives right after it
    and the label drops («февраль» of «в феврале прошлого года»)?"""
    words = [w.lower() for w in _WORD.findall(label)]
    if not words or re.search(r"\d{4}", label) or "год" in " ".join(words):
        return False
    month = next((w for w in words if nlp.lemma_ru(w) in _RU_MONTHS), None)
    if month is None:
        return False
    lemma = nlp.lemma_ru(month)
    for sentence in sentences:
        for match in _WORD.finditer(sentence):
            if nlp.lemma_ru(match.group(0).lower()) == lemma and _YEAR_AFTER.match(sentence[match.end():]):
                return True
    return False


def ru_role_drops_genitive(edge: Edge) -> bool:
    """Does the sentence put a genitive between the role and its organisation that the role drops
    («министр финансов Нижегородской области» as «министр» of the region)?"""
    role = _WORD.findall(edge.relation)
    tail = _WORD.findall(edge.tail_label)
    if not role or not tail:
        return False
    last, first = nlp.lemma_ru(role[-1].lower()), nlp.lemma_ru(tail[0].lower())
    said = {nlp.lemma_ru(w.lower()) for w in role}
    vocab = nlp.morph_vocab()
    for sentence in edge.sentences:
        words = _WORD.findall(sentence)
        for i, word in enumerate(words):
            if nlp.lemma_ru(word.lower()) != last:
                continue
            between = []
            for later in words[i + 1:i + 5]:
                if nlp.lemma_ru(later.lower()) == first:
                    if between:
                        return True
                    break
                # any genitive reading: «неорганической» is read dative first, and genitive too
                parses = [p for p in vocab.parse(later.lower()) if p.tag.POS in ("NOUN", "ADJF")]
                if not later[:1].islower() or not any("gent" in p.tag for p in parses):
                    break
                if nlp.lemma_ru(later.lower()) not in said:
                    between.append(later)
    return False


_PREPOSITIONS = r"(?:в|во|на|с|со|к|ко|по|из|от|до|для|о|об|за|под|над|при|у|без|через|между|перед|после|против)"
#: before «?» or «,»: lowercase only («витамин С?» is a letter), and not «за», «против», «после», which stand
#: alone as adverbs («Кто проголосовал за?»)
_ALONE = r"(?:в|во|на|с|со|к|ко|по|из|от|до|для|о|об|под|над|при|у|без|через|между|перед)"
_HANGING = re.compile(rf"(?i:(?<![А-Яа-яЁё-]){_PREPOSITIONS}\s+(?:и|или|а|но)(?![А-Яа-яЁё-]))"
                      rf"|(?<![А-Яа-яЁё-]){_ALONE}\s*[?,]")


def ru_hanging_preposition(question: str) -> bool:
    """Does a preposition stand with no object after it («в матче с и набрал», «... с?»)?"""
    return bool(_HANGING.search(question))


def ru_relation_drops_name(edge: Edge) -> bool:
    """Does the relation end in a common noun whose name its sentence gives right after it and the fact
    drops («закрыть магазин на улице» of «закроет магазин на улице Ново-Садовой»)? A question would read the
    next name in it as that noun's («на улице «Янтарь»»)."""
    words = edge.relation.split()
    if len(words) < 2 or not words[-1][:1].islower():
        return False
    last = words[-1].lower()
    parses = nlp.morph_vocab().parse(last)
    if not parses or parses[0].tag.POS != "NOUN":
        return False
    labels = {w.lower().strip("«»") for label in (edge.head_label, edge.tail_label) for w in label.split()[:1]}
    for sentence in edge.sentences:
        for match in re.finditer(rf"(?<![А-Яа-яЁё-])(?i:{re.escape(last)})\s+(«?)([А-ЯЁA-Z][\w-]*)", sentence):
            if match.group(0)[:1].isupper():
                continue
            if match.group(2).lower() not in labels and not any(
                    nlp.lemma_ru(match.group(2).lower()) == nlp.lemma_ru(w) for w in labels):
                return True
    return False


def ru_round8_reason(subgraph, kinds: dict) -> str | None:
    """Session 20's label forms a question cannot be said with (see each function)."""
    from tasks.dragon.questions_base import _kind, _labels

    labels = _labels(subgraph)
    answers = {n for n in subgraph.answer_nodes if n in labels}
    hidden = set(subgraph.hidden_nodes)  # a bridge a question describes («клуба, главным тренером которого …»)
    for edge in subgraph.edges:
        for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
            kind = _kind(kinds, "ru", node)
            if kind not in ("DATE", "NUM") and node not in hidden and ru_disagreeing_name(label):
                return f"skipped: {label!r} declines its adjective and not its noun (or the other way round)"
            if kind not in ("DATE", "NUM") and ru_name_not_written(label, edge.sentences):
                return f"skipped: the name {label!r} is not in the form its sentence writes it"
            if node in answers and kind == "DATE" and ru_month_without_year(label, edge.sentences):
                return f"skipped: the date {label!r} drops the year its sentence gives"
        try:
            from tasks.dragon.questions_ru import ru_relation
            role = ru_relation(edge.relation).kind == "role"
        except Exception:
            role = False
        if role and ru_role_drops_genitive(edge):
            return f"skipped: the role {edge.relation!r} drops the genitive its sentence gives it"
        if not role and ru_relation_drops_name(edge):
            return f"skipped: {edge.relation!r} ends in a noun whose name its sentence gives and the fact drops"
    return None


# =========================================================================== forms the templates ask with

#: an ordinal written in figures before its noun: «10-й номер», «3-я линия»
RU_ORDINAL = re.compile(r"\s*\d+-[а-яё]{1,3}\s+([А-Яа-яЁё]+)\s*$")
#: prepositions whose accusative object may be a name in «»
RU_ACCUSATIVE_PREPOSITIONS = frozenset({"в", "во", "на", "за", "под", "про", "через"})


def ru_ordinal_form(label: str, case: str, edge: Edge | None) -> str:
    """«10-й номер» in ``case`` as its sentence writes it («10-м номером»); refused when no sentence does."""
    from tasks.dragon.questions_ru import _RU_CASE_ALIASES

    if case == "nomn":
        return label
    noun = RU_ORDINAL.match(label).group(1)
    lemma = nlp.lemma_ru(noun.lower())
    vocab = nlp.morph_vocab()
    for sentence in (edge.sentences if edge is not None else []):
        for match in re.finditer(r"(\d+-[а-яё]{1,3})\s+([А-Яа-яЁё]+)", sentence):
            word = match.group(2).lower()
            if nlp.lemma_ru(word) == lemma and any(
                    p.tag.POS == "NOUN" and _RU_CASE_ALIASES.get(str(p.tag.case), str(p.tag.case)) == case
                    for p in vocab.parse(word)):
                return match.group(0)
    raise NoTemplate(f"no sentence writes {label!r} in the {case} the question needs")


def ru_quoted_as_accusative(edge: Edge, label: str, preposition: str | None = None) -> bool:
    """Does a sentence write the name, in «» and as in the label, as an object after a preposition
    that takes the accusative («выступал за тульский «Оружейник»»)? A quoted name is a thing: its
    accusative is its nominative whatever its noun would be (never «за «Оружейника»»)."""
    from tasks.dragon.questions_ru import _RU_PREP_CASE, _ru_noun

    quoted = f"«{label}»"
    for sentence in edge.sentences:
        at = sentence.find(quoted)
        if at < 0:
            continue
        before = [w.lower() for w in _WORD.findall(sentence[:at])][-3:]
        for back, word in enumerate(reversed(before)):
            if word in RU_ACCUSATIVE_PREPOSITIONS and (preposition is None or word.rstrip("о") == preposition.rstrip("о")):
                return True
            if preposition is None and any(p.tag.POS == "VERB" and "tran" in p.tag for p in nlp.morph_vocab().parse(word)[:1]):
                return True  # «обыграл екатеринбургский «Уралец»»: the verb's direct object
            if word in _RU_PREP_CASE or _ru_noun(word) or back == 2:
                break
    return False



def ru_occasion_said(edge: Edge, rel, already: list[str] = ()) -> list[str]:
    """The time or event its sentence gives the edge's amount («в прошлом сезоне») and the question does
    not say yet; a question whose occasion points back into the article («в этом матче») is refused."""
    found = ru_occasion(edge)
    if found is None:
        raise NoTemplate(f"the occasion of {edge.relation!r} {edge.tail_label!r} points back into its article")
    said = " ".join([rel.middle, *already]).lower()
    return [phrase for phrase in found if phrase.lower() not in said and not any(
        part.lower() in phrase.lower() for part in already)]


def ru_ordinal_phrase(label: str) -> tuple[str, str] | None:
    """(noun, gender) of «седьмое место», «третий раз»: an ordinal adjective and its noun in the nominative."""
    words = label.split()
    if len(words) != 2 or not all(_WORD.fullmatch(w) and w.islower() for w in words):
        return None
    vocab = nlp.morph_vocab()
    ordinal = [p for p in vocab.parse(words[0]) if p.tag.POS == "ADJF" and "Anum" in p.tag and "nomn" in p.tag]
    noun = next((p for p in vocab.parse(words[1]) if p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag), None)
    if not ordinal or noun is None or noun.tag.gender not in ("masc", "femn", "neut"):
        return None
    return words[1], str(noun.tag.gender)


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
