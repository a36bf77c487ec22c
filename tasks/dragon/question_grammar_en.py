"""English checks of the question-grammar filter (``question_grammar``): one function per check.

Each check reads a :class:`~tasks.dragon.question_grammar.QuestionView` and returns a
:class:`~tasks.dragon.question_grammar.Finding` (its code and a one-line reason) or None. Add a
check by writing it here under ``@code("...")`` and listing it in :data:`CHECKS`.

The checks read the finished question the way a reader does: its own spaCy parse (one per text,
cached: :func:`parse`), its answers, and the sentences it was written from (``QuestionView.sentences``:
the edges' sentences in the flow, the references on a judged sheet). None needs the edges to fire;
where the edges record a type, ``wh_word_type`` reads it.

Groups:

- the question word against what the answer is (``wh_word_type``, ``wh_word_answer``);
- names as the sentences write them (``stray_capital``, ``cut_name``, ``dropped_article``);
- the verb's frame (``missing_complement``, ``bad_passive``, ``particle_after_object``);
- tense and modality against the sentences (``tense_clash``);
- a referent the question cannot name (``vague_referent``).
"""
from __future__ import annotations

import re
from functools import lru_cache

from tasks.dragon.question_grammar import Finding, QuestionView, code


@lru_cache(maxsize=8192)
def parse(text: str):
    """The spaCy parse of one text (a question, an answer or a sentence), shared by every check."""
    from benchmill import nlp

    return nlp.spacy_en()(text)


# ---------------------------------------------------------------- the question word and the answer

_WH = re.compile(r"^\s*(who|whom|where|when)\b", re.IGNORECASE)
#: the answer types each opening question word can ask for (None: the edges record no type)
_WH_TYPES = {
    "who": {"person", "org", None},
    "whom": {"person", "org", None},
    "where": {"place", "org", None},
    "when": {"date", None},
}


@code("wh_word_type")
def wh_word_type(q: QuestionView) -> Finding | None:
    """A question opening with who/where/when whose answer is recorded as a thing that word cannot ask for."""
    match = _WH.match(q.question)
    if not match or not q.answer_nodes:
        return None
    word = match.group(1).lower()
    types = {q.node_type(node) for node in q.answer_nodes}
    wrong = sorted(t for t in types if t not in _WH_TYPES[word])
    if not wrong:
        return None
    return Finding("wh_word_type", f"{word!r} asks for a {'/'.join(wrong)} answer")


_MONTHS = "january february march april may june july august september october november december".split()
_DATE = re.compile(rf"^(?:the\s+)?(?:(?:early|late|mid|the\s+end\s+of|the\s+spring\s+of|the\s+autumn\s+of)\s+)?"
                   rf"(?:\d{{1,2}}\s+)?(?:{'|'.join(_MONTHS)}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b"
                   rf"|^(?:in\s+)?(?:1[89]|20)\d\d$|^(?:spring|summer|autumn|winter|monday|tuesday|wednesday|thursday"
                   rf"|friday|saturday|sunday)\b", re.IGNORECASE)
_AMOUNT = re.compile(r"^(?:about|around|almost|nearly|more\s+than|fewer\s+than|less\s+than|over|under|up\s+to|some"
                     r"|another|at\s+least|the)?\s*[\d$£€¥]", re.IGNORECASE)


def _bare(label: str) -> str:
    return re.sub(r"^(?:the|a|an)\s+", "", label.strip())


def _spans(label: str, sentences) -> list:
    """The spans of ``label`` (its leading article aside) in each sentence that writes it, parsed."""
    bare = _bare(label)
    if not bare:
        return []
    out = []
    for sentence in sentences:
        for match in re.finditer(rf"(?<![\w-]){re.escape(bare)}(?![\w-])", sentence):
            span = parse(sentence).char_span(match.start(), match.end(), alignment_mode="expand")
            if span is not None:
                out.append(span)
    return out


def answer_kind(answer: str, sentences) -> str | None:
    """What an answer is, read from its own words and the way its sentences write it: "date", "amount",
    "person", "place" (a town, a region: what "where" asks for), "thing" (a named castle, road, ferry,
    league: no body of people), "org", or None when nothing says."""
    from tasks.dragon.questions_en_names import (common_head, org_evidence, person_evidence, text_class,
                                                 thing_class, written_with_the)

    answer = answer.strip()
    if not answer:
        return None
    if _DATE.match(answer):
        return "date"
    if _AMOUNT.match(answer):
        return "amount"
    label = _bare(answer)
    if not label[:1].isupper():
        return None
    if org_evidence(label):
        return "org"
    if thing_class(label) or common_head(answer):
        return "thing"
    if text_class(label, list(sentences)) in _THING_NOUNS:
        return "thing"
    if person_evidence(label, list(sentences)):
        return "person"
    if _place_evidence(label, sentences):
        return "place"
    return None


#: class nouns of things that are no body of people: vessels, vehicles, buildings, roads, places
_THING_NOUNS = frozenset("""
    ferry ship vessel boat yacht schooner tanker trawler liner train locomotive aircraft plane jet bus car
    building venue arena stadium castle tower bridge road street highway motorway lane route line railway tunnel
    terminal port harbour harbor pier quay village town city county region island district ward neighbourhood
    neighborhood suburb province state country river lake mountain valley beach park estate farm
    """.split())
#: verbs of going and staying somewhere: a name after their "to", "in", "from" is a place
_PLACE_VERBS = frozenset("""
    move relocate travel go come return head tour fly sail drive arrive start finish live grow settle base
    locate born raise emigrate commute stay visit
    """.split())

#: nouns of a journey: a name after their "to" or "from" is a place ("a tour to Arden")
_JOURNEY_NOUNS = frozenset("tour trip journey flight visit voyage sailing crossing move return".split())


def _place_evidence(label: str, sentences, ner: bool = True) -> bool:
    """Do the sentences write ``label`` as a place: a town or region by spaCy's entity label, after a
    verb of going or staying and "to"/"in"/"from" ("moved to Kelby", "travel to Arden"), or before
    "-based" ("the Arden-based firm")?"""
    for span in _spans(label, sentences):
        doc = span.doc
        if ner and any(e.start == span.start and e.end == span.end and e.label_ in ("GPE", "LOC") for e in doc.ents):
            return True
        if span.end < len(doc) and doc[span.end].text in ("-", "–") and span.end + 1 < len(doc) \
                and doc[span.end + 1].lower_ == "based":
            return True
        root = span.root
        if root.dep_ == "pobj" and root.head.lower_ in ("to", "in", "from", "near", "outside"):
            holder = root.head.head
            if holder.pos_ in ("VERB", "AUX") and holder.lemma_.lower() in _PLACE_VERBS \
                    or holder.pos_ == "NOUN" and holder.lemma_.lower() in _JOURNEY_NOUNS:
                return True
    return False


#: the question's opening and what answer kinds it cannot ask for
_ASKS = [
    (re.compile(r"^\s*which\s+organi[sz]ations?\b", re.I), "which organization", {"person", "place", "thing", "date", "amount"}),
    (re.compile(r"^\s*(?:who|whom)\b", re.I), "who", {"place", "thing", "date", "amount"}),
    (re.compile(r"^\s*where\b", re.I), "where", {"person", "date", "amount"}),
    (re.compile(r"^\s*(?:since\s+)?when\b", re.I), "when", {"person", "place", "thing", "org"}),
    (re.compile(r"^\s*what\b(?!\s+(?:is|was)\s+the\s+name\b)", re.I), "what", {"person", "date"}),
]


#: verbs whose object is an opponent (a team, a player): "What did the Gulls beat?" asks for one as a thing
_OPPONENT_VERBS = frozenset("beat defeat thrash edge overcome outplay".split())
_OPPONENT_PARTICLES = {"hold": "off", "see": "off", "fend": "off", "fight": "off", "knock": "out", "shut": "out"}
_STRANDED_PLACE_PREPOSITION = re.compile(r"\b(?:to|from|in|into|at|near)\s*\?\s*$", re.I)


def _opponent_verb(question: str) -> str | None:
    """The verb of beating an opponent that a question asks the object of, or None."""
    doc = parse(question)
    for token in doc:
        if token.pos_ not in ("VERB", "AUX"):
            continue
        lemma = token.lemma_.lower()
        if lemma in _OPPONENT_VERBS:
            return token.text
        particle = _OPPONENT_PARTICLES.get(lemma)
        if particle and any(c.dep_ == "prt" and c.lower_ == particle for c in token.children):
            return f"{token.text} {particle}"
    return None


@code("wh_word_answer")
def wh_word_answer(q: QuestionView) -> Finding | None:
    """A question word that cannot ask for what the answer is, read from the answer's own words (a
    "Castle", "Road", "League" at its end), the sentences' class noun ("the ferry X"), a person's age
    or title there, and how they write a place (spaCy's GPE, "moved to X", "X-based"): "Which
    organization" for a town, a castle or a person, "Who" for a place, "What" for a person (or for a
    place a stranded "to" leads to, or an opponent beaten), "Where" for a date."""
    for pattern, word, wrong in _ASKS:
        if pattern.match(q.question):
            break
    else:
        return None
    kinds = {a: answer_kind(a, q.sentences) for a in q.answers}
    bad = [a for a, kind in kinds.items() if kind in wrong]
    if bad:
        return Finding("wh_word_answer", f"{word!r} asks for no {kinds[bad[0]]}: the answer is {bad[0]!r}")
    if word != "what" or any(kind in ("amount", "date") for kind in kinds.values()):
        return None
    places = [a for a, kind in kinds.items() if kind == "place" and _place_evidence(a, q.sentences, ner=False)]
    if places and _STRANDED_PLACE_PREPOSITION.search(q.question):
        return Finding("wh_word_answer", f"'what ... {q.question.split()[-1].rstrip('?')}' asks for a thing where "
                                         f"the answer is a place ({places[0]!r}): 'where'")
    verb = _opponent_verb(q.question)
    if verb:
        return Finding("wh_word_answer", f"'what' asks for the opponent of {verb!r} as a thing: 'who' or 'which team'")
    return None


CHECKS = [wh_word_type, wh_word_answer]
