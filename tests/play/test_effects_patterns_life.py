"""Life-area effects: Characters added to Life face-up (3-10-2-1), cards from hand to Life, Life
cards turned face-up as a cost or face-down by an effect, looking at a Life card and putting it
back at the top or bottom, and putting Life cards back in any order (3-10-3)."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, ids, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card

TO_LIFE = card(
    "TST-TLF",
    "Event",
    cost=1,
    power=None,
    effect="[Main] Add up to 1 of your opponent's Characters with a cost of 3 or less to the top or bottom of your"
    " opponent's Life cards face-up.",
)
HAND_TO_LIFE = card(
    "TST-HTL",
    cost=2,
    power=2000,
    effect="[On Play] Add up to 1 {Test Crew} type Character card from your hand to the top"
    " of your Life cards face-up.",
)
CREW = card("TST-CRW", cost=3, power=4000, types=("Test Crew",))
TURN_UP = card(
    "TST-TUP",
    cost=2,
    power=3000,
    effect="[Activate: Main] [Once Per Turn] You may turn 1 card from the top of your Life cards face-up: Draw 1 card.",
)
FACE_UP_KO = card(
    "TST-FUK",
    cost=3,
    power=3000,
    effect="[On Play] If you have a face-up Life card, draw 2 cards. Then, turn all of your Life cards face-down.",
)
SCRY = card(
    "TST-SCR",
    cost=2,
    power=2000,
    effect="[On Play] Look at up to 1 card from the top of your or your opponent's Life cards, and place it at the"
    " top or bottom of the Life cards.",
)
ORDER = card(
    "TST-ORD",
    cost=2,
    power=2000,
    effect="[On Play] Look at all of your Life cards and place them back in your Life area in any order.",
)
SYNTHETIC = [TO_LIFE, HAND_TO_LIFE, CREW, TURN_UP, FACE_UP_KO, SCRY, ORDER]


def _play_first(state, *answers: str):
    state, ev = play(state, f"play:{state.players[state.active].hand[0].iid}")
    state, more = answer_all(state, (*answers, "choose:done", "yes"))
    return state, ev + more


def test_life_formulas_compile():
    (eff,) = compile_card(TO_LIFE).effects
    assert eff.actions == (
        m.FieldToLife(
            target=m.Target(who="opponent_character", filter=m.CardFilter(max_cost=3)),
            position="top_or_bottom",
            face_up=True,
        ),
    )
    (cost_eff,) = compile_card(TURN_UP).effects
    assert cost_eff.costs == (m.TurnLife(n=1, face_up=True),)


def test_a_character_goes_to_its_owners_life_face_up_where_the_player_says():
    s = position(SYNTHETIC, Side(hand=["TST-TLF"], don=1), Side(chars=["TST-V3K"]))
    s, ev = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "choose:500", "option:1")  # the bottom
    assert s.players[1].characters == () and len(s.players[1].life) == 5
    assert s.players[1].life[-1].card == "TST-V3K" and s.players[1].life[-1].face_up


def test_a_card_from_hand_goes_to_the_top_of_life_face_up():
    s = position(SYNTHETIC, Side(hand=["TST-HTL", "TST-CRW", "TST-V1K"], don=2), Side())
    s, _ = _play_first(s, "choose:101")
    top = s.players[0].life[0]
    assert top.card == "TST-CRW" and top.face_up and [c.card for c in s.players[0].hand] == ["TST-V1K"]


def test_turning_a_life_card_face_up_is_a_cost_that_needs_a_face_down_card():
    s = position(SYNTHETIC, Side(chars=["TST-TUP"]), Side())
    s, _ = play(s, "activate:100:0")
    assert s.players[0].life[0].face_up and len(s.players[0].hand) == 1
    s = position(SYNTHETIC, Side(chars=["TST-TUP"]), Side())
    up = s.players[0].life[0].model_copy(update={"face_up": True})
    s = s.with_player(0, s.players[0].model_copy(update={"life": (up, *s.players[0].life[1:])}))
    assert "activate:100:0" not in ids(s)  # 1-3-2-1: a face-up card cannot be turned face-up


def test_face_up_life_condition_and_turning_all_face_down():
    s = position(SYNTHETIC, Side(hand=["TST-FUK"], don=3), Side())
    up = s.players[0].life[1].model_copy(update={"face_up": True})
    life = list(s.players[0].life)
    life[1] = up
    s = s.with_player(0, s.players[0].model_copy(update={"life": tuple(life)}))
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == 2 and not any(c.face_up for c in s.players[0].life)


def test_looking_at_the_opponents_top_life_card_and_putting_it_at_the_bottom():
    s = position(SYNTHETIC, Side(hand=["TST-SCR"], don=2), Side(life=["TST-V3K", "TST-V1K", "TST-V1K"]))
    top = s.players[1].life[0].iid
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "option:1", "option:1")  # the opponent's Life, then the bottom
    assert s.players[1].life[-1].iid == top


def test_life_cards_go_back_in_the_order_the_player_picks():
    s = position(SYNTHETIC, Side(hand=["TST-ORD"], don=2, life=["TST-V1K", "TST-V3K", "TST-V5K"]), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "option:2", "option:1")  # V5K on top, then V3K, then V1K
    assert [c.card for c in s.players[0].life] == ["TST-V5K", "TST-V3K", "TST-V1K"]


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op04_117_heavenly_fire_adds_a_character_to_the_opponents_life(real_cards):
    """OP04-117: "[Main] Add up to 1 of your opponent's Characters with a cost of 3 or less to the
    top or bottom of your opponent's Life cards face-up." """
    s = position([real_cards["OP04-117"]], Side(hand=["OP04-117"], don=1), Side(chars=["TST-V3K"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "choose:500", "option:0")
    assert s.players[1].life[0].card == "TST-V3K" and s.players[1].life[0].face_up


@pytest.mark.real_data
def test_eb04_060_hawk_gatling_adds_an_egghead_character_face_up(real_cards):
    """EB04-060: "[Main] You may add 1 card from the top or bottom of your Life cards to your hand:
    Add up to 1 {Egghead} type Character card from your hand to the top of your Life cards face-up.
    Then, give up to 1 of your opponent's Characters -1000 power during this turn." """
    egg = card("TST-EGG", cost=4, power=5000, types=("Egghead",))
    s = position([real_cards["EB04-060"], egg], Side(hand=["EB04-060", "TST-EGG"], don=2), Side(chars=["TST-V3K"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_seq(s, "option:0", "choose:101", "choose:500")
    assert s.players[0].life[0].card == "TST-EGG" and s.players[0].life[0].face_up
    assert s.players[1].characters[0].mods[0].amount == -1000


@pytest.mark.real_data
def test_eb01_040_kyros_turns_a_life_card_face_up_to_ko(real_cards):
    """EB01-040 (Leader): "[Activate: Main] [Once Per Turn] You may turn 1 card from the top of your
    Life cards face-up: K.O. up to 1 of your opponent's Characters with a cost of 0." """
    zero = card("TST-ZER", cost=0, power=1000)
    s = position([real_cards["EB01-040"], zero], Side(leader="EB01-040"), Side(chars=["TST-ZER"]))
    s, _ = play(s, "activate:1:0")
    s, _ = answer_all(s, ("choose:500",))
    assert s.players[0].life[0].face_up and s.players[1].characters == ()


@pytest.mark.real_data
def test_eb03_051_smoothie_needs_a_face_up_life_card(real_cards):
    """EB03-051: "[On Play] If you have a face-up Life card, K.O. up to 1 of your opponent's
    Characters with a cost of 2 or less. Then, turn all of your Life cards face-down." """
    s = position([real_cards["EB03-051"]], Side(hand=["EB03-051"], don=3), Side(chars=["TST-V1K"]))
    s, _ = _play_first(s, "choose:500")
    assert len(s.players[1].characters) == 1  # no face-up Life card: no K.O.


@pytest.mark.real_data
def test_op03_099_katakuri_looks_at_a_life_card_when_attacking(real_cards):
    """OP03-099 (Leader): "[DON!! x1] [When Attacking] Look at up to 1 card from the top of your or
    your opponent's Life cards, and place it at the top or bottom of the Life cards. Then, this
    Leader gains +1000 power during this battle." """
    s = position(
        [real_cards["OP03-099"]],
        Side(leader="OP03-099", leader_state={"don": 1}, life=["TST-V3K", "TST-V1K"]),
        Side(),
    )
    top = s.players[0].life[0].iid
    s, _ = play(s, "attack:1:2")
    s, _ = answer_seq(s, "option:0", "option:1")  # my Life, to the bottom
    assert s.players[0].life[-1].iid == top


@pytest.mark.real_data
def test_op13_105_momonosuke_orders_the_life_cards(real_cards):
    """OP13-105: "[On Play] Look at all of your Life cards and place them back in your Life area in
    any order." """
    s = position([real_cards["OP13-105"]], Side(hand=["OP13-105"], don=3, life=["TST-V1K", "TST-V3K"]), Side())
    s, _ = _play_first(s, "option:1")
    assert [c.card for c in s.players[0].life] == ["TST-V3K", "TST-V1K"]
