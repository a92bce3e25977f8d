"""The AI ladder: what an AI may know (observations), how it guesses the rest (determinisation),
that every level answers with a legal move, deterministically per seed, and the AI decks."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from pool import real_pool, synthetic_pool

from generator.play.ai import LEVELS, make_ai
from generator.play.ai.evaluate import WIN, evaluate
from generator.play.ai.match import ai_move, decision_rng, play_match
from generator.play.ai.observe import HIDDEN, Priors, determinise, observe
from generator.play.decks.ladder_decks import NOTE, build_deck, runs_fully
from generator.play.engine.api import apply, legal_actions, view
from generator.play.engine.state import GameState

POOL = synthetic_pool()


def _decks(seed: int):
    ai = build_deck(POOL, seed)
    other = build_deck(POOL, seed + 1, role="starter")
    return ai.deck(), other.deck()


def _states(seed: int = 3, levels=(1, 1)) -> list[GameState]:
    states: list[GameState] = []
    play_match(
        POOL, _decks(seed), [make_ai(lvl, POOL) for lvl in levels], seed, on_move=lambda s, e, legal: states.append(s)
    )
    return states


STATES = _states()


def _hidden_from(state: GameState, p: int) -> set[int]:
    me, opp = state.players[p], state.players[1 - p]
    return {c.iid for c in (*opp.hand, *opp.deck, *opp.life, *me.deck, *me.life)}


@pytest.mark.parametrize("p", [0, 1])
def test_observation_masks_every_card_the_player_may_not_see(p: int) -> None:
    for state in STATES:
        obs = observe(state, p)
        masked = obs.state
        hidden = _hidden_from(state, p)
        seen = {
            c.iid: c.card for ps in masked.players for z in (ps.field(), ps.hand, ps.deck, ps.life, ps.trash) for c in z
        }
        shown = set(state.prompt.options) if state.prompt and state.prompt.player == p else set()
        assert all(seen[i] == HIDDEN for i in hidden - shown)
        assert masked.rng == 0
        opp_only = {
            c.card for c in (*state.players[1 - p].hand, *state.players[1 - p].deck, *state.players[1 - p].life)
        }
        opp_public = {c.card for ps in state.players for z in (ps.field(), ps.trash) for c in z}
        assert not (opp_only - opp_public - set(obs.own_unseen)) & set(masked.cards)
        assert Counter(obs.own_unseen) == Counter(c.card for c in (*state.players[p].deck, *state.players[p].life))
        assert view(masked, p)["players"] == view(state, p)["players"]


def test_determinise_fills_every_placeholder_consistently() -> None:
    priors = Priors(POOL)
    for state in STATES[::5]:
        for p in (0, 1):
            obs = observe(state, p)
            world = determinise(obs, random.Random(1), priors)
            for a, b in zip(world.players, state.players):
                for zone in ("hand", "deck", "life", "trash", "characters"):
                    assert len(getattr(a, zone)) == len(getattr(b, zone))
                assert [c.iid for c in a.hand] == [c.iid for c in b.hand]
            me = world.players[p]
            assert Counter(c.card for c in (*me.deck, *me.life)) == Counter(obs.own_unseen)
            assert world.players[p].hand == state.players[p].hand
            assert all(c.card != HIDDEN for ps in world.players for z in (ps.hand, ps.deck, ps.life) for c in z)
            assert world.static_cards is not None and set(world.compiled) >= {
                c.card for ps in world.players for c in (*ps.hand, *ps.deck)
            }
            if state.result is None:
                assert legal_actions(world)


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_legally_and_deterministically(level: int) -> None:
    policy = make_ai(level, POOL)
    for ply, state in enumerate(STATES[:60:3]):
        if state.result is not None:
            continue
        legal = legal_actions(state)
        first = ai_move(policy, state, 11, ply, legal)
        assert first in {a.id for a in legal} and first != "concede"
        assert ai_move(policy, state, 11, ply, legal) == first


def test_a_whole_match_replays_from_its_seed() -> None:
    policies = [make_ai(2, POOL), make_ai(1, POOL)]
    a = play_match(POOL, _decks(5), policies, 5)
    b = play_match(POOL, _decks(5), policies, 5)
    assert [p.action for p in a.plies] == [p.action for p in b.plies]
    assert a.state == b.state


def test_an_ai_never_receives_the_real_state() -> None:
    seen = []

    class Spy:
        name = "spy"
        turn_budget = None

        def choose(self, obs, legal, rng, turn=None):
            seen.append(obs)
            return make_ai(1, POOL).choose(obs, legal, rng, turn)

    play_match(POOL, _decks(7), [Spy(), make_ai(1, POOL)], 7)
    assert seen and all(o.state.rng == 0 and o.player == 0 for o in seen)
    assert all(c.card == HIDDEN for o in seen for c in (*o.state.players[1].hand, *o.state.players[1].deck))


def test_decision_rng_depends_only_on_seed_and_ply() -> None:
    assert decision_rng(1, 2).random() == decision_rng(1, 2).random()
    assert decision_rng(1, 2).random() != decision_rng(1, 3).random()


def test_evaluation_reads_only_what_the_player_may_know() -> None:
    priors = Priors(POOL)
    for state in STATES[::7]:
        for p in (0, 1):
            truth = evaluate(state, p)
            for k in range(3):
                world = determinise(observe(state, p), random.Random(k), priors)
                assert evaluate(world, p) == pytest.approx(truth)
    last = STATES[-1]
    assert {evaluate(last, 0), evaluate(last, 1)} == {WIN, -WIN}


def test_ai_decks_are_legal_deterministic_and_fully_compiled() -> None:
    for seed in range(6):
        built = build_deck(POOL, seed, level=2)
        assert built == build_deck(POOL, seed, level=2)
        assert built.verdict.valid and built.note == NOTE
        assert len(built.main) == 50 and list(built.main) == sorted(built.main)
        assert max(Counter(built.main).values()) <= 4
        assert all(runs_fully(POOL[c]) for c in (built.leader, *built.main))
        described = built.describe()
        assert described["validation"]["valid"] and described["note"] == NOTE


@pytest.mark.real_data
def test_ai_decks_over_the_real_catalog() -> None:
    cards = real_pool()
    leaders = set()
    for seed in range(8):
        built = build_deck(cards, seed, level=seed % 5)
        assert built.verdict.valid and not built.verdict.warnings
        assert all(runs_fully(cards[c]) for c in (built.leader, *built.main))
        leaders.add(built.leader)
    assert len(leaders) > 1


def test_search_levels_do_not_change_the_state_they_are_given() -> None:
    state = next(s for s in STATES if s.turn >= 4 and s.phase == "main" and s.prompt is None and s.battle is None)
    before = state.model_dump(mode="json")
    for level in (2, 3, 4):
        ai_move(make_ai(level, POOL), state, 1, 0)
    assert state.model_dump(mode="json") == before
    assert apply(state, "end")[0].turn == state.turn + 1
