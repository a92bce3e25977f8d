"""Game set-up (5-2): decks checked against 5-1-2, shuffled, Leaders placed, the Leaders' "at the
start of the game" effects (phase ``setup``: the game loop resolves them and asks their players
what the text lets them choose), opening hands with one redraw each (the mulligan, first player
first), then Life placed and the first turn begun.
"""

from __future__ import annotations

from collections.abc import Mapping

from generator.models.onepiece import OnePieceCard
from generator.play.effects.compiler import compile_card
from generator.play.engine import effect_primitives, phases, rng
from generator.play.engine.state import CardInstance, Deck, Event, GameState, PlayerState
from generator.play.engine.support import supported
from generator.play.engine.zones import draw, set_ps

HAND_SIZE = 5  # 5-2-1-6
DECK_SIZE = 50  # 5-1-2


def new_game(cards: Mapping[str, OnePieceCard], deck_a: Deck, deck_b: Deck, seed: int, first: int | None) -> GameState:
    for deck in (deck_a, deck_b):
        _check_deck(cards, deck)
    used = {cid: cards[cid] for d in (deck_a, deck_b) for cid in (d.leader, *d.main)}
    s = rng.seed_state(seed)
    if first is None:
        s, first = rng.below(s, 2)
    players = []
    iid = 1
    for deck in (deck_a, deck_b):
        leader = CardInstance(iid=iid, card=deck.leader)
        main = tuple(CardInstance(iid=iid + 1 + i, card=cid) for i, cid in enumerate(deck.main))
        iid += 1 + len(main)
        shuffled, s = rng.shuffle(main, s)
        players.append(PlayerState(leader=leader, deck=shuffled))
    compiled = {cid: supported(compile_card(c)) for cid, c in used.items()}
    state = GameState(
        cards=used,
        compiled=compiled,
        players=(players[0], players[1]),
        first=first,
        active=first,
        phase="setup",
        waiting_for=first,
        rng=s,
    )
    for p in (first, 1 - first):  # 5-2-1-5-1: resolved by the game loop, asking their players
        state = effect_primitives.queue(state, "start_of_game", p, (state.players[p].leader,))
    return state


def deal(state: GameState, ev: list[Event]) -> GameState:
    """Once the "at the start of the game" effects have resolved: a deck they may have changed
    is shuffled by its owner (5-2-1-5-2: every deck of a player whose Leader has such an effect;
    one it left as it was is in random order already, so nothing anyone can know changes), then
    each player draws 5 (5-2-1-6) and the first player decides on a redraw."""
    for p in (state.first, 1 - state.first):
        ps = state.players[p]
        if effect_primitives.frames_for(state, "start_of_game", p, (ps.leader,)):
            shuffled, seed = rng.shuffle(ps.deck, state.rng)
            state = set_ps(state, p, deck=shuffled).model_copy(update={"rng": seed})
    for p in (state.first, 1 - state.first):
        state = draw(state, p, HAND_SIZE, ev)
    return state.model_copy(update={"phase": "mulligan", "waiting_for": state.first})


def _check_deck(cards: Mapping[str, OnePieceCard], deck: Deck) -> None:
    leader = cards.get(deck.leader)
    if leader is None or leader.category != "Leader":
        raise ValueError(f"{deck.leader!r} is not a known Leader card (5-1-2)")
    if len(deck.main) != DECK_SIZE:
        raise ValueError(f"a deck has {DECK_SIZE} cards, not {len(deck.main)} (5-1-2)")
    for cid in deck.main:
        card = cards.get(cid)
        if card is None or card.category == "Leader":
            raise ValueError(f"{cid!r} is not a known Character, Event or Stage card (5-1-2-1)")


def mulligan(state: GameState, redraw: bool, ev: list[Event]) -> GameState:
    """One player's opening-hand decision (5-2-1-6): keep, or return the hand, shuffle and draw 5
    again, once. After the second player decides, both place Life and the first turn starts."""
    p = state.waiting_for
    assert p is not None
    if redraw:
        ps = state.players[p]
        deck, s = rng.shuffle(ps.deck + ps.hand, state.rng)
        state = set_ps(state, p, deck=deck, hand=()).model_copy(update={"rng": s})
        ev.append(Event(kind="mulligan", player=p))
        state = draw(state, p, HAND_SIZE, ev)
    else:
        ev.append(Event(kind="keep_hand", player=p))
    if p == state.first:
        return state.model_copy(update={"waiting_for": 1 - p})
    for q in (state.first, 1 - state.first):
        state = place_life(state, q, ev)
    return phases.start_turn(state, ev)


def place_life(state: GameState, p: int, ev: list[Event]) -> GameState:
    """Life cards from the deck top, face down; the deck's top card ends at the bottom (5-2-1-7,
    2-9-2-1). Index 0 of ``life`` is the top, so the taken cards are reversed."""
    ps = state.players[p]
    n = state.cards[ps.leader.card].life or 0
    life = tuple(reversed(ps.deck[:n]))
    ev.append(Event(kind="life_placed", player=p, data={"count": len(life)}))
    return set_ps(state, p, deck=ps.deck[n:], life=life)
