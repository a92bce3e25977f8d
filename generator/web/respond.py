"""The one response path: a surface's ``Result`` -> status, bytes, media type and headers.

The writer and the app both call ``respond``, and the app's JSON 404 and 405 come through
``render`` too, so a static file and the app's answer for the same path are the same bytes and
every error has the same shape. The body is made by the renderer registered for the answer's
media type (``generator.render``); the envelope and its headers by ``generator.web.envelope``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from generator.render import base_type, renderer
from generator.web.conditional import weak
from generator.web.envelope import (
    PER_REQUEST_META,
    MetaInputs,
    Provenance,
    cache_control,
    envelope,
    envelope_headers,
    etag,
    meta,
    stamp,
)
from generator.web.surface import Context, Method, Params, Query, Request, Result, Surface, error
from generator.web.validate import check_params, invalid, read_body

JSON = "application/json"
ERROR_CACHE_SECONDS = 300  # errors are cached briefly: a fixed catalog can answer differently soon
# CORS for the public read surface (Scryfall's lesson: every response, errors included), so a page
# on any origin can read it, and the headers a client needs for caching and politeness.
# Never Access-Control-Allow-Credentials: a key is sent as Authorization by the page's own code,
# never by the browser on the page's behalf (cookies), so no origin can ride on a visitor's access.
CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "ETag, Link, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, "
    "RateLimit-Policy, X-Joy-Index, WWW-Authenticate, Safe-Methods, Accept-Additions, X-Request-Id",
}
PREFLIGHT_MAX_AGE = 86400
PREFLIGHT_HEADERS = "Content-Type, If-None-Match, If-Modified-Since"


@dataclass(frozen=True)
class Rendered:
    status: int
    body: bytes
    media_type: str
    headers: dict[str, str]
    # whose data the answer carries (its Result's): a document embedding this answer carries it too
    provenance: Provenance = field(default_factory=Provenance)
    # the sha256 (hex) of ``body`` when its strong ETag was cut from it (a file's): the writer's
    # digest, so that a build hashes each body once
    sha256: str | None = None


@dataclass(frozen=True)
class Answer:
    """How an answer is presented, apart from its ``Result``: the path served, the spec endpoint
    that produced it, and what the surface declares about its form."""

    path: str
    endpoint: str
    enveloped: bool
    media_type: str
    freshness: str  # key into site.freshness
    template: str | None = None
    does_not_include: tuple[str, ...] = ()
    self_reference: bool = False
    request_id: str | None = None  # the app passes its own; static files get a deterministic one
    public: bool = True  # CORS headers only on public answers, never on role-scoped ones

    @classmethod
    def of(cls, surface: Surface, path: str, request_id: str | None = None, freshness: str | None = None) -> Answer:
        return cls(
            path,
            surface.path,
            surface.enveloped,
            surface.media_type,
            freshness or surface.freshness,
            surface.template,
            surface.does_not_include,
            surface.self_reference,
            request_id,
            surface.auth == "public",
        )


Check = Callable[[Surface, str, Result], None]  # e.g. the build's contract validation


def respond(
    surface: Surface,
    ctx: Context,
    params: Params,
    query: Query,
    path: str,
    request_id: str | None = None,
    method: str = "GET",
    check: Check | None = None,
) -> Rendered:
    """Answer ``method`` on ``path`` with the surface's handler for it (405 when it has none);
    ``check`` sees the result before it is rendered."""
    if method in ("GET", "HEAD") and surface.compute is not None:
        result = refused(surface, params, query) or surface.compute(ctx, params, query)
        if result.error is not None and result.status >= 400 and surface.error_page is not None:
            result = surface.error_page(ctx, surface, path, result)  # a reader's page, not a JSON body
        if check is not None:
            check(surface, path, result)
        return render(ctx, Answer.of(surface, path, request_id), result)
    handler = surface.method(method)
    if handler is None:
        return method_not_allowed(surface, ctx, path, method, request_id)
    answer = Answer.of(surface, path, request_id, handler.freshness)
    if not handler.read_body:  # a paused door answers before the request is inspected (spec "Errors" 4)
        return render(ctx, answer, handler.run(ctx, params, query))
    bad = refused(surface, params, query)
    if bad is None and ctx.request is not None:
        document = _document(handler, ctx.request)
        if isinstance(document, Result):
            bad = document
        else:
            ctx = replace(ctx, request=replace(ctx.request, document=document))
    return render(ctx, answer, bad or handler.run(ctx, params, query))


def refused(surface: Surface, params: Params, query: Query) -> Result | None:
    """The refusal of a request whose path or query values its surface's declaration does not admit.
    A path value outside a declared enum is not malformed but absent: its handler's 404 lists the
    known ids (spec "Errors": an unknown NodeKind is a 404)."""
    malformable = [p for p in surface.path_params if not p.enum]
    return check_params(malformable, params, "path") or check_params(surface.query_params, query)


def body_refusal(handler: Method, request: Request) -> Result | None:
    """The refusal ``respond`` answers for a body its method does not admit (None: admitted), for a
    caller that must know before doing the method's work elsewhere (the app's pool)."""
    document = _document(handler, request)
    return document if isinstance(document, Result) else None


def _document(handler: Method, request: Request) -> Any:
    """The body as the method declares it: its model, size-checked bytes when it declares no model."""
    if handler.body is not None:
        body = b"{}" if request.body == b"" and not handler.body_required else request.body
        return read_body(body, handler.body if handler.check_body else None, handler.max_body)
    if request.body is None:
        return invalid(
            "body", f"The body is over {handler.max_body} bytes.", {"maximum": handler.max_body}, 413, "body_too_large"
        )
    return None


def method_not_allowed(
    surface: Surface, ctx: Context, path: str, method: str, request_id: str | None = None
) -> Rendered:
    """A plain (unenveloped, uncached) 405, the same bytes the nginx adapter answers with."""
    allowed = ", ".join(sorted(surface.methods))
    result = error(405, "method_not_allowed", f"allowed: {allowed}")
    answer = Answer(
        path,
        surface.path,
        enveloped=False,
        media_type=JSON,
        freshness="uncached",
        request_id=request_id,
        public=surface.auth == "public",
    )
    rendered = render(ctx, answer, Result(status=405, error=result.error, headers={"Allow": allowed}))
    rendered.headers.pop("ETag")  # nothing to revalidate (and a static host's 405 carries none)
    return rendered


def options(surface: Surface, headers: dict[str, str]) -> Rendered:
    """``OPTIONS`` (the app's own on every surface, the echo included): 204 with ``Allow``; a CORS
    preflight (``Access-Control-Request-Method``) on a public surface also gets the methods and
    headers a browser may send, cached for a day: ``Authorization`` too where the surface reads a
    key (it declares a 401), so a page can read the role views with one."""
    allowed = ", ".join(sorted(surface.methods))
    answer = {"Allow": allowed, "Cache-Control": f"public, max-age={PREFLIGHT_MAX_AGE}"}
    if surface.auth == "public" and "access-control-request-method" in headers:
        answer |= {
            **CORS,
            "Access-Control-Allow-Methods": allowed,
            "Access-Control-Allow-Headers": PREFLIGHT_HEADERS + (", Authorization" if 401 in surface.errors else ""),
            "Access-Control-Max-Age": str(PREFLIGHT_MAX_AGE),
        }
    return Rendered(204, b"", "", answer)


def plain_error(status: int, code: str, message: str) -> Rendered:
    """An error answered before any surface is known (the server's 408): the error body, public
    and never cached, with the CORS headers every public answer carries."""
    body = renderer(JSON)(error_body(error(status, code, message)), None)
    headers = {"Cache-Control": cache_control(0), **CORS, "Content-Type": _content_type(JSON)}
    return Rendered(status, body, JSON, headers)


def method_not_allowed_body(methods: Iterable[str]) -> bytes:
    """The 405 body for a surface answering ``methods`` (the nginx adapter writes it into its config)."""
    body = error_body(error(405, "method_not_allowed", f"allowed: {', '.join(sorted(methods))}"))
    return renderer(JSON)(body, None)


def render(ctx: Context, answer: Answer, result: Result) -> Rendered:
    freshness = ctx.site.freshness[answer.freshness]
    inputs = MetaInputs(
        endpoint=answer.endpoint,
        path=answer.path,
        retrieved_at=ctx.received_at or ctx.now,
        freshness_seconds=freshness,
        provenance=result.provenance,
        does_not_include=answer.does_not_include,
        self_reference=answer.self_reference or result.self_reference,
        request_id=answer.request_id,
        next_link=result.next_link,
    )
    if result.error is not None:
        media_type, document = JSON, error_body(result)
        if answer.enveloped:
            document["_meta"] = meta(ctx.site, inputs, stamp(ctx.site).members)
    else:
        media_type = result.media_type or answer.media_type
        enveloped = answer.enveloped and base_type(media_type) == JSON and not result.direct
        document = envelope(ctx.site, result.data, inputs) if enveloped else result.data
    body = renderer(media_type)(document, result.template or answer.template)
    digest, tag = _validator(ctx, document, body)
    headers = _headers(ctx, answer, result, media_type, tag, freshness)
    return Rendered(result.status, body, base_type(media_type), headers, result.provenance, digest)


def error_body(result: Result) -> dict[str, Any]:
    assert result.error is not None
    code, message = result.error
    detail = {"code": code, "message": message, **(result.error_detail or {})}
    return {"error": detail, **(result.error_extra or {})}


def _headers(ctx: Context, answer: Answer, result: Result, media_type: str, tag: str, freshness: int) -> dict[str, str]:
    if answer.enveloped and base_type(media_type) == JSON and not result.direct:
        headers = envelope_headers(ctx.site, answer.path, freshness, ctx.joy_index)
    else:
        headers = {"Cache-Control": cache_control(freshness)}
    if result.status >= 400 and freshness > 0:
        headers["Cache-Control"] = cache_control(min(freshness, ERROR_CACHE_SECONDS))
    if answer.public:
        headers.update(CORS)
    headers.update(result.headers or {})
    headers["Content-Type"] = _content_type(media_type)
    headers["ETag"] = tag
    return headers


def _validator(ctx: Context, document: Any, body: bytes) -> tuple[str | None, str]:
    """(the body's sha256 when the ETag is cut from it, the ETag). A file's strong ETag: its exact
    bytes (``etag``). An enveloped answer the app computes carries its own request id and
    retrieval time, so no two are byte-identical: its ETag is weak, over the document without
    those two fields, and a client revalidating a query variant still gets its 304."""
    if ctx.received_at is None or not isinstance(document, dict) or "_meta" not in document:
        digest = hashlib.sha256(body).hexdigest()
        return digest, f'"{digest[:32]}"'  # etag(body), from the digest the writer keeps too
    stable = {k: v for k, v in document["_meta"].items() if k not in PER_REQUEST_META}
    return None, weak(etag(orjson.dumps({**document, "_meta": stable})))


def _content_type(media_type: str) -> str:
    """Text and JSON say their charset (always UTF-8); other types are sent as declared."""
    if "charset" in media_type or not media_type.startswith(("text/", JSON)):
        return media_type
    return f"{media_type}; charset=utf-8"
