"""Effects that name a card again: "Reveal 1 card from the top of your deck. If the revealed card
..., ... Then, place the revealed card at the bottom of your deck" (11-2), "that card gains an
additional ...", "Select up to 1 ... The selected Character ..." (``Frame.memo``)."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, card, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card

REVEAL_POWER = card(
    "TST-RVP",
    cost=2,
    power=3000,
    effect="[When Attacking] Reveal 1 card from the top of your deck. If the revealed card is a Character card with"
    " a cost of 4 or more, this Character gains +3000 power during this turn. Then, place the revealed card at"
    " the bottom of your deck.",
)
REVEAL_PLAY = card(
    "TST-RVY",
    cost=3,
    power=4000,
    effect="[On Play] Reveal 1 card from the top of your deck and play up to 1 Character card with a cost of 2."
    " Then, place the rest at the top or bottom of your deck.",
)
THAT_CARD = card(
    "TST-THC",
    "Event",
    cost=1,
    power=None,
    effect="[Counter] Up to 1 of your Leader or Character cards gains +2000 power during this battle. Then, if you"
    " have 2 or less Life cards, that card gains an additional +2000 power during this battle.",
)
SELECT = card(
    "TST-SEL",
    cost=3,
    power=4000,
    effect="[On Play] Select up to 1 of your opponent's Characters with a cost of 5 or less. The selected Character"
    " cannot attack during this turn.",
)
LIFE_REVEAL = card(
    "TST-LRV",
    cost=2,
    power=2000,
    effect="[Activate: Main] You may trash this Character: Reveal 1 card from the top of your Life cards. If that"
    " card is a Character card with a cost of 5, you may play that card.",
)
TWO = card("TST-TWO", cost=2, power=2000)
FIVE = card("TST-FIV", cost=5, power=6000)
SYNTHETIC = [REVEAL_POWER, REVEAL_PLAY, THAT_CARD, SELECT, LIFE_REVEAL, TWO, FIVE]


def test_reveal_compiles_to_reveal_condition_and_place():
    (eff,) = compile_card(REVEAL_POWER).effects
    assert [a.kind for a in eff.actions] == ["reveal_top", "if", "place_revealed"]
    assert eff.actions[1].conditions == (m.RevealedIs(filter=m.CardFilter(category="Character", min_cost=4)),)


def test_the_revealed_card_decides_and_goes_to_the_bottom_11_2():
    s = position(SYNTHETIC, Side(chars=["TST-RVP"], deck=["TST-V5K"] + ["TST-V1K"] * 5), Side())
    top = s.players[0].deck[0].iid
    s, _ = play(s, "attack:100:2")
    assert s.players[0].deck[-1].iid == top  # placed at the bottom
    assert s.players[0].characters[0].mods[0].amount == 3000  # cost 5: the condition held
    s = position(SYNTHETIC, Side(chars=["TST-RVP"], deck=["TST-V1K"] * 6), Side())
    s, _ = play(s, "attack:100:2")
    assert s.players[0].characters[0].mods == ()


def test_the_revealed_character_is_played_and_the_rest_placed_where_the_player_says():
    s = position(SYNTHETIC, Side(hand=["TST-RVY"], don=3, deck=["TST-TWO"] + ["TST-V1K"] * 5), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s, ("choose:106",))
    assert [c.card for c in s.players[0].characters] == ["TST-RVY", "TST-TWO"]
    s = position(SYNTHETIC, Side(hand=["TST-RVY"], don=3, deck=["TST-V5K"] + ["TST-V1K"] * 5), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s, ("option:1",))  # "top or bottom": the bottom
    assert s.players[0].deck[-1].card == "TST-V5K" and len(s.players[0].characters) == 1


def test_that_card_is_the_card_the_effect_picked():
    s = position(SYNTHETIC, Side(chars=["TST-V5K"]), Side(hand=["TST-THC"], don=1, life=["TST-V1K"] * 2))
    s, ev = play(s, "attack:100:2", "counter_event:500")
    s, more = answer_all(s, ("choose:2",))
    (fight,) = [e for e in ev + more if e.kind == "battle"]
    assert fight.data["target_power"] == 9000  # 5000 + 2000 + the additional 2000


def test_the_selected_character_is_the_one_the_later_sentence_names():
    s = position(SYNTHETIC, Side(hand=["TST-SEL"], don=3), Side(chars=["TST-V3K", "TST-V5K"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s, ("choose:501",))
    assert [m.tag for m in s.players[1].characters[1].mods] == ["cannot_attack"]
    assert s.players[1].characters[0].mods == ()


def test_a_card_revealed_from_life_may_be_played():
    s = position(SYNTHETIC, Side(chars=["TST-LRV"], life=["TST-FIV", "TST-V1K"]), Side())
    s, _ = play(s, "activate:100:0")
    s, _ = answer_all(s)
    assert [c.card for c in s.players[0].characters] == ["TST-FIV"] and len(s.players[0].life) == 1


def test_that_card_without_an_earlier_pick_is_not_compiled():
    comp = compile_card(card("TST-BAD", effect="[On Play] That card gains +1000 power during this turn."))
    assert not comp.complete


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op04_011_nami_reveals_and_places_the_card_at_the_bottom(real_cards):
    """OP04-011: "[When Attacking] Reveal 1 card from the top of your deck. If the revealed card is
    a Character card with 6000 power or more, this Character gains +3000 power during this turn.
    Then, place the revealed card at the bottom of your deck." """
    big = card("TST-BIG", cost=6, power=7000)
    s = position([real_cards["OP04-011"], big], Side(chars=["OP04-011"], deck=["TST-BIG"] + ["TST-V1K"] * 5), Side())
    s, _ = play(s, "attack:100:2")
    assert s.players[0].deck[-1].card == "TST-BIG" and s.players[0].characters[0].mods[0].amount == 3000


@pytest.mark.real_data
def test_st22_003_newgate_draws_when_the_revealed_card_fits(real_cards):
    """ST22-003: "[On Play] Reveal 1 card from the top of your deck. If that card's type includes
    "Whitebeard Pirates", draw 2 cards." (the revealed card stays on top and is drawn)"""
    wb = card("TST-WBP", cost=2, power=3000, types=("Whitebeard Pirates",))
    s = position(
        [real_cards["ST22-003"], wb], Side(hand=["ST22-003"], don=9, deck=["TST-WBP"] + ["TST-V1K"] * 5), Side()
    )
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert [c.card for c in s.players[0].hand] == ["TST-WBP", "TST-V1K"]


@pytest.mark.real_data
def test_op07_048_doflamingo_plays_the_revealed_warlord_rested(real_cards):
    """OP07-048: "[Activate: Main] [Once Per Turn] 2: Reveal 1 card from the top of your deck. If that
    card is a {The Seven Warlords of the Sea} type Character card with a cost of 4 or less, you may
    play that card rested. Then, place the rest at the bottom of your deck." """
    warlord = card("TST-WLD", cost=4, power=5000, types=("The Seven Warlords of the Sea",))
    s = position(
        [real_cards["OP07-048"], warlord], Side(chars=["OP07-048"], don=2, deck=["TST-WLD"] + ["TST-V1K"] * 5), Side()
    )
    s, _ = play(s, "activate:100:0")
    s, _ = answer_all(s)
    played = s.players[0].characters[1]
    assert played.card == "TST-WLD" and played.rested


@pytest.mark.real_data
def test_op04_095_barrier_gives_that_card_an_additional_2000(real_cards):
    """OP04-095: "[Counter] Up to 1 of your Leader or Character cards gains +2000 power during this
    battle. Then, if you have 15 or more cards in your trash, that card gains an additional +2000
    power during this battle." """
    s = position(
        [real_cards["OP04-095"]],
        Side(chars=["TST-V5K"]),
        Side(hand=["OP04-095"], don=1, trash=["TST-V1K"] * 15),
    )
    s, ev = play(s, "attack:100:2", f"counter_event:{s.players[1].hand[0].iid}")
    s, more = answer_all(s, ("choose:2",))
    (fight,) = [e for e in ev + more if e.kind == "battle"]
    assert fight.data["target_power"] == 9000


@pytest.mark.real_data
def test_op01_085_the_selected_character_cannot_attack(real_cards):
    """OP01-085: "[On Play] If your Leader has the {Baroque Works} type, select up to 1 of your
    opponent's Characters with a cost of 4 or less. The selected Character cannot attack until the
    end of your opponent's next turn." """
    leader = card("TST-LBW", "Leader", cost=None, power=5000, life=4, types=("Baroque Works",))
    s = position(
        [real_cards["OP01-085"], leader],
        Side(leader="TST-LBW", hand=["OP01-085"], don=9),
        Side(chars=["TST-V3K"]),
    )
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s, ("choose:500",))
    assert [mod.tag for mod in s.players[1].characters[0].mods] == ["cannot_attack"]
