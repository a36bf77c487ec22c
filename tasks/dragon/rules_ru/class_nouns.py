"""Russian rules triplets: names with the class noun the text puts before them (issue 10).

Russian copy and its readers name an organisation by its kind and its quoted name together
(«завод «Богородская кожа»», «колледж «Профи»», «компания «Северный порт»»): the quoted name alone
reads as a common phrase in a question («Когда построена Богородская кожа?» — "Bogorodsk leather").
``ClassNouns`` reads the whole article for a class noun written right before a quoted name in the
nominative («завода «Богородская кожа»», «предприятием «Оптэкс-НН»») and names that entity, at
every mention the extractor made of it (its nominative, a declined form, a garbled normal form),
as the noun's nominative and the quotation as written: one entity, one name, one node.
"""
from __future__ import annotations

import dataclasses
import re

from tasks.dragon.rules_ru.lexicon import _RU_CLASS_NOUNS
from tasks.dragon.rules_ru.reference import _same_stem
from tasks.dragon.triplets_base import _Fact

# a word, spaces, then a quotation with no quotation inside it (a nested one is an «ООО «X»» legal line)
_BEFORE_QUOTE = re.compile(r"(?<![\w-])([^\W\d_][\w-]*)\s+«([^«»]{2,60})»")
# the same with a prepositional phrase of at most five lowercase words between them
# (a lookahead: every word is tried as the noun, "Вологодский" before "клуб")
_COMPLEMENTED_QUOTE = re.compile(r"(?<![\w-])(?=([^\W\d_][\w-]*)((?:\s+[а-яё][\w-]*){2,5})\s+«([^«»]{2,60})»)")


class ClassNouns:
    """The class noun of each quoted name of one article, read off its text."""

    def __init__(self, text: str, vocab) -> None:
        #: (quoted name as written, class noun's nominative), in the order the text gives them
        self.pairs: list[tuple[str, str]] = []
        for match in _BEFORE_QUOTE.finditer(text):
            noun, quoted = match.group(1), match.group(2).strip()
            lemma = class_noun(vocab, noun)
            if lemma is None or not quoted[:1].isupper() or not is_nominative(vocab, quoted):
                continue  # "назвал дело «заказным»"; «Волжского вагона» (declined: no name to write)
            if all(quoted != known for known, _ in self.pairs):
                self.pairs.append((quoted, lemma))
        for match in _COMPLEMENTED_QUOTE.finditer(text):
            # «клуб по хоккею с мячом «Северные ястребы»», «компания по производству кирпича «Двор»»: the
            # noun's prepositional complement between it and the name (descriptors.py mends the parse)
            noun, between, quoted = match.group(1), match.group(2).split(), match.group(3).strip()
            lemma = class_noun(vocab, noun)
            if (lemma is None or not quoted[:1].isupper() or not is_nominative(vocab, quoted)
                    or not _prepositional(vocab, between)):
                continue
            if all(quoted != known for known, _ in self.pairs):
                self.pairs.append((quoted, lemma))

    def name(self, entity: str, sentence: str | None = None) -> str:
        """The entity's name with its class noun («Богородская кожа» → «завод «Богородская кожа»»), or
        the entity as it was when the text puts no class noun before any of its forms.

        With its ``sentence``, a mention is renamed only where that sentence writes it in «» (any case:
        «директора «Речной гавани»») or does not write it at all (a mention found by reference, in the
        quoted form or a form of it: «Фабрика была основана ...», «компания построит ...»). A word the
        sentence writes without quotes is another thing of that name: the town of «в Ростове» beside the
        club «Ростов», the river of «Енисей вышел из берегов» beside the team «Енисей»."""
        words = _words(entity)
        for quoted, lemma in self.pairs:
            known = _words(quoted)
            if len(known) != len(words) or not all(_same_stem(a, b) for a, b in zip(known, words)):
                continue
            if sentence is None or _quotes(sentence, words):
                return f"{lemma} «{quoted}»"
            if not _unquoted(sentence, words):
                return f"{lemma} «{quoted}»"  # (a declined or garbled form too: «Окской гавань» of «компания»)
            return entity
        return entity

    def fact(self, fact: _Fact) -> _Fact:
        if not self.pairs:
            return fact
        subject = self._end(fact.subject, fact.subject_label, fact.sentence)
        obj = self._end(fact.object, fact.object_label, fact.sentence)
        return dataclasses.replace(fact, subject=subject, object=obj)

    def _end(self, entity: str, label: str | None, sentence: str | None) -> str:
        """One end of a fact, named with its class noun. A place or a person is never the organisation
        of the same name (the town Ростов, the club «Ростов»), so an end the tagger calls LOC or PER is
        renamed only where its sentence quotes it or writes the class noun itself: the tagger calls
        «Дед Мороз» a person and «Сухонские горы» a place, and «Теплоход был построен ...», «Курорт
        будет рассчитан ...» are the vessel and the resort."""
        renamed = self.name(entity, sentence)
        if renamed == entity or label not in _NOT_RENAMED or sentence is None:
            return renamed
        noun = renamed.split(" «", 1)[0]
        if _quotes(sentence, _words(entity)) or any(_same_stem(noun, word) for word in _words(sentence)):
            return renamed
        return entity


#: NER labels of a fact end that is never an organisation's quoted name
_NOT_RENAMED = frozenset({"LOC", "PER"})
_QUOTED = re.compile(r"«[^«»]*»")


def _words(text: str) -> list[str]:
    return re.findall(r"[^\W_][\w-]*", text.casefold().replace("ё", "е"))


def _has_run(haystack: list[str], words: list[str]) -> bool:
    """Do ``words`` occur in ``haystack`` one after another, each as a form of itself?"""
    return any(all(_same_stem(a, b) for a, b in zip(haystack[start:start + len(words)], words))
               for start in range(len(haystack) - len(words) + 1))


def _quotes(sentence: str, words: list[str]) -> bool:
    """Does the sentence write ``words`` inside «», in any case?"""
    quoted = re.findall(r"«([^«»]*)»", sentence)
    return any(len(_words(inner)) == len(words) and _has_run(_words(inner), words) for inner in quoted)


def _unquoted(sentence: str, words: list[str]) -> bool:
    """Does the sentence write ``words`` outside every «» (nested ones included)?"""
    outside = sentence
    while _QUOTED.search(outside):
        outside = _QUOTED.sub(" ", outside)
    return _has_run(_words(outside), words)


def _prepositional(vocab, words: list[str]) -> bool:
    """Are ``words`` a prepositional phrase of nouns and adjectives («по хоккею с мячом»), no verb in it?"""
    tags = [vocab.parse(word)[0].tag for word in words]
    return tags[0].POS == "PREP" and all(t.POS in ("NOUN", "ADJF", "PREP") for t in tags[1:]) and tags[-1].POS == "NOUN"


def class_noun(vocab, word: str) -> str | None:
    """The nominative singular of a class noun ("завода" → "завод"), or None: the noun's singular
    forms only ("заводов «А» и «Б»" names two)."""
    for parse in vocab.parse(word.lower())[:2]:
        if parse.tag.POS != "NOUN" or "sing" not in parse.tag:
            continue
        # a compound whose last part is a class noun: «рыбокомбинат», «хлебозавод», «агрохолдинг»
        if parse.normal_form in _RU_CLASS_NOUNS or any(
                len(noun) >= 5 and parse.normal_form.endswith(noun) and len(parse.normal_form) - len(noun) >= 3
                for noun in _RU_CLASS_NOUNS):
            return parse.normal_form
    return None


def is_nominative(vocab, quoted: str) -> bool:
    """Is the quotation in the nominative (each of its Cyrillic words has a nominative reading)? A
    name declined inside its quotes («Волжского вагона») is written again where it is not."""
    for word in re.findall(r"[а-яё]{3,}", quoted.lower()):  # (not the letter of «Линия-А»)
        parses = vocab.parse(word)
        if parses and parses[0].is_known and not any("nomn" in p.tag for p in parses):
            return False
    return True
