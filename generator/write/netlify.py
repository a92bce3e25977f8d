"""Netlify host adapter, generated from the routes manifest: ``_redirects`` and ``_headers`` at the
root of ``dist/``, the publish directory (Netlify reads both and publishes neither).

Deploy: publish ``dist/`` as it is; the app runs elsewhere, at ``[deploy] app_origin`` of
``content/site.toml`` (set it to the app's public origin before the build), and Netlify proxies to it.

``_redirects``, first matching rule wins (Netlify's order), in five groups:

1. the build's own files (``_routes.json``, ``_data/``, ``_hosts/``) are proxied to the app, which
   answers its JSON 404: they are never served from the CDN;
2. surfaces that take a method besides GET and HEAD (the POST doors) are proxied whole, since a rule
   cannot match a method, and so are live surfaces (health, source ages, FX staleness: computed
   against the request time; their files are what a host without the app serves);
3. query variants: a static surface's query parameters are matched (every combination, most
   parameters first, so each reaches the app with all of its known parameters) and proxied;
4. static routes are rewritten to their files with the manifest's status (``/api/v1/teapot`` ->
   ``teapot.json`` 418), a redirect (a retired SKU's 301) is a redirect rule to its ``Location``;
   the surfaces with many routes by one pattern rule each (``/api/v1/universal/card/:sku``), after
   one rule for each of their routes that is not a 200, the rest one rule a route;
5. everything else is proxied to the app (dynamic surfaces, unknown paths).

``_headers``: one block per surface, by the same patterns, with the manifest's header set and media
type.

What Netlify does its own way (so this is not a byte-for-byte mirror of the app, as nginx and Caddy
are): it sends its own ETag and Last-Modified (one per deploy) and answers conditional requests with
them; it compresses on the fly (the ``.gz``/``.br`` twins go unused); a header value cannot name the
request path, so ``Link`` lacks ``rel="self"``; an unknown path under a pattern rule (a SKU not in
the catalog) gets Netlify's 404 page, not the app's JSON 404; another method on a static route gets
Netlify's answer, not our 405; a query parameter no surface declares is dropped on the way to the
app. Rule semantics are checked by tests/write/test_netlify.py against Netlify's documented
behaviour; the adapter has not been deployed to Netlify from here (no account).
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import defaultdict
from collections.abc import Iterator, Mapping
from typing import Any

from generator.write.nginx import READ

NETLIFY_REDIRECTS, NETLIFY_HEADERS = "_redirects", "_headers"
INTERNAL = ("/_routes.json", "/_dependencies.json", "/_data/*", "/_hosts/*")
PATTERN_MIN = 100  # a surface with this many routes is rewritten by one pattern rule
_PARAM = re.compile(r"\{(\w+)\}")


def netlify_files(manifest: Mapping[str, Any], app_origin: str) -> dict[str, bytes]:
    app = app_origin.rstrip("/")
    routes: Mapping[str, Mapping[str, Any]] = manifest["routes"]
    surfaces = {s["id"]: s for s in manifest["surfaces"]}
    by_surface: dict[str, list[str]] = defaultdict(list)
    for path, route in routes.items():
        by_surface[route["surface"]].append(path)
    patterned = _patterned(by_surface, surfaces)
    redirects = [f"# cardpantry Netlify adapter: {len(routes):,} routes from _routes.json; do not edit."]
    redirects += [f"{rule} {app}{rule.replace('*', ':splat')} 200!" for rule in INTERNAL]
    headers = ["# cardpantry Netlify adapter: the manifest's headers; do not edit."]
    files = []
    for surface_id, paths in by_surface.items():
        surface, first = surfaces[surface_id], routes[paths[0]]
        pattern = _pattern(surface["path"])
        if set(surface["methods"]) - set(READ) or surface.get("live"):  # a live answer: the app's, computed now
            redirects += [f"{_escape(path)} {app}{_escape(path)} 200!" for path in paths]
            continue
        names = [p["name"] for p in surface["query_params"]]
        for path in [pattern] if surface_id in patterned else paths:
            for size in range(len(names), 0, -1):  # most parameters first: each is forwarded
                for chosen in itertools.combinations(names, size):
                    conditions = " ".join(f"{n}=:q_{n}" for n in chosen)
                    query = "&".join(f"{n}=:q_{n}" for n in chosen)
                    redirects.append(f"{_escape(path)} {conditions} {app}{_escape(path)}?{query} 200!")
        if surface_id in patterned:  # its other answers (a retired SKU's 301 or 410) first: one rule each
            files += [_rule(path, routes[path], manifest) for path in paths if routes[path]["status"] != 200]
            first = next((routes[p] for p in paths if routes[p]["status"] == 200), first)
            files.append(f"{pattern} {pattern}{first['file'][len(paths[0]) - 1 :]} {first['status']}")
            headers += _header_block(pattern, first, manifest, None)
            continue
        for path in paths:
            route = routes[path]
            if route["file"] != path.lstrip("/") or route["status"] != 200:
                files.append(_rule(path, route, manifest))
            headers += _header_block(_escape(path), route, manifest, path)
    redirects += files
    redirects.append(f"/* {app}/:splat 200")
    return {
        NETLIFY_REDIRECTS: ("\n".join(redirects) + "\n").encode(),
        NETLIFY_HEADERS: ("\n".join(headers) + "\n").encode(),
    }


def _rule(path: str, route: Mapping[str, Any], manifest: Mapping[str, Any]) -> str:
    """One static route's rule: a redirect (a retired SKU's 301) to its ``Location``, else a rewrite
    to its file with its status (forced where a file at the path itself would otherwise win)."""
    location = manifest["header_sets"][route["headers"]].get("Location")
    if 300 <= route["status"] < 400 and location:
        return f"{_escape(path)} {_escape(location)} {route['status']}!"
    force = "!" if route["file"] == path.lstrip("/") else ""
    return f"{_escape(path)} /{route['file']} {route['status']}{force}"


def _patterned(by_surface: Mapping[str, list[str]], surfaces: Mapping[str, Mapping[str, Any]]) -> set[str]:
    """The surfaces answered by one pattern rule: many routes, each parameter a whole path segment,
    every file the path plus one suffix, one status and header set, and no route of another surface
    matched by the pattern (whose rule or headers would then apply to it too). Only paths that
    begin with the template's literal head can match, so only those are tried (a sorted list)."""
    every = sorted((path, surface_id) for surface_id, paths in by_surface.items() for path in paths)
    chosen = set()
    for surface_id, paths in by_surface.items():
        template = surfaces[surface_id]["path"]
        if len(paths) < PATTERN_MIN or not re.fullmatch(r"(/[^/{}]+|/\{\w+\})+", template):
            continue
        regex = re.compile(_PARAM.sub("[^/]+", re.escape(template).replace("\\{", "{").replace("\\}", "}")))
        head = template.partition("{")[0]
        others = (path for path, owner in _starting_with(every, head) if owner != surface_id)
        if not any(regex.fullmatch(path) for path in others):
            chosen.add(surface_id)
    return chosen


def _starting_with(rows: list[tuple[str, str]], head: str) -> Iterator[tuple[str, str]]:
    """The rows of a sorted list whose path begins with ``head``."""
    at = bisect.bisect_left(rows, (head,))
    while at < len(rows) and rows[at][0].startswith(head):
        yield rows[at]
        at += 1


def _header_block(rule: str, route: Mapping[str, Any], manifest: Mapping[str, Any], path: str | None) -> list[str]:
    """A ``_headers`` block: the route's media type and header set. A header value cannot name the
    request path, so ``<{path}>`` is filled in for a one-route block and left out of a pattern's."""
    lines = ["", rule, f"  Content-Type: {route['type']}"]
    for name, value in sorted(manifest["header_sets"][route["headers"]].items()):
        if path is not None:
            value = value.replace("<{path}>", f"<{path}>")
        elif name == "Link":
            value = ", ".join(part for part in value.split(", ") if not part.startswith("<{path}>"))
        lines.append(f"  {name}: {value}")
    return lines


def _pattern(template: str) -> str:
    """A surface path in Netlify's syntax: ``{sku}`` becomes ``:sku`` (one whole path segment)."""
    return _escape(_PARAM.sub(lambda m: ":" + m.group(1), template))


def _escape(path: str) -> str:
    if any(c.isspace() for c in path):
        raise ValueError(f"{path!r}: a Netlify rule's path cannot hold whitespace")
    return path
