"""Triplet extraction, rules engine, Russian: the entry point of the package
``tasks/dragon/rules_ru/`` (its ``__init__`` lists one module per concern: simplification, parse
repairs, phrases, reference resolution, modality, the extractor proper)."""
from tasks.dragon.rules_ru import _rules_ru  # noqa: F401

__all__ = ["_rules_ru"]
