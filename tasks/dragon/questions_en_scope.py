"""DRAGON questions, English: what a fact's sentence says about its scope and its subject that a
question cut from the fact would lose or get wrong (issue 10, the fifth English round).

Each check reads the fact's sentence through ``questions_en_context.locate`` (spaCy) and returns
a reason to skip, or None:

- ``wrong_subject``: the sentence's subject of the fact's verb is a pronoun or a class noun that
  cannot be the fact's subject ("He will replace ..." read as the club; "The club has sold ..."
  read as a player): the triplet resolved the reference wrongly, and the question would state it;
- ``lost_position``: an ordinal the verb is said with ("finished fifth in the league"): without
  it "Which league did X finish in?" asks nothing;
- ``lost_period``: a figure of a verb that counts over a period or for a purpose ("spent
  £410,000 on new players this winter", "made 58 appearances for Penrith over three seasons",
  "carried 4.2 million passengers on the line last year"), or a measure of something else
  ("ending 60 years of ownership", "2,400 metres of track");
- ``not_when``: a date after "since", "until", "by" ... ("streamed 3.1 million times since
  October"): not when the fact happened;
- ``place_of_a_venue``: a place that says where a venue is ("finishing at the Corn Exchange in
  Leeds"): the fact happened at the venue, and "Where ...?" has two answers;
- ``coordinated_codes``: a road or model code with another code coordinated after it in the
  verb's phrases ("close the A59 over the moor and the A169 ..."): a set asked as one;
- ``named_as``: an answer written as an apposition to a described object ("released their debut
  album, Paper Boats"): the question drops the description that makes it one answer;
- ``role_complement``: a role whose noun the sentence completes otherwise than the relation ("the
  former head of energy at X", "X's curator for the north"): "Where was Y the head?" is garbled;
- ``joined_place``: a place that is joined or left ("joined York from Imperial College") stands
  for a body in it (a university, a club).
"""
from __future__ import annotations

import re

from tasks.dragon.questions_en_context import _EVENT_NOUNS, _words, locate, locate_label
from tasks.dragon.questions_en_names import bare_label
from tasks.dragon.words_en import EN_MONTHS, EN_TALLY_PERIOD_NOUNS

_PERSONAL_PRONOUNS = frozenset("he she him her".split())
#: nouns of bodies of people: a subject written so is no single person
_BODY_NOUNS = frozenset("""
    club team side company firm group council authority band trust board business charity society union
    government ministry department school university college association federation league party orchestra
    """.split())
#: verbs whose figure is a tally of a period or a purpose: "carried 4.2 million passengers last year"
_TALLY_VERBS = frozenset("""
    spend invest make score carry sell record earn lose raise win play handle attract welcome draw concede take
    collect generate book post receive
    """.split())
#: words that make a time noun one period among others: "last year", "this winter", "over three seasons"
_PERIOD_WORDS = frozenset("last this past previous over so".split())
#: units of a span of time: "60 years of ownership" counts the ownership's years, not what the verb did
_SPAN_UNITS = frozenset("year month week day decade century hour minute season".split())
_ORDINALS = frozenset("""
    first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth
    fifteenth sixteenth seventeenth eighteenth nineteenth twentieth top bottom last runner-up
    """.split())
_NOT_WHEN = frozenset("since until till by before after from through throughout".split())
_JOINING_VERBS = frozenset("join rejoin leave quit".split())


def _subject(verb):
    """The subject of ``verb``: its own, or that of the verb it is coordinated with or hangs on."""
    token = verb
    for _ in range(5):
        own = [c for c in token.children if c.dep_ in ("nsubj", "nsubjpass")]
        if own:
            return own[0]
        if token.dep_ in ("conj", "xcomp", "advcl") and token.head is not token:
            token = token.head
            continue
        return None
    return None


def _plural_name(label: str) -> bool:
    """ "Kirkstall Knights", "Tawe Warriors": a name whose last word is a plural common noun names a team
    or a band; "he" or "she" cannot be it."""
    from tasks.dragon.questions_en_verbs import _en_lexicon

    words = label.split()
    last = words[-1].lower() if len(words) > 1 and words[-1][:1].isupper() else ""
    nouns = _en_lexicon()[1]
    return len(last) > 3 and last.endswith("s") and not last.endswith("ss") and last[:-1] in nouns and last not in nouns


def wrong_subject(edge, lemma: str, head_kind: str | None) -> str | None:
    """See the module doc. ``head_kind``: the fact's subject's kind ("PER", "ORG", ...)."""
    found = locate(edge, lemma)
    if found is None:
        return None
    _, verb = found
    subject = _subject(verb)
    if subject is None:
        return None
    said = {t.lower_.strip(".,'’") for t in subject.subtree}
    if said & _words(edge.head_label):
        return None  # the sentence names the subject itself
    quoted = any(q in " ".join(edge.sentences) for q in ('"', "“", "”"))
    if subject.lower_ in ("we", "i") and head_kind != "PER" and (head_kind != "ORG" or quoted):
        return (f"the sentence's subject of {lemma!r} is {subject.text!r}, its speakers, not {edge.head_label!r}: "
                "the reference was resolved wrongly")
    # a name that looks plural ("Kenby Rhinos") is a team only when nothing says it is a person: "Sam
    # Rivers" typed a person is one (a team the article writes with "have"/"are" is retyped ORG upstream)
    if subject.lower_ in _PERSONAL_PRONOUNS and (head_kind not in ("PER", None)
                                                 or (head_kind is None and _plural_name(edge.head_label))):
        return (f"the sentence's subject of {lemma!r} is {subject.text!r}, a person, but the fact's subject is "
                f"{edge.head_label!r}: the reference was resolved wrongly")
    if subject.pos_ == "NOUN" and any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in subject.children):
        from tasks.dragon.questions_en_names import PERSON_NOUNS

        noun = subject.lemma_.lower()
        if noun in _BODY_NOUNS and head_kind == "PER":
            return (f"the sentence's subject of {lemma!r} is {subject.text!r}, not the person "
                    f"{edge.head_label!r}: the reference was resolved wrongly")
        if noun in PERSON_NOUNS and noun not in _BODY_NOUNS and head_kind in ("ORG", "LOC"):
            return (f"the sentence's subject of {lemma!r} is {subject.text!r}, a person, not "
                    f"{edge.head_label!r}: the reference was resolved wrongly")
    return None


def lost_position(edge, lemma: str) -> str | None:
    """See the module doc."""
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    said = set(edge.relation.lower().split())
    for child in verb.children:
        if child.dep_ in ("advmod", "npadvmod", "attr", "oprd", "acomp", "dobj", "amod") and (
                child.lower_ in _ORDINALS or child.ent_type_ == "ORDINAL" or re.fullmatch(r"\d+(?:st|nd|rd|th)", child.lower_)) \
                and child.lower_ not in said:
            return f"{edge.relation!r} lost the position {child.text!r} it is said with: the question would ask nothing"
    return None


#: parts of a game or a span that a figure may be counted in: "blocked four shots in the final quarter"
_PART_NOUNS = frozenset("""
    quarter half period minute minutes inning innings set lap round frame overtime stretch leg stage game match
    """.split())
#: words that make such a part one among others
_PART_WORDS = _ORDINALS | frozenset("final opening closing early late last".split())


def _part_of_play(doc, verb, said: set, counted: bool = False) -> str | None:
    """ "in the final quarter" on ``verb``: a figure counted in one part of a game, not the whole; with
    ``counted``, also "in 20 games" (a tally over a number of games, on the verb or on the figure)."""
    for child in verb.children:
        if child.dep_ != "prep" or child.lower_ not in ("in", "during", "over") or child.lower_ in said:
            continue
        noun = next((c for c in child.children if c.dep_ == "pobj"), None)
        if noun is None or noun.lemma_.lower() not in _PART_NOUNS:
            continue
        modifiers = [c for c in noun.children if c.dep_ in ("amod", "det", "nummod", "compound")]
        if any(c.lower_ in _PART_WORDS for c in modifiers) or counted and any(c.dep_ == "nummod" for c in modifiers):
            return doc[child.i:noun.i + 1].text  # "in the third quarter", not what hangs on "quarter"
    return None


def period_to_carry(edge, lemma: str, label: str) -> str | None:
    """ "last year" of "carried 4.2 million passengers ... last year": the period phrase on the fact's verb
    a question about the figure can carry at its end ("How many passengers did X carry last year?"); "in the
    final quarter" of "blocked four shots in the final quarter", whatever the verb."""
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    said = set(edge.relation.lower().split())
    part = _part_of_play(doc, verb, said)
    if part is not None and len(part.split()) <= 5:
        return part
    if lemma not in _TALLY_VERBS:
        return None
    for child in verb.children:
        if child.dep_ == "npadvmod" and child.lemma_.lower() in EN_TALLY_PERIOD_NOUNS and child.lower_ not in said \
                and child.left_edge.i < child.i and doc[child.left_edge.i].lower_ in ("last", "this", "past", "previous"):
            return doc[child.left_edge.i:child.i + 1].text
    return None


def measured(edge, lemma: str, label: str) -> str | None:
    """ "of track" of "replace 2,400 metres of track": what a measure counts, when written bare after it
    (no article: "of the route" points back into the article), for "How many metres of track ...?"."""
    found = locate_label(edge, lemma, label)
    if found is None:
        return None
    doc, _, span = found
    if span.end >= len(doc) or span.root.lemma_.lower() in _SPAN_UNITS:
        return None
    after = doc[span.end]
    objects = [c for c in after.children if c.dep_ == "pobj"]
    if after.lower_ != "of" or after.head.i not in range(span.start, span.end) or len(objects) != 1:
        return None
    phrase = doc[after.i:objects[0].i + 1]  # "of a mining family" of "... family in Cornwall"
    if len(phrase) > 4 or not all((t.pos_ in ("ADP", "NOUN", "ADJ") or t.lower_ in ("a", "an")) and t.text.islower()
                                  for t in phrase):
        return None
    return phrase.text


def _span_of_what(doc, span, label: str) -> str | None:
    """Why ``label`` (its ``span`` in ``doc``) is a span of time cut from what it spans, or None: "70 years" of "ended
    70 years of family ownership", "the final 12 months" of "suspended the final 12 months of the term"."""
    after = doc[span.end] if span.end < len(doc) else None
    if after is not None and after.lower_ == "of" and after.head.i in range(span.start, span.end) and any(
            c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN") for c in after.children) \
            and span.root.lemma_.lower() in _SPAN_UNITS:
        return f"{label!r} measures what follows it ({doc[after.i:after.right_edge.i + 1].text!r}), which the question drops"
    return None


def cut_span(edge, lemma: str, label: str) -> str | None:
    """``_span_of_what`` for a label that is no amount ("the final 12 months"): the question would name a span of
    time of something it does not say."""
    found = locate_label(edge, lemma, label)
    return None if found is None else _span_of_what(found[0], found[2], label)


def lost_period(edge, lemma: str, label: str, carried: str | None = None, purpose: str | None = None) -> str | None:
    """See the module doc; ``label``: the amount the question names or answers; ``carried``: the period
    phrase the question will say (``period_to_carry``), no loss; ``purpose``: the "on ..." phrase it will
    say (``questions_en_attach.purpose_to_carry``), no loss either."""
    found = locate_label(edge, lemma, label)
    if found is None:
        return None
    doc, verb, span = found
    root = span.root
    said = set(edge.relation.lower().split()) | {w.lower() for w in label.split()}
    dropped = _span_of_what(doc, span, label)
    if dropped:
        return dropped
    part = _part_of_play(doc, verb, set(edge.relation.lower().split())) or \
        _part_of_play(doc, root, set(edge.relation.lower().split()), counted=True)
    if part is not None and part != carried:
        return f"the figure {label!r} is counted {part!r}, which the question drops"
    if lemma not in _TALLY_VERBS:
        return None
    for holder in (verb, root):
        for child in holder.children:
            if child.i in range(span.start, span.end):
                continue
            if child.dep_ in ("npadvmod", "dobj") and child.lemma_.lower() in EN_TALLY_PERIOD_NOUNS and child.lower_ not in said \
                    and any(c.lower_ in _PERIOD_WORDS for c in child.subtree) \
                    and doc[child.left_edge.i:child.i + 1].text != carried:
                return (f"the figure {label!r} is counted over "
                        f"{doc[child.left_edge.i:child.right_edge.i + 1].text!r}, which the question drops")
            if child.dep_ == "prep" and child.lower_ not in said and (
                    child.lower_ in ("over", "during", "since", "towards", "toward") or (child.lower_ == "on" and any(
                        c.dep_ == "pobj" and c.pos_ == "NOUN" for c in child.children)) or (
                        child.lower_ == "for" and any(c.dep_ == "pobj" and c.lemma_.lower() in EN_TALLY_PERIOD_NOUNS
                                                      for c in child.children))):
                if purpose and doc[child.i:child.right_edge.i + 1].text == purpose:
                    continue
                return (f"the figure {label!r} is scoped by {doc[child.i:child.right_edge.i + 1].text!r}, "
                        "which the question drops")
    return None


def not_when(edge, lemma: str, date_label: str) -> str | None:
    """See the module doc."""
    found = locate_label(edge, lemma, date_label)
    if found is None:
        return None
    doc, _, span = found
    if span.start == 0:
        return None
    before = doc[span.start - 1].lower_
    if before in _NOT_WHEN and before not in edge.relation.lower().split():
        return f"{date_label!r} follows {before!r}: it bounds the fact, it is not when it happened"
    return None


def place_of_a_venue(edge, lemma: str, place_label: str) -> str | None:
    """See the module doc."""
    found = locate_label(edge, lemma, place_label)
    if found is None:
        return None
    doc, verb, span = found
    root = span.root
    prep = root.head
    if place_label.split()[-1].lower() in _EVENT_NOUNS:
        return None  # an event is no place at all (the template's own rule says so)
    if root.dep_ != "pobj" or prep.dep_ != "prep" or prep.lower_ not in ("in", "at", "on", "near", "outside"):
        return None
    wider = next((o for p in root.children if p.dep_ == "prep" and p.lower_ == "in"
                  for o in p.children if o.dep_ == "pobj" and o.pos_ == "PROPN"), None)
    if wider is None and span.end + 1 < len(doc) and doc[span.end].lower_ == "in" and doc[span.end].head.i == verb.i \
            and doc[span.end + 1].pos_ == "PROPN":
        wider = doc[span.end + 1]
    if wider is not None and (wider.ent_type_ in ("DATE", "TIME", "EVENT") or wider.lower_ in EN_MONTHS):
        wider = None  # "in June": when, not where
    if wider is not None:
        # "lived on Mill Street in Carmarthen": the town answers "Where ...?" as well
        return (f"{place_label!r} lies in {doc[wider.left_edge.i:wider.right_edge.i + 1].text!r}, which answers "
                "'Where ...?' too")
    venue = prep.head
    if prep.head.i == verb.i:
        # "finishing at the Corn Exchange in Leeds" parsed with both phrases on the verb: the "at" before it names
        # the venue
        venue = next((o for p in verb.children if p.dep_ == "prep" and p.lower_ == "at" and p.i < prep.i
                      for o in p.children if o.dep_ == "pobj" and o.pos_ == "PROPN"), None)
        if venue is not None and prep.lower_ == "in":
            return (f"{place_label!r} says where {doc[venue.left_edge.i:venue.i + 1].text!r} is; the fact happened "
                    "there, and 'Where ...?' has two answers")
        return None
    if venue.pos_ == "PROPN" and venue.dep_ == "pobj" and venue.head.dep_ == "prep" and venue.head.head.i == verb.i:
        return (f"{place_label!r} says where {doc[venue.left_edge.i:venue.i + 1].text!r} is; the fact happened "
                "there, and 'Where ...?' has two answers")
    return None


def _code(text: str) -> bool:
    return bool(re.fullmatch(r"[A-Z]{1,3}-?\d{1,4}[A-Z]?", text))


def coordinated_codes(edge, lemma: str, label: str) -> str | None:
    """See the module doc."""
    found = locate_label(edge, lemma, label)
    if found is None:
        return None
    doc, verb, span = found
    if not _code(span.root.text):
        return None
    clause = [t for t in verb.subtree if t.i >= span.end]
    others = [t for t in clause if t.dep_ == "conj" and _code(t.text) and t.text != span.root.text]
    if others:
        return f"{label!r} is one of several things the sentence names together ({others[0].text!r} too)"
    return None


def named_as(edge, lemma: str, label: str) -> str | None:
    """See the module doc."""
    from tasks.dragon.questions_en_names import PERSON_NOUNS

    found = locate_label(edge, lemma, label)
    if found is None:
        return None
    doc, verb, span = found
    if span.root.dep_ != "appos":
        return None
    noun = span.root.head
    if noun.pos_ != "NOUN" or noun.head.i != verb.i or noun.lemma_.lower() in PERSON_NOUNS:
        return None
    described = [c for c in noun.children if c.dep_ in ("poss", "amod", "compound", "nummod")]
    if not described or described_as(edge, lemma, label):
        return None
    return (f"{label!r} is named as {doc[noun.left_edge.i:noun.i + 1].text!r}, which the question drops: "
            "other things fit the bare verb")


def described_as(edge, lemma: str, label: str) -> str | None:
    """ "debut album" of "released their debut album, Paper Boats": the description an answer is named
    as, after a possessive that points at the fact's subject, so a question can ask for the name of it
    ("What is the name of the Lanterns' debut album?"); None otherwise."""
    found = locate_label(edge, lemma, label)
    if found is None:
        return None
    doc, verb, span = found
    if span.root.dep_ != "appos":
        return None
    noun = span.root.head
    if noun.pos_ != "NOUN" or noun.head.i != verb.i or noun.dep_ != "dobj":
        return None
    poss = [c for c in noun.children if c.dep_ == "poss"]
    if len(poss) != 1 or poss[0].lower_ not in ("their", "his", "her", "its"):
        return None
    words = [t.text for t in doc[poss[0].i + 1:noun.i + 1]]
    if not words or not all(w.replace("-", "").isalpha() and w.islower() for w in words):
        return None
    return " ".join(words)


def role_complement(edge, role_noun: str, preposition: str) -> str | None:
    """See the module doc; ``role_noun``: the relation's role word ("head"), ``preposition`` its own."""
    tail = re.escape(bare_label(edge.tail_label))
    noun = re.escape(role_noun)
    as_said = re.compile(rf"\b{noun}\s+{re.escape(preposition)}\s+(?:the\s+)?{tail}", re.IGNORECASE)
    other = re.compile(rf"\b{noun}\s+(of|for|in)\s+(?!(?:the\s+)?{tail})((?:the\s+)?[\w-]+)", re.IGNORECASE)
    for sentence in edge.sentences:
        if as_said.search(sentence):
            return None
    for sentence in edge.sentences:
        match = other.search(sentence)
        if match and not match.group(2)[:1].isupper():
            return (f"the role {role_noun!r} is said as {match.group(0)!r}: asked as {role_noun!r} "
                    f"{preposition!r} {edge.tail_label!r} it loses what the role is")
    return None


def joined_place(lemma: str, answer_kind: str | None, label: str) -> str | None:
    """See the module doc."""
    if lemma in _JOINING_VERBS and answer_kind == "LOC":
        return f"{label!r} is a place joined or left: it stands for a body there the text names elsewhere"
    return None


def lost_destination(edge, lemma: str, label: str) -> str | None:
    """A person asked as the object of a verb whose sentence says where they went ("lost the flanker Tom
    Reed to a red card", "promoted Ann Lee to captain"): "Who did X lose?" asks another thing. A
    recipient after a verb of giving ("sold X to Y") is no loss."""
    from tasks.dragon.questions_en_context import _GIVING

    if lemma in _GIVING:
        return None
    found = locate_label(edge, lemma, label)
    if found is None:
        return None
    doc, verb, span = found
    if "to" in edge.relation.lower().split():
        return None
    for child in verb.children:
        if child.dep_ == "prep" and child.lower_ == "to" and child.i >= span.end:
            return f"{label!r} is asked without {doc[child.i:child.right_edge.i + 1].text!r}, which says what the fact is"
    return None


def _coordinated_names(doc, label: str):
    """The tokens of the names coordinated with ``label`` in ``doc`` as written ("Petra and Oskar Lund",
    "Ida Vance and Mia Roe"), or None."""
    import re as _re

    words = label.split()
    if len(words) < 2:
        return None
    first, last = _re.escape(words[0]), _re.escape(words[-1])
    name = r"[A-Z][\w'’-]+(?: [A-Z][\w'’-]+)*"
    for pattern in (rf"\b{first} and [A-Z][\w'’-]+ {last}\b", rf"\b[A-Z][\w'’-]+ and {first} {last}\b",
                    rf"\b{name} and {_re.escape(label)}\b", rf"\b{_re.escape(label)} and {name}"):
        match = _re.search(pattern, doc.text)
        if match:
            span = doc.char_span(match.start(), match.end(), alignment_mode="expand")
            return list(span) if span is not None else None
    return None


def _shares_a_surname(doc, label: str) -> bool:
    """ "Gordon and Ruth Halvorsen", "Ruth and Gordon Halvorsen": two people of one family named together, whose
    relative clause is said of both (one on "Manitoba Health and the Foundation, which ..." may be the last's)."""
    import re as _re

    words = label.split()
    if len(words) < 2:
        return False
    first, last = _re.escape(words[0]), _re.escape(words[-1])
    return bool(_re.search(rf"\b{first} and [A-Z][\w'’-]+ {last}\b|\b[A-Z][\w'’-]+ and {first} {last}\b", doc.text))


def joint_subject(edge, lemma: str) -> str | None:
    """The fact's subject is one of several the sentence coordinates as the verb's subject ("Gordon and Ruth
    Halvorsen, who gave $400,000", "Maka and Hurst won nine turnovers between them"): the amount is theirs
    together, and "How much did Gordon Halvorsen give?" gives one of them all of it. None where the amount is
    said of each ("scored two goals each"), the subject stands alone, or the sentence is not found."""
    from tasks.dragon.questions_en_context import _coordination, _span_of, locate

    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    span = _span_of(doc, edge.head_label)
    token = span.root if span is not None else next(
        (t for w in edge.head_label.split() if w[:1].isupper() for t in doc if t.text == w and t.pos_ == "PROPN"), None)
    if token is None:
        return None
    if any(t.lower_ == "each" for t in verb.subtree):
        return None
    group = _coordination(token)
    if len(group) < 2:
        group = _coordinated_names(doc, edge.head_label) or []  # "Petra and Oskar Lund" parsed without a conj
        if not group:
            return None
    inside = {t.i for t in group}
    top = next((t for t in group if t.head.i not in inside or t.head.i == t.i), group[0])
    subjects = {t.i for c in verb.children if c.dep_ in ("nsubj", "nsubjpass") for t in c.subtree}
    # a relative clause on the whole coordination hangs on its first word; one on its last conjunct, or said
    # in the singular ("Manitoba Health and the Foundation, which has raised"), is that conjunct's alone
    singular = verb.tag_ == "VBZ" or any(c.dep_ == "aux" and c.tag_ == "VBZ" for c in verb.children)
    said_of_group = top.dep_ in ("nsubj", "nsubjpass") and top.head.i == verb.i \
        or verb.dep_ == "relcl" and verb.head.i == top.i and not singular and _shares_a_surname(doc, edge.head_label) \
        or verb.dep_ != "relcl" and any(t.i in subjects for t in group)  # "the pair of Ida Vance and Mia Roe won"
    if not said_of_group:
        return None
    together = doc[min(t.i for t in group):max(t.i for t in group) + 1].text
    return f"{edge.head_label!r} is one of the subjects of {verb.text!r} ({together!r}): the amount is theirs together"
