"""The static search index's records and bundle (issue 39 item 4; docs/search.md "On a static host")."""

from __future__ import annotations

import orjson

from generator.catalog.names import fold
from generator.catalog.pagefind_bundle import LANGUAGE, kept, pagefind_bundle
from generator.catalog.snapshot import IndexEntry
from generator.catalog.static_search import record_of, static_records


def test_one_record_per_card_and_language_landing_on_the_base_printing(synthetic_snapshot) -> None:
    records = static_records(synthetic_snapshot)
    cards = {
        (g.game, e.set_code, e.number, e.lang)
        for g in synthetic_snapshot.games()
        for e in synthetic_snapshot.index_of_game(g.game)
    }
    assert len(records) == len(cards)
    by_url = {r.url: r for r in records}
    assert "/product/op-op01-001-en" in by_url and "/product/op-op01-001-en-p1" not in by_url  # the base one
    japanese = by_url["/product/op-op01-001-ja"]
    assert japanese.meta == {
        "title": "テストモン船長",
        "sku": "op-op01-001-ja",
        "game": "op",
        "set": "op01",
        "number": "001",
        "lang": "ja",
    }
    french = by_url["/product/lor-1-1-fr"]
    assert (
        french.content.split()[:4]
        == fold("Testmon Héros - Cœur Vaillant").split()
        == ["testmon", "heros", "coeur", "vaillant"]  # œ written out, as the script folds a query
    )


def test_a_name_written_without_spaces_is_indexed_with_its_suffixes() -> None:
    entry = IndexEntry("op-op01-001-ja", "op01", "001", "ja", None, "k", "ロロノア・ゾロ")
    words = record_of("op", entry).content.split()
    assert words[:6] == ["ロロノア", "ロノア", "ノア", "ア", "ゾロ", "ロ"]  # any part is the start of a word
    assert words[6:] == ["op01", "001", "1", "game_op"]  # set, number as printed and without zeros, the game


def test_the_bundle_keeps_what_the_browser_reads_and_is_the_same_every_run(synthetic_snapshot) -> None:
    records = static_records(synthetic_snapshot)
    bundle = pagefind_bundle(records)
    assert bundle == pagefind_bundle(records)  # a build is byte-identical for one as-of
    assert all(kept(path) for path in bundle)
    assert {"pagefind.js", "pagefind-entry.json", "wasm.unknown.pagefind"} <= set(bundle)
    assert not any("ui" in path or path.endswith(".css") or path.startswith("filter/") for path in bundle)
    assert sum(path.startswith("fragment/") for path in bundle) == len(records)  # one result per record
    entry = orjson.loads(bundle["pagefind-entry.json"])
    assert list(entry["languages"]) == [LANGUAGE] and entry["languages"][LANGUAGE]["page_count"] == len(records)
    assert bundle["wasm.unknown.pagefind"][:2] == b"\x1f\x8b"  # gzipped, as Pagefind's script expects
