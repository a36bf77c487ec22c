"""Russian rules triplets: where a negation particle belongs.

natasha at times hangs the "не" that stands between a subject and its verb on the subject
("Ремонтировать мост подрядчики не будут": не advmod → подрядчики), and the fact then reads as a
plan. A "не" right before its clause's verb or auxiliary, with a subject noun for its head, negates
that verb: it moves to the verb. ("не Иванов, а Петров": a "не" before the noun stays the noun's.)
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_NEGATIONS
from tasks.dragon.rules_ru.tree import ParseTree

_SUBJECTS = ("nsubj", "nsubj:pass")


def mend_negated_subject(tree: ParseTree) -> None:
    tokens = tree.tokens
    for i, token in enumerate(tokens[:-1]):
        if token.text.lower() not in _RU_NEGATIONS or token.pos != "PART":
            continue
        noun = tree.head(token)
        if noun is None or noun.rel not in _SUBJECTS or tree.index[noun.id] > i:
            continue
        verb = tree.head(noun)
        after = tokens[i + 1]
        if verb is None or after.pos not in ("VERB", "AUX") or not (after is verb or tree.head(after) is verb):
            continue
        tree.attach(token, verb, "advmod")
