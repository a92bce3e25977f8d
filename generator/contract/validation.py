"""Build-time validation: every document the build writes is checked against its surface's model.

A document that breaks its model fails the build with the path and the first error, before any
file is swapped in, so a published file always matches the JSON Schema the OpenAPI document
states. That schema is what is checked: the model's JSON Schema (validation mode, by alias, as
OpenAPI publishes it), compiled once per model and process by jsonschema-rs, over the plain data
that is serialised as it is. It is ~2.8x cheaper than pydantic's validator, which builds a frozen
instance of every nested model only to drop it (19.5 vs 7.0 us a document over a sample of the
real build's routes, ``bench/validation.py``).

A document JSON has no type for (a binary file's bytes) is checked by pydantic alone, as before.
A model may hold a check JSON Schema does not see: a ``model_validator``. One whose rule the
model's ``json_schema_extra`` states too is marked ``stated_in_json_schema`` (the One Piece
numbers); a model holding any other also goes through pydantic, as every document did before, so
an unmarked validator is never skipped. ``tests/contract/test_validation.py`` checks that both
agree on every document of the synthetic build and refuse the same broken ones.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import jsonschema_rs
from pydantic import BaseModel, ValidationError

from generator.models.frozen import STATED
from generator.web.surface import Result, Surface


class ContractError(Exception):
    """A rendered document does not match its surface's declared model."""


@dataclass(frozen=True)
class ModelCheck:
    """How one model's documents are checked: its JSON Schema, and pydantic too when it holds a
    validator the schema does not state."""

    schema: jsonschema_rs.Validator
    pydantic_too: bool


def check_result(surface: Surface, path: str, result: Result) -> None:
    answered = surface.answer_status  # a paused door's documented answer is its 503, a teapot's its 418
    model = surface.model
    if model is None or result.error is not None or result.status != answered or result.media_type or result.direct:
        return
    check = model_check(model)
    try:
        valid = check.schema.is_valid(result.data)
    except ValueError:  # a value JSON has no type for (a binary file's bytes): pydantic's check alone
        valid = None
    problem = _schema_problem(check.schema, result.data) if valid is False else None
    if valid is None or (problem is None and check.pydantic_too):
        problem = _pydantic_problem(model, result.data)
    if problem is not None:
        raise ContractError(f"{path} ({surface.id}) breaks {model.__name__}: {problem}")


@cache  # per model class and process (each render worker compiles the models it meets, once)
def model_check(model: type[BaseModel]) -> ModelCheck:
    schema = jsonschema_rs.validator_for(model.model_json_schema(by_alias=True), validate_formats=True)
    return ModelCheck(schema, next(unstated_validators(model), None) is not None)


def unstated_validators(model: type[BaseModel]) -> Iterator[Any]:
    """The Python functions pydantic runs when validating ``model`` (model and field validators,
    nested models' included) that are not marked ``stated_in_json_schema``."""
    stack: list[Any] = [model.__pydantic_core_schema__]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            kind = node.get("type")
            if isinstance(kind, str) and kind.startswith("function-"):
                function = node["function"]["function"]
                if not getattr(function, STATED, False):
                    yield function
            stack.extend(v for k, v in node.items() if k not in ("metadata", "serialization", "cls", "function"))
        elif isinstance(node, list | tuple):
            stack.extend(node)


def _schema_problem(schema: jsonschema_rs.Validator, data: Any) -> str:
    error = next(schema.iter_errors(data))
    return f"{_where(error.instance_path)}: {error.message}"


def _pydantic_problem(model: type[BaseModel], data: Any) -> str | None:
    try:
        model.__pydantic_validator__.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        return f"{_where(first['loc'])}: {first['msg']}"
    return None


def _where(location: Any) -> str:
    return ".".join(str(part) for part in location) or "(document)"
