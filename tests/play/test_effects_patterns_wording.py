"""Wordings the grammar learned last: names with a full stop inside ("[Dr. Hogback]"), "up to 1 of
your A or up to 1 of your B", "your [Name]" and "all your ...", "a cost of 3 or 4", "your Leader is
[A], [B] or [C]", "either you or your opponent has 10 DON!! cards", a condition ending ", and",
"set the base power of ... to N", one keyword of three, "do not become active in your and your
opponent's Refresh Phases", two plays in one sentence, "up to 1 each of your opponent's Leader and
Character cards", "{X} type or <Y> attribute", "cannot be K.O.'d in battle and gains", "an
additional" power that keeps the duration before it, and "Your Character cards are played rested"."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, ids, play, play_first, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.stats import has_status, keywords, power

DOTTED = card("TST-DOT", effect="[On Play] Play up to 1 [Dr. Who] from your trash. Then, draw 1 card.")
DR_WHO = card("TST-DRW", cost=2, power=2000, name="Dr. Who")
EITHER_TYPE = card(
    "TST-ETY",
    effect="[On Play] Up to 1 of your {Crew} type Characters or up to 1 of your Characters with a type including"
    ' "Navy" gains +1000 power during this turn.',
)
CREW = card("TST-CRW", cost=2, power=2000, types=("Crew",))
NAVY = card("TST-NVY", cost=2, power=2000, types=("Marine Navy",))
OTHER = card("TST-OTH", cost=2, power=2000, types=("Other",))
THREE_OR_FOUR = card("TST-34C", effect="All Characters with a cost of 3 or 4 cannot attack.")
FOUR = card("TST-V4K", cost=4, power=4000)
NAMES = card("TST-NMS", effect="[On Play] If your Leader is [Ann], [Bea] or [Cid], draw 1 card.")
BEA = card("TST-LBE", "Leader", cost=None, power=5000, life=5, name="Bea")
TEN_DON = card(
    "TST-TDN", effect="[On Play] If either you or your opponent has 10 DON!! cards on the field, draw 1 card."
)
SET_BASE = card("TST-STB", effect="[Your Turn] Set the base power of all of your {Crew} type Characters to 7000.")
ONE_OF = card(
    "TST-ONE",
    effect="[On Play] This Character gains [Double Attack], [Banish] or [Blocker] until the end of your opponent's"
    " next turn.",
)
NO_REFRESH_ALL = card(
    "TST-NRA",
    "Stage",
    cost=1,
    power=None,
    effect="All Characters with a cost of 2 or less do not become active in your and your opponent's Refresh Phases.",
)
TWO_PLAYS = card(
    "TST-TPL",
    effect="[On Play] Play up to 1 {Crew} type Character card with a cost of 2 or less and up to 1 Character card"
    " with a cost of 4 or less from your hand.",
)
EACH_SIDE = card(
    "TST-ESD",
    effect="[On Play] Give up to 1 each of your opponent's Leader and Character cards -2000 power during this turn.",
)
TYPE_OR_ATTR = card(
    "TST-TOA",
    effect="[On Play] Play up to 1 {Crew} type or <Slash> attribute Character card with a cost of 2 or less from"
    " your hand.",
)
SLASH = card("TST-SLA", cost=2, power=2000, attributes=("Slash",))
UNBEATEN = card(
    "TST-UNB",
    effect="[When Attacking] This Character cannot be K.O.'d in battle and gains +2000 power until the start of"
    " your next turn.",
)
ADDITIONAL = card(
    "TST-ADD",
    effect="[On Play] Up to 1 of your Characters gains +1000 power during this turn. Then, if you have 4 or less"
    " Life cards, that card gains an additional +1000 power.",
)
RESTED_PLAYS = card(
    "TST-RPL", "Leader", cost=None, power=5000, life=5, effect="Your Character cards are played rested."
)
SYNTHETIC = [
    DOTTED,
    DR_WHO,
    EITHER_TYPE,
    CREW,
    NAVY,
    OTHER,
    THREE_OR_FOUR,
    FOUR,
    NAMES,
    BEA,
    TEN_DON,
    SET_BASE,
    ONE_OF,
    NO_REFRESH_ALL,
    TWO_PLAYS,
    EACH_SIDE,
    TYPE_OR_ATTR,
    SLASH,
    UNBEATEN,
    ADDITIONAL,
    RESTED_PLAYS,
]


def test_a_name_with_a_full_stop_is_one_sentence():
    (eff,) = compile_card(DOTTED).effects
    assert eff.actions[0].filter == m.CardFilter(names=("Dr. Who",)) and eff.actions[1] == m.Draw(n=1)


def test_up_to_one_of_your_a_or_up_to_one_of_your_b_is_one_pick():
    s = position(SYNTHETIC, Side(hand=["TST-ETY"], don=1, chars=["TST-CRW", "TST-NVY", "TST-OTH"]), Side())
    s, _ = play(s, f"play:{s.players[0].hand[0].iid}")
    assert s.prompt is not None and s.prompt.options == (100, 101) and s.prompt.max == 1


def test_all_characters_with_a_cost_of_3_or_4_cannot_attack():
    s = position(SYNTHETIC, Side(chars=["TST-34C", "TST-V3K", "TST-V4K", "TST-V5K"]), Side())
    assert [a for a in ids(s) if a.startswith("attack:")] == ["attack:1:2", "attack:100:2", "attack:103:2"]


@pytest.mark.parametrize(("leader", "draws"), [("TST-LBE", 1), ("TST-L01", 0)])
def test_a_leader_of_one_of_three_names(leader, draws):
    s = position(SYNTHETIC, Side(leader=leader, hand=["TST-NMS"], don=1), Side())
    s, _ = play_first(s)
    assert len(s.players[0].hand) == draws


@pytest.mark.parametrize(("mine", "theirs", "draws"), [(10, 0, 1), (1, 10, 1), (9, 9, 0)])
def test_either_player_with_ten_don(mine, theirs, draws):
    s = position(SYNTHETIC, Side(hand=["TST-TDN"], don=mine), Side(don=theirs))
    s, _ = play_first(s)
    assert len(s.players[0].hand) == draws


def test_set_the_base_power_of_all_matching_characters_on_your_turn():
    s = position(SYNTHETIC, Side(chars=["TST-STB", "TST-CRW", "TST-OTH"]), Side())
    assert [power(s, 0, c) for c in s.players[0].characters] == [1000, 7000, 2000]


def test_one_keyword_of_three_is_the_players_pick():
    s = position(SYNTHETIC, Side(hand=["TST-ONE"], don=1), Side())
    s, _ = play_first(s, "option:2")
    assert "Blocker" in keywords(s, 0, s.players[0].characters[0])
    assert "Double Attack" not in keywords(s, 0, s.players[0].characters[0])


def test_a_stage_keeps_cheap_characters_of_both_players_rested():
    s = position(
        SYNTHETIC,
        Side(stage="TST-NRA", chars=[("TST-CRW", {"rested": True}), ("TST-V5K", {"rested": True})]),
        Side(chars=[("TST-V1K", {"rested": True})]),
    )
    s, _ = play(s, "end")
    assert s.players[1].characters[0].rested
    s, _ = play(s, "end")
    assert [c.rested for c in s.players[0].characters] == [True, False]


def test_two_plays_in_one_sentence():
    s = position(SYNTHETIC, Side(hand=["TST-TPL", "TST-CRW", "TST-V4K", "TST-V5K"], don=1), Side())
    s, _ = play_first(s, "choose:101", "choose:102")
    assert [c.card for c in s.players[0].characters] == ["TST-TPL", "TST-CRW", "TST-V4K"]


def test_up_to_one_each_of_the_leader_and_a_character():
    s = position(SYNTHETIC, Side(hand=["TST-ESD"], don=1), Side(chars=["TST-V5K"]))
    s, _ = play_first(s, "choose:2", "choose:500")
    assert power(s, 1, s.players[1].leader) == 3000 and power(s, 1, s.players[1].characters[0]) == 3000


def test_a_type_or_an_attribute():
    s = position(SYNTHETIC, Side(hand=["TST-TOA", "TST-CRW", "TST-SLA", "TST-OTH"], don=1), Side())
    s, _ = play(s, "play:100")
    assert s.prompt is not None and s.prompt.options == (101, 102)


def test_cannot_be_kod_in_battle_and_gains_power_share_the_duration():
    (eff,) = compile_card(UNBEATEN).effects
    assert [a.kind for a in eff.actions] == ["status", "power"]
    assert {a.duration for a in eff.actions} == {"until_start_of_your_next_turn"}
    s = position(SYNTHETIC, Side(chars=["TST-UNB"]), Side())
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    me = s.players[0].characters[0]
    assert has_status(s, 0, me, "cannot_be_ko_in_battle") and power(s, 0, me) == 3000


def test_an_additional_power_keeps_the_duration_said_before():
    (eff,) = compile_card(ADDITIONAL).effects
    assert eff.actions[1].actions[0].duration == "this_turn"
    s = position(SYNTHETIC, Side(hand=["TST-ADD"], don=1, chars=["TST-V1K"]), Side())
    s, _ = play_first(s, "choose:100")
    assert power(s, 0, s.players[0].characters[0]) == 3000


def test_characters_are_played_rested_however_they_are_played():
    s = position(SYNTHETIC, Side(leader="TST-RPL", hand=["TST-V1K", "TST-DOT"], trash=["TST-DRW"], don=5), Side())
    s, _ = play(s, "play:100")
    s, _ = play(s, "play:101")
    s, _ = answer_seq(s, "choose:102")
    assert [(c.card, c.rested) for c in s.players[0].characters] == [
        ("TST-V1K", True),
        ("TST-DOT", True),
        ("TST-DRW", True),
    ]


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op16_105_moria_trigger_plays_each_named_card(real_cards):
    """OP16-105 [Trigger]: "If you have 1 or less Life cards, play up to 1 [Absalom], up to 1 [Dr.
    Hogback], and up to 1 [Perona], with a cost of 4 or less from your trash." """
    trig = compile_card(real_cards["OP16-105"]).trigger
    assert trig is not None
    (only_if,) = trig.actions
    assert only_if.conditions == (m.CountCondition(zone="life", compare="at_most", n=1),)
    plays = only_if.actions
    assert [(a.filter.names, a.filter.max_cost, a.zone) for a in plays] == [
        (("Absalom",), 4, "trash"),
        (("Dr. Hogback",), 4, "trash"),
        (("Perona",), 4, "trash"),
    ]


@pytest.mark.real_data
def test_op17_004_gives_rush_to_wano_or_whitebeard(real_cards):
    """OP17-004: "[On Play] Up to 1 of your {Land of Wano} type Characters or up to 1 of your Characters
    with a type including "Whitebeard Pirates" gains [Rush] during this turn." """
    wano = card("TST-WNO", cost=2, power=2000, types=("Land of Wano",))
    s = position([real_cards["OP17-004"], wano], Side(hand=["OP17-004"], don=3, chars=["TST-WNO", "TST-V1K"]), Side())
    s, _ = play_first(s)
    assert s.prompt is None  # the played Character (a Whitebeard Pirate) and the Wano one were the choice
    s = position([real_cards["OP17-004"], wano], Side(hand=["OP17-004"], don=3, chars=["TST-WNO", "TST-V1K"]), Side())
    s, _ = play(s, "play:102")
    assert s.prompt is not None and set(s.prompt.options) == {100, 102}


@pytest.mark.real_data
def test_p084_buggy_stops_cost_3_and_4_attackers(real_cards):
    """P-084: "This Character cannot attack. If your Leader is [Buggy], all Characters with a cost of 3
    or 4 cannot attack. ..." """
    buggy = card("TST-LBG", "Leader", cost=None, power=5000, life=5, name="Buggy")
    s = position(
        [real_cards["P-084"], buggy, FOUR], Side(leader="TST-LBG", chars=["P-084", "TST-V4K", "TST-V5K"]), Side()
    )
    assert [a for a in ids(s) if a.startswith("attack:")] == ["attack:1:2", "attack:102:2"]


@pytest.mark.real_data
def test_op02_024_moby_dick_powers_newgate_and_whitebeard_characters(real_cards):
    """OP02-024: "[Your Turn] If you have 1 or less Life cards, your [Edward.Newgate] and all your
    Characters with a type including "Whitebeard Pirates" gain +2000 power." """
    newgate = card("TST-LEN", "Leader", cost=None, power=6000, life=5, name="Edward.Newgate")
    wb = card("TST-WBP", cost=2, power=2000, types=("Whitebeard Pirates",))
    s = position(
        [real_cards["OP02-024"], newgate, wb],
        Side(leader="TST-LEN", stage="OP02-024", chars=["TST-WBP", "TST-V1K"], life=["TST-V1K"]),
        Side(),
    )
    assert power(s, 0, s.players[0].leader) == 8000
    assert [power(s, 0, c) for c in s.players[0].characters] == [4000, 1000]


@pytest.mark.real_data
def test_op09_084_devon_picks_one_keyword(real_cards):
    """OP09-084: "[Activate: Main] [Once Per Turn] If your Leader has the {Blackbeard Pirates} type, this
    Character gains [Double Attack], [Banish] or [Blocker] until the end of your opponent's next turn." """
    bb = card("TST-LBB", "Leader", cost=None, power=5000, life=5, types=("Blackbeard Pirates",))
    s = position([real_cards["OP09-084"], bb], Side(leader="TST-LBB", chars=["OP09-084"]), Side())
    s, _ = play(s, "activate:100:0", "option:1")
    assert keywords(s, 0, s.players[0].characters[0]) == frozenset({"Banish"})


@pytest.mark.real_data
def test_op05_040_birdcage_keeps_cheap_characters_rested(real_cards):
    """OP05-040: "If your Leader is [Donquixote Doflamingo], all Characters with a cost of 5 or less do
    not become active in your and your opponent's Refresh Phases. ..." (its [End of Your Turn] trashes
    it, so the rule holds while it is on the field)"""
    dofla = card("TST-LDD", "Leader", cost=None, power=5000, life=5, name="Donquixote Doflamingo")
    six = card("TST-V6K", cost=6, power=6000)
    for leader, held in (("TST-LDD", [True, False, True]), ("TST-L01", [False, False, False])):
        s = position(
            [real_cards["OP05-040"], dofla, six],
            Side(leader=leader, stage="OP05-040", chars=["TST-V5K", "TST-V6K"]),
            Side(chars=["TST-V1K"]),
        )
        cards = [*s.players[0].characters, s.players[1].characters[0]]
        owners = [0, 0, 1]
        assert [has_status(s, o, c, "no_refresh") for o, c in zip(owners, cards, strict=True)] == held


@pytest.mark.real_data
def test_op07_075_slow_slow_beam_hits_leader_and_character(real_cards):
    """OP07-075: "[Counter] DON!! -1: Give up to 1 each of your opponent's Leader and Character cards -2000
    power during this turn." """
    (eff,) = compile_card(real_cards["OP07-075"]).effects
    assert [a.target.who for a in eff.actions] == ["opponent_leader_or_character", "opponent_character"]
    assert eff.actions[0].target.filter == m.CardFilter(category="Leader")


@pytest.mark.real_data
def test_op06_030_dosun_cannot_be_kod_in_battle_and_gains_power(real_cards):
    """OP06-030: "[When Attacking] If your Leader has the {New Fish-Man Pirates} type, this Character
    cannot be K.O.'d in battle and gains +2000 power until the start of your next turn. Then, add 1 card
    from the top of your Life cards to your hand." """
    fish = card("TST-LNF", "Leader", cost=None, power=5000, life=5, types=("New Fish-Man Pirates",))
    s = position([real_cards["OP06-030"], fish], Side(leader="TST-LNF", chars=["OP06-030"]), Side())
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    dosun = s.players[0].characters[0]
    assert has_status(s, 0, dosun, "cannot_be_ko_in_battle") and power(s, 0, dosun) == 6000
    assert len(s.players[0].hand) == 1


@pytest.mark.real_data
def test_op01_029_radical_beam_adds_for_the_battle(real_cards):
    """OP01-029: "[Counter] Up to 1 of your Leader or Character cards gains +2000 power during this
    battle. Then, if you have 2 or less Life cards, that card gains an additional +2000 power." """
    (eff,) = compile_card(real_cards["OP01-029"]).effects
    assert eff.actions[1].actions[0] == m.Power(
        target=m.Target(who="memo", count=None, up_to=False), amount=2000, duration="this_battle"
    )


@pytest.mark.real_data
def test_op09_022_lim_plays_characters_rested(real_cards):
    """OP09-022 (Leader): "Your Character cards are played rested. ..." """
    s = position([real_cards["OP09-022"]], Side(leader="OP09-022", hand=["TST-V3K"], don=3), Side())
    s, _ = play(s, "play:100")
    assert s.players[0].characters[0].rested


@pytest.mark.real_data
def test_op06_012_and_st12_003_read_their_phrases(real_cards):
    """OP06-012: "If your opponent has a Leader or Character with a base power of 6000 or more, this
    Character cannot be K.O.'d in battle." ST12-003: "... play up to 1 {Muggy Kingdom} type or <Slash>
    attribute Character card with a cost of 4 or less other than [Dracule Mihawk] from your hand rested." """
    (bear,) = compile_card(real_cards["OP06-012"]).effects
    assert bear.conditions == (
        m.CountCondition(
            zone="field", whose="opponent", compare="at_least", n=1, filter=m.CardFilter(min_power=6000, base=True)
        ),
    )
    big = card("TST-L6K", "Leader", cost=None, power=6000, life=5)
    s = position([real_cards["OP06-012"], big], Side(chars=["OP06-012"]), Side(leader="TST-L6K"))
    assert has_status(s, 0, s.players[0].characters[0], "cannot_be_ko_in_battle")
    (mihawk,) = compile_card(real_cards["ST12-003"]).effects
    play_node = mihawk.actions[0].actions[0]  # under the text's opening "If"
    assert play_node.rested and play_node.filter.any_of == (
        m.CardFilter(types=("Muggy Kingdom",)),
        m.CardFilter(attribute="Slash"),
    )
