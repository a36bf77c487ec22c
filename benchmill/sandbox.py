"""Sandbox releases (DRAGON's sandbox datasets): a small, static set whose answers are public.

DRAGON keeps "a separate set of Sandbox Datasets with the exact same structure as the main
ones ... fully public ... not updated on a regular basis": a static reference set. So a
sandbox never shares a question with a ranked release, past or future:

- its questions are *accepted items no release has*: items of the collection spec's
  method and language that every filter of the spec accepted, that no release of any
  collection contains, and that no release settled as rejected. Items a ranked release
  held back over its quota (settled for good: no ranked release takes them) come first,
  then the cycle's other accepted items, each question type in proportion to its share;
- once published, they are reserved: ``benchmill.releases.plan_release`` leaves out every
  item of a release whose answers are public (``public_answers`` in its manifest), so no
  later ranked release can take them.

``<collection>-sandbox`` is an ordinary release of the release store (immutable rows, the same
export layout, listed by ``benchmill releases list``) with the texts its questions cite
(their newest passage, as a ranked release publishes them) and, up to ``max_texts``,
other texts of the method and language as distractors. Its collection spec asks for the
``sandbox`` export, which puts the gold answers, references and keypoints in
``public/qa`` beside the usual files; its manifest says ``public_answers: true`` and
``derived_from: <collection>`` (the ranked collection whose candidates it took).
``benchmill score <collection>-sandbox@V --results FILE`` works from the public files alone
(tasks/evaluate/release_data.py reads ``public/qa`` when ``private/`` is absent).

Static: once ``<collection>-sandbox`` exists, drawing again publishes nothing unless a new
version is asked for explicitly (``version=`` the next one), which takes fresh items.
"""
from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from benchmill.releases import FIRST_VERSION, ReleaseError, ReleasePlan, latest_version, next_version
from benchmill.store import Store

if TYPE_CHECKING:
    from benchmill.specs import CollectionSpec

#: the export format that makes a release's answers public (benchmill.releases.EXPORT_WRITERS)
SANDBOX_EXPORT = "sandbox"
DEFAULT_SIZE = 20
DEFAULT_MAX_TEXTS = 100


def sandbox_collection(collection: str) -> str:
    """The sandbox of a ranked collection: ``news-en`` -> ``news-en-sandbox`` (DRAGON keeps one
    sandbox dataset per main dataset, of the same structure)."""
    return f"{collection}-sandbox"


def candidates(store: Store, spec: "CollectionSpec") -> list[tuple[str, str, bool]]:
    """(item id, type, held back) of the items a sandbox may take, preferred first: accepted
    by every filter of ``spec`` (as ``plan_release`` decides it), in no release of any
    collection, not settled as rejected; those a release of ``spec`` held back over its
    quota first (no ranked release takes them), then the rest in item id order."""
    filters = list(spec.filters)
    with store.connect() as con:
        return [(r[0], r[1], bool(r[2])) for r in con.execute(
            """WITH v AS (
                   SELECT item_id,
                          count(*) FILTER (WHERE filter IN (SELECT unnest(?::VARCHAR[]))) AS n_filters,
                          count(*) FILTER (WHERE status IN ('rejected', 'error')) AS n_bad
                   FROM verdicts GROUP BY item_id)
               SELECT i.item_id, i.type,
                      i.item_id IN (SELECT item_id FROM release_settled
                                    WHERE collection = ? AND outcome = 'held_back') AS held
               FROM items i JOIN v USING (item_id)
               WHERE i.method = ? AND i.lang = ? AND v.n_filters = ? AND v.n_bad = 0
                 AND i.item_id NOT IN (SELECT item_id FROM release_items)
                 AND i.item_id NOT IN (SELECT item_id FROM release_settled WHERE outcome <> 'held_back')
               ORDER BY held DESC, i.item_id""",
            [filters, spec.name, spec.method, spec.lang, len(filters)],
        ).fetchall()]


def _spread(rows: list[tuple[str, str, bool]], size: int) -> list[str]:
    """Up to ``size`` item ids, each question type in proportion to its share of the candidates
    (largest remainder), the preference order within a type. Proportional, not round robin:
    a type the graph hardly supports (a few comparisons) is not carved out of the ranked release."""
    by_type: dict[str, list[str]] = defaultdict(list)
    for item_id, qtype, _ in rows:
        by_type[qtype].append(item_id)
    total = sum(len(ids) for ids in by_type.values())
    size = min(size, total)
    if size <= 0:
        return []
    exact = {t: size * len(ids) / total for t, ids in by_type.items()}
    take = {t: int(x) for t, x in exact.items()}
    for t in sorted(exact, key=lambda t: (-(exact[t] - take[t]), t))[: size - sum(take.values())]:
        take[t] += 1
    return sorted(i for t, ids in by_type.items() for i in ids[: take[t]])


def _texts(store: Store, method: str, lang: str, cited: list[str], max_texts: int) -> list[str]:
    """The cited documents, then distractors (documents of the method and language with a
    ready passage, in doc id order) up to ``max_texts``."""
    with store.connect() as con:
        others = [r[0] for r in con.execute(
            """SELECT DISTINCT doc_id FROM passages
               WHERE method = ? AND lang = ? AND ready_by IS NOT NULL AND doc_id NOT IN (SELECT unnest(?::VARCHAR[]))
               ORDER BY doc_id LIMIT ?""",
            [method, lang, cited, max(0, max_texts - len(cited))],
        ).fetchall()]
    return sorted(set(cited) | set(others))


def plan_sandbox(store: Store, spec: "CollectionSpec", size: int = DEFAULT_SIZE, max_texts: int = DEFAULT_MAX_TEXTS,
                 version: str | None = None, pool: list[tuple[str, str, bool]] | None = None) -> ReleasePlan | None:
    """The ``<collection>-sandbox`` release to publish from ``spec``'s unreleased accepted items.

    None when there is nothing to do: a sandbox exists and no new ``version`` is asked
    for, ``version`` exists already (a rerun), or no candidate is left. ``version`` must
    be the next one (``1.0.0`` first, then MINOR bumps). ``pool``: ``candidates(store, spec)``
    when the caller has it already."""
    if size < 1:
        raise ReleaseError(f"sandbox size must be >= 1, got {size}")
    name = sandbox_collection(spec.name)
    parent = latest_version(store, name)
    if version is None:
        if parent is not None:
            return None  # static: drawn once, redrawn only when a new version is asked for
        version = FIRST_VERSION
    else:
        with store.connect() as con:
            if con.execute("SELECT 1 FROM releases WHERE collection = ? AND version = ?", [name, version]).fetchall():
                return None
        if version != next_version(parent):
            raise ReleaseError(f"sandbox version {version!r}: the next {name} version is {next_version(parent)} "
                               f"(latest: {parent or 'none'})")
    chosen = _spread(candidates(store, spec) if pool is None else pool, size)
    if not chosen:
        return None
    items = store.items(chosen)
    cited = sorted({d for it in items for d in it.doc_ids})
    return ReleasePlan(
        collection=name, version=version, parent=parent, items=items,
        doc_ids=_texts(store, spec.method, spec.lang, cited, max_texts), held_back={},
        method=spec.method, lang=spec.lang, held_back_ids=[], filters=[],
        exports=["benchmill", SANDBOX_EXPORT], derived_from=spec.name,
    )


def write_public_qa(store: Store, texts: list, items: list, out_dir: Path) -> list[str]:
    """The ``sandbox`` export: ``public/qa`` = the gold rows of ``private/qa`` (answers,
    references, keypoints, relevant text ids), byte for byte, so the public files score."""
    written = []
    for ext in ("parquet", "jsonl"):
        shutil.copyfile(out_dir / "private" / f"qa.{ext}", out_dir / "public" / f"qa.{ext}")
        written.append(f"public/qa.{ext}")
    return written
