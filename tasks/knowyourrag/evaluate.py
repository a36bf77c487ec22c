"""Evaluate a trained generator on held-out contexts (the paper's Figures 2 and 3 as numbers).

``evaluate_generator`` generates with the adapter, then (llm engine) labels and critiques
the parsed items: the ``<a>`` parse rate per type, the label mix per requested type, the
mean critique rating per type and critique, and the LLM usage of the judging.
"""
from __future__ import annotations

from collections import defaultdict

from pydantic import BaseModel

from benchmill.engines import EngineConfig
from schemas import LLMUsage
from schemas.knowyourrag import QUESTION_TYPES, KyrContext
from tasks.knowyourrag.scoring import critique_items, label_items, label_mix
from tasks.knowyourrag.trainer import LoadedGenerator, generate_items


class GeneratorEvaluation(BaseModel):
    adapter: str
    contexts: int
    requested: dict[str, int]
    parse_rate: dict[str, float]
    label_mix: dict[str, dict[str, int]]
    mean_critique: dict[str, dict[str, float]]
    failures: int
    usage: LLMUsage


def evaluate_generator(
    generator: LoadedGenerator,
    contexts: list[KyrContext],
    engine: EngineConfig,
    types: tuple[str, ...] = QUESTION_TYPES,
    *,
    min_words: int = 12,
) -> GeneratorEvaluation:
    batch = generate_items(generator, contexts, types, min_words=min_words)
    requested: dict[str, int] = defaultdict(int)
    parsed: dict[str, int] = defaultdict(int)
    for item in batch.items:
        requested[item.type] += 1
        parsed[item.type] += 1
    for failure in batch.failures:
        requested[failure.key.rsplit("#", 1)[-1]] += 1
    labels = label_items(batch.items, engine)
    critiques = critique_items(batch.items, engine)
    type_of = {item.item_id: item.type for item in batch.items}
    ratings: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for score in critiques.critiques:
        ratings[type_of[score.item_id]][score.critique].append(score.rating)
    return GeneratorEvaluation(
        adapter=f"{generator.card.get('name')}/{generator.card.get('version')}",
        contexts=len(contexts),
        requested=dict(requested),
        parse_rate={t: round(parsed[t] / n, 3) for t, n in requested.items() if n},
        label_mix=label_mix(labels.labels),
        mean_critique={t: {c: round(sum(v) / len(v), 3) for c, v in by_c.items()} for t, by_c in ratings.items()},
        failures=len(batch.failures) + len(labels.failures) + len(critiques.failures),
        usage=labels.usage + critiques.usage,
    )
