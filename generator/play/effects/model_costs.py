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
    | RevealFromHand,
    Field(discriminator="kind"),
]
