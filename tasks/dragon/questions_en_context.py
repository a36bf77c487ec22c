"""DRAGON questions, English: what the fact's own sentence says about it (issue 10, round 2).

An edge carries its relation in a canonical shape ("own", "farm at", "play") and the sentences
it was read from. The shape loses what a question needs to be said right; the sentence keeps
it. This module re-parses the sentence (spaCy, cached per sentence), finds the fact's verb and
reports:

- ``tense``: how the sentence states the fact — "present" ("which is owned by X", "who farms
  at Y", "has 38 shops"), "perfect" (a present perfect with a "since"/"for" span: "has
  visited Cumbria every May since 2015", asked "has ... visited"), "progressive", "past", or
  None where the verb is not found (the templates keep their older, regex-based reading);
- ``verb_in_text``: the relation's first word is the sentence's verb ("who farms at Boot":
  a verb, not the role noun "the farm at");
- ``lost_qualifier``: what the question would drop that changes its answer — an amount
  restricted by a "with" phrase or a rate ("two home matches with a reduced capacity",
  "1.2 million euros a season"), a second object ("pay Elbe Rovers 1.2 million euros"), an
  amount that is only a part ("at least 10% of the metal"), members of a coordination the
  answer leaves out ("owns Quayside Arena and two smaller clubs"), a time that dates a noun,
  not the verb ("prepare for the Candidates tournament in April").
"""
from __future__ import annotations

import re
from functools import lru_cache

from benchmill import nlp
from tasks.dragon.scores_en import score_part

#: auxiliaries by what they say about the time of the verb they go with
_PRESENT_BE = frozenset({"is", "are", "am", "'s", "'re", "’s", "’re"})
_PAST_BE = frozenset({"was", "were"})
_HAVE_PRESENT = frozenset({"has", "have", "'ve", "’ve", "'s", "’s"})
_FUTURE = frozenset({"will", "shall", "'ll", "’ll", "wo"})
_MODALS = frozenset({"would", "could", "may", "might", "can", "should", "must", "'d", "ca"})
#: adverbs of a rate: "1.2 million euros a season", "118 million litres a day"
_RATE_NOUNS = frozenset({"year", "season", "month", "week", "day", "hour", "minute", "night", "game", "match", "head",
                         "person", "share", "unit", "tonne", "ton", "barrel", "kilogram", "kilo", "litre", "liter"})
#: nouns of events: a time right after one dates the event, not the verb before it
#: ("prepare for the Candidates tournament in April")
_EVENT_NOUNS = frozenset({
    "tournament", "championship", "championships", "congress", "conference", "election", "race", "match", "game",
    "final", "festival", "summit", "meeting", "vote", "ballot", "referendum", "trial", "hearing", "auction", "sale",
    "show", "exhibition", "fair", "concert", "tour", "season", "event", "ceremony", "launch", "opening", "olympics",
    "cup", "league", "open", "games", "talks", "negotiations", "review", "inquiry", "visit", "debate", "premiere",
})


#: prepositions after an amount that place or date it without restricting what it counts
#: ("38 shops across Cumbria", "4.1 billion zlotys from an auction")
_PLACE_OR_TIME_PREPS = frozenset({"in", "on", "at", "for", "from", "to", "by", "over", "across", "around",
                                  "throughout", "near", "within", "during", "since", "until", "through", "between",
                                  "among", "into", "under", "after", "before", "per"})


@lru_cache(maxsize=4096)
def sentence_doc(sentence: str):
    """The spaCy parse of one sentence (cached: a batch asks about the same sentences many times)."""
    return nlp.spacy_en()(sentence)


def _words(label: str) -> set[str]:
    return {w.lower().strip(".,'’") for w in re.findall(r"[\w'’.-]+", label)} - {"the", "a", "an", "of", "and", "'s"}


@lru_cache(maxsize=1)
def _verbs() -> frozenset[str]:
    return frozenset(nlp.spacy_en().get_pipe("lemmatizer").lookups.get_table("lemma_index")["verb"])


def _lemma(token) -> str:
    lemma = token.lemma_.lower()
    text = token.lower_
    if text.endswith(("es", "ed")) and text[:-1] == lemma + "e" and lemma + "e" in _verbs():
        return lemma + "e"  # "hopes" -> "hope", not "hop"
    return lemma


def locate(edge, lemma: str):
    """(doc, verb token) of ``edge``'s fact with verb ``lemma`` in one of its sentences, or None:
    the token of that lemma whose clause holds most of the fact's two ends."""
    head_words, tail_words = _words(edge.head_label), _words(edge.tail_label)
    relation_words = _words(edge.relation) - {lemma}
    best = None
    for sentence in edge.sentences:
        doc = sentence_doc(sentence)
        for token in doc:
            if token.pos_ not in ("VERB", "AUX") or (_lemma(token) != lemma and token.lower_ != lemma):
                continue
            # the verb's own clause: not the clauses coordinated with it or hung on it ("will not build a plant
            # at Vuotso and will instead truck the ore to a refinery it is building in Kokkola")
            inner = {t.i for c in token.children if c.dep_ in ("conj", "relcl", "advcl", "ccomp") for t in c.subtree}
            clause = {t.lower_.strip(".,'’") for t in token.subtree if t.i not in inner}
            around = clause | {t.lower_ for t in token.head.subtree} if token.dep_ in ("relcl", "acl") else clause
            score = bool(tail_words & clause) * 2 + bool(head_words & around) + bool(tail_words & around) \
                + bool(relation_words & clause)
            if score and (best is None or score > best[0]):
                best = (score, doc, token)
    return (best[1], best[2]) if best else None


def locate_label(edge, lemma: str, label: str):
    """(doc, verb token, span of ``label``) of ``edge``'s fact with verb ``lemma`` (``locate``), or None
    when the fact's sentence or the label in it is not found."""
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    span = _span_of(doc, label)
    return None if span is None else (doc, verb, span)


def under_will(edge, lemma: str) -> bool:
    """The fact's verb is a participle hung on a clause said with "will" ("will close its factory,
    cutting about 600 jobs", "will join Stratacore ..., reporting to X") or a verb coordinated under
    its "will" ("will recognize the union and begin bargaining in January"): a future, as said."""
    found = locate(edge, lemma)
    if found is None:
        return False
    _, verb = found
    if verb.head is verb or any(c.dep_ in ("aux", "auxpass") for c in verb.children):
        return False
    # "cutting about 600 jobs" hung on the clause; "will recognize the union and begin bargaining": a
    # verb coordinated under the one "will"
    if not ((verb.tag_ == "VBG" and verb.dep_ in ("advcl", "xcomp", "conj")) or (verb.tag_ == "VB" and verb.dep_ == "conj")):
        return False
    return any(c.dep_ == "aux" and c.lower_ in _FUTURE for c in verb.head.children)


def _governing_verb(token):
    """The verb whose auxiliaries say ``token``'s tense: itself, or, through a bare conjunct ("is
    organised by X and sponsored by Y"), an infinitive or a participle clause ("has agreed to buy",
    "has become ..., drawing 40 applications"), the verb it hangs on."""
    seen = 0
    while seen < 6:
        seen += 1
        own_aux = [c for c in token.children if c.dep_ in ("aux", "auxpass")]
        own_subject = any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in token.children)
        if own_aux and not (len(own_aux) == 1 and own_aux[0].lower_ == "to"):
            return token
        head = token.head
        if head is token or head.pos_ not in ("VERB", "AUX"):
            return token
        if token.dep_ == "conj" and not own_subject and token.tag_ in ("VBN", "VB", "VBG"):
            token = head  # "is organised by X and sponsored by Y"; not "was founded in 1952 and employs 2,100"
        elif token.dep_ == "xcomp" or (token.dep_ in ("advcl", "acl") and token.tag_ == "VBG" and not own_subject):
            token = head
        else:
            return token
    return token


def tense(edge, lemma: str) -> str | None:
    """ "present" / "perfect" / "progressive" / "past" / "future" / "modal" for the fact as its
    sentence states it, or None when its verb is not found (see the module doc)."""
    found = locate(edge, lemma)
    if found is None:
        return None
    _, verb = found
    own = verb
    verb = _governing_verb(verb)
    auxes = [c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass") and c.lower_ != "to"]
    passive = any(c.dep_ == "auxpass" for c in verb.children)
    if set(auxes) & _FUTURE:
        return "future"
    if set(auxes) & _MODALS:
        return "modal"
    if "had" in auxes:
        return "past"
    if any(a in _HAVE_PRESENT for a in auxes) and verb.tag_ == "VBN" and ("been" in auxes or not passive):
        return "perfect" if _lasting(own) or _lasting(verb) else "past"
    if any(a in _HAVE_PRESENT for a in auxes) and "been" in auxes:
        return "perfect" if _lasting(own) or _lasting(verb) else "past"
    if any(a in _PRESENT_BE for a in auxes):
        if "being" in auxes or verb.tag_ == "VBG":
            return "progressive"
        return "present"
    if any(a in _PAST_BE for a in auxes) or "did" in auxes:
        return "past"
    if any(a in ("do", "does") for a in auxes):
        return "present"
    if verb.tag_ in ("VBZ", "VBP"):
        return "present"
    if verb.tag_ == "VBD":
        return "past"
    if _state_described(verb):
        return "present"
    return None


#: participles of a lasting state: "a company controlled by X", "a trust owned by the council"
_STATE_PARTICIPLES = frozenset("owned controlled run operated managed headed led chaired backed funded".split())
#: words that end or date a described state: "owned by the Brenner family until 1990", "then run by X"
_STATE_ENDED = frozenset("until till then formerly previously once originally later before since".split())


def _state_described(verb) -> bool:
    """A participle of a lasting state that describes a noun with its agent and no auxiliary: "Lindsay Property
    Trust, a company controlled by the investor Graham Lindsay" states that he controls it now ("Which
    organization does Graham Lindsay control?", not "did"); one the sentence ends or dates ("owned by the
    Brenner family until 1990", "in 1990") says nothing of now."""
    if verb.tag_ != "VBN" or verb.dep_ != "acl" or verb.lower_ not in _STATE_PARTICIPLES:
        return False
    if not any(c.dep_ == "agent" for c in verb.children):
        return False
    own = [t for c in verb.children if c.dep_ != "agent" for t in c.subtree]  # not the agent's own clauses
    return not any(t.lower_ in _STATE_ENDED or t.ent_type_ == "DATE" or t.like_num for t in own)


def _lasting(verb) -> bool:
    """A span up to now: "since 2015", "for three years", "every May since ..."."""
    return any(t.lower_ == "since" or (t.lower_ == "for" and any(
        c.dep_ == "pobj" and c.lemma_ in ("year", "month", "week", "decade", "day", "century") for c in t.children))
        for t in verb.children if t.dep_ in ("prep", "mark", "advmod"))


def verb_in_text(edge, word: str, preposition: str | None = None) -> bool:
    """Does a sentence of ``edge`` use ``word`` as a finite or participle verb (with ``preposition``
    after it, when given)? "who farms at Boot": "farm at" is a verb, not a role noun."""
    lemma = word.lower()
    for sentence in edge.sentences:
        for token in sentence_doc(sentence):
            if token.pos_ == "VERB" and token.tag_.startswith("VB") and _lemma(token) == lemma:
                if preposition is None or any(c.dep_ == "prep" and c.lower_ == preposition for c in token.children):
                    return True
    return False


def _span_of(doc, label: str):
    """The tokens of ``label`` in ``doc`` (case- and spacing-insensitive; a leading article may be
    missing from the sentence), or None."""
    words = label.split()
    while words and words[0].lower() in ("the", "a", "an"):
        words = words[1:]
    if not words:
        return None
    pattern = re.compile(r"\s*".join(re.escape(w) for w in words), re.IGNORECASE)
    match = pattern.search(doc.text)
    if match is None and len(words) > 1 and all(w[:1].isupper() for w in words):
        # a name completed from the rest of the article ("Dan Pryce" where this sentence says "Pryce"):
        # its last word, when the sentence writes it as a name of its own (a proper noun no capitalised
        # word follows); never its first ("New" of "New York Knicks" may open "New Zealand")
        from tasks.dragon.questions_en_names import _TITLE_WORDS

        for found in re.finditer(rf"(?<![\w-]){re.escape(words[-1])}(?![\w-])", doc.text):
            part = doc.char_span(found.start(), found.end(), alignment_mode="expand")
            if part is None or len(part) != 1 or part[0].pos_ != "PROPN":
                continue
            nxt = doc[part.end] if part.end < len(doc) else None
            if nxt is not None and nxt.text[:1].isupper():
                continue
            prev = doc[part.start - 1] if part.start > 0 else None
            if prev is not None and prev.text[:1].isupper() and not prev.is_sent_start \
                    and prev.text not in words and prev.lower_.rstrip(".") not in _TITLE_WORDS:
                continue  # "Rhinos" of "Kenby Rhinos" is another club's, not "Tolland Rhinos"
            match = found
            break
    if match is None:
        return None
    return doc.char_span(match.start(), match.end(), alignment_mode="expand")


#: words before an amount that make it the part left out ("all but 1,300 customers", "all except two of its stores")
_EXCLUDED_BEFORE = re.compile(
    r"\b(?:all|everyone|everything|every\s+\w+|each\s+\w+)\s+(?:but|except|save)(?:\s+for)?\s*$", re.IGNORECASE)


def lost_qualifier(edge, lemma: str, answer_is_tail: bool, amount: bool, bare: bool = False,
                   keep: str | None = None) -> str | None:
    """What the question about ``edge`` would leave out that changes its answer (see the module doc),
    or None. ``amount``: the answer is a number ("How many ...?" / "How much ...?"); ``bare``: one
    with no unit, or a percentage ("at least 10%" of what?); ``keep``: a noun the question names
    the answer by ("Which arena ...?"), so coordinated things that are no such noun are no answers."""
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    answer_label = edge.tail_label if answer_is_tail else edge.head_label
    span = _span_of(doc, answer_label)
    if span is None:
        return None
    root = span.root
    # the answer is the object of the fact's verb (or a conjunct of it)
    objects = [c for c in verb.children if c.dep_ in ("dobj", "dative", "attr", "oprd")]
    if amount:
        excluded = _EXCLUDED_BEFORE.search(doc[:span.start].text)
        if excluded:
            # "restored power to all but 1,300 customers": the amount is what was left out, not what was done
            return f"the amount {answer_label!r} is what {excluded.group(0).strip()!r} leaves out"
        after = doc[span.end] if span.end < len(doc) else None
        if bare and after is not None and after.lower_ == "of" and after.head.i in range(span.start, span.end):
            return f"the amount {answer_label!r} is a part of what follows it ({doc[span.start:after.right_edge.i + 1].text!r})"
        counted_too = [c for c in root.children if c.dep_ == "conj" and c.pos_ == "NOUN" and c.i >= span.end
                       and not any(t.like_num for t in c.subtree)]
        counted_too = counted_too or [c for c in root.children if c.dep_ == "conj" and c.i >= span.end and c.like_num]
        if counted_too:
            # "three counts of aggravated burglary and one of motor vehicle stealing": four in all, or three of one
            # "food for about 9 million dogs and cats": the number counts both; "9 million dogs" is not what was said
            return (f"the amount {answer_label!r} also counts "
                    f"{doc[counted_too[0].left_edge.i:counted_too[0].right_edge.i + 1].text!r}")
        for child in root.children:
            if child.i < span.end:
                continue
            if child.dep_ == "npadvmod" and child.lemma_.lower() in _RATE_NOUNS:
                return f"the amount {answer_label!r} is a rate ({doc[child.left_edge.i:child.i + 1].text!r} after it)"
            if child.dep_ in ("prep", "acl", "relcl", "amod") and child.lower_ not in ("of",) and child.dep_ != "appos":
                if child.dep_ == "prep" and child.lower_ in _PLACE_OR_TIME_PREPS:
                    continue
                return f"the amount {answer_label!r} is qualified by {doc[child.i:child.right_edge.i + 1].text!r}"
        for child in verb.children:
            if child.dep_ == "prep" and child.lower_ in ("with", "without") and child.i > root.i:
                return f"the amount {answer_label!r} is qualified by {doc[child.i:child.right_edge.i + 1].text!r}"
        party = next((c for c in root.children if c.dep_ in ("nmod", "compound") and c.pos_ == "PROPN"
                      and c.i < span.start), None)
        if party is not None:
            # "pay Kiel Athletic 800,000 euros", parsed as one noun phrase: the payee is dropped all the same
            return (f"the amount {answer_label!r} goes to {doc[party.left_edge.i:party.i + 1].text!r}, "
                    "which the question drops")
        if any(c.dep_ == "dative" for c in verb.children) and root.dep_ == "dobj":
            other = next(c for c in verb.children if c.dep_ == "dative")
            return f"the amount {answer_label!r} goes to {doc[other.left_edge.i:other.right_edge.i + 1].text!r}, which the question drops"
    if answer_is_tail and not _is_date(answer_label) and any(
            c.dep_ == "advmod" and c.lower_ in ("also", "too") for c in verb.children):
        # "also operates mature-node fabs in Dresden": the fact adds to another the article gives
        # (its main fab in Chandler); asked without "also" the question has that answer too
        return f"the fact is said with 'also': {answer_label!r} is one of several answers the article gives"
    if not amount and root.dep_ in ("dobj", "conj", "dative", "pobj") and (root in objects or root.dep_ != "dobj"):
        # coordinated members the answer leaves out: "owns Quayside Arena and two smaller clubs"
        group = _coordination(root)
        if root.dep_ == "pobj" and root.head.dep_ == "prep":
            # "in Dresden and in Penang": the prepositions are coordinated, each with its own object
            group += [o for p in _coordination(root.head) if p is not root.head
                      for o in p.children if o.dep_ == "pobj"]
        if len(group) > 1:
            missing = [t for t in group if not (t.i >= span.start and t.i < span.end)]
            if keep:
                missing = [t for t in missing if keep in doc[t.left_edge.i:t.right_edge.i + 1].text.lower()]
            if missing and not all(t.lower_ in _words(answer_label) for t in missing):
                return (f"{answer_label!r} is one of several things the sentence names together "
                        f"({', '.join(doc[t.left_edge.i:t.right_edge.i + 1].text for t in missing)})")
    return None


def _is_date(label: str) -> bool:
    """ "2022", "in December": when a deed said with "also" was done is still one answer."""
    from tasks.dragon.questions_base import is_date_label

    return is_date_label(label, "en")


def coordination_head(token):
    """The first conjunct of the coordination ``token`` is in ("two touchdowns" of "for 318 yards and two
    touchdowns": "yards"), or ``token`` itself."""
    while token.dep_ == "conj" and token.head.i != token.i:
        token = token.head
    return token


def _coordination(token) -> list:
    """All conjuncts of the coordination ``token`` is in."""
    out, stack = [], [coordination_head(token)]
    while stack:
        current = stack.pop()
        out.append(current)
        stack += [c for c in current.children if c.dep_ == "conj"]
    return out


def time_dates_a_noun(edge, lemma: str, time_label: str) -> str | None:
    """ "prepare for the Candidates tournament in April": the time after an event noun dates the event."""
    found = locate_label(edge, lemma, time_label)
    if found is None:
        return None
    doc, _, span = found
    if span.start < 2:
        return None
    prep = doc[span.start - 1]
    before = doc[span.start - 2]
    if prep.pos_ == "ADP" and before.pos_ in ("NOUN", "PROPN", "ADJ") and (
            before.lemma_.lower() in _EVENT_NOUNS or before.ent_type_ == "EVENT"):
        return f"{time_label!r} dates {before.text!r}, not the fact's verb"
    return None


#: verbs whose "to" marks who gets the thing: asking the thing without it still has one answer
_GIVING = frozenset("sell give pay lend loan supply send deliver donate transfer award grant offer license lease rent "
                    "hand provide ship export report present".split())
#: verbs whose date is the period a figure is for ("reported revenue of 410 million euros in 2025")
_PERIOD_VERBS = frozenset("report post record book earn make have generate carry handle sell lose spend raise".split())


def dropped_complement(edge, lemma: str, answer_is_tail: bool, relation: str) -> str | None:
    """A thing asked for as the object of ``lemma`` whose sentence says where it goes or what it becomes
    ("open its rail market to competition", "fold the query engine into its Fabric control plane", "sell
    the combined product as Fabric Observe", "shift production from Dresden to Chandler"): without it the
    question asks something else. A recipient after a verb of giving ("sell X to Y") is not needed."""
    if not answer_is_tail:
        return None
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    span = _span_of(doc, edge.tail_label)
    if span is None or span.root.dep_ not in ("dobj", "conj", "pobj") or (
            span.root.dep_ == "pobj" and span.root.head.head.i != verb.i):
        return None  # the thing is the verb's object, or its preposition's ("relies on X")
    words = relation.lower().split()
    trailing = words[-1] if words else ""
    for child in list(verb.children) + list(span.root.children):
        if child.dep_ != "prep" or child.i < span.start:
            continue
        word = child.lower_
        if word in ("into", "onto", "as") or (word == "to" and lemma not in _GIVING) or (
                word == "with" and lemma in ("combine", "merge", "pair", "mix", "link", "connect", "integrate")) or (
                word == "for" and lemma in ("rely", "depend", "count", "bank")):  # "relies on X for most of its revenue"
            if word != trailing:
                return (f"{edge.tail_label!r} is asked without {doc[child.i:child.right_edge.i + 1].text!r}, "
                        "which says what the fact is")
    return None


def date_is_not_when(edge, lemma: str, relation: str, date_label: str) -> str | None:
    """A "When ...?" question that would not be answered by its date: the verb's object is missing from the
    question ("the $14 billion it estimated in 2024" -> "When did Taloria estimate?"), or the year is the
    period a figure is for ("reported revenue of 410 million euros in 2025")."""
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    said = set(relation.lower().split())
    objects = [c for c in verb.children if c.dep_ in ("dobj", "attr")]
    complement = next((c for c in verb.children if c.dep_ in ("xcomp", "ccomp") and c.lower_ not in said), None)
    if complement is not None:
        return f"'When ...?' would drop what was {lemma}ed ({doc[complement.i:complement.right_edge.i + 1].text!r})"
    particle = next((c for c in verb.children if c.lower_ in ("out", "off", "up", "away", "down", "back", "over")
                     and c.i == verb.i + 1 and c.lower_ not in said), None)
    if particle is not None:
        return f"'When ...?' would drop {particle.text!r} of {verb.text!r}"
    gap = verb.dep_ == "relcl" and not objects and not any(
        c.dep_ == "nsubjpass" or c.dep_ == "nsubj" and c.lower_ in ("which", "that", "who") for c in verb.children)
    if any(o.lower_ not in said for o in objects) or gap:  # "the $7 billion it estimated in 2023": what was estimated
        return f"'When ...?' would drop what was {lemma}d ({relation!r})"
    if lemma in _PERIOD_VERBS and re.fullmatch(r"(?:in\s+)?(?:fiscal\s+)?(?:1[89]|20)\d\d", date_label.strip()):
        return f"{date_label!r} is the period the figure of {relation!r} is for, not when it was said"
    return None


def object_missing(edge, lemma: str, relation: str) -> str | None:
    """The verb's direct object is neither the fact's object nor in its relation ("We taped it out in October
    on a 12nm process" -> (Lumencell, tape out on, 12nm process)): the fact lost what was done."""
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    said = set(relation.lower().split())
    tail = _span_of(doc, edge.tail_label)
    head = _span_of(doc, edge.head_label)
    ends = [span for span in (tail, head) if span is not None]
    if any(span.root.dep_ == "dative" or span.root.head.i == verb.i and span.root.dep_ in ("dobj", "iobj") for span in ends):
        return None  # "will pay Elbe Rovers 1.2 million euros": who is paid is a fact of its own
    for obj in objects(verb):
        if any(obj.left_edge.i <= span.start and span.end - 1 <= obj.right_edge.i for span in ends):
            continue  # the fact's end is the object or inside it ("her fourth album, Salt Lines")
        if obj.lower_ in said or obj.lemma_.lower() in said or obj.lower_ in ("which", "that", "who", "whom"):
            continue
        return f"{relation!r} lost the object of {lemma!r} ({doc[obj.left_edge.i:obj.right_edge.i + 1].text!r})"
    return None


#: entity types of a bare noun phrase that is an adverbial of the verb, not its object ("won Saturday", "rose 5%")
_ADVERBIAL_ENTITIES = frozenset("DATE TIME PERCENT MONEY QUANTITY CARDINAL ORDINAL".split())


def objects(verb) -> list:
    """The direct objects of ``verb``: its "dobj"s but a number of a score the parser takes for one ("beat Chester
    3-1": "1"), and, where none is left, the name right after the verb that the parser reads as an adverb because
    a score or a measure follows it (Chester an npadvmod)."""
    found = [c for c in verb.children if c.dep_ == "dobj" and not score_part(c)]
    if found:
        return found
    return [c for c in verb.children if c.dep_ == "npadvmod" and c.left_edge.i == verb.i + 1 and c.pos_ == "PROPN"
            and c.ent_type_ not in _ADVERBIAL_ENTITIES and not score_part(c)]
