"""Answer metrics: EM, NEM, substring match, token F1, ROUGE-L F1, and the LLM judge score.

Every string metric takes the prediction and a list of gold answers (a question may have
several accepted forms) and returns the best score over the golds. Golds that are empty
after stripping are ignored; a question with no gold answer gets ``None``.

- ``exact_match``: the stripped strings are equal.
- ``normalized_exact_match`` (NEM): equal after ``normalize_answer`` (lower case, ``ё``→``е``,
  punctuation removed, English articles removed, whitespace collapsed).
- ``substring_match``: the normalised gold is contained in the normalised prediction, on
  word boundaries (gold "Paris" matches "It is Paris." but not "Parisian"). The direction
  matters: a gold answer inside a long prediction counts; a short prediction inside a long
  gold answer does not.
- ``token_f1``: SQuAD token F1 on normalised tokens.
- ``rouge_l_f1``: ROUGE-L F1 (LCS of tokens, β = 1, the formula of rouge-score's
  ``rougeL`` fmeasure) over Unicode word tokens: rouge-score's default tokenizer drops every
  non-Latin character, scoring identical Russian strings 0.0. Computed here rather than by
  rouge-score, whose import installs an absl logging handler on the root logger.
- ``squad_exact_match`` / ``squad_f1`` (convention ``squad``): SQuAD v1.1's official
  ``evaluate-v1.1.py`` exactly: ``squad_normalize`` lower-cases, deletes the ASCII
  punctuation of ``string.punctuation`` (no space left: "Eiffel-Tower" -> "eiffeltower"),
  replaces the articles a/an/the by a space and collapses whitespace; F1 is the token
  overlap (``Counter`` intersection) F1, 0 when nothing overlaps, so empty-vs-empty is
  0 for F1 (and 1 for EM, as in the official script); the best over the golds.
  The benchmill default instead maps every Unicode punctuation / symbol to a space,
  folds ``ё``, and scores empty-vs-empty F1 as 1.
- ``rouge_l_whitespace`` (convention ``rageval``): RAGEval's ROUGE-L, an LCS F1 over
  whitespace tokens keeping case and punctuation ("Paris." and "paris" do not match).
- ``judge_answer``: an LLM rates the answer 0–2 on DRAGON's RAG criteria (Appendix J:
  fluff, real-world facts, correct extraction, completeness, factual accuracy, preserved
  details), shown the retrieved context; the judge score is their mean divided by 2, on
  0–1 as DRAGON reports it (the raw 0–2 ratings stay in ``criteria``).
"""
from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from benchmill.engines import SKIPPED_NEEDS_LLM
from schemas.llm import LLMUsage

if TYPE_CHECKING:
    from benchmill.engines import EngineConfig

_WORD = re.compile(r"\w+", re.UNICODE)
_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_SPACES = re.compile(r"\s+", re.UNICODE)


def _strip_punctuation(text: str) -> str:
    return "".join(" " if unicodedata.category(ch).startswith(("P", "S")) else ch for ch in text)


def normalize_answer(text: str) -> str:
    """Lower-case, ``ё``→``е``, drop punctuation and symbols, drop English articles, collapse spaces."""
    text = text.lower().replace("ё", "е")
    text = _strip_punctuation(text)
    text = _ARTICLES.sub(" ", text)
    return _SPACES.sub(" ", text).strip()


def _golds(golds: Sequence[str] | str) -> list[str]:
    if isinstance(golds, str):
        golds = [golds]
    return [g for g in golds if g and g.strip()]


def exact_match(prediction: str, golds: Sequence[str] | str) -> float | None:
    gs = _golds(golds)
    if not gs:
        return None
    p = (prediction or "").strip()
    return 1.0 if any(p == g.strip() for g in gs) else 0.0


def normalized_exact_match(prediction: str, golds: Sequence[str] | str) -> float | None:
    gs = _golds(golds)
    if not gs:
        return None
    p = normalize_answer(prediction or "")
    return 1.0 if any(p == normalize_answer(g) for g in gs) else 0.0


def substring_match(prediction: str, golds: Sequence[str] | str) -> float | None:
    """1.0 when a normalised gold answer occurs in the normalised prediction (word-bounded)."""
    gs = _golds(golds)
    if not gs:
        return None
    p = f" {normalize_answer(prediction or '')} "
    for g in gs:
        ng = normalize_answer(g)
        if ng and f" {ng} " in p:
            return 1.0
    return 0.0


def _f1(pred_tokens: list[str], gold_tokens: list[str]) -> float:
    if not pred_tokens or not gold_tokens:
        return 1.0 if pred_tokens == gold_tokens else 0.0
    common = Counter(pred_tokens) & Counter(gold_tokens)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision, recall = same / len(pred_tokens), same / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def token_f1(prediction: str, golds: Sequence[str] | str) -> float | None:
    gs = _golds(golds)
    if not gs:
        return None
    p = normalize_answer(prediction or "").split()
    return max(_f1(p, normalize_answer(g).split()) for g in gs)


def rouge_tokens(text: str) -> list[str]:
    """Lower-cased ``\\w+`` runs of any script (rouge-score's default tokenizer keeps only [a-z0-9])."""
    return _WORD.findall(text.lower().replace("ё", "е"))


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token lists (O(len(a)·len(b)) time, O(len(b)) memory)."""
    if not a or not b:
        return 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b, start=1):
            cur.append(prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def rouge_l_f1(prediction: str, golds: Sequence[str] | str) -> float | None:
    """ROUGE-L F1 (β = 1, as rouge-score's ``fmeasure``): LCS-based precision and recall."""
    gs = _golds(golds)
    if not gs:
        return None
    pred = rouge_tokens(prediction or "")
    best = 0.0
    for g in gs:
        ref = rouge_tokens(g)
        lcs = lcs_length(ref, pred)
        if lcs:
            p, r = lcs / len(pred), lcs / len(ref)
            best = max(best, 2 * p * r / (p + r))
    return best


#: answer-metric conventions of ``score_answer``: benchmill's own, or SQuAD v1.1's EM / F1
#: (``trec`` changes only the retrieval metrics: its answers score as ``benchmill``)
ANSWER_CONVENTIONS: tuple[str, ...] = ("benchmill", "squad", "rageval", "dragon", "trec")
_SQUAD_PUNCTUATION = frozenset(string.punctuation)
_SQUAD_ARTICLES = re.compile(r"\b(a|an|the)\b")


def squad_normalize(text: str) -> str:
    """SQuAD v1.1 ``normalize_answer``: lower, drop ASCII punctuation, articles -> space, fix whitespace."""
    text = "".join(ch for ch in text.lower() if ch not in _SQUAD_PUNCTUATION)
    return " ".join(_SQUAD_ARTICLES.sub(" ", text).split())


def _squad_f1_one(prediction: str, gold: str) -> float:
    pred, ref = squad_normalize(prediction).split(), squad_normalize(gold).split()
    same = sum((Counter(pred) & Counter(ref)).values())
    if same == 0:
        return 0.0
    precision, recall = same / len(pred), same / len(ref)
    return 2 * precision * recall / (precision + recall)


def squad_exact_match(prediction: str, golds: Sequence[str] | str) -> float | None:
    """SQuAD v1.1 EM: normalised strings equal, best over the golds (None: no gold)."""
    gs = _golds(golds)
    if not gs:
        return None
    p = squad_normalize(prediction or "")
    return 1.0 if any(p == squad_normalize(g) for g in gs) else 0.0


def squad_f1(prediction: str, golds: Sequence[str] | str) -> float | None:
    """SQuAD v1.1 token F1, best over the golds (None: no gold)."""
    gs = _golds(golds)
    if not gs:
        return None
    return max(_squad_f1_one(prediction or "", g) for g in gs)


def rouge_l_whitespace(prediction: str, golds: Sequence[str] | str) -> float | None:
    """RAGEval's ROUGE-L: LCS F1 over ``str.split()`` tokens, case and punctuation kept; best over the golds."""
    gs = _golds(golds)
    if not gs:
        return None
    pred = (prediction or "").split()
    best = 0.0
    for g in gs:
        ref = g.split()
        lcs = lcs_length(ref, pred)
        if lcs:
            p, r = lcs / len(pred), lcs / len(ref)
            best = max(best, 2 * p * r / (p + r))
    return best


def dragon_rouge_l(prediction: str, reference: str) -> float:
    """rag-bench's rougeL: rouge-score's LCS F-measure over razdel tokens, case kept, no stemming."""
    import razdel

    pred = [t.text for t in razdel.tokenize(prediction or "")]
    ref = [t.text for t in razdel.tokenize(reference or "")]
    lcs = lcs_length(ref, pred)
    if not lcs:
        return 0.0
    p, r = lcs / len(pred), lcs / len(ref)
    return 2 * p * r / (p + r)


def dragon_substring(prediction: str, reference: str) -> float:
    """rag-bench's substr_match: the raw lower-cased single answer string inside the lower-cased answer."""
    return 1.0 if (reference or "").lower() in (prediction or "").lower() else 0.0


class GenerationScores(BaseModel):
    """Per-question string metrics of one answer against the gold answers.

    ``part_recall`` / ``part_precision`` are set for answers of several required parts (set
    questions) only: the share of parts the answer covers, and the share of the answer's
    items (split on , ; newline "and" "и") that match a part."""

    em: float | None
    nem: float | None
    substring_match: float | None
    token_f1: float | None
    rouge_l: float | None
    part_recall: float | None = None
    part_precision: float | None = None

    def named(self) -> dict[str, float | None]:
        return self.model_dump(exclude_none=False, exclude={
            name for name in ("part_recall", "part_precision") if getattr(self, name) is None
        })


_ITEM_SPLIT = re.compile(r"\s*(?:[,;\n]|\band\b|\bи\b)\s*", re.UNICODE | re.IGNORECASE)


def answer_items(prediction: str) -> list[str]:
    """The items of a list answer: "Trigger, Method and Ranking" -> [Trigger, Method, Ranking]."""
    return [x.strip() for x in _ITEM_SPLIT.split(prediction or "") if normalize_answer(x)]


def score_answer_parts(prediction: str, parts: Sequence[Sequence[str]], convention: str = "benchmill") -> GenerationScores:
    """Score an answer of required parts. One part: ``score_answer`` over its forms. Several
    (a set): EM / NEM / substring match only when every part is there (EM, NEM: the answer's
    items are exactly the parts, in any order), token F1 and ROUGE-L against the parts joined
    with ", ", plus part recall and precision."""
    parts = [[f for f in part if f and f.strip()] for part in parts]
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return score_answer(prediction, parts[0] if parts else [], convention)
    base = score_answer(prediction, ", ".join(p[0] for p in parts), convention)
    items = answer_items(prediction)
    covered = [substring_match(prediction, p) == 1.0 for p in parts]
    matching_items = sum(1 for it in items if any(substring_match(it, p) == 1.0 for p in parts))

    def exact_cover(match) -> bool:
        if len(items) != len(parts):
            return False
        free = list(range(len(parts)))
        for it in items:
            hit = next((i for i in free if match(it, parts[i]) == 1.0), None)
            if hit is None:
                return False
            free.remove(hit)
        return True

    em_fn = squad_exact_match if convention == "squad" else exact_match
    return base.model_copy(update={
        "em": 1.0 if exact_cover(em_fn) else 0.0,
        "nem": 1.0 if exact_cover(normalized_exact_match) else 0.0,
        "substring_match": 1.0 if all(covered) else 0.0,
        "part_recall": sum(covered) / len(parts),
        "part_precision": matching_items / len(items) if items else 0.0,
    })


def score_answer(prediction: str, golds: Sequence[str] | str, convention: str = "benchmill") -> GenerationScores:
    """String metrics of one answer. ``convention="squad"``: ``em`` and ``token_f1`` are SQuAD
    v1.1's exact_match and f1; ``"rageval"``: ``rouge_l`` is RAGEval's whitespace ROUGE-L (the
    other metrics keep benchmill's definitions)."""
    if convention not in ANSWER_CONVENTIONS:
        raise ValueError(f"convention {convention!r}: expected one of {', '.join(ANSWER_CONVENTIONS)}")
    if convention == "squad":
        return GenerationScores(
            em=squad_exact_match(prediction, golds),
            nem=normalized_exact_match(prediction, golds),
            substring_match=substring_match(prediction, golds),
            token_f1=squad_f1(prediction, golds),
            rouge_l=rouge_l_f1(prediction, golds),
        )
    if convention == "dragon":
        reference = golds if isinstance(golds, str) else ", ".join(golds)  # rag-bench: the release's single answer
        return GenerationScores(
            em=exact_match(prediction, golds),
            nem=normalized_exact_match(prediction, golds),
            substring_match=dragon_substring(prediction, reference),
            token_f1=token_f1(prediction, golds),
            rouge_l=dragon_rouge_l(prediction, reference),
        )
    if convention == "rageval":
        return GenerationScores(
            em=exact_match(prediction, golds),
            nem=normalized_exact_match(prediction, golds),
            substring_match=substring_match(prediction, golds),
            token_f1=token_f1(prediction, golds),
            rouge_l=rouge_l_whitespace(prediction, golds),
        )
    return GenerationScores(
        em=exact_match(prediction, golds),
        nem=normalized_exact_match(prediction, golds),
        substring_match=substring_match(prediction, golds),
        token_f1=token_f1(prediction, golds),
        rouge_l=rouge_l_f1(prediction, golds),
    )


# --------------------------------------------------------------------------- LLM judge

#: DRAGON Appendix J criteria (POLLUX), each rated 0 (no), 1 (partly), 2 (yes).
JUDGE_CRITERIA: dict[str, dict[str, str]] = {
    "en": {
        "no_fluff": "Absence of unnecessary details: the answer is relevant and contains no fluff.",
        "real_world_consistency": "Consistency with real-world facts: the answer contains no factual errors.",
        "correct_extraction": "Correctness of results: the answer extracted correct information from the context.",
        "completeness": "Completeness: the answer is complete and reaches the goal of the question.",
        "factual_accuracy": "Factual accuracy: the answer reproduces the necessary facts and their context as the reference does.",
        "preserves_details": "Preserving the main idea and details of the reference answer.",
    },
    "ru": {
        "no_fluff": "Отсутствие лишних деталей: ответ по делу и без «воды».",
        "real_world_consistency": "Соответствие фактам реального мира: в ответе нет фактических ошибок.",
        "correct_extraction": "Корректность результата: из контекста извлечена верная информация.",
        "completeness": "Полнота: ответ полный и достигает цели вопроса.",
        "factual_accuracy": "Фактическая точность: необходимые факты и их контекст переданы, как в эталоне.",
        "preserves_details": "Сохранение основной мысли и деталей эталонного ответа.",
    },
}
JUDGE_CRITERION_NAMES: tuple[str, ...] = tuple(JUDGE_CRITERIA["en"])


class JudgeReply(BaseModel):
    """The structured reply the judge prompt asks for: one 0–2 rating per criterion."""

    no_fluff: int = Field(ge=0, le=2)
    real_world_consistency: int = Field(ge=0, le=2)
    correct_extraction: int = Field(ge=0, le=2)
    completeness: int = Field(ge=0, le=2)
    factual_accuracy: int = Field(ge=0, le=2)
    preserves_details: int = Field(ge=0, le=2)
    rationale: str = ""


class JudgeScores(BaseModel):
    """Judge score (mean of the criteria / 2, on 0–1 as DRAGON reports) or why there is none."""

    score: float | None
    criteria: dict[str, int] = {}
    status: str = "scored"  # scored | skipped | error
    reason: str = ""
    usage: LLMUsage = LLMUsage()


def judge_answer(
    client: Any,
    question: str,
    golds: Sequence[str],
    answer: str,
    lang: str,
    context: str = "",
) -> JudgeScores:
    """Rate one answer with the judge prompt (prompts/<lang>/answer_judge.j2)."""
    from benchmill.prompts import render

    prompt = render(
        "answer_judge", lang, question=question, reference=" | ".join(_golds(golds)), answer=answer or "",
        context=context, criteria=JUDGE_CRITERIA.get(lang, JUDGE_CRITERIA["en"]),
    )
    result = client.complete_json(prompt, JudgeReply)
    usage = getattr(result, "usage", None) or LLMUsage()
    if result.value is None:
        return JudgeScores(score=None, status="error", reason=result.error or "no judge reply", usage=usage)
    reply: JudgeReply = result.value
    criteria = {name: getattr(reply, name) for name in JUDGE_CRITERION_NAMES}
    return JudgeScores(score=sum(criteria.values()) / (2 * len(criteria)), criteria=criteria, usage=usage)


def judge_skipped() -> JudgeScores:
    return JudgeScores(score=None, status="skipped", reason=SKIPPED_NEEDS_LLM)


def engine_client(engine: "EngineConfig | None") -> Any | None:
    """The engine's LLM client, or None for the rules engine."""
    if engine is None or engine.kind != "llm":
        return None
    return engine.client()
