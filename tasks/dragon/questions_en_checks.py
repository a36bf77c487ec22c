"""DRAGON questions, English: what a question may name, and what it must not leave out.

Two kinds of checks, each a recorded reason to skip a subgraph rather than release a question an
independent reader would fail (issue 10):

- what a question names or answers must say which thing it is out of its article (``en_vague``,
  ``en_skip_reason``): "the plant", "the 2027 race", "TENANTS", "the sale to X", "the two
  companies'" in a relation, a description as a subject, a thing named only by its price;
- what the fact's own sentence adds that the question would drop (``en_incomplete``, reading the
  sentence through ``questions_en_context``): a qualifier or payee of an amount, the rest of a
  coordination, a complement that says where a thing goes, the verb's lost object, a date that is
  a figure's period, and conditions that would join a fee paid to no one with another party.

The templates themselves are ``questions_en``'s.
"""
from __future__ import annotations

import re

from tasks.dragon import questions_en_anaphora as en_anaphora
from tasks.dragon import questions_en_attach as en_attach
from tasks.dragon import questions_en_compound as en_compound
from tasks.dragon import questions_en_context as en_context
from tasks.dragon import questions_en_scope as en_scope
from tasks.dragon import questions_en_valency as en_valency
from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_en_answers import OPENING_APPROXIMATORS
from tasks.dragon.scores_en import statistic_complement
from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.questions_en_amounts import _EN_CURRENCY_WORDS, counted_subject, en_amount  # noqa: F401
from tasks.dragon.questions_en_determiners import (  # noqa: F401
    _EN_DETERMINER_WORDS, _EN_POSSESSIVES, _EN_QUANTIFIER_WORDS,
)
from tasks.dragon.questions_en_tense import _relation  # noqa: F401
from tasks.dragon.questions_en_verbs import (  # noqa: F401
    EnRelation, _EN_PREPOSITIONS, _EN_RECIPROCAL, _en_lexicon, _en_verb_lemma, en_relation,
)
from tasks.dragon.questions_en_wh import _venue  # noqa: F401


def en_vague(label: str, entity_type: str | None = None, sentences: list[str] = (), as_answer: bool = False) -> bool:
    """A label that out of its article does not say which thing it is, in English.

    - a definite common-noun phrase ("the plant", "its rival") named by a question; as an
      answer, a bare single noun ("the debut", "the money", "the customers"): "the battery
      plant" or "a new terminal" still answer what was built;
    - a common noun with a name as a mere modifier: "Stuttgart carmaker", "Irish singer",
      "European supplier", "the tour in Copenhagen", "the sale to Harbour Logistics" (the head
      noun is lowercase and no "of <Name>" after it says which one: "the finance committee of
      Ashford City Council" does);
    - a common noun dated by a year: "the 2027 race", "the 2024 final" (which race?);
    - a common noun capitalised only by its place: "TENANTS" (a kicker in capitals),
      "Contractors" opening every sentence it is in;
    Numbers, amounts and dates are values, never vague.
    """
    from tasks.dragon.questions_base import is_date_label

    bare = [w for w in label.split() if w.lower() not in _EN_DETERMINER_WORDS]
    if label.split()[:1] and label.split()[0].lower() in ("the", "its", "their") and bare and \
            bare[0].lower() in _EN_ANAPHORIC_ADJECTIVES:
        return True  # "the combined product", "the remaining stake": what it points back at is in the article
    if len(bare) > 1 and any(re.fullmatch(r"(?:1[89]|20)\d\d", w) and not bare[i + 1].endswith("s")
                             for i, w in enumerate(bare[:-1])) and not any(w[:1].isupper() for w in bare):
        return True  # "the 2027 race": the year says when, not which race ("1870 cars" counts cars)
    if len(bare) == 1 and bare[0].isalpha() and bare[0][:1].isupper() and bare[0][1:].islower() and sentences:
        mentions = [m for sentence in sentences for m in re.finditer(rf"\b{re.escape(bare[0])}\b", sentence)]
        if mentions and all(m.start() == 0 and en_context.sentence_doc(m.string)[0].tag_ == "NNS" for m in mentions):
            return True  # "Baristas at 11 stores have voted ...": a plural common noun that opens its sentence
    if len(bare) == 1 and bare[0].isalpha() and (bare[0].isupper() and len(bare[0]) > 3 or bare[0][1:].islower()) \
            and bare[0][:1].isupper() and _common_noun(bare[0]):
        mentions = [m for sentence in sentences for m in re.finditer(rf"\b{re.escape(bare[0])}\b", sentence)]
        if bare[0].isupper() or (mentions and all(m.start() == 0 for m in mentions) and all(
                en_context.sentence_doc(m.string)[0].pos_ == "NOUN" and not en_context.sentence_doc(m.string)[0].ent_type_
                for m in mentions)):
            return True  # "TENANTS have slammed ...", "Contractors plan to start work in April"
    # the triplet stage types anything with a digit a quantity: "24-year-old Nigerian forward" is none
    if entity_type in ("date", "money") or is_date_label(label, "en") \
            or any(re.fullmatch(r"[$€£]?\d[\d,.]*%?", w) for w in label.split()):
        return False  # a value ("2139 cars", "the 2024 final"); "24-year-old Nigerian forward" is no value
    words = [w for w in label.split() if w]
    definite = bool(words) and words[0].lower() in ("the", *_EN_POSSESSIVES)
    while words and words[0].lower() in _EN_DETERMINER_WORDS:
        words = words[1:]
    if not words:
        return True
    if len(words) == 1 and entity_type == "person" and words[0][1:].islower():
        # "Turnout reached 46 percent.": the tagger's person is a common noun opening its sentence
        _, nouns, _ = _en_lexicon()
        mentions = [t for sentence in sentences for t in re.findall(rf"(?:^|\s)({re.escape(words[0])})\b", sentence)]
        opening = [sentence for sentence in sentences if sentence.startswith(words[0] + " ")]
        if words[0].lower() in nouns and mentions and len(opening) == len(mentions):
            return True
    if not any(w[:1].isupper() for w in words):
        if not as_answer:  # "plans to build a new terminal" refers to nothing; "the plant" does, and cannot
            return definite
        if all(w.lower() in _EN_QUANTIFIER_WORDS for w in words):
            return True  # "What did the compact Northbridge Vela account for?" -> "more than half" (of what?)
        return len([w for w in words if w.lower() not in _EN_POSSESSIVES]) <= 1
    cut = next((i for i, w in enumerate(words) if i > 0 and w in _EN_PREPOSITIONS), len(words))
    core, rest = words[:cut], words[cut:]
    if core[-1][:1].islower():
        specific = rest and rest[0] == "of" and any(w[:1].isupper() for w in rest[1:])
        return not (specific or _placed_institution(core, rest, sentences))
    return False


#: public institutions and facilities a town has one of: named by their place they say which one
#: ("Kelling town council", "Kelling lifeboat station", "the ferry terminal at Kelling Quay"); a
#: company's "plant", a "carmaker" or a "singer" by its place does not ("Stuttgart carmaker")
_EN_INSTITUTION_NOUNS = frozenset(
    "council authority station terminal port harbour harbor airport hospital school academy college university "
    "library museum gallery court prison church cathedral pier quay marina police theatre theater zoo".split())

def _placed_institution(core: list[str], rest: list[str], sentences: list[str]) -> bool:
    """An institution noun qualified by a place name the sentence writes as a proper noun: "Kelling town
    council", "the ferry terminal at Kelling Quay"; not by a demonym ("Irish singer") or a company."""
    if core[-1].lower() not in _EN_INSTITUTION_NOUNS:
        return False
    place_words = [w for w in core[:-1] if w[:1].isupper()]
    if rest and rest[0] in ("at", "in", "on") and core[0][:1].islower():
        place_words = [w for w in rest[1:] if w[:1].isupper()]
        if len(place_words) != len(rest) - 1:
            return False  # "the terminal at the Kelling end": no name
    if not place_words or not sentences:
        return False
    for sentence in sentences:
        if place_words[0] not in sentence:
            continue
        for token in en_context.sentence_doc(sentence):
            if token.text == place_words[0]:
                # the tagger calls "Kelling" a person or an organisation as often as a place; a proper
                # noun that is no demonym ("Irish", NORP) is the place's name before an institution noun
                return token.pos_ == "PROPN" and token.ent_type_ != "NORP"
    return False


#: adjectives that point back into the article: "the combined product", "the same stake", "the latter"
_EN_ANAPHORIC_ADJECTIVES = frozenset(
    "combined merged resulting same latter former remaining aforementioned other above".split())


def _common_noun(word: str) -> bool:
    """ "Tenants", "CONTRACTORS", "Construction": a common noun (singular or plural) of the lexicon."""
    _, nouns, _ = _en_lexicon()
    lower = word.lower()
    return lower in nouns or (lower.endswith("s") and lower[:-1] in nouns) or (lower.endswith("es") and lower[:-2] in nouns)


#: approximators a sentence may open with, capitalised: "About 120 homes were flooded"
_OPENING_APPROXIMATORS = OPENING_APPROXIMATORS


#: a word of a name written after a preposition of place is the place's name ("taught in Dunedin"), not the body's
_NOT_AFTER_PLACE_PREPOSITION = (r"(?<!\b[Ii]n )(?<!\b[Aa]t )(?<!\b[Nn]ear )(?<!\b[Ff]rom )(?<!\b[Tt]o )(?<!\b[Oo]utside )"
                                 r"(?<!\b[Aa]round )")  # "In Dunedin, ..." opens a sentence too


def en_answer_unwritten(subgraph) -> str | None:
    """A skip reason when an answer is not written in any sentence of its facts: the extractor resolved
    "the supplier" or "the club" to a name the reader of the cited sentence cannot check ("Which
    organization did X try to order stock from?" -> a person the sentence calls "the supplier")."""
    for node in subgraph.answer_nodes:
        labels = [(e.head_label if e.head == node else e.tail_label, e.sentences) for e in subgraph.edges
                  if node in (e.head, e.tail)]
        if not labels:
            continue
        def written(label: str, sentences: list[str]) -> bool:
            words = [w for w in label.split() if w.lower() not in _EN_DETERMINER_WORDS]
            # the name in any case, or any capitalised word of it as written ("Calder's captain" writes
            # Calder Town; "the harbour supplier" does not write Harbour Foods)
            # Calder Town; "the harbour supplier" does not write Harbour Foods); a word other than the name's last
            # does not count after a preposition of place: "taught in Dunedin" does not write the Dunedin Public
            # Art Gallery, a place's name inside a body's
            whole = " ".join(words)
            forms = {w for w in words if w[:1].isupper() and len(w) > 2}
            last = words[-1] if words else ""
            return any(re.search(rf"(?<![\w-]){re.escape(whole)}(?![\w-])", s, re.IGNORECASE) for s in sentences) \
                or any(re.search(rf"{'' if f == last else _NOT_AFTER_PLACE_PREPOSITION}(?<![\w-]){re.escape(f)}(?![\w-])", s)
                       for f in forms for s in sentences)
        label = labels[0][0]
        named = re.sub(r"^(?:the|a|an)\s+", "", label)  # "the Dunedin Public Art Gallery" is a name too
        if not any(written(lbl, sents) for lbl, sents in labels) and named[:1].isupper():
            return f"skipped: the answer {label!r} is not written in its sentences: a reference resolved out of the reader's sight"
    return None


#: words a title may lose in a question without becoming another title ("former finance chair": the tense says it)
_EN_TITLE_TIME_WORDS = frozenset("former acting interim then new current outgoing incoming longtime long-time".split())


def en_cut_role(edge) -> str | None:
    """A role the fact cut out of a longer title: "Southern services manager" of "Southern renal services
    manager", "committee chair" of "finance committee chair". The title as its sentence writes it is the role's
    head noun with the lower-case modifiers before it; a modifier the role lacks (other than "former" and the
    like) makes the question name another post. Read with spaCy; None where the role is written whole or not
    found."""
    try:
        rel = en_relation(edge.relation)
    except NoTemplate:
        return None
    if rel.kind != "role":
        return None
    role = [w.lower() for w in rel.head.split() if w.lower() not in ("the", "a", "an")]
    if not role:
        return None
    for sentence in edge.sentences:
        doc = en_context.sentence_doc(sentence)
        for token in doc:
            if token.lower_ != role[-1] or token.pos_ != "NOUN":
                continue
            first = token.i
            while first > 0 and doc[first - 1].dep_ in ("compound", "amod", "nmod") and doc[first - 1].head.i <= token.i \
                    and doc[first - 1].head.i >= first - 1 and not doc[first - 1].is_punct:
                first -= 1
            written = [t for t in doc[first:token.i]]
            said = {t.lower_ for t in written}
            if not set(role[:-1]) <= said | {role[-1]}:
                continue  # another mention of the head noun ("the manager said")
            kept = [t.i for t in written if t.lower_ in role]
            # a word dropped from inside the title ("Southern [renal] services manager") or from a modifier the role
            # keeps ("[finance] committee chair") cuts it; one before the whole title that qualifies its head
            # ("network general manager" -> "general manager") leaves the more general post, which is still true
            missing = [t.text for t in written if t.lower_ not in role and t.lower_ not in _EN_TITLE_TIME_WORDS
                       and t.is_lower and t.is_alpha
                       and (kept and kept[0] < t.i or t.head.i != token.i and t.head.lower_ in role)]
            if missing:
                return (f"skipped: the role {rel.head!r} is cut from the title "
                        f"{doc[first:token.i + 1].text!r}: it names another post")
    return None


def en_dropped_article(edge) -> str | None:
    """A verb relation that lost the article of its object noun ("award contract worth" of "awarded a contract
    worth"): every sentence writes that noun with "a", "an" or "the" right before it, the relation bare after
    its verb or a preposition, so any question built on it ("How much did X award contract worth?") lacks it."""
    try:
        rel = en_relation(edge.relation)
    except NoTemplate:
        return None
    if rel.kind != "verb" or not rel.rest:
        return None
    from tasks.dragon.questions_en_verbs import _EN_PREPOSITIONS, _en_lexicon

    nouns = _en_lexicon()[1]
    words = [w.lower() for w in rel.rest]
    for i, word in enumerate(words):
        before = words[i - 1] if i else None
        if before is not None and before not in _EN_PREPOSITIONS:
            continue  # "buy a smaller house": only a noun right after the verb or a preposition
        if word not in nouns or word in _EN_PREPOSITIONS or word.endswith("s") or not word.isalpha():
            continue
        written = [m.group(1) for sentence in edge.sentences
                   for m in re.finditer(rf"(?:^|\W)(\w+)\s+{re.escape(word)}\b", sentence, re.IGNORECASE)]
        if written and all(w.lower() in ("a", "an", "the") for w in written):
            return f"skipped: {edge.relation!r} lost the article its sentences write before {word!r}"
    return None


#: endings of agent nouns ("receiver", "linebacker", "director", "economist")
_AGENT_ENDINGS = ("er", "or", "ist", "back", "man", "woman")
#: titles English capitalises before a name anywhere in a sentence ("Mayor Aaron Petrie", "Dr Jane Roe")
_FORMAL_TITLES = frozenset("""
    mr mrs ms miss dr sir dame lord lady prof professor mayor deputy president premier minister senator councillor
    cr coun chief captain coach judge justice bishop father sister inspector sergeant constable detective
    superintendent commissioner general colonel major lieutenant governor chancellor king queen prince princess rev
    reverend pastor rabbi imam principal director chairman chairwoman sheriff
    """.split())


def en_capitalised_description(label: str, sentences: list[str]) -> str | None:
    """A label that opens with a common noun its sentence capitalised only because the sentence starts with it:
    a title before a person's name ("Receiver Andre Tibbs", "Linebacker Tremaine Osei": "How many passes did
    Receiver Andre Tibbs catch?") or a plural noun before "of" ("Shares of Keewatin Coach": "Which organization
    did Shares of ... rise on?"). The question would keep the capital in mid-sentence; None otherwise."""
    from tasks.dragon.questions_en_names import PERSON_NOUNS

    words = label.split()
    if len(words) < 3 or not words[0][:1].isupper() or not words[0].isalpha():
        return None
    first = words[0].lower()
    nouns = _en_lexicon()[1]
    opens = any(sentence.lstrip().startswith(words[0] + " ") for sentence in sentences)
    title = (first in PERSON_NOUNS or first.endswith(_AGENT_ENDINGS) and first in nouns) and opens \
        and first.rstrip(".") not in _FORMAL_TITLES and all(w[:1].isupper() for w in words[1:])
    described = words[1] == "of" and first.endswith("s") and first[:-1] in nouns and opens
    if title or described:
        return f"skipped: {label!r} opens with the common noun {words[0]!r}, capitalised as its sentence's first word"
    return None


def _pronoun_of_an_unwritten_subject(edge) -> str | None:
    """ "Where did Judith Kerr sell his house?": the relation keeps a possessive pronoun ("sell his house in") and
    its subject is not written in the fact's sentences ("he had sold his house"): the extractor resolved "he" out
    of the reader's sight, and the pronoun left in the question may point at another person than its subject."""
    pronoun = re.search(r"\b(?:his|her|hers|their)\b", edge.relation, re.IGNORECASE)
    if pronoun is None:
        return None
    # a name is written when one of its words of three letters or more is; a label without one ("Bo Xu", "the
    # council") is looked for whole
    words = [w for w in edge.head_label.split() if w[:1].isupper() and len(w) > 2] or [edge.head_label]
    if any(re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", s, re.IGNORECASE if w == edge.head_label else 0)
           for w in words for s in edge.sentences):
        return None
    return (f"skipped: {edge.relation!r} keeps {pronoun.group(0)!r} of a subject its sentences do not write "
            f"({edge.head_label!r}): whose it is cannot be checked")


def en_skip_reason(subgraph) -> str | None:
    """Why no English question is asked about this subgraph (recorded as a Failure), or None.

    Every node the question names or answers must say which thing it is (``en_vague``); the
    hidden bridge of a multi-hop question is described, not named, and is exempt. Two
    conditions of a conditional question that restate one fact ("approved a budget of 410
    million pounds and approved a budget for 2027") ask nothing twice.
    """
    from tasks.dragon.questions_base import is_date_label

    unwritten = en_answer_unwritten(subgraph)
    if unwritten:
        return unwritten
    hidden = set(subgraph.hidden_nodes)
    for node in hidden:
        # "Who returned to the organization whose head coach is Y?": the bridge is a place in one fact (the region
        # she returned to) and a body in the other (the team of that name); the question joins two things
        types = {t for e in subgraph.edges for n, t in ((e.head, e.head_type), (e.tail, e.tail_type)) if n == node and t}
        if {"place", "org"} <= types:
            return f"skipped: the hidden node {node!r} is a place in one fact and an organisation in another"
        for edge in subgraph.edges:  # "Who taught in the gallery ...?" of "taught at a college in Dunedin"
            if node in (edge.head, edge.tail):
                unwritten = en_compound.unwritten_head(edge, edge.head_label if node == edge.head else edge.tail_label)
                if unwritten:
                    return f"skipped: {unwritten}: the hidden thing was linked out of sight"
    for edge in subgraph.edges:
        words = edge.relation.lower().split()
        cut = en_cut_role(edge) or en_dropped_article(edge) or _pronoun_of_an_unwritten_subject(edge)
        if cut:
            return cut
        pointing_back = en_anaphora.pointing_back(edge.relation, edge.sentences, edge.tail_label)
        if pointing_back:
            # "has led the company since 2018" → "Since when has Piotr Nowicki led the company?", "spend on the
            # program": the phrase points back at a thing named before it in the article; which one?
            return f"skipped: {edge.relation!r} names {pointing_back!r}, which out of its article does not say which one"
        if len(words) == 2 and _en_verb_lemma(words[0]) in _EN_RECIPROCAL and words[1] in ("in", "at", "on") and any(
                re.search(r"\b(?:met|meets|meeting|talked|talks|spoke|speaks|negotiated|agreed)\s+with\b", sentence)
                for sentence in edge.sentences):
            # "met with Sofia Brandt in Rotterdam" → (Elena Marsh, meet in, Rotterdam): "the place that Elena Marsh met in"
            return f"skipped: {edge.relation!r} lost whom the meeting was with"
        if words and words[-1] == "for" and edge.tail_type == "place" and edge.tail not in hidden:
            return f"skipped: a place after 'for' ({edge.relation!r}) is no purpose one can ask about"
        for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
            if node not in hidden and _priced_thing(label):
                return f"skipped: {label!r} is a thing named by its price, no name for a question"
        if words and words[-1] in ("between", "among", "amongst") and subgraph.type != "set":
            # "run hourly trains between" Porto: one of two ends; only a set question names both
            return f"skipped: {edge.relation!r} holds one of the things it is between; only a set question asks them together"
        subject = edge.head_label
        if subject.split()[:1] and subject.split()[0].lower() in _OPENING_APPROXIMATORS:
            subject = subject[:1].lower() + subject[1:]  # "About 120 homes" opening its sentence is no name
        counted = counted_subject(subject, edge.sentences) if edge.head not in hidden | set(subgraph.answer_nodes) else None
        if counted:  # "Where were two second-prize tickets sold?", "Where does 140 staff plan to transfer?": which?
            return f"skipped: {counted}"
        if edge.head not in hidden and not any(ch.isupper() for ch in subject) \
                and en_amount(subject) is None and not is_date_label(subject, "en"):
            # "Who will 22-year-old striker replace?", "What slammed Harbourside Homes?" -> "leaking roofs":
            # a description as the subject of a fact names no one
            return f"skipped: the subject {edge.head_label!r} is a description, not a name"
        for node, label, typ in ((edge.head, edge.head_label, edge.head_type), (edge.tail, edge.tail_label, edge.tail_type)):
            if node in hidden:
                continue
            capitalised = en_capitalised_description(label, edge.sentences)
            if capitalised:
                return capitalised
            if en_vague(label, typ, edge.sentences, as_answer=node in subgraph.answer_nodes):
                what = "the answer would be" if node in subgraph.answer_nodes else "the question would name"
                return (f"skipped: {what} {label!r}, which out of its article does not say which one "
                        "(a common noun, or a name used as a modifier)")
    if subgraph.type == "set":
        # "How many units does Veltrix plan to sell?" -> 300,000 units (a plan), 4.8 million phones (last year)
        if len({e.modality or "asserted" for e in subgraph.edges}) > 1:
            return "skipped: the set's facts differ in modality (a plan beside a done fact)"
        units = {q.unit for q in (parse_quantity(e.tail_label if e.tail in subgraph.answer_nodes else e.head_label, "en")
                                  for e in subgraph.edges) if q is not None}
        if len(units) > 1:
            return f"skipped: the set's amounts measure different things ({', '.join(sorted(units))})"
    if subgraph.type == "conditional" and len(subgraph.edges) == 2:
        first, second = subgraph.edges
        try:
            a, b = en_relation(first.relation), en_relation(second.relation)
        except NoTemplate:
            return None
        if a.kind == b.kind and a.head.lower() == b.head.lower():
            return f"skipped: both conditions use {a.head!r}: they restate one fact"
        shared = {first.head, first.tail} & {second.head, second.tail}
        ends = [(e.tail_label if e.head in shared else e.head_label).lower().split() for e in (first, second)]
        short, long_ = sorted(ends, key=len)
        if short and any(long_[i:i + len(short)] == short for i in range(len(long_) - len(short) + 1)):
            return "skipped: the two conditions name the same thing: they restate one fact"
    return None


# =========================================================================== what the sentence adds (issue 10, round 2)

#: verbs of paying: an amount paid with no one it is paid to reads, beside another fact about a
#: party, as paid for that party ("signed Kwame Asante and paid a reported fee of 2.5 million euros")
_EN_PAYING_VERBS = frozenset("pay spend invest receive charge cost earn offer bid lend borrow raise".split())


_EN_PRICE = re.compile(
    r"^(?:the\s+|a\s+|an\s+)?(?:[$€£]\s?\d[\d.,]*(?:[\s-]*(?:million|billion|bn|m|k)\b)?|\d[\d.,]*\s*"
    r"(?:million|billion|bn|m)?\s*(?:euros?|dollars?|pounds?|crowns?|francs?|zlotys?|kronor|yen|yuan)\b)"
    r"(?:\s*\([^)]*\))?\s+(?P<rest>[A-Za-z].*)$", re.IGNORECASE)


def _priced_thing(label: str) -> bool:
    """ "$260 million pet food plant", "95 million euro ($100 million) factory": a thing named by its price."""
    match = _EN_PRICE.match(label.strip())
    if match is None:
        return False
    first = match["rest"].split()[0].lower()
    return first not in _EN_CURRENCY_WORDS and first not in ("a", "an", "per", "each", "in", "of", "million", "billion",
                                                           "bn", "m", "k", "thousand", "trillion")


def _content_verb(rel: EnRelation) -> EnRelation:
    """ "agree to move" -> "move": the verb whose object and complements the fact is about."""
    rest = list(rel.rest)
    while len(rest) >= 2 and rest[0] == "to" and _en_verb_lemma(rest[1]) is not None:
        rel = EnRelation("verb", _en_verb_lemma(rest[1]), tuple(rest[2:]))
        rest = rest[2:]
    return rel


def en_incomplete(subgraph, kinds: dict) -> str | None:
    """Why the question about ``subgraph`` would not be answered by its gold as asked (recorded
    as a Failure), read from the facts' own sentences (``questions_en_context``): an amount with
    a qualifier or a second object the question drops, a member of a coordination the answer
    leaves out, a time that dates a noun rather than the verb; or a conditional question that
    would join an amount paid to no one with another party of the subject ("signed X and paid a
    fee of Y": a false premise when the fee was another transfer's). None when it is complete."""
    hidden = set(subgraph.hidden_nodes)
    answers = set(subgraph.answer_nodes)
    for edge in subgraph.edges:
        try:
            rel = _relation(edge)
        except NoTemplate:
            continue
        # "Who was held on 3-of-14 shooting ...?", "... and improved to 19-10?" (of 19-10-2-1)
        reason = statistic_complement(edge.relation, edge.tail_label, rel.trailing_preposition, edge.sentences)
        if reason:
            return f"skipped: {reason}"
        if rel.kind == "passive" and _en_verb_lemma(rel.head):
            # "When was Taloria Semiconductor spun?" for "was spun out of Vessant Electronics in 2011"
            for node, label in ((edge.tail, edge.tail_label),):
                if node in answers and kinds.get(("en", node)) == "DATE":
                    reason = en_context.date_is_not_when(edge, _en_verb_lemma(rel.head), edge.relation, label)
                    if reason:
                        return f"skipped: {reason}"
        if rel.kind == "passive" and _en_verb_lemma(rel.head):
            reason = en_scope.wrong_subject(edge, _en_verb_lemma(rel.head), kinds.get(("en", edge.head))) or \
                en_attach.lost_predicative(edge, _en_verb_lemma(rel.head)) or \
                en_valency.active_as_passive(edge, _en_verb_lemma(rel.head))
            if reason:
                return f"skipped: {reason}"
        if rel.kind == "verb":
            # "When did Wilmot House restore?", "Which house restored in 2009 ...?": it was restored
            reason = en_valency.passive_as_active(edge, rel.head)
            if reason:
                return f"skipped: {reason}"
        if rel.kind == "passive" and _en_verb_lemma(rel.head) and edge.tail in answers \
                and kinds.get(("en", edge.tail)) == "DATE":
            reason = en_scope.not_when(edge, _en_verb_lemma(rel.head), edge.tail_label)
            if reason:
                return f"skipped: {reason}"
        if rel.kind == "role" and rel.trailing_preposition:
            reason = en_scope.role_complement(edge, rel.head.split()[-1], rel.trailing_preposition)
            if reason:
                return f"skipped: {reason}"
        if rel.kind != "verb":
            continue
        rel = _content_verb(rel)
        reason = en_valency.not_a_verb_there(edge, rel.head) or en_scope.wrong_subject(edge, rel.head, kinds.get(("en", edge.head))) or \
            en_scope.lost_position(edge, rel.head) or en_attach.perceived(edge, rel.head)
        if reason:
            return f"skipped: {reason}"
        if rel.trailing_preposition in ("in", "at", "on") and kinds.get(("en", edge.tail)) == "LOC":
            reason = en_scope.place_of_a_venue(edge, rel.head, edge.tail_label)
            if reason:
                return f"skipped: {reason}"
        if rel.trailing_preposition and len(rel.rest) > 1 and edge.tail in answers | hidden:
            reason = en_attach.place_attached_elsewhere(edge, rel.head, edge.tail_label)
            if reason:
                return f"skipped: {reason}"
        if edge.tail not in hidden or edge.head not in hidden:
            reason = en_context.object_missing(edge, rel.head, edge.relation)
            if reason:
                return f"skipped: {reason}"
        for node, label, is_tail in ((edge.tail, edge.tail_label, True), (edge.head, edge.head_label, False)):
            if node in hidden:
                continue
            kind = kinds.get(("en", node))
            amount = kind == "NUM" or (any(ch.isdigit() for ch in label) and en_amount(label) is not None)
            if not amount and any(ch.isdigit() for ch in label) and kind != "DATE":
                reason = en_scope.cut_span(edge, rel.head, label)  # "suspended the final 12 months (of the term)"
                if reason:
                    return f"skipped: {reason}"
            whole = subgraph.type in ("simple", "set") and node in answers
            # "Who founded the organization that X agreed to buy?" -> one of "the brothers Arne and Lars T.": a
            # named answer of a compound question is one of several when its sentence coordinates it
            named_answer = subgraph.type in ("multi-hop", "conditional") and node in answers and kind in ("PER", "ORG")
            if not (amount or whole or named_answer or (kind == "DATE" and node in answers)):
                continue
            quantity = en_amount(label) if amount else None
            bare = quantity is None or not quantity.unit_text or quantity.unit in ("percent", "per cent", "%")
            if amount or (whole and subgraph.type == "simple") or named_answer:
                reason = en_context.lost_qualifier(edge, rel.head, is_tail, amount, bare, _venue(label))
                if reason:
                    return f"skipped: {reason}"
            if amount and is_tail and (node in answers or subgraph.type == "conditional"):
                # (a set question asks the subjects together: "Who gave $400,000?" -> both)
                reason = en_scope.joint_subject(edge, rel.head)  # "Gordon and Ruth H., who gave $400,000"
                if reason:
                    return f"skipped: {reason}"
            if amount:
                purpose, needed = en_attach.purpose_to_carry(edge, rel.head, label)
                if needed and (purpose is None or subgraph.type != "simple" or node not in answers or not is_tail):
                    return f"skipped: the amount {label!r} is spent on something the question cannot carry"
                carried = en_scope.period_to_carry(edge, rel.head, label) \
                    if subgraph.type == "simple" and node in answers and is_tail else None
                carried_purpose = purpose if subgraph.type == "simple" and node in answers and is_tail else None
                reason = en_scope.lost_period(edge, rel.head, label, carried, carried_purpose)
                if reason:
                    return f"skipped: {reason}"
            if whole and is_tail and not amount:
                reason = (en_scope.lost_destination(edge, rel.head, label) if kind == "PER" else None) or \
                    en_scope.coordinated_codes(edge, rel.head, label) or (
                    en_scope.named_as(edge, rel.head, label) if subgraph.type == "simple" else None) or (
                    en_scope.joined_place(rel.head, kind, label) if not rel.rest else None)
                if reason:
                    return f"skipped: {reason}"
            if kind == "DATE" and node in answers:
                reason = en_context.time_dates_a_noun(edge, rel.head, label) or en_context.date_is_not_when(
                    edge, rel.head, edge.relation, label) or en_scope.not_when(edge, rel.head, label) or \
                    en_attach.date_attached_elsewhere(edge, rel.head, label)
                if reason:
                    return f"skipped: {reason}"
            if whole and not amount and kind not in ("DATE", "PER", "ORG", "LOC"):
                # a thing, not a name: "appointed Mirjam Oja as CFO" still has one answer without "as CFO"
                reason = en_context.dropped_complement(edge, rel.head, is_tail, edge.relation)
                if reason:
                    return f"skipped: {reason}"
        # what the verb cannot be said without, in every template path (questions_en_valency)
        reason = en_valency.lost_dependent(edge, rel.head, edge.tail in answers or edge.tail in hidden)
        if reason:
            return f"skipped: {reason}"
        # "How many defenders did X get?" of "X got behind two defenders": the preposition the object needs
        prep = en_compound.under_unsaid_preposition(edge, rel.head, {w.lower() for w in edge.relation.split()})
        if prep:
            return f"skipped: the object {edge.tail_label!r} of {edge.relation!r} is governed by {prep!r}, which the relation dropped"
        # "Which organization does X plan to share?" of "will be shared by Y and X": the object is a doer there
        doer = en_compound.object_is_a_doer(edge, rel.head)
        if doer:
            return f"skipped: {doer}"
    if subgraph.type == "conditional" and len(subgraph.edges) == 2:
        for paid, other in (subgraph.edges, subgraph.edges[::-1]):
            try:
                rel = _relation(paid)
            except NoTemplate:
                continue
            amount = en_amount(paid.tail_label)
            named_party = [w for w in rel.rest if w[:1].isupper()]
            money = amount is not None and (amount.money or (amount.unit_text or "").split()[-1:] and
                                            amount.unit_text.split()[-1].lower() in _EN_CURRENCY_WORDS)
            if rel.kind == "verb" and rel.head in _EN_PAYING_VERBS and money and not named_party:
                shared = {paid.head, paid.tail} & {other.head, other.tail}
                party = other.tail if other.head in shared else other.head
                if kinds.get(("en", party)) in ("PER", "ORG"):
                    return ("skipped: the conditions would join an amount paid to no one named with another party "
                            f"({(other.tail_label if party == other.tail else other.head_label)!r}): read as one deal")
    return None


def en_carried(edge, kind: str | None, question: str, template: str) -> tuple[str, str]:
    """A simple question about ``edge``'s object with what its sentence scopes it by said in it: the
    period of a tally ("How many passengers did X carry last year?") or the description its name is
    given ("What is the name of the Lanterns' debut album?" for "released their debut album, Paper
    Boats"); the question as it was otherwise."""
    try:
        rel = _relation(edge)
    except NoTemplate:
        return question, template
    if rel.kind != "verb":
        return question, template
    lemma = _content_verb(rel).head
    if kind == "NUM":
        period = en_scope.period_to_carry(edge, lemma, edge.tail_label)
        if period and period.lower() not in question.lower() and question.endswith("?"):
            question, template = f"{question[:-1]} {period}?", f"{template}.period"
        amount = en_amount(edge.tail_label)
        what = en_scope.measured(edge, lemma, edge.tail_label)
        unit = amount.unit_text if amount is not None and not amount.money else None
        if what and unit and question.lower().startswith(f"how many {unit.lower()} "):
            question = f"{question[:9 + len(unit)]} {what}{question[9 + len(unit):]}"
            template = f"{template}.measured"
        purpose, _ = en_attach.purpose_to_carry(edge, lemma, edge.tail_label)
        if purpose and purpose.lower() not in question.lower() and question.endswith("?"):
            question, template = f"{question[:-1]} {purpose}?", f"{template}.purpose"  # "spend ... on a new still house"
        return question, template
    if (edge.modality or "asserted") == "asserted" or kind == "DATE":
        # "Where did Ribeiro move in 2021?" (he moves again later), "When did Ribeiro move to Australia?"
        said = en_attach.adverbial_to_carry(edge, lemma, edge.tail_label, kind == "DATE")
        if said and said.lower() not in question.lower() and question.endswith("?"):
            question, template = f"{question[:-1]} {said}?", f"{template}.adverbial"
    described = en_scope.described_as(edge, lemma, edge.tail_label)
    if described and (edge.modality or "asserted") == "asserted":
        owner = edge.head_label
        owner = f"{owner}'" if owner.endswith("s") and owner.split()[-1][:1].isupper() else f"{owner}'s"
        return f"What is the name of {owner} {described}?", "tail.name-of-described"
    return question, template
