"""Resolving an effect at once, with the engine answering its choices: for the effects that happen
in the middle of something else and so cannot wait for a player's answer through the queue
(a replacement effect applied while a K.O. is being processed, 8-1-3-4-4; an effect "at the start
of the game", before anyone can act, 5-2-1-5-1).

The default answers, documented as the engine's choice for the player: "you may" is yes (the
player set the replacement up to use it), "choose one" takes the first option, and a choice of
cards takes as many as allowed, the least valuable first among the player's own cards and hand
(lowest cost, then power) and the most valuable first among the opponent's.
"""

from __future__ import annotations

from generator.play.engine.state import CardInstance, Event, Frame, GameState, Prompt
from generator.play.engine.zones import locate

_MAX_STEPS = 64  # a handler that asks again after being answered would be a bug, not a game


def _value(state: GameState, iid: int) -> tuple[int, int, int]:
    for ps in state.players:
        for c in (*ps.field(), *ps.hand, *ps.trash, *ps.deck, *ps.life):
            if c.iid == iid:
                card = state.cards[c.card]
                return (max(0, card.cost or 0), card.power or 0, iid)
    return (0, 0, iid)


def answer(state: GameState, frame: Frame, prompt: Prompt) -> Frame:
    """The frame carrying the engine's answer to ``prompt`` (see the module note)."""
    if prompt.kind == "yes_no":
        return frame.model_copy(update={"picked": (1,), "chosen": True})
    if prompt.kind == "option":
        return frame.model_copy(update={"picked": (prompt.options[0],), "chosen": True})

    def theirs(iid: int) -> bool:
        where = locate(state, iid)
        return where is not None and where[0] != prompt.player

    ranked = sorted(prompt.options, key=lambda i: (theirs(i), _value(state, i)))
    mine = [i for i in ranked if not theirs(i)]
    others = sorted((i for i in ranked if theirs(i)), key=lambda i: _value(state, i), reverse=True)
    picked = tuple((mine + others)[: max(prompt.min, prompt.max)])
    return frame.model_copy(update={"picked": picked, "chosen": True})


def pay_costs(state: GameState, frame: Frame, costs, ev: list[Event]) -> GameState:
    from generator.play.engine import activation_costs  # noqa: PLC0415 (costs import the primitives)

    for cost in costs:  # each cost starts clean, as the interpreter's steps do (held counts DON!! -X progress)
        frame = frame.model_copy(update={"picked": (), "chosen": False, "held": (), "looked": ()})
        for _ in range(_MAX_STEPS):
            state, frame, prompt = activation_costs.pay(state, frame, cost, ev)
            if prompt is None:
                break
            frame = answer(state, frame, prompt)
    return state


def run_actions(state: GameState, frame: Frame, actions, ev: list[Event]) -> GameState:
    """Run leaf actions in order (blocks are not expected here; the compiler builds none for the
    effects resolved this way)."""
    from generator.play.engine.interpret import ACTIONS  # noqa: PLC0415 (the interpreter imports the primitives)

    for node in actions:
        frame = frame.model_copy(update={"picked": (), "chosen": False, "held": (), "looked": ()})
        for _ in range(_MAX_STEPS):
            state, frame, prompt = ACTIONS[node.kind](state, frame, node, ev)
            if prompt is None:
                break
            frame = answer(state, frame, prompt)
    return state


def drain(state: GameState, ev: list[Event]) -> GameState:
    """Resolve every queued effect now, the engine answering every prompt (``answer``'s rules):
    for effects before anyone can act (the start of the game)."""
    from generator.play.engine import interpret  # noqa: PLC0415 (the interpreter imports the primitives)

    for _ in range(_MAX_STEPS * 4):
        if state.prompt is not None:
            frame = answer(state, state.pending[0], state.prompt)
            if state.prompt.kind == "choose" and not frame.picked:
                ids = ["choose:done"]
            elif state.prompt.kind == "choose":
                ids = [f"choose:{i}" for i in frame.picked] + (
                    ["choose:done"] if len(frame.picked) < state.prompt.max else []
                )
            elif state.prompt.kind == "yes_no":
                ids = ["yes"]
            else:
                ids = [f"option:{frame.picked[0]}"]
            for aid in ids:
                if state.prompt is None:
                    break
                state = interpret.answer(state, aid, ev)
            continue
        if not state.pending:
            return state
        state = interpret.step(state, ev)
    return state


def start_of_game(state: GameState, ev: list[Event]) -> GameState:
    """5-2-1-5-1: each Leader's "at the start of the game" effects, the first player's first, each
    resolved at once with the engine's choices; a deck an effect changed is then shuffled by its
    owner (5-2-1-5-2)."""
    from generator.play.engine import effect_primitives, rng  # noqa: PLC0415

    for p in (state.first, 1 - state.first):
        before = state.players[p].deck
        state = effect_primitives.queue(state, "start_of_game", p, (state.players[p].leader,))
        state = drain(state, ev)
        deck = state.players[p].deck
        if deck != before:
            shuffled, seed = rng.shuffle(deck, state.rng)
            state = state.model_copy(update={"rng": seed}).with_player(
                p, state.players[p].model_copy(update={"deck": shuffled})
            )
    return state


def source_instance(state: GameState, p: int, iid: int, card: str) -> CardInstance:
    for c in state.players[p].field():
        if c.iid == iid:
            return c
    return CardInstance(iid=iid, card=card)
