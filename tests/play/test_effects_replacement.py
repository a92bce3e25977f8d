"""Replacement effects (8-1-3-4): "If this Character would be K.O.'d, you may ... instead", on
synthetic cards and on real cards whose text uses the formula. Boards are built directly
(``effect_positions``): player 0's cards from iid 100, player 1's from 500."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, card, ids, names, play, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.api import redact, view

TRASH_INSTEAD = card(
    "TST-RKO",
    cost=3,
    power=2000,
    effect="If this Character would be K.O.'d, you may trash 1 card from your hand instead.",
)
ONCE_REST = card(
    "TST-ROP",
    cost=4,
    power=5000,
    effect="[Once Per Turn] If this Character would be removed from the field by your opponent's effect,"
    " you may rest 1 of your DON!! cards instead.",
)
GUARD = card(
    "TST-GRD",
    cost=2,
    power=2000,
    effect="If your {Test Crew} type Character would be K.O.'d by your opponent's effect, you may trash this"
    " Character instead.",
)
CREW = card("TST-CRW", cost=3, power=4000, types=("Test Crew",))
KO_EVENT = card(
    "TST-KOE",
    "Event",
    cost=1,
    power=None,
    effect="[Main] K.O. up to 1 of your opponent's Characters with a cost of 9 or less.",
)
BOUNCE_EVENT = card(
    "TST-BNC",
    "Event",
    cost=1,
    power=None,
    effect="[Main] Return up to 1 Character with a cost of 9 or less to the owner's hand.",
)
KO_TWO_DRAW = card(
    "TST-K2D",
    "Event",
    cost=1,
    power=None,
    effect="[Main] K.O. up to 2 of your opponent's Characters with a cost of 9 or less. Then, draw 1 card.",
)
REST_INSTEAD = card(
    "TST-RDI",
    cost=3,
    power=3000,
    effect="If this Character would be K.O.'d, you may rest 1 of your DON!! cards instead.",
)
HAND_GUARD = card(
    "TST-HGD",
    cost=2,
    power=2000,
    effect="If your Character would be K.O.'d, you may trash 1 card from your hand instead.",
)
TRASH_CREW_INSTEAD = card(
    "TST-RTY",
    cost=3,
    power=2000,
    effect="If this Character would be K.O.'d, you may trash 1 {Test Crew} type card from your hand instead.",
)
SYNTHETIC = [
    TRASH_INSTEAD,
    ONCE_REST,
    GUARD,
    CREW,
    KO_EVENT,
    BOUNCE_EVENT,
    KO_TWO_DRAW,
    REST_INSTEAD,
    HAND_GUARD,
    TRASH_CREW_INSTEAD,
]


def _cast(state, hand_index: int, target: int):
    """Player ``state.active`` plays the Event at ``hand_index`` and aims it at ``target``."""
    p = state.active
    state, ev = play(state, f"play:{state.players[p].hand[hand_index].iid}")
    state, more = answer_all(state, (f"choose:{target}", "choose:done", "yes"))
    return state, ev + more


def test_replacement_compiles_to_costs_and_what_it_replaces():
    comp = compile_card(TRASH_INSTEAD)
    assert comp.complete
    (eff,) = comp.effects
    assert eff.timing == "replacement" and eff.optional
    assert eff.replaces == m.Replacement(event="ko", subject=m.Target(who="self_card", up_to=False))
    assert eff.costs == (m.TrashFromHandCost(n=1),)


def test_battle_ko_is_replaced_by_trashing_a_hand_card_8_1_3_4():
    s = position(
        SYNTHETIC,
        Side(chars=["TST-V5K"]),
        Side(chars=[("TST-RKO", {"rested": True})], hand=["TST-V3K", "TST-V1K"]),
    )
    s, ev = play(s, "attack:100:500", "no_counter")
    # its owner is asked, before the K.O. (8-1-3-4-1: they may decline)
    assert s.waiting_for == 1 and s.prompt is not None and s.prompt.kind == "option"
    assert s.prompt.label == "Test TST-RKO would be K.O.'d"
    assert s.prompt.labels == ("use the effect of Test TST-RKO instead", "let Test TST-RKO be K.O.'d")
    declined, _ = play(s, "option:1")
    assert declined.players[1].characters == () and "TST-RKO" in [c.card for c in declined.players[1].trash]
    s, more = play(s, "option:0")
    assert s.prompt is not None and s.prompt.player == 1 and set(s.prompt.options) == {501, 502}
    s, last = play(s, "choose:501")  # which card goes is theirs too: not the cheapest one here
    assert names(s, s.players[1].characters) == ["Test TST-RKO"]  # still on the field
    assert [c.card for c in s.players[1].trash] == ["TST-V3K"] and s.battle is None
    kinds = [e.kind for e in ev + more + last]
    assert "replacement" in kinds and "ko" not in kinds


def test_replacement_that_cannot_be_done_does_not_apply_8_1_3_4_5():
    # no card in hand to trash: its owner is asked all the same (whether it can be done depends
    # on the hand, which the attacker may not learn), with "let it happen" the only answer
    s = position(SYNTHETIC, Side(chars=["TST-V5K"]), Side(chars=[("TST-RKO", {"rested": True})]))
    s, ev = play(s, "attack:100:500")
    assert s.waiting_for == 1 and s.prompt is not None and s.prompt.labels == ("let Test TST-RKO be K.O.'d",)
    s, more = play(s, "option:0")
    assert s.players[1].characters == () and [c.card for c in s.players[1].trash] == ["TST-RKO"]
    assert "replacement" not in [e.kind for e in ev + more]


def test_once_per_turn_replacement_applies_once_and_only_to_the_opponents_effects():
    s = position(
        SYNTHETIC,
        Side(chars=["TST-ROP"], don=2, hand=["TST-BNC"]),
        Side(hand=["TST-BNC", "TST-BNC"], don=3),
        active=1,
    )
    s, ev = _cast(s, 0, 100)
    assert names(s, s.players[0].characters) == ["Test TST-ROP"] and s.players[0].don_rested == 1
    s, ev = _cast(s, 0, 100)  # the same turn: the replacement was used
    assert s.players[0].characters == () and "Test TST-ROP" in names(s, s.players[0].hand)


def test_own_effect_is_not_the_opponents_effect():
    s = position(SYNTHETIC, Side(chars=["TST-ROP"], don=3, hand=["TST-BNC"]), Side())
    s, _ = _cast(s, 0, 100)
    assert s.players[0].characters == () and s.players[0].don_active == 2  # returned; no DON!! rested for it


def test_a_replacement_protects_the_cards_its_subject_names():
    s = position(
        SYNTHETIC,
        Side(chars=["TST-GRD", "TST-CRW", "TST-V3K"]),
        Side(hand=["TST-KOE", "TST-KOE"], don=3),
        active=1,
    )
    s, _ = _cast(s, 0, 101)  # the {Test Crew} Character: the guard is trashed instead
    assert names(s, s.players[0].characters) == ["Test TST-CRW", "Test TST-V3K"]
    assert [c.card for c in s.players[0].trash] == ["TST-GRD"]
    s, _ = _cast(s, 0, 102)  # not {Test Crew}: K.O.'d
    assert names(s, s.players[0].characters) == ["Test TST-CRW"]


def test_the_owner_is_asked_mid_effect_and_the_rest_of_the_text_goes_on_8_1_3_4_4_1():
    # player 1 K.O.s two of player 0's Characters, then draws: player 0 (the owner) decides on
    # the replacement for the one that has it, the other is K.O.'d, then player 1 draws.
    s = position(SYNTHETIC, Side(chars=["TST-RDI", "TST-V3K"], don=1), Side(hand=["TST-K2D"], don=1), active=1)
    s, ev = play(s, "play:500")
    s, more = play(s, "choose:100", "choose:101")
    assert s.prompt is not None and s.prompt.player == 0 and s.waiting_for == 0 and s.prompt.kind == "option"
    assert len(s.players[1].hand) == 0  # nothing after the K.O. has happened yet
    s, last = play(s, "option:0")
    assert names(s, s.players[0].characters) == ["Test TST-RDI"] and s.players[0].don_rested == 1
    assert [c.card for c in s.players[0].trash] == ["TST-V3K"] and len(s.players[1].hand) == 1
    assert s.prompt is None and s.waiting_for == 1 and not s.offered


def test_declining_one_replacement_offers_the_next_own_card_first_8_1_3_4_2():
    # TST-RDI has its own replacement and TST-HGD guards every Character: its own is offered
    # first; declined, the guard's is offered; declined too, the K.O. happens.
    s = position(
        SYNTHETIC,
        Side(chars=["TST-HGD", "TST-RDI"], don=1, hand=["TST-V1K"]),
        Side(hand=["TST-KOE"], don=1),
        active=1,
    )
    s, _ = play(s, "play:500")
    s, _ = play(s, "choose:101")
    assert s.prompt.labels[0] == "use the effect of Test TST-RDI instead"
    second, _ = play(s, "option:1")
    assert second.prompt.labels[0] == "use the effect of Test TST-HGD instead" and second.prompt.player == 0
    taken, _ = play(second, "option:0")
    assert names(taken, taken.players[0].characters) == ["Test TST-HGD", "Test TST-RDI"]
    assert [c.card for c in taken.players[0].trash] == ["TST-V1K"] and taken.players[0].don_rested == 0
    neither, _ = play(second, "option:1")
    assert names(neither, neither.players[0].characters) == ["Test TST-HGD"] and not neither.offered
    first, _ = play(s, "option:0")  # the first taken: the guard's lapses, unasked (8-1-3-4-3)
    assert first.prompt is None and first.players[0].don_rested == 1 and first.players[0].hand


def test_the_offer_tells_the_attacker_nothing_about_the_hand_3_4_3():
    # whether the replacement can be done depends on a hidden card: the question, and all the
    # attacker sees, is the same; only its owner sees the answer "use it" offered
    def hit(hand: str):
        s = position(SYNTHETIC, Side(chars=["TST-V5K"]), Side(chars=[("TST-RTY", {"rested": True})], hand=[hand]))
        return play(s, "attack:100:500", "no_counter")

    (crew, ev_crew), (other, ev_other) = hit("TST-CRW"), hit("TST-V1K")
    assert crew.waiting_for == other.waiting_for == 1
    assert view(crew, 0) == view(other, 0) and redact(ev_crew, 0) == redact(ev_other, 0)
    assert len(crew.prompt.labels) == 2 and len(other.prompt.labels) == 1
    assert view(crew, 1) != view(other, 1)


# ------------------------------------------------------------------------------ real cards


@pytest.mark.real_data
def test_op12_053_borsalino_trashes_a_hand_card_instead_of_leaving(real_cards):
    """OP12-053: "[Once Per Turn] If this Character would be removed from the field by your
    opponent's effect, you may trash 1 card from your hand instead." """
    s = position(
        [real_cards["OP12-053"], BOUNCE_EVENT],
        Side(chars=["OP12-053"], hand=["TST-V1K"]),
        Side(hand=["TST-BNC"], don=1),
        active=1,
    )
    s, ev = _cast(s, 0, 100)
    assert [c.card for c in s.players[0].characters] == ["OP12-053"]
    assert s.players[0].hand == () and [c.card for c in s.players[0].trash] == ["TST-V1K"]


@pytest.mark.real_data
def test_eb04_030_kaido_returns_a_don_instead_of_a_battle_ko(real_cards):
    """EB04-030: "If this Character would be K.O.'d, you may return 1 DON!! card from your field
    to your DON!! deck instead." """
    s = position(
        [real_cards["EB04-030"]],
        Side(chars=[("TST-V5K", {"don": 5})]),
        Side(chars=[("EB04-030", {"rested": True})], rested_don=2),
    )
    s, ev = play(s, "attack:100:500", "option:0")
    assert [c.card for c in s.players[1].characters] == ["EB04-030"]
    assert s.players[1].don_rested == 1 and s.players[1].don_deck == 9


@pytest.mark.real_data
def test_op05_001_sabo_weakens_the_character_instead_of_its_ko(real_cards):
    """OP05-001 (Leader): "[DON!! x1] [Opponent's Turn] [Once Per Turn] If your Character with 5000
    power or more would be K.O.'d, you may give that Character -1000 power during this turn
    instead of that Character being K.O.'d." """
    s = position(
        [real_cards["OP05-001"], KO_EVENT],
        Side(leader="OP05-001", leader_state={"don": 1}, chars=["TST-V5K", "TST-V3K"]),
        Side(hand=["TST-KOE", "TST-KOE"], don=2),
        active=1,
    )
    s, _ = _cast(s, 0, 100)
    (kept, _three) = s.players[0].characters
    assert kept.card == "TST-V5K" and [(m.stat, m.amount) for m in kept.mods] == [("power", -1000)]
    s, _ = _cast(s, 0, 101)  # 3000 power: not the subject
    assert [c.card for c in s.players[0].characters] == ["TST-V5K"]
    assert "activate" not in " ".join(ids(s))  # nothing left to ask
