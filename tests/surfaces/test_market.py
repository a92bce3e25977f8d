"""Families D and E through the app: every auction x role, the trust gate, the bridge, the draw
chain as a client verifies it, the signals preview, and nothing private in dist/."""

from __future__ import annotations

import dataclasses
import datetime as dt
import gzip
from collections import Counter
from pathlib import Path

import brotli
import orjson
import pytest
import rfc8785
import rfc9162 as rfc

from generator.content.signals import SandboxConfig
from generator.platform.chain import receipt as receipt_of
from generator.platform.export import load_platform, platform_dir
from generator.platform.sample import sample_agent_key, sample_key
from generator.surfaces.families import surfaces
from generator.web.respond import respond
from generator.web.surface import Request

PRIVATE = "private, no-store"


@pytest.fixture(scope="module")
def platform():
    return load_platform(platform_dir())


def key_of(platform, user_id: str) -> str:
    return sample_key(platform.get("users", user_id).username)


def data(response) -> dict:
    assert response.status_code == 200, response.text[:300]
    return response.json()["data"]


# ------------------------------------------------------------------ auctions x roles


def test_every_auction_as_every_role_shows_exactly_what_the_role_may_see(ask, platform) -> None:
    admin = next(k for k in platform.rows("role_keys") if k.role == "admin")
    for auction in platform.rows("auctions"):
        bidders = {b.bidder_id for b in platform.bids_of(auction.auction_id)}
        stranger = next(u.user_id for u in platform.rows("users") if u.user_id not in bidders | {auction.seller_id})
        callers = {
            "public": None,
            "stranger": key_of(platform, stranger),
            "seller": key_of(platform, auction.seller_id),
            "admin": sample_key(platform.get("users", admin.user_id).username),
        }
        if auction.winner_id:
            callers["winner"] = key_of(platform, auction.winner_id)
        for who, key in callers.items():
            headers = {"Authorization": f"Bearer {key}"} if key else {}
            answer = ask("GET", f"/api/auctions/{auction.auction_id}", headers=headers)
            bids = ask("GET", f"/api/auctions/{auction.auction_id}/bids", headers=headers)
            for response in (answer, bids):
                assert response.headers["cache-control"] == PRIVATE and "Authorization" in response.headers["vary"]
            if not auction.published and who not in ("seller", "admin"):
                assert answer.status_code == bids.status_code == 404, (who, auction.state)
                assert answer.json()["error"]["code"] == "auction_not_found"
                continue
            doc, events = data(answer), data(bids)
            role = {"stranger": "public"}.get(who, who)
            assert doc["role"] == events["role"] == role
            assert ("seller_fields" in doc) == (role in ("seller", "admin")), (who, doc)
            assert ("winner_fields" in doc) == (role in ("winner", "admin") and auction.winner_id is not None)
            assert ("admin_fields" in doc) == (role == "admin")
            text = answer.text + bids.text
            others = {u.user_id for u in platform.rows("users")}
            assert role == "admin" or not any(uid in text for uid in others), (who, "a user id leaked")
            assert role in ("seller", "admin") or "reserve_minor" not in text, (who, "the reserve leaked")
            for event in events["bids"]:
                assert set(event) <= {"amount_minor", "status", "placed_at", "mine", "bidder_id"}
                assert ("bidder_id" in event) == (role == "admin")
            assert len(events["bids"]) == len(platform.bids_of(auction.auction_id))


def test_a_bidder_sees_their_own_bids_marked_and_nobody_elses(ask, platform) -> None:
    bid = platform.rows("bids")[0]
    events = data(
        ask(
            "GET",
            f"/api/auctions/{bid.auction_id}/bids",
            headers={"Authorization": f"Bearer {key_of(platform, bid.bidder_id)}"},
        )
    )
    own = [b for b in platform.bids_of(bid.auction_id) if b.bidder_id == bid.bidder_id]
    assert sum(1 for e in events["bids"] if e.get("mine")) == len(own)


def test_an_unknown_key_is_a_401_not_a_quiet_public_answer(ask) -> None:
    for header, code in (("Bearer nope", "invalid_key"), ("Basic dXNlcjpwYXNz", "unsupported_scheme")):
        response = ask("GET", "/api/auctions", headers={"Authorization": header})
        assert response.status_code == 401 and response.json()["error"]["code"] == code
        assert response.headers["www-authenticate"].startswith('Bearer realm="platform"')
        assert response.headers["cache-control"] == "private, no-store"


def test_a_repeated_or_malformed_authorization_is_a_400(ask) -> None:
    """Issue 34: two Authorization fields meant "the last one wins" (``Bearer bad`` then an admin key
    read as admin); a repeated or malformed field is now refused in the one refusal shape."""
    admin = f"Bearer {sample_key('operator-desk')}"
    for headers in (
        [("Authorization", "Bearer bad"), ("Authorization", admin)],
        [("Authorization", admin), ("Authorization", admin)],
        [("Authorization", "Bearer ")],
        [("Authorization", "Bearer two words")],
        [("Authorization", "")],
    ):
        response = ask("GET", "/api/auctions", headers=headers)
        error = response.json()["error"]
        assert response.status_code == 400, headers
        assert error["code"] == "malformed_authorization" and error["parameter"] == "authorization"
        assert response.headers["www-authenticate"] == 'Bearer realm="platform", error="invalid_request"'
        assert response.headers["cache-control"] == "private, no-store"
    assert ask("GET", "/api/auctions", headers={"Authorization": admin}).status_code == 200


def test_an_agent_key_reads_the_role_views_as_the_public_does(ask) -> None:
    """An agent key opens the MCP gate (issue 36); it is not a person's key to their auctions."""
    agent = data(ask("GET", "/api/auctions", headers={"Authorization": f"Bearer {sample_agent_key()}"}))
    assert agent["role"] == "public" and agent == data(ask("GET", "/api/auctions"))


def test_the_list_grows_with_the_role(ask, platform) -> None:
    public = data(ask("GET", "/api/auctions"))
    admin = data(ask("GET", "/api/auctions", headers={"Authorization": f"Bearer {sample_key('operator-desk')}"}))
    published = {a.auction_id for a in platform.published_auctions()}
    assert {a["id"] for a in public["auctions"]} == published
    assert {a["id"] for a in admin["auctions"]} == {a.auction_id for a in platform.rows("auctions")}
    drafter = next(a for a in platform.rows("auctions") if not a.published)
    mine = data(ask("GET", "/api/auctions", headers={"Authorization": f"Bearer {key_of(platform, drafter.seller_id)}"}))
    assert drafter.auction_id in {a["id"] for a in mine["auctions"]} and mine["role"] == "member"


def test_public_forms_are_files_for_published_auctions_only(small_dist: Path, ask, platform) -> None:
    routes = orjson.loads((small_dist / "_routes.json").read_bytes())["routes"]
    for auction in platform.rows("auctions"):
        for path in (
            f"/api/v1/auctions/{auction.auction_id}",
            f"/api/v1/universal/auctions/{auction.auction_id}",
            f"/auctions/{auction.auction_id}/read",
        ):
            assert (path in routes) == auction.published, path
            assert ask("GET", path).status_code == (200 if auction.published else 404)
    universal = ask("GET", f"/api/v1/universal/auctions/{platform.published_auctions()[0].auction_id}").json()["data"]
    assert universal["@content_hash"].startswith("sha256:") and universal["start"]["denominator"] == 100


def test_nothing_private_is_written_to_dist(small_dist: Path, platform) -> None:
    now = dt.datetime(2026, 3, 1, tzinfo=dt.UTC)
    private_names = {u.username for u in platform.rows("users") if platform.public_profile(u.username, now) is None}
    secrets = (
        {u.user_id for u in platform.rows("users")}
        | {k.key_sha256 for k in platform.rows("role_keys")}
        | {a.auction_id for a in platform.rows("auctions") if not a.published}
        | {a.seller_note for a in platform.rows("auctions")}
        | {f'"{name}"' for name in private_names}
        | {"sample-key-", "sample-agent-key-"}
    )
    assert len(secrets) > 30
    scanned = 0
    for path in small_dist.rglob("*"):
        if not path.is_file():
            continue
        body = path.read_bytes()
        body = (
            gzip.decompress(body) if path.suffix == ".gz" else brotli.decompress(body) if path.suffix == ".br" else body
        )
        scanned += 1
        leaked = [s for s in secrets if s.encode() in body]
        assert not leaked, (path, leaked)
    assert scanned > 1000


def test_a_cards_book_is_its_listings_without_who_cheapest_ask_and_highest_bid_first(ask, platform) -> None:
    sku = platform.rows("listings")[0].sku
    book = data(ask("GET", f"/api/v1/cards/{sku}/evidence"))["collector_offers"]
    listings = platform.listings_of(sku)
    assert book["status"] == "open" and book["sample"] is True and book["currency"] == "GBP"
    assert [o["price_minor"] for o in book["asks"]] == sorted(x.price_minor for x in listings if x.side == "ask")
    assert [o["price_minor"] for o in book["bids"]] == sorted(
        (x.price_minor for x in listings if x.side == "bid"), reverse=True
    )
    assert all(set(o) == {"price_minor", "quantity", "condition", "listed_at"} for o in book["asks"] + book["bids"])
    page = ask("GET", f"/cards/{sku}/market")
    assert page.status_code == 200 and "Sample data" in page.text
    assert f'href="/api/v1/cards/{sku}/evidence"' in page.text
    for listing in listings:
        assert f"£{listing.price_minor / 100:,.2f}" in page.text
    assert ask("GET", "/cards/op-op01-999-en/market").status_code == 404


# ------------------------------------------------------------------ trust


def test_trust_is_public_only_with_a_current_receipt_and_no_suspension(ask, platform) -> None:
    answers = {u.username: ask("GET", f"/api/v1/users/{u.username}/trust") for u in platform.rows("users")}
    assert {n for n, r in answers.items() if r.status_code == 200} == {
        "tidepool",
        "lanternfish",
        "moss-and-mortar",
        "harbourlight",
    }
    hidden = [r for r in answers.values() if r.status_code != 200] + [ask("GET", "/api/v1/users/nobody-at-all/trust")]
    shapes = set()
    for response, name in zip(hidden, [n for n, r in answers.items() if r.status_code != 200] + ["nobody-at-all"]):
        assert response.status_code == 404 and response.headers["cache-control"] == PRIVATE
        body = response.json()
        shapes.add(orjson.dumps(body["error"]).replace(name.encode(), b"NAME"))
        assert set(body) == {"error", "_meta"}
    assert len(shapes) == 1, "an unpublished or suspended profile must read exactly like an unknown name"


def test_trust_components_are_counted_from_the_records(ask, platform) -> None:
    user = platform.user_named("tidepool")
    doc = data(ask("GET", "/api/v1/users/tidepool/trust"))
    assert ask("GET", "/api/v1/users/tidepool/trust").headers["cache-control"] == PRIVATE
    sales = [
        a for a in platform.rows("auctions") if a.seller_id == user.user_id and a.state == "closed" and a.winner_id
    ]
    c = doc["components"]
    assert c["sales_completed"] == sum(1 for a in sales if a.payment_status == "paid")
    assert c["open_listings"] == sum(1 for x in platform.rows("listings") if x.user_id == user.user_id)
    assert c["settlement"]["denominator"] == c["sales_completed"] + c["purchases_completed"] + c["awaiting_settlement"]
    universal = data(ask("GET", "/api/v1/universal/users/tidepool/trust"))
    assert "@content_hash" not in universal and "@self_hash" not in universal
    assert not any(u.user_id in orjson.dumps(universal).decode() for u in platform.rows("users"))
    assert universal["sales_completed"] == c["sales_completed"] and universal["member_since"]["unix_epoch_seconds"] > 0
    page = ask("GET", "/u/tidepool/trust")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"] and "tidepool" in page.text


def test_a_suspension_takes_effect_at_its_start_not_at_the_next_build(ctx, platform) -> None:
    suspension = next(s for s in platform.rows("suspensions") if s.ends_at is None)
    name = platform.get("users", suspension.user_id).username
    surface = next(s for s in surfaces(ctx.site) if s.id == "trust.user")
    before = dataclasses.replace(ctx, now=suspension.starts_at - dt.timedelta(seconds=1), request=Request("GET", {}))
    after = dataclasses.replace(ctx, now=suspension.starts_at, request=Request("GET", {}))
    path = f"/api/v1/users/{name}/trust"
    assert respond(surface, before, {"username": name}, {}, path).status == 200
    assert respond(surface, after, {"username": name}, {}, path).status == 404


# ------------------------------------------------------------------ bridge


def test_the_bridge_counts_match_a_direct_count_of_the_export(ask, platform) -> None:
    seller = platform.user_named("tidepool")
    doc = data(ask("GET", "/api/v1/bridge", params={"a": "u:tidepool", "b": "c:op-op01"}))
    mine = [a for a in platform.published_auctions() if a.seller_id == seller.user_id]
    here = [a for a in mine if a.sku.startswith("op-op01-")]
    sold = [a for a in here if a.state == "closed" and a.hammer_minor]
    m = doc["metrics"]
    assert len(m) == 11
    assert m["auctions_published"] == len(here) and m["auctions_sold"] == len(sold)
    assert m["hammer_total_minor"] == sum(a.hammer_minor for a in sold)
    assert m["share_of_user"] == {
        "numerator": len(here),
        "denominator": len(mine),
        "value": round(len(here) / len(mine), 4),
    }
    parts = [m[k]["value"] or 0 for k in ("share_of_user", "share_of_target", "completion")]
    assert doc["bridge_score"] == round(sum(parts) / 3, 4) and 0 < doc["bridge_score"] <= 1


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ({"a": "tidepool", "b": "c:op-op01"}, 400),
        ({"a": "u:tidepool", "b": "op-op01"}, 400),
        ({"a": "u:tidepool"}, 400),
        ({"a": "u:saltmarsh", "b": "c:op-op01"}, 404),
        ({"a": "u:tidepool", "b": "c:mtg-zen"}, 404),
        ({"a": "u:tidepool", "b": "c:op-op01-999-en"}, 404),
    ],
)
def test_bad_or_unknown_bridge_operands(ask, query, status) -> None:
    response = ask("GET", "/api/v1/bridge", params=query)
    assert response.status_code == status, response.text[:200]


# ------------------------------------------------------------------ verification, as a client does it


def test_a_client_verifies_every_receipt_against_the_published_digests(ask, platform) -> None:
    digests = {d["batch"]: d for d in data(ask("GET", "/api/verify/digests"))["digests"]}
    chain = data(ask("GET", "/api/verify/chain"))
    assert chain["intact"] and all(d["recomputed"] for d in digests.values())
    held = {r["receipt_id"]: r for r in (receipt_of(d) for d in platform.rows("draws") if d.revealed)}
    for batch in chain["batches"]:
        receipts = data(ask("GET", "/api/verify/chain", params={"batch": str(batch["batch"])}))["receipts"]
        for receipt in receipts[:: max(1, len(receipts) // 6)]:
            proof = data(ask("GET", "/api/verify/chain", params={"receipt": receipt["receipt_id"]}))
            assert proof["receipt"] == receipt
            digest = digests[held[receipt["receipt_id"]]["batch"]]
            assert rfc.receipt_holds(proof, digest, held[receipt["receipt_id"]])  # the drawer's own copy
    first, last = chain["batches"][0], chain["batches"][-1]
    consistency = data(ask("GET", "/api/verify/chain", params={"from": "1", "to": str(last["batch"])}))
    assert rfc.consistency_holds_for(consistency, first, last)


def test_the_chain_withholds_what_the_fairness_view_withholds(ask) -> None:
    """/api/verify/fairness withholds a product's counts under 100 draws "for privacy", and
    ?batch=N listed every outcome of that product (issue 34, item 6): now its receipts are leaf
    hashes only, everywhere, and every batch root still recomputes from what is listed."""
    products = {p["product"]: p for p in data(ask("GET", "/api/verify/fairness"))["products"]}
    withheld = {name for name, p in products.items() if p["withheld"]}
    assert withheld and withheld != set(products)  # the sample has both kinds
    shown: Counter[tuple[str, str]] = Counter()
    hidden = []
    for batch in data(ask("GET", "/api/verify/chain"))["batches"]:
        answer = data(ask("GET", "/api/verify/chain", params={"batch": str(batch["batch"])}))
        leaves = []
        for receipt in answer["receipts"]:
            if receipt.get("withheld"):
                assert set(receipt) == {"receipt_id", "withheld", "leaf_hash"}, receipt
                hidden.append(receipt["receipt_id"])
                leaves.append(bytes.fromhex(receipt["leaf_hash"]))
            else:
                assert receipt["product"] not in withheld, receipt
                shown[receipt["product"], receipt["outcome"]] += 1
                leaves.append(rfc.leaf(rfc8785.dumps(receipt)))
        assert answer["withheld"] == sum(1 for r in answer["receipts"] if r.get("withheld"))
        assert rfc.mth(leaves).hex() == batch["batch_root"]
    assert hidden
    for name, product in products.items():  # what is listed tallies exactly what the fairness view shows
        tally = {o["outcome"]: o["count"] for o in product["observed"] or ()}
        assert {o: n for (p, o), n in shown.items() if p == name} == {o: n for o, n in tally.items() if n}
    alone = data(ask("GET", "/api/verify/chain", params={"receipt": hidden[0]}))
    assert alone["receipt"]["withheld"] is True and "outcome" not in alone["receipt"]


def test_verify_health_and_fairness_say_what_they_withhold(ask) -> None:
    health = data(ask("GET", "/api/verify/health"))
    assert health["status"] == "ok" and health["chain_intact"] and health["receipts_pending"] > 0
    products = {p["product"]: p for p in data(ask("GET", "/api/verify/fairness"))["products"]}
    assert products["base-lucky-dip"]["withheld"] and products["base-lucky-dip"]["observed"] is None
    full = products["op01-mystery-pull"]
    assert not full["withheld"] and sum(o["count"] for o in full["observed"]) == full["draws"]
    assert 0 <= full["test"]["p_value"] <= 1


# ------------------------------------------------------------------ signals (E)


def test_the_offer_accepts_nothing_and_the_page_is_a_synthetic_preview(ask) -> None:
    offer = ask("GET", "/api/signals/offer")
    doc = offer.json()
    assert offer.status_code == 200 and "_meta" not in doc and doc["@type"] == "product-offer/1"
    assert doc["accepts_payment"] is False and set(doc["payment_rails"].values()) == {"off"}
    page = ask("GET", "/signals")
    assert page.status_code == 200 and "synthetic" in page.text and 'href="/api/signals/offer"' in page.text


def test_the_test_offers_are_503_with_reasons_until_the_configuration_is_coherent(ctx) -> None:
    surface = next(s for s in surfaces(ctx.site) if s.id == "signals.test_offers")
    shipped = respond(surface, ctx, {}, {}, surface.path)
    assert shipped.status == 503 and orjson.loads(shipped.body)["reasons"] == ["no test configuration is present"]
    coherent = SandboxConfig(
        environment="test",
        sandbox_base_url="https://sandbox.example.test",
        payment_rails={"card": "sandbox", "bank_transfer": "off"},
        offers=[{"id": "weekly", "name": "Weekly", "price_minor": 400, "interval": "month"}],
    )

    def answer(config: SandboxConfig):
        content = dataclasses.replace(
            ctx.content, signals=ctx.content.signals.model_copy(update={"test_environment": config})
        )
        return respond(surface, dataclasses.replace(ctx, content=content), {}, {}, surface.path)

    good = answer(coherent)
    assert good.status == 200 and orjson.loads(good.body)["coherent"] is True
    breaks = {
        "environment is 'production', not 'test'": {"environment": "production"},
        "a payment rail is live in a test configuration": {"payment_rails": {"card": "live"}},
        "no payment rail is a sandbox": {"payment_rails": {"card": "off"}},
        "the sandbox must live on its own host, not the public site's": {"sandbox_base_url": ctx.site.base_url},
        "no offers": {"offers": ()},
    }
    for reason, change in breaks.items():
        broken = answer(coherent.model_copy(update=change))
        assert broken.status == 503 and reason in orjson.loads(broken.body)["reasons"], reason
