"""Auctions (spec section D): role-scoped ``/api/auctions*`` and the public ``/api/v1`` forms.

``/api/auctions``, ``/api/auctions/{id}`` and ``/api/auctions/{id}/bids`` depend on who asks
(``Authorization: Bearer <key>``, checked against the export's hashed keys), so the app computes
them per request and nobody caches them (``Cache-Control: private, no-store``, ``Vary:
Authorization``). Without a key they are the public projection; with a key that is not known they
answer 401 rather than quietly showing less. The enveloped ``/api/v1/auctions/{id}``, its
math-mirror form and the calm-read page are public and gated on publication: the build writes
them as files for published auctions only, and any other id is a 404 for everyone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from generator.models import market_documents as docs
from generator.models.page_documents import ReaderPage
from generator.platform.auctions import Role, bid_view, projection, public_fields, role_of, visible
from generator.platform.book import pounds
from generator.platform.export import Platform
from generator.platform.models import Auction, RoleKey
from generator.site import Site
from generator.surfaces.preamble import document, moment
from generator.surfaces.reader import item, page
from generator.web.surface import Context, Params, Query, Result, Surface, error

PRIVATE = {"Cache-Control": "private, no-store", "Vary": "Authorization"}
SAMPLE_NOTE = "real market activity: the records shown are the synthetic sample export (sample: true)"
NOT_FOUND = "no auction {!r} is visible to you"


def platform_of(ctx: Context) -> Platform:
    if ctx.platform is None:
        raise RuntimeError("this surface reads the platform export: Context.platform is not set")
    return ctx.platform


def caller(ctx: Context) -> tuple[RoleKey | None, Result | None]:
    """The role key the request presents: none (public), a known key, or a 401."""
    header = ctx.request.headers.get("authorization", "") if ctx.request else ""
    if not header:
        return None, None
    scheme, _, token = header.partition(" ")
    key = platform_of(ctx).key_holder(token.strip()) if scheme.lower() == "bearer" and token.strip() else None
    if key is None:
        refused = error(
            401, "invalid_key", "the bearer key is not known; send no Authorization header to read as public"
        )
        return None, Result(
            status=401, error=refused.error, headers=PRIVATE | {"WWW-Authenticate": 'Bearer error="invalid_token"'}
        )
    return key, None


def private(result: Result) -> Result:
    """``result`` that no shared cache may keep, and that varies by the caller's key."""
    return replace(result, headers={**PRIVATE, **(result.headers or {})})


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


def published(ctx: Context, auction_id: str) -> Auction | None:
    found = platform_of(ctx).get("auctions", auction_id)
    return found if found is not None and found.published else None


def public_auction(ctx: Context, params: Params, query: Query) -> Result:
    found = published(ctx, params["id"])
    if found is None:
        return error(404, "auction_not_found", f"no published auction {params['id']!r}")
    return Result(data=public_fields(platform_of(ctx), found, ctx.now))


def _amount(minor: int | None) -> dict[str, Any] | None:
    return None if minor is None else {"numerator": minor, "denominator": 100, "currency": "GBP"}


def universal_auction(ctx: Context, params: Params, query: Query) -> Result:
    found = published(ctx, params["id"])
    if found is None:
        return error(404, "auction_not_found", f"no published auction {params['id']!r}")
    p = public_fields(platform_of(ctx), found, ctx.now)
    members = {
        "id": found.auction_id,
        "of_card": {"@id": p["card"], "rel": "of_card"},
        "state": found.state,
        "start": _amount(found.start_minor),
        "current": _amount(p["current_minor"]),
        "hammer": _amount(p["hammer_minor"]),
        "bid_count": p["bid_count"],
        "reserve_met": p["reserve_met"],
        "opens": moment(found.opens_at),
        "closes": moment(found.closes_at),
        "published": moment(found.published_at) if found.published_at else None,
        "sample": found.sample,
    }
    return Result(data=document(ctx.site.encoding, "auction", members, ctx.now))


def read_page(ctx: Context, params: Params, query: Query) -> Result:
    """The calm-read mirror: the public projection as a page, nothing that moves."""
    found = public_auction(ctx, params, query)
    if found.error is not None:
        return found
    d = found.data

    def money(minor: int | None) -> str:
        return "none yet" if minor is None else pounds(minor)

    card = ctx.snapshot.printing(d["sku"])
    facts = [
        item(ctx, "Card", f"{card.name if card else d['sku']} ({d['sku']})", d["card"]),
        item(ctx, "State", d["state"]),
        item(ctx, "Opening price", money(d["start_minor"])),
        item(ctx, "Highest bid", f"{money(d['current_minor'])} after {d['bid_count']} bids"),
        item(ctx, "Reserve", {True: "met", False: "not met", None: "no bid yet"}[d["reserve_met"]]),
        item(ctx, "Opens", d["opens_at"]),
        item(ctx, "Closes", d["closes_at"]),
    ]
    if d["state"] == "closed":
        facts.append(item(ctx, "Result", f"sold for {money(d['hammer_minor'])}" if d["sold"] else "not sold"))
    if d["seller"]:
        facts.append(item(ctx, "Seller", d["seller"]["username"], f"/u/{d['seller']['username']}/trust"))
    if d["sample"]:
        facts.append(item(ctx, "Sample data", "A synthetic record of the sample export, not a real auction."))
    title = f"auction of {card.name if card else d['sku']}"
    path = f"/auctions/{d['id']}/read"
    description = f"The auction {d['id']}, read calmly: prices in GBP, no bidder named."
    return page(ctx, path, f"/api/v1/auctions/{d['id']}", title, description, [{"heading": "Auction", "items": facts}])


def published_ids(ctx: Context) -> list[dict[str, str]]:
    """Every published auction (none in a context without an export, e.g. a family's unit tests)."""
    return [{"id": a.auction_id} for a in ctx.platform.published_auctions()] if ctx.platform else []


def example_id(ctx: Context) -> tuple[Params, Query]:
    ids = published_ids(ctx)
    return (ids[0] if ids else {"id": "auc_0000000000"}), {}


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
    public: dict[str, Any] = dict(
        family="D",
        enumerate=published_ids,
        errors=(404,),
        freshness="market_signal",
        provenance_kind="snapshot",
        example=example_id,
        does_not_include=(SAMPLE_NOTE, "bidder and winner identities", "the reserve price"),
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
        Surface(
            "auctions.public",
            "/api/v1/auctions/{id}",
            compute=public_auction,
            model=docs.AuctionPublic,
            summary="A published auction, enveloped, public; anything unpublished is a 404",
            **public,
        ),
        Surface(
            "auctions.universal",
            "/api/v1/universal/auctions/{id}",
            compute=universal_auction,
            model=docs.UniversalAuction,
            summary="A published auction as a math-mirror document (no bidder or winner)",
            **public,
        ),
        Surface(
            "auctions.read",
            "/auctions/{id}/read",
            compute=read_page,
            enveloped=False,
            media_type="text/html",
            template="page.html",
            model=ReaderPage,
            summary="A published auction as a calm-read page",
            **public,
        ),
    )
