"""The typed shape of what one player may see of a game: ``view`` builds these, never a plain dict.

Why typed: the view is what a client of the practice referee reads on every move, so it is part
of the published game-state contract (``state_schema``): its JSON Schema is generated from these
models, and building the view through them checks every answer against that contract as it is
made. Members that a player may not see are left out (``hand`` of the other player, ``revealed``
for anyone but the Life card's owner), not nulled, so a client cannot mistake "hidden" for "none".

Battle steps are the rules' five (7-1-1 to 7-1-5), not the engine's working steps: the engine's
``life`` and ``trigger`` (its owner deciding on a Life card just taken) steps are both part of
the Damage step (7-1-4).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.play.engine.state import DON_PER_PLAYER, MAX_CHARACTERS, Phase, Result

BattleStep = Literal["attack", "block", "counter", "damage", "end"]
MAIN_DECK_CARDS = 50  # 5-1-2


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardView(_Frozen):
    """A card in an open area, or in the viewer's own hand: instance id, card id and name."""

    iid: int
    card: str
    name: str


class FieldCardView(CardView):
    """A Leader, Character or Stage on the field with its current numbers (stats apply effects)."""

    rested: bool
    don: int = Field(ge=0, le=DON_PER_PLAYER, description="DON!! given to this card (6-5-5-1)")
    power: int
    cost: int
    keywords: tuple[str, ...]
    played_turn: int


class FaceUpLifeView(CardView):
    """A Life card added face up: open to both players while it is in the Life area (3-10-2-1)."""

    position: int = Field(ge=0, description="Its place in the Life area, 0 the top card")


class PlayerAreaView(_Frozen):
    """One player's areas: open ones in full (3-1-5), secret ones as counts (3-1-4). ``hand`` is
    present only in the viewer's own entry (3-4-3)."""

    leader: FieldCardView = Field(description="Leader area (3-6)")
    characters: tuple[FieldCardView, ...] = Field(max_length=MAX_CHARACTERS, description="Character area (3-7-6)")
    stage: FieldCardView | None = Field(description="Stage area, at most one card (3-8-5)")
    trash: tuple[CardView, ...] = Field(description="Trash, index 0 the top card (3-5-2)")
    hand_count: int = Field(ge=0)
    deck_count: int = Field(ge=0, le=MAIN_DECK_CARDS)
    life_count: int = Field(ge=0)
    don_deck: int = Field(ge=0, le=DON_PER_PLAYER, description="DON!! deck (3-3)")
    don_active: int = Field(ge=0, le=DON_PER_PLAYER, description="Cost area: active DON!! (3-9)")
    don_rested: int = Field(ge=0, le=DON_PER_PLAYER, description="Cost area: rested DON!! (3-9)")
    hand: tuple[CardView, ...] | None = Field(default=None, description="Only in the viewer's own entry")
    life_face_up: tuple[FaceUpLifeView, ...] | None = Field(
        default=None, description="Face-up Life cards, open to both players (3-10-2-1); only when there are some"
    )


class BattleView(_Frozen):
    """The battle in progress. ``revealed`` (only for its owner) is the Life card whose [Trigger]
    the owner is deciding on; another player sees that card counted in the owner's hand, where
    it would be had it no [Trigger] (4-6-3)."""

    attacker: int
    target: int
    step: BattleStep
    blocked: bool
    damage_left: int = Field(ge=0)
    revealed: CardView | None = None


class PromptView(_Frozen):
    """A question the engine waits on. The player it asks sees it whole; another player sees
    only who is deciding (its options, bounds and label could name or count hidden cards)."""

    player: int = Field(ge=0, le=1)
    kind: Literal["yes_no", "choose", "option"] | None = None
    label: str | None = None
    min: int | None = Field(default=None, ge=0)
    max: int | None = Field(default=None, ge=0)
    picked: tuple[int, ...] | None = None
    options: tuple[CardView, ...] | None = None


class PendingEffectView(_Frozen):
    """An effect waiting to resolve (8-6): its card, the instance it comes from and who controls it."""

    card: str
    source: int
    controller: int = Field(ge=0, le=1)


class PlayerView(_Frozen):
    """Everything ``you`` may see of the game (3-1-4, 3-1-5), as served in ``view`` by the
    practice referee."""

    you: int = Field(ge=0, le=1)
    turn: int = Field(ge=0)
    active: int = Field(ge=0, le=1)
    first: int = Field(ge=0, le=1)
    phase: Phase
    waiting_for: int | None = Field(ge=0, le=1)
    players: tuple[PlayerAreaView, PlayerAreaView]
    battle: BattleView | None
    prompt: PromptView | None
    pending_effects: tuple[PendingEffectView, ...]
    result: Result | None
