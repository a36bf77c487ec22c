"""Russian rules triplets: a place in a ranking ("поднялись на третье место", "опустится на девятое
место", "заняла первое место в конкурсе"). «место» is otherwise a circumstance ("на месте пожара", "в
первую очередь"); with an ordinal adjective it is a rank, the thing the verb reaches."""
from __future__ import annotations

from tasks.dragon.rules_ru.morph import _lemma


def _ordinal(vocab, token) -> bool:
    parses = vocab.parse(token.text.lower())
    return bool(parses) and parses[0].tag.POS == "ADJF" and "Anum" in parses[0].tag


def rank_phrase(token, helper) -> tuple[str, str | None] | None:
    """("третье место", None) for «место» with an ordinal adjective (its other modifiers — "в таблице" — left
    out), in the nominative; None otherwise."""
    from pymorphy2.analyzer import Parse

    if token.pos != "NOUN" or _lemma(helper.vocab, token) != "место":
        return None
    ordinals = [a for a in helper.kids(token, ("amod",)) if _ordinal(helper.vocab, a)]
    if len(ordinals) != 1:
        return None
    word = ordinals[0].text.lower()
    if not word[:1].isdigit():
        parse = next((p for p in helper.vocab.parse(word) if p.tag.POS == "ADJF" and "Anum" in p.tag), None)
        form = Parse.inflect(parse, {"nomn", "sing", "neut"}) if parse is not None else None
        if form is None:
            return None
        word = form.word
    return f"{word} место", None
