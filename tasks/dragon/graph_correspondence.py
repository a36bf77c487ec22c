"""Graph correspondence (DRAGON Appendix E): does the QA pair name its subgraph's entities where it should, and nothing else?

Each subgraph node gets a question presence and an answer presence: 1 − (Levenshtein
distance between the entity's label and the closest substring of the question / answer) /
(label length). The closest substring is found exactly (semi-global alignment, Myers'
bit-parallel algorithm), not approximated by fixed windows. Labels of four characters or
fewer count only as whole words ("EU" is not in "Europe").

The answers of a rules item are the graph's labels, so "the answer names the answer
entities" holds by construction; what can actually go wrong is checked, each with its
own reason and code (τ = presence_threshold, λ = leak_threshold):

* ``entity_missing``: a question entity (every non-answer, non-hidden node the subgraph
  puts in the question; for simple every node that is not the answer; a comparison's
  two subjects) has presence < τ in the question;
* ``answer_incomplete``: an answer entity has presence < τ in the answer (a set answer
  missing a member);
* ``answer_in_question``: an answer entity (not also a question entity, as a comparison's
  winner is) has presence ≥ λ in the question — the question gives itself away or asks
  about the wrong end of the fact;
* ``bridge_leaked``: a multi-hop bridge (``hidden_nodes``) has presence ≥ λ in the
  question or the answer;
* ``extra_entity``: the question names an entity (spaCy / natasha NER) that matches no
  node label and no relation of the subgraph (App. E: "the generated set should contain
  all the entities from the subgraph and not contain any extra ones").

The score is kept apart from the decision: the mean of five graded components —
question coverage (trimmed mean of the question entities' presences, DRAGON's 5 %
trimming), answer coverage, 1 − the highest answer presence in the question, 1 − the
highest bridge presence, 1 − the share of the question's named entities that are extra —
so items that pass can still be ranked by it (``tasks/dragon/spec.py`` RANKING), and a
rejected item shows how far off it was. The reason lists every failed check and the
components.

Russian inflects names ("Северный порт" / "у Северного порта"), which costs several edits
on the surface, so for Russian the presence is the better of the surface alignment and
the same alignment on lemmatised words.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache

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
    trim_fraction: float = Field(0.05, ge=0.0, lt=0.5, description="share of highest and of lowest question presences trimmed in the score")
    check_extra_entities: bool = Field(True, description="reject a question naming an entity (NER) outside the subgraph")


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


@lru_cache(maxsize=65536)
def _lemmas(text: str) -> str:
    from benchmill.nlp import lemma_ru

    return " ".join(lemma_ru(w) if not w.isdigit() else w for w in _comparable_words(text))


@lru_cache(maxsize=262144)
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
            label = self.labels.get(node, node)
            value = presence(label, text, self.lang)
            if value < 1.0 and len("".join(_comparable_words(label))) <= _SHORT_LABEL:
                # a short name ("EU", "BYD") aligns inside longer words at 1 − 1/len: count whole words only
                value = 1.0 if _names_whole_words(label, text, self.lang) else min(value, 0.5)
            self._memo[key] = value
        return self._memo[key]

    def name(self, node: str) -> str:
        return repr(self.labels.get(node, node))


#: labels this short are matched as whole words only (see _Presences._get)
_SHORT_LABEL = 4


def _word_seq(text: str, lang: str) -> tuple[str, ...]:
    return tuple(_lemmas(text).split()) if lang == "ru" else tuple(_comparable_words(text))


def _names_whole_words(label: str, text: str, lang: str) -> bool:
    needle, hay = tuple(_comparable_words(label)), tuple(_comparable_words(text))
    if lang == "ru":
        needle, hay = _word_seq(label, lang), _word_seq(text, lang)
    n = len(needle)
    return n > 0 and any(hay[k : k + n] == needle for k in range(len(hay) - n + 1))


def _numbers_named(label: str, text: str) -> bool:
    """Every number of ``label`` is a word of ``text`` (true for a label without numbers)."""
    numbers = [w for w in _comparable_words(label) if any(ch.isdigit() for ch in w)]
    return set(numbers) <= set(_comparable_words(text))


def _roles(item: Item, subgraph: Subgraph, p: _Presences) -> tuple[list[str], list[str], list[str]]:
    """(answer nodes, question nodes, hidden nodes) of the item.

    Answer nodes are the subgraph's ``answer_nodes``; for simple, the nodes whose labels
    are the item's answers when there are any (either end of one fact may be asked about).
    Question nodes: every other node the subgraph puts in the question; for simple,
    every node that is not the answer; a comparison asks about both subjects, its
    winner included. Hidden: the multi-hop bridge(s).
    """
    from tasks.filters import fold

    answers = {fold(a).strip() for a in item.answers}
    nodes = sorted(p.labels)
    answer_nodes = list(subgraph.answer_nodes)
    if subgraph.type == "simple":  # either end of one fact may be asked about; other types fix the answer
        answer_nodes = [n for n in nodes if fold(p.labels[n]).strip() in answers] or answer_nodes
    degree = Counter(n for e in subgraph.edges for n in (e.head, e.tail))
    hidden = list(subgraph.hidden_nodes)
    if subgraph.type == "multi-hop" and not hidden:
        hidden = [n for n, d in degree.items() if d > 1 and n not in answer_nodes]
    if subgraph.type == "comparison":
        question_nodes = list(subgraph.question_nodes)
    elif subgraph.type == "simple":
        question_nodes = [n for n in nodes if n not in answer_nodes]
    else:
        declared = list(subgraph.question_nodes) + [n for n in subgraph.answer_nodes if n not in answer_nodes]
        question_nodes = [n for n in dict.fromkeys(declared) if n not in answer_nodes and n not in hidden]
    return answer_nodes, question_nodes, hidden


#: questions run through NER in one text (natasha is ~50x faster on one Doc of many sentences)
_NER_BATCH = 200


def question_entities(items: list[Item]) -> dict[str, list]:
    """item id -> the named entities of its question; one NER call per language and batch of questions."""
    from benchmill.nlp import named_entities

    out: dict[str, list] = {i.item_id: [] for i in items}
    by_lang: dict[str, list[Item]] = {}
    for item in items:
        by_lang.setdefault(item.lang, []).append(item)
    for lang, group in by_lang.items():
        for start in range(0, len(group), _NER_BATCH):
            chunk = group[start : start + _NER_BATCH]
            spans, parts, offset = [], [], 0
            for item in chunk:
                text = " ".join(item.question.split())
                spans.append((offset, offset + len(text), item.item_id))
                parts.append(text)
                offset += len(text) + 2
            entities = named_entities("\n\n".join(parts), lang)
            for ent in entities:
                for begin, end, iid in spans:
                    if begin <= ent.start and ent.end <= end:
                        out[iid].append(ent)
                        break
    return out


def _extra_entities(item: Item, subgraph: Subgraph, p: _Presences, tau: float, entities: list) -> tuple[int, list[str]]:
    """(named entities in the question, those naming nothing of the subgraph).

    An entity of the question (spaCy / natasha NER) is accounted for when it matches a
    node label either way round (presence ≥ τ: "Petrov" in "Ivan Petrov", "Северным
    портом" ~ "Северный порт") or appears in an edge's relation ("number of cars sold in
    2023" accounts for "2023").
    """
    texts = list(p.labels.values()) + [e.relation for e in subgraph.edges]
    extra = []
    for ent in entities:
        if not _comparable_words(ent.text):
            continue
        forms = {ent.text, ent.normal} if ent.normal else {ent.text}
        if any(presence(f, t, item.lang) >= tau or presence(t, f, item.lang) >= tau
               for f in forms for t in texts if _comparable_words(t)):
            continue
        extra.append(ent.text)
    return len(entities), sorted(set(extra))


def _judge(item: Item, subgraph: Subgraph, config: GraphCorrespondenceConfig,
           entities: list | None = None) -> tuple[str, float, str, str]:
    """(status, score, reason, code) for one item: the checks decide, the score grades (module doc)."""
    p = _Presences(item, subgraph)
    tau, lam = config.presence_threshold, config.leak_threshold
    answer_nodes, question_nodes, hidden = _roles(item, subgraph, p)
    if not answer_nodes or not question_nodes:
        return "rejected", 0.0, f"{subgraph.type}: subgraph names no question or no answer entity", "invalid_subgraph"

    problems: list[tuple[str, str]] = []  # (code, detail)
    q_values = {n: p.q(n) for n in question_nodes}
    for n, v in q_values.items():
        if v < tau:
            problems.append(("entity_missing", f"question does not name {p.name(n)} (presence {v:.2f} < {tau:g})"))
    a_values = {n: p.a(n) for n in answer_nodes}
    for n, v in a_values.items():
        if v < tau:
            problems.append(("answer_incomplete", f"answer does not name {p.name(n)} (presence {v:.2f} < {tau:g})"))
    # a quantity is named only with its number: "How many league goals" does not name "47 league goals"
    answer_in_q = {n: (p.q(n) if _numbers_named(p.labels.get(n, n), item.question) else min(p.q(n), 0.5))
                   for n in answer_nodes if n not in question_nodes}
    for n, v in answer_in_q.items():
        if v >= lam:
            problems.append(("answer_in_question", f"answer {p.name(n)} named in the question (presence {v:.2f} >= {lam:g})"))
    hidden_values = {n: p.either(n) for n in hidden}
    for n, v in hidden_values.items():
        if v >= lam:
            part = "question" if p.q(n) >= p.a(n) else "answer"
            problems.append(("bridge_leaked", f"bridge leaked: {p.name(n)} named in the {part} (presence {v:.2f} >= {lam:g})"))
    n_entities, extra = (0, [])
    if config.check_extra_entities:
        if entities is None:
            entities = question_entities([item])[item.item_id]
        n_entities, extra = _extra_entities(item, subgraph, p, tau, entities)
        if extra:
            problems.append(("extra_entity", "question names entities outside the subgraph: " + ", ".join(repr(e) for e in extra)))

    components = {
        "question": trimmed_mean(list(q_values.values()), config.trim_fraction),
        "answer": sum(a_values.values()) / len(a_values),
        "answer hidden": 1.0 - max(answer_in_q.values(), default=0.0),
        "bridge hidden": 1.0 - max(hidden_values.values(), default=0.0),
        "no extra": 1.0 - len(extra) / max(1, n_entities),
    }
    score = sum(components.values()) / len(components)
    detail = ", ".join(f"{k} {v:.2f}" for k, v in components.items())
    if problems:
        return "rejected", score, f"{subgraph.type}: " + "; ".join(d for _, d in problems) + f" [{detail}]", problems[0][0]
    return "passed", score, f"{subgraph.type}: {detail}", ""


def check_graph_correspondence(
    items: list[Item], config: GraphCorrespondenceConfig = GraphCorrespondenceConfig()
) -> FilterResult:
    """Verdict per item on whether its question and answer name its subgraph's entities, and no others (Appendix E).

    score = the mean of the graded components (module doc), whatever the decision. An item
    without a subgraph (a generator that does not work from the graph) is ``skipped`` as
    not applicable; a subgraph that does not validate is ``rejected``.
    """
    with_graph = [i for i in items if i.subgraph is not None]
    entities = question_entities(with_graph) if config.check_extra_entities else {}
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
        status, score, reason, code = _judge(item, subgraph, config, entities.get(item.item_id, []))
        verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status=status, score=round(score, 4), reason=reason,
                                code=code))
    return FilterResult(verdicts=verdicts)


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig,
          config: GraphCorrespondenceConfig) -> FilterResult:
    return check_graph_correspondence(items, config)


#: DRAGON's own filter: registered here, not among the shared filters
FILTER = register(FilterSpec(name=FILTER_NAME, needs_llm=False, config=GraphCorrespondenceConfig, score=score,
                             context=frozenset({"subgraph"}),
                             description="question and answer name the entities of the item's subgraph"))
