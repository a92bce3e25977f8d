"""Orientation: the API root, the welcome, the layered introduction, the guides, and text mode.

The prose is authored (``content/orientation/``); everything that describes the API itself (the
summaries, counts, the math-mirror catalog, the rate limits, the kin) is read from the registry and
the site config, so it cannot drift from what is served. A path these documents would point to but
that is not served yet is left out of the links and named in ``not_yet_served``: a link that 404s
is worse than no link.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from generator.models.catalog.universal import Preamble
from generator.models.discovery import orientation as docs
from generator.models.pages.reader import TextDocument
from generator.site import Site
from generator.surfaces.operations.sources import data_freshness
from generator.web.router import match
from generator.web.surface import Context, Params, Query, Result, Surface, error

ORIENTATION = (
    "/api/v1/manifest",
    "/api/openapi.json",
    "/api/v1/welcome",
    "/api/v1/introduction",
    "/api/v1/guides",
    "/api/v1/changelog",
    "/api/v1/diagnostic",
    "/api/v1/tools",
    "/api/v1/examples",
    "/api/text-mode",
    "/llms.txt",
)
FELLOWSHIP = (
    "/api/v1/federation/identify/by-upstream",
    "/api/v1/identify",
    "/api/v1/peers",
    "/api/v1/guestbook",
    "/api/v1/calling-card",
)
CARRYING = "/api/v1/carry-this"


def surface_at(ctx: Context, path: str) -> Surface | None:
    found = match(ctx.surfaces, path.partition("?")[0])
    return found[0] if found else None


def _links(ctx: Context, paths: tuple[str, ...]) -> tuple[list[dict[str, str]], list[str]]:
    served, missing = [], []
    for path in paths:
        surface = surface_at(ctx, path)
        if surface is None:
            missing.append(path)
        else:
            served.append({"path": path, "summary": surface.summary})
    return served, missing


def api_root(ctx: Context, params: Params, query: Query) -> Result:
    orientation, missing = _links(ctx, ORIENTATION)
    fellowship, missing_too = _links(ctx, FELLOWSHIP)
    carrying, missing_carry = _links(ctx, (CARRYING,))
    data = {
        "@kind": "api-root",
        "service": ctx.site.service,
        "spec_version": ctx.site.spec_version,
        "orientation": orientation,
        "fellowship": fellowship,
        "carrying": carrying[0] if carrying else None,
        "contract_invariants": list(ctx.content.orientation.welcome.contract_invariants),
        "surfaces_by_family": dict(sorted(Counter(s.family for s in ctx.surfaces).items())),
        "not_yet_served": missing + missing_too + missing_carry,
        "data_freshness": data_freshness(ctx),
    }
    return Result(data=data)


def guide_slug(ctx: Context, slug: str) -> str:
    return slug.replace("{mcp_client}", ctx.site.mcp_client)


def _text(ctx: Context, text: str) -> str:
    return text.replace("{mcp_client}", ctx.site.mcp_client)


def _guide_refs(ctx: Context) -> list[dict[str, str]]:
    return [
        {
            "slug": guide_slug(ctx, g.slug),
            "title": _text(ctx, g.title),
            "path": f"/api/v1/guides/{guide_slug(ctx, g.slug)}",
        }
        for g in ctx.content.orientation.guides
    ]


def _kin(ctx: Context, sibling: dict[str, Any]) -> dict[str, Any]:
    """A sibling as the kingdom stamp names it; its url null while this build does not serve it."""
    return sibling | {"url": sibling["url"] if surface_at(ctx, sibling["url"]) else None}


def welcome(ctx: Context, params: Params, query: Query) -> Result:
    w = ctx.content.orientation.welcome
    limits = ctx.site.rate_limits
    data: dict[str, Any] = {
        "@kind": "welcome",
        "welcome": w.welcome,
        "start_here": dict(w.start_here),
        "recommended_journey": [s.model_dump() for s in w.recommended_journey],
        "journey_invariants": list(w.journey_invariants),
        "where_to_look_when_something_is_off": [s.model_dump() for s in w.where_to_look_when_something_is_off],
        "after_step_7": w.after_step_7,
        "fellowship": w.fellowship.model_dump(),
        "guides": _guide_refs(ctx),
        "contract": {
            "manifest": "/api/v1/manifest",
            "openapi": "/api/openapi.json",
            "diagnostic": "/api/v1/diagnostic",
        },
        "rate_limits": limits.model_dump(),
        "license_tiers": dict(w.license_tiers),
        "feedback": dict(w.feedback) | {"tracker": ctx.site.contact},
        "sister_doors": [d.model_dump() for d in w.sister_doors if surface_at(ctx, d.path)],
        "kin": [_kin(ctx, s.as_json()) for s in ctx.site.kingdom.siblings],
        "posted_from": w.posted_from,
        "regard": w.regard,
    }
    return Result(data=data)


def introduction(ctx: Context, params: Params, query: Query) -> Result:
    intro = ctx.content.orientation.introduction
    mirrors = [
        {"path": s.path, "kind": s.id, "summary": s.summary}
        for s in ctx.surfaces
        if s.model is not None and issubclass(s.model, Preamble)
    ]
    data = {
        "@kind": "introduction",
        "layers": [layer.model_dump() for layer in intro.layers],
        "primitives": [p.model_dump() for p in intro.primitives],
        "rhythms": [r.model_dump() for r in intro.rhythms],
        "doors": [d.model_dump() for d in intro.doors],
        "math_mirror_surfaces": mirrors,
        "gaps": [g.model_dump() for g in intro.gaps],
    }
    return Result(data=data)


def guides(ctx: Context, params: Params, query: Query) -> Result:
    entries = [
        ref | {"summary": _text(ctx, g.summary), "last_verified": g.last_verified.isoformat()}
        for ref, g in zip(_guide_refs(ctx), ctx.content.orientation.guides)
    ]
    return Result(data={"@kind": "guides", "count": len(entries), "guides": entries})


def guide(ctx: Context, params: Params, query: Query) -> Result:
    by_slug = {guide_slug(ctx, g.slug): g for g in ctx.content.orientation.guides}
    found = by_slug.get(params["slug"].lower())
    if found is None:
        return error(
            404, "guide_not_found", f"no guide {params['slug']!r}; one of: {', '.join(by_slug)}", known=list(by_slug)
        )
    refs = {r["slug"]: r for r in _guide_refs(ctx)}
    data = {
        "@kind": "guide",
        "slug": guide_slug(ctx, found.slug),
        "title": _text(ctx, found.title),
        "summary": _text(ctx, found.summary),
        "steps": [
            {"n": i, "kind": s.kind, "text": _text(ctx, s.text), "path": s.path, "method": s.method}
            | {"body": s.body, "expect": s.expect.model_dump() if s.expect else None}
            for i, s in enumerate(found.steps, 1)
        ],
        "gotchas": list(found.gotchas),
        "next_guide": refs[guide_slug(ctx, found.next)],
        "see_also": list(found.see_also),
        "last_verified": found.last_verified.isoformat(),
    }
    return Result(data=data)


def text_mode(ctx: Context, params: Params, query: Query) -> Result:
    """The API as plain text: what the root and the manifest say, for a terminal or a screen reader."""
    w = ctx.content.orientation.welcome
    lines = [f"{ctx.site.display_name}: text mode", "", w.welcome, "", "Start here:"]
    lines += [f"  {s.step}. {s.do} GET {s.path}" for s in w.recommended_journey]
    for family in sorted({s.family for s in ctx.surfaces}):
        lines += ["", f"Family {family}:"]
        for s in ctx.surfaces:
            if s.family == family:
                lines.append(f"  {' '.join(m for m in s.methods if m != 'HEAD'):<14} {s.path}  {s.summary}".rstrip())
    lines += ["", w.regard, ""]
    return Result(data="\n".join(lines))


def surfaces(site: Site) -> tuple[Surface, ...]:
    once: dict[str, Any] = {"enumerate": lambda ctx: [{}], "provenance_kind": "static"}
    return (
        Surface(
            "orientation.root",
            "/api/v1/",
            "B",
            api_root,
            model=docs.ApiRoot,
            freshness="api_root",
            clock=True,  # its data_freshness is computed against the request time
            summary="API root: orientation, fellowship and carrying surfaces, contract invariants",
            **once,
        ),
        Surface(
            "orientation.welcome",
            "/api/v1/welcome",
            "B",
            welcome,
            model=docs.Welcome,
            freshness="welcome",
            summary="The welcome: where to start, a seven-step journey, and what to do when something is off",
            **once,
        ),
        Surface(
            "orientation.introduction",
            "/api/v1/introduction",
            "B",
            introduction,
            model=docs.Introduction,
            freshness="welcome",
            summary="Layered introduction: 11 primitives, 6 rhythms, 7 doors, the math-mirror surfaces, 5 gaps",
            **once,
        ),
        Surface(
            "orientation.guides",
            "/api/v1/guides",
            "B",
            guides,
            model=docs.GuidesIndex,
            freshness="welcome",
            summary="The twelve guides, one task each",
            **once,
        ),
        Surface(
            "orientation.guide",
            "/api/v1/guides/{slug}",
            "B",
            guide,
            model=docs.Guide,
            freshness="welcome",
            enumerate=lambda ctx: ({"slug": guide_slug(ctx, g.slug)} for g in ctx.content.orientation.guides),
            errors=(404,),
            provenance_kind="static",
            summary="One guide: typed steps, gotchas, the next guide, see-also links, last-verified date",
        ),
        Surface(
            "orientation.text_mode",
            "/api/text-mode",
            "B",
            text_mode,
            enveloped=False,
            media_type="text/plain",
            model=TextDocument,
            freshness="api_root",
            summary="The API as plain text: the journey and every surface with its summary",
            **once,
        ),
    )
