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
numbers); one of the document's own model that reads the plain document is marked
``checks_the_document`` and runs on it directly (a reader page's heading starts with the printed
name it marks); a model holding any other also goes through pydantic, as every document did before,
so an unmarked validator is never skipped. ``tests/contract/test_validation.py`` checks that both
agree on every document of the synthetic build and refuse the same broken ones.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import jsonschema_rs
from pydantic import BaseModel, ValidationError

from generator.models.frozen import CHECKS_THE_DOCUMENT, STATED
from generator.web.surface import Result, Surface


class ContractError(Exception):
    """A rendered document does not match its surface's declared model."""


@dataclass(frozen=True)
class ModelCheck:
    """How one model's documents are checked: its JSON Schema, the model's own checks of the plain
    document, and pydantic too when it holds a validator neither states."""

    schema: jsonschema_rs.Validator
    pydantic_too: bool
    document_checks: tuple[Callable[[Any], Any], ...] = ()


def check_result(surface: Surface, path: str, result: Result) -> None:
    answered = surface.answer_status  # a paused door's documented answer is its 503, a teapot's its 418
    if surface.upstream and result.error is None and result.status == 200 and not result.provenance.sources:
        raise ContractError(f"{path} ({surface.id}) is declared upstream, and its answer names no source")
    model = surface.model
    if model is None or result.error is not None or result.status != answered or result.media_type or result.direct:
        return
    check = model_check(model)
    try:
        valid = check.schema.is_valid(result.data)
    except ValueError:  # a value JSON has no type for (a binary file's bytes): pydantic's check alone
        valid = None
    problem = _schema_problem(check.schema, result.data) if valid is False else None
    if valid and check.document_checks:
        problem = _document_problem(check.document_checks, result.data)
    if valid is None or (problem is None and check.pydantic_too):
        problem = _pydantic_problem(model, result.data)
    if problem is not None:
        raise ContractError(f"{path} ({surface.id}) breaks {model.__name__}: {problem}")


@cache  # per model class and process (each render worker compiles the models it meets, once)
def model_check(model: type[BaseModel]) -> ModelCheck:
    schema = jsonschema_rs.validator_for(model.model_json_schema(by_alias=True), validate_formats=True)
    own = document_checks(model)
    unchecked = [function for function in unstated_validators(model) if function not in own]
    return ModelCheck(schema, bool(unchecked), own)


def document_checks(model: type[BaseModel]) -> tuple[Callable[[Any], Any], ...]:
    """The validators marked ``checks_the_document`` that pydantic runs on ``model``'s input itself
    (its ``before`` validators, outermost first); a marked one of a nested model is not among them,
    so it goes through pydantic (it would see a member, not the document)."""
    found = []
    node = model.__pydantic_core_schema__
    node = node.get("schema", {}) if node.get("type") == "model" else {}
    while node.get("type") == "function-before":
        function = node["function"]["function"]
        if getattr(function, CHECKS_THE_DOCUMENT, False):
            found.append(function)
        node = node.get("schema", {})
    return tuple(found)


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


def _document_problem(checks: tuple[Callable[[Any], Any], ...], data: Any) -> str | None:
    for check in checks:
        try:
            check(data)
        except ValueError as exc:
            return f"(document): {exc}"
    return None


def _pydantic_problem(model: type[BaseModel], data: Any) -> str | None:
    try:
        model.__pydantic_validator__.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        return f"{_where(first['loc'])}: {first['msg']}"
    return None


def _where(location: Any) -> str:
    return ".".join(str(part) for part in location) or "(document)"
