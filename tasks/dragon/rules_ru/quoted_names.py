"""Russian quoted names the parser and the NER miss: a quoted name hung on the wrong word is the verb's
argument, and a declined one is named in the nominative.

"«Волки» обыграли на своём льду «Северных рысей»", "обыграли новосибирских «Сибирских рысей»": a team
name in «» is an animate plural, its accusative the genitive's form, and natasha reads it as the
genitive owner of the noun before it (an owner that «свой» rules out: "на своём льду" is the subject's
own) or leaves it a loose "dep" of the verb. A finite transitive verb with no object of its own then
takes it as its object. And a quoted name with a preposition of its own ("проведут матч 11 декабря
против «Амурских соколов»") is no appositive of the noun before it: it is the verb's oblique.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.lexicon import _RU_ANAPHORS
from tasks.dragon.rules_ru.morph import _animate, _inflected, _lemma


def _quoted(tree, noun) -> bool:
    """Is the noun the last word of a name in «» ("«Сибирских рысей»")?"""
    at = tree.index[noun.id]
    if at + 1 >= len(tree.tokens) or tree.tokens[at + 1].text != "»":
        return False
    j = at - 1
    while j >= 0 and tree.tokens[j].text != "«" and tree.tokens[j].head_id == noun.id:
        j -= 1
    return j >= 0 and tree.tokens[j].text == "«"


def _accusative(vocab, noun) -> bool:
    return any(p.tag.POS == "NOUN" and "accs" in p.tag for p in vocab.parse(noun.text.lower()))


def _own(vocab, tree, noun) -> bool:
    """Does «свой» say the noun is the subject's own ("на своём льду")?"""
    return any(vocab.parse(k.text.lower())[0].normal_form == "свой" for k in tree.kids(noun, ("amod", "det")))


def mend_quoted_objects(tree, vocab) -> None:
    for noun in tree.tokens:
        if noun.pos not in ("NOUN", "PROPN") or not _quoted(tree, noun):
            continue
        owner = tree.head(noun)
        if tree.kids(noun, ("case",)):
            verb = tree.head(owner) if owner is not None else None
            # (or hung on an adverb: "сыграют дома с курским «Авангардом»")
            if ((noun.rel == "appos" and owner.pos in ("NOUN", "PROPN") or noun.rel == "nmod" and owner.pos == "ADV")
                    and verb is not None and (tree.finite(verb) or (verb.feats or {}).get("VerbForm") == "Inf")):
                tree.attach(noun, verb, "obl")
            continue
        if owner is None:
            continue
        if noun.rel == "dep" and tree.finite(owner):
            verb = owner
        elif noun.rel == "nmod" and owner.pos == "NOUN" and owner.rel == "obl" and _own(vocab, tree, owner):
            verb = tree.head(owner)
        else:
            continue
        if (verb is None or not tree.finite(verb) or (verb.feats or {}).get("Voice") == "Pass"
                or tree.kids(verb, ("obj",)) or tree.index[noun.id] < tree.index[verb.id]
                or not _accusative(vocab, noun)):
            continue
        tree.attach(noun, verb, "obj")


def declined_quoted_name(helper, head) -> str | None:
    """A whole quotation in an oblique case the NER missed, in the nominative: "против «Амурских соколов»"
    → "Амурские соколы", "у «Северного порта»" → "Северный порт". Only nouns and adjectives (a name
    with a verb or a number in it is a title, kept out), each inflected by its own reading; None when
    the phrase is not the quotation whole or a word will not inflect."""
    if head.pos not in ("NOUN", "PROPN") or (head.feats or {}).get("Case") in ("Nom", None):
        return None
    words = [t for t in helper.subtree(head) if t.rel != "case" or t.head_id != head.id]
    words = [t for t in words if not (t.rel == "fixed" and helper.tokens[helper.tokens.index(t) - 1].rel == "case")]
    if head.rel in ("fixed", "case") or head not in words:
        return None  # "за счёт": a word of a preposition
    while (len(words) > 1 and words[0].rel == "amod" and words[0].head_id == head.id
           and helper.tokens[helper.tokens.index(words[0]) + 1].text == "«"):
        words = words[1:]  # "с курским «Авангардом»": the city's adjective is no part of the name
    order = [helper.tokens.index(t) for t in words]
    first, last = min(order), max(order)
    if not (last - first + 1 == len(words) and first > 0 and last + 1 < len(helper.tokens)
            and helper.tokens[first - 1].text == "«" and helper.tokens[last + 1].text == "»"):
        return None
    if any(t.pos not in ("NOUN", "PROPN", "ADJ") for t in words) or len(words) > 4:
        return None
    out = []
    for token in words:
        if token is not head and token.rel != "amod":
            return None  # «Дома Прессы», a genitive inside the name: kept out rather than guessed
        word = _inflected(helper.vocab, token, {"nomn"})
        if word == token.text.lower() and token.text.lower() != token.text.lower().rstrip():
            return None
        out.append(word.capitalize() if token.text[:1].isupper() else word)
    return " ".join(out)


def mend_quoted_appositives(tree, vocab) -> None:
    """A name in «» is the appositive of the noun right before its quote, or of the noun that
    noun modifies when that is who acts ("контракт с производителем красок «Колорит»": the
    producer's name, not the club's three words back)."""
    tokens, index, kids, head, attach = tree.tokens, tree.index, tree.kids, tree.head, tree.attach
    for token in tokens:
        at = index[token.id]
        while at > 0 and tokens[at - 1].head_id == token.id and tokens[at - 1].rel in ("amod", "nummod", "flat"):
            at -= 1  # «Камерная сцена»: the name's adjectives come first inside its quotes
        if token.rel != "appos" or at < 2 or tokens[at - 1].text != "«" or tokens[at - 2].pos not in ("NOUN", "PROPN"):
            continue
        noun = tokens[at - 2]
        above = head(noun)
        if (noun.rel == "nmod" and not kids(noun, ("case",)) and above is not None and above.pos == "NOUN"
                and _lemma(vocab, above) in _RU_ANAPHORS and not _animate(vocab, noun)):
            noun = above  # (but "директор завода «Техмаш»": the factory's name)
        if head(token) is not noun:
            attach(token, noun, "appos")
