"""DRAGON questions: shared pieces of the question generators — configuration, item ids,
subgraph roles and entity kinds (see tasks/dragon/questions.py)."""
from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass

from pydantic import BaseModel, Field

from benchmill import nlp
from schemas import Edge, Failure, Item, LLMUsage, Subgraph
from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.words_en import EN_MONTHS_PATTERN, EN_RELATIVE_DAYS, EN_WEEKDAYS

log = logging.getLogger("tasks.dragon.questions")

STAGE = "questions"
METHOD = "dragon"
#: bump when a template's wording changes: it is part of rules items' ids and lineage
TEMPLATES_VERSION = 42


class QuestionConfig(BaseModel):
    max_set_answers: int = Field(10, ge=2, description="set subgraphs with more answers are not asked")
    max_question_chars: int = Field(300, ge=40, description="longer rules questions are unreadable; recorded as failures")


class QuestionBatch(BaseModel):
    items: list[Item]
    failures: list[Failure]
    usage: LLMUsage = LLMUsage()


def item_id(lang: str, subgraph_id: str, engine_kind: str, model: str | None, prompt: str) -> str:
    """Stable id: the same subgraph through the same generator version is the same item."""
    payload = "\x1f".join((METHOD, lang, subgraph_id, engine_kind, model or "", prompt))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


class NoTemplate(Exception):
    """No template phrases this subgraph grammatically (recorded as a Failure)."""


# =========================================================================== subgraph roles


@dataclass(frozen=True)
class _Node:
    id: str
    label: str


def _labels(subgraph: Subgraph) -> dict[str, str]:
    labels: dict[str, str] = {}
    for edge in subgraph.edges:
        labels.setdefault(edge.head, edge.head_label)
        labels.setdefault(edge.tail, edge.tail_label)
    return labels


def _other(edge: Edge, node: str) -> str:
    return edge.tail if edge.head == node else edge.head


def _shared_node(edges: list[Edge]) -> str | None:
    common = set.intersection(*({e.head, e.tail} for e in edges))
    return next(iter(sorted(common)), None) if len(common) == 1 else None


def _check_shape(subgraph: Subgraph, config: QuestionConfig) -> None:
    edges = subgraph.edges
    expected = {"simple": (1, 1), "multi-hop": (2, 2), "conditional": (2, 2), "comparison": (2, 2)}
    if subgraph.type in expected:
        low, high = expected[subgraph.type]
        if not low <= len(edges) <= high:
            raise NoTemplate(f"{subgraph.type} needs {low} edge(s), got {len(edges)}")
    elif subgraph.type == "set":
        if len(edges) < 2:
            raise NoTemplate(f"set needs at least 2 edges, got {len(edges)}")
        if len(edges) > config.max_set_answers:
            raise NoTemplate(f"set of {len(edges)} answers is more than max_set_answers={config.max_set_answers}")


#: modalities that are not facts: a question about them would state something the text denies or conditions
UNASKED_MODALITIES = ("negated", "conditional")


def skip_reason(subgraph: Subgraph) -> str | None:
    """Why no question is asked about this subgraph at all (recorded as a Failure), or None."""
    for edge in subgraph.edges:
        if edge.modality in UNASKED_MODALITIES:
            return f"skipped: {edge.modality} fact {edge.head_label!r} {edge.relation!r} {edge.tail_label!r} is not asked"
    named_in_question = set(subgraph.question_nodes) | set(subgraph.hidden_nodes)
    for edge in subgraph.edges:
        for node, label, kind in ((edge.head, edge.head_label, edge.head_type), (edge.tail, edge.tail_label, edge.tail_type)):
            if node in named_in_question and unnamed(label, kind):
                return (f"skipped: the question would name {label!r}, a common noun that out of its article does "
                        "not say which one")
    return None


def modality_of(edge: Edge) -> str:
    """asserted / planned / possible; negated and conditional facts are never asked (rules engine)."""
    modality = getattr(edge, "modality", "asserted") or "asserted"
    if modality not in ("asserted", "planned", "possible"):
        raise NoTemplate(f"{modality} fact {edge.relation!r} is not asked")
    return modality


def asserted_only(edge: Edge, what: str) -> None:
    modality = modality_of(edge)
    if modality != "asserted":
        raise NoTemplate(f"no {modality} template for {what} of {edge.relation!r}")


def unnamed(label: str, entity_type: str | None = None) -> bool:
    """A node no reader can identify outside its article: a common-noun phrase with no name and
    no number in it ("the plant", "the pace", "two smaller clubs", «стадион»). Amounts, dates
    and quantities are values, not entities, and are never unnamed."""
    if entity_type in ("date", "quantity", "money"):
        return False
    words = [w for w in label.split() if w.lower() not in ("the", "a", "an")]
    if not words or any(ch.isdigit() for ch in label):
        return False
    # a name in quotes after its class noun names one thing: «завод «Северная ткань»», 'the ship "Aurora"'
    return not any(w.lstrip("«\"“„'(")[:1].isupper() for w in words)


# =========================================================================== entity kinds

_KIND_FALLBACK = "MISC"


def _node_kinds(subgraphs: list[Subgraph]) -> dict[tuple[str, str], str]:
    """(lang, node id) → PER / ORG / LOC / MISC / NUM / DATE.

    From the edges' head_type / tail_type where the triplet stage gave them; else dates and
    numbers from the label, the rest from NER over the edges' sentences.

    Edges carry display labels, not entity types, so the type is recovered where the
    entity was mentioned: the NER label of the span in its source sentences whose key
    matches the node label. Numbers are recognised from the label itself.
    """
    kinds: dict[tuple[str, str], str] = {}
    # the triplet stage's coarse types win where it gave them (Edge.head_type / tail_type)
    for subgraph in subgraphs:
        lang = subgraph.lang if subgraph.lang in ("en", "ru") else "en"
        for edge in subgraph.edges:
            for node, typ, label in ((edge.head, edge.head_type, edge.head_label),
                                     (edge.tail, edge.tail_type, edge.tail_label)):
                if typ == "quantity" and lang == "en" and parse_quantity(label, lang) is None:
                    continue  # a digit is no amount: "the number 11 shirt" is a thing, asked with "What"
                if typ is not None and typ in _TYPE_KINDS:
                    kinds.setdefault((lang, node), _TYPE_KINDS[typ])
    pending: dict[str, dict[str, str]] = {"en": {}, "ru": {}}  # lang → node id → label
    sentences: dict[str, list[str]] = {"en": [], "ru": []}
    seen_sentences: dict[str, set[str]] = {"en": set(), "ru": set()}
    for subgraph in subgraphs:
        lang = subgraph.lang if subgraph.lang in ("en", "ru") else "en"
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if (lang, node) in kinds or node in pending[lang]:
                    continue
                if is_date_label(label, lang):
                    kinds[(lang, node)] = "DATE"
                elif parse_quantity(label, lang) is not None:
                    kinds[(lang, node)] = "NUM"
                else:
                    pending[lang][node] = label
            for sentence in edge.sentences:
                if sentence not in seen_sentences[lang]:
                    seen_sentences[lang].add(sentence)
                    sentences[lang].append(sentence)
    for lang, nodes in pending.items():
        if not nodes:
            continue
        by_key: dict[str, str] = {}
        for entity in _entities_of(sentences[lang], lang):
            for surface in (entity.normal, entity.text):
                by_key.setdefault(nlp.entity_key(surface, lang), entity.label)
        for node, label in nodes.items():
            key = nlp.entity_key(label, lang)
            kind = by_key.get(key)
            if kind is None:
                kind = next((k for entity_key, k in by_key.items() if key and entity_key and key in entity_key), None)
            if kind is None:
                own = nlp.named_entities(label, lang)
                kind = own[0].label if len(own) == 1 and own[0].end - own[0].start >= len(label) - 2 else None
            kinds[(lang, node)] = kind or _KIND_FALLBACK
    # The small NER models often call a city an ORG ("headquartered in Copenhagen"); what
    # a company is headquartered in is a place whatever the tagger says.
    # A person is not what something happens "in" or "at" ("Who did Elena Marsh meet in?").
    for subgraph in subgraphs:
        lang = subgraph.lang if subgraph.lang in ("en", "ru") else "en"
        for edge in subgraph.edges:
            # typed by the triplet stage or not: spaCy's small model tags a city ORG in one
            # sentence and GPE in the next; the relation is the better witness, and the node's
            # kind holds for every question of the batch that names it
            key = _relation_key(edge.relation, lang)
            tail_kind = kinds.get((lang, edge.tail))
            if (key in _LOCATIVE_RELATIONS or (lang == "en" and _EN_EVENT_PLACE.match(key))) \
                    and tail_kind in ("ORG", "MISC", "PER"):
                kinds[(lang, edge.tail)] = "LOC"
            elif lang == "en" and tail_kind == "PER" and key.split()[-1] in ("in", "at") and not key.startswith("be "):
                kinds[(lang, edge.tail)] = "LOC"
    return kinds


#: Edge.head_type / tail_type → the kind the templates use
_TYPE_KINDS = {"person": "PER", "org": "ORG", "place": "LOC", "date": "DATE", "quantity": "NUM", "money": "NUM", "other": "MISC"}

_MONTHS = (
    f"{EN_MONTHS_PATTERN}|"
    "январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|сентябр[ьяе]|октябр[ьяе]|"
    "ноябр[ьяе]|декабр[ьяе]"
)
_DATE_LABEL = re.compile(
    rf"^(?:(?:early|late|mid|(?:the\s+)?(?:end|start|beginning|middle|turn|(?:first|second|third|fourth|last)\s+"
    rf"(?:half|quarter)|spring|summer|autumn|winter|fall)\s+of|in|since|by|в|с|до|к)\s+)?(?:"
    rf"(?:1[89]|20)\d\d(?:\s*(?:года?|году|г\.))?"  # a year
    rf"|(?:\d{{1,2}}\s+)?(?:{_MONTHS})(?:\s+\d{{1,2}})?(?:,?\s+(?:1[89]|20)\d\d(?:\s*(?:года?|году|г\.))?)?"  # month / date
    rf"|(?:last|next|this|прошлом|следующем|этом)\s+(?:year|month|week|season|году|месяце|сезоне)"
    rf"|(?:{'|'.join(EN_WEEKDAYS + EN_RELATIVE_DAYS)}|вчера|сегодня|завтра)"
    rf")$",
    re.IGNORECASE,
)


def is_date_label(label: str, lang: str) -> bool:
    """A year, month, date or relative time ("2018", "October", "12 March 2024", "в прошлом году")."""
    return bool(_DATE_LABEL.match(label.strip()))


#: relations (as _relation_key gives them) whose object is a place
_LOCATIVE_RELATIONS = frozenset({
    "be headquartered in", "be based in", "be located in", "be situated in", "be born in", "headquartered in",
    "based in", "located in", "находиться в", "базироваться в", "располагаться в", "родиться в", "расположить в",
})


#: en relations whose object is where an event took place ("perform at", "open her European tour in")
_EN_EVENT_PLACE = re.compile(r"^(?:perform|play|tour|meet|record|host|hold|open|continue)\b.*\b(?:in|at)$")


def _entities_of(sentences: list[str], lang: str) -> list[nlp.NamedEntity]:
    if not sentences:
        return []
    if lang == "en":
        out = []
        for doc in nlp.spacy_en().pipe(sentences, disable=["parser"]):
            out += [
                nlp.NamedEntity(text=e.text, label=nlp.spacy_label(e.label_), start=e.start_char, end=e.end_char, normal=e.lemma_)
                for e in doc.ents
            ]
        return out
    # one natasha Doc for all sentences (much faster than one per sentence)
    return nlp.named_entities("\n".join(s.replace("\n", " ") for s in sentences), "ru")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _q(*parts: str) -> str:
    return _cap(" ".join(p for p in parts if p).strip()) + "?"


def _kind(kinds: dict, lang: str, node: str) -> str:
    return kinds.get((lang, node), _KIND_FALLBACK)


def _relation_key(relation: str, lang: str) -> str:
    words = relation.lower().replace("ё", "е").split()
    if lang == "ru":
        return " ".join(nlp.lemma_ru(w) for w in words)
    return " ".join(words)


def _mentions(text: str, label: str, lang: str) -> bool:
    """Does ``text`` name ``label`` (any inflected form, for Russian)?"""
    key = nlp.entity_key(label, lang)
    if not key:
        return False
    return f" {key} " in f" {nlp.entity_key(text, lang)} "

