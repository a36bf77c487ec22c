"""The held-out site bench (bench/bench_site.py): what it serves and how it scores.

The bench itself runs the daily flow twice per language (minutes); these tests check its two
moving parts on their own: the loopback server (feeds rewritten to point at it, articles by
their last path segment, 404 for a page gone) and the scoring of store rows against labels.
"""
from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from bench.bench_site import _Site, _day2, score_site, serve


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, ""


def test_server_rewrites_feed_links_and_serves_articles_by_slug(tmp_path):
    (tmp_path / "articles").mkdir()
    (tmp_path / "articles" / "rail-timetable.html").write_text("<html><body><p>Hi.</p></body></html>")
    (tmp_path / "feed.xml").write_text(
        "<rss><channel><item><link>https://railnews.example/transport/rail-timetable.html</link></item>"
        "</channel></rss>")
    with serve(_Site()) as site:
        site.folder = tmp_path
        status, feed = _get(f"{site.base}/feed.xml")
        assert status == 200
        assert f"<link>{site.base}/transport/rail-timetable.html</link>" in feed
        assert "railnews.example" not in feed
        status, page = _get(f"{site.base}/transport/rail-timetable.html")
        assert (status, page) == (200, "<html><body><p>Hi.</p></body></html>")
        assert _get(f"{site.base}/transport/gone.html")[0] == 404
        assert _get(f"{site.base}/robots.txt")[0] == 404


def _rows(triplets, *, failures=(), docs=None, versions=None, removals=()):
    docs = docs or {"d1": "https://a.example/x/mine-permit.html", "d2": "https://a.example/x/short.html"}
    return {"docs": docs, "versions": versions or {d: 1 for d in docs}, "triplets": list(triplets),
            "failures": list(failures), "removals": list(removals)}


LABELS = {"lang": "en", "articles": [
    {"day": "day1", "file": "mine-permit.html", "kind": "article",
     "facts": [["Halvorsen Mining", "receive", "permit", "asserted"],
               ["Halvorsen Mining", "open", "mine", "planned"],
               ["regulator", "approve", "expansion", "negated"]],
     "must_not_appear": ["Staff Reporter", "Thu"]},
    {"day": "day2", "file": "mine-permit.html", "facts": [["Ana Roth", "chief executive of", "Halvorsen Mining",
                                                            "asserted"]]},
    {"day": "day1", "file": "short.html", "kind": "short", "facts": []},
    {"day": "day1", "file": "junk.html", "kind": "junk", "facts": []},
]}


def test_scoring_counts_recall_modality_precision_and_leaks():
    rows = _rows([
        ("d1", "Halvorsen Mining", "receive", "mining permit", "asserted", "s"),
        ("d1", "Halvorsen Mining", "open", "new mine", "asserted", "s"),        # a plan stated as done
        ("d1", "Ana Roth", "chief executive of", "Halvorsen Mining", "asserted", "s"),
        ("d1", "Thu", "approve", "stadium", "asserted", "s"),                  # chrome became a fact
        ("d1", "Halvorsen Mining", "hire", "Thurston Lee", "asserted", "s"),   # "Thu" inside a word is no leak
    ], failures=[("crawl", "https://a.example/x/junk.html", "repeated paragraphs: 800 of 800 alike")])
    out = score_site("en", rows, LABELS, details=True)
    assert out["gold_facts"] == 4
    assert out["recall"] == 0.75                        # the negated approval is missed
    assert out["recall_modality"] == 0.5
    assert out["non_asserted_as_asserted"]["planned"] == 1
    assert out["precision"] == 0.6                      # 3 of the page's 5 triplets match a key fact
    assert out["chrome_or_injection_in_triplets"] == 1
    assert out["leaks"] == ["mine-permit.html: Thu | approve | stadium (contains 'Thu')"]
    assert out["per_article"] == {"mine-permit.html": "3/4"}
    assert out["acceptance"] == {"short_stored": 1, "short": 1, "junk_refused": 1, "junk": 1,
                                 "injection_recorded": 0, "injection": 0}
    assert any("regulator | approve | expansion [negated]" in m for m in out["misses"])


def test_junk_stored_as_a_document_is_not_refused():
    docs = {"d1": "https://a.example/x/mine-permit.html", "d3": "https://a.example/x/junk.html"}
    out = score_site("en", _rows([], docs=docs), LABELS)
    assert out["acceptance"]["junk_refused"] == 0
    assert out["acceptance"]["short_stored"] == 0
    assert out["recall"] == 0.0


def test_day2_lists_changed_removed_and_new_pages():
    before = _rows([], docs={"d1": "https://a.example/x/a.html", "d2": "https://a.example/x/b.html",
                             "d3": "https://a.example/x/c.html"})
    after = _rows([], docs={**before["docs"], "d4": "https://a.example/x/d.html"},
                  versions={"d1": 2, "d2": 1, "d3": 1, "d4": 1}, removals=[("d3", "http 404")])
    assert _day2(before, after) == {"changed_pages": ["a.html"], "removed_pages": ["c.html"],
                                    "new_pages": ["d.html"]}


def _bundled_sites():
    from bench.bench_site import BENCH, SITE_SETS

    return [BENCH / name / lang for name in SITE_SETS for lang in ("en", "ru") if (BENCH / name / lang).is_dir()]


@pytest.mark.parametrize("site", _bundled_sites(), ids=lambda p: f"{p.parent.name}-{p.name}")
def test_bundled_site_labels_name_their_pages(site):
    """Every labelled file exists in the day it is labelled for, and labels are well formed."""
    from bench.bench_site import load_labels

    labels = load_labels(site.name, site.parent)
    assert labels["lang"] == site.name
    assert labels["articles"]
    for article in labels["articles"]:
        day = article.get("day", "day1")
        assert (site / day / "articles" / article["file"]).is_file(), (day, article["file"])
        for fact in article.get("facts", []):
            assert len(fact) == 4 and fact[3] in {"asserted", "planned", "possible", "negated", "conditional"}, fact


def test_russian_words_match_on_any_normal_form_and_hyphenated_names_part_by_part():
    # «вину» and «вина» are one noun (the first parse of «вина» is «вино»); a hyphenated name is
    # declined inside («Кедр-Мебели» is «Кедр-Мебель»)
    from types import SimpleNamespace

    from bench.bench_triplets import _matches

    gold = {"subject": "бывший бухгалтер", "relation": "признать", "object": "вину", "modality": "negated"}
    pred = SimpleNamespace(subject="бывший бухгалтер", relation="признать", object="вина")
    assert _matches(gold, pred, "ru")
    gold = {"subject": "Ирина Белова", "relation": "директор", "object": "Кедр-Мебели", "modality": "asserted"}
    assert _matches(gold, SimpleNamespace(subject="Ирина Белова", relation="директор", object="фабрика «Кедр-Мебель»"), "ru")
    assert not _matches(gold, SimpleNamespace(subject="Ирина Белова", relation="директор", object="Кедр-Дом"), "ru")
    assert not _matches(gold, SimpleNamespace(subject="Ирина Белова", relation="купить", object="Кедр-Мебель"), "ru")


def test_a_negation_written_into_the_gold_relation_is_the_modalitys_not_a_relation_word():
    # a label «не поддержать» and a triplet «поддержать» [negated] are one fact; the verb still has to match
    from types import SimpleNamespace

    from bench.bench_triplets import _matches

    gold = {"subject": "депутаты", "relation": "не поддержать", "object": "поправку", "modality": "negated"}
    assert _matches(gold, SimpleNamespace(subject="депутаты", relation="поддержать", object="поправка"), "ru")
    assert not _matches(gold, SimpleNamespace(subject="депутаты", relation="отклонить", object="поправка"), "ru")
    gold = {"subject": "перевозчик", "relation": "не продлевать линию до", "object": "Мензелинска", "modality": "negated"}
    assert _matches(gold, SimpleNamespace(subject="перевозчик", relation="продлевать линию до", object="Мензелинск"), "ru")
    assert not _matches(gold, SimpleNamespace(subject="перевозчик", relation="продлевать до", object="Мензелинск"), "ru")
    gold = {"subject": "the council", "relation": "not approve", "object": "the plan", "modality": "negated"}
    assert _matches(gold, SimpleNamespace(subject="council", relation="approve", object="plan"), "en")
