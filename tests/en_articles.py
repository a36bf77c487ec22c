"""One English article through the rules engine, for the triplet tests that pin sentence shapes.

Every paragraph is new (a first crawl), so every fact the rules find is returned.
"""
from __future__ import annotations

from benchmill.engines import EngineConfig
from schemas import IncrementDoc
from tasks.dragon.triplets import extract_triplets

RULES = EngineConfig(kind="rules")


def _doc(paragraphs: tuple[str, ...]) -> IncrementDoc:
    return IncrementDoc(doc_id="news", version_id="news-v1", canonical_url="https://news.example/a", lang="en",
                        title="", text="\n\n".join(paragraphs), new_paragraphs=list(paragraphs))


def article(*paragraphs: str) -> set[tuple[str, str, str, str]]:
    """The (subject, relation, object, modality) facts of one article; no extraction failure allowed."""
    batch = extract_triplets([_doc(paragraphs)], RULES)
    assert batch.failures == []
    return {(t.subject, t.relation, t.object, t.modality) for t in batch.triplets}


def labelled(*paragraphs: str) -> dict[str, str | None]:
    """Each end of each fact with the entity label the rules gave it."""
    labels: dict[str, str | None] = {}
    for t in extract_triplets([_doc(paragraphs)], RULES).triplets:
        labels[t.subject] = t.subject_label
        labels[t.object] = t.object_label
    return labels


def subjects(found) -> set[str]:
    return {s for s, *_ in found}


def ends(found) -> set[str]:
    return {s for s, *_ in found} | {o for *_, o, _ in found}
