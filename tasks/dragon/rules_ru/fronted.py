"""Russian parse repair: the object put first before a verb that governs an infinitive.

"Запись концерта может показать телеканал «Культура»", "Производство сыра планирует наладить комбинат
«Заречье»", "Её должна одобрить служба", "Ещё три школы район планирует открыть": Russian puts the
infinitive's object first, and natasha then reads it as the subject of the modal or plan verb and the
real subject after the infinitive as its object (or as a second subject). The subject is the one that can
be one — a nominative that agrees with the verb (``subject_candidates._could_be_subject``) — and, of two that can,
the named actor (a name, a person, a body) rather than a thing, which must then have an accusative
reading to be the object. A pronoun with no nominative form («её», «его», «их») is never a subject.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import (
    _RU_CLASS_NOUNS, _RU_DURATIONS, _RU_INSTITUTIONS, _RU_MEASURES, _RU_MONTHS, _RU_PLACE_ANAPHORS,
    _RU_REGION_HEADS, _RU_SEASONS, _RU_STAFF, _RU_TIME_NOUNS, _RU_UNITS,
)
from tasks.dragon.rules_ru.morph import _animate, _lemma

#: what may stand between the fronted object and its verb: "Ещё три школы район *уже* планирует открыть"
_BETWEEN = ("ADV", "PART")


def _case_readings(vocab, token) -> set[str]:
    return {str(p.tag.case) for p in vocab.parse(token.text.lower()) if p.tag.POS in ("NOUN", "NPRO")}


def _quoted_name(tree, noun) -> bool:
    """Does a name in «» follow the noun as its appositive ("телеканал «Волна»")?"""
    at = tree.index[noun.id]
    return (at + 1 < len(tree.tokens) and tree.tokens[at + 1].text == "«"
            and bool(tree.kids(noun, ("appos", "flat:name", "nmod"))))


def _actor(vocab, tree, noun) -> bool:
    """Can the noun act: a person, a name, a body or a place that does things ("район", "город")?"""
    lemma = _lemma(vocab, noun)
    return (noun.pos == "PROPN" or _animate(vocab, noun) or _quoted_name(tree, noun)
            or lemma in _RU_CLASS_NOUNS | _RU_INSTITUTIONS | _RU_UNITS | _RU_STAFF | _RU_REGION_HEADS
            or lemma in _RU_PLACE_ANAPHORS or lemma == "район")


def _named_actor(vocab, tree, noun) -> bool:
    """A name or a person: what acts on a thing when both could be the subject."""
    return noun.pos == "PROPN" or _animate(vocab, noun) or _quoted_name(tree, noun)


def mend_fronted_objects(tree, vocab, could_be_subject) -> None:
    index, kids, same_clause = tree.index, tree.kids, tree.same_clause

    def bare(token) -> bool:
        return token.pos in ("NOUN", "PROPN", "PRON") and not kids(token, ("case",))

    for infinitive in tree.tokens:
        verb = tree.head(infinitive)
        if ((infinitive.feats or {}).get("VerbForm") != "Inf" or infinitive.rel != "xcomp" or verb is None
                or not (tree.finite(verb) or verb.pos == "ADJ" and (verb.feats or {}).get("Variant") == "Short")):
            continue
        vf = verb.feats or {}
        if vf.get("Voice") == "Pass" or vf.get("Person") in ("1", "2"):
            continue
        subjects = [k for k in kids(verb, ("nsubj",)) if bare(k) and same_clause(k, verb)]
        objects = [k for k in kids(infinitive, ("obj",)) if bare(k) and same_clause(k, verb)
                   and (k.feats or {}).get("Case") != "Dat"]
        before = [k for k in subjects if index[k.id] < index[verb.id]]
        if len(before) == 2 and len(subjects) == 2 and not kids(infinitive, ("obj",)):
            # «Дворы подрядчики должны расчистить»: of two subjects before the verb, the one right
            # before it is the subject, the other the object (a thing, not the actor of the two)
            first, second = sorted(before, key=lambda t: index[t.id])
            if ("accs" in _case_readings(vocab, first) and could_be_subject(vocab, second, vf, kids, strict=True)
                    and not (_actor(vocab, tree, first) and not _actor(vocab, tree, second))):
                tree.attach(first, infinitive, "obj")
            continue
        if len(before) != 1:
            continue
        first = before[0]
        after_subjects = [k for k in subjects if index[k.id] > index[infinitive.id]]
        after_objects = [k for k in objects if index[k.id] > index[infinitive.id]]
        # (a counted phrase, "четыре школы", is an accusative as it is a nominative)
        first_accusative = "accs" in _case_readings(vocab, first) or bool(kids(first, ("nummod", "nummod:gov")))
        # «Её должна одобрить служба»: a pronoun with no nominative is the infinitive's object
        if first.pos == "PRON":
            readings = _case_readings(vocab, first)
            if (readings and "nomn" not in readings and "accs" in readings
                    and len(kids(infinitive, ("obj",))) == len(after_objects)):
                tree.attach(first, infinitive, "obj")
                if len(after_objects) == 1 and could_be_subject(vocab, after_objects[0], vf, kids, strict=True):
                    tree.attach(after_objects[0], verb, "nsubj")
            continue
        if len(subjects) == 2 and len(after_subjects) == 1 and not kids(infinitive, ("obj",)):
            # «Запись концерта может показать телеканал «Волна»»: two subjects, the named one after
            # the infinitive acts, the thing before it is what is shown
            other = after_subjects[0]
            if (first_accusative and not _actor(vocab, tree, first) and _named_actor(vocab, tree, other)
                    and could_be_subject(vocab, other, vf, kids, strict=True)):
                tree.attach(first, infinitive, "obj")
            continue
        if len(subjects) != 1 or not first_accusative:
            continue
        if len(after_objects) == 1:
            # «Производство сыра планирует наладить комбинат «Заречье»»: the subject read as the object
            other = after_objects[0]
            if not could_be_subject(vocab, other, vf, kids, strict=True):
                continue
            if could_be_subject(vocab, first, vf, kids) and (_actor(vocab, tree, first)
                                                               or not _named_actor(vocab, tree, other)):
                continue
            tree.attach(other, verb, "nsubj")
            tree.attach(first, infinitive, "obj")
            continue
        # «Ещё три школы район планирует открыть»: the object first, its subject right before the verb
        near = [k for k in objects if index[first.id] < index[k.id] < index[verb.id]]
        if len(near) != 1 or len(objects) != 1:
            continue
        other = near[0]
        gap = tree.tokens[index[other.id] + 1:index[verb.id]]
        if any(t.pos not in _BETWEEN and not any(a is other for a in tree.ancestors(t)) for t in gap):
            continue
        if could_be_subject(vocab, first, vf, kids) or not could_be_subject(vocab, other, vf, kids, strict=True):
            continue
        tree.attach(other, verb, "nsubj")
        tree.attach(first, infinitive, "obj")


def mend_nouns_read_as_adjectives(tree, vocab) -> None:
    """«Дворы подрядчики должны расчистить»: the tagger reads a plural noun before another noun as its
    adjective. A word pymorphy knows only as a noun (no adjective, participle or numeral reading) is no
    adjective: it becomes a noun of its own beside its "head", in the same role, and the fronted-object
    repairs then say which of the two is the subject."""
    for token in tree.tokens:
        owner = tree.head(token)
        if (token.pos not in ("ADJ", "NOUN") or token.rel != "amod" or owner is None or owner.pos != "NOUN"
                or owner.rel not in ("nsubj", "obj") or tree.index[token.id] + 1 != tree.index[owner.id]
                or tree.kids(token)):
            continue
        parses = [p for p in vocab.parse(token.text.lower()) if p.is_known]
        if not parses or any(p.tag.POS != "NOUN" for p in parses):
            continue
        verb = tree.head(owner)
        if verb is None:
            continue
        token.pos = "NOUN"
        tree.attach(token, verb, owner.rel)


def mend_fronted_bare_objects(tree, vocab) -> None:
    """«Следующий матч «Речные волки» сыграют в Перми», «Сдать первую очередь компания планирует»: natasha
    reads a bare accusative noun put before its verb as an oblique (and a noun at times as an adverb). With
    no preposition, inanimate, no time, span or measure and no numeral of its own, of a transitive active
    verb with no object — before a finite one with a subject of its own, or anywhere for a noun read as an
    adverb — it is the verb's object."""
    for token in tree.tokens:
        verb = tree.head(token)
        if (token.rel not in ("obl", "advmod") or token.pos != "NOUN" or verb is None or verb.pos != "VERB"
                or (verb.feats or {}).get("Voice") == "Pass"):
            continue
        if (tree.kids(token, ("case", "nummod", "nummod:gov")) or tree.case(token) != "Acc"
                or (token.feats or {}).get("Animacy") == "Anim" or tree.kids(verb, ("obj",))):
            continue
        if token.rel == "obl" and (not tree.finite(verb) or not tree.kids(verb, ("nsubj",))
                                   or tree.index[token.id] > tree.index[verb.id]):
            continue
        if _lemma(vocab, token) in _RU_TIME_NOUNS | _RU_DURATIONS | _RU_MONTHS | _RU_SEASONS | _RU_MEASURES:
            continue
        if not any(p.tag.POS in ("VERB", "INFN") and "tran" in p.tag for p in vocab.parse(verb.text.lower())):
            continue
        token.rel = "obj"
