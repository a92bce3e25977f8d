""" "Trash N cards from your opponent's hand": the effect's controller picks the cards face down,
after the opponent may rearrange their hand (official Q&A on OP03-078 and ST10-010: "The player who
activated this effect chooses 2 cards from their opponent's hand face-down"; "can my opponent
rearrange the order of the cards in their hand? Yes"). The engine shuffles that hand with the
game's RNG for its owner and asks the controller for positions, so the question tells them nothing
about the cards (3-4-3)."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_seq, card, ids, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.api import view

CHEAP = card("TST-CHP", cost=0, power=1000)


def _negative_hollow(real_cards, opponent_hand: list[str]):
    """OP06-097 played by player 0: the position at its first question."""
    s = position([real_cards["OP06-097"], CHEAP], Side(hand=["OP06-097"], don=2), Side(hand=opponent_hand))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    return s


@pytest.mark.real_data
def test_op06_097_negative_hollow_compiles_for_main_and_trigger(real_cards):
    """OP06-097: "[Main] Trash 1 card from your opponent's hand." and "[Trigger] Activate this card's
    [Main] effect." """
    comp = compile_card(real_cards["OP06-097"])
    assert comp.complete and comp.effects[0].actions == (m.TrashOpponentHand(n=1),)
    assert comp.trigger is not None and comp.trigger.actions == comp.effects[0].actions


@pytest.mark.real_data
def test_the_controller_picks_a_position_and_that_card_is_trashed(real_cards):
    s = _negative_hollow(real_cards, ["TST-V1K", "TST-V3K", "TST-V5K"])
    assert s.prompt is not None and s.prompt.player == 0
    assert [a for a in ids(s) if a.startswith("option:")] == ["option:0", "option:1", "option:2"]
    shown = [c.iid for c in s.players[1].hand]
    s, events = answer_seq(s, "option:1")
    assert [c.iid for c in s.players[1].trash] == [shown[1]] and len(s.players[1].hand) == 2
    assert [e.kind for e in events if e.player == 1] == ["discard"]  # the opponent's card, trashed by an effect


@pytest.mark.real_data
def test_the_question_is_the_same_whatever_the_opponent_holds(real_cards):
    """Two positions that differ only in the opponent's hand: the controller sees the same view and
    is asked the same question."""
    a = _negative_hollow(real_cards, ["TST-V1K", "TST-V3K", "TST-V5K"])
    b = _negative_hollow(real_cards, ["TST-V5K", "TST-CHP", "TST-V1K"])
    assert view(a, 0) == view(b, 0) and a.prompt == b.prompt
    assert view(a, 1) != view(b, 1)


@pytest.mark.real_data
def test_the_hand_is_rearranged_before_the_choice(real_cards):
    """The position asked about is not the order the cards came in: with the seeded RNG the
    opponent's ten cards are in another order when the question is asked."""
    hand = [f"TST-V{n}K" for n in (1, 3, 5)] * 3 + ["TST-CHP"]
    s = _negative_hollow(real_cards, hand)
    assert [c.iid for c in s.players[1].hand] != list(range(500, 510))
    assert sorted(c.iid for c in s.players[1].hand) == list(range(500, 510))


@pytest.mark.real_data
def test_op03_078_issho_trashes_two_when_the_opponent_holds_six(real_cards):
    """OP03-078: "[On Play] If your opponent has 6 or more cards in their hand, trash 2 cards from your
    opponent's hand." Two questions, one card each; with 5 cards nothing happens."""
    for held, trashed in ((6, 2), (5, 0)):
        s = position([real_cards["OP03-078"]], Side(hand=["OP03-078"], don=8), Side(hand=["TST-V1K"] * held))
        s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
        s, _ = answer_seq(s, "option:0", "option:0")
        assert len(s.players[1].trash) == trashed and len(s.players[1].hand) == held - trashed


@pytest.mark.real_data
def test_a_one_card_hand_is_trashed_without_a_question(real_cards):
    s = _negative_hollow(real_cards, ["TST-V3K"])
    assert s.prompt is None and [c.card for c in s.players[1].trash] == ["TST-V3K"]
