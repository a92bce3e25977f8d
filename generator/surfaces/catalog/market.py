"""``/cards/{sku}/market``: a card's market as a page (spec section A; issue 17 item 7, issue 39 item 5).

The card's metadata (game, set, number, rarity, language, variant), the open bid/ask book and the
card's published auctions from the platform's own records, and what the spec's row says is paused
(reference-price history, completed-trade analytics), each linked to its status-only door. Its JSON
sibling is the card's evidence, which carries the same book. Pages are written for the cards that
have a book or an auction; the app renders any other card on request (an empty market, said
plainly). Labelled sample data where the export is; an auction's state is the export's, said so
when the build is later than its close (``state_words``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from generator.models.pages.reader import ReaderPage
from generator.platform.auctions import state_words
from generator.platform.book import offer_book, pounds
from generator.site import Site
from generator.surfaces.catalog.doors import PRICE_REASONS
from generator.surfaces.pages.card_facts import facts_of
from generator.surfaces.pages.languages import in_language
from generator.surfaces.pages.reader import day_words, item, page
from generator.web.surface import Context, Params, Query, Result, Surface, error

CONDITION_RULE = "A bid for a condition is met by a copy in that condition or better."


def market_page(ctx: Context, params: Params, query: Query) -> Result:
    sku = params["sku"].lower()
    card = ctx.snapshot.printing(sku)
    if card is None:
        return error(404, "card_not_found", f"no printing {params['sku']!r} in the catalog")
    book = offer_book(ctx.platform, sku)
    exported = ctx.platform.info.exported_at if ctx.platform else None
    facts = [("Card", in_language(card.name, card.lang, f"/product/{sku}")), ("SKU", sku), *facts_of(ctx, card)]
    sections = [
        {"heading": "The card", "columns": ("Fact", "Value"), "rows": facts, "items": []},
        _orders(book["asks"], "Asks, cheapest first"),
        _orders(book["bids"], "Bids, highest first", CONDITION_RULE),
        _auctions(ctx, sku),
        {"heading": "Paused", "items": _paused(ctx, sku)},
    ]
    notice = _notice(book["sample"], exported)
    description = f"{card.name} ({sku}): open collector offers and auctions, in GBP; who made them is never shown."
    return page(
        ctx,
        f"/cards/{sku}/market",
        f"/api/v1/cards/{sku}/evidence",
        f"{card.name}: market",
        description,
        sections,
        notice=notice,
        named=(card.name, card.lang),
    )


def _notice(sample: bool, exported: dt.datetime | None) -> str | None:
    if exported is None:
        return None
    if sample:
        return (
            f"Sample data: these offers and auctions are synthetic records of the sample export of "
            f"{day_words(exported)}, not real market activity."
        )
    return f"Offers and auctions as the platform's export of {day_words(exported)} holds them."


def _orders(orders: list[dict[str, Any]], heading: str, rule: str | None = None) -> dict[str, Any]:
    rows = [
        [pounds(o["price_minor"]), str(o["quantity"]), o["condition"].replace("_", " "), day_words(o["listed_at"])]
        for o in orders
    ]
    return {
        "heading": heading,
        "text": rule if rows else None,
        "columns": ("Price", "Copies", "Condition", "Listed"),
        "rows": rows,
        "items": [] if rows else [{"label": "None open", "text": "", "href": None}],
    }


def _auctions(ctx: Context, sku: str) -> dict[str, Any]:
    platform = ctx.platform
    auctions = [a for a in platform.published_auctions() if a.sku == sku] if platform else []
    rows = [
        [
            {"label": a.auction_id, "href": f"/auctions/{a.auction_id}/read"},
            state_words(a, platform.info.exported_at, ctx.now) if platform else a.state,
            f"{day_words(a.opens_at)} to {day_words(a.closes_at)}",
        ]
        for a in auctions
    ]
    return {
        "heading": "Auctions",
        "columns": ("Auction", "State", "Runs"),
        "rows": rows,
        "items": [] if rows else [{"label": "None published", "text": "", "href": None}],
    }


def _paused(ctx: Context, sku: str) -> list[dict[str, Any]]:
    """What the spec's row for this page says is paused, each linked to its status-only door."""
    return [
        item(ctx, "Reference-price history", f"Paused: {PRICE_REASONS[0]}.", f"/api/v1/cards/{sku}/history"),
        item(
            ctx,
            "Completed-trade analytics",
            "Paused until the rights of each field of a completed sale are recorded; none is published.",
            f"/api/v1/sold-comps/{sku}",
        ),
    ]


def with_a_market(ctx: Context) -> list[dict[str, str]]:
    if ctx.platform is None:
        return []
    skus = {x.sku for x in ctx.platform.rows("listings")} | {a.sku for a in ctx.platform.published_auctions()}
    return [{"sku": sku} for sku in sorted(skus) if ctx.snapshot.printing(sku) is not None]


def surfaces(site: Site) -> tuple[Surface, ...]:
    return (
        Surface(
            "cards.market",
            "/cards/{sku}/market",
            "A",
            market_page,
            enumerate=with_a_market,
            example=lambda ctx: ((with_a_market(ctx) or [{"sku": "op-op01-001-en"}])[0], {}),
            enveloped=False,
            media_type="text/html",
            template="page.html",
            model=ReaderPage,
            freshness="market_signal",
            provenance_kind="snapshot",
            errors=(404,),
            since="2026-11-25",
            summary="A card's open bid/ask book and auctions as a page (who offered is never shown)",
        ),
    )
