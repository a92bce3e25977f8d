""" "Give up to 1 rested DON!! card to its owner's Leader or 1 of their Characters" (OP15): a rested
DON!! card of either player's cost area goes to a card of that same player (6-5-5-1 by an effect).
The player picks whose DON!! first, then the card: the outcomes of picking the DON!! card first."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_seq, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card


def _nezumi(real_cards, *answers: str):
    """OP15-010 activated with one rested DON!! of player 0 and two of player 1."""
    s = position(
        [real_cards["OP15-010"]], Side(chars=["OP15-010"], rested_don=1), Side(chars=["TST-V3K"], rested_don=2)
    )
    s, _ = play(s, "activate:100:0")
    s, _ = answer_seq(s, *answers)
    return s


@pytest.mark.real_data
def test_op15_010_nezumi_compiles_to_either_players_don(real_cards):
    """OP15-010: "[Activate: Main] [Once Per Turn] Give up to 1 rested DON!! card to its owner's Leader
    or 1 of their Characters." """
    (eff,) = compile_card(real_cards["OP15-010"]).effects
    (choice,) = eff.actions
    assert choice == m.ChooseOne(
        options=(
            (m.GiveDon(target=m.Target(who="your_leader_or_character"), n=1, rested_only=True),),
            (m.GiveOpponentDon(target=m.Target(who="opponent_leader_or_character"), n=1),),
        )
    )


@pytest.mark.real_data
def test_op15_010_an_opponents_rested_don_goes_to_their_leader(real_cards):
    s = _nezumi(real_cards, "option:1", "choose:2", "option:0")
    opp = s.players[1]
    assert opp.leader.don == 1 and opp.don_rested == 1 and s.players[0].don_rested == 1


@pytest.mark.real_data
def test_op15_010_your_rested_don_goes_to_your_character(real_cards):
    s = _nezumi(real_cards, "option:0", "choose:100", "option:0")
    me = s.players[0]
    assert me.characters[0].don == 1 and me.don_rested == 0 and s.players[1].don_rested == 2
