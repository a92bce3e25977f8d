"""The cost paid to play a card from hand (6-5-3-1, 2-7-2): the printed cost, changed by the card's
own "If ..., give this card in your hand -N cost" (a permanent effect its text makes valid in the
hand, 2-8-2), never below 0 (1-3-6-2)."""

from __future__ import annotations

from generator.play.engine.state import CardInstance, GameState
from generator.play.engine.stats import effect_live


def play_cost(state: GameState, p: int, inst: CardInstance) -> int:
    printed = state.cards[inst.card].cost or 0
    comp = state.compiled[inst.card]
    change = sum(
        a.amount
        for eff in comp.effects
        if eff.timing == "static"
        and any(a.kind == "hand_cost" for a in eff.actions)
        and effect_live(state, p, inst, eff)
        for a in eff.actions
        if a.kind == "hand_cost"
    )
    return max(0, printed + change)
