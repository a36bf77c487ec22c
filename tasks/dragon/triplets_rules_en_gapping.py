"""Triplet extraction, rules engine, English: gapped clauses, the verb said once for two subjects.

"Ottawa will pay $62 million and the province $34 million", "Apples will sell for $2 a kilogram, and pears,
a cousin of quinces, $3.10": the second clause leaves out the verb it shares with the first; it is only a
subject and an amount. The parser hangs the second subject on the verb as a conjunct and the amount on that
subject as an apposition, so the verb's own facts never see it. ``gapped_facts`` states the second subject's
amount with the relation the first subject's amount was stated with (same verb, same preposition, same
modality): (province, pay, $34 million).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from tasks.dragon.triplets_base import _Fact
from tasks.dragon.triplets_rules_en_phrases import _EnSentence

#: entity kinds of an amount left after a gapped subject
_AMOUNT_LABELS = frozenset({"MONEY", "CARDINAL", "QUANTITY", "PERCENT"})


def gapped_facts(verb, facts: list[_Fact], helper: _EnSentence) -> Iterator[_Fact]:
    """The facts of the gapped clauses conjoined to ``verb``, copied from ``facts`` (the verb's own)."""
    templates = [f for f in facts if any(ch.isdigit() for ch in f.object)]
    if not templates:
        return
    for remnant in verb.children:
        if remnant.dep_ != "conj" or remnant.pos_ not in ("NOUN", "PROPN") or remnant.i < verb.i:
            continue
        if not any(c.dep_ == "cc" and verb.i < c.i < remnant.i for c in verb.children):
            continue  # "X will pay $5 million, the province said": no "and" joins a second clause
        if any(t.pos_ in ("VERB", "AUX") for t in remnant.subtree):
            continue  # a clause of its own, with its own verb, is read by that verb
        amount = _gapped_amount(remnant)
        if amount is None:
            continue
        subject = helper.phrase(remnant, as_subject=True) or helper.phrase(remnant, common=True)
        obj = helper.phrase(amount)
        if subject is None or obj is None:
            continue
        template = templates[0]
        yield replace(template, subject=subject[0], subject_label=subject[1], object=obj[0], object_label=obj[1])


def _gapped_amount(remnant):
    """The amount in apposition to a gapped subject, after it ("the province $34 million"), or to the
    description in apposition to it ("sauger, a smaller relative of pickerel, $3.40")."""
    for child in remnant.children:
        if child.dep_ != "appos" or child.i < remnant.i:
            continue
        if child.like_num or child.ent_type_ in _AMOUNT_LABELS:
            return child
        if child.pos_ == "NOUN":
            inner = _gapped_amount(child)
            if inner is not None:
                return inner
    return None
