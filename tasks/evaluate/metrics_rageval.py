"""RAGEval metrics: retrieval Recall and EIR over references, keypoint metrics over answers.

Retrieval (RAGEval §3.5.1):

- **Recall** = share of ground-truth references that are recalled; a reference is recalled
  when *every one* of its sentences is a substring of some retrieved reference.
- **EIR** (effective information rate, RAGEval eq. 2) = words of the ground-truth
  references that are *matched* in the retrieved text / all words retrieved. Following the
  paper, only the m successfully matched references contribute (|G_i ∩ R_t| is "calculated
  only if G_i is matched in R_t"): a reference is matched when every one of its sentences is
  in the concatenated retrieved text, and then its sentences' words count. A sentence shared
  by two matched references counts once, so EIR is a rate in [0, 1]. Retrieved references
  lose a leading parenthesised metadata prefix ("(Company: X) text…") first, so the prefix's
  words neither match nor count.
- ``rageval_code_eir`` / ``rageval_code_recall`` (``--convention rageval``): what RAGEval's
  published code (``rageval/evaluation/metrics/rag_metrics/retrieval/eir.py``, ``recall.py``)
  computes, which departs from the paper: EIR sums the words of *every* ground-truth sentence
  found in the retrieved text, also from references that are not fully matched, once per
  reference that contains it (one sentence in two references counts twice, so EIR can
  exceed 1); the retrieved texts are joined with a space, a leading "(...)" is cut at its
  first ")", and a record without references or retrieved texts scores 0.0 (not None).

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
    """RAGEval eq. 2: words of the matched ground-truth references / words retrieved.

    A reference is matched when all its sentences are in the concatenated retrieved text;
    only matched references contribute, each distinct sentence once (so EIR <= 1). None when
    there is no ground-truth reference; 0.0 when nothing was retrieved.
    """
    refs = [r for r in ground_truth_refs if r and r.strip()]
    if not refs:
        return None
    retrieved = [strip_metadata_prefix(r) for r in retrieved_refs if r]
    total_words = sum(count_words(r) for r in retrieved)
    if total_words == 0:
        return 0.0
    concatenated = "\n".join(retrieved)
    sentences: dict[str, None] = {}
    for ref in refs:
        ref_sentences = split_sentences(ref, lang)
        if ref_sentences and all(s in concatenated for s in ref_sentences):
            sentences.update(dict.fromkeys(ref_sentences))
    matched_words = sum(count_words(s) for s in sentences)
    return matched_words / total_words


def _rageval_code_strip(reference: str) -> str:
    """RAGEval's code: a reference starting with "(" (or "（") loses everything up to the first ")" / "）"."""
    for open_, close in (("(", ")"), ("（", "）")):
        if reference.startswith(open_):
            end = reference.find(close)
            return reference[end + 1:] if end != -1 else reference
    return reference


def rageval_code_recall(ground_truth_refs: Sequence[str], retrieved_refs: Sequence[str], lang: str) -> float:
    """Recall as RAGEval's code computes it: no metadata stripping, 0.0 without references."""
    refs = list(ground_truth_refs)
    if not refs:
        return 0.0
    retrieved = list(retrieved_refs)
    recalled = sum(
        1 for ref in refs
        if all(any(s in r for r in retrieved) for s in split_sentences(ref, lang))
    )
    return recalled / len(refs)


def rageval_code_eir(ground_truth_refs: Sequence[str], retrieved_refs: Sequence[str], lang: str) -> float:
    """EIR as RAGEval's code computes it (see the module docstring: can exceed 1)."""
    if not retrieved_refs or not ground_truth_refs:
        return 0.0
    combined = " ".join(_rageval_code_strip(r) if r else r for r in retrieved_refs)
    matched = sum(
        count_words(s) for ref in ground_truth_refs for s in split_sentences(ref, lang) if s in combined
    )
    total = count_words(combined)
    return matched / total if matched and total else 0.0


class RagevalRetrievalScores(BaseModel):
    recall: float | None
    eir: float | None

    def named(self) -> dict[str, float | None]:
        return {"rageval_recall": self.recall, "eir": self.eir}


def score_references(
    ground_truth_refs: Sequence[str], retrieved_refs: Sequence[str], lang: str, convention: str = "benchmill",
) -> RagevalRetrievalScores:
    """Recall and EIR; ``convention="rageval"`` computes both as RAGEval's published code does."""
    if convention == "rageval":
        return RagevalRetrievalScores(
            recall=rageval_code_recall(ground_truth_refs, retrieved_refs, lang),
            eir=rageval_code_eir(ground_truth_refs, retrieved_refs, lang),
        )
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
