"""The price-guide JSON through the app: navigation that leads somewhere, and no value anywhere."""

from __future__ import annotations

import re


def test_the_guide_navigates_from_game_to_set_to_card_and_every_link_answers(ask) -> None:
    game = ask("GET", "/api/v1/prices/games/op").json()["data"]
    assert game["license"] == "NOASSERTION" and game["price"]["value"] is None
    assert {s["set"] for s in game["sets"]} == {"op01", "st01"}
    for entry in game["sets"]:
        view = ask("GET", entry["@id"]).json()["data"]
        assert view["number_count"] == entry["numbers"] == len(view["numbers"])
        assert sum(len(n["printings"]) for n in view["numbers"]) == entry["printings"]
        for number in view["numbers"]:
            card = ask("GET", number["@id"]).json()["data"]
            assert [p["sku"] for p in card["printings"]] == [p["sku"] for p in number["printings"]]
            assert ask("GET", card["everything"]).status_code == 200
            assert ask("GET", card["up"]).status_code == 200


def test_every_source_state_is_named_and_no_price_is_published(ask) -> None:
    body = ask("GET", "/api/v1/prices/games/op/sets/op01/cards/001").text
    states = set(re.findall(r'"state":"(\w+)"', body))
    assert {"observed", "paused", "blocked"} <= states <= {"observed", "not_observed", "planned", "paused", "blocked"}
    assert re.findall(r'"value":([^,}]+)', body) == ["null"] * len(re.findall(r'"value":', body))


def test_unknown_game_set_or_number_is_404(ask) -> None:
    for path in (
        "/api/v1/prices/games/mtg",
        "/api/v1/prices/games/op/sets/op99",
        "/api/v1/prices/games/op/sets/op01/cards/999",
    ):
        assert ask("GET", path).status_code == 404, path
