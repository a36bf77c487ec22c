"""DRAGON stage 1: fetch news articles from one source and extract their text.

A source (``schemas.SourceSpec``) is an RSS/Atom feed, an HTML listing page, or a local
folder snapshot (feed files + article HTML, for offline runs). Each article becomes a
``FetchedDocument``: plain text whose paragraphs are separated by blank lines (the diff
stage compares paragraphs), metadata (title, author, date), language and content hash.
The page side (decoding, extraction, cleaning, acceptance by content) is
``tasks/dragon/page_text.py``; after a source's pages are extracted, paragraphs repeated
across them (site boilerplate) are removed here. Injected text removed from an accepted page
is recorded as a failure of stage ``page-text``; listed articles answering 404/410 are
returned in ``CrawlResult.gone`` for the flow to record as removals, and so are articles of
the source's previous listing that dropped out of its feed or listing page and answer
404/410 when fetched once more (``recheck``; one still answering is only rotated out).

Politeness and robustness of the HTTP side (``PoliteFetcher``): one httpx client per
crawl, a clear User-Agent, robots.txt fetched once per origin and honoured, a minimum
interval between requests to one host, retries with exponential backoff on connection
errors, timeouts, 5xx and 429 (Retry-After honoured), a response size cap enforced while
streaming, and HTML-only article responses.

One bad feed, page or article becomes a ``schemas.Failure`` (stage "crawl", key = URL or
file path) next to the documents, never an exception that loses the batch. ``transient``
failures (timeouts, 5xx, unreachable robots.txt) are worth retrying on the next run;
``permanent`` ones (404, disallowed, malformed feed, a page that is no article) are not.

Pure compute apart from the network/file reads: no store access.
"""
from __future__ import annotations

import email.utils
import io
import logging
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit
from urllib.robotparser import RobotFileParser

import feedparser
import httpx
from pydantic import BaseModel

from benchmill import ROOT
from benchmill.nlp import detect_language  # noqa: F401  (a public name of this module)
from benchmill.settings import CrawlSettings
from schemas.documents import FetchedDocument, SourceSpec
from schemas.failures import Failure
from tasks.dragon.diff import content_hash, normalise_text, tidy_whitespace  # noqa: F401  (public names)
# page decoding and text extraction live in page_text (its steps in page_text_*), URLs in urls; re-exported here
from tasks.dragon.page_text import (  # noqa: F401
    MIN_ARTICLE_CHARS, ArticleError, CrawlError, ExtractedArticle, FailureKind, extract_article,
)
from tasks.dragon.page_text_boilerplate import strip_site_boilerplate
from tasks.dragon.page_text_decode import _XML_DECLARATION, decode_html, is_html_content_type, media_type
from tasks.dragon.page_text_markup import _parse_html
from tasks.dragon.urls import _is_http_url, _resolve, _same_site, canonical_url

__all__ = [
    "ArticleError", "CrawlError", "CrawlResult", "ExtractedArticle", "FetchError", "PoliteFetcher",
    "canonical_url", "content_hash", "crawl_source", "decode_html", "detect_language",
    "extract_article", "listing_article_links", "normalise_text",
]

logger = logging.getLogger(__name__)

STAGE = "crawl"
MAX_REDIRECTS = 5
#: a server asking for a longer pause is retried on the next run instead of stalling this one
MAX_RETRY_AFTER_S = 60.0
#: robots.txt Crawl-delay is honoured up to this many seconds between requests
MAX_CRAWL_DELAY_S = 60.0


# --------------------------------------------------------------------------- results


class CrawlResult(BaseModel):
    """Everything one source yielded: documents sorted by canonical URL, failures by key,
    and listed articles that answered 404/410 (``gone``: canonical URL -> ``HTTP 404``; the
    flow records a removal for those the store knows). ``listed``: canonical URLs the feed
    or listing page names now (with the documents' own canonical URLs, and re-checked ones
    that could not be reached, so they are checked again), sorted; empty for a folder."""

    documents: list[FetchedDocument]
    failures: list[Failure]
    gone: dict[str, str] = {}
    listed: list[str] = []


class FetchError(CrawlError):
    """An HTTP fetch failed (status, network, robots, size, content type)."""

    def __init__(self, reason: str, kind: FailureKind = "permanent", status: int | None = None):
        super().__init__(reason, kind)
        self.status = status


#: an article URL answering one of these is gone (removed by the site), not failing
GONE_STATUSES = frozenset({404, 410})
#: stage of the failures that record text removed from an accepted page (injected text)
TEXT_STAGE = "page-text"


# --------------------------------------------------------------------------- listing pages


# sections, not articles, even when linked from inside <main>
_SECTION_SEGMENTS = frozenset({
    "tag", "tags", "topic", "topics", "category", "categories", "section", "sections", "author",
    "authors", "page", "search", "login", "register", "subscribe", "about", "contact", "privacy",
    "terms", "rss", "feed", "feeds",
})
_ASSET_SUFFIX = re.compile(
    r"\.(?:jpe?g|png|gif|webp|svg|ico|pdf|zip|gz|mp[34]|avi|mov|css|js|json|xml|rss|atom|txt)$", re.IGNORECASE
)
# article-looking paths: a date (/2024/05/12/), a .html page, a numeric id (>= 4 digits),
# or a slug of at least four hyphenated words
_ARTICLE_PATH = re.compile(
    r"/(?:19|20)\d\d/\d{1,2}/|\.s?html?$|\d{4,}/?$|/[^/]+(?:-[^/]+){3,}/?$", re.IGNORECASE
)


def listing_article_links(html: str, page_url: str) -> list[str]:
    """Same-site article links on a listing page, absolute, in page order, deduplicated
    by canonical URL.

    A link counts when it sits inside ``<article>`` or ``<main>`` (teasers) or its path
    looks like an article (date, .html, numeric id, long slug); section pages (tags,
    authors, pagination...), assets, other sites and the page itself are skipped.
    """
    tree = _parse_html(_XML_DECLARATION.sub("", html, count=1))
    if tree is None:
        return []
    tree.make_links_absolute(page_url, resolve_base_href=True, handle_failures="discard")
    own_key = canonical_url(page_url)
    seen: set[str] = {own_key}
    links: list[str] = []
    for anchor in tree.iter("a"):
        href = (anchor.get("href") or "").strip()
        if not href or not _is_http_url(href) or not _same_site(href, page_url):
            continue
        key = canonical_url(href)
        path = urlsplit(key).path
        segments = [s.lower() for s in path.split("/") if s]
        if key in seen or not segments or _ASSET_SUFFIX.search(path) or segments[0] in _SECTION_SEGMENTS:
            continue
        in_content = bool(anchor.xpath("ancestor::article or ancestor::main"))
        if in_content or _ARTICLE_PATH.search(path):
            seen.add(key)
            links.append(urlunsplit(urlsplit(href)._replace(fragment="")))
    return links


# --------------------------------------------------------------------------- HTTP


@dataclass(frozen=True)
class HttpPage:
    """A successful response: final URL (after redirects), content type, body."""

    url: str
    content_type: str | None
    body: bytes


@dataclass(frozen=True)
class _Hop:
    """One request's outcome: a page, or a redirect to follow."""

    page: HttpPage | None = None
    location: str | None = None


def _retry_after_seconds(value: str | None) -> float | None:
    """Retry-After as seconds: delta-seconds or an HTTP date; None when absent/unreadable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


class PoliteFetcher:
    """HTTP GETs that behave: robots.txt, per-host pacing, retries, size cap.

    Use as a context manager (closes the connection pool). Not thread-safe: a crawl of
    one source is sequential, and per-host pacing makes parallel requests to one host
    pointless anyway.
    """

    def __init__(self, settings: CrawlSettings):
        self._settings = settings
        self._client = httpx.Client(
            headers={"User-Agent": settings.user_agent,
                     "Accept": "text/html,application/xhtml+xml,application/rss+xml,application/atom+xml,"
                               "application/xml;q=0.9,*/*;q=0.8"},
            timeout=settings.timeout,
            # redirects are followed by hand so that every hop passes robots.txt and pacing
            follow_redirects=False,
        )
        self._robots: dict[str, RobotFileParser | FetchError] = {}
        self._host_interval: dict[str, float] = {}
        self._last_request_end: dict[str, float] = {}

    def __enter__(self) -> PoliteFetcher:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    def get(self, url: str, *, html_only: bool) -> HttpPage:
        """GET ``url`` following redirects; ``html_only`` rejects other content types
        before the body is read. Raises ``FetchError``."""
        return self._follow(url, html_only=html_only, check_robots=self._settings.respect_robots)

    def _follow(self, url: str, *, html_only: bool, check_robots: bool) -> HttpPage:
        for _ in range(MAX_REDIRECTS + 1):
            if not _is_http_url(url):
                raise FetchError(f"not an http(s) URL: {url}")
            if check_robots:
                self._check_robots(url)
            hop = self._request(url, html_only=html_only)
            if hop.page is not None:
                return hop.page
            url = hop.location or url
        raise FetchError(f"more than {MAX_REDIRECTS} redirects")

    # ---- pacing

    def _wait_turn(self, host: str) -> None:
        """Sleep until the host's interval has passed since its previous response ended."""
        last = self._last_request_end.get(host)
        if last is None:
            return
        interval = self._host_interval.get(host, self._settings.per_host_interval)
        remaining = last + interval - time.monotonic()
        if remaining > 0:
            time.sleep(remaining)

    # ---- robots.txt

    def _check_robots(self, url: str) -> None:
        parts = urlsplit(url)
        origin = f"{parts.scheme.lower()}://{parts.netloc.lower()}"
        rules = self._robots.get(origin)
        if rules is None:
            rules = self._robots[origin] = self._load_robots(origin)
        if isinstance(rules, FetchError):
            raise FetchError(rules.reason, rules.kind)
        if not rules.can_fetch(self._settings.user_agent, url):
            raise FetchError("disallowed by robots.txt", "permanent")

    def _load_robots(self, origin: str) -> RobotFileParser | FetchError:
        """Rules for one origin, following RFC 9309: a robots.txt that does not exist
        (4xx or otherwise unavailable) allows everything; one that cannot be reached
        (5xx, network) disallows everything, as a transient failure."""
        rules = RobotFileParser(f"{origin}/robots.txt")
        try:
            page = self._follow(f"{origin}/robots.txt", html_only=False, check_robots=False)
        except FetchError as exc:
            if exc.kind == "transient":
                return FetchError(f"robots.txt unreachable ({exc.reason}), so crawling is not allowed", "transient")
            rules.allow_all = True
            return rules
        rules.parse(page.body.decode("utf-8", errors="replace").splitlines())
        delay = rules.crawl_delay(self._settings.user_agent)
        if delay:
            host = urlsplit(origin).netloc
            self._host_interval[host] = max(self._settings.per_host_interval, min(float(delay), MAX_CRAWL_DELAY_S))
        return rules

    # ---- one request, with retries

    def _request(self, url: str, *, html_only: bool) -> _Hop:
        host = urlsplit(url).netloc.lower()
        attempts = self._settings.retries + 1
        problem = ""
        for attempt in range(attempts):
            retry_after: float | None = None
            self._wait_turn(host)
            try:
                with self._client.stream("GET", url) as response:
                    status = response.status_code
                    if status == 429 or status >= 500:
                        problem = f"HTTP {status}"
                        retry_after = _retry_after_seconds(response.headers.get("retry-after"))
                    elif 300 <= status < 400 and response.headers.get("location"):
                        location = _resolve(url, response.headers["location"])
                        if location is None:
                            raise FetchError(f"HTTP {status} to an unusable location {response.headers['location']!r}")
                        return _Hop(location=location)
                    elif not 200 <= status < 300:
                        raise FetchError(f"HTTP {status}", "permanent", status=status)
                    else:
                        content_type = response.headers.get("content-type")
                        if html_only and not is_html_content_type(content_type):
                            raise FetchError(f"not an HTML page (content type {media_type(content_type)})")
                        return _Hop(page=HttpPage(str(response.url), content_type, self._read_capped(response)))
            except httpx.TimeoutException as exc:
                problem = f"timed out ({type(exc).__name__}, timeout {self._settings.timeout:g} s)"
            except (httpx.NetworkError, httpx.RemoteProtocolError) as exc:
                problem = f"{type(exc).__name__}: {exc}"
            except (httpx.HTTPError, httpx.InvalidURL) as exc:  # malformed URL, bad protocol: final
                raise FetchError(f"{type(exc).__name__}: {exc}", "permanent") from None
            finally:
                self._last_request_end[host] = time.monotonic()
            if attempt + 1 < attempts:
                delay = self._settings.backoff * 2**attempt
                if retry_after is not None:
                    if retry_after > MAX_RETRY_AFTER_S:
                        raise FetchError(
                            f"{problem} with Retry-After {retry_after:.0f} s (over {MAX_RETRY_AFTER_S:.0f} s)",
                            "transient",
                        )
                    delay = max(delay, retry_after)
                time.sleep(delay)
        raise FetchError(f"{problem} after {attempts} attempt(s)", "transient")

    def _read_capped(self, response: httpx.Response) -> bytes:
        """The body, or ``FetchError`` as soon as it exceeds ``max_bytes`` (the rest is
        never downloaded)."""
        limit = self._settings.max_bytes
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            raise FetchError(f"response is {int(declared)} bytes, over the {limit}-byte limit")
        body = bytearray()
        for chunk in response.iter_bytes():
            body += chunk
            if len(body) > limit:
                raise FetchError(f"response is larger than the {limit}-byte limit (stopped after {len(body)} bytes)")
        return bytes(body)


# --------------------------------------------------------------------------- feeds


@dataclass(frozen=True)
class _FeedEntry:
    """What a feed says about one article, kept as fallback metadata."""

    link: str
    title: str
    author: str | None
    published: datetime | None


# RSS 2.0 <author> is "email (Name)"; feedparser keeps the whole string and mangles the
# name it derives from it
_RSS_AUTHOR = re.compile(r"\s*[^\s@()]+@[^\s@()]+\s*\((?P<name>[^()]+)\)\s*")
_BARE_EMAIL = re.compile(r"\s*[^\s@()]+@[^\s@()]+\s*")


def _entry_author(entry: feedparser.FeedParserDict) -> str | None:
    """The author's name from a feed entry (Atom name, dc:creator or RSS author), never an
    e-mail address."""
    author = entry.get("author") or ""
    if match := _RSS_AUTHOR.fullmatch(author):
        author = match.group("name")
    elif _BARE_EMAIL.fullmatch(author):
        author = ""
    return tidy_whitespace(author) or None


def _entry_published(entry: feedparser.FeedParserDict) -> datetime | None:
    parsed = entry.get("published_parsed") or entry.get("updated_parsed")
    if not parsed:
        return None
    return datetime(*parsed[:6], tzinfo=UTC)  # feedparser normalises to UTC


def _parse_feed(body: bytes, url: str, content_type: str | None) -> tuple[list[_FeedEntry], list[str]]:
    """Entries of a feed document, and problems (reasons) found in it.

    Raises ``CrawlError`` for a malformed feed (feedparser bozo with no usable entry). A
    feed that is well-formed but empty yields nothing and no problem.
    """
    headers = {"content-location": url}
    if content_type:
        headers["content-type"] = content_type
    # a stream, never a str/bytes: feedparser treats a string that looks like a URL or an
    # existing path as something to open
    parsed = feedparser.parse(io.BytesIO(body), response_headers=headers)
    # feedparser's lenient mode salvages fragments of broken XML as entries; without a
    # single link among them nothing was salvaged
    if parsed.bozo and not any(entry.get("link") for entry in parsed.entries):
        raise CrawlError(f"malformed feed: {parsed.get('bozo_exception') or 'unreadable'}")
    entries: list[_FeedEntry] = []
    problems: list[str] = []
    for number, entry in enumerate(parsed.entries, start=1):
        title = tidy_whitespace(entry.get("title") or "")
        link = (entry.get("link") or "").strip()
        if not link:
            problems.append(f"entry {number} ({title or 'untitled'!r}) has no link")
            continue
        # a folder snapshot's feed has a file: URL as base; its links are absolute http(s)
        absolute = link if _is_http_url(link) else _resolve(url, link)
        if absolute is None:
            problems.append(f"entry {number} ({title or 'untitled'!r}) has an unusable link {link!r}")
            continue
        entries.append(_FeedEntry(absolute, title, _entry_author(entry), _entry_published(entry)))
    return entries, problems


# --------------------------------------------------------------------------- the crawl


class _SourceCrawl:
    """State of one source's crawl: documents by canonical URL, links already tried."""

    def __init__(self, spec: SourceSpec, settings: CrawlSettings):
        self.spec = spec
        self.settings = settings
        self.documents: dict[str, FetchedDocument] = {}
        self.failures: list[Failure] = []
        self.gone: dict[str, str] = {}
        self.listed: set[str] = set()
        self._tried: set[str] = set()

    def fail(self, key: str, reason: str, kind: FailureKind = "permanent") -> None:
        logger.info("crawl %s: %s: %s (%s)", self.spec.name, key, reason, kind)
        self.failures.append(Failure(stage=STAGE, key=key, reason=reason, kind=kind))

    def first_visit(self, url: str) -> bool:
        """False when a link with the same canonical URL was already tried in this crawl."""
        key = canonical_url(url)
        if key in self._tried:
            return False
        self._tried.add(key)
        return True

    def keep(self, article: ExtractedArticle, url: str) -> None:
        # two URLs can declare one canonical page: the first crawled wins, silently
        self._tried.add(article.canonical_url)
        if article.canonical_url not in self.documents:
            self.documents[article.canonical_url] = article.to_document(self.spec.name, url)
            if article.injected:  # kept out of the text (and so of triplets); said where and why
                removed = "; ".join(f"{reason} in {_excerpt(paragraph)}" for reason, paragraph in article.injected)
                self.failures.append(Failure(stage=TEXT_STAGE, key=url, kind="permanent",
                                             reason=f"injected text removed ({len(article.injected)}): {removed}"))

    def result(self) -> CrawlResult:
        documents, rejected = strip_site_boilerplate([self.documents[key] for key in sorted(self.documents)])
        for doc, reason in rejected:
            self.fail(doc.url, reason)
        return CrawlResult(
            documents=documents,
            failures=sorted(self.failures, key=lambda f: (f.key, f.stage, f.reason)),
            gone=dict(sorted(self.gone.items())),
            listed=sorted(self.listed | {d.canonical_url for d in documents}) if self.spec.kind != "folder" else [],
        )

    def recheck(self, fetcher: PoliteFetcher, previous: list[str]) -> None:
        """Fetch once more the articles of the previous listing that this one no longer
        names: a site that deletes an article drops it from its feed too, so the 404 is only
        seen this way. 404/410 is a removal; a page that still answers was rotated out of a
        feed of the latest N (nothing to record); one that cannot be reached stays listed,
        to be checked on the next run."""
        now = self.listed | {a.canonical_url for a in self.documents.values()}
        for url in sorted(set(previous) - now):
            try:
                fetcher.get(url, html_only=False)
            except FetchError as exc:
                if exc.status in GONE_STATUSES:
                    self.gone[url] = f"{exc.reason} (no longer in the source's feed or listing)"
                elif exc.kind == "transient":
                    self.listed.add(url)
            except CrawlError:
                pass

    # ---- network sources

    def crawl_feed(self, fetcher: PoliteFetcher, feed_url: str) -> None:
        try:
            page = fetcher.get(feed_url, html_only=False)
            entries, problems = _parse_feed(page.body, page.url, page.content_type)
        except CrawlError as exc:
            self.fail(feed_url, exc.reason, exc.kind)
            return
        for problem in problems:
            self.fail(feed_url, problem)
        for entry in entries:
            self.crawl_article(fetcher, entry.link, entry)

    def crawl_listing(self, fetcher: PoliteFetcher, listing_url: str) -> None:
        try:
            page = fetcher.get(listing_url, html_only=True)
        except CrawlError as exc:
            self.fail(listing_url, exc.reason, exc.kind)
            return
        links = listing_article_links(decode_html(page.body, page.content_type), page.url)
        if not links:
            self.fail(listing_url, "no article links found on the listing page")
        for link in links:
            self.crawl_article(fetcher, link, None)

    def crawl_article(self, fetcher: PoliteFetcher, link: str, entry: _FeedEntry | None) -> None:
        self.listed.add(canonical_url(link))
        if not self.first_visit(link):
            return
        try:
            page = fetcher.get(link, html_only=True)
            article = extract_article(page.body, page.url, content_type=page.content_type, **self._hints(entry))
        except CrawlError as exc:
            self.fail(link, exc.reason, exc.kind)
            if isinstance(exc, FetchError) and exc.status in GONE_STATUSES:
                self.gone[canonical_url(link)] = exc.reason
            return
        self.keep(article, page.url)

    # ---- offline snapshot

    def crawl_folder(self, folder: Path) -> None:
        """Feed files ``feed*.xml`` in ``folder``; an entry's link maps to
        ``articles/<last path segment of the link>``."""
        if not folder.is_dir():
            self.fail(str(folder), "source folder does not exist")
            return
        feeds = sorted(folder.glob("feed*.xml"))
        if not feeds:
            self.fail(str(folder), "no feed*.xml files in the source folder")
        for feed_path in feeds:
            try:
                entries, problems = _parse_feed(feed_path.read_bytes(), feed_path.resolve().as_uri(), None)
            except OSError as exc:
                self.fail(str(feed_path), f"cannot read feed file: {exc}")
                continue
            except CrawlError as exc:
                self.fail(str(feed_path), exc.reason, exc.kind)
                continue
            for problem in problems:
                self.fail(str(feed_path), problem)
            for entry in entries:
                self.crawl_article_file(folder / "articles", entry)

    def crawl_article_file(self, articles_dir: Path, entry: _FeedEntry) -> None:
        if not self.first_visit(entry.link):
            return
        path = _snapshot_path(articles_dir, entry.link)
        if path is None:
            self.fail(entry.link, "link has no file name to look up in the snapshot")
            return
        try:
            size = path.stat().st_size
            if size > self.settings.max_bytes:
                raise ArticleError(f"file is {size} bytes, over the {self.settings.max_bytes}-byte limit")
            article = extract_article(path.read_bytes(), entry.link, **self._hints(entry))
        except FileNotFoundError:
            self.fail(str(path), f"article file missing for {entry.link}")
            return
        except OSError as exc:
            self.fail(str(path), f"cannot read article file: {exc}")
            return
        except CrawlError as exc:
            self.fail(str(path), exc.reason, exc.kind)
            return
        self.keep(article, entry.link)

    def _hints(self, entry: _FeedEntry | None) -> dict:
        hints: dict = {"lang": self.spec.lang}
        if entry is not None:
            hints.update(fallback_title=entry.title, fallback_author=entry.author, fallback_published=entry.published)
        return hints


def _excerpt(text: str, limit: int = 80) -> str:
    text = tidy_whitespace(text)
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def _snapshot_path(articles_dir: Path, link: str) -> Path | None:
    """``articles/<last path segment of link>``; the percent-decoded name when only that
    exists (file names of non-ASCII slugs are usually stored decoded)."""
    segments = [s for s in urlsplit(link).path.split("/") if s]
    if not segments:
        return None
    raw = segments[-1]
    for name in (raw, unquote(raw)):
        if name in (".", "..") or "/" in name or "\\" in name:
            return None
        if (articles_dir / name).exists():
            return articles_dir / name
    return articles_dir / raw


def _resolve_folder(location: str) -> Path:
    """A relative folder is looked up from the working directory, then from the
    repository root (where the bundled demo snapshots live)."""
    path = Path(location).expanduser()
    if path.is_absolute() or path.exists():
        return path
    return ROOT / path


def crawl_source(spec: SourceSpec, settings: CrawlSettings, previous_listing: list[str] = ()) -> CrawlResult:
    """Crawl one source: every article it lists, fetched, extracted and deduplicated.

    Documents are unique by canonical URL (first one crawled wins) and sorted by it, and
    failures are sorted, so that equal inputs give equal results (cacheable). Bad items
    become failures; this raises only on programming errors. ``previous_listing``: the
    canonical URLs of known articles the source listed last time (web sources); those it
    no longer lists are fetched once more and reported ``gone`` on 404/410. A feed or
    listing page that cannot be read re-checks nothing (its articles did not drop out).
    """
    crawl = _SourceCrawl(spec, settings)
    if spec.kind == "folder":
        crawl.crawl_folder(_resolve_folder(spec.location))
    else:
        with PoliteFetcher(settings) as fetcher:
            if spec.kind == "feed":
                crawl.crawl_feed(fetcher, spec.location)
            else:
                crawl.crawl_listing(fetcher, spec.location)
            if crawl.listed:
                crawl.recheck(fetcher, list(previous_listing))
            else:  # the listing failed or was empty: keep the previous one for the next run
                crawl.listed.update(previous_listing)
    result = crawl.result()
    logger.info("crawl %s: %d documents, %d failures", spec.name, len(result.documents), len(result.failures))
    return result
