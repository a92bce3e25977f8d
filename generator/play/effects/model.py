"""The typed effect tree a One Piece card's text compiles to: the contract between the effect
compiler, the rules engine that interprets it and the AI that reasons over it.

Why a tree and not strings: the engine must execute effects without re-reading English, and the AI
must compare them. Every node is a frozen pydantic model; actions, conditions and costs carry a
``kind`` discriminator so a tree round-trips through JSON (``model_dump(mode="json")`` and
``CompiledCard.model_validate``) and an interpreter can dispatch on ``kind`` with one table.

Reading an Effect, in rule order (8-1, 10-2):
  1. it is live at ``timing`` (``static`` = continuous while its flags and conditions hold);
  2. ``your_turn`` / ``opponents_turn`` restrict it to that player's turn, ``don_requirement`` N means
     the card needs N or more DON!! given to it, ``once_per_turn`` limits activations;
  3. ``costs`` are paid in order; with ``optional`` the controller may decline (costs and actions
     alike), and an effect whose costs cannot be paid does nothing;
  4. ``conditions`` must all hold, checked on resolution (card text puts them after the colon,
     so by the rules a cost may be paid for nothing; an engine or AI may check them first);
  5. ``actions`` resolve in order ("Then," is just the next action). A ``Target`` of "up to N" may
     pick fewer or none; ``count=None`` means every matching card ("All of your Characters").

A card is ``complete`` only when every fragment of its text compiled; otherwise the fragments not
understood are in ``unparsed`` and the engine should treat the card as vanilla (power, cost, counter)
plus whatever effects did compile, or refuse it, as it decides. New ``kind`` values may be added;
an interpreter should reject a kind it does not know rather than ignore it.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field

Timing = Literal[
    "on_play", "when_attacking", "activate_main", "main", "on_ko", "end_of_your_turn",
    "end_of_opponents_turn", "counter", "trigger", "on_block", "on_opponents_attack", "static",
]
Keyword = Literal["Rush", "Rush: Character", "Blocker", "Double Attack", "Banish", "Unblockable"]
Who = Literal[
    "self_card", "your_leader", "your_leader_or_character", "your_character",
    "opponent_leader", "opponent_character", "opponent_leader_or_character",
    "any_character",  # "up to 1 Character with a cost of 3 or less": either player's
    "your_leader_or_stage",
]
Player = Literal["you", "opponent"]
Duration = Literal[
    "this_turn", "this_battle", "continuous", "until_end_of_opponents_next_turn",
    "until_start_of_your_next_turn", "until_end_of_your_next_turn",
]
Compare = Literal["at_least", "at_most", "exactly"]


class _Node(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CardFilter(_Node):
    """What a card must match. Empty filter = any card. ``types`` match when the card has ANY of
    them, ``names`` when the card has any of those names; ``type_contains`` matches a substring of a type ("a type including 'Whitebeard Pirates'").
    ``base`` says the cost and power bounds are on the printed values ("a base cost of 4 or less")."""

    category: Literal["Leader", "Character", "Event", "Stage"] | None = None
    min_cost: int | None = None
    max_cost: int | None = None
    min_power: int | None = None
    max_power: int | None = None
    types: tuple[str, ...] = ()
    type_contains: str | None = None
    colour: str | None = None
    names: tuple[str, ...] = ()
    exclude_name: str | None = None     # "other than [Name]"
    state: Literal["rested", "active"] | None = None
    has_trigger: bool | None = None
    attribute: str | None = None        # "<Slash>"
    base: bool = False


class Target(_Node):
    """Which cards an action picks. ``count=None`` = all matching; ``up_to`` = may pick fewer."""

    who: Who
    count: int | None = 1
    up_to: bool = True
    filter: CardFilter = CardFilter()
    exclude_self: bool = False          # "other than this Character"


# ---------------------------------------------------------------------------------------- costs

class RestDon(_Node):
    kind: Literal["rest_don"] = "rest_don"
    n: int


class ReturnDon(_Node):
    """DON!! -N: return N DON!! from your field to your DON!! deck."""
    kind: Literal["return_don"] = "return_don"
    n: int


class TrashFromHandCost(_Node):
    kind: Literal["trash_from_hand"] = "trash_from_hand"
    n: int
    filter: CardFilter = CardFilter()


class RestSelf(_Node):
    kind: Literal["rest_self"] = "rest_self"


class TrashSelf(_Node):
    kind: Literal["trash_self"] = "trash_self"


class RestCards(_Node):
    """Rest N of your own cards (Characters, Stage...) matching the target."""
    kind: Literal["rest_cards"] = "rest_cards"
    target: Target


class TrashCards(_Node):
    """Trash N of your own Characters from the field as a cost."""
    kind: Literal["trash_cards"] = "trash_cards"
    target: Target


class ReturnCardsToHand(_Node):
    """Return N of your own Characters to hand as a cost."""
    kind: Literal["return_cards_to_hand"] = "return_cards_to_hand"
    target: Target


class ReturnSelf(_Node):
    """Return this card from the field to its owner's hand or the bottom of their deck."""
    kind: Literal["return_self"] = "return_self"
    to: Literal["hand", "deck_bottom"]


class LifeToHandCost(_Node):
    kind: Literal["life_to_hand"] = "life_to_hand"
    n: int = 1
    position: Literal["top", "top_or_bottom"] = "top"


class TrashLifeCost(_Node):
    kind: Literal["trash_life"] = "trash_life"
    n: int = 1
    position: Literal["top", "top_or_bottom"] = "top"


class TrashFromDeckCost(_Node):
    kind: Literal["trash_from_deck"] = "trash_from_deck"
    n: int


class PlaceFromTrash(_Node):
    """Place N matching cards from your trash at the bottom of your deck in any order."""
    kind: Literal["place_from_trash"] = "place_from_trash"
    n: int
    filter: CardFilter = CardFilter()


class RevealFromHand(_Node):
    """Reveal N matching cards from your hand (they stay in hand)."""
    kind: Literal["reveal_from_hand"] = "reveal_from_hand"
    n: int
    filter: CardFilter = CardFilter()


Cost = Annotated[
    Union[RestDon, ReturnDon, TrashFromHandCost, RestSelf, TrashSelf, RestCards, TrashCards,
          ReturnCardsToHand, ReturnSelf, LifeToHandCost, TrashLifeCost, TrashFromDeckCost, PlaceFromTrash,
          RevealFromHand],
    Field(discriminator="kind"),
]


# ----------------------------------------------------------------------------------- conditions

class LeaderHasType(_Node):
    """Your Leader has ANY of ``types`` ("the {A} or {B} type"); with ``contains`` a type of the
    Leader only has to contain the text ("your Leader's type includes "Baroque Works"")."""
    kind: Literal["leader_has_type"] = "leader_has_type"
    types: tuple[str, ...]
    contains: bool = False


class LeaderIsColour(_Node):
    kind: Literal["leader_is_colour"] = "leader_is_colour"
    colour: str


class LeaderMulticoloured(_Node):
    kind: Literal["leader_multicoloured"] = "leader_multicoloured"


class LeaderIsName(_Node):
    kind: Literal["leader_is_name"] = "leader_is_name"
    name: str


class CountCondition(_Node):
    """A zone holds N (at least / at most / exactly) matching cards: life, hand, trash, deck,
    DON!! on the field (``don``, ``rested_don``, ``active_don``), ``given_don`` (DON!! given to your
    cards, in total), Characters, or ``field`` (Leader, Characters and Stage, for "you have
    [Name]"). ``whose="both"`` sums both players ("there is a Character with...")."""
    kind: Literal["count"] = "count"
    zone: Literal["life", "hand", "trash", "deck", "don", "rested_don", "active_don", "given_don",
                  "characters", "field"]
    whose: Literal["you", "opponent", "both"] = "you"
    compare: Compare
    n: int
    filter: CardFilter = CardFilter()


class CompareWithOpponent(_Node):
    """Your count in a zone against your opponent's: "you have less Life cards than your
    opponent" is ``zone="life", compare="less"``."""
    kind: Literal["compare_with_opponent"] = "compare_with_opponent"
    zone: Literal["life", "don", "hand", "characters"]
    compare: Literal["less", "at_most", "more", "at_least"]


class SelfState(_Node):
    """"If this Character is rested", "If this Character was played on this turn"."""
    kind: Literal["self_state"] = "self_state"
    state: Literal["rested", "active", "played_this_turn"]


class SelfPower(_Node):
    """"If this Character has 7000 power or more": its current power."""
    kind: Literal["self_power"] = "self_power"
    compare: Compare
    n: int


class LeaderHasAttribute(_Node):
    kind: Literal["leader_has_attribute"] = "leader_has_attribute"
    attribute: str
    whose: Player = "you"


Condition = Annotated[
    Union[LeaderHasType, LeaderIsColour, LeaderMulticoloured, LeaderIsName, CountCondition,
          CompareWithOpponent, SelfState, SelfPower, LeaderHasAttribute],
    Field(discriminator="kind"),
]


# -------------------------------------------------------------------------------------- actions

class Draw(_Node):
    kind: Literal["draw"] = "draw"
    n: int
    up_to: bool = False


class KO(_Node):
    kind: Literal["ko"] = "ko"
    target: Target


class Power(_Node):
    kind: Literal["power"] = "power"
    target: Target
    amount: int
    duration: Duration


class CostChange(_Node):
    kind: Literal["cost_change"] = "cost_change"
    target: Target
    amount: int
    duration: Duration


class Rest(_Node):
    kind: Literal["rest"] = "rest"
    target: Target


class SetActive(_Node):
    kind: Literal["set_active"] = "set_active"
    target: Target


class ReturnToHand(_Node):
    """Return cards on the field to their owner's hand."""
    kind: Literal["return_to_hand"] = "return_to_hand"
    target: Target


class ReturnToDeck(_Node):
    """Place cards from the field at the top or bottom of their owner's deck."""
    kind: Literal["return_to_deck"] = "return_to_deck"
    target: Target
    position: Literal["top", "bottom"]


class TrashTarget(_Node):
    """Trash cards from the field (not a K.O.: no [On K.O.])."""
    kind: Literal["trash"] = "trash"
    target: Target


class AddDon(_Node):
    """Add up to N DON!! from your DON!! deck to your field."""
    kind: Literal["add_don"] = "add_don"
    n: int
    state: Literal["rested", "active"]


class SetDonActive(_Node):
    kind: Literal["set_don_active"] = "set_don_active"
    n: int


class GiveDon(_Node):
    """Give up to N of your DON!! (only rested ones when ``rested_only``) to the target."""
    kind: Literal["give_don"] = "give_don"
    target: Target
    n: int
    rested_only: bool = False


class LookTop(_Node):
    """Look at the top N of your deck, reveal up to ``take`` matching cards and add them to hand
    (``to="hand"``) or play them (``to="play"``, rested when ``rested``), then put the rest at
    ``rest_to`` in any order."""
    kind: Literal["look_top"] = "look_top"
    n: int
    filter: CardFilter = CardFilter()
    take: int
    to: Literal["hand", "play"] = "hand"
    rested: bool = False
    rest_to: Literal["bottom", "top", "top_or_bottom", "trash"] = "bottom"


class TrashFromHand(_Node):
    """You trash N cards from your hand (as an effect, not a cost)."""
    kind: Literal["trash_from_hand"] = "trash_from_hand"
    n: int
    up_to: bool = False


class HandToDeck(_Node):
    """A player places N cards from their hand at the bottom / top of their deck (their choice of
    cards; ``top_or_bottom``: their choice of end too)."""
    kind: Literal["hand_to_deck"] = "hand_to_deck"
    whose: Player = "you"
    n: int
    position: Literal["bottom", "top", "top_or_bottom"] = "bottom"


class PlayFrom(_Node):
    """Play up to ``count`` matching cards from a zone without paying their cost."""
    kind: Literal["play_from"] = "play_from"
    zone: Literal["hand", "trash", "hand_or_trash"]
    filter: CardFilter = CardFilter()
    count: int = 1
    rested: bool = False


class AddLife(_Node):
    """Add N cards (up to N with ``up_to``) to the top of your Life, from the top of your deck or
    from your hand."""
    kind: Literal["add_life"] = "add_life"
    n: int = 1
    up_to: bool = True
    source: Literal["deck_top", "hand"] = "deck_top"
    face_up: bool = False


class LifeToHand(_Node):
    """Add N cards from the top of a player's Life to that player's hand."""
    kind: Literal["life_to_hand"] = "life_to_hand"
    whose: Player = "you"
    n: int = 1
    position: Literal["top", "top_or_bottom"] = "top"


class OpponentDiscard(_Node):
    """Your opponent trashes N cards from their hand (they choose)."""
    kind: Literal["opponent_discard"] = "opponent_discard"
    n: int


class GainKeyword(_Node):
    kind: Literal["gain_keyword"] = "gain_keyword"
    target: Target
    keyword: Keyword
    duration: Duration


class SetBasePower(_Node):
    """"This Character's base power becomes 7000"."""
    kind: Literal["set_base_power"] = "set_base_power"
    target: Target
    value: int
    duration: Duration


class AddFromTrash(_Node):
    """Add up to ``count`` matching cards from your trash to your hand."""
    kind: Literal["add_from_trash"] = "add_from_trash"
    filter: CardFilter = CardFilter()
    count: int = 1


class TrashFromDeck(_Node):
    """Trash the top N cards of your deck."""
    kind: Literal["trash_from_deck"] = "trash_from_deck"
    n: int


class TrashLife(_Node):
    """Trash N cards (up to N with ``up_to``) from the top of a player's Life (no [Trigger])."""
    kind: Literal["trash_life"] = "trash_life"
    whose: Player
    n: int = 1
    up_to: bool = True


class RestOpponentDon(_Node):
    kind: Literal["rest_opponent_don"] = "rest_opponent_don"
    n: int


class OpponentReturnDon(_Node):
    """Your opponent returns N DON!! from their field to their DON!! deck."""
    kind: Literal["opponent_return_don"] = "opponent_return_don"
    n: int


class PlayThisCard(_Node):
    """Play the card whose effect this is (a [Trigger] from Life, or from hand/trash as stated)."""
    kind: Literal["play_this_card"] = "play_this_card"


class AddThisToHand(_Node):
    """Add the card whose effect this is to your hand (a [Trigger] card, a Stage...)."""
    kind: Literal["add_this_to_hand"] = "add_this_to_hand"


Status = Literal[
    "cannot_attack", "cannot_be_ko", "cannot_be_ko_in_battle", "cannot_be_ko_by_effects",
    "cannot_be_rested", "cannot_block", "no_refresh", "can_attack_active",
    "cannot_be_removed_by_opponent_effects", "cannot_be_ko_by_opponent_effects",
]


class GainStatus(_Node):
    """A rule change on cards: ``no_refresh`` = "will not become active in the next Refresh
    Phase", ``can_attack_active`` = "can also attack active Characters"."""
    kind: Literal["status"] = "status"
    target: Target
    status: Status
    duration: Duration


class If(_Node):
    """Mid-effect condition: "Then, if you have 2 or less Life cards, draw 1 card." """
    kind: Literal["if"] = "if"
    conditions: tuple["Condition", ...]
    actions: tuple["Action", ...]


class May(_Node):
    """Mid-effect choice: "Then, you may trash 1 card from your hand. If you do, draw 2 cards."
    The first action is the choice; the rest happen only if it was done."""
    kind: Literal["may"] = "may"
    actions: tuple["Action", ...]


class ChooseOne(_Node):
    """"Choose one:" followed by bullet options; each option is a sequence of actions."""
    kind: Literal["choose_one"] = "choose_one"
    chooser: Player = "you"
    options: tuple[tuple["Action", ...], ...]


Action = Annotated[
    Union[Draw, KO, Power, CostChange, Rest, SetActive, ReturnToHand, ReturnToDeck, TrashTarget,
          AddDon, SetDonActive, GiveDon, LookTop, TrashFromHand, HandToDeck, PlayFrom, AddLife, LifeToHand,
          OpponentDiscard, GainKeyword, SetBasePower, AddFromTrash, TrashFromDeck, TrashLife,
          RestOpponentDon, OpponentReturnDon, PlayThisCard, AddThisToHand, GainStatus, If, May,
          ChooseOne],
    Field(discriminator="kind"),
]


# ------------------------------------------------------------------------------ effect and card

class Effect(_Node):
    timing: Timing
    your_turn: bool = False
    opponents_turn: bool = False
    once_per_turn: bool = False
    don_requirement: int | None = None
    costs: tuple[Cost, ...] = ()
    conditions: tuple[Condition, ...] = ()
    actions: tuple[Action, ...] = ()
    optional: bool = False


class CompiledCard(_Node):
    card_id: str
    keywords: tuple[Keyword, ...] = ()  # unconditional keywords, sorted
    effects: tuple[Effect, ...] = ()
    trigger: Effect | None = None
    complete: bool
    unparsed: tuple[str, ...] = ()


for _recursive in (If, May, ChooseOne):
    _recursive.model_rebuild()
