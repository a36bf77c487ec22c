"""DRAGON questions, English: what the rest of an article says about a name (issue 10, the fifth
English round).

A subgraph carries only the sentences its facts were read from; the batch holds the other facts
of the same documents. ``doc_sentences`` pools their sentences by document, ``pooled`` gives one
fact's sentences followed by its documents' others, and ``article_kinds`` corrects the tagger's
kinds by what the article says of a name: introduced after a person noun or with an age ("the
Tonga international prop Sione Vaipulu", "Vaipulu, 26,") it is a person; written with a plural verb
("Kirkstall Knights have signed") a team; ending in a thing's class noun ("Beckett Arcade") no
person. ``en_former_once`` drops a "former" the past tense already says.
"""
from __future__ import annotations

import re

from tasks.dragon import questions_en_names as en_names
from schemas import Edge
from tasks.dragon.questions_base import NoTemplate


def article_kinds(kinds: dict, subgraphs) -> dict:
    """``kinds`` corrected by the article's evidence about each name (see the module doc)."""
    from tasks.dragon.questions_en_tense import _relation

    # a name the article introduces as a person ("the Tonga international prop Sione Vaipulu", "Vaipulu, 26,")
    # is one, whatever the tagger said: not "Which organization did Kirkstall Knights sign?"
    pool = doc_sentences(subgraphs)
    role_objects = set()
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            try:
                if _relation(edge).kind == "role":
                    role_objects.add(edge.tail)
            except NoTemplate:
                pass
    for subgraph in subgraphs:
        if subgraph.lang != "en":
            continue
        for edge in subgraph.edges:
            said = pooled(edge, pool)
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if kinds.get(("en", node)) in ("ORG", "MISC", "LOC") and node not in role_objects \
                        and (en_names.person_evidence(label, said)
                             or en_names.person_evidence(en_names.full_name(label, said), said)):
                    # "Mac Aodha", whom the article names in full after a post: "Winger Fionn Mac Aodha scored"
                    kinds[("en", node)] = "PER"
                elif kinds.get(("en", node)) == "PER" and en_names.written_with_the(label, said):
                    kinds[("en", node)] = "ORG"  # "came from the Alfred": a person's name takes no "the"
                elif kinds.get(("en", node)) == "PER" and en_names.group_evidence(label, said):
                    kinds[("en", node)] = "ORG"  # "Kirkstall Knights have signed ...": a team, not "who" as one person
                elif kinds.get(("en", node)) == "PER" and en_names.thing_class(label):
                    kinds[("en", node)] = "MISC"  # "Beckett Arcade": "the arcade that ...", not "the person that ..."
    return kinds


def doc_sentences(subgraphs) -> dict[str, list[str]]:
    """Every sentence the batch's facts were read from, by document: what the article says about a
    name beyond the one or two sentences of a subgraph ("Calder Town" for "Calder's captain")."""
    pool: dict[str, list[str]] = {}
    for subgraph in subgraphs:
        for edge in subgraph.edges:
            for doc_id in edge.doc_ids:
                known = pool.setdefault(doc_id, [])
                known += [s for s in edge.sentences if s not in known]
    return pool


def pooled(edge: Edge, pool: dict[str, list[str]]) -> list[str]:
    """``edge``'s sentences, then the other sentences of its documents in ``pool``."""
    out = list(edge.sentences)
    for doc_id in edge.doc_ids:
        out += [s for s in pool.get(doc_id, ()) if s not in out]
    return out


_EN_FORMER_AFTER_WAS = re.compile(r"(\b(?:was|were)\b[^?]*?\b(?:the|a|an))\s+(?:former|ex-|one-time|erstwhile|previous)\s+",
                                  re.IGNORECASE)


def en_former_once(question: str) -> str:
    """ "What was Colin Marr the former treasurer of?" -> "What was Colin Marr the treasurer of?": the past
    tense already says the post is held no more; "was the former" says it twice."""
    return _EN_FORMER_AFTER_WAS.sub(lambda m: f"{m.group(1)} ", question)
