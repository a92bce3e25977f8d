"""Verification of draws (spec section D): ``/api/verify/chain``, ``/digests``, ``/fairness``, ``/health``.

Everything here is recomputed from the revealed receipts of the export (``generator.platform.chain``)
and compared with the tree heads the platform published, so a client can check us rather than
trust us: ``?receipt=`` gives a receipt with its RFC 9162 inclusion proof against its batch's
head, ``?from=&to=`` a consistency proof between two heads, ``?batch=`` a batch's receipts.
The plain documents are files; the query variants are computed by the app from the same export.
A product under the fairness threshold has its receipts withheld here as its counts are there (its
leaf hashes stand in, so every root still recomputes): the same rule in every view.
"""

from __future__ import annotations

from typing import Any

from generator.models.market import verify as docs
from generator.platform import merkle
from generator.platform.chain import Audit, Head, audit
from generator.platform.fairness import MIN_DRAWS, product_fairness, withheld_products
from generator.site import Site
from generator.surfaces.market.platform_access import SAMPLE_NOTE, platform_of
from generator.web.envelope import iso
from generator.web.surface import Context, Param, Params, Query, Result, Surface, error

ALGORITHM = {
    "leaf": "SHA-256(0x00 || RFC 8785 canonical JSON of the receipt)",
    "node": "SHA-256(0x01 || left || right)",
    "tree": "RFC 9162 section 2.1 (split at the largest power of two below n)",
    "batch_hash": "SHA-256 of RFC 8785 canonical JSON of {batch, tree_size, root, batch_root, previous}",
    "outcome": "first 8 bytes of HMAC-SHA256(server_seed bytes, '<client_seed>:<nonce>') as v; "
    "v * total_weight // 2**64 picks the tier by cumulative weight",
    "commitment": "SHA-256(server_seed bytes) = server_seed_sha256",
}


def _head(found: Audit, head: Head) -> dict[str, Any]:
    digest = found.published.get(head.batch)
    return {
        "batch": head.batch,
        "size": head.size,
        "tree_size": head.tree_size,
        "root": head.root,
        "batch_root": head.batch_root,
        "previous": head.previous,
        "batch_hash": head.batch_hash,
        "published_at": iso(digest.published_at) if digest else None,
        "matches_published": found.matches(head),
    }


def chain(ctx: Context, params: Params, query: Query) -> Result:
    found = audit(platform_of(ctx))
    if "receipt" in query:
        return _inclusion(found, query["receipt"], _withheld(ctx))
    if "from" in query or "to" in query:
        return _consistency(found, query.get("from", ""), query.get("to", ""))
    if "batch" in query:
        return _batch(found, query["batch"], _withheld(ctx))
    data = {
        "@kind": "draw_chain",
        "algorithm": ALGORITHM,
        "tree_size": len(found.chain.leaves),
        "intact": found.intact,
        "first_broken_batch": found.first_broken_batch,
        "batches": [_head(found, h) for h in found.chain.heads],
        "sample": platform_of(ctx).sample,
    }
    return Result(data=data)


def _number(text: str, name: str) -> int:
    """A batch number the declaration has already checked (a positive integer)."""
    return int(text)


def _published(found: Audit, index: int, withheld: frozenset[str]) -> dict[str, Any]:
    """The receipt at ``index`` as published: whole, or its leaf hash alone when its product is
    under the fairness threshold (the counts the fairness view withholds would otherwise be a tally
    of these, ``generator.platform.fairness``)."""
    receipt = found.chain.receipts[index]
    if receipt["product"] not in withheld:
        return receipt
    return {"receipt_id": receipt["receipt_id"], "withheld": True, "leaf_hash": found.chain.leaves[index].hex()}


def _withheld(ctx: Context) -> frozenset[str]:
    platform = platform_of(ctx)
    return platform.derived("withheld products", lambda: withheld_products(platform.rows("draws")))


def _inclusion(found: Audit, receipt_id: str, withheld: frozenset[str]) -> Result:
    index = found.chain.index_of(receipt_id)
    if index is None:
        return error(404, "receipt_not_found", f"no revealed receipt {receipt_id!r}")
    receipt = found.chain.receipts[index]
    head = found.chain.head(receipt["batch"])
    assert head is not None
    proof = merkle.inclusion_proof(index, found.chain.leaves[: head.tree_size])
    data = {
        "@kind": "draw_inclusion",
        "receipt": _published(found, index, withheld),
        "leaf_index": index,
        "leaf_hash": found.chain.leaves[index].hex(),
        "head": _head(found, head),
        "audit_path": [p.hex() for p in proof],
    }
    return Result(data=data)


def _consistency(found: Audit, first: str, second: str) -> Result:
    """Between the heads of batches ``first`` (default 1) and ``second`` (default the latest), the
    earlier head first whichever order they are given in (the answer names both heads)."""
    old = _number(first or "1", "from")
    new = _number(second or str(len(found.chain.heads)), "to")
    if isinstance(old, Result):
        return old
    if isinstance(new, Result):
        return new
    a, b = found.chain.head(old), found.chain.head(new)
    if a is None or b is None:
        return error(404, "batch_not_found", f"batches run from 1 to {len(found.chain.heads)}")
    if a.tree_size > b.tree_size:
        a, b = b, a
    proof = merkle.consistency_proof(a.tree_size, found.chain.leaves[: b.tree_size])
    data = {"@kind": "draw_consistency", "from": _head(found, a), "to": _head(found, b)}
    return Result(data=data | {"proof": [p.hex() for p in proof]})


def _batch(found: Audit, text: str, withheld: frozenset[str]) -> Result:
    number = _number(text, "batch")
    if isinstance(number, Result):
        return number
    head = found.chain.head(number)
    if head is None:
        return error(404, "batch_not_found", f"batches run from 1 to {len(found.chain.heads)}")
    receipts = [_published(found, i, withheld) for i in range(head.tree_size - head.size, head.tree_size)]
    hidden = sum(1 for r in receipts if r.get("withheld"))
    return Result(data={"@kind": "draw_batch", "head": _head(found, head), "receipts": receipts, "withheld": hidden})


def digests(ctx: Context, params: Params, query: Query) -> Result:
    found = audit(platform_of(ctx))
    heads = {h.batch: h for h in found.chain.heads}
    history = [
        {
            "batch": d.batch,
            "published_at": iso(d.published_at),
            "tree_size": d.tree_size,
            "root": d.root,
            "batch_hash": d.batch_hash,
            "recomputed": d.batch in heads and found.matches(heads[d.batch]),
        }
        for d in sorted(found.published.values(), key=lambda d: d.batch)
    ]
    data = {"@kind": "draw_digests", "count": len(history), "digests": history}
    return Result(
        data=data | {"unpublished_batches": list(found.unpublished_batches), "sample": platform_of(ctx).sample}
    )


def fairness(ctx: Context, params: Params, query: Query) -> Result:
    platform = platform_of(ctx)
    draws = list(platform.rows("draws"))
    products = [product_fairness(p, draws) for p in platform.rows("draw_products")]
    data = {"@kind": "draw_fairness", "min_draws_for_counts": MIN_DRAWS, "products": products}
    return Result(data=data | {"sample": platform.sample})


def health(ctx: Context, params: Params, query: Query) -> Result:
    platform = platform_of(ctx)
    found = audit(platform)
    draws = platform.rows("draws")
    last = max((d.published_at for d in found.published.values()), default=None)
    quarantined = sum(n for reasons in platform.quarantined.values() for n in reasons.values())
    problems = bool(found.commitment_failures or found.outcome_failures or found.first_broken_batch)
    data = {
        "@kind": "verify_health",
        "status": "failing" if problems else "degraded" if found.unpublished_batches or quarantined else "ok",
        "chain_intact": found.first_broken_batch is None,
        "first_broken_batch": found.first_broken_batch,
        "unpublished_batches": list(found.unpublished_batches),
        "commitment_failures": list(found.commitment_failures),
        "outcome_failures": list(found.outcome_failures),
        "receipts_revealed": sum(1 for d in draws if d.revealed),
        "receipts_pending": sum(1 for d in draws if not d.revealed),
        "batches": len(found.chain.heads),
        "last_digest_at": iso(last) if last else None,
        "export": {
            "schema": platform.info.schema_,
            "exported_at": iso(platform.info.exported_at),
            "sample": platform.sample,
            "quarantined_rows": platform.quarantined,
        },
    }
    return Result(data=data)


def surfaces(site: Site) -> tuple[Surface, ...]:
    common: dict[str, Any] = {
        "family": "D",
        "enumerate": lambda ctx: [{}],
        "freshness": "status",
        "provenance_kind": "computed",
        "since": "2026-11-25",
        "stability": "beta",
    }
    not_included = (SAMPLE_NOTE, "who drew: receipts carry no user")
    withheld = f"the receipts of a product under {MIN_DRAWS} revealed draws, as their leaf hashes only"
    chain_params = (
        Param("receipt", description="a receipt id: the receipt with its inclusion proof"),
        Param("batch", type="integer", minimum=1, description="a batch number: its receipts"),
        Param("from", type="integer", minimum=1, description="a consistency proof from this batch's head (default 1)"),
        Param("to", type="integer", minimum=1, description="to this batch's head (default the latest)"),
    )
    return (
        Surface(
            "verify.chain",
            "/api/verify/chain",
            compute=chain,
            model=docs.ChainAnswer,
            query_params=chain_params,
            errors=(400, 404),
            summary="Hash-linked Merkle batches of revealed draw receipts, with inclusion and consistency proofs",
            does_not_include=(*not_included, withheld),
            **common,
        ),
        Surface(
            "verify.digests",
            "/api/verify/digests",
            compute=digests,
            does_not_include=not_included,
            model=docs.DrawDigests,
            summary="Every published tree head, each checked against the recomputed chain",
            **common,
        ),
        Surface(
            "verify.fairness",
            "/api/verify/fairness",
            compute=fairness,
            does_not_include=not_included,
            model=docs.DrawFairness,
            summary=f"Observed outcomes against declared odds (counts withheld below {MIN_DRAWS} draws)",
            **common,
        ),
        Surface(
            "verify.health",
            "/api/verify/health",
            compute=health,
            does_not_include=not_included,
            model=docs.VerifyHealth,
            summary="Aggregate status of the draw chain, commitments, outcomes and the export",
            **common,
        ),
    )
