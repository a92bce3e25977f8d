"""The published game-state contract: generated from the engine's models, it states the rules'
numbers as schema constraints, and every ``view`` the practice referee serves in whole matches
validates against it (with ``jsonschema``, as a client would check it)."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from pool import real_pool
from practice_client import new, play_out, sealed_state

from generator.play.engine.api import game_state_json_schema
from generator.play.engine.state_rules import RULES


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return game_state_json_schema()


def _validator(document: dict[str, Any], pointer: str | None = None) -> Draft202012Validator:
    """A validator for the document's root, or for the definition ``pointer`` names."""
    schema = document if pointer is None else {"$ref": pointer, "$defs": document["$defs"]}
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_the_document_is_a_kinded_json_schema_of_the_game_state(document) -> None:
    assert document["@kind"] == "play_game_state_schema"
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert document["title"] == "GameState" and "players" in document["properties"]
    Draft202012Validator.check_schema(document)


def test_zone_caps_are_schema_constraints(document) -> None:
    defs = document["$defs"]
    for model in ("PlayerState", "PlayerAreaView"):
        assert defs[model]["properties"]["characters"]["maxItems"] == 5
    caps = defs["ZoneCaps"]["properties"]
    assert caps["character_area"]["const"] == 5 and caps["stage_area"]["const"] == 1
    # one Stage: a single nullable card, never a list
    stage = defs["PlayerState"]["properties"]["stage"]["anyOf"]
    assert {s.get("$ref") or s.get("type") for s in stage} == {"#/$defs/CardInstance", "null"}
    for field in ("don_deck", "don_active", "don_rested"):
        assert defs["PlayerState"]["properties"][field]["maximum"] == 10


def test_nine_zones_win_conditions_and_deck_constants_are_enums_and_consts(document) -> None:
    defs = document["$defs"]
    zone_names = defs["Zone"]["properties"]["name"]["enum"]
    assert len(zone_names) == 9 and "cost_area" in zone_names
    assert defs["GameRules"]["properties"]["zones"]["minItems"] == 9
    assert set(defs["WinConditionRule"]["properties"]["condition"]["enum"]) == {
        "opponent_damaged_at_zero_life",
        "opponent_deck_empty",
        "opponent_concedes",
        "card_effect",
    }
    deck = defs["DeckConstruction"]["properties"]
    assert {k: deck[k]["const"] for k in ("leader_cards", "main_deck_cards", "don_deck_cards")} == {
        "leader_cards": 1,
        "main_deck_cards": 50,
        "don_deck_cards": 10,
    }
    assert deck["max_copies_per_card_number"]["const"] == 4
    rules = defs["GameRules"]["properties"]
    assert [i["const"] for i in rules["phases"]["prefixItems"]] == ["refresh", "draw", "don", "main", "end"]
    steps = [i["const"] for i in rules["battle_steps"]["prefixItems"]]
    assert steps == ["attack", "block", "counter", "damage", "end_of_battle"]


def test_the_rules_value_matches_its_schema_and_names_real_state_fields(document) -> None:
    assert document["rules"] == RULES.model_dump(mode="json")
    _validator(document, document["rules_schema"]).validate(document["rules"])
    assert {z["name"] for z in document["rules"]["zones"]} == set(
        document["$defs"]["Zone"]["properties"]["name"]["enum"]
    )
    fields = set(document["$defs"]["PlayerState"]["properties"])
    held = {f for z in document["rules"]["zones"] for f in z["holds"]}
    assert held <= fields and fields - held == set()
    assert any("7-1-4-1" in d for d in document["rules"]["differences_from_spec"])
    broken = {**document["rules"], "zone_caps": {"character_area": 6, "stage_area": 1}}
    with pytest.raises(ValidationError):
        _validator(document, document["rules_schema"]).validate(broken)


def test_a_sealed_state_validates_and_a_sixth_character_does_not(document) -> None:
    state = sealed_state(new(seed=5)).model_dump(mode="json")
    root = _validator(document)
    root.validate(state)
    leader = state["players"][0]["leader"]
    crowded = [{**leader, "iid": 900 + i} for i in range(6)]
    state["players"][0] = {**state["players"][0], "characters": crowded}
    with pytest.raises(ValidationError):
        root.validate(state)


@pytest.mark.parametrize("level,seed", [(0, 61), (2, 62)])
def test_every_view_of_whole_practice_matches_validates(document, level: int, seed: int) -> None:
    views: list[dict] = []
    out, moves = play_out(level, seed, on_reply=lambda reply: views.append(reply["view"]))
    assert out["result"] is not None and len(views) == moves + 1
    check = _validator(document, document["view_schema"])
    for seen in views:
        check.validate(seen)
    steps = {v["battle"]["step"] for v in views if v["battle"]}
    assert steps <= set(document["$defs"]["BattleView"]["properties"]["step"]["enum"])


@pytest.mark.slow
@pytest.mark.real_data
def test_every_view_of_a_whole_match_over_real_cards_validates(document) -> None:
    views: list[dict] = []
    out, _ = play_out(2, 3, cards=real_pool(), on_reply=lambda reply: views.append(reply["view"]))
    assert out["result"] is not None
    check = _validator(document, document["view_schema"])
    for seen in views:
        check.validate(seen)


def test_a_view_with_a_member_the_contract_does_not_name_fails(document) -> None:
    seen = new(seed=6)["view"]
    check = _validator(document, document["view_schema"])
    check.validate(seen)
    with pytest.raises(ValidationError):
        check.validate({**seen, "deck": []})
    with pytest.raises(ValidationError):
        check.validate(
            {**seen, "battle": {"attacker": 1, "target": 2, "step": "trigger", "blocked": False, "damage_left": 1}}
        )
