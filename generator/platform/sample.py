"""The synthetic sample export, made by a seeded script so anyone can make it again.

    python -m generator.platform.sample data/platform-sample

Every record says ``"sample": true``; the people, auctions, bids, keys and draws are invented.
The SKUs are real printings of the catalog (``SAMPLE_SKUS``), so the card pages can show the
sample's market beside real card data, labelled as sample. Bearer keys are published on purpose
(``sample-key-<username>``, and the agent key ``sample-agent-key-<username>`` of the operator's
desk): they let anyone try the role projections and the MCP gate on the sample; a real export holds
only the sha256 of keys nobody publishes. The digests are the tree heads the
platform would have published as it closed each batch (``generator.platform.chain``).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import orjson

from generator.platform import models as m
from generator.platform.chain import build_chain, outcome_of
from generator.platform.sample_market import At, Tables, auction_dates, listings
from generator.web.envelope import iso

SEED = 20261120
GENERATOR = "generator.platform.sample"
EXPORTED_AT = dt.datetime(2026, 11, 20, tzinfo=dt.UTC)
# Real printings of the catalog that the test suite's synthetic catalog also holds (under invented
# names), so the one sample serves both; tests/platform checks each is in the real catalog.
SAMPLE_SKUS = (
    "op-op01-001-en",
    "op-op01-002-en",
    "lor-1-1-en",
    "op-op01-003-en",
    "op-st01-001-en",
    "lor-1-2-en",
    "op-op01-001-en-p1",
    "lor-1-1-fr",
)
# (username, publication: "current" | "expired" | "revoked" | "never", suspension: "none" | "active" | "ended")
PEOPLE = (
    ("tidepool", "current", "ended"),
    ("lanternfish", "current", "none"),
    ("moss-and-mortar", "current", "none"),
    ("harbourlight", "current", "none"),
    ("quillon", "expired", "none"),
    ("ferncastle", "revoked", "none"),
    ("bramblewick", "current", "active"),
    ("saltmarsh", "never", "none"),
    ("operator-desk", "never", "none"),
)
ADMIN = "operator-desk"
AGENT_KEY_HOLDER = ADMIN  # the person who had the sample's one agent key issued (docs/mcp.md)
PRODUCTS = (
    ("op01-mystery-pull", "Romance Dawn mystery pull", (("common", 70), ("uncommon", 20), ("rare", 8), ("secret", 2))),
    ("base-lucky-dip", "Base Set lucky dip", (("common", 80), ("holo", 18), ("chase", 2))),
)
DRAWS_PER_PRODUCT = (216, 60)  # the second stays below the fairness threshold on purpose
BATCH_SIZE = 48


def sample_key(username: str) -> str:
    return f"sample-key-{username}"


def sample_agent_key(username: str = AGENT_KEY_HOLDER) -> str:
    """The published agent key of the sample (the MCP gate takes it; docs/mcp.md)."""
    return f"sample-agent-key-{username}"


def _id(prefix: str, rng: random.Random) -> str:
    return f"{prefix}_{rng.getrandbits(40):010x}"


def sample_records(
    skus: Sequence[str] = SAMPLE_SKUS, seed: int = SEED, exported_at: dt.datetime = EXPORTED_AT
) -> dict[str, list[dict[str, Any]]]:
    """Every table of the sample, as JSON-ready rows; ``skus`` (at least 4) are the cards traded.
    Everything recorded happened before ``exported_at``; only the auctions' schedules (a published
    auction's close, an approved one's opening) lie after it (``sample_market``)."""

    def _at(days: float) -> dt.datetime:
        return exported_at - dt.timedelta(days=days)

    rng = random.Random(seed)
    out: dict[str, list[dict[str, Any]]] = {table: [] for table in m.TABLES}
    users = {}
    for n, (name, publication, suspension) in enumerate(PEOPLE):
        uid = _id("usr", rng)
        users[name] = uid
        out["users"].append({"user_id": uid, "username": name, "joined_at": _at(400 - 31 * n)})
        if publication != "never":
            receipt = {"receipt_id": _id("pub", rng), "user_id": uid, "published_at": _at(200 - 9 * n)}
            receipt |= {"expires_at": _at(3)} if publication == "expired" else {}
            receipt |= {"revoked_at": _at(10)} if publication == "revoked" else {}
            out["publications"].append(receipt)
        if suspension != "none":
            ends = {"ends_at": _at(90)} if suspension == "ended" else {}
            out["suspensions"].append(
                {
                    "suspension_id": _id("sus", rng),
                    "user_id": uid,
                    "starts_at": _at(120 if ends else 6),
                    "reason_code": "payment_overdue",
                }
                | ends
            )
        out["role_keys"].append(
            {
                "key_sha256": hashlib.sha256(sample_key(name).encode()).hexdigest(),
                "user_id": uid,
                "role": "admin" if name == ADMIN else "member",
            }
        )
    # Drawn from no random number, so adding it left every other record of the sample as it was.
    agent_key = hashlib.sha256(sample_agent_key().encode()).hexdigest()
    out["role_keys"].append({"key_sha256": agent_key, "user_id": users[AGENT_KEY_HOLDER], "role": "agent"})
    traders = [name for name, _, _ in PEOPLE if name != ADMIN]
    states = ("closed",) * 5 + ("published",) * 4 + ("draft", "submitted", "approved")
    for n, state in enumerate(states):
        _auction(out, rng, n, state, skus[n % len(skus)], traders, users, _at)
    _draws(out, rng, users, traders, _at)
    out["listings"] = listings(skus, seed, users, traders, _at)
    for table, rows in out.items():
        out[table] = [{**row, "sample": True} for row in rows]
    return out


def _auction(
    out: Tables,
    rng: random.Random,
    n: int,
    state: str,
    sku: str,
    traders: list[str],
    users: dict[str, str],
    _at: At,
) -> None:
    seller = traders[n % 4]  # the first four traders sell; everyone else may bid
    start = rng.randrange(500, 5000, 100)
    dates = auction_dates(n, state, _at)
    opens = dates["opens_at"]
    auction: dict[str, Any] = {
        "auction_id": _id("auc", rng),
        "seller_id": users[seller],
        "sku": sku,
        "state": state,
        "currency": "GBP",
        "start_minor": start,
        "reserve_minor": start * 3 if n % 5 == 4 else start + 300,
        **dates,
        "seller_note": f"sample note {n}: ships in a top loader",
    }
    if state in ("published", "closed"):
        auction["published_at"] = opens
    price, bids = start, []
    if state in ("published", "closed"):
        bidders = [t for t in traders if t != seller]
        for k in range(rng.randrange(2, 6) if n % 5 != 4 else 2):
            price += rng.randrange(100, 900, 50)
            placed = opens + dt.timedelta(hours=6 + 17 * k)
            bidder = bidders[rng.randrange(len(bidders))]
            bids.append({"bid_id": _id("bid", rng), "auction_id": auction["auction_id"], "bidder_id": users[bidder]})
            bids[-1] |= {"amount_minor": price, "placed_at": placed, "status": "outbid"}
        bids[-1]["status"] = "winning" if state == "published" else "won"
    met = price >= auction["reserve_minor"]
    if state == "closed" and met:
        bids[-1]["status"] = "won"
        winner = bids[-1]["bidder_id"]
        settled = n != 2  # one sale is still awaiting payment
        auction |= {"winner_id": winner, "hammer_minor": price}
        auction |= {"payout_status": "paid" if settled else "pending", "payment_status": "paid" if settled else "due"}
        auction |= {"delivery_status": "delivered" if settled else "awaiting_dispatch"}
        auction |= {"dispute": "resolved_for_buyer" if n == 1 else "none"}
    elif state == "closed" and bids:
        bids[-1]["status"] = "outbid"  # reserve not met: nobody won
    out["auctions"].append(auction)
    out["bids"].extend(bids)


def _draws(out: Tables, rng: random.Random, users: dict[str, str], traders: list[str], _at: At) -> None:
    draws: list[dict[str, Any]] = []
    for (product, name, tiers), count in zip(PRODUCTS, DRAWS_PER_PRODUCT, strict=True):
        odds = tuple(m.OddsTier(outcome=o, weight=w) for o, w in tiers)
        declared = m.DrawProduct(product=product, name=name, tiers=odds, sample=True)
        out["draw_products"].append(declared.model_dump(mode="json"))
        for k in range(count + 3):  # three stay committed, not yet revealed
            seed = rng.getrandbits(256).to_bytes(32, "big").hex()
            client_seed, committed = f"client-{rng.getrandbits(32):08x}", _at(80 - k * 0.28)
            draw: dict[str, Any] = {
                "receipt_id": _id("drw", rng),
                "product": product,
                "user_id": users[traders[rng.randrange(len(traders))]],
                "committed_at": committed,
                "server_seed_sha256": hashlib.sha256(bytes.fromhex(seed)).hexdigest(),
                "client_seed": client_seed,
                "nonce": k,
            }
            if k < count:
                draw |= {"server_seed": seed, "revealed_at": committed + dt.timedelta(minutes=5)}
                draw |= {"outcome": outcome_of(declared, seed, client_seed, k)}
            draws.append(draw)
    draws.sort(key=lambda d: (d["committed_at"], d["receipt_id"]))
    revealed = [d for d in draws if "server_seed" in d]
    for i, draw in enumerate(revealed):
        draw["batch"] = 1 + i // BATCH_SIZE
    out["draws"] = draws
    chain = build_chain([m.Draw.model_validate({**d, "sample": True}) for d in draws])
    for head in chain.heads:
        last = max(d["revealed_at"] for d in revealed if d["batch"] == head.batch)
        out["digests"].append(
            {
                "batch": head.batch,
                "published_at": last + dt.timedelta(hours=1),
                "tree_size": head.tree_size,
                "root": head.root,
                "batch_hash": head.batch_hash,
            }
        )


def write_export(
    folder: Path, records: dict[str, list[dict[str, Any]]], sample: bool = True, exported_at: dt.datetime = EXPORTED_AT
) -> Path:
    """Write ``records`` as a ``platform-export/1`` folder (one JSON Lines file per table)."""
    folder.mkdir(parents=True, exist_ok=True)
    info = {"schema": m.SCHEMA, "exported_at": iso(exported_at), "sample": sample, "generator": GENERATOR}
    (folder / "export.json").write_bytes(orjson.dumps(info, option=orjson.OPT_INDENT_2) + b"\n")
    for table, rows in records.items():
        lines = (orjson.dumps(_jsonable(r), option=orjson.OPT_SORT_KEYS) for r in rows)
        (folder / f"{table}.jsonl").write_bytes(b"".join(line + b"\n" for line in lines))
    return folder


def _jsonable(row: dict[str, Any]) -> dict[str, Any]:
    return {k: iso(v) if isinstance(v, dt.datetime) else v for k, v in row.items()}


if __name__ == "__main__":
    target = (
        Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "data" / "platform-sample"
    )
    print(write_export(target, sample_records()))
