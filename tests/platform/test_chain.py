"""The draw chain: the sample is intact; any tampering is caught at the batch where it happened."""

from __future__ import annotations

import hashlib
from pathlib import Path

import orjson
import pytest
import rfc9162

from generator.hashing import canonical
from generator.platform.chain import audit, outcome_of
from generator.platform.export import load_platform
from generator.platform.sample import sample_records, write_export


@pytest.fixture
def export(tmp_path: Path) -> Path:
    return write_export(tmp_path / "export", sample_records())


def rewrite(folder: Path, table: str, change) -> None:
    path = folder / f"{table}.jsonl"
    rows = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    path.write_bytes(b"".join(orjson.dumps(r, option=orjson.OPT_SORT_KEYS) + b"\n" for r in change(rows)))


def test_the_sample_chain_is_intact_and_every_head_matches_what_was_published(export: Path) -> None:
    found = audit(load_platform(export))
    assert found.intact and found.first_broken_batch is None and not found.unpublished_batches
    assert len(found.chain.heads) == 6 and all(found.matches(h) for h in found.chain.heads)
    assert [h.previous for h in found.chain.heads[1:]] == [h.batch_hash for h in found.chain.heads[:-1]]


def test_each_receipt_is_in_its_published_head_by_the_independent_verifier(export: Path) -> None:
    platform = load_platform(export)
    found = audit(platform)
    published = {d.batch: d for d in platform.rows("digests")}
    from generator.platform import merkle

    for index, receipt in enumerate(found.chain.receipts):
        head = published[receipt["batch"]]
        leaf = rfc9162.leaf(canonical(receipt))
        proof = merkle.inclusion_proof(index, found.chain.leaves[: head.tree_size])
        assert rfc9162.inclusion_holds(index, head.tree_size, leaf, proof, bytes.fromhex(head.root))


def tamper_receipt(batch: int, field: str, value):
    def change(rows):
        target = sorted((r for r in rows if r.get("batch") == batch), key=lambda r: (r["revealed_at"], r["receipt_id"]))
        target[5][field] = value
        return rows

    return change


@pytest.mark.parametrize("batch", [1, 3, 6])
def test_a_tampered_outcome_breaks_the_chain_at_its_batch_and_is_named(export: Path, batch: int) -> None:
    rewrite(export, "draws", tamper_receipt(batch, "outcome", "secret"))
    found = audit(load_platform(export))
    assert found.first_broken_batch == batch
    assert not found.intact
    assert [h.batch for h in found.chain.heads if not found.matches(h)] == list(range(batch, 7))


def test_a_swapped_server_seed_fails_its_commitment(export: Path) -> None:
    rewrite(export, "draws", tamper_receipt(2, "server_seed", hashlib.sha256(b"other").hexdigest()))
    found = audit(load_platform(export))
    assert found.first_broken_batch == 2 and len(found.commitment_failures) == 1


def test_a_rewritten_digest_is_caught_at_that_batch(export: Path) -> None:
    rewrite(export, "digests", lambda rows: [r | {"root": "0" * 64} if r["batch"] == 4 else r for r in rows])
    assert audit(load_platform(export)).first_broken_batch == 4


def test_a_batch_without_a_published_head_is_reported(export: Path) -> None:
    rewrite(export, "digests", lambda rows: [r for r in rows if r["batch"] != 6])
    found = audit(load_platform(export))
    assert found.unpublished_batches == (6,) and found.first_broken_batch is None


def test_outcomes_follow_the_declared_weights_exactly() -> None:
    """The derivation picks by cumulative weight; checked against a direct HMAC computation."""
    import hmac

    from generator.platform.models import DrawProduct, OddsTier

    product = DrawProduct(
        product="pp", name="p", tiers=(OddsTier(outcome="a", weight=1), OddsTier(outcome="b", weight=3)), sample=True
    )
    for nonce in range(200):
        seed = hashlib.sha256(str(nonce).encode()).hexdigest()
        mac = hmac.new(bytes.fromhex(seed), f"c:{nonce}".encode(), hashlib.sha256).digest()
        expected = "a" if int.from_bytes(mac[:8], "big") < 2**64 // 4 else "b"
        assert outcome_of(product, seed, "c", nonce) == expected
