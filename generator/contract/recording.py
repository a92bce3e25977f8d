"""Recording the example of one operation: a real request, and the answer the surface's own handler
gives on the build's data through the one response path (``respond``), as the app would answer it.

Why recorded and never written by hand: an example typed into a docstring drifts from the API the
day a model changes; a recorded one cannot. How each is recorded:

- A GET the build writes as a file is the file's answer (``example_answer``, shared with OpenAPI).
- Anything the app computes (a query variant, a path no file holds, a live surface, every POST)
  is answered as the app answers a request: with a ``Request`` (headers, body, a documentation
  address of RFC 5737 as the client), its own request id and time of receipt. The time is the
  build's as-of, so two builds of one as-of record the same bytes.
- Randomness comes from ``Context.entropy`` seeded per recording, and the practice referee's key
  is the public development key when the build has none (a build never holds the real one): the
  referee's recorded answer is what a development app (``build.py serve --dev-referee-key``) answers.

``varies`` lists where a replay may differ: a computed answer is recorded again over a year later
(twice, ``LATER``, when it changes state or depends on the request's time; a live answer also at every
hour of two days, ``AROUND_THE_CLOCK``), from another client with other headers
and other randomness, and every member that changed is listed (the request id and time of receipt
always; a live answer's clock readings; an echo's headers). Everything else is the same for the
same build, and the tests replay every example against the app to hold it to that.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import orjson

from generator.contract.operations import methods
from generator.participation.feedback import FeedbackChannel
from generator.play.protocol.seal import dev_key
from generator.web.respond import Rendered, respond
from generator.web.surface import Context, Params, Query, Request, Surface

AGENT = "cardpantry-examples/1"
CLIENTS = ("192.0.2.1", "198.51.100.2")  # RFC 5737 documentation addresses: the first recording's peer, the others'
# When the later recordings are received. Over a year later, so every age and budget a live answer
# reports (stale after hours, dead after a week) has moved on; two of them, whose day, hour, minute and
# second counts have no common divisor, so a pick by day or hour among n items (a koan of the day, a
# joke of the hour) changes in at least one of them whatever n is.
LATER = (
    dt.timedelta(days=401, hours=1, minutes=1, seconds=1),
    dt.timedelta(days=1117, hours=13, minutes=17, seconds=19),
)
# A live answer (``Surface.clock``) is also recorded at every other hour of the build's own day (within
# the catalog's freshness budget of a day) and of the first later day (long past it): what it picks by
# the hour and by the build's age together (the vibe's word is a band of both) then shows in ``varies``
# whatever hour a replay runs at.
AROUND_THE_CLOCK = tuple(dt.timedelta(hours=h) for h in range(1, 24)) + tuple(
    LATER[0] + dt.timedelta(hours=h) for h in range(1, 24)
)
BODY_METHODS = ("POST", "PUT", "PATCH")
Answerer = Callable[[Context, Surface, Params, Query], Rendered]  # the file answer (memoised per build)


@dataclass(frozen=True)
class Recording:
    method: str  # upper case
    params: Params
    query: Query
    headers: dict[str, str]  # what the request sent (none for a file: nothing a file answers depends on)
    body: Any  # the JSON body sent, or None
    rendered: Rendered
    from_file: bool  # a static host answers it from the build's files; else only the app does
    varies: tuple[str, ...]  # where a replay may differ (``_meta.request_id``, ``data.state``, ...)


def answered_from_file(surface: Surface, method: str, query: Query) -> bool:
    """Whether the app (and any static host) answers this request from a file of the build: a GET of
    an enumerated, not live surface without a variant-selecting query key (``generator.serve.app``)."""
    return (
        method == "GET"
        and surface.enumerate is not None
        and not surface.clock
        and not any(k in query for k in surface.query_names)
    )


def record(
    ctx: Context, surface: Surface, method: str, request: tuple[Params, Query], file_answer: Answerer
) -> Recording:
    """The example of ``method`` on ``surface`` for the request ``(params, query)``."""
    params, query = request
    if method != "GET":
        query = {}
    if answered_from_file(surface, method, query):
        rendered = file_answer(ctx, surface, params, query)
        return Recording(method, params, query, {}, None, rendered, True, ())
    body = _body(ctx, surface, method)
    sent = {"user-agent": AGENT} | ({"content-type": "application/json"} if body is not None else {})
    first = _computed(ctx, surface, method, params, query, sent, body, 0, dt.timedelta(0))
    # An answer of the build's data differs only in its request id and receipt: one more recording
    # shows it; a state change gets both ``LATER``; a live answer those and every hour of two days.
    later = LATER + AROUND_THE_CLOCK if surface.clock else LATER if method != "GET" else LATER[:1]
    varies: dict[str, None] = {}
    for nth, offset in enumerate(later, 1):
        other = _computed(ctx, surface, method, params, query, sent | {"x-example": str(nth)}, body, nth, offset)
        varies |= dict.fromkeys(differences(first, other))
    return Recording(method, params, query, sent, body, first, False, tuple(varies))


def _body(ctx: Context, surface: Surface, method: str) -> Any:
    handler = methods(surface).get(method.lower())
    if method not in BODY_METHODS or handler is None or not handler.read_body or handler.example is None:
        return None
    return handler.example(ctx)


def _computed(
    ctx: Context,
    surface: Surface,
    method: str,
    params: Params,
    query: Query,
    headers: dict[str, str],
    body: Any,
    nth: int,
    offset: dt.timedelta,
) -> Rendered:
    """The ``nth`` recording of a computed answer, received ``offset`` after the build's as-of."""
    received = ctx.now + offset
    per_request = method != "GET" or surface.clock  # else the app answers with the build's data and time
    raw = orjson.dumps(body) if body is not None else b""
    recording = replace(
        ctx,
        now=received if per_request else ctx.now,
        received_at=received,
        request=Request(method, headers, raw, CLIENTS[min(nth, 1)]),
        referee_key=ctx.referee_key or dev_key(),
        entropy=seeded(f"{surface.id} {method} {nth}"),
    )
    request_id = "req_" + hashlib.sha256(f"{surface.id} {method} {nth}".encode()).hexdigest()[:24]
    path = surface.concrete(params)
    if recording.feedback is not None or method == "GET":
        return respond(surface, recording, params, query, path, request_id=request_id, method=method)
    # A build keeps no report store: a report is recorded as the app answers it, into a store of its own
    # that the recording then drops (the same id every build: it is the store's first report).
    with tempfile.TemporaryDirectory() as folder:
        channel = FeedbackChannel.in_folder(Path(folder), ctx.site.feedback)
        recording = replace(recording, feedback=channel)
        answered = respond(surface, recording, params, query, path, request_id=request_id, method=method)
        channel.store.close()
        return answered


def seeded(label: str) -> Callable[[int], bytes]:
    """Reproducible bytes for a recording (never for a real request: they are public)."""
    counter = itertools.count()

    def draw(n: int) -> bytes:
        out = b""
        while len(out) < n:
            out += hashlib.sha256(f"example-entropy|{label}|{next(counter)}".encode()).digest()
        return out[:n]

    return draw


def differences(first: Rendered, other: Rendered) -> list[str]:
    """The members of two answers that differ (paths as ``data.log[0].text``); ``(text)`` for a text body."""
    if first.status != other.status or first.media_type != other.media_type:
        return ["(status)"]
    if first.media_type != "application/json":
        return [] if first.body == other.body else ["(text)"]
    found: list[str] = []
    _diff(orjson.loads(first.body), orjson.loads(other.body), "", found)
    return found


def _diff(a: Any, b: Any, where: str, found: list[str]) -> None:
    if a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict) and a.keys() == b.keys():
        for key in a:
            _diff(a[key], b[key], f"{where}.{key}" if where else key, found)
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(x, y, f"{where}[{i}]", found)
    else:
        found.append(where or "(document)")
