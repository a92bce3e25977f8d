"""The reader-page kit: what every HTML reader page is made of (``templates/page.html``): labelled
items linked only where something answers, the breadcrumb, and the page itself. The page modules of
each family (pages, price_guide, guide_pages, auctions, trust, signals...) build on it.
"""

from __future__ import annotations

from typing import Any

from generator.surfaces.discovery.orientation import surface_at
from generator.web.surface import Context, Result

WITHHELD_NOTE = "Prices are withheld: the rights of every source that carries them are not recorded."


def item(ctx: Context, label: str, text: str = "", href: str | None = None) -> dict[str, Any]:
    """A labelled item, linked only where a reader lands on an answer: a served path without
    {placeholders} whose surface needs no query parameter (a template path would 404, a bare search 400)."""
    surface = surface_at(ctx, href) if href and "{" not in href else None
    answers = surface is not None and not any(p.required for p in surface.query_params) and "GET" in surface.methods
    return {"label": label, "text": text, "href": href if answers else None}


def crumbs(ctx: Context, path: str) -> list[tuple[str, str | None]]:
    """The breadcrumb of ``path``: each leading part of it, linked where a page answers it."""
    parts = path.strip("/").split("/")
    trail = []
    for n, part in enumerate(parts, 1):
        prefix = "/" + "/".join(parts[:n])
        trail.append((ctx.site.game_names.get(part, part), item(ctx, part, href=prefix)["href"]))
    return trail


def page(
    ctx: Context,
    path: str,
    json: str | None,
    title: str,
    description: str,
    sections: list[dict[str, Any]],
    notice: str | None = None,
) -> Result:
    """A reader page (``templates/page.html`` on the shared layout): sections of labelled items or
    tables, the JSON sibling linked, a canonical URL, a breadcrumb, and an optional notice."""
    data = {
        "title": f"{ctx.site.display_name}: {title}",
        "heading": title,
        "description": description,
        "canonical": ctx.site.base_url + path,
        "json": json,
        "crumbs": crumbs(ctx, path),
        "notice": notice,
        "sections": sections,
    }
    return Result(data=data)
