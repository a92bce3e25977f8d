"""L4: determinised Monte Carlo search over what it cannot see.

Why this shape: L3 plans its turn on one guess of the hidden cards and stops looking when its
turn ends, so it cannot tell a plan that wins the race from one that leaves it open to the
counter-attack, nor a plan that only works against the hand it happened to guess. L4 keeps L3's
planner to propose moves, then judges them by sampling:

1. Proposals: L3's turn plans (``planner.plan_turn``) on a first guess; the best plan for each
   of the ``arms`` best distinct first moves becomes an arm of a bandit (a search tree of depth
   one over whole turn plans; the plan fixes the rest of the turn).
2. Worlds: ``worlds`` further guesses of everything hidden (the opponent's hand and deck drawn
   from the prior deck for their Leader minus what has been seen, our own deck shuffled).
3. Playouts: UCB1 picks an arm, the arm's plan is replayed in the next world for that arm (every
   arm meets the worlds in the same order, so arms are compared on the same luck), the turn
   ends, the opponent plays its whole next turn with the L1 policy while we defend by rule of
   thumb, and the position at the start of our next turn is evaluated.
4. The arm with the best mean wins; its first move is played. ``iterations`` bounds the work, so
   a decision is deterministic for a seed; ``time_budget`` (seconds, off by default) stops
   earlier at the cost of determinism.

Decisions other than a free Main-phase move (Blocker, Counter, [Trigger], prompts) are judged as
in L2 on each world and decided by vote.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.play.ai.basic import aggressor_move
from generator.play.ai.evaluate import DEFAULT, Weights, evaluate
from generator.play.ai.greedy import is_free, react
from generator.play.ai.observe import Observation, Priors, determinise
from generator.play.ai.planner import Plan, plan_turn
from generator.play.ai.sim import distinct, keep_hand, reflex, settle, try_apply
from generator.play.api import apply, legal_actions
from generator.play.state import Action, GameState

PLAYOUT_LIMIT = 400
SCALE = 6.0          # evaluation units per unit of the UCB1 exploration term


def replay(world: GameState, me: int, plan: Plan) -> GameState:
    """Play ``plan`` in ``world`` (skipping moves this world makes illegal), then finish the
    turn and the opponent's next turn; return the position when ``me`` may act again."""
    state = world
    turn = world.turn
    for move in (m for macro in plan for m in macro):
        if state.result is not None or not is_free(state, me):
            break
        nxt = try_apply(state, move)
        if nxt is not None:
            state = settle(nxt)
    for _ in range(PLAYOUT_LIMIT):
        if state.result is not None or state.waiting_for is None:
            break
        if state.turn > turn + 1 and state.active == me and is_free(state, me):
            break
        legal = legal_actions(state)
        p = state.waiting_for
        if p == me and state.active == me:
            choice = "end" if is_free(state, me) else (reflex(state, legal) or "end")
        elif p == me:
            choice = reflex(state, legal) or "end"
        else:
            choice = aggressor_move(state, p, legal)
        state, _ = apply(state, choice)
    return state


def arms_from(plans: list[tuple[float, Plan]], legal_ids: set[str], arms: int) -> list[Plan]:
    """The best plan for each of the ``arms`` best distinct first macros."""
    out: list[Plan] = []
    firsts: set[tuple[str, ...]] = set()
    for _, plan in plans:
        if plan and plan[0][0] in legal_ids and plan[0] not in firsts:
            firsts.add(plan[0])
            out.append(plan)
        if len(out) == arms:
            break
    return out


@dataclass(frozen=True)
class MonteCarlo:
    """L4: bandit over L3's turn plans, judged by playouts over sampled hidden cards."""

    priors: Priors
    level: int = 4
    name: str = "L4 Monte Carlo"
    arms: int = 3
    worlds: int = 6
    iterations: int = 18
    react_worlds: int = 3
    beam: int = 3
    depth: int = 14
    time_budget: float | None = None
    weights: Weights = DEFAULT

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random) -> str:
        candidates = distinct(obs.state, legal)
        if len(candidates) == 1:
            return candidates[0].id
        if obs.state.phase == "mulligan":
            return keep_hand(obs.state, obs.player)
        me = obs.player
        first = determinise(obs, rng, self.priors)
        if not is_free(first, me):
            votes = Counter(react(w, me, legal, self.weights) for w in [first] + [
                determinise(obs, rng, self.priors) for _ in range(self.react_worlds - 1)])
            return votes.most_common(1)[0][0]
        plans = plan_turn(first, me, self.beam, self.depth, self.weights)
        arms = arms_from(plans, {a.id for a in candidates}, self.arms)
        if len(arms) <= 1:
            return arms[0][0][0] if arms else "end"
        worlds = [determinise(obs, rng, self.priors) for _ in range(self.worlds)]
        return arms[self._bandit(arms, worlds, me)][0][0]

    def _bandit(self, arms: list[Plan], worlds: list[GameState], me: int) -> int:
        """UCB1 over the arms; ties go to the arm L3 ranked higher."""
        n = [0] * len(arms)
        total = [0.0] * len(arms)
        start = time.perf_counter()
        for it in range(max(self.iterations, len(arms))):
            if it < len(arms):
                i = it
            else:
                if self.time_budget is not None and time.perf_counter() - start > self.time_budget:
                    break
                log_t = math.log(it)
                i = max(range(len(arms)), key=lambda k: (
                    total[k] / n[k] + SCALE * math.sqrt(2 * log_t / n[k]), -k))
            world = worlds[n[i] % len(worlds)]
            total[i] += evaluate(replay(world, me, arms[i]), me, self.weights)
            n[i] += 1
        return max(range(len(arms)), key=lambda k: (total[k] / n[k] if n[k] else -math.inf, -k))
