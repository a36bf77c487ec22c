"""Which of two competing items to keep (duplicates, answer leaks): the better one, not the first id.

An item is better when, in this order:

1. no filter ahead in the stack rejected it (a rejected item is not released anyway, so
   it must not push out one that would be);
2. its answer is more complete: more answer parts (a set question listing every tail
   beats the simple question naming one of them);
3. its scores from the filters ahead are higher, filter by filter (sorted by name; a
   missing score ranks lowest);
4. its item id is lower (the tie-break, so the choice is deterministic).

``explain`` says in words why the kept item won, for the loser's verdict reason.
"""
from __future__ import annotations

import math

from schemas import Item, Verdict


def _scores(verdicts: list[Verdict]) -> dict[str, float]:
    return {v.filter: (v.score if v.score is not None and math.isfinite(v.score) else -math.inf) for v in verdicts}


def _rejected(verdicts: list[Verdict]) -> list[str]:
    return sorted(v.filter for v in verdicts if v.status == "rejected")


def preference_key(item: Item, verdicts: list[Verdict], filters: list[str]) -> tuple:
    """Sort key: smaller is better (see the module doc). ``filters``: the names scores are compared on, in order."""
    scores = _scores(verdicts)
    return (bool(_rejected(verdicts)), -len(item.answers), tuple(-scores.get(f, -math.inf) for f in filters), item.item_id)


def score_filters(earlier: dict[str, list[Verdict]]) -> list[str]:
    """The filters whose scores break ties, sorted by name."""
    return sorted({v.filter for vs in earlier.values() for v in vs})


def explain(kept: Item, lost: Item, earlier: dict[str, list[Verdict]], filters: list[str]) -> str:
    """Why ``kept`` ranks before ``lost`` (the first criterion that differs)."""
    kv, lv = earlier.get(kept.item_id, []), earlier.get(lost.item_id, [])
    if _rejected(lv) and not _rejected(kv):
        return f"this item was rejected by {', '.join(_rejected(lv))}"
    if len(kept.answers) != len(lost.answers):
        return f"more complete answer ({len(kept.answers)} answer parts vs {len(lost.answers)})"
    ks, ls = _scores(kv), _scores(lv)
    for f in filters:
        a, b = ks.get(f, -math.inf), ls.get(f, -math.inf)
        if a != b:
            fmt = lambda x: "none" if x == -math.inf else f"{x:.3g}"  # noqa: E731
            return f"higher {f} score ({fmt(a)} vs {fmt(b)})"
    return "equally good: lower item id"
