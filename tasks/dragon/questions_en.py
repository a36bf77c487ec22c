"""DRAGON questions: English templates and morphology (relation shapes, simple past)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from benchmill import nlp
from schemas import Edge
from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.questions_base import NoTemplate, _cap, _q  # noqa: F401
from tasks.dragon.questions_base import asserted_only as _asserted_only, modality_of as _modality

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
    "toward", "towards", "upon", "via", "like", "as", "than", "per", "since", "until",
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


_EN_WHO = {"PER": "who", "ORG": "which organization", "LOC": "which place", "MISC": "what", "NUM": "what", "DATE": "when"}
_EN_WHO_PLURAL = {"PER": "who", "ORG": "which organizations", "LOC": "which places", "MISC": "what", "NUM": "what", "DATE": "when"}
_EN_CLASS = {"PER": "the person", "ORG": "the organization", "LOC": "the place", "MISC": "the one", "NUM": "the one", "DATE": "the time"}
_EN_DETERMINERS = {"a", "an", "the", "its", "their", "his", "her"}




def _finite(lemma: str, modality: str, plural: bool = False) -> str:
    """The finite verb of a fact: "acquired", "plans to acquire", "could acquire"."""
    if modality == "planned":
        return f"{'plan' if plural else 'plans'} to {lemma}"
    if modality == "possible":
        return f"could {lemma}"
    return en_past(lemma)


def _do_support(lemma: str, modality: str) -> tuple[str, str]:
    """(auxiliary, verb) of a question about a fact: ("did", "acquire"), ("does", "plan to acquire"), ("could", "acquire")."""
    if modality == "planned":
        return "does", f"plan to {lemma}"
    if modality == "possible":
        return "could", lemma
    return "did", lemma


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
            return self._verb_clause(subject, rel, tail, _modality(edge))
        _asserted_only(edge, "a statement")
        if rel.kind == "passive":
            return " ".join(p for p in (subject, self._be(rel), rel.head, rel.rest_text, tail) if p)
        if rel.kind == "role":
            return f"{subject} is the {rel.head} {rel.rest_text} {tail}"
        return f"the {rel.head} of {subject} is {tail}"

    @staticmethod
    def _be(rel: EnRelation) -> str:
        return "is" if rel.head in _EN_STATIVE else "was"

    @staticmethod
    def _verb_clause(subject: str, rel: EnRelation, tail: str, modality: str = "asserted", plural: bool = False) -> str:
        past = _finite(rel.head, modality, plural)
        if rel.trailing_preposition:  # "opened a new terminal in Bergen"
            return " ".join(p for p in (subject, past, rel.rest_text, tail) if p)
        return " ".join(p for p in (subject, past, tail, rel.rest_text) if p)  # "sold 2139 cars in October"

    # --- asking for one end of one edge ------------------------------------------------

    def ask_tail(self, edge: Edge, head: str, kind: str, plural: bool = False) -> tuple[str, str]:
        """Question whose answer is the edge's tail; ``head`` is how the head is named."""
        rel = en_relation(edge.relation)
        prep = rel.trailing_preposition
        who = (_EN_WHO_PLURAL if plural else _EN_WHO)[kind]
        modality = _modality(edge)
        if rel.kind != "verb":
            _asserted_only(edge, "a question")
        aux, verb = _do_support(rel.head, modality)
        if kind == "NUM":
            quantity = parse_quantity(edge.tail_label, "en")
            if rel.kind != "verb" or quantity is None:
                raise NoTemplate(f"no how-many template for relation {edge.relation!r}")
            amount = f"how many {quantity.unit_text}" if quantity.unit_text and not quantity.money else "how much"
            if prep == "of":  # "report revenue of" 410 million euros: "How much revenue did X report?"
                noun = [w for w in rel.rest[:-1] if w.lower() not in _EN_DETERMINERS]
                if not noun:
                    raise NoTemplate(f"no how-many template for relation {edge.relation!r}")
                amount = f"how many {quantity.unit_text}" if quantity.unit_text and not quantity.money else f"how much {' '.join(noun)}"
                return _q(amount, aux, head, verb), "tail.how-much-of"
            if prep:
                raise NoTemplate(f"no how-many template for relation {edge.relation!r}")
            return _q(amount, aux, head, verb, rel.rest_text), "tail.how-many"
        if kind == "DATE":
            if rel.kind == "verb":
                if prep == "since":
                    if modality != "asserted":
                        raise NoTemplate(f"no {modality} since-when template for {edge.relation!r}")
                    return _q("since when has", head, en_participle(rel.head), rel.rest_without_preposition), "tail.since-when"
                return _q("when", aux, head, verb, rel.rest_without_preposition), "tail.when"
            if rel.kind == "passive":
                return _q("when", "was", head, rel.head, rel.rest_without_preposition), "tail.passive-when"
            raise NoTemplate(f"no when template for relation {edge.relation!r}")
        if rel.kind == "verb":
            if kind == "LOC" and prep in _EN_LOCATIVE:
                return _q("where", aux, head, verb, rel.rest_without_preposition), "tail.where"
            return _q(who, aux, head, verb, rel.rest_text), "tail.verb"
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
        if kind == "DATE":
            raise NoTemplate(f"a date as the subject of {edge.relation!r}")
        modality = _modality(edge)
        if rel.kind == "verb":
            return _q(self._verb_clause(who, rel, tail, modality, plural and who != "who")), "head.verb"
        _asserted_only(edge, "a question")
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
        if kind == "DATE":
            raise NoTemplate("a date is not described by a relative clause")
        cls = _EN_CLASS[kind]
        that = "who" if kind == "PER" else "that"
        modality = _modality(edge)
        if rel.kind != "verb":
            _asserted_only(edge, "a description")
        if node == edge.head:
            tail = edge.tail_label
            if rel.kind == "verb":
                return f"{cls} {self._verb_clause(that, rel, tail, modality)}"
            if rel.kind == "passive":
                return " ".join(p for p in (cls, that, self._be(rel), rel.head, rel.rest_text, tail) if p)
            if rel.kind == "role":
                return f"{cls} {that} is the {rel.head} {rel.rest_text} {tail}"
            return f"{cls} whose {rel.head} is {tail}"
        head = edge.head_label
        if rel.kind == "verb":
            return " ".join(p for p in (cls, "that", head, _finite(rel.head, modality), rel.rest_text) if p)
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
        modality = _modality(edge)
        if node == edge.head and rel.kind == "verb":
            return self._verb_clause("", rel, edge.tail_label, modality).strip()
        _asserted_only(edge, "a condition")
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
        if shared_kind == "DATE":
            raise NoTemplate("a date as the subject of a conditional question")
        return _q(_EN_WHO[shared_kind], " and ".join(predicates)), "conditional"

    def comparison(self, edge: Edge, kind: str, first: str, second: str) -> tuple[str, str]:
        rel = en_relation(edge.relation)
        _asserted_only(edge, "a comparison")
        quantity = parse_quantity(edge.tail_label, "en")
        if rel.kind != "verb" or quantity is None:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        if rel.trailing_preposition == "of":  # "report revenue of": "Which organization reported more revenue, A or B?"
            noun = [w for w in rel.rest[:-1] if w.lower() not in _EN_DETERMINERS]
            if not noun:
                raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
            who = "who" if kind == "PER" else _EN_WHO.get(kind, "which")
            who = "which" if who in ("what", "when") else who
            what = f"more {quantity.unit_text}" if quantity.unit_text and not quantity.money else f"more {' '.join(noun)}"
            return _q(who, en_past(rel.head), what)[:-1] + f", {first} or {second}?", "comparison.of"
        if rel.trailing_preposition:
            raise NoTemplate(f"no comparison template for relation {edge.relation!r}")
        who = "who" if kind == "PER" else _EN_WHO.get(kind, "which")
        if who in ("what", "when"):
            who = "which"
        what = "more" if not quantity.unit_text or quantity.money else f"more {quantity.unit_text}"
        if quantity.money and not quantity.unit_text:
            what = "more money" if rel.head in ("raise", "earn", "spend", "invest", "pay", "receive", "lose", "make") else "more"
        return _q(who, en_past(rel.head), what, rel.rest_text) [:-1] + f", {first} or {second}?", "comparison"


def _raise(edge: Edge):
    raise NoTemplate(f"cannot state {edge.relation!r} about its object")

