"""A client of the practice referee for tests: ``call`` a body, start a ``new`` game, ``move``,
read the ``sealed_state`` back, ``play_out`` a whole game with a scripted client; the synthetic
``POOL``, the keys and the fixed clock the calls use, and the sets of names the secrecy scans need."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from typing import Any

import orjson
from pool import synthetic_pool

from generator.play.engine.api import GameState
from generator.play.protocol.practice import practice
from generator.play.protocol.seal import unseal

POOL = synthetic_pool()
KEY = bytes(range(32))
OTHER_KEY = bytes(range(1, 33))
NOW = datetime(2026, 5, 1, 12, tzinfo=UTC)
# Events that move a card between areas in the open: naming it is the rules, not a leak.
PUBLIC_MOVES = {
    "return_to_hand",
    "return_to_deck",
    "trash_to_hand",
    "reveal_to_hand",
    "to_hand",
    "reveal",
    "play",
    "event",
    "counter",
    "trigger",
    "life_trashed",
    "discard",
    "ko",
    "trash",
    "trigger_trashed",
    "trash_to_deck",
    "life_to_trash",
    "deck_to_trash",
}
IID_KEYS = {"iid", "target", "attacker", "blocker", "source", "targets", "picked", "card"}
RESPONSE_KEYS = {
    "game_id",
    "ply",
    "you",
    "ai",
    "ai_player",
    "state",
    "view",
    "log",
    "legal_actions",
    "waiting_for",
    "result",
    "stored",
    "notes",
}


def call(doc: Any, cards=POOL, key: bytes = KEY) -> tuple[int, dict]:
    body = doc if isinstance(doc, bytes) else orjson.dumps(doc)
    return practice(body, cards, key, NOW)


def new(level: int = 1, seed: int = 4, **extra) -> dict:
    status, out = call({"op": "new", "level": level, "seed": seed, **extra})
    assert status == 200, out
    return out


def move(out: dict, action_id: str, key: bytes = KEY, cards=POOL, **extra) -> tuple[int, dict]:
    """A move over the card pool its game was dealt from (the referee checks the state's cards against it)."""
    return call({"op": "move", "state": out["state"], "action_id": action_id, **extra}, cards=cards, key=key)


def sealed_state(out: dict, key: bytes = KEY) -> GameState:
    return GameState.model_validate(orjson.loads(unseal(out["state"], key))["state"])


def client_choice(out: dict, r: random.Random) -> str:
    """A simple scripted client: keep, play, attack the Leader, otherwise anything but conceding."""
    acts = [a for a in out["legal_actions"] if a["id"] != "concede"]
    for kind in ("keep", "play", "attack"):
        pick = [a for a in acts if a["kind"] == kind]
        if pick:
            return r.choice(pick)["id"]
    return r.choice(acts)["id"]


def play_out(level: int, seed: int, deck: dict | None = None, cards=POOL, on_reply=None):
    """A whole game through ``practice()`` only; returns the last answer and the move count."""
    status, out = call({"op": "new", "level": level, "seed": seed, **({"deck": deck} if deck else {})}, cards=cards)
    assert status == 200, out
    r = random.Random(seed)
    moves = 0
    if on_reply:
        on_reply(out)
    while out["result"] is None:
        assert out["waiting_for"] == "you" and out["legal_actions"]
        status, out = move(out, client_choice(out, r), cards=cards)
        assert status == 200, out
        if on_reply:
            on_reply(out)
        moves += 1
        assert moves < 1500
    return out, moves
