"""Leaf action nodes of the hidden and ordered zones: whole hands and Life, the deck's top, the
revealed card (11-2), selection, what the opponent does by your effect, and the permanent effects
read where they apply (``hand_cost``, ``played_rested``). The ``Action`` union is in ``model``."""

from __future__ import annotations

from typing import Literal

from generator.play.effects.model_base import CardFilter, Node, Player, Target


class HandIntoDeck(Node):
    """ "Return all cards in your hand to your deck and shuffle your deck" (``whose`` returns them);
    the cards returned are what a following "draw cards equal to the number you returned" counts."""

    kind: Literal["hand_into_deck"] = "hand_into_deck"
    whose: Player = "you"


class TrashToDeck(Node):
    """ "Place up to 1 card from your opponent's trash at the bottom of the owner's deck": you pick."""

    kind: Literal["trash_to_deck"] = "trash_to_deck"
    whose: Player = "opponent"
    count: int = 1


class DrawUntil(Node):
    """ "Draw cards so that you have N cards in your hand": none when you have N or more."""

    kind: Literal["draw_until"] = "draw_until"
    hand: int


class TrashHandUntil(Node):
    """ "Trash cards from your hand until you have N cards in your hand" (``left=0``: "trash all
    cards from your hand"); with ``both``, you and then your opponent, each picking their own."""

    kind: Literal["trash_hand_until"] = "trash_hand_until"
    left: int
    both: bool = False


class TrashLifeUntil(Node):
    """ "Trash cards from the top of your Life cards until you have N Life card(s)"."""

    kind: Literal["trash_life_until"] = "trash_life_until"
    left: int


class LookOpponentTop(Node):
    """ "Look at 1 card from the top of your opponent's deck": only you learn it (11-3); it stays."""

    kind: Literal["look_opponent_top"] = "look_opponent_top"
    n: int = 1


class RevealTop(Node):
    """Reveal the top N cards of your deck or Life (11-2); they stay there and are "the revealed
    card" ("that card") for the rest of the effect."""

    kind: Literal["reveal_top"] = "reveal_top"
    n: int = 1
    source: Literal["deck", "life"] = "deck"


class TakeRevealed(Node):
    """Play (without paying the cost) or add to hand up to ``count`` revealed cards matching
    ``filter``; "you may play that card" is a ``may`` around it."""

    kind: Literal["take_revealed"] = "take_revealed"
    filter: CardFilter = CardFilter()
    count: int = 1
    up_to: bool = True  # "play up to 1 ..."; "play that card" takes it
    to: Literal["play", "hand"] = "play"
    rested: bool = False


class PlaceRevealed(Node):
    """Put the revealed card(s) still in the deck at its top or bottom ("place the revealed card
    at the bottom of your deck", "place the rest at the top or bottom of your deck")."""

    kind: Literal["place_revealed"] = "place_revealed"
    position: Literal["bottom", "top", "top_or_bottom"] = "bottom"


class Shuffle(Node):
    """Shuffle your deck (3-2-4)."""

    kind: Literal["shuffle"] = "shuffle"


class FieldToLife(Node):
    """ "Add up to 1 of your opponent's Characters ... to the top or bottom of the owner's Life
    cards face-up": Characters leave the field for their owner's Life area."""

    kind: Literal["field_to_life"] = "field_to_life"
    target: Target
    position: Literal["top", "top_or_bottom"] = "top"
    face_up: bool = False


class CardsToLife(Node):
    """ "Add up to N {X} type Character cards from your hand [or trash] to the top of your Life
    cards face-up"."""

    kind: Literal["cards_to_life"] = "cards_to_life"
    zone: Literal["hand", "trash", "hand_or_trash"] = "hand"
    filter: CardFilter = CardFilter()
    count: int = 1
    face_up: bool = False


class TurnAllLife(Node):
    """ "Turn all of your Life cards face-down" (or face-up)."""

    kind: Literal["turn_all_life"] = "turn_all_life"
    face_up: bool = False


class LifeScry(Node):
    """ "Look at up to 1 card from the top of your or your opponent's Life cards, and place it at
    the top or bottom of the Life cards"."""

    kind: Literal["life_scry"] = "life_scry"


class OrderLife(Node):
    """ "Look at all of your [opponent's] Life cards and place them back in any order"."""

    kind: Literal["order_life"] = "order_life"
    whose: Player = "you"


class PlayThisFromTrash(Node):
    """ "Play this Character card from your trash [rested]" ([On K.O.] and the like)."""

    kind: Literal["play_this_from_trash"] = "play_this_from_trash"
    rested: bool = False


class Select(Node):
    """ "Select up to 1 of your opponent's Characters": picks the cards later sentences call
    "the selected Character" (``Target.who == "memo"``)."""

    kind: Literal["select"] = "select"
    target: Target


class PlayedRested(Node):
    """ "Your Character cards are played rested": a permanent effect read where Characters enter
    the field (``effect_primitives.enter_field``), by any way of playing them."""

    kind: Literal["played_rested"] = "played_rested"


class HandCost(Node):
    """ "give this card in your hand -1 cost": a permanent effect valid while the card is in
    its owner's hand (text saying where it applies, 2-8-2), lowering the cost paid to play it."""

    kind: Literal["hand_cost"] = "hand_cost"
    amount: int


class OpponentMoves(Node):
    """ "Your opponent places 3 cards from their trash at the bottom of their deck", "Your
    opponent returns 1 of their Characters to the owner's hand": the opponent picks which."""

    kind: Literal["opponent_moves"] = "opponent_moves"
    source: Literal["trash", "characters"]
    n: int
    to: Literal["deck_bottom", "hand"]
    filter: CardFilter = CardFilter()


class TrashOpponentHand(Node):
    """ "Trash 1 card from your opponent's hand": the effect's controller chooses the cards from the
    opponent's hand face down, and the opponent may rearrange their hand first (official Q&A on
    OP03-078 and ST10-010)."""

    kind: Literal["trash_opponent_hand"] = "trash_opponent_hand"
    n: int


class RestOpponentCards(Node):
    """ "Rest up to N of your opponent's cards": their active Leader, Characters, Stage or
    cost-area DON!! cards (``characters`` narrows which Characters, ``don`` whether DON!! may be
    picked, ``others`` whether the Leader and Stage may)."""

    kind: Literal["rest_opponent_cards"] = "rest_opponent_cards"
    n: int
    characters: CardFilter = CardFilter()
    don: bool = True
    others: bool = True


class LifeToDeckTop(Node):
    """ "Look at all your Life cards; place 1 card at the top of your deck": the player picks
    which of their Life cards (3-10-3: looking does not change them)."""

    kind: Literal["life_to_deck_top"] = "life_to_deck_top"
    n: int = 1


class GiveOpponentDon(Node):
    """ "Give up to N of your opponent's rested DON!! cards to 1 of your opponent's Characters"
    (``rested_only``), "give up to N DON!! cards from your opponent's cost area to ..."."""

    kind: Literal["give_opponent_don"] = "give_opponent_don"
    target: Target
    n: int
    rested_only: bool = True
