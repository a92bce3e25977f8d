"""``GET /api/v1/datasets`` (and ``?format=jsonld``) and its HTML sibling ``/datasets``.

The datasets catalog says what can be taken away, under which rights, in which form, covering which
dates. Entries are derived from what this build serves (a distribution is listed only when its
surface is registered), so the catalog cannot promise a file that 404s. The JSON-LD view is a
schema.org ``DataCatalog`` of ``Dataset``s with an inline ``@vocab`` context (no remote context to
fetch); status-only entries (sold comps, the bulk catalog, the agent ladder) are left out of it, as
the spec says, because nothing can be downloaded from them.
"""

from __future__ import annotations

from typing import Any

from generator.models.operations import sources as docs
from generator.models.pages.reader import DatasetsPage
from generator.site import Site
from generator.surfaces.discovery.orientation import surface_at
from generator.web.surface import Context, Param, Params, Query, Result, Surface

JSONLD = "application/ld+json"
CC0 = "https://creativecommons.org/publicdomain/zero/1.0/"
NOASSERTION = "NOASSERTION"


def _card_dates(ctx: Context) -> str | None:
    dates = sorted(
        s.release_date for g in ctx.snapshot.games() for s in ctx.snapshot.sets_of_game(g.game) if s.release_date
    )
    return f"{dates[0].isoformat()}/{dates[-1].isoformat()}" if dates else None


def _fx_dates(ctx: Context) -> str | None:
    dates = sorted({r.date for r in ctx.snapshot.fx_rates()})
    return f"{dates[0].isoformat()}/{dates[-1].isoformat()}" if dates else None


def entries(ctx: Context) -> list[dict[str, Any]]:
    games = ctx.snapshot.games()
    found: list[dict[str, Any]] = [
        {
            "id": "card-catalog",
            "name": "Card catalog (universal documents)",
            "description": f"{sum(g.printing_count for g in games):,} printings of {len(games)} games: identity, set, "
            "number, language, variant and attributes; prices and images withheld",
            "status": "available",
            "license": NOASSERTION,
            "distribution": [
                "/api/v1/universal/games",
                "/api/v1/universal/sets/{game}",
                "/api/v1/universal/set/{code}",
            ],
            "temporal_coverage": _card_dates(ctx),
            "sources": [s.source_id for s in ctx.snapshot.sources() if s.game != "fx"],
        },
        {
            "id": "fx-rates",
            "name": "FX reference rates, GBP base",
            "description": "USD, EUR, JPY, HKD and CHF per pound, exact ratios of the ECB series",
            "status": "available",
            "license": NOASSERTION,
            "distribution": ["/api/v1/fx-rates"],
            "temporal_coverage": _fx_dates(ctx),
            "sources": [s.source_id for s in ctx.snapshot.sources() if s.game == "fx"],
        },
        {
            "id": "contract",
            "name": "The API contract",
            "description": "Manifest, OpenAPI 3.1 description, tool catalog and changelog",
            "status": "available",
            "license": "CC0-1.0",
            "distribution": ["/api/v1/manifest", "/api/openapi.json", "/api/v1/tools", "/api/v1/changelog"],
            "temporal_coverage": None,
            "sources": [],
        },
        {
            "id": "play-rules",
            "name": "One Piece Card Game rules as data",
            "description": "Effect grammar, glossary, tutorial and the game-state schema of the practice module",
            "status": "available",
            "license": "CC0-1.0",
            "distribution": ["/api/v1/play/effect-grammar", "/api/v1/play/glossary", "/api/v1/play/game-state-schema"],
            "temporal_coverage": None,
            "sources": [],
        },
        {
            "id": "sold-comps",
            "name": "Completed sales",
            "description": "Paused until field-level rights are recorded; a policy document, no transactions",
            "status": "status-only",
            "license": NOASSERTION,
            "distribution": ["/api/v1/sold-comps"],
            "temporal_coverage": None,
            "sources": [],
        },
        {
            "id": "bulk-catalog",
            "name": "Bulk NDJSON catalog",
            "description": "Paused: answers 503 with a manifest and a footer line, zero rows",
            "status": "status-only",
            "license": NOASSERTION,
            "distribution": ["/data/catalog.jsonl"],
            "temporal_coverage": None,
            "sources": [],
        },
        {
            "id": "agent-ladder",
            "name": "Practice AI ladder results",
            "description": "Status only: the ladder's strength is measured in tests, not published as data",
            "status": "status-only",
            "license": "CC0-1.0",
            "distribution": ["/api/v1/play/meta"],
            "temporal_coverage": None,
            "sources": [],
        },
    ]
    for entry in found:
        entry["distribution"] = [
            p for p in entry["distribution"] if surface_at(ctx, p.replace("{", "x").replace("}", ""))
        ]
    return found


def jsonld(ctx: Context, found: list[dict[str, Any]]) -> dict[str, Any]:
    base = ctx.site.base_url
    return {
        "@context": {"@vocab": "https://schema.org/"},
        "@type": "DataCatalog",
        "@id": f"{base}/api/v1/datasets",
        "name": f"{ctx.site.display_name} datasets",
        "dataset": [
            {
                "@type": "Dataset",
                "@id": f"{base}/api/v1/datasets#{e['id']}",
                "name": e["name"],
                "description": e["description"],
                "license": CC0 if e["license"] == "CC0-1.0" else e["license"],
                **({"temporalCoverage": e["temporal_coverage"]} if e["temporal_coverage"] else {}),
                "distribution": [
                    {"@type": "DataDownload", "contentUrl": f"{base}{path}", "encodingFormat": "application/json"}
                    for path in e["distribution"]
                ],
            }
            for e in found
            if e["status"] != "status-only"
        ],
    }


def datasets(ctx: Context, params: Params, query: Query) -> Result:
    fmt = query.get("format", "json")
    found = entries(ctx)
    if fmt == "jsonld":
        return Result(data=jsonld(ctx, found), media_type=JSONLD, direct=True)
    return Result(
        data={"@kind": "datasets", "count": len(found), "datasets": found, "jsonld": "/api/v1/datasets?format=jsonld"}
    )


def datasets_page(ctx: Context, params: Params, query: Query) -> Result:
    found = entries(ctx)
    title, canonical = f"{ctx.site.display_name}: datasets", ctx.site.base_url + "/datasets"
    crumbs = [("datasets", None)]
    return Result(
        data={"title": title, "datasets": found, "json": "/api/v1/datasets", "canonical": canonical, "crumbs": crumbs}
    )


def surfaces(site: Site) -> tuple[Surface, ...]:
    once: dict[str, Any] = {"enumerate": lambda ctx: [{}], "provenance_kind": "static", "freshness": "catalog"}
    return (
        Surface(
            "datasets.catalog",
            "/api/v1/datasets",
            "B",
            datasets,
            query_params=(Param("format", enum=("json", "jsonld"), default="json", description="jsonld: schema.org"),),
            media_variants=(JSONLD,),
            model=docs.Datasets,
            variants=(docs.DataCatalog,),
            errors=(400,),
            summary="Dataset availability and rights; ?format=jsonld is a schema.org DataCatalog",
            **once,
        ),
        Surface(
            "datasets.page",
            "/datasets",
            "B",
            datasets_page,
            enveloped=False,
            media_type="text/html",
            template="datasets.html",
            model=DatasetsPage,
            summary="The datasets catalog as an HTML page",
            **once,
        ),
    )
