"""DRAGON questions, Russian: is a label a name said whole and as a name? A label the tagger cut from a
longer name («Управление» of «Управление Россельхознадзора»), a common noun capitalised only at its
sentence's start («Птицефабрика», «Курьер»), a name left in an oblique case («Шахтёра»), or a person its
sentences never name. Read by ``questions_ru_checks.ru_skip_reason``, which records the reason."""
from __future__ import annotations

import re

from benchmill import nlp
from tasks.dragon.rules_ru.lexicon import _RU_NAME_GRAMMEMES as _RU_NAME_TAGS

_RU_WORD = re.compile(r"[А-Яа-яЁёA-Za-z]+(?:-[А-Яа-яЁёA-Za-z]+)*")


def ru_truncated_name(label: str, sentences: list[str]) -> bool:
    """Is ``label`` the start of a longer name its sentence goes on with, in the genitive:
    «Управление» of «Управление Россельхознадзора», «Арбитражный суд» of «Арбитражный суд
    Новосибирской области»? A capitalised word with a genitive reading and no nominative one
    right after the label continues the name; a person after a title («Кедр Моторс» Игорь Рябов)
    is nominative, and a closing quote ends the name."""
    words = label.split()
    if not words or not label[:1].isupper() or "«" in label:
        return False
    vocab = nlp.morph_vocab()
    lemmas = [nlp.lemma_ru(w.lower()) for w in words]
    for sentence in sentences:
        found = list(re.finditer(r"\S+", sentence))
        tokens = [m.group(0) for m in found]
        for start in range(len(tokens) - len(words)):
            window = tokens[start:start + len(words)]
            if any(re.search(r"[»,.;:)]$", t) for t in window):
                continue
            if [nlp.lemma_ru(re.sub(r"\W", "", t).lower()) for t in window] != lemmas:
                continue
            after = re.sub(r"[^\w-]", "", tokens[start + len(words)])
            if not after[:1].isupper() or tokens[start + len(words)][:1] in "«(\"":
                continue
            cases = {str(p.tag.case) for p in vocab.parse(after.lower())}
            if "gent" in cases and "nomn" not in cases:
                return True
    return False


def ru_hanging_genitive(label: str, sentences: list[str]) -> bool:
    """Does ``label`` end in a noun (genitive or not) whose own name its sentence goes on with: «два больших
    магазина формата» of «... формата «у дома»», «вагоны модели» of «вагоны модели «Витязь-М»»?
    Without that name the phrase is a remnant no reader can complete."""
    words = label.split()
    if len(words) < 2 or not words[-1][:1].islower():
        return False
    parses = nlp.morph_vocab().parse(words[-1].lower())
    if not parses or parses[0].tag.POS != "NOUN":
        # (any case: «контракт на поставку с производителем» of «... с производителем «Волжский вагон»»)
        return False
    tail = re.escape(words[-1])
    # a name in Latin letters, digits first or not («стандартов 2G и 4G»); a bare number is a date or a
    # count, no name («Новый терминал 1 июня примет ...»)
    return any(re.search(rf"\b{tail}\s+(?:[«\"„]|\d*[A-Za-z])", s) for s in sentences)


#: nouns that name a kind of institution or facility, never one of them: «Птицефабрика», «Управление»
_RU_INSTITUTION_NOUNS = frozenset("""
компания фирма группа холдинг агрохолдинг концерн корпорация предприятие завод фабрика птицефабрика комбинат
банк управление министерство администрация мэрия правительство департамент комитет служба суд театр музей
больница поликлиника школа университет институт фонд агентство ведомство инспекция прокуратура клуб команда
стадион порт терминал аэропорт станция экспедиция обсерватория лаборатория филиал дума собрание совет
""".split())


def ru_capitalised_common_noun(label: str, sentences: list[str]) -> bool:
    """Is ``label`` one common noun capitalised only because it opens its sentence («Птицефабрика,
    принадлежащая ...»)? A name is written with its capital inside a sentence too («Маяк»)."""
    if " " in label or not label[:1].isupper() or not label[1:].islower():
        return False
    lemma = nlp.lemma_ru(label.lower())
    if lemma not in _RU_INSTITUTION_NOUNS:
        return False  # «Маяк», «Гармония»: a common word may well be a name
    return not _written_as_name(lemma, sentences)


def _written_as_name(lemma: str, sentences: list[str]) -> bool:
    """Does a sentence write a word of ``lemma`` as a name: in quotes, or with its capital inside the sentence
    («Маяк», «в «Прибое»», "подписал Маяк")?"""
    for sentence in sentences:
        for index, match in enumerate(_RU_WORD.finditer(sentence)):
            word = match.group(0)
            if nlp.lemma_ru(word.lower()) != lemma:
                continue
            if sentence[:match.start()].rstrip().endswith(("«", '"')) or (index and word[:1].isupper()):
                return True
    return False


#: pymorphy grammemes of a proper name (the rules engine's list): a word with one of these readings may be a name
_RU_NAME_GRAMMEMES = frozenset(_RU_NAME_TAGS)


def _common_noun_only(word: str) -> list:
    """The dictionary readings of ``word`` when every one is a common noun (none a name), else []."""
    parses = [p for p in nlp.morph_vocab().parse(word.lower()) if p.is_known]
    if not parses or any(p.tag.POS != "NOUN" or _RU_NAME_GRAMMEMES & set(p.tag.grammemes) for p in parses):
        return []
    return parses


def ru_role_noun_as_name(label: str, kind: str | None, sentences: list[str]) -> bool:
    """Is ``label`` a capitalised common noun the tagger took for a name: «Курьер» (a person noun, one
    word: a role, never a name), «Дубль Лобанов» (a person whose first word is a common noun, no first
    name: «дубль Лобанова» opened its sentence)? A word a sentence writes with its capital inside the
    sentence, or in quotes, is a name («Маяк»); a place or an organisation of one inanimate word
    («Гармония») may be a name and is left to ``ru_capitalised_common_noun``."""
    words = label.split()
    if not words or "«" in label or not words[0][:1].isupper() or not words[0][1:].islower():
        return False
    if len(words) == 1:
        parses = _common_noun_only(words[0])
        if not any("anim" in p.tag for p in parses):
            return False
    else:
        # a person's first word is a first name; one with no name reading but a noun one («Гол», «Дубль») is no name
        parses = [p for p in nlp.morph_vocab().parse(words[0].lower()) if p.is_known]
        if kind != "person" or any({"Name", "Surn", "Patr"} & set(p.tag.grammemes) for p in parses):
            return False
        parses = [p for p in parses if p.tag.POS == "NOUN"]
        if not parses:
            return False
    return not _written_as_name(parses[0].normal_form, sentences)


def ru_subject_not_said(label: str, sentences: list[str]) -> bool:
    """Is a person the subject of a fact whose sentences neither name them (no word of the name) nor point to
    them with a subject pronoun («он», «она», «они»)? «При этом депутаты согласились выделить 650 млн рублей»
    gave «Аркадий Зуев согласился выделить», «в ней открыли отделение» gave «Татьяна Гусева открыла»: the doer
    was taken from another sentence, and the question asks a premise the text does not state."""
    named = {nlp.lemma_ru(w.lower()) for w in _RU_WORD.findall(label) if len(w) > 2}
    if not named:
        return False
    for sentence in sentences:
        words = [w.lower() for w in _RU_WORD.findall(sentence)]
        if named & {nlp.lemma_ru(w) for w in words} or {"он", "она", "они"} & set(words):
            return False
    return True


def ru_label_not_nominative(label: str) -> bool:
    """Is ``label`` a name left in the oblique case its sentence gave it («Шахтёра» of «проиграл
    кемеровскому «Шахтёру»», «Томских медведей»)? Every word is a dictionary word and none has a
    nominative reading. A word the dictionary does not know (a foreign or made-up name) is undecided."""
    words = _RU_WORD.findall(label)
    if not words or any(ch.isdigit() for ch in label) or len(words) != len(label.replace("«", "").replace("»", "").split()):
        return False
    vocab = nlp.morph_vocab()
    for word in words:
        parts = word.split("-")
        if len(parts) == 2 and not any(p.is_known for p in vocab.parse(word.lower())):
            # «Кедр-Холдинга»: the name's second part declines, in the singular («Тайга-Групп» is a name's
            # own form, whatever its plural genitive reading says)
            parses = [p for p in vocab.parse(parts[1].lower()) if p.is_known]
            if not parses or any(p.tag.case == "nomn" or p.tag.number != "sing" for p in parses):
                return False
            continue
        parses = [p for p in vocab.parse(word.lower()) if p.is_known]
        if not parses or any(p.tag.case in ("nomn", None) for p in parses) or any(p.tag.POS not in ("NOUN", "ADJF") for p in parses):
            return False
    return True
