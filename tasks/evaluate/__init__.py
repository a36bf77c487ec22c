"""Evaluation of RAG systems on a benchmill release: metrics, baselines, scoring, reports.

One module per stage:

- ``metrics_retrieval``  hit rate / recall / precision / F1 / MRR / NDCG over document ids
- ``metrics_generation`` EM, NEM, substring match, token F1, ROUGE-L, LLM judge score
- ``metrics_rageval``    RAGEval Recall and EIR over references; keypoint metrics
- ``mirage``             MIRAGE base / oracle / mixed setups and the four adaptability metrics
- ``chunking``           recursive, sentence-aware chunker (chars or tokens)
- ``retrievers``         BM25, dense, hybrid (+ text-weight scan), rerank hook
- ``answering``          llm answer, extractive rules answer, Iter-Re2G, noise injection
- ``release_data``       load a release export folder
- ``records``            the report records every stage above fills in
- ``scoring``            score a DRAGON submission or a RAGEval file
- ``baseline``           chunk -> retrieve -> answer -> [MIRAGE] -> score, for ``evaluate``
- ``report``             Markdown + HTML + PNG plots
- ``baseline_reports``   where auto-evaluation keeps one JSON report per release and baseline
"""
