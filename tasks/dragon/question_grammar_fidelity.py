"""Fidelity checks of the question-grammar filter (``question_grammar``), English and Russian: a question
must say its fact the way its reference sentences say it.

A template writes a few words of its own (the question word, an auxiliary, a class noun: «Какая
организация», "Which organization did") and copies the rest from a sentence. What it copies must keep
the sentence's form. These checks align the question's words (their forms and lemmas) with the words of
each reference sentence (``QuestionView.sentences``) and reject a copy that lost or changed something:

- ``dropped_word``: two words that stand side by side in the question where the sentence has a
  preposition, particle or article between them, in a stretch the question copies ("got two defenders"
  of "got behind two defenders", «отразил 31 бросок 34» of «31 бросок из 34», "award contract worth" of
  "awarded a contract worth");
- ``lost_complement`` (English): a verb of the question without a complement its sentence's verb governs and
  the question neither says nor asks for ("When did X plead?" of "pleaded guilty", "How many crews did X put?"
  of "put 120 crews on standby", "When will X prepare?" of "prepare for the tournament"), a post without the
  "of" phrase the sentences give it ("the former head" of "head of energy"); adjuncts of time, place and amount
  may go;
- ``number_not_said``: a number the question writes as no sentence does (a number glued to another,
  «до 2 120 тысяч тонн» of «2 млрд рублей … до 120 тысяч тонн»; a grouping the sentence writes otherwise,
  «26000» of «26 000»);
- ``verb_not_said``: a verb the question writes in a form of no sentence's verb: a verb cut to another word
  ("spar" of "sparing", a form of "spare"), a past verb read with the modal of the verb it is joined to ("will
  play X and beat Y" of "beat Y" in the past), a Russian verb in the past where the sentence has it in the
  future or present («списала» of «спишет»);
- ``capital_not_said``: a word capitalised inside the question that the sentences write in lower case
  ("Receiver Andre Tibbs" of "receiver Andre Tibbs"), or capitalise only because it opens them and read
  there as a common noun, no name ("Shares of Keewatin" of a sentence opening "Shares of Keewatin rose");
- ``dateline``: a dateline in capitals glued to the answer or the question ("ALEXANDRA — MetService" of
  a sentence opening "ALEXANDRA — MetService has issued").

The language modules list these in their ``CHECKS`` (``question_grammar_en``, ``question_grammar_ru``);
each check reads the language from ``QuestionView.lang``. English words are read with spaCy
(``question_grammar_en_text.parse``), Russian ones with pymorphy (``question_grammar_ru_words``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tasks.dragon.question_grammar import Finding, QuestionView, code

#: prepositions, particles and articles a copied stretch must keep ("by" aside: a passive turned active
#: loses it, "owned by the brothers" -> "Who owned ...")
_FUNCTION_WORDS = {
    "en": frozenset("""
        a an the about above across after against along among around at before behind below beneath beside between
        beyond down during for from in inside into near of off on onto out outside over past since through
        throughout to toward towards under until up upon with within without than
        """.split()),
    "ru": frozenset({"в", "во", "на", "с", "со", "за", "под", "из", "от", "к", "ко", "о", "об", "по", "у", "для",
                     "до", "перед", "над", "через", "при", "после", "без", "между", "около", "против", "среди"}),
}
#: words that only make a number approximate: a question may leave them out («потратит 150 млн» of «около 150 млн»)
_APPROXIMATORS = frozenset({"about", "around", "около"})

_TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+(?:[-'’][^\W\d_]+)*|\S")


@dataclass(frozen=True)
class Word:
    """One token of a text as the alignment reads it."""

    text: str
    lower: str
    lemmas: frozenset[str]
    start: int

    @property
    def word(self) -> bool:
        return self.text[:1].isalnum()


@lru_cache(maxsize=8192)
def words(text: str, lang: str) -> tuple[Word, ...]:
    """The tokens of a text with their lemmas (spaCy's for English, pymorphy's for Russian)."""
    if lang == "en":
        from tasks.dragon.question_grammar_en_text import parse

        return tuple(Word(t.text, t.lower_, frozenset({t.lemma_.lower()}), t.idx) for t in parse(text)
                     if not t.is_space)
    from tasks.dragon.question_grammar_ru_words import _lemmas

    return tuple(Word(m.group(0), m.group(0).lower().replace("ё", "е"),
                      frozenset(_lemmas(m.group(0)) if m.group(0)[:1].isalpha() else {m.group(0)}), m.start())
                 for m in _TOKEN.finditer(text))


def _same(a: Word, b: Word) -> bool:
    """The same word, in any form."""
    return a.lower == b.lower or bool(a.lemmas & b.lemmas) and a.word and b.word


# ---------------------------------------------------------------- a function word lost from a copied stretch

@code("dropped_word")
def dropped_word(q: QuestionView) -> Finding | None:
    """Two words side by side in the question that a sentence writes with one preposition, particle or article
    between them, inside a stretch the question copies (a third word beside them stands beside them in the
    sentence too): "got two defenders" of "got behind two defenders", «31 бросок 34» of «31 бросок из 34»."""
    function = _FUNCTION_WORDS.get(q.lang)
    if not function:
        return None
    asked = words(q.question, q.lang)
    for sentence in q.sentences:
        said = words(sentence, q.lang)
        for i in range(len(asked) - 1):
            a, b = asked[i], asked[i + 1]
            if not (a.word and b.word):
                continue
            for j in range(len(said) - 2):
                gap = said[j + 1]
                if gap.lower not in function or not _same(a, said[j]) or b.lower != said[j + 2].lower or _same(a, gap):
                    continue  # the word after the gap as the sentence writes it: a case of its own is a new frame
                if gap.lower in _APPROXIMATORS and b.text[:1].isdigit():
                    continue
                left = i > 0 and j > 0 and asked[i - 1].word and _same(asked[i - 1], said[j - 1])
                right = i + 2 < len(asked) and j + 3 < len(said) and _same(asked[i + 2], said[j + 3])
                if left or right:
                    stretch = sentence[said[j].start:said[j + 2].start + len(said[j + 2].text)]
                    return Finding("dropped_word", f"'{a.text} {b.text}' has lost {gap.text!r}: the sentence writes "
                                                   f"{stretch!r}")
    return None


# ---------------------------------------------------------------- a complement the sentence's verb governs, lost

#: a question word that asks for no argument of the verb: a time, place, reason or manner ("Since when", "How long")
_ADVERBIAL_WH = re.compile(r"^\s*(?:since\s+)?(?:when|where|why|how(?!\s+(?:many|much)\b))\b", re.IGNORECASE)
#: dependents of a question's verb that fill its object or complement ("did X use the barn", "did X plead guilty")
_FILLED = frozenset({"dobj", "attr", "ccomp", "xcomp", "oprd", "acomp", "dative"})
#: prepositions of time and place: their phrases are adjuncts a question may leave out ("appear in court")
_ADJUNCT_PREPOSITIONS = frozenset("""
    in at on near inside outside around across throughout along beside during before after until till since by over
    within as from
    """.split())
#: entities of a time, place or amount: a phrase of one is an adjunct ("prepare in April", "listed for €1 million")
_ADJUNCT_ENTITIES = frozenset("DATE TIME GPE LOC FAC MONEY CARDINAL QUANTITY PERCENT ORDINAL".split())
#: prepositions of a bare-noun phrase that, with an object, completes the verb ("placed crews on standby", "took
#: him into custody", "put the plan on hold")
_STATE_PREPOSITIONS = frozenset({"on", "into", "onto", "under"})
#: bare nouns of such a phrase that say how, not the state the object is put in ("signed him on loan")
_MANNER_NOUNS = frozenset("loan average foot time board site record purpose behalf schedule track target course hand "
                          "duty air display offer".split())
#: auxiliaries a question opens its clause with, which the parser may read as its verb ("How many did X place?")
_AUXILIARIES = frozenset("do does did will would could can should may might must shall has have had".split())


def _keys(doc) -> set[str]:
    return {k for t in doc for k in (t.lower_, t.lemma_.lower())}


def _covered(token, keys: set[str]) -> bool:
    """A content word of ``token``'s phrase is in the question or the answer."""
    return any(t.lower_ in keys or t.lemma_.lower() in keys for t in token.subtree
               if t.pos_ in ("NOUN", "PROPN", "NUM", "ADJ", "VERB", "ADV"))


def _question_verbs(doc):
    """(token, lemma, bare, filled) for each verb of the question: ``bare`` when nothing follows it in its clause
    ("When will X prepare?"), ``filled`` when something of its own fills its object. A last word the parser reads
    as a noun after an auxiliary ("Who did X bar?") counts as a bare verb."""
    from tasks.dragon.question_grammar_en_text import verb_lemma

    words = [t for t in doc if not t.is_punct]
    for token in words:
        if token.pos_ != "VERB":
            continue
        after = next((t for t in words if t.i > token.i), None)
        yield (token, token.lemma_.lower(), after is None or after.dep_ == "cc",
               any(c.dep_ in _FILLED for c in token.children))
    last = words[-1] if words else None
    if last is not None and last.pos_ != "VERB" and any(t.pos_ == "AUX" or t.lower_ in _AUXILIARIES for t in words[:-1]):
        lemma = verb_lemma(last.lower_)
        if lemma:
            yield last, lemma, True, False


def _said_of(verb, keys: set[str]) -> bool:
    """The sentence's verb is the question's: its subject is asked or answered (or a pronoun, or none)."""
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    return not subjects or any(t.pos_ == "PRON" or t.pos_ in ("NOUN", "PROPN", "NUM") and t.lower_ in keys
                               for c in subjects for t in c.subtree)


def _named(token, keys: set[str]) -> bool:
    """The noun ``token`` or a word of its own before it ("the Candidates tournament") is in the question or the
    answer (the phrases hung on it aside: "the tournament in April" is not named by "April")."""
    return any(t.lower_ in keys or t.lemma_.lower() in keys
               for t in (token, *(c for c in token.children if c.dep_ in ("compound", "amod", "poss", "nmod"))))


def _lost_from(verb, asked: set[str], answered: set[str], bare: bool, filled: bool, adverbial: bool) -> str | None:
    """What of ``verb``'s complements (in its sentence) the question neither says (``asked``: its words) nor asks
    for (``answered``: its answers' words), or None."""
    keys = asked | answered
    from tasks.dragon.questions_en_valency import (_NOT_OBJECT_NOUNS, _SELECTED_WITH_GERUND, _gap_noun, particle_adverb,
                                                   second_object)
    from tasks.dragon.questions_en_context import objects as verb_objects

    # a question that fills the verb's object with a hidden receiver ("lend the organization whose ...") says it
    given = second_object(verb, lambda token: _covered(token, keys) or filled and token.dep_ != "dobj")
    if given is not None:
        return f"{verb.text!r} lost its second object ({verb.doc[given.left_edge.i:given.right_edge.i + 1].text!r})"
    particle = particle_adverb(verb, asked)
    if particle is not None:
        return f"{verb.text!r} lost its particle {particle.text!r}"
    objects = verb_objects(verb)  # ("beat Chester 3-1": the parser's adverb)
    gap = _gap_noun(verb.doc, verb) if adverbial and not filled else None
    if gap is not None and not {gap.lower_, gap.lemma_.lower()} & keys:
        return f"{verb.text!r} lost its object, the noun its clause hangs on ({gap.text!r})"
    for c in verb.children:
        predicative = c.dep_ in ("acomp", "oprd") or c.dep_ == "advmod" and c.i == verb.i + 1 and (
            c.tag_ == "JJ" or c.ent_type_ == "ORDINAL")  # "finished fifth": the parser's adverb
        if predicative and not _covered(c, keys):
            return f"{verb.text!r} needs {c.text!r}, which the question drops"
        if c.dep_ == "prt" and c.lower_ not in asked:
            return f"{verb.text!r} lost its particle {c.text!r}"
        if c.dep_ == "advmod" and c.i == verb.i + 1 and c.lower_ in _FUNCTION_WORDS["en"] and c.lower_ not in asked \
                and any(o.i > c.i for o in objects):
            return f"{verb.text!r} lost the preposition before its object ({c.text!r})"
        if (c.dep_ == "attr" or c in objects) and c.pos_ != "PRON" and adverbial and not filled and not _covered(c, keys):
            return f"{verb.text!r} lost its object ({c.text!r})"
        obj = next((g for g in c.children if g.dep_ in ("pobj", "pcomp")), None) if c.dep_ == "prep" else None
        if obj is None or c.lower_ in asked:
            continue
        phrase = verb.doc[c.i:c.right_edge.i + 1].text
        if c.lower_ in _SELECTED_WITH_GERUND and obj.tag_ == "VBG" and not _covered(c, keys):
            return f"{verb.text!r} lost the complement it selects ({phrase!r})"
        if obj.dep_ != "pobj" or obj.pos_ == "NUM" or obj.ent_type_ in _ADJUNCT_ENTITIES or obj.lower_ in _NOT_OBJECT_NOUNS:
            continue
        if not adverbial and not filled and _named(obj, answered):
            return f"{verb.text!r} asks for what {c.text!r} governs and lost {c.text!r}"
        if _named(obj, keys):
            continue
        if bare and adverbial and c.lower_ not in _ADJUNCT_PREPOSITIONS \
                and (obj.pos_ == "PROPN" or any(g.dep_ in ("det", "poss") for g in obj.children)):
            return f"{verb.text!r} is asked bare: its sense is in {phrase!r}"
        if objects and _state_phrase(c, obj):
            return f"{verb.text!r} lost the phrase that completes it with its object ({phrase!r})"
    for o in objects:  # the parser hangs the phrase on the object as often ("placed 30 ambulances on standby")
        for c in o.children:
            obj = next((g for g in c.children if g.dep_ == "pobj"), None) if c.dep_ == "prep" else None
            if obj is not None and c.i == o.i + 1 and c.lower_ not in asked and not _named(obj, keys) \
                    and _state_phrase(c, obj):
                return f"{verb.text!r} lost the phrase that completes it with its object ({c.text} {obj.text!r})"
    return None


def _answer_hung(verb, answers, asked: set[str]) -> str | None:
    """An answer that is no object of the sentence's ``verb`` but hangs on the noun that is, which the question
    does not say ("Which centre did X pay for?" of "paid for the exhibition at the Arts Centre")."""
    from tasks.dragon.questions_en_context import _span_of
    from tasks.dragon.questions_en_valency import hung_on_another_noun

    for answer in answers:
        span = _span_of(verb.doc, answer)
        holder = hung_on_another_noun(verb, span, asked) if span is not None else None
        if holder is not None:
            return f"{answer!r} is not what {verb.text!r} acts on but hangs on it ({holder!r})"
    return None


def _state_phrase(preposition, noun) -> bool:
    """A preposition and a bare noun that say the state an object is put in ("on standby", "into administration"),
    not a word joined by a hyphen ("on-ramp")."""
    return preposition.lower_ in _STATE_PREPOSITIONS and bool(preposition.whitespace_) and noun.tag_ in ("NN", "JJ") \
        and noun.lower_ not in _MANNER_NOUNS and not any(g.dep_ in ("det", "poss", "nummod", "amod", "compound") for g in noun.children)


@code("lost_complement")
def lost_complement(q: QuestionView) -> Finding | None:
    """A verb of the question said without a complement its sentence gives it, one the question neither says nor
    asks for: a predicative ("plead" of "pleaded guilty", "finished" of "finished fifth"), a particle, a
    preposition the parser took for an adverb ("get two defenders" of "got behind two defenders"), the object of
    a verb asked with "when" or "where" (or the noun its relative clause hangs on: "Since when has X used?" of
    "the barn it has used since 2015"), a prepositional complement the verb selects ("bar" of "barred him from
    holding"), the phrase that completes a verb with its object ("put crews" of "put crews on standby"), or the
    phrase a bare verb takes its sense from ("When will X prepare?" of "prepare for the tournament in April").
    Phrases of time, place and amount are adjuncts a question may leave out. Every sentence that says the verb
    of the question's subject must lose something. A post the question ends without "of" ("Where was X the
    former head?") loses the "of" phrase every sentence gives it ("former head of energy at ...") where the
    question and its answer say no word of it."""
    if q.lang != "en" or not q.sentences:
        return None
    from tasks.dragon.question_grammar_en_text import parse

    doc = parse(q.question)
    asked = _keys(doc)
    answered = set().union(*(_keys(parse(a)) for a in q.answers))
    keys = asked | answered
    adverbial = _ADVERBIAL_WH.match(q.question) is not None
    for token, lemma, bare, filled in _question_verbs(doc):
        said = [t for s in q.sentences for t in parse(s)
                if t.pos_ == "VERB" and t.lemma_.lower() == lemma and _said_of(t, keys)]
        lost = [_lost_from(t, asked, answered, bare, filled, adverbial)
                or (None if adverbial else _answer_hung(t, q.answers, asked)) for t in said]
        if lost and all(lost):
            return Finding("lost_complement", lost[0])
    for match in _POST_ENDS.finditer(q.question):
        role = match.group("role")
        lost = _post_lost_of(role.split()[-1].lower(), keys, q.sentences)
        if lost:
            return Finding("lost_complement", f"'the {role}' without what the sentences say it is of ({lost!r})")
    return None


#: a post the question names without "of" after it ("Where was X the former head?")
_POST_ENDS = re.compile(r"\bthe\s+(?P<role>(?:[A-Za-z][\w-]*\s+){0,3}?[a-z][\w-]*)\s*(?=\?|,|\b(?:and|at|for|in|with)\b)")


def _post_lost_of(head: str, keys: set[str], sentences) -> str | None:
    """The "of" phrase every sentence that writes the post ``head`` gives it ("head of energy"), when neither the
    question nor its answers say a word of it; None when a sentence writes the post without one, or ``head`` is
    no noun of a post or a person."""
    from tasks.dragon.question_grammar_en import _POST_NOUNS
    from tasks.dragon.question_grammar_en_text import parse
    from tasks.dragon.questions_en_names import _person_word, agent_noun

    if not (agent_noun(head) or _person_word(head) or head in _POST_NOUNS):
        return None
    lost = None
    for sentence in sentences:
        for token in parse(sentence):
            if token.lower_ != head or token.pos_ != "NOUN":
                continue
            of = next((c for c in token.children if c.dep_ == "prep" and c.lower_ == "of"), None)
            words = [t for t in of.subtree if t.is_alpha and t.i > of.i] if of is not None else []
            if not words or any(t.lower_ in keys or t.lemma_.lower() in keys for t in words):
                return None
            lost = lost or token.doc[of.i:of.right_edge.i + 1].text
    return lost


# ---------------------------------------------------------------- numbers

#: a number as written: «2 120» (thousands apart by a space), "46,000", "4.2", «3,8», "11"
_NUMBER = re.compile(r"(?<![\d,.])(?:\d{1,3}(?:[ \u00a0]\d{3})+|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?![\d]|[.,]\d)")


def _value(number: str) -> str:
    """A number without its grouping ("46,000" and «46 000» -> "46000"; «3,8» -> "3.8")."""
    number = re.sub(r"[ \u00a0]", "", number)
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", number):
        return number.replace(",", "")
    return number.replace(",", ".")


@code("number_not_said")
def number_not_said(q: QuestionView) -> Finding | None:
    """A number the question writes as no reference sentence does: one the sentences never give («до 2 120 тысяч
    тонн» of «2 млрд рублей … до 120 тысяч тонн»), or one they write with another grouping («26000» of
    «26 000»)."""
    sentences = q.sentences
    if not sentences:
        return None
    written = {n.replace("\u00a0", " ") for s in sentences for n in _NUMBER.findall(s)}
    for number in _NUMBER.findall(q.question):
        number = number.replace("\u00a0", " ")
        if number in written:
            continue
        same = sorted(w for w in written if _value(w) == _value(number))
        if same:
            return Finding("number_not_said", f"{number!r} is written {same[0]!r} in the sentences")
        return Finding("number_not_said", f"the number {number!r} is in no reference sentence")
    return None


# ---------------------------------------------------------------- verb forms

#: auxiliaries a coordinated verb shares with the verb before it ("will play X and beat Y": "will beat")
_MODALS = frozenset("will would could can may might should must shall".split())


def _shared_modal(token) -> str | None:
    """The modal a bare verb joined by "and" borrows from the verb before it ("will play X and beat Y"), or None."""
    if token.dep_ != "conj" or token.lower_ != token.lemma_.lower() \
            or any(c.dep_ in ("aux", "auxpass") for c in token.children):
        return None
    return next((c.text for c in token.head.children if c.dep_ == "aux" and c.lower_ in _MODALS), None)


def _en_verb_form(q: QuestionView) -> Finding | None:
    from tasks.dragon.question_grammar_en_text import parse

    said = [t for s in q.sentences for t in parse(s)]
    forms = {t.lower_ for t in said}
    for token in parse(q.question):
        modal = _shared_modal(token) if token.pos_ == "VERB" else None
        same = [t for t in said if t.lemma_.lower() == token.lemma_.lower() and t.pos_ == "VERB"] if modal else []
        if same and all(t.tag_ == "VBD" for t in same):  # the sentences write it in the past only
            return Finding("verb_not_said", f"'{modal} ... and {token.text}' reads {token.text!r} with {modal!r}: the "
                                            f"sentence writes {same[0].text!r} in the past")
    for token in parse(q.question):
        word = token.lower_
        if word in forms or not word.isalpha():
            continue
        for t in said:
            if t.pos_ == "VERB" and t.lower_ in (word + "ing", word + "ed") and _short_closed(word):
                return Finding("verb_not_said", f"{token.text!r} is cut from {t.text!r}, a form of {word + 'e'!r}: "
                                                f"a one-syllable verb ending in a vowel and a consonant doubles it "
                                                f"({word + word[-1] + t.lower_[len(word):]!r})")
    return None


def _short_closed(word: str) -> bool:
    """A word of one syllable ending in one vowel and one consonant ("spar", "hop"): English doubles its last
    letter before "-ing" and "-ed" ("sparring"), so a sentence's "sparing" is a form of "spare", not of it."""
    return len(re.findall(r"[aeiou]+", word)) == 1 and re.search(r"[^aeiou][aeiou][b-df-hj-np-tvz]$", word) is not None


def _ru_tenses(word: str) -> set[str]:
    from tasks.dragon.question_grammar_ru_words import _parses

    return {"past" if "past" in p.tag else "nonpast" for p in _parses(word)
            if p.tag.POS == "VERB" and ("past" in p.tag or "pres" in p.tag or "futr" in p.tag)}


def _ru_verb_form(q: QuestionView) -> Finding | None:
    said = [w for s in q.sentences for w in words(s, "ru")]
    forms = {w.lower for w in said}
    for w in words(q.question, "ru"):
        if w.lower in forms or not w.word:
            continue
        tenses = _ru_tenses(w.lower)
        if len(tenses) != 1:
            continue
        same = [s for s in said if s.lemmas & w.lemmas and _ru_tenses(s.lower)]
        if same and not any(_ru_tenses(s.lower) & tenses for s in same):
            tense = "прошедшем" if tenses == {"past"} else "настоящем или будущем"
            return Finding("verb_not_said", f"«{w.text}» в {tense} времени: предложение пишет «{same[0].text}»")
    return None


@code("verb_not_said")
def verb_not_said(q: QuestionView) -> Finding | None:
    """A verb of the question in a form the sentences' verb does not take: a word cut from the sentence's verb
    ("spar" of "sparing"), a bare verb joined by "and" to a verb with "will" (or another modal) that reads it
    in the future where the sentence writes it in the past ("will play X and beat Y" of "beat Y"), a Russian verb in the past where the sentences have it only in the present or
    future, or the other way («списала» of «спишет»). (An irregular verb given a regular ending, "repayed", is
    ``regular_for_irregular`` below.)"""
    if not q.sentences:
        return None
    if q.lang == "en":
        return _en_verb_form(q)
    if q.lang == "ru":
        return _ru_verb_form(q)
    return None


# ---------------------------------------------------------------- a regular ending on an irregular verb

@lru_cache(maxsize=1)
def _irregular_forms() -> dict[str, frozenset[str]]:
    from tasks.dragon.questions_en_verbs import _en_forms_by_lemma

    return _en_forms_by_lemma()


@code("regular_for_irregular")
def regular_for_irregular(q: QuestionView) -> Finding | None:
    """A verb whose past the language makes irregular ("repay" → "repaid") written with the regular "-ed"
    ("repayed"), where the sentences write the irregular form: a misspelling the question made, not the text.
    (Listed in ``question_grammar_en_rules.CHECKS``: English only.)"""
    from tasks.dragon.question_grammar_en_text import parse

    written = " ".join(q.sentences).lower()
    for token in parse(q.question):
        text = token.lower_
        if not text.endswith("ed") or not token.is_alpha or text in written:
            continue
        lemma = token.lemma_.lower()
        forms = {f for f in _irregular_forms().get(lemma, ()) if not f.endswith("ing")}
        said = [f for f in forms if re.search(rf"\b{re.escape(f)}\b", written)]
        if said and text not in forms:
            return Finding("regular_for_irregular", f"{token.text!r} where the sentences write {said[0]!r}")
    return None


# ---------------------------------------------------------------- capitals

#: what may stand before a word that opens a sentence (quotes, a dash of direct speech)
_OPENING = re.compile(r"[\s\"“‘'«—–-]*")


def _opens(sentence: str, start: int) -> bool:
    """Whether ``start`` is where the sentence (or a sentence after a colon or a dash) begins."""
    before = sentence[:start]
    return _OPENING.fullmatch(before) is not None or re.search(r"[.!?:—–]\s*[\"“«]?$", before) is not None


#: spaCy's entity types of names (a number's, "About 120", is none)
_NAME_ENTITIES = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "WORK_OF_ART", "PRODUCT", "EVENT", "LAW"})


def _common_noun(sentence: str, start: int, lang: str) -> bool:
    """Whether the capitalised word at ``start`` of a sentence reads there as a common word, no name: a noun,
    adverb, adjective or numeral outside any named entity (spaCy), a noun with no reading as a name (pymorphy)."""
    word = re.match(r"[^\W\d_]+", sentence[start:])
    if word is None or sentence[:start].rstrip().endswith(("«", "“", '"', "‘", "'")):
        return False  # «Вьюгу» поставил ...: a quoted title
    if lang == "en":
        from tasks.dragon.question_grammar_en_names import _NAME_TITLES
        from tasks.dragon.question_grammar_en_text import common_word, token_at

        token = token_at(sentence, start, start + len(word.group(0)))
        if token is None or token.lower_ in _NAME_TITLES or token.ent_type_ in _NAME_ENTITIES \
                or not common_word(token.lower_):
            return False
        following = token.doc[token.i + 1:token.i + 3]
        if len(following) == 2 and following[0].pos_ == "ADP" and following[1].text[:1].isupper():
            return token.tag_ == "NNS"  # "Shares of Keewatin"; "Transport for Wales" is a name
        return token.pos_ in ("NOUN", "ADV", "ADJ", "NUM", "DET")
    from tasks.dragon.question_grammar_ru_words import _parses

    # an adjective opening a Russian name is written capitalised alone («Амурский терминал»): nouns and numerals only
    parses = _parses(word.group(0))
    return bool(parses) and parses[0].tag.POS in ("NOUN", "NUMR") and not any(
        g in p.tag for p in parses for g in ("Name", "Surn", "Patr", "Geox", "Orgn", "Trad"))


def _before_person(sentence: str, start: int, lang: str) -> bool:
    """Whether the word at ``start`` of a sentence stands before a person's name ("Receiver Andre Tibbs")."""
    word = re.match(r"[^\W\d_]+", sentence[start:])
    if word is None:
        return False
    if lang == "en":
        from tasks.dragon.question_grammar_en_names import _NAME_TITLES
        from tasks.dragon.question_grammar_en_text import lexicon, token_at

        token = token_at(sentence, start, start + len(word.group(0)))
        return token is not None and token.i + 1 < len(token.doc) and token.ent_type_ != "PERSON" \
            and token.nbor().ent_type_ == "PERSON" and token.lower_ not in _NAME_TITLES and token.lower_ in lexicon()[0]
    from tasks.dragon.question_grammar_ru_words import _parses

    after = re.match(r"\s+([^\W\d_]+)", sentence[word.end() + start:])
    return after is not None and _common_noun(sentence, start, lang) and any("Surn" in p.tag or "Name" in p.tag for p in _parses(after.group(1)))


def _capitalised(word: str) -> bool:
    return word[:1].isupper() and word[1:].islower() and word.isalpha()


@code("capital_not_said")
def capital_not_said(q: QuestionView) -> Finding | None:
    """The first word of a capitalised run inside the question that the sentences never capitalise inside a
    sentence: written there in lower case before the word the question writes after it ("Receiver Andre Tibbs"
    of "receiver Andre Tibbs"), or capitalised only where it opens a sentence and read there as a common word
    before a common word ("Shares of Keewatin rose", "About 120 homes") or before a person's name ("Receiver
    Andre Tibbs caught ...")."""
    asked = words(q.question, q.lang)
    for index, w in enumerate(asked):
        if index == 0 or not _capitalised(w.text) or asked[index - 1].text[:1].isupper() or _opens(q.question, w.start):
            continue
        before = q.question[:w.start]
        if before.count("«") > before.count("»") or before.count("\"") % 2 or before.count("“") > before.count("”"):
            continue  # inside a quoted title
        after = asked[index + 1] if index + 1 < len(asked) and asked[index + 1].word else None
        pattern = re.compile(rf"(?<![\w-]){re.escape(w.text)}(?![\w-])", re.IGNORECASE)
        mentions = [(s, m.start(), m.group(0)) for s in q.sentences for m in pattern.finditer(s)]
        if not mentions or any(text[:1].isupper() and not _opens(s, a) for s, a, text in mentions):
            continue
        lower = [s[a:] for s, a, text in mentions if text[:1].islower()]
        if after is not None and any(re.match(rf"{re.escape(w.lower)}\s+{re.escape(after.text)}(?![\w-])", t)
                                     for t in lower):
            return Finding("capital_not_said", f"{w.text!r} is capitalised: the sentences write "
                                               f"'{w.lower} {after.text}'")
        opening = [(s, a) for s, a, text in mentions if text[:1].isupper()]
        if not opening or after is None:
            continue
        if not after.text[:1].isupper() and all(_common_noun(s, a, q.lang) for s, a in opening) \
                or after.text[:1].isupper() and all(_before_person(s, a, q.lang) for s, a in opening):
            return Finding("capital_not_said", f"{w.text!r} is capitalised only where it opens a sentence, a common "
                                               f"word there")
    return None


# ---------------------------------------------------------------- datelines

#: a dateline: a place in capitals and a dash before the report's first words ("OAMARU — ", «КАЗАНЬ — »)
_DATELINE = re.compile(r"(?<![\w-])([A-ZА-ЯЁ][A-ZА-ЯЁ'’.-]{2,}(?:[ ,]+[A-ZА-ЯЁ][A-ZА-ЯЁ'’.-]+)*)\s*[—–-]+\s+(?=\w)")


@code("dateline")
def dateline(q: QuestionView) -> Finding | None:
    """A dateline glued to the answer or the question: a capitalised place and a dash that a sentence opens with
    ("ALEXANDRA — MetService" of "ALEXANDRA — MetService has issued a warning")."""
    for where, text in [*(("answer", a) for a in q.answers), ("question", q.question)]:
        for match in _DATELINE.finditer(text):
            head = match.group(1)
            if any(re.match(rf"[\s\"“«]*{re.escape(head)}\s*[—–-]", s) for s in q.sentences):
                return Finding("dateline", f"the {where} carries the dateline {head!r}")
    return None


CHECKS = [dropped_word, lost_complement, number_not_said, verb_not_said, capital_not_said, dateline]
