"""Russian parse repairs (passes of ``repairs._repair_parse_ru``): a verb's direct object.

A numeral or a coordinated noun hung on a verb is its object or oblique; a name that does not agree in
case with the noun it is hung on, or follows a secondary predicate («признал банкротом ООО ...»), is the
verb's object; a verb has one direct object, a second bare genitive being the first one's modifier; a
plural "genitive" with an accusative adjective is an animate object. (Animate and fronted objects:
agreement.py, fronted.py.)
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_COPULAS, _RU_PLACE_PREPOSITIONS
from tasks.dragon.rules_ru.morph import _lemma


def mend_verb_numerals(tree) -> None:
    """A verb has no numeral modifier, a noun no verb conjunct: "могла составить от 1,1 ...",
    "вырастет на 7% — до 146 рублей" (рублей conj → вырастет)."""
    tokens, kids, head, is_verb = tree.tokens, tree.kids, tree.head, tree.is_verb
    for token in tokens:
        verb = head(token)
        if verb is None or not is_verb(verb) or (verb.feats or {}).get("VerbForm") == "Part":
            continue  # a participle used as a noun counts: "двух подозреваемых"
        if token.rel == "nummod" or (token.rel == "conj" and token.pos in ("NOUN", "NUM", "SYM") and not kids(token, ("cc",))):
            token.rel = "obl" if kids(token, ("case",)) else "obj"


def mend_coordinated_cases(tree) -> None:
    """Coordinated nouns share their case: "на аукционе, ..., 2,4 млрд рублей" (рублей conj →
    аукционе) is the verb's object."""
    tokens = tree.tokens
    kids, head, case, ancestors, attach, is_verb = tree.kids, tree.head, tree.case, tree.ancestors, tree.attach, tree.is_verb
    for token in tokens:
        first = head(token)
        if (token.rel != "conj" or token.pos not in ("NOUN", "NUM") or first is None or first.pos not in ("NOUN", "PROPN")
                or kids(token, ("cc",)) or case(token) in (None, case(first))):
            continue
        verb = next((a for a in ancestors(token) if is_verb(a)), None)
        if verb is None:
            continue
        if kids(token, ("case",)):
            attach(token, verb, "obl")
        elif case(token) in ("Gen", "Acc") and not kids(verb, ("obj",)):
            attach(token, verb, "obj")


def mend_appositive_cases(tree) -> None:
    """An appositive name agrees in case with its noun; a name in the accusative is no bare
    modifier: "назначило главным режиссёром театра Кирилла Абрамцева" (Абрамцева appos →
    Министерство), "назначил генеральным директором Олега Кравцова" (Олега nmod → директором)."""
    tokens, index = tree.tokens, tree.index
    kids, head, case, attach, is_verb = tree.kids, tree.head, tree.case, tree.attach, tree.is_verb
    for token in tokens:
        noun = head(token)
        if token.pos != "PROPN" or noun is None or noun.pos not in ("NOUN", "PROPN") or kids(token, ("case",)):
            continue
        if index[token.id] > 0 and tokens[index[token.id] - 1].text == "«":
            continue  # a quoted name stays in the nominative
        mismatch = (token.rel == "appos" and case(token) not in (None, case(noun))
                    and case(token) in ("Acc", "Gen") and case(noun) in ("Nom", "Ins"))
        mismatch = mismatch or (token.rel == "nmod" and case(token) == "Acc")
        if not mismatch:
            continue
        verb = next((tokens[j] for j in range(index[token.id] - 1, -1, -1) if is_verb(tokens[j])
                     and tokens[j].rel not in ("aux", "aux:pass")), None)
        if verb is not None and not kids(verb, ("obj",)):
            attach(token, verb, "obj")


def mend_secondary_predicate_objects(tree, vocab) -> None:
    """A name after a secondary predicate is the verb's object, not the predicate's genitive:
    "признал банкротом ООО «Сибирский каравай»", "назвал лучшим игроком «Метеора» Ивана Лиса"."""
    tokens, index = tree.tokens, tree.index
    kids, head, case, attach, is_verb = tree.kids, tree.head, tree.case, tree.attach, tree.is_verb
    for token in tokens:
        noun = head(token)
        if (token.rel != "nmod" or kids(token, ("case",)) or noun is None or noun.rel not in ("xcomp", "obl")
                or case(noun) != "Ins" or kids(noun, ("case",)) or index[token.id] < index[noun.id]):
            continue
        verb = head(noun)
        named = token.pos == "PROPN" or any(tokens[index[k.id] - 1].text == "«" for k in kids(token, ("appos",))
                                           if index[k.id] > 0)
        passive = verb is not None and ((verb.feats or {}).get("Voice") == "Pass" or kids(verb, ("nsubj:pass", "aux:pass")))
        if named and verb is not None and is_verb(verb) and not passive and not kids(verb, ("obj",)) \
                and _lemma(vocab, verb) not in _RU_COPULAS \
                and noun.pos == "NOUN" and index[token.id] == index[noun.id] + 1:  # (a passive's agent keeps its name)
            attach(token, verb, "obj")


def mend_second_objects(tree) -> None:
    """A verb has one direct object: a bare genitive right after it is that object's modifier
    ("запустит первую очередь комбината": комбината obj → очередь); an object with a
    preposition is an oblique ("управляет ... в Самарской и Ульяновской областях")."""
    tokens, index, kids, head, case, attach = tree.tokens, tree.index, tree.kids, tree.head, tree.case, tree.attach
    for token in tokens:
        verb = head(token)
        if token.rel != "obj" or verb is None:
            continue
        preps = [c for c in kids(token, ("case",)) if c.text.lower() in _RU_PLACE_PREPOSITIONS]
        if preps:
            token.rel = "obl"
            continue
        earlier = [o for o in kids(verb, ("obj",)) if index[o.id] < index[token.id] and o.pos in ("NOUN", "PROPN")]
        if earlier and case(token) == "Gen" and all(
                tokens[j].pos in ("ADJ", "DET", "NUM") for j in range(index[earlier[-1].id] + 1, index[token.id])):
            attach(token, earlier[-1], "nmod")


def mend_animate_genitives(tree) -> None:
    """An adjective agrees with its noun: a bare "genitive" whose adjective is accusative is an
    animate accusative, the verb's object ("привлекать к проекту иностранных партнёров")."""
    tokens = tree.tokens
    kids, case, ancestors, attach, is_verb = tree.kids, tree.case, tree.ancestors, tree.attach, tree.is_verb
    for token in tokens:
        if token.rel != "nmod" or token.pos != "NOUN" or kids(token, ("case",)) or case(token) != "Gen":
            continue
        if (token.feats or {}).get("Number") != "Plur" or not any(case(a) == "Acc" for a in kids(token, ("amod",))):
            continue
        verb = next((a for a in ancestors(token) if is_verb(a)), None)
        if verb is not None and not kids(verb, ("obj",)) and (verb.feats or {}).get("VerbForm") in ("Fin", "Inf"):
            attach(token, verb, "obj")
