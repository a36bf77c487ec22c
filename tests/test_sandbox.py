"""`benchmill sandbox`: a small static release whose answers are public, made of accepted
questions no ranked release has (nor ever will), scored from its public files alone."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from benchmill.releases import plan_release, publish, released_questions
from benchmill.settings import load_settings
from benchmill.store import Store
from cli import app
from schemas import FetchedDocument, Item, Lineage, NewVersion, Verdict
from tasks.dragon.spec import FILTERS, news_collections

runner = CliRunner()


def _item(n: int, qtype: str, docs: list[str]) -> Item:
    return Item(item_id=f"i{n:03d}", method="dragon", type=qtype, lang="en", question=f"Where did event {n} happen?",
                answers=[f"City {n}"], references=[f"Event {n} happened in City {n}."], keypoints=[f"kp {n}"],
                doc_ids=docs, lineage=Lineage(engine="rules", prompt_name="rules:simple"))


def _accept(store: Store, items: list[Item], run: str, rejected: set[str] = frozenset()) -> None:
    store.write_verdicts([Verdict(item_id=i.item_id, filter=f, status="rejected" if i.item_id in rejected else "passed",
                                  score=1.0, reason="ok") for i in items for f in FILTERS], run)


def _spec(settings, **quotas):
    [spec] = [s for s in news_collections(settings) if s.name == "news-en"]
    return spec.model_copy(update={"quotas": quotas}) if quotas else spec


@pytest.fixture
def released(tmp_path, monkeypatch) -> Path:
    """news-en@1.0.0 released 5 of 6 questions (quota simple 3: i003 held back for good); then
    a later run accepted i006-i011 and rejected i012, none released yet."""
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(tmp_path / "rel"))
    monkeypatch.setenv("BENCHMILL_STORE", str(tmp_path / "s.duckdb"))
    monkeypatch.setenv("BENCHMILL_ENGINE", "rules")
    monkeypatch.setenv("BENCHMILL_LANGUAGES", '["en"]')
    settings = load_settings(None)
    with Store.writer(settings.store, "r1") as store:
        versions = []
        for n in range(8):
            url = f"http://news.example/{n}"
            doc = FetchedDocument(source="s", url=url, canonical_url=url, lang="en", title=f"T{n}",
                                  text=f"Event {n} happened in City {n}. It was covered widely.", content_hash=f"h{n}")
            versions.append(NewVersion(doc=doc, doc_id=f"d{n}", version_id=f"v{n}", seq=1, status="new",
                                       new_paragraphs=[doc.text]))
        store.write_versions(versions, "r1")
        store.mark_consumed([f"v{n}" for n in range(8)], "r1")
        first = [_item(n, "simple", [f"d{n}"]) for n in range(4)] + [_item(4, "set", ["d4", "d0"]), _item(5, "set", ["d1"])]
        store.write_items(first, "r1")
        _accept(store, first, "r1")
        publish(store, settings, plan_release(store, _spec(settings, simple=3, set=9)), run_id="r1")
        later = [_item(n, t, [f"d{n - 4}"]) for n, t in ((6, "simple"), (7, "simple"), (8, "set"), (9, "set"),
                                                          (10, "simple"), (11, "set"), (12, "set"))]
        store.write_items(later, "r2")
        _accept(store, later, "r2", rejected={"i012"})
    return tmp_path


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _ranked(store: Store) -> set[str]:
    with store.connect() as con:
        return {r[0] for r in con.execute(
            "SELECT item_id FROM release_items WHERE collection NOT LIKE '%-sandbox'").fetchall()}


def test_sandbox_takes_questions_no_ranked_release_has_and_scores_from_public_files(released, tmp_path, monkeypatch):
    result = runner.invoke(app, ["sandbox", "--size", "3", "--texts", "4", "--json"])
    assert result.exit_code == 0, result.output + result.stderr
    [made] = json.loads(result.stdout)
    assert made["sandbox"] == "news-en-sandbox@1.0.0" and made["from"] == "news-en" and made["new"]
    folder = Path(made["path"])
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["public_answers"] is True and manifest["derived_from"] == "news-en"
    assert manifest["exports"] == ["benchmill", "sandbox"] and "public/qa.parquet" in manifest["files"]
    assert manifest["counts_by_type"] == {"set": 1, "simple": 2}  # in proportion: 3 of 7 candidates are sets
    public_qa = _rows(folder / "public" / "qa.jsonl")
    assert public_qa == _rows(folder / "private" / "qa.jsonl")
    # the held-back item first (no ranked release takes it), then the cycle's accepted ones
    sandbox_ids = {r["item_id"] for r in public_qa}
    assert sandbox_ids == {"i003", "i006", "i008"}
    assert manifest["texts"] == 4 and all(r["answers"] and r["references"] and r["text_ids"] for r in public_qa)

    settings = load_settings(None)
    with Store.writer(settings.store, "r3") as store:
        # in no ranked release so far, and the next one does not plan them
        assert not sandbox_ids & _ranked(store)
        # the duplicates filter compares new questions with the sandbox's too (their answers are public)
        assert {q["text"] for q in public_qa} <= set(released_questions(store, "news-en"))
        plan = plan_release(store, _spec(settings, simple=9, set=9))
        planned = {i.item_id for i in plan.items} | set(plan.held_back_ids)
        assert planned == {"i007", "i009", "i010", "i011"}  # not i012 (rejected), no sandbox item
        publish(store, settings, plan, run_id="r3")
        assert not sandbox_ids & _ranked(store) and plan_release(store, _spec(settings, simple=9, set=9)) is None
    ranked_answers = {a for d in (released / "rel" / "news-en").iterdir() if d.is_dir()
                      for r in _rows(d / "private" / "qa.jsonl") for a in r["answers"]}
    assert not {a for r in public_qa for a in r["answers"]} & ranked_answers

    # static: drawing again publishes nothing (and writes the folder again if a killed run left none)
    shutil.rmtree(folder)
    again = runner.invoke(app, ["sandbox", "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == [{"from": "news-en", "sandbox": "news-en-sandbox@1.0.0", "new": False,
                                         "path": made["path"]}]
    assert _rows(folder / "public" / "qa.jsonl") == public_qa
    listed = runner.invoke(app, ["releases", "list", "--json"])
    assert [(r["collection"], r["version"]) for r in json.loads(listed.stdout)] == [
        ("news-en", "1.0.0"), ("news-en", "1.1.0"), ("news-en-sandbox", "1.0.0")]

    # what a user downloads: public/ and the manifest, no private/
    download = tmp_path / "download"
    shutil.copytree(folder / "public", download / "news-en-sandbox" / "1.0.0" / "public")
    shutil.copy(folder / "manifest.json", download / "news-en-sandbox" / "1.0.0" / "manifest.json")
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(download))
    submission = {str(r["public_id"]): {"found_ids": r["text_ids"], "model_answer": r["answers"][0]} for r in public_qa}
    (tmp_path / "sub.json").write_text(json.dumps(submission))
    scored = runner.invoke(app, ["score", "news-en-sandbox@1.0.0", "--results", str(tmp_path / "sub.json"), "--json",
                                 "--report-dir", str(tmp_path / "r")])
    assert scored.exit_code == 0, scored.output + scored.stderr
    report = json.loads(scored.stdout)
    assert report["overall"]["questions"] == 3
    assert report["overall"]["means"]["recall@5"] == 1.0 and report["overall"]["means"]["em"] == 1.0

    # a ranked release keeps its answers private: it does not score without private/
    hidden = tmp_path / "hidden"
    shutil.copytree(released / "rel" / "news-en" / "1.0.0" / "public", hidden / "news-en" / "1.0.0" / "public")
    shutil.copy(released / "rel" / "news-en" / "1.0.0" / "manifest.json", hidden / "news-en" / "1.0.0" / "manifest.json")
    plain = json.loads((hidden / "news-en" / "1.0.0" / "manifest.json").read_text())
    assert "public_answers" not in plain and "derived_from" not in plain
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(hidden))
    refused = runner.invoke(app, ["score", "news-en@1.0.0", "--results", str(tmp_path / "sub.json")])
    assert refused.exit_code == 2 and "private/qa" in refused.stderr


def test_a_new_sandbox_version_only_when_asked_and_with_fresh_questions(released):
    first = runner.invoke(app, ["sandbox", "--size", "2", "--json"])
    assert first.exit_code == 0, first.output + first.stderr
    first_ids = {r["item_id"] for r in _rows(Path(json.loads(first.stdout)[0]["path"]) / "public" / "qa.jsonl")}
    second = runner.invoke(app, ["sandbox", "--size", "20", "--version", "1.1.0", "--json"])
    assert second.exit_code == 0, second.output + second.stderr
    [made] = json.loads(second.stdout)
    assert made["sandbox"] == "news-en-sandbox@1.1.0" and made["new"]
    manifest = json.loads((Path(made["path"]) / "manifest.json").read_text())
    assert manifest["parent"] == "1.0.0"
    second_ids = {r["item_id"] for r in _rows(Path(made["path"]) / "public" / "qa.jsonl")}
    # every accepted, never-released item left; not the rejected one, not the first sandbox's
    assert second_ids == {"i003", "i006", "i007", "i008", "i009", "i010", "i011"} - first_ids
    rerun = runner.invoke(app, ["sandbox", "--version", "1.1.0", "--json"])  # a rerun of that draw
    assert rerun.exit_code == 0 and json.loads(rerun.stdout)[0] == {
        "from": "news-en", "sandbox": "news-en-sandbox@1.1.0", "new": False, "path": made["path"]}
    settings = load_settings(None)
    with Store.writer(settings.store, "r4") as store:
        assert plan_release(store, _spec(settings, simple=9, set=9)) is None  # nothing left for a ranked release


def test_sandbox_input_errors(released):
    for args, needle in ((["sandbox", "--from", "news-en@1.0.0"], "news-en@1.0.0"),
                         (["sandbox", "--from", "news-xx"], "news-xx"),
                         (["sandbox", "--version", "x"], "'x'"),
                         (["sandbox", "--version", "1.5.0"], "1.5.0")):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and needle in lines[0], result.stderr
    result = runner.invoke(app, ["sandbox", "--size", "0"])
    assert result.exit_code == 2
