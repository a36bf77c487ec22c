"""DRAGON questions, English: a definite noun phrase in a relation that points back into its article.

"buy the leases in", "spend on the program", "approve the state's share in": in the article the
phrase names a thing said before it ("leases west of the Kuparuk field", "a drilling program");
out of the article a question keeping it ("When did Colville Ridge buy the leases?") says nothing.
The phrase is read in the fact's own sentence (``questions_en_context.sentence_doc``): a definite
determiner (the, this, that, these, those, its, their) on a common noun, or "the <noun>'s <noun>",
points back unless the noun

- has a dependent the relation keeps that says which one: an of-phrase, a possessive or a
  compound naming a proper noun, a number, a relative clause ("the leases it holds west of ...");
- or is one a reader resolves without the article: a unique or situational referent ("the
  world", "the public", "the weekend", "the first time", "the state" in a sentence that names
  one).
"""
from __future__ import annotations

import re

from tasks.dragon import questions_en_context as en_context

#: determiners that make a noun phrase point at one thing the reader is meant to know; "its"/"their" are not
#: among them: the question's own subject owns the thing ("Where did X move its offices?", judged good 9 of 9)
_DEFINITE = frozenset("the this that these those".split())

#: nouns a reader resolves without the article: unique, situational, or times of the calendar
#: ("the world", "the public", "the weekend", "for the first time", "in the final")
_SITUATIONAL = frozenset("""
    world public government economy nation internet weather future past present environment sun moon earth
    weekend week month year season day night morning afternoon evening time decade century era moment
    spring summer fall autumn winter clock
    final finals semifinal semifinals playoff playoffs lead way end start beginning middle top bottom
    media press police military army navy field pitch ice court stage bench
    polls charts headlines spotlight limelight airwaves
    """.split())

#: fixed phrases whose noun no article introduces: "take the stand", "raise the minimum wage" (verb lemma or
#: modifier -> nouns it makes an idiom of)
_IDIOM_NOUNS = {"take": frozenset({"stand"}), "minimum": frozenset({"wage"}), "living": frozenset({"wage"})}

#: nouns a reader resolves when the sentence names one: "the state" in a sentence about Alaska
_PLACE_NOUNS = frozenset("state city country town region province county island capital nation".split())

#: dependents of a noun that say which one it is when they name a proper noun ("the Kuparuk leases", "the
#: Seahawks' coach") or, in a compound, a number ("the number 11 shirt", "the Route 9 bridge"); a count does not
#: ("the three wells", "the two companies' warehouses": which?)
_NAMING_DEPS = frozenset("poss compound nmod appos".split())


def _names_a_proper(token) -> bool:
    return any(t.pos_ == "PROPN" or token.dep_ in ("compound", "nmod") and t.like_num or _IDENTIFIER.fullmatch(t.text)
               for t in token.subtree)


#: a code that names one thing: "the US-2 bridge", "the A380 fleet" (letters and a digit)
_IDENTIFIER = re.compile(r"(?=.*\d)(?=.*[A-Z])[A-Z0-9][\w-]*")
#: an order: "the 81st minute", "the 100th anniversary"
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.IGNORECASE)


def _kept(dependent, relation: str) -> bool:
    """The dependent's words are in the relation."""
    words = [t.lower_ for t in dependent.subtree if not t.is_punct]
    return re.search(r"(?<!\S)" + r"\s+".join(map(re.escape, words)) + r"(?!\S)", relation.lower()) is not None


def _filled_by_tail(dependent, relation: str, tail: str) -> bool:
    """ "be the chief executive of" + Tarn Bank: the relation ends on the noun's "of" and the tail completes it; a
    trailing "in" or "at" is asked as the place of the verb ("Where could X merge the two companies' depots?")."""
    return dependent.dep_ == "prep" and dependent.lower_ == "of" and relation.lower().split()[-1:] == ["of"] and bool(tail)


def _says_which(noun, relation: str, tail: str) -> bool:
    """``noun`` has a restrictive dependent the relation keeps: "the leases west of the Kuparuk field", "the
    Seahawks' coach", "the US-2 bridge", "the plan it approved"; or a trailing "of" the tail fills. An of-phrase
    of a common noun does not say which ("the share of the state")."""
    for child in noun.children:
        if _filled_by_tail(child, relation, tail):
            return True
        if not _kept(child, relation):
            continue
        if child.dep_ in ("relcl", "acl") or child.dep_ in (*_NAMING_DEPS, "prep", "advmod") and _names_a_proper(child) \
                or child.dep_ == "amod" and _IDENTIFIER.fullmatch(child.text):
            return True
    # the parser hangs a place after the noun on the verb ("bought the leases west of the Brant field"): the
    # words right after the noun, kept by the relation, that open with an adverb or "of" and name a proper noun
    after = noun.doc[noun.i + 1:noun.i + 8]
    if len(after) > 1 and (after[0].pos_ in ("ADV", "ADJ") or after[0].lower_ == "of"):
        for end in range(len(after), 1, -1):
            part = after[:end]
            if part[-1].pos_ == "PROPN" and _in_relation(part.text, relation):
                return True
    return False


def _phrase(doc, determiner):
    """(noun, possessor or None, phrase text) of the noun phrase ``determiner`` opens: "the state's share" -> share."""
    noun = determiner.head
    if determiner.dep_ not in ("det", "poss") or noun.i < determiner.i:
        return None
    possessor = None
    if noun.dep_ == "poss" and noun.head.i > noun.i:
        possessor, noun = noun, noun.head  # "the state's share": the possessor is part of the phrase, the share its head
    return noun, possessor, doc[determiner.i:noun.i + 1].text


def _in_relation(phrase: str, relation: str) -> bool:
    flat = re.sub(r"\s+(?=['’]s?\b)", "", phrase.lower())
    return re.search(rf"(?<!\S){re.escape(flat)}(?![\w'’])", relation.lower()) is not None


def pointing_back(relation: str, sentences, tail: str = "") -> str | None:
    """The definite noun phrase of ``relation`` that out of its article does not say which thing it is, read in the
    fact's ``sentences`` (``tail`` is the label a trailing preposition of the relation takes); None where there is
    none. Where no sentence writes the relation's phrase the parse cannot judge it, and a closed list of nouns that
    point back wherever they stand does (``_UNREAD_BACK_REFERENCE``)."""
    lower = relation.lower().split()
    if not _DEFINITE & set(lower):
        return None
    read = [phrase for phrase, back in _phrases(relation, sentences, tail) if back]
    if read:
        return read[0]
    if any(True for _ in _phrases(relation, sentences, tail)):
        return None
    unread = _UNREAD_BACK_REFERENCE.search(relation)
    return unread.group(0) if unread else None


#: nouns that point back in any relation the sentence parse cannot find: "the company", "the two clubs'", "the post"
_UNREAD_BACK_REFERENCE = re.compile(
    r"\b(?:the|this|that|these|those)\s+(?:(?:two|both|three|four|other)\s+)?"
    r"(?:compan(?:y|ies)|groups?|firms?|clubs?|buildings?|teams?|plants?|factor(?:y|ies)|sites?|towns?|"
    r"deals?|business(?:es)?|carriers?|operators?|terminals?|funds?|banks?|councils?|projects?|contracts?|"
    r"agreements?|players?|albums?|tour|sale|merger|takeover|acquisition|partners?|post|role|position|job|seat|"
    r"purchase|plans?|proposals?|schemes?|loans?|property|house|money|cash|proceeds|sum|remainder|rest)"
    r"(?:'s|’s|'|’)?(?=\W|$)(?!\s+of\b)", re.IGNORECASE)


def _phrases(relation: str, sentences, tail: str):
    """(phrase, points back) for each definite noun phrase of ``relation`` its sentences write."""
    for sentence in sentences:
        doc = en_context.sentence_doc(sentence)
        for token in doc:
            if token.lower_ not in _DEFINITE:
                continue
            found = _phrase(doc, token)
            if found is None:
                continue
            noun, possessor, phrase = found
            if not _in_relation(phrase, relation):
                continue
            if possessor is not None and not _known(possessor, doc[token.i + 1:possessor.i]):
                yield phrase, True  # "the two companies' depots in Leicester": whose?
                continue
            if not _known(noun, doc[(possessor or token).i + 1:noun.i]):
                yield phrase, not _says_which(noun, relation, tail)
            else:
                yield phrase, False


def _known(noun, before) -> bool:
    """A name, or a thing the reader knows without the article: "the world", "the state" of a sentence naming
    one, an order or a superlative among the words ``before`` it ("the first time", "the largest share"), a fixed
    phrase ("go to the polls", "take the stand", "the minimum wage")."""
    lemma = noun.lemma_.lower()
    idiom = {noun.head.lemma_.lower() if noun.dep_ == "dobj" else "", *(t.lower_ for t in before)}
    return noun.pos_ != "NOUN" or not noun.text.islower() or lemma in _SITUATIONAL or noun.lower_ in _SITUATIONAL \
        or any(lemma in _IDIOM_NOUNS.get(word, ()) for word in idiom) \
        or lemma in _PLACE_NOUNS and any(e.label_ == "GPE" for e in noun.doc.ents) \
        or any(t.ent_type_ == "ORDINAL" or t.tag_ in ("JJS", "RBS") or _ORDINAL.fullmatch(t.text) for t in before)
