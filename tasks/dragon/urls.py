"""Canonical URLs and link resolution shared by the crawl (fetching, feeds, listings) and
the page-text extraction (``<link rel=canonical>``)."""
from __future__ import annotations

from urllib.parse import parse_qsl, quote, urlencode, urljoin, urlsplit, urlunsplit

__all__ = ["canonical_url"]


# --------------------------------------------------------------------------- URLs


_TRACKING_PARAMS = frozenset({"fbclid", "gclid"})
_DEFAULT_PORTS = {"http": 80, "https": 443}
# characters left as they are in a path: RFC 3986 reserved + unreserved, and '%' so that
# existing escapes are not escaped twice
_PATH_SAFE = "/%:@!$&'()*+,;=-._~"


def canonical_url(url: str) -> str:
    """The form of ``url`` under which an article is known across crawls.

    Lower-case scheme and host, default port and user info dropped, fragment dropped,
    tracking parameters (``utm_*``, ``fbclid``, ``gclid``) dropped, remaining query
    parameters sorted, raw non-ASCII path characters percent-encoded, trailing slash
    stripped. Idempotent. (``<link rel=canonical>`` is applied by ``extract_article``.)
    """
    parts = urlsplit(url.strip())
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if ":" in host:  # IPv6 literal: urlsplit drops the brackets
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:  # not a number: keep what was written rather than fail
        port = None
        host = parts.netloc.rsplit("@", 1)[-1].lower()
    netloc = host if port is None or port == _DEFAULT_PORTS.get(scheme) else f"{host}:{port}"
    query = sorted(
        (key, value)
        for key, value in parse_qsl(parts.query, keep_blank_values=True)
        if not (key.lower().startswith("utm_") or key.lower() in _TRACKING_PARAMS)
    )
    path = quote(parts.path, safe=_PATH_SAFE).rstrip("/")
    return urlunsplit((scheme, netloc, path, urlencode(query), ""))


def _is_http_url(url: str) -> bool:
    """An absolute http(s) URL that urllib can take apart (callers may then split it freely)."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018  raises ValueError on a non-numeric port
    except ValueError:  # e.g. an unclosed IPv6 bracket
        return False
    return parts.scheme.lower() in ("http", "https") and bool(parts.hostname)


def _resolve(base: str, href: str) -> str | None:
    """``href`` made absolute against ``base``; None when it is not a usable http(s) URL.

    Links come from untrusted pages and feeds: a malformed one must fail its item, not
    raise out of the crawl.
    """
    try:
        target = urljoin(base, href.strip())
    except ValueError:
        return None
    return target if _is_http_url(target) else None


def _site(url: str) -> str:
    """Host without a leading ``www.``: example.com and www.example.com are one site."""
    return (urlsplit(url).hostname or "").lower().removeprefix("www.")


def _same_site(a: str, b: str) -> bool:
    return bool(_site(a)) and _site(a) == _site(b)
