"""Reader pages of family C: ``/intro``, ``/welcome-all``, ``/graph``, ``/agents``, ``/agents/guides``.

Each page renders the same data as its JSON sibling (the sibling's surface function, called here),
through one template (``templates/page.html``, the kit in ``generator.surfaces.pages.reader``): a title, a
description, sections of labelled items, a canonical URL and a ``rel=alternate`` link to the JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.models.pages.reader import ReaderPage
from generator.site import Site
from generator.surfaces.discovery import ledger_views, ontology, orientation
from generator.surfaces.pages.reader import item, page
from generator.surfaces.participation import participation
from generator.web.surface import Context, Params, Query, Result, Surface


def intro(ctx: Context, params: Params, query: Query) -> Result:
    d = orientation.introduction(ctx, {}, {}).data
    sections: list[dict[str, Any]] = [
        {"heading": "In brief", "text": " ".join(layer["text"] for layer in d["layers"]), "items": []},
        {"heading": "Eleven ideas", "items": [item(ctx, p["name"], p["text"], p["see"]) for p in d["primitives"]]},
        {"heading": "Six rhythms of the hobby", "items": [item(ctx, r["name"], r["text"]) for r in d["rhythms"]]},
        {"heading": "Seven doors", "items": [item(ctx, x["name"], x["path"], x["path"]) for x in d["doors"]]},
        {"heading": "Five gaps", "items": [item(ctx, g["id"], g["text"]) for g in d["gaps"]]},
    ]
    return page(
        ctx, "/intro", "/api/v1/introduction", "introduction", "A layered introduction to the directory.", sections
    )


def welcome_all(ctx: Context, params: Params, query: Query) -> Result:
    d = ledger_views.welcomes(ctx, {}, {}).data
    sections = [
        {
            "heading": f"{w['kind'].replace('-', ' ')} ({w['status']})",
            "text": w["greeting"],
            "items": [item(ctx, "How to arrive", w["arrival_protocol"])]
            + [item(ctx, path, "prepared for you", path) for path in w["prepared"]],
        }
        for w in d["welcomes"]
    ]
    return page(
        ctx, "/welcome-all", "/api/v1/welcomes", "welcomes", "One prepared welcome per kind of arrival.", sections
    )


def graph_page(ctx: Context, params: Params, query: Query) -> Result:
    d = ontology.graph(ctx, {}, {}).data
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for node in d["nodes"]:
        by_kind.setdefault(node["kind"], []).append(item(ctx, node["label"], node["id"], node.get("href")))
    sections = [
        {"heading": f"{kind.replace('_', ' ')} ({len(nodes)})", "items": nodes}
        for kind, nodes in sorted(by_kind.items())
    ]
    description = f"The typed mesh: {d['node_count']} nodes and {d['edge_count']} edges."
    return page(ctx, "/graph", "/api/v1/graph", "graph", description, sections)


def agents(ctx: Context, params: Params, query: Query) -> Result:
    start = [
        item(ctx, "llms.txt", "written for language models", "/llms.txt"),
        item(ctx, "Manifest", "every resource, its methods and freshness", "/api/v1/manifest"),
        item(ctx, "Tools", "every public read as a callable function", "/api/v1/tools"),
        item(ctx, "MCP discovery", "how an MCP client reaches the tools", "/.well-known/mcp.json"),
        item(ctx, "Guides for agents", "twelve tasks, one each", "/agents/guides"),
    ]
    notes = participation.notes(ctx, {}, {}).data["notes"]
    sections = [
        {"heading": "Start here", "items": start},
        {"heading": "Notes for agents", "items": [item(ctx, n["title"], n["text"], n.get("about")) for n in notes]},
    ]
    return page(
        ctx, "/agents", "/api/v1/agents/notes", "for agents", "What an agent needs to use this API well.", sections
    )


def agent_guides(ctx: Context, params: Params, query: Query) -> Result:
    d = orientation.guides(ctx, {}, {}).data
    items = [item(ctx, g["title"], g["summary"], g["path"]) for g in d["guides"]]
    return page(
        ctx,
        "/agents/guides",
        "/api/v1/guides",
        "guides",
        "Twelve guides, one task each.",
        [{"heading": "Guides", "items": items}],
    )


PAGES: tuple[tuple[str, str, Callable[..., Result], str], ...] = (
    ("pages.intro", "/intro", intro, "The layered introduction as a page"),
    ("pages.welcome_all", "/welcome-all", welcome_all, "Every prepared welcome as a page"),
    ("pages.graph", "/graph", graph_page, "The typed node and edge mesh as a page"),
    ("pages.agents", "/agents", agents, "Where an agent starts, and the notes for agents"),
    ("pages.agent_guides", "/agents/guides", agent_guides, "The guides as a page"),
)


def surfaces(site: Site) -> tuple[Surface, ...]:
    return tuple(
        Surface(
            surface_id,
            path,
            "C",
            compute,
            enumerate=lambda ctx: [{}],
            enveloped=False,
            media_type="text/html",
            template="page.html",
            model=ReaderPage,
            freshness="welcome",
            provenance_kind="static",
            summary=summary,
        )
        for surface_id, path, compute, summary in PAGES
    )
