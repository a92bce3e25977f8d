"""Federation: reverse resolution of a content hash to a SKU (not enveloped, per the spec).

The resolver looks the hash up in the build's content-hash index (every printing). A well-formed
hash always gets 200: ``matched: false`` with the ``scope`` that was searched when it does not
resolve; only a malformed hash is a 400.
"""

from __future__ import annotations

import datetime as dt

from generator.hashing import parse_hash
from generator.models.catalog.universal import ByUpstream, FederationIdentifyResponse
from generator.site import Site
from generator.surfaces.catalog.links import card_url, sample_hash
from generator.surfaces.catalog.preamble import moment
from generator.surfaces.catalog.universal import DATE
from generator.web.envelope import cache_control
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

WALK_BOUND = 5000
HASH = Param(
    "hash",
    pattern=r"^([sS][hH][aA]256:)?[0-9a-fA-F]{64}$",
    description="64 hex digits (any case), optionally sha256:-prefixed",
)


def _identify(ctx: Context, raw_hash: str, date: dt.date | None = None) -> Result:
    digest = parse_hash(raw_hash)
    assert digest is not None, "the path parameter's declared pattern admits only a hash"
    sku = ctx.snapshot.sku_for_hash(digest)
    doc = {
        "@encoding": ctx.snapshot.encoding,
        "@kind": "federation_identify_response",
        "@retrieved_at": moment(ctx.now),
        "query": {"hash": digest} | ({"date": date.isoformat()} if date else {}),
        "matched": sku is not None,
    }
    if sku is not None:
        doc |= {"sku": sku, "universal_url": card_url(sku)}
    else:
        doc["scope"] = {
            "searched": "content-hash index of every printing in this build",
            "printings_indexed": ctx.snapshot.printing_count(),
            "walk_bound_rows": WALK_BOUND,
            "games": [g.game for g in ctx.snapshot.games()],
            "hash_contract": "/api/v1/universal/encoding",
        }
        doc["suggestion"] = (
            "recompute the hash over the identity fields listed by /api/v1/universal/encoding; "
            "hashes from the retired price-dependent scheme are unsupported"
        )
    if date is not None:
        doc["note"] = "the date does not affect the hash or reconstruct history"
    if sku is None:  # the next build may know this hash: cached briefly, never for a week
        return Result(data=doc, headers={"Cache-Control": cache_control(ctx.site.freshness["status"])})
    return Result(data=doc)


def identify(ctx: Context, params: Params, query: Query) -> Result:
    return _identify(ctx, params["hash"])


def identify_at(ctx: Context, params: Params, query: Query) -> Result:
    return _identify(ctx, params["hash"], dt.date.fromisoformat(params["date"]))


def by_upstream(ctx: Context, params: Params, query: Query) -> Result:
    """Reserved contract: which upstreams a reverse lookup by upstream id will cover, and which are blocked."""
    blocked = ctx.site.blocked_source
    upstreams: list[dict[str, str | None]] = [
        {"id": s.source_id, "game": s.game, "status": "reserved"} for s in ctx.snapshot.sources() if s.game != "fx"
    ]
    upstreams.append({"id": blocked, "game": None, "status": "blocked"})
    asked = query.get("upstream")
    contract = {
        "@kind": "federation_by_upstream",
        "status": "reserved",
        "accepted_query": {"upstream": "a source id", "id": "that upstream's own record id"},
        "upstreams": upstreams,
        "note": "reverse lookup by upstream id is a reserved contract: no lookups are answered yet",
    }
    if asked is None:
        return Result(data=contract)
    entry = next((u for u in upstreams if u["id"] == asked), None)
    if entry is None:
        return error(
            404, "upstream_not_found", f"{asked!r} is not a registered upstream", known_ids=[u["id"] for u in upstreams]
        )
    reason = (
        f"{asked} is a blocked upstream: its rights are not recorded, so nothing from it is acquired or published"
        if entry["status"] == "blocked"
        else contract["note"]
    )
    return Result(
        data={**contract, "status": entry["status"], "upstream": asked, "id": query.get("id"), "reason": reason}
    )


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "federation.identify",
            "/api/v1/federation/identify/{hash}",
            "A",
            identify,
            enveloped=False,
            freshness="identity",
            model=FederationIdentifyResponse,
            errors=(400,),
            provenance_kind="computed",
            path_params=(HASH,),
            example=lambda ctx: ({"hash": sample_hash(ctx)}, {}),
            summary="Resolve a universal content hash to its SKU",
        ),
        Surface(
            "federation.identify_at",
            "/api/v1/federation/at/{date}/{hash}",
            "A",
            identify_at,
            enveloped=False,
            freshness="identity",
            model=FederationIdentifyResponse,
            errors=(400,),
            provenance_kind="computed",
            path_params=(DATE, HASH),
            example=lambda ctx: ({"date": "2026-01-01", "hash": sample_hash(ctx)}, {}),
            summary="The same resolver keyed by a date (compatibility)",
        ),
        Surface(
            "federation.by_upstream",
            "/api/v1/federation/identify/by-upstream",
            "A",
            by_upstream,
            enumerate=lambda ctx: [{}],
            query_params=(
                Param("upstream", description="a registered source id"),
                Param("id", description="that upstream's own record id"),
            ),
            freshness="identity",
            model=ByUpstream,
            errors=(404,),
            summary="Reserved reverse-lookup contract by upstream id",
        ),
    )
