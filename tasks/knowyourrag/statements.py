"""Know Your RAG statement extraction: answer first, then a question answered by it.

Per context: (1) a one-sentence theme; (2) up to five factual statements; (2a) three
summary statements; (2b) three reasoning conclusions; (3) per requested type, a seeded
random statement of that kind and a question answered unambiguously by it. The item's
type is the statement kind, its answer the statement, its cited passage the context.

Engines:

``llm``    one prompt per step and language (prompts/<lang>/kyr_{theme,facts,summary,
           reasoning,question}.j2), replies parsed into ``schemas.knowyourrag`` models.
           An unusable reply fails that context (or that context's one type) only, and
           the failure keeps the raw reply.
``rules``  theme = the title, else key phrases (most frequent named entities); factual
           statements = source sentences with a named entity or a number (bylines and
           datelines removed, pronoun-led and question sentences skipped); the question
           is the statement transformed syntactically: the answer span (a date, a place,
           a quantity, or the subject, found by NER and the dependency parse: spaCy for
           English, natasha for Russian) is replaced by a question word and the clause
           inverted where English needs it. Modality and negation stay as written ("will
           build" asks "will build", "has not approved" asks "has not approved"). summary
           and reasoning are recorded as skipped ("skipped: needs llm").

Bad input: an empty or tiny context is skipped with its reason; one longer than
``max_chars`` is cut at a sentence end and the original length recorded.
"""
from __future__ import annotations

import bisect
import hashlib
import random
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from pydantic import BaseModel, Field

from benchmill import nlp
from benchmill.engines import SKIPPED_NEEDS_LLM, EngineConfig
from benchmill.llm import LLMResult, failure_reason
from benchmill.prompts import render
from schemas import Failure, Item, Lineage, LLMUsage
from schemas.knowyourrag import (
    QUESTION_TYPES,
    KyrBatch,
    KyrContext,
    KyrSkip,
    QuestionReply,
    QuestionType,
    StatementSet,
    StatementsReply,
    ThemeReply,
)

STAGE = "kyr_statements"
METHOD = "kyr"
#: bump when the rules change what they produce: part of rules items' ids and lineage
RULES_VERSION = "4"  # 2: hyphenated words stay joined; 3: name kinds, leaning statements, "of" phrases; 4: one name-head lexicon (a named terminal is an organisation)
#: statement kind per question type
KIND_OF_TYPE = {"fact_single": "fact", "summary": "summary", "reasoning": "conclusion"}

__all__ = [
    "ExtractionConfig",
    "extract_statements",
    "prepare_context",
    "rules_statements",
    "rules_question",
    "item_id",
]


class ExtractionConfig(BaseModel):
    types: list[QuestionType] = Field(default_factory=lambda: list(QUESTION_TYPES))
    seed: int = 13
    min_words: int = Field(12, ge=1, description="shorter contexts are skipped")
    max_chars: int = Field(6000, ge=200, description="longer contexts are cut at a sentence end (recorded)")
    max_facts: int = Field(5, ge=1)
    max_statement_words: int = Field(60, ge=5)


def item_id(context: KyrContext, qtype: str, engine_kind: str, model: str | None, version: str, seed: int) -> str:
    """Stable: the same context and type through the same generator version is the same item."""
    text_hash = hashlib.sha256(context.text.encode("utf-8")).hexdigest()[:16]
    payload = "\x1f".join((METHOD, context.lang, context.context_id, text_hash, qtype, engine_kind, model or "", version, str(seed)))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:32]


def extract_statements(contexts: list[KyrContext], engine: EngineConfig, config: ExtractionConfig = ExtractionConfig()) -> KyrBatch:
    """Items (one per context and requested type, where possible), statements, skips, failures."""
    if engine.kind == "rules":
        return _extract_rules(contexts, config)
    if engine.kind == "llm":
        return _extract_llm(contexts, engine, config)
    raise ValueError(f"unknown engine kind {engine.kind!r}")


# --------------------------------------------------------------------------- preparation


@dataclass
class Prepared:
    context: KyrContext
    text: str
    truncated_from: int | None


def prepare_context(context: KyrContext, config: ExtractionConfig) -> tuple[Prepared | None, str | None]:
    """``(prepared, None)`` or ``(None, reason)`` for an empty / tiny context."""
    text = context.text.strip()
    if not text:
        return None, "empty context"
    words = len(text.split())
    if words < config.min_words:
        return None, f"context too short: {words} words (minimum {config.min_words})"
    truncated_from = None
    if len(text) > config.max_chars:
        truncated_from = len(text)
        text = nlp.text_chunks(text, config.max_chars)[0][1].strip()
    return Prepared(context, text, truncated_from), None


def _base_config(context: KyrContext, prepared: Prepared, theme: str, kind: str) -> dict:
    return {
        "theme": theme,
        "statement_kind": kind,
        "context_id": context.context_id,
        "collection": context.collection,
        "truncated_from": prepared.truncated_from,
    }


def context_item(context: KyrContext, iid: str, qtype: str, question: str, answer: str, reference: str,
                 config: dict, lineage: Lineage) -> Item:
    """One Know Your RAG item over ``context``: every generator (statements, baseline, t5) builds it here."""
    return Item(
        item_id=iid,
        method=METHOD,
        type=qtype,
        lang=context.lang,
        question=question,
        answers=[answer],
        references=[reference],
        doc_ids=[context.doc_id or context.context_id],
        config=config,
        lineage=lineage,
    )


def _item(context: KyrContext, prepared: Prepared, qtype: str, question: str, statement: str, theme: str,
          lineage: Lineage, iid: str) -> Item:
    return context_item(context, iid, qtype, question, statement, prepared.text,
                        _base_config(context, prepared, theme, KIND_OF_TYPE[qtype]), lineage)


# --------------------------------------------------------------------------- rules: statements

_BYLINE = {
    "en": re.compile(r"^\s*(by|reporting by|writing by|editing by|additional reporting by|photo|photos|source|image)\b[\s:]", re.I),
    "ru": re.compile(r"^\s*(автор|авторы|фото|источник|текст|редактор|корреспондент)\s*:", re.I),
}
#: "GDANSK, March 4 (Newswire) - ", "MOSCOW (Reuters) — ", "МОСКВА, 3 марта. /ТАСС/. "
_DATELINE = re.compile(
    r"^\s*[A-ZА-ЯЁ][A-ZА-ЯЁ .'-]{1,40}(,\s*[^.\n]{1,40}?)?\s*(\([^)]{1,30}\)|/[^/]{1,20}/)?\s*[.]?\s*[-–—]{1,2}\s+"
    r"|^\s*[A-ZА-ЯЁ]{3,}[A-ZА-ЯЁ -]*,\s*\d{1,2}\s+\w+\.\s*(/[^/]{1,20}/\.\s*)?"
)
_PRONOUN_START = {
    "en": {"it", "its", "he", "she", "they", "their", "his", "her", "this", "that", "these", "those", "we", "our", "i", "you", "there"},
    "ru": {"он", "она", "оно", "они", "его", "её", "ее", "их", "это", "этот", "эта", "эти", "там", "мы", "я", "вы", "тот", "та"},
}
_DIGIT = re.compile(r"\d")


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


def _is_fact_candidate(sentence: str, lang: str, has_entity: bool, config: ExtractionConfig) -> bool:
    words = sentence.split()
    if not 5 <= len(words) <= config.max_statement_words:
        return False
    if sentence.rstrip().endswith(("?", ":")) or not sentence.rstrip().endswith((".", "!", "»", '"', "”")):
        return False
    first = re.sub(r"[^\w-]", "", words[0]).lower()
    if first in _PRONOUN_START[lang]:
        return False
    return has_entity or bool(_DIGIT.search(sentence)) or (lang == "ru" and any(p.search(sentence) for p, _ in _RU_DATE_RULES))


def _key_phrases(entities: list[str], lang: str, limit: int = 3) -> str:
    counts: dict[str, tuple[int, int, str]] = {}
    for order, surface in enumerate(entities):
        key = nlp.entity_key(surface, lang)
        n, first, text = counts.get(key, (0, order, surface))
        counts[key] = (n + 1, first, text)
    ranked = sorted(counts.values(), key=lambda v: (-v[0], v[1]))
    return ", ".join(_balance_quotes(text) for _, _, text in ranked[:limit])


def _balance_quotes(text: str) -> str:
    if text.count("«") > text.count("»"):
        return text + "»"
    if text.count("»") > text.count("«"):
        return "«" + text
    return text


@dataclass
class _Parsed:
    """One candidate sentence with its parse (spaCy Span / natasha sentence + entities)."""

    text: str
    parse: object
    entities: list[tuple[str, str, int, int]]  # (text, label, start, end) relative to the sentence


def _parse_sentences(sentences: list[str], lang: str) -> list[_Parsed]:
    if not sentences:
        return []
    if lang == "en":
        docs = nlp.parse_en(sentences)
        return [
            _Parsed(s, doc, [(e.text, e.label_, e.start_char, e.end_char) for e in doc.ents])
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
    return [_Parsed(s, _RuSentence(s, tokens[i], offsets[i]), ents[i]) for i, s in enumerate(sentences)]


def parse_contexts(prepared: list[Prepared]) -> list[list[_Parsed]]:
    """Candidate sentences of many contexts, parsed in one spaCy stream / one natasha Doc per language."""
    out: list[list[_Parsed]] = [[] for _ in prepared]
    for lang in ("en", "ru"):
        indexes = [i for i, p in enumerate(prepared) if p.context.lang == lang]
        per_context = [candidate_sentences(prepared[i].text, lang) for i in indexes]
        parsed = _parse_sentences([s for sents in per_context for s in sents], lang)
        at = 0
        for i, sents in zip(indexes, per_context):
            out[i] = parsed[at: at + len(sents)]
            at += len(sents)
    return out


def rules_statements(
    prepared: Prepared, config: ExtractionConfig, parsed: list[_Parsed] | None = None
) -> tuple[StatementSet, list[_Parsed]]:
    """Theme and factual statements of one prepared context (no LLM)."""
    lang = prepared.context.lang
    if parsed is None:
        parsed = _parse_sentences(candidate_sentences(prepared.text, lang), lang)
    facts = [p for p in parsed if _is_fact_candidate(p.text, lang, any(e[1] in _FACT_LABELS for e in p.entities), config)]
    facts = facts[: config.max_facts]
    if prepared.context.title and prepared.context.title.strip():
        theme = prepared.context.title.strip()
    else:
        theme = _key_phrases([e[0] for p in parsed for e in p.entities if e[1] in _NAMED_LABELS], lang) or (
            parsed[0].text if parsed else prepared.text[:120]
        )
    statements = StatementSet(
        context_id=prepared.context.context_id,
        theme=theme,
        facts=[p.text for p in facts],
        truncated_from=prepared.truncated_from,
    )
    return statements, facts


_NAMED_LABELS = {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "PER"}
#: entities that make a sentence a factual statement: names, dates and numbers (not "evening", "first")
_FACT_LABELS = _NAMED_LABELS | {"DATE", "MONEY", "PERCENT", "QUANTITY", "CARDINAL"}


# --------------------------------------------------------------------------- rules: questions


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


def _en_question(parsed: _Parsed) -> tuple[str, str] | None:
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
    if subj.pos_ == "PRON" or subj.lower_ in _PRONOUN_START["en"]:
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
    if [e for e in subject_ents if e.label_ in _NAMED_LABELS] or subj.pos_ == "PROPN":
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


@dataclass
class _RuToken:
    index: int
    text: str
    start: int  # relative to the sentence
    head: int | None
    rel: str
    pos: str
    feats: dict


class _RuSentence:
    def __init__(self, text: str, tokens, offset: int):
        self.text = text
        ids = {t.id: i for i, t in enumerate(tokens)}
        self.tokens = [
            _RuToken(i, t.text, t.start - offset, ids.get(t.head_id), t.rel, t.pos, dict(t.feats or {}))
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
    def root(self) -> _RuToken | None:
        return next((t for t in self.tokens if t.rel == "root"), None)


_RU_MONTHS = "январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]"
_RU_DATE_RULES = [
    (re.compile(r"(?<!\w)к\s+\d{4}\s+году(?!\w)", re.I), "К какому году"),
    (re.compile(r"(?<!\w)в\s+\d{4}\s+году(?!\w)", re.I), "В каком году"),
    (re.compile(rf"(?<!\w)в\s+(первом|втором|третьем|четвёртом|четвертом)\s+(квартале|полугодии)(\s+\d{{4}}\s+года)?(?!\w)", re.I), "Когда"),
    (re.compile(rf"(?<!\w)(в\s+)?\d{{1,2}}\s+({_RU_MONTHS})(\s+\d{{4}}\s+года)?(?!\w)", re.I), "Когда"),
    (re.compile(rf"(?<!\w)в\s+({_RU_MONTHS})(\s+\d{{4}}\s+года)?(?!\w)", re.I), "Когда"),
    (re.compile(r"(?<!\w)(весной|летом|осенью|зимой)(\s+\d{4}\s+года)?(?!\w)", re.I), "Когда"),
]
_RU_WHICH = {("Masc", "Sing"): "Какой", ("Fem", "Sing"): "Какая", ("Neut", "Sing"): "Какое"}


def _ru_question(parsed: _Parsed) -> tuple[str, str] | None:
    sent: _RuSentence = parsed.parse
    root = sent.root
    if root is None or root.pos not in ("VERB", "AUX", "ADJ"):
        return None
    negated = any(t.text.lower() == "не" and t.head == root.index for t in sent.tokens)
    first = sent.tokens[0] if sent.tokens else None
    first_is_name = first is not None and (first.pos == "PROPN" or any(e[2] == 0 for e in parsed.entities))
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
        for pattern, wh in _RU_DATE_RULES:
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


def _ru_starts_with_name(parsed: _Parsed, at: int) -> bool:
    rest_start = len(parsed.text[at:]) - len(parsed.text[at:].lstrip()) + at
    token = next((t for t in parsed.parse.tokens if t.start >= rest_start), None)
    return token is not None and (token.pos == "PROPN" or any(e[2] == token.start for e in parsed.entities))


def _ru_verb_for_kto(root: _RuToken) -> str | None:
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


def rules_question(parsed: _Parsed, lang: str) -> tuple[str, str] | None:
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


# --------------------------------------------------------------------------- rules engine


def _rng(seed: int, context_id: str, qtype: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}\x1f{context_id}\x1f{qtype}".encode()).hexdigest()
    return random.Random(int(digest[:16], 16))


def _extract_rules(contexts: list[KyrContext], config: ExtractionConfig) -> KyrBatch:
    batch = KyrBatch()
    ready: list[Prepared] = []
    for context in contexts:
        prepared, reason = prepare_context(context, config)
        if prepared is None:
            batch.skipped += [KyrSkip(context_id=context.context_id, type=t, reason=reason) for t in config.types]
        else:
            ready.append(prepared)
    try:
        parses: list[list[_Parsed] | None] = parse_contexts(ready)
    except Exception:  # parse one by one so that a context that breaks the parser fails alone
        parses = [None] * len(ready)
    for prepared, parsed in zip(ready, parses):
        context = prepared.context
        try:
            statements, facts = rules_statements(prepared, config, parsed)
        except Exception as exc:  # one unparseable context fails alone
            batch.failures.append(Failure(stage=STAGE, key=context.context_id, reason=f"{type(exc).__name__}: {exc}"))
            continue
        batch.statements.append(statements)
        for qtype in config.types:
            if qtype != "fact_single":
                batch.skipped.append(KyrSkip(context_id=context.context_id, type=qtype, reason=SKIPPED_NEEDS_LLM))
                continue
            order = list(facts)
            _rng(config.seed, context.context_id, qtype).shuffle(order)
            made = None
            for parsed in order:
                made = rules_question(parsed, context.lang)
                if made:
                    break
            if made is None:
                reason = "no factual statement" if not facts else "no statement could be turned into a question"
                batch.skipped.append(KyrSkip(context_id=context.context_id, type=qtype, reason=reason))
                continue
            question, span = made
            lineage = Lineage(engine="rules", prompt_name=f"kyr-rules-v{RULES_VERSION}")
            iid = item_id(context, qtype, "rules", None, RULES_VERSION, config.seed)
            item = _item(context, prepared, qtype, question, parsed.text, statements.theme, lineage, iid)
            item.config["answer_span"] = span
            batch.items.append(item)
    return batch


# --------------------------------------------------------------------------- llm engine


def _extract_llm(contexts: list[KyrContext], engine: EngineConfig, config: ExtractionConfig) -> KyrBatch:
    client = engine.client()
    workers = max(1, min(len(contexts), engine.llm.max_concurrency if engine.llm else 1))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kyr-llm") as pool:
        # LLMUnavailable (endpoint down) propagates: the whole task is retried
        parts = list(pool.map(lambda c: _llm_one(c, client, engine, config), contexts)) if contexts else []
    batch = KyrBatch()
    for part in parts:
        batch.items += part.items
        batch.statements += part.statements
        batch.failures += part.failures
        batch.skipped += part.skipped
        batch.usage = batch.usage + part.usage
        for step, usage in part.usage_by_step.items():
            batch.usage_by_step[step] = batch.usage_by_step.get(step, LLMUsage()) + usage
    return batch


def _llm_one(context: KyrContext, client, engine: EngineConfig, config: ExtractionConfig) -> KyrBatch:
    from tasks.knowyourrag.scoring import question_problems

    out = KyrBatch()
    prepared, reason = prepare_context(context, config)
    if prepared is None:
        out.skipped = [KyrSkip(context_id=context.context_id, type=t, reason=reason) for t in config.types]
        return out
    lang = context.lang
    hashes: list[str] = []

    def ask(step: str, schema, key: str, bucket: str | None = None, **variables) -> LLMResult | None:
        try:
            prompt = render(f"kyr_{step}", lang, **variables)
        except Exception as exc:  # a missing prompt for an unsupported language fails this context
            out.failures.append(Failure(stage=STAGE, key=key, reason=f"{step}: {type(exc).__name__}: {exc}"))
            return None
        hashes.append(prompt.sha256)
        result = client.complete_json(prompt, schema)
        out.usage = out.usage + result.usage
        name = bucket or step
        out.usage_by_step[name] = out.usage_by_step.get(name, LLMUsage()) + result.usage
        if result.value is None:
            out.failures.append(
                Failure(stage=STAGE, key=key, reason=failure_reason(result, f"{step}: unusable LLM reply"), kind=result.failure_kind)
            )
            return None
        return result

    cid = context.context_id
    theme_r = ask("theme", ThemeReply, cid, context=prepared.text)
    if theme_r is None:
        return out
    theme = theme_r.value.theme.strip()
    facts_r = ask("facts", StatementsReply, cid, context=prepared.text, theme=theme)
    if facts_r is None:
        return out
    facts = facts_r.value.statements[: config.max_facts]
    statements = StatementSet(context_id=cid, theme=theme, facts=facts, truncated_from=prepared.truncated_from)
    pools: dict[str, list[str]] = {"fact_single": facts}
    if "summary" in config.types:
        r = ask("summary", StatementsReply, f"{cid}#summary", theme=theme, statements=facts)
        if r is not None:
            statements.summaries = pools["summary"] = r.value.statements[:3]
    if "reasoning" in config.types:
        r = ask("reasoning", StatementsReply, f"{cid}#reasoning", theme=theme, statements=facts)
        if r is not None:
            statements.conclusions = pools["reasoning"] = r.value.statements[:3]
    out.statements.append(statements)
    base_hashes = list(hashes)
    for qtype in config.types:
        pool = pools.get(qtype)
        if not pool:
            continue  # its statements step failed and is recorded
        statement = _rng(config.seed, cid, qtype).choice(pool)
        key = f"{cid}#{qtype}"
        r = ask("question", QuestionReply, key, bucket=f"question:{qtype}", theme=theme, statement=statement)
        if r is None:
            continue
        question = r.value.question.strip()
        problems = question_problems(question, statement, lang)
        if problems:
            out.failures.append(Failure(stage=STAGE, key=key, reason=failure_reason(r, "; ".join(problems))))
            continue
        version = hashlib.sha256("".join(base_hashes + [hashes[-1]]).encode()).hexdigest()[:16]
        lineage = Lineage(engine="llm", model=engine.model, prompt_name="kyr_question", prompt_hash=version)
        iid = item_id(context, qtype, "llm", engine.model, version, config.seed)
        out.items.append(_item(context, prepared, qtype, question, statement, theme, lineage, iid))
    return out
