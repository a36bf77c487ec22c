"""Sandbox releases (DRAGON's sandbox): a small collection whose answers are public.

``sandbox-<lang>`` is an ordinary release of the release store (immutable rows, MINOR
versions, the same export layout, listed by ``benchmill releases list``), drawn from one
release ``C@V``: up to ``size`` of its questions, spread over its question types, with
the exact texts that release published (the texts they cite, then the release's other
texts as distractors, up to ``max_texts``). Its collection spec asks for the ``sandbox``
export, which puts the gold answers, references and keypoints in ``public/qa`` beside
the usual files, and its manifest says ``public_answers: true`` and
``derived_from: C@V``. ``benchmill score sandbox-<lang>@V --results FILE`` works from the
public files alone (tasks/evaluate/release_data.py reads ``public/qa`` when ``private/``
is absent), so a user checks the submission format and their scores locally.

Its questions are questions of ``C@V`` with their answers made public: rank systems on
other versions (the manifest's ``derived_from`` names the one to leave out).
"""
from __future__ import annotations

import shutil
from collections import defaultdict
from pathlib import Path

from benchmill.releases import (
    ReleaseError,
    ReleasePlan,
    latest_version,
    list_releases,
    manifest,
    next_version,
    release_items,
    release_texts,
    resolve,
)
from benchmill.store import Store

#: the export format that makes a release's answers public (benchmill.releases.EXPORT_WRITERS)
SANDBOX_EXPORT = "sandbox"
DEFAULT_SIZE = 20
DEFAULT_MAX_TEXTS = 100


def sandbox_collection(lang: str) -> str:
    return f"sandbox-{lang}"


def sandbox_of(store: Store, collection: str, version: str) -> str | None:
    """``sandbox-<lang>@V`` already drawn from ``collection@version``, if any."""
    for r in list_releases(store):
        if r["collection"].startswith("sandbox-"):
            if manifest(store, r["collection"], r["version"]).derived_from == f"{collection}@{version}":
                return f"{r['collection']}@{r['version']}"
    return None


def _spread(items: list, size: int) -> list:
    """Up to ``size`` items, round robin over question types (public id order within a type)."""
    by_type: dict[str, list] = defaultdict(list)
    for pid, item in items:
        by_type[item.type].append((pid, item))
    queues = [by_type[t] for t in sorted(by_type)]
    chosen = []
    while len(chosen) < size and any(queues):
        for q in queues:
            if q and len(chosen) < size:
                chosen.append(q.pop(0))
    return [item for _, item in sorted(chosen, key=lambda p: p[0])]


def plan_sandbox(store: Store, ref: str, size: int = DEFAULT_SIZE, max_texts: int = DEFAULT_MAX_TEXTS,
                 ) -> ReleasePlan | None:
    """The next ``sandbox-<lang>`` release drawn from release ``ref``; None when one already is."""
    if size < 1:
        raise ReleaseError(f"sandbox size must be >= 1, got {size}")
    collection, version = resolve(store, ref)
    if collection.startswith("sandbox-"):
        raise ReleaseError(f"{collection}@{version} is a sandbox already: draw a sandbox from a release of questions")
    if sandbox_of(store, collection, version):
        return None
    items = release_items(store, collection, version)
    langs = sorted({it.lang for _, it in items})
    if len(langs) != 1:
        raise ReleaseError(f"{collection}@{version} has questions in {langs or 'no language'}: a sandbox has one language")
    name = sandbox_collection(langs[0])
    with store.connect() as con:  # an item is released once per collection (release_items' key)
        taken = {r[0] for r in con.execute("SELECT item_id FROM release_items WHERE collection = ?", [name]).fetchall()}
    chosen = _spread([(pid, it) for pid, it in items if it.item_id not in taken], size)
    if not chosen:
        return None
    texts = release_texts(store, collection, version)
    passage_of = {t["doc_id"]: t["passage_id"] for t in texts}
    cited = sorted({d for it in chosen for d in it.doc_ids if d in passage_of})
    others = [t["doc_id"] for t in texts if t["doc_id"] not in set(cited)]
    doc_ids = sorted(cited + others[: max(0, max_texts - len(cited))])
    parent = latest_version(store, name)
    return ReleasePlan(
        collection=name, version=next_version(parent), parent=parent, items=chosen, doc_ids=doc_ids, held_back={},
        method=chosen[0].method, lang=langs[0], held_back_ids=[], filters=[],
        exports=["benchmill", SANDBOX_EXPORT], version_ids={d: passage_of[d] for d in doc_ids},
        derived_from=f"{collection}@{version}",
    )


def write_public_qa(store: Store, texts: list, items: list, out_dir: Path) -> list[str]:
    """The ``sandbox`` export: ``public/qa`` = the gold rows of ``private/qa`` (answers,
    references, keypoints, relevant text ids), byte for byte, so the public files score."""
    written = []
    for ext in ("parquet", "jsonl"):
        shutil.copyfile(out_dir / "private" / f"qa.{ext}", out_dir / "public" / f"qa.{ext}")
        written.append(f"public/qa.{ext}")
    return written
