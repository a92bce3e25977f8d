"""The product page's "As printed" rows (``generator.surfaces.pages.printed``): a collector's words,
never program values (issue 39, item 1)."""

from __future__ import annotations

import re

import pytest

from generator.catalog import queries
from generator.catalog.snapshot import Snapshot
from generator.site import load_site
from generator.surfaces.pages.printed import fab_text, label, plain, printed_rows

PROGRAM_TEXT = re.compile(r"\{'|': |\[\]|\b(True|False|None)\b")
MARKUP = re.compile(r"\*\*|\{[a-z]\}")
CARD_TEXT = re.compile(r"^(Effect|Text|Flavor text|Rules|Attack|Ability|Pokémon Power|Poké-|Ancient trait)")


def test_values_and_labels_read_as_words() -> None:
    assert label("evolvesFrom") == "Evolves from" and label("type_text") == "Type line" and label("hp") == "HP"
    assert (
        plain(True) == "yes"
        and plain(["Fire", "Water"]) == "Fire, Water"
        and plain({"unlimited": "Legal"}) == "unlimited: Legal"
    )
    assert (
        fab_text("discard a card with 6 or more {p}, **intimidate**")
        == "discard a card with 6 or more power, intimidate"
    )


def test_a_pokemon_attack_weakness_and_legality() -> None:
    rows = dict(
        printed_rows(
            "ptcg",
            {
                "attacks": [
                    {"name": "Fire Spin", "cost": ["Fire", "Fire", "Colorless"], "damage": "100", "text": "Discard 2."}
                ],
                "weaknesses": [{"type": "Water", "value": "×2"}],
                "retreatCost": ["Colorless", "Colorless"],
                "convertedRetreatCost": 2,
                "legalities": {"unlimited": "Legal"},
                "regulationMark": None,
            },
        )
    )
    assert rows == {
        "Attack: Fire Spin": "cost Fire ×2, Colorless; 100 damage. Discard 2.",
        "Weakness": "Water ×2",
        "Retreat cost": "2 (Colorless, Colorless)",
        "Legal in": "unlimited (legal)",
    }


def test_flesh_and_blood_legality_is_one_row_and_lorcana_finishes_are_words() -> None:
    fab = dict(printed_rows("fab", {"legal_cc": True, "legal_blitz": False, "functional_text": "**Go again**"}))
    assert fab == {"Text": "Go again", "Legal in": "Classic Constructed"}
    lor = dict(printed_rows("lor", {"foilTypes": ["None", "Cold"], "inkwell": False}))
    assert lor == {"Finishes": "non-foil, cold foil", "Inkable": "no"}


@pytest.mark.real_data
def test_no_printing_in_the_real_catalog_reads_as_program_text(real_ingest) -> None:
    with queries.connect(real_ingest.catalog) as con:
        snapshot = Snapshot.from_catalog(con, load_site().encoding)
    problems = []
    for printing in snapshot.printings():
        for heading, value in printed_rows(printing.game, printing.attrs):
            if re.search(r"[a-z][A-Z]|_", heading.split(":")[0]):
                problems.append((printing.sku, heading, "label"))
            if not CARD_TEXT.match(heading) and PROGRAM_TEXT.search(value):
                problems.append((printing.sku, heading, value[:80]))
            if printing.game == "fab" and MARKUP.search(value):
                problems.append((printing.sku, heading, value[:80]))
    assert problems == []


def test_the_product_page_prints_an_attack_as_words(ask) -> None:
    """Issue 39: the page printed ``{'name': 'Test Burn', ...}``."""
    page = ask("GET", "/product/ptcg-tst1-1-en").text
    assert "Attack: Test Burn" in page and "no cost; 100 damage. Discard 2 Energy." in page
    assert "{&#39;" not in page and "{'" not in page
