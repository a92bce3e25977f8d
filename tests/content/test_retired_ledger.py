"""The retired-SKU ledger (``content/retired_skus.yaml``): typed, validated at load (issue 35, item 3)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from generator.content import CONTENT_ROOT
from generator.content.retired import RetiredSkus, load_retired, minted_retired

REASONS = {"r": {"retired_on": "2026-11-25", "text": "why"}}


def ledger(*entries: dict) -> RetiredSkus:
    return RetiredSkus(reasons=REASONS, retired=entries)


def test_the_committed_ledger_loads_with_the_issue_s_retired_skus():
    retired = load_retired(CONTENT_ROOT).by_sku()
    assert retired["fab-win-001-en-ng"].successor == "fab-win-001-en-nc"  # the issue's Gold Cold Foil WIN001
    assert {s: r.successor for s, r in retired.items() if s.startswith("lor-9-0-")} == {
        f"lor-9-0-{lang}": f"lor-10-0-{lang}" for lang in ("de", "en", "fr", "it")
    }
    assert sum(1 for s in retired if s.startswith("fab-")) == 55  # retired by the FaB pairing


@pytest.mark.parametrize(
    ("entries", "problem"),
    [
        (({"sku": "FAB-X-1-en", "successor": "fab-x-1-en-nc", "reason": "r"},), "not a SKU"),
        (({"sku": "fab-x-1-en", "successor": "fab-x-1-en-nc", "reason": "other"},), "reason"),
        (({"sku": "fab-x-1-en", "successor": "fab-x-1-en", "reason": "r"},), "retired too"),
        (
            (
                {"sku": "fab-x-1-en", "successor": "fab-x-1-en-nc", "reason": "r"},
                {"sku": "fab-x-1-en-nc", "successor": "fab-x-1-en-nr", "reason": "r"},
            ),
            "retired too",
        ),
        (
            (
                {"sku": "fab-x-1-en", "successor": "fab-x-1-en-nc", "reason": "r"},
                {"sku": "fab-x-1-en", "successor": "fab-x-1-en-nr", "reason": "r"},
            ),
            "retired twice",
        ),
    ],
)
def test_a_ledger_that_contradicts_itself_fails_at_load(entries, problem):
    with pytest.raises(ValidationError, match=problem):
        ledger(*entries)


def test_minting_a_retired_sku_is_named_with_its_successor_and_the_row():
    found = ledger({"sku": "fab-win-001-en-ng", "successor": "fab-win-001-en-nc", "reason": "r"})
    lines = minted_retired(found, [("fab-win-001-en-ng", "the-fab-cube", "WIN001"), ("fab-win-001-en-nc", "x", "y")])
    assert lines == [
        "fab-win-001-en-ng is retired (r, successor fab-win-001-en-nc) but the-fab-cube row WIN001 would mint it again"
    ]
