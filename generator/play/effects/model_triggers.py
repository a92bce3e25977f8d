"""What sets off the effects that have no bracket timing: replacement effects (8-1-3-4), auto effects
whose activation event is written out ("When ...", 8-1-3-1-1, 8-3-1-8) and deck-construction rules
printed on cards (5-1-2-4). Each hangs off ``Effect`` (``replaces``, ``when``, ``deck_rule``)."""

from __future__ import annotations

from typing import Literal

from generator.play.effects.model_base import CardFilter, Node, Target

# Who or what did it: a battle, any effect, or an effect of a given side (relative to the
# effect's controller); "opponent_character_effect" is an effect of one of the opponent's
# Characters ("by your opponent's Character's effect").
Cause = Literal["any", "battle", "effect", "your_effect", "opponent_effect", "opponent_character_effect"]


ReplacedEvent = Literal["ko", "removed", "ko_or_removed", "rested"]


class Replacement(Node):
    """ "If <subject> would be <event> [<cause>], you may <costs/actions> instead."

    ``event``: ``ko`` (K.O.'d, in battle or by an effect, 10-2-1), ``removed`` (leaves the field in
    any way, 4-11: K.O., returned, placed, trashed), ``ko_or_removed`` (K.O.'d by anything or
    removed by ``cause``), ``rested``. ``subject`` names the cards protected: ``self_card`` or
    ``your_character`` with a filter (``count=None``). The effect's ``costs`` and ``actions`` are
    what happens instead; when they cannot be done the replacement does not apply (8-1-3-4-5)."""

    event: ReplacedEvent
    cause: Cause = "any"
    subject: Target


WhenEvent = Literal[
    "don_returned",  # DON!! cards of the controller's field returned to the DON!! deck (n = how many)
    "ko",  # a Character K.O.'d (subject: whose)
    "battle_ko",  # the subject attacks and K.O.s the opponent's Character in that battle (7-1-4-1-2)
    "removed",  # a Character leaves the field (subject: whose)
    "returned_to_hand",  # a Character returned to its owner's hand
    "rested",  # the subject becomes rested
    "event_activated",  # a player activates an Event card (8-5-4)
    "blocker_activated",  # a player activates [Blocker]
    "event_or_blocker",  # either of the two above
    "event_or_trigger",  # an Event or a [Trigger]
    "trigger_activated",  # a [Trigger] activates
    "played",  # a Character is played
    "hand_trashed",  # cards trashed from the controller's hand by an effect
    "life_removed",  # a card leaves a Life area (whose)
    "life_to_hand",  # a card is added to the controller's hand from their Life
    "life_zero",  # the controller's Life becomes 0
    "attack_damage",  # the subject's attack deals damage to the opponent's Life
    "damage_dealt",  # the controller deals damage to the opponent's Life
    "damage_taken",  # the controller's Leader takes damage
    "attacks",  # the subject attacks (a player: whose)
    "attacks_or_attacked",  # the subject attacks or is attacked
    "drew_outside_draw_phase",  # the controller draws by an effect
    "given_don",  # the subject is given a DON!! card
]


class When(Node):
    """The activation event of an auto effect written as "When ..." (8-3-1-8).

    ``whose`` is whose card or action sets it off, relative to the effect's controller; a
    ``subject`` narrows it to cards (``self_card``, or a side's Leader/Characters matching a
    filter: matched where the card is when the event happens, before it left the field for a
    K.O.). ``cause`` filters by what did it; ``n`` is "2 or more" (DON!! returned at once)."""

    event: WhenEvent
    whose: Literal["you", "opponent", "any"] = "you"
    subject: Target | None = None
    cause: Cause = "any"
    n: int = 1


class DeckRule(Node):
    """A deck-construction rule printed on a card (5-1-2-4): valid during deck construction only
    (5-1-2-4-2), so the deck validator applies it (``content/play/deck_rules.yaml`` holds the same
    rule per card) and the match engine has nothing to do. ``any_number_of_copies`` lifts the
    4-copy limit (5-1-2-3); ``max_cost`` / ``max_event_cost`` forbid cards (or Events) costing
    more than ``value``; ``only_type`` allows only cards of ``type``."""

    kind: Literal["any_number_of_copies", "leader_max_cost", "leader_max_event_cost", "leader_required_type"]
    value: int | None = None
    type: str | None = None


__all__ = ["CardFilter", "Cause", "DeckRule", "ReplacedEvent", "Replacement", "When", "WhenEvent"]
