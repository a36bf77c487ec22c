"""DRAGON questions, llm engine: prompts/<lang>/question_<type>.j2, replies validated."""
from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

from pydantic import BaseModel

from benchmill import nlp
from benchmill.engines import EngineConfig
from benchmill.llm import failure_reason
from benchmill.prompts import render
from schemas import Failure, Item, Lineage, LLMUsage, Subgraph
from tasks.dragon.subgraphs import parse_quantity
from tasks.dragon.questions_base import NoTemplate, QuestionBatch, QuestionConfig, STAGE, _check_shape, _labels, _mentions, item_id, skip_reason
from tasks.dragon.questions_keypoints import _item
from tasks.dragon.questions_rules import _templates


class LLMQuestion(BaseModel):
    """The JSON object the question prompts ask for; ``answer`` may list several entities."""

    question: str
    answer: str | list[str]


def prompt_name(question_type: str) -> str:
    return "question_" + question_type.replace("-", "_")


def _edge_lines(subgraph: Subgraph) -> list[str]:
    # a plan or possibility says so, or the model words it as a done fact
    return [
        f"{e.head_label} | {e.relation}{'' if e.modality == 'asserted' else f' ({e.modality})'} | {e.tail_label}"
        for e in subgraph.edges
    ]


def _generate_llm(subgraphs: list[Subgraph], engine: EngineConfig, config: QuestionConfig) -> QuestionBatch:
    client = engine.client()
    failures: list[Failure] = []
    jobs: list[tuple[Subgraph, object]] = []
    for subgraph in subgraphs:
        unasked = skip_reason(subgraph)
        if unasked:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=unasked))
            continue
        try:
            _check_shape(subgraph, config)
            labels = _labels(subgraph)
            prompt = render(
                prompt_name(subgraph.type),
                subgraph.lang,
                edges=_edge_lines(subgraph),
                sentences=[s for e in subgraph.edges for s in e.sentences],
                answer_labels=[labels[n] for n in subgraph.answer_nodes if n in labels],
                question_labels=[labels[n] for n in subgraph.question_nodes if n in labels],
                hidden_labels=[labels[n] for n in subgraph.hidden_nodes if n in labels],
            )
        except NoTemplate as exc:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=f"no template: {exc}"))
            continue
        except Exception as exc:  # e.g. a missing prompt file for an unsupported language
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=f"{type(exc).__name__}: {exc}"))
            continue
        jobs.append((subgraph, prompt))

    workers = max(1, min(len(jobs), engine.llm.max_concurrency if engine.llm else 1))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="questions-llm") as pool:
        # LLMUnavailable (endpoint down) propagates from here: the whole task is retried
        results = list(pool.map(lambda job: client.complete_json(job[1], LLMQuestion), jobs)) if jobs else []

    items: list[Item] = []
    for (subgraph, prompt), result in zip(jobs, results):
        if result.value is None:
            failures.append(
                Failure(stage=STAGE, key=subgraph.subgraph_id, reason=failure_reason(result), kind=result.failure_kind)
            )
            continue
        reply: LLMQuestion = result.value
        question = reply.question.strip()
        answers = _llm_answers(subgraph, reply)
        problem = _llm_problem(subgraph, question, answers) or answer_mismatch(subgraph, reply, answers)
        if problem:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=failure_reason(result, problem)))
            continue
        try:
            templates = _templates(subgraph.lang)
        except NoTemplate as exc:
            failures.append(Failure(stage=STAGE, key=subgraph.subgraph_id, reason=str(exc)))
            continue
        items.append(
            _item(
                subgraph,
                question,
                answers,
                Lineage(engine="llm", model=engine.model, prompt_name=prompt.name, prompt_hash=prompt.sha256),
                item_id(subgraph.lang, subgraph.subgraph_id, "llm", engine.model, prompt.sha256),
                templates,
            )
        )
    usage = LLMUsage.total([r.usage for r in results])
    return QuestionBatch(items=items, failures=failures, usage=usage)


def _llm_answers(subgraph: Subgraph, reply: LLMQuestion) -> list[str]:
    """Gold answers are the subgraph's answer entities (labels), not the model's wording.

    The model's answer is checked against them (``answer_mismatch``); what is stored is
    the graph's labels, so answers stay comparable across engines. Without answer_nodes
    the model's answer is used as given.
    """
    labels = _labels(subgraph)
    if subgraph.type == "comparison":
        winner = _comparison_winner(subgraph)
        if winner is not None:
            return [labels[winner]]
    gold = [labels[n] for n in subgraph.answer_nodes if n in labels]
    if gold:
        return gold
    raw = reply.answer if isinstance(reply.answer, list) else [a for a in re.split(r"\s*[;,]\s*", reply.answer)]
    return [a.strip() for a in raw if a and a.strip()]


def _reply_parts(answer: str | list[str], lang: str) -> list[str]:
    if isinstance(answer, list):
        parts = [str(a) for a in answer]
    else:
        parts = re.split(r"\s*[;,]\s*|\s+(?:and|и)\s+", answer) if "," in answer or ";" in answer or " and " in answer or " и " in answer else [answer]
    return [p.strip().rstrip(".") for p in parts if p and p.strip()]


def _same_answer(gold: str, said: str, lang: str) -> bool:
    """Does ``said`` name ``gold``: equal quantities, or one's entity key inside the other's?"""
    gold_quantity, said_quantity = parse_quantity(gold, lang), parse_quantity(said, lang)
    if gold_quantity is not None and said_quantity is not None:
        return abs(gold_quantity.value - said_quantity.value) <= 1e-9 * max(1.0, abs(gold_quantity.value))
    g, s = nlp.entity_key(gold, lang), nlp.entity_key(said, lang)
    return bool(g and s) and (f" {g} " in f" {s} " or f" {s} " in f" {g} ")


def answer_mismatch(subgraph: Subgraph, reply: LLMQuestion, gold: list[str]) -> str | None:
    """Compare the model's own answer with the subgraph's answer entities; a reason when they differ.

    Single answers: the model's answer must name the gold entity (inflection, legal forms and
    number formatting aside). Sets: every gold entity named, and nothing else listed. Without
    gold answers (no answer_nodes) there is nothing to compare.
    """
    labels = _labels(subgraph)
    has_gold = bool([n for n in subgraph.answer_nodes if n in labels]) or (
        subgraph.type == "comparison" and _comparison_winner(subgraph) is not None)
    if not has_gold:
        return None
    said = _reply_parts(reply.answer, subgraph.lang)
    whole = reply.answer if isinstance(reply.answer, str) else ", ".join(map(str, reply.answer))
    if not said:
        return "the LLM's answer is empty"
    lang = subgraph.lang
    if len(gold) == 1:
        if _same_answer(gold[0], whole.strip().rstrip("."), lang) or any(_same_answer(gold[0], part, lang) for part in said):
            return None
        return f"the LLM's answer {whole!r} does not match the subgraph's answer {gold[0]!r}"
    missing = [g for g in gold if not any(_same_answer(g, part, lang) for part in said)]
    if missing:
        return f"the LLM's answer {whole!r} misses {missing!r} of the subgraph's answer {gold!r}"
    extra = [part for part in said if not any(_same_answer(g, part, lang) for g in gold)]
    if extra:
        return f"the LLM's answer {whole!r} lists {extra!r}, not in the subgraph's answer {gold!r}"
    return None


def _comparison_winner(subgraph: Subgraph) -> str | None:
    if len(subgraph.edges) != 2:
        return None
    first, second = subgraph.edges
    q1, q2 = parse_quantity(first.tail_label, subgraph.lang), parse_quantity(second.tail_label, subgraph.lang)
    if q1 is None or q2 is None or q1.value == q2.value:
        return None
    return first.head if q1.value > q2.value else second.head


#: bounds on an LLM question's length, in characters
LLM_QUESTION_CHARS = (12, 400)
_MARKUP = re.compile(r"[<>{}\[\]`]|https?://|\*\*|^#", re.MULTILINE)


def _question_problem(question: str, lang: str) -> str | None:
    """Is this text a question, in the collection's language, of sane length, without markup?"""
    low, high = LLM_QUESTION_CHARS
    if not low <= len(question) <= high:
        return f"the LLM question is {len(question)} characters long, outside {low}..{high}"
    if "\n" in question or _MARKUP.search(question):
        return "the LLM question contains markup or several lines"
    if not question.endswith("?") and not nlp.is_interrogative(question, lang):
        return "the LLM reply is not a question (no '?' and no interrogative sentence)"
    found = nlp.detect_language(question)
    if found != lang:
        return f"the LLM question is in {found!r}, the collection's language is {lang!r}"
    return None


def _llm_problem(subgraph: Subgraph, question: str, answers: list[str]) -> str | None:
    """Reasons to reject a reply outright (the filters stage judges the rest)."""
    if not question:
        return "the LLM returned an empty question"
    if not answers:
        return "the LLM returned no answer"
    problem = _question_problem(question, subgraph.lang)
    if problem:
        return problem
    labels = _labels(subgraph)
    if subgraph.type == "multi-hop":
        for node in subgraph.hidden_nodes:
            if node in labels and _mentions(question, labels[node], subgraph.lang):
                return f"the multi-hop question names the bridge entity {labels[node]!r}"
    return None
