"""Score a DRAGON-shaped submission against a release, or a RAGEval results file.

Submission (DRAGON's shape)::

    {"<question public id>": {"found_ids": [<public text ids, ranked>], "model_answer": "..."}}

- ``found_ids`` are public text ids; duplicates count once, at their first rank.
- An entry may omit ``found_ids`` (generation-only) or ``model_answer`` (retrieval-only):
  that part is then not scored for the question.
- A question of the release missing from the submission scores as an empty answer and an
  empty ranking (zeros, not left out) and is listed in the report's notes.
- Keys that are not question ids of the release are reported as failures and ignored.

Strict parsing (one ``SubmissionError`` naming the file and the entry, exit 2 in the CLI):
a file over ``max_submission_bytes()`` (``BENCHMILL_MAX_SUBMISSION_MB``, default 20 MB),
duplicate JSON keys at any level, a numeric question key that is not written canonically
("007", "+7", " 7"), ids that are not JSON integers (``true``, ``1.0``, ``"1"``), a
``model_answer`` that is not a string, and (in ``score_submission``) found ids that are
not texts of the release (DRAGON's evaluator refuses them too).

RAGEval records (JSONL, one per line)::

    {"query": {"query_id", "query_type", "content"}, "language": "en",
     "ground_truth": {"content", "references", "keypoints", "doc_ids"},
     "prediction": {"content", "references"}}

score Recall and EIR (references), the string metrics against ``ground_truth.content``,
and the keypoint metrics (llm engine).

Conventions (``convention=``, ``benchmill score --convention``): ``benchmill`` (default:
benchmill's own metric definitions, each mean over the records where the metric is
defined), ``squad`` (EM / token F1 exactly as SQuAD v1.1's evaluate script) and
``dragon`` (DRAGON's rag-bench: hit rate, MRR and precision over the whole found_ids list with
repeats, razdel-token ROUGE-L keeping case, raw lower-case substring of the single answer,
means over the submitted questions), ``rageval`` (RAGEval's ROUGE-L on whitespace tokens, and every mean over all records: a
record without references or gold answer counts 0 for Recall, EIR and ROUGE-L, as
RAGEval's own averaging does; Recall and EIR as RAGEval's published code computes them),
``trec`` (trec_eval's graded NDCG, ``ndcg_cut.k``, when the release has ``text_grades``;
grade >= 1 relevant for the other retrieval metrics; answers as ``benchmill``). The report
names its convention and each mean's count.

LLM metrics (keypoints, judge) run only with an LLM client; with the rules engine they are
recorded as ``skipped: needs llm``.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr, ValidationError

from schemas.failures import Failure
from tasks.evaluate.metrics_generation import (
    ANSWER_CONVENTIONS,
    judge_answer,
    judge_skipped,
    score_answer,
    score_answer_parts,
)
from tasks.evaluate.metrics_rageval import (
    guess_lang,
    judge_keypoints,
    keypoints_skipped,
    score_references,
)
from tasks.evaluate.metrics_retrieval import dragon_retrieval, score_retrieval, trec_retrieval
from tasks.evaluate.records import EvaluationReport, QuestionScores, build_report
from tasks.evaluate.release_data import QARecord, ReleaseData

T = TypeVar("T")
R = TypeVar("R")


class SubmissionError(ValueError):
    """The submission is malformed; the message names the file and the problem."""


#: the scoring conventions ``score`` offers (see the module docstring)
CONVENTIONS: tuple[str, ...] = ANSWER_CONVENTIONS


def check_convention(convention: str) -> str:
    if convention not in CONVENTIONS:
        raise SubmissionError(f"--convention {convention!r}: expected one of {', '.join(CONVENTIONS)}")
    return convention


def _count_unscored_as_zero(q: QuestionScores) -> QuestionScores:
    """RAGEval averaging: a record with no references / gold answer counts 0, not left out."""
    if q.rageval is not None:
        q.rageval = q.rageval.model_copy(update={
            "recall": q.rageval.recall or 0.0, "eir": q.rageval.eir or 0.0,
        })
    if q.generation is not None:
        q.generation = q.generation.model_copy(update={
            name: value or 0.0 for name, value in q.generation.named().items()
        })
    return q


class SubmissionEntry(BaseModel):
    model_config = ConfigDict(extra="ignore")

    found_ids: list[StrictInt] | None = None
    model_answer: StrictStr | None = None


#: a question key as the release writes it: a decimal integer without sign, padding or leading zeros
_CANONICAL_QID = re.compile(r"0|-?[1-9][0-9]*")
_NUMERIC_QID = re.compile(r"\s*[+-]?[0-9]+\s*")
DEFAULT_MAX_SUBMISSION_MB = 20.0


def max_submission_bytes() -> int:
    """Largest submission file read: ``BENCHMILL_MAX_SUBMISSION_MB`` (default 20 MB)."""
    raw = os.environ.get("BENCHMILL_MAX_SUBMISSION_MB", "")
    try:
        mb = float(raw) if raw.strip() else DEFAULT_MAX_SUBMISSION_MB
    except ValueError:
        raise SubmissionError(f"BENCHMILL_MAX_SUBMISSION_MB={raw!r}: expected a number of megabytes") from None
    return int(mb * 1_000_000)


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def parse_submission(data: Any, source: str = "submission") -> dict[str, SubmissionEntry]:
    if not isinstance(data, dict):
        raise SubmissionError(f"{source}: expected a JSON object keyed by question id, got {type(data).__name__}")
    out: dict[str, SubmissionEntry] = {}
    for qid, entry in data.items():
        qid = str(qid)
        if _NUMERIC_QID.fullmatch(qid) and not _CANONICAL_QID.fullmatch(qid):
            raise SubmissionError(
                f"{source}: question key {qid!r} is not a question id as the release writes it "
                f"(a plain decimal integer, e.g. {str(abs(int(qid)))!r})"
            )
        if not isinstance(entry, dict):
            raise SubmissionError(f"{source}: question {qid!r}: expected an object with found_ids / model_answer")
        try:
            out[qid] = SubmissionEntry.model_validate(entry)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            got = json.dumps(err.get("input"), ensure_ascii=False)[:40]
            raise SubmissionError(f"{source}: question {qid!r}: {loc}: {err['msg']} (got {got})") from None
    return out


def load_submission(path: Path) -> dict[str, SubmissionEntry]:
    path = Path(path)
    if not path.is_file():
        raise SubmissionError(f"{path}: submission file does not exist")
    limit, size = max_submission_bytes(), path.stat().st_size
    if size > limit:
        raise SubmissionError(
            f"{path}: submission is {size / 1e6:.1f} MB, over the {limit / 1e6:g} MB limit "
            "(raise it with BENCHMILL_MAX_SUBMISSION_MB)"
        )
    return loads_submission(path.read_bytes(), str(path))


def loads_submission(raw: bytes | str, source: str = "submission") -> dict[str, SubmissionEntry]:
    """The strict parser on a submission's bytes (``load_submission`` reads a file; the portal an upload)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except _DuplicateKey as exc:
        raise SubmissionError(f"{source}: duplicate JSON key {exc.key!r} (each key may appear once)") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SubmissionError(f"{source}: not valid JSON ({exc})") from None
    return parse_submission(data, source)


def check_found_ids(release: ReleaseData, submission: dict[str, SubmissionEntry], source: str = "") -> None:
    """Raise SubmissionError naming the first entry whose found_ids holds an id that is no text of the release."""
    for qid, entry in submission.items():
        for tid in entry.found_ids or ():
            if tid not in release.texts:
                raise SubmissionError(
                    f"{source or 'submission'}: question {qid!r}: found_ids: {tid} is not a text id of "
                    f"{release.collection}@{release.version}"
                )


def parallel_map(fn: Callable[[T], R], items: Sequence[T], workers: int) -> list[R]:
    """``[fn(x) for x in items]``, on ``workers`` threads when > 1 (LLM calls are I/O bound)."""
    if workers <= 1 or len(items) <= 1:
        return [fn(x) for x in items]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(fn, items))


def llm_workers(client: Any | None) -> int:
    if client is None:
        return 1
    settings = getattr(client, "settings", None)
    return int(getattr(settings, "max_concurrency", 4) or 4)


def score_question(
    qid: str,
    qa: QARecord,
    question: str,
    *,
    found_ids: Sequence[int | str] | None,
    answer: str | None,
    k: int,
    client: Any | None = None,
    retrieved_refs: Sequence[str] | None = None,
    answered_by: str | None = None,
    llm_metrics: bool = True,
    convention: str = "benchmill",
    judge_context: str | None = None,
) -> QuestionScores:
    """All metrics of one question that its inputs allow. The judge sees ``judge_context``
    (default: the retrieved references joined), since one criterion is the use of the context."""
    lang = qa.lang if qa.lang in ("en", "ru") else guess_lang(question)
    scores = QuestionScores(
        question_id=qid, type=qa.type, lang=lang, answer=answer,
        found_ids=list(found_ids) if found_ids is not None else None, answered_by=answered_by,
    )
    if found_ids is not None:
        scores.retrieval = score_retrieval(found_ids, qa.text_ids, k)
        if convention == "dragon":
            scores.retrieval = scores.retrieval.model_copy(update=dragon_retrieval(found_ids, qa.text_ids))
        elif convention == "trec":
            scores.retrieval = trec_retrieval(found_ids, qa.grades, k)
    if retrieved_refs is not None and qa.references:
        scores.rageval = score_references(qa.references, retrieved_refs, lang, convention)
    if answer is not None:
        if convention == "dragon":  # rag-bench scores the single ``answer`` string of private/qa
            scores.generation = score_answer(answer, qa.answer or ", ".join(qa.golds), convention)
        else:
            scores.generation = score_answer_parts(answer, qa.parts, convention)
        if llm_metrics:
            if client is None:
                scores.keypoints = keypoints_skipped() if qa.keypoints else None
                scores.judge = judge_skipped()
            else:
                scores.keypoints = judge_keypoints(client, question, answer, qa.keypoints, lang) if qa.keypoints else None
                context = judge_context if judge_context is not None else "\n\n".join(retrieved_refs or [])
                scores.judge = judge_answer(client, question, qa.golds, answer, lang, context=context)
    return scores


def score_submission(
    release: ReleaseData,
    submission: dict[str, SubmissionEntry],
    *,
    k: int = 5,
    client: Any | None = None,
    engine: str = "rules",
    source: str = "",
    llm_metrics: bool = True,
    convention: str = "benchmill",
) -> EvaluationReport:
    """Score a parsed submission against the release's private split."""
    check_convention(convention)
    check_found_ids(release, submission, source)
    failures = [
        Failure(stage="score", key=qid, reason="not a question id of this release; ignored")
        for qid in submission
        if not qid.lstrip("-").isdigit() or int(qid) not in release.qa
    ]
    missing = [qid for qid in release.qa if str(qid) not in submission]
    empty = SubmissionEntry(found_ids=[], model_answer="")

    def one(qid: int) -> QuestionScores:
        entry = submission.get(str(qid), empty)
        shown = list(dict.fromkeys(entry.found_ids or []))[:k]  # the texts the system retrieved, for the judge
        context = "\n\n".join(release.texts[t].text for t in shown if t in release.texts)
        return score_question(
            str(qid), release.qa[qid], release.question_text(qid),
            found_ids=entry.found_ids, answer=entry.model_answer, k=k, client=client,
            answered_by="submission", llm_metrics=llm_metrics, convention=convention, judge_context=context,
        )

    scored_ids = sorted(release.qa)
    if convention == "dragon":  # rag-bench averages over the submitted questions only
        scored_ids = [q for q in scored_ids if str(q) in submission]
    questions = parallel_map(one, scored_ids, llm_workers(client))
    if convention == "rageval":
        questions = [_count_unscored_as_zero(q) for q in questions]
    notes = []
    if failures:
        unknown = [f.key for f in failures]
        notes.append(
            f"{len(unknown)} key(s) not question ids of this release, ignored: "
            + ", ".join(repr(q) for q in unknown[:20]) + (" …" if len(unknown) > 20 else "")
        )
    if missing and convention == "dragon":
        notes.append(f"{len(missing)} question(s) missing from the submission left out (rag-bench averages submitted ones)")
    elif missing:
        notes.append(
            f"{len(missing)} question(s) missing from the submission scored as empty: "
            + ", ".join(str(q) for q in missing[:20]) + (" …" if len(missing) > 20 else "")
        )
    return build_report(
        "submission", questions, collection=release.collection, version=release.version, source=source,
        system="submission", k=k, engine=engine, answered_by="submission", failures=failures, notes=notes,
        convention=convention,
    )


# --------------------------------------------------------------------------- RAGEval


class RagevalQuery(BaseModel):
    model_config = ConfigDict(extra="ignore")
    query_id: int | str | None = None
    query_type: str = "unknown"
    content: str = ""


class RagevalGroundTruth(BaseModel):
    model_config = ConfigDict(extra="ignore")
    content: str = ""
    references: list[str] = []
    keypoints: list[str] = []
    doc_ids: list[int | str] = []


class RagevalPrediction(BaseModel):
    model_config = ConfigDict(extra="ignore")
    content: str = ""
    references: list[str] = []


class RagevalRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")
    domain: str | None = None
    language: str | None = None
    query: RagevalQuery
    ground_truth: RagevalGroundTruth
    # absent in a queries file not yet answered (RAGEval / benchmill build-domain output): empty
    prediction: RagevalPrediction = RagevalPrediction()


def load_rageval(path: Path) -> list[RagevalRecord]:
    """Read a RAGEval results JSONL; raises SubmissionError naming the file and line."""
    path = Path(path)
    if not path.is_file():
        raise SubmissionError(f"{path}: RAGEval file does not exist")
    records = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                records.append(RagevalRecord.model_validate(json.loads(line)))
            except json.JSONDecodeError as exc:
                raise SubmissionError(f"{path}:{lineno}: not JSON ({exc.msg})") from None
            except ValidationError as exc:
                err = exc.errors()[0]
                loc = ".".join(str(p) for p in err["loc"])
                raise SubmissionError(f"{path}:{lineno}: {loc}: {err['msg']}") from None
    if not records:
        raise SubmissionError(f"{path}: no records")
    return records


def _record_lang(rec: RagevalRecord) -> str | None:
    lang = (rec.language or "").lower()
    if lang in ("en", "english"):
        return "en"
    if lang in ("ru", "russian"):
        return "ru"
    if not lang:
        return guess_lang(rec.query.content + " " + rec.ground_truth.content)
    return None


def score_rageval_records(
    records: Iterable[RagevalRecord],
    *,
    client: Any | None = None,
    engine: str = "rules",
    source: str = "",
    convention: str = "benchmill",
) -> EvaluationReport:
    """RAGEval Recall / EIR, string metrics and keypoint metrics for each record."""
    check_convention(convention)
    records = list(records)
    failures: list[Failure] = []
    todo: list[tuple[str, RagevalRecord, str]] = []
    for i, rec in enumerate(records, start=1):
        qid = str(rec.query.query_id if rec.query.query_id is not None else i)
        lang = _record_lang(rec)
        if lang is None:
            failures.append(Failure(stage="score", key=qid, reason=f"language {rec.language!r} not supported (en, ru)"))
            continue
        todo.append((qid, rec, lang))

    def one(item: tuple[str, RagevalRecord, str]) -> QuestionScores:
        qid, rec, lang = item
        gt, pred = rec.ground_truth, rec.prediction
        q = QuestionScores(question_id=qid, type=rec.query.query_type, lang=lang, answer=pred.content, answered_by="submission")
        q.rageval = score_references(gt.references, pred.references, lang, convention)
        q.generation = score_answer(pred.content, [gt.content], convention)
        if gt.keypoints:
            if client is None:
                q.keypoints = keypoints_skipped()
            else:
                q.keypoints = judge_keypoints(client, rec.query.content, pred.content, gt.keypoints, lang)
        return q

    questions = parallel_map(one, todo, llm_workers(client))
    if convention == "rageval":
        questions = [_count_unscored_as_zero(q) for q in questions]
    return build_report("rageval", questions, source=source, engine=engine, answered_by="submission",
                        failures=failures, convention=convention)


__all__ = [
    "CONVENTIONS", "SubmissionEntry", "SubmissionError", "check_convention", "check_found_ids", "load_rageval", "load_submission",
    "loads_submission",
    "parse_submission", "score_question", "score_rageval_records", "score_submission",
]
