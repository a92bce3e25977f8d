"""Reliability of the app in process (issue 19, item 4): hypothesis sends odd paths, odd request
headers and odd JSON bodies, and every answer has to be sane.

The app stands in for the CDN, so the first requests a hostile or careless client sends will find
any 5xx, any header with a line break in it, any body that does not parse as its Content-Type says,
any file from outside ``dist/`` and any build-internal file (``_routes.json``, ``_data/``,
``_hosts/``). Every answer here is checked for all of these (``World.check``), and an ETag always
has to name the bytes that were sent. A static route's answer is also checked byte for byte against
the manifest's file: Range is ignored (never a 206), and a 304 comes only for a current copy.

Odd paths are sent to the ASGI app the way a server hands them over: ``raw_path`` exactly as sent,
and ``path`` percent-decoded as uvicorn does it. They do not go through httpx, because httpx would
remove ``/../`` and similar segments before the app saw them.

Examples: PATH_EXAMPLES + HEADER_EXAMPLES + BODY_EXAMPLES for each of the POSTs in the registry
(1200 + 800 + 30 x 18 = 2540). Each test asserts that it ran exactly its number. The internal-file
test sends a fixed set of requests: every internal file in five spellings, with GET and HEAD.

tests/surfaces/test_bodies.py covers too-large bodies, bodies that are not UTF-8, not JSON or not an
object, and deep nesting of a bare array. It does not cover numbers that overflow a double (1e400,
10**400), NaN and Infinity literals, -0, duplicate members (including ones spelled with \\u
escapes) or deep nesting inside an object, so those are tested here. The deep nesting inside an
object found a crash, now refused past ``generator.web.body.MAX_DEPTH``.
"""

from __future__ import annotations

import asyncio
import gzip
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import quote, quote_from_bytes, unquote

import brotli
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.play.protocol.seal import dev_key
from generator.serve.app import App, _normalise
from generator.site import load_site
from generator.surfaces.families import surfaces
from generator.web.body import MAX_DEPTH
from generator.web.envelope import PER_REQUEST_META, etag
from generator.web.router import match
from generator.web.surface import Surface

PATH_EXAMPLES = 1200
HEADER_EXAMPLES = 800
BODY_EXAMPLES = 30  # for each POST surface (18)
SLOW_IS_FINE = [HealthCheck.too_slow]  # 2 shared cores: generation may be slow, never a failure

REPO = Path(__file__).resolve().parents[1]
OUTSIDE = (Path("/etc/passwd"), REPO / "pyproject.toml", REPO / "README.md", REPO / "generator" / "app.py")
OUTSIDE_MARKERS = (b"root:x:0:0:", b"[build-system]")  # a line of /etc/passwd, of pyproject.toml
INTERNAL = ("_routes.json", "_data/", "_hosts/")
KNOWN = "/api/v1/universal/card/op-op01-001-en"
COMPUTED = (  # GETs the app computes (query variants, patterns, paused doors, 404s)
    f"{KNOWN}?density=sparse",
    "/api/v1/federation/identify/" + "0" * 64,
    "/api/v1/cards/op-op01-001-en/history",
    "/api/v1/sets/op-op01/checklist",
    "/api/v1/universal/gamez",
    "/nothing-here",
)

REGISTRY = surfaces(load_site())
# Not the MCP gate: its transport answers JSON-RPC in the protocol's shapes (tests/serve/test_mcp_gate.py).
POSTS = [s for s in REGISTRY if s.post is not None and s.path != "/api/mcp"]
POST_PATHS = {s.id: s.path.replace("{content_hash}", "0" * 64).replace("{id}", "x1") for s in POSTS}

Headers = list[tuple[bytes, bytes]]


# ---------------------------------------------------------------------------------- talking ASGI


@dataclass(frozen=True)
class Answer:
    status: int
    headers: Headers
    body: bytes

    def header(self, name: str) -> str | None:
        values = [v.decode("latin-1") for k, v in self.headers if k == name.encode()]
        assert len(values) <= 1, (name, values)
        return values[0] if values else None

    def decoded(self) -> bytes:
        coding = self.header("content-encoding")
        assert coding in (None, "gzip", "br"), coding
        return gzip.decompress(self.body) if coding == "gzip" else brotli.decompress(self.body) if coding else self.body


def exchange(app: App, method: str, target: str, headers: Headers | None = None, body: bytes = b"") -> Answer:
    """One request as uvicorn hands it to the app: ``target`` is the ASCII request target as sent."""
    raw_path, _, query = target.partition("?")
    headers = headers or []
    names = {k for k, _ in headers}
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": unquote(raw_path),  # uvicorn: urllib.parse.unquote(raw_path.decode("ascii"))
        "raw_path": raw_path.encode("ascii"),
        "query_string": query.encode("ascii"),
        "root_path": "",
        "headers": ([] if b"host" in names else [(b"host", b"testserver")]) + headers,
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    requests = iter([{"type": "http.request", "body": body, "more_body": False}])
    sent: list[dict] = []

    async def receive() -> dict:
        return next(requests, {"type": "http.disconnect"})

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    assert sent and sent[0]["type"] == "http.response.start", sent[:1]
    assert all(m["type"] == "http.response.body" for m in sent[1:]) and not sent[-1].get("more_body")
    return Answer(sent[0]["status"], list(sent[0]["headers"]), b"".join(m.get("body", b"") for m in sent[1:]))


# ------------------------------------------------------------------------------- what must hold


@dataclass
class World:
    """The app over ``small_dist``, its manifest, and the bytes it must never send."""

    app: App
    dist: Path
    routes: dict[str, dict]
    forbidden: dict[bytes, str] = field(default_factory=dict, repr=False)  # bytes -> where they live

    def file(self, path: str) -> bytes:
        return (self.dist / self.routes[path]["file"]).read_bytes()

    def internal_files(self) -> list[str]:
        files = (str(f.relative_to(self.dist)) for f in self.dist.rglob("*") if f.is_file())
        return sorted(f for f in files if f.startswith(INTERNAL))

    def may_be_unavailable(self, method: str, target: str) -> bool:
        """A 503 is documented for a manifest route of status 503, a paused door, and a paused POST."""
        path = _normalise(unquote(target.partition("?")[0]))
        route = self.routes.get(path)
        found = match(REGISTRY, path)
        if method in ("GET", "HEAD"):
            paused = found is not None and found[0].answer_status == 503
            return paused or (route is not None and route["status"] == 503)
        handler = found[0].method(method) if found else None
        return handler is not None and handler.status == 503

    def check(self, answer: Answer, method: str, target: str) -> None:
        """What every answer must be, whatever was asked."""
        context = (method, target[:200], answer.status, answer.body[:200])
        assert 100 <= answer.status < 500 or (answer.status == 503 and self.may_be_unavailable(method, target)), context
        for name, value in answer.headers:
            assert re.fullmatch(rb"[a-z0-9-]+", name), (name, context)
            assert not re.search(rb"[\x00-\x08\x0a-\x1f\x7f]", value), (name, value[:200], context)
        length = answer.header("content-length")
        if answer.status == 304 or method == "HEAD":
            assert answer.body == b"", context
            return
        assert length == str(len(answer.body)), (length, context)
        plain = answer.decoded()
        assert plain not in self.forbidden, (self.forbidden.get(plain), context)
        assert not any(marker in plain for marker in OUTSIDE_MARKERS), context
        tag = answer.header("etag")
        if tag is not None:  # the validator names the bytes sent, or (weak) the answer but for its request
            assert tag.removeprefix("W/") in (etag(plain), _etag_apart_from_the_request(plain)), (tag, context)
        media = (answer.header("content-type") or "").split(";")[0]
        if media == "application/json" or media.endswith("+json"):
            assert _is_json(plain), context
        elif media == "application/x-ndjson":
            assert all(_is_json(line) for line in plain.splitlines() if line.strip()), context


def _etag_apart_from_the_request(body: bytes) -> str | None:
    """A computed answer's weak ETag covers its document without ``_meta.request_id`` and
    ``retrieved_at`` (generator.web.respond._validator), so it revalidates across requests."""
    document = orjson.loads(body) if _is_json(body) else None
    if not isinstance(document, dict) or not isinstance(document.get("_meta"), dict):
        return None
    meta = {k: v for k, v in document["_meta"].items() if k not in PER_REQUEST_META}
    return etag(orjson.dumps({**document, "_meta": meta}))


def _is_json(text: bytes) -> bool:
    try:
        orjson.loads(text)
    except orjson.JSONDecodeError:
        return False
    return True


@pytest.fixture(scope="module")
def world(small_dist: Path) -> World:
    manifest = orjson.loads((small_dist / "_routes.json").read_bytes())
    keyed = App(small_dist, referee_key=dev_key())  # the practice referee reads its bodies too
    # a live surface's file is what a host without the app serves: the app computes it (issue 32)
    live = {s["id"] for s in manifest["surfaces"] if s["live"]}
    files = {path: route for path, route in manifest["routes"].items() if route["surface"] not in live}
    found = World(keyed, small_dist, files)
    for rel in found.internal_files():
        found.forbidden[(small_dist / rel).read_bytes()] = f"dist/{rel}"
    for outside in OUTSIDE:
        if outside.is_file():
            found.forbidden[outside.read_bytes()] = str(outside)
    assert "dist/_routes.json" in found.forbidden.values() and str(REPO / "pyproject.toml") in found.forbidden.values()
    return found


# --------------------------------------------------------------------------------------- paths

SAFE = "/:@!$&'()*+,;=-._~"
UP = ("/..", "/%2e%2e", "/%2E%2E", "/.%2e", "/..%2f", "/%2e%2e%2f", "/..%5c", "/..\\")
ODD_PIECES = (
    *UP,
    "/../",
    "/./",
    "//",
    "%2F",
    "%2f",
    "%00",
    "%0A",
    "%0D%0A",
    "%09",
    "%1B",
    "%7F",
    "%20",
    "%25",
    "%3F",
    "%23",
    quote("\u20ac"),  # above U+00FF
    quote("\u0101"),
    quote("\ufeff"),
    quote("e\u0301"),  # a combining mark
    quote("\u202e"),  # right-to-left override
    quote("\u200f\u05d0\u0628"),  # right-to-left mark, Hebrew, Arabic
    quote("\U0001f0cf"),
    "%ED%A0%80",  # a surrogate, as (invalid) UTF-8
    "%ED%BF%BF",
    "%C0%AF",  # an overlong "/"
    "%C0%AE",  # an overlong "."
    "%FF",
    "%C3",  # a truncated sequence
    "%E2%82",
    "%%",
    "%",
    "%zz",
)
TAILS = (".", "..", "...", "%2e", "/.", "/..", "./", "/", "//", "~", ".json", ".gz", ".br", ";x", "%00.json")
OUT_OF_DIST = (
    "etc/passwd",
    "pyproject.toml",
    "README.md",
    "generator/serve/app.py",
    "_routes.json",
    "_hosts/nginx.conf",
)
QUERIES = ("", "", "", "?density=sparse", "?x=%00", "?%FF=%FF", "?lang=%E2%82%AC", "?" + "a=1&" * 500, "?q=..%2f")


def _as_sent(path: str) -> str:
    return quote(path, safe=SAFE)


@st.composite
def _mutated(draw: st.DrawFn, path: str) -> str:
    kind = draw(st.sampled_from(("insert", "escape", "slashes", "tail", "huge", "case")))
    at = draw(st.integers(0, len(path)))
    if kind == "insert":
        return path[:at] + draw(st.sampled_from(ODD_PIECES)) + path[at:]
    if kind == "escape":  # climb out of dist/ and name something there
        climb = draw(st.sampled_from(UP)) * draw(st.integers(1, 12))
        return path[:at] + climb + "/" + draw(st.sampled_from(OUT_OF_DIST))
    if kind == "slashes":
        replacement = draw(st.sampled_from(("%2F", "%2f", "//", "/./", "\\", "%5C")))
        return path.replace("/", replacement, draw(st.sampled_from((1, -1))))
    if kind == "tail":
        return path + draw(st.sampled_from(TAILS))
    if kind == "huge":  # 64 KB of one segment repeated
        segment = draw(st.sampled_from(("/a", "/..", "/%2e%2e", "%00", "/" + "x" * 255, quote("\u20ac"))))
        return path + segment * (64 * 1024 // len(segment) + 1)
    return path.upper() if draw(st.booleans()) else path.swapcase()


def _random_paths() -> st.SearchStrategy[str]:
    segment = st.one_of(
        st.text(max_size=16).map(lambda s: quote(s, safe="", errors="surrogatepass")),  # any code point
        st.binary(max_size=12).map(lambda b: quote_from_bytes(b, safe="")),  # any bytes
        st.sampled_from(ODD_PIECES),
        st.sampled_from(("..", ".", "", "api", "v1", "_data", "_hosts", "_routes.json")),
    )
    return st.lists(segment, max_size=10).map(lambda parts: "/" + "/".join(parts))


def odd_targets(world: World) -> st.SearchStrategy[str]:
    bases = sorted(world.routes) + ["/" + f for f in world.internal_files()] + ["/" + f for f in OUT_OF_DIST]
    real = st.sampled_from(bases).map(_as_sent)

    @st.composite
    def target(draw: st.DrawFn) -> str:
        path = draw(st.one_of(real, _random_paths()))
        for _ in range(draw(st.integers(0 if path in bases else 1, 3))):
            path = draw(_mutated(path))
        return path + draw(st.sampled_from(QUERIES))

    return target()


def test_every_odd_path_gets_a_sane_answer(world: World) -> None:
    runs = []

    @settings(max_examples=PATH_EXAMPLES, deadline=None, database=None, suppress_health_check=SLOW_IS_FINE)
    @given(method=st.sampled_from(("GET", "GET", "GET", "HEAD")), target=odd_targets(world))
    def check(method: str, target: str) -> None:
        runs.append(target)
        world.check(exchange(world.app, method, target), method, target)

    check()
    assert len(runs) == PATH_EXAMPLES


def test_odd_paths_that_name_a_route_exactly_answer_its_file(world: World) -> None:
    """The oracle check works: a path as published gets the file named by its manifest entry."""
    for path in (KNOWN, "/api/openapi.json", "/agents", "/.well-known/cardpantry.json", "/data/catalog.jsonl"):
        answer = exchange(world.app, "GET", _as_sent(path))
        world.check(answer, "GET", path)
        assert answer.status == world.routes[path]["status"] and answer.decoded() == world.file(path)


# ------------------------------------------------------------------------------ internal files


def _spellings(rel: str) -> Iterable[str]:
    yield "/" + quote(rel)
    yield "/" + quote(rel).replace("_", "%5F", 1)
    yield "/api/v1/../" + quote(rel)
    yield "/%2e%2e/" + quote(rel)
    yield "//" + quote(rel)


def test_internal_build_files_are_never_served(world: World) -> None:
    internal = world.internal_files()
    assert "_routes.json" in internal and any(f.startswith("_data/") for f in internal)
    assert any(f.startswith("_hosts/") for f in internal)
    for rel in internal:
        for target in _spellings(rel):
            if unquote(target) in world.routes:  # the manifest publishes it: then it is no secret
                continue
            for method in ("GET", "HEAD"):
                answer = exchange(world.app, method, target)
                world.check(answer, method, target)
                assert answer.status == 404, (method, target, answer.status)


def test_the_checks_can_fail(world: World) -> None:
    """World.check notices leaked bytes, a 5xx, a line break in a header, and an ETag for other bytes."""
    leaked = replace(world, forbidden={b"{}": "dist/_routes.json"})
    for checker, answer in (
        (leaked, Answer(200, [(b"content-length", b"2")], b"{}")),
        (world, Answer(200, [(b"content-length", b"16")], b"root:x:0:0:root:")),
        (world, Answer(500, [(b"content-length", b"2")], b"{}")),
        (world, Answer(404, [(b"link", b"</\n>"), (b"content-length", b"2")], b"{}")),
        (world, Answer(200, [(b"etag", b'"0"'), (b"content-length", b"2")], b"{}")),
        (world, Answer(200, [(b"content-type", b"application/json"), (b"content-length", b"1")], b"{")),
    ):
        with pytest.raises(AssertionError):
            checker.check(answer, "GET", "/x")


# ------------------------------------------------------------------------------------- headers


# What a server lets through in a header value: visible ASCII, tab, space and obs-text (0x80-0xFF).
VALUE_ALPHABET = "".join(chr(c) for c in (9, *range(0x20, 0x7F), *range(0x80, 0x100)))
GARBAGE = st.text(alphabet=VALUE_ALPHABET, max_size=40)
HUGE = st.sampled_from(("a", ",", '"x", ', "W/", "*", "\xff")).map(lambda s: s * (64 * 1024 // len(s)))


def if_none_match(route_etag: str | None) -> st.SearchStrategy[str]:
    tags = [route_etag, route_etag.removeprefix("W/"), "W/" + route_etag.removeprefix("W/")] if route_etag else []
    item = st.one_of(st.sampled_from(['"x"', "W/", "W/W/", '""', "*", '"', "W/*", *tags]), GARBAGE)
    return st.one_of(
        st.just("*"),
        st.just(" * "),
        GARBAGE,
        HUGE,
        st.lists(item, min_size=1, max_size=6).map(", ".join),
        st.lists(item, min_size=1, max_size=6).map(",".join),
    )


RANGES = st.one_of(
    st.sampled_from(
        (
            "bytes=0-0",
            "bytes=0-",
            "bytes=-1",
            "bytes=5-2",
            "bytes=-0",
            "bytes=0-1,3-4",
            "bytes=0-" + "9" * 400,
            "items=0-1",
            "bytes=",
            "bytes=a-b",
        )
    ),
    st.tuples(st.integers(-5, 1 << 40), st.integers(-5, 1 << 40)).map(lambda r: f"bytes={r[0]}-{r[1]}"),
    GARBAGE,
)
ACCEPT_ENCODINGS = st.one_of(
    st.sampled_from(
        (
            "*",
            "*;q=0",
            "br;q=0",
            "gzip;q=0, br;q=0",
            "identity;q=0",
            "gzip;q=nan, br;q=inf",
            "br;q=1e400",
            "gzip;q=-1",
            "br;q=",
            ",,,",
            "GZIP",
            "Br;Q=0.5, gzip;q=0.4",
            "x-gzip",
            "deflate",
        )
    ),
    st.lists(
        st.tuples(
            st.sampled_from(("br", "gzip", "*", "identity", "compress", "")),
            st.one_of(st.none(), st.floats(allow_nan=True), GARBAGE),
        ).map(lambda p: p[0] if p[1] is None else f"{p[0]};q={p[1]}"),
        max_size=6,
    ).map(", ".join),
    GARBAGE,
)
HOSTS = st.one_of(
    st.sampled_from(("", "evil.example", "[::1]:99999", "testserver:-1", "a" * 64 * 1024, "\xff\xfe", "%00", "..")),
    GARBAGE,
)
DATES = st.one_of(
    st.sampled_from(
        (
            "Thu, 01 Jan 1970 00:00:00 GMT",
            "Fri, 31 Dec 9999 23:59:59 GMT",
            "Fri, 31 Dec 99999 23:59:59 GMT",
            "Mon, 01 Jan 0001 00:00:00 GMT",
            "Mon, 01 Jan 2001 00:00:00 +9999",
            "Mon, 01 Jan 2001 00:00:00",
            "Mon, 32 Foo 2001 25:61:61 GMT",
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun Nov  6 08:49:37 1994",
            "0",
            "-1",
            "9" * 400,
            "",
        )
    ),
    st.lists(
        st.sampled_from(("Mon,", "01", "Jan", "2001", "00:00:00", "GMT", "+0000", "-2400", "99999", "::", "UT", "Z")),
        max_size=7,
    ).map(" ".join),
    GARBAGE,
)


@dataclass(frozen=True)
class Case:
    target: str
    headers: dict[str, str]

    def raw(self) -> Headers:
        return [(k.encode(), v.encode("latin-1")) for k, v in self.headers.items()]


def header_cases(world: World) -> st.SearchStrategy[Case]:
    targets = st.one_of(st.sampled_from(sorted(world.routes)), st.sampled_from(COMPUTED))

    @st.composite
    def case(draw: st.DrawFn) -> Case:
        target = draw(targets)
        route = world.routes.get(target)
        headers = {}
        for name, values in (
            ("if-none-match", if_none_match(route["etag"] if route else None)),
            ("range", RANGES),
            ("accept-encoding", ACCEPT_ENCODINGS),
            ("host", HOSTS),
            ("if-modified-since", DATES),
        ):
            if draw(st.booleans()):
                headers[name] = draw(values)
        return Case(_as_sent(target), headers)

    return case()


def _listed(header: str, tag: str) -> bool:
    return any(item.strip().removeprefix("W/") == tag.removeprefix("W/") for item in header.split(","))


def check_file_answer(world: World, case: Case, answer: Answer) -> None:
    """A static route's answer is its file (never a slice), or a 304 only when the client's copy is current."""
    path = unquote(case.target)
    route = world.routes[path]
    inm = case.headers.get("if-none-match")
    if route["status"] == 200 and inm is not None and (inm.strip() == "*" or _listed(inm, route["etag"])):
        assert answer.status == 304 and answer.header("etag") == route["etag"], (case, answer.status)
        return
    if answer.status == 304:  # only If-Modified-Since may give it now
        assert route["status"] == 200 and inm is None and "if-modified-since" in case.headers, case
        assert answer.header("etag") == route["etag"], case
        return
    assert answer.status == route["status"], (case, answer.status)
    assert answer.decoded() == world.file(path), case  # the whole file, whatever Range said
    coding = answer.header("content-encoding")
    accepted = case.headers.get("accept-encoding", "").lower()
    assert coding is None or coding in accepted or "*" in accepted, (coding, accepted)


def test_odd_request_headers_on_real_routes(world: World) -> None:
    runs = []

    @settings(max_examples=HEADER_EXAMPLES, deadline=None, database=None, suppress_health_check=SLOW_IS_FINE)
    @given(case=header_cases(world), method=st.sampled_from(("GET", "GET", "HEAD")))
    def check(case: Case, method: str) -> None:
        runs.append(case)
        answer = exchange(world.app, method, case.target, case.raw())
        world.check(answer, method, case.target)
        assert answer.status != 206 and answer.header("content-range") is None, case  # Range is ignored
        if method == "GET" and unquote(case.target) in world.routes:
            check_file_answer(world, case, answer)

    check()
    assert len(runs) == HEADER_EXAMPLES


# -------------------------------------------------------------------------------------- bodies

# orjson refuses these (a double overflows, or the literal is not JSON): 400 not_json.
NOT_JSON_NUMBERS = (
    "1e400",
    "-1e400",
    "1E+999",
    "1" + "0" * 400,  # 10**400 as integer text
    "-" + "9" * 400,
    "9" * 5000,  # beyond Python's 4300-digit int conversion limit too
    "NaN",
    "-NaN",
    "Infinity",
    "-Infinity",
    "inf",
    "+1",
    "01",
    ".5",
)
# Valid JSON numbers at the edges: the handler decides, but never with a 5xx.
EDGE_NUMBERS = (
    "-0",
    "-0.0",
    "0e0",
    "-0E-0",
    "1e-400",
    "0." + "0" * 400 + "1",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "123456789012345678901234567890",
    "1.7976931348623157e308",
    "5e-324",
)
MEMBER_NAMES = ("op", "level", "leader_id", "main_deck_card_ids", "format", "skus", "hash", "name", "message", "a")


def _in_place(number: str) -> st.SearchStrategy[str]:
    """A number where a handler might read it: a member, inside an array, or deeper."""
    wraps = ("{}", "[{}]", '{{"n": {}}}', "[[{}]]", '[{{"x": [{}]}}]')
    return st.tuples(st.sampled_from(MEMBER_NAMES), st.sampled_from(wraps)).map(
        lambda p: f'"{p[0]}": {p[1].format(number)}'
    )


def _object(members: list[str]) -> bytes:
    return ("{" + ", ".join(members) + "}").encode()


@st.composite
def number_bodies(draw: st.DrawFn, numbers: tuple[str, ...]) -> bytes:
    odd = draw(_in_place(draw(st.sampled_from(numbers))))
    fine = draw(
        st.lists(st.sampled_from(('"level": 1', '"op": "new"', '"format": "standard"')), max_size=2, unique=True)
    )
    return _object(draw(st.permutations([*fine, odd])))


DUPLICATE_PLACES = ("{{{}}}", '{{"deck": {{{}}}}}', '{{"a": [1, {{{}}}]}}', '{{"a": 1, "b": [[{{{}}}]]}}')


@st.composite
def duplicate_bodies(draw: st.DrawFn) -> bytes:
    """One member twice in one object; the second maybe spelled with escapes (it decodes the same)."""
    name = draw(st.sampled_from(MEMBER_NAMES))
    escaped = "".join(f"\\u{ord(c):04X}" for c in name)
    again = draw(st.sampled_from((name, f"\\u{ord(name[0]):04x}{name[1:]}", escaped)))
    values = st.sampled_from(('"new"', '"move"', "1", "null", "[]", "{}", '"OP01-001"'))
    pair = f'"{name}": {draw(values)}, "{again}": {draw(values)}'
    where = draw(st.sampled_from(DUPLICATE_PLACES))
    return where.format(pair).encode()


DEPTHS = st.one_of(st.sampled_from((MAX_DEPTH, MAX_DEPTH + 1, 254, 255, 949, 1000, 1023, 1024)), st.integers(2, 1100))


@st.composite
def deep_bodies(draw: st.DrawFn) -> tuple[bytes, str | None]:
    """Arrays or objects nested ``depth`` deep (the body object included), beside another member or
    alone; past ``MAX_DEPTH`` the body is refused as not_json, before any reader recurses on it."""
    depth = draw(DEPTHS)
    opener, closer = draw(st.sampled_from(((b"[", b"]"), (b'{"k": ', b"}"))))
    name = draw(st.sampled_from(MEMBER_NAMES)).encode()
    member = b'"' + name + b'": ' + opener * (depth - 1) + b"1" + closer * (depth - 1)
    body = b"{" + member + draw(st.sampled_from((b"", b', "z": 1'))) + b"}"
    return body, "not_json" if depth > MAX_DEPTH else None


def odd_bodies() -> st.SearchStrategy[tuple[bytes, str | None]]:
    """(body, the error code it must get, or None when any clear answer will do)."""
    return st.one_of(
        number_bodies(NOT_JSON_NUMBERS).map(lambda b: (b, "not_json")),
        duplicate_bodies().map(lambda b: (b, "duplicate_key")),
        number_bodies(EDGE_NUMBERS).map(lambda b: (b, None)),
        deep_bodies(),
    )


@pytest.mark.parametrize("surface", POSTS, ids=[s.id for s in POSTS])
def test_odd_numbers_duplicate_members_and_deep_objects_get_a_clear_answer(world: World, surface: Surface) -> None:
    assert surface.post is not None
    reads = surface.post.read_body
    runs = []

    @settings(max_examples=BODY_EXAMPLES, deadline=None, database=None, suppress_health_check=SLOW_IS_FINE)
    @given(sample=odd_bodies())
    def check(sample: tuple[bytes, str | None]) -> None:
        body, code = sample
        runs.append(body)
        target = POST_PATHS[surface.id]
        answer = exchange(world.app, "POST", target, [(b"content-type", b"application/json")], body)
        world.check(answer, "POST", target)
        document = orjson.loads(answer.decoded())
        if not reads:  # a door that answers before reading: its documented status document
            assert answer.status in (402, 503) and document["data"], (answer.status, body[:80])
            return
        assert answer.status < 500, (answer.status, document, body[:80])
        if code is not None or answer.status >= 400:
            error = document["error"]
            assert 400 <= answer.status < 500, (document, body[:80])
            assert {"code", "message"} <= set(error) <= {"code", "message", "parameter", "accepted"}, document
        if code is not None:
            assert document["error"]["code"] == code, (document, body[:80])

    check()
    assert len(runs) == BODY_EXAMPLES


@pytest.mark.parametrize(
    "target, body",
    [
        # RecursionError in the duplicate-member check (json.loads), on every POST that reads a body
        ("/api/v1/play/deck/validate", b'{"a": 1, "b": ' + b"[" * 1000 + b"]" * 1000 + b"}"),
        ("/api/v1/feedback", b'{"a": {"k": 1, "b": ' + b"[" * 950 + b"]" * 950 + b"}}"),
        # TypeError from orjson.dumps (depth over 254) hashing the draft
        ("/api/v1/recipe-template", b'{"a": ' + b"[" * 254 + b"]" * 254 + b"}"),
        # RecursionError in the handler's own walk of the document
        ("/api/v1/identify", b'{"a": ' + b"[" * 1000 + b"]" * 1000 + b"}"),
    ],
)
def test_a_deeply_nested_body_is_a_400_not_a_crash(world: World, target: str, body: bytes) -> None:
    """Regressions found by this suite: orjson reads nesting to depth 1023, but readers after it
    recursed and the exception left the app (a 500 behind uvicorn). Now refused past MAX_DEPTH."""
    answer = exchange(world.app, "POST", target, [(b"content-type", b"application/json")], body)
    world.check(answer, "POST", target)
    assert answer.status == 400 and orjson.loads(answer.body)["error"]["code"] == "not_json", answer.body[:200]
    at_the_limit = b'{"a": ' + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"}"
    answer = exchange(world.app, "POST", target, [(b"content-type", b"application/json")], at_the_limit)
    world.check(answer, "POST", target)
    assert orjson.loads(answer.body).get("error", {}).get("code") != "not_json", answer.body[:200]
