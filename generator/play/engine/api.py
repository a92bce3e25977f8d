"""The public Python API of the One Piece Card Game rules engine: pure functions over a state value.

Everything a referee, an AI or a replay needs is here; nothing does I/O and nothing keeps state
between calls. A match is::

    state = new_game(cards, deck_a, deck_b, seed=7)
    while result(state) is None:
        actions = legal_actions(state)          # for state.waiting_for
        state, events = apply(state, actions[0].id)

Action ids are stable strings (``"attack:12:3"``, ``"play:7"``, ``"end"``...) unique within one
``legal_actions`` list, so a client may store an id and send it back. Decisions the rules give a
player mid-sequence (mulligan, Blocker, Counter step, [Trigger], targets of effects, optional
effects) are actions too, asked of whoever must decide: ``state.waiting_for`` is not always the
turn player. Concession (1-2-3) is always among the actions.

Hidden information: the state holds everything (deck order, face-down Life, both hands), so a
client must never be shown the raw state of a game it plays in. ``view(state, p)`` and
``redact(events, p)`` are what player ``p`` may see.

Where the rules live: ``setup`` (5-2), ``phases`` (6, 9-2), ``battle`` (7-1, 10-1), ``actions``
(legal actions and the loop that runs the game to the next decision), ``interpret`` with ``costs``,
``handlers`` and ``moves`` (effects, 8), ``stats`` (power, cost, keywords, filters, conditions),
``zones`` (moving cards, 3-1), ``view`` (3-1-4 and 3-1-5). Rule numbers are those of the
Comprehensive Rules 1.2.0 as digested in the design notes.

Card text comes from ``effects.compiler.compile_card``. A card whose text did not compile
completely keeps its keywords, power, cost and Counter but none of its effects run (action labels
say "[text not supported: no effect]"). The small choices the rules leave to a player inside an
effect (which DON!! go back for DON!! -X, how many for "up to N", when to stop a "draw up to N",
top or bottom, the order of cards placed together) are prompts like any other, whose first
answer is the default (``choices``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.models.onepiece import OnePieceCard
from generator.play.engine import legal_actions as _actions
from generator.play.engine import setup as _setup
from generator.play.engine import state_schema as _state_schema
from generator.play.engine import view as _view
from generator.play.engine.state import Action, Deck, Event, GameState, IllegalAction, Result
from generator.play.engine.view_model import PlayerView

__all__ = [
    "Action",
    "Deck",
    "Event",
    "GameState",
    "IllegalAction",
    "PlayerView",
    "Result",
    "apply",
    "apply_action",
    "concede",
    "game_state_json_schema",
    "legal_actions",
    "new_game",
    "player_view",
    "redact",
    "result",
    "view",
]


def new_game(
    cards: Mapping[str, OnePieceCard], deck_a: Deck, deck_b: Deck, seed: int, first: int | None = None
) -> GameState:
    """Set up a match (5-2): shuffle both decks, place the Leaders, resolve their "at the start of
    the game" effects (5-2-1-5-1; a choice their text gives is asked of its player, so the game
    may first wait on that, in phase ``setup``), draw 5 each, then wait for the mulligan
    decisions, first player first (5-2-1-6). Life is placed after both decided (5-2-1-7).

    ``deck_a`` is player 0, ``deck_b`` player 1. ``first`` picks who goes first; ``None`` lets the
    seeded RNG decide (standing in for rock-paper-scissors, 5-2-1-4). Raises ``ValueError`` when a
    deck breaks 5-1-2 (not exactly one Leader and 50 non-Leader cards, or an unknown card id);
    colour and copy limits are the deck validator's business, not the referee's.
    """
    return _actions.begin(_setup.new_game(cards, deck_a, deck_b, seed, first))


def legal_actions(state: GameState) -> list[Action]:
    """Every legal move for ``state.waiting_for``, in a stable order; empty only when the game is
    over. Attack actions carry an ``AttackPreview`` computed from public information only."""
    return _actions.legal_actions(state)


def apply(state: GameState, action_id: str, choices: dict[str, Any] | None = None) -> tuple[GameState, list[Event]]:
    """Apply one legal action and run the game forward to the next decision.

    Pure: ``state`` is not changed; the new state and the events that happened are returned.
    Raises ``IllegalAction`` when ``action_id`` is not in ``legal_actions(state)``.

    ``choices`` may carry ``{"then": [id, ...]}``: follow-up action ids applied in order for as
    long as the same player is asked (answering the prompts an action opens, e.g. the targets of
    an [On Play]); an id that is not legal at its turn raises ``IllegalAction``.
    """
    return _actions.apply(state, action_id, choices)


def apply_action(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """``apply`` for an ``Action`` the caller took from ``legal_actions(state)`` (the same
    state), for searches that already hold that list. ``apply`` takes an id from an untrusted
    client and re-derives every legal action, attack previews included, to check it: inside a
    search that check was most of the time spent. Nothing is checked here, so an action from
    another state gives an undefined result; a referee answering a client must use ``apply``.
    """
    return _actions.apply_action(state, action)


def concede(state: GameState, player: int) -> tuple[GameState, list[Event]]:
    """``player`` concedes and loses at once (1-2-3), whoever is to act. ``apply(state,
    "concede")`` is the same for the player asked; this is for the other one (a person leaving
    while the AI thinks). Conceding a finished game changes nothing."""
    return _actions.concede(state, player)


def view(state: GameState, player: int) -> dict[str, Any]:
    """What ``player`` may see (3-1-4, 3-2-2, 3-4-3, 3-10-2): their own hand, both boards, both
    trashes, DON!! areas, and only the counts of each deck, each Life area and the opponent's hand.
    Another player's pending decisions show only who decides (a prompt's options, a Life card's
    [Trigger]). ``player_view`` as JSON, members one may not see left out."""
    return _view.view(state, player)


def player_view(state: GameState, player: int) -> PlayerView:
    """``view`` as the typed ``PlayerView`` the game-state contract publishes (``#/$defs/PlayerView``)."""
    return _view.player_view(state, player)


def redact(events: list[Event], player: int) -> list[dict[str, Any]]:
    """The events as ``player`` may see them: another player's private data keys are nulled."""
    return _view.redact(events, player)


def result(state: GameState) -> Result | None:
    """The end of the game (winner, losers, reason), or None while it goes on."""
    return state.result


def game_state_json_schema() -> dict[str, Any]:
    """The published game-state contract (surface ``/api/v1/play/game-state-schema``): the JSON
    Schema of ``GameState`` with ``PlayerView`` and the rules' numbers (zones and their caps, win
    conditions, deck construction) in its ``$defs``, and an ``@kind`` (see ``state_schema``)."""
    return _state_schema.game_state_schema()
