"""Trust components and bridge metrics, computed from the export (docs/platform-export.md).

Both read only what the platform may say of a person in public: their own closed auctions and
settlements (trust, which they chose to publish), and the auctions they sell in public (bridge).
Bids and book orders are never attributed to anyone in public; only counts of the person's own
open listings enter trust.
"""

from __future__ import annotations

import datetime as dt
import statistics
from typing import Any

from generator.platform.export import Platform
from generator.platform.models import Auction, User

SETTLED = "paid"


def ratio(numerator: int, denominator: int) -> dict[str, Any]:
    value = round(numerator / denominator, 4) if denominator else None
    return {"numerator": numerator, "denominator": denominator, "value": value}


def _days(later: dt.datetime, earlier: dt.datetime) -> int:
    return max(0, (later - earlier).days)


def trust_components(platform: Platform, user: User, now: dt.datetime) -> dict[str, Any]:
    """tenure; completed sales and purchases (closed, won, paid); those awaiting payment;
    disputes on either side and those resolved against the person; the settlement ratio;
    open listings; auctions published as seller."""
    uid = user.user_id
    closed = [a for a in platform.rows("auctions") if a.state == "closed" and a.winner_id is not None]
    sales = [a for a in closed if a.seller_id == uid]
    purchases = [a for a in closed if a.winner_id == uid]
    completed_sales = sum(1 for a in sales if a.payment_status == SETTLED)
    completed_purchases = sum(1 for a in purchases if a.payment_status == SETTLED)
    awaiting = sum(1 for a in sales + purchases if a.payment_status == "due")
    disputed = [a for a in sales + purchases if a.dispute != "none"]
    lost = sum(
        1
        for a in disputed
        if (a.seller_id == uid and a.dispute == "resolved_for_buyer")
        or (a.winner_id == uid and a.dispute == "resolved_for_seller")
    )
    completed = completed_sales + completed_purchases
    return {
        "tenure_days": _days(now, user.joined_at),
        "sales_completed": completed_sales,
        "purchases_completed": completed_purchases,
        "awaiting_settlement": awaiting,
        "disputes": len(disputed),
        "disputes_lost": lost,
        "settlement": ratio(completed, completed + awaiting),
        "open_listings": sum(1 for x in platform.rows("listings") if x.user_id == uid),
        "auctions_published": sum(1 for a in platform.published_auctions() if a.seller_id == uid),
    }


def in_target(auction: Auction, skus: frozenset[str]) -> bool:
    return auction.sku in skus


def bridge_metrics(platform: Platform, user: User, skus: frozenset[str], now: dt.datetime) -> dict[str, Any]:
    """Eleven metrics between a person (as a public seller) and a target set of printings."""
    public = platform.published_auctions()
    mine = [a for a in public if a.seller_id == user.user_id]
    here = [a for a in mine if a.sku in skus]
    everyone_here = [a for a in public if a.sku in skus]
    sold = [a for a in here if a.state == "closed" and a.hammer_minor is not None]
    closed = [a for a in here if a.state == "closed"]
    hammers = [a.hammer_minor for a in sold if a.hammer_minor is not None]
    last = max((a.opens_at for a in here), default=None)
    return {
        "target_printings": len(skus),
        "auctions_published": len(here),
        "auctions_sold": len(sold),
        "distinct_cards_auctioned": len({a.sku for a in here}),
        "coverage": ratio(len({a.sku for a in here}), len(skus)),
        "share_of_user": ratio(len(here), len(mine)),
        "share_of_target": ratio(len(here), len(everyone_here)),
        "completion": ratio(len(sold), len(closed)),
        "hammer_total_minor": sum(hammers),
        "median_hammer_minor": int(statistics.median(hammers)) if hammers else None,
        "days_since_last_auction": _days(now, last) if last else None,
    }


def bridge_score(metrics: dict[str, Any]) -> float:
    """The mean of share_of_user, share_of_target and completion (each 0..1; an undefined ratio
    counts 0): how much of the person's selling is here, how much of the selling here is theirs,
    and how often it ends in a sale. 0 when they have never auctioned in the target."""
    parts = [metrics[name]["value"] or 0.0 for name in ("share_of_user", "share_of_target", "completion")]
    return round(sum(parts) / len(parts), 4)
