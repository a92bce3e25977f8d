"""generator.web.body: the one strict JSON body reader of every POST handler."""

from __future__ import annotations

import pytest

from generator.play.decks.request import DECK_BODY_BYTES, DeckRequest
from generator.play.protocol.practice import PracticeError, parse
from generator.web.body import BodyError, json_object
from generator.web.surface import Result
from generator.web.validate import read_body


@pytest.mark.parametrize(
    "body, code",
    [
        (b'{"op": "move", "op": "new"}', "duplicate_key"),
        (b'{"deck": {"leader_id": "a", "leader_id": "b"}}', "duplicate_key"),
        (b'{"a": [{"k": 1, "k": 1}]}', "duplicate_key"),
        (b"x" * 101, "body_too_large"),
        (b'{"a": "\xff"}', "not_utf8"),
        (b'{"a": NaN}', "not_json"),
        (b'{"a": "\\ud800"}', "not_json"),
        (b"[1, 2]", "not_an_object"),
    ],
)
def test_a_refused_body_names_its_first_problem(body: bytes, code: str) -> None:
    with pytest.raises(BodyError) as refused:
        json_object(body, 100)
    assert refused.value.code == code


def test_the_same_key_in_sibling_objects_and_colons_in_strings_are_fine() -> None:
    body = b'{"a": [{"k": 1}, {"k": 2}], "b": "x:y:z"}'
    assert json_object(body, 100) == {"a": [{"k": 1}, {"k": 2}], "b": "x:y:z"}


def test_the_referee_and_the_deck_validator_refuse_a_repeated_member() -> None:
    """The fuzzing pass's case: {"op":"move","op":"new"} used to start a new game."""
    with pytest.raises(PracticeError) as practice:
        parse(b'{"op": "move", "op": "new", "level": 1}')
    assert practice.value.code == "duplicate_key"
    deck = read_body(
        b'{"leader_id": "OP01-001", "leader_id": "OP01-002", "main_deck_card_ids": [], "format": "standard"}',
        DeckRequest,
        DECK_BODY_BYTES,
    )
    assert isinstance(deck, Result) and deck.error is not None and deck.error[0] == "duplicate_key"
