"""Hand-judged samples of a release: draw a judge sheet, read it back filled, count the rates.

The brief's rule is that a generator is done when what it releases reads well, so the
README's "Dataset quality" table quotes rates a person judged. This module makes those
figures reproducible and auditable:

* ``draw_sheet(release, n, seed)`` draws a seeded sample of a release's questions (the same
  release and seed give the same draw) and returns one row per question with what a judge
  needs — question, gold answer and its required parts, type, the supporting references —
  and the four labels left empty (``None``);
* a person fills each label with ``true`` / ``false`` (and a ``note`` where useful) and keeps
  the sheet under ``bench/judged/``;
* ``read_sheet(path)`` reads a filled sheet back and refuses, in one line naming the file and
  line, a row whose label is missing or not a boolean;
* ``rates(rows)`` counts each label overall and per question type.

The labels (what DRAGON's and RAGEval's human evaluations ask, in our words):

``grammatical``  the question is a well-formed, natural sentence of its language;
``answerable``   the supporting text answers it without outside knowledge;
``correct``      the gold answer is right and complete (every member of a set);
``unique``       no other answer would be just as right from the release's texts.
"""
from __future__ import annotations

import json
import random
from collections import Counter, defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tasks.evaluate.release_data import ReleaseData

LABELS = ("grammatical", "answerable", "correct", "unique")


class SheetError(ValueError):
    """A judge sheet that cannot be read or counted; the message names the file (and line)."""


def draw_sheet(release: "ReleaseData", n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` questions of ``release`` drawn with ``random.Random(seed)`` (all of them when fewer)."""
    if n < 1:
        raise SheetError(f"sample size must be >= 1, got {n}")
    ids = sorted(release.qa)
    chosen = sorted(random.Random(seed).sample(ids, min(n, len(ids))))
    rows = []
    for qid in chosen:
        record = release.qa[qid]
        rows.append({
            "collection": release.collection,
            "version": release.version,
            "seed": seed,
            "public_id": qid,
            "item_id": record.item_id,
            "type": record.type,
            "lang": record.lang,
            "question": release.question_text(qid),
            # a set's answer is every part ("Кедр Моторс; Робопорт"), not its first member
            "answer": ("; ".join(p[0] for p in record.parts if p) if len(record.parts or []) > 1
                       else record.golds[0] if record.golds else ""),
            "answer_parts": record.parts,
            "references": record.references,
            "text_ids": record.text_ids,
            **{label: None for label in LABELS},
            "note": "",
        })
    return rows


def write_sheet(rows: list[dict[str, Any]], path: Path, *, overwrite: bool = False) -> Path:
    """One JSON object per line. A sheet that already holds labels is never overwritten."""
    path = Path(path)
    if path.exists() and not overwrite:
        try:
            judged = any(row.get(label) is not None for row in _rows(path) for label in LABELS)
        except SheetError:
            judged = True
        if judged:
            raise SheetError(f"{path}: already holds judged labels; not overwritten (choose another --out)")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    tmp.replace(path)
    return path


def _rows(path: Path) -> list[dict[str, Any]]:
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise SheetError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise SheetError(f"{path}: not UTF-8 text") from None
    rows = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SheetError(f"{path}:{number}: not JSON ({exc.msg})") from None
        if not isinstance(row, dict):
            raise SheetError(f"{path}:{number}: a row must be a JSON object")
        row["_line"] = number
        rows.append(row)
    return rows


def read_sheet(path: Path) -> list[dict[str, Any]]:
    """A filled sheet's rows; every label must be ``true`` or ``false``."""
    rows = _rows(path)
    if not rows:
        raise SheetError(f"{path}: no rows")
    for row in rows:
        for label in LABELS:
            value = row.get(label)
            if not isinstance(value, bool):
                shown = "missing" if value is None else repr(value)
                raise SheetError(f"{path}:{row['_line']}: label {label!r} is {shown}; "
                                 f"judge every row with true or false (question {row.get('public_id')!r})")
    return rows


def rates(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Label -> {"yes", "n", "rate"} overall and per type; the sheet's releases; the notes of failed rows."""
    def count(selected: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
        out = {}
        for label in LABELS:
            yes = sum(1 for r in selected if r[label])
            out[label] = {"yes": yes, "n": len(selected), "rate": round(yes / len(selected), 3) if selected else None}
        return out

    by_type: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_type[str(row.get("type", "unknown"))].append(row)
    releases = Counter(f"{r.get('collection')}@{r.get('version')}" for r in rows)
    failed = [
        {"release": f"{r.get('collection')}@{r.get('version')}", "public_id": r.get("public_id"),
         "question": r.get("question"), "failed": [label for label in LABELS if not r[label]], "note": r.get("note", "")}
        for r in rows if not all(r[label] for label in LABELS)
    ]
    return {
        "releases": dict(sorted(releases.items())),
        "overall": count(rows),
        "by_type": {t: count(rs) for t, rs in sorted(by_type.items())},
        "failed": failed,
    }
