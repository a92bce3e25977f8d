"""Leaf action nodes: what an effect does. Each has a ``kind``; the blocks that nest actions
(``if``, ``may``, ``choose_one``) and the ``Action`` union are in ``model``."""

from __future__ import annotations

from typing import Literal

from generator.play.effects.model_base import CardFilter, Duration, Keyword, Node, Player, Target

PlayZone = Literal["hand", "trash", "hand_or_trash", "deck"]


class Draw(Node):
    """A player draws N ("your opponent draws 5 cards": ``whose``); ``n=None`` draws as many as
    the cards an earlier step moved ("draw cards equal to the number you returned to your deck")."""

    kind: Literal["draw"] = "draw"
    n: int | None
    up_to: bool = False
    whose: Player = "you"


class KO(Node):
    kind: Literal["ko"] = "ko"
    target: Target


class PerCount(Node):
    """ "for every 2 Events in your trash": the amount is counted this many times (a permanent
    effect's number follows the game, 8-1-3-3)."""

    zone: Literal["trash", "hand", "rested_don"]
    step: int = 1
    filter: CardFilter = CardFilter()


class Power(Node):
    kind: Literal["power"] = "power"
    target: Target
    amount: int
    duration: Duration
    per: PerCount | None = None  # "+1000 power for every 3 of your rested DON!! cards" (permanent effects)


class CostChange(Node):
    kind: Literal["cost_change"] = "cost_change"
    target: Target
    amount: int
    duration: Duration
    per: PerCount | None = None


class Rest(Node):
    kind: Literal["rest"] = "rest"
    target: Target


class SetActive(Node):
    kind: Literal["set_active"] = "set_active"
    target: Target


class ReturnToHand(Node):
    """Return cards on the field to their owner's hand."""

    kind: Literal["return_to_hand"] = "return_to_hand"
    target: Target


class ReturnToDeck(Node):
    """Place cards from the field at the top or bottom of their owner's deck."""

    kind: Literal["return_to_deck"] = "return_to_deck"
    target: Target
    position: Literal["top", "bottom"]


class TrashTarget(Node):
    """Trash cards from the field (not a K.O.: no [On K.O.])."""

    kind: Literal["trash"] = "trash"
    target: Target


class AddDon(Node):
    """Add up to N DON!! from your DON!! deck to your field."""

    kind: Literal["add_don"] = "add_don"
    n: int
    state: Literal["rested", "active"]


class SetDonActive(Node):
    kind: Literal["set_don_active"] = "set_don_active"
    n: int


class GiveDon(Node):
    """Give up to N of your DON!! (only rested ones when ``rested_only``) to the target."""

    kind: Literal["give_don"] = "give_don"
    target: Target
    n: int
    rested_only: bool = False


class LookTop(Node):
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


class TrashFromHand(Node):
    """You trash N cards from your hand (as an effect, not a cost)."""

    kind: Literal["trash_from_hand"] = "trash_from_hand"
    n: int
    up_to: bool = False


class HandToDeck(Node):
    """A player places N cards from their hand at the bottom / top of their deck (their choice of
    cards; ``top_or_bottom``: their choice of end too)."""

    kind: Literal["hand_to_deck"] = "hand_to_deck"
    whose: Player = "you"
    n: int
    position: Literal["bottom", "top", "top_or_bottom"] = "bottom"


class PlayFrom(Node):
    """Play up to ``count`` matching cards from a zone without paying their cost."""

    kind: Literal["play_from"] = "play_from"
    zone: PlayZone
    filter: CardFilter = CardFilter()
    count: int = 1
    rested: bool = False


class AddLife(Node):
    """Add N cards (up to N with ``up_to``) to the top of your Life, from the top of your deck or
    from your hand."""

    kind: Literal["add_life"] = "add_life"
    n: int = 1
    up_to: bool = True
    source: Literal["deck_top", "hand"] = "deck_top"
    face_up: bool = False


class LifeToHand(Node):
    """Add N cards from the top of a player's Life to that player's hand."""

    kind: Literal["life_to_hand"] = "life_to_hand"
    whose: Player = "you"
    n: int = 1
    position: Literal["top", "top_or_bottom"] = "top"


class OpponentDiscard(Node):
    """Your opponent trashes N cards from their hand (they choose)."""

    kind: Literal["opponent_discard"] = "opponent_discard"
    n: int


class GainKeyword(Node):
    kind: Literal["gain_keyword"] = "gain_keyword"
    target: Target
    keyword: Keyword
    duration: Duration


class SetBasePower(Node):
    """ "This Character's base power becomes 7000"."""

    kind: Literal["set_base_power"] = "set_base_power"
    target: Target
    value: int
    duration: Duration


class CopyPower(Node):
    """ "This Character's base power becomes the same as your opponent's Leader('s power)", "...
    the same as the selected Character's power": the base power becomes that card's power as it
    is when the effect resolves (``copy_of``: the opponent's Leader, or the card an earlier step
    picked), for the stated duration. No card has this as a permanent effect."""

    kind: Literal["copy_power"] = "copy_power"
    target: Target
    copy_of: Literal["opponent_leader", "memo"]
    duration: Duration


class AddFromTrash(Node):
    """Add up to ``count`` matching cards from your trash to your hand."""

    kind: Literal["add_from_trash"] = "add_from_trash"
    filter: CardFilter = CardFilter()
    count: int = 1


class TrashFromDeck(Node):
    """Trash the top N cards of your deck."""

    kind: Literal["trash_from_deck"] = "trash_from_deck"
    n: int


class TrashLife(Node):
    """Trash N cards (up to N with ``up_to``) from the top of a player's Life (no [Trigger])."""

    kind: Literal["trash_life"] = "trash_life"
    whose: Player
    n: int = 1
    up_to: bool = True


class RestOpponentDon(Node):
    kind: Literal["rest_opponent_don"] = "rest_opponent_don"
    n: int


class OpponentReturnDon(Node):
    """Your opponent returns N DON!! from their field to their DON!! deck."""

    kind: Literal["opponent_return_don"] = "opponent_return_don"
    n: int


class PlayThisCard(Node):
    """Play the card whose effect this is (a [Trigger] from Life, or from hand/trash as stated)."""

    kind: Literal["play_this_card"] = "play_this_card"


class AddThisToHand(Node):
    """Add the card whose effect this is to your hand (a [Trigger] card, a Stage...)."""

    kind: Literal["add_this_to_hand"] = "add_this_to_hand"


Status = Literal[
    "cannot_attack",
    "cannot_be_ko",
    "cannot_be_ko_in_battle",
    "cannot_be_ko_by_effects",
    "cannot_be_rested",
    "cannot_block",
    "no_refresh",
    "can_attack_active",
    "cannot_be_removed_by_opponent_effects",
    "cannot_be_ko_by_opponent_effects",
    "negated",  # "Negate the effect of ...": the card's own effects are invalid (8-2-1-1)
    # "you cannot add Life cards to your hand using your own effects": a rule on the player, kept on
    # their Leader (the one card that stays on the field all game) for its duration
    "no_life_to_hand",
    "no_effect_draw",  # "you cannot draw cards using your own effects"
    "no_don_active_by_characters",  # "you cannot set DON!! cards as active using Character effects"
    "no_leader_attacks",  # "you cannot attack a Leader during this turn" (a rule on the player)
    "no_leader_attack_when_played",  # "This Character cannot attack a Leader on the turn in which it is played"
]


class GainStatus(Node):
    """A rule change on cards: ``no_refresh`` = "will not become active in the next Refresh
    Phase", ``can_attack_active`` = "can also attack active Characters"."""

    kind: Literal["status"] = "status"
    target: Target
    status: Status
    duration: Duration
