"""Caddy host adapter, generated from the routes manifest: serves ``dist/`` exactly as the app does.

One file, ``_hosts/caddy.conf``, to ``import`` inside a site block (Caddy 2.6 or later)::

    example.org {
        root * /srv/cardpantry/dist
        import /srv/cardpantry/dist/_hosts/caddy.conf
    }

with the app's address in the environment when Caddy starts (``CARDPANTRY_APP=127.0.0.1:8000``,
the default). Reload Caddy after each build (``caddy reload``): the ETags live in the config.
``caddy_standalone`` renders a complete Caddyfile (tests, benchmarks).

What a request gets, in the order ``generator.serve.app`` decides it (the same as the nginx adapter):

1. a static route, GET or HEAD, without a query string where the surface selects variants by query:
   its file with the manifest's status, media type, ETag, Last-Modified (the build's as-of) and
   header set (``{path}`` in ``Link`` is the request path, as Caddy's placeholder of that name);
   304 when If-None-Match names the ETag (lists, ``W/`` and ``*`` understood) or, without it, when
   If-Modified-Since is the Last-Modified sent (an exact echo, as nginx); the ``.br``/``.gz`` twin
   by Accept-Encoding (``precompressed``). Conditional and Range headers are then removed, so Go's
   file serving neither answers a 304 from the file's own times nor a 206;
2. another method on a static route: 405 with ``Allow`` and the app's JSON body, from Caddy;
3. everything else (unknown paths, query variants, POST handlers, OPTIONS, dynamic surfaces, a file
   missing on disk): ``reverse_proxy`` to the app.

Speed: Caddy's ``map`` compares the path with each route in turn, so a lookup grows with the route
count (about 200,000 for the full catalog); nginx's hashed ``map`` does not. Caddy suits a smaller
site or a CDN origin; nginx is the adapter measured by ``bench/serve.py``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.web.conditional import http_date
from generator.web.respond import CORS, method_not_allowed_body
from generator.write.nginx import APP_BODY_LIMIT, READ, RouteKind, _allowed, route_kind

CADDY_CONF = "_hosts/caddy.conf"
APP = "{$CARDPANTRY_APP:127.0.0.1:8000}"
REQUEST_ID_PASSED = "header_up X-Request-Id {http.request.uuid}\n\t\theader_down -X-Request-Id"
_PLACEHOLDER = re.compile(r"[{}]")
# What Go's file serving would otherwise act on: its own 304s (from the file's times) and 206s.
CONDITIONAL = ("If-None-Match", "If-Modified-Since", "If-Unmodified-Since", "If-Match", "If-Range", "Range")


def caddy_files(manifest: Mapping[str, Any]) -> dict[str, bytes]:
    return {CADDY_CONF: caddy_conf(manifest).encode()}


def caddy_standalone(manifest: Mapping[str, Any], *, listen: str, root: Path, upstream: str) -> bytes:
    """A complete Caddyfile for ``caddy run --adapter caddyfile --config <file>``."""
    return (
        "{\n\tadmin off\n\tauto_https off\n"
        "\tservers {\n\t\ttimeouts {\n\t\t\tread_header 10s\n\t\t\tread_body 30s\n\t\t}\n\t}\n}\n"
        f"http://{listen} {{\n\troot * {_token(str(root))}\n" + caddy_conf(manifest).replace(APP, upstream) + "}\n"
    ).encode()


def caddy_conf(manifest: Mapping[str, Any]) -> str:
    routes: Mapping[str, Mapping[str, Any]] = manifest["routes"]
    header_sets: Mapping[str, Mapping[str, str]] = manifest["header_sets"]
    surfaces = {s["id"]: s for s in manifest["surfaces"]}
    last_modified = http_date(dt.datetime.fromisoformat(manifest["as_of"].replace("Z", "+00:00")))
    kinds: dict[tuple[*RouteKind, bool], str] = {}  # (route kind, twins) -> kind name
    names: dict[tuple[str, int, str, str, bool], str] = {}  # (surface, status, header set, type, twins) -> kind name
    lines = []
    for path, route in routes.items():  # the manifest lists them sorted
        key = (route["surface"], route["status"], route["headers"], route["type"], bool(route.get("twins")))
        name = names.get(key)
        if name is None:  # twins: Vary on every form
            name = names[key] = kinds.setdefault((*route_kind(route, surfaces), key[4]), f"k{len(kinds)}")
        etag = route["etag"]
        lines.append(f"\t\t`{path}` {name} `{etag}` `{etag.removeprefix('W/')}` `/{route['file']}`")
    table = "\n".join(lines)
    if table.count("`") != 8 * len(lines) or table.count("\n") != len(lines) - 1 or "\r" in table:
        raise ValueError("a backquote or line break in a route's path, ETag or file")
    out = [
        f"# cardpantry Caddy adapter: {len(routes):,} routes from _routes.json; do not edit (see the module",
        "# generator/write/caddy.py for the deploy and what each request gets).",
        "route {",
        "\tmap {path} {m_kind} {m_etag} {m_tag} {m_file} {",
        table,
        '\t\tdefault "" "" "" ""',
        "\t}",
        # A map's outputs are looked up (a scan of its entries) each time they are used: each is
        # read once into a variable, and the rest reads the variables.
        "\tvars {\n\t\tcp_kind {m_kind}\n\t\tcp_etag {m_etag}\n\t\tcp_tag {m_tag}\n\t\tcp_file {m_file}\n\t}",
        "\tmap {vars.cp_kind} {m_status} {m_type} {",
    ]
    method_sets = sorted({tuple(_allowed(kind[3])) for kind in kinds})
    for (status, _headers, media, *_rest), k in kinds.items():
        out.append(f"\t\t{k} {status} {_token(media)}")
    out += ['\t\tdefault "" ""', "\t}", '\tmap "{method} {vars.cp_kind} {query}" {m_action} {']
    for (_status, _headers, _media, methods, gets, _twins), k in kinds.items():
        plain, query = ("app" if gets == "all" else "file"), ("file" if gets == "none" else "app")
        rules = [(f"~^(GET|HEAD) {k} $", plain), (f"~^(GET|HEAD) {k} .+$", query)]
        others = [m for m in methods if m not in READ]
        if others:
            rules.append((f"~^({'|'.join(map(re.escape, others))}) {k} .*$", "app"))
        refused = f"405-{method_sets.index(tuple(_allowed(methods)))}"
        rules += [(f"~^OPTIONS {k} .*$", "app"), (f"~^\\S+ {k} .*$", refused)]
        out += [f"\t\t{_token(pattern)} {action}" for pattern, action in rules]
    out += [
        "\t\tdefault app",
        "\t}",
        "\tvars {\n\t\tcp_status {m_status}\n\t\tcp_type {m_type}\n\t\tcp_action {m_action}\n\t}",
        "\t@app vars cp_action app",
        "\t@missing {\n\t\tvars cp_action file\n\t\tnot file {vars.cp_file}\n\t}",
        "\trequest_body @app {\n\t\tmax_size " + APP_BODY_LIMIT.upper() + "B\n\t}",
        # one request id, Caddy's: on every answer, and passed to the app (which says it in _meta)
        "\theader X-Request-Id {http.request.uuid}",
        *(f"\treverse_proxy @{m} {APP} {{\n\t\t{REQUEST_ID_PASSED}\n\t}}" for m in ("app", "missing")),
    ]
    for index, allowed in enumerate(method_sets):  # 405: Allow and the app's JSON body
        body = _escaped(method_not_allowed_body(list(allowed)).decode())
        out += [
            f"\t@405-{index} vars cp_action 405-{index}",
            f"\theader @405-{index} {{",
            f"\t\tAllow {_token(', '.join(allowed))}",
            '\t\tContent-Type "application/json; charset=utf-8"',
            "\t\tCache-Control no-store",
            *(f"\t\t{name} {_token(value)}" for name, value in CORS.items()),
            "\t}",
            f"\trespond @405-{index} 405 {{\n\t\tbody {_token(body, multiline=True)}\n\t}}",
        ]
    for (_status, headers, _media, _methods, _query, twins), k in kinds.items():
        out.append(f"\theader @{k} {{")
        out += [f"\t\t{name} {_header_value(value)}" for name, value in sorted(header_sets[headers].items())]
        out.append("\t}")
        if twins:  # set as the answer is written: file_server adds its own when it sends a twin
            out.append(f"\theader @{k} {{\n\t\tdefer\n\t\tVary Accept-Encoding\n\t}}")
        out.append(f"\t@{k} vars cp_kind {k}")
    inm = "{http.request.header.If-None-Match}"
    ims = "{http.request.header.If-Modified-Since}"
    out += [
        # Go's file serving sets its own ETag, Last-Modified and Accept-Ranges: ours are set as the
        # answer is written (defer).
        "\theader {",
        "\t\tdefer",
        "\t\tETag {vars.cp_etag}",
        f'\t\tLast-Modified "{last_modified}"',
        "\t\t-Accept-Ranges",
        "\t}",
        # 304 only on a 200 route: its ETag named in If-None-Match (the opaque part, quoted, so W/
        # forms and lists match), or *, or no If-None-Match and the Last-Modified echoed.
        "\t@not_modified expression `{vars.cp_status} == '200' && ("
        f"{inm}.contains({{vars.cp_tag}}) || {inm}.matches('^\\\\s*\\\\*\\\\s*$') || "
        f"({inm} == '' && {ims} == '{last_modified}'))`",
        "\trespond @not_modified 304",
        "\theader Content-Type {vars.cp_type}",
        *(f"\trequest_header -{name}" for name in CONDITIONAL),
        "\trewrite {vars.cp_file}",
        "\tfile_server {",
        "\t\tprecompressed br gzip",
        "\t\tstatus {vars.cp_status}",
        "\t}",
        "}",
    ]
    return "\n".join(out) + "\n"


def _header_value(value: str) -> str:
    """A header set's value: braces escaped, but the manifest's ``<{path}>`` kept, which Caddy fills
    with the request path (its placeholder of that name) as nginx and the app do."""
    return _token(_escaped(value).replace("<\\{path\\}>", "<{path}>"))


def _escaped(text: str) -> str:
    """Caddy expands ``{...}`` in header values, map outputs and response bodies: braces escaped."""
    return _PLACEHOLDER.sub(lambda m: "\\" + m.group(0), text)


def _token(text: str, multiline: bool = False) -> str:
    """One Caddyfile token: backquoted (no escapes needed inside but the backquote itself); a line
    break only where the token ends its line (a response body)."""
    if "`" in text or "\r" in text or ("\n" in text and not multiline):
        raise ValueError(f"a backquote or line break cannot be in a Caddy token: {text!r}")
    return f"`{text}`"
