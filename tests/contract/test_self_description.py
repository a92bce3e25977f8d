"""The contract's pointers to the service's own facts (issue 32, item 4): methodology pointers in the
manifest and the tools from the mapping the graph draws, each resolving in the dist, and
``_meta.self_reference`` on exactly the answers that describe their own endpoint (spec "Data
envelope": present when the response describes its own endpoint)."""

from __future__ import annotations

import itertools
from typing import Any

import orjson

from generator.web.respond import respond
from generator.web.surface import Context, Surface

# Documents that describe themselves without listing their endpoint, and why.
DESCRIBE_THEMSELVES = {
    "contract.diagnostic": "the parser fixture: its own checks say its self_reference is set",
    "universal.encoding": "the encoding spec, written in its own encoding",
}
ANSWERS_PER_SURFACE = 40
DESCRIBING_KEYS = ("path", "label", "endpoint")


def test_every_documented_resource_points_to_its_methodology_and_the_pointer_resolves(ask, small_dist) -> None:
    graph = ask("GET", "/api/v1/graph").json()["data"]
    manifest = ask("GET", "/api/v1/manifest").json()["data"]
    tools = ask("GET", "/api/v1/tools").json()["data"]["tools"]
    routes = orjson.loads((small_dist / "_routes.json").read_bytes())["routes"]
    documenting: dict[str, set[str]] = {}
    for edge in graph["edges"]:
        if edge["type"] == "documents":
            documenting.setdefault(edge["target"].removeprefix("resource:"), set()).add(edge["source"])
    hrefs = {n["id"]: n["href"] for n in graph["nodes"] if n["kind"] == "methodology"}
    assert len(documenting) > 50 and len({m for ms in documenting.values() for m in ms}) == len(hrefs)
    for resource in manifest["resources"]:
        pointer = resource["methodology"]
        if resource["id"] not in documenting:
            assert pointer is None, resource["id"]
            continue
        assert pointer in {hrefs[m] for m in documenting[resource["id"]]}, resource["id"]  # the graph's mapping
        assert routes[pointer]["status"] == 200, pointer  # a file of the dist
        document = ask("GET", pointer).json()["data"]
        assert resource["id"] in [d["id"] for d in document["documents"] if d["pointer"]]
    by_name = {t["name"]: t for t in tools}
    pointers = {r["id"]: r["methodology"] for r in manifest["resources"]}
    for surface_id, pointer in pointers.items():
        name = surface_id.replace(".", "_")
        if name in by_name:
            assert by_name[name]["methodology_url"] == pointer, surface_id


def test_every_methodology_is_served_and_lists_what_it_documents(ask) -> None:
    index = ask("GET", "/api/v1/methodologies").json()["data"]
    graph = ask("GET", "/api/v1/graph").json()["data"]
    edges = {(e["source"], e["target"]) for e in graph["edges"] if e["type"] == "documents"}
    assert index["count"] == len(index["methodologies"]) == sum(n["kind"] == "methodology" for n in graph["nodes"])
    for entry in index["methodologies"]:
        document = ask("GET", entry["href"]).json()["data"]
        me = document["graph_node"]
        assert {f"resource:{d['id']}" for d in document["documents"]} == {t for s, t in edges if s == me}
        assert entry["documents_count"] == len(document["documents"])
        for publication in document["published_in"]:
            served = publication["href"].startswith("/") and ask("GET", publication["href"]).status_code == 200
            assert publication["served"] == served, publication
    missing = ask("GET", "/api/v1/methodologies/nope")
    assert missing.status_code == 404 and "sku-standard" in missing.json()["known_ids"]


def lists_itself(surface: Surface, value: Any, key: str = "") -> bool:
    """Whether an answer's data holds an entry about its own endpoint, the way the registry's
    descriptions name one: its id (or graph node id) as a value, or its path as an entry's ``path``,
    ``label`` or ``endpoint``. A link to it (a see_also entry, a tarot card's ``surface_url``, a
    door's ``door``) names it without describing it."""
    if isinstance(value, str):
        return value in (surface.id, f"resource:{surface.id}") or (key in DESCRIBING_KEYS and value == surface.path)
    if isinstance(value, dict):
        return "relation" not in value and any(lists_itself(surface, v, k) for k, v in value.items())
    if isinstance(value, list):
        return any(lists_itself(surface, v, key) for v in value)
    return False


def test_self_reference_is_set_exactly_where_an_answer_describes_its_own_endpoint(ctx: Context) -> None:
    from generator.contract.examples import example_request

    checked = described = 0
    for surface in ctx.surfaces:
        if surface.compute is None or not surface.enveloped:
            continue
        requests = (
            [(dict(p), {}) for p in itertools.islice(surface.enumerate(ctx), ANSWERS_PER_SURFACE)]
            if (surface.enumerate)
            else []
        )
        example = example_request(ctx, surface)
        requests += [example] if example is not None else []
        for params, query in requests:
            rendered = respond(surface, ctx, params, query, surface.concrete(params))
            document = orjson.loads(rendered.body) if rendered.media_type == "application/json" else None
            if not isinstance(document, dict) or "data" not in document:
                continue
            checked += 1
            marked = document["_meta"]["self_reference"]
            itself = lists_itself(surface, document["data"])
            where = (surface.id, surface.concrete(params))
            if itself:
                described += 1
                assert marked == {"this_endpoint": surface.path, "contains_self": True}, where
            else:
                assert marked is None or surface.id in DESCRIBE_THEMSELVES, where
    assert checked > 300 and described >= 8
