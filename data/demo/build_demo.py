"""Render the bundled demo news (data/demo/news/{en,ru}/day{1,2,3}) from content_*.py.

    python data/demo/build_demo.py            # rewrite data/demo/news
    python data/demo/build_demo.py --check    # exit 1 if the tree differs from a fresh render

The generated files are committed: they are the offline input that ``make run`` crawls.
Output is deterministic (no clocks, no randomness), so a re-run gives identical bytes.

Layout of one day folder (a "folder" source = an offline snapshot of two news sites):

    feed.xml   RSS 2.0 of site 1, feed2.xml RSS 2.0 of site 2
    articles/<slug>.html   the page each item's <link> points at (basename of the URL path)

Each day's feeds list that day's new articles, the day-1 articles edited that day (same
link and guid, new page content) and, on day 2, one day-1 article whose page is
byte-identical to day 1 (the diff must ignore it).
"""
from __future__ import annotations

import argparse
import filecmp
import html
import json
import shutil
import sys
import tempfile
from datetime import datetime, timezone
from email.utils import format_datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import content_en  # noqa: E402
import content_ru  # noqa: E402

OUT = HERE / "news"
DATES = {1: (2026, 11, 16), 2: (2026, 11, 17), 3: (2026, 11, 18)}
DAYS = (1, 2, 3)

UI = {
    "en": {
        "home": "Home",
        "related": "Related stories",
        "most_read": "Most read",
        "share": "Share this story",
        "by": "By",
        "updated": "Updated",
        "tags": "Topics",
        "comments": "Comments",
        "cookie": "We use cookies to improve your experience and to show relevant advertising. By continuing to browse you agree to our cookie policy.",
        "accept": "Accept",
        "newsletter": "Get the morning briefing in your inbox every weekday at 7am.",
        "subscribe": "Subscribe",
        "search": "Search",
        "footer_links": ["About us", "Contact", "Privacy policy", "Advertise", "Jobs"],
        "rights": "All rights reserved.",
        "months": ["January", "February", "March", "April", "May", "June", "July", "August",
                   "September", "October", "November", "December"],
        "date_fmt": "{d} {month} {y}, {hm}",
        "read_more": "Read more",
    },
    "ru": {
        "home": "Главная",
        "related": "Читайте также",
        "most_read": "Самое читаемое",
        "share": "Поделиться",
        "by": "Автор:",
        "updated": "Обновлено",
        "tags": "Темы",
        "comments": "Комментарии",
        "cookie": "Мы используем файлы cookie, чтобы сайт работал удобнее. Продолжая просмотр, вы соглашаетесь с политикой обработки данных.",
        "accept": "Понятно",
        "newsletter": "Подпишитесь на утреннюю рассылку: главные новости дня в 7:00.",
        "subscribe": "Подписаться",
        "search": "Поиск",
        "footer_links": ["О редакции", "Контакты", "Политика конфиденциальности", "Реклама", "Вакансии"],
        "rights": "Все права защищены. 18+",
        "months": ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
                   "сентября", "октября", "ноября", "декабря"],
        "date_fmt": "{d} {month} {y}, {hm}",
        "read_more": "Подробнее",
    },
}

SECTION_NAMES = {
    "en": {"business": "Business", "port": "Port", "culture": "Culture", "sport": "Sport",
           "news": "News", "autos": "Autos", "tech": "Tech"},
    "ru": {"ekonomika": "Экономика", "port": "Порт", "kultura": "Культура", "sport": "Спорт",
           "gorod": "Город", "avto": "Авто", "tehnologii": "Технологии"},
}

TAGS = {
    "en": {"business": ["Companies", "Deals"], "port": ["Port of Hamburg", "Shipping"],
           "culture": ["Music", "Concerts"], "sport": ["Football", "Transfers"],
           "news": ["City", "Infrastructure"], "autos": ["Carmakers", "Electric cars"],
           "tech": ["Start-ups", "Batteries"]},
    "ru": {"ekonomika": ["Компании", "Сделки"], "port": ["Порты", "Грузоперевозки"],
           "kultura": ["Музыка", "Концерты"], "sport": ["Футбол", "Трансферы"],
           "gorod": ["Город", "Строительство"], "avto": ["Автопром", "Электромобили"],
           "tehnologii": ["Стартапы", "Аккумуляторы"]},
}


# ----------------------------------------------------------------------------- model

def url_of(mod, art: dict) -> str:
    site = mod.SITES[art["site"]]
    return site["home"] + site["path"].format(section=art["section"], slug=art["slug"])


def when(day: int, hm: str) -> datetime:
    y, m, d = DATES[day]
    hh, mm = (int(x) for x in hm.split(":"))
    return datetime(y, m, d, hh, mm, tzinfo=timezone.utc)


def versions(art: dict) -> dict[int, list[str]]:
    """Paragraph list of the article as published on each day it appears (new or edited)."""
    paras = list(art["paras"])
    out = {art["day"]: list(paras)}
    for day in sorted(art.get("edits", {})):
        edit = art["edits"][day]
        for idx, text in edit.get("replace", {}).items():
            paras[idx] = text
        paras.extend(edit.get("append", []))
        out[day] = list(paras)
    return out


def validate(mod) -> None:
    slugs = [a["slug"] for a in mod.ARTICLES]
    dup = {s for s in slugs if slugs.count(s) > 1}
    assert not dup, f"{mod.LANG}: duplicate slugs {dup}"
    by_slug = {a["slug"]: a for a in mod.ARTICLES}
    for a in mod.ARTICLES:
        assert a["site"] in mod.SITES, a["slug"]
        assert url_of(mod, a).rsplit("/", 1)[1] == a["slug"] + ".html"
        assert 4 <= len(a["paras"]) <= 8, f"{a['slug']}: {len(a['paras'])} paragraphs"
        for day in a.get("edits", {}):
            assert day > a["day"], a["slug"]
    for day, slugs_ in mod.UNCHANGED.items():
        for s in slugs_:
            a = by_slug[s]
            assert a["day"] < day and day not in a.get("edits", {}), s


# ----------------------------------------------------------------------------- html

def esc(s: str) -> str:
    return html.escape(s, quote=True)


def human_date(lang: str, dt: datetime) -> str:
    ui = UI[lang]
    return ui["date_fmt"].format(d=dt.day, month=ui["months"][dt.month - 1], y=dt.year,
                                 hm=dt.strftime("%H:%M"))


def sidebar_links(mod, art: dict) -> tuple[list[dict], list[dict]]:
    """Related (same site, same section first) and most-read lists, fixed by first day."""
    pool = [a for a in mod.ARTICLES
            if a["site"] == art["site"] and a["day"] <= art["day"] and a["slug"] != art["slug"]]
    same = [a for a in pool if a["section"] == art["section"]]
    other = [a for a in pool if a["section"] != art["section"]]
    related = (same + other)[:4]
    most = [a for a in pool if a not in related][:3] or pool[:3]
    return related, most


def render_page(mod, art: dict, day: int, paras: list[str], charset: str) -> str:
    lang = mod.LANG
    ui = UI[lang]
    site = mod.SITES[art["site"]]
    url = url_of(mod, art)
    published = when(art["day"], art["time"])
    modified = when(day, art["edits"][day]["time"]) if day != art["day"] else None
    section = SECTION_NAMES[lang][art["section"]]
    related, most = sidebar_links(mod, art)
    iso = lambda dt: dt.strftime("%Y-%m-%dT%H:%M:%SZ")  # noqa: E731

    ld = {
        "@context": "https://schema.org",
        "@type": "NewsArticle",
        "headline": art["title"],
        "datePublished": iso(published),
        "author": {"@type": "Person", "name": art["author"]},
        "publisher": {"@type": "Organization", "name": site["name"]},
        "mainEntityOfPage": url,
        "inLanguage": lang,
    }
    if modified:
        ld["dateModified"] = iso(modified)

    L: list[str] = []
    a = L.append
    a("<!DOCTYPE html>")
    a(f'<html lang="{lang}">')
    a("<head>")
    a(f'<meta charset="{charset}">')
    a('<meta name="viewport" content="width=device-width, initial-scale=1">')
    a(f"<title>{esc(art['title'])} | {esc(site['name'])}</title>")
    a(f'<meta name="author" content="{esc(art["author"])}">')
    a(f'<meta name="description" content="{esc(art["description"])}">')
    a('<meta property="og:type" content="article">')
    a(f'<meta property="og:site_name" content="{esc(site["name"])}">')
    a(f'<meta property="og:title" content="{esc(art["title"])}">')
    a(f'<meta property="og:description" content="{esc(art["description"])}">')
    a(f'<meta property="og:url" content="{esc(url)}">')
    a(f'<meta property="article:published_time" content="{iso(published)}">')
    if modified:
        a(f'<meta property="article:modified_time" content="{iso(modified)}">')
    a(f'<meta property="article:section" content="{esc(section)}">')
    a(f'<meta property="article:author" content="{esc(art["author"])}">')
    a(f'<link rel="canonical" href="{esc(url)}">')
    a(f'<link rel="alternate" type="application/rss+xml" title="{esc(site["name"])}" href="{site["home"]}rss.xml">')
    a('<link rel="stylesheet" href="/static/css/site.css">')
    a('<script type="application/ld+json">' + json.dumps(ld, ensure_ascii=False) + "</script>")
    a("<script>window.dataLayer=window.dataLayer||[];function track(){dataLayer.push(arguments);}track('page','article');</script>")
    a("</head>")
    a(f'<body class="page-article section-{art["section"]}">')
    a(f'<div class="cookie-banner" role="dialog"><p>{esc(ui["cookie"])}</p><button type="button">{esc(ui["accept"])}</button></div>')
    a('<header class="site-header">')
    a(f'<a class="logo" href="{site["home"]}">{esc(site["name"])}</a>')
    a('<nav class="main-nav"><ul>')
    a(f'<li><a href="{site["home"]}">{esc(ui["home"])}</a></li>')
    for item in site["nav"]:
        a(f'<li><a href="{site["home"]}{esc(item.lower())}/">{esc(item)}</a></li>')
    a("</ul></nav>")
    a(f'<form class="search" action="{site["home"]}search" method="get"><input type="search" name="q" placeholder="{esc(ui["search"])}"><button type="submit">{esc(ui["search"])}</button></form>')
    a("</header>")
    a('<main class="layout">')
    a(f'<nav class="breadcrumbs"><a href="{site["home"]}">{esc(ui["home"])}</a> › <a href="{site["home"]}{art["section"]}/">{esc(section)}</a></nav>')
    a('<article class="story">')
    a(f'<h1 class="headline">{esc(art["title"])}</h1>')
    a('<div class="meta">')
    a(f'<span class="byline">{esc(ui["by"])} <a rel="author" href="{site["home"]}authors/">{esc(art["author"])}</a></span>')
    a(f'<time class="published" datetime="{iso(published)}">{esc(human_date(lang, published))}</time>')
    if modified:
        a(f'<span class="updated">{esc(ui["updated"])}: <time datetime="{iso(modified)}">{esc(human_date(lang, modified))}</time></span>')
    a("</div>")
    a('<div class="story-body">')
    for p in paras:
        a(f"<p>{esc(p)}</p>")
    a("</div>")
    a(f'<div class="tags"><span>{esc(ui["tags"])}:</span> '
      + " ".join(f'<a href="{site["home"]}tag/{i}/">{esc(t)}</a>' for i, t in enumerate(TAGS[lang][art["section"]]))
      + "</div>")
    a(f'<div class="share"><span>{esc(ui["share"])}</span> <a href="#">Facebook</a> <a href="#">X</a> <a href="#">Telegram</a> <a href="#">Email</a></div>')
    a(f'<a class="comments-link" href="{esc(url)}#comments">{esc(ui["comments"])} ({(len(art["slug"]) * 7) % 40})</a>')
    a("</article>")
    a('<aside class="sidebar">')
    a(f'<section class="related"><h2>{esc(ui["related"])}</h2><ul>')
    for r in related:
        a(f'<li><a href="{esc(url_of(mod, r))}">{esc(r["title"])}</a></li>')
    a("</ul></section>")
    a(f'<section class="most-read"><h2>{esc(ui["most_read"])}</h2><ol>')
    for r in most:
        a(f'<li><a href="{esc(url_of(mod, r))}">{esc(r["title"])}</a></li>')
    a("</ol></section>")
    a(f'<section class="newsletter"><p>{esc(ui["newsletter"])}</p><form><input type="email" name="email"><button type="submit">{esc(ui["subscribe"])}</button></form></section>')
    a("</aside>")
    a("</main>")
    a('<footer class="site-footer">')
    a("<ul>" + "".join(f'<li><a href="{site["home"]}{i}/">{esc(t)}</a></li>' for i, t in enumerate(ui["footer_links"])) + "</ul>")
    a(f"<p>© 2026 {esc(site['name'])}. {esc(ui['rights'])}</p>")
    a("</footer>")
    a("</body>")
    a("</html>")
    return "\n".join(L) + "\n"


# ----------------------------------------------------------------------------- rss

def render_feed(mod, site_key: str, day: int, items: list[tuple[dict, str]]) -> str:
    """items: (article, kind) with kind in new/edited/unchanged, newest first."""
    site = mod.SITES[site_key]
    build = when(day, "18:00")
    L: list[str] = []
    a = L.append
    a('<?xml version="1.0" encoding="UTF-8"?>')
    a('<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:atom="http://www.w3.org/2005/Atom">')
    a("<channel>")
    a(f"<title>{esc(site['feed_title'])}</title>")
    a(f"<link>{site['home']}</link>")
    a(f"<description>{esc(site['feed_description'])}</description>")
    a(f"<language>{site['language']}</language>")
    a(f"<lastBuildDate>{format_datetime(build)}</lastBuildDate>")
    a(f'<atom:link href="{site["home"]}rss.xml" rel="self" type="application/rss+xml"/>')
    a("<generator>benchmill demo builder</generator>")
    for art, _kind in items:
        url = url_of(mod, art)
        a("<item>")
        a(f"<title>{esc(art['title'])}</title>")
        a(f"<link>{esc(url)}</link>")
        a(f'<guid isPermaLink="true">{esc(url)}</guid>')
        a(f"<pubDate>{format_datetime(when(art['day'], art['time']))}</pubDate>")
        if site["creator_tag"] == "author":
            a(f"<author>{site['email']} ({esc(art['author'])})</author>")
        else:
            a(f"<dc:creator>{esc(art['author'])}</dc:creator>")
        a(f"<category>{esc(SECTION_NAMES[mod.LANG][art['section']])}</category>")
        a(f"<description>{esc(art['description'])}</description>")
        a("</item>")
    a("</channel>")
    a("</rss>")
    return "\n".join(L) + "\n"


# ----------------------------------------------------------------------------- build

def day_items(mod, day: int) -> list[tuple[dict, str]]:
    out = []
    for art in mod.ARTICLES:
        if art["day"] == day:
            out.append((art, "new"))
        elif day in art.get("edits", {}):
            out.append((art, "edited"))
        elif art["slug"] in mod.UNCHANGED.get(day, []):
            out.append((art, "unchanged"))
    return out


def sort_key(mod, day: int):
    def key(item):
        art, kind = item
        t = when(day, art["edits"][day]["time"]) if kind == "edited" else when(art["day"], art["time"])
        return t
    return key


def build(out: Path) -> dict:
    summary = {}
    for mod in (content_en, content_ru):
        validate(mod)
        for day in DAYS:
            folder = out / mod.LANG / f"day{day}"
            (folder / "articles").mkdir(parents=True, exist_ok=True)
            items = day_items(mod, day)
            counts = {"new": 0, "edited": 0, "unchanged": 0}
            for art, kind in items:
                counts[kind] += 1
                if kind == "unchanged":
                    # byte-identical copy of the page as first published
                    src_day = art["day"]
                    src = out / mod.LANG / f"day{src_day}" / "articles" / f"{art['slug']}.html"
                    shutil.copyfile(src, folder / "articles" / f"{art['slug']}.html")
                    continue
                paras = versions(art)[day]
                charset = art.get("encoding", "utf-8")
                page = render_page(mod, art, day, paras, charset)
                (folder / "articles" / f"{art['slug']}.html").write_bytes(page.encode(charset))
            for site_key, site in mod.SITES.items():
                mine = [it for it in items if it[0]["site"] == site_key]
                mine.sort(key=sort_key(mod, day), reverse=True)
                (folder / site["feed"]).write_text(render_feed(mod, site_key, day, mine), encoding="utf-8")
            summary[f"{mod.LANG}/day{day}"] = counts
    return summary


def same_tree(a: Path, b: Path) -> bool:
    cmp = filecmp.dircmp(a, b)
    if cmp.left_only or cmp.right_only or cmp.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(a, b, cmp.common_files, shallow=False)
    if mismatch or errors:
        return False
    return all(same_tree(a / d, b / d) for d in cmp.common_dirs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare a fresh render with data/demo/news")
    args = ap.parse_args()
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            build(Path(tmp))
            ok = OUT.exists() and same_tree(Path(tmp), OUT)
        print("data/demo/news is up to date" if ok else "data/demo/news differs from build_demo.py output")
        return 0 if ok else 1
    if OUT.exists():
        shutil.rmtree(OUT)
    summary = build(OUT)
    for k, v in summary.items():
        print(f"{k}: {v['new']} new, {v['edited']} edited, {v['unchanged']} unchanged")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
