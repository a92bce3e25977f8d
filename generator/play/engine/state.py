"""The game state of a One Piece Card Game match as one frozen, JSON-able value.

Why a value: the practice referee is stateless (the caller carries the state), the AI searches by
copying states, and a replay must be exact. So everything the rules need lives here, including the
card definitions in play, their compiled effect trees and the RNG state; nothing is looked up
elsewhere. ``GameState.model_dump(mode="json")`` round-trips through ``GameState.model_validate``
and ``GameState.model_json_schema()`` is the published game-state contract.

Conventions:
- Players are indices 0 and 1. Every card in a game is a ``CardInstance`` with an instance id
  (``iid``) unique within the game, so "this copy" is always unambiguous.
- Stacks (deck, Life, trash) are tuples with index 0 the TOP card.
- The nine areas of rule 3-1-1 map to fields of ``PlayerState``: deck, DON!! deck (a count:
  DON!! cards are interchangeable), hand, trash, Leader area, Character area (max 5, 3-7-6),
  Stage area (max 1, 3-8-5), cost area (active and rested DON!! counts) and Life area. DON!!
  given to a card is its ``don`` count (6-5-5-1).
- Copies are shallow (``model_copy(update=...)``): unchanged zones and cards are shared, which
  is safe because every model is frozen and every collection a tuple (the two card dicts are
  never mutated after ``new_game``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.models.onepiece import OnePieceCard
from generator.play.effects.model import CompiledCard

Phase = Literal["setup", "mulligan", "refresh", "draw", "don", "main", "end", "over"]
Step = Literal["attack", "block", "counter", "damage", "ko", "life", "trigger", "end"]
Replaceable = Literal["ko", "removed", "rested"]  # the events a replacement effect may replace (8-1-3-4)
DON_PER_PLAYER = 10  # 5-1-2
MAX_CHARACTERS = 5  # 3-7-6
Outcome = Literal["ko", "life", "win", "life_trashed", "fails"]
ModStat = Literal["power", "cost", "base_power", "keyword", "status"]
STATIC_KINDS = frozenset({"power", "cost_change", "gain_keyword", "status", "set_base_power", "battle_ko_shield"})


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Mod(_Frozen):
    """A temporary change to a card: power, cost, base power (4-9), a gained keyword or status.

    ``tag`` names the keyword or status (``cannot_attack``, ``cannot_be_ko``...). ``battle`` ends
    with the battle (7-1-5-3); ``until_turn`` ends at the end of that turn number (6-6-1-3);
    neither means it lasts while the card stays on the field (3-1-6 drops every effect when the
    card changes area, which the engine gets for free by making a new instance).
    """

    stat: ModStat
    amount: int = 0
    tag: str | None = None
    until_turn: int | None = None
    battle: bool = False


class CardInstance(_Frozen):
    iid: int
    card: str  # card_id, key into GameState.cards
    rested: bool = False
    don: int = Field(default=0, ge=0, le=DON_PER_PLAYER)  # DON!! given to this card (6-5-5-1)
    played_turn: int = 0  # turn it entered the field: 3-7-4 summoning rule
    mods: tuple[Mod, ...] = ()
    once: tuple[int, ...] = ()  # effect indexes used this turn ([Once Per Turn], 10-2-13)
    face_up: bool = False  # a Life card added face up: open to both players while in Life (3-10-2-1)


class PlayerState(_Frozen):
    leader: CardInstance
    characters: tuple[CardInstance, ...] = Field(default=(), max_length=MAX_CHARACTERS)  # 3-7-6
    stage: CardInstance | None = None  # at most one Stage: a single slot (3-8-5)
    hand: tuple[CardInstance, ...] = ()
    deck: tuple[CardInstance, ...] = ()
    life: tuple[CardInstance, ...] = ()
    trash: tuple[CardInstance, ...] = ()
    don_deck: int = Field(default=DON_PER_PLAYER, ge=0, le=DON_PER_PLAYER)
    don_active: int = Field(default=0, ge=0, le=DON_PER_PLAYER)  # cost area (3-9)
    don_rested: int = Field(default=0, ge=0, le=DON_PER_PLAYER)  # cost area (3-9)

    def field(self) -> tuple[CardInstance, ...]:
        """Leader, Characters and Stage: the cards whose effects are live (2-8-2)."""
        return (self.leader, *self.characters) + ((self.stage,) if self.stage else ())

    def don_total(self) -> int:
        """All ten DON!! of this player wherever they are: the conservation invariant."""
        given = sum(c.don for c in (self.leader, *self.characters))
        return self.don_deck + self.don_active + self.don_rested + given


class Battle(_Frozen):
    """The battle in progress (7-1): who attacks whom, and which step we are in.

    ``target`` becomes the blocker when a [Blocker] is used (10-1-4-1). ``damage_left`` counts the
    Life cards still to check in the damage step (2 for Double Attack, 7-1-4-1-1-3), ``banish``
    whether they are trashed instead (10-1-3), and
    ``revealed`` is the Life card damage just took, its owner deciding whether to add it to hand
    or activate its [Trigger] (shown to the other player only once activated). ``deferred`` holds
    the effects whose timing came while damage was being dealt: they activate once all of it is
    (8-6-2; a [Trigger] itself interrupts at once, 8-6-2-1).
    """

    attacker: int
    target: int
    step: Step = "attack"
    blocked: bool = False
    banish: bool = False
    damage_left: int = 0
    revealed: CardInstance | None = None
    deferred: tuple[Frame, ...] = ()


class Frame(_Frozen):
    """One effect waiting to resolve or half-way through resolving (8-4).

    ``effect`` indexes ``CompiledCard.effects``; -1 is the card's [Trigger]. ``pc`` is the path
    of the next cost or action to run: ``("cost", i)`` or ``("act", i, j, ...)`` where further
    indexes descend into ``If`` blocks; ``("offer", event)`` is a replacement effect offered to its
    owner before ``event`` happens to the card in ``memo`` (``replacement``). ``picked`` holds the
    cards chosen so far for the current step (final once ``chosen``), ``looked`` the deck cards
    being looked at by "look at the top N" (they stay in the deck meanwhile, 11-3-2) and
    ``held`` the cards a step already chose when it must ask a second question (which Character
    to trash to make room, 3-7-6-1).
    """

    source: int
    controller: int
    card: str
    effect: int
    pc: tuple[str | int, ...] = ("start",)
    picked: tuple[int, ...] = ()
    chosen: bool = False
    looked: tuple[int, ...] = ()
    held: tuple[int, ...] = ()
    memo: tuple[int, ...] = ()  # cards the text names again later: "that card", "the revealed card"
    number: int | None = None  # a number the controller named for later sentences: "Choose a cost"
    together: bool = False  # activated at the same time as the frame before it, same controller


class Offered(_Frozen):
    """An event about to happen to a card (``target``) whose owner has been offered the
    replacement effects that could happen instead (8-1-3-4, ``replacement``). ``used`` once they
    applied one: the event then does not happen. Dropped when the event's step goes ahead."""

    target: int
    event: Replaceable
    used: bool = False


class Prompt(_Frozen):
    """A question the engine needs answered before it can go on: a yes/no ("you may", 8-1-2),
    a choice of up to ``max`` cards among ``options`` (instance ids, 8-4-4, 4-8), or one of
    several texts ("Choose one:", ``options`` are indexes into ``labels``)."""

    player: int
    kind: Literal["yes_no", "choose", "option"]
    options: tuple[int, ...] = ()
    labels: tuple[str, ...] = ()
    min: int = 0
    max: int = 1
    label: str


class Result(_Frozen):
    """End of the game (1-2): ``winner`` is None for a draw or when both lose (9-2-1)."""

    winner: int | None
    losers: tuple[int, ...]
    reason: str


class LoopRecord(_Frozen):
    """A position of this turn where the turn player activated an ability (11-1-1-2): if the
    position comes back, that activation is a loop they control; choosing anything else there
    stops it (``stopped``), and they may not start it again from that position."""

    turn: int
    position: str  # sha1 of the whole position (``loops.position``)
    action: str  # the action id that was taken there
    stopped: bool = False


class GameState(_Frozen):
    cards: dict[str, OnePieceCard]
    compiled: dict[str, CompiledCard]
    players: tuple[PlayerState, PlayerState]
    first: int  # the player going first (5-2-1-5)
    turn: int = 0  # 0 during set-up; turn 1 is the first player's first turn
    active: int  # the turn player (4-3-1)
    phase: Phase = "mulligan"
    waiting_for: int | None = None  # who must act next; None once the game is over
    battle: Battle | None = None
    pending: tuple[Frame, ...] = ()  # effects waiting to resolve, first resolves first (8-6)
    prompt: Prompt | None = None
    rng: int  # splitmix64 state: the only source of randomness
    result: Result | None = None
    delayed: tuple[Frame, ...] = ()  # "at the end of this turn" parts of resolved effects (6-6-1-2)
    loops: tuple[LoopRecord, ...] = ()  # this turn's activations, for loops a player controls (11-1-1-2)
    offered: tuple[Offered, ...] = ()  # events waiting on their owner's replacement effects (8-1-3-4)

    @cached_property
    def static_cards(self) -> frozenset[str]:
        """Card ids with permanent effects that change numbers, keywords or statuses: lets power
        and keyword lookups skip the board scan when none is in the game. Derived, not stored
        (copies share it, JSON leaves it out)."""
        return frozenset(
            cid
            for cid, comp in self.compiled.items()
            if comp.complete
            and any(eff.timing == "static" and any(a.kind in STATIC_KINDS for a in eff.actions) for eff in comp.effects)
        )

    @cached_property
    def static_memo(self) -> dict[tuple[int, int], tuple[Any, ...]]:
        """``stats``' permanent-effect actions per (owner, instance id) already worked out for
        this state: a search asks for the same card's power many times in one state. Derived,
        never copied (``model_copy`` drops it), JSON leaves it out."""
        return {}

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> GameState:
        """A copy; when ``update`` changes the card definitions, ``static_cards`` is derived
        again (pydantic copies a cached property's value along with the fields). The copy
        starts with its own empty ``static_memo``: what was live here may not be there."""
        copy = super().model_copy(update=update, deep=deep)
        copy.__dict__.pop("static_memo", None)
        if update and ("compiled" in update or "cards" in update):
            copy.__dict__.pop("static_cards", None)
        return copy

    def with_player(self, p: int, ps: PlayerState) -> GameState:
        """A copy with player ``p`` replaced; the other player is shared, not copied."""
        players = (ps, self.players[1]) if p == 0 else (self.players[0], ps)
        return self.model_copy(update={"players": players})


class Event(_Frozen):
    """Something that happened, for the narrated log. ``private`` names the ``data`` keys only
    ``player`` may see (a drawn card, a Life card taken to hand: 3-4-3, 3-10-2)."""

    kind: str
    player: int | None = None
    data: dict[str, Any] = {}
    private: tuple[str, ...] = ()


class AttackPreview(_Frozen):
    """What an attack would do, from public information only (DON!! given and power are open)."""

    attacker_power: int
    target_power: int
    counter_needed: int  # counter power the defender needs to survive (7-1-4-1)
    damage: int  # Life cards checked if it connects (2 with Double Attack)
    outcome_if_unanswered: Outcome
    blockable: bool


class Action(_Frozen):
    """One legal move for ``state.waiting_for``. ``id`` is stable and unique within the list."""

    id: str
    kind: str
    card: int | None = None  # the acting card's iid
    target: int | None = None
    label: str
    preview: AttackPreview | None = None

    @property
    def acting(self) -> int:
        """``card`` of an action that always has one (play, activate, give DON!!, attack, block...)."""
        if self.card is None:
            raise ValueError(f"{self.id}: a {self.kind} action names its card")
        return self.card

    @property
    def aimed_at(self) -> int:
        """``target`` of an action that always has one (attack, counter)."""
        if self.target is None:
            raise ValueError(f"{self.id}: a {self.kind} action names its target")
        return self.target


class Deck(_Frozen):
    """What a player brings (5-1-2): one Leader card id and 50 main-deck card ids."""

    leader: str
    main: tuple[str, ...]


class IllegalAction(ValueError):
    """An action id that is not among ``legal_actions(state)``."""
