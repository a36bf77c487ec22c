"""The acceptability bench (bench/bench_acceptability.py): grouping judged rows by site, deduplicating them,
the features read from a question and its reference, and the leave-one-site-out scoring helpers.
All rows here are invented."""
from __future__ import annotations

import pytest

from bench.bench_acceptability import (Row, Tok, _EN_FUNCTION_POS, dedupe, features_from, loso_scores, rank_reject,
                                       rates, row_features, site_of)


def _raw(question: str, grammatical, lang: str = "en", refs=("A reference.",)) -> dict:
    return {"collection": f"news-{lang}", "lang": lang, "question": question, "grammatical": grammatical,
            "references": list(refs), "answer_parts": [["x"]], "type": "simple"}


def test_site_is_the_sheet_prefix_before_news_and_bare_sheets_are_the_demo():
    assert site_of("site7-news-en@1.0.0-seed701-abc.jsonl") == "site7"
    assert site_of("site-news-en@1.0.0-seed101-abc.jsonl") == "site"
    assert site_of("news-ru@1.0.0-seed47-abc.jsonl") == "demo"


def test_a_question_judged_twice_is_one_row_bad_if_any_judge_said_ungrammatical():
    rows = dedupe([
        ("site3-news-en@1-a", _raw("Who painted the harbour mural?", True)),
        ("site3-news-en@1-b", _raw("Who painted the harbour mural?", False)),
        ("site3-news-en@1-b", _raw("When did the ferry resume?", True)),
        ("news-en@1-c", _raw("Where did the ferry resume?", None)),  # not judged: skipped
        ("site4-news-en@1-d", _raw("When did the ferry resume?", True)),
    ])
    by_question = {row.question: row for row in rows}
    assert len(rows) == 2
    assert by_question["Who painted the harbour mural?"].bad is True
    assert by_question["When did the ferry resume?"].bad is False
    assert by_question["When did the ferry resume?"].site == "site3"  # its first sheet's site


def _tok(text, lemma, pos, tag, rel, head):
    return Tok(text, lemma, pos, tag, rel, head)


def test_features_mark_each_group_and_how_the_reference_writes_each_word():
    # "How many boats did the club repaired ?" against "The club repairs twelve boats."
    tokens = [_tok("How", "how", "SCONJ", "WRB", "advmod", 1), _tok("many", "many", "ADJ", "JJ", "amod", 2),
              _tok("boats", "boat", "NOUN", "NNS", "dobj", 5), _tok("did", "do", "AUX", "VBD", "aux", 5),
              _tok("the", "the", "DET", "DT", "det", 5), _tok("club", "club", "NOUN", "NN", "nsubj", 5),
              _tok("repaired", "repair", "VERB", "VBD", "ROOT", -1), _tok("?", "?", "PUNCT", ".", "punct", 6)]
    # fix the heads of this hand-made parse: "the" -> "club", "club"/"boats"/"did" -> "repaired"
    tokens = [t if i not in (2, 3, 4, 5) else Tok(t.text, t.lemma, t.pos, t.tag, t.rel, 6 if i != 4 else 5)
              for i, t in enumerate(tokens)]
    forms = {"The", "club", "repairs", "twelve", "boats", "."}
    lemmas = {"the", "club", "repair", "twelve", "boat", "."}
    feats = features_from(tokens, forms, lemmas, 1, "simple", _EN_FUNCTION_POS)
    assert {k.split(":", 1)[0] for k in feats} == {"pos", "morph", "dep", "fw", "ref", "len", "frame", "word"}
    assert feats["pos:<s> SCONJ ADJ"] == 1.0
    assert feats["morph:VBD ."] == 1.0
    assert feats["dep:nsubj|VBD|NN"] == 1.0
    assert feats["fw:NOUN did the"] == 1.0  # function words stay words, content words become their POS
    assert feats["ref:VERB=other_form"] == 1.0  # "repaired" only as "repairs" in the reference
    assert feats["ref:NOUN=same"] == 2.0  # "boats", "club"
    assert feats["ref:share_other_form"] == pytest.approx(1 / 4)  # many, boats, club, repaired ("How" is the frame)
    assert feats["frame:how many"] == 1.0 and feats["frame:type=simple"] == 1.0
    assert feats["word:repair"] == 1.0 and "word:the" not in feats


def test_english_features_from_a_real_parse_see_a_word_missing_from_the_reference():
    row = Row("Who opened the bakery in Marlow?", "en", "site3", False,
              raw=_raw("Who opened the bakery in Marlow?", True, refs=("Jo Penn opened a bakery in Marlow in May.",)))
    feats = row_features(row)
    assert feats["ref:any_absent"] == 0.0
    other = Row("Who opened the bakery in Marlow?", "en", "site3", False,
                raw=_raw("Who opened the bakery in Marlow?", True, refs=("Jo Penn closed a shop in Leeds.",)))
    assert row_features(other)["ref:any_absent"] == 1.0


def test_rank_reject_takes_the_top_share_of_each_site_on_its_own():
    scores = [0.9, 0.1, 0.2, 0.3, 0.8, 0.7, 0.6, 0.5, 0.4, 0.05]
    sites = ["a"] * 5 + ["b"] * 5
    rejected = rank_reject(scores, sites, 0.2)
    assert [i for i, r in enumerate(rejected) if r] == [0, 5]


def test_rates_count_caught_wrongly_and_the_grammatical_share_kept():
    r = rates([True, True, False, False], [True, False, True, False])
    assert (r["caught"], r["wrongly"], r["grammatical_before"], r["grammatical_after"]) == ("1/2", "1/2", 0.5, 0.5)


def test_leave_one_site_out_never_scores_a_site_with_a_model_that_saw_it():
    # the feature "word:x" marks bad rows only on site "a"; on "b" the same feature is on a good row.
    # Trained without "a", the model cannot have learned "x" as bad, so the "a" rows score at or below the rest.
    feats = [{"word:x": 1.0}, {"word:x": 1.0}, {"word:y": 1.0}, {"word:y": 1.0},
             {"word:x": 1.0}, {"word:x": 1.0}, {"word:y": 1.0}, {"word:y": 1.0},
             {"word:z": 1.0}, {"word:z": 1.0}, {"word:y": 1.0}, {"word:y": 1.0}]
    labels = [True, True, False, False, False, False, True, True, True, True, False, False]
    sites = ["a"] * 4 + ["b"] * 4 + ["c"] * 4
    scores = loso_scores(feats, labels, sites, ("word",))
    assert scores[0] < scores[2]  # in fold "a", x was learned from b (good) and y from b/c (bad and good)


def test_load_rows_reads_one_language_and_never_a_held_out_site(tmp_path, monkeypatch):
    import json

    import bench.bench_acceptability as bench

    def sheet(name, *rows):
        (tmp_path / name).write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")

    sheet("site3-news-en@1.0.0-seed1-a.jsonl", _raw("Who repaired the pier?", False))
    sheet("news-en@1.0.0-seed2-b.jsonl", _raw("When did the pier reopen?", True))
    sheet("site11-news-en@1.0.0-seed3-c.jsonl", _raw("Who fenced the pier?", True))
    sheet("site3-news-ru@1.0.0-seed4-d.jsonl", _raw("Кто починил причал?", True, lang="ru"))
    sheet("site3-legal-en@1.0.0-seed5-e.jsonl", _raw("Who signed the lease?", True))
    monkeypatch.setattr(bench, "JUDGED", tmp_path)
    rows = bench.load_rows("en")
    assert sorted((r.site, r.question, r.bad) for r in rows) == [
        ("demo", "When did the pier reopen?", False), ("site3", "Who repaired the pier?", True)]


def test_score_sheets_trains_without_a_held_out_sheet_and_prints_counts_only(tmp_path, monkeypatch, capsys):
    import json

    import bench.bench_acceptability as bench

    def sheet(name, rows):
        (tmp_path / name).write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")

    sheet("site3-news-en@1.0.0-seed1-a.jsonl", [_raw(f"Who repaired pier {w}?", w % 3 != 0) for w in range(6)])
    sheet("news-en@1.0.0-seed2-b.jsonl", [_raw(f"When did dock {w} reopen?", w % 2 == 0) for w in range(6)])
    held = [_raw(f"Zanzibarish quokka {w} wobbled?", w < 7) for w in range(9)] + [_raw("Zanzibarish quokka?", None)]
    sheet("site11-news-en@1.0.0-seed3-c.jsonl", held)
    monkeypatch.setattr(bench, "JUDGED", tmp_path)
    monkeypatch.setattr(bench, "CACHE", tmp_path / "cache-{lang}.json")
    monkeypatch.setattr(bench, "row_features", lambda row: {f"fw:{w.strip('?')}": 1.0 for w in row.question.split()})
    trained = []
    real_fit = bench.fit_predict

    def spy(train, labels, test, c=None):
        trained.append((len(train), {k for f in train for k in f}))
        return real_fit(train, labels, test, c)

    monkeypatch.setattr(bench, "fit_predict", spy)
    result = bench.main(["--score-sheets", str(tmp_path / "site11-*"), "--keep", "0.9", "0.8", "0.7"])
    out = capsys.readouterr().out
    assert trained and all(n == 12 for n, _ in trained)  # the 12 development rows, never the held-out ten
    assert not any("Zanzibarish" in k or "quokka" in k for _, keys in trained for k in keys)
    assert "Zanzibarish" not in out and "quokka" not in out and "wobbled" not in out
    counts = result["site11-news-en@1.0.0-seed3-c.jsonl"]
    assert counts["status"] == "unseen" and (counts["rows"], counts["judged"], counts["grammatical"]) == (10, 9, 7)
    assert [counts[q]["kept"] for q in (0.9, 0.8, 0.7)] == [9, 8, 7]
    for q in (0.9, 0.8, 0.7):
        assert counts[q]["grammatical_kept"] + counts[q]["grammatical_lost"] == 7
        assert f"kept {counts[q]['kept']}, grammatical {counts[q]['grammatical_kept']}" in out
    assert "[unseen]" in out and "en pooled, 1 unseen sheet(s)" in out
    assert not (tmp_path / "cache-en.json").exists() or "Zanzibarish" not in (tmp_path / "cache-en.json").read_text()
    bench.main(["--score-sheets", str(tmp_path / "site3-*"), "--keep", "0.5"])
    assert "site3-news-en@1.0.0-seed1-a.jsonl [seen]" in capsys.readouterr().out
