"""Fixtures shared by the play tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

# Test-only code: sets up a tutorial worked example's partial snapshot as an engine state. tests/play is
# on sys.path while pytest imports this conftest (its default "prepend" import mode).
import replay as worked_example_replay

from generator.models.onepiece import OnePieceCard

CATALOG = Path(__file__).resolve().parents[2] / "state" / "catalog.duckdb"


@pytest.fixture(scope="session")
def replay() -> Callable:
    """``replay(example, cards, rules)``: one worked example run through the real engine."""
    return worked_example_replay.replay


@pytest.fixture(scope="session")
def real_cards() -> dict[str, OnePieceCard]:
    """The real One Piece cards of the ingested catalog, by card id."""
    if not CATALOG.exists():
        pytest.skip(f"no catalog at {CATALOG} (run the ingest first)")
    import duckdb

    from generator.catalog.queries import onepiece_cards

    with duckdb.connect(str(CATALOG), read_only=True) as con:
        return onepiece_cards(con)
