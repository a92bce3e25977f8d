"""More formulas from the uncovered real texts: a choice of what happens to one target ("Return
... to the owner's hand or place it at the bottom of their deck", "K.O. or rest ..."), "None of
your Characters can be K.O.'d ...", a negation sharing its duration with a second clause, "will
not become active in the next Refresh Phase", and play filters in other word orders ("of your
{X} type Character cards", "from your hand with a cost ...", "and a type including", "{X} type
rested Characters")."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, ids, play, play_first, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.stats import has_status, power

EITHER = card(
    "TST-EIT",
    effect="[On Play] Return up to 1 Character with a cost of 3 or less to the owner's hand or place it at the bottom"
    " of their deck.",
)
KO_OR_REST = card("TST-KOR", effect="[On Play] K.O. or rest up to 1 of your opponent's Characters.")
NONE_OF = card(
    "TST-NON", effect="[On Play] None of your Characters can be K.O.'d by effects until the start of your next turn."
)
NEGATE_AND = card(
    "TST-NGA",
    effect="[On Play] Negate the effect of up to 1 of your opponent's Characters and give that card -2000 power"
    " during this turn.",
)
NEXT_REFRESH = card(
    "TST-NRF",
    effect="[On Play] Up to 1 of your opponent's Characters will not become active in the next Refresh Phase.",
)
OWN_REFRESH = card(
    "TST-ORF",
    effect="[Activate: Main] Set this Character as active. Then, this Character will not become active in your next"
    " Refresh Phase.",
)
PLAY_OF_YOUR = card(
    "TST-POY",
    effect="[On Play] Play up to 1 of your {Crew} type Character cards with a cost of 2 or less from your trash.",
)
PLAY_WITH_AFTER = card(
    "TST-PWA",
    effect="[On Play] Play up to 1 {Crew} type Character card from your hand with a cost equal to or less than the"
    " number of DON!! cards on your field.",
)
KO_EFFECT = card("TST-KOE", "Event", cost=0, power=None, effect="[Main] K.O. up to 1 of your Characters.")
CREW2 = card("TST-CR2", cost=2, power=2000, types=("Crew",))
CREW5 = card("TST-CR5", cost=5, power=5000, types=("Crew",))
SYNTHETIC = [
    EITHER,
    KO_OR_REST,
    NONE_OF,
    NEGATE_AND,
    NEXT_REFRESH,
    OWN_REFRESH,
    PLAY_OF_YOUR,
    PLAY_WITH_AFTER,
    KO_EFFECT,
    CREW2,
    CREW5,
]


@pytest.mark.parametrize(("option", "hand", "bottom"), [("option:0", 1, "TST-V5K"), ("option:1", 0, "TST-V3K")])
def test_the_player_picks_what_happens_to_the_target(option, hand, bottom):
    (eff,) = compile_card(EITHER).effects
    assert isinstance(eff.actions[0], m.ChooseOne) and len(eff.actions[0].options) == 2
    deck = ["TST-V5K"] * 3
    s = position(SYNTHETIC, Side(hand=["TST-EIT"], don=1), Side(chars=["TST-V3K"], deck=deck))
    s, _ = play_first(s, option, "choose:500")
    assert s.players[1].characters == () and len(s.players[1].hand) == hand and s.players[1].deck[-1].card == bottom


def test_ko_or_rest_the_same_target():
    s = position(SYNTHETIC, Side(hand=["TST-KOR"], don=1), Side(chars=["TST-V3K"]))
    s, _ = play_first(s, "option:1", "choose:500")
    assert s.players[1].characters[0].rested
    s = position(SYNTHETIC, Side(hand=["TST-KOR"], don=1), Side(chars=["TST-V3K"]))
    s, _ = play_first(s, "option:0", "choose:500")
    assert s.players[1].characters == ()


def test_none_of_your_characters_can_be_kod_by_effects():
    s = position(SYNTHETIC, Side(hand=["TST-NON", "TST-KOE"], don=1, chars=["TST-V3K"]), Side())
    s, _ = play(s, "play:101")
    s, _ = answer_all(s)
    assert has_status(s, 0, s.players[0].characters[0], "cannot_be_ko_by_effects")
    s, _ = play(s, "play:102")
    s, _ = answer_seq(s, "choose:100")
    assert [c.card for c in s.players[0].characters] == ["TST-V3K", "TST-NON"]


def test_a_negation_and_its_second_clause_share_the_duration():
    (eff,) = compile_card(NEGATE_AND).effects
    assert [a.kind for a in eff.actions] == ["status", "power"] and eff.actions[1].target.who == "memo"
    assert {a.duration for a in eff.actions} == {"this_turn"}
    s = position(SYNTHETIC, Side(hand=["TST-NGA"], don=1), Side(chars=["TST-V3K", "TST-V5K"]))
    s, _ = play_first(s, "choose:501")
    assert [md.tag or md.amount for md in s.players[1].characters[1].mods] == ["negated", -2000]
    assert s.players[1].characters[0].mods == ()


def test_an_opponents_character_stays_rested_in_their_next_refresh():
    s = position(SYNTHETIC, Side(hand=["TST-NRF"], don=1), Side(chars=[("TST-V3K", {"rested": True})]))
    s, _ = play_first(s, "choose:500")
    s, _ = play(s, "end")  # the opponent's turn: their Refresh Phase keeps it rested
    assert s.active == 1 and s.players[1].characters[0].rested


def test_your_own_character_stays_rested_in_your_next_refresh():
    s = position(SYNTHETIC, Side(chars=[("TST-ORF", {"rested": True})]), Side())
    s, _ = play(s, "activate:100:0")
    s, _ = answer_all(s)
    assert not s.players[0].characters[0].rested
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    s, _ = play(s, "end", "end")  # the opponent's turn passes; in yours it stays rested
    assert s.active == 0 and s.players[0].characters[0].rested


def test_play_filters_in_other_word_orders():
    s = position(SYNTHETIC, Side(hand=["TST-POY"], don=1, trash=["TST-CR5", "TST-CR2"]), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert s.prompt is not None and s.prompt.options == (102,)  # the cost 5 one may not be played
    s = position(SYNTHETIC, Side(hand=["TST-PWA", "TST-CR2", "TST-CR5"], don=3), Side())
    s, _ = play(s, "play:100")
    assert s.prompt is not None and s.prompt.options == (101,)  # 3 DON!! on the field: cost 2 only


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op14_062_gladius_ko_or_rest(real_cards):
    """OP14-062: "[On K.O.] DON!! -1: K.O. or rest up to 1 of your opponent's Characters with a base
    power of 6000 or less." """
    (eff,) = compile_card(real_cards["OP14-062"]).effects
    (choice,) = eff.actions
    assert [o[0].kind for o in choice.options] == ["ko", "rest"]
    assert choice.options[0][0].target.filter == m.CardFilter(max_power=6000, base=True)


@pytest.mark.real_data
def test_op11_050_gotti_returns_to_hand_or_deck_bottom(real_cards):
    """OP11-050: "[When Attacking] You may trash 1 {Firetank Pirates} type card from your hand: Return up
    to 1 Character with a cost of 1 or less to the owner's hand or place it at the bottom of their deck." """
    fire = card("TST-FTP", cost=1, power=1000, types=("Firetank Pirates",))
    s = position([real_cards["OP11-050"], fire], Side(chars=["OP11-050"], hand=["TST-FTP"]), Side(chars=["TST-V1K"]))
    s, _ = play(s, "attack:100:2")
    s, _ = answer_seq(s, "yes", "option:1", "choose:500")  # one card to trash: no question
    assert s.players[1].characters == () and s.players[1].deck[-1].card == "TST-V1K"
    assert [c.card for c in s.players[0].trash] == ["TST-FTP"]


@pytest.mark.real_data
def test_op04_083_sabo_protects_every_character_from_effects(real_cards):
    """OP04-083: "[On Play] None of your Characters can be K.O.'d by effects until the start of your
    next turn. Then, draw 2 cards and trash 2 cards from your hand." """
    s = position([real_cards["OP04-083"]], Side(hand=["OP04-083"], don=5, chars=["TST-V3K"]), Side())
    s, _ = play(s, "play:101")
    s, _ = answer_all(s)
    assert all(has_status(s, 0, c, "cannot_be_ko_by_effects") for c in s.players[0].characters)
    assert len(s.players[0].trash) == 2


@pytest.mark.real_data
def test_p100_teach_negates_the_leader_and_every_character(real_cards):
    """P-100: "[When Attacking] Negate the effects of your opponent's Leader and all of their Characters
    during this turn." """
    s = position([real_cards["P-100"]], Side(chars=["P-100"]), Side(chars=["TST-V3K", "TST-V5K"]))
    s, _ = play(s, "attack:100:2")
    opp = s.players[1]
    assert all(has_status(s, 1, c, "negated") for c in (opp.leader, *opp.characters))


@pytest.mark.real_data
def test_op04_090_luffy_stays_rested_in_the_next_refresh(real_cards):
    """OP04-090: "[Activate: Main] [Once Per Turn] You may return 7 cards from your trash to the bottom
    of your deck in any order: Set this Character as active. Then, this Character will not become
    active in your next Refresh Phase." """
    s = position([real_cards["OP04-090"]], Side(chars=[("OP04-090", {"rested": True})], trash=["TST-V1K"] * 7), Side())
    s, _ = play(s, "activate:100:1")
    s, _ = answer_all(s)
    assert not s.players[0].characters[0].rested and s.players[0].trash == ()
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    s, _ = play(s, "end", "end")
    assert s.active == 0 and s.players[0].characters[0].rested


@pytest.mark.real_data
def test_op16_019_and_op17_012_play_by_type_including(real_cards):
    """OP16-019: "[Main] Play up to 2 Character cards with a type including "Whitebeard Pirates" and
    8000 power from your hand." OP17-012: "[On K.O.] Play up to 1 card with a cost of 1 and a type
    including "Whitebeard Pirates" from your hand." """
    big = card("TST-WB8", cost=8, power=8000, types=("Whitebeard Pirates",))
    small = card("TST-WB1", cost=1, power=1000, types=("Whitebeard Pirates",))
    s = position(
        [real_cards["OP16-019"], big, small], Side(hand=["OP16-019", "TST-WB8", "TST-WB8", "TST-WB1"], don=9), Side()
    )
    s, _ = play(s, "play:100")
    assert s.prompt is not None and set(s.prompt.options) == {101, 102} and s.prompt.max == 2
    (blenheim,) = compile_card(real_cards["OP17-012"]).effects
    assert blenheim.actions[0].filter == m.CardFilter(min_cost=1, max_cost=1, type_contains="Whitebeard Pirates")
    assert power(s, 0, s.players[0].leader) == 5000 and "play:103" not in ids(s)
