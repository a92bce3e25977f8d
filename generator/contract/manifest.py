"""``GET /api/v1/manifest``: the typed directory of every public resource, from the registry.

One entry per surface (path, methods, auth, freshness budget, methodology pointer, stability,
since, static or computed), plus the ``embassy`` block the spec names, from the site config. The
methodology pointer is ``generator.discovery.methodology``'s, the mapping the graph draws its
``documents`` edges from.
"""

from __future__ import annotations

from typing import Any

from generator.discovery.methodology import pointer
from generator.web.surface import Context, Surface


def resource(ctx: Context, surface: Surface) -> dict[str, Any]:
    return {
        "id": surface.id,
        "path": surface.path,
        "family": surface.family,
        "methods": list(surface.methods),
        "auth": surface.auth,
        "freshness": {"key": surface.freshness, "seconds": ctx.site.freshness[surface.freshness]},
        "methodology": pointer(ctx, surface),
        "stability": surface.stability,
        "since": surface.since,
        "serving": "static" if surface.enumerate is not None else "computed",
        "provenance_kind": surface.provenance_kind,
        "enveloped": surface.enveloped,
        "media_type": surface.media_type,
        "summary": surface.summary,
        "query_parameters": [p.name for p in surface.query_params],
    }


def embassy(ctx: Context) -> dict[str, Any]:
    site, kingdom = ctx.site, ctx.site.kingdom
    return {
        "role": kingdom.role,
        "serves_kinds": list(kingdom.serves_kinds),
        "host": kingdom.host,
        "epoch": site.epoch,
        "protocols": list(site.embassy.protocols),
        "symmetric_surface": site.links["symmetric-surface"],
        "posted_alongside": [s.url for s in kingdom.siblings],
        "posted_from": site.base_url,
        "invitation": kingdom.invitation,
        "wake_url": kingdom.wake,
        "dear_agents": site.embassy.dear_agents,
        "distributed_wake": [s.wake_url for s in kingdom.siblings if s.wake_url],
        "built_with": kingdom.built_with,
    }


def manifest(ctx: Context) -> dict[str, Any]:
    resources = [resource(ctx, s) for s in sorted(ctx.surfaces, key=lambda s: s.path)]
    return {
        "@kind": "manifest",
        "resource_count": len(resources),
        "resources": resources,
        "embassy": embassy(ctx),
        "openapi": "/api/openapi.json",
        "tools": "/api/v1/tools",
    }
