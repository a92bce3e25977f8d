"""Paused and blocked doors (spec "Service-level paused states", "Errors" 3-4): status-only answers.

Each door answers the same status-only document whatever the request holds, decided before the
request is read: no body, token, SKU or row is inspected (a SKU in the path is echoed only where
the spec asks, on sold-comps). A door whose body is the same for every SKU is one pattern the app
answers, not one file per SKU; the doors without a parameter are files (``/data/catalog.jsonl``
with status 503, the sold-comps policy).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.models.catalog import reference as docs
from generator.site import Site
from generator.surfaces.catalog.links import sample_printing
from generator.web.envelope import Provenance
from generator.web.surface import Context, Params, Query, Result, Surface

RIGHTS = "paused_pending_field_level_rights"
PRICE_REASONS = (
    "reference prices come from third-party sources whose field-level reuse rights are not recorded",
    "completed-sale publication is paused until each field's rights are recorded",
)
# Sold-comps data would be the platform's own internal-only ledger: it is named, never published.
INTERNAL = Provenance(sources=("platform-sold-comps-ledger",), tiers=("internal-only",))


def _door(door: str, reason: str, instead: tuple[str, ...], status: str = "paused") -> dict[str, Any]:
    return {
        "@kind": "paused_door",
        "door": door,
        "status": status,
        "records": 0,
        "publication_status": RIGHTS,
        "reason": reason,
        "decided_before_reading_the_request": True,
        "instead": list(instead),
    }


def paused(
    door: str, reason: str, *instead: str, extra: dict[str, Any] | None = None, status: str = "paused"
) -> Callable[..., Result]:
    def compute(ctx: Context, params: Params, query: Query) -> Result:
        return Result(status=503, data=_door(door, reason, instead, status) | (extra or {}))

    return compute


def sold_comps_policy(ctx: Context, params: Params, query: Query) -> Result:
    data = {
        "@kind": "sold_comps_policy",
        "status": "paused",
        "publication_status": RIGHTS,
        "reasons": list(PRICE_REASONS),
        "source_tier": "internal-only",
        "transactions": [],
        "per_sku": "/api/v1/sold-comps/{sku}",
    }
    return Result(data=data, provenance=INTERNAL)


def sold_comps(ctx: Context, params: Params, query: Query) -> Result:
    data = {
        "@kind": "sold_comps",
        "sku": params["sku"],
        "status": "paused",
        "reasons": list(PRICE_REASONS),
        "buckets": [],
    }
    return Result(data=data, provenance=INTERNAL)


def bulk_catalog(ctx: Context, params: Params, query: Query) -> Result:
    """HTTP 503 NDJSON: a manifest line, zero card rows, a footer line; no database read."""
    head = {
        "@kind": "catalog_manifest",
        "publication_status": RIGHTS,
        "license": "NOASSERTION",
        "records": 0,
        "format": "one JSON card per line between this line and the footer",
        "instead": "/api/v1/universal/games, then sets and cards, each a file",
    }
    foot = {"@kind": "catalog_footer", "records_written": 0, "complete": True}
    return Result(status=503, data=[head, foot])


def example_sku(ctx: Context) -> tuple[Params, Query]:
    """A real SKU of the build for the doors' example requests (the door answers alike for any)."""
    return {"sku": getattr(sample_printing(ctx), "sku", "none")}, {}


def example_set(ctx: Context) -> tuple[Params, Query]:
    found = sample_printing(ctx)
    return {"code": f"{found.game}-{found.set_code}" if found else "none"}, {}


def surfaces(site: Site) -> tuple[Surface, ...]:
    blocked = site.blocked_source
    door: dict[str, Any] = {"errors": (503,), "paused": True, "provenance_kind": "static", "freshness": "status"}
    per_sku: dict[str, Any] = {**door, "example": example_sku}
    return (
        Surface(
            "doors.card_history",
            "/api/v1/cards/{sku}/history",
            "A",
            paused(
                "/api/v1/cards/{sku}/history",
                "price history publication is paused: " + PRICE_REASONS[0],
                "/api/v1/universal/card/{sku}",
            ),
            model=docs.PausedDoor,
            summary="PAUSED: a card's price history (status only)",
            **per_sku,
        ),
        Surface(
            "doors.blocked_history",
            f"/api/v1/cards/{{sku}}/{blocked}-history",
            "A",
            paused(
                f"/api/v1/cards/{{sku}}/{blocked}-history",
                f"{blocked} is a blocked upstream: its rights are "
                "not recorded, so nothing from it is acquired or published",
                "/api/v1/sources",
                status="blocked",
            ),
            model=docs.PausedDoor,
            summary=f"BLOCKED: {blocked} history (status only, no data)",
            **per_sku,
        ),
        Surface(
            "doors.set_checklist",
            "/api/v1/sets/{code}/checklist",
            "A",
            paused(
                "/api/v1/sets/{code}/checklist",
                "checklist publication is paused: " + PRICE_REASONS[0],
                "/api/v1/universal/set/{code}",
            ),
            model=docs.PausedDoor,
            summary="PAUSED: a set checklist (status only)",
            **door,
            example=example_set,
        ),
        Surface(
            "doors.bulk_catalog",
            "/data/catalog.jsonl",
            "A",
            bulk_catalog,
            enumerate=lambda ctx: [{}],
            model=docs.CatalogLines,
            enveloped=False,
            media_type="application/x-ndjson",
            summary="PAUSED: the bulk catalog (NDJSON manifest and footer, zero rows)",
            **door,
        ),
        Surface(
            "doors.sold_comps_policy",
            "/api/v1/sold-comps",
            "A",
            sold_comps_policy,
            enumerate=lambda ctx: [{}],
            model=docs.SoldCompsPolicy,
            freshness="status",
            provenance_kind="static",
            summary="PAUSED policy document for sold comps (no transaction data)",
        ),
        Surface(
            "doors.sold_comps",
            "/api/v1/sold-comps/{sku}",
            "A",
            sold_comps,
            model=docs.SoldComps,
            freshness="status",
            provenance_kind="static",
            example=example_sku,
            summary="PAUSED: one SKU's sold comps (the pause reasons, no buckets)",
        ),
    )
