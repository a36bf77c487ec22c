"""Triplet extraction, rules engine, English: every fact of an article names a thing by its fullest name.

News writes a name whole the first time and short after it: "Waiau Plains Dairy has agreed ... Waiau Plains'
chief executive ...", "the Gore cheese maker Hokonui Cheese Company ... Hokonui Cheese, which makes ...",
"The Otago Volts beat ... Otago's coach, Marty Lindsay", "the Brandon Wheat Kings ... the Wheat Kings". The
small NER model tags each mention apart, so the same thing became two graph nodes and answers cut the name
("Waiau Plains", "Otago"); a sentence-initial number word glued to a place ("Two Te Anau helicopter
companies") made another. After an article's facts are read (``fullest_names``):

- a name is lengthened to the one longer name the article writes it inside, when the extra words end in a
  word for a body or a team ("Dairy", "Company", "Co-op", "Trust", "Club", "Board", "Seafoods", a team's
  plural "Volts"), are capitalised and next to it, and the article's first mention of the name is that longer
  name (news names a thing whole first: "Penby Town" the team written first stays apart from a "Penby Town
  Council" met later);
- a name ending in such a word takes the capitalised name words the article writes before it the same way
  ("the Wheat Kings" -> "Brandon Wheat Kings", "the Assembly" -> "Anchorage Assembly");
- a number word, a day or a month glued before a name by a sentence's capital is no part of it ("Two Te Anau").

Never: a person's name (the discourse knows its people: "John Hale" is not the John Hale Foundation), a
place a fact is located at ("a centre in Otago" stays Otago, the region, not the Otago Volts), a name the article
also writes as a place ("roads around Port Alder") lengthened to a body's name ("Port Alder Dairy Company": "Port
Alder has 3,000 residents" is the town's; a team's plural, "Otago Volts", still lengthens it), a mention
inside a longer name on its left ("University of Otago Oval", "West Otago" say nothing of Otago), or a name
the article lengthens two ways ("Port Elgin Otters", "Port Elgin Herons").
"""
from __future__ import annotations

import re
from dataclasses import replace

from tasks.dragon.triplets_base import _Fact
from tasks.dragon.triplets_rules_en_lexicon import _ORG, _is_org_noun, _is_team_word, _noun_form
from tasks.dragon.words_en import EN_MONTHS, EN_WEEKDAYS

#: last words of an organisation's name beyond the lexicon's nouns for bodies ("Waiau Plains Dairy")
_NAME_CLASS_WORDS = frozenset("""
    company co co-op coop cooperative co-operative dairy trust club board group holdings ltd limited inc corp
    corporation council assembly association society league foundation institute bank partners bakery brewery
    winery distillery creamery mill mills works farm farms fisheries foods seafoods industries enterprises
    services authority agency commission committee union federation academy college school hospital museum
    """.split())
#: words a capital at a sentence's start glues onto a name ("Two Te Anau helicopter companies")
_GLUED = frozenset("""
    one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred dozen
    """.split()) | frozenset(w.lower() for w in (*EN_WEEKDAYS, *EN_MONTHS))
#: words that end a run of name words: titles and roles written before a person ("Spruce Cape Chief Executive")
_NOT_NAME = frozenset("""
    chief executive ceo cfo chairman chairwoman chair president director manager mayor coach captain minister
    spokesman spokeswoman spokesperson secretary treasurer councillor the a an and of for in on at
    """.split()) | _GLUED
#: prepositions that make a fact's object the place something happens at
_LOCATIVE = frozenset("in at to from near into across around outside inside between within".split())
#: prepositions before a bare mention that make it a place in the article ("roads around Port Alder"): a body named
#: after it ("Port Alder Dairy Company") is no longer form of it ("Port Alder has 3,000 residents" stays the town)
_PLACE_PREPOSITIONS = frozenset("in near across around throughout outside within".split())


def _ends_in_class(words: list[str]) -> bool:
    """Does a run of name words end in a word for a body or a team ("Dairy", "Co-op", "Volts")?"""
    if not words:
        return False
    last = words[-1]
    lower = last.lower()
    noun = _noun_form(last)
    return lower in _NAME_CLASS_WORDS or (noun is not None and (noun in _NAME_CLASS_WORDS or _is_org_noun(noun))) \
        or _is_team_word(last)


def _name_word(token) -> bool:
    return token.text[:1].isupper() and token.is_alpha and token.lower_ not in _NOT_NAME and not token.ent_type_ in (
        "DATE", "TIME", "CARDINAL", "MONEY", "PERCENT", "QUANTITY", "ORDINAL")


def _run_after(doc, end: int) -> list[str]:
    """The capitalised name words right after a mention ending at token ``end`` ("Dairy" of "Waiau Plains Dairy's"),
    hyphened words kept whole ("Co-op"); a possessive, a title or any other word ends the run."""
    words: list[str] = []
    j = end
    sent_end = doc[end - 1].sent.end
    while j < sent_end and _name_word(doc[j]):
        word = doc[j].text
        while j + 2 < sent_end and doc[j + 1].text == "-" and not doc[j].whitespace_ and not doc[j + 1].whitespace_ \
                and doc[j + 2].is_alpha:
            word += "-" + doc[j + 2].text
            j += 2
        words.append(word)
        j += 1
    while words and not _ends_in_class(words):
        words.pop()  # "Otago Volts Chief": only as far as the word for the body
    return words


def _run_before(doc, start: int) -> list[str]:
    """The capitalised proper nouns right before a mention beginning at token ``start`` ("Brandon" of "the Brandon
    Wheat Kings"); a number word, a day or a sentence's first common word is no part of it."""
    words: list[str] = []
    i = start - 1
    first = doc[start].sent.start
    while i >= first and _name_word(doc[i]) and doc[i].pos_ == "PROPN" and doc[i + 1].text != "-":
        words.insert(0, doc[i].text)
        i -= 1
    return words


def _inside_longer(doc, start: int) -> bool:
    """Is a mention beginning at ``start`` the end of a longer name ("University of Otago Oval", "West Otago")?"""
    if start == 0 or start == doc[start].sent.start:
        return False
    before = doc[start - 1]
    if before.lower_ in ("of", "&", "and") and start >= 2 and doc[start - 2].text[:1].isupper() \
            and doc[start - 2].i != doc[start].sent.start:
        return True
    return before.text[:1].isupper() and before.pos_ == "PROPN" and before.lower_ not in _GLUED


def placed(doc, start: int) -> bool:
    """Is the mention beginning at token ``start`` written as a place ("roads across Otago")?"""
    return start > doc[start].sent.start and doc[start - 1].lower_ in _PLACE_PREPOSITIONS


def placed_names(docs) -> set[str]:
    """The one-word proper names the article writes as a place somewhere (after in/near/across/...): a body whose
    name begins with one ("Otago Rugby Club") is not what the bare word means (``_Discourse.short_name``)."""
    return {token.text for doc in docs for token in doc
            if token.pos_ == "PROPN" and token.text[:1].isupper() and placed(doc, token.i)}


def _mentions(name: str, docs) -> list[tuple[object, int, int]]:
    """(doc, first token, end token) of each mention of ``name`` in the article's parsed paragraphs, in text order."""
    pattern = re.compile(rf"(?<![\w'’-]){re.escape(name)}(?![\w-])")
    found = []
    for doc in docs:
        for match in pattern.finditer(doc.text):
            span = doc.char_span(match.start(), match.end())
            if span is not None:
                found.append((doc, span.start, span.end))
    return found


def _fullest(name: str, docs) -> str | None:
    """The one longer name the article writes ``name`` inside, first, as the name of a body or a team; else None."""
    mentions = _mentions(name, docs)
    if not mentions:
        return None
    classed = _ends_in_class(name.split())
    longer: list[str] = []
    as_place = False  # a bare mention written as a place ("closed roads around Port Alder")
    for doc, start, end in mentions:
        inside = _inside_longer(doc, start)
        after = _run_after(doc, end) if not inside else []
        before = _run_before(doc, start) if classed else []
        if after:
            longer.append(" ".join([name, *after]))
        elif before:
            longer.append(" ".join([*before, name]))
        elif not inside:
            longer.append(name)
            as_place = as_place or placed(doc, start)
    if not longer or longer[0] == name or len(set(longer) - {name}) != 1:
        return None  # written short first, never longer, or longer two ways: which, the text does not say
    if as_place and not _is_team_word(longer[0].split()[-1]):
        return None  # the article's place, and a body named after it ("Port Alder Dairy Company"): two things
    return longer[0]


def _unglued(name: str) -> str:
    """ "Two Te Anau" -> "Te Anau": a number word, a day or a month before a name's capitalised words."""
    words = name.split()
    if len(words) >= 2 and words[0].lower() in _GLUED and all(w[:1].isupper() for w in words[1:]):
        return " ".join(words[1:])
    return name


def _is_name(text: str) -> bool:
    words = text.split()
    return bool(words) and all(w[:1].isupper() or w in ("of", "&", "and", "de") for w in words) \
        and words[-1][:1].isupper() and not any(ch.isdigit() for ch in text)


def fullest_names(facts: list[_Fact], docs, discourse) -> list[_Fact]:
    """``facts`` of one article with every name said as the article's fullest mention of it (see the module)."""
    people = (discourse.people | discourse.titled) - discourse.orgs
    cache: dict[str, str] = {}

    def fullest(text: str, relation: str, is_object: bool) -> str:
        if not _is_name(text) or text in people:
            return text
        if is_object and relation.split() and relation.split()[-1] in _LOCATIVE:
            return text  # "open a civil defence centre in Otago": the place, never a team or a firm named after it
        if text not in cache:
            unglued = _unglued(text)
            longer = _fullest(unglued, docs)
            cache[text] = longer if longer is not None and longer not in people else unglued
        return cache[text]

    def label(before: str, after: str, was: str | None) -> str | None:
        # a name lengthened by a word for a body or a team names an organisation, whatever the tagger said
        return _ORG if after != before and not before.endswith(after) and len(after) > len(before) else was

    out = []
    for fact in facts:
        subject = fullest(fact.subject, fact.relation, False)
        obj = fullest(fact.object, fact.relation, True)
        if (subject, obj) != (fact.subject, fact.object):
            fact = replace(fact, subject=subject, object=obj, subject_label=label(fact.subject, subject, fact.subject_label),
                           object_label=label(fact.object, obj, fact.object_label))
        out.append(fact)
    return out
