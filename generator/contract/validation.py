"""Build-time validation: every document the build writes is checked against its surface's model.

A document that breaks its model fails the build with the path and the first error, before any
file is swapped in, so a published file always matches the JSON Schema the OpenAPI document
states. pydantic-core's compiled validator runs once per document (``validate_python`` on the
plain data, no model instance kept); the cost is measured by ``bench/build.py``.
"""

from __future__ import annotations

from pydantic import ValidationError

from generator.web.surface import Result, Surface


class ContractError(Exception):
    """A rendered document does not match its surface's declared model."""


def check_result(surface: Surface, path: str, result: Result) -> None:
    answered = surface.answer_status  # a paused door's documented answer is its 503, a teapot's its 418
    if (
        surface.model is None
        or result.error is not None
        or result.status != answered
        or result.media_type
        or result.direct
    ):
        return
    try:
        surface.model.__pydantic_validator__.validate_python(result.data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "(document)"
        raise ContractError(f"{path} ({surface.id}) breaks {surface.model.__name__}: {where}: {first['msg']}") from None
