"""The vocabulary every node of the effect tree shares: timings, keywords, who a target may be,
durations, and the card filter and target that actions, costs and conditions all use. See ``model``
for how the tree reads."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Timing = Literal[
    "on_play",
    "when_attacking",
    "activate_main",
    "main",
    "on_ko",
    "end_of_your_turn",
    "end_of_opponents_turn",
    "counter",
    "trigger",
    "on_block",
    "on_opponents_attack",
    "static",
    "replacement",  # "If X would be K.O.'d, you may Y instead" (8-1-3-4): ``Effect.replaces`` says what
    "when",  # "When X, Y" / "This effect can be activated when X": ``Effect.when`` says what
    "start_of_your_turn",  # "This effect can be activated at the start of your turn" (6-2-2)
    "start_of_game",  # "at the start of the game" (5-2-1-5-1)
    "rules",  # "Under the rules of this game, ...": deck construction (5-1-2-4), ``Effect.deck_rule``
]
Keyword = Literal["Rush", "Rush: Character", "Blocker", "Double Attack", "Banish", "Unblockable"]
Who = Literal[
    "self_card",
    "your_leader",
    "your_leader_or_character",
    "your_character",
    "opponent_leader",
    "opponent_character",
    "opponent_leader_or_character",
    "any_character",  # "up to 1 Character with a cost of 3 or less": either player's
    "your_leader_or_stage",
    "your_stage",
    "opponent_stage",
    "memo",  # "that card", "the selected Character": the cards an earlier step of the effect picked
]
Player = Literal["you", "opponent"]
Duration = Literal[
    "this_turn",
    "this_battle",
    "continuous",
    "until_end_of_opponents_next_turn",
    "until_start_of_your_next_turn",
    "until_end_of_your_next_turn",
]
Compare = Literal["at_least", "at_most", "exactly"]
# A number read from the game when the filter is applied, relative to the effect's controller.
CountRef = Literal["your_life", "opponent_life", "total_life", "your_don", "opponent_don"]


class Node(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardFilter(Node):
    """What a card must match. Empty filter = any card. ``types`` match when the card has ANY of
    them, ``names`` when the card has any of those names; ``type_contains`` matches a substring of a
    type ("a type including 'Whitebeard Pirates'"). ``base`` says the cost and power bounds are on
    the printed values ("a base cost of 4 or less"). ``any_of``: the card must also match at least
    one of these filters ("[Nami] or red Event", "{FILM} type card or card with a [Trigger]")."""

    category: Literal["Leader", "Character", "Event", "Stage"] | None = None
    min_cost: int | None = None
    max_cost: int | None = None
    min_power: int | None = None
    max_power: int | None = None
    types: tuple[str, ...] = ()
    type_contains: str | None = None
    colour: str | None = None
    names: tuple[str, ...] = ()
    exclude_name: str | None = None  # "other than [Name]"
    state: Literal["rested", "active"] | None = None
    has_trigger: bool | None = None
    attribute: str | None = None  # "<Slash>"
    lacks_attribute: str | None = None  # "Characters without the <Special> attribute"
    base: bool = False
    min_don: int | None = None  # "with a DON!! card given", "that has 2 or more DON!! cards given"
    lacks_timing: str | None = None  # "without an [On Play] effect": no effect of that timing
    no_effect: bool = False  # "with no base effect": a card with no text (2-8-5)
    max_cost_of: CountRef | None = None  # "a cost equal to or less than the number of your opponent's Life cards"
    any_of: tuple[CardFilter, ...] = ()  # "[Nami] or red Event": the card matches one of these too


CardFilter.model_rebuild()


class Target(Node):
    """Which cards an action picks. ``count=None`` = all matching; ``up_to`` = may pick fewer."""

    who: Who
    count: int | None = 1
    up_to: bool = True
    filter: CardFilter = CardFilter()
    exclude_self: bool = False  # "other than this Character"
