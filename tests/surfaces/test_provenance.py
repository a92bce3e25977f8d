"""One state per card and source on every surface that states it (issue 32, item 2).

The platform's offer source is stated by the card's everything and evidence answers (and the
evidence's offer book), the price guide's card number, search/everything, the product, price and
market pages, the game's price guide (JSON and page) and the coverage matrix (JSON and page). Each is
read from the small build through the app and held to one fact read here from the export itself:
does its listings file hold an offer for the SKU? Tiers everywhere are checked by the registry-wide
invariant (tests/surfaces/test_invariants.py); the pages' "Rights" column, which says each tier in
words (generator/surfaces/pages/source_words.py), is checked here.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import orjson
import pytest

from generator.surfaces.pages.source_words import CELL_WORDS, tier_words

PLATFORM = "platform-offers"
NAME = "the platform's own collector offers"
SPEC_TIERS = {
    *("cc0", "cc-by", "cc-by-nc", "cc-by-sa", "mit", "partner-redistributable", "internal-only", "proprietary"),
    *("CC0-1.0", "NOASSERTION"),
}
ROW = re.compile(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', re.S)
CELL = re.compile(r"<td>(.*?)</td>", re.S)
SECTION = re.compile(r'<h2 id="s\d+">(.*?)</h2>(.*?)</section>', re.S)
ITEM = re.compile(r"<dt>(?:<a [^>]*>)?(.*?)(?:</a>)?</dt>\s*<dd>(.*?)</dd>", re.S)


def offered_skus(export: Path) -> set[str]:
    """The fact, read from the export's own file: the SKUs an open listing names."""
    lines = (export / "listings.jsonl").read_bytes().splitlines()
    return {orjson.loads(line)["sku"] for line in lines if line.strip()}


def state_in(sources: list[dict]) -> str:
    return next(s["state"] for s in sources if s["id"] == PLATFORM)


def page_rows(text: str) -> dict[str, list[str]]:
    """A page's table rows by their first cell, unescaped (the Sources table: rights, state, publication)."""
    return {html.unescape(head): [html.unescape(c) for c in CELL.findall(rest)] for head, rest in ROW.findall(text)}


def page_items(text: str) -> dict[str, dict[str, str]]:
    """A page's ``<dl>`` items, by section heading then label."""
    return {
        html.unescape(h): {html.unescape(label): html.unescape(t) for label, t in ITEM.findall(body)}
        for h, body in SECTION.findall(text)
    }


def data(ask, path: str) -> dict:
    response = ask("GET", path)
    assert response.status_code == 200, (path, response.status_code)
    return response.json()


@pytest.fixture(scope="module")
def offered(synthetic_platform: Path, ctx) -> set[str]:
    found = offered_skus(synthetic_platform) & set(ctx.snapshot.skus())
    assert found and set(ctx.snapshot.skus()) - found, "the sample must offer some printings and not others"
    return found


def test_every_surface_states_the_platforms_one_state_for_each_printing(ask, ctx, offered) -> None:
    for sku in ctx.snapshot.skus():
        printing = ctx.snapshot.printing(sku)
        assert printing is not None
        expected = "observed" if sku in offered else "not_observed"
        game, number = printing.game, printing.number
        said: dict[str, str] = {}
        everything = data(ask, f"/api/v1/cards/{sku}/everything")
        said["everything"] = state_in(everything["data"]["sources"])
        evidence = data(ask, f"/api/v1/cards/{sku}/evidence")
        said["evidence"] = state_in(evidence["data"]["sources"])
        said["evidence's book"] = {"open": "observed", "empty": "not_observed"}[
            evidence["data"]["collector_offers"]["status"]
        ]
        guide = data(ask, f"/api/v1/prices/games/{game}/sets/{printing.set_code}/cards/{number}")
        said["price guide"] = state_in(next(p for p in guide["data"]["printings"] if p["sku"] == sku)["sources"])
        folded = data(ask, f"/api/v1/search/everything?game={game}&q={sku}")["data"]["everything"]
        if folded is not None and folded["sku"] == sku:
            said["search/everything"] = state_in(folded["sources"])
        tier, state, _ = page_rows(ask("GET", f"/product/{sku}").text)[NAME]
        said["product page"] = state.replace(" ", "_")
        market = ask("GET", f"/cards/{sku}/market").text
        said["market page"] = "not_observed" if market.count("None open") == 2 else "observed"
        assert set(said.values()) == {expected}, (sku, said)
        assert tier == tier_words("internal-only") == "internal only"  # a page says the tier in words
        for answer in (everything, evidence, guide):  # the answer names the source it states, with its tier
            meta = answer["_meta"]
            assert meta["source_license"][meta["sources"].index(PLATFORM)] == "internal-only"


def test_a_card_number_a_game_and_the_coverage_matrix_say_what_their_printings_say(ask, ctx, offered) -> None:
    coverage = {(c["game"], c["source"]): c for c in data(ask, "/api/v1/coverage")["data"]["matrix"]}
    coverage_page = page_items(ask("GET", "/prices/coverage").text)
    numbers = {(p.game, p.set_code, p.number) for p in ctx.snapshot.printings()}
    for game, set_code, number in sorted(numbers):
        skus = {p.sku for p in ctx.snapshot.printings_of_number(game, set_code, number)}
        expected = "observed" if skus & offered else "not_observed"
        rows = page_rows(ask("GET", f"/prices/{game}/{set_code}/{number}").text)
        assert rows[NAME][1].replace(" ", "_") == expected, (game, set_code, number)
        assert {row[0] for row in rows.values() if len(row) == 3} <= {tier_words(t) for t in SPEC_TIERS}
    for game in (g.game for g in ctx.snapshot.games()):
        observed = any(ctx.snapshot.printing(s).game == game for s in offered)
        expected = "observed" if observed else "not_observed"
        assert state_in(data(ask, f"/api/v1/prices/games/{game}")["data"]["sources"]) == expected, game
        page = page_items(ask("GET", f"/prices/{game}").text)["Sources"][NAME]
        assert page.startswith(expected.replace("_", " ") + ":"), (game, page)
        # the sample export is synthetic, so an observed cell is probationary, never confirmed
        cell = coverage[(game, PLATFORM)]
        assert cell["state"] == ("live-probationary" if observed else "anticipated"), (game, cell)
        assert cell["license_tier"] == "internal-only"
        shown = coverage_page[ctx.site.game_names[game]][NAME]
        assert shown == f"{CELL_WORDS[cell['state']]} (licence: internal only)", (game, shown)


def test_a_catalog_sources_cell_is_live_exactly_where_its_rows_are_observed(ask, ctx) -> None:
    matrix = data(ask, "/api/v1/coverage")["data"]["matrix"]
    for cell in (c for c in matrix if c["source"] != PLATFORM):
        source = ctx.snapshot.source(cell["source"])
        assert source is not None
        held = any(p.game == cell["game"] and source.source_id in p.sources for p in ctx.snapshot.printings())
        if source.game != cell["game"]:
            assert cell["state"] == "not-declared"
        else:
            assert cell["state"].startswith("live-") == held, cell
            guide = data(ask, f"/api/v1/prices/games/{cell['game']}")["data"]["sources"]
            stated = next(s["state"] for s in guide if s["id"] == source.source_id)
            assert stated == ("observed" if held else "not_observed"), cell
        assert cell["license_tier"] == source.tier


def test_with_no_export_the_offer_source_is_planned_everywhere(ctx) -> None:
    """No platform export read: ``planned`` on the card, an empty book saying why, an anticipated cell."""
    import dataclasses

    from generator.surfaces.catalog import cards, prices
    from generator.surfaces.operations import coverage

    bare = dataclasses.replace(ctx, platform=None)
    sku = next(iter(ctx.snapshot.skus()))
    printing = ctx.snapshot.printing(sku)
    assert printing is not None
    everything = cards.everything(bare, {"sku": sku}, {})
    evidence = cards.evidence(bare, {"sku": sku}, {})
    game = prices.price_game(bare, {"game": printing.game}, {})
    assert state_in(everything.data["sources"]) == state_in(evidence.data["sources"]) == "planned"
    assert state_in(game.data["sources"]) == "planned"
    assert evidence.data["collector_offers"]["status"] == "empty"
    assert "no platform export" in evidence.data["collector_offers"]["reason"]
    cells = [c for c in coverage.coverage(bare, {}, {}).data["matrix"] if c["source"] == PLATFORM]
    assert cells and {c["state"] for c in cells} == {"anticipated"}
    assert PLATFORM in evidence.provenance.sources and evidence.provenance.as_of is not None
