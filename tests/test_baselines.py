"""Baselines: chunking, BM25 / dense / hybrid retrieval, text-weight scan, rerank hook,
extractive answers, Iter-Re2G and noise injection (tasks/evaluate/{chunking,retrievers,answering}.py)."""
from __future__ import annotations

import re
import zlib

import numpy as np
import pytest

from tasks.evaluate.answering import (
    DONT_KNOW,
    AnswerResult,
    GeneratorConfig,
    answer_fn_for,
    distant_chunks,
    extractive_answer,
    generate_answer,
    is_dont_know,
    iter_re2g,
)
from tasks.evaluate.chunking import (
    DRAGON_CHUNKING,
    MIRAGE_CHUNKING,
    Chunk,
    ChunkingConfig,
    chunk_corpus,
    chunk_text,
)
from tasks.evaluate.retrievers import (
    BM25Retriever,
    DenseRetriever,
    HybridRetriever,
    RerankedRetriever,
    ScanQuestion,
    hybrid_scores,
    minmax,
    text_weight_scan,
    texts_from_chunks,
)
from tests.fixtures.eval.release_builder import corpus

_TOKEN = re.compile(r"\w+")


def hashed_bow_embed(texts, lang, kind="passage"):
    """Deterministic stand-in for benchmill.embeddings.embed: hashed bag of words, L2-normalised."""
    out = np.zeros((len(texts), 256), dtype=np.float32)
    for i, t in enumerate(texts):
        for w in _TOKEN.findall(t.lower()):
            out[i, zlib.crc32(w.encode()) % 256] += 1.0
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    return out / norms


def _chunks(lang="en", config=DRAGON_CHUNKING):
    data = corpus(lang)
    return chunk_corpus([(t["id"], t["text"]) for t in data["texts"]], config, lang)


def _chunk(text_id, index, text):
    return Chunk(chunk_id=f"{text_id}:{index}", text_id=text_id, index=index, text=text, start=0, end=len(text))


# ----------------------------------------------------------------------------- chunking

def test_sentence_aware_chunks_with_hand_computed_overlap():
    text = "aaaa bbbb. cccc dddd. eeee ffff."
    assert [c.text for c in chunk_text(1, text, ChunkingConfig(size=12, overlap=0))] == [
        "aaaa bbbb.", "cccc dddd.", "eeee ffff."
    ]
    # size 23 holds two sentences; an 11-char overlap carries the last sentence over
    assert [c.text for c in chunk_text(1, text, ChunkingConfig(size=23, overlap=11))] == [
        "aaaa bbbb. cccc dddd.", "cccc dddd. eeee ffff."
    ]


def test_dragon_500_100_chunks_are_exact_slices_within_size_and_overlap():
    sentences = [f"Sentence number {i} tells about event {i * 7} in the city of Portland." for i in range(60)]
    text = " ".join(sentences[:30]) + "\n\n" + " ".join(sentences[30:])
    chunks = chunk_text(9, text, DRAGON_CHUNKING)
    assert len(chunks) > 5
    for c in chunks:
        assert text[c.start:c.end] == c.text
        assert len(c.text) <= 500
        assert c.text.endswith(".")  # cut at sentence ends
        assert c.chunk_id == f"9:{c.index}"
    for a, b in zip(chunks, chunks[1:]):
        overlap = a.end - b.start
        assert 0 < overlap <= 100 or b.start >= a.end
    # every sentence lives whole in some chunk
    assert all(any(s in c.text for c in chunks) for s in sentences)


def test_mirage_330_token_chunks():
    text = " ".join(f"Token{i} token{i}b, token{i}c." for i in range(400))
    chunks = chunk_text(1, text, MIRAGE_CHUNKING, "en")
    counts = [len(re.findall(r"\w+|[^\w\s]", c.text)) for c in chunks]
    assert max(counts) <= 330 and len(chunks) >= 4


def test_hard_cuts_for_unbroken_text_and_token_overlap():
    assert [c.text for c in chunk_text(1, "x" * 25, ChunkingConfig(size=10, overlap=0))] == ["x" * 10, "x" * 10, "x" * 5]
    assert [c.text for c in chunk_text(1, "one two three four five six seven", ChunkingConfig(size=3, overlap=1, unit="tokens"))] == [
        "one two three", "three four five", "five six seven"
    ]


def test_russian_chunking_uses_razdel_sentences():
    text = "Мост открыли в понедельник. Он стоил 12 млрд руб. и строился три года. Рядом разбили парк."
    chunks = chunk_text(1, text, ChunkingConfig(size=60, overlap=0), "ru")
    assert [c.text for c in chunks] == [
        "Мост открыли в понедельник.", "Он стоил 12 млрд руб. и строился три года.", "Рядом разбили парк."
    ]


def test_chunking_config_is_validated():
    with pytest.raises(ValueError, match="overlap"):
        ChunkingConfig(size=100, overlap=100)
    with pytest.raises(ValueError, match="size"):
        ChunkingConfig(size=0, overlap=0)
    assert chunk_text(1, "   ", DRAGON_CHUNKING) == []


# ---------------------------------------------------------------------------- retrieval

def test_bm25_finds_the_right_text_en_and_ru():
    bm25 = BM25Retriever(_chunks("en"), "en")
    assert texts_from_chunks(bm25.search("Who won the Riverside Marathon?", 10), 3)[0] == 4
    assert texts_from_chunks(bm25.search("Helion Dresden plant jobs", 10), 3)[0] == 3
    ru = BM25Retriever(_chunks("ru"), "ru")
    assert texts_from_chunks(ru.search("Кто стал главным дирижёром оркестра?", 10), 1) == [2]
    assert texts_from_chunks(ru.search("завод в Череповце", 10), 1) == [3]


def test_texts_from_chunks_keeps_first_occurrence_and_k():
    ranked = [_chunk(1, 0, "a"), _chunk(1, 1, "b"), _chunk(3, 0, "c"), _chunk(2, 0, "d")]
    assert texts_from_chunks(ranked, 2) == [1, 3]
    assert texts_from_chunks(ranked) == [1, 3, 2]


def test_dense_retriever_with_injected_embedding():
    dense = DenseRetriever(_chunks("en"), "en", embed=hashed_bow_embed)
    assert dense.matrix.shape[0] == len(dense.chunks)
    assert texts_from_chunks(dense.search("Alice Wanjiru marathon course record", 5), 1) == [4]


@pytest.mark.slow
def test_dense_retriever_with_the_bundled_minilm_model():
    dense = DenseRetriever(_chunks("en"), "en")
    assert texts_from_chunks(dense.search("Who is the new conductor of the symphony orchestra?", 5), 1) == [2]
    assert texts_from_chunks(dense.search("expensive river crossing for cars and bikes", 5), 1) == [1]


def test_hybrid_score_hand_computed_and_extremes():
    np.testing.assert_allclose(minmax(np.array([0.0, 5.0, 10.0])), [0.0, 0.5, 1.0])
    np.testing.assert_allclose(hybrid_scores(np.array([0.0, 5.0, 10.0]), np.array([0.2, 0.6, 0.4]), 0.2), [0.0, 0.9, 0.6])
    assert not minmax(np.array([3.0, 3.0])).any()
    chunks = _chunks("en")
    bm25 = BM25Retriever(chunks, "en")
    dense = DenseRetriever(chunks, "en", embed=hashed_bow_embed)
    q = "How much did the new bridge cost?"
    ids = lambda hits: [c.chunk_id for c, _ in hits]  # noqa: E731
    assert ids(HybridRetriever(bm25, dense, 1.0).search(q, 4)) == ids(bm25.search(q, 4))
    assert ids(HybridRetriever(bm25, dense, 0.0).search(q, 4)) == ids(dense.search(q, 4))
    with pytest.raises(ValueError, match="text weight"):
        HybridRetriever(bm25, dense, 1.5)


def test_text_weight_scan_reports_best_weight_per_label():
    chunks = _chunks("en")
    bm25 = BM25Retriever(chunks, "en")
    dense = DenseRetriever(chunks, "en", embed=hashed_bow_embed)
    data = corpus("en")
    questions = [ScanQuestion(question=q["question"], label=q["type"], relevant=q["text_ids"]) for q in data["qa"]]
    scan = text_weight_scan(bm25, dense, questions, k=1)
    assert scan.weights == [0.0, 0.05, 0.1, 0.2, 0.5, 1.0]
    assert set(scan.recall) == {"inclusive", "simple", "set"}
    assert scan.questions == {"inclusive": 5, "simple": 4, "set": 1}
    for label, by_w in scan.recall.items():
        assert scan.best_recall[label] == max(by_w.values())
        # ties go to the smallest weight
        first_best = next(w for w in scan.weights if by_w[f"{w:g}"] == scan.best_recall[label])
        assert scan.best_weight[label] == first_best
    # the set question has two relevant texts: recall@1 can be 0.5 at most
    assert max(scan.recall["set"].values()) <= 0.5
    assert len(scan.rows()) == 3
    # Table 2 style: each label also at the best inclusive weight (what hybrid:scan retrieves with)
    w = scan.inclusive_weight
    assert w == scan.best_weight["inclusive"]
    for row in scan.rows():
        assert row["recall at inclusive weight"] == scan.recall[row["label"]][f"{w:g}"] <= row["best recall"]
    from tasks.evaluate.records import EvaluationReport, MetricSummary
    from tasks.evaluate.report import scan_table

    report = EvaluationReport(kind="baseline", overall=MetricSummary(questions=0, means={}, counts={}), text_weight_scan=scan)
    header, rows = scan_table(report)
    assert header[-3:] == ["best text weight (per label)", "best recall@1", f"recall@1 at inclusive w={w:g}"]
    assert [r[-3] for r in rows] == [f"{scan.best_weight[lab]:g}" for lab in scan.recall]


def test_rerank_hook_reorders_the_head():
    chunks = _chunks("en")
    bm25 = BM25Retriever(chunks, "en")

    class ReverseReranker:
        name = "reverse"

        def rerank(self, query, cands):
            return [float(i) for i in range(len(cands))]  # later candidates score higher

    first = [c.chunk_id for c, _ in bm25.search("Portland bridge", 3)]
    reranked = RerankedRetriever(bm25, ReverseReranker(), depth=3)
    assert [c.chunk_id for c, _ in reranked.search("Portland bridge", 3)] == first[::-1]
    assert reranked.name == "bm25+reverse"


# ---------------------------------------------------------------------------- answering

def test_extractive_answer_is_the_best_overlapping_sentence():
    chunks = [_chunk(2, 0, corpus("en")["texts"][1]["text"])]
    a = extractive_answer("In which city was Varga born?", chunks, "en")
    assert a.engine == "rules-extractive"
    assert a.answer == "Varga, who was born in Budapest, previously led the Lakeside Chamber Ensemble for nine years."
    assert extractive_answer("Anything?", [], "en").answer == DONT_KNOW["en"]
    assert extractive_answer("Quantum chromodynamics?", chunks, "en").answer == DONT_KNOW["en"]
    ru = extractive_answer("Сколько человек будет работать на заводе?", [_chunk(3, 0, corpus("ru")["texts"][2]["text"])], "ru")
    assert ru.answer == "На заводе будут работать 800 человек."


def test_dont_know_detection():
    assert is_dont_know("I don't know.") and is_dont_know("Sorry, I do not know") and is_dont_know("Не знаю.")
    assert is_dont_know("") and is_dont_know(None)
    assert not is_dont_know("Tomas Varga")


def test_iter_re2g_slides_windows_until_an_answer():
    ranked = [_chunk(t, 0, f"text {t}") for t in range(1, 8)]
    calls = []

    def fn(question, window):
        calls.append([c.text_id for c in window])
        found = any(c.text_id == 5 for c in window)
        return AnswerResult(answer="five" if found else "I don't know", engine="rules-extractive",
                            context_chunk_ids=[c.chunk_id for c in window])

    r = iter_re2g(fn, "q", ranked, top_n=2)
    assert calls == [[1, 2], [3, 4], [5, 6]]
    assert r.answer == "five" and r.iterations == 3 and r.context_chunk_ids == ["5:0", "6:0"]
    calls.clear()
    r = iter_re2g(fn, "q", ranked, top_n=2, max_windows=2)
    assert r.answer == "I don't know" and r.iterations == 2


def test_iter_re2g_over_the_fake_llm(fake_llm, llm_engine):
    ranked = [_chunk(t["id"], 0, t["text"]) for t in corpus("en")["texts"]]
    fake_llm.script("I don't know", "Tomas Varga")
    answer = answer_fn_for(llm_engine.client(), "en")
    r = generate_answer(answer, "Who is the new principal conductor?", ranked, GeneratorConfig(top_n=2, iter_re2g=True))
    assert r.answer == "Tomas Varga" and r.iterations == 2 and r.engine == "llm"
    assert len(fake_llm.requests) == 2
    second = fake_llm.requests[1]["messages"][-1]["content"]
    assert "Helion Semiconductors" in second and "Harbor Bridge" not in second  # the window moved on
    assert "reply exactly: I don't know" in second
    assert r.usage.calls == 2


def test_noise_injection_adds_distant_chunks():
    chunks = _chunks("en")
    bm25 = BM25Retriever(chunks, "en")
    q = "Who won the Riverside Marathon?"
    scores = bm25.scores(q)
    far = distant_chunks(chunks, scores, {4}, 2)
    assert len(far) == 2 and all(c.text_id != 4 for c in far)
    assert len({c.text_id for c in far}) == 2
    assert all(scores[chunks.index(c)] <= np.sort(scores)[len(chunks) // 2] for c in far)
    seen = []

    def fn(question, context):
        seen.append([c.chunk_id for c in context])
        return extractive_answer(question, context, "en")

    ranked = [c for c, _ in bm25.search(q, 10)]
    r = generate_answer(fn, q, ranked, GeneratorConfig(top_n=1, noise=2),
                        noise_pool=lambda exclude, n: distant_chunks(chunks, scores, exclude, n))
    assert len(seen[0]) == 3 and seen[0][0] == ranked[0].chunk_id
    assert r.noise_chunk_ids == seen[0][1:]
    assert "Alice Wanjiru" in r.answer


def test_top_indices_matches_a_stable_full_sort():
    from tasks.evaluate.retrievers import top_indices

    rng = np.random.default_rng(0)
    for _ in range(50):
        scores = rng.integers(0, 5, size=40).astype(np.float32)  # many ties
        n = int(rng.integers(1, 45))
        expected = np.argsort(-scores, kind="stable")[:n]
        assert top_indices(scores, n).tolist() == expected.tolist()
