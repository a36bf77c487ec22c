"""Know Your RAG, rules engine: the candidate sentences of a context and their parse.

A candidate is a source sentence with bylines dropped and a leading dateline cut off; each is
parsed once (spaCy for English, one natasha Doc for all Russian sentences) and carries its named
entities, so that statement selection (``statements``) and question phrasing
(``questions_rules``) read the same parse.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from benchmill import nlp

_BYLINE = {
    "en": re.compile(r"^\s*(by|reporting by|writing by|editing by|additional reporting by|photo|photos|source|image)\b[\s:]", re.I),
    "ru": re.compile(r"^\s*(автор|авторы|фото|источник|текст|редактор|корреспондент)\s*:", re.I),
}


#: "GDANSK, March 4 (Newswire) - ", "MOSCOW (Reuters) — ", "МОСКВА, 3 марта. /ТАСС/. "
_DATELINE = re.compile(
    r"^\s*[A-ZА-ЯЁ][A-ZА-ЯЁ .'-]{1,40}(,\s*[^.\n]{1,40}?)?\s*(\([^)]{1,30}\)|/[^/]{1,20}/)?\s*[.]?\s*[-–—]{1,2}\s+"
    r"|^\s*[A-ZА-ЯЁ]{3,}[A-ZА-ЯЁ -]*,\s*\d{1,2}\s+\w+\.\s*(/[^/]{1,20}/\.\s*)?"
)


PRONOUN_START = {
    "en": {"it", "its", "he", "she", "they", "their", "his", "her", "this", "that", "these", "those", "we", "our", "i", "you", "there"},
    "ru": {"он", "она", "оно", "они", "его", "её", "ее", "их", "это", "этот", "эта", "эти", "там", "мы", "я", "вы", "тот", "та"},
}


def _strip_dateline(sentence: str) -> str:
    match = _DATELINE.match(sentence)
    if match and len(sentence) - match.end() > 20:
        return sentence[match.end():].strip()
    return sentence


def candidate_sentences(text: str, lang: str) -> list[str]:
    """Sentences of ``text`` that could be statements: bylines dropped, datelines cut off."""
    out = []
    for line in text.splitlines():
        if not line.strip() or _BYLINE[lang].match(line):
            continue
        for sentence in nlp.sentences(line, lang):
            sentence = _strip_dateline(sentence)
            if sentence:
                out.append(sentence)
    return out


@dataclass
class Parsed:
    """One candidate sentence with its parse (spaCy Span / natasha sentence + entities)."""

    text: str
    parse: object
    entities: list[tuple[str, str, int, int]]  # (text, label, start, end) relative to the sentence


def parse_sentences(sentences: list[str], lang: str) -> list[Parsed]:
    if not sentences:
        return []
    if lang == "en":
        docs = nlp.parse_en(sentences)
        return [
            Parsed(s, doc, [(e.text, e.label_, e.start_char, e.end_char) for e in doc.ents])
            for s, doc in zip(sentences, docs)
        ]
    # one natasha Doc, one sentence per line (natasha is far faster on one big Doc);
    # tokens and spans are assigned to sentences by offset (bisect), not by scanning
    joined = "\n".join(sentences)
    doc = nlp.parse_ru(joined)
    offsets, at = [], 0
    for s in sentences:
        offsets.append(at)
        at += len(s) + 1
    tokens: list[list] = [[] for _ in sentences]
    for sent in doc.sents:
        for t in sent.tokens:
            tokens[bisect.bisect_right(offsets, t.start) - 1].append(t)
    ents: list[list] = [[] for _ in sentences]
    for sp in doc.spans:
        index = bisect.bisect_right(offsets, sp.start) - 1
        ents[index].append((sp.text, sp.type, sp.start - offsets[index], sp.stop - offsets[index]))
    return [Parsed(s, RuSentence(s, tokens[i], offsets[i]), ents[i]) for i, s in enumerate(sentences)]


NAMED_LABELS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "PER"}


#: entities that make a sentence a factual statement: names, dates and numbers (not "evening", "first")
FACT_LABELS = NAMED_LABELS | {"DATE", "MONEY", "PERCENT", "QUANTITY", "CARDINAL"}


@dataclass
class RuToken:
    index: int
    text: str
    start: int  # relative to the sentence
    head: int | None
    rel: str
    pos: str
    feats: dict


class RuSentence:
    def __init__(self, text: str, tokens, offset: int):
        self.text = text
        ids = {t.id: i for i, t in enumerate(tokens)}
        self.tokens = [
            RuToken(i, t.text, t.start - offset, ids.get(t.head_id), t.rel, t.pos, dict(t.feats or {}))
            for i, t in enumerate(tokens)
        ]

    def subtree(self, index: int) -> set[int]:
        out = {index}
        changed = True
        while changed:
            changed = False
            for t in self.tokens:
                if t.head in out and t.index not in out:
                    out.add(t.index)
                    changed = True
        return out

    @property
    def root(self) -> RuToken | None:
        return next((t for t in self.tokens if t.rel == "root"), None)
