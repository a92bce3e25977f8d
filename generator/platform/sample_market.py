"""The sample's market: its auctions on a timeline the export's instant agrees with, and an open
bid/ask book that is never crossed (issue 39, item 5).

Auctions. An export is the platform's records at ``exported_at``, so each auction's state must be
what its dates say at that instant: a ``closed`` auction closed before it, a ``published`` one opened
before it (its bids too) and closes after it, and a ``draft``, ``submitted`` or ``approved`` one is
scheduled to open after it. The published ones run four weeks, so a build made in the weeks after
the export (its as-of is later) still finds them open; the pages say which state is the export's.

The book. Every copy of a card is worth something in each condition (``CONDITION_SHARE`` of a
near-mint copy's value). Sellers ask above that worth and buyers bid below it, each by their own
margin, asks rounded up and bids down to 50p. So no bid reaches an ask of the same or a better
condition: a buyer of an excellent copy is served by a near-mint one, so a near-mint ask under an
excellent bid would be crossed, and cannot happen here. A bid above a worse copy's ask is not
crossed (that buyer would not take it).
"""

from __future__ import annotations

import datetime as dt
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

At = Callable[[float], dt.datetime]
Tables = dict[str, list[dict[str, Any]]]  # table -> JSON-ready rows

CLOSED_RUN = dt.timedelta(days=7)
PUBLISHED_RUN = dt.timedelta(days=28)
# A near-mint copy's worth is 1; the others are worth this share of it (best condition first).
CONDITION_SHARE = {"near_mint": 1.0, "excellent": 0.8, "good": 0.6}
MARGIN = (0.04, 0.30)  # how far from the worth a seller asks above it or a buyer bids below it
TICK = 50  # prices are whole 50p


def auction_dates(n: int, state: str, _at: At) -> dict[str, dt.datetime]:
    """When the ``n``-th auction was created, opens and closes, for its ``state`` at the export."""
    if state == "closed":  # ran a week, weeks before the export
        opens = _at(40 - 3 * n)
        return {"created_at": opens - dt.timedelta(days=2), "opens_at": opens, "closes_at": opens + CLOSED_RUN}
    if state == "published":  # opened days before the export (every bid lands before it), closes weeks after
        opens = _at(n - 1)
        return {"created_at": opens - dt.timedelta(days=2), "opens_at": opens, "closes_at": opens + PUBLISHED_RUN}
    created = _at(12 - n)  # not yet published: made before the export, scheduled to open after it
    opens = created + dt.timedelta(days=7)
    return {"created_at": created, "opens_at": opens, "closes_at": opens + CLOSED_RUN}


def listings(
    skus: Sequence[str], seed: int, users: dict[str, str], traders: list[str], _at: At
) -> list[dict[str, Any]]:
    """Sixteen open orders, two on each of the first eight ``skus`` (cycling), priced around each
    card's worth. Drawn from a generator of their own, so the book can change without moving any
    other record of the sample."""
    rng = random.Random(f"{seed}:book")
    worth = {sku: rng.randrange(400, 15000, TICK) for sku in dict.fromkeys(skus)}  # a near-mint copy, pence
    orders = []
    for n in range(16):
        sku = skus[n % len(skus)]
        side = "bid" if n % 3 else "ask"
        condition = rng.choice(tuple(CONDITION_SHARE))
        orders.append(
            {
                "listing_id": f"lst_{rng.getrandbits(40):010x}",
                "user_id": users[traders[rng.randrange(len(traders))]],
                "sku": sku,
                "side": side,
                "price_minor": _price(worth[sku] * CONDITION_SHARE[condition], side, rng.uniform(*MARGIN)),
                "currency": "GBP",
                "quantity": rng.randrange(1, 4),
                "condition": condition,
                "created_at": _at(rng.uniform(1, 60)),
            }
        )
    return orders


def _price(worth: float, side: str, margin: float) -> int:
    if side == "ask":
        return TICK * math.ceil(worth * (1 + margin) / TICK)
    return TICK * math.floor(worth * (1 - margin) / TICK)  # a worth is at least £2.40: never 0
