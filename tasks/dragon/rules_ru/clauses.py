"""Russian parse repairs (passes of ``repairs._repair_parse_ru``): clauses, subordinators and the stretch
between commas.

A subordinator belongs to the first verb after it; an «если» clause parsed as a sibling or a root of its
own is an adverbial clause of the main verb and runs to its comma; an argument belongs to a verb of its
own stretch between commas and does not reach over another clause's verb; a second root opening with
«и» / «а» / «но» and agreeing with the first verb is its conjunct. (Relative clauses: relatives.py.)
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_CONDITIONS, _RU_SUBORDINATORS


def mend_subordinators(tree) -> None:
    """A subordinator belongs to the first verb after it in its clause: "Если цены ... сохранятся"."""
    tokens, index, head, is_verb, segment = tree.tokens, tree.index, tree.head, tree.is_verb, tree.segment
    for token in tokens:
        if token.rel != "mark" or token.text.lower() not in _RU_SUBORDINATORS:
            continue
        verbs = [tokens[j] for j in segment(index[token.id], 1) if is_verb(tokens[j])
                 and tokens[j].rel not in ("aux", "aux:pass", "cop", "amod")
                 and (tokens[j].feats or {}).get("VerbForm") not in ("Part", "Conv")]
        if verbs and head(token) is not verbs[0]:
            token.head_id = verbs[0].id


def mend_conditions_in_that_clauses(tree) -> None:
    """In "сказал, что если X, Y", an "если" clause parsed as the что-clause, Y its sibling, is Y's condition."""
    tokens, index = tree.tokens, tree.index
    kids, head, attach, is_verb = tree.kids, tree.head, tree.attach, tree.is_verb
    for clause in tokens:
        marks = kids(clause, ("mark",))
        if clause.rel not in ("ccomp", "conj", "parataxis", "dep") or not any(
                m.text.lower() in _RU_CONDITIONS for m in marks) or head(clause) is None:
            continue
        later = [k for k in kids(head(clause), ("ccomp", "conj", "parataxis")) if k is not clause and is_verb(k)
                 and index[k.id] > index[clause.id]]
        if not later:
            continue
        main = min(later, key=lambda k: index[k.id])
        if attach(clause, main, "advcl"):
            for mark in marks:
                if mark.text.lower() in ("что", "чтобы") and not kids(main, ("mark",)):
                    mark.head_id = main.id


def mend_conditional_roots(tree) -> None:
    """An "если" clause parsed as a root of its own: an adverbial clause of the main verb."""
    tokens, index = tree.tokens, tree.index
    kids, head, attach, is_verb, segment = tree.kids, tree.head, tree.attach, tree.is_verb, tree.segment
    roots = [t for t in tokens if t.rel == "root"]
    for clause in tokens:
        if not any(k.rel == "mark" and k.text.lower() in _RU_CONDITIONS for k in kids(clause)):
            continue
        main = head(clause)
        if clause.rel == "root" or main is None:
            others = [r for r in roots if r is not clause and is_verb(r)]
            others += [k for k in kids(clause, ("parataxis", "conj", "ccomp", "dep")) if is_verb(k)
                       and index[k.id] > index[clause.id]]
            after = [o for o in others if index[o.id] > index[clause.id]]
            if not after:
                continue
            main = min(after, key=lambda o: index[o.id])
            if main.rel != "root":
                main.head_id, main.rel = clause.head_id, "root"
            clause.head_id, clause.rel = main.id, "advcl"
        elif clause.rel != "advcl":
            continue
        if index[clause.id] > index[main.id]:
            continue
        # the clause runs from its subordinator to its comma: what lies there is the clause's,
        # what lies past it the main verb's ("Если бюджет выделит театру 90 млн рублей, театр отремонтирует ...")
        inside = set(segment(index[clause.id], 1)) | set(segment(index[clause.id], -1))
        for j in inside:
            token = tokens[j]
            if token.head_id == main.id and token.rel not in ("punct", "advcl"):
                attach(token, clause, token.rel)
        end = max(inside | {index[clause.id]})
        for token in kids(clause):
            if index[token.id] > end and token.rel in ("nsubj", "obj", "obl", "iobj", "advmod", "nsubj:pass"):
                attach(token, main, token.rel)


def mend_subordinate_subjects(tree) -> None:
    """A subordinate clause's subject is no subject of the main verb: in "Если производитель, завод
    «Север», сорвёт сроки, «Восток» может продлить аренду" natasha makes the noun after «если» the main
    verb's subject (hanging the clause on it, or leaving the clause a root) and lists the main verb's
    own subject as its conjunct, so both verbs get both subjects. A subject between a subordinator and
    that subordinator's verb is that verb's; a conjunct of it past the clause's comma is the main verb's."""
    tokens, index, kids, head, attach, finite = tree.tokens, tree.index, tree.kids, tree.head, tree.attach, tree.finite
    for mark in tokens:
        clause = head(mark)
        if mark.rel != "mark" or mark.text.lower() not in _RU_SUBORDINATORS - {"так", "после"} or clause is None:
            continue
        if any(k.rel in ("nsubj", "nsubj:pass") and index[mark.id] < index[k.id] for k in kids(clause)):
            # ("Если производитель, завод, сорвёт сроки, «Восток» может ...": «если» on the main verb, the
            # clause's verb a modifier of the noun after it; the subordinator is that verb's)
            noun = next(k for k in kids(clause) if k.rel in ("nsubj", "nsubj:pass") and index[mark.id] < index[k.id])
            own = [v for v in kids(noun, ("acl",)) if finite(v) and index[noun.id] < index[v.id] < index[clause.id]]
            if own and attach(mark, own[0], "mark"):
                clause = own[0]
        if not finite(clause) or index[clause.id] < index[mark.id]:
            continue
        for subject in tokens[index[mark.id] + 1:index[clause.id]]:
            main = head(subject)
            if (subject.rel not in ("nsubj", "nsubj:pass") or main is None or main is clause or not finite(main)
                    or index[main.id] < index[clause.id] or kids(clause, ("nsubj", "nsubj:pass"))
                    or not any(t.text == "," for t in tokens[index[clause.id]:index[main.id]])):
                continue
            later = [c for c in kids(subject, ("conj",)) if index[c.id] > index[clause.id]]
            if head(clause) is subject or clause.rel == "root":
                if clause.rel == "root":
                    clause.head_id = main.id if main.rel == "root" else clause.head_id
                if not attach(clause, main, "advcl"):
                    continue
            if not attach(subject, clause, subject.rel):
                continue
            if later:
                attach(later[0], main, "nsubj")
                for other in later[1:]:
                    attach(other, later[0], "conj")
            for inner in kids(subject, ("conj",)):
                # ("производитель, Уральский завод, ...": a conjunct with no «и» inside the clause names the noun;
                # the bare "производитель" then reads back to no company named before)
                if index[inner.id] < index[clause.id] and not kids(inner, ("cc",)):
                    inner.rel = "appos"
            break


def mend_arguments_of_own_stretch(tree) -> None:
    """An argument belongs to a verb of its own stretch between commas when that stretch has one: "о
    находке институт сообщил" after "..., однако" is сообщил's, not работала's before the comma; "в
    первом же комментарии агентству заявил" is заявил's, not представит's two clauses on."""
    tokens, index = tree.tokens, tree.index
    head, attach, is_verb, segment = tree.head, tree.attach, tree.is_verb, tree.segment
    for token in tokens:
        verb = head(token)
        if token.rel not in ("obj", "obl", "iobj") or verb is None or not is_verb(verb):
            continue
        here = set(segment(index[token.id], 1)) | set(segment(index[token.id], -1)) | {index[token.id]}
        if index[verb.id] in here:
            continue
        own = [tokens[j] for j in here if is_verb(tokens[j]) and tokens[j].rel not in ("aux", "aux:pass", "cop", "amod")
               and tokens[j] is not token]
        if own:
            attach(token, min(own, key=lambda w: abs(index[w.id] - index[token.id])), token.rel)


def mend_arguments_across_verbs(tree) -> None:
    """An argument does not reach across another clause's verb to a verb before it: "руководил
    омским театром" (театром obj → назначило, over руководил), "привлекать ...: строительство
    будет финансироваться за счёт собственных средств" (средств obj → привлекать)."""
    tokens, index = tree.tokens, tree.index
    head, finite, ancestors, attach, is_verb = tree.head, tree.finite, tree.ancestors, tree.attach, tree.is_verb
    for token in tokens:
        verb = head(token)
        if token.rel not in ("obj", "obl", "iobj") or verb is None or not is_verb(verb) or index[verb.id] > index[token.id]:
            continue
        lineage = {a.id for a in ancestors(token)}
        between = [tokens[j] for j in range(index[verb.id] + 1, index[token.id])
                   if (finite(tokens[j]) or (tokens[j].feats or {}).get("VerbForm") == "Inf")
                   and tokens[j].rel not in ("aux", "aux:pass", "cop", "xcomp")
                   and verb.id not in {a.id for a in ancestors(tokens[j])}]
        if between and between[-1].id not in lineage:
            attach(token, between[-1], token.rel)


def mend_second_roots(tree) -> None:
    """A second root that opens with "и" / "а" / "но" and has no subject of its own is the second
    verb of one subject when it agrees with the first: "Кравцов сравнял счёт, а на 77-й минуте
    реализовал пенальти, назначенный за фол ..." (the participle's tail made natasha split it)."""
    tokens, index, kids, finite, attach = tree.tokens, tree.index, tree.kids, tree.finite, tree.attach
    roots = [t for t in tokens if t.rel == "root"]
    for verb in roots[1:]:
        first, vf = roots[0], verb.feats or {}
        ff = first.feats or {}
        if (not finite(verb) or not finite(first) or index[first.id] > index[verb.id]
                or kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl"))
                or not any(c.text.lower() in ("и", "а", "но") for c in kids(verb, ("cc",)))
                or not kids(first, ("nsubj", "nsubj:pass")) or vf.get("Person") in ("1", "2")):
            continue
        if any(vf.get(k) != ff.get(k) for k in ("Number", "Gender", "Person") if vf.get(k) and ff.get(k)):
            continue
        attach(verb, first, "conj")
