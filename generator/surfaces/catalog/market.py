"""``/cards/{sku}/market``: a card's market as a page (spec section A; issue 17 item 7).

The open bid/ask book and the card's published auctions, from the platform's own records, beside
the catalog's name for the card; its JSON sibling is the card's evidence, which carries the same
book. Pages are written for the cards that have a book or an auction; the app renders any other
card on request (an empty market, said plainly). Labelled sample data where the export is.
"""

from __future__ import annotations

from typing import Any

from generator.models.pages.reader import ReaderPage
from generator.platform.book import offer_book, pounds
from generator.site import Site
from generator.surfaces.pages.reader import page
from generator.web.surface import Context, Params, Query, Result, Surface, error


def market_page(ctx: Context, params: Params, query: Query) -> Result:
    sku = params["sku"].lower()
    card = ctx.snapshot.printing(sku)
    if card is None:
        return error(404, "card_not_found", f"no printing {params['sku']!r} in the catalog")
    book = offer_book(ctx.platform, sku)

    def orders(side: str, heading: str) -> dict[str, Any]:
        rows = [
            [pounds(o["price_minor"]), str(o["quantity"]), o["condition"].replace("_", " "), o["listed_at"][:10]]
            for o in book[side]
        ]
        empty = [{"label": "None open", "text": "", "href": None}]
        return {
            "heading": heading,
            "columns": ("Price", "Quantity", "Condition", "Listed"),
            "rows": rows,
            "items": [] if rows else empty,
        }

    auctions = [a for a in ctx.platform.published_auctions() if a.sku == sku] if ctx.platform else []
    listed = [
        [
            {"label": a.auction_id, "href": f"/auctions/{a.auction_id}/read"},
            a.state,
            f"{a.opens_at:%Y-%m-%d}",
            f"{a.closes_at:%Y-%m-%d}",
        ]
        for a in auctions
    ]
    sections = [
        orders("asks", "Asks, cheapest first"),
        orders("bids", "Bids, highest first"),
        {
            "heading": "Auctions",
            "columns": ("Auction", "State", "Opens", "Closes"),
            "rows": listed,
            "items": [] if listed else [{"label": "None published", "text": "", "href": None}],
        },
        {
            "heading": "The card",
            "items": [
                {"label": f"{card.name} ({sku})", "text": "every fact the catalog holds", "href": f"/product/{sku}"}
            ],
        },
    ]
    notice = (
        "Sample data: these offers and auctions are synthetic records of the sample export, not real market activity."
        if book["sample"]
        else None
    )
    description = f"Open collector offers and auctions for {card.name} ({sku}), in GBP; who made them is never shown."
    return page(
        ctx,
        f"/cards/{sku}/market",
        f"/api/v1/cards/{sku}/evidence",
        f"{card.name}: market",
        description,
        sections,
        notice=notice,
    )


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
