"""Load a release export folder (docs/ARCHITECTURE.md "Release export layout").

Reads ``public/texts``, ``public/questions``, ``private/texts`` and ``private/qa`` (or, for a
release whose answers are public and whose ``private/`` is absent, ``public/qa``) from
``.parquet`` (pyarrow) or, when a parquet file is absent, the ``.jsonl`` twin. Only the
columns the evaluation needs are required; later generators may add columns freely.

The relevant documents of a question are ``qa.text_ids`` (public text ids). Gold answers
are ``qa.answers`` when non-empty, else ``[qa.answer]``.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError


class ReleaseDataError(ValueError):
    """The folder is not a readable release export; the message names the file."""


class PublicText(BaseModel):
    id: int
    text: str
    title: str = ""


class PublicQuestion(BaseModel):
    id: int
    question: str


class QARecord(BaseModel):
    """One row of private/qa: the question's gold data."""

    public_id: int
    text_ids: list[int] = []
    answer: str = ""
    answers: list[str] = []
    type: str = "unknown"
    text: str = ""
    references: list[str] = []
    keypoints: list[str] = []
    item_id: str = ""
    lang: str = "en"
    method: str = ""
    #: the answer as required parts, each a list of accepted forms (a set question: one part per
    #: member; other types: one part whose forms are the alternatives). Older exports lack it.
    answer_parts: list[list[str]] = []
    #: graded relevance of ``text_ids`` (same order; 0 = judged not relevant, >= 1 relevant, higher
    #: = more). Empty: every text of ``text_ids`` has grade 1 (binary relevance).
    text_grades: list[int] = []

    @property
    def grades(self) -> dict[int, int]:
        """Text id -> relevance grade (``--convention trec`` scores NDCG on these)."""
        if self.text_grades and len(self.text_grades) == len(self.text_ids):
            return dict(zip(self.text_ids, self.text_grades))
        return {t: 1 for t in self.text_ids}

    @property
    def parts(self) -> list[list[str]]:
        """Required parts with their accepted forms (derived from ``answers`` / ``type`` when not exported)."""
        parts = [[f for f in part if f and f.strip()] for part in self.answer_parts]
        parts = [p for p in parts if p]
        if parts:
            return parts
        if self.type == "set" and len(self.golds) > 1:
            return [[g] for g in self.golds]
        return [self.golds] if self.golds else []

    @property
    def golds(self) -> list[str]:
        golds = [a for a in self.answers if a and a.strip()]
        return golds or ([self.answer] if self.answer and self.answer.strip() else [])


class ReleaseData(BaseModel):
    path: Path
    collection: str
    version: str
    texts: dict[int, PublicText]
    questions: dict[int, PublicQuestion]
    qa: dict[int, QARecord]
    private_text_ids: dict[str, int] = {}  # internal doc id -> public text id
    manifest: dict[str, Any] | None = None

    @property
    def lang(self) -> str:
        """The corpus language: the single language of its questions, 'ru' when mixed (multilingual model)."""
        langs = {q.lang for q in self.qa.values()}
        if len(langs) == 1:
            return next(iter(langs))
        return "ru" if langs else "en"

    def question_text(self, qid: int) -> str:
        q = self.questions.get(qid)
        return q.question if q is not None else self.qa[qid].text


def _read_rows(base: Path) -> list[dict[str, Any]]:
    """Rows of ``base.parquet`` or ``base.jsonl``."""
    parquet, jsonl = base.with_suffix(".parquet"), base.with_suffix(".jsonl")
    if parquet.exists():
        try:
            import pyarrow.parquet as pq

            return pq.read_table(parquet).to_pylist()
        except Exception as exc:
            raise ReleaseDataError(f"{parquet}: cannot read parquet ({exc})") from None
    if jsonl.exists():
        rows = []
        with jsonl.open(encoding="utf-8") as fh:
            for lineno, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ReleaseDataError(f"{jsonl}:{lineno}: not JSON ({exc.msg})") from None
        return rows
    raise ReleaseDataError(f"{parquet} (or {jsonl.name}) is missing")


def _present(base: Path) -> bool:
    return base.with_suffix(".parquet").exists() or base.with_suffix(".jsonl").exists()


def _models(rows: list[dict[str, Any]], model: type[BaseModel], where: Path) -> list:
    out = []
    for i, row in enumerate(rows, start=1):
        try:
            out.append(model.model_validate({k: v for k, v in row.items() if v is not None}))
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            raise ReleaseDataError(f"{where}: row {i}: {loc}: {err['msg']}") from None
    return out


def load_release(path: Path, collection: str | None = None, version: str | None = None) -> ReleaseData:
    """Read a release export folder; raises ReleaseDataError naming the bad file."""
    path = Path(path)
    if not path.is_dir():
        raise ReleaseDataError(f"{path}: release folder does not exist")
    texts = _models(_read_rows(path / "public" / "texts"), PublicText, path / "public" / "texts")
    questions = _models(_read_rows(path / "public" / "questions"), PublicQuestion, path / "public" / "questions")
    qa_base = path / "private" / "qa"
    if not _present(qa_base) and _present(path / "public" / "qa"):
        qa_base = path / "public" / "qa"  # a release whose answers are public (a sandbox), downloaded without private/
    qa = _models(_read_rows(qa_base), QARecord, qa_base)
    private_ids: dict[str, int] = {}
    try:
        for row in _read_rows(path / "private" / "texts"):
            private_ids[str(row["id"])] = int(row["public_id"])
    except ReleaseDataError:
        pass  # optional for scoring: found_ids are public ids already
    except (KeyError, TypeError, ValueError) as exc:
        raise ReleaseDataError(f"{path / 'private' / 'texts'}: bad row ({exc})") from None
    manifest = None
    if (path / "manifest.json").exists():
        try:
            manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ReleaseDataError(f"{path / 'manifest.json'}: not JSON ({exc.msg})") from None
    collection = collection or (manifest or {}).get("collection") or path.parent.name
    version = version or (manifest or {}).get("version") or path.name
    return ReleaseData(
        path=path,
        collection=collection,
        version=version,
        texts={t.id: t for t in texts},
        questions={q.id: q for q in questions},
        qa={r.public_id: r for r in qa},
        private_text_ids=private_ids,
        manifest=manifest,
    )
