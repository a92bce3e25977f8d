"""Compiled actions that move cards between hand, deck and trash, one function per ``kind`` (the
handler protocol is described in ``handler``); this table also gathers the DON!!
(``don_moves``), Life (``life_moves``) and play / look-at (``play_moves``) handlers.

The player's choices are asked (``choices``): "draw up to N" one card at a time (4-5-4), "top or
bottom", and the order of cards placed together in the deck (3-1-7).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from generator.play.effects.model import (
    AddFromTrash,
    AddThisToHand,
    Draw,
    HandToDeck,
    LookOpponentTop,
    OpponentDiscard,
    TrashFromDeck,
    TrashFromHand,
    TrashOpponentHand,
)
from generator.play.engine import choices, effect_primitives, rng
from generator.play.engine.don_moves import DON_ACTIONS
from generator.play.engine.hand_moves import HAND_ACTIONS
from generator.play.engine.handler import Handler, Result, entry
from generator.play.engine.life_moves import LIFE_ACTIONS, face_down
from generator.play.engine.play_moves import PLAY_ACTIONS, waiting_card
from generator.play.engine.state import Event, Frame, GameState
from generator.play.engine.stats import matches
from generator.play.engine.zones import draw, put, set_ps, take


def _move(
    state: GameState,
    p: int,
    src: str,
    iids: Iterable[int],
    dst: str,
    ev: list[Event],
    kind: str,
    private: bool = False,
    top: bool = False,
) -> GameState:
    for iid in iids:
        state, card = take(state, p, src, iid)
        ev.append(
            Event(kind=kind, player=p, data={"iid": iid, "card": card.card}, private=("iid", "card") if private else ())
        )
        state = put(state, p, dst, card, top=top)
    return state


def _draw(state: GameState, frame: Frame, node: Draw, ev: list[Event]) -> Result:
    """Draw N; "draw up to N" asks before each card whether to go on (4-5-4). The default is to
    draw, except the last card of the deck (0 cards in deck loses, 9-2-1-2). ``frame.held``
    lists the cards drawn so far. ``n=None`` draws one card per card an earlier step returned
    (``hand_moves``); "your opponent draws" is the opponent's draw."""
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    if p == frame.controller and effect_primitives.player_rule(state, p, "no_effect_draw"):
        return state, frame, None  # "you cannot draw cards using your own effects"
    if node.n is None:
        return draw(state, p, len(frame.memo), ev), frame, None
    if not node.up_to:
        return draw(state, p, node.n, ev), frame, None
    while len(frame.held) < node.n and state.players[p].deck:
        label = f"draw up to {node.n}: draw a card ({len(frame.held)} drawn so far)?"
        last = len(state.players[p].deck) <= 1
        answer, prompt = choices.ask_option(frame, p, ("draw 1 card", "stop drawing"), label, default=1 if last else 0)
        if prompt is not None:
            return state, frame, prompt
        if answer == 1:
            break
        frame = choices.answered(frame).model_copy(update={"held": frame.held + (state.players[p].deck[0].iid,)})
        state = draw(state, p, 1, ev)
    return state, frame, None


def _discard(
    player_of: Callable[[Frame], int],
) -> Callable[[GameState, Frame, TrashFromHand | OpponentDiscard, list[Event]], Result]:
    """Trash N cards from a player's hand: they choose which (10-2-14)."""

    def run(state: GameState, frame: Frame, node: TrashFromHand | OpponentDiscard, ev: list[Event]) -> Result:
        p = player_of(frame)
        pool = [c.iid for c in state.players[p].hand]
        up_to = isinstance(node, TrashFromHand) and node.up_to  # "your opponent trashes N": exactly N
        picked, prompt = effect_primitives.choose(frame, p, pool, node.n, up_to, "trash from hand")
        if prompt is not None:
            return state, frame, prompt
        return _move(state, p, "hand", picked or (), "trash", ev, "discard", top=True), frame, None

    return run


_TOP, _BOTTOM = -2, -3  # ``Frame.held[0]`` of "place cards from hand" once the end is known


def _into_deck(state: GameState, p: int, iid: int, top: bool, index: int, ev: list[Event]) -> GameState:
    """Move a hand card into the deck: at the bottom, or at ``index`` from the top (the cards
    placed before it stay above it, so a group keeps the order the player gave)."""
    state, card = take(state, p, "hand", iid)
    ev.append(Event(kind="hand_to_deck", player=p, data={"iid": iid, "card": card.card}, private=("iid", "card")))
    if not top:
        return put(state, p, "deck", card, top=False)
    deck = state.players[p].deck
    return state.with_player(p, state.players[p].model_copy(update={"deck": (*deck[:index], card, *deck[index:])}))


def _hand_to_deck(state: GameState, frame: Frame, node: HandToDeck, ev: list[Event]) -> Result:
    """A player places N cards of their choice from hand at the top or bottom of their deck, in
    the order they choose (3-1-7), top-most first; "top or bottom" is theirs to say too. Asked
    in that order: the end (``held`` = (end,)), the cards (picked one by one they are ranked
    already), then, for a forced set of two or more, their order (``held`` = (end, *cards))."""
    p = frame.controller if node.whose == "you" else 1 - frame.controller
    if not frame.held:
        top: bool | None = node.position == "top"
        if node.position == "top_or_bottom" and state.players[p].hand:
            top, prompt = choices.top_or_bottom(
                frame, p, "place cards from your hand at the top or bottom of your deck?", False
            )
            if prompt is not None:
                return state, frame, prompt
            frame = choices.answered(frame)
        frame = frame.model_copy(update={"held": (_TOP if top else _BOTTOM,)})
    top = frame.held[0] == _TOP
    if len(frame.held) == 1:
        ranked = frame.chosen
        label = "place at the deck " + ("top" if top else "bottom") + ", top-most first"
        picked, prompt = effect_primitives.choose(
            frame, p, [c.iid for c in state.players[p].hand], node.n, False, label
        )
        if prompt is not None:
            return state, frame, prompt
        picked = picked or ()
        if ranked or len(picked) < 2:
            for i, iid in enumerate(picked):
                state = _into_deck(state, p, iid, top, i, ev)
            return state, frame, None
        frame = choices.answered(frame).model_copy(update={"held": (frame.held[0], *picked)})
    cards = frame.held[1:]
    hand = {c.iid: c.card for c in state.players[p].hand}
    while waiting := [i for i in cards if i in hand]:
        names = [state.cards[hand[i]].name for i in waiting]
        k, prompt = choices.order_of(
            frame, p, names, "place at the deck " + ("top" if top else "bottom") + ", top-most first"
        )
        if prompt is not None:
            return state, frame, prompt
        frame = choices.answered(frame)
        state = _into_deck(state, p, waiting[k or 0], top, len(cards) - len(waiting), ev)
        hand.pop(waiting[k or 0])
    return state, frame, None


def _trash_from_deck(state: GameState, frame: Frame, node: TrashFromDeck, ev: list[Event]) -> Result:
    p = frame.controller
    top = tuple(c.iid for c in state.players[p].deck[: node.n])
    return _move(state, p, "deck", top, "trash", ev, "mill", top=True), frame, None


def _add_from_trash(state: GameState, frame: Frame, node: AddFromTrash, ev: list[Event]) -> Result:
    p = frame.controller
    pool = [c.iid for c in state.players[p].trash if matches(state, p, c, node.filter, on_field=False)]
    picked, prompt = effect_primitives.choose(frame, p, pool, node.count, True, "add from trash")
    if prompt is not None:
        return state, frame, prompt
    return _move(state, p, "trash", picked or (), "hand", ev, "trash_to_hand"), frame, None


def _add_this_to_hand(state: GameState, frame: Frame, node: AddThisToHand, ev: list[Event]) -> Result:
    zone, card = waiting_card(state, frame.controller, frame.source)
    if card is None or zone not in (None, "trash"):
        return state, frame, None
    if zone is None:
        assert state.battle is not None, "a card waiting outside a zone is the revealed Life card"
        state = state.model_copy(update={"battle": state.battle.model_copy(update={"revealed": None})})
    else:
        state, card = take(state, frame.controller, zone, card.iid)
    ev.append(Event(kind="to_hand", player=frame.controller, data={"iid": card.iid, "card": card.card}))
    return put(state, frame.controller, "hand", face_down(card), top=False), frame, None


def _trash_opponent_hand(state: GameState, frame: Frame, node: TrashOpponentHand, ev: list[Event]) -> Result:
    """ "Trash N cards from your opponent's hand": the controller picks them face down, one at a
    time, from the opponent's hand as its owner holds it; the owner may rearrange it first (official
    Q&A on OP03-078), which the engine does for them with the game's RNG, so a position tells the
    chooser nothing about the card (3-4-3); when every card left must go, nothing is asked.
    ``frame.held`` keeps the cards picked so far."""
    p, q = frame.controller, 1 - frame.controller
    if not frame.held and not frame.chosen:
        hand, seed = rng.shuffle(state.players[q].hand, state.rng)
        state = set_ps(state, q, hand=hand).model_copy(update={"rng": seed})
    wanted = min(node.n, len(state.players[q].hand))
    while len(frame.held) < wanted:
        left = [c.iid for c in state.players[q].hand if c.iid not in frame.held]
        if len(left) <= wanted - len(frame.held):  # every card left goes: nothing to ask
            frame = frame.model_copy(update={"held": (*frame.held, *left)})
            break
        labels = [f"card {i + 1} of {len(left)} (face down)" for i in range(len(left))]
        answer, prompt = choices.ask_option(frame, p, labels, "trash from your opponent's hand: which card?")
        if prompt is not None:
            return state, frame, prompt
        assert answer is not None, "without a question the card is picked"
        frame = choices.answered(frame).model_copy(update={"held": (*frame.held, left[answer])})
    return _move(state, q, "hand", frame.held, "trash", ev, "discard", top=True), frame, None


def _look_opponent_top(state: GameState, frame: Frame, node: LookOpponentTop, ev: list[Event]) -> Result:
    """Look at the top N of the opponent's deck: the cards stay; only the controller sees them (11-3)."""
    cards = [c.card for c in state.players[1 - frame.controller].deck[: node.n]]
    ev.append(Event(kind="look_opponent_top", player=frame.controller, data={"cards": cards}, private=("cards",)))
    return state, frame, None


ZONE_ACTIONS: dict[str, Handler] = {
    **dict(
        [
            entry(LookOpponentTop, _look_opponent_top),
            entry(Draw, _draw),
            entry(TrashFromHand, _discard(lambda f: f.controller)),
            entry(OpponentDiscard, _discard(lambda f: 1 - f.controller)),
            entry(TrashOpponentHand, _trash_opponent_hand),
            entry(HandToDeck, _hand_to_deck),
            entry(TrashFromDeck, _trash_from_deck),
            entry(AddFromTrash, _add_from_trash),
            entry(AddThisToHand, _add_this_to_hand),
        ]
    ),
    **DON_ACTIONS,
    **HAND_ACTIONS,
    **LIFE_ACTIONS,
    **PLAY_ACTIONS,
}
