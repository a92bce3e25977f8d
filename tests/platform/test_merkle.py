"""generator.platform.merkle against RFC 9162 and an independent verifier (tests/platform/rfc9162.py)."""

from __future__ import annotations

import rfc9162

from generator.platform import merkle

# The Certificate Transparency reference test vectors: eight leaves and the tree head of each prefix.
LEAVES = [
    b"",
    b"\x00",
    b"\x10",
    b"\x20\x21",
    b"\x30\x31",
    b"\x40\x41\x42\x43",
    bytes(range(0x50, 0x58)),
    bytes(range(0x60, 0x70)),
]
ROOTS = [
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]


def test_roots_match_the_reference_vectors() -> None:
    hashed = [merkle.leaf_hash(x) for x in LEAVES]
    assert [merkle.root(hashed[:n]).hex() for n in range(1, 9)] == ROOTS
    assert merkle.root([]).hex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_every_inclusion_proof_verifies_both_ways_and_a_wrong_one_does_not() -> None:
    for size in range(1, 70):
        leaves = [merkle.leaf_hash(i.to_bytes(2, "big")) for i in range(size)]
        head = merkle.root(leaves)
        for index in range(size):
            proof = merkle.inclusion_proof(index, leaves)
            assert rfc9162.inclusion_holds(index, size, leaves[index], proof, head), (size, index)
            assert merkle.verify_inclusion(leaves[index], index, size, proof, head)
            other = leaves[(index + 1) % size] if size > 1 else merkle.leaf_hash(b"x")
            assert not rfc9162.inclusion_holds(index, size, other, proof, head)
            assert not merkle.verify_inclusion(other, index, size, proof, head)


def test_every_consistency_proof_verifies_both_ways_and_a_forged_root_does_not() -> None:
    for size in range(1, 40):
        leaves = [merkle.leaf_hash(i.to_bytes(2, "big")) for i in range(size)]
        head = merkle.root(leaves)
        for old in range(1, size + 1):
            proof = merkle.consistency_proof(old, leaves)
            old_root = merkle.root(leaves[:old])
            assert rfc9162.consistency_holds(old, size, old_root, head, proof), (old, size)
            assert merkle.verify_consistency(old, size, old_root, head, proof)
            if old < size:
                forged = merkle.leaf_hash(b"forged")
                assert not rfc9162.consistency_holds(old, size, forged, head, proof)
                assert not merkle.verify_consistency(old, size, old_root, forged, proof)
