"""Every link the built site emits resolves: a crawler's walk over ``small_dist``, through the app.

Why: the site describes itself in links (Link headers, ``_meta``, ``_links``, ``@id``s, guides,
well-known files, llms.txt, sitemaps, reader pages). A link to a 404 misleads every reader and
agent that trusts it, and no single surface test sees the links the other surfaces emit.

The walk starts from every route of the build's manifest (``_routes.json``), GETs each through the
app, reads every URL the answer gives, and follows each internal one breadth-first (bounded by
``LIMIT`` fetches; the walk must finish under it), reading the answers it reaches in turn:

- ``Link`` headers (RFC 8288), resolved against the request's URL;
- JSON (and each NDJSON line): every string value, at any depth, that is a URL as a whole: a path
  from the root (``/...``) or an absolute http(s) URL. This takes in ``_meta`` (kingdom,
  wake_fragment, joy_pointer, self_reference, next_link...), ``_links``, every ``@id``, error
  ``suggestions``, url/href/path members and guide steps, without a list of member names that a
  new member could slip past;
- HTML: ``href``, ``src`` and ``action`` attributes, resolved against the page;
- XML (sitemaps, Atom, SVG): ``<loc>`` text and ``href``/``src`` attributes;
- plain text: markdown link targets (llms.txt), robots.txt ``Sitemap:`` lines, absolute URLs under
  the base URL, and ``GET /path`` request lines (text mode); CSS: ``url(...)``.

A URL is internal when it is relative or under the base URL (``base_url`` in content/site.toml):
the base is stripped, the fragment dropped, the query kept. Other hosts (and other schemes) are
counted, never fetched.

Skipped, because they are not links (each rule is narrow, so a broken link cannot hide behind it):

- strings with a ``{...}`` or ``<...>`` placeholder or a ``*`` segment: path templates and patterns
  (OpenAPI, manifest and tool ``path``/``endpoint`` members, ``/api/v1/tarot/draw?seed=<anything>``,
  the changelog's ``/api/v1/*``). The concrete paths in the same members are followed;
- object keys (OpenAPI's ``paths`` keys are templates; the concrete paths are reached otherwise);
- strings with whitespace: prose. A path a sentence mentions is not a link (and the truncated
  bodies of the examples would be false alarms);
- JSON strings not starting with ``/`` or a scheme: repository file names (``connections`` paths,
  ``doc_citations``), not URLs of this site;
- the bare base URL where a document declares it as the base (``base_url``, ``posted_from``, OpenAPI
  ``servers[].url``, also in the example of /api/openapi.json): a prefix to resolve paths against.
  The site serves no page at ``/``;
- robots.txt ``Allow``/``Disallow`` (path prefixes for crawlers) and Atom ``<id>`` (an identifier).

Every URL reached must answer something other than 404, and no 5xx but a documented 503 (the
route's status in the manifest, or a surface that is paused or declares 503). Two kinds of 404 are
expected, and checked as narrowly as they can be:

- a URL named only inside objects saying ``"served_by_this_build": false`` (the MCP gate
  ``/api/mcp``, which /.well-known/mcp.json and mcp-config.json describe as not served);
- a card path of a SKU in ``REAL_CATALOG_ONLY``: the guides name Base Set Charizard, which only the
  real catalog has (tests/surfaces/test_guide_replay.py replays them there); in this synthetic build
  it must answer the catalog's own ``sku_not_found``, not a routing 404.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ElementTree
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit, urlunsplit

import httpx
import pytest

from generator.site import load_site
from generator.web.router import match
from generator.web.surface import Surface

BASE = load_site().base_url.rstrip("/")
LIMIT = 20_000
REAL_CATALOG_ONLY = frozenset({"ptcg-base1-4-en"})
BASE_MEMBERS = {"base_url", "posted_from"}

URL = re.compile(r"(?:/|https?://)\S*")
TEMPLATE = re.compile(r"\{|<[^>]*>|/\*(?:/|$)")


@dataclass(frozen=True)
class Found:
    url: str  # as the answer gives it
    where: str  # how it was given: "Link", "json:/_meta/kingdom/wake", "a@href", "md"...
    unserved: bool = False  # inside an object that says "served_by_this_build": false


@dataclass(frozen=True)
class Answer:
    status: int
    error: str | None = None  # the JSON error code of an error answer


@dataclass
class Walk:
    answers: dict[str, Answer] = field(default_factory=dict)  # every URL fetched
    referrers: dict[str, list[tuple[str, Found]]] = field(default_factory=dict)  # URL -> (page, link)
    external: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)  # templates, by where they were given
    unvisited: int = 0  # URLs still queued when the fetch limit was reached


# ------------------------------------------------------------------------------------ the extractors


def json_links(node: object, pointer: str = "", unserved: bool = False) -> Iterator[Found]:
    """Every string value that is a URL as a whole, with its JSON pointer (see the module docstring)."""
    if isinstance(node, dict):
        unserved = unserved or node.get("served_by_this_build") is False
        for key, value in node.items():
            if key in BASE_MEMBERS and isinstance(value, str) and value.rstrip("/") == BASE:
                continue  # the base URL, declared as such
            yield from json_links(value, f"{pointer}/{key}", unserved)
    elif isinstance(node, list):
        for n, value in enumerate(node):
            # OpenAPI's (and the copy its recorded example shows): the base of every path
            if pointer.endswith("/servers") and isinstance(value, dict) and str(value.get("url")).rstrip("/") == BASE:
                value = {k: v for k, v in value.items() if k != "url"}
            yield from json_links(value, f"{pointer}/{n}", unserved)
    elif isinstance(node, str) and URL.fullmatch(node):
        yield Found(node, f"json:{pointer}", unserved)


class HtmlLinks(HTMLParser):
    """``href``, ``src`` and ``action`` attributes (a page's JSON-LD is linked, not inlined)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[Found] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [Found(v, f"{tag}@{k}") for k, v in attrs if k in ("href", "src", "action") and v]


def html_links(text: str) -> list[Found]:
    parser = HtmlLinks()
    parser.feed(text)
    return parser.found


def xml_links(body: bytes) -> Iterator[Found]:
    for element in ElementTree.fromstring(body).iter():
        name = str(element.tag).rsplit("}", 1)[-1]
        if name == "loc" and element.text:
            yield Found(element.text.strip(), "xml:loc")
        for key, value in element.attrib.items():
            attribute = key.rsplit("}", 1)[-1]
            if attribute in ("href", "src"):
                yield Found(value, f"{name}@{attribute}")


TEXT_LINKS = {
    "md": re.compile(r"\]\(([^)\s]+)\)"),
    "robots:Sitemap": re.compile(r"^Sitemap:\s*(\S+)", re.MULTILINE),
    "text:absolute": re.compile(re.escape(BASE) + r"(?:[/?#][^\s)\]>\"'`]*)?"),
    "text:GET": re.compile(r"\bGET\s+(/\S*)"),
    "css:url": re.compile(r"url\(\s*['\"]?([^'\")\s]+)"),
}


def text_links(text: str) -> Iterator[Found]:
    for where, pattern in TEXT_LINKS.items():
        for found in pattern.finditer(text):
            yield Found((found.group(1) if pattern.groups else found.group(0)).rstrip(".,;:"), where)


def links_of(response: httpx.Response) -> list[Found]:
    """Every URL an answer gives, by its headers and its media type."""
    found = [
        Found(url, "Link") for value in response.headers.get_list("link") for url in re.findall(r"<([^>]*)>", value)
    ]
    kind = response.headers.get("content-type", "").split(";")[0]
    if kind.endswith("ndjson"):
        found += [f for line in response.text.splitlines() if line.strip() for f in json_links(json.loads(line))]
    elif kind.endswith("json"):
        found += json_links(response.json())
    elif kind == "text/html":
        found += html_links(response.text)
    elif kind.endswith("xml"):
        found += xml_links(response.content)
    elif kind.startswith("text/") and kind != "text/javascript":  # a script is code: a "](x)" in it is no link
        found += text_links(response.text)
    return found


def internal(url: str, page: str) -> str | None:
    """``url`` (given on ``page``) as a path and query on this site, or None for another host."""
    parts = urlsplit(urljoin(BASE + page, url))
    if f"{parts.scheme}://{parts.netloc}" != BASE:
        return None
    return urlunsplit(("", "", parts.path or "/", parts.query, ""))


# ------------------------------------------------------------------------------------------ the walk


def fetch(ask: Callable[..., httpx.Response], url: str) -> tuple[Answer, list[Found]]:
    try:
        response = ask("GET", url)
    except Exception as exc:  # an app error escapes the ASGI transport: report it as the 500 it is
        return Answer(500, f"{type(exc).__name__}: {exc}"), []
    error = None
    if response.status_code >= 400 and response.headers.get("content-type", "").startswith("application/json"):
        body = response.json()
        error = body.get("error", {}).get("code") if isinstance(body, dict) else None
    return Answer(response.status_code, error), links_of(response)


def walk(ask: Callable[..., httpx.Response], starts: Iterable[str], limit: int = LIMIT) -> Walk:
    result = Walk()
    queue = deque(dict.fromkeys(starts))
    seen = set(queue)
    while queue and len(result.answers) < limit:
        page = queue.popleft()
        result.answers[page], found = fetch(ask, page)
        for link in found:
            if TEMPLATE.search(link.url):
                result.skipped[link.where] += 1
                continue
            target = internal(link.url, page)
            if target is None:
                result.external[link.url] += 1
                continue
            if target != page:
                result.referrers.setdefault(target, []).append((page, link))
            if target not in seen:
                seen.add(target)
                queue.append(target)
    result.unvisited = len(queue)
    return result


def documented_503(path: str, routes: dict[str, dict], registry: Iterable[Surface]) -> bool:
    if path in routes:
        return routes[path]["status"] == 503
    found = match(registry, path)
    return found is not None and (found[0].paused or 503 in found[0].errors)


def expected_404(url: str, answer: Answer, referrers: list[tuple[str, Found]]) -> bool:
    declared_unserved = bool(referrers) and all(link.unserved for _, link in referrers)
    real_catalog_card = answer.error == "sku_not_found" and bool(REAL_CATALOG_ONLY & set(url.split("/")))
    return declared_unserved or real_catalog_card


def problems(result: Walk, routes: dict[str, dict], registry: Iterable[Surface]) -> list[str]:
    """One line per URL reached that answers 404 (unexpectedly) or an undocumented 5xx."""
    bad = []
    for url, answer in result.answers.items():
        referrers = result.referrers.get(url, [])
        if answer.status == 404 and expected_404(url, answer, referrers):
            continue
        if answer.status == 404 or (answer.status >= 500 and not documented_503(urlsplit(url).path, routes, registry)):
            given = ", ".join(f"{page} ({link.where})" for page, link in referrers[:3]) or "no page (a start)"
            bad.append(f"{answer.status} {url} [{answer.error}] given by {given}")
    return bad


# ----------------------------------------------------------------------------------------- the tests


def manifest_routes(dist: Path) -> dict[str, dict]:
    return json.loads((dist / "_routes.json").read_text(encoding="utf-8"))["routes"]


@pytest.fixture(scope="module")
def site_walk(ask, small_dist: Path) -> Walk:
    return walk(ask, manifest_routes(small_dist))


def test_every_link_the_built_site_gives_resolves(site_walk: Walk, small_dist: Path, small_app) -> None:
    routes = manifest_routes(small_dist)
    assert site_walk.unvisited == 0, f"the walk stopped at {LIMIT} fetches, {site_walk.unvisited} URLs unvisited"
    assert set(routes) <= set(site_walk.answers)
    assert len(site_walk.answers) > len(routes) and site_walk.external  # links were found and followed
    assert problems(site_walk, routes, small_app.registry) == []


@pytest.mark.parametrize(
    ("page", "target", "where"),
    [
        ("/api/v1/universal/games", "/api/v1/", "Link"),  # rel="start", from the manifest's header set
        ("/api/v1/universal/games", "/api/openapi.json", "Link"),  # rel="describedby"
        ("/.well-known/cardpantry.json", "/api/v1/manifest", "json:/manifest"),  # absolute, base stripped
        ("/api/v1/guides/first-request", "/api/v1/universal/card/op-op01-001-en", "json:/data/steps/0/path"),
        ("/llms.txt", "/api/v1/manifest", "md"),
        ("/robots.txt", "/sitemap.xml", "robots:Sitemap"),
        ("/sitemap.xml", "/agents", "xml:loc"),
        ("/prices", "/api/v1/universal/games", "link@href"),
        ("/api/text-mode", "/api/v1/diagnostic", "text:GET"),
    ],
)
def test_the_walk_reads_each_kind_of_link(site_walk: Walk, page: str, target: str, where: str) -> None:
    given = {(p, link.where) for p, link in site_walk.referrers.get(target, [])}
    assert (page, where) in given, f"{page} gives {target} by {where}? found {sorted(given)[:10]}"


def test_templates_prose_and_declared_bases_are_not_followed() -> None:
    document = {
        "path": "/api/v1/cards/{sku}/everything",
        "draw": "/api/v1/tarot/draw?seed=<anything>",
        "surface": "/api/v1/*",
        "note": "read /api/v1/manifest first",
        "file": "api/v1/guides.json",
        "base_url": BASE,
        "servers": [{"url": BASE}],
        "links": {"href": "/api/v1/guides", "@id": f"{BASE}/api/v1/manifest#top"},
        "gate": {"served_by_this_build": False, "remote": {"url": f"{BASE}/api/mcp"}},
    }
    followed = [f for f in json_links(document) if not TEMPLATE.search(f.url)]
    assert [(f.url, f.where, f.unserved) for f in followed] == [
        ("/api/v1/guides", "json:/links/href", False),
        (f"{BASE}/api/v1/manifest#top", "json:/links/@id", False),
        (f"{BASE}/api/mcp", "json:/gate/remote/url", True),
    ]
    assert [internal(f.url, "/x") for f in followed] == ["/api/v1/guides", "/api/v1/manifest", "/api/mcp"]
    assert internal("https://example.invalid/api/v1/", "/x") is None


def test_a_link_to_nowhere_is_reported(ask, small_dist: Path, small_app) -> None:
    result = walk(ask, ["/api/v1/guides", "/api/v1/no-such-resource"], limit=2)
    assert problems(result, manifest_routes(small_dist), small_app.registry) == [
        "404 /api/v1/no-such-resource [not_found] given by no page (a start)"
    ]


def test_only_the_declared_404s_are_expected() -> None:
    gate, card = f"{BASE}/api/mcp", "/api/v1/cards/ptcg-base1-4-en/everything"
    declared, undeclared = ("/.well-known/mcp.json", Found(gate, "json:", True)), ("/x", Found(gate, "json:"))
    assert expected_404("/api/mcp", Answer(404, "not_found"), [declared, declared])
    assert not expected_404("/api/mcp", Answer(404, "not_found"), [declared, undeclared])
    assert not expected_404("/api/mcp", Answer(404, "not_found"), [])
    assert expected_404(card, Answer(404, "sku_not_found"), [])
    assert not expected_404(card, Answer(404, "not_found"), [])
    assert not expected_404("/api/v1/cards/op-op99-001-en/everything", Answer(404, "sku_not_found"), [])
