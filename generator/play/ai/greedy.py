"""L2: the best single move by the evaluation function, on one guess of what it cannot see.

Why one guess and not the masked state: many moves only make sense with a hand for the defender
(does this attack get countered?) and a deck to draw from, so L2 fills the hidden cards once
(``observe.determinise``) and judges every distinct legal move by the position it leads to once
it has played out (``sim.after``). Ending the turn is judged as the position now without the
attacks left unused (``evaluate.threat``), so that ending and acting are compared on one basis.

``react`` is shared with L3 and L4: decisions that are not a free Main-phase move (Blocker,
Counter, [Trigger], effect prompts). For the battle it compares whole defence plans (take the
hit, block with each Blocker, or counter with the cheapest set of cards that saves the target)
played to the end of the battle, because single Counter cards judged one at a time never look
worth it until the last one lands.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from generator.play.ai.basic import rule_of_thumb
from generator.play.ai.evaluate import DEFAULT, Weights, evaluate, threat
from generator.play.ai.observe import Observation, Priors, determinise
from generator.play.ai.sim import WORK, after, battle_numbers, cheapest_defence, distinct, keep_hand, reflex, trusted
from generator.play.ai.turn import Turn
from generator.play.engine.api import legal_actions
from generator.play.engine.state import Action, GameState

Plan = Callable[[GameState, Sequence[Action]], str]
BATTLE_LIMIT = 60
TURN_BUDGET = 3000  # simulated engine moves per turn (``turn.Turn``)


def _decline(state: GameState, legal: Sequence[Action]) -> str:
    if state.battle is not None and state.battle.step == "trigger":
        return reflex(state, legal) or legal[0].id
    return "no_block" if state.battle is not None and state.battle.step == "block" else "no_counter"


def _blocking(iid: int) -> Plan:
    def plan(state: GameState, legal: Sequence[Action]) -> str:
        ids = {a.id for a in legal}
        return f"block:{iid}" if f"block:{iid}" in ids else _decline(state, legal)

    return plan


def _countering(state: GameState, legal: Sequence[Action]) -> str:
    if state.battle is None or state.battle.step != "counter":
        return _decline(state, legal)
    att, tgt, _, _ = battle_numbers(state)
    plan = cheapest_defence(state, legal, att - tgt + 1000) if att >= tgt else []
    return plan[0].id if plan else "no_counter"


def play_battle(state: GameState, me: int, plan: Plan) -> GameState:
    """Run the current battle to its end: ``me`` follows ``plan``, everyone else the reflexes."""
    for _ in range(BATTLE_LIMIT):
        if state.battle is None or state.result is not None or state.waiting_for is None:
            return state
        legal = legal_actions(state)
        if state.waiting_for == me and state.prompt is None:
            choice = plan(state, legal)
        else:
            choice = reflex(state, legal) or "end"
        action = next((a for a in legal if a.id == choice), None)
        if action is None:
            return state
        state = trusted(state, action)
    return state


def defence_plans(world: GameState, legal: Sequence[Action]) -> list[Plan]:
    """Take the hit, block with each distinct Blocker, or counter just enough."""
    blocks = [_blocking(a.acting) for a in distinct(world, legal) if a.kind == "block"]
    return [_decline, *blocks, _countering]


def best_defence(world: GameState, me: int, legal: Sequence[Action], w: Weights = DEFAULT) -> tuple[Plan, GameState]:
    """The best defence plan for this Block or Counter step (see the module docstring) and the
    state once it has played the battle out; ties go to the earlier plan. Countering is not
    played out when it would not counter now at the Counter step: it is then taking the hit."""
    best: tuple[Plan, GameState] | None = None
    best_value = 0.0
    for plan in defence_plans(world, legal):
        if plan is _countering and _countering(world, legal) == "no_counter":
            continue
        end = play_battle(world, me, plan)
        value = evaluate(end, me, w)
        if best is None or value > best_value + 1e-9:
            best, best_value = (plan, end), value
    assert best is not None, "taking the hit is always a plan"
    return best


def committed(plan: Plan) -> bool:
    """A plan that decides the whole battle at this step (taking the hit, countering just
    enough); after a block the Counter step is a new decision."""
    return plan is _decline or plan is _countering


def defence(world: GameState, me: int, legal: Sequence[Action], w: Weights = DEFAULT) -> str:
    """The best defence plan's move for this Block or Counter step."""
    return best_defence(world, me, legal, w)[0](world, legal)


def judge(
    world: GameState, me: int, candidates: Sequence[Action], w: Weights = DEFAULT, budget: int | None = None
) -> list[tuple[float, str]]:
    """Every candidate's value for ``me`` once it has played out; ending the turn is the
    position now without the unused attacks. Once ``budget`` simulated moves are spent the
    candidates left are not judged (ending the turn always is)."""
    out = []
    start = WORK.moves
    for a in candidates:
        if budget is not None and WORK.moves - start >= budget and a.kind != "end_turn":
            continue
        if a.kind == "end_turn":
            out.append((evaluate(world, me, w) - threat(world, me, w), a.id))
            continue
        nxt = after(world, a.id)
        if nxt is not None:
            out.append((evaluate(nxt, me, w), a.id))
    return out


def react(world: GameState, me: int, legal: Sequence[Action], w: Weights = DEFAULT) -> str:
    """Any decision other than a free Main-phase move, judged by simulation."""
    if world.phase == "mulligan":
        return keep_hand(world, me)
    in_battle = world.battle is not None and world.battle.step in ("block", "counter")
    if world.prompt is None and in_battle:
        return defence(world, me, legal, w)
    scored = [(evaluate(nxt, me, w), a.id) for a in distinct(world, legal) if (nxt := after(world, a.id)) is not None]
    if not scored:
        return reflex(world, legal) or legal[0].id
    return max(scored, key=lambda x: x[0])[1]


def is_free(state: GameState, me: int) -> bool:
    return state.prompt is None and state.battle is None and state.phase == "main" and state.waiting_for == me


@dataclass(frozen=True)
class Greedy:
    """L2: one guess, every distinct move judged once it has played out."""

    priors: Priors
    level: int = 2
    name: str = "L2 greedy"
    weights: Weights = DEFAULT
    turn_budget: int | None = TURN_BUDGET

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random, turn: Turn | None = None) -> str:
        candidates = distinct(obs.state, legal)
        if len(candidates) == 1:
            return candidates[0].id
        if obs.state.phase == "mulligan":
            return keep_hand(obs.state, obs.player)
        world = determinise(obs, rng, self.priors)
        if turn is not None and turn.short():
            return rule_of_thumb(world, obs.player, legal)
        if not is_free(world, obs.player):
            return react(world, obs.player, legal, self.weights)
        budget = turn.allowance(None) if turn is not None else None
        scored = judge(world, obs.player, candidates, self.weights, budget)
        return max(scored, key=lambda x: x[0])[1] if scored else "end"
