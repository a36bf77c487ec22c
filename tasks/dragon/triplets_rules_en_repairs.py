"""Triplet extraction, rules engine, English: repairs of what the small spaCy model attaches wrongly.

Each helper reads the parse of one sentence and says what the clause really holds where the
parser's tree says otherwise, in forms general to English news syntax (not to one article):

- ``named_apposition``: a described subject whose name follows it in commas ("Storm Bay Marine's
  managing director, Hamish Treloar, has ordered ...", "Two turbine makers, Norland Marine and ..."; "A sandstone mansion in Battery Point,
  Glenmoira House, has sold ..." where the parser hangs the name on the place);
- ``stray_agent``: the "by" phrase of a passive hung on the noun before it ("was jailed for 18
  months by Justice Helen Marsh");
- ``counted_adverbial_object``: a counted object the parser took for an adverbial ("scored 31
  points");
- ``mend_plural_possessives``: a plural's apostrophe read as a closing quote ("the Rovers’ captain");
- ``subject_of_finite_acl``: a finite main verb the parser hung on its subject after a relative
  clause ("Delacroix, who grew up in Sandy Bay, starred in ...").
"""
from __future__ import annotations

#: entity types of places: a name set off after one may be the place's other name ("Hobart, Tasmania")
_PLACE_TYPES = frozenset({"GPE", "LOC"})
#: entity types of an agent the parser may hang on the wrong noun: someone who acts
_ACTOR_TYPES = frozenset({"PERSON", "ORG", "NORP"})
#: entity types of values and times: "fell 3 percent", "waited three years" measure, they are no object
_MEASURE_TYPES = frozenset({"DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "ORDINAL"})
#: nouns of a proportion, never a thing: "rose 5 per cent", "grew tenfold"
_MEASURE_NOUNS = frozenset({"percent", "cent", "fold"})
#: finite verb tags
_FINITE = frozenset({"VBD", "VBZ", "VBP"})
#: participles of captions: "X, who ..., pictured in 2019" has no predicate
_CAPTION_VERBS = frozenset({"picture", "photograph", "see", "show", "film"})
#: verbs of change that take a measure, not an object: "rose 45 points", "climbed 3 places" (intransitive here)
_CHANGE_VERBS = frozenset({
    "rise", "fall", "climb", "drop", "slip", "gain", "jump", "sink", "slide", "soar", "tumble", "edge", "dip",
    "plunge", "surge", "rally", "recover", "advance", "decline", "grow", "shrink", "increase", "decrease", "slump",
    "sag", "ease", "retreat",
})


def _named(token, ent_of) -> bool:
    return token.pos_ == "PROPN" or token.i in ent_of


def _has_agent(verb) -> bool:
    """The participle has a "by" phrase of its own or hung on a noun of its own phrase ("jailed for 10 years by
    Justice Y"), so it is a passive."""
    if any(c.dep_ == "agent" for c in verb.children):
        return True
    return any(t.lower_ == "by" and t.dep_ in ("prep", "agent") and t.i > verb.i
               and any(c.dep_ == "pobj" for c in t.children) for t in verb.subtree)


def _comma_before(token) -> bool:
    return token.left_edge.i > 0 and token.doc[token.left_edge.i - 1].text == ","


def named_apposition(noun, ent_of):
    """The name a described subject is given in apposition, or None.

    "Storm Bay Marine's managing director, Hamish Treloar, has ordered ...", "The service's chief officer,
    Kirsten Vandermeer, has put ...": a noun determined by a possessive, then the name: the name acts.
    "A sandstone mansion in Battery Point, Glenmoira House, has sold ...": the parser hangs the name on
    the place after the noun; a name that is no place, set off by a comma after a place, names the noun.
    """
    if noun.pos_ != "NOUN" or noun.i in ent_of:
        return None
    named = next((a for a in noun.children if a.dep_ == "appos" and a.i > noun.i and _named(a, ent_of)
                  and _comma_before(a)), None)
    if named is not None:
        # "Two turbine makers, Norland Marine and Celtic Current, have agreed ...": a counted noun, likewise
        return named if any(t.dep_ == "poss" or t.dep_ == "nummod" and t.like_num for t in noun.lefts) else None
    named = next((a for a in noun.children if a.dep_ == "appos" and a.left_edge.i == noun.i + 1
                  and ent_of.get(a.i) is not None and ent_of[a.i].label_ == "PERSON"), None)
    if named is not None and noun.text.islower() and noun.tag_ == "NN":
        # "Rovers striker Kane Ellery scored ...": a role written right before the name, no comma (one person: "the
        # engineers X and Y, who together own 70 per cent" is the two of them)
        return named
    for prep in noun.children:
        if prep.dep_ != "prep" or prep.i < noun.i or prep.lower_ not in ("in", "at", "on", "near"):
            continue
        place = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if place is None or place.ent_type_ not in _PLACE_TYPES:
            continue
        named = next((a for a in place.children if a.dep_ == "appos" and a.i > place.i and a.pos_ == "PROPN"
                      and a.ent_type_ not in _PLACE_TYPES | {"NORP"} and _comma_before(a)
                      and a.right_edge.i + 1 < len(a.doc) and a.doc[a.right_edge.i + 1].text == ","), None)
        if named is not None:
            return named
    return None


def mend_plural_possessives(doc) -> None:
    """ "The Rovers’ captain, Ana Silva,": the small model reads the apostrophe after a plural as a closing quote
    and hangs the plural on the noun as a modifier; it is the noun's possessor ("the Rovers' captain" with a
    straight apostrophe is parsed so), which the role and apposition rules read."""
    for mark in doc:
        if mark.text not in ("’", "'") or mark.tag_ == "POS" or mark.i == 0 or mark.i + 1 >= len(doc):
            continue
        owner, owned = doc[mark.i - 1], doc[mark.i + 1]
        if owner.whitespace_ or not mark.whitespace_ or not owner.lower_.endswith("s") \
                or owner.pos_ not in ("PROPN", "NOUN") or owner.dep_ not in ("nmod", "compound") \
                or owner.head.i <= mark.i or owner.head.pos_ != "NOUN" or not owned.is_alpha:
            continue
        opened = sum(t.text == "‘" for t in doc[mark.sent.start : mark.i]) + sum(
            t.text == "'" and not t.whitespace_ for t in doc[mark.sent.start : owner.i])
        if opened:
            continue  # "the ‘Rovers’ badge": a closing quote
        owner.dep_ = "poss"
        mark.tag_, mark.dep_ = "POS", "case"
        mark.head = owner


def stray_agent(verb, ent_of):
    """The "by" of a passive that the parser hung on a noun of the verb's own prepositional phrase, or None.

    "was jailed for 18 months by Justice Helen Marsh": "by" hangs on "months"; who jailed him is the
    judge. Only a person or organisation's name counts ("by 5 percent", "by road" are no agents), and only
    where the verb has no agent of its own.
    """
    if verb.tag_ != "VBN" or not any(c.dep_ == "auxpass" for c in verb.children) \
            or any(c.dep_ == "agent" for c in verb.children):
        return None
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.i < verb.i:
            continue
        for pobj in prep.children:
            if pobj.dep_ != "pobj" or pobj.pos_ != "NOUN":
                continue
            by = next((c for c in pobj.children if c.dep_ == "prep" and c.lower_ == "by"), None)
            agent = next((c for c in by.children if c.dep_ == "pobj"), None) if by is not None else None
            if agent is not None and agent.ent_type_ in _ACTOR_TYPES and _named(agent, ent_of):
                return by
    return None


def counted_adverbial_object(verb, ent_of):
    """A counted noun right after a transitive verb that the parser made an adverbial, or None; or "twice".

    "Alessia Kovač scored 31 points": "points" comes out as ``npadvmod``; it is what was scored. Not a time,
    a rate or a measure ("waited three years", "rose 5 percent"), and not where the verb has an object.
    Not after a verb of change either, which takes no object: "The index rose 45 points", "fell 30 points",
    "climbed 3 places" say by how much, not what was risen.
    """
    if verb.pos_ != "VERB" or verb.lemma_.lower() in _CHANGE_VERBS or any(c.dep_ in ("dobj", "obj", "dative", "attr", "oprd") for c in verb.children):
        return None
    for child in verb.children:
        if child.dep_ != "npadvmod" or child.pos_ != "NOUN" or child.i < verb.i or child.i in ent_of \
                or child.ent_type_ in _MEASURE_TYPES or child.lemma_.lower() in _MEASURE_NOUNS:
            continue
        numbers = [t for t in child.lefts if t.dep_ == "nummod" and t.like_num]
        if not numbers or any(t.ent_type_ in _MEASURE_TYPES for t in numbers):
            continue
        between = verb.doc[verb.i + 1 : child.left_edge.i]
        if all(t.dep_ in ("prt", "neg", "advmod") for t in between):
            return child
    # "Ivo Marsh scored twice": how many times, right after a verb with nothing else done, is what the count asks
    return next((c for c in verb.children if c.dep_ == "advmod" and c.lower_ in ("twice", "thrice") and c.i > verb.i
                 and not list(c.children) and all(t.dep_ in ("prt", "neg") for t in verb.doc[verb.i + 1 : c.i])), None)


def subject_of_finite_acl(verb):
    """The subject of a finite verb the parser hung on that subject as a clause modifier, or None.

    "Delacroix, who grew up in Sandy Bay, starred in the drama series ...": the parser makes "Delacroix"
    the root and "starred" an ``acl`` of it. A finite verb (past or present tense, not a participle) after a
    relative clause set off by commas is the sentence's predicate, and the root noun its subject. So is a
    past form the tagger read as a participle ("Okonjo, who grew up in Bradford, starred in ..." tagged VBN):
    the noun is the root, so the sentence has no other predicate for a participle to describe its subject of.
    Not a participle with an agent: "X, who was found guilty in May, jailed for 10 years by Justice Y" is a
    passive (headline style, "was" left out): X was jailed, Y jailed him; the caller reads it so.
    """
    head = verb.head
    if verb.tag_ == "VBN" and verb.lemma_.lower() in _CAPTION_VERBS:
        return None  # "Gareth Ambrose, who founded the firm, pictured in 2019": a caption, no predicate
    if verb.tag_ == "VBN" and _has_agent(verb):
        return None  # "X, who ..., jailed for 10 years by Justice Y": passive, its agent is Y
    if verb.dep_ != "acl" or verb.tag_ not in _FINITE | {"VBN"} or head.dep_ != "ROOT" \
            or head.pos_ not in ("PROPN", "NOUN") or head.i >= verb.i \
            or any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass") for c in verb.children):
        return None
    # "who grew up in Bradford," or "built by Corvan Construction,": a clause about the noun, set off by commas
    relative = next((c for c in head.children if c.dep_ in ("relcl", "acl") and head.i < c.i < verb.i
                     and verb.doc[c.left_edge.i - 1].text == ","), None)
    if relative is None or verb.doc[verb.i - 1].text != ",":
        return None
    return head


def tally(token) -> bool:
    """ "8–4", "7-2" right after a verb: a vote's tally, which the parser makes the verb's object in "voted 8–4 to
    buy" (not "beat the Hawks 84–71", where the score follows the object)."""
    from tasks.dragon.triplets_rules_en_names import _EN_SCORE

    if token.dep_ not in ("dobj", "npadvmod") or token.i != token.head.i + 1:
        return False
    if _EN_SCORE.match(token.text):
        return True
    # "voted 7-4 on Monday night to buy": the tokenizer may split a tally written with a hyphen into three tokens
    doc = token.doc
    return token.i + 2 < len(doc) and bool(_EN_SCORE.match("".join(t.text for t in doc[token.i : token.i + 3]))) \
        and not token.whitespace_ and not doc[token.i + 1].whitespace_


#: verbs of a vote, whose tally may stand before what was voted for ("voted 8–4 to buy"); a side that "won 2-1 to
#: reach the final" won, it did not win to reach
_TALLY_VERBS = frozenset("vote decide approve agree resolve elect reject".split())


def tallied_purpose(verb) -> bool:
    """ "Hobart City Council has voted 8–4 to buy Shed 2": the parser hangs "to buy" on "voted" as a purpose
    (``advcl``) because it took the tally for an object; it is what was voted for, as in "voted to buy". Only
    after a verb of a vote (``_TALLY_VERBS``): after a game's score it is a purpose ("won 2-1 to reach")."""
    head = verb.head
    return verb.dep_ == "advcl" and head.i != verb.i and head.i < verb.i and head.lemma_.lower() in _TALLY_VERBS \
        and any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children) \
        and any(tally(c) for c in head.children) \
        and not any(c.dep_ in ("dobj", "obj", "dative") and not tally(c) for c in head.children)
