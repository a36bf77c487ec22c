"""Page text, across a source's pages (issue 10): paragraphs repeated on many pages of one crawl
are the site's ("Our journalism is funded by readers ...", a newsletter box, a standard
disclaimer), not the article's: removed, and a page they leave without an article rejected.
"""
from __future__ import annotations

import math
from collections import Counter

from schemas.documents import FetchedDocument
from tasks.dragon.diff import content_hash, normalise_paragraph, split_paragraphs
from tasks.dragon.page_text_accept import accept_article

#: a paragraph on at least this share of a source's pages in one crawl (and on at least
#: BOILERPLATE_MIN_PAGES of them) is the site's, not the article's: "Our journalism is
#: funded by readers ...", a newsletter box, a standard disclaimer
BOILERPLATE_SHARE = 0.3
BOILERPLATE_MIN_PAGES = 3


def site_boilerplate(texts: list[str]) -> set[str]:
    """Normalised paragraphs that repeat across the pages of one source's crawl."""
    if len(texts) < BOILERPLATE_MIN_PAGES:
        return set()
    counts = Counter(key for text in texts for key in {normalise_paragraph(p) for p in split_paragraphs(text)})
    threshold = max(BOILERPLATE_MIN_PAGES, math.ceil(BOILERPLATE_SHARE * len(texts)))
    return {key for key, count in counts.items() if count >= threshold}


def strip_site_boilerplate(docs: list[FetchedDocument]) -> tuple[list[FetchedDocument], list[tuple[FetchedDocument, str]]]:
    """``docs`` (one source's crawl) without the paragraphs repeated across its pages, and
    the documents that no longer make an article with their reason. A document whose only
    change since the last crawl is such boilerplate keeps its text, hash and so its
    version: it is unchanged."""
    boilerplate = site_boilerplate([d.text for d in docs])
    if not boilerplate:
        return docs, []
    kept: list[FetchedDocument] = []
    rejected: list[tuple[FetchedDocument, str]] = []
    for doc in docs:
        paragraphs = split_paragraphs(doc.text)
        own = [p for p in paragraphs if normalise_paragraph(p) not in boilerplate]
        if len(own) == len(paragraphs):
            kept.append(doc)
        elif reason := accept_article(own, doc.lang):
            rejected.append((doc, f"{reason} (after removing {len(paragraphs) - len(own)} paragraph(s) "
                                  f"repeated across the source's pages)"))
        else:
            text = "\n\n".join(own)
            kept.append(doc.model_copy(update={"text": text, "content_hash": content_hash(text)}))
    return kept, rejected
