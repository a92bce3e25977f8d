"""Orderings the rules define rather than leave to a player: effects set off while damage is
dealt wait for all of it (8-6-2), effects of one player activated together resolve in the order
that player picks (6-6-1-1-3), and an infinite loop nobody can stop is a draw (11-1-1-1)
while one a player can stop goes on only as long as that player chooses (11-1-1-2).

Positions and cards come from ``test_decisions_effects`` (synthetic cards, texts written for
the tests).
"""

from __future__ import annotations

from test_decisions_effects import Side, answers, position

from generator.play.engine import loops
from generator.play.engine.api import apply, legal_actions


def _kinds(events, player: int) -> list[str]:
    return [e.kind for e in events if e.player == player]


def test_effects_set_off_during_damage_wait_until_all_damage_is_dealt_8_6_2() -> None:
    # Double Attack: the first Life card's [Trigger] plays it, and its [On Play] (draw 1) must
    # wait until the second Life card has been dealt with (8-6-2); the [Trigger] itself does
    # not wait (8-6-2-1).
    s = position(Side(chars=["DEC-DBL"]), Side(life=["DEC-TPL", "DEC-A", "DEC-B"]))
    s, _ = apply(s, "attack:100:2")
    assert s.waiting_for == 1 and s.battle is not None and s.battle.step == "counter"  # asked, with no Counter
    s, _ = apply(s, "no_counter")
    assert s.waiting_for == 1 and s.battle is not None and s.battle.step == "trigger"
    s, events = apply(s, "trigger")
    assert s.waiting_for == 1 and s.battle.revealed.card == "DEC-A"  # the second Life card, asked
    s, more = apply(s, "no_trigger")
    order = _kinds(events + more, 1)
    assert order.index("play") < order.index("life_to_hand") < order.index("draw")
    assert [c.card for c in s.players[1].characters] == ["DEC-TPL"]
    assert [c.card for c in s.players[1].hand][:1] == ["DEC-A"] and len(s.players[1].hand) == 2
    assert s.battle is None and s.prompt is None and s.waiting_for == 0


def test_one_damage_lets_the_set_off_effect_resolve_after_it() -> None:
    s, _ = apply(position(Side(), Side(life=["DEC-TPL", "DEC-B"])), "attack:1:2")  # 5000 vs 5000: a hit
    s, _ = apply(s, "no_counter")
    assert s.battle is not None and s.battle.step == "trigger"
    s, events = apply(s, "trigger")
    assert "draw" in _kinds(events, 1) and s.battle is None and len(s.players[1].hand) == 1


def test_an_infinite_loop_nobody_can_stop_is_a_draw_11_1_1_1() -> None:
    # [On Play] K.O.s itself, [On K.O.] plays it again from the trash: nobody is ever asked.
    s, events = apply(position(Side(hand=["DEC-LOOP"], don_active=1)), "play:100")
    assert s.result is not None and s.result.winner is None and s.result.losers == ()
    assert "11-1-1-1" in s.result.reason and legal_actions(s) == []
    assert events[-1].kind == "game_over"


def test_a_loop_one_player_can_stop_goes_on_while_they_choose_11_1_1_2() -> None:
    # "You may play this card": each turn of the loop asks its controller, whose answers are
    # the number of times they declare; saying no ends it and the game goes on.
    s = apply(position(Side(hand=["DEC-MAYLOOP"], don_active=1)), "play:100")[0]
    for _ in range(3):
        assert s.result is None and s.prompt is not None and s.prompt.player == 0
        s = apply(s, "yes")[0]
        assert [c.card for c in s.players[0].characters] == []  # played, K.O.'d, asked again
    s = apply(s, "no")[0]
    assert s.result is None and s.prompt is None and s.phase == "main" and s.waiting_for == 0
    assert [c.card for c in s.players[0].trash] == ["DEC-MAYLOOP"]


def test_a_loop_a_player_stopped_may_not_be_started_again_from_that_position_11_1_1_2() -> None:
    # Two Characters whose activation rests and then readies them: each activation brings back
    # the very position it was made from, a loop the turn player makes at will.
    start = position(Side(chars=["DEC-UNTAP", "DEC-UNTAP"]), Side(life=["DEC-A", "DEC-B"]))
    s = start
    for _ in range(3):  # going round is declaring the count: allowed as often as they like
        s = apply(s, "activate:100:0")[0]
        assert loops.position(s) == loops.position(start) and "activate:100:0" in _ids(s)
    s = apply(s, "activate:101:0")[0]  # something else at that position: the first loop is over
    assert loops.position(s) == loops.position(start)
    assert "activate:100:0" not in _ids(s) and "activate:101:0" in _ids(s)
    s = apply(s, "activate:101:0")[0]  # the second loop goes on
    assert "activate:100:0" not in _ids(s)
    s = apply(apply(apply(s, "attack:1:2")[0], "no_counter")[0], "no_trigger")[0]  # another position: nothing barred
    assert loops.position(s) != loops.position(start) and "activate:100:0" in _ids(s)


def test_a_loop_barred_in_one_turn_is_free_in_the_next() -> None:
    s = apply(position(Side(chars=["DEC-UNTAP", "DEC-UNTAP"])), "activate:100:0")[0]
    s = apply(s, "activate:101:0")[0]
    assert "activate:100:0" not in _ids(s)
    later = s.model_copy(update={"turn": s.turn + 2})  # the same board two turns on
    assert "activate:100:0" in _ids(later)
    assert not apply(later, "activate:100:0")[0].loops[0].stopped


def test_ordinary_moves_keep_no_loop_records() -> None:
    s = apply(position(Side(chars=["DEC-A"]), Side()), "attack:100:2")[0]
    assert s.loops == ()


def _ids(state) -> set[str]:
    return {a.id for a in legal_actions(state)}


def test_end_of_turn_effects_resolve_in_the_order_the_turn_player_picks_6_6_1_1_3() -> None:
    s = position(Side(chars=["DEC-EOD", "DEC-EOT"], hand=["DEC-A"]))
    s, _ = apply(s, "end")
    assert s.prompt is not None and s.prompt.player == 0 and s.waiting_for == 0
    assert answers(s) == [
        "Test DEC-EOD (100): end of your turn",
        "Test DEC-EOT (101): end of your turn",
    ]
    trash_first, events = apply(s, "option:1")  # hand of 1: the trash needs no choice
    moves = [k for k in _kinds(events, 0) if k in ("discard", "draw")]
    assert moves[:2] == ["discard", "draw"] and [c.card for c in trash_first.players[0].trash] == ["DEC-A"]
    draw_first, events = apply(s, "option:0")  # the default: the cards' order on the field
    moves = [k for k in _kinds(events, 0) if k in ("discard", "draw")]
    assert moves == ["draw"] and draw_first.prompt is not None  # which card to trash now
