"""What the engine can run of a compiled card, so that an effect it cannot run is never half-run.

The effect model grows faster than any interpreter: new ``kind`` values, new targets, durations,
statuses. A card whose tree holds anything outside the vocabulary below is marked incomplete at
set-up (its ``unparsed`` says why), which makes it a vanilla card for this engine (see
``stats.effect_live``) instead of a card that silently does the wrong thing.
"""

from __future__ import annotations

from typing import Any

from generator.play.effects.model import CompiledCard
from generator.play.engine.activation_costs import KINDS as COST_KINDS
from generator.play.engine.interpret import ACTIONS, BLOCKS

CONDITION_KINDS = frozenset(
    {
        "leader_has_type",
        "leader_is_colour",
        "leader_multicoloured",
        "leader_is_name",
        "leader_has_attribute",
        "count",
        "compare_with_opponent",
        "self_state",
        "self_power",
        "revealed_is",  # read by the interpreter from Frame.memo
        "chosen_cost",  # read by the interpreter from Frame.memo and Frame.number
        "only_characters",
        "leader_power",
        "leader_state",
        "own_turn_count",
        "any_of",
    }
)
# Deck-construction rules (``DeckRule.kind``) are applied by the deck validator and do nothing
# during a game (5-1-2-4-2), so the engine knows them all.
DECK_RULE_KINDS = frozenset(
    {"any_number_of_copies", "leader_max_cost", "leader_max_event_cost", "leader_required_type"}
)
# Permanent effects read where they apply, not run by the interpreter: "give this card in your hand
# -N cost" (``hand_costs.play_cost``), "your Character cards are played rested"
# (``effect_primitives.enter_field``), "cannot be K.O.'d in battle by <Slash> attribute cards"
# (``battle``'s Damage step), "your opponent cannot attack any card other than the Character [X]"
# (``battle.attack_targets``).
READ_KINDS = frozenset({"hand_cost", "played_rested", "battle_ko_shield", "attack_lock"})
KNOWN_KINDS = frozenset(ACTIONS) | frozenset(BLOCKS) | COST_KINDS | CONDITION_KINDS | DECK_RULE_KINDS | READ_KINDS
KNOWN_VALUES: dict[str, frozenset[str]] = {
    k: frozenset(v)
    for k, v in {
        "timing": (
            "on_play",
            "when_attacking",
            "activate_main",
            "main",
            "on_ko",
            "end_of_your_turn",
            "end_of_opponents_turn",
            "counter",
            "trigger",
            "on_block",
            "on_opponents_attack",
            "static",
            "replacement",
            "when",
            "start_of_your_turn",
            "start_of_game",
            "rules",
        ),
        # Replacement.event and When.event share the key: the engine runs these (``replacement``,
        # ``reactions``).
        "event": (
            "ko",
            "battle_ko",
            "removed",
            "ko_or_removed",
            "rested",
            "don_returned",
            "returned_to_hand",
            "event_activated",
            "blocker_activated",
            "event_or_blocker",
            "event_or_trigger",
            "trigger_activated",
            "played",
            "hand_trashed",
            "life_removed",
            "life_to_hand",
            "life_zero",
            "attack_damage",
            "damage_dealt",
            "damage_taken",
            "attacks",
            "attacks_or_attacked",
            "drew_outside_draw_phase",
            "given_don",
        ),
        "cause": ("any", "battle", "effect", "your_effect", "opponent_effect", "opponent_character_effect"),
        "who": (
            "self_card",
            "your_leader",
            "your_leader_or_character",
            "your_character",
            "opponent_leader",
            "opponent_character",
            "opponent_leader_or_character",
            "any_character",
            "your_leader_or_stage",
            "memo",
            "your_stage",
            "opponent_stage",
        ),
        "duration": (
            "this_turn",
            "this_battle",
            "continuous",
            "until_end_of_opponents_next_turn",
            "until_start_of_your_next_turn",
            "until_end_of_your_next_turn",
        ),
        "status": (
            "cannot_attack",
            "cannot_be_ko",
            "cannot_be_ko_in_battle",
            "cannot_be_ko_by_effects",
            "cannot_be_ko_by_opponent_effects",
            "cannot_be_rested",
            "cannot_block",
            "no_refresh",
            "can_attack_active",
            "cannot_be_removed_by_opponent_effects",
            "negated",
            "no_life_to_hand",
            "no_effect_draw",
            "no_don_active_by_characters",
            "no_leader_attacks",
            "no_leader_attack_when_played",
        ),
        "zone": (
            "life",
            "hand",
            "trash",
            "deck",
            "don",
            "rested_don",
            "active_don",
            "given_don",
            "characters",
            "field",
            "hand_or_trash",
            "rested_cards",
            "face_up_life",
        ),
        "position": ("top", "bottom", "top_or_bottom"),
        "to": ("hand", "play", "deck_bottom"),
        "rest_to": ("bottom", "top", "top_or_bottom", "trash"),
        "source": ("deck_top", "hand", "deck", "life", "trash", "characters"),
        "whose": ("you", "opponent", "both", "any"),
        "compare": ("at_least", "at_most", "exactly", "less", "more"),
        "state": ("rested", "active", "played_this_turn"),
        "keyword": ("Rush", "Rush: Character", "Blocker", "Double Attack", "Banish", "Unblockable"),
        "chooser": ("you", "opponent"),
    }.items()
}


def unknown_parts(node: Any) -> set[str]:
    """Kinds and enumerated values in a dumped tree that the engine does not know."""
    found: set[str] = set()
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "kind" and value not in KNOWN_KINDS:
                found.add(f"kind {value}")
            elif key in KNOWN_VALUES and isinstance(value, str) and value not in KNOWN_VALUES[key]:
                found.add(f"{key} {value}")
            found |= unknown_parts(value)
    elif isinstance(node, (list, tuple)):
        for value in node:
            found |= unknown_parts(value)
    return found


def supported(comp: CompiledCard) -> CompiledCard:
    """The compiled card, marked incomplete when its tree uses what the engine cannot run."""
    if not comp.complete:
        return comp
    unknown = sorted(unknown_parts(comp.model_dump(include={"effects", "trigger"})))
    if not unknown:
        return comp
    return comp.model_copy(
        update={"complete": False, "unparsed": comp.unparsed + tuple(f"engine: unsupported {u}" for u in unknown)}
    )
