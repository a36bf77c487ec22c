"""Russian checks of the question-grammar filter (``question_grammar``): one function per check.

Each check reads a :class:`~tasks.dragon.question_grammar.QuestionView` and returns a
:class:`~tasks.dragon.question_grammar.Finding` (its code and a one-line reason) or None. Add a
check by writing it here under ``@code("...")`` and listing it in :data:`CHECKS`.
"""
from __future__ import annotations

import re

from tasks.dragon.question_grammar import Finding, QuestionView, code

#: two words with only spaces between them (no punctuation, no quote mark), and the word before them
_PAIR = re.compile(r"(?=(?<![\w-])([а-яё]+)\s+([а-яё]+)(?![\w-]))", re.IGNORECASE)
#: after 2-4 the adjective is genitive plural and the noun genitive singular («два больших магазина»)
_PAUCAL = re.compile(r"(?:\b(?:два|две|три|четыре|оба|обе|полтора|полторы)|\d*[234])\s+$", re.IGNORECASE)
_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2")
#: the second genitive / locative count as their main case
_MAIN_CASE = {"gen2": "gent", "acc2": "accs", "loc2": "loct", "voct": "nomn"}


def _case(tag) -> str | None:
    case = next((c for c in _CASES if c in tag), None)
    return _MAIN_CASE.get(case, case)


def _number(tag) -> str | None:
    return "plur" if "plur" in tag else "sing" if "sing" in tag else None


def _gender(tag) -> str | None:
    return next((g for g in ("masc", "femn", "neut") if g in tag), None)


def _agree(adj, noun) -> bool:
    if _case(adj) != _case(noun) and "Fixd" not in noun:
        return False
    if _number(adj) != _number(noun) and _number(noun) is not None and "Fixd" not in noun:
        return False
    if _number(adj) == "sing" and _gender(noun) and _gender(adj) and _gender(adj) != _gender(noun) and "GNdr" not in noun:
        return False
    if "anim" in adj and "inan" in noun or "inan" in adj and "anim" in noun:
        return False
    return True


@code("adjective_noun_agreement")
def adjective_noun_agreement(q: QuestionView) -> Finding | None:
    """A full adjective right before a noun that no reading lets it agree with («Стерлитамакских соколы»)."""
    from benchmill import nlp

    vocab = nlp.morph_vocab()
    for match in _PAIR.finditer(q.question):
        first, second = match.group(1), match.group(2)
        if _PAUCAL.search(q.question[: match.start(1)]):
            continue
        adjectives = [p.tag for p in vocab.parse(first.lower())]
        if not adjectives or any(t.POS != "ADJF" for t in adjectives):
            continue
        nouns = [p.tag for p in vocab.parse(second.lower())]
        if not nouns or any(t.POS != "NOUN" for t in nouns):
            continue
        if not any(_agree(a, n) for a in adjectives for n in nouns):
            return Finding("adjective_noun_agreement", f"«{first} {second}»: the adjective does not agree with its noun")
    return None


CHECKS = [adjective_noun_agreement]
