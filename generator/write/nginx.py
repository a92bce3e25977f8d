"""nginx host adapter, generated from the routes manifest: serves ``dist/`` exactly as the app does.

nginx allows ``map`` only in the ``http`` context, so the adapter is two files (``nginx_files``):

- ``_hosts/nginx.conf``, http context: the per-route data. One ``map`` from the request path to
  ``"<etag hex> <kind>"`` (one line per static route), where a kind is a distinct (status,
  header set, surface methods and query keys, file suffix); small maps from the kind to each value;
  one map per header name; the maps that decide the answer (file, app, 405, 304).
- ``_hosts/nginx-server.conf``, server context: the locations.

Deploy (the placeholders are the ``root`` and the ``cardpantry_app`` upstream)::

    http {
        upstream cardpantry_app { server 127.0.0.1:8000; keepalive 16; }  # the ASGI app
        include /srv/cardpantry/dist/_hosts/nginx.conf;
        server {
            listen 80;
            root /srv/cardpantry/dist;    # the dist folder
            brotli_static on;             # only where libnginx-mod-http-brotli-static is loaded
            include /srv/cardpantry/dist/_hosts/nginx-server.conf;
        }
    }

The include sets ``map_hash_max_size``/``map_hash_bucket_size``: remove them from the http block
if it sets them already. ``nginx_standalone`` renders a complete nginx.conf (tests, benchmarks).

What a request gets, in the order ``generator.serve.app`` decides it:
1. a static route, GET or HEAD, without a query string on a surface that selects variants by query:
   its file with the manifest's status, media type, strong ETag and header set (``{path}`` in
   ``Link`` is the request path); 304 when If-None-Match matches a 200 route (a list, ``W/`` and
   ``*`` are understood); the ``.gz`` twin by ``gzip_static``, the ``.br`` twin by
   ``brotli_static`` where the module is loaded (Debian: ``libnginx-mod-http-brotli-static``;
   without it a client accepting br gets the gzip twin). A non-200 static route (a paused 503
   document) is ``return <status>`` + ``error_page <status> @cardpantry_status``, which serves
   the file with that status;
2. another method on a static route: 405 with ``Allow`` and the app's JSON body, from nginx;
3. everything else (unknown paths, query variants, POST handlers, dynamic surfaces, a file
   missing on disk): ``proxy_pass`` to the app, which computes it or answers the JSON 404.
nginx's own additions are off (its ETag, Last-Modified, ranges, on-the-fly gzip, charset), and
``merge_slashes off`` keeps the path the app would see.

After each build, reload nginx (``nginx -s reload``): the ETags live in the config, so between the
dist swap and the reload nginx would send new files with the old ETags. File descriptors are
cached (``open_file_cache``, about 3x the requests/s on one card route); a reload drops that cache too.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from generator.web.conditional import http_date
from generator.web.respond import CORS, method_not_allowed_body

NGINX_CONF = "_hosts/nginx.conf"
NGINX_SERVER_CONF = "_hosts/nginx-server.conf"
BROTLI_STATIC_MODULE = Path("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so")
APP_BODY_LIMIT = "2m"  # above every POST handler's max_body (at most 1 MiB), so the app answers an oversized body
SHORT_KEY_MIN = 100  # a surface with this many routes gets short map keys ("@0:<last segment>")
P = "cardpantry"  # prefix of every variable and named location
_ETAG, _SPACE, _SUFFIX = re.compile(r'"[!#-~]+"'), re.compile(r"\s"), re.compile(r"\.[a-z0-9]+")
_PLAIN_KEY = re.compile(r'[/@][^"\\\s]*')  # a map key ``_q`` would leave as it is, only quoted
READ = ("GET", "HEAD")


def nginx_files(manifest: Mapping[str, Any]) -> dict[str, bytes]:
    """Both files, from the manifest document (``_routes.json`` as loaded)."""
    plan = _Plan(manifest)
    return {NGINX_CONF: plan.http().encode(), NGINX_SERVER_CONF: plan.server().encode()}


def nginx_standalone(
    manifest: Mapping[str, Any],
    *,
    listen: str,
    root: Path,
    upstream: str,
    brotli_module: Path | None = None,
    user: str | None = None,
    workers: int = 1,
) -> bytes:
    """A complete nginx.conf for ``nginx -p <prefix> -c <file>``: pid, logs and temp paths are
    relative to the prefix, which must exist; the app listens on ``upstream`` (host:port)."""
    plan = _Plan(manifest)
    temp = "".join(
        f"    {kind}_temp_path {kind}_temp;\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return (
        (f"load_module {brotli_module};\n" if brotli_module else "")
        + (f"user {user};\n" if user else "")
        + f"daemon off;\nworker_processes {workers};\npid nginx.pid;\nerror_log error.log warn;\n"
        + "events { worker_connections 4096; }\nhttp {\n    access_log off;\n    sendfile on;\n"
        + "    keepalive_requests 1000000;\n"
        + temp
        + f"    upstream {P}_app {{ server {upstream}; keepalive 64; }}\n"
        + _indent(plan.http(), 4)
        + f"    server {{\n        listen {listen};\n        root {_quote(str(root))};\n"
        + ("        brotli_static on;\n" if brotli_module else "")
        + _indent(plan.server(), 8)
        + "    }\n}\n"
    ).encode()


class _Plan:
    """Everything both files need, computed once from the manifest."""

    def __init__(self, manifest: Mapping[str, Any]):
        self.routes: Mapping[str, Mapping[str, Any]] = manifest["routes"]
        self.header_sets: Mapping[str, Mapping[str, str]] = manifest["header_sets"]
        surfaces = {s["id"]: s for s in manifest["surfaces"]}
        self.names = sorted({n for headers in self.header_sets.values() for n in headers}, key=str.lower)
        self.kinds: dict[tuple[*RouteKind, str, bool], str] = {}  # (route kind, suffix, weak) -> kind name
        self.short = _short_prefixes(manifest["surfaces"], self.routes)
        self.lines = self._route_lines(surfaces)
        self.statuses = sorted({r["status"] for r in self.routes.values()} - {200})
        self.last_modified = http_date(dt.datetime.fromisoformat(manifest["as_of"].replace("Z", "+00:00")))
        self.types = _types(self.routes)

    def http(self) -> str:
        out = [
            f"# cardpantry nginx adapter, http context: {len(self.routes):,} routes from _routes.json; do not",
            "# edit. Pair with nginx-server.conf (server context), which documents the deploy.",
            f"map_hash_max_size {_pow2(2 * len(self.routes), 4096)};",
            "map_hash_bucket_size 256;",
            f"map $uri ${P}_key {{",
            "    default $uri;",
        ]
        out += [f"    '~^{re.escape(prefix)}([^/]+)$' {code}$1;" for prefix, code in self.short]
        out += [
            "}",
            '# path (or short key) -> "<etag hex> <kind>[ /<file>]"',
            f"map ${P}_key ${P}_route {{",
            '    default "";',
        ]
        out += self.lines  # in the manifest's order: sorted
        out += [
            "}",
            f"map ${P}_r ${P}_hex {{ default \"\"; '~^(\\S+)' $1; }}",
            f'map "${P}_weak|${P}_hex" ${P}_etag {{ default ""; \'~^(W/)?\\|(\\S+)$\' \'$1"$2"\'; }}',
            f"map ${P}_r ${P}_kind {{ default \"\"; '~^\\S+ (\\S+)' $1; }}",
            f"map ${P}_r ${P}_file {{",
            '    default "";',
            "    '~^\\S+ \\S+ (/\\S+)$' $1;",
            f"    '~^\\S+ \\S+$' \"${{{P}_path}}${{{P}_suffix}}\";",
            "}",
        ]
        by_kind = sorted(self.kinds.items(), key=lambda item: int(item[1][1:]))
        out += self._kind_map("status", {k: _quote(str(kind[0])) for kind, k in by_kind})
        out += self._kind_map("weak", {k: _quote("W/") for kind, k in by_kind if kind[6]})
        out += self._kind_map("suffix", {k: _quote(kind[5]) for kind, k in by_kind if kind[5]})
        out += self._kind_map("allow", {k: _quote(", ".join(_allowed(kind[3]))) for kind, k in by_kind})
        out += self._kind_map(
            "405_body", {k: _quote(method_not_allowed_body(_allowed(kind[3])).decode()) for kind, k in by_kind}
        )
        for index, name in enumerate(self.names):
            sets = {kind: self.header_sets[kind_tuple[1]].get(name) for kind_tuple, kind in by_kind}
            out += [f"# {name}"] + self._kind_map(f"h{index}", {k: _header_value(v) for k, v in sets.items() if v})
        out += [f'map "$request_method $is_args${P}_kind" ${P}_action {{', "    default app;"]
        for (_status, _headers, _media, methods, gets, _suffix, _weak), k in by_kind:
            out.append(f"    '~^(GET|HEAD) {k}$' {'app' if gets == 'all' else 'file'};")
            out.append(f"    '~^(GET|HEAD) \\?{k}$' {'file' if gets == 'none' else 'app'};")
            others = [m for m in methods if m not in READ]
            if others:
                out.append(f"    '~^({'|'.join(map(re.escape, others))}) \\??{k}$' app;")
            out.append(f"    '~^OPTIONS \\??{k}$' app;")  # Allow, and CORS preflights: the app answers
            out.append(f"    '~ \\??{k}$' 405;")
        out += [
            "}",
            "# 304 only for a 200 route whose ETag is in If-None-Match (weak comparison, lists, *), or,",
            "# without If-None-Match, whose Last-Modified is the If-Modified-Since sent (an exact echo)",
            f'map "${P}_status ${P}_etag|$http_if_none_match|$http_if_modified_since" ${P}_not_modified {{',
            '    default "";',
            '    \'~^200 (?:W/)?("[^"]+")\\|(?:.*,)?\\s*(?:W/)?\\1\\s*(?:,.*)?\\|\' 1;',
            "    '~^200 \\S+\\|\\s*\\*\\s*\\|' 1;",
            "    " + _quote(r"~^200 \S+\|\|" + re.escape(self.last_modified) + "$") + " 1;",
            "}",
        ]
        if any("$" in v for headers in self.header_sets.values() for v in headers.values()):
            out.append(f'geo ${P}_dollar {{ default "$"; }}')
        return "\n".join(out) + "\n"

    def server(self) -> str:
        files = [
            "etag off;",
            "if_modified_since off;",
            "max_ranges 0;",
            "charset off;",
            "gzip off;",
            "open_file_cache max=20000 inactive=120s;",
            "open_file_cache_errors on;",
            "gzip_static on;",
            "gzip_vary on;",
            "gzip_http_version 1.0;",
            "gzip_proxied any;",
            f'add_header Last-Modified "{self.last_modified}" always;',
            f"add_header ETag ${P}_etag always;",
            "add_header X-Request-Id $request_id always;  # the app's answers carry the same id: it is sent to it",
            *(f"add_header {name} ${P}_h{i} always;" for i, name in enumerate(self.names)),
        ]
        types = [
            "types {",
            *(f"    {_q(media)} {ext};" for ext, media in sorted(self.types.items())),
            "}",
            "default_type application/octet-stream;",
        ]
        deploy = __doc__.split("Deploy", 1)[1].split("What a request", 1)[0].strip().splitlines()
        out = [
            "# cardpantry nginx adapter, server context: generated from _routes.json; do not edit.",
            *(f"# {line}".rstrip() for line in ["Deploy " + deploy[0], *deploy[1:]]),
            "merge_slashes off;",
            "client_header_timeout 10s;  # as the app's server (generator.serve.server): a request arrives in time",
            "client_body_timeout 30s;",
            "send_timeout 30s;  # nginx's is between two writes; the app resets a client that drains nothing in 30 s",
            "location / {",
            f"    client_max_body_size {APP_BODY_LIMIT};  # checked here, before the app's named location",
            f"    error_page 596 =304 @{P}_304;",
            f"    error_page 597 = @{P}_app;",
            f"    error_page 598 = @{P}_405;",
        ]
        if self.statuses:
            out.append(f"    error_page {' '.join(map(str, self.statuses))} @{P}_status;")
        out += [
            f"    set ${P}_path $uri;  # frozen: try_files moves $uri to the file",
            f"    set ${P}_r ${P}_route;",
            f"    if (${P}_action = app) {{ return 597; }}",
            f"    if (${P}_action = 405) {{ return 598; }}",
            f"    if (${P}_not_modified) {{ return 596; }}",
            *(f"    if (${P}_status = {s}) {{ return {s}; }}" for s in self.statuses),
            *_indent_lines(files + types),
            f"    try_files ${P}_file @{P}_app;",
            "}",
        ]
        if self.statuses:  # the file, with the status the error_page keeps
            out += [f"location @{P}_status {{", *_indent_lines(files + types), f"    try_files ${P}_file =404;", "}"]
        # A 304 is the file's answer with the status forced: ETag, Vary and the header set, and no
        # Content-Type (a bare ``return 304`` would add ``Content-Length: 0`` and a default type).
        out += [
            f"location @{P}_304 {{",
            *_indent_lines(files),
            "    types { }",
            '    default_type "";',
            f"    try_files ${P}_file =404;",
            "}",
            f"location @{P}_405 {{",
            "    types { }",
            '    default_type "application/json; charset=utf-8";',
            f"    add_header Allow ${P}_allow always;",
            "    add_header Cache-Control no-store always;",
            *(f"    add_header {name} {_q(value)} always;" for name, value in CORS.items()),
            "    add_header X-Request-Id $request_id always;",
            f"    return 405 ${P}_405_body;",
            "}",
            f"location @{P}_app {{",
            f"    proxy_pass http://{P}_app;",
            "    proxy_http_version 1.1;",
            '    proxy_set_header Connection "";',
            "    proxy_set_header Host $http_host;",
            "    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
            "    proxy_set_header X-Forwarded-Proto $scheme;",
            "    proxy_set_header X-Request-Id $request_id;  # the app adopts it: one id in both logs",
            "    proxy_redirect off;",
            "    gzip off;",
            "}",
        ]
        return "\n".join(out) + "\n"

    def _route_lines(self, surfaces: Mapping[str, Mapping[str, Any]]) -> list[str]:
        """The path map's line for each route, ``"<key>" "<etag hex> <kind>[ /<file>]";``, naming
        each route's kind (``self.kinds``) as it goes. One pass over every route, so what does not
        vary per route is decided once: a suffix's check, a (surface, status, header set, type,
        suffix, weak) tuple's kind; about 0.6 s of CPU for the real catalog's routes."""
        codes = dict(self.short)  # a short prefix's code: the key is the code and the last segment
        names: dict[tuple[str, int, str, str, str, bool], str] = {}
        plain: dict[str, bool] = {}  # a suffix: whether the file is the path plus it (every route but ``/x/`` ones)
        lines = []
        for path, route in self.routes.items():
            file, etag = route["file"], route["etag"]
            base = path.lstrip("/")
            suffix = file[len(base) :] if file.startswith(base) else ""
            is_plain = plain.get(suffix)
            if is_plain is None:
                is_plain = plain[suffix] = _SUFFIX.fullmatch(suffix) is not None
            weak = etag[:2] == "W/"
            opaque = etag[2:] if weak else etag
            key = (route["surface"], route["status"], route["headers"], route["type"], suffix if is_plain else "", weak)
            name = names.get(key)
            if name is None:  # weak: one validator for the plain and coded forms
                kind = (*route_kind(route, surfaces), *key[4:])
                name = names[key] = self.kinds.setdefault(kind, f"k{len(self.kinds)}")
            if not _ETAG.fullmatch(opaque) or _SPACE.search(file):
                problem = f"{etag!r}, {file!r}"
                raise ValueError(f"{path}: an ETag and a file name without spaces are needed, not {problem}")
            prefix, _, rest = path.rpartition("/")
            code = codes.get(prefix + "/") if rest else None
            map_key = path if code is None else code + rest
            quoted = f'"{map_key}"' if _PLAIN_KEY.fullmatch(map_key) else _q(map_key)
            lines.append(f'    {quoted} "{opaque[1:-1]} {name}' + ('";' if is_plain else f' /{file}";'))
        return lines

    @staticmethod
    def _kind_map(name: str, values: Mapping[str, str]) -> list[str]:
        """``values``: kind -> an already quoted value."""
        return [f"map ${P}_kind ${P}_{name} {{", '    default "";', *(f"    {k} {v};" for k, v in values.items()), "}"]


# (status, header set, media type, the surface's methods, which GETs the app answers)
RouteKind = tuple[int, str, str, tuple[str, ...], str]
APP_GETS = ("none", "with-query", "all")  # a file always; the app for a query variant; the app always (live)


def route_kind(route: Mapping[str, Any], surfaces: Mapping[str, Mapping[str, Any]]) -> RouteKind:
    """What decides how a host answers a static route besides its file and ETag: its status, header
    set and media type, its surface's methods, and which of its GETs the app answers: a live
    surface's all (its file is the answer of a host without the app), one selecting variants by
    query those with a query string, others none."""
    surface = surfaces.get(route["surface"], {"methods": ["GET"], "query_params": []})
    gets = "all" if surface.get("live") else "with-query" if surface["query_params"] else "none"
    return (route["status"], route["headers"], route["type"], tuple(surface["methods"]), gets)


def _allowed(methods: Iterable[str]) -> list[str]:
    methods = set(methods)
    return sorted(methods | ({"HEAD"} if "GET" in methods else set()))


def _short_prefixes(
    surfaces: Iterable[Mapping[str, Any]], routes: Mapping[str, Mapping[str, Any]]
) -> list[tuple[str, str]]:
    """Literal prefixes of big one-parameter surfaces (``/api/v1/universal/card/``): their keys shrink."""
    counts: dict[str, int] = {}
    for route in routes.values():
        counts[route["surface"]] = counts.get(route["surface"], 0) + 1
    prefixes: list[tuple[str, str]] = []
    for surface in surfaces:
        found = re.fullmatch(r"([^{}'\\\s]*/)\{\w+\}", surface["path"])
        if found and counts.get(surface["id"], 0) >= SHORT_KEY_MIN:
            prefixes.append((found.group(1), f"@{len(prefixes)}:"))
    return prefixes


def _types(routes: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    types: dict[str, str] = {}
    for route in routes.values():
        ext = route["file"].rsplit("/", 1)[-1].rpartition(".")[2]
        if types.setdefault(ext, route["type"]) != route["type"]:
            raise ValueError(f"{route['file']}: .{ext} files are served as {types[ext]} and {route['type']}")
    return types


def _header_value(value: str) -> str:
    value = value.replace("$", f"${{{P}_dollar}}").replace("<{path}>", f"<${{{P}_path}}>")
    return _quote(value)


def _quote(value: str) -> str:
    if "\n" in value.rstrip("\n") or "\r" in value:
        raise ValueError(f"a line break inside a header or body value: {value!r}")
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _q(text: str) -> str:
    """A map key or type name: quoted; never a regex (``~``) or a map keyword."""
    if text.startswith("~") or text in ("default", "hostnames", "include", "volatile"):
        raise ValueError(f"{text!r} cannot be an nginx map key")
    return _quote(text)


def _pow2(n: int, floor: int) -> int:
    size = floor
    while size < n:
        size *= 2
    return size


def _indent_lines(lines: Iterable[str]) -> list[str]:
    return ["    " + line for line in lines]


def _indent(text: str, spaces: int) -> str:
    pad = " " * spaces
    return "".join(pad + line if line.strip() else line for line in text.splitlines(keepends=True))
