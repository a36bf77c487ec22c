"""Judge sheets (benchmill/judging.py, cli/judge.py): the hand-judged samples behind the README
are drawn reproducibly from a real release export, read back strictly and counted."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmill.judging import LABELS, SheetError, draw_sheet, rates, read_sheet, write_sheet
from tasks.evaluate.release_data import load_release
from tests.test_cli import _one_line, run_cli


def _jsonl(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


@pytest.fixture()
def release(tmp_path) -> Path:
    """A news-en@1.0.0 export folder of 12 questions, one of them a set."""
    base = tmp_path / "rel" / "news-en" / "1.0.0"
    _jsonl(base / "public" / "texts.jsonl", [{"id": i, "text": f"Text {i}."} for i in range(3)])
    _jsonl(base / "public" / "questions.jsonl", [{"id": q, "question": f"Who did thing {q}?"} for q in range(12)])
    qa = [{"public_id": q, "text_ids": [q % 3], "answer": f"Person {q}", "answers": [f"Person {q}"], "type": "simple",
           "references": [f"Person {q} did thing {q}."], "item_id": f"i{q:03d}", "lang": "en"} for q in range(11)]
    qa.append({"public_id": 11, "text_ids": [0, 1], "answer": "Oslo, Bergen", "answers": ["Oslo", "Bergen"],
               "answer_parts": [["Oslo"], ["Bergen"]], "type": "set", "item_id": "i011", "lang": "en"})
    _jsonl(base / "private" / "qa.jsonl", qa)
    (base / "manifest.json").write_text(json.dumps({"collection": "news-en", "version": "1.0.0"}), encoding="utf-8")
    return base


def test_the_draw_is_seeded_and_carries_what_a_judge_needs(release):
    data = load_release(release)
    first, again, other = draw_sheet(data, 5, 47), draw_sheet(data, 5, 47), draw_sheet(data, 5, 48)
    assert first == again and [r["public_id"] for r in first] != [r["public_id"] for r in other]
    assert len(first) == 5 and len({r["public_id"] for r in first}) == 5
    row = first[0]
    assert row["question"] == f"Who did thing {row['public_id']}?" and row["answer"].startswith(("Person", "Oslo"))
    assert all(row[label] is None for label in LABELS)
    everything = draw_sheet(data, 100, 1)  # fewer questions than asked: all of them
    set_row = next(r for r in everything if r["type"] == "set")
    assert len(everything) == 12 and set_row["answer_parts"] == [["Oslo"], ["Bergen"]]
    assert set_row["answer"] == "Oslo; Bergen"  # every member, not the first (a set sheet read "Кедр Моторс" alone)


def test_a_judged_sheet_is_never_overwritten(release, tmp_path):
    rows = draw_sheet(load_release(release), 3, 47)
    sheet = write_sheet(rows, tmp_path / "s.jsonl")
    write_sheet(rows, sheet)  # still blank: drawing again is fine
    judged = [{**r, **{label: True for label in LABELS}} for r in rows]
    _jsonl(sheet, judged)
    with pytest.raises(SheetError, match="already holds judged labels"):
        write_sheet(rows, sheet)
    assert read_sheet(sheet)[0]["grammatical"] is True


def test_rates_overall_and_per_type_and_the_failed_rows(release, tmp_path):
    rows = draw_sheet(load_release(release), 12, 47)
    for n, row in enumerate(rows):
        row.update({label: True for label in LABELS})
        if n < 3:
            row["grammatical"] = False
            row["note"] = "word order"
        if row["type"] == "set":
            row["correct"] = False
    sheet = tmp_path / "filled.jsonl"
    _jsonl(sheet, rows)
    result = rates(read_sheet(sheet))
    assert result["overall"]["grammatical"] == {"yes": 9, "n": 12, "rate": 0.75}
    assert result["overall"]["answerable"]["rate"] == 1.0
    assert result["by_type"]["set"]["correct"] == {"yes": 0, "n": 1, "rate": 0.0}
    assert result["releases"] == {"news-en@1.0.0": 12}
    failed_ids = {r["public_id"] for r in result["failed"]}
    set_id = next(r["public_id"] for r in rows if r["type"] == "set")
    assert set_id in failed_ids and len(failed_ids) in (3, 4)


@pytest.mark.parametrize("value, said", [(None, "missing"), ("yes", "'yes'"), (1, "1")])
def test_an_unjudged_or_non_boolean_label_is_refused_naming_the_line(tmp_path, value, said):
    rows = [{"public_id": 0, **{label: True for label in LABELS}}, {"public_id": 1, **{label: True for label in LABELS}}]
    rows[1]["unique"] = value
    sheet = tmp_path / "s.jsonl"
    _jsonl(sheet, rows)
    with pytest.raises(SheetError, match=rf"s\.jsonl:2: label 'unique' is {said}"):
        read_sheet(sheet)


def test_cli_draws_and_counts_and_refuses_bad_input_in_one_line(release, tmp_path):
    env = {"BENCHMILL_RELEASES_DIR": str(release.parent.parent), "BENCHMILL_REPORTS_DIR": str(tmp_path / "rep")}
    drawn = run_cli("judge-sheet", "news-en@1.0.0", "--n", "4", "--seed", "3", env=env)
    assert drawn.returncode == 0, drawn.stderr
    sheet = tmp_path / "rep" / "judged" / "news-en@1.0.0-seed3.jsonl"
    rows = [json.loads(line) for line in sheet.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 4
    _one_line(run_cli("judge-rates", str(sheet), env=env), "news-en@1.0.0-seed3.jsonl:1", "grammatical", "missing")
    for row in rows:
        row.update({label: True for label in LABELS})
    rows[0]["unique"] = False
    _jsonl(sheet, rows)
    counted = run_cli("judge-rates", str(sheet), "--json", env=env)
    assert counted.returncode == 0, counted.stderr
    assert json.loads(counted.stdout)["overall"]["unique"] == {"yes": 3, "n": 4, "rate": 0.75}
    assert json.loads(counted.stdout)["failed"][0]["question"] == rows[0]["question"]
    # a held-out set's counts without its failed rows, in both outputs
    for extra in (("--json",), ()):
        blind = run_cli("judge-rates", str(sheet), "--counts-only", *extra, env=env)
        assert blind.returncode == 0, blind.stderr
        assert "3/4" in blind.stdout or '"yes": 3' in blind.stdout
        assert rows[0]["question"] not in blind.stdout and "failed" not in blind.stdout
    _one_line(run_cli("judge-sheet", "news-en@9.9.9", env=env), "news-en@9.9.9", "no export folder")
    _one_line(run_cli("judge-sheet", "news-en@1.0.0", "--n", "0", env=env), "sample size")
    _one_line(run_cli("judge-sheet", "news-en@1.0.0", "--n", "4", "--seed", "3", env=env), "already holds judged labels")
