"""Russian rules triplets: the tagger's part-of-speech errors, mended before the head repairs of
``repairs._repair_parse_ru`` (which read the part of speech): a signed number tagged as punctuation
(«до −38 градусов»), finite verbs, numerals and nouns tagged as another part of speech
(``_mend_tagged_forms``), and a sentence's capitalised first word tagged as a proper noun
(«Курьер оказался студентом», ``_mend_capitalised_first_word``).
"""
from __future__ import annotations

import re

from tasks.dragon.rules_ru.morph import _capitalised_common, numeral_word


_SIGNED_NUMBER = re.compile(r"[−–-]\d+(?:[.,]\d+)?")


def _mend_signed_numbers(tokens) -> None:
    """"до −38 градусов": natasha calls a number with its minus sign a punctuation mark; it is the numeral
    of the noun it hangs on (a temperature, a depth), as "38" would be."""
    for token in tokens:
        if token.pos == "PUNCT" and _SIGNED_NUMBER.fullmatch(token.text):
            token.pos, token.rel = "NUM", "nummod"


def _mend_tagged_forms(tokens, vocab) -> None:
    """(see _repair_parse_ru: finite verbs and nouns the tagger gave another part of speech)"""
    for token in sorted(tokens, key=lambda t: t.rel == "amod"):  # (the verbs first)
        feats = token.feats or {}
        if not token.text.isalpha() or (token.pos == "VERB" and feats.get("VerbForm") in ("Fin", "Inf", "Conv")):
            continue
        parses = [p for p in vocab.parse(token.text.lower()) if p.is_known]
        if (token.pos in ("NOUN", "ADJ") and token.rel == "amod" and parses and all(p.tag.POS == "NUMR" for p in parses)
                and numeral_word(vocab, token.text)):
            # "к четырём годам колонии": a numeral the tagger made a noun counts its noun (else the
            # repairs below hang it on the verb as a noun of its own)
            token.pos, token.rel = "NUM", "nummod"
            continue
        if token.pos in ("VERB", "ADJ") and parses and all(p.tag.POS == "VERB" for p in parses):
            tag = parses[0].tag
            token.pos = "VERB"
            token.feats = {"Aspect": "Perf" if "perf" in tag else "Imp", "Mood": "Ind",
                           "Number": "Plur" if "plur" in tag else "Sing", "VerbForm": "Fin", "Voice": "Act",
                           "Tense": {"futr": "Fut", "pres": "Pres", "past": "Past"}.get(tag.tense, "Pres")}
            if tag.person:
                token.feats["Person"] = tag.person[0]
            if tag.gender:
                token.feats["Gender"] = {"masc": "Masc", "femn": "Fem", "neut": "Neut"}[tag.gender]
        elif (token.pos == "ADJ" and token.text[:1].isupper() and parses and all(p.tag.POS == "NOUN" for p in parses)
              and token.rel == "amod"):
            cases = {p.tag.case for p in parses}
            token.pos = "NOUN"
            token.feats = {**feats, "Case": "Nom" if "nomn" in cases else feats.get("Case")}
            by_id = {t.id: t for t in tokens}
            noun = by_id.get(token.head_id)
            verb = by_id.get(noun.head_id) if noun is not None else None
            if verb is not None and verb.pos in ("VERB", "AUX") and noun.rel in ("obj", "nsubj"):
                # "Электробусы произведёт завод": the verb's other argument (the repairs below say which)
                token.head_id, token.rel = verb.id, "obj" if noun.rel == "nsubj" else "nsubj"


def _mend_capitalised_first_word(tokens, vocab) -> None:
    """A sentence's first word is capitalised whatever it is: "Курьер оказался студентом", "Дубль
    Лобанова принёс ..." are common nouns the tagger calls proper ones (a question then asks about
    «Курьер», «Дубль Лобанов»). Such a word (``_capitalised_common``) is a noun; a name after it in
    another case is its genitive, not an appositive."""
    first = tokens[0] if tokens else None
    # (only a subject: a fronted object "Сделку подтвердил директор" is read as a lone proper noun's
    # lemma, "сделка", and keeps its fact)
    # (and only a person by trade, "Курьер", "Водитель": "Министерство культуры ..." stays the name's head)
    if (first is None or first.pos != "PROPN" or first.rel not in ("nsubj", "nsubj:pass")
            or not _capitalised_common(vocab, first) or not all("anim" in p.tag for p in vocab.parse(first.text.lower()))):
        return
    feats = dict(first.feats or {})
    if "nomn" in {p.tag.case for p in vocab.parse(first.text.lower())}:
        feats["Case"] = "Nom"
    first.pos, first.feats = "NOUN", feats
    for token in tokens[1:]:
        if (token.head_id == first.id and token.rel in ("appos", "flat:name", "flat") and token.pos == "PROPN"
                and (token.feats or {}).get("Case") == "Gen" and feats.get("Case") != "Gen"):
            token.rel = "nmod"
