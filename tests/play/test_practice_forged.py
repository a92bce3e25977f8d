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


FORGERIES = {
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


def test_an_untouched_payload_resealed_still_plays() -> None:
    """The control: the same re-sealing with no change is accepted (so the refusals above are about
    the payload, not the re-sealing)."""
    out = new(level=1, seed=4)
    token = seal(orjson.dumps(_payload(out)), KEY)
    status, answer = call({"op": "move", "state": token, "action_id": out["legal_actions"][0]["id"]})
    assert status == 200, answer
