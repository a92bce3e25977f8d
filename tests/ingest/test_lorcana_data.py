"""The lorcana-data adapter, over small synthetic ``data/*.yml`` dumps in the upstream's own shape.

Every record is a fake ("Test Mouse - Example"); the real dump is only read by the ``real_data``
integration test at the bottom.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from generator.ingest import lorcana_data
from generator.ingest.sink import Sink

SET_NUMBERS = {"tfc": 1, "rotf": 2, "fab": 9}


def fake_variant(set_code: str = "tfc", number: int | None = 1, langs=("en", "fr", "de"), **fields) -> dict:
    group = set_code.upper() if set_code not in SET_NUMBERS else "204"
    printed = {lang: f"{number}/{group} {lang.upper()} 1" for lang in langs}
    return {
        "set": set_code,
        "id": number,
        "dreamborn": "000-000",
        "ravensburger": {**printed, "culture_invariant_id": 1, "sort_number": 1},
        "rarity": "common",
        "illustrator": "Nobody",
        **fields,
    }


def fake_card(
    name: str | None = "Test Mouse", variants: list | None = None, langs=("en", "fr", "de"), **fields
) -> dict:
    languages = {
        lang: {"name": f"{name} {lang}" if lang != "en" else name, "title": "Example", "flavour": f"A test ({lang})."}
        for lang in langs
        if name
    }
    return {
        "variants": variants or [fake_variant()],
        "lore": 1,
        "cost": 2,
        "inkwell": True,
        "attack": 1,
        "defence": 3,
        "colors": ["amber"],
        "type": "glimmer",
        "classifications": ["storyborn", "seven_dwarfs"],
        "illustrator": "Nobody",
        "languages": languages,
        "franchise_id": "test-tales",
        "third_party": {"card_market": "https://example.invalid/"},
        "rotation_states": ["infinity_constructed"],
        **fields,
    }


REFERENCE = {
    "classifications": [
        {"slug": "storyborn", "en": "Storyborn", "fr": "Storyborn"},
        {"slug": "seven_dwarfs", "en": "Seven Dwarfs", "fr": "Sept Nains"},
    ],
    "franchises": {"test-tales": {"translations": {"en": "Test Tales", "fr": "Contes de test"}}},
    "configuration": {"sets": ["tfc"], "langs": ["en"]},
}


def write_dump(root: Path, sets: dict[str, list | str], reference: dict | None = None) -> Path:
    """``data/<stem>.yml`` per set and per reference file; a str body is written as is (broken files)."""
    data = root / "data"
    data.mkdir(parents=True, exist_ok=True)
    for stem, body in {**(REFERENCE if reference is None else reference), **sets}.items():
        text = body if isinstance(body, str) else yaml.safe_dump(body, allow_unicode=True, sort_keys=False)
        (data / f"{stem}.yml").write_text(text, encoding="utf-8")
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("lorcana-data", "lor")
    lorcana_data.read(root, sink)
    return sink


def skus(sink: Sink) -> list[str]:
    return sorted(str(p.sku) for p in sink.printings)


def test_one_sku_per_language_the_printing_exists_in(tmp_path):
    card = fake_card(langs=("en", "fr", "de", "ja"), variants=[fake_variant(langs=("en", "fr", "de", "it", "ja"))])
    sink = ingest(write_dump(tmp_path, {"tfc": [card]}))
    # "it" is printed but the card has no Italian name: no Italian SKU.
    assert skus(sink) == ["lor-1-1-de", "lor-1-1-en", "lor-1-1-fr", "lor-1-1-ja"]
    french = next(p for p in sink.printings if p.sku.lang == "fr")
    assert french.name == "Test Mouse fr - Example" and french.card_key == "test-mouse-example"
    assert french.upstream_id == "tfc/1" and french.attrs["flavorText"] == "A test (fr)."


def test_a_promo_not_printed_in_a_language_has_no_sku_in_it(tmp_path):
    promo = fake_variant("p1", 7, langs=("en",), rarity="special")
    sink = ingest(write_dump(tmp_path, {"tfc": [fake_card(variants=[fake_variant(), promo])]}))
    assert [s for s in skus(sink) if "-p1-" in s] == ["lor-p1-7-en"]


def test_a_reprint_only_exists_in_the_languages_of_its_own_set(tmp_path):
    old = fake_card(
        "Test Mouse",
        langs=("en", "fr", "ja"),
        variants=[fake_variant("tfc", 1, langs=("en", "fr", "ja")), fake_variant("fab", 19, langs=("en", "fr", "ja"))],
    )
    fabled = [
        fake_card(f"Test Duck {n}", langs=("en", "fr"), variants=[fake_variant("fab", n, langs=("en", "fr", "ja"))])
        for n in (1, 2)
    ]
    sink = ingest(write_dump(tmp_path, {"tfc": [old], "fab": fabled}))
    assert [s for s in skus(sink) if s.startswith("lor-9-19")] == ["lor-9-19-en", "lor-9-19-fr"]
    assert "lor-1-1-ja" in skus(sink)


def test_sets_come_from_the_set_files_with_their_printed_total(tmp_path):
    card = fake_card(variants=[fake_variant("tfc", 1), fake_variant("p1", 3)])
    sink = ingest(
        write_dump(tmp_path, {"tfc": [card], "rotf": [fake_card("Test Duck", variants=[fake_variant("rotf", 2)])]})
    )
    assert sorted((s.set_code, s.name, s.total_cards, s.upstream_id) for s in sink.sets) == [
        ("1", None, 204, "tfc"),
        ("2", None, 204, "rotf"),
    ]
    assert skus(sink) == [
        "lor-1-1-de",
        "lor-1-1-en",
        "lor-1-1-fr",
        "lor-2-2-de",
        "lor-2-2-en",
        "lor-2-2-fr",
        "lor-p1-3-de",
        "lor-p1-3-en",
        "lor-p1-3-fr",
    ]


def test_attrs_use_lorcanajson_names_and_display_labels(tmp_path):
    card = fake_card(
        variants=[fake_variant(number=4, suffix="a", illustrator="One / Two", rarity="super_rare")], langs=("en",)
    )
    printing = ingest(write_dump(tmp_path, {"tfc": [card]})).printings[0]
    assert str(printing.sku) == "lor-1-4a-en" and printing.rarity == "Super Rare"
    assert printing.attrs == {
        "cost": 2,
        "inkwell": True,
        "lore": 1,
        "strength": 1,
        "willpower": 3,
        "type": "Character",
        "colors": ["Amber"],
        "subtypes": ["Storyborn", "Seven Dwarfs"],
        "artists": ["One", "Two"],
        "franchise": "Test Tales",
        "formats": ["infinity_constructed"],
        "variant": "a",
        "flavorText": "A test (en).",
    }


def test_bad_rows_are_quarantined_with_stable_reasons(tmp_path):
    cards = [
        fake_card("Test Mouse", variants=[fake_variant(number=1), fake_variant(number=1)]),  # listed twice
        fake_card("Test Duck", variants=[fake_variant("c2", 5)]),  # two different cards claim 5/C2
        fake_card("Test Goose", variants=[fake_variant("c2", 5)]),
        fake_card("Test Owl", variants=[fake_variant(number=None)]),  # missing-number
        fake_card("Test Owl", variants=[fake_variant(number=9, langs=())]),  # nothing printed: missing-number
        fake_card(None, variants=[fake_variant(number=10)]),  # missing-name
        fake_card("Test Hen", variants=[fake_variant("p9", 1)]),  # unknown-set
        fake_card("Test Cat", variants=[fake_variant(number=11, rarity="unreleased")]),
        fake_card("Test Dog", variants=[fake_variant(number="x")]),  # bad-identifier
        ["not", "a", "card"],  # broken-row
    ]
    sink = ingest(write_dump(tmp_path, {"tfc": cards, "zzz": [], "rotf": "- variants: [unclosed\n"}))
    assert sink.rows_read == 10
    assert skus(sink) == ["lor-1-1-de", "lor-1-1-en", "lor-1-1-fr"]
    assert sink.quarantine_counts() == {
        "bad-identifier": 1,
        "broken-file": 1,
        "broken-row": 1,
        "duplicate-id": 3,
        "missing-name": 1,
        "missing-number": 2,
        "unknown-set": 2,
        "unreleased": 1,
    }
    assert [s.set_code for s in sink.sets] == ["1"]


def test_broken_reference_files_do_not_stop_the_sets(tmp_path):
    sink = ingest(write_dump(tmp_path, {"tfc": [fake_card()]}, {"classifications": "{broken", "franchises": []}))
    assert sink.quarantine_counts() == {"broken-file": 1}
    assert sink.printings[0].attrs["subtypes"] == ["Storyborn", "Seven Dwarfs"]  # slug fallback
    assert "franchise" not in sink.printings[0].attrs


@pytest.mark.real_data
def test_real_dump(real_source):
    sink = ingest(real_source("lorcana-data"))
    assert sink.rows_read == 2477 and len(sink.printings) == 13973
    assert sink.quarantine_counts() == {"duplicate-id": 5, "missing-number": 2, "unreleased": 4}
    assert {s.set_code for s in sink.sets} == {str(n) for n in range(1, 14)}
    per_set = Counter(p.sku.set for p in sink.printings)
    assert set(per_set) == {str(n) for n in range(1, 14)} | {"p1", "p2", "p3", "p4", "c1", "c2", "d23", "pd1", "dis"}
    per_lang = Counter(p.sku.lang for p in sink.printings)
    assert per_lang == {"en": 3145, "fr": 3128, "de": 3128, "it": 2680, "ja": 946, "zh": 946}
