"""Russian rules triplets: a route named by its two ends, «линия Владивосток — остров Попова», «рейс Москва —
Сочи». natasha tags the first end as the noun's name and the dash as a clause of its own, so the route was
read as its first end alone («паром выйдет на | Владивосток», issue 10: a cut answer) and the second end
as a fact about the first («Владивосток | остров | Попов»). The route is both ends, with its noun.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.morph import _lemma

_DASHES = ("—", "–", "-")


def route_phrase(helper, noun, span) -> tuple[str, None] | None:
    """«линия Владивосток — остров Попова» for the noun whose place name (``span``) a dash and a second
    place follow, or None. The second end is the words after the dash up to a preposition, a verb or a
    punctuation mark, one of them a name."""
    if span.type != "LOC":
        return None
    tokens = helper.tokens
    last = max(tokens.index(t) for t in span.tokens)
    if last + 2 >= len(tokens) or tokens[last + 1].text not in _DASHES:
        return None
    end = []
    for token in tokens[last + 2:]:
        if token.pos not in ("NOUN", "PROPN", "ADJ"):
            break
        end.append(token)
    if not end or not any(t.pos == "PROPN" or t.id in helper.span_of for t in end):
        return None
    first = " ".join(t.text for t in span.tokens) if span.normal is None else span.normal
    return f"{_lemma(helper.vocab, noun)} {first} — {' '.join(t.text for t in end)}", None



def route_dash(helper, token) -> bool:
    """Is the token the dash between a route's two named ends («Ванино — Холмск»): a name, or a word of one,
    on each side?"""
    if token.text not in _DASHES:
        return False
    at = helper.tokens.index(token)
    if at == 0 or at + 1 >= len(helper.tokens):
        return False
    return all(t.pos == "PROPN" or t.id in helper.span_of for t in (helper.tokens[at - 1], helper.tokens[at + 1]))
