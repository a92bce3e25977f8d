"""Condition nodes: the "If ..." of card text. Each has a ``kind``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.play.effects.model_base import CardFilter, Compare, Node, Player

CountZone = Literal[
    "life", "hand", "trash", "deck", "don", "rested_don", "active_don", "given_don", "characters", "field"
]
Whose = Literal["you", "opponent", "both"]


class LeaderHasType(Node):
    """Your Leader has ANY of ``types`` ("the {A} or {B} type"); with ``contains`` a type of the
    Leader only has to contain the text ("your Leader's type includes "Baroque Works"")."""

    kind: Literal["leader_has_type"] = "leader_has_type"
    types: tuple[str, ...]
    contains: bool = False


class LeaderIsColour(Node):
    kind: Literal["leader_is_colour"] = "leader_is_colour"
    colour: str


class LeaderMulticoloured(Node):
    kind: Literal["leader_multicoloured"] = "leader_multicoloured"


class LeaderIsName(Node):
    kind: Literal["leader_is_name"] = "leader_is_name"
    name: str


class CountCondition(Node):
    """A zone holds N (at least / at most / exactly) matching cards: life, hand, trash, deck,
    DON!! on the field (``don``, ``rested_don``, ``active_don``), ``given_don`` (DON!! given to your
    cards, in total), Characters, or ``field`` (Leader, Characters and Stage, for "you have
    [Name]"). ``whose="both"`` sums both players ("there is a Character with...")."""

    kind: Literal["count"] = "count"
    zone: CountZone
    whose: Whose = "you"
    compare: Compare
    n: int
    filter: CardFilter = CardFilter()


class CompareWithOpponent(Node):
    """Your count in a zone against your opponent's: "you have less Life cards than your
    opponent" is ``zone="life", compare="less"``."""

    kind: Literal["compare_with_opponent"] = "compare_with_opponent"
    zone: Literal["life", "don", "hand", "characters"]
    compare: Literal["less", "at_most", "more", "at_least"]


class SelfState(Node):
    """ "If this Character is rested", "If this Character was played on this turn"."""

    kind: Literal["self_state"] = "self_state"
    state: Literal["rested", "active", "played_this_turn"]


class SelfPower(Node):
    """ "If this Character has 7000 power or more": its current power."""

    kind: Literal["self_power"] = "self_power"
    compare: Compare
    n: int


class LeaderHasAttribute(Node):
    kind: Literal["leader_has_attribute"] = "leader_has_attribute"
    attribute: str
    whose: Player = "you"


Condition = Annotated[
    LeaderHasType
    | LeaderIsColour
    | LeaderMulticoloured
    | LeaderIsName
    | CountCondition
    | CompareWithOpponent
    | SelfState
    | SelfPower
    | LeaderHasAttribute,
    Field(discriminator="kind"),
]
