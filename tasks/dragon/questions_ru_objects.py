"""DRAGON questions, Russian: what a question leaves out of its fact's clause (round 10, issue 10).

- a verb's direct object that the sentence gives and the relation drops: «завод может передать в тестовую
  эксплуатацию первые 50 машин» read as «передать в» asks «Во что может передать завод?» and «Когда может
  передать завод, …?» — what is handed over is gone; «согласилась купить у группы … завод» gives «У какой
  организации согласилась купить …?»; «суд назначил Сафиуллину штраф» gives «Кого назначил суд?», a false
  premise. Read from natasha's dependency parse: an ``obj`` of the verb that is neither the fact's subject, its
  object nor a word of the relation; or, for a transitive verb, a second subject on the verb's clause (the
  parser calls a fronted or postponed object «nsubj»: «Первые 50 машин завод может передать …»);
- an amount label whose words do not stand together in its sentence: «31 бросок 34» of «отразил 31 бросок из
  34», «2 120 тысяч тонн» of «вложит 2 млрд рублей и увеличит выпуск до 120 тысяч тонн» — a number the
  text never says.

The triplet stage is another module's; such an input is refused here with a reason. Nothing is said when
the parse or the words cannot be found.
"""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Edge, Subgraph
from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_ru_answers import _PLACE_NOUNS, WORD as _WORD, _TIME_HEADS, ru_says_a_time
from tasks.dragon.questions_ru_clauses import _ancestors, _lemma, _parse, _same_word, _span, _subject_chain, _top
from tasks.dragon.questions_ru_government import ru_toponym
from tasks.dragon.questions_ru_verbs import ru_infinitive_chain, ru_relation

#: nouns an accusative of time is made of («всю неделю», «каждый год»): no object of the verb
_TIME_LEMMAS = frozenset("""
год неделя месяц день сутки час минута время сезон квартал лето зима весна осень утро вечер ночь период срок раз
""".split())


def _verb_relation(relation: str):
    """``relation`` read as a verb phrase, or None when it is none (a role, a copula, no template)."""
    try:
        rel = ru_relation(relation)
    except NoTemplate:
        return None
    return rel if rel.kind == "verb" else None


def ru_no_doer(edge: Edge) -> bool:
    """Does ``edge``'s sentence say its verb with no doer («Новую модель представили на заводе»: a plural verb with
    no subject on it nor on the verb it is coordinated with or completes), so that the fact's subject is only
    what was acted on or a place? Then «…завода, на котором представило новую модель ЧГЗ-Е 7» makes the thing
    shown its doer. Not when a sentence gives the verb a subject."""
    rel = _verb_relation(edge.relation)
    if rel is None or edge.head_type == "person":
        return False
    if any(p.tag.POS == "NOUN" and "plur" in p.tag and "nomn" in p.tag
           for w in _WORD.findall(edge.head_label) for p in nlp.morph_vocab().parse(w.lower())[:1]):
        return False  # «Северные волки» may be the plural verb's subject the parse missed
    lemma, seen = _lemma(rel.head), False
    for sentence in edge.sentences:
        tokens = _parse(sentence)
        if not tokens:
            return False
        for v, token in enumerate(tokens):
            if token[1] != lemma or token[2] != "VERB":
                continue
            parses = [p for p in nlp.morph_vocab().parse(token[0].lower()) if p.tag.POS == "VERB"]
            if not parses or "plur" not in parses[0].tag:
                return False
            chain = _subject_chain(v, tokens)
            if any(t[4] in chain and t[3].split(":")[0] in ("nsubj", "csubj") for t in tokens):
                return False
            head = _span(edge.head_label, tokens)
            if head is not None:
                top = _top(head, tokens)
                while tokens[top][3].split(":")[0] in ("appos", "flat", "conj") and tokens[top][4] >= 0:
                    top = tokens[top][4]  # «компания «Волна»»: the noun the name stands beside
                if tokens[top][3].split(":")[0] == "nsubj":
                    return False
            seen = True
    return seen


#: pronouns of a speaker and a listener: «мы шли в путину», «мы хотели показать город» inside a quote
_SPEAKER_PRONOUNS = frozenset({"я", "мы", "ты", "вы"})


def ru_speaker_subject(edge: Edge) -> str | None:
    """The pronoun («мы», «я») a quote gives ``edge``'s verb as its subject in every sentence that has the verb, or
    None. Who «мы» are (the company, its crews, the theatre's troupe) is the triplet stage's guess: «Раньше мы шли
    в путину на старых судах» gave «Где шло Приморское территориальное управление?»."""
    words = edge.relation.split()
    if not words:
        return None
    rel = _verb_relation(edge.relation)
    if rel is None:
        return None
    chain_words, _ = ru_infinitive_chain(rel)
    lemmas = {_lemma(rel.head), *(_lemma(w) for w in chain_words.split())}
    found = None
    for sentence in edge.sentences:
        tokens = _parse(sentence)
        if not tokens:
            return None
        verbs = [v for v, t in enumerate(tokens) if t[1] in lemmas and t[2] in ("VERB", "AUX")]
        if not verbs:
            continue
        pronoun = None
        for v in verbs:
            chain = _subject_chain(v, tokens)
            subjects = [t for t in tokens if t[4] in chain and t[3].split(":")[0] == "nsubj"]
            if subjects and all(t[0].lower() in _SPEAKER_PRONOUNS for t in subjects):
                pronoun = subjects[0][0].lower()
            else:
                return None
        found = pronoun
    return found


def ru_subject_a_genitive(edge: Edge) -> str | None:
    """The noun whose genitive ``edge``'s subject is in its sentence, where that noun is the verb's subject: «Дубль
    Лобанова … принесли томичам третье место» gave «Какое место принёс Семен Лобанов?» — the double brought it, not
    the player. None when a sentence has the subject on the verb itself or the words are not found."""
    rel = _verb_relation(edge.relation)
    if rel is None:
        return None
    lemma = _lemma(rel.head)
    words = _WORD.findall(edge.head_label)
    found = None
    for sentence in edge.sentences:
        tokens = _parse(sentence)
        if not tokens:
            return None
        verbs = [v for v, t in enumerate(tokens) if t[1] == lemma and t[2] in ("VERB", "AUX")]
        span = _span(edge.head_label, tokens) or [i for i, t in enumerate(tokens)
                                                   if t[2] == "PROPN" and any(_same_word(w, t) for w in words)]
        if not verbs or not span:
            continue
        top = _top(span, tokens)
        parent = tokens[top][4]
        if not (tokens[top][3] == "nmod" and tokens[top][5] == "Gen" and parent >= 0
                and tokens[parent][2] == "NOUN" and tokens[parent][3].split(":")[0] == "nsubj"
                and tokens[parent][4] in verbs):
            return None
        found = tokens[parent][0]
    return found


#: verbs of trade and spending a reader takes without their goods: «комбинат поставляет в Египет», «экспортирует в
#: Узбекистан», «На что потратил «Маяк»?»
#: (judged natural on site10 and site4), unlike «Во что вложит компания?» or «Во что может передать завод?»
_ABSOLUTE_VERBS = frozenset("""
поставлять экспортировать импортировать продавать отгружать инвестировать перевозить возить потратить тратить
""".split())
#: the lemmas of the third-person pronouns («его», «её», «их»): an object the question drops like any other
_PERSONAL = frozenset({"он", "она", "оно", "они"})
#: parts of speech that can be the dropped object (a pronoun is «который» or the text's back-reference)
_OBJECT_POS = ("NOUN", "PROPN", "NUM")
#: an adjective or pronoun standing for its noun as the verb's object: «остальное … покроет из доходов», «оплатит это
#: из фонда», «всё остальное»: the question «Из чего покроет …?» leaves out what is paid as surely as with a noun
_STANDS_FOR_OBJECT = ("ADJ", "DET")
_OBJECT_PRONOUNS = frozenset({"это", "то", "все", "всё"})


def _verb_lemma(relation: str) -> str | None:
    """The relation's content verb: the last infinitive of its chain («согласиться купить у» → «купить»), or
    None when the relation keeps words after the chain (they may be the object: «отменить рейсы в») or is
    no verb."""
    rel = _verb_relation(relation)
    if rel is None:
        return None
    chain, rest = ru_infinitive_chain(rel)
    if rest.strip():
        return None
    return _lemma(chain.split()[-1] if chain else rel.head)


def _transitive(lemma: str) -> bool:
    parses = [p for p in nlp.morph_vocab().parse(lemma) if p.tag.POS == "INFN"]
    return bool(parses) and "tran" in parses[0].tag


def _covered(i: int, spans: list[list[int] | None], tokens: tuple) -> bool:
    """Is token ``i`` inside one of ``spans`` or hanging below a token that is?"""
    inside = {j for span in spans if span for j in span}
    current, seen = i, set()
    while current >= 0 and current not in seen:
        if current in inside:
            return True
        seen.add(current)
        current = tokens[current][4]
    return False


def ru_object_left_out(edge: Edge) -> str | None:
    """The word of the direct object ``edge``'s sentences give its verb and its question would leave out, or None.
    Only when every sentence that has the verb shows such an object (a sentence that says the fact whole is its
    source as well), and only an object in the verb's own stretch of the sentence (no comma between)."""
    lemma = _verb_lemma(edge.relation)
    if lemma is None:
        return None
    preposition = ru_relation(edge.relation).preposition
    # a source asked («Откуда перешёл Рогов?» of «перешёл в «Факел» из «Сокола»») is the motion's other end, and a
    # «в/на» relation of no date or amount asks the goal itself («В какую организацию пришла …?» of «пришедшая в
    # компанию», the company named before): the goal may go unsaid there, any other question keeps it
    goal = preposition not in _SOURCE_PREPOSITIONS and not (
        preposition in _GOAL_PREPOSITIONS and edge.tail_type not in ("date", "quantity", "money")
        and not ru_says_a_time(edge.tail_label))
    return _left_out(lemma, edge.sentences, edge.head_label, [edge.tail_label],
                     _WORD.findall(f"{edge.head_label} {edge.tail_label}"), preposition is not None, tail_needed=True,
                     complements=("goal", "span") if goal else ("span",))


def ru_question_object_left_out(verb: str, question: str, answers: list[str], sentences: list[str],
                                prepositional: bool, asks_object: bool = False) -> str | None:
    """The same reading for a finished question (the grammar filter's, which has no edge): the direct object its
    reference sentences give the question's ``verb`` (a word of it, in any form) that is neither a word of ``question`` nor in one of ``answers``
    («Во что может передать завод?» of «завод может передать в эксплуатацию первые 50 машин»: «машин»). An amount
    is the object too when the question asks the verb only with a prepositional phrase (``prepositional``). When the
    question asks the object (``asks_object``: «Что будет открывать пианист?») and a sentence does not write the
    answer, the object it shows («Открывать фестиваль будет …») may be the answer said otherwise: nothing is said."""
    said = f"{question} {' '.join(answers)}"
    return _left_out(_lemma(verb), sentences, None, list(answers), _WORD.findall(said), prepositional,
                     tail_needed=asks_object, said=said)


def _left_out(lemma: str, sentences: list[str], head: str | None, tails: list[str], label_words: list[str],
              prepositional: bool, tail_needed: bool, said: str | None = None, complements: tuple = ()) -> str | None:
    """The object every sentence that has the verb ``lemma`` gives it outside the labels (``head``, ``tails`` and
    ``label_words``), or None; with ``tail_needed``, None too where a sentence does not write the tail and the
    relation is no prepositional one (the object seen may be the tail written otherwise). ``said``, a question's
    text with its answers: the nouns and numbers of the sentence it writes count as the tail's (an object that holds
    «Максима Тарасова» of «подписала нападающего Максима Тарасова» is the question's own). ``complements`` names what
    else counts: "goal" a goal («в компанию»), "span" a span of time a transitive verb takes as its object («три месяца»)."""
    if lemma in _ABSOLUTE_VERBS:
        return None
    transitive = _transitive(lemma)
    dropped = None
    for sentence in sentences:
        tokens = _parse(sentence)
        if not tokens:
            continue
        tail = [i for label in tails for i in (_span(label, tokens) or ())] or None
        if tail is None:  # the tail's words where its whole label is not written («Пряхину» of «Олег Пряхин»)
            tail = [i for i, t in enumerate(tokens)
                    if any(_same_word(w, t) for label in tails for w in _WORD.findall(label))] or None
        verbs = [v for v, t in enumerate(tokens) if t[1] == lemma and t[2] in ("VERB", "AUX")]
        if not verbs:
            continue
        if tail is None and tail_needed and not prepositional:
            return None  # the object asked is not found as written: the object seen may be it
        if said is not None:
            words = _WORD.findall(said)
            tail = sorted({*(tail or ()), *(i for i, t in enumerate(tokens) if t[2] in _OBJECT_POS and (
                any(_same_word(w, t) for w in words) or t[2] == "NUM" and t[0] in said))}) or None
        spans = [_span(head, tokens) if head else None, tail]
        found = next((word for v in verbs for word in [_dropped_at(v, tokens, spans, label_words, transitive)
                                                       or (prepositional and transitive and _amount_at(v, tokens, spans))
                                                       or ("goal" in complements and _goal_at(v, tokens, spans, label_words))
                                                       or ("span" in complements and transitive
                                                           and _span_object_at(v, tokens, spans))]
                      if word), None)
        if found is None:
            return None
        dropped = dropped or found
    return dropped


def _dropped_at(v: int, tokens: tuple, spans: list, label_words: list[str], transitive: bool) -> str | None:
    """The object the verb at ``v`` has in its sentence that is neither the fact's subject nor its object, or None."""
    clause = [v]
    if tokens[v][3].split(":")[0] == "xcomp" and tokens[v][4] >= 0:
        clause.append(tokens[v][4])  # «может передать»: the fronted object hangs on «может»
    subjects = [i for i, t in enumerate(tokens) if t[4] in clause and t[3].split(":")[0] == "nsubj"]
    for i, t in enumerate(tokens):
        personal = t[2] == "PRON" and t[1] in _PERSONAL | _OBJECT_PRONOUNS and t[3].split(":")[0] == "obj"
        personal = personal or _substantive_object(i, tokens)
        if t[4] not in clause or (t[2] not in _OBJECT_POS and not personal) or t[1] in _TIME_LEMMAS:
            continue  # («оштрафовал его на 500 тысяч рублей»: whom, said by a pronoun, is an object too)
        if any(tokens[k][0] == "," for k in range(min(i, v) + 1, max(i, v))):
            continue  # another clause's noun («…, для которого этот гол стал первым»)
        rel = t[3].split(":")[0]
        if rel == "obj" and t[4] == v and t[5] not in ("Dat", "Ins", "Loc"):
            pass  # (a counted object is genitive: «вложит 2 млрд рублей»; a fronted one may be read «Nom»)
        elif rel == "nsubj" and transitive and len(subjects) > 1 and t[5] in ("Acc", "Nom", "Gen", None) \
                and not any(i in _ancestors(j, tokens) for j in spans[0] or ()):
            pass  # (not «компания» of «компания «Камнефтехим-Синтез»», the subject's own class noun)
        else:
            continue
        if any(d[4] == i and d[3] == "case" for d in tokens):
            continue  # a noun under a preposition the parse hung as an object («на 1 100 мест»)
        if any(i in _ancestors(j, tokens) for j in spans[1] or ()):
            continue  # the object holds the tail: «нападающего Илью Доронина», «фильм «Зима»» (fronted as well)
        if _covered(i, spans, tokens) or any(_same_word(w, t) for w in label_words):
            continue  # (a word of a label found elsewhere: «Сююмбике» of «спектакль «Сююмбике»»)
        if rel == "nsubj" and spans[0] is None and not any(_covered(s, spans[:1], tokens) for s in subjects):
            # the subject's name is not in the sentence («завод», the name said elsewhere): of two
            # «subjects», the one nearer the verb is the subject, the other the fronted object
            if i == min(subjects, key=lambda s: abs(s - v)):
                continue
        return t[0]
    return None


#: the prepositions of a source: a question of where from may leave the goal unsaid
_SOURCE_PREPOSITIONS = frozenset({"из", "изо", "от", "с", "со"})
#: the prepositions of a goal in the accusative: «пришла в компанию», «вышел на пенсию», «потратит на ремонт»
_GOAL_PREPOSITIONS = frozenset({"в", "во", "на"})


def _goal_at(v: int, tokens: tuple, spans: list, label_words: list[str]) -> str | None:
    """The goal «в/на» + accusative the verb at ``v`` has in its stretch of the sentence outside the fact's labels, or
    None: where the verb goes, into what it turns or what it is spent on («пришедшая в компанию в 2024 году» gave
    «Когда пришла Марина Лим?», «направил 3 млн рублей на ремонт» «Сколько рублей направил …?»). Such a phrase is the
    verb's complement, not a circumstance: the question without it says half the fact. Not a time («в среду», «на
    неделю»), an amount or a measure («на 10 %», «в два раза»), a noun under a number, nor a place or a town."""
    for i, t in enumerate(tokens):
        if t[4] != v or t[2] not in ("NOUN", "PROPN") or t[5] != "Acc" or t[3].split(":")[0] not in ("obl", "obj"):
            continue
        case = [d for d in tokens if d[4] == i and d[3] == "case"]
        if not case or case[0][0].lower() not in _GOAL_PREPOSITIONS or len(case) > 1:
            continue
        if t[1] in _TIME_LEMMAS or t[1] in _TIME_HEADS or t[1] in _MEASURE_GOALS:
            continue
        if tokens[v][1] in _PAUSING_VERBS and t[1] in _PAUSES and case[0][0].lower() == "на":
            continue  # «закрылся на карантин», «остановят на ремонт»: why or how long, not where to
        quoted = i > 0 and tokens[i - 1][0] in ("«", '"')  # «в «Ладогу»» is a club's name, not the lake
        if t[1] in _PLACE_NOUNS or not quoted and ru_toponym(t[1].capitalize()):
            continue  # a place arrived at («прибыло в Холмский порт», «вернулся в Россию»): the arrival is whole without it
        if any(d[4] == i and (d[2] == "NUM" or d[3].startswith("nummod")) for d in tokens):
            continue  # «на 20 процентов», «в три смены»
        if any(tokens[k][0] in (",", ";", "—", "(") for k in range(min(i, v) + 1, max(i, v))):
            continue  # another clause's phrase
        if _under_labels(i, v, spans, tokens) or any(_same_word(w, t) for w in label_words):
            continue
        return f"{case[0][0].lower()} {t[0]}"
    return None


def _under_labels(i: int, v: int, spans: list, tokens: tuple) -> bool:
    """Is token ``i`` (a dependent of the verb at ``v``) or a token below it inside one of ``spans``? (The verb itself
    may hang below a label, as a participle on its noun: «Марина Лим, пришедшая в компанию».)"""
    inside = {j for span in spans if span for j in span}
    return i in inside or any(i in _ancestors(j, tokens) for j in inside)


#: verbs that close or stop something, and the «на + accusative» they take that says why or for how long, no goal:
#: «ТЦ закрылся на карантин в понедельник» is whole as «Когда закрылся ТЦ?»
_PAUSING_VERBS = frozenset("""закрыть закрыться закрывать закрываться остановить остановиться останавливать
останавливаться приостановить приостановиться приостанавливать приостанавливаться прервать прерваться""".split())
_PAUSES = frozenset("""ремонт карантин реконструкция обслуживание техобслуживание профилактика перерыв каникулы
модернизация реставрация санобработка дезинфекция переучёт переучет консервация""".split())
#: nouns of a goal phrase that measure rather than say where to («на сумму», «в размере»): no complement dropped
_MEASURE_GOALS = frozenset("сумма размер уровень процент раз срок место".split())


def _span_object_at(v: int, tokens: tuple, spans: list) -> str | None:
    """A span of time counted with no preposition that is the only object of the transitive verb at ``v``, outside
    the fact's labels: «Чехов провёл на Сахалине три месяца» gave «Где провёл Чехов?». A verb such as «провести»
    or «прожить» takes the span as its object; the question without it asks of no object at all. Not where the
    verb has another object (then the span says only how long: «строили мост два года»)."""
    if any(t[4] == v and t[3].split(":")[0] in ("obj", "ccomp", "xcomp") and t[1] not in _TIME_LEMMAS for t in tokens):
        return None
    for i, t in enumerate(tokens):
        if t[4] != v or t[1] not in _TIME_LEMMAS or t[3].split(":")[0] not in ("obl", "obj", "nmod"):
            continue
        if any(d[4] == i and d[3] == "case" for d in tokens):
            continue  # «за три месяца», «в прошлом году»
        count = [d for d in tokens if d[4] == i and (d[3].startswith("nummod") or d[1] in ("весь", "целый"))]
        if not count or _under_labels(i, v, spans, tokens):
            continue
        return f"{count[0][0]} {t[0]}"
    return None


def _substantive_object(i: int, tokens: tuple) -> bool:
    """Is token ``i`` an adjective or determiner that is itself the verb's object, its noun left unsaid
    («остальное администрация покроет …», «оплатит другую часть» is no such: there the noun is the object)?"""
    t = tokens[i]
    return t[2] in _STANDS_FOR_OBJECT and t[3].split(":")[0] == "obj" and t[5] in ("Acc", None) \
        and not any(d[4] == i and d[2] in ("NOUN", "PROPN") for d in tokens)


#: words before an amount that only round it («около 70% продукции»): the amount is still the verb's object
_APPROXIMATORS = frozenset("около свыше более менее порядка почти примерно приблизительно".split())
#: what ends a verb's stretch of its sentence for an amount: another clause or a coordinated predicate
_STRETCH_ENDS = frozenset({",", ";", ":", "—", "–", "(", ")", "и", "а", "но"})


def _amount_at(v: int, tokens: tuple, spans: list) -> str | None:
    """An amount said with no preposition in the verb's stretch of its sentence (between the punctuation and
    «и» around it), outside the fact's labels: the counted object of a transitive verb whose relation kept only
    its prepositional phrase — «вложит в модернизацию завода 2 млрд рублей», «Около 70% продукции он поставляет
    в Турцию». The parser hangs such an amount anywhere (on the next clause's noun, as «obl» of the verb), so
    its words are read, not its arcs. Not a year, a date or a span of time («2 года»), nor an amount after a
    preposition («за 380 млн рублей», «на 11 %»)."""
    inside = {j for span in spans if span for j in span}
    start = v
    while start > 0 and tokens[start - 1][0].lower() not in _STRETCH_ENDS:
        start -= 1
    end = v
    while end + 1 < len(tokens) and tokens[end + 1][0].lower() not in _STRETCH_ENDS:
        end += 1
    for i in range(start, end + 1):
        text = tokens[i][0]
        if i in inside or tokens[i][2] != "NUM" or not _DIGIT.match(text) or re.fullmatch(r"(?:1[89]|20)\d\d", text):
            continue
        before = tokens[i - 1] if i > start else None
        if before is not None and before[2] == "ADP" and before[0].lower() not in _APPROXIMATORS:
            continue
        after = tokens[i + 1] if i < end else None
        if after is not None and (after[1] in _TIME_LEMMAS or after[1] in _TIME_HEADS):
            continue  # «2 года», «12 декабря»
        if i + 2 < len(tokens) and tokens[i + 1][0] == ":" and _DIGIT.match(tokens[i + 2][0]):
            continue  # a score or a ratio («со счётом 3:5»): no amount of a thing
        return f"{text} {after[0]}" if after is not None and after[2] != "ADP" else text
    return None


_DIGIT = re.compile(r"\d")
#: the words of an amount and of its sentence: a number whole with its decimals («3,8»), a word with its hyphens
_AMOUNT_WORD = re.compile(r"\d+(?:[.,]\d+)*(?:-[а-яё]+)?|[^\W\d_]+(?:-[^\W\d_]+)*")


def _same_amount_word(word: str, token: tuple) -> bool:
    """A number by its figures whatever its ending («7-й» of «7-м»), any other word as ``_same_word``."""
    if word[:1].isdigit() or token[0][:1].isdigit():
        return word.split("-")[0] == token[0].split("-")[0]
    return _same_word(word, token)


def ru_amount_not_said(label: str, sentences: list[str]) -> bool:
    """Is ``label`` an amount («31 бросок 34», «2 120 тысяч тонн») whose words stand together in none of its
    sentences, which do say each number word somewhere? (An amount is copied from its sentence; one built
    from two of its numbers says a number the text never gives.)"""
    if not _DIGIT.search(label) or not sentences:
        return False
    numbers = re.findall(r"\d+", label)
    if any(not any(re.search(rf"(?<!\d){n}(?!\d)", s) for s in sentences) for n in numbers):
        return False  # a number written otherwise (in words, normalised): the check cannot tell
    words = [(w, _lemma(w)) for w in _AMOUNT_WORD.findall(label)]
    last = max(i for i, (w, _) in enumerate(words) if w[:1].isdigit())
    words = words[:last + 2]  # the amount itself, to the noun after its last number: not what it is of
    for sentence in sentences:
        said = [(w, _lemma(w)) for w in _AMOUNT_WORD.findall(sentence)]
        for start in range(len(said) - len(words) + 1):
            if all(_same_amount_word(w, t) for (w, _), t in zip(words, said[start:start + len(words)])):
                return False
    return True


#: a route named by its two ends: «на линию Владивосток — остров Попова», «по маршруту Уфа — Стерлитамак»
_ROUTE = r"(?:лини|маршрут|трасс|рейс|направлени|автодорог)[а-яё]*\s+"


def ru_route_end(label: str, sentences: list[str]) -> bool:
    """Is ``label`` one end of a route its sentence names by both («Владивосток» of «на линию Владивосток — остров
    Попова»)? «Куда выйдет паром?» → «Владивосток» is then half an answer, and a false one."""
    if not label.strip():
        return False
    route = re.compile(rf"{_ROUTE}(?:[^\s—–]+\s+){{0,3}}?{re.escape(label)}\s*[—–]\s*\w|"
                       rf"{_ROUTE}(?:[^—–]+?)\s*[—–]\s*{re.escape(label)}(?![\w-])", re.IGNORECASE)
    return any(route.search(sentence) for sentence in sentences)


#: the genitives that complete an institution's name with its territory: «музей республики», «министерство … области»
_TERRITORY_GENITIVES = frozenset("республика область край город район округ страна россия федерация".split())
_NAME_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")


def ru_name_cut_before_genitive(label: str, sentences: list[str]) -> str | None:
    """The genitive its sentence writes right after ``label``'s words and the label leaves off, when it completes the
    name: a territory («Национальный музей» of «в Национальном музее республики», «Министерство земельных и
    имущественных отношений» of «… отношений Республики Башкортостан») or a capitalised name
    («Приморское территориальное управление» of «… управления Росрыболовства»). A label so cut names a different
    or no body; None when no sentence shows it."""
    words = _NAME_WORD.findall(label)
    if len(words) < 2 or "«" in label or not words[0][:1].isupper():
        return None
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        said = _NAME_WORD.findall(sentence)
        tokens = [(w, _lemma(w)) for w in said]
        for start in range(len(tokens) - len(words)):
            if not all(_same_word(w, t) for w, t in zip(words, tokens[start:start + len(words)])):
                continue
            after = said[start + len(words)]
            if re.search(rf"{re.escape(said[start + len(words) - 1])}\s*[,.;:—«(]", sentence):
                continue  # punctuation between: no genitive of the name
            parses = [p for p in vocab.parse(after.lower())[:3] if p.tag.POS == "NOUN"]
            if not parses or not any("gent" in p.tag for p in parses):
                continue
            lemma = parses[0].normal_form.replace("ё", "е")
            if lemma in _TERRITORY_GENITIVES or (after[:1].isupper() and not any(
                    g in p.tag for p in parses for g in ("Name", "Surn", "Patr"))):
                return after
    return None


def ru_round10_reason(subgraph: Subgraph) -> str | None:
    """Why no Russian question is asked about ``subgraph`` by the classes above, or None."""
    for edge in subgraph.edges:
        for label, kind in ((edge.head_label, edge.head_type), (edge.tail_label, edge.tail_type)):
            cut = ru_name_cut_before_genitive(label, edge.sentences)
            if cut:
                return f"skipped: {label!r} leaves off «{cut}», the genitive its sentence completes the name with"
            if ru_route_end(label, edge.sentences):
                return f"skipped: {label!r} is one end of a route its sentence names by both ends"
            if kind != "date" and _WORD.search(label) and ru_amount_not_said(label, edge.sentences):
                return f"skipped: the amount {label!r} does not stand so in its sentence (two numbers joined)"
        speaker = ru_speaker_subject(edge)
        if speaker:
            return (f"skipped: its sentence says {edge.relation!r} of «{speaker}» in a quote; that {edge.head_label!r} "
                    "is who «" + speaker + "» are is a guess")
        owner = ru_subject_a_genitive(edge)
        if owner:
            return (f"skipped: {edge.head_label!r} is only the genitive of «{owner}», the subject of {edge.relation!r} "
                    "in its sentence")
        if ru_no_doer(edge):
            return (f"skipped: its sentence says {edge.relation!r} with no doer (a plural verb with no subject); "
                    f"{edge.head_label!r} is not who did it")
        dropped = ru_object_left_out(edge)
        if dropped:
            return (f"skipped: {edge.relation!r} leaves out «{dropped}», the direct object or complement its sentence "
                    "gives the verb; the question would ask without the object or complement the verb needs")
    return None
