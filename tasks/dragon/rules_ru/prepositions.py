"""Russian parse repairs (passes of ``repairs._repair_parse_ru``): where a preposition and its noun belong.

A preposition is its first noun's, past that noun's adjectives and numerals; a noun with a preposition of
its place kind is no subject, object or appositive but an oblique of its verb; a verb takes no noun
modifier, only obliques.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_CLAUSE_BREAKS, _RU_PLACE_PREPOSITIONS


def mend_preposition_heads(tree) -> None:
    """A preposition belongs to the first noun after it (its adjectives and numerals aside): "арендовала у
    казанской компании «Аэроглиссер» судно на воздушной подушке" (у case → подушке)."""
    tokens, index, kids, head = tree.tokens, tree.index, tree.kids, tree.head
    for token in tokens:
        if token.rel != "case" or token.pos != "ADP":
            continue
        j = index[token.id] + 1
        while j < len(tokens) and (tokens[j].pos == "PUNCT" and tokens[j].text not in _RU_CLAUSE_BREAKS
                                   or tokens[j].rel == "fixed"  # "в отношении компании": one preposition
                                   or tokens[j].pos != "PUNCT" and head(tokens[j]) is not None
                                   and index[head(tokens[j]).id] > j):  # a modifier of a word further on
            j += 1
        if j >= len(tokens) or tokens[j].pos not in ("NOUN", "PROPN", "PRON", "NUM"):
            continue
        target, current = tokens[j], head(token)
        if current is not None and current is not target and index[current.id] > j and not kids(target, ("case",)):
            token.head_id = target.id


def mend_prepositional_arguments(tree) -> None:
    """A subject or object never takes a preposition: "подаст жалобу в Седьмой арбитражный суд"
    (суд nsubj, with its "в") is where the complaint goes."""
    tokens, kids = tree.tokens, tree.kids
    for token in tokens:
        if token.rel in ("nsubj", "nsubj:pass", "obj") and any(c.text.lower() in _RU_PLACE_PREPOSITIONS
                                                              for c in kids(token, ("case",))):
            token.rel = "obl"


def mend_prepositional_appositives(tree) -> None:
    """An appositive takes no preposition either: "проведут игру в субботу против «Невских львов»" (львов appos → игру)
    is the verb's oblique, whom the game is against, not a second name of the game."""
    tokens, kids, ancestors, attach, is_verb = tree.tokens, tree.kids, tree.ancestors, tree.attach, tree.is_verb
    for token in tokens:
        if token.rel != "appos" or not any(c.pos == "ADP" for c in kids(token, ("case",))):
            continue
        verb = next((a for a in ancestors(token) if is_verb(a)), None)
        if verb is not None:
            attach(token, verb, "obl")


def mend_verb_noun_modifiers(tree) -> None:
    """A verb has no noun modifier: "и обошёлся городу в 2 млрд рублей" (рублей nmod → обошёлся) is its oblique."""
    tokens, head = tree.tokens, tree.head
    for token in tokens:
        above = head(token)
        if token.rel == "nmod" and above is not None and above.pos == "VERB":
            token.rel = "obl"
