"""Trust projections and the bridge (spec section D, "Authentication" 7).

A person's trust projection is public only while they hold a current profile-publication receipt
and are not suspended; otherwise every trust route answers the same 404 as for a name nobody
holds, so a response never tells a private profile from a missing one. The answer depends on the
time of the request (a receipt expires, a suspension starts), so the app computes it per request
and no shared cache keeps it (``Cache-Control: private, no-store``): a suspension takes effect at
once. The bridge reads the same gate for its user operand.
"""

from __future__ import annotations

import re
from typing import Any

from generator.models.market import auctions as docs
from generator.models.pages.reader import ReaderPage
from generator.platform.models import User
from generator.platform.standing import bridge_metrics, bridge_score, trust_components
from generator.site import Site
from generator.surfaces.catalog.preamble import moment
from generator.surfaces.market.platform_access import SAMPLE_NOTE, platform_of, private
from generator.surfaces.pages.reader import day_words, item, page
from generator.web.envelope import iso
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

METHODOLOGY = (
    "Counted from the platform's records as of the request: tenure from joining; sales and purchases "
    "completed (closed, won, paid); those awaiting payment; disputes on either side and those resolved "
    "against the person; settlement = completed / (completed + awaiting); open listings; auctions published."
)
BRIDGE_METHODOLOGY = (
    "Over the person's published auctions as seller (bids and book orders are never attributed in public): "
    "bridge_score is the mean of share_of_user, share_of_target and completion, an undefined ratio counting 0."
)
NO_PROFILE = "no public trust projection for {!r}"


def _public_user(ctx: Context, username: str) -> tuple[User, Any] | None:
    platform = platform_of(ctx)
    user = platform.public_profile(username, ctx.now)
    if user is None:
        return None
    receipt = max(
        (p for p in platform.rows("publications") if p.user_id == user.user_id and p.current(ctx.now)),
        key=lambda p: p.published_at,
    )
    return user, receipt


def _missing(username: str) -> Result:
    return private(error(404, "profile_not_found", NO_PROFILE.format(username)))


def trust(ctx: Context, params: Params, query: Query) -> Result:
    found = _public_user(ctx, params["username"])
    if found is None:
        return _missing(params["username"])
    user, receipt = found
    data = {
        "@kind": "trust",
        "username": user.username,
        "member_since": iso(user.joined_at),
        "profile_published_at": iso(receipt.published_at),
        "components": trust_components(platform_of(ctx), user, ctx.now),
        "methodology": METHODOLOGY,
        "sample": user.sample,
    }
    return private(Result(data=data))


def universal_trust(ctx: Context, params: Params, query: Query) -> Result:
    found = _public_user(ctx, params["username"])
    if found is None:
        return _missing(params["username"])
    user, receipt = found
    data = {
        "@encoding": ctx.site.encoding,
        "@kind": "trust",
        "@retrieved_at": moment(ctx.now),
        "username": user.username,
        "member_since": moment(user.joined_at),
        "profile_published": moment(receipt.published_at),
        **trust_components(platform_of(ctx), user, ctx.now),
        "sample": user.sample,
    }
    return private(Result(data=data))


def trust_page(ctx: Context, params: Params, query: Query) -> Result:
    found = trust(ctx, params, query)
    if found.error is not None:
        return found
    d, c = found.data, found.data["components"]
    settled = c["settlement"]
    facts = [
        item(ctx, "Member for", f"{c['tenure_days']} days (since {day_words(d['member_since'])})"),
        item(ctx, "Sales completed", str(c["sales_completed"])),
        item(ctx, "Purchases completed", str(c["purchases_completed"])),
        item(ctx, "Awaiting settlement", str(c["awaiting_settlement"])),
        item(ctx, "Settled", f"{settled['numerator']} of {settled['denominator']}"),
        item(ctx, "Disputes", f"{c['disputes']} ({c['disputes_lost']} resolved against them)"),
        item(ctx, "Open listings", str(c["open_listings"])),
        item(ctx, "Auctions published", str(c["auctions_published"])),
    ]
    notes = [item(ctx, "Sample data", "These records are synthetic: the sample export, not real trades.")] * d["sample"]
    path = f"/u/{d['username']}/trust"
    description = f"{d['username']}'s public trust projection, published {day_words(d['profile_published_at'])}."
    result = page(
        ctx,
        path,
        f"/api/v1/users/{d['username']}/trust",
        f"{d['username']}: trust",
        description,
        [{"heading": "Standing", "items": facts + notes}],
    )
    return private(result)


OPERAND_A = r"^u:[a-z0-9][a-z0-9_-]{1,30}$"  # u:<username> (the export's username form)
OPERAND_B = r"^c:[a-z0-9]+-[a-z0-9]+(-[a-z0-9]+)*$"  # c:<game>-<set> or c:<sku>
BRIDGE_QUERY = (
    Param("a", required=True, pattern=OPERAND_A, description="u:<username>"),
    Param("b", required=True, pattern=OPERAND_B, description="c:<game>-<set> or c:<sku>"),
)
TARGET = re.compile(r"^c:([a-z0-9]+)-([a-z0-9]+)(?:-([a-z0-9-]+))?$")


def bridge(ctx: Context, params: Params, query: Query) -> Result:
    a, b = query["a"], query["b"]
    target = TARGET.match(b)  # both required and of their declared patterns
    assert target is not None
    found = _public_user(ctx, a[2:])
    if found is None:
        return _missing(a[2:])
    game, set_code, rest = target.groups()
    if rest is None:
        skus = frozenset(p.sku for p in ctx.snapshot.printings_of_set(game, set_code))
        described: dict[str, str | int] = {
            "kind": "set",
            "game": game,
            "set": set_code,
            "@id": f"/api/v1/universal/set/{game}-{set_code}",
        }
    else:
        sku = b.lower()[2:]
        skus = frozenset([sku]) if ctx.snapshot.printing(sku) is not None else frozenset()
        described = {"kind": "card", "sku": sku, "@id": f"/api/v1/universal/card/{sku}"}
    if not skus:
        return error(404, "target_not_found", f"{b!r} names no set or printing of the catalog")
    metrics = bridge_metrics(platform_of(ctx), found[0], skus, ctx.now)
    data = {
        "@kind": "bridge",
        "a": a,
        "b": b.lower(),
        "target": described,
        "metrics": metrics,
        "bridge_score": bridge_score(metrics),
        "methodology": BRIDGE_METHODOLOGY,
        "sample": platform_of(ctx).sample,
    }
    return private(Result(data=data))


def example_user(ctx: Context) -> tuple[dict[str, str], dict[str, str]]:
    users = [u.username for u in platform_of(ctx).rows("users") if platform_of(ctx).public_profile(u.username, ctx.now)]
    return {"username": users[0] if users else "nobody"}, {}


def example_bridge(ctx: Context) -> tuple[dict[str, str], dict[str, str]]:
    platform = platform_of(ctx)
    for auction in platform.published_auctions():
        seller = platform.get("users", auction.seller_id)
        if seller and platform.public_profile(seller.username, ctx.now):
            game, set_code = auction.sku.split("-")[:2]
            return {}, {"a": f"u:{seller.username}", "b": f"c:{game}-{set_code}"}
    return {}, {"a": "u:nobody", "b": "c:op-op01"}


def surfaces(site: Site) -> tuple[Surface, ...]:
    computed: dict[str, Any] = {
        "family": "D",
        "errors": (404,),
        "freshness": "uncached",
        "provenance_kind": "computed",
        "clock": True,
        "since": "2026-11-25",
        "stability": "beta",
        "example": example_user,
        "does_not_include": (SAMPLE_NOTE, "any internal id", "bids and book orders attributed to the person"),
    }
    return (
        Surface(
            "trust.user",
            "/api/v1/users/{username}/trust",
            compute=trust,
            model=docs.Trust,
            summary="A person's public trust projection (404 unless published and not suspended)",
            **computed,
        ),
        Surface(
            "trust.universal",
            "/api/v1/universal/users/{username}/trust",
            compute=universal_trust,
            model=docs.UniversalTrust,
            summary="The trust projection as numbers: no content hash, no internal id",
            **computed,
        ),
        Surface(
            "trust.page",
            "/u/{username}/trust",
            compute=trust_page,
            enveloped=False,
            media_type="text/html",
            template="page.html",
            model=ReaderPage,
            summary="The trust projection as a page",
            **computed,
        ),
        Surface(
            "trust.bridge",
            "/api/v1/bridge",
            compute=bridge,
            model=docs.Bridge,
            query_params=(*BRIDGE_QUERY,),
            summary="Eleven metrics and a bridge_score between a person (as a public seller) and a set or card",
            **{
                **computed,
                "errors": (400, 404),
                "example": example_bridge,
            },
        ),
    )
