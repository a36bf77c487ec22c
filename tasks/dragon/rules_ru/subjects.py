"""Russian parse repairs (passes of ``repairs._repair_parse_ru``): a finite verb's subject.

A subject agrees with its verb in number; a verb has one subject (of two, one belongs to another clause's
verb or is the object put first); object-verb-subject order, where the noun after the verb is the subject;
a quoted name read as a genitive that has no genitive form; and, last, a verb with no subject takes the
nearest agreeing nominative before it in its clause. (The agreement tests: subject_candidates.py; other
word-order repairs: agreement.py, fronted.py, predicatives.py.)
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_ABBREVIATION, _RU_CLAUSE_BREAKS
from tasks.dragon.rules_ru.morph import _lemma
from tasks.dragon.rules_ru.subject_candidates import _could_be_subject, _past_agrees


def mend_subject_number(tree, vocab) -> None:
    """A subject agrees with its verb in number: "Сырьё «Сурскому» поставляют около 120 хозяйств" —
    the tagger's nominative «Сурскому» (a dative) beside a plural verb is no subject."""
    tokens, kids, head, finite = tree.tokens, tree.kids, tree.head, tree.finite
    for subject in tokens:
        verb = head(subject)
        # ("один дом": «один» is singular, as its noun; "120 хозяйств" is a count, whose verb may be plural)
        counted = [k for k in kids(subject, ("nummod", "nummod:gov")) if _lemma(vocab, k) != "один"]
        if (subject.rel != "nsubj" or verb is None or not finite(verb) or subject.pos not in ("NOUN", "PROPN")
                or kids(subject, ("conj",)) or counted or any(k.rel == "conj" for k in kids(verb, ("nsubj",)))):
            continue
        vn, sn = (verb.feats or {}).get("Number"), (subject.feats or {}).get("Number")
        if vn and sn and vn != sn and vn == "Plur" and not _RU_ABBREVIATION.match(subject.text):
            readings = {str(p.tag.case) for p in vocab.parse(subject.text.lower()) if p.tag.POS == "NOUN"}
            if _indefinite_object(subject, verb, readings, tree, vocab):
                # "в Мурманске сдали лишь один дом": a plural verb with no subject of its own is indefinite-personal,
                # the noun its object (a nominative's accusative homonym) — never a subject «сдал» agrees with
                subject.rel, subject.feats = "obj", {**(subject.feats or {}), "Case": "Acc"}
                continue
            subject.rel = "iobj" if "datv" in readings else "obl"


def _indefinite_object(noun, verb, readings, tree, vocab) -> bool:
    """Is the singular noun a third-person plural verb took as its subject its direct object: inanimate, with an
    accusative reading, after the verb, the verb with no object of its own, and no «с» beside the noun
    ("Иванов с коллегами подготовили", "Правительство с мэрией подписали": a subject and its company)?"""
    feats = verb.feats or {}
    if feats.get("Person") not in ("3", None) or feats.get("Voice") == "Pass" or tree.kids(verb, ("obj",)):
        return False
    if "accs" not in readings or (noun.feats or {}).get("Animacy") == "Anim" or noun.pos != "NOUN":
        return False
    if tree.index[noun.id] < tree.index[verb.id]:
        return False
    return not any(c.text.lower() in ("с", "со") for k in tree.kids(noun) for c in tree.kids(k, ("case",)))


def mend_subjects_across_commas(tree) -> None:
    """A verb has one subject: of two, the one a comma keeps from it belongs to the subjectless verb
    of its own clause ("Пост заняла Марина Кузьмина, ..., а ее предшественник Андрей Ельцов может
    перейти": Кузьмина is заняла's)."""
    tokens, index = tree.tokens, tree.index
    kids, finite, attach, same_clause = tree.kids, tree.finite, tree.attach, tree.same_clause
    for verb in tokens:
        subjects = kids(verb, ("nsubj", "nsubj:pass"))
        if len(subjects) < 2:
            continue
        near = [x for x in subjects if same_clause(x, verb)]
        if not near:
            continue
        for subject in subjects:
            if subject in near:
                continue
            home = [t for t in tokens if t is not verb and finite(t) and same_clause(t, subject)
                    and not kids(t, ("nsubj", "nsubj:pass"))]
            if home:
                target = min(home, key=lambda t: abs(index[t.id] - index[subject.id]))
                attach(subject, target, "nsubj:pass" if (target.feats or {}).get("Voice") == "Pass" else "nsubj")


def mend_two_subjects(tree, vocab) -> None:
    """Of two subjects in one clause, one is the object put first (Russian word order is free): the
    person acts on the thing ("Министерство цифрового развития возглавит Руслан Ахметов"), else the
    one right before the verb is its subject ("Часть старых машин город может передать ..."); the
    other, when it can be an accusative, is the object (of the infinitive, if the verb has one)."""
    tokens, index = tree.tokens, tree.index
    kids, case, finite, attach, same_clause = tree.kids, tree.case, tree.finite, tree.attach, tree.same_clause
    for verb in tokens:
        subjects = [k for k in kids(verb, ("nsubj",)) if k.pos in ("NOUN", "PROPN") and not kids(k, ("case",))
                    and same_clause(k, verb)]
        if len(subjects) != 2 or not finite(verb):
            continue
        first, second = sorted(subjects, key=lambda t: index[t.id])
        animate = [k for k in subjects if (k.feats or {}).get("Animacy") == "Anim"]
        if len(animate) == 1:
            subject, other = animate[0], next(k for k in subjects if k is not animate[0])
        elif not animate and index[second.id] < index[verb.id]:
            subject, other = second, first
        elif not animate and len(agree := [k for k in subjects if _past_agrees(verb, k)]) == 1:
            subject, other = agree[0], next(k for k in subjects if k is not agree[0])  # «компания согласилась купить ... завод»
        else:
            continue
        vf, sf = verb.feats or {}, subject.feats or {}
        if vf.get("Tense") == "Past" and vf.get("Number") == "Sing" and vf.get("Gender") not in (None, sf.get("Gender")):
            continue  # the past tense agrees with its subject, and this is not it
        if not any(p.tag.POS == "NOUN" and "accs" in p.tag for p in vocab.parse(other.text.lower())):
            # "Занятия в шести школах Светлогорска администрация округа отменила": a genitive that cannot be
            # the object, right after a noun, is that noun's (issue 10: the town given the administration's act)
            before = tokens[index[other.id] - 1] if index[other.id] > 0 else None
            if (before is not None and before.pos in ("NOUN", "PROPN") and case(other) == "Gen"
                    and not _could_be_subject(vocab, other, verb.feats or {}, kids, strict=True)):
                attach(other, before, "nmod")
            continue
        target = next((k for k in kids(verb, ("xcomp",)) if (k.feats or {}).get("VerbForm") == "Inf"), verb)
        if any(k.rel == "obj" and case(k) != "Dat" for k in kids(target)):
            continue
        attach(other, target, "obj")


def mend_object_verb_subject(tree, vocab) -> None:
    """Object-verb-subject order: a finite active verb with no subject and an object on either side
    ("Солнечные модули изготовит завод «Солар-Модуль»", "Ещё 1,1 млрд рублей направит областной
    бюджет"). A verb has one direct object: when the one before it cannot be the subject (it
    disagrees with the verb, or it is an amount) and the one after it can (a nominative reading
    that agrees), the one after it is the subject the parser read as an object."""
    tokens, index, kids, finite, attach = tree.tokens, tree.index, tree.kids, tree.finite, tree.attach
    for verb in tokens:
        vf = verb.feats or {}
        if (not finite(verb) or vf.get("Voice") == "Pass" or vf.get("Person") in ("1", "2")
                or kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl"))):
            continue
        objects = [k for k in kids(verb, ("obj",)) if k.pos in ("NOUN", "PROPN", "NUM") and not kids(k, ("case",))]
        before = [k for k in objects if index[k.id] < index[verb.id]]
        after = [k for k in objects if index[k.id] > index[verb.id] and k.pos in ("NOUN", "PROPN")]
        if len(before) != 1 or len(after) != 1:
            continue
        if any(tokens[j].text in _RU_CLAUSE_BREAKS and tokens[j].text not in ("—", "–")
               for j in range(index[before[0].id] + 1, index[after[0].id])):
            continue
        if _could_be_subject(vocab, before[0], vf, kids) or not _could_be_subject(vocab, after[0], vf, kids, strict=True):
            continue
        attach(after[0], verb, "nsubj")


def mend_subject_verb_object_swapped(tree, vocab) -> None:
    """Object-verb-subject order read the other way: a "subject" before the verb that cannot agree with it and an
    object after it that can ("Трамваи соберёт завод «Уралтрансмаш»": трамваи nsubj) trade places."""
    tokens, index, kids, finite, attach = tree.tokens, tree.index, tree.kids, tree.finite, tree.attach
    for verb in tokens:
        vf = verb.feats or {}
        if not finite(verb) or vf.get("Voice") == "Pass" or vf.get("Person") in ("1", "2"):
            continue
        subjects = kids(verb, ("nsubj",))
        objects = [k for k in kids(verb, ("obj",)) if k.pos in ("NOUN", "PROPN") and not kids(k, ("case",))
                   and index[k.id] > index[verb.id]]
        if len(subjects) != 1 or len(objects) != 1 or index[subjects[0].id] > index[verb.id]:
            continue
        subject, obj = subjects[0], objects[0]
        if subject.pos not in ("NOUN", "PROPN") or _could_be_subject(vocab, subject, vf, kids) \
                or not _could_be_subject(vocab, obj, vf, kids, strict=True):
            continue
        if any(p.tag.POS == "NOUN" and "accs" in p.tag for p in vocab.parse(subject.text.lower())):
            attach(subject, verb, "obj")
            attach(obj, verb, "nsubj")


def mend_quoted_genitive_subjects(tree, vocab) -> None:
    """A quoted name hung on a noun as its genitive while its last word has no genitive reading is no
    genitive: it is the subject the finite verb over it lacks ("Сокращать персонал «Агропром» не
    планирует": «Агропром» nmod of персонал; a genitive would be «Агропрома»)."""
    tokens, index = tree.tokens, tree.index
    kids, case, finite, ancestors, attach = tree.kids, tree.case, tree.finite, tree.ancestors, tree.attach
    for token in tokens:
        if token.rel != "nmod" or token.pos not in ("NOUN", "PROPN") or kids(token, ("case",)) or case(token) != "Gen":
            continue
        name = sorted([token, *(t for t in tokens if t.text not in ("«", "»") and any(a is token for a in ancestors(t)))],
                      key=lambda t: index[t.id])
        first, last = index[name[0].id], index[name[-1].id]
        if (last - first + 1 != len(name) or first == 0 or last + 1 >= len(tokens)
                or tokens[first - 1].text != "«" or tokens[last + 1].text != "»"):
            continue
        word = token.text.lower().rsplit("-", 1)[-1]
        parses = [p for p in vocab.parse(word)[:4] if p.tag.POS == "NOUN"]
        if len(word) < 3 or not parses or any("gent" in p.tag for p in parses) or not any("nomn" in p.tag for p in parses):
            continue
        verb = next((a for a in ancestors(token) if finite(a)), None)
        if verb is None or kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl")) or (verb.feats or {}).get("Person") in ("1", "2") \
                or (verb.feats or {}).get("Voice") == "Pass" or not _could_be_subject(vocab, token, verb.feats or {}, kids):
            continue
        attach(token, verb, "nsubj")


def mend_missing_subjects(tree, vocab) -> None:
    """A finite verb with no subject takes the nearest nominative before it in its clause that
    agrees with it ("«Колымская горнорудная компания» получила ...", "КГК заплатила ...",
    "Если A снизит ставку, «Итиль-Банк» ... снизит ставки")."""
    tokens, index = tree.tokens, tree.index
    kids, head, case, finite, attach, is_verb, segment = tree.kids, tree.head, tree.case, tree.finite, tree.attach, tree.is_verb, tree.segment
    for verb in tokens:
        if not finite(verb) or verb.rel in ("aux", "aux:pass", "cop", "xcomp", "acl", "csubj"):
            continue
        if verb.rel == "acl:relcl" and not any(_lemma(vocab, k) == "который" and k.rel in ("obj", "obl", "iobj")
                                               for k in kids(verb)):
            continue  # a relative clause's subject is its "который" — unless that is its object
        if kids(verb, ("nsubj", "nsubj:pass", "csubj", "expl")):
            continue
        if verb.rel == "conj" and head(verb) is not None and is_verb(head(verb)):
            continue  # "заменят кровлю и восстановят ...": the first verb's subject
        vf = verb.feats or {}
        if vf.get("Person") in ("1", "2"):
            continue
        for j in segment(index[verb.id], -1):
            candidate = tokens[j]
            if candidate.pos not in ("NOUN", "PROPN") or kids(candidate, ("case",)):
                continue
            abbreviation = bool(_RU_ABBREVIATION.match(candidate.text))
            if case(candidate) != "Nom" and not abbreviation:
                continue
            cf = candidate.feats or {}
            if vf.get("Number") and cf.get("Number") and vf["Number"] != cf["Number"] and not abbreviation:
                continue
            if (vf.get("Number") == "Sing" and vf.get("Gender") and cf.get("Gender") and vf["Gender"] != cf["Gender"]
                    and not abbreviation):
                continue
            owner = head(candidate)
            if candidate.rel in ("nsubj", "nsubj:pass") and owner is not None and owner is not verb:
                rivals = [k for k in kids(owner, ("nsubj", "nsubj:pass")) if k is not candidate]
                crossing = any(tokens[k].text in _RU_CLAUSE_BREAKS for k in range(
                    min(index[candidate.id], index[owner.id]), max(index[candidate.id], index[owner.id])))
                if not rivals and not crossing:
                    break
            # the top of an appositive chain: "компания" for "«... компания» (КГК)" — unless the top is another
            # verb's subject: "предоставит Фонд ..., остальное «Курильский берег» вложит" hangs the second clause's
            # subject on the first's (issue 10: the fund given the company's investment, a false premise)
            while candidate.rel == "appos" and head(candidate) is not None and head(candidate).pos in ("NOUN", "PROPN") \
                    and index[head(candidate).id] < index[verb.id] and case(head(candidate)) == "Nom" \
                    and not _subject_of_another(head(candidate), verb, tree):
                candidate = head(candidate)
            attach(candidate, verb, "nsubj:pass" if vf.get("Voice") == "Pass" else "nsubj")
            break


def _subject_of_another(noun, verb, tree) -> bool:
    """Is the noun the subject of a finite verb other than ``verb``?"""
    owner = tree.head(noun)
    return (noun.rel in ("nsubj", "nsubj:pass") and owner is not None and owner is not verb and tree.is_verb(owner)
            and tree.finite(owner))
