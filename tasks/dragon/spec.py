"""DRAGON's collection specs: one ``news-<lang>`` collection per configured language, built
from the settings that existed before specs did (``quotas``, ``languages``) plus the
per-filter config in ``[generators.dragon.filters.<name>]``."""
from __future__ import annotations

from benchmill.filtering import FilterError
from benchmill.settings import Settings, SettingsError
from benchmill.specs import CollectionSpec, RankKey
from tasks.dragon import graph_correspondence, question_grammar  # noqa: F401  (register DRAGON's own filters)

METHOD = "dragon"
#: cheap, deterministic filters first; the LLM filters only see items nothing rejected yet
FILTERS = ["acceptability", "question_grammar", "graph_correspondence", "ner_presence", "duplicates", "answer_leaks", "closed_book", "llm_judge"]
#: within a type, the judge's mean score (passed verdicts) first, then graph correspondence
RANKING = [RankKey(filter="llm_judge", passed_only=True), RankKey(filter="graph_correspondence")]


def news_collections(settings: Settings) -> list[CollectionSpec]:
    """The news-<lang> specs; a bad filter config is a SettingsError naming the key."""
    try:
        return [
            CollectionSpec(name=f"news-{lang}", method=METHOD, lang=lang, filters=FILTERS,
                           filter_configs=settings.generators.dragon.filters, quotas=settings.quotas,
                           ranking=RANKING).validated(where="generators.dragon")
            for lang in settings.languages
        ]
    except FilterError as exc:
        raise SettingsError(f"invalid settings: {exc}") from None
