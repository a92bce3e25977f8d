"""The the-fab-cube adapter, over small synthetic dumps in the upstream's own TSV layout.

Every record here is a minimal fake (card "Testblade", set "TST"); the real dump is only read by the
``real_data`` integration test at the bottom.
"""

from __future__ import annotations

import datetime as dt
import shutil
from collections import Counter
from pathlib import Path

import pytest

from generator.ingest import fab_cube
from generator.ingest.sink import Sink

MULTI_LINE_TEXT = 'If "Testblade" hits,\n\ndraw a card.'


def card(uid: str = "card-a", name: str = "Testblade", **fields: str) -> dict:
    return {
        "Unique ID": uid,
        "Name": name,
        "Color": "Red",
        "Pitch": "1",
        "Cost": "2",
        "Power": "3",
        "Defense": "2",
        "Health": "",
        "Intelligence": "",
        "Arcane": "",
        "Types": "Generic, Action, Attack",
        "Traits": "",
        "Card Keywords": "Go again",
        "Functional Text": MULTI_LINE_TEXT,
        "Type Text": "Generic Action - Attack",
        "Blitz Legal": "",
        "CC Legal": "",
        "Commoner Legal": "No",
        "LL Legal": "",
        **fields,
    }


def printing(uid: str = "print-1", card_uid: str = "card-a", card_id: str = "TST001", **fields: str) -> dict:
    return {
        "Unique ID": uid,
        "Card Unique ID": card_uid,
        "Card Name": "Testblade",
        "Card Pitch": "1",
        "Card ID": card_id,
        "Set Printing Unique ID": "sp-tst",
        "Set ID": "TST",
        "Edition": "N",
        "Rarity": "C",
        "Foiling": "S",
        "Art Variations": "",
        "Artists": "Nobody, Somebody",
        "Expansion Slot": "",
        "Flavor Text": "",
        "Image URL": f"https://img.test/{card_id}.png",
        "Image Rotation Degrees": "",
        "TCGPlayer ID": "",
        "": "",
        **fields,
    }


def set_printing(
    uid: str = "sp-tst",
    set_uid: str = "set-tst",
    date: str = "2001-02-03T00:00:00.000Z",
    start: str = "TST001",
    end: str = "TST010",
) -> dict:
    return {
        "Unique ID": uid,
        "Set Unique ID": set_uid,
        "Edition": "N",
        "Start Card Id": start,
        "End Card Id": end,
        "Initial Release Date": date,
        "Out of Print": "",
    }


def write_dump(
    root: Path,
    write_tsv,
    cards=None,
    printings=None,
    set_printings=None,
    sets=None,
    other_languages: dict[str, dict[str, list[dict]]] | None = None,
) -> Path:
    """An english folder (cards, printings, set printings, sets) plus any other language folders."""
    english = root / "csvs" / "english"
    write_tsv(english / "card.csv", cards or [card()])
    write_tsv(english / "card-printing.csv", printings or [printing()])
    write_tsv(english / "set-printing.csv", set_printings or [set_printing()])
    write_tsv(english / "set.csv", sets or [{"Unique ID": "set-tst", "Identifier": "TST", "Name": "Test Set"}])
    for folder, tables in (other_languages or {}).items():
        for name, rows in tables.items():
            write_tsv(root / "csvs" / folder / name, rows)
    return root


def ingest(root: Path) -> Sink:
    sink = Sink("the-fab-cube", "fab")
    fab_cube.read(root, sink)
    return sink


def skus(sink: Sink) -> list[str]:
    return [str(p.sku) for p in sink.printings]


def test_clean_dump_gives_a_set_and_a_printing_with_play_attrs(tmp_path, write_tsv):
    root = write_dump(tmp_path, write_tsv)
    assert '"If ""Testblade"" hits,\n\ndraw a card."' in (root / "csvs/english/card.csv").read_text()

    sink = ingest(root)

    assert [(s.set_code, s.name, s.release_date, s.total_cards, s.upstream_id) for s in sink.sets] == [
        ("tst", "Test Set", dt.date(2001, 2, 3), 10, "set-tst")
    ]
    [row] = sink.printings
    assert (str(row.sku), row.card_key, row.name, row.rarity, row.upstream_id) == (
        "fab-tst-001-en",
        "card-a",
        "Testblade",
        "Common",
        "print-1",
    )
    assert row.attrs == {
        "pitch": 1,
        "cost": 2,
        "power": 3,
        "defense": 2,
        "health": None,
        "intelligence": None,
        "arcane": None,
        "types": ["Action", "Attack", "Generic"],
        "traits": [],
        "keywords": ["Go again"],
        "functional_text": MULTI_LINE_TEXT,
        "type_text": "Generic Action - Attack",
        "legal_blitz": True,
        "legal_cc": True,
        "legal_commoner": False,
        "legal_ll": True,
        "edition": None,
        "foiling": "Standard",
        "art_variations": [],
        "face": "front",
        "artists": ["Nobody", "Somebody"],
    }
    assert sink.rows_read == 2  # one set record, one printing row
    assert sink.quarantined == []


def test_editions_foilings_arts_and_faces_become_variants(tmp_path, write_tsv):
    cards = [card(), card("card-b", "Testblade Reborn", Pitch="", Cost="XX", Power="*")]
    printings = [
        printing("p-plain"),
        printing("p-alpha", Edition="A", Foiling="R", Rarity="M"),
        printing("p-art", Edition="U", Foiling="C", **{"Art Variations": "EA, AA"}, Rarity="V"),
        printing("p-back", "card-b", **{"Image URL": "https://img.test/TST001_BACK.png"}),
        printing("p-marvel-back", **{"Image URL": "https://img.test/TST001_BACK.png"}),  # front's card again
    ]
    sink = ingest(write_dump(tmp_path, write_tsv, cards, printings))

    assert skus(sink) == ["fab-tst-001-en", "fab-tst-001-en-ar", "fab-tst-001-en-ucaaea", "fab-tst-001-en-nsb"]
    assert [p.rarity for p in sink.printings] == ["Common", "Majestic", "Marvel", "Common"]
    art, back = sink.printings[2].attrs, sink.printings[3].attrs
    assert (art["edition"], art["foiling"], art["art_variations"]) == (
        "Unlimited",
        "Cold Foil",
        ["Alternate Art", "Extended Art"],
    )
    assert (back["face"], back["pitch"], back["cost"], back["power"]) == ("back", None, "XX", "*")
    assert sink.quarantine_counts() == {"duplicate-id": 1}


def test_bad_rows_are_quarantined_with_their_reason(tmp_path, write_tsv):
    printings = [
        printing("p-ok"),
        printing("p-no-id", card_id=""),
        printing("p-no-number", card_id="TST"),
        printing("p-wrong-set", card_id="ARC001"),
        printing("p-nameless", "card-unknown", "TST002", **{"Card Name": ""}),
        printing("p-again"),  # the same card, image and slot as p-ok under another Unique ID
    ]
    sets = [
        {"Unique ID": "set-tst", "Identifier": "TST", "Name": "Test Set"},
        {"Unique ID": "set-odd", "Identifier": "T-1", "Name": "Odd Set"},
    ]
    sink = ingest(
        write_dump(
            tmp_path,
            write_tsv,
            printings=printings,
            sets=sets,
            set_printings=[set_printing(), set_printing("sp-late", date="someday")],
        )
    )

    assert skus(sink) == ["fab-tst-001-en"]
    assert [(q.reason, q.upstream_id) for q in sink.quarantined] == [
        ("bad-date", "sp-late"),
        ("bad-identifier", "set-odd"),
        ("missing-number", "p-no-id"),
        ("missing-number", "p-no-number"),
        ("bad-identifier", "p-wrong-set"),
        ("missing-name", "p-nameless"),
        ("duplicate-id", "p-again"),
    ]
    assert sink.sets[0].release_date == dt.date(2001, 2, 3)  # the parseable set printing still dates it
    assert sink.rows_read == 2 + 6


def test_other_languages_translate_texts_and_keep_english_play_values(tmp_path, write_tsv):
    french = {
        "card.csv": [
            {
                "Unique ID": "card-a",
                "Name": "Lame-test",
                "Functional Text": "Si elle touche,\npiochez.",
                "Type Text": "Action générique - Attaque",
            }
        ],
        "card-printing.csv": [
            printing(
                f"fr-{n}",
                "card-a",
                "TST000",
                Foiling="R",
                **{"Image URL": f"https://img.test/FR_TST000_{n}.png", "Card Unique ID": key},
            )
            for n, key in ((2, "card-b"), (1, "card-a"))
        ],
        "set-printing.csv": [set_printing("sp-fr", date="2000-12-01T00:00:00.000Z")],
    }
    cards = [card(), card("card-b", "Other Blade")]
    sink = ingest(write_dump(tmp_path, write_tsv, cards, other_languages={"french": french}))

    assert skus(sink) == ["fab-tst-001-en", "fab-tst-000-fr-nr2", "fab-tst-000-fr-nr"]
    french_blade = sink.printings[2]
    assert (french_blade.name, french_blade.attrs["functional_text"], french_blade.attrs["pitch"]) == (
        "Lame-test",
        "Si elle touche,\npiochez.",
        1,
    )
    assert sink.printings[1].name == "Testblade"  # no French card record: the printing's own Card Name
    assert sink.sets[0].release_date == dt.date(2000, 12, 1)  # earliest release in any language


def test_a_language_that_does_not_parse_is_quarantined_and_skipped(tmp_path, write_tsv):
    root = write_dump(
        tmp_path,
        write_tsv,
        other_languages={
            "german": {
                "card.csv": [{"Unique ID": "card-a", "Name": "Testklinge"}],
                "card-printing.csv": [printing("de-1")],
                "set-printing.csv": [set_printing("sp-de")],
            }
        },
    )
    broken = root / "csvs/german/card-printing.csv"
    header, row = broken.read_text().splitlines()
    opened = row.replace("Testblade", chr(34) + "Testblade", 1)  # a quote never closed: it runs on
    broken.write_text(f"{header}\n{opened}\n{row.replace('de-1', 'de-2')}\n")

    sink = ingest(root)

    assert skus(sink) == ["fab-tst-001-en"]
    [quarantined] = sink.quarantined
    assert (quarantined.reason, quarantined.upstream_id) == ("broken-file", "csvs/german")
    assert "card-printing.csv lines 2-3" in quarantined.detail


def test_a_truncated_line_is_a_quarantined_row_and_the_rest_is_read(tmp_path, write_tsv):
    root = write_dump(tmp_path, write_tsv)
    path = root / "csvs/english/card-printing.csv"
    header, *rows = path.read_text().splitlines()
    cut = rows[0][: len(rows[0]) // 3]  # the line ends early: too few fields
    path.write_text("\n".join([header, cut, *rows]) + "\n")

    sink = ingest(root)

    assert skus(sink) == ["fab-tst-001-en"]  # the good row still published
    [quarantined] = sink.quarantined
    assert (quarantined.reason, quarantined.upstream_id) == ("broken-row", "csvs/english/card-printing.csv:2")
    assert "fields, header has" in quarantined.detail and sink.rows_read == 1 + 1 + 1  # row, broken, set


def test_many_broken_lines_refuse_the_file(tmp_path, write_tsv):
    root = write_dump(tmp_path, write_tsv)
    path = root / "csvs/english/card-printing.csv"
    header, *rows = path.read_text().splitlines()
    path.write_text("\n".join([header, *rows, *(f"cut-{n}\tTST" for n in range(11))]) + "\n")
    with pytest.raises(fab_cube.BrokenFile, match="11 records of the wrong width"):
        ingest(root)


def test_a_broken_english_folder_fails_the_source(tmp_path, write_tsv):
    root = write_dump(tmp_path, write_tsv)
    (root / "csvs/english/card-printing.csv").write_text("Unique ID\tCard ID\nx\tTST001\n")  # columns missing
    with pytest.raises(fab_cube.BrokenFile, match="no column"):
        ingest(root)


@pytest.mark.real_data
def test_real_dump_reads_every_language(real_source):
    sink = ingest(real_source("the-fab-cube"))

    assert Counter(p.sku.lang for p in sink.printings) == {"en": 13038, "fr": 3, "de": 3, "it": 3, "es": 3}
    # 13,058 english + 12 other printing rows, 90 set records; the 20 quarantined printings are the
    # backs of double-sided Marvels showing their front's card, the set is History Pack 1 Black Label,
    # whose code 1HP is History Pack 1's.
    assert sink.rows_read == 13058 + 12 + 90
    assert sink.quarantine_counts() == {"duplicate-id": 21}
    assert len(sink.sets) == 89
    assert {"fab-wtr-000-en-ac", "fab-1hp-001-en", "fab-upr-007-en-ncfab", "fab-1hp-000-fr-nr2"} <= set(skus(sink))


@pytest.mark.real_data
def test_real_dump_with_a_truncated_line_loses_that_row_only(real_source, tmp_path):
    """The corruption issue 14 found: one truncated line of the English printings used to fail the
    whole source (every Flesh and Blood card gone); now that row is quarantined and the rest is read."""
    clean = ingest(real_source("the-fab-cube"))
    copy = tmp_path / "the-fab-cube"
    shutil.copytree(real_source("the-fab-cube"), copy)
    path = copy / "csvs/english/card-printing.csv"
    path.chmod(0o644)
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[5000] = lines[5000][: len(lines[5000]) // 2]
    path.write_text("\n".join(lines), encoding="utf-8")

    sink = ingest(copy)

    assert len(sink.printings) == len(clean.printings) - 1 and sink.rows_read == clean.rows_read
    assert sink.quarantine_counts() == {"duplicate-id": 21, "broken-row": 1}
    [broken] = [q for q in sink.quarantined if q.reason == "broken-row"]
    assert broken.upstream_id == "csvs/english/card-printing.csv:5001"
