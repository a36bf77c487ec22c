"""Russian parse repairs of agreement and word order, where natasha's attachments break case or government.
An adjective that does not agree with the noun the parser hung it on: in "«Медведи» примут красноярских
«Ястребов»" natasha hangs «красноярских» (genitive) on the subject «Медведи» (nominative) and the object
«Ястребов» under the adjective: the adjective modifies the noun after it that agrees with it, and that noun is
the verb's object (an animate plural's accusative is its genitive). Also: an accusative read as the subject
after its verb, an object fronted before a control verb's subject, an animate plural object hung on an adverb."""
from __future__ import annotations


def mend_stray_adjectives(tree) -> None:
    """Re-hang a disagreeing adjective (after the subject it modifies, its case not the subject's) and the
    agreeing noun under it: the noun becomes the verb's object, the adjective its modifier. Only for an
    accusative, or an animate plural genitive (the accusative of people), with nothing but adjectives and
    punctuation between them."""
    tokens, kids, head, case, index = tree.tokens, tree.kids, tree.head, tree.case, tree.index
    for token in tokens:
        noun_above = head(token)
        if (token.pos != "ADJ" or token.rel != "amod" or noun_above is None or noun_above.pos not in ("NOUN", "PROPN")
                or noun_above.rel != "nsubj" or index[token.id] < index[noun_above.id]
                or case(token) is None or case(noun_above) is None or case(token) == case(noun_above)):
            continue
        verb = head(noun_above)
        if verb is None or verb.pos != "VERB" or any(k.rel == "obj" for k in kids(verb)):
            continue
        nouns = [k for k in kids(token, ("nmod", "appos")) if k.pos in ("NOUN", "PROPN")
                 and index[k.id] > index[token.id] and case(k) == case(token)]
        if not nouns:
            continue
        noun = nouns[0]
        feats = noun.feats or {}
        if not (case(noun) == "Acc" or (case(noun) == "Gen" and feats.get("Number") == "Plur" and feats.get("Animacy") == "Anim")):
            continue
        if any(t.pos not in ("ADJ", "PUNCT") for t in tokens[index[token.id] + 1:index[noun.id]]):
            continue
        if not tree.attach(noun, verb, "obj"):
            continue
        for k in kids(token):
            if k is not noun and k.rel in ("case", "amod", "punct"):
                k.head_id = noun.id
        token.head_id, token.rel = noun.id, "amod"



def mend_accusative_subject(tree, could_be_subject) -> None:
    """A subject the tagger itself reads as accusative after its verb, with an object before the verb that
    could be the nominative and agrees with the verb ("Проект получил грант фонда": natasha makes «грант»
    (Acc) the subject, «Проект» the object): with both forms alike, Russian reads subject–verb–object, so
    the two swap (a singular verb only, its subject no list). ``could_be_subject(noun, verb)`` is the repairs' agreement check."""
    tokens, kids, head, case, index = tree.tokens, tree.kids, tree.head, tree.case, tree.index
    for verb in tokens:
        if not tree.finite(verb) or (verb.feats or {}).get("Voice") == "Pass":
            continue
        subjects, objects = kids(verb, ("nsubj",)), kids(verb, ("obj",))
        if len(subjects) != 1 or len(objects) != 1:
            continue
        subject, obj = subjects[0], objects[0]
        if (verb.feats or {}).get("Number") != "Sing" or kids(subject, ("conj",)):
            continue  # (a plural verb's subject may be a list: "Экспонаты предоставили музей и семья художника")
        if (case(subject) != "Acc" or subject.pos != "NOUN" or obj.pos != "NOUN" or not index[obj.id] < index[verb.id] < index[subject.id]
                or (obj.feats or {}).get("Animacy") == "Anim" or kids(obj, ("case",)) or not could_be_subject(obj, verb)):
            continue
        subject.rel, obj.rel = "obj", "nsubj"



def mend_fronted_object(tree, vocab, breaks) -> None:
    """An object fronted at the head of its clause, before the subject of a control verb and its infinitive
    ("Первую очередь квартала девелопер планирует сдать в мае", "..., вторую очередь из трёх домов
    девелопер планирует сдать летом"): natasha hangs it anywhere (a second subject, a root, an adverb, its
    genitive the infinitive's object). When the clause's first words are a noun and its adjectives, a
    form of which (the noun's or an adjective's) cannot be nominative while it can be accusative, and the
    infinitive has no accusative object after it, the noun is the infinitive's object and what stands
    between it and the subject is its own (between dashes: its appositive)."""
    tokens, kids, head, case, index = tree.tokens, tree.kids, tree.head, tree.case, tree.index

    def accusative_only(token, pos: str) -> bool:
        tags = [p.tag for p in vocab.parse(token.text.lower()) if p.is_known and p.tag.POS == pos]
        return bool(tags) and any("accs" in t for t in tags) and all("nomn" not in t for t in tags)

    for verb in tokens:
        predicate = tree.finite(verb) or (verb.pos == "ADJ" and (verb.feats or {}).get("Variant") == "Short")
        if not predicate or (verb.feats or {}).get("Voice") == "Pass" or kids(verb, ("obj",)):
            continue  # ("намерен", "готов": a short adjective governs an infinitive as a verb does)
        subjects = [s for s in kids(verb, ("nsubj",)) if index[s.id] < index[verb.id]]
        infinitives = [k for k in kids(verb, ("xcomp",)) if (k.feats or {}).get("VerbForm") == "Inf"
                       and index[k.id] > index[verb.id]]
        if not subjects or len(infinitives) != 1:
            continue
        subject, infinitive = subjects[-1], infinitives[0]
        if any(index[o.id] > index[infinitive.id] and case(o) != "Gen" for o in kids(infinitive, ("obj",))):
            continue  # (its object is after it: "... планирует сдать дом в мае")
        start = index[subject.id]
        while start > 0 and tokens[start - 1].text not in breaks:
            start -= 1
        first = start
        while first < index[subject.id] and tokens[first].pos in ("ADJ", "DET"):
            first += 1
        noun = tokens[first]
        if (noun is subject or noun.pos != "NOUN" or index[noun.id] >= index[subject.id]
                or not (accusative_only(noun, "NOUN") or any(accusative_only(a, "ADJF") for a in tokens[start:first]))
                or any(t.pos in ("VERB", "AUX") for t in tokens[first:index[subject.id]])):
            continue
        if not tree.attach(noun, infinitive, "obj"):
            continue
        for adjective in tokens[start:first]:
            tree.attach(adjective, noun, "amod")
        dashed = False
        for token in tokens[first + 1:index[subject.id]]:
            dashed = dashed or token.text in ("—", "–")
            above = head(token)
            if token.pos != "PUNCT" and (above is None or not first <= index[above.id] < index[subject.id]):
                tree.attach(token, noun, "appos" if dashed else "nmod")


def mend_animate_object(tree, vocab) -> None:
    """The accusative of an animate plural is its genitive: "примет дома «Уральских волков»", "примут
    омских «Уральских волков»". natasha hangs such a noun on an adverb after the verb ("дома" read as a
    house) or leaves it a bare "dep"; a transitive verb with no object of its own takes it as its object.
    Only a plural the tagger and pymorphy both read as animate, with no preposition."""
    tokens, kids, head, case, index = tree.tokens, tree.kids, tree.head, tree.case, tree.index
    for noun in tokens:
        feats = noun.feats or {}
        if (noun.pos not in ("NOUN", "PROPN") or case(noun) != "Gen" or feats.get("Number") != "Plur"
                or feats.get("Animacy") != "Anim" or kids(noun, ("case",))):
            continue
        above = head(noun)
        if above is None:
            continue
        if noun.rel == "nmod" and above.pos == "ADV" and above.rel == "advmod":
            verb = head(above)
        elif noun.rel == "dep":
            verb = above
        else:
            continue
        if (verb is None or not tree.finite(verb) or (verb.feats or {}).get("Voice") == "Pass"
                or kids(verb, ("obj", "ccomp")) or index[verb.id] > index[noun.id]):
            continue
        if any(p.tag.POS == "NOUN" and "anim" in p.tag and "plur" in p.tag and "gent" in p.tag
               for p in vocab.parse(noun.text.lower())):
            tree.attach(noun, verb, "obj")


def mend_infinitive_subject(tree, could_be_subject, future_aux) -> None:
    """"Закрывать переправу до весны минтранс области не будет": an infinitive with its future auxiliary
    and no subject, given two direct objects by natasha, one of them tagged nominative after the other.
    A verb has one direct object; the nominative that agrees with the auxiliary is the subject
    (``could_be_subject(noun, aux)``: the repairs' agreement check, on the auxiliary's number)."""
    for verb in tree.tokens:
        if (verb.feats or {}).get("VerbForm") != "Inf" or tree.kids(verb, ("nsubj", "nsubj:pass")):
            continue
        aux = next((k for k in tree.kids(verb, ("aux",)) if k.text.lower() in future_aux), None)
        objects = tree.kids(verb, ("obj",))
        if aux is None or len(objects) != 2:
            continue
        later = objects[1]
        if tree.case(later) != "Nom" or later.pos != "NOUN" or tree.kids(later, ("case",)) or not could_be_subject(later, aux):
            continue
        later.rel = "nsubj"
