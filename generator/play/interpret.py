"""The effect interpreter: resolves the queued effects (``GameState.pending``) one step at a time.

An effect resolves as in 8-4-1: an optional effect first asks its controller (8-1-2), costs are
checked as a whole then paid in order (8-3-1-1, 8-3-1-3), [Once Per Turn] is marked once the
effect is activated (10-2-13-5), then actions run in text order (1-3-7); ``If`` blocks run only
when their conditions hold (4-10-1, 8-3-3). Whenever a step needs a choice, the interpreter
stops with a ``Prompt`` and the next action of the prompted player answers it; the half-done
effect stays at the head of the queue, so the state remains a plain value between calls.

Only cards whose whole text compiled have effects (``stats.effect_live``); a card with any
unparsed fragment keeps its keywords, power, cost and counter and does nothing else.
"""

from __future__ import annotations

from generator.play import costs, fx
from generator.play.handlers import ACTIONS, source_card
from generator.play.state import Action, Event, Frame, GameState, Prompt
from generator.play.stats import condition_holds
from generator.play.zones import field_card, replace_on_field


def _node(actions: tuple, path: tuple) -> object | None:
    node, seq = None, actions
    for idx in path:
        if idx >= len(seq):
            return None
        node = seq[idx]
        seq = getattr(node, "actions", ())
    return node


def _after(actions: tuple, path: tuple) -> tuple | None:
    """The path of the action after the one at ``path``, climbing out of ``If`` blocks."""
    steps = list(path)
    while steps:
        steps[-1] += 1
        if _node(actions, tuple(steps)) is not None:
            return tuple(steps)
        steps.pop()
    return None


def _head(state: GameState, frame: Frame | None) -> GameState:
    """Replace (or with None, drop) the effect at the head of the queue."""
    rest = state.pending[1:]
    return state.model_copy(update={"pending": ((frame,) + rest) if frame is not None else rest})


def _reset(frame: Frame, pc: tuple) -> Frame:
    return frame.model_copy(update={"pc": pc, "picked": (), "chosen": False, "looked": ()})


def _activate(state: GameState, frame: Frame) -> GameState:
    """Mark [Once Per Turn] on the source and move on to the costs."""
    eff = fx.effect_of(state, frame)
    card = field_card(state, frame.controller, frame.source)
    if eff.once_per_turn and card is not None:
        state = replace_on_field(state, frame.controller,
                                 card.model_copy(update={"once": card.once + (frame.effect,)}))
    return _head(state, _reset(frame, ("cost", 0)))


def step(state: GameState, ev: list[Event]) -> GameState:
    """Advance the head effect until it needs a choice, finishes, or another step is due."""
    frame = state.pending[0]
    eff = fx.effect_of(state, frame)
    pc = frame.pc
    if pc[0] == "start":
        if not costs.payable(state, frame, eff):
            return _head(state, None)
        ev.append(Event(kind="effect", player=frame.controller,
                        data={"card": frame.card, "source": frame.source,
                              "timing": eff.timing}))
        if eff.optional:
            prompt = Prompt(player=frame.controller, kind="yes_no",
                            label=f"use the {eff.timing} effect of {state.cards[frame.card].name}?")
            return _head(state, _reset(frame, ("optional",))).model_copy(update={"prompt": prompt})
        return _activate(state, frame)
    if pc[0] == "cost":
        i = int(pc[1])
        if i >= len(eff.costs):
            first = ("act", 0) if eff.actions else None
            return _head(state, _reset(frame, first) if first else None)
        state, frame, prompt = costs.pay(state, frame, eff.costs[i], ev)
        if prompt is not None:
            return _head(state, frame).model_copy(update={"prompt": prompt})
        return _head(state, _reset(frame, ("cost", i + 1)))
    path = tuple(int(x) for x in pc[1:])
    node = _node(eff.actions, path)
    if node.kind == "if":
        held = all(condition_holds(state, frame.controller, source_card(state, frame), c)
                   for c in node.conditions)
        nxt = path + (0,) if held and node.actions else _after(eff.actions, path)
    else:
        state, frame, prompt = ACTIONS[node.kind](state, frame, node, ev)
        if prompt is not None:
            return _head(state, frame).model_copy(update={"prompt": prompt})
        nxt = _after(eff.actions, path)
    return _head(state, _reset(frame, ("act", *nxt)) if nxt is not None else None)


def prompt_actions(state: GameState) -> list[Action]:
    prompt = state.prompt
    assert prompt is not None
    if prompt.kind == "yes_no":
        return [Action(id="yes", kind="effect_yes", label=prompt.label),
                Action(id="no", kind="effect_no", label=prompt.label)]
    frame = state.pending[0]
    out = [Action(id=f"choose:{iid}", kind="choose", target=iid,
                  label=f"{prompt.label}: {_name(state, frame, iid)}")
           for iid in prompt.options if iid not in frame.picked]
    if len(frame.picked) >= prompt.min:
        out.append(Action(id="choose:done", kind="choose_done", label=f"{prompt.label}: done"))
    return out


def _name(state: GameState, frame: Frame, iid: int) -> str:
    for ps in state.players:
        for zone in (ps.field(), ps.hand, ps.deck, ps.trash, ps.life):
            for c in zone:
                if c.iid == iid:
                    return state.cards[c.card].name
    return str(iid)


def answer(state: GameState, action_id: str, ev: list[Event]) -> GameState:
    """Apply the prompted player's answer; the choice is final when ``max`` cards are picked,
    no option is left, or the player says ``choose:done``."""
    prompt, frame = state.prompt, state.pending[0]
    assert prompt is not None
    state = state.model_copy(update={"prompt": None})
    if prompt.kind == "yes_no":
        return _activate(state, frame) if action_id == "yes" else _head(state, None)
    if action_id != "choose:done":
        frame = frame.model_copy(update={"picked": frame.picked + (int(action_id.split(":")[1]),)})
        left = [o for o in prompt.options if o not in frame.picked]
        if len(frame.picked) < prompt.max and left:
            return _head(state, frame).model_copy(update={"prompt": prompt})
    ev.append(Event(kind="chosen", player=prompt.player,
                    data={"label": prompt.label, "picked": list(frame.picked)}, private=("picked",)))
    return _head(state, frame.model_copy(update={"chosen": True}))
