"""A rule an effect puts on its player: "Then, you cannot play Character cards [with a base cost of 5
or more] during this turn". It stops every play of such a card, from hand by paying the cost and
by an effect alike (3-7-3: both are playing), for this turn only; Events and Stages are not
Character cards."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_seq, card, ids, play, play_first, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.protocol.narration import Narrator

PLAY_FROM_HAND = card(
    "TST-PFH",
    "Event",
    cost=0,
    power=None,
    effect="[Main] Play up to 1 Character card with a cost of 5 or less from your hand.",
)
DRAW_EVENT = card("TST-DEV", "Event", cost=0, power=None, effect="[Main] Draw 1 card.")


def _plays(state) -> set[str]:
    """The cards the active player may play from hand now."""
    hand = {c.iid: c.card for c in state.players[state.active].hand}
    return {hand[int(a.split(":")[1])] for a in ids(state) if a.startswith("play:")}


@pytest.mark.real_data
def test_op14_024_kinemon_sets_don_then_bars_character_plays(real_cards):
    """OP14-024: "[On Play] Set up to 3 of your DON!! cards as active. Then, you cannot play Character
    cards during this turn." """
    (on_play, _) = compile_card(real_cards["OP14-024"]).effects
    assert on_play.actions[1] == m.PlayBan(duration="this_turn")
    hand = ["OP14-024", "TST-V1K", "TST-DEV", "TST-STG"]
    s = position([real_cards["OP14-024"], DRAW_EVENT], Side(hand=hand, don=4), Side())
    s, _ = play_first(s)
    assert s.players[0].don_active == 3  # 4 rested to play it, 3 set active again
    assert _plays(s) == {"TST-DEV", "TST-STG"}


@pytest.mark.real_data
def test_the_play_ban_ends_with_the_turn(real_cards):
    s = position([real_cards["OP14-024"]], Side(hand=["OP14-024", "TST-V1K"], don=4), Side())
    s, _ = play_first(s)
    s, _ = play(s, "end", "end")
    assert s.active == 0 and "TST-V1K" in _plays(s)


@pytest.mark.real_data
def test_op13_023_uta_bars_base_cost_5_or_more_from_hand_and_by_effects(real_cards):
    """OP13-023: "[On Play] Set up to 2 of your DON!! cards as active. Then, you cannot play Character
    cards with a base cost of 5 or more during this turn." A cost-5 Character can be played neither
    by paying its cost nor by an effect; a cost-3 one still can."""
    s = position(
        [real_cards["OP13-023"], PLAY_FROM_HAND],
        Side(hand=["OP13-023", "TST-V5K", "TST-V3K", "TST-PFH"], don=9),
        Side(),
    )
    s, _ = play_first(s)
    assert _plays(s) == {"TST-V3K", "TST-PFH"}
    s, _ = play(s, f"play:{s.players[0].hand[2].iid}")  # the Event: only the cost-3 Character is offered
    assert [a for a in ids(s) if a.startswith("choose:") and a != "choose:done"] == ["choose:102"]
    s, _ = answer_seq(s, "choose:102")
    assert [c.card for c in s.players[0].characters] == ["OP13-023", "TST-V3K"]


@pytest.mark.real_data
def test_op17_085_dorry_plays_brogy_first_then_no_more_characters(real_cards):
    """OP17-085: "[On Play] If your Leader has the {Elbaph} type, play up to 1 [Brogy] with a cost of
    5 or less from your hand or trash. Then, you cannot play Character cards during this turn." The
    opening "If" keeps the ban under it (official Q&A on OP06-116)."""
    (_, on_play) = compile_card(real_cards["OP17-085"]).effects
    (guarded,) = on_play.actions
    assert isinstance(guarded, m.If) and guarded.actions[-1] == m.PlayBan(duration="this_turn")


@pytest.mark.real_data
def test_the_ban_is_narrated_to_both_players(real_cards):
    s = position([real_cards["OP13-023"]], Side(hand=["OP13-023"], don=4), Side())
    s, events = play_first(s)
    ban = next(e for e in events if e.kind == "play_ban").model_dump(mode="json")
    mine, theirs = Narrator(s.cards, reader=0), Narrator(s.cards, reader=1)
    assert mine.sentence(ban, {}) == (
        "For the rest of this turn, you may not play Character cards with a base cost of 5 or more."
    )
    assert theirs.sentence(ban, {}).startswith("For the rest of this turn, the AI may not play")
