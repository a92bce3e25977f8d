"""The example match: a real seeded L2-vs-L1 match recorded by the engine, reproducible byte for
byte, redacted for a spectator, with three real Intent -> IntentReply exchanges of the referee."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import orjson
import pytest
from pool import real_pool, synthetic_pool

from generator.play.protocol.example_match import EXAMPLE_KEY, MATCH_EVENT, example_match
from generator.play.protocol.practice import practice
from generator.play.protocol.seal import dev_key

POOL = synthetic_pool()
EXAMPLE = example_match(POOL, 7)


def test_the_example_is_reproducible() -> None:
    assert json.dumps(example_match(POOL, 7)) == json.dumps(EXAMPLE)
    assert json.dumps(example_match(POOL, 8)) != json.dumps(EXAMPLE)


def test_the_match_is_complete_and_typed() -> None:
    assert EXAMPLE["result"]["winner"] in (0, 1) and EXAMPLE["moves"] > 10
    events = EXAMPLE["events"]
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert all(set(e) == set(MATCH_EVENT) for e in events)
    assert events[-1]["kind"] == "game_over"
    assert [p["ai_level"] for p in EXAMPLE["players"]] == [2, 1]
    assert all(p["deck"]["validation"]["valid"] for p in EXAMPLE["players"])


def test_kinds_demonstrated_roll_up_the_events() -> None:
    kinds = EXAMPLE["kinds_demonstrated"]
    counted = {}
    for e in EXAMPLE["events"]:
        counted[e["kind"]] = counted.get(e["kind"], 0) + 1
    assert kinds["events"] == counted
    assert {"attack", "battle", "play", "draw", "game_over"} <= set(kinds["events"])
    assert kinds["intent_ops"] == ["move", "new"]
    assert sum(kinds["actions"].values()) == EXAMPLE["moves"]


def test_a_spectator_sees_no_private_value() -> None:
    for e in EXAMPLE["events"]:
        assert all(e["data"].get(k) is None for k in e["private"]), e
        if e["action_kind"] == "choose":
            assert e["action_id"] is None
    draws = [e for e in EXAMPLE["events"] if e["kind"] == "draw"]
    assert draws and all("a card" in e["text"] for e in draws)


def test_three_intents_with_replies_of_the_live_shape() -> None:
    intents = EXAMPLE["intents"]
    assert len(intents) == 3
    assert [i["intent"]["op"] for i in intents] == ["new", "move", "move"]
    assert intents[2]["intent"]["action_id"].startswith("attack:")
    _, live = practice(
        orjson.dumps({"op": "new", "level": 1, "seed": 1}), POOL, bytes(32), datetime(2026, 5, 1, tzinfo=UTC)
    )
    for item in intents:
        assert item["reply_status"] == 200 and item["context"]
        assert set(live) - {"seed", "decks"} <= set(item["reply"])


def test_the_intents_replay_against_a_live_referee_with_the_development_key() -> None:
    """Issue 33: the example's tokens were sealed under a key no referee has. They are sealed under
    the public development key (``make serve``'s), so each intent sent again to such a referee gets
    its recorded reply, all but the new token (a fresh nonce)."""
    assert dev_key() == EXAMPLE_KEY and "make serve" in EXAMPLE["replay"]
    for item in EXAMPLE["intents"]:
        status, reply = practice(orjson.dumps(item["intent"]), POOL, dev_key(), datetime(2026, 6, 1, tzinfo=UTC))
        assert status == item["reply_status"] == 200
        assert reply["state"] != item["reply"]["state"]
        assert {**reply, "state": None} == {**item["reply"], "state": None}


def test_a_deployment_with_its_own_key_refuses_the_recorded_tokens() -> None:
    token = EXAMPLE["intents"][0]["reply"]["state"]
    body = orjson.dumps({"op": "move", "state": token, "action_id": "keep"})
    status, err = practice(body, POOL, bytes(32), datetime(2026, 5, 1, tzinfo=UTC))
    assert status == 400 and err["error"]["code"] == "state_rejected"
    assert "state_rejected" in EXAMPLE["replay"]


@pytest.mark.real_data
def test_the_example_over_real_cards() -> None:
    example = example_match(real_pool(), 7)
    assert example["result"] is not None and len(example["intents"]) == 3
