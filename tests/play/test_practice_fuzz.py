"""Damaged and forged practice states, mutated from real sealed ones, are refused or played, never a
server error (issue 33, item 3). The development key is public, so anyone can seal any payload:
hypothesis changes one or a few values of real sealed states, keeping their JSON types (an index,
a count, a phase, a card id moved elsewhere) or breaking them, reseals the result and sends a move
that was legal in the original position. Every answer must be a 200 or a 400 (``state_malformed``
when the state is refused) with a message in the referee's own words: no exception (the app's
500), no 503 blaming the catalog, no pydantic text."""

from __future__ import annotations

import copy
import json
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from practice_client import KEY, call, client_choice, move, new

from generator.play.protocol.seal import seal, unseal

Path_ = tuple[str | int, ...]
PHASES = ["setup", "mulligan", "refresh", "draw", "don", "main", "end", "over", "nonsense"]
HOT = ("prompt", "pending", "battle", "offered", "delayed", "loops", "result")
EDGE_INTS = [-(2**63), -3, -1, 0, 1, 2, 5, 7, 9, 10, 11, 40, 51, 52, 102, 103, 999, 2**64]


def _positions() -> list[tuple[dict[str, Any], list[str]]]:
    """Sealed payloads of real games (levels 1-3, prompts, battles and effects among them) and the
    actions legal in each."""
    import random

    found = []
    for level, seed in ((1, 4), (2, 5), (3, 6), (1, 11)):
        out, r = new(level=level, seed=seed), random.Random(seed)
        for _ in range(40):
            if out["result"] is not None:
                break
            found.append((orjson.loads(unseal(out["state"], KEY)), [a["id"] for a in out["legal_actions"]]))
            status, out = move(out, client_choice(out, r))
            assert status == 200, out
    # the positions where something is pending first: where a forged frame or prompt bites
    return sorted(found, key=lambda p: not (p[0]["state"]["prompt"] or p[0]["state"]["battle"]))


POSITIONS = _positions()


def _leaves(doc: Any, path: Path_ = ()) -> list[Path_]:
    """Every path in ``doc`` (containers too: a list or an object can be emptied or changed)."""
    out = [path]
    if isinstance(doc, dict):
        for key, value in doc.items():
            out += _leaves(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            out += _leaves(value, (*path, i))
    return out


def _get(doc: Any, path: Path_) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _set(doc: Any, path: Path_, value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _same_type(draw: st.DrawFn, old: Any, doc: dict[str, Any]) -> Any:
    """Another value of ``old``'s JSON type, from what a real state holds where possible."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return draw(st.sampled_from(EDGE_INTS) | st.integers(-5, 120) | st.just(old + 1) | st.just(old - 1))
    if isinstance(old, str):
        cards = sorted(doc["state"]["cards"])
        return draw(st.sampled_from(cards + PHASES + ["", "x", "choose", "attack", "o7", "ko"]))
    if isinstance(old, list):
        if old and draw(st.booleans()):
            i = draw(st.integers(0, len(old) - 1))
            return old[:i] + old[i + 1 :] if draw(st.booleans()) else old + [copy.deepcopy(old[i])]
        return list(reversed(old))
    if isinstance(old, dict):
        if old and draw(st.booleans()):
            key = draw(st.sampled_from(sorted(old)))
            return {k: v for k, v in old.items() if k != key}
        return {**old, draw(st.sampled_from(["x", "iid", "card", "pc"])): draw(st.integers(-1, 200))}
    return draw(st.integers(-2, 110))  # null: something where nothing was


def _other_type(draw: st.DrawFn, old: Any) -> Any:
    choices: list[Any] = [None, True, 1.5, "7", [], {}, [1, 2], {"a": 1}, -1, 2**70]
    return draw(st.sampled_from([c for c in choices if type(c) is not type(old)]))


def _move_instance(draw: st.DrawFn, doc: dict[str, Any]) -> None:
    """A card instance taken from one zone and put in another (or both), as a forger might (on the
    players as the mutations before left them: nothing to move when they broke their shape)."""
    players = doc.get("state", {}).get("players")
    zones = [
        (p, zone)
        for p in (0, 1)
        for zone in ("hand", "deck", "life", "trash", "characters")
        if isinstance(players, list)
        and len(players) == 2
        and isinstance(players[p], dict)
        and isinstance(players[p].get(zone), list)
        and players[p][zone]
    ]
    if len({p for p, _ in zones}) < 2:
        return
    p, zone = draw(st.sampled_from(zones))
    cards = doc["state"]["players"][p][zone]
    card = cards.pop(draw(st.integers(0, len(cards) - 1))) if draw(st.booleans()) else copy.deepcopy(cards[0])
    q = draw(st.sampled_from([0, 1]))
    target = draw(st.sampled_from(["hand", "deck", "life", "trash", "characters"]))
    doc["state"]["players"][q][target].append(card)


@st.composite
def forged(draw: st.DrawFn, type_keeping: bool) -> tuple[str, str]:
    original, legal = draw(st.sampled_from(POSITIONS))
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        if type_keeping and draw(st.integers(0, 5)) == 0:
            _move_instance(draw, doc)
            continue
        paths = [p for p in _leaves(doc) if p and p[0] in ("game", "state") and p[:2] != ("state", "cards")]
        # half the time a value of the game's control (whose turn, the phase, a prompt, a battle, an
        # effect frame), whose few leaves would be rare among the hundreds of the card instances
        hot = [p for p in paths if len(p) <= 2 or p[1] in HOT]
        path = draw(st.sampled_from(hot if hot and draw(st.booleans()) else paths))
        old = _get(doc, path)
        doc = _set(doc, path, _same_type(draw, old, doc) if type_keeping else _other_type(draw, old))
    action = draw(st.sampled_from(legal))
    return seal(json.dumps(doc).encode(), KEY), action  # json: an integer past 64 bits is a forgery too


def _answered_in_its_own_words(token: str, action: str) -> None:
    status, answer = call({"op": "move", "state": token, "action_id": action})
    assert status in (200, 400), answer
    if status == 400:
        message = answer["error"]["message"]
        assert answer["error"]["code"] in {"state_malformed", "state_version", "illegal_action", "game_over"}, answer
        assert "pydantic" not in message and "validation error" not in message.lower() and "catalog" not in message


FUZZ = settings(
    max_examples=400, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


@FUZZ
@given(forged(type_keeping=True))
def test_type_keeping_mutations_of_real_states_are_never_a_server_error(case: tuple[str, str]) -> None:
    _answered_in_its_own_words(*case)


@FUZZ
@given(forged(type_keeping=False))
def test_type_breaking_mutations_of_real_states_are_never_a_server_error(case: tuple[str, str]) -> None:
    _answered_in_its_own_words(*case)


def test_the_positions_cover_prompts_battles_and_effects() -> None:
    """The fuzz starts from positions where a forged prompt, battle or frame would reach the engine."""
    states = [doc["state"] for doc, _ in POSITIONS]
    assert sum(bool(s["prompt"]) for s in states) >= 3
    assert sum(bool(s["battle"]) for s in states) >= 10
    assert sum(bool(s["pending"]) for s in states) >= 3


@pytest.mark.parametrize("doc,_", POSITIONS[:20])
def test_every_position_resealed_unchanged_is_accepted(doc: dict[str, Any], _: list[str]) -> None:
    """The control: the checks accept every real position (a refusal above is about the change)."""
    token = seal(orjson.dumps(doc), KEY)
    status, answer = call({"op": "move", "state": token, "action_id": "concede"})
    assert status == 200, answer
