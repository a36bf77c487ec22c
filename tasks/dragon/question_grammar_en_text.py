"""Reading English text for the question-grammar checks (``question_grammar_en``, ``question_grammar_en_names``):
one cached spaCy parse per text, the language's word lists from spaCy's lemma tables, and where the
sentences write a name.
"""
from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=8192)
def parse(text: str):
    """The spaCy parse of one text (a question, an answer or a sentence), shared by every check."""
    from benchmill import nlp

    return nlp.spacy_en()(text)


def bare(label: str) -> str:
    """A label without its leading article."""
    return re.sub(r"^(?:the|a|an)\s+", "", label.strip())


def spans(label: str, sentences) -> list:
    """The spans of ``label`` (its leading article aside) in each sentence that writes it, parsed."""
    text = bare(label)
    if not text:
        return []
    out = []
    for sentence in sentences:
        for match in re.finditer(rf"(?<![\w-]){re.escape(text)}(?![\w-])", sentence):
            span = parse(sentence).char_span(match.start(), match.end(), alignment_mode="expand")
            if span is not None:
                out.append(span)
    return out


NAME_WORD = r"[A-Z][\w'’.&-]*"
#: a run of capitalised words (joined by "of", "for", "de" ...): a name as the question writes it
NAME_RUN = re.compile(rf"(?<![\w'’-]){NAME_WORD}(?:\s+(?:(?:of|for|de|du|la|von|van|der|upon)\s+)?{NAME_WORD})*")


def name_runs(question: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of each capitalised run after the question's first word, a trailing "'s" off."""
    out = []
    for match in NAME_RUN.finditer(question):
        if match.start() == 0:
            continue
        text = re.sub(r"['’]s?$", "", match.group(0).rstrip("."))
        out.append((match.start(), match.start() + len(text), text))
    return out


def mentions_of(name: str, sentences) -> list[tuple[str, int, int]]:
    """(sentence, start, end) of each place the sentences write ``name`` as a whole word."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
    return [(s, m.start(), m.end()) for s in sentences for m in pattern.finditer(s)]


def token_at(sentence: str, start: int, end: int):
    """The first token of the sentence's characters ``start:end``, or None."""
    span = parse(sentence).char_span(start, end, alignment_mode="expand")
    return span[0] if span is not None and len(span) else None


@lru_cache(maxsize=1)
def lexicon() -> tuple[frozenset[str], frozenset[str]]:
    """(every word spaCy's lemma tables know as a noun, verb, adjective or adverb; function words)."""
    from benchmill import nlp

    nlp_en = nlp.spacy_en()
    index = nlp_en.get_pipe("lemmatizer").lookups.get_table("lemma_index")
    words = frozenset(w for pos in ("noun", "verb", "adj", "adv") for w in index[pos])
    return words, frozenset(nlp_en.Defaults.stop_words)


def common_word(word: str) -> bool:
    """A word of the language (a noun, verb, adjective, adverb, number or function word), not only a name."""
    words, stops = lexicon()
    from tasks.dragon.questions_en_names import _NUMBER_WORDS

    return word in stops or word in _NUMBER_WORDS or word in words or word.rstrip("s") in words \
        or word.endswith("es") and word[:-2] in words or all(p in words for p in word.split("-"))


#: words before a name that stand for its article ("the", "its", a possessive)
DETERMINERS = frozenset("the a an its their his her our your this that these those which what whose".split())

def noun_phrase(token):
    """The words from a noun's left edge to the noun itself (its modifiers before it)."""
    return token.doc[token.left_edge.i:token.i + 1]


def verb_lemma(word: str) -> str | None:
    """``word`` as a verb lemma ("acquired" -> "acquire"), or None when it is no verb."""
    from tasks.dragon.questions_en_verbs import _en_verb_lemma

    return _en_verb_lemma(word)
