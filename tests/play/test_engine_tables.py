"""The engine's dispatch tables cover the effect model: every cost kind can be checked and paid, and
every action kind is run by a handler, is a block, or is read where it applies. (The type checker
confirms that each row's handler takes the node class whose kind keys it: ``handler.entry``.)"""

from __future__ import annotations

from typing import get_args

from generator.play.effects.model import Action, Cost
from generator.play.effects.model_base import Node
from generator.play.engine import activation_costs, interpret, payable, support
from generator.play.engine.handler import kind_of


def _kinds(union: object) -> set[str]:
    classes: tuple[type[Node], ...] = get_args(get_args(union)[0])
    return {kind_of(c) for c in classes}


def test_every_cost_kind_has_a_check_and_a_payment() -> None:
    costs = _kinds(Cost)
    assert set(payable.CHECKS) == costs
    assert costs == activation_costs.KINDS


def test_every_action_kind_is_handled_once() -> None:
    actions = _kinds(Action)
    handled, blocks, read = set(interpret.ACTIONS), set(interpret.BLOCKS), set(support.READ_KINDS)
    assert handled | blocks | read == actions
    assert not handled & blocks and not handled & read and not blocks & read
