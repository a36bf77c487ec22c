"""DRAGON diff stage: what is new in a document version, and the ids of documents/versions."""
from __future__ import annotations

import pytest

import tasks.dragon.crawl
from schemas import FetchedDocument
from tasks.dragon.diff import (
    content_hash,
    diff_document,
    document_id,
    normalise_text,
    paragraph_diff,
    split_paragraphs,
    version_id,
)

P1 = "The new bridge across the Elbe was opened on Sunday by the mayor."
P2 = "Construction cost 120 million euros and took three years, the council said."
P3 = "Residents had waited for a crossing since the old ferry line closed in 2019."
P4 = "Traffic on the bridge will be limited to buses and cyclists until August."
URL = "https://news.example.com/2024/05/12/bridge"


def doc(*paragraphs: str, text: str | None = None) -> FetchedDocument:
    body = text if text is not None else "\n\n".join(paragraphs)
    return FetchedDocument(source="test", url=URL, canonical_url=URL, lang="en", text=body,
                           content_hash=content_hash(body))


def test_crawl_and_diff_share_one_text_implementation():
    assert tasks.dragon.crawl.content_hash is content_hash
    assert tasks.dragon.crawl.normalise_text is normalise_text


def test_split_paragraphs_on_blank_lines_only():
    text = f"\n\n  {P1}  \n\n{P2}\n \n\n{P3}\n- item one\n- item two\n\n\n"
    assert split_paragraphs(text) == [P1, P2, f"{P3}\n- item one\n- item two"]
    assert split_paragraphs("   \n\n ") == []


def test_content_hash_ignores_formatting_but_not_content():
    base = content_hash(f"{P1}\n\n{P2}")
    assert content_hash(f"  {P1.replace(' ', '  ')}\n \n\n{P2}\u00ad\n") == base  # whitespace, soft hyphen
    assert content_hash(f"{P1}\n\n{P2}".replace("said.", "said\u2014.")) != base
    assert content_hash(f"{P1}\n\n{P2.replace('120', '125')}") != base
    assert content_hash(f"{P2}\n\n{P1}") != base  # order is part of the version
    assert len(base) == 64


def test_new_document_has_every_paragraph_new():
    result = diff_document(None, None, doc(P1, P2, P3))
    assert result.status == "new"
    assert result.new_paragraphs == [P1, P2, P3]


def test_unchanged_document_has_nothing_new():
    previous = doc(P1, P2, P3)
    result = diff_document(previous.content_hash, previous.text, doc(P1, P2, P3))
    assert (result.status, result.new_paragraphs) == ("unchanged", [])


def test_edited_paragraph_is_new_because_it_carries_the_corrected_fact():
    previous = doc(P1, P2, P3)
    corrected = P2.replace("120 million", "125 million")
    result = diff_document(previous.content_hash, previous.text, doc(P1, corrected, P3))
    assert (result.status, result.new_paragraphs) == ("changed", [corrected])


def test_appended_paragraph_is_the_only_new_one():
    previous = doc(P1, P2)
    result = diff_document(previous.content_hash, previous.text, doc(P1, P4, P2, P3))
    assert (result.status, result.new_paragraphs) == ("changed", [P4, P3])  # order of the new text


def test_reordered_paragraphs_are_not_new():
    previous = doc(P1, P2, P3)
    result = diff_document(previous.content_hash, previous.text, doc(P3, P1, P2))
    assert (result.status, result.new_paragraphs) == ("changed", [])


def test_typographic_and_whitespace_edits_are_not_new():
    previous = doc('He said "yes" - twice.', P1)
    new_text = f"He  said \u201cyes\u201d \u2013 twice.\n\n{P1}\n\n{P4}"
    assert paragraph_diff(previous.text, new_text) == [P4]


def test_known_hash_without_text_treats_everything_as_new():
    result = diff_document("0" * 64, None, doc(P1, P2))
    assert (result.status, result.new_paragraphs) == ("changed", [P1, P2])


def test_paragraph_repeated_in_new_text_is_returned_once():
    assert paragraph_diff(P1, f"{P4}\n\n{P1}\n\n{P4}") == [P4]


def test_ids_are_stable_short_and_distinct():
    doc_id = document_id(URL)
    assert doc_id == document_id(URL) and len(doc_id) == 16
    assert doc_id != document_id(URL + "/other")
    v1 = version_id(doc_id, content_hash(P1))
    assert v1 == version_id(doc_id, content_hash(P1)) and len(v1) == 16
    assert v1 != version_id(doc_id, content_hash(P2))
    assert v1 != version_id(document_id(URL + "/other"), content_hash(P1))


@pytest.mark.parametrize("previous", [None, ""])
def test_paragraph_diff_without_previous_text(previous):
    assert paragraph_diff(previous, f"{P1}\n\n{P2}") == [P1, P2]


def test_demo_days_diff_consistently():
    """Crawl two days of the bundled demo snapshot and diff them: the stages agree."""
    from benchmill import ROOT
    from benchmill.settings import CrawlSettings
    from schemas import SourceSpec
    from tasks.dragon.crawl import crawl_source

    def crawl_day(day: int) -> dict[str, FetchedDocument]:
        location = ROOT / "data" / "demo" / "news" / "en" / f"day{day}"
        result = crawl_source(SourceSpec(name="demo", kind="folder", location=str(location)), CrawlSettings())
        return {d.canonical_url: d for d in result.documents}

    day1, day2 = crawl_day(1), crawl_day(2)
    statuses = []
    for url, doc in day2.items():
        previous = day1.get(url)
        result = diff_document(previous and previous.content_hash, previous and previous.text, doc)
        statuses.append(result.status)
        if previous is None:
            assert result.status == "new" and result.new_paragraphs == split_paragraphs(doc.text)
            continue
        old = {normalise_text(p) for p in split_paragraphs(previous.text)}
        assert all(normalise_text(p) not in old for p in result.new_paragraphs)
        assert set(result.new_paragraphs) <= set(split_paragraphs(doc.text))
        assert (result.status == "unchanged") == (previous.content_hash == doc.content_hash)
    # day 2 both publishes new stories and updates some of day 1's
    assert {"new", "changed"} <= set(statuses)
