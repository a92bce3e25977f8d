"""The README's claims, checked: how much it says is served, and its deck-validation examples answer
what it says they answer."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from generator.catalog import queries
from generator.contract.openapi import operations
from generator.play.decks.request import parse_request
from generator.play.decks.rules import load_rules
from generator.play.decks.validator import validate_deck
from generator.site import load_site
from generator.surfaces.families import surfaces

ROOT = Path(__file__).resolve().parents[1]
README_DAY = dt.date(2026, 11, 24)  # the day the examples were last checked against the catalog


@pytest.fixture(scope="module")
def cards(real_ingest):
    with queries.connect(real_ingest.catalog) as con:
        return queries.onepiece_cards(con)


def test_the_legal_deck_example_is_valid_in_standard(cards) -> None:
    body = (ROOT / "docs" / "examples" / "legal-deck.json").read_bytes()
    assert "legal-deck.json" in (ROOT / "README.md").read_text()
    verdict = validate_deck(parse_request(body), cards, load_rules(), README_DAY)
    assert verdict.valid, verdict.violations
    assert json.loads(body)["format"] == "standard" and len(json.loads(body)["main_deck_card_ids"]) == 50


def test_the_violation_example_lists_its_violations(cards) -> None:
    body = b'{"leader_id": "OP01-001", "main_deck_card_ids": ["OP01-016"], "format": "standard"}'
    verdict = validate_deck(parse_request(body), cards, load_rules(), README_DAY)
    codes = {issue.code for issue in verdict.violations}
    assert not verdict.valid and len(codes) >= 2, codes


def test_the_served_count_it_states_is_the_registrys() -> None:
    stated = re.search(
        r"Today that is (\d+) method/path operations on (\d+) surfaces", (ROOT / "README.md").read_text()
    )
    assert stated, "the README no longer says how much is served"
    registry = surfaces(load_site())
    assert (int(stated[1]), int(stated[2])) == (sum(len(operations(s)) for s in registry), len(registry))
