"""`benchmill build-domain` (issue 8 part 2): the RAGEval domain build as a Prefect flow on the
shared generator contract, through the real CLI, real DuckDB and real exports.

- finance, 20 documents, rules engine: releases finance-en@1.0.0 with all seven types,
  verbatim references and keypoints on every answer, RAGEval documents/queries JSONL that
  `benchmill score --rageval` reads; a second build of the same seed releases nothing new;
- a bad seed folder: exit 2, one line naming the file;
- the llm path over the fake OpenAI server: one broken QRA reply fails its item only;
- RAGEval's two filters judge on their own (unit level).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from schemas import Item, Lineage
from schemas.rageval import QUERY_TYPES
from tasks.rageval import keypoints_supported, references_verbatim

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "data" / "seeds"


@pytest.fixture(scope="module")
def api_url(prefect_harness) -> str:
    """The session's Prefect API: the CLI runs report to it instead of each starting a temporary server."""
    from prefect.settings import PREFECT_API_URL

    return PREFECT_API_URL.value()


def _env(home: Path, api: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BENCHMILL_", "PREFECT_"))}
    if api:
        env["PREFECT_API_URL"] = api
    env.update(BENCHMILL_HOME=str(home), PYTHONPATH=str(ROOT), HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1",
               TOKENIZERS_PARALLELISM="false", PREFECT_HOME=str(home / ".prefect"),
               PREFECT_SERVER_ANALYTICS_ENABLED="false", PREFECT_LOCAL_STORAGE_PATH=str(home / ".prefect" / "storage"))
    return env


def _cli(home: Path, *args: str, timeout: int = 240, api: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "benchmill", *args], cwd=home, env=_env(home, api), capture_output=True,
                          text=True, timeout=timeout)


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _summary(proc: subprocess.CompletedProcess) -> dict:
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout[proc.stdout.index("{"):])


def test_finance_build_releases_seven_types_and_is_idempotent(tmp_path: Path, api_url: str):
    home = tmp_path / "home"
    home.mkdir()
    first = _summary(_cli(home, "build-domain", str(SEEDS / "finance"), "--docs", "20", "--json", api=api_url))
    # 60 accepted items: the build also carves the static finance-en-sandbox ([sandbox] on_first_run)
    assert first["collection"] == "finance-en"
    assert first["releases"] == {"finance-en-sandbox": "1.0.0", "finance-en": "1.0.0"}
    assert first["documents"] == 20 and first["failures"] == 0
    assert set(first["items_by_type"]) == set(QUERY_TYPES)
    assert first["skipped_filters"] == ["closed_book", "llm_judge"]  # the rules engine: "skipped: needs llm"

    rel = home / "data" / "releases" / "finance-en" / "1.0.0"
    manifest = json.loads((rel / "manifest.json").read_text())
    assert set(manifest["counts_by_type"]) == set(QUERY_TYPES)
    assert manifest["exports"] == ["benchmill", "rageval"]
    assert {"rageval/documents.jsonl", "rageval/queries.jsonl", "private/qa.jsonl"} <= set(manifest["files"])
    assert manifest["filters"]["llm_judge"]["skipped_reason"] == "skipped: needs llm"

    docs = {d["doc_id"]: d for d in _jsonl(rel / "rageval" / "documents.jsonl")}
    queries = _jsonl(rel / "rageval" / "queries.jsonl")
    assert len(docs) == 20 and all(d["domain"] == "finance" and d["company_name"] for d in docs.values())
    assert len(queries) == manifest["questions"]
    assert {q["query"]["query_type"] for q in queries} == set(QUERY_TYPES.values())
    for q in queries:
        gt = q["ground_truth"]
        assert gt["keypoints"], q
        if q["query"]["query_type"] == QUERY_TYPES["unanswerable"]:
            assert gt["references"] == [] and gt["doc_ids"] == []
            continue
        assert gt["references"] and gt["doc_ids"]
        for ref in gt["references"]:
            assert any(ref in docs[d]["content"] for d in gt["doc_ids"]), ref
    # the common export cites the same texts
    qa = _jsonl(rel / "private" / "qa.jsonl")
    assert all(r["method"] == "rageval:finance" and r["keypoints"] for r in qa)

    scored = _cli(home, "score", "--rageval", str(rel / "rageval" / "queries.jsonl"), "--json")
    assert scored.returncode == 0, scored.stderr[-2000:]
    assert json.loads(scored.stdout[scored.stdout.index("{"):])["overall"]["questions"] == len(queries)

    # the same seed again: same texts and items (content-derived ids), nothing new to release
    before = sorted(p.name for p in (home / "data" / "releases" / "finance-en").iterdir())
    second = _summary(_cli(home, "build-domain", str(SEEDS / "finance"), "--docs", "20", "--json", api=api_url))
    assert second["releases"] == {} and second["new_documents"] == 0 and second["new_items"] == 0
    assert second["items"] == first["items"]
    assert sorted(p.name for p in (home / "data" / "releases" / "finance-en").iterdir()) == before == ["1.0.0"]


def test_a_bad_seed_folder_exits_2_with_one_line(tmp_path: Path):
    home = tmp_path / "home"
    home.mkdir()
    bad = tmp_path / "bad"
    shutil.copytree(SEEDS / "finance", bad)
    (bad / "schema.json").write_text('{"domain": "finance", "fields": "not a list"}')
    proc = _cli(home, "build-domain", str(bad))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("benchmill: error: ") and "schema.json" in lines[0], proc.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    proc = _cli(home, "build-domain", str(empty))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1 and str(empty) in proc.stderr
    assert not (home / "data" / "releases").exists() or not any((home / "data" / "releases").iterdir())


def test_llm_build_one_broken_reply_fails_only_its_item(fake_llm, tmp_path: Path, api_url: str):
    from benchmill.llm import RETRY_MARKER
    from tests.test_rageval_llm import NOT_JSON, Script, _folder

    from tasks.rageval.text import sentences

    class Cooperative(Script):
        """Keypoints restate the answer's sentences; the first reply invents one (the filter rejects that item)."""

        keypoint_calls = 0

        def __call__(self, body):
            text = body["messages"][-1]["content"]
            if "keypoints" in text and "question-reference-answer" not in text:
                self.keypoint_calls += 1
                kps = sentences(text.split("Answer:")[-1].strip().splitlines()[0])[:3]
                if self.keypoint_calls == 1:
                    kps = ["The company opened a factory in Atlantis in 1999.", *kps]
                return json.dumps({"keypoints": (kps * 3)[:max(3, min(5, len(kps)))]})
            return super().__call__(body)

    folder, induced = _folder(tmp_path)  # 3 documents, one item per type; no schema.json (the llm induces it)
    script = Cooperative(induced)  # config 2 and QRA reply 2 are not JSON
    fake_llm.route(RETRY_MARKER, NOT_JSON)
    fake_llm.route("No article or other context is given", "I don't know")
    fake_llm.route("Criterion:", '{"rationale": "clear and grounded", "score": 2}')
    fake_llm.handler(script)
    home = tmp_path / "home"
    home.mkdir()
    (home / "benchmill.toml").write_text(
        f'[llm]\nbase_url = "{fake_llm.base_url}"\nmodel = "fake-model"\nmax_retries = 1\ntimeout = 5\n')
    summary = _summary(_cli(home, "build-domain", str(folder), "--engine", "llm", "--json", "--config",
                            str(home / "benchmill.toml"), api=api_url))
    assert summary["engine"] == "llm"
    assert summary["llm"]["calls"] >= len(fake_llm.requests) > 0  # every call of the stages and filters counted
    # the broken config reply failed its config, the broken QRA reply its item; the run went on
    assert summary["failures_by_stage"] == {"rageval-configs": 1, "rageval-qra": 1}
    assert summary["documents"] == 2 and summary["items"] == len(QUERY_TYPES) - 1
    # the invented keypoint rejects its item only; the rest release, judged over HTTP
    assert summary["rejections"]["keypoints_supported"] == 1, summary["rejections"]
    assert sum(summary["rejections"].values()) == 1, summary["rejections"]
    assert summary["releases"] == {"finance-en": "1.0.0"}
    assert summary["skipped_filters"] == []  # judge and closed-book ran over HTTP
    rel = home / "data" / "releases" / "finance-en" / "1.0.0"
    queries = _jsonl(rel / "rageval" / "queries.jsonl")
    assert len(queries) == len(QUERY_TYPES) - 2
    assert all(len(q["ground_truth"]["keypoints"]) >= 3 for q in queries)
    assert not any("Atlantis" in kp for q in queries for kp in q["ground_truth"]["keypoints"])
    assert any("Criterion:" in json.dumps(r) for r in fake_llm.requests)


def _item(**kw) -> Item:
    base = dict(item_id="i1", method="rageval:finance", type="factual", lang="en", question="What net profit did Acme report?",
                answers=["Acme reported 5.2 million USD."], references=["Acme reported a net profit of 5.2 million USD."],
                keypoints=["Acme reported a net profit of 5.2 million USD."], doc_ids=["d1"],
                lineage=Lineage(engine="rules"))
    return Item(**{**base, **kw})


def test_references_verbatim_filter():
    texts = {"d1": "Acme Annual Report\n\nAcme reported a net profit of\n5.2 million USD. Other things."}
    judge = references_verbatim.judge
    assert judge(_item(), texts).status == "passed"  # line breaks compare as spaces
    v = judge(_item(references=["Acme reported a net profit of 6.1 million USD."]), texts)
    assert v.status == "rejected" and v.code == "reference_not_verbatim"
    assert judge(_item(references=[]), texts).code == "no_references"
    assert judge(_item(doc_ids=["d2"]), texts).status == "error"  # no text: judged again next run
    assert judge(_item(type="unanswerable", references=[], doc_ids=[]), texts).status == "passed"


def test_keypoints_supported_filter():
    cfg = keypoints_supported.KeypointsSupportedConfig()
    judge = keypoints_supported.judge
    assert judge(_item(), cfg).status == "passed"
    wrong_number = judge(_item(keypoints=["Acme reported a net profit of 7.9 million USD."]), cfg)
    assert wrong_number.status == "rejected" and "79" in wrong_number.reason
    unsupported = judge(_item(keypoints=["Acme opened a factory in Atlantis during winter."]), cfg)
    assert unsupported.status == "rejected" and unsupported.code == "keypoint_unsupported"
    assert judge(_item(keypoints=[]), cfg).code == "no_keypoints"
    assert judge(_item(type="unanswerable", references=[], doc_ids=[],
                       keypoints=["The documents do not contain this."]), cfg).status == "passed"
