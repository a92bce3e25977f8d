"""The engine entry points the AI relies on: ``apply_action`` (an Action already known to be
legal, applied without re-deriving the legal list) and copies of a state with other card
definitions (an AI's determinised guess), whose derived ``static_cards`` must follow the cards."""

from __future__ import annotations

from pool import synthetic_pool

from generator.models.onepiece import OnePieceCard
from generator.play.decks.ladder_decks import build_deck
from generator.play.effects.compiler import compile_card
from generator.play.engine import api

POOL = synthetic_pool()


def _game():
    deck = build_deck(POOL, 1).deck()
    return api.new_game(POOL, deck, deck, seed=1)


def test_apply_action_answers_as_apply_does_for_every_legal_action_along_a_game() -> None:
    state = _game()
    for ply in range(60):
        legal = api.legal_actions(state)
        if not legal:
            break
        for action in legal:
            assert api.apply_action(state, action) == api.apply(state, action.id), (ply, action.id)
        playing_on = [a for a in legal if a.kind != "concede"]
        state, _ = api.apply(state, playing_on[ply % len(playing_on)].id)
    assert ply > 10


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
