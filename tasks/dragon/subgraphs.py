"""Subgraphs matching the question templates (DRAGON Appendix D, plus comparison).

Templates, for edges of one language:

* ``simple``: one edge. The question names the head and the relation; the answer is the tail.
* ``set``: one head and one relation with 2..max_set_size distinct tails (the answer is every
  tail), or one tail and one relation with 2..max_set_size distinct heads (DRAGON groups by a
  shared subject or object; the answer is every head).
* ``multi-hop``: two edges sharing exactly one node, the bridge. The question names the far
  end of the first edge and describes the bridge through it without naming it; the answer
  is the far end of the second edge.
* ``conditional``: the same two-edge shape; the question names both far ends, the answer is
  the shared entity.
* ``comparison``: two edges with different heads, the same relation and numeric tails in the
  same unit; the question names both heads, the answer is the head with the larger value.

Answers are unique and complete in the graph (``unique_answers``): a simple question whose
head has several tails for its relation is not asked (the set question over that group asks
it with the complete answer); a multi-hop subgraph is asked only when its description names
one bridge and the bridge has one answer for the asked relation; a conditional one only when
no other node satisfies both conditions. Negated and conditional facts (``Edge.modality``)
are no alternative answers and never set members. Facts the novelty stage found already in
Wikidata (``known``) are never asked, but count as alternative answers and set members.

Redundancy: one edge is used by at most ``max_edge_reuse`` subgraphs over all types, one
answer by at most ``max_answer_reuse`` subgraphs of a type, and (``distinct_facts``) no two
subgraphs share both their answer and an edge ("What did X acquire?" and "Which organization
was acquired by X and is based in Oslo?" ask one fact twice), so the sample covers distinct
facts instead of re-asking a hub's. Types are selected rarest first (set, comparison,
simple, multi-hop, conditional), so the types the graph hardly supports get their edges.

Only subgraphs with at least one focus edge (the increment) are produced. When a type has
more matches than ``max_per_type``, a seeded round-robin over "anchors" (the head of a
simple/set subgraph, the bridge of a two-edge subgraph, the relation of a comparison)
picks them, so that a hub entity ("Russia", with thousands of edges and millions of edge
pairs) cannot crowd every other entity out of the benchmark.

Scale: two-edge templates are counted per node from group sizes and drawn by unranking
pair indices, so a hub of degree d costs O(d), not O(d²); nothing scans all edge pairs.
"""
from __future__ import annotations

import itertools
import math
import random
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Collection, Hashable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from pydantic import BaseModel, Field

from schemas import Edge, Subgraph
from tasks.dragon.graph import canonical_relation, entity_type, stable_id
from tasks.filters import words

#: output order of the types
QUESTION_TYPES = ("simple", "set", "multi-hop", "conditional", "comparison")


class SubgraphConfig(BaseModel):
    max_per_type: int = Field(1000, ge=0, description="most subgraphs returned per question type")
    max_set_size: int = Field(6, ge=2, description="a set whose answer would have more entities is not asked")
    seed: int = Field(0, description="seed of the selection when a type has more than max_per_type matches")
    max_edge_reuse: int = Field(3, ge=1, description="most subgraphs (all types together) one edge may appear in")
    max_answer_reuse: int = Field(2, ge=1, description="most subgraphs of one type with the same answer")
    unique_answers: bool = Field(True, description="drop subgraphs whose answer is not unique and complete in the graph")
    distinct_facts: bool = Field(True, description="no two subgraphs (of any types) share both their answer and an edge")


# --------------------------------------------------------------------------- numbers


@dataclass(frozen=True)
class Quantity:
    """A parsed numeric value with its unit.

    ``unit`` is the comparison key (casefolded, Russian lemmatised, currencies unified;
    "" for a bare number); ``unit_text`` the unit words as written ("cars",
    "автомобилей"), which question templates reuse; ``money`` whether it is an amount of
    some currency.
    """

    value: float
    unit: str
    unit_text: str = ""
    money: bool = False


_SPACE_CHARS = "\u00a0\u202f\u2009\u2007"
_NUMBER_TEXT = re.compile(
    r"^(?P<sign>[-−–])?\s*(?P<currency>US\$|\$|€|£|¥|₽)?\s*(?P<number>\d(?:[\d .,]*\d)?)(?P<rest>.*)$",
    re.DOTALL,
)
_SPACE_GROUPED = re.compile(r"\d{1,3}(?: \d{3})+(?:[.,]\d+)?")
_SCALE_WORDS: list[tuple[re.Pattern[str], float]] = [
    (re.compile(p), v)
    for p, v in [
        (r"^(?:thousands?|тыс(?:яч[аиь]?)?\.?)$", 1e3),
        (r"^(?:millions?|mln|mn|млн\.?|миллион(?:а|ов)?)$", 1e6),
        (r"^(?:billions?|bn|bln|млрд\.?|миллиард(?:а|ов)?)$", 1e9),
        (r"^(?:trillions?|tn|trln|трлн\.?|триллион(?:а|ов)?)$", 1e12),
    ]
]
#: single-letter scales only count attached to the number ("$4.2m", "10k"): spaced, "m"
#: is as likely to be metres
_ATTACHED_SCALES = {"k": 1e3, "m": 1e6, "mn": 1e6, "b": 1e9, "bn": 1e9, "tn": 1e12}
_CURRENCY_UNITS = {
    "us$": "usd", "$": "usd", "usd": "usd", "dollar": "usd", "dollars": "usd", "доллар": "usd",
    "€": "eur", "eur": "eur", "euro": "eur", "euros": "eur", "евро": "eur",
    "£": "gbp", "gbp": "gbp", "pound": "gbp", "pounds": "gbp", "фунт": "gbp",
    "₽": "rub", "rub": "rub", "руб": "rub", "рубль": "rub", "ruble": "rub", "rubles": "rub",
    "rouble": "rub", "roubles": "rub",
    "¥": "cny", "yuan": "cny", "юань": "cny",
}
_UNIT_WORD = re.compile(r"%|[^\W\d_]+(?:[-/][^\W\d_]+)*", re.UNICODE)
_EN_UNITS = ("two", "three", "four", "five", "six", "seven", "eight", "nine")
_EN_SPELLED_VALUES = {
    **{w: i for i, w in enumerate(_EN_UNITS, start=2)},
    **{w: i for i, w in enumerate(("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                                   "seventeen", "eighteen", "nineteen"), start=10)},
    **{w: 10 * i for i, w in enumerate(("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                                        "ninety"), start=2)},
}
#: a spelled-out count before its unit; "one" is left out ("one of", "one stadium" name no amount)
_EN_SPELLED = re.compile(
    r"^((?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|" + "|".join(_EN_UNITS) + r"))?|"
    + "|".join(w for w in _EN_SPELLED_VALUES if w not in ("twenty", "thirty", "forty", "fifty", "sixty", "seventy",
                                                          "eighty", "ninety")) + r")(\s+[^\d]+)$",
    re.IGNORECASE,
)


def _en_spelled_value(word: str) -> int:
    tens, _, unit = word.lower().partition("-")
    return _EN_SPELLED_VALUES[tens] + (_EN_SPELLED_VALUES.get(unit, 1) if unit else 0)
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
#: a quantity's unit is a short noun phrase ("cars", "million rubles"); more is prose
_MAX_UNIT_WORDS = 3


def _number_value(number: str, lang: str) -> float | None:
    """Value of a digit string with thousands/decimal separators, or None when malformed."""
    if " " in number:
        if not _SPACE_GROUPED.fullmatch(number):
            return None  # "12 2024": two numbers, not one
        number = number.replace(" ", "")
    commas, dots = number.count(","), number.count(".")
    if commas and dots:
        decimal = "," if number.rfind(",") > number.rfind(".") else "."
        thousands = "." if decimal == "," else ","
        integer, _, fraction = number.rpartition(decimal)
        if not re.fullmatch(rf"\d{{1,3}}(?:\{thousands}\d{{3}})*", integer):
            return None
        return float(integer.replace(thousands, "") + "." + fraction)
    for separator, count in ((",", commas), (".", dots)):
        if count > 1:
            if not re.fullmatch(rf"\d{{1,3}}(?:\{separator}\d{{3}})+", number):
                return None
            return float(number.replace(separator, ""))
    if commas == 1:
        integer, fraction = number.split(",")
        # English writes thousands as "1,870"; Russian writes decimals as "4,2" (and "1,870" = 1.87)
        if lang == "en" and len(fraction) == 3 and len(integer) <= 3:
            return float(integer + fraction)
        return float(integer + "." + fraction)
    return float(number)


@lru_cache(maxsize=4096)
def _unit_key(words: tuple[str, ...], lang: str) -> str:
    out = []
    for word in words:
        word = word.casefold().replace("ё", "е")
        if lang == "ru" and _CYRILLIC.search(word):
            from benchmill.nlp import lemma_ru

            word = lemma_ru(word)
        out.append(_CURRENCY_UNITS.get(word, word))
    return " ".join(out)


@lru_cache(maxsize=100_000)
def parse_quantity(text: str, lang: str) -> Quantity | None:
    """Parse a tail like "4.2 million", "2 139", "1,870", "4,2 млн", "$3bn", "15%", "2139 cars".

    The whole text must be the quantity: an optional sign and currency symbol, the
    number, an optional scale word, then at most three unit words without digits
    ("about 2,000", "12 March 2024" and "the 2023 season" are not quantities). The unit
    is casefolded, Russian words lemmatised and currency spellings unified, so that
    "$4.2 billion" and "3 billion dollars" compare while "3 billion rubles" does not.
    """
    text = unicodedata.normalize("NFKC", text)
    for ch in _SPACE_CHARS:
        text = text.replace(ch, " ")
    if lang == "en":
        # "eleven roll-on/roll-off vessels", "twenty-five stores": a count spelled out
        spelled = _EN_SPELLED.match(text.strip())
        if spelled is not None:
            text = f"{_en_spelled_value(spelled[1])}{spelled[2]}"
    match = _NUMBER_TEXT.match(text.strip())
    if match is None:
        return None
    value = _number_value(match["number"], lang)
    if value is None:
        return None
    rest = match["rest"]
    if lang == "en" and rest.startswith("-") and rest[1:2].isalpha():
        return None  # "a 19-year-old man", "a 19-mile pipeline": the number measures a modifier, it counts nothing
    scale = 1.0
    attached = re.match(r"([a-zA-Z]{1,2})\b", rest)
    if attached and attached[1].lower() in _ATTACHED_SCALES:
        scale = _ATTACHED_SCALES[attached[1].lower()]
        rest = rest[attached.end():]
    else:
        first = rest.strip().split(" ", 1)
        if first[0]:
            for pattern, factor in _SCALE_WORDS:
                if pattern.match(first[0].casefold()):
                    scale = factor
                    rest = first[1] if len(first) > 1 else ""
                    break
    if re.search(r"\d", rest):
        return None
    words = _UNIT_WORD.findall(rest)
    if len(words) > _MAX_UNIT_WORDS or re.sub(r"[%\w\s.,/\-$€£¥₽]", "", rest).strip():
        return None  # brackets, dashes, quotes: a phrase, not a unit
    unit_text = " ".join(words)
    if match["currency"]:
        words.insert(0, match["currency"])
    sign = -1.0 if match["sign"] else 1.0
    key = _unit_key(tuple(words), lang)
    money = bool(match["currency"]) or any(w in set(_CURRENCY_UNITS.values()) for w in key.split())
    return Quantity(value=sign * value * scale, unit=key, unit_text=unit_text, money=money)


def parse_number(text: str, lang: str) -> float | None:
    """The numeric value of a quantity text (see :func:`parse_quantity`), or None."""
    quantity = parse_quantity(text, lang)
    return quantity.value if quantity is not None else None


# --------------------------------------------------------------------------- pools


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


# --------------------------------------------------------------------------- sampling


def answer_class(type_: str | None, label: str) -> str:
    """What a question word can ask for: "date" (when), "number" (how many / how much) or
    "thing" (who / which / what). NER confuses persons, organisations and places often
    enough that they are one class: "Who signed X?" and "Which organization signed X?"
    are answered by the same edges. Counts are classed by unit, amounts of money together."""
    type_ = type_ or entity_type(None, label)
    if type_ == "date":
        return "date"
    if type_ in ("quantity", "money"):
        # "How many cranes ...?" and "How many tugs ...?" are two questions; "How much ...?" one
        quantity = parse_quantity(label, "ru" if re.search(r"[\u0400-\u04FF]", label) else "en")
        if quantity is None:
            return "money" if type_ == "money" else "thing"  # "the number 11 shirt": a digit, no amount
        return "money" if quantity.money else f"number:{quantity.unit}"
    return "thing"


#: entity kinds NER tells apart; a node named as two of them by two edges is two things under one name
_NAMED_KINDS = frozenset({"person", "org", "place"})


def _written(label: str) -> str:
    """A label as written, case, ё and punctuation aside: what makes two nodes one name to a reader."""
    return " ".join(words(label))


def _without_short_mentions(kept: dict[tuple[str, str, str, str], str]) -> dict[tuple[str, str, str, str], str]:
    """``kept`` without a fact stored again under a short mention of one of its ends: "Okafor-Bell |
    catch | seven passes" beside "Dante Okafor-Bell | catch | seven passes" is one fact (the writer names
    both "Dante Okafor-Bell": a set of one name twice). A short label is another's last words, with no
    digit, and the only label of that fact ending so ("Smith" beside "Ann Smith" and "Bo Smith" stays)."""
    sides: dict[tuple[str, ...], list[tuple[str, str]]] = defaultdict(list)
    for (head, relation, tail, modality), eid in kept.items():
        sides[("head", relation, tail, modality)].append((head, eid))
        sides[("tail", head, relation, modality)].append((tail, eid))
    drop = set()
    for members in sides.values():
        for short, eid in members:
            if not short or any(ch.isdigit() for ch in short):
                continue
            if len([label for label, _ in members if label.endswith(" " + short)]) == 1:
                drop.add(eid)
    return {fact: eid for fact, eid in kept.items() if eid not in drop}


class _GraphIndex:
    """The language's edges sorted by edge_id (index = position), with lookups by node and relation."""

    def __init__(self, edges: list[Edge], focus_edge_ids: Collection[str], lang: str, known: Collection[Edge] = ()):
        focus_edge_ids = set(focus_edge_ids)
        unique = {e.edge_id: e for e in known if e.lang == lang and e.head != e.tail}
        novel = {e.edge_id: e for e in edges if e.lang == lang and e.head != e.tail}
        unique.update(novel)
        # one fact stored twice under two node ids labelled alike (a person keyed once by a short
        # mention, once by the full name) is one fact: kept once, or it would be a set of one name
        # twice, a multi-hop from a name to itself and a repeated simple question. Wikidata's copy
        # wins (the fact is not novel), then one in focus, then the lowest edge id.
        kept: dict[tuple[str, str, str, str], str] = {}
        for eid in sorted(unique, key=lambda x: (x in novel, x not in focus_edge_ids, x)):
            edge = unique[eid]
            fact = (_written(edge.head_label), canonical_relation(edge.relation, lang), _written(edge.tail_label),
                    edge.modality or "asserted")
            kept.setdefault(fact, eid)
        kept = _without_short_mentions(kept)
        unique = {eid: unique[eid] for eid in kept.values()}
        self.edges = [unique[eid] for eid in sorted(unique)]
        #: facts Wikidata already states: alternative answers and set members that make a set
        #: incomplete, never asked about and never part of a subgraph
        self.known = [e.edge_id not in novel for e in self.edges]
        self.heads = [e.head for e in self.edges]
        self.tails = [e.tail for e in self.edges]
        self.focus = [e.edge_id in focus_edge_ids for e in self.edges]
        # the relation as the edge id keys it (lemma + synonym table): "bought" and "acquired" ask one
        # question, so X's other acquisitions are other answers and set members
        self.relation = [canonical_relation(e.relation, lang) for e in self.edges]
        self.head_class = [answer_class(e.head_type, e.head_label) for e in self.edges]
        self.tail_class = [answer_class(e.tail_type, e.tail_label) for e in self.edges]
        self.incident: dict[str, list[int]] = defaultdict(list)
        self.by_head_relation: dict[tuple[str, str], list[int]] = defaultdict(list)
        self.by_tail_relation: dict[tuple[str, str], list[int]] = defaultdict(list)
        #: facts: negated and conditional edges are neither set members nor alternative answers
        self.fact = [e.modality not in ("negated", "conditional") for e in self.edges]
        for i, (head, tail, relation) in enumerate(zip(self.heads, self.tails, self.relation)):
            if not self.known[i]:
                self.incident[head].append(i)
                self.incident[tail].append(i)
            if self.fact[i]:
                # keyed by the far end's answer class too: "born in 1991" and "born in Dublin" answer
                # "When ...?" and "Where ...?", not one question twice
                self.by_head_relation[(head, relation, self.tail_class[i])].append(i)
                self.by_tail_relation[(tail, relation, self.head_class[i])].append(i)

    def same_question(self, i: int, asked: str) -> list[int]:
        """Fact edges answering what edge ``i`` answers about its end ``asked``, from its other end."""
        edge = self.edges[i]
        if asked == edge.tail:
            return self.by_head_relation.get((edge.head, self.relation[i], self.tail_class[i]), [])
        return self.by_tail_relation.get((edge.tail, self.relation[i], self.head_class[i]), [])

    def unique(self, i: int, asked: str) -> bool:
        """Is ``asked`` the only answer of edge ``i``'s question about it (no other fact edge)?"""
        return all(j == i for j in self.same_question(i, asked))

    def other_end(self, i: int, node: str) -> str:
        head = self.heads[i]
        return self.tails[i] if head == node else head

    def shared_node(self, a: int, b: int) -> str:
        ea, eb = self.edges[a], self.edges[b]
        return ea.head if ea.head in (eb.head, eb.tail) else ea.tail

    def kind_at(self, i: int, node: str) -> str | None:
        """What edge ``i``'s sentences call ``node`` (person / org / place), None when they do not say."""
        edge = self.edges[i]
        kind = edge.head_type if edge.head == node else edge.tail_type
        return kind if kind in _NAMED_KINDS else None

    def kinds_clash(self, a: int, b: int) -> bool:
        """Do the two edges name their shared node as two kinds of thing? One key for a rugby side and
        its region ("Otago"), a club and its town: a question joining them would send someone who
        "returned to Otago" (the region) to "the organization whose head coach is ..." (the side)."""
        shared = self.shared_node(a, b)
        kinds = {self.kind_at(a, shared), self.kind_at(b, shared)} - {None}
        return len(kinds) > 1


def _simple_pools(index: _GraphIndex) -> list[_Pool]:
    by_head: dict[str, list[tuple[int, ...]]] = defaultdict(list)
    for i, edge in enumerate(index.edges):
        if index.focus[i]:
            by_head[edge.head].append((i,))
    return [_ListPool(by_head[head]) for head in sorted(by_head)]


def _set_pools(index: _GraphIndex, max_set_size: int) -> list[_Pool]:
    """Per shared node, its (node, relation) groups of 2..max_set_size edges, as subject or as object."""
    by_node: dict[str, list[tuple[int, ...]]] = defaultdict(list)
    for groups in (index.by_head_relation, index.by_tail_relation):
        for (node, _relation, _class), members in sorted(groups.items()):
            # one modality per set: "Кто выступил в «Прибое»?" must not list the band that will
            # play tonight beside the singer who played on Saturday (any language, any engine)
            by_modality: dict[str, list[int]] = defaultdict(list)
            for i in members:
                by_modality[index.edges[i].modality or "asserted"].append(i)
            for _modality, same in sorted(by_modality.items()):
                # edge ids include the normalised relation, so one (node, relation) has distinct far ends
                if any(index.known[i] for i in same):
                    continue  # a member only Wikidata states: the novel members alone are no complete answer
                if 2 <= len(same) <= max_set_size and any(index.focus[i] for i in same):
                    by_node[node].append(tuple(same))
    return [_ListPool(by_node[node]) for node in sorted(by_node)]


def _two_edge_pools(index: _GraphIndex) -> list[_Pool]:
    """Per node, pairs of its edges whose far ends differ (so the pair shares exactly this node)."""
    pools: list[_Pool] = []
    for node in sorted(index.incident):
        members = index.incident[node]
        focus = [i for i in members if index.focus[i]]
        if not focus or len(members) < 2:
            continue
        others = [i for i in members if not index.focus[i]]
        class_of = {i: index.other_end(i, node) for i in members}
        pools.append(_PairPool(focus, others, class_of))
    return pools


def _comparison_pools(index: _GraphIndex) -> tuple[list[_Pool], dict[int, float]]:
    """Per (relation, unit), pairs of numeric edges of different heads with different values.

    A head with two different values for one relation (a correction, or two periods) is
    left out of that relation's comparisons: which value wins would be a guess. A head
    with two edges of equal value ("4.2 million" / "4,200,000") keeps one, a focus one
    when there is one.
    """
    values: dict[int, float] = {}
    # equal up to float noise ("4.2 million" vs "4,200,000") is equal: a tie, no winner
    value_key: dict[int, float] = {}
    groups: dict[tuple[str, str], dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i, edge in enumerate(index.edges):
        if index.known[i] or not any(ch.isdigit() for ch in edge.tail_label):
            continue
        if (edge.modality or "asserted") != "asserted" or not any(ch.isupper() or ch.isdigit() for ch in edge.head_label):
            # a plan is no value to compare; "plant", "fund" (a common noun no question may name)
            # would spend the distinct-facts budget of the named heads it is paired with
            continue
        quantity = parse_quantity(edge.tail_label, edge.lang)
        if quantity is None:
            continue
        values[i] = quantity.value
        value_key[i] = float(f"{quantity.value:.9g}")
        groups[(index.relation[i], quantity.unit)][edge.head].append(i)
    pools: list[_Pool] = []
    for key in sorted(groups):
        representatives = []
        for head in sorted(groups[key]):
            members = groups[key][head]
            if len({value_key[i] for i in members}) > 1:
                continue
            representatives.append(min(members, key=lambda i: (not index.focus[i], i)))
        focus = [i for i in representatives if index.focus[i]]
        if not focus or len(representatives) < 2:
            continue
        others = [i for i in representatives if not index.focus[i]]
        class_of = {i: value_key[i] for i in representatives}  # equal values are a tie: no answer
        pools.append(_PairPool(focus, others, class_of))
    return pools, values


def _subgraph(kind: str, lang: str, edges: list[Edge], answer: list[str], question: list[str], hidden: list[str] | None = None) -> Subgraph:
    return Subgraph(
        subgraph_id=stable_id("subgraph", kind, *sorted(e.edge_id for e in edges)),
        type=kind,
        lang=lang,
        edges=edges,
        answer_nodes=answer,
        question_nodes=question,
        hidden_nodes=hidden or [],
    )


def _multi_hop(index: _GraphIndex, a: int, b: int, lang: str, unique: bool = False) -> Subgraph | None:
    """Orient the pair: which edge describes the bridge (first) and which is asked about (second).

    Preferred, in order: a first edge that identifies the bridge unambiguously (its far
    end has no other edge with that relation in that direction, so "the company that sold
    2139 cars" names one company); a second edge leaving the bridge (the answer is its
    tail, like a simple question); then edge_id order.
    """
    bridge = index.shared_node(a, b)

    def preference(first: int, second: int) -> tuple[bool, bool, bool]:
        edge = index.edges[first]
        far = index.other_end(first, bridge)
        same_description = (
            index.by_head_relation[(far, index.relation[first], index.tail_class[first])]
            if edge.head == far
            else index.by_tail_relation[(far, index.relation[first], index.head_class[first])]
        )
        return (len(same_description) == 1, index.edges[second].head == bridge, first < second)

    orders = [(a, b), (b, a)]
    if unique:
        # the description must name one bridge, and the bridge must have one answer
        orders = [
            (first, second) for first, second in orders
            if index.unique(first, bridge) and index.unique(second, index.other_end(second, bridge))
        ]
        if not orders:
            return None
    first, second = max(orders, key=lambda pair: preference(*pair))
    return _subgraph(
        "multi-hop",
        lang,
        [index.edges[first], index.edges[second]],
        answer=[index.other_end(second, bridge)],
        question=[index.other_end(first, bridge)],
        hidden=[bridge],
    )


def _conditional(index: _GraphIndex, a: int, b: int, lang: str, unique: bool = False) -> Subgraph | None:
    shared = index.shared_node(a, b)
    if _same_predicate(index.relation[a], index.relation[b]) and (index.heads[a] == shared) == (index.heads[b] == shared):
        # "built six tugs and built two ferries": two members of a set, asked by the set question;
        # «планирует поставлять аккумуляторы для Робопорта и планирует поставлять аккумуляторы с
        # 2027 года»: one verb said twice reads as one fact split in two
        return None
    if unique:
        # every node satisfying both conditions is an answer: the shared node must be the only one
        satisfying = [
            {index.other_end(j, index.other_end(i, shared)) for j in index.same_question(i, shared)} for i in (a, b)
        ]
        if satisfying[0] & satisfying[1] - {shared}:
            return None
    return _subgraph(
        "conditional",
        lang,
        [index.edges[a], index.edges[b]],
        answer=[shared],
        question=[index.other_end(a, shared), index.other_end(b, shared)],
    )


#: relation words that carry no predicate of their own (copulas, auxiliaries, role words' glue)
_LIGHT_WORDS = frozenset({"be", "have", "быть", "являться", "иметь", "стать", "become"})


def _same_predicate(a: str, b: str) -> bool:
    """The same relation, or one verb with its object ("поставлять аккумулятор для" / "... с",
    "sell" / "sell in october"): their first two content words agree, or one relation is the
    other's start."""
    wa, wb = a.split(), b.split()
    if a == b:
        return True
    if not wa or not wb or wa[0] in _LIGHT_WORDS or wb[0] in _LIGHT_WORDS or wa[0] != wb[0]:
        return False
    shorter, longer = sorted((wa, wb), key=len)
    return longer[:len(shorter)] == shorter or (len(shorter) >= 2 and wa[:2] == wb[:2])


def _comparison(index: _GraphIndex, a: int, b: int, values: dict[int, float], lang: str) -> Subgraph:
    winner = a if values[a] > values[b] else b
    return _subgraph(
        "comparison",
        lang,
        [index.edges[a], index.edges[b]],
        answer=[index.edges[winner].head],
        question=[index.edges[a].head, index.edges[b].head],
    )


#: why the sampler passed over a candidate it drew (``sample_subgraphs_counted``)
DROP_NO_SHAPE = "no askable shape (answer not unique, or the pair fits no template)"
DROP_EDGE_REUSE = "an edge already serves max_edge_reuse questions"
DROP_ANSWER_REUSE = "the answer already serves max_answer_reuse questions"
DROP_SAME_FACT = "asks an answer and fact already asked"
DROP_KINDS_CLASH = "the two edges name the shared node as two kinds (person / organisation / place): two things under one name"


class SampleResult(BaseModel):
    """The sampled subgraphs and, per type, how many drawn candidates the sampler passed over and why."""

    subgraphs: list[Subgraph]
    dropped: dict[str, dict[str, int]] = {}


def sample_subgraphs(
    edges: list[Edge], focus_edge_ids: list[str], lang: str, config: SubgraphConfig = SubgraphConfig(),
    known: list[Edge] | None = None,
) -> list[Subgraph]:
    """``sample_subgraphs_counted`` without the counts."""
    return sample_subgraphs_counted(edges, focus_edge_ids, lang, config, known).subgraphs


def sample_subgraphs_counted(
    edges: list[Edge], focus_edge_ids: list[str], lang: str, config: SubgraphConfig = SubgraphConfig(),
    known: list[Edge] | None = None,
) -> SampleResult:
    """Every subgraph of ``lang``'s edges matching a template and containing a focus edge.

    At most ``config.max_per_type`` per type (a seeded, anchor-balanced selection when
    there are more). Deterministic for equal inputs whatever their order. Output is
    grouped by type (QUESTION_TYPES order) and sorted by edge ids within a type.
    ``subgraph_id`` = stable hash of the type and the sorted edge ids. Edge order inside a
    subgraph: multi-hop [first, second] as described in the module doc; set by tail label;
    otherwise by edge_id.

    ``known``: facts Wikidata already states (``graph.known_edges``). They are never part of
    a subgraph, but an answer they contradict is not unique ("What does X produce?" when
    Wikidata lists another product) and a set they would extend is not complete.
    """
    index = _GraphIndex(edges, focus_edge_ids, lang, known or ())
    if not any(index.focus):
        return SampleResult(subgraphs=[])
    cap = config.max_per_type
    dropped: dict[str, Counter[str]] = {}

    def rng(kind: str) -> random.Random:
        return random.Random(f"{config.seed}/{kind}")  # str seeds hash the same in every process

    unique = config.unique_answers
    edge_use: Counter[str] = Counter()
    answer_use: Counter[tuple[str, tuple[str, ...]]] = Counter()
    answer_facts: set[tuple[tuple[str, ...], str]] = set()
    out: list[Subgraph] = []

    def take(build, kind: str):
        """accept() for _select: build the subgraph; keep it when unique and within the reuse caps."""
        drops = dropped.setdefault(kind, Counter())

        def accept(candidate: tuple[int, ...]) -> bool:
            if len(candidate) == 2 and kind in ("multi-hop", "conditional") and index.kinds_clash(*candidate):
                drops[DROP_KINDS_CLASH] += 1
                return False
            subgraph = build(candidate)
            if subgraph is None:
                drops[DROP_NO_SHAPE] += 1
                return False
            answer = (subgraph.type, tuple(sorted(subgraph.answer_nodes)))
            ids = [e.edge_id for e in subgraph.edges]
            if answer_use[answer] >= config.max_answer_reuse:
                drops[DROP_ANSWER_REUSE] += 1
                return False
            if any(edge_use[e] >= config.max_edge_reuse for e in ids):
                drops[DROP_EDGE_REUSE] += 1
                return False
            facts = {(answer[1], e) for e in ids}
            if config.distinct_facts and facts & answer_facts:
                drops[DROP_SAME_FACT] += 1
                return False
            answer_use[answer] += 1
            edge_use.update(ids)
            answer_facts.update(facts)
            out.append(subgraph)
            return True
        return accept

    def build_set(members: tuple[int, ...]) -> Subgraph:
        edges = [index.edges[i] for i in members]
        if len({e.head for e in edges}) == 1:
            group = sorted(edges, key=lambda e: (e.tail_label, e.edge_id))
            return _subgraph("set", lang, group, answer=[e.tail for e in group], question=[group[0].head])
        group = sorted(edges, key=lambda e: (e.head_label, e.edge_id))
        return _subgraph("set", lang, group, answer=[e.head for e in group], question=[group[0].tail])

    def build_simple(candidate: tuple[int, ...]) -> Subgraph | None:
        (i,) = candidate
        edge = index.edges[i]
        if unique and index.fact[i] and not index.unique(i, edge.tail):
            return None  # several tails: the set question over this (head, relation) asks it completely
        return _subgraph("simple", lang, [edge], answer=[edge.tail], question=[edge.head])

    # rarest types first, so that what the graph hardly supports gets its edges
    _select(_set_pools(index, config.max_set_size), cap, rng("set"), take(build_set, "set"))
    pools, values = _comparison_pools(index)
    _select(pools, cap, rng("comparison"), take(lambda pair: _comparison(index, *pair, values, lang), "comparison"))
    _select(_simple_pools(index), cap, rng("simple"), take(build_simple, "simple"))
    # multi-hop and conditional share their candidate pairs but are selected independently,
    # taking turns, so that neither spends the edges' reuse budget before the other
    streams = [
        itertools.islice(_round_robin(_two_edge_pools(index), rng(kind), take(build, kind)), cap)
        for kind, build in (
            ("multi-hop", lambda pair: _multi_hop(index, *pair, lang, unique)),
            ("conditional", lambda pair: _conditional(index, *pair, lang, unique)),
        )
    ]
    while streams:
        streams = [stream for stream in streams if next(stream, None) is not None]

    order = {kind: n for n, kind in enumerate(QUESTION_TYPES)}
    out.sort(key=lambda s: (order[s.type], sorted(e.edge_id for e in s.edges)))
    return SampleResult(subgraphs=out, dropped={k: dict(sorted(c.items())) for k, c in sorted(dropped.items()) if c})


def article_edges(edges: list[Edge], sampled: list[Subgraph]) -> list[Edge]:
    """Every edge stated in an article one of ``sampled`` comes from, in edge-id order: the context
    the question stage reads for entity kinds, class nouns and full names, the same for each of a
    run's question chunks (whichever subgraphs share a chunk)."""
    docs = {doc for subgraph in sampled for edge in subgraph.edges for doc in edge.doc_ids}
    return sorted((e for e in edges if docs.intersection(e.doc_ids)), key=lambda e: e.edge_id)
