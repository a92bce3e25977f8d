"""Rules an effect puts on its player for a while ("you cannot draw cards using your own effects
during this turn", "you cannot set DON!! cards as active using Character effects during this
turn"), kept on the player's Leader; "rest your Leader or 1 of your Stage cards" (and named
variants) as a cost; "the selected Character will not become active in your next Refresh Phase"."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, ids, play, play_first, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card

NO_DRAW = card("TST-NDR", effect="[On Play] You cannot draw cards using your own effects during this turn.")
DRAW = card("TST-DRW", "Event", cost=0, power=None, effect="[Main] Draw 2 cards.")
NO_DON = card(
    "TST-NDN",
    effect="[On Play] You cannot set DON!! cards as active using Character effects during this turn.",
)
DON_CHAR = card("TST-DNC", effect="[Activate: Main] Set up to 1 of your DON!! cards as active.")
DON_EVENT = card("TST-DNE", "Event", cost=0, power=None, effect="[Main] Set up to 1 of your DON!! cards as active.")
LEADER_OR_STAGE = card(
    "TST-LOS", effect="[Activate: Main] You may rest your Leader or 1 of your Stage cards: Draw 1 card."
)
SELECTED_REST = card(
    "TST-SRS",
    "Event",
    cost=0,
    power=None,
    effect="[Main] Up to 1 of your Characters gains +1000 power during this turn. Then, the selected Character will"
    " not become active in your next Refresh Phase.",
)
KO_ANY = card("TST-KOA", "Event", cost=0, power=None, effect="[Main] K.O. up to 1 of your opponent's Characters.")
SYNTHETIC = [NO_DRAW, DRAW, NO_DON, DON_CHAR, DON_EVENT, LEADER_OR_STAGE, SELECTED_REST]


def test_no_drawing_by_your_own_effects_this_turn():
    s = position(SYNTHETIC, Side(hand=["TST-NDR", "TST-DRW"], don=1), Side())
    s, _ = play(s, "play:100")
    s, _ = play(s, "play:101")
    assert s.players[0].hand == () and len(s.players[0].deck) == 20


def test_no_don_set_active_by_character_effects_but_events_still_may():
    s = position(SYNTHETIC, Side(hand=["TST-NDN", "TST-DNE"], chars=["TST-DNC"], don=1, rested_don=2), Side())
    s, _ = play(s, "play:101")  # rests the one active DON!!: 0 active, 3 rested
    s, _ = answer_all(s)
    s, _ = play(s, "activate:100:0")
    s, _ = answer_all(s)
    assert s.players[0].don_active == 0
    s, _ = play(s, "play:102")
    s, _ = answer_all(s)
    assert s.players[0].don_active == 1


@pytest.mark.parametrize(("stage", "leader_rested", "stage_rested"), [(None, True, False), ("TST-STG", False, True)])
def test_rest_your_leader_or_a_stage_as_the_cost(stage, leader_rested, stage_rested):
    s = position(SYNTHETIC, Side(chars=["TST-LOS"], stage=stage), Side())
    s, _ = play(s, "activate:100:0")
    s, _ = answer_seq(s, "choose:101") if stage else answer_all(s)
    ps = s.players[0]
    assert ps.leader.rested == leader_rested and (ps.stage is not None and ps.stage.rested) == stage_rested
    assert len(ps.hand) == 1


def test_the_selected_character_of_yours_stays_rested_in_your_refresh():
    s = position(SYNTHETIC, Side(hand=["TST-SRS"], chars=[("TST-V3K", {"rested": True})]), Side())
    s, _ = play_first(s, "choose:100")
    s, _ = play(s, "end", "end")
    assert s.active == 0 and s.players[0].characters[0].rested


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op12_099_kalgara_stops_further_draws(real_cards):
    """OP12-099: "[Your Turn] When a card is removed from your or your opponent's Life cards, draw 1
    card. Then, you cannot draw cards using your own effects during this turn." """
    (eff,) = compile_card(real_cards["OP12-099"]).effects
    assert eff.actions == (
        m.Draw(n=1),
        m.GainStatus(target=m.Target(who="your_leader", up_to=False), status="no_effect_draw", duration="this_turn"),
    )


@pytest.mark.real_data
def test_op10_030_smoker_sets_one_don_then_no_more_by_characters(real_cards):
    """OP10-030: "[Activate: Main] Set up to 1 of your DON!! cards as active. Then, you cannot set DON!!
    cards as active using Character effects during this turn." """
    s = position([real_cards["OP10-030"], DON_CHAR], Side(chars=["OP10-030", "TST-DNC"], rested_don=3), Side())
    s, _ = play(s, "activate:100:0")
    s, _ = answer_all(s)
    assert s.players[0].don_active == 1
    s, _ = play(s, "activate:101:0")
    s, _ = answer_all(s)
    assert s.players[0].don_active == 1


@pytest.mark.real_data
def test_op10_057_leo_rests_the_leader_or_a_stage(real_cards):
    """OP10-057: "[On Play] You may rest your Leader or 1 of your Stage cards: If your Leader is [Usopp],
    look at 5 cards ..." """
    (eff,) = compile_card(real_cards["OP10-057"]).effects
    assert eff.costs == (m.RestCards(target=m.Target(who="your_leader_or_stage", up_to=False)),)
    usopp = card("TST-LUS", "Leader", cost=None, power=5000, life=5, name="Usopp")
    s = position([real_cards["OP10-057"], usopp], Side(leader="TST-LUS", hand=["OP10-057"], don=1), Side())
    s, _ = play_first(s, "yes")
    s, _ = answer_all(s)
    assert s.players[0].leader.rested


@pytest.mark.real_data
def test_op04_082_kyros_rests_leader_or_corrida_coliseum_instead(real_cards):
    """OP04-082: "If this Character would be K.O.'d, you may rest your Leader or 1 [Corrida Coliseum]
    instead." """
    (eff,) = compile_card(real_cards["OP04-082"]).effects[:1]
    assert eff.timing == "replacement"
    (cost,) = eff.costs
    assert cost.target.filter.any_of == (m.CardFilter(category="Leader"), m.CardFilter(names=("Corrida Coliseum",)))
    s = position([real_cards["OP04-082"], KO_ANY], Side(hand=["TST-KOA"]), Side(chars=["OP04-082"]))
    s, _ = play_first(s, "choose:500")
    s, _ = answer_all(s)
    assert [c.card for c in s.players[1].characters] == ["OP04-082"] and s.players[1].leader.rested


@pytest.mark.real_data
def test_op11_110_fukaboshi_rests_fish_man_island_or_shirahoshi(real_cards):
    """OP11-110: "If this Character would be K.O.'d, you may rest 1 of your [Fish-Man Island] or your
    [Shirahoshi] Leader instead. ..." """
    (eff,) = compile_card(real_cards["OP11-110"]).effects[:1]
    (cost,) = eff.costs
    assert cost.target.who == "your_leader_or_stage" and cost.target.filter.any_of == (
        m.CardFilter(names=("Fish-Man Island",)),
        m.CardFilter(category="Leader", names=("Shirahoshi",)),
    )
    s = position([real_cards["OP11-110"], KO_ANY], Side(hand=["TST-KOA"]), Side(chars=["OP11-110"]))
    s, _ = play_first(s, "choose:500")
    s, _ = answer_all(s)
    assert s.players[1].characters == ()  # neither that Stage nor that Leader: nothing to rest instead


@pytest.mark.real_data
def test_eb02_021_gum_gum_giant_pistol_keeps_the_selected_rested(real_cards):
    """EB02-021: "[Main] Up to 1 of your {Straw Hat Crew} type Characters gains +6000 power during this
    turn. Then, the selected Character will not become active in your next Refresh Phase." """
    shc = card("TST-SHC", cost=3, power=4000, types=("Straw Hat Crew",))
    s = position([real_cards["EB02-021"], shc], Side(hand=["EB02-021"], don=3, chars=["TST-SHC"]), Side())
    s, _ = play_first(s, "choose:100")
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    assert "attack:100:2" not in ids(s)
    s, _ = play(s, "end", "end")
    assert s.active == 0 and s.players[0].characters[0].rested
