"""DRAGON questions, English: what hangs on a fact's verb in its sentence, for the question to carry
or to refuse (issue 10, session 20).

Each function reads the fact's sentence through ``questions_en_context.locate`` (spaCy):

- ``perceived``: the fact is the complement of a verb of perception with another subject ("Vlahos
  watched Ribeiro play four times in Brisbane"): its count, place and time belong to the watching,
  and "How many times did Ribeiro play?" asks another thing (a reason to skip);
- ``date_attached_elsewhere``: a date whose preposition the parse hangs on a noun ("charged a man
  over three ram-raids ... in November"), or that a prepositional phrase with a common noun stands
  between it and the verb: it may date that noun's event, not the verb (a reason to skip);
- ``adverbial_to_carry``: the time ("in 2021") of the fact's verb for a question whose answer is no
  date, the destination or place ("to Australia", "in Leeds") for one whose answer is the date: "Where did Ribeiro
  move?" has another answer when he moves again later; "When did Ribeiro move?" does not say where;
- ``lost_predicative``: a passive whose subject is given a name or a post ("was named player of the
  year in NPL Queensland"): "Where was Ribeiro named?" lost what he was named (a reason to skip);
- ``place_attached_elsewhere``: a place that a comma-set phrase after the object stands before ("miss the next
  game, against Taranaki in New Plymouth"): it places the game, not the missing (a reason to skip);
- ``purpose_to_carry``: what an amount is spent on ("will spend $15 million on a new still house"):
  "How much will Kestrel spend?" is also answered by another sum it spends.
"""
from __future__ import annotations

import re

from tasks.dragon.questions_en_context import _span_of, locate, locate_label
from tasks.dragon.words_en import EN_MONTHS_PATTERN

#: verbs of perception whose complement clause is what was seen or heard, not a fact on its own
_PERCEPTION = frozenset("watch see hear notice observe witness feel spot".split())
#: prepositions that put a time on a verb ("in 2021", "on 4 May", "during the war")
_TIME_PREPS = frozenset("in on during".split())
#: prepositions of a destination a "When ...?" question keeps ("move to Australia")
_DIRECTION_PREPS = frozenset("to into".split())
#: prepositions of a place a "When ...?" question keeps ("open a bakery in Leeds")
_PLACE_PREPS = frozenset("in at".split())
#: a time that says when out of its article: a year or a month
_ABSOLUTE = re.compile(rf"\b(?:1[89]|20)\d\d\b|\b(?:{EN_MONTHS_PATTERN})\b", re.IGNORECASE)
#: verbs of spending whose "on"/"into" says what the money is for
_SPENDING = frozenset("spend invest pour sink allocate earmark commit".split())
#: words that point back into the article: a phrase holding them cannot be carried out of it
_POINTING = frozenset("it its it's they them their he him his she her this that these those which who".split())


def perceived(edge, lemma: str) -> str | None:
    """See the module doc."""
    found = locate(edge, lemma)
    if found is None:
        return None
    _, verb = found
    if verb.dep_ in ("xcomp", "ccomp") and verb.head.lemma_.lower() in _PERCEPTION and verb.tag_ in ("VB", "VBG") \
            and any(c.dep_ == "nsubj" for c in verb.children):
        # a bare infinitive or an -ing form ("watched Ribeiro play", "saw him scoring"); a finite clause ("the
        # court heard that Allender made 212 transfers") is a report of the fact, not a sight of part of it
        return (f"the fact is what someone perceived ({verb.head.text!r} ... {verb.text!r}): its "
                "count, place and time belong to that, not to the fact")
    return None


def _preposition_after_verb(edge, lemma: str, label: str):
    """(doc, verb, span, prep) where ``label`` (span) stands after a preposition that follows the fact's verb, else None."""
    found = locate_label(edge, lemma, label)
    if found is None:
        return None
    doc, verb, span = found
    if span.start == 0:
        return None
    prep = doc[span.start - 1]
    if prep.pos_ != "ADP" or prep.i < verb.i:
        return None
    return doc, verb, span, prep


def date_attached_elsewhere(edge, lemma: str, date_label: str) -> str | None:
    """See the module doc."""
    found = _preposition_after_verb(edge, lemma, date_label)
    if found is None:
        return None
    doc, verb, _span, prep = found
    said = set(edge.relation.lower().split())
    if prep.head.i != verb.i and prep.head.pos_ in ("NOUN", "PROPN") and prep.head.lower_ not in said:
        return f"{date_label!r} hangs on {prep.head.text!r}, not on the fact's verb {verb.text!r}"
    objects = {t.i for c in verb.children if c.dep_ in ("dobj", "dative") for t in c.subtree}
    for token in doc[verb.i + 1:prep.i]:
        if token.dep_ == "pobj" and token.pos_ == "NOUN" and token.i not in objects and token.lower_ not in said \
                and token.head.lower_ not in said:
            return (f"{date_label!r} comes after {doc[token.head.i:token.i + 1].text!r}: it may date that, "
                    f"not the fact's verb {verb.text!r}")
    return None


def place_attached_elsewhere(edge, lemma: str, place_label: str) -> str | None:
    """A place after the fact's verb and its object that a phrase set off by a comma stands before ("may miss
    Southland's next game, against Taranaki in New Plymouth"): the place belongs to what that phrase describes
    (the game), and "Where could X miss the game?" places the missing. None where nothing stands between."""
    found = _preposition_after_verb(edge, lemma, place_label)
    if found is None:
        return None
    doc, verb, span, prep = found
    said = set(edge.relation.lower().split())
    between = doc[verb.i + 1:prep.i]
    comma = next((t.i for t in between if t.text == ","), None)
    if comma is None:
        return None
    for token in doc[comma + 1:prep.i]:
        if token.pos_ == "ADP" and token.lower_ not in said and any(c.dep_ == "pobj" for c in token.children):
            return (f"{place_label!r} follows {doc[comma + 1:prep.i].text!r}, set off after the object: it places "
                    f"that, not the fact's verb {verb.text!r}")
    if comma + 1 == prep.i and any(t.dep_ in ("dobj", "obj") for t in between):
        # "may miss Southland's next game, against Taranaki": the phrase after the comma says which game
        return f"{doc[prep.i:span.end].text!r} is set off after the object: it says which one, not how the verb was done"
    return None


def _phrase(doc, prep) -> str | None:
    """The prepositional phrase of ``prep`` as written, when it can stand in a question out of its article."""
    phrase = doc[prep.i:prep.right_edge.i + 1]
    if len(phrase) > 8 or any(t.lower_ in _POINTING for t in phrase) or any(t.is_punct for t in phrase):
        return None
    return phrase.text


def adverbial_to_carry(edge, lemma: str, answer_label: str, answer_is_date: bool) -> str | None:
    """See the module doc: the phrase to put at the end of the question, or None."""
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    answer = _span_of(doc, answer_label)
    if answer is None:
        return None
    for child in verb.children:
        if child.dep_ != "prep":
            continue
        objects = [c for c in child.children if c.dep_ == "pobj"]
        if len(objects) != 1 or answer.start <= objects[0].i < answer.end:
            continue
        obj = objects[0]
        if not answer_is_date and child.lower_ in _TIME_PREPS and obj.ent_type_ == "DATE" \
                and _ABSOLUTE.search(doc[child.i:child.right_edge.i + 1].text):
            # "in 2021", "in May": the time on the verb; "on Monday" says nothing out of its article
            return _phrase(doc, child)
        if answer_is_date and child.lower_ in _DIRECTION_PREPS | _PLACE_PREPS and obj.pos_ == "PROPN" \
                and obj.ent_type_ in ("GPE", "LOC", "FAC", "ORG"):
            return _phrase(doc, child)  # "to Australia", "in Leeds", "in the Hobart Magistrates Court"
    return None


def purpose_to_carry(edge, lemma: str, amount_label: str) -> tuple[str | None, bool]:
    """See the module doc: (the phrase to carry, whether there is one the question must carry)."""
    if lemma not in _SPENDING:
        return None, False
    found = locate(edge, lemma)
    if found is None:
        return None, False
    doc, verb = found
    said = set(edge.relation.lower().split())
    for child in verb.children:
        if child.dep_ == "prep" and child.lower_ in ("on", "into") and child.lower_ not in said:
            return _phrase(doc, child), True
    return None, False


def lost_predicative(edge, lemma: str) -> str | None:
    """See the module doc."""
    found = locate(edge, lemma)
    if found is None:
        return None
    doc, verb = found
    said = set(edge.relation.lower().split())
    for child in verb.children:
        if child.dep_ in ("oprd", "attr") and child.lower_ not in said and not (
                set(edge.tail_label.lower().split()) & {t.lower_ for t in child.subtree}):
            return (f"{edge.relation!r} lost what was {verb.text} "
                    f"({doc[child.left_edge.i:child.right_edge.i + 1].text!r})")
    return None
