"""Versioned, immutable releases of accepted items, and their exports.

A release belongs to a collection (``news-en``, ``finance-en``...) and is versioned
MAJOR.MINOR.PATCH; each new release bumps MINOR (DRAGON's scheme: 1.10.0 -> 1.11.0).
It takes accepted items never released before in the collection (the release_items
primary key makes "never in two releases" a database fact), applies per-type quotas
(best filter score first) and is exported to

    <releases_dir>/<collection>/<version>/{public,private}/*.{parquet,jsonl} + manifest.json

The database rows are the release; the folder is derived from them, written to a temp
folder and renamed into place, so a killed export is simply redone (``ensure_exports``).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

from benchmill.faults import checkpoint
from benchmill.filtering import NOT_EVALUATED  # noqa: F401  (re-exported: the manifest counts these)
from benchmill.orchestration import emit_release_published
from benchmill.processes import pid_alive
from benchmill.settings import Settings
from benchmill.store import Store, StoreError, bulk_insert, first_row, utcnow
from schemas import Item
from schemas.release import FilterStats, ReleaseManifest

if TYPE_CHECKING:
    from benchmill.specs import CollectionSpec

VERSION_RE = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")
FIRST_VERSION = "1.0.0"


class ReleaseError(StoreError):
    pass


class ExportError(ReleaseError):
    """An export folder could not be written (read-only, disk full...): the release rows
    are committed, no temp folder is left, and the next run writes the folder again."""


def parse_ref(ref: str) -> tuple[str, str | None]:
    """``news-en@1.2.0`` -> (collection, version); ``news-en`` or ``news-en@latest`` -> (collection, None)."""
    collection, _, version = ref.partition("@")
    if not collection:
        raise ReleaseError(f"bad release reference {ref!r}: expected COLLECTION@VERSION, e.g. news-en@1.0.0")
    if version in ("", "latest"):
        return collection, None
    if not VERSION_RE.match(version):
        raise ReleaseError(f"bad version in {ref!r}: expected MAJOR.MINOR.PATCH, e.g. 1.2.0")
    return collection, version


def next_version(latest: str | None) -> str:
    if latest is None:
        return FIRST_VERSION
    major, minor, _ = (int(x) for x in VERSION_RE.match(latest).groups())
    return f"{major}.{minor + 1}.0"


def release_dir(settings: Settings, collection: str, version: str) -> Path:
    return settings.releases_dir / collection / version


@dataclass
class ReleasePlan:
    """What a release would take; computed from the store, written by ``publish``."""

    collection: str
    version: str
    parent: str | None
    items: list[Item]
    doc_ids: list[str]
    held_back: dict[str, int]
    method: str = ""
    lang: str = ""
    held_back_ids: list[str] = ()  # accepted items over the quota: settled by this release
    filters: list[str] = ()  # the collection's filters (the manifest reports each)
    exports: list[str] = ("benchmill",)  # export formats of the collection spec
    version_ids: dict[str, str] | None = None  # doc id -> passage to publish (default: its newest)
    derived_from: str | None = None  # the collection a sandbox's questions are drawn from (benchmill/sandbox.py)


# ----------------------------------------------------------------------- reads
def latest_version(store: Store, collection: str) -> str | None:
    with store.connect() as con:
        row = first_row(con.execute(
            "SELECT version FROM releases WHERE collection = ? ORDER BY major DESC, minor DESC, patch DESC LIMIT 1",
            [collection],
        ))
    return row[0] if row else None


def resolve(store: Store, ref: str) -> tuple[str, str]:
    collection, version = parse_ref(ref)
    if version is None:
        version = latest_version(store, collection)
        if version is None:
            raise ReleaseError(f"collection {collection!r} has no releases yet")
    with store.connect() as con:
        if not first_row(con.execute("SELECT 1 FROM releases WHERE collection = ? AND version = ?", [collection, version])):
            known = [r[0] for r in con.execute(
                "SELECT collection || '@' || version FROM releases ORDER BY collection, major, minor, patch").fetchall()]
            raise ReleaseError(f"no release {collection}@{version}; known: {', '.join(known) or 'none'}")
    return collection, version


def list_releases(store: Store) -> list[dict[str, Any]]:
    with store.connect() as con:
        rows = con.execute(
            """SELECT r.collection, r.version, r.parent, r.created_at, r.run_id,
                      (SELECT count(*) FROM release_items i WHERE i.collection = r.collection AND i.version = r.version) AS questions,
                      (SELECT count(*) FROM release_texts t WHERE t.collection = r.collection AND t.version = r.version) AS texts
               FROM releases r ORDER BY r.collection, r.major, r.minor, r.patch"""
        ).fetchall()
    keys = ["collection", "version", "parent", "created_at", "run_id", "questions", "texts"]
    return [dict(zip(keys, r)) for r in rows]


def manifest(store: Store, collection: str, version: str) -> ReleaseManifest:
    with store.connect() as con:
        row = first_row(con.execute("SELECT manifest FROM releases WHERE collection = ? AND version = ?", [collection, version]))
    if row is None:
        raise ReleaseError(f"no release {collection}@{version}")
    return ReleaseManifest.model_validate_json(row[0])


def release_items(store: Store, collection: str, version: str) -> list[tuple[int, Item]]:
    with store.connect() as con:
        rows = con.execute(
            "SELECT public_id, item_id FROM release_items WHERE collection = ? AND version = ? ORDER BY public_id",
            [collection, version],
        ).fetchall()
    by_id = {i.item_id: i for i in store.items([r[1] for r in rows])}
    return [(pid, by_id[iid]) for pid, iid in rows]


def release_texts(store: Store, collection: str, version: str) -> list[dict[str, Any]]:
    with store.connect() as con:
        rows = con.execute(
            """SELECT t.public_id, t.doc_id, p.title, p.text, p.passage_id FROM release_texts t
               JOIN passages p ON p.passage_id = t.version_id
               WHERE t.collection = ? AND t.version = ? ORDER BY t.public_id""",
            [collection, version],
        ).fetchall()
    return [{"public_id": p, "doc_id": d, "title": t or "", "text": x, "passage_id": v} for p, d, t, x, v in rows]


#: items of a release whose answers are public (a sandbox's, ``public_answers`` in its manifest)
_PUBLIC_ANSWER_ITEMS = """SELECT ri.item_id FROM release_items ri JOIN releases r USING (collection, version)
                          WHERE json_extract_string(r.manifest, '$.public_answers') = 'true'"""


def released_questions(store: Store, collection: str) -> list[str]:
    """Every question released so far in the collection, and every question a release made
    public with its answer (a sandbox's): the duplicates filter compares against them."""
    with store.connect() as con:
        rows = con.execute(
            f"""SELECT i.question FROM release_items r JOIN items i USING (item_id)
               WHERE r.collection = ? OR r.item_id IN ({_PUBLIC_ANSWER_ITEMS})
               ORDER BY i.item_id""",
            [collection],
        ).fetchall()
    return [r[0] for r in rows]


# ---------------------------------------------------------------- new release
#: items of the collection's current cycle: neither released nor settled by a release of it,
#: nor in a release whose answers are public (a sandbox's questions are never ranked)
_UNSETTLED = """i.method = ? AND i.lang = ?
    AND i.item_id NOT IN (SELECT item_id FROM release_items WHERE collection = ?)
    AND i.item_id NOT IN (SELECT item_id FROM release_settled WHERE collection = ?)
    AND i.item_id NOT IN (""" + _PUBLIC_ANSWER_ITEMS + ")"


def plan_release(store: Store, spec: "CollectionSpec") -> ReleasePlan | None:
    """Accepted items of this release cycle, within the spec's quotas, ranked as it says.

    A pure function of the store, so a run killed anywhere and its rerun publish the same
    release. Accepted = a verdict from every filter of the spec, none rejected and none a
    transient error (``skipped`` counts neither way). The cycle is every item of the
    spec's method and language that no release of the collection has released or
    settled: ``publish`` records the items over the quota (held back for good) and the
    rejected ones in ``release_settled``; an item whose verdict was an ``error`` stays in
    the cycle and is released once a later run accepts it. Within a type, items compete
    for the quota in the order of ``spec.ranking`` (then item id). Texts: see
    ``_release_texts``. Returns None when there is nothing to release.
    """
    collection, method, lang, filters = spec.name, spec.method, spec.lang, list(spec.filters)
    parent = latest_version(store, collection)
    rank_cols, rank_order, rank_params = [], [], []
    for n, key in enumerate(spec.ranking):
        passed = " AND status = 'passed'" if key.passed_only else ""
        rank_cols.append(f"avg(score) FILTER (WHERE filter = ?{passed}) AS rank{n}")
        rank_order.append(f"v.rank{n} {'DESC' if key.descending else 'ASC'} NULLS LAST")
        rank_params.append(key.filter)
    with store.connect() as con:
        rows = con.execute(
            f"""WITH v AS (
                   SELECT item_id,
                          count(*) FILTER (WHERE filter IN (SELECT unnest(?::VARCHAR[]))) AS n_filters,
                          count(*) FILTER (WHERE status IN ('rejected', 'error')) AS n_bad
                          {''.join(', ' + c for c in rank_cols)}
                   FROM verdicts GROUP BY item_id)
               SELECT i.item_id, i.type FROM items i JOIN v USING (item_id)
               WHERE {_UNSETTLED} AND v.n_filters = ? AND v.n_bad = 0
               ORDER BY i.type, {''.join(o + ', ' for o in rank_order)}i.item_id""",
            [filters, *rank_params, method, lang, collection, collection, len(filters)],
        ).fetchall()
    quotas = spec.quotas
    taken: list[str] = []
    per_type: Counter[str] = Counter()
    held_back: Counter[str] = Counter()
    held_ids: list[str] = []
    for item_id, qtype in rows:
        if per_type[qtype] < quotas.get(qtype, 0):
            per_type[qtype] += 1
            taken.append(item_id)
        else:
            held_back[qtype] += 1
            held_ids.append(item_id)
    if not taken:
        return None
    items = store.items(taken)
    doc_ids = _release_texts(store, collection, method, lang, items)
    return ReleasePlan(collection=collection, version=next_version(parent), parent=parent, items=items,
                       doc_ids=doc_ids, held_back=dict(sorted(held_back.items())), method=method, lang=lang,
                       held_back_ids=sorted(held_ids), filters=filters, exports=list(spec.exports))


def _release_texts(store: Store, collection: str, method: str, lang: str, items: list[Item]) -> list[str]:
    """The documents a release publishes: those its questions cite, and every document of
    the method and language whose newest *ready* passage no release of the collection has
    published yet (the cycle's distractor texts, new or changed). Defined on ready
    passages (the daily news: versions a completed run consumed), not on a run's
    increment, so a run killed after marking the increment consumed and its rerun (whose
    increment is empty) publish the same texts."""
    with store.connect() as con:
        rows = con.execute(
            """WITH newest AS (
                   SELECT doc_id, passage_id FROM passages
                   WHERE method = ? AND lang = ? AND ready_by IS NOT NULL
                   QUALIFY row_number() OVER (PARTITION BY doc_id ORDER BY seq DESC) = 1)
               SELECT doc_id FROM newest
               WHERE passage_id NOT IN (SELECT version_id FROM release_texts WHERE collection = ?)""",
            [method, lang, collection],
        ).fetchall()
    return sorted({d for i in items for d in i.doc_ids} | {r[0] for r in rows})


def _public_order(version: str, keys: list[str]) -> list[str]:
    """A stable shuffle: public ids must not reveal internal ids or question/text alignment."""
    return sorted(keys, key=lambda k: hashlib.sha256(f"{version}\0{k}".encode()).hexdigest())


def publish(store: Store, settings: Settings, plan: ReleasePlan, *, run_id: str,
            filters: list[str] | None = None) -> ReleaseManifest:
    """Write the release rows in one transaction, then its export folder (``filters``:
    default the plan's, i.e. its collection spec's)."""
    filters = list(plan.filters) if filters is None else filters
    items_by_id = {i.item_id: i for i in plan.items}
    item_public = {iid: n for n, iid in enumerate(_public_order(plan.version, sorted(items_by_id)))}
    doc_public = {did: n for n, did in enumerate(_public_order(plan.version, plan.doc_ids))}
    manifest_ = _build_manifest(store, plan, filters)
    # newest passage per document (the writer's lock keeps them current), or the plan's own (a sandbox's)
    versions = plan.version_ids or store.newest_version_ids(plan.doc_ids)
    with store.transaction() as con:
        if first_row(con.execute("SELECT 1 FROM releases WHERE collection = ? AND version = ?", [plan.collection, plan.version])):
            raise ReleaseError(f"release {plan.collection}@{plan.version} already exists; releases are immutable")
        major, minor, patch = (int(x) for x in plan.version.split("."))
        con.execute(
            "INSERT INTO releases VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [plan.collection, plan.version, major, minor, patch, plan.parent, manifest_.created, run_id,
             manifest_.model_dump_json()],
        )
        bulk_insert(con, "INSERT INTO release_items SELECT * FROM __rows",
                    ["collection", "version", "item_id", "public_id"],
                    [[plan.collection, plan.version, iid, pid] for iid, pid in item_public.items()])
        bulk_insert(con, "INSERT INTO release_texts SELECT * FROM __rows",
                    ["collection", "version", "doc_id", "version_id", "public_id"],
                    [[plan.collection, plan.version, did, versions[did], pid] for did, pid in doc_public.items()])
        # settle the cycle's held-back and rejected items: no later release takes or counts them
        bulk_insert(con, "INSERT INTO release_settled SELECT * FROM __rows",
                    ["collection", "version", "item_id", "outcome"],
                    [[plan.collection, plan.version, iid, "held_back"] for iid in plan.held_back_ids])
        con.execute(
            f"""INSERT INTO release_settled
                SELECT ?, ?, i.item_id, 'rejected' FROM items i
                WHERE {_UNSETTLED} AND i.item_id IN (
                    SELECT item_id FROM verdicts WHERE status = 'rejected' AND filter IN (SELECT unnest(?::VARCHAR[])))""",
            [plan.collection, plan.version, plan.method, plan.lang, plan.collection, plan.collection, filters],
        )
    checkpoint("release_committed")
    exported = export(store, plan.collection, plan.version, release_dir(settings, plan.collection, plan.version))
    # after the export: a listener (the auto-evaluate deployment) finds the folder in place
    emit_release_published(plan.collection, plan.version, questions=exported.questions, texts=exported.texts)
    return exported


def _build_manifest(store: Store, plan: ReleasePlan, filters: list[str]) -> ReleaseManifest:
    # pass rates over the items of this release cycle: every item no earlier release of the
    # collection released or settled, with the verdicts they have now (store facts only, not
    # which run made or judged them)
    with store.connect() as con:
        cycle_ids = [r[0] for r in con.execute(
            f"SELECT i.item_id FROM items i WHERE {_UNSETTLED} ORDER BY i.item_id",
            [plan.method, plan.lang, plan.collection, plan.collection],
        ).fetchall()]
    stats: dict[str, FilterStats] = {}
    counts: dict[str, Counter[str]] = {f: Counter() for f in filters}
    skip_reasons: dict[str, Counter[str]] = {f: Counter() for f in filters}
    for v in store.verdicts(cycle_ids):
        if v.filter not in counts:
            continue
        if v.status == "skipped" and v.reason.startswith(NOT_EVALUATED):
            counts[v.filter]["not_evaluated"] += 1
        else:
            counts[v.filter][v.status] += 1
            if v.status == "skipped":
                skip_reasons[v.filter][v.reason] += 1
    for f, c in counts.items():
        decided = c["passed"] + c["rejected"]
        stats[f] = FilterStats(
            evaluated=sum(c.values()), passed=c["passed"], rejected=c["rejected"], skipped=c["skipped"],
            not_evaluated=c["not_evaluated"], errors=c["error"],
            pass_rate=round(c["passed"] / decided, 4) if decided else None,
            skipped_reason=skip_reasons[f].most_common(1)[0][0] if skip_reasons[f] else None,
        )
    lineage = {
        "engines": sorted({i.lineage.engine for i in plan.items}),
        "models": sorted({i.lineage.model for i in plan.items if i.lineage.model}),
        "prompts": sorted({f"{i.lineage.prompt_name}:{i.lineage.prompt_hash}" if i.lineage.prompt_hash
                           else str(i.lineage.prompt_name) for i in plan.items}),
    }
    return ReleaseManifest(
        collection=plan.collection, version=plan.version, parent=plan.parent, created=utcnow(),
        counts_by_type=dict(sorted(Counter(i.type for i in plan.items).items())),
        counts_by_language=dict(sorted(Counter(i.lang for i in plan.items).items())),
        texts=len(plan.doc_ids), questions=len(plan.items), held_back_by_quota=plan.held_back, filters=stats,
        skipped_filters=sorted(f for f, s in stats.items() if s.skipped and s.skipped + s.not_evaluated == s.evaluated),
        lineage=lineage, files={}, exports=list(plan.exports),
        public_answers="sandbox" in plan.exports, derived_from=plan.derived_from,
    )


# --------------------------------------------------------------------- export
def export(store: Store, collection: str, version: str, out_dir: Path) -> ReleaseManifest:
    """Write the release's files to out_dir atomically (temp folder + rename)."""
    manifest_ = manifest(store, collection, version)
    texts = release_texts(store, collection, version)
    items = release_items(store, collection, version)
    text_public = {t["doc_id"]: t["public_id"] for t in texts}
    tables: dict[str, list[dict[str, Any]]] = {
        "public/texts": [{"id": t["public_id"], "text": t["text"], "title": t["title"]} for t in texts],
        "public/questions": [{"id": pid, "question": it.question} for pid, it in items],
        "private/texts": [{"id": t["doc_id"], "public_id": t["public_id"]} for t in texts],
        "private/qa": [
            {"public_id": pid, "text_ids": sorted(text_public[d] for d in it.doc_ids if d in text_public),
             "answer": ", ".join(it.answers), "answers": it.answers, "type": it.type, "text": it.question,
             "answer_parts": [[a] for a in it.answers] if it.type == "set" else [list(it.answers)],
             "references": it.references, "keypoints": it.keypoints, "item_id": it.item_id, "lang": it.lang,
             "method": it.method}
            for pid, it in items
        ],
    }
    out_dir = Path(out_dir)
    tmp = out_dir.with_name(f".{out_dir.name}.tmp-{os.getpid()}")
    remove_leftovers(out_dir.parent, f".{out_dir.name}.tmp-*")
    try:
        files: dict[str, str] = {}
        for name, rows in tables.items():
            (tmp / name).parent.mkdir(parents=True, exist_ok=True)
            pq.write_table(pa.Table.from_pylist(rows, schema=EXPORT_SCHEMAS[name]), tmp / f"{name}.parquet")
            with open(tmp / f"{name}.jsonl", "w", encoding="utf-8") as fh:
                for row in rows:
                    fh.write(json.dumps(row, ensure_ascii=False) + "\n")
            for ext in ("parquet", "jsonl"):
                files[f"{name}.{ext}"] = _sha256(tmp / f"{name}.{ext}")
        for fmt in manifest_.exports:
            if fmt != "benchmill":  # a generator's own format, written into the same temp folder
                for rel in export_writer(fmt)(store, texts, items, tmp):
                    files[rel] = _sha256(tmp / rel)
        manifest_ = manifest_.model_copy(update={"files": files})
        (tmp / "manifest.json").write_text(manifest_.model_dump_json(indent=2), encoding="utf-8")
        checkpoint("export_before_rename")
        if out_dir.exists():
            shutil.rmtree(out_dir)
        os.replace(tmp, out_dir)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        raise ExportError(
            f"cannot export {collection}@{version} to {out_dir}: {exc.strerror or exc}; the release is stored, "
            f"the next run (or `benchmill releases export`) writes the folder again") from exc
    return manifest_


#: export formats beyond the common one: name -> "module:function" called as
#: ``fn(store, texts, items, out_dir) -> [paths relative to out_dir]`` (deterministic files,
#: written into the export's temp folder, so they land atomically with the rest). Imported
#: when a release asks for it: the core imports no generator otherwise.
EXPORT_WRITERS: dict[str, str] = {"rageval": "tasks.rageval.writers:write_release",
                                  "sandbox": "benchmill.sandbox:write_public_qa"}


def export_writer(fmt: str):
    import importlib

    try:
        module, _, name = EXPORT_WRITERS[fmt].partition(":")
    except KeyError:
        raise ReleaseError(f"unknown export format {fmt!r}; known: benchmill, {', '.join(sorted(EXPORT_WRITERS))}") from None
    return getattr(importlib.import_module(module), name)


def remove_leftovers(collection_dir: Path, pattern: str = ".*.tmp-*") -> list[str]:
    """Delete ``.VERSION.tmp-PID`` folders of exports that died before their rename (the
    PID's process is gone, or is this one)."""
    removed = []
    if collection_dir.is_dir():
        for tmp in sorted(collection_dir.glob(pattern)):
            pid = tmp.name.rpartition("-")[2]
            if pid.isdigit() and int(pid) != os.getpid() and pid_alive(int(pid)):
                continue  # another process's export in progress
            shutil.rmtree(tmp, ignore_errors=True)
            removed.append(tmp.name)
    return removed



def ensure_exports(store: Store, settings: Settings) -> list[str]:
    """Re-export releases whose folder is missing (a run killed between commit and export,
    or an export that failed on a read-only or full disk); remove leftover temp folders."""
    redone = []
    releases = list_releases(store)
    for collection in sorted({r["collection"] for r in releases}):
        remove_leftovers(settings.releases_dir / collection)
    for r in releases:
        folder = release_dir(settings, r["collection"], r["version"])
        if not (folder / "manifest.json").exists():
            export(store, r["collection"], r["version"], folder)
            redone.append(f"{r['collection']}@{r['version']}")
    return redone


def diff(store: Store, ref_a: str, ref_b: str) -> dict[str, Any]:
    """What changed between two releases: questions and texts added/removed, counts by type."""
    (ca, va), (cb, vb) = resolve(store, ref_a), resolve(store, ref_b)
    items_a = {it.item_id: it for _, it in release_items(store, ca, va)}
    items_b = {it.item_id: it for _, it in release_items(store, cb, vb)}
    texts_a = {t["doc_id"] for t in release_texts(store, ca, va)}
    texts_b = {t["doc_id"] for t in release_texts(store, cb, vb)}
    return {
        "a": f"{ca}@{va}", "b": f"{cb}@{vb}",
        "questions_added": len(items_b.keys() - items_a.keys()),
        "questions_removed": len(items_a.keys() - items_b.keys()),
        "texts_added": len(texts_b - texts_a), "texts_removed": len(texts_a - texts_b),
        "texts_shared": len(texts_a & texts_b),
        "by_type": {
            t: {"a": sum(1 for i in items_a.values() if i.type == t), "b": sum(1 for i in items_b.values() if i.type == t)}
            for t in sorted({i.type for i in [*items_a.values(), *items_b.values()]})
        },
        "sample_added": [items_b[i].question for i in sorted(items_b.keys() - items_a.keys())[:5]],
    }


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


_STR_LIST = pa.list_(pa.string())
EXPORT_SCHEMAS = {
    "public/texts": pa.schema([("id", pa.int64()), ("text", pa.string()), ("title", pa.string())]),
    "public/questions": pa.schema([("id", pa.int64()), ("question", pa.string())]),
    "private/texts": pa.schema([("id", pa.string()), ("public_id", pa.int64())]),
    "private/qa": pa.schema([
        ("public_id", pa.int64()), ("text_ids", pa.list_(pa.int64())), ("answer", pa.string()),
        ("answers", _STR_LIST), ("type", pa.string()), ("text", pa.string()), ("references", _STR_LIST),
        ("keypoints", _STR_LIST), ("item_id", pa.string()), ("lang", pa.string()), ("method", pa.string()),
        ("answer_parts", pa.list_(_STR_LIST)),  # required parts, each with its accepted forms
    ]),
}
