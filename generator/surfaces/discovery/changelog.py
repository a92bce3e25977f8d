"""``GET /api/v1/changelog``: the contract's own history, as JSON (default), Atom or Markdown.

Authored in ``content/orientation/changelog.yaml`` (begins 2026-05-17; earlier history is not
covered) and served newest first. ``since`` (YYYY-MM-DD: only entries strictly newer), ``kind``,
``impact`` and ``id`` (one entry) compose. Every form is sent ``Cache-Control: public, max-age=600,
s-maxage=3600`` (spec "Events" 2). Atom entries are dated at midnight UTC of their day; their ids
are tag URIs (RFC 4151), stable across hosts and builds; each carries its whole text as ``content``
and two links to itself: ``alternate`` (RFC 4287 4.1.1), its section of the changelog page
(``/changelog#cl-023``, HTML: what a feed reader opens), and the JSON changelog narrowed to it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, get_args
from xml.sax.saxutils import escape, quoteattr

from generator.content.orientation import ChangeKind, Impact
from generator.models.discovery.orientation import Changelog
from generator.site import Site
from generator.web.surface import Context, Param, Params, Query, Result, Surface

PATH = "/api/v1/changelog"
PAGE = "/changelog"  # the reader page (generator.surfaces.pages.site_pages), one section per entry
CACHE = {"Cache-Control": "public, max-age=600, s-maxage=3600"}
FORMATS = ("json", "atom", "md")
KINDS, IMPACTS = get_args(ChangeKind), get_args(Impact)
ATOM, MARKDOWN = "application/atom+xml", "text/markdown"


def _entries(ctx: Context, since: dt.date | None, query: Query) -> list[Any]:
    kind, impact, one = query.get("kind"), query.get("impact"), query.get("id")
    kept = [
        e
        for e in ctx.content.orientation.changelog
        if (since is None or e.date > since)
        and (kind is None or e.kind == kind)
        and (impact is None or e.impact == impact)
        and (one is None or e.id == one)
    ]
    return sorted(kept, key=lambda e: (e.date, e.id), reverse=True)


def changelog(ctx: Context, params: Params, query: Query) -> Result:
    fmt, kind, impact = query.get("format", "json"), query.get("kind"), query.get("impact")
    since = dt.date.fromisoformat(query["since"]) if "since" in query else None
    entries = _entries(ctx, since, query)
    if fmt == "atom":
        return Result(data=atom(ctx, entries), media_type=ATOM, headers=CACHE)
    if fmt == "md":
        return Result(data=markdown(entries), media_type=MARKDOWN, headers=CACHE)
    corpus = ctx.content.orientation.changelog
    data = {
        "@kind": "changelog",
        "@spec_version": "1.0.0",
        "for": f"{ctx.site.service} public read surface, API v{ctx.site.spec_version}",
        "scope": {
            "begins": corpus[0].date.isoformat(),
            "total_entries_in_corpus": len(corpus),
            "total_entries_after_filters": len(entries),
            "not_exhaustive_for_earlier_history": True,
        },
        "filters_applied": {"since": query.get("since"), "kind": kind, "impact": impact, "id": query.get("id")},
        "formats": list(FORMATS),
        "filter_vocabulary": {"kind": list(KINDS), "impact": list(IMPACTS), "format": list(FORMATS)},
        "subscribe_hints": [
            f"{PATH}?since=<the newest date you hold> for a delta",
            f"{PATH}?format=atom for a feed reader",
            "send If-None-Match with the ETag you hold; an unchanged changelog is a 304",
        ],
        "entries": [e.model_dump(mode="json", exclude_none=True) for e in entries],
        "related_ax_surfaces": ["/api/v1/manifest", "/api/openapi.json", "/api/v1/guides"],
    }
    return Result(data=data, headers=CACHE)


def _stamp(day: dt.date) -> str:
    return f"{day.isoformat()}T00:00:00Z"


def atom(ctx: Context, entries: list[Any]) -> str:
    base, host = ctx.site.base_url, ctx.site.kingdom.host.split(":")[0]
    corpus = ctx.content.orientation.changelog
    updated = _stamp(max(e.date for e in corpus))
    lines = [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        f"  <id>tag:{host},{corpus[0].date.year}:changelog</id>",
        f"  <title>{escape(ctx.site.display_name)} changelog</title>",
        f"  <updated>{updated}</updated>",
        f"  <author><name>{escape(ctx.site.display_name)}</name><uri>{escape(ctx.site.contact)}</uri></author>",
        f'  <link rel="self" type="{ATOM}" href={quoteattr(base + PATH + "?format=atom")}/>',
        f'  <link rel="alternate" type="application/json" href={quoteattr(base + PATH)}/>',
        "  <rights>CC0-1.0</rights>",
    ]
    for e in entries:
        body = e.summary + (f" {e.detail}" if e.detail else "")
        page, narrowed = f"{base}{PAGE}#{e.id}", f"{base}{PATH}?id={e.id}"
        lines += [
            "  <entry>",
            f"    <id>tag:{host},{e.date.isoformat()}:changelog:{e.id}</id>",
            f"    <title>{escape(f'[{e.impact}] {e.kind}: {e.surface}')}</title>",
            f"    <updated>{_stamp(e.date)}</updated>",
            f"    <category term={quoteattr(e.kind)}/>",
            f"    <category term={quoteattr(e.impact)}/>",
            f'    <link rel="alternate" type="text/html" href={quoteattr(page)}/>',
            f'    <link rel="alternate" type="application/json" href={quoteattr(narrowed)}/>',
            *(f'    <link rel="related" href={quoteattr(base + url)}/>' for url in e.related_urls),
            f"    <summary>{escape(e.summary)}</summary>",
            f'    <content type="text">{escape(body)}</content>',
            "  </entry>",
        ]
    return "\n".join([*lines, "</feed>", ""])


def markdown(entries: list[Any]) -> str:
    lines = ["# Changelog", "", "Newest first. Earlier history than 2026-05-17 is not covered.", ""]
    for e in entries:
        lines.append(f"- **{e.date.isoformat()}** `{e.id}` {e.kind} ({e.impact}), `{e.surface}`: {e.summary}")
        if e.detail:
            lines.append(f"  {e.detail}")
    return "\n".join([*lines, ""])


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "orientation.changelog",
            PATH,
            "B",
            changelog,
            enumerate=lambda ctx: [{}],
            query_params=(
                Param("since", format="date", description="only entries newer than this date (YYYY-MM-DD)"),
                Param("kind", enum=KINDS, description="one change kind"),
                Param("impact", enum=IMPACTS, description="one impact"),
                Param("id", pattern=r"^cl-[0-9]{3,}$", description="only the entry with this id (cl-023)"),
                Param("format", enum=FORMATS, default="json", description="json, atom (a feed) or md"),
            ),
            media_variants=(ATOM, MARKDOWN),
            model=Changelog,
            freshness="changelog",
            provenance_kind="static",
            errors=(400,),
            summary="The contract's changelog: since, kind, impact and id filters; json, atom or md",
        ),
    )
