"""Small decisions the rules leave to a player in the middle of an effect, asked as prompts.

Why prompts and not fixed answers: "draw up to N" lets a player stop after each card (4-5-4),
"up to N" lets them pick any number from 0 to N (4-8-1, 1-3-5-1), "top or bottom" is theirs to
say, cards placed together go in the order their owner decides (3-1-7), DON!! -X returns
DON!! the player selects from their Leader, Characters and cost area (8-3-1-6, 10-2-10-1), and
effects of one player that activate together resolve in the order that player picks
(6-6-1-1-3; ``order_together``).

Every question here is an ``option`` prompt whose FIRST offered answer is the default: what a
player who does not care would do (and what the engine did before it asked). The rule-of-thumb
AI answers an option prompt with its first action (``ai.sim.answer_prompt``), so it uses the
default; the searching levels judge every answer by simulation like any other prompt.

A question is asked only when the answers differ: no prompt for "up to 0", for one DON!! source,
or for fewer than two cards to order. Each helper returns ``(answer, None)`` once the frame
carries the answer, else ``(None, prompt)``; the caller stores any progress in the frame
before it asks again, because the answer is written over ``picked``.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.play.engine.state import Frame, GameState, Prompt


def ask_option(
    frame: Frame, player: int, labels: Sequence[str], label: str, default: int = 0
) -> tuple[int | None, Prompt | None]:
    """One of ``labels`` (answered by its index), the ``default`` one offered first."""
    if frame.chosen:
        return frame.picked[0], None
    order = (default, *(i for i in range(len(labels)) if i != default))
    return None, Prompt(player=player, kind="option", options=order, labels=tuple(labels), min=1, label=label)


def answered(frame: Frame) -> Frame:
    """The frame once its answer has been used, ready for the next question of the same step."""
    return frame.model_copy(update={"picked": (), "chosen": False})


def how_many(frame: Frame, player: int, most: int, label: str) -> tuple[int | None, Prompt | None]:
    """A number from 0 to ``most`` for an "up to" (4-8-1); the default is ``most``. No
    question when ``most`` is 0 (1-3-2-2)."""
    if most <= 0:
        return 0, None
    labels = [str(k) for k in range(most + 1)]
    return ask_option(frame, player, labels, f"{label}: how many (up to {most})?", default=most)


def top_or_bottom(frame: Frame, player: int, label: str, default_top: bool) -> tuple[bool | None, Prompt | None]:
    """True for the top, False for the bottom ("top or bottom" is the player's choice)."""
    answer, prompt = ask_option(frame, player, ("top", "bottom"), label, default=0 if default_top else 1)
    return (None if answer is None else answer == 0), prompt


def order_of(frame: Frame, player: int, names: Sequence[str], label: str) -> tuple[int | None, Prompt | None]:
    """Which of the cards still to place comes next (3-1-7): an index into ``names``, asked
    only while two or more are left; the default keeps the order they were in."""
    if len(names) < 2:
        return 0, None
    return ask_option(frame, player, [f"{name} next" for name in names], label)


def _group(state: GameState) -> list[Frame]:
    """The effects at the head of the queue that activated together and none has started."""
    head = state.pending[0]
    group = [head]
    for f in state.pending[1:]:
        if not f.together or f.controller != head.controller or f.pc != ("start",):
            break
        group.append(f)
    return group if head.pc == ("start",) else [head]


def order_together(state: GameState) -> GameState:
    """Effects of one player that activate at the same time resolve in the order that player
    chooses (6-6-1-1-3 and 6-6-1-1-4 for the End Phase; 8-6-1-1 takes the choice as given):
    before the first of them resolves, its controller is asked which goes first, and again for
    the rest. The default keeps the order of their cards on the field."""
    group = _group(state) if state.pending else []
    if len(group) < 2:
        return state
    head = group[0]
    if not head.chosen:
        labels = [f"{state.cards[f.card].name} ({f.source}): {_timing(state, f)}" for f in group]
        asked = ask_option(head, head.controller, labels, "effects activated together: which resolves first?")[1]
        return state.model_copy(update={"prompt": asked})
    first = group[head.picked[0]]
    rest = [f for f in group if f is not first]
    reset = {"picked": (), "chosen": False}
    ordered = (
        first.model_copy(update={**reset, "together": False}),
        rest[0].model_copy(update={**reset, "together": False}),
        *(f.model_copy(update=reset) for f in rest[1:]),
    )
    return state.model_copy(update={"pending": ordered + state.pending[len(group) :]})


def _timing(state: GameState, frame: Frame) -> str:
    comp = state.compiled[frame.card]
    eff = comp.trigger if frame.effect == -1 else comp.effects[frame.effect]
    return "[Trigger]" if eff is None else eff.timing.replace("_", " ")
