"""Hidden information in every projection: what a player is shown (``view``, ``redact``) must
not change when only things they may not know change. Each test builds two positions that differ
in one hidden thing (a Life card's [Trigger], the other hand, deck order, the cards a "look at"
effect found, the other player's prompt) and asserts the other player's projections are equal;
each also checks the difference is real, by the projection of the player who may see it."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import orjson
from practice_client import KEY, POOL, call

from generator.play.engine.api import Deck, GameState, apply, legal_actions, new_game, redact, view
from generator.play.protocol import practice
from generator.play.protocol.seal import seal

LOOK = (
    "[On Play] Look at 5 cards from the top of your deck; reveal up to 1 Character card and add it to "
    "your hand. Then, place the rest at the bottom of your deck in any order."
)


def _deck(leader: str, prefix: str) -> Deck:
    main = [cid for cid in POOL if cid.startswith(prefix) and POOL[cid].category != "Leader"]
    return Deck(leader=leader, main=tuple((main * 4)[:50]))


DECKS = (_deck("TSL-001", "TSR-"), _deck("TSL-002", "TSB-"))


def _positions(cards, seed: int, games: int = 40) -> Iterator[tuple[GameState, str]]:
    """(position, action taken there) along seeded random self-play games."""
    for g in range(games):
        r = random.Random(seed * 1000 + g)
        state = new_game(cards, *DECKS, seed=seed * 1000 + g)
        while state.result is None:
            action = r.choice([a for a in legal_actions(state) if a.id != "concede"]).id
            yield state, action
            state, _ = apply(state, action)


def _first(cards, test: Callable[[GameState, str], bool], seed: int = 1) -> tuple[GameState, str]:
    return next((s, a) for s, a in _positions(cards, seed) if test(s, a))


def _with_card(state: GameState, p: int, zone: str, index: int, card: str) -> GameState:
    """``state`` with one card of player ``p``'s ``zone`` (same instance id) made another card."""
    ps = state.players[p]
    cards = list(getattr(ps, zone))
    cards[index] = cards[index].model_copy(update={"card": card})
    return state.with_player(p, ps.model_copy(update={zone: tuple(cards)}))


def _no_trigger_card(owner_leader: str) -> str:
    prefix = "TSR-" if owner_leader == "TSL-001" else "TSB-"
    return next(c for c, d in POOL.items() if c.startswith(prefix) and d.category == "Character" and not d.trigger)


def _hit(state: GameState, action: str) -> tuple[GameState, list]:
    """The attack ``action``, the defender then neither blocking nor countering: (state, events)."""
    after, events = apply(state, action)
    while after.result is None and after.prompt is None and after.battle and after.battle.step in ("block", "counter"):
        after, more = apply(after, "no_block" if after.battle.step == "block" else "no_counter")
        events += more
    return after, events


def _goes_to_trigger(state: GameState, action: str) -> bool:
    """The attack takes a Life card with a [Trigger] (its owner is asked at every Life card)."""
    if not action.startswith("attack:"):
        return False
    after, _ = _hit(state, action)
    b = after.battle
    return b is not None and b.step == "trigger" and after.result is None and bool(POOL[b.revealed.card].trigger)


def test_a_trigger_decision_looks_to_the_attacker_like_a_life_card_without_one() -> None:
    before, action = _first(POOL, _goes_to_trigger)
    attacker, defender = before.active, 1 - before.active
    plain = _with_card(before, defender, "life", 0, _no_trigger_card(before.players[defender].leader.card))

    deciding, ev_hit = _hit(before, action)
    taking, ev_taken = _hit(plain, action)
    # the defender is asked either way (3-10-2, 10-1-5-2): only the answers differ, and only they see them
    assert deciding.waiting_for == taking.waiting_for == defender
    assert {a.id for a in legal_actions(deciding)} == {"trigger", "no_trigger", "concede"}
    assert {a.id for a in legal_actions(taking)} == {"no_trigger", "concede"}
    assert view(deciding, attacker) == view(taking, attacker)
    assert redact(ev_hit, attacker) == redact(ev_taken, attacker)
    assert "trigger" not in json.dumps(view(deciding, attacker))
    assert view(deciding, defender) != view(taking, defender)  # the owner does see the card

    # once declined, the attacker's events and view are those of a Life card without [Trigger]
    declined, ev_declined = apply(deciding, "no_trigger")
    took, ev_took = apply(taking, "no_trigger")
    assert redact(ev_declined, attacker) == redact(ev_took, attacker)
    assert view(declined, attacker) == view(took, attacker)
    assert redact(ev_hit, defender) != redact(ev_taken, defender)


def test_the_other_hand_deck_order_and_life_are_not_shown() -> None:
    state, _ = _first(POOL, lambda s, a: s.turn >= 5 and len(s.players[1].hand) >= 3)
    ps = state.players[1]
    other = [c for c in POOL if c.startswith("TSB-") and c not in {h.card for h in ps.hand}]
    renamed = tuple(c.model_copy(update={"card": other[i % len(other)]}) for i, c in enumerate(ps.hand))
    changed = state.with_player(
        1,
        ps.model_copy(
            update={
                "hand": tuple(reversed(renamed)),
                "deck": tuple(reversed(ps.deck)),
                "life": tuple(reversed(ps.life)),
            }
        ),
    )
    own = state.players[0]
    changed = changed.with_player(
        0, own.model_copy(update={"deck": tuple(reversed(own.deck)), "life": tuple(reversed(own.life))})
    )
    assert view(state, 0) == view(changed, 0)
    assert view(state, 1) != view(changed, 1)


LOOK_POOL = {
    **POOL,
    **{
        cid: card.model_copy(update={"effect": LOOK})
        for cid, card in POOL.items()
        if card.category == "Character" and card.cost is not None and card.cost <= 3
    },
}


def _search_prompt(state: GameState, action: str) -> bool:
    return state.prompt is not None and state.prompt.kind == "choose" and bool(state.pending[0].looked)


def test_what_a_look_at_effect_found_and_the_prompt_are_not_shown_to_the_other_player() -> None:
    state, _ = _first(LOOK_POOL, _search_prompt)
    chooser = state.prompt.player
    other = 1 - chooser
    ps = state.players[chooser]
    # the same question over other cards: different matches, options and bounds
    fewer = state.prompt.model_copy(update={"options": state.prompt.options[:1], "max": 1, "label": "other"})
    deck = tuple(c.model_copy(update={"card": _no_trigger_card(ps.leader.card)}) for c in ps.deck)
    changed = state.with_player(chooser, ps.model_copy(update={"deck": deck})).model_copy(update={"prompt": fewer})
    assert view(state, other) == view(changed, other)
    assert view(state, other)["prompt"] == {"player": chooser}
    assert view(state, chooser) != view(changed, chooser)


def test_the_answer_to_a_search_is_not_an_event_the_other_player_sees() -> None:
    state, action = _first(LOOK_POOL, lambda s, a: _search_prompt(s, a) and a == "choose:done")
    chooser = state.prompt.player
    _, events = apply(state, action)
    assert any(e.kind == "chosen" for e in events)
    assert not [e for e in redact(events, 1 - chooser) if e["kind"] == "chosen"]
    assert [e for e in redact(events, chooser) if e["kind"] == "chosen"]


def test_pending_effects_of_cards_out_of_sight_are_not_listed() -> None:
    state, _ = _first(LOOK_POOL, _search_prompt)
    chooser = state.prompt.player
    hidden = state.players[chooser].deck[0]
    frame = state.pending[0].model_copy(update={"source": hidden.iid, "card": hidden.card})
    moved = state.model_copy(update={"pending": (frame, *state.pending[1:])})
    assert view(moved, 1 - chooser)["pending_effects"] == view(state, 1 - chooser)["pending_effects"][1:]


def _reply_to(monkeypatch, position: GameState, action: str) -> dict:
    """The practice referee's answer to the human's ``action`` in ``position`` (a token sealed
    here), with an AI that declines every [Trigger] and plays its own way otherwise."""
    real = practice.ai_move

    def declining(policy, state, seed, ply, legal=None, turn=None):
        ids = {a.id for a in legal_actions(state)}
        return "no_trigger" if "no_trigger" in ids else real(policy, state, seed, ply, legal, turn)

    monkeypatch.setattr(practice, "ai_move", declining)
    game = {"id": "g" * 24, "seed": 7, "level": 1, "ply": 40, "shown": 30}
    payload = orjson.dumps({"v": practice.PAYLOAD_VERSION, "game": game, "state": position.model_dump(mode="json")})
    status, out = call({"op": "move", "state": seal(payload, KEY, bytes(12)), "action_id": action})
    assert status == 200, out
    return {k: v for k, v in out.items() if k != "state"}


def _human_attack_into_trigger(state: GameState, action: str) -> bool:
    return state.active == practice.HUMAN and state.waiting_for == practice.HUMAN and _goes_to_trigger(state, action)


def test_the_referee_answers_alike_whether_the_ai_declined_a_trigger_or_had_none(monkeypatch) -> None:
    before, action = _first(POOL, _human_attack_into_trigger)
    ai = practice.AI
    plain = _with_card(before, ai, "life", 0, _no_trigger_card(before.players[ai].leader.card))
    declined, taken = _reply_to(monkeypatch, before, action), _reply_to(monkeypatch, plain, action)
    assert declined == taken
    assert declined["ply"] == 31 and {e["move_by"] for e in declined["log"]} == {"you"}


def test_answers_to_questions_the_other_player_may_not_know_of_are_hidden_answers() -> None:
    asked, action = _first(LOOK_POOL, _search_prompt)
    assert practice.hidden_answer(asked, action)
    main, _ = _first(POOL, lambda s, a: s.phase == "main" and s.battle is None and s.prompt is None)
    assert not any(practice.hidden_answer(main, a.id) for a in legal_actions(main))
    assert practice.hidden_answer(main, "no_counter") and practice.hidden_answer(main, "no_trigger")


def _no_counter_card(owner_leader: str) -> str:
    prefix = "TSR-" if owner_leader == "TSL-001" else "TSB-"
    return next(
        c
        for c, d in POOL.items()
        if c.startswith(prefix) and d.category == "Character" and not d.counter and not d.trigger
    )


def _counter_step_with_counter(state: GameState, action: str) -> bool:
    if not action.startswith("attack:"):
        return False
    after, _ = apply(state, action)
    return (
        after.battle is not None
        and after.battle.step == "counter"
        and any(a.kind == "counter" for a in legal_actions(after))
    )


def test_the_counter_step_looks_alike_with_or_without_a_counter_in_hand() -> None:
    before, action = _first(POOL, _counter_step_with_counter)
    attacker, defender = before.active, 1 - before.active
    ps = before.players[defender]
    blank = _no_counter_card(ps.leader.card)
    plain = before.with_player(
        defender, ps.model_copy(update={"hand": tuple(c.model_copy(update={"card": blank}) for c in ps.hand)})
    )
    holding, ev_holding = apply(before, action)
    empty, ev_empty = apply(plain, action)
    # the Counter step is always the defender's (7-1-3): asking only with a Counter in hand would tell
    assert holding.waiting_for == empty.waiting_for == defender and empty.battle.step == "counter"
    assert {a.id for a in legal_actions(empty)} == {"no_counter", "concede"}
    assert view(holding, attacker) == view(empty, attacker)
    assert redact(ev_holding, attacker) == redact(ev_empty, attacker)
    assert view(holding, defender) != view(empty, defender)
