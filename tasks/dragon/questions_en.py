"""DRAGON questions: English templates. The entry point is ``EnglishTemplates``; the code lives in
modules named for what they hold:

- ``questions_en_templates``: ``EnglishTemplates``, the templates per subgraph type (ask a tail, ask a
  head, describe a node, conditions, comparisons);
- ``questions_en_wh``: the question word and class noun of a hidden node, and whether a name takes a
  plural verb; ``questions_en_kinds``: the tagger's kinds corrected by names and relations;
- ``questions_en_tense``: modality, tense and aspect as the sentences state them, finite verbs and
  auxiliaries; ``questions_en_verbs``: verb forms and relation shapes;
- ``questions_en_determiners``: the article a name or a role takes, and whether a role is held now;
- ``questions_en_amounts``: amounts and their question words; ``questions_en_words``: the word lists;
- ``questions_en_checks`` and its siblings: what a question may name or answer (re-exported below).
"""
from __future__ import annotations

# the names other modules and tests import from here
from tasks.dragon.questions_en_verbs import EnRelation, _en_lexicon, en_participle, en_past, en_relation  # noqa: F401
from tasks.dragon.questions_en_article import doc_sentences, en_former_once, pooled  # noqa: F401
from tasks.dragon.questions_en_amounts import en_amount  # noqa: F401
from tasks.dragon.questions_en_determiners import en_name_article  # noqa: F401
from tasks.dragon.questions_en_kinds import refine_kinds_en  # noqa: F401
from tasks.dragon.questions_en_templates import EnglishTemplates  # noqa: F401
from tasks.dragon.questions_en_tense import en_time_once  # noqa: F401

# =========================================================================== checks (tasks/dragon/questions_en_checks.py)


def en_vague(label: str, entity_type: str | None = None, sentences: list[str] = (), as_answer: bool = False) -> bool:
    """See ``questions_en_checks.en_vague`` (kept importable from here)."""
    from tasks.dragon.questions_en_checks import en_vague as check

    return check(label, entity_type, sentences, as_answer)


def en_skip_reason(subgraph) -> str | None:
    """See ``questions_en_checks.en_skip_reason`` (kept importable from here)."""
    from tasks.dragon.questions_en_checks import en_skip_reason as check

    return check(subgraph)


def en_incomplete(subgraph, kinds: dict) -> str | None:
    """See ``questions_en_checks.en_incomplete`` (kept importable from here)."""
    from tasks.dragon.questions_en_checks import en_incomplete as check

    return check(subgraph, kinds)
