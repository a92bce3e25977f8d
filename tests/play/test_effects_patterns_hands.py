"""Whole hands and what the opponent does by your effect: "Return all cards in your hand to your
deck and shuffle your deck. Then, draw cards equal to the number you returned", "draw cards so that
you have N", "trash cards from your hand until you have N" (and "trash all cards from your hand"),
"your opponent adds 1 card from the top of their Life cards to their hand", "your opponent draws
N", "they place N cards from their hand at the bottom of their deck", a card from the opponent's
trash to the bottom of their deck, "this Character or up to 1 of your DON!! cards", giving DON!!
"each", "rest N of your active DON!! cards" as a replacement's cost, and a timing marker run on
after a full stop."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, play, play_first, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.effects.lexer import segment
from generator.play.engine.stats import keywords

RESHUFFLE = card(
    "TST-RSH",
    effect="[On Play] Return all cards in your hand to your deck and shuffle your deck. Then, draw cards equal to"
    " the number you returned to your deck.",
)
OPP_RESHUFFLE = card(
    "TST-ORS",
    effect="[On Play] Your opponent returns all cards in their hand to their deck and shuffles their deck. Then,"
    " your opponent draws 2 cards.",
)
DRAW_UNTIL = card("TST-DRU", effect="[On Play] Draw cards so that you have 3 cards in your hand.")
TRASH_UNTIL = card(
    "TST-TRU",
    effect="[On Play] You and your opponent trash cards from your hands until you each have 1 cards in your hands.",
)
OPP_LIFE = card("TST-OLF", effect="[On Play] Your opponent adds 1 card from the top of their Life cards to their hand.")
OPP_TRASH = card(
    "TST-OTR", effect="[On Play] Place up to 1 card from your opponent's trash at the bottom of the owner's deck."
)
SELF_OR_DON = card("TST-SOD", effect="[Activate: Main] Set this Character or up to 1 of your DON!! cards as active.")
GIVE_EACH = card("TST-GEA", effect="[On Play] Give up to 1 rested DON!! card to each of your {Crew} type Characters.")
REST_INSTEAD = card(
    "TST-RIN",
    effect="If this Character would be K.O.'d by your opponent's effect, you may rest 2 of your active DON!! cards"
    " instead.",
)
KO_IT = card("TST-KOI", "Event", cost=0, power=None, effect="[Main] K.O. up to 1 of your opponent's Characters.")
CREW = card("TST-CRW", cost=2, power=2000, types=("Crew",))
SYNTHETIC = [
    RESHUFFLE,
    OPP_RESHUFFLE,
    DRAW_UNTIL,
    TRASH_UNTIL,
    OPP_LIFE,
    OPP_TRASH,
    SELF_OR_DON,
    GIVE_EACH,
    REST_INSTEAD,
    KO_IT,
    CREW,
]


def test_the_hand_goes_into_the_deck_and_as_many_are_drawn():
    s = position(SYNTHETIC, Side(hand=["TST-RSH", "TST-V3K", "TST-V5K"], don=1, deck=["TST-V1K"] * 10), Side())
    s, _ = play_first(s)
    ps = s.players[0]
    assert len(ps.hand) == 2 and len(ps.deck) == 10  # 2 returned, 2 drawn


def test_the_opponent_reshuffles_and_draws():
    s = position(SYNTHETIC, Side(hand=["TST-ORS"], don=1), Side(hand=["TST-V3K"] * 4, deck=["TST-V1K"] * 6))
    s, _ = play_first(s)
    assert len(s.players[1].hand) == 2 and len(s.players[1].deck) == 8 and len(s.players[0].hand) == 0


@pytest.mark.parametrize(("hand", "after"), [(1, 3), (5, 5)])
def test_draw_so_that_you_have_three(hand, after):
    s = position(SYNTHETIC, Side(hand=["TST-DRU"] + ["TST-V1K"] * hand, don=1), Side())
    s, _ = play_first(s)
    assert len(s.players[0].hand) == after  # a hand of 5 after playing draws nothing


def test_both_players_trash_down_each_picking_their_own():
    s = position(SYNTHETIC, Side(hand=["TST-TRU", "TST-V3K", "TST-V5K"], don=1), Side(hand=["TST-V1K", "TST-V3K"]))
    s, _ = play_first(s, "choose:101", "choose:501")
    assert [c.card for c in s.players[0].hand] == ["TST-V5K"] and [c.card for c in s.players[1].hand] == ["TST-V1K"]
    assert len(s.players[1].trash) == 1


def test_the_opponent_adds_their_top_life_card_to_hand():
    s = position(SYNTHETIC, Side(hand=["TST-OLF"], don=1), Side(life=["TST-V5K", "TST-V1K"]))
    s, _ = play_first(s)
    assert [c.card for c in s.players[1].hand] == ["TST-V5K"] and len(s.players[1].life) == 1


def test_a_card_of_the_opponents_trash_goes_under_their_deck():
    s = position(SYNTHETIC, Side(hand=["TST-OTR"], don=1), Side(trash=["TST-V3K", "TST-V5K"]))
    s, _ = play_first(s, "choose:501")
    assert [c.card for c in s.players[1].trash] == ["TST-V3K"] and s.players[1].deck[-1].card == "TST-V5K"


def test_this_character_or_a_don_set_active():
    for option, rested, don_rested in (("option:0", False, 2), ("option:1", True, 1)):
        s = position(SYNTHETIC, Side(chars=[("TST-SOD", {"rested": True})], rested_don=2), Side())
        s, _ = play(s, "activate:100:0", option)
        s, _ = answer_all(s)
        assert s.players[0].characters[0].rested == rested and s.players[0].don_rested == don_rested


def test_a_rested_don_to_each_matching_character():
    mine = Side(hand=["TST-GEA"], chars=["TST-CRW", "TST-CRW", "TST-V1K"], don=1, rested_don=2)
    s = position(SYNTHETIC, mine, Side())
    s, _ = play_first(s)
    assert [c.don for c in s.players[0].characters[:3]] == [1, 1, 0]


def test_resting_two_active_don_replaces_the_ko():
    (eff,) = compile_card(REST_INSTEAD).effects
    assert eff.timing == "replacement" and eff.costs == (m.RestDon(n=2),)
    s = position(SYNTHETIC, Side(chars=["TST-V1K"], hand=["TST-KOI"]), Side(chars=["TST-RIN"], don=2))
    s, _ = play_first(s, "choose:500")
    s, _ = answer_all(s)
    assert [c.card for c in s.players[1].characters] == ["TST-RIN"] and s.players[1].don_rested == 2


def test_a_marker_run_on_after_a_full_stop_opens_an_effect():
    segs = segment("[On Play] Draw 1 card.[On Your Opponent's Attack] Draw 1 card.")
    assert [s.timings for s in segs] == [("on_play",), ("on_opponents_attack",)]


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op04_048_sasaki_redraws_the_hand(real_cards):
    """OP04-048: "[On Play] Return all cards in your hand to your deck and shuffle your deck. Then, draw
    cards equal to the number you returned to your deck." """
    s = position([real_cards["OP04-048"]], Side(hand=["OP04-048"] + ["TST-V5K"] * 3, don=3), Side())
    s, _ = play_first(s)
    assert len(s.players[0].hand) == 3 and len(s.players[0].deck) == 20


@pytest.mark.real_data
def test_op06_047_pudding_redraws_the_opponents_hand(real_cards):
    """OP06-047: "[On Play] Your opponent returns all cards in their hand to their deck and shuffles
    their deck. Then, your opponent draws 5 cards." """
    s = position([real_cards["OP06-047"]], Side(hand=["OP06-047"], don=4), Side(hand=["TST-V5K"] * 2))
    s, _ = play_first(s)
    assert len(s.players[1].hand) == 5 and len(s.players[1].deck) == 17


@pytest.mark.real_data
def test_op02_069_death_wink_draws_up_to_two(real_cards):
    """OP02-069: "[Counter] Up to 1 of your Leader or Character cards gains +6000 power during this
    battle. Then, draw cards so that you have 2 cards in your hand." """
    (eff,) = compile_card(real_cards["OP02-069"]).effects
    assert eff.actions[-1] == m.DrawUntil(hand=2)
    s = position([real_cards["OP02-069"]], Side(chars=["TST-V5K"]), Side(hand=["OP02-069"], don=3))
    s, _ = play(s, "attack:100:2", "counter_event:500")
    s, _ = answer_all(s)
    assert len(s.players[1].hand) == 2


@pytest.mark.real_data
def test_op14_048_shiryu_trashes_the_whole_hand(real_cards):
    """OP14-048: "[On Play] Return up to 1 of your opponent's Characters to the owner's hand. Then, trash
    all cards from your hand." """
    s = position([real_cards["OP14-048"]], Side(hand=["OP14-048", "TST-V1K", "TST-V3K"], don=8), Side())
    s, _ = play_first(s)
    assert s.players[0].hand == () and len(s.players[0].trash) == 2


@pytest.mark.real_data
def test_op13_108_bonney_gives_the_opponent_a_life_card(real_cards):
    """OP13-108: "[On Play] If your Leader has the {Egghead} type, this Character gains [Rush] during this
    turn. Then, your opponent adds 1 card from the top of their Life cards to their hand." """
    egghead = card("TST-LEG", "Leader", cost=None, power=5000, life=5, types=("Egghead",))
    s = position([real_cards["OP13-108"], egghead], Side(leader="TST-LEG", hand=["OP13-108"], don=9), Side())
    s, _ = play_first(s)
    assert len(s.players[1].life) == 3 and len(s.players[1].hand) == 1
    assert "Rush" in keywords(s, 0, s.players[0].characters[0])
    # not an {Egghead} Leader: the "Then," sentence is under the opening "If" too, so nothing
    # happens (as the official Q&A rules for OP06-116, OP12-118 and EB02-010)
    s = position([real_cards["OP13-108"]], Side(hand=["OP13-108"], don=9), Side())
    s, _ = play_first(s)
    assert len(s.players[1].life) == 4 and not s.players[1].hand


@pytest.mark.real_data
def test_op15_091_margarita_places_an_opponents_trash_card(real_cards):
    """OP15-091: "[On Play] Place up to 1 card from your opponent's trash at the bottom of the owner's
    deck." """
    s = position([real_cards["OP15-091"]], Side(hand=["OP15-091"], don=1), Side(trash=["TST-V5K"]))
    s, _ = play_first(s, "choose:500")
    assert s.players[1].trash == () and s.players[1].deck[-1].card == "TST-V5K"


@pytest.mark.real_data
def test_op13_035_bepo_sets_itself_or_a_don_active(real_cards):
    """OP13-035: "[End of Your Turn] Set this Character or up to 1 of your DON!! cards as active." """
    (eff,) = compile_card(real_cards["OP13-035"]).effects
    assert eff.timing == "end_of_your_turn" and [o[0].kind for o in eff.actions[0].options] == [
        "set_active",
        "set_don_active",
    ]


@pytest.mark.real_data
def test_op08_001_chopper_gives_each_up_to_one(real_cards):
    """OP08-001 (Leader): "[Activate: Main] [Once Per Turn] Give up to 3 of your {Animal} or {Drum
    Kingdom} type Characters up to 1 rested DON!! card each." """
    animal = card("TST-ANM", cost=2, power=3000, types=("Animal",))
    s = position([real_cards["OP08-001"], animal], Side(leader="OP08-001", chars=["TST-ANM"] * 2, rested_don=3), Side())
    s, _ = play(s, "activate:1:0")
    s, _ = answer_seq(s, "choose:100", "choose:101")
    s, _ = answer_all(s, ("option:0", "choose:done"))
    assert [c.don for c in s.players[0].characters] == [1, 1] and s.players[0].don_rested == 1


@pytest.mark.real_data
def test_eb01_002_izo_has_two_effects(real_cards):
    """EB01-002 prints "... 1 of your Characters.[On Your Opponent's Attack] [Once Per Turn] ..." on one
    line: two effects."""
    comp = compile_card(real_cards["EB01-002"])
    assert comp.complete and [e.timing for e in comp.effects] == ["on_play", "on_opponents_attack"]
