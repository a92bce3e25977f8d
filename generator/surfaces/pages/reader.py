"""The reader-page kit: what every HTML reader page is made of (``templates/page.html``): labelled
items linked only where something answers, the breadcrumb, and the page itself. The page modules of
each family (pages, price_guide, guide_pages, auctions, trust, signals...) build on it.
"""

from __future__ import annotations

import datetime as dt
import difflib
from dataclasses import replace
from typing import Any

from generator.surfaces.discovery.orientation import surface_at
from generator.surfaces.pages.languages import lang_attribute
from generator.web.surface import Context, Result, Surface

WITHHELD_NOTE = "Prices are withheld: the rights of every source that carries them are not recorded."


def item(ctx: Context, label: str, text: str = "", href: str | None = None, lang: str | None = None) -> dict[str, Any]:
    """A labelled item, linked only where a reader lands on an answer: a served path without
    {placeholders} whose surface needs no query parameter (a template path would 404, a bare search 400).
    ``lang`` is the language code of a printing whose name the label is (its BCP 47 tag is marked)."""
    surface = surface_at(ctx, href) if href and "{" not in href else None
    answers = surface is not None and not any(p.required for p in surface.query_params) and "GET" in surface.methods
    labelled = {"label": label, "text": text, "href": href if answers else None}
    tag = lang_attribute(lang) if lang else None
    return labelled | {"lang": tag} if tag else labelled


def day_words(value: dt.datetime | dt.date | str) -> str:
    """``13 Nov 2026``: a day as a reader writes it (an ISO 8601 string or a date); short enough for a
    table column at 390 px."""
    day = dt.date.fromisoformat(value[:10]) if isinstance(value, str) else value
    return f"{day.day} {day:%b %Y}"


def moment_words(value: dt.datetime | str) -> str:
    """``13 Nov 2026, 00:00 UTC``: an instant as a reader writes it."""
    moment = dt.datetime.fromisoformat(value.replace("Z", "+00:00")) if isinstance(value, str) else value
    moment = moment.astimezone(dt.UTC)
    return f"{day_words(moment)}, {moment:%H:%M} UTC"


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
    named: tuple[str, str] | None = None,
) -> Result:
    """A reader page (``templates/page.html`` on the shared layout): sections of labelled items or
    tables, the JSON sibling linked, a canonical URL, a breadcrumb, and an optional notice.
    ``named`` is (a printing's name the title starts with, its language code): the heading marks
    the name with its BCP 47 ``lang`` where that is not the page's English."""
    tag = lang_attribute(named[1]) if named else None
    data = {
        "title": f"{ctx.site.display_name}: {title}",
        "heading": title,
        "description": description,
        "canonical": ctx.site.base_url + path,
        "json": json,
        "crumbs": crumbs(ctx, path),
        "notice": notice,
        "sections": sections,
        "named": {"text": named[0], "lang": tag} if named and tag else None,
    }
    return Result(data=data)


ERROR_TITLES = {400: "This request cannot be answered", 404: "Nothing here", 410: "Gone"}


def error_page(ctx: Context, surface: Surface, path: str, result: Result) -> Result:
    """An HTML surface's error as a reader's page on the shared layout (issue 39): what went wrong,
    in the error's own words, and where to go instead: the ids the error lists, linked where the
    surface would answer them, and for an unknown SKU the nearest SKUs of its set. The status stays."""
    assert result.error is not None
    code, message = result.error
    found = surface.pattern.match(path)
    params = found.groupdict() if found else {}
    listed = (result.error_extra or {}).get("known_ids", [])[:40]
    instead = [_instead(ctx, surface, params, known) for known in listed]
    if code == "sku_not_found" and "sku" in params:
        near = nearest_skus(ctx, params["sku"])
        instead += [item(ctx, sku, href=surface.concrete({**params, "sku": sku})) for sku in near]
    again = [item(ctx, "The price guide", href="/prices"), item(ctx, "Search", href="/prices/search")]
    sections: list[dict[str, Any]] = [
        {"heading": "What happened", "text": f"{message} ({code}, HTTP {result.status}).", "items": []}
    ]
    if instead:
        sections.append({"heading": "Perhaps you meant", "items": instead})
    sections.append({"heading": "Start again", "items": again})
    title = ERROR_TITLES.get(result.status, "Something went wrong")
    shown = page(ctx, path, None, title, message, sections)
    return replace(shown, status=result.status, template="page.html", headers=result.headers)


def _instead(ctx: Context, surface: Surface, params: dict[str, str], known: str) -> dict[str, Any]:
    """A known id, linked as this surface's page for it (the last path parameter replaced)."""
    names = list(params)
    href = surface.concrete({**params, names[-1]: known}) if names else None
    return item(ctx, known, href=href)


def nearest_skus(ctx: Context, sku: str, count: int = 5) -> list[str]:
    """The SKUs of the same game and set that read most like ``sku`` (a mistyped number or language)."""
    game, _, rest = sku.lower().partition("-")
    set_code = rest.partition("-")[0]
    candidates = [e.sku for e in ctx.snapshot.by_set(game).get(set_code, ())] if game in ctx.site.games else []
    return difflib.get_close_matches(sku.lower(), candidates, n=count, cutoff=0.5)
