"""The sample's market reads as a market could be (issue 39, item 5): no open book is crossed, and
every auction's state is what its dates say at the export's instant."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

import pytest

from generator.platform.export import SAMPLE_DIR, Platform, load_platform
from generator.platform.models import Auction, Bid, Listing
from generator.platform.sample import SEED, sample_records, write_export

# Best first (the export's condition vocabulary): a buyer of one condition is served by any better.
CONDITIONS = ("mint", "near_mint", "excellent", "good", "played", "poor")


def crossings(listings: Iterable[Listing]) -> list[tuple[Listing, Listing]]:
    """(bid, ask) pairs of one SKU where the bid reaches an ask of the same or a better condition:
    that trade would have happened, so a book holding both is crossed."""
    orders = list(listings)
    return [
        (bid, ask)
        for bid in orders
        if bid.side == "bid"
        for ask in orders
        if ask.side == "ask"
        and ask.sku == bid.sku
        and CONDITIONS.index(ask.condition) <= CONDITIONS.index(bid.condition)
        and bid.price_minor >= ask.price_minor
    ]


def timeline_faults(auction: Auction, bids: Iterable[Bid], at: dt.datetime) -> list[str]:
    """What in ``auction`` contradicts its state at the instant ``at`` of the export."""
    faults = []
    if auction.created_at > at:
        faults.append("created after the export")
    if auction.state == "closed" and auction.closes_at > at:
        faults.append("closed, but closes after the export")
    if auction.state == "published" and not auction.opens_at <= at < auction.closes_at:
        faults.append("published, but not open at the export")
    if auction.state in ("draft", "submitted", "approved") and auction.opens_at <= at:
        faults.append(f"{auction.state}, but its opening has passed")
    if auction.published_at is not None and auction.published_at > at:
        faults.append("published after the export")
    for bid in bids:
        if not auction.opens_at <= bid.placed_at <= min(auction.closes_at, at):
            faults.append(f"bid {bid.bid_id} placed outside the auction's run before the export")
    return faults


def market_faults(platform: Platform) -> list[str]:
    at = platform.info.exported_at
    faults = [
        f"{a.auction_id} ({a.state}): {fault}"
        for a in platform.rows("auctions")
        for fault in timeline_faults(a, platform.bids_of(a.auction_id), at)
    ]
    faults += [
        f"{bid.sku}: bid {bid.price_minor} {bid.condition} >= ask {ask.price_minor} {ask.condition}"
        for bid, ask in crossings(platform.rows("listings"))
    ]
    return faults


def test_the_committed_sample_has_no_crossed_book_and_no_auction_out_of_its_time() -> None:
    platform = load_platform(SAMPLE_DIR)
    assert platform.rows("listings") and platform.rows("auctions")
    assert {x.side for x in platform.rows("listings")} == {"bid", "ask"}
    assert market_faults(platform) == []


@pytest.mark.parametrize("seed", [SEED, *range(1, 40)])
def test_any_seed_and_export_date_makes_a_sound_market(tmp_path, seed: int) -> None:
    """The rules hold by construction, not by the luck of one seed."""
    at = dt.datetime(2026, 1, 1, tzinfo=dt.UTC) + dt.timedelta(days=seed % 400)
    folder = write_export(tmp_path / "export", sample_records(seed=seed, exported_at=at), exported_at=at)
    assert market_faults(load_platform(folder)) == []


def test_the_rules_catch_what_the_issue_found() -> None:
    """A near-mint ask under an excellent bid is crossed (the issue's op-op01-001-en, £68.50 under
    £216.00); an excellent ask under a near-mint bid is not; a published auction that closed before
    the export is out of its time."""

    def order(side: str, price: int, condition: str) -> Listing:
        return Listing.model_validate(
            {
                "listing_id": f"lst_{side}{price}",
                "user_id": "usr_0000000001",
                "sku": "op-op01-001-en",
                "side": side,
                "price_minor": price,
                "currency": "GBP",
                "quantity": 1,
                "condition": condition,
                "created_at": "2026-11-01T00:00:00Z",
                "sample": True,
            }
        )

    assert crossings([order("ask", 6850, "near_mint"), order("bid", 21600, "excellent")])
    assert not crossings([order("ask", 6850, "excellent"), order("bid", 21600, "near_mint")])
    closed_early = Auction.model_validate(
        {
            "auction_id": "auc_0000000001",
            "seller_id": "usr_0000000001",
            "sku": "op-op01-001-en",
            "state": "published",
            "currency": "GBP",
            "start_minor": 500,
            "created_at": "2026-11-05T00:00:00Z",
            "published_at": "2026-11-07T00:00:00Z",
            "opens_at": "2026-11-07T00:00:00Z",
            "closes_at": "2026-11-17T00:00:00Z",
            "sample": True,
        }
    )
    assert timeline_faults(closed_early, (), dt.datetime(2026, 11, 20, tzinfo=dt.UTC))
