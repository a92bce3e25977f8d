"""What a surface is: one spec path, the handler for each method it answers, and its contract.

A surface's GET handler (``compute``) returns a ``Result`` (status, data, provenance);
``generator.web.respond`` turns that into bytes and headers through the one envelope builder
and the renderer registered for the answer's media type. The writer calls ``enumerate`` to write
every static path; the app calls the handlers for anything the files cannot answer (query
strings, unenumerable paths such as dates and hashes, case variants, POST/DELETE/ANY).

Other methods are ``Method`` entries (``post``, ``delete``, ``any``): each says whether the body is
read at all (a paused door answers before reading it, spec "Errors" 4) and how much of it.
``Surface.methods`` and so the 405 ``Allow`` header derive from which handlers exist.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

from generator.site import Site
from generator.web.envelope import Provenance

if TYPE_CHECKING:
    from generator.catalog.snapshot import Snapshot
    from generator.content import Content
    from generator.participation.feedback import FeedbackChannel
    from generator.platform.export import Platform

Params = Mapping[str, str]
BodyModel = TypeVar("BodyModel", bound=BaseModel)
Query = Mapping[str, str]
ALL_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


@dataclass(frozen=True)
class Request:
    """What the app knows of the request being answered (``None`` in a build: files have no caller).

    Handlers read only what they need (your-vibe reads the User-Agent); nothing here is stored."""

    method: str
    headers: Mapping[str, str]  # lower-case names
    body: bytes | None = None  # None: not read (a paused door), or over the method's limit
    client: str | None = None  # the peer's address as the server saw it (echo hashes it; nothing keeps it)
    document: Any = None  # the body as its method's model, validated by ``respond`` before the handler ran
    computed: Any = None  # what the method's ``Offload.job`` computed in a worker process (None: not offloaded)


@dataclass(frozen=True)
class Context:
    """Everything a surface may read. ``now`` is the build's as-of, or the request time in the app."""

    site: Site
    snapshot: Snapshot
    now: dt.datetime
    content: Content  # authored content (content/), loaded and validated once per build or app start
    joy_index: int = 0  # X-Joy-Index: how many joy-bearing (family G) surfaces this build serves
    referee_key: bytes | None = None  # the practice referee's AES-GCM key (app only; never in a file)
    request: Request | None = None  # the app's request; None while building files
    as_of: dt.datetime | None = None  # the build's as-of (the app reads it from the manifest)
    surfaces: tuple[Surface, ...] = ()  # the registry itself, for surfaces that describe the API
    platform: Platform | None = None  # the platform's own records (families D, E): never written to dist/ whole
    feedback: FeedbackChannel | None = None  # the app's report store (its state folder); None in a build
    # Randomness for handlers that draw some (the practice referee's seeds and nonces); None: os.urandom.
    # The build's example recordings pass a seeded one, so a recorded example is the same bytes every build.
    entropy: Callable[[int], bytes] | None = field(default=None, compare=False)
    # A build's scratch memo for answers several routes share (the examples): each render worker
    # fills its own copy, each answer with the keys it read (``generator.dependencies.Memoized``).
    # None in the app, where nothing outlives a request.
    memo: dict[str, Any] | None = field(default=None, compare=False)
    # When the app received the request (None while building files): an answer the app computes
    # says it was retrieved then, even when its data is the build's (issue 32, "Time, honestly").
    received_at: dt.datetime | None = None
    # The static search index's files by path under /pagefind/ (generator.catalog.pagefind_bundle),
    # when this build writes one (``build --search-index``); None: it does not, and the app serves
    # the files the build wrote.
    search_index: Mapping[str, bytes] | None = field(default=None, compare=False)

    def body(self, model: type[BodyModel]) -> BodyModel:
        """The request body as its method's declared model: ``respond`` validated it (or refused the
        request) before the handler ran, so a handler never reads a body twice."""
        document = self.request.document if self.request is not None else None
        if not isinstance(document, model):
            raise TypeError(f"the method's declared body is not {model.__name__}")
        return document

    def json_body(self) -> dict[str, Any]:
        """The request body as a JSON object (a method with ``check_body=False``), read by ``respond``."""
        document = self.request.document if self.request is not None else None
        if not isinstance(document, dict):
            raise TypeError("the method's body was not read as a JSON object")
        return document


@dataclass(frozen=True)
class Result:
    status: int = 200
    data: Any = None  # the envelope's `data`, or the whole document when the surface is not enveloped
    provenance: Provenance = field(default_factory=Provenance)
    error: tuple[str, str] | None = None  # (stable code, message) -> {"error": {code, message}}
    error_extra: Mapping[str, Any] | None = None  # beside `error`: known_ids, suggestions
    error_detail: Mapping[str, Any] | None = None  # inside `error`: parameter, accepted (generator.web.validate)
    headers: Mapping[str, str] | None = None  # extra headers a surface needs (Allow, Safe-Methods...)
    media_type: str | None = None  # None: the surface's own; e.g. text/plain for ?format=text
    direct: bool = False  # a direct document even on an enveloped surface (e.g. a provider's tool array)
    template: str | None = None  # a template other than the surface's (an HTML surface's error page)
    next_link: str | None = None  # the next page of a paginated answer (_meta.next_link)
    self_reference: bool = False  # this answer describes its own endpoint (beside the surface's declaration)


def error(status: int, code: str, message: str, **extra: Any) -> Result:
    return Result(status=status, error=(code, message), error_extra=extra or None)


Handler = Callable[[Context, Params, Query], Result]


@dataclass(frozen=True)
class Param:
    """A query parameter a surface accepts (OpenAPI, tools and validation are generated from it)."""

    name: str
    type: str = "string"  # a JSON Schema type: string, integer, boolean, number
    enum: tuple[str, ...] = ()
    default: str | int | bool | None = None
    description: str = ""
    minimum: int | None = None
    maximum: int | None = None
    pattern: str | None = None
    format: str | None = None  # a JSON Schema format, e.g. date
    required: bool = False
    allow_empty: bool = False  # an empty value (``?q=``) is admitted; otherwise it is invalid, like any other

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of what ``generator.web.validate`` admits: OpenAPI and the tool catalog
        show this, so what is documented is what is enforced."""
        schema: dict[str, Any] = {"type": self.type}
        if self.enum:
            schema["enum"] = list(self.enum)
        if self.default is not None:
            schema["default"] = self.default
        for key in ("minimum", "maximum", "pattern", "format"):
            if getattr(self, key) is not None:
                schema[key] = getattr(self, key)
        if self.type == "string" and not self.enum and not self.allow_empty:
            schema["minLength"] = 1  # an empty value is refused like any other it does not admit
        return schema

    @cached_property
    def matcher(self) -> re.Pattern[str] | None:
        """``pattern`` as JSON Schema reads it (ECMA: a final ``$`` is the end, not before a newline),
        compiled once per parameter."""
        return None if self.pattern is None else re.compile(re.sub(r"\$$", r"\\Z", self.pattern))

    def read(self, query: Query) -> Any:
        """The value as its declared type, or the default: ``respond`` has already refused any value
        the declaration does not admit, so this only converts."""
        raw = query.get(self.name)
        if raw is None or (raw == "" and self.type != "string"):
            return self.default
        if self.type == "integer":
            return int(raw)
        if self.type == "number":
            return float(raw)
        if self.type == "boolean":
            return raw == "true"
        return raw


@dataclass(frozen=True)
class Offload:
    """The CPU-heavy part of a method, computed in a worker process of the app's pool
    (``generator.serve.pool``) so the event loop keeps serving files meanwhile. ``warm`` sets a
    worker up once, before the app reports ready (from the build directory and the referee key:
    plain values cross processes), so it holds only what ``job`` needs, not an app. ``job``
    computes one request's outcome from its body and time; the method's handler then reads it as
    ``ctx.request.computed`` in the app (None when the app runs it inline: tests, no pool). Both
    are module-level functions, so a worker can import them. A busy pool answers 503 with
    Retry-After at once (OpenAPI declares it on every offloaded method)."""

    warm: Callable[[str, bytes | None], None]
    job: Callable[[bytes | None, dt.datetime], Any]


@dataclass(frozen=True)
class Method:
    """A non-GET method of a surface. ``run`` sees the body as ``ctx.request.body``."""

    run: Handler
    read_body: bool = True  # False: answered before a byte of the body is read (paused doors)
    max_body: int = 1 << 20  # over it the body is not kept: ``ctx.request.body`` is None
    freshness: str = "uncached"  # POST answers are computed per request, never cached
    offload: Offload | None = None  # CPU-heavy (an AI move): computed in a worker process, off the event loop
    body: type[BaseModel] | None = None  # the request body's model (OpenAPI requestBody); None: no body
    # False: the body is any JSON object and what breaks ``body`` is reported in the answer, not refused
    # (identify normalises and warns, spec "Errors" 5; the recipe check lists every problem).
    check_body: bool = True
    answer: type[BaseModel] | None = None  # the model of its answer's `data`; None: the surface's model
    status: int | None = None  # the status of its documented answer (a paused POST's 503); None: the surface's
    # A computation on its body alone that keeps nothing (a deck check, a practice move, a batch read):
    # the MCP gate offers it as a tool (generator.contract.mcp), as it offers every public GET.
    tool: bool = False
    # The body of its example request (a JSON value) from the build's data; None: it sends none
    # (generator.contract.recording records the answer, and /api/v1/examples shows both).
    example: Callable[[Context], Any] | None = None
    errors: tuple[int, ...] = ()  # error statuses this method may answer beyond the body's 400/413 (OpenAPI)

    @property
    def body_required(self) -> bool:
        """Whether a request must send a body: not when its model requires no member, where an empty
        body reads as ``{}`` (a bodyless farewell, issue 34)."""
        return self.body is not None and any(f.is_required() for f in self.body.model_fields.values())


ErrorPage = Callable[[Context, "Surface", str, Result], Result]


@dataclass(frozen=True)
class Surface:
    id: str  # stable id, e.g. "universal.card"
    path: str  # the spec's parametrised path
    family: str  # spec endpoint family A-G
    compute: Handler | None  # the GET (and HEAD) handler; None when the path takes no GET
    enumerate: Callable[[Context], Iterable[Params]] | None = None  # None: nothing to write statically
    post: Method | None = None
    delete: Method | None = None
    any: Method | None = None  # answers every method not handled above (e.g. /api/v1/echo)
    enveloped: bool = True
    freshness: str = "catalog"  # key into site.freshness
    media_type: str = "application/json"
    does_not_include: tuple[str, ...] = ()
    self_reference: bool = False
    query_params: tuple[Param, ...] = ()  # query keys that select a variant (served by the app)
    path_params: tuple[Param, ...] = ()  # types of the path's placeholders (undeclared ones: any string)
    template: str | None = None  # HTML surfaces: the Jinja2 template rendering `data`
    summary: str = ""
    # The contract (issue 10): OpenAPI, manifest, tools and build-time validation read these.
    model: type[BaseModel] | None = None  # frozen pydantic model of a 200 answer's `data` (or whole document)
    variants: tuple[type[BaseModel], ...] = ()  # direct documents a query variant answers instead (Result.direct)
    media_variants: tuple[str, ...] = ()  # other media types a query variant answers (?format=text: text/plain)
    stability: str = "stable"  # stable | beta | experimental | deprecated
    auth: str = "public"  # public | user | agent | admin | wholesale-key
    provenance_kind: str = "snapshot"  # live | cached | snapshot | synced | computed | static
    # Its answers carry upstream card data (a 200's provenance names sources; the build's contract
    # check fails one that names none): the CC0 OpenAPI document inlines no example of it, so it
    # never computes one (a rebuild would play the whole example match to throw it away).
    upstream: bool = False
    since: str = "2026-05-17"  # the date the surface was first served (YYYY-MM-DD)
    errors: tuple[int, ...] = ()  # the error statuses a GET may answer (OpenAPI declares each)
    example: Callable[[Context], tuple[Params, Query]] | None = None  # a real request; default: first path
    paused: bool = False  # a status-only door: its documented answer is a 503 (with `model`), not a 200
    status: int = 200  # the status of its documented answer when not paused (a teapot's 418, a 402 door)
    clock: bool = False  # the GET answer depends on the time of the request (else: on the build alone)
    # How an HTML surface answers its own errors (a 404, a 400) for a reader: a page on the shared
    # layout. Set by the registry on every text/html surface (surfaces.families); None: the error body.
    error_page: ErrorPage | None = None
    gotchas: tuple[str, ...] = ()  # what trips a caller that the declaration cannot say (the examples add theirs)

    @property
    def answer_status(self) -> int:
        """The status its `model` documents: 503 for a paused door, else ``status``."""
        return 503 if self.paused else self.status

    @property
    def query_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.query_params)

    @property
    def static(self) -> bool:
        return self.enumerate is not None

    @property
    def methods(self) -> tuple[str, ...]:
        """The methods answered, as the ``Allow`` header lists them."""
        if self.any is not None:
            return ALL_METHODS
        declared = (("GET", self.compute), ("HEAD", self.compute), ("POST", self.post), ("DELETE", self.delete))
        return tuple(name for name, handler in declared if handler is not None)

    def method(self, name: str) -> Method | None:
        """The handler of a method other than GET/HEAD (those are ``compute``); ``any`` answers what
        nothing else claims among ``ALL_METHODS`` (TRACE or an invented method is a 405, as elsewhere)."""
        if name in ("GET", "HEAD") and self.compute is not None:
            return None
        claimed = {"POST": self.post, "DELETE": self.delete}.get(name)
        return claimed or (self.any if name in ALL_METHODS else None)

    def concrete(self, params: Params) -> str:
        """The path with its parameters filled in (a path's only braces are ``{name}`` fields)."""
        return self.path.format_map(params)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        regex = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[^/]+)", re.escape(self.path))
        return re.compile(f"^{regex}\\Z")  # \Z, not $: "$" also matches before a trailing line break

    @cached_property
    def literal_weight(self) -> tuple[int, int]:
        """Literal paths outrank patterns: /identify/by-upstream before /identify/{hash}. Cached:
        ``match`` sorts by it on every call (each link a reader page checks is a match)."""
        segments = self.path.strip("/").split("/")
        return (-sum(1 for s in segments if "{" not in s), -len(segments))
