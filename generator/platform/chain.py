"""The verifiable draw chain: revealed receipts in hash-linked Merkle batches.

Every revealed draw receipt is one leaf: its public fields (no user) as RFC 8785 canonical JSON,
hashed as RFC 9162 leaves. All revealed receipts, ordered by batch, reveal time and id, form one
append-only log. When the platform closes batch ``k`` it publishes a tree head (an export
``Digest``): the cumulative tree size and root after the batch, and ``batch_hash``, the sha256 of
the canonical ``{batch, tree_size, root, batch_root, previous}`` where ``previous`` is batch
``k-1``'s ``batch_hash``. So a client holding a receipt can check it is in the log (an inclusion
proof against a published root), that the log only grew (a consistency proof between two heads),
and that the heads form one chain.

The service recomputes everything from the receipts and compares it with what was published: the
first batch whose recomputed head differs is where the chain broke (a tampered receipt breaks its
own batch and, the log being cumulative, every later head).

Each draw is also checked on its own: the revealed server seed hashes to the committed one, and the
outcome is the one its seeds give (``outcome_of``).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from generator.hashing import canonical
from generator.platform import merkle
from generator.platform.export import Platform
from generator.platform.models import Digest, Draw, DrawProduct
from generator.web.envelope import iso

RECEIPT_FIELDS = (
    "receipt_id",
    "product",
    "committed_at",
    "server_seed_sha256",
    "server_seed",
    "client_seed",
    "nonce",
    "revealed_at",
    "outcome",
    "batch",
)


def outcome_of(product: DrawProduct, server_seed: str, client_seed: str, nonce: int) -> str:
    """The outcome a draw's seeds give: the first 8 bytes of HMAC-SHA256(key = server seed bytes,
    message = "<client_seed>:<nonce>") as an unsigned integer v; the point ``v * W // 2**64`` in
    [0, W) for total weight W picks the tier whose cumulative weight range holds it."""
    mac = hmac.new(bytes.fromhex(server_seed), f"{client_seed}:{nonce}".encode(), hashlib.sha256).digest()
    total = sum(t.weight for t in product.tiers)
    point = int.from_bytes(mac[:8], "big") * total // 2**64
    for tier in product.tiers:
        if point < tier.weight:
            return tier.outcome
        point -= tier.weight
    raise AssertionError("unreachable: point < total weight")


def receipt(draw: Draw) -> dict[str, Any]:
    """A revealed draw as published: every field but the user."""
    values = draw.model_dump(include=set(RECEIPT_FIELDS))
    assert draw.revealed_at is not None, "only revealed draws are published"
    values["committed_at"], values["revealed_at"] = iso(draw.committed_at), iso(draw.revealed_at)
    return {name: values[name] for name in RECEIPT_FIELDS}


@dataclass(frozen=True)
class Head:
    batch: int
    size: int  # receipts in this batch
    tree_size: int  # receipts in the log after this batch
    root: str
    batch_root: str
    previous: str | None
    batch_hash: str


@dataclass(frozen=True)
class Chain:
    receipts: tuple[dict[str, Any], ...]  # in log order
    leaves: tuple[bytes, ...]
    heads: tuple[Head, ...]

    def head(self, batch: int) -> Head | None:
        return next((h for h in self.heads if h.batch == batch), None)

    def index_of(self, receipt_id: str) -> int | None:
        return next((i for i, r in enumerate(self.receipts) if r["receipt_id"] == receipt_id), None)


def batch_hash(batch: int, tree_size: int, root: str, batch_root: str, previous: str | None) -> str:
    head = {"batch": batch, "tree_size": tree_size, "root": root, "batch_root": batch_root, "previous": previous}
    return hashlib.sha256(canonical(head)).hexdigest()


def build_chain(draws: Sequence[Draw]) -> Chain:
    revealed = sorted((d for d in draws if d.revealed), key=lambda d: (d.batch, d.revealed_at, d.receipt_id))
    receipts = tuple(receipt(d) for d in revealed)
    leaves = tuple(merkle.leaf_hash(canonical(r)) for r in receipts)
    heads: list[Head] = []
    start, previous = 0, None
    for batch in sorted({d.batch for d in revealed if d.batch is not None}):
        end = start + sum(1 for d in revealed if d.batch == batch)
        root, batch_root = merkle.root(leaves[:end]).hex(), merkle.root(leaves[start:end]).hex()
        digest = batch_hash(batch, end, root, batch_root, previous)
        heads.append(Head(batch, end - start, end, root, batch_root, previous, digest))
        start, previous = end, digest
    return Chain(receipts, leaves, tuple(heads))


@dataclass(frozen=True)
class Audit:
    """The recomputed chain against the published digests, and each draw against its commitment."""

    chain: Chain
    published: dict[int, Digest]
    first_broken_batch: int | None  # the first batch whose recomputed head differs from the published
    unpublished_batches: tuple[int, ...]  # batches with receipts but no published head
    commitment_failures: tuple[str, ...]  # receipt ids whose seed does not hash to the commitment
    outcome_failures: tuple[str, ...]  # receipt ids whose outcome is not what the seeds give

    @property
    def intact(self) -> bool:
        return self.first_broken_batch is None and not self.commitment_failures and not self.outcome_failures

    def matches(self, head: Head) -> bool:
        digest = self.published.get(head.batch)
        return digest is not None and _same(digest, head)


def audit(platform: Platform) -> Audit:
    """The chain recomputed and compared with the published heads (once per loaded export: the
    app's ``?receipt=`` and ``?batch=`` answers share it)."""
    return platform.derived("draw audit", lambda: _audit(platform))


def _audit(platform: Platform) -> Audit:
    chain = build_chain(platform.rows("draws"))
    published = {d.batch: d for d in platform.rows("digests")}
    broken = [h.batch for h in chain.heads if h.batch in published and not _same(published[h.batch], h)]
    products = {p.product: p for p in platform.rows("draw_products")}
    revealed = [d for d in platform.rows("draws") if d.revealed]
    commitment = tuple(
        d.receipt_id
        for d in revealed
        if hashlib.sha256(bytes.fromhex(d.server_seed or "")).hexdigest() != d.server_seed_sha256
    )
    outcome = tuple(
        d.receipt_id
        for d in revealed
        if outcome_of(products[d.product], d.server_seed or "", d.client_seed, d.nonce) != d.outcome
    )
    unpublished = tuple(h.batch for h in chain.heads if h.batch not in published)
    return Audit(chain, published, min(broken) if broken else None, unpublished, commitment, outcome)


def _same(digest: Digest, head: Head) -> bool:
    return (digest.tree_size, digest.root, digest.batch_hash) == (head.tree_size, head.root, head.batch_hash)
