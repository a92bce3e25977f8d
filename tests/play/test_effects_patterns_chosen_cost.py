""" "Choose a cost and reveal 1 card from the top of your opponent's deck. If the revealed card has
the chosen cost, ...": the controller names the cost (asked, never guessed by the engine), the top
card is revealed to both players (11-2) and stays on top of the deck, and only the sentence under
the "If" depends on it; a "Then," sentence after it happens either way."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_seq, ids, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.api import redact

OPPONENT = Side(chars=["TST-V5K"], deck=["TST-V3K"] + ["TST-V1K"] * 10)


def _cognac(real_cards, cost: int):
    """OP11-081 from hand: the cost named, then the opponent's Character picked if asked."""
    s = position([real_cards["OP11-081"]], Side(hand=["OP11-081"], don=6), OPPONENT)
    s, events = play(s, f"play:{s.players[0].hand[0].iid}")
    assert ids(s)[:3] == ["option:0", "option:1", "option:2"]  # costs 0 to 10, asked
    s, more = answer_seq(s, f"option:{cost}", "choose:500")
    return s, events + more


@pytest.mark.real_data
def test_op11_081_cognac_mama_mash_compiles(real_cards):
    """OP11-081: "[Main] Choose a cost and reveal 1 card from the top of your opponent's deck. If the
    revealed card has the chosen cost, K.O. up to 1 of your opponent's Characters with a base cost
    of 8 or less." """
    (eff,) = compile_card(real_cards["OP11-081"]).effects
    reveal, guarded = eff.actions
    assert reveal == m.ChooseCostReveal()
    assert isinstance(guarded, m.If) and guarded.conditions == (m.ChosenCost(),)


@pytest.mark.real_data
def test_op11_081_the_right_cost_k_os(real_cards):
    s, events = _cognac(real_cards, 3)
    assert s.players[1].characters == ()
    assert [c.card for c in s.players[1].deck[:1]] == ["TST-V3K"]  # it stays on top (11-2-2)
    seen_by_opponent = [e for e in redact(events, 1) if e["kind"] == "reveal"]
    assert [e["data"]["card"] for e in seen_by_opponent] == ["TST-V3K"]  # revealed: both players see it


@pytest.mark.real_data
def test_op11_081_a_wrong_cost_does_nothing(real_cards):
    s, _ = _cognac(real_cards, 2)
    assert [c.card for c in s.players[1].characters] == ["TST-V5K"]


@pytest.mark.real_data
@pytest.mark.parametrize(("cost", "knocked_out"), [(3, True), (4, False)])
def test_op11_066_oven_adds_a_don_either_way(real_cards, cost, knocked_out):
    """OP11-066: "[Activate: Main] You may rest this Character: Choose a cost and reveal ... If the
    revealed card has the chosen cost, K.O. up to 1 of your opponent's Characters with a base cost of
    3 or less. Then, add up to 1 DON!! card from your DON!! deck and rest it." The "If" guards its
    own sentence only."""
    s = position([real_cards["OP11-066"]], Side(chars=["OP11-066"]), Side(chars=["TST-V3K"], deck=["TST-V3K"] * 5))
    s, _ = play(s, "activate:100:0")
    s, _ = answer_seq(s, f"option:{cost}", *(["choose:500"] if knocked_out else []))
    assert (s.players[1].characters == ()) == knocked_out
    assert s.players[0].don_rested == 1
