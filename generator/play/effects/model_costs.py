"""Cost nodes: what an effect's controller pays before the colon (8-3). Each has a ``kind``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.play.effects.model_base import CardFilter, Node, Target


class RestDon(Node):
    kind: Literal["rest_don"] = "rest_don"
    n: int


class ReturnDon(Node):
    """DON!! -N: return N DON!! from your field to your DON!! deck."""

    kind: Literal["return_don"] = "return_don"
    n: int
    or_more: bool = False  # "return 1 or more DON!! cards": N at least, as many more as the player likes


class TrashFromHandCost(Node):
    kind: Literal["trash_from_hand"] = "trash_from_hand"
    n: int
    filter: CardFilter = CardFilter()


class RestSelf(Node):
    kind: Literal["rest_self"] = "rest_self"


class TrashSelf(Node):
    kind: Literal["trash_self"] = "trash_self"


class RestCards(Node):
    """Rest N of your own cards (Characters, Stage...) matching the target."""

    kind: Literal["rest_cards"] = "rest_cards"
    target: Target


class TrashCards(Node):
    """Trash N of your own Characters from the field as a cost."""

    kind: Literal["trash_cards"] = "trash_cards"
    target: Target


class ReturnCardsToHand(Node):
    """Return N of your own Characters to hand as a cost."""

    kind: Literal["return_cards_to_hand"] = "return_cards_to_hand"
    target: Target


class ReturnSelf(Node):
    """Return this card from the field to its owner's hand or the bottom of their deck."""

    kind: Literal["return_self"] = "return_self"
    to: Literal["hand", "deck_bottom"]


class LifeToHandCost(Node):
    kind: Literal["life_to_hand"] = "life_to_hand"
    n: int = 1
    position: Literal["top", "top_or_bottom"] = "top"


class TrashLifeCost(Node):
    kind: Literal["trash_life"] = "trash_life"
    n: int = 1
    position: Literal["top", "top_or_bottom"] = "top"


class TrashFromDeckCost(Node):
    kind: Literal["trash_from_deck"] = "trash_from_deck"
    n: int


class PlaceFromTrash(Node):
    """Place N matching cards from your trash at the bottom of your deck in any order."""

    kind: Literal["place_from_trash"] = "place_from_trash"
    n: int
    filter: CardFilter = CardFilter()


class RevealFromHand(Node):
    """Reveal N matching cards from your hand (they stay in hand)."""

    kind: Literal["reveal_from_hand"] = "reveal_from_hand"
    n: int
    filter: CardFilter = CardFilter()


class RestAny(Node):
    """ "rest N of your cards": any of your active Leader, Characters, Stage or cost-area DON!!."""

    kind: Literal["rest_any"] = "rest_any"
    n: int


class TurnLife(Node):
    """ "turn N cards from the top [or bottom] of your Life cards face-up" (or face-down)."""

    kind: Literal["turn_life"] = "turn_life"
    n: int = 1
    face_up: bool = True
    position: Literal["top", "top_or_bottom"] = "top"


class LeaderPowerCost(Node):
    """ "give your active Leader -5000 power during this turn": the Leader must be active."""

    kind: Literal["leader_power"] = "leader_power"
    amount: int


class ReturnActiveDon(Node):
    """ "return N of your active DON!! cards to your DON!! deck" (cost-area active DON!! only)."""

    kind: Literal["return_active_don"] = "return_active_don"
    n: int


class PlaceCardsAtBottom(Node):
    """Place N of your own Characters or Stage matching the target at the bottom of the owner's
    deck as a cost."""

    kind: Literal["place_cards_at_bottom"] = "place_cards_at_bottom"
    target: Target


class KOCards(Node):
    """K.O. N of your own Characters as a cost (their [On K.O.] effects activate: a K.O. by
    an effect, 10-2-1)."""

    kind: Literal["ko_cards"] = "ko_cards"
    target: Target


class HandToDeckCost(Node):
    """Place N cards from your hand at the bottom (or top) of your deck as a cost."""

    kind: Literal["hand_to_deck"] = "hand_to_deck"
    n: int
    position: Literal["bottom", "top"] = "bottom"


class GiveOpponentDonCost(Node):
    """ "You may give 1 of your opponent's rested DON!! cards to 1 of your opponent's Characters"."""

    kind: Literal["give_opponent_don"] = "give_opponent_don"
    n: int = 1


class GiveDonCost(Node):
    """ "You may give 1 active DON!! card to 1 of your [Silvers Rayleigh]": N active DON!! of the
    cost area go to one card of yours the target names (6-5-5-1, paid as a cost)."""

    kind: Literal["give_active_don"] = "give_active_don"
    n: int = 1
    target: Target


Cost = Annotated[
    RestDon
    | ReturnDon
    | TrashFromHandCost
    | RestSelf
    | TrashSelf
    | RestCards
    | TrashCards
    | ReturnCardsToHand
    | ReturnSelf
    | LifeToHandCost
    | TrashLifeCost
    | TrashFromDeckCost
    | PlaceFromTrash
    | RevealFromHand
    | RestAny
    | TurnLife
    | LeaderPowerCost
    | ReturnActiveDon
    | PlaceCardsAtBottom
    | KOCards
    | HandToDeckCost
    | GiveOpponentDonCost
    | GiveDonCost,
    Field(discriminator="kind"),
]
