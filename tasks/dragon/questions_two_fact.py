"""DRAGON questions, both languages: two-fact questions (conditional, multi-hop) that say one fact twice
(session 26, issue 10).

A two-fact question joins two facts about one thing. The judges fail them about twice as often as simple
questions, for shapes a simple question never has:

- ``one_predicate``: both facts say one verb with one object phrase and differ only in the preposition that
  takes their objects ("will open at the Town Hall Theatre and will open on 4 March", «команда, которая
  сыграет следующий матч в Новосибирске» asked «Когда сыграет следующий матч ...»): one fact asked as two.

Such a subgraph is refused with its reason (``NoTemplate`` in ``questions_rules._draft``).
"""
from __future__ import annotations

from schemas import Edge
from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_en_tense import _relation as en_relation_of
from tasks.dragon.questions_ru_verbs import ru_relation


def one_predicate(first: Edge, second: Edge, lang: str) -> bool:
    """Do two facts say one verb with one object phrase, apart from the preposition that takes their objects
    ("open at" / "open on", «сыграть следующий матч в» / «... с»)?"""
    try:
        if lang == "ru":
            a, b = ru_relation(first.relation), ru_relation(second.relation)
            return a.kind == b.kind == "verb" and (a.head, a.middle) == (b.head, b.middle)
        a, b = en_relation_of(first), en_relation_of(second)  # as its sentence reads it: "open at" is a verb
        return a.kind == b.kind == "verb" and (a.head, a.rest_without_preposition) == (b.head, b.rest_without_preposition)
    except NoTemplate:
        return False
