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


class ClassNouns:
    """The class noun of each quoted name of one article, read off its text."""

    def __init__(self, text: str, vocab) -> None:
        #: (quoted name as written, class noun's nominative), in the order the text gives them
        self.pairs: list[tuple[str, str]] = []
        for match in _BEFORE_QUOTE.finditer(text):
            noun, quoted = match.group(1), match.group(2).strip()
            lemma = _class_noun(vocab, noun)
            if lemma is None or not quoted[:1].isupper() or not _nominative(vocab, quoted):
                continue  # "назвал дело «заказным»"; «Волжского вагона» (declined: no name to write)
            if all(quoted != known for known, _ in self.pairs):
                self.pairs.append((quoted, lemma))

    def name(self, entity: str) -> str:
        """The entity's name with its class noun («Богородская кожа» → «завод «Богородская кожа»»), or
        the entity as it was when the text puts no class noun before any of its forms."""
        words = entity.casefold().replace("ё", "е").split()
        for quoted, lemma in self.pairs:
            known = quoted.casefold().replace("ё", "е").split()
            if len(known) == len(words) and all(_same_stem(a, b) for a, b in zip(known, words)):
                return f"{lemma} «{quoted}»"
        return entity

    def fact(self, fact: _Fact) -> _Fact:
        if not self.pairs:
            return fact
        return dataclasses.replace(fact, subject=self.name(fact.subject), object=self.name(fact.object))


def _class_noun(vocab, word: str) -> str | None:
    """The nominative singular of a class noun ("завода" → "завод"), or None: the noun's singular
    forms only ("заводов «А» и «Б»" names two)."""
    for parse in vocab.parse(word.lower())[:2]:
        if parse.tag.POS == "NOUN" and parse.normal_form in _RU_CLASS_NOUNS and "sing" in parse.tag:
            return parse.normal_form
    return None


def _nominative(vocab, quoted: str) -> bool:
    """Is the quotation in the nominative (each of its Cyrillic words has a nominative reading)? A
    name declined inside its quotes («Волжского вагона») is written again where it is not."""
    for word in re.findall(r"[а-яё]{3,}", quoted.lower()):  # (not the letter of «Линия-А»)
        parses = vocab.parse(word)
        if parses and parses[0].is_known and not any("nomn" in p.tag for p in parses):
            return False
    return True
