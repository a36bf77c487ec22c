"""Russian rules triplets: lists under one verb that the parse hangs on a single word.

* "в сёлах Ивановка, Петровка и Сидоровка": a plural class noun followed by the names it
  classes — one place (or body) per name, as "в Казани, Перми и Уфе" gives one per city;
* "откроет рейсы в Казань и Пермь": the prepositional phrase under an object, coordinated —
  the preposition of the first conjunct is the list's (``nmod_with_conjuncts``).
"""
from __future__ import annotations


def classed_names(noun, helper) -> list[tuple[str, str | None]]:
    """The names a plural class noun lists in apposition ("сёлах Ивановка, Петровка и Сидоровка"),
    each as ``helper.phrase`` names it; [] unless there are two or more and every one is named."""
    if noun.pos != "NOUN" or (noun.feats or {}).get("Number") != "Plur":
        return []
    firsts = [a for a in helper.kids(noun, ("appos", "flat:name")) if a.pos == "PROPN" and helper.kids(a, ("conj",))]
    if len(firsts) != 1:
        return []
    names = [helper.phrase(item) for item in helper.with_conjuncts(firsts[0])]
    if len(names) < 2 or any(n is None or n[1] is None for n in names):
        return []
    return names


def nmod_with_conjuncts(noun, helper) -> list[tuple[object, str | None]]:
    """(nmod, its preposition) for each prepositional or genitive modifier of ``noun`` and each conjunct of
    it; a conjunct without a preposition of its own takes the first one's ("в Казань и Пермь")."""
    out = []
    for nmod in helper.kids(noun, ("nmod",)):
        preposition = helper.preposition(nmod)
        out.append((nmod, preposition))
        if not preposition:
            continue
        for item in helper.with_conjuncts(nmod)[1:]:
            if item.pos in ("NOUN", "PROPN"):
                out.append((item, helper.preposition(item) or preposition))
    return out
