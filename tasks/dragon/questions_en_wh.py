"""DRAGON questions, English: the question word and the class noun of a hidden node ("which arena",
"the organization that ..."), and whether a name takes a plural verb (moved from ``questions_en``)."""
from __future__ import annotations

import re

from schemas import Edge
from tasks.dragon.questions_en_verbs import EnRelation, _en_lexicon, _en_verb_lemma
from tasks.dragon.questions_base import NoTemplate
from tasks.dragon.questions_en_words import _EN_GAME_VERBS, _EN_GIVING_VERBS, _EN_MOTION_VERBS, _EN_TEAM_ROLES
from tasks.dragon.questions_en_amounts import en_amount
from tasks.dragon import questions_en_names as en_names
from tasks.dragon.subgraphs import parse_quantity


def _plural_name(label: str) -> bool:
    """ "the Lanterns", "the Rolling Stones": a name written with "the" and a plural last word takes "do"."""
    words = label.split()
    if " and " in f" {label} " and sum(w[:1].isupper() for w in words) >= 2:
        return True  # "Lyra Partners and Colwyn Ventures back ..."
    if "of" in words:
        words = words[:words.index("of")]  # "the Tour of the Fells" is one tour
    return len(words) > 1 and words[0] == "the" and words[-1][:1].isupper() and words[-1].endswith("s") \
        and not words[-1].endswith(("ss", "us", "is"))


def _counted_plural(label: str) -> bool:
    """ "two second-prize tickets", "140 units": a count of more than one thing takes a plural verb."""
    quantity = parse_quantity(label, "en") or en_amount(label)  # "about 1,300 Tasmanians" behind its approximator
    last = label.split()[-1] if label.split() else ""
    return quantity is not None and not quantity.money and quantity.value != 1 and last.endswith("s") \
        and not last.endswith(("ss", "us", "is")) and (last[:1].islower() or en_amount(label) is not None)



_EN_WHO = {"PER": "who", "ORG": "which organization", "LOC": "which place", "MISC": "what", "NUM": "what", "DATE": "when"}
_EN_WHO_PLURAL = {"PER": "who", "ORG": "which organizations", "LOC": "which places", "MISC": "what", "NUM": "what", "DATE": "when"}
_EN_CLASS = {"PER": "the person", "ORG": "the organization", "LOC": "the place", "MISC": "the one", "NUM": "the one", "DATE": "the time"}
_EN_DETERMINERS = {"a", "an", "the", "its", "their", "his", "her"}

#: last words of names that say what kind of place the thing is: asked "Which arena ...?", not
#: "Which organization ...?" (a venue that announces concerts is still a venue) nor "Which place ...?"
#: (which would also be answered by the other things its owner owns)
_EN_VENUE_HEADS = frozenset(
    "arena stadium hall airport station museum bridge pier quay plant factory gallery library hotel theatre theater "
    "port harbour harbor centre center terminal wharf marina".split())




#: verbs of intention and decision: their subject is someone who means to act, never a "what"
_EN_INTENTION_VERBS = frozenset("""
    plan want hope agree decide intend try refuse aim promise vow choose wish seek attempt vote pledge threaten
    """.split())


def _not_a_thing_intending(question: str) -> str:
    """``question`` unless it makes "what" the subject of a verb of intention ("What plans to cover 690
    kilometres?" -> a race): "what" asks for a thing, and a thing plans nothing; the kind is unknown, so refuse."""
    match = re.match(r"^what\s+([a-z]+)\b", question, re.IGNORECASE)
    if match and match.group(1).lower().endswith(("s", "ed")) \
            and _en_verb_lemma(match.group(1).lower()) in _EN_INTENTION_VERBS:
        raise NoTemplate(f"'what' as the subject of {match.group(1)!r}: a thing intends nothing")
    return question


#: verbs of a company's shares: what a company is listed, traded or floated on is a stock exchange
_EN_EXCHANGE_VERBS = frozenset("list trade quote float".split())


def _exchange(who: str, rel: EnRelation) -> str:
    """ "which stock exchange" for the bare guess "which organization" where the relation is a listing: "Which
    organization is X listed on?" -> the NZX (an exchange's name rarely says what it is: "Nasdaq", "the TSX");
    ``who`` otherwise."""
    lemma = rel.head if rel.kind == "verb" else _en_verb_lemma(rel.head) if rel.kind == "passive" else None
    if who == "which organization" and rel.rest == ("on",) and lemma in _EN_EXCHANGE_VERBS:
        return "which stock exchange"
    return who


def _venue(label: str) -> str | None:
    """ "arena" for "Quayside Arena", else None (see _EN_VENUE_HEADS)."""
    words = label.split()
    if len(words) < 2 or not words[-1][:1].isupper():
        return None
    head = words[-1].lower().strip(".,")
    return head if head in _EN_VENUE_HEADS else None



_bare_label = en_names.bare_label  # (the templates' name for it)


def _kind_by_name(kind: str, label: str | None) -> str:
    """ "Scotian Dairy Co-operative" tagged a person is an organisation: the name's own head says it is a body."""
    return "ORG" if kind == "PER" and label and en_names.org_evidence(label) else kind


def _wh(kind: str, label: str | None = None, plural: bool = False, verb: str | None = None,
        subject: bool = False, sentences: list[str] | tuple[str, ...] = (), holder: str | None = None) -> str:
    """The question word for an answer of ``kind`` named ``label``: "who", "which organization",
    "which arena" (a venue's own head noun); a tagger's organisation by the evidence of its name
    and of ``verb`` (``questions_en_names.org_wh``: "which club", "which castle", "who", "what"); ``holder``, the
    subject of "represent", says whether a place is the area an elected member sits for."""
    venue = _venue(label) if label and kind not in ("PER", "NUM", "DATE") else None
    if venue:
        return f"which {venue}{'s' if plural else ''}"
    kind = _kind_by_name(kind, label)
    if kind == "LOC" and verb == "represent" and label and not subject:
        from tasks.dragon.questions_en_kinds import represented_noun

        noun = represented_noun(label, holder or "", sentences)
        if noun:  # "Which ward does Cllr X represent?", "Which country does X represent?"
            return f"which {noun}"
    if kind == "ORG" and label:
        return en_names.org_wh(label, verb, subject, plural, sentences)
    if kind in ("MISC", "LOC") and label and not plural and (en_names.thing_class(label) or en_names.leading_class(label)):
        # "Which arcade ...?", "Which league ...?", "Which highway ...?"
        return f"which {en_names.thing_class(label) or en_names.leading_class(label)}"
    said = en_names.text_class(label, sentences) if kind in ("MISC", "PER") and label and not plural else None
    if said:  # (never a person noun: "the keeper's daughter" keeps "who")
        return "what" if said == "what" else f"which {said}"  # "Which ferry ...?" -> "the ferry Chebucto Light"
    return (_EN_WHO_PLURAL if plural else _EN_WHO)[kind]


#: the question words a side in a game may have been given from the tagger's guess of its kind: a person's
#: "who" is kept (one player beats another in singles, and a horse is tagged a person too)
_TEAM_GUESSES = frozenset({"who", "what", "which organization", "which place"})


def team_wh(who: str, kind: str, team: bool, plural: bool = False, subject: bool = True) -> str:
    """ "which team" (or "which teams") for a side of a game (``team``: it won, lost or hosted a game of the batch,
    ``questions_en_kinds.team_nodes``, or a coach's or captain's body) where ``who`` is only the tagger's guess
    ("What scored four goals ...?", "Which organization beat X?", "Which place ...?"), and for a "who" asked as the
    subject ("Who beat X and will host Y?" reads as a person's deed); an opponent (not ``subject``) keeps "who": its
    subject says the game ("Who did the Kelby Kites beat?"). ``who`` otherwise: a person's kind, a word the name
    itself gives ("which club"), a node in no game."""
    if not team or kind == "PER" or who.removesuffix("s") not in _TEAM_GUESSES or who == "who" and not subject:
        return who
    return "which teams" if plural or who in ("which organizations", "which places") else "which team"


def team_noun(cls: str, kind: str, team: bool) -> str:
    """ "the team" for the guessed class noun ("the organization", "the place", "the one") of a side in a game
    (``team_wh``): "the team that Ardmore will host"; ``cls`` otherwise."""
    return "the team" if team and kind != "PER" and cls in ("the organization", "the place", "the one") else cls


def _no_place_or_body(edge: Edge, rel: EnRelation, kind: str) -> None:
    """``NoTemplate`` where the edge's tail, the destination or source of a verb of moving, is a bare name that
    may be a town or a body: "Which organization did X move to?" -> Halifax, "What will X travel to?" -> Chorley,
    "Who returned to the organization whose head coach is Y?" -> a region that shares its name with a team. One
    moves to a town more often than to a body, and a name without a head noun does not say which (a body the text
    writes with "the" is no town: "came from the Alfred")."""
    prep = rel.trailing_preposition
    if rel.kind == "verb" and kind in ("ORG", "MISC") and prep in ("to", "from", "into") \
            and rel.head in _EN_MOTION_VERBS and edge.tail_label[:1].isupper() \
            and rel.head not in _EN_GIVING_VERBS and not en_names.org_evidence(edge.tail_label) \
            and not en_names.thing_class(edge.tail_label) and not en_names.common_head(edge.tail_label) \
            and not edge.tail_label.startswith("the "):
        raise NoTemplate(f"{edge.tail_label!r} after {edge.relation!r} may be a place or a body: which word is doubtful")


def _team_class(cls: str, label: str, rel: EnRelation, is_tail: bool) -> str:
    """ "the team" where ``cls`` is the bare guess "the organization" and the relation itself says the body is a
    sports side: the post held in it is a coach's or a captain's ("the team whose head coach is X", not "the
    organization whose ..."), or it beat or was beaten in a game ("the team that the Dartmouth Surge beat");
    a name whose own head says what it is ("... Rugby Union", "... FC") keeps its word."""
    if cls != "the organization" or en_names.org_evidence(label):
        return cls
    if rel.kind == "role" and is_tail and rel.rest == ("of",) and rel.head.split()[-1].lower() in _EN_TEAM_ROLES:
        return "the team"
    if rel.kind == "verb" and (not rel.rest and rel.head in _EN_GAME_VERBS
                               or " ".join((rel.head, *rel.rest)) in en_names.OPPONENT_PHRASALS):
        return "the team"
    return cls


def _described(subject: str) -> bool:
    """ "the person who founded Y", "the organization that handled 3.8 million tonnes": a relative clause
    with its own verb. "the organization whose CEO is Anna Berg" is as short as a name and reads as one."""
    words = subject.split()
    return len(words) > 2 and words[0] == "the" and words[2] in ("that", "who", "which", "where") \
        and (" ".join(words[:2]) in set(_EN_CLASS.values()) or _venue(" ".join(words[:2]).title()) is not None
             or words[1] in _EN_VENUE_HEADS or words[1] in en_names.CLASS_WORDS
             or words[1].isalpha() and words[1].islower() and words[1] in _en_lexicon()[1])  # "the ferry that ..."


def _class_noun(kind: str, label: str | None = None, sentences: list[str] | tuple[str, ...] = ()) -> str:
    """ "the person", "the organization", "the arena", "the ferry" (what the text calls it): how a relative
    clause names a hidden node."""
    venue = _venue(label) if label and kind not in ("PER", "NUM", "DATE") else None
    kind = _kind_by_name(kind, label)
    if not venue and kind == "ORG" and label:
        return en_names.org_class(label, sentences)
    if not venue and kind in ("MISC", "LOC") and label and en_names.thing_class(label):
        return f"the {en_names.thing_class(label)}"
    said = en_names.text_class(label, sentences) if not venue and kind in ("MISC", "PER") and label else None
    if said and said != "what":
        return f"the {said}"  # "the ferry that ...": what the text calls it
    return f"the {venue}" if venue else _EN_CLASS[kind]
