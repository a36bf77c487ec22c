"""DRAGON questions, Russian: labels declined for the question — gender and animacy of a noun phrase, a label in
a case (a name its sentences leave undeclined keeps that shape, an adjectival name declines as an adjective), the
name's words in «» as its sentences write them, counts. Moved unchanged from ``questions_ru``."""
from __future__ import annotations

import re

from benchmill import nlp
from schemas import Edge
from tasks.dragon.questions_ru_scope import (
    RU_ORDINAL as _RU_ORDINAL, ru_ordinal_form as _ru_ordinal_form,
    ru_quoted_as_accusative as _ru_quoted_as_accusative,
)
from tasks.dragon.questions_ru_words import (
    _RU_CASE_ALIASES, _RU_NAME_WORD, _RU_PREP_CASE, _RU_PREP_CASES, _RU_QUOTED_SPAN, _RU_WORD, _RU_YEAR,
)
from tasks.dragon.subgraphs import parse_quantity


def _tag_gender(tag) -> str | None:
    """ "plur", "masc", "femn" or "neut" of a pymorphy tag; None where it says none of these (a common-gender
    «сирота», ms-f, says none). A plain str: pymorphy's grammeme type rejects comparisons with "plur"."""
    if tag.number == "plur":
        return "plur"
    return str(tag.gender) if tag.gender in ("masc", "femn", "neut") else None


def _ru_gender(label: str, edge: Edge | None = None) -> str:
    """Grammatical gender of a noun phrase in the nominative (its head noun's), masc if unknown. With ``edge``, whose
    subject is a person named ``label``: that person's (``ru_person_gender``), never a neuter or a plural."""
    if edge is not None and edge.head_type == "person" and label == edge.head_label:
        return ru_person_gender(label, edge.sentences)
    number = re.match(r"\s*(\d[\d\s]*)(?:\s|$)", label)
    if number is not None or (_ru_counted(label) and not label[:1].isdigit()):
        # "три ветропарка работают", "140 человек работают": a count is plural, save one that
        # ends in 1 ("21 сотрудник работает"); "несколько", "два" too
        digits = re.sub(r"\s", "", number.group(1)) if number is not None else ""
        if not (digits.endswith("1") and not digits.endswith("11")):
            return "plur"
    words = re.findall(r"[А-Яа-яЁё-]+", label)
    vocab = nlp.morph_vocab()
    guessed = adjectival = None
    for word in words:
        parses = vocab.parse(word.lower())
        for parse in parses:
            tag = parse.tag
            if tag.POS == "NOUN" and "nomn" in tag:
                gender = _tag_gender(tag)
                if gender is not None and not parse.is_known and word[:1].isupper():
                    # «Идель Флот»: a name's word the dictionary does not know is only guessed a noun (a femn
                    # «идель»); a known noun after it is the head: «Идель Флот» списал, never «списала»
                    guessed = guessed or gender
                    break
                if gender is not None:
                    return gender
                break
        else:
            if adjectival is None and word[:1].isupper() and parses and parses[0].tag.POS == "ADJF" and "nomn" in parses[0].tag:
                # «Белужье», «Сокольское», «Северная»: a name in an adjective's form is a noun of its gender
                # («Белужье» получило, never «получил»)
                adjectival = _tag_gender(parses[0].tag)
    return guessed or adjectival or "masc"


_GENDERS = {"masc": "masc", "femn": "femn", "Masc": "masc", "Fem": "femn"}


def ru_person_gender(label: str, sentences: list[str]) -> str:
    """«masc» or «femn» of the person ``label`` names: a first name or surname the dictionary knows in the
    nominative singular («Алина», «Волкова»); else the gender the tagger reads off its sentences for the name's words
    (a foreign name ending in a vowel: «Антти Лесонен написал», never «написало», «Юсси Аалто», never «написали»,
    which the head-noun reading of ``_ru_gender`` gives); masc if neither says."""
    vocab = nlp.morph_vocab()
    words = re.findall(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*", label)
    for word in words:
        for parse in vocab.parse(word.lower()):
            tag = parse.tag
            if ("Name" in tag or "Surn" in tag) and "sing" in tag and "nomn" in tag and str(tag.gender) in _GENDERS:
                return _GENDERS[str(tag.gender)]
    from tasks.dragon.questions_ru_clauses import _parse  # the sentence parse the other checks share (cached)

    wanted = {w.lower() for w in words}
    for sentence in sentences:
        tokens = _parse(sentence)
        if tokens is None:  # no parse (none, or it failed): the parse only helps, a question is never lost for it
            continue
        for text, _, pos, _, _, _, gender in tokens:
            if text.lower() in wanted and pos == "PROPN" and gender in _GENDERS:
                return _GENDERS[gender]
    return "masc"


def _ru_inflect(label: str, case: str, edge: Edge | None = None) -> str:
    """``label`` (nominative) in ``case``; a year is a date, not an amount ("с 2027 года").

    With ``edge``: a quoted name its sentences leave undeclined keeps that shape — after its
    common noun in the same case, "фонду «Восход Капитал»", or alone after a preposition,
    "для «Кедр Моторс»" (never the half-declined "для Кедра Моторс").
    """
    if case == "nomn":
        return label
    year = _RU_YEAR.fullmatch(label)
    if year is not None:
        return f"{year.group(1)} {'году' if case == 'loct' else nlp.inflect_ru('год', case)}"  # «в 1992 году», not «годе»
    ordinal = _RU_ORDINAL.match(label)
    if ordinal is not None:
        # «10-й номер» under «под»: the quantity reader keeps it as written, which is the nominative
        return _ru_ordinal_form(label, case, edge)
    if parse_quantity(label, "ru") is not None:
        return label
    if edge is not None:
        if case == "accs" and _ru_quoted_as_accusative(edge, label):
            return label  # «выступал за «Оружейник»»: a name in «» is a thing, its accusative its nominative
        kept = _ru_undeclined_name(edge, label, case) or _ru_form_in_sentences(edge, label, case)
        if kept is not None:
            return kept
    return nlp.inflect_ru(label, case)


def _ru_same_word(a: str, b: str) -> bool:
    """One word in two forms: by its best lemma, or by a lemma any of their parses share («барсов», whose best
    parse is the adjective «барсов», is «барсы» of «Северные барсы»)."""
    a, b = a.lower().replace("ё", "е"), b.lower().replace("ё", "е")
    if a == b or nlp.lemma_ru(a) == nlp.lemma_ru(b):
        return True
    vocab = nlp.morph_vocab()
    return bool({p.normal_form for p in vocab.parse(a) if p.tag.POS == "NOUN"}
                & {p.normal_form for p in vocab.parse(b) if p.tag.POS == "NOUN"})


def _ru_quoted_words(label: str, sentences: list[str]) -> int:
    """How many of the label's last words its sentences write inside «»: all of them for "Речник"
    when a sentence says «Речник» (or «Речником»), one for "клуб Речник" in "клубом «Речник»",
    0 when the text does not quote the name (a person, a place, "Законодательное собрание")."""
    words = label.split()
    if not words or "«" in label or "»" in label:
        return 0
    for sentence in sentences:
        for match in _RU_QUOTED_SPAN.finditer(sentence):
            quoted = match.group(1).split()
            k = len(quoted)
            if not 0 < k <= len(words) or not words[-k][:1].isupper() and not words[-k][:1].isdigit():
                continue
            if not all(_ru_same_word(a, b) for a, b in zip(words[-k:], quoted)):
                continue
            if k < len(words):
                # a class noun before the name ("клуб Речник"): the sentence writes it right before the quote
                before = _RU_NAME_WORD.findall(sentence[: match.start()])[-(len(words) - k):]
                if len(before) != len(words) - k or not all(_ru_same_word(a, b) for a, b in zip(words[:-k], before)):
                    continue
            return k
    return 0


def _ru_quote(label: str, form: str, sentences: list[str]) -> str:
    """``form`` (``label`` as the question declines it) with the name's words in «», as its sentences
    write them: "Речник" → "«Речник»", "с Металлургом" of «Металлург» → "с «Металлургом»",
    "клубом Речник" → "клубом «Речник»". A form that already carries quotes, or whose words are not
    the label's one for one, is left as it is."""
    if "«" in form or "»" in form:
        return form
    k = _ru_quoted_words(label, sentences)
    parts = form.split()
    if not k or len(parts) != len(label.split()):
        return form
    return " ".join(parts[:-k] + [f"«{' '.join(parts[-k:])}»"])


def _ru_form_in_sentences(edge: Edge, label: str, case: str) -> str | None:
    """The label as its sentences write it in ``case``: "в «Северном порту»" gives "Северном порту"
    (pymorphy's plain locative would be «порте»)."""
    label_words = _RU_WORD.findall(label)
    if not label_words or len(label_words) != len(label.split()) or "«" in label:
        return None
    vocab = nlp.morph_vocab()

    def normals(word: str) -> set[str]:
        # every reading and the word itself, not the likeliest reading: "Абрамцев" is a surname
        # (whose accusative "Абрамцева" pymorphy reads as of "абрамцев") though its own readings
        # are all of "абрамец"
        word = word.lower().replace("ё", "е")
        return {word} | {p.normal_form.replace("ё", "е") for p in vocab.parse(word)}

    lemmas = [normals(w) for w in label_words]
    for sentence in edge.sentences:
        words = _RU_WORD.findall(sentence)
        for start in range(len(words) - len(lemmas) + 1):
            window = words[start : start + len(lemmas)]
            if not all(normals(w) & wanted for w, wanted in zip(window, lemmas)):
                continue
            last = window[-1].lower()
            cases = {_RU_CASE_ALIASES.get(str(p.tag.case), str(p.tag.case)) for p in vocab.parse(last)
                     if p.normal_form.replace("ё", "е") in lemmas[-1]}
            if case in cases:
                return " ".join(window)
    return None


def _ru_adjective_name(label: str) -> bool:
    """Is the name only adjectives ("Прибрежный", "Северная Звезда" is not): no head noun for
    ``nlp.inflect_ru`` to decline, so it would stay in the nominative whatever the verb wants."""
    words = _RU_WORD.findall(label)
    vocab = nlp.morph_vocab()
    def adjective(word: str) -> bool:  # by its likeliest reading, a known full adjective ("порт" has a Fixd one)
        parses = vocab.parse(word.lower())
        return bool(parses) and parses[0].is_known and parses[0].tag.POS == "ADJF" and "Fixd" not in parses[0].tag

    return bool(words) and len(words) == len(label.split()) and all(adjective(w) for w in words)


def _ru_adjective_form(label: str, case: str, gender: str) -> str | None:
    """An adjectival name declined as the adjective it is, in the gender of the noun it names:
    "Прибрежный" (стадион) → "Прибрежном" for loct."""
    from pymorphy2.analyzer import Parse

    vocab, out = nlp.morph_vocab(), []
    grammeme = {"nomn": "nomn", "gent": "gent", "datv": "datv", "accs": "accs", "ablt": "ablt", "loct": "loct"}[case]
    for word in label.split():
        parse = next((p for p in vocab.parse(word.lower()) if p.tag.POS == "ADJF" and "nomn" in p.tag), None)
        wanted = {grammeme, "plur"} if gender == "plur" else {grammeme, gender}
        if grammeme == "accs" and gender in ("masc", "plur"):
            wanted.add("inan")
        form = Parse.inflect(parse, wanted) if parse is not None else None
        if form is None:
            return None
        out.append(form.word[:1].upper() + form.word[1:] if word[:1].isupper() else form.word)
    return " ".join(out)


def _ru_undeclined_name(edge: Edge, label: str, case: str) -> str | None:
    adjective = _ru_adjective_name(label)
    quoted = f"«{label}»"
    if "-" in label and " " not in label and label[:1].isupper() and any(quoted in s for s in edge.sentences):
        # «Тверь-Кредит»: a compound name half of which would decline ("Тверью-Кредитом"); kept as written,
        # after its common noun when the sentence has one in this case
        kept = _ru_undeclined_after_noun(edge, quoted, case)
        return kept or quoted
    if nlp.inflect_ru(label, case) == label and not adjective:
        return None  # the case does not change the name ("приобрела Балтийский транзит")
    if adjective:
        # "Прибрежный", a stadium: said with its common noun, as the source says it ("на стадионе
        # «Прибрежный»"), else declined as the adjective it is, in that noun's gender
        for sentence in edge.sentences:
            at = sentence.replace("ё", "е").find(quoted.replace("ё", "е"))
            before = _RU_WORD.findall(sentence[:at]) if at >= 0 else []
            if before and before[-1][:1].islower() and _ru_noun(before[-1].lower()):
                noun = next((p for p in nlp.morph_vocab().parse(before[-1].lower()) if p.tag.POS == "NOUN"), None)
                if noun is not None:
                    return f"{nlp.inflect_ru(noun.normal_form, case)} {quoted}"
        return _ru_adjective_form(label, case, "masc")
    for sentence in edge.sentences:
        at = sentence.replace("ё", "е").find(quoted.replace("ё", "е"))
        if at < 0:
            continue
        before = _RU_WORD.findall(sentence[:at])
        if not before:
            continue
        word = before[-1]
        lowered = word.lower()
        if lowered in _RU_PREP_CASE:
            # "в «Маяк»" is an accusative that looks nominative: only a name that would
            # change in this case and stayed as it is shows the source does not decline it
            if case in _RU_PREP_CASES.get(lowered, (_RU_PREP_CASE[lowered],)):
                return quoted
            continue
        if word[:1].islower() and _ru_noun(lowered) and any(
            p.tag.POS == "NOUN" and _RU_CASE_ALIASES.get(str(p.tag.case), str(p.tag.case)) == case
            for p in nlp.morph_vocab().parse(lowered)
        ):
            if _ru_names_itself(lowered, label):
                return None
            return f"{lowered} {quoted}"
    return None


def _ru_names_itself(noun: str, label: str) -> bool:
    """Does the name already hold its common noun ("область" in «Свердловская область»)?"""
    lemma = nlp.lemma_ru(noun)
    return any(nlp.lemma_ru(w.lower()) == lemma for w in _RU_WORD.findall(label))


def _ru_undeclined_after_noun(edge: Edge, quoted: str, case: str) -> str | None:
    """ "банк «Тверь-Кредит»" in ``case`` ("с банком «Тверь-Кредит»") when a sentence puts a common noun right
    before the name; None otherwise."""
    for sentence in edge.sentences:
        at = sentence.find(quoted)
        before = _RU_WORD.findall(sentence[:at]) if at >= 0 else []
        if before and before[-1][:1].islower() and _ru_noun(before[-1].lower()):
            noun = next((p for p in nlp.morph_vocab().parse(before[-1].lower()) if p.tag.POS == "NOUN"), None)
            if noun is not None and not _ru_names_itself(noun.normal_form, quoted):
                return f"{nlp.inflect_ru(noun.normal_form, case)} {quoted}"
    return None


def _ru_animate(label: str, sentences: list[str] = ()) -> bool:
    """Does a common-noun phrase name a person ("подрядчик", "новый игрок")? Its first noun's likeliest reading,
    unless its sentence uses a plural as an inanimate object: "поставила автоматические погрузчики" (machines;
    people would be "погрузчиков")."""
    if not label or not label[:1].islower():
        return False
    for word in _RU_WORD.findall(label):
        parses = nlp.morph_vocab().parse(word.lower())
        if parses and parses[0].tag.POS == "NOUN":  # "новый" has a (surname) noun reading too
            if "anim" in parses[0].tag and "plur" in parses[0].tag and "nomn" in parses[0].tag \
                    and any(re.search(rf"\b\w+\s+{re.escape(label)}\b", s) and not s.startswith(label[:1].upper() + label[1:])
                            for s in sentences):
                return False
            return "anim" in parses[0].tag
    return False


def _ru_noun(word: str) -> bool:
    """Is a lowercase word, by its likeliest reading, a common noun (not "в", read as вольт)?"""
    parses = nlp.morph_vocab().parse(word)
    return word not in _RU_PREP_CASE and bool(parses) and parses[0].tag.POS == "NOUN"


def _ru_oblique_amount(label: str) -> bool:
    """Is an amount's counted noun in the instrumental, dative or locative ("86 аптеками")?"""
    words = [w.lower() for w in _RU_WORD.findall(label) if w.lower() not in ("тыс", "млн", "млрд")]
    if not words:
        return False
    cases = {str(p.tag.case) for p in nlp.morph_vocab().parse(words[0]) if p.tag.POS == "NOUN"}
    return bool(cases) and not cases & {"nomn", "gent", "accs", "gen2", "acc2"}


def _ru_counted(label: str) -> bool:
    """Does the label start with a number ("три парома", "2139 автомобилей", "несколько судов")?"""
    words = label.split()
    if not words:
        return False
    first = words[0].lower()
    if first[:1].isdigit():
        return True
    return any(p.tag.POS == "NUMR" or first in ("несколько", "много", "мало") for p in nlp.morph_vocab().parse(first)[:2])
