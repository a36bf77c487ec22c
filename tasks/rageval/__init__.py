"""RAGEval domain build (Zhu et al., 2024): seed folder -> schema -> configs -> documents -> QRA -> keypoints.

Stages are pure functions over schemas/rageval.py models; tasks/rageval/pipeline.py chains
them in memory. Each stage has a ``rules`` path (offline, deterministic for a seed) and an
``llm`` path (benchmill.llm over an OpenAI-compatible endpoint).
"""
