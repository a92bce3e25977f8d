"""A small verifier of RFC 9162 proofs written for the tests, apart from generator.platform.merkle:
it rebuilds the root by following the RFC's recursive definitions (MTH, PATH, SUBPROOF) rather
than the bit-walking algorithm the service uses, so the two agree only if both are right.
A helper module, not a test module."""

from __future__ import annotations

import hashlib


def leaf(data: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + data).digest()


def node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def split(n: int) -> int:
    return 1 << ((n - 1).bit_length() - 1)


def mth(leaves: list[bytes]) -> bytes:
    """MTH(D[n]) over leaf hashes (RFC 9162 2.1.1): the empty tree is SHA-256 of nothing."""
    if not leaves:
        return hashlib.sha256(b"").digest()
    if len(leaves) == 1:
        return leaves[0]
    k = split(len(leaves))
    return node(mth(leaves[:k]), mth(leaves[k:]))


def root_from_path(index: int, size: int, leaf_hash: bytes, path: list[bytes]) -> bytes | None:
    """The root PATH(index, D[size]) implies, or None when the path has the wrong length."""
    if size == 1:
        return leaf_hash if not path else None
    if not path:
        return None
    k, sibling = split(size), path[-1]
    if index < k:
        below = root_from_path(index, k, leaf_hash, path[:-1])
        return None if below is None else node(below, sibling)
    below = root_from_path(index - k, size - k, leaf_hash, path[:-1])
    return None if below is None else node(sibling, below)


def roots_from_consistency(m: int, n: int, old_root: bytes, proof: list[bytes], whole: bool = True):
    """(old root, new root) that SUBPROOF(m, D[n], whole) implies, or None."""
    if m == n:
        if whole:
            return (old_root, old_root) if not proof else None
        return (proof[0], proof[0]) if len(proof) == 1 else None
    if not proof:
        return None
    k, last = split(n), proof[-1]
    if m <= k:
        inner = roots_from_consistency(m, k, old_root, proof[:-1], whole)
        return None if inner is None else (inner[0], node(inner[1], last))
    inner = roots_from_consistency(m - k, n - k, old_root, proof[:-1], False)
    return None if inner is None else (node(last, inner[0]), node(last, inner[1]))


def inclusion_holds(index: int, size: int, leaf_hash: bytes, path: list[bytes], root: bytes) -> bool:
    return 0 <= index < size and root_from_path(index, size, leaf_hash, path) == root


def consistency_holds(m: int, n: int, old_root: bytes, new_root: bytes, proof: list[bytes]) -> bool:
    found = roots_from_consistency(m, n, old_root, proof) if 0 < m <= n else None
    return found == (old_root, new_root)


def receipt_holds(proof: dict, digest: dict, held: dict | None = None) -> bool:
    """What a client of /api/verify/chain?receipt= does: hash the receipt (RFC 8785) as a leaf,
    rebuild the root from the audit path, and compare it with the published head. A withheld
    receipt is checked by its holder, who hashes the copy ``held``."""
    import rfc8785

    receipt = held if proof["receipt"].get("withheld") else proof["receipt"]
    leaf_hash = leaf(rfc8785.dumps(receipt))
    if leaf_hash.hex() != proof["leaf_hash"] or proof["head"]["tree_size"] != digest["tree_size"]:
        return False
    path = [bytes.fromhex(p) for p in proof["audit_path"]]
    return inclusion_holds(proof["leaf_index"], digest["tree_size"], leaf_hash, path, bytes.fromhex(digest["root"]))


def consistency_holds_for(answer: dict, first: dict, last: dict) -> bool:
    """A consistency proof from /api/verify/chain?from=&to= between two published heads."""
    proof = [bytes.fromhex(p) for p in answer["proof"]]
    old, new = bytes.fromhex(first["root"]), bytes.fromhex(last["root"])
    return consistency_holds(first["tree_size"], last["tree_size"], old, new, proof)
