"""DRAGON questions, both languages: two-fact questions (conditional, multi-hop) that say one fact twice
(session 26, issue 10).

A two-fact question joins two facts about one thing. The judges fail them about twice as often as simple
questions, for shapes a simple question never has:

- ``one_predicate``: both facts say one verb with one object phrase and differ only in the preposition that
  takes their objects ("will open at the Town Hall Theatre and will open on 4 March", «команда, которая
  сыграет следующий матч в Новосибирске» asked «Когда сыграет следующий матч ...»): one fact asked as two; a
  multi-hop bridge described by the verb the question asks of it, whatever the objects («К чему приговорил
  Дениса Малахова суд, который приговорил Дениса Малахова?»), asks one fact or has the bridge's own object
  for a second answer ("What did the company that built the Tarn Bridge build?");
- ``ru_post_of_a_body``: a person's post (director, coach, captain) said of the thing asked or hidden when it
  is no person («Какой завод ... является управляющим директором завода «Кристалл-Пласт»?»): the triplet stage
  took the plant someone ran for the one who runs another;
- ``amount_asked``: an amount as the one thing both facts are about («Что будет работать на два самолёта и
  руководило авиаотрядом?» → «14 пилотов»): a count is no subject a reader can hold two facts of.

Such a subgraph is refused with its reason (``NoTemplate`` in ``questions_rules._draft``).
"""
from __future__ import annotations

from schemas import Edge
from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_en_tense import _relation as en_relation_of
from benchmill import nlp
from tasks.dragon.questions_ru_verbs import ru_relation
from tasks.dragon.subgraphs import parse_quantity

#: nouns of a post only a person holds: a company, a plant or a town holding one is a joined-up triplet
_RU_PERSON_POSTS = frozenset("""
    директор руководитель тренер капитан игрок вратарь голкипер нападающий защитник полузащитник форвард
    президент вице-президент председатель депутат глава мэр губернатор министр артист артистка режиссёр
    заместитель замглавы солист солистка актёр актриса основатель совладелец
    """.split())


def one_predicate(first: Edge, second: Edge, lang: str, verb_only: bool = False) -> bool:
    """Do two facts say one verb with one object phrase, apart from the preposition that takes their objects
    ("open at" / "open on", «сыграть следующий матч в» / «... с»)? ``verb_only``: one verb, whatever its
    object phrase («приговорить» / «приговорить Дениса Малахова к»)."""
    try:
        if lang == "ru":
            a, b = ru_relation(first.relation), ru_relation(second.relation)
            return a.kind == b.kind == "verb" and a.head == b.head and (verb_only or a.middle == b.middle)
        a, b = en_relation_of(first), en_relation_of(second)  # as its sentence reads it: "open at" is a verb
        return a.kind == b.kind == "verb" and a.head == b.head and (
            verb_only or a.rest_without_preposition == b.rest_without_preposition)
    except NoTemplate:
        return False


def ru_post_of_a_body(edge: Edge, node: str, kind: str) -> str | None:
    """The post ``edge`` says ``node`` (its subject, asked or hidden) holds when that post is a person's and
    ``node`` is no person, or None."""
    role = _ru_role(edge.relation) if node == edge.head and kind != "PER" else None
    if role and any(nlp.lemma_ru(w).replace("ё", "е") in _RU_PERSON_POSTS for w in role.lower().replace("ё", "е").split()):
        return f"{edge.head_label!r} ({kind}) said to hold a person's post ({role!r})"
    return None


def _ru_role(relation: str) -> str | None:
    """The role noun phrase of a role relation («управляющий директор»), or None."""
    try:
        rel = ru_relation(relation)
    except NoTemplate:
        return None
    return rel.head if rel.kind == "role" else None


def amount_asked(label: str, lang: str) -> str | None:
    """Why a conditional question may not ask for ``label`` (a number of things, «14 пилотов», "420 people"), or
    None; a measure named by its noun («средняя цена квадратного метра») is a thing."""
    if label[:1].isdigit() and parse_quantity(label, lang) is not None:
        return f"the amount {label!r} as the one thing two facts are about"
    return None


def ru_plural_role(role: str) -> bool:
    """Is the role's head noun a plural («деревни» of «X деревни Бурзянский район»): «деревнями которого
    является Иргизлы» says one village is several?"""
    vocab = nlp.morph_vocab()
    for word in role.split():
        parses = [p for p in vocab.parse(word.lower()) if p.tag.POS == "NOUN" and "nomn" in p.tag]
        if parses:
            return all(p.tag.number == "plur" for p in parses)
    return False
