"""`benchmill sandbox`: a release whose answers are public, scored from its public files alone."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from benchmill.releases import plan_release, publish
from benchmill.settings import load_settings
from benchmill.specs import CollectionSpec
from benchmill.store import Store
from cli import app
from schemas import FetchedDocument, Item, Lineage, NewVersion, Verdict

runner = CliRunner()
FILTERS = ["graph_correspondence"]


def _item(n: int, qtype: str, docs: list[str]) -> Item:
    return Item(item_id=f"i{n:03d}", method="dragon", type=qtype, lang="en", question=f"Where did event {n} happen?",
                answers=[f"City {n}"], references=[f"Event {n} happened in City {n}."], keypoints=[f"kp {n}"],
                doc_ids=docs, lineage=Lineage(engine="rules", prompt_name="rules:simple"))


@pytest.fixture
def released(tmp_path, monkeypatch) -> Path:
    """A store with news-en@1.0.0: 6 questions (4 simple, 2 set) over 5 texts."""
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(tmp_path / "rel"))
    monkeypatch.setenv("BENCHMILL_STORE", str(tmp_path / "s.duckdb"))
    monkeypatch.setenv("BENCHMILL_ENGINE", "rules")
    settings = load_settings(None)
    with Store.writer(settings.store, "r1") as store:
        versions = []
        for n in range(5):
            url = f"http://news.example/{n}"
            doc = FetchedDocument(source="s", url=url, canonical_url=url, lang="en", title=f"T{n}",
                                  text=f"Event {n} happened in City {n}. It was covered widely.", content_hash=f"h{n}")
            versions.append(NewVersion(doc=doc, doc_id=f"d{n}", version_id=f"v{n}", seq=1, status="new",
                                       new_paragraphs=[doc.text]))
        store.write_versions(versions, "r1")
        store.mark_consumed([f"v{n}" for n in range(5)], "r1")
        items = [_item(n, "simple", [f"d{n}"]) for n in range(4)] + [_item(4, "set", ["d4", "d0"]), _item(5, "set", ["d1"])]
        store.write_items(items, "r1")
        store.write_verdicts([Verdict(item_id=i.item_id, filter="graph_correspondence", status="passed", score=1.0,
                                      reason="ok") for i in items], "r1")
        spec = CollectionSpec(name="news-en", method="dragon", lang="en", filters=FILTERS, quotas={"simple": 9, "set": 9})
        publish(store, settings, plan_release(store, spec), run_id="r1")
    return tmp_path


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_sandbox_release_is_public_and_scores_from_its_public_files(released, tmp_path, monkeypatch):
    result = runner.invoke(app, ["sandbox", "--size", "3", "--texts", "4", "--json"])
    assert result.exit_code == 0, result.output + result.stderr
    [made] = json.loads(result.stdout)
    assert made["sandbox"] == "sandbox-en@1.0.0" and made["from"] == "news-en@1.0.0" and made["new"]
    folder = Path(made["path"])
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["public_answers"] is True and manifest["derived_from"] == "news-en@1.0.0"
    assert manifest["exports"] == ["benchmill", "sandbox"] and "public/qa.parquet" in manifest["files"]
    assert manifest["counts_by_type"] == {"set": 2, "simple": 1}  # round robin over the types
    public_qa = _rows(folder / "public" / "qa.jsonl")
    cited = {t for r in public_qa for t in r["text_ids"]}
    assert manifest["texts"] == 4 and len(cited) <= 4  # the cited texts, then distractors of the source, up to --texts
    assert public_qa == _rows(folder / "private" / "qa.jsonl")
    assert all(r["answers"] and r["references"] for r in public_qa)
    source = {r["item_id"]: r for r in _rows(released / "rel" / "news-en" / "1.0.0" / "private" / "qa.jsonl")}
    assert {r["item_id"] for r in public_qa} <= set(source)
    # an ordinary release's manifest carries neither key
    plain = json.loads((released / "rel" / "news-en" / "1.0.0" / "manifest.json").read_text())
    assert "public_answers" not in plain and "derived_from" not in plain and not (
        released / "rel" / "news-en" / "1.0.0" / "public" / "qa.jsonl").exists()

    # a second run draws nothing new from the same release
    again = runner.invoke(app, ["sandbox", "--from", "news-en@1.0.0", "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout) == [{"from": "news-en@1.0.0", "sandbox": "sandbox-en@1.0.0", "new": False,
                                         "path": made["path"]}]
    listed = runner.invoke(app, ["releases", "list", "--json"])
    assert [r["collection"] for r in json.loads(listed.stdout)] == ["news-en", "sandbox-en"]

    # what a user downloads: public/ and the manifest, no private/
    download = tmp_path / "download"
    shutil.copytree(folder / "public", download / "sandbox-en" / "1.0.0" / "public")
    shutil.copy(folder / "manifest.json", download / "sandbox-en" / "1.0.0" / "manifest.json")
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(download))
    texts = {r["id"]: r["text"] for r in _rows(download / "sandbox-en" / "1.0.0" / "public" / "texts.jsonl")}
    submission = {str(r["public_id"]): {"found_ids": r["text_ids"], "model_answer": r["answers"][0]} for r in public_qa}
    (tmp_path / "sub.json").write_text(json.dumps(submission))
    scored = runner.invoke(app, ["score", "sandbox-en@1.0.0", "--results", str(tmp_path / "sub.json"), "--json",
                                 "--report-dir", str(tmp_path / "r")])
    assert scored.exit_code == 0, scored.output + scored.stderr
    report = json.loads(scored.stdout)
    assert report["overall"]["questions"] == 3
    assert report["overall"]["means"]["recall@5"] == 1.0 and report["overall"]["means"]["em"] == 1.0
    assert all(t for t in texts.values())

    # a release that keeps its answers private does not score without private/
    hidden = tmp_path / "hidden"
    shutil.copytree(released / "rel" / "news-en" / "1.0.0" / "public", hidden / "news-en" / "1.0.0" / "public")
    shutil.copy(released / "rel" / "news-en" / "1.0.0" / "manifest.json", hidden / "news-en" / "1.0.0" / "manifest.json")
    monkeypatch.setenv("BENCHMILL_RELEASES_DIR", str(hidden))
    refused = runner.invoke(app, ["score", "news-en@1.0.0", "--results", str(tmp_path / "sub.json")])
    assert refused.exit_code == 2 and "private/qa" in refused.stderr


def test_a_later_sandbox_takes_questions_no_sandbox_took(released):
    from benchmill.sandbox import plan_sandbox

    settings = load_settings(None)
    with Store.writer(settings.store, "r2") as store:
        first = plan_sandbox(store, "news-en@1.0.0", size=4)
        publish(store, settings, first, run_id="r2")
        assert plan_sandbox(store, "news-en@1.0.0", size=4) is None  # drawn from it already
        # were it not recorded as drawn from news-en@1.0.0, a new draw would take only the 2 questions left
        with store.transaction() as con:
            con.execute("UPDATE releases SET manifest = json_merge_patch(manifest, '{\"derived_from\": null}') "
                        "WHERE collection = 'sandbox-en'")
        second = plan_sandbox(store, "news-en@1.0.0", size=4)
        assert second.version == "1.1.0" and second.parent == "1.0.0"
        assert len(second.items) == 2 and not {i.item_id for i in second.items} & {i.item_id for i in first.items}


def test_sandbox_input_errors(released, tmp_path):
    for args, needle in ((["sandbox", "--from", "news-en@9.9.9"], "news-en@9.9.9"),
                         (["sandbox", "--from", "news-en@x"], "news-en@x")):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and needle in lines[0], result.stderr
    result = runner.invoke(app, ["sandbox", "--size", "0"])
    assert result.exit_code == 2
