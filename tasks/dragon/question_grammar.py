"""Question grammar (rules engine): read the finished question the way a reader does, and reject it
when it breaks the language (DRAGON §4's acceptability filter, done without a model).

DRAGON's first QA filter is a RuCoLa / CoLA classifier (``tasks/filters/acceptability``); with no
model configured it records ``skipped: needs model``. This filter is what the rules engine can
say on its own, and it runs whatever the engine: it re-parses the question text itself (spaCy for
English, natasha for Russian), independently of the template that wrote it, and compares it with
the item's answer and the sentences of its subgraph's edges. The generators' own refusals
(``questions_*_checks``) work on the graph before a question exists; this reads what is released.

Each language has one module of checks (``question_grammar_en``, ``question_grammar_ru``): a
:data:`CHECKS` list of functions ``check(question: QuestionView) -> Finding | None``, each named by
its ``code``. An item is ``rejected`` when one or more enabled checks find something (the reason
lists every finding; ``code`` is the first one's); ``passed`` otherwise. score = the number of
findings, whatever the decision. A language without a checks module is ``skipped`` (not
applicable), never passed silently. ``disabled`` (config) turns named checks off; an unknown
name is a settings error before any work starts.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from benchmill.engines import EngineConfig
from benchmill.filtering import FilterInputs, FilterSpec, register
from schemas import Edge, Item, Subgraph, Verdict
from tasks.filters import FilterResult

FILTER_NAME = "question_grammar"
#: languages with a checks module ``tasks.dragon.question_grammar_<lang>``
LANGUAGES = ("en", "ru")


@dataclass(frozen=True)
class Finding:
    """One thing a check found wrong with a question: a short code and a one-line reason."""

    code: str
    reason: str


@dataclass(frozen=True)
class QuestionView:
    """What a check reads: the question, its answers, the item's type and its subgraph's edges."""

    question: str
    answers: tuple[str, ...]
    type: str
    lang: str
    edges: tuple[Edge, ...] = ()
    answer_nodes: tuple[str, ...] = ()
    question_nodes: tuple[str, ...] = ()
    references: tuple[str, ...] = ()

    @property
    def sentences(self) -> list[str]:
        """The source sentences of the subgraph's edges, in order, each once (else the references)."""
        out: list[str] = []
        for edge in self.edges:
            for s in edge.sentences:
                if s not in out:
                    out.append(s)
        return out or list(self.references)

    def labels(self, nodes: tuple[str, ...]) -> list[str]:
        """The labels of the given node ids as the edges write them."""
        out: list[str] = []
        for edge in self.edges:
            for node, label in ((edge.head, edge.head_label), (edge.tail, edge.tail_label)):
                if node in nodes and label not in out:
                    out.append(label)
        return out

    def node_type(self, node: str) -> str | None:
        """The coarse entity type the edges record for a node (None when none does)."""
        for edge in self.edges:
            if edge.head == node and edge.head_type:
                return edge.head_type
            if edge.tail == node and edge.tail_type:
                return edge.tail_type
        return None


Check = Callable[[QuestionView], "Finding | None"]


@cache
def checks_for(lang: str) -> tuple[Check, ...]:
    """The checks of a language (empty for a language without a module)."""
    if lang not in LANGUAGES:
        return ()
    module = importlib.import_module(f"tasks.dragon.question_grammar_{lang}")
    return tuple(module.CHECKS)


def check_codes() -> set[str]:
    """Every check's code, over all languages (what ``disabled`` may name)."""
    return {getattr(fn, "code", fn.__name__) for lang in LANGUAGES for fn in checks_for(lang)}


class QuestionGrammarConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    disabled: list[str] = Field([], description="check codes not to run (see tasks/dragon/question_grammar_<lang>.py)")

    @field_validator("disabled")
    @classmethod
    def _known(cls, v: list[str]) -> list[str]:
        unknown = sorted(set(v) - check_codes())
        if unknown:
            raise ValueError(f"unknown check(s) {', '.join(unknown)}; known: {', '.join(sorted(check_codes()))}")
        return v


def view(item: Item) -> QuestionView:
    """The item as its checks read it (an item whose subgraph does not validate has no edges)."""
    subgraph = None
    if item.subgraph is not None:
        try:
            subgraph = Subgraph.model_validate(item.subgraph)
        except ValidationError:
            subgraph = None
    return QuestionView(
        question=item.question, answers=tuple(item.answers), type=item.type, lang=item.lang,
        edges=tuple(subgraph.edges) if subgraph else (),
        answer_nodes=tuple(subgraph.answer_nodes) if subgraph else (),
        question_nodes=tuple(subgraph.question_nodes) if subgraph else (),
        references=tuple(item.references),
    )


def findings(question: QuestionView, disabled: frozenset[str] = frozenset()) -> list[Finding]:
    """What the enabled checks of the question's language find, in check order."""
    out = []
    for check in checks_for(question.lang):
        if getattr(check, "code", check.__name__) in disabled:
            continue
        found = check(question)
        if found is not None:
            out.append(found)
    return out


def check_question_grammar(items: list[Item], config: QuestionGrammarConfig = QuestionGrammarConfig()) -> FilterResult:
    """One verdict per item (module doc)."""
    disabled = frozenset(config.disabled)
    verdicts = []
    for item in items:
        if not checks_for(item.lang):
            verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status="skipped",
                                    reason=f"not applicable: no grammar checks for language {item.lang!r}"))
            continue
        found = findings(view(item), disabled)
        if found:
            verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status="rejected", score=float(len(found)),
                                    reason="; ".join(f"{f.code}: {f.reason}" for f in found), code=found[0].code))
        else:
            verdicts.append(Verdict(item_id=item.item_id, filter=FILTER_NAME, status="passed", score=0.0))
    return FilterResult(verdicts=verdicts)


def score(items: list[Item], inputs: FilterInputs, engine: EngineConfig, config: QuestionGrammarConfig) -> FilterResult:
    return check_question_grammar(items, config)


def code(name: str) -> Callable[[Check], Check]:
    """Decorator naming a check's code (the name in reasons, verdict codes and ``disabled``)."""

    def mark(fn: Check) -> Check:
        fn.code = name  # type: ignore[attr-defined]
        return fn

    return mark


#: DRAGON's own filter: registered here, not among the shared filters
FILTER = register(FilterSpec(name=FILTER_NAME, needs_llm=False, config=QuestionGrammarConfig, score=score,
                             description="re-reads the finished question: agreement, question word vs answer, verb frame"))
