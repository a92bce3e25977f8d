"""Auctions, role-scoped (spec section D): ``/api/auctions``, ``/api/auctions/{id}`` and
``/api/auctions/{id}/bids``.

They depend on who asks (``Authorization: Bearer <key>``, checked against the export's hashed keys),
so the app computes them per request and nobody caches them (``generator.surfaces.market.platform_access``).
Without a key they are the public projection. The public forms are in ``auctions_public``.
"""

from __future__ import annotations

from typing import Any

from generator.models.market import auctions as docs
from generator.platform.auctions import Role, bid_view, projection, role_of, visible
from generator.platform.models import Auction, RoleKey
from generator.site import Site
from generator.surfaces.market.auctions_public import example_id
from generator.surfaces.market.platform_access import SAMPLE_NOTE, caller, platform_of, private
from generator.web.surface import Context, Params, Query, Result, Surface, error

NOT_FOUND = "no auction {!r} is visible to you"


def _auction(ctx: Context, auction_id: str) -> tuple[Auction, Role, RoleKey | None] | Result:
    """The auction as the caller may see it, with their role and key; else the 401 or 404."""
    key, refused = caller(ctx)
    if refused:
        return refused
    auction = platform_of(ctx).get("auctions", auction_id)
    role = role_of(auction, key) if auction is not None else "public"
    if auction is None or not visible(auction, role):
        return private(error(404, "auction_not_found", NOT_FOUND.format(auction_id)))
    return auction, role, key


def auctions(ctx: Context, params: Params, query: Query) -> Result:
    key, refused = caller(ctx)
    if refused:
        return refused
    platform = platform_of(ctx)
    shown = []
    for auction in platform.rows("auctions"):
        role = role_of(auction, key)
        if visible(auction, role):
            shown.append(projection(platform, auction, role, ctx.now))
    viewer = "public" if key is None else key.role
    return private(Result(data={"@kind": "auctions", "role": viewer, "count": len(shown), "auctions": shown}))


def auction(ctx: Context, params: Params, query: Query) -> Result:
    found = _auction(ctx, params["id"])
    if isinstance(found, Result):
        return found
    item, role, _ = found
    return private(Result(data=projection(platform_of(ctx), item, role, ctx.now)))


def bids(ctx: Context, params: Params, query: Query) -> Result:
    found = _auction(ctx, params["id"])
    if isinstance(found, Result):
        return found
    item, role, key = found
    shown = [bid_view(b, role, key) for b in platform_of(ctx).bids_of(item.auction_id)]
    data = {"@kind": "auction_bids", "auction": f"/api/auctions/{item.auction_id}", "role": role}
    return private(Result(data=data | {"currency": "GBP", "count": len(shown), "bids": shown}))


def surfaces(site: Site) -> tuple[Surface, ...]:
    role_scoped: dict[str, Any] = dict(
        family="D",
        errors=(401, 404),
        freshness="uncached",
        provenance_kind="computed",
        clock=True,
        does_not_include=(SAMPLE_NOTE, "bidder and winner identities (admin role only)"),
        stability="beta",
        since="2026-11-25",
    )
    return (
        Surface(
            "auctions.list",
            "/api/auctions",
            compute=auctions,
            model=docs.Auctions,
            example=lambda ctx: ({}, {}),
            summary="Auctions the caller may see: published ones, plus a seller's own drafts; admins see all",
            **role_scoped,
        ),
        Surface(
            "auctions.detail",
            "/api/auctions/{id}",
            compute=auction,
            model=docs.AuctionView,
            example=example_id,
            summary="One auction projected for the caller's role (public, seller, winner, admin)",
            **role_scoped,
        ),
        Surface(
            "auctions.bids",
            "/api/auctions/{id}/bids",
            compute=bids,
            model=docs.Bids,
            example=example_id,
            summary="An auction's bid events: price, status and time (bidders: admin only)",
            **role_scoped,
        ),
    )
