"""DRAGON stage "question generation": one question-answer item per subgraph (Appendix D).

Question types and what the subgraph holds (``schemas.graph.Subgraph``):

``simple``       one edge; the answer is one of its ends, the question names the other.
``set``          edges sharing one node and one relation; the answer lists all other ends.
``multi-hop``    two edges meeting at a bridge (``hidden_nodes``); the question describes
                 the bridge by its other edge and never names it.
``conditional``  two edges meeting at one node; the question states both facts, the shared
                 node is the answer.
``comparison``   two edges with one relation and numeric objects; the answer is the
                 subject with the larger number.

Engines:

``rules``  templates per type and language written here. English relations come in the
           triplet stage's canonical shapes (verb lemma "acquire", passive "be
           headquartered in", role noun "CEO of") and are put back into finite form (simple
           past via a small irregular-verb lexicon plus spelling rules). Russian relations
           (verb lemma + preposition, role noun) are conjugated and the entities inflected
           with pymorphy2 (``benchmill.nlp.inflect_ru``). The question word follows the
           answer's entity type (PER / ORG / LOC / number / other), found by NER over the
           edges' source sentences. A subgraph no template can phrase grammatically gets a
           Failure (reason "no template: ..."), never a garbled question.
``llm``    prompts/<lang>/question_<type>.j2; an unusable reply fails that subgraph only.

Pure function of its inputs: no store access.
"""
from __future__ import annotations

import hashlib
import logging
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

from pydantic import BaseModel, Field

from benchmill import nlp
from benchmill.engines import EngineConfig
from benchmill.llm import failure_reason
from benchmill.prompts import render
from schemas import Edge, Failure, Item, Lineage, LLMUsage, Subgraph
from tasks.dragon.subgraphs import parse_quantity

log = logging.getLogger(__name__)

STAGE = "questions"
METHOD = "dragon"
#: bump when a template's wording changes: it is part of rules items' ids and lineage
TEMPLATES_VERSION = "1"


class QuestionConfig(BaseModel):
    max_set_answers: int = Field(10, ge=2, description="set subgraphs with more answers are not asked")
    max_question_chars: int = Field(300, ge=40, description="longer rules questions are unreadable; recorded as failures")


class QuestionBatch(BaseModel):
    items: list[Item]
    failures: list[Failure]
    usage: LLMUsage = LLMUsage()


def generate_questions(
    subgraphs: list[Subgraph], engine: EngineConfig, config: QuestionConfig = QuestionConfig()
) -> QuestionBatch:
    """One item per subgraph (or one Failure for it), in input order."""
    if engine.kind == "rules":
        return _generate_rules(subgraphs, config)
    if engine.kind == "llm":
        return _generate_llm(subgraphs, engine, config)
    raise ValueError(f"unknown engine kind {engine.kind!r}")


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


# =========================================================================== entity kinds

_KIND_FALLBACK = "MISC"


def _node_kinds(subgraphs: list[Subgraph]) -> dict[tuple[str, str], str]:
    """(lang, node id) → PER / ORG / LOC / MISC / NUM, from NER over the edges' sentences.

    Edges carry display labels, not entity types, so the type is recovered where the
    entity was mentioned: the NER label of the span in its source sentences whose key
    matches the node label. Numbers are recognised from the label itself.
    """
    kinds: dict[tuple[str, str], str] = {}
    pending: dict[str, dict[str, str]] = {"en": {}, "ru": {}}  # lang → node id → label
    sentences: dict[str, list[str]] = {"en": [], "ru": []}
    seen_sentences: dict[str, set[str]] = {"en": set(), "ru": set()}
    for subgraph in subgraphs:
        lang = subgraph.lang if subgraph.lang in ("en", "ru") else "en"
        for edge in subgraph.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if (lang, node) in kinds or node in pending[lang]:
                    continue
                if parse_quantity(label, lang) is not None:
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
    for subgraph in subgraphs:
        lang = subgraph.lang if subgraph.lang in ("en", "ru") else "en"
        for edge in subgraph.edges:
            if _relation_key(edge.relation, lang) in _LOCATIVE_RELATIONS and kinds.get((lang, edge.tail)) in ("ORG", "MISC"):
                kinds[(lang, edge.tail)] = "LOC"
    return kinds


#: relations (as _relation_key gives them) whose object is a place
_LOCATIVE_RELATIONS = frozenset({
    "be headquartered in", "be based in", "be located in", "be situated in", "be born in", "headquartered in",
    "based in", "located in", "находиться в", "базироваться в", "располагаться в", "родиться в", "расположить в",
})


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


# =========================================================================== English realisation

# lemma → (simple past, past participle); regular verbs follow the spelling rules below
_EN_IRREGULAR = {
    w[0]: (w[1], w[2])
    for w in (
        line.split()
        for line in """
        arise arose arisen|be was been|bear bore borne|beat beat beaten|become became become|begin began begun
        bend bent bent|bet bet bet|bid bid bid|bind bound bound|bite bit bitten|bleed bled bled|blow blew blown
        break broke broken|breed bred bred|bring brought brought|broadcast broadcast broadcast|build built built
        burn burnt burnt|burst burst burst|buy bought bought|cast cast cast|catch caught caught|choose chose chosen
        cling clung clung|come came come|cost cost cost|creep crept crept|cut cut cut|deal dealt dealt|dig dug dug
        do did done|draw drew drawn|drink drank drunk|drive drove driven|eat ate eaten|fall fell fallen
        feed fed fed|feel felt felt|fight fought fought|find found found|flee fled fled|fly flew flown
        forbid forbade forbidden|forecast forecast forecast|forget forgot forgotten|forgive forgave forgiven
        freeze froze frozen|get got got|give gave given|go went gone|grow grew grown|hang hung hung|have had had
        hear heard heard|hide hid hidden|hit hit hit|hold held held|hurt hurt hurt|keep kept kept|know knew known
        lay laid laid|lead led led|lean leant leant|leave left left|lend lent lent|let let let|lie lay lain
        light lit lit|lose lost lost|make made made|mean meant meant|meet met met|mislead misled misled
        outsell outsold outsold|overcome overcame overcome|oversee oversaw overseen|overtake overtook overtaken
        pay paid paid|prove proved proven|put put put|quit quit quit|read read read|rebuild rebuilt rebuilt
        rid rid rid|ride rode ridden|ring rang rung|rise rose risen|run ran run|say said said|see saw seen
        seek sought sought|sell sold sold|send sent sent|set set set|shake shook shaken|shed shed shed
        shine shone shone|shoot shot shot|show showed shown|shrink shrank shrunk|shut shut shut|sing sang sung
        sink sank sunk|sit sat sat|sleep slept slept|slide slid slid|speak spoke spoken|spend spent spent
        spin spun spun|split split split|spread spread spread|spring sprang sprung|stand stood stood
        steal stole stolen|stick stuck stuck|sting stung stung|strike struck struck|strive strove striven
        swear swore sworn|sweep swept swept|swim swam swum|swing swung swung|take took taken|teach taught taught
        tear tore torn|tell told told|think thought thought|throw threw thrown|undergo underwent undergone
        understand understood understood|undertake undertook undertaken|upset upset upset|wake woke woken
        wear wore worn|weave wove woven|win won won|withdraw withdrew withdrawn|write wrote written
        """.replace("\n", "|").split("|")
        if line.strip()
    )
}
_EN_VOWELS = set("aeiou")
#: participles describing a state: "is headquartered in", not "was headquartered in"
_EN_STATIVE = {
    "headquartered", "based", "located", "situated", "registered", "listed", "owned", "headed", "led", "run",
    "known", "called", "named", "controlled", "operated", "managed", "chaired", "traded", "incorporated",
}
_EN_PREPOSITIONS = {
    "of", "in", "at", "on", "to", "for", "with", "by", "from", "into", "onto", "about", "against", "over", "under",
    "between", "among", "through", "after", "before", "during", "within", "without", "across", "behind", "near",
    "toward", "towards", "upon", "via", "like", "as", "than", "per",
}
_EN_LOCATIVE = {"in", "at", "to", "into", "near", "from"}
#: verbs often followed by "of" ("consist of"): "X of" is a role noun unless it is one of these
_EN_VERBS_WITH_OF = {"consist", "dispose", "approve", "think", "die", "accuse", "warn", "inform", "speak", "hear", "remind", "convict", "rob", "deprive", "clear"}


@lru_cache(maxsize=1)
def _en_lexicon():
    """spaCy lemmatizer tables: the known verb / noun lemmas and irregular verb forms."""
    lookups = nlp.spacy_en().get_pipe("lemmatizer").lookups
    index = lookups.get_table("lemma_index")
    exceptions = lookups.get_table("lemma_exc")
    return set(index["verb"]), set(index["noun"]), dict(exceptions["verb"])


def _en_verb_lemma(word: str) -> str | None:
    """``word`` as a verb lemma ("acquired" → "acquire"), or None if it is not a verb."""
    verbs, _, exceptions = _en_lexicon()
    word = word.lower()
    if word in verbs or word in _EN_IRREGULAR:
        return word
    if word in exceptions:
        return exceptions[word][0]
    candidates = []
    if word.endswith("ied"):
        candidates.append(word[:-3] + "y")
    if word.endswith("ed"):
        candidates += [word[:-2], word[:-1]]
        if len(word) > 4 and word[-3] == word[-4]:
            candidates.append(word[:-3])
    if word.endswith("s"):
        candidates += [word[:-1], word[:-2]]
    return next((c for c in candidates if c in verbs), None)


def en_past(lemma: str) -> str:
    """Simple past of a verb lemma: irregular lexicon, then spelling rules ("stop" → "stopped")."""
    lemma = lemma.lower()
    if lemma in _EN_IRREGULAR:
        return _EN_IRREGULAR[lemma][0]
    return _en_regular_ed(lemma)


def en_participle(lemma: str) -> str:
    lemma = lemma.lower()
    if lemma in _EN_IRREGULAR:
        return _EN_IRREGULAR[lemma][1]
    return _en_regular_ed(lemma)


def _en_regular_ed(lemma: str) -> str:
    _, _, exceptions = _en_lexicon()
    if lemma.endswith("e"):
        return lemma + "d"
    if lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in _EN_VOWELS:
        return lemma[:-1] + "ied"
    doubled = lemma + lemma[-1] + "ed"
    if exceptions.get(doubled) == [lemma]:  # spaCy knows the doubled spelling: "stopped", "committed"
        return doubled
    return lemma + "ed"


@dataclass(frozen=True)
class EnRelation:
    """A relation in realisable shape.

    kind: ``verb`` (lemma + rest: "sell" + "in October", "open" + "a new terminal in"),
    ``passive`` (participle + rest: "headquartered" + "in"), ``role`` (noun + preposition:
    "CEO of" — X is the CEO of Y), ``attribute`` (noun without preposition: "country of
    origin" — the country of origin of X is Y).
    """

    kind: str
    head: str
    rest: tuple[str, ...]

    @property
    def trailing_preposition(self) -> str | None:
        return self.rest[-1] if self.rest and self.rest[-1] in _EN_PREPOSITIONS else None

    @property
    def rest_text(self) -> str:
        return " ".join(self.rest)

    @property
    def rest_without_preposition(self) -> str:
        return " ".join(self.rest[:-1] if self.trailing_preposition else self.rest)


@lru_cache(maxsize=10_000)
def en_relation(relation: str) -> EnRelation:
    """Classify a relation by how spaCy tags it between two names.

    "Anna Berg {relation} Harbour Logistics." — a finite verb at the root means a verb
    relation ("report revenue of", "pay a reported fee of"); a noun there means a role
    ("head coach of", "chief executive of"), though "head" and "lead" are verbs too.
    "be" + past participle is a passive ("be born in", "be headquartered in"); "be" + a
    noun phrase a role ("be CEO of").
    """
    words = [w for w in relation.strip().split() if w]
    if not words:
        raise NoTemplate("empty relation")
    lowered = [w.lower() for w in words]
    if lowered[0] in ("be", "is", "are", "was", "were"):
        rest = [w for w in words[1:] if w.lower() not in ("the", "a", "an")]
        if not rest:
            raise NoTemplate(f"relation {relation!r} is a bare copula")
        frame = nlp.spacy_en()(f"Anna Berg is {' '.join(rest)} Harbour Logistics.")
        first = frame[3]
        if first.tag_ == "VBN" or first.lower_ in {p for _, p in _EN_IRREGULAR.values()}:
            return EnRelation("passive", rest[0].lower(), tuple(w.lower() for w in rest[1:]))
        return _en_noun_relation(rest)
    known_verb = _en_verb_lemma(lowered[0])
    if len(words) == 1:
        if known_verb is None:
            return EnRelation("attribute", words[0], ())
        return EnRelation("verb", known_verb, ())
    if lowered[1] == "of":  # "head of", "country of origin", "number of cars sold"
        return _en_noun_relation(words)
    frame = nlp.spacy_en()(f"Anna Berg {' '.join(words)} Harbour Logistics.")
    first = frame[2]
    if first.pos_ in ("VERB", "AUX") and first.tag_ in ("VB", "VBP", "VBD", "VBZ") and first.dep_ == "ROOT":
        return EnRelation("verb", known_verb or first.lemma_.lower(), tuple(words[1:]))
    if known_verb is not None and lowered[-1] not in _EN_PREPOSITIONS:
        # "order in 2024": a verb with a qualifier, its object follows; no role reads so
        return EnRelation("verb", known_verb, tuple(words[1:]))
    return _en_noun_relation(words)


def _en_noun_relation(words: list[str]) -> EnRelation:
    if words[-1].lower() in _EN_PREPOSITIONS and len(words) > 1:
        return EnRelation("role", " ".join(words[:-1]), (words[-1].lower(),))
    return EnRelation("attribute", " ".join(words), ())


_EN_WHO = {"PER": "who", "ORG": "which organization", "LOC": "which place", "MISC": "what", "NUM": "what"}
_EN_WHO_PLURAL = {"PER": "who", "ORG": "which organizations", "LOC": "which places", "MISC": "what", "NUM": "what"}
_EN_CLASS = {"PER": "the person", "ORG": "the organization", "LOC": "the place", "MISC": "the one", "NUM": "the one"}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _q(*parts: str) -> str:
    return _cap(" ".join(p for p in parts if p).strip()) + "?"


class EnglishTemplates:
    """Question templates for English edges (see the module doc for the relation shapes)."""

    lang = "en"

    def statement(self, edge: Edge) -> str:
        """A keypoint: "Harbour Logistics acquired Nordic Freight."."""
        try:
            return _cap(self._predicate_for_head(edge, edge.head_label)) + "."
        except NoTemplate:
            return f"{edge.head_label} {edge.relation} {edge.tail_label}."

    def _predicate_for_head(self, edge: Edge, subject: str) -> str:
        """A full clause with ``subject`` as the edge's head: "X acquired Y"."""
        rel = en_relation(edge.relation)
        tail = edge.tail_label
        if rel.kind == "verb":
            return self._verb_clause(subject, rel, tail)
        if rel.kind == "passive":
            return " ".join(p for p in (subject, self._be(rel), rel.head, rel.rest_text, tail) if p)
        if rel.kind == "role":
            return f"{subject} is the {rel.head} {rel.rest_text} {tail}"
        return f"the {rel.head} of {subject} is {tail}"

    @staticmethod
    def _be(rel: EnRelation) -> str:
        return "is" if rel.head in _EN_STATIVE else "was"

    @staticmethod
    def _verb_clause(subject: str, rel: EnRelation, tail: str) -> str:
        past = en_past(rel.head)
        if rel.trailing_preposition:  # "opened a new terminal in Bergen"
            return " ".join(p for p in (subject, past, rel.rest_text, tail) if p)
        return " ".join(p for p in (subject, past, tail, rel.rest_text) if p)  # "sold 2139 cars in October"

    # --- asking for one end of one edge ------------------------------------------------

    def ask_tail(self, edge: Edge, head: str, kind: str, plural: bool = False) -> tuple[str, str]:
        """Question whose answer is the edge's tail; ``head`` is how the head is named."""
        rel = en_relation(edge.relation)
        prep = rel.trailing_preposition
        who = (_EN_WHO_PLURAL if plural else _EN_WHO)[kind]
        if kind == "NUM":
            quantity = parse_quantity(edge.tail_label, "en")
            if rel.kind != "verb" or quantity is None or prep:
                raise NoTemplate(f"no how-many template for relation {edge.relation!r}")
            amount = f"how many {quantity.unit_text}" if quantity.unit_text and not quantity.money else "how much"
            return _q(amount, "did", head, rel.head, rel.rest_text), "tail.how-many"
        if rel.kind == "verb":
            if kind == "LOC" and prep in _EN_LOCATIVE:
                return _q("where", "did", head, rel.head, rel.rest_without_preposition), "tail.where"
            return _q(who, "did", head, rel.head, rel.rest_text), "tail.verb"
        if rel.kind == "passive":
            if kind == "LOC" and prep in _EN_LOCATIVE:
                return _q("where", self._be(rel), head, rel.head, rel.rest_without_preposition), "tail.passive-where"
            if prep is None:
                raise NoTemplate(f"passive relation {edge.relation!r} without a preposition")
            return _q(who, self._be(rel), head, rel.head, rel.rest_text), "tail.passive"
        if rel.kind == "role":
            return _q(who, "is", head, "the", rel.head, rel.rest_text), "tail.role"
        return _q("who" if kind == "PER" else "what", "is the", rel.head, "of", head), "tail.attribute"

    def ask_head(self, edge: Edge, tail: str, kind: str, plural: bool = False) -> tuple[str, str]:
        """Question whose answer is the edge's head; ``tail`` is how the tail is named."""
        rel = en_relation(edge.relation)
        who = (_EN_WHO_PLURAL if plural else _EN_WHO)[kind]
        if rel.kind == "verb":
            return _q(self._verb_clause(who, rel, tail)), "head.verb"
        if rel.kind == "passive":
            be = self._be(rel) if not plural else ("are" if self._be(rel) == "is" else "were")
            return _q(who, be, rel.head, rel.rest_text, tail), "head.passive"
        if rel.kind == "role":
            if plural:
                raise NoTemplate(f"no plural template for role relation {edge.relation!r}")
            subject = "what" if kind in ("LOC", "MISC", "NUM") else who
            return _q(subject, "is the", rel.head, rel.rest_text, tail), "head.role"
        if plural:
            raise NoTemplate(f"no plural template for attribute relation {edge.relation!r}")
        return _q(who, "has", tail, "as its", rel.head), "head.attribute"

    # --- clauses for multi-hop and conditional -----------------------------------------

    def describe(self, edge: Edge, node: str, kind: str) -> str:
        """ "the organization that sold 2139 cars in 2023": ``node`` described by ``edge`` without naming it."""
        rel = en_relation(edge.relation)
        cls = _EN_CLASS[kind]
        that = "who" if kind == "PER" else "that"
        if node == edge.head:
            tail = edge.tail_label
            if rel.kind == "verb":
                return f"{cls} {self._verb_clause(that, rel, tail)}"
            if rel.kind == "passive":
                return " ".join(p for p in (cls, that, self._be(rel), rel.head, rel.rest_text, tail) if p)
            if rel.kind == "role":
                return f"{cls} {that} is the {rel.head} {rel.rest_text} {tail}"
            return f"{cls} whose {rel.head} is {tail}"
        head = edge.head_label
        if rel.kind == "verb":
            return " ".join(p for p in (cls, "that", head, en_past(rel.head), rel.rest_text) if p)
        if rel.kind == "passive":
            if rel.trailing_preposition is None:
                raise NoTemplate(f"cannot describe the object of passive {edge.relation!r}")
            return " ".join(p for p in (cls, "that", head, self._be(rel), rel.head, rel.rest_text) if p)
        if rel.kind == "role":
            return f"{cls} that {head} is the {rel.head} {rel.rest_text}"
        return f"{cls} that is the {rel.head} of {head}"

    def subject_predicate(self, edge: Edge, node: str) -> str:
        """A predicate true of ``node`` for a conditional question: "acquired Nordic Freight"."""
        rel = en_relation(edge.relation)
        if node == edge.head:
            tail = edge.tail_label
            if rel.kind == "verb":
                return self._verb_clause("", rel, tail).strip()
            if rel.kind == "passive":
                return " ".join(p for p in (self._be(rel), rel.head, rel.rest_text, tail) if p)
            if rel.kind == "role":
                return f"is the {rel.head} {rel.rest_text} {tail}"
            return f"has {tail} as its {rel.head}"
        head = edge.head_label
        if rel.kind == "verb" and not rel.trailing_preposition:
            # the object of "X acquired Y" as a subject predicate: "was acquired by X"
            rest = f" {rel.rest_text}" if rel.rest_text else ""
            return f"was {en_participle(rel.head)} by {head}{rest}"
        if rel.kind == "role":
            return f"has {head} as its {rel.head}" if rel.rest == ("of",) else _raise(edge)
        if rel.kind == "attribute":
            return f"is the {rel.head} of {head}"
        raise NoTemplate(f"cannot state {edge.relation!r} about its object")

    def conditional(self, shared_kind: str, predicates: list[str]) -> tuple[str, str]:
        return _q(_EN_WHO[shared_kind], " and ".join(predicates)), "conditional"

    def comparison(self, edge: Edge, kind: str, first: str, second: str) -> tuple[str, str]:
        rel = en_relation(edge.relation)
        quantity = parse_quantity(edge.tail_label, "en")
        if rel.kind != "verb" or rel.trailing_preposition or quantity is None:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        who = "who" if kind == "PER" else _EN_WHO.get(kind, "which")
        if who == "what":
            who = "which"
        what = "more" if not quantity.unit_text or quantity.money else f"more {quantity.unit_text}"
        if quantity.money and not quantity.unit_text:
            what = "more money" if rel.head in ("raise", "earn", "spend", "invest", "pay", "receive", "lose", "make") else "more"
        return _q(who, en_past(rel.head), what, rel.rest_text) [:-1] + f", {first} or {second}?", "comparison"


def _raise(edge: Edge):
    raise NoTemplate(f"cannot state {edge.relation!r} about its object")


# =========================================================================== Russian realisation

# case governed by a preposition (the most frequent reading for facts in news)
_RU_PREP_CASE = {
    "в": "loct", "во": "loct", "на": "loct", "о": "loct", "об": "loct", "при": "loct",
    "с": "ablt", "со": "ablt", "за": "ablt", "под": "ablt", "над": "ablt", "перед": "ablt", "между": "ablt",
    "из": "gent", "от": "gent", "до": "gent", "у": "gent", "для": "gent", "без": "gent", "около": "gent",
    "после": "gent", "против": "gent", "среди": "gent", "из-за": "gent", "возле": "gent",
    "к": "datv", "ко": "datv", "по": "datv", "благодаря": "datv",
    "через": "accs", "про": "accs", "сквозь": "accs",
}
#: verbs whose object is not in the accusative
_RU_VERB_CASE = {
    "руководить": "ablt", "владеть": "ablt", "управлять": "ablt", "командовать": "ablt", "заниматься": "ablt",
    "стать": "ablt", "становиться": "ablt", "являться": "ablt", "возглавлять": "accs", "помочь": "datv",
    "помогать": "datv", "принадлежать": "datv", "угрожать": "datv", "достигнуть": "gent", "достичь": "gent",
    "лишиться": "gent", "добиться": "gent",
}
_RU_WHO = {"nomn": "кто", "gent": "кого", "datv": "кому", "accs": "кого", "ablt": "кем", "loct": "ком"}
_RU_WHAT = {"nomn": "что", "gent": "чего", "datv": "чему", "accs": "что", "ablt": "чем", "loct": "чём"}
#: (singular phrase, plural phrase, gender) naming an entity class in questions
_RU_CLASS = {
    "PER": ("человек", "люди", "masc"),
    "ORG": ("организация", "организации", "femn"),
    "LOC": ("место", "места", "neut"),
    "MISC": ("объект", "объекты", "masc"),
    "NUM": ("объект", "объекты", "masc"),
}
_RU_WHICH = {"masc": "какой", "femn": "какая", "neut": "какое", "plur": "какие"}
_RU_WHICH_REL = {"masc": "который", "femn": "которая", "neut": "которое", "plur": "которые"}


@dataclass(frozen=True)
class RuRelation:
    """kind ``verb`` (infinitive + middle words + preposition: "открыть" "офис" "в"),
    ``passive`` (short participle "основан" + preposition), ``role`` (noun phrase in the
    nominative: "генеральный директор" — X is the director of Y, Y in the genitive)."""

    kind: str
    head: str  # infinitive, participle or role noun phrase
    middle: str
    preposition: str | None


@lru_cache(maxsize=10_000)
def ru_relation(relation: str) -> RuRelation:
    words = relation.strip().lower().replace("ё", "е").split()
    if not words:
        raise NoTemplate("empty relation")
    vocab = nlp.morph_vocab()
    preposition = words[-1] if words[-1] in _RU_PREP_CASE and len(words) > 1 else None
    body = words[:-1] if preposition else words
    first = vocab.parse(body[0])
    tags = [p.tag for p in first]
    if any(t.POS == "INFN" for t in tags[:2]):
        return RuRelation("verb", body[0], " ".join(body[1:]), preposition)
    if any(t.POS == "PRTS" for t in tags[:2]):
        return RuRelation("passive", body[0], " ".join(body[1:]), preposition)
    if tags and tags[0].POS == "VERB":  # a finite form the triplet stage did not normalise
        infinitive = first[0].normal_form
        return RuRelation("verb", infinitive, " ".join(body[1:]), preposition)
    if preposition is None and any(t.POS in ("NOUN", "ADJF", "PRTF") for t in tags[:2]):  # "управляющий партнер"
        return RuRelation("role", " ".join(body), "", None)
    raise NoTemplate(f"relation {relation!r} has no recognisable verb or role noun")


def ru_finite(infinitive: str, gender: str) -> str:
    """The finite verb for a fact: perfective verbs in the past agreeing with ``gender``
    (masc / femn / neut / plur: "приобрела"), imperfective ones — states such as
    "находиться", "руководить", "являться" — in the present ("находится")."""
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(infinitive) if p.tag.POS == "INFN"), None)
    if parse is None:
        raise NoTemplate(f"{infinitive!r} is not an infinitive")
    form = None
    if "impf" in parse.tag:
        form = Parse.inflect(parse, {"VERB", "pres", "3per", "plur" if gender == "plur" else "sing"})
    if form is None:
        form = Parse.inflect(parse, {"VERB", "past", gender})
    if form is None:
        raise NoTemplate(f"cannot conjugate {infinitive!r}")
    return form.word


def _ru_participle(participle: str, gender: str) -> str:
    from pymorphy2.analyzer import Parse

    parse = next((p for p in nlp.morph_vocab().parse(participle) if p.tag.POS == "PRTS"), None)
    if parse is None:
        raise NoTemplate(f"{participle!r} is not a short participle")
    form = Parse.inflect(parse, {gender} if gender != "plur" else {"plur"})
    return form.word if form is not None else participle


def _ru_gender(label: str) -> str:
    """Grammatical gender of a noun phrase in the nominative (its head noun's), masc if unknown."""
    words = re.findall(r"[А-Яа-яЁё-]+", label)
    vocab = nlp.morph_vocab()
    for word in words:
        for parse in vocab.parse(word.lower()):
            tag = parse.tag
            if tag.POS == "NOUN" and "nomn" in tag:
                if tag.number == "plur":
                    return "plur"
                if tag.gender in ("masc", "femn", "neut"):
                    return str(tag.gender)  # a plain str: pymorphy's grammeme type rejects comparisons with "plur"
                break
    return "masc"


def _ru_inflect(label: str, case: str) -> str:
    if parse_quantity(label, "ru") is not None or case == "nomn":
        return label
    return nlp.inflect_ru(label, case)


def _ru_object_case(rel: RuRelation, edge: Edge | None = None) -> str:
    """The case the relation governs for its object.

    Read off the source sentences where possible ("перешёл в «Маяк»" is accusative,
    "работает в «Маяке»" locative; "усилился Артёмом Беловым" instrumental), else the
    preposition's usual case, else the verb lexicon, else the accusative.
    """
    if edge is not None:
        seen = _ru_case_in_sentences(edge, rel.preposition)
        if seen is not None:
            return seen
    if rel.preposition:
        return _RU_PREP_CASE[rel.preposition]
    return _RU_VERB_CASE.get(rel.head, "accs")


#: cases a preposition can govern (the first is the default)
_RU_PREP_CASES = {
    "в": ("loct", "accs"), "во": ("loct", "accs"), "на": ("loct", "accs"), "за": ("ablt", "accs"),
    "под": ("ablt", "accs"), "с": ("ablt", "gent"), "со": ("ablt", "gent"), "о": ("loct", "accs"),
}
_RU_CASE_ALIASES = {"loc2": "loct", "gen2": "gent", "acc2": "accs", "gen1": "gent"}
_RU_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")


def _ru_case_in_sentences(edge: Edge, preposition: str | None) -> str | None:
    tail_words = [w.lower() for w in _RU_WORD.findall(edge.tail_label)]
    if not tail_words:
        return None
    tail_lemmas = {nlp.lemma_ru(w) for w in tail_words}
    allowed = _RU_PREP_CASES.get(preposition, (_RU_PREP_CASE[preposition],)) if preposition else ("accs", "gent", "datv", "ablt")
    vocab = nlp.morph_vocab()
    for sentence in edge.sentences:
        words = [w.lower() for w in _RU_WORD.findall(sentence)]
        for index, word in enumerate(words):
            if preposition and preposition not in words[max(0, index - 3) : index]:
                continue
            for parse in vocab.parse(word):
                case = _RU_CASE_ALIASES.get(str(parse.tag.case), str(parse.tag.case))
                if parse.normal_form.replace("ё", "е") in tail_lemmas and case in allowed:
                    return case
    return None


def _ru_quantity_unit(label: str) -> str | None:
    """"2139 автомобилей" → "автомобилей" (genitive plural, as after "сколько")."""
    quantity = parse_quantity(label, "ru")
    if quantity is None or not quantity.unit_text:
        return None
    from pymorphy2.analyzer import Parse

    words = quantity.unit_text.split()
    parse = next((p for p in nlp.morph_vocab().parse(words[0].lower()) if p.tag.POS == "NOUN"), None)
    if parse is None:
        return quantity.unit_text
    form = Parse.inflect(parse, {"gent", "plur"})
    return " ".join([form.word if form else words[0], *words[1:]])


class RussianTemplates:
    lang = "ru"

    def statement(self, edge: Edge) -> str:
        try:
            return _cap(self._clause(edge, edge.head_label, _ru_gender(edge.head_label))) + "."
        except NoTemplate:
            return f"{edge.head_label} — {edge.relation} — {edge.tail_label}."

    def _clause(self, edge: Edge, subject: str, gender: str) -> str:
        rel = ru_relation(edge.relation)
        return " ".join(p for p in (subject, self._predicate_from_head(edge, rel, gender)) if p)

    def _predicate_from_head(self, edge: Edge, rel: RuRelation, gender: str) -> str:
        """Predicate with the edge's head as subject: "приобрела «Балтийский транзит»"."""
        tail = edge.tail_label
        if rel.kind == "role":
            return f"является {nlp.inflect_ru(rel.head, 'ablt')} {_ru_inflect(tail, 'gent')}"
        obj = " ".join(p for p in (rel.preposition, _ru_inflect(tail, _ru_object_case(rel, edge))) if p)
        if rel.kind == "passive":
            return " ".join(p for p in (_ru_participle(rel.head, gender), rel.middle, obj) if p)
        verb = ru_finite(rel.head, gender)
        if rel.preposition:
            return " ".join(p for p in (verb, rel.middle, obj) if p)
        return " ".join(p for p in (verb, obj, rel.middle) if p)  # "продала 2139 автомобилей в октябре"

    def _wh_subject(self, kind: str, plural: bool) -> tuple[str, str]:
        """(question word(s) in the nominative, verb agreement) for an asked subject."""
        if kind == "PER":
            return "кто", "masc"
        if kind in ("MISC", "NUM"):
            return "что", "neut"
        singular, plural_noun, gender = _RU_CLASS[kind]
        if plural:
            return f"какие {plural_noun}", "plur"
        return f"{_RU_WHICH[gender]} {singular}", gender

    def _wh_object(self, kind: str, case: str, plural: bool) -> str:
        if kind == "PER":
            return _RU_WHO[case]
        if kind in ("MISC", "NUM"):
            return _RU_WHAT[case]
        singular, plural_noun, gender = _RU_CLASS[kind]
        phrase = f"какие {plural_noun}" if plural else f"{_RU_WHICH[gender]} {singular}"
        return nlp.inflect_ru(phrase, case)

    def ask_tail(self, edge: Edge, head: str, kind: str, plural: bool = False) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        gender = _ru_gender(head)
        if rel.kind == "role":
            if kind == "PER":
                return _q(nlp.inflect_ru(rel.head, "ablt"), "кого является", head), "tail.role"
            which = "чего" if kind in ("LOC", "MISC", "NUM") else self._wh_object(kind, "gent", plural)
            return _q(nlp.inflect_ru(rel.head, "ablt"), which, "является", head), "tail.role"
        if kind == "NUM":
            unit = _ru_quantity_unit(edge.tail_label)
            if rel.kind != "verb" or rel.preposition or unit is None:
                raise NoTemplate(f"no сколько template for relation {edge.relation!r}")
            return _q("сколько", unit, ru_finite(rel.head, gender), head, rel.middle), "tail.how-many"
        verb = ru_finite(rel.head, gender) if rel.kind == "verb" else _ru_participle(rel.head, gender)
        if kind == "LOC" and rel.preposition in ("в", "во", "на") and _ru_object_case(rel, edge) == "loct":
            return _q("где", verb, rel.middle, head), "tail.where"
        if kind == "LOC" and rel.preposition == "из":
            return _q("откуда", verb, rel.middle, head), "tail.whence"
        case = _ru_object_case(rel, edge)
        if rel.kind == "passive" and not rel.preposition:
            raise NoTemplate(f"passive relation {edge.relation!r} without a preposition")
        wh = " ".join(p for p in (rel.preposition, self._wh_object(kind, case, plural)) if p)
        if rel.preposition:
            return _q(wh, verb, rel.middle, head), "tail.verb-prep"
        return _q(wh, verb, head, rel.middle), "tail.verb"

    def ask_head(self, edge: Edge, tail: str, kind: str, plural: bool = False) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        wh, gender = self._wh_subject(kind, plural)
        probe = Edge(**{**edge.model_dump(), "tail_label": tail})
        if rel.kind == "role":
            verb = "являются" if plural else "является"
            return _q(wh, verb, nlp.inflect_ru(rel.head, "ablt"), _ru_inflect(tail, "gent")), "head.role"
        return _q(wh, self._predicate_from_head(probe, rel, gender)), f"head.{rel.kind}"

    def describe(self, edge: Edge, node: str, kind: str) -> str:
        """ "организация, которая продала 2139 автомобилей в октябре" — ``node`` described by
        ``edge`` without naming it, in the nominative (callers inflect the leading noun)."""
        rel = ru_relation(edge.relation)
        singular, _, gender = _RU_CLASS[kind]
        if node == edge.head:
            clause = f"{_ru_which_rel(gender, 'nomn', kind)} {self._predicate_from_head(edge, rel, gender)}"
        else:
            head = edge.head_label
            head_gender = _ru_gender(head)
            if rel.kind == "role":
                clause = f"{nlp.inflect_ru(rel.head, 'ablt')} {_ru_which_rel(gender, 'gent', kind)} является {head}"
            else:
                pronoun = _ru_which_rel(gender, _ru_object_case(rel, edge), kind)
                verb = ru_finite(rel.head, head_gender) if rel.kind == "verb" else _ru_participle(rel.head, head_gender)
                clause = " ".join(p for p in (rel.preposition, pronoun, verb, rel.middle, head) if p)
        return f"{singular}, {clause}"

    def subject_predicate(self, edge: Edge, node: str, gender: str) -> str:
        rel = ru_relation(edge.relation)
        if node != edge.head:
            raise NoTemplate(f"no template states {edge.relation!r} about its object")
        return self._predicate_from_head(edge, rel, gender)

    def conditional(self, edges: list[Edge], shared: str, kind: str) -> tuple[str, str]:
        wh, gender = self._wh_subject(kind, False)
        predicates = [self.subject_predicate(e, shared, gender) for e in edges]
        return _q(wh, " и ".join(predicates)), "conditional"

    def comparison(self, edge: Edge, kind: str, first: str, second: str) -> tuple[str, str]:
        rel = ru_relation(edge.relation)
        unit = _ru_quantity_unit(edge.tail_label)
        if rel.kind != "verb" or rel.preposition:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        wh, gender = self._wh_subject(kind if kind != "MISC" else "ORG", False)
        if kind == "PER":
            wh, gender = "кто", "masc"
        what = f"больше {unit}" if unit else "больше"
        return _q(wh, ru_finite(rel.head, gender), what, rel.middle)[:-1] + f": {first} или {second}?", "comparison"


def _ru_which_rel(gender: str, case: str, kind: str) -> str:
    """The relative pronoun "который" agreeing with the described class: "которой", "которого"."""
    from pymorphy2.analyzer import Parse

    parse = next(p for p in nlp.morph_vocab().parse("который") if "nomn" in p.tag and "masc" in p.tag)
    grammemes = {case, gender if gender != "plur" else "plur"}
    if case == "accs" and gender in ("masc", "plur"):
        grammemes.add("anim" if kind == "PER" else "inan")  # которого (a person) / который (a thing)
    form = Parse.inflect(parse, grammemes)
    if form is None:
        raise NoTemplate(f"cannot inflect 'который' to {sorted(grammemes)}")
    return form.word


def _templates(lang: str):
    if lang == "en":
        return EnglishTemplates()
    if lang == "ru":
        return RussianTemplates()
    raise NoTemplate(f"no templates for language {lang!r}")


# =========================================================================== rules engine


@dataclass
class _Draft:
    question: str
    answers: list[str]
    template: str


def _generate_rules(subgraphs: list[Subgraph], config: QuestionConfig) -> QuestionBatch:
    items: list[Item] = []
    failures: list[Failure] = []
    try:
        kinds = _node_kinds([s for s in subgraphs if s.edges])
    except Exception:  # NER trouble must not stop generation: types fall back to MISC
        log.exception("questions: entity typing failed; every node is typed MISC")
        kinds = {}
    for subgraph in subgraphs:
        try:
            _check_shape(subgraph, config)
            templates = _templates(subgraph.lang)
            draft = _draft(subgraph, templates, kinds)
            if len(draft.question) > config.max_question_chars:
                raise NoTemplate(f"question longer than {config.max_question_chars} characters")
        except NoTemplate as exc:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=f"no template: {exc}"))
            continue
        except Exception as exc:  # a defect on one subgraph must not lose the others
            log.exception("questions: rules generation failed for %s", subgraph.subgraph_id)
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=f"{type(exc).__name__}: {exc}"))
            continue
        template_id = f"{subgraph.type}.{subgraph.lang}.{draft.template}"
        prompt_name = f"rules:{template_id}"
        prompt_hash = hashlib.sha256(f"{TEMPLATES_VERSION}:{template_id}".encode()).hexdigest()[:16]
        items.append(
            _item(
                subgraph,
                draft.question,
                draft.answers,
                Lineage(engine="rules", model=None, prompt_name=prompt_name, prompt_hash=prompt_hash),
                item_id(subgraph.lang, subgraph.subgraph_id, "rules", None, f"{TEMPLATES_VERSION}:{template_id}"),
                templates,
                kinds,
            )
        )
    return QuestionBatch(items=items, failures=failures, usage=LLMUsage())


def _kind(kinds: dict, lang: str, node: str) -> str:
    return kinds.get((lang, node), _KIND_FALLBACK)


def _draft(subgraph: Subgraph, templates, kinds: dict) -> _Draft:
    lang = subgraph.lang
    labels = _labels(subgraph)
    edges = subgraph.edges
    kind_of = lambda node: _kind(kinds, lang, node)  # noqa: E731

    if subgraph.type == "simple":
        edge = edges[0]
        answer = _answer_node(subgraph, candidates=[edge.tail, edge.head])
        if answer == edge.tail:
            question, template = templates.ask_tail(edge, edge.head_label, kind_of(edge.tail))
        else:
            question, template = templates.ask_head(edge, edge.tail_label, kind_of(edge.head))
        return _Draft(question, [labels[answer]], template)

    if subgraph.type == "set":
        shared = _shared_node(edges)
        if shared is None:
            raise NoTemplate("set edges do not share exactly one node")
        relations = {_relation_key(e.relation, lang) for e in edges}
        if len(relations) != 1:
            raise NoTemplate("set edges do not share one relation")
        answers = [_other(e, shared) for e in edges]
        answer_kinds = {kind_of(a) for a in answers}
        kind = answer_kinds.pop() if len(answer_kinds) == 1 else "MISC"
        edge = edges[0]
        if all(e.head == shared for e in edges):
            question, template = templates.ask_tail(edge, labels[shared], kind, plural=True)
        elif all(e.tail == shared for e in edges):
            question, template = templates.ask_head(edge, labels[shared], kind, plural=True)
        else:
            raise NoTemplate("set edges mix the shared node's roles")
        return _Draft(question, [labels[a] for a in answers], template)

    if subgraph.type == "multi-hop":
        bridge = subgraph.hidden_nodes[0] if subgraph.hidden_nodes else _shared_node(edges)
        if bridge is None or not all(bridge in (e.head, e.tail) for e in edges):
            raise NoTemplate("multi-hop edges do not meet at the bridge")
        answer = _answer_node(subgraph, candidates=[n for e in edges for n in (e.head, e.tail) if n != bridge])
        main = next(e for e in edges if answer in (e.head, e.tail))
        described_by = next(e for e in edges if e is not main)
        if answer == bridge or main is described_by:
            raise NoTemplate("multi-hop answer must be a non-bridge end")
        # Russian templates inflect the description's leading noun for its slot; the
        # relative clause after it keeps its own cases
        description = templates.describe(described_by, bridge, kind_of(bridge))
        if bridge == main.head:
            question, template = templates.ask_tail(main, description, kind_of(answer))
        else:
            question, template = templates.ask_head(main, description, kind_of(answer))
        if _mentions(question, labels[bridge], lang):
            raise NoTemplate("the multi-hop question would name the bridge entity")
        return _Draft(question, [labels[answer]], template)

    if subgraph.type == "conditional":
        shared = _shared_node(edges)
        if shared is None:
            raise NoTemplate("conditional edges do not share exactly one node")
        if subgraph.answer_nodes and subgraph.answer_nodes != [shared]:
            raise NoTemplate("conditional answer must be the shared node")
        kind = kind_of(shared)
        if lang == "ru":
            question, template = templates.conditional(edges, shared, kind)
        else:
            predicates = [templates.subject_predicate(e, shared) for e in edges]
            question, template = templates.conditional(kind, predicates)
        if _mentions(question, labels[shared], lang):
            raise NoTemplate("the conditional question would name its answer")
        return _Draft(question, [labels[shared]], template)

    if subgraph.type == "comparison":
        first, second = edges
        if _relation_key(first.relation, lang) != _relation_key(second.relation, lang):
            raise NoTemplate("comparison edges have different relations")
        if first.head == second.head:
            raise NoTemplate("comparison needs two different subjects")
        q1, q2 = parse_quantity(first.tail_label, lang), parse_quantity(second.tail_label, lang)
        if q1 is None or q2 is None:
            raise NoTemplate("comparison objects are not numbers")
        if q1.unit != q2.unit or q1.money != q2.money:
            raise NoTemplate(f"comparison units differ ({q1.unit_text!r} vs {q2.unit_text!r})")
        if q1.value == q2.value:
            raise NoTemplate("comparison values are equal")
        winner = first if q1.value > q2.value else second
        kinds_heads = {kind_of(first.head), kind_of(second.head)}
        kind = kinds_heads.pop() if len(kinds_heads) == 1 else "MISC"
        question, template = templates.comparison(first, kind, first.head_label, second.head_label)
        return _Draft(question, [winner.head_label], template)

    raise NoTemplate(f"unknown question type {subgraph.type!r}")


def _answer_node(subgraph: Subgraph, candidates: list[str]) -> str:
    for node in subgraph.answer_nodes:
        if node in candidates:
            return node
    # no usable answer_nodes: ask for the tail (the object of the fact), DRAGON's usual choice
    if candidates:
        return candidates[0]
    raise NoTemplate("no answer node")


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


# =========================================================================== items


def answer_keypoints(subgraph: Subgraph, answers: list[str], templates, kinds: dict | None = None) -> list[str]:
    """RAGEval keypoints: what a correct answer has to contain, as statements, never the bridge.

    simple / set: the statement of each edge (each holds the answer or one set member).
    multi-hop: one statement of the answer's edge with the bridge named as the question names
    it ("The organization whose CEO is Anna Berg acquired Maersk."), so a correct short answer
    covers it without the hidden bridge fact. conditional: one statement of the answer with
    both conditions ("Harbour Logistics acquired Maersk and is headquartered in Oslo.").
    Where no template fits: the statements of the edges that hold an answer.
    """
    lang, edges, labels = subgraph.lang, subgraph.edges, _labels(subgraph)
    kind_of = lambda node: _kind(kinds or {}, lang, node)  # noqa: E731
    answer_nodes = [n for n in labels if labels[n] in answers]
    holding = [e for e in edges if {e.head, e.tail} & set(answer_nodes)] or list(edges)
    try:
        if subgraph.type == "multi-hop" and len(edges) == 2 and len(holding) == 1:
            main = holding[0]
            other = next(e for e in edges if e is not main)
            bridge = main.tail if main.head in answer_nodes else main.head
            if bridge in (other.head, other.tail):
                description = templates.describe(other, bridge, kind_of(bridge))
                side = "head_label" if bridge == main.head else "tail_label"
                if lang == "ru" and side == "head_label":
                    description += ","  # close the relative clause before the predicate
                return [templates.statement(main.model_copy(update={side: description}))]
        if subgraph.type == "comparison" and len(edges) == 2 and len(holding) == 1:
            winner, loser = holding[0].head_label, next(e for e in edges if e is not holding[0]).head_label
            return [_comparison_statement(holding[0], winner, loser, lang)]
        if subgraph.type == "conditional" and len(answer_nodes) == 1 and len(holding) == len(edges) > 1:
            shared, name = answer_nodes[0], labels[answer_nodes[0]]
            if lang == "ru":
                gender = _ru_gender(name)
                predicates = [templates.subject_predicate(e, shared, gender) for e in edges]
                return [_cap(f"{name} {' и '.join(predicates)}") + "."]
            predicates = [templates.subject_predicate(e, shared) for e in edges]
            return [_cap(f"{name} {' and '.join(predicates)}") + "."]
    except NoTemplate:
        pass
    return [templates.statement(e) for e in holding]


def _comparison_statement(edge: Edge, winner: str, loser: str, lang: str) -> str:
    """ "BYD sold more cars in October than Tesla." — the answer of a comparison question."""
    if lang == "ru":
        rel = ru_relation(edge.relation)
        unit = _ru_quantity_unit(edge.tail_label)
        what = f"больше {unit}" if unit else "больше"
        return _cap(" ".join(p for p in (winner, ru_finite(rel.head, _ru_gender(winner)), what, rel.middle) if p)) + f", чем {loser}."
    rel = en_relation(edge.relation)
    quantity = parse_quantity(edge.tail_label, "en")
    if quantity is None:
        raise NoTemplate(f"comparison object {edge.tail_label!r} is not a number")
    what = "more" if not quantity.unit_text or quantity.money else f"more {quantity.unit_text}"
    return _cap(" ".join(p for p in (winner, en_past(rel.head), what, rel.rest_text, "than", loser) if p)) + "."


def _item(subgraph: Subgraph, question: str, answers: list[str], lineage: Lineage, iid: str, templates,
          kinds: dict | None = None) -> Item:
    references: list[str] = []
    for edge in subgraph.edges:
        for sentence in edge.sentences:
            if sentence not in references:
                references.append(sentence)
    doc_ids = sorted({d for e in subgraph.edges for d in e.doc_ids})
    return Item(
        item_id=iid,
        method=METHOD,
        type=subgraph.type,
        lang=subgraph.lang,
        question=question,
        answers=answers,
        references=references,
        keypoints=answer_keypoints(subgraph, answers, templates, kinds),
        doc_ids=doc_ids,
        subgraph=subgraph.model_dump(mode="json"),
        lineage=lineage,
    )


# =========================================================================== llm engine


class LLMQuestion(BaseModel):
    """The JSON object the question prompts ask for; ``answer`` may list several entities."""

    question: str
    answer: str | list[str]


def prompt_name(question_type: str) -> str:
    return "question_" + question_type.replace("-", "_")


def _edge_lines(subgraph: Subgraph) -> list[str]:
    return [f"{e.head_label} | {e.relation} | {e.tail_label}" for e in subgraph.edges]


def _generate_llm(subgraphs: list[Subgraph], engine: EngineConfig, config: QuestionConfig) -> QuestionBatch:
    client = engine.client()
    failures: list[Failure] = []
    jobs: list[tuple[Subgraph, object]] = []
    for subgraph in subgraphs:
        try:
            _check_shape(subgraph, config)
            labels = _labels(subgraph)
            prompt = render(
                prompt_name(subgraph.type),
                subgraph.lang,
                edges=_edge_lines(subgraph),
                sentences=[s for e in subgraph.edges for s in e.sentences],
                answer_labels=[labels[n] for n in subgraph.answer_nodes if n in labels],
                question_labels=[labels[n] for n in subgraph.question_nodes if n in labels],
                hidden_labels=[labels[n] for n in subgraph.hidden_nodes if n in labels],
            )
        except NoTemplate as exc:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=f"no template: {exc}"))
            continue
        except Exception as exc:  # e.g. a missing prompt file for an unsupported language
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=f"{type(exc).__name__}: {exc}"))
            continue
        jobs.append((subgraph, prompt))

    workers = max(1, min(len(jobs), engine.llm.max_concurrency if engine.llm else 1))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="questions-llm") as pool:
        # LLMUnavailable (endpoint down) propagates from here: the whole task is retried
        results = list(pool.map(lambda job: client.complete_json(job[1], LLMQuestion), jobs)) if jobs else []

    items: list[Item] = []
    for (subgraph, prompt), result in zip(jobs, results):
        if result.value is None:
            failures.append(
                Failure(stage=STAGE, key=subgraph.subgraph_id, reason=failure_reason(result), kind=result.failure_kind)
            )
            continue
        reply: LLMQuestion = result.value
        question = reply.question.strip()
        answers = _llm_answers(subgraph, reply)
        problem = _llm_problem(subgraph, question, answers)
        if problem:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=failure_reason(result, problem)))
            continue
        try:
            templates = _templates(subgraph.lang)
        except NoTemplate as exc:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=str(exc)))
            continue
        items.append(
            _item(
                subgraph,
                question,
                answers,
                Lineage(engine="llm", model=engine.model, prompt_name=prompt.name, prompt_hash=prompt.sha256),
                item_id(subgraph.lang, subgraph.subgraph_id, "llm", engine.model, prompt.sha256),
                templates,
            )
        )
    usage = LLMUsage.total([r.usage for r in results])
    return QuestionBatch(items=items, failures=failures, usage=usage)


def _llm_answers(subgraph: Subgraph, reply: LLMQuestion) -> list[str]:
    """Gold answers are the subgraph's answer entities (labels), not the model's wording.

    The model's answer is checked against them (``_llm_problem``); what is stored is
    the graph's labels, so answers stay comparable across engines. Without answer_nodes
    the model's answer is used as given.
    """
    labels = _labels(subgraph)
    if subgraph.type == "comparison":
        winner = _comparison_winner(subgraph)
        if winner is not None:
            return [labels[winner]]
    gold = [labels[n] for n in subgraph.answer_nodes if n in labels]
    if gold:
        return gold
    raw = reply.answer if isinstance(reply.answer, list) else [a for a in re.split(r"\s*[;,]\s*", reply.answer)]
    return [a.strip() for a in raw if a and a.strip()]


def _comparison_winner(subgraph: Subgraph) -> str | None:
    if len(subgraph.edges) != 2:
        return None
    first, second = subgraph.edges
    q1, q2 = parse_quantity(first.tail_label, subgraph.lang), parse_quantity(second.tail_label, subgraph.lang)
    if q1 is None or q2 is None or q1.value == q2.value:
        return None
    return first.head if q1.value > q2.value else second.head


#: bounds on an LLM question's length, in characters
LLM_QUESTION_CHARS = (12, 400)
_MARKUP = re.compile(r"[<>{}\[\]`]|https?://|\*\*|^#", re.MULTILINE)


def _question_problem(question: str, lang: str) -> str | None:
    """Is this text a question, in the collection's language, of sane length, without markup?"""
    low, high = LLM_QUESTION_CHARS
    if not low <= len(question) <= high:
        return f"the LLM question is {len(question)} characters long, outside {low}..{high}"
    if "\n" in question or _MARKUP.search(question):
        return "the LLM question contains markup or several lines"
    if not question.endswith("?") and not nlp.is_interrogative(question, lang):
        return "the LLM reply is not a question (no '?' and no interrogative sentence)"
    found = nlp.detect_language(question)
    if found != lang:
        return f"the LLM question is in {found!r}, the collection's language is {lang!r}"
    return None


def _llm_problem(subgraph: Subgraph, question: str, answers: list[str]) -> str | None:
    """Reasons to reject a reply outright (the filters stage judges the rest)."""
    if not question:
        return "the LLM returned an empty question"
    if not answers:
        return "the LLM returned no answer"
    problem = _question_problem(question, subgraph.lang)
    if problem:
        return problem
    labels = _labels(subgraph)
    if subgraph.type == "multi-hop":
        for node in subgraph.hidden_nodes:
            if node in labels and _mentions(question, labels[node], subgraph.lang):
                return f"the multi-hop question names the bridge entity {labels[node]!r}"
    return None
