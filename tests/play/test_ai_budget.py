"""L3's and L4's work is counted in simulated engine moves (``sim.WORK``): a budget bounds the
planner (and so an L3 decision), and the defender of its simulations judges each defence plan once, taking the hit and
countering skipped when they are the same battle."""

from __future__ import annotations

import dataclasses

from pool import synthetic_pool

from generator.play.ai import make_ai
from generator.play.ai.evaluate import evaluate
from generator.play.ai.greedy import best_defence, defence, defence_plans, is_free, play_battle
from generator.play.ai.match import ai_move, play_match
from generator.play.ai.planner import plan_turn
from generator.play.ai.sim import WORK
from generator.play.decks.ladder_decks import build_deck
from generator.play.engine.api import legal_actions
from generator.play.engine.state import GameState

POOL = synthetic_pool()


def _states(seed: int, levels: tuple[int, int]) -> list[GameState]:
    deck = build_deck(POOL, seed).deck()
    states: list[GameState] = []
    policies = [make_ai(lvl, POOL) for lvl in levels]
    play_match(POOL, (deck, deck), policies, seed, on_move=lambda s, e, legal: states.append(s))
    return states


def _every_plan(world: GameState, me: int) -> str:
    """The defence as first written: every plan played out, ties to the earlier plan."""
    legal = legal_actions(world)
    best, best_value = None, 0.0
    for plan in defence_plans(world, legal):
        value = evaluate(play_battle(world, me, plan), me)
        if best is None or value > best_value + 1e-9:
            best, best_value = plan(world, legal), value
    assert best is not None
    return best


def test_skipping_a_counter_plan_that_would_not_counter_changes_no_defence() -> None:
    battles = [
        s
        for seed in (3, 4)
        for s in _states(seed, (1, 1))
        if s.battle is not None and s.prompt is None and s.battle.step in ("block", "counter")
    ]
    assert len(battles) > 20
    for s in battles:
        me = s.waiting_for
        assert me is not None
        assert defence(s, me, legal_actions(s)) == _every_plan(s, me)
        plan, end = best_defence(s, me, legal_actions(s))
        assert end == play_battle(s, me, plan)


def test_a_budget_in_moves_bounds_the_planner() -> None:
    busy = [s for s in _states(5, (2, 2)) if s.turn >= 5 and is_free(s, s.active)][:6]
    assert busy
    bound = 0
    for s in busy:
        start = WORK.moves
        free = plan_turn(s, s.active, 3, 10)
        unbounded = WORK.moves - start
        start = WORK.moves
        capped = plan_turn(s, s.active, 3, 10, budget=40)
        spent = WORK.moves - start
        assert capped and free
        # the budget is checked before each macro: one macro and the ends of the turn past it
        assert spent <= min(unbounded, 40 + 60)
        assert plan_turn(s, s.active, 3, 10, budget=40) == capped
        bound += unbounded > 40 + 60
    assert bound, "no position needed more than the budget"


def test_an_l3_decision_spends_no_more_than_its_budget() -> None:
    """L3 plans with its own budget: a decision that would simulate more stops near it, and the
    same decision with the same randomness is the same move (a count, not a clock)."""
    busy = [s for s in _states(5, (2, 2)) if s.turn >= 5 and is_free(s, s.active)][:6]
    l3 = make_ai(3, POOL)
    assert l3.budget is not None
    capped = dataclasses.replace(l3, budget=40)
    bound = 0
    for s in busy:
        start = WORK.moves
        ai_move(l3, s, 5, s.turn)
        free = WORK.moves - start
        start = WORK.moves
        move = ai_move(capped, s, 5, s.turn)
        spent = WORK.moves - start
        # three guesses, each one macro and the ends of the turn past the budget at most
        assert spent <= min(free, 40 + 3 * 60)
        assert ai_move(capped, s, 5, s.turn) == move
        bound += free > 40 + 3 * 60
    assert bound, "no position needed more than the budget"
