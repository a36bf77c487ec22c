"""Page text, step 1: an HTML page's bytes to text (byte-order mark, HTTP and <meta> charsets,
UTF-8, statistical detection), and what its content type says it is.

Part of the page pipeline of ``tasks/dragon/page_text.py`` (``extract_article``). Pure compute.
"""
from __future__ import annotations

import codecs
import re

import charset_normalizer

#: how much of a page is searched for a <meta> charset declaration (HTML spec: 1024 bytes;
#: real pages often put it later, after long <script>/<link> blocks)
_META_SNIFF_BYTES = 4096

_HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})
_CHARSET_PARAM = re.compile(r"""charset\s*=\s*["']?\s*([A-Za-z0-9_:.\-]+)""", re.IGNORECASE)
# <meta charset="x"> and <meta http-equiv="Content-Type" content="text/html; charset=x">,
# attributes in any order
_META_CHARSET = re.compile(rb"""<meta\b[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_:.\-]+)""", re.IGNORECASE)
_XML_DECLARATION = re.compile(r"^\s*<\?xml[^>]*\?>")
# Browsers decode these labels as windows-1252 (WHATWG Encoding); pages declaring them
# routinely contain 0x80-0x9F punctuation (curly quotes, dashes) that latin-1 gets wrong.
_WHATWG_ALIASES = {"iso-8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252",
                   "ascii": "cp1252", "us-ascii": "cp1252", "iso8859-1": "cp1252"}
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


def media_type(content_type: str | None) -> str | None:
    """``text/html; charset=x`` -> ``text/html``; None when there is no header."""
    if not content_type:
        return None
    return content_type.split(";", 1)[0].strip().lower() or None


def is_html_content_type(content_type: str | None) -> bool:
    """True for HTML/XHTML, and for a missing header (the body decides then)."""
    kind = media_type(content_type)
    return kind is None or kind in _HTML_TYPES


def _codec(label: str | None) -> str | None:
    """Python codec name for a charset label, None when unknown."""
    if not label:
        return None
    label = label.strip().lower()
    label = _WHATWG_ALIASES.get(label, label)
    try:
        return codecs.lookup(label).name
    except LookupError:
        return None


def decode_html(body: bytes, content_type: str | None = None) -> str:
    """Decode an HTML page: byte-order mark, then the HTTP charset, then a ``<meta>``
    charset declaration, then UTF-8, then statistical detection (charset-normalizer).

    A declared charset that does not decode the bytes cleanly is treated as a wrong
    declaration and the next evidence is tried; when nothing decodes cleanly the first
    usable guess decodes with replacement characters, so this never raises.
    """
    for bom, codec in _BOMS:
        if body.startswith(bom):
            return body.decode(codec, errors="replace")
    declared: list[str] = []
    if content_type and (match := _CHARSET_PARAM.search(content_type)):
        declared.append(match.group(1))
    if match := _META_CHARSET.search(body[:_META_SNIFF_BYTES]):
        declared.append(match.group(1).decode("ascii"))
    candidates = [codec for codec in map(_codec, declared) if codec] + ["utf-8"]
    for codec in candidates:
        try:
            return body.decode(codec)
        except (UnicodeDecodeError, LookupError):
            continue
    best = charset_normalizer.from_bytes(body).best()
    if best is not None:
        return str(best)
    return body.decode(candidates[0], errors="replace")
