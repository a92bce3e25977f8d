"""The ledger of retired SKUs (``content/retired_skus.yaml``): SKUs once published that no longer
name a printing of their own, each with its successor and why (docs/sku.md, "Retired SKUs").

Checked at load (a SKU that does not parse, a reason not defined, a SKU retired twice or retired to
itself, a successor that is itself retired fails the build, named), read by the ingest, which
refuses to mint a retired SKU (``minted_retired``), and by the card surfaces, which answer a
retired SKU with its successor.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from pathlib import Path

from pydantic import Field, field_validator, model_validator

from generator.content.catalog_policies import Frozen
from generator.sku.standard import Sku
from generator.yamlfile import load_yaml

FILE = "retired_skus.yaml"


class RetirementReason(Frozen):
    retired_on: dt.date
    text: str = Field(min_length=1)


class RetiredSku(Frozen):
    sku: str
    successor: str
    reason: str

    @field_validator("sku", "successor")
    @classmethod
    def _a_sku(cls, value: str) -> str:
        Sku.parse(value)  # raises with the reason: not a SKU
        return value


class RetiredSkus(Frozen):
    reasons: dict[str, RetirementReason]
    retired: tuple[RetiredSku, ...]

    @model_validator(mode="after")
    def _consistent(self) -> RetiredSkus:
        skus = [r.sku for r in self.retired]
        if twice := sorted({s for s in skus if skus.count(s) > 1}):
            raise ValueError(f"retired twice: {twice}")
        for entry in self.retired:
            if entry.reason not in self.reasons:
                raise ValueError(f"{entry.sku}: reason {entry.reason!r} is not one of {sorted(self.reasons)}")
            if entry.successor == entry.sku or entry.successor in skus:
                raise ValueError(f"{entry.sku}: its successor {entry.successor} is retired too (name the live SKU)")
        return self

    def entry(self, sku: str) -> RetiredSku | None:
        return next((r for r in self.retired if r.sku == sku), None)

    def by_sku(self) -> dict[str, RetiredSku]:
        return {r.sku: r for r in self.retired}


class MintedRetiredSku(Exception):
    """An ingest would publish a SKU the ledger retired: stop, never reuse it silently."""


def minted_retired(ledger: RetiredSkus, minted: Iterable[tuple[str, str, str]]) -> list[str]:
    """One line per retired SKU among ``minted`` ((sku, source id, upstream id) of each printing an
    ingest would publish), naming it, its successor and the row: empty when none is."""
    retired = ledger.by_sku()
    return [
        f"{sku} is retired ({retired[sku].reason}, successor {retired[sku].successor}) but {source} row "
        f"{upstream} would mint it again"
        for sku, source, upstream in minted
        if sku in retired
    ]


def load_retired(root: Path) -> RetiredSkus:
    """``root``: the content folder."""
    return RetiredSkus(**load_yaml(root / FILE))
