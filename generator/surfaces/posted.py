"""A POST's JSON body, read the one way every handler reads it.

``generator.body.json_object`` says what is wrong with the bytes; this turns that, and a model's
validation errors, into the shared answers: 413 over the method's limit (the app did not keep the
body, or it is longer than ``limit``), 400 with the first byte-level problem, or 400 listing every
field problem under the handler's own error code.
"""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from generator.body import BodyError, json_object
from generator.surfaces.registry import Context, Result, error

Model = TypeVar("Model", bound=BaseModel)


def read_json(ctx: Context, limit: int, describe: str = "a JSON object") -> dict[str, Any] | Result:
    body = ctx.request.body if ctx.request else None
    if body is None:
        return error(413, "body_too_large", f"The body is over {limit} bytes.")
    try:
        return json_object(body, limit, describe)
    except BodyError as bad:
        return error(413 if bad.code == "body_too_large" else 400, bad.code, bad.message)


def problems(exc: ValidationError, whole: str = "body") -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or whole}: {e['msg']}" for e in exc.errors())


def read_model(
    ctx: Context, model: type[Model], limit: int, code: str = "invalid_body", prefix: str = "", suffix: str = ""
) -> Model | Result:
    document = read_json(ctx, limit)
    if isinstance(document, Result):
        return document
    try:
        return model.model_validate(document)
    except ValidationError as bad:
        return error(400, code, f"{prefix}{problems(bad)}{suffix}")
