"""Scores, records and statistics of games in English copy, for the triplet rules and the question templates.

Sports reports carry figures that are no thing a verb acts on: a score ("81-63", "3–1", "27 to 20"), a team's
record ("19-10-2-1"), a shooting line ("3-of-14 shooting"). The parser splits them into numbers and hangs the
numbers on the verb as objects ("beat Harlow City 3-1": "1" a second object) or on a preposition ("held to six
points on 2-of-11 shooting": "on" a complement of its own). A score or a statistic is a fact only stated whole and
in its place: never cut ("improved to 19-10" of "19-10-2-1"), never a verb's object, never a relation's complement.
"""
from __future__ import annotations

import re

#: the words that join the two tallies of a score: "3-1", "3 – 1", "27 to 20"
_DASHES = frozenset("- – — to".split())

#: a score or a record as a label: "81-63", "3 – 1", "19-10-2-1"
_SCORE_TEXT = re.compile(r"\d{1,3}(?:\s?[–-]\s?\d{1,3})+")

#: a shooting line or a tally of tries: "3-of-14", "3 of 14" before a noun of shots
_STAT_TEXT = re.compile(r"\b\d{1,3}\s?-\s?of\s?-\s?\d{1,3}\b|\b\d{1,3}-for-\d{1,3}\b")


def _number(token) -> bool:
    return token.like_num and any(ch.isdigit() for ch in token.text)


def score_part(token) -> bool:
    """A number of a score or a tally written after a verb or its object ("beat Chester 3-1": "3" and "1", "won 27
    to 20", "improved to 19-10-2-1"): a number joined to another by a dash or "to", with no noun of its own."""
    doc = token.doc
    if _SCORE_TEXT.fullmatch(token.text) and not token.is_alpha:
        return True  # "3-1" as one token
    if not token.like_num:
        return False
    before = token.i >= 2 and doc[token.i - 1].text in _DASHES and doc[token.i - 2].like_num
    after = token.i + 2 < len(doc) and doc[token.i + 1].text in _DASHES and doc[token.i + 2].like_num
    return before or after


def score_end(token) -> int | None:
    """ "improved to 19-10-2-1": the index of the last number of the run of numbers joined by dashes (no space
    between) that starts at ``token``, when it holds two numbers or more; None for a number alone or one inside a
    run."""
    doc = token.doc
    if not _number(token) or token.i >= 2 and doc[token.i - 1].text in ("-", "–") and _number(doc[token.i - 2]) \
            and not doc[token.i - 2].whitespace_:
        return None
    end = token.i
    while end + 2 < len(doc) and doc[end + 1].text in ("-", "–") and _number(doc[end + 2]) \
            and not doc[end].whitespace_ and not doc[end + 1].whitespace_:
        end += 2
    return end if end > token.i else None


def figure_end(token) -> int | None:
    """The index where a figure that starts at ``token`` ends when the parser's phrase would cut it: a score or a
    record ("improved to 19-10-2-1", ``score_end``) or a tally of tries ("stopped 27 of 31 shots": the number the
    head, "of 31 shots" its modifier); None otherwise."""
    end = score_end(token)
    if end is not None or token.pos_ != "NUM":
        return end
    of = next((c for c in token.children if c.dep_ == "prep" and c.lower_ == "of" and c.i == token.i + 1), None)
    counted = next((p for p in of.children if p.dep_ == "pobj" and any(t.like_num for t in p.lefts)), None) \
        if of is not None else None
    return counted.right_edge.i if counted is not None else None


#: what follows a time in a game, not a length of time: "41 seconds into the third", "with 2:14 left"
_IN_GAME = frozenset("into left remaining".split())


def game_time(token) -> bool:
    """ "scored 41 seconds into the third period", "scored with 2:14 left": a moment of the game (a game clock or
    seconds, minutes counted into a period or left in it), never a thing scored or a complement of the verb."""
    doc = token.doc
    clock = bool(re.fullmatch(r"\d{1,2}:\d{2}", token.text))
    if not clock and not (token.lemma_.lower() in ("second", "minute") and any(t.like_num for t in token.lefts)):
        return False
    return any(t.lower_ in _IN_GAME for t in doc[token.i + 1 : min(len(doc), token.right_edge.i + 2)])


def in_game_time(prep) -> bool:
    """ "41 seconds into the third period": the preposition that places a moment of the game (``game_time``) in
    its period; no complement of the verb ("score into" the third period)."""
    return prep.i > 0 and prep.lower_ == "into" and game_time(prep.doc[prep.i - 1])


def is_score(text: str) -> bool:
    """ "81-63", "3 – 1", "19-10-2-1": the label is a score or a record, nothing else."""
    return bool(_SCORE_TEXT.fullmatch(text.strip()))


def statistic(token) -> bool:
    """ "on 3-of-14 shooting", "went 4-for-9", "41 seconds into the third": the phrase headed by ``token`` is a
    shooting line, a tally of tries or a moment of the game (``game_time``): how or when a player played, no thing
    and no place."""
    return bool(_STAT_TEXT.search(token.doc[token.left_edge.i:token.right_edge.i + 1].text)) or game_time(token)


def statistic_complement(relation: str, tail: str, preposition: str | None, sentences) -> str | None:
    """Why a fact of a sports report would ask a garbled question, or None: a shooting line as a relation's
    complement ("be held on" 3-of-14 shooting: "held to nine points" lost its complement to the statistic), or a
    score or a record cut where its sentence goes on ("improve to" 19-10 of "improved to 19-10-2-1")."""
    if preposition and _STAT_TEXT.search(tail):
        return f"{relation!r} {tail!r}: a shooting line is how a player played, no complement of the verb"
    text = tail.strip()
    if re.fullmatch(r"\d{1,3}(?:[–-]\d{1,3})*", text) and any(
            re.search(rf"(?<![\d–-]){re.escape(text)}\s?[–-]\s?\d|\d\s?[–-]\s?{re.escape(text)}(?![\d–-])", s)
            for s in sentences):
        return f"{tail!r} is a cut score or record: its sentence goes on with more of it"
    return None


__all__ = ["figure_end", "game_time", "in_game_time", "is_score", "statistic_complement", "score_end", "score_part", "statistic"]
