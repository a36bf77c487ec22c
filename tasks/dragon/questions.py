"""DRAGON stage "question generation": one question-answer item per subgraph (Appendix D).

Question types and what the subgraph holds (``schemas.graph.Subgraph``):

``simple``       one edge; the answer is one of its ends, the question names the other.
``set``          edges sharing one node and one relation; the answer lists all other ends.
``multi-hop``    two edges meeting at a bridge (``hidden_nodes``); the question describes
                 the bridge by its other edge and never names it.
``conditional``  two edges meeting at one node; the question states both facts, the shared
                 node is the answer.
``comparison``   two edges with one relation and numeric objects; the answer is the
                 subject with the larger number.

Engines:

``rules``  templates per type and language written here. English relations come in the
           triplet stage's canonical shapes (verb lemma "acquire", passive "be
           headquartered in", role noun "CEO of") and are put back into finite form (simple
           past via a small irregular-verb lexicon plus spelling rules). Russian relations
           (verb lemma + preposition, role noun) are conjugated and the entities inflected
           with pymorphy2 (``benchmill.nlp.inflect_ru``). The question word follows the
           answer's entity type (PER / ORG / LOC / DATE / number / other): the edges'
           ``head_type`` / ``tail_type`` where the triplet stage gave them, else dates and
           numbers from the label and NER over the edges' source sentences ("when" for
           years and months, "where" for places). A planned or possible fact is asked as
           one ("What does X plan to build?", "Что планирует построить X?") or not at all;
           negated and conditional facts are skipped with a recorded reason. A subgraph no template can phrase grammatically gets a
           Failure (reason "no template: ..."), never a garbled question.
``llm``    prompts/<lang>/question_<type>.j2; an unusable reply fails that subgraph only.

Pure function of its inputs: no store access.
"""
from __future__ import annotations

from benchmill.engines import EngineConfig
from schemas import Edge, Subgraph
from tasks.dragon.questions_base import (  # noqa: F401  (public names, importable from here)
    METHOD, STAGE, TEMPLATES_VERSION, NoTemplate, QuestionBatch, QuestionConfig, _labels, _mentions, _node_kinds,
    _relation_key, item_id,
)
from tasks.dragon.questions_en import EnRelation, EnglishTemplates, en_participle, en_past, en_relation  # noqa: F401
from tasks.dragon.questions_keypoints import answer_keypoints  # noqa: F401
from tasks.dragon.questions_llm import (  # noqa: F401
    LLM_QUESTION_CHARS, LLMQuestion, _generate_llm, _llm_answers, _llm_problem, _question_problem, prompt_name,
)
from tasks.dragon.questions_ru import RuRelation, RussianTemplates, ru_finite, ru_relation  # noqa: F401
from tasks.dragon.questions_rules import _draft, _generate_rules, _templates  # noqa: F401
from tasks.dragon.subgraphs import parse_quantity  # noqa: F401


def generate_questions(
    subgraphs: list[Subgraph], engine: EngineConfig, config: QuestionConfig = QuestionConfig(),
    context: list[Edge] = (),
) -> QuestionBatch:
    """One item per subgraph (or one Failure for it), in input order.

    ``context``: every edge of the articles the subgraphs come from (the flow passes the same list to
    each chunk of a run). The rules engine reads entity kinds, class nouns, full names and articles
    from it before the batch's own edges, so a chunk's questions do not depend on which other
    subgraphs happened to share the chunk; empty, the batch alone is read."""
    if engine.kind == "rules":
        return _generate_rules(subgraphs, config, list(context))
    if engine.kind == "llm":
        return _generate_llm(subgraphs, engine, config)
    raise ValueError(f"unknown engine kind {engine.kind!r}")
