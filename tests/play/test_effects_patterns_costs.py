"""Activation costs (8-3-1) of the wider card pool: "rest 1 of your cards", "give your active Leader
-5000 power", "return 1 of your active DON!! cards", "place 1 of your Characters at the bottom of
the owner's deck", "K.O. 1 of your ... Characters", "place 1 card from your hand at the top of your
deck". Costs are exact and all-or-nothing (8-3-1-3)."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, ids, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card

REST_ANY = card(
    "TST-RAN", cost=2, power=3000, effect="[Activate: Main] [Once Per Turn] You may rest 1 of your cards: Draw 1 card."
)
LEADER_COST = card(
    "TST-LCO",
    cost=2,
    power=3000,
    effect="[Activate: Main] [Once Per Turn] You may give your 1 active Leader \u22125000"
    " power during this turn: Draw 1 card.",
)
ACTIVE_DON = card(
    "TST-ADN",
    cost=2,
    power=3000,
    effect="[Activate: Main] [Once Per Turn] You may return 1 of your active DON!! cards to"
    " your DON!! deck: Draw 1 card.",
)
TO_BOTTOM = card(
    "TST-TBT",
    cost=2,
    power=3000,
    effect="[Activate: Main] [Once Per Turn] You may place 1 of your Characters other than this Character at the"
    " bottom of the owner's deck: Draw 2 cards.",
)
KO_OWN = card(
    "TST-KOO",
    cost=2,
    power=3000,
    effect="[Activate: Main] [Once Per Turn] You may K.O. 1 of your {Test Crew} type Characters: Draw 1 card.",
)
CREW_OKO = card("TST-COK", cost=1, power=1000, types=("Test Crew",), effect="[On K.O.] Draw 1 card.")
HAND_TOP = card(
    "TST-HTP",
    cost=2,
    power=3000,
    effect="[Activate: Main] [Once Per Turn] You may place 1 card from your hand at the top of your deck: This"
    " Character gains +2000 power during this turn.",
)
SYNTHETIC = [REST_ANY, LEADER_COST, ACTIVE_DON, TO_BOTTOM, KO_OWN, CREW_OKO, HAND_TOP]


def test_costs_compile():
    assert compile_card(REST_ANY).effects[0].costs == (m.RestAny(n=1),)
    assert compile_card(LEADER_COST).effects[0].costs == (m.LeaderPowerCost(amount=-5000),)
    assert compile_card(ACTIVE_DON).effects[0].costs == (m.ReturnActiveDon(n=1),)
    assert compile_card(HAND_TOP).effects[0].costs == (m.HandToDeckCost(n=1, position="top"),)


def test_rest_one_of_your_cards_offers_active_don_and_cards():
    s = position(SYNTHETIC, Side(chars=["TST-RAN"], don=1), Side())
    s, _ = play(s, "activate:100:0")
    assert set(ids(s)) >= {"choose:-1", "choose:1", "choose:100"}  # an active DON!!, the Leader, the Character
    s, _ = answer_seq(s, "choose:-1")
    assert s.players[0].don_rested == 1 and len(s.players[0].hand) == 1
    s = position(SYNTHETIC, Side(chars=["TST-RAN"]), Side())
    s, _ = play(s, "activate:100:0")
    s, _ = answer_seq(s, "choose:1")
    assert s.players[0].leader.rested and len(s.players[0].hand) == 1


def test_the_leader_power_cost_needs_an_active_leader():
    s = position(SYNTHETIC, Side(chars=["TST-LCO"]), Side())
    s, _ = play(s, "activate:100:0")
    assert [mod.amount for mod in s.players[0].leader.mods] == [-5000] and len(s.players[0].hand) == 1
    s = position(SYNTHETIC, Side(chars=["TST-LCO"], leader_state={"rested": True}), Side())
    assert "activate:100:0" not in ids(s)


def test_returning_an_active_don():
    s = position(SYNTHETIC, Side(chars=["TST-ADN"], rested_don=3), Side())
    assert "activate:100:0" not in ids(s)  # no active DON!!
    s = position(SYNTHETIC, Side(chars=["TST-ADN"], don=1, rested_don=2), Side())
    s, _ = play(s, "activate:100:0")
    assert (s.players[0].don_active, s.players[0].don_deck) == (0, 8)


def test_placing_a_character_at_the_bottom_of_the_deck():
    s = position(SYNTHETIC, Side(chars=["TST-TBT", "TST-V3K"]), Side())
    s, _ = play(s, "activate:100:0")
    assert [c.card for c in s.players[0].characters] == ["TST-TBT"]
    assert s.players[0].deck[-1].card == "TST-V3K" and len(s.players[0].hand) == 2


def test_ko_of_your_own_character_as_a_cost_is_a_ko():
    s = position(SYNTHETIC, Side(chars=["TST-KOO", "TST-COK"]), Side())
    s, ev = play(s, "activate:100:0")
    s, more = answer_all(s)
    assert "ko" in [e.kind for e in ev + more] and len(s.players[0].hand) == 2  # its [On K.O.] too


def test_a_hand_card_placed_on_top_of_the_deck():
    s = position(SYNTHETIC, Side(chars=["TST-HTP"], hand=["TST-V3K"]), Side())
    s, _ = play(s, "activate:100:0")
    assert s.players[0].deck[0].card == "TST-V3K" and s.players[0].characters[0].mods[0].amount == 2000


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_eb04_015_jinbe_rests_a_card_to_play_from_hand(real_cards):
    """EB04-015: "[On K.O.] You may rest 1 of your cards: If your Leader has the {Fish-Man} or
    {Merfolk} type, play up to 1 green Character card with a cost of 6 or less from your hand." """
    leader = card("TST-LFM", "Leader", cost=None, power=5000, life=4, types=("Fish-Man",), colors=("Green",))
    green = card("TST-GRN", cost=5, power=6000, colors=("Green",))
    s = position(
        [real_cards["EB04-015"], leader, green],
        Side(chars=[("TST-V5K", {"don": 4})]),
        Side(leader="TST-LFM", chars=[("EB04-015", {"rested": True})], hand=["TST-GRN"], don=1),
    )
    s, _ = play(s, "attack:100:500")
    s, _ = answer_seq(s, "yes", "choose:-1", "choose:501")
    assert [c.card for c in s.players[1].characters] == ["TST-GRN"] and s.players[1].don_rested == 1


@pytest.mark.real_data
def test_eb01_004_koza_weakens_its_leader_to_weaken_a_character(real_cards):
    """EB01-004: "[When Attacking] You may give your 1 active Leader -5000 power during this turn:
    Give up to 1 of your opponent's Characters -3000 power during this turn." """
    s = position([real_cards["EB01-004"]], Side(chars=["EB01-004"]), Side(chars=["TST-V5K"]))
    s, _ = play(s, "attack:100:2")
    s, _ = answer_seq(s, "yes", "choose:500")
    assert s.players[0].leader.mods[0].amount == -5000 and s.players[1].characters[0].mods[0].amount == -3000


@pytest.mark.real_data
def test_eb03_026_hancock_places_a_character_to_give_don(real_cards):
    """EB03-026: "[Activate: Main] [Once Per Turn] You may place 1 of your Characters at the bottom
    of the owner's deck: Give your Leader and 1 Character up to 1 rested DON!! card each." """
    s = position([real_cards["EB03-026"]], Side(chars=["EB03-026", "TST-V1K"], rested_don=2), Side())
    s, _ = play(s, "activate:100:1")
    s, _ = answer_seq(s, "choose:101")
    assert s.players[0].deck[-1].card == "TST-V1K"
    assert s.players[0].leader.don == 1 and s.players[0].characters[0].don == 1


@pytest.mark.real_data
def test_eb02_061_returns_two_active_don_to_stand_up_again(real_cards):
    """EB02-061: "[When Attacking] [Once Per Turn] You may return 2 of your active DON!! cards to
    your DON!! deck: Set this Character as active. Then, add 1 card from the top of your Life
    cards to your hand." """
    s = position([real_cards["EB02-061"]], Side(chars=["EB02-061"], don=2), Side())
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    assert not s.players[0].characters[0].rested and s.players[0].don_deck == 10
    assert len(s.players[0].life) == 3 and len(s.players[0].hand) == 1
