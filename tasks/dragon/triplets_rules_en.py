"""Triplet extraction, rules engine, English: dependency patterns over a spaCy parse (see tasks/dragon/triplets.py)."""
from __future__ import annotations

from collections.abc import Iterator
import re

from benchmill import nlp
from schemas import Failure, IncrementDoc, Triplet

from tasks.dragon.triplets_base import (  # noqa: F401
    log, TripletConfig, _Emitter, _Fact, _DocCollector, _paragraphs, _failure, _join, _fact,
)

# --------------------------------------------------------------------------- English


def _rules_en(docs: list[IncrementDoc], config: TripletConfig) -> tuple[dict[int, list[Triplet]], list[Failure]]:
    """All paragraphs of all English docs through one nlp.pipe stream, then per-doc patterns."""
    failures: list[Failure] = []
    owners: list[IncrementDoc] = []
    texts: list[str] = []
    for doc in docs:
        for paragraph in _paragraphs(doc):
            owners.append(doc)
            texts.append(paragraph)
    try:
        parsed = list(zip(owners, nlp.parse_en(texts, batch_size=config.spacy_batch_size)))
    except Exception:  # a paragraph that crashes the batch: parse one document at a time
        log.exception("triplets: batched spaCy parse failed; parsing document by document")
        parsed = []
        for doc in docs:
            try:
                parsed += [(doc, d) for d in nlp.parse_en(_paragraphs(doc), batch_size=config.spacy_batch_size)]
            except Exception as exc:
                failures.append(_failure(doc, f"spaCy could not parse the document: {type(exc).__name__}: {exc}"))

    collectors = {id(doc): _DocCollector(doc, "rules", config) for doc in docs}
    broken: set[int] = {id(d) for d in docs if any(f.key == d.doc_id for f in failures)}
    for doc, spacy_doc in parsed:
        if id(doc) in broken:
            continue
        try:
            for fact in _facts_en(spacy_doc):
                collectors[id(doc)].add(fact)
        except Exception as exc:
            log.exception("triplets: pattern matching failed for %s", doc.doc_id)
            failures.append(_failure(doc, f"rules extraction failed: {type(exc).__name__}: {exc}"))
            broken.add(id(doc))
    return {key: c.finish() for key, c in collectors.items() if key not in broken}, failures


# dependency labels of the English (ClearNLP-style) scheme used by en_core_web_sm
_EN_NP_KEEP = frozenset({"compound", "amod", "nummod", "quantmod", "nmod", "npadvmod", "nn", "flat"})
_EN_SUBJ = frozenset({"nsubj", "nsubjpass"})
_EN_OBJ = frozenset({"dobj", "obj", "dative"})
_EN_TIME_LABELS = frozenset({"DATE", "TIME"})
_EN_RELATIVE = frozenset({"which", "that", "who", "whom", "whose"})
#: "CEO of", "professor at", "spokesperson for"; not "in": "a terminal in Gdańsk" is a location, not a role
_EN_COPULA_NOUN_PREPS = frozenset({"of", "at", "for"})
#: entity labels of values, not things: never a subject
_EN_VALUE_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})
_MONTHS_OR_DIGIT = re.compile(
    r"\d|\b(january|february|march|april|may|june|july|august|september|october|november|december)\b", re.IGNORECASE
)


def _absolute_date(text: str) -> bool:
    """ "October", "1991", "12 May 2024" name a time; "Monday", "last year" depend on when it was said."""
    return bool(_MONTHS_OR_DIGIT.search(text))


#: verbs whose infinitive complement is a plan, not a done fact: "plans to open" → (X, open, Y) planned
_EN_PLAN_HEADS = frozenset({
    "plan", "intend", "aim", "expect", "set", "schedule", "due", "prepare", "hope", "want", "seek", "promise",
    "pledge", "go", "propose",
})
_EN_PLANNED_AUX = frozenset({"will", "shall", "'ll", "wo"})
_EN_POSSIBLE_AUX = frozenset({"could", "may", "might", "can", "would", "'d", "should", "must", "ca"})
_EN_CONDITION_MARKS = frozenset({"if", "unless"})


def _own_modality_en(verb) -> str | None:
    """What the verb's own auxiliaries, negation and clause say; None when nothing does.

    Negation wins ("will not raise" is negated), then a condition (the main clause of an
    "if"/"unless" clause, or the "if" clause itself), then "could/may/might/can/would"
    (possible), then "will/shall" (planned).
    """
    children = list(verb.children)
    if any(c.dep_ == "neg" for c in children):
        return "negated"
    if verb.dep_ == "advcl" and any(c.dep_ == "mark" and c.lower_ in _EN_CONDITION_MARKS for c in children):
        return "conditional"
    for child in children:
        if child.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in _EN_CONDITION_MARKS for m in child.children):
            return "conditional"
    auxes = {c.lower_ for c in children if c.dep_ in ("aux", "auxpass")}
    if auxes & {"would", "'d"} and not auxes & (_EN_POSSIBLE_AUX - {"would", "'d"}) and _reported_past(verb):
        # "Greta Holm said the company would invest 60 million euros": the future of a past
        # statement, a plan ("will invest" in direct speech), not a possibility
        return "planned"
    if auxes & _EN_POSSIBLE_AUX:
        return "possible"
    if auxes & _EN_PLANNED_AUX:
        return "planned"
    return None


#: verbs that report speech or thought: "said", "told", "announced" (their "would" clause is reported future)
_EN_REPORTING = frozenset({
    "say", "tell", "announce", "confirm", "state", "add", "report", "expect", "write", "explain", "reveal",
    "insist", "promise", "warn", "note", "claim", "believe", "think",
})


def _reported_past(verb) -> bool:
    """Is ``verb`` the clause reported by a past-tense reporting verb ("said the company would ...")?"""
    head = verb.head
    while verb.dep_ == "conj" and head is not verb:
        verb, head = head, head.head
    if not (verb.dep_ == "ccomp" and head is not verb and head.lemma_.lower() in _EN_REPORTING
            and head.tag_ in ("VBD", "VBN")):
        return False
    # whose plan: the speaker's own ("she would", "Holm said Holm would"), or an organisation's
    # told by its people ("the company would", "Nordkai would"); a person's future told by
    # someone else ("the coach said Asante would strengthen the attack") is a prediction
    subject = next((c for c in verb.children if c.dep_ in _EN_SUBJ), None)
    if subject is None:
        return False
    if subject.pos_ == "PRON" or subject.ent_type_ in ("ORG", "NORP", "GPE") or subject.lower_ in _EN_ORG_ANAPHORS:
        return True
    speaker = next((c for c in head.children if c.dep_ in _EN_SUBJ), None)
    return speaker is not None and speaker.lower_ == subject.lower_


def _modality_en(verb) -> str:
    """Modality of the fact a verb states, looking up through coordination and control verbs.

    "will build X and run Y": "run" shares "will"; "is set to build" / "plans to open":
    planned; "could agree to buy": possible.
    """
    own = _own_modality_en(verb)
    if own is not None:
        return own
    head = verb.head
    if verb.dep_ == "conj" and head is not verb and head.pos_ in ("VERB", "AUX") \
            and not any(c.dep_ in _EN_SUBJ for c in verb.children):
        return _modality_en(head)
    if verb.dep_ == "xcomp" and head is not verb and head.pos_ in ("VERB", "AUX", "ADJ"):
        above = _modality_en(head)
        if above != "asserted":
            return above
        if head.lemma_.lower() in _EN_PLAN_HEADS:
            return "planned"
    return "asserted"


class _EnSentence:
    """Noun-phrase helpers over one spaCy sentence (entity lookup precomputed once per doc)."""

    __slots__ = ("ent_of", "antecedent", "person")

    def __init__(self, ent_of: dict[int, object]):
        self.ent_of = ent_of
        #: the person last named as a subject before this sentence: what "he" / "she" points back at
        self.person: tuple[str, str | None] | None = None
        #: the last organisation named before this sentence: what "the company" points back at
        self.antecedent: tuple[str, str | None] | None = None

    def phrase(self, head, as_subject: bool = False, common: bool = False) -> tuple[str, str | None] | None:
        """(text, NER label) of the noun phrase headed by ``head`` if it names something.

        Kept: compounds, adjectives, numbers and quantifiers left of the head, widened to
        whole entities ("Nordic Freight Ltd.", "$5 million"). It names something when the
        head itself is inside a named entity or is a proper noun, or the phrase holds a
        number ("2139 cars"). A named modifier alone is not enough: "Ghanaian winger",
        "Stuttgart carmaker" describe, they do not name. Dates count only when absolute
        ("October 2024", "1991", not "Monday", "the same year"). A subject must be a
        name, never a number or date: "October was the best month" states nothing about
        an entity.

        ``common``: a common noun may stand too ("repairs to the Vasa bridge", "the city
        council"): its phrase keeps a following "of/to/for/in <name>" that tells which one.
        """
        if head.lower_ in ("he", "she") and head.dep_ in _EN_SUBJ:
            return self.person  # "Okafor previously led ..." after "... hired Daniel Okafor"; None when nobody was named
        if head.pos_ == "PRON" or head.lower_ in _EN_RELATIVE:
            return None
        if common and head.pos_ == "NOUN" and head.i not in self.ent_of and not any(t.like_num for t in head.lefts):
            return self.common_phrase(head)
        start = end = head.i
        stack = [head]
        while stack:
            token = stack.pop()
            for child in token.children:
                if child.dep_ in _EN_NP_KEEP and child.i < head.i:
                    if child.i < start:
                        start = child.i
                    stack.append(child)
        ent_of = self.ent_of
        head_ent = ent_of.get(head.i)
        doc = head.doc
        if head_ent is not None and start < head_ent.start and all(
                doc[i].pos_ in ("NOUN", "ADJ") and not doc[i].like_num
                and (i not in ent_of or ent_of[i].label_ == "NORP") for i in range(start, head_ent.start)) \
                and any(doc[i].pos_ == "NOUN" for i in range(start, head_ent.start)):  # "western Norway" stays
            # "striker Daniel Okafor", "Rival carrier Channel Wings", "Ghanaian winger Kwame Asante":
            # common nouns and adjectives before a name describe it; the name is the name
            start = head_ent.start
        if head_ent is not None:
            start, end = min(start, head_ent.start), max(end, head_ent.end - 1)
        has_number = False
        for i in range(start, end + 1):
            token = doc[i]
            if token.like_num:
                has_number = True
            ent = ent_of.get(i)
            if ent is not None and ent is not head_ent:
                start, end = min(start, ent.start), max(end, ent.end - 1)  # "$5 million", "Nordic Freight Ltd."
        label = head_ent.label_ if head_ent is not None else None
        if label in _EN_TIME_LABELS and not _absolute_date(head_ent.text):
            return None
        if as_subject and (label in _EN_VALUE_LABELS or (label is None and has_number and head.pos_ != "PROPN")):
            return None
        if label is None and head.pos_ != "PROPN" and not has_number:
            return None
        span = doc[start : end + 1]
        text = span.text
        if span[0].lower_ in ("the", "a", "an") and len(span) > 1:
            text = text.split(" ", 1)[1]
        if text.endswith(("'s", "’s")):
            text = text[:-2]
        return text, (nlp.spacy_label(label) if label is not None else None)

    def common_phrase(self, head) -> tuple[str, str | None] | None:
        if head.lower_ in _EN_ORG_ANAPHORS and any(t.lower_ == "the" for t in head.lefts):
            # "Portline will cancel ... The airline carried ...": the organisation named before
            return self.antecedent if len([t for t in head.lefts if t.dep_ != "det"]) == 0 else None
        if head.lower_ in _EN_GENERIC_NOUNS or head.tag_ == "NNS" and head.lower_ in ("others", "ones"):
            return None
        left = [t for t in head.lefts if t.dep_ in ("amod", "compound", "nmod")]
        words = [t.text for t in left] + [head.text]
        for prep in head.rights:
            if prep.dep_ == "prep" and prep.lower_ in ("of", "to", "for", "in"):
                pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
                if pobj is not None and self.is_time(pobj):
                    break  # "rebuilt the main stand in 2022": when it was done, not which stand
                named = self.phrase(pobj) if pobj is not None else None
                if named is None and pobj is not None and any(t.pos_ == "PROPN" for t in pobj.lefts):
                    named = (" ".join(t.text for t in pobj.lefts if t.dep_ in ("compound", "amod")) + " " + pobj.text, None)
                if named is not None:
                    words += [prep.text, named[0]]
                break
        return " ".join(words), None

    @staticmethod
    def with_conjuncts(token) -> list:
        out = [token]
        for child in token.children:
            if child.dep_ == "conj":
                out.extend(_EnSentence.with_conjuncts(child))
        return out

    @staticmethod
    def plain_text(token) -> str:
        """A common-noun object as written, for folding into the relation ("open a new terminal in")."""
        left = [t for t in token.lefts if t.dep_ in ("det", "amod", "compound", "nummod", "poss")]
        return " ".join([t.text for t in left] + [token.text])

    def is_time(self, token) -> bool:
        ent = self.ent_of.get(token.i)
        return ent is not None and ent.label_ in _EN_TIME_LABELS

    def is_absolute_time(self, token) -> bool:
        ent = self.ent_of.get(token.i)
        return ent is not None and ent.label_ in _EN_TIME_LABELS and _absolute_date(ent.text)


#: heads that only point back ("the move", "the deal") or are too vague to ask about
_EN_GENERIC_NOUNS = frozenset({
    "move", "deal", "one", "thing", "way", "part", "lot", "number", "time", "year", "day", "statement", "people",
    "fact", "case", "issue", "side", "kind", "decision", "plan", "comment",
    # "the company", "the airline": they point back at a name (resolved to the last organisation
    # named before, else dropped: a question about "the company" answers nothing)
    "company", "firm", "group", "business", "operator", "carrier", "airline", "bank", "chain", "cooperative",
    "maker", "manufacturer", "retailer", "lender", "insurer", "club", "team", "startup", "organisation",
    "organization", "unit", "subsidiary", "giant",
})


_EN_ORG_ANAPHORS = frozenset({
    "company", "firm", "group", "business", "operator", "carrier", "airline", "bank", "chain", "cooperative",
    "maker", "manufacturer", "retailer", "lender", "insurer", "club", "startup",
})


def _facts_en(doc) -> Iterator[_Fact]:
    ent_of: dict[int, object] = {}
    for ent in doc.ents:
        for i in range(ent.start, ent.end):
            ent_of[i] = ent
    helper = _EnSentence(ent_of)
    for sent in doc.sents:
        sentence = sent.text
        for token in sent:
            pos = token.pos_
            if pos == "VERB" or (pos == "AUX" and token.dep_ in ("ROOT", "conj", "ccomp", "relcl", "advcl")):
                yield from _verb_facts_en(token, sentence, helper)
            elif token.dep_ == "appos":
                yield from _appositive_facts_en(token, sentence, helper)
        # the antecedent of a later "the company": an organisation named here, else the
        # named subject of the main verb (the small model often tags firms as persons)
        people = [e for e in sent.ents if e.label_ == "PERSON" and any(t.dep_ in _EN_SUBJ | {"appos"} for t in e)]
        if people:
            helper.person = (people[0].text, nlp.spacy_label("PERSON"))
        orgs = [e for e in sent.ents if e.label_ == "ORG" and e[0].lower_ != "the"]
        if orgs:
            helper.antecedent = (orgs[0].text, nlp.spacy_label("ORG"))
        else:
            for child in sent.root.children:
                if child.dep_ in _EN_SUBJ:
                    named = helper.phrase(child, as_subject=True)
                    if named is not None:
                        helper.antecedent = named
                        break


def _control_prefix_en(verb) -> str:
    """ "agreed to buy" → "agree to"; "plans to open" → "" (the plan is the modality, not the relation)."""
    if verb.dep_ != "xcomp" or verb.head is verb or verb.head.pos_ not in ("VERB", "AUX"):
        return ""
    head = verb.head
    lemma = head.lemma_.lower()
    if lemma in _EN_PLAN_HEADS or lemma == "be":
        return ""
    to = "to" if any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) else ""
    return _join(_control_prefix_en(head), lemma, to)


def _subjects_en(verb, helper: _EnSentence) -> list[tuple[object, bool]]:
    """Subject head tokens of ``verb`` with whether the subject is passive."""
    subjects = [(c, c.dep_ == "nsubjpass") for c in verb.children if c.dep_ in _EN_SUBJ]
    anchor = verb  # the verb whose subject it is (for relative-clause resolution)
    if not subjects and verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX"):
        # "X acquired Y and sold Z": the second verb shares the first one's subject, but
        # not its voice ("is based in Oslo and manages ..." — "manages" is active)
        anchor = verb.head
        own_passive = any(c.dep_ == "auxpass" for c in verb.children)
        subjects = [(c, own_passive) for c in anchor.children if c.dep_ in _EN_SUBJ]
    if not subjects and verb.dep_ == "xcomp" and verb.head.pos_ in ("VERB", "AUX", "ADJ") and verb.head is not verb:
        # control: "Telmark agreed to buy X", "Kolding Wind is set to build X": the head's subject
        own_passive = any(c.dep_ == "auxpass" for c in verb.children)
        return [(s, own_passive) for s, _ in _subjects_en(verb.head, helper)]
    if not subjects and verb.dep_ == "acl" and verb.tag_ == "VBN":
        # "Harbour Logistics, based in Oslo, ..." : a participle modifying its noun
        subjects = [(verb.head, True)]
    resolved = []
    for subject, passive in subjects:
        if subject.lower_ in _EN_RELATIVE and anchor.dep_ == "relcl":
            subject = anchor.head  # "X, which is based in Oslo" → X
        for conjunct in _EnSentence.with_conjuncts(subject):
            resolved.append((conjunct, passive))
    return resolved


#: verbs whose object is the subject of their infinitive: "ordered Marrow Foods to pay damages"
_EN_OBJECT_CONTROL = frozenset({
    "order", "ask", "tell", "urge", "force", "require", "allow", "persuade", "encourage", "invite", "instruct",
    "compel", "oblige", "permit", "advise", "warn", "help", "enable", "call",
    "use",  # "will use the money to rebuild its youth academy": neither "use the money" nor "use to rebuild"
})


def _object_controlled(verb) -> bool:
    """ "ordered Marrow Foods to pay damages", "called the ruling a victory": the object alone
    completes no fact ("Judge Whitfield ordered Marrow Foods", "Coleman called the ruling")."""
    children = list(verb.children)
    if not any(c.dep_ in _EN_OBJ for c in children):
        return False
    if verb.lemma_.lower() in ("call", "consider", "deem", "find") and any(c.dep_ == "oprd" for c in children):
        return True
    return verb.lemma_.lower() in _EN_OBJECT_CONTROL and any(c.dep_ == "xcomp" for c in children)


#: adverbs that turn a counted noun into a measure of distance, time or age: "grew up two streets
#: away", "signed three years ago", "two metres apart"
_EN_MEASURE_ADVERBS = frozenset({"away", "ago", "later", "earlier", "apart", "long", "old", "behind", "ahead", "before"})


def _measure_phrase(obj) -> bool:
    """ "two streets" in "grew up two streets away from X" measures, it is not what was grown up."""
    after = obj.doc[obj.right_edge.i + 1] if obj.right_edge.i + 1 < len(obj.doc) else None
    return after is not None and after.lower_ in _EN_MEASURE_ADVERBS and after.head in (obj, obj.head)


def _verb_facts_en(verb, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    children = list(verb.children)
    if _object_controlled(verb):
        return
    if verb.dep_ == "xcomp" and verb.head is not verb and _object_controlled(verb.head):
        return  # "to pay damages": its subject is the controller's object, not its subject
    subjects = _subjects_en(verb, helper)
    if not subjects:
        return
    # "did not acquire", "will build", "could sell", "if ..., X will ...": carried on the
    # fact, never stated as done (issue 10)
    modality = _modality_en(verb)
    control = _control_prefix_en(verb)
    emit = _Emitter(sentence, modality, control)
    particle = " ".join(c.lower_ for c in children if c.dep_ == "prt")
    passive = any(c.dep_ == "auxpass" for c in children) or any(p for _, p in subjects)
    if passive and verb.tag_ != "VBN":
        passive = False  # "has invested", "manages": only a past participle can be passive
    lemma = verb.lemma_.lower()
    is_copula = lemma == "be"

    # agent of a passive: "Y was acquired by X" → (X, acquire, Y)
    agents = []
    for child in children:
        if child.dep_ == "agent":
            agents += [p for p in child.children if p.dep_ == "pobj"]
    if passive and agents and not is_copula:
        relation = _join(lemma, particle)
        for agent_head in agents:
            for agent in _EnSentence.with_conjuncts(agent_head):
                agent_phrase = helper.phrase(agent, as_subject=True)
                if agent_phrase is None:
                    continue
                for subject, _ in subjects:
                    # the patient of a passive may be anything named, or a thing: "the stadium will be built by X"
                    subject_phrase = helper.phrase(subject, common=True)
                    if subject_phrase is not None:
                        yield emit(agent_phrase, relation, subject_phrase)
        return

    if is_copula:
        yield from _copular_facts_en(verb, children, subjects, sentence, helper, emit)
        return
    base = _join("be", verb.lower_, particle) if passive else _join(lemma, particle)

    objects = []
    for child in children:
        if child.dep_ in _EN_OBJ and not _measure_phrase(child):
            objects += _EnSentence.with_conjuncts(child)
    # "released her fourth album, Salt Lines": the name in apposition is what was released
    objects = [next((a for a in o.children if a.dep_ == "appos" and a.pos_ == "PROPN" and helper.phrase(a) is not None), o)
               if o.pos_ == "NOUN" else o for o in objects]
    named_objects = [(o, helper.phrase(o)) for o in objects]
    named_objects = [(o, p) for o, p in named_objects if p is not None]
    # "carried 380,000 trucks and trailers": the number counts both nouns; "380,000 trucks" alone
    # would be a wrong answer, so the bare conjuncts join the counted phrase
    shared = []
    for n, (obj, object_phrase) in enumerate(named_objects):
        if object_phrase[1] not in (None, "MISC") or not any(t.like_num for t in obj.lefts):
            continue
        bare = [c for c in obj.children if c.dep_ == "conj" and c.pos_ == "NOUN" and c.i not in helper.ent_of
                and not any(t.like_num for t in c.subtree)]
        if bare:
            words = [object_phrase[0]]
            for c in bare:
                cc = next((t.text for t in obj.children if t.dep_ == "cc" and t.i < c.i), "and")
                words += [cc, _EnSentence.plain_text(c)]
            named_objects[n] = (obj, (" ".join(words), object_phrase[1]))
            shared += bare
    objects = [o for o in objects if o not in shared]
    plain_object = next((o for o in objects if helper.phrase(o) is None), None)

    preps = []  # (preposition, object head) pairs; "in October", "in Oslo"
    for child in children:
        if child.dep_ == "prep":
            for pobj in child.children:
                if pobj.dep_ == "pobj":
                    for conjunct in _EnSentence.with_conjuncts(pobj):
                        preps.append((child.lower_, conjunct))
    for obj in objects:
        # "rebuilt the main stand in 2022": the parser hangs the date on the object; it dates the deed
        for prep in obj.children:
            if prep.dep_ == "prep" and prep.lower_ in ("in", "on", "during"):
                preps += [(prep.lower_, p) for p in prep.children if p.dep_ == "pobj" and helper.is_absolute_time(p)]
    times = [(p, o) for p, o in preps if helper.is_absolute_time(o)]

    subject_phrases = [p for p in (helper.phrase(s, as_subject=True) for s, _ in subjects) if p is not None]
    for child in children:
        if child.dep_ == "oprd" and subject_phrases:
            # "Tomas Varga was appointed chief financial officer of Rivelle Motors" → (Varga, chief financial officer of, ...)
            yield from _role_facts_en(child, subject_phrases, sentence, helper, emit)
    common_subject = False
    if not subject_phrases:
        # "Repairs to the Vasa bridge cost 41 million euros": a thing as subject, kept only
        # with a named object or a number (below), never thing–verb–thing
        subject_phrases = [p for p in (helper.phrase(s, common=True) for s, _ in subjects) if p is not None]
        common_subject = bool(subject_phrases)
    if not subject_phrases:
        return
    # A quantity is true of a period: "sold 2139 cars in October" → (X, sell in October,
    # 2139 cars). A fact about named things ("acquired Y in March") holds without its date.
    time_suffix = ""
    if times:
        preposition, when = times[0]
        when_ent = helper.ent_of.get(when.i)
        time_suffix = _join(preposition, when_ent.text if when_ent is not None else when.text)
    folded_time = False
    prep_facts = False
    for obj, object_phrase in named_objects:
        quantity = any(t.like_num for t in obj.subtree) and object_phrase[1] in (None, "MISC")
        relation = _join(base, time_suffix) if quantity else base
        folded_time = folded_time or (quantity and bool(time_suffix))
        for subject_phrase in subject_phrases:
            yield emit(subject_phrase, relation, object_phrase)
    for preposition, pobj in preps:
        if folded_time and (preposition, pobj) == times[0]:
            continue  # part of the quantity fact above
        if named_objects:
            # "founded Tidewave Robotics in Rotterdam": (X, found in, Rotterdam) would drop
            # what was founded; the fact about the named object stands on its own
            continue
        object_phrase = helper.phrase(pobj)
        if object_phrase is None:
            continue
        middle = helper.plain_text(plain_object) if plain_object is not None and not named_objects else ""
        relation = _join(base, middle, preposition)
        prep_facts = True
        for subject_phrase in subject_phrases:
            yield emit(subject_phrase, relation, object_phrase)
    if plain_object is not None and not named_objects and not common_subject and not prep_facts:
        # "Marcus Hale opened the new library" → (Marcus Hale, open, new library): a named
        # subject doing something to a thing (thing–verb–thing is never kept)
        thing = helper.phrase(plain_object, common=True)
        named_in_thing = [named for named in _named_prep_objects(plain_object, helper)
                          if thing is not None and thing[0].endswith(named[0])]
        if thing is not None and not named_in_thing:
            # "join the board of Lumen Energy" is asked by its name below ("Which organization will
            # Henrik Dahl join the board of?"); "What will he join? -> the board of Lumen Energy" asks it twice
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, base, thing)
    if plain_object is not None and not named_objects:
        # "announced a partnership with OpenAI" → (X, announce a partnership with, OpenAI)
        for prep in plain_object.children:
            if prep.dep_ != "prep":
                continue
            for pobj in prep.children:
                if pobj.dep_ != "pobj" or helper.is_time(pobj):
                    continue
                for conjunct in _EnSentence.with_conjuncts(pobj):
                    object_phrase = helper.phrase(conjunct)
                    if object_phrase is None:
                        continue
                    relation = _join(base, helper.plain_text(plain_object), prep.lower_)
                    for subject_phrase in subject_phrases:
                        yield emit(subject_phrase, relation, object_phrase)


def _named_prep_objects(noun, helper: _EnSentence) -> list[tuple[str, str | None]]:
    """Names in the prepositional phrases of a common noun: "the board of Lumen Energy" -> Lumen Energy."""
    found = []
    for prep in noun.children:
        if prep.dep_ == "prep":
            for pobj in prep.children:
                if pobj.dep_ == "pobj" and not helper.is_time(pobj):
                    found += [p for p in (helper.phrase(c) for c in _EnSentence.with_conjuncts(pobj)) if p is not None]
    return found


def _copular_facts_en(verb, children, subjects, sentence: str, helper: _EnSentence, emit=None) -> Iterator[_Fact]:
    """"X is the CEO of Y" → (X, CEO of, Y); "X is Y" (Y named) → (X, be, Y); "X is based in Y"."""
    subject_phrases = [p for p in (helper.phrase(s, as_subject=True) for s, _ in subjects) if p is not None]
    if not subject_phrases:
        return
    for child in children:
        if child.dep_ == "attr":
            for attribute in _EnSentence.with_conjuncts(child):
                yield from _role_facts_en(attribute, subject_phrases, sentence, helper, emit)
        elif child.dep_ == "acomp":
            # "X is responsible for Y"
            for prep in child.children:
                if prep.dep_ != "prep":
                    continue
                for pobj in prep.children:
                    if pobj.dep_ == "pobj":
                        object_phrase = helper.phrase(pobj)
                        if object_phrase is not None:
                            relation = _join("be", child.lower_, prep.lower_)
                            for subject_phrase in subject_phrases:
                                yield emit(subject_phrase, relation, object_phrase)
        elif child.dep_ == "prep":
            # "X is in Y" is rarely a fact worth a question; "X is at Y" neither: skipped
            continue


def _role_facts_en(noun, subject_phrases, sentence: str, helper: _EnSentence, emit=None) -> Iterator[_Fact]:
    """A role noun with a prepositional entity ("CEO of Y") links each subject to Y."""
    emit = emit or _Emitter(sentence, "asserted", "")
    produced = False
    # "the largest utility in western Norway": with a superlative, "in" names the field of the role
    superlative = any(t.tag_ == "JJS" for t in noun.lefts)
    for prep in noun.children:
        if prep.dep_ != "prep" or (prep.lower_ not in _EN_COPULA_NOUN_PREPS and not (superlative and prep.lower_ == "in")):
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj":
                continue
            role = _join(_role_text(noun), prep.lower_)
            targets = [(c, role) for c in _EnSentence.with_conjuncts(pobj)]
            if helper.phrase(pobj) is None and prep.lower_ == "of":
                # "head of sales at Ferrox Steel": the organisation hangs off the department
                targets += [(inner, _join(role, pobj.text, prep2.lower_))
                            for prep2 in pobj.children if prep2.dep_ == "prep" and prep2.lower_ in _EN_COPULA_NOUN_PREPS
                            for inner in prep2.children if inner.dep_ == "pobj"]
            for conjunct, relation in targets:
                object_phrase = helper.phrase(conjunct)
                if object_phrase is None:
                    continue
                for subject_phrase in subject_phrases:
                    produced = True
                    yield emit(subject_phrase, relation, object_phrase)
    if not produced:
        object_phrase = helper.phrase(noun)
        if object_phrase is not None and object_phrase[1] is not None:
            for subject_phrase in subject_phrases:
                yield emit(subject_phrase, "be", object_phrase)


def _role_text(noun) -> str:
    """"the chief executive officer" → "chief executive officer" (modifiers kept, determiner dropped)."""
    left = [t for t in noun.lefts if t.dep_ in ("amod", "compound")]
    return " ".join([t.text for t in left] + [noun.text])


def _appositive_facts_en(appos, sentence: str, helper: _EnSentence) -> Iterator[_Fact]:
    """"Anna Berg, the CEO of Harbour Logistics," → (Anna Berg, CEO of, Harbour Logistics)."""
    anchor = helper.phrase(appos.head, as_subject=True)
    if anchor is None or appos.i in helper.ent_of:
        return  # "X, Y," with Y itself a named entity: an alias, not a relation
    yield from _role_facts_en(appos, [anchor], sentence, helper)


