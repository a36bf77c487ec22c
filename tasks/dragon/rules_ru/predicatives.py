"""Russian rules triplets: the subject of a short predicative adjective read as its infinitive's object.

"Сделку должна одобрить антимонопольная служба", "Контракт намерено подписать министерство": the
predicative («должна», «намерено») takes the subject, its infinitive the object; after an object put first,
natasha makes both nouns objects of the infinitive. When the one before cannot be a subject (no nominative
reading that agrees) and the one after can, the one after is the predicative's subject — the same rule
the finite verbs' object-verb-subject repair applies (``subject_candidates._could_be_subject``).
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_PLAN_HEADS
from tasks.dragon.rules_ru.morph import _lemma


def mend_predicative_subjects(tree, vocab, could_be_subject) -> None:
    for infinitive in tree.tokens:
        predicative = tree.head(infinitive)
        if ((infinitive.feats or {}).get("VerbForm") != "Inf" or infinitive.rel != "xcomp" or predicative is None
                or predicative.pos != "ADJ" or (predicative.feats or {}).get("Variant") != "Short"
                or _lemma(vocab, predicative) not in _RU_PLAN_HEADS
                or tree.kids(predicative, ("nsubj", "nsubj:pass"))):
            continue
        at = tree.index[predicative.id]
        objects = [k for k in tree.kids(infinitive, ("obj",)) if k.pos in ("NOUN", "PROPN") and not tree.kids(k, ("case",))]
        before = [k for k in objects if tree.index[k.id] < at]
        # (an abbreviation after it may be read as the infinitive's dative: "Сделку должна одобрить ФАС России")
        after = [k for k in objects + tree.kids(infinitive, ("iobj",)) if k.pos in ("NOUN", "PROPN")
                 and not tree.kids(k, ("case",)) and tree.index[k.id] > tree.index[infinitive.id]]
        if len(before) != 1 or len(after) != 1:
            continue
        feats = predicative.feats or {}
        if could_be_subject(vocab, before[0], feats, tree.kids) or not could_be_subject(
                vocab, after[0], feats, tree.kids, strict=True):
            continue
        tree.attach(after[0], predicative, "nsubj")
