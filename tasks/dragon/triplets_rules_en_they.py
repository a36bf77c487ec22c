"""Triplet extraction, rules engine, English: "they" pointing forward from a main clause to the clause before it.

"If Rovers win, they will face the champions", "Once the Hawks qualify, they will host the final": a clause put
before its main clause names the subject that the main clause's "they" takes up. Only a plural subject is taken
("If the council grants permission, they will add a room": "they" is not the council) and only a name: a
common noun ("the new owners") says nothing a question could ask by.
"""
from __future__ import annotations

from tasks.dragon.triplets_rules_en_lexicon import _EN_SUBJ

#: the subordinators of a clause that sets up its main clause
_EN_SETTING_MARKS = frozenset({"if", "when", "once", "after", "unless", "until", "because", "as"})


def plural_name_before(pronoun):
    """The plural name that subjects the clause before ``pronoun``'s verb, or None."""
    if pronoun.lower_ != "they" or pronoun.dep_ not in _EN_SUBJ or pronoun.head.i == pronoun.i:
        return None
    verb = pronoun.head
    clause = next((c for c in verb.children if c.dep_ == "advcl" and c.i < pronoun.i
                   and any(m.dep_ == "mark" and m.lower_ in _EN_SETTING_MARKS for m in c.children)), None)
    if clause is None:
        return None
    subject = next((c for c in clause.children if c.dep_ in _EN_SUBJ), None)
    if subject is None and clause.pos_ == "NOUN":
        # "If the Hawks win,": the parser may take "win" for a noun and the team for its modifier
        subject = next((c for c in clause.children if c.dep_ == "compound" and c.tag_ == "NNPS"), None)
    if subject is None or subject.pos_ != "PROPN":
        return None
    plural = subject.tag_ == "NNPS" or clause.tag_ in ("VBP", "VB")  # "If the Bombers win" (not "wins")
    return subject if plural else None
