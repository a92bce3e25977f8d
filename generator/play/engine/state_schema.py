"""The published game-state contract (``GET /api/v1/play/game-state-schema``), from the models.

Why generated: a hand-written schema drifts from the engine. The document is the JSON Schema of
``GameState`` (the root: a sealed practice state validates against it), with the JSON Schema of
``PlayerView`` (what a player is served, ``#/$defs/PlayerView``) and of ``GameRules`` (the
rules' numbers the state obeys, ``#/$defs/GameRules``) in its ``$defs``. The rules' numbers are
typed as ``Literal`` so their schema states them as ``const`` and ``enum``; the ``rules``
member is that model's one value, and ``rules_schema`` and ``view_schema`` point at the
definitions to validate with.

Where the spec's "Play module data" and the Comprehensive Rules differ, the document follows the
rules and says so in ``GameRules.differences_from_spec`` (the spec's own wording, the rules').
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.play.engine.state import DON_PER_PLAYER, MAX_CHARACTERS, GameState
from generator.play.engine.state_rules import RULES, GameRules
from generator.play.engine.view_model import PlayerView

KIND = "play_game_state_schema"
JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
DESCRIPTION = (
    "The referee's game state (root), what each player is served (#/$defs/PlayerView) and the rules' "
    f"numbers the state obeys (#/$defs/GameRules, value in `rules`): nine zones per player (3-1-1), "
    f"a Character area of at most {MAX_CHARACTERS} (3-7-6) and a Stage area of at most 1 (3-8-5), "
    f"{DON_PER_PLAYER} DON!! each. Follows the Comprehensive Rules 1.2.0 where the spec differs: see "
    "rules.differences_from_spec."
)


class _SchemaHead(BaseModel):
    """The members the document adds to ``GameState``'s schema, typed so they are checked too."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["play_game_state_schema"] = Field(alias="@kind")
    dialect: Literal["https://json-schema.org/draft/2020-12/schema"] = Field(alias="$schema")
    description: str
    rules: GameRules
    rules_schema: Literal["#/$defs/GameRules"]
    view_schema: Literal["#/$defs/PlayerView"]


def _defs(model: type[BaseModel]) -> dict[str, Any]:
    """``model``'s schema as ``$defs`` entries: its own definitions plus itself."""
    schema = model.model_json_schema(ref_template="#/$defs/{model}")
    defs = schema.pop("$defs", {})
    return {**defs, model.__name__: schema}


def game_state_schema() -> dict[str, Any]:
    """The contract document: ``GameState``'s JSON Schema with the head members and the
    ``PlayerView`` and ``GameRules`` definitions. A name defined twice must mean the same
    schema (``Result`` is in both the state and the view), else the merge would hide one."""
    root = GameState.model_json_schema(ref_template="#/$defs/{model}")
    defs = dict(root.pop("$defs", {}))
    for model in (PlayerView, GameRules):
        for name, schema in _defs(model).items():
            if defs.get(name, schema) != schema:
                raise ValueError(f"two different schemas are both named {name!r}")
            defs[name] = schema
    head = _SchemaHead.model_validate(
        {
            "@kind": KIND,
            "$schema": JSON_SCHEMA_DIALECT,
            "description": DESCRIPTION,
            "rules": RULES,
            "rules_schema": "#/$defs/GameRules",
            "view_schema": "#/$defs/PlayerView",
        }
    )
    return {**head.model_dump(mode="json", by_alias=True), **root, "$defs": dict(sorted(defs.items()))}
