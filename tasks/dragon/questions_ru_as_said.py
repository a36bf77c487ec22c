"""DRAGON questions, Russian: does a relation or an answer say what its sentence says? The triplet stage
may drop what a word needs («ветропарком мощностью» without its number, «линию по производству» without its
genitive, «обязать» without its infinitive, «показать в» without its object), cut a list («полиэтилен» of
«полиэтилен и технический спирт»), reorder an answer's words, make a passive participle an active verb, or
give an object a preposition its sentence does not. Read by ``questions_ru_checks``, which records the reason.
"""
from __future__ import annotations

import re

from benchmill import nlp
from tasks.dragon.questions_ru_names import _RU_WORD

#: nouns that measure a thing and need their number: «мощностью 50 МВт», «площадью 2 га»; a vessel's too
#: («танкер дедвейтом 7 тысяч тонн», «судно водоизмещением 3 тысячи тонн», «тоннажем»)
_RU_MEASURE = re.compile(
    r"\b(?:мощност|площад|стоимост|протяж[её]нност|длин|ширин|высот|глубин|вместимост|[её]мкост|численност"
    r"|объ[её]м|вес|масс|производительност|грузоподъ[её]мност|диаметр|сумм|дедвейт|водоизмещени|тоннаж)"
    r"(?:ью|ой|ом|ем|ы|и|а|ю|е|у)?\b",
    re.IGNORECASE)
_RU_NUMBER_AFTER = re.compile(r"\s*(?:до|около|более|свыше|почти|не\s+менее|порядка|в)?\s*\d")


def ru_measure_without_number(text: str) -> bool:
    """Does ``text`` hold a measure noun whose number was cut off («ветропарком мощностью»)?"""
    for match in _RU_MEASURE.finditer(text):
        word = match.group(0).lower()
        if not word.endswith(("ью", "ой", "ом", "ем")):  # the instrumental of measure: «мощностью», «массой», «тоннажем»
            continue
        if not _RU_NUMBER_AFTER.match(text[match.end():]):
            return True
    return False


def ru_passive_frame(relation: str, head: str, sentences: list[str]) -> bool:
    """Does the relation's verb, a direct object's (no preposition), stand in its sentences only as a passive
    participle («выставку «…», посвящённую 90-летию художника») while the relation was made an active verb
    («посвятить»), and its subject is no agent in the instrumental («основана предпринимателем Игорем …»
    is the triplet stage's own swap)? Then the subject is what the verb was done to, and «Кого посвятил
    «Сибирский свет»?» asks it as the doer. Undecided (False) when the verb's forms are not found."""
    words = relation.split()
    if not words or words[-1] in _RU_PREPOSITIONS:
        return False
    vocab = nlp.morph_vocab()
    first = _RU_WORD.findall(head)[:1]
    for sentence in sentences if first else ():
        found = [m.group(0).lower() for m in _RU_WORD.finditer(sentence)]
        for at, word in enumerate(found):
            if nlp.lemma_ru(word) != nlp.lemma_ru(first[0].lower()):
                continue
            # the agent is said: «предпринимателем Игорем Шаповаловым», «подрядчиком «Промстроймонтаж»»
            if any(p.tag.case == "ablt" for w in (word, *found[at - 1:at]) for p in vocab.parse(w) if p.tag.POS == "NOUN"):
                return False
    infinitive = next((p.normal_form for p in vocab.parse(words[0].lower()) if p.tag.POS == "INFN"), None)
    if infinitive is None:
        return False
    passive = active = False
    for sentence in sentences:
        for match in _RU_WORD.finditer(sentence):
            for parse in vocab.parse(match.group(0).lower()):
                if parse.normal_form != infinitive or parse.tag.POS not in ("PRTF", "PRTS", "VERB", "INFN"):
                    continue
                if parse.tag.POS in ("PRTF", "PRTS") and "pssv" in parse.tag:
                    passive = True
                else:
                    active = True
                break
    return passive and not active


_RU_TOKEN = re.compile(r"[А-Яа-яЁёA-Za-z0-9]+(?:-[А-Яа-яЁёA-Za-z0-9]+)*")


def _lemmas(text: str) -> list[str]:
    return [nlp.lemma_ru(w.lower()).replace("ё", "е") for w in _RU_TOKEN.findall(text)]


_RU_QUOTED_NAME = re.compile(r"«[A-ZА-ЯЁ0-9]")


def ru_answer_not_as_said(label: str, sentences: list[str]) -> bool:
    """Is a common-noun answer («проект трамвайной линии по шоссе», «своем завод в Новокуйбышевске»,
    «полиэтилен в основном») not one run of words of its sentence, word for word by lemma? Then the
    triplet stage dropped or reordered a word («по Московскому шоссе», «в основном полиэтилен»), or mixed
    cases, and the gold answer reads garbled. Names are exempt: they are often said in full elsewhere —
    a quoted name after the class noun its article gives it too («завод «Северная ткань»», where this
    sentence says only «Северная ткань» or «завод»: rules_ru/class_nouns.py names it so at every mention)."""
    if not label[:1].islower() or not sentences or _RU_QUOTED_NAME.search(label):
        return False
    wanted = _lemmas(label)
    if len(wanted) < 2:
        return False
    for sentence in sentences:
        words = _lemmas(sentence)
        for start in range(len(words) - len(wanted) + 1):
            if words[start:start + len(wanted)] == wanted:
                return False
    return True


def ru_list_cut(label: str, sentences: list[str]) -> bool:
    """Does its sentence go on from the answer with «и» + another of the same list («выпускало
    полиэтилен и технический спирт» → «полиэтилен»)? Then the answer drops a list member."""
    if not label[:1].islower():
        return False
    wanted = _lemmas(label)
    if not wanted:
        return False
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        raw = _RU_TOKEN.findall(sentence)
        words = [nlp.lemma_ru(w.lower()).replace("ё", "е") for w in raw]
        for start in range(len(words) - len(wanted) - 1):
            if words[start:start + len(wanted)] != wanted or raw[start + len(wanted)].lower() != "и":
                continue
            last, after = raw[start + len(wanted) - 1].lower(), raw[start + len(wanted) + 1].lower()
            cases = lambda w: {str(p.tag.case) for p in vocab.parse(w)[:3] if p.tag.POS in ("NOUN", "ADJF")}  # noqa: E731
            if cases(last) & cases(after):
                return True
    return False


#: nouns that need the genitive after them to say anything: actions («замена», «производство») and units
_RU_NEEDS_GENITIVE = frozenset("""
замена ремонт выпуск продажа поставка закупка покупка снос вывоз очистка укладка прокладка реконструкция
модернизация строительство производство проектирование обслуживание содержание переработка добыча
километр метр тонна литр гектар кубометр штука единица часть половина треть
""".split())


def ru_dropped_genitive(text: str, sentences: list[str]) -> bool:
    """Does ``text`` (a label or a relation) end in a noun that needs its genitive («линию по производству»,
    «замена 14 километров») while its sentence goes on with that genitive («полипропилена», «тепловых сетей»)?"""
    words = _RU_TOKEN.findall(text)
    if len(words) > 1 and words[-1].lower() in ("в", "во", "на", "с", "со", "к", "по", "из", "для", "до", "от", "под"):
        words = words[:-1]  # a relation's own preposition: «запустить новую линию по производству на»
    if not words or not words[-1][:1].islower():
        return False
    last = nlp.lemma_ru(words[-1].lower()).replace("ё", "е")
    if last not in _RU_NEEDS_GENITIVE and not last.endswith(("ание", "ение", "ство")):
        return False
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        raw = _RU_TOKEN.findall(sentence)
        for index, word in enumerate(raw[:-1]):
            if word.lower() != words[-1].lower():
                continue
            after = raw[index + 1]
            parses = vocab.parse(after.lower())
            if after[:1].islower() and parses and parses[0].tag.POS in ("NOUN", "ADJF", "PRTF") and "gent" in parses[0].tag:
                return True
    return False


#: verbs that ask someone to do something: «обязал Ершова возместить ущерб» says nothing without the infinitive
_RU_CONTROL_VERBS = frozenset({
    "обязать", "обязывать", "попросить", "просить", "призвать", "призывать", "заставить", "заставлять", "убедить",
    "уговорить", "разрешить", "разрешать", "запретить", "запрещать", "поручить", "поручать", "пригласить",
    "приглашать", "вынудить", "рекомендовать", "предложить", "помочь", "помогать",
})


#: verbs whose own subject does what their infinitive says: «согласилась купить акции у семьи» read as
#: «согласиться у» asks «Какая организация согласилась у семьи ...?», a verb without what it agreed to
_RU_SUBJECT_CONTROL_VERBS = frozenset({
    "согласиться", "соглашаться", "планировать", "намереваться", "собираться", "решить", "решать", "пообещать",
    "обещать", "отказаться", "отказываться", "договориться", "договариваться", "надеяться", "рассчитывать",
    "стремиться", "готовиться", "хотеть", "захотеть",
})


def ru_dropped_infinitive(relation: str, sentences: list[str]) -> bool:
    """A verb of asking or obliging, or of agreeing or planning, whose sentence gives its infinitive («обязал
    Ершова возместить», «согласилась купить 100 % акций») while the relation («обязать», «согласиться у»)
    drops it."""
    words = relation.split()
    if not words or nlp.lemma_ru(words[0].lower()) not in _RU_CONTROL_VERBS | _RU_SUBJECT_CONTROL_VERBS:
        return False
    if any(p.tag.POS == "INFN" for w in words[1:] for p in nlp.morph_vocab().parse(w.lower())[:1]):
        return False
    head = nlp.lemma_ru(words[0].lower())
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        raw = [w.lower() for w in _RU_TOKEN.findall(sentence)]
        for index, word in enumerate(raw):
            if nlp.lemma_ru(word) != head:
                continue
            if any(vocab.parse(w)[0].tag.POS == "INFN" for w in raw[index + 1:index + 6]):
                return True
    return False


def ru_dropped_object(relation: str, tail: str, sentences: list[str]) -> bool:
    """A verb with a preposition and nothing between («показать в») whose sentence puts its direct object
    there («показал четыре спектакля в Санкт-Петербурге», «поступят в продажу 5 декабря» read as «поступить»):
    «Где показала ...?» asks without what was shown."""
    words = relation.lower().split()
    if len(words) != 2 or words[1] not in ("в", "во", "на", "под", "из", "с", "к", "по"):
        return False
    head = nlp.lemma_ru(words[0])
    tail_words = {w.lower() for w in _RU_TOKEN.findall(tail)}
    vocab = nlp.morph_vocab()
    for sentence in sentences:
        raw = [w.lower() for w in _RU_TOKEN.findall(sentence)]
        for index, word in enumerate(raw):
            if nlp.lemma_ru(word) != head or vocab.parse(word)[0].tag.POS not in ("VERB", "INFN"):
                continue
            between = []
            for later in raw[index + 1:index + 6]:
                if later == words[1]:
                    break
                between.append(later)
            else:
                continue
            for later in between:
                if later in tail_words:
                    continue
                parse = vocab.parse(later)[0]
                if parse.tag.POS == "NUMR" or (parse.tag.POS == "NOUN" and "accs" in parse.tag and "inan" in parse.tag):
                    return True
    return False


_RU_PREPOSITIONS = frozenset("""
    в во на с со к ко о об обо из от до по за под подо над при у для без через про между перед из-за из-под
    """.split())
_RU_PREPOSITION_VARIANTS = {"во": "в", "со": "с", "ко": "к", "об": "о", "обо": "о", "подо": "под"}


def ru_preposition_not_said(relation: str, tail: str, sentences: list[str]) -> bool:
    """Does the relation end in a preposition its sentence never puts before the object, while the
    sentence puts another one there? «находится во Владивостоке, на берегу Амурского залива» gave
    «находиться во | берег Амурского залива»: the second place took the first one's preposition, and the
    question says «во береге». Undecided (False) when the object's first word is not found after a
    preposition."""
    words = relation.split()
    if not words or words[-1] not in _RU_PREPOSITIONS or not tail or not tail[:1].isalpha():
        return False
    wanted = _RU_PREPOSITION_VARIANTS.get(words[-1], words[-1])
    vocab = nlp.morph_vocab()
    forms = lambda word: {p.normal_form.replace("ё", "е") for p in vocab.parse(word.lower())}  # noqa: E731
    tail_words = _RU_TOKEN.findall(tail)
    if not tail_words:
        return False
    first = forms(tail_words[0])  # («правом» reads as the noun «право» too: any reading matches)
    said = set()
    for sentence in sentences:
        tokens = [t.lower() for t in _RU_TOKEN.findall(sentence)]
        for index, token in enumerate(tokens[1:], start=1):
            if tokens[index - 1] in _RU_PREPOSITIONS and first & forms(token):
                said.add(_RU_PREPOSITION_VARIANTS.get(tokens[index - 1], tokens[index - 1]))
    return bool(said) and wanted not in said
