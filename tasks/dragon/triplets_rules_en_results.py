"""Triplet extraction, rules engine, English: a game's result after the team it was won against.

"The Keld Rovers beat the Harlow Hawks 27-20 in the derby at Fenwick Park": the parser glues the score to the
team's name ("Harlow Hawks 27-20", "Harlow 31") or hangs it on the verb. The result is a fact of the win over
that team, and so is the ground it was played at: (Keld Rovers, beat Harlow Hawks, 27-20), (Keld Rovers, beat
Harlow Hawks at, Fenwick Park), beside (Keld Rovers, beat, Harlow Hawks).
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from tasks.dragon.triplets_base import _Fact, _join
from tasks.dragon.triplets_rules_en_lexicon import _EN_MAX_RELATION_WORDS, _PER
from tasks.dragon.triplets_rules_en_phrases import _EnSentence

#: a score written as one token ("3–1") or as number, dash, number with no space ("27-20")
_SCORE_TOKEN = re.compile(r"^\d{1,3}[–-]\d{1,3}$")


def score_after(doc, i: int) -> tuple[str, int] | None:
    """(the score, the index after it) when a score starts at token ``i``, else None."""
    if i < len(doc) and _SCORE_TOKEN.match(doc[i].text):
        return doc[i].text, i + 1
    if i + 2 < len(doc) and doc[i].like_num and doc[i].text.isdigit() and doc[i + 1].text in ("-", "–") \
            and doc[i + 2].text.isdigit() and not doc[i].whitespace_ and not doc[i + 1].whitespace_:
        return doc[i : i + 3].text, i + 3
    return None


def team_and_score(obj) -> tuple[str, str] | None:
    """ "the Harlow Hawks 27-20" → ("Harlow Hawks", "27-20"): a proper name run right up to a score, or None."""
    doc = obj.doc
    start = obj.left_edge.i
    while start < obj.i and doc[start].dep_ == "det":
        start += 1
    end = start
    while end < len(doc) and doc[end].pos_ == "PROPN":
        end += 1
    if end == start or not (start <= obj.i < end or doc[obj.i].like_num):
        return None
    found = score_after(doc, end)
    return (doc[start:end].text, found[0]) if found is not None else None


def result_facts(verb, objects, preps, base: str, subject_phrases, emit, helper: _EnSentence) -> Iterator[_Fact]:
    """(winner, "beat <team>", score) and (winner, "beat <team> at", ground) for one named team right before a
    score; the ground is a name (not a time, not a person) after "at" or "in"."""
    if len(objects) != 1 or verb.tag_ == "VBN":
        return
    found = team_and_score(objects[0])
    if found is None:
        return
    team, score = found
    beaten = _join(base, team)
    if len(_join(emit.prefix, beaten, "at").split()) > _EN_MAX_RELATION_WORDS:
        return
    for subject_phrase in subject_phrases:
        yield emit(subject_phrase, beaten, (score, None))
    for preposition, pobj in preps:
        if preposition not in ("at", "in") or helper.is_time(pobj) or pobj.pos_ != "PROPN":
            continue
        ground = helper.phrase(pobj)
        if ground is None or ground[1] == _PER or ground[0] == team:
            continue
        for subject_phrase in subject_phrases:
            yield emit(subject_phrase, _join(beaten, preposition), ground)


__all__ = ["result_facts", "score_after", "team_and_score"]
