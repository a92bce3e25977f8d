"""Handlers for the nodes of ``model_actions_rules`` that are not about one target: a ban on
[Blocker] by power, a ban on playing Character cards, "Choose a cost and reveal 1 card from the top
of your opponent's deck", and the swap of two selected cards' base power (the handler protocol is
``handler``'s).

A rule on a player is a modifier on their Leader (the one card that stays on the field all game)
for the stated duration, as for the other player rules (``model_actions.Status``): the Block step
reads the [Blocker] ban (``battle.may_block``), every way of playing a card reads the play ban
(``effect_primitives.play_banned``).
"""

from __future__ import annotations

from generator.play.effects.model import BlockerBan, ChooseCostReveal, PlayBan, SwapBasePower
from generator.play.engine import choices, effect_primitives
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.state import Event, Frame, GameState
from generator.play.engine.stats import base_power
from generator.play.engine.zones import replace_on_field

# The modifier tags of the [Blocker] bans below (the amount is the bound); the play ban's tag,
# ``effect_primitives.PLAY_BAN``, lives with the check every way of playing a card reads.
BLOCK_BAN_AT_MOST = "no_block_power_at_most"
BLOCK_BAN_AT_LEAST = "no_block_power_at_least"
HIGHEST_COST = 10  # no card costs more (2-7); "choose a cost" offers 0 to 10


def _rule_on(state: GameState, frame: Frame, p: int, tag: str, amount: int, duration: str) -> GameState:
    mod = effect_primitives.duration_mod(state, frame.controller, "status", amount, duration, tag)
    leader = state.players[p].leader
    return replace_on_field(state, p, leader.model_copy(update={"mods": leader.mods + (mod,)}))


def blocker_ban(state: GameState, frame: Frame, node: BlockerBan, ev: list[Event]) -> Result:
    """The opponent may not activate [Blocker] of a Character whose power is within the bound when
    they would (7-1-2, read then): one modifier per bound said."""
    q = 1 - frame.controller
    ev.append(Event(kind="blocker_ban", player=frame.controller, data={"max": node.max_power, "min": node.min_power}))
    if node.max_power is not None:
        state = _rule_on(state, frame, q, BLOCK_BAN_AT_MOST, node.max_power, node.duration)
    if node.min_power is not None:
        state = _rule_on(state, frame, q, BLOCK_BAN_AT_LEAST, node.min_power, node.duration)
    return state, frame, None


def play_ban(state: GameState, frame: Frame, node: PlayBan, ev: list[Event]) -> Result:
    ev.append(Event(kind="play_ban", player=frame.controller, data={"min_base_cost": node.min_base_cost}))
    return (
        _rule_on(state, frame, frame.controller, effect_primitives.PLAY_BAN, node.min_base_cost, node.duration),
        frame,
        None,
    )


def choose_cost_reveal(state: GameState, frame: Frame, node: ChooseCostReveal, ev: list[Event]) -> Result:
    """The controller names a cost (asked, 0 to 10), then the top card of the opponent's deck is
    revealed to both players (11-2) and stays on top (11-2-2); the effect remembers both for "If
    the revealed card has the chosen cost"."""
    p, q = frame.controller, 1 - frame.controller
    labels = [f"cost {k}" for k in range(HIGHEST_COST + 1)]
    answer, prompt = choices.ask_option(frame, p, labels, "choose a cost")
    if prompt is not None:
        return state, frame, prompt
    assert answer is not None, "without a question the cost is chosen"
    top = state.players[q].deck[:1]
    ev.append(Event(kind="cost_chosen", player=p, data={"cost": answer}))
    for c in top:
        ev.append(Event(kind="reveal", player=q, data={"iid": c.iid, "card": c.card, "from": "deck"}))
    remembered = {"number": answer, "memo": tuple(c.iid for c in top)}
    return state, choices.answered(frame).model_copy(update=remembered), None


def swap_base_power(state: GameState, frame: Frame, node: SwapBasePower, ev: list[Event]) -> Result:
    """The two selected cards still on the field take each other's base power (4-9-2-1)."""
    cards = [(p, c) for p, ps in enumerate(state.players) for c in ps.field() if c.iid in frame.memo]
    if len(cards) != 2:
        return state, frame, None
    (p1, a), (p2, b) = cards
    values = (base_power(state, p2, b), base_power(state, p1, a))
    ev.append(Event(kind="swap_base_power", player=frame.controller, data={"targets": [a.iid, b.iid]}))
    for (p, card), value in zip(cards, values, strict=True):
        mod = effect_primitives.duration_mod(state, frame.controller, "base_power", value, node.duration)
        state = replace_on_field(state, p, card.model_copy(update={"mods": (*card.mods, mod)}))
    return state, frame, None


RULE_ACTIONS: dict[str, Handler] = dict(
    [
        entry(SwapBasePower, swap_base_power),
        entry(BlockerBan, blocker_ban),
        entry(PlayBan, play_ban),
        entry(ChooseCostReveal, choose_cost_reveal),
    ]
)
