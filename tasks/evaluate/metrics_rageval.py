"""RAGEval metrics: retrieval Recall and EIR over references, keypoint metrics over answers.

Retrieval (RAGEval §3.5.1):

- **Recall** = share of ground-truth references that are recalled; a reference is recalled
  when *every one* of its sentences is a substring of some retrieved reference.
- **EIR** (effective information rate) = words of the ground-truth sentences found in the
  concatenated retrieved text / all words retrieved. Each distinct ground-truth sentence
  counts once. Retrieved references lose a leading parenthesised metadata prefix
  ("(Company: X) text…") first, so the prefix's words neither match nor count.

Sentences are split with pysbd (English) or razdel (Russian); words are whitespace tokens.

Generation (RAGEval §3.5.2): an LLM labels each keypoint ``covered``, ``contradicted`` or
``not_addressed`` in a structured JSON reply, one label per keypoint number. The reply is
parsed strictly (schema-validated, every keypoint labelled exactly once); a label is never
searched for in free prose. completeness = covered / n, hallucination = contradicted / n,
irrelevance = not_addressed / n; the three sum to 1.
"""
from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel

from benchmill.engines import SKIPPED_NEEDS_LLM
from schemas.llm import LLMUsage

_METADATA_PREFIX = re.compile(r"^\s*\([^()]*?:[^()]*\)\s*")
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")


def guess_lang(text: str) -> str:
    """'ru' when the text has Cyrillic letters, else 'en' (the two languages benchmill scores)."""
    return "ru" if _CYRILLIC.search(text or "") else "en"


def strip_metadata_prefix(reference: str) -> str:
    """Drop a leading "(Key: value)" prefix that RAGEval puts before retrieved text."""
    return _METADATA_PREFIX.sub("", reference, count=1)


_local = threading.local()


def _pysbd_en():
    """One pysbd segmenter per thread: a Segmenter keeps the text it is working on."""
    seg = getattr(_local, "pysbd_en", None)
    if seg is None:
        import pysbd

        seg = _local.pysbd_en = pysbd.Segmenter(language="en", clean=False)
    return seg


def split_sentences(text: str, lang: str) -> list[str]:
    """Sentences of ``text`` (stripped, non-empty): pysbd for English, razdel for Russian."""
    if not text or not text.strip():
        return []
    return list(_split_sentences(text, lang))


@lru_cache(maxsize=65536)
def _split_sentences(text: str, lang: str) -> tuple[str, ...]:
    """Cached: a reference is split for Recall and again for EIR (pysbd is slow)."""
    if lang == "ru":
        from razdel import sentenize

        parts = [s.text for s in sentenize(text)]
    elif lang == "en":
        parts = _pysbd_en().segment(text)
    else:
        raise ValueError(f"sentence splitting supports 'en' and 'ru', not {lang!r}")
    return tuple(p.strip() for p in parts if p and p.strip())


def count_words(text: str) -> int:
    return len(text.split())


def rageval_recall(ground_truth_refs: Sequence[str], retrieved_refs: Sequence[str], lang: str) -> float | None:
    """Share of ground-truth references whose every sentence is inside some retrieved reference."""
    refs = [r for r in ground_truth_refs if r and r.strip()]
    if not refs:
        return None
    retrieved = [strip_metadata_prefix(r) for r in retrieved_refs if r]
    recalled = 0
    for ref in refs:
        sentences = split_sentences(ref, lang)
        if sentences and all(any(s in r for r in retrieved) for s in sentences):
            recalled += 1
    return recalled / len(refs)


def rageval_eir(ground_truth_refs: Sequence[str], retrieved_refs: Sequence[str], lang: str) -> float | None:
    """Words of distinct ground-truth sentences found in the retrieved text / words retrieved.

    None when there is no ground-truth reference; 0.0 when nothing was retrieved.
    """
    refs = [r for r in ground_truth_refs if r and r.strip()]
    if not refs:
        return None
    retrieved = [strip_metadata_prefix(r) for r in retrieved_refs if r]
    total_words = sum(count_words(r) for r in retrieved)
    if total_words == 0:
        return 0.0
    concatenated = "\n".join(retrieved)
    sentences = dict.fromkeys(s for ref in refs for s in split_sentences(ref, lang))
    matched_words = sum(count_words(s) for s in sentences if s in concatenated)
    return matched_words / total_words


class RagevalRetrievalScores(BaseModel):
    recall: float | None
    eir: float | None

    def named(self) -> dict[str, float | None]:
        return {"rageval_recall": self.recall, "eir": self.eir}


def score_references(ground_truth_refs: Sequence[str], retrieved_refs: Sequence[str], lang: str) -> RagevalRetrievalScores:
    return RagevalRetrievalScores(
        recall=rageval_recall(ground_truth_refs, retrieved_refs, lang),
        eir=rageval_eir(ground_truth_refs, retrieved_refs, lang),
    )


# ------------------------------------------------------------------------- keypoints

KeypointLabel = Literal["covered", "contradicted", "not_addressed"]


class KeypointVerdict(BaseModel):
    keypoint: int  # 1-based number of the keypoint in the prompt
    label: KeypointLabel
    reason: str = ""


class KeypointReply(BaseModel):
    """The structured reply keypoints_eval.j2 asks for."""

    verdicts: list[KeypointVerdict]


class KeypointReplyError(ValueError):
    """The reply parsed as JSON but does not label each keypoint exactly once."""


class KeypointScores(BaseModel):
    """Completeness / hallucination / irrelevance of one answer, or why there are none."""

    completeness: float | None = None
    hallucination: float | None = None
    irrelevance: float | None = None
    labels: list[KeypointLabel] = []
    status: str = "scored"  # scored | skipped | error | no_keypoints
    reason: str = ""
    usage: LLMUsage = LLMUsage()

    def named(self) -> dict[str, float | None]:
        return {"completeness": self.completeness, "hallucination": self.hallucination, "irrelevance": self.irrelevance}


def labels_from_reply(reply: KeypointReply, n_keypoints: int) -> list[KeypointLabel]:
    """Labels in keypoint order; every keypoint 1..n must be labelled exactly once."""
    by_number: dict[int, KeypointLabel] = {}
    for v in reply.verdicts:
        if not 1 <= v.keypoint <= n_keypoints:
            raise KeypointReplyError(f"verdict for keypoint {v.keypoint}, but there are {n_keypoints} keypoints")
        if v.keypoint in by_number:
            raise KeypointReplyError(f"keypoint {v.keypoint} labelled twice")
        by_number[v.keypoint] = v.label
    missing = [i for i in range(1, n_keypoints + 1) if i not in by_number]
    if missing:
        raise KeypointReplyError(f"no verdict for keypoint(s) {missing}")
    return [by_number[i] for i in range(1, n_keypoints + 1)]


def keypoint_metrics(labels: Sequence[KeypointLabel]) -> KeypointScores:
    """Completeness, hallucination and irrelevance from per-keypoint labels (they sum to 1)."""
    if not labels:
        return KeypointScores(status="no_keypoints", reason="the question has no keypoints")
    n = len(labels)
    counts = {lab: sum(1 for x in labels if x == lab) for lab in ("covered", "contradicted", "not_addressed")}
    if sum(counts.values()) != n:
        raise ValueError(f"unknown keypoint labels in {list(labels)}")
    scores = KeypointScores(
        completeness=counts["covered"] / n,
        hallucination=counts["contradicted"] / n,
        irrelevance=counts["not_addressed"] / n,
        labels=list(labels),
    )
    assert abs(scores.completeness + scores.hallucination + scores.irrelevance - 1.0) < 1e-9
    return scores


def judge_keypoints(client: Any, question: str, answer: str, keypoints: Sequence[str], lang: str) -> KeypointScores:
    """Ask the LLM to label each keypoint against the answer (prompts/<lang>/keypoints_eval.j2)."""
    from benchmill.prompts import render

    keypoints = [k for k in keypoints if k and k.strip()]
    if not keypoints:
        return keypoint_metrics([])
    prompt = render("keypoints_eval", lang, question=question, answer=answer or "", keypoints=list(keypoints))
    result = client.complete_json(prompt, KeypointReply)
    usage = getattr(result, "usage", None) or LLMUsage()
    if result.value is None:
        return KeypointScores(status="error", reason=result.error or "no keypoint reply", usage=usage)
    try:
        labels = labels_from_reply(result.value, len(keypoints))
    except KeypointReplyError as exc:
        return KeypointScores(status="error", reason=f"invalid keypoint reply: {exc}", usage=usage)
    scores = keypoint_metrics(labels)
    scores.usage = usage
    return scores


def keypoints_skipped() -> KeypointScores:
    return KeypointScores(status="skipped", reason=SKIPPED_NEEDS_LLM)
