""" "When this Character battles and K.O.'s your opponent's Character, ...": an auto effect set off
by the K.O. of the Damage step when this Character is the attacker (only the attacked card can be
K.O.'d in battle, 7-1-4-1-2); a K.O. by an effect, or a battle won against a Leader, does not."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, answer_seq, card, play, play_first, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card

KO_EVENT = card("TST-KOE", "Event", cost=0, power=None, effect="[Main] K.O. up to 1 of your opponent's Characters.")


def _isuka_attacks(real_cards, target: str, don: int = 1):
    s = position(
        [real_cards["OP02-094"]],
        Side(chars=[("OP02-094", {"don": don})]),
        Side(chars=[("TST-V3K", {"rested": True})]),
    )
    s, _ = play(s, f"attack:100:{target}")
    s, _ = answer_all(s)
    return s


@pytest.mark.real_data
def test_op02_094_isuka_compiles_to_a_battle_ko_event(real_cards):
    """OP02-094: "[DON!! x1] [Once Per Turn] When this Character battles and K.O.'s your opponent's
    Character, set this Character as active." """
    (eff,) = compile_card(real_cards["OP02-094"]).effects
    assert eff.timing == "when" and eff.once_per_turn and eff.don_requirement == 1
    assert eff.when == m.When(event="battle_ko", whose="opponent", subject=m.Target(who="self_card", up_to=False))


@pytest.mark.real_data
def test_op02_094_isuka_stands_up_after_a_battle_ko(real_cards):
    s = _isuka_attacks(real_cards, "500")
    assert s.players[1].characters == () and not s.players[0].characters[0].rested


@pytest.mark.real_data
@pytest.mark.parametrize(("target", "don"), [("2", 1), ("500", 0)])
def test_op02_094_isuka_stays_rested_after_a_leader_attack_or_without_don(real_cards, target, don):
    s = _isuka_attacks(real_cards, target, don)
    assert s.players[0].characters[0].rested


@pytest.mark.real_data
def test_op04_086_chinjao_ignores_a_ko_by_an_effect(real_cards):
    """OP04-086: "[DON!! x1] When this Character battles and K.O.'s your opponent's Character, draw 2
    cards and trash 2 cards from your hand." A K.O. by an Event is not a battle."""
    s = position(
        [real_cards["OP04-086"], KO_EVENT],
        Side(chars=[("OP04-086", {"don": 1})], hand=["TST-KOE"]),
        Side(chars=["TST-V3K"]),
    )
    s, _ = play_first(s, "choose:500")
    assert s.players[1].characters == () and s.players[0].hand == ()


@pytest.mark.real_data
def test_op04_086_chinjao_draws_and_trashes_after_a_battle_ko(real_cards):
    s = position(
        [real_cards["OP04-086"]],
        Side(chars=[("OP04-086", {"don": 1})], hand=["TST-V5K"]),
        Side(chars=[("TST-V3K", {"rested": True})]),
    )
    s, _ = play(s, "attack:100:500")
    s, _ = answer_seq(s, "choose:101", "choose:106")  # the trashed cards: the player's pick
    assert s.players[1].characters == ()
    assert len(s.players[0].hand) == 1 and sorted(c.iid for c in s.players[0].trash) == [101, 106]
