"""Triplet extraction, rules engine, English: a verb's objects and the phrases that qualify them.

What is (not) an object (a measure "two streets away", a clause's subject taken for an object, a zero
relative's noun), a counted measure with what it counts ("900 tonnes of grit"), the period or duration of a
count ("last season", "for nine weeks"), a part of a place that stands for its name ("the summit of X"),
a name set off after a comma, a possessor inside a name, a parenthetical place.
"""
from __future__ import annotations

from tasks.dragon.triplets_base import _join
from tasks.dragon.triplets_rules_en_lexicon import (
    _EN_GENERIC_NOUNS, _EN_PART_NOUNS, _EN_RELATIVE, _EN_VALUE_LABELS, _ORG, _PER, _absolute_date,
)
from tasks.dragon.triplets_rules_en_names import name_written_possessive
from tasks.dragon.words_en import EN_TRANSFER_GOALS
from tasks.dragon.triplets_rules_en_phrases import _EnSentence


def _name_after_comma(noun, helper):
    """ "the defending champion, Norway's Sindre Holt,": the person's name set off after a description of them
    (the parser may hang it elsewhere)."""
    doc = noun.doc
    i = noun.right_edge.i + 1
    if i >= len(doc) or doc[i].text != ",":
        return None
    j = i + 1
    if j + 1 < len(doc) and doc[j].pos_ == "PROPN" and doc[j + 1].tag_ == "POS":
        j += 2  # "Norway's"
    ent = helper.ent_of.get(j)
    if ent is None or ent.start != j or ent.label_ in _EN_VALUE_LABELS or len(ent) < 2:
        return None
    after = doc[ent.end] if ent.end < len(doc) else None
    if after is not None and after.text not in (",", ".", ";"):
        return None
    return ent.root


def _possessor(token, helper) -> bool:
    """Is ``token`` inside a name written with a possessive 's ("Harrowgate & Finch's series")? Not a name whose
    own verb follows its 's ("St Mary's beat ...")."""
    if name_written_possessive(token, helper.ent_of):
        return False
    ent = helper.ent_of.get(token.i)
    end = ent.end if ent is not None else token.i + 1
    last = token.doc[end - 1]
    after = token.doc[end] if end < len(token.doc) else None
    return last.tag_ == "POS" or (after is not None and after.tag_ == "POS" and token.dep_ != "poss" and after.head.i in
                                  range(ent.start if ent is not None else token.i, end))


def _parenthetical_place(prep, head) -> bool:
    """ ", on Finland's west coast" after "a refinery it is building in Kokkola": a place set off by a comma
    after other words of the clause says where the thing before it is; the parser hangs it on the verb."""
    if prep.dep_ != "prep" or prep.i < 2 or prep.doc[prep.i - 1].text != ",":
        return False
    if prep.lower_ not in ("on", "in", "at", "near", "off") or prep.i <= head.i + 2:
        return False
    # only after another place: "close its oldest factory, in Jönköping," says where the closing is
    return any(t.dep_ == "pobj" and t.ent_type_ in ("GPE", "LOC", "FAC") and t.head.lower_ in ("in", "at", "on", "near")
               for t in prep.doc[head.i:prep.i - 1])


#: adverbs that turn a counted noun into a measure of distance, time or age: "grew up two streets
#: away", "signed three years ago", "two metres apart"
_EN_MEASURE_ADVERBS = frozenset({"away", "ago", "later", "earlier", "apart", "long", "old", "behind", "ahead", "before"})


def _measure_phrase(obj) -> bool:
    """ "two streets" in "grew up two streets away from X" measures, it is not what was grown up."""
    after = obj.doc[obj.right_edge.i + 1] if obj.right_edge.i + 1 < len(obj.doc) else None
    # a measure counts: "two streets away", "three years ago"; "entered a dog show before this year" is no measure
    return after is not None and after.lower_ in _EN_MEASURE_ADVERBS and after.head in (obj, obj.head) \
        and after.pos_ != "ADP" and any(t.like_num or t.dep_ == "nummod" for t in obj.lefts)


def _count_period(verb, obj, helper: _EnSentence) -> str:
    """The period a count is of, said relative to now or as a span: "last season", "this winter", "over three
    seasons" ("" if none; a calendar date is the time suffix's, a rate "a day" the rate's)."""
    for child in list(verb.children) + list(obj.children):
        ent = helper.ent_of.get(child.i)
        if ent is None or ent.label_ != "DATE" or child.i < obj.i:
            continue
        if child.dep_ == "npadvmod" and not _absolute_date(ent.text) \
                and any(w.lower_ in ("last", "this", "next", "past") for w in ent) and child.right_edge.i == ent.end - 1:
            return ent.text
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ in ("over", "during") and prep.i > obj.i:
            pobj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            ent = helper.ent_of.get(pobj.i) if pobj is not None else None
            if ent is not None and ent.label_ == "DATE" and not _absolute_date(ent.text) \
                    and any(t.like_num for t in ent) and pobj.right_edge.i == ent.end - 1:
                return _join(prep.lower_, ent.text)
    return ""


def _duration_after(verb, children, helper: _EnSentence) -> str:
    """ "for nine weeks" right after the verb (a counted span of time, not a date): "for nine weeks", else ""."""
    after = max([verb.i] + [c.i for c in children if c.dep_ in ("prt", "neg", "advmod") and c.i > verb.i])
    first = next((c for c in children if c.dep_ == "prep" and c.lower_ == "for" and c.i == after + 1), None)
    pobj = next((c for c in first.children if c.dep_ == "pobj"), None) if first is not None else None
    ent = helper.ent_of.get(pobj.i) if pobj is not None else None
    if ent is None or ent.label_ != "DATE" or _absolute_date(ent.text) or not any(t.like_num for t in ent) \
            or pobj.right_edge.i != ent.end - 1:
        return ""
    return _join("for", ent.text)


def _with_counted_stuff(obj, phrase, helper: _EnSentence):
    """ "ended 60 years of family ownership", "used 900 tonnes of grit", "removed 92% of plastic fibres": a
    counted measure is a measure of something; without the "of" phrase the amount answers nothing."""
    if phrase is None or phrase[1] not in (None, "MISC") or obj.like_num or not any(t.like_num for t in obj.lefts):
        return phrase
    of = next((c for c in obj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    stuff = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if stuff is None or stuff.pos_ != "NOUN" or stuff.i in helper.ent_of or helper.phrase(stuff) is not None \
            or any(t.dep_ in ("det", "poss", "nummod") for t in stuff.lefts) or phrase[0].endswith(stuff.text):
        return phrase
    return f"{phrase[0]} of {_EnSentence.plain_text(stuff, det=False)}", phrase[1]


def _clause_subject_as_object(verb, obj) -> bool:
    """ "will move to the larger hall next year after all 600 seats sold out": the parser made "seats"
    the object of "move", but a direct object does not come after the verb's prepositional phrases
    with a verb of its own; it is the subject of that verb."""
    return obj.dep_ == "dobj" and any(c.dep_ == "prep" and verb.i < c.i < obj.i for c in verb.children) \
        and any(c.dep_ == "acl" and c.tag_ in ("VBN", "VBD") for c in obj.children)


def _zero_relative_object(verb) -> bool:
    """A relative clause with no relative pronoun, a subject of its own and no object ("a refinery it
    is building in Kokkola"): its noun is the verb's object. Not with a preposition left without its
    object ("the town it moved to") nor for a time or a reason ("the day it opened")."""
    head = verb.head
    if verb.dep_ != "relcl" or head.pos_ != "NOUN" or head.lower_ in _EN_GENERIC_NOUNS or head.ent_type_:
        return False
    children = list(verb.children)
    if not any(c.dep_ == "nsubj" and c.lower_ not in _EN_RELATIVE for c in children):
        return False
    if any(c.lower_ in _EN_RELATIVE or c.dep_ in ("dobj", "ccomp", "xcomp", "attr", "acomp", "auxpass") for c in children):
        return False
    return not any(c.dep_ == "prep" and not any(p.dep_ in ("pobj", "pcomp") for p in c.children) for c in children) \
        and head.lower_ not in ("reason", "way", "day", "time", "moment", "place", "year", "week", "month")


def _through_part_noun(pobj, helper: _EnSentence):
    """ "on the summit of Hardknott Pass" → Hardknott Pass; "near the Polish city of Poznań" → Poznań:
    a part or kind of a place, followed by its name, stands for the name."""
    if pobj.pos_ != "NOUN" or pobj.lower_ not in _EN_PART_NOUNS or pobj.i in helper.ent_of:
        return pobj
    of = next((c for c in pobj.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    inner = next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None
    if inner is not None and helper.phrase(inner) is not None:
        return inner
    return pobj


#: prepositions of what an amount of money goes on: "spent £410,000 on new players", "will pay $2 million
#: toward a new library"
_EN_SPENT_ON = frozenset({"on", "toward", "towards"})


def _spent_on(children, obj, helper: _EnSentence) -> str:
    """ "spent £410,000 on new players", "will pay $2 million toward a new library and sports hall": what the
    money went on is part of the amount's fact, with every thing joined by "and" ("on a new library" alone
    would ask for the cost of part of it); "" if none."""
    if obj.pos_ == "PRON" or not any(t.ent_type_ == "MONEY" for t in obj.subtree):
        return ""
    for prep in children:
        if prep.dep_ != "prep" or prep.lower_ not in _EN_SPENT_ON or prep.i < obj.i:
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj" or pobj.pos_ != "NOUN" or pobj.i in helper.ent_of or helper.phrase(pobj) is not None:
                continue
            if any(c.dep_ == "poss" and c.pos_ == "PRON" for c in pobj.children) and prep.lower_ != "on":
                return ""  # "raised $1.1 million toward its share": whose share, a question cannot say
            words = [prep.lower_, _EnSentence.plain_text(pobj)]
            for conj in (c for c in pobj.children if c.dep_ == "conj" and c.pos_ == "NOUN" and c.i not in helper.ent_of):
                cc = next((t.lower_ for t in pobj.children if t.dep_ == "cc" and t.i < conj.i), "and")
                words += [cc, _EnSentence.plain_text(conj)]
            return " ".join(words)
    return ""


def _relative_time(verb, helper: _EnSentence):
    """ "about 8 per cent below 2019, when the company carried 93,000 people": a clause that opens with "when"
    right after a date happened at that date; (preposition, date) for the clause's relation, else None."""
    when = next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ == "when" and c.i < verb.i), None)
    if when is None or when.i < 2:
        return None
    doc = verb.doc
    date = doc[when.i - 2] if doc[when.i - 1].text == "," else doc[when.i - 1]
    if not helper.is_absolute_time(date) or when.i != verb.left_edge.i:
        return None
    ent = helper.ent_of[date.i]
    before = doc[ent.start - 1] if ent.start > 0 else None
    if before is not None and before.lower_ in ("in", "on", "during"):
        return before.lower_, date
    if all(t.like_num and len(t.text) == 4 or t.pos_ == "PROPN" for t in ent):
        return "in", date  # "below 2019", "since March 2020": a year or a month is a time "in"
    return None


#: prepositions that give the tally a deed with an object reached: "caught nine passes for 142 yards", "leads the
#: league with 22 goals"
_EN_TALLY_PREPS = frozenset({"for", "with"})


def _tally_after_object(preposition: str, pobj, named_objects, helper: _EnSentence) -> str | None:
    """ "caught nine passes for 142 yards", "leads the CFL with 104 tackles": a count after the one object of a
    verb is a fact of its own, asked with the object in the relation ("catch nine passes for", "lead CFL with");
    the object's text for that relation, or None. Money is a price (``_price_facts``), dates and times a when."""
    if len(named_objects) != 1 or preposition not in _EN_TALLY_PREPS or helper.is_time(pobj):
        return None
    counted = [t for t in pobj.subtree if t.i <= pobj.i]  # "22 goals this season": the count, not its period
    if not any(t.like_num for t in counted) or any(t.ent_type_ in ("MONEY", "DATE", "TIME") or t.pos_ == "SYM"
                                                   for t in counted):
        return None
    if any(t.i > pobj.i and t.dep_ in ("acl", "amod", "advmod") for t in pobj.children):
        return None  # "with one game left", "with two races remaining": what is still to come, no tally
    obj = named_objects[0][0]
    if obj.i > pobj.i or any(t.dep_ == "conj" for t in obj.subtree):
        return None  # "has 5500 square metres of space and cool stores for 400 tonnes": the count is the last one's
    return _EnSentence.plain_text(obj, det=False)


#: prepositions of whom a counted thing came from or went to: "leased 90 hectares from X", "sold 40 lots to Y"
_EN_SOURCE_PREPS = frozenset({"from", "to"})


def source_after_object(preposition: str, pobj, named_objects, helper: _EnSentence) -> str | None:
    """ "leased 90 hectares from the Roe Creek Land Trust", "ordered 12 prime movers from a dealer, X": whom the one
    counted object of a verb came from or went to is a fact of its own, asked with the object in the relation
    ("lease 90 hectares from"); the object's text for that relation, or None. Only a counted thing (a named object
    is asked by its name) and a person or organisation named (a place or a time says where or when, not whom)."""
    if len(named_objects) != 1 or preposition not in _EN_SOURCE_PREPS or helper.is_time(pobj):
        return None
    obj, phrase = named_objects[0]
    if phrase[1] is not None or obj.pos_ != "NOUN" or obj.i > pobj.i or not any(t.like_num for t in obj.lefts) \
            or any(t.dep_ == "conj" for t in obj.subtree) or any(t.ent_type_ == "MONEY" for t in obj.subtree):
        return None  # "$18 million grant": a price is asked as one (``_price_facts``)
    source = helper.phrase(pobj)
    if source is None or source[1] not in (_PER, _ORG):
        return None
    return _EnSentence.plain_text(obj, det=False)


def goal_after_object(preposition: str, pobj, named_objects, verb, helper: _EnSentence) -> str | None:
    """ "plan to take Ngaio Star to Riccarton", "sent the Arden crew to Holm", "turned Kelby Mill into flats": where or
    into what a verb of putting, moving or turning (``words_en.EN_TRANSFER_GOALS``) takes its one object is a fact of
    its own, asked with the object in the relation ("take Ngaio Star to"); without it the verb says nothing whole.
    The object's text for that relation, or None (a time says when: "moved the vote to March")."""
    if len(named_objects) != 1 or preposition not in EN_TRANSFER_GOALS.get(verb.lemma_.lower(), ()) \
            or helper.is_time(pobj):
        return None
    obj = named_objects[0][0]
    if obj.i > pobj.i or any(t.dep_ == "conj" for t in obj.subtree) or helper.phrase(pobj) is None:
        return None
    return _EnSentence.plain_text(obj, det=False)
