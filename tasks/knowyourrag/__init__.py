"""Know Your RAG (issue 9): statement-extraction QA, the single-prompt baseline, labels and
critiques, and the LoRA seq2seq generator trainer.

Every stage here is a pure function of plain pydantic inputs (``schemas.knowyourrag``):
no store access, no Prefect. Flows wrap them as tasks; filter modules call the scoring
functions and turn scores into verdicts with :func:`tasks.knowyourrag.scoring.decide`.
"""
