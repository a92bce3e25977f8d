"""The Lorcana part of the SKU standard (docs/sku.md, Lorcana section): the token rules, and the promise that
LorcanaJSON and lorcana-data give one English printing the same SKU so the catalog merges them.

Synthetic records only ("Test Mouse - Example"); the real dumps are read by the ``real_data`` test.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
import yaml

from generator.ingest import lorcana_data, lorcanajson
from generator.ingest.sink import Sink
from generator.sku.lor import (
    Printed,
    card_key,
    display_label,
    full_name,
    lor_sku,
    number_token,
    parse_printed,
    set_token,
    told_apart,
)
from generator.sku.standard import Sku, SkuError

# One printing per row, as both upstreams describe it:
# (LorcanaJSON setCode, promoGrouping, lorcana-data set, number, letter, rarity, expected SKU)
PRINTINGS = [
    ("1", None, "tfc", 1, None, "common", "lor-1-1-en"),
    ("1", None, "tfc", 205, None, "enchanted", "lor-1-205-en"),
    ("3", None, "iti", 4, "a", "common", "lor-3-4a-en"),
    ("1", "P1", "p1", 1, None, "special", "lor-p1-1-en"),
    ("2", "D23", "d23", 2, None, "special", "lor-d23-2-en"),
]


def test_set_tokens_are_the_printed_set_number_or_promo_group():
    assert [set_token(code) for code in ("tfc", "fab", "whi", "atv")] == ["1", "9", "10", "13"]
    assert [set_token(code) for code in ("P1", "c2", "d23", "pd1", "dis")] == ["p1", "c2", "d23", "pd1", "dis"]
    assert set_token("zzz") is None  # a new set needs the standard first, never a guessed token


def test_numbers_are_printed_without_padding_and_keep_their_letter():
    assert number_token(1) == "1" and number_token("01") == "1" and number_token(4, "a") == "4a"
    assert number_token(24, "B") == "24b"
    with pytest.raises(SkuError):
        number_token("x")
    assert lor_sku("p2", 26, None, "en", "Test Souris") == Sku.parse("lor-p2-26-en-testsouris")


def test_card_keys_fold_case_accents_and_apostrophes():
    assert full_name("Test Mouse", "Example") == "Test Mouse - Example" and full_name("Test Song", "") == "Test Song"
    assert card_key("Test Mouse's Hat - Mostly As Usual") == card_key("Test Mouse’s Hat - Mostly as Usual")
    assert card_key("Tést Mouse - Éxample") == "test-mouse-example"
    assert display_label("super_rare") == display_label("Super Rare") == "Super Rare"


def test_two_cards_on_one_identifier_are_told_apart_only_by_their_printed_set_numbers():
    claims = [
        (("c2", "5"), "test-duck", "7"),
        (("c2", "5"), "test-goose", "9"),
        (("c1", "5"), "test-duck", "1"),
        (("c1", "5"), "test-goose", "1"),  # nothing printed tells them apart
        (("1", "1"), "test-mouse", "1"),
        (("1", "1"), "test-mouse", "1"),  # a repeat of one card
    ]
    assert told_apart(claims) == {
        (("c2", "5"), "test-duck"): "s7",
        (("c2", "5"), "test-goose"): "s9",
        (("1", "1"), "test-mouse"): None,
    }


def test_printed_identifiers_read_back_in_every_spelling_the_upstreams_use():
    assert parse_printed("1/204 • EN • 1") == parse_printed("01/204 EN 1") == Printed("1", 1, "1")
    assert parse_printed("4a/204 EN 3") == Printed("3", 4, "3")
    assert parse_printed("5/C2 • EN • 7") == Printed("c2", 5, "7")
    assert parse_printed("1/31 • EN • Q1") == Printed("q1", 1, "q1")
    assert parse_printed("1TFC EN 2/P1") == Printed("p1", 2, "1")
    assert parse_printed("26/204 ZH P2") is None and parse_printed("") is None


def lorcanajson_dump(root: Path) -> Path:
    cards = []
    for i, (set_code, group, _, number, letter, rarity, _) in enumerate(PRINTINGS, start=1):
        cards.append(
            {
                "id": i,
                "setCode": set_code,
                "number": number,
                "variant": letter,
                "promoGrouping": group,
                "name": "Test Mouse",
                "version": f"Example {i}",
                "fullName": f"Test Mouse - Example {i}",
                "fullIdentifier": f"{number}{letter or ''}/{group or 204} • EN • {set_code}",
                "rarity": display_label(rarity),
                "type": "Character",
            }
        )
    sets = {
        code: {"type": "expansion", "number": int(code), "name": f"Test Set {code}", "releaseDate": None}
        for code in ("1", "2", "3")
    }
    (root / "allCards.json").write_bytes(orjson.dumps({"metadata": {"language": "en"}, "sets": sets, "cards": cards}))
    return root


def lorcana_data_dump(root: Path) -> Path:
    files: dict[str, list] = {}
    for i, (set_number, group, set_code, number, letter, rarity, _) in enumerate(PRINTINGS, start=1):
        printed = {"en": f"{number}{letter or ''}/{group or 204} EN {set_number}"}
        variant = {"set": set_code, "id": number, "suffix": letter, "ravensburger": printed, "rarity": rarity}
        card = {
            "variants": [variant],
            "type": "glimmer",
            "colors": ["amber"],
            "cost": 1,
            "inkwell": True,
            "languages": {"en": {"name": "Test Mouse", "title": f"Example {i}", "flavour": ""}},
        }
        files.setdefault("tfc" if group else set_code, []).append(card)
    (root / "data").mkdir()
    for stem, cards in files.items():
        (root / "data" / f"{stem}.yml").write_text(yaml.safe_dump(cards))
    return root


def read(adapter, root: Path, source_id: str) -> dict[str, object]:
    sink = Sink(source_id, "lor")
    adapter.read(root, sink)
    assert sink.quarantined == []
    return {str(p.sku): p for p in sink.printings}


def test_both_adapters_give_one_printing_the_same_sku_and_card_key(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    from_json = read(lorcanajson, lorcanajson_dump(tmp_path / "a"), "lorcanajson")
    from_yaml = read(lorcana_data, lorcana_data_dump(tmp_path / "b"), "lorcana-data")
    expected = sorted(sku for *_, sku in PRINTINGS)
    assert sorted(from_json) == sorted(from_yaml) == expected
    for sku in expected:
        assert from_json[sku].card_key == from_yaml[sku].card_key
        assert from_json[sku].rarity == from_yaml[sku].rarity


@pytest.mark.real_data
def test_the_real_sources_share_their_english_printings(real_source):
    from_json = read_real(lorcanajson, real_source("lorcanajson"), "lorcanajson")
    from_yaml = read_real(lorcana_data, real_source("lorcana-data"), "lorcana-data")
    shared = from_json & from_yaml
    assert len(shared) == 1629
    # All LorcanaJSON has that lorcana-data lacks: the quest, and the English "Vaiana" promo.
    assert {sku for sku in from_json - shared if not sku.startswith("lor-q1-")} == {"lor-p2-26-en-vaiana"}


def read_real(adapter, root: Path, source_id: str) -> set[str]:
    sink = Sink(source_id, "lor")
    adapter.read(root, sink)
    return {str(p.sku) for p in sink.printings if p.sku.lang == "en"}
