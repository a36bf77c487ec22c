"""Russian rules triplets: indefinite-personal clauses (неопределённо-личные предложения).

"Терминал построят в порту к 2027 году", "На ремонт выделили 12 млн рублей", "Детей могут перевести в
соседние школы" (and the impersonal plan "Терминал планируется построить к 2027 году"): a third-person plural verb with no subject of its own — and no body it is read
from ("в мэрии пообещали" is the mayor's office's; see ``_speaking_body``) — says what is done to its
direct object, as a passive without its agent does ("терминал будет построен в порту"). The object
is the fact's subject, the relation the verb's short passive participle, as a passive's is
("построен к | 2027 год"), so a question reads «К какому году построен терминал?», never an act of
the terminal's.

Only a perfective verb that has a passive participle, and only one direct object (two are a parse
in doubt: one of them is likely the subject natasha missed).
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import (
    _RU_IMPERSONAL_PLANS, _RU_MENTAL, _RU_MONTHS, _RU_PLAN_HEADS, _RU_POSSIBLE_HEADS, _RU_RELATIVE, _RU_SAY, _RU_SEASONS, _RU_SUBJ,
    _RU_TIME_NOUNS,
)
from tasks.dragon.rules_ru.morph import _lemma


def _acting_verb(verb, helper):
    """The finite verb whose person and number say who acts: the verb itself, or the plan /
    possibility word over its infinitive ("могут перевести", "планируют открыть"); None otherwise."""
    feats = verb.feats or {}
    if feats.get("VerbForm") == "Fin":
        return verb
    if feats.get("VerbForm") != "Inf" or verb.rel not in ("xcomp", "csubj", "csubj:pass"):
        return None
    head = helper.by_id.get(verb.head_id)
    if head is None or head is verb or (head.feats or {}).get("VerbForm") != "Fin":
        return None
    lemma = _lemma(helper.vocab, head)
    if verb.rel != "xcomp":  # "Вторую очередь планируется открыть": the infinitive is the impersonal verb's subject
        return head if _impersonal_plan(head, helper) else None
    return head if lemma in _RU_PLAN_HEADS or lemma in _RU_POSSIBLE_HEADS else None


def _impersonal_plan(verb, helper) -> bool:
    """"планируется", "предполагалось": an impersonal plan word (third person singular or neuter past),
    no one named."""
    feats = verb.feats or {}
    return (_lemma(helper.vocab, verb) in _RU_IMPERSONAL_PLANS and feats.get("Number") in ("Sing", None)
            and feats.get("Gender") in ("Neut", None) and feats.get("Person") in ("3", None))


def _third_plural(verb) -> bool:
    feats = verb.feats or {}
    return (feats.get("Number") == "Plur" and feats.get("Person") in ("3", None) and feats.get("Voice") != "Pass"
            and feats.get("Mood") != "Imp")


def _misread_object(noun, verb, helper) -> bool:
    """"движение по улице сократят до одной полосы": a bare noun before the verb that natasha read as a
    nominative ``obl`` — a verb with no subject has no nominative, so it is the object, by its accusative
    homonym (pymorphy's reading; no time word: "утро", "неделю" say when)."""
    if noun.pos != "NOUN" or helper.kids(noun, ("case",)) or (noun.feats or {}).get("Case") not in ("Nom", "Acc"):
        return False
    if helper.tokens.index(noun) > helper.tokens.index(verb):
        return False
    if _lemma(helper.vocab, noun) in _RU_TIME_NOUNS | _RU_MONTHS | _RU_SEASONS:
        return False
    return any(p.tag.POS == "NOUN" and "accs" in p.tag and "anim" not in p.tag
               for p in helper.vocab.parse(noun.text.lower()))


def passive_participle(vocab, lemma: str) -> str | None:
    """The short passive participle of a perfective verb in the masculine singular ("построить" →
    "построен"), as a passive fact's relation reads; None for a verb that has none."""
    from pymorphy2.analyzer import Parse

    for parse in vocab.parse(lemma):
        if parse.tag.POS == "INFN" and "perf" in parse.tag and "tran" in parse.tag:
            form = Parse.inflect(parse, {"PRTS", "pssv", "masc", "sing"})
            if form is not None:
                return form.word.replace("ё", "е")
    return None


def indefinite_patients(verb, helper) -> list:
    """What an indefinite-personal verb acts on: its one direct object (a relative «который» stands
    for the noun its clause is about), or [] when the verb has a subject, is no third-person plural,
    says or thinks rather than does, or has no passive participle to read it by."""
    acting = _acting_verb(verb, helper)
    if acting is None or not (_third_plural(acting) or acting is not verb and _impersonal_plan(acting, helper)):
        return []
    if helper.kids(verb, _RU_SUBJ) or (acting is not verb and helper.kids(acting, _RU_SUBJ)):
        return []
    if verb.rel in ("acl", "amod", "advcl") or acting.rel in ("acl", "amod"):
        return []
    lemma = _lemma(helper.vocab, verb)
    if lemma in _RU_SAY or lemma in _RU_MENTAL or _lemma(helper.vocab, acting) in _RU_MENTAL:
        return []
    # (an amount is in the genitive: "выделили 12 млн рублей")
    # (with an impersonal plan word the infinitive is the subject: its object tagged nominative is one
    # by its accusative homonym, "Движение по мосту планируется открыть")
    objects = [o for o in helper.kids(verb, ("obj",))
               if (o.feats or {}).get("Case") in ("Acc", None) or helper.number_phrase(o) is not None
               or acting is not verb and not _third_plural(acting) and _misread_object(o, verb, helper)]
    if not helper.kids(verb, ("obj",)):
        # (natasha may hang the fronted object on the plan word: "Запуск цеха могут перенести" (запуск obl → могут))
        above = [o for o in helper.kids(acting, ("obl",))] if acting is not verb else []
        objects = [o for o in helper.kids(verb, ("obl",)) + above if _misread_object(o, verb, helper)]
    others = [o for o in helper.kids(verb, ("obj", "iobj")) if (o.feats or {}).get("Case") != "Dat"] or objects
    if len(objects) != 1 or len(others) != 1:  # ("жителям сделают перерасчёт": the dative is for whom)
        return []
    patient = objects[0]
    if patient.pos == "PRON" and patient.text.lower() not in _RU_RELATIVE:
        return []  # "их переоборудуют": who «их» are is the previous sentence's to say
    if patient.text.lower() in _RU_RELATIVE or _lemma(helper.vocab, patient) == "который":
        if verb.rel != "acl:relcl":
            return []
        head = helper.by_id.get(verb.head_id)  # "мост, который построят к 2027 году"
        if head is None or head.pos not in ("NOUN", "PROPN"):
            return []
        patient = head
    if passive_participle(helper.vocab, lemma) is None:
        return []
    return helper.with_conjuncts(patient)
