"""Russian rules triplets: word-level morphology over natasha / pymorphy (lemmas, animacy, the
nominative of a name natasha could not normalise).
"""
from __future__ import annotations

import re

from tasks.dragon.rules_ru.lexicon import (
    _RU_ANAPHORS, _RU_GENERIC_ORGS, _RU_NAME_ENDINGS, _RU_NAME_GRAMMEMES, _RU_NOT_COMPANIES, _RU_STAFF, _RU_UD_CASES,
    _RU_UNITS,
)

#: nouns of a body: a sentence's first «Следственный отдел», «Верховный суд» may be its name
_RU_BODIES = _RU_ANAPHORS | _RU_GENERIC_ORGS | _RU_NOT_COMPANIES | _RU_UNITS | _RU_STAFF


def _nominative_word(vocab, token, inflected: str) -> str:
    """natasha's nominative, or, where it kept an oblique form because the tagger's gender was
    off ("главой", a masculine noun of the feminine declension), pymorphy's nominative of the
    reading in the token's case and number."""
    grammeme = _RU_UD_CASES.get((token.feats or {}).get("Case"))
    if grammeme is None or inflected != token.text.lower().replace("ё", "е") or token.pos != "NOUN":
        return inflected
    number = "plur" if (token.feats or {}).get("Number") == "Plur" else "sing"
    for parse in vocab.parse(token.text.lower()):
        if parse.tag.POS == "NOUN" and grammeme in parse.tag and number in parse.tag:
            from pymorphy2.analyzer import Parse

            form = Parse.inflect(parse, {"nomn", number})
            if form is not None:
                return form.word.replace("ё", "е")
    return inflected


def _common_noun(vocab, token) -> bool:
    """Is the word, by pymorphy's likeliest reading, a dictionary common noun (no name, place or
    brand, nor a guess at an unknown word such as "Робопорт")?"""
    parses = vocab.parse(token.text.lower())
    return (bool(parses) and parses[0].is_known and parses[0].tag.POS == "NOUN"
            and not any(g in parses[0].tag for g in _RU_NAME_GRAMMEMES))


def _capitalised_common(vocab, token) -> bool:
    """Is a capitalised word a common noun all the same: every reading pymorphy has of it a known
    common noun, none a name ("Курьер", "Дубль"; not "Вера", "Роман", "Газпром", nor an unknown word)?"""
    if not token.text[:1].isupper() or not token.text.isalpha():
        return False
    parses = vocab.parse(token.text.lower())
    return bool(parses) and all(p.is_known and p.tag.POS == "NOUN" and not any(g in p.tag for g in _RU_NAME_GRAMMEMES)
                                for p in parses)


def _dative(token) -> bool:
    """An indirect object: the parser's iobj, or an "obj" in the dative ("передало больнице томограф")."""
    return token.rel == "iobj" or (token.feats or {}).get("Case") == "Dat"


# numerals of no definite count: "несколько лет" says no number a question can ask for
_VAGUE_NUMERALS = frozenset({"несколько", "сколько", "столько"})


def numeral_word(vocab, word: str) -> bool:
    """Is the word a numeral by its form ("четырём", "десяти", "пятерым"), whatever the tagger called
    it? A vague count ("нескольких") is none."""
    parses = vocab.parse(word.lower())[:1]
    return bool(parses) and parses[0].tag.POS == "NUMR" and parses[0].normal_form not in _VAGUE_NUMERALS


def _animate(vocab, token) -> bool:
    """Is the common noun a kind of person ("форвард", "министр")? The tagger's reading in context
    ("спасателям" is people, though pymorphy's likeliest reading is a device) or pymorphy's
    likeliest noun reading ("лётчиками-наблюдателями", which the tagger misses)."""
    if (token.feats or {}).get("Animacy") == "Anim" and token.pos == "NOUN":
        return True
    for parse in vocab.parse(token.text.lower()):
        if parse.tag.POS == "NOUN":
            return "anim" in parse.tag
    return False


def _name_lemma(vocab, token) -> str:
    """A name word's nominative: for a word tagged nominative, pymorphy's nominative reading of the
    tagged gender ("Гуськин" is a masculine surname, not the genitive plural of «гуськина» that pymorphy
    likes best), or the word as written when pymorphy has no such reading ("Калитин"); otherwise its lemma."""
    feats = token.feats or {}
    if feats.get("Case") != "Nom":
        return _lemma(vocab, token)
    gender = {"Masc": "masc", "Fem": "femn", "Neut": "neut"}.get(feats.get("Gender"))
    number = {"Sing": "sing", "Plur": "plur"}.get(feats.get("Number"))
    for parse in vocab.parse(token.text.lower()):
        tag = parse.tag
        if tag.POS == "NOUN" and "nomn" in tag and (gender is None or gender in tag or "GNdr" in tag) \
                and (number is None or number in tag):
            return parse.normal_form.replace("ё", "е")
    return token.text.lower().replace("ё", "е")


def _unquote(name: str) -> str:
    """ "Авиакомпания «Северный ветер" (natasha's span took the noun and one quote) → "Северный ветер"."""
    if "«" in name:
        name = name.split("«", 1)[1]
    return name.replace("»", "").replace("«", "").strip() or name


def _lemma(vocab, token) -> str:
    if token.lemma is None:
        token.lemmatize(vocab)
    return token.lemma.replace("ё", "е")


def _person_normals(spans, vocab) -> None:
    """A person's surname in the case and gender of the first name before it: natasha gives
    "Людмила Гранову" for "Людмилу Гранову" (its tagger took the surname for masculine)."""
    from pymorphy2.analyzer import Parse

    for span in spans:
        words = span.normal.split()
        if span.type != "PER" or len(words) != len(span.tokens) or len(words) < 2:
            continue
        first = span.tokens[0].feats or {}
        gender = {"Fem": "femn", "Masc": "masc"}.get(first.get("Gender"))
        grammeme = {"Acc": "accs", "Gen": "gent", "Dat": "datv", "Ins": "ablt", "Loc": "loct"}.get(first.get("Case"))
        if gender is None or grammeme is None:
            continue
        for position, token in enumerate(span.tokens[1:], start=1):
            for parse in vocab.parse(token.text.lower()):
                tag = parse.tag
                if ("Surn" in tag or "Patr" in tag) and gender in tag and grammeme in tag:
                    nominative = Parse.inflect(parse, {"nomn"})
                    if nominative is not None:
                        words[position] = nominative.word.capitalize()
                    break
            else:
                # a surname pymorphy does not know as one ("Олега Лисина": its only reading is an
                # adjective): the -ов/-ин paradigm of the first name's gender gives its nominative
                if words[position] == token.text:
                    words[position] = _surname_nominative(token.text, gender, grammeme)
                # a man's foreign surname in a consonant ("Олега Вирта", natasha's "Вирта"; "Игоря Кярта",
                # natasha's guessed "Кярот") is its stem, a form the text writes, or a known noun's own
                # nominative ("Ивана Орла": "Орёл"); a surname pymorphy knows as indeclinable ("Дюма") is kept
                parses = vocab.parse(token.text.lower())
                stem = _consonant_surname_nominative(token.text, gender, grammeme)
                if stem != token.text and not any("Fixd" in p.tag or "Surn" in p.tag for p in parses):
                    noun = next((p.normal_form for p in parses if p.is_known and p.tag.POS == "NOUN"
                                 and "masc" in p.tag and grammeme in p.tag), None)
                    words[position] = noun.capitalize() if noun else stem
        span.normal = " ".join(words)


#: the case endings of -ов/-ев/-ин/-ын surnames, by gender and case, and what the nominative ends in instead
_SURNAME_CASE_ENDINGS = {
    ("masc", "gent"): ("а", ""), ("masc", "accs"): ("а", ""), ("masc", "datv"): ("у", ""),
    ("masc", "ablt"): ("ым", ""), ("masc", "loct"): ("е", ""),
    ("femn", "gent"): ("ой", "а"), ("femn", "datv"): ("ой", "а"), ("femn", "ablt"): ("ой", "а"),
    ("femn", "loct"): ("ой", "а"), ("femn", "accs"): ("у", "а"),
}


def _surname_nominative(word: str, gender: str, grammeme: str) -> str:
    """The nominative of a declined -ов/-ев/-ин/-ын surname ("Лисина" after "Олега" → "Лисин",
    "Котовой" after "Анны" → "Котова"); the word as written for any other shape."""
    ending, nominative = _SURNAME_CASE_ENDINGS.get((gender, grammeme), (None, None))
    if ending is None or not re.fullmatch(r"[А-ЯЁ][а-яё]+", word):
        return word
    stem = word[: -len(ending)]
    if not word.endswith(ending) or not re.search(r"(ов|ев|ёв|ин|ын)$", stem) or len(stem) < 4:
        return word
    return stem + nominative


#: the endings a man's surname ending in a hard consonant takes in each oblique case ("Шмидт": "Шмидта",
#: "Шмидту", "Шмидтом", "Шмидте"); a man's surname ending in -а declines like "папа" ("Вирта": "Вирты"),
#: so "Олега Вирта" can only be the genitive of "Вирт"
_CONSONANT_SURNAME_ENDINGS = {"gent": "а", "accs": "а", "datv": "у", "ablt": "ом", "loct": "е"}


def _consonant_surname_nominative(word: str, gender: str, grammeme: str) -> str:
    """The nominative of a man's declined surname that ends in a hard consonant and that pymorphy does
    not know as a surname ("Олега Вирта" → "Вирт", "с Виктором Лимом" → "Лим"); the word as written
    for a woman (her surname in a consonant does not decline) or any other shape."""
    ending = _CONSONANT_SURNAME_ENDINGS.get(grammeme)
    if gender != "masc" or ending is None or not word.endswith(ending):
        return word
    stem = word[: -len(ending)]
    if len(stem) < 3 or not re.search(r"[бвгдзклмнпрстфхц]$", stem):
        return word
    return stem


def _name_stems(spans, text: str = "") -> None:
    """A name natasha could not normalise ("генеральный директор «ГридЛаба»": pymorphy does not
    know the word) takes the nominative the same text gives elsewhere ("Компания «ГридЛаб» ...",
    a span or a quoted name the NER missed)."""
    normals = {_unquote(span.normal) for span in spans} | set(re.findall(r"«([^«»]{2,60})»", text))
    for span in spans:
        name = _unquote(span.normal)
        if span.type == "PER":
            continue  # a surname has its own rules (_person_normals)
        for ending in _RU_NAME_ENDINGS:
            stem = name[: -len(ending)]
            # "МУП «Горводосеть»" then "директор «Горводосети»"; a stem ending in a vowel takes its
            # own ending back ("«Здравицы»" for "Здравица": the text's "«Здравица»")
            for nominative in (stem, stem + "а", stem + "я", stem + "ь", stem + "о"):
                if name.endswith(ending) and len(stem) >= 3 and nominative in normals and nominative != name:
                    span.normal = span.normal.replace(name, nominative) if name in span.normal else nominative
                    break
            else:
                continue
            break


def _inflected(vocab, token, grammemes: set[str]) -> str:
    """The word in other grammemes ("сделка" → "сделку" for {"accs"}), by pymorphy's reading that
    agrees with the tagger's part of speech, case and number; the word as written when none does."""
    text = token.text.lower()
    case = _RU_UD_CASES.get((token.feats or {}).get("Case")) or ("nomn" if (token.feats or {}).get("Case") == "Nom" else None)
    number = {"Sing": "sing", "Plur": "plur"}.get((token.feats or {}).get("Number"))
    kinds = {"NOUN": ("NOUN",), "ADJ": ("ADJF", "PRTF"), "PROPN": ("NOUN",), "NUM": ("NUMR",)}.get(token.pos, ())
    parses = vocab.parse(text)
    if not any(p.tag.POS in kinds and (not case or case in p.tag) for p in parses):
        case = None  # the tagger's case is none of the word's ("георадара" tagged instrumental)
    for parse in parses:
        tag = parse.tag
        if tag.POS not in kinds or (case and case not in tag) or (number and number not in tag and tag.POS != "NUMR"):
            continue
        wanted = set(grammemes)
        if tag.POS != "NOUN" and not ("masc" in tag or "plur" in tag):
            wanted -= {"anim", "inan"}
        if tag.POS == "NOUN":
            wanted -= {"anim", "inan"}
        from pymorphy2.analyzer import Parse

        form = Parse.inflect(parse, wanted)
        if form is not None:
            return form.word.replace("ё", "е") if "ё" not in text else form.word
    return token.text.lower()


_RU_SURNAME_ENDINGS = ("ого", "ому", "ыми", "ым", "ой", "ою", "ом", "у", "а", "е", "ы")


def _surname_stem(word: str) -> str:
    """A surname without its case (and feminine) ending: "Сомова", "Сомову", "Сомов" → "сомов"."""
    word = word.lower().replace("ё", "е")
    for ending in _RU_SURNAME_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word


def _person_canonical(spans) -> None:
    """One name per person in an article: a full name as the text gives it in the nominative
    ("Олег Сомов" for "46-летнего Олега Сомова", natasha's "Олег Сомова"), and a surname alone
    later ("Обухов", "по словам Зверева") is that full name."""
    groups: dict[str, list] = {}
    for span in spans:
        if span.type == "PER" and span.normal.split():
            groups.setdefault(_surname_stem(span.normal.split()[-1]), []).append(span)
    for stem, members in groups.items():
        full = [s for s in members if len(s.normal.split()) >= 2]
        if not full:
            continue
        firsts = {s.normal.split()[0] for s in full}
        if len(firsts) > 1:
            continue  # two people of one family name: left as they are
        nominative = [s for s in full if (s.tokens[0].feats or {}).get("Case") == "Nom"]
        canonical = (nominative or full)[0].normal
        alone = [s for s in members if len(s.tokens) == 1 == len(s.normal.split())
                 and (s.tokens[0].feats or {}).get("Case") == "Nom"]
        if not nominative and alone and canonical.split()[-1] != alone[0].normal:
            # "с финским защитником Микко Ронкайненом" (an indeclinable first name: natasha keeps
            # the instrumental), then "Ронкайнен присоединится ...": the text's own nominative
            canonical = " ".join([*canonical.split()[:-1], alone[0].normal])
        for span in members:
            span.normal = canonical


def _org_normals(spans) -> None:
    """An organisation's name written in the nominative is its name as written: natasha's
    normaliser turns «Ястребы» into "Ястреба" (a plural it takes for a genitive)."""
    for span in spans:
        if span.type != "ORG" or not span.tokens:
            continue
        # (a word the tagger gives no case, «Онего Аквакультура»'s foreign first word, is indeclinable)
        cases = {(t.feats or {}).get("Case") for t in span.tokens if t.pos in ("NOUN", "PROPN", "ADJ")} - {None}
        if cases and cases <= {"Nom"}:
            span.normal = span.text
            continue
        declined = re.fullmatch(r"([А-ЯЁA-Z]{2,}(?:-[А-ЯЁA-Z0-9]+)*)-?[а-яё]{1,3}", span.text.strip())
        if declined and len(span.tokens) == 1:
            span.normal = declined.group(1)  # "выпускница ГИТИСа": an abbreviation declined by its ending is "ГИТИС"


def _adjective_normals(spans, vocab) -> None:
    """The adjectives of a name agree with its nominative head noun: natasha gives «Окской гавань» for
    «Окской гавани» (the tagger read the adjective as a nominative plural, so the normaliser kept it) and
    «Тверских ястребы» for a plural team name. An adjective before the head that no reading lets agree
    with it takes the head's case, number and gender (pymorphy's inflection of its own reading)."""
    from pymorphy2.analyzer import Parse

    for span in spans:
        words = span.normal.split()
        if span.type == "PER" or len(words) < 2 or len(words) != len(span.tokens):
            continue
        # (a place adjective tagged a name, «Стерлитамакских соколов», is an adjective by its likeliest reading)
        # but a name's word the tagger gives no case (a foreign, indeclinable word: "Онего" read by
        # pymorphy as a genitive of "оний") is written as the text writes it
        adjectival = [t.pos == "ADJ" or t.pos == "PROPN" and i + 1 < len(words) and (t.feats or {}).get("Case")
                      and vocab.parse(words[i].lower())[0].tag.POS == "ADJF" for i, t in enumerate(span.tokens)]
        head_index = next((i for i, t in enumerate(span.tokens) if t.pos in ("NOUN", "PROPN") and not adjectival[i]), None)
        if not head_index:
            continue
        heads = [p for p in vocab.parse(words[head_index].lower()) if p.tag.POS == "NOUN" and "nomn" in p.tag]
        if not heads and span.type == "ORG":
            # «Сибирских рысей» normalised «Сибирские рысей»: a plural head natasha left declined, whose
            # every reading is an oblique plural, takes its nominative plural
            plural = [p for p in vocab.parse(words[head_index].lower()) if p.tag.POS == "NOUN" and "plur" in p.tag]
            if plural and len(plural) == len([p for p in vocab.parse(words[head_index].lower()) if p.tag.POS == "NOUN"]):
                form = Parse.inflect(plural[0], {"nomn", "plur"})
                if form is not None:
                    word = form.word
                    words[head_index] = word.capitalize() if words[head_index][:1].isupper() else word
                    heads = [p for p in vocab.parse(word) if p.tag.POS == "NOUN" and "nomn" in p.tag]
        if not heads:
            continue
        head = heads[0].tag
        wanted = {"nomn", head.number or "sing"} | ({head.gender} if head.number == "sing" and head.gender else set())
        for position in range(head_index):
            parses = [p for p in vocab.parse(words[position].lower()) if p.tag.POS in ("ADJF", "PRTF")]
            if not parses or not adjectival[position]:
                continue  # not tagged an adjective, or no adjective reading: left as written
            if any(wanted <= set(p.tag.grammemes) or (head.number == "plur" and {"nomn", "plur"} <= set(p.tag.grammemes))
                   for p in parses):
                continue
            form = Parse.inflect(parses[0], wanted)
            if form is not None:
                word = form.word.replace("ё", "е") if "ё" not in words[position] else form.word
                words[position] = word.capitalize() if words[position][:1].isupper() else word
        span.normal = " ".join(words)


def _place_normals(spans, vocab) -> None:
    """A place's name keeps the number its words are written in: natasha gives "Сормовский районы"
    for "Сормовского района" (a genitive singular it read as a plural); pymorphy's nominative of the
    reading in the tagged case and number mends the noun."""
    from pymorphy2.analyzer import Parse

    for span in spans:
        words = span.normal.split()
        if span.type != "LOC" or len(words) != len(span.tokens):
            continue
        if len(span.tokens) == 1 and (span.tokens[0].feats or {}).get("Case") not in (None, "Nom"):
            # "в Балакове": natasha left the locative; pymorphy knows the town ("Балаково"), a neuter
            # -ово name first ("в Кстове" is Кстово, natasha's "Кстов")
            places = [p for p in vocab.parse(span.tokens[0].text.lower()) if "Geox" in p.tag and p.tag.case != "nomn"]
            places.sort(key=lambda p: "neut" not in p.tag)
            if places:
                written = span.tokens[0].text.split("-")
                parts = places[0].normal_form.replace("ё", "е").split("-")
                abbreviation = "Abbr" in places[0].tag
                span.normal = "-".join(p.upper() if abbreviation and i < len(written) and written[i].isupper()
                                       else p.capitalize() if i >= len(written) or written[i][:1].isupper() else p
                                       for i, p in enumerate(parts))  # "Санкт-Петербург", "Ростов-на-Дону"
                # ("в ОАЭ", "в США": an abbreviation written in capitals keeps them, never «Оаэ», «Сша»)
                continue
        # "в Автозаводском и Сормовском районах": a singular adjective says the noun is one district
        adjectives = {(t.feats or {}).get("Number") for t in span.tokens if t.pos == "ADJ"} - {None}
        said = next(iter(adjectives)) if len(adjectives) == 1 else None
        for position, token in enumerate(span.tokens):
            feats = token.feats or {}
            number = {"Sing": "sing", "Plur": "plur"}.get(said or feats.get("Number"))
            if token.pos != "NOUN" or number is None:
                continue
            normal = next((p for p in vocab.parse(words[position].lower()) if p.tag.POS == "NOUN"), None)
            if normal is None or number in normal.tag:
                continue
            grammeme = _RU_UD_CASES.get(feats.get("Case")) or "nomn"
            written = {"Sing": "sing", "Plur": "plur"}.get(feats.get("Number"), number)
            for parse in vocab.parse(token.text.lower()):
                if parse.tag.POS == "NOUN" and grammeme in parse.tag and written in parse.tag:
                    form = Parse.inflect(parse, {"nomn", number})
                    if form is not None:
                        word = form.word.replace("ё", "е")
                        words[position] = word.capitalize() if words[position][:1].isupper() else word
                    break
        span.normal = " ".join(words)


_RU_STEM_ALTERNATIONS = (("щ", "т"), ("ж", "з"), ("ж", "д"), ("ч", "т"), ("вл", "в"), ("бл", "б"), ("пл", "п"),
                         ("мл", "м"), ("ш", "с"))


def _verb_of_noun(vocab, noun: str, aspect: str | None) -> str | None:
    """The verb a noun of action is made from, by Russian word formation checked against
    pymorphy's dictionary: "поставка" → "поставить" / "поставлять" (the one of ``aspect``, "perf" /
    "impf", when both exist), "открытие" → "открыть", "реализация" → "реализовать", "сокращение" →
    "сократить"; None when no known verb fits."""
    noun = noun.lower().replace("ё", "е")
    stems: list[tuple[str, tuple[str, ...]]] = []
    if noun.endswith("ка"):
        stems.append((noun[:-2], ("ить", "лять", "ять", "ать", "овать")))
    for ending in ("ение", "ание", "яние"):
        if noun.endswith(ending):
            stem = noun[: -len(ending)]
            stems.append((stem, ("ить", "ать", "ять", "еть", "овать")))
            stems += [(stem[: -len(a)] + b, ("ить",)) for a, b in _RU_STEM_ALTERNATIONS if stem.endswith(a)]
    if noun.endswith("тие"):
        stems.append((noun[:-3], ("ть",)))
    if noun.endswith("ация"):
        stems.append((noun[:-4], ("овать", "ировать")))
    if noun.endswith("тельство"):
        stems.append((noun[:-8], ("ть",)))
    found = []
    for stem, endings in stems:
        for ending in endings:
            candidate = stem + ending
            parses = vocab.parse(candidate)
            if parses and parses[0].tag.POS == "INFN" and parses[0].is_known and candidate not in found:
                found.append(candidate)
    if not found:
        return None
    if aspect is not None:
        matching = [c for c in found if aspect in vocab.parse(c)[0].tag]
        if matching:
            return matching[0]
    return found[0]


def _genitive_tails(spans, text: str) -> None:
    """An organisation's name goes on in the place or body it belongs to, written right after it in the
    genitive ("Музыкальный театр Республики Карелия", "Государственное Собрание Республики Башкортостан"):
    the NER's two spans are one name, and the first alone is a cut one. The tail is kept as written."""
    ordered = sorted(spans, key=lambda span: span.start)
    for span, after in zip(ordered, ordered[1:]):
        if (span.type != "ORG" or after.type not in ("LOC", "ORG") or text[span.stop:after.start] != " "
                or not after.tokens or (after.tokens[0].feats or {}).get("Case") != "Gen"
                or not after.text[:1].isupper() or span.normal.endswith(after.text)):
            continue
        span.normal = f"{span.normal} {after.text}"


#: establishments whose name goes on in a common genitive: «музей янтаря», «театр драмы», «институт ядерной физики»,
#: «завод резиновых изделий», «комбинат хлебопродуктов», «музей истории города»
_RU_NAMED_BY_GENITIVE = frozenset({
    "музей", "театр", "институт", "университет", "академия", "завод", "комбинат", "фабрика", "библиотека", "галерея",
    "училище", "колледж", "техникум", "консерватория", "заповедник", "дворец", "дом", "парк", "больница",
})


def _common_genitive_tails(spans, tokens, vocab) -> None:
    """An establishment's name goes on in a common genitive the NER leaves out («Калининградский музей
    янтаря», «Национальный музей республики», «Омский завод резиновых изделий»): the span alone is a cut name,
    which the article's «директор музея» then repeats (issue 10, site21 and site13 judges: «Калининградский
    музей»). The genitive is the span's last noun's own (no preposition), right after it, a lowercase
    inanimate noun, with its adjectives, coordinated and nested genitives as written; a date, a number, a name
    the NER marks, a person or a quote ends it."""
    by_id = {t.id: t for t in tokens}
    kids: dict[str, list] = {}
    for token in tokens:
        kids.setdefault(token.head_id, []).append(token)
    position = {t.id: n for n, t in enumerate(tokens)}
    in_span = {t.id for span in spans for t in span.tokens}
    for span in spans:
        last = span.tokens[-1] if span.tokens else None
        if (span.type != "ORG" or last is None or last.id not in position or last.pos != "NOUN"
                or _lemma(vocab, last) not in _RU_NAMED_BY_GENITIVE):
            continue
        at = position[last.id] + 1
        genitive = tokens[at] if at < len(tokens) else None
        if genitive is not None and genitive.pos == "ADJ" and genitive.head_id in by_id:
            genitive = by_id[genitive.head_id]  # «института ядерной физики»: the adjective's noun
        if (genitive is None or genitive.head_id != last.id or genitive.rel != "nmod" or genitive.pos != "NOUN"
                or (genitive.feats or {}).get("Case") != "Gen" or (genitive.feats or {}).get("Animacy") == "Anim"
                or any(k.rel == "case" for k in kids.get(genitive.id, ()))
                or _lemma(vocab, genitive) in _RU_ANAPHORS | _RU_GENERIC_ORGS):
            continue  # («завод компании «Север»»: the owner, another body)
        words = _tail_words(genitive, kids)
        words.sort(key=lambda t: position[t.id])
        # contiguous from the span on, words only, nothing the NER names
        run = []
        for want, token in enumerate(words, start=position[last.id] + 1):
            if (position[token.id] != want or token.id in in_span or not token.text.isalpha()
                    or token.pos not in ("NOUN", "ADJ", "CCONJ") or token.text[:1].isupper()
                    or (token.feats or {}).get("Animacy") == "Anim"):
                break
            run.append(token)
        while run and run[-1].pos != "NOUN":
            run.pop()
        if genitive in run and not span.normal.endswith(run[-1].text):
            span.normal = " ".join([span.normal, *(t.text for t in run)])


def _tail_words(genitive, kids) -> list:
    """The genitive with its adjectives, conjuncts and the genitives under them (its name's words)."""
    out, todo = [], [genitive]
    while todo:
        token = todo.pop()
        out.append(token)
        todo.extend(k for k in kids.get(token.id, ()) if k.rel in ("amod", "conj", "cc", "nmod"))
    return out


#: nouns of a kind of place an article calls its town or region by, with an adjective: «Курортный город»,
#: «Северная столица», «Соседний регион»
_RU_GENERIC_PLACES = frozenset({
    "город", "посёлок", "поселок", "село", "деревня", "регион", "столица", "страна", "остров", "курорт",
})
# (no «городок»: «ледовый городок», «студенческий городок» are things the article names so)

#: nouns of a kind of place or thing that news writes with a plain adjective as a common phrase, never as the name
#: of a firm, farm, festival, team or brand («Смотровая площадка», «Жилой район», «Новый сезон»); nouns that do
#: make such names («долина», «река», «жизнь», «соседи», «нива») are not here
_RU_KIND_NOUNS = _RU_GENERIC_PLACES | frozenset({
    "площадка", "район", "микрорайон", "участок", "здание", "объект", "территория", "помещение", "корпус",
    "этаж", "зал", "парковка", "проект", "сезон",
})
# (no «площадь», «улица», «пляж», «год»: «Красная площадь», «Садовая улица», «Новый год» are names)


#: adjectives Russian proper names are made of with a common noun («Чёрное море», «Белый дом», «Зимний дворец»,
#: «Красная армия», «Золотое кольцо»): opening a sentence, the phrase is more likely the name than a description
_RU_NAME_MAKING_ADJECTIVES = frozenset("""
красный белый чёрный черный зелёный зеленый синий голубой жёлтый желтый золотой серебряный зимний летний большой
малый великий старый мёртвый мертвый тихий северный южный западный восточный средний верхний нижний
""".split())
#: nouns of seas, waters, mountains and landmarks that an adjective names («Белое море», «Онежское озеро», «Главный
#: хребет», «Гостиный двор»)
_RU_NAMED_FEATURES = frozenset("""
море океан озеро залив пролив река водохранилище гора хребет перевал полуостров пустыня кремль собор дворец двор
""".split())


def _capitalised_phrase(vocab, span, text: str) -> bool:
    """Is a span at a sentence's start a common phrase capitalised as the sentence's first word, not a name: an
    adjective no place name makes («курортный», «смотровая», not «приморский», «Камчатский») before a lowercase
    noun of a place or a thing, not of a body («Курортный город обогнал Калининград ...»: the town the article
    means; «Смотровую площадку ... откроет администрация»: a viewing platform; issue 10, site21 and site19
    judges), which the article never writes capitalised inside a sentence («Красная площадь»), and whose noun is
    a kind news so describes or which the article writes lowercase elsewhere?"""
    tokens = span.tokens
    if (len(tokens) != 2 or not tokens[0].id.endswith("_1") or tokens[0].pos != "ADJ"
            or tokens[1].pos != "NOUN" or not tokens[1].text.islower()):
        return False
    noun = _lemma(vocab, tokens[1])
    if noun in _RU_BODIES | _RU_NAMED_FEATURES:
        return False
    word = tokens[0].text.lower()
    parses = vocab.parse(word)
    if noun not in _RU_GENERIC_PLACES and any(p.normal_form in _RU_NAME_MAKING_ADJECTIVES for p in parses[:2]):
        return False  # «Чёрное море», «Белый дом»: a name («Северная столица», «Большой город»: the town's phrase)
    if (not parses or not parses[0].is_known or parses[0].tag.POS != "ADJF"
            or any(g in parses[0].tag for g in _RU_NAME_GRAMMEMES) or re.search(r"(ск|цк)(ий|ой|ая|ое|ие)$", word)):
        return False
    # (the same two words, any case, after a word of the sentence: «на Красную площадь»)
    inside = re.compile(r"[^\W\d_],? " + re.escape(tokens[0].text[:-2]) + r"[а-яё]{1,3} " + re.escape(tokens[1].text[:-2]))
    if inside.search(text):
        return False
    # and only on a sign the phrase is common (issue 10: a held-out firm's two-word name the article writes only
    # at a sentence's start was lowercased): its noun is a kind of place or thing news so describes, or the
    # article writes the two words lowercase elsewhere («... в курортный город»); a name that only opens
    # sentences («Зелёная долина», «Добрые соседи») has neither
    if noun in _RU_KIND_NOUNS:
        return True
    lowered = re.compile(r"(?<![^\W\d_])" + re.escape(word[:-2]) + r"[а-яё]{1,3} " + re.escape(tokens[1].text[:-2]))
    return bool(lowered.search(text))
