"""DRAGON questions, English: what a node is — the tagger's kinds corrected by the name's head noun and
the relations the node is in (moved from ``questions_en``)."""
from __future__ import annotations

import re

from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_en_names import bare_label
from tasks.dragon.questions_en_words import (
    _EN_AGENT_VERBS, _EN_GAME_VERBS, _EN_GIVING_VERBS, _EN_ORG_HEADS, _EN_PLACE_HEADS, _EN_TRAVEL_VERBS,
)
from tasks.dragon.questions_en_tense import _relation
from tasks.dragon.questions_en_article import article_kinds
from tasks.dragon.questions_en_amounts import en_amount
from tasks.dragon.subgraphs import parse_quantity


#
# The small NER model types "Vistula Box Terminal" PER ("Who handled ...?"), "Calder City" LOC
# ("Which place is Maria Lindgren the sporting director of?") and "Turnout" PER. The relation
# and the name's own head noun are better witnesses; where they do not settle it, the
# templates fall back to a neutral wh-phrase ("What is X the head coach of?").


def _product_code(label: str) -> bool:
    """ "Talon-V", "the KR-7", "NX600", "LC-40": a model code (capitals and digits, a hyphenated capital)."""
    words = [w for w in label.split() if w.lower() not in ("the", "a", "an")]
    return len(words) == 1 and bool(re.fullmatch(r"[A-Z][A-Za-z]*-[A-Z0-9]+|[A-Z]{1,4}-?\d+[A-Za-z]?", words[0]))


def _name_head(label: str) -> str:
    words = [w for w in label.split() if w.lower() not in ("the", "a", "an")]
    return words[-1].lower().strip(".,") if words else ""


def refine_kinds_en(kinds: dict, subgraphs) -> dict:
    """The en node kinds corrected by the name's head noun and the relations the node is in.

    A name ending in an organisation's head noun ("... Terminal", "... Lines", "... Party") is
    an organisation, one ending in a place's ("... Stadium", "... Park") a place, whatever the
    tagger said. The subject of a role relation ("member of", "sporting director of") that the
    tagger left MISC is a person; its object is never a person.
    """
    kinds = dict(kinds)
    for subgraph in subgraphs:
        if subgraph.lang != "en":
            continue
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if kinds.get(("en", node)) in ("PER", "LOC", "ORG") and _product_code(label):
                    kinds[("en", node)] = "MISC"  # "the Talon-V", "KR-7": a product's code, not a place or a firm
            try:
                verb = _relation(edge)
            except NoTemplate:
                verb = None
            if verb is not None and verb.kind == "verb" and not verb.rest and verb.head in _EN_TRAVEL_VERBS \
                    and kinds.get(("en", edge.tail)) == "PER":
                kinds[("en", edge.tail)] = "LOC"  # "has visited Cumbria": not "Who have ... visited?"
            if kinds.get(("en", edge.tail)) not in ("NUM", "DATE") and any(ch.isdigit() for ch in edge.tail_label) \
                    and parse_quantity(edge.tail_label, "en") is None and en_amount(edge.tail_label) is not None:
                kinds[("en", edge.tail)] = "NUM"  # "about 2,100 people": "How many people ...?", not "What ...?"
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                kind = kinds.get(("en", node))
                label = bare_label(label)  # "the Solway Cocklers' Association"
                if kind not in ("PER", "MISC", "LOC", "ORG", None) or not label[:1].isupper():
                    continue
                head = _name_head(label)
                if head in _EN_ORG_HEADS and kind != "ORG":
                    kinds[("en", node)] = "ORG"
                elif head in _EN_PLACE_HEADS and kind in ("PER", "MISC", None):
                    kinds[("en", node)] = "LOC"
            try:
                rel = _relation(edge)
            except NoTemplate:
                continue
            if rel.trailing_preposition in ("at", "in") and _name_head(edge.tail_label) in _EN_PLACE_HEADS:
                kinds[("en", edge.tail)] = "LOC"  # "perform at Quayside Arena": the arena as a place
            if rel.kind == "verb" and rel.head in _EN_GIVING_VERBS and rel.trailing_preposition == "to" \
                    and kinds.get(("en", edge.tail)) == "LOC" and _name_head(edge.tail_label) not in _EN_PLACE_HEADS:
                kinds[("en", edge.tail)] = "ORG"  # "supplies chips to Daewon": a customer, not where: not "Where ...?"
            if rel.kind == "verb" and rel.head == "represent" and not rel.rest \
                    and kinds.get(("en", edge.tail)) in ("PER", "MISC", "ORG", None) and represented_area(edge):
                kinds[("en", edge.tail)] = "LOC"  # "Cllr X, who represents Skipton West": a ward, not "Who ...?"
            if rel.kind == "verb" and rel.head in _EN_AGENT_VERBS and kinds.get(("en", edge.head)) in ("LOC", "MISC"):
                # "Calder City signed Daniel Okafor": the club, not the place; "What unveiled the Fold One?"
                # -> Veltrix, a company the tagger did not know
                kinds[("en", edge.head)] = "ORG"
            if rel.kind == "role":
                if kinds.get(("en", edge.head)) == "MISC" and _name_head(edge.head_label) not in _EN_ORG_HEADS:
                    kinds[("en", edge.head)] = "PER"
                if kinds.get(("en", edge.tail)) == "PER":
                    kinds[("en", edge.tail)] = "ORG"
    return article_kinds(kinds, subgraphs)


def team_nodes(subgraphs) -> frozenset[str]:
    """The en nodes that won or lost a game in some fact of the batch ("the Derwent Comets beat the Tamar
    Hawks"): sports sides, by node and by name without "the" (the article's "Steel" may be another node that
    its questions call "the Southern Steel"). A fact about one that says nothing of games ("Mele Fonua led
    the Tamar Hawks", "Fonoti joined the Southern Steel") is asked "Which team ...?", not by the guess
    "Which organization"."""
    from tasks.dragon.questions_en_names import OPPONENT_PHRASALS

    teams = set()
    for subgraph in subgraphs:
        if subgraph.lang != "en":
            continue
        for edge in subgraph.edges:
            try:
                rel = _relation(edge)
            except NoTemplate:
                continue
            if rel.kind == "verb" and (not rel.rest and rel.head in _EN_GAME_VERBS
                                       or " ".join((rel.head, *rel.rest)) in OPPONENT_PHRASALS):
                # by the bare name too: the templates look a side up by it
                teams.update((edge.head, edge.tail, bare_label(edge.head_label), bare_label(edge.tail_label)))
    return frozenset(teams)


#: titles of an elected member, written before the name ("Cllr Andrea Hirst", "Coun. Martin Szabo", "MP")
_ELECTED_TITLES = frozenset("""
    cllr cllr. councillor councilor coun coun. alderman ald ald. alderwoman mp mla msp mpp mha td senator sen sen.
    rep rep. representative congressman congresswoman assemblyman assemblywoman assemblymember supervisor
    """.split())
#: nouns of the area an elected member represents, written next to its name ("Skipton West ward", "the ward of X")
AREA_NOUNS = frozenset("ward wards constituency riding division district electorate seat borough county".split())


def represented_area(edge) -> str | None:
    """The area noun for the object of "represent" when it is the area an elected member sits for, not a client:
    the noun the text writes next to the name ("Skipton West ward", "the riding of Bedford"), or "area" where the
    subject is written with an elected member's title ("Cllr Andrea Hirst", "Coun. X", "X MP"); else None."""
    from tasks.dragon.questions_en_names import org_evidence

    tail = bare_label(edge.tail_label)
    if not tail[:1].isupper() or org_evidence(tail):
        return None
    said = area_said(tail, edge.sentences)
    if said:
        return said
    head = bare_label(edge.head_label)
    titled = re.compile(rf"(?:\b([\w.]+)\s+){re.escape(head)}\b|{re.escape(head)},?\s+([A-Z]{{2,3}})\b")
    words = {w.lower() for w in head.split()}
    for sentence in edge.sentences:
        for match in titled.finditer(sentence):
            words.add((match.group(1) or match.group(2) or "").lower())
    return "area" if words & _ELECTED_TITLES else None


def area_said(label: str, sentences) -> str | None:
    """The area noun the text writes next to the name ``label`` ("Skipton West ward", "the riding of Bedford"),
    else None."""
    bare = bare_label(label)
    near = re.compile(rf"{re.escape(bare)}\s+(\w+)|\b(\w+)\s+of\s+{re.escape(bare)}")
    for sentence in sentences:
        for match in near.finditer(sentence):
            word = (match.group(1) or match.group(2) or "").lower()
            if word in AREA_NOUNS:
                return "ward" if word == "wards" else word
    return None
