"""The practice referee through ``practice()`` only: new games, moves, whole games to the end,
sealed state that cannot be read or forged, strict bodies, and a scan of every answer of whole
games for the AI's hidden cards (its hand, deck and Life must never be named or numbered)."""

from __future__ import annotations

import base64
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pool import real_pool
from practice_client import (
    IID_KEYS,
    OTHER_KEY,
    POOL,
    PUBLIC_MOVES,
    RESPONSE_KEYS,
    call,
    client_choice,
    move,
    new,
    play_out,
    sealed_state,
)

from generator.play.decks.ladder_decks import build_deck, main_deck
from generator.play.decks.rules import load_rules
from generator.play.protocol.practice import AI, MAX_BODY_BYTES


def test_new_game_answers_with_the_whole_contract() -> None:
    out = new(level=2)
    assert set(out) >= RESPONSE_KEYS and out["stored"] is False
    assert out["waiting_for"] == "you" and out["result"] is None
    assert {a["id"] for a in out["legal_actions"]} >= {"keep", "mulligan", "concede"}
    ai_deck = out["decks"]["ai"]
    assert ai_deck["validation"]["valid"] and "fully-compiled" in ai_deck["note"]
    assert ai_deck["main_deck_card_ids"] == sorted(ai_deck["main_deck_card_ids"])
    assert out["view"]["you"] == 0 and "hand" in out["view"]["players"][0]
    assert "hand" not in out["view"]["players"][1]
    assert base64.urlsafe_b64decode(out["state"] + "==")[0] == 1


def test_same_seed_same_key_same_game_and_the_key_changes_the_deal() -> None:
    a, b = new(seed=9), new(seed=9)
    assert a["game_id"] == b["game_id"] and a["view"] == b["view"] and a["state"] != b["state"]
    _, c = call({"op": "new", "level": 1, "seed": 9}, key=OTHER_KEY)
    assert c["game_id"] != a["game_id"]


def test_a_few_moves_with_the_ai_answering() -> None:
    out = new(level=1, seed=2)
    status, out = move(out, "keep")
    assert status == 200 and out["ply"] >= 2 and out["waiting_for"] == "you"
    mine = [e for e in out["log"] if e["move_by"] == "you"]
    assert mine[0]["text"] == "You keep the opening hand."
    assert all(e["text"] and e["event"]["kind"] for e in out["log"])
    r = random.Random(0)
    ai_moved = False
    for _ in range(25):
        ai_moved = ai_moved or any(e["move_by"] == "ai" for e in out["log"])
        if out["result"] is not None:
            break
        attacks = [a for a in out["legal_actions"] if a["kind"] == "attack"]
        for a in attacks:
            preview = a["preview"]
            assert preview["outcome_if_unanswered"] in ("ko", "life", "win", "life_trashed", "fails")
            assert preview["counter_needed"] >= 0
        status, out = move(out, client_choice(out, r))
        assert status == 200
    assert ai_moved


@pytest.mark.parametrize("level", [0, 1, 2])
def test_a_whole_game_played_to_the_end_through_practice_only(level: int) -> None:
    out, moves = play_out(level, seed=30 + level)
    assert out["result"]["winner"] in ("you", "ai", None) and moves > 3
    assert out["legal_actions"] == [] and out["waiting_for"] is None
    status, err = move(out, "end")
    assert status == 400 and err["error"]["code"] == "game_over"


def test_an_illegal_action_is_refused_with_the_legal_ones() -> None:
    out = new()
    status, err = move(out, "attack:1:2")
    assert status == 400 and err["error"]["code"] == "illegal_action"
    assert "keep" in err["error"]["legal_action_ids"]


def _flip(token: str, index: int) -> str:
    raw = bytearray(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
    raw[index] ^= 0x01
    return base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode()


@pytest.mark.parametrize(
    "index,code", [(0, "state_version"), (1, "state_rejected"), (20, "state_rejected"), (-1, "state_rejected")]
)
def test_a_tampered_token_is_refused(index: int, code: str) -> None:
    out = new()
    status, err = move({"state": _flip(out["state"], index)}, "keep")
    assert status == 400 and err["error"]["code"] == code


def _truncated(token: str, n: int) -> str:
    """The token less its last ``n`` bytes, still base64url (cutting characters may not be)."""
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    return base64.urlsafe_b64encode(raw[:-n]).rstrip(b"=").decode("ascii")


def test_wrong_key_truncated_and_garbage_tokens_are_refused() -> None:
    out = new()
    status, err = move(out, "keep", key=OTHER_KEY)
    assert status == 400 and err["error"]["code"] == "state_rejected"
    for bad, code in [
        (_truncated(out["state"], 5), "state_rejected"),
        (out["state"][:20], "state_malformed"),
        ("", "state_malformed"),
        ("!!not base64!!", "state_malformed"),
        ("A" * 60, "state_version"),
        ("AQ" + "A" * 40, "state_rejected"),
    ]:
        status, err = move({"state": bad}, "keep")
        assert status == 400 and err["error"]["code"] == code, (bad, err)


BAD_BODIES = [
    (b"\xff\xfe", "not_utf8"),
    (b"not json", "not_json"),
    (b"[1]", "not_an_object"),
    (b"{}", "missing_member"),
    ({"op": 1}, "wrong_type"),
    ({"op": "deal"}, "unknown_op"),
    ({"op": "new"}, "missing_member"),
    ({"op": "new", "level": 5}, "level_out_of_range"),
    ({"op": "new", "level": -1}, "level_out_of_range"),
    ({"op": "new", "level": "1"}, "wrong_type"),
    ({"op": "new", "level": True}, "wrong_type"),
    ({"op": "new", "level": 1.5}, "wrong_type"),
    ({"op": "new", "level": 1, "seed": -3}, "seed_out_of_range"),
    ({"op": "new", "level": 1, "seed": "7"}, "wrong_type"),
    ({"op": "new", "level": 1, "colour": "red"}, "unknown_member"),
    ({"op": "new", "level": 1, "deck": []}, "wrong_type"),
    ({"op": "new", "level": 1, "deck": {"leader_id": "TSL-001"}}, "missing_member"),
    ({"op": "new", "level": 1, "deck": {"leader_id": 1, "main_deck_card_ids": []}}, "wrong_type"),
    ({"op": "move", "action_id": "keep"}, "missing_member"),
    ({"op": "move", "state": "x", "action_id": 3}, "wrong_type"),
    ({"op": "move", "state": "x", "action_id": "k", "choices": []}, "wrong_type"),
    ({"op": "move", "state": "x", "action_id": "k", "choices": {"then": "yes"}}, "wrong_type"),
    ({"op": "move", "state": "x", "action_id": "k", "choices": {"when": []}}, "unknown_member"),
    (b'{"op": "new", "level": 1, "pad": "' + b"x" * MAX_BODY_BYTES + b'"}', "body_too_large"),
]


@pytest.mark.parametrize("body,code", BAD_BODIES)
def test_bad_bodies_get_400_with_a_code(body, code: str) -> None:
    status, err = call(body)
    assert status == 400 and err["error"]["code"] == code and err["error"]["message"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.binary(max_size=200),
        st.recursive(
            st.none() | st.booleans() | st.integers() | st.text(max_size=8),
            lambda inner: (
                st.lists(inner, max_size=3)
                | st.dictionaries(
                    st.sampled_from(["op", "level", "seed", "deck", "state", "action_id", "choices", "x"]),
                    inner,
                    max_size=4,
                )
            ),
            max_leaves=8,
        ),
    )
)
def test_any_body_gets_200_or_a_coded_400(doc) -> None:
    body = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    status, out = call(body)
    assert status == 200 or (status == 400 and out["error"]["code"]), out


def _other_colour_deck(level: int, seed: int) -> dict:
    ai_leader = build_deck(POOL, seed, role="ai", level=level).leader
    leader = "TSL-002" if ai_leader == "TSL-001" else "TSL-001"
    return {"leader_id": leader, "main_deck_card_ids": list(main_deck(POOL, leader, load_rules()))}


def test_a_user_deck_is_validated() -> None:
    deck = _other_colour_deck(1, 4)
    out = new(deck=deck)
    assert out["decks"]["you"]["leader_id"] == deck["leader_id"]
    bad = {"leader_id": deck["leader_id"], "main_deck_card_ids": deck["main_deck_card_ids"][:40]}
    status, err = call({"op": "new", "level": 1, "seed": 4, "deck": bad})
    assert status == 400 and err["error"]["code"] == "invalid_deck"
    assert "deck_size" in {v["code"] for v in err["error"]["violations"]}


def _scan(out: dict) -> None:
    """No AI card still hidden (hand, deck, Life) is named or numbered in this answer."""
    state = sealed_state(out)
    ai = state.players[AI]
    hidden = {c.iid: c.card for c in (*ai.hand, *ai.deck, *ai.life)}
    public = {c.card for c in (*ai.field(), *ai.trash)}
    log = out["log"]
    assert not [e for e in log if e["event"]["kind"] == "life_check" and e["event"]["player"] == AI]
    named = {e["event"]["data"].get("card") for e in log if e["event"]["kind"] in PUBLIC_MOVES}
    secret = set(hidden.values()) - public - named
    body = {k: v for k, v in out.items() if k not in ("state", "decks", "log")}
    body["log"] = [e for e in log if e["event"]["kind"] not in PUBLIC_MOVES]
    text = json.dumps(body)
    assert not [cid for cid in secret if cid in text]

    def numbers(node: Any, key: str | None = None):
        if isinstance(node, dict):
            for k, v in node.items():
                yield from numbers(v, k)
        elif isinstance(node, list):
            for v in node:
                yield from numbers(v, key)
        elif key in IID_KEYS and isinstance(node, int) and not isinstance(node, bool):
            yield node

    assert not set(numbers(body)) & set(hidden)


@pytest.mark.slow
@pytest.mark.parametrize("level", [0, 1, 2, 3, 4])
def test_the_ais_hidden_cards_never_appear_in_any_answer(level: int) -> None:
    replies = []
    out, _ = play_out(level, seed=50 + level, deck=_other_colour_deck(level, 50 + level), on_reply=replies.append)
    assert out["result"] is not None and len(replies) > 5
    for reply in replies:
        _scan(reply)


@pytest.mark.slow
@pytest.mark.real_data
def test_a_whole_game_against_l2_over_real_cards() -> None:
    cards = real_pool()
    out, moves = play_out(2, seed=3, cards=cards)
    assert out["result"] is not None and moves > 5
