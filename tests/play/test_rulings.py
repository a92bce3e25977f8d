"""One test per ruling of the rules digest (design/onepiece-rules.md), on small synthetic cards.

Positions are built directly (``position``) so each test states exactly the board it rules on;
card ids are fake (``TST-...``) and the texts are written for the tests, never copied cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from generator.models.onepiece import OnePieceCard
from generator.play.effects.compiler import compile_card
from generator.play.engine.api import Deck, IllegalAction, apply, concede, legal_actions, new_game
from generator.play.engine.phases import check_defeat
from generator.play.engine.state import CardInstance, GameState, Mod, PlayerState
from generator.play.engine.support import supported
from tests.play.effect_positions import take_plain_life


def card(
    cid: str,
    category: str = "Character",
    cost: int | None = 1,
    power: int | None = 1000,
    counter: int | None = None,
    life: int | None = None,
    effect: str | None = None,
    trigger: str | None = None,
) -> OnePieceCard:
    return OnePieceCard(
        card_id=cid,
        name=f"Test {cid}",
        category=category,
        colors=("Red",),
        cost=cost,
        power=power,
        counter=counter,
        life=life,
        attributes=(),
        types=(),
        effect=effect,
        trigger=trigger,
        block=None,
        rarity=None,
        skus=(),
    )


CARDS = {
    c.card_id: c
    for c in [
        card("TST-L01", "Leader", cost=None, power=5000, life=5),
        card("TST-L02", "Leader", cost=None, power=5000, life=4),
        card("TST-V1K", power=1000, counter=1000),  # vanilla 1000, counter +1000
        card("TST-V3K", cost=3, power=3000),
        card("TST-V5K", cost=4, power=5000),
        card("TST-V6K", cost=5, power=6000),
        card("TST-BLK", cost=2, power=2000, effect="[Blocker]"),
        card("TST-RSH", cost=3, power=5000, effect="[Rush]"),
        card("TST-RSC", cost=3, power=5000, effect="[Rush: Character]"),
        card("TST-DBL", cost=5, power=6000, effect="[Double Attack]"),
        card("TST-BAN", cost=5, power=6000, effect="[Banish]"),
        card("TST-UNB", cost=4, power=5000, effect="[Unblockable]"),
        card("TST-TRG", cost=1, power=1000, trigger="Draw 2 cards."),
        card("TST-OKO", cost=2, power=2000, effect="[On K.O.] Draw 1 card."),
        card(
            "TST-OPK",
            cost=4,
            power=5000,
            effect="[On Play] K.O. up to 1 of your opponent's Characters with a cost of 3 or less.",
        ),
        card("TST-ACT", cost=2, power=2000, effect="[Activate: Main] [Once Per Turn] Draw 1 card."),
        card(
            "TST-WAT", cost=2, power=3000, effect="[When Attacking] This Character gains +2000 power during this turn."
        ),
        card("TST-DRU", cost=2, power=2000, effect="[DON!! x1] This Character gains [Rush]."),
        card(
            "TST-CEV",
            "Event",
            cost=1,
            power=None,
            effect="[Counter] Up to 1 of your Leader or Character cards gains +4000 power during this battle.",
        ),
        card("TST-MEV", "Event", cost=1, power=None, effect="[Main] Draw 2 cards."),
        card("TST-STA", "Stage", cost=1, power=None),
        card("TST-STB", "Stage", cost=1, power=None),
        card(
            "TST-OOA",
            cost=3,
            power=4000,
            effect="[On Your Opponent's Attack] K.O. up to 1 of your opponent's Characters with a cost of 3 or less.",
        ),
        card(
            "TST-PFH",
            cost=3,
            power=3000,
            effect="[On Play] Play up to 1 Character card with a cost of 2 or less from your hand.",
        ),
        card("TST-PTC", cost=2, power=3000, trigger="Play this card."),
        card(
            "TST-NEG",
            cost=1,
            power=1000,
            effect="[On Play] Give up to 1 of your opponent's Characters \u22123000 power during this turn.",
        ),
    ]
}
COMPILED = {cid: supported(compile_card(c)) for cid, c in CARDS.items()}


@dataclass
class Side:
    leader: str = "TST-L01"
    chars: list[str | tuple[str, dict]] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    life: int = 5
    deck: int = 20
    don: int = 0  # active DON!! in the cost area
    stage: str | None = None
    life_cards: list[str] = field(default_factory=list)  # top first; filler after them


def position(a: Side, b: Side, turn: int = 3, active: int = 0) -> GameState:
    """A Main-phase position: player ``active`` to act on ``turn`` (3+ = battles allowed).
    Instance ids: Leaders 1 and 2, player 0's cards from 100, player 1's from 500."""
    players = []
    for p, side in enumerate((a, b)):
        ids = iter(range(100 + 400 * p, 500 + 400 * p))

        def inst(cid: str, ids=ids, **kw: object) -> CardInstance:
            return CardInstance(iid=next(ids), card=cid, **kw)

        chars = tuple(inst(c) if isinstance(c, str) else inst(c[0], **c[1]) for c in side.chars)
        life = [inst(c) for c in side.life_cards]
        life += [inst("TST-V1K") for _ in range(side.life - len(life))]
        given = sum(c.don for c in chars)
        players.append(
            PlayerState(
                leader=CardInstance(iid=p + 1, card=side.leader),
                characters=chars,
                stage=inst(side.stage) if side.stage else None,
                hand=tuple(inst(c) for c in side.hand),
                life=tuple(life),
                deck=tuple(inst("TST-V1K") for _ in range(side.deck)),
                don_active=side.don,
                don_deck=10 - side.don - given,
            )
        )
    return GameState(
        cards=CARDS,
        compiled=COMPILED,
        players=(players[0], players[1]),
        first=0,
        turn=turn,
        active=active,
        phase="main",
        waiting_for=active,
        rng=1,
    )


def ids(state: GameState) -> list[str]:
    return [a.id for a in legal_actions(state)]


def play(state: GameState, *action_ids: str) -> GameState:
    """The actions in order, a Life card without [Trigger] taken between them (``take_plain_life``)."""
    for i, aid in enumerate(action_ids):
        state, _ = apply(state, aid)
        state = take_plain_life(state, action_ids[i + 1 : i + 2])[0]
    return state


def char(state: GameState, p: int, i: int) -> int:
    return state.players[p].characters[i].iid


def hand(state: GameState, p: int, i: int) -> int:
    return state.players[p].hand[i].iid


# ------------------------------------------------------------------------ set-up and the turn


def _filler_deck() -> Deck:
    return Deck(leader="TST-L01", main=("TST-V1K",) * 25 + ("TST-TRG",) * 25)


def test_setup_hands_mulligan_and_life_5_2() -> None:
    s = new_game(CARDS, _filler_deck(), _filler_deck(), seed=3, first=1)
    assert s.waiting_for == 1 and s.phase == "mulligan"  # first player decides first
    assert [len(p.hand) for p in s.players] == [5, 5]
    before = s.players[1].hand
    s = play(s, "mulligan")
    assert s.waiting_for == 0 and len(s.players[1].hand) == 5
    assert "mulligan" in ids(s)
    assert len(before) == 5 and len(s.players[1].deck) == 45  # hand went back first
    decks = [p.deck for p in s.players]
    s = play(s, "keep")
    for p in (0, 1):  # 5-2-1-7, 2-9-2-1
        assert s.players[p].life == tuple(reversed(decks[p][:5]))
        assert len(s.players[p].deck) == 50 - 5 - 5
    assert s.turn == 1 and s.active == 1 and s.phase == "main"


def test_first_turn_no_draw_one_don_then_two_6_3_6_4() -> None:
    s = new_game(CARDS, _filler_deck(), _filler_deck(), seed=1, first=0)
    s = play(s, "keep", "keep")
    me = s.players[0]
    assert len(me.hand) == 5 and me.don_active == 1 and me.don_deck == 9
    s = play(s, "end")
    other = s.players[1]
    assert s.turn == 2 and len(other.hand) == 6 and other.don_active == 2


def test_no_battle_on_either_first_turn_6_5_6_1() -> None:
    for turn, active in ((1, 0), (2, 1)):
        me = Side(chars=[("TST-RSH", {"played_turn": turn})], don=3)
        s = (
            position(me, Side(), turn=turn, active=active)
            if active == 0
            else position(Side(), me, turn=turn, active=active)
        )
        assert not [a for a in ids(s) if a.startswith("attack")]


def test_refresh_returns_given_don_and_readies_cards_6_2() -> None:
    s = position(Side(chars=["TST-V3K"], don=3), Side())
    s = play(s, "don:1", f"don:{char(s, 0, 0)}", "attack:1:2")
    s = play(s, *(["no_counter"] if s.battle else []))
    assert s.players[0].leader.rested and s.players[0].don_active == 1
    s = play(s, "end", "end")  # back to player 0
    me = s.players[0]
    assert me.leader.don == 0 and me.characters[0].don == 0 and not me.leader.rested
    assert me.don_active == 5 and me.don_rested == 0  # 3 back + 2 new


def test_don_gives_1000_power_on_own_turn_only_6_5_5_2() -> None:
    s = position(Side(don=2), Side())
    s = play(s, "don:1")
    from generator.play.engine.api import view

    assert view(s, 0)["players"][0]["leader"]["power"] == 6000
    s = play(s, "end")
    assert s.players[0].leader.don == 1  # still given...
    assert view(s, 1)["players"][0]["leader"]["power"] == 5000  # ...but no bonus


def test_don_returns_rested_when_its_card_leaves_the_field_6_5_5_4() -> None:
    s = position(Side(chars=["TST-V6K"], don=3), Side(chars=[("TST-V1K", {"rested": True, "don": 2})]))
    s = play(s, f"attack:{char(s, 0, 0)}:{char(s, 1, 0)}")
    assert not s.players[1].characters and s.players[1].don_rested == 2
    assert s.players[1].don_total() == 10


def test_concession_always_available_1_2_3() -> None:
    s = position(Side(), Side())
    assert "concede" in ids(s)
    s = play(s, "concede")
    assert s.result.winner == 1 and s.result.reason == "concession" and legal_actions(s) == []
    s, _ = concede(position(Side(), Side()), 1)  # not the one to act
    assert s.result.winner == 0 and s.result.losers == (1,)


# ----------------------------------------------------------------------------- playing cards


def test_playing_rests_don_equal_to_cost_2_7_2() -> None:
    s = position(Side(hand=["TST-V3K", "TST-V6K"], don=3), Side())
    assert f"play:{hand(s, 0, 1)}" not in ids(s)  # cost 5 > 3 DON!!
    s = play(s, f"play:{hand(s, 0, 0)}")
    assert s.players[0].don_active == 0 and s.players[0].don_rested == 3


def test_sixth_character_trashes_one_first_not_a_ko_3_7_6_1() -> None:
    s = position(Side(chars=["TST-OKO"] + ["TST-V1K"] * 4, hand=["TST-V3K"], don=3), Side())
    old = char(s, 0, 0)
    assert f"play:{hand(s, 0, 0)}" not in ids(s)
    hand_size = len(s.players[0].hand)
    s = play(s, f"play:{hand(s, 0, 0)}:{old}")
    me = s.players[0]
    assert len(me.characters) == 5 and me.trash[0].iid == old
    assert len(me.hand) == hand_size - 1  # no [On K.O.] draw


def test_second_stage_replaces_the_first_3_8_5_1() -> None:
    s = position(Side(stage="TST-STA", hand=["TST-STB"], don=1), Side())
    old = s.players[0].stage.iid
    s = play(s, f"play:{hand(s, 0, 0)}")
    assert s.players[0].stage.card == "TST-STB" and s.players[0].trash[0].iid == old


def test_counter_event_not_playable_in_main_phase_10_2_4_1() -> None:
    s = position(Side(hand=["TST-CEV", "TST-MEV"], don=3), Side())
    assert f"play:{hand(s, 0, 0)}" not in ids(s) and f"play:{hand(s, 0, 1)}" in ids(s)
    s = play(s, f"play:{hand(s, 0, 1)}")  # [Main] Draw 2
    assert len(s.players[0].hand) == 3 and s.players[0].trash[0].card == "TST-MEV"


def test_cost_below_zero_counts_as_zero_and_power_may_go_negative_1_3_6() -> None:
    s = position(Side(hand=["TST-NEG"], don=1), Side(chars=["TST-V1K"]))
    s = play(s, f"play:{hand(s, 0, 0)}", f"choose:{char(s, 1, 0)}")
    from generator.play.engine.stats import cost, power

    target = s.players[1].characters[0]
    assert power(s, 1, target) == -2000 and s.players[1].characters  # negative, still there
    assert cost(s, 1, target.model_copy(update={"mods": ()})) == 1
    cheap = target.model_copy(update={"mods": (Mod(stat="cost", amount=-5),)})
    assert cost(s, 1, cheap) == 0


# ------------------------------------------------------------------------------------ attacks


def test_character_cannot_attack_the_turn_it_is_played_3_7_4() -> None:
    s = position(Side(hand=["TST-V3K"], don=3), Side())
    s = play(s, f"play:{hand(s, 0, 0)}")
    assert not [a for a in ids(s) if a.startswith(f"attack:{char(s, 0, 0)}")]


def test_rush_attacks_the_turn_it_is_played_10_1_1() -> None:
    s = position(Side(hand=["TST-RSH"], don=3), Side(chars=[("TST-V1K", {"rested": True})]))
    s = play(s, f"play:{hand(s, 0, 0)}")
    rush = char(s, 0, 0)
    assert {f"attack:{rush}:2", f"attack:{rush}:{char(s, 1, 0)}"} <= set(ids(s))


def test_rush_character_attacks_only_characters_10_1_6() -> None:
    s = position(Side(hand=["TST-RSC"], don=3), Side(chars=[("TST-V1K", {"rested": True})]))
    s = play(s, f"play:{hand(s, 0, 0)}")
    me = char(s, 0, 0)
    attacks = [a for a in ids(s) if a.startswith(f"attack:{me}")]
    assert attacks == [f"attack:{me}:{char(s, 1, 0)}"]


def test_don_condition_grants_rush_10_2_9() -> None:
    s = position(Side(hand=["TST-DRU"], don=3), Side())
    s = play(s, f"play:{hand(s, 0, 0)}")
    me = char(s, 0, 0)
    assert f"attack:{me}:2" not in ids(s)
    s = play(s, f"don:{me}")
    assert f"attack:{me}:2" in ids(s)


def test_only_rested_characters_can_be_attacked_7_1_1_2() -> None:
    s = position(Side(), Side(chars=["TST-V1K", ("TST-V1K", {"rested": True})]))
    attacks = [a for a in ids(s) if a.startswith("attack:1:")]
    assert attacks == ["attack:1:2", f"attack:1:{char(s, 1, 1)}"]


def test_tie_goes_to_the_attacker_7_1_4_1() -> None:
    s = position(Side(), Side())
    attack = next(a for a in legal_actions(s) if a.id == "attack:1:2")
    assert attack.preview.counter_needed == 1000 and attack.preview.outcome_if_unanswered == "life"
    s = play(s, "attack:1:2")  # 5000 vs 5000
    assert len(s.players[1].life) == 4 and len(s.players[1].hand) == 1
    s = position(Side(), Side(chars=[("TST-V5K", {"rested": True})]))
    s = play(s, f"attack:1:{char(s, 1, 0)}")
    assert not s.players[1].characters  # 5000 vs 5000: K.O.


def test_weaker_attacker_loses_the_battle_7_1_4_2() -> None:
    s = position(Side(chars=["TST-V3K"]), Side(chars=[("TST-V5K", {"rested": True})]))
    attack = next(a for a in legal_actions(s) if a.id == f"attack:{char(s, 0, 0)}:2")
    assert attack.preview.outcome_if_unanswered == "fails" and attack.preview.counter_needed == 0
    s = play(s, attack.id)
    assert len(s.players[1].life) == 5 and s.battle is None


def test_leader_damaged_at_zero_life_loses_7_1_4_1_1_1() -> None:
    s = position(Side(), Side(life=0))
    assert next(a for a in legal_actions(s) if a.id == "attack:1:2").preview.outcome_if_unanswered == "win"
    s = play(s, "attack:1:2")
    assert s.result.winner == 0 and s.result.reason == "damage at 0 Life"


def test_double_attack_deals_two_damage_10_1_2() -> None:
    s = position(Side(chars=["TST-DBL"]), Side())
    s = play(s, f"attack:{char(s, 0, 0)}:2")
    assert len(s.players[1].life) == 3 and len(s.players[1].hand) == 2


def test_double_attack_cannot_win_from_one_life_7_1_4_1_1_3() -> None:
    s = position(Side(chars=["TST-DBL"]), Side(life=1))
    s = play(s, f"attack:{char(s, 0, 0)}:2")
    assert s.result is None and not s.players[1].life and len(s.players[1].hand) == 1


def test_banish_trashes_life_without_trigger_10_1_3() -> None:
    s = position(Side(chars=["TST-BAN"]), Side(life_cards=["TST-TRG"]))
    s = play(s, f"attack:{char(s, 0, 0)}:2")
    them = s.players[1]
    assert them.trash[0].card == "TST-TRG" and not them.hand and s.battle is None


def test_trigger_may_be_activated_instead_of_adding_to_hand_10_1_5() -> None:
    s = position(Side(), Side(life_cards=["TST-TRG"]))
    s = play(s, "attack:1:2")
    assert s.waiting_for == 1 and set(ids(s)) == {"trigger", "no_trigger", "concede"}
    used = play(s, "trigger")  # Draw 2, then trashed
    assert len(used.players[1].hand) == 2 and used.players[1].trash[0].card == "TST-TRG"
    kept = play(s, "no_trigger")
    assert [c.card for c in kept.players[1].hand] == ["TST-TRG"] and not kept.players[1].trash


# -------------------------------------------------------------------------- block and counter


def test_blocker_takes_the_attack_10_1_4() -> None:
    s = position(Side(), Side(chars=["TST-BLK"]))
    blocker = char(s, 1, 0)
    s = play(s, "attack:1:2")
    assert s.battle.step == "block" and f"block:{blocker}" in ids(s)
    s = play(s, f"block:{blocker}")
    assert not s.players[1].characters and len(s.players[1].life) == 5


def test_blocker_limits_7_1_2() -> None:
    # a rested Blocker cannot block: no Block step, the attack connects
    s = position(Side(), Side(chars=[("TST-BLK", {"rested": True})]))
    s = play(s, "attack:1:2")
    assert s.battle is None and len(s.players[1].life) == 4
    # only one block per battle: after blocking the battle moves on to the Counter step
    s = position(Side(), Side(chars=["TST-BLK", "TST-BLK"], hand=["TST-V1K"]))
    s = play(s, "attack:1:2", f"block:{char(s, 1, 0)}")
    assert s.battle.step == "counter" and not [a for a in ids(s) if a.startswith("block")]


def test_the_attacked_card_cannot_block_itself_10_1_4_1() -> None:
    eager = ("TST-V6K", {"mods": (Mod(stat="status", tag="can_attack_active"),)})
    s = position(Side(chars=[eager]), Side(chars=["TST-BLK", "TST-BLK"]))
    first, second = char(s, 1, 0), char(s, 1, 1)
    s = play(s, f"attack:{char(s, 0, 0)}:{first}")  # an active Blocker
    assert [a for a in ids(s) if a.startswith("block")] == [f"block:{second}"]


def test_unblockable_cannot_be_blocked_10_1_7() -> None:
    s = position(Side(chars=["TST-UNB"]), Side(chars=["TST-BLK"]))
    attack = next(a for a in legal_actions(s) if a.id == f"attack:{char(s, 0, 0)}:2")
    assert not attack.preview.blockable
    s = play(s, attack.id)
    assert s.battle is None and len(s.players[1].life) == 4


def test_counter_step_character_counter_7_1_3_2_1() -> None:
    s = position(Side(), Side(hand=["TST-V1K"]))
    s = play(s, "attack:1:2")
    assert s.battle.step == "counter" and s.waiting_for == 1
    s = play(s, f"counter:{hand(s, 1, 0)}:2")  # 5000 vs 6000
    assert len(s.players[1].life) == 5 and s.players[1].trash[0].card == "TST-V1K"
    assert s.players[1].leader.mods == ()  # "this battle" ended


def test_counter_event_pays_its_cost_7_1_3_2_2() -> None:
    s = position(Side(), Side(hand=["TST-CEV"], don=1))
    s = play(s, "attack:1:2", f"counter_event:{hand(s, 1, 0)}")
    assert s.players[1].don_active == 0 and s.players[1].don_rested == 1
    assert s.waiting_for == 1 and "choose:2" in ids(s)  # target of the +4000
    s = play(s, "choose:2")  # no more counters: damage
    assert len(s.players[1].life) == 5 and s.battle is None


def test_counter_event_unaffordable_is_not_offered() -> None:
    s = position(Side(), Side(hand=["TST-CEV"], don=0))
    s = play(s, "attack:1:2")
    assert s.battle is None and len(s.players[1].life) == 4  # no Counter step to take


# ------------------------------------------------------------------------- end of the game


def test_drawing_the_last_card_loses_1_2_1_1_2() -> None:
    s = position(Side(), Side(deck=1), turn=3, active=0)
    s = play(s, "end")  # player 1 draws their last
    assert s.result.winner == 0 and s.result.reason == "no cards in deck"


def test_both_meeting_a_defeat_condition_both_lose_9_2_1() -> None:
    s = position(Side(deck=0), Side(deck=0))
    s = check_defeat(s, [])
    assert s.result.winner is None and s.result.losers == (0, 1) and s.waiting_for is None


# ------------------------------------------------------------------------------------ effects


def test_on_play_ko_with_cost_limit_and_up_to_choice_10_2_6() -> None:
    s = position(Side(hand=["TST-OPK"], don=4), Side(chars=["TST-V3K", "TST-V6K"]))
    small, big = char(s, 1, 0), char(s, 1, 1)
    s = play(s, f"play:{hand(s, 0, 0)}")
    assert s.waiting_for == 0 and set(ids(s)) == {f"choose:{small}", "choose:done", "concede"}
    assert big not in [c.iid for c in s.players[1].trash]
    s = play(s, f"choose:{small}")
    assert [c.iid for c in s.players[1].characters] == [big] and s.prompt is None


def test_on_ko_resolves_from_the_trash_10_2_17() -> None:
    s = position(Side(chars=["TST-V3K"]), Side(chars=[("TST-OKO", {"rested": True})]))
    s = play(s, f"attack:{char(s, 0, 0)}:{char(s, 1, 0)}")
    assert len(s.players[1].hand) == 1 and s.players[1].trash[0].card == "TST-OKO"


def test_once_per_turn_activate_main_10_2_13() -> None:
    s = position(Side(chars=["TST-ACT"]), Side())
    act = f"activate:{char(s, 0, 0)}:0"
    s = play(s, act)
    assert len(s.players[0].hand) == 1 and act not in ids(s)
    s = play(s, "end", "end")
    assert act in ids(s)  # usable again next turn


def test_when_attacking_power_this_turn_10_2_5() -> None:
    s = position(Side(chars=["TST-WAT"]), Side(chars=[("TST-V5K", {"rested": True})]))
    s = play(s, f"attack:{char(s, 0, 0)}:{char(s, 1, 0)}")  # 3000 + 2000 vs 5000
    assert not s.players[1].characters


def test_attacker_leaving_the_field_skips_to_end_of_battle_7_1_1_4() -> None:
    s = position(Side(chars=["TST-V3K"]), Side(chars=["TST-OOA"]))
    attacker = char(s, 0, 0)
    s = play(s, f"attack:{attacker}:2")
    assert s.waiting_for == 1 and f"choose:{attacker}" in ids(s)  # [On Your Opponent's Attack]
    s = play(s, f"choose:{attacker}")
    assert s.battle is None and len(s.players[1].life) == 5
    assert s.players[0].trash[0].iid == attacker and s.waiting_for == 0


def test_choices_answer_the_prompts_an_action_opens() -> None:
    s = position(Side(hand=["TST-OPK"], don=4), Side(chars=["TST-V3K"]))
    s, events = apply(s, f"play:{hand(s, 0, 0)}", {"then": [f"choose:{char(s, 1, 0)}"]})
    assert not s.players[1].characters and [e.kind for e in events][-1] == "ko"
    with pytest.raises(IllegalAction):
        apply(s, "end", {"then": ["end"]})  # player 1 acts next


def test_effect_playing_a_sixth_character_trashes_one_first_3_7_6_1() -> None:
    s = position(Side(chars=["TST-V1K"] * 4, hand=["TST-PFH", "TST-BLK"], don=3), Side())
    blocker = hand(s, 0, 1)
    s = play(s, f"play:{hand(s, 0, 0)}", f"choose:{blocker}")  # 5 Characters now
    assert s.prompt.label.startswith("trash 1 of your Characters")
    old = char(s, 0, 0)
    s = play(s, f"choose:{old}")
    me = s.players[0]
    assert len(me.characters) == 5 and me.characters[-1].iid == blocker
    assert me.trash[0].iid == old and s.prompt is None


def test_trigger_plays_the_life_card_10_1_5() -> None:
    s = position(Side(), Side(life_cards=["TST-PTC"]))
    s = play(s, "attack:1:2", "trigger")
    them = s.players[1]
    assert [c.card for c in them.characters] == ["TST-PTC"] and not them.trash and not them.hand


def test_illegal_action_is_refused() -> None:
    s = position(Side(), Side())
    with pytest.raises(IllegalAction):
        apply(s, "attack:1:999")
