"""English checks of the question-grammar filter, names and articles: a name read against the way the
question's sentences write it (its capitals, its full form, its article), and a common noun that lost
its determiner. Listed in ``question_grammar_en.CHECKS``.
"""
from __future__ import annotations

import re

from tasks.dragon.question_grammar import Finding, QuestionView, code
from tasks.dragon.questions_en_determiners import _EN_COMMA_PLACE, _EN_LONGER_NAME, place_modifier_follows
from tasks.dragon.question_grammar_en_text import (DETERMINERS, common_word, lexicon, mentions_of, name_runs,
                                                   noun_phrase, parse, token_at)


#: titles English writes capitalised before a name wherever it stands ("Judge Ann Poole", "Inspector Hale")
_NAME_TITLES = frozenset("""
    judge justice president minister senator governor mayor councillor professor doctor captain inspector sergeant
    constable chief bishop father sister king queen prince princess lord lady sir dame general colonel major
    commissioner superintendent detective chancellor ambassador reverend pastor rabbi imam coroner sheriff
    """.split())


@code("stray_capital")
def stray_capital(q: QuestionView) -> Finding | None:
    """A common word capitalised inside the question because its sentence opened with it ("Where was
    About 120 homes flooded?", "Did Shares in X fall?"), or a dateline in capitals ("CARDIFF CROWN
    COURT"): the sentences write the word capitalised only at their start, and parse it there as no name."""
    for token in parse(q.question)[1:]:
        word = token.text
        if not word[:1].isupper() or not word[1:].replace("-", "").isalpha():
            continue
        if word.isupper() and len(word) > 3 and token.i + 1 < len(token.doc) and token.nbor().text.isupper() \
                and len(token.nbor().text) > 1:
            return Finding("stray_capital", f"{word} {token.nbor().text!r} is written in capitals: a dateline or heading, "
                                            f"no name")
        if not word[1:].replace("-", "").islower() or not common_word(word.lower()):
            continue
        if token.i > 1 and token.nbor(-1).text[:1].isupper():
            continue  # "Tasmania Police": a word of a name
        run = next((r for a, _, r in name_runs(q.question) if a == token.idx), None)
        if run and len(run.split()) >= 3:
            from tasks.dragon.questions_en_names import PERSON_NOUNS, drop_opening_noun

            first, rest = run.split(" ", 1)
            if first.lower() in _NAME_TITLES:
                continue  # "Judge Ann Poole": a title English capitalises before a name
            opened = [token_at(s, 0, len(first)) for s, a, _ in mentions_of(run, q.sentences)]
            if drop_opening_noun(run, list(q.sentences), lexicon()[0]) != run \
                    and all(t is not None and (t.pos_ == "NOUN" or first.lower() in PERSON_NOUNS) for t in opened):
                return Finding("stray_capital", f"{first!r} opens its sentence before the name {rest!r}: "
                                                f"a common noun capitalised, no part of the name")
        after = token.doc[token.i + 1:token.i + 3]
        if len(after) and (after[0].text[:1].isupper()
                           or len(after) == 2 and after[0].lower_ in ("of", "for") and after[1].text[:1].isupper()):
            continue  # "Transport for Wales", "Grand Pavilion": the first word of a name
        mentions = mentions_of(word, q.sentences)
        if not mentions or any(start != len(s) - len(s.lstrip(" “\"'‘")) for s, start, _ in mentions):
            continue  # written capitalised inside a sentence too: a name's word
        tokens = [token_at(s, a, b) for s, a, b in mentions]
        if all(t is not None and t.pos_ not in ("PROPN",) and t.ent_type_ not in ("PERSON", "ORG", "GPE", "LOC", "FAC")
               for t in tokens):
            return Finding("stray_capital", f"{word!r} is capitalised only because it opens its sentence "
                                            f"({tokens[0].pos_.lower()} there)")
    return None


def _extension(sentence: str, start: int, end: int) -> str | None:
    """The capitalised name word the sentence writes right before or after a mention, or None."""
    from tasks.dragon.questions_en_names import _HONORIFICS, _NOT_NAME_WORDS, _TITLE_WORDS, opening_role

    doc = parse(sentence)
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None:
        return None
    for i in (span.start - 1, span.end):
        if not 0 <= i < len(doc):
            continue
        tok = doc[i]
        word = tok.text.lower().strip(".")
        if not tok.text[:1].isupper() or tok.pos_ != "PROPN" or word in _NOT_NAME_WORDS or word in _TITLE_WORDS \
                or word in _HONORIFICS or tok.text.isupper():
            continue
        if i == span.start - 1 and i > 0 and doc[i - 1].text in ("'s", "’s"):
            continue
        if i == span.start - 1 and tok.is_sent_start and opening_role(tok.text):
            continue  # "Defenseman Ryan Takak did not dress": the position opens the sentence, the name is whole
        return tok.text
    return None


@code("cut_name")
def cut_name(q: QuestionView) -> Finding | None:
    """A name the question writes shorter than every sentence does: a capitalised word of the name
    left off before or after it ("Glas RFC" of "Cefn Glas RFC", "the Harbour City" of "the Harbour
    City Gulls", "Scotland" of "Police Scotland"), its lowercase class noun left off ("the Heart of
    Wales" of "the Heart of Wales line"), or a first name that shares the surname written after "and"
    ("Callum" of "the brothers Callum and Ewan Fairlie"); or a number stuck to it that the sentences
    never write there ("Okonkwo-Reid 27", a box score's). A surname alone is how news repeats a person
    and passes."""
    from tasks.dragon.questions_en_names import person_evidence, with_class_noun
    from tasks.dragon.questions_en_whole_names import coordinated_first_name

    sentences = list(q.sentences)
    for _, end, name in name_runs(q.question):
        mentions = mentions_of(name, sentences)
        if not mentions:
            continue
        number = re.match(r"\s+(\d+)\s+[a-z]", q.question[end:])
        if number and not any(re.match(rf"\s+{number.group(1)}\b", s[b:]) for s, _, b in mentions):
            return Finding("cut_name", f"'{name} {number.group(1)}': a number stuck to the name (a table's), which "
                                       f"the sentences never write with it")
        longer = [_extension(s, a, b) for s, a, b in mentions]
        if all(longer):
            whole = [w for w in longer]
            if len(name.split()) == 1 and (person_evidence(f"{whole[0]} {name}", sentences)
                                           or any(token_at(s, a, b).ent_type_ == "PERSON" for s, a, b in mentions)):
                continue  # "Bevan" of "Carys Bevan": a surname
            return Finding("cut_name", f"{name!r} is cut: the sentences write it with {whole[0]!r}")
        with_noun = with_class_noun(name, sentences)
        if with_noun != name:
            return Finding("cut_name", f"{name!r} is cut: the sentences write {with_noun!r}")
        pair = coordinated_first_name(name, sentences)
        if pair is not None and pair[1]:
            return Finding("cut_name", f"{name!r} is a first name sharing a surname: {pair[0]!r}")
    return None



#: first words that make a name of a building or place take "the": "the National Indoor Arena", "the Royal
#: Kelby Hospital", "the Grand Pavilion"
_THE_ADJECTIVES = frozenset("""
    national royal grand international federal imperial metropolitan municipal regional provincial supreme
    """.split())


#: heads of names of buildings and venues that take "the" after such an adjective ("the Royal Court Theatre";
#: a hospital, a school or a college is often written bare: "at Royal Kelby Hospital")
_VENUE_HEADS = frozenset("arena stadium hall theatre theater museum gallery library pavilion palace opera".split())


def _needs_the(name: str, mentioned: bool) -> str | None:
    """Why a name takes "the" by its own form, or None: an adjective of state or rank before a building's
    head ("National ... Arena"), a common noun before "of" ("the University of Kelby", "the Tour of X"), or a
    head noun of an institution ("the Kelby District Court") where the sentences write the name (``mentioned``)."""
    from tasks.dragon.questions_en_determiners import head_noun_article, of_article
    from tasks.dragon.questions_en_names import name_head

    words = name.split()
    if len(words) >= 2 and words[0].lower() in _THE_ADJECTIVES and name_head(name) in _VENUE_HEADS:
        return f"a name opening with {words[0]!r}"
    # the generator's rule (questions_en_determiners.head_article): "the City of X"; "the Kelby District Court"
    # only where the sentences write the name (the generator read the whole article, the filter its sentences)
    return of_article(name) or (head_noun_article(name) if mentioned else None)


@code("dropped_article")
def dropped_article(q: QuestionView) -> Finding | None:
    """A name that takes "the" written bare in the question ("When will National Indoor Arena open?"):
    every sentence writing it puts "the" before it (not where it only modifies a noun after it, "the
    Kelby Rovers coach"), or its own form asks for it (:func:`_needs_the`)."""
    for start, _, name in name_runs(q.question):
        before = q.question[:start].split()
        if before and (before[-1].lower() in DETERMINERS or before[-1].endswith(("'s", "’s", "'"))):
            continue
        mentions = mentions_of(name, q.sentences)
        written_bare = [m for m in mentions if m[0][:m[1]].split()[-1:] not in (["the"], ["The"])]
        form = _needs_the(name, bool(mentions))
        if form and not written_bare:
            return Finding("dropped_article", f"{name!r} lacks its article: {form}")
        if not mentions or any(sentence[:a].split()[-1:] not in (["the"], ["The"]) for sentence, a, _ in mentions):
            continue
        if _EN_COMMA_PLACE.match(name):
            continue  # "the Hurley, Wisconsin, logger": a "Town, Region" place takes none (questions_en_determiners)
        modifiers = 0
        for sentence, a, b in mentions:
            if _EN_LONGER_NAME.match(sentence[b:]) or place_modifier_follows(sentence, b):
                modifiers += 1  # "the Kelby County Board", "the Ferris, Montana, rancher": not the name's article
                continue
            doc = parse(sentence)
            span = doc.char_span(a, b, alignment_mode="expand")
            if span is None or (span.end < len(doc) and doc[span.end].pos_ in ("NOUN", "PROPN")
                                and not doc[span.end].text[:1].isupper()):
                modifiers += 1
        if modifiers == len(mentions):
            continue
        return Finding("dropped_article", f"{name!r} lacks its article: the sentences write 'the {name}'")
    return None


def _generator_writes_the(name: str, sentences) -> bool:
    """Does the generator's own rule (``questions_en_determiners.en_name_article``) give ``name`` "the" from these
    sentences: a headline's "Marlow Quay Theatre to reopen" or "A Ravel Water Authority spokesman" says nothing,
    and the head noun ("Theatre", "Authority") asks for it?"""
    from tasks.dragon.questions_base import NoTemplate
    from tasks.dragon.questions_en_determiners import en_name_article

    try:
        return en_name_article(name, list(sentences)) == f"the {name}"
    except NoTemplate:
        return False


@code("added_article")
def added_article(q: QuestionView) -> Finding | None:
    """"the" before a name that every sentence writes bare ("Who coaches the Harbour City?" where the text
    says "Harbour City is coached by ..."); a plural name ("the Gulls") and a name modifying a noun after
    it ("the Kelby Rovers coach") pass."""
    for start, end, name in name_runs(q.question):
        before = q.question[:start].split()
        if not before or before[-1] != "the" or name.split()[-1].endswith("s") or len(name.split()) < 2:
            continue
        after = q.question[end:].split()
        if after and after[0].islower() and after[0] not in ("and", "or", "?") and not after[0].endswith("?") \
                and parse(q.question).char_span(end + 1, end + 1 + len(after[0])) is not None \
                and parse(q.question).char_span(end + 1, end + 1 + len(after[0]))[0].pos_ == "NOUN":
            continue
        mentions = mentions_of(name, q.sentences)
        if mentions and all(sentence[:a].split()[-1:] not in (["the"], ["The"]) for sentence, a, _ in mentions) \
                and not _generator_writes_the(name, q.sentences):
            return Finding("added_article", f"'the {name}': the sentences write {name!r} without 'the'")
    return None


# ---------------------------------------------------------------- common nouns without their determiner

_DET_WORDS = r"(?:a|an|the|its|their|his|her|our|this|that|each|every|another|one)"


@code("bare_noun")
def bare_noun(q: QuestionView) -> Finding | None:
    """A singular common noun phrase the question writes without the determiner every sentence gives it
    ("plans to build $9-million production hall", "will wear number 11 shirt", "the player of week"): the
    question copied the phrase and lost its "a", "the" or "its"."""
    aged = re.search(r"(?<![\w-])(\w+)\s+(\d+-year-old)(?![\w-])(?!\s+[a-z]+(?<!and)(?<!or)\b)", q.question)
    if aged and aged.group(1).lower() not in DETERMINERS:
        return Finding("bare_noun", f"{aged.group(2)!r} stands as a noun without 'the' or 'a'")
    doc = parse(q.question)
    for token in doc:
        if token.tag_ != "NN" or token.dep_ not in ("dobj", "pobj", "nsubj", "nsubjpass", "attr", "conj", "appos", "npadvmod"):
            continue
        phrase = noun_phrase(token)
        if any(t.dep_ in ("det", "poss") or t.tag_ in ("WDT", "WP", "WP$", "WRB", "PRP$", "POS") for t in phrase):
            continue
        if phrase.start > 0 and (doc[phrase.start - 1].dep_ in ("det", "poss") or doc[phrase.start - 1].tag_ == "POS"):
            continue
        text = phrase.text
        if text[:1].isupper() or not re.search(r"[a-z]", text):
            continue
        pattern = re.compile(rf"(?<![\w-])(?:{_DET_WORDS}\s+)?{re.escape(text)}(?![\w-])", re.IGNORECASE)
        found = [m.group(0) for s in q.sentences for m in pattern.finditer(s)]
        if found and all(re.match(rf"{_DET_WORDS}\s", f, re.IGNORECASE) for f in found):
            return Finding("bare_noun", f"{text!r} has lost its determiner: the sentences write {found[0]!r}")
    return None
