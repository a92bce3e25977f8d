"""GET /api/v1/play/example-match: a real seeded AI-vs-AI match the engine recorded at build.

Why recorded, not written: an example that the engine did not produce can drift from what the
referee does. Here L2 (player 0) plays L1 (player 1) with decks built like the practice AI's,
every event is the engine's own, and the three Intent -> IntentReply examples are real calls of
the practice referee (``practice.practice``), so their replies have exactly the live shape.

What the record shows: the events as a spectator may see them (``api.redact`` for a player who is
neither side: every private value, such as a drawn card, is null) with one narrated sentence
each, and for each move the mover's action kind (the action id only for public kinds: a "choose"
id can name a card still hidden). "life_check" events are not shown (``view.OWNER_ONLY``): their kind alone
would tell that a Life card has a [Trigger].

The intents replay (issue 33): they are sealed under the public development key, the one a
referee started with ``make serve`` (``--dev-referee-key``) uses, with nonces from a counter so
the build is byte-reproducible (a nonce may repeat only under a key that protects nothing). Sent
to such a referee over the same build, each intent gets the recorded reply again, all but its
``state`` token (sealed with a fresh nonce). A deployment with its own key refuses the recorded
tokens (``state_rejected``: they are not sealed under its key) and deals another game for the
``new`` intent (seeds are keyed); the document says so in ``replay``.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import orjson

from generator.models.onepiece import OnePieceCard
from generator.play.ai import DESCRIPTIONS, make_ai
from generator.play.ai.basic import aggressor_move
from generator.play.ai.match import MatchRecord, play_match
from generator.play.decks.ladder_decks import BuiltDeck, build_deck
from generator.play.engine.api import GameState, legal_actions, redact, view
from generator.play.protocol.narration import Narrator, public_names
from generator.play.protocol.practice import HUMAN, practice
from generator.play.protocol.seal import dev_key, unseal

EXAMPLE_KEY = dev_key()  # public: the intents replay against a referee run with it (make serve)
REPLAY = (
    "The intents replay: their tokens are sealed under the public development key, which a referee "
    "started with `make serve` (build.py serve --dev-referee-key) uses. Sent to such a referee over the "
    "same build, each intent gets its recorded reply again, all but the reply's state token (a fresh "
    "nonce). A deployment with its own CARDPANTRY_REFEREE_KEY answers 400 state_rejected for the "
    "recorded tokens (not sealed under its key) and deals another game for the new intent (seeds are keyed)."
)
SPECTATOR = -1
LEVELS = (2, 1)
PUBLIC_ACTION_KINDS = frozenset(
    {
        "keep",
        "mulligan",
        "play",
        "activate",
        "give_don",
        "attack",
        "end_turn",
        "block",
        "no_block",
        "counter",
        "counter_event",
        "no_counter",
        "trigger",
        "no_trigger",
        "concede",
        "answer_yes",
        "answer_no",
        "option",
    }
)
AS_OF = datetime(2026, 4, 1, tzinfo=UTC)
MATCH_EVENT = {
    "seq": "integer: position in the match, from 0",
    "ply": "integer: the move that set the event off",
    "turn": "integer: the turn number when the move was made (0 during set-up)",
    "mover": "integer: the player who made the move",
    "action_kind": "string: the kind of that move (play, attack, give_don, counter...)",
    "action_id": "string or null: its id, null when the id could name a hidden card",
    "kind": "string: the engine's event kind",
    "player": "integer or null: the player the event is about",
    "data": "object: the event's values; private values are null for a spectator",
    "private": "array of strings: the data keys only `player` may see",
    "text": "string: the narrated sentence",
}


def _entropy() -> Callable[[int], bytes]:
    """Deterministic bytes for seeds and nonces (a SHA-256 counter): reproducible builds."""
    counter = [0]

    def take(n: int) -> bytes:
        counter[0] += 1
        return hashlib.sha256(f"example-entropy:{counter[0]}".encode()).digest()[:n]

    return take


def _events(cards: Mapping[str, OnePieceCard], record: MatchRecord, states: list[GameState]) -> list[dict[str, Any]]:
    labels = {p: f"Player {p} (L{lvl})" for p, lvl in enumerate(LEVELS)}
    narrator = Narrator(cards, SPECTATOR, labels=labels)
    out: list[dict[str, Any]] = []
    names: dict[int, str] = {}
    for ply, state_after in zip(record.plies, states):
        names = public_names(view(state_after, 0), names, hand=False)
        kind = ply.kind
        for event in redact(list(ply.events), SPECTATOR):
            out.append(
                {
                    "seq": len(out),
                    "ply": ply.ply,
                    "turn": ply.turn,
                    "mover": ply.player,
                    "action_kind": kind,
                    "action_id": ply.action if kind in PUBLIC_ACTION_KINDS else None,
                    **event,
                    "text": narrator.sentence(event, names),
                }
            )
    return out


def _intents(cards: Mapping[str, OnePieceCard], seed: int) -> list[dict[str, Any]]:
    """Three real exchanges: a new game, the opening-hand decision, and a first attack."""
    entropy = _entropy()

    def call(intent: dict[str, Any], context: str) -> dict[str, Any]:
        status, reply = practice(orjson.dumps(intent), cards, EXAMPLE_KEY, AS_OF, entropy)
        return {"context": context, "intent": intent, "reply_status": status, "reply": reply}

    out = [call({"op": "new", "level": 1, "seed": seed}, "Deal a match against L1.")]
    token = out[0]["reply"]["state"]
    out.append(
        call(
            {"op": "move", "state": token, "action_id": "keep"},
            "Keep the opening hand; the AI answers until it is your turn again.",
        )
    )
    token, skipped = out[1]["reply"]["state"], 0
    for _ in range(200):
        state = GameState.model_validate(orjson.loads(unseal(token, EXAMPLE_KEY))["state"])
        if state.result is not None:
            break
        legal = legal_actions(state)
        attack = next((a for a in legal if a.kind == "attack"), None)
        if attack is not None:
            out.append(
                call(
                    {"op": "move", "state": token, "action_id": attack.id},
                    f"Attack (after {skipped} more moves played by the L1 script): the "
                    "legal action carried a damage preview; the reply narrates the "
                    "battle and the AI's answer.",
                )
            )
            break
        move = aggressor_move(state, HUMAN, legal)
        status, reply = practice(
            orjson.dumps({"op": "move", "state": token, "action_id": move}), cards, EXAMPLE_KEY, AS_OF, entropy
        )
        token, skipped = reply["state"], skipped + 1
    return out


def example_match(cards: Mapping[str, OnePieceCard], seed: int) -> dict[str, Any]:
    """The whole example: match record, intents, and the kinds they demonstrate."""
    decks = [build_deck(cards, seed, role="ai", level=lvl) for lvl in LEVELS]
    record, states = _recorded(cards, decks, seed)
    events = _events(cards, record, states)
    intents = _intents(cards, seed)
    result = record.state.result
    return {
        "seed": seed,
        "players": [
            {"player": p, "ai_level": lvl, "ai": DESCRIPTIONS[lvl], "deck": decks[p].describe()}
            for p, lvl in enumerate(LEVELS)
        ],
        "first": record.state.first,
        "result": result.model_dump(mode="json") if result is not None else None,
        "turns": record.state.turn,
        "moves": len(record.plies),
        "match_event_fields": MATCH_EVENT,
        "events": events,
        "intents": intents,
        "kinds_demonstrated": {
            "events": dict(sorted(Counter(e["kind"] for e in events).items())),
            "actions": dict(sorted(Counter(p.kind for p in record.plies).items())),
            "intent_ops": sorted({i["intent"]["op"] for i in intents}),
        },
        "redaction": "Events are shown as a spectator sees them: private values (drawn cards, "
        "Life cards taken to hand, hidden choices) are null.",
        "replay": REPLAY,
    }


def _recorded(
    cards: Mapping[str, OnePieceCard], decks: Sequence[BuiltDeck], seed: int
) -> tuple[MatchRecord, list[GameState]]:
    """Play the match, keeping the state after every move (for the names a spectator sees)."""
    states: list[GameState] = []
    policies = [make_ai(lvl, cards) for lvl in LEVELS]
    record = play_match(
        cards,
        (decks[0].deck(), decks[1].deck()),
        policies,
        seed,
        on_move=lambda state, events, legal: states.append(state),
    )
    return record, states
