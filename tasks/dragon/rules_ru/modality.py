"""Russian rules triplets: modality of a fact (asserted, planned, possible, negated, conditional)
from its verb's particles, auxiliaries, tense, clause and governing head.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import (
    _RU_ALLOW, _RU_CONDITIONS, _RU_DATIVE_CONTROL, _RU_FORCED, _RU_FUTURE_AUX, _RU_MAYBE, _RU_NEGATIONS,
    _RU_OBJECT_CONTROL, _RU_IMPERSONAL_PLANS, _RU_PAST_BE, _RU_PLAN_HEADS, _RU_POSSIBLE_HEADS, _RU_SPEECH_HEADS, _RU_SUBJ,
)
from tasks.dragon.rules_ru.morph import _lemma
from tasks.dragon.rules_ru.phrases import _RuSentence


def _own_modality_ru(verb, helper: _RuSentence) -> str | None:
    """What the verb's own particles, auxiliaries, tense and clause say; None when nothing does.

    "не" → negated; an "если" clause or its main clause → conditional; "бы" → possible;
    "будет" + infinitive / passive participle, or a perfective future ("поставит") → planned.
    """
    kids = helper.kids(verb)
    if any(c.text.lower() in _RU_NEGATIONS and c.rel in ("advmod", "discourse", "aux", "dep") for c in kids):
        return "negated"
    if verb.rel == "advcl" and any(c.rel == "mark" and c.text.lower() in _RU_CONDITIONS for c in kids):
        return "conditional"
    for child in kids:
        if child.rel == "advcl" and any(m.rel == "mark" and m.text.lower() in _RU_CONDITIONS for m in helper.kids(child)):
            return "conditional"
        if child.rel in ("obl", "advmod", "nmod") and _lemma(helper.vocab, child) in ("случай", "условие") \
                and helper.preposition(child) in ("в", "при") and helper.kids(child, ("nmod", "acl", "advcl", "ccomp")):
            return "conditional"  # "в случае одобрения сделки ...", "при условии финансирования ...": a condition
    if any(c.text.lower() in ("бы", "б") for c in kids):
        return "possible"
    if any(c.text.lower() in _RU_MAYBE or (c.text.lower() == "может" and any(k.text.lower() == "быть" for k in helper.kids(c)))
           for c in kids if c.rel in ("advmod", "parataxis", "discourse", "obl", "dep")):
        return "possible"  # "Возможно, к ним добавится Лысьва": a possibility, whatever the tense says
    if any(c.rel in ("aux", "aux:pass") and c.text.lower() in _RU_FUTURE_AUX for c in kids):
        return "planned"
    if (verb.feats or {}).get("Tense") == "Fut":
        return "planned"
    return None


def _modality_ru(verb, helper: _RuSentence) -> str:
    own = _own_modality_ru(verb, helper)
    if own not in ("negated", "conditional") and verb.rel == "ccomp" and _allowed_by_ru(verb, helper):
        return "possible"  # "не исключил, что пригласит ...": a possibility, not a plan
    if own is not None:
        return own
    head = helper.by_id.get(verb.head_id)
    if head is None or head is verb:
        return "asserted"
    if verb.rel == "conj" and head.pos in ("VERB", "AUX") and not helper.kids(verb, _RU_SUBJ):
        return _modality_ru(head, helper)
    if verb.rel == "advcl" and (verb.feats or {}).get("VerbForm") == "Conv":
        return _modality_ru(head, helper)  # "не стал ..., сославшись": the gerund shares its verb's modality
    if verb.rel == "csubj" and _lemma(helper.vocab, head) in _RU_DATIVE_CONTROL:
        above = _modality_ru(head, helper)  # "не удалось локализовать": negated
        if above != "asserted":
            return above
        return "planned" if _lemma(helper.vocab, head) == "предстоять" else "asserted"
    if verb.rel in ("csubj", "csubj:pass") and _lemma(helper.vocab, head) in _RU_IMPERSONAL_PLANS:
        above = _modality_ru(head, helper)  # "открыть планируется" (planned), "не планируется" (negated)
        return above if above in ("negated", "conditional", "possible") else "planned"
    if verb.rel == "xcomp":
        above = _modality_ru(head, helper)
        if above != "asserted":
            return above
        lemma = _lemma(helper.vocab, head)
        if lemma in _RU_POSSIBLE_HEADS:
            return "possible"
        if lemma in _RU_OBJECT_CONTROL and helper.kids(head, ("obj",)):
            return "asserted"  # "обязал Ершова возместить": the obliging happened
        if head.text.lower() in _RU_FORCED and any(c.text.lower() in _RU_PAST_BE
                                                   for c in helper.kids(head, ("cop", "aux", "aux:pass"))):
            return "asserted"  # "был вынужден уйти": he did leave; "вынужден"/"будет вынужден" stays a plan
        if lemma in _RU_PLAN_HEADS or head.text.lower() in _RU_PLAN_HEADS:
            return "planned"
    return "asserted"


def _allowed_by_ru(verb, helper: _RuSentence) -> bool:
    """Is the verb's "что" clause only allowed for ("не исключил, что ...", "допускает, что ...")?"""
    head = helper.by_id.get(verb.head_id)
    if head is None or head is verb:
        return False
    lemma = _lemma(helper.vocab, head)
    negated = any(c.text.lower() in _RU_NEGATIONS for c in helper.kids(head, ("advmod", "discourse", "dep", "aux")))
    return (lemma in ("исключить", "исключать") and negated) or (lemma in _RU_ALLOW and not negated)


def _speaker_ru(verb, helper: _RuSentence):
    """The token naming who says the verb's clause, or None: the subject of the speech verb
    whose "что" clause it is ("тренер сказал, что ...", its conjuncts and infinitives
    included), or the genitive of "по словам тренера"."""
    clause = verb
    while clause.rel in ("conj", "xcomp") and helper.by_id.get(clause.head_id) not in (None, clause):
        clause = helper.by_id[clause.head_id]
    for words in helper.kids(clause, ("parataxis", "obl")):
        if _lemma(helper.vocab, words) == "слово" and helper.preposition(words) == "по":
            return next(iter(helper.kids(words, ("nmod",))), None)
    head = helper.by_id.get(clause.head_id)
    if clause.rel != "ccomp" or head is None or head is clause:
        return None
    if _lemma(helper.vocab, head) not in _RU_SPEECH_HEADS and head.text.lower() not in _RU_SPEECH_HEADS:
        return None
    return next(iter(helper.kids(head, _RU_SUBJ)), None)


def _predicted_by_another_ru(verb, subjects, helper: _RuSentence) -> bool:
    """Is the verb's future someone else's word about a person ("тренер сказал, что Доронин
    усилит атаку", "по словам тренера, Доронин усилит ...")? A prediction, not the person's plan."""
    speaker = _speaker_ru(verb, helper)
    if speaker is None:
        return False
    said_by = helper.phrase(speaker, common=True)
    for subject in subjects:
        if subject.text.lower() in ("он", "она", "я", "мы"):
            return False  # "Рябов заявил, что он ...": the speaker's own plan
        named = helper.phrase(subject)
        if named is None or named[1] != "PER" or named == said_by:
            return False
    return bool(subjects)
