"""English checks of the question-grammar filter derived from general rules of English, not from the wording
of any outlet (issue 10: checks that carry over to outlets the filter was not tuned on).

Each check states the rule it enforces; each reads only the question, its answers and the sentences it was
written from, through spaCy's tags (``question_grammar_en_text.parse``). Word lists here are closed classes
of the language (verbs that alternate between transitive and intransitive, units of measure, collective
nouns), never names.

- ``how_many_noun``: "how many" counts a plural count noun; "how much" measures a mass noun or an amount.
- ``voice_flip``: the question's subject must be the one that does the verb in its sentence, not the one it
  is done to ("When did the house restore?" from "the house was restored in 1911").
- ``who_place``: "who" asks for a person or a body of people, never a place.
- ``name_lowercase``: a name (a word the language does not know) written lower-case in the question where
  every sentence capitalises it.
"""
from __future__ import annotations

import re
from functools import lru_cache

from tasks.dragon.question_grammar import Finding, QuestionView, code
from tasks.dragon.question_grammar_en_text import common_word, lexicon, parse, spans, verb_lemma
from tasks.dragon.question_grammar_fidelity import regular_for_irregular
from tasks.dragon.questions_en_context import objects  # ("beat Chester 3-1": the name read as an adverb)

#: the auxiliaries an English question is formed with ("did X buy", "will X open", "has X bought"), the modals
#: of possibility and duty, and the finite forms of "be": every rule below that looks for the auxiliary reads these
_AUXILIARIES = ("did", "does", "do", "will", "would", "could", "can", "has", "have", "had")
_OTHER_MODALS = ("may", "might", "should", "must")
_BE_FINITE = ("is", "are", "was", "were")
_AUX_WORDS = "|".join(_AUXILIARIES)  # as a regular-expression alternation

# ---------------------------------------------------------------- how many / how much

#: nouns counted as plurals in the singular form ("How many staff ...?", "How many police ...?") and nouns
#: whose plural is their singular ("How many series ...?", "How many aircraft ...?")
_COLLECTIVE_PLURALS = frozenset("""
    people staff police personnel cattle livestock poultry clergy folk sheep deer fish aircraft spacecraft crew
    youth series species means offspring headquarters barracks crossroads works salmon trout moose bison
    """.split())
#: units of measure and money: "how much" may ask for "40 tonnes" or "60 million euros"
_UNITS = frozenset("""
    tonnes tons kilograms kilos grams pounds ounces litres liters gallons barrels metres meters kilometres
    kilometers miles feet inches acres hectares euros dollars pence cents yen yuan francs krona kronor kroner
    zlotys rupees rand pesos lira shillings bitcoin hours minutes seconds days weeks months years percent
    megawatts gigawatts kilowatts watts megawatt-hours units points
    """.split())
_HOW = re.compile(r"^\s*how\s+(many|much)\b", re.IGNORECASE)
#: the words that end the counted phrase of "how many ...": the auxiliary or modal that opens the clause
_CLAUSE_AUX = frozenset(_AUXILIARIES + _OTHER_MODALS + _BE_FINITE)
#: an answer that is only a number, maybe with an approximator: no unit, no currency, nothing counted
_BARE_NUMBER = re.compile(r"^\s*(?:about|around|almost|nearly|over|more than|fewer than|less than|some|roughly|"
                          r"approximately|up to|at least)?\s*\d[\d,.]*(?:\s*(?:thousand|million|billion))?\s*$",
                          re.IGNORECASE)


def _counts_something(question: str) -> bool:
    """Whether the words between "how many" and the clause's auxiliary hold a plural (or collective) noun."""
    words = re.findall(r"[\w'-]+", question.lower())[2:]
    phrase = []
    for word in words:
        if word in _CLAUSE_AUX:
            break
        phrase.append(word)
    return any(w in _COLLECTIVE_PLURALS or (len(w) > 3 and w.endswith("s") and not w.endswith("ss")) for w in phrase)


def _counted_noun(doc):
    """The noun "how many/much" modifies ("How many roll-on/roll-off vessels" -> "vessels"), or None when
    it stands alone ("How much did X pay?")."""
    word = doc[1] if len(doc) > 1 else None
    if word is None or word.dep_ != "amod" or word.head.pos_ not in ("NOUN", "PROPN") or word.head.i < word.i:
        return None
    if any(t.pos_ in ("AUX", "VERB") or t.tag_ == "MD" for t in doc[word.i + 1:word.head.i]):
        return None  # "How much did X hire?": the parser made the verb a noun
    return word.head


@code("how_many_noun")
def how_many_noun(q: QuestionView) -> Finding | None:
    """English counts plural count nouns and measures mass nouns: "how many" + a singular noun ("How many
    ticket ...?"), "how much" + a plural count noun ("How much tickets ...?"), and a bare "how much" whose
    answer counts things or people, not money or a measure ("How much did X hire?" -> "300 workers"),
    break that rule."""
    match = _HOW.match(q.question)
    if not match:
        return None
    word = match.group(1).lower()
    doc = parse(q.question)
    noun = _counted_noun(doc)
    if word == "many":
        if noun is not None and noun.tag_ == "NN" and noun.lower_ not in _COLLECTIVE_PLURALS and noun.is_alpha:
            return Finding("how_many_noun", f"'how many' counts a plural noun, not singular {noun.text!r}")
        if noun is None and not _counts_something(q.question):
            # "How many straight did X lose?", "How many did X sign?": a count with nothing counted
            return Finding("how_many_noun", "'how many' with no noun to count")
        return None
    if noun is not None and noun.tag_ == "NNS" and noun.lower_ not in _UNITS:
        return Finding("how_many_noun", f"'how much' with the plural count noun {noun.text!r}: 'how many'")
    if noun is None and q.answers and all(_BARE_NUMBER.match(a) for a in q.answers):
        # "How much does X employ? -> about 210": an amount asked of a bare count
        return Finding("how_many_noun", f"bare 'how much' answered by the bare number {q.answers[0]!r}: "
                                        "'how many ...' and what is counted")
    if noun is None:
        for answer in q.answers:
            adoc = parse(answer.strip())
            if not len(adoc) or any(t.tag_ == "$" or t.ent_type_ in ("MONEY", "PERCENT", "QUANTITY") for t in adoc):
                return None
            nouns = [t for t in adoc if t.pos_ == "NOUN"]
            if not nouns or not any(t.like_num for t in adoc):
                return None
            head = nouns[-1]
            if head.tag_ != "NNS" or head.lower_ in _UNITS:
                return None
        return Finding("how_many_noun", f"bare 'how much' asks for an amount; the answer counts "
                                        f"{q.answers[0]!r}: 'how many ...'")
    return None


# ---------------------------------------------------------------- the voice of the verb

#: verbs whose object can be the subject of the same verb used intransitively ("X opened the theatre" /
#: "the theatre opened"): the alternation is English, so their subject is no sign of a flipped voice
_ERGATIVE = frozenset("""
    open reopen close shut start restart begin end finish stop resume continue increase decrease rise fall grow
    shrink drop double triple halve expand contract improve worsen change move sell break burn sink split merge
    collapse return roll turn run operate launch debut develop slow speed spread melt freeze dry flood fill empty
    shift slide swing bounce recover settle divide gather form open-up boost cut climb ease gain lose improve
    widen narrow strengthen weaken tighten loosen sink float crash fold wind unfold vary level soar plunge
    slump jump surge dip tumble dissolve
    """.split())
_AUX = re.compile(rf"\b(?:{'|'.join(_AUXILIARIES + _OTHER_MODALS)})\s+", re.IGNORECASE)
_BE = frozenset("be been being was were is are am 's".split())


@code("voice_flip")
def voice_flip(q: QuestionView) -> Finding | None:
    """The subject of an active verb is the one that does it. A question that makes the verb's object in its
    sentence (or the sentence's passive subject) the active subject of the same verb ("When did the house
    restore?" from "the house was restored in 1911"; "Where did the ferry build?" from "X built the ferry")
    says the thing did what was done to it. Verbs that alternate in English ("the theatre opened") are
    left alone."""
    qdoc = parse(q.question)
    aux = _AUX.search(q.question)
    if not aux:
        return None
    for sentence in q.sentences:
        for verb in parse(sentence):
            if verb.pos_ != "VERB":
                continue
            lemma = verb.lemma_.lower()
            if lemma in _ERGATIVE:
                continue
            done_to = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass") and c.pos_ in ("NOUN", "PROPN")]
            if not done_to:
                continue
            for token in qdoc:
                if token.idx < aux.end() or token.is_punct or not token.text.isalpha() or not token.text.islower():
                    continue
                if verb_lemma(token.text) != lemma or token.text.lower().endswith("ing"):
                    continue
                if token.i and qdoc[token.i - 1].lower_ in _BE:
                    continue  # passive: "has the house been restored"
                subject = q.question[aux.end():token.idx].split()
                if not subject or subject[0].lower() in _BE:
                    continue
                for obj in done_to:
                    if subject[-1].lower() != obj.text.lower():
                        continue
                    if _does_it(obj.text.lower(), lemma, q.sentences):
                        continue
                    return Finding("voice_flip", f"{' '.join(subject)!r} is what {lemma!r} is done to in the "
                                                 f"sentence, not who does it: passive or another subject")
    return None


def _does_it(head: str, lemma: str, sentences) -> bool:
    """Whether some sentence has ``head`` as the active subject of a verb of ``lemma``."""
    for sentence in sentences:
        for token in parse(sentence):
            if token.dep_ == "nsubj" and token.lower_ == head and token.head.lemma_.lower() == lemma:
                return True
    return False


# ---------------------------------------------------------------- who for a place

_WHO = re.compile(r"^\s*(?:who|whom)\b", re.IGNORECASE)
#: prepositions after which a place name stands as a place
_PLACE_PREPOSITIONS = frozenset("in at near across around throughout inside outside".split())


@code("who_place")
def who_place(q: QuestionView) -> Finding | None:
    """ "Who" asks for a person or a body of people. An answer that spaCy's entity tagger reads as a place
    (GPE, LOC) wherever its sentences write it, never as a person or organisation, and that some sentence puts
    after a preposition of place ("in Kelby") needs "where" or "which town/area" ("Who does the councillor
    represent?" -> a town)."""
    if not _WHO.match(q.question) or not q.answers:
        return None
    for answer in q.answers:
        found = spans(answer, q.sentences)
        if not found:
            return None
        labels = {(token.ent_type_ or "") for span in found for token in span}
        if not labels or not labels <= {"GPE", "LOC"}:
            return None
        if not any(span.root.dep_ == "pobj" and span.root.head.lower_ in _PLACE_PREPOSITIONS for span in found):
            return None  # the tagger alone is no proof: a character, a horse, a ship may be tagged a place
    return Finding("who_place", f"'who' asks for a person; the sentences name {q.answers[0]!r} as a place")


@code("where_person")
def where_person(q: QuestionView) -> Finding | None:
    """ "Where" asks for a place and "when" for a time; an answer the sentences introduce as a person (after a
    person noun, "the architect Ida Marsh", an honorific, or with an age, "Marsh, 41,") is neither."""
    from tasks.dragon.questions_en_names import person_evidence

    match = re.match(r"^\s*(where|when)\b", q.question, re.IGNORECASE)
    if not match or not q.answers or not q.sentences:
        return None
    if all(person_evidence(answer.strip(), list(q.sentences)) for answer in q.answers):
        return Finding("where_person", f"{match.group(1).lower()!r} for a person: {q.answers[0]!r}")
    return None


# ---------------------------------------------------------------- a name written lower-case

@code("name_lowercase")
def name_lowercase(q: QuestionView) -> Finding | None:
    """Proper names keep their capital. A word of the question that English does not know as a common word and
    that every sentence writing it capitalises (not only where it opens the sentence) is a name the question
    wrote lower-case."""
    doc = parse(q.question)
    for token in doc[1:]:
        word = token.text
        if not word.isalpha() or not word.islower() or len(word) < 3 or common_word(word):
            continue
        seen = upper = 0
        for sentence in q.sentences:
            for m in re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", sentence, re.IGNORECASE):
                seen += 1
                if sentence[m.start()].isupper():
                    upper += 1
                    if not sentence[:m.start()].strip():
                        upper -= 1
                        seen -= 1  # sentence-initial: says nothing
        if seen and upper == seen:
            return Finding("name_lowercase", f"{word!r} is a name the sentences capitalise")
    return None


@code("capital_the")
def capital_the(q: QuestionView) -> Finding | None:
    """ "The" is capitalised inside a sentence only where it is part of a name ("said The Guardian"). A question
    that writes "The X" mid-sentence where the sentences capitalise it only because it opens a clause (the
    sentence's start, after a colon, a dash or a quotation mark: "UPDATE: The Kelby Society has ...") or
    write "the X" has carried a clause-initial capital into the middle of the question."""
    for match in re.finditer(r"(?<=\s)The\s+([A-Z][\w'’-]*)", q.question):
        word = match.group(1)
        inside = mentions = 0
        for sentence in q.sentences:
            for m in re.finditer(rf"\b([Tt])he\s+{re.escape(word)}\b", sentence):
                mentions += 1
                before = sentence[:m.start()].rstrip()
                if m.group(1) == "T" and before and before[-1] not in ":;.!?—–-\"“‘'(":
                    inside += 1
        if mentions and not inside:
            return Finding("capital_the", f"'The {word}': the sentences capitalise 'The' only where it opens a clause")
    return None


# ---------------------------------------------------------------- a stranded "of" after a definite object

_POSSESSOR_GAP = re.compile(
    rf"^\s*(?:who|whom|what|which\s+\w+)\s+(?:{_AUX_WORDS})\s+.+?\s+"
    r"(?P<verb>[a-z]+)\s+the\s+(?P<noun>(?:[a-z][\w-]*\s+){1,3})of\s*\?\s*$", re.IGNORECASE)
#: verbs whose object is a role held by someone ("become the captain of", "name X the head of"): a stranded "of"
#: after them asks what the role is of, which English allows
_ROLE_VERBS = frozenset("be become remain stay serve name appoint elect make call crown remain take".split())


@code("possessor_gap")
def possessor_gap(q: QuestionView) -> Finding | None:
    """English does not question the owner out of a definite object of an action verb: "Who did the coach
    praise the speed of?" must be "Whose speed did the coach praise?". A wh-question whose action verb's
    object is "the N" with a stranded "of" at the end breaks that rule (roles after "be"/"become" are fine:
    "What is X the chief executive of?")."""
    match = _POSSESSOR_GAP.match(q.question)
    if not match:
        return None
    lemma = verb_lemma(match.group("verb").lower())
    if lemma is None or lemma in _ROLE_VERBS:
        return None
    noun = match.group("noun").split()[-1]
    return Finding("possessor_gap", f"'the {noun} of' with 'of' stranded after {match.group('verb')!r}: "
                                    f"'whose {noun} ...'")


# ---------------------------------------------------------------- determiners: sound and number

#: vowel letters read with a consonant sound ("a union", "a one-off", "a European") and silent h ("an hour")
_CONSONANT_VOWEL = re.compile(r"^(?:one\b|once|uni|use|usu|ura|ure|uro|euro?|eu|ewe|ubiq|utens|utili|utopi|uk\b|ouija)",
                              re.IGNORECASE)
_SILENT_H = re.compile(r"^(?:hour|honest|honou?r|heir|herb)", re.IGNORECASE)


@code("article_sound")
def article_sound(q: QuestionView) -> Finding | None:
    """English writes "an" before a vowel sound and "a" before a consonant sound: "a annual report" and "an
    new stand" break that (judged by the next word's first letters; capitalised words and abbreviations,
    whose sound the letters do not give, are left alone)."""
    words = re.findall(r"[\w'’-]+", q.question)
    for article, word in zip(words, words[1:]):
        low = article.lower()
        if low not in ("a", "an") or not word[:1].isalpha() or not word[:1].islower():
            continue
        vowel = word[0] in "aeiou" and not _CONSONANT_VOWEL.match(word) or bool(_SILENT_H.match(word))
        if low == "a" and vowel:
            return Finding("article_sound", f"'a {word}': 'an' before a vowel sound")
        if low == "an" and not vowel and word[0] not in "h":
            return Finding("article_sound", f"'an {word}': 'a' before a consonant sound")
    return None


_SINGULAR_DETS = frozenset("a an each every this that another".split())
_PLURAL_DETS = frozenset("these those several many few both".split())


@code("det_number")
def det_number(q: QuestionView) -> Finding | None:
    """A determiner agrees in number with its noun: "a"/"each"/"this" take a singular ("a tickets" is wrong),
    "these"/"several"/"both" a plural ("these ticket"). A number between them ("another 40 jobs", "an
    estimated 300 staff") makes the plural right, and collective nouns ("these staff") are left alone."""
    doc = parse(q.question)
    for token in doc:
        if token.dep_ not in ("det", "amod") or token.i >= token.head.i:
            continue
        det, noun = token.lower_, token.head
        if token.i and doc[token.i - 1].lower_ == "how":
            continue  # "how many/much": how_many_noun's
        if noun.pos_ != "NOUN" or not noun.is_alpha or not noun.is_lower:
            continue
        between = doc[token.i + 1:noun.i]
        if any(t.like_num or t.pos_ in ("NUM", "PROPN", "PUNCT", "CCONJ", "VERB", "AUX") or t.lower_ in ("few", "lot", "number", "couple")
               for t in between):
            continue
        if det in _SINGULAR_DETS and token.dep_ == "det" and noun.tag_ == "NNS" and noun.lower_ not in _COLLECTIVE_PLURALS:
            return Finding("det_number", f"{token.text!r} with the plural {noun.text!r}")
        if det in _PLURAL_DETS and noun.tag_ == "NN" and noun.lower_ not in _COLLECTIVE_PLURALS \
                and not (det == "few" and token.i and doc[token.i - 1].lower_ == "a"):
            return Finding("det_number", f"{token.text!r} with the singular {noun.text!r}")
    return None


# ---------------------------------------------------------------- a title read as a name

#: a short capitalised word with a period before a full name ("Insp. Tom Brell"): an abbreviated title
_TITLE = re.compile(r"(?<![\w.])([A-Z][a-z]{1,4})\.\s+[A-Z][\w'’-]+\s+[A-Z]")


#: abbreviated titles and ranks of English news copy (written with or without the period)
_TITLE_WORDS = frozenset("""
    Coun Cllr Cr Sen Rep Gov Lt Sgt Det Const Insp Supt Rev Fr Mr Mrs Ms Prof Gen Col Capt Maj Cpl Pte Hon Ald
    Atty Cmdr Adm Brig Sgt Msgr
    """.split())


@code("title_as_name")
def title_as_name(q: QuestionView) -> Finding | None:
    """An abbreviated title ("Insp.", "Supt.", "Coun.") stands before a name; it is none itself. A question or an
    answer that writes such a word (a short word the language does not know, which the sentences always write
    with a period before a full name) where no name follows it has taken the title for the person (spaCy ends a
    sentence at such a period, so the extractor may read the title as a name)."""
    titles = {m.group(1) for s in q.sentences for m in _TITLE.finditer(s) if not common_word(m.group(1).lower())}
    titles = {t for t in titles if not any(re.search(rf"(?<![\w.]){t}(?![.\w])", s) for s in q.sentences)}
    # English's abbreviated titles and ranks are titles whatever the item's own sentences hold
    titles |= _TITLE_WORDS
    for text in (q.question, *q.answers):
        for title in titles:
            for m in re.finditer(rf"(?<![\w.]){title}\b\.?", text):
                rest = text[m.end():].lstrip()
                if not rest[:1].isupper():
                    return Finding("title_as_name", f"{title!r} is an abbreviated title the sentences write before a "
                                                    f"name, used as a name")
    return None


# ---------------------------------------------------------------- "in" asks for a place

_ORG_IN = re.compile(r"^\s*which\s+organi[sz]ations?\b(?P<body>.*?)\s+(?:in|into|inside)\s*\?\s*$", re.IGNORECASE)
#: verbs whose complement is "in" something abstract or a body ("invest in", "take part in", "specialise in"):
#: with them a stranded "in" asks for no place
_IN_VERBS = frozenset("""
    invest reinvest participate engage specialise specialize believe result succeed trust confide indulge persist
    enrol enroll involve interest share stake help assist join partner collaborate cooperate co-operate
    merge fold absorb incorporate
    """.split())


@code("org_in_place")
def org_in_place(q: QuestionView) -> Finding | None:
    """A stranded "in"/"into" after a verb that does not take "in" as its complement says where: one finishes
    in a league, appears in a court, starts in a town, runs a shop in an arcade; English asks that with
    "where" or "which league/court/town", not "which organization" (prepositional verbs, "invest in", "take
    part in", are left alone)."""
    match = _ORG_IN.match(q.question)
    if not match:
        return None
    words = re.findall(r"[A-Za-z'’-]+", match.group("body"))
    lemmas = [verb_lemma(w.lower()) for w in words if w.islower()]
    if any(lemma in _IN_VERBS for lemma in lemmas if lemma) or "part" in words:
        return None
    return Finding("org_in_place", "a stranded 'in' after a verb that does not take it asks where: not "
                                   "'which organization'")


# ---------------------------------------------------------------- the verb's form after its auxiliary

_DO = frozenset("do does did".split())
_MODALS = frozenset("will would could can may might should must shall".split())
_PERFECT_OR_BE = frozenset("have has had having be been being is are was were am".split())


@lru_cache(maxsize=1)
def _base_verbs() -> frozenset[str]:
    """Every bare verb spaCy's lemma tables know ("found" and "find" both)."""
    from benchmill import nlp

    return frozenset(nlp.spacy_en().get_pipe("lemmatizer").lookups.get_table("lemma_index")["verb"])


@code("verb_form")
def verb_form(q: QuestionView) -> Finding | None:
    """An auxiliary fixes the form of the verb after it: "do/does/did" and a modal take the bare infinitive
    ("did X buy", not "did X bought"; "will X opens"); a do-auxiliary with no subject before its verb ("When
    did open the mill?") has lost the subject. (A passive with a bare verb, "was the mill restore", the parser
    reads as a noun, so it is not checked here.)"""
    doc = parse(q.question)
    for token in doc:
        if token.pos_ not in ("VERB", "AUX") or not token.is_alpha or not token.is_lower:
            continue
        auxes = [c for c in token.children if c.dep_ in ("aux", "auxpass") and c.i < token.i]
        words = {c.lower_ for c in auxes}
        lemma = token.lemma_.lower()
        if not auxes or words & _PERFECT_OR_BE:
            continue  # "has opened", "will be opened": the form is the participle's
        if words & (_DO | _MODALS) and token.lower_ != lemma and token.tag_ in ("VBD", "VBZ", "VBN") \
                and token.lower_ not in _base_verbs():  # "did X found": "found" is a verb of its own
            aux = next(c for c in auxes if c.lower_ in _DO | _MODALS)
            return Finding("verb_form", f"{aux.text!r} takes the bare verb: {lemma!r}, not {token.text!r}")
        do = [c for c in auxes if c.lower_ in _DO]
        if do and do[-1].i + 1 == token.i and not any(c.dep_ in ("nsubj", "nsubjpass") and c.i < token.i
                                                         for c in token.children) and do[-1].i > 0:
            if doc[0].lower_ not in ("who", "what", "which") or do[-1].i > 1:
                return Finding("verb_form", f"{do[-1].text!r} {token.text!r} with no subject between them")
    return None


# ---------------------------------------------------------------- the present for what the sentences put in the past

@code("present_for_past")
def present_for_past(q: QuestionView) -> Finding | None:
    """Tense follows the sentences: a question in the simple present ("does/do X own ...?") about what every
    sentence writes only in the simple past ("owned ... until 2019", "opened the stand in 2019") asks about
    a state or an act the text puts in the past (the converse of ``tense_clash``'s past for a present)."""
    from tasks.dragon.question_grammar_en import _tenses

    if not q.sentences:
        return None
    doc = parse(q.question)
    for token in doc:
        if token.pos_ != "VERB" or not any(c.dep_ == "aux" and c.lower_ in ("does", "do") for c in token.children):
            continue
        lemma = token.lemma_.lower()
        if lemma in ("be", "have"):
            continue
        theirs = set().union(*(_tenses(parse(s), lemma) for s in q.sentences))
        if theirs == {"past"}:
            return Finding("present_for_past", f"present '{token.text}' where the sentences write {lemma!r} only in "
                                               f"the past")
    return None


# ---------------------------------------------------------------- a thing that intends

#: verbs of intention and decision: their subject is someone (a person or a body of people) who means to act
_INTENTION_VERBS = frozenset("""
    plan want hope agree decide intend try refuse aim promise vow choose wish seek attempt vote pledge threaten
    """.split())


@code("what_intends")
def what_intends(q: QuestionView) -> Finding | None:
    """ "What" as the subject asks for a thing, and a thing does not plan, agree or decide: "What plans to cover
    690 kilometres?" (a race) must name what it is ("Which race will cover ...?"); someone who intends is asked
    "who" or "which organization"."""
    match = re.match(r"^\s*what\s+([a-z]+)\b", q.question, re.IGNORECASE)
    if not match:
        return None
    word = match.group(1).lower()
    if word in _AUXILIARIES + _BE_FINITE:
        return None
    if verb_lemma(word) in _INTENTION_VERBS and word.endswith(("s", "ed")) or word in ("chose", "sought", "tried"):
        return Finding("what_intends", f"'what' as the subject of {word!r}: a thing intends nothing")
    return None


# ---------------------------------------------------------------- a label noun without its number

_NUMBER = r"(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred)\b"


@code("cut_label")
def cut_label(q: QuestionView) -> Finding | None:
    """A noun the sentences always write with its number after it ("number one", "platform 4", "gate 12")
    names a label, not a thing; without the number ("When did the song reach number?") the question has cut
    the phrase in two."""
    doc = parse(q.question)
    for token in doc:
        if token.tag_ != "NN" or not token.is_lower or any(c.dep_ in ("det", "poss") for c in token.children) \
                or token.dep_ not in ("dobj", "pobj", "attr", "npadvmod"):
            continue  # (a verb the parser tagged a noun is the root: "How many people will X hire?")
        after = doc[token.i + 1] if token.i + 1 < len(doc) else None
        if after is not None and (after.like_num or after.pos_ == "NUM"):
            continue
        pattern = re.compile(rf"(?<![\w-]){re.escape(token.text)}\b(\s+{_NUMBER})?", re.IGNORECASE)
        found = [m for s in q.sentences for m in pattern.finditer(s)]
        if found and all(m.group(1) for m in found):
            return Finding("cut_label", f"{token.text!r} without the number the sentences give it: "
                                        f"{found[0].group(0)!r}")
    return None


# ---------------------------------------------------------------- a word said twice

@code("doubled_word")
def doubled_word(q: QuestionView) -> Finding | None:
    """A function word said twice in a row ("the the", "to to", "in in") is a slip English never makes on
    purpose (content words may repeat: "very very", names "Baden-Baden" are one word)."""
    words = re.findall(r"[\w'’-]+", q.question)
    _, stops = lexicon()
    for a, b in zip(words, words[1:]):
        if a.lower() == b.lower() and a.lower() in stops and a.lower() not in ("that", "had"):
            return Finding("doubled_word", f"{a!r} twice in a row")
    return None




# ---------------------------------------------------------------- a transitive verb left without its object

#: a question word that asks for no object: when, where, why, and a bare "how" ("How large a budget did X
#: approve?" fronts the object in its phrase)
_ADVERBIAL_WH = re.compile(rf"^\s*(?:when|where|why|how(?=\s+(?:{'|'.join(_AUXILIARIES + _BE_FINITE)})\b))\b",
                           re.IGNORECASE)
_LAST_VERB = re.compile(r"\b([a-z]+)\s*\?\s*$")


def _uses(lemma: str, sentences) -> tuple[bool, bool]:
    """(used with an object or in the passive, used alone with a subject) for a verb lemma in the sentences."""
    transitive = alone = False
    for sentence in sentences:
        for token in parse(sentence):
            if token.pos_ != "VERB" or token.lemma_.lower() != lemma:
                continue
            passive = any(c.dep_ in ("auxpass", "agent") for c in token.children) or (
                token.tag_ == "VBN" and token.dep_ in ("conj", "acl", "amod")
                and (token.dep_ != "conj" or any(c.dep_ == "auxpass" for c in token.head.children)))
            if passive or any(c.dep_ in ("dobj", "ccomp", "xcomp") for c in token.children) or objects(token):
                transitive = True
            elif any(c.dep_ == "nsubj" for c in token.children):
                alone = True
    return transitive, alone


@code("object_dropped")
def object_dropped(q: QuestionView) -> Finding | None:
    """A question asking when / where / why / how something was done ends on a verb its sentences only use with
    an object or in the passive ("When did Wilmot House restore?" from "… and restored in 2009 by its owners"):
    the verb has lost its object, or the thing done to has become the doer. Verbs that English uses both ways
    ("the theatre opened") are left alone."""
    if not _ADVERBIAL_WH.match(q.question):
        return None
    match = _LAST_VERB.search(q.question)
    if not match:
        return None
    lemma = verb_lemma(match.group(1))
    if not lemma or lemma in _ERGATIVE:
        return None
    if not _AUX.search(q.question):
        return None  # "When did X ... <verb>?": an auxiliary opens the clause the verb closes
    qdoc = parse(q.question)
    last = [t for t in qdoc if not t.is_punct][-1]
    if last.pos_ not in ("VERB", "NOUN") or any(c.dep_ in ("dobj", "prt") for c in last.children):
        return None  # (the parser reads a bare verb after a name as a noun: "When did Ash House restore?")
    transitive, alone = _uses(lemma, q.sentences)
    if transitive and not alone:
        return Finding("object_dropped", f"{match.group(1)!r} ends the question without the object its sentences "
                                         f"give it (or a passive)")
    return None


# ---------------------------------------------------------------- people asked as an organisation

_WHICH_ORG = re.compile(r"^\s*which\s+organi[sz]ations?\b", re.IGNORECASE)
#: nouns of groups of people that are no organisation ("the Dyck family", "the couple", "residents")
_PEOPLE_GROUPS = frozenset("""
    family families couple couples brothers sisters siblings parents children sons daughters residents
    neighbours neighbors relatives heirs twins husband wife widow widower
    """.split())


@code("people_as_organization")
def people_as_organization(q: QuestionView) -> Finding | None:
    """ "Which organization(s)" asked of an answer that is a family or another group of people ("the Dyck
    family of Herbert"): people are not an organisation."""
    if not _WHICH_ORG.match(q.question):
        return None
    for answer in q.answers:
        words = re.findall(r"[a-z]+", answer.lower().split(" of ")[0])
        if words and words[-1] in _PEOPLE_GROUPS:
            return Finding("people_as_organization", f"'which organization' asked of {answer!r}, a group of people")
    return None


# ---------------------------------------------------------------- a phrase English gives an article

#: an ordinal ("61st", "third") or "further"/"additional" before a noun or an amount, right after a preposition
#: or a verb's auxiliary-less object slot: "in the 61st minute", "pay a further $40,000"
_BARE_ORDINAL = re.compile(r"\b(?:in|on|at|by|for|from|to|into|after|before|during|until|since)\s+"
                           r"(?P<phrase>\d+(?:st|nd|rd|th)\s+[a-z]+)\b")
_BARE_FURTHER = re.compile(r"(?P<before>\b[A-Za-z]+)\s+(?P<phrase>(?:further|additional)\s+[$£€\d])")


@code("missing_article")
def missing_article(q: QuestionView) -> Finding | None:
    """An ordinal makes its noun one of a series: English writes it with "the" ("left the field in the 61st
    minute", not "in 61st minute"); "further" or "additional" before an amount takes "a" ("pay a further
    $40,000"). A question that writes either bare lost the article of its fact's object."""
    match = _BARE_ORDINAL.search(q.question)
    if match:
        return Finding("missing_article", f"{match.group('phrase')!r} without 'the'")
    match = _BARE_FURTHER.search(q.question)
    if match and match.group("before").lower() not in ("a", "an", "the", "any", "no", "this", "that", "its", "their"):
        return Finding("missing_article", f"{match.group('phrase')!r} without 'a'")
    return None


# ---------------------------------------------------------------- a title cut from its modifier

_TITLE_PHRASE = re.compile(r"\bthe\s+(?P<role>(?:[A-Za-z][\w-]*\s+){0,3}?[a-z][\w-]*)\s+(?:of|at|for)\b")


@code("cut_title")
def cut_title(q: QuestionView) -> Finding | None:
    """A post is named by its whole title: "the Southern services manager" where the sentences write "Southern
    renal services manager", "the committee chair" where they write "finance committee chair", names another post
    (or none). The title's head is a noun of a post or of a person (``agent_noun``); the sentences' lower-case
    modifiers before it that the question drops (other than "former" and the like) cut it."""
    from types import SimpleNamespace

    from tasks.dragon.question_grammar_en import _POST_NOUNS
    from tasks.dragon.questions_en_checks import en_cut_role
    from tasks.dragon.questions_en_names import _person_word, agent_noun

    if not q.sentences:
        return None
    for match in _TITLE_PHRASE.finditer(q.question):
        role = match.group("role")
        head = role.split()[-1].lower()
        if not (agent_noun(head) or _person_word(head) or head in _POST_NOUNS):
            continue
        cut = en_cut_role(SimpleNamespace(relation=f"{role} of", sentences=list(q.sentences)))
        if cut:
            return Finding("cut_title", cut.removeprefix("skipped: "))
    return None


CHECKS = [how_many_noun, voice_flip, who_place, where_person, name_lowercase, capital_the, possessor_gap, article_sound, det_number,
          title_as_name, org_in_place, verb_form, present_for_past, what_intends, cut_label, doubled_word, object_dropped, people_as_organization,
          missing_article, regular_for_irregular, cut_title]
