"""Every worked example of the tutorial, replayed by a referee run (issue 4: "examples that a
referee run would reproduce"): the game examples through the real engine, the deck-building ones
through the deck validator.

The expectations are the tutorial's own (``content/play/tutorial.yaml``), the results the engine's;
``tests/play/replay.py`` (the ``replay`` fixture) only translates between a partial snapshot and an engine state. Each
example is one test case, named by its id.
"""

from __future__ import annotations

import pytest

from generator.play.decks.rules import load_rules
from generator.play.rulebook.models import load_play_content

EXAMPLES = [e for s in load_play_content().tutorial.sections for e in s.worked_examples]


@pytest.fixture(scope="module")
def rules():
    return load_rules()


def test_game_and_deck_examples_legal_and_refused_are_all_here():
    assert {(e.state_before.kind, e.legal) for e in EXAMPLES} == {("game", True), ("game", False), ("deck", True)}


@pytest.mark.real_data
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_the_engine_reproduces_the_worked_example(example, real_cards, rules, replay):
    run = replay(example, real_cards, rules)
    assert run.start == run.before, "the engine was not set up as state_before says"
    if example.legal:
        assert run.refused is None, f"the engine refuses the action: {run.refused}"
    else:
        assert run.refused is not None, "the engine takes an action the rules refuse"
    assert run.actual == run.expected
