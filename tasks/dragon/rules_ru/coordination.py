"""Russian rules triplets: mending natasha's heads where clauses and names are coordinated or stacked.

Each verb of a coordination keeps its own subject and objects; an ellipsis shares only what is
missing. natasha, on a news sentence of two clauses, often lends one clause's word to the other:

- an appositive name reaching across a comma and the other clause's verb to a role noun there
  ("роль исполнит выпускница училища Анна Зорина, Гамлета сыграет народный артист Пётр Лавров":
  Зорина appos → артист);
- the first verb's object hung on the second verb ("забил 3 гола и дважды отдал пас": голов obj →
  отдал), with the second verb's own object made its subject (пас nsubj, tagged accusative);
- a name in «» between a role noun and the person's name, in the genitive ("нападающий «Соколов»
  Иван Лисин"): the team the role is in, not the person;
- a name in «» after an adjective of place ("обыграл архангельский «Северный ветер»"): the name is
  the argument, the adjective its modifier;
- an amount with its preposition before a noun ("оштрафовало на 2 млн рублей за сброс стоков"): the
  verb's, not that noun's.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_CLAUSE_BREAKS
from tasks.dragon.rules_ru.tree import ParseTree


def _repair_coordination_ru(tree: ParseTree, vocab) -> None:
    tokens, index = tree.tokens, tree.index
    kids, head, case, finite, attach = tree.kids, tree.head, tree.case, tree.finite, tree.attach
    _mend_coordinated_clauses(tree)

    # an appositive name with a clause break and another verb between it and its noun is the
    # appositive of the noun before it in its own clause ("выпускница училища Анна Зорина, Гамлета
    # сыграет народный артист Пётр Лавров": Зорина is the выпускница, Лавров the артист)
    for token in tokens:
        noun = head(token)
        if token.rel != "appos" or token.pos != "PROPN" or noun is None:
            continue
        between = range(min(index[token.id], index[noun.id]) + 1, max(index[token.id], index[noun.id]))
        if not (any(tokens[j].text in _RU_CLAUSE_BREAKS for j in between) and any(finite(tokens[j]) for j in between)):
            continue
        for j in range(index[token.id] - 1, -1, -1):
            candidate = tokens[j]
            if candidate.text in _RU_CLAUSE_BREAKS or finite(candidate):
                break
            if candidate.pos != "NOUN" or kids(candidate, ("case",)) or case(candidate) != case(token):
                continue
            attach(token, candidate, "appos")
            break

    # an argument of the second of two coordinated verbs that lies before their "и" / "а" is the
    # first verb's ("сделал 9 передач и дважды перехватил мяч": передач is what was made)
    for second in tokens:
        first = head(second)
        if second.rel != "conj" or first is None or not finite(second) or not finite(first):
            continue
        if index[first.id] > index[second.id]:
            continue
        cc = next((c for c in kids(second, ("cc",)) if index[first.id] < index[c.id] < index[second.id]), None)
        if cc is None:
            continue
        for child in kids(second, ("obj", "obl", "iobj", "xcomp")):
            if index[first.id] < index[child.id] < index[cc.id] and (child.rel not in ("obj", "xcomp")
                                                                     or not kids(first, (child.rel,))):
                attach(child, first, child.rel)
        # and an infinitive of the first verb's that lies after the second is the second's ("назначил ему
        # штраф и запретил три года занимать должности": the court forbade holding posts, it holds none)
        for child in kids(first, ("xcomp",)):
            if index[child.id] > index[second.id] and (child.feats or {}).get("VerbForm") == "Inf" \
                    and not kids(second, ("xcomp",)):
                attach(child, second, "xcomp")
        # its own object after it, which natasha made its subject (tagged accusative all the same),
        # when the verb shares the first one's subject
        if kids(second, ("obj",)) or not kids(first, ("nsubj",)):
            continue
        for subject in kids(second, ("nsubj",)):
            if index[subject.id] > index[second.id] and case(subject) == "Acc" and subject.pos == "NOUN" \
                    and any(p.tag.POS == "NOUN" and "accs" in p.tag for p in vocab.parse(subject.text.lower())):
                attach(subject, second, "obj")

    # a name in «» right after a role noun and before the person's own name is the body the role is
    # in ("защитник «Соколов» Иван Лисин", the team in the genitive inside its quotes), not the person
    for noun in tokens:
        names = sorted(kids(noun, ("appos",)), key=lambda t: index[t.id])
        if noun.pos not in ("NOUN", "ADJ") or len(names) < 2:
            continue
        quoted, person = names[0], names[1]
        at = index[quoted.id]
        if not (0 < at and tokens[at - 1].text == "«" and index[noun.id] < at and person.pos == "PROPN"):
            continue
        closing = next((j for j in range(at + 1, len(tokens)) if tokens[j].text == "»"), None)
        if closing is None or index[person.id] != closing + 1:
            continue
        attach(quoted, noun, "nmod")

    # "обыграл архангельский «Северный ветер»": the adjective the parser made the argument modifies
    # the quoted name right after it, which takes its place
    for adjective in tokens:
        at = index[adjective.id]
        if adjective.pos != "ADJ" or adjective.rel not in ("obj", "nsubj", "obl", "iobj") or at + 2 >= len(tokens) \
                or tokens[at + 1].text != "«":
            continue
        closing = next((j for j in range(at + 2, len(tokens)) if tokens[j].text == "»"), None)
        inside = [t for t in tokens[at + 2:closing] if head(t) is None or not (at + 2 <= index[head(t).id] < closing)] \
            if closing is not None else []
        if len(inside) != 1 or inside[0].pos not in ("NOUN", "PROPN"):
            continue
        name = inside[0]
        name.head_id, name.rel = adjective.head_id, adjective.rel
        adjective.head_id, adjective.rel = name.id, "amod"

    # an amount with its preposition before a noun is the verb's ("на 2 млн рублей за сброс"): a
    # noun's prepositional modifier follows it
    for token in tokens:
        noun = head(token)
        if (token.rel != "nmod" or not kids(token, ("case",)) or noun is None or index[noun.id] < index[token.id]
                or not any(k.pos == "NUM" or k.rel in ("nummod", "nummod:gov") for k in kids(token))):
            continue
        verb = head(noun)
        if verb is not None and finite(verb) and noun.rel in ("obl", "obj"):
            attach(token, verb, "obl")

    # a role noun right after a comma after the name that is its verb's subject is that name's
    # appositive, not a second subject ("пояснил Пётр Осипов, директор департамента, ..."), nor a
    # conjunct of the subject with no "и" ("забил нападающий Пётр Сомов, бывший игрок «Торпедо»")
    for noun in tokens:
        verb, at = head(noun), index[noun.id]
        while at > 0 and tokens[at - 1].head_id == noun.id and tokens[at - 1].rel == "amod":
            at -= 1  # "бывший игрок": the comma comes before the role's adjectives
        if (noun.rel not in ("nsubj", "conj") or noun.pos != "NOUN" or verb is None or at < 2
                or tokens[at - 1].text != "," or kids(noun, ("cc",))):
            continue
        before = tokens[at - 2]
        name = before if before.rel in ("nsubj", "appos") else head(before) if before.rel == "flat:name" else None
        if name is None or name.pos != "PROPN" or case(noun) != case(name):
            continue
        subject = name if name.rel == "nsubj" else head(name)  # "нападающий Пётр Сомов": the role noun's name
        if subject is not None and subject.rel == "nsubj" and (noun.rel == "nsubj" and head(subject) is verb
                                                               or noun.rel == "conj" and verb is subject):
            attach(noun, name, "appos")

    # an "indirect object" in the accusative is the direct one when the verb has none ("представит
    # премьеру спектакля": iobj, Case=Acc)
    for token in tokens:
        verb = head(token)
        if token.rel == "iobj" and case(token) == "Acc" and token.pos == "NOUN" and verb is not None and finite(verb) \
                and not kids(verb, ("obj",)) and not kids(token, ("case",)):
            attach(token, verb, "obj")

    # a quoted name after a verb is not the appositive of a noun before that verb: the verb's object
    # ("клуб «Совы» обыграл казанский «Белый барс»": барс appos → клуб)
    for token in tokens:
        noun = head(token)
        if token.rel != "appos" or noun is None or index[noun.id] > index[token.id]:
            continue
        first = index[token.id]
        while first > 0 and tokens[first - 1].head_id == token.id and tokens[first - 1].rel == "amod":
            first -= 1
        if first == 0 or tokens[first - 1].text != "«":
            continue
        verbs = [tokens[j] for j in range(index[noun.id] + 1, first) if finite(tokens[j]) and head(noun) is tokens[j]]
        if len(verbs) == 1 and not kids(verbs[0], ("obj",)):
            attach(token, verbs[0], "obj")

    # a subject does not reach over its own clause's verb and a dash to a verb after them: "старые
    # трубы демонтировать не будут — их заполнят раствором" (трубы nsubj → заполнят)
    for subject in tokens:
        verb = head(subject)
        if subject.rel not in ("nsubj", "nsubj:pass") or verb is None or index[verb.id] < index[subject.id]:
            continue
        between = range(index[subject.id] + 1, index[verb.id])
        if not any(tokens[j].text in ("—", "–") or tokens[j].text in _RU_CLAUSE_BREAKS for j in between):
            continue
        own = next((tokens[j] for j in between if tokens[j].rel not in ("aux", "aux:pass", "cop") and (
            finite(tokens[j]) or (tokens[j].feats or {}).get("VerbForm") == "Inf" and kids(tokens[j], ("aux",)))), None)
        if own is not None and not any(tokens[j].text in ("—", "–") or tokens[j].text in _RU_CLAUSE_BREAKS
                                       for j in range(index[subject.id] + 1, index[own.id])):
            attach(subject, own, subject.rel)

    # a counted genitive with no preposition that the parser made an oblique is an object (a counted
    # animate accusative): "ещё двух хирургов больница планирует принять" is whom it will hire
    for token in tokens:
        verb = head(token)
        if (token.rel != "obl" or kids(token, ("case",)) or case(token) not in ("Gen", "Acc") or verb is None
                or not kids(token, ("nummod", "nummod:gov")) or verb.pos not in ("VERB", "AUX")
                or (token.feats or {}).get("Animacy") != "Anim"):
            continue  # (an inanimate count is a measure: "работает два года")
        target = next((x for x in kids(verb, ("xcomp",)) if (x.feats or {}).get("VerbForm") == "Inf"), verb)
        if not kids(target, ("obj",)):
            attach(token, target, "obj")

    # a quoted name after a role's field is the role's body, not the field's: "директор по экологии
    # «Камабумпрома»" (Камабумпрома appos → экологии)
    for token in tokens:
        field = head(token)
        role = head(field) if field is not None else None
        at = index[token.id]
        while at > 0 and tokens[at - 1].head_id == token.id and tokens[at - 1].rel == "amod":
            at -= 1  # «Волжского картона»
        if (token.rel != "appos" or field is None or role is None or field.rel != "nmod" or at == 0
                or tokens[at - 1].text != "«" or role.pos != "NOUN" or (role.feats or {}).get("Animacy") != "Anim"
                or not any(c.text.lower() == "по" for c in kids(field, ("case",)))):
            continue
        attach(token, role, "nmod")

    # a name in «» right after a noun in an oblique case is that noun's appositive, never the subject
    # of a verb after its closing quote: "построен верфью «Волжский слип» ... и обошёлся бюджету"
    # (слип nsubj → обошёлся; the ferry is what cost the money, not the yard)
    for token in tokens:
        verb, at = head(token), index[token.id]
        while at > 0 and tokens[at - 1].head_id == token.id and tokens[at - 1].rel in ("amod", "nummod", "flat"):
            at -= 1
        if (token.rel != "nsubj" or verb is None or at < 2 or tokens[at - 1].text != "«"
                or index[verb.id] < index[token.id]):
            continue
        noun = tokens[at - 2]
        # (a noun with its own preposition is a circumstance before the subject: "В первом круге «Политехник»
        # обыграл ...")
        if noun.pos == "NOUN" and case(noun) in ("Ins", "Gen", "Dat") and not kids(noun, ("case",)):
            attach(token, noun, "appos")

    # a finite verb after "и" that the parser hung on a noun ("верфью ... и обошёлся": conj → верфью) or
    # left as a bare dependent of a verb is coordinated with that verb: it shares its subject
    for token in tokens:
        above = head(token)
        if not finite(token) or above is None or not kids(token, ("cc",)) or token.rel not in ("conj", "dep"):
            continue
        if above.pos in ("NOUN", "PROPN"):
            above = next((a for a in tree.ancestors(token) if a.pos == "VERB"), None)
        if above is not None and above.pos == "VERB" and index[above.id] < index[token.id]:
            attach(token, above, "conj")


def _mend_coordinated_clauses(tree: ParseTree) -> None:
    """Two verbs of one «что» clause joined by «и», the second with no subject of its own, are one
    subject's: «сказал, что компания вложит 2 млрд рублей и к 2029 году увеличит выпуск». natasha hung
    the «и» on a noun before it and made the second verb a second clause of «сказал», whose speaker
    then became its subject (issue 10: «Галиев увеличит выпуск»). The second verb is the first's
    conjunct, the «и» its own; only the second verb's own words may stand between them."""
    tokens, index, kids, head, finite, attach = tree.tokens, tree.index, tree.kids, tree.head, tree.finite, tree.attach
    for verb in tokens:
        if not finite(verb) or verb.rel not in ("ccomp", "parataxis") or kids(verb, ("nsubj", "nsubj:pass", "cc", "mark")):
            continue
        j = index[verb.id] - 1
        while j >= 0 and tokens[j].pos != "CCONJ" and any(a is verb for a in tree.ancestors(tokens[j])):
            j -= 1  # the verb's own words before it: «к 2029 году»
        if j < 1 or tokens[j].text.lower() != "и" or tokens[j].head_id == verb.id:
            continue
        first = None
        for k in range(j - 1, -1, -1):
            if tokens[k].text in _RU_CLAUSE_BREAKS:
                break
            if finite(tokens[k]):
                first = tokens[k]
                break
        if (first is None or first.head_id != verb.head_id or first.rel != verb.rel
                or not kids(first, ("nsubj", "nsubj:pass"))):
            continue
        if attach(verb, first, "conj"):
            attach(tokens[j], verb, "cc")
