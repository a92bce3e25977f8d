"""The Netlify adapter, read the way Netlify documents its rules: ``_redirects`` top to bottom, the
first matching rule wins (``:name`` one path segment, ``*`` the rest, ``key=:value`` query
conditions that must all be present; a rule without ``!`` does not apply where a file already sits
at the request path; an absolute target is a proxy); every ``_headers`` block whose path matches
applies. No Netlify server runs here, so this small reader stands in for it: every route of the
test build must resolve to its file with its status and its headers (less what the module says
Netlify cannot do), and what a file cannot answer must reach the app with its query."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import orjson
import pytest

from generator.site import load_site
from generator.write.netlify import NETLIFY_HEADERS, NETLIFY_REDIRECTS

APP = load_site().deploy.app_origin


@dataclass(frozen=True)
class Rule:
    source: str
    conditions: tuple[str, ...]
    target: str
    status: int
    forced: bool


def _rules(text: str) -> list[Rule]:
    rules = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        source, *middle, target, status = line.split()
        rules.append(
            Rule(source, tuple(m.split("=")[0] for m in middle), target, int(status.rstrip("!")), "!" in status)
        )
    return rules


def _match(pattern: str, path: str) -> dict[str, str] | None:
    regex = re.escape(pattern).replace(r"\*", "(?P<splat>.*)")
    regex = re.sub(r":([A-Za-z_]\w*)", lambda m: f"(?P<{m.group(1)}>[^/]+)", regex)
    found = re.fullmatch(regex, path)
    return found.groupdict() if found else None


@dataclass(frozen=True)
class Served:
    status: int
    file: str | None = None  # a file of dist/ (rewrite), or
    proxied: str | None = None  # a URL of the app, or
    redirect: str | None = None  # a 3xx rule's target: Netlify redirects there


def serve(dist: Path, rules: list[Rule], url: str) -> Served:
    path, query = urlsplit(url).path, dict(parse_qsl(urlsplit(url).query))
    for rule in rules:
        found = _match(rule.source, path)
        if found is None or any(c not in query for c in rule.conditions):
            continue
        if not rule.forced and (dist / path.lstrip("/")).is_file():
            continue
        values = found | {f"q_{c}": query[c] for c in rule.conditions}
        target = re.sub(r":([A-Za-z_]\w*)", lambda m, values=values: values[m.group(1)], rule.target)
        if target.startswith("http"):
            return Served(rule.status, proxied=target + ("" if rule.conditions else _query(url)))
        if 300 <= rule.status < 400:
            return Served(rule.status, redirect=target)
        return Served(rule.status, file=target.lstrip("/"))
    return Served(200, file=path.lstrip("/")) if (dist / path.lstrip("/")).is_file() else Served(404)


def by_pattern(rules: list[Rule], path: str) -> bool:
    """Whether the rule that serves ``path`` is a pattern (``:name``), not the route's own."""
    return any(":" in r.source for r in rules if not r.target.startswith("http") and _match(r.source, path))


def _query(url: str) -> str:
    query = urlsplit(url).query
    return f"?{query}" if query else ""


def headers_for(text: str, path: str) -> dict[str, str]:
    blocks, current = [], None
    for line in text.splitlines():
        if line.startswith("/"):
            current = (line, [])
            blocks.append(current)
        elif line.startswith("  ") and current is not None:
            current[1].append(line.strip().split(": ", 1))
    merged: dict[str, str] = {}
    for pattern, pairs in blocks:
        if _match(pattern, path) is not None:
            for name, value in pairs:
                merged[name] = f"{merged[name]}, {value}" if name in merged else value
    return merged


@pytest.fixture(scope="module")
def netlify(small_dist: Path):
    manifest = orjson.loads((small_dist / "_routes.json").read_bytes())
    redirects = (small_dist / NETLIFY_REDIRECTS).read_text()
    return manifest, _rules(redirects), (small_dist / NETLIFY_HEADERS).read_text()


def test_every_static_route_is_its_file_with_its_status_and_headers(small_dist: Path, netlify) -> None:
    manifest, rules, headers = netlify
    surfaces = {s["id"]: s for s in manifest["surfaces"]}
    checked = 0
    for path, route in manifest["routes"].items():
        served = serve(small_dist, rules, path)
        surface = surfaces[route["surface"]]
        if set(surface["methods"]) - {"GET", "HEAD"} or surface["live"]:  # a POST door, a live answer: the app
            assert served == Served(200, proxied=APP + path), path
            continue
        assert served == Served(route["status"], file=route["file"]), path
        expected = {"Content-Type": route["type"], **manifest["header_sets"][route["headers"]]}
        if "Link" in expected and by_pattern(rules, path):  # a pattern's block cannot say the path
            expected["Link"] = ", ".join(e for e in expected["Link"].split(", ") if not e.startswith("<{path}>"))
        elif "Link" in expected:
            expected["Link"] = expected["Link"].replace("<{path}>", f"<{path}>")
        assert headers_for(headers, path) == expected, path
        checked += 1
    assert checked > 400


def test_query_variants_reach_the_app_with_every_known_parameter(small_dist: Path, netlify) -> None:
    _, rules, _ = netlify
    card = "/api/v1/universal/card/op-op01-001-en"
    assert serve(small_dist, rules, f"{card}?density=sparse") == Served(200, proxied=f"{APP}{card}?density=sparse")
    changelog = "/api/v1/changelog?kind=endpoint-added&since=2026-07-01"
    served = serve(small_dist, rules, changelog)
    assert served.proxied is not None and dict(parse_qsl(urlsplit(served.proxied).query)) == {
        "kind": "endpoint-added",
        "since": "2026-07-01",
    }


def test_a_retired_sku_redirects_to_its_successor_before_the_card_pattern(small_dist: Path) -> None:
    """A 301 route (a retired SKU, docs/sku.md) is a redirect to its Location, ahead of the pattern
    rule its surface's 200s share; the build's own 410s are rewrites to their files with 410."""
    from generator.write.netlify import netlify_files

    manifest = orjson.loads((small_dist / "_routes.json").read_bytes())
    card, moved = "/api/v1/universal/card/op-op01-001-en", "/api/v1/universal/card/op-op01-001-en-x9"
    route = manifest["routes"][card]
    manifest["header_sets"]["h-moved"] = {**manifest["header_sets"][route["headers"]], "Location": card}
    manifest["routes"][moved] = {**route, "status": 301, "headers": "h-moved", "file": moved.lstrip("/") + ".json"}
    rules = _rules(netlify_files(manifest, APP)[NETLIFY_REDIRECTS].decode())
    assert serve(small_dist, rules, moved) == Served(301, redirect=card)
    assert serve(small_dist, rules, card) == Served(200, file=route["file"])
    gone = "/api/v1/universal/card/lor-9-0-en"  # retired; its successor is not in the synthetic catalog
    assert serve(small_dist, rules, gone) == Served(410, file=manifest["routes"][gone]["file"])


@pytest.mark.parametrize(
    "url", ["/_routes.json", "/_data/index/op.json", "/_hosts/nginx.conf", "/api/v1/no/such/thing?x=1", "/api/mcp"]
)
def test_build_files_unknown_paths_and_the_mcp_gate_go_to_the_app(small_dist: Path, netlify, url: str) -> None:
    _, rules, _ = netlify
    served = serve(small_dist, rules, url)
    assert served.proxied == APP + url and served.file is None


def test_the_reader_stands_in_for_netlify_faithfully(tmp_path: Path) -> None:
    """The reader's own rules, on a made-up site: shadowing, forcing, placeholders, conditions."""
    (tmp_path / "a").write_text("{}")
    rules = _rules("/a /b.json 200\n/a /c 200!\n/x/:id q=:q_q /y/:id/:q_q 301\n/* https://app/:splat 200\n")
    assert serve(tmp_path, rules, "/a") == Served(200, file="c")  # the first is shadowed, the forced one is not
    assert serve(tmp_path, rules, "/x/7?q=2") == Served(301, redirect="/y/7/2")  # a 3xx rule redirects
    assert serve(tmp_path, rules, "/x/7") == Served(200, proxied="https://app/x/7")
    assert headers_for("/p/:id\n  A: 1\n/p/*\n  A: 2\n", "/p/9") == {"A": "1, 2"}
