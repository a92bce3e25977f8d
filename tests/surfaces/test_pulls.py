"""``/api/v1/pulls``: cited anatomy, counts from the catalog, estimates with their basis, disclosure."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from pydantic import ValidationError

from generator.content import CONTENT_ROOT
from generator.content.pulls import GamePulls, Product, Pulls, Slot, StatedRate, load_pulls
from generator.surfaces.catalog.pulls import pulls


def cards_by_rarity(snapshot, game: str, set_code: str) -> Counter:
    """Distinct numbers per rarity, counted here from the printings themselves."""
    return Counter(
        rarity for _, rarity in {(p.number, p.rarity) for p in snapshot.printings_of_set(game, set_code) if p.rarity}
    )


def test_pulls_is_served_with_every_game_of_the_catalog_and_its_sources(ask) -> None:
    answer = ask("GET", "/api/v1/pulls")
    assert answer.status_code == 200
    data = answer.json()["data"]
    assert data["@kind"] == "pulls" and data["license"] == "NOASSERTION"
    assert [g["game"] for g in data["games"]] == ["op", "ptcg", "fab", "lor"] and data["game_count"] == 4
    ids = {s["id"] for s in data["sources"]}
    for game in data["games"]:
        for product in game["products"]:
            assert product["sources"] and set(product["sources"]) <= ids
        for rare in game["rare_occurrences"]:
            assert rare["per_pack"] is None and rare["why_null"]
    assert all(s["url"].startswith("https://") for s in data["sources"])
    assert {d["status"] for d in data["disclosure"]} == {"reported", "computed", "estimated", "not_available"}
    assert "pull rates of the rarest cards (no source states them)" in answer.json()["_meta"]["does_not_include"]


def test_counts_per_set_are_the_catalogs_distinct_numbers_per_rarity(ctx) -> None:
    data = pulls(ctx, {}, {}).data
    for game in data["games"]:
        for entry in game["sets"]:
            counted = cards_by_rarity(ctx.snapshot, game["game"], entry["set"])
            assert {c["rarity"]: c["cards"] for c in entry["cards_by_rarity"]} == dict(counted), entry["set"]


def test_an_estimate_spreads_a_slot_evenly_over_the_sets_cards_of_that_rarity(ctx) -> None:
    """A product naming op01 with a slot of three commons: one given common comes 3/n times a pack."""
    product = Product(
        product="test booster",
        cards_per_pack=4,
        applies_to="op01",
        estimate_sets="^op01$",
        slots=(Slot(cards=3, rarities=("C",), foil=False), Slot(cards=1, rarities=("any",), foil=True)),
        rates=(StatedRate(rarity="R", per_pack=0.5),),
        sources=("ludkins-onepiece",),
    )
    real = ctx.content.pulls
    games = tuple(g.model_copy(update={"products": (product,)}) if g.game == "op" else g for g in real.games)
    content = dataclasses.replace(ctx.content, pulls=real.model_copy(update={"games": games}))
    data = pulls(dataclasses.replace(ctx, content=content), {}, {}).data
    op = next(g for g in data["games"] if g["game"] == "op")
    counted = cards_by_rarity(ctx.snapshot, "op", "op01")
    estimates = {e["rarity"]: e for e in next(s for s in op["sets"] if s["set"] == "op01")["estimates"]}
    assert set(estimates) == {r for r in ("C", "R") if counted[r]}
    if counted["C"]:
        assert estimates["C"]["copies_of_one_card_per_pack"] == round(3 / counted["C"], 4)
        assert estimates["C"]["packs_per_copy"] == round(counted["C"] / 3, 1) and estimates["C"]["basis"] == "slot"
        assert estimates["C"]["confidence"] == "low"  # a press source, not the publisher
    if counted["R"]:
        assert estimates["R"]["basis"] == "stated_rate" and estimates["R"]["per_pack"] == 0.5
    assert all(not s["estimates"] for s in op["sets"] if s["set"] != "op01")
    assert op["products"][0]["unlisted_cards"] == 0


def test_the_real_catalog_gives_the_publishers_welcome_to_rathe_counts(real_ctx) -> None:
    """Legend Story Studios lists 48 rares and 15 super rares for Welcome to Rathe, at 1.75 rares a
    pack and one super rare in six: the catalog's counts agree, so the estimates follow."""
    fab = next(g for g in pulls(real_ctx, {}, {}).data["games"] if g["game"] == "fab")
    wtr = next(s for s in fab["sets"] if s["set"] == "wtr")
    counts = {c["rarity"]: c["cards"] for c in wtr["cards_by_rarity"]}
    assert (counts["Rare"], counts["Super Rare"]) == (48, 15)
    estimates = {e["rarity"]: e for e in wtr["estimates"]}
    assert estimates["Rare"]["basis"] == "stated_rate" and estimates["Rare"]["packs_per_copy"] == round(48 / 1.75, 1)
    assert estimates["Super Rare"]["confidence"] == "medium"
    lor = next(g for g in pulls(real_ctx, {}, {}).data["games"] if g["game"] == "lor")
    first = next(s for s in lor["sets"] if s["set"] == "1")
    assert {e["rarity"]: e["per_pack"] for e in first["estimates"]} == {"Common": 6.0, "Uncommon": 3.0}


def test_content_that_cites_an_unknown_source_or_overfills_a_pack_is_refused() -> None:
    real = load_pulls(CONTENT_ROOT)
    op = real.games[0]
    with pytest.raises(ValidationError, match="unknown sources"):
        bad = op.model_copy(update={"products": (op.products[0].model_copy(update={"sources": ("nobody",)}),)})
        Pulls(sources=real.sources, games=(bad, *real.games[1:]))
    with pytest.raises(ValidationError, match="more than 2 cards"):
        Product(
            product="x",
            cards_per_pack=2,
            applies_to="x",
            slots=(Slot(cards=3, rarities=("C",), foil=False),),
            sources=("a",),
        )
    with pytest.raises(ValidationError, match="not on its ladder"):
        odd = GamePulls(game="op", ladder=("C", "R"), rare=("SEC",), products=op.products)
        Pulls(sources=real.sources, games=(odd, *real.games[1:]))
