"""English checks of the question-grammar filter (``question_grammar``): one function per check.

Each check reads a :class:`~tasks.dragon.question_grammar.QuestionView` and returns a
:class:`~tasks.dragon.question_grammar.Finding` (its code and a one-line reason) or None. Add a
check by writing it here (or in ``question_grammar_en_names``) under ``@code("...")`` and listing
it in :data:`CHECKS`.

The checks read the finished question the way a reader does: its own spaCy parse (one per text,
cached: ``question_grammar_en_text.parse``), its answers, and the sentences it was written from
(``QuestionView.sentences``: the edges' sentences in the flow, the references on a judged sheet).
None needs the edges to fire; where the edges record a type, ``wh_word_type`` reads it. Word lists
here are facts of English (verbs that need a place, class nouns, question words), never names.

Groups:

- the question word against what the answer is (``wh_word_type``, ``wh_word_answer``);
- names and articles, in ``question_grammar_en_names`` (``stray_capital``, ``cut_name``,
  ``dropped_article``, ``added_article``, ``bare_noun``);
- the verb's frame (``missing_complement``, ``bad_passive``, ``particle_after_object``);
- tense against the sentences (``tense_clash``);
- a referent the question cannot name, a frame that does not fit its noun (``vague_referent``,
  ``role_frame``, ``person_as_thing``);
- agreement and word order (``agreement``, ``word_order``, ``repeated_verb``);
- checks from general rules of English, in ``question_grammar_en_rules`` (``how_many_noun``, ``voice_flip``,
  ``who_place``, ``name_lowercase``, ``possessor_gap``, ``article_sound``, ``det_number``, ``title_as_name``,
  ``org_in_place``);
- fidelity to the sentences, in ``question_grammar_fidelity`` (shared with Russian): ``dropped_word``,
  ``lost_complement`` (English), ``number_not_said``, ``verb_not_said``, ``capital_not_said``, ``dateline``.
"""
from __future__ import annotations

import re

from tasks.dragon.question_grammar import Finding, QuestionView, code
from tasks.dragon.question_grammar_en_names import (added_article, bare_noun, cut_name, dropped_article,
                                                    stray_capital)
from tasks.dragon.question_grammar_en_rules import CHECKS as RULE_CHECKS
from tasks.dragon.question_grammar_fidelity import CHECKS as FIDELITY_CHECKS
from tasks.dragon.question_grammar_en_text import NAME_WORD, bare, noun_phrase, parse, spans, verb_lemma
from tasks.dragon.questions_en_names import OPPONENT_VERBS
from tasks.dragon.questions_en_determiners import closed_span
from tasks.dragon.words_en import EN_MONTHS_AND_ABBREVIATIONS_PATTERN, EN_SEASONS, EN_WEEKDAYS


# ---------------------------------------------------------------- the question word and the answer

_WH = re.compile(r"^\s*(who|whom|where|when)\b", re.IGNORECASE)
#: the answer types each opening question word can ask for (None: the edges record no type)
_WH_TYPES = {
    "who": {"person", "org", None},
    "whom": {"person", "org", None},
    "where": {"place", "org", None},
    "when": {"date", None},
}


def _last_verb(question: str) -> str | None:
    """The lemma of the verb that ends a question ("Who did X beat?" -> "beat"), or None."""
    match = _VERB_LAST.match(question)
    return verb_lemma(match.group("verb")) if match else None


#: what the text must say an answer is to overrule the graph's type for each question word
_TEXT_FITS = {"who": {"person"}, "whom": {"person"}, "where": {"place"}, "when": {"date"}}


@code("wh_word_type")
def wh_word_type(q: QuestionView) -> Finding | None:
    """A question opening with who/where/when whose answer the edges record as a type that word cannot ask
    for. The graph's types come from a small tagger, so the text may overrule them: the sentences saying
    plainly the answer is what the word asks for ("grew up in Valencia", recorded as a person), a verb
    whose object is an opponent ("Who did the Comets beat?", a team recorded as a place), and the graph's
    "other" (no person, body, place, date or number) counts for who/where only where the answer's own words
    and sentences say thing or place too ("Who did the Gulls hold off?": a team the tagger missed)."""
    match = _WH.match(q.question)
    if not match or not q.answer_nodes:
        return None
    word = match.group(1).lower()
    types = {q.node_type(node) for node in q.answer_nodes}
    wrong = sorted(t for t in types if t not in _WH_TYPES[word])
    if not wrong:
        return None
    if word in ("who", "whom") and (_opponent_verb(q.question) or _last_verb(q.question) in OPPONENT_VERBS):
        return None
    read = {answer_kind(a, q.sentences) for a in q.answers}
    if read <= _TEXT_FITS[word]:
        return None
    if wrong == ["other"] and word in ("who", "whom", "where"):
        if not read & ({"thing", "place", "amount", "date"} - ({"place"} if word == "where" else set())):
            return None
    return Finding("wh_word_type", f"{word!r} asks for a {'/'.join(wrong)} answer")


_DATE = re.compile(rf"^(?:the\s+)?(?:(?:early|late|mid|the\s+end\s+of|the\s+spring\s+of|the\s+autumn\s+of)\s+)?"
                   rf"(?:\d{{1,2}}\s+)?(?:{EN_MONTHS_AND_ABBREVIATIONS_PATTERN})\b"
                   rf"|^(?:in\s+)?(?:1[89]|20)\d\d$|^(?:{'|'.join(sorted(EN_SEASONS) + list(EN_WEEKDAYS))})\b", re.IGNORECASE)
_AMOUNT = re.compile(r"^(?:about|around|almost|nearly|more\s+than|fewer\s+than|less\s+than|over|under|up\s+to|some"
                     r"|another|at\s+least|the)?\s*[\d$£€¥]", re.IGNORECASE)


def answer_kind(answer: str, sentences) -> str | None:
    """What an answer is, read from its own words and the way its sentences write it: "date", "amount",
    "person", "place" (a town, a region: what "where" asks for), "thing" (a named castle, road, ferry,
    league: no body of people), "org", or None when nothing says."""
    from tasks.dragon.questions_en_names import (_AMBIGUOUS_PLURAL_HEADS, common_head, name_head, org_evidence,
                                                 person_evidence, text_class, thing_class)

    answer = answer.strip()
    if not answer or len(answer.split()) > 8 or answer.endswith("."):
        return None  # a sentence given as the answer says no kind
    if _DATE.match(answer):
        return "date"
    if _AMOUNT.match(answer):
        return "amount"
    label = bare(answer)
    if not label[:1].isupper():
        return None
    if org_evidence(label):
        return "org"
    if thing_class(label) or common_head(answer) or name_head(label) in _GROUND_HEADS and len(label.split()) > 1:
        return "thing"
    if answer.startswith("the ") and name_head(label) in _AMBIGUOUS_PLURAL_HEADS:
        return "thing"  # "the Core Valleys Lines": a network (a company of that name is written bare)
    if text_class(label, list(sentences)) in _THING_NOUNS:
        return "thing"
    if person_evidence(label, list(sentences)):
        return "person"
    if _place_evidence(label, sentences):
        return "place"
    return None


#: heads of names of venues and grounds: places an organisation owns or plays at, not organisations
_GROUND_HEADS = frozenset("arena stadium pavilion ground grounds velodrome racecourse".split())
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
    from tasks.dragon.questions_en_names import written_with_the

    by_verb = not written_with_the(label, list(sentences))  # "from the Alfred": an institution, no town
    for span in spans(label, sentences):
        doc = span.doc
        if ner and by_verb and any(e.start == span.start and e.end == span.end and e.label_ in ("GPE", "LOC") for e in doc.ents):
            return True
        if span.end < len(doc) and doc[span.end].text in ("-", "–") and span.end + 1 < len(doc) \
                and doc[span.end + 1].lower_ == "based":
            return True
        root = span.root
        if by_verb and root.dep_ == "pobj" and root.head.lower_ in ("to", "in", "from", "near", "outside"):
            holder = root.head.head
            if holder.pos_ in ("VERB", "AUX") and holder.lemma_.lower() in _PLACE_VERBS \
                    or holder.pos_ == "NOUN" and holder.lemma_.lower() in _JOURNEY_NOUNS:
                return True
            if root.head.lower_ == "to" and holder.pos_ == "VERB" and any(
                    c.dep_ == "dobj" and c.lemma_.lower() in _JOURNEY_NOUNS for c in holder.children):
                return True  # "cancelled its tour to Arden": the parser hangs "to" on the verb
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
#: verbs whose object is a thing owned: a company bought is no "who"
_ACQUIRING_VERBS = frozenset("buy acquire purchase own".split())
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


#: verbs whose two ends are things of one kind: what a ferry replaces is a ferry
_SAME_KIND_VERBS = frozenset("replace succeed supersede".split())


def _replaced_thing(q: QuestionView) -> bool:
    """Do the edges say the answer is what a thing (the graph's "other": no body, person or place)
    replaces or is replaced by? Then the answer is a thing too."""
    for edge in q.edges:
        if verb_lemma(edge.relation.split()[0]) not in _SAME_KIND_VERBS:
            continue
        if edge.tail in q.answer_nodes and edge.head_type == "other" or edge.head in q.answer_nodes and edge.tail_type == "other":
            return True
    return False


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
    if word == "which organization" and _replaced_thing(q):
        kinds = {a: kind or "thing" for a, kind in kinds.items()}
    bad = [a for a, kind in kinds.items() if kind in wrong]
    if bad:
        return Finding("wh_word_answer", f"{word!r} asks for no {kinds[bad[0]]}: the answer is {bad[0]!r}")
    if word == "who" and "org" in kinds.values():
        last = _VERB_LAST.match(q.question)
        if last and verb_lemma(last.group("verb")) in _ACQUIRING_VERBS:
            return Finding("wh_word_answer", f"'who' asks for a company bought as a person: the answer is "
                                             f"{next(a for a, k in kinds.items() if k == 'org')!r}")
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


# ---------------------------------------------------------------- the verb's frame

_AUX = r"(?:did|does|do|will|would|could|can|should|may|might|must|has|have|had|is|are|was|were)"
#: a question whose clause ends with its verb: wh-phrase, auxiliary, subject, verb, "?"
_VERB_LAST = re.compile(rf"^\s*(?P<wh>(?:since\s+)?(?:when|where|why|how(?:\s+(?:many|much|long|often)(?:\s+[\w-]+)*?)?"
                        rf"|who|whom|what|which(?:\s+[\w-]+)+?))\s+(?P<aux>{_AUX})\s+(?P<subject>.+?)\s+(?P<verb>[a-z]+)\s*\?\s*$",
                        re.IGNORECASE)
#: words that need a preposition after them ("according to")
_NEEDS_PREPOSITION = {"according": "to", "due": "to", "owing": "to", "instead": "of", "regardless": "of"}


@code("missing_complement")
def missing_complement(q: QuestionView) -> Finding | None:
    """A word left without the preposition it needs: "according" without "to". (A verb left without what its
    sentence gives it, "When did X plead?", is ``question_grammar_fidelity.lost_complement``; a post without its
    "of" phrase, "Where was X the former head?", is there too.)"""
    words = re.findall(r"[\w'’-]+|\?", q.question.lower())
    for i, word in enumerate(words):
        needed = _NEEDS_PREPOSITION.get(word)
        if needed and (i + 1 >= len(words) or words[i + 1] != needed):
            return Finding("missing_complement", f"{word!r} without {needed!r}")
    return None


#: verbs with no passive: "was graduated", "was arrived"
_NO_PASSIVE = frozenset("graduate arrive retire die happen occur emerge originate exist remain".split())
#: verbs whose to-infinitive object has no passive with an agent: "was agreed by X to buy"
_CONTROL_NO_PASSIVE = frozenset("agree decide hope want try attempt aim plan intend vow refuse".split())
#: verbs a passive may keep an object after ("was given a fine", "was named player of the year")
_DOUBLE_OBJECT = frozenset("""
    give award offer send tell show promise grant hand pay name elect appoint call make deny charge fine ask teach
    lend owe cost allow refuse leave vote crown dub title label consider find sentence ban bar order
    """.split())


@code("bad_passive")
def bad_passive(q: QuestionView) -> Finding | None:
    """A passive English has not got: of a verb without an object ("was Gabriel graduated from"), of a verb
    whose object is a to-infinitive, with an agent ("was agreed by X to buy"), or one keeping a direct
    object of a verb that takes one object only ("was directed the sold-out run")."""
    be = r"(?:is|are|was|were|been|being|be)"
    found = re.search(rf"\b{be}\b(?:\s+[A-Z][\w'’.-]*)*\s+(\w+ed)\b", q.question)
    if found and verb_lemma(found.group(1)) in _NO_PASSIVE:
        return Finding("bad_passive", f"{found.group(0)!r}: {verb_lemma(found.group(1))!r} has no passive")
    found = re.search(rf"\b{be}\s+(\w+ed)\s+by\s+.+?\s+to\s+[a-z]+", q.question)
    if found and verb_lemma(found.group(1)) in _CONTROL_NO_PASSIVE:
        return Finding("bad_passive", f"{found.group(0)!r}: no passive of {verb_lemma(found.group(1))!r} with a to-infinitive")
    for token in parse(q.question):
        if token.tag_ != "VBN" or not any(c.dep_ == "auxpass" for c in token.children):
            continue
        objects = [c for c in token.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")]
        if objects and token.lemma_.lower() not in _DOUBLE_OBJECT:
            return Finding("bad_passive", f"passive {token.text!r} with a direct object "
                                          f"{noun_phrase(objects[0]).text!r}")
    return None


@code("particle_after_object")
def particle_after_object(q: QuestionView) -> Finding | None:
    """A phrasal verb's particle moved after a counted object that the sentences write after it ("handed
    nine assists out" where the text says "handed out nine assists")."""
    for particle in parse(q.question):
        if particle.dep_ != "prt":
            continue
        verb = particle.head if particle.head.pos_ == "VERB" else particle.head.head  # or hung on the object
        objects = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") and c.i < particle.i]
        if verb.pos_ != "VERB" or not objects:
            continue
        phrase = f"{verb.text} {particle.text}"
        if any(re.search(rf"\b{re.escape(phrase)}\s+(?:\w+\s+)?{re.escape(objects[0].text)}\b", s) for s in q.sentences):
            return Finding("particle_after_object", f"{phrase!r} split by {noun_phrase(objects[0]).text!r}: "
                                                    f"the sentences write {phrase!r} before it")
    return None


# ---------------------------------------------------------------- tense against the sentences

def _tenses(doc, lemma: str) -> set[str]:
    """How a sentence writes verb ``lemma``: "past", "present", "perfect", "pluperfect", "future"."""
    out = set()
    for token in doc:
        if token.pos_ not in ("VERB", "AUX") or token.lemma_.lower() != lemma or token.dep_ in ("amod", "compound"):
            continue
        auxes = [c for c in token.children if c.dep_ in ("aux", "auxpass")]
        words = {a.lower_ for a in auxes}
        if words & {"had"}:
            out.add("pluperfect")
        elif words & {"has", "have", "'ve"}:
            out.add("perfect")
        elif words & {"will", "would", "'ll", "shall", "may", "might", "could", "can", "should", "must", "to"} \
                or token.tag_ == "VB" and not words & {"did", "does", "do"}:
            out.add("future")
        elif words & {"was", "were", "did"} or token.tag_ == "VBD":
            out.add("past")
        elif words & {"is", "are", "am", "'s", "'re", "does", "do"} or token.tag_ in ("VBZ", "VBP"):
            out.add("present")
        elif token.tag_ == "VBG" and token.dep_ in ("acl", "relcl") and any(c.lower_ == "being" for c in token.children):
            out.add("present")  # "a project being developed by X"
        elif token.tag_ == "VBN" and token.dep_ == "acl" and any(c.lower_ == "being" for c in token.children):
            out.add("present")
    return out


_POST = r"((?:[a-z-]+\s+){0,2}[a-z-]+)"
#: a post asked in the present: "is X the treasurer of", "X is the treasurer of", "whose treasurer is"
_PRESENT_POST = re.compile(rf"\b(?:is|are)\s+(?:[A-Z][\w'’.-]*\s+)+(?:the|a|an)\s+{_POST}\s+(?:of|at)\b"
                           rf"|\b[A-Z][\w'’.-]*\s+(?:is|are)\s+(?:the|a|an)\s+{_POST}\s+(?:of|at)\b"
                           rf"|\bwhose\s+{_POST}\s+is\b")


@code("tense_clash")
def tense_clash(q: QuestionView) -> Finding | None:
    """A tense the sentences contradict: "since" with a simple past ("What did X draw since 2022?"), a
    present perfect for what they write in the pluperfect ("has backed" of "had backed ... until"), or a
    simple past for what every sentence writes in the present ("Which company did X own?" of "which is owned
    by X", "Where did United play their home games?" of "United play their home games at ...")."""
    for role in _PRESENT_POST.finditer(q.question):
        post = role.group(1) or role.group(2) or role.group(3)
        ended = re.compile(rf"\b(?:had\s+been|former|ex-|was\s+formerly)\s+(?:the\s+|a\s+)?(?:[\w-]+\s+)?{re.escape(post)}\b", re.I)
        current = re.compile(rf"\b(?:is|remains|current)\s+(?:the\s+|a\s+)?{re.escape(post)}\b", re.I)
        closed = any(closed_span(s, re.escape(post.split()[-1])) for s in q.sentences)  # "from 2015 to 2023"
        if (closed or any(ended.search(s) for s in q.sentences)) and not any(current.search(s) for s in q.sentences):
            return Finding("tense_clash", f"{post!r} asked in the present where the sentences say the post has ended")
    last = _VERB_LAST.match(q.question)
    if last and last.group("aux").lower() == "did" and q.sentences:
        verb = last.group("verb").lower()
        lemma = verb_lemma(verb) or verb
        theirs = set().union(*(_tenses(parse(s), lemma) | _tenses(parse(s), verb) for s in q.sentences))
        if lemma not in ("be", "have") and theirs == {"present"}:
            return Finding("tense_clash", f"past 'did ... {verb}' where the sentences write {lemma!r} in the present")
    doc = parse(q.question)
    for token in doc:
        if token.pos_ not in ("VERB", "AUX") or token.dep_ in ("amod", "compound", "aux", "auxpass") \
                or token.lemma_.lower() in ("be", "have"):
            continue
        mine = _tenses(doc, token.lemma_.lower())
        if "past" in mine and not any(c.lower_ in ("did", "was", "were") for c in token.children) \
                and re.search(r"\b(?:is|are|am)\b", q.question[:token.idx]):
            continue  # "Where is X located?": the parser's VBD for a participle
        if "past" in mine and any(c.lower_ in ("does", "do") for c in token.children):
            continue  # "Where does X run a guesthouse?": do-support says present, whatever the tag of "run"
        since = any(c.lower_ == "since" for c in token.children) or q.question.lower().startswith("since")
        if since and "past" in mine and not mine & {"perfect", "pluperfect"}:
            from tasks.dragon.questions_base import NoTemplate
            from tasks.dragon.questions_en_verbs import en_participle

            try:
                perfect = f"'has/have {en_participle(token.lemma_.lower())}'"
            except NoTemplate:
                perfect = "the present perfect"
            return Finding("tense_clash", f"'since' with the simple past {token.text!r}: {perfect}")
        theirs = set().union(*(_tenses(parse(s), token.lemma_.lower()) for s in q.sentences)) if q.sentences else set()
        if not theirs:
            continue
        if mine == {"perfect"} and theirs == {"pluperfect"}:
            return Finding("tense_clash", f"present perfect of {token.lemma_!r} where the sentences write the pluperfect: "
                                          f"it has ended")
        if mine == {"past"} and theirs == {"present"}:
            return Finding("tense_clash", f"past {token.text!r} where the sentences write {token.lemma_!r} in the present")
    return None


# ---------------------------------------------------------------- a referent the question cannot name

#: class nouns a news text uses to refer back to a named thing ("the company", "the race"): in a question
#: read alone they say not which one
_BACK_REFERENCE_NOUNS = frozenset("""
    company firm business group club team side race marathon tournament championship match game festival event
    building venue stadium arena ground stand site project scheme plant factory attack deal takeover merger city
    town village band league competition charity
    """.split())


#: a sum of money, with no noun of its own, as the subject of an inverted question or a relative clause ("Which
#: highway was $23,000 taken from?", "Which organization will £1 go to?", "the highway that $23,000 was taken from")
_BARE_SUM_SUBJECT = re.compile(r"\b(?P<lead>is|are|was|were|will|would|could|can|may|might|has|have|had|did|does|do|that|which)"
                               r"\s+(?P<sum>[$£€]\s?\d[\d,.]*(?:\s+(?:million|billion|thousand|m|bn))?)"
                               r"\s+(?:(?:is|are|was|were|will|would|could|has|have|had)\s+(?:been\s+|be\s+)?)?(?P<verb>[a-z]+)\b")


@code("vague_referent")
def vague_referent(q: QuestionView) -> Finding | None:
    """A definite class noun standing where a name must be ("When did X convert the building?", "Since when
    has X led the company?", "Where will the 2027 race start?"): the text's reference back to a thing it named
    before, which a reader of the question alone cannot resolve; so is a bare sum of money as a subject ("Which
    highway was $23,000 taken from?"). A noun that a phrase after it pins down ("the
    company that ...", "the city of Kelby") and the templates' "the organization that" pass."""
    than = re.search(r"\bthan\b", q.question)
    compared = re.search(rf"\bthe\s+([a-z]+er)\s+({NAME_WORD}(?:\s+{NAME_WORD})*)", q.question)
    coordinated = compared and re.search(r"\b(?:and|or)\s+$", q.question[:compared.start()])
    if compared and not than and not coordinated and parse(compared.group(1))[0].tag_ == "JJR":
        return Finding("vague_referent", f"'the {compared.group(1)} {compared.group(2)}': a comparison with nothing "
                                         f"to compare it with")
    sum_ = _BARE_SUM_SUBJECT.search(q.question)
    if sum_ and sum_.group("lead").lower() in ("has", "have", "had") and sum_.group("verb").lower() != "been":
        sum_ = None  # "Which club has $2 million left?": the sum is have's object; "has $2 million been spent" asks it
    if sum_ and verb_lemma(sum_.group("verb").lower()):
        return Finding("vague_referent", f"{sum_.group('sum')!r} is the subject of {sum_.group('verb')!r}: a sum of "
                                         f"money said alone names a thing only inside its article")
    doc = parse(q.question)
    for token in doc:
        if token.pos_ != "NOUN" or token.lemma_.lower() not in _BACK_REFERENCE_NOUNS or token.dep_ == "compound":
            continue
        if not any(c.dep_ == "det" and c.lower_ == "the" for c in token.children):
            continue
        if any(c.dep_ in ("prep", "relcl", "acl", "appos") or c.pos_ == "PROPN" for c in token.children):
            continue
        if token.tag_ == "NN" and any(c.dep_ == "case" for c in token.children) and any(
                t.pos_ == "PROPN" for t in doc[:token.i]):
            continue  # "..., the company's highest figure": its own name stands before it in the question
        after = doc[token.i + 1] if token.i + 1 < len(doc) else None
        if after is not None and (after.lower_ in ("that", "which", "whose", "where", "of", "who") or after.pos_ == "PROPN"):
            continue
        phrase = doc[token.left_edge.i:token.i + 1].text
        return Finding("vague_referent", f"{phrase!r} says not which {token.lemma_.lower()}: a reference back to a name")
    return None


# ---------------------------------------------------------------- what the template's frame says of a noun

_ROLE_FRAME = re.compile(rf"(?:^\s*(?:[Ww]hat|[Ww]here)\s+(?:is|was|are|were)\s+(?P<a>{NAME_WORD}(?:\s+{NAME_WORD})*)"
                         rf"|\bwhere\s+(?P<b>{NAME_WORD}(?:\s+{NAME_WORD})*)\s+(?:is|was|are|were))"
                         rf"\s+(?:the|a|an)\s+(?P<role>[a-z][\w-]*(?:\s+(?!of\b|that\b|at\b)[a-z][\w-]*){{0,3}})"
                         rf"(?:\s+(?:of|at|for|in)\b[^?]*)?\s*\?")


@code("role_frame")
def role_frame(q: QuestionView) -> Finding | None:
    """"What is X the N of?", "Where is X the N?": the frame of a post someone holds, filled with a noun that
    is no post ("Where is Kelby Cider the distillery?", "What is Ada Quist the farm at?"): the relation was
    a thing's description or a verb, and the question says a name holds it as a role."""
    from tasks.dragon.questions_en_names import _person_word, agent_noun

    for match in _ROLE_FRAME.finditer(q.question):
        words = match.group("role").split()
        head = words[-1].lower() if words else ""
        if not head or head in ("name", "one") or agent_noun(head) or _person_word(head) or head in _POST_NOUNS:
            continue
        return Finding("role_frame", f"'{match.group('a') or match.group('b')} is the {match.group('role')}': "
                                     f"{head!r} is no post a name holds")
    return None


#: nouns of posts and standings that no agent suffix gives away
_POST_NOUNS = frozenset("""
    head chief chair captain coach boss president secretary treasurer mayor editor star ace principal dean
    host guest patron ambassador favourite favorite winner runner-up champion
    """.split())

#: nouns of people: "the person that X built" is a thing described as one
_ARTEFACT_VERBS = frozenset("""
    build design construct produce manufacture make renovate rebuild convert demolish restore publish release
    """.split())


@code("person_as_thing")
def person_as_thing(q: QuestionView) -> Finding | None:
    """"the person that X built": a template's "person" for what a verb of making has as its object (a
    building, a product), which cannot be a person."""
    for match in re.finditer(r"\bthe\s+person\s+(?:that|whom|who)\s+.+?\s+([a-z]+)\b(?=\s*(?:\?|$|and\b|,))",
                             q.question):
        if verb_lemma(match.group(1)) in _ARTEFACT_VERBS:
            return Finding("person_as_thing", f"'the person that ... {match.group(1)}': one "
                                              f"{verb_lemma(match.group(1))}s things, not people")
    return None


# ---------------------------------------------------------------- agreement and word order

#: verbs whose to-infinitive follows them directly: no object comes between ("agreed to buy X")
_INFINITIVE_VERBS = frozenset("agree decide hope plan aim refuse vow pledge attempt try fail seek".split())


@code("word_order")
def word_order(q: QuestionView) -> Finding | None:
    """An object put between a verb and the to-infinitive it takes directly, the infinitive left with no
    object ("Which firm agreed the company that X founded to buy?" for "agreed to buy the company ...")."""
    stative = re.search(r"\b(plans?|planned|aims?|hopes?|intends?|wants?)\s+to\s+(expect|know|believe|want|need|prefer|"
                        r"understand|like)\b", q.question)
    if stative:
        return Finding("word_order", f"'{stative.group(1)} to {stative.group(2)}': one does not plan a state")
    for match in re.finditer(r"\b(\w+)\s+((?:the|a|an)\s+[^?]+?)\s+to\s+([a-z]+)\s*\?", q.question):
        if verb_lemma(match.group(1)) in _INFINITIVE_VERBS and verb_lemma(match.group(3)):
            return Finding("word_order", f"{match.group(1)!r} takes 'to {match.group(3)}' directly: "
                                         f"{match.group(2)!r} stands between them")
    return None


#: nouns of one body: a verb of theirs in the singular takes "its", not "their"
_SINGULAR_BODIES = r"(?:organization|organisation|company|club|team|firm|group|band|council|side)"


@code("agreement")
def agreement(q: QuestionView) -> Finding | None:
    """Number that does not agree: a singular body with a singular verb and a plural "their" ("the
    organization that plays their home games"), or "was"/"is" with a plural subject ("Where was about 120
    homes flooded?")."""
    mixed = re.search(rf"\b{_SINGULAR_BODIES}\s+(?:(?:that\s+)?[^?]*?\band\s+)?(?:that\s+|which\s+)?([a-z]+s)\s+(?:\w+\s+){{0,2}}?"
                      rf"their\b", q.question, re.I)
    if mixed and verb_lemma(mixed.group(1)) and not mixed.group(1).endswith("ss"):
        return Finding("agreement", f"singular {mixed.group(1)!r} with plural 'their': 'its'")
    doc = parse(q.question)
    for token in doc:
        if token.lower_ not in ("was", "is", "has", "does") or token.i == 0 and token.lower_ != "was":
            continue
        subjects = [c for c in token.head.children if c.dep_ in ("nsubj", "nsubjpass")] if token.dep_ != "ROOT" \
            else [c for c in token.children if c.dep_ in ("nsubj", "nsubjpass")]
        plural = [s for s in subjects if s.tag_ == "NNS" and any(c.dep_ == "nummod" for c in s.children)]
        if plural:
            return Finding("agreement", f"{token.text!r} with the plural subject {noun_phrase(plural[0]).text!r}")
    return None


@code("repeated_verb")
def repeated_verb(q: QuestionView) -> Finding | None:
    """One verb said twice in coordinated clauses of one question ("Which play will open at X and will open on
    4 March?"): two facts of one verb joined without folding them into one clause."""
    doc = parse(q.question)
    seen: dict[str, str] = {}
    for token in doc:
        if token.pos_ != "VERB" or token.dep_ not in ("ROOT", "conj"):
            continue
        lemma = token.lemma_.lower()
        if lemma in seen:
            return Finding("repeated_verb", f"{lemma!r} twice ({seen[lemma]!r} ... {token.text!r}): one clause with "
                                            f"both complements")
        seen[lemma] = token.text
    return None


CHECKS = [wh_word_type, wh_word_answer, stray_capital, cut_name, dropped_article, added_article, bare_noun,
          missing_complement, bad_passive, particle_after_object, tense_clash, vague_referent, role_frame,
          person_as_thing, word_order, agreement, repeated_verb, *RULE_CHECKS, *FIDELITY_CHECKS]
