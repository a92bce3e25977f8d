"""The site root ``/`` and the changelog as a page, ``/changelog`` (issue 32, item 4).

``/`` is the page the site's base URL names (``/.well-known/<service>.json`` gives it as
``base_url``): where a person or a crawler arriving at the bare host finds the reader pages and the
machine entry points, only those this build answers. ``/changelog`` is what a feed reader opens
from an Atom entry: each entry is a section whose fragment is its id (``/changelog#cl-023``), so the
entry's ``alternate`` link lands on it.
"""

from __future__ import annotations

from typing import Any

from generator.content.wellknown import fill
from generator.models.pages.reader import ReaderPage
from generator.site import Site
from generator.surfaces.discovery import changelog as contract_history
from generator.surfaces.pages.reader import item, page
from generator.web.surface import Context, Params, Query, Result, Surface

CHANGELOG_PAGE = "/changelog"
READING = (
    ("Price guide", "every game, set and card, with what may be shown of prices", "/prices"),
    ("Coverage", "what the catalog holds, per game and source", "/prices/coverage"),
    ("Datasets", "the whole catalog, to take at once", "/datasets"),
    ("Introduction", "a layered introduction to the directory", "/intro"),
    ("For agents", "where an agent starts", "/agents"),
    ("Changelog", "the contract's own history", CHANGELOG_PAGE),
)
MACHINES = (
    ("API root", "orientation and every door of /api/v1/", "/api/v1/"),
    ("Manifest", "every resource, its methods and freshness", "/api/v1/manifest"),
    ("OpenAPI", "the contract as OpenAPI 3.1", "/api/openapi.json"),
    ("llms.txt", "a summary written for language models", "/llms.txt"),
    ("Report channel", "tell the maintainers what is wrong or missing", "/api/v1/feedback"),
)


def home(ctx: Context, params: Params, query: Query) -> Result:
    sections: list[dict[str, Any]] = [
        {"heading": "To read", "items": [item(ctx, *entry) for entry in READING]},
        {"heading": "For programs", "items": [item(ctx, *entry) for entry in MACHINES]},
    ]
    summary = fill(ctx.content.discovery.wellknown.summary, ctx.site)
    result = page(ctx, "/", "/api/v1/", ctx.site.display_name, summary, sections)
    result.data["crumbs"] = []  # the root is where every breadcrumb starts
    return result


def changelog_page(ctx: Context, params: Params, query: Query) -> Result:
    entries = contract_history.changelog(ctx, {}, {}).data["entries"]
    sections = [
        {
            "heading": f"{e['date']}, {e['id']}: {e['kind'].replace('-', ' ')} ({e['impact']})",
            "anchor": e["id"],
            "text": e["summary"] + (f" {e['detail']}" if e.get("detail") else ""),
            "items": [item(ctx, "Changed", e["surface"])]
            + [item(ctx, "See", url, url) for url in e.get("related_urls", [])],
        }
        for e in entries
    ]
    description = "Every change to the contract since 2026-05-17, newest first; also as JSON, Atom and Markdown."
    return page(ctx, CHANGELOG_PAGE, contract_history.PATH, "changelog", description, sections)


def surfaces(site: Site) -> tuple[Surface, ...]:
    html: dict[str, Any] = {
        "enumerate": lambda ctx: [{}],
        "enveloped": False,
        "media_type": "text/html",
        "template": "page.html",
        "model": ReaderPage,
        "provenance_kind": "static",
        "since": "2026-11-28",
    }
    return (
        Surface("pages.home", "/", "C", home, freshness="welcome", summary="The site root: where to start", **html),
        Surface(
            "pages.changelog",
            CHANGELOG_PAGE,
            "C",
            changelog_page,
            freshness="changelog",
            summary="The contract's changelog as a page, one section per entry (#cl-001...)",
            **html,
        ),
    )
