"""Graph correspondence (DRAGON Appendix E): does the QA pair mention its subgraph's entities where it should?

Each subgraph node gets a question presence and an answer presence: 1 − (Levenshtein
distance between the entity's label and the closest substring of the question / answer) /
(label length). The closest substring is found exactly (semi-global alignment, Myers'
bit-parallel algorithm), not approximated by fixed windows.

Rules per type (presence_threshold τ, leak_threshold λ):

* set, conditional: positions are strictly determined. The presences of the nodes meant
  for the question (``question_nodes``) are averaged over the question, those meant for
  the answer (``answer_nodes``) over the answer; either average < τ rejects.
* simple: each entity may sit in either part but must be mentioned: per node the larger
  of its two presences, averaged after trimming the 5% highest and lowest values; < τ
  rejects.
* multi-hop: as simple over the nodes with one connection in the subgraph; the bridge
  (``hidden_nodes``) must not be named: a presence ≥ λ in the question or the answer
  rejects ("bridge leaked").
* comparison: both compared subjects must each be present in the question (an average
  would let one of the two be missing) and the winner in the answer.

Russian inflects names ("Северный порт" / "у Северного порта"), which costs several edits
on the surface, so for Russian the presence is the better of the surface alignment and
the same alignment on lemmatised words.
"""
from __future__ import annotations

import math
import re
from collections import Counter

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec, register
from schemas import Item, Subgraph, Verdict
from tasks.filters import FilterResult, words

FILTER_NAME = "graph_correspondence"


class GraphCorrespondenceConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    presence_threshold: float = Field(0.8, ge=0.0, le=1.0, description="least average presence of required entities")
    leak_threshold: float = Field(0.85, ge=0.0, le=1.0, description="a hidden (bridge) entity this present is leaked")
    trim_fraction: float = Field(0.05, ge=0.0, lt=0.5, description="share of highest and of lowest values trimmed (simple, multi-hop)")


def closest_substring_distance(pattern: str, text: str) -> int:
    """Levenshtein distance between ``pattern`` and the substring of ``text`` closest to it.

    Myers (1999) bit-parallel approximate string matching: the DP column of the pattern is
    kept as bit vectors, and the top row is all zeros so a match may start anywhere in
    the text; the minimum of the last row over all end positions is the answer. O(len(text))
    big-integer operations. Empty pattern: 0; no text: len(pattern).
    """
    m = len(pattern)
    if m == 0:
        return 0
    mask = (1 << m) - 1
    high = 1 << (m - 1)
    peq: dict[str, int] = {}
    for i, ch in enumerate(pattern):
        peq[ch] = peq.get(ch, 0) | (1 << i)
    pv, mv, score = mask, 0, m
    best = m
    for ch in text:
        eq = peq.get(ch, 0)
        xv = eq | mv
        xh = ((((eq & pv) + pv) & mask) ^ pv) | eq
        ph = mv | (~(xh | pv) & mask)
        mh = pv & xh
        if ph & high:
            score += 1
        elif mh & high:
            score -= 1
        ph = (ph << 1) & mask
        mh = (mh << 1) & mask
        pv = mh | (~(xv | ph) & mask)
        mv = ph & xv
        if score < best:
            best = score
            if best == 0:
                break
    return best


#: a thousands separator inside a number: "2,139", "2 139", "1.870.000"
_DIGIT_GROUP_SEPARATOR = re.compile(r"(?<=\d)[,.\s\u00a0\u202f'](?=\d{3}(?!\d))")


def _comparable_words(text: str) -> list[str]:
    """Folded words, with digit groups joined so that "2,139" and "2 139" both read "2139"."""
    return words(_DIGIT_GROUP_SEPARATOR.sub("", text))


def _lemmas(text: str) -> str:
    from benchmill.nlp import lemma_ru

    return " ".join(lemma_ru(w) if not w.isdigit() else w for w in _comparable_words(text))


def presence(label: str, text: str, lang: str) -> float:
    """1 − scaled Levenshtein distance of ``label`` to its closest substring of ``text`` (0..1).

    Both sides are compared as folded words joined by single spaces, so case, quotes and
    punctuation cost nothing.
    """
    pattern = " ".join(_comparable_words(label))
    if not pattern:
        return 0.0
    target = " ".join(_comparable_words(text))
    score = 1.0 - closest_substring_distance(pattern, target) / len(pattern)
    if lang == "ru" and score < 1.0:
        pattern_lemmas = _lemmas(label)
        if pattern_lemmas:
            lemma_score = 1.0 - closest_substring_distance(pattern_lemmas, _lemmas(text)) / len(pattern_lemmas)
            score = max(score, lemma_score)
    return max(0.0, score)


def trimmed_mean(values: list[float], fraction: float) -> float:
    """Mean after dropping ``floor(fraction · n)`` values from each end (scipy.stats.trim_mean's rule)."""
    ordered = sorted(values)
    cut = math.floor(fraction * len(ordered))
    kept = ordered[cut : len(ordered) - cut] or ordered
    return sum(kept) / len(kept)


class _Presences:
    """Labels and (lazily computed, memoised) presences of one item's subgraph nodes."""

    def __init__(self, item: Item, subgraph: Subgraph):
        self.lang = item.lang
        self.question = item.question
        self.answer = "; ".join(item.answers)
        self.labels: dict[str, str] = {}
        for edge in subgraph.edges:
            self.labels.setdefault(edge.head, edge.head_label)
            self.labels.setdefault(edge.tail, edge.tail_label)
        self._memo: dict[tuple[str, str], float] = {}

    def q(self, node: str) -> float:
        return self._get(node, "q")

    def a(self, node: str) -> float:
        return self._get(node, "a")

    def either(self, node: str) -> float:
        return max(self.q(node), self.a(node))

    def _get(self, node: str, part: str) -> float:
        key = (node, part)
        if key not in self._memo:
            text = self.question if part == "q" else self.answer
            self._memo[key] = presence(self.labels.get(node, node), text, self.lang)
        return self._memo[key]

    def name(self, node: str) -> str:
        return repr(self.labels.get(node, node))


def _part_average(p: _Presences, nodes: list[str], part: str) -> tuple[float, str]:
    """(average presence of ``nodes`` in the question or answer, a description naming the weakest)."""
    values = {n: (p.q(n) if part == "q" else p.a(n)) for n in nodes}
    average = sum(values.values()) / len(values)
    worst = min(values, key=values.get)
    where = "question" if part == "q" else "answer"
    return average, f"{where} presence {average:.2f} (weakest {p.name(worst)} {values[worst]:.2f})"


def _judge(item: Item, subgraph: Subgraph, config: GraphCorrespondenceConfig) -> tuple[str, float, str]:
    """(status, score, reason) for one item."""
    p = _Presences(item, subgraph)
    tau = config.presence_threshold

    if subgraph.type in ("set", "conditional"):
        parts = [("q", subgraph.question_nodes), ("a", subgraph.answer_nodes)]
        averages = [_part_average(p, nodes, part) for part, nodes in parts if nodes]
        if not averages:
            return "rejected", 0.0, "subgraph names no question or answer nodes"
        score = min(average for average, _ in averages)
        failed = [detail for average, detail in averages if average < tau]
        if failed:
            return "rejected", score, f"{subgraph.type}: below {tau:g}: " + "; ".join(failed)
        return "passed", score, f"{subgraph.type}: " + "; ".join(detail for _, detail in averages)

    if subgraph.type == "comparison":
        subjects = {n: p.q(n) for n in subgraph.question_nodes}
        winners = {n: p.a(n) for n in subgraph.answer_nodes}
        values = list(subjects.values()) + list(winners.values())
        score = min(values) if values else 0.0
        missing = [f"subject {p.name(n)} in question {v:.2f}" for n, v in subjects.items() if v < tau]
        missing += [f"winner {p.name(n)} in answer {v:.2f}" for n, v in winners.items() if v < tau]
        if not subjects or not winners:
            return "rejected", 0.0, "comparison subgraph lacks subjects or winner"
        if missing:
            return "rejected", score, f"comparison: below {tau:g}: " + "; ".join(missing)
        return "passed", score, "comparison: both subjects in question, winner in answer"

    # simple and multi-hop: an entity may appear in either part
    degree = Counter(n for e in subgraph.edges for n in (e.head, e.tail))
    if subgraph.type == "multi-hop":
        hidden = subgraph.hidden_nodes or [n for n, d in degree.items() if d > 1]
        required = sorted(n for n, d in degree.items() if d == 1 and n not in hidden)
    else:
        hidden = []
        required = sorted(degree)
    if not required:
        return "rejected", 0.0, f"{subgraph.type}: subgraph has no entity to look for"
    values = {n: p.either(n) for n in required}
    score = trimmed_mean(list(values.values()), config.trim_fraction)
    worst = min(values, key=values.get)
    for bridge in hidden:
        leak = p.either(bridge)
        if leak >= config.leak_threshold:
            part = "question" if p.q(bridge) >= p.a(bridge) else "answer"
            # the leak decides: the score says how well hidden the bridge is
            return "rejected", min(score, 1.0 - leak), (
                f"bridge leaked: {p.name(bridge)} named in the {part} (presence {leak:.2f} >= {config.leak_threshold:g})"
            )
    detail = f"mean presence {score:.2f} over {len(values)} entities (weakest {p.name(worst)} {values[worst]:.2f})"
    if score < tau:
        return "rejected", score, f"{subgraph.type}: {detail} below {tau:g}"
    return "passed", score, f"{subgraph.type}: {detail}"


def check_graph_correspondence(
    items: list[Item], config: GraphCorrespondenceConfig = GraphCorrespondenceConfig()
) -> FilterResult:
    """Verdict per item on whether its question and answer name its subgraph's entities (Appendix E).

    score = the decisive value: the lower part average (set, conditional), the smallest
    required presence (comparison), the trimmed mean (simple, multi-hop), or for a leaked
    bridge 1 − its presence. An item without a subgraph (a generator that does not work
    from the graph) is ``skipped`` as not applicable; a subgraph that does not validate
    is ``rejected``.
    """
    verdicts = []
    for item in items:
        if item.subgraph is None:
            verdicts.append(
                Verdict(item_id=item.item_id, filter=FILTER_NAME, status="skipped", reason="not applicable: item has no subgraph")
            )
            continue
        try:
            subgraph = Subgraph.model_validate(item.subgraph)
        except ValidationError as exc:
            verdicts.append(
                Verdict(
                    item_id=item.item_id, filter=FILTER_NAME, status="rejected", score=0.0,
                    reason=f"subgraph does not validate: {exc.errors()[0]['msg']}", code="invalid_subgraph",
                )
            )
            continue
        status, score, reason = _judge(item, subgraph, config)
        verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status=status, score=round(score, 4), reason=reason,
                                code="graph_mismatch" if status == "rejected" else ""))
    return FilterResult(verdicts=verdicts)


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig,
          config: GraphCorrespondenceConfig) -> FilterResult:
    return check_graph_correspondence(items, config)


#: DRAGON's own filter: registered here, not among the shared filters
FILTER = register(FilterSpec(name=FILTER_NAME, needs_llm=False, config=GraphCorrespondenceConfig, score=score,
                             context=frozenset({"subgraph"}),
                             description="question and answer name the entities of the item's subgraph"))
