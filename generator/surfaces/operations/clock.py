"""The clock and the mirror: ``GET /api/v1/time`` and ``ANY /api/v1/echo`` (spec section B).

Both depend on the request or the moment, so the app computes them and nothing caches them
(``Cache-Control: no-store``). Echo shows a caller what reached us: every header, with secrets
replaced by ``[redacted]`` (by name: Authorization, Cookie, Proxy-*, X-Api-Key and any name holding
token, secret or key), the address only as an HMAC keyed by a daily salt (derived from the server's
key and the UTC date, never stored, so one address hashes alike within a day and unlinkably across
days), and the body deserialised as JSON when it is JSON. Nothing is logged or kept.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import re
from email.utils import parsedate_to_datetime
from typing import Any

import orjson

from generator.models.operations import status as docs
from generator.site import Site
from generator.web.body import MAX_DEPTH, deeper_than
from generator.web.surface import Context, Method, Param, Params, Query, Result, Surface, error
from generator.web.validate import parse_date_time

ECHO_PATH = "/api/v1/echo"
ECHO_LIMIT = 64 * 1024
SECRET_NAMES = re.compile(r"^(authorization|cookie|set-cookie|proxy-.*|x-api-key)$|token|secret|key", re.IGNORECASE)
MY_TIME = Param("my_time", format="date-time", description="your clock, ISO 8601 with an offset; the skew is reported")


def time_now(ctx: Context, params: Params, query: Query) -> Result:
    now = ctx.now
    skew = None
    if "my_time" in query:
        yours = parse_date_time(query["my_time"])
        assert yours is not None, "its declared format admits only an RFC 3339 date-time"
        skew = {
            "source": "my_time",
            "your_time": yours.isoformat(),
            "skew_seconds": round((now - yours).total_seconds(), 3),
        }
    elif ctx.request is not None and "date" in ctx.request.headers:
        try:
            yours = parsedate_to_datetime(ctx.request.headers["date"])
        except (TypeError, ValueError):
            yours = None
        if yours is not None and yours.tzinfo is not None:
            seconds = round((now - yours).total_seconds(), 3)
            skew = {"source": "date_header", "your_time": yours.isoformat(), "skew_seconds": seconds}
    data = {
        "@kind": "time",
        "iso8601": now.astimezone(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
        "unix_seconds": int(now.timestamp()),
        "unix_milliseconds": int(now.timestamp() * 1000),
        "skew": skew,
    }
    return Result(data=data)


def daily_salt(key: bytes, day: dt.date) -> bytes:
    return hmac.new(key, f"echo-salt|{day.isoformat()}".encode(), hashlib.sha256).digest()


def _client(ctx: Context) -> dict[str, str | None]:
    address = ctx.request.client if ctx.request else None
    if address is None:
        return {"hash": None, "note": "no address reached the app"}
    if ctx.referee_key is None:
        return {"hash": None, "note": "this server has no key to salt the hash with; the address is not shown"}
    digest = hmac.new(daily_salt(ctx.referee_key, ctx.now.date()), address.encode(), hashlib.sha256).hexdigest()
    return {"hash": f"hmac-sha256:{digest[:32]}", "note": "salted per UTC day; the salt is never stored"}


def _body(raw: bytes | None, method: str) -> dict[str, Any]:
    """The body as received: its JSON when it is JSON the app could answer with (at most
    ``MAX_DEPTH`` arrays and objects deep, the bound every body reader keeps: the response writer
    cannot serialise past depth 254, and orjson reads up to 1,024), else its text, else base64."""
    if raw is None:
        return {"read": False, "size": None, "json": None, "text": None}
    described: dict[str, Any] = {"read": True, "size": len(raw), "json": None, "text": None}
    try:
        document = orjson.loads(raw) if raw else None
    except orjson.JSONDecodeError:
        pass
    else:
        if not deeper_than(document, MAX_DEPTH):
            described["json"] = document
            return described
        described["note"] = f"JSON nested more than {MAX_DEPTH} deep is mirrored as text"
    try:
        described["text"] = raw.decode("utf-8")
    except UnicodeDecodeError:
        described["base64"] = base64.b64encode(raw).decode()
    return described


def echo(ctx: Context, params: Params, query: Query) -> Result:
    request = ctx.request
    if request is not None and request.method not in ("GET", "HEAD") and request.body is None:
        return error(413, "body_too_large", f"echo mirrors bodies of at most {ECHO_LIMIT} bytes")
    headers = dict(request.headers) if request else {}
    redacted = sorted(name for name in headers if SECRET_NAMES.search(name))
    data = {
        "@kind": "echo",
        "method": request.method if request else "GET",
        "path": ECHO_PATH,
        "query": dict(query),
        "headers": {k: ("[redacted]" if k in redacted else v) for k, v in sorted(headers.items())},
        "redacted": redacted,
        "client": _client(ctx),
        "body": _body(request.body if request else None, request.method if request else "GET"),
        "stored": False,
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    live: dict[str, Any] = {"freshness": "uncached", "provenance_kind": "live", "clock": True, "stability": "stable"}
    return (
        Surface(
            "clock.time",
            "/api/v1/time",
            "B",
            time_now,
            query_params=(MY_TIME,),
            model=docs.Time,
            errors=(400,),
            summary="The server's time (ISO 8601, Unix seconds and milliseconds) and your clock's skew",
            **live,
        ),
        Surface(
            "clock.echo",
            ECHO_PATH,
            "B",
            None,
            any=Method(echo, max_body=ECHO_LIMIT, example=lambda ctx: {"hello": "echo"}),
            model=docs.Echo,
            summary="The request as it reached us, secrets redacted, the address only as a daily-salted hash",
            **live,
        ),
    )
