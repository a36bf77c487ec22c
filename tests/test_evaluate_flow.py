"""End to end: `benchmill score` / `benchmill evaluate` through the typer CLI, and the
evaluation flows under a real Prefect API, on tiny releases in the export layout."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli import app
from tests.fixtures.eval.release_builder import write_release

runner = CliRunner()


@pytest.fixture
def releases(tmp_path, monkeypatch) -> Path:
    root = tmp_path / "releases"
    write_release(root, "news-en", "1.0.0", "en")
    write_release(root, "news-ru", "1.0.0", "ru")
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(root))
    monkeypatch.setenv("BENCHMILL_ENGINE", "rules")
    return root


def _invoke(*args: str):
    return runner.invoke(app, list(args))


def _json(result) -> dict:
    assert result.exit_code == 0, result.output + (result.stderr or "")
    return json.loads(result.stdout)


def _one_line_error(result, *needles: str) -> None:
    assert result.exit_code == 2, result.output
    lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("benchmill: error:")
    for n in needles:
        assert n in lines[0], lines[0]


SUBMISSION = {
    "101": {"found_ids": [1, 1, 5], "model_answer": "It cost 410 million dollars."},
    "102": {"found_ids": [6, 2], "model_answer": "Tomas"},
    "103": {"found_ids": [], "model_answer": ""},
    "104": {"found_ids": [5, 3, 1], "model_answer": "the Central Library"},
    "999": {"found_ids": [1], "model_answer": "not a question of the release"},
}  # 105 is missing: scored as empty


def test_score_submission_hand_computed(releases, tmp_path):
    sub = tmp_path / "results.json"
    sub.write_text(json.dumps(SUBMISSION))
    report = _json(_invoke("score", "news-en@1.0.0", "--results", str(sub), "--json", "--report-dir", str(tmp_path / "r")))
    means = report["overall"]["means"]
    assert report["kind"] == "submission" and report["overall"]["questions"] == 5
    assert means["recall@5"] == pytest.approx(3 / 5)
    assert means["hit_rate@5"] == pytest.approx(3 / 5)
    assert means["mrr@5"] == pytest.approx((1 + 0.5 + 0 + 1 + 0) / 5)
    ndcg_104 = (1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3))
    ndcg_102 = (1 / math.log2(3)) / 1
    assert means["ndcg@5"] == pytest.approx((1 + ndcg_102 + 0 + ndcg_104 + 0) / 5)
    assert means["precision@5"] == pytest.approx((1 / 5 + 1 / 5 + 0 + 2 / 5 + 0) / 5)
    assert means["substring_match"] == pytest.approx(2 / 5)  # "Tomas" inside "Tomas Varga" does not count
    assert means["nem"] == pytest.approx(1 / 5)
    assert means["em"] == 0.0
    assert [f["key"] for f in report["failures"]] == ["999"]
    assert any("105" in n for n in report["notes"])
    assert any("need the llm engine" in n for n in report["notes"])
    by_type = report["by_type"]
    assert set(by_type) == {"set", "simple"} and by_type["set"]["means"]["recall@5"] == 1.0
    files = report["report_files"]
    md = Path(files["markdown"]).read_text()
    assert "## Retrieval by question type" in md and "| set |" in md
    assert (tmp_path / "r" / "metrics_by_type.png").stat().st_size > 1000
    assert "<table>" in Path(files["html"]).read_text()


def test_score_without_json_prints_a_table(releases, tmp_path):
    sub = tmp_path / "results.json"
    sub.write_text(json.dumps(SUBMISSION))
    result = _invoke("score", "news-en@1.0.0", "--results", str(sub), "--report-dir", str(tmp_path / "r"))
    assert result.exit_code == 0, result.output
    assert "recall@5" in result.stdout and "report:" in result.stdout


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("[1, 2]", "expected a JSON object"),
        ('{"101": {"found_ids": ["abc"]}}', "found_ids"),
        ('{"101": "answer"}', "question '101'"),
        ("{not json", "not valid JSON"),
    ],
)
def test_malformed_submission_is_one_line_exit_2(releases, tmp_path, content, needle):
    sub = tmp_path / "bad.json"
    sub.write_text(content)
    _one_line_error(_invoke("score", "news-en@1.0.0", "--results", str(sub)), str(sub), needle)


def test_bad_inputs_are_one_line_exit_2(releases, tmp_path):
    sub = tmp_path / "results.json"
    sub.write_text("{}")
    _one_line_error(_invoke("score", "news-en@1.x", "--results", str(sub)), "news-en@1.x")
    _one_line_error(_invoke("score", "news-en@9.9.9", "--results", str(sub)), "news-en@9.9.9")
    _one_line_error(_invoke("score", "news-en@1.0.0", "--results", str(tmp_path / "nope.json")), "nope.json")
    _one_line_error(_invoke("score", "--rageval", str(tmp_path / "nope.jsonl")), "nope.jsonl")
    _one_line_error(_invoke("score", "news-en@1.0.0"), "--results")
    _one_line_error(_invoke("evaluate", "news-en@1.0.0", "--system", "tfidf"), "tfidf")
    _one_line_error(_invoke("evaluate", "news-en@1.0.0", "--system", "hybrid:2"), "hybrid:2")
    _one_line_error(_invoke("evaluate", "nothing@1.0.0"), "nothing@1.0.0")
    _one_line_error(_invoke("evaluate", "news-en@1.0.0", "--chunk-overlap", "600"), "overlap")


def test_evaluate_bm25_rules_end_to_end_and_its_submission_scores_the_same(releases, tmp_path):
    sub = tmp_path / "baseline.json"
    report = _json(_invoke(
        "evaluate", "news-en@latest", "--system", "bm25", "--engine", "rules", "--k", "3", "--json",
        "--report-dir", str(tmp_path / "r"), "--save-submission", str(sub),
    ))
    assert report["kind"] == "baseline" and report["system"] == "bm25" and report["version"] == "1.0.0"
    assert report["answered_by"] == "rules-extractive"
    assert any("extractive baseline" in n for n in report["notes"])
    means = report["overall"]["means"]
    assert means["hit_rate@3"] == 1.0 and means["recall@3"] == 1.0
    assert 0 < means["eir"] < 1 and means["rageval_recall"] == 1.0
    assert means["substring_match"] >= 0.4
    submission = json.loads(sub.read_text())
    assert set(submission) == {"101", "102", "103", "104", "105"}
    assert all(len(v["found_ids"]) == 3 for v in submission.values())
    rescored = _json(_invoke("score", "news-en@1.0.0", "--results", str(sub), "--k", "3", "--json",
                             "--report-dir", str(tmp_path / "r2")))
    for name in ("recall@3", "ndcg@3", "mrr@3", "substring_match", "rouge_l"):
        assert rescored["overall"]["means"][name] == pytest.approx(means[name])


def test_evaluate_russian_with_mirage(releases, tmp_path):
    report = _json(_invoke(
        "evaluate", "news-ru@1.0.0", "--system", "bm25", "--engine", "rules", "--mirage", "--k", "2", "--json",
        "--report-dir", str(tmp_path / "r"),
    ))
    m = report["mirage"]
    assert m["n"] == 3
    total = sum(m[g] for g in ("noise_vulnerability", "context_acceptability", "context_insensitivity",
                               "context_misinterpretation"))
    assert total == pytest.approx(1.0)
    assert m["base_accuracy"] == 0.0  # the extractive baseline has no parametric knowledge
    assert m["oracle_accuracy"] == 1.0  # each oracle chunk holds the answer sentence
    assert report["overall"]["means"]["recall@2"] == 1.0
    assert (tmp_path / "r" / "mirage.png").exists()
    assert "MIRAGE adaptability" in (tmp_path / "r" / "report.md").read_text()


def test_release_with_jsonl_only_loads(tmp_path, monkeypatch):
    root = tmp_path / "rel"
    write_release(root, "news-en", "2.1.0", "en", jsonl_only=True)
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(root))
    report = _json(_invoke("evaluate", "news-en@2.1.0", "--engine", "rules", "--limit", "2", "--json",
                           "--report-dir", str(tmp_path / "r")))
    assert report["overall"]["questions"] == 2


def test_score_rageval_file(releases, tmp_path):
    rows = [
        {"language": "en", "query": {"query_id": 1, "query_type": "Factual Question", "content": "How much?"},
         "ground_truth": {"content": "It cost 410 million dollars.", "doc_ids": [1],
                          "references": ["The bridge cost 410 million dollars. It opened Monday."],
                          "keypoints": ["The bridge cost 410 million dollars."]},
         "prediction": {"content": "It cost 410 million dollars.",
                        "references": ["(Company: Acme) The bridge cost 410 million dollars. Other words here."]}},
        {"language": "ru", "query": {"query_id": 2, "query_type": "Factual Question", "content": "Сколько?"},
         "ground_truth": {"content": "12 миллиардов рублей", "doc_ids": [2],
                          "references": ["Мост стоил 12 миллиардов рублей."], "keypoints": []},
         "prediction": {"content": "Мост стоил 12 миллиардов рублей", "references": ["Мост стоил 12 миллиардов рублей."]}},
        {"language": "zh", "query": {"query_id": 3, "query_type": "Factual Question", "content": "多少?"},
         "ground_truth": {"content": "12", "doc_ids": [], "references": [], "keypoints": []},
         "prediction": {"content": "12", "references": []}},
    ]
    path = tmp_path / "rageval.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows) + "\n", encoding="utf-8")
    report = _json(_invoke("score", "--rageval", str(path), "--json", "--report-dir", str(tmp_path / "r")))
    q = {x["question_id"]: x for x in report["questions"]}
    # EIR as the paper defines it: the reference is not fully retrieved, so none of its words count
    # (RAGEval's code, --convention rageval, would count the found sentence: 6 / 9)
    assert q["1"]["rageval"] == {"recall": 0.0, "eir": 0.0}
    assert q["2"]["rageval"] == {"recall": 1.0, "eir": 1.0}
    assert q["2"]["generation"]["substring_match"] == 1.0 and q["1"]["generation"]["em"] == 1.0
    assert q["1"]["keypoints"]["status"] == "skipped"
    assert [f["key"] for f in report["failures"]] == ["3"]
    assert report["overall"]["means"]["rageval_recall"] == 0.5
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(rows[0]) + "\n" + '{"query": 1}\n')
    _one_line_error(_invoke("score", "--rageval", str(bad)), f"{bad}:2")


def _scripted_llm_metrics(body: dict) -> str:
    """Fake LLM: every keypoint covered, every judge criterion rated 2."""
    text = body["messages"][-1]["content"]
    if "Key points:" in text:
        section = text.split("Key points:", 1)[1].split("Reply with JSON", 1)[0]
        n = len(re.findall(r"^\d+\. ", section, flags=re.M))
        return json.dumps({"verdicts": [{"keypoint": i, "label": "covered"} for i in range(1, n + 1)]})
    if "Rate the answer on each criterion" in text:
        from tasks.evaluate.metrics_generation import JUDGE_CRITERION_NAMES

        return json.dumps({name: 2 for name in JUDGE_CRITERION_NAMES})
    return "I don't know"


def test_score_with_the_llm_engine(releases, tmp_path, fake_llm, monkeypatch):
    monkeypatch.setenv("BENCHMILL_LLM__BASE_URL", fake_llm.base_url)
    monkeypatch.setenv("BENCHMILL_LLM__CACHE_PATH", str(tmp_path / "cache.sqlite"))
    monkeypatch.setenv("BENCHMILL_LLM__TIMEOUT", "5")
    fake_llm.handler(_scripted_llm_metrics)
    sub = tmp_path / "results.json"
    sub.write_text(json.dumps(SUBMISSION))
    report = _json(_invoke("score", "news-en@1.0.0", "--results", str(sub), "--engine", "llm", "--json",
                           "--report-dir", str(tmp_path / "r")))
    means = report["overall"]["means"]
    assert means["completeness"] == 1.0 and means["hallucination"] == 0.0 and means["irrelevance"] == 0.0
    assert means["judge_score"] == 1.0
    assert report["usage"]["calls"] == 10  # 5 questions x (keypoints + judge)
    # the judge is shown the texts the submission retrieved (criterion: correct use of the context)
    from tests.fixtures.eval.release_builder import corpus

    text_1 = " ".join(corpus("en")["texts"][0]["text"].split()[:4])
    judged = [json.dumps(r, ensure_ascii=False) for r in fake_llm.requests]
    judged = [r for r in judged if "Context the system retrieved" in r]
    assert judged and any(text_1 in r for r in judged), text_1


# ------------------------------------------------------------------------- Prefect flows

def test_evaluate_release_flow_publishes_artifacts(releases, tmp_path, prefect_harness):
    from prefect.artifacts import Artifact

    from flows.evaluate import evaluate_release, score_submission

    report = evaluate_release("news-en", "1.0.0", system="bm25", k=3, engine="rules", mirage=True,
                              report_dir=str(tmp_path / "flow"))
    assert report.kind == "baseline" and report.overall.means["recall@3"] == 1.0
    assert report.mirage is not None and report.mirage.n == 5
    assert (tmp_path / "flow" / "report.html").exists()
    md = Artifact.get("evaluate-news-en-1-0-0-bm25-report")
    assert md is not None and "Baseline bm25 on news-en@1.0.0" in md.data
    table = Artifact.get("evaluate-news-en-1-0-0-bm25-metrics")
    assert table is not None and "recall@3" in str(table.data)

    sub = tmp_path / "results.json"
    sub.write_text(json.dumps(SUBMISSION))
    scored = score_submission("news-en", "1.0.0", str(sub), engine="rules", report_dir=str(tmp_path / "flow2"))
    assert scored.overall.means["recall@5"] == pytest.approx(3 / 5)
    assert Artifact.get("score-news-en-1-0-0-report") is not None

    # the CLI runs the same flows with --prefect
    via_cli = _json(_invoke("evaluate", "news-en@1.0.0", "--system", "bm25", "--engine", "rules", "--k", "3",
                            "--prefect", "--json", "--report-dir", str(tmp_path / "cli")))
    assert via_cli["overall"]["means"]["recall@3"] == 1.0
    assert via_cli["report_files"]["markdown"] == str(tmp_path / "cli" / "report.md")
    assert (tmp_path / "cli" / "report.md").exists()


def test_evaluate_with_the_llm_engine_iter_re2g_and_noise(releases, tmp_path, fake_llm, monkeypatch):
    from tests.fixtures.eval.release_builder import corpus

    golds = {q["question"]: q["answers"] for q in corpus("en")["qa"]}

    def reader(body: dict) -> str:
        """Answers with the question's gold when its context holds it, else "I don't know"."""
        text = body["messages"][-1]["content"]
        if "Answer the question using the provided context" in text:
            context, rest = text.split("<context>", 1)[1].split("</context>", 1)
            question = rest.split("Question: ", 1)[1].split("\n", 1)[0].strip()
            return next((g for g in golds[question] if g in context), "I don't know")
        return _scripted_llm_metrics(body)

    monkeypatch.setenv("BENCHMILL_LLM__BASE_URL", fake_llm.base_url)
    monkeypatch.setenv("BENCHMILL_LLM__CACHE_PATH", str(tmp_path / "cache.sqlite"))
    fake_llm.handler(reader)
    report = _json(_invoke(
        "evaluate", "news-en@1.0.0", "--engine", "llm", "--k", "1", "--iter-re2g", "--noise", "1", "--json",
        "--report-dir", str(tmp_path / "r"),
    ))
    assert report["answered_by"] == "llm" and report["engine"] == "llm"
    means = report["overall"]["means"]
    assert means["substring_match"] == 1.0  # the reader answers whenever its window holds the gold
    assert means["completeness"] == 1.0 and means["judge_score"] == 1.0
    prompts = [r["messages"][-1]["content"] for r in fake_llm.requests]
    answer_prompts = [p for p in prompts if "Answer the question using the provided context" in p]
    # k=1: one retrieved chunk + one noise chunk per window
    assert all(p.count("\n[") + p.startswith("[") >= 1 for p in answer_prompts)
    assert all("[2] " in p for p in answer_prompts)
    assert report["failures"] == []
    iterations = {q["question_id"]: q["iterations"] for q in report["questions"]}
    assert iterations["104"] > 1  # top chunk is the bridge text: "I don't know", then the window slides


@pytest.mark.parametrize(
    ("content", "needles"),
    [
        ('{"101": {"found_ids": [true, 1]}}', ["question '101'", "found_ids.0", "true"]),
        ('{"101": {"found_ids": [1.0]}}', ["question '101'", "found_ids.0"]),
        ('{"101": {"model_answer": 7}}', ["question '101'", "model_answer"]),
        ('{"007": {"model_answer": "x"}}', ["'007'", "'7'"]),
        ('{"101": {"model_answer": "a"}, "101": {"model_answer": "b"}}', ["duplicate JSON key '101'"]),
        ('{"101": {"found_ids": [1], "found_ids": [2]}}', ["duplicate JSON key 'found_ids'"]),
        ('{"101": {"found_ids": [1, 999999]}}', ["question '101'", "999999", "not a text id of news-en@1.0.0"]),
        ('{"102": {"found_ids": [-5]}}', ["question '102'", "-5", "not a text id"]),
    ],
)
def test_strict_submission_is_one_line_exit_2_naming_the_entry(releases, tmp_path, content, needles):
    sub = tmp_path / "bad.json"
    sub.write_text(content)
    _one_line_error(_invoke("score", "news-en@1.0.0", "--results", str(sub)), str(sub), *needles)


def test_submission_size_limit_and_json_output_is_scores_only(releases, tmp_path, monkeypatch):
    sub = tmp_path / "big.json"
    marker = "UNIQUE-ANSWER-MARKER"
    sub.write_text(json.dumps({"101": {"found_ids": [1, 2, 3], "model_answer": marker + " x" * 600_000}}))
    monkeypatch.setenv("BENCHMILL_MAX_SUBMISSION_MB", "1")
    _one_line_error(_invoke("score", "news-en@1.0.0", "--results", str(sub)), str(sub), "1.2 MB", "1 MB limit",
                    "BENCHMILL_MAX_SUBMISSION_MB")
    monkeypatch.setenv("BENCHMILL_MAX_SUBMISSION_MB", "5")
    result = _invoke("score", "news-en@1.0.0", "--results", str(sub), "--json", "--report-dir", str(tmp_path / "r"))
    report = _json(result)
    assert marker not in result.stdout and len(result.stdout) < 100_000
    q101 = next(q for q in report["questions"] if q["question_id"] == "101")
    assert "answer" not in q101 and "found_ids" not in q101 and q101["retrieval"]["recall"] == 1.0


def test_unknown_question_ids_are_listed_not_fatal(releases, tmp_path):
    sub = tmp_path / "results.json"
    sub.write_text(json.dumps({"101": {"model_answer": "410 million dollars"}, "999": {}, "abc": {}, "-3": {}}))
    report = _json(_invoke("score", "news-en@1.0.0", "--results", str(sub), "--json", "--report-dir", str(tmp_path / "r")))
    assert sorted(f["key"] for f in report["failures"]) == ["-3", "999", "abc"]
    assert any("3 key(s) not question ids" in n and "'999'" in n for n in report["notes"])
    assert report["overall"]["means"]["em"] == pytest.approx(1 / 5)


def test_score_with_the_squad_convention_and_a_bad_convention(releases, tmp_path):
    sub = tmp_path / "results.json"
    sub.write_text(json.dumps(SUBMISSION))
    ours = _json(_invoke("score", "news-en@1.0.0", "--results", str(sub), "--json", "--report-dir", str(tmp_path / "a")))
    squad = _json(_invoke("score", "news-en@1.0.0", "--results", str(sub), "--convention", "squad", "--json",
                          "--report-dir", str(tmp_path / "b")))
    assert ours["convention"] == "benchmill" and squad["convention"] == "squad"
    # SQuAD EM normalises: "the Central Library" == "Central Library" (104); benchmill's em is the raw string
    assert ours["overall"]["means"]["em"] == 0.0 and squad["overall"]["means"]["em"] == pytest.approx(1 / 5)
    assert squad["overall"]["counts"]["em"] == 5
    assert any(n.startswith("convention: squad; 5 record(s)") for n in squad["notes"])
    trec = _json(_invoke("score", "news-en@1.0.0", "--results", str(sub), "--convention", "trec", "--json",
                         "--report-dir", str(tmp_path / "c")))
    # the fixture release has no text_grades: trec's retrieval equals benchmill's binary metrics
    assert trec["convention"] == "trec" and trec["overall"]["means"]["ndcg@5"] == ours["overall"]["means"]["ndcg@5"]
    _one_line_error(_invoke("score", "news-en@1.0.0", "--results", str(sub), "--convention", "nope"), "--convention 'nope'")
