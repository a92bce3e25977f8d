"""Auto effects with a written activation event ("When ...", 8-1-3-1-1), start-of-turn effects
(6-2-2) and "at the start of the game" effects (5-2-1-5-1), on synthetic and real cards."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, card, ids, names, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.api import Deck, apply, new_game

RETURN_DRAW = card(
    "TST-WDR",
    cost=3,
    power=2000,
    effect="[Your Turn] [Once Per Turn] When a DON!! card on your field is returned to your DON!! deck, draw 1 card.",
)
DON_MINUS = card(
    "TST-DMN",
    cost=2,
    power=3000,
    effect="[Activate: Main] DON!! \u22121: This Character gains +1000 power during this turn.",
)
RESTED_DRAW = card("TST-RST", cost=2, power=3000, effect="[Your Turn] When this Character becomes rested, draw 1 card.")
KO_BY_OPP = card(
    "TST-KBO",
    cost=2,
    power=2000,
    effect="When this Character is K.O.'d by your opponent's effect, draw 2 cards.",
)
EVENT_WATCH = card(
    "TST-EVW", cost=2, power=2000, effect="[Opponent's Turn] When your opponent activates an Event, draw 1 card."
)
BLOCK_WATCH = card(
    "TST-BLW",
    cost=5,
    power=7000,
    effect="[Once Per Turn] When your opponent activates a [Blocker], K.O. up to 1 of your opponent's Characters"
    " with 8000 power or less.",
)
DAMAGE_MILL = card(
    "TST-DMG",
    cost=4,
    power=6000,
    effect="When this Character's attack deals damage to your opponent's Life, trash 2"
    " cards from the top of your deck.",
)
DISCARD_RUSH = card(
    "TST-DRS",
    cost=3,
    power=4000,
    effect="When a card is trashed from your hand by an effect, this Character gains [Rush] during this turn.",
)
DISCARD_EVENT = card(
    "TST-DEV", "Event", cost=1, power=None, effect="[Main] Draw 2 cards and trash 1 card from your hand."
)
KO_EVENT = card(
    "TST-KOE",
    "Event",
    cost=1,
    power=None,
    effect="[Main] K.O. up to 1 of your opponent's Characters with a cost of 9 or less.",
)
BLOCKER = card("TST-BLK", cost=2, power=2000, effect="[Blocker]")
START_LEADER = card(
    "TST-LST",
    "Leader",
    cost=None,
    power=5000,
    life=4,
    effect="This effect can be activated at the start of your turn. If you have 4 or less"
    " cards in your hand, draw 1 card.",
)
GAME_LEADER = card(
    "TST-LGM",
    "Leader",
    cost=None,
    power=5000,
    life=4,
    effect="Under the rules of this game, you cannot include Events with a cost of 2 or more in your deck and at the"
    " start of the game, play up to 1 {Test Place} type Stage card from your deck.",
)
PLACE = card("TST-PLC", "Stage", cost=1, power=None, types=("Test Place",))
SYNTHETIC = [
    RETURN_DRAW,
    DON_MINUS,
    RESTED_DRAW,
    KO_BY_OPP,
    EVENT_WATCH,
    BLOCK_WATCH,
    DAMAGE_MILL,
    DISCARD_RUSH,
    DISCARD_EVENT,
    KO_EVENT,
    BLOCKER,
    START_LEADER,
    GAME_LEADER,
    PLACE,
]


def _cast(state, hand_index: int, *answers: str):
    p = state.active
    state, ev = play(state, f"play:{state.players[p].hand[hand_index].iid}")
    state, more = answer_all(state, (*answers, "choose:done", "yes"))
    return state, ev + more


def test_when_compiles_to_its_event():
    (eff,) = compile_card(RETURN_DRAW).effects
    assert eff.timing == "when" and eff.your_turn and eff.once_per_turn
    assert eff.when == m.When(event="don_returned") and eff.actions == (m.Draw(n=1),)
    (ko,) = compile_card(KO_BY_OPP).effects
    assert ko.when == m.When(event="ko", subject=m.Target(who="self_card", up_to=False), cause="opponent_effect")


def test_don_returned_sets_off_the_effect_once_per_turn():
    s = position(SYNTHETIC, Side(chars=["TST-WDR", "TST-DMN"], don=3), Side())
    s, ev = play(s, "activate:101:0")
    assert len(s.players[0].hand) == 1 and [e.kind for e in ev].count("draw") == 1
    s, ev = play(s, "activate:101:0")
    assert len(s.players[0].hand) == 1  # [Once Per Turn]


def test_becoming_rested_by_an_attack_sets_off_the_effect():
    s = position(SYNTHETIC, Side(chars=["TST-RST"]), Side())
    s, ev = play(s, "attack:100:2")
    assert len(s.players[0].hand) == 1 and s.players[0].characters[0].rested


def test_ko_by_the_opponents_effect_but_not_in_battle():
    s = position(SYNTHETIC, Side(chars=["TST-KBO"]), Side(hand=["TST-KOE"], don=1), active=1)
    s, _ = _cast(s, 0, "choose:100")
    assert [c.card for c in s.players[0].trash] == ["TST-KBO"] and len(s.players[0].hand) == 2
    s = position(SYNTHETIC, Side(chars=["TST-V5K"]), Side(chars=[("TST-KBO", {"rested": True})]))
    s, _ = play(s, "attack:100:500")
    assert s.players[1].characters == () and s.players[1].hand == ()


def test_the_opponent_activating_an_event_sets_off_the_effect():
    s = position(SYNTHETIC, Side(hand=["TST-DEV"], don=1), Side(chars=["TST-EVW"]))
    s, _ = _cast(s, 0, "choose:102")
    assert len(s.players[1].hand) == 1


def test_the_opponent_activating_a_blocker_sets_off_the_effect():
    s = position(SYNTHETIC, Side(chars=["TST-BLW"]), Side(chars=["TST-BLK", ("TST-V5K", {"rested": True})]))
    s, ev = play(s, "attack:100:2", "block:500")
    s, more = answer_all(s, ("choose:501", "choose:500"))
    assert "Test TST-V5K" not in names(s, s.players[1].characters)


def test_an_attack_dealing_damage_sets_off_the_effect():
    s = position(SYNTHETIC, Side(chars=["TST-DMG"]), Side())
    s, ev = play(s, "attack:100:2")
    assert len(s.players[0].deck) == 18 and len(s.players[1].life) == 3


def test_a_card_trashed_from_hand_by_an_effect_sets_off_the_effect():
    s = position(SYNTHETIC, Side(chars=["TST-DRS"], hand=["TST-DEV"], don=1), Side())
    s, _ = _cast(s, 0, "choose:101")
    assert "Rush" in {m.tag for m in s.players[0].characters[0].mods}


def test_start_of_turn_effect_resolves_in_the_refresh_phase_6_2_2():
    s = position(SYNTHETIC, Side(hand=["TST-V1K"] * 4), Side(leader="TST-LST", hand=["TST-V1K"] * 4))
    s, ev = play(s, "end")
    kinds = [e.kind for e in ev]
    # the start-of-turn draw comes before the Draw Phase's draw and the DON!! Phase
    assert kinds.index("effect") < kinds.index("don_phase") and len(s.players[1].hand) == 6
    assert s.active == 1 and s.phase == "main"


def test_start_of_game_effect_plays_a_stage_from_the_deck_before_the_opening_hands_5_2_1_5_1():
    cards = {c.card_id: c for c in SYNTHETIC} | {
        "TST-L01": card("TST-L01", "Leader", cost=None, power=5000, life=5),
        "TST-V1K": card("TST-V1K", power=1000, counter=1000),
    }
    comp = compile_card(GAME_LEADER)
    assert [e.timing for e in comp.effects] == ["start_of_game"]
    assert comp.effects[0].deck_rule == m.DeckRule(kind="leader_max_event_cost", value=1)
    deck = Deck(leader="TST-LGM", main=("TST-PLC",) + ("TST-V1K",) * 49)
    s = new_game(cards, deck, Deck(leader="TST-L01", main=("TST-V1K",) * 50), seed=5, first=0)
    # "up to 1": the player picks, before the opening hands (the engine does not pick for them)
    assert s.phase == "setup" and s.prompt is not None and s.waiting_for == 0
    assert not s.players[0].hand and not s.players[1].hand
    stage = next(c.iid for c in s.players[0].deck if c.card == "TST-PLC")
    assert set(ids(s)) == {f"choose:{stage}", "choose:done", "concede"}
    declined, _ = apply(s, "choose:done")
    assert declined.phase == "mulligan" and declined.players[0].stage is None and len(declined.players[0].deck) == 45
    s, _ = apply(s, f"choose:{stage}")
    assert s.phase == "mulligan" and s.waiting_for == 0
    assert s.players[0].stage is not None and s.players[0].stage.card == "TST-PLC"
    assert len(s.players[0].hand) == 5 and len(s.players[0].deck) == 44
    s, _ = apply(s, "keep")
    assert s.waiting_for == 1


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op06_042_reiju_draws_when_a_don_is_returned(real_cards):
    """OP06-042 (Leader): "[Your Turn] [Once Per Turn] When a DON!! card on your field is returned
    to your DON!! deck, draw 1 card." """
    s = position([real_cards["OP06-042"], DON_MINUS], Side(leader="OP06-042", chars=["TST-DMN"], don=2), Side())
    s, _ = play(s, "activate:100:0")
    assert len(s.players[0].hand) == 1


@pytest.mark.real_data
def test_op14_027_shanks_rests_a_character_when_it_becomes_rested(real_cards):
    """OP14-027: "[Your Turn] When this Character becomes rested, rest up to 1 of your opponent's
    Characters with 7000 base power or less." """
    s = position([real_cards["OP14-027"]], Side(chars=["OP14-027"]), Side(chars=["TST-V5K"]))
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s, ("choose:500", "choose:done"))
    assert s.players[1].characters[0].rested


@pytest.mark.real_data
def test_eb01_057_shirahoshi_adds_life_when_ko_d_by_the_opponents_effect(real_cards):
    """EB01-057: "When this Character is K.O.'d by your opponent's effect, add up to 1 card from the
    top of your deck to the top of your Life cards." """
    s = position([real_cards["EB01-057"], KO_EVENT], Side(chars=["EB01-057"]), Side(hand=["TST-KOE"], don=1), active=1)
    s, _ = _cast(s, 0, "choose:100", "option:1")
    assert len(s.players[0].life) == 5 and len(s.players[0].deck) == 19


@pytest.mark.real_data
def test_st10_006_luffy_ko_s_when_the_opponent_blocks(real_cards):
    """ST10-006: "[Once Per Turn] When your opponent activates a [Blocker], K.O. up to 1 of your
    opponent's Characters with 8000 power or less." """
    s = position([real_cards["ST10-006"], BLOCKER], Side(chars=["ST10-006"]), Side(chars=["TST-BLK", "TST-V5K"]))
    s, ev = play(s, "attack:100:2", "block:500")
    s, more = answer_all(s, ("choose:501",))
    kinds = [(e.kind, e.data.get("iid")) for e in ev + more]
    assert kinds.index(("ko", 501)) < kinds.index(("battle", None))  # K.O.'d by the effect, before the battle


@pytest.mark.real_data
def test_op03_041_usopp_mills_when_its_attack_deals_damage(real_cards):
    """OP03-041: "[DON!! x1] When this Character's attack deals damage to your opponent's Life, you
    may trash 7 cards from the top of your deck." """
    s = position([real_cards["OP03-041"]], Side(chars=[("OP03-041", {"don": 1})]), Side())
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    assert len(s.players[0].deck) == 13


@pytest.mark.real_data
def test_op08_105_bonney_draws_when_a_card_leaves_the_opponents_life(real_cards):
    """OP08-105: "[DON!! x1] [Your Turn] [Once Per Turn] When a card is removed from your
    opponent's Life cards, draw 2 cards and trash 1 card from your hand." """
    s = position([real_cards["OP08-105"]], Side(chars=[("OP08-105", {"don": 1})]), Side())
    s, _ = play(s, "attack:1:2")
    s, _ = answer_all(s)
    assert len(s.players[0].hand) == 1 and len(s.players[0].trash) == 1


@pytest.mark.real_data
def test_op09_001_shanks_weakens_when_the_opponent_attacks(real_cards):
    """OP09-001 (Leader): "[Once Per Turn] This effect can be activated when your opponent attacks.
    Give up to 1 of your opponent's Leader or Character cards -1000 power during this turn." """
    s = position([real_cards["OP09-001"]], Side(chars=["TST-V5K"]), Side(leader="OP09-001"))
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s, ("choose:100",))
    assert [(m.stat, m.amount) for m in s.players[0].characters[0].mods] == [("power", -1000)]


@pytest.mark.real_data
def test_op11_040_luffy_looks_at_the_start_of_the_turn(real_cards):
    """OP11-040 (Leader): "This effect can be activated at the start of your turn. If you have 8 or
    more DON!! cards on your field, look at 5 cards from the top of your deck; reveal up to 1
    {Straw Hat Crew} type card and add it to your hand. ..." """
    luffy = real_cards["OP11-040"]
    crew = card("TST-SHC", cost=2, power=3000, types=("Straw Hat Crew",))
    s = position([luffy, crew], Side(), Side(leader="OP11-040", rested_don=8, deck=["TST-SHC"] + ["TST-V1K"] * 19))
    s, _ = play(s, "end")
    s, _ = answer_all(s, ("choose:" + str(s.players[1].deck[0].iid) if s.players[1].deck else "choose:done",))
    assert "TST-SHC" in [c.card for c in s.players[1].hand]


LIFE_WATCH = card(
    "TST-LFW", cost=2, power=2000, effect="When a card is added to your hand from your Life, draw 1 card."
)
LIFE_TRIGGER = card("TST-LTR", cost=2, power=2000, trigger="Draw 1 card.")


@pytest.mark.parametrize("life_card", ["TST-V1K", "TST-LTR"])
def test_a_life_card_damage_adds_to_hand_sets_off_the_effect_trigger_or_not(life_card):
    """A card damage took and its owner added to hand, [Trigger] declined or none, is "a card
    added to your hand from your Life" (4-6-2-1, 10-1-5-2); the draw waits for the damage."""
    s = position([LIFE_WATCH, LIFE_TRIGGER], Side(), Side(chars=["TST-LFW"], life=[life_card], deck=["TST-V3K"]))
    s, _ = play(s, "attack:1:2", "no_trigger")
    assert sorted(names(s, s.players[1].hand)) == sorted(["Test TST-V3K", f"Test {life_card}"])
