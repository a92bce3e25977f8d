"""The one wire path: how any answer leaves the app, a file or a computed answer alike.

``finalize`` takes an answer's status, headers and plain body, the codings it is offered in and when
it was last modified, and the request; it decides the coding (``Accept-Encoding``), the validator's
strength and ``Vary`` (``validator``, ``coded_headers``), ``Last-Modified``, the 304 on a current
copy, and ``Content-Length``. A file's codings are its twins on disk (``generator.write``); a
computed answer's are the same policy applied to its bytes (``conditional.codings_for``), so the two
answer a request the same way. The static hot path keeps what ``coded_headers`` gives per route and
coding (``generator.serve.served``), and the manifest stores the validator as served.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from generator.web.conditional import (
    CODING_NAMES,
    codings_for,
    compress,
    http_date,
    not_modified_headers,
    pick_encoding,
    unchanged,
    weak,
)

RawHeaders = list[tuple[bytes, bytes]]


@dataclass(frozen=True)
class Outgoing:
    """What is sent: the status, the headers as the server writes them, and the body."""

    status: int
    headers: RawHeaders
    body: bytes


def validator(etag: str, codings: tuple[str, ...]) -> str:
    """One strong ETag for an answer sent only plain; one weak one for an answer with coded forms
    (different bytes, the same representation: RFC 9110 8.8.1)."""
    return weak(etag) if codings else etag


def coded_headers(
    headers: Mapping[str, str], codings: tuple[str, ...], coding: str | None, last_modified: str | None
) -> dict[str, str]:
    """``headers`` as sent in ``coding`` (a twin suffix, or None for plain)."""
    out = dict(headers)
    if "ETag" in out:
        out["ETag"] = validator(out["ETag"], codings)
    vary = out.get("Vary", "")
    if codings and "Accept-Encoding" not in vary:
        out["Vary"] = f"{vary}, Accept-Encoding" if vary else "Accept-Encoding"
    if coding:
        out["Content-Encoding"] = CODING_NAMES[coding]
    if last_modified is not None:
        out["Last-Modified"] = last_modified
    return out


def raw(headers: Mapping[str, str], body: bytes | None = None) -> RawHeaders:
    """Headers as the server writes them; with ``body``, its Content-Length too."""
    pairs = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
    if body is not None:
        pairs.append((b"content-length", str(len(body)).encode()))
    return pairs


def finalize(
    status: int,
    headers: Mapping[str, str],
    body: bytes,
    request: Mapping[str, str],
    *,
    codings: tuple[str, ...] | None = None,
    coded: Callable[[str], bytes] | None = None,
    last_modified: dt.datetime | None = None,
    head: bool = False,
) -> Outgoing:
    """The answer to send. ``request`` holds the request's headers (lower-case names); ``codings``
    default to the policy for the body's media type and size, ``coded`` to compressing the body."""
    if codings is None:
        codings = codings_for(headers.get("Content-Type", ""), len(body)) if status not in (204, 304) else ()
    coding = pick_encoding(request.get("accept-encoding", ""), codings) if codings else None
    stamp = http_date(last_modified) if last_modified is not None and status == 200 else None
    sent = coded_headers(headers, codings, coding, stamp)
    if status == 200 and "ETag" in sent and unchanged(dict(request), sent["ETag"], last_modified):
        return Outgoing(304, raw(not_modified_headers(sent)), b"")
    if coding is not None:
        body = (coded or (lambda c: compress(body, c)))(coding)
    return Outgoing(status, raw(sent, body), b"" if head else body)
