"""Auctions and bids as each role may see them (spec "Authentication" 5, section D).

Roles, per auction: ``admin`` (an admin key: every row and field), ``seller`` (the key of the
auction's seller), ``winner`` (the key of its winner), else ``public``. Everyone sees the public
fields of a published auction; the seller and the winner each add only their own operational
fields; an unpublished auction (draft, submitted, approved) exists only for its seller and admins.
Bidder and winner identities are never public; the seller is named only when their profile is
public (a current publication receipt, no suspension), as on the trust routes.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Literal

from generator.platform.export import Platform
from generator.platform.models import Auction, Bid, RoleKey
from generator.web.envelope import iso

Role = Literal["public", "seller", "winner", "admin"]
LIVE_BIDS = ("accepted", "outbid", "winning", "won")


def role_of(auction: Auction, key: RoleKey | None) -> Role:
    if key is None:
        return "public"
    if key.role == "admin":
        return "admin"
    if key.user_id == auction.seller_id:
        return "seller"
    if auction.winner_id is not None and key.user_id == auction.winner_id:
        return "winner"
    return "public"


def visible(auction: Auction, role: Role) -> bool:
    return auction.published or role in ("seller", "admin")


def public_fields(platform: Platform, auction: Auction, now: dt.datetime) -> dict[str, Any]:
    """What anyone may read of a published auction (and what its seller reads of a draft)."""
    bids = [b for b in platform.bids_of(auction.auction_id) if b.status in LIVE_BIDS]
    current = max((b.amount_minor for b in bids), default=None)
    reserve_met = None if auction.reserve_minor is None or current is None else current >= auction.reserve_minor
    seller = platform.get("users", auction.seller_id)
    named = seller is not None and platform.public_profile(seller.username, now) is not None
    sold = auction.state == "closed" and auction.hammer_minor is not None
    return {
        "@kind": "auction",
        "id": auction.auction_id,
        "sku": auction.sku,
        "card": f"/api/v1/universal/card/{auction.sku}",
        "state": auction.state,
        "currency": auction.currency,
        "start_minor": auction.start_minor,
        "current_minor": current,
        "bid_count": len(bids),
        "reserve_met": reserve_met,
        "sold": sold if auction.state == "closed" else None,
        "hammer_minor": auction.hammer_minor if sold else None,
        "opens_at": iso(auction.opens_at),
        "closes_at": iso(auction.closes_at),
        "published_at": iso(auction.published_at) if auction.published_at else None,
        "seller": {"username": seller.username, "trust": f"/api/v1/users/{seller.username}/trust"} if named else None,
        "bids": f"/api/auctions/{auction.auction_id}/bids",
        "sample": auction.sample,
    }


def projection(platform: Platform, auction: Auction, role: Role, now: dt.datetime) -> dict[str, Any]:
    doc = public_fields(platform, auction, now) | {"role": role}
    if role in ("seller", "admin"):
        doc["seller_fields"] = {
            "reserve_minor": auction.reserve_minor,
            "payout_status": auction.payout_status,
            "seller_note": auction.seller_note,
            "dispute": auction.dispute,
        }
    if role in ("winner", "admin") and auction.winner_id is not None:
        doc["winner_fields"] = {
            "amount_due_minor": auction.hammer_minor if auction.payment_status == "due" else 0,
            "payment_status": auction.payment_status,
            "delivery_status": auction.delivery_status,
            "dispute": auction.dispute,
        }
    if role == "admin":
        doc["admin_fields"] = {
            "seller_id": auction.seller_id,
            "winner_id": auction.winner_id,
            "created_at": iso(auction.created_at),
        }
    return doc


def bid_view(bid: Bid, role: Role, key: RoleKey | None) -> dict[str, Any]:
    """Price, status and time for everyone; a bidder's own bids are marked ``mine``; admins see who."""
    view: dict[str, Any] = {"amount_minor": bid.amount_minor, "status": bid.status, "placed_at": iso(bid.placed_at)}
    if key is not None and key.user_id == bid.bidder_id:
        view["mine"] = True
    if role == "admin":
        view["bidder_id"] = bid.bidder_id
    return view


def state_words(auction: Auction, exported_at: dt.datetime, now: dt.datetime) -> str:
    """A published or closed auction's state as a reader takes it at ``now`` (the build's as-of).
    The state is the export's; a build made after a published auction's closing time (its export is
    older than the build) says that the close has passed since, rather than calling it open: the
    next export records how it ended."""
    if auction.state != "published":
        return auction.state
    if now < auction.opens_at:
        return f"published; bidding opens {_day(auction.opens_at)}"
    if now < auction.closes_at:
        return "published; open for bids"
    return f"published at the export of {_day(exported_at)}; its closing time has passed since"


def _day(moment: dt.datetime) -> str:
    return f"{moment.day} {moment:%b %Y}"
