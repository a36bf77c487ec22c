"""Page text, step 2: the page's HTML tree before trafilatura reads it: parsing, the declared
canonical URL, and the repairs that keep trafilatura from losing or adding text (a heading's
glued tail, an ad box's copy).

Part of the page pipeline of ``tasks/dragon/page_text.py`` (``extract_article``). Pure compute.
"""
from __future__ import annotations

import re

import lxml.etree
import lxml.html

from tasks.dragon.diff import tidy_whitespace
from tasks.dragon.urls import _resolve, _same_site, canonical_url


def _parse_html(markup: str) -> lxml.html.HtmlElement | None:
    try:
        return lxml.html.fromstring(markup)
    except (lxml.etree.ParserError, ValueError):
        return None


def _declared_canonical(tree: lxml.html.HtmlElement | None, url: str) -> str | None:
    """The page's ``<link rel=canonical>`` when it is an http(s) URL on the same site.

    A canonical link to another site (syndicated copy) is ignored: the article is
    tracked where it was crawled.
    """
    if tree is None:
        return None
    for link in tree.iter("link"):
        rel = (link.get("rel") or "").lower().split()
        href = link.get("href") or ""
        if "canonical" in rel and href.strip():
            target = _resolve(url, href)
            if target is not None and _same_site(target, url):
                return canonical_url(target)
            return None
    return None


_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
_INLINE = frozenset("a abbr b br cite code em i mark q s small span strong sub sup time u".split())


def _unglue_heading_tails(tree: lxml.html.HtmlElement) -> bool:
    """Text right after a heading inside the same block (``<div><h1>Title</h1> By Staff Reporter ·
    Thu 19 Nov ... LONDON - The lead sentence ...</div>``) becomes a paragraph of its own, with the
    inline elements that follow it: trafilatura drops a heading's tail, and with it the byline and
    the article's lead sentence. True when the tree changed."""
    changed = False
    for heading in list(tree.iter(*_HEADINGS)):
        if not (heading.tail and heading.tail.strip()) or heading.getparent() is None:
            continue
        paragraph = lxml.html.Element("p")
        paragraph.text, heading.tail = heading.tail, None
        while (following := heading.getnext()) is not None and isinstance(following.tag, str) \
                and following.tag.lower() in _INLINE:
            paragraph.append(following)  # moves it, its tail with it
        heading.addnext(paragraph)
        changed = True
    return changed


#: the label an ad box opens with ("Advertisement", "ADVERTISEMENT · Pentref Motors ...", "Реклама"):
#: the box is the advertiser's copy, whatever its markup calls it
_AD_BOX_LABEL = re.compile(
    r"^\W*(?:advertisement|advert|sponsored(?: content)?|paid (?:content|post)|реклама|на правах рекламы)\s*(?:$|[·:|—–-])",
    re.IGNORECASE)
#: an ad box is short; a longer block that opens with the label is the page around it
_AD_BOX_CHARS = 400


def _drop_ad_boxes(tree: lxml.html.HtmlElement) -> bool:
    """Remove the blocks (div, aside, section, figure) whose first text is an ad label followed by the
    advertiser's copy (``<div class="inline-ad"><small>Advertisement</small><p>Birchwood Home
    Insurance: bundle home and auto ...</p></div>``): trafilatura keeps the copy as a paragraph of the
    story once the label line is dropped. An empty slot (the label alone) is left to trafilatura: taking
    it out can change which part of the page it reads as the story. True when the tree changed."""
    boxes = []
    for block in tree.iter("div", "aside", "section", "figure"):
        first = next((t for t in block.itertext() if t.strip()), None)
        if first is None or not _AD_BOX_LABEL.match(first.strip()) \
                or any(block in box.iterdescendants() for box in boxes):
            continue  # (the block's whole text is joined only for a labelled one: every div of a page is seen)
        if len(first.strip()) < len(tidy_whitespace(" ".join(block.itertext()))) <= _AD_BOX_CHARS:
            boxes.append(block)
    for box in boxes:
        box.drop_tree()  # keeps the text after it
    return bool(boxes)


def _inline_text(element: lxml.etree._Element) -> str:
    return tidy_whitespace("".join(element.itertext()))
