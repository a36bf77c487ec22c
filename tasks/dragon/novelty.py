"""DRAGON "novel facts only": drop triplets Wikidata already states.

DRAGON discards "any triplets that are completely matched with saved entities and
relations from the open knowledge base": facts absent from Wikidata are assumed unseen
by the models under test. A triplet (subject, relation, object) is *known* when a claim
matches all three parts:

- entities: the subject links to Wikidata item S and the claim is (S, P, value) with
  value = the object's Q-id, or a literal equal to the object's text (see below); or the
  claim states the fact from the other end, (O, P, S), with both sides linked — news
  says "Maria Kovacs is the chief executive of Harbour Logistics", Wikidata says
  "Harbour Logistics: chief executive officer = Maria Kovacs";
- relation: P's label or one of its aliases (en or ru) matches the relation phrase, both
  reduced to base forms (Russian lemmas via pymorphy2, English Snowball stems) and
  stripped of auxiliaries ("is headquartered in" ≈ "headquartered in"): rapidfuzz
  ratio / token_sort_ratio ≥ 85, or every content word of the property name occurs in
  the relation ("keep its headquarters in" contains "headquarters").

Literal values: normalised text equality ("Tallinn Port" = "tallinn port"); a year
equals a date claim of that year ("founded in 1989" = inception 1989-08-08); a number
equals a quantity claim at the precision the text states it, scale words included
("5,400 people" = 5400, "1.9 billion euros" = 1900000000, "3200 сотрудников" = 3200).

Known triplets are dropped with the reason ``already in Wikidata: S|P|value (label)``,
the claim as Wikidata stores it. A triplet whose subject and object are the same node
says nothing a question could ask and is dropped too. Everything else is novel.

Pure function: the flow passes the links and the claims it read for every linked Q-id
(objects too, for the other-end check).
"""
from __future__ import annotations

import logging
import math
import re
import unicodedata
from functools import lru_cache

from pydantic import BaseModel
from rapidfuzz import fuzz

from benchmill import nlp
from tasks.dragon.wikidata import normalise_literal
from schemas import EntityLink, Triplet, WikidataClaim
from tasks.dragon.linking import unlinked_node_id

log = logging.getLogger(__name__)

RELATION_MATCH_THRESHOLD = 85
REASON_SELF_LOOP = "self-loop: subject and object are the same node ({node})"
REASON_KNOWN = "already in Wikidata: {subject}|{property}|{value} ({label})"

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")

# Words that carry no relation meaning: auxiliaries and copulas (extractors emit "be
# headquartered in", property aliases say "headquartered in"), articles and possessives.
_AUXILIARIES = {
    "be", "is", "are", "was", "were", "been", "being", "am", "have", "has", "had", "do", "does", "did",
    "will", "would", "shall", "should", "can", "could", "may", "might", "must",
    "a", "an", "the", "its", "their", "his", "her",
    "быть", "являться", "есть", "это", "стать", "свой",
}
# Prepositions and conjunctions too: ignored only by the content-word test, where "of"
# or "в" would otherwise have to occur on both sides.
_FUNCTION_WORDS = _AUXILIARIES | {
    "of", "in", "on", "at", "by", "to", "for", "with", "from", "as", "into", "onto", "and", "or", "than",
    "в", "во", "на", "по", "с", "со", "из", "к", "ко", "от", "для", "и", "или", "о", "об", "у", "за", "под", "при",
    "до", "через", "над", "между", "а", "что",
}


class NoveltyResult(BaseModel):
    novel: list[Triplet]
    dropped: list[tuple[str, str]]  # (triplet_id, reason)


# --------------------------------------------------------------------------- relations


@lru_cache(maxsize=1)
def _english_stemmer():
    # nltk's Snowball needs no downloaded data; imported lazily because importing nltk
    # takes ~2 s and Russian-only runs never need it
    from nltk.stem.snowball import SnowballStemmer

    return SnowballStemmer("english")


@lru_cache(maxsize=50_000)
def _base_form(word: str) -> str:
    """Russian: pymorphy2 lemma (benchmill.nlp.lemma_ru). English: Snowball stem.

    Not spaCy lemmas for English: they depend on the tag the word gets in its phrase
    ("headquarters" alone → "headquarter", in "keep its headquarters in" → "headquarters";
    "found" → "find" when tagged as a past tense), and a relation phrase and a property
    alias are too short to tag reliably. A stem is context-free: "founded", "found" →
    "found"; "headquartered", "headquarters" → "headquart".
    """
    return nlp.lemma_ru(word) if _CYRILLIC.search(word) else _english_stemmer().stem(word)


@lru_cache(maxsize=20_000)
def _relation_form(phrase: str) -> tuple[str, frozenset[str]]:
    """(base forms of the phrase without auxiliaries, its content words)."""
    text = unicodedata.normalize("NFKC", phrase).casefold().replace("ё", "е")
    words: list[str] = []
    content: set[str] = set()
    for word in _WORD.findall(text):
        base = _base_form(word)
        if word in _AUXILIARIES or base in _AUXILIARIES:
            continue
        words.append(base)
        if word not in _FUNCTION_WORDS and base not in _FUNCTION_WORDS:
            content.add(base)
    return " ".join(words), frozenset(content)


def _property_matches(relation: str, property_names: list[str]) -> str | None:
    """The property name that the relation phrase expresses, or None."""
    relation_text, relation_words = _relation_form(relation)
    if not relation_text:
        return None
    for name in property_names:
        name_text, name_words = _relation_form(name)
        if not name_text:
            continue
        similarity = max(fuzz.ratio(relation_text, name_text), fuzz.token_sort_ratio(relation_text, name_text))
        if similarity >= RELATION_MATCH_THRESHOLD or (name_words and name_words <= relation_words):
            return name
    return None


# --------------------------------------------------------------------------- literals

_ISO_DATE = re.compile(r"^(-?\d{1,4})-\d\d(?:-\d\d)?$")
# "5,400" / "5 400" / "466100" / "1.9" / "1,5" (Russian decimal comma), then a scale word
_NUMBER = re.compile(
    r"(?<![\d.,])(\d{1,3}(?:[,\u00a0\u202f ]\d{3})+|\d+)(?:[.,](\d+))?(?![\d])\s*([^\W\d_]+)?",
    re.UNICODE,
)
_SCALES = {
    # no one-letter scales: "100 m" is as likely metres as millions
    "thousand": 1e3, "million": 1e6, "mln": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12,
    "тыс": 1e3, "тысяча": 1e3, "млн": 1e6, "миллион": 1e6, "млрд": 1e9, "миллиард": 1e9, "трлн": 1e12, "триллион": 1e12,
}


def _stated_number(text: str) -> tuple[float, float] | None:
    """(value, precision) of the one number a text states, e.g. "1.9 billion euros" → (1.9e9, 1e8).

    Precision is the place of the last significant digit as written: "5,400" is stated to
    the hundred, so a claim of 5412 is the same fact; "5,412" to the unit. None when the
    text holds no number or several (a range, a date).
    """
    matches = list(_NUMBER.finditer(text.replace("\u2009", " ")))
    if len(matches) != 1:
        return None
    integer, fraction, word = matches[0].groups()
    digits = re.sub(r"\D", "", integer)
    scale = 1.0
    if word:
        key = word.casefold()
        if _CYRILLIC.search(key):
            key = nlp.lemma_ru(key)  # "миллиарда" → "миллиард"
        elif key not in _SCALES and key.endswith("s"):
            key = key[:-1]  # "millions"
        scale = _SCALES.get(key, 1.0)
    if fraction:
        value = float(f"{digits}.{fraction}") * scale
        precision = 10.0 ** -len(fraction) * scale
    else:
        value = float(digits) * scale
        trailing_zeros = len(digits) - len(digits.rstrip("0")) if digits.strip("0") else 0
        precision = 10.0**trailing_zeros * scale
    return value, precision


def _literal_matches(object_text: str, value_text: str) -> bool:
    """Whether the object's text states the claim's literal value (see the module doc)."""
    object_literal = normalise_literal(object_text)
    if not object_literal:
        return False
    if normalise_literal(value_text) == object_literal:
        return True
    date = _ISO_DATE.match(value_text)
    if date:
        # news states dates as "in 1989" far more often than in full; a BCE year ("-44")
        # never equals normalised text
        return object_literal == date.group(1)
    try:
        amount = float(value_text)
    except ValueError:
        return False
    stated = _stated_number(object_text)
    if stated is None or not math.isfinite(amount):
        return False
    value, precision = stated
    return round(amount / precision) == round(value / precision)


# --------------------------------------------------------------------------- filter


def _link(surface: str, links: dict[str, EntityLink]) -> EntityLink | None:
    return links.get(surface) or links.get(surface.strip())


def filter_novel(
    triplets: list[Triplet],
    links: dict[str, EntityLink],
    claims: list[WikidataClaim],
    lang: str,
) -> NoveltyResult:
    """Split ``triplets`` into novel ones and dropped (triplet_id, reason) pairs, input order kept.

    ``links`` maps a surface form to its link (tasks.dragon.linking); a surface form missing from
    it counts as unlinked. ``claims``: Wikidata claims about the linked entities (subjects
    and objects). ``lang``: the batch's language, for triplets that carry none.
    """
    by_subject: dict[str, list[WikidataClaim]] = {}
    for claim in claims:
        by_subject.setdefault(claim.subject_qid, []).append(claim)

    novel: list[Triplet] = []
    dropped: list[tuple[str, str]] = []
    for triplet in triplets:
        triplet_lang = triplet.lang or lang
        subject, obj = _link(triplet.subject, links), _link(triplet.object, links)
        subject_node = subject.node_id if subject else unlinked_node_id(triplet.subject, triplet_lang)
        object_node = obj.node_id if obj else unlinked_node_id(triplet.object, triplet_lang)
        if subject_node == object_node:
            dropped.append((triplet.triplet_id, REASON_SELF_LOOP.format(node=subject_node)))
            continue
        reason = _known_reason(triplet, subject, obj, by_subject)
        if reason:
            dropped.append((triplet.triplet_id, reason))
        else:
            novel.append(triplet)
    log.info("novelty: %d triplets, %d novel, %d dropped", len(triplets), len(novel), len(dropped))
    return NoveltyResult(novel=novel, dropped=dropped)


def _known_reason(
    triplet: Triplet,
    subject: EntityLink | None,
    obj: EntityLink | None,
    by_subject: dict[str, list[WikidataClaim]],
) -> str | None:
    subject_qid = subject.qid if subject is not None else None
    object_qid = obj.qid if obj is not None else None
    stating: list[tuple[WikidataClaim, str]] = []  # (claim, its value as the reason shows it)
    if subject_qid is not None:
        for claim in by_subject.get(subject_qid, []):
            if claim.value_qid is not None:
                if claim.value_qid == object_qid:
                    stating.append((claim, claim.value_qid))
            elif claim.value_text is not None and _literal_matches(triplet.object, claim.value_text):
                stating.append((claim, claim.value_text))
    if subject_qid is not None and object_qid is not None:
        stating += [(c, c.value_qid) for c in by_subject.get(object_qid, []) if c.value_qid == subject_qid]
    for claim, value in stating:
        matched = _property_matches(triplet.relation, claim.property_labels)
        if matched is not None:
            label = claim.property_labels[0] if claim.property_labels else matched
            return REASON_KNOWN.format(subject=claim.subject_qid, property=claim.property_id, value=value, label=label)
    return None
