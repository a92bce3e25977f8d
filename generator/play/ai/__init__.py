"""The practice AI ladder, L0 to L4. Every level has one method::

    policy.choose(observation, legal_actions, rng, turn=None) -> action id

where ``observation`` (``observe.Observation``) holds only what that player may know: a masked
state without the opponent's hand, either deck's order, any Life card or the RNG state. The
levels: L0 random legal moves; L1 a scripted aggressor; L2 the best single move by an evaluation
function; L3 a search over its own turn with simulated defence; L4 determinised Monte Carlo
search over what it cannot see, with work budgets counted in simulated moves (not time). Same
observation and same ``rng`` seed give the same move (``match.decision_rng`` derives the seed
from the game seed and move). No level ever concedes.

Modules: ``observe`` (what a player may know; guessing the rest), ``evaluate`` (the evaluation
function), ``sim`` (rules of thumb and playing a guessed state forward), ``basic`` (L0, L1),
``greedy`` (L2), ``planner`` (L3), ``mcts`` (L4), ``match`` (running AIs), ``turn`` (one budget for the
decisions of a whole turn); ``generator.play.protocol.narration`` (the narrated log, from redacted events only).
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.models.onepiece import OnePieceCard
from generator.play.ai.basic import Aggressor, RandomAI
from generator.play.ai.greedy import Greedy
from generator.play.ai.match import Policy
from generator.play.ai.mcts import MonteCarlo
from generator.play.ai.observe import Observation, Priors, observe
from generator.play.ai.planner import Planner

LEVELS = (0, 1, 2, 3, 4)
DESCRIPTIONS = {
    0: "random legal moves",
    1: "scripted aggressor: biggest Characters, DON!! to attackers, attacks the Leader, counters "
    "only to survive a lethal hit",
    2: "best single move by an evaluation function (Life, board power, hand, DON!!)",
    3: "searches its whole turn (beam search over plays and DON!!-then-attack moves) against a "
    "simulated defence, on a guess of the cards it cannot see",
    4: "determinised Monte Carlo search: turn plans scored over several guesses of the hidden "
    "cards against a defender who weighs its options, a bandit over the best plans with "
    "playouts of the opponent's reply, defence judged through the rest of the opponent's turn",
}

__all__ = ["DESCRIPTIONS", "LEVELS", "Observation", "make_ai", "observe"]


def make_ai(level: int, cards: Mapping[str, OnePieceCard], priors: Priors | None = None) -> Policy:
    """The policy of ``level`` over the card pool ``cards`` (its prior over unseen decks)."""
    if level not in LEVELS:
        raise ValueError(f"AI level must be one of {LEVELS}")
    if level == 0:
        return RandomAI()
    if level == 1:
        return Aggressor()
    priors = priors or Priors(cards)
    if level == 2:
        return Greedy(priors)
    if level == 3:
        return Planner(priors)
    return MonteCarlo(priors)
