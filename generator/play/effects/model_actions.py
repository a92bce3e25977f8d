"""Leaf action nodes: what an effect does. Each has a ``kind``; the blocks that nest actions
(``if``, ``may``, ``choose_one``) and the ``Action`` union are in ``model``."""

from __future__ import annotations

from typing import Literal

from generator.play.effects.model_base import CardFilter, Duration, Keyword, Node, Player, Target

PlayZone = Literal["hand", "trash", "hand_or_trash", "deck"]


class Draw(Node):
    kind: Literal["draw"] = "draw"
    n: int
    up_to: bool = False


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
]


class GainStatus(Node):
    """A rule change on cards: ``no_refresh`` = "will not become active in the next Refresh
    Phase", ``can_attack_active`` = "can also attack active Characters"."""

    kind: Literal["status"] = "status"
    target: Target
    status: Status
    duration: Duration


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
