"""Synthetic news corpora for the benchmarks: deterministic, entity-rich, in the folder-snapshot layout.

Articles are built from templated declarative sentences over a fixed world of companies,
people and cities, so the rules extractor finds facts and the graph has set, multi-hop
and comparison patterns at any size. ``changed_fraction`` re-writes a share of articles
(one paragraph edited, one appended) to produce an increment.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import format_datetime
from html import escape
from pathlib import Path

EN_COMPANIES = [f"{a} {b}" for a in ("Harbor", "Northgate", "Silver", "Eastline", "Crescent", "Summit", "Granite",
                                      "Bluewater", "Ironwood", "Redfield", "Maple", "Orion")
                for b in ("Logistics", "Motors", "Energy", "Bank", "Foods", "Robotics", "Shipping", "Pharma")]
EN_PEOPLE = [f"{a} {b}" for a in ("Maria", "John", "Anna", "Peter", "Laura", "David", "Elena", "Marcus", "Sofia", "Tom")
             for b in ("Kovacs", "Whitfield", "Moreau", "Lindqvist", "Okafor", "Brennan", "Castillo", "Novak")]
EN_CITIES = ["Rotterdam", "Hamburg", "Lisbon", "Gdansk", "Marseille", "Antwerp", "Bergen", "Tallinn", "Riga", "Porto"]
RU_COMPANIES = [f"«{a} {b}»" for a in ("Северный", "Балтийский", "Уральский", "Волжский", "Сибирский", "Донской")
                for b in ("порт", "завод", "банк", "терминал", "холдинг", "альянс")]
RU_PEOPLE = [f"{a} {b}" for a in ("Иван", "Мария", "Олег", "Анна", "Сергей", "Елена", "Павел", "Ольга")
             for b in ("Петров", "Смирнов", "Кузнецов", "Орлов", "Волков", "Соколов")]
RU_CITIES = ["Калининграде", "Мурманске", "Казани", "Самаре", "Перми", "Новосибирске", "Ярославле", "Твери"]


@dataclass
class Article:
    slug: str
    lang: str
    title: str
    paragraphs: list[str]
    published: datetime
    facts: list[tuple[str, str, str]] = ()  # what the sentences state, for benchmarks that skip parsing

    @property
    def url(self) -> str:
        return f"https://bench-{self.lang}.example/news/{self.slug}.html"

    def html(self) -> str:
        body = "\n".join(f"<p>{escape(p)}</p>" for p in self.paragraphs)
        return (
            f'<!doctype html><html lang="{self.lang}"><head><meta charset="utf-8"><title>{escape(self.title)}</title>'
            f'<link rel="canonical" href="{self.url}"><meta property="article:published_time" '
            f'content="{self.published.isoformat()}Z"></head><body><header><nav><a href="/">Home</a> '
            f'<a href="/world">World</a></nav></header><main><article><h1>{escape(self.title)}</h1>{body}'
            f"</article></main><footer>© bench-{self.lang}.example</footer></body></html>"
        )


def _en_sentences(rng: random.Random) -> tuple[list[str], list[tuple[str, str, str]]]:
    c1, c2, c3 = rng.sample(EN_COMPANIES, 3)
    p1 = rng.choice(EN_PEOPLE)
    city = rng.choice(EN_CITIES)
    n = rng.randint(100, 9000)
    facts = [(c1, "acquire", c2), (p1, "chief executive of", c1), (c2, "open a new terminal in", city),
             (c1, "sell in October", f"{n} cars"), (c3, "sign a supply agreement with", c1)]
    return [
        f"{c1} acquired {c2} in a deal announced on Monday.",
        f"{p1} is the chief executive of {c1}.",
        f"{c2} opened a new terminal in {city}.",
        f"{c1} sold {n} cars in October.",
        f"{c3} signed a supply agreement with {c1}.",
        f"Analysts said the move would strengthen the company's position in northern Europe.",
    ], facts


def _ru_sentences(rng: random.Random) -> tuple[list[str], list[tuple[str, str, str]]]:
    c1, c2 = rng.sample(RU_COMPANIES, 2)
    p1 = rng.choice(RU_PEOPLE)
    city = rng.choice(RU_CITIES)
    n = rng.randint(100, 9000)
    facts = [(c1, "приобрести", c2), (p1, "возглавить", c1), (c2, "открыть новый терминал в", city),
             (c1, "продать в октябре", f"{n} автомобилей")]
    return [
        f"Компания {c1} приобрела компанию {c2}.",
        f"{p1} возглавил компанию {c1}.",
        f"Компания {c2} открыла новый терминал в {city}.",
        f"Компания {c1} продала {n} автомобилей в октябре.",
        "По словам аналитиков, сделка укрепит позиции компании на рынке.",
    ], facts


def make_articles(lang: str, count: int, seed: int = 0, first: int = 0) -> list[Article]:
    """``count`` articles numbered from ``first`` (slugs and publication minutes follow the number)."""
    rng = random.Random(f"{seed}-{lang}")
    start = datetime(2026, 11, 1, 8, 0)
    out = []
    for i in range(first, first + count):
        sentences, facts = _en_sentences(rng) if lang == "en" else _ru_sentences(rng)
        paragraphs = [" ".join(sentences[j:j + 2]) for j in range(0, len(sentences), 2)]
        title = sentences[0].rstrip(".")
        out.append(Article(slug=f"{lang}-{i:06d}", lang=lang, title=title, paragraphs=paragraphs,
                           published=start + timedelta(minutes=i), facts=facts))
    return out


def _share(n: int, fraction: float) -> int:
    """How many of ``n`` a positive ``fraction`` means (at least one)."""
    return max(1, round(n * fraction)) if fraction > 0 else 0


def _pick(rng: random.Random, n: int, fraction: float) -> set[int]:
    """A seeded ``fraction`` share of the indices ``0..n-1``."""
    k = _share(n, fraction)
    return set(rng.sample(range(n), k)) if k else set()


def edit(articles: list[Article], fraction: float, seed: int = 1) -> list[Article]:
    """A share of the articles with one paragraph corrected and one appended (same URLs)."""
    rng = random.Random(seed)
    chosen = _pick(rng, len(articles), fraction)
    out = []
    for i, a in enumerate(articles):
        if i in chosen:
            extra = ("Update: the regulator approved the deal on Friday." if a.lang == "en"
                     else "Обновление: регулятор одобрил сделку в пятницу.")
            paras = [a.paragraphs[0] + (" Figures were revised." if a.lang == "en" else " Данные уточнены."),
                     *a.paragraphs[1:], extra]
            out.append(Article(a.slug, a.lang, a.title, paras, a.published, a.facts))
        else:
            out.append(a)
    return out


def _news_paragraph(lang: str, rng: random.Random) -> str:
    """A follow-up paragraph stating facts the article did not have (new edges for the graph)."""
    if lang == "en":
        c1, c2 = rng.sample(EN_COMPANIES, 2)
        return (f"{rng.choice(EN_PEOPLE)} was appointed chief financial officer of {c1}. "
                f"{c2} opened a new plant in {rng.choice(EN_CITIES)}.")
    c1, c2 = rng.sample(RU_COMPANIES, 2)
    return (f"{rng.choice(RU_PEOPLE)} возглавил компанию {c1}. "
            f"Компания {c2} открыла новый завод в {rng.choice(RU_CITIES)}.")


def news_day(articles: list[Article], edited: float, new: float, seed: int = 3) -> tuple[list[Article], set[str]]:
    """A realistic next day: ``edited`` share of the articles gain a paragraph with new facts, and
    ``new`` share as many new articles appear (new facts too). Returns every article (old and
    new) and the slugs the day's feed lists. Contrast ``edit``, whose appended sentence states
    nothing the extractor turns into a new fact (a degenerate increment)."""
    rng = random.Random(seed)
    chosen = _pick(rng, len(articles), edited)
    out = []
    for i, a in enumerate(articles):
        if i in chosen:
            out.append(Article(a.slug, a.lang, a.title, [*a.paragraphs, _news_paragraph(a.lang, rng)], a.published,
                               a.facts))
        else:
            out.append(a)
    lang = articles[0].lang if articles else "en"
    fresh = make_articles(lang, _share(len(articles), new), seed=seed + 1000, first=len(articles))
    listed = {out[i].slug for i in chosen} | {a.slug for a in fresh}
    return out + fresh, listed


def write_folder(articles: list[Article], folder: Path, only: set[str] | None = None) -> Path:
    """Write a folder source: feed.xml + articles/<slug>.html (``only``: slugs listed in the feed)."""
    (folder / "articles").mkdir(parents=True, exist_ok=True)
    items = []
    for a in articles:
        if only is not None and a.slug not in only:
            continue
        (folder / "articles" / f"{a.slug}.html").write_text(a.html(), encoding="utf-8")
        items.append(f"<item><title>{escape(a.title)}</title><link>{a.url}</link><guid>{a.url}</guid>"
                     f"<pubDate>{format_datetime(a.published)}</pubDate></item>")
    lang = articles[0].lang if articles else "en"
    (folder / "feed.xml").write_text(
        f'<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>bench {lang}</title>'
        f"<link>https://bench-{lang}.example/</link><language>{lang}</language>{''.join(items)}</channel></rss>",
        encoding="utf-8",
    )
    return folder
