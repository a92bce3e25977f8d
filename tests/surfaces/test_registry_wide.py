"""What the registry decides in the answers that list or count every surface, checked against it.

``registry_wide.py`` takes these parts out of their snapshots, so adding a surface rewrites no
snapshot; the rest of each answer (the authored text, the ontology, the page around the list) stays
pinned there. Here each part is checked against the registry: every registered path or id appears
as the registry says, and nothing else (a path list is checked, not pinned). And registering more
surfaces must change nothing any snapshot pins: an answer that starts listing or counting the
registry fails here until its parts are taken out too.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections import Counter
from typing import Any
from urllib.parse import urlencode

import pytest
from registry_wide import MARK, SPLITTERS, split
from test_snapshots import READ_SURFACES, pinned

from generator.render import base_type
from generator.web.respond import respond
from generator.web.surface import Context, Param, Surface


def answer(ctx: Context, surface_id: str, params: dict | None = None) -> tuple[Any, Any, dict[str, Any]]:
    """(the whole pinned body, what its snapshot pins, the registry's parts) of a 200 answer."""
    surface = next(s for s in ctx.surfaces if s.id == surface_id)
    path = surface.concrete(params or {})
    rendered = respond(surface, ctx, params or {}, {}, path)
    assert rendered.status == 200, (surface_id, rendered.body[:200])
    body = pinned(rendered.body, rendered.media_type)
    rest, parts = split(surface_id, path, body)
    assert parts, f"{surface_id}: registry_wide.py found nothing of the registry in {path}"
    return body, rest, parts


def methods_without_head(surface: Surface) -> list[str]:
    return [m for m in surface.methods if m != "HEAD"]


def described(surface: Surface) -> bool:
    return bool(surface.summary.strip()) and surface.model is not None


# ------------------------------------------------------------------ nothing pinned depends on the registry


def more_surfaces(ctx: Context) -> tuple[Surface, ...]:
    """Three surfaces more, copies of registered ones under new ids and paths: a JSON read in family G
    with a described query parameter, an HTML page (the sitemap lists it) and a gated read (robots)."""
    by_id = {s.id: s for s in ctx.surfaces}
    shade = Param("shade", enum=("light", "dark"), description="a described query parameter")
    return (
        dataclasses.replace(
            by_id["contract.diagnostic"], id="more.json", path="/api/v1/more-json", family="G", query_params=(shade,)
        ),
        dataclasses.replace(by_id["pages.intro"], id="more.page", path="/more-page"),
        dataclasses.replace(by_id["contract.diagnostic"], id="more.gated", path="/api/v1/more-gated/", auth="user"),
    )


@pytest.mark.parametrize("surface", READ_SURFACES, ids=[s.id for s in READ_SURFACES])
def test_registering_more_surfaces_changes_nothing_a_snapshot_pins(
    surface: Surface, ctx: Context, surface_cases, error_samples
) -> None:
    more = dataclasses.replace(ctx, surfaces=ctx.surfaces + more_surfaces(ctx))
    changed = []
    for params, query in surface_cases(surface, ctx) + error_samples(surface):
        path = surface.concrete(params)
        key = path + ("?" + urlencode(query) if query else "")
        pins = []
        for registry in (ctx, more):
            rendered = respond(surface, registry, params, query, path)
            pins.append((rendered.status, split(surface.id, key, pinned(rendered.body, rendered.media_type))[0]))
        if pins[0] != pins[1]:
            changed.append(key)
    assert not changed, (
        f"{surface.id}: its snapshot of {changed} changes with every surface registered; take what the "
        "registry decides out of it in tests/surfaces/registry_wide.py and check it here"
    )


def test_every_split_surface_is_registered(ctx: Context) -> None:
    assert set(SPLITTERS) <= {s.id for s in ctx.surfaces}


# ------------------------------------------------------------------------------ the graph and the kinds


def test_the_graph_has_a_resource_node_per_surface_and_no_other(ctx: Context) -> None:
    body, rest, parts = answer(ctx, "ontology.graph")
    graph, registry = body["data"], ctx.surfaces
    assert [(n["id"], n["label"], n["href"]) for n in parts["resources"]] == [
        (f"resource:{s.id}", s.path, None if "{" in s.path else s.path) for s in registry
    ]
    for node, s in zip(parts["resources"], registry, strict=True):
        p = node["properties"]  # the ontology's types are checked by test_discovery.py
        assert (p["stability"], p["auth_kind"], p["provenance_kind"], p["since"], p["method_count"]) == (
            s.stability,
            s.auth,
            s.provenance_kind,
            s.since,
            len(s.methods),
        ), s.id
    assert not any(n != MARK and n["kind"] == "resource" for n in rest["data"]["nodes"])
    assert (parts["node_count"], parts["resource_count"]) == (len(graph["nodes"]), len(registry))
    assert parts["edge_count"] == len(graph["edges"])
    assert parts["counts_by_edge_type"] == dict(Counter(e["type"] for e in graph["edges"]))


def test_the_graph_joins_resources_by_the_registry_alone(ctx: Context) -> None:
    body, _, parts = answer(ctx, "ontology.graph")
    registry = ctx.surfaces
    resources = {f"resource:{s.id}" for s in registry}
    edges: dict[str, set[tuple[str, str]]] = {}
    for edge in parts["resource_edges"]:
        edges.setdefault(edge["type"], set()).add((edge["source"], edge["target"]))
    assert edges["instance_of"] == {(r, "node_kind:resource") for r in resources}
    nearest = set()  # each path hangs under the registered path that is its nearest ancestor
    for child in registry:
        above = [s for s in registry if s is not child and child.path.startswith(s.path.rstrip("/") + "/")]
        if above:
            parent = max(above, key=lambda s: len(s.path))
            nearest.add((f"resource:{parent.id}", f"resource:{child.id}"))
    assert edges["parent_of"] == nearest
    methodologies = {n["id"] for n in body["data"]["nodes"] if n["kind"] == "methodology"}
    for kind in ("documents", "published_as"):
        assert edges[kind] and all(s in methodologies and t in resources for s, t in edges[kind]), kind
    assert set(edges) == {"instance_of", "parent_of", "documents", "published_as"}


def test_the_graph_page_lists_the_same_resources(ctx: Context) -> None:
    _, _, page = answer(ctx, "pages.graph")
    graph = answer(ctx, "ontology.graph")[0]["data"]
    registry = ctx.surfaces
    heading = re.search(r"<h2 id=\"s\d+\">resource \((\d+)\)</h2>", page["resource_section"])
    assert heading is not None and int(heading[1]) == len(registry)
    listed = [
        (href or None, html.unescape(label), html.unescape(node))
        for href, label, node in re.findall(
            r"<dt>(?:<a href=\"([^\"]*)\">)?([^<]*)(?:</a>)?</dt>\s*<dd>([^<]*)</dd>", page["resource_section"]
        )
    ]

    def linked(s: Surface) -> str | None:  # a reader lands on an answer: no placeholder, a GET, no required query
        lands = "{" not in s.path and "GET" in s.methods and not any(p.required for p in s.query_params)
        return s.path if lands else None

    assert listed == [(linked(s), s.path, f"resource:{s.id}") for s in registry]
    assert page["counts"] == [(graph["node_count"], graph["edge_count"])] * 2  # the description and the lede


def test_the_resource_kind_has_every_surface_as_an_instance(ctx: Context) -> None:
    _, _, parts = answer(ctx, "ontology.kind", {"kind": "resource"})
    assert parts["instances"] == [f"resource:{s.id}" for s in ctx.surfaces]
    assert parts["instance_count"] == len(ctx.surfaces)
    _, _, counted = answer(ctx, "ontology.kinds")
    assert counted["resource_instance_count"] == len(ctx.surfaces)


# ----------------------------------------------------------------------------------- orientation


def test_text_mode_has_a_line_per_surface_under_its_family(ctx: Context) -> None:
    _, _, parts = answer(ctx, "orientation.text_mode")
    families = sorted({s.family for s in ctx.surfaces})
    assert list(parts["families"]) == families
    for family in families:
        lines = parts["families"][family]
        members = [s for s in ctx.surfaces if s.family == family]
        assert len(lines) == len(members), family
        for line, s in zip(lines, members, strict=True):
            methods = " ".join(methods_without_head(s))
            assert line.startswith(f"  {methods}") and line.endswith(f" {s.path}  {s.summary}".rstrip()), line


def test_the_root_counts_surfaces_by_family(ctx: Context) -> None:
    _, _, parts = answer(ctx, "orientation.root")
    assert parts["surfaces_by_family"] == dict(sorted(Counter(s.family for s in ctx.surfaces).items()))


# ---------------------------------------------------------------------------------- status and health


def test_status_lists_every_surface_as_the_registry_declares_it(ctx: Context) -> None:
    _, _, parts = answer(ctx, "status.status")
    by_path = {s.path: s for s in ctx.surfaces}
    resources = parts["resources"]
    assert [r["path"] for r in resources] == sorted(by_path)
    for r in resources:
        s = by_path[r["path"]]
        routes = sum(1 for _ in s.enumerate(ctx)) if s.enumerate else 0
        state = "paused" if s.paused else "served_as_files" if s.enumerate else "computed_per_request"
        assert r == {
            "path": s.path,
            "methods": methods_without_head(s),
            "freshness_key": s.freshness,
            "freshness_seconds": ctx.site.freshness[s.freshness],
            "static": s.enumerate is not None,
            "routes": routes,
            "envelope_compliant": True if s.enumerate and s.enveloped else None,
            "state": state,
        }, s.id
    assert parts["summary"] == {
        "resources": len(resources),
        "static": sum(r["static"] for r in resources),
        "computed": sum(not r["static"] for r in resources),
        "paused": sum(r["state"] == "paused" for r in resources),
        "routes": sum(r["routes"] for r in resources),
    }


def test_bootstrap_completion_measures_the_registry(ctx: Context) -> None:
    _, _, parts = answer(ctx, "status.bootstrap_completion")
    registry = ctx.surfaces
    params = [p for s in registry for p in s.query_params]
    fields = [f for m in {s.model for s in registry if s.model} for f in m.model_fields.values()]
    measures = {
        "surfaces with a summary": (sum(bool(s.summary.strip()) for s in registry), len(registry)),
        "surfaces with a response model": (sum(s.model is not None for s in registry), len(registry)),
        "query parameters with a description": (sum(bool(p.description) for p in params), len(params)),
        "response-model fields with a description": (sum(bool(f.description) for f in fields), len(fields)),
    }
    assert parts["measures"] == measures
    done, total = (sum(m[i] for m in measures.values()) for i in (0, 1))
    assert parts["percent"] == round(100 * done / total, 2)


def test_the_heartbeat_counts_the_surfaces(ctx: Context) -> None:
    assert answer(ctx, "health.heartbeat")[2] == {"deploy.surfaces": len(ctx.surfaces)}


def test_the_vibe_counts_the_described_surfaces(ctx: Context) -> None:
    _, rest, parts = answer(ctx, "playful.the_vibe")
    count, total = sum(described(s) for s in ctx.surfaces), len(ctx.surfaces)
    assert parts == {
        "detail": f"{count} of {total} surfaces have a summary and a response model",
        "described": count,
        "surfaces": total,
    }
    axis = next(a for a in rest["data"]["axes"] if a["axis"] == "self-description")
    assert axis["facts"]["share"] == round(count / total, 4)  # pinned as 1.0: every surface is described


# ------------------------------------------------------------------------------- robots and sitemaps


def test_robots_disallows_the_authored_paths_and_every_gated_surface(ctx: Context) -> None:
    _, _, parts = answer(ctx, "wellknown.robots")
    authored = ctx.content.discovery.wellknown.robots.disallow_always
    gated = [s for s in ctx.surfaces if s.auth != "public"]
    assert parts["disallowed"][: len(authored)] == list(authored)
    rules = parts["disallowed"][len(authored) :]
    assert gated and all(any(_covers(rule, s.path) for rule in rules) for s in gated)
    assert all(any(_covers(rule, s.path) for s in gated) for rule in rules)  # nothing else


def _covers(rule: str, path: str) -> bool:
    """Whether a Disallow rule is one of ``path``'s concrete or wildcard forms (never a cut prefix)."""
    pattern = re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(path))
    return re.fullmatch(pattern, rule.replace("*", "x")) is not None


@pytest.mark.parametrize(
    ("surface_id", "params"), [("wellknown.sitemap", {}), ("wellknown.sitemap_page", {"page": "1"})]
)
def test_the_sitemaps_list_every_html_page_the_registry_enumerates(ctx: Context, surface_id: str, params) -> None:
    _, _, parts = answer(ctx, surface_id, params)
    pages = [
        s for s in ctx.surfaces if base_type(s.media_type) == "text/html" and s.enumerate is not None and not s.paused
    ]
    assert parts["urls"] == sorted({ctx.site.base_url + s.concrete(p) for s in pages for p in s.enumerate(ctx)})
