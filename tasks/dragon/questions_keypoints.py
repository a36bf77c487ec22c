"""DRAGON questions: keypoints (what a correct answer must state) and the Item built from a draft."""
from __future__ import annotations


from schemas import Edge, Item, Lineage, Subgraph
from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.questions_base import NoTemplate, _cap, _kind, _labels, METHOD  # noqa: F401
from tasks.dragon.questions_en import en_past, en_relation
from tasks.dragon.questions_ru import _ru_gender, _ru_one_copula, _ru_quantity_unit, _ru_quote, ru_finite, ru_infinitive_chain, ru_relation


def answer_keypoints(subgraph: Subgraph, answers: list[str], templates, kinds: dict | None = None) -> list[str]:
    """RAGEval keypoints: what a correct answer has to contain, as statements, never the bridge.

    simple / set: the statement of each edge (each holds the answer or one set member).
    multi-hop: one statement of the answer's edge with the bridge named as the question names
    it ("The organization whose CEO is Anna Berg acquired Maersk."), so a correct short answer
    covers it without the hidden bridge fact. conditional: one statement of the answer with
    both conditions ("Harbour Logistics acquired Maersk and is headquartered in Oslo.").
    Where no template fits: the statements of the edges that hold an answer.
    """
    lang, edges, labels = subgraph.lang, subgraph.edges, _labels(subgraph)
    kind_of = lambda node: _kind(kinds or {}, lang, node)  # noqa: E731
    answer_nodes = [n for n in labels if labels[n] in answers]
    holding = [e for e in edges if {e.head, e.tail} & set(answer_nodes)] or list(edges)
    try:
        if subgraph.type == "multi-hop" and len(edges) == 2 and len(holding) == 1:
            main = holding[0]
            other = next(e for e in edges if e is not main)
            bridge = main.tail if main.head in answer_nodes else main.head
            if bridge in (other.head, other.tail):
                description = templates.describe(other, bridge, kind_of(bridge))
                side = "head_label" if bridge == main.head else "tail_label"
                if lang == "ru" and side == "head_label":
                    description += ","  # close the relative clause before the predicate
                return [templates.statement(main.model_copy(update={side: description}))]
        if subgraph.type == "comparison" and len(edges) == 2 and len(holding) == 1:
            winner, loser = holding[0].head_label, next(e for e in edges if e is not holding[0]).head_label
            return [_comparison_statement(holding[0], winner, loser, lang)]
        if subgraph.type == "conditional" and len(answer_nodes) == 1 and len(holding) == len(edges) > 1:
            shared, name = answer_nodes[0], labels[answer_nodes[0]]
            if lang == "ru":
                gender = _ru_gender(name)
                predicates = [templates.subject_predicate(e, shared, gender) for e in edges]
                name = _ru_quote(name, name, [s for e in edges for s in e.sentences])  # as the question quotes it
                return [_cap(f"{name} {' и '.join(_ru_one_copula(predicates))}") + "."]
            predicates = [templates.subject_predicate(e, shared) for e in edges]
            return [_cap(f"{name} {' and '.join(predicates)}") + "."]
    except NoTemplate:
        pass
    return [templates.statement(e) for e in holding]


def _comparison_statement(edge: Edge, winner: str, loser: str, lang: str) -> str:
    """ "BYD sold more cars in October than Tesla." — the answer of a comparison question."""
    if lang == "ru":
        rel = ru_relation(edge.relation)
        unit = _ru_quantity_unit(edge.tail_label)
        what = f"больше {unit}" if unit else "больше"
        chain, rest = ru_infinitive_chain(rel)  # «согласилась выделить больше рублей»
        return _cap(" ".join(p for p in (winner, ru_finite(rel.head, _ru_gender(winner)), chain, what, rest) if p)) + f", чем {loser}."
    rel = en_relation(edge.relation)
    quantity = parse_quantity(edge.tail_label, "en")
    if quantity is None:
        raise NoTemplate(f"comparison object {edge.tail_label!r} is not a number")
    what = "more" if not quantity.unit_text or quantity.money else f"more {quantity.unit_text}"
    rest = rel.rest_text
    if rel.trailing_preposition == "of":  # "reported more revenue than"
        noun = " ".join(w for w in rel.rest[:-1] if w.lower() not in ("a", "an", "the", "its", "their"))
        what, rest = (f"more {quantity.unit_text}" if quantity.unit_text and not quantity.money else f"more {noun}"), ""
    return _cap(" ".join(p for p in (winner, en_past(rel.head), what, rest, "than", loser) if p)) + "."


def _item(subgraph: Subgraph, question: str, answers: list[str], lineage: Lineage, iid: str, templates,
          kinds: dict | None = None) -> Item:
    references: list[str] = []
    for edge in subgraph.edges:
        for sentence in edge.sentences:
            if sentence not in references:
                references.append(sentence)
    doc_ids = sorted({d for e in subgraph.edges for d in e.doc_ids})
    return Item(
        item_id=iid,
        method=METHOD,
        type=subgraph.type,
        lang=subgraph.lang,
        question=question,
        answers=answers,
        references=references,
        keypoints=answer_keypoints(subgraph, answers, templates, kinds),
        doc_ids=doc_ids,
        subgraph=subgraph.model_dump(mode="json"),
        lineage=lineage,
    )

