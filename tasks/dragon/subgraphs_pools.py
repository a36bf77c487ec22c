"""Subgraph sampling, candidate pools: the candidates sharing one anchor (a head, a bridge node, a
relation), countable and drawable at random without listing them (``_ListPool``, ``_PairPool``), and
the seeded round-robin over anchors that picks at most ``cap`` accepted candidates (``_select``,
``_round_robin``), so that a hub entity cannot crowd every other entity out of the benchmark.

What each question template's pools hold is ``subgraphs_candidates``; the sampler ``subgraphs``.
"""
from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Hashable, Iterator, Sequence
from typing import Protocol

class _Pool(Protocol):
    """Candidates sharing one anchor: countable, listable in a fixed order, drawable at random."""

    size: int

    def candidates(self) -> Iterator[tuple[int, ...]]: ...

    def draw(self, rng: random.Random) -> tuple[int, ...] | None: ...

    def reset(self) -> None:
        """Forget earlier draws (the pool is reused for another question type)."""


class _ListPool:
    """Candidates listed explicitly; draws are a lazy Fisher-Yates shuffle."""

    def __init__(self, candidates: list[tuple[int, ...]]):
        self._candidates = candidates
        self._remaining: list[tuple[int, ...]] | None = None
        self.size = len(candidates)

    def reset(self) -> None:
        self._remaining = None

    def candidates(self) -> Iterator[tuple[int, ...]]:
        return iter(self._candidates)

    def draw(self, rng: random.Random) -> tuple[int, ...] | None:
        if self._remaining is None:
            self._remaining = list(self._candidates)
        if not self._remaining:
            return None
        i = rng.randrange(len(self._remaining))
        self._remaining[i], self._remaining[-1] = self._remaining[-1], self._remaining[i]
        return self._remaining.pop()


def _pairs_with_focus(size: int, focus: int) -> int:
    """Unordered pairs among ``size`` members of which ``focus`` are focus, with >= 1 focus member."""
    return math.comb(size, 2) - math.comb(size - focus, 2)


class _PairPool:
    """Unordered pairs of members with at least one focus member and different class keys.

    Pairs are ranked: focus×focus pairs in colex order, then focus×other pairs. A pair
    of members with the same class key (two edges to the same far node; two equal
    values) is invalid. The valid count is exact from class sizes, so nothing is listed
    unless asked. Draws unrank random ranks, rejecting repeats and invalid pairs, until
    half the ranks are used; the rest is then listed once and shuffled, so a draw costs
    O(1) expected whatever the pool's size and however far it is drawn down.
    """

    def __init__(self, focus: list[int], others: list[int], class_of: dict[int, Hashable]):
        self._focus = focus
        self._others = others
        self._class_of = class_of
        f, o = len(focus), len(others)
        self._focus_pairs = math.comb(f, 2)
        self._raw = self._focus_pairs + f * o
        focus_per_class = Counter(class_of[m] for m in focus)
        members_per_class = Counter(class_of[m] for m in (*focus, *others))
        invalid = sum(_pairs_with_focus(n, focus_per_class[c]) for c, n in members_per_class.items() if n > 1)
        self.size = self._raw - invalid
        self.reset()

    def reset(self) -> None:
        self._seen: set[int] = set()
        self._rest: _ListPool | None = None

    def _unrank(self, rank: int) -> tuple[int, int]:
        if rank < self._focus_pairs:
            j = (1 + math.isqrt(1 + 8 * rank)) // 2
            i = rank - j * (j - 1) // 2
            a, b = self._focus[i], self._focus[j]
        else:
            rank -= self._focus_pairs
            a, b = self._focus[rank // len(self._others)], self._others[rank % len(self._others)]
        return (a, b) if a < b else (b, a)

    def _valid_ranked(self) -> Iterator[tuple[int, tuple[int, int]]]:
        """(rank, pair) of every valid pair, in rank order."""
        class_of = self._class_of
        rank = 0
        for j in range(len(self._focus)):
            for i in range(j):
                a, b = self._focus[i], self._focus[j]
                if class_of[a] != class_of[b]:
                    yield rank, ((a, b) if a < b else (b, a))
                rank += 1
        for a in self._focus:
            for b in self._others:
                if class_of[a] != class_of[b]:
                    yield rank, ((a, b) if a < b else (b, a))
                rank += 1

    def candidates(self) -> Iterator[tuple[int, int]]:
        return (pair for _rank, pair in self._valid_ranked())

    def draw(self, rng: random.Random) -> tuple[int, int] | None:
        while self._rest is None and 2 * len(self._seen) < self._raw:
            rank = rng.randrange(self._raw)
            if rank in self._seen:
                continue
            self._seen.add(rank)
            a, b = self._unrank(rank)
            if self._class_of[a] != self._class_of[b]:
                return a, b
        if self._rest is None:
            self._rest = _ListPool([pair for rank, pair in self._valid_ranked() if rank not in self._seen])
        return self._rest.draw(rng)  # type: ignore[return-value]


#: a pool whose this many draws in a row were refused (edge / answer caps, ambiguity) is given up:
#: a hub of degree d would otherwise be drawn down through all its d² pairs
_MAX_REFUSED_IN_A_ROW = 64


def _select(pools: Sequence[_Pool], cap: int, rng: random.Random, accept=None) -> list[tuple[int, ...]]:
    """Every candidate when there are at most ``cap``; else ``cap`` by seeded round-robin over pools.

    Round-robin: pools in a seeded random order, one seeded random candidate from each in
    turn, until ``cap`` are chosen. Each anchor contributes about equally, whatever its size.
    With ``accept`` (candidate → bool, which records what it accepts), always the seeded
    round-robin, and a refused candidate does not count.
    """
    pools = [p for p in pools if p.size > 0]
    if accept is None and sum(p.size for p in pools) <= cap:
        return [c for p in pools for c in p.candidates()]
    return list(itertools.islice(_round_robin(pools, rng, accept), cap))


def _round_robin(pools: Sequence[_Pool], rng: random.Random, accept=None) -> Iterator[tuple[int, ...]]:
    """Accepted candidates, one seeded random draw from each pool in turn (see _select)."""
    pools = [p for p in pools if p.size > 0]
    active = list(range(len(pools)))
    rng.shuffle(active)
    refused: Counter[int] = Counter()
    while active:
        still_active = []
        for index in active:
            candidate = pools[index].draw(rng)
            if candidate is None:
                continue
            if accept is None or accept(candidate):
                refused[index] = 0
                still_active.append(index)
                yield candidate
            else:
                refused[index] += 1
                if refused[index] < _MAX_REFUSED_IN_A_ROW:
                    still_active.append(index)
        active = still_active
