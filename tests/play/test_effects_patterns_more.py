"""More formulas of the wider card pool: K.O.'ing a Stage, the opponent picking which of their
cards move, resting "your opponent's cards" (DON!! included), "can attack Characters on the turn
in which it is played" ([Rush: Character], 10-1-6), the opponent's DON!! given to their
Characters, filters on given DON!! and on missing [On Play] effects, a Life card put on the deck,
"play up to 1 each of ...", two subjects of one verb, conditional costs, "you may <cost>. If you
do, ...", one verb for two targets, and target phrases ("this Leader or 1 of your Characters",
"... on your field", "a total of 3 of your Leader and Character cards")."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, ids, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.api import legal_actions

KO_STAGE = card(
    "TST-KST",
    "Event",
    cost=1,
    power=None,
    effect="[Main] K.O. up to 1 of your opponent's Stages with a cost of 3 or less.",
)
OPP_TRASH = card(
    "TST-OTR",
    cost=2,
    power=2000,
    effect="[On Play] Your opponent places 2 cards from their trash at the bottom of their deck in any order.",
)
OPP_RETURN = card(
    "TST-ORT", cost=2, power=2000, effect="[On Play] Your opponent returns 1 of their Characters to the owner's hand."
)
REST_CARDS = card("TST-RCD", cost=2, power=2000, effect="[On Play] Rest up to 1 of your opponent's cards.")
RUSH_CHAR = card(
    "TST-RCH", cost=3, power=5000, effect="This Character can attack Characters on the turn in which it is played."
)
GIVE_OPP = card(
    "TST-GOP",
    cost=1,
    power=2000,
    effect="[On Play] Give up to 2 of your opponent's rested DON!! cards to 1 of your opponent's Characters.",
)
REST_GIVEN = card(
    "TST-RGV",
    cost=2,
    power=2000,
    effect="[On Play] Rest up to 1 of your opponent's Characters with a DON!! card given.",
)
NO_ON_PLAY = card(
    "TST-NOP",
    cost=1,
    power=1000,
    effect="[Activate: Main] [Once Per Turn] Up to 1 of your Characters without an [On"
    " Play] effect gains [Rush] during this turn.",
)
ON_PLAY_DRAW = card("TST-OPD", cost=1, power=1000, effect="[On Play] Draw 1 card.")
LIFE_TOP = card(
    "TST-LTP",
    cost=2,
    power=2000,
    effect="[On Play] Look at all your Life cards; place 1 at the top of your deck and place the rest back in your Life"
    " area in any order.",
)
EACH_OF = card(
    "TST-EAC",
    cost=4,
    power=4000,
    effect="[On Play] Play up to 1 each of [Test Alpha] and [Test Beta] with a cost of 2 from your hand.",
)
ALPHA = card("TST-ALP", cost=2, power=2000, name="Test Alpha")
BETA = card("TST-BET", cost=2, power=2000, name="Test Beta")
WAKE_BOTH = card(
    "TST-WKB", cost=2, power=2000, effect="[On Play] Set up to 1 of your Characters and your Leader as active."
)
GUARDED_COST = card(
    "TST-GCO",
    cost=1,
    power=1000,
    effect="[On Play] If your Leader is [Test Boss], you may trash 1 card from your hand: Draw 2 cards.",
)
BOSS = card("TST-BOS", "Leader", cost=None, power=5000, life=4, name="Test Boss")
MAY_PAY = card(
    "TST-MPY",
    cost=2,
    power=2000,
    effect="When this Character is K.O.'d by your opponent's effect, you may rest 1 of your DON!! cards. If you do,"
    " draw 2 cards.",
)
KO_EVENT = card(
    "TST-KOE",
    "Event",
    cost=1,
    power=None,
    effect="[Main] K.O. up to 1 of your opponent's Characters with a cost of 9 or less.",
)
TWO_KO = card(
    "TST-TKO",
    cost=4,
    power=5000,
    effect="[On Play] K.O. up to 1 of your opponent's Characters with a cost of 3 or less and up to 1 of your"
    " opponent's Characters with a cost of 1 or less.",
)
SYNTHETIC = [
    KO_STAGE,
    OPP_TRASH,
    OPP_RETURN,
    REST_CARDS,
    RUSH_CHAR,
    GIVE_OPP,
    REST_GIVEN,
    NO_ON_PLAY,
    ON_PLAY_DRAW,
    LIFE_TOP,
    EACH_OF,
    ALPHA,
    BETA,
    WAKE_BOTH,
    GUARDED_COST,
    BOSS,
    MAY_PAY,
    KO_EVENT,
    TWO_KO,
]


def _play_first(state, *answers: str):
    state, ev = play(state, f"play:{state.players[state.active].hand[0].iid}")
    state, more = answer_seq(state, *answers)
    return state, ev + more


def _offered(state) -> set[str]:
    return {a for a in ids(state) if a.startswith("choose:") and a != "choose:done"}


def test_a_stage_can_be_ko_d_by_card_text():
    s = position(SYNTHETIC, Side(hand=["TST-KST"], don=1), Side(stage="TST-STG"))
    s, ev = _play_first(s, "choose:500")
    assert s.players[1].stage is None and [c.card for c in s.players[1].trash] == ["TST-STG"]


def test_the_opponent_picks_the_cards_their_side_moves():
    s = position(SYNTHETIC, Side(hand=["TST-OTR"], don=2), Side(trash=["TST-V1K", "TST-V3K", "TST-V5K"]))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert s.prompt is not None and s.prompt.player == 1 and s.waiting_for == 1
    s, _ = answer_seq(s, "choose:502", "choose:501")
    assert [c.card for c in s.players[1].trash] == ["TST-V1K"] and s.players[1].deck[-2].card == "TST-V5K"
    s = position(SYNTHETIC, Side(hand=["TST-ORT"], don=2), Side(chars=["TST-V1K", "TST-V5K"]))
    s, _ = _play_first(s, "choose:500")
    assert [c.card for c in s.players[1].characters] == ["TST-V5K"] and s.players[1].hand[0].card == "TST-V1K"


def test_resting_one_of_the_opponents_cards_may_rest_a_don():
    s = position(SYNTHETIC, Side(hand=["TST-RCD"], don=2), Side(chars=["TST-V5K"], don=2))
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert _offered(s) == {"choose:2", "choose:500", "choose:-1", "choose:-2"}
    s, _ = answer_seq(s, "choose:-1")
    assert (s.players[1].don_active, s.players[1].don_rested) == (1, 1)


def test_can_attack_characters_on_the_turn_played_is_rush_character_10_1_6():
    assert compile_card(RUSH_CHAR).keywords == ("Rush: Character",)
    s = position(SYNTHETIC, Side(hand=["TST-RCH"], don=3), Side(chars=[("TST-V1K", {"rested": True})]))
    s, _ = _play_first(s)
    assert "attack:100:500" in ids(s) and "attack:100:2" not in ids(s)


def test_the_opponents_don_given_to_their_character_and_a_filter_on_given_don():
    s = position(SYNTHETIC, Side(hand=["TST-GOP", "TST-RGV"], don=3), Side(chars=["TST-V1K", "TST-V3K"], rested_don=3))
    s, _ = _play_first(s, "choose:501")
    assert s.players[1].characters[1].don == 2 and s.players[1].don_rested == 1
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert _offered(s) == {"choose:501"}  # only the Character with DON!! given


GIVE_FROM_COST_AREA = card(
    "TST-GCA",
    cost=1,
    power=2000,
    effect="[On Play] Give up to 2 DON!! cards from your opponent's cost area to 1 of your opponent's Characters.",
)


def test_how_many_and_which_opponent_don_are_the_players_choice_4_8_1():
    s = position(
        [*SYNTHETIC, GIVE_FROM_COST_AREA], Side(hand=["TST-GCA"], don=1), Side(chars=["TST-V1K"], don=1, rested_don=2)
    )
    s, _ = play(s, "play:100")  # their one Character is the only one it can be given to
    assert s.prompt is not None and s.prompt.player == 0 and s.prompt.kind == "option"
    offered = [a.label.split(": ")[-1] for a in legal_actions(s) if a.kind == "option"]
    assert offered == [
        "1 active and 1 rested",  # the default: as many as allowed, active first
        "0 active and 2 rested",
        "1 active and 0 rested",
        "0 active and 1 rested",
        "0 active and 0 rested",
    ]
    s, _ = play(s, "option:1")
    opp = s.players[1]
    assert opp.characters[0].don == 2 and (opp.don_active, opp.don_rested) == (1, 0)


def test_a_filter_on_a_missing_on_play_effect():
    s = position(SYNTHETIC, Side(chars=["TST-NOP", "TST-OPD", "TST-V1K"]), Side())
    s, _ = play(s, "activate:100:0")
    assert _offered(s) == {"choose:100", "choose:102"}


def test_a_life_card_placed_on_top_of_the_deck():
    s = position(SYNTHETIC, Side(hand=["TST-LTP"], don=2, life=["TST-V1K", "TST-V5K", "TST-V3K"]), Side())
    s, _ = _play_first(s, "choose:102")
    assert s.players[0].deck[0].card == "TST-V5K" and [c.card for c in s.players[0].life] == ["TST-V1K", "TST-V3K"]


def test_play_up_to_one_each_of_several_names():
    s = position(SYNTHETIC, Side(hand=["TST-EAC", "TST-ALP", "TST-BET"], don=4), Side())
    s, _ = _play_first(s, "choose:101", "choose:102")
    assert [c.card for c in s.players[0].characters] == ["TST-EAC", "TST-ALP", "TST-BET"]


def test_one_verb_for_two_subjects_and_two_targets():
    s = position(
        SYNTHETIC,
        Side(hand=["TST-WKB"], don=2, chars=[("TST-V1K", {"rested": True})], leader_state={"rested": True}),
        Side(),
    )
    s, _ = _play_first(s, "choose:100")
    assert not s.players[0].leader.rested and not s.players[0].characters[0].rested
    (eff,) = compile_card(TWO_KO).effects
    assert [a.target.filter.max_cost for a in eff.actions] == [3, 1]


def test_a_conditional_cost_and_a_cost_said_as_you_may():
    assert compile_card(GUARDED_COST).effects[0].conditions == (m.LeaderIsName(name="Test Boss"),)
    s = position(SYNTHETIC, Side(leader="TST-BOS", hand=["TST-GCO", "TST-V1K"], don=1), Side())
    s, _ = _play_first(s, "yes")
    assert len(s.players[0].hand) == 2 and s.players[0].trash[0].card == "TST-V1K"
    s = position(SYNTHETIC, Side(hand=["TST-GCO", "TST-V1K"], don=1), Side())
    s, _ = _play_first(s)
    assert len(s.players[0].hand) == 1  # not [Test Boss]: nothing
    (when,) = compile_card(MAY_PAY).effects
    assert when.costs == (m.RestDon(n=1),) and when.optional
    s = position(SYNTHETIC, Side(chars=["TST-MPY"], don=1), Side(hand=["TST-KOE"], don=1), active=1)
    s, _ = play(s, f"play:{s.players[1].hand[0].iid}")
    s, _ = answer_seq(s, "choose:100", "yes")
    assert len(s.players[0].hand) == 2 and s.players[0].don_rested == 1


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op17_018_ko_s_a_stage(real_cards):
    """OP17-018: "[Main] You may rest 2 of your DON!! cards: K.O. up to 1 of your opponent's Stages." """
    s = position([real_cards["OP17-018"]], Side(hand=["OP17-018"], don=5), Side(stage="TST-STG"))
    s, _ = _play_first(s, "choose:500")
    assert s.players[1].stage is None and s.players[0].don_rested == 3


@pytest.mark.real_data
def test_op05_079_the_opponent_places_trash_cards_at_the_bottom(real_cards):
    """OP05-079: "[On Play] Your opponent places 3 cards from their trash at the bottom of their deck
    in any order." """
    s = position([real_cards["OP05-079"]], Side(hand=["OP05-079"], don=9), Side(trash=["TST-V1K"] * 4))
    s, _ = _play_first(s)
    assert len(s.players[1].trash) == 1 and len(s.players[1].deck) == 23


@pytest.mark.real_data
def test_op13_033_rests_two_of_the_opponents_cards_on_ko(real_cards):
    """OP13-033: "[On K.O.] Rest up to 2 of your opponent's cards." """
    s = position(
        [real_cards["OP13-033"]],
        Side(chars=[("TST-V5K", {"don": 5})], don=1),
        Side(chars=[("OP13-033", {"rested": True})]),
    )
    s, _ = play(s, "attack:100:500")
    s, _ = answer_seq(s, "choose:-1", "choose:1")
    assert s.players[0].leader.rested and s.players[0].don_rested == 1


@pytest.mark.real_data
def test_op07_032_attacks_characters_the_turn_it_is_played(real_cards):
    """OP07-032: "This Character can attack Characters on the turn in which it is played." """
    s = position([real_cards["OP07-032"]], Side(hand=["OP07-032"], don=9), Side(chars=[("TST-V1K", {"rested": True})]))
    s, _ = _play_first(s)
    assert "attack:100:500" in ids(s) and "attack:100:2" not in ids(s)


@pytest.mark.real_data
def test_op15_028_and_op15_027_give_and_read_the_opponents_don(real_cards):
    """OP15-028: "[On Play] If your Leader has the {East Blue} type, give up to 1 DON!! card from your
    opponent's cost area to 1 of your opponent's Characters." OP15-027: "[On Play] Rest up to 1 of
    your opponent's Characters with a DON!! card given." """
    leader = card("TST-LEB", "Leader", cost=None, power=5000, life=4, types=("East Blue",))
    s = position(
        [real_cards["OP15-028"], real_cards["OP15-027"], leader],
        Side(leader="TST-LEB", hand=["OP15-028", "OP15-027"], don=9),
        Side(chars=["TST-V1K", "TST-V3K"], don=1),
    )
    s, _ = _play_first(s, "choose:500")
    assert s.players[1].characters[0].don == 1 and s.players[1].don_active == 0
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert _offered(s) == {"choose:500"}


@pytest.mark.real_data
def test_prb01_001_rush_for_a_character_without_on_play(real_cards):
    """PRB01-001 (Leader): "[Activate: Main] [Once Per Turn] Up to 1 of your Characters without an
    [On Play] effect and with a cost of 8 or less gains [Rush] during this turn." """
    s = position(
        [real_cards["PRB01-001"], ON_PLAY_DRAW], Side(leader="PRB01-001", chars=["TST-OPD", "TST-V5K"]), Side()
    )
    s, _ = play(s, "activate:1:0")
    assert _offered(s) == {"choose:101"}


@pytest.mark.real_data
def test_st13_016_puts_a_life_card_on_the_deck(real_cards):
    """ST13-016: "[On Play] Look at all your Life cards; place 1 at the top of your deck and place the
    rest back in your Life area in any order." """
    s = position([real_cards["ST13-016"]], Side(hand=["ST13-016"], don=9, life=["TST-V1K", "TST-V5K"]), Side())
    s, _ = _play_first(s, "choose:102")
    assert s.players[0].deck[0].card == "TST-V5K" and len(s.players[0].life) == 1


@pytest.mark.real_data
def test_st13_006_plays_one_of_each_name(real_cards):
    """ST13-006: "[On Play] Play up to 1 each of [Sabo], [Portgas.D.Ace], and [Monkey.D.Luffy] with a
    cost of 2 from your hand." """
    names = [
        card(f"TST-N{i}", cost=2, power=2000, name=n) for i, n in enumerate(("Sabo", "Portgas.D.Ace", "Monkey.D.Luffy"))
    ]
    s = position([real_cards["ST13-006"], *names], Side(hand=["ST13-006", "TST-N0", "TST-N1", "TST-N2"], don=9), Side())
    s, _ = _play_first(s, "choose:101", "choose:102", "choose:103")
    assert len(s.players[0].characters) == 4


@pytest.mark.real_data
def test_st32_003_plays_perona_or_a_slash_character(real_cards):
    """ST32-003: "[On Play] If your Leader has the <Slash> attribute, play up to 1 Character card
    with a cost of 5 or less that is either [Perona] or has the <Slash> attribute from your hand." """
    leader = card("TST-LSL", "Leader", cost=None, power=5000, life=4, attributes=("Slash",))
    slash = card("TST-SLA", cost=3, power=4000, attributes=("Slash",))
    s = position(
        [real_cards["ST32-003"], leader, slash],
        Side(leader="TST-LSL", hand=["ST32-003", "TST-SLA", "TST-V3K"], don=9),
        Side(),
    )
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert _offered(s) == {"choose:101"}


@pytest.mark.real_data
def test_eb04_013_sets_minks_and_the_leader_active(real_cards):
    """EB04-013: "[On Play] If your Leader has the {Minks} type, set up to 2 of your {Minks} type
    Characters and your Leader as active." """
    leader = card("TST-LMK", "Leader", cost=None, power=5000, life=4, types=("Minks",))
    mink = card("TST-MNK", cost=2, power=3000, types=("Minks",))
    s = position(
        [real_cards["EB04-013"], leader, mink],
        Side(
            leader="TST-LMK",
            leader_state={"rested": True},
            hand=["EB04-013"],
            chars=[("TST-MNK", {"rested": True})],
            don=9,
        ),
        Side(),
    )
    s, _ = _play_first(s, "choose:100")
    assert not s.players[0].leader.rested and not s.players[0].characters[0].rested


@pytest.mark.real_data
def test_op12_063_gains_power_and_cost_with_four_events_in_trash(real_cards):
    """OP12-063: "If you have 4 or more Events in your trash, this Character gains +2000 power and +5
    cost." """
    from generator.play.engine.stats import cost, power

    s = position([real_cards["OP12-063"]], Side(chars=["OP12-063"], trash=["TST-EV2"] * 4), Side())
    c = s.players[0].characters[0]
    assert (power(s, 0, c), cost(s, 0, c)) == (7000, 9)


@pytest.mark.real_data
def test_op11_100_guarded_cost_and_op11_024_may_pay_when_ko_d(real_cards):
    """OP11-100: "[On Play] If your Leader is [Shirahoshi], you may turn 1 card from the top of your
    Life cards face-down: Draw 1 card." OP11-024: "When this Character is K.O.'d by your opponent's
    effect, you may trash 1 card from your hand and rest 1 of your DON!! cards. If you do, play up
    to 1 {Fish-Man} or {Merfolk} type Character card with a cost of 6 or less from your hand." """
    shirahoshi = card("TST-SHI", "Leader", cost=None, power=5000, life=4, name="Shirahoshi")
    s = position([real_cards["OP11-100"], shirahoshi], Side(leader="TST-SHI", hand=["OP11-100"], don=9), Side())
    up = s.players[0].life[0].model_copy(update={"face_up": True})
    s = s.with_player(0, s.players[0].model_copy(update={"life": (up, *s.players[0].life[1:])}))
    s, _ = _play_first(s, "yes")
    assert not s.players[0].life[0].face_up and len(s.players[0].hand) == 1
    fish = card("TST-FSH", cost=5, power=6000, types=("Fish-Man",))
    s = position(
        [real_cards["OP11-024"], fish, KO_EVENT],
        Side(chars=["OP11-024"], hand=["TST-V1K", "TST-FSH"], don=1),
        Side(hand=["TST-KOE"], don=1),
        active=1,
    )
    s, _ = play(s, f"play:{s.players[1].hand[0].iid}")
    s, _ = answer_seq(s, "choose:100", "yes", "choose:101", "choose:102")
    assert [c.card for c in s.players[0].characters] == ["TST-FSH"] and s.players[0].don_rested == 1


@pytest.mark.real_data
def test_op01_096_one_verb_two_targets(real_cards):
    """OP01-096: "[On Play] DON!! -2: K.O. up to 1 of your opponent's Characters with a cost of 3 or less
    and up to 1 of your opponent's Characters with a cost of 2 or less." """
    s = position(
        [real_cards["OP01-096"]],
        Side(hand=["OP01-096"], don=9),
        Side(chars=["TST-V3K", "TST-V1K"]),
    )
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    s, _ = answer_all(s, ("choose:500", "choose:501", "yes"))
    assert s.players[1].characters == ()


@pytest.mark.real_data
def test_target_phrases_of_st01_001_st01_017_and_eb02_007(real_cards):
    """ST01-001 "Give this Leader or 1 of your Characters up to 1 rested DON!! card.", ST01-017 "Up to
    1 {Straw Hat Crew} type Leader or Character card on your field gains +1000 power during this
    turn.", EB02-007 "Up to a total of 3 of your Leader and Character cards gain +1000 power"."""
    first = compile_card(real_cards["ST01-001"]).effects[0].actions[0]
    assert first.target == m.Target(who="your_leader_or_character", count=1, up_to=False)
    second = compile_card(real_cards["ST01-017"]).effects[0].actions[0]
    assert second.target.who == "your_leader_or_character" and second.target.filter.types == ("Straw Hat Crew",)
    third = compile_card(real_cards["EB02-007"]).effects[0].actions[0]
    assert third.target == m.Target(who="your_leader_or_character", count=3)
    s = position([real_cards["ST01-001"]], Side(leader="ST01-001", chars=["TST-V1K"], rested_don=1), Side())
    s, _ = play(s, "activate:1:0")
    s, _ = answer_seq(s, "choose:100")
    assert s.players[0].characters[0].don == 1


@pytest.mark.real_data
def test_op15_042_returns_to_hand_from_the_trash_on_ko(real_cards):
    """OP15-042: "[On K.O.] Add this Character card from your trash to your hand." """
    s = position(
        [real_cards["OP15-042"]], Side(chars=[("TST-V5K", {"don": 1})]), Side(chars=[("OP15-042", {"rested": True})])
    )
    s, _ = play(s, "attack:100:500")
    s, _ = answer_all(s)
    assert [c.card for c in s.players[1].hand] == ["OP15-042"]


PER_EVENTS = card(
    "TST-PEV", cost=3, power=3000, effect="This Character gains +1000 power for every 2 Events in your trash."
)
ADD_TWO_DON = card(
    "TST-A2D",
    cost=2,
    power=2000,
    effect="[On Play] Add up to 1 DON!! card from your DON!! deck and set it as active, and add up to 1 additional"
    " DON!! card and rest it.",
)


def test_a_permanent_power_that_counts_cards_8_1_3_3():
    from generator.play.engine.stats import power

    for events, expected in ((0, 3000), (3, 4000), (4, 5000)):
        s = position([PER_EVENTS], Side(chars=["TST-PEV"], trash=["TST-EV2"] * events + ["TST-V1K"] * 3), Side())
        assert power(s, 0, s.players[0].characters[0]) == expected


def test_additional_don_added_rested():
    s = position([ADD_TWO_DON], Side(hand=["TST-A2D"], don=2), Side())
    s, _ = _play_first(s)
    s, _ = answer_all(s)
    assert (s.players[0].don_active, s.players[0].don_rested, s.players[0].don_deck) == (1, 3, 6)


@pytest.mark.real_data
def test_op12_070_gains_power_for_every_five_events(real_cards):
    """OP12-070: "This Character gains +1000 power for every 5 Events in your trash." """
    from generator.play.engine.stats import power

    s = position([real_cards["OP12-070"]], Side(chars=["OP12-070"], trash=["TST-EV2"] * 11), Side())
    c = s.players[0].characters[0]
    assert power(s, 0, c) == (real_cards["OP12-070"].power or 0) + 2000


@pytest.mark.real_data
def test_op16_075_adds_an_active_and_a_rested_don(real_cards):
    """OP16-075: "[On Play] If your Leader has the {Navy} type, add up to 1 DON!! card from your DON!!
    deck and set it as active, and add up to 1 additional DON!! card and rest it." """
    navy = card("TST-LNV", "Leader", cost=None, power=5000, life=4, types=("Navy",))
    s = position([real_cards["OP16-075"], navy], Side(leader="TST-LNV", hand=["OP16-075"], don=8), Side())
    cost = real_cards["OP16-075"].cost or 0
    s, _ = _play_first(s)
    s, _ = answer_all(s)
    assert s.players[0].don_deck == 0 and s.players[0].don_rested == cost + 1
    assert s.players[0].don_active == 8 - cost + 1
