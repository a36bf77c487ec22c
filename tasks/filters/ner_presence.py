"""NER presence (DRAGON §4, QA Filtering): the QA pair must name an entity of its source documents.

Named entities are extracted from the item's source documents (natasha for Russian,
spaCy for English, via ``benchmill.nlp.named_entities``) once per document, however many
items share it. The item passes when at least one of them appears in the question or the
answer: a pair naming none relies on general knowledge rather than on the article.

An entity appears when its normalised key (lowercase, lemmatised for Russian, legal forms
dropped: ``benchmill.nlp.entity_key``) occurs as whole words in the key form of the QA
text, or when its surface / normal form fuzzily matches a stretch of the QA text
(rapidfuzz ``partial_ratio`` ≥ 90). Fuzzy matching is only used for names of four or
more characters: a short name ("ЕС", "UN") matches half the alphabet at 90%.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from pydantic import BaseModel, ConfigDict, Field
from rapidfuzz import fuzz

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec
from schemas import Item, Verdict
from tasks.filters import FilterResult, fold

FILTER_NAME = "ner_presence"

#: fuzzy matching is meaningless for names shorter than this (see module doc)
_MIN_FUZZY_LENGTH = 4
_DIGIT = re.compile(r"\d")
_UPPER = re.compile(r"[^\W\d_]", re.UNICODE)


class NerPresenceConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    fuzzy_threshold: float = Field(90.0, ge=0.0, le=100.0, description="least rapidfuzz partial_ratio for a fuzzy match")
    max_listed: int = Field(8, ge=1, description="entities named in a reason")


class _SourceEntity(BaseModel):
    text: str
    forms: list[str]  # folded surface and normal forms for fuzzy matching
    key: str  # benchmill.nlp.entity_key


def _is_name(text: str, label: str) -> bool:
    """True for a named entity; False for the dates, numbers and amounts spaCy also tags.

    ``named_entities`` folds spaCy's DATE/CARDINAL/MONEY/... into MISC together with real
    names (NORP, PRODUCT, EVENT); a MISC mention counts only when it has no digit and
    starts with a capital letter, which keeps "Olympics" and drops "2023" or "two weeks".
    """
    if label != "MISC":
        return True
    first_letter = _UPPER.search(text)
    return not _DIGIT.search(text) and first_letter is not None and first_letter.group().isupper()


def _document_entities(text: str, lang: str) -> list[_SourceEntity]:
    from benchmill.nlp import entity_key, named_entities

    out: dict[str, _SourceEntity] = {}
    for entity in named_entities(text, lang):
        if not _is_name(entity.text, entity.label):
            continue
        key = entity_key(entity.text, lang)
        if not key or key in out:
            continue
        forms = sorted({fold(entity.text).strip(), fold(entity.normal).strip(), _without_sentence_opener(entity.text, text, lang)}
                       - {""})
        # Russian mentions are inflected ("Северного порта"): name them by their normal form
        shown = entity.normal.strip() if lang == "ru" and entity.normal.strip() else entity.text.strip()
        out[key] = _SourceEntity(text=shown, forms=forms, key=key)
    return list(out.values())


def _without_sentence_opener(mention: str, text: str, lang: str) -> str:
    """ "Defenseman Ryan Takak" (a sentence's first word, capitalised only there, taken into the name): the name
    after that word, which is how a question writes it; "" when no mention of three words or more opens a
    sentence. A shared filter reads no generator's word lists: the sentence start is the evidence."""
    words = mention.split()
    if lang != "en" or len(words) < 3:
        return ""
    for found in re.finditer(rf"(?<![\w-]){re.escape(mention)}", text):
        raw = text[:found.start()]
        before = raw.rstrip()
        if not before or before[-1] in ".!?\"”’" or "\n" in raw[len(before):]:
            return fold(" ".join(words[1:])).strip()
    return ""


def _listing(names: Iterable[str], limit: int) -> str:
    names = list(names)
    shown = ", ".join(repr(n) for n in names[:limit])
    return shown + (f" and {len(names) - limit} more" if len(names) > limit else "")


def _matches(entity: _SourceEntity, qa_folded: str, qa_key: str, threshold: float) -> bool:
    if f" {entity.key} " in qa_key:
        return True
    return any(
        len(form) >= _MIN_FUZZY_LENGTH and fuzz.partial_ratio(form, qa_folded, score_cutoff=threshold) >= threshold
        for form in entity.forms
    )


def check_ner_presence(
    items: list[Item], doc_texts: dict[str, str], config: NerPresenceConfig = NerPresenceConfig()
) -> FilterResult:
    """Verdict per item: passed when a named entity of its source documents is in the question or answer.

    score = number of distinct source entities matched. An item none of whose documents
    is in ``doc_texts`` gets ``error`` (the flow passed incomplete inputs; retried next run).
    """
    from benchmill.nlp import entity_key

    entities_by_doc: dict[tuple[str, str], list[_SourceEntity] | str] = {}
    verdicts = []
    for item in items:
        available = [d for d in item.doc_ids if d in doc_texts]
        missing = [d for d in item.doc_ids if d not in doc_texts]
        if not available:
            verdicts.append(
                Verdict(
                    item_id=item.item_id, filter=FILTER_NAME, status="error",
                    reason=f"source text missing for document(s) {', '.join(missing) or '(item lists none)'}",
                )
            )
            continue
        entities: dict[str, _SourceEntity] = {}
        broken: list[str] = []
        for doc_id in available:
            cache_key = (doc_id, item.lang)
            if cache_key not in entities_by_doc:
                try:
                    entities_by_doc[cache_key] = _document_entities(doc_texts[doc_id], item.lang)
                except Exception as exc:  # one document a model cannot take fails its items, never the run
                    entities_by_doc[cache_key] = f"NER failed on document {doc_id}: {type(exc).__name__}: {exc}"
            found = entities_by_doc[cache_key]
            if isinstance(found, str):
                broken.append(found)
                continue
            for entity in found:
                entities.setdefault(entity.key, entity)
        if broken:
            verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status="error", reason="; ".join(broken)))
            continue
        if not entities:
            verdicts.append(
                Verdict(
                    item_id=item.item_id, filter=FILTER_NAME, status="rejected", score=0.0,
                    reason="no named entities found in the source documents", code="source_has_no_entities",
                )
            )
            continue

        qa_text = "\n".join([item.question, *item.answers])
        qa_folded = fold(qa_text)
        qa_key = f" {entity_key(qa_text, item.lang)} "
        matched = [e.text for e in entities.values() if _matches(e, qa_folded, qa_key, config.fuzzy_threshold)]
        if matched:
            reason = f"{len(matched)} of {len(entities)} source entities named: {_listing(matched, config.max_listed)}"
            status = "passed"
        else:
            reason = (
                f"none of the {len(entities)} named entities of the source documents appears in the question or answer "
                f"({_listing((e.text for e in entities.values()), config.max_listed)})"
            )
            status = "rejected"
        verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status=status, score=float(len(matched)),
                                reason=reason, code="" if matched else "entity_missing"))
    return FilterResult(verdicts=verdicts)


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: NerPresenceConfig) -> FilterResult:
    return check_ner_presence(items, inputs.source_texts, config)


FILTER = FilterSpec(name=FILTER_NAME, needs_llm=False, config=NerPresenceConfig, score=score,
                    context=frozenset({"source_texts"}),
                    description="passes items naming an entity of their source texts")
