"""Response models of the draw verification surfaces (spec section D, ``/api/verify/*``).
Hashes are lowercase hex SHA-256 (RFC 9162 trees; docs/platform-export.md says how)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, RootModel

from generator.models.frozen import Doc

HEX = r"^[0-9a-f]{64}$"


class BatchHead(Doc):
    batch: int
    size: int = Field(description="receipts in this batch")
    tree_size: int = Field(description="receipts in the log once this batch closed")
    root: str = Field(pattern=HEX, description="RFC 9162 root of the whole log at tree_size")
    batch_root: str = Field(pattern=HEX, description="RFC 9162 root of this batch's receipts alone")
    previous: str | None = Field(pattern=HEX, description="the previous batch's batch_hash")
    batch_hash: str = Field(pattern=HEX)
    published_at: str | None = Field(description="when the platform published this head; null: never")
    matches_published: bool = Field(description="the recomputed head equals the published one")


class Receipt(Doc):
    receipt_id: str
    product: str
    committed_at: str
    server_seed_sha256: str = Field(pattern=HEX)
    server_seed: str = Field(pattern=HEX)
    client_seed: str
    nonce: int
    revealed_at: str
    outcome: str
    batch: int


class WithheldReceipt(Doc):
    """A receipt of a product under the fairness threshold (fewer than 100 revealed draws): its
    outcome, product, seeds and times are withheld as the fairness counts are; its leaf hash is
    given, so the batch root still recomputes, and its holder checks it against that hash."""

    receipt_id: str
    withheld: Literal[True]
    leaf_hash: str = Field(pattern=HEX, description="SHA-256(0x00 || RFC 8785 canonical JSON of the receipt)")


class DrawChain(Doc):
    kind: Literal["draw_chain"] = Field(alias="@kind")
    algorithm: dict[str, str]
    tree_size: int
    intact: bool
    first_broken_batch: int | None
    batches: tuple[BatchHead, ...]
    sample: bool


class DrawInclusion(Doc):
    kind: Literal["draw_inclusion"] = Field(alias="@kind")
    receipt: Receipt | WithheldReceipt
    leaf_index: int
    leaf_hash: str = Field(pattern=HEX)
    head: BatchHead
    audit_path: tuple[str, ...]


class DrawConsistency(Doc):
    kind: Literal["draw_consistency"] = Field(alias="@kind")
    from_: BatchHead = Field(alias="from")
    to: BatchHead
    proof: tuple[str, ...]


class DrawBatch(Doc):
    kind: Literal["draw_batch"] = Field(alias="@kind")
    head: BatchHead
    receipts: tuple[Receipt | WithheldReceipt, ...]
    withheld: int = Field(description="receipts of products under the fairness threshold, given as leaf hashes only")


class ChainAnswer(RootModel[DrawChain | DrawInclusion | DrawConsistency | DrawBatch]):
    """The chain, or (by query) one receipt's inclusion proof, a consistency proof, or a batch."""

    model_config = {"frozen": True}


class Digest(Doc):
    batch: int
    published_at: str
    tree_size: int
    root: str = Field(pattern=HEX)
    batch_hash: str = Field(pattern=HEX)
    recomputed: bool = Field(description="the chain recomputed from the receipts gives this head")


class DrawDigests(Doc):
    kind: Literal["draw_digests"] = Field(alias="@kind")
    count: int
    digests: tuple[Digest, ...]
    unpublished_batches: tuple[int, ...]
    sample: bool


class Declared(Doc):
    outcome: str
    declared_share: float
    weight: int


class Observed(Doc):
    outcome: str
    count: int
    observed_share: float


class FitTest(Doc):
    method: Literal["pearson-chi-square"]
    statistic: float
    degrees_of_freedom: int
    p_value: float


class ProductFairness(Doc):
    product: str
    name: str
    declared: tuple[Declared, ...]
    draws: int | str = Field(description="revealed draws, or '<N' when below the threshold")
    withheld: bool = Field(description="true: too few draws; counts and the test are withheld")
    observed: tuple[Observed, ...] | None
    test: FitTest | None


class DrawFairness(Doc):
    kind: Literal["draw_fairness"] = Field(alias="@kind")
    min_draws_for_counts: int
    products: tuple[ProductFairness, ...]
    sample: bool


class ExportState(Doc):
    schema_: str = Field(alias="schema")
    exported_at: str
    sample: bool
    quarantined_rows: dict[str, dict[str, int]]


class VerifyHealth(Doc):
    kind: Literal["verify_health"] = Field(alias="@kind")
    status: Literal["ok", "degraded", "failing"]
    chain_intact: bool
    first_broken_batch: int | None
    unpublished_batches: tuple[int, ...]
    commitment_failures: tuple[str, ...]
    outcome_failures: tuple[str, ...]
    receipts_revealed: int
    receipts_pending: int
    batches: int
    last_digest_at: str | None
    export: ExportState
