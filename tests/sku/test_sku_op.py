"""The One Piece variant grammar (``generator/sku/op.py``, docs/sku.md): release, art, kind, base."""

from __future__ import annotations

import pytest

from generator.ingest.onepiece_common import ASIA, sku_for
from generator.sku.op import base_printing, variant_of
from generator.sku.standard import Sku


@pytest.mark.parametrize(
    "image_id, release, sku",
    [
        ("OP01-001", None, "op-op01-001-en"),
        ("OP01-001_p1", None, "op-op01-001-en-p1"),
        ("OP01-001", ASIA, "op-op01-001-en-asia"),
        ("OP01-001_p1", ASIA, "op-op01-001-en-asiap1"),
        ("P-029_r1", ASIA, "op-p-029-en-asiar1"),
    ],
)
def test_a_release_leads_the_variant(image_id, release, sku):
    assert str(sku_for(image_id, "en", release)) == sku


@pytest.mark.parametrize(
    "token, release, art, kind",
    [
        ("p1", None, "p1", "parallel art"),
        ("r2", None, "r2", "reprint art"),
        ("asia", "asia", None, "Asia English release"),
        ("asiap3", "asia", "p3", "parallel art, Asia English release"),
        ("asiar1", "asia", "r1", "reprint art, Asia English release"),
        ("x1", None, "x1", "variant"),  # a shape the grammar does not know: art, never a guessed release
        ("promo", None, "promo", "variant"),
    ],
)
def test_variant_parts_and_kind(token, release, art, kind):
    variant = variant_of(token)
    assert (variant.release, variant.art, variant.kind) == (release, art, kind)


@pytest.mark.parametrize(
    "sku, base",
    [
        ("op-op01-001-en-p1", "op-op01-001-en"),
        ("op-op01-001-en-asiap1", "op-op01-001-en-asia"),
        ("op-op01-001-en-asia", "op-op01-001-en-asia"),
        ("op-op01-001-ja-p2", "op-op01-001-ja"),
    ],
)
def test_the_base_printing_is_the_first_art_of_the_same_release(sku, base):
    assert str(base_printing(Sku.parse(sku))) == base
