"""Labels, critiques and no-LLM question checks for (context, question, answer) items.

Scoring and deciding are separate on purpose: :func:`label_items` and
:func:`critique_items` only measure (LLM JSON replies parsed into
``schemas.knowyourrag``), :func:`question_checks` measures without a model, and
:func:`decide` turns the scores of one item into a ``schemas.Verdict`` under a
:class:`~schemas.knowyourrag.CritiqueThresholds` (per generator in settings). A filter
module can store the scores and the verdicts separately, and re-decide under new
thresholds without asking the model again.

The context of an item is its first reference (``item.references[0]``), as every
generator of the shared contract writes it.
"""
from __future__ import annotations

import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from benchmill import nlp
from benchmill.engines import EngineConfig
from benchmill.llm import failure_reason
from benchmill.prompts import render
from schemas import Failure, Item, LLMUsage, Verdict
from schemas.knowyourrag import (
    CRITIQUES,
    CritiqueReply,
    CritiqueScore,
    CritiqueThresholds,
    ItemLabel,
    LabelReply,
    QuestionCheck,
    ScoreBatch,
)

STAGE_LABEL = "kyr_label"
STAGE_CRITIQUE = "kyr_critique"
FILTER = "kyr_critiques"

__all__ = [
    "critique_items",
    "decide",
    "label_items",
    "compare_label_mixes",
    "label_mix",
    "question_checks",
    "question_problems",
]

# --------------------------------------------------------------------------- no-LLM checks

_META = {
    "en": re.compile(
        r"\b(the|this|that|given|above|provided|following)\s+(context|passage|text|document|article|paragraph|excerpt|statement)s?\b"
        r"|\baccording to the\b",
        re.IGNORECASE,
    ),
    "ru": re.compile(
        r"\bконтекст\w*|\b(в|во|из|по|согласно|данн\w+|этом\w*|приведённ\w+|приведенн\w+)\s+"
        r"(данн\w+\s+|этом\w*\s+)?(текст|отрыв|фрагмент|пассаж|абзац|стать|документ)\w*",
        re.IGNORECASE,
    ),
}
_STOP = {
    "en": set("the a an of in on at to for by with and or is are was were be been has have had did does do will would "
              "what which who whom whose when where why how that this its it from as than".split()),
    "ru": set("в во на к ко с со у о об по за из от до и или а но не что кто как какой какая какое какие когда где "
              "это был была было были будет его её их ли же".split()),
}
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def _content_words(text: str, lang: str) -> set[str]:
    words = {w.lower() for w in _WORD.findall(text)}
    return {w for w in words if w not in _STOP.get(lang, set()) and (len(w) > 2 or w.isdigit())}


def question_problems(question: str, answer: str, lang: str) -> list[str]:
    """Reasons (empty when none) why ``question`` is not a usable question for ``answer``."""
    return [reason for _, reason in _problems(question, answer, lang)]


def _problems(question: str, answer: str, lang: str) -> list[tuple[str, str]]:
    q = question.strip()
    out: list[tuple[str, str]] = []
    if len(q) < 8 or "\n" in q:
        out.append(("not_a_question", "not a question: empty, too short or several lines"))
        return out
    if not q.endswith("?") and not nlp.is_interrogative(q, lang):
        out.append(("not_a_question", "not a question: no '?' and no interrogative opening"))
    meta = _META.get(lang)
    if meta is not None and meta.search(q):
        out.append(("mentions_context", "the question mentions the context / passage / text"))
    answer_words = _content_words(answer, lang)
    if answer_words and answer_words <= _content_words(q, lang):
        out.append(("answered_by_itself", "the question contains its own answer"))
    found = nlp.detect_language(q)
    if found != lang:
        out.append(("wrong_language", f"the question is in {found!r}, expected {lang!r}"))
    return out


def question_checks(items: list[Item]) -> list[QuestionCheck]:
    """The no-LLM checks of every item (is a question; no "the context"; not self-answering; language)."""
    out = []
    for item in items:
        problems = _problems(item.question, " ".join(item.answers), item.lang)
        out.append(QuestionCheck(item_id=item.item_id, problems=[p for _, p in problems], codes=[c for c, _ in problems]))
    return out


# --------------------------------------------------------------------------- LLM scoring


def _context(item: Item) -> str:
    return item.references[0] if item.references else ""


def _run(jobs: list, engine: EngineConfig, schema):
    client = engine.client()
    workers = max(1, min(len(jobs), engine.llm.max_concurrency if engine.llm else 1))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kyr-score") as pool:
        # LLMUnavailable propagates: the whole task is retried, finished calls are cached
        return list(pool.map(lambda job: client.complete_json(job[-1], schema), jobs)) if jobs else []


def label_items(items: list[Item], engine: EngineConfig) -> ScoreBatch:
    """One taxonomy label (fact_single / summary / reasoning / unanswerable) + reason per item."""
    if engine.kind != "llm":
        raise ValueError("labels need the llm engine (the rules engine records 'skipped: needs llm')")
    batch = ScoreBatch()
    jobs = []
    for item in items:
        try:
            jobs.append((item, render("kyr_label", item.lang, context=_context(item), question=item.question)))
        except Exception as exc:
            batch.failures.append(Failure(stage=STAGE_LABEL, key=item.item_id, reason=f"{type(exc).__name__}: {exc}"))
    for (item, _), result in zip(jobs, _run(jobs, engine, LabelReply)):
        batch.usage = batch.usage + result.usage
        if result.value is None:
            batch.failures.append(Failure(stage=STAGE_LABEL, key=item.item_id, reason=failure_reason(result), kind=result.failure_kind))
            continue
        batch.labels.append(ItemLabel(item_id=item.item_id, requested=item.type, label=result.value.label, reason=result.value.reason))
    return batch


def critique_items(items: list[Item], engine: EngineConfig, critiques: tuple[str, ...] = CRITIQUES) -> ScoreBatch:
    """1-5 ratings with rationale per item and critique (prompts/<lang>/kyr_critique_<name>.j2)."""
    if engine.kind != "llm":
        raise ValueError("critiques need the llm engine (the rules engine records 'skipped: needs llm')")
    unknown = set(critiques) - set(CRITIQUES)
    if unknown:
        raise ValueError(f"unknown critiques {sorted(unknown)}; known: {', '.join(CRITIQUES)}")
    batch = ScoreBatch()
    jobs = []
    for item in items:
        for name in critiques:
            try:
                prompt = render(f"kyr_critique_{name}", item.lang, context=_context(item), question=item.question,
                                answer=" ".join(item.answers))
            except Exception as exc:
                batch.failures.append(Failure(stage=STAGE_CRITIQUE, key=f"{item.item_id}#{name}", reason=f"{type(exc).__name__}: {exc}"))
                continue
            jobs.append((item, name, prompt))
    for (item, name, _), result in zip(jobs, _run(jobs, engine, CritiqueReply)):
        batch.usage = batch.usage + result.usage
        if result.value is None:
            batch.failures.append(
                Failure(stage=STAGE_CRITIQUE, key=f"{item.item_id}#{name}", reason=failure_reason(result), kind=result.failure_kind)
            )
            continue
        batch.critiques.append(
            CritiqueScore(item_id=item.item_id, critique=name, rating=result.value.rating, evaluation=result.value.evaluation)
        )
    return batch


# --------------------------------------------------------------------------- decisions


def decide(
    item_id: str,
    thresholds: CritiqueThresholds,
    *,
    critiques: list[CritiqueScore] = (),
    label: ItemLabel | None = None,
    check: QuestionCheck | None = None,
    expected: tuple[str, ...] = CRITIQUES,
) -> Verdict:
    """The keep / drop decision for one item from its scores (nothing is asked of a model).

    Rejected (permanent) on a failed question check, an ``unanswerable`` label (when
    ``thresholds.reject_unanswerable``) or any critique below its threshold, with the
    critique's rationale as the reason. ``error`` when an expected critique is missing
    (its reply failed: retried on the next run). Passed otherwise; ``score`` is the
    lowest critique rating.
    """
    if check is not None and check.problems:
        return Verdict(item_id=item_id, filter=FILTER, status="rejected", reason="; ".join(check.problems),
                       code=check.codes[0] if check.codes else "question_check")
    if label is not None and label.label == "unanswerable" and thresholds.reject_unanswerable:
        return Verdict(item_id=item_id, filter=FILTER, status="rejected", reason=f"labelled unanswerable: {label.reason}",
                       code="label_unanswerable")
    by_name = {c.critique: c for c in critiques if c.item_id == item_id}
    for name in expected:
        score = by_name.get(name)
        if score is None:
            continue
        minimum = getattr(thresholds, name)
        if score.rating < minimum:
            return Verdict(item_id=item_id, filter=FILTER, status="rejected", score=float(score.rating),
                           reason=f"{name} {score.rating} < {minimum}: {score.evaluation}", code=f"critique_{name}")
    missing = [name for name in expected if name not in by_name]
    if missing:
        return Verdict(item_id=item_id, filter=FILTER, status="error", reason=f"no rating for {', '.join(missing)}",
                       code="critique_missing")
    lowest = min((c.rating for c in by_name.values()), default=None)
    return Verdict(item_id=item_id, filter=FILTER, status="passed", score=float(lowest) if lowest is not None else None)


def label_mix(labels: list[ItemLabel]) -> dict[str, dict[str, int]]:
    """Label counts per requested type, plus ``"all"``: the paper's Figure 2 as numbers."""
    out: dict[str, Counter] = {"all": Counter()}
    for label in labels:
        out["all"][label.label] += 1
        out.setdefault(label.requested, Counter())[label.label] += 1
    return {requested: dict(sorted(counts.items())) for requested, counts in sorted(out.items())}


def usage_per_item(usage: LLMUsage, accepted: int) -> dict[str, float]:
    """LLM calls and tokens per accepted item (the paper's cost argument as a number)."""
    n = max(accepted, 1)
    return {
        "calls_per_item": usage.calls / n,
        "tokens_per_item": (usage.prompt_tokens + usage.completion_tokens) / n,
        "accepted": accepted,
    }


def compare_label_mixes(rows: list[tuple[str, str, str, str]]) -> dict:
    """The paper's comparison: label mix per generator on the contexts they share.

    ``rows``: (item type, lineage engine, context doc id, label) of labelled kyr items. The
    generator is ``baseline`` (type baseline), ``t5`` (engine t5) or ``statements`` (the
    statement-extraction items), with ``statements:<type>`` per requested type as well. Only
    contexts the baseline and at least one other generator labelled count, so the mixes
    are read on the same contexts.
    """
    def generator(qtype: str, engine: str) -> str:
        return "baseline" if qtype == "baseline" else "t5" if engine == "t5" else "statements"

    by_context: dict[str, set[str]] = {}
    for qtype, engine, doc, _ in rows:
        by_context.setdefault(doc, set()).add(generator(qtype, engine))
    shared = {d for d, gens in by_context.items() if "baseline" in gens and len(gens) > 1}
    counts: dict[str, dict[str, int]] = {}
    for qtype, engine, doc, label in rows:
        if doc not in shared:
            continue
        gen = generator(qtype, engine)
        keys = [gen] + ([f"{gen}:{qtype}"] if gen != "baseline" else [])
        for key in keys:
            counts.setdefault(key, {}).setdefault(label, 0)
            counts[key][label] += 1
    generators = {}
    for key in sorted(counts, key=lambda k: (k.split(":")[0] != "baseline", k)):
        c = dict(sorted(counts[key].items()))
        n = sum(c.values())
        generators[key] = {"items": n, "counts": c, "share": {lab: round(v / n, 4) for lab, v in c.items()}}
    labels = sorted({lab for g in generators.values() for lab in g["counts"]})
    return {"contexts": len(shared), "labels": labels, "generators": generators}
