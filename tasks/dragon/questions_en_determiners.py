"""DRAGON questions, English: the article a name or a role takes as its sentences write it, and whether
a role is held now (moved from ``questions_en``)."""
from __future__ import annotations

import re

from schemas import Edge
from tasks.dragon.questions_en_verbs import EnRelation, _en_adjectives
from tasks.dragon.questions_base import NoTemplate
from tasks.dragon import questions_en_context as en_context
from tasks.dragon import questions_en_names as en_names
from tasks.dragon.words_en import EN_MONTH_ABBREVIATIONS, EN_MONTHS, EN_WEEKDAYS



_EN_DETERMINER_WORDS = ("the", "a", "an")
_EN_QUANTIFIER_WORDS = {"more", "less", "fewer", "than", "half", "most", "some", "all", "many", "much", "few", "about",
                        "nearly", "almost", "around", "over", "under", "a", "third", "quarter", "majority", "minority",
                        "bulk", "rest", "of", "the", "whole", "part", "share", "lot", "one", "two", "three"}
_EN_POSSESSIVES = {"its", "his", "her", "their", "our", "my", "your", "this", "that", "these", "those"}


_EN_TIME_OPENERS = {"first", "second", "third", "fourth", "last", "end", "start", "beginning", "middle", "turn", "spring",
                    "summer", "autumn", "winter", "fall"}


def _modifies_a_noun(sentence: str, end: int) -> bool:
    """Does the name ending at ``end`` modify a lowercase noun after it ("the former Halifax Town coach",
    "the Kelby Rovers squad")? Then the article before it belongs to that noun, not to the name."""
    doc = en_context.sentence_doc(sentence)
    last = next((t for t in doc if t.idx < end <= t.idx + len(t.text)), None)
    return last is not None and last.dep_ in ("compound", "nmod", "amod") and last.head.i > last.i \
        and last.head.pos_ == "NOUN" and last.head.is_lower


#: a noun phrase opened by an ordinal ("61st minute") or by "further"/"additional" before an amount ("further
#: $40,000"): English gives it an article ("in the 61st minute", "pay a further $40,000"), which the fact's
#: object lost
_EN_NEEDS_ARTICLE = re.compile(r"^(?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|further|additional)\s+\S")


def _article_as_written(label: str, sentences: list[str]) -> str:
    """``label`` with the article its sentences write right before it ("the 61st minute", "a further
    $40,000"); a label written with no article, or with two different ones, ``NoTemplate``: a bare
    ordinal or "further" phrase is no English."""
    pattern = re.compile(rf"\b(the|a|an)\s+{re.escape(label)}(?!\w)", re.IGNORECASE)
    found = {m.group(1).lower() for sentence in sentences for m in pattern.finditer(sentence)}
    if len(found) != 1:
        raise NoTemplate(f"{label!r} needs an article its sentences do not give it")
    return f"{found.pop()} {label}"


#: the head nouns of names English writes with "the" when the text gives no evidence either way (a mention
#: only at a headline's start, or inside a longer name): a court, a council, an authority, a department, a
#: theatre ... is named by its common noun ("the 95B District Court", "the Lyric Quay Theatre"); a company, a
#: county, a township or a city is not ("Pinewood Paving Co.", "Marquette County", "Traverse City"), and a
#: hospital, a library, a bridge, a union, a league or a festival goes both ways ("Royal Kelby Hospital", "Super
#: League", "Westfield Credit Union")
_EN_THE_HEADS = frozenset("""
    court council board authority department commission agency police service services office committee ministry
    museum gallery theatre theater arena centre center railway line trust foundation institute party cup prize
    championship championships fund association federation society exchange jail prison hotel inn tavern
    assembly senate parliament army navy force guard corps river canal sea ocean peninsula strait channel
    mountains islands coast observatory orchestra ballet opera tribunal inquiry
    unit bureau division administration directorate squad
    """.split())

#: what may stand between "the" and a name the article is still the name's: a noun of the level or the owner
#: a body serves ("the state Office of Special Prosecutions", "the city Planning Commission", "the tribal
#: Health Authority"), an ordinal or a count ("the 15th Kelby Film Festival", "the third Harbour Regatta") and
#: a compound adjective of place or owner ("the Seattle-based Portage Lane Properties", "the state-run ...")
_EN_LEVEL_NOUNS = frozenset("""
    state city county town borough district village parish township municipal provincial territorial tribal
    federal regional national government annual inaugural biennial
    """.split())
_EN_NAME_PREMODIFIER = re.compile(
    r"[£$€]?\d[\d.,]*(?:m|bn|million|billion)?|\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth"
    r"|ninth|tenth|[a-z]+-(?:based|owned|run|funded|backed|led|operated|controlled)")


def _premodifies_name(word: str, modifiers: frozenset[str]) -> bool:
    """Is ``word``, between "the" and a name, a modifier of the name (the article stays the name's)?"""
    word = word.lower()
    return word in modifiers or word in ("new", "old", "restored", "former") or word in _EN_LEVEL_NOUNS \
        or bool(_EN_NAME_PREMODIFIER.fullmatch(word))

#: a name a mention continues past: "the Marquette County Board of Commissioners" holds "Marquette County", and
#: its "the" is the board's; a day or a month after a name is no part of it ("the Michigan State Police Monday")
_EN_LONGER_NAME = re.compile(
    rf"^(?:\s+of)?\s+(?!(?:{'|'.join(w.title() for w in EN_WEEKDAYS + EN_MONTHS + EN_MONTH_ABBREVIATIONS)})\b)[A-Z]")

#: a place written "Town, Region" ("Hurley, Wisconsin", "Bathurst, New South Wales"): it takes no article
_EN_COMMA_PLACE = re.compile(r"^[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*)*, [A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*)*$")
#: what follows the town of a "Town, Region," that modifies a noun ("the Hurley, Wisconsin, logger"): the
#: "the" before the town is the noun's
_EN_PLACE_MODIFIER = re.compile(r"^,\s+([A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)*),\s+(?!(?:and|or)\b)[a-z]")

#: regions a "Town, Region" names where spaCy may not tag them: US states, Canadian provinces, Australian
#: states, the nations of the UK
_EN_REGIONS = frozenset(r.replace("_", " ") for r in """
    Alabama Alaska Arizona Arkansas California Colorado Connecticut Delaware Florida Georgia Hawaii Idaho Illinois
    Indiana Iowa Kansas Kentucky Louisiana Maine Maryland Massachusetts Michigan Minnesota Mississippi Missouri
    Montana Nebraska Nevada New_Hampshire New_Jersey New_Mexico New_York North_Carolina North_Dakota Ohio Oklahoma
    Oregon Pennsylvania Rhode_Island South_Carolina South_Dakota Tennessee Texas Utah Vermont Virginia Washington
    West_Virginia Wisconsin Wyoming Ontario Quebec Alberta Manitoba Saskatchewan Nova_Scotia New_Brunswick
    British_Columbia Newfoundland Queensland Victoria Tasmania New_South_Wales England Scotland Wales Ireland
    """.split())


def place_modifier_follows(sentence: str, end: int) -> bool:
    """Does ", Region, <lowercase word>" follow the name ending at ``end`` ("the Hurley, Wisconsin, logger"), the
    region a known region or a place spaCy tags (not the next item of a list: "the Harlow Hawks, Dunmore United,
    and ...")? Then the article before the town is the noun's."""
    match = _EN_PLACE_MODIFIER.match(sentence[end:])
    if not match:
        return False
    region = match.group(1)
    if region in _EN_REGIONS:
        return True
    at = end + match.start(1)
    return any(ent.label_ == "GPE" and ent.start_char <= at and ent.end_char >= at + len(region)
               for ent in en_context.sentence_doc(sentence).ents)


def _place_modifies_noun(sentence: str, start: int, end: int) -> bool:
    """Is the "Town, Region" place at ``start:end`` of ``sentence`` a modifier of the noun after it: an article
    before the town ("the Hurley, Wisconsin, logger", "a Ferris, Montana, rancher"), or ", <noun>" right after
    it that is no adverbial of time ("Hurley, Wisconsin, logger Ray Bodine")? "A man from Ferris, Montana, died",
    "moved to Ferris, Montana, last year" name the place itself."""
    before = sentence[:start].split()
    if before and before[-1].lower() in _EN_DETERMINER_WORDS:
        return True
    doc = en_context.sentence_doc(sentence)
    after = [t for t in doc if t.idx >= end and not t.is_punct]
    if not after or not re.match(r"\s*,\s*$", sentence[end:after[0].idx]):
        return False
    return after[0].pos_ == "NOUN" and after[0].is_lower and after[0].dep_ != "npadvmod"


def _is_name(label: str) -> bool:
    """Is ``label`` a name whose article the text decides: capitalised ("Lyric Quay Theatre"), or a code opening
    a capitalised name ("95B District Court", "M-28 Bridge")?"""
    words = label.split()
    return label[:1].isupper() or len(words) > 1 and any(ch.isdigit() for ch in words[0]) \
        and any(ch.isalpha() for ch in words[0]) and all(w[:1].isupper() for w in words[1:])


#: nouns that open a place's own name before "of" and take no article: "Port of Spain", "Lake of Menteith"
_BARE_OF_HEADS = frozenset("isle port mount lake cape bay fort".split())


def head_article(label: str) -> str | None:
    """Why a name takes "the" by its head noun, where its text says nothing, or None: a name headed by a common
    noun of an institution, a venue or a body of water ("District Court", "Quay Theatre", "Menominee River"),
    or "<Noun> of <Name>" ("City of Palmerston", "Tour of the Fells": the noun is the thing, the name after
    "of" says which); none for the rest (a company's own word, a county, a town). The question filter's
    ``dropped_article`` reads the same rule."""
    return of_article(label) or head_noun_article(label)


def of_article(label: str) -> str | None:
    """Why "<Noun> of <Name>" takes "the" ("the City of Palmerston"), or None (``head_article``)."""
    words = label.split()
    if len(words) >= 3 and words[1] == "of" and words[0][:1].isupper() and words[0][1:].islower() \
            and words[0].lower() in _en_nouns() and words[0].lower() not in _BARE_OF_HEADS:
        return f"'{words[0]} of ...' names a thing by a common noun"
    return None


def head_noun_article(label: str) -> str | None:
    """Why a name headed by a common noun of ``_EN_THE_HEADS`` takes "the" ("the 95B District Court"), or None."""
    words = label.split()
    if len(words) >= 2 and words[-1].lower() in _EN_THE_HEADS and words[-1][:1].isupper():
        return f"its head {words[-1]!r} is a common noun"
    return None


def _en_nouns() -> frozenset[str]:
    from tasks.dragon.questions_en_verbs import _en_lexicon
    return _en_lexicon()[1]


def en_name_article(label: str, sentences: list[str]) -> str:
    """ "European Research Council" → "the European Research Council" when every mention of the
    name in its sentences has "the" before it (institutions, bands, courts); names written
    without it ("Harbour Logistics") stay bare. So does a time written with it: "complete the deal
    in the first quarter of 2027", not "in first quarter of 2027". Where no mention says either (a
    headline's start, a longer name: "the Marquette County Board"), the name's head noun decides
    (``head_article``). A "Town, Region" place takes none: "the Hurley, Wisconsin, logger" is the logger's."""
    if not label.strip() or label.split()[0].lower() in _EN_DETERMINER_WORDS:
        return label
    if _EN_NEEDS_ARTICLE.match(label):
        return _article_as_written(label, sentences)
    if not _is_name(label) and not (label.split()[0].lower() in _EN_TIME_OPENERS and " of " in label) \
            and not (label.split()[0].isdigit() and len(label.split()) > 1):  # "the 2027 race"
        return label
    if _EN_COMMA_PLACE.match(label):
        mentions = [(s, m) for s in sentences for m in re.finditer(rf"(?<!\w){re.escape(label)}(?!\w)", s)]
        if mentions and all(_place_modifies_noun(s, m.start(), m.end()) for s, m in mentions):
            # "the Hurley, Wisconsin, logger Ray Bodine": the place only says where the logger is from
            raise NoTemplate(f"{label!r} is written only as the place of the noun after it")
        return label
    # a mention that opens its sentence says nothing (a headline drops its articles: "Lyric Quay Theatre to
    # reopen"); "the" may stand before modifiers ("at the new National Indoor Arena", "the restored ...")
    pattern = re.compile(rf"(?:^|(?<=\W)){re.escape(label)}(?!\w)")
    modifiers = _en_adjectives()
    seen = 0
    opens = False  # a body sentence (one with its full stop) that opens with the bare name writes it bare
    for sentence in sentences:
        for match in pattern.finditer(sentence):
            before = sentence[:match.start()].split()
            if not before:
                opens = opens or bool(re.search(r"[.!?][\"”’')]*\s*$", sentence))
                continue
            if before[-1].endswith(("'s", "’s", "s'", "s’")):
                # "Swansea's Lyric Quay Theatre", "the troopers' Statewide Drug Unit": the possessive stands for
                # the article
                continue
            if _EN_LONGER_NAME.match(sentence[match.end():]) or place_modifier_follows(sentence, match.end()):
                continue  # "the Marquette County Board of Commissioners": the article is the board's
            if _modifies_a_noun(sentence, match.end()):
                continue  # "the former Halifax Town coach": the article is the coach's
            while len(before) > 1 and before[-1].lower() != "the" and _premodifies_name(before[-1], modifiers):
                before = before[:-1]
            if before[-1].lower() != "the":
                return label
            seen += 1
    words = label.split()
    if not seen and len(words) > 1 and words[-1][:1].isupper() and words[-1].endswith("s") \
            and not words[-1].endswith("ss") and not any(pattern.search(sentence) for sentence in sentences):
        # "Derwent Comets" where the sentences never write it, only "The Comets will host ...": a team the text repeats by
        # its plural last word takes the article it gives that word
        short = re.compile(rf"(\S+)\s+{re.escape(words[-1])}(?![\w-])")
        mentions = [m.group(1) for sentence in sentences for m in short.finditer(sentence)
                    if not m.group(1)[:1].isupper() or m.group(1) == "The"]
        if mentions and all(m.lower() == "the" for m in mentions):
            return f"the {label}"
    if seen:
        return f"the {label}"
    return f"the {label}" if head_article(label) and not opens and not _tagged_person(label, sentences) else label


def _tagged_person(label: str, sentences: list[str]) -> bool:
    """Does spaCy tag ``label`` a PERSON where its sentences write it (or, written nowhere, alone)? A surname
    that is a head noun ("Jim Court", "Ann Hall") takes no "the" by ``head_article``."""
    texts = [s for s in sentences if label in s] or [label]
    return any(ent.text == label and ent.label_ == "PERSON"
               for text in texts for ent in en_context.sentence_doc(text).ents)


def _role_article(edge: Edge, rel: EnRelation) -> str:
    """ "a" / "an" when the article's sentence says "a member of", else "the"."""
    words = rel.head.split()
    pattern = re.compile(rf"\b(an?)\s+{re.escape(' '.join(words))}\s+{re.escape(rel.rest_text)}\b", re.IGNORECASE)
    for sentence in edge.sentences:
        match = pattern.search(sentence)
        if match:
            return match.group(1).lower()
    return "the"



def _role_be(edge: Edge, rel: EnRelation) -> str:
    """ "was" when the sentences say the post is held no more ("the former treasurer", "an ex-chair of",
    "had been treasurer of", "a one-time manager"), else "is": a former role asked in the present
    tense states a falsehood."""
    role = re.escape(rel.head.split()[-1])
    ended = re.compile(
        rf"\b(?:former|ex-|one-time|erstwhile|outgoing|then|previous|late)\s*(?:[\w-]+\s+){{0,2}}{role}\b"
        rf"|\b(?:had\s+been|was\s+once|used\s+to\s+be|stepped\s+down\s+as|resigned\s+as)\s+"
        rf"(?:(?:the|a|an|its|club)\s+)*(?:[\w-]+\s+)?{role}\b", re.IGNORECASE)
    if any(ended.search(sentence) or closed_span(sentence, role) for sentence in edge.sentences):
        return "was"
    # "Storrie ... was the Rovers' top scorer for a third straight year": the sentence says the post in the
    # past tense of its own copula (the head's name before it), so "What is Liam Storrie the top scorer of?"
    # is a present the text does not state
    name = re.escape(edge.head_label.split()[-1]) if edge.head_label.split() else None
    said_past = name and re.compile(
        rf"(?<![\w-]){name}\b[^.;:!?]*?\b(?:was|were)\s+(?:[\w'’-]+\s+){{0,4}}?{role}\b", re.IGNORECASE)
    said_now = name and re.compile(
        rf"(?<![\w-]){name}\b[^.;:!?]*?\b(?:is|are|has\s+been|have\s+been)\s+(?:[\w'’-]+\s+){{0,4}}?{role}\b",
        re.IGNORECASE)
    if said_past and any(said_past.search(s) for s in edge.sentences) \
            and not any(said_now.search(s) for s in edge.sentences):
        return "was"
    return "is"


#: a span the post is dated to that has closed: "the office manager of X from 2015 to 2023", "treasurer
#: between 2010 and 2019", "chair of the board until 2021", "captain until his retirement"
_CLOSED_SPAN = r"(?:(?:from|between)\s+(?:19|20)\d\d\s*(?:to|until|till|and|[–-])\s*(?:19|20)\d\d|until|till)\b"
#: what before a post says its "until" runs ahead: a present or perfect verb, an appointment or a contract ("has been
#: appointed chair until 2030", "is chair until 2030", "signed a deal to stay as chair until 2030")
_OPEN_UNTIL = (r"\b(?:is|are|has|have|appointed|named|signed|extended|contracted|re-signed|committed)\b"
               r"(?:(?!\b(?:was|were|had)\b)[^,.;:!?])*?")
#: the body a post is of, written after it: "of Barra Bay Charters", "at the Kelby Rowing Club"
_OF_NAME = r"(?:\s+(?:of|at|for|with|in)\s+(?:the\s+)?[A-Z][\w'’&.-]*(?:\s+(?:[A-Z][\w'’&.-]*|of|and|&))*)"
#: a clause on the holder that ends the post: "the club's treasurer, who retired in 2020", "retired as coach"
_LEFT_POST = r"(?:retired|resigned|stepped\s+down|left|quit|died)"


def closed_span(sentence: str, role: str) -> bool:
    """Does ``sentence`` date the post ``role`` (a regex of its head noun) to a span that has closed, or
    say its holder left it? "Pressman, the office manager of X from 2015 to 2023, moved ..." is asked
    "What was Pressman the office manager of?", never "is"."""
    if re.search(r"\b(?:will|remains?|shall|is\s+due)\b", sentence, re.IGNORECASE):
        return False  # "will remain chair until 2028": a span still running
    # the name after the post is read case-sensitively (a run of capitalised words), the rest not
    if re.search(rf"(?i:{_OPEN_UNTIL}\b{role}\b){_OF_NAME}?,?\s+(?i:until|till)\b", sentence):
        return False  # "has been appointed chair until 2030": the span has not closed
    return bool(re.search(rf"(?i:\b{role}\b){_OF_NAME}?,?\s+(?i:{_CLOSED_SPAN})"
                          rf"|(?i:\b{role}\b[^.;:!?]{{0,60}}?,\s+who\s+(?:has\s+|had\s+|later\s+)?{_LEFT_POST}\b)"
                          rf"|(?i:\b{_LEFT_POST}\s+as\s+(?:(?:the|a|an|its|their|club)\s+)*(?:[\w-]+\s+){{0,2}}?{role}\b)",
                          sentence))


def _thing_at(edge: Edge, rel: EnRelation) -> str | None:
    """The class noun of "Rookwood Whisky, the distillery at Gravelly Beach" ("distillery at"; "in", "on", "near" alike): a copula
    and a noun that says what the head IS, placed somewhere, not a post it holds there ("Margaret
    Oyelaran, the head of planning at ..."). The role template would ask "Where is Rookwood Whisky the
    distillery?"; the thing is named with its noun instead: "Where is the distillery Rookwood Whisky?"."""
    if rel.kind != "role" or rel.rest not in (("at",), ("in",), ("on",), ("near",)) or edge.head_type == "person":
        return None
    noun = rel.head.split()[-1].lower()
    if en_names.agent_noun(noun) or not noun.isalpha():  # "director", "analyst", "tenant": a post someone holds
        return None
    return rel.head
