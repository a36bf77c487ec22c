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
  руководило авиаотрядом?» → «14 пилотов»): a count is no subject a reader can hold two facts of;
- ``clause_refusal`` (session 27): a clause that would not stand alone. Each fact of a conditional question, asked
  alone as the one-fact question of its answer, goes through the same one-fact path and the question_grammar filter's checks with its own
  sentences (one that calls the answer "the club" or "he" read with the sentence that names it, one mention
  chain, unless it names another person: ``_one_mention_chain``); a clause that path refuses ("Who got two defenders?" cut from "got
  behind two defenders", «Какая организация согласилась купить у ...?») is no better inside a longer question.

Such a subgraph is refused with its reason (``NoTemplate`` in ``questions_rules._draft``).
"""
from __future__ import annotations

import re

from collections.abc import Callable

from schemas import Edge, Subgraph
from tasks.dragon.questions_base import NoTemplate, _shared_node
from tasks.dragon.questions_en_checks import en_answer_unwritten
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


def clauses(subgraph: Subgraph) -> list[Subgraph]:
    """Each fact of a conditional subgraph as a one-fact subgraph that asks its answer. Empty for any other type:
    a multi-hop question says its facts of a bridge it never names, and the one-fact path's checks of how the
    bridge is named (a garbled label, a name its sentence writes as "the company") refuse clauses the question
    never says that way (dev sites 13 and 10: the multi-hop clauses it refused were all judged good)."""
    if subgraph.type != "conditional":
        return []
    shared = _shared_node(subgraph.edges)
    asked = [shared] * len(subgraph.edges)
    out = []
    for i, (edge, node) in enumerate(zip(subgraph.edges, asked)):
        if node not in (edge.head, edge.tail):
            return []  # not two facts about one node: the drafting refuses it with its own reason
        other = edge.tail if node == edge.head else edge.head
        named = set(subgraph.question_nodes) | set(subgraph.hidden_nodes)  # what the question itself names
        clause = Subgraph(subgraph_id=f"{subgraph.subgraph_id}:clause{i}", type="simple", lang=subgraph.lang,
                          edges=[edge], answer_nodes=[node], question_nodes=[other] if other in named else [])
        out.append(_one_mention_chain(clause, subgraph))
    return out


def _one_mention_chain(clause: Subgraph, subgraph: Subgraph) -> Subgraph:
    """The clause read with the sentences of the question's other facts where its own sentence refers to the
    thing asked without its name ("The club, which has 140 members, ...", "He had surgery on Dec. 2"): the reader
    of the question has both references, and a pronoun or a class noun is one mention chain with the name the
    other fact writes. Not for a person where the sentence names another one: "Mayor X ... because he is a
    trustee" joins the mayor's fact to the councillor the other fact names; that clause keeps its own sentence
    and is refused."""
    edge, node = clause.edges[0], clause.answer_nodes[0]
    if clause.lang != "en" or not en_answer_unwritten(clause):
        return clause
    label = edge.head_label if node == edge.head else edge.tail_label
    kind = edge.head_type if node == edge.head else edge.tail_type
    if kind == "person" and any(_another_person(sentence, label) for sentence in edge.sentences):
        return clause  # a body's "the school" is no "he" ("hired ... from the firm Modspace Hire", a PERSON to spaCy)
    more = [s for e in subgraph.edges for s in e.sentences if s not in edge.sentences]
    return clause.model_copy(update={"edges": [edge.model_copy(update={"sentences": [*edge.sentences, *more]})]})


def _another_person(sentence: str, label: str) -> bool:
    """Does ``sentence`` name a person none of whose words is in ``label``?"""
    words = _name_words(label)
    return any(ent.label_ == "PERSON" and not words & _name_words(ent.text) for ent in nlp.spacy_en()(sentence).ents)


def _name_words(text: str) -> set[str]:
    """A name's words for comparing two mentions: lower case, one apostrophe ("O’Brien" is "O'Brien"), no
    possessive "'s" ("Petrie's" is "Petrie")."""
    return {re.sub(r"'s$", "", w) for w in text.lower().replace("’", "'").split()}


def clause_kinds(subgraph: Subgraph, kinds: dict) -> dict:
    """The kinds a Russian conditional's clauses are asked with: its answer as the conditional asks it. A measure
    named by its noun («средняя цена квадратного метра», a quantity to the tagger, which ``amount_asked`` lets
    through) is asked «Что выросло на 9 % и достигло …?»; asked alone as a quantity, every clause of it is refused
    as a counted subject («640 человек»), a refusal about asking the measure alone, not about the clause's words.
    The clause asks it as the thing the conditional asks, and keeps every other check."""
    shared = _shared_node(subgraph.edges)
    key = (subgraph.lang, shared)
    if subgraph.type != "conditional" or subgraph.lang != "ru" or kinds.get(key) != "NUM":
        return kinds
    label = next((e.head_label if e.head == shared else e.tail_label) for e in subgraph.edges)
    return kinds if amount_asked(label, subgraph.lang) else {**kinds, key: "MISC"}


def clause_refusal(subgraph: Subgraph, ask: Callable[[Subgraph], tuple]) -> str | None:
    """Why a clause of a two-fact subgraph does not stand alone (module doc), or None. ``ask``: the one-fact
    path (``questions_rules._asked``): it returns the subgraph as asked, the draft and the templates, or raises
    ``NoTemplate`` with the reason it refuses."""
    from tasks.dragon import question_grammar  # the filter reads finished questions; it imports no generator

    for clause in clauses(subgraph):
        edge = clause.edges[0]
        try:
            asked, draft, _ = ask(clause)
        except NoTemplate as exc:
            return f"the clause {edge.relation!r} asked alone is refused: {exc}"
        found = question_grammar.findings(question_grammar.QuestionView(
            question=draft.question, answers=tuple(draft.answers), type="simple", lang=asked.lang,
            edges=tuple(asked.edges), answer_nodes=tuple(asked.answer_nodes),
            question_nodes=tuple(asked.question_nodes), references=tuple(edge.sentences)))
        if found:
            return (f"the clause {edge.relation!r} asked alone ({draft.question!r}) fails the grammar filter: "
                    f"{found[0].code}: {found[0].reason}")
    return None
