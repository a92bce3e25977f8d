"""Phrases the grammar learned from the uncovered real texts: conditions that go on about "your
Leader" ("[X] or multicolored", "7000 power or more and the {X} type"), one verb on two targets,
"and you may ..." inside a sentence, looking at cards only to put them back, "It gains ...", "0
cost Characters" and "a base power of 0", and two misprints of the official text."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, guard, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card

NAMI = card("TST-LNM", "Leader", cost=None, power=5000, life=5, name="Nami")
MULTI = card("TST-LMC", "Leader", cost=None, power=5000, life=5, colors=("Red", "Green"))
CREW = card("TST-LCR", "Leader", cost=None, power=6000, life=5, types=("Crew",))
OR_LEADER = card("TST-ORL", effect="[On Play] If your Leader is [Nami] or multicolored, draw 1 card.")
AND_TYPE = card("TST-ANT", effect="[On Play] If your Leader has 6000 power or more and the {Crew} type, draw 1 card.")
PAIR = card(
    "TST-PAR",
    cost=2,
    effect="[On Play] Return up to 1 Character with a cost of 5 or less and up to 1 Character with a cost of 1 or"
    " less to the owner's hand.",
)
MAY_TAIL = card("TST-MYT", effect="[On Play] Draw 1 card and you may trash 1 card from the top of your deck.")
LOOK_BACK = card(
    "TST-LKB",
    effect="[On Play] Look at 3 cards from the top of your deck and place them at the top of your deck in any order.",
)
IT = card(
    "TST-ITG",
    effect="[On Play] Set up to 1 of your Characters as active. It gains +1000 power during this turn.",
)
ZERO = card("TST-ZRO", effect="[On Play] K.O. up to 1 of your opponent's Characters with a base power of 0.")
NONE_POWER = card("TST-NOP", cost=0, power=0)
SYNTHETIC = [NAMI, MULTI, CREW, OR_LEADER, AND_TYPE, PAIR, MAY_TAIL, LOOK_BACK, IT, ZERO, NONE_POWER]


def _played(leader: str, cid: str, **side) -> tuple:
    s = position(SYNTHETIC, Side(leader=leader, hand=[cid], don=5, **side), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    return answer_all(s)


@pytest.mark.parametrize(("leader", "draws"), [("TST-LNM", 1), ("TST-LMC", 1), ("TST-L01", 0)])
def test_a_leader_named_or_multicoloured_either_will_do(leader, draws):
    s, _ = _played(leader, "TST-ORL")
    assert len(s.players[0].hand) == draws


@pytest.mark.parametrize(("leader", "draws"), [("TST-LCR", 1), ("TST-L01", 0)])
def test_leader_power_and_type_both_must_hold(leader, draws):
    comp = compile_card(AND_TYPE)
    assert guard(comp.effects[0]) == (
        m.LeaderPower(compare="at_least", n=6000),
        m.LeaderHasType(types=("Crew",)),
    )
    s, _ = _played(leader, "TST-ANT")
    assert len(s.players[0].hand) == draws


def test_one_verb_on_two_targets_picks_each_in_turn():
    s = position(SYNTHETIC, Side(hand=["TST-PAR"], don=2), Side(chars=["TST-V5K", "TST-V1K", "TST-V3K"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "choose:500", "choose:501")
    assert [c.card for c in s.players[1].characters] == ["TST-V3K"]
    assert sorted(c.card for c in s.players[1].hand) == ["TST-V1K", "TST-V5K"]


@pytest.mark.parametrize(("answer", "trashed"), [("yes", 1), ("no", 0)])
def test_and_you_may_is_a_choice_after_the_first_action(answer, trashed):
    s = position(SYNTHETIC, Side(hand=["TST-MYT"], don=1), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, answer)
    assert len(s.players[0].hand) == 1 and len(s.players[0].trash) == trashed


def test_cards_looked_at_go_back_on_top_in_the_order_the_player_gives():
    deck = ["TST-V3K", "TST-V5K", "TST-STG"] + ["TST-V1K"] * 5
    s = position(SYNTHETIC, Side(hand=["TST-LKB"], don=1, deck=deck), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "option:2")  # the Stage first, then the order they were in
    assert [c.card for c in s.players[0].deck[:4]] == ["TST-STG", "TST-V3K", "TST-V5K", "TST-V1K"]
    assert len(s.players[0].deck) == len(deck)


def test_it_is_the_character_set_active():
    s = position(SYNTHETIC, Side(hand=["TST-ITG"], don=1, chars=[("TST-V3K", {"rested": True})]), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "choose:100")
    target = s.players[0].characters[0]
    assert not target.rested and [md.amount for md in target.mods] == [1000]


def test_a_base_power_of_0_and_0_cost_characters():
    (eff,) = compile_card(ZERO).effects
    assert eff.actions[0].target.filter == m.CardFilter(min_power=0, max_power=0, base=True)
    zero_cost = card("TST-ZCO", effect="[On Play] Give up to 1 of your opponent's 0 cost Characters -1000 power.")
    assert not compile_card(zero_cost).complete  # a triggered buff needs its duration
    s = position(SYNTHETIC, Side(hand=["TST-ZRO"], don=1), Side(chars=["TST-V1K", "TST-NOP"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert s.prompt is not None and s.prompt.options == (501,)  # only the 0 power one may be picked
    s, _ = answer_seq(s, "choose:501")
    assert [c.card for c in s.players[1].characters] == ["TST-V1K"]


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op13_025_koby_sets_don_active_under_a_film_leader(real_cards):
    """OP13-025: "[On Play] If your Leader has the {FILM} type or the <Strike> attribute, set up to 1
    of your DON!! cards as active." """
    film = card("TST-LFM", "Leader", cost=None, power=5000, life=5, types=("FILM",))
    for leader, active in (("TST-LFM", 1), ("TST-L01", 0)):
        s = position([real_cards["OP13-025"], film], Side(leader=leader, hand=["OP13-025"], don=5), Side())
        s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
        s, _ = answer_all(s)
        assert s.players[0].don_active == active


@pytest.mark.real_data
def test_op04_044_kaido_returns_two_characters(real_cards):
    """OP04-044: "[On Play] Return up to 1 Character with a cost of 8 or less and up to 1 Character with
    a cost of 3 or less to the owner's hand." """
    s = position([real_cards["OP04-044"]], Side(hand=["OP04-044"], don=10), Side(chars=["TST-V5K", "TST-V3K"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "choose:500", "choose:501")
    assert s.players[1].characters == () and len(s.players[1].hand) == 2


@pytest.mark.real_data
def test_op03_047_zeff_returns_then_may_trash_two(real_cards):
    """OP03-047: "[On Play] Return up to 1 Character with a cost of 3 or less to the owner's hand, and you
    may trash 2 cards from the top of your deck." """
    s = position([real_cards["OP03-047"]], Side(hand=["OP03-047"], don=5), Side(chars=["TST-V3K"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "choose:500", "yes")
    assert s.players[1].characters == () and len(s.players[0].trash) == 2


@pytest.mark.real_data
def test_st17_003_buggy_puts_the_three_back_on_top(real_cards):
    """ST17-003: "[On Play] Look at 3 cards from the top of your deck and place them at the top of your
    deck in any order." """
    deck = ["TST-V3K", "TST-V5K", "TST-STG"] + ["TST-V1K"] * 5
    s = position([real_cards["ST17-003"]], Side(hand=["ST17-003"], don=1, deck=deck), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "option:1", "option:1")  # V5K, then the Stage, then V3K
    assert [c.card for c in s.players[0].deck[:3]] == ["TST-V5K", "TST-STG", "TST-V3K"]


@pytest.mark.real_data
def test_op01_003_luffy_sets_active_and_it_gains_power(real_cards):
    """OP01-003 (Leader): "[Activate: Main] [Once Per Turn] (4): Set up to 1 of your {Supernovas} or
    {Straw Hat Crew} type Character cards with a cost of 5 or less as active. It gains +1000 power
    during this turn." """
    nova = card("TST-NOV", cost=5, power=6000, types=("Supernovas",))
    s = position(
        [real_cards["OP01-003"], nova], Side(leader="OP01-003", don=4, chars=[("TST-NOV", {"rested": True})]), Side()
    )
    s, _ = play(s, "activate:1:0")
    s, _ = answer_seq(s, "choose:100")
    nov = s.players[0].characters[0]
    assert not nov.rested and [md.amount for md in nov.mods] == [1000] and s.players[0].don_rested == 4


@pytest.mark.real_data
def test_op14_083_and_op10_079_read_through_their_wording(real_cards):
    """OP14-083: "... Give up to 1 of your opponent's 0 cost Characters -3000 power during this turn."
    OP10-079 (printed "with a cost 5 or less"): "[Main] K.O. up to 1 of your opponent's Characters
    with a cost 5 or less. ..." """
    wednesday = compile_card(real_cards["OP14-083"])
    assert wednesday.complete
    assert wednesday.effects[0].actions[0].target.filter == m.CardFilter(min_cost=0, max_cost=0)
    s = position([real_cards["OP14-083"], NONE_POWER], Side(chars=["OP14-083"]), Side(chars=["TST-NOP", "TST-V1K"]))
    s, _ = play(s, "activate:100:0")
    assert s.prompt is not None and s.prompt.options == (500,)  # the trashed one paid; only the 0 cost one
    s, _ = answer_seq(s, "choose:500")
    assert s.players[0].characters == () and [md.amount for md in s.players[1].characters[0].mods] == [-3000]
    thread = compile_card(real_cards["OP10-079"])
    assert thread.complete and thread.effects[0].actions[0].target.filter == m.CardFilter(max_cost=5)
