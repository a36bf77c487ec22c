"""DRAGON questions: Russian templates and morphology (pymorphy2 conjugation and cases). The entry point is
``RussianTemplates``; the code lives in modules named for what they hold:

- ``questions_ru_templates``: ``RussianTemplates``, the templates per subgraph type (ask a tail, ask a head,
  describe a node, conditions, comparisons);
- ``questions_ru_wh``: the question word and class noun of a hidden node («где» or «когда», «чей», «который»);
- ``questions_ru_verbs``: relations (``RuRelation``, ``ru_relation``) and verb forms by modality and tense;
- ``questions_ru_inflect``: labels declined for the question (gender, animacy, cases, names in «»);
- ``questions_ru_government``: the case a verb or preposition governs, the question word's case and preposition;
- ``questions_ru_scope``: what a question must carry from its sentence (an occasion, an amount's period, a time
  several facts share); ``questions_ru_words``: the word lists;
- ``questions_ru_checks`` and its siblings (names, as_said, classes, answers, clauses, refusals, order): what a
  question may name or answer.
"""
from __future__ import annotations

# the names other modules and tests import from here
from tasks.dragon.questions_ru_government import _ru_prep_phrase, _ru_quantity_unit  # noqa: F401
from tasks.dragon.questions_ru_inflect import _ru_gender, _ru_noun, _ru_quote, _ru_quoted_words, _ru_undeclined_name  # noqa: F401
from tasks.dragon.questions_ru_templates import RussianTemplates, _ru_one_copula  # noqa: F401
from tasks.dragon.questions_ru_verbs import RuRelation, ru_finite, ru_infinitive_chain, ru_relation  # noqa: F401
from tasks.dragon.questions_ru_wh import _ru_role_class  # noqa: F401
from tasks.dragon.questions_ru_words import _RU_CASE_ALIASES, _RU_PREP_CASE  # noqa: F401
