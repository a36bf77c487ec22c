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
    from tasks.dragon.questions_en_names import (_AMBIGUOUS_PLURAL_HEADS, common_head, name_head, org_evidence,
                                                 person_evidence, text_class, thing_class)

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
    if thing_class(label) or common_head(answer) or name_head(label) in _VENUE_HEADS and len(label.split()) > 1:
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
_VENUE_HEADS = frozenset("arena stadium pavilion ground grounds velodrome racecourse".split())
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
    if word == "who" and "org" in kinds.values():
        last = _VERB_LAST.match(q.question)
        if last and _verb_lemma(last.group("verb")) in _ACQUIRING_VERBS:
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


# ---------------------------------------------------------------- names as the sentences write them

_NAME_WORD = r"[A-Z][\w'’.&-]*"
#: a run of capitalised words (joined by "of", "for", "de" ...): a name as the question writes it
_NAME_RUN = re.compile(rf"(?<![\w'’-]){_NAME_WORD}(?:\s+(?:(?:of|for|de|du|la|von|van|der|upon|on|in)\s+)?{_NAME_WORD})*")


def _name_runs(question: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each capitalised run after the question's first word, a trailing "'s" off."""
    out = []
    for match in _NAME_RUN.finditer(question):
        if match.start() == 0:
            continue
        text = re.sub(r"['’]s?$", "", match.group(0).rstrip("."))
        out.append((match.start(), match.start() + len(text), text))
    return out


def _mentions(name: str, sentences) -> list[tuple[str, int, int]]:
    """(sentence, start, end) of each place the sentences write ``name`` as a whole word."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
    return [(s, m.start(), m.end()) for s in sentences for m in pattern.finditer(s)]


def _token_at(sentence: str, start: int, end: int):
    span = parse(sentence).char_span(start, end, alignment_mode="expand")
    return span[0] if span is not None and len(span) else None


@lru_cache(maxsize=1)
def _lexicon() -> tuple[frozenset[str], frozenset[str]]:
    """(every word spaCy's lemma tables know as a noun, verb, adjective or adverb; function words)."""
    from benchmill import nlp

    nlp_en = nlp.spacy_en()
    index = nlp_en.get_pipe("lemmatizer").lookups.get_table("lemma_index")
    words = frozenset(w for pos in ("noun", "verb", "adj", "adv") for w in index[pos])
    return words, frozenset(nlp_en.Defaults.stop_words)


def _common_word(word: str) -> bool:
    """A word of the language (a noun, verb, adjective, adverb, number or function word), not only a name."""
    words, stops = _lexicon()
    from tasks.dragon.questions_en_names import _NUMBER_WORDS

    return word in stops or word in _NUMBER_WORDS or word in words or word.rstrip("s") in words \
        or word.endswith("es") and word[:-2] in words or all(p in words for p in word.split("-"))


@code("stray_capital")
def stray_capital(q: QuestionView) -> Finding | None:
    """A common word capitalised inside the question because its sentence opened with it ("Where was
    About 120 homes flooded?", "Did Shares in X fall?"), or a dateline in capitals ("CARDIFF CROWN
    COURT"): the sentences write the word capitalised only at their start, and parse it there as no name."""
    for token in parse(q.question)[1:]:
        word = token.text
        if not word[:1].isupper() or not word[1:].replace("-", "").isalpha():
            continue
        if word.isupper() and len(word) > 3 and token.i + 1 < len(token.doc) and token.nbor().text.isupper() \
                and len(token.nbor().text) > 1:
            return Finding("stray_capital", f"{word} {token.nbor().text!r} is written in capitals: a dateline or heading, "
                                            f"no name")
        if not word[1:].replace("-", "").islower() or not _common_word(word.lower()):
            continue
        run = next((r for a, _, r in _name_runs(q.question) if a == token.idx), None)
        if run and len(run.split()) >= 3:
            from tasks.dragon.questions_en_names import drop_opening_noun

            first, rest = run.split(" ", 1)
            opened = [_token_at(s, 0, len(first)) for s, a, _ in _mentions(run, q.sentences)]
            if drop_opening_noun(run, list(q.sentences), _lexicon()[0]) != run \
                    and all(t is not None and t.pos_ == "NOUN" for t in opened):
                return Finding("stray_capital", f"{first!r} opens its sentence before the name {rest!r}: "
                                                f"a common noun capitalised, no part of the name")
        after = token.doc[token.i + 1:token.i + 3]
        if len(after) and (after[0].text[:1].isupper()
                           or len(after) == 2 and after[0].lower_ in ("of", "for") and after[1].text[:1].isupper()):
            continue  # "Transport for Wales", "Grand Pavilion": the first word of a name
        mentions = _mentions(word, q.sentences)
        if not mentions or any(start != len(s) - len(s.lstrip(" “\"'‘")) for s, start, _ in mentions):
            continue  # written capitalised inside a sentence too: a name's word
        tokens = [_token_at(s, a, b) for s, a, b in mentions]
        if all(t is not None and t.pos_ not in ("PROPN",) and t.ent_type_ not in ("PERSON", "ORG", "GPE", "LOC", "FAC")
               for t in tokens):
            return Finding("stray_capital", f"{word!r} is capitalised only because it opens its sentence "
                                            f"({tokens[0].pos_.lower()} there)")
    return None


def _extension(sentence: str, start: int, end: int) -> str | None:
    """The capitalised name word the sentence writes right before or after a mention, or None."""
    from tasks.dragon.questions_en_names import _HONORIFICS, _NOT_NAME_WORDS, _TITLE_WORDS

    doc = parse(sentence)
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None:
        return None
    for i in (span.start - 1, span.end):
        if not 0 <= i < len(doc):
            continue
        tok = doc[i]
        word = tok.text.lower().strip(".")
        if not tok.text[:1].isupper() or tok.pos_ != "PROPN" or word in _NOT_NAME_WORDS or word in _TITLE_WORDS \
                or word in _HONORIFICS or tok.text.isupper():
            continue
        if i == span.start - 1 and i > 0 and doc[i - 1].text in ("'s", "’s"):
            continue
        return tok.text
    return None


@code("cut_name")
def cut_name(q: QuestionView) -> Finding | None:
    """A name the question writes shorter than every sentence does: a capitalised word of the name
    left off before or after it ("Glas RFC" of "Cefn Glas RFC", "the Harbour City" of "the Harbour
    City Gulls", "Scotland" of "Police Scotland"), its lowercase class noun left off ("the Heart of
    Wales" of "the Heart of Wales line"), or a first name that shares the surname written after "and"
    ("Callum" of "the brothers Callum and Ewan Fairlie"); or a number stuck to it that the sentences
    never write there ("Okonkwo-Reid 27", a box score's). A surname alone is how news repeats a person
    and passes."""
    from tasks.dragon.questions_en_names import coordinated_first_name, person_evidence, with_class_noun

    sentences = list(q.sentences)
    for _, end, name in _name_runs(q.question):
        mentions = _mentions(name, sentences)
        if not mentions:
            continue
        number = re.match(r"\s+(\d+)\s+[a-z]", q.question[end:])
        if number and not any(re.match(rf"\s+{number.group(1)}\b", s[b:]) for s, _, b in mentions):
            return Finding("cut_name", f"'{name} {number.group(1)}': a number stuck to the name (a table's), which "
                                       f"the sentences never write with it")
        longer = [_extension(s, a, b) for s, a, b in mentions]
        if all(longer):
            whole = [w for w in longer]
            if len(name.split()) == 1 and (person_evidence(f"{whole[0]} {name}", sentences)
                                           or any(_token_at(s, a, b).ent_type_ == "PERSON" for s, a, b in mentions)):
                continue  # "Bevan" of "Carys Bevan": a surname
            return Finding("cut_name", f"{name!r} is cut: the sentences write it with {whole[0]!r}")
        with_noun = with_class_noun(name, sentences)
        if with_noun != name:
            return Finding("cut_name", f"{name!r} is cut: the sentences write {with_noun!r}")
        pair = coordinated_first_name(name, sentences)
        if pair is not None and pair[1]:
            return Finding("cut_name", f"{name!r} is a first name sharing a surname: {pair[0]!r}")
    return None


#: words before a name that stand for its article ("the", "its", a possessive)
_DETERMINERS = frozenset("the a an its their his her our your this that these those which what whose".split())


#: first words that make a name of a building or place take "the": "the National Indoor Arena", "the Royal
#: Kelby Hospital", "the Grand Pavilion"
_THE_ADJECTIVES = frozenset("""
    national royal grand international federal imperial metropolitan municipal regional provincial supreme
    """.split())


def _needs_the(name: str) -> str | None:
    """Why a name takes "the" by its own form, or None: an adjective of state or rank before a building's
    head ("National ... Arena"), or a common noun before "of" ("the University of Kelby", "the Tour of X")."""
    from tasks.dragon.questions_en_names import _NAMED_THING_HEADS, name_head

    words = name.split()
    if len(words) >= 2 and words[0].lower() in _THE_ADJECTIVES and name_head(name) in _NAMED_THING_HEADS:
        return f"a name opening with {words[0]!r}"
    if len(words) >= 3 and words[1] == "of" and words[0][1:].islower() and words[0].lower() in _lexicon()[0] \
            and words[0].lower() not in ("isle", "port", "mount", "lake", "cape", "bay", "fort"):
        return f"'{words[0]} of ...' names a thing by a common noun"
    return None


@code("dropped_article")
def dropped_article(q: QuestionView) -> Finding | None:
    """A name that takes "the" written bare in the question ("When will National Indoor Arena open?"):
    every sentence writing it puts "the" before it (not where it only modifies a noun after it, "the
    Kelby Rovers coach"), or its own form asks for it (:func:`_needs_the`)."""
    for start, _, name in _name_runs(q.question):
        before = q.question[:start].split()
        if before and (before[-1].lower() in _DETERMINERS or before[-1].endswith(("'s", "’s", "'"))):
            continue
        mentions = _mentions(name, q.sentences)
        bare = [m for m in mentions if m[0][:m[1]].split()[-1:] not in (["the"], ["The"])]
        form = _needs_the(name)
        if form and not bare:
            return Finding("dropped_article", f"{name!r} lacks its article: {form}")
        if not mentions or any(sentence[:a].split()[-1:] not in (["the"], ["The"]) for sentence, a, _ in mentions):
            continue
        modifiers = 0
        for sentence, a, b in mentions:
            doc = parse(sentence)
            span = doc.char_span(a, b, alignment_mode="expand")
            if span is None or (span.end < len(doc) and doc[span.end].pos_ in ("NOUN", "PROPN")
                                and not doc[span.end].text[:1].isupper()):
                modifiers += 1
        if modifiers == len(mentions):
            continue
        return Finding("dropped_article", f"{name!r} lacks its article: the sentences write 'the {name}'")
    return None


@code("added_article")
def added_article(q: QuestionView) -> Finding | None:
    """"the" before a name that every sentence writes bare ("Who coaches the Harbour City?" where the text
    says "Harbour City is coached by ..."); a plural name ("the Gulls") and a name modifying a noun after
    it ("the Kelby Rovers coach") pass."""
    for start, end, name in _name_runs(q.question):
        before = q.question[:start].split()
        if not before or before[-1] != "the" or name.split()[-1].endswith("s") or len(name.split()) < 2:
            continue
        after = q.question[end:].split()
        if after and after[0].islower() and after[0] not in ("and", "or", "?") and not after[0].endswith("?") \
                and parse(q.question).char_span(end + 1, end + 1 + len(after[0])) is not None \
                and parse(q.question).char_span(end + 1, end + 1 + len(after[0]))[0].pos_ == "NOUN":
            continue
        mentions = _mentions(name, q.sentences)
        if mentions and all(sentence[:a].split()[-1:] not in (["the"], ["The"]) for sentence, a, _ in mentions):
            return Finding("added_article", f"'the {name}': the sentences write {name!r} without 'the'")
    return None


# ---------------------------------------------------------------- common nouns without their determiner

_DET_WORDS = r"(?:a|an|the|its|their|his|her|our|this|that|each|every|another|one)"


def _noun_phrase(token):
    """The words from a noun's left edge to the noun itself (its modifiers before it)."""
    return token.doc[token.left_edge.i:token.i + 1]


@code("bare_noun")
def bare_noun(q: QuestionView) -> Finding | None:
    """A singular common noun phrase the question writes without the determiner every sentence gives it
    ("plans to build $9-million production hall", "will wear number 11 shirt", "the player of week"): the
    question copied the phrase and lost its "a", "the" or "its"."""
    aged = re.search(r"(?<![\w-])(\w+)\s+(\d+-year-old)(?![\w-])(?!\s+[a-z]+(?<!and)(?<!or)\b)", q.question)
    if aged and aged.group(1).lower() not in _DETERMINERS:
        return Finding("bare_noun", f"{aged.group(2)!r} stands as a noun without 'the' or 'a'")
    doc = parse(q.question)
    for token in doc:
        if token.tag_ != "NN" or token.dep_ not in ("dobj", "pobj", "nsubj", "nsubjpass", "attr", "conj", "appos", "npadvmod"):
            continue
        phrase = _noun_phrase(token)
        if any(t.dep_ in ("det", "poss") or t.tag_ in ("WDT", "WP", "WP$", "WRB", "PRP$", "POS") for t in phrase):
            continue
        if phrase.start > 0 and (doc[phrase.start - 1].dep_ in ("det", "poss") or doc[phrase.start - 1].tag_ == "POS"):
            continue
        text = phrase.text
        if text[:1].isupper() or not re.search(r"[a-z]", text):
            continue
        pattern = re.compile(rf"(?<![\w-])(?:{_DET_WORDS}\s+)?{re.escape(text)}(?![\w-])", re.IGNORECASE)
        found = [m.group(0) for s in q.sentences for m in pattern.finditer(s)]
        if found and all(re.match(rf"{_DET_WORDS}\s", f, re.IGNORECASE) for f in found):
            return Finding("bare_noun", f"{text!r} has lost its determiner: the sentences write {found[0]!r}")
    return None


# ---------------------------------------------------------------- the verb's frame

_AUX = r"(?:did|does|do|will|would|could|can|should|may|might|must|has|have|had|is|are|was|were)"
#: a question whose clause ends with its verb: wh-phrase, auxiliary, subject, verb, "?"
_VERB_LAST = re.compile(rf"^\s*(?P<wh>(?:since\s+)?(?:when|where|why|how(?:\s+(?:many|much|long|often)(?:\s+[\w-]+)*?)?"
                        rf"|who|whom|what|which(?:\s+[\w-]+)+?))\s+(?P<aux>{_AUX})\s+(?P<subject>.+?)\s+(?P<verb>[a-z]+)\s*\?\s*$",
                        re.IGNORECASE)
#: verbs that need a place for what they move ("placed 40 crews on standby", "put the statue in the square")
_LOCATIVE_VERBS = frozenset("place put position station".split())
#: verbs that need "from" and what is kept from ("barred him from fishing")
_FROM_VERBS = frozenset("bar prevent prohibit dissuade discourage".split())
#: verbs that need an object: asked with "when" or "where" and nothing after them they lack it
_OBJECT_VERBS = frozenset("""
    use own buy acquire purchase hire employ appoint include contain require need seize found fund sponsor back
    support raise spend build make bring take give host sign name
    """.split())
#: verbs that need their complement word ("plead guilty")
_COMPLEMENT_WORDS = {"plead": ("guilty", "not guilty", "innocent")}
#: words that need a preposition after them ("according to")
_NEEDS_PREPOSITION = {"according": "to", "due": "to", "owing": "to", "instead": "of", "regardless": "of"}


def _verb_lemma(word: str) -> str | None:
    from tasks.dragon.questions_en_verbs import _en_verb_lemma

    return _en_verb_lemma(word)


@code("missing_complement")
def missing_complement(q: QuestionView) -> Finding | None:
    """A verb left without what it needs: no place after "place"/"put" ("How many crews did X place?"),
    no "from" after "bar", no "guilty" after "plead", no object after a verb that needs one when the
    question word is no object ("Since when has X used?"); "according" without "to"."""
    words = re.findall(r"[\w'’-]+|\?", q.question.lower())
    for i, word in enumerate(words):
        needed = _NEEDS_PREPOSITION.get(word)
        if needed and (i + 1 >= len(words) or words[i + 1] != needed):
            return Finding("missing_complement", f"{word!r} without {needed!r}")
    free = r"(?!(?:on|in|at|into|onto|under|near|inside|outside|behind|around|across|along|there|back|aside)\b)[\w$£€.,%-]+"
    placed = re.search(rf"\b(placed|put|positioned|stationed)\s+((?:{free}\s+){{0,4}}{free})\s*(?:\band\b|\?)", q.question)
    if placed:
        return Finding("missing_complement", f"{placed.group(1)!r} {placed.group(2).strip()!r} says not where")
    match = _VERB_LAST.match(q.question)
    if not match:
        return None
    wh, verb = match.group("wh").lower(), match.group("verb")
    lemma = _verb_lemma(verb)
    if lemma is None:
        return None
    adverbial = wh.split()[-1] in ("when", "where", "why") or wh in ("how", "how long", "how often")
    if lemma in _LOCATIVE_VERBS and not wh.endswith("where"):
        return Finding("missing_complement", f"{verb!r} says where something is put, and nothing says where")
    if lemma in _FROM_VERBS:
        return Finding("missing_complement", f"{verb!r} without 'from' and what is barred")
    if lemma in _COMPLEMENT_WORDS:
        return Finding("missing_complement", f"{verb!r} without {_COMPLEMENT_WORDS[lemma][0]!r}")
    if adverbial and lemma in _OBJECT_VERBS:
        return Finding("missing_complement", f"{verb!r} has no object")
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
    if found and _verb_lemma(found.group(1)) in _NO_PASSIVE:
        return Finding("bad_passive", f"{found.group(0)!r}: {_verb_lemma(found.group(1))!r} has no passive")
    found = re.search(rf"\b{be}\s+(\w+ed)\s+by\s+.+?\s+to\s+[a-z]+", q.question)
    if found and _verb_lemma(found.group(1)) in _CONTROL_NO_PASSIVE:
        return Finding("bad_passive", f"{found.group(0)!r}: no passive of {_verb_lemma(found.group(1))!r} with a to-infinitive")
    for token in parse(q.question):
        if token.tag_ != "VBN" or not any(c.dep_ == "auxpass" for c in token.children):
            continue
        objects = [c for c in token.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")]
        if objects and token.lemma_.lower() not in _DOUBLE_OBJECT:
            return Finding("bad_passive", f"passive {token.text!r} with a direct object "
                                          f"{_noun_phrase(objects[0]).text!r}")
    return None


@code("particle_after_object")
def particle_after_object(q: QuestionView) -> Finding | None:
    """A phrasal verb's particle moved after a counted object that the sentences write after it ("handed
    nine assists out" where the text says "handed out nine assists")."""
    for token in parse(q.question):
        particles = [c for c in token.children if c.dep_ == "prt"]
        objects = [c for c in token.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")]
        if not particles or not objects or particles[0].i < objects[0].i:
            continue
        phrase = f"{token.text} {particles[0].text}"
        if any(re.search(rf"\b{re.escape(phrase)}\s+(?:\w+\s+)?{re.escape(objects[0].text)}\b", s) for s in q.sentences):
            return Finding("particle_after_object", f"{phrase!r} split by {_noun_phrase(objects[0]).text!r}: "
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
        if any(ended.search(s) for s in q.sentences) and not any(current.search(s) for s in q.sentences):
            return Finding("tense_clash", f"{post!r} asked in the present where the sentences say the post has ended")
    last = _VERB_LAST.match(q.question)
    if last and last.group("aux").lower() == "did" and q.sentences:
        verb = last.group("verb").lower()
        lemma = _verb_lemma(verb) or verb
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
        since = any(c.lower_ == "since" for c in token.children) or q.question.lower().startswith("since")
        if since and "past" in mine and not mine & {"perfect", "pluperfect"}:
            from tasks.dragon.questions_en_verbs import en_participle

            return Finding("tense_clash", f"'since' with the simple past {token.text!r}: "
                                          f"'has/have {en_participle(token.lemma_.lower())}'")
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
    town village band league competition charity council
    """.split())


@code("vague_referent")
def vague_referent(q: QuestionView) -> Finding | None:
    """A definite class noun standing where a name must be ("When did X convert the building?", "Since when
    has X led the company?", "Where will the 2027 race start?"): the text's reference back to a thing it named
    before, which a reader of the question alone cannot resolve. A noun that a phrase after it pins down ("the
    company that ...", "the city of Kelby") and the templates' "the organization that" pass."""
    doc = parse(q.question)
    for token in doc:
        if token.pos_ != "NOUN" or token.lemma_.lower() not in _BACK_REFERENCE_NOUNS or token.dep_ == "compound":
            continue
        if not any(c.dep_ == "det" and c.lower_ == "the" for c in token.children):
            continue
        if any(c.dep_ in ("prep", "relcl", "acl", "appos") or c.pos_ == "PROPN" for c in token.children):
            continue
        after = doc[token.i + 1] if token.i + 1 < len(doc) else None
        if after is not None and (after.lower_ in ("that", "which", "whose", "where", "of", "who") or after.pos_ == "PROPN"):
            continue
        phrase = doc[token.left_edge.i:token.i + 1].text
        return Finding("vague_referent", f"{phrase!r} says not which {token.lemma_.lower()}: a reference back to a name")
    return None


# ---------------------------------------------------------------- what the template's frame says of a noun

_ROLE_FRAME = re.compile(rf"(?:^\s*(?:[Ww]hat|[Ww]here)\s+(?:is|was|are|were)\s+(?P<a>{_NAME_WORD}(?:\s+{_NAME_WORD})*)"
                         rf"|\bwhere\s+(?P<b>{_NAME_WORD}(?:\s+{_NAME_WORD})*)\s+(?:is|was|are|were))"
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
        if _verb_lemma(match.group(1)) in _ARTEFACT_VERBS:
            return Finding("person_as_thing", f"'the person that ... {match.group(1)}': one "
                                              f"{_verb_lemma(match.group(1))}s things, not people")
    return None


# ---------------------------------------------------------------- agreement and word order

#: verbs whose to-infinitive follows them directly: no object comes between ("agreed to buy X")
_INFINITIVE_VERBS = frozenset("agree decide hope plan aim refuse vow pledge attempt try fail seek".split())


@code("word_order")
def word_order(q: QuestionView) -> Finding | None:
    """An object put between a verb and the to-infinitive it takes directly, the infinitive left with no
    object ("Which firm agreed the company that X founded to buy?" for "agreed to buy the company ...")."""
    for match in re.finditer(r"\b(\w+)\s+((?:the|a|an)\s+[^?]+?)\s+to\s+([a-z]+)\s*\?", q.question):
        if _verb_lemma(match.group(1)) in _INFINITIVE_VERBS and _verb_lemma(match.group(3)):
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
    mixed = re.search(rf"\b{_SINGULAR_BODIES}\s+(?:that\s+[^?]*?\band\s+)?(?:that\s+|which\s+)?([a-z]+s)\s+(?:\w+\s+){{0,2}}?"
                      rf"their\b", q.question, re.I)
    if mixed and _verb_lemma(mixed.group(1)) and not mixed.group(1).endswith("ss"):
        return Finding("agreement", f"singular {mixed.group(1)!r} with plural 'their': 'its'")
    doc = parse(q.question)
    for token in doc:
        if token.lower_ not in ("was", "is", "has", "does") or token.i == 0 and token.lower_ != "was":
            continue
        subjects = [c for c in token.head.children if c.dep_ in ("nsubj", "nsubjpass")] if token.dep_ != "ROOT" \
            else [c for c in token.children if c.dep_ in ("nsubj", "nsubjpass")]
        plural = [s for s in subjects if s.tag_ == "NNS" and any(c.dep_ == "nummod" for c in s.children)]
        if plural:
            return Finding("agreement", f"{token.text!r} with the plural subject {_noun_phrase(plural[0]).text!r}")
    return None


CHECKS = [wh_word_type, wh_word_answer, stray_capital, cut_name, dropped_article, added_article, bare_noun,
          missing_complement, bad_passive, particle_after_object, tense_clash, vague_referent, role_frame,
          person_as_thing, word_order, agreement]
