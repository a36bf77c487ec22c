"""Russian parse repairs (passes of ``repairs._repair_parse_ru``): the heads inside a noun phrase.

natasha at times swaps a noun and its adjective (the noun an ``amod``, or the adjective heading the noun),
hangs a prepositional noun on an adjective instead of its noun, makes one of two coordinated adjectives an
object of its own, or leaves a genitive owner hanging on the verb: each pass puts the noun back at the
head of its phrase and its modifiers under it.
"""
from __future__ import annotations


def mend_coordinated_adjectives(tree, vocab) -> None:
    """Adjectives coordinated over one plural noun are its modifiers, each of its own: "соединит
    Засвияжский и Ленинский районы" (natasha made «Засвияжский» an object of its own)."""
    tokens, head, attach = tree.tokens, tree.head, tree.attach
    for i, token in enumerate(tokens[:-3]):
        if token.pos not in ("ADJ", "PROPN") or not vocab.parse(token.text.lower()) \
                or vocab.parse(token.text.lower())[0].tag.POS != "ADJF":
            continue
        j = i + 1
        while j + 1 < len(tokens) and tokens[j].text in (",", "и") and tokens[j + 1].pos == "ADJ":
            j += 2
        if j == i + 1 or j >= len(tokens):
            continue
        noun = tokens[j]
        last = tokens[j - 1]
        if noun.pos == "NOUN" and (noun.feats or {}).get("Number") == "Plur" and head(last) is noun and head(token) is not noun:
            first = token
            token.pos = "ADJ"
            attach(first, noun, "amod")
            for k in range(i + 2, j, 2):
                attach(tokens[k], first, "conj")


def mend_nouns_as_adjective_modifiers(tree) -> None:
    """A noun as an adjective modifier: "наценку на важные препараты" (наценку amod → препараты),
    "в Балакове элеватор" (Балакове amod → элеватор, the "в" on элеватор)."""
    tokens, index = tree.tokens, tree.index
    kids, head, case, attach, is_verb = tree.kids, tree.head, tree.case, tree.attach, tree.is_verb
    for token in tokens:
        target = head(token)
        if token.rel != "amod" or token.pos not in ("NOUN", "PROPN") or target is None or target.pos not in ("NOUN", "PROPN"):
            continue
        if index[token.id] > index[target.id]:
            continue
        cases = kids(target, ("case",))
        between = [c for c in cases if index[token.id] < index[c.id] < index[target.id]]
        before = [c for c in cases if index[c.id] < index[token.id]]
        above = head(target)
        if between and above is not None:
            rel = target.rel if target.rel not in ("dep", "amod") else "obj"
            if attach(token, above, rel):
                attach(target, token, "nmod")
        elif before and above is not None:
            for c in before:
                c.head_id = token.id
            if attach(token, above, "obl" if is_verb(above) else "nmod"):
                has_obj = any(k.rel == "obj" for k in kids(above) if k is not target)
                target.rel = "obj" if is_verb(above) and not has_obj and case(target) in ("Acc", "Nom") else target.rel
        elif (not cases and above is not None and is_verb(above) and target.rel == "iobj" and case(token) in ("Acc", "Nom")
              and kids(above, ("nsubj",)) and not kids(above, ("obj",))):
            # "Подъёмники курорту поставит компания": the thing given before its recipient, the verb's object
            attach(token, above, "obj")


def mend_adjectives_heading_nouns(tree) -> None:
    """An adjective heading a noun: "со «Средневолжской мостостроительной компанией»" (компанией nmod →
    Средневолжской): the noun takes the adjective's place, the adjective modifies it."""
    tokens, index, kids, head, case = tree.tokens, tree.index, tree.kids, tree.head, tree.case
    for token in tokens:
        if token.pos != "ADJ" or token.rel in ("amod", "root", "conj", "xcomp", "acl") or head(token) is None:
            continue
        nouns = [k for k in kids(token, ("nmod", "appos", "obl")) if k.pos in ("NOUN", "PROPN")
                 and index[k.id] > index[token.id] and (case(k) == case(token) or case(token) is None)]
        if not nouns:
            continue
        noun = nouns[0]
        gap = tokens[index[token.id] + 1:index[noun.id]]
        if any(t.pos not in ("ADJ", "PUNCT") for t in gap):
            continue
        above, rel = head(token), token.rel
        noun.head_id, noun.rel = above.id, rel
        for k in kids(token):
            if k is not noun and k.rel in ("case", "amod", "punct", "nmod", "appos"):
                k.head_id = noun.id
        token.head_id, token.rel = noun.id, "amod"


def mend_nouns_under_adjectives(tree) -> None:
    """A noun with its preposition modifies a noun, not the adjective before it: "лесозаготовительные
    предприятия в Новосибирской и Томской областях" (natasha hung "областях" on the adjective, and the
    qualifier fell off the enterprises)."""
    tokens, kids, head, attach = tree.tokens, tree.kids, tree.head, tree.attach
    for token in tokens:
        above = head(token)
        if (token.rel == "nmod" and token.pos in ("NOUN", "PROPN") and kids(token, ("case",)) and above is not None
                and above.pos == "ADJ" and above.rel == "amod"):
            noun = head(above)
            if noun is not None and noun.pos in ("NOUN", "PROPN"):
                attach(token, noun, "nmod")


def mend_stranded_genitives(tree) -> None:
    """A genitive the parser left hanging on the verb after a noun is that noun's: "рассказал
    коммерческий директор «Заволжской нивы» Олег Самсонов" (нивы dep → рассказал)."""
    tokens, index, kids, case, attach = tree.tokens, tree.index, tree.kids, tree.case, tree.attach
    for token in tokens:
        if token.rel != "dep" or case(token) != "Gen" or token.pos not in ("NOUN", "PROPN") or kids(token, ("case",)):
            continue
        j = index[token.id] - 1
        while j >= 0 and (tokens[j].pos in ("ADJ", "DET") or tokens[j].text in ("«", "»")):
            j -= 1
        if j >= 0 and tokens[j].pos in ("NOUN", "PROPN"):
            attach(token, tokens[j], "nmod")
