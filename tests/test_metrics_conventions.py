"""Reference conventions, parity-tested against the reference definitions.

squad: SQuAD v1.1's official evaluation script, ``evaluate-v1.1.py``
(https://rajpurkar.github.io/SQuAD-explorer/ -> "Evaluation Script v1.1"; the same file is
kept in allenai/bi-att-flow as ``squad/evaluate-v1.1.py``). ``_ref_*`` below re-state its
``normalize_answer``, ``f1_score``, ``exact_match_score`` and ``metric_max_over_ground_truths``
line for line; they are the oracle, independent of tasks/evaluate/metrics_generation.py.
"""
from __future__ import annotations

import random
import re
import string
from collections import Counter

import pytest

from tasks.evaluate.metrics_generation import (
    score_answer,
    squad_exact_match,
    squad_f1,
    squad_normalize,
    token_f1,
)


# ---- SQuAD v1.1 evaluate-v1.1.py, re-stated -------------------------------------------
def _ref_normalize_answer(s):
    def remove_articles(text):
        return re.sub(r"\b(a|an|the)\b", " ", text)

    def white_space_fix(text):
        return " ".join(text.split())

    def remove_punc(text):
        exclude = set(string.punctuation)
        return "".join(ch for ch in text if ch not in exclude)

    def lower(text):
        return text.lower()

    return white_space_fix(remove_articles(remove_punc(lower(s))))


def _ref_f1_score(prediction, ground_truth):
    prediction_tokens = _ref_normalize_answer(prediction).split()
    ground_truth_tokens = _ref_normalize_answer(ground_truth).split()
    common = Counter(prediction_tokens) & Counter(ground_truth_tokens)
    num_same = sum(common.values())
    if num_same == 0:
        return 0
    precision = 1.0 * num_same / len(prediction_tokens)
    recall = 1.0 * num_same / len(ground_truth_tokens)
    return (2 * precision * recall) / (precision + recall)


def _ref_exact_match_score(prediction, ground_truth):
    return _ref_normalize_answer(prediction) == _ref_normalize_answer(ground_truth)


def _ref_metric_max_over_ground_truths(metric_fn, prediction, ground_truths):
    return max(metric_fn(prediction, gt) for gt in ground_truths)
# ----------------------------------------------------------------------------------------


_WORDS = ["the", "The", "a", "An", "an", "banana", "theatre", "Paris", "paris", "Eiffel-Tower", "U.S.", "1,200",
          "1200", "jobs", "don't", "Фёдор", "федор", "«Шаляпин»", "—", "...", "!", "(x)", "naïve", "Straße",
          "cost", "410", "million", "dollars.", "Tomas", "Varga", "$5", "50%", "a.m.", "e-mail", "THE", "и"]
_SPACES = [" ", "  ", "\t", "\n", " ", " "]


def _phrase(rng: random.Random, max_words: int) -> str:
    n = rng.randint(0, max_words)
    out = ""
    for _ in range(n):
        out += rng.choice(_WORDS) + rng.choice(_SPACES)
    return out.strip() if rng.random() < 0.8 else out


def _pairs(n: int, seed: int = 11):
    rng = random.Random(seed)
    pairs = []
    for _ in range(n):
        golds = [g for g in (_phrase(rng, 4) for _ in range(rng.randint(1, 3))) if g]
        if not golds:
            golds = [rng.choice(_WORDS)]
        pred = _phrase(rng, 6)
        if rng.random() < 0.3:  # near-miss of a gold: case, punctuation, articles changed
            pred = rng.choice(["the ", "", "A "]) + rng.choice(golds).upper() + rng.choice(["", ".", "!", " the"])
        pairs.append((pred, golds))
    return pairs


PAIRS = _pairs(600)


def test_squad_parity_on_generated_pairs():
    differs_from_default = 0
    for pred, golds in PAIRS:
        assert squad_normalize(pred) == _ref_normalize_answer(pred), pred
        ref_f1 = _ref_metric_max_over_ground_truths(_ref_f1_score, pred, golds)
        ref_em = float(_ref_metric_max_over_ground_truths(_ref_exact_match_score, pred, golds))
        assert squad_f1(pred, golds) == pytest.approx(ref_f1, abs=1e-12), (pred, golds)
        assert squad_exact_match(pred, golds) == ref_em, (pred, golds)
        scores = score_answer(pred, golds, convention="squad")
        assert (scores.em, scores.token_f1) == (ref_em, pytest.approx(ref_f1, abs=1e-12))
        differs_from_default += abs(token_f1(pred, golds) - ref_f1) > 1e-9
    # the generated pairs exercise where benchmill's default departs from SQuAD (else the test proves nothing)
    assert differs_from_default > 50


@pytest.mark.parametrize(
    ("pred", "gold", "em", "f1"),
    [
        ("", "the", 1.0, 0.0),  # both normalise to empty: EM 1, F1 0 (num_same == 0), as the official script
        ("a", "An", 1.0, 0.0),
        ("Eiffel-Tower", "eiffeltower", 1.0, 1.0),  # ASCII punctuation deleted, not replaced by a space
        ("Eiffel Tower", "Eiffel-Tower", 0.0, 0.0),
        ("«Paris»", "Paris", 0.0, 0.0),  # « » are not string.punctuation: kept
        ("the cat sat", "cat", 0.0, 2 * 0.5 * 1 / 1.5),
    ],
)
def test_squad_hand_computed_edges(pred, gold, em, f1):
    assert squad_exact_match(pred, [gold]) == em
    assert squad_f1(pred, [gold]) == pytest.approx(f1)
    assert (_ref_exact_match_score(pred, gold), _ref_f1_score(pred, gold)) == (bool(em), pytest.approx(f1))


def test_unknown_convention_is_refused():
    with pytest.raises(ValueError, match="convention 'nope'"):
        score_answer("x", ["x"], convention="nope")


def test_rageval_rouge_l_is_whitespace_lcs_keeping_case_and_punctuation():
    from tasks.evaluate.metrics_generation import rouge_l_f1, rouge_l_whitespace

    # tokens: [The, bridge, cost, 410, million.] vs [the, bridge, cost, 410, million]: LCS = 3 (bridge cost 410)
    assert rouge_l_whitespace("the bridge cost 410 million", ["The bridge cost 410 million."]) == pytest.approx(3 / 5)
    assert rouge_l_f1("the bridge cost 410 million", ["The bridge cost 410 million."]) == 1.0  # benchmill folds both
    assert rouge_l_whitespace("", ["x"]) == 0.0 and rouge_l_whitespace("x", [""]) is None
    assert score_answer("a b", ["A b"], convention="rageval").rouge_l == pytest.approx(0.5)


def _rageval_record(qid, refs, pred_refs, answer="x", gold="x"):
    from tasks.evaluate.scoring import RagevalRecord

    return RagevalRecord.model_validate({
        "language": "en", "query": {"query_id": qid, "content": "q?"},
        "ground_truth": {"content": gold, "references": refs},
        "prediction": {"content": answer, "references": pred_refs},
    })


def test_rageval_convention_averages_over_all_records():
    from tasks.evaluate.scoring import score_rageval_records

    records = [
        _rageval_record(1, ["Alpha one.", "Alpha two."], ["Alpha one."]),  # recall 1/2
        _rageval_record(2, ["Beta one."], ["Beta one."]),  # recall 1
        _rageval_record(3, [], [], answer="I cannot answer", gold=""),  # unanswerable: no references, no gold
    ]
    ours = score_rageval_records(records)
    theirs = score_rageval_records(records, convention="rageval")
    assert ours.convention == "benchmill" and theirs.convention == "rageval"
    # identical sums, different denominators: 1.5 / 2 (records with references) vs 1.5 / 3 (all records)
    assert ours.overall.means["rageval_recall"] == pytest.approx(0.75) and ours.overall.counts["rageval_recall"] == 2
    assert theirs.overall.means["rageval_recall"] == pytest.approx(0.5) and theirs.overall.counts["rageval_recall"] == 3
    assert theirs.overall.means["rouge_l"] == pytest.approx(2 / 3) and theirs.overall.counts["rouge_l"] == 3
    assert any("convention: rageval; 3 record(s)" in n for n in theirs.notes)


def test_dragon_convention_matches_rag_bench_evaluate_rag_results(tmp_path):
    """Exact parity with DRAGON's evaluator (PyPI ``rag-bench``, in the test extra) on one submission."""
    import json

    import datasets
    import rag_bench.evaluator as rag_bench  # the test extra pins it: a missing install fails, never skips

    from tasks.evaluate.release_data import PublicQuestion, PublicText, QARecord, ReleaseData
    from tasks.evaluate.scoring import parse_submission, score_submission

    # rag-bench reads question i as row i of the id-sorted dataset: public ids 0..n-1 keep that aligned
    qa_rows = [
        {"public_id": 0, "text_ids": [1], "answer": "410 million dollars", "answers": ["410 million dollars"],
         "type": "simple"},
        {"public_id": 1, "text_ids": [2, 3], "answer": "Trigger, Method", "answers": ["Trigger", "Method"], "type": "set"},
        {"public_id": 2, "text_ids": [4], "answer": "Фёдор Шаляпин", "answers": ["Фёдор Шаляпин"], "type": "simple"},
        {"public_id": 3, "text_ids": [5], "answer": "Central Library", "answers": ["Central Library"], "type": "simple"},
    ]
    submission = {
        "0": {"found_ids": [3, 1, 1, 2], "model_answer": "It cost 410 Million Dollars, the report says."},
        "1": {"found_ids": [1, 3, 3, 2, 6], "model_answer": "Trigger"},
        "2": {"found_ids": [6, 6, 4], "model_answer": "Это был фёдор шаляпин."},
        "3": {"found_ids": [6], "model_answer": "The central library"},
    }
    release = ReleaseData(
        path=tmp_path, collection="news-en", version="1.0.0",
        texts={i: PublicText(id=i, text=f"text {i}", title="") for i in range(1, 7)},
        questions={r["public_id"]: PublicQuestion(id=r["public_id"], question="?") for r in qa_rows},
        qa={r["public_id"]: QARecord(**r) for r in qa_rows},
    )
    ours = score_submission(release, parse_submission(submission), k=5, convention="dragon", llm_metrics=False)

    data = datasets.DatasetDict({"train": datasets.Dataset.from_list(
        [{**r, "text_ids": json.dumps(r["text_ids"])} for r in qa_rows])})
    mapping = {i: i for i in range(1, 7)}  # public -> private ids: identity keeps relevance comparable
    theirs = rag_bench.evaluate_rag_results(submission, data, mapping, rag_bench.RAGEvaluator())

    by_id = {q.question_id: q for q in ours.questions}
    assert sorted(by_id) == sorted(theirs["individual_results"])
    for qid, res in theirs["individual_results"].items():
        q = by_id[qid]
        assert q.retrieval.hit_rate == res["retrieval"]["hit_rate"], qid
        assert q.retrieval.mrr == pytest.approx(res["retrieval"]["mrr"], abs=1e-12), qid
        assert q.retrieval.precision == pytest.approx(res["retrieval"]["precision"], abs=1e-12), qid
        assert q.generation.rouge_l == pytest.approx(res["generation"]["rougeL"], abs=1e-12), qid
        assert q.generation.substring_match == res["generation"]["substr_match"], qid
    overall = theirs["average_metrics"]
    means = ours.overall.means
    assert means["hit_rate@5"] == pytest.approx(overall["retrieval"]["hit_rate"])
    assert means["mrr@5"] == pytest.approx(overall["retrieval"]["mrr"])
    assert means["precision@5"] == pytest.approx(overall["retrieval"]["precision"])
    assert means["rouge_l"] == pytest.approx(overall["generation"]["rougeL"])
    assert means["substring_match"] == pytest.approx(overall["generation"]["substr_match"])
    # the conventions really differ here: benchmill de-duplicates and cuts at k, folds case in ROUGE-L
    default = score_submission(release, parse_submission(submission), k=5, llm_metrics=False)
    assert default.overall.means["precision@5"] != pytest.approx(means["precision@5"])
    assert default.overall.means["rouge_l"] != pytest.approx(means["rouge_l"])


# ---- RAGEval's evaluation code, re-stated --------------------------------------------------
# OpenBMB/RAGEval, rageval/evaluation/: metrics/rag_metrics/retrieval/{recall,eir,utils}.py and
# process_intermediate.py (commit 493e22ad). Re-stated here as the oracle, independent of
# tasks/evaluate/metrics_rageval.py except for the pysbd segmenter both use.
def _ref_sentences(text):
    import pysbd

    return [s.strip() for s in pysbd.Segmenter(language="en", clean=False).segment(text) if s.strip()]


def _ref_recall(retrieves, ground_truths):
    if not ground_truths:
        return 0
    hits = 0
    for gt in ground_truths:
        hits += int(all(any(s in r for r in retrieves) for s in _ref_sentences(gt)))
    return hits / len(ground_truths)


def _ref_eir(retrieves, ground_truths):
    if not retrieves or not ground_truths:
        return 0.0
    cleaned = []
    for r in retrieves:
        if r and r[0] == "(" and r.find(")") != -1:
            r = r[r.find(")") + 1:]
        cleaned.append(r)
    combined = " ".join(cleaned)
    matched = sum(len(s.split()) for gt in ground_truths for s in _ref_sentences(gt) if s in combined)
    total = len(combined.split())
    return 0.0 if matched == 0 or total == 0 else matched / total


def _ref_average(values):  # process_intermediate.calculate_averages: every record carries the metric
    return sum(values) / len(values)
# ----------------------------------------------------------------------------------------------


_SENTENCES = ["Alpha rose.", "Beta fell 5%.", "Gamma opened in May.", "Delta (the firm) merged.", "Eps closed.",
              "Zeta hired a CEO.", "Eta sold land.", "Theta grew."]


def _random_records(n, seed=5):
    rng = random.Random(seed)
    records = []
    for i in range(n):
        refs = [" ".join(rng.sample(_SENTENCES, rng.randint(1, 3))) for _ in range(rng.randint(0, 3))]
        if rng.random() < 0.3 and refs:
            refs.append(refs[0].split(". ")[0].rstrip(".") + ".")  # a sentence shared by two references
        retrieved = []
        for _ in range(rng.randint(0, 4)):
            text = " ".join(rng.sample(_SENTENCES, rng.randint(1, 4)))
            if rng.random() < 0.4:
                text = rng.choice(["(Company: Acme)", "(AP)", "(Company Type: X\tName: Y)"]) + rng.choice(["", " "]) + text
            retrieved.append(text)
        records.append(_rageval_record(i, refs, retrieved))
    return records


def test_rageval_convention_matches_rageval_code_record_by_record():
    from tasks.evaluate.scoring import score_rageval_records

    records = _random_records(120)
    report = score_rageval_records(records, convention="rageval")
    by_id = {q.question_id: q for q in report.questions}
    recalls, eirs = [], []
    for rec in records:
        q = by_id[str(rec.query.query_id)]
        recall = _ref_recall(rec.prediction.references, rec.ground_truth.references)
        eir = _ref_eir(rec.prediction.references, rec.ground_truth.references)
        assert q.rageval.recall == pytest.approx(recall, abs=1e-12), rec
        assert q.rageval.eir == pytest.approx(eir, abs=1e-12), rec
        recalls.append(recall)
        eirs.append(eir)
    assert report.overall.means["rageval_recall"] == pytest.approx(_ref_average(recalls), abs=1e-12)
    assert report.overall.means["eir"] == pytest.approx(_ref_average(eirs), abs=1e-12)
    assert report.overall.counts["rageval_recall"] == report.overall.counts["eir"] == 120
    # the generated records exercise where RAGEval's code departs from the paper's EIR (else this proves nothing)
    assert max(eirs) > 1.0
    paper = score_rageval_records(records)
    assert paper.overall.means["eir"] != pytest.approx(report.overall.means["eir"])
    assert paper.overall.counts["rageval_recall"] < 120  # records without references are left out


def _example_shaped_records():
    """Records with the shape of RAGEval's published example run (rageval/evaluation/data/
    example_finance_en_gpt-4o.jsonl -> result/final_result.json: Recall 0.5863585373543355 over
    350 records; Precision 0.5057142857142857 = 177/350). 38 of the 350 records have no
    ground-truth references (RAGEval counts them 0), so the same recall sum (205.2255) is 0.6578
    over the 312 with references. The example's texts are CC BY-NC-SA and not copied: these
    records are synthetic, with 205 references recalled fully, 106 not at all and one 3 of 13
    (sum 205.2308), which gives the published figures to four places."""
    records, i = [], 0

    def add(refs, retrieved):
        nonlocal i
        i += 1
        records.append(_rageval_record(i, refs, retrieved))

    for _ in range(205):
        add([f"Event {i} happened."], [f"(Company: C{i}) Event {i} happened. More text."])
    for _ in range(106):
        add([f"Event {i} happened."], ["Unrelated text."])
    add([f"Fact {n} of {i}." for n in range(13)], [" ".join(f"Fact {n} of {i}." for n in range(3))])
    for _ in range(38):
        records.append(_rageval_record(i + 1, [], ["Anything."], answer="Not known.", gold=""))
        i += 1
    return records


def test_rageval_example_figure_0_5864_over_all_records_vs_0_6578_with_references():
    from tasks.evaluate.report import render_markdown
    from tasks.evaluate.scoring import score_rageval_records

    records = _example_shaped_records()
    assert len(records) == 350
    theirs = score_rageval_records(records, convention="rageval")
    ours = score_rageval_records(records)
    assert round(theirs.overall.means["rageval_recall"], 4) == 0.5864
    assert theirs.overall.counts["rageval_recall"] == 350
    assert round(ours.overall.means["rageval_recall"], 4) == 0.6578
    assert ours.overall.counts["rageval_recall"] == 312
    recalls = [_ref_recall(r.prediction.references, r.ground_truth.references) for r in records]
    assert theirs.overall.means["rageval_recall"] == pytest.approx(_ref_average(recalls), abs=1e-12)
    # every report names its convention and how many records each mean averages
    md_theirs, md_ours = render_markdown(theirs), render_markdown(ours)
    assert "**convention**: rageval" in md_theirs and "**convention**: benchmill" in md_ours
    assert "0.586" in md_theirs and "0.658 (n=312)" in md_ours
    from tasks.evaluate.report import overall_table_rows, render_html

    assert "0.658 (n=312)" in render_html(ours) and "<b>convention</b>: benchmill" in render_html(ours)
    row = overall_table_rows(ours)[0]
    assert row["convention"] == "benchmill" and row["rageval_recall (n)"] == 312 and row["questions"] == 350
    assert "rageval_recall (n)" not in overall_table_rows(theirs)[0]


def _graded_cases(n, seed=3):
    rng = random.Random(seed)
    docs = [f"d{i}" for i in range(12)]
    cases = []
    for _ in range(n):
        judged = rng.sample(docs, rng.randint(1, 6))
        qrels = {d: rng.choice([0, 1, 1, 2, 3]) for d in judged}
        if not any(g > 0 for g in qrels.values()):
            qrels[judged[0]] = rng.randint(1, 3)
        ranking = rng.sample(docs, rng.randint(1, 10))  # pytrec_eval drops queries with an empty run
        cases.append((qrels, ranking))
    return cases


@pytest.mark.parametrize("k", [1, 3, 5, 10])
def test_trec_convention_matches_pytrec_eval_on_graded_qrels(k):
    """Graded NDCG (trec_eval ``ndcg_cut``) and the binary metrics at relevance level 1 equal pytrec_eval's."""
    import pytrec_eval  # the test extra pins it: a missing install fails, never skips

    from tasks.evaluate.metrics_retrieval import score_retrieval, trec_retrieval

    cases = _graded_cases(200)
    qrels = {f"q{i}": dict(q) for i, (q, _) in enumerate(cases)}
    # a run is scored, not ranked: descending scores keep the ranking (no ties, so no tie-breaking by id)
    run = {f"q{i}": {d: float(len(r) - j) for j, d in enumerate(r)} for i, (_, r) in enumerate(cases)}
    measures = {f"ndcg_cut.{k}", f"P.{k}", f"recall.{k}", f"success.{k}"}
    ref = pytrec_eval.RelevanceEvaluator(qrels, measures).evaluate(run)
    cut = {qid: {d: s for d, s in docs.items() if s > len(docs) - k} for qid, docs in run.items()}
    ref_rr = pytrec_eval.RelevanceEvaluator(qrels, {"recip_rank"}).evaluate(cut)  # RR@k: the run cut at k
    graded_differs = 0
    for i, (grades, ranking) in enumerate(cases):
        ours, theirs = trec_retrieval(ranking, grades, k), ref[f"q{i}"]
        assert ours.ndcg == pytest.approx(theirs[f"ndcg_cut_{k}"], abs=1e-12), (grades, ranking)
        assert ours.precision == pytest.approx(theirs[f"P_{k}"], abs=1e-12)
        assert ours.recall == pytest.approx(theirs[f"recall_{k}"], abs=1e-12)
        assert ours.hit_rate == theirs[f"success_{k}"]
        assert ours.mrr == pytest.approx(ref_rr[f"q{i}"]["recip_rank"], abs=1e-12)
        binary = score_retrieval(ranking, [d for d, g in grades.items() if g >= 1], k).ndcg
        graded_differs += abs(binary - ours.ndcg) > 1e-9
    if k > 1:  # the cases exercise grades (else this proves nothing about graded NDCG)
        assert graded_differs > 20


def test_trec_convention_scores_a_release_with_text_grades(tmp_path):
    from tasks.evaluate.release_data import PublicQuestion, PublicText, QARecord, ReleaseData
    from tasks.evaluate.scoring import parse_submission, score_submission

    qa = {0: QARecord(public_id=0, text_ids=[1, 2], text_grades=[3, 1], answer="x"),
          1: QARecord(public_id=1, text_ids=[3], answer="y")}  # no grades: binary
    release = ReleaseData(path=tmp_path, collection="c", version="1", texts={i: PublicText(id=i, text="t") for i in range(1, 5)},
                          questions={i: PublicQuestion(id=i, question="?") for i in qa}, qa=qa)
    sub = parse_submission({"0": {"found_ids": [2, 1], "model_answer": "x"}, "1": {"found_ids": [4, 3], "model_answer": "y"}})
    trec = {q.question_id: q for q in score_submission(release, sub, k=5, convention="trec", llm_metrics=False).questions}
    plain = {q.question_id: q for q in score_submission(release, sub, k=5, llm_metrics=False).questions}
    import math
    # graded: (1 + 3/log2 3) / (3 + 1/log2 3); binary relevance ranks both texts as equally good: 1.0
    assert trec["0"].retrieval.ndcg == pytest.approx((1 + 3 / math.log2(3)) / (3 + 1 / math.log2(3)))
    assert plain["0"].retrieval.ndcg == pytest.approx(1.0)
    assert trec["1"].retrieval.ndcg == plain["1"].retrieval.ndcg == pytest.approx(1 / math.log2(3))
