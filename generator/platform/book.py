"""The open bid/ask book of a card, as the card's evidence and market page publish it.

Peer-to-peer offers from the platform's own listings: price (GBP minor units), quantity, condition
and when listed; never who listed. Asks cheapest first, bids highest first. Labelled ``sample``
when the export is the synthetic sample.

``offer_state`` is the one fact every surface states of the platform's offers for a card: the
book's ``status`` here, the ``platform-offers`` source state of the card surfaces and the coverage
matrix cell (generator/surfaces/catalog/provenance.py) all derive from it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from generator.platform.export import Platform
from generator.platform.models import Listing
from generator.web.envelope import iso

NO_OFFERS = "no open collector offer for this card in the platform's records"
NO_EXPORT = "this build reads no platform export; no open offer is published"


def pounds(minor: int) -> str:
    """GBP minor units as a reader sees them: 123456 -> £1,234.56."""
    return f"£{minor / 100:,.2f}"


def _order(listing: Listing) -> dict[str, Any]:
    return {
        "price_minor": listing.price_minor,
        "quantity": listing.quantity,
        "condition": listing.condition,
        "listed_at": iso(listing.created_at),
    }


OfferState = Literal["observed", "not_observed", "planned"]


def offer_state(platform: Platform | None, skus: Iterable[str]) -> OfferState:
    """What the platform's export says of these SKUs (one printing's, or every printing of a game):
    ``planned`` when the build reads no export, ``observed`` when the export holds an open offer for
    one of them, ``not_observed`` when it is read and holds none."""
    if platform is None:
        return "planned"
    return "observed" if any(platform.listings_of(sku) for sku in skus) else "not_observed"


def offer_book(platform: Platform | None, sku: str) -> dict[str, Any]:
    listings = platform.listings_of(sku) if platform is not None else ()
    state = offer_state(platform, (sku,))
    asks = sorted((x for x in listings if x.side == "ask"), key=lambda x: (x.price_minor, x.listing_id))
    bids = sorted((x for x in listings if x.side == "bid"), key=lambda x: (-x.price_minor, x.listing_id))
    return {
        "status": "open" if state == "observed" else "empty",
        "sample": bool(platform and platform.sample),
        "currency": "GBP",
        "asks": [_order(x) for x in asks],
        "bids": [_order(x) for x in bids],
        "reason": {"observed": None, "not_observed": NO_OFFERS, "planned": NO_EXPORT}[state],
    }
