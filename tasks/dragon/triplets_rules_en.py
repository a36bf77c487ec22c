"""Triplet extraction, rules engine, English: dependency patterns over a spaCy parse (see tasks/dragon/triplets.py).

The entry point: ``_rules_en`` parses every new paragraph in one spaCy stream and ``_facts_en`` walks each
sentence through the stages below, each in a module named for what it holds:

- ``triplets_rules_en_names``: names cut or joined right before the facts (hyphens, titles inside names,
  statistics glued to names) and title-before-name role facts;
- ``triplets_rules_en_mentions``: what a sentence tells the article's ``_Discourse``
  (``triplets_rules_en_discourse``) before and after its facts; ``triplets_rules_en_kinds``: described
  common nouns ("a new cardiac unit") that "the unit" points back at;
- ``triplets_rules_en_phrases``: ``_EnSentence``, what a noun phrase names (pronouns and "the company"
  resolved through the discourse);
- ``triplets_rules_en_verbs``: the facts of one verb, with its subjects (``_subjects``), objects and their
  qualifiers (``_objects``), clauses that state no fact (``_no_fact``), the modality (``_modality``) and
  the parser's misattachments mended (``_repairs``);
- ``triplets_rules_en_roles``: roles, copulas and appositions ("X, the CEO of Y");
- ``triplets_rules_en_fullest``: after an article's last paragraph, every name said as its fullest mention;
- ``triplets_rules_en_lexicon``: the word lists, labels and lemma helpers all of them read by.
"""
from __future__ import annotations

from collections.abc import Iterator

from benchmill import nlp
from schemas import Failure, IncrementDoc, Triplet

from tasks.dragon.diff import split_paragraphs
from tasks.dragon.triplets_base import TripletConfig, _DocCollector, _Fact, _failure, _paragraphs, log
from tasks.dragon.triplets_rules_en_discourse import _Discourse
from tasks.dragon.triplets_rules_en_fullest import fullest_names, placed_names
from tasks.dragon.triplets_rules_en_gapping import gapped_facts
from tasks.dragon.triplets_rules_en_kinds import learn_kinds
from tasks.dragon.triplets_rules_en_mentions import _after_sentence, _learn_names
from tasks.dragon.triplets_rules_en_names import (
    _cut_stat_figures, _join_hyphenated, _split_titled_names, _title_role_facts_en,
)
from tasks.dragon.triplets_rules_en_phrases import _EnSentence
from tasks.dragon.triplets_rules_en_repairs import mend_plural_possessives
from tasks.dragon.triplets_rules_en_roles import _appositive_facts_en
from tasks.dragon.triplets_rules_en_subjects import without_shared_amounts
from tasks.dragon.triplets_rules_en_verbs import _verb_facts_en


def _rules_en(docs: list[IncrementDoc], config: TripletConfig) -> tuple[dict[int, list[Triplet]], list[Failure]]:
    """All paragraphs of all English docs through one nlp.pipe stream, then per-doc patterns.

    Facts come from the new paragraphs only; an updated article's unchanged paragraphs before
    its last new one are read too, for what they name ("The company said ..." in an added
    paragraph points back at the firm the article named before), and give no facts."""
    failures: list[Failure] = []
    owners: list[tuple[IncrementDoc, bool]] = []
    texts: list[str] = []
    for doc in docs:
        for paragraph, new in _paragraphs_in_context(doc):
            owners.append((doc, new))
            texts.append(paragraph)
    try:
        parsed = [(doc, new, d) for (doc, new), d in zip(owners, nlp.parse_en(texts, batch_size=config.spacy_batch_size))]
    except Exception:  # a paragraph that crashes the batch: parse one document at a time
        log.exception("triplets: batched spaCy parse failed; parsing document by document")
        parsed = []
        for doc in docs:
            try:
                parsed += [(doc, True, d) for d in nlp.parse_en(_paragraphs(doc), batch_size=config.spacy_batch_size)]
            except Exception as exc:
                failures.append(_failure(doc, f"spaCy could not parse the document: {type(exc).__name__}: {exc}"))

    collectors = {id(doc): _DocCollector(doc, "rules", config) for doc in docs}
    # what an article has named so far, read in order across its paragraphs: "the company",
    # "she", "Ms Berg" in paragraph four point back at names given in paragraph one
    discourses = {id(doc): _Discourse() for doc in docs}
    broken: set[int] = {id(d) for d in docs if any(f.key == d.doc_id for f in failures)}
    # an article's facts wait for its last paragraph: a name is said as the article's fullest mention of it
    # ("Waiau Plains" of "Waiau Plains Dairy"), which may come in any paragraph (triplets_rules_en_fullest)
    facts: dict[int, list] = {id(doc): [] for doc in docs}
    spacy_docs: dict[int, list] = {id(doc): [] for doc in docs}
    for doc, new, spacy_doc in parsed:
        spacy_docs[id(doc)].append(spacy_doc)
    for doc in docs:  # a word the article writes as a place anywhere is one from its first paragraph
        discourses[id(doc)].places = placed_names(spacy_docs[id(doc)])
    for doc, new, spacy_doc in parsed:
        if id(doc) in broken:
            continue
        try:
            facts[id(doc)] += [fact for fact in _facts_en(spacy_doc, discourses[id(doc)]) if new]
        except Exception as exc:
            log.exception("triplets: pattern matching failed for %s", doc.doc_id)
            failures.append(_failure(doc, f"rules extraction failed: {type(exc).__name__}: {exc}"))
            broken.add(id(doc))
    for doc in docs:
        if id(doc) not in broken:
            for fact in fullest_names(facts[id(doc)], spacy_docs[id(doc)], discourses[id(doc)]):
                collectors[id(doc)].add(fact)
    return {key: c.finish() for key, c in collectors.items() if key not in broken}, failures


def _paragraphs_in_context(doc: IncrementDoc) -> list[tuple[str, bool]]:
    """(paragraph, is new) in article order: the new paragraphs, preceded by the article's old
    paragraphs up to the last new one when the version is an update (context only)."""
    new = _paragraphs(doc)
    everything = split_paragraphs(doc.text or "")
    fresh = {p.strip() for p in doc.new_paragraphs if p and p.strip()}
    if not fresh or all(p in fresh for p in everything) or not any(p in fresh for p in everything):
        return [(p, True) for p in new]  # a new article (or a text that does not hold them): as before
    last = max(i for i, p in enumerate(everything) if p in fresh)
    out: list[tuple[str, bool]] = []
    for paragraph in everything[: last + 1]:
        is_new = paragraph in fresh
        out += [(piece.strip(), is_new) for _, piece in nlp.text_chunks(paragraph) if piece.strip()]
    return out


def _facts_en(doc, discourse: _Discourse | None = None) -> Iterator[_Fact]:
    _join_hyphenated(doc)
    _split_titled_names(doc)
    _cut_stat_figures(doc)
    mend_plural_possessives(doc)
    ent_of: dict[int, object] = {}
    for ent in doc.ents:
        for i in range(ent.start, ent.end):
            ent_of[i] = ent
    helper = _EnSentence(ent_of, discourse)
    for sent in doc.sents:
        sentence = sent.text
        if sentence.count("|") >= 2:
            continue  # "Lot | Vendor | Farm | Buyer ...": table cells run together, no sentence to read facts from
        _learn_names(sent, helper)
        yield from _title_role_facts_en(sent, helper)
        for token in sent:
            pos = token.pos_
            if pos == "VERB" or (pos == "AUX" and token.dep_ in ("ROOT", "conj", "ccomp", "relcl", "advcl")):
                facts = without_shared_amounts(token, list(_verb_facts_en(token, sentence, helper)), helper)
                yield from facts
                yield from gapped_facts(token, facts, helper)  # "X will pay $5 million and Y $3 million"
            elif token.dep_ == "appos":
                yield from _appositive_facts_en(token, sentence, helper)
        _after_sentence(sent, helper)
        learn_kinds(sent, helper)
