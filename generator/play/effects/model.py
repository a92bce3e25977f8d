"""The typed effect tree a One Piece card's text compiles to: the contract between the effect
compiler, the rules engine that interprets it and the AI that reasons over it.

Why a tree and not strings: the engine must execute effects without re-reading English, and the AI
must compare them. Every node is a frozen pydantic model; actions, conditions and costs carry a
``kind`` discriminator so a tree round-trips through JSON (``model_dump(mode="json")`` and
``CompiledCard.model_validate``) and an interpreter can dispatch on ``kind`` with one table.

Reading an Effect, in rule order (8-1, 10-2):
  1. it is live at ``timing`` (``static`` = continuous while its flags and conditions hold);
  2. ``your_turn`` / ``opponents_turn`` restrict it to that player's turn, ``don_requirement`` N
     means the card needs N or more DON!! given to it, ``once_per_turn`` limits activations;
  3. ``costs`` are paid in order; with ``optional`` the controller may decline (costs and actions
     alike), and an effect whose costs cannot be paid does nothing;
  4. ``conditions`` must all hold, checked on resolution (card text puts them after the colon,
     so by the rules a cost may be paid for nothing; an engine or AI may check them first);
  5. ``actions`` resolve in order ("Then," is just the next action). A ``Target`` of "up to N" may
     pick fewer or none; ``count=None`` means every matching card ("All of your Characters").

A card is ``complete`` only when every fragment of its text compiled; otherwise the fragments not
understood are in ``unparsed`` and the engine should treat the card as vanilla (power, cost,
counter) plus whatever effects did compile, or refuse it, as it decides. New ``kind`` values may be
added; an interpreter should reject a kind it does not know rather than ignore it.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.play.effects.model_actions import (
    KO,
    AddDon,
    AddFromTrash,
    AddLife,
    AddThisToHand,
    CopyPower,
    CostChange,
    Draw,
    GainKeyword,
    GainStatus,
    GiveDon,
    HandToDeck,
    LifeToHand,
    LookTop,
    OpponentDiscard,
    OpponentReturnDon,
    PerCount,
    PlayFrom,
    PlayThisCard,
    Power,
    Rest,
    RestOpponentDon,
    ReturnToDeck,
    ReturnToHand,
    SetActive,
    SetBasePower,
    SetDonActive,
    Status,
    TrashFromDeck,
    TrashFromHand,
    TrashLife,
    TrashTarget,
)
from generator.play.effects.model_actions_rules import (
    AttackLock,
    BattleKOShield,
    BlockerBan,
    ChooseCostReveal,
    PlayBan,
    SetPowerZero,
    SwapBasePower,
)
from generator.play.effects.model_actions_zones import (
    CardsToLife,
    DrawUntil,
    FieldToLife,
    GiveOpponentDon,
    HandCost,
    HandIntoDeck,
    LifeScry,
    LifeToDeckTop,
    LookOpponentTop,
    OpponentMoves,
    OrderLife,
    PlaceRevealed,
    PlayedRested,
    PlayThisFromTrash,
    RestOpponentCards,
    RevealTop,
    Select,
    Shuffle,
    TakeRevealed,
    TrashHandUntil,
    TrashLifeUntil,
    TrashOpponentHand,
    TrashToDeck,
    TurnAllLife,
)
from generator.play.effects.model_base import CardFilter, Compare, Duration, Keyword, Node, Player, Target, Timing, Who
from generator.play.effects.model_conditions import (
    AnyOf,
    ChosenCost,
    CompareWithOpponent,
    Condition,
    CountCondition,
    LeaderHasAttribute,
    LeaderHasType,
    LeaderIsColour,
    LeaderIsName,
    LeaderMulticoloured,
    LeaderPower,
    LeaderState,
    OnlyCharacters,
    OwnTurnCount,
    RevealedIs,
    SelfPower,
    SelfState,
)
from generator.play.effects.model_costs import (
    Cost,
    GiveDonCost,
    GiveOpponentDonCost,
    HandToDeckCost,
    KOCards,
    LeaderPowerCost,
    LifeToHandCost,
    PlaceCardsAtBottom,
    PlaceFromTrash,
    RestAny,
    RestCards,
    RestDon,
    RestSelf,
    ReturnActiveDon,
    ReturnCardsToHand,
    ReturnDon,
    ReturnSelf,
    RevealFromHand,
    TrashCards,
    TrashFromDeckCost,
    TrashFromHandCost,
    TrashLifeCost,
    TrashSelf,
    TurnLife,
)
from generator.play.effects.model_triggers import DeckRule, Replacement, When


class If(Node):
    """Mid-effect condition: "Then, if you have 2 or less Life cards, draw 1 card." """

    kind: Literal["if"] = "if"
    conditions: tuple[Condition, ...]
    actions: tuple[Action, ...]


class May(Node):
    """Mid-effect choice: "Then, you may trash 1 card from your hand. If you do, draw 2 cards."
    The first action is the choice; the rest happen only if it was done."""

    kind: Literal["may"] = "may"
    actions: tuple[Action, ...]


class AtEndOfTurn(Node):
    """ "... at the end of this turn": the actions wait for the End Phase's delayed processing of
    this turn (6-6-1-2), after the [End of Your Turn] effects."""

    kind: Literal["at_end_of_turn"] = "at_end_of_turn"
    actions: tuple[Action, ...]


class ChooseOne(Node):
    """ "Choose one:" followed by bullet options; each option is a sequence of actions."""

    kind: Literal["choose_one"] = "choose_one"
    chooser: Player = "you"
    options: tuple[tuple[Action, ...], ...]


Action = Annotated[
    Draw
    | KO
    | Power
    | CostChange
    | Rest
    | SetActive
    | ReturnToHand
    | ReturnToDeck
    | TrashTarget
    | AddDon
    | SetDonActive
    | GiveDon
    | LookTop
    | TrashFromHand
    | HandToDeck
    | PlayFrom
    | AddLife
    | LifeToHand
    | OpponentDiscard
    | TrashOpponentHand
    | GainKeyword
    | SetBasePower
    | CopyPower
    | AddFromTrash
    | TrashFromDeck
    | TrashLife
    | DrawUntil
    | TrashHandUntil
    | HandIntoDeck
    | TrashToDeck
    | TrashLifeUntil
    | LookOpponentTop
    | RestOpponentDon
    | OpponentReturnDon
    | PlayThisCard
    | AddThisToHand
    | GainStatus
    | RevealTop
    | FieldToLife
    | CardsToLife
    | TurnAllLife
    | LifeScry
    | OrderLife
    | PlayThisFromTrash
    | Select
    | HandCost
    | PlayedRested
    | OpponentMoves
    | RestOpponentCards
    | LifeToDeckTop
    | GiveOpponentDon
    | TakeRevealed
    | PlaceRevealed
    | Shuffle
    | BattleKOShield
    | AttackLock
    | SetPowerZero
    | SwapBasePower
    | BlockerBan
    | PlayBan
    | ChooseCostReveal
    | If
    | May
    | AtEndOfTurn
    | ChooseOne,
    Field(discriminator="kind"),
]


class Effect(Node):
    timing: Timing
    your_turn: bool = False
    opponents_turn: bool = False
    once_per_turn: bool = False
    don_requirement: int | None = None
    costs: tuple[Cost, ...] = ()
    conditions: tuple[Condition, ...] = ()
    actions: tuple[Action, ...] = ()
    optional: bool = False
    replaces: Replacement | None = None  # timing "replacement": what the effect replaces
    when: When | None = None  # timing "when": the written activation event
    deck_rule: DeckRule | None = None  # timing "rules": a deck-construction rule (5-1-2-4)


class CompiledCard(Node):
    card_id: str
    keywords: tuple[Keyword, ...] = ()  # unconditional keywords, sorted
    also_named: tuple[str, ...] = ()  # "Also treat this card's name as [X]" (2-1-3)
    effects: tuple[Effect, ...] = ()
    trigger: Effect | None = None
    complete: bool
    unparsed: tuple[str, ...] = ()


for _recursive in (If, May, AtEndOfTurn, ChooseOne):
    _recursive.model_rebuild()


__all__ = [
    "Action",
    "AddDon",
    "AddFromTrash",
    "AddLife",
    "AddThisToHand",
    "AnyOf",
    "AtEndOfTurn",
    "AttackLock",
    "BattleKOShield",
    "BlockerBan",
    "ChooseCostReveal",
    "ChosenCost",
    "CardFilter",
    "CardsToLife",
    "ChooseOne",
    "Compare",
    "CompareWithOpponent",
    "CompiledCard",
    "Condition",
    "Cost",
    "CopyPower",
    "CostChange",
    "CountCondition",
    "DeckRule",
    "Draw",
    "Duration",
    "Effect",
    "FieldToLife",
    "GainKeyword",
    "GainStatus",
    "GiveDon",
    "GiveOpponentDon",
    "GiveDonCost",
    "GiveOpponentDonCost",
    "HandCost",
    "HandToDeck",
    "HandToDeckCost",
    "If",
    "Keyword",
    "KO",
    "KOCards",
    "LeaderHasAttribute",
    "LeaderHasType",
    "LeaderIsColour",
    "LeaderIsName",
    "LeaderMulticoloured",
    "LeaderPower",
    "LeaderPowerCost",
    "LeaderState",
    "LifeScry",
    "LifeToDeckTop",
    "LifeToHand",
    "LifeToHandCost",
    "LookOpponentTop",
    "LookTop",
    "May",
    "OnlyCharacters",
    "OpponentDiscard",
    "OpponentMoves",
    "OpponentReturnDon",
    "OrderLife",
    "PerCount",
    "OwnTurnCount",
    "PlaceCardsAtBottom",
    "PlaceFromTrash",
    "PlaceRevealed",
    "Player",
    "PlayBan",
    "PlayedRested",
    "PlayFrom",
    "PlayThisCard",
    "PlayThisFromTrash",
    "Power",
    "Replacement",
    "Rest",
    "RestAny",
    "RestCards",
    "RestDon",
    "RestOpponentCards",
    "RestOpponentDon",
    "RestSelf",
    "ReturnActiveDon",
    "ReturnCardsToHand",
    "ReturnDon",
    "ReturnSelf",
    "ReturnToDeck",
    "ReturnToHand",
    "RevealedIs",
    "RevealFromHand",
    "RevealTop",
    "Select",
    "SelfPower",
    "SelfState",
    "SetActive",
    "SetBasePower",
    "SetDonActive",
    "SetPowerZero",
    "Shuffle",
    "Status",
    "SwapBasePower",
    "TakeRevealed",
    "Target",
    "Timing",
    "TrashCards",
    "TrashFromDeck",
    "TrashFromDeckCost",
    "TrashFromHand",
    "TrashFromHandCost",
    "TrashLife",
    "DrawUntil",
    "TrashHandUntil",
    "HandIntoDeck",
    "TrashToDeck",
    "TrashLifeUntil",
    "TrashOpponentHand",
    "TrashLifeCost",
    "TrashSelf",
    "TrashTarget",
    "TurnAllLife",
    "TurnLife",
    "When",
    "Who",
]
