"""Power set by an effect: "Set the power of up to 1 of your opponent's Characters to 0 during this
turn" (4-12: minus the power it has then) and "Swap the base power of the selected Characters with
each other" (a "base power becomes" effect on each, 4-9-2-1)."""

from __future__ import annotations

import pytest
from effect_positions import Side, play, play_first, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.state import Mod
from generator.play.engine.stats import power

# ------------------------------------------------------------------------------ power set to 0


@pytest.mark.real_data
def test_op07_002_ain_sets_power_to_0_for_this_turn(real_cards):
    """OP07-002: "[On Play] Set the power of up to 1 of your opponent's Characters to 0 during this
    turn." 4-12-1: minus its power now; the Q&A on OP07-002: a +1000 given later counts (1000)."""
    s = position([real_cards["OP07-002"]], Side(hand=["OP07-002"], don=7), Side(chars=["TST-V5K"]))
    s, _ = play_first(s, "choose:500")
    target = s.players[1].characters[0]
    assert power(s, 1, target) == 0
    later = target.model_copy(update={"mods": (*target.mods, Mod(stat="power", amount=1000, until_turn=3))})
    assert power(s, 1, later) == 1000
    s, _ = play(s, "end")
    assert power(s, 1, s.players[1].characters[0]) == 5000


@pytest.mark.real_data
def test_set_power_to_0_leaves_a_negative_power_as_it_is(real_cards):
    """4-12-2: a Character already below 0 is not changed."""
    weak = ("TST-V5K", {"mods": (Mod(stat="power", amount=-6000, until_turn=3),)})
    s = position([real_cards["OP07-002"]], Side(hand=["OP07-002"], don=7), Side(chars=[weak]))
    s, _ = play_first(s, "choose:500")
    assert power(s, 1, s.players[1].characters[0]) == -1000


# ------------------------------------------------------------------------------ swap base power


@pytest.mark.real_data
def test_op14_017_chambres_swaps_two_base_powers_for_this_turn(real_cards):
    """OP14-017: "[Main] Select 2 of your opponent's Characters with 9000 base power or less. Swap the
    base power of the selected Characters with each other during this turn." (a "base power
    becomes" effect on each, 4-9-2-1; power given to them still adds)."""
    (eff,) = compile_card(real_cards["OP14-017"]).effects
    assert eff.actions[1] == m.SwapBasePower(duration="this_turn")
    given = ("TST-V1K", {"mods": (Mod(stat="power", amount=500, until_turn=3),)})
    s = position([real_cards["OP14-017"]], Side(hand=["OP14-017"], don=3), Side(chars=[given, "TST-V5K", "TST-V3K"]))
    s, _ = play_first(s, "choose:500", "choose:501")
    assert [power(s, 1, c) for c in s.players[1].characters] == [5500, 1000, 3000]
    s, _ = play(s, "end")
    assert [power(s, 1, c) for c in s.players[1].characters] == [1000, 5000, 3000]
