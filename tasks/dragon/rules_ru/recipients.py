"""Russian rules triplets: the recipient of a verb of giving (issue 10).

«Фонд выделит компании 15 млрд рублей», «Компания передала театру 2 млн рублей»: the dative is who
gets the thing, never what the verb acts on. Beside the thing given it goes into the relation
(«передать театру | 2 млн рублей», as a reader and the key facts say it); alone («Часть средств
компании выделит Фонд»: the thing given is elsewhere) it is no object at all — «Фонд | выделить |
компания» reads as the fund allocating the company.
"""
from __future__ import annotations

from tasks.dragon.rules_ru.morph import _dative

#: verbs whose dative is whom the thing goes to (not «проиграть», «уступить»: their dative is the
#: other side, the fact's object; not «помочь»: its dative is its only complement)
_RU_GIVE_VERBS = frozenset({
    "выделить", "выделять", "передать", "передавать", "перечислить", "перечислять", "предоставить",
    "предоставлять", "выплатить", "выплачивать", "вручить", "вручать", "подарить", "дарить", "отдать", "отдавать",
    "дать", "давать", "продать", "продавать", "пожертвовать", "жертвовать", "выдать", "выдавать", "направить",
    "направлять", "поставить", "поставлять", "компенсировать", "заплатить", "платить", "перевести", "переводить",
    "одолжить", "отправить", "отправлять", "вернуть", "возвращать", "возместить", "возмещать", "списать",
    # owing is giving not yet done: «задолжала поставщикам муки 40 млн рублей» — to whom belongs to the debt
    "задолжать",
})


def lone_recipient(lemma: str, child, objects: list, passive: bool = False) -> bool:
    """Is ``child`` a dative a verb of giving has with no other object: whom, with nothing given? (Not
    under a passive: «Стадион передан клубу» has the thing given for its subject, and whom it went to
    is the fact.)"""
    return not passive and lemma in _RU_GIVE_VERBS and _dative(child) and all(_dative(o) for o in objects)


def recipient_words(objects: list, helper) -> str:
    """The dative recipient beside the verb's direct object, as written («театру», «областной
    больнице»), with the organisation a bare company noun points back at («компании «Северный порт»»),
    for the relation; "" when there is none or it is a name (its name is a fact's end of its own, not
    words of a relation)."""
    if all(_dative(o) for o in objects):
        return ""
    datives = [o for o in objects if _dative(o)]
    if len(datives) != 1:
        return ""
    recipient = datives[0]
    if recipient.pos != "NOUN" or recipient.id in helper.span_of or helper.kids(recipient, ("conj",)):
        return ""
    words = helper.object_words(recipient)  # ("поставщикам муки": with its short genitive)
    named = helper.back_reference(recipient)  # "выделит компании": which one, as "руководит компанией «X»" says it
    return f"{words} «{named[0]}»" if named is not None and named[1] == "ORG" else words


def genitive_recipient(lemma: str, noun, objects: list, helper) -> bool:
    """Is the name after the thing given maybe whom it goes to, not whose it is? «ГТЛК передаст танкеры
    «Каспийской линии» в лизинг», «выделит средства компании «Север»»: a verb of giving with no dative
    of its own, and a name right after its object in a form that is genitive and dative alike
    («линии», «компании», «Роснефти»); the parser hangs it on the object as a genitive. Which one the
    writer meant the sentence does not say, so the name is no part of the thing given (a question
    would read «танкеры «Каспийской линии»» as the line's own tankers). A name that can only be a
    genitive («акции «Аэрофлота»») stays."""
    if lemma not in _RU_GIVE_VERBS or noun.pos != "NOUN" or any(_dative(o) for o in objects):
        return False
    verb = helper.by_id.get(noun.head_id)
    if verb is not None and any(_dative(c) and not helper.kids(c, ("case",)) for c in helper.kids(verb, ("obl",))):
        return False  # ("передаст городу танкеры «Каспийской линии»": whom is said, the name is whose)
    position = helper.tokens.index(noun)
    for nmod in helper.kids(noun, ("nmod",)):
        if helper.kids(nmod, ("case",)) or (nmod.feats or {}).get("Case") not in ("Gen", None):
            continue
        start = min(helper.tokens.index(t) for t in helper.subtree(nmod))
        named = (nmod.id in helper.span_of and helper.span_of[nmod.id].type == "ORG"
                 or helper.tokens[start - 1].text == "«" or helper.quoted_appositive(nmod) is not None)
        between = helper.tokens[position + 1:start]
        if (named and all(t.text == "«" for t in between) and _also_dative(helper.vocab, nmod)
                and not (verb is not None and _dative_elsewhere(verb, nmod, helper))):
            return True  # ("передаст акции компании «Север» в управление «Росатому»": whom is said further on)
    return False


def _dative_elsewhere(verb, name, helper) -> bool:
    """Does the clause have a dative besides the name, however deep ("в управление «Росатому»", "в
    пользование городу")? Then that one is whom it goes to."""
    own = set(id(t) for t in helper.subtree(name))
    return any(id(t) not in own and t is not verb and _dative(t) and not helper.kids(t, ("case",))
               and t.pos in ("NOUN", "PROPN")
               for t in helper.subtree(verb))


def _also_dative(vocab, token) -> bool:
    """Can the word be read, as written, in the dative of the number it is in ("линии", "компании")?"""
    number = "plur" if (token.feats or {}).get("Number") == "Plur" else "sing"
    return any("datv" in p.tag and number in p.tag for p in vocab.parse(token.text.lower()) if p.tag.POS == "NOUN")
