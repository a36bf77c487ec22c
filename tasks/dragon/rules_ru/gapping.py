"""Russian rules triplets: a clause whose verb a dash stands for ("Доходы составят 18 млрд рублей,
расходы — 19 млрд рублей"). natasha parses the gap as UD does: the second subject a ``conj`` of the
verb, its amount an ``orphan`` under it. The verb of the first clause is the verb of the second."""
from __future__ import annotations

from collections.abc import Iterator

from tasks.dragon.rules_ru.morph import _lemma
from tasks.dragon.rules_ru.phrases import _RuSentence
from tasks.dragon.triplets_base import _Fact, _join


def gapped_facts(verb, emit, helper: _RuSentence) -> Iterator[_Fact]:
    """(second subject, the verb, its amount) for each gapped clause of the verb. Only amounts, and
    only where the verb's own clause has an amount after the same preposition ("вырастут на 14%,
    а расходы — на 9%"): the two clauses then say the same of two things; anything else a dash joins
    ("Иванов — глава совета") is no gap one can read the verb into."""
    own = [c for c in helper.kids(verb, ("obj", "obl")) if helper.number_phrase(c) is not None
           and not helper.kids(c, ("orphan",))
           and helper.date_phrase(c) is None]
    if not own or (verb.feats or {}).get("Voice") == "Pass":
        return
    prepositions = {helper.preposition(c) for c in own}
    lemma = _lemma(helper.vocab, verb)
    # (the repairs may have made the second subject an ``obj`` of the verb: its ``orphan`` still marks the gap)
    for conj in helper.kids(verb, ("conj", "obj")):
        if conj.pos not in ("NOUN", "PROPN") or (conj.feats or {}).get("Case") != "Nom" or helper.kids(conj, ("case",)):
            continue
        orphans = helper.kids(conj, ("orphan",))
        if len(orphans) != 1:
            continue
        orphan = orphans[0]
        amount = helper.number_phrase(orphan)
        if amount is None or helper.date_phrase(orphan) is not None or helper.preposition(orphan) not in prepositions:
            continue
        subject = helper.phrase(conj) or _parallel_subject(verb, conj, helper) or helper.phrase(conj, common=True)
        if subject is None:
            continue
        yield emit(subject, _join(lemma, helper.preposition(orphan)), (amount, None))


def _parallel_subject(verb, conj, helper: _RuSentence) -> tuple[str, None] | None:
    """A bare second subject takes what the first one is of: "Доходы бюджета составят ..., расходы —
    ..." are the budget's expenses («расходы бюджета»). None when the first says of nothing, is a name,
    or the second has words of its own."""
    if helper.kids(conj, ("nmod", "amod", "det", "appos", "flat:name")) or conj.id in helper.span_of:
        return None
    firsts = [s for s in helper.kids(verb, ("nsubj",)) if s.pos == "NOUN" and s.id not in helper.span_of]
    if len(firsts) != 1:
        return None
    of = helper.genitives(firsts[0])
    if len(of) != 1:
        return None
    words = [conj.text.lower(), *(t.text for t in helper.subtree(of[0]))]
    return " ".join(words), None
