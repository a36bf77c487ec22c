"""DRAGON crawl stage against real HTTP servers on 127.0.0.1 and real folder snapshots.

Every test serves its own pages from a stdlib ``http.server`` on a random port and
crawls them with the production code path (httpx, robots.txt, pacing, retries).
"""
from __future__ import annotations

import http.server
import socket
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from benchmill import ROOT
from benchmill.settings import CrawlSettings
from schemas import SourceSpec
from tasks.dragon.crawl import (
    ArticleError,
    canonical_url,
    content_hash,
    crawl_source,
    decode_html,
    detect_language,
    extract_article,
    listing_article_links,
)

FIXTURES = Path(__file__).parent / "fixtures" / "crawl"

# fast settings: no pacing, quick backoff; individual tests override what they exercise
FAST = CrawlSettings(per_host_interval=0.0, retries=2, backoff=0.01, timeout=2.0)

BRIDGE_PARAGRAPHS = [
    "The new bridge across the Elbe was opened on Sunday by the mayor, who called it a milestone "
    "for the city and its 40,000 daily commuters.",
    "Construction cost 120 million euros and took three years, the city council said in a statement "
    "published on its website on Saturday evening.",
    "Residents had waited for a crossing at this point since the old ferry line closed in 2019.",
]
MUSEUM_PARAGRAPHS = [
    "The city museum will reopen its east wing in June after a renovation that lasted eighteen months "
    "and replaced the roof, the heating and all of the lighting.",
    "The director said that the collection of medieval maps, which had been in storage, will be shown "
    "to the public for the first time in a decade.",
    "Tickets for the opening weekend go on sale next Monday and will cost twelve euros for adults.",
]
RUSSIAN_PARAGRAPHS = [
    "В воскресенье мэр города открыл новый мост через реку. По его словам, это важное событие "
    "для сорока тысяч жителей, которые каждый день ездят на работу.",
    "Строительство обошлось в двенадцать миллиардов рублей и заняло три года, сообщили "
    "в городском совете в субботу вечером.",
    "Жители ждали переправы в этом месте с тех пор, как в 2019 году закрылась старая паромная линия.",
]


def article_page(
    title: str,
    paragraphs: list[str],
    *,
    author: str | None = "Jane Roe",
    published: str | None = "2024-05-12T08:30:00+00:00",
    canonical: str | None = None,
    meta_charset: str | None = "utf-8",
) -> str:
    """A news article page with the clutter real ones have (navigation, footer)."""
    head = [f'<meta charset="{meta_charset}">' if meta_charset else "", f"<title>{title} | Daily Test</title>"]
    if author:
        head.append(f'<meta name="author" content="{author}">')
    if published:
        head.append(f'<meta property="article:published_time" content="{published}">')
    if canonical:
        head.append(f'<link rel="canonical" href="{canonical}">')
    body = "".join(f"<p>{p}</p>\n" for p in paragraphs)
    return (
        f"<!doctype html><html><head>{''.join(head)}</head><body>"
        '<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/sport">Sport</a></nav>'
        f"<main><article><h1>{title}</h1>\n{body}</article></main>"
        "<footer><p>Copyright 2024 Daily Test. All rights reserved.</p></footer></body></html>"
    )


def rss(items: list[tuple[str, str]], *, pub_date: str = "Sun, 12 May 2024 08:30:00 GMT") -> str:
    entries = "".join(
        f"<item><title>{title}</title><link>{link}</link><pubDate>{pub_date}</pubDate></item>"
        for title, link in items
    )
    return f'<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Test</title>{entries}</channel></rss>'


# --------------------------------------------------------------------------- local site


@dataclass
class Route:
    """One response; a list of Routes on a path is served in order, the last one repeating."""

    body: bytes | str = b""
    status: int = 200
    content_type: str | None = "text/html; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering (timeouts)
    send_length: bool = True  # False: close-delimited body without Content-Length

    def payload(self) -> bytes:
        return self.body.encode("utf-8") if isinstance(self.body, str) else self.body


@dataclass
class Hit:
    path: str
    at: float  # time.monotonic() when the server read the request
    user_agent: str | None


class LocalSite:
    """A real HTTP server on 127.0.0.1 serving ``routes`` and recording every request."""

    def __init__(self) -> None:
        self.routes: dict[str, Route | list[Route]] = {}
        self.hits: list[Hit] = []
        site = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server API)
                path = urlsplit(self.path).path
                site.hits.append(Hit(path, time.monotonic(), self.headers.get("User-Agent")))
                route = site._next_route(path)
                if route.delay:
                    time.sleep(route.delay)
                payload = route.payload()
                try:
                    self.send_response(route.status)
                    if route.content_type:
                        self.send_header("Content-Type", route.content_type)
                    if route.send_length:
                        self.send_header("Content-Length", str(len(payload)))
                    for name, value in route.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client stopped reading (size cap, timeout): expected

            def log_message(self, *args: object) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.block_on_close = False
        # a short poll interval: shutdown() waits up to one interval
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    def _next_route(self, path: str) -> Route:
        route = self.routes.get(path)
        if route is None:
            return Route(body="not found", status=404, content_type="text/plain")
        if isinstance(route, list):
            return route.pop(0) if len(route) > 1 else route[0]
        return route

    def url(self, path: str) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}{path}"

    def hits_for(self, path: str) -> list[Hit]:
        return [hit for hit in self.hits if hit.path == path]


@pytest.fixture
def site():
    local = LocalSite()
    local.thread.start()
    try:
        yield local
    finally:
        local.server.shutdown()
        local.server.server_close()


def feed_spec(url: str, **kw) -> SourceSpec:
    return SourceSpec(name="test-feed", kind="feed", location=url, **kw)


# --------------------------------------------------------------------------- feeds


def test_feed_crawl_fetches_and_extracts_every_entry(site):
    site.routes["/feed.xml"] = Route(rss([("Bridge opens", "/news/bridge"), ("Museum", "/news/museum")]),
                                     content_type="application/rss+xml")
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))
    site.routes["/news/museum"] = Route(article_page("Museum reopens", MUSEUM_PARAGRAPHS, author=None,
                                                     published=None))

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert result.failures == []
    assert [d.canonical_url for d in result.documents] == [site.url("/news/bridge"), site.url("/news/museum")]
    bridge, museum = result.documents
    assert bridge.source == "test-feed"
    assert bridge.title == "Mayor opens bridge"
    assert bridge.author == "Jane Roe"
    assert bridge.published == datetime(2024, 5, 12, 8, 30, tzinfo=UTC)
    assert bridge.lang == "en"
    # paragraphs kept, separated by a blank line; page clutter and the h1 title left out
    assert bridge.text == "\n\n".join(BRIDGE_PARAGRAPHS)
    assert bridge.content_hash == content_hash(bridge.text)
    # the page has no date or author: the feed entry's date fills in, author stays unknown
    assert museum.published == datetime(2024, 5, 12, 8, 30, tzinfo=UTC)
    assert museum.author is None
    assert "medieval maps" in museum.text
    assert {hit.user_agent for hit in site.hits} == {FAST.user_agent}


def test_atom_feed(site):
    site.routes["/atom.xml"] = Route(
        '<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>'
        "<entry><title>Museum reopens</title>"
        f'<link rel="alternate" href="{site.url("/2024/05/museum-reopens")}"/>'
        "<updated>2024-05-10T09:00:00Z</updated><author><name>Feed Author</name></author></entry></feed>",
        content_type="application/atom+xml",
    )
    site.routes["/2024/05/museum-reopens"] = Route(article_page("Museum reopens", MUSEUM_PARAGRAPHS, author=None))

    result = crawl_source(feed_spec(site.url("/atom.xml")), FAST)

    assert result.failures == []
    [doc] = result.documents
    assert doc.title == "Museum reopens"
    assert doc.author == "Feed Author"  # page has none: the feed's
    assert doc.published == datetime(2024, 5, 12, 8, 30, tzinfo=UTC)  # the page's own date wins


def test_malformed_feed_is_a_failure_naming_the_feed(site):
    site.routes["/broken.xml"] = Route("<rss><channel><item><title>cut off", content_type="application/rss+xml")

    result = crawl_source(feed_spec(site.url("/broken.xml")), FAST)

    assert result.documents == []
    [failure] = result.failures
    assert (failure.stage, failure.key, failure.kind) == ("crawl", site.url("/broken.xml"), "permanent")
    assert failure.reason.startswith("malformed feed")


def test_unreachable_feed_is_transient(site):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{closed_port}/feed.xml"

    result = crawl_source(feed_spec(url), CrawlSettings(per_host_interval=0, retries=1, backoff=0.01))

    [failure] = result.failures
    assert (failure.key, failure.kind) == (url, "transient")
    assert "ConnectError" in failure.reason


# --------------------------------------------------------------------------- listing pages


LISTING = """<!doctype html><html><head><meta charset="utf-8"><title>News</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World</a> <a href="/tag/politics">Politics</a></nav>
<main>
  <article><h2><a href="/news/bridge">Mayor opens bridge</a></h2></article>
  <article><h2><a href="/news/museum?utm_source=home#top">Museum reopens</a></h2>
    <a href="/author/jane-roe">Jane Roe</a></article>
  <a href="/news/bridge">Mayor opens bridge (again)</a>
  <a href="/page/2">More</a>
  <img src="/img/logo.png"><a href="/files/report.pdf">Report</a>
</main>
<aside><a href="/2024/05/11/storm-damage-costs-estimated.html">Storm damage</a>
  <a href="https://elsewhere.example.org/2024/05/11/their-story.html">Partner story</a></aside>
<footer><a href="/about">About</a> <a href="/privacy">Privacy</a></footer>
</body></html>"""


def test_listing_page_links_are_same_site_articles_only():
    links = listing_article_links(LISTING, "http://news.test/")
    assert links == [
        "http://news.test/news/bridge",
        "http://news.test/news/museum?utm_source=home",
        "http://news.test/2024/05/11/storm-damage-costs-estimated.html",
    ]


def test_listing_source_crawls_linked_articles(site):
    site.routes["/"] = Route(LISTING)
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))
    site.routes["/news/museum"] = Route(article_page("Museum reopens", MUSEUM_PARAGRAPHS))
    site.routes["/2024/05/11/storm-damage-costs-estimated.html"] = Route(
        article_page("Storm damage", ["The storm damage " + "was assessed by the insurers. " * 10])
    )

    result = crawl_source(SourceSpec(name="listing", kind="listing", location=site.url("/")), FAST)

    assert result.failures == []
    assert [d.canonical_url for d in result.documents] == [
        site.url("/2024/05/11/storm-damage-costs-estimated.html"), site.url("/news/bridge"), site.url("/news/museum"),
    ]
    assert not site.hits_for("/tag/politics") and not site.hits_for("/about")


def test_listing_without_article_links_is_a_failure(site):
    site.routes["/empty"] = Route("<html><body><nav><a href='/'>Home</a></nav></body></html>")

    result = crawl_source(SourceSpec(name="listing", kind="listing", location=site.url("/empty")), FAST)

    assert [(f.key, f.reason) for f in result.failures] == [
        (site.url("/empty"), "no article links found on the listing page")
    ]


# --------------------------------------------------------------------------- politeness, errors


def test_robots_disallowed_article_is_never_requested(site):
    site.routes["/robots.txt"] = Route("User-agent: benchmill\nDisallow: /private/\n", content_type="text/plain")
    site.routes["/feed.xml"] = Route(rss([("Secret", "/private/secret"), ("Bridge", "/news/bridge")]))
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))
    site.routes["/private/secret"] = Route(article_page("Secret", MUSEUM_PARAGRAPHS))

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert [d.canonical_url for d in result.documents] == [site.url("/news/bridge")]
    [failure] = result.failures
    assert (failure.key, failure.reason, failure.kind) == (
        site.url("/private/secret"), "disallowed by robots.txt", "permanent")
    assert site.hits_for("/private/secret") == []
    assert len(site.hits_for("/robots.txt")) == 1  # once per host


def test_robots_ignored_when_settings_say_so(site):
    site.routes["/robots.txt"] = Route("User-agent: *\nDisallow: /\n", content_type="text/plain")
    site.routes["/feed.xml"] = Route(rss([("Bridge", "/news/bridge")]))
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))

    assert crawl_source(feed_spec(site.url("/feed.xml")), FAST).failures[0].reason == "disallowed by robots.txt"
    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST.model_copy(update={"respect_robots": False}))
    assert len(result.documents) == 1 and result.failures == []


def test_unreachable_robots_blocks_the_host_transiently(site):
    site.routes["/robots.txt"] = Route("down", status=503, content_type="text/plain")
    site.routes["/feed.xml"] = Route(rss([("Bridge", "/news/bridge")]))

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    [failure] = result.failures
    assert failure.key == site.url("/feed.xml") and failure.kind == "transient"
    assert "robots.txt unreachable" in failure.reason
    assert site.hits_for("/feed.xml") == []


def test_missing_article_is_permanent_and_does_not_stop_the_batch(site):
    site.routes["/feed.xml"] = Route(rss([("Gone", "/news/gone"), ("Bridge", "/news/bridge")]))
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert len(result.documents) == 1
    assert [(f.key, f.reason, f.kind) for f in result.failures] == [(site.url("/news/gone"), "HTTP 404", "permanent")]
    assert len(site.hits_for("/news/gone")) == 1  # a 404 is not retried


def test_server_error_is_retried_until_it_succeeds(site):
    site.routes["/feed.xml"] = Route(rss([("Bridge", "/news/bridge")]))
    site.routes["/news/bridge"] = [Route("oops", status=500), Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))]

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert result.failures == [] and len(result.documents) == 1
    assert len(site.hits_for("/news/bridge")) == 2


def test_persistent_server_error_is_transient_after_all_retries(site):
    site.routes["/feed.xml"] = Route(rss([("Bridge", "/news/bridge")]))
    site.routes["/news/bridge"] = Route("oops", status=502)

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    [failure] = result.failures
    assert (failure.reason, failure.kind) == ("HTTP 502 after 3 attempt(s)", "transient")
    assert len(site.hits_for("/news/bridge")) == 3


def test_429_waits_for_retry_after(site):
    site.routes["/feed.xml"] = Route(rss([("Bridge", "/news/bridge")]))
    site.routes["/news/bridge"] = [
        Route("slow down", status=429, headers={"Retry-After": "1"}),
        Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS)),
    ]

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert result.failures == [] and len(result.documents) == 1
    first, second = site.hits_for("/news/bridge")
    assert second.at - first.at >= 1.0  # backoff alone (0.01 s) would retry at once


def test_retry_after_beyond_the_cap_is_left_to_the_next_run(site):
    site.routes["/feed.xml"] = Route(rss([("Bridge", "/news/bridge")]))
    site.routes["/news/bridge"] = Route("slow down", status=429, headers={"Retry-After": "3600"})

    [failure] = crawl_source(feed_spec(site.url("/feed.xml")), FAST).failures

    assert failure.kind == "transient" and "Retry-After 3600 s" in failure.reason
    assert len(site.hits_for("/news/bridge")) == 1


def test_malformed_links_fail_their_item_only(site):
    site.routes["/feed.xml"] = Route(rss([
        ("Bad IPv6", "http://[::1/broken"), ("Mail", "mailto:desk@news.test"),
        ("Bad redirect", "/r/bad"), ("Bridge", "/news/bridge"),
    ]))
    site.routes["/r/bad"] = Route("", status=302, headers={"Location": "http://[bad"})
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert [d.canonical_url for d in result.documents] == [site.url("/news/bridge")]
    reasons = sorted(f.reason for f in result.failures)
    assert len(reasons) == 3 and all(f.kind == "permanent" for f in result.failures)
    assert "unusable location" in reasons[0]
    assert reasons[1] == "entry 1 ('Bad IPv6') has no link"  # feedparser drops it already
    assert reasons[2].startswith("entry 2 ('Mail') has an unusable link")


def test_timeout_after_retries_is_transient(site):
    site.routes["/feed.xml"] = Route(rss([("Slow", "/news/slow")]))
    site.routes["/news/slow"] = Route(article_page("Slow", BRIDGE_PARAGRAPHS), delay=1.0)
    settings = CrawlSettings(per_host_interval=0, retries=1, backoff=0.01, timeout=0.2)

    result = crawl_source(feed_spec(site.url("/feed.xml")), settings)

    [failure] = result.failures
    assert (failure.key, failure.kind) == (site.url("/news/slow"), "transient")
    assert failure.reason.startswith("timed out") and "after 2 attempt(s)" in failure.reason
    assert len(site.hits_for("/news/slow")) == 2


@pytest.mark.parametrize("send_length", [True, False], ids=["declared-length", "streamed"])
def test_oversize_page_is_a_failure_naming_the_size(site, send_length):
    site.routes["/feed.xml"] = Route(rss([("Huge", "/news/huge")]))
    site.routes["/news/huge"] = Route(article_page("Huge", BRIDGE_PARAGRAPHS * 2000), send_length=send_length)
    settings = FAST.model_copy(update={"max_bytes": 50_000})

    result = crawl_source(feed_spec(site.url("/feed.xml")), settings)

    [failure] = result.failures
    assert failure.key == site.url("/news/huge") and failure.kind == "permanent"
    assert "50000-byte limit" in failure.reason
    if send_length:
        size = len(site.routes["/news/huge"].payload())
        assert f"response is {size} bytes" in failure.reason


def test_non_html_article_is_a_failure(site):
    site.routes["/feed.xml"] = Route(rss([("Report", "/files/report")]))
    site.routes["/files/report"] = Route(b"%PDF-1.4 ...", content_type="application/pdf")

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert [(f.reason, f.kind) for f in result.failures] == [("not an HTML page (content type application/pdf)",
                                                              "permanent")]


def test_redirect_is_followed_and_the_final_url_recorded(site):
    site.routes["/feed.xml"] = Route(rss([("Bridge", "/r/bridge")]))
    site.routes["/r/bridge"] = Route("", status=301, headers={"Location": "/news/bridge"})
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))

    [doc] = crawl_source(feed_spec(site.url("/feed.xml")), FAST).documents

    assert doc.url == doc.canonical_url == site.url("/news/bridge")


def test_requests_to_one_host_are_spaced_by_the_interval(site):
    site.routes["/feed.xml"] = Route(rss([("Bridge", "/news/bridge"), ("Museum", "/news/museum")]))
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))
    site.routes["/news/museum"] = Route(article_page("Museum reopens", MUSEUM_PARAGRAPHS))
    interval = 0.25

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST.model_copy(update={"per_host_interval": interval}))

    assert len(result.documents) == 2
    # robots.txt, feed, two articles: every gap measured where the requests arrived
    assert [hit.path for hit in site.hits] == ["/robots.txt", "/feed.xml", "/news/bridge", "/news/museum"]
    gaps = [b.at - a.at for a, b in zip(site.hits, site.hits[1:])]
    assert min(gaps) >= interval, gaps


# --------------------------------------------------------------------------- content


@pytest.mark.parametrize(
    ("content_type", "meta_charset"),
    [("text/html; charset=windows-1251", None), ("text/html", "windows-1251"), ("text/html", None)],
    ids=["http-charset", "meta-charset", "detected"],
)
def test_cp1251_page_is_decoded(site, content_type, meta_charset):
    page = article_page("Мэр открыл новый мост", RUSSIAN_PARAGRAPHS, meta_charset=meta_charset, author=None)
    site.routes["/feed.xml"] = Route(rss([("Мост", "/news/most")]))
    site.routes["/news/most"] = Route(page.encode("cp1251"), content_type=content_type)

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert result.failures == []
    [doc] = result.documents
    assert doc.lang == "ru"
    assert doc.title == "Мэр открыл новый мост"
    assert "паромная линия" in doc.text


def test_http_charset_wins_over_meta_and_wrong_declarations_fall_through():
    page = '<html><head><meta charset="koi8-r"></head><body><p>Привет, мир</p></body></html>'
    assert "Привет" in decode_html(page.encode("cp1251"), "text/html; charset=windows-1251")
    assert "Привет" in decode_html(page.encode("koi8-r"), "text/html")
    # a server that claims UTF-8 for cp1251 bytes: the meta declaration is right
    cp1251_meta = page.replace("koi8-r", "windows-1251").encode("cp1251")
    assert "Привет" in decode_html(cp1251_meta, "text/html; charset=utf-8")


def test_empty_article_is_a_permanent_failure(site):
    site.routes["/feed.xml"] = Route(rss([("Teaser", "/news/teaser")]))
    site.routes["/news/teaser"] = Route(article_page("Teaser", ["Read the full story in our app."]))

    [failure] = crawl_source(feed_spec(site.url("/feed.xml")), FAST).failures

    assert failure.key == site.url("/news/teaser") and failure.kind == "permanent"
    assert failure.reason.startswith("empty article")


@pytest.mark.parametrize(
    "html",
    [b"", b"\x00\x01\x02\xff\xfe garbage", b"<html><body><div><p>unclosed <b>tags <<<>>> &&& </i></html",
     b"<?xml version='1.0' encoding='utf-8'?><html><body></body></html>"],
    ids=["empty", "binary", "broken-tags", "xml-declaration"],
)
def test_broken_html_fails_cleanly(html):
    with pytest.raises(ArticleError, match="^(empty article|too short):"):
        extract_article(html, "http://news.test/a")


def test_extract_article_prefers_same_site_canonical_link():
    page = article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS, canonical="/news/bridge/?utm_medium=rss")
    assert extract_article(page, "http://news.test/amp/bridge").canonical_url == "http://news.test/news/bridge"
    elsewhere = article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS, canonical="https://other.test/bridge")
    assert extract_article(elsewhere, "http://news.test/amp/bridge").canonical_url == "http://news.test/amp/bridge"


def test_text_in_another_language_than_declared_is_rejected():
    page = article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS)
    assert extract_article(page, "http://news.test/a").lang == "en"
    assert extract_article(page, "http://news.test/a", lang="en").lang == "en"
    # issue 10: the declared language is checked, not stamped on whatever the page holds
    with pytest.raises(ArticleError, match="^wrong language: the text reads as en, the source is declared ru"):
        extract_article(page, "http://news.test/a", lang="ru")


def test_duplicate_urls_within_one_crawl_give_one_document(site):
    site.routes["/feed.xml"] = Route(rss([
        ("Bridge", "/news/bridge?utm_source=rss"),
        ("Bridge again", "/news/bridge#comments"),
        ("Bridge AMP", "/amp/bridge"),  # declares /news/bridge as canonical
        ("Museum", "/news/museum"),
    ]))
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))
    site.routes["/amp/bridge"] = Route(article_page("Mayor opens bridge (AMP)", BRIDGE_PARAGRAPHS,
                                                    canonical="/news/bridge"))
    site.routes["/news/museum"] = Route(article_page("Museum reopens", MUSEUM_PARAGRAPHS))

    result = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert result.failures == []
    assert [d.canonical_url for d in result.documents] == [site.url("/news/bridge"), site.url("/news/museum")]
    assert result.documents[0].title == "Mayor opens bridge"  # first wins
    assert len(site.hits_for("/news/bridge")) == 1  # the second link was never fetched


def test_crawl_result_is_deterministic(site):
    site.routes["/feed.xml"] = Route(rss([("Museum", "/news/museum"), ("Gone", "/news/gone"), ("Bridge", "/news/bridge")]))
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))
    site.routes["/news/museum"] = Route(article_page("Museum reopens", MUSEUM_PARAGRAPHS))

    first = crawl_source(feed_spec(site.url("/feed.xml")), FAST)
    second = crawl_source(feed_spec(site.url("/feed.xml")), FAST)

    assert first.model_dump_json() == second.model_dump_json()
    assert [d.canonical_url for d in first.documents] == sorted(d.canonical_url for d in first.documents)


# --------------------------------------------------------------------------- folder snapshots


def test_folder_source(tmp_path):
    folder = FIXTURES / "folder"

    result = crawl_source(SourceSpec(name="snapshot", kind="folder", location=str(folder)), FAST)

    by_url = {d.canonical_url: d for d in result.documents}
    # the bridge is listed in both feeds: one document
    assert sorted(by_url) == [
        "https://news.example.com/2024/05/12/bridge-opens.html",
        "https://news.example.com/2024/05/12/museum-reopens.html",
        "https://novosti.example.ru/2024/05/12/most.html",
    ]
    # feed.xml is read before feed_ru.xml: its link (with the tracking parameter) wins
    bridge = by_url["https://news.example.com/2024/05/12/bridge-opens.html"]
    assert bridge.url == "https://news.example.com/2024/05/12/bridge-opens.html?utm_source=feed"
    assert bridge.lang == "en" and bridge.title == "Mayor opens bridge"
    # cp1251 file declared by <meta http-equiv>, no HTTP header to help
    russian = by_url["https://novosti.example.ru/2024/05/12/most.html"]
    assert russian.lang == "ru" and "паромная линия" in russian.text
    [failure] = result.failures
    assert failure.key == str(folder / "articles" / "missing-story.html")
    assert failure.kind == "permanent" and "article file missing" in failure.reason


def test_missing_folder_is_a_failure(tmp_path):
    result = crawl_source(SourceSpec(name="snapshot", kind="folder", location=str(tmp_path / "nope")), FAST)
    assert [(f.key, f.reason) for f in result.failures] == [(str(tmp_path / "nope"), "source folder does not exist")]


DEMO_NEWS = ROOT / "data" / "demo" / "news"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_bundled_demo_snapshot_crawls_cleanly(lang):
    """The offline demo the daily flow runs on: every article extracts, language detected."""
    location = DEMO_NEWS / lang / "day1"

    result = crawl_source(SourceSpec(name=f"demo-{lang}", kind="folder", location=str(location)), FAST)

    assert result.failures == []
    assert len(result.documents) >= 20
    for doc in result.documents:
        assert doc.lang == lang
        assert doc.title and doc.author and doc.published is not None
        assert len(doc.text) >= 200 and "\n\n" in doc.text
        assert "cookie" not in doc.text.lower()  # page furniture stays out


# --------------------------------------------------------------------------- URLs, language


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("HTTP://News.Example.COM/a/b/", "http://news.example.com/a/b"),
        ("https://example.com/", "https://example.com"),
        ("https://example.com:443/x#frag", "https://example.com/x"),
        ("http://example.com:8080/x", "http://example.com:8080/x"),
        ("https://example.com/x?utm_source=rss&b=2&UTM_Campaign=y&a=1&fbclid=z&gclid=q", "https://example.com/x?a=1&b=2"),
        ("https://example.com/x?utm_medium=feed", "https://example.com/x"),
        ("https://example.ru/новости/мост", "https://example.ru/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8/%D0%BC%D0%BE%D1%81%D1%82"),
        ("https://example.com/a%20b", "https://example.com/a%20b"),
    ],
)
def test_canonical_url(url, expected):
    assert canonical_url(url) == expected
    assert canonical_url(expected) == expected  # idempotent


def test_detect_language():
    assert detect_language(" ".join(RUSSIAN_PARAGRAPHS)) == "ru"
    assert detect_language(" ".join(BRIDGE_PARAGRAPHS)) == "en"
    assert detect_language("Президент Putin met Scholz in Berlin on Monday to discuss trade") == "en"
    assert detect_language("12 345 !!!") == "en"


# --------------------------------------------------------------------------- across flow runs


def test_same_day_rerun_of_a_web_source_crawls_again(site, prefect_harness, tmp_path):
    """Issue 7.10: a web crawl is never served from cache across runs, even with the same --run-date."""
    from flows.daily_news import daily_news
    from tests.flow_env import flow_state

    site.routes["/feed.xml"] = Route(rss([("Bridge opens", "/news/bridge"), ("Museum", "/news/museum")]),
                                     content_type="application/rss+xml")
    site.routes["/news/bridge"] = Route(article_page("Mayor opens bridge", BRIDGE_PARAGRAPHS))
    site.routes["/news/museum"] = Route(article_page("Museum reopens", MUSEUM_PARAGRAPHS))
    source = [SourceSpec(name="local-feed", kind="feed", location=site.url("/feed.xml"), lang="en")]
    with flow_state(tmp_path / "state", BENCHMILL_ENGINE="rules", BENCHMILL_LANGUAGES='["en"]',
                    BENCHMILL_CRAWL__PER_HOST_INTERVAL="0", BENCHMILL_CRAWL__RESPECT_ROBOTS="false"):
        first = daily_news(sources=source, run_date="2026-11-20")
        after_first = len(site.hits_for("/news/bridge")), len(site.hits_for("/feed.xml"))
        second = daily_news(sources=source, run_date="2026-11-20")
    assert first.fetched == 2 and after_first == (1, 1)
    # the second run asked the site again, and says what it fetched
    assert (len(site.hits_for("/news/bridge")), len(site.hits_for("/feed.xml"))) == (2, 2)
    assert second.fetched == 2 and second.new_documents == 0


# --------------------------------------------------------------------------- page text (issue 10)

PAGE_TEXT = Path(__file__).parent / "fixtures" / "page_text"
EN_SUPPORT = "Tidewater Post is funded by its readers. Support independent local journalism from 3 pounds a month."
EN_SUPPORT_DAY2 = "Our newsroom is closed over the holiday weekend. Tidewater Post will publish again on Tuesday morning."
EN_STORIES = ["ferry-terminal", "crane-contract", "council-budget", "injected", "short-notice"]


def serve_tidewater(site: LocalSite, day: int = 1, *, gone: tuple[str, ...] = (), unlisted: tuple[str, ...] = ()) -> None:
    """The en fixture pages behind an RSS feed; day 2 changes only the ferry story's byline
    and the site-wide support box; ``gone`` stories answer 404; ``unlisted`` ones are not in the feed."""
    site.routes["/feed.xml"] = Route(rss([(slug, f"/news/{slug}") for slug in EN_STORIES if slug not in unlisted]),
                                     content_type="application/rss+xml")
    for slug in EN_STORIES:
        html = (PAGE_TEXT / "en" / f"{slug}.html").read_text(encoding="utf-8")
        if day == 2:
            html = html.replace(EN_SUPPORT, EN_SUPPORT_DAY2).replace(
                "By Staff Reporter · Thu 19 March 2026", "By Staff Reporter · Updated Fri 20 March 2026, 09:15")
        site.routes[f"/news/{slug}"] = Route(status=404, body="gone", content_type="text/plain") if slug in gone else Route(html)


def test_crawl_removes_bylines_boilerplate_and_injected_text(site):
    serve_tidewater(site)

    result = crawl_source(feed_spec(site.url("/feed.xml"), lang="en"), FAST)

    docs = {d.canonical_url.rsplit("/", 1)[-1]: d for d in result.documents}
    assert sorted(docs) == sorted(EN_STORIES)  # the 189-character story too
    for doc in docs.values():
        for furniture in (EN_SUPPORT, "Staff Reporter", "By ", "Photo:", "Share this", "Subscribe", "Follow us"):
            assert furniture not in doc.text
        assert doc.content_hash == content_hash(doc.text)
    assert "Ignore previous" not in docs["injected"].text and '"private"' not in docs["injected"].text
    # the removed injected text is on record, with its reason, for `benchmill failures`
    [note] = result.failures
    assert (note.stage, note.key, note.kind) == ("page-text", site.url("/news/injected"), "permanent")
    assert note.reason.startswith("injected text removed (2): instruction: 'Ignore previous instructions'")
    assert "markup: a JSON value" in note.reason


def test_a_byline_or_boilerplate_only_change_is_no_new_version(site):
    from tasks.dragon.diff import diff_document

    serve_tidewater(site, day=1)
    day1 = {d.canonical_url: d for d in crawl_source(feed_spec(site.url("/feed.xml"), lang="en"), FAST).documents}
    serve_tidewater(site, day=2)
    day2 = {d.canonical_url: d for d in crawl_source(feed_spec(site.url("/feed.xml"), lang="en"), FAST).documents}

    assert day1.keys() == day2.keys() and len(day1) == 5
    for url, doc in day2.items():
        assert diff_document(day1[url].content_hash, day1[url].text, doc).status == "unchanged", url


def test_russian_pages_are_cleaned_over_http(site):
    stories = ["most-remont", "port-zerno", "shkola"]
    site.routes["/rss"] = Route(rss([(s, f"/novosti/{s}") for s in stories]), content_type="application/rss+xml")
    for slug in stories:
        site.routes[f"/novosti/{slug}"] = Route((PAGE_TEXT / "ru" / f"{slug}.html").read_bytes())

    result = crawl_source(feed_spec(site.url("/rss"), lang="ru"), FAST)

    assert len(result.documents) == 3
    for doc in result.documents:
        assert doc.lang == "ru"
        for furniture in ("«Вечерний курьер» существует", "Автор:", "Текст:", "Фото:", "Читайте также", "МОСКВА,"):
            assert furniture not in doc.text
    assert [(f.stage, f.key) for f in result.failures] == [("page-text", site.url("/novosti/shkola"))]


def test_repeated_paragraph_page_and_wrong_language_are_rejected_with_reasons(site):
    paragraph = (PAGE_TEXT / "en" / "repeated-paragraph.txt").read_text(encoding="utf-8").strip()
    site.routes["/feed.xml"] = Route(rss([("Notices", "/news/notices"), ("Ferry", "/news/short"), ("Most", "/news/most")]))
    site.routes["/news/notices"] = Route(article_page("Notices to mariners", [paragraph] * 800))
    site.routes["/news/short"] = Route((PAGE_TEXT / "en" / "short-notice.html").read_bytes())
    site.routes["/news/most"] = Route(article_page("Мост", RUSSIAN_PARAGRAPHS))

    result = crawl_source(feed_spec(site.url("/feed.xml"), lang="en"), FAST)

    assert [d.canonical_url for d in result.documents] == [site.url("/news/short")]
    reasons = {f.key.rsplit("/", 1)[-1]: f.reason for f in result.failures}
    # the article's 800 paragraphs plus the page footer
    assert reasons["notices"] == "repeated paragraphs: 801 paragraphs, only 2 distinct"
    assert reasons["most"].startswith("wrong language: the text reads as ru")


def test_article_answering_404_or_410_is_reported_gone(site):
    serve_tidewater(site, gone=("crane-contract",))
    site.routes["/news/council-budget"] = Route(status=410, body="", content_type="text/plain")

    result = crawl_source(feed_spec(site.url("/feed.xml"), lang="en"), FAST)

    assert result.gone == {site.url("/news/council-budget"): "HTTP 410", site.url("/news/crane-contract"): "HTTP 404"}
    assert len(result.documents) == 3


def test_article_dropped_from_the_feed_is_fetched_again_and_gone_only_on_404(site):
    """Issue 10: a site that deletes an article drops it from its feed, so its 404 is seen only by
    fetching it again; one still answering was rotated out of a latest-N feed, not removed."""
    serve_tidewater(site, gone=("crane-contract",), unlisted=("crane-contract", "ferry-terminal", "council-budget"))
    site.routes["/news/council-budget"] = Route(status=503, body="busy", content_type="text/plain")
    previous = [site.url(f"/news/{slug}") for slug in EN_STORIES]

    result = crawl_source(feed_spec(site.url("/feed.xml"), lang="en"), FAST, previous)

    assert result.gone == {site.url("/news/crane-contract"): "HTTP 404 (no longer in the source's feed or listing)"}
    assert len(site.hits_for("/news/ferry-terminal")) == 1  # fetched once more, still there: nothing recorded
    # listed now: the feed's two stories, and the one that could not be reached (checked again next run)
    assert result.listed == sorted(site.url(f"/news/{s}") for s in ("council-budget", "injected", "short-notice"))
    assert not any(f.key.endswith(("crane-contract", "ferry-terminal")) for f in result.failures)
    # without a previous listing nothing is fetched beyond the feed
    assert crawl_source(feed_spec(site.url("/feed.xml"), lang="en"), FAST).gone == {}


def test_removed_article_is_recorded_and_its_released_items_stay(site, prefect_harness, tmp_path):
    """Issue 10: a known article answering 404 on re-crawl is a recorded removal; the byline-
    and boilerplate-only changes of day 2 make no new version; releases stay as they were."""
    from benchmill.store import Store
    from flows.daily_news import daily_news
    from tests.flow_env import flow_state

    source = [SourceSpec(name="tidewater", kind="feed", location=site.url("/feed.xml"), lang="en")]
    env = dict(BENCHMILL_ENGINE="rules", BENCHMILL_LANGUAGES='["en"]', BENCHMILL_CRAWL__PER_HOST_INTERVAL="0",
               BENCHMILL_CRAWL__RESPECT_ROBOTS="false")
    with flow_state(tmp_path / "state", **env) as state:
        serve_tidewater(site, day=1)
        first = daily_news(sources=source, run_date="2026-03-19")
        serve_tidewater(site, day=2, gone=("crane-contract",))
        second = daily_news(sources=source, run_date="2026-03-20")
        store = Store.reader(state / "benchmill.duckdb")
        removals = store.removals()
        with store.connect() as con:
            subjects = {r[0] for r in con.execute("SELECT subject FROM triplets").fetchall()}
            releases = con.execute("SELECT count(*) FROM releases").fetchone()[0]

    assert (first.fetched, first.new_documents, first.failures_by_stage["page-text"]) == (5, 5, 1)
    assert (second.fetched, second.new_documents, second.changed_documents, second.removed_documents) == (4, 0, 0, 1)
    assert [(r["canonical_url"], r["run_id"], r["reason"]) for r in removals] == [
        (site.url("/news/crane-contract"), second.run_id, "HTTP 404")]
    assert second.releases == {} and releases == len(first.releases)  # nothing new, nothing withdrawn
    assert not {s for s in subjects if s.split()[0] in ("Thu", "By", "Staff", "SYSTEM", "Ignore", "KELLING")}


def test_article_deleted_and_dropped_from_its_feed_is_a_recorded_removal(site, prefect_harness, tmp_path):
    """Issue 10: "gone from its feed" leaves a trace too. Day 2 deletes the council story (a released
    question asks of it: "Kelling town council" names which council) and drops it from the feed, and
    rotates the crane story out of the feed (its page stays): one removal, with the run and a reason
    naming the feed; the council story's released items stay released. (The crane story's own
    question answered with a description, "the first crane", and is no longer asked.)"""
    from benchmill.store import Store
    from flows.daily_news import daily_news
    from tests.flow_env import flow_state

    source = [SourceSpec(name="tidewater", kind="feed", location=site.url("/feed.xml"), lang="en")]
    env = dict(BENCHMILL_ENGINE="rules", BENCHMILL_LANGUAGES='["en"]', BENCHMILL_CRAWL__PER_HOST_INTERVAL="0",
               BENCHMILL_CRAWL__RESPECT_ROBOTS="false")
    with flow_state(tmp_path / "state", **env) as state:
        serve_tidewater(site, day=1)
        first = daily_news(sources=source, run_date="2026-03-19")
        store = Store.reader(state / "benchmill.duckdb")
        with store.connect() as con:
            council_released = con.execute(
                """SELECT ri.item_id FROM release_items ri JOIN items i USING (item_id)
                   WHERE list_contains(i.doc_ids, (SELECT doc_id FROM documents WHERE canonical_url = ?))""",
                [site.url("/news/council-budget")]).fetchall()
        serve_tidewater(site, day=1, gone=("council-budget",), unlisted=("council-budget", "crane-contract"))
        second = daily_news(sources=source, run_date="2026-03-20")
        third = daily_news(sources=source, run_date="2026-03-21")  # nothing more is fetched or recorded
        removals = store.removals()
        with store.connect() as con:
            still = con.execute("SELECT count(*) FROM release_items WHERE item_id IN (SELECT unnest(?::VARCHAR[]))",
                                [[i for (i,) in council_released]]).fetchone()[0]

    assert first.releases and council_released  # the council story's question was released on day 1
    assert (second.removed_documents, third.removed_documents) == (1, 0)
    assert [(r["canonical_url"], r["run_id"], r["reason"]) for r in removals] == [
        (site.url("/news/council-budget"), second.run_id, "HTTP 404 (no longer in the source's feed or listing)")]
    assert still == len(council_released)
    assert len(site.hits_for("/news/crane-contract")) == 2  # day 1, and the one re-check on day 2
