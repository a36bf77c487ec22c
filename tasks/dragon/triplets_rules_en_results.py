"""Triplet extraction, rules engine, English: a game's result after the team it was won against.

"The Keld Rovers beat the Harlow Hawks 27-20 in the derby at Fenwick Park": the parser glues the score to the
team's name ("Harlow Hawks 27-20", "Harlow 31") or hangs it on the verb. The result is a fact of the win over
that team, and so is the ground it was played at: (Keld Rovers, beat Harlow Hawks, 27-20), (Keld Rovers, beat
Harlow Hawks at, Fenwick Park), beside (Keld Rovers, beat, Harlow Hawks).

"Keld scored twice in the third period to beat Harlow 4-2", "held off a late charge to win by three points": an
infinitive of a win with its score or margin is what the game came to, not a purpose (``won_after``): it is the
team's fact, as "beat" in "Keld beat Harlow 4-2" is.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from tasks.dragon.triplets_base import _Fact, _join
from tasks.dragon.triplets_rules_en_lexicon import _EN_MAX_RELATION_WORDS, _PER, _verb_lemma
from tasks.dragon.triplets_rules_en_modality import _EN_NEGATIVE_CONTROL, _EN_PLAN_HEADS, _EN_UNSTATED_HEADS
from tasks.dragon.triplets_rules_en_phrases import _EnSentence
from tasks.dragon.words_en import EN_TEAM_WORDS

#: a score written as one token ("3–1") or as number, dash, number with no space ("27-20")
_SCORE_TOKEN = re.compile(r"^\d{1,3}[–-]\d{1,3}$")


def score_after(doc, i: int, whole: bool = True) -> tuple[str, int] | None:
    """(the score, the index after it) when a score starts at token ``i``, else None; a score of two sides' tallies
    ("1-15 to 0-14", goals and points) is read whole."""
    found = None
    if i < len(doc) and _SCORE_TOKEN.match(doc[i].text):
        found = doc[i].text, i + 1
    elif i + 2 < len(doc) and doc[i].like_num and doc[i].text.isdigit() and doc[i + 1].text in ("-", "–") \
            and doc[i + 2].text.isdigit() and not doc[i].whitespace_ and not doc[i + 1].whitespace_:
        found = doc[i : i + 3].text, i + 3
    if found is not None and whole and found[1] < len(doc) and doc[found[1]].lower_ == "to":
        other = score_after(doc, found[1] + 1, whole=False)
        if other is not None:
            return doc[i : other[1]].text, other[1]
    return found


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


#: the verbs of a win: their infinitive with a score or a margin tells the result, never a purpose
_EN_WIN_VERBS = frozenset({"beat", "defeat", "edge", "down", "top", "upset", "overcome", "outlast", "win", "clinch"})


#: the verbs of a game against a named side, whose ground and margin are facts of that game
_EN_GAME_VERBS = _EN_WIN_VERBS | {"face", "play", "host", "meet", "visit"}


#: game verbs that as often take a venue, a place or a person ("play Wembley Stadium", "visit Lisbon", "meet the
#: president"): their object is a side only where it is named like a team or the sentence is about a game
_EN_LOOSE_GAME_VERBS = frozenset({"play", "visit", "meet"})
_EN_GAME_WORDS = frozenset("""
    game games match matches final finals semi-final semi-finals quarter-final quarter-finals cup league derby
    fixture fixtures season playoff playoffs play-off play-offs tournament championship round opener clash tie
    kick-off rematch showdown
    """.split())
_EN_VENUE_WORDS = frozenset("""
    stadium arena park field ground grounds hall centre center theatre theater dome bowl club pavilion
    """.split())


def names_a_side(verb, obj) -> bool:
    """Whether ``obj`` of a game verb is the side played: always for "beat", "face", "host"; for "play", "visit" and
    "meet" only a name ending like a team's ("Dunmore United", "the Harlow Hawks") or one in a sentence with a
    score or a word of a game, and never a venue ("Coldplay will play Wembley Stadium", "will visit Lisbon")."""
    if verb.lemma_.lower() not in _EN_LOOSE_GAME_VERBS:
        return True
    last = obj.doc[obj.i] if obj.pos_ == "PROPN" else obj
    word = last.lower_
    if word in _EN_VENUE_WORDS:
        return False
    if word in EN_TEAM_WORDS or last.tag_ == "NNPS":
        return True
    sentence = obj.sent
    return any(t.lower_ in _EN_GAME_WORDS for t in sentence) or score_after(obj.doc, obj.right_edge.i + 1) is not None


def margin(verb):
    """ "by 28 points", "by three goals": the counted noun after "by" on ``verb`` (the margin of a win), or None."""
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ == "by":
            for pobj in prep.children:
                if pobj.dep_ == "pobj" and pobj.pos_ == "NOUN" and any(t.like_num and t.i < pobj.i for t in pobj.subtree):
                    return pobj
    return None


#: verbs whose infinitive is a wish, a try or a threat, never a result: "need to beat", "threatened to beat"
_EN_NOT_A_RESULT_HEADS = _EN_PLAN_HEADS | _EN_NEGATIVE_CONTROL | _EN_UNSTATED_HEADS | {
    "try", "attempt", "look", "bid", "strive", "battle", "fight", "struggle", "ask", "urge", "help", "must", "have",
    "be"}


def won_after(verb) -> bool:
    """ "scored three times to beat Harlow 4-2", "held off a charge to win by three points": an infinitive of a win
    hung on the verb before it as a result clause (``advcl``), with a score after the beaten team or a margin,
    states the result of the game. Not the ``xcomp`` of a control verb nor after a verb of wish or try ("need to
    beat X by three goals", "threatened to beat X 5-0": no game was won), nor when the verb before it has a doer
    of its own as object ("needed Dunmore to beat X 2-0": Dunmore's win, and only a wish)."""
    head = verb.head
    if verb.dep_ != "advcl" or head.i == verb.i or head.i > verb.i or head.pos_ != "VERB" \
            or verb.lemma_.lower() not in _EN_WIN_VERBS or _verb_lemma(head) in _EN_NOT_A_RESULT_HEADS \
            or not any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children):
        return False
    if any(c.dep_ in ("dobj", "dative") and c.i < verb.i and (c.pos_ in ("PROPN", "PRON") or c.ent_type_ in ("ORG", "PERSON", "NORP", "GPE"))
           for c in head.children):
        return False  # "needed Dunmore United to beat", "wanted them to win": the object would be the winner
    team = next((c for c in verb.children if c.dep_ == "dobj"), None)
    return margin(verb) is not None or team is not None and team_and_score(team) is not None


def side_read_as_adverbial(verb):
    """ "Harlow Town beat Chester 2-0", "beat Otley 27-20 at Claro Road": a side named by one proper noun right after a
    game verb, with a score right after it, comes out of the parser as an adverbial (``npadvmod``) and the score's
    numbers as the verb's object; the side is what was beaten (or faced, played). Returns its token, or None."""
    if verb.pos_ != "VERB" or verb.lemma_.lower() not in _EN_GAME_VERBS or verb.tag_ == "VBN":
        return None
    side = next((c for c in verb.children if c.dep_ == "npadvmod" and c.pos_ == "PROPN" and c.i == verb.i + 1), None)
    if side is None or not names_a_side(verb, side):
        return None
    end = side.i
    while end + 1 < len(verb.doc) and verb.doc[end + 1].pos_ == "PROPN":
        end += 1  # "beat Chester City 2-0" parsed the same way
    return side if score_after(verb.doc, end + 1) is not None else None


def side_before_score(verb, obj, phrase: tuple[str, str | None]) -> tuple[str, str | None]:
    """ "beat Michigan Tech 4-2": the entity tagger may glue the score's first number to the side's name ("Michigan
    Tech 4", "Harlow Hawks 27-20"); the side beaten is the name before the score. Only a game verb's: "outshot
    Brandon 14-6" counts shots, and its side alone would ask "What is the outshoot of ...?"."""
    found = team_and_score(obj) if verb.lemma_.lower() in _EN_GAME_VERBS else None
    if found is None or phrase[0] == found[0] or not phrase[0].startswith(found[0] + " "):
        return phrase
    return found[0], phrase[1]


def result_facts(verb, objects, preps, base: str, subject_phrases, emit, helper: _EnSentence) -> Iterator[_Fact]:
    """(winner, "beat <team>", score) and (winner, "beat <team> at", ground) for one named team right before a
    score; the ground is a name (not a time, not a person) after "at" or "in". With no score, a game verb with a
    named side ("beat Nightcliff by 28 points at TIO Stadium", "will face Fowler at Ford Field") still gives the
    ground and the margin of that game: (X, "beat Nightcliff by", "28 points"), (X, "face Fowler at", "Ford Field")."""
    if len(objects) != 1 or verb.tag_ == "VBN":
        return
    found = team_and_score(objects[0])
    if found is None:
        side = helper.phrase(objects[0]) if objects[0].pos_ == "PROPN" and verb.lemma_.lower() in _EN_GAME_VERBS \
            and names_a_side(verb, objects[0]) else None
        if side is None:
            return
        found = (side[0], None)
    team, score = found
    beaten = _join(base, team)
    if len(_join(emit.prefix, beaten, "at").split()) > _EN_MAX_RELATION_WORDS:
        return
    by = margin(verb) if emit.modality == "asserted" else None
    by = helper.phrase(by) if by is not None else None
    if emit.modality != "asserted":
        score = None  # "hope to beat Harlow 2-0", "will beat them by ten points": a game not played has no result
    for subject_phrase in subject_phrases:
        if score is not None and " to " not in score:  # "1-15 to 0-14": no score a "what score" question reads
            yield emit(subject_phrase, beaten, (score, None))
        if by is not None:
            yield emit(subject_phrase, _join(beaten, "by"), by)
    for preposition, pobj in preps:
        if preposition not in ("at", "in") or helper.is_time(pobj) or pobj.pos_ != "PROPN":
            continue
        ground = helper.phrase(pobj)
        if ground is None or ground[1] == _PER or ground[0] == team:
            continue
        for subject_phrase in subject_phrases:
            yield emit(subject_phrase, _join(beaten, preposition), ground)


__all__ = ["margin", "names_a_side", "result_facts", "score_after", "side_before_score",
           "side_read_as_adverbial",
           "team_and_score", "won_after"]
