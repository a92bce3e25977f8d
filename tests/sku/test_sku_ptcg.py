"""The Pokemon numbers a SKU cannot spell (docs/sku.md): folded in the SKU, published as printed."""

from __future__ import annotations

from generator.sku.ptcg import number_token, printed_number


def test_unown_s_symbols_fold_into_the_sku_and_come_back_as_printed():
    assert [number_token(n) for n in ("!", "?", "4", "tg01")] == ["exclamation", "question", "4", "tg01"]
    assert [printed_number("ptcg", t) for t in ("exclamation", "question", "4")] == ["!", "?", "4"]
    assert printed_number("fab", "exclamation") == "exclamation"  # another game's number is its own
