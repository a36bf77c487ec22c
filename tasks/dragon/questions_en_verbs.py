"""English verb forms and relation parsing for the question templates: irregular pasts and
participles, gerunds, third person, spaCy's verb/noun lemma tables, and ``en_relation`` — a triplet's
relation read as a verb (with its particle and preposition) or a role noun. Moved out of
``questions_en`` (which re-exports the names other modules import from it) so that module holds the
templates."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from benchmill import nlp
from tasks.dragon.questions_base import NoTemplate

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


_EN_LOCATIVE = {"in", "at", "on", "to", "into", "near", "from"}  # "finish on Hardknott Pass": where


_EN_OBJECT_PRONOUNS = {"it", "them", "him", "us", "me"}  # not "her": "open her European tour in"


#: prepositions a role noun takes ("CEO of", "professor at", "spokesperson for", "adviser to")
_EN_ROLE_PREPOSITIONS = {"of", "at", "for"}  # "adviser to" is a role too, but "supply chips to" is not: a verb first decides


#: verbs often followed by "of" ("consist of"): "X of" is a role noun unless it is one of these
_EN_VERBS_WITH_OF = {"consist", "dispose", "approve", "think", "die", "accuse", "warn", "inform", "speak", "hear", "remind", "convict", "rob", "deprive", "clear"}


@lru_cache(maxsize=1)
def _en_lexicon():
    """spaCy lemmatizer tables: the known verb / noun lemmas and irregular verb forms."""
    lookups = nlp.spacy_en().get_pipe("lemmatizer").lookups
    index = lookups.get_table("lemma_index")
    exceptions = lookups.get_table("lemma_exc")
    return set(index["verb"]), set(index["noun"]), dict(exceptions["verb"])


#: verbs that take a to-infinitive as their object ("agreed to buy", "voted to close"): a closed class. After any
#: other verb "to" opens a phrase of place or recipient whose noun may also be a verb ("took X to court",
#: "returned to power", "donated to schools", "brought to market")
_EN_CONTROL_VERBS = frozenset({
    "agree", "plan", "decide", "vote", "aim", "want", "seek", "hope", "promise", "refuse", "fail", "try", "attempt",
    "intend", "expect", "offer", "threaten", "vow", "pledge", "move", "choose", "opt", "prepare", "arrange", "begin",
    "start", "continue", "need", "wish", "propose", "resolve", "undertake", "volunteer", "manage", "neglect",
    "decline", "strive", "endeavour", "endeavor", "bid", "campaign", "struggle", "hesitate", "afford", "tend",
    "learn", "prefer", "elect",
})
_EN_RECIPROCAL = {"meet", "talk", "speak", "negotiate", "agree", "clash", "collaborate"}


_EN_SUPERLATIVES = {"best", "worst", "most", "least", "biggest", "largest", "greatest"}


@lru_cache(maxsize=1)
def _en_adjectives() -> frozenset[str]:
    return frozenset(nlp.spacy_en().get_pipe("lemmatizer").lookups.get_table("lemma_index")["adj"])


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
    known = [c for c in candidates if c in verbs]
    if word.endswith("ed") and not word.endswith("ied"):
        # "spared" is "spare" + "d", not "spar" (whose past doubles: "sparred"): the lemma whose past it is
        spelled = [c for c in known if _en_regular_ed(c) == word]
        known = spelled or known
    return known[0] if known else None


#: prefixes that keep the irregular forms of the verb they are put before ("repay" → "repaid", "withhold" →
#: "withheld", "oversee" → "oversaw"); only where spaCy's table confirms a form, or where these productive
#: ones make it, is a prefixed irregular inflected (see ``_en_prefixed_irregular``)
_EN_PRODUCTIVE_PREFIXES = ("re", "over", "under", "out", "mis", "with", "up", "fore", "un")
_EN_PREFIXES = _EN_PRODUCTIVE_PREFIXES + ("be", "in", "inter", "counter", "off", "pre")


@lru_cache(maxsize=1)
def _en_forms_by_lemma() -> dict[str, frozenset[str]]:
    """spaCy's irregular verb forms, by lemma ("repay" → {"repaid"})."""
    forms: dict[str, set[str]] = {}
    for form, lemmas in _en_lexicon()[2].items():
        for lemma in lemmas:
            forms.setdefault(lemma, set()).add(form)
    return {lemma: frozenset(f) for lemma, f in forms.items()}


def _en_prefixed_irregular(lemma: str) -> tuple[str, str] | None:
    """(past, participle) of a verb made of a prefix and an irregular verb: "repay" → ("repaid", "repaid"),
    "undo" → ("undid", "undone"), "oversee" → ("oversaw", "overseen"). A form spaCy's table lists for the
    lemma, or the lemma itself ("reset", "recast"), confirms it; a productive prefix whose forms the table does
    not confirm ("resell", "relay") leaves the form doubtful: ``NoTemplate`` (a regular "relayed" and an
    irregular "resold" look alike from the spelling). Other prefixes need the table ("behave" is no "be" +
    "have"). None when the lemma is no such compound."""
    known = _en_forms_by_lemma().get(lemma, frozenset())
    for prefix in sorted(_EN_PREFIXES, key=len, reverse=True):
        base = lemma[len(prefix):]
        if not lemma.startswith(prefix) or base not in _EN_IRREGULAR or len(base) < 2:
            continue
        past, participle = (prefix + f for f in _EN_IRREGULAR[base])
        regular = _en_regular_ed(lemma)
        if past == regular:
            return None  # "reprove": the base's past is regular too
        if {past, participle} - {lemma} <= known or (past in known or past == lemma):
            return past, participle
        if prefix in _EN_PRODUCTIVE_PREFIXES and not known:
            raise NoTemplate(f"the past of {lemma!r} is doubtful ({past!r} or {regular!r})")
        return None
    return None


def en_past(lemma: str) -> str:
    """Simple past of a verb lemma: irregular lexicon, a prefixed irregular ("repay" → "repaid"), then
    spelling rules ("stop" → "stopped"). ``NoTemplate`` where the form is doubtful."""
    lemma = lemma.lower()
    if lemma in _EN_IRREGULAR:
        return _EN_IRREGULAR[lemma][0]
    prefixed = _en_prefixed_irregular(lemma)
    return prefixed[0] if prefixed else _en_regular_ed(lemma)


def en_participle(lemma: str) -> str:
    lemma = lemma.lower()
    if lemma in _EN_IRREGULAR:
        return _EN_IRREGULAR[lemma][1]
    prefixed = _en_prefixed_irregular(lemma)
    return prefixed[1] if prefixed else _en_regular_ed(lemma)


def _en_doubles(lemma: str) -> bool:
    """Does a regular ending double the lemma's last consonant? (One syllable, one vowel letter, one consonant;
    the callers also ask spaCy's exception table: "committed".)"""
    return nlp.en_doubles_final_consonant(lemma)


def en_gerund(lemma: str) -> str:
    """ "build" → "building", "close" → "closing", "stop" → "stopping", "lie" → "lying"."""
    lemma = lemma.lower()
    _, _, exceptions = _en_lexicon()
    if lemma.endswith("ie"):
        return lemma[:-2] + "ying"
    if lemma.endswith("e") and not lemma.endswith(("ee", "ye", "oe")) and len(lemma) > 2:
        return lemma[:-1] + "ing"
    doubled = lemma + lemma[-1] + "ing"
    if exceptions.get(doubled) == [lemma] or _en_doubles(lemma):  # "stopping", "running", "sparring"
        return doubled
    return lemma + "ing"


def _en_regular_ed(lemma: str) -> str:
    _, _, exceptions = _en_lexicon()
    if lemma.endswith("e"):
        return lemma + "d"
    if lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in _EN_VOWELS:
        return lemma[:-1] + "ied"
    doubled = lemma + lemma[-1] + "ed"
    if exceptions.get(doubled) == [lemma] or _en_doubles(lemma):  # "stopped", "committed", "sparred"
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

    @property
    def infinitive(self) -> int:
        """How many words of ``rest`` make the to-infinitive the object belongs to ("agree" + "to buy":
        X agreed to buy Y, not "agreed Y to buy"), 0 when the rest is no such complement or ends in a
        preposition (then the object follows the whole rest anyway: "plan to double output at")."""
        if self.kind != "verb" or len(self.rest) < 2 or self.rest[0].lower() != "to" or self.trailing_preposition:
            return 0
        if self.head.lower() not in _EN_CONTROL_VERBS:
            return 0  # "take to court", "return to power", "donate to schools": "to" + a noun, no infinitive
        return 2 if _en_verb_lemma(self.rest[1].lower()) is not None else 0


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
    if any(w.lower() in _EN_OBJECT_PRONOUNS for w in words):
        # "lease it to": out of its sentence "it" points at nothing
        raise NoTemplate(f"relation {relation!r} holds a pronoun")
    if words[-1].lower() in _EN_PREPOSITIONS and len(words) > 2 and words[-2].lower() in _en_adjectives() \
            and any(w.lower() in _EN_SUPERLATIVES for w in words[:-2]):
        # "best young in" lost its noun ("the best young forward in Poland"): "What is X the best young in?"
        raise NoTemplate(f"relation {relation!r} ends in an adjective: its noun is missing")
    lowered = [w.lower() for w in words]
    if lowered[0] in ("be", "is", "are", "was", "were"):
        rest = [w for w in words[1:] if w.lower() not in ("the", "a", "an")]
        if not rest:
            raise NoTemplate(f"relation {relation!r} is a bare copula")
        frame = nlp.spacy_en()(f"Anna Berg is {' '.join(rest)} Harbour Logistics.")
        first = frame[3]
        if first.tag_ == "VBN" or first.lower_ in {p for _, p in _EN_IRREGULAR.values()}:
            return EnRelation("passive", rest[0].lower(), tuple(w.lower() for w in rest[1:]))
        if first.pos_ == "ADJ" and first.tag_ == "JJ" and len(rest) <= 2:
            # "be short of": an adjective, not a role ("What is Taloria the short of?")
            raise NoTemplate(f"relation {relation!r} is an adjective")
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
    if known_verb is not None and lowered[-1] in _EN_PREPOSITIONS and lowered[-1] not in _EN_ROLE_PREPOSITIONS:
        # a verb ending in a preposition no role noun takes ("rule against", "test automated
        # carriers in") is the verb: not "Which organization is the High Court the rule against?"
        return EnRelation("verb", known_verb, tuple(words[1:]))
    if known_verb is not None and lowered[-1] not in _EN_PREPOSITIONS:
        # "order in 2024": a verb with a qualifier, its object follows; no role reads so
        return EnRelation("verb", known_verb, tuple(words[1:]))
    if known_verb is not None and len(words) > 2 and lowered[1] == "to" and _en_verb_lemma(lowered[2]) is not None:
        # "plan to expand output at", "agree to open a store in": a verb and its to-infinitive, whatever the
        # tagger made of the first word alone; no role noun is followed by "to" and a verb between two names
        return EnRelation("verb", known_verb, tuple(words[1:]))
    return _en_noun_relation(words)


def _en_noun_relation(words: list[str]) -> EnRelation:
    titled = [w[:1].isupper() and not w.isupper() for w in words]
    if any(a and b for a, b in zip(titled, titled[1:])):
        # "Division 2C | All Ireland League at | Ballybane Park": a name of two or more capitalised words the
        # extractor left where a role noun should be ("Where is the All Ireland League Division 2C?"); what it
        # relates is not said (a verb's object may be a name: "back Norden Chips since"; one capitalised word
        # is a date or an adjective: "Southern services manager of")
        raise NoTemplate(f"relation {' '.join(words)!r} holds a name where its role noun should be")
    if words and (words[0].lower() in _EN_SUPERLATIVES or re.fullmatch(r"\w+est", words[0].lower())
                  and words[0].lower() not in ("chest", "interest", "forest", "guest", "west", "contest", "test")):
        # "hardest road in", "largest food maker in": a ranking, not a role ("What is Hardknott the hardest road in?")
        raise NoTemplate(f"relation {' '.join(words)!r} is a superlative")
    if words[-1].lower() in _EN_PREPOSITIONS and len(words) > 1:
        return EnRelation("role", " ".join(words[:-1]), (words[-1].lower(),))
    return EnRelation("attribute", " ".join(words), ())


def en_third_person(lemma: str) -> str:
    """ "own" → "owns", "employ" → "employs", "carry" → "carries", "reach" → "reaches"."""
    lemma = lemma.lower()
    if lemma in ("be", "have"):
        return {"be": "is", "have": "has"}[lemma]
    if lemma.endswith(("s", "sh", "ch", "x", "z", "o")):
        return lemma + "es"
    if lemma.endswith("y") and len(lemma) > 1 and lemma[-2] not in _EN_VOWELS:
        return lemma[:-1] + "ies"
    return lemma + "s"
