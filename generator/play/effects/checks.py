"""Checks on a compiled effect that the tables cannot make one clause at a time: "that card" only
after the effect picked or revealed one, and "... at the end of this turn" only as the effect's
last part. A failed check leaves the effect unparsed (``Unparsed``), like any fragment no table
understands."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from generator.play.effects import model as m_


class Unparsed(Exception):
    """A fragment of text no table understands; carries the fragment for the report."""

    def __init__(self, fragment: str) -> None:
        super().__init__(fragment)
        self.fragment = fragment.strip()


_MEMO_READERS = (m_.TakeRevealed, m_.PlaceRevealed)


def _nested(a: m_.Action) -> tuple[tuple[m_.Action, ...], ...]:
    """The action sequences inside a block: its actions, or a ``ChooseOne``'s options."""
    if isinstance(a, (m_.If, m_.May, m_.AtEndOfTurn)):
        return (a.actions,)
    if isinstance(a, m_.ChooseOne):
        return a.options
    return ()


def check_memo(body: str, actions: list[m_.Action]) -> None:
    """ "that card", "the revealed card", "the rest": only after the effect revealed cards."""
    revealed = False

    def walk(seq: Iterable[m_.Action]) -> None:
        nonlocal revealed
        for a in seq:
            target: m_.Target | None = getattr(a, "target", None)  # the actions that pick cards have one
            reads = (
                isinstance(a, _MEMO_READERS)
                or (isinstance(a, m_.If) and any(isinstance(c, m_.RevealedIs) for c in a.conditions))
                or (target is not None and target.who == "memo")
            )
            if reads and not revealed:
                raise Unparsed(body)
            if isinstance(a, m_.RevealTop) or (target is not None and target.who not in ("memo", "self_card")):
                revealed = True
            for nested in _nested(a):
                walk(nested)

    walk(actions)


def check_delayed(body: str, actions: Sequence[m_.Action]) -> bool:
    """ "... at the end of this turn" must end the effect, at every level it is nested in (its
    part resumes in the End Phase and the effect ends with it). True when ``actions`` hold one."""
    found = False
    for i, a in enumerate(actions):
        inner = isinstance(a, m_.AtEndOfTurn) or any(check_delayed(body, seq) for seq in _nested(a))
        if inner and i != len(actions) - 1:
            raise Unparsed(body)
        found = found or inner
    return found
