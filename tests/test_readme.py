"""The README's claims, checked: how much it says is served, and its deck-validation examples answer
what it says they answer."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
from pathlib import Path

import pytest

from generator.catalog import queries
from generator.contract.openapi import operations
from generator.play.decks.request import DeckRequest
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
    verdict = validate_deck(DeckRequest.model_validate_json(body), cards, load_rules(), README_DAY)
    assert verdict.valid, verdict.violations
    assert json.loads(body)["format"] == "standard" and len(json.loads(body)["main_deck_card_ids"]) == 50


def test_the_violation_example_lists_its_violations(cards) -> None:
    body = b'{"leader_id": "OP01-001", "main_deck_card_ids": ["OP01-016"], "format": "standard"}'
    verdict = validate_deck(DeckRequest.model_validate_json(body), cards, load_rules(), README_DAY)
    codes = {issue.code for issue in verdict.violations}
    assert not verdict.valid and len(codes) >= 2, codes


def test_any_count_of_the_registry_it_states_is_the_registrys() -> None:
    """The README states no count of surfaces or operations (the manifest says how many): a count
    written there would be wrong the day a surface is added. Were one written again, it must be the
    registry's."""
    registry = surfaces(load_site())
    counts = {"surfaces": len(registry), "operations": sum(len(operations(s)) for s in registry)}
    text = (ROOT / "README.md").read_text()
    for number, what in re.findall(r"(\d[\d,]*) (?:method/path )?(surfaces|operations)\b", text):
        assert int(number.replace(",", "")) == counts[what], f"the README says {number} {what}"


# The spec sits beside the data mirror (../shared/spec beside ../shared/data); CI's clean clone is
# elsewhere, so it is found from the mirror make test passes on, else beside this checkout.
SPEC_ROWS = next(
    (
        p
        for p in (
            Path(os.environ.get("CARDPANTRY_MIRROR") or "/nonexistent").parent / "spec" / "endpoints.tsv",
            ROOT.parent / "shared" / "spec" / "endpoints.tsv",
        )
        if p.is_file()
    ),
    ROOT.parent / "shared" / "spec" / "endpoints.tsv",
)


@pytest.mark.skipif(
    not SPEC_ROWS.is_file(), reason=f"the spec's endpoint list is not beside the checkout ({SPEC_ROWS})"
)
def test_every_method_and_path_row_of_the_spec_is_served() -> None:
    """The README says every row is served: each row's path (placeholders filled from the site
    config) is a surface's path, and the surface answers each of the row's methods."""
    site = load_site()
    fill = {
        "<service>": site.service,
        "<persona>": site.persona,
        "<blocked-source>": site.blocked_source,
        "<partner-gallery>": site.partner_gallery,
        "<signals-product>": site.signals_product,
    }
    shape = {re.sub(r"\{[^}]+\}", "{}", s.path): s for s in surfaces(site)}
    rows = [line.split("\t") for line in SPEC_ROWS.read_text().splitlines()[1:] if line.strip()]
    missing = []
    for family, methods, path in rows:
        for placeholder, value in fill.items():
            path = path.replace(placeholder, value)
        surface = shape.get(re.sub(r"\{[^}]+\}", "{}", path))
        wanted = {m.strip() for m in methods.split(",")}
        if wanted == {"ANY"}:  # every method a client can send
            wanted = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
        if surface is None or not wanted <= set(surface.methods):
            missing.append(f"{family} {methods} {path}")
    assert len(rows) == 171 and missing == []  # the spec's own count of rows, not the registry's
    assert "cover every method/path row the spec lists" in " ".join((ROOT / "README.md").read_text().split())
