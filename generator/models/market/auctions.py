"""Response models of the market's own records (spec section D): auctions by role, bids, trust,
bridge. Money is GBP in minor units (pence); ``sample`` is true when the record is synthetic."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from generator.models.catalog.universal import Moment
from generator.models.frozen import Doc

AuctionState = Literal["draft", "submitted", "approved", "published", "closed"]
Role = Literal["public", "seller", "winner", "admin"]


class SellerRef(Doc):
    username: str
    trust: str = Field(description="the seller's public trust projection")


class SellerFields(Doc):
    """The seller's own operational fields (seller and admin roles only)."""

    reserve_minor: int | None
    payout_status: Literal["not_due", "pending", "paid", "held"]
    seller_note: str
    dispute: Literal["none", "open", "resolved_for_buyer", "resolved_for_seller"]


class WinnerFields(Doc):
    """The winner's own operational fields (winner and admin roles only)."""

    amount_due_minor: int
    payment_status: Literal["not_due", "due", "paid", "refunded"]
    delivery_status: Literal["not_due", "awaiting_dispatch", "dispatched", "delivered"]
    dispute: Literal["none", "open", "resolved_for_buyer", "resolved_for_seller"]


class AdminFields(Doc):
    seller_id: str
    winner_id: str | None
    created_at: str


class AuctionPublic(Doc):
    """A published auction as anyone may read it: no bidder, winner or reserve."""

    kind: Literal["auction"] = Field(alias="@kind")
    id: str
    sku: str
    card: str = Field(description="the card's universal document")
    state: AuctionState
    currency: Literal["GBP"]
    start_minor: int
    current_minor: int | None = Field(description="the highest standing bid; null before the first")
    bid_count: int
    reserve_met: bool | None = Field(
        description="whether the highest bid meets the reserve; null: no bid or no reserve"
    )
    sold: bool | None = Field(description="closed auctions: whether a winner was found; null while not closed")
    hammer_minor: int | None
    opens_at: str
    closes_at: str
    published_at: str | None
    seller: SellerRef | None = Field(description="named only when the seller's profile is public")
    bids: str
    sample: bool = Field(description="true: a synthetic record of the sample export, not market activity")


class AuctionView(AuctionPublic):
    """An auction as the caller's role sees it (``/api/auctions/{id}``)."""

    role: Role
    seller_fields: SellerFields | None = None
    winner_fields: WinnerFields | None = None
    admin_fields: AdminFields | None = None


class Auctions(Doc):
    kind: Literal["auctions"] = Field(alias="@kind")
    role: Literal["public", "member", "admin"]
    count: int
    auctions: tuple[AuctionView, ...]


class BidView(Doc):
    amount_minor: int
    status: Literal["accepted", "outbid", "winning", "won", "retracted", "rejected"]
    placed_at: str
    mine: bool | None = Field(None, description="present on the caller's own bids")
    bidder_id: str | None = Field(None, description="admin role only")


class Bids(Doc):
    kind: Literal["auction_bids"] = Field(alias="@kind")
    auction: str
    role: Role
    currency: Literal["GBP"]
    count: int
    bids: tuple[BidView, ...]


class Amount(Doc):
    numerator: int
    denominator: Literal[100] = Field(description="minor units per GBP")
    currency: Literal["GBP"]


class UniversalAuction(Doc):
    """The math-mirror auction: the preamble, money as ratios of GBP, times as moments."""

    encoding: str = Field(alias="@encoding")
    kind: Literal["auction"] = Field(alias="@kind")
    content_hash: str = Field(alias="@content_hash", pattern=r"^sha256:[0-9a-f]{64}$")
    self_hash: str = Field(alias="@self_hash", pattern=r"^sha256:[0-9a-f]{64}$")
    retrieved_at: Moment = Field(alias="@retrieved_at")
    note_opaque: tuple[str, ...] | None = Field(None, alias="_note_opaque")
    density: Literal["sparse", "normal", "saturated"] | None = Field(None, alias="@density")
    id: str
    of_card: dict[str, str] = Field(description="typed edge to the universal card")
    state: AuctionState
    start: Amount
    current: Amount | None
    hammer: Amount | None
    bid_count: int
    reserve_met: bool | None
    opens: Moment
    closes: Moment
    published: Moment | None
    sample: bool


class Ratio(Doc):
    numerator: int
    denominator: int
    value: float | None = Field(description="numerator / denominator to 4 places; null when the denominator is 0")


class TrustComponents(Doc):
    tenure_days: int
    sales_completed: int
    purchases_completed: int
    awaiting_settlement: int
    disputes: int
    disputes_lost: int
    settlement: Ratio = Field(description="completed / (completed + awaiting) over closed sales and purchases")
    open_listings: int
    auctions_published: int


class Trust(Doc):
    kind: Literal["trust"] = Field(alias="@kind")
    username: str
    member_since: str
    profile_published_at: str
    components: TrustComponents
    methodology: str
    sample: bool


class UniversalTrust(TrustComponents):
    """The numeric rendering: the components flat, times as moments; no content hash, no self
    hash, no internal id (spec section D)."""

    encoding: str = Field(alias="@encoding")
    kind: Literal["trust"] = Field(alias="@kind")
    retrieved_at: Moment = Field(alias="@retrieved_at")
    username: str
    member_since: Moment
    profile_published: Moment
    sample: bool


class BridgeMetrics(Doc):
    target_printings: int
    auctions_published: int
    auctions_sold: int
    distinct_cards_auctioned: int
    coverage: Ratio
    share_of_user: Ratio
    share_of_target: Ratio
    completion: Ratio
    hammer_total_minor: int
    median_hammer_minor: int | None
    days_since_last_auction: int | None


class Bridge(Doc):
    kind: Literal["bridge"] = Field(alias="@kind")
    a: str
    b: str
    target: dict[str, str | int]
    metrics: BridgeMetrics
    bridge_score: float = Field(ge=0, le=1)
    methodology: str
    sample: bool


class Price(Doc):
    amount_minor: int
    currency: Literal["GBP"]


class OfferPlan(Doc):
    id: str
    name: str
    price: Price
    interval: Literal["month", "year"]


class ProductOffer(Doc):
    """``product-offer/1``: a product's offer declaration (a direct document, not enveloped)."""

    type: Literal["product-offer/1"] = Field(alias="@type")
    product: str
    name: str
    summary: str
    environment: Literal["preview"]
    accepts_payment: Literal[False]
    payment_rails: dict[str, Literal["off"]]
    offers: tuple[OfferPlan, ...]
    fixtures: Literal["synthetic"]
    preview: str
    license: str


class SandboxOffers(Doc):
    """The test-environment declaration, served only when its configuration is coherent (else a
    503 error body whose ``reasons`` list what fails)."""

    type: Literal["product-offer/1"] = Field(alias="@type")
    product: str
    environment: Literal["test"]
    coherent: Literal[True]
    sandbox: str
    accepts_payment: Literal[False]
    payment_rails: dict[str, Literal["off", "sandbox"]]
    offers: tuple[OfferPlan, ...]
