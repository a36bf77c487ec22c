"""DRAGON stage "triplet extraction": (subject, relation, object) facts from the increment.

Facts come from ``IncrementDoc.new_paragraphs`` only: a new version of an article contributes
only the facts its new paragraphs state. (The English rules engine also reads an updated
article's unchanged paragraphs before its last new one, for the names they give, not for facts.)

Two engines:

``rules``
    Dependency patterns over a real parse. English: spaCy (all paragraphs of the batch in
    one ``nlp.pipe`` stream); Russian: natasha (one Doc per article). Patterns:
    subject–verb–object (active, passive with and without agent, relative clauses,
    shared subjects of coordinated verbs), prepositional objects ("headquartered in Oslo"),
    copular "X is the CEO of Y" and appositive "X, the CEO of Y," (both → ``(X, CEO of, Y)``).
    Subjects and objects must be named entities, proper-noun phrases, number or date
    phrases ("2139 cars", "2026 год"), or a thing next to a name or number ("repairs to
    the Vasa bridge cost 41 million euros", "the stadium will be built by X"; never
    thing–verb–thing). "The company" / "компания" and "he" / "она" point back at the
    organisation / person named before in the paragraph, else the fact is dropped — a
    question about "it" answers nothing. Control verbs keep their head ("agree to buy",
    "согласиться купить"). English reads an article as one discourse (tasks/dragon/
    triplets_rules_en_discourse.py ``_Discourse``): "he"/"she", "it", "we" in a quote, "Ms Redpath",
    "Orlan", "the chain" / "the museum" (a noun the text used for a name), "the company" (the
    organisation of the person whose words the clause reports, else the one named last)
    resolve across paragraphs; roles ("X, Y's chief executive") fix people and organisations.
    Every fact carries its modality (schemas.graph.Modality): negation (not, не; English
    also "has no plans to", "failed/refused to", "no" before the object, "denied that"),
    conditions (if/unless, если), possibility (could/may/would, is likely to, может, бы), plans
    (will, plans/expects/is set to/is to, "announced plans to", будет, планирует, perfective
    future "поставит"); a plan is never stated as a done fact, and the clause of a negated
    verb of saying ("did not confirm that ...") is not stated at all. Relations are lemma-normalised: English verbs as lemmas
    ("acquire"), passives as "be <participle> <prep>" ("be headquartered in"), noun
    relations as "<noun> <prep>" ("CEO of"); Russian verbs as lemma + preposition
    ("приобрести", "находиться в"), noun relations in the nominative ("глава").
    Russian entities are natasha NER spans in their normal form (nominative). Russian news copy
    is parsed twice: each sentence again without its parentheses (an abbreviation defined in
    one names its full name later) and with an attribution clause ("..., сообщила
    пресс-служба") on a line of its own; natasha's head errors that break agreement or clause
    structure are mended before the patterns run; bare nouns ("музей", "компания"), pronouns
    and abbreviations point back at what the article named (tasks/dragon/rules_ru/, one module per concern).

``llm``
    prompts/<lang>/triplets.j2 (facts with their modality), one call per chunk of new paragraphs (at most
    ``chunk_chars`` characters, split at paragraph, then sentence boundaries). A reply
    that cannot be used becomes one :class:`schemas.Failure` for that chunk; other chunks
    and documents go on. ``LLMUnavailable`` (endpoint down) propagates. Relations the
    synonym table (tasks/dragon/relation_synonyms.json) does not know are mapped by the
    model onto its canonical names (prompts/<lang>/triplet_relations.j2); an unusable
    reply keeps them as extracted and is recorded (Failure key ``relations:<lang>``).

Triplet ids are content-derived: sha256 of (version_id, sentence, subject, relation,
object), so re-extracting a version upserts, never duplicates.
"""
from __future__ import annotations

from benchmill.engines import EngineConfig
from schemas import Failure, IncrementDoc, LLMUsage, Triplet

from tasks.dragon.triplets_base import (  # noqa: F401  (public names stay importable from here)
    PROMPT_NAME, STAGE, TripletBatch, TripletConfig, _failure, log, normalise_relation, triplet_id,
)
from tasks.dragon.triplets_llm import LLMTriplet, LLMTripletReply, _extract_llm, chunk_paragraphs  # noqa: F401
from tasks.dragon.triplets_rules_en import _rules_en  # noqa: F401
from tasks.dragon.rules_ru import _rules_ru  # noqa: F401


def extract_triplets(
    docs: list[IncrementDoc], engine: EngineConfig, config: TripletConfig = TripletConfig()
) -> TripletBatch:
    """Triplets from the new paragraphs of ``docs``, with one Failure per unusable input.

    Output order: documents in input order, triplets in text order within a document.
    """
    if engine.kind == "rules":
        return _extract_rules(docs, config)
    if engine.kind == "llm":
        return _extract_llm(docs, engine, config)
    raise ValueError(f"unknown engine kind {engine.kind!r}")


def _extract_rules(docs: list[IncrementDoc], config: TripletConfig) -> TripletBatch:
    triplets: list[Triplet] = []
    failures: list[Failure] = []
    english = [d for d in docs if d.lang == "en"]
    results: dict[int, list[Triplet]] = {}
    if english:
        en_results, en_failures = _rules_en(english, config)
        results.update(en_results)
        failures += en_failures
    for doc in docs:
        if doc.lang != "ru":
            continue
        try:
            results[id(doc)] = _rules_ru(doc, config)
        except Exception as exc:  # one unparseable article must not sink the batch
            log.exception("triplets: rules extraction failed for %s", doc.doc_id)
            failures.append(_failure(doc, f"rules extraction failed: {type(exc).__name__}: {exc}"))
    for doc in docs:
        if doc.lang not in ("en", "ru"):
            failures.append(_failure(doc, f"unsupported language {doc.lang!r}"))
        triplets += results.get(id(doc), [])
    return TripletBatch(triplets=triplets, failures=failures, usage=LLMUsage())


