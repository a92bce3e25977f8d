"""Leaf action nodes for rule changes that read a number or a card when they apply: "cannot be
K.O.'d in battle by <Slash> attribute cards", "your opponent cannot attack any card other than the
Character [X]", "Set the power of ... to 0", "Swap the base power of the selected Characters",
"Your opponent cannot activate a [Blocker] Character that has 2000 or less power", "you cannot play
Character cards with a base cost of 5 or more", and "Choose a cost and reveal 1 card from the top
of your opponent's deck". Split from ``model_actions`` by family; the ``Action`` union is in
``model``."""

from __future__ import annotations

from typing import Literal

from generator.play.effects.model_base import CardFilter, Duration, Node, Target


class BattleKOShield(Node):
    """ "This Character cannot be K.O.'d in battle by <Slash> attribute cards": a permanent effect
    read in the Damage step (7-1-4-1-2) when the card it battles matches ``by`` (official Q&A on
    OP01-024: a K.O. by an effect is not a K.O. in battle; P-007: only the cards named)."""

    kind: Literal["battle_ko_shield"] = "battle_ko_shield"
    target: Target
    by: CardFilter
    duration: Duration = "continuous"


class AttackLock(Node):
    """ "If this Character is rested, your opponent cannot attack any card other than the Character
    [Eustass"Captain"Kid]": a permanent effect read where attacks are declared (7-1-1-2): while it
    is live, the opponent's attacks may target only Characters with one of ``names`` (official Q&A
    on OP01-051: with two such Characters, either may be attacked)."""

    kind: Literal["attack_lock"] = "attack_lock"
    names: tuple[str, ...]


class SetPowerZero(Node):
    """ "Set the power of up to 1 of your opponent's Characters to 0 during this turn" (4-12): the
    card gets minus its power at resolution for the duration; a card already at 0 or below is not
    changed (4-12-2). Power given afterwards counts again (official Q&A on OP07-002)."""

    kind: Literal["set_power_zero"] = "set_power_zero"
    target: Target
    duration: Duration


class SwapBasePower(Node):
    """ "Swap the base power of the selected Characters with each other during this turn": each of
    the two cards an earlier "Select" picked gets the other's base power as it is at resolution,
    for the duration (a "base power becomes" effect, 4-9-2-1); with fewer than two nothing happens."""

    kind: Literal["swap_base_power"] = "swap_base_power"
    duration: Duration


class BlockerBan(Node):
    """ "Your opponent cannot activate a [Blocker] Character that has 2000 or less power during
    this battle": a rule on the opponent, read in the Block step against each [Blocker]'s power
    at that time (7-1-2); the bounds are those of the Characters that may not block."""

    kind: Literal["blocker_ban"] = "blocker_ban"
    max_power: int | None = None
    min_power: int | None = None
    duration: Duration


class PlayBan(Node):
    """ "Then, you cannot play Character cards [with a base cost of 5 or more] during this turn": a
    rule on the effect's controller, carried by their Leader, that stops every play of such a
    Character card, by paying its cost or by an effect (3-7-3: both are playing a card)."""

    kind: Literal["play_ban"] = "play_ban"
    min_base_cost: int = 0
    duration: Duration


class ChooseCostReveal(Node):
    """ "Choose a cost and reveal 1 card from the top of your opponent's deck": the controller
    names a number, then the top card of the opponent's deck is revealed to both players (11-2)
    and stays there; "If the revealed card has the chosen cost" reads both."""

    kind: Literal["choose_cost_reveal"] = "choose_cost_reveal"
