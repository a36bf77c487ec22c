"""The bundled demo inputs: data/demo/news/{en,ru}/day{1,2,3} and data/wikidata/sample.json.bz2.

Fast, file-level checks (no pipeline code): feeds parse, every link has its page, the
volumes and day-to-day edits the daily flow relies on are there, the windows-1251 page
declares its charset, the Wikidata sample loads with qwikidata, and both generator
scripts still reproduce the committed files byte for byte.
"""
from __future__ import annotations

import re
import subprocess
import sys
from email.utils import parsedate_to_datetime
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import feedparser
import pytest

ROOT = Path(__file__).resolve().parent.parent
NEWS = ROOT / "data" / "demo" / "news"
DUMP = ROOT / "data" / "wikidata" / "sample.json.bz2"
LANGS = ("en", "ru")
DAYS = (1, 2, 3)
DATES = {1: "2026-11-16", 2: "2026-11-17", 3: "2026-11-18"}
CP1251_PAGE = NEWS / "ru" / "day1" / "articles" / "zvonareva-priboy.html"


# --------------------------------------------------------------------------- helpers


class _Page(HTMLParser):
    """Just enough of an article page: lang, <title>, metas, canonical, <h1>/<p> in <article>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = None
        self.metas: dict[str, str] = {}
        self.canonical = None
        self.title = ""
        self.h1 = ""
        self.paragraphs: list[str] = []
        self._in: list[str] = []
        self._article = 0
        self._buf: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        elif tag == "meta":
            key = a.get("name") or a.get("property") or ("charset" if "charset" in a else None)
            if key:
                self.metas[key] = a.get("content") if key != "charset" else a["charset"]
        elif tag == "link" and a.get("rel") == "canonical":
            self.canonical = a.get("href")
        elif tag == "article":
            self._article += 1
        elif tag in ("title", "h1", "p"):
            self._in.append(tag)
            self._buf = []

    def handle_endtag(self, tag):
        if tag == "article":
            self._article -= 1
        elif self._in and tag == self._in[-1]:
            self._in.pop()
            text = "".join(self._buf or []).strip()
            if tag == "title":
                self.title = text
            elif tag == "h1" and self._article:
                self.h1 = text
            elif tag == "p" and self._article:
                self.paragraphs.append(text)
            self._buf = None

    def handle_data(self, data):
        if self._buf is not None:
            self._buf.append(data)


def _declared_charset(raw: bytes) -> str:
    m = re.search(rb'<meta\s+charset="([^"]+)"', raw[:1024], re.I)
    return m.group(1).decode("ascii").lower() if m else "utf-8"


def parse_page(path: Path) -> _Page:
    raw = path.read_bytes()
    page = _Page()
    page.feed(raw.decode(_declared_charset(raw)))
    return page


def feeds(lang: str, day: int) -> list[Path]:
    return sorted((NEWS / lang / f"day{day}").glob("feed*.xml"))


def entries(lang: str, day: int) -> list[tuple[Path, feedparser.FeedParserDict]]:
    out = []
    for feed in feeds(lang, day):
        for entry in feedparser.parse(feed.read_bytes()).entries:
            out.append((feed, entry))
    return out


def article_path(lang: str, day: int, link: str) -> Path:
    return NEWS / lang / f"day{day}" / "articles" / urlsplit(link).path.rsplit("/", 1)[-1]


def history(lang: str) -> dict[str, dict[int, Path]]:
    """link -> {day: page file} for every day whose feeds list the link."""
    out: dict[str, dict[int, Path]] = {}
    for day in DAYS:
        for _feed, entry in entries(lang, day):
            out.setdefault(entry.link, {})[day] = article_path(lang, day, entry.link)
    return out


def classify(lang: str, day: int) -> dict[str, list[str]]:
    """The links of one day: new (first seen), edited (seen before, page text changed),
    unchanged (seen before, page byte-identical to the previous version)."""
    hist = history(lang)
    kinds: dict[str, list[str]] = {"new": [], "edited": [], "unchanged": []}
    for link, versions in hist.items():
        if day not in versions:
            continue
        earlier = [d for d in versions if d < day]
        if not earlier:
            kinds["new"].append(link)
            continue
        before = versions[max(earlier)]
        if before.read_bytes() == versions[day].read_bytes():
            kinds["unchanged"].append(link)
        else:
            kinds["edited"].append(link)
    return kinds


# --------------------------------------------------------------------------- feeds and files


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("day", DAYS)
def test_feeds_parse_and_links_resolve(lang, day):
    folder = NEWS / lang / f"day{day}"
    found = feeds(lang, day)
    assert 1 <= len(found) <= 2 and {f.name for f in found} <= {"feed.xml", "feed2.xml"}
    names: dict[str, str] = {}
    for feed in found:
        parsed = feedparser.parse(feed.read_bytes())
        assert not parsed.bozo, f"{feed}: {parsed.get('bozo_exception')}"
        assert parsed.version == "rss20"
        channel = parsed.feed
        assert channel.title and channel.language.lower().startswith(lang)
        assert re.fullmatch(r"https://[a-z0-9.-]+\.example/", channel.link)
        assert parsed.entries
        for entry in parsed.entries:
            assert entry.title and entry.description
            assert entry.id == entry.link, "guid is the permalink"
            assert entry.get("author"), f"{entry.link}: no author/dc:creator"
            host = urlsplit(entry.link).hostname
            assert host.endswith(".example") and host == urlsplit(channel.link).hostname
            assert parsedate_to_datetime(entry.published).isoformat()[:10] in DATES.values()
            path = article_path(lang, day, entry.link)
            assert path.is_file(), f"{entry.link} -> missing {path.relative_to(ROOT)}"
            assert names.setdefault(path.name, entry.link) == entry.link, f"two links map to {path.name}"
    on_disk = {p.name for p in (folder / "articles").iterdir()}
    assert on_disk == set(names), f"pages no feed links to: {sorted(on_disk - set(names))}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("day", DAYS)
def test_article_pages_are_complete(lang, day):
    for _feed, entry in entries(lang, day):
        path = article_path(lang, day, entry.link)
        raw = path.read_bytes()
        page = parse_page(path)
        assert page.lang == lang, path
        assert page.metas.get("charset"), f"{path}: no <meta charset>"
        assert page.title.startswith(entry.title), path
        assert page.metas.get("author") and page.metas["author"] in entry.author, path
        published = page.metas.get("article:published_time", "")
        assert re.fullmatch(r"2026-11-1[678]T\d\d:\d\d:\d\dZ", published), path
        assert published[:10] == parsedate_to_datetime(entry.published).isoformat()[:10]
        assert page.canonical == entry.link
        assert page.h1 == entry.title
        assert 4 <= len(page.paragraphs) <= 8, f"{path}: {len(page.paragraphs)} paragraphs"
        assert all(len(p) > 20 for p in page.paragraphs)
        # page furniture the text extractor has to remove
        for marker in (b"<header", b"<nav", b"<footer", b'class="sidebar"', b'class="related"'):
            assert marker in raw, f"{path}: no {marker!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_volumes(lang):
    day1, day2, day3 = (classify(lang, d) for d in DAYS)
    assert len(day1["new"]) >= 20 and not day1["edited"] and not day1["unchanged"]
    assert len(day2["new"]) >= 6 and len(day2["edited"]) >= 3
    assert len(day3["new"]) >= 6 and len(day3["edited"]) >= 2
    assert len(history(lang)) >= 32
    # new articles of a day were published that day
    for day, kinds in zip(DAYS, (day1, day2, day3)):
        for link in kinds["new"]:
            page = parse_page(article_path(lang, day, link))
            assert page.metas["article:published_time"].startswith(DATES[day]), link


@pytest.mark.parametrize("lang", LANGS)
def test_later_days_edit_day1_articles(lang):
    hist = history(lang)
    for day, minimum in ((2, 3), (3, 2)):
        edited = classify(lang, day)["edited"]
        day1_edits = [link for link in edited if 1 in hist[link]]
        assert len(day1_edits) >= minimum
        for link in edited:
            prev_day = max(d for d in hist[link] if d < day)
            old = parse_page(hist[link][prev_day])
            new = parse_page(hist[link][day])
            assert new.canonical == old.canonical == link
            added = [p for p in new.paragraphs if p not in old.paragraphs]
            assert added, f"{link}: day {day} adds or changes no paragraph"
            assert new.metas.get("article:modified_time", "").startswith(DATES[day])
    # an appended "Update:" paragraph and a corrected figure, in each language
    update = {"en": "Update:", "ru": "Обновление:"}[lang]
    day2_pages = [parse_page(hist[link][2]) for link in classify(lang, 2)["edited"]]
    assert any(p.startswith(update) for page in day2_pages for p in page.paragraphs)
    figures = lambda text: set(re.findall(r"\d+(?:[.,]\d+)?", text))  # noqa: E731
    corrected = False
    for link in classify(lang, 2)["edited"]:
        old, new = parse_page(hist[link][1]), parse_page(hist[link][2])
        for a, b in zip(old.paragraphs, new.paragraphs):
            if a != b and figures(a) != figures(b):
                corrected = True
    assert corrected, "no day-1 figure corrected on day 2"


@pytest.mark.parametrize("lang", LANGS)
def test_day2_lists_an_unchanged_day1_article(lang):
    unchanged = classify(lang, 2)["unchanged"]
    assert unchanged, "day 2 should re-list one day-1 article with identical content"
    assert all(1 in history(lang)[link] for link in unchanged)


def test_cp1251_page():
    raw = CP1251_PAGE.read_bytes()
    assert b'<meta charset="windows-1251">' in raw
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    text = raw.decode("windows-1251")
    assert "Алина Звонарёва" in text and "«Прибой»" in text
    linked = [e.link for _f, e in entries("ru", 1)]
    assert any(link.endswith("/zvonareva-priboy.html") for link in linked)
    # the only non-UTF-8 page
    others = [p for p in NEWS.rglob("*.html") if p != CP1251_PAGE]
    for path in others:
        assert _declared_charset(path.read_bytes()) == "utf-8", path
        path.read_bytes().decode("utf-8")


# --------------------------------------------------------------------------- wikidata sample


def _load_dump():
    from qwikidata.entity import WikidataItem, WikidataProperty
    from qwikidata.json_dump import WikidataJsonDump

    items, props = {}, {}
    for entity in WikidataJsonDump(str(DUMP)):
        if entity["type"] == "item":
            items[entity["id"]] = WikidataItem(entity)
        else:
            props[entity["id"]] = WikidataProperty(entity)
    return items, props


def test_wikidata_sample_loads_with_qwikidata():
    lines = __import__("bz2").open(DUMP, "rt", encoding="utf-8").read().split("\n")
    assert lines[0] == "[" and lines[-2] == "]" and lines[-1] == ""
    assert all(line.endswith(",") for line in lines[1:-3]) and not lines[-3].endswith(",")

    items, props = _load_dump()
    assert 40 <= len(items) <= 80 and 10 <= len(props)
    for entity in [*items.values(), *props.values()]:
        assert entity.get_label("en") and entity.get_label("ru"), entity.entity_id
        assert entity.get_description("en") and entity.get_description("ru"), entity.entity_id
        for group in entity.get_claim_groups().values():
            for claim in group:
                assert claim.mainsnak.snaktype == "value" and claim.mainsnak.datavalue is not None
    for pid in ("P17", "P131", "P159", "P169", "P112", "P127", "P54", "P108", "P1056", "P2139"):
        prop = props[pid]
        assert prop.get_aliases("en") and prop.get_aliases("ru"), pid
    # real ids for real places, a high range for invented entities
    assert items["Q1055"].get_label("en") == "Hamburg" and items["Q649"].get_label("ru") == "Москва"
    invented = [qid for qid in items if int(qid[1:]) >= 990_000_000]
    assert len(invented) >= 20


def test_wikidata_sample_holds_facts_the_news_repeat():
    items, _props = _load_dump()

    def values(qid: str, pid: str) -> list:
        group = items[qid].get_truthy_claim_groups().get(pid, [])
        out = []
        for claim in group:
            value = claim.mainsnak.datavalue.value
            out.append(value["id"] if isinstance(value, dict) and "id" in value else value)
        return out

    by_label = {item.get_label("en"): qid for qid, item in items.items()}
    hl, hamburg = by_label["Harbour Logistics"], by_label["Hamburg"]
    assert values(hl, "P159") == [hamburg]
    assert values(hl, "P169") == [by_label["Maria Kovacs"]]
    assert values(by_label["Baltic Shipyards"], "P159") == [by_label["Kaliningrad"]]
    assert values(by_label["Baltic Shipyards"], "P169") == [
        qid for qid, item in items.items()
        if item.get_label("ru") == "Андрей Соколов" and "судостроитель" in item.get_description("ru")
    ]
    # the sentences that state them are in the news
    text = {lang: " ".join(p.read_text(encoding="utf-8", errors="replace") for p in (NEWS / lang).rglob("*.html"))
            for lang in LANGS}
    assert "Harbour Logistics is headquartered in Hamburg." in text["en"]
    assert "Maria Kovacs is the chief executive of Harbour Logistics." in text["en"]
    assert "Штаб-квартира компании «Балтийские верфи» находится в Калининграде." in text["ru"]
    # homonyms for the linker to tell apart
    ru_labels = [item.get_label("ru") for item in items.values()]
    assert ru_labels.count("Маяк") == 2 and ru_labels.count("Андрей Соколов") == 2


# --------------------------------------------------------------------------- generators


@pytest.mark.parametrize("script", ["build_demo.py", "build_wikidata_sample.py"])
def test_generators_reproduce_committed_files(script):
    result = subprocess.run(
        [sys.executable, str(ROOT / "data" / "demo" / script), "--check"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
