"""Validators, conditional requests and content codings, the same for files and computed answers.

RFC 9110 forbids one strong ETag for two different byte sequences, and the plain, gzip and brotli
bodies of one answer are different bytes. They are semantically equivalent, which is what a weak
validator says (8.8.1): an answer that has compressed forms carries ``W/"<hash of the plain body>"``
and ``Vary: Accept-Encoding``; an answer sent only plain keeps its strong ETag. If-None-Match uses
the weak comparison (13.1.2), so either form revalidates. ``Last-Modified`` is the build's as-of
(every file and every build-time answer is as of it); If-Modified-Since is read only when
If-None-Match is absent (13.2.2).
"""

from __future__ import annotations

import datetime as dt
import functools
from email.utils import format_datetime, parsedate_to_datetime

import brotli
import deflate

from generator.render import MEDIA_TYPES, base_type

CODINGS = (("br", "br"), ("gzip", "gz"))  # Accept-Encoding token, twin suffix; br first on a tie
CODING_NAMES = {twin: token for token, twin in CODINGS}
# The one compression policy, for files (their .gz/.br twins) and computed answers alike:
TWIN_THRESHOLD = 1024  # bytes: smaller answers go plain
# Brotli only pays from here: on the 1-8 KiB documents that make most of a build (a card's
# everything, evidence and price pages) it saves ~10% over gzip, while its twin is a third more
# files to create and most of the compression time; a CDN still serves those gzip-coded.
BROTLI_THRESHOLD = 8192
BROTLI_QUALITY = 5  # quality 11 is ~40x slower for a few percent on small JSON
# libdeflate (the C library, through the ``deflate`` package) at zlib's default level: the same ratio on card
# documents as zlib's level 6 (0.524), 1.6x faster (36 vs 57 us a 4 KiB document); gzip twins were
# 35-50% of a JSON card route's CPU in a build (docs/architecture.md).
GZIP_LEVEL = 6


def weak(tag: str) -> str:
    return tag if tag.startswith("W/") else f"W/{tag}"


def http_date(instant: dt.datetime) -> str:
    return format_datetime(instant.astimezone(dt.UTC), usegmt=True)


def matches(if_none_match: str, etag: str) -> bool:
    """RFC 9110 13.1.2: a list of entity tags or ``*``, compared weakly (``W/`` ignored on both sides)."""
    if if_none_match.strip() == "*":
        return True
    opaque = etag.removeprefix("W/")
    return any(tag.strip().removeprefix("W/") == opaque for tag in if_none_match.split(","))


def unchanged(request_headers: dict[str, str], etag: str, last_modified: dt.datetime | None) -> bool:
    """Whether the client's copy is current, so a 200 may be answered 304."""
    if_none_match = request_headers.get("if-none-match")
    if if_none_match is not None:
        return matches(if_none_match, etag)
    since_text = request_headers.get("if-modified-since")
    if since_text is None or last_modified is None:
        return False
    try:
        since = parsedate_to_datetime(since_text)
    except (TypeError, ValueError):
        return False  # an invalid date is ignored (13.1.3)
    return since.tzinfo is not None and last_modified.replace(microsecond=0) <= since


def not_modified_headers(headers: dict[str, str]) -> dict[str, str]:
    """A 304 keeps the validators and caching headers (Vary included, 15.4.5), no body type."""
    return {k: v for k, v in headers.items() if k not in ("Content-Type", "Content-Encoding")}


@functools.lru_cache(maxsize=512)  # a pure function of two short strings, asked on every file request
def pick_encoding(accept: str, twins: tuple[str, ...]) -> str | None:
    """The twin the client accepts with the highest q-value (br before gzip on a tie), else None."""
    if not twins or not accept:
        return None
    weights = {}
    for part in accept.split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        weights[name.strip().lower()] = q
    offered = [(weights.get(name, weights.get("*", 0.0)), rank, twin) for rank, (name, twin) in enumerate(CODINGS)]
    usable = (o for o in offered if o[2] in twins)
    best = max(usable, key=lambda o: (o[0], -o[1]), default=(0.0, 0, None))
    return best[2] if best[0] > 0 else None


def codings_for(media_type: str, size: int) -> tuple[str, ...]:
    """The codings an answer of ``media_type`` and ``size`` bytes is offered in: none for a type its
    media row says is not worth coding (HTML, docs/reader-pages.md) or under 1 KiB, gzip from 1 KiB,
    brotli too from 8 KiB. The writer makes these twins; the app codes a computed answer the same."""
    row = MEDIA_TYPES.get(base_type(media_type))
    if size < TWIN_THRESHOLD or row is None or not row.compressible:
        return ()
    return ("br", "gz") if size >= BROTLI_THRESHOLD else ("gz",)


def compress(body: bytes, coding: str) -> bytes:
    """``body`` in one coding (a twin suffix: ``br`` or ``gz``), the same bytes a file's twin has.
    Brotli's window is fitted to the body: the same size as the default 4 MiB window for files
    smaller than it, and ~25% faster on small files (the encoder's set-up scales with the window)."""
    if coding == "br":
        window = min(24, max(16, (len(body) + 15).bit_length()))  # (1 << lgwin) - 16 bytes
        return bytes(brotli.compress(body, quality=BROTLI_QUALITY, lgwin=window))
    return bytes(deflate.gzip_compress(body, GZIP_LEVEL))  # libdeflate: no timestamp, so deterministic
