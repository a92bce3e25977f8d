"""The shape of a tutorial worked example: state before, one action, state after.

Why typed snapshots rather than prose: a referee (or a test) must be able to set up ``state_before``,
apply ``action`` and compare with ``state_after``. Snapshots are partial on purpose: a field absent
from ``state_before`` does not matter to the example, a field absent from ``state_after`` is
unchanged, so ``None`` fields are dropped when serialised. ``hand`` and ``hand_count`` (and
``life_top`` and ``life_count``) are two views of one area: a ``state_after`` giving either one
replaces both. ``life_top`` lists the top Life cards only, top first. Cards are real English card
ids; a ``CardRef`` such as ``p2:OP07-007`` or ``p1:leader`` names a card by its controller.
Deck-building examples use a ``DeckState`` and a ``DeckVerdict`` instead, which the deck validator
reproduces. ``generator.play.replay`` is the referee run that checks both kinds.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, StringConstraints, model_serializer

RuleNo = Annotated[str, StringConstraints(pattern=r"^\d+(-\d+)*$")]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
CardId = Annotated[str, StringConstraints(pattern=r"^[A-Z]+\d*-\d+(_[a-z]\d+)?$")]
CardRef = Annotated[str, StringConstraints(pattern=r"^(p1|p2):(leader|stage|[A-Z]+\d*-\d+)$")]
Player = Literal["p1", "p2"]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)


class Partial(Frozen):
    """A snapshot part: unset (None) fields are left out of the JSON, meaning 'not shown'."""

    @model_serializer(mode="wrap")
    def _drop_none(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        return {k: v for k, v in handler(self).items() if v is not None}


class CardState(Partial):
    card: CardId
    power: int | None = None
    state: Literal["rested", "active"] | None = None  # one order everywhere: typing caches equal Literals
    don: int | None = None
    played_this_turn: bool | None = None


class Side(Partial):
    leader: CardState | None = None
    characters: tuple[CardState, ...] | None = None
    stage: CardState | None = None
    hand: tuple[CardId, ...] | None = None
    hand_count: int | None = None
    deck_count: int | None = None
    life_count: int | None = None
    life_top: tuple[CardId, ...] | None = None  # top Life card first
    trash: tuple[CardId, ...] | None = None
    don_deck: int | None = None
    don_active: int | None = None
    don_rested: int | None = None
    redrawn: bool | None = None


class GameState(Partial):
    kind: Literal["game"]
    turn: int
    turn_player: Player
    first_player: Player | None = None
    phase: Literal["setup", "refresh", "draw", "don", "main", "end"]
    battle_step: Literal["attack", "block", "counter", "damage", "over"] | None = None
    attacker: CardRef | None = None
    target: CardRef | None = None
    p1: Side | None = None
    p2: Side | None = None
    winner: Literal["p1", "p2", "draw"] | None = None


class DeckState(Frozen):
    kind: Literal["deck"]
    format: Literal["standard", "legacy", "limited_sealed"]
    on_date: date
    leader_id: CardId
    main_deck: dict[CardId, int]


class DeckVerdict(Frozen):
    kind: Literal["verdict"]
    valid: bool
    violation_codes: tuple[str, ...]
    warning_codes: tuple[str, ...] = ()


ActionKind = Literal[
    "mulligan",
    "place_life",
    "refresh",
    "draw",
    "don_phase",
    "play_card",
    "give_don",
    "declare_attack",
    "block",
    "counter_card",
    "counter_event",
    "pass_counter",
    "activate_trigger",
    "decline_trigger",
    "validate_deck",
]


class Action(Partial):
    actor: Player
    kind: ActionKind
    card: CardRef | None = None
    target: CardRef | None = None
    cards: tuple[CardRef, ...] | None = None  # further choices, e.g. the Character trashed
    amount: int | None = None


class WorkedExample(Frozen):
    id: Slug
    title: str
    state_before: Annotated[GameState | DeckState, Field(discriminator="kind")]
    action: Action
    legal: bool = True  # False: the referee must refuse the action
    state_after: Annotated[GameState | DeckVerdict, Field(discriminator="kind")]
    explanation: str
    rules_cited: tuple[RuleNo, ...] = Field(min_length=1)
