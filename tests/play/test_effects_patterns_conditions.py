"""Conditions of the wider card pool: "the only Characters on your field are ...", "N or more rested
cards", "your Leader has the {X} type or is [Y]", "you have no other [X] Characters", "your Leader
has N power or less", "your Leader is active", "it is your second turn or later"."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, guard, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.stats import condition_holds

ONLY_CREW = card(
    "TST-OCR",
    cost=2,
    power=2000,
    types=("Test Crew",),
    effect="[On Play] If the only Characters on your field are {Test Crew} type Characters, draw 1 card.",
)
CREW = card("TST-CRW", cost=3, power=4000, types=("Test Crew",))
RESTED_8 = card("TST-R8C", cost=2, power=2000, effect="[On Play] If you have 3 or more rested cards, draw 1 card.")
EITHER = card(
    "TST-EIT",
    cost=2,
    power=2000,
    effect="[On Play] If your Leader has the {Test Crew} type or is [Test Boss], draw 1 card.",
)
NO_OTHER = card(
    "TST-NOT",
    cost=2,
    power=2000,
    name="Lonely",
    effect="[On Play] If you have no other [Lonely] Characters, draw 1 card.",
)
WEAK_LEADER = card(
    "TST-WLD", cost=1, power=1000, effect="[On Play] If your Leader has 4000 power or less, draw 1 card."
)
SECOND_TURN = card(
    "TST-2ND",
    cost=1,
    power=1000,
    effect="[Activate: Main] [Once Per Turn] If it is your second turn or later, draw 1 card.",
)
BOSS = card("TST-BOS", "Leader", cost=None, power=5000, life=4, name="Test Boss")
SYNTHETIC = [ONLY_CREW, CREW, RESTED_8, EITHER, NO_OTHER, WEAK_LEADER, SECOND_TURN, BOSS]


def _play_first(state, *answers: str):
    state, ev = play(state, f"play:{state.players[state.active].hand[0].iid}")
    state, more = answer_seq(state, *answers)
    return state, ev + more


def test_conditions_compile():
    assert guard(compile_card(EITHER).effects[0]) == (
        m.AnyOf(conditions=(m.LeaderHasType(types=("Test Crew",)), m.LeaderIsName(name="Test Boss"))),
    )
    assert guard(compile_card(NO_OTHER).effects[0]) == (
        m.CountCondition(
            zone="characters", compare="at_most", n=0, filter=m.CardFilter(names=("Lonely",)), exclude_self=True
        ),
    )


@pytest.mark.parametrize("others, drawn", [(["TST-CRW"], 1), (["TST-CRW", "TST-V1K"], 0)])
def test_only_characters_of_a_type(others, drawn):
    s = position(SYNTHETIC, Side(hand=["TST-OCR"], don=2, chars=others), Side())
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == drawn


@pytest.mark.parametrize("rested, drawn", [(2, 0), (1, 1)])
def test_rested_cards_count_don_and_cards(rested, drawn):
    # playing the card rests 2 DON!!; one more rested card makes 3
    chars = [("TST-V1K", {"rested": True})] * rested if rested == 1 else []
    s = position(SYNTHETIC, Side(hand=["TST-R8C"], don=2, chars=chars), Side())
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == drawn


@pytest.mark.parametrize("leader, drawn", [("TST-BOS", 1), ("TST-L01", 0)])
def test_either_condition(leader, drawn):
    s = position(SYNTHETIC, Side(leader=leader, hand=["TST-EIT"], don=2), Side())
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == drawn


def test_no_other_named_character_ignores_the_card_itself():
    s = position(SYNTHETIC, Side(hand=["TST-NOT", "TST-NOT"], don=4), Side())
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == 2  # drew: the played one does not count
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == 1  # another [Lonely] is there now


def test_leader_power_and_own_turn_count():
    s = position(SYNTHETIC, Side(hand=["TST-WLD"], don=1, leader_state={"mods": ()}), Side())
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == 0  # 5000 power
    s = position(SYNTHETIC, Side(chars=["TST-2ND"]), Side(), turn=3, active=0)
    src = s.players[0].characters[0]
    cond = guard(compile_card(SECOND_TURN).effects[0])[0]
    assert condition_holds(s, 0, src, cond)  # player 0 went first: turn 3 is their second turn
    assert not condition_holds(s.model_copy(update={"turn": 1}), 0, src, cond)
    assert not condition_holds(s.model_copy(update={"turn": 3}), 1, src, cond)  # player 1 began only turn 2


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_eb02_010_luffy_needs_only_straw_hat_characters(real_cards):
    """EB02-010 (Leader): "[Activate: Main] [Once Per Turn] DON!! -2: If the only Characters on your
    field are {Straw Hat Crew} type Characters, set up to 2 of your DON!! cards as active. Then,
    this Leader gains +1000 power until the end of your opponent's next turn." """
    crew = card("TST-SHC", cost=2, power=3000, types=("Straw Hat Crew",))
    s = position([real_cards["EB02-010"], crew], Side(leader="EB02-010", chars=["TST-SHC"], rested_don=4), Side())
    s, _ = play(s, "activate:1:0")
    s, _ = answer_all(s)
    assert s.players[0].don_active == 2 and s.players[0].leader.mods[0].amount == 1000


@pytest.mark.real_data
def test_op06_038_counts_rested_cards(real_cards):
    """OP06-038: "[Counter] Up to 1 of your Leader or Character cards gains +2000 power during this
    battle. Then, if you have 8 or more rested cards, that card gains an additional +2000 power
    during this battle." """
    s = position(
        [real_cards["OP06-038"]],
        Side(chars=[("TST-V5K", {"don": 5})]),
        Side(hand=["OP06-038"], don=1, rested_don=7),
    )
    s, ev = play(s, "attack:100:2", f"counter_event:{s.players[1].hand[0].iid}")
    s, more = answer_all(s, ("choose:2",))
    (fight,) = [e for e in ev + more if e.kind == "battle"]
    assert fight.data["target_power"] == 9000  # 7 rested DON!! + the 1 paid = 8


@pytest.mark.real_data
def test_eb02_018_buggy_with_no_other_buggy(real_cards):
    """EB02-018: "[On Play] If you have no other [Buggy] Characters, up to 1 of your Leader gains
    [Double Attack] during this turn." """
    s = position([real_cards["EB02-018"]], Side(hand=["EB02-018"], don=4), Side())
    s, _ = _play_first(s)
    assert [mod.tag for mod in s.players[0].leader.mods] == ["Double Attack"]


@pytest.mark.real_data
def test_eb02_006_yamato_either_leader_condition(real_cards):
    """EB02-006: "[Activate: Main] [Once Per Turn] If your Leader has the {Land of Wano} type or is
    [Portgas.D.Ace], give up to 1 rested DON!! card to 1 of your Leader. Then, this Character gains
    [Rush] during this turn." """
    ace = card("TST-ACE", "Leader", cost=None, power=5000, life=4, name="Portgas.D.Ace")
    s = position([real_cards["EB02-006"], ace], Side(leader="TST-ACE", chars=["EB02-006"], rested_don=1), Side())
    s, _ = play(s, "activate:100:0")
    s, _ = answer_all(s)
    assert s.players[0].leader.don == 1 and "Rush" in [mod.tag for mod in s.players[0].characters[0].mods]


@pytest.mark.real_data
def test_op15_004_sea_cat_needs_a_leader_at_0_power(real_cards):
    """OP15-004: "[On Play] If your Leader has 0 power or less, give up to 1 of your opponent's
    Characters -3000 power during this turn." """
    from generator.play.engine.state import Mod

    weak = {"mods": (Mod(stat="power", amount=-5000, until_turn=9),)}
    s = position([real_cards["OP15-004"]], Side(hand=["OP15-004"], don=1, leader_state=weak), Side(chars=["TST-V5K"]))
    s, _ = _play_first(s, "choose:500")
    assert s.players[1].characters[0].mods[0].amount == -3000


@pytest.mark.real_data
def test_op04_017_happiness_punch_reads_an_active_leader(real_cards):
    """OP04-017: "[Counter] Give up to 1 of your opponent's Leader or Character cards -2000 power
    during this turn. Then, if your Leader is active, give up to 1 of your opponent's Leader or
    Character cards -1000 power during this turn." """
    s = position([real_cards["OP04-017"]], Side(chars=["TST-V5K"]), Side(hand=["OP04-017"], don=1))
    s, _ = play(s, "attack:100:2", f"counter_event:{s.players[1].hand[0].iid}")
    s, _ = answer_all(s, ("choose:100",))
    assert [mod.amount for mod in s.players[0].characters[0].mods] == [-2000, -1000]


@pytest.mark.real_data
def test_eb02_010_with_no_characters_does_nothing_after_its_cost(real_cards):
    """The official Q&A on EB02-010: with 0 Characters on the field, after the 2 DON!! are returned
    "nothing will happen": "the only Characters on your field are ..." needs at least one."""
    s = position([real_cards["EB02-010"]], Side(leader="EB02-010", rested_don=4), Side())
    s, _ = play(s, "activate:1:0")
    s, _ = answer_all(s)
    ps = s.players[0]
    assert ps.don_active + ps.don_rested == 2 and ps.don_active == 0 and ps.leader.mods == ()


@pytest.mark.real_data
@pytest.mark.parametrize(("rested", "set_active"), [(7, 0), (8, 1)])
def test_op12_118_bonney_sets_a_don_active_only_with_8_rested_cards(real_cards, rested, set_active):
    """OP12-118: "[On Play] If you have 8 or more rested cards, draw 2 cards and trash 1 card from
    your hand. Then, set up to 1 of your DON!! cards as active." The official Q&A: with 7 or less
    rested cards, no DON!! is set active either (the opening "If" covers the "Then,")."""
    # playing her (cost 5) rests 5 DON!!; the other rested cards are DON!! rested already
    s = position(
        [real_cards["OP12-118"]], Side(hand=["OP12-118"], don=5, rested_don=rested - 5, deck=["TST-V1K"] * 5), Side()
    )
    s, _ = play(s, "play:100")
    s, _ = answer_all(s)
    assert s.players[0].don_active == set_active and len(s.players[0].hand) == (1 if set_active else 0)
