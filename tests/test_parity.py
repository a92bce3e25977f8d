"""Parity: real nginx and real Caddy (the generated host adapters) and the ASGI app answer the same
requests alike.

One small dist (the synthetic catalog's, plus three routes added here: a 503 paused document, a
``/x/`` route whose file is ``x/index.json`` and a retired SKU's 301 to a card the synthetic catalog
has; the real ledger's retired SKUs are the build's own 410s there) is served twice on loopback: by
the app under uvicorn, by nginx with ``nginx_standalone`` and by Caddy with ``caddy_standalone``,
each in front of that same app. Every case goes to the app and to each host.

- static answers (files, 304, HEAD, twins, 405): same status, byte-equal body, same key headers
  including the ETag;
- computed answers (404s, query variants, identify, case variants): both come from the app, so the
  status and headers match, and the JSON is equal once the per-request values are set aside
  (``request_id``, ``retrieved_at``/``@retrieved_at`` and what they feed: ``@self_hash``, an
  ``as_of`` equal to ``retrieved_at``, the ETag).

Which answers a host gives itself is checked too: nginx capitalises the header names it writes
(uvicorn's pass through in lower case); Caddy's are all canonical, so a second Caddy with no app
behind it must still give every static answer (and a 502 for what it proxies).

Each host's cases are skipped where it is not installed (CI: ``apt-get install -y nginx
libnginx-mod-http-brotli-static caddy``).
"""

from __future__ import annotations

import datetime as dt
import gzip
import http.client
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import brotli
import orjson
import pytest

from generator.platform.sample import sample_agent_key
from generator.web.conditional import http_date
from generator.web.envelope import etag
from generator.write.caddy import caddy_standalone
from generator.write.manifest import MANIFEST
from generator.write.nginx import BROTLI_STATIC_MODULE, nginx_standalone

NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)
CADDY = shutil.which("caddy")
BROTLI = BROTLI_STATIC_MODULE.is_file()
ROOT = Path(__file__).resolve().parents[1]
needs_nginx = pytest.mark.skipif(
    NGINX is None, reason="nginx is not installed (apt-get install -y nginx libnginx-mod-http-brotli-static)"
)
needs_caddy = pytest.mark.skipif(CADDY is None, reason="caddy is not installed (apt-get install -y caddy)")

PAUSED = "/api/v1/parity/paused"
INDEX = "/api/v1/parity/folder/"
MOVED = "/api/v1/universal/card/op-op01-001-en-retired"  # a retired SKU whose successor is CARD
GONE = "/api/v1/universal/card/lor-9-0-en"  # retired (content/retired_skus.yaml); no successor here
KEY_HEADERS = (
    "content-type",
    "location",
    "last-modified",
    "cache-control",
    "link",
    "allow",
    "vary",
    "content-encoding",
    "ratelimit-limit",
    "ratelimit-policy",
    "ratelimit-remaining",
    "ratelimit-reset",
    "x-joy-index",
    "access-control-allow-origin",
    "access-control-expose-headers",
    "access-control-allow-methods",
)
# On a 304 nginx keeps what its file answer would carry (Vary, Content-Encoding, Content-Length: RFC 9110
# 15.4.5 wants Vary there), the app drops them: not compared on 304s.
NOT_ON_304 = ("vary", "content-encoding")
VOLATILE = {"request_id", "retrieved_at", "@retrieved_at", "@self_hash"}
# and what a live answer computes against the moment it is asked (ages, the moment itself)
VOLATILE |= {"evaluated", "age_hours", "newest_run_age_hours", "oldest_run_age_hours", "subsystems"}


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    names: tuple[str, ...]  # header names as sent

    @property
    def from_nginx_itself(self) -> bool:
        """uvicorn sends lower-case names, which nginx passes on; its own ETag and Allow are capitalised.
        (The MCP gate's answers carry neither validator nor Allow: its lower-case request id says app.)"""
        if {"ETag", "Allow"} & set(self.names):
            return True
        assert {"etag", "allow", "x-request-id"} & set(self.names), self.names
        return False


@dataclass(frozen=True)
class Case:
    id: str
    path: str
    method: str = "GET"
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes | None = None
    computed: bool = False  # answered by the app's surface functions: compare JSON without per-request values
    proxied: bool | None = None  # nginx passes it to the app (default: when computed)
    status: int | None = None  # the expected status, checked on both


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for(port: int, process: subprocess.Popen, what: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}: {process.stderr.read().decode()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on {port} within {timeout} s")


def _add_route(
    dist: Path, manifest: dict, path: str, rel: str, status: int, body: bytes, location: str | None = None
) -> None:
    """A route the synthetic build does not have (a paused 503, an index file, a 301 with its
    ``Location``), as the writer would add it."""
    (dist / rel).parent.mkdir(parents=True, exist_ok=True)
    (dist / rel).write_bytes(body)
    (dist / f"{rel}.gz").write_bytes(gzip.compress(body, 6, mtime=0))
    (dist / f"{rel}.br").write_bytes(brotli.compress(body, quality=5))
    template = manifest["routes"]["/api/v1/universal/encoding"]
    manifest["routes"][path] = {
        **template,
        "file": rel,
        "status": status,
        "etag": f"W/{etag(body)}",  # twins: one weak validator for the three forms
        "sha256": "-",
        "twins": ["br", "gz"],
    }
    if location is not None:  # the header set the writer would make: the template's, plus Location
        headers = {**manifest["header_sets"][template["headers"]], "Location": location}
        manifest["header_sets"]["h-moved"] = headers
        manifest["routes"][path]["headers"] = "h-moved"


@pytest.fixture(scope="module")
def parity_dist(small_dist: Path, tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("parity") / "dist"
    shutil.copytree(small_dist, dist)
    manifest = orjson.loads((dist / MANIFEST).read_bytes())
    padding = "the catalog is paused while a source is re-imported; " * 30
    paused = orjson.dumps({"error": {"code": "paused", "message": padding.strip()}}, option=orjson.OPT_APPEND_NEWLINE)
    _add_route(dist, manifest, PAUSED, "api/v1/parity/paused.json", 503, paused)
    _add_route(dist, manifest, INDEX, "api/v1/parity/folder/index.json", 200, b'{"data":"an index file"}\n' * 60)
    moved = orjson.dumps({"error": {"code": "sku_retired", "message": "retired: its printing is op-op01-001-en"}})
    _add_route(dist, manifest, MOVED, f"{MOVED.lstrip('/')}.json", 301, moved * 40, location=CARD)
    (dist / MANIFEST).write_bytes(orjson.dumps(manifest))
    return dist


def _start(command: list[str], port: int, what: str) -> subprocess.Popen:
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        _wait_for(port, process, what)
    except RuntimeError:
        _stop(process)
        raise
    return process


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    if process.stderr is not None:
        process.stderr.close()


@pytest.fixture(scope="module")
def app_port(parity_dist: Path, tmp_path_factory) -> Iterator[int]:
    """The app under uvicorn (``build.py serve``), as every host's upstream, with a state folder of its own."""
    port, state = _free_port(), tmp_path_factory.mktemp("parity-state")
    serve = [sys.executable, str(ROOT / "build.py"), "serve", "--dist", str(parity_dist), "--port", str(port)]
    serve += ["--state", str(state)]
    process = _start(serve, port, "the app")
    yield port
    _stop(process)


@pytest.fixture(scope="module")
def nginx_port(parity_dist: Path, app_port: int, tmp_path_factory) -> Iterator[int]:
    assert NGINX is not None
    port, prefix = _free_port(), tmp_path_factory.mktemp("nginx")
    conf = nginx_standalone(
        orjson.loads((parity_dist / MANIFEST).read_bytes()),
        listen=f"127.0.0.1:{port}",
        root=parity_dist,
        upstream=f"127.0.0.1:{app_port}",
        brotli_module=BROTLI_STATIC_MODULE if BROTLI else None,
        user="root" if os.geteuid() == 0 else None,
    )
    (prefix / "nginx.conf").write_bytes(conf)
    process = _start([NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-e", "stderr"], port, "nginx")
    yield port
    _stop(process)


@pytest.fixture(scope="module")
def caddy_ports(parity_dist: Path, app_port: int, tmp_path_factory) -> Iterator[tuple[int, int]]:
    """(Caddy in front of the app, Caddy in front of nothing): the second shows what Caddy answers itself."""
    assert CADDY is not None
    manifest = orjson.loads((parity_dist / MANIFEST).read_bytes())
    folder = tmp_path_factory.mktemp("caddy")
    ports, processes = [], []
    try:
        for name, upstream in (("app", f"127.0.0.1:{app_port}"), ("alone", f"127.0.0.1:{_free_port()}")):
            port = _free_port()
            config = folder / f"Caddyfile-{name}"
            config.write_bytes(
                caddy_standalone(manifest, listen=f"127.0.0.1:{port}", root=parity_dist, upstream=upstream)
            )
            command = [CADDY, "run", "--adapter", "caddyfile", "--config", str(config)]
            processes.append(_start(command, port, f"caddy ({name})"))
            ports.append(port)
        yield ports[0], ports[1]
    finally:
        for process in processes:
            _stop(process)


def fetch(port: int, case: Case) -> Answer:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(case.method, case.path, body=case.body, headers={"Accept-Encoding": "identity", **case.headers})
        response = conn.getresponse()
        body = response.read()
        pairs = response.getheaders()
        return Answer(response.status, {k.lower(): v for k, v in pairs}, body, tuple(k for k, _ in pairs))
    finally:
        conn.close()


def _stable(value):
    """JSON with the per-request values set aside (see the module docstring)."""
    if isinstance(value, dict):
        kept = {k: _stable(v) for k, v in value.items() if k not in VOLATILE}
        if "as_of" in value and value.get("as_of") == value.get("retrieved_at"):
            kept.pop("as_of")
        return kept
    if isinstance(value, list):
        return [_stable(v) for v in value]
    return value


CARD = "/api/v1/universal/card/op-op01-001-en"  # KNOWN_SKU of the synthetic catalog (tests/conftest.py)
MCP = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
MCP |= {"MCP-Protocol-Version": "2025-11-25"}
AGENT = {"Authorization": f"Bearer {sample_agent_key()}"}
MCP_CALL = orjson.dumps(
    {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "universal_card", "arguments": {"sku": CARD.rsplit("/", 1)[1]}},
    }
)
ETAG = "<the route's manifest ETag>"
LAST_MODIFIED = "<the build's Last-Modified>"
CASES = [
    Case("static-games", "/api/v1/universal/games", status=200),
    Case("static-card", CARD, status=200),
    Case("static-set", "/api/v1/universal/set/op-op01", status=200),
    Case("static-encoding", "/api/v1/universal/encoding", status=200),
    Case("static-index-file", INDEX, status=200),
    Case("head", CARD, "HEAD", status=200),
    Case("if-none-match-304", CARD, headers={"If-None-Match": ETAG}, status=304),
    Case("if-none-match-304-head", CARD, "HEAD", headers={"If-None-Match": ETAG}, status=304),
    Case("if-none-match-304-gzip", CARD, headers={"If-None-Match": ETAG, "Accept-Encoding": "gzip"}, status=304),
    Case("if-none-match-other", CARD, headers={"If-None-Match": '"0000"'}, status=200),
    Case("if-modified-since-304", CARD, headers={"If-Modified-Since": LAST_MODIFIED}, status=304),
    Case(
        "if-modified-since-gzip-304",
        CARD,
        headers={"If-Modified-Since": LAST_MODIFIED, "Accept-Encoding": "gzip"},
        status=304,
    ),
    Case("if-modified-since-before", CARD, headers={"If-Modified-Since": "Mon, 01 Jan 2001 00:00:00 GMT"}, status=200),
    Case(
        "if-none-match-wins-over-if-modified-since",
        CARD,
        headers={"If-None-Match": '"0000"', "If-Modified-Since": LAST_MODIFIED},
        status=200,
    ),
    Case("teapot-418", "/api/v1/teapot", status=418),
    Case("coffee-418-gzip", "/api/v1/coffee", headers={"Accept-Encoding": "gzip"}, status=418),
    Case("kingdom-402", "/api/v1/buy-the-kingdom", status=402),
    Case("kingdom-402-post-unread", "/api/v1/buy-the-kingdom", "POST", body=b"{not json", computed=True, status=402),
    Case("gzip-twin", CARD, headers={"Accept-Encoding": "gzip"}, status=200),
    Case("gzip-twin-head", CARD, "HEAD", headers={"Accept-Encoding": "gzip"}, status=200),
    Case("gzip-refused", CARD, headers={"Accept-Encoding": "gzip;q=0"}, status=200),
    Case("gzip-with-a-q-value", CARD, headers={"Accept-Encoding": "gzip;q=0.5"}, status=200),
    pytest.param(
        Case("brotli-twin", CARD, headers={"Accept-Encoding": "gzip, br"}, status=200),
        marks=pytest.mark.skipif(
            not BROTLI, reason="nginx's brotli_static module is not installed (libnginx-mod-http-brotli-static)"
        ),
    ),
    Case("paused-503", PAUSED, status=503),
    Case("retired-301", MOVED, status=301),
    Case("retired-301-head-gzip", MOVED, "HEAD", headers={"Accept-Encoding": "gzip"}, status=301),
    Case("retired-301-ignores-if-none-match", MOVED, headers={"If-None-Match": ETAG}, status=301),
    Case("retired-410", GONE, status=410),
    Case("retired-410-query-variant", f"{GONE}?density=sparse", computed=True, status=410),
    Case("paused-503-head-gzip", PAUSED, "HEAD", headers={"Accept-Encoding": "gzip"}, status=503),
    Case("paused-503-ignores-if-none-match", PAUSED, headers={"If-None-Match": ETAG}, status=503),
    Case("query-on-surface-without-query-keys", "/api/v1/universal/games?density=sparse", status=200),
    Case("query-key-that-selects-nothing", f"{CARD}?utm_source=x", proxied=True, status=200),
    Case("percent-encoded-path", CARD.replace("-en", "-%65n"), status=200),
    Case("post-to-get-only-route", CARD, "POST", headers={"Content-Type": "application/json"}, body=b"{}", status=405),
    Case("delete-with-query", f"{CARD}?density=sparse", "DELETE", status=405),
    Case(
        "options-preflight",
        CARD,
        "OPTIONS",
        headers={"Origin": "https://example.org", "Access-Control-Request-Method": "GET"},
        proxied=True,
        status=204,
    ),
    # the static search index (issue 39): a script with twins, a JSON entry Pagefind asks for with a
    # cache-busting query, gzipped WebAssembly sent as it is (octet-stream, never coded again)
    Case("search-index-script-gzip", "/pagefind/pagefind.js", headers={"Accept-Encoding": "gzip"}, status=200),
    Case("search-index-entry-cache-buster", "/pagefind/pagefind-entry.json?ts=1", status=200),
    Case("search-index-wasm", "/pagefind/wasm.unknown.pagefind", headers={"Accept-Encoding": "gzip, br"}, status=200),
    Case("search-index-unknown-chunk", "/pagefind/fragment/nope.pf_fragment", computed=True, status=404),
    Case("static-html", "/play/spec", status=200),
    Case("site-root", "/", status=200),  # the page the site's base URL names (issue 32)
    Case("site-root-head", "/", "HEAD", status=200),
    Case("changelog-page", "/changelog", status=200),  # where an Atom entry's alternate link lands
    Case("feedback-terms-file", "/api/v1/feedback", status=200),  # says a host without the app cannot store
    Case("static-path-ending-in-json", "/api/v1/play/index.json", status=200),
    Case(
        "post-handler-bad-body",
        "/api/v1/play/deck/validate",
        "POST",
        headers={"Content-Type": "application/json"},
        body=b'{"leader": ',
        computed=True,
        status=400,
    ),
    Case(
        "post-handler-body-over-its-limit",
        "/api/v1/play/deck/validate",
        "POST",
        body=b"x" * (1_048_576 + 1),
        computed=True,
        status=413,  # body_too_large is a 413 on every POST (issue 38)
    ),
    Case("get-on-a-post-only-route", "/api/v1/play/deck/validate", computed=True, status=405),
    Case("query-variant", f"{CARD}?density=sparse", computed=True, status=200),
    Case("query-variant-invalid", f"{CARD}?density=dense", computed=True, status=400),
    Case("unknown-sku", "/api/v1/universal/card/op-op01-999-en", computed=True, status=404),
    Case("unclaimed-api-path", "/api/v1/no/such/thing", computed=True, status=404),
    Case("post-to-unclaimed-api-path", "/api/v1/no/such/thing", "POST", body=b"{}", computed=True, status=404),
    Case("outside-the-api", "/nothing-here", computed=True, status=404),
    Case("build-manifest-not-served", "/_routes.json", computed=True, status=404),
    Case("host-config-not-served", "/_hosts/caddy.conf", computed=True, status=404),
    Case("netlify-rules-not-served", "/_redirects", computed=True, status=404),
    Case("federation-identify", f"/api/v1/federation/identify/sha256:{'0' * 64}", computed=True, status=200),
    Case("federation-identify-malformed", "/api/v1/federation/identify/xyz", computed=True, status=400),
    Case("by-upstream-query", "/api/v1/federation/identify/by-upstream?upstream=nope", computed=True, status=404),
    Case("case-variant", "/api/v1/universal/sets/OP", computed=True, status=200),
    Case("double-slash", "/api/v1//universal/games", computed=True, status=404),
    # live: computed against the request time by the app, although the build wrote a file (issue 32)
    Case("live-health", "/api/v1/health", computed=True, status=200),
    Case("live-source-ages", "/api/v1/sources", computed=True, status=200),
    # the MCP gate (issue 36): no file, so every host hands it to the app, key and all
    Case("mcp-without-a-key", "/api/mcp", "POST", headers=MCP, body=MCP_CALL, computed=True, status=401),
    Case("mcp-tool-call", "/api/mcp", "POST", headers=MCP | AGENT, body=MCP_CALL, computed=True, status=200),
    Case("mcp-keeps-no-stream", "/api/mcp", headers=MCP | AGENT, computed=True, status=405),
]


def _known(case: Case, parity_dist: Path) -> Case:
    """The case with the route's real ETag and the build's Last-Modified filled in."""
    if not {ETAG, LAST_MODIFIED} & set(case.headers.values()):
        return case
    manifest = orjson.loads((parity_dist / MANIFEST).read_bytes())
    known = {
        ETAG: manifest["routes"][case.path.split("?")[0]]["etag"],
        LAST_MODIFIED: http_date(dt.datetime.fromisoformat(manifest["as_of"].replace("Z", "+00:00"))),
    }
    return Case(**{**case.__dict__, "headers": {k: known.get(v, v) for k, v in case.headers.items()}})


def _assert_alike(case: Case, app: Answer, host: Answer) -> None:
    assert (app.status, host.status) == (case.status, case.status)
    for answer in (app, host):  # one request id on every answer, a file's too (issue 32)
        assert [n.lower() for n in answer.names].count("x-request-id") == 1, answer.names
    meta = orjson.loads(host.body).get("_meta") if case.computed and host.body.startswith(b"{") else None
    if meta is not None:  # the app adopted the host's id: one id in both logs
        assert meta["request_id"] == host.headers["x-request-id"]
    names = [n for n in KEY_HEADERS if case.status != 304 or n not in NOT_ON_304]
    assert {n: host.headers.get(n) for n in names} == {n: app.headers.get(n) for n in names}
    assert ("etag" in host.headers) == ("etag" in app.headers)
    if case.computed:  # both from the app, a moment apart
        assert _stable(orjson.loads(host.body)) == _stable(orjson.loads(app.body))
        return
    assert host.headers.get("etag") == app.headers.get("etag")
    assert host.body == app.body
    if case.status in (204, 304):  # no Content-Length on either (RFC 9110 8.6)
        return
    if "content-length" not in host.headers:
        # Caddy leaves it out of a coded twin's HEAD (RFC 9110 9.3.2), and sends a coded twin of more
        # than a few KiB chunked (pagefind.js, openapi.json): the bytes were compared above
        assert "content-encoding" in host.headers
        assert case.method == "HEAD" or host.headers.get("transfer-encoding") == "chunked"
        return
    assert host.headers["content-length"] == app.headers["content-length"]


def _proxied(case: Case) -> bool:
    return case.computed if case.proxied is None else case.proxied


@needs_nginx
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_nginx_answers_as_the_app(case: Case, app_port: int, nginx_port: int, parity_dist: Path) -> None:
    case = _known(case, parity_dist)
    app, nginx = fetch(app_port, case), fetch(nginx_port, case)
    assert nginx.from_nginx_itself != _proxied(case), nginx.names
    _assert_alike(case, app, nginx)


@needs_caddy
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_caddy_answers_as_the_app(case: Case, app_port: int, caddy_ports, parity_dist: Path) -> None:
    case = _known(case, parity_dist)
    with_app, alone = caddy_ports
    app, caddy = fetch(app_port, case), fetch(with_app, case)
    _assert_alike(case, app, caddy)
    by_itself = fetch(alone, case)
    if _proxied(case):
        assert by_itself.status == 502, "Caddy answered what it should hand to the app"
    else:
        assert (by_itself.status, by_itself.body) == (caddy.status, caddy.body), "Caddy asked the app for a file"


def _if_none_match(value: str, parity_dist: Path) -> Case:
    route = orjson.loads((parity_dist / MANIFEST).read_bytes())["routes"][CARD]
    return Case(
        "if-none-match-form", CARD, headers={"If-None-Match": value.format(etag=route["etag"].removeprefix("W/"))}
    )


INM_FORMS = ['"0000", {etag}', "W/{etag}", "*"]


@needs_nginx
@pytest.mark.parametrize("value", INM_FORMS)
def test_nginx_takes_if_none_match_lists_weak_tags_and_star(value: str, nginx_port: int, parity_dist: Path) -> None:
    assert fetch(nginx_port, _if_none_match(value, parity_dist)).status == 304


@needs_caddy
@pytest.mark.parametrize("value", INM_FORMS)
def test_caddy_takes_if_none_match_lists_weak_tags_and_star(value: str, caddy_ports, parity_dist: Path) -> None:
    assert fetch(caddy_ports[1], _if_none_match(value, parity_dist)).status == 304


@pytest.mark.parametrize("value", INM_FORMS)
def test_app_takes_if_none_match_lists_weak_tags_and_star(value: str, app_port: int, parity_dist: Path) -> None:
    assert fetch(app_port, _if_none_match(value, parity_dist)).status == 304
