"""Tokens minted with the (public) development key but carrying a payload the referee never sealed:
each is refused with 400 state_malformed, never a 500. Anyone holding the development key can mint
these, so the whole sealed payload is validated, not only its signature."""

from __future__ import annotations

from collections.abc import Callable

import orjson
import pytest
from practice_client import KEY, call, new

from generator.play.protocol.seal import seal, unseal


def _payload(out: dict) -> dict:
    return orjson.loads(unseal(out["state"], KEY))


def _game(**change: object) -> Callable[[dict], None]:
    def forge(doc: dict) -> None:
        doc["game"].update(change)

    return forge


def _drop_seed(doc: dict) -> None:
    del doc["game"]["seed"]


def _unknown_card(doc: dict) -> None:
    doc["state"]["players"][0]["hand"][0]["card"] = "OP99-999"


def _game_not_an_object(doc: dict) -> None:
    doc["game"] = [1, 2]


def _state(**change: object) -> Callable[[dict], None]:
    def forge(doc: dict) -> None:
        doc["state"].update(change)

    return forge


def _forty_don(doc: dict) -> None:
    doc["state"]["players"][0]["don_deck"] = 10
    doc["state"]["players"][0]["don_active"] = 10
    doc["state"]["players"][0]["don_rested"] = 10
    doc["state"]["players"][0]["leader"]["don"] = 10


def _bogus_prompt(doc: dict) -> None:
    doc["state"]["prompt"] = {"player": 0, "kind": "choose", "options": [999], "min": 1, "max": 1, "label": "pick"}


def _bogus_battle(doc: dict) -> None:
    doc["state"]["battle"] = {"attacker": 1, "target": 60, "step": "counter"}


def _bogus_frame(doc: dict) -> None:
    leader = doc["state"]["players"][0]["leader"]
    frame = {"source": leader["iid"], "controller": 0, "card": leader["card"], "effect": 7, "pc": ["act", 3, 9]}
    doc["state"]["pending"] = [frame]


def _waiting_for_the_ai(doc: dict) -> None:
    doc["state"]["waiting_for"] = 1


FORGERIES = {
    # the findings (issue 33): each reached the engine (500) or blamed the catalog (503)
    "active 5": _state(active=5),
    "first 9": _state(first=9),
    "waiting_for 7": _state(waiting_for=7),
    "turn -3": _state(turn=-3),
    "40 DON!!": _forty_don,
    "a prompt no effect asked": _bogus_prompt,
    "a battle between cards not on the field": _bogus_battle,
    "an effect frame past its card's text": _bogus_frame,
    "the AI to act": _waiting_for_the_ai,
    "level 99": _game(level=99),
    "level a string": _game(level="4"),
    "ply not a number": _game(ply="x"),
    "negative ply": _game(ply=-1),
    "missing seed": _drop_seed,
    "seed a float": _game(seed=1.5),
    "unknown card id": _unknown_card,
    "game not an object": _game_not_an_object,
}


@pytest.mark.parametrize("forgery", FORGERIES.values(), ids=FORGERIES.keys())
def test_a_forged_payload_is_400_not_500(forgery: Callable[[dict], None]) -> None:
    out = new(level=1, seed=4)
    doc = _payload(out)
    forgery(doc)
    token = seal(orjson.dumps(doc), KEY)
    action = out["legal_actions"][0]["id"]
    status, answer = call({"op": "move", "state": token, "action_id": action})
    assert status == 400, answer
    assert answer["error"]["code"] == "state_malformed"
    message = answer["error"]["message"]  # the referee's own words: no pydantic text, no blame on the catalog
    assert "validation error" not in message.lower() and "pydantic" not in message and "catalog" not in message


def test_an_untouched_payload_resealed_still_plays() -> None:
    """The control: the same re-sealing with no change is accepted (so the refusals above are about
    the payload, not the re-sealing)."""
    out = new(level=1, seed=4)
    token = seal(orjson.dumps(_payload(out)), KEY)
    status, answer = call({"op": "move", "state": token, "action_id": out["legal_actions"][0]["id"]})
    assert status == 200, answer
