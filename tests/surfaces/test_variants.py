"""A card's ``variant`` member names a base that resolves, or the slot it is read within (issue 35, item 2).

Over a small stand-in snapshot (only ``printing`` and ``printings_of_number`` are read), so each game's
shape is stated here; the real catalog's counts are in tests/test_real_catalog_fidelity.py.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from generator.models.catalog.universal import Variant
from generator.models.rows import Printing
from generator.sku.standard import Sku
from generator.surfaces.catalog.variants import variant_member


def printing(sku: str) -> Printing:
    parts = Sku.parse(sku)
    return Printing(
        sku=sku,
        game=parts.game,
        set_code=parts.set,
        number=parts.number,
        lang=parts.lang,
        variant=parts.variant,
        card_key="card",
        name="Testo",
        rarity=None,
        attrs={},
        sources=("test",),
    )


@dataclass(frozen=True)
class Catalog:
    skus: tuple[str, ...]

    def printing(self, sku: str) -> Printing | None:
        return printing(sku) if sku in self.skus else None

    def printings_of_number(self, game: str, set_code: str, number: str) -> tuple[Printing, ...]:
        of_set = (printing(s) for s in self.skus if s.startswith(f"{game}-{set_code}-"))
        return tuple(p for p in of_set if p.number == number)


def member(ctx, skus: tuple[str, ...], sku: str) -> dict:
    found = variant_member(replace(ctx, snapshot=Catalog(skus)), printing(sku))
    assert found is not None
    Variant.model_validate(found)  # the published model admits it
    return found


@pytest.mark.parametrize(
    ("skus", "sku", "base"),
    [
        (("op-op01-001-en", "op-op01-001-en-p1"), "op-op01-001-en-p1", "op-op01-001-en"),
        # a release's first art is read against the main list, never against itself
        (("op-op01-001-en", "op-op01-001-en-asia"), "op-op01-001-en-asia", "op-op01-001-en"),
        (
            ("op-op01-001-en", "op-op01-001-en-asia", "op-op01-001-en-asiap1"),
            "op-op01-001-en-asiap1",
            "op-op01-001-en-asia",
        ),
        # an Asia English parallel art whose release has no first art: the main list's
        (("op-op01-001-en", "op-op01-001-en-asiap1"), "op-op01-001-en-asiap1", "op-op01-001-en"),
        (("fab-wtr-001-en", "fab-wtr-001-en-nr"), "fab-wtr-001-en-nr", "fab-wtr-001-en"),
        (("lor-p2-26-en", "lor-p2-26-en-vaiana"), "lor-p2-26-en-vaiana", "lor-p2-26-en"),
    ],
)
def test_a_published_base_is_named(ctx, skus, sku, base):
    found = member(ctx, skus, sku)
    assert found["base_sku"] == base and "relative_to" not in found


@pytest.mark.parametrize(
    ("skus", "sku"),
    [
        (("fab-wtr-001-en-as", "fab-wtr-001-en-us"), "fab-wtr-001-en-as"),  # WTR: Alpha and Unlimited only
        (("lor-c2-5-en-s7", "lor-c2-5-en-s9"), "lor-c2-5-en-s9"),
        (("ptcg-cel25c-15-en-a1", "ptcg-cel25c-15-en-a2"), "ptcg-cel25c-15-en-a1"),
        (("op-op17-062-en-asia", "op-op17-062-en-asiap1"), "op-op17-062-en-asia"),
    ],
)
def test_without_a_published_base_the_slot_and_its_printings_are_named(ctx, skus, sku):
    found = member(ctx, skus, sku)
    assert found["base_sku"] is None
    basis = found["relative_to"]
    assert basis["slot"] == str(Sku.parse(sku).base)
    assert basis["printings"] == sorted(skus) and basis["reason"]
