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
           Candidate sentences and their parse live in ``sentences``, the question
           phrasing in ``questions_rules``; this module selects and assembles.

Bad input: an empty or tiny context is skipped with its reason; one longer than
``max_chars`` is cut at a sentence end and the original length recorded.
"""
from __future__ import annotations

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
from tasks.knowyourrag.questions_rules import RU_DATE_RULES, rules_question
from tasks.knowyourrag.sentences import FACT_LABELS, NAMED_LABELS, PRONOUN_START, Parsed, candidate_sentences, parse_sentences
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

_DIGIT = re.compile(r"\d")







def _is_fact_candidate(sentence: str, lang: str, has_entity: bool, config: ExtractionConfig) -> bool:
    words = sentence.split()
    if not 5 <= len(words) <= config.max_statement_words:
        return False
    if sentence.rstrip().endswith(("?", ":")) or not sentence.rstrip().endswith((".", "!", "»", '"', "”")):
        return False
    first = re.sub(r"[^\w-]", "", words[0]).lower()
    if first in PRONOUN_START[lang]:
        return False
    return has_entity or bool(_DIGIT.search(sentence)) or (lang == "ru" and any(p.search(sentence) for p, _ in RU_DATE_RULES))


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






def parse_contexts(prepared: list[Prepared]) -> list[list[Parsed]]:
    """Candidate sentences of many contexts, parsed in one spaCy stream / one natasha Doc per language."""
    out: list[list[Parsed]] = [[] for _ in prepared]
    for lang in ("en", "ru"):
        indexes = [i for i, p in enumerate(prepared) if p.context.lang == lang]
        per_context = [candidate_sentences(prepared[i].text, lang) for i in indexes]
        parsed = parse_sentences([s for sents in per_context for s in sents], lang)
        at = 0
        for i, sents in zip(indexes, per_context):
            out[i] = parsed[at: at + len(sents)]
            at += len(sents)
    return out


def rules_statements(
    prepared: Prepared, config: ExtractionConfig, parsed: list[Parsed] | None = None
) -> tuple[StatementSet, list[Parsed]]:
    """Theme and factual statements of one prepared context (no LLM)."""
    lang = prepared.context.lang
    if parsed is None:
        parsed = parse_sentences(candidate_sentences(prepared.text, lang), lang)
    facts = [p for p in parsed if _is_fact_candidate(p.text, lang, any(e[1] in FACT_LABELS for e in p.entities), config)]
    facts = facts[: config.max_facts]
    if prepared.context.title and prepared.context.title.strip():
        theme = prepared.context.title.strip()
    else:
        theme = _key_phrases([e[0] for p in parsed for e in p.entities if e[1] in NAMED_LABELS], lang) or (
            parsed[0].text if parsed else prepared.text[:120]
        )
    statements = StatementSet(
        context_id=prepared.context.context_id,
        theme=theme,
        facts=[p.text for p in facts],
        truncated_from=prepared.truncated_from,
    )
    return statements, facts




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
        parses: list[list[Parsed] | None] = parse_contexts(ready)
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
