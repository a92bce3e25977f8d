"""L4: determinised Monte Carlo search over what it cannot see.

Why this shape: L3 plans its turn on one guess of the hidden cards and stops looking when its
turn ends, so it cannot tell a plan that wins the race from one that leaves it open to the
counter-attack, nor a plan that only works against the hand it happened to guess. L4 keeps L3's
planner to propose moves, then judges them by sampling:

1. Proposals: L3's turn plans (``planner.plan_turn``), each scored on ``plan_worlds`` guesses
   at once and against a defender who weighs its options (``greedy.best_defence``: take the
   hit, block, or counter just enough, whichever leaves it best off) where L3 assumes a rule of
   thumb. That defender keeps to the plan it judged best: when it takes the hit or counters, the
   battle it played while judging is the battle (a block is followed by a new judgement at the
   Counter step), so no battle is played twice. The planner may spend ``budget - playouts``
   simulated engine moves (``sim.WORK``, the defender's judging included). The best plan for
   each of the ``arms`` best distinct first moves becomes an arm of a bandit (a search tree of
   depth one over whole turn plans; the plan fixes the rest of the turn).
2. Worlds: ``worlds`` further guesses of everything hidden (the opponent's hand and deck drawn
   from the prior deck for their Leader minus what has been seen, our own deck shuffled).
3. Playouts: UCB1 picks an arm, the arm's plan is replayed in the next world for that arm (every
   arm meets the worlds in the same order, so arms are compared on the same luck), the turn
   ends, the opponent plays its whole next turn with the L1 policy while we defend by rule of
   thumb, and the position at the start of our next turn is evaluated.
4. The arm with the best mean wins; its first move is played, and the rest of its first macro
   ("give 2 DON!! to A, then A attacks") is queued in the turn (``turn.Turn``) and played without
   searching again. At most ``iterations`` playouts, fewer (after one per arm) once the whole
   decision has simulated ``budget`` engine moves: one count for planner and playouts, not a
   clock, so the worst case is bounded and a decision is deterministic for a seed;
   ``time_budget`` (seconds, off by default) stops earlier at the cost of determinism.

The turn's budget: every decision of one turn (one practice request) shares ``turn_budget``; a
decision spends at most what the turn has left, and once less than ``turn.MIN_SEARCH`` is left
the rest of the turn is played by rule of thumb. With each decision alone within 2,400 moves, a
turn simulated up to 25,010 moves (5.2 CPU-seconds; p95 1.8 s, 12 games against L3); with the
turn's 4,000 and the queued macros, at most 4,027 (1.2 s; p95 0.7 s), 10 of the same 12 games won.

What each part is worth (self-play against L3, 100 mirror games each, about +/-5%): L4 without
the thinking defender won 54-57% whatever the bandit's size (arms=1: 56%, 3 arms x 6 worlds:
55%, 4 arms x 10 worlds: 54%); with it, 67% and 74% (budget 450, another seed range). Playouts
whose opponent plans like L3 instead of the L1 script were too slow to use (p95 over 5 s).

Where the time goes (the 40 slowest of 541 decisions in 6 games against L3, turns 8-11): the
planner made 95% of the simulated engine moves, 60% of them inside the defender's judging, and
60% of the CPU went to looking up permanent effects (now once per state, ``stats``). A cap of
450 macros let one decision simulate 10,000 moves (5-8 s). Replaying 541 recorded decisions with
the defender keeping to its plan and no cap: the old move in 540, p95 0.5 s, max 13,585 moves
(2.3 s); with ``budget`` 2,400 the old move in 532. Against L3 over seeds 0-199 (one process):
budget 3,000 won 134/200 (L4 p95 414-433 ms), 2,400 won 129/200 (p95 360-363 ms, max 1.1 s),
the old L4 139/200; on seeds 0-9 the old L4 had p95 1,040 ms and max 2,691 ms where this one
has 356 ms and 560 ms (same machine and hour).

Defence looks further than L2 and L3, which judge a Block or Counter by the end of the battle:
L4 plays each defence plan (take the hit, block, counter just enough) on ``react_worlds``
guesses through the rest of the opponent's turn, their remaining attackers played by the L1
script, and judges it at the start of its own next turn (``defend_ahead``): a Counter spent now
is one missing against the lethal attack still to come. Other questions ([Trigger], effect
prompts) are judged as in L2 on each guess and decided by vote.
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.play.ai.basic import aggressor_move, rule_of_thumb
from generator.play.ai.evaluate import DEFAULT, Weights, evaluate
from generator.play.ai.greedy import best_defence, committed, defence_plans, is_free, play_battle, react
from generator.play.ai.observe import Observation, Priors, determinise
from generator.play.ai.planner import END, Plan, plan_turn, run
from generator.play.ai.sim import WORK, Defender, after, distinct, keep_hand, reflex, trusted
from generator.play.ai.turn import Turn
from generator.play.engine.api import legal_actions
from generator.play.engine.state import Action, GameState

PLAYOUT_LIMIT = 400
OPPONENT_DEPTH = 8
END_ACTION = Action(id="end", kind="end_turn", label="")
TURN_BUDGET = 4000  # simulated engine moves per turn, every decision of it (``turn.Turn``)
SCALE = 6.0  # evaluation units per unit of the UCB1 exploration term


def until_my_turn(state: GameState, me: int, opponent: str = "script", w: Weights = DEFAULT) -> GameState:
    """Play on until ``me`` has the first free decision of its next turn: ``me`` ends its own
    turn at once and answers questions by rule of thumb; the opponent plans its Main phase like
    L3 on this guess (``opponent="planner"``, beam 1) or plays the L1 script (``"script"``)."""
    turn = state.turn
    for _ in range(PLAYOUT_LIMIT):
        if state.result is not None or state.waiting_for is None:
            break
        if state.turn > turn and state.active == me and is_free(state, me):
            break
        p = state.waiting_for
        if p != me and opponent == "planner" and is_free(state, p):
            plans = plan_turn(state, p, 1, OPPONENT_DEPTH, w)
            nxt = run(state, plans[0][1][0]) if plans and plans[0][1] else None
            state = nxt if nxt is not None else trusted(state, END_ACTION)
            continue
        legal = legal_actions(state)
        if p == me:
            choice = "end" if is_free(state, me) else (reflex(state, legal) or "end")
        else:
            choice = aggressor_move(state, p, legal)
        state = trusted(state, next(a for a in legal if a.id == choice))
    return state


def replay(world: GameState, me: int, plan: Plan, opponent: str = "script", w: Weights = DEFAULT) -> GameState:
    """Play ``plan`` in ``world`` (skipping moves this world makes illegal), then finish the
    turn and the opponent's next turn; return the position when ``me`` may act again."""
    state = world
    for move in (m for macro in plan for m in macro):
        if state.result is not None or not is_free(state, me):
            break
        nxt = after(state, move)
        if nxt is not None:
            state = nxt
    return until_my_turn(state, me, opponent, w)


def defend_ahead(
    worlds: list[GameState],
    me: int,
    legal: Sequence[Action],
    w: Weights,
    opponent: str = "script",
    budget: int | None = None,
) -> str:
    """A Block or Counter step judged to the start of our next turn: each defence plan plays
    this battle, then the opponent attacks on with the L1 script (so a Counter spent now is
    missed against the attackers still to come), averaged over the guesses. Once ``budget``
    simulated moves are spent the plans left are not judged (taking the hit, the first, always is)."""
    plans = defence_plans(worlds[0], legal)
    start, values = WORK.moves, list[float]()
    for plan in plans:
        if values and budget is not None and WORK.moves - start >= budget:
            break
        ends = [until_my_turn(play_battle(x, me, plan), me, opponent, w) for x in worlds]
        values.append(sum(evaluate(end, me, w) for end in ends) / len(worlds))
    best = max(range(len(values)), key=lambda i: (values[i], -i))
    return plans[best](worlds[0], legal)


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
    plan_worlds: int = 3
    beam: int = 3
    depth: int = 14
    time_budget: float | None = None
    opponent: str = "script"
    thinking_defender: bool = True
    budget: int | None = 2400  # simulated engine moves per decision, planner and playouts
    turn_budget: int | None = TURN_BUDGET
    playouts: int = 600  # of ``budget``, kept from the planner for the playouts
    weights: Weights = DEFAULT

    def choose(self, obs: Observation, legal: Sequence[Action], rng: random.Random, turn: Turn | None = None) -> str:
        candidates = distinct(obs.state, legal)
        if len(candidates) == 1:
            return candidates[0].id
        if obs.state.phase == "mulligan":
            return keep_hand(obs.state, obs.player)
        me = obs.player
        first = determinise(obs, rng, self.priors)
        if turn is not None and turn.short():
            return rule_of_thumb(first, me, legal)
        if not is_free(first, me):
            worlds = [first] + [determinise(obs, rng, self.priors) for _ in range(self.react_worlds - 1)]
            battle = first.battle
            if first.prompt is None and battle is not None and battle.step in ("block", "counter"):
                budget = turn.allowance(self.budget) if turn is not None else None
                return defend_ahead(worlds, me, legal, self.weights, self.opponent, budget)
            votes = Counter(react(w, me, legal, self.weights) for w in worlds)
            return votes.most_common(1)[0][0]
        guesses = (first, *(determinise(obs, rng, self.priors) for _ in range(self.plan_worlds - 1)))
        start = WORK.moves
        budget = turn.allowance(self.budget) if turn is not None else self.budget
        # the playouts keep their share of a budget the turn has cut short
        kept = self.playouts if budget is None or self.budget is None else self.playouts * budget // self.budget
        cap = None if budget is None else max(0, budget - kept)
        plans = plan_turn(guesses, me, self.beam, self.depth, self.weights, self._defender(), cap)
        arms = arms_from(plans, {a.id for a in candidates}, self.arms)
        if len(arms) <= 1:
            macro = arms[0][0] if arms else END
        else:
            worlds = [determinise(obs, rng, self.priors) for _ in range(self.worlds)]
            macro = arms[self._bandit(arms, worlds, me, start, budget)][0]
        if turn is not None:
            turn.queue(macro[1:])
        return macro[0]

    def _defender(self) -> Defender | None:
        """The defender of L4's simulations: one who weighs its options and keeps to the plan
        it chose (``greedy.best_defence``) when ``thinking_defender``, else the rule of thumb."""
        if not self.thinking_defender:
            return None
        w = self.weights

        def defend(state: GameState, legal: Sequence[Action]) -> GameState:
            assert state.waiting_for is not None, "asked only while a player has to act"
            plan, end = best_defence(state, state.waiting_for, legal, w)
            if committed(plan):
                return end  # already played out while judging it
            return trusted(state, next(a for a in legal if a.id == plan(state, legal)))

        return defend

    def _bandit(self, arms: list[Plan], worlds: list[GameState], me: int, start: int, budget: int | None) -> int:
        """UCB1 over the arms; ties go to the arm L3 ranked higher. After one playout per arm
        it stops early once the decision (from ``start`` in ``sim.WORK``) has spent ``budget``."""
        n = [0] * len(arms)
        total = [0.0] * len(arms)
        clock = time.perf_counter()
        for it in range(max(self.iterations, len(arms))):
            if it < len(arms):
                i = it
            else:
                if self.time_budget is not None and time.perf_counter() - clock > self.time_budget:
                    break
                if budget is not None and WORK.moves - start >= budget:
                    break
                log_t = math.log(it)
                i = max(range(len(arms)), key=lambda k: (total[k] / n[k] + SCALE * math.sqrt(2 * log_t / n[k]), -k))
            world = worlds[n[i] % len(worlds)]
            end = replay(world, me, arms[i], self.opponent, self.weights)
            total[i] += evaluate(end, me, self.weights)
            n[i] += 1
        return max(range(len(arms)), key=lambda k: (total[k] / n[k] if n[k] else -math.inf, -k))
