"""Russian rules triplets: a fact's ends in the nominative the article itself writes (issue 10).

The extractor puts a name or a thing said in an oblique case into the nominative by the tagger's reading of
each word (natasha's normaliser, pymorphy's ``inflect``). That guess fails in ways judges read as a garbled
answer: a suppletive superlative goes through its lemma («лучшее время» → «наихорошее время», «высшей лиги» →
«высочайшая лига»); a word with two dictionary lemmas takes the wrong one («Полярного промысла» → «Полярный
промысл», when the company is «Полярный промысел»); and a descriptive institution said in a preposition's
case keeps only its head and generic adjectives («в драматическом театре» → «драматический театр», where the
article names it «Мурманский областной драматический театр»). ``WrittenForms`` reads the whole article once
and mends each end of a fact:

1. a word the article never writes is put back as the article writes the phrase: a sequence of words the
   article writes whose every word is a form of the end's word in its place («Полярный промысел» in «ООО
   «Полярный промысел»»), when exactly one such phrase is written;
2. else such a word must be a form of its source word's own stem (the text word it was declined from): a
   nominative that loses the stem («наихорошее» of «лучшее») is replaced by the lexeme's nominative
   nearest the written form («лучшее»), or by the written form itself when the dictionary has none;
3. an institution (``_INSTITUTION_HEADS``) named only by its head and generic adjectives is named in full
   when the article writes it, once, with place adjectives before it («Мурманский областной драматический
   театр»).
"""
from __future__ import annotations

import dataclasses
import os
import re
from functools import lru_cache

from tasks.dragon.rules_ru.lexicon import _RU_ANAPHORS, _RU_GENERIC_ORGS, _RU_NOT_COMPANIES
from tasks.dragon.triplets_base import _Fact

_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
#: what ends a stretch of words a name can run across (quotes and hyphens do not)
_BREAK = re.compile(r"[.,;:!?()\[\]—–\n\"]|\s-\s")
#: what ends a run of words written one after another: anything but a word or a space
_RUN_BREAK = re.compile(r"[^\w\s-]|\d|\n|\s-\s")
#: the parts of speech whose nominative the extractor guesses
_DECLINED = frozenset({"NOUN", "ADJF", "PRTF"})

#: the heads of a descriptive institution name («областная больница», «драматический театр»)
_INSTITUTION_HEADS = (_RU_NOT_COMPANIES | frozenset({"госпиталь", "техникум", "училище", "гимназия", "цирк",
                                                     "зоопарк", "планетарий"})) - frozenset({
    "клуб", "команда", "партия", "союз", "федерация", "ассоциация", "экспедиция", "жюри", "руководство", "власть",
    "следствие", "бригада", "экипаж", "отряд", "штаб", "регулятор", "арбитраж", "минздрав", "минфин", "минсельхоз",
    "минтранс", "госдума", "росстат", "законодательный", "фонд",
})
#: bodies that own an institution, never a word of its name («завод компании», «больница холдинга»)
_OWNERS = _RU_ANAPHORS | _RU_GENERIC_ORGS | frozenset({"группа", "концерн", "госкорпорация", "министерство"})
#: adjectives of a level of government: where an institution is, as a place adjective says
_LEVEL_ADJECTIVES = frozenset({
    "областной", "городской", "районный", "краевой", "республиканский", "окружной", "муниципальный", "межрайонный",
    "межрегиональный", "региональный", "государственный", "федеральный", "национальный", "центральный",
})
#: adjectives in -ский/-цкий that say no place
_NOT_PLACE = frozenset({
    "детский", "сельский", "женский", "мужской", "морской", "людской", "воинский", "дружеский", "отцовский", "материнский",
    "хирургический", "кукольный", "маршальский", "пушкинский", "горьковский", "чеховский", "авторский",
})
#: a place adjective's stem: «киров» of «кировский», «твер» of «тверской» (not «-ческий»: «драматический»)
_PLACE_STEM = re.compile(r"^(.+?)(?<!че)(?:ск|цк)(?:ий|ой)$")


def _fold(word: str) -> str:
    return word.lower().replace("ё", "е")


@lru_cache(maxsize=50_000)
def _parses(word: str) -> tuple:
    from benchmill import nlp

    return tuple(nlp.morph_vocab().parse(word))


def _common_prefix(a: str, b: str) -> int:
    return len(os.path.commonprefix([a, b]))


def keeps_stem(form: str, written: str) -> bool:
    """Is ``form`` the written word with its ending changed, not another stem: «промысел» of «промысла»,
    «лев» of «льва», «лучшее» of «лучшее»; not «наихорошее» or «хорошее» of «лучшее», «высочайшая» of
    «высшей»?"""
    form, written = _fold(form), _fold(written)
    return _common_prefix(form, written) >= max(len(form), len(written)) - 4 and form[:1] == written[:1]


def nominatives(written: str, pos: str | None = None) -> set[str]:
    """The nominatives of a written word that keep its stem, one per reading (of ``pos`` when given) in
    that reading's number (and gender): the lexeme's nominative nearest the written form, so a
    superlative stays one («лучшего» → «лучший», never «наихороший»); «промысла» → {«промысл»,
    «промысел»} (two lemmas); none for a word the dictionary cannot decline."""
    out: set[str] = set()
    for parse in _parses(_fold(written)):
        tag = parse.tag
        if tag.POS not in _DECLINED or (pos is not None and tag.POS != pos) or "Fixd" in tag or not parse.is_known:
            continue
        wanted = {"nomn", tag.number} - {None}
        if tag.number == "sing" and tag.gender in ("masc", "femn", "neut") and tag.POS != "NOUN":
            wanted.add(tag.gender)
        forms = [f.word for f in parse.lexeme if wanted <= set(f.tag.grammemes) and (tag.POS == "NOUN" or
                 ("Supr" in f.tag) == ("Supr" in tag))]
        forms = [f for f in forms if keeps_stem(f, written)]
        if forms:
            out.add(_fold(max(forms, key=lambda f: (_common_prefix(f, _fold(written)), -len(f)))))
    return out


def _nominative_readings(word: str) -> set[tuple]:
    """(part of speech, number, gender in the singular) of each nominative reading of a word: «команды» is
    no nominative of «команда» (a plural), «суда» none of «судно»."""
    return {(p.tag.POS, p.tag.number, p.tag.gender if p.tag.number == "sing" else None)
            for p in _parses(_fold(word)) if "nomn" in p.tag and p.tag.POS in _DECLINED and p.is_known}


def _shaped(word: str, like: str) -> str:
    word = _fold(word) if "ё" not in like.lower() else word.lower()
    if like.isupper() and len(like) > 1:
        return word.upper()
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


class WrittenForms:
    """The words of one article, to check and mend the nominatives of its facts' ends."""

    def __init__(self, text: str) -> None:
        #: each stretch of words between breaks, as written
        self.stretches: list[list[str]] = [ws for piece in _BREAK.split(text or "") if (ws := _WORD.findall(piece))]
        #: the stretches cut at anything but words and spaces too (a number, a quote): words written one after another
        self.runs: list[list[str]] = [ws for piece in _RUN_BREAK.split(text or "") if (ws := _WORD.findall(piece))]
        #: the words written with a capital inside a sentence, not only as its first word: proper nouns and
        #: their adjectives («в Кирове», «Кировская» after «в»), folded
        self.proper = {_fold(m.group()) for m in _WORD.finditer(text or "")
                       if m.group()[:1].isupper() and not _SENTENCE_START.search((text or "")[:m.start()])}
        self.written = {_fold(w) for ws in self.stretches for w in ws}
        #: lemma → the text's words with a reading of that lemma
        self.by_lemma: dict[str, set[str]] = {}
        for word in {w for ws in self.stretches for w in ws}:
            for parse in _parses(_fold(word)):
                if parse.tag.POS in _DECLINED:
                    self.by_lemma.setdefault(_fold(parse.normal_form), set()).add(word)

    def fact(self, fact: _Fact) -> _Fact:
        subject, obj = self.end(fact.subject, fact.sentence), self.end(fact.object, fact.sentence)
        if subject == fact.subject and obj == fact.object:
            return fact
        return dataclasses.replace(fact, subject=subject, object=obj)

    def end(self, label: str, sentence: str = "") -> str:
        """The label with its unwritten words as the article writes them (rules 1, 2), an institution's
        name in full (rule 3; not when its ``sentence`` gives it another owner); the label itself when nothing
        is certain."""
        return self.full_institution(self.as_written(label), sentence)

    # ------------------------------------------------------------------ rules 1 and 2

    def sources(self, word: str) -> set[str]:
        """The text's words ``word`` was declined from: those a nominative of which it is, by lemma."""
        out = set()
        for parse in _parses(_fold(word)):
            for source in self.by_lemma.get(_fold(parse.normal_form), ()):
                out.add(source)
        return out

    def as_written(self, label: str) -> str:
        tokens = label.split(" ")
        cores = [t.strip("«»,.") for t in tokens]
        words = [bool(_WORD.fullmatch(core)) for core in cores]
        # (a word the dictionary does not know has only guessed readings: «Робопорта» is no form of a
        # «Робопорт» it could tell; _name_stems in morph.py reads such names off the text)
        unwritten = [k for k, core in enumerate(cores) if words[k] and _fold(core) not in self.written
                     and any(p.is_known for p in _parses(_fold(core)))]
        if not unwritten:
            return label
        if all(words):
            # rule 1: the phrase the article writes whose words are the label's, each unwritten one in a
            # nominative of a word of its lemma
            options = [{_fold(core)} | ({a for s in self.sources(core) for a in nominatives(s)} if k in unwritten else set())
                       for k, core in enumerate(cores)]
            phrases = {tuple(_fold(w) for w in window): window for window in self.windows(len(tokens))
                       if all(_fold(w) in options[k] for k, w in enumerate(window))
                       and all(_nominative_readings(window[k]) & _nominative_readings(cores[k]) for k in unwritten)}
            if len(phrases) == 1:
                phrase = next(iter(phrases.values()))
                return " ".join(t.replace(cores[k], _shaped(phrase[k], cores[k])) for k, t in enumerate(tokens))
        # rule 2: a word declined into another stem («наихорошее» of «лучшее») is the lexeme's form that
        # keeps the written one's, or the written form when the dictionary has none
        out = list(tokens)
        for k in unwritten:
            core = cores[k]
            sources = {s for s in self.sources(core) if _fold(core) in _guesses(s)}
            if not sources or any(keeps_stem(core, s) for s in sources):
                continue
            kept = {a for s in sources for a in nominatives(s) if _same_lemma(a, core)}
            replacement = next(iter(kept)) if len(kept) == 1 else (next(iter(sources)) if len(sources) == 1 else None)
            if replacement is not None:
                out[k] = tokens[k].replace(core, _shaped(replacement, core))
        return " ".join(out)

    def windows(self, size: int):
        for words in self.stretches:
            for start in range(len(words) - size + 1):
                yield words[start:start + size]

    # ------------------------------------------------------------------ rule 3

    def full_institution(self, label: str, sentence: str = "") -> str:
        """«драматический театр» → «Мурманский областной драматический театр» when the article writes the
        latter, and no other fuller form: place adjectives before the same words in the nominative, the first
        of a proper noun the article capitalises inside a sentence (a capital that only opens a sentence,
        «Сельская больница получила…», names nothing), the rest of it or of a level of government; never
        when the label's sentence gives it another owner in the genitive («в городскую больницу Слободского»)."""
        words = label.split(" ")
        if not words or not all(_WORD.fullmatch(w) for w in words) or any(w[:1].isupper() for w in words[1:]):
            return label
        head = _head_noun(words[-1])
        if head is None or head.normal_form not in _INSTITUTION_HEADS or "nomn" not in head.tag:
            return label
        if not all(_agreeing_adjective(w, head) for w in words[:-1]) or _genitive_owner(words, sentence):
            return label
        folded = [_fold(w) for w in words]
        fuller: set[tuple[str, ...]] = set()
        tails: set[tuple[str, ...]] = set()
        for stretch in self.runs:
            for end in range(len(words), len(stretch) + 1):
                if [_fold(w) for w in stretch[end - len(words):end]] != folded:
                    continue
                start = end - len(words)
                while start > 0 and _agreeing_adjective(stretch[start - 1], head) and _place_like(stretch[start - 1]):
                    start -= 1
                extra = stretch[start:end - len(words)]
                tail = _genitive_tail(stretch[end:])
                if extra and extra[0][:1].isupper() or not extra and tail and words[0][:1].isupper():
                    fuller.add(tuple(stretch[start:end]))
                    tails.add(tail)
        if len({tuple(_fold(w) for w in f) for f in fuller}) != 1:
            return label  # (two fuller forms, even one only capitalised as a sentence's first word: not certain)
        phrase = next(iter(fuller))
        if not self.proper_place(phrase[0]) or not all(_level_adjective(w) or self.proper_place(w)
                                                       for w in phrase[1:len(phrase) - len(words)]):
            return label
        # «Калининградский музей янтаря»: the genitive that goes on with the name wherever the article writes one
        tail = next(iter(tails - {()})) if len(tails - {()}) == 1 else ()
        return " ".join(phrase[:1] + tuple(_shaped(w, w) for w in phrase[1:]) + tail)


    def proper_place(self, word: str) -> bool:
        """Is ``word`` a place adjective of a proper noun the article capitalises inside a sentence: «Кировская»
        of «в Кирове» or of itself written mid-sentence; not «Сельская», «Медицинский» that only open one?"""
        lemmas = {_fold(p.normal_form) for p in _parses(_fold(word)) if p.tag.POS == "ADJF"}
        stems = {m.group(1) for l in lemmas if l not in _NOT_PLACE and (m := _PLACE_STEM.match(l))}
        # (a long stem may alternate at its end: «москов» of «Москва»)
        return any(_geographic(stem) for stem in stems) or any(
            _common_prefix(stem, proper) >= (len(stem) if len(stem) < 5 else len(stem) - 2)
            for stem in stems for proper in self.proper)


_SENTENCE_START = re.compile(r"(?:\A|[.!?…\n])[\s«\"„“(—–-]*\Z")


def _genitive_tail(after: list[str]) -> tuple[str, ...]:
    """The lowercase genitive words right after an institution's name that go on with it («янтаря», «истории
    города», «оперы и балета», «ядерной физики»): genitive nouns, their adjectives and «и» between them, up to
    the last noun; nothing for a word of no genitive reading first («откроет»)."""
    taken: list[str] = []
    for word in after[:5]:
        if word == "и" and taken:
            taken.append(word)
            continue
        parses = _parses(_fold(word))
        if any(_fold(p.normal_form) in _OWNERS for p in parses[:1]):
            break  # «завод компании «Север»»: the owner, another body
        if not word.islower() or not any("gent" in p.tag and p.tag.POS in ("NOUN", "ADJF") for p in parses) or any(
                p.tag.POS in ("VERB", "INFN", "PRTS", "ADVB", "PREP", "CONJ", "PRCL", "NPRO") for p in parses[:1]):
            break
        taken.append(word)
    while taken and not any("gent" in p.tag and p.tag.POS == "NOUN" for p in _parses(_fold(taken[-1]))):
        taken.pop()
    return tuple(taken)


def _genitive_owner(words: list[str], sentence: str) -> bool:
    """Does the label's sentence say the label's words with a genitive after them, an owner of its own
    («перевели в городскую больницу Слободского», «в областной больнице города»)?"""
    said = _WORD.findall(sentence or "")
    size = len(words)
    for start in range(len(said) - size):
        if all(_same_lemma(said[start + k], words[k]) for k in range(size)):
            after = said[start + size]
            if any("gent" in p.tag and (p.tag.POS == "NOUN" or (p.tag.POS == "ADJF" and after[:1].isupper()))
                   for p in _parses(_fold(after))):
                return True
    return False


@lru_cache(maxsize=20_000)
def _guesses(written: str) -> frozenset[str]:
    """The nominatives the extractor may have guessed for a written word: pymorphy's ``inflect`` of each
    reading to the nominative (in its number), as natasha's normaliser and the role phrases call it."""
    from pymorphy2.analyzer import Parse

    out = set()
    for parse in _parses(_fold(written)):
        if parse.tag.POS in _DECLINED:
            for wanted in ({"nomn"}, {"nomn", parse.tag.number} - {None}):
                form = Parse.inflect(parse, wanted)
                if form is not None:
                    out.add(_fold(form.word))
    return frozenset(out)


def _same_lemma(a: str, b: str) -> bool:
    return bool({_fold(p.normal_form) for p in _parses(_fold(a))} & {_fold(p.normal_form) for p in _parses(_fold(b))})


def _head_noun(word: str):
    return next((p for p in _parses(_fold(word)) if p.tag.POS == "NOUN"), None)


def _agreeing_adjective(word: str, head) -> bool:
    """Is ``word`` a nominative adjective that agrees with the nominative noun ``head``?"""
    for parse in _parses(_fold(word)):
        tag = parse.tag
        if tag.POS not in ("ADJF", "PRTF") or "nomn" not in tag or tag.number != head.tag.number:
            continue
        if tag.number == "plur" or tag.gender == head.tag.gender:
            return True
    return False


def _geographic(stem: str) -> bool:
    """Is a place adjective's stem a place the dictionary knows (Geox): «мурман» of «Мурманск», «твер» of «Тверь»
    (an article may write the place only in its adjective, and first in a sentence)?"""
    return any("Geox" in p.tag for end in ("", "ск", "цк", "ь", "а", "я", "ия") for p in _parses(stem + end)
               if p.tag.POS == "NOUN" and p.is_known)


def _place_like(word: str) -> bool:
    """An adjective that may say where: a level of government («областной») or one in -ский/-цкий
    («кировский», also «сельский»: ``WrittenForms.proper_place`` tells)."""
    lemmas = {_fold(p.normal_form) for p in _parses(_fold(word)) if p.tag.POS == "ADJF"}
    return bool(lemmas & _LEVEL_ADJECTIVES) or any(_PLACE_STEM.match(l) and l not in _NOT_PLACE for l in lemmas)


def _level_adjective(word: str) -> bool:
    """An adjective of a level of government («областной»): where, once a place adjective says of what."""
    return bool({_fold(p.normal_form) for p in _parses(_fold(word)) if p.tag.POS == "ADJF"} & _LEVEL_ADJECTIVES)
