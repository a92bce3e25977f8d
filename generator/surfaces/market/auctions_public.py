"""Auctions, public (spec section D): the enveloped ``/api/v1/auctions/{id}``, its math-mirror form
``/api/v1/universal/auctions/{id}`` and the calm-read page ``/auctions/{id}/read``.

They are gated on publication: the build writes them as files for published auctions only, and any
other id is a 404 for everyone. No bidder, winner or reserve is shown.
"""

from __future__ import annotations

from typing import Any

from generator.models.market import auctions as docs
from generator.models.pages.reader import ReaderPage
from generator.platform.auctions import public_fields, state_words
from generator.platform.book import pounds
from generator.platform.models import Auction
from generator.site import Site
from generator.surfaces.catalog.preamble import document, moment
from generator.surfaces.market.platform_access import SAMPLE_NOTE, platform_of
from generator.surfaces.pages.reader import item, moment_words, page
from generator.web.surface import Context, Params, Query, Result, Surface, error


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
    platform = platform_of(ctx)
    auction = platform.get("auctions", d["id"])

    def money(minor: int | None) -> str:
        return "none yet" if minor is None else pounds(minor)

    card = ctx.snapshot.printing(d["sku"])
    facts = [
        item(ctx, "Card", f"{card.name if card else d['sku']} ({d['sku']})", d["card"]),
        item(ctx, "State", state_words(auction, platform.info.exported_at, ctx.now)),
        item(ctx, "Opening price", money(d["start_minor"])),
        item(ctx, "Highest bid", f"{money(d['current_minor'])} after {d['bid_count']} bids"),
        item(ctx, "Reserve", {True: "met", False: "not met", None: "no bid yet"}[d["reserve_met"]]),
        item(ctx, "Opens", moment_words(d["opens_at"])),
        item(ctx, "Closes", moment_words(d["closes_at"])),
    ]
    if d["state"] == "closed":
        facts.append(item(ctx, "Result", f"sold for {money(d['hammer_minor'])}" if d["sold"] else "not sold"))
    if d["seller"]:
        facts.append(item(ctx, "Seller", d["seller"]["username"], f"/u/{d['seller']['username']}/trust"))
    if d["sample"]:
        facts.append(item(ctx, "Sample data", "A synthetic record of the sample export, not a real auction."))
    title = f"{card.name if card else d['sku']}: auction"  # the name first, marked with its language
    path = f"/auctions/{d['id']}/read"
    description = f"The auction {d['id']}, read calmly: prices in GBP, no bidder named."
    sections = [{"heading": "Auction", "items": facts}]
    named = (card.name, card.lang) if card else None
    return page(ctx, path, f"/api/v1/auctions/{d['id']}", title, description, sections, named=named)


def published_ids(ctx: Context) -> list[dict[str, str]]:
    """Every published auction (none in a context without an export, e.g. a family's unit tests)."""
    return [{"id": a.auction_id} for a in ctx.platform.published_auctions()] if ctx.platform else []


def example_id(ctx: Context) -> tuple[Params, Query]:
    ids = published_ids(ctx)
    return (ids[0] if ids else {"id": "auc_0000000000"}), {}


def surfaces(site: Site) -> tuple[Surface, ...]:
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
