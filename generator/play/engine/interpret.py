"""The effect interpreter: resolves the queued effects (``GameState.pending``) one step at a time.

An effect resolves as in 8-4-1: an optional effect first asks its controller (8-1-2), costs are
checked as a whole then paid in order (8-3-1-1, 8-3-1-3), [Once Per Turn] is marked once the
effect is activated (10-2-13-5), the conditions are checked again after the costs (a cost may
change them; if they fail the cost was paid for nothing, 8-3-3), then actions run in text order
(1-3-7). ``If`` blocks run only when their conditions hold (4-10-1), ``May`` blocks when the
player says yes, ``ChooseOne`` runs the option picked. Whenever a step needs a choice, the
interpreter stops with a ``Prompt`` and the next action of the prompted player answers it; the
half-done effect stays at the head of the queue, so the state remains a plain value.

Only cards whose whole text compiled, and whose tree uses only what this interpreter knows
(``support.supported``), have effects (``stats.effect_live``); any other card keeps its
keywords, power, cost and counter and does nothing else.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.play.effects.model import Action as ActionNode
from generator.play.effects.model import AtEndOfTurn, ChooseOne, Condition, Effect, If, May
from generator.play.engine import activation_costs, effect_primitives, replacement
from generator.play.engine.card_moves import ZONE_ACTIONS
from generator.play.engine.effect_actions import EFFECT_ACTIONS
from generator.play.engine.field_actions import FIELD_ACTIONS
from generator.play.engine.handler import source_card
from generator.play.engine.payable import payable
from generator.play.engine.rule_actions import RULE_ACTIONS
from generator.play.engine.state import Action, Event, Frame, GameState, Prompt
from generator.play.engine.stats import condition_holds, matches
from generator.play.engine.zones import field_card, replace_on_field

ACTIONS = {**FIELD_ACTIONS, **ZONE_ACTIONS, **EFFECT_ACTIONS, **RULE_ACTIONS}
BLOCKS = ("if", "may", "choose_one", "at_end_of_turn")
_CHOSEN = ("activate_main", "main", "counter", "trigger")  # the player already chose to use it

Pc = tuple[str | int, ...]  # ``Frame.pc``, or a path into the action tree (the pc without its head)
# What a block step gives back: the state, the path of the action to run next (None: the effect is
# done), and a question to ask first (then the block runs again with the answer).
Next = tuple[GameState, Pc | None, Prompt | None]


def _node(actions: tuple[ActionNode, ...], path: Pc) -> ActionNode | None:
    """The action at ``path``: ints index action tuples, ``"o<i>"`` picks a ChooseOne option."""
    node: ActionNode | None = None
    seq = actions
    for idx in path:
        if isinstance(idx, str):
            assert isinstance(node, ChooseOne), "an option index follows a ChooseOne"
            seq = node.options[int(idx[1:])]
            continue
        if idx >= len(seq):
            return None
        node = seq[idx]
        seq = node.actions if isinstance(node, (If, May, AtEndOfTurn)) else ()
    return node


def _after(actions: tuple[ActionNode, ...], path: Pc) -> Pc | None:
    """The path of the action after the one at ``path``, climbing out of finished blocks."""
    steps = list(path)
    while steps:
        last = steps[-1]
        if isinstance(last, str):
            steps.pop()
            continue
        steps[-1] = last + 1
        if _node(actions, tuple(steps)) is not None:
            return tuple(steps)
        steps.pop()
        if steps and isinstance(steps[-1], str):
            steps.pop()
    return None


def _head(state: GameState, frame: Frame | None) -> GameState:
    """Replace (or with None, drop) the effect at the head of the queue."""
    rest = state.pending[1:]
    return state.model_copy(update={"pending": ((frame,) + rest) if frame is not None else rest})


def _goto(state: GameState, frame: Frame, pc: Pc | None) -> GameState:
    if pc is None:
        return _head(state, None)
    return _head(state, frame.model_copy(update={"pc": pc, "picked": (), "chosen": False, "looked": (), "held": ()}))


def _asking(state: GameState, frame: Frame, prompt: Prompt) -> GameState:
    return _head(state, frame).model_copy(update={"prompt": prompt})


def _behind_offers(state: GameState, waiting: Frame, frame: Frame) -> GameState:
    """The step asked replacement effects first (8-1-3-4, ``replacement.before``): the offers
    now stand ahead of ``waiting``, which keeps its place and the progress the step made
    (``frame``), and runs the same step again once they are answered."""
    return state.model_copy(update={"pending": tuple(frame if f is waiting else f for f in state.pending)})


def _stopped(state: GameState, waiting: Frame, frame: Frame, prompt: Prompt | None) -> GameState | None:
    """Where a step that ran a handler (a cost, an action) stops: behind the replacement effects
    it offered, or at its question; None when it finished and the effect goes on."""
    if prompt is replacement.OFFERED:
        return _behind_offers(state, waiting, frame)
    if prompt is not None:
        return _asking(state, frame, prompt)
    return None


def _activate(state: GameState, frame: Frame) -> GameState:
    """Mark [Once Per Turn] on the source and move on to the activation_costs."""
    eff = effect_primitives.effect_of(state, frame)
    card = field_card(state, frame.controller, frame.source)
    if eff.once_per_turn and card is not None:
        state = replace_on_field(state, frame.controller, card.model_copy(update={"once": card.once + (frame.effect,)}))
    return _goto(state, frame, ("cost", 0))


def step(state: GameState, ev: list[Event]) -> GameState:
    """Advance the head effect until it needs a choice, finishes, or another step is due. The
    head's ``pc`` says where it is: starting, offered as a replacement, paying a cost, or at an
    action; each has its own function."""
    frame = state.pending[0]
    eff = effect_primitives.effect_of(state, frame)
    where = frame.pc[0]
    if where == "start":
        return _start(state, frame, eff, ev)
    if where == "offer":
        return replacement.offer(state, ev)
    if where == "cost":
        return _cost(state, frame, eff, int(frame.pc[1]), ev)
    return _act(state, frame, eff, ev)


def _start(state: GameState, frame: Frame, eff: Effect, ev: list[Event]) -> GameState:
    """An effect about to resolve: dropped when its costs cannot all be paid (8-3-1-3); an
    optional one not already chosen asks its controller first (8-1-2)."""
    if not payable(state, frame, eff):
        return _head(state, None)
    ev.append(
        Event(
            kind="effect",
            player=frame.controller,
            data={"card": frame.card, "source": frame.source, "timing": eff.timing},
        )
    )
    if eff.optional and eff.timing not in _CHOSEN:
        label = f"use the {eff.timing} effect of {state.cards[frame.card].name}?"
        question = Prompt(player=frame.controller, kind="yes_no", label=label)
        return _goto(state, frame, ("optional",)).model_copy(update={"prompt": question})
    return _activate(state, frame)


def _cost(state: GameState, frame: Frame, eff: Effect, i: int, ev: list[Event]) -> GameState:
    """Pay cost ``i``; after the last, the conditions are checked again (8-3-3) before the actions."""
    if i < len(eff.costs):
        waiting = frame
        state, frame, prompt = activation_costs.pay(state, frame, eff.costs[i], ev)
        stopped = _stopped(state, waiting, frame, prompt)
        if stopped is not None:
            return stopped
        return _goto(state, frame, ("cost", i + 1))
    if not eff.actions or not all(_holds(state, frame, c) for c in eff.conditions):
        return _head(state, None)
    return _goto(state, frame, ("act", 0))


def _act(state: GameState, frame: Frame, eff: Effect, ev: list[Event]) -> GameState:
    """Run the action at the pc: a block decides where to go next, a leaf runs its handler."""
    path = tuple(frame.pc[1:])
    node = _node(eff.actions, path)
    assert node is not None, "the pc of an action step points at an action"
    nxt = _after(eff.actions, path)
    block = _BLOCK_STEPS.get(node.kind)
    if block is not None:
        state, nxt, prompt = block(state, frame, node, path, nxt)
    else:
        waiting = frame
        state, frame, prompt = ACTIONS[node.kind](state, frame, node, ev)
        stopped = _stopped(state, waiting, frame, prompt)
        if stopped is not None:
            return stopped
    if prompt is not None:
        return _asking(state, frame, prompt)
    return _goto(state, frame, ("act", *nxt) if nxt is not None else None)


def _if(state: GameState, frame: Frame, node: If, path: Pc, nxt: Pc | None) -> Next:
    """4-10-1: the block runs only when its conditions hold."""
    if node.actions and all(_holds(state, frame, c) for c in node.conditions):
        nxt = path + (0,)
    return state, nxt, None


def _at_end_of_turn(state: GameState, frame: Frame, node: AtEndOfTurn, path: Pc, nxt: Pc | None) -> Next:
    """6-6-1-2: the block waits for the End Phase, resumed inside it there (``phases.end_turn``)."""
    if node.actions:
        later = frame.model_copy(update={"pc": ("act", *path, 0), "picked": (), "chosen": False})
        state = state.model_copy(update={"delayed": state.delayed + (later,)})
    return state, nxt, None


def _may(state: GameState, frame: Frame, node: May, path: Pc, nxt: Pc | None) -> Next:
    """The block runs when its controller says yes."""
    yes, prompt = effect_primitives.ask(frame, frame.controller, f"{state.cards[frame.card].name}: you may")
    if prompt is not None:
        return state, nxt, prompt
    if yes and node.actions:
        nxt = path + (0,)
    return state, nxt, None


def _choose_one(state: GameState, frame: Frame, node: ChooseOne, path: Pc, nxt: Pc | None) -> Next:
    """The chooser picks an option, then its actions run (an empty option does nothing)."""
    if not frame.chosen:
        chooser = frame.controller if node.chooser == "you" else 1 - frame.controller
        labels = tuple(", ".join(a.kind for a in opt) for opt in node.options)
        options = Prompt(
            player=chooser,
            kind="option",
            options=tuple(range(len(labels))),
            labels=labels,
            min=1,
            label="choose one",
        )
        return state, nxt, options
    nxt = path + (f"o{frame.picked[0]}", 0) if node.options[frame.picked[0]] else nxt
    return state, nxt, None


# The steps of the blocks (``BLOCKS``), by kind; each takes its block's class.
_BLOCK_STEPS: dict[str, Callable[..., Next]] = {
    "if": _if,
    "at_end_of_turn": _at_end_of_turn,
    "may": _may,
    "choose_one": _choose_one,
}


def _holds(state: GameState, frame: Frame, cond: Condition) -> bool:
    """A condition on resolution; "the revealed card is ..." reads the cards the effect
    remembers (``Frame.memo``)."""
    if cond.kind == "revealed_is":  # current numbers on the field, printed ones elsewhere (4-9-2)
        return any(
            c.iid in frame.memo and matches(state, owner, c, cond.filter, on_field=field)
            for owner, ps in enumerate(state.players)
            for field, zone in ((True, ps.field()), (False, (*ps.deck, *ps.life, *ps.hand, *ps.trash)))
            for c in zone
        )
    if cond.kind == "chosen_cost":  # "the revealed card has the chosen cost": printed cost (4-9-2)
        return frame.number is not None and any(
            c.iid in frame.memo and (state.cards[c.card].cost or 0) == frame.number
            for ps in state.players
            for c in ps.deck
        )
    return condition_holds(state, frame.controller, source_card(state, frame), cond)


def prompt_actions(state: GameState) -> list[Action]:
    prompt = state.prompt
    assert prompt is not None
    if prompt.kind == "yes_no":
        return [
            Action(id="yes", kind="answer_yes", label=prompt.label),
            Action(id="no", kind="answer_no", label=prompt.label),
        ]
    if prompt.kind == "option":
        return [
            Action(id=f"option:{i}", kind="option", label=f"{prompt.label}: {prompt.labels[i]}") for i in prompt.options
        ]
    frame = state.pending[0]
    out = [
        Action(id=f"choose:{iid}", kind="choose", target=iid, label=f"{prompt.label}: {_name(state, iid)}")
        for iid in prompt.options
        if iid not in frame.picked
    ]
    if len(frame.picked) >= prompt.min:
        out.append(Action(id="choose:done", kind="choose_done", label=f"{prompt.label}: done"))
    return out


def _name(state: GameState, iid: int) -> str:
    if iid < 0:  # a cost-area DON!! card offered by "rest N of your cards" (``extra_costs``)
        return "an active DON!! card"
    for ps in state.players:
        for zone in (ps.field(), ps.hand, ps.deck, ps.trash, ps.life):
            for c in zone:
                if c.iid == iid:
                    return state.cards[c.card].name
    return str(iid)


def answer(state: GameState, action_id: str, ev: list[Event]) -> GameState:
    """Apply the prompted player's answer. A card choice is final when ``max`` cards are
    picked, no option is left, or the player says ``choose:done``."""
    prompt, frame = state.prompt, state.pending[0]
    assert prompt is not None
    state = state.model_copy(update={"prompt": None})
    if prompt.kind == "yes_no" and frame.pc == ("optional",):
        return _activate(state, frame) if action_id == "yes" else _head(state, None)
    if prompt.kind != "choose":
        yes_or_option = (1,) if action_id == "yes" else () if action_id == "no" else (int(action_id.split(":")[1]),)
        return _head(state, frame.model_copy(update={"picked": yes_or_option, "chosen": True}))
    if action_id != "choose:done":
        frame = frame.model_copy(update={"picked": frame.picked + (int(action_id.split(":")[1]),)})
        left = [o for o in prompt.options if o not in frame.picked]
        if len(frame.picked) < prompt.max and left:
            return _asking(state, frame, prompt)
    ev.append(
        Event(
            kind="chosen",
            player=prompt.player,
            data={"label": prompt.label, "picked": list(frame.picked)},
            private=("picked",),
        )
    )
    return _head(state, frame.model_copy(update={"chosen": True}))
