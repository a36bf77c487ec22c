"""The single-prompt baseline generator (the paper's comparison point, llm only).

One prompt per context asks for one factoid question and its answer (prompts/<lang>/
kyr_baseline.j2). Its items have ``type = "baseline"`` so that their label mix
(``scoring.label_mix``) can be read next to the statement-extraction mix on the same
contexts; lineage names the prompt.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from benchmill.engines import SKIPPED_NEEDS_LLM, EngineConfig
from benchmill.llm import failure_reason
from benchmill.prompts import render
from schemas import Failure, Lineage
from schemas.knowyourrag import KyrBatch, KyrContext, KyrSkip, QAReply
from tasks.knowyourrag.scoring import question_problems
from tasks.knowyourrag.statements import ExtractionConfig, context_item, item_id, prepare_context

STAGE = "kyr_baseline"
TYPE = "baseline"


def generate_baseline(contexts: list[KyrContext], engine: EngineConfig, config: ExtractionConfig = ExtractionConfig()) -> KyrBatch:
    """One (question, answer) item per context, or a failure / skip for it."""
    batch = KyrBatch()
    if engine.kind != "llm":
        batch.skipped = [KyrSkip(context_id=c.context_id, type=TYPE, reason=SKIPPED_NEEDS_LLM) for c in contexts]
        return batch
    client = engine.client()
    jobs = []
    for context in contexts:
        prepared, reason = prepare_context(context, config)
        if prepared is None:
            batch.skipped.append(KyrSkip(context_id=context.context_id, type=TYPE, reason=reason))
            continue
        try:
            jobs.append((context, prepared, render("kyr_baseline", context.lang, context=prepared.text)))
        except Exception as exc:
            batch.failures.append(Failure(stage=STAGE, key=context.context_id, reason=f"{type(exc).__name__}: {exc}"))
    workers = max(1, min(len(jobs), engine.llm.max_concurrency if engine.llm else 1))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="kyr-baseline") as pool:
        results = list(pool.map(lambda job: client.complete_json(job[2], QAReply), jobs)) if jobs else []
    for (context, prepared, prompt), result in zip(jobs, results):
        batch.usage = batch.usage + result.usage
        if result.value is None:
            batch.failures.append(Failure(stage=STAGE, key=context.context_id, reason=failure_reason(result), kind=result.failure_kind))
            continue
        question, answer = result.value.question.strip(), result.value.answer.strip()
        problems = question_problems(question, answer, context.lang)
        if problems:
            batch.failures.append(Failure(stage=STAGE, key=context.context_id, reason=failure_reason(result, "; ".join(problems))))
            continue
        batch.items.append(context_item(
            context, item_id(context, TYPE, "llm", engine.model, prompt.sha256, config.seed), TYPE, question, answer,
            prepared.text,
            {"context_id": context.context_id, "collection": context.collection, "generator": "baseline",
             "truncated_from": prepared.truncated_from},
            Lineage(engine="llm", model=engine.model, prompt_name=prompt.name, prompt_hash=prompt.sha256),
        ))
    return batch
