"""Collection specs: what a generator releases, and how (issue 8).

A collection (``news-en``, ``finance-en``...) is the unit of release. Its spec says which
items belong to it (the generator's ``method`` and the ``lang`` of its items), which
filters judge them with which config, the per-type quotas of a release, how accepted
items are ranked against a quota, and which export formats a release writes. Release
planning (benchmill.releases.plan_release) and the filter stack
(benchmill.filtering.run_filter_stack) take a spec; nothing in them knows a generator.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from benchmill.filtering import FilterError, get_filter
from benchmill.settings import non_negative_quotas


class RankKey(BaseModel):
    """One ranking key: the average score of the item's verdicts from ``filter``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    filter: str
    #: average only over ``passed`` verdicts (a skipped or rejected verdict ranks as missing)
    passed_only: bool = False
    descending: bool = True


class CollectionSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]*$")
    #: the generator whose items the collection releases (``items.method``)
    method: str
    lang: str
    #: filter names; the stack runs them cheap first, LLM last, in this order within each group
    filters: list[str]
    #: per-filter config (the filter's Config model; validated by ``validated``)
    filter_configs: dict[str, dict[str, Any]] = {}
    #: at most this many items of each type per release; a type not listed releases nothing
    quotas: dict[str, int]
    #: accepted items of one type compete for the quota in this order (ties: item id)
    ranking: list[RankKey] = []
    #: export formats a release writes; "benchmill" is the common export every release has
    exports: list[str] = ["benchmill"]

    @field_validator("quotas")
    @classmethod
    def _quotas(cls, v: dict[str, int]) -> dict[str, int]:
        return non_negative_quotas(v)

    @property
    def filter_names(self) -> list[str]:
        return list(self.filters)

    def filter_config(self, name: str) -> BaseModel:
        return get_filter(name).validate_config(self.filter_configs.get(name), where=f"{self.name}.filters.{name}")

    def validated(self, where: str = "") -> "CollectionSpec":
        """Check every filter is registered, every filter config validates and every ranking
        key names one of the filters; raises FilterError naming the key. Call before any work."""
        where = where or self.name
        for name in self.filters:
            get_filter(name)
        for name, values in self.filter_configs.items():
            if name not in self.filters:
                raise FilterError(f"{where}.filters.{name}: not a filter of collection {self.name!r} "
                                  f"(its filters: {', '.join(self.filters)})")
            get_filter(name).validate_config(values, where=f"{where}.filters.{name}")
        for key in self.ranking:
            if key.filter not in self.filters:
                raise FilterError(f"{where}: ranking by {key.filter!r}, which is not one of its filters")
        if "benchmill" not in self.exports:
            raise FilterError(f"{where}.exports: every release writes the common 'benchmill' export")
        from benchmill.releases import EXPORT_WRITERS

        unknown = [f for f in self.exports if f != "benchmill" and f not in EXPORT_WRITERS]
        if unknown:
            raise FilterError(f"{where}.exports: unknown format(s) {', '.join(unknown)}; "
                              f"known: benchmill, {', '.join(sorted(EXPORT_WRITERS))}")
        return self
