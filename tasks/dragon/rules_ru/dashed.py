"""Russian parse repair: an amount set off by dashes before its verb. «Часть средств — 15 млрд рублей —
компании выделит Фонд»: natasha makes the amount the sentence's root, its noun («Часть») the amount's
subject and the verb a ``parataxis`` under it, so the verb has no object and the fund gives nothing
(issue 10). The dashes say what the part is; the amount is what the verb gives, its object."""
from __future__ import annotations

_DASHES = frozenset({"—", "–", "-"})


def mend_dashed_amount(tree) -> None:
    """Make the dashed amount the object of the verb after it: only a root amount (a noun with its
    numeral) between two dashes, the verb right after the second one's clause and with no object."""
    tokens, kids, head, index = tree.tokens, tree.kids, tree.head, tree.index
    for verb in tokens:
        amount = head(verb)
        if (not tree.finite(verb) or verb.rel != "parataxis" or amount is None or amount.rel != "root"
                or amount.pos != "NOUN" or not kids(amount, ("nummod", "nummod:gov"))
                or index[amount.id] > index[verb.id] or kids(verb, ("obj",))):
            continue
        first = last = index[amount.id]
        while first > 0 and (tokens[first - 1].pos == "NUM" or tokens[first - 1].rel in ("nummod", "nummod:gov")):
            first -= 1  # ("15 млрд рублей": the numeral and its multiplier)
        if first == 0 or tokens[first - 1].text not in _DASHES or last + 1 >= len(tokens) \
                or tokens[last + 1].text not in _DASHES:
            continue
        verb.head_id, verb.rel = amount.head_id, "root"
        tree.attach(amount, verb, "obj")
        for subject in kids(amount, ("nsubj",)):
            subject.rel = "dep"  # («Часть средств»: what the amount is a part of, no one acting)
        for punct in kids(amount, ("punct",)):
            if index[punct.id] > last:
                punct.head_id = verb.id
