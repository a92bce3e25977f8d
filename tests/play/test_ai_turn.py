"""A whole AI turn (one player's decisions in a row: what one practice request computes) shares one
budget of simulated engine moves (``generator.play.ai.turn``): counted, so bounded and
deterministic; once it is spent the level answers by rule of thumb; the rest of a chosen macro is
played without searching again."""

from __future__ import annotations

import dataclasses

import pytest
from pool import synthetic_pool

from generator.play.ai import make_ai
from generator.play.ai.match import ai_move, play_match
from generator.play.ai.sim import WORK
from generator.play.ai.turn import MIN_SEARCH, Turn
from generator.play.decks.ladder_decks import build_deck
from generator.play.engine.api import legal_actions
from generator.play.engine.state import GameState

POOL = synthetic_pool()
# How far past its budget a turn may go: the checks come before each macro of the planner, each
# playout and each defence plan, so the last one started may finish (a playout is at most 400 moves).
SLACK = 1200
TIGHT = 600


def _runs(levels: tuple[int, int], seed: int) -> tuple[list[tuple[int, int]], list[GameState]]:
    """(player, simulated moves) of every run of one player's decisions, and every state."""
    deck = build_deck(POOL, seed).deck()
    runs: list[tuple[int, int]] = []
    states: list[GameState] = []
    mark = [WORK.moves]

    class Counted:
        def __init__(self, level: int) -> None:
            # a budget small enough for the synthetic pool's turns to reach it
            self.policy = dataclasses.replace(make_ai(level, POOL), turn_budget=TIGHT)  # type: ignore[type-var]
            self.name, self.turn_budget = self.policy.name, self.policy.turn_budget

        def choose(self, obs, legal, rng, turn=None):  # type: ignore[no-untyped-def]
            spent = WORK.moves - mark[0]
            if runs and runs[-1][0] == obs.player:
                runs[-1] = (obs.player, runs[-1][1] + spent)
            else:
                runs.append((obs.player, spent))
            mark[0] = WORK.moves
            choice = self.policy.choose(obs, legal, rng, turn)
            runs[-1] = (obs.player, runs[-1][1] + WORK.moves - mark[0])
            mark[0] = WORK.moves
            return choice

    play_match(
        POOL, (deck, deck), [Counted(levels[0]), Counted(levels[1])], seed, on_move=lambda s, e, la: states.append(s)
    )
    return runs, states


@pytest.fixture(scope="module")
def l4_match() -> tuple[list[tuple[int, int]], list[GameState]]:
    return _runs((4, 3), 5)


def test_every_turn_stays_within_its_budget(l4_match: tuple[list[tuple[int, int]], list[GameState]]) -> None:
    runs, _ = l4_match
    for player, spent in runs:
        assert spent <= TIGHT + SLACK, (player, spent)
    # the bound is met, not just never approached: some turns would have spent more
    assert any(spent >= TIGHT for _, spent in runs)


def test_a_spent_turn_answers_by_rule_of_thumb_without_simulating(
    l4_match: tuple[list[tuple[int, int]], list[GameState]],
) -> None:
    _, states = l4_match
    busy = [s for s in states if s.turn >= 4 and s.waiting_for is not None and s.phase == "main"][:8]
    assert busy
    for state in busy:
        spent = Turn(MIN_SEARCH - 1, start=WORK.moves)
        before = WORK.moves
        move = ai_move(make_ai(4, POOL), state, 5, 0, turn=spent)
        assert WORK.moves == before
        assert move in {a.id for a in legal_actions(state)}


def test_a_queued_macro_is_played_without_asking_the_policy(
    l4_match: tuple[list[tuple[int, int]], list[GameState]],
) -> None:
    _, states = l4_match
    state = next(
        s
        for s in states
        if s.prompt is None
        and s.battle is None
        and s.phase == "main"
        and any(a.kind == "give_don" for a in legal_actions(s))
    )
    give = next(a.id for a in legal_actions(state) if a.kind == "give_don")

    class Silent:
        name, turn_budget = "silent", None

        def choose(self, obs, legal, rng, turn=None):  # type: ignore[no-untyped-def]
            raise AssertionError("the queued move should have been played")

    turn = Turn(None)
    turn.queue((give, "attack:not-legal"))
    assert ai_move(Silent(), state, 1, 0, turn=turn) == give
    assert turn.queued == ("attack:not-legal",)
    # a queued move that is not legal drops the macro: the policy decides again
    assert turn.next_queued(state, legal_actions(state)) is None and turn.queued == ()


def test_a_budgeted_game_is_the_same_for_the_same_seed(l4_match: tuple[list[tuple[int, int]], list[GameState]]) -> None:
    runs, states = _runs((4, 3), 5)
    assert runs == l4_match[0] and states[-1] == l4_match[1][-1]


def test_turn_allowance_is_within_the_decision_cap_and_what_is_left() -> None:
    turn = Turn(1000, start=WORK.moves)
    assert turn.allowance(2400) == 1000 and turn.allowance(500) == 500 and turn.allowance(None) == 1000
    unbounded = Turn(None)
    assert unbounded.allowance(2400) == 2400 and unbounded.left() is None and not unbounded.short()
    assert Turn(MIN_SEARCH - 1, start=WORK.moves).short()
