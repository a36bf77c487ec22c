"""Page text, cleaning: a paragraph of the extracted body that is page chrome, not the article's
own text, is removed or cut (``clean_paragraph``, ``clean_paragraphs``).

What a reader skips is not article text: the byline and dateline, photo captions and
credits, share/subscribe/"read more" lines (whatever symbol or emoji opens them: "→ По теме:"),
ads by their legal marking ("erid: ..."), boxes of labelled page facts ("Источник: | ...",
"Просмотры: | 1208"), press contacts and keyword lines, the title repeated at the top, and site
boilerplate repeated on many pages of one source (the last one is learnt across the pages
of a crawl, ``strip_site_boilerplate``). Left in, they make a byline-only change a
changed document, turn "Thu" into an entity that "approved a stadium", and put garbage
into questions. Injected text (``benchmill.injection``) goes too, recorded with a reason.

Bylines and datelines are read in ``page_text_bylines``; paragraphs repeated across a source's
pages in ``page_text_boilerplate``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from benchmill.injection import INSTRUCTION, MARKUP, injection_reason
from tasks.dragon.diff import normalise_text
from tasks.dragon.page_text_accept import _WORD
from tasks.dragon.page_text_bylines import OPENING_PARAGRAPHS, _meta_prefix_length, strip_dateline

_CAPTION = re.compile(
    r"^\(?\s*(?:photo(?:graph)?s?|image|picture|pictured|credit|photo credit|illustration|video|source: photo|"
    r"фото|фотография|снимок|иллюстрация|видео|источник фото|кадр)\s*(?:credit\s*)?[:：/]", re.IGNORECASE)
_TRAILING_CREDIT = re.compile(
    r"\s*[(\[]?\s*(?:photo|image|credit|фото|иллюстрация)\s*:\s*[^()\[\].]{1,60}[)\]]?\s*$", re.IGNORECASE)
_FURNITURE = re.compile(
    r"^(?:share(?: this)?(?: story| article| on \w+)?|share|tweet|email|print|comments?(?: \(\d+\))?|advertisement|"
    r"ad|sponsored|read more|read also|read next|read more (?:about|on) [^.]{1,80}|more on this story|related(?: stories| articles)?|see also|"
    r"continue reading|skip advertisement|follow us(?: on \w+)?|sign up(?: for [^.]{0,60})?|subscribe(?: [^.]{0,60})?|"
    r"newsletters?|enter your e-?mail(?: address)?|рассылка|"
    r"читайте также|читать также|читать далее|подробнее|по теме|реклама|поделиться|подписывайтесь[^.]{0,80}|"
    r"подпишитесь[^.]{0,80}|комментарии(?: \(\d+\))?|смотрите также|следите за новостями[^.]{0,80}|"
    r"(?:read more|read also|see also|related|читайте также|по теме|смотрите также)\s*[:›»→|-]\s*.{1,150})"
    r"\s*[:.!…>»→]*\s*$",
    re.IGNORECASE,
)
_FURNITURE_ANYWHERE = re.compile(
    r"subscribe to our (?:newsletter|channel)|sign up for our (?:newsletter|daily)|read the full (?:story|article)|"
    r"follow us on (?:facebook|twitter|x|telegram|instagram)|подписывайтесь на наш|подпишитесь на наш|"
    r"читайте нас в (?:telegram|телеграм|дзен)|all rights reserved|все права защищены|"
    # a newsletter box: "Get the day's top stories delivered to your inbox", "Sign up to the Morning
    # Quay, our free newsletter", "Newsletter: ...", "Подпишитесь на нашу рассылку"
    r"\b(?:in|to|into) your (?:e-?mail )?inbox\b|\bour (?:[\w'’-]+ ){0,2}newsletters?\b|"
    r"\bsign up (?:to|for) [^.]{0,60}\bnewsletter|\benter your e-?mail\b|^newsletter\s*:|"
    r"подпиш\w+ на (?:нашу |наши )?(?:рассылк|новостн)|на (?:вашу )?(?:электронную )?почту каждый",
    re.IGNORECASE,
)


#: what a page puts in front of a furniture line: "→ По теме: ...", "👉 Подписывайтесь ...", "► Read more"
_LEADING_SYMBOLS = re.compile(r"^[^\w«\"“„'(\[]+", re.UNICODE)
#: a subscribe call that opens a short paragraph, whatever the channel's name ("Подписывайтесь на
#: НН.Сейчас в Telegram ...", "Follow Harbour News on X"): the site's promo, not the story
_PROMO_CALL = re.compile(
    r"^(?:подписывайтесь|подпишитесь|следите за нами|читайте нас|присоединяйтесь к нам|subscribe to|follow us|"
    r"join us on)\b", re.IGNORECASE)
#: the Russian advertising law's marking ("erid: Kra23dQw1Yp", an advertiser's ИНН after "Реклама"):
#: an ad, whatever it says
_AD_MARKING = re.compile(r"\berid\s*[:：]\s*\w|^реклама\b.{0,300}\bинн\s*\d{10,12}\b", re.IGNORECASE | re.DOTALL)
#: a labelled line of the page's furniture: "Ключевые слова: ...", "Теги: ...", "Tags: ..."
_LABEL_FURNITURE = re.compile(
    r"^(?:ключевые слова|теги|метки|рубрик[аи]|tags|keywords|topics|filed under)\s*[:：]", re.IGNORECASE)
#: a line that gives a way to reach someone: an e-mail address or a phone number
_CONTACT = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+|\+\d[\d\s()-]{8,}\d|\b8[\s(-]*800[\s)-]*\d")
#: a label ending in a colon at the start of a line ("Контакты для СМИ:", "Источник:", "Просмотры:")
_LINE_LABEL = re.compile(r"^[^\W\d_][\w .-]{0,40}?[:：]\s*(?:\||$)|^[^\W\d_][\w .-]{0,40}?[:：]", re.UNICODE)


def _is_info_box(text: str) -> bool:
    """A box of labelled page facts, one per line or table row: "Источник: | пресс-служба ...",
    "Опубликовано:", "Редактор раздела: | ...", "Просмотры: | 1208". Every line opens with a short
    label and a colon, and is short: the page's metadata, not the article's sentences."""
    rows = [row.strip() for row in text.split("\n") if row.strip()]
    if not rows:
        return False
    for row in rows:
        label = re.match(r"^([^\W\d_][\w .-]{0,30}?)[:：]\s*(\|\s*)?(.*)$", row, re.UNICODE)
        if label is None or len(label.group(1).split()) > 3 or len(_WORD.findall(label.group(3))) > 10:
            return False
        if "|" not in row and label.group(3) and len(rows) == 1:
            return False  # one "Label: value" line is a sentence's shape too ("Итог: ...")
    return True


def _is_contact_line(text: str) -> bool:
    """A short labelled line with an e-mail address or a phone number: "Контакты для СМИ: Ирина
    Савчук, +7 (4822) 00-01-20, press@...", "Media contact: ...". Who to call, not news."""
    return len(text) <= 300 and bool(_CONTACT.search(text)) and bool(_LINE_LABEL.match(text))


def _strip_glued_title(paragraph: str, title: str) -> str:
    """A paragraph that starts with the title followed by more text (title, byline and body
    glued together by the page's markup): the title is cut off."""
    if not title:
        return paragraph
    norm_title = normalise_text(title)
    norm_par = normalise_text(paragraph)
    if norm_par != norm_title and norm_par.startswith(norm_title + " ") and paragraph.startswith(title):
        return paragraph[len(title):].lstrip(" ·|•:—–-")
    return paragraph


def clean_paragraph(paragraph: str, *, title: str = "", first: bool = False, opening: bool | None = None) -> tuple[str, str | None]:
    """(cleaned paragraph, None) or ("", reason code) when the whole paragraph goes.

    ``first``: the paragraph opens the article body (a glued title and a leading byline are
    looked for only there, and in the paragraph right after a dropped one). ``opening``: it is
    one of the body's first ``OPENING_PARAGRAPHS`` (default: ``first``); a dateline with no date
    is looked for there, since a standfirst often comes before the paragraph that carries it.
    """
    opening = first if opening is None else opening
    text = paragraph.strip()
    if first:
        text = _strip_glued_title(text, title)
    if title and normalise_text(text) == normalise_text(title):
        return "", "title"
    if (reason := injection_reason(text)) is not None:
        return "", reason
    if _CAPTION.match(text):
        return "", "caption"
    bare = _LEADING_SYMBOLS.sub("", text)  # "→ По теме: ...", "👉 Подписывайтесь ..."
    if len(text) <= 200 and (_FURNITURE.match(bare) or _FURNITURE_ANYWHERE.search(bare) or _PROMO_CALL.match(bare)):
        return "", "furniture"
    if len(text) <= 500 and _AD_MARKING.search(bare):
        return "", "advertisement"
    if len(text) <= 300 and (_LABEL_FURNITURE.match(bare) or _is_contact_line(bare) or _is_info_box(text)):
        return "", "page info"  # its own reason: the short lead before an info box is no box heading
    if prefix := _meta_prefix_length(text):
        text = text[prefix:].lstrip(" ·|•,—–-:")
        if not text:
            return "", "byline"
    text = strip_dateline(text, opening)
    text = _TRAILING_CREDIT.sub("", text) if len(text) > 40 else text
    return (text, None) if text else ("", "byline")


@dataclass(frozen=True)
class CleanText:
    paragraphs: list[str]
    #: (reason, paragraph) for what was removed as injected text (recorded by the crawl)
    injected: list[tuple[str, str]]


def clean_paragraphs(paragraphs: list[str], title: str = "") -> CleanText:
    """The article's own paragraphs: bylines, datelines, captions, page furniture and the
    repeated title removed; injected text removed and returned with its reason."""
    kept: list[str] = []
    injected: list[tuple[str, str]] = []
    heading_before = False  # the last kept paragraph reads as a heading ("The Morning Quay", "More port news")
    for paragraph in paragraphs:
        text, reason = clean_paragraph(paragraph, title=title, first=not kept, opening=len(kept) < OPENING_PARAGRAPHS)
        if reason is not None and reason.startswith((INSTRUCTION, MARKUP)):
            injected.append((reason, paragraph))
        if reason == "furniture" and heading_before:
            kept.pop()  # a box's heading goes with the box
        if text:
            kept.append(text)
        heading_before = bool(text) and _is_heading_like(text)
    return CleanText(kept, injected)


def _is_heading_like(text: str) -> bool:
    """A short line that is no sentence: a crosshead or a box title."""
    return "\n" not in text and len(_WORD.findall(text)) <= 6 and not re.search(r"[.!?…:;,][\"'»”)]*$", text)
