"""English checks of the question-grammar filter (``question_grammar``): one function per check.

Each check reads a :class:`~tasks.dragon.question_grammar.QuestionView` and returns a
:class:`~tasks.dragon.question_grammar.Finding` (its code and a one-line reason) or None. Add a
check by writing it here under ``@code("...")`` and listing it in :data:`CHECKS`.
"""
from __future__ import annotations

import re

from tasks.dragon.question_grammar import Finding, QuestionView, code

_WH = re.compile(r"^\s*(who|whom|where|when)\b", re.IGNORECASE)
#: the answer types each opening question word can ask for (None: the edges record no type)
_WH_TYPES = {
    "who": {"person", "org", None},
    "whom": {"person", "org", None},
    "where": {"place", "org", None},
    "when": {"date", None},
}


@code("wh_word_type")
def wh_word_type(q: QuestionView) -> Finding | None:
    """A question opening with who/where/when whose answer is recorded as a thing that word cannot ask for."""
    match = _WH.match(q.question)
    if not match or not q.answer_nodes:
        return None
    word = match.group(1).lower()
    types = {q.node_type(node) for node in q.answer_nodes}
    wrong = sorted(t for t in types if t not in _WH_TYPES[word])
    if not wrong:
        return None
    return Finding("wh_word_type", f"{word!r} asks for a {'/'.join(wrong)} answer")


CHECKS = [wh_word_type]
