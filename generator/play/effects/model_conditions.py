"""Condition nodes: the "If ..." of card text. Each has a ``kind``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.play.effects.model_base import CardFilter, Compare, Node, Player

CountZone = Literal[
    "life",
    "hand",
    "trash",
    "deck",
    "don",
    "rested_don",
    "active_don",
    "given_don",
    "characters",
    "field",
    "rested_cards",  # rested Leader, Characters, Stage and cost-area DON!! ("8 or more rested cards")
    "face_up_life",
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
    exclude_self: bool = False  # "you have no other [Nami] Characters": the effect's card does not count


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


class RevealedIs(Node):
    """ "If the revealed card is a Character card with a cost of 4 or less", "If that card is
    ...": the card the effect revealed (or picked) earlier matches ``filter``."""

    kind: Literal["revealed_is"] = "revealed_is"
    filter: CardFilter = CardFilter()


class ChosenCost(Node):
    """ "If the revealed card has the chosen cost": the card the effect revealed has the printed
    cost its controller named before (``model_actions_rules.ChooseCostReveal``; 4-9-2: a card off
    the field has its printed values)."""

    kind: Literal["chosen_cost"] = "chosen_cost"


class OnlyCharacters(Node):
    """ "If the only Characters on your field are {X} type Characters": you have at least one
    Character and every one matches ``filter``."""

    kind: Literal["only_characters"] = "only_characters"
    filter: CardFilter = CardFilter()


class LeaderPower(Node):
    """ "If your Leader has 5000 power or less": its current power."""

    kind: Literal["leader_power"] = "leader_power"
    whose: Player = "you"
    compare: Compare
    n: int


class LeaderState(Node):
    kind: Literal["leader_state"] = "leader_state"
    state: Literal["active", "rested"]


class OwnTurnCount(Node):
    """ "If it is your second turn or later": the controller has begun ``n`` or more turns."""

    kind: Literal["own_turn_count"] = "own_turn_count"
    n: int


class AnyOf(Node):
    """ "If your Leader has the {X} type or is [Y]": one of the conditions holds."""

    kind: Literal["any_of"] = "any_of"
    conditions: tuple[Condition, ...]


Condition = Annotated[
    LeaderHasType
    | LeaderIsColour
    | LeaderMulticoloured
    | LeaderIsName
    | CountCondition
    | CompareWithOpponent
    | SelfState
    | SelfPower
    | LeaderHasAttribute
    | RevealedIs
    | ChosenCost
    | OnlyCharacters
    | LeaderPower
    | LeaderState
    | OwnTurnCount
    | AnyOf,
    Field(discriminator="kind"),
]

AnyOf.model_rebuild()
