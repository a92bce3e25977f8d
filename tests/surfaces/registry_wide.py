"""Answers that list or count the whole registry: what of each the registry decides, and the rest.

Adding a surface is one entry and one model (docs/contract.md "Adding a surface"), so no snapshot may
have to change when one is added. The answers below list or count every registered surface (or
every HTML page, or every gated path), so a snapshot of them would. ``split`` takes out of such an
answer what the registry decides and leaves ``MARK`` in its place: the snapshot test pins the rest
(the authored text, the ontology, the page around the list), and ``test_registry_wide.py`` checks the
parts against the registry (a path list is checked, not pinned), and that registering more surfaces
changes nothing any snapshot pins.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

MARK = "<registry-wide: tests/surfaces/test_registry_wide.py checks it>"

Parts = dict[str, Any]
Splitter = Callable[[str, Any], tuple[Any, Parts]]


def split(surface_id: str, key: str, body: Any) -> tuple[Any, Parts]:
    """(what a snapshot pins, what the registry decides) of one answer's pinned body (``key``: its
    path and query); an answer that lists and counts nothing of the registry is ``(body, {})``."""
    splitter = SPLITTERS.get(surface_id)
    return splitter(key, copy.deepcopy(body)) if splitter else (body, {})


def _take(items: list, taken_if: Callable[[Any], bool]) -> tuple[list, list]:
    """(the items kept, with MARK where the first taken one was; the items taken)."""
    kept, taken = [], []
    for item in items:
        if not taken_if(item):
            kept.append(item)
            continue
        if not taken:
            kept.append(MARK)
        taken.append(item)
    return kept, taken


def _members(*names: str) -> Splitter:
    """Members of ``data`` (dotted names) that count or list the registry."""

    def splitter(key: str, body: Any) -> tuple[Any, Parts]:
        parts = {}
        for name in names:
            *outer, last = name.split(".")
            holder = body["data"]
            for step in outer:
                holder = holder[step]
            parts[name], holder[last] = holder[last], MARK
        return body, parts

    return splitter


def _graph(key: str, body: Any) -> tuple[Any, Parts]:
    """A ``resource`` node per surface, the edges that touch one, and every count."""
    graph = body["data"]

    def touches_a_resource(edge: dict) -> bool:
        return edge["source"].startswith("resource:") or edge["target"].startswith("resource:")

    graph["nodes"], resources = _take(graph["nodes"], lambda node: node["kind"] == "resource")
    graph["edges"], edges = _take(graph["edges"], touches_a_resource)
    parts = {
        "resources": resources,
        "resource_edges": edges,
        "node_count": graph["node_count"],
        "edge_count": graph["edge_count"],
        "resource_count": graph["counts_by_kind"]["resource"],
        "counts_by_edge_type": graph["counts_by_edge_type"],
    }
    graph["node_count"] = graph["edge_count"] = graph["counts_by_edge_type"] = graph["counts_by_kind"]["resource"] = (
        MARK
    )
    return body, parts


GRAPH_COUNTS = re.compile(r"The typed mesh: (\d+) nodes and (\d+) edges\.")
RESOURCE_SECTION = re.compile(
    r'<section aria-labelledby="s\d+">\s*<h2 id="s\d+">resource \(\d+\)</h2>.*?</section>', re.S
)


def _graph_page(key: str, body: str) -> tuple[str, Parts]:
    """The graph as a page: its resource section and the node and edge counts."""
    section = RESOURCE_SECTION.search(body)
    counts = [(int(nodes), int(edges)) for nodes, edges in GRAPH_COUNTS.findall(body)]
    assert section is not None and counts, "the graph page has no resource section or counts any more"
    rest = GRAPH_COUNTS.sub(MARK, RESOURCE_SECTION.sub(MARK, body))
    return rest, {"resource_section": section.group(0), "counts": counts}


def _resource_kind(key: str, body: Any) -> tuple[Any, Parts]:
    """The ``resource`` kind's instances are the surfaces; the seven other kinds are authored."""
    if key != "/api/v1/kinds/resource":
        return body, {}
    return _members("instance_count", "instances")(key, body)


def _kinds(key: str, body: Any) -> tuple[Any, Parts]:
    """How many ``resource`` instances there are (one per surface)."""
    resource = next(kind for kind in body["data"]["kinds"] if kind["id"] == "resource")
    parts = {"resource_instance_count": resource["instance_count"]}
    resource["instance_count"] = MARK
    return body, parts


def _text_mode(key: str, body: str) -> tuple[str, Parts]:
    """A ``Family X:`` block per family, a line per surface, between the journey and the regard."""
    lines = body.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("Family "))
    last = max(i for i, line in enumerate(lines) if line.startswith("  "))
    families: dict[str, list[str]] = {}
    for line in lines[first : last + 1]:
        if line.startswith("Family "):
            block = families.setdefault(line.removeprefix("Family ").removesuffix(":"), [])
        elif line:
            block.append(line)
    return "\n".join([*lines[:first], MARK, *lines[last + 1 :]]), {"families": families}


def _vibe(key: str, body: Any) -> tuple[Any, Parts]:
    """The self-description axis counts the surfaces (its score is their described share)."""
    axis = next(a for a in body["data"]["axes"] if a["axis"] == "self-description")
    parts = {"detail": axis["detail"], "described": axis["facts"]["described"], "surfaces": axis["facts"]["surfaces"]}
    axis["detail"] = axis["facts"]["described"] = axis["facts"]["surfaces"] = MARK
    return body, parts


def _bootstrap(key: str, body: Any) -> tuple[Any, Parts]:
    """Every measure counts the registry (surfaces, their parameters, their models' fields)."""
    data = body["data"]
    parts = {"percent": data["percent"], "measures": {m["what"]: (m["described"], m["of"]) for m in data["measures"]}}
    data["percent"] = MARK
    for measure in data["measures"]:
        measure["described"] = measure["of"] = MARK
    return body, parts


def _lines(prefix: str, name: str) -> Splitter:
    """Lines of a text answer that start with ``prefix``, one per registered thing."""

    def splitter(key: str, body: str) -> tuple[str, Parts]:
        lines, taken = _take(body.split("\n"), lambda line: line.startswith(prefix))
        return "\n".join(lines), {name: [line.removeprefix(prefix) for line in taken]}

    return splitter


def _urls(key: str, body: Any) -> tuple[Any, Parts]:
    """A sitemap lists every HTML page the registry enumerates (its 404 of an unknown page lists none)."""
    if not isinstance(body, str):
        return body, {}
    rest, parts = _lines("  <url><loc>", "urls")(key, body)
    return rest, {"urls": [url.removesuffix("</loc></url>") for url in parts["urls"]]}


# Surface id -> what of its answers the registry decides (and why its snapshot would change with
# every surface added).
SPLITTERS: dict[str, Splitter] = {
    "ontology.graph": _graph,  # a resource node per surface, the edges that touch them, the counts
    "pages.graph": _graph_page,  # the same, as a page
    "ontology.kind": _resource_kind,  # /api/v1/kinds/resource lists every surface as an instance
    "ontology.kinds": _kinds,  # and /api/v1/kinds counts them
    "orientation.text_mode": _text_mode,  # a line per surface
    "orientation.root": _members("surfaces_by_family"),  # surfaces counted by family
    "status.status": _members("resources", "summary"),  # every surface with its routes, and their sums
    "status.bootstrap_completion": _bootstrap,  # how much of the registry describes itself
    "health.heartbeat": _members("deploy.surfaces"),  # how many surfaces this deploy serves
    "playful.the_vibe": _vibe,  # its self-description axis counts the described surfaces
    "wellknown.robots": _lines("Disallow: ", "disallowed"),  # every gated surface's path (and the authored ones)
    "wellknown.sitemap": _urls,  # every HTML page of every HTML surface
    "wellknown.sitemap_page": _urls,
}
