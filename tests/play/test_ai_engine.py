"""What the AI and the referee need from the engine that it does not do yet (strict xfails: each
turns into a failure the day the engine does it, as a reminder to use it), with the workaround
each one has meanwhile. The engine's files are another engineer's; these tests only ask."""

from __future__ import annotations

import pytest
from test_ai_pool import synthetic_pool

from generator.models.onepiece import OnePieceCard
from generator.play.decks.ladder_decks import build_deck
from generator.play.effects.compiler import compile_card
from generator.play.engine import api

POOL = synthetic_pool()


def _game():
    deck = build_deck(POOL, 1).deck()
    return api.new_game(POOL, deck, deck, seed=1)


@pytest.mark.xfail(
    strict=True,
    reason=(
        "engine: apply() re-derives every legal action (attack previews included) to validate an id; "
        "a public apply_action(state, action) for an Action taken from legal_actions(state) would let "
        "searches skip that. Meanwhile ai/sim.trusted calls actions._do/_advance (private)."
    ),
)
def test_a_public_apply_for_an_action_already_known_to_be_legal() -> None:
    state = _game()
    action = api.legal_actions(state)[0]
    assert api.apply_action(state, action) == api.apply(state, action.id)


@pytest.mark.xfail(
    strict=True,
    reason=(
        "engine: GameState.static_cards is a cached_property and model_copy() copies it, so a copy "
        "with other card definitions keeps the old value. The engine never changes `compiled` after "
        "new_game, but anything that does (AI determinisation) must rebuild the state: "
        "ai/observe.rebuild uses model_construct."
    ),
)
def test_a_copy_with_new_card_definitions_recomputes_static_cards() -> None:
    state = _game()
    assert state.static_cards == frozenset()
    static = OnePieceCard(
        card_id="TSX-001",
        name="Test TSX-001",
        category="Character",
        colors=("Red",),
        cost=1,
        power=1000,
        counter=None,
        life=None,
        attributes=(),
        types=(),
        trigger=None,
        block=2,
        rarity=None,
        skus=(),
        effect="All of your Characters gain +1000 power.",
    )
    compiled = {**state.compiled, "TSX-001": compile_card(static)}
    copy = state.model_copy(update={"cards": {**state.cards, "TSX-001": static}, "compiled": compiled})
    assert "TSX-001" in copy.static_cards
