"""The automatic quality report of a release (issue 10): `benchmill quality C@V`, the daily run's artifact, `make bench`.

What a reviewer would otherwise count by hand, over the release's items:

* **answer uniqueness against the graph**: for a simple or multi-hop item, the fact
  holding its answer (the subgraph edge touching the answer node) asked from its other
  end: does the store's graph have another asserted edge with the same head and relation
  (or relation and tail, when the head is the answer), the same modality and answer class
  (a date does not answer "Where ...?") (a plan is not
  answered by a done fact), in the novel-fact graph or among the facts Wikidata already
  states? Then the question has a second valid answer. For a set item: does the graph
  have a member the answer does not list?
* **near-duplicate clusters**: questions within ``cosine_threshold`` of each other
  (the duplicates filter's embeddings, entity guard and ``same_ask``), grouped transitively;
* **same-answer clusters**: items whose answers are equal (case-folded, order aside), and
  among them those that also share the answer's fact (an edge touching the answer);
* **reuse per edge**: how many items each graph edge of the release serves (mean, max);
* **type mix vs quotas**: counts and shares per type against the spec's quotas;
* **cross-question answer leaks**: ``tasks.filters.answer_leaks.leaks`` over the release;
* **language check**: questions whose detected language is not the release's.

``release_quality(store, collection, version, quotas)`` gathers and computes; the pure
part is ``quality_of(items, lang, edges, quotas)``; ``render_text`` prints it.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from schemas import Edge, Item
from tasks.dragon.subgraphs import answer_class

if TYPE_CHECKING:
    from benchmill.store import Store

#: examples listed per section
_EXAMPLES = 5


class Section(BaseModel):
    """One measured aspect: the figures and a few examples."""

    figures: dict[str, Any]
    examples: list[str] = []


class QualityReport(BaseModel):
    collection: str
    version: str
    lang: str
    questions: int
    answer_uniqueness: Section
    near_duplicates: Section
    same_answer: Section
    edge_reuse: Section
    type_mix: Section
    answer_leaks: Section
    language: Section


def _fold(text: str) -> str:
    from tasks.filters import words

    return " ".join(words(text))


def _subgraph(item: Item) -> dict:
    return item.subgraph if isinstance(item.subgraph, dict) else {}


def _answer_edges(item: Item) -> list[dict]:
    sg = _subgraph(item)
    answer = set(sg.get("answer_nodes") or [])
    return [e for e in sg.get("edges") or [] if e.get("head") in answer or e.get("tail") in answer]


def _fact_key(e: dict | Edge) -> tuple[str, str]:
    """(canonical relation, modality): "What does X plan to supply?" is answered by X's other
    planned supplies, not by what it supplies today; "produces" and "produced" are one relation,
    and so are "bought" and "acquired" (the synonym table the edge ids use)."""
    from tasks.dragon.graph import canonical_relation

    get = e.get if isinstance(e, dict) else (lambda k, default=None: getattr(e, k, default))
    return canonical_relation(get("relation"), get("lang") or "en"), get("modality") or "asserted"


def _tail_key(e: dict) -> tuple:
    return (e["head"], *_fact_key(e), answer_class(e.get("tail_type"), e["tail_label"]))


def _head_key(e: dict) -> tuple:
    return (*_fact_key(e), e["tail"], answer_class(e.get("head_type"), e["head_label"]))


def answer_uniqueness(items: list[Item], edges: list[Edge]) -> Section:
    facts = [e for e in edges if (getattr(e, "modality", None) or "asserted") not in ("negated", "conditional")]
    tails: dict[tuple, dict[str, str]] = defaultdict(dict)
    heads: dict[tuple, dict[str, str]] = defaultdict(dict)
    for e in facts:
        key = _fact_key(e)
        tails[(e.head, *key, answer_class(e.tail_type, e.tail_label))][e.tail] = e.tail_label
        heads[(*key, e.tail, answer_class(e.head_type, e.head_label))][e.head] = e.head_label
    checked = non_unique = set_checked = set_incomplete = 0
    examples: list[str] = []
    for item in sorted(items, key=lambda i: i.item_id):
        sg = _subgraph(item)
        answer = set(sg.get("answer_nodes") or [])
        if item.type in ("simple", "multi-hop"):
            checked += 1
            others: set[str] = set()
            for e in _answer_edges(item):
                if e["tail"] in answer:
                    others |= {label for node, label in tails[_tail_key(e)].items() if node not in answer}
                else:
                    others |= {label for node, label in heads[_head_key(e)].items() if node not in answer}
            if others:
                non_unique += 1
                if len(examples) < _EXAMPLES:
                    examples.append(f"{item.question} → {'; '.join(item.answers)} (also: {'; '.join(sorted(others))})")
        elif item.type == "set":
            set_checked += 1
            missing: set[str] = set()
            for e in _answer_edges(item):
                if e["tail"] in answer:
                    missing |= {label for node, label in tails[_tail_key(e)].items() if node not in answer}
                else:
                    missing |= {label for node, label in heads[_head_key(e)].items() if node not in answer}
            if missing:
                set_incomplete += 1
                if len(examples) < _EXAMPLES:
                    examples.append(f"[set] {item.question} → {'; '.join(item.answers)} (missing: {'; '.join(sorted(missing))})")
    return Section(figures={"checked": checked, "second_valid_answer": non_unique,
                            "share": round(non_unique / checked, 4) if checked else None,
                            "sets_checked": set_checked, "sets_incomplete": set_incomplete}, examples=examples)


def _clusters(n: int, pairs: list[tuple[int, int]]) -> list[list[int]]:
    parent = list(range(n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in pairs:
        parent[find(a)] = find(b)
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(n):
        groups[find(i)].append(i)
    return sorted((g for g in groups.values() if len(g) > 1), key=lambda g: (-len(g), g))


def near_duplicates(items: list[Item], lang: str, cosine_threshold: float = 0.95) -> Section:
    from tasks.filters.duplicates import _cache, anchors_compatible, named_anchors, normalised_question, same_ask

    if len(items) < 2:
        return Section(figures={"clusters": 0, "items_in_clusters": 0, "largest": 0, "threshold": cosine_threshold})
    questions = [i.question for i in items]
    vectors = _cache.embed(questions, lang)
    similarity = vectors @ vectors.T
    anchors = [named_anchors(q, lang) for q in questions]
    keys = [normalised_question(q) for q in questions]
    pairs = []
    for a in range(len(items)):
        for b in range(a + 1, len(items)):
            if keys[a] == keys[b] or (similarity[a, b] >= cosine_threshold and anchors_compatible(anchors[a], anchors[b])
                                      and same_ask(items[a], items[b])):
                pairs.append((a, b))
    groups = _clusters(len(items), pairs)
    examples = [" | ".join(items[i].question for i in g[:3]) + (f" (+{len(g) - 3})" if len(g) > 3 else "")
                for g in groups[:_EXAMPLES]]
    return Section(figures={"clusters": len(groups), "items_in_clusters": sum(len(g) for g in groups),
                            "largest": max((len(g) for g in groups), default=0), "threshold": cosine_threshold},
                   examples=examples)


def same_answer(items: list[Item]) -> Section:
    by_answer: dict[tuple[str, ...], list[Item]] = defaultdict(list)
    for item in items:
        by_answer[tuple(sorted(_fold(a) for a in item.answers))].append(item)
    groups = sorted((g for g in by_answer.values() if len(g) > 1), key=lambda g: (-len(g), g[0].item_id))
    same_fact = 0
    for group in groups:
        fact_edges = [{e["edge_id"] for e in _answer_edges(i)} for i in group]
        for n, mine in enumerate(fact_edges):
            if mine and any(mine & other for m, other in enumerate(fact_edges) if m != n):
                same_fact += 1
    total = len(items)
    in_groups = sum(len(g) for g in groups)
    return Section(
        figures={"clusters": len(groups), "items_in_clusters": in_groups,
                 "share_repeating_an_answer": round(in_groups / total, 4) if total else None,
                 "largest": max((len(g) for g in groups), default=0),
                 "repeating_answer_and_fact": same_fact,
                 "share_repeating_answer_and_fact": round(same_fact / total, 4) if total else None,
                 "distinct_answers": len(by_answer)},
        examples=[f"{'; '.join(g[0].answers)} ×{len(g)}: " + " | ".join(i.question for i in g[:2]) for g in groups[:_EXAMPLES]],
    )


def edge_reuse(items: list[Item]) -> Section:
    uses: Counter[str] = Counter()
    labels: dict[str, str] = {}
    for item in items:
        for e in _subgraph(item).get("edges") or []:
            uses[e["edge_id"]] += 1
            labels[e["edge_id"]] = f"({e.get('head_label')} | {e.get('relation')} | {e.get('tail_label')})"
    if not uses:
        return Section(figures={"edges": 0, "mean": None, "max": 0})
    top = sorted(uses.items(), key=lambda kv: (-kv[1], kv[0]))
    return Section(figures={"edges": len(uses), "mean": round(sum(uses.values()) / len(uses), 2), "max": top[0][1],
                            "edges_used_once": sum(1 for n in uses.values() if n == 1)},
                   examples=[f"{labels[k]} ×{n}" for k, n in top[:_EXAMPLES]])


def type_mix(items: list[Item], quotas: dict[str, int] | None) -> Section:
    counts = Counter(i.type for i in items)
    quotas = quotas or {}
    total, quota_total = len(items), sum(quotas.values())
    rows = {}
    for t in sorted(set(counts) | set(quotas)):
        rows[t] = {"count": counts.get(t, 0), "quota": quotas.get(t),
                   "share": round(counts.get(t, 0) / total, 4) if total else None,
                   "quota_share": round(quotas[t] / quota_total, 4) if t in quotas and quota_total else None,
                   "fill": round(counts.get(t, 0) / quotas[t], 4) if quotas.get(t) else None}
    short = [f"{t}: {r['count']} of quota {r['quota']}" for t, r in rows.items() if r["quota"] and r["count"] < r["quota"]]
    return Section(figures=rows, examples=short)


def answer_leaks(items: list[Item], lang: str) -> Section:
    from tasks.filters.answer_leaks import leaks

    pairs = leaks(items, lang)
    by_id = {i.item_id: i for i in items}
    return Section(figures={"pairs": len(pairs), "items_involved": len({x for p in pairs for x in p})},
                   examples=[f"{by_id[i].question!r} states the answer of {by_id[j].question!r} → {'; '.join(by_id[j].answers)}"
                             for i, j in pairs[:_EXAMPLES]])


def language(items: list[Item], lang: str) -> Section:
    from benchmill.nlp import detect_language

    wrong = [i for i in items if lang in ("en", "ru") and detect_language(i.question) != lang]
    return Section(figures={"checked": len(items), "other_language": len(wrong)},
                   examples=[i.question for i in wrong[:_EXAMPLES]])


def quality_of(items: list[Item], lang: str, edges: list[Edge], quotas: dict[str, int] | None, *,
               collection: str = "", version: str = "", cosine_threshold: float = 0.95) -> QualityReport:
    """The report over ``items`` (a release's), with ``edges`` the graph of the language (the pure part)."""
    items = sorted(items, key=lambda i: i.item_id)
    return QualityReport(
        collection=collection, version=version, lang=lang, questions=len(items),
        answer_uniqueness=answer_uniqueness(items, edges), near_duplicates=near_duplicates(items, lang, cosine_threshold),
        same_answer=same_answer(items), edge_reuse=edge_reuse(items), type_mix=type_mix(items, quotas),
        answer_leaks=answer_leaks(items, lang), language=language(items, lang),
    )


def release_quality(store: "Store", collection: str, version: str, quotas: dict[str, int] | None = None) -> QualityReport:
    """The report of one release: its items, the store's graph of its language, the given quotas."""
    from benchmill.releases import manifest, release_items

    m = manifest(store, collection, version)  # ReleaseError when there is no such release
    items = [item for _, item in release_items(store, collection, version)]
    langs = sorted(m.counts_by_language) or sorted({i.lang for i in items})
    lang = langs[0] if len(langs) == 1 else "mixed"
    edges = []
    if lang in ("en", "ru"):
        from tasks.dragon.graph import known_edges

        # the novel-fact graph and the facts Wikidata already states: both answer a question
        known = store.known_triplets(lang)
        edges = store.edges(lang) + known_edges(known, store.links(lang, [s for t in known for s in (t.subject, t.object)]))
    return quality_of(items, lang, edges, quotas, collection=collection, version=version)


def headline(report: QualityReport) -> dict[str, Any]:
    """The figures the README's dataset-quality table shows."""
    u, s, r = report.answer_uniqueness.figures, report.same_answer.figures, report.edge_reuse.figures
    return {
        "release": f"{report.collection}@{report.version}", "questions": report.questions,
        "second valid answer": f"{u['second_valid_answer']} of {u['checked']}",
        "incomplete sets": f"{u['sets_incomplete']} of {u['sets_checked']}",
        "near-dup clusters": report.near_duplicates.figures["clusters"],
        "repeat answer+fact": f"{s['share_repeating_answer_and_fact']:.0%}" if s["share_repeating_answer_and_fact"] is not None else "-",
        "edge reuse mean/max": f"{r['mean']}/{r['max']}",
        "answer leaks": report.answer_leaks.figures["pairs"],
        "other language": report.language.figures["other_language"],
        "types": ", ".join(f"{t} {row['count']}/{row['quota']}" for t, row in report.type_mix.figures.items()),
    }


def render_text(report: QualityReport) -> str:
    """A plain-text (and Markdown-friendly) rendering: one block per section."""
    lines = [f"quality of {report.collection}@{report.version} ({report.lang}, {report.questions} questions)"]
    for name in ("answer_uniqueness", "near_duplicates", "same_answer", "edge_reuse", "type_mix", "answer_leaks", "language"):
        section: Section = getattr(report, name)
        lines.append("")
        if name == "type_mix":
            lines.append("type mix vs quotas:")
            for t, row in section.figures.items():
                share = f"{row['share']:.0%}" if row["share"] is not None else "-"
                quota_share = f"{row['quota_share']:.0%}" if row["quota_share"] is not None else "-"
                lines.append(f"  {t:<12} {row['count']:>5} of quota {row['quota'] if row['quota'] is not None else '-':>5}"
                             f"   share {share:>4} (quota share {quota_share})")
        else:
            figures = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in section.figures.items())
            lines.append(f"{name.replace('_', ' ')}: {figures}")
        lines += [f"  e.g. {e}" for e in section.examples]
    return "\n".join(lines)
