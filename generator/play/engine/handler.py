"""The handler protocol every compiled action and activation cost shares, in a module of its own so
that each handler module (``field_actions``, ``card_moves``, ``effect_actions``, the costs...)
imports it from below instead of from one another.

A handler takes (state, frame, node, ev) and returns a ``Result``: (state, frame, prompt). A prompt
means the step needs a choice first (4-8, 8-4-4): the interpreter asks it and calls the handler
again with ``frame.chosen`` set; ``replacement.OFFERED`` means the owners' replacement effects were
queued ahead of the step, which runs again once they are answered. Actions do as much as they can
(1-3-2).

Each handler names the node class it runs (``Draw``, ``RestDon``...); the tables that dispatch on
``kind`` (``interpret.ACTIONS``, ``activation_costs``) hold handlers of many node classes, so a
table's value type is ``Handler``, which leaves the node's class to the handler's own signature
(tests/play/test_engine_handlers.py checks that each table key is the ``kind`` of the class its
handler takes).
"""

from __future__ import annotations

from collections.abc import Callable

from generator.play.engine.state import CardInstance, Frame, GameState, Prompt
from generator.play.engine.zones import field_card

Result = tuple[GameState, Frame, Prompt | None]
Handler = Callable[..., Result]


def source_card(state: GameState, frame: Frame) -> CardInstance:
    """The effect's card on the field, or a stand-in when it is elsewhere (an Event in the trash,
    a revealed [Trigger])."""
    return field_card(state, frame.controller, frame.source) or CardInstance(iid=frame.source, card=frame.card)
