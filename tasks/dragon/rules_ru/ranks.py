"""Russian rules triplets: a place in a ranking ("поднялись на третье место", "опустится на девятое
место", "заняла первое место в конкурсе"). «место» is otherwise a circumstance ("на месте пожара", "в
первую очередь"); with an ordinal adjective it is a rank, the thing the verb reaches."""
from __future__ import annotations

import re

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


#: prepositions a match's other side comes with ("сыграл со «Спартаком»", "проиграл против «Динамо»")
_OPPONENT_PREPOSITIONS = frozenset({"с", "со", "против"})

_SCORE = re.compile(r"^\d{1,3}:\d{1,3}$")


def score_phrase(token, helper) -> str | None:
    """ "7:2" for «со счётом 7:2» under a verb (a match's result, as a sports line gives it); None otherwise."""
    if token.pos != "NOUN" or _lemma(helper.vocab, token).replace("ё", "е") != "счет" or helper.preposition(token) not in ("с", "со"):
        return None
    words = sorted((t for t in helper.subtree(token) if t is not token and t.rel != "case"), key=lambda t: t.start)
    if len(words) != 2:
        return None
    first, second = helper.tokens.index(words[0]), helper.tokens.index(words[1])
    between = [t.text for t in helper.tokens[first + 1:second]]
    text = f"{words[0].text}:{words[1].text}"
    return text if between == [":"] and _SCORE.match(text) else None


def opponent_words(objects, helper, obliques=()) -> str:
    """The named side beaten or lost to, as written ("«Полярную звезду»", "Николая Слепцова"), for the
    relation of a score: «обыграть со счётом» with no one beaten is a verb missing its object. A side
    given with a preposition keeps it ("сыграл вничью со «Спартаком»" → "со «Спартаком»"), as a reader
    asks «С кем ... сыграл?»."""
    sides = [(o, "") for o in objects] + [(o, helper.preposition(o)) for o in obliques
                                          if helper.preposition(o) in _OPPONENT_PREPOSITIONS]
    for obj, preposition in sides:
        span = helper.span_of.get(obj.id)
        own = ([t for t in helper.tokens if helper.span_of.get(t.id) is span] if span is not None
               else [t for t in helper.subtree(obj) if t not in helper.kids(obj, ("case",))])
        order = sorted(helper.tokens.index(t) for t in own)
        first, last = order[0], order[-1]
        if first > 0 and helper.tokens[first - 1].text in ("«", '"'):
            first -= 1
        if last + 1 < len(helper.tokens) and helper.tokens[last + 1].text in ("»", '"'):
            last += 1
        words = helper.tokens[first:last + 1]
        if (helper.phrase(obj) is None or len(words) > 7
                or any(t not in own and t.text not in '«»"' for t in words)):
            continue
        texts = [t.text for t in words]
        if len(texts) > 2 and texts[0] == texts[-1] == '"':  # ("со "Спартаком"": a name's quotes as a reader sets them)
            texts = ["«", *texts[1:-1], "»"]
        written = " ".join(texts).replace("« ", "«").replace(" »", "»")
        return f"{preposition} {written}" if preposition else written
    return ""
