"""Further formulas of the wider card pool: "... at the end of this turn" (6-6-1-2), costs bounded
by a count from the game ("a cost equal to or less than the number of your opponent's Life
cards"), "A or B" card filters, negated effects (8-2), two subjects ("Your Leader and all of your
Characters gain ..."), playing from the deck, "no base effect" (2-8-5), "give this card in your
hand -N cost", "also treat this card's name as [X]" (2-1-3), deck-construction rules (5-1-2-4) and
"play this Character card from your trash"."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, ids, play, position

from generator.play.decks.rules import load_rules
from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card

LATER_ACTIVE = card(
    "TST-LAC",
    cost=2,
    power=2000,
    effect="[On Play] Draw 1 card. Then, set up to 2 of your DON!! cards as active at the end of this turn.",
)
LIFE_BOUND = card(
    "TST-LBD",
    cost=3,
    power=3000,
    effect="[On Play] K.O. up to 1 of your opponent's Characters with a cost equal to or less than the number of"
    " your opponent's Life cards.",
)
EITHER_FILTER = card(
    "TST-EFL",
    cost=2,
    power=2000,
    effect="[On Play] Look at 3 cards from the top of your deck; reveal up to 1 [Test Target] or red Event and add it"
    " to your hand. Then, place the rest at the bottom of your deck in any order.",
)
TARGET = card("TST-TGT", cost=4, power=5000, name="Test Target", colors=("Green",))
RED_EVENT = card("TST-REV", "Event", cost=1, power=None, effect="[Main] Draw 1 card.")
GREEN_EVENT = card("TST-GEV", "Event", cost=1, power=None, colors=("Green",), effect="[Main] Draw 1 card.")
NEGATE = card(
    "TST-NEG",
    cost=3,
    power=3000,
    effect="[On Play] Negate the effect of up to 1 of your opponent's Characters during this turn.",
)
BLOCKER = card("TST-BLK", cost=2, power=2000, effect="[Blocker]")
BOTH = card(
    "TST-BTH",
    cost=2,
    power=2000,
    effect="[On Play] Your Leader and all of your Characters gain +1000 power during this turn.",
)
FROM_DECK = card(
    "TST-FDK",
    cost=2,
    power=2000,
    effect="[On Play] Play up to 1 [Test Target] from your deck, then shuffle your deck.",
)
VANILLA_ONLY = card(
    "TST-VNO",
    cost=2,
    power=2000,
    effect="[On Play] Play up to 1 Character card with 3000 power or less and no base effect from your hand.",
)
CHEAP = card(
    "TST-CHP", cost=5, power=6000, effect="If you have 2 or less Life cards, give this card in your hand \u22123 cost."
)
ALIAS = card(
    "TST-ALS", cost=2, power=2000, effect="Also treat this card's name as [Test Target] according to the rules."
)
NAME_CHECK = card("TST-NCK", cost=1, power=1000, effect="[On Play] If you have [Test Target], draw 1 card.")
REVIVE = card(
    "TST-RVV",
    cost=3,
    power=4000,
    effect="[On K.O.] You may trash 1 card from your hand: Play this Character card from your trash rested.",
)
SYNTHETIC = [
    LATER_ACTIVE,
    LIFE_BOUND,
    EITHER_FILTER,
    TARGET,
    RED_EVENT,
    GREEN_EVENT,
    NEGATE,
    BLOCKER,
    BOTH,
    FROM_DECK,
    VANILLA_ONLY,
    CHEAP,
    ALIAS,
    NAME_CHECK,
    REVIVE,
]


def _play_first(state, *answers: str):
    state, ev = play(state, f"play:{state.players[state.active].hand[0].iid}")
    state, more = answer_seq(state, *answers)
    return state, ev + more


def test_at_the_end_of_this_turn_waits_for_the_end_phase_6_6_1_2():
    (eff,) = compile_card(LATER_ACTIVE).effects
    assert eff.actions == (m.Draw(n=1), m.AtEndOfTurn(actions=(m.SetDonActive(n=2),)))
    s = position(SYNTHETIC, Side(hand=["TST-LAC"], don=2), Side())
    s, _ = _play_first(s)
    assert s.players[0].don_rested == 2 and len(s.delayed) == 1  # not yet
    s, ev = play(s, "end")
    s, more = answer_all(s)  # "up to 2": the player says how many (default: 2)
    assert "turn_start" in [e.kind for e in more] and s.active == 1
    assert s.delayed == () and s.players[0].don_active == 2 and s.players[0].don_rested == 0


def test_a_cost_bound_read_from_the_opponents_life():
    s = position(SYNTHETIC, Side(hand=["TST-LBD"], don=3), Side(chars=["TST-V3K"], life=["TST-V1K"] * 2))
    s, _ = _play_first(s, "choose:500")
    assert len(s.players[1].characters) == 1  # cost 3 > 2 Life cards: not a target
    s = position(SYNTHETIC, Side(hand=["TST-LBD"], don=3), Side(chars=["TST-V3K"], life=["TST-V1K"] * 3))
    s, _ = _play_first(s, "choose:500")
    assert s.players[1].characters == ()


def test_an_either_filter_matches_either_card():
    (eff,) = compile_card(EITHER_FILTER).effects
    assert eff.actions[0].filter.any_of == (
        m.CardFilter(names=("Test Target",)),
        m.CardFilter(category="Event", colour="Red"),
    )
    s = position(
        SYNTHETIC, Side(hand=["TST-EFL"], don=2, deck=["TST-GEV", "TST-REV", "TST-TGT"] + ["TST-V1K"] * 5), Side()
    )
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    offered = {a for a in ids(s) if a.startswith("choose:") and a != "choose:done"}
    assert offered == {"choose:106", "choose:107"}  # the red Event and [Test Target], not the green Event


def test_a_negated_character_loses_its_printed_keywords_8_2():
    s = position(SYNTHETIC, Side(hand=["TST-NEG"], don=3, chars=["TST-V5K"]), Side(chars=["TST-BLK"]))
    s, _ = _play_first(s, "choose:500")
    s, _ = play(s, "attack:100:2")
    assert "block:500" not in ids(s) and s.battle is None  # no [Blocker]: the attack went through


def test_two_subjects_each_gain_the_power():
    s = position(SYNTHETIC, Side(hand=["TST-BTH"], don=2, chars=["TST-V1K"]), Side())
    s, _ = _play_first(s)
    assert s.players[0].leader.mods[0].amount == 1000
    assert [c.mods[0].amount for c in s.players[0].characters] == [1000, 1000]


def test_playing_from_the_deck_then_shuffling():
    s = position(SYNTHETIC, Side(hand=["TST-FDK"], don=2, deck=["TST-V1K"] * 5 + ["TST-TGT"]), Side())
    s, ev = _play_first(s, "choose:110")
    assert [c.card for c in s.players[0].characters] == ["TST-FDK", "TST-TGT"] and "shuffle" in [e.kind for e in ev]


def test_no_base_effect_means_no_card_text_2_8_5():
    s = position(SYNTHETIC, Side(hand=["TST-VNO", "TST-BLK", "TST-V1K"], don=2), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    offered = {a for a in ids(s) if a.startswith("choose:") and a != "choose:done"}
    assert offered == {"choose:102"}  # the vanilla, not the [Blocker]


def test_a_card_costs_less_in_hand_when_its_condition_holds():
    s = position(SYNTHETIC, Side(hand=["TST-CHP"], don=2, life=["TST-V1K"] * 2), Side())
    assert f"play:{s.players[0].hand[0].iid}" in ids(s)
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert s.players[0].don_rested == 2
    s = position(SYNTHETIC, Side(hand=["TST-CHP"], don=2, life=["TST-V1K"] * 3), Side())
    assert f"play:{s.players[0].hand[0].iid}" not in ids(s)


def test_a_card_also_named_counts_as_that_name_2_1_3():
    assert compile_card(ALIAS).also_named == ("Test Target",)
    s = position(SYNTHETIC, Side(hand=["TST-NCK"], don=1, chars=["TST-ALS"]), Side())
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == 1


def test_a_character_plays_itself_from_the_trash_after_its_ko():
    s = position(
        SYNTHETIC, Side(chars=[("TST-V5K", {"don": 2})]), Side(chars=[("TST-RVV", {"rested": True})], hand=["TST-V1K"])
    )
    s, _ = play(s, "attack:100:500", "no_counter")
    s, _ = answer_all(s)
    (back,) = s.players[1].characters
    assert back.card == "TST-RVV" and back.rested and s.players[1].hand == ()


def test_deck_rules_compile_and_are_the_validators():
    comp = compile_card(
        card("TST-ANY", effect="Under the rules of this game, you may have any number of this card in your deck.")
    )
    assert comp.complete and comp.effects[0].deck_rule == m.DeckRule(kind="any_number_of_copies")


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_eb02_015_bonney_sets_don_active_at_the_end_of_the_turn(real_cards):
    """EB02-015: "[On Play] Up to 1 of your opponent's rested Characters will not become active in
    your opponent's next Refresh Phase. Then, set up to 1 of your DON!! cards as active at the end
    of this turn." """
    s = position([real_cards["EB02-015"]], Side(hand=["EB02-015"], don=7), Side())
    s, _ = _play_first(s)
    assert s.players[0].don_rested == 7
    s, _ = play(s, "end")
    s, _ = answer_all(s)
    assert s.players[0].don_active == 1 and s.players[0].don_rested == 6


@pytest.mark.real_data
def test_op05_102_gedatsu_reads_the_opponents_life(real_cards):
    """OP05-102: "[On Play] K.O. up to 1 of your opponent's Characters with a cost equal to or less
    than the number of your opponent's Life cards." """
    s = position([real_cards["OP05-102"]], Side(hand=["OP05-102"], don=5), Side(chars=["TST-V5K", "TST-V3K"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    offered = {a for a in ids(s) if a.startswith("choose:") and a != "choose:done"}
    assert offered == {"choose:501"}  # 4 Life: the cost-3 Character, not the cost-5 one


@pytest.mark.real_data
def test_op12_014_hancock_takes_luffy_or_a_red_event(real_cards):
    """OP12-014: "[On Play] Look at 5 cards from the top of your deck; reveal up to 1 [Monkey.D.Luffy]
    or red Event and add it to your hand. ..." """
    luffy = card("TST-LUF", cost=5, power=6000, name="Monkey.D.Luffy", colors=("Green",))
    s = position(
        [real_cards["OP12-014"], luffy, RED_EVENT, GREEN_EVENT],
        Side(hand=["OP12-014"], don=2, deck=["TST-GEV", "TST-LUF", "TST-REV", "TST-V1K", "TST-V1K"]),
        Side(),
    )
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    offered = {a for a in ids(s) if a.startswith("choose:") and a != "choose:done"}
    assert offered == {"choose:106", "choose:107"}


@pytest.mark.real_data
def test_op06_083_oars_negates_its_own_cannot_attack(real_cards):
    """OP06-083: "This Character cannot attack. [Activate: Main] You may K.O. 1 of your {Thriller
    Bark Pirates} type Characters: This Character's effect is negated during this turn." """
    tb = card("TST-TBP", cost=1, power=1000, types=("Thriller Bark Pirates",))
    s = position([real_cards["OP06-083"], tb], Side(chars=["OP06-083", "TST-TBP"]), Side())
    assert "attack:100:2" not in ids(s)
    s, _ = play(s, "activate:100:1")
    s, _ = answer_seq(s, "choose:101")
    assert "attack:100:2" in ids(s) and s.players[0].trash[0].card == "TST-TBP"


@pytest.mark.real_data
def test_op02_120_uta_powers_the_leader_and_every_character(real_cards):
    """OP02-120: "[On Play] DON!! -2: Your Leader and all of your Characters gain +1000 power until
    the start of your next turn." """
    s = position([real_cards["OP02-120"]], Side(hand=["OP02-120"], don=8, rested_don=2, chars=["TST-V1K"]), Side())
    s, _ = _play_first(s)
    assert s.players[0].leader.mods[0].amount == 1000
    assert [c.mods[0].amount for c in s.players[0].characters] == [1000, 1000]


@pytest.mark.real_data
def test_st03_007_sentomaru_plays_a_pacifista_from_the_deck(real_cards):
    """ST03-007: "[DON!! x1] [Activate: Main] [Once Per Turn] 2: Play up to 1 [Pacifista] with a cost
    of 4 or less from your deck, then shuffle your deck." """
    s = position(
        [real_cards["ST03-007"], real_cards["OP01-075"]],
        Side(chars=[("ST03-007", {"don": 1})], don=2, deck=["TST-V1K"] * 4 + ["OP01-075"]),
        Side(),
    )
    pacifista = s.players[0].deck[-1].iid
    s, _ = play(s, "activate:100:0")
    s, _ = answer_seq(s, f"choose:{pacifista}")
    assert [c.card for c in s.players[0].characters] == ["ST03-007", "OP01-075"]


@pytest.mark.real_data
def test_eb03_007_baccarat_plays_a_vanilla_character(real_cards):
    """EB03-007: "[On K.O.] Play up to 1 Character card with 6000 power or less and no base effect
    from your hand." """
    s = position(
        [real_cards["EB03-007"], BLOCKER],
        Side(chars=[("TST-V5K", {"don": 1})]),
        Side(chars=[("EB03-007", {"rested": True})], hand=["TST-BLK", "TST-V3K"]),
    )
    s, _ = play(s, "attack:100:500")
    s, _ = play(s, "no_counter") if "no_counter" in ids(s) else (s, [])
    offered = {a for a in ids(s) if a.startswith("choose:") and a != "choose:done"}
    assert offered == {"choose:502"}


@pytest.mark.real_data
def test_st23_001_uta_costs_4_less_with_a_10000_power_character(real_cards):
    """ST23-001: "If you have a Character with 10000 power or more, give this card in your hand -4
    cost." """
    s = position([real_cards["ST23-001"]], Side(hand=["ST23-001"], don=2, chars=[("TST-V5K", {"don": 5})]), Side())
    assert f"play:{s.players[0].hand[0].iid}" in ids(s)
    s = position([real_cards["ST23-001"]], Side(hand=["ST23-001"], don=2, chars=["TST-V5K"]), Side())
    assert f"play:{s.players[0].hand[0].iid}" not in ids(s)


@pytest.mark.real_data
def test_eb02_016_chopperman_is_also_tony_tony_chopper(real_cards):
    """EB02-016: "Also treat this card's name as [Tony Tony.Chopper] according to the rules." """
    check = card("TST-CHK", cost=1, power=1000, effect="[On Play] If you have [Tony Tony.Chopper], draw 1 card.")
    s = position([real_cards["EB02-016"], check], Side(hand=["TST-CHK"], don=1, chars=["EB02-016"]), Side())
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == 1


@pytest.mark.real_data
def test_deck_rules_on_real_cards_agree_with_the_validator_data(real_cards):
    """OP01-075 "you may have any number of this card in your deck", OP12-001 "you cannot include
    cards with a cost of 5 or more": the compiled rule is the one the validator applies."""
    rules = load_rules()
    for cid in ("OP01-075", "OP08-072", "OP16-042", "OP12-001"):
        (rule,) = [e.deck_rule for e in compile_card(real_cards[cid]).effects if e.deck_rule is not None]
        data = rules.construction_effect(cid)
        assert data is not None and (rule.kind, rule.value, rule.type) == (data.kind, data.value, data.type), cid


@pytest.mark.real_data
def test_op14_120_crocodile_comes_back_from_the_trash(real_cards):
    """OP14-120: "[On K.O.] You may trash 1 card from your hand: Play this Character card from your
    trash." """
    s = position(
        [real_cards["OP14-120"]],
        Side(chars=[("TST-V5K", {"don": 6})]),
        Side(chars=[("OP14-120", {"rested": True})], hand=["TST-V1K"]),
    )
    s, _ = play(s, "attack:100:500", "no_counter")
    s, _ = answer_all(s)
    assert [c.card for c in s.players[1].characters] == ["OP14-120"] and s.players[1].hand == ()
