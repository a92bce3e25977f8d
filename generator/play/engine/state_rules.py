"""The rules' numbers the game state obeys, as a typed value published with the state's schema.

Why ``Literal`` types and not plain ints and strings: the JSON Schema of these models is part of
the game-state contract (``state_schema``), and a ``Literal`` makes the schema state the number
itself (``const``) or the closed list (``enum``): a client reads "the Character area holds at most
5" from the schema, not from prose. The value ``RULES`` is the one instance, checked against
that schema by the tests.

Zone names are the rules' nine areas (3-1-1); ``holds`` names the ``PlayerState`` fields that
hold each one (the cost area is two DON!! counts, DON!! given to a card is that card's ``don``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ZoneName = Literal[
    "leader_area", "character_area", "stage_area", "hand", "deck", "life_area", "trash", "don_deck", "cost_area"
]
PlayerStateField = Literal[
    "leader", "characters", "stage", "hand", "deck", "life", "trash", "don_deck", "don_active", "don_rested"
]
# The rules' orders as fixed tuples: their schema is ``prefixItems`` of ``const``, so the order
# itself is part of the contract (6-1-1, 7-1).
PhaseOrder = tuple[Literal["refresh"], Literal["draw"], Literal["don"], Literal["main"], Literal["end"]]
BattleStepOrder = tuple[
    Literal["attack"], Literal["block"], Literal["counter"], Literal["damage"], Literal["end_of_battle"]
]
WinCondition = Literal["opponent_damaged_at_zero_life", "opponent_deck_empty", "opponent_concedes", "card_effect"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Zone(_Frozen):
    """One of a player's nine areas (3-1-1): open or secret (3-1-5), its cap if it has one."""

    name: ZoneName
    rule: str
    visibility: Literal["open", "secret"]
    max_cards: int | None
    holds: tuple[PlayerStateField, ...] = Field(min_length=1)


class ZoneCaps(_Frozen):
    """The capped areas: at most 5 Characters (3-7-6), at most 1 Stage (3-8-5)."""

    character_area: Literal[5]
    stage_area: Literal[1]


class WinConditionRule(_Frozen):
    condition: WinCondition
    rule: str
    text: str


class DeckConstruction(_Frozen):
    """What each player brings and starts with (5-1-2, 5-2-1-6, 2-9-2)."""

    leader_cards: Literal[1]
    main_deck_cards: Literal[50]
    don_deck_cards: Literal[10]
    max_copies_per_card_number: Literal[4]
    opening_hand: Literal[5]
    colours: Literal["every colour of every card is one of the Leader's (5-1-2-2)"]
    life: Literal["the Leader's Life value, face down from the top of the deck (5-2-1-7)"]


class GameRules(_Frozen):
    rules_version: Literal["1.2.0"]
    zones: tuple[Zone, ...] = Field(min_length=9, max_length=9)
    zone_caps: ZoneCaps
    phases: PhaseOrder
    battle_steps: BattleStepOrder
    attacker_wins_ties: Literal[True]
    win_conditions: tuple[WinConditionRule, ...] = Field(min_length=4, max_length=4)
    deck_construction: DeckConstruction
    differences_from_spec: tuple[str, ...]


RULES = GameRules(
    rules_version="1.2.0",
    zones=(
        Zone(name="leader_area", rule="3-6", visibility="open", max_cards=1, holds=("leader",)),
        Zone(name="character_area", rule="3-7", visibility="open", max_cards=5, holds=("characters",)),
        Zone(name="stage_area", rule="3-8", visibility="open", max_cards=1, holds=("stage",)),
        Zone(name="hand", rule="3-4", visibility="secret", max_cards=None, holds=("hand",)),
        Zone(name="deck", rule="3-2", visibility="secret", max_cards=None, holds=("deck",)),
        Zone(name="life_area", rule="3-10", visibility="secret", max_cards=None, holds=("life",)),
        Zone(name="trash", rule="3-5", visibility="open", max_cards=None, holds=("trash",)),
        Zone(name="don_deck", rule="3-3", visibility="open", max_cards=10, holds=("don_deck",)),
        Zone(name="cost_area", rule="3-9", visibility="open", max_cards=10, holds=("don_active", "don_rested")),
    ),
    zone_caps=ZoneCaps(character_area=5, stage_area=1),
    phases=("refresh", "draw", "don", "main", "end"),
    battle_steps=("attack", "block", "counter", "damage", "end_of_battle"),
    attacker_wins_ties=True,
    win_conditions=(
        WinConditionRule(
            condition="opponent_damaged_at_zero_life",
            rule="1-2-1-1-1",
            text="the opponent's Leader takes damage while they have 0 Life cards",
        ),
        WinConditionRule(
            condition="opponent_deck_empty", rule="1-2-1-1-2", text="the opponent has 0 cards in their deck"
        ),
        WinConditionRule(condition="opponent_concedes", rule="1-2-3", text="the opponent concedes"),
        WinConditionRule(
            condition="card_effect", rule="1-2-5", text="a card's effect makes a player win or lose the game"
        ),
    ),
    deck_construction=DeckConstruction(
        leader_cards=1,
        main_deck_cards=50,
        don_deck_cards=10,
        max_copies_per_card_number=4,
        opening_hand=5,
        colours="every colour of every card is one of the Leader's (5-1-2-2)",
        life="the Leader's Life value, face down from the top of the deck (5-2-1-7)",
    ),
    differences_from_spec=(
        "Zones: nine (3-1-1), as the spec's list has; the description that says eight is wrong. The spec's "
        "'Life Pile' is the Life area and its 'Cost Area' is the DON!! counts don_active and don_rested.",
        "Battle steps: five (7-1-1 to 7-1-5), Attack, Block, Counter, Damage and End of Battle; the spec "
        "names four. The state's Battle.step also has the engine's working steps 'life' and 'trigger', "
        "both inside the Damage step; PlayerView shows the rules' steps only ('damage' for both).",
        "Damage: the attacker wins when its power is greater than or equal to the target's (7-1-4-1); the "
        "spec's 'strict-greater rule' holds for the defender, who needs strictly more power.",
        "Win conditions: four ways to win, not three: the two defeat conditions (1-2-1-1), concession "
        "(1-2-3) and card effects (1-2-5). Both players meeting a defeat condition at once both lose: "
        "Result.winner is null (1-2-1, 9-2-1).",
        "Phases: the rules' five in order; the state's phase also has 'mulligan' (set-up, 5-2-1-6) and "
        "'over' (the game has ended).",
    ),
)
