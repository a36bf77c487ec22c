"""Know Your RAG, rules engine: a question answered by a statement, made from its parse.

The answer span (a date, a place, a quantity, or the subject, found by NER and the dependency
parse: spaCy for English, natasha for Russian) is replaced by a question word and the clause
inverted where English needs it; modality and negation stay as written. ``rules_question``
returns ``(question, answer span)`` or None when no transformation applies.
"""
from __future__ import annotations

import re

from benchmill import nlp
from tasks.knowyourrag.sentences import NAMED_LABELS, PRONOUN_START, Parsed, RuSentence, RuToken

def _join(pieces: list[str]) -> str:
    text = " ".join(p.strip() for p in pieces if p and p.strip())
    text = re.sub(r"\s+([,.;:!?%])", r"\1", text)
    text = re.sub(r"\s+('s|’s|n't)\b", r"\1", text)
    text = re.sub(r"([«(])\s+", r"\1", text)
    text = re.sub(r"\s+([»)])", r"\1", text)
    text = re.sub(r"[\s,;:]+$", "", text)
    text = re.sub(r"\s{2,}", " ", text).strip()
    return text[:1].upper() + text[1:] + "?"


# English ------------------------------------------------------------------------------------

_EN_DO = {"VBD": "did", "VBZ": "does", "VBP": "do"}
_EN_DATE_PREPS = {"in", "on", "at", "by", "during"}
_EN_NUMERIC = {"CARDINAL", "QUANTITY", "MONEY", "PERCENT"}
_EN_DEICTIC_DATES = {"today", "yesterday", "tomorrow", "tonight", "now", "this week", "last week", "next week"}


def _en_subject_text(span) -> str:
    first = span[0]
    words = [t.text_with_ws for t in span]
    if first.pos_ == "DET" or (first.pos_ != "PROPN" and first.ent_type_ == ""):
        words[0] = words[0][:1].lower() + words[0][1:]
    return "".join(words).strip()


def _en_rest(sent, root, removed: set[int], subject) -> list[str] | None:
    """The clause after the subject minus ``removed`` tokens; None when something precedes the subject."""
    for token in sent:
        if token.i >= subject.start:
            break
        if token.i not in removed and not token.is_punct:
            return None
    return [t.text for t in sent if t.i >= subject.end and t.i not in removed and not (t.is_punct and t.i == sent.end - 1)]


def _en_invert(sent, root, subject, removed: set[int], wh: str) -> str | None:
    """``wh`` + aux + subject + verb + rest, with do-support when there is no auxiliary."""
    if _en_rest(sent, root, removed, subject) is None:
        return None
    if any(t.dep_ == "conj" and t.pos_ in ("VERB", "AUX") for t in root.children):
        return None  # "employs 1,200 people and carried ..." cannot be inverted around one verb
    middle = [t for t in sent if subject.end <= t.i < root.i and t.i not in removed]
    after = [t.text for t in sent if t.i > root.i and t.i not in removed and not (t.is_punct and t.i == sent.end - 1)]
    subject_text = _en_subject_text(subject)
    auxes = [t for t in middle if t.dep_ in ("aux", "auxpass")]
    if auxes:
        first = auxes[0]
        rest_mid = [t.text for t in middle if t.i != first.i]
        return _join([wh, first.text.lower(), subject_text, *rest_mid, root.text, *after])
    if middle and any(not t.is_punct and t.dep_ not in ("advmod", "neg") for t in middle):
        return None
    if root.lemma_ == "be":
        return _join([wh, root.text.lower(), subject_text, *[t.text for t in middle], *after])
    do = _EN_DO.get(root.tag_)
    if do is None:
        return None
    return _join([wh, do, subject_text, *[t.text for t in middle], root.lemma_, *after])


def _subtree_ids(token) -> set[int]:
    return {t.i for t in token.subtree}


def _en_question(parsed: Parsed) -> tuple[str, str] | None:
    """(question, answer span) for an English statement, or None when no rule applies."""
    doc = parsed.parse
    sents = list(doc.sents)
    if len(sents) != 1:
        return None
    sent = sents[0]
    root = sent.root
    if root.pos_ not in ("VERB", "AUX"):
        return None
    subjects = [t for t in root.children if t.dep_ in ("nsubj", "nsubjpass")]
    if len(subjects) != 1 or subjects[0].i > root.i:
        return None
    subj = subjects[0]
    if subj.pos_ == "PRON" or subj.lower_ in PRONOUN_START["en"]:
        return None
    subject = doc[subj.left_edge.i: subj.right_edge.i + 1]
    negated = any(t.dep_ == "neg" for t in root.children)
    ents = list(doc.ents)
    subject_ents = [e for e in ents if e.start >= subject.start and e.end <= subject.end]

    if _en_outside_pronoun(sent, subject):
        return None  # "sold most of them": the question would not stand without the context
    # 1. a person as the subject: "Who ..." (the subject's head inside the PERSON entity),
    # unless the name's last word says organisation or place ("Vistula United")
    person = next((e for e in subject_ents if e.label_ == "PERSON" and e.start <= subj.i < e.end), None)
    name_kind = nlp.en_name_kind(person.text) if person is not None else None
    if person is not None and name_kind is None:
        return _en_subject_question(sent, subject, "Who")
    # 1b. a counted subject: "How many <noun> ..."
    nums = [c for c in subj.children if c.dep_ == "nummod" and c.ent_type_ in _EN_NUMERIC]
    if len(nums) == 1 and subj.tag_ in ("NNS", "NNPS"):
        mods = [t.text.lower() for t in subj.lefts if t.dep_ in ("amod", "compound") and t.i not in _subtree_ids(nums[0])]
        made = _en_subject_question(sent, subject, "How many " + " ".join(mods + [subj.text.lower()]))
        if made:
            return made

    if not negated:
        # 2. a date attached to the verb: "When ..."
        for ent in ents:
            if ent.label_ != "DATE" or ent.start < subject.end and ent.start >= subject.start:
                continue
            if ent.text.lower() in _EN_DEICTIC_DATES:
                continue  # "today" answers nothing once the day has passed
            head = ent.root.head
            if ent.root.dep_ == "pobj" and head.dep_ == "prep" and head.head.i == root.i and head.lower_ in _EN_DATE_PREPS:
                removed = _subtree_ids(head)
                if removed - {t.i for t in ent} - {head.i}:
                    continue  # the prepositional phrase holds more than the date
            elif ent.root.dep_ in ("npadvmod", "tmod") and ent.root.head.i == root.i:
                removed = _subtree_ids(ent.root)
            else:
                continue
            question = _en_invert(sent, root, subject, removed, "When")
            if question:
                return question, doc[min(removed): max(removed) + 1].text
        # 3. a counted object: "How many <noun> ..."
        for obj in (t for t in root.children if t.dep_ == "dobj"):
            nums = [c for c in obj.children if c.dep_ == "nummod" and c.ent_type_ in _EN_NUMERIC]
            if len(nums) != 1 or obj.tag_ not in ("NNS", "NNPS"):
                continue
            # the object and its left part go; what follows it ("on the bridge") stays after the verb,
            # except a measured "of" phrase, which goes with it ("How many tonnes of cargo did ...")
            removed = {t.i for t in obj.subtree if t.i <= obj.i}
            left = [t for t in obj.subtree if t.i < obj.i and t.i not in _subtree_ids(nums[0]) and t.dep_ in ("amod", "compound")]
            measured = next((c for c in obj.rights if c.dep_ == "prep" and c.lower_ == "of" and c.i == obj.i + 1), None)
            of_phrase = sorted(_subtree_ids(measured)) if measured is not None else []
            removed |= set(of_phrase)
            wh = "How many " + " ".join([t.text for t in left] + [obj.text] + [doc[i].text for i in of_phrase])
            question = _en_invert(sent, root, subject, removed, wh)
            if question:
                return question, doc[obj.left_edge.i: (of_phrase[-1] if of_phrase else obj.i) + 1].text
    # 4. an organisation / named subject: "Which <head noun> ..." / "Which organisation ..."
    if [e for e in subject_ents if e.label_ in NAMED_LABELS] or subj.pos_ == "PROPN":
        if name_kind is not None:  # a PERSON-tagged name that is an organisation or place
            wh = "Which organisation" if name_kind == "ORG" else "What"
        elif subj.pos_ == "PROPN" or subj.ent_type_:
            label = next((e.label_ for e in subject_ents if subj.i in range(e.start, e.end)), subj.ent_type_)
            wh = {"ORG": "Which organisation", "GPE": "Which place", "LOC": "Which place", "FAC": "Which place",
                  "PRODUCT": "Which product"}.get(label)
            if wh is None:
                return None
        else:
            if all(e.end <= subj.i for e in subject_ents) and subject[0].lower_ in ("the", "this", "that"):
                # "The Stuttgart carmaker ...": a description pointing back at a name said before;
                # its answer would be the description, not the name
                return None
            mods = [t.text.lower() for t in subj.lefts if t.dep_ in ("compound", "amod") and not t.ent_type_]
            wh = "Which " + " ".join(mods + [subj.text.lower()])
        return _en_subject_question(sent, subject, wh)
    return None


#: pronouns that point outside the sentence unless a noun before them in it can be what they
#: stand for: "sold most of them" (no plural noun before) vs "owns the stadium and leases it"
_EN_PLURAL_PRONOUNS = {"them", "they", "their", "theirs", "these", "those"}
_EN_OBJECT_PRONOUNS = {"it", "him", "her"}


def _en_outside_pronoun(sent, subject) -> bool:
    """Does the sentence lean on something said before it?"""
    for token in sent:
        if subject.start <= token.i < subject.end or token.pos_ != "PRON":
            continue
        plural = token.lower_ in _EN_PLURAL_PRONOUNS
        if not plural and not (token.lower_ in _EN_OBJECT_PRONOUNS and token.dep_ in ("dobj", "pobj")):
            continue
        before = [t for t in sent if t.i < token.i and t.pos_ in ("NOUN", "PROPN")]
        if plural:
            antecedent = any(t.tag_ in ("NNS", "NNPS") or t.dep_ == "conj" for t in before)
        else:
            antecedent = any(t.tag_ in ("NN", "NNP") for t in before if not subject.start <= t.i < subject.end)
        if not antecedent:
            return True
    return False


def _en_subject_question(sent, subject, wh: str) -> tuple[str, str] | None:
    if subject.start != sent.start:
        return None
    rest = [t.text for t in sent if t.i >= subject.end and not (t.is_punct and t.i == sent.end - 1)]
    if not rest:
        return None
    return _join([wh, *rest]), subject.text


# Russian ------------------------------------------------------------------------------------






_RU_MONTHS = "январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]"
RU_DATE_RULES = [
    (re.compile(r"(?<!\w)к\s+\d{4}\s+году(?!\w)", re.I), "К какому году"),
    (re.compile(r"(?<!\w)в\s+\d{4}\s+году(?!\w)", re.I), "В каком году"),
    (re.compile(r"(?<!\w)в\s+(первом|втором|третьем|четвёртом|четвертом)\s+(квартале|полугодии)(\s+\d{4}\s+года)?(?!\w)", re.I), "Когда"),
    (re.compile(rf"(?<!\w)(в\s+)?\d{{1,2}}\s+({_RU_MONTHS})(\s+\d{{4}}\s+года)?(?!\w)", re.I), "Когда"),
    (re.compile(rf"(?<!\w)в\s+({_RU_MONTHS})(\s+\d{{4}}\s+года)?(?!\w)", re.I), "Когда"),
    (re.compile(r"(?<!\w)(весной|летом|осенью|зимой)(\s+\d{4}\s+года)?(?!\w)", re.I), "Когда"),
]
_RU_WHICH = {("Masc", "Sing"): "Какой", ("Fem", "Sing"): "Какая", ("Neut", "Sing"): "Какое"}


def _ru_question(parsed: Parsed) -> tuple[str, str] | None:
    sent: RuSentence = parsed.parse
    root = sent.root
    if root is None or root.pos not in ("VERB", "AUX", "ADJ"):
        return None
    negated = any(t.text.lower() == "не" and t.head == root.index for t in sent.tokens)
    subjects = [t for t in sent.tokens if t.rel in ("nsubj", "nsubj:pass") and t.head == root.index]
    subject_ids = sent.subtree(subjects[0].index) if len(subjects) == 1 else set()

    # 1. a person as the subject: "Кто ..."
    if subject_ids and min(subject_ids) == 0:
        span_end = max(sent.tokens[i].start + len(sent.tokens[i].text) for i in subject_ids)
        persons = [e for e in parsed.entities if e[1] == "PER" and e[2] < span_end]
        if persons and max(subject_ids) < root.index:
            verb = _ru_verb_for_kto(root)
            if verb is None:
                return None
            rest = parsed.text[span_end:]
            rest = rest.replace(root.text, verb, 1) if root.text != verb else rest
            return _join(["Кто", re.sub(r"[.!]\s*$", "", rest)]), parsed.text[:span_end]

    coordinated = any(t.head == root.index and t.rel == "conj" and t.pos in ("VERB", "AUX") for t in sent.tokens)
    if not negated and not coordinated:
        # 2. a date phrase: "Когда ..." / "В каком году ..."
        for pattern, wh in RU_DATE_RULES:
            match = pattern.search(parsed.text)
            if match:
                text = parsed.text
                rest = (text[: match.start()] + " " + text[match.end():]).strip()
                first_at = 0 if match.start() > 0 else match.end()
                if not _ru_starts_with_name(parsed, first_at):
                    rest = rest[:1].lower() + rest[1:]
                rest = re.sub(r"[.!]\s*$", "", rest)
                return _join([wh, rest]), match.group(0)
        # 3. a place: "в / во / на <LOC>" attached to the verb → "Где ..."
        for text, label, start, end in parsed.entities:
            if label != "LOC":
                continue
            toks = [t for t in sent.tokens if start <= t.start < end]
            if not toks:
                continue
            head = next((t for t in toks if t.head is None or not (start <= sent.tokens[t.head].start < end)), None)
            if head is None or head.rel != "obl" or head.head != root.index:
                continue
            case = [t for t in sent.tokens if t.head == head.index and t.rel == "case"]
            if len(case) != 1 or case[0].text.lower() not in ("в", "во", "на") or head.feats.get("Case") != "Loc":
                continue
            if sent.subtree(head.index) - {t.index for t in toks} - {case[0].index}:
                continue
            span_start, span_end = case[0].start, end
            before, after = parsed.text[:span_start], parsed.text[span_end:]
            rest = (before + " " + after).strip()
            if not _ru_starts_with_name(parsed, 0 if span_start > 0 else span_end):
                rest = rest[:1].lower() + rest[1:]
            rest = re.sub(r"[.!]\s*$", "", rest)
            return _join(["Где", rest]), parsed.text[span_start:span_end]
        # 4. a counted object: "Сколько <noun phrase> ..." (the noun already genitive plural after the number)
        for num in (t for t in sent.tokens if t.rel == "nummod" and t.pos == "NUM" and t.head is not None):
            noun = sent.tokens[num.head]
            if noun.rel != "obj" or noun.head != root.index or not re.fullmatch(r"\d[\d\s]*", num.text):
                continue
            if noun.feats.get("Case") != "Gen" or noun.feats.get("Number") != "Plur":
                continue
            between = sent.tokens[num.index + 1: noun.index]
            if num.index > noun.index or any(t.head != noun.index or t.rel != "amod" for t in between):
                continue  # only "<number> <adjectives> <noun>"; what follows the noun stays in place
            start, end = num.start, noun.start + len(noun.text)
            counted = parsed.text[num.start + len(num.text): end].strip()
            rest = (parsed.text[:start] + " " + parsed.text[end:]).strip()
            if not _ru_starts_with_name(parsed, 0 if start > 0 else end):
                rest = rest[:1].lower() + rest[1:]
            rest = re.sub(r"[.!]\s*$", "", rest)
            return _join(["Сколько", counted, rest]), parsed.text[start:end]
    # 5. a named organisation as the subject: "Какая компания / Какой банк ..."
    if subject_ids and min(subject_ids) == 0 and max(subject_ids) < root.index:
        subj = subjects[0]
        span_end = max(sent.tokens[i].start + len(sent.tokens[i].text) for i in subject_ids)
        has_org = any(e[1] in ("ORG", "LOC") and e[2] < span_end for e in parsed.entities)
        head_named = any(e[2] <= subj.start < e[3] for e in parsed.entities) or subj.text[:1] in "«\"“"
        if has_org and head_named:
            # the subject is the organisation's name itself («ГридЛаб»): "Кто ..."
            verb = _ru_verb_for_kto(root)
            if verb is not None:
                rest = parsed.text[span_end:]
                rest = rest.replace(root.text, verb, 1) if root.text != verb else rest
                return _join(["Кто", re.sub(r"[.!]\s*$", "", rest)]), parsed.text[:span_end]
            return None
        if has_org and subj.pos == "NOUN":
            wh = _RU_WHICH.get((subj.feats.get("Gender"), subj.feats.get("Number")))
            if wh:
                rest = parsed.text[span_end:]
                return _join([wh, subj.text.lower(), re.sub(r"[.!]\s*$", "", rest)]), parsed.text[:span_end]
    return None


def _ru_starts_with_name(parsed: Parsed, at: int) -> bool:
    rest_start = len(parsed.text[at:]) - len(parsed.text[at:].lstrip()) + at
    token = next((t for t in parsed.parse.tokens if t.start >= rest_start), None)
    return token is not None and (token.pos == "PROPN" or any(e[2] == token.start for e in parsed.entities))


def _ru_verb_for_kto(root: RuToken) -> str | None:
    """The verb agreeing with "кто" (masculine singular past, third person singular otherwise)."""
    feats = root.feats
    if feats.get("Number") == "Sing" and feats.get("Gender") in (None, "Masc"):
        return root.text
    parse = next((p for p in nlp.morph_vocab().parse(root.text.lower()) if p.tag.POS in ("VERB",)), None)
    if parse is None:
        return None
    from pymorphy2.analyzer import Parse as PymorphyParse

    wanted = {"sing", "masc"} if "past" in parse.tag else {"sing", "3per"}
    inflected = PymorphyParse.inflect(parse, wanted)
    return inflected.word if inflected is not None else None


def rules_question(parsed: Parsed, lang: str) -> tuple[str, str] | None:
    """(question, answer span) for a statement, or None when no transformation applies."""
    made = _en_question(parsed) if lang == "en" else _ru_question(parsed)
    if made is None:
        return None
    question, span = made
    return _rejoin_hyphens(question, parsed.text), span


_HYPHENATED = re.compile(r"\w+(?:-\w+)+")


def _rejoin_hyphens(question: str, source: str) -> str:
    """Glue back the hyphenated words of the source ("cold-storage") that joining parser
    tokens with spaces split ("cold - storage"); a dash spaced in the source stays spaced."""
    for word in sorted(set(_HYPHENATED.findall(source)), key=len, reverse=True):
        spaced = r"\s*-\s*".join(re.escape(part) for part in word.split("-"))
        question = re.sub(rf"(?<!\w){spaced}(?!\w)", lambda m: re.sub(r"\s*-\s*", "-", m.group(0)), question,
                          flags=re.IGNORECASE)
    return question
