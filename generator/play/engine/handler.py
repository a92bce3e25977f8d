"""The handler protocol every compiled action and activation cost shares, in a module of its own so
that each handler module (``field_actions``, ``card_moves``, ``effect_actions``, the costs...)
imports it from below instead of from one another.

A handler takes (state, frame, node, ev) and returns a ``Result``: (state, frame, prompt). A prompt
means the step needs a choice first (4-8, 8-4-4): the interpreter asks it and calls the handler
again with ``frame.chosen`` set; ``replacement.OFFERED`` means the owners' replacement effects were
queued ahead of the step, which runs again once they are answered. Actions do as much as they can
(1-3-2).

Each handler names the node class it runs (``Draw``, ``RestDon``...). The tables that dispatch on
``kind`` (``interpret.ACTIONS``, ``activation_costs``) hold handlers of many node classes, so a
table's value type, ``Handler``, leaves the node's class open; each row is made by ``entry``, which
takes the key from the node class and has the type checker confirm that the handler takes that
class, so a table cannot send a node to a handler written for another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from generator.play.effects.model_base import Node
from generator.play.engine.state import CardInstance, Event, Frame, GameState, Prompt
from generator.play.engine.zones import field_card

Result = tuple[GameState, Frame, Prompt | None]
Handler = Callable[..., Result]
N = TypeVar("N", bound=Node)


def kind_of(node: type[Node]) -> str:
    """The ``kind`` discriminator a node class carries (its one default value)."""
    kind = node.model_fields["kind"].default
    assert isinstance(kind, str), f"{node.__name__} has a kind"
    return kind


def entry(node: type[N], handler: Callable[[GameState, Frame, N, list[Event]], Result]) -> tuple[str, Handler]:
    """One row of a dispatch table: ``node``'s kind and the handler that runs that class."""
    return kind_of(node), handler


def source_card(state: GameState, frame: Frame) -> CardInstance:
    """The effect's card on the field, or a stand-in when it is elsewhere (an Event in the trash,
    a revealed [Trigger])."""
    return field_card(state, frame.controller, frame.source) or CardInstance(iid=frame.source, card=frame.card)
