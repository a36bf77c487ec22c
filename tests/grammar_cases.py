"""Shared helpers of the question-grammar check tests (tests/test_question_grammar_en*.py): a case is an
invented question with its answer and sentences, the code of the check and whether it must catch it."""
from __future__ import annotations

import pytest

from tasks.dragon.question_grammar import QuestionView, findings


def codes(question: str, answer: str | tuple[str, ...], *sentences: str, lang: str = "en") -> list[str]:
    """The codes every enabled check of the language finds in the question, read with its sentences."""
    answers = (answer,) if isinstance(answer, str) else answer
    return [f.code for f in findings(QuestionView(question=question, answers=answers, type="simple", lang=lang,
                                                  references=tuple(sentences)))]


def case(code, question, answer, sentences, caught):
    """One parametrised case, named by its code, bad/ok and the question."""
    return pytest.param(code, question, answer, sentences, caught, id=f"{code}-{'bad' if caught else 'ok'}-{question}")


def check_case(code, question, answer, sentences, caught) -> None:
    """The check of ``code`` finds the question when it must, and only then."""
    found = codes(question, answer, *sentences)
    assert (code in found) == caught, found
