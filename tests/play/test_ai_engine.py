"""The engine entry points the AI relies on: ``apply_action`` (an Action already known to be
legal, applied without re-deriving the legal list) and copies of a state with other card
definitions (an AI's determinised guess), whose derived ``static_cards`` must follow the cards."""

from __future__ import annotations

from pool import synthetic_pool

from generator.models.onepiece import OnePieceCard
from generator.play.decks.ladder_decks import build_deck
from generator.play.effects.compiler import compile_card
from generator.play.engine import api, stats
from generator.play.engine.state import CardInstance

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


def _lord(card_id: str) -> OnePieceCard:
    """A Character whose permanent effect gives all of its owner's Characters +1000 power."""
    return OnePieceCard(
        card_id=card_id,
        name=f"Test {card_id}",
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


def test_a_copy_with_new_card_definitions_recomputes_static_cards() -> None:
    state = _game()
    assert state.static_cards == frozenset()
    static = _lord("TSX-001")
    compiled = {**state.compiled, "TSX-001": compile_card(static)}
    copy = state.model_copy(update={"cards": {**state.cards, "TSX-001": static}, "compiled": compiled})
    assert "TSX-001" in copy.static_cards


def test_permanent_effects_are_worked_out_again_in_every_copy() -> None:
    """``stats`` keeps a state's permanent-effect actions per card (``GameState.static_memo``):
    a copy with the source gone from the field must not read the first state's memo."""
    state = _game()
    static = _lord("TSX-002")
    body = next(c for c in POOL.values() if c.category == "Character" and not c.effect and c.power)
    cards = {**state.cards, static.card_id: static, body.card_id: body}
    compiled = {**state.compiled, static.card_id: compile_card(static), body.card_id: compile_card(body)}
    ours = CardInstance(iid=901, card=body.card_id)
    both = state.players[0].model_copy(update={"characters": (CardInstance(iid=900, card=static.card_id), ours)})
    with_source = state.model_copy(update={"cards": cards, "compiled": compiled}).with_player(0, both)
    assert stats.power(with_source, 0, ours) == (body.power or 0) + 1000
    assert with_source.static_memo
    alone = with_source.with_player(0, both.model_copy(update={"characters": (ours,)}))
    assert not alone.static_memo
    assert stats.power(alone, 0, ours) == body.power
