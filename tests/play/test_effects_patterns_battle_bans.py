"""Rules on a battle that read the cards in it: "This Character cannot be K.O.'d in battle by <Slash>
attribute cards" (the attacker must match, 7-1-4-1-2), "Your opponent cannot activate a [Blocker]
Character that has 2000 or less power during this battle" (the Blocker's power when it would block,
7-1-2); and the attack targets (7-1-1-2) under "your opponent cannot attack any card other than
the Character [X]", "you cannot attack a Leader during this turn" and "This Character cannot attack
a Leader on the turn in which it is played"."""

from __future__ import annotations

import pytest
from effect_positions import Side, answer_all, card, ids, play, play_first, position

from generator.play.effects import model as m
from generator.play.effects.compiler import compile_card
from generator.play.engine.state import Mod

SLASHER = card("TST-SLA", cost=3, power=9000, attributes=("Slash",))
STRIKER = card("TST-STR", cost=3, power=9000, attributes=("Strike",))
SPECIAL = card("TST-SPE", cost=3, power=9000, attributes=("Special",))
BLOCKER_2K = card("TST-B2K", cost=2, power=2000, effect="[Blocker]")
BLOCKER_3K = card("TST-B3K", cost=2, power=3000, effect="[Blocker]")
BLOCKER_5K = card("TST-B5K", cost=4, power=5000, effect="[Blocker]")
ATTACKERS = [SLASHER, STRIKER, SPECIAL, BLOCKER_2K, BLOCKER_3K, BLOCKER_5K]


def _attack_rested(real_cards, defender: str, attacker: str, don: int = 0, leader: bool = False):
    """Player 0's ``attacker`` (or Leader) attacks player 1's rested ``defender`` and the battle is
    played out (no Blocker, no Counter); player 1's Characters after it."""
    extra = [real_cards[defender], *ATTACKERS]
    s = position(
        extra, Side(chars=[] if leader else [attacker]), Side(chars=[(defender, {"rested": True, "don": don})])
    )
    s, _ = play(s, f"attack:{1 if leader else 100}:500")
    s, _ = answer_all(s)
    return [c.card for c in s.players[1].characters]


# ------------------------------------------------------------------------------ K.O. in battle by


@pytest.mark.real_data
def test_op03_032_buggy_compiles_to_a_shield_against_slash_cards(real_cards):
    """OP03-032: "This Character cannot be K.O.'d in battle by <Slash> attribute cards." """
    (eff,) = compile_card(real_cards["OP03-032"]).effects
    assert eff.timing == "static" and eff.actions == (
        m.BattleKOShield(target=m.Target(who="self_card", up_to=False), by=m.CardFilter(attribute="Slash")),
    )


@pytest.mark.real_data
@pytest.mark.parametrize(("attacker", "survives"), [("TST-SLA", True), ("TST-STR", False)])
def test_op03_032_buggy_survives_only_slash_attackers(real_cards, attacker, survives):
    """The attacker wins the battle either way (9000 against 5000); only a <Slash> one cannot K.O."""
    assert _attack_rested(real_cards, "OP03-032", attacker) == (["OP03-032"] if survives else [])


@pytest.mark.real_data
@pytest.mark.parametrize(("leader", "survives"), [(True, True), (False, False)])
def test_st08_002_uta_cannot_be_ko_d_in_battle_by_leaders(real_cards, leader, survives):
    """ST08-002: "This Character cannot be K.O.'d in battle by Leaders." (3000 power: a 5000 Leader
    wins the battle but does not K.O. it; a Character does.)"""
    assert _attack_rested(real_cards, "ST08-002", "TST-SLA", leader=leader) == (["ST08-002"] if survives else [])


@pytest.mark.real_data
@pytest.mark.parametrize(
    ("attacker", "leader", "survives"),
    [("TST-STR", False, True), ("TST-SPE", False, False), ("TST-STR", True, False)],
)
def test_p025_smoker_is_shielded_from_characters_without_special(real_cards, attacker, leader, survives):
    """P-025: "[DON!! x1] This Character cannot be K.O.'d in battle by Characters without the <Special>
    attribute." A <Special> Character K.O.s it, and so does a Leader (the text names Characters)."""
    left = _attack_rested(real_cards, "P-025", attacker, don=1, leader=leader)
    assert left == (["P-025"] if survives else [])


@pytest.mark.real_data
def test_p025_smoker_without_don_has_no_shield(real_cards):
    assert _attack_rested(real_cards, "P-025", "TST-STR") == []


@pytest.mark.real_data
def test_p007_luffy_names_strike_leaders_and_characters_alike(real_cards):
    """P-007: "... by <Strike> attribute Leaders or Characters": one filter on the attribute, not
    "<Strike> Leaders, or any Character" (official Q&A on P-007: only <Strike> ones)."""
    (eff,) = compile_card(real_cards["P-007"]).effects
    assert eff.actions[0].by == m.CardFilter(attribute="Strike")
    assert _attack_rested(real_cards, "P-007", "TST-SPE", don=1) == []
    assert _attack_rested(real_cards, "P-007", "TST-STR", don=1) == ["P-007"]


# ------------------------------------------------------------------------------ [Blocker] bans


def _block_options(real_cards, attacker: str, don: int, blockers: list[str]) -> list[str]:
    s = position([real_cards[attacker], *ATTACKERS], Side(chars=[(attacker, {"don": don})]), Side(chars=blockers))
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    return [a for a in ids(s) if a.startswith("block:")]


@pytest.mark.real_data
def test_op01_120_shanks_bars_blockers_of_2000_or_less(real_cards):
    """OP01-120: "[When Attacking] Your opponent cannot activate a [Blocker] Character that has 2000 or
    less power during this battle." """
    (eff,) = compile_card(real_cards["OP01-120"]).effects
    assert eff.actions == (m.BlockerBan(max_power=2000, duration="this_battle"),)
    assert _block_options(real_cards, "OP01-120", 0, ["TST-B2K", "TST-B3K"]) == ["block:501"]


@pytest.mark.real_data
def test_st01_002_usopp_bars_blockers_of_5000_or_more_with_two_don(real_cards):
    """ST01-002: "[DON!! x2] [When Attacking] Your opponent cannot activate a [Blocker] Character that has
    5000 or more power during this battle." """
    assert _block_options(real_cards, "ST01-002", 2, ["TST-B3K", "TST-B5K"]) == ["block:500"]
    assert _block_options(real_cards, "ST01-002", 1, ["TST-B3K", "TST-B5K"]) == ["block:500", "block:501"]


@pytest.mark.real_data
def test_the_blocker_ban_reads_power_when_blocking_and_ends_with_the_battle(real_cards):
    """A 2000 Blocker given +1000 before the Block step may block (its power then is 3000); the
    ban is gone in the next battle."""
    s = position(
        [real_cards["OP01-120"], *ATTACKERS],
        Side(chars=["OP01-120", "TST-SLA"]),
        Side(chars=[("TST-B2K", {"mods": (Mod(stat="power", amount=1000, until_turn=3),)}), "TST-B2K"]),
    )
    s, _ = play(s, "attack:100:2")
    s, _ = answer_all(s)
    assert [a for a in ids(s) if a.startswith("block:")] == ["block:500"]
    s, _ = play(s, "no_block", "no_counter")
    s, _ = answer_all(s)
    s, _ = play(s, "attack:101:2")
    s, _ = answer_all(s)
    assert [a for a in ids(s) if a.startswith("block:")] == ["block:500", "block:501"]


# ------------------------------------------------------------------------------ attack only [X]


def _targets(real_cards, kid: str, kid_state: dict, leader: str = "TST-L01", second: bool = True) -> list[str]:
    """Player 0's attacks on player 1's field: the card ``kid`` (500), a rested Character (501) and,
    with ``second``, a rested copy of ``kid`` (502)."""
    rocks = card("TST-LRK", "Leader", cost=None, power=5000, life=5, types=("Rocks Pirates",))
    chars = [(kid, kid_state), ("TST-V3K", {"rested": True})] + ([(kid, {"rested": True})] if second else [])
    s = position([real_cards[kid], rocks, SLASHER], Side(chars=["TST-SLA"]), Side(leader=leader, chars=chars))
    return sorted(a for a in ids(s) if a.startswith("attack:100:"))


@pytest.mark.real_data
def test_p067_kid_rested_draws_every_attack(real_cards):
    """P-067: "If this Character is rested, your opponent cannot attack any card other than the
    Character [Eustass"Captain"Kid]." Neither the Leader nor another Character may be attacked; both
    Kids may (official Q&A on OP01-051)."""
    (eff,) = compile_card(real_cards["P-067"]).effects
    assert eff.actions == (m.AttackLock(names=('Eustass"Captain"Kid',)),)
    assert _targets(real_cards, "P-067", {"rested": True}) == ["attack:100:500", "attack:100:502"]


@pytest.mark.real_data
def test_an_active_kid_locks_nothing_but_a_rested_one_still_does(real_cards):
    assert _targets(real_cards, "P-067", {}, second=False) == ["attack:100:2", "attack:100:501"]
    assert _targets(real_cards, "P-067", {}) == ["attack:100:502"]


@pytest.mark.real_data
def test_op17_044_captain_john_needs_a_rocks_pirates_leader(real_cards):
    """OP17-044: "If your Leader's type includes "Rocks Pirates" and this Character is rested, your
    opponent cannot attack any card other than the Character [Captain John]." """
    locked = _targets(real_cards, "OP17-044", {"rested": True}, leader="TST-LRK")
    assert locked == ["attack:100:500", "attack:100:502"]
    assert len(_targets(real_cards, "OP17-044", {"rested": True})) == 4


@pytest.mark.real_data
def test_op06_026_koushirou_bars_leader_attacks_for_the_turn(real_cards):
    """OP06-026: "[On Play] Set up to 1 of your <Slash> attribute Characters with a cost of 4 or less as
    active. Then, you cannot attack a Leader during this turn." Characters may still be attacked;
    next turn the Leader may be attacked again."""
    s = position(
        [real_cards["OP06-026"], SLASHER],
        Side(hand=["OP06-026"], chars=["TST-SLA"], don=5),
        Side(chars=[("TST-V3K", {"rested": True})]),
    )
    s, _ = play_first(s)
    assert sorted(a for a in ids(s) if a.startswith("attack:")) == ["attack:100:500", "attack:1:500"]
    s, _ = play(s, "end", "end")
    assert "attack:1:2" in ids(s)


@pytest.mark.real_data
@pytest.mark.parametrize(("played_turn", "leader_attackable"), [(3, False), (1, True)])
def test_op03_004_curiel_cannot_attack_a_leader_the_turn_it_is_played(real_cards, played_turn, leader_attackable):
    """OP03-004: "This Character cannot attack a Leader on the turn in which it is played." and "[DON!!
    x1] This Character gains [Rush]." With [Rush] on its first turn it may attack Characters only."""
    s = position(
        [real_cards["OP03-004"]],
        Side(chars=[("OP03-004", {"don": 1, "played_turn": played_turn})]),
        Side(chars=[("TST-V3K", {"rested": True})]),
    )
    assert ("attack:100:2" in ids(s)) == leader_attackable and "attack:100:500" in ids(s)
