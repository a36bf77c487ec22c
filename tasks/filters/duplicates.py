"""Duplicate questions, within the batch and against questions of earlier releases.

Two kinds of duplicate:

* exact: equal after normalisation (casefold, ё→е, every non-alphanumeric character
  dropped), so "Who voiced Morty?" and "who voiced  morty" collide;
* near: cosine similarity of question embeddings (``benchmill.embeddings.embed``) ≥
  ``cosine_threshold``: paraphrases that differ in a word or two, provided both name the
  same entities (numbers and capitalised names, one set containing the other): questions
  made from one template about different entities embed very close (e5: 0.94 for
  "Кто руководит Северным портом?" / "Кто руководит Южным портом?") yet are different
  questions; and, within the batch, share an answer or else the question type and word
  (``same_ask``: a multi-hop question embeds close to the simple question of the fact
  describing its bridge, "When did X open ...?" close to "Where did X open ...?").

Within the batch the *best* item of a group of duplicates is kept
(``tasks.filters.preference``: not rejected by a filter ahead in the stack, the most
complete answer — more answer parts for the same fact —, higher scores from the filters
ahead, then the lower item id) and the others are rejected, naming the kept item and why
it won. (Keeping the lowest id released an incomplete simple question and rejected the
complete set question asking the same thing.) A question duplicating an earlier
release's question is rejected naming it. Items are visited best first and only kept
items count for the items after them: an item rejected as a duplicate does not in turn
knock out its own near-duplicates, and an item a filter ahead already rejected is judged
but knocks out nothing (it will not be released).
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from schemas import Item, Verdict
from tasks.filters import FilterResult, fold, words
from tasks.filters.preference import explain, preference_key, score_filters

FILTER_NAME = "duplicates"

#: rows of the similarity matrix computed at once (bounds memory on large batches)
_BLOCK = 1024
#: a thousands separator inside a number ("2,139", "2 139"): "2,139" and "2139" are one number
_DIGIT_GROUP_SEPARATOR = re.compile(r"(?<=\d)[,.\s\u00a0\u202f'](?=\d{3}(?!\d))")


class DuplicatesConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cosine_threshold: float = Field(0.95, ge=0.0, le=1.0, description="embedding cosine from which two questions are duplicates")
    require_same_entities: bool = Field(
        True, description="a near-duplicate must also name the same numbers and capitalised names (see named_anchors)"
    )
    require_same_ask: bool = Field(
        True, description="within the batch, a near-duplicate must share an answer, or the question type and word"
    )


def normalised_question(text: str) -> str:
    """The exact-duplicate key: folded letters and digits only."""
    return "".join(words(text))


class _EmbeddingCache:
    """Question vectors by (lang, text), bounded, shared by the process.

    Earlier releases' questions are compared again on every run; without this a
    long-lived worker would re-embed all of them each time (e5 on CPU does ~35 texts/s).
    """

    def __init__(self, capacity: int = 200_000):
        self.capacity = capacity
        self._vectors: OrderedDict[tuple[str, str], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def embed(self, texts: list[str], lang: str) -> np.ndarray:
        from benchmill.embeddings import EMBEDDING_DIM, embed

        with self._lock:
            missing = sorted({t for t in texts if (lang, t) not in self._vectors})
        if missing:
            # "query" on both sides: question-to-question similarity is symmetric, and e5
            # was trained with the query prefix for symmetric tasks
            vectors = embed(missing, lang, kind="query")
            with self._lock:
                for text, vector in zip(missing, vectors):
                    self._vectors[(lang, text)] = vector
                while len(self._vectors) > self.capacity:
                    self._vectors.popitem(last=False)
        if not texts:
            return np.zeros((0, EMBEDDING_DIM), dtype=np.float32)
        with self._lock:
            rows = []
            for text in texts:
                vector = self._vectors.get((lang, text))
                if vector is None:  # evicted by a concurrent caller in between: embed it again
                    vector = embed([text], lang, kind="query")[0]
                else:
                    self._vectors.move_to_end((lang, text))
                rows.append(vector)
        return np.stack(rows).astype(np.float32, copy=False)


_cache = _EmbeddingCache()


def _similar(
    queries: np.ndarray, corpus: np.ndarray, threshold: float, *, strictly_before: bool = False
) -> tuple[list[np.ndarray], np.ndarray]:
    """Per query row i: corpus rows with cosine ≥ threshold (most similar first), and the best cosine.

    ``strictly_before``: queries and corpus are the same rows, and only rows j < i count.
    Best cosine is -inf when there is nothing to compare with.
    """
    n = len(queries)
    candidates: list[np.ndarray] = []
    best = np.full(n, -np.inf, dtype=np.float32)
    if len(corpus) == 0:
        return [np.zeros(0, dtype=np.int64)] * n, best
    for start in range(0, n, _BLOCK):
        similarities = queries[start : start + _BLOCK] @ corpus.T
        for offset, row in enumerate(similarities):
            i = start + offset
            if strictly_before:
                row = row[:i]
            if len(row):
                best[i] = row.max()
            similar = np.flatnonzero(row >= threshold)
            candidates.append(similar[np.argsort(-row[similar], kind="stable")])
    return candidates, best


_CAPITALISED = re.compile(r"\w*[^\W\d_]\w*", re.UNICODE)


def named_anchors(question: str, lang: str) -> frozenset[str]:
    """The numbers and capitalised words of a question (its first word aside), case- and inflection-folded.

    Questions from one template differ only in these ("Кто руководит Северным портом?" /
    "Кто руководит Южным портом?" score 0.94 with e5), so two questions whose anchors
    conflict ask about different things, however close their embeddings are.
    """
    tokens = re.findall(r"\w+", _DIGIT_GROUP_SEPARATOR.sub("", question), re.UNICODE)
    anchors = set()
    for position, token in enumerate(tokens):
        if any(ch.isdigit() for ch in token):
            anchors.add(token)
        elif position > 0 and _CAPITALISED.fullmatch(token) and any(ch.isupper() for ch in token):
            anchors.add(fold(token))
    if lang == "ru":
        from benchmill.nlp import lemma_ru

        anchors = {lemma_ru(a) if not any(ch.isdigit() for ch in a) else a for a in anchors}
    return frozenset(anchors)


def anchors_compatible(a: frozenset[str], b: frozenset[str]) -> bool:
    """One question's anchors contain the other's: a paraphrase, perhaps with a qualifier added."""
    return a <= b or b <= a


def _short(text: str, limit: int = 100) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _answer_keys(item: Item) -> set[str]:
    return {" ".join(words(_DIGIT_GROUP_SEPARATOR.sub("", a))) for a in item.answers} - {""}


def _question_word(item: Item) -> str:
    found = words(item.question)
    return found[0] if found else ""


def same_ask(a: Item, b: Item) -> bool:
    """Could two similar questions be one question? Not when they share no answer and differ in type
    or question word: "Who founded the organization that Harbour Logistics acquired?" (→ Piotr
    Nowicki) embeds at 0.96 with "Which organization did Harbour Logistics acquire?" (→ Baltic
    Freight Lines), as every multi-hop question does with the simple question of the fact describing
    its bridge, and «Когда открыл офис Балтмост?» (→ март) at 0.99 with «Где открыл офис Балтмост?»
    (→ Гданьск). Of one type and question word, disjoint answers stay a duplicate: one question with
    two answers must not be released twice."""
    if _answer_keys(a) & _answer_keys(b):
        return True
    return a.type == b.type and _question_word(a) == _question_word(b)


def check_duplicates(
    items: list[Item], earlier_questions: list[str], lang: str, config: DuplicatesConfig = DuplicatesConfig(),
    earlier_verdicts: dict[str, list[Verdict]] | None = None,
) -> FilterResult:
    """Verdict per item: rejected when its question duplicates a better kept batch item or an earlier release's question.

    ``earlier_verdicts``: the items' verdicts from the filters ahead in the stack (they
    decide which duplicate is best, see the module doc). score = the highest cosine
    similarity found (to a kept item or an earlier question; 1.0 for an exact duplicate).
    Verdicts come back in the order of ``items``.
    """
    earlier_verdicts = earlier_verdicts or {}
    rank_filters = score_filters(earlier_verdicts)
    ordered = sorted(items, key=lambda i: preference_key(i, earlier_verdicts.get(i.item_id, []), rank_filters))
    out_already = {i.item_id for i in ordered if any(v.status == "rejected" for v in earlier_verdicts.get(i.item_id, []))}
    if not ordered:
        return FilterResult(verdicts=[])
    threshold = config.cosine_threshold

    earlier_by_key: dict[str, str] = {}
    for question in earlier_questions:
        earlier_by_key.setdefault(normalised_question(question), question)

    batch_vectors = _cache.embed([i.question for i in ordered], lang)
    earlier_vectors = _cache.embed(list(earlier_questions), lang)
    similar_earlier, closest_earlier = _similar(batch_vectors, earlier_vectors, threshold)
    similar_before, closest_before = _similar(batch_vectors, batch_vectors, threshold, strictly_before=True)

    anchors: dict[tuple[str, int], frozenset[str]] = {}

    def anchors_of(source: str, index: int) -> frozenset[str]:
        if (source, index) not in anchors:
            text = ordered[index].question if source == "batch" else earlier_questions[index]
            anchors[(source, index)] = named_anchors(text, lang)
        return anchors[(source, index)]

    def first_compatible(row: int, candidates: np.ndarray, source: str, allowed=None) -> int | None:
        """The most similar candidate asking about the same entities (and allowed), if any."""
        for j in candidates:
            j = int(j)
            if (allowed is None or j in allowed) and (
                not config.require_same_entities or anchors_compatible(anchors_of("batch", row), anchors_of(source, j))
            ) and (source != "batch" or not config.require_same_ask or same_ask(ordered[row], ordered[j])):
                return j
        return None

    kept_by_key: dict[str, str] = {}
    kept_items: dict[str, Item] = {}
    beaten: dict[str, int] = {}
    kept_rows: set[int] = set()
    verdicts: dict[str, Verdict] = {}
    for row, item in enumerate(ordered):
        key = normalised_question(item.question)

        def reject(score: float, reason: str, code: str) -> None:
            verdicts[item.item_id] = Verdict(
                item_id=item.item_id, filter=FILTER_NAME, status="rejected", score=round(score, 4), reason=reason,
                code=code,
            )

        if key in earlier_by_key:
            reject(1.0, f"exact duplicate of an earlier release question: {_short(earlier_by_key[key])!r}", "duplicate_of_released")
            continue
        if key in kept_by_key:
            kept_item = kept_items[kept_by_key[key]]
            why = explain(kept_item, item, earlier_verdicts, rank_filters)
            reject(1.0, f"exact duplicate of item {kept_item.item_id} (kept: {why})", "duplicate_in_batch")
            beaten[kept_item.item_id] = beaten.get(kept_item.item_id, 0) + 1
            continue
        earlier_match = first_compatible(row, similar_earlier[row], "earlier")
        if earlier_match is not None:
            cosine = float(batch_vectors[row] @ earlier_vectors[earlier_match])
            reject(cosine, f"near-duplicate (cosine {cosine:.3f}) of an earlier release question: {_short(earlier_questions[earlier_match])!r}", "near_duplicate_of_released")
            continue
        # only kept items count: a similar item that was itself rejected does not (module doc)
        kept_match = first_compatible(row, similar_before[row], "batch", allowed=kept_rows)
        if kept_match is not None:
            kept_item = ordered[kept_match]
            cosine = float(batch_vectors[row] @ batch_vectors[kept_match])
            why = explain(kept_item, item, earlier_verdicts, rank_filters)
            reject(cosine, f"near-duplicate (cosine {cosine:.3f}) of item {kept_item.item_id} (kept: {why}): "
                           f"{_short(kept_item.question)!r}", "near_duplicate_in_batch")
            beaten[kept_item.item_id] = beaten.get(kept_item.item_id, 0) + 1
            continue
        closest = float(max(closest_earlier[row], closest_before[row]))
        verdicts[item.item_id] = Verdict(
            item_id=item.item_id, filter=FILTER_NAME, status="passed",
            score=round(closest, 4) if np.isfinite(closest) else 0.0,
            reason=f"no duplicate (closest cosine {closest:.3f})" if np.isfinite(closest) else "no duplicate (nothing to compare with)",
        )
        if item.item_id in out_already:
            continue  # judged, but it will not be released: it knocks nothing out (module doc)
        kept_by_key[key] = item.item_id
        kept_items[item.item_id] = item
        kept_rows.add(row)
    for kept_id, n in beaten.items():
        v = verdicts[kept_id]
        verdicts[kept_id] = v.model_copy(update={"reason": f"{v.reason}; kept over {n} duplicate(s) in the batch"})
    return FilterResult(verdicts=[verdicts[item.item_id] for item in items])


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: DuplicatesConfig) -> FilterResult:
    return check_duplicates(items, inputs.released_questions, inputs.lang, config, inputs.earlier_verdicts)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=False, config=DuplicatesConfig, score=score,
                    context=frozenset({"released_questions", "earlier_verdicts"}),
                    description="rejects a question that duplicates a kept one or one the collection released")
