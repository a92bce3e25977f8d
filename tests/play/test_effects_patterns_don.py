"""Costs and actions the engine learned for the uncovered real texts: "DON!! -1 or more" (return as
many as you like, at least one), "give 1 active DON!! card to 1 of your [X]" and "place 1 Stage with a
cost of 1 at the bottom of the owner's deck" as costs, "base power becomes the same as ..." (the power
the copied card has when the effect resolves), looking at the top of the opponent's deck, trashing
Life "until you have N", and "you cannot add Life cards to your hand using your own effects"."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, ids, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.stats import power, target_pool

MORE_DON = card(
    "TST-MDN",
    effect="[On Play] You may return 1 or more DON!! cards from your field to your DON!! deck: Draw 1 card.",
)
GIVE_COST = card(
    "TST-GVC",
    "Event",
    cost=0,
    power=None,
    effect="[Main] You may give 1 active DON!! card to 1 of your [Nami]: Draw 1 card.",
)
NAMI = card("TST-NMI", cost=2, power=3000, name="Nami")
NAMI_LEADER = card("TST-NML", "Leader", cost=None, power=5000, life=5, name="Nami")
OR_NAMI = card(
    "TST-ORN",
    "Event",
    cost=0,
    power=None,
    effect="[Main] Up to 1 of your Characters or [Nami] gains +2000 power during this turn.",
)
STAGE_COST = card(
    "TST-STC",
    effect="[Activate: Main] You may place 1 Stage with a cost of 1 at the bottom of the owner's deck: Draw 1 card.",
)
COPY_LEADER = card(
    "TST-CPL",
    power=1000,
    effect="[When Attacking] This Character's base power becomes the same as your opponent's Leader during this turn.",
)
COPY_SELECTED = card(
    "TST-CPS",
    power=1000,
    effect="[When Attacking] Select up to 1 of your opponent's Characters. This Character's base power becomes the"
    " same as the selected Character's power during this turn.",
)
BIG_LEADER = card("TST-LBG", "Leader", cost=None, power=7000, life=5)
PEEK = card("TST-PEK", effect="[On Play] Look at 1 card from the top of your opponent's deck.")
UNTIL = card("TST-UNT", effect="[On Play] Trash cards from the top of your Life cards until you have 1 Life card.")
NO_LIFE = card(
    "TST-NLF", effect="[On Play] You cannot add Life cards to your hand using your own effects during this turn."
)
LIFE_DRAW = card("TST-LDR", effect="[On Play] Add 1 card from the top of your Life cards to your hand.")
LIFE_COST = card(
    "TST-LCS",
    effect="[Activate: Main] You may add 1 card from the top of your Life cards to your hand: Draw 1 card.",
)
SYNTHETIC = [
    MORE_DON,
    GIVE_COST,
    NAMI,
    NAMI_LEADER,
    OR_NAMI,
    STAGE_COST,
    COPY_LEADER,
    COPY_SELECTED,
    BIG_LEADER,
    PEEK,
    UNTIL,
    NO_LIFE,
    LIFE_DRAW,
    LIFE_COST,
]


def _return_don(s, how_many: int):
    """Answer the DON!! -1-or-more questions: return ``how_many``, then stop."""
    start = s.players[0].don_deck
    while s.prompt is not None and "goes back to the DON!! deck" in s.prompt.label:
        enough = s.players[0].don_deck - start >= how_many
        s, _ = play(s, f"option:{s.prompt.labels.index('return no more') if enough else 0}")
    return s


def test_return_1_or_more_don_returns_as_many_as_the_player_says():
    (eff,) = compile_card(MORE_DON).effects
    assert eff.costs == (m.ReturnDon(n=1, or_more=True),)
    for wanted in (1, 3):
        s = position(SYNTHETIC, Side(hand=["TST-MDN"], don=5), Side())
        s, _ = play(s, f"play:{s.players[0].hand[0].iid}", "yes")
        s = _return_don(s, wanted)
        ps = s.players[0]
        assert ps.don_deck == 5 + wanted and ps.don_active + ps.don_rested == 5 - wanted and len(ps.hand) == 1


def test_return_1_or_more_stops_at_one_by_default():
    s = position(SYNTHETIC, Side(hand=["TST-MDN"], don=5), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s)
    assert s.players[0].don_deck == 6


def test_giving_an_active_don_to_the_named_card_is_a_cost():
    s = position(SYNTHETIC, Side(hand=["TST-GVC"], chars=["TST-NMI"], don=2), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s)
    assert s.players[0].characters[0].don == 1 and s.players[0].don_active == 1 and len(s.players[0].hand) == 1
    s = position(SYNTHETIC, Side(hand=["TST-GVC"], chars=["TST-V1K"], don=2), Side())  # no [Nami]: no cost
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s)
    assert s.players[0].characters[0].don == 0 and s.players[0].hand == ()


def test_characters_or_a_name_said_alone_includes_a_leader_of_that_name():
    for leader, pool in (("TST-NML", [1, 100]), ("TST-L01", [100])):
        s = position(SYNTHETIC, Side(leader=leader, chars=["TST-V1K"]), Side())
        (eff,) = compile_card(OR_NAMI).effects
        src = s.players[0].characters[0]
        assert sorted(c.iid for _, c in target_pool(s, 0, src, eff.actions[0].target)) == pool


def test_a_stage_placed_at_the_bottom_pays_the_cost():
    s = position(SYNTHETIC, Side(chars=["TST-STC"], stage="TST-STG"), Side())
    s, _ = play(s, "activate:100:0")
    s, _ = answer_all(s)
    assert s.players[0].stage is None and s.players[0].deck[-1].card == "TST-STG" and len(s.players[0].hand) == 1
    s = position(SYNTHETIC, Side(chars=["TST-STC"]), Side())
    assert "activate:100:0" not in ids(s)  # no Stage: the cost cannot be paid


def test_base_power_copies_the_opponents_leader_as_it_is_then():
    s = position(SYNTHETIC, Side(chars=["TST-CPL"]), Side(leader="TST-LBG"))
    s, _ = play(s, "attack:100:2")
    assert power(s, 0, s.players[0].characters[0]) == 7000


def test_base_power_copies_the_selected_character_and_nothing_without_one():
    s = position(SYNTHETIC, Side(chars=["TST-CPS"]), Side(chars=["TST-V5K"]))
    s, _ = play(s, "attack:100:2")
    s, _ = answer_seq(s, "choose:500")
    assert power(s, 0, s.players[0].characters[0]) == 5000
    s = position(SYNTHETIC, Side(chars=["TST-CPS"]), Side(chars=["TST-V5K"]))
    s, _ = play(s, "attack:100:2")
    s, _ = answer_seq(s, "choose:done")
    assert power(s, 0, s.players[0].characters[0]) == 1000


def test_looking_at_the_opponents_top_card_shows_it_to_you_only():
    s = position(SYNTHETIC, Side(hand=["TST-PEK"], don=1), Side(deck=["TST-V5K"] + ["TST-V1K"] * 5))
    s, ev = play(s, f"play:{s.players[0].hand[0].iid}")
    (seen,) = [e for e in ev if e.kind == "look_opponent_top"]
    assert seen.player == 0 and seen.data["cards"] == ["TST-V5K"] and "cards" in seen.private
    assert s.players[1].deck[0].card == "TST-V5K"


@pytest.mark.parametrize(("life", "left"), [(4, 1), (1, 1), (0, 0)])
def test_trash_life_until_one_is_left(life, left):
    s = position(SYNTHETIC, Side(hand=["TST-UNT"], don=1, life=["TST-V1K"] * life), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert len(s.players[0].life) == left and len(s.players[0].trash) == life - left


def test_no_life_to_hand_by_your_own_effects_this_turn():
    s = position(SYNTHETIC, Side(hand=["TST-NLF", "TST-LDR"], chars=["TST-LCS"], don=2), Side())
    assert "activate:100:0" in ids(s)
    s, _ = play(s, "play:101")
    assert "activate:100:0" not in ids(s)  # the Life card is the cost: it cannot be paid now
    s, _ = play(s, "play:102")
    assert len(s.players[0].life) == 4 and s.players[0].hand == ()


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op09_076_zoro_returns_two_and_adds_one_active(real_cards):
    """OP09-076: "[On Play] You may return 1 or more DON!! cards from your field to your DON!! deck: Add
    up to 1 DON!! card from your DON!! deck and set it as active." """
    s = position([real_cards["OP09-076"]], Side(hand=["OP09-076"], don=5), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}", "yes")
    s = _return_don(s, 2)
    s, _ = answer_all(s)
    ps = s.players[0]
    assert ps.don_deck == 5 + 2 - 1 and ps.don_active + ps.don_rested == 5 - 2 + 1


@pytest.mark.real_data
def test_op12_019_color_of_arms_gives_don_to_rayleigh(real_cards):
    """OP12-019: "[Main] You may give 1 active DON!! card to 1 of your [Silvers Rayleigh]: Up to 1 of
    your Leader or Character cards gains +1000 power during this turn." """
    ray = card("TST-RAY", cost=5, power=6000, name="Silvers Rayleigh")
    s = position([real_cards["OP12-019"], ray], Side(hand=["OP12-019"], chars=["TST-RAY"], don=3), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "choose:100")
    rayleigh = s.players[0].characters[0]
    assert rayleigh.don == 1 and [md.amount for md in rayleigh.mods] == [1000]


@pytest.mark.real_data
def test_op06_111_braham_places_a_stage_to_rest(real_cards):
    """OP06-111: "[Activate: Main] [Once Per Turn] You may place 1 Stage with a cost of 1 at the bottom
    of the owner's deck: Rest up to 1 of your opponent's Characters with a cost of 4 or less." """
    s = position([real_cards["OP06-111"]], Side(chars=["OP06-111"], stage="TST-STG"), Side(chars=["TST-V3K"]))
    s, _ = play(s, "activate:100:0")
    s, _ = answer_seq(s, "choose:500")
    assert s.players[0].stage is None and s.players[1].characters[0].rested


@pytest.mark.real_data
def test_op16_036_mr2_copies_the_opponents_leader_when_attacking(real_cards):
    """OP16-036: "[When Attacking] This Character's base power becomes the same as your opponent's
    Leader during this turn." """
    s = position([real_cards["OP16-036"], BIG_LEADER], Side(chars=["OP16-036"]), Side(leader="TST-LBG"))
    s, _ = play(s, "attack:100:2")
    assert power(s, 0, s.players[0].characters[0]) == 7000


@pytest.mark.real_data
def test_eb01_061_mr2_copies_the_selected_character(real_cards):
    """EB01-061: "[When Attacking] Select up to 1 of your opponent's Characters. This Character's base
    power becomes the same as the selected Character's power during this turn." """
    s = position([real_cards["EB01-061"]], Side(chars=["EB01-061"]), Side(chars=["TST-V5K"]))
    s, _ = play(s, "attack:100:2")
    s, _ = answer_seq(s, "choose:500")
    assert power(s, 0, s.players[0].characters[0]) == 5000


@pytest.mark.real_data
def test_op11_070_pudding_looks_at_the_opponents_top_card(real_cards):
    """OP11-070: "[Activate: Main] DON!! -1, You may rest this Character: Look at 1 card from the top of
    your opponent's deck." """
    s = position([real_cards["OP11-070"]], Side(chars=["OP11-070"], don=1), Side(deck=["TST-V3K"] + ["TST-V1K"] * 3))
    s, ev = play(s, "activate:100:1")
    s, more = answer_all(s)
    (seen,) = [e for e in ev + more if e.kind == "look_opponent_top"]
    assert seen.data["cards"] == ["TST-V3K"] and s.players[0].don_deck == 10 and s.players[0].characters[0].rested


@pytest.mark.real_data
def test_eb01_060_kami_trashes_life_down_to_one(real_cards):
    """EB01-060: "[Main] Play up to 1 [Enel] with a cost of 7 or less from your hand or trash. Then,
    trash cards from the top of your Life cards until you have 1 Life card." """
    s = position([real_cards["EB01-060"]], Side(hand=["EB01-060"], don=4), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s)
    assert len(s.players[0].life) == 1 and len(s.players[0].trash) == 4  # 3 Life cards and the Event


@pytest.mark.real_data
def test_op02_004_newgate_stops_own_life_to_hand(real_cards):
    """OP02-004: "[On Play] Up to 1 of your Leader gains +2000 power until the start of your next turn.
    Then, you cannot add Life cards to your hand using your own effects during this turn." """
    s = position([real_cards["OP02-004"], LIFE_DRAW], Side(hand=["OP02-004", "TST-LDR"], don=10), Side())
    s, _ = play(s, "play:100")
    s, _ = answer_all(s)
    s, _ = play(s, "play:101")
    assert len(s.players[0].life) == 4 and power(s, 0, s.players[0].leader) == 7000
