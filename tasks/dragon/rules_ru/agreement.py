"""Russian parse repair: an adjective that does not agree with the noun the parser hung it on. In
"«Медведи» примут красноярских «Ястребов»" natasha hangs «красноярских» (genitive) on the subject
«Медведи» (nominative) and the object «Ястребов» under the adjective: the adjective modifies the noun after
it that agrees with it, and that noun is the verb's object (an animate plural's accusative is its genitive)."""
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
